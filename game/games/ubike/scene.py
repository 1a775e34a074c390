"""UBike Tour's table: the map of Taiwan with every journey, the five rows, the hand and the
choices of the seat to act, and each seat's journey and storage in the side panel.

Everything drawn comes from the viewer's `view` (per-seat lists such as `journeys[seat]`, and
`scenery_storage[seat]` / `opportunities[seat]` for the viewer only, counts for everyone);
clicks become actions from `legal_actions()`. Cards that move between two views fly from
their old place to the new.

This module ties the table together: targets, clicks, buttons and the flight of the cards;
what it draws lives beside it: `board` (the map), `rows` (the rows and the piles), `panel`
(the hand and what the seat to act is doing), `seats` (the seat panels and the viewer's own
cards), `art` (the cards) and `layout`.
"""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Hashable

import pygame

from game.core.protocol import Action
from game.ui.anim import Motion, ease_in_out, lerp_point
from game.table.frame import GameScene
from game.table.panel import ChoicePanel, row_of_choices
from game.table.picker import Picker
from game.table.targets import Press
from game.ui import theme

from . import art, holdings
from .board import TaiwanMap
from .layout import (DECK_RECT, DISCARD_RECT, HAND, HAND_CARD, MAIN_BUTTON_W, MAP, MINI, PAY_GAP, PAY_H, PAY_TOP,
                     PAY_X, PILES, ROW_CARD, ROWS, THINKING_SIZE, hand_card_rect, row_card_rect, row_rect)
from .panel import hand_title, render_hand, short_payment
from .rows import render_piles, render_rows
from .rules import CARDS, DISCARD, OVER, PLACE, TURN, DiscardRow, EndSchedule, Pass, PlayCard, Search, TakeRow
from .seats import draw_holdings, draw_seat_summary, holdings_rect, journey_slot, own_holding_at, seat_stats

FLY_TIME = 0.42
SEARCH_HOLD = 2.2     # seconds the searcher sees where the cards went before the curtain


class UBikeScene(GameScene):
    #: every seat's holdings in words, for a finished game's replay (table/everything.py)
    holdings_words = holdings.holdings_words

    def build_board(self) -> None:
        #: a card of the hand, then how to pay its bikes: the legal PlayCards narrowed click by
        #: click (the table kit's picker); `selected` is the card picked, waiting for a payment
        self.payment: Picker[PlayCard] = Picker([], steps=(lambda a: a.card, lambda a: a.pay))
        self.in_flight: set[int] = set()        # cards drawn by motions, not by the layers
        self.flash: dict[str, Any] = {}         # what a bot just did, highlighted a moment
        self.choices = ChoicePanel(self)     # the buttons of the current choice
        self.map = TaiwanMap.load(lambda board: self.board_picture(board, "ubike.tmx"), self.plain_board)
        self.add_layer(MAP, self._render_map, self._map_signature, alpha=False)
        self.add_layer(PILES, self._render_piles, self._piles_signature)
        self.add_layer(ROWS, self._render_rows, self._rows_signature)
        self.add_layer(HAND, self._render_hand, self._hand_signature)
        self._sync_buttons()

    # ---- the map --------------------------------------------------------------------------
    def _map_signature(self) -> Hashable:
        v = self.view
        return (tuple(tuple(j) for j in v["journeys"]), tuple(tuple(m) for m in v["markers"]),
                self.hover, self.selected, self.view["phase"], self.is_my_turn(),
                frozenset(self.in_flight))

    def _render_map(self, surface: pygame.Surface) -> None:
        focus = self.hover[1] if isinstance(self.hover, tuple) and self.hover[0] == "seat" else None
        self.map.draw(surface, self.view["journeys"], self.view["markers"], [s.colour for s in self.ctx.seats],
                      focus, self.viewer, self._target_distances(), self.in_flight)

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
        render_piles(surface, self.view, self.name(self.view["start_player"]), self.glow_width(("deck",)))

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

    def next_click(self, action) -> Hashable:
        """A card to play: the card in the hand, then its way to pay (Back first, when another
        card is picked)."""
        if isinstance(action, PlayCard) and self.selected is not None:
            return Press(action if self.selected == action.card else "cancel")
        return super().next_click(action)

    def selection_key(self) -> Hashable:
        return self.selected

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        kind = target[0] if isinstance(target, tuple) and target else None
        if kind == "row":
            return row_rect(target[1])
        if kind == "deck":
            return pygame.Rect(DECK_RECT)
        if kind == "hand":
            if self.selected is not None:
                return pygame.Rect(HAND.x + 20, HAND.y + 56, *HAND_CARD)
            hand = self.view["hand"]
            if target[1] in hand:
                return hand_card_rect(hand.index(target[1]), len(hand))
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
        render_rows(surface, self.view["rows"], self.hover, self.clickable_rows(), self.view["phase"] == DISCARD,
                    self.flash.get("rows", set()), self._new_in_rows(), self.in_flight)

    # ---- hand and choices -------------------------------------------------------------------
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
        seat = self.ctx.to_act
        title = self._hand_title(seat) if seat is not None else ""
        render_hand(surface, self.view, seat, title, self.is_my_turn(), self.selected, self.hover, self.glowing,
                    self.playable(), self.in_flight, self._last_search(), self.viewer, self.name)

    def _hand_title(self, seat: int) -> str:
        """The hand panel's heading for the seat to act; a thinking bot's dots follow it on
        the same line (see `thinking_rect`)."""
        return hand_title(self.view, seat, self.turn, self.name)

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
                if row_rect(row).collidepoint(pos):
                    return ("row", row)
        if HAND.collidepoint(pos) and self.view["phase"] == PLACE:
            if self.selected is not None:     # only the card being paid for is shown
                face = pygame.Rect(HAND.x + 20, HAND.y + 56, *HAND_CARD)
                return ("hand", self.selected) if face.collidepoint(pos) else None
            hand = self.view["hand"]
            for i in range(len(hand) - 1, -1, -1):
                if hand_card_rect(i, len(hand)).inflate(0, 16).collidepoint(pos):
                    return ("hand", hand[i])
        if DECK_RECT.collidepoint(pos):
            return ("deck",)
        if MAP.collidepoint(pos):
            pin = self.map.pin_at((pos[0] - MAP.x, pos[1] - MAP.y))
            if pin is not None:
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
                                    if row_card_rect(hover[1], i, len(cards)).collidepoint(pos)), None)
        elif isinstance(hover, tuple) and hover[0] == "hand":
            self.hover_card = hover[1]
        if card != self.hover_card:
            self.invalidate(self._tooltip_area())
        owned = hover[1] if isinstance(hover, tuple) and hover[0] == "own" else None
        for what in {shown, owned} - {None}:   # the holdings shown before or now
            area = holdings_rect(self.view, what, self.viewer, self._seat_rects)
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

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        draw_seat_summary(surface, rect, self.view, seat, self._seat_rects[seat], self.in_flight,
                          seat in self._gift_seats(), self._own_hover() if seat == self.viewer else None)

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
            draw_holdings(canvas, self.view, own, self.viewer, self._seat_rects)
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
                if journey_slot(self._seat_rects[seat], i).collidepoint(pos):
                    self.hover_card = journey[i]
                    return ("seat", seat)
            if self._seat_rects[seat].collidepoint(pos):
                own = own_holding_at(self.view, seat, self.viewer, self._seat_rects[seat], pos)
                if own is not None:
                    return ("own", own)
        return super()._hit_side(pos)

    # ---- animation: cards fly from where they were to where they are ---------------------------
    def card_places(self, view: dict[str, Any]) -> dict[int, pygame.Rect]:
        places: dict[int, pygame.Rect] = {}
        for row, cards in enumerate(view["rows"]):
            for i, number in enumerate(cards):
                places[number] = row_card_rect(row, i, len(cards))
        if view["phase"] == PLACE:
            for i, number in enumerate(view["hand"]):
                places[number] = hand_card_rect(i, len(view["hand"]))
        for seat, journey in enumerate(view["journeys"]):
            for i, number in enumerate(journey):
                places[number] = journey_slot(self._seat_rects[seat], i)
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
                stats = seat_stats(self.view, left, self._seat_rects[left])["stored"][3]
                marks.append(stats.move(self._seat_rects[left].topleft).inflate(14, 10))
            elif number in after["rows"][row]:
                cards = after["rows"][row]
                marks.append(row_card_rect(row, cards.index(number), len(cards)).inflate(12, 12))
        nxt = self.ctx.to_act
        if (seat is None or self.ctx.seats[seat].is_bot or nxt is None or nxt == seat
                or self.ctx.seats[nxt].is_bot or not marks):
            return
        area = marks[0].unionall(marks[1:]).inflate(8, 8)

        def draw(surface: pygame.Surface, t: float) -> None:
            width = 3 + round(2 * abs(math.sin(t * math.pi * 2)))
            for rect in marks:
                pygame.draw.rect(surface, art.NEW_MARK, rect, width, border_radius=12)

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

