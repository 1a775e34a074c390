"""Ticket to Ride's table, for both boards: the map with every claimed route in its owner's
trains, the strip of face-up cards and decks beside it, on South Korea the province mat, and
the side panel with the seats, the viewer's hand and tickets and the choice at hand.

The scene reads only its context (the viewer's view and legal actions) and animates from the
last move's events: a card flies from the display or the deck to the seat that took it, the
cards paid fly onto the route and its trains appear space by space; the last round, the Ticket
Draft card and the display's clearing are announced over the map; at the end each seat's
tickets are shown one by one with the routes that complete them lit up.

This module ties the table together (set-up, what a click on the board or the panel means, the
prompt); what it draws lives beside it, each part a mixin of `TtrScene`: `shapes` (where the
routes' spaces lie), `map_layers` (the map and its trains), `map_overlay` (hover and a ticket's
way), `ways` (the way a ticket still needs), `strip` (face-up cards and decks), `mat` (South
Korea's province mat), `panel` (hand and tickets), `choices` (the panel's buttons), `motions`
(the animations), `weighing` (a bot's tickets face down while it chooses), with `seats`,
`words` and `layout`.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Hashable

import pygame

from game.table.frame import GameScene
from game.table.overlay import KeyedOverlay
from game.table.panel import ChoicePanel
from game.table.picker import Picker
from game.table.targets import Press

from .choices import PanelChoices
from . import holdings
from .data import COLOURS, DRAFT_KEEP, GREY, KOREA, PROVINCE_SPOTS, Board, board
from .layout import DECK_RECT, MAP_XY, ORDER, STRIP, TICKET_DECK_RECT
from .map_layers import MapLayers
from .map_overlay import MapOverlay
from .mat import ProvinceMat
from .motions import Motions
from .panel import SidePanel
from .rules import (DECK, DRAFT, DRAFTED, DRAWING, FESTIVAL, KEEP, PLACE, Claim, DraftPick, DrawCard, DrawTickets,
                    KeepTickets, Pass, Place)
from .seats import draw_seat_summary, seat_signature
from .shapes import RouteShapes
from .strip import CardStrip
from .ways import TicketWays
from .weighing import TicketWeighing


class TtrScene(TicketWeighing, MapLayers, MapOverlay, RouteShapes, TicketWays, CardStrip, ProvinceMat, SidePanel,
               PanelChoices, Motions, GameScene):
    """Both boards' table (the board follows the game id)."""

    #: every seat's holdings in words, for a finished game's replay (table/everything.py)
    holdings_words = holdings.holdings_words

    # ---- set-up ---------------------------------------------------------------------------------
    def build_board(self) -> None:
        self.board: Board = board("korea" if self.spec.id == "ttr-korea" else "iberia")
        self.korea = self.board.name == KOREA
        self.map_rect = pygame.Rect(MAP_XY, self.board.size)
        self.mat_rect = pygame.Rect(self.map_rect.right + 8, 72, STRIP.x - 8 - self.map_rect.right - 8, 1000)
        self.choices = ChoicePanel(self)
        #: a route, then how to pay for it: the legal Claims narrowed click by click (the table
        #: kit's picker); `selected_route` is the route picked, waiting for a payment
        self.claiming: Picker[Claim] = Picker([], steps=(lambda a: a.route,
                                                       lambda a: (a.colour, a.locomotives, a.cards)))
        self.keep_choice: set[int] = set()
        self.keep_key: tuple = ()
        self.pay_page = 0
        self.ticket_page = 0
        self.appearing: dict[int, int] = {}      # route -> seat, while its trains appear
        self.hidden_spots: set[tuple[str, int]] = set()
        self.revealing: tuple[int, int, bool] | None = None   # seat, ticket, done (the end)
        self._route_sprites: dict[tuple[int, int], tuple[pygame.Surface, tuple[int, int]]] = {}
        self._paths: dict[tuple, tuple[list[int], list[str]]] = {}
        self._geometry()
        try:
            from game.core.board import load_board
            from game import assets
            tmx = load_board(assets.path("maps", f"ttr-{self.board.name}.tmx"))
            self.map_image = self.board_picture(tmx, f"ttr-{self.board.name}.tmx")
        except Exception as exc:   # a broken map must not stop the game
            self.map_image = self.plain_board(exc, self.map_rect.size)
        self._claims_canvas: pygame.Surface | None = None
        self._painted_claims: tuple[tuple[int, int], ...] = ()
        self.overlay = KeyedOverlay(self._overlay_key, self._overlay_rects)
        self._add_map_tiles()
        self._warm_cars()
        if self.korea:
            self._add_mat_layers()
        self.add_layer(STRIP, self._render_strip, self._strip_signature)
        self.add_layer(self.side_reserved_rect(), self._render_panel, self._panel_signature)
        self._sync_buttons()

    # ---- reading the view ---------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.view["phase"]

    def claims(self) -> dict[int, int]:
        return {r: s for r, s in self.view["claims_list"]}

    def hand(self) -> list[str]:
        seat = self.viewer
        return list(self.view["hands"][seat] or []) if seat is not None else []

    def my_tickets(self) -> list[int]:
        seat = self.viewer
        return list(self.view["tickets"][seat] or []) if seat is not None else []

    def city(self, key: str) -> str:
        return self.board.labels.get(key, key)

    def seat_colour(self, seat: int) -> int:
        return self.ctx.seats[seat].colour

    def legal_of(self, kind: type) -> list[Any]:
        return [a for a in self.ctx.legal if isinstance(a, kind)]

    def claimable(self) -> set[int]:
        return {a.route for a in self.legal_of(Claim)}

    # ---- targets: what a click on the board means (table kit) ---------------------------------
    declares_targets = True

    def target_of(self, action) -> Hashable:
        if isinstance(action, DrawCard):
            return ("deck",) if action.slot == DECK else ("face", action.slot)
        if isinstance(action, DrawTickets) and not action.express:
            return ("tickets",)
        if isinstance(action, Claim):
            return ("route", action.route)
        if isinstance(action, Place) and action.line and self.korea and self.phase == PLACE:
            return ("spot", action.line, self.mat_spot(action))
        return None

    def selection_key(self) -> Hashable:
        return self.selected_route

    def next_click(self, action) -> Hashable:
        """Where a person clicks next towards `action`: a draft's ticket; the tickets to keep
        one by one, then Keep; a route, then its way to pay (a page on, when the panel's page
        shows other ways or tickets); the board's target or the panel's button otherwise."""
        if isinstance(action, DraftPick):
            return self._ticket_click(action.ticket)
        if isinstance(action, KeepTickets):
            chosen = set(self.keep_choice)
            toggle = sorted(chosen ^ set(action.tickets), key=lambda t: (t not in chosen, t))
            return self._ticket_click(toggle[0]) if toggle else Press(("confirm",))
        if isinstance(action, Claim) and self.selected_route == action.route:
            shown = ("pay", action) in self.choices.buttons
            return Press(("pay", action) if shown else ("more",))
        return super().next_click(action)

    def _ticket_click(self, ticket: int) -> Hashable:
        """A ticket of the panel, or the page button when it is on another page."""
        return ("ticket", ticket) if ticket in self._ticket_rects() else Press(("tickets_page",))

    def button_key(self, action) -> Hashable:
        """The choice panel's key of the button that makes `action`."""
        return ("do", action)

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        kind = target[0] if isinstance(target, tuple) and target else None
        if kind == "ticket":
            return self._ticket_rects().get(target[1])
        if kind == "face":
            return self.face_rect(target[1])
        if kind == "deck":
            return pygame.Rect(DECK_RECT)
        if kind == "tickets":
            return pygame.Rect(TICKET_DECK_RECT)
        if kind == "spot":
            return self.spot_rect(target[1], target[2])
        if kind == "route":   # its middle space
            spaces = self.board.route_by_id[target[1]].spaces
            x, y = spaces[len(spaces) // 2]
            half = round(self.board.space_width / 2)
            return pygame.Rect(round(self.map_rect.x + x) - half, round(self.map_rect.y + y) - half, 2 * half, 2 * half)
        return None

    def why_not_target(self, target: Hashable) -> str:
        kind = target[0] if isinstance(target, tuple) and target else None
        if kind == "face":
            return self.ctx.explain(DrawCard(target[1])) or "That card cannot be taken now."
        if kind == "deck":
            return self.ctx.explain(DrawCard(DECK)) or "The deck cannot be drawn from now."
        if kind == "tickets":
            return self.ctx.explain(DrawTickets(0)) or "Tickets cannot be drawn now."
        if kind == "route":
            r = self.board.route_by_id[target[1]]
            return (self.ctx.explain(Claim(r.id, r.colour if r.colour != GREY else COLOURS[0], 0, r.length))
                    or "You cannot pay for that route with your cards.")
        if kind == "spot":
            return "Put a train on the mat right after claiming a route of that line's colour."
        return "Nothing to click there: the glowing routes, cards and decks are what you may take."

    def _claiming(self) -> Picker[Claim]:
        """The picker over the legal claims, started again when they changed."""
        legal = self.legal_of(Claim)
        if legal != self.claiming.all:
            self.pay_page = 0   # new claims: the first page of ways to pay
        return self.claiming.follow(legal)

    @property
    def selected_route(self) -> int | None:
        """The route picked, waiting for a way to pay (None: none)."""
        return self.claiming.first

    @selected_route.setter
    def selected_route(self, route: int | None) -> None:
        self._claiming().start_with(route)

    def payments(self, route: int) -> list[Claim]:
        """The legal ways to pay for `route`, fewest cards first, then fewest locomotives."""
        picker = self._claiming()
        pays = picker.remaining if route == self.selected_route else [a for a in picker.all if a.route == route]
        return sorted(pays, key=lambda a: (a.cards, a.locomotives, ORDER.index(a.colour)))

    def on_view(self) -> None:
        self._claiming()   # a claim made, or the turn moved on: the picker starts again
        key = (self.phase, self.viewer, tuple(self._keep_pool()))
        if key != self.keep_key:
            self.keep_key = key
            self.keep_choice = set()
        self._sync_buttons()

    def _keep_pool(self) -> list[int]:
        """The tickets the viewer chooses among now (drafted picks or tickets drawn)."""
        if not self.is_my_turn() or self.viewer is None:
            return []
        if self.phase == DRAFTED:
            return sorted(self.view["draft_picks"][self.viewer] or [])
        if self.phase == KEEP:
            return sorted(self.view["offered"][self.viewer] or [])
        return []

    # ---- the panel's buttons ------------------------------------------------------------------
    def on_board_button(self, element: Any) -> None:
        key = self.choices.pressed(element)
        if key is None:
            return
        if key == ("back",):
            self.selected_route = None
        elif key == ("more",):
            self.pay_page += 1
        elif key == ("tickets_page",):
            self.ticket_page += 1
        elif key == ("confirm",):
            action = self._keep_action()
            if action is None:
                why = self.ctx.explain(KeepTickets(tuple(sorted(self.keep_choice))))
                self.refuse(why or "Choose the tickets to keep.")
            else:
                self.try_action(action)
        elif key[0] in ("pay", "do"):
            self.selected_route = None
            self.try_action(key[1])
        self._sync_buttons()

    # ---- input ---------------------------------------------------------------------------------
    def hit_board(self, pos: tuple[int, int]) -> Hashable:
        for slot in range(len(self.view["face_up"])):
            if self.face_rect(slot).collidepoint(pos):
                return ("face", slot)
        if DECK_RECT.collidepoint(pos):
            return ("deck",)
        if TICKET_DECK_RECT.collidepoint(pos):
            return ("tickets",)
        if self.korea and self.mat_rect.collidepoint(pos):
            for line in COLOURS:
                for spot in range(1, PROVINCE_SPOTS + 1):
                    if self.spot_rect(line, spot).collidepoint(pos):
                        return ("spot", line, spot)
            return None
        if self.map_rect.collidepoint(pos):
            route = self.route_at((pos[0] - self.map_rect.x, pos[1] - self.map_rect.y))
            if route is not None:
                return ("route", route)
        return None

    def _hit_side(self, pos) -> Hashable:
        for ticket, rect in self._ticket_rects().items():
            if rect.collidepoint(pos):
                return ("ticket", ticket)
        return super()._hit_side(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._panel_rect().collidepoint(event.pos):
            hit = self._hit_side(event.pos)
            if isinstance(hit, tuple) and hit[0] == "ticket":
                self.click_ticket(hit[1])
                return True
        return super().handle_event(event)

    def click_ticket(self, ticket: int) -> None:
        if not self.is_my_turn():
            return
        phase = self.phase
        if phase == DRAFT:
            self.try_action(DraftPick(ticket))
        elif phase in (DRAFTED, KEEP):
            if ticket in self.keep_choice:
                self.keep_choice.discard(ticket)
            elif phase == DRAFTED and len(self.keep_choice) >= DRAFT_KEEP:
                self.refuse(f"You keep exactly {DRAFT_KEEP}: click a chosen ticket to put it back first.")
            else:
                self.keep_choice.add(ticket)
            self._sync_buttons()

    def click_target(self, target: Hashable) -> None:
        if not isinstance(target, tuple):
            return
        kind = target[0]
        if kind == "face":
            self._draw(DrawCard(target[1]))
        elif kind == "deck":
            self._draw(DrawCard(DECK))
        elif kind == "tickets":
            action = DrawTickets(0)
            if action in self.ctx.legal:
                self.try_action(action)
            else:
                self.refuse(self.ctx.explain(action))
        elif kind == "route":
            route = target[1]
            if route in self.claimable():
                self.selected_route = None if self.selected_route == route else route
                self.pay_page = 0
                self.status_note = ""
                self._sync_buttons()
            else:
                r = self.board.route_by_id[route]
                self.refuse(self.ctx.explain(Claim(route, r.colour if r.colour != GREY else COLOURS[0], 0, r.length)))
        elif kind == "spot":
            actions = self.place_targets().get((target[1], target[2]))
            if actions:
                self.try_action(min(actions, key=lambda a: a.express))
            else:
                self.refuse("Put a train on the mat right after claiming a route of that line's colour.")

    def _draw(self, action: DrawCard) -> None:
        if action in self.ctx.legal:
            self.selected_route = None
            self.try_action(action)
        else:
            self.refuse(self.ctx.explain(action))

    def key_board(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and self.selected_route is not None:
            self.selected_route = None
            self._sync_buttons()
            return True
        return False

    def prompt(self) -> str:
        phase = self.phase
        if phase == DRAFT:
            return "pick one ticket from your packet (in the panel)."
        if phase == DRAFTED:
            return f"choose exactly {DRAFT_KEEP} tickets to keep, then confirm."
        if phase == KEEP:
            held = " Rings mark your tickets' cities." if self.my_tickets() else ""
            return f"keep at least one of the tickets you drew, then confirm.{held}"
        if phase == DRAWING:
            if self.view["drawn"] == 0:   # after an Express card: the turn's two cards still to come
                return ("now draw your two train cards: a face-up card or the deck (a face-up "
                        "locomotive is the whole draw).")
            return "take a second card: a face-up card that is not a locomotive, or the deck."
        if phase == FESTIVAL:
            return "both cities have festival cards: choose one."
        if phase == PLACE:
            return "put a train on a glowing spot of the province mat, or none."
        if self.selected_route is not None:
            return "choose how to pay in the panel (cheapest first), or click the route again."
        if self.legal_of(Pass):
            return "nothing can be done this turn: pass."
        ways = ["draw train cards"] if self.legal_of(DrawCard) else []
        if self.glowing_routes():
            ways.append("click a glowing route to claim it")
        if ("tickets",) in self.glowing:
            ways.append("draw tickets")
        if not ways:
            return "take what the panel offers."
        return (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]) + "."

    # ---- seats ------------------------------------------------------------------------------
    def seat_signature(self, seat: int) -> Hashable:
        return seat_signature(self.view, seat)

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        draw_seat_summary(surface, rect, self.view, seat, self.seat_colour(seat), self.korea)
