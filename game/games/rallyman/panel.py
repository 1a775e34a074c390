"""The driver's panel of Rallyman GT's table: the dice tray, the plan with each die's face once
rolled, the cautions against the dashboard's limit, the odds in words, and once a race is over
its places and points (the buttons at its foot are buttons.py's). A part of RallymanScene
(scene.py), kept in its own file."""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.core.text import plural
from game.ui import theme

from . import dice as D
from . import scene_art as art
from .championship import RACE_POINTS
from .circuits import CIRCUIT_TITLES
from .layout import PLAN_DIE, SECURE_HEAD, TRAY_DIE, ButtonRows
from .phases import OVER, PIT, PLACEMENT, PLAN, SPUN, STANDINGS, STEPS, TYRES
from .prompts import percent
from .words import ordinal


class Panel:
    """The panel's part of RallymanScene."""

    # ---- the panel: the dice tray, plan, cautions and odds -----------------------------------------
    def seat_panel_height(self) -> int:
        n = len(self.session.seats)
        return 120 if n <= 2 else 110 if n == 3 else 100 if n == 4 else 86 if n == 5 else 76

    def side_reserved(self) -> int:
        n = len(self.session.seats)
        return 360 if n <= 3 else 350 if n == 4 else 330

    def _panel_rect(self) -> pygame.Rect:
        return self.side_reserved_rect()

    def tray_rects(self) -> dict[int | str, pygame.Rect]:
        panel = self._panel_rect()
        return {d: pygame.Rect(panel.x + 16 + i * (TRAY_DIE + 10), panel.y + 46, TRAY_DIE, TRAY_DIE)
                for i, d in enumerate(self.tray_dice())}

    def plan_row_rect(self) -> pygame.Rect:
        panel = self._panel_rect()
        return pygame.Rect(panel.x + 16, panel.y + 112, panel.width - 32, PLAN_DIE + 4)

    def plan_faces(self, v: dict | None = None) -> list[tuple[int | str, str | int | None]]:
        """Each planned die with the face it rolled this turn (None: not rolled yet)."""
        v = self.view if v is None else v
        plan = list(v["plan"])
        faces = list(v["faces"])
        secured = set(v["secured"])
        shown: list[str | int | None] = [None] * len(plan)
        k = 0
        for st in D.steps(plan) if plan else ():
            order = [i for i in st.plan_indices if i in secured] + [i for i in st.plan_indices if i not in secured]
            for i in order:
                if k < len(faces):
                    shown[i] = faces[k][1]
                    k += 1
        for i in secured:
            if shown[i] is None and i < len(plan):
                shown[i] = "secured"
        return list(zip(plan, shown))

    def _panel_signature(self) -> Hashable:
        v = self.view
        return (v["phase"], tuple(v["plan"]), repr(v["faces"]), tuple(v["secured"]), v["cautions"], v["step"],
                repr(v["odds"]), repr(v["plan_steps"]), self.selected_die, tuple(self.tray_dice()),
                self.is_my_turn(), self.acting(), v["race_no"],
                self.hover if isinstance(self.hover, tuple) and self.hover and self.hover[0] == "die" else None,
                repr(v["cars"][self.acting()]) if self.acting() is not None else None,
                self._tumbling, self._buttons_top, repr(self.told))

    def _render_panel(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        self._draw_secure_label(surface)
        seat = self.acting()
        v = self.view
        mine = self.is_my_turn()
        if self.told is not None:   # a roll being shown: the roller's dice and cautions, not the next car's
            seat, v, mine = self.told["seat"], {**self.view, **self.told["view"]}, False
        if seat is None:
            self._render_standings(surface, rect)
            return
        car = v["cars"][seat]
        facts = v["car_facts"][seat]
        who = "Your" if mine else f"{self.name(seat)}'s"
        phase = v["phase"]
        title = {PLAN: f"{who} plan", STEPS: f"{who} roll: step {v['step'] + 1}", PLACEMENT: f"{who} loss of control",
                 PIT: f"{who} pit stop?", TYRES: f"{who} tyres", SPUN: f"{who} car is off the track"}.get(
                     phase, f"{who} roll")
        room = rect.width - 290
        if theme.font(theme.SIZE_BODY, True).size(title)[0] > room:   # a long name: the words without it
            title = {PLAN: "The plan", STEPS: f"Roll: step {v['step'] + 1}", PLACEMENT: "Loss of control",
                     PIT: "Pit stop?", TYRES: "Tyres", SPUN: "Off the track"}.get(phase, "The roll")
        theme.draw_text(surface, title, (16, 12), theme.SIZE_BODY, theme.TEXT, bold=True, max_width=room)
        marker = art.gear_marker(car["marker"], 30)
        surface.blit(marker, marker.get_rect(topright=(rect.width - 16, 8)))
        r = theme.draw_text(surface, "gear", (rect.width - 54, 23), theme.SIZE_SMALL, theme.TEXT_DIM, anchor="midright")
        r = theme.draw_text(surface, str(car["focus"]), (r.x - 24, 23), theme.SIZE_BODY, theme.TEXT, bold=True,
                            anchor="midright")
        art.focus_token(surface, (r.x - 14, 23), 22)
        theme.draw_text(surface, "focus", (r.x - 30, 23), theme.SIZE_SMALL, theme.TEXT_DIM, anchor="midright")
        # the tray: the dice that may go on the plan now
        tray = self.tray_rects()
        if phase == PLAN and mine and tray:
            for die, r in tray.items():
                local = r.move(-self._panel_rect().x, -self._panel_rect().y)
                surface.blit(art.die(die, TRAY_DIE), local)
                brakes = self.brakes_for(die)
                if brakes:   # the brake dice this drop needs ride with it: a red badge with their count
                    badge = pygame.Rect(0, 0, 26, 26)
                    badge.topright = (local.right + 9, local.y - 9)
                    pygame.draw.rect(surface, (16, 16, 18), badge.inflate(4, 4), border_radius=7)
                    surface.blit(art.die("brake", 26, brakes), badge)
                chosen = die == self.selected_die
                hovered = self.hover == ("die", die)
                theme.glow_outline(surface, local.inflate(6, 6), theme.HIGHLIGHT, 10, 4 if chosen else 2)
                if chosen or hovered:
                    pygame.draw.rect(surface, theme.TEXT, local.inflate(14, 14), 2, border_radius=12)
            last = list(tray.values())[-1].move(-self._panel_rect().x, -self._panel_rect().y)
            hint = "then a glowing space" if self.selected_die is not None else "choose a die"
            room = rect.width - last.right - 28
            if theme.font(theme.SIZE_SMALL).size(hint)[0] <= room:   # where the tray leaves room
                theme.draw_text(surface, hint, (last.right + 16, last.centery), theme.SIZE_SMALL, theme.TEXT_DIM,
                                anchor="midleft")
        else:
            words = self._panel_words(phase, seat, mine)
            theme.draw_paragraph(surface, words, pygame.Rect(16, 46, rect.width - 32, 60), theme.SIZE_SMALL,
                                 theme.TEXT_DIM)
        # the plan, with each die's face once rolled (each row only where the buttons leave room)
        row = self.plan_row_rect().move(-self._panel_rect().x, -self._panel_rect().y)
        if row.bottom > self._buttons_top:
            return
        theme.draw_text(surface, "Plan", (row.x, row.centery), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True,
                        anchor="midleft")
        x = row.x + 52
        plan = self.plan_faces(v)
        if not plan:
            theme.draw_text(surface, "no dice yet" if phase == PLAN else "—", (x, row.centery), theme.SIZE_SMALL,
                            theme.TEXT_DIM, anchor="midleft")
        rolled_to = v["step"] if phase == STEPS else None
        step_of = self._step_of_index(v["plan"])
        for i, (die, face) in enumerate(plan):
            unrolled = face is None and phase != PLAN and (rolled_to is None or step_of.get(i, 0) > rolled_to)
            image = art.die(die, PLAN_DIE, face, dim=unrolled)
            at = pygame.Rect(x, row.y + 2, PLAN_DIE, PLAN_DIE)
            surface.blit(image, at)
            if phase == STEPS and step_of.get(i) == rolled_to and face is None:
                pygame.draw.rect(surface, theme.HIGHLIGHT, at.inflate(6, 6), 2, border_radius=8)
            x += PLAN_DIE + (10 if die not in ("brake",) else 4)
            if x > row.right - PLAN_DIE:
                break
        # the caution faces the dice still to roll put at risk
        at_risk = [die for die, face in plan if face is None]
        if at_risk and x < row.right - 120:
            faces = sum(D.caution_faces(d) for d in at_risk)
            theme.draw_text(surface, f"{faces} caution faces at risk", (row.right, row.centery), theme.SIZE_SMALL,
                            theme.TEXT_DIM, anchor="midright")
        # cautions against the dashboard's limit, and the focus
        y = row.bottom + 20
        if y + 14 > self._buttons_top:
            return
        limit = facts["caution_limit"]
        shown_cautions = v["cautions"]
        if phase == PLACEMENT:   # the cautions count once the dice are placed; show what was rolled
            shown_cautions = sum(1 for _, face in v["faces"] if face == "caution")
        theme.draw_text(surface, "Cautions", (16, y), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True, anchor="midleft")
        cx = 112
        for i in range(limit):
            if i < shown_cautions:
                art.caution(surface, (cx, y), 26)
            else:
                art.caution(surface, (cx, y), 26, filled=False)
            cx += 32
        theme.draw_text(surface, f"the {ordinal(limit)} loses control", (cx + 4, y), theme.SIZE_SMALL,
                        theme.WARNING if shown_cautions >= limit - 1 else theme.TEXT_DIM, anchor="midleft")
        # the odds and what the plan meets
        y += 24
        for line, colour in self._odds_lines(v)[:2]:
            if y + 22 > self._buttons_top:
                break
            theme.draw_text(surface, line, (16, y), theme.SIZE_SMALL, colour, max_width=rect.width - 32)
            y += 24

    def _draw_secure_label(self, surface: pygame.Surface) -> None:
        """The words at the left of the secure row: what its buttons do and what it costs."""
        if self.phase != STEPS or not self.choices.buttons:
            return
        rows = ButtonRows(self._panel_rect())
        x, y = rows.left - self._panel_rect().x, rows.top(1) - self._panel_rect().y - SECURE_HEAD
        cost = (self.view.get("odds") or {}).get("next_focus_cost", D.next_focus_cost(len(self.view["secured"])))
        r = theme.draw_text(surface, "Secure a die", (x, y + 10), theme.SIZE_SMALL, theme.TEXT, bold=True,
                            anchor="midleft")
        theme.draw_text(surface, f"for {cost} focus: it shows no caution", (r.right + 10, y + 10), theme.SIZE_SMALL,
                        theme.TEXT_DIM, anchor="midleft", max_width=rows.width - r.width - 10)

    def _render_standings(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The race is over: the places and race points, or a solo race's time worked out; in a
        championship also each car's points so far."""
        v = self.view
        races, race_no = v["races"], v["race_no"]
        if races == 1:
            title = "The race is over"
        elif v["phase"] == OVER:
            title = "The championship is over"
        else:
            title = f"Race {race_no} of {races} is over"
        theme.draw_text(surface, title, (16, 12), theme.SIZE_BODY, theme.TEXT, bold=True, max_width=rect.width - 32)
        y = 50
        bottom = min(rect.height, self._buttons_top) - 8
        if v["num_players"] == 1:
            car = v["cars"][0]
            time = car["seconds"] - car["focus"]
            theme.draw_text(surface, f"Time: {time} s", (16, y), theme.SIZE_LARGE, theme.TEXT, bold=True)
            theme.draw_paragraph(surface, f"{car['seconds']} s over {plural(car['turns'], 'turn')}, less "
                                 f"{car['focus']} s for the focus left.", pygame.Rect(16, y + 44, rect.width - 32, 50),
                                 theme.SIZE_SMALL, theme.TEXT_DIM)
            if races > 1:
                total = v["points"][0]
                theme.draw_text(surface, f"Championship: {total} s after {plural(len(v['race_results']), 'race')}",
                                (16, y + 104), theme.SIZE_SMALL, theme.TEXT, bold=True, max_width=rect.width - 32)
            return
        if races > 1:
            theme.draw_text(surface, "race", (rect.width - 96, y), theme.SIZE_SMALL, theme.TEXT_DIM, anchor="midright")
            theme.draw_text(surface, "total", (rect.width - 16, y), theme.SIZE_SMALL, theme.TEXT_DIM,
                            anchor="midright")
            y += 8
        step = 34 if v["num_players"] <= 4 or races == 1 else 30
        for place, seat in enumerate(self._final_order(), start=1):
            if y + step > bottom:
                break
            theme.draw_seat_badge(surface, self.ctx.seats[seat].colour, (30, y + 14), 18)
            theme.draw_text(surface, f"{ordinal(place)}  {self.name(seat)}", (50, y + 14), theme.SIZE_SMALL,
                            theme.TEXT, bold=place == 1, anchor="midleft", max_width=rect.width - 180)
            points = RACE_POINTS[place - 1] if place <= len(RACE_POINTS) else 0
            if races > 1:
                theme.draw_text(surface, f"+{points}", (rect.width - 96, y + 14), theme.SIZE_SMALL, theme.TEXT_DIM,
                                anchor="midright")
                theme.draw_text(surface, f"{v['points'][seat]} pts", (rect.width - 16, y + 14), theme.SIZE_SMALL,
                                theme.TEXT, bold=True, anchor="midright")
            else:
                finished = "finished" if seat in v["finishers"] else "not finished"
                theme.draw_text(surface, f"{finished} · {points} pts", (rect.width - 16, y + 14), theme.SIZE_SMALL,
                                theme.TEXT_DIM, anchor="midright")
            y += step
        if races > 1 and v["phase"] == STANDINGS and y + 24 <= bottom:
            nxt = CIRCUIT_TITLES[v["series"][race_no]]
            theme.draw_text(surface, f"Next: {nxt}, the leader starting last", (16, y + 12), theme.SIZE_SMALL,
                            theme.TEXT_DIM, max_width=rect.width - 32)

    def _step_of_index(self, plan: list) -> dict[int, int]:
        out = {}
        for s, st in enumerate(D.steps(plan) if plan else ()):
            for i in st.plan_indices:
                out[i] = s
        return out

    def _odds_lines(self, v: dict) -> list[tuple[str, pygame.Color]]:
        """The chance of losing control and what the plan meets, in words."""
        odds = v.get("odds")
        lines: list[tuple[str, pygame.Color]] = []
        if odds:
            p = odds["loss_of_control"]
            exact = odds["loss_of_control_exact"]
            frac = f" ({exact})" if "/" in exact and len(exact) <= 9 else ""
            text = f"Loss of control: {percent(p)}{frac}"
            if v["phase"] == PLAN:
                text += f" · flat out earns {v.get('flat_out_focus', D.flat_out_focus(v['plan']))} focus"
            lines.append((text, theme.WARNING if p >= 0.25 else theme.TEXT))
        notes = []
        first = v["step"] if v["phase"] == STEPS else 0
        for st in v["plan_steps"][first:]:
            notes += st["notes"]
        if notes:
            bad = any("over" in n for n in notes)
            lines.append(("Meets: " + ", ".join(dict.fromkeys(notes)), theme.WARNING if bad else theme.TEXT_DIM))
        return lines
