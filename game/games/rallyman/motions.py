"""A move shown on Rallyman GT's table from its events: the dice tumble over the plan, the car
drives space by space, a loss of control skids it, the damage tokens come out of the bag one
by one, and a championship's news shows over the map. A part of RallymanScene (scene.py),
kept in its own file."""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.core.protocol import Action
from game.core.text import plural
from game.ui import theme
from game.ui.anim import Motion, ease_out_cubic

from . import dice as D
from . import scene_art as art
from .circuits import CIRCUIT_TITLES
from .layout import PLAN_DIE

STEP_TIME = 0.3        # the car drives one space
TUMBLE = 0.55          # the dice roll
SKID = 0.7
TOKEN_STEP = 0.55      # each damage token out of the bag
TOKEN_HOLD = 1.2
BANNER = 2.6           # a championship race's end, or the next race's name, over the map
STANDINGS_HOLD = 7.0   # a race's end when a bot leads (and starts the next race): time to read


class Motions:
    """The motions' part of RallymanScene."""

    # ---- animation ----------------------------------------------------------------------------
    def on_applied(self, action: Action, seat: int | None, before: dict, after: dict) -> None:
        sounds = self.app.sound
        events = self.last_events
        delay = 0.0
        rolled = [e for e in events if e.kind == "die"]
        if rolled:
            sounds.play("dice")
            if self.anim.speed > 0 and before.get("plan"):
                totals = [e.data["total"] for e in events if e.kind == "caution"]
                shown = {"phase": "rolling", "plan": before["plan"], "secured": before["secured"],
                         "faces": before["faces"] + [[e.data["die"], e.data["face"]] for e in rolled],
                         "step": before["step"], "plan_steps": before["plan_steps"], "odds": None,
                         "cautions": before["cautions"]}
                self.told = {"seat": rolled[0].seat, "view": shown}
                final = totals[-1] if totals else before["cautions"]
                self._later(TUMBLE, lambda: self._tell_cautions(final))
            self._tumble([(e.data["die"], e.data["face"]) for e in rolled])
            delay += TUMBLE
        moves = [e for e in events if e.kind == "move"]
        mover = moves[0].seat if moves else None
        if moves and before.get("path") and before.get("plan_steps") and self.anim.speed > 0:
            self.ghost_plan = self._plan_of(before, mover)
        if moves:
            spaces = [moves[0].data["frm"]] + [e.data["to"] for e in moves]
            delay = self._drive_car(mover, spaces, delay, before)
        for e in events:
            if e.kind == "loss":
                delay = self._skid(e.seat, e.data["space"], delay)
        tokens = [e.data["token"] for e in events if e.kind == "token"]
        if tokens:
            self._tokens(tokens, delay)
            delay += len(tokens) * TOKEN_STEP + TOKEN_HOLD
        for e in events:
            if e.kind == "race_over" and self.view["races"] > 1 and not e.data["last"]:
                winner = e.data["order"][0]
                self.app.sound.play("game_end")
                # a bot that leads starts the next race itself: people get longer to read the
                # standings first (a click skips, as ever)
                leader = (self.view.get("standings") or [None])[0]
                people = any(not s.is_bot for s in self.ctx.seats)
                hold = STANDINGS_HOLD if people and leader is not None and self.ctx.seats[leader].is_bot else BANNER
                self._banner(f"Race {e.data['race']} of {self.view['races']} is over",
                             f"{self.name(winner)} wins it." if self.view["num_players"] > 1
                             else "Your time goes on the championship's clock.", delay, hold)
            elif e.kind == "race":
                self.app.sound.play("engine")
                self._banner(f"Race {e.data['race']} of {self.view['races']}",
                             f"{CIRCUIT_TITLES[e.data['circuit']]}: {plural(self.view['laps'], 'lap')}, "
                             "the leader starting last.", delay)
        self._sync_buttons()

    def _banner(self, title: str, words: str, delay: float, hold: float = BANNER) -> None:
        """A championship's news over the map for a while (bots wait for it; a click skips)."""
        area = pygame.Rect(0, 0, 560, 118)
        area.center = self.map_rect.center

        def draw(surface: pygame.Surface, t: float) -> None:
            pygame.draw.rect(surface, (12, 14, 16), area.move(0, 6), border_radius=14)
            pygame.draw.rect(surface, theme.PANEL, area, border_radius=14)
            pygame.draw.rect(surface, theme.HIGHLIGHT, area, 3, border_radius=14)
            theme.draw_text(surface, title, (area.centerx, area.y + 18), theme.SIZE_LARGE, theme.TEXT, bold=True,
                            anchor="midtop", max_width=area.width - 40)
            theme.draw_text(surface, words, (area.centerx, area.bottom - 20), theme.SIZE_BODY, theme.TEXT_DIM,
                            anchor="midbottom", max_width=area.width - 40)

        self.anim.add(Motion(0.25, draw, lambda t: area.inflate(12, 16), delay=delay, hold=hold))

    def _tell_cautions(self, total: int) -> None:
        if self.told is not None:
            self.told = {**self.told, "view": {**self.told["view"], "cautions": total}}

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.told is not None and not self.anim.busy:
            self.told = None   # the roll has been shown: the panel is the next car's
        self._greyed_tooltip(dt)

    def _hide(self, seat: int) -> None:
        self.hidden_cars[seat] = self.hidden_cars.get(seat, 0) + 1

    def _show(self, seat: int) -> None:
        left = self.hidden_cars.get(seat, 0) - 1
        if left > 0:
            self.hidden_cars[seat] = left
        else:
            self.hidden_cars.pop(seat, None)
        self.overlay.forget()

    def _later(self, delay: float, do) -> None:
        """Do something (a sound) when a motion gets there."""
        self.anim.add(Motion(0.0, lambda _s, _t: None, lambda _t: pygame.Rect(0, 0, 0, 0), delay=delay,
                             on_done=do))

    def _tumble(self, dice: list[tuple[int | str, Any]]) -> None:
        """The dice roll over the plan row: faces flicker, then settle on what they show."""
        row = self.plan_row_rect()
        area = pygame.Rect(row.x + 46, row.y - 4, row.width - 46, row.height + 8)
        self._tumbling = True

        def draw(surface: pygame.Surface, t: float) -> None:
            pygame.draw.rect(surface, theme.PANEL_LIGHT, area, border_radius=8)
            x = area.x + 6
            tick = int(t * 9)
            for i, (die, face) in enumerate(dice):
                if t < 1:
                    options = D.faces(die)
                    shown = options[(tick + i * 3) % 6]
                    wobble = round(math.sin((t * 9 + i) * math.pi) * 4)
                else:
                    shown, wobble = face, 0
                image = art.die(die, PLAN_DIE, shown)
                surface.blit(image, (x, area.y + 4 + wobble))
                x += PLAN_DIE + 8
                if x > area.right - PLAN_DIE:
                    break

        def done() -> None:
            self._tumbling = False

        self.anim.add(Motion(TUMBLE, draw, lambda t: area, ease=lambda t: t, on_done=done))

    def _drive_car(self, seat: int, spaces: list[int], delay: float, before: dict) -> float:
        """The car drives space by space (one motion, so it is drawn the whole while)."""
        self._hide(seat)
        steps = len(spaces) - 1
        duration = delay + steps * STEP_TIME
        self._later(delay, lambda: self.app.sound.play("engine"))
        points = [self.centre[s] for s in spaces]
        headings = [self.track.spaces[s].heading for s in spaces]
        if before.get("cars") and before["cars"][seat]["in_pit"] and self.pit_centres:
            points[0] = self.pit_centres[seat % len(self.pit_centres)]
        pad = round(34 * self.k)
        start_delay = delay

        def where(t: float) -> tuple[tuple[float, float], float]:
            now = t * duration - start_delay
            if now <= 0:
                return points[0], headings[0]
            x = min(steps, now / STEP_TIME)
            i = min(steps - 1, int(x))
            f = ease_out_cubic(x - i) if x < steps else 1.0
            a, b = points[i], points[i + 1]
            turn = (headings[i + 1] - headings[i] + 180) % 360 - 180
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), headings[i] + turn * f

        def bounds(t: float) -> pygame.Rect:
            (x, y), _ = where(t)
            return pygame.Rect(round(x) - pad, round(y) - pad, 2 * pad, 2 * pad)

        def draw(surface: pygame.Surface, t: float) -> None:
            (x, y), heading = where(t)
            image = self.car_image(seat, heading)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))

        def done() -> None:
            self.ghost_plan = None
            self._show(seat)

        self.anim.add(Motion(duration, draw, bounds, ease=lambda t: t, on_done=done))
        return duration

    def _skid(self, seat: int, space: int, delay: float) -> float:
        """A loss of control: the car spins on its space, with the skid's sound."""
        self._hide(seat)
        centre = self.centre[space]
        heading = self.track.spaces[space].heading
        pad = round(36 * self.k)
        area = pygame.Rect(centre[0] - pad, centre[1] - pad, 2 * pad, 2 * pad)
        self._later(delay, lambda: self.app.sound.play("skid"))

        def draw(surface: pygame.Surface, t: float) -> None:
            image = self.car_image(seat, heading + 360 * ease_out_cubic(t) * 1.25)
            surface.blit(image, image.get_rect(center=centre))
            if t < 1:
                pygame.draw.circle(surface, theme.WARNING, centre, pad - 2, 3)

        def done() -> None:
            self._show(seat)

        self.anim.add(Motion(SKID, draw, lambda t: area, delay=delay, ease=lambda t: t, on_done=done))
        return delay + SKID

    def _tokens(self, tokens: list[str], delay: float) -> None:
        """The damage tokens come out of the bag one by one, in a box over the map's foot."""
        size = 64
        width = max(360, 40 + len(tokens) * 150)
        area = pygame.Rect(0, 0, width, 150)
        area.midbottom = (self.map_rect.centerx, self.map_rect.bottom - 24)
        for n in range(1, len(tokens) + 1):
            shown = tokens[:n]
            last = n == len(tokens)

            def draw(surface: pygame.Surface, t: float, shown=shown) -> None:
                pygame.draw.rect(surface, (12, 14, 16), area.move(0, 6), border_radius=14)
                pygame.draw.rect(surface, theme.PANEL, area, border_radius=14)
                pygame.draw.rect(surface, theme.WARNING, area, 3, border_radius=14)
                theme.draw_text(surface, "Damage from the bag", (area.centerx, area.y + 12), theme.SIZE_BODY,
                                theme.TEXT, bold=True, anchor="midtop")
                x = area.centerx - (len(tokens) * 150) // 2 + 75
                for i, token in enumerate(shown):
                    chip = art.damage_token(token, size)
                    lift = round((1 - t) * 20) if i == len(shown) - 1 else 0
                    surface.blit(chip, chip.get_rect(center=(x, area.y + 78 + lift)))
                    theme.draw_text(surface, art.TOKEN_WORDS.get(token, token), (x, area.bottom - 14),
                                    theme.SIZE_SMALL, theme.TEXT, anchor="midbottom", max_width=146)
                    x += 150

            self.anim.add(Motion(0.3, draw, lambda t: area.inflate(12, 16), delay=delay + (n - 1) * TOKEN_STEP,
                                 hold=(TOKEN_STEP - 0.3) if not last else TOKEN_HOLD))
