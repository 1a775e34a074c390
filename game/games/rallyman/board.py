"""The circuit on Rallyman GT's table: its picture laid as tiles that never change, each
space's shape on the canvas, and drawn over it every frame only where they are the cars, the
planned path with its gears and odds, the glowing spaces a die may go to, the placements after
a loss of control and the track's tips; a click on the map becomes a space, the finish line or
a pit box. A part of RallymanScene (scene.py), kept in its own file."""
from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from game import assets
from game.ui import theme

from . import dice as D
from . import scene_art as art
from .actions import Placement
from .circuits import circuit_track
from .layout import MAP_TILE, MAP_XY, STRIP
from .phases import PLAN, STEPS
from .prompts import die_name, percent
from .track import Track, load_track


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


class Board:
    """The circuit's part of RallymanScene."""

    # ---- set-up: the track's geometry, picture and tiles -----------------------------------------
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

    def car_spaces(self) -> dict[int, int]:
        """Cars on the track: seat -> space (cars in the pit are drawn on their pit box)."""
        return {s: c["space"] for s, c in enumerate(self.view["cars"]) if not c["in_pit"]}

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
                    label = theme.text(percent(loss_at[j]), theme.SIZE_SMALL, (244, 239, 226), bold=True)
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
            dice = ", ".join(dict.fromkeys(die_name(a.die) for a in actions))
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

    # ---- a click on the map ---------------------------------------------------------------------
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
