"""Watching a game again: its own table, showing the record of a save (core/replay.py) move by
move, forwards and backwards, at a chosen speed, from any seat's view, the table's, or with
everything every seat held revealed (table/everything.py: the game is over, nothing is secret
any more).

The replay is the game's own scene class with `Replaying` before it: the board, the seats, the
log and the animations are the game's, while the frame's buttons become the replay's controls
and a timeline under the status line jumps to any turn. Nothing can be played and nothing is
written: no autosave, no statistics. Keys: Left/Right a move, Page Up/Down a turn, Home/End,
Space plays or pauses, V changes whose view is shown, H folds the box of everything revealed, S the
speed, Esc closes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Hashable

import pygame

from game.core.protocol import Action, Event, IllegalAction
from game.core.registry import import_attr
from game.core.replay import Replay
from game.core.session import Session
from game.table import everything
from game.table.controller import Next, TableController, Turn
from game.table.everything import ReplayContext
from game.table.frame import GameScene
from game.table.layout import BOARD, TOP_BAR
from game.ui import theme

if TYPE_CHECKING:
    from game.app import App

#: how long each move stays on the table while the replay plays, by speed
SPEEDS: tuple[tuple[str, float], ...] = (("slow", 2.4), ("normal", 1.2), ("fast", 0.5), ("fastest", 0.12))
DEFAULT_SPEED = 1
TIMELINE_H = 6


class ReplayTable(TableController):
    """The table of a replay: nobody acts, the viewer is whoever the person watching chooses,
    and the game moves by the record."""

    def __init__(self, replay: Replay, viewer: int | None) -> None:
        self.replay = replay
        self._first_viewer = viewer
        super().__init__(replay.session)
        self.context = ReplayContext(self)

    @property
    def reveals_everything(self) -> bool:
        """Every seat's holdings are on show: only a finished game's, in "View: everything"."""
        return self.all_revealed and self.replay.finished

    def _initial_viewer(self) -> int | None:
        return self._first_viewer

    def is_my_turn(self) -> bool:
        return False

    def next(self) -> Next:
        seat = self.to_act()
        return Next("over") if seat is None else Next("wait", seat)

    def turn(self, showing: int | None = None) -> Turn:
        if showing is not None:
            return Turn("show", showing)
        seat = self.to_act()
        if seat is None:
            return Turn("over", None)
        return Turn("replay", seat, self.session.state.decision())

    def apply(self, action: Action) -> list[Event]:
        raise IllegalAction("This is a replay: nothing can be played in it.")

    def undo(self) -> None:
        raise IllegalAction("This is a replay: nothing can be taken back in it.")

    def redo(self) -> None:
        raise IllegalAction("This is a replay: nothing can be taken back in it.")

    def forward(self) -> list[Event]:
        """The record's next move, its events as the viewer may know them."""
        seat = self.to_act()
        events = self.replay.forward()
        self.last_actor = seat
        self.context.last_events = [e.for_viewer(self.viewer) for e in events]
        self.context.refresh()
        return self.context.last_events

    def seek(self, count: int) -> None:
        self.replay.seek(count)
        self.last_actor = self.replay.mover(self.replay.at)
        self.context.last_events = []
        self.context.refresh()

    def show_as(self, seat: int | None) -> None:
        self._set_viewer(seat)

    #: the view follows whoever plays: each move shown from its mover's side (their hand, the
    #: cards they draw), which reveals, move by move, everything each seat saw
    follow = False
    #: everything revealed (only for a finished game): each move from its mover's side, as
    #: `follow`, and every seat's holdings beside it (table/everything.py)
    all_revealed = False


class Replaying(GameScene):
    """Put before a game's scene class (`replay_class`): its table plays back a record."""

    def __init__(self, app: App, replay: Replay, viewer: int | None = None) -> None:
        self.replay = replay
        self.playing = False
        self.speed = DEFAULT_SPEED
        self._next_at = 0.0       # on the replay's clock, when the next move comes while playing
        self._clock = 0.0         # the frames' time since the replay opened
        self._first_viewer = viewer
        super().__init__(app, replay.session, bots_paused=True)
        self._over_handled = True    # the end of a replay records nothing and opens no results

    def make_table(self, session: Session) -> TableController:
        return ReplayTable(self.replay, self._first_viewer)

    @property
    def replay_table(self) -> ReplayTable:
        assert isinstance(self.table, ReplayTable)
        return self.table

    # ---- the controls -------------------------------------------------------------------
    def _build_frame_buttons(self) -> None:
        x = 1920 - 16
        self.frame_buttons = {}
        for key, label, width, tip in (
                ("close", "Close", 110, "Close the replay (Esc)"),
                ("rules", "Rules", 100, "The rules of this game (F1)"),
                ("view", self._view_label(), 260, "Whose view the table shows: a seat's, with their "
                                                  "own cards, whoever plays, everything every seat "
                                                  "held, or the table's, what everyone saw (V)"),
                ("speed", self._speed_label(), 190, "How fast the moves follow one another while "
                                                     "the replay plays (S)"),
                ("end", "End", 84, "The end of the game (End)"),
                ("forward", "Next", 92, "The next move (Right arrow; Page Down: the next turn)"),
                ("play", "Play", 100, "Play the moves one after another, or pause (Space)"),
                ("back", "Back", 92, "The move before (Left arrow; Page Up: the turn before)"),
                ("start", "Start", 92, "The game as it was dealt (Home)")):
            x -= width + 8
            self.frame_buttons[key] = self.button((x, 10, width, 44), label, tooltip=tip)
        self.frame_left = x
        self._update_frame_buttons()

    def _update_frame_buttons(self) -> None:
        if not hasattr(self, "frame_buttons") or "play" not in self.frame_buttons:
            return
        replay = self.replay
        wanted = {"start": replay.at > 0, "back": replay.at > 0,
                  "forward": not replay.at_end, "end": not replay.at_end, "play": not replay.at_end}
        for key, on in wanted.items():
            button = self.frame_buttons[key]
            if on and not button.is_enabled:
                button.enable()
            elif not on and button.is_enabled:
                button.disable()
        for key, text in (("play", "Pause" if self.playing else "Play"), ("view", self._view_label()),
                          ("speed", self._speed_label())):
            if self.frame_buttons[key].text != text:
                self.frame_buttons[key].set_text(text)

    def _view_label(self) -> str:
        """(GameScene makes the table before the frame's buttons.)"""
        if self.replay_table.all_revealed:
            return "View: everything"
        if self.replay_table.follow:
            return "View: whoever plays"
        seat = self.viewer
        return "View: the table" if seat is None else f"View: {self.session.seats[seat].name}"

    def _speed_label(self) -> str:
        return f"Speed: {SPEEDS[self.speed][0]}"

    def do_close(self) -> None:
        self.playing = False
        self.close()

    def do_menu(self) -> None:   # Esc
        self.do_close()

    def do_start(self) -> None:
        self.seek(0)

    def do_end(self) -> None:
        self.seek(self.replay.total)

    def do_back(self) -> None:
        self.seek(self.replay.at - 1)

    def do_forward(self) -> None:
        self.playing = False
        self.step_forward()

    def do_play(self) -> None:
        self.playing = not self.playing and not self.replay.at_end
        self._next_at = self._clock
        self._update_frame_buttons()

    def do_speed(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self._update_frame_buttons()

    def view_order(self) -> list[int | str | None]:
        """What V steps through: each seat's view, whoever plays (each move from its mover's
        side), everything (a finished game only), the table's (what everyone saw)."""
        order: list[int | str | None] = [*range(len(self.session.seats)), "follow"]
        if self.replay.finished:
            order.append("everything")
        return [*order, None]

    def do_view(self) -> None:
        """The next view of `view_order`, and round again."""
        table = self.replay_table
        order = self.view_order()
        now: int | str | None = "everything" if table.all_revealed else "follow" if table.follow else self.viewer
        chosen = order[(order.index(now) + 1) % len(order)]
        self.anim.finish_all()
        table.all_revealed = chosen == "everything"
        # a game where nobody holds anything alone shows the table's view: it is everything
        table.follow = chosen == "follow" or table.all_revealed and self.holds_anything
        if table.follow:
            self._follow(self.replay.mover(self.replay.at))
        else:
            assert chosen is None or isinstance(chosen, int) or table.all_revealed
            table.show_as(chosen if isinstance(chosen, int) else None)
        self._everything_changed()
        self._update_frame_buttons()
        self.invalidate()

    @property
    def holds_anything(self) -> bool:
        """Whether the game declares anything a seat holds alone (Rallyman and Ubi do not)."""
        ctx = self.ctx
        assert isinstance(ctx, ReplayContext)
        return ctx.holds_anything

    # ---- everything revealed ----------------------------------------------------------------
    _everything_shown: everything.Shown | None = None
    everything_folded = False   # the box folded to its heading (H, or a click on it), the board in sight

    def _view_changed(self) -> None:
        super()._view_changed()
        self._everything_changed()

    def _everything_changed(self) -> None:
        """Lay the box of every seat's holdings out anew (after every change of the view), and
        redraw where it was and is."""
        old, new = self._everything_shown, self._everything_box()
        for shown in (old, new):
            if shown is not None:
                self.invalidate(shown.box.inflate(12, 12))
        self._everything_shown = new

    def _everything_box(self) -> everything.Shown | None:
        """The box as it is to be now (None: the view shows no holdings)."""
        ctx = self.ctx
        if not self.replay_table.reveals_everything or not self.holds_anything:
            return None
        if self.everything_folded:
            return everything.folded()
        assert isinstance(ctx, ReplayContext)
        entries = [(h.seat, self.name(h.seat), self.revealed_words(h, False), self.revealed_words(h, True))
                   for h in ctx.everything()]
        return everything.lay_out(entries)

    def fold_everything(self) -> None:
        """Fold the box of every seat's holdings to its heading, or unfold it."""
        if self._everything_shown is not None:
            self.everything_folded = not self.everything_folded
            self._everything_changed()

    def revealed_words(self, holdings: everything.Holdings, brief: bool) -> list[str]:
        """A seat's holdings in words: the game's own (`holdings_words` on its scene), or its
        declared fields plainly worded."""
        hook = getattr(self, "holdings_words", None)
        if hook is None:
            return everything.plain_words(holdings.held)
        return list(hook(holdings.seat, holdings.held, holdings.view, brief))

    def draw(self, canvas: pygame.Surface) -> None:
        super().draw(canvas)
        if self._everything_shown is not None:
            everything.draw(canvas, self._everything_shown, [s.colour for s in self.session.seats])

    def _follow(self, seat: int | None) -> None:
        """In "whoever plays": show `seat`'s side (the seat to act when `seat` is None)."""
        if seat is None or seat < 0:
            seat = self.table.to_act()
        if seat is not None and seat != self.viewer:
            self.replay_table.show_as(seat)

    def turn_back(self) -> None:
        starts = self.replay.turn_starts
        here = self.replay.turn_of(self.replay.at)
        # from a turn's start, to the start of the turn before
        self.seek(starts[here] if starts and starts[here] < self.replay.at else starts[max(0, here - 1)])

    def turn_forward(self) -> None:
        starts = self.replay.turn_starts
        later = [s for s in starts if s > self.replay.at]
        self.seek(later[0] if later else self.replay.total)

    # ---- moving through the record ----------------------------------------------------------
    def step_forward(self) -> None:
        """Show the record's next move as the table showed it when it was played."""
        if self.replay.at_end:
            return
        if self.anim.busy:
            self.anim.finish_all()
        seat = self.table.to_act()
        if self.replay_table.follow:
            self._follow(seat)      # the move is shown from its mover's side
        before = self.view
        shown = len(self.log) if self._log_held_from is None else self._log_held_from
        self.replay_table.forward()
        self.last_actor = seat
        self.status_note = ""
        self.on_applied(self.session.actions[-1], seat, before, self.view)
        self.rehover()
        self._log_held_from = shown if self.anim.busy else None
        self._update_frame_buttons()

    def seek(self, count: int) -> None:
        """Jump to the point after `count` moves (no animation)."""
        self.playing = self.playing and count < self.replay.total
        self.anim.finish_all()
        self._log_held_from = None
        self.replay_table.seek(count)
        if self.replay_table.follow:
            self._follow(self.replay.mover(self.replay.at))
        self.last_actor = None
        self.status_note = ""
        self.on_view()
        self._update_frame_buttons()
        self.invalidate()

    def update(self, dt: float) -> None:
        self._clock += dt
        super().update(dt)

    def _drive(self) -> None:
        """While playing, the next move once the last one has been shown its while."""
        if not self.playing or self._clock < self._next_at:
            return
        if self.replay.at_end:
            self.playing = False
            self._update_frame_buttons()
            return
        self.step_forward()
        self._next_at = self._clock + SPEEDS[self.speed][1]

    def wants_frames(self) -> bool:
        return self.anim.busy or self._layers_waiting or self.playing

    def try_action(self, action: Action) -> bool:
        return False   # nothing is played in a replay; the board's clicks only look

    def refuse(self, reason: str) -> None:
        return None

    # ---- events -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: self.do_close, pygame.K_F1: self.do_rules,
                    pygame.K_LEFT: self.do_back, pygame.K_RIGHT: self.do_forward,
                    pygame.K_HOME: self.do_start, pygame.K_END: self.do_end,
                    pygame.K_PAGEUP: self.turn_back, pygame.K_PAGEDOWN: self.turn_forward,
                    pygame.K_SPACE: self.do_play, pygame.K_v: self.do_view, pygame.K_s: self.do_speed,
                    pygame.K_h: self.fold_everything}
            if event.key in keys:
                keys[event.key]()
            return True   # no other key means anything in a replay
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.timeline_rect().inflate(0, 14).collidepoint(event.pos):
                self.seek(self.turn_at(event.pos[0]))
                return True
            if self._everything_shown is not None and self._everything_shown.box.collidepoint(event.pos):
                self.fold_everything()
                return True
            if BOARD.collidepoint(event.pos):
                self.anim.finish_all()
                self._log_held_from = None
                return True
        return super().handle_event(event)

    # ---- the status line and the timeline -----------------------------------------------
    def timeline_rect(self) -> pygame.Rect:
        return pygame.Rect(24, TOP_BAR.bottom - TIMELINE_H - 4, self.frame_left - 48, TIMELINE_H)

    def turn_at(self, x: int) -> int:
        """The start of the turn nearest to the timeline's point `x` (in moves)."""
        rect = self.timeline_rect()
        share = min(1.0, max(0.0, (x - rect.x) / max(1, rect.width)))
        target = round(share * self.replay.total)
        points = [*self.replay.turn_starts, self.replay.total]
        return min(points, key=lambda p: (abs(p - target), p))

    def status_text(self) -> tuple[str, bool]:
        replay, state = self.replay, self.session.state
        said = ""
        mover = replay.mover(replay.at)
        if replay.at == 0:
            said = "the game as it was dealt."
        elif mover is not None and mover >= 0:
            said = self.table.said_by(mover, replay.events_of(replay.at))
        head = f"Replay, move {replay.at} of {replay.total}" + (f": {said}" if said else ".")
        if not head.endswith((".", "!", "?")):
            head += "."
        if state.is_over:
            return f"{head} {self.over_words()}", False
        return f"{head} {self.name(self.table.to_act())} to play.", False

    def _top_signature(self) -> Hashable:
        return (self.status_text(), self.turn, self.viewer, self.replay.at, self.playing)

    def _render_top(self, surface: pygame.Surface) -> None:
        self._draw_status_bar(surface)
        rect = self.timeline_rect()   # the words above the timeline
        self._draw_status_words(surface, self.status_text()[0], pygame.Rect(rect.x, 2, rect.width, rect.top - 6))
        pygame.draw.rect(surface, theme.LINE, rect, border_radius=TIMELINE_H // 2)
        share = self.replay.at / max(1, self.replay.total)
        if share > 0:
            done = pygame.Rect(rect.x, rect.y, max(TIMELINE_H, round(rect.width * share)), rect.height)
            pygame.draw.rect(surface, theme.HIGHLIGHT, done, border_radius=TIMELINE_H // 2)
        pygame.draw.circle(surface, theme.HIGHLIGHT, (rect.x + round(rect.width * share), rect.centery),
                           TIMELINE_H + 1)


def replay_class(scene_class: type[GameScene]) -> type[Replaying]:
    """The game's scene class with the replay's controls before it."""
    return type(f"{scene_class.__name__}Replay", (Replaying, scene_class), {})


def open_replay(app: App, data: dict[str, Any], *, source: str = "the save") -> GameScene:
    """Push a replay of the game a save's `data` holds (SaveError: it cannot be replayed)."""
    replay = Replay(data, source=source)
    spec = replay.session.spec
    people = [i for i, seat in enumerate(replay.session.seats) if not seat.is_bot]
    viewer = people[0] if len(people) == 1 else None
    scene = replay_class(import_attr(spec.scene))(app, replay, viewer)
    scene.route = "replay"
    app.push(scene)
    return scene
