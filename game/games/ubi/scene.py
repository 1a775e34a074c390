"""Ubi's table: the unlabelled map, one sheet at a time (the world, the two expert areas, the
legend), the Rubicon Reticle as a loupe over it, the Ubi on a card in the side panel with the
Rubi Cubis that posed it, and each seat's (team's) Rubi as a growing pyramid.

The scene reads only its context. An answer is chosen by a click on a hexagon or a triangle
(or typed, "267-A"), shown on the map and in the answer bar, and counts only once confirmed.
After every answer the true place is shown on the map with the card's answer and its words,
long enough to read (bots wait; a click skips), then the dice tumble for the next Ubi.

This module ties the table together: the tabs, the answer bar and its buttons, targets, clicks,
keys and the animations; what it draws lives beside it: `sheets` (the sheets' pictures, the
zoom and the sums between a sheet and the canvas), `marks` (the reticle and the answers over
the map), `card` (the dice and the Ubi), `seats` (the pyramids), `scene_art` and `layout`.
"""
from __future__ import annotations

import math
from typing import Any
from collections.abc import Hashable

import pygame
import pygame_gui

from game.core.protocol import Action
from game.table.frame import GameScene
from game.table.overlay import KeyedOverlay
from game.table.panel import Choice, ChoicePanel
from game.table.targets import Press
from game.ui import theme
from game.ui.anim import Motion

from . import grid as G
from . import scene_art as art
from .card import render_card
from .layout import AREA, BAR, DIE, TAB_H, TABS, TABS_Y
from .marks import (Reticle, banner_rect, chosen_label_rect, draw_chosen, draw_reveal, lens_rects,
                    reveal_rects)
from .rules import (ANSWER, EYE, HEX, OVER, PRECISION, TRI, ZONE, ZONE_NAMES, ZONES, Answer,
                    ChoosePrecision, ChooseZone, RedHerring)
from .seats import draw_seat_summary, pyramid_spot
from .sheets import Sheets, bbox

REVEAL_HOLD = 3.6                           # the true place stays shown this long
TUMBLE = 0.8
FACET_FLIGHT = 1.1                          # a facet won rises to its team's pyramids


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
        # the 3,720 x 2,860 picture stays as the file gives it, indexed (one byte a pixel,
        # 11 MB): the sheets are only scaled from it, each part widened to 24 bits just for
        # its scaling; a converted copy would hold 42 MB
        self.sheets = Sheets.load(lambda board: self.board_picture(board, "ubi.tmx", convert=False),
                                  self.plain_board)
        self.reticle = Reticle()
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

    # ---- reading the view ---------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.view["phase"]

    def answering(self) -> bool:
        """The viewer is to answer a Ubi now."""
        return self.is_my_turn() and self.phase == ANSWER

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

    # ---- the sheet shown, and its zoom --------------------------------------------------------------
    def cell_at(self, pos: tuple[float, float], key: str | None = None) -> tuple[str, int, str] | None:
        """(sheet, hexagon, triangle) under a canvas point on the shown sheet."""
        return self.sheets.cell_at(pos, key or self.tab)

    def zoom_level(self, key: str | None = None) -> float:
        return self.sheets.zoom_level(key or self.tab)

    def set_zoom(self, level: float, at: tuple[float, float] | None = None, key: str | None = None) -> None:
        """Zoom sheet `key` (the shown one) to `level`, keeping the point of the sheet under `at`
        (the pointer; else the middle of what is shown) where it is."""
        if self.sheets.set_zoom(key or self.tab, level, at):
            self._zoomed()

    def pan(self, dx: float, dy: float, key: str | None = None) -> None:
        """Move the zoomed sheet by (dx, dy) canvas pixels."""
        if self.sheets.pan(key or self.tab, dx, dy):
            self._zoomed()

    def zoom_step(self, steps: int, at: tuple[float, float] | None = None) -> None:
        """One level in (steps > 0) or out, around `at`."""
        if self.sheets.zoom_step(self.tab, steps, at):
            self._zoomed()

    def _zoomed(self) -> None:
        self.reticle.forget()
        self.rehover()

    # ---- the map layer --------------------------------------------------------------------------
    def _map_signature(self) -> Hashable:
        return (self.tab, self.map_problem, ("sheet", self.tab) in self.glowing, self.sheets.zoom.get(self.tab))

    def _render_map(self, surface: pygame.Surface) -> None:
        sheets = self.sheets
        sheets.draw_tab(surface, self.tab, self.map_problem)
        zoomed = sheets.zoomed_picture(self.tab)
        if zoomed is not None:
            surface.blit(zoomed, sheets.base[self.tab][1].move(-AREA.x, -AREA.y))
        if ("sheet", self.tab) in self.glowing:   # answer anywhere on it
            theme.glow_outline(surface, sheets.base[self.tab][1].move(-AREA.x, -AREA.y).inflate(-4, -4),
                               radius=6, width=3)

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
        dice = self.dice_rect().move(-self.side_reserved_rect().x, -self.side_reserved_rect().y)
        render_card(surface, self.view, dice, self.revealing, self._tumbling, self.is_my_turn(), self.name)

    # ---- seats: each Rubi as a pyramid --------------------------------------------------------------
    def seat_signature(self, seat: int) -> Hashable:
        v = self.view
        team = v["team_of"][seat]
        return (tuple(v["facets"][team]), team, v["num_teams"], v["expert_seats"][seat], v["winner_team"],
                v["turn_seat"] == seat)

    def seat_summary(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        draw_seat_summary(surface, rect, self.view, seat, self.name)

    # ---- the overlay: the reticle, the chosen answer, the answer shown -----------------------------------
    def _mouse(self) -> tuple[int, int] | None:
        pos = self.app.mouse_pos
        if pos[0] < 0 or not AREA.collidepoint(pos) or self.tab not in self.sheets.fits:
            return None
        if not self.sheets.base[self.tab][1].collidepoint(pos) or self.cell_at(pos) is None:
            return None
        return (int(pos[0]), int(pos[1]))

    def _overlay_key(self) -> Hashable:
        reveal = None
        if self.revealing is not None:
            reveal = (repr(self.revealing), self.answer_sheet_of(self.revealing))
        # the sheet's zoom and place too: a pan moves the marks with it, before its layer is
        # drawn again (which a busy frame leaves for the next ones)
        return (self.tab, self.sheets.zoom.get(self.tab), self._mouse(),
                self.cell_at(self.app.mouse_pos) if self._mouse() else None, self.chosen,
                reveal, self.view["precision"], self.phase)

    def _overlay_rects(self, key: Hashable) -> list[pygame.Rect]:
        tab, _zoom, mouse, _cell, chosen, reveal, _precision, _phase = key  # type: ignore[misc]
        rects = []
        if mouse is not None:
            rects += lens_rects(mouse)
        if chosen is not None and chosen[0] == tab:
            rects.append(bbox(self.sheets.hexagon_points(chosen[0], chosen[1]), 10))
            rects.append(chosen_label_rect(self.sheets, chosen))
        if reveal is not None and reveal[1] == tab:
            rects += reveal_rects(self.sheets, self.revealing, tab)
        return rects

    def ticking_rects(self) -> list[pygame.Rect]:
        return self.overlay.dirty()

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        tab = self.tab
        if tab not in self.sheets.fits:
            return
        clip = canvas.get_clip()
        canvas.set_clip(clip.clip(self.sheets.base[tab][1]))   # a zoomed sheet's marks stay on the sheet
        if self.revealing is not None and self.answer_sheet_of(self.revealing) == tab:
            draw_reveal(canvas, self.sheets, self.revealing, tab, self.name)
        if self.chosen is not None and self.chosen[0] == tab:
            draw_chosen(canvas, self.sheets, self.chosen)
        canvas.set_clip(clip)
        mouse = self._mouse()
        if mouse is not None:
            cell = self.cell_at(mouse)
            if cell is not None:
                tri = self.view["precision"] == TRI and self.phase == ANSWER
                self.reticle.draw(canvas, self.sheets, mouse, cell, tri, self.answering())

    # ---- targets: the sheets an answer may be clicked on (table kit) ----------------------------
    def button_key(self, action) -> Hashable:
        """The choice panel's key of the button that makes `action`."""
        return ("herring",) if isinstance(action, RedHerring) else ("do", action)

    declares_targets = True

    def target_of(self, action) -> Hashable:
        # any hexagon (or triangle) of a sheet the seat may use: the sheet is the target, and
        # it glows as a whole; the lens shows the cell under the pointer
        if isinstance(action, Answer):
            return ("sheet", action.sheet)
        return None   # zone, precision and a red herring are buttons

    def next_click(self, action) -> Hashable:
        """An answer: its sheet's tab, when another sheet is shown; its hexagon (or triangle)
        on the sheet; then Confirm."""
        if not isinstance(action, Answer):
            return super().next_click(action)
        if self.chosen == (action.sheet, action.number, action.letter):
            return Press(("confirm",))
        if self.tab != action.sheet:
            return Press(("tab", action.sheet))
        if self._cell_rect(action.sheet, action.number, action.letter) is None:
            return ("entry",)   # a triangle off the sheet's picture: typed, not clicked
        return ("cell", action.sheet, action.number, action.letter)

    def target_key(self, hit: Hashable) -> Hashable:
        if isinstance(hit, tuple) and hit and hit[0] == "cell":
            return ("sheet", hit[1])
        return hit

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        if isinstance(target, tuple) and target[0] == "sheet" and target[1] == self.tab:
            return pygame.Rect(self.sheets.base[target[1]][1])   # the sheet shown, glowing round its edge
        if isinstance(target, tuple) and target[0] == "cell" and target[1] == self.tab:
            return self._cell_rect(*target[1:])
        if target == ("entry",) and self.entry.visible:
            return pygame.Rect(self.entry.rect)
        return None

    def _cell_rect(self, key: str, number: int, letter: str | None) -> pygame.Rect | None:
        """Round a hexagon (or triangle) of the sheet shown, centred on a point where a click
        chooses it (its middle, else a point towards a corner, for a cell at the sheet's
        edge); None where the zoom hides it."""
        points = (self.sheets.triangle_points(key, number, letter) if letter
                  else self.sheets.hexagon_points(key, number))
        mx, my = self.sheets.cell_centre(key, number, letter)
        tries = [(mx, my)] + [(round(mx + 0.6 * (x - mx)), round(my + 0.6 * (y - my))) for x, y in points]
        for point in tries:
            under = self.cell_at(point)
            if under is not None and under[:2] == (key, number) and (letter is None or under[2] == letter):
                break
        else:
            return None   # off the sheet, or zoomed away from it
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        half_w = max(4.0, min(point[0] - min(xs), max(xs) - point[0]))
        half_h = max(4.0, min(point[1] - min(ys), max(ys) - point[1]))
        return pygame.Rect(round(point[0] - half_w), round(point[1] - half_h), round(2 * half_w), round(2 * half_h))

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
        if event.type == pygame.MOUSEWHEEL and self.tab in self.sheets.base and \
                self.sheets.base[self.tab][1].collidepoint(self.app.mouse_pos):
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
            area = banner_rect(self.sheets, last, sheet)

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
            goal = pyramid_spot(rect).center

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
