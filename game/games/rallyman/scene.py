"""Rallyman GT's table: the circuit with the cars on their spaces, the turn-order strip beside
it, each car's dashboard in the side panel, and the driver's controls (the dice tray, the plan
and its odds, the buttons to roll).

The scene reads only its context (the view and the legal actions). The planned path is drawn
space by space over the track with the gear on each space, the limits it meets and the chance
of losing control there. A move is shown from its events: the dice tumble, the car drives space
by space, a loss of control skids the car and the damage tokens come out of the bag one by one.
"""
from __future__ import annotations

import itertools

import math
from typing import Any
from collections.abc import Hashable

import pygame

from game import assets
from game.core.protocol import Action
from game.core.text import plural
from game.table.frame import GameScene
from game.table.layout import BOARD
from game.table.overlay import KeyedOverlay
from game.table.panel import Choice, ChoicePanel
from game.table.picker import Picker
from game.ui import theme
from game.ui.anim import Motion, ease_out_cubic

from . import dice as D
from . import scene_art as art
from .rules import (CIRCUIT_TITLES, OVER, RACE_POINTS, PIT, PLACEMENT, PLAN, SPUN, STANDINGS, STEPS, TYRES,
                    BackOnTrack, ChooseTyres, GoFlatOut, GoOneByOne, NextRace, PitStop, PlanDie, Placement, RollStep,
                    Secure, StopTurn, TakeBack, Wait, circuit_track)
from .track import Track, load_track

MAP_XY = (8, 72)
STRIP_W = 196
STRIP = pygame.Rect(BOARD.right - STRIP_W - 8, 72, STRIP_W, 1000)
MAP_TILE = (256, 250)
TRAY_DIE = 54
PLAN_DIE = 34
STEP_TIME = 0.3        # the car drives one space
TUMBLE = 0.55          # the dice roll
SKID = 0.7
TOKEN_STEP = 0.55      # each damage token out of the bag
TOKEN_HOLD = 1.2
BANNER = 2.6           # a championship race's end, or the next race's name, over the map
STANDINGS_HOLD = 7.0   # a race's end when a bot leads (and starts the next race): time to read
REASONS = {"speed": "faster", "distance": "further", "inside": "inside", "seat": "by seat"}
SERVICE_LABELS = {"none": "Drive on", "tyres": "Tyres (ends on 0)", "repair": "Repair (ends on 00)",
                  "both": "Tyres + repair (00)"}
SERVICE_TIPS = {"none": "Do not stop: the turn ends here as usual.",
                "tyres": "Stop in the pit and change tyres: next turn you choose dry or rain, from 0.",
                "repair": "Stop in the pit and get every lost die back: the car waits on 00.",
                "both": "Change tyres and repair: the car waits on 00, then you choose the tyres."}


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Ray casting: whether a point lies in a polygon."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _die_name(die: int | str) -> str:
    return f"gear {die}" if isinstance(die, int) else str(die)


def plan_words(plan: list) -> str:
    """A plan's dice in words, in order, brakes and coast included: "gear 3, gear 4, 2 brakes"."""
    words = []
    for die, run in itertools.groupby(plan):
        count = len(list(run))
        if isinstance(die, int) or count == 1:
            words += [_die_name(die)] * count
        else:
            words.append(f"{count} {_die_name(die)}s")
    return ", ".join(words)


def _percent(p: float) -> str:
    if p <= 0:
        return "0%"
    if p < 0.005:
        return "<1%"
    return f"{p * 100:.0f}%"


class RallymanScene(GameScene):
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

    def _build_track(self) -> None:
        """The circuit of the view's race: its geometry, picture and tile layers (a
        championship's next race builds them anew)."""
        self.circuit = self.view["circuit"]
        self.track: Track = circuit_track(self.circuit)
        room = pygame.Rect(MAP_XY, (STRIP.x - 8 - MAP_XY[0], 1000))
        self.k = min(room.width / self.track.width, room.height / self.track.height, 1.0)
        size = (round(self.track.width * self.k), round(self.track.height * self.k))
        self.map_rect = pygame.Rect(MAP_XY, size)
        self.map_rect.center = room.center
        self._geometry()
        try:
            # the picture comes through the map, read anew: a map damaged since the rules read
            # it is told, and the race goes on over plain paper
            art = load_track(assets.path("maps", f"rallyman-{self.view['circuit']}.tmx"))
            if art.image is None:
                raise FileNotFoundError("the map names no picture")
            image = pygame.image.load(str(art.image)).convert()
            self.map_image = pygame.transform.smoothscale(image, size)
        except Exception as exc:   # a broken map must not stop the game
            self.map_image = self.plain_board(exc, size)
        self._masks = {}
        self._add_map_tiles()
        self._warm_cars()

    def _change_circuit(self) -> None:
        """The next race of a championship is on another circuit: lay its track."""
        old = set(map(id, self._track_layers))
        at = min(i for i, layer in enumerate(self.layers) if id(layer) in old)
        self.layers = [layer for layer in self.layers if id(layer) not in old]
        self._build_track()
        # the new tiles take the old ones' place in the drawing order (under any banner)
        new = self.layers[-len(self._track_layers):]
        self.layers = self.layers[:at] + new + self.layers[at:-len(new)]
        self._flatten_lone_layers()
        self.overlay.forget()
        self.invalidate()

    def _geometry(self) -> None:
        """Every space's polygon, centre and box on the canvas."""
        ox, oy, k = self.map_rect.x, self.map_rect.y, self.k
        self.poly: list[list[tuple[float, float]]] = []
        self.centre: list[tuple[int, int]] = []
        self.box: list[pygame.Rect] = []
        for sp in self.track.spaces:
            pts = [(ox + x * k, oy + y * k) for x, y in sp.polygon]
            self.poly.append(pts)
            self.centre.append((round(ox + sp.centre[0] * k), round(oy + sp.centre[1] * k)))
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            self.box.append(pygame.Rect(min(xs) - 3, min(ys) - 3, max(xs) - min(xs) + 7, max(ys) - min(ys) + 7))
        (ax, ay), (bx, by) = self.track.finish_line
        self.finish = ((ox + ax * k, oy + ay * k), (ox + bx * k, oy + by * k))
        self.pit_polys = [[(ox + x * k, oy + y * k) for x, y in box.polygon] for box in self.track.pit_boxes]
        self.pit_centres = [(round(ox + box.centre[0] * k), round(oy + box.centre[1] * k))
                            for box in self.track.pit_boxes]
        # a car in its pit box lies along the box's long side
        self.pit_headings = []
        for box in self.track.pit_boxes:
            pts = box.polygon
            edges = [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]
            a, b = max(edges, key=lambda e: math.dist(*e))
            self.pit_headings.append(art.heading_between(a, b))

    def _add_map_tiles(self) -> None:
        """The circuit as a grid of opaque tile layers that never change (cars and plans are
        drawn over them each frame, only where they are)."""
        tw, th = MAP_TILE
        w, h = self.map_rect.size
        self._track_layers = []
        for r in range(math.ceil(h / th)):
            for c in range(math.ceil(w / tw)):
                tile = pygame.Rect(c * tw, r * th, min(tw, w - c * tw), min(th, h - r * th))
                self._track_layers.append(self.add_layer(tile.move(self.map_rect.topleft), self._tile_renderer(tile),
                                                         lambda: self.map_problem, alpha=False))

    def _tile_renderer(self, tile: pygame.Rect):
        def render(surface: pygame.Surface) -> None:
            surface.blit(self.map_image, (0, 0), tile)
        return render

    def _warm_cars(self) -> None:
        """Turn each car's picture to every heading the track uses, once, as the table opens."""
        headings = {round(sp.heading / 5) * 5 for sp in self.track.spaces}
        for seat in range(len(self.ctx.seats)):
            for h in headings:
                self.car_image(seat, h)

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

    def die_tip(self, die: int | str) -> str:
        faces = D.caution_faces(die)
        if die == "coast":
            what = "Coast die: the car moves one space in the gear it is in."
        elif die == "brake":
            what = "Brake die: lets the next gear die drop one gear more."
        else:
            what = f"Gear {die} die: the car moves one space in gear {die}."
            brakes = self.brakes_for(die)
            if brakes:
                what += f" From here it brings {plural(brakes, 'brake die', 'brake dice')}."
        return f"{what} A caution on {faces} of its 6 faces."

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
    declares_targets = True

    def target_of(self, action) -> Hashable:
        if isinstance(action, PlanDie) and (self.selected_die is None or action.die == self.selected_die):
            return ("space", action.to)
        return None   # the rest are the panel's buttons and the tray's dice

    def selection_key(self) -> Hashable:
        return self.selected_die

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        if isinstance(target, tuple) and target and target[0] == "space":
            x, y = self.centre[target[1]]
            return pygame.Rect(round(x) - 6, round(y) - 6, 12, 12)
        return None

    def why_not_target(self, target: Hashable) -> str:
        if isinstance(target, tuple) and target and target[0] == "space" and self.phase == PLAN:
            if not self.legal_of(PlanDie):
                return "No die fits on from here: roll what is planned, or take a die back."
            return "That space is not one of the glowing next spaces."
        if self.phase != PLAN:
            return "The track is for looking now: the buttons in the panel are what you may do."
        return "Nothing to click there: plan a die on a glowing space."

    def car_spaces(self) -> dict[int, int]:
        """Cars on the track: seat -> space (cars in the pit are drawn on their pit box)."""
        return {s: c["space"] for s, c in enumerate(self.view["cars"]) if not c["in_pit"]}

    def on_view(self) -> None:
        if hasattr(self, "track") and self.view["circuit"] != self.circuit:
            self._change_circuit()
        if self.phase != PLACEMENT:
            self.placement_page = 0
        tray = self.tray_dice()
        if self.selected_die not in tray:
            self.selected_die = tray[0] if len(tray) == 1 else None
        self._sync_buttons()

    # ---- the panel: the dice tray, plan, cautions, odds and buttons -----------------------------
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
        theme.draw_text(surface, f"the {_ordinal(limit)} loses control", (cx + 4, y), theme.SIZE_SMALL,
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
        rows = _ButtonRows(self._panel_rect())
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
            theme.draw_text(surface, f"{_ordinal(place)}  {self.name(seat)}", (50, y + 14), theme.SIZE_SMALL,
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

    def _panel_words(self, phase: str, seat: int, mine: bool) -> str:
        if not mine:
            return f"{self.name(seat)} is at the wheel."
        if phase == STEPS:
            return "Roll the next step's dice. Focus secures a die first; after the first step you may stop."
        if phase == PLACEMENT:
            return "The dice lose control wherever they go: choose where, and in which gear."
        if phase == PIT:
            return "You ended in gear 1 by the pit lane: you may stop."
        if phase == TYRES:
            return "Leaving the pit: fit dry or rain tyres."
        if phase == SPUN:
            return "On 00 the whole turn goes to getting back on the track."
        if phase == PLAN and self.legal_of(Wait):
            return "No die fits: the way ahead is blocked."
        return ""

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
            text = f"Loss of control: {_percent(p)}{frac}"
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

        rows = _ButtonRows(panel)
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

    def _secure_slots(self, v: dict, rows: _ButtonRows, add, mine: bool) -> None:
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
                slot, label = slots[3], _die_name(die).capitalize()
            if i in secured:
                reason = "Secured: this die shows no caution."
            elif focus < cost:
                reason = f"Securing a die costs {plural(cost, 'focus', 'focus')} now; the car has {focus}."
            else:
                reason = ""
            add(Secure(i), label, "small", f"Spend {cost} focus so this {_die_name(die)} die shows no caution.",
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

    # ---- the strip: round and turn order ------------------------------------------------------
    def _strip_signature(self) -> Hashable:
        v = self.view
        return (v["round_no"], v["round_colour"], tuple(v["order"]), tuple(v["order_reasons"]), v["turn_index"],
                v["phase"], v["weather"], v["yellow_flag"], tuple(v["finishers"]), v["race_no"], tuple(v["points"]),
                tuple((c["laps_done"], c["marker"], c["seconds"], c["focus"]) for c in v["cars"]))

    def _render_strip(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        v = self.view
        over = v["phase"] in (OVER, STANDINGS)
        series = v["races"] > 1
        theme.draw_text(surface, "Results" if over else f"Round {v['round_no']}", (14, 12), theme.SIZE_BODY,
                        theme.TEXT, bold=True)
        if not over:
            chip = art.round_chip(v["round_colour"], 24)
            surface.blit(chip, chip.get_rect(topright=(rect.width - 14, 12)))
            theme.draw_text(surface, f"{v['round_colour']} round", (14, 42), theme.SIZE_SMALL, theme.TEXT_DIM)
        elif series:
            theme.draw_text(surface, f"race {v['race_no']} of {v['races']}", (14, 42), theme.SIZE_SMALL,
                            theme.TEXT_DIM)
        heading = ("Standings" if series else "Finish") if over else "Turn order"
        theme.draw_text(surface, heading, (14, 74), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
        y = 102
        if over and series:   # the championship's order, as the rules rank it
            order = list(v["standings"])
        else:
            order = self._final_order() if over else list(v["order"])
        reasons = list(v["order_reasons"])
        solo = v["num_players"] == 1
        for i, seat in enumerate(order):
            box = pygame.Rect(8, y, rect.width - 16, 70)
            current = not over and i == v["turn_index"]
            done = not over and i < v["turn_index"]
            pygame.draw.rect(surface, theme.PANEL_LIGHT if current else theme.BG, box, border_radius=10)
            if current:
                pygame.draw.rect(surface, self.seat_colour(seat), box, 3, border_radius=10)
            theme.draw_text(surface, str(i + 1), (box.x + 16, box.y + 20), theme.SIZE_LARGE,
                            theme.TEXT_DIM if done else theme.TEXT, bold=True, anchor="center")
            # the seat's colour (its car's), then the name with the row's whole width
            theme.draw_seat_badge(surface, self.ctx.seats[seat].colour, (box.x + 40, box.y + 20), 18)
            theme.draw_text(surface, self.name(seat), (box.x + 54, box.y + 20), theme.SIZE_SMALL,
                            theme.TEXT_DIM if done else theme.TEXT, bold=True, anchor="midleft",
                            max_width=box.width - 58)
            car = v["cars"][seat]
            if over and series:
                wins = v["wins"][seat]
                line = (f"{v['points'][seat]} s in all" if solo else
                        f"{v['points'][seat]} pts" + (f" · {plural(wins, 'win')}" if wins else ""))
            elif over:
                if solo:
                    line = f"time {car['seconds'] - car['focus']} s"
                elif seat in v["finishers"]:
                    line = "finished"
                else:
                    line = f"on lap {v['car_facts'][seat]['lap']} of {v['laps']}"
            else:
                gear = "00" if car["marker"] == D.SPUN else str(car["marker"])
                # why a car plays before the next holds for the gears of the round's start: a car
                # that has played shows its new gear alone
                reason = REASONS.get(reasons[i], "") if i < len(reasons) and not done else ""
                line = f"gear {gear}" + (f" · {reason}" if reason and i < len(order) - 1 else
                                         " now" if done else "")
            theme.draw_text(surface, line, (box.x + 8, box.y + 52), theme.SIZE_SMALL, theme.TEXT_DIM,
                            anchor="midleft", max_width=box.width - 12)
            y += 78
        y += 8
        if not over:
            weather = "Rain" if v["weather"] == "rain" else "Dry"
            theme.draw_text(surface, f"Weather: {weather}", (14, y), theme.SIZE_SMALL, theme.TEXT, bold=True)
            y += 28
            theme.draw_text(surface, plural(v["laps"], "lap") + " to race", (14, y), theme.SIZE_SMALL, theme.TEXT_DIM)
            y += 28
            if series:
                theme.draw_text(surface, f"Race {v['race_no']} of {v['races']}", (14, y), theme.SIZE_SMALL,
                                theme.TEXT_DIM)
                y += 28
            if v["yellow_flag"]:
                theme.draw_text(surface, "Yellow flag: no overtaking", (14, y), theme.SIZE_SMALL, art.CAUTION_YELLOW,
                                bold=True, max_width=rect.width - 20)
        if y < rect.height - 140 and not over:
            theme.draw_paragraph(surface, "Order: higher gear first, then further on, then the inside line.",
                                 pygame.Rect(14, rect.height - 128, rect.width - 24, 120),
                                 theme.SIZE_SMALL, theme.TEXT_DIM)

    def _final_order(self) -> list[int]:
        """This race's places (as the rules recorded them once it is over)."""
        v = self.view
        if v["num_players"] == 1:
            return [0]
        if v["phase"] in (OVER, STANDINGS) and v["race_results"]:
            return list(v["race_results"][-1]["order"])
        rest = sorted((s for s in range(v["num_players"]) if s not in v["finishers"]),
                      key=lambda s: -v["car_facts"][s]["distance"])
        return list(v["finishers"]) + rest

    # ---- seats: each car's dashboard -------------------------------------------------------------
    def seat_signature(self, seat: int) -> Hashable:
        v = self.view
        return (repr(v["cars"][seat]), repr(v["car_facts"][seat]), v["laps"], v["weather"], v["points"][seat],
                v["races"])

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        v = self.view
        car, facts = v["cars"][seat], v["car_facts"][seat]
        if facts["finished"]:
            status, colour = "Finished", theme.GOOD
        elif car["marker"] == D.SPUN:
            status, colour = "00: loses a turn", theme.WARNING
        elif car["in_pit"]:
            status, colour = "In the pit", art.CAUTION_YELLOW
        else:
            status, colour = f"Lap {facts['lap']} of {v['laps']}", theme.TEXT
        if v["races"] > 1 and v["num_players"] > 1:
            status += f" · {v['points'][seat]} pts"
        theme.draw_text(surface, status, (rect.right - 16, 26), theme.SIZE_SMALL, colour, bold=True,
                        anchor="midright")
        size = 24 if rect.height >= 90 else 22
        y = min(rect.bottom - size // 2 - 10, 64 if rect.height >= 90 else 56)
        marker = art.gear_marker(car["marker"], size + 8)
        surface.blit(marker, marker.get_rect(midleft=(18, y)))
        x = 18 + size + 16
        board = D.dashboard(car["tyres"], v["weather"]).pool
        for g in D.GEARS:
            r = pygame.Rect(x, y - size // 2, size, size)
            surface.blit(art.die(g, size), r)
            if g not in facts["gears"]:
                art.struck(surface, r)
            x += size + 2
        x += 6
        for kind, have, total in (("coast", facts["coast"], board.coast), ("brake", facts["brake"], board.brake)):
            for i in range(total):
                r = pygame.Rect(x, y - size // 2, size, size)
                surface.blit(art.die(kind, size), r)
                if i >= have:
                    art.struck(surface, r)
                x += size + 2
            x += 6
        # tyres (red on the wrong ones for the weather) and focus, on the same line
        tyres = "Rain" if car["tyres"] == "rain" else "Dry"
        wrong = facts["wrong_tyres"]
        r = theme.draw_text(surface, f"{tyres} tyres", (x + 2, y), theme.SIZE_SMALL,
                            theme.WARNING if wrong else theme.TEXT_DIM, anchor="midleft", bold=wrong)
        r = theme.draw_text(surface, f"{car['focus']}", (rect.right - 14, y), theme.SIZE_SMALL, theme.TEXT,
                            bold=True, anchor="midright")
        art.focus_token(surface, (r.x - 12, y), 18)

    # ---- the track: cars, targets and the plan, drawn over the tiles -----------------------------
    def _overlay_key(self) -> Hashable:
        v = self.view
        hover = self.hover if isinstance(self.hover, tuple) and self.hover and self.hover[0] in (
            "space", "finish", "pit", "car") else None
        cars = tuple(sorted((s, sp) for s, sp in self.car_spaces().items() if s not in self.hidden_cars))
        pit = tuple(s for s, c in enumerate(v["cars"]) if c["in_pit"] and s not in self.hidden_cars)
        plan = self.plan_drawing()
        return (cars, pit, tuple(sorted(self.targets())), plan[1] if plan else (), repr(plan),
                v["step"], v["phase"], hover, tuple((a.space, a.gear) for a in self.legal_of(Placement)),
                self.selected_die)

    def _overlay_rects(self, key: Hashable) -> list[tuple[pygame.Rect, Hashable]]:
        """Each thing the overlay draws, with its area: only what came, went or changed is
        redrawn (a plan grown by a die redraws the new space and the one before it)."""
        cars, pit, targets, _path, _plan, _step, phase, hover, placements, _die = key  # type: ignore[misc]
        pad = round(30 * self.k)
        items: list[tuple[pygame.Rect, Hashable]] = []
        for s, sp in cars:
            x, y = self.centre[sp]
            items.append((pygame.Rect(x - pad - 5, y - pad - 5, 2 * pad + 10, 2 * pad + 10), ("car", s, sp)))
        for s in pit:
            x, y = self.pit_centres[s % len(self.pit_centres)]
            items.append((pygame.Rect(x - 35, y - 35, 70, 70), ("pit", s)))
        hovered = hover[1] if hover is not None and hover[0] == "space" else None
        if phase == PLAN:
            items += [(self.box[s].inflate(10, 10), ("target", s, s == hovered)) for s in targets]
        plan = self.plan_drawing()
        if plan is not None:
            seat, path, plan_steps, here, moved, first, loss_at = plan
            colour = tuple(self.seat_colour(seat))[:3]
            if moved < len(path):   # the line leaves the car's space
                items.append((self.box[here].inflate(40, 40), ("from", here, path[moved], colour)))
            for i, (space, st) in enumerate(zip(path, plan_steps)):
                if i < moved:
                    continue
                j = i - first
                loss = loss_at[j] if 0 <= j < len(loss_at) else 0
                before = here if i == moved else path[i - 1]
                after = path[i + 1] if i + 1 < len(path) else None
                cx, cy = self.centre[space]
                # the space, its line to the next, its gear disc and the loss chance under it
                area = self.box[space].inflate(40, 40).union(pygame.Rect(cx - 44, cy - 20, 88, 72))
                items.append((area,
                              ("step", space, colour, st["gear"], st["over_limit"], bool(st["extra_cautions"]),
                               loss, before, after)))
        items += [(self.box[space].inflate(40, 40), ("placement", space, gear, i))
                  for i, (space, gear) in enumerate(placements)]
        if hover is not None:
            text, anchor = self._tooltip(hover)
            if text:
                items.append((theme.tooltip_rect(text, anchor).inflate(6, 6), ("tip", text)))
                items.append((anchor.inflate(10, 10), ("tip", text)))
        return items

    def ticking_rects(self) -> list[pygame.Rect]:
        return self.overlay.dirty()

    def _mask(self, space: int, colour: tuple[int, ...]) -> tuple[pygame.Surface, pygame.Rect]:
        """A space filled with a see-through colour (cached)."""
        key = (space, colour)
        if key not in self._masks:
            box = self.box[space]
            surface = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(surface, colour, [(x - box.x, y - box.y) for x, y in self.poly[space]])
            self._masks[key] = (surface.convert_alpha() if pygame.display.get_surface() else surface, box)
        return self._masks[key]

    def plan_drawing(self) -> tuple | None:
        """The plan to draw on the track: (seat, path, steps, the car's space, steps moved, the
        first step the odds are for, loss chance per step). While a roll is being shown, the plan
        as it was before the roll, so the car is seen driving along it."""
        if self.ghost_plan is not None:
            return self.ghost_plan
        v = self.view
        seat = self.acting()
        if seat is None or not v["path"] or not v["plan_steps"]:
            return None
        return self._plan_of(v, seat)

    def _plan_of(self, v: dict, seat: int) -> tuple:
        odds = v.get("odds") or {}
        first = v["step"] if v["phase"] == STEPS else 0
        return (seat, tuple(v["path"]), tuple(v["plan_steps"]), v["cars"][seat]["space"], len(v["moved"]), first,
                tuple(odds.get("loss_at") or ()))

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        v = self.view
        seat = self.acting()
        # the plan: every step's space tinted, its gear, what it meets and the chance of losing it there
        plan = self.plan_drawing()
        if plan is not None:
            seat, path, plan_steps, here, moved, first, loss_at = plan
            colour = tuple(self.seat_colour(seat))[:3]
            points = [self.centre[here]] + [self.centre[s] for s in path[moved:]]
            if len(points) > 1:
                pygame.draw.lines(canvas, (20, 20, 22), False, points, 7)
                pygame.draw.lines(canvas, colour, False, points, 3)
            for i, (space, st) in enumerate(zip(path, plan_steps)):
                if i < moved:
                    continue
                mask, box = self._mask(space, colour + (90,))
                canvas.blit(mask, box)
                bad = st["over_limit"]
                pygame.draw.polygon(canvas, theme.WARNING if bad else colour, self.poly[space], 3)
                cx, cy = self.centre[space]
                pygame.draw.circle(canvas, (16, 16, 18), (cx, cy), 15)
                pygame.draw.circle(canvas, theme.WARNING if bad else theme.PAPER, (cx, cy), 13)
                theme.draw_text(canvas, str(st["gear"]), (cx, cy), theme.SIZE_SMALL, theme.INK, bold=True,
                                anchor="center")
                if st["extra_cautions"]:
                    art.caution(canvas, (cx + 20, cy - 14), 18)
                j = i - first
                if 0 <= j < len(loss_at) and loss_at[j] > 0:
                    label = theme.text(_percent(loss_at[j]), theme.SIZE_SMALL, (244, 239, 226), bold=True)
                    pill = label.get_rect(midtop=(cx, cy + 16)).inflate(10, 2)
                    pygame.draw.rect(canvas, theme.WARNING if bad else (20, 22, 26), pill, border_radius=8)
                    canvas.blit(label, label.get_rect(center=pill.center))
        # where the next die may go
        targets = self.targets() if v["phase"] == PLAN else {}
        hovered = self.hover[1] if isinstance(self.hover, tuple) and self.hover[:1] == ("space",) else None
        for space in targets:
            if space == hovered:
                mask, box = self._mask(space, (255, 219, 110, 110))
                canvas.blit(mask, box)
            pygame.draw.polygon(canvas, (30, 26, 10), self.poly[space], 6)
            pygame.draw.polygon(canvas, theme.HIGHLIGHT, self.poly[space], 3)
        # after a flat-out loss: where the dice may be placed to lose control
        for a in self.legal_of(Placement):
            cx, cy = self.centre[a.space]
            pygame.draw.polygon(canvas, theme.WARNING, self.poly[a.space], 3)
            pygame.draw.circle(canvas, (16, 16, 18), (cx, cy), 15)
            pygame.draw.circle(canvas, theme.WARNING, (cx, cy), 13)
            theme.draw_text(canvas, self.placement_letter(a), (cx, cy), theme.SIZE_SMALL, theme.PAPER, bold=True,
                            anchor="center")
        # the cars
        for s, space in self.car_spaces().items():
            if s in self.hidden_cars:
                continue
            image = self.car_image(s, self.track.spaces[space].heading)
            canvas.blit(image, image.get_rect(center=self.centre[space]))
        for s, c in enumerate(v["cars"]):
            if c["in_pit"] and s not in self.hidden_cars and self.pit_centres:
                at = self.pit_centres[s % len(self.pit_centres)]
                image = self.car_image(s, self.pit_headings[s % len(self.pit_headings)])
                canvas.blit(image, image.get_rect(center=at))
        hover = self.hover if isinstance(self.hover, tuple) and self.hover and self.hover[0] in (
            "space", "finish", "pit", "car", "die") else None
        if hover is not None:
            text, anchor = self._tooltip(hover)
            if text:
                theme.draw_tooltip(canvas, text, anchor)

    # ---- tooltips -----------------------------------------------------------------------------
    def _tooltip(self, hover: tuple) -> tuple[str, pygame.Rect]:
        """What a marking of the track means, in a few words, and where it is."""
        kind = hover[0]
        if kind == "die":
            rect = self.tray_rects().get(hover[1])
            return (self.die_tip(hover[1]), rect) if rect is not None else ("", pygame.Rect(0, 0, 1, 1))
        if kind == "finish":
            a, b = self.finish
            anchor = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1)
            return "Finish line: each crossing counts a lap; the race ends the round someone finishes.", anchor
        if kind == "pit":
            box = self.track.pit_boxes[hover[1]]
            pts = self.pit_polys[hover[1]]
            anchor = pygame.Rect(min(p[0] for p in pts), min(p[1] for p in pts), 20, 20)
            return (f"Pit box {box.number}: a car stopped for tyres or repairs waits here. End a turn in gear 1 "
                    "on an edge space of a straight to stop."), anchor
        if kind != "space":
            return "", pygame.Rect(0, 0, 1, 1)
        sp = self.track.spaces[hover[1]]
        parts = []
        for s, space in self.car_spaces().items():
            if space == sp.id:
                car = self.view["cars"][s]
                gear = "00" if car["marker"] == D.SPUN else car["marker"]
                parts.append(f"{self.name(s)}'s car, gear {gear}.")
        actions = self.targets().get(sp.id, []) if self.phase == PLAN else []
        if actions:
            dice = ", ".join(dict.fromkeys(_die_name(a.die) for a in actions))
            parts.append(f"Click to plan {dice} here.")
        if sp.limit is not None:
            parts.append(f"Speed limit {sp.limit}: enter in gear {sp.limit} or lower, or lose control.")
        if sp.inside_limit is not None:
            parts.append(f"Inside line {sp.inside_limit}: going straight on along this lane from here, "
                         f"gear {sp.inside_limit} at most.")
        if sp.inside_caution:
            parts.append("Inside line: going straight on along this lane from here costs a caution.")
        if sp.outside_caution is not None:
            parts.append(f"{sp.outside_caution}!: entering in exactly gear {sp.outside_caution} costs a caution.")
        if sp.hazard:
            parts.append("Hazard !: entering this space costs a caution.")
        if sp.grid_box:
            parts.append(f"Grid box {sp.grid_box}.")
        if sp.id in self.track.pit_entries:
            parts.append("By the pit: end your turn here in gear 1 to stop in the pit.")
        if sp.limit is not None or sp.corner_id is not None or parts:
            worst = {"yellow": "mild", "orange": "harsh", "red": "harshest"}.get(sp.danger, sp.danger)
            parts.append(f"Danger {sp.danger}: a loss of control here is {worst}.")
        if not parts:
            return "", pygame.Rect(0, 0, 1, 1)
        return " ".join(parts), self.box[sp.id]

    # ---- input --------------------------------------------------------------------------------
    def hit_board(self, pos: tuple[int, int]) -> Hashable:
        if not self.map_rect.collidepoint(pos):
            return None
        a, b = self.finish
        for i, pts in enumerate(self.pit_polys):
            if _inside(pos, pts):
                return ("pit", i)
        for sid in range(len(self.poly)):
            if self.box[sid].collidepoint(pos) and _inside(pos, self.poly[sid]):
                if _segment_distance(pos, a, b) < 5:
                    return ("finish",)
                return ("space", sid)
        if _segment_distance(pos, a, b) < 8:
            return ("finish",)
        return None

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
            dice = " or ".join(dict.fromkeys(_die_name(a.die) for a in fits))
            self.status_note, self.status_seat, self.status_warning = (
                f"Which die goes there? Choose {dice} in the tray.", None, False)

    def key_board(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE and self.legal_of(TakeBack):
            self.try_action(TakeBack())
            return True
        return False

    def decision_words(self, kind: str) -> str:
        """What the driver weighs, for the others: a plan is told as it grows, every die named
        (brakes too), with the chance of losing control (the path shows on the track)."""
        v = self.view
        odds = v.get("odds") or {}
        risk = f" (loss of control {_percent(odds['loss_of_control'])})" if odds and v["plan"] else ""
        if kind == PLAN:
            return f"planning {plan_words(v['plan'])}{risk}" if v["plan"] else "which dice to plan"
        if kind == STEPS and v["plan_steps"]:
            return f"rolling step {v['step'] + 1} of {len(v['plan_steps'])}{risk}"
        return {PLACEMENT: "where the car loses control", PIT: "whether to stop in the pit",
                TYRES: "which tyres to fit", SPUN: "getting back on the track"}.get(kind, "")

    def prompt(self) -> str:
        phase = self.phase
        if phase == PLAN:
            if self.legal_of(Wait):
                return "the way ahead is blocked: wait."
            if self.view["plan"]:
                return "add another die, or roll: flat out or one at a time."
            return "plan your dice: choose a die in the tray, then a glowing space."
        if phase == STEPS:   # only what the rules allow now (securing costs focus; a stop needs a roll)
            ways = ["roll the next step"] if self.legal_of(RollStep) else []
            if self.legal_of(Secure):
                ways.append("secure a die with focus")
            if self.legal_of(StopTurn):
                ways.append("stop here")
            if not ways:
                return "wait for the dice."
            return (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]) + "."
        if phase == PLACEMENT:
            return "you lost control: choose where the dice put the car."
        if phase == PIT:
            return "stop in the pit, or drive on."
        if phase == TYRES:
            return "choose the tyres for the next stint."
        if phase == SPUN:
            return "the car is off the track: bring it back on 0."
        if phase == STANDINGS:
            return "you lead the championship: start the next race."
        return "your turn."

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


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


PLACEMENT_PAGE = 5   # placement buttons to a page (the sixth slot turns the page when there are more)
SECURE_HEAD = 24     # the line of words above the secure row


def _key(action: Any) -> Hashable:
    """A slot's key in the choice panel: ("do", action), or a word key such as ("page",)."""
    return action if isinstance(action, tuple) else ("do", action)


class _ButtonRows:
    """The slots of the panel's foot: rows counted from the bottom, each split into equal
    columns; the secure row keeps a label's width at its left."""

    HEIGHT, GAP = 44, 8

    def __init__(self, panel: pygame.Rect) -> None:
        self.left, self.width, self.bottom = panel.x + 16, panel.width - 32, panel.bottom - 12

    def top(self, row: int) -> int:
        return self.bottom - (row + 1) * self.HEIGHT - row * self.GAP

    def split(self, row: int, columns: int) -> list[tuple[int, int, int, int]]:
        width = (self.width - (columns - 1) * self.GAP) // columns
        y = self.top(row)
        return [(self.left + i * (width + self.GAP), y, width, self.HEIGHT) for i in range(columns)]

    def secure_slots(self) -> list[tuple[int, int, int, int]]:
        """Four slots across the row above Roll and Stop (its words go just above it)."""
        return self.split(1, 4)

    def placement(self, index: int) -> tuple[int, int, int, int]:
        """Placement i: two to a row, A and B on the top one of three."""
        return self.split(2 - index // 2, 2)[index % 2]
