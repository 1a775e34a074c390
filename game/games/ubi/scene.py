"""Ubi's table: the unlabelled map, one sheet at a time (the world, the two expert areas, the
legend), the Rubicon Reticle as a loupe over it, the Ubi on a card in the side panel with the
Rubi Cubis that posed it, and each seat's (team's) Rubi as a growing pyramid.

The scene reads only its context. An answer is chosen by a click on a hexagon or a triangle
(or typed, "267-A"), shown on the map and in the answer bar, and counts only once confirmed.
After every answer the true place is shown on the map with the card's answer and its words,
long enough to read (bots wait; a click skips), then the dice tumble for the next Ubi.
"""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Hashable

import pygame
import pygame_gui

from game import assets
from game.core.board import load_board
from game.core.protocol import Action
from game.table.frame import GameScene
from game.table.overlay import KeyedOverlay
from game.table.panel import Choice, ChoicePanel
from game.ui import theme
from game.ui.anim import Motion
from game.ui.render import for_blits

from . import grid as G
from . import scene_art as art
from .rules import (ANSWER, EYE, HEX, OVER, PRECISION, TRI, ZONE, ZONE_NAMES, ZONES, Answer,
                    ChoosePrecision, ChooseZone, RedHerring)

TABS_Y = 74
TAB_H = 44
AREA = pygame.Rect(10, 126, 1370, 850)      # where a sheet is drawn
BAR = pygame.Rect(10, 984, 1370, 88)        # the answer bar under it
TABS = (("W", "World"), ("N", "North America"), ("E", "Europe"), ("L", "Legend"))
BANNER_W = 760
#: Caesar's Ghost's mark on a posed Ubi (UBI-15), in a dark red that reads on the card's paper
GHOST_WARNING = "Caesar's Ghost speaks on this Ubi. Beware: a wrong answer gives back your last facet."
GHOST_INK = (150, 28, 24)   # the verdict over the map
LEGEND_SPLIT = 775                          # LEGEND above, GHOSTS below, side by side on screen
LENS_R = 150                                # the loupe's radius on the canvas
LENS_HEX = 200                              # a hexagon's width inside the loupe
DIE = 52
REVEAL_HOLD = 3.6                           # the true place stays shown this long
TUMBLE = 0.8
FACET_FLIGHT = 1.1                          # a facet won rises to its team's pyramids
PLACE_COLOUR = (214, 40, 40)
RIGHT_COLOUR = (46, 160, 67)

HELP = ("Point at the map: the Rubicon Reticle magnifies the hexagon under the mouse, with its "
        "number and its six triangles A R C H S E (A to the north). Click a hexagon (hexagonal "
        "precision) or a triangle (triangular precision), then Confirm; or type the answer below, "
        "267 or 267-A. The wheel (or + and -) zooms the map so that its numbers read, the arrow keys "
        "move it, 0 shows it whole. The tabs show the expert areas (answered on by the seats that "
        "play them) and the legend with its ghost lines.")


def _centroid(points: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


class UbiScene(GameScene):
    """The Ubi table, for 2-6 seats or teams."""

    has_hidden_information = False   # the Ubi's words are read aloud; the answer is nobody's yet

    # ---- set-up -------------------------------------------------------------------------
    def build_board(self) -> None:
        self.tab = "W"
        self.chosen: tuple[str, int, str | None] | None = None   # the answer awaiting Confirm
        self.revealing: dict[str, Any] | None = None   # the last answer, while it is shown
        self._reveal_tab: str | None = None            # the tab to go back to after it
        self._tumbling: tuple[str, ...] | None = None  # the dice being rolled: ("roll", z, p) / ("cap", z)
        self._lens: tuple[Hashable, pygame.Surface] | None = None   # the last loupe made, by its key
        self._load_pictures()
        self.tab_panel = ChoicePanel(self)
        self.choices = ChoicePanel(self)
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(BAR.x + 560, BAR.y + 16, 220, 56), self.ui, placeholder_text="type 267-A")
        self.entry.set_text_length_limit(12)
        self.entry.hide()
        self.add_layer(AREA, self._render_map, self._map_signature, alpha=False)
        self.add_layer(pygame.Rect(AREA.x + 4 * 212 + 16, TABS_Y, AREA.right - (AREA.x + 4 * 212 + 16), TAB_H),
                       self._render_hint, self._hint_signature)
        self.add_layer(BAR, self._render_bar, self._bar_signature)
        self.add_layer(self.side_reserved_rect(), self._render_card, self._card_signature)
        self.overlay = KeyedOverlay(self._overlay_key, self._overlay_rects)
        self._sync_buttons()

    def _load_pictures(self) -> None:
        """Each sheet's picture scaled to fit once, and the hexagon sheets at full scale for the
        loupe; a damaged map is told and the game goes on over plain paper."""
        self.fits: dict[str, tuple[float, pygame.Rect]] = {}
        for key in ("W", "N", "E"):
            x, y, w, h = G.SHEETS[key].pixel_rect
            k = min(AREA.width / w, AREA.height / h)
            rect = pygame.Rect(0, 0, round(w * k), round(h * k))
            rect.midtop = (AREA.centerx, AREA.y)
            self.fits[key] = (k, rect)
        #: each sheet's place on the table unzoomed (fits[] follows the zoom: every map-to-canvas
        #: sum goes through it); zoom[] is (level, the zoomed picture's corner on the canvas)
        self.base = {key: (k, pygame.Rect(rect)) for key, (k, rect) in self.fits.items()}
        self.zoom: dict[str, tuple[float, tuple[float, float]]] = {}
        lx, ly, lw, lh = G.LEGEND_RECT
        self.legend_k = min((AREA.width - 24) / (2 * lw), AREA.height / LEGEND_SPLIT)
        self.pictures: dict[str, pygame.Surface] = {}
        self.full: dict[str, pygame.Surface] = {}
        self.composed: dict[str, pygame.Surface] = {}   # each tab's whole picture, made on first show
        for size in (theme.SIZE_LARGE, theme.SIZE_TITLE):   # the card's type, loaded before the first reveal
            theme.font(size, True)
            theme.font(size)
        try:
            board = load_board(assets.path("maps", "ubi.tmx"))
            # the 3,720 x 2,860 picture stays as the file gives it: the sheets are only scaled
            # from it, and its converted copy would hold 42 MB more (and both at once, 70 MB)
            image = self.board_picture(board, "ubi.tmx", convert=False)
            if image.get_size() != G.BOARD_SIZE:
                raise ValueError(f"the picture is {image.get_size()}, not {G.BOARD_SIZE}")
            for key in ("W", "N", "E"):
                k, rect = self.fits[key]
                part = image.subsurface(G.SHEETS[key].pixel_rect)
                self.full[key] = part   # a view into the picture: no second copy in memory
                self.pictures[key] = for_blits(pygame.transform.smoothscale(part, rect.size))
            for i, (top, bottom) in enumerate(((0, LEGEND_SPLIT), (LEGEND_SPLIT, lh))):
                part = image.subsurface((lx, ly + top, lw, bottom - top))
                size = (round(lw * self.legend_k), round((bottom - top) * self.legend_k))
                self.pictures[f"L{i}"] = for_blits(pygame.transform.smoothscale(part, size))
            del image
        except Exception as exc:   # a broken map must not stop the game
            for key in ("W", "N", "E"):
                self.pictures[key] = self.plain_board(exc, self.fits[key][1].size)
            self.full = {}
        self._lens_mask = pygame.Surface((2 * LENS_R, 2 * LENS_R), pygame.SRCALPHA)
        pygame.draw.circle(self._lens_mask, (255, 255, 255, 255), (LENS_R, LENS_R), LENS_R)
        if pygame.display.get_surface() is not None:
            self._lens_mask = self._lens_mask.convert_alpha()

    # ---- reading the view ---------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.view["phase"]

    def answering(self) -> bool:
        """The viewer is to answer a Ubi now."""
        return self.is_my_turn() and self.phase == ANSWER

    def zone_colour(self, zone: str | None) -> tuple[int, int, int]:
        return art.ZONE_COLOURS.get(zone or "", (160, 160, 160))

    def answer_sheet_of(self, record: dict[str, Any]) -> str:
        """The sheet a given answer's place is shown on: the expert area for a seat that plays
        it and a place inside it, else the world."""
        seat = record["seat"]
        if record.get("expert") and self.view["expert_seats"][seat]:
            return record["expert"][0]
        return "W"

    def on_view(self) -> None:
        if self.phase != ANSWER or not self.is_my_turn():
            self.chosen = None
        if not hasattr(self, "choices"):
            return
        self._sync_buttons()

    # ---- geometry: the board picture <-> the canvas ---------------------------------------------
    def to_canvas(self, key: str, px: float, py: float) -> tuple[float, float]:
        """A board-picture pixel of sheet `key` on the canvas."""
        k, rect = self.fits[key]
        ox, oy = G.SHEETS[key].pixel_rect[:2]
        return rect.x + (px - ox) * k, rect.y + (py - oy) * k

    def from_canvas(self, key: str, pos: tuple[float, float]) -> tuple[float, float]:
        k, rect = self.fits[key]
        ox, oy = G.SHEETS[key].pixel_rect[:2]
        return ox + (pos[0] - rect.x) / k, oy + (pos[1] - rect.y) / k

    def cell_at(self, pos: tuple[float, float], key: str | None = None) -> tuple[str, int, str] | None:
        """(sheet, hexagon, triangle) under a canvas point on the shown sheet."""
        key = key or self.tab
        if key not in self.fits or not self.base[key][1].collidepoint(pos):
            return None
        found = G.SHEETS[key].locate_pixel(*self.from_canvas(key, pos))
        return None if found is None else (key, found[0], found[1])

    def hexagon_points(self, key: str, number: int) -> list[tuple[float, float]]:
        return [self.to_canvas(key, x, y) for x, y in G.SHEETS[key].hexagon_pixels(number)]

    def triangle_points(self, key: str, number: int, letter: str) -> list[tuple[float, float]]:
        return [self.to_canvas(key, x, y) for x, y in G.SHEETS[key].triangle_pixels(number, letter)]

    def cell_centre(self, key: str, number: int, letter: str | None = None) -> tuple[int, int]:
        """Where a hexagon (or one of its triangles) is on the canvas, e.g. for a test's click."""
        points = self.triangle_points(key, number, letter) if letter else self.hexagon_points(key, number)
        x, y = _centroid(points)
        return round(x), round(y)

    def place_point(self, key: str, lat: float, lon: float) -> tuple[int, int] | None:
        sheet = G.SHEETS[key]
        if not sheet.covers(lat, lon):
            return None
        x, y = self.to_canvas(key, *sheet.lonlat_pixel(lat, lon))
        if not self.base[key][1].collidepoint(x, y):
            return None   # zoomed away from it
        return round(x), round(y)

    # ---- zoom: the sheet magnified, so its numbers read without the reticle ------------------------
    ZOOMS = (1.0, 1.5, 2.0, 3.0, 4.0)

    def zoom_level(self, key: str | None = None) -> float:
        return self.zoom.get(key or self.tab, (1.0, (0.0, 0.0)))[0]

    def set_zoom(self, level: float, at: tuple[float, float] | None = None, key: str | None = None) -> None:
        """Zoom sheet `key` (the shown one) to `level`, keeping the point of the sheet under `at`
        (the pointer; else the middle of what is shown) where it is."""
        key = key or self.tab
        if key not in self.base:
            return
        k0, base = self.base[key]
        level = min(max(level, self.ZOOMS[0]), self.ZOOMS[-1])
        at = at if at is not None and base.collidepoint(at) else base.center
        px, py = self.from_canvas(key, at)          # the picture point that stays put
        ox, oy = G.SHEETS[key].pixel_rect[:2]
        k = k0 * level
        left = at[0] - (px - ox) * k
        top = at[1] - (py - oy) * k
        self._place_zoom(key, level, (left, top))

    def pan(self, dx: float, dy: float, key: str | None = None) -> None:
        """Move the zoomed sheet by (dx, dy) canvas pixels."""
        key = key or self.tab
        level, (left, top) = self.zoom.get(key, (1.0, (0.0, 0.0)))
        if level > 1.0:
            self._place_zoom(key, level, (left + dx, top + dy))

    def _place_zoom(self, key: str, level: float, corner: tuple[float, float]) -> None:
        k0, base = self.base[key]
        if level <= 1.0:
            self.zoom.pop(key, None)
            self.fits[key] = (k0, pygame.Rect(base))
        else:
            w, h = base.width * level, base.height * level
            left = min(max(corner[0], base.right - w), base.x)   # the sheet always covers its place
            top = min(max(corner[1], base.bottom - h), base.y)
            self.zoom[key] = (level, (left, top))
            self.fits[key] = (k0 * level, pygame.Rect(round(left), round(top), round(w), round(h)))
        self._lens = None
        self.rehover()

    def zoom_step(self, steps: int, at: tuple[float, float] | None = None) -> None:
        """One level in (steps > 0) or out, around `at`."""
        levels = self.ZOOMS
        now = self.zoom_level()
        index = min(range(len(levels)), key=lambda i: abs(levels[i] - now))
        self.set_zoom(levels[min(max(index + steps, 0), len(levels) - 1)], at)

    def _zoomed_picture(self, key: str) -> pygame.Surface | None:
        """What the zoomed sheet shows in its place (None unzoomed), scaled from the full picture."""
        if key not in self.zoom or key not in self.full:
            return None
        _k0, base = self.base[key]
        source = self.full[key]
        ox, oy = G.SHEETS[key].pixel_rect[:2]
        x0, y0 = self.from_canvas(key, base.topleft)
        x1, y1 = self.from_canvas(key, base.bottomright)
        part = pygame.Rect(math.floor(x0 - ox), math.floor(y0 - oy), math.ceil(x1 - x0) + 1, math.ceil(y1 - y0) + 1)
        part = part.clip(source.get_rect())
        if part.width <= 0 or part.height <= 0:
            return None
        k = self.fits[key][0]
        image = pygame.transform.smoothscale(source.subsurface(part), (round(part.width * k), round(part.height * k)))
        out = pygame.Surface(base.size)
        out.fill(theme.PAPER_DARK)
        left, top = self.to_canvas(key, part.x + ox, part.y + oy)
        out.blit(image, (round(left - base.x), round(top - base.y)))
        return for_blits(out)

    @staticmethod
    def _bbox(points: list[tuple[float, float]], pad: int = 6) -> pygame.Rect:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad,
                           math.ceil(max(xs) - min(xs)) + 2 * pad + 1, math.ceil(max(ys) - min(ys)) + 2 * pad + 1)

    # ---- the map layer --------------------------------------------------------------------------
    def _map_signature(self) -> Hashable:
        return (self.tab, self.map_problem, ("sheet", self.tab) in self.glowing, self.zoom.get(self.tab))

    def _render_map(self, surface: pygame.Surface) -> None:
        if self.tab not in self.composed:
            self.composed[self.tab] = self._compose(self.tab)
        surface.blit(self.composed[self.tab], (0, 0))
        zoomed = self._zoomed_picture(self.tab)
        if zoomed is not None:
            surface.blit(zoomed, self.base[self.tab][1].move(-AREA.x, -AREA.y))
        if ("sheet", self.tab) in self.glowing:   # answer anywhere on it
            theme.glow_outline(surface, self.base[self.tab][1].move(-AREA.x, -AREA.y).inflate(-4, -4),
                               radius=6, width=3)

    def _compose(self, tab: str) -> pygame.Surface:
        """A tab's whole picture, made once: the sheet (and under the world, the help)."""
        surface = pygame.Surface(AREA.size)
        if pygame.display.get_surface() is not None:
            surface = surface.convert()
        surface.fill(theme.BG)
        if tab == "L":
            pictures = [self.pictures.get("L0"), self.pictures.get("L1")]
            if pictures[0] is None or pictures[1] is None:
                theme.draw_paragraph(surface, "The legend could not be drawn. " + self.map_problem,
                                     pygame.Rect(20, 20, AREA.width - 40, 80), theme.SIZE_BODY, theme.TEXT)
                return surface
            total = sum(p.get_width() for p in pictures) + 24
            x = (AREA.width - total) // 2
            for picture in pictures:
                surface.blit(picture, (x, 0))
                x += picture.get_width() + 24
            return surface
        k, rect = self.fits[tab]
        surface.blit(self.pictures[tab], rect.move(-AREA.x, -AREA.y))
        if tab == "W":
            self._render_help(surface, pygame.Rect(0, rect.height + 12, AREA.width, AREA.height - rect.height - 12))
        return surface

    def _render_help(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Under the world map: how the reticle and an answer work, with the lettered hexagon."""
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        centre = (rect.x + 110, rect.centery)
        radius = min(86, rect.height // 2 - 18)
        corners = [(centre[0] + radius * math.cos(math.radians(a)), centre[1] - radius * math.sin(math.radians(a)))
                   for a in range(0, 360, 60)]
        pygame.draw.polygon(surface, theme.PAPER, corners)
        for c in corners:
            pygame.draw.line(surface, theme.INK, centre, c, 2)
        pygame.draw.polygon(surface, theme.INK, corners, 3)
        for letter, (a0, a1) in G.SECTORS.items():
            mid = math.radians((a0 + a1) / 2)
            at = (centre[0] + radius * 0.58 * math.cos(mid), centre[1] - radius * 0.58 * math.sin(mid))
            theme.draw_text(surface, letter, at, theme.SIZE_BODY, theme.INK, bold=True, anchor="center")
        theme.draw_text(surface, "north", (centre[0], centre[1] - radius - 4), theme.SIZE_SMALL, theme.TEXT_DIM,
                        anchor="midbottom")
        text = pygame.Rect(rect.x + 230, rect.y + 18, rect.width - 250, rect.height - 36)
        theme.draw_paragraph(surface, HELP, text, theme.SIZE_BODY, theme.TEXT)

    # ---- the hint beside the tabs ----------------------------------------------------------------
    def _hint_signature(self) -> Hashable:
        v = self.view
        return (v["phase"], v["precision"], self.tab, self.is_my_turn(), tuple(v["sheets"]), self.revealing is not None,
                self._tumbling is not None)

    def _render_hint(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        v = self.view
        rect = surface.get_rect()
        if self.tab == "L":
            text = "The legend and the ghost lines"
        elif self.revealing is not None:
            text = "The last Ubi's place, and the answers it took"
        elif self._tumbling is not None:
            text = "The dice are rolling"
        elif v["phase"] == ANSWER:
            how = "click a triangle" if v["precision"] == TRI else "click a hexagon"
            text = f"{'Triangular' if v['precision'] == TRI else 'Hexagonal'} precision: {how}"
            if self.tab != "W" and self.tab not in v["sheets"]:
                text = "Expert area, to look at: this seat answers on the world map"
        else:
            text = "The reticle reads the numbers; the wheel zooms in"
        theme.draw_text(surface, text, (rect.right - 4, rect.centery), theme.SIZE_SMALL, theme.TEXT_DIM,
                        anchor="midright", max_width=rect.width - 8)

    # ---- the answer bar -------------------------------------------------------------------------
    def _bar_signature(self) -> Hashable:
        v = self.view
        return (v["phase"], self.is_my_turn(), self.chosen, v["turn_seat"], self.revealing is not None,
                self._tumbling, repr(v["last"]) if v["phase"] == OVER else None)

    def _render_bar(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        v = self.view
        seat = v["turn_seat"]
        if self.answering() and self.revealing is None and self._tumbling is None:
            theme.draw_text(surface, "Your answer", (20, 8), theme.SIZE_SMALL, theme.TEXT_DIM, bold=True)
            if self.chosen:
                key, number, letter = self.chosen
                theme.draw_text(surface, G.SHEETS[key].label(number, letter), (20, rect.height - 6), theme.SIZE_TITLE,
                                theme.HIGHLIGHT, bold=True, anchor="bottomleft")
            else:
                theme.draw_text(surface, "click the map", (20, 46), theme.SIZE_BODY, theme.TEXT_DIM)
            theme.draw_text(surface, "or", (540, rect.centery), theme.SIZE_SMALL, theme.TEXT_DIM, anchor="midright")
            return
        if self.is_my_turn() and v["phase"] == ZONE:
            text = "The zone die shows the Ubi eye: choose the zone of your Ubi."
        elif self.is_my_turn() and v["phase"] == PRECISION:
            text = "The precision die shows the Ubi eye: choose the precision."
        elif v["phase"] == OVER:
            text = "The game is over."
        elif self.revealing is not None:
            text = "The answer is shown on the map (click the map to go on)."
        elif self._tumbling is not None:
            text = "The dice are rolling…"
        else:
            text = f"{self.name(seat)} is answering." if v["phase"] == ANSWER else f"{self.name(seat)} is choosing."
        width = rect.width - 40 if v["phase"] not in (ZONE, PRECISION) or not self.is_my_turn() else 520
        theme.draw_paragraph(surface, text, pygame.Rect(20, 14, width, rect.height - 24), theme.SIZE_BODY, theme.TEXT)

    def _sync_buttons(self) -> None:
        if not hasattr(self, "choices"):
            return
        tabs = []
        for i, (key, label) in enumerate(TABS):
            tip = {"W": "The world map", "N": "The expert area of North America, with its own hexagons N1, N2…",
                   "E": "The expert area of Europe, with its own hexagons E1, E2…",
                   "L": "The legend and the ghost lines (GHOSTS)"}[key]
            tabs.append(Choice(("tab", key), label, (AREA.x + i * 212, TABS_Y, 200, TAB_H),
                               "primary" if key == self.tab else "small", tip))
        self.tab_panel.sync(tabs)
        wanted: list[Choice] = []
        v = self.view
        quiet = self.revealing is not None or self._tumbling is not None
        y, h = BAR.y + 16, 56
        if self.answering() and not quiet:
            if self.chosen:
                wanted.append(Choice(("confirm",), "Confirm", (BAR.x + 320, y, 200, h), "primary",
                                     "Give this answer (Enter); click elsewhere to change it, Esc to clear it"))
            wanted.append(Choice(("typed",), "Choose", (BAR.x + 790, y, 130, h), "small",
                                 "Choose the answer typed in the box (or press Enter there)"))
            wanted.append(Choice(("herring",), "That's a red herring", (BAR.right - 326, y, 310, h), "",
                                 "The Ubi asks after a place that does not exist"))
        elif self.is_my_turn() and v["phase"] == ZONE and not quiet:
            for i, zone in enumerate(ZONES):
                wanted.append(Choice(("do", ChooseZone(zone)), ZONE_NAMES[zone], (BAR.x + 560 + i * 200, y, 190, h),
                                     "", f"A Ubi of the {ZONE_NAMES[zone]} zone"))
        elif self.is_my_turn() and v["phase"] == PRECISION and not quiet:
            wanted.append(Choice(("do", ChoosePrecision(HEX)), "Hexagon", (BAR.x + 760, y, 260, h), "",
                                 "Hexagonal precision: the hexagon's number is enough; it earns no facet"))
            wanted.append(Choice(("do", ChoosePrecision(TRI)), "Triangle", (BAR.x + 1040, y, 260, h), "",
                                 "Triangular precision: name the triangle too; a right answer wins the zone's facet"))
        self.choices.sync(wanted)
        show_entry = self.answering() and not quiet
        if show_entry and not self.entry.visible:
            self.entry.show()
        elif not show_entry and self.entry.visible:
            self.entry.set_text("")
            self.entry.hide()

    # ---- the card: the dice and the Ubi, or the answer just given ------------------------------------
    def side_reserved(self) -> int:
        n = len(self.session.seats)
        return 380 if n <= 2 else 360 if n == 3 else 350 if n == 4 else 340 if n == 5 else 330

    def seat_panel_height(self) -> int:
        n = len(self.session.seats)
        return 120 if n <= 2 else 110 if n == 3 else 100 if n == 4 else 86 if n == 5 else 76

    def dice_rect(self) -> pygame.Rect:
        """Where the two Rubi Cubis lie on the card (canvas)."""
        panel = self.side_reserved_rect()
        return pygame.Rect(panel.x + 16, panel.y + 46, 2 * DIE + 10, DIE)

    def _card_signature(self) -> Hashable:
        v = self.view
        return (v["phase"], repr(v["posed"]), repr(v["last"]), repr(self.revealing), self._tumbling, v["turn_seat"],
                v["rolled_zone"], v["rolled_precision"], v["capstone_zone"], v["round_no"], self.is_my_turn(),
                v["final"], v["zone"], v["precision"])

    def _render_card(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0, 0))
        rect = surface.get_rect()
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=12)
        v = self.view
        theme.draw_text(surface, f"Round {v['round_no']}", (rect.width - 16, 14), theme.SIZE_SMALL, theme.TEXT_DIM,
                        anchor="topright")
        if self.revealing is not None:
            self._render_reveal(surface, rect, self.revealing)
            return
        seat = v["turn_seat"]
        if v["phase"] == OVER:
            theme.draw_text(surface, "The game is over", (16, 12), theme.SIZE_BODY, theme.TEXT, bold=True)
            if v["last"]:
                self._render_reveal(surface, rect, v["last"], top=46)
            return
        who = "Your" if self.is_my_turn() else f"{self.name(seat)}'s"
        final = v["final"] or (v["capstone_zone"] is not None and v["phase"] == ANSWER and v["final"])
        title = f"{who} winning Ubi" if final else f"{who} Ubi"
        theme.draw_text(surface, title, (16, 12), theme.SIZE_BODY, theme.TEXT, bold=True, max_width=rect.width - 140)
        dice = self.dice_rect().move(-self.side_reserved_rect().x, -self.side_reserved_rect().y)
        if self._tumbling is None:
            if final:
                surface.blit(art.capstone_face(v["zone"], DIE), dice.topleft)
            elif v["rolled_zone"] is not None:
                surface.blit(art.zone_face(v["rolled_zone"], DIE), dice.topleft)
                surface.blit(art.precision_face(v["rolled_precision"], DIE), (dice.x + DIE + 10, dice.y))
        one_die = final or (self._tumbling is not None and self._tumbling[0] == "cap")
        x = (dice.x + DIE + 16) if one_die else dice.right + 16
        zone, precision = v["zone"], v["precision"]
        if self._tumbling is not None:
            line1, line2 = "Rolling the Rubi Cubis…" if self._tumbling[0] == "roll" else "Throwing the Rubi Ubi…", ""
        elif v["phase"] == ZONE:
            line1, line2 = "The zone die: an Ubi eye", "the zone is chosen next"
        elif v["phase"] == PRECISION:
            line1 = f"{ZONE_NAMES[zone]} zone" if zone else ""
            line2 = "The precision die: an Ubi eye"
        else:
            line1 = f"{ZONE_NAMES[zone]} zone" if zone else ""
            line2 = "triangular precision" if precision == TRI else "hexagonal precision" if precision else ""
            if final:
                line2 = "triangle, or a red herring: wins"
        colour = self.zone_colour(zone) if zone and self._tumbling is None else theme.TEXT   # no hint before it lands
        theme.draw_text(surface, line1, (x, dice.y + 2), theme.SIZE_BODY, colour,
                        bold=True, max_width=rect.width - x - 12)
        theme.draw_text(surface, line2, (x, dice.y + 30), theme.SIZE_SMALL, theme.TEXT, max_width=rect.width - x - 12)
        card = pygame.Rect(12, dice.bottom + 12, rect.width - 24, rect.height - dice.bottom - 24)
        posed = v["posed"] if v["phase"] == ANSWER and self._tumbling is None else None
        self._paper(surface, card, posed["zone"] if posed else None)
        inner = card.inflate(-32, -30).move(0, 6)
        if posed:
            used = theme.draw_paragraph(surface, posed["text"], inner, theme.SIZE_LARGE, theme.INK, bold=True)
            if posed.get("ghost"):   # the card's mark, seen before the answer (UBI-15)
                ghost = pygame.Rect(inner.x, inner.y + used + 10, inner.width, inner.height - used - 40)
                used += 10 + theme.draw_paragraph(surface, GHOST_WARNING, ghost, theme.SIZE_SMALL, GHOST_INK, bold=True)
            sheets = v["sheets"]
            note = ("A place inside an expert area: answer on its tab." if len(sheets) > 1
                    else "Answer on the world map.")
            if inner.height - used > 40:
                theme.draw_paragraph(surface, note, pygame.Rect(inner.x, inner.bottom - 24, inner.width, 26),
                                     theme.SIZE_SMALL, (90, 84, 74))
        elif v["last"] and self._tumbling is None:
            self._render_last_line(surface, inner, v["last"])
        else:
            theme.draw_paragraph(surface, "The Ubi comes from the next card of the box in turn.", inner,
                                 theme.SIZE_BODY, (90, 84, 74))

    def _paper(self, surface: pygame.Surface, card: pygame.Rect, zone: str | None) -> None:
        pygame.draw.rect(surface, (12, 14, 16), card.move(0, 4), border_radius=10)
        pygame.draw.rect(surface, theme.PAPER, card, border_radius=10)
        band = pygame.Rect(card.x, card.y, card.width, 12)
        pygame.draw.rect(surface, self.zone_colour(zone) if zone else theme.PAPER_DARK, band,
                         border_top_left_radius=10, border_top_right_radius=10)

    def _render_last_line(self, surface: pygame.Surface, inner: pygame.Rect, last: dict[str, Any]) -> None:
        verdict = "right" if last["right"] else "wrong"
        text = f"Last: {self.name(last['seat'])} answered {last['given']}, {verdict}. {last['explanation']}"
        theme.draw_paragraph(surface, text, inner, theme.SIZE_SMALL, (70, 64, 56))

    def _render_reveal(self, surface: pygame.Surface, rect: pygame.Rect, last: dict[str, Any], top: int = 12) -> None:
        """The answer just given: right or wrong, the card's answer and its words."""
        right = last["right"]
        if last["red_herring"]:
            verdict = "Right: a red herring!" if right else "Wrong: a red herring"
        else:
            verdict = "Right!" if right else "Wrong"
        if top == 12:   # who answered what, in the words that fit (a long name or answer: shorter)
            name, given = self.name(last["seat"]), last["given"]
            room = rect.width - 140
            for line in (f"{name} answered {given}", f"{name}: {given}", given):
                if theme.font(theme.SIZE_BODY, True).size(line)[0] <= room:
                    break
            theme.draw_text(surface, line, (16, top), theme.SIZE_BODY, theme.TEXT, bold=True, max_width=room)
        y = top + 34
        theme.draw_text(surface, verdict, (16, y), theme.SIZE_TITLE, theme.GOOD if right else theme.WARNING, bold=True,
                        max_width=rect.width - 32)
        card = pygame.Rect(12, y + 56, rect.width - 24, rect.height - y - 68)
        self._paper(surface, card, last["zone"])
        inner = card.inflate(-28, -26).move(0, 6)
        lines = []
        if not last["red_herring"]:
            lines.append(f"Answer: {last['answer']}")
        used = 0
        for line in lines:   # every answer the card takes (expert areas make it long): up to 3 lines
            line_h = theme.font(theme.SIZE_BODY, True).get_linesize() + 4
            fitted = theme.draw_fitted(surface, line, pygame.Rect(inner.x, inner.y + used, inner.width, 3 * line_h),
                                       theme.SIZE_BODY, theme.SIZE_SMALL, theme.INK, bold=True)
            used += fitted.height + 6
        words = last["explanation"]
        if last.get("ghost"):
            words += " Caesar's Ghost speaks on this Ubi: a wrong answer gives back the facet won last."
        theme.draw_fitted(surface, words, pygame.Rect(inner.x, inner.y + used, inner.width, inner.height - used),
                          theme.SIZE_BODY, theme.SIZE_SMALL, theme.INK)

    # ---- seats: each Rubi as a pyramid --------------------------------------------------------------
    def seat_signature(self, seat: int) -> Hashable:
        v = self.view
        team = v["team_of"][seat]
        return (tuple(v["facets"][team]), team, v["num_teams"], v["expert_seats"][seat], v["winner_team"],
                v["turn_seat"] == seat)

    @staticmethod
    def _pyramid_spot(rect: pygame.Rect) -> pygame.Rect:
        """Where a seat panel of `rect` shows its team's pyramid."""
        h = min(64, rect.height - 16)
        spot = pygame.Rect(0, 0, round(h * 1.35), h)
        spot.midright = (rect.right - 16, rect.centery)
        return spot

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        v = self.view
        team = v["team_of"][seat]
        facets = tuple(v["facets"][team])
        won = v["winner_team"] == team
        spot = self._pyramid_spot(rect)
        w, h = spot.size
        picture = art.pyramid(facets, won, w, h)
        surface.blit(picture, picture.get_rect(midright=spot.midright))
        notes = []
        if v["num_teams"] < len(v["team_of"]):
            mates = [self.name(s) for s, t in enumerate(v["team_of"]) if t == team and s != seat]
            notes.append(f"Team {team + 1}" + (f" with {', '.join(mates)}" if mates else ""))
        if v["expert_seats"][seat]:
            notes.append("expert areas")
        y = min(rect.bottom - 16, 60 if rect.height >= 90 else 54)
        x = 56
        if facets or won:
            # each facet won: its colour and its letters, in the order won
            # (beside the pyramid, not into it: when the names do not all fit, the colours alone,
            # which the pyramid repeats)
            shown = facets + (("Rubi Ubi",) if won else ())
            limit = spot.x - 12
            named = sum(20 + theme.font(theme.SIZE_SMALL, True).size(z)[0] + 10 for z in shown) + x <= limit
            for zone in shown:
                colour = art.ZONE_COLOURS.get(zone, art.CAPSTONE_GOLD)
                pygame.draw.rect(surface, (16, 16, 18), (x, y - 8, 16, 16), border_radius=3)
                pygame.draw.rect(surface, colour, (x + 2, y - 6, 12, 12), border_radius=2)
                if named:
                    r = theme.draw_text(surface, zone, (x + 20, y), theme.SIZE_SMALL, theme.TEXT, bold=True,
                                        anchor="midleft")
                    x = r.right + 10
                else:
                    x += 22
        else:
            notes.insert(0, "no facets yet")
        if notes:
            theme.draw_text(surface, " · ".join(notes), (x, y), theme.SIZE_SMALL, theme.TEXT_DIM, anchor="midleft",
                            max_width=rect.width - x - w - 36)

    # ---- the overlay: the reticle, the chosen answer, the answer shown -----------------------------------
    def _mouse(self) -> tuple[int, int] | None:
        pos = self.app.mouse_pos
        if pos[0] < 0 or not AREA.collidepoint(pos) or self.tab not in self.fits:
            return None
        if not self.base[self.tab][1].collidepoint(pos) or self.cell_at(pos) is None:
            return None
        return (int(pos[0]), int(pos[1]))

    def _overlay_key(self) -> Hashable:
        reveal = None
        if self.revealing is not None:
            reveal = (repr(self.revealing), self.answer_sheet_of(self.revealing))
        return (self.tab, self._mouse(), self.cell_at(self.app.mouse_pos) if self._mouse() else None, self.chosen,
                reveal, self.view["precision"], self.phase)

    def _overlay_rects(self, key: Hashable) -> list[pygame.Rect]:
        tab, mouse, _cell, chosen, reveal, _precision, _phase = key  # type: ignore[misc]
        rects = []
        if mouse is not None:
            at = self._lens_centre(mouse)
            rects.append(pygame.Rect(at[0] - LENS_R - 6, at[1] - LENS_R - 6, 2 * LENS_R + 12, 2 * LENS_R + 40))
            rects.append(pygame.Rect(mouse[0] - 8, mouse[1] - 8, 16, 16))
        if chosen is not None and chosen[0] == tab:
            rects.append(self._bbox(self.hexagon_points(chosen[0], chosen[1]), 10))
            rects.append(self._chosen_label_rect(chosen))
        if reveal is not None and reveal[1] == tab:
            rects += self._reveal_rects(self.revealing, tab)
        return rects

    def ticking_rects(self) -> list[pygame.Rect]:
        return self.overlay.dirty()

    def _chosen_label_rect(self, chosen: tuple[str, int, str | None]) -> pygame.Rect:
        points = self.hexagon_points(chosen[0], chosen[1])
        box = self._bbox(points, 0)
        label = theme.text(G.SHEETS[chosen[0]].label(chosen[1], chosen[2]), theme.SIZE_BODY, tuple(theme.INK), True)
        pill = label.get_rect(midbottom=(box.centerx, box.y - 4)).inflate(16, 6)
        if pill.y < AREA.y:
            pill.midtop = (box.centerx, box.bottom + 4)
        return pill.inflate(4, 4)

    def _reveal_cells(self, last: dict[str, Any], key: str) -> list[tuple[int, str]]:
        if key == "W":
            return [tuple(p) for p in last["world"]]
        if last.get("expert") and last["expert"][0] == key:
            return [tuple(p) for p in last["expert"][1]]
        return []

    def _reveal_rects(self, last: dict[str, Any], key: str) -> list[pygame.Rect]:
        rects = [self._bbox(self.hexagon_points(key, n), 8) for n in {n for n, _ in self._reveal_cells(last, key)}]
        if last.get("given_sheet") == key and last.get("given_number"):
            rects.append(self._bbox(self.hexagon_points(key, last["given_number"]), 8))
        if not last["red_herring"]:
            point = self.place_point(key, last["lat"], last["lon"])
            if point:
                rects.append(pygame.Rect(point[0] - 20, point[1] - 50, 40, 70))
                rects.append(self._place_label_rect(last, point))
        rects.append(self._banner_rect(last, key).inflate(6, 14))   # with its shadow, 5 px below
        return rects

    def _place_label_rect(self, last: dict[str, Any], point: tuple[int, int]) -> pygame.Rect:
        label = theme.text(last["place"], theme.SIZE_BODY, tuple(theme.INK), True)
        pill = label.get_rect(midleft=(point[0] + 18, point[1] - 18)).inflate(18, 8)
        if pill.right > AREA.right - 4:
            pill.midright = (point[0] - 18, point[1] - 18)
        return pill

    def _banner_rect(self, last: dict[str, Any], key: str) -> pygame.Rect:
        """The verdict over the map, on the side away from the place."""
        lines = len(self._banner_sub(last).lines)
        area = pygame.Rect(0, 0, BANNER_W, 64 + lines * theme.font(theme.SIZE_BODY).get_linesize())
        point = None if last["red_herring"] else self.place_point(key, last["lat"], last["lon"])
        map_rect = self.base[key][1]
        if point is not None and point[1] > map_rect.centery:
            area.midtop = (map_rect.centerx, map_rect.y + 14)
        else:
            area.midbottom = (map_rect.centerx, map_rect.bottom - 14)
        return area

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        tab = self.tab
        if tab not in self.fits:
            return
        clip = canvas.get_clip()
        canvas.set_clip(clip.clip(self.base[tab][1]))   # a zoomed sheet's marks stay on the sheet
        if self.revealing is not None and self.answer_sheet_of(self.revealing) == tab:
            self._draw_reveal(canvas, self.revealing, tab)
        if self.chosen is not None and self.chosen[0] == tab:
            self._draw_chosen(canvas, self.chosen)
        canvas.set_clip(clip)
        mouse = self._mouse()
        if mouse is not None:
            self._draw_lens(canvas, mouse)

    def _draw_chosen(self, canvas: pygame.Surface, chosen: tuple[str, int, str | None]) -> None:
        key, number, letter = chosen
        points = self.triangle_points(key, number, letter) if letter else self.hexagon_points(key, number)
        if letter:
            pygame.draw.polygon(canvas, (30, 26, 10), self.hexagon_points(key, number), 3)
        pygame.draw.polygon(canvas, (30, 26, 10), points, 7)
        pygame.draw.polygon(canvas, theme.HIGHLIGHT, points, 4)
        pill = self._chosen_label_rect(chosen).inflate(-4, -4)
        pygame.draw.rect(canvas, theme.HIGHLIGHT, pill, border_radius=8)
        pygame.draw.rect(canvas, (30, 26, 10), pill, 2, border_radius=8)
        theme.draw_text(canvas, G.SHEETS[key].label(number, letter), pill.center, theme.SIZE_BODY, theme.INK, bold=True,
                        anchor="center")

    def _draw_reveal(self, canvas: pygame.Surface, last: dict[str, Any], key: str) -> None:
        """The accepted hexagons or triangles lit, the answer given outlined, the true place."""
        cells = self._reveal_cells(last, key)
        tri = last["precision"] == TRI
        for number in sorted({n for n, _ in cells}):
            pygame.draw.polygon(canvas, RIGHT_COLOUR, self.hexagon_points(key, number), 3 if tri else 5)
        if tri:
            for number, letter in cells:
                pts = self.triangle_points(key, number, letter)
                box = self._bbox(pts, 1)
                tint = pygame.Surface(box.size, pygame.SRCALPHA)
                pygame.draw.polygon(tint, RIGHT_COLOUR + (120,), [(x - box.x, y - box.y) for x, y in pts])
                canvas.blit(tint, box)
        if last.get("given_sheet") == key and last.get("given_number"):
            number, letter = last["given_number"], last.get("given_letter")
            pts = self.triangle_points(key, number, letter) if letter else self.hexagon_points(key, number)
            colour = RIGHT_COLOUR if last["right"] else PLACE_COLOUR
            pygame.draw.polygon(canvas, (20, 20, 20), pts, 7)
            pygame.draw.polygon(canvas, colour, pts, 4)
        if not last["red_herring"]:
            point = self.place_point(key, last["lat"], last["lon"])
            if point is not None:
                x, y = point
                pygame.draw.line(canvas, (20, 20, 20), (x, y), (x, y - 30), 4)
                pygame.draw.circle(canvas, (20, 20, 20), (x, y - 32), 12)
                pygame.draw.circle(canvas, PLACE_COLOUR, (x, y - 32), 9)
                pygame.draw.circle(canvas, (20, 20, 20), (x, y), 5)
                pygame.draw.circle(canvas, (255, 255, 255), (x, y), 3)
                pill = self._place_label_rect(last, point)
                pygame.draw.rect(canvas, theme.PAPER, pill, border_radius=8)
                pygame.draw.rect(canvas, (20, 20, 20), pill, 2, border_radius=8)
                theme.draw_text(canvas, last["place"], pill.center, theme.SIZE_BODY, theme.INK, bold=True,
                                anchor="center")
        self._draw_banner(canvas, last, key)

    def _draw_banner(self, canvas: pygame.Surface, last: dict[str, Any], key: str) -> None:
        area = self._banner_rect(last, key)
        right = last["right"]
        pygame.draw.rect(canvas, (12, 14, 16), area.move(0, 5), border_radius=14)
        pygame.draw.rect(canvas, theme.PANEL, area, border_radius=14)
        pygame.draw.rect(canvas, theme.GOOD if right else theme.WARNING, area, 4, border_radius=14)
        if last["red_herring"]:
            title = "Right: a red herring!" if right else "Wrong: a red herring"
        else:
            title = f"Right! {last['given']}" if right else f"Wrong: {last['given']}"
        theme.draw_text(canvas, f"{self.name(last['seat'])}: {title}", (area.centerx, area.y + 12), theme.SIZE_LARGE,
                        theme.TEXT, bold=True, anchor="midtop", max_width=area.width - 32)
        sub = self._banner_sub(last)   # the place and every answer it took, on as many lines as it needs
        box = pygame.Rect(area.x + 16, area.y + 54, area.width - 32, sub.height)
        theme.draw_fitted_lines(canvas, sub, box, theme.TEXT_DIM, align="center")

    def _banner_sub(self, last: dict[str, Any]) -> theme.FittedText:
        sub = "There is no such place." if last["red_herring"] else f"{last['place']}: {last['answer']}"
        line = theme.font(theme.SIZE_BODY).get_linesize() + 4
        return theme.fit_to_box(sub, BANNER_W - 32, 3 * line, theme.SIZE_BODY, theme.SIZE_SMALL)

    def _draw_lens(self, canvas: pygame.Surface, mouse: tuple[int, int]) -> None:
        """The Rubicon Reticle: the picture around the mouse magnified in a round lens, the
        hexagon under it outlined with its six lettered triangles, and its number below. The
        lens is made once per pointer position (frames that only redraw elsewhere reuse it)."""
        cell = self.cell_at(mouse)
        if cell is None:
            return
        tri = self.view["precision"] == TRI and self.phase == ANSWER
        key = (self.tab, mouse, cell, tri)
        if self._lens is None or self._lens[0] != key:
            self._lens = (key, self._make_lens(mouse, cell, tri))
        lens = self._lens[1]
        sheet = G.SHEETS[self.tab]
        _, number, letter = cell
        at = self._lens_centre(mouse)
        spot = (at[0] - LENS_R, at[1] - LENS_R)
        canvas.blit(lens, spot)
        pygame.draw.circle(canvas, (20, 20, 22), at, LENS_R + 1, 5)
        pygame.draw.circle(canvas, theme.HIGHLIGHT if self.answering() else theme.TEXT_DIM, at, LENS_R - 1, 2)
        # the point itself, magnified at the lens's centre, so the click's place is plain
        pygame.draw.line(canvas, (20, 20, 22), (at[0] - 7, at[1]), (at[0] + 7, at[1]), 2)
        pygame.draw.line(canvas, (20, 20, 22), (at[0], at[1] - 7), (at[0], at[1] + 7), 2)
        if at != mouse:   # the lens slid off the pointer at the sheet's edge: where it points
            pygame.draw.circle(canvas, (20, 20, 22), mouse, 6, 3)
            pygame.draw.circle(canvas, theme.HIGHLIGHT, mouse, 4, 2)
        label = sheet.label(number, letter if tri else None)
        image = theme.text(label, theme.SIZE_LARGE, tuple(theme.INK), True)
        pill = image.get_rect(center=(at[0], at[1] + LENS_R + 4)).inflate(20, 6)
        pygame.draw.rect(canvas, (20, 20, 22), pill.inflate(4, 4), border_radius=10)
        pygame.draw.rect(canvas, theme.HIGHLIGHT if self.answering() else theme.PAPER, pill, border_radius=9)
        canvas.blit(image, image.get_rect(center=pill.center))

    def _lens_centre(self, mouse: tuple[int, int]) -> tuple[int, int]:
        """Where the lens is drawn: over the pointer, or slid inwards so that it and its number
        stay whole inside the sheet's area when the pointer is near an edge."""
        lo_x, hi_x = AREA.left + LENS_R + 6, AREA.right - LENS_R - 6
        lo_y, hi_y = AREA.top + LENS_R + 6, AREA.bottom - LENS_R - 24
        return (min(max(mouse[0], lo_x), hi_x), min(max(mouse[1], lo_y), hi_y))

    def _make_lens(self, mouse: tuple[int, int], cell: tuple[str, int, str], tri: bool) -> pygame.Surface:
        key, number, letter = cell
        sheet = G.SHEETS[key]
        scale = LENS_HEX / (2 * sheet.radius * sheet.ppd)          # canvas px per picture px
        bx, by = self.from_canvas(key, mouse)
        ox, oy = sheet.pixel_rect[:2]
        left, top = bx - LENS_R / scale, by - LENS_R / scale       # the lens's corner, picture px
        lens = pygame.Surface((2 * LENS_R, 2 * LENS_R), pygame.SRCALPHA)
        lens.fill((*theme.PAPER_DARK[:3], 255))
        source = self.full.get(key)
        if source is not None:
            want = pygame.Rect(math.floor(left - ox), math.floor(top - oy), math.ceil(2 * LENS_R / scale) + 2,
                               math.ceil(2 * LENS_R / scale) + 2)
            part = want.clip(source.get_rect())
            if part.width > 0 and part.height > 0:
                size = (round(part.width * scale), round(part.height * scale))
                image = pygame.transform.smoothscale(source.subsurface(part), size)
                lens.blit(image, (round((part.x + ox - left) * scale), round((part.y + oy - top) * scale)))

        def at(px: float, py: float) -> tuple[float, float]:
            return (px - left) * scale, (py - top) * scale

        corners = [at(x, y) for x, y in sheet.hexagon_pixels(number)]
        shade = pygame.Surface(lens.get_size(), pygame.SRCALPHA)
        lit = [at(x, y) for x, y in sheet.triangle_pixels(number, letter)] if tri else corners
        pygame.draw.polygon(shade, (255, 219, 110, 80), lit)
        lens.blit(shade, (0, 0))
        centre = at(*sheet.to_pixel(*sheet.centre(number)))
        for c in corners:
            pygame.draw.line(lens, (40, 34, 20), centre, c, 2)
        pygame.draw.polygon(lens, (30, 26, 10), corners, 6)
        pygame.draw.polygon(lens, theme.HIGHLIGHT, corners, 3)
        for name in G.LETTERS:
            pts = [at(x, y) for x, y in sheet.triangle_pixels(number, name)]
            cx, cy = _centroid(pts)
            strong = tri and name == letter
            size = theme.SIZE_LARGE if strong else theme.SIZE_BODY
            disc = 17 if strong else 14
            pygame.draw.circle(lens, (30, 26, 10), (round(cx), round(cy)), disc + 2)
            pygame.draw.circle(lens, theme.HIGHLIGHT if strong else theme.PAPER, (round(cx), round(cy)), disc)
            theme.draw_text(lens, name, (cx, cy), size, theme.INK, bold=True, anchor="center")
        lens.blit(self._lens_mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return lens.convert_alpha() if pygame.display.get_surface() is not None else lens

    # ---- targets: the sheets an answer may be clicked on (table kit) ----------------------------
    declares_targets = True

    def target_of(self, action) -> Hashable:
        # any hexagon (or triangle) of a sheet the seat may use: the sheet is the target, and
        # it glows as a whole; the lens shows the cell under the pointer
        if isinstance(action, Answer):
            return ("sheet", action.sheet)
        return None   # zone, precision and a red herring are buttons

    def target_key(self, hit: Hashable) -> Hashable:
        if isinstance(hit, tuple) and hit and hit[0] == "cell":
            return ("sheet", hit[1])
        return hit

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        if isinstance(target, tuple) and target[0] == "sheet" and target[1] == self.tab:
            return pygame.Rect(self.base[target[1]][1])   # the sheet shown, glowing round its edge
        return None

    def why_not_target(self, target: Hashable) -> str:
        if self.phase in (ZONE, PRECISION):
            return "There is no Ubi to answer yet: choose with the buttons first."
        if self.phase != ANSWER:
            return "There is no Ubi to answer now."
        if isinstance(target, tuple) and target and target[0] == "cell":
            return self.ctx.explain(Answer(target[1], target[2], None)) or "Answer on a glowing sheet."
        return "Click a hexagon of the sheet to answer, or type it."

    # ---- input --------------------------------------------------------------------------------
    def hit_board(self, pos: tuple[int, int]) -> Hashable:
        cell = self.cell_at(pos)
        return None if cell is None else ("cell",) + cell

    def click_target(self, target: Hashable) -> None:
        if not isinstance(target, tuple) or target[0] != "cell":
            return
        _, key, number, letter = target
        if self.phase != ANSWER:
            self.refuse("There is no Ubi to answer yet." if self.phase in (ZONE, PRECISION) else
                        "There is no Ubi to answer now.")
            return
        answer = (key, number, letter if self.view["precision"] == TRI else None)
        reason = self.ctx.explain(Answer(*answer))
        if reason:
            self.refuse(reason)
            return
        self.choose(answer)

    def choose(self, answer: tuple[str, int, str | None]) -> None:
        """An answer chosen (shown, not yet given): Confirm gives it."""
        self.chosen = answer
        key, number, letter = answer
        self.status_note = (f"{G.SHEETS[key].label(number, letter)} chosen: Confirm (Enter) gives it; "
                            "choose again to change it.")
        self.status_warning = False
        self.status_seat = None
        self._sync_buttons()

    def clear_choice(self) -> None:
        self.chosen = None
        self.status_note = ""
        self._sync_buttons()

    def confirm(self) -> None:
        if self.chosen is None:
            self.refuse("Choose an answer on the map first, or type it.")
            return
        key, number, letter = self.chosen
        self.chosen = None
        self.try_action(Answer(key, number, letter))
        self._sync_buttons()

    def typed(self, text: str) -> None:
        """A typed answer, "267-A", "N45": chosen if it is one this Ubi takes, else why not."""
        text = text.strip()
        if not text:
            self.refuse("Type a hexagon's number, 267, or a triangle, 267-A.")
            return
        found = G.parse_answer(text)
        if found is None:
            self.refuse(f"“{text}” is not an answer: type a hexagon's number, 267, or a triangle, 267-A "
                        "(N12 or E12-C on the expert areas).")
            return
        sheet, number, letter = found
        reason = self.ctx.explain(Answer(sheet.key, number, letter))   # the rules say why not
        if reason:
            self.refuse(reason)
            return
        self.tab = sheet.key
        self.entry.set_text("")
        self.choose((sheet.key, number, letter))

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            if self.answering():
                if not self.entry.get_text().strip() and self.chosen is not None:
                    self.confirm()   # Enter again, on the answer just typed: give it
                else:
                    self.typed(self.entry.get_text())
            return
        super().on_ui_event(event)

    def on_board_button(self, element: Any) -> None:
        key = self.tab_panel.pressed(element)
        if key is not None:
            self.tab = key[1]
            self._sync_buttons()
            return
        key = self.choices.pressed(element)
        if key is None:
            return
        if key[0] == "do":
            self.try_action(key[1])
        elif key[0] == "confirm":
            self.confirm()
        elif key[0] == "typed":
            self.typed(self.entry.get_text())
        elif key[0] == "herring":
            self.chosen = None
            self.try_action(RedHerring())
        self._sync_buttons()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.chosen is not None:
            self.clear_choice()
            return True
        if event.type == pygame.MOUSEWHEEL and self.tab in self.base and \
                self.base[self.tab][1].collidepoint(self.app.mouse_pos):
            self.zoom_step(1 if event.y > 0 else -1, self.app.mouse_pos)   # the wheel zooms the sheet
            return True
        return super().handle_event(event)

    def key_board(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.chosen is not None and self.answering():
            self.confirm()
            return True
        pointer = self.app.mouse_pos
        if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom_step(1, pointer)
            return True
        if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom_step(-1, pointer)
            return True
        if event.key in (pygame.K_0, pygame.K_KP0):
            self.set_zoom(1.0)
            return True
        step = {pygame.K_LEFT: (120, 0), pygame.K_RIGHT: (-120, 0), pygame.K_UP: (0, 120), pygame.K_DOWN: (0, -120)}
        if event.key in step and self.zoom_level() > 1.0:
            self.pan(*step[event.key])
            return True
        return False

    def prompt(self) -> str:
        v = self.view
        if v["phase"] == ZONE:
            return "the zone die shows the Ubi eye: choose the zone."
        if v["phase"] == PRECISION:
            return "the precision die shows the Ubi eye: choose hexagonal or triangular precision."
        if v["phase"] == ANSWER:
            how = "click its triangle" if v["precision"] == TRI else "click its hexagon"
            return f"where is it? {how}, then Confirm; or type it; or call a red herring."
        return "your turn."

    # ---- animation ----------------------------------------------------------------------------
    def on_applied(self, action: Action, seat: int | None, before: dict, after: dict) -> None:
        events = self.last_events
        sounds = self.app.sound
        delay = 0.0
        answered = [e for e in events if e.kind == "answer"]
        if answered and after.get("last"):
            last = after["last"]
            right = answered[0].data["right"]
            sounds.play("right" if right else "wrong")
            self.revealing = last
            sheet = self.answer_sheet_of(last)
            self._reveal_tab = self.tab if self._reveal_tab is None else self._reveal_tab
            self.tab = sheet
            self.set_zoom(1.0, key=sheet)   # the whole sheet, so that everyone sees where it was
            area = self._banner_rect(last, sheet)

            def reveal_done() -> None:
                self.revealing = None
                if self._reveal_tab is not None:
                    self.tab = self._reveal_tab
                self._reveal_tab = None
                self.overlay.forget()
                self._sync_buttons()

            self.anim.add(Motion(0.25, lambda _s, _t: None, lambda t: area.inflate(6, 14), hold=REVEAL_HOLD,
                                 on_done=reveal_done))
            delay = 0.25 + REVEAL_HOLD
        for e in events:
            if e.kind == "roll":
                self._tumble(("roll", e.data["zone"], e.data["precision"]), delay)
                delay += TUMBLE
            elif e.kind == "capstone":
                self._tumble(("cap", e.data["zone"]), delay)
                delay += TUMBLE
            elif e.kind == "facet":
                self._facet_won(e.data["team"], e.data["zone"])
        self._sync_buttons()

    def _facet_won(self, team: int, zone: str) -> None:
        """A facet won: a tile of the zone's colour rises from the card to every pyramid of
        the team, which flashes as it takes it."""
        colour = art.ZONE_COLOURS.get(zone, art.CAPSTONE_GOLD)
        start = self.dice_rect().center
        for seat, rect in enumerate(self._seat_rects):
            if self.view["team_of"][seat] != team:
                continue
            goal = self._pyramid_spot(rect).center

            def tile_at(t: float, goal=goal) -> pygame.Rect:
                x = start[0] + (goal[0] - start[0]) * t
                y = start[1] + (goal[1] - start[1]) * t - math.sin(math.pi * t) * 80
                size = round(34 - 12 * t)
                tile = pygame.Rect(0, 0, size, size)
                tile.center = (round(x), round(y))
                return tile

            def draw(surface: pygame.Surface, t: float, goal=goal) -> None:
                tile = tile_at(t)
                pygame.draw.rect(surface, (16, 16, 18), tile.inflate(6, 6), border_radius=7)
                pygame.draw.rect(surface, colour, tile, border_radius=5)
                if t > 0.8:   # the pyramid takes it: a ring spreads around it
                    pygame.draw.circle(surface, colour, goal, round(30 + 60 * (t - 0.8)), 3)

            def bounds(t: float, goal=goal) -> pygame.Rect:
                box = tile_at(t).inflate(10, 10)
                return box.union(pygame.Rect(goal[0] - 46, goal[1] - 46, 92, 92)) if t > 0.8 else box

            self.anim.add(Motion(FACET_FLIGHT, draw, bounds, hold=0.2))

    def _tumble(self, dice: tuple[str, ...], delay: float) -> None:
        """The Rubi Cubis (or the Rubi Ubi) roll on the card: faces flicker, then settle."""
        self._tumbling = dice
        capstone = dice[0] == "cap"
        tray = self.dice_rect()
        area = pygame.Rect(tray.x, tray.y, DIE if capstone else tray.width, DIE).inflate(12, 12)
        zone_faces = ("AMR", "EUR", "WAT", "UNI", EYE)
        precision_faces = (HEX, TRI, EYE)

        def start() -> None:
            self.app.sound.play("capstone" if capstone else "dice")

        self.anim.add(Motion(0.0, lambda _s, _t: None, lambda _t: pygame.Rect(0, 0, 0, 0), delay=delay, on_done=start))

        def draw(surface: pygame.Surface, t: float) -> None:
            pygame.draw.rect(surface, theme.PANEL, area, border_radius=8)
            tick = int(t * 12)
            wobble = 0 if t >= 1 else round(math.sin(t * 30) * 5)
            x, y = area.x + 6, area.y + 6
            if capstone:
                shown = dice[1] if t >= 1 else ZONES[tick % 4]
                surface.blit(art.capstone_face(shown, DIE), (x, y + wobble))
                return
            z = dice[1] if t >= 1 else zone_faces[tick % 5]
            p = dice[2] if t >= 1 else precision_faces[(tick + 1) % 3]
            surface.blit(art.zone_face(z, DIE), (x, y + wobble))
            surface.blit(art.precision_face(p, DIE), (x + DIE + 10, y - wobble))

        def done() -> None:
            self._tumbling = None
            self._sync_buttons()

        self.anim.add(Motion(TUMBLE, draw, lambda t: area, delay=delay, ease=lambda t: t, on_done=done))
