"""The frame every game scene shares.

It owns the session and shows, for every game: whose turn it is and what they may do (the
status line), the seats, the game log, undo/redo, the rules and the pause menu. It runs the
bots off the UI thread at a pace a person can follow, brings the pass-the-device curtain down
between two people, autosaves (through the session) and opens the results at the end.

A game's scene subclasses it: it adds its board layers in `build_board`, draws a seat's panel in
`seat_summary`, says what the player may do in `prompt`, turns clicks into actions in
`hit_board` and `click_target`, and starts animations in `on_applied` (from `last_events`).

GameScene is put together from parts, each in a module of its own, on the ground they share
(base.py): the layered compositor (layers.py), the status line (status.py), the seats and the
log (side.py), the click targets (targets.py), and the bots, curtain and results (driving.py).
What stays here is the frame itself: it sets the table up, applies moves, takes them back and
redoes them, and answers the frame's buttons, keys and pointer, frame after frame.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any
from collections.abc import Hashable

import pygame
import pygame_gui

from game.core import autosaves, stats
from game.core.ai.worker import shared_runner
from game.core.protocol import Action, IllegalAction
from game.core.registry import import_attr
from game.core.session import Session
from game.table.banner import add_save_banner
from game.table.board import board_picture, plain_board
from game.table.controller import TableController
from game.table.driving import Driving
from game.table.lesson import Lessons
from game.table.layers import Compositor
from game.table.layout import BOARD, TOP_BAR
from game.table.side import SidePanels
from game.table.status import StatusLine
from game.table.targets import Targets
from game.ui import theme
from game.ui.anim import Animator

if TYPE_CHECKING:
    from game.app import App


def open_game(app: App, session: Session, *, bots_paused: bool = False) -> GameScene:
    """Start showing `session` in its game's scene, on top of the main menu."""
    scene_class = import_attr(session.spec.scene)
    scene = scene_class(app, session, bots_paused=bots_paused)
    menu = next((s for s in app.scenes if isinstance(s, app.route("menu"))), None) or app.scene("menu")
    app.reset_to(menu, scene)
    return scene


class GameScene(Compositor, StatusLine, SidePanels, Lessons, Targets, Driving):
    has_hidden_information = True
    releases_memory = True   # the app empties the caches when a game's table closes

    def __init__(self, app: App, session: Session, *, bots_paused: bool = False) -> None:
        super().__init__(app)
        self.choice_panels: list[Any] = []   # every ChoicePanel the scene makes joins it
        self.session = session
        self.spec = session.spec
        self.bots_paused = bots_paused
        self.anim = Animator(app.animation_speed)
        self.table = self.make_table(session)
        self.ctx = self.table.context
        self.status_note = ""
        self.status_warning = False
        self.map_problem = ""           # why the board is drawn on plain paper, if it is
        self.status_seat = None
        self.hover = None
        self.log_scroll = 0
        self._log_held_from = None
        self._bot_future = None
        self._bot_started = 0.0
        self._bot_generation = 0
        self._over_handled = session.state.is_over
        self._results_at = None
        self.last_actor = None
        self.layers = []
        self._layers_waiting = False
        self._seat_rects = self._layout_seats()
        self.session.autosave_in_background = True
        if any(seat.is_bot for seat in session.seats) and not bots_paused:
            shared_runner(session.spec.id)  # start the worker now, so it is ready by the first bot's turn
        theme.preload_fit_fonts()
        self._build_frame_buttons()
        self.add_layer(TOP_BAR, self._render_top, self._top_signature)
        for seat, rect in enumerate(self._seat_rects):
            self.add_layer(rect, self._seat_renderer(seat), self._seat_signer(seat))
        self.add_layer(self._log_rect(), self._render_log_layer, self._log_signature)
        self.build_board()
        add_save_banner(self)   # over the board while the autosave fails
        self.table.on_refresh = self._view_changed   # from now on the scene hears of every change
        self._flatten_lone_layers()
        self.refresh_view()

    # ---- set-up -------------------------------------------------------------------------
    def make_table(self, session: Session) -> TableController:
        """The table's controller (a replay's plays back a record instead, table/replay.py)."""
        return TableController(session, hidden_information=self.has_hidden_information)

    def _build_frame_buttons(self) -> None:
        x = 1920 - 16
        self.frame_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        for key, label, tip in (("menu", "Menu", "Pause: save, settings, main menu (Esc)"),
                                ("rules", "Rules", "The rules of this game (F1)"),
                                ("redo", "Redo", "Do again what you took back (Ctrl+Y)"),
                                ("undo", "Undo", "Take back your last step this turn (Ctrl+Z)"),
                                ("hint", "Hint", "What the hard bot would do, from your view only (H)")):
            width = 116
            x -= width + 10
            self.frame_buttons[key] = self.button((x, 10, width, 44), label, tooltip=tip)
        self.frame_left = x
        self._update_frame_buttons()

    def build_board(self) -> None:
        """Subclasses add their board layers here."""

    # ---- views and the pointer --------------------------------------------------------------
    def refresh_view(self) -> None:
        """Read the view anew (the context then calls `on_view`)."""
        self.ctx.refresh()

    def _view_changed(self) -> None:
        self.forget_hint()
        self.lesson_turn()
        self._update_frame_buttons()
        self.on_view()
        self.rehover()

    def rehover(self) -> None:
        """Hover anew where the pointer rests: a move, an undo or a new viewer lays the table
        out again under a still mouse, and the old hover would name what is no longer there.
        Every view change comes here; `perform` asks again once the scene has taken in the
        move (its on_applied may lay the table out once more)."""
        self.hover = self.hover_at(self.app.mouse_pos)

    def hover_at(self, pos: tuple[int, int]) -> Hashable:
        """What the pointer at `pos` is over (None off the window: (-1, -1)). The one place a
        hover is worked out, on a move of the mouse as after a move of the game; scenes that
        keep more per hover (a card shown large) override it and set that here too."""
        if pos[0] < 0 or pos[1] < 0:
            return None
        return self.hit_board(pos) if BOARD.collidepoint(pos) else self._hit_side(pos)

    def on_pointer_left(self) -> None:
        """The pointer left the window: no hover, no hover picture survives it."""
        super().on_pointer_left()
        self.rehover()

    def on_view(self) -> None:
        """Hook: the viewer's view (or the viewer) changed; drop per-view choices here."""

    def _update_frame_buttons(self) -> None:
        if not hasattr(self, "frame_buttons"):
            return
        mine = self.is_my_turn()
        for key, ok in (("undo", mine and self.session.can_undo()),
                        ("redo", mine and self.session.can_redo()), ("hint", mine)):
            button = self.frame_buttons[key]
            if ok and not button.is_enabled:
                button.enable()
            elif not ok and button.is_enabled:
                button.disable()

    # ---- acting -----------------------------------------------------------------------------
    def try_action(self, action: Action) -> bool:
        """A person's click became `action`: apply it, or say why it is not allowed."""
        if not self.is_my_turn():
            self.refuse("Wait for your turn.")
            return False
        if self.anim.busy:
            self.anim.finish_all()
        try:
            self.perform(action)
        except IllegalAction as exc:
            self.refuse(str(exc))
            return False
        return True

    def perform(self, action: Action) -> None:
        """Apply an action for the seat to act (person or bot) and show what happened."""
        seat = self.table.to_act()
        before = self.view
        shown = len(self.log) if self._log_held_from is None else self._log_held_from
        words = self.ctx.describe(action) if self.lesson is not None else ""
        step = self.lesson.current if self.lesson is not None else None
        events = self.table.apply(action)
        if self.lesson is not None and seat is not None and not self.session.seats[seat].is_bot:
            self.lesson_moved(action, words, step)
            self.lesson_turn()
        self.last_actor = seat
        self.status_note = ""
        self.status_seat = None
        self.status_warning = False
        if seat is not None and self.session.seats[seat].is_bot:
            # what the bot just did shows on the status line while bots play on (until a
            # person is to act: see _deed_outlived); it is in the log for good
            said = self.table.said_by(seat, events)
            if said:
                self.status_note = said
                self.status_seat = seat
        self.on_applied(action, seat, before, self.view)
        self.rehover()
        # what the move did is told (log and status line) once the table has shown it
        self._log_held_from = shown if self.anim.busy else None
        if self.session.state.is_over and not self._over_handled:
            self._over_handled = True
            self._record_result()
            self.app.sound.play("game_end")
            self._results_at = time.perf_counter() + 1.2 * max(0.3, self.app.animation_speed)

    def on_applied(self, action: Action, seat: int | None, before: dict, after: dict) -> None:
        """Subclasses start animations and sounds here."""

    def undo(self) -> None:
        if not self.is_my_turn() or not self.session.can_undo():
            self.refuse("Nothing to undo: a new card or turn came since.")
            return
        self.anim.finish_all()
        self.table.undo()
        self.status_note = ""   # the status line says "Taken back." and asks again
        self.status_seat = None
        self.status_warning = False

    def redo(self) -> None:
        if not self.is_my_turn() or not self.session.can_redo():
            return
        self.anim.finish_all()
        self.table.redo()
        self.status_note = ""
        self.status_seat = None
        self.status_warning = False

    def _record_result(self) -> None:
        state = self.session.state
        try:
            stats.record_game(self.spec.id, self.session.seats, state.scores(), state.winners(),
                              unit=state.score_unit(), hints=self.session.hints)
        except OSError as exc:
            self.status_note = f"Could not write the statistics: {exc}"

    # ---- frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.anim.update(dt)
        self._collect_hint()
        if self._log_held_from is not None and not self.anim.busy:
            self._log_held_from = None   # the move has been shown: now tell it
        if self.covered():
            self._bot_started = time.perf_counter()   # bots wait while the table is covered
        elif not self.anim.busy:
            self._drive()

    def wants_frames(self) -> bool:
        seat = self.table.to_act()
        return (self.anim.busy or self._layers_waiting or self._bot_future is not None or self._results_at is not None
                or self.hinting()
                or (self.table.bot_to_act() and not self.bots_paused)
                or (seat is not None and not self._awaiting_curtain and self.viewer != seat
                    and not self.table.bot_to_act()))

    def on_exit(self) -> None:
        self._bot_generation += 1
        self._bot_future = None
        self.session.flush()
        # a game nobody moved in has nothing to resume: its autosave goes with its table, so
        # abandoned starts do not pile up in the load list (after a crash the error screen
        # offers it, so there it stays)
        path = self.session.autosave_path
        if not self.session.actions and path is not None and not self.app.recovering:
            autosaves.remove_if_unmoved(path)

    # ---- events ---------------------------------------------------------------------------
    def on_ui_event(self, event: pygame.event.Event) -> None:
        if not self.press_named(event, self.frame_buttons) and event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_board_button(event.ui_element)

    def on_board_button(self, element: Any) -> None: ...

    def do_menu(self) -> None:
        self.app.push(self.app.scene("pause", self))

    def do_rules(self) -> None:
        self.app.push(self.app.scene("rules", self.spec.id))

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        self.draw_hint(canvas)
        self.draw_lesson(canvas)

    def do_undo(self) -> None:
        self.undo()

    def do_redo(self) -> None:
        self.redo()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.K_ESCAPE:
                self.do_menu()
            elif event.key == pygame.K_F1:
                self.do_rules()
            elif ctrl and event.key == pygame.K_z:
                self.undo()
            elif ctrl and event.key == pygame.K_y:
                self.redo()
            elif event.key == pygame.K_h and not ctrl:
                self.do_hint()
            else:
                return self.key_board(event)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self._log_rect().collidepoint(self.app.mouse_pos):
                self.log_scroll = max(0, self.log_scroll + event.y)
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.hover_at(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if BOARD.collidepoint(event.pos):
                skipped = self.anim.busy
                if skipped:
                    self.anim.finish_all()
                    self._log_held_from = None   # the move is shown now: told, and the turn goes on
                target = self.hit_board(event.pos)
                if target is None and (skipped or not self.is_my_turn()):
                    return True   # a click that skips the animation, or on nothing
                if not self.is_my_turn():
                    seat = self.table.to_act()
                    self.refuse("The game is over." if seat is None else f"It is {self.name(seat)}'s turn.")
                    return True
                self._click_board(target)
                return True
        return False

    def key_board(self, event: pygame.event.Event) -> bool:
        return False

    # ---- the board's picture (every game) ---------------------------------------------------------
    def board_picture(self, board: Any, file: str, *, convert: bool = True) -> pygame.Surface:
        """The picture layer of a loaded Tiled map, converted for fast blits (see `board_picture`)."""
        return board_picture(board, file, convert=convert)

    def plain_board(self, exc: Exception, size: tuple[int, int]) -> pygame.Surface:
        """A broken map must not stop the game: plain paper instead, which says why (and so does
        the status line, until the first move)."""
        image, self.map_problem = plain_board(exc, size)
        self.status_note = self.map_problem
        self.status_warning = True
        return image
