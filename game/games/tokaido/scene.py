"""Tokaido's table: the East Sea Road with its stops and the travellers on it; below it, the
decision the seat to act must make now; beside that, the viewer's own journey so far.

The road is one still picture (the painted map and a medallion at every stop), drawn once.
The travellers, the places the mover may walk to and the hover tip are drawn over it every
frame (`draw_overlay`), so a move redraws only where a pawn was and is. A traveller walks
along the road's `route` polyline at a pace a person can follow.

Everything drawn comes from the table kit's context (`self.ctx`: the viewer's view and legal
actions); every click becomes one of the legal actions. The few sums a player needs (a price
with the traveller's discount, the points a set of souvenirs would add) are the rules' pure
functions over the view. Sounds and the walk follow the events of the last move.

This module ties the table together; what it draws lives beside it: `board` (the road and
the travellers), `track` (the score track), `panel` (the decision), `journey` (a traveller's
holdings), `art` (medallions and cards), `words` and `layout`.
"""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Hashable

import pygame

from game.core.protocol import Action, Event
from game.table import panel as kit
from game.table.frame import GameScene
from game.table.overlay import KeyedOverlay
from game.table.picker import Basket, Picker
from game.ui import theme
from game.ui.anim import Motion, ease_in_out, ease_out_cubic

from . import holdings
from .art import NEUTRAL_GREY, gain_label
from .board import (RoadMap, along, draw_acting, draw_met, draw_pawn, draw_supply, draw_tip, draw_trail, last_walk,
                    map_view, met_area, met_ring, pawn_rect, supply, supply_left, tip_lines, tip_rect)
from .journey import draw_journey, draw_seat_summary, journey_rows
from .layout import COLLECTION, MAP, PANEL
from .panel import (WALK, Choice, Moment, Spot, build_choice, card_picker, prompt, render_panel, souvenir_basket,
                    why_not)
from .rules import (BuyAmulet, BuyCalligraphy, BuyLegendary, BuySouvenirs, ChooseTraveller, Donate, EatMeal,
                    KeepEncounter, Move, TakeBath, TakeFreeMeal, TakePanorama, journey)
from .track import draw_marks, draw_track, slide_marks, track_marks, track_top, track_x

#: moves that lay a card down (a sound of cards placed)
CARD_MOVES = (ChooseTraveller, BuySouvenirs, Donate, BuyLegendary, BuyAmulet, BuyCalligraphy, EatMeal, TakeFreeMeal,
              TakeBath)
#: events that roll the fortune die, and events that turn cards up or deal them
DICE_EVENTS = ("fortune", "gaming_room")
CARD_EVENTS = ("village_offer", "meal_table", "encounter", "draw_encounters", "hot_spring")



#: what a traveller deciding each kind of step weighs, for the others at the table
DECISION_WORDS = {
    "travellers": "which traveller to play", "play": "where to walk", "walk": "where to walk",
    "stop_options": "what to do at this stop", "village": "what to buy in the village",
    "offering": "what to offer at the temple", "legendary_shop": "which legendary object to buy",
    "amulet_shop": "which amulet to buy", "calligraphy_shop": "which calligraphy to buy",
    "panorama_choice": "which panorama to paint", "encounter_choice": "which encounter to keep",
    "encounter_fee": "whether to pay for the encounter", "inn_bet": "whether to bet a coin on the fortune die",
    "meal": "which meal to eat", "vitality_choice": "whether to use Vitality and walk again",
    "bath_house": "how to pay the bath house",
}

class TokaidoScene(GameScene):
    #: every seat's holdings in words, for a finished game's replay (table/everything.py)
    holdings_words = holdings.holdings_words

    # ---- set-up --------------------------------------------------------------------------------------
    def build_board(self) -> None:
        self.road = journey(bool(self.view.get("return_trip")))
        self.walking: set[int] = set()            # pawns drawn by a walking motion, not the overlay
        #: what the viewer has clicked towards a move (the table kit's basket and picker over the
        #: legal actions): souvenirs toggled on in a village; a meal or pool card picked, waiting
        #: for a way to pay
        self.basket: Basket[BuySouvenirs] = souvenir_basket([])
        self.picked: Picker[tuple[Hashable, Action]] = card_picker({}, [])
        self._choice: Choice | None = None
        self._targets: list[Move] = []
        self.buttons = kit.ChoicePanel(self)      # the pygame-gui buttons of the decision panel
        self.overlay = KeyedOverlay(self._overlay_key, self._overlay_rects)
        self._tip_cache: tuple[Hashable, list[str]] = (None, [])
        self.roadmap = RoadMap.load(self.road, lambda board: self.board_picture(board, "tokaido.tmx"),
                                    self.plain_board)
        self._track_shown: dict[int, float] = {}  # where each seat's marker stands as it slides (TOK-43)
        self.met: Met | None = None               # the encounter just drawn, shown as a card for a moment
        self.add_layer(MAP, self._render_map, self._map_signature, alpha=False)
        self.add_layer(PANEL, self._render_panel, self._panel_signature)
        self.add_layer(COLLECTION, self._render_collection, self._collection_signature)

    # ---- where things are on the map (map pixels) --------------------------------------------------------
    def slot_xy(self, index: int, slot: int) -> tuple[float, float]:
        """Where place `slot` of the stop at journey index `index` is."""
        return self.roadmap.slot_xy(index, slot)

    def pawn_xy(self, piece: int, view: dict[str, Any] | None = None) -> tuple[float, float]:
        """Where a traveller stands in `view` (by default the one on screen)."""
        return self.roadmap.pawn_xy(view or self.view, piece)

    def pieces(self) -> range:
        """Every traveller on the road, the neutral one included."""
        return range(self.view["pieces"])

    # ---- the still road and the score track (TOK-43) ------------------------------------------------------
    def _map_signature(self) -> Hashable:
        return (self.view["second_places"], self.track_top(), self.crossroads() and supply(self.view))

    def crossroads(self) -> bool:
        """The Crossroads expansion is played."""
        return bool(self.view["options"].get("crossroads"))

    def _render_map(self, surface: pygame.Surface) -> None:
        self.roadmap.draw(surface, self.view["second_places"])
        draw_track(surface, self.track_top())
        if self.crossroads():
            draw_supply(surface, supply(self.view))
        pygame.draw.rect(surface, theme.LINE, surface.get_rect(), 2)

    def track_top(self) -> int:
        """The score the track runs to now."""
        return track_top(self.view["scores"][:self.view["num_players"]])

    def track_x(self, score: float) -> float:
        """Where `score` lies on the track (map pixels)."""
        return track_x(score, self.track_top())

    def track_marks(self) -> list[tuple[int, int, int]]:
        """(seat, x, y) of each seat's marker in map pixels, where it stands as it slides."""
        return track_marks(self._track_shown, self.view["num_players"], self.track_top())

    # ---- what moves over the road: pawns, places to walk to, the hover tip -----------------------------------
    def walking_now(self) -> bool:
        """The seat to act is walking (or moving the neutral traveller)."""
        pending = self.view.get("pending")
        return self.view["phase"] == "play" and (pending is None or pending["kind"] == WALK)

    def targets(self) -> list[Move]:
        """The places the viewer may walk to now: the legal Move actions whose stop glows."""
        glowing = self.glowing
        return [m for m in self._targets if ("stop", m.index) in glowing]

    def _overlay_key(self) -> Hashable:
        v = self.view
        pawns = tuple((piece, self.pawn_xy(piece)) for piece in self.pieces() if piece not in self.walking)
        tip = self.hover if isinstance(self.hover, tuple) and self.hover[0] == "stop" else None
        acting = v.get("acting") if v["phase"] == "play" and not self.walking else None
        met = self.met.key() if self.met is not None else None
        return (pawns, tuple(self.targets()), tip, acting, last_walk(v), v["phase"], tuple(self.track_marks()), met)

    def _overlay_rects(self, key: Hashable) -> list[pygame.Rect]:
        pawns, targets, tip, _acting, walk, _phase, marks, met = key   # type: ignore[misc]
        box = tip_rect(self._tip_lines(tip[1])) if tip is not None else None
        rects = self.roadmap.overlay_rects(pawns, marks, targets, box, walk)
        return rects + ([theme.shadowed_extent(met_area())] if met is not None else [])

    def ticking_rects(self) -> list[pygame.Rect]:
        return self.overlay.dirty()

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        surface = map_view(canvas)
        v = self.view
        walk = last_walk(v)
        if walk is not None and walk[0] not in self.walking:
            draw_trail(surface, self.roadmap.trail_points(walk), self.piece_colour(walk[0]))
        hovered = self.hover[1] if isinstance(self.hover, tuple) and self.hover[0] == "stop" else None
        self.roadmap.draw_targets(surface, self.targets(), hovered)
        pawns = sorted((self.pawn_xy(piece), piece) for piece in self.pieces() if piece not in self.walking)
        for (x, y), piece in sorted(pawns, key=lambda item: item[0][1]):
            self.draw_pawn(surface, piece, (x, y))
        if self.met is not None and not self.met.waiting:        # who met the card shown beside the road
            met_ring(surface, self.pawn_xy(self.met.piece), self.ctx.seats[self.met.piece].colour)
        acting = v.get("acting")
        if v["phase"] == "play" and acting is not None and acting not in self.walking:
            draw_acting(surface, self.pawn_xy(acting), self.roadmap.free_side(v, acting))
        draw_marks(surface, self.track_marks(), self.seat_colours())
        if isinstance(self.hover, tuple) and self.hover[0] == "stop":
            draw_tip(canvas, self._tip_lines(self.hover[1]), self.road[self.hover[1]].kind)
        if self.met is not None and not self.met.waiting:
            draw_met(canvas, self.met.card, self.piece_name(self.met.piece), self.ctx.seats[self.met.piece].colour)

    def seat_colours(self) -> list[int]:
        """Every seat's palette index, for what the helpers draw in the seats' colours."""
        return [s.colour for s in self.ctx.seats]

    def piece_colour(self, piece: int) -> pygame.Color:
        """A traveller's colour: its seat's, or grey for the neutral one."""
        if piece >= self.view["num_players"]:
            return NEUTRAL_GREY
        return theme.seat_colour(self.ctx.seats[piece].colour)

    def draw_pawn(self, surface: pygame.Surface, piece: int, at: tuple[float, float]) -> None:
        """Traveller `piece` standing at the map point `at`."""
        draw_pawn(surface, at, None if piece >= self.view["num_players"] else self.ctx.seats[piece].colour)

    def _tip_lines(self, index: int) -> list[str]:
        targets = self.targets()
        key = (index, self.ctx.moves_made, self.viewer, tuple(targets))
        if self._tip_cache[0] == key:
            return self._tip_cache[1]
        note = None
        if self.is_my_turn() and self.walking_now():
            if any(m.index == index for m in targets):
                note = "click to walk here"
            else:
                note = self.ctx.explain(Move(index, 0)).rstrip(".")
        here = [self.piece_name(p) for p in self.pieces() if self.view["players"][p]["index"] == index]
        stop = self.road[index]
        left = supply_left(self.view, stop.kind) if self.crossroads() else None
        lines = tip_lines(stop, self.view["second_places"] and stop.doubled, self.crossroads(), here, note, left)
        self._tip_cache = (key, lines)
        return lines

    def piece_name(self, piece: int) -> str:
        """A traveller's name: its seat's, or "the neutral traveller"."""
        return "the neutral traveller" if piece >= self.view["num_players"] else self.name(piece)

    # ---- keeping in step with the context -------------------------------------------------------------------
    def on_view(self) -> None:
        """A new view (a move, an undo, the curtain lifted, another viewer): what was toggled or
        picked for the last decision no longer applies."""
        self.basket = souvenir_basket(self.ctx.legal)
        self.picked = card_picker(self.view, self.ctx.legal)
        self._choice = None
        self._targets = [a for a in self.ctx.legal if isinstance(a, Move)] if self.walking_now() else []

    @property
    def selection(self) -> tuple[int, ...]:
        """The souvenirs toggled on, in the order clicked."""
        return self.basket.chosen

    @property
    def chosen(self) -> Hashable:
        """The meal or pool card picked, or None."""
        return self.picked.first

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.met is not None and self.met.tick(dt):
            self.met = None
        slide_marks(self._track_shown, self.view["scores"][:self.view["num_players"]], dt, self.app.animation_speed)
        self._sync_buttons()

    def choice(self) -> Choice:
        """The decision panel now, built once per view (and again after a click changes it)."""
        if self._choice is None:
            self._choice = build_choice(Moment(
                self.view, self.ctx.legal, self.road, self.is_my_turn(), self.ctx.name(self.ctx.to_act),
                self.names(), self.seat_colours(), self.viewer, self.basket, self.picked))
        return self._choice

    def _changed_choice(self) -> None:
        self._choice = None
        self._sync_buttons()

    # ---- drawing the panels ----------------------------------------------------------------------------
    def _panel_signature(self) -> Hashable:
        hover = self.hover if isinstance(self.hover, tuple) and self.hover[0] != "stop" else None
        return (self.choice().signature(), hover, self.glowing)

    def _render_panel(self, surface: pygame.Surface) -> None:
        render_panel(surface, self.choice(), self.hover, self.is_my_turn() and not self.ctx.is_over, self.glowing)

    def collection_seat(self) -> int | None:
        """Whose journey the collection panel shows: a seat whose panel the mouse is over (its
        public parts: meals and amulets stay face down), else the viewer's, else the seat to act's."""
        if isinstance(self.hover, tuple) and self.hover[0] == "seat" and self.hover[1] < self.view["num_players"]:
            return self.hover[1]
        if self.viewer is not None:
            return self.viewer
        return self.ctx.to_act

    def _collection_signature(self) -> Hashable:
        seat = self.collection_seat()
        if seat is None:
            return None
        return (seat, self.viewer, repr(self.view["players"][seat]), self.view["scores"][seat])

    def _render_collection(self, surface: pygame.Surface) -> None:
        draw_journey(surface, self.view, self.collection_seat(), self.viewer, self.names(), self.seat_colours())

    def _collection_rows(self, p: dict[str, Any], own: bool) -> list[tuple[str, str]]:
        return journey_rows(p, own, self.crossroads())

    # ---- buttons of the panel ---------------------------------------------------------------------------
    def _sync_buttons(self) -> None:
        specs = self.choice().buttons if self.is_my_turn() else []
        wanted = [kit.Choice(s.name, s.label, tuple(s.rect), s.kind, s.tooltip or "") for s in specs]
        self.buttons.sync(wanted)

    def button_key(self, action) -> Hashable:
        """The name of the panel's button that makes `action` (buy, devote, eat, yes, no...)."""
        return next((spec.name for spec in self.choice().buttons if spec.action == action), None)

    def board_button(self, name: str) -> Any:
        """The pygame-gui button named `name` (buy, devote, eat, nothing, yes, no, base, cross...)."""
        return self.buttons.buttons.get(name)

    def on_board_button(self, element: Any) -> None:
        name = self.buttons.pressed(element)
        for spec in self.choice().buttons if name is not None else []:
            if spec.name == name and spec.action is not None:
                self.try_action(spec.action)
                return

    # ---- targets: what a click means (table kit) --------------------------------------------------------
    declares_targets = True

    def target_of(self, action) -> Hashable:
        if isinstance(action, Move) and self.walking_now():
            return ("stop", action.index)
        return None   # the rest is chosen in the panel (its cards are step targets) or by its buttons

    def step_targets(self) -> list[Hashable]:
        return [spot.target for spot in self.choice().spots if spot.clickable]

    def next_click(self, action) -> Hashable:
        """Where a person clicks next towards `action`: the card in the panel that starts it (a
        traveller, a panorama part, an encounter to keep), the souvenirs one by one, a meal or
        pool card and then its way to pay; the panel's button that gives it, or a stop."""
        if isinstance(action, ChooseTraveller):
            return ("traveller", action.traveller)
        if isinstance(action, TakePanorama):
            return ("panorama", action.panorama)
        if isinstance(action, KeepEncounter) and self.viewer is not None:
            drawn = self.view["players"][self.viewer].get("drawn") or []
            return ("keep", drawn.index(action.card)) if action.card in drawn else None
        if isinstance(action, BuySouvenirs) and action in self.basket.all:
            thing = self.basket.next_toggle(action)
            if thing is not None:
                return ("souvenir", thing)
        pairs = [p for p in self.picked.all if p[1] == action]   # a dish may lie there twice
        pair = next((p for p in pairs if p[0] == self.picked.first), pairs[0] if pairs else None)
        step = self.picked.next_step(pair) if pair is not None else None
        if step is not None and step[0] == 0:
            return step[1]   # the meal or pool card
        return super().next_click(action)

    def selection_key(self) -> Hashable:
        return (self.basket.chosen, self.picked.first)

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        if isinstance(target, tuple) and target and target[0] == "stop":
            moves = [m for m in self.targets() if m.index == target[1]]
            x, y = self.roadmap.slot_xy(target[1], moves[0].slot if moves else 0)
            return pygame.Rect(round(MAP.x + x) - 16, round(MAP.y + y) - 16, 32, 32)
        spot = self.spot(target)
        return pygame.Rect(spot.rect) if spot is not None else None

    def why_not_target(self, target: Hashable) -> str:
        if target is None:
            return "Nothing to click there."
        if target[0] == "stop":
            if not self.walking_now():
                return "You are not walking now: " + self.prompt()
            return self.ctx.explain(Move(target[1], 0)) or "You cannot walk there."
        if target[0] == "back":
            return "Those cards are face down."
        return why_not(self.spot(target))

    # ---- clicks ----------------------------------------------------------------------------------------
    def spot(self, target: Hashable) -> Spot | None:
        """The drawn card that `target` names, if it is in the panel now."""
        return self.choice().spot(target)

    def hit_board(self, pos: tuple[int, int]) -> Hashable:
        if MAP.collidepoint(pos):
            best = self.roadmap.stop_at((pos[0] - MAP.x, pos[1] - MAP.y), self.view["pieces"])
            return ("stop", best) if best is not None else None
        if PANEL.collidepoint(pos):
            return self.choice().target_at(pos)
        return None

    def click_target(self, target: Hashable) -> None:
        if not isinstance(target, tuple):
            return
        what = target[0]
        if what == "stop":
            self._walk_to(target[1])
        elif what == "traveller":
            self.try_action(ChooseTraveller(target[1]))
        elif what == "souvenir":
            self._toggle_souvenir(target[1])
        elif what == "panorama":
            self.try_action(TakePanorama(target[1]))
        elif what == "keep":
            own = self.view["players"][self.viewer] if self.viewer is not None else {}
            cards = own.get("drawn") or []        # Yoshiyasu's two cards, his alone
            if target[1] < len(cards):
                self.try_action(KeepEncounter(cards[target[1]]))
        elif what in ("meal", "pool"):
            spot = self.spot(target)
            if spot is None or not spot.clickable:
                self.refuse(why_not(spot))
                return
            self.picked.start_with(None if self.picked.first == target else target)
            self.status_note = ""
            self._changed_choice()
        elif what == "back":
            self.refuse("Those cards are face down.")

    def _walk_to(self, index: int) -> None:
        moves = [m for m in self.targets() if m.index == index]
        if moves:
            self.try_action(moves[0])
        else:
            self.try_action(Move(index, 0))   # refused, with the rules' own reason why

    def _toggle_souvenir(self, ident: int) -> None:
        spot = self.spot(("souvenir", ident))
        if spot is None:
            return
        if self.basket.can_add(ident):
            self.basket.toggle(ident)
        else:
            self.refuse("You cannot pay for that one as well.")
            return
        self.status_note = ""
        self._changed_choice()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on the encounter card shown puts it away (whoever's turn it is)."""
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.met is not None
                and not self.met.waiting and met_area().collidepoint(event.pos)):
            self.met = None
            return True
        return super().handle_event(event)

    def key_board(self, event: pygame.event.Event) -> bool:
        """Enter confirms the panel's main button (Buy, Eat, Pay...)."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.is_my_turn():
            for spec in self.choice().buttons:
                if spec.kind == "primary" and spec.action is not None:
                    self.try_action(spec.action)
                    return True
        return False

    def decision_words(self, kind: str) -> str:
        return DECISION_WORDS.get(kind, "")

    def prompt(self) -> str:
        return prompt(self.view)

    # ---- seats ---------------------------------------------------------------------------------------
    def seat_panel_height(self) -> int:
        return 108

    def side_reserved(self) -> int:
        return 0

    def seat_signature(self, seat: int) -> Hashable:
        return (repr(self.view["players"][seat]), self.view["scores"][seat], self.view.get("acting") == seat)

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        draw_seat_summary(surface, rect, self.view, seat)

    # ---- what just happened: walking, sounds, what was gained -------------------------------------------------
    def on_applied(self, action: Action, seat: int | None, before: dict, after: dict) -> None:
        """Walk, sounds and what was gained, from the events of the move (as the viewer may know
        them) and the coins and points of the views before and after."""
        sounds = self.app.sound
        events = self.last_events
        delay = 0.0
        for event in events:
            if event.kind == "walk":
                delay = max(delay, self._walk(event.data["piece"], before, after))
            elif event.kind == "encounter":
                self.met = Met(event.data["card"], event.seat, delay)
        if isinstance(action, CARD_MOVES) and not (isinstance(action, BuySouvenirs) and not action.cards):
            sounds.play("card_place")
        if any(event.kind in DICE_EVENTS for event in events):
            sounds.play("dice")
        if any(_turns_cards_up(event) for event in events):
            sounds.play("card_flip")
        gains = self._gains(before, after)
        if any(k == "coins" for _piece, k, _n in gains):
            sounds.play("coin")
        if any(event.kind == "reveal_traveller" for event in events):
            return      # everyone's coins at once, on pawns close together in the queue: the seats tell
        for piece in {g[0] for g in gains}:
            self._float_gains(piece, [g for g in gains if g[0] == piece], after, delay)

    def _gains(self, before: dict, after: dict) -> list[tuple[int, str, int]]:
        out = []
        for seat in range(after["num_players"]):
            coins = after["players"][seat]["coins"] - before["players"][seat]["coins"]
            points = after["scores"][seat] - before["scores"][seat]
            if coins:
                out.append((seat, "coins", coins))
            if points:
                out.append((seat, "points", points))
        return out

    def _walk(self, piece: int, before: dict, after: dict) -> float:
        """Walk a traveller along the road from where it stood to where it stands; returns
        how long the walk takes at the app's pace (none with animations off)."""
        a, b = before["players"][piece]["index"], after["players"][piece]["index"]
        at = along([self.pawn_xy(piece, before)] + self.roadmap.route_between(a, b) + [self.pawn_xy(piece, after)])
        duration = min(1.2, 0.35 + 0.055 * abs(b - a))
        self.walking.add(piece)

        def bounds(t: float) -> pygame.Rect:
            return pawn_rect(at(t))

        def draw(surface: pygame.Surface, t: float) -> None:
            x, y = at(t)
            hop = 5 * abs(math.sin(t * math.pi * max(1, abs(b - a))))   # a walker's little steps
            self.draw_pawn(map_view(surface), piece, (x, y - hop))

        def done() -> None:
            self.walking.discard(piece)

        return self.anim.add(Motion(duration, draw, bounds, ease=ease_in_out, on_done=done)).duration   # as paced

    def _float_gains(self, piece: int, gains: list[tuple[int, str, int]], after: dict, delay: float) -> None:
        """What a seat just gained or paid rises for a moment over its own panel, beside its
        points, where it hides nothing of the road (place names, pawns)."""
        words = []
        for _piece, kind, n in gains:
            sign = "+" if n > 0 else "−"
            words.append(f"{sign}{abs(n)} {'coin' if kind == 'coins' else 'pt'}{'s' if abs(n) != 1 else ''}")
        label = gain_label("  ".join(words))
        start, rise = self.gain_start(piece, label.get_size())

        def bounds(t: float) -> pygame.Rect:
            return label.get_rect(center=(round(start[0]), round(start[1] - rise * t))).inflate(8, 8)

        def draw(surface: pygame.Surface, t: float) -> None:
            surface.blit(label, bounds(t).inflate(-8, -8))

        self.anim.add(Motion(0.7, draw, bounds, delay=delay, ease=ease_out_cubic, hold=0.9))


    def gain_start(self, piece: int, size: tuple[int, int]) -> tuple[tuple[float, float], float]:
        """Where a seat's gain badge starts (its centre) and how far it rises: at the right end
        of the panel's second line, clear of the points it changes (the first line's right) and
        of the coins (the second line's left)."""
        box = self._seat_rects[piece]
        return (box.right - 16 - size[0] / 2, box.y + 70), 10.0


class Met:
    """The encounter card just drawn, shown over the journey panel (the road's traveller ringed)
    for `SHOW` seconds (after the walk there, `delay`) or until clicked away."""
    SHOW = 3.0

    def __init__(self, card: str, piece: int, delay: float = 0.0) -> None:
        self.card, self.piece = card, piece
        self.left = self.SHOW + delay

    def key(self) -> Hashable:
        """What is on show: nothing while the traveller still walks there."""
        return None if self.waiting else (self.card, self.piece)

    def tick(self, dt: float) -> bool:
        """Time passes; True once it is time to put the card away."""
        self.left -= dt
        return self.left <= 0

    @property
    def waiting(self) -> bool:
        return self.left > self.SHOW


def _turns_cards_up(event: Event) -> bool:
    """Cards came face up or into a hand: a village's offer, an inn's meals, an encounter, a
    hot spring."""
    if event.kind == "village_offer":
        return bool(event.data.get("cards"))
    if event.kind == "meal_table":
        return bool(event.data.get("count"))
    return event.kind in CARD_EVENTS


__all__ = ["TokaidoScene", "MAP", "PANEL", "COLLECTION"]
