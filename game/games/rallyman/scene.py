"""Rallyman GT's table: the circuit with the cars on their spaces, the turn-order strip beside
it, each car's dashboard in the side panel, and the driver's controls (the dice tray, the plan
and its odds, the buttons to roll).

The scene reads only its context (the view and the legal actions). The planned path is drawn
space by space over the track with the gear on each space, the limits it meets and the chance
of losing control there. A move is shown from its events: the dice tumble, the car drives space
by space, a loss of control skids the car and the damage tokens come out of the bag one by one.

This module ties the table together (reading the view, the die picked and the spaces it may go
to, the clicks and keys); what it draws and says lives beside it: `board` (the circuit, the
cars and the plan over it), `panel` (the driver's panel), `buttons` (the panel's buttons),
`seats` (the turn-order strip and the seat panels), `motions` (a move shown), `prompts` (the
words), `layout` (where things sit) and `scene_art` (the drawn pieces).
"""
from __future__ import annotations

from typing import Any
from collections.abc import Hashable

import pygame

from game.table.frame import GameScene
from game.table.overlay import KeyedOverlay
from game.table.panel import ChoicePanel
from game.table.picker import Picker
from game.ui import theme

from . import scene_art as art
from .actions import PlanDie, TakeBack
from .board import Board
from .buttons import Buttons
from .layout import STRIP
from .motions import Motions
from .panel import Panel
from .phases import OVER, PLACEMENT, PLAN, STANDINGS
from .prompts import Prompts, die_name
from .seats import Seats


class RallymanScene(Board, Panel, Buttons, Seats, Motions, Prompts, GameScene):
    """The race table, for every circuit."""

    has_hidden_information = False   # everything in Rallyman GT is public: no curtain

    # ---- set-up -------------------------------------------------------------------------
    def build_board(self) -> None:
        self._build_track()
        self.choices = ChoicePanel(self)
        #: a die of the tray, then the space it goes on: the legal PlanDie actions narrowed click
        #: by click (the table kit's picker); `selected_die` is the die picked
        self.planning: Picker[PlanDie] = Picker([], steps=(lambda a: a.die, lambda a: a.to))
        self.hidden_cars: dict[int, int] = {}   # seat -> motions drawing that car instead
        self._masks: dict[tuple[int, tuple[int, ...]], tuple[pygame.Surface, pygame.Rect]] = {}
        self._tumbling = False
        self.ghost_plan: tuple | None = None   # the plan being rolled, while the roll is shown
        self.told: dict | None = None           # the roller's panel, while the roll is shown
        self._buttons_top = 10_000              # where the panel's buttons begin (panel coords)
        self.placement_page = 0                 # which five of many placements the buttons show
        self._off: dict[Hashable, tuple[str, pygame.Rect]] = {}   # greyed buttons: why, and where
        self._off_tip: tuple[Any, float, Any] | None = None   # the greyed button hovered, how long, its tip
        self.add_layer(STRIP, self._render_strip, self._strip_signature)
        self.add_layer(self.side_reserved_rect(), self._render_panel, self._panel_signature)
        self.overlay = KeyedOverlay(self._overlay_key, self._overlay_rects)
        self._sync_buttons()

    # ---- reading the view ---------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.view["phase"]

    def acting(self) -> int | None:
        """The seat whose turn it is (the race's order), None once over."""
        v = self.view
        if v["phase"] in (OVER, STANDINGS) or not v["order"]:
            return None
        return v["order"][v["turn_index"]]

    def legal_of(self, kind: type) -> list[Any]:
        return [a for a in self.ctx.legal if isinstance(a, kind)]

    def seat_colour(self, seat: int) -> pygame.Color:
        return theme.seat_colour(self.ctx.seats[seat].colour)

    def car_image(self, seat: int, heading: float) -> pygame.Surface:
        index = self.ctx.seats[seat].colour
        colour = tuple(theme.seat_colour(index))[:3]
        return art.car(colour, theme.seat_shape(index), seat + 1, heading, round(self.k, 2))

    def _planning_picker(self) -> Picker[PlanDie]:
        """The picker over the legal plan moves, started again when they changed."""
        return self.planning.follow(self.legal_of(PlanDie))

    @property
    def selected_die(self) -> int | str | None:
        """The die picked in the tray, whose spaces glow (None: every die's)."""
        return self.planning.first

    @selected_die.setter
    def selected_die(self, die: int | str | None) -> None:
        self._planning_picker().start_with(die)

    def tray_dice(self) -> list[int | str]:
        """The dice the driver may add to the plan now, gears high to low, then coast."""
        kinds = {a.die for a in self.legal_of(PlanDie)}
        return sorted(kinds, key=lambda d: (isinstance(d, str), -d if isinstance(d, int) else 0))

    def brakes_for(self, die: int | str) -> int:
        """How many brake dice a gear die brings onto the plan (a drop of more than one gear)."""
        if not isinstance(die, int):
            return 0
        gears = [d for d in self.view["plan"] if isinstance(d, int)]
        seat = self.acting()
        marker = self.view["cars"][seat]["marker"] if seat is not None else 0
        ref = gears[-1] if gears else (marker if isinstance(marker, int) else 0)
        return max(0, ref - die - 1)

    def targets(self) -> dict[int, list[PlanDie]]:
        """The glowing next spaces (the kit's set): for the chosen die, or for every die that
        fits there."""
        glowing = self.glowing
        out: dict[int, list[PlanDie]] = {}
        for a in self.legal_of(PlanDie):
            if ("space", a.to) in glowing and (self.selected_die is None or a.die == self.selected_die):
                out.setdefault(a.to, []).append(a)
        return out

    # ---- targets: what a click on the track means (table kit) -----------------------------------
    def button_key(self, action) -> Hashable:
        """The choice panel's key of the button that makes `action` (buttons.py `_key`)."""
        return ("do", action)

    declares_targets = True

    def target_of(self, action) -> Hashable:
        if isinstance(action, PlanDie) and (self.selected_die is None or action.die == self.selected_die):
            return ("space", action.to)
        return None   # the rest are the panel's buttons and the tray's dice

    def next_click(self, action) -> Hashable:
        """A plan's die: the die in the tray, then its space (the space at once where the die
        is picked already, or is the only one that fits there); a button otherwise."""
        if isinstance(action, PlanDie) and self.selected_die != action.die:
            fits = {a.die for a in self.legal_of(PlanDie) if a.to == action.to}
            if self.selected_die is not None or len(fits) > 1:
                return ("die", action.die)
        return super().next_click(action)

    def selection_key(self) -> Hashable:
        return self.selected_die

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        if isinstance(target, tuple) and target and target[0] == "space":
            x, y = self.centre[target[1]]
            return pygame.Rect(round(x) - 6, round(y) - 6, 12, 12)
        if isinstance(target, tuple) and target and target[0] == "die" and self.phase == PLAN:
            return self.tray_rects().get(target[1])
        return None

    def on_view(self) -> None:
        if hasattr(self, "track") and self.view["circuit"] != self.circuit:
            self._change_circuit()
        if self.phase != PLACEMENT:
            self.placement_page = 0
        tray = self.tray_dice()
        if self.selected_die not in tray:
            self.selected_die = tray[0] if len(tray) == 1 else None
        self._sync_buttons()

    # ---- input --------------------------------------------------------------------------------
    def _hit_side(self, pos) -> Hashable:
        if self.phase == PLAN and self.is_my_turn():
            for die, rect in self.tray_rects().items():
                if rect.inflate(8, 8).collidepoint(pos):
                    return ("die", die)
        return super()._hit_side(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._panel_rect().collidepoint(event.pos):
            hit = self._hit_side(event.pos)
            if isinstance(hit, tuple) and hit[0] == "die":
                self.choose_die(hit[1])
                return True
        return super().handle_event(event)

    def choose_die(self, die: int | str) -> None:
        """A die in the tray was clicked: choose it, so that its spaces glow (a second click
        lets go of it)."""
        if not self.is_my_turn():
            self.refuse("Wait for your turn.")
            return
        if self.selected_die == die and len(self.tray_dice()) > 1:
            self.selected_die = None
            return
        self.selected_die = die

    def click_target(self, target: Hashable) -> None:
        if not isinstance(target, tuple) or target[0] != "space" or self.phase != PLAN:
            return
        space = target[1]
        picker = self._planning_picker()
        fits = [a for a in picker.all if a.to == space]
        if self.selected_die is not None and picker.can_choose(space):
            picker.choose(space)   # the die picked, then this space: one move
            action = picker.action
            picker.reset()
            if action is not None:
                self.try_action(action)
                return
        if len(fits) == 1:
            self.try_action(fits[0])
        elif fits:   # a step, not a refusal: which of the dice that fit there?
            dice = " or ".join(dict.fromkeys(die_name(a.die) for a in fits))
            self.status_note, self.status_seat, self.status_warning = (
                f"Which die goes there? Choose {dice} in the tray.", None, False)

    def key_board(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE and self.legal_of(TakeBack):
            self.try_action(TakeBack())
            return True
        return False
