"""UBike Tour's table: the map of Taiwan with every journey, the five rows, the hand and the
choices of the seat to act, and each seat's journey and storage in the side panel.

Everything drawn comes from the viewer's `view` (per-seat lists such as `journeys[seat]`, and
`scenery_storage[seat]` / `opportunities[seat]` for the viewer only, counts for everyone);
clicks become actions from `legal_actions()`. Cards that move between two views fly from
their old place to the new.
"""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Hashable, Sequence

import pygame

from game import assets
from game.core.board import BoardError, load_board
from game.core.protocol import Action
from game.ui import theme
from game.ui.anim import Motion, ease_in_out, lerp_point
from game.table.frame import GameScene
from game.table.layout import BOARD, SIDE
from game.table.panel import ChoicePanel, row_of_choices
from game.table.picker import Picker
from game.ui.icons import icon

from . import art
from .rules import (CARDS, DISCARD, JOURNEY_LENGTH, OPPORTUNITIES, OVER, PLACE,
                    STORAGE_FOR_OPPORTUNITY, TURN, DiscardRow, EndSchedule, Pass, PlayCard, Search,
                    TakeRow, card_label)

MAP = pygame.Rect(16, 80, 720, 720)
PILES = pygame.Rect(16, 812, 720, 252)
ROWS = pygame.Rect(752, 80, 630, 600)
HAND = pygame.Rect(752, 692, 630, 372)
ROW_H = 118
ROW_CARD = (80, 108)
HAND_CARD = (116, 160)
MINI = (48, 62)
DECK_RECT = pygame.Rect(PILES.x + 24, PILES.y + 56, 96, 132)
DISCARD_RECT = pygame.Rect(PILES.x + 150, PILES.y + 56, 96, 132)
OPP_DECK_RECT = pygame.Rect(PILES.x + 276, PILES.y + 56, 96, 132)
FLY_TIME = 0.42
PIN_R = 13                                  # a pin's paper disc on the map (its dark ring: 2 more)
MARKER_R = 11                               # a ride's bike marker on the map
BADGE, BADGE_PUSH = 18, 4                   # a cyclist's badge beside its pin, and how far out
THINKING_SIZE = (84, 30)                # a thinking bot's three dots, after the hand's heading
TITLE_W = HAND.width - 40 - THINKING_SIZE[0] - 12
NEW_MARK = pygame.Color("#f4f1ea")          # outlines what the last Search placed
HOLDINGS_W = 600                            # the viewer's own cards, shown beside their panel
OPP_ROW_H = 84
OPP_LEFT = 250                              # the viewer's opportunity cards stay right of their name
PAY_X = HAND.x + HAND_CARD[0] + 44     # the ways to pay: rows of buttons beside the card paid for
PAY_TOP, PAY_H, PAY_GAP = 92, 40, 8
SEARCH_HOLD = 2.2     # seconds the searcher sees where the cards went before the curtain


MAIN_BUTTON_W = 280   # Search, Pass and End Schedule: one width, whatever the label says


class UBikeScene(GameScene):
    def build_board(self) -> None:
        #: a card of the hand, then how to pay its bikes: the legal PlayCards narrowed click by
        #: click (the table kit's picker); `selected` is the card picked, waiting for a payment
        self.payment: Picker[PlayCard] = Picker([], steps=(lambda a: a.card, lambda a: a.pay))
        self.in_flight: set[int] = set()        # cards drawn by motions, not by the layers
        self.flash: dict[str, Any] = {}         # what a bot just did, highlighted a moment
        self.choices = ChoicePanel(self)     # the buttons of the current choice
        self.map_image, self.pins, self.bike_route = self._load_map()
        self.add_layer(MAP, self._render_map, self._map_signature, alpha=False)
        self.add_layer(PILES, self._render_piles, self._piles_signature)
        self.add_layer(ROWS, self._render_rows, self._rows_signature)
        self.add_layer(HAND, self._render_hand, self._hand_signature)
        self._sync_buttons()

    # ---- the map --------------------------------------------------------------------------
    def _load_map(self):
        try:
            board = load_board(assets.path("maps", "ubike.tmx"))
            pins = {int(n.props.get("pin", n.key)): (n.x, n.y, n.props) for n in board.nodes.values()}
            route = [e.points for e in board.edges]
            return self.board_picture(board, "ubike.tmx"), pins, route
        except (BoardError, OSError, pygame.error) as exc:
            image = self.plain_board(exc, MAP.size)
            pins = {p: (80 + (p - 1) % 5 * 140, 100 + (p - 1) // 5 * 220, {}) for p in range(1, 16)}
            return image, pins, []

    def pin_pos(self, distance: int, seat: int | None = None) -> tuple[float, float]:
        x, y, _ = self.pins.get(distance, (MAP.width / 2, MAP.height / 2, {}))
        if seat is not None:
            angle = seat * math.pi / 2 + math.pi / 4
            x += 7 * math.cos(angle)
            y += 7 * math.sin(angle)
        return x, y

    def _map_signature(self) -> Hashable:
        v = self.view
        return (tuple(tuple(j) for j in v["journeys"]), tuple(tuple(m) for m in v["markers"]),
                self.hover, self.selected, self.view["phase"], self.is_my_turn(),
                frozenset(self.in_flight))

    def _render_map(self, surface: pygame.Surface) -> None:
        surface.blit(self.map_image, (0, 0))
        for points in self.bike_route:   # the main cycling route, faint
            if len(points) > 1:
                pygame.draw.lines(surface, (150, 130, 100), False, points, 2)
        journeys = self.view["journeys"]
        focus = self.hover[1] if isinstance(self.hover, tuple) and self.hover[0] == "seat" else None
        order = sorted(range(len(journeys)), key=lambda s: (s == focus, s == self.viewer))
        spots = self.cyclist_spots()
        taken = [self.badge_rect(spot) for spot in spots.values()]   # and then each marker placed
        wheels: list[tuple[tuple[float, float], pygame.Color]] = []
        for seat in order:
            journey = [c for c in journeys[seat] if c not in self.in_flight]
            colour = theme.seat_colour(self.ctx.seats[seat].colour)
            width = 6 if seat == focus else 4
            points = [self.pin_pos(CARDS[c].distance, seat) for c in journey]
            markers = set(self.view["markers"][seat])
            for i in range(1, len(points)):
                a, b = points[i - 1], points[i]
                if a == b:
                    continue
                pygame.draw.line(surface, (30, 30, 30), a, b, width + 3)
                pygame.draw.line(surface, colour, a, b, width)
                if i in markers:
                    mid = self.marker_pos(a, b, taken)
                    taken.append(pygame.Rect(round(mid[0]) - MARKER_R, round(mid[1]) - MARKER_R,
                                             2 * MARKER_R, 2 * MARKER_R))
                    wheels.append((mid, colour))
        for mid, colour in wheels:       # the bike markers above every journey's lines
            pygame.draw.circle(surface, (30, 30, 30), mid, MARKER_R)
            wheel = icon("wheel", 18, colour)
            surface.blit(wheel, wheel.get_rect(center=(round(mid[0]), round(mid[1]))))
        # pins, with the ones a chosen card could reach highlighted
        targets = self._target_distances()
        for pin, (x, y, _props) in sorted(self.pins.items()):
            target = pin in targets
            r = PIN_R + 2 if target else PIN_R
            if target:
                theme.glow_outline(surface, pygame.Rect(x - r - 3, y - r - 3, 2 * r + 6, 2 * r + 6),
                                   radius=r + 3, width=3)
            pygame.draw.circle(surface, (35, 35, 38), (x, y), r + 2)
            pygame.draw.circle(surface, theme.PAPER, (x, y), r)
            theme.draw_text(surface, str(pin), (x, y), 17, theme.INK, bold=True, anchor="center")
        # where each cyclist is now, beside its pin
        for seat, (x, y) in sorted(spots.items(), key=lambda item: order.index(item[0])):
            theme.draw_seat_badge(surface, self.ctx.seats[seat].colour, (round(x), round(y)), BADGE)
        pygame.draw.rect(surface, theme.LINE, surface.get_rect(), 2)

    def cyclist_spots(self) -> dict[int, tuple[float, float]]:
        """Where each cyclist's badge stands (map pixels): in the free spot the map keeps beside
        its last pin (`label_dx`, `label_dy`: clear of the names, the other pins and their
        spots), pushed out a little from the pin; several cyclists at one pin side by side
        there, then further out, each clear of every pin and of the other badges."""
        at: dict[int, list[int]] = {}
        for seat, journey in enumerate(self.view["journeys"]):
            journey = [c for c in journey if c not in self.in_flight]
            if journey:
                at.setdefault(CARDS[journey[-1]].distance, []).append(seat)
        spots: dict[int, tuple[float, float]] = {}
        for pin, seats in sorted(at.items()):
            x, y, props = self.pins.get(pin, (MAP.width / 2, MAP.height / 2, {}))
            dx, dy = int(props.get("label_dx", 18)), int(props.get("label_dy", -18))
            length = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length, dy / length
            step = BADGE + 8
            places = [(x + ux * (length + BADGE_PUSH + out * step) - uy * side * step,
                       y + uy * (length + BADGE_PUSH + out * step) + ux * side * step)
                      for out in range(4) for side in (0, 1, -1, 2, -2)]
            for seat in seats:
                spots[seat] = next((p for p in places if self._badge_fits(p, spots.values())), places[0])
        return spots

    def badge_rect(self, centre: tuple[float, float]) -> pygame.Rect:
        """The map area a cyclist's badge (with its dark outline) covers."""
        rect = pygame.Rect(0, 0, BADGE + 6, BADGE + 6)
        rect.center = (round(centre[0]), round(centre[1]))
        return rect

    def _badge_fits(self, centre: tuple[float, float], others) -> bool:
        rect = self.badge_rect(centre)
        return (MAP.move(-MAP.x, -MAP.y).inflate(-8, -8).contains(rect)
                and not any(rect.colliderect(self.badge_rect(o)) for o in others)
                and all(_rect_gap(rect, (px, py)) > PIN_R + 2 for px, py, _p in self.pins.values()))

    def marker_pos(self, a: tuple[float, float], b: tuple[float, float],
                   taken: Sequence[pygame.Rect] = ()) -> tuple[float, float]:
        """Where a ride's bike marker sits on the line from a to b: its middle, or the nearest
        point along it that keeps the marker off every pin and off what is `taken` (the
        cyclists' badges, the markers already drawn); off the pins at least, on a line too
        short for both."""
        along = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in (0.5, 0.4, 0.6, 0.3, 0.7)]
        off_pins = [p for p in along
                    if all(math.dist(p, (x, y)) > PIN_R + MARKER_R + 2 for x, y, _p in self.pins.values())]
        clear = [p for p in off_pins if all(_rect_gap(rect, p) > MARKER_R + 1 for rect in taken)]
        return (clear or off_pins or along)[0]

    def _target_distances(self) -> set[int]:
        if not self.is_my_turn() or self.view["phase"] != PLACE:
            return set()
        hovered = self.hover[1] if isinstance(self.hover, tuple) and self.hover[0] == "hand" else self.selected
        if hovered is None:
            return set()
        return {CARDS[hovered].distance}

    # ---- piles ------------------------------------------------------------------------------
    def _piles_signature(self) -> Hashable:
        v = self.view
        return (v["deck_count"], v["discard_count"], v["opp_deck_count"], len(v["opp_discard"]),
                v["round"], v["start_player"], ("deck",) in self.glowing, self.hover == ("deck",))

    def _render_piles(self, surface: pygame.Surface) -> None:
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        v = self.view
        start = self.name(v["start_player"])
        theme.draw_text(surface, f"Round {v['round']}  ·  {start} started", (24, 16), theme.SIZE_BODY,
                        theme.TEXT, bold=True)
        for pile_rect, label, count, back in (
                (DECK_RECT, "Deck", v["deck_count"], True),
                (DISCARD_RECT, "Discard", v["discard_count"], True),
                (OPP_DECK_RECT, "Opportunity", v["opp_deck_count"], False)):
            local = pile_rect.move(-PILES.x, -PILES.y)
            if count:
                for k in range(min(3, (count + 9) // 10)):
                    img = art.card_back(local.width, local.height) if back else self._opp_back(local.size)
                    surface.blit(img, local.move(-2 * k, -2 * k))
            else:
                pygame.draw.rect(surface, theme.LINE, local, 2, border_radius=10)
            if pile_rect is DECK_RECT and ("deck",) in self.glowing:   # a click Searches
                theme.glow_outline(surface, local.inflate(4, 4), radius=12, width=self.glow_width(("deck",)))
            theme.draw_text(surface, f"{label}", (local.centerx, local.bottom + 8), theme.SIZE_SMALL,
                            theme.TEXT_DIM, anchor="midtop")
            theme.draw_text(surface, str(count), (local.centerx, local.bottom + 32), theme.SIZE_BODY,
                            theme.TEXT, bold=True, anchor="midtop")
        # the scenery types, so the icons read at a glance
        x, y = 410, 60
        for key, info in art.TYPES.items():
            pygame.draw.rect(surface, art.type_colour(key), (x, y, 34, 34), border_radius=6)
            img = icon(art.TYPE_ICONS[key], 26, theme.TEXT)
            surface.blit(img, img.get_rect(center=(x + 17, y + 17)))
            theme.draw_text(surface, info["label"], (x + 46, y + 17), theme.SIZE_SMALL, theme.TEXT,
                            anchor="midleft", max_width=250)
            y += 44

    def _opp_back(self, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (20, 22, 26), surf.get_rect(), border_radius=10)
        pygame.draw.rect(surf, pygame.Color("#6a4b8a"), surf.get_rect().inflate(-2, -2), border_radius=10)
        img = icon("wheel", int(size[0] * 0.4), theme.TEXT)
        surf.blit(img, img.get_rect(center=(size[0] // 2, size[1] // 2 - 8)))
        theme.draw_text(surf, "x5", (size[0] // 2, size[1] - 12), theme.SIZE_SMALL, theme.TEXT, bold=True,
                        anchor="midbottom")
        return surf

    # ---- what the last Search placed --------------------------------------------------------
    def _last_search(self) -> tuple[int | None, list[list[Any]]]:
        """Who made the last move if it was a Search, and where its cards went: [card, row or
        None, storage seat or None] each (from the move's public events)."""
        searcher, placed = None, []
        for event in self.ctx.last_events:
            if event.kind == "search":
                searcher = event.seat
                placed += event.data["placed"]
        return searcher, placed

    def _new_in_rows(self) -> frozenset[int]:
        """The cards the last Search put in the rows, still lying there."""
        _seat, placed = self._last_search()
        rows = self.view["rows"]
        return frozenset(c for c, row, _left in placed if row is not None and c in rows[row])

    def _gift_seats(self) -> frozenset[int]:
        """The seats whose scenery storage the last Search gave a card."""
        return frozenset(left for _c, row, left in self._last_search()[1] if row is None)

    def _search_words(self, seat: int | None, placed: list[list[Any]]) -> tuple[str, list[str]]:
        """A heading and one line per card for the last Search, as the viewer reads them."""
        who = "Your" if seat == self.viewer else f"{self.name(seat)}'s"
        lines = []
        for number, row, left in placed:
            if row is None:
                owner = "your" if left == self.viewer else f"{self.name(left)}'s"
                lines.append(f"{card_label(number)}: lower than every row, so face down to {owner} "
                             f"scenery storage")
            else:
                lines.append(f"{card_label(number)}: to row {row + 1}")
        return f"{who} Search placed", lines

    def _draw_search_result(self, surface: pygame.Surface, top: int) -> None:
        """The last Search's cards and where they went, in the hand panel from `top` down."""
        seat, placed = self._last_search()
        if seat is None or not placed:
            return
        heading, lines = self._search_words(seat, placed)
        theme.draw_text(surface, heading, (20, top), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
        y = top + 30
        for (number, _row, _left), line in zip(placed, lines):
            surface.blit(art.mini_card(number, 34, 44), (20, y))
            theme.draw_paragraph(surface, line, pygame.Rect(66, y - 2, HAND.width - 86, 50), theme.SIZE_SMALL,
                                 theme.TEXT, line_gap=0)
            y += 52

    # ---- rows -------------------------------------------------------------------------------
    def row_card_rect(self, row: int, index: int, count: int) -> pygame.Rect:
        left = ROWS.x + 56
        avail = ROWS.right - 14 - left - ROW_CARD[0]
        step = ROW_CARD[0] + 8 if count <= 1 else min(ROW_CARD[0] + 8, avail / (count - 1))
        y = ROWS.y + 8 + row * ROW_H + (ROW_H - ROW_CARD[1]) // 2 - 4
        return pygame.Rect(int(left + index * step), y, *ROW_CARD)

    def row_rect(self, row: int) -> pygame.Rect:
        return pygame.Rect(ROWS.x + 4, ROWS.y + 8 + row * ROW_H - 4, ROWS.width - 8, ROW_H - 4)

    # ---- targets: what a click means (table kit) ------------------------------------------------
    declares_targets = True

    def target_of(self, action) -> Hashable:
        if isinstance(action, (TakeRow, DiscardRow)):
            return ("row", action.row)
        if isinstance(action, Search):
            return ("deck",)
        if isinstance(action, PlayCard) and (self.selected is None or action.card == self.selected):
            return ("hand", action.card)   # a card with more than one way to pay: then the buttons
        return None

    def selection_key(self) -> Hashable:
        return self.selected

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        kind = target[0] if isinstance(target, tuple) and target else None
        if kind == "row":
            return self.row_rect(target[1])
        if kind == "deck":
            return pygame.Rect(DECK_RECT)
        if kind == "hand":
            if self.selected is not None:
                return pygame.Rect(HAND.x + 20, HAND.y + 56, *HAND_CARD)
            hand = self.view["hand"]
            if target[1] in hand:
                return self.hand_card_rect(hand.index(target[1]), len(hand))
        return None

    def why_not_target(self, target: Hashable) -> str:
        kind = target[0] if isinstance(target, tuple) and target else None
        phase = self.view["phase"]
        if kind == "row":
            if phase == PLACE:
                return "You are scheduling: add a card from your hand, or end the Schedule."
            action = DiscardRow(target[1]) if phase == DISCARD else TakeRow(target[1])
            return self.ctx.explain(action) or "That row cannot be taken now."
        if kind == "deck":
            return self.ctx.explain(Search()) or "You cannot Search now."
        if kind == "hand":
            return self.ctx.explain(PlayCard(target[1], (0, 0, 0, 0))) or "That card cannot join your journey now."
        if kind == "pin":
            return "The map shows where the cards are: hover a card to see its place."
        return "Nothing to click there."

    def clickable_rows(self) -> set[int]:
        """The rows that glow: a click takes (or discards) the row."""
        return {t[1] for t in self.glowing if t[0] == "row"}

    def _rows_signature(self) -> Hashable:
        return (tuple(tuple(r) for r in self.view["rows"]), self.hover, frozenset(self.in_flight),
                frozenset(self.clickable_rows()), self.view["phase"], repr(self.flash.get("rows")),
                self._new_in_rows())

    def _render_rows(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        pygame.draw.rect(surface, theme.PANEL, surface.get_rect(), border_radius=12)
        clickable = self.clickable_rows()
        discard = self.view["phase"] == DISCARD
        flashed = self.flash.get("rows", set())
        fresh = self._new_in_rows()
        for row, cards in enumerate(self.view["rows"]):
            rrect = self.row_rect(row).move(-ROWS.x, -ROWS.y)
            hovered = self.hover == ("row", row)
            if row in clickable:
                colour = theme.WARNING if discard else theme.HIGHLIGHT
                if hovered:
                    pygame.draw.rect(surface, (70, 64, 44) if not discard else (80, 44, 44), rrect,
                                     border_radius=10)
                theme.glow_outline(surface, rrect, colour, radius=10, width=3 if hovered else 2)
            elif row in flashed:
                pygame.draw.rect(surface, theme.TEXT_DIM, rrect, 2, border_radius=10)
            theme.draw_text(surface, str(row + 1), (rrect.x + 24, rrect.centery), theme.SIZE_LARGE,
                            theme.TEXT_DIM, bold=True, anchor="center")
            if not cards:
                theme.draw_text(surface, "taken", (rrect.x + 60, rrect.centery), theme.SIZE_SMALL,
                                theme.TEXT_DIM, anchor="midleft")
            for i, number in enumerate(cards):
                if number in self.in_flight:
                    continue
                r = self.row_card_rect(row, i, len(cards)).move(-ROWS.x, -ROWS.y)
                surface.blit(art.card_face(number, *ROW_CARD, detail=False), r)
                if number in fresh:       # placed by the last Search
                    pygame.draw.rect(surface, NEW_MARK, r.inflate(6, 6), 3, border_radius=10)

    # ---- hand and choices -------------------------------------------------------------------
    def hand_card_rect(self, index: int, count: int) -> pygame.Rect:
        step = min(HAND_CARD[0] + 12, (HAND.width - 40 - HAND_CARD[0]) / max(1, count - 1))
        return pygame.Rect(int(HAND.x + 20 + index * step), HAND.y + 56, *HAND_CARD)

    def playable(self) -> dict[int, list[PlayCard]]:
        plays: dict[int, list[PlayCard]] = {}
        if self.is_my_turn() and self.view["phase"] == PLACE:
            for action in self.ctx.legal:
                if isinstance(action, PlayCard):
                    plays.setdefault(action.card, []).append(action)
        return plays

    def _hand_signature(self) -> Hashable:
        v = self.view
        return (v["phase"], tuple(v["hand"]), self.hover, self.selected, self.is_my_turn(), self.glowing,
                v["turn"], frozenset(self.in_flight), self.viewer, v["placed"],
                self.ctx.to_act, self.bot_thinking(), repr(self._last_search()))

    def _render_hand(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        pygame.draw.rect(surface, theme.PANEL, surface.get_rect(), border_radius=12)
        v = self.view
        seat = self.ctx.to_act
        if seat is None:
            theme.draw_text(surface, "The journey is over.", (24, 20), theme.SIZE_LARGE, bold=True)
            return
        mine = self.is_my_turn()
        phase = v["phase"]
        if phase == PLACE and mine and self.selected is not None:
            self._draw_payment_choice(surface, self.selected)
            return
        theme.draw_text(surface, self._hand_title(seat), (20, 16), theme.SIZE_BODY, theme.TEXT, bold=True)
        if phase == PLACE:
            hand = v["hand"]
            plays = self.playable()
            last = self._last_distance(seat)
            if not hand:
                theme.draw_text(surface, "They are in bike storage now; end the Schedule to pass."
                                if mine else "They went to bike storage.", (20, 70), theme.SIZE_BODY,
                                theme.TEXT_DIM)
            for i, number in enumerate(hand):
                if number in self.in_flight:
                    continue
                r = self.hand_card_rect(i, len(hand)).move(-HAND.x, -HAND.y)
                lifted = r.move(0, -8) if (self.hover == ("hand", number) or self.selected == number) else r
                surface.blit(art.card_face(number, *HAND_CARD), lifted)
                if ("hand", number) in self.glowing:
                    theme.glow_outline(surface, lifted, radius=10, width=4 if self.selected == number else 3)
                gap = abs(CARDS[number].distance - last) if last is not None else 0
                note = "free" if gap <= 1 else f"{gap} bikes"
                colour = theme.GOOD if gap <= 1 else (theme.HIGHLIGHT if number in plays else theme.TEXT_DIM)
                theme.draw_text(surface, note, (lifted.centerx, r.bottom + 8), theme.SIZE_SMALL, colour,
                                bold=True, anchor="midtop")
            if mine:
                if v["placed"] and plays:
                    theme.draw_text(surface, "A +1 Scenery card lets you add one more.", (20, 266),
                                    theme.SIZE_SMALL, theme.TEXT_DIM)
                elif not plays and hand:
                    theme.draw_text(surface, "Nothing you can add now: end the Schedule.", (20, 266),
                                    theme.SIZE_SMALL, theme.TEXT_DIM)
        elif phase == TURN and mine:
            body = ("Search: reveal two cards into the rows (click Search or the deck).\n"
                    "Schedule: click a row to take all its cards; then you pass for this round.")
            passed = self.view["passed"]
            if passed[seat] is False and all(p for s, p in enumerate(passed) if s != seat):
                body += "\nEveryone else has passed: one more Search at most, then Schedule."
            used = theme.draw_paragraph(surface, body, pygame.Rect(20, 60, HAND.width - 40, 200),
                                        theme.SIZE_SMALL, theme.TEXT)
            self._draw_search_result(surface, 60 + used + 8)
        elif phase == TURN:
            self._draw_search_result(surface, 110)
        elif phase == DISCARD and mine:
            theme.draw_paragraph(surface, "Click one of the remaining rows: its cards go to the discard pile "
                                 "and the empty rows are refilled.", pygame.Rect(20, 60, HAND.width - 40, 120),
                                 theme.SIZE_SMALL, theme.TEXT)

    def _hand_title(self, seat: int) -> str:
        """The hand panel's heading for the seat to act, cut to leave room for a thinking bot's
        dots, which follow it on the same line (see `thinking_rect`)."""
        v = self.view
        turn = self.turn
        mine = turn.acting and turn.seat == seat
        who = self.name(seat)
        if turn.phase == "pass" and turn.seat == seat:
            title = f"Waiting for {who}"
        elif v["phase"] == PLACE:
            if not v["hand"]:   # UBK-37: the row's scenery card went into the journey, or it held none
                if v["placed"]:
                    title = "Your card is in your journey" if mine else f"{who} added a card"
                else:
                    title = "This row held only bike cards" if mine else f"{who} took only bike cards"
            else:
                title = "Your hand: add a card to your journey" if mine else f"{who}'s hand"
        elif v["phase"] == DISCARD:
            title = "Last player: discard one more row" if mine else f"{who} discards a row"
        else:
            title = "Search or Schedule" if mine else (f"{who} is thinking" if turn.phase == "think"
                                                      else f"Waiting for {who}")
        return theme.fit_text(title, theme.SIZE_BODY, TITLE_W, bold=True)

    def title_rect(self) -> pygame.Rect | None:
        """Where the hand panel's heading is drawn, on the canvas (None once the game is over)."""
        seat = self.ctx.to_act
        if seat is None:
            return None
        w, h = theme.font(theme.SIZE_BODY, True).size(self._hand_title(seat))
        return pygame.Rect(HAND.x + 20, HAND.y + 16, w, h)

    def thinking_rect(self) -> pygame.Rect | None:
        """Where a thinking bot's dots go: on the heading's line just after the heading, which
        names the bot (the seat's panel is outlined too); clear of the heading and the cards."""
        title = self.title_rect()
        if title is None:
            return None
        return pygame.Rect(title.right + 12, title.centery - THINKING_SIZE[1] // 2, *THINKING_SIZE)

    def _draw_payment_choice(self, surface: pygame.Surface, number: int) -> None:
        """The card being paid for, and (as buttons beside it) the ways to pay its bikes."""
        card = CARDS[number]
        last = self._last_distance(self.ctx.to_act)
        gap = abs(card.distance - last) if last is not None else 0
        theme.draw_text(surface, f"Pay {gap} bikes for {card.place}", (20, 16), theme.SIZE_BODY, theme.TEXT,
                        bold=True, max_width=HAND.width - 40)
        face = pygame.Rect(20, 56, *HAND_CARD)
        surface.blit(art.card_face(number, *HAND_CARD), face)
        theme.glow_outline(surface, face, radius=10, width=4)
        theme.draw_text(surface, "Pay with (a bike marker goes on this ride):", (PAY_X - HAND.x, 56),
                        theme.SIZE_SMALL, theme.TEXT_DIM, max_width=HAND.right - PAY_X - 16)

    def _last_distance(self, seat: int) -> int | None:
        journey = self.view["journeys"][seat]
        return CARDS[journey[-1]].distance if journey else None

    # ---- pygame-gui buttons for the choices ---------------------------------------------------
    def _wanted_buttons(self) -> list[tuple[Any, str, str]]:
        """(key, label, kind) of the buttons the current choice needs."""
        if not self.is_my_turn():
            return []
        v = self.view
        legal = self.ctx.legal
        wanted: list[tuple[Any, str, str]] = []
        if v["phase"] == TURN:
            if Search() in legal:
                wanted.append((Search(), "Search", "primary"))
            if Pass() in legal:
                wanted.append((Pass(), "Pass", "primary"))
        elif v["phase"] == PLACE:
            if self.selected is not None:
                # the ways to pay, then Back; End Schedule waits until Back or a payment
                for action in self._payment().remaining:   # the ways to pay for it
                    wanted.append((action, short_payment(action.pay), ""))
                wanted.append(("cancel", "Back", "small"))
                return wanted
            # one label, one size, one place (the prompt says where the rest of the hand goes)
            wanted.append((EndSchedule(), "End Schedule", "primary" if not self.playable() else ""))
        return wanted

    def _sync_buttons(self) -> None:
        """Search, Pass and End Schedule in a row at the foot of the hand; the ways to pay for
        the selected card (and Back) as small buttons beside it."""
        wanted = self._wanted_buttons()
        main = [(k, label, kind) for k, label, kind in wanted if not (isinstance(k, PlayCard) or k == "cancel")]
        pays = [(k, label, "small") for k, label, _ in wanted if isinstance(k, PlayCard) or k == "cancel"]
        self.choices.sync(
            # one width for every label, so a button keeps its size and place as the hand changes
            row_of_choices(main, HAND.x + 20, HAND.bottom - 72, HAND.right - 16, min_width=MAIN_BUTTON_W, pad=48)
            + row_of_choices(pays, PAY_X, HAND.y + PAY_TOP, HAND.right - 16, height=PAY_H, gap=10,
                             size=19, bold=False, min_width=110, line_gap=PAY_GAP, pad=32))

    def on_board_button(self, element: Any) -> None:
        action = self.choices.pressed(element)
        if action is None:
            return
        self.selected = None
        if action != "cancel":
            self.try_action(action)

    def on_view(self) -> None:
        self._payment()   # a play made or the Schedule moved on: the picker starts again
        self._sync_buttons()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.flash and pygame.time.get_ticks() > self.flash.get("until", 0):
            self.flash = {}
        self._sync_buttons()

    # ---- input ------------------------------------------------------------------------------
    def hit_board(self, pos: tuple[int, int]) -> Hashable:
        if ROWS.collidepoint(pos):
            for row in range(5):
                if self.row_rect(row).collidepoint(pos):
                    return ("row", row)
        if HAND.collidepoint(pos) and self.view["phase"] == PLACE:
            if self.selected is not None:     # only the card being paid for is shown
                face = pygame.Rect(HAND.x + 20, HAND.y + 56, *HAND_CARD)
                return ("hand", self.selected) if face.collidepoint(pos) else None
            hand = self.view["hand"]
            for i in range(len(hand) - 1, -1, -1):
                if self.hand_card_rect(i, len(hand)).inflate(0, 16).collidepoint(pos):
                    return ("hand", hand[i])
        if DECK_RECT.collidepoint(pos):
            return ("deck",)
        if MAP.collidepoint(pos):
            local = (pos[0] - MAP.x, pos[1] - MAP.y)
            for pin, (x, y, _props) in self.pins.items():
                if math.dist(local, (x, y)) <= 16:
                    return ("pin", pin)
        return None

    def hover_at(self, pos: tuple[int, int]) -> Hashable:
        """The hover and the card shown large with it, worked out together: after a move of
        the mouse and after every move of the game (so the preview never outlives its card)."""
        shown, card = self._own_hover(), self.hover_card
        self.hover_card = None    # _hit_side sets it over a journey card
        hover = super().hover_at(pos)
        # a row is one target whichever of its cards is under the mouse; that card is shown large
        if isinstance(hover, tuple) and hover[0] == "row":
            cards = self.view["rows"][hover[1]]
            self.hover_card = next((cards[i] for i in range(len(cards) - 1, -1, -1)
                                    if self.row_card_rect(hover[1], i, len(cards)).collidepoint(pos)), None)
        elif isinstance(hover, tuple) and hover[0] == "hand":
            self.hover_card = hover[1]
        if card != self.hover_card:
            self.invalidate(self._tooltip_area())
        owned = hover[1] if isinstance(hover, tuple) and hover[0] == "own" else None
        for what in {shown, owned} - {None}:   # the holdings shown before or now
            area = self._holdings_rect(what)
            if area is not None:
                self.invalidate(area.inflate(4, 16))
        return hover

    def click_target(self, hit: Hashable) -> None:
        if not isinstance(hit, tuple):
            return
        phase = self.view["phase"]
        if hit[0] == "row":
            row = hit[1]
            if phase == DISCARD:
                self.try_action(DiscardRow(row))
            elif phase == TURN:
                self.try_action(TakeRow(row))
            else:
                self.refuse("You are scheduling: add a card from your hand, or end the Schedule.")
        elif hit[0] == "deck":
            self.try_action(Search())
        elif hit[0] == "hand":
            self.choose_card(hit[1])

    def _payment(self) -> Picker[PlayCard]:
        """The picker over the legal plays, started again when they changed."""
        return self.payment.follow([a for a in self.ctx.legal if isinstance(a, PlayCard)])

    @property
    def selected(self) -> int | None:
        """The hand card picked, waiting for a way to pay (None: none)."""
        return self.payment.first

    @selected.setter
    def selected(self, number: int | None) -> None:
        self._payment().start_with(number)

    def choose_card(self, number: int) -> None:
        picker = self._payment()
        picker.reset()
        if not picker.can_choose(number):
            self.try_action(PlayCard(number, (0, 0, 0, 0)))  # refused with the reason why
            return
        picker.choose(number)
        if picker.only_choice() is not None:   # one way to pay: played at once
            action = picker.remaining[0]
            picker.reset()
            self.try_action(action)
            return
        self.status_note = "Choose how to pay the bikes for this card."
        self.status_warning = False
        self._sync_buttons()

    def key_board(self, event: pygame.event.Event) -> bool:
        if not self.is_my_turn():
            return False
        phase = self.view["phase"]
        if pygame.K_1 <= event.key <= pygame.K_5:
            row = event.key - pygame.K_1
            self.try_action(DiscardRow(row) if phase == DISCARD else TakeRow(row))
            return True
        if event.key == pygame.K_s and phase == TURN:
            self.try_action(Search())
            return True
        if event.key in (pygame.K_e, pygame.K_RETURN) and phase == PLACE:
            self.try_action(EndSchedule())
            return True
        return False

    # ---- the prompt -------------------------------------------------------------------------
    def decision_words(self, kind: str) -> str:
        return {TURN: "Search or Schedule", PLACE: "which card to add to the journey",
                DISCARD: "which row to discard"}.get(kind, "")

    def prompt(self) -> str:
        phase = self.view["phase"]
        if phase == TURN:
            if Search() in self.ctx.legal:
                return "Search (reveal two cards) or Schedule (click a row to take it)."
            return "Schedule: click a row to take it."
        if phase == PLACE:
            if self.playable():
                return "Click a card to add it to your journey, or end the Schedule."
            return "End the Schedule: the rest of your hand goes to scenery storage."
        if phase == DISCARD:
            return "As the last player, click one more row to discard."
        return ""

    # ---- seat panels ------------------------------------------------------------------------
    def seat_panel_height(self) -> int:
        return 148 if len(self.ctx.seats) > 3 else 160

    def journey_slot(self, seat: int, index: int) -> pygame.Rect:
        panel = self._seat_rects[seat]
        return pygame.Rect(panel.x + 20 + index * (MINI[0] + 6), panel.y + 50, *MINI)

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        v = self.view
        score = v["public_scores"][seat]
        opportunities = v["opportunities"][seat]     # the viewer's own only; None for others
        theme.draw_text(surface, f"{score} {'pt' if score == 1 else 'pts'}", (rect.right - 20, 26),
                        theme.SIZE_BODY, theme.TEXT, bold=True, anchor="midright")
        if v["passed"][seat] and v["phase"] != OVER and not opportunities:
            theme.draw_text(surface, "PASS", (rect.right - 110, 26), theme.SIZE_SMALL, theme.TEXT_DIM,
                            bold=True, anchor="midright")
        journey = v["journeys"][seat]
        markers = set(v["markers"][seat])
        for i in range(JOURNEY_LENGTH):
            slot = self.journey_slot(seat, i).move(-self._seat_rects[seat].x, -self._seat_rects[seat].y)
            if i < len(journey) and journey[i] not in self.in_flight:
                surface.blit(art.mini_card(journey[i], *MINI), slot)
            else:
                pygame.draw.rect(surface, theme.LINE, slot, 1, border_radius=6)
            if i in markers and i < len(journey):
                pygame.draw.circle(surface, (20, 20, 20), (slot.x - 3, slot.centery), 9)
                wheel = icon("wheel", 14, theme.HIGHLIGHT)
                surface.blit(wheel, wheel.get_rect(center=(slot.x - 3, slot.centery)))
        gifted = seat in self._gift_seats()
        hovered = self._own_hover() if seat == self.viewer else None
        for key, (icon_name, value, label, area) in self._stats(seat).items():
            if key == "stored" and gifted:   # the last Search put a card here
                theme.glow_outline(surface, area.inflate(10, 6), NEW_MARK, radius=8, width=2)
            if key == hovered:
                pygame.draw.rect(surface, theme.HIGHLIGHT, area.inflate(10, 6), 2, border_radius=8)
            img = icon(icon_name, 20, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midleft=(area.x, area.centery)))
            r = theme.draw_text(surface, value, (area.x + 26, area.centery), theme.SIZE_SMALL, theme.TEXT,
                                bold=True, anchor="midleft")
            theme.draw_text(surface, label, (r.right + 6, area.centery), theme.SIZE_SMALL, theme.TEXT_DIM,
                            anchor="midleft")
        if opportunities:
            # the viewer's own opportunity cards, face up for them only, beside the score
            for ident, area in zip(opportunities, self._opportunity_slots(seat)):
                surface.blit(art.opportunity_face(ident, area.width, area.height), area)

    def _stats(self, seat: int) -> dict[str, tuple[str, str, str, pygame.Rect]]:
        """The seat panel's counts, left to right at its foot: key -> (icon, value, label, the
        area they take in the panel's own coordinates)."""
        v = self.view
        rect = self._seat_rects[seat]
        bikes = sum(CARDS[c].bikes for c in v["bike_storage"][seat])
        markers = len(v["markers"][seat])
        items = {
            "bikes": ("wheel", f"{bikes}", "bike" if bikes == 1 else "bikes"),
            "stored": ("opp_extra", f"{v['scenery_storage_count'][seat]}/{STORAGE_FOR_OPPORTUNITY}", "stored"),
            "markers": ("bike_marker", f"{markers}", "marker" if markers == 1 else "markers"),
            "opps": ("opp_point", f"{v['opportunities_count'][seat]}", "opp."),
        }
        out = {}
        x, y = 20, rect.height - 22
        for key, (icon_name, value, label) in items.items():
            width = (26 + theme.font(theme.SIZE_SMALL, True).size(value)[0] + 6
                     + theme.font(theme.SIZE_SMALL).size(label)[0])
            out[key] = (icon_name, value, label, pygame.Rect(x, y - 13, width, 26))
            x += width + 18
        return out

    def _opportunity_slots(self, seat: int) -> list[pygame.Rect]:
        """Where the viewer's own opportunity cards sit in their panel (panel coordinates)."""
        count = len(self.view["opportunities"][seat] or ())
        right = self._seat_rects[seat].width - 110
        step = min(30, (right - OPP_LEFT) / count) if count else 30   # many overlap, right of the name
        return [pygame.Rect(round(right - (count - k) * step), 9, 26, 34) for k in range(count)]

    def _own_holding_at(self, seat: int, pos: tuple[int, int]) -> str | None:
        """"opps" or "stored" when `pos` is over the viewer's own opportunity cards or storage;
        another seat's hidden cards have no such place (their view holds only counts)."""
        v = self.view
        if seat != self.viewer or v["opportunities"][seat] is None:
            return None
        panel = self._seat_rects[seat]
        local = (pos[0] - panel.x, pos[1] - panel.y)
        stats = self._stats(seat)
        if stats["stored"][3].inflate(10, 6).collidepoint(local):
            return "stored"
        if stats["opps"][3].inflate(10, 6).collidepoint(local) or any(
                r.inflate(4, 4).collidepoint(local) for r in self._opportunity_slots(seat)):
            return "opps"
        return None

    # ---- tooltips ---------------------------------------------------------------------------
    hover_card: int | None = None

    def _tooltip_card(self) -> int | None:
        """The card under the mouse (a row's, the hand's or a journey's), shown large."""
        return self.hover_card

    def _tooltip_area(self) -> pygame.Rect:
        return pygame.Rect(MAP.right - 246, MAP.y + 10, 236, 340)

    def _own_hover(self) -> str | None:
        """"opps" or "stored" while the mouse is over the viewer's own hidden cards."""
        hover = self.hover
        return hover[1] if isinstance(hover, tuple) and hover[0] == "own" else None

    def _holdings_rect(self, what: str | None) -> pygame.Rect | None:
        """Where the viewer's own opportunity cards or stored cards are shown, beside their
        panel (None when there is nothing to show)."""
        seat = self.viewer
        if what is None or seat is None:
            return None
        cards = self.view["opportunities" if what == "opps" else "scenery_storage"][seat]
        if cards is None:                # never another seat's hidden cards
            return None
        if what == "opps":
            height = 76 + max(1, len(cards)) * OPP_ROW_H
        else:
            height = 96 + (HAND_CARD[1] + 16 if cards else 30)
        panel = self._seat_rects[seat]
        top = min(panel.y, BOARD.bottom - 8 - height)
        return pygame.Rect(SIDE.x - 12 - HOLDINGS_W, top, HOLDINGS_W, height)

    def _draw_holdings(self, canvas: pygame.Surface, what: str) -> None:
        rect = self._holdings_rect(what)
        if rect is None:
            return
        seat = self.viewer
        v = self.view
        pygame.draw.rect(canvas, (0, 0, 0), rect.move(0, 6), border_radius=14)
        pygame.draw.rect(canvas, theme.PANEL_LIGHT, rect, border_radius=14)
        pygame.draw.rect(canvas, theme.HIGHLIGHT, rect, 2, border_radius=14)
        x, y = rect.x + 20, rect.y + 16
        if what == "opps":
            cards = v["opportunities"][seat]
            theme.draw_text(canvas, f"Your opportunity cards: {len(cards)}", (x, y), theme.SIZE_BODY,
                            theme.TEXT, bold=True)
            theme.draw_text(canvas, "Only you see them.", (x, y + 30), theme.SIZE_SMALL - 2, theme.TEXT_DIM)
            y += 64
            if not cards:
                theme.draw_text(canvas, "None yet: 5 stored cards buy one.", (x, y + 10), theme.SIZE_SMALL,
                                theme.TEXT)
            for ident in cards:
                opp = OPPORTUNITIES[ident]
                face = art.opportunity_face(ident, 56, 72)
                canvas.blit(face, (x, y + 4))
                theme.draw_text(canvas, opp.title, (x + 72, y + 4), theme.SIZE_SMALL, theme.TEXT, bold=True)
                theme.draw_paragraph(canvas, opp.text, pygame.Rect(x + 72, y + 28, rect.width - 112,
                                                                   OPP_ROW_H - 30),
                                     theme.SIZE_SMALL - 2, theme.TEXT_DIM, line_gap=0)
                y += OPP_ROW_H
            return
        cards = v["scenery_storage"][seat]
        theme.draw_text(canvas, f"Your scenery storage: {len(cards)} of {STORAGE_FOR_OPPORTUNITY}",
                        (x, y), theme.SIZE_BODY, theme.TEXT, bold=True)
        theme.draw_text(canvas, "Face down: only you know which cards. At 5 they buy an opportunity card.",
                        (x, y + 30), theme.SIZE_SMALL - 2, theme.TEXT_DIM, max_width=rect.width - 40)
        y += 70
        if not cards:
            theme.draw_text(canvas, "Empty.", (x, y), theme.SIZE_SMALL, theme.TEXT)
            return
        step = min(HAND_CARD[0] + 10, (rect.width - 40 - HAND_CARD[0]) / max(1, len(cards) - 1))
        for k, number in enumerate(cards):
            canvas.blit(art.card_face(number, *HAND_CARD), (round(x + k * step), y))

    def ticking_rects(self) -> list[pygame.Rect]:
        dots = self.thinking_rect() if self.bot_thinking() else None
        return [dots] if dots is not None else []

    def seat_signature(self, seat: int) -> Hashable:
        """Everything `seat_summary` draws for that seat, and its cards still in flight."""
        v = self.view
        journey = v["journeys"][seat]
        return (tuple(journey), tuple(v["markers"][seat]), tuple(v["bike_storage"][seat]),
                v["passed"][seat], v["phase"] == OVER, v["scenery_storage_count"][seat],
                v["opportunities_count"][seat], tuple(v["opportunities"][seat] or ()),
                v["public_scores"][seat], tuple(c for c in journey if c in self.in_flight),
                seat in self._gift_seats(), self._own_hover() if seat == self.viewer else None)

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        for dots in self.ticking_rects():
            t = pygame.time.get_ticks() / 250
            for k in range(3):
                level = 110 + int(130 * max(0.0, math.sin(t - k * 0.9)))
                pygame.draw.circle(canvas, (level, level, level), (dots.x + 12 + k * 26, dots.centery), 7)
        own = self._own_hover()
        if own is not None:
            self._draw_holdings(canvas, own)
            return
        number = self._tooltip_card()
        if number is None or number in self.in_flight:
            return
        area = self._tooltip_area()
        face = art.card_face(number, 200, 280)
        shadow = pygame.Rect(area.x + 18, area.y + 14, 200, 280)
        pygame.draw.rect(canvas, (0, 0, 0), shadow.move(0, 5), border_radius=18)
        canvas.blit(face, shadow)

    def _hit_side(self, pos) -> Hashable:
        for seat in range(len(self.ctx.seats)):
            journey = self.view["journeys"][seat]
            for i in range(len(journey)):
                if self.journey_slot(seat, i).collidepoint(pos):
                    self.hover_card = journey[i]
                    return ("seat", seat)
            if self._seat_rects[seat].collidepoint(pos):
                own = self._own_holding_at(seat, pos)
                if own is not None:
                    return ("own", own)
        return super()._hit_side(pos)

    # ---- animation: cards fly from where they were to where they are ---------------------------
    def card_places(self, view: dict[str, Any]) -> dict[int, pygame.Rect]:
        places: dict[int, pygame.Rect] = {}
        for row, cards in enumerate(view["rows"]):
            for i, number in enumerate(cards):
                places[number] = self.row_card_rect(row, i, len(cards))
        if view["phase"] == PLACE:
            for i, number in enumerate(view["hand"]):
                places[number] = self.hand_card_rect(i, len(view["hand"]))
        for seat, journey in enumerate(view["journeys"]):
            for i, number in enumerate(journey):
                places[number] = self.journey_slot(seat, i)
        return places

    def _storage_anchor(self, seat: int) -> pygame.Rect:
        panel = self._seat_rects[seat]
        return pygame.Rect(panel.x + 130, panel.bottom - 40, 40, 40)

    def on_applied(self, action: Action, seat: int | None, before: dict, after: dict) -> None:
        sounds = self.app.sound
        if isinstance(action, Search):
            sounds.play("card_flip")
        elif isinstance(action, DiscardRow):
            sounds.play("card_shuffle")
        else:
            sounds.play("card_place")
        if isinstance(action, PlayCard) and sum(action.pay):
            sounds.play("bell")
        if any(a > b for a, b in zip(after["opportunities_count"], before["opportunities_count"])):
            sounds.play("opportunity")
        if after["round"] != before["round"] or after["phase"] == OVER:
            sounds.play("card_flip")
        if seat is not None and self.ctx.seats[seat].is_bot:
            if isinstance(action, (TakeRow, DiscardRow)):
                self.flash = {"rows": {action.row}, "until": pygame.time.get_ticks() + 1500}
        self._fly_cards(before, after, seat)
        if isinstance(action, Search):
            self._show_search(seat, after)

    def _show_search(self, seat: int | None, after: dict) -> None:
        """Where the searched cards went: a card lower than every row flies face down to its
        storage; when the searcher is a person and another person is next, the cards stay
        marked a moment before the curtain comes down (a click goes on at once)."""
        _searcher, placed = self._last_search()
        marks: list[pygame.Rect] = []
        for k, (number, row, left) in enumerate(placed):
            if row is None:
                target = self._storage_anchor(left)
                self._launch(number, DECK_RECT, target, 0.2 * k, face=False)
                stats = self._stats(left)["stored"][3]
                marks.append(stats.move(self._seat_rects[left].topleft).inflate(14, 10))
            elif number in after["rows"][row]:
                cards = after["rows"][row]
                marks.append(self.row_card_rect(row, cards.index(number), len(cards)).inflate(12, 12))
        nxt = self.ctx.to_act
        if (seat is None or self.ctx.seats[seat].is_bot or nxt is None or nxt == seat
                or self.ctx.seats[nxt].is_bot or not marks):
            return
        area = marks[0].unionall(marks[1:]).inflate(8, 8)

        def draw(surface: pygame.Surface, t: float) -> None:
            width = 3 + round(2 * abs(math.sin(t * math.pi * 2)))
            for rect in marks:
                pygame.draw.rect(surface, NEW_MARK, rect, width, border_radius=12)

        self.anim.add(Motion(0.6, draw, lambda t: area, delay=FLY_TIME, ease=lambda t: t,
                             hold=SEARCH_HOLD))

    def _fly_cards(self, before: dict, after: dict, seat: int | None) -> None:
        old = self.card_places(before)
        new = self.card_places(after)
        storage_gain = [s for s, (a, b) in enumerate(zip(after["scenery_storage_count"],
                                                         before["scenery_storage_count"])) if a > b]
        bike_gain = {c: s for s, bikes in enumerate(after["bike_storage"]) for c in bikes
                     if c not in before["bike_storage"][s]}
        delay = 0.0
        for number, target in new.items():
            start = old.get(number)
            if start is None:
                start = DECK_RECT  # new cards come from the deck
            if start == target:
                continue
            self._launch(number, start, target, delay, face=True)
            delay += 0.18
        for number, start in old.items():
            if number in new:
                continue
            if number in bike_gain:
                target = self._storage_anchor(bike_gain[number]).move(-90, 0)
            elif storage_gain:
                target = self._storage_anchor(storage_gain[0])
            elif after["discard_count"] > before["discard_count"]:
                target = DISCARD_RECT
            else:
                target = DECK_RECT
            self._launch(number, start, target, delay, face=False)
            delay += 0.08

    def _launch(self, number: int, start: pygame.Rect, target: pygame.Rect, delay: float, face: bool) -> None:
        self.in_flight.add(number)
        start, target = pygame.Rect(start), pygame.Rect(target)

        def size_at(t: float) -> tuple[int, int]:
            return (max(8, round(start.width + (target.width - start.width) * t)),
                    max(8, round(start.height + (target.height - start.height) * t)))

        def bounds(t: float) -> pygame.Rect:
            centre = lerp_point(start.center, target.center, t)
            w, h = size_at(t)
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(centre[0]), round(centre[1] - 40 * math.sin(math.pi * t)))
            return rect.inflate(12, 12)

        def draw(surface: pygame.Surface, t: float) -> None:
            rect = bounds(t).inflate(-12, -12)
            if CARDS[number].is_bike or rect.width >= 60:
                img = art.card_face(number, *ROW_CARD, detail=False)
            else:
                img = art.mini_card(number, *MINI)
            if not face and t > 0.5:
                img = art.card_back(*ROW_CARD)
            scaled = pygame.transform.smoothscale(img, rect.size)
            shadow = rect.move(4, 6)
            pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=8)
            surface.blit(scaled, rect)

        def done() -> None:
            self.in_flight.discard(number)

        self.anim.add(Motion(FLY_TIME, draw, bounds, delay=delay, ease=ease_in_out, on_done=done))


def _rect_gap(rect: pygame.Rect, point: tuple[float, float]) -> float:
    """How far `point` is from `rect` (0 inside it)."""
    nearest = (min(max(point[0], rect.left), rect.right), min(max(point[1], rect.top), rect.bottom))
    return math.dist(nearest, point)


def short_payment(pay: tuple[int, int, int, int]) -> str:
    """A way to pay on a button: "3-bike + opp. bike", "1-bike x2" (the log says it in full)."""
    ones, twos, threes, opps = pay
    parts = [name if count == 1 else f"{name} ×{count}"
             for count, name in ((threes, "3-bike"), (twos, "2-bike"), (ones, "1-bike"), (opps, "opp. bike"))
             if count]
    return " + ".join(parts) or "nothing"
