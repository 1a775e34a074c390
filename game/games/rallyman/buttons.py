"""The buttons at the foot of Rallyman GT's panel: every button of the phase in a slot of its
own, greyed with the reason when it cannot be used now (and that reason shown as a tooltip,
which pygame-gui gives no disabled button), the placements after a loss of control a page at a
time. A part of RallymanScene (scene.py), kept in its own file."""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Hashable

import pygame

from game.core.protocol import Action
from game.core.text import plural
from game.table.panel import Choice

from . import dice as D
from .actions import (BackOnTrack, ChooseTyres, GoFlatOut, GoOneByOne, NextRace, PitStop, Placement, RollStep, Secure,
                      StopTurn, TakeBack, Wait)
from .circuits import CIRCUIT_TITLES
from .layout import PLACEMENT_PAGE, SECURE_HEAD, ButtonRows
from .phases import PIT, PLACEMENT, PLAN, SPUN, STANDINGS, STEPS, TYRES
from .prompts import SERVICE_LABELS, SERVICE_TIPS, die_name


def _key(action: Any) -> Hashable:
    """A slot's key in the choice panel: ("do", action), or a word key such as ("page",)."""
    return action if isinstance(action, tuple) else ("do", action)


class Buttons:
    """The buttons' part of RallymanScene."""

    def _sync_buttons(self) -> None:
        """The buttons of the phase, each in a slot of its own that never moves while the phase
        lasts: one that cannot be used now is greyed out and says why in its tooltip (no button
        takes another's place, so a click never lands on the wrong one)."""
        if not hasattr(self, "choices"):
            return
        panel = self._panel_rect()
        slots = self.button_slots(panel)
        wanted = [Choice(_key(action), label, rect, kind, reason or tip)
                  for action, label, kind, tip, reason, rect in slots]
        self._off = {_key(action): (reason, pygame.Rect(rect)) for action, label, kind, tip, reason, rect in slots
                     if reason}
        self._buttons_top = min((c.rect[1] for c in wanted), default=panel.bottom) - panel.y
        if self.phase == STEPS and wanted:
            self._buttons_top -= SECURE_HEAD   # the secure row's words, above it
        self.choices.sync(wanted)
        for key, button in self.choices.buttons.items():
            if key in self._off and button.is_enabled:
                button.disable()
            elif key not in self._off and not button.is_enabled:
                button.enable()

    def button_slots(self, panel: pygame.Rect) -> list[tuple[Any, str, str, str, str, tuple[int, int, int, int]]]:
        """Every button the phase has: (action, label, kind, tooltip, why it cannot be used now
        or "", rect). The rects depend on the phase alone (and, for the placements, on each
        one's place in the list), never on which of the buttons are legal."""
        v = self.view
        phase = v["phase"]
        mine = self.is_my_turn()
        seat = self.acting()
        if not mine:
            # a bot drives (or the race is over): its phase's buttons stay where they are, greyed
            if phase == STANDINGS:
                leader = (v.get("standings") or [None])[0]
                if leader is None or not self.ctx.seats[leader].is_bot:
                    return []
                busy = f"{self.name(leader)} starts the next race."
            elif seat is None or not self.ctx.seats[seat].is_bot:
                return []
            else:
                busy = f"{self.name(seat)} is at the wheel."
        else:
            busy = ""
        legal = set(self.ctx.legal) if mine else set()
        out: list[tuple[Any, str, str, str, str, tuple[int, int, int, int]]] = []

        def add(action: Any, label: str, kind: str, tip: str, rect: tuple[int, int, int, int],
                reason: str = "") -> None:
            if not reason and isinstance(action, Action) and action not in legal:
                reason = busy or "Not now."
            out.append((action, label, kind, tip, busy or reason, rect))

        rows = ButtonRows(panel)
        if phase == PLAN:
            plan = v["plan"]
            empty = "Plan a die first: choose one in the tray, then a glowing space." if not plan else ""
            a, b = rows.split(1, 2)
            add(TakeBack(), "Take back", "small", "Take the last die off the plan.", a, empty)
            if Wait() in legal:
                add(Wait(), "Wait (boxed in)", "primary", "The car stays and its gear drops to 0.", b)
            c, d = rows.split(0, 2)
            add(GoOneByOne(), "One at a time", "", "Roll step by step: stop when you like, secure dice with focus.",
                c, empty)
            focus = v.get("flat_out_focus", D.flat_out_focus(plan))
            add(GoFlatOut(), f"Flat out (+{focus} focus)" if plan else "Flat out", "primary",
                "Roll every die at once and earn focus; a loss of control lets you place the dice.", d, empty)
        elif phase == STEPS:
            self._secure_slots(v, rows, add, mine)
            stop, roll = rows.split(0, 2)
            add(StopTurn(), "Stop", "", "End the turn here; the rest of the plan is not rolled.", stop,
                "" if v["step"] > 0 else "Roll the first step before you stop.")
            add(RollStep(), "Roll", "primary", "Roll the dice of the next step.", roll)
        elif phase == PLACEMENT:
            places = [Placement(p["space"], p["gear"]) for p in v["placements"]] if not mine else \
                self.legal_of(Placement)
            pages = max(1, math.ceil(len(places) / PLACEMENT_PAGE))
            page = self.placement_page % pages
            for i, a in enumerate(places[page * PLACEMENT_PAGE:(page + 1) * PLACEMENT_PAGE]):
                add(a, self.placement_label(a), "small", self.placement_tip(a), rows.placement(i))
            if pages > 1:
                add(("page",), f"More: {page + 1} of {pages}", "small",
                    f"{len(places)} ways to lose control: show the next {PLACEMENT_PAGE}.",
                    rows.placement(PLACEMENT_PAGE))
        elif phase == PIT:
            for i, service in enumerate(("none", "tyres", "repair", "both")):
                add(PitStop(service), SERVICE_LABELS[service], "small" if service != "none" else "",
                    SERVICE_TIPS[service], rows.split(1 - i // 2, 2)[i % 2])
        elif phase == TYRES:
            for i, tyres in enumerate(D.TYRES):
                add(ChooseTyres(tyres), f"{tyres.capitalize()} tyres", "", f"Fit {tyres} tyres and plan from 0.",
                    rows.split(0, 2)[i])
        elif phase == SPUN:
            add(BackOnTrack(), "Back on the track (0)", "primary", "Put the gear marker back on 0.",
                rows.split(0, 1)[0])
        elif phase == STANDINGS and v["race_no"] < len(v["series"]):
            nxt = CIRCUIT_TITLES[v["series"][v["race_no"]]]
            add(NextRace(), f"Next race: {nxt}", "primary", "Line up for the next race of the championship.",
                rows.split(0, 1)[0])
        return out

    def _secure_slots(self, v: dict, rows: ButtonRows, add, mine: bool) -> None:
        """The step's dice to secure, on the row above Roll and Stop: up to three brake dice
        (slots 1-3, in the plan's order) and the step's gear or coast die (the last slot)."""
        plan = v["plan"]
        plan_steps = D.steps(plan) if plan else ()
        if v["step"] >= len(plan_steps):
            return
        st = plan_steps[v["step"]]
        car = v["cars"][self.acting()] if self.acting() is not None else None
        odds = v.get("odds") or {}
        cost = odds.get("next_focus_cost", D.next_focus_cost(len(v["secured"])))
        focus = car["focus"] if car else 0
        secured = set(v["secured"])
        slots = rows.secure_slots()
        brakes = 0
        for i in st.plan_indices:
            die = plan[i]
            if die == "brake":
                slot, label = slots[min(brakes, 2)], f"Brake {brakes + 1}"
                brakes += 1
            else:
                slot, label = slots[3], die_name(die).capitalize()
            if i in secured:
                reason = "Secured: this die shows no caution."
            elif focus < cost:
                reason = f"Securing a die costs {plural(cost, 'focus', 'focus')} now; the car has {focus}."
            else:
                reason = ""
            add(Secure(i), label, "small", f"Spend {cost} focus so this {die_name(die)} die shows no caution.",
                slot, reason)

    def placement_letter(self, action: Placement) -> str:
        order = self.legal_of(Placement)
        return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[order.index(action) % 26] if action in order else "?"

    def placement_label(self, action: Placement) -> str:
        danger = self.track.spaces[action.space].danger
        marker = D.marker_after_loss(action.gear, danger)
        tokens = D.damage_tokens(action.gear, danger)
        return f"{self.placement_letter(action)}: gear {action.gear} · {marker} · {plural(tokens, 'token')}"

    def placement_tip(self, action: Placement) -> str:
        danger = self.track.spaces[action.space].danger
        marker = D.marker_after_loss(action.gear, danger)
        tokens = D.damage_tokens(action.gear, danger)
        where = "off the track on 00 (a lost turn)" if marker == D.SPUN else "stopped on 0"
        return (f"Lose control on space {self.placement_letter(action)} ({danger} tile) in gear {action.gear}: "
                f"{where}, {plural(tokens, 'damage token')}.")

    def on_board_button(self, element: Any) -> None:
        key = self.choices.pressed(element)
        if key is None:
            return
        if key[0] == "do":
            self.try_action(key[1])
        elif key[0] == "page":
            self.placement_page += 1
        self._sync_buttons()

    def _greyed_tooltip(self, dt: float) -> None:
        """pygame-gui shows no tooltip on a disabled button: a greyed button hovered for a
        moment tells why it cannot be used, in the same kind of tooltip an enabled one shows."""
        pos = self.app.mouse_pos
        over = next((key for key, (_why, rect) in self._off.items() if rect.collidepoint(pos)), None)
        button = self.choices.buttons.get(over) if over is not None else None
        held = self._off_tip
        if held is None or button is None or held[0] is not button:
            if held is not None and held[2] is not None:
                held[2].kill()
            self._off_tip = (button, 0.0, None) if button is not None else None
            return
        _button, waited, tip = held
        waited += dt
        if tip is None and waited > 0.6 and button.alive():
            rect = button.rect
            tip = self.ui.create_tool_tip(self._off[over][0], (int(pos[0]), int(rect.centery)),
                                          (0, rect.height // 2), button, None)
        self._off_tip = (button, waited, tip)

    def wants_frames(self) -> bool:
        held = self._off_tip
        return super().wants_frames() or (held is not None and held[2] is None)
