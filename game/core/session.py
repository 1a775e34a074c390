"""A session: the seats, the options, the seed and the action log, with undo and autosave.

The state is always the seed's new game with the logged actions applied, so a save is just
the session, and loading replays it.
"""
from __future__ import annotations

import dataclasses
import logging
import time
from collections import deque
from pathlib import Path
from typing import Any
from collections.abc import Callable, Sequence

from .board import BoardError
from .protocol import CHANCE, Action, Event, GameState, IllegalAction, log_lines
from .registry import GameSpec, load_games
from .reveal import shows_something_new
from .rng import Rng
from .saves import (SAVE_FORMAT, SAVE_VERSION, WRITER, SaveError, describe_os_error, read_save,
                    write_json_atomic)

PERSON = "person"
BOT = "bot"
BOT_LEVELS = ("easy", "normal", "hard")
#: how many moves in a row a person can take back (each keeps a snapshot of the game)
UNDO_LIMIT = 200
#: a save's replay reports its progress every so many moves (`from_save`)
PROGRESS_EVERY = 250


@dataclasses.dataclass
class Seat:
    name: str
    kind: str = PERSON          # "person" or "bot"
    level: str = "normal"       # bot level: easy, normal, hard
    colour: int = 0             # index into the seat palette (ui/theme.py)

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    def label(self) -> str:
        return f"{self.name} (bot, {self.level})" if self.is_bot else self.name

    def kind_key(self) -> str:
        """For statistics: person, bot-easy, bot-normal, bot-hard."""
        return f"bot-{self.level}" if self.is_bot else PERSON

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError(f"not a seat: {data!r}")
        kind = data.get("kind", PERSON)
        level = data.get("level", "normal")
        colour = data.get("colour", 0)
        if kind not in (PERSON, BOT) or level not in BOT_LEVELS or not isinstance(colour, int):
            raise ValueError(f"not a seat: {data!r}")
        return cls(name=data["name"][:40], kind=kind, level=level, colour=colour)


class Session:
    """One game being played: the state plus everything needed to save, undo and replay it."""

    def __init__(self, spec: GameSpec, seats: Sequence[Seat], options: dict[str, Any] | None,
                 seed: int, *, autosave_path: Path | None = None, name: str = "",
                 seed_known: bool = False) -> None:
        self.spec = spec
        self.seats = list(seats)
        self.options = spec.check_options(options or {})
        self.seed = int(seed)
        #: the game number was typed in by a person (to replay a known game), so it may be shown;
        #: a drawn number stays hidden until the game is over, since it gives the deal away
        self.seed_known = bool(seed_known)
        self.autosave_path = autosave_path
        self.name = name
        #: hints asked in this game (table/hints.py); the statistics note games played with them
        self.hints = 0
        self.state: GameState = spec.make(len(self.seats), self.seed, self.options)
        self.actions: list[Action] = []
        #: everything that happened: (number of actions before it, event); the log is made of these
        #: (setup's events are numbered -1, so undoing the first move keeps them)
        self.events: list[tuple[int, Event]] = [(-1, e) for e in self.state.take_events()]
        # random steps the game exposes are rolled by the state's own generator; they are not
        # actions of the log, so a replay rolls them again, alike
        self.events += [(-1, e) for e in self.state.settle_chance()]
        # the moves a person can take back, newest last: at most UNDO_LIMIT, so that a long game
        # (or a crafted save of thousands of moves) keeps a bounded number of snapshots
        self._undo: deque[tuple[GameState, Action]] = deque(maxlen=UNDO_LIMIT)
        self._reveal_rng = Rng(self.seed, stream=31)   # deals the worlds `shows_something_new` tries
        self._redo: list[Action] = []
        #: write autosaves on the background writer (the app) or at once (tools, tests)
        self.autosave_in_background = False
        #: why the last autosave failed (the disk is full, the folder read-only...), or None
        #: when it worked or none was tried; the game scene's banner shows it
        self.autosave_problem: str | None = None
        #: an autosave file already there is replaced only once it is known to be this
        #: session's own (continued from) or a readable save: never a damaged or newer one
        self._autosave_trusted = autosave_path is None or not Path(autosave_path).exists()

    # ---- playing ------------------------------------------------------------------------
    def apply(self, action: Action, *, autosave: bool = True) -> list[Event]:
        """Apply an action for the seat to act (IllegalAction leaves everything unchanged);
        returns what happened, chance steps that followed included."""
        events = self._apply(action)
        self._redo.clear()
        if autosave:
            self.autosave()
        return events

    def _apply(self, action: Action, *, undo: bool = True) -> list[Event]:
        """Apply `action` and the chance steps after it; a person's move may be taken back
        (`undo`) unless it showed its mover something new or the turn passed on."""
        # the previous action's autosave reaches the disk before this one is applied, so a
        # kill loses at most the action on screen
        self.wait_for_autosave()
        seat = self.state.current_player
        if seat is None:
            raise IllegalAction("The game is over.")
        if seat is CHANCE:
            raise IllegalAction("The dice are rolled first.")
        undoable = undo and not self.seats[seat].is_bot
        before = self.state.clone() if undoable else None
        epoch = self.state.info_epoch
        events = self.state.apply(action)
        self.actions.append(action)
        events += self.state.settle_chance()
        self.events += [(len(self.actions) - 1, e) for e in events]
        if (before is None or self.state.info_epoch != epoch or self.state.current_player != seat
                or shows_something_new(self.spec, before, action, self.state.view(seat), seat, self._reveal_rng)):
            # Something new was revealed or the turn passed on: no undo past this point.
            self._undo.clear()
        else:
            self._undo.append((before, action))
        return events

    def log_for(self, viewer: int | None, last: int | None = None) -> list[tuple[int | None, str]]:
        """The game log as `viewer` may read it: (acting seat, text) pairs, the newest last."""
        lines = log_lines((e for _, e in self.events), viewer)
        return lines if last is None else lines[-last:]

    @property
    def show_seed(self) -> bool:
        """Whether the game number may be shown: typed in by a person, or the game is over."""
        return self.seed_known or self.state.is_over

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        if not self._undo:
            raise IllegalAction("Nothing to undo: a new card or turn came since.")
        before, action = self._undo.pop()
        self.state = before
        self.actions.pop()
        self.events = [(i, e) for i, e in self.events if i < len(self.actions)]
        self._redo.append(action)
        self.autosave()

    def redo(self) -> None:
        if not self._redo:
            raise IllegalAction("Nothing to redo.")
        action = self._redo.pop()
        self._apply(action)
        self.autosave()

    # ---- saving -------------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        from game import __version__
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.spec.id,
            "rules_version": self.spec.rules_version,
            "title": self.spec.title,
            "name": self.name,
            "seats": [seat.to_json() for seat in self.seats],
            "options": dict(self.options),
            "seed": self.seed,
            "seed_known": self.seed_known,
            "actions": [action.to_json() for action in self.actions],
            "hints": self.hints,
            "over": self.state.is_over,
            **self._standing(),
            "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
            "app_version": __version__,
        }

    def _standing(self) -> dict[str, Any]:
        """Where the game stands, for the load screen's list (which does not replay saves):
        the seat to act, or, once it is over, the scores and the winners. Loading ignores it."""
        state = self.state
        if state.is_over:
            return {"scores": list(state.scores()), "winners": list(state.winners())}
        seat = state.current_player
        return {"turn": seat} if isinstance(seat, int) else {}

    def save_to(self, path: Path) -> None:
        write_json_atomic(path, self.to_save())

    @property
    def autosave_ok(self) -> bool:
        return self.autosave_problem is None

    def autosave(self) -> None:
        """Write the autosave (in the background in the app). A failure is kept in
        `autosave_problem`, and the next action tries again; a success clears it."""
        if self.autosave_path is None:
            return
        if not self._autosave_trusted:
            self._keep_foreign_autosave(self.autosave_path)
        data = self.to_save()
        if self.autosave_in_background:
            WRITER.write(self.autosave_path, data, self._autosave_done)
            return
        try:
            write_json_atomic(self.autosave_path, data)
        except OSError as exc:
            self._autosave_done(describe_os_error(exc))
        else:
            self._autosave_done(None)

    def _autosave_done(self, problem: str | None) -> None:
        if problem and problem != self.autosave_problem:
            logging.getLogger(__name__).warning("the autosave %s was not written: %s", self.autosave_path, problem)
        self.autosave_problem = problem

    def _keep_foreign_autosave(self, path: Path) -> None:
        """The autosave path holds a file this session did not write: replace it only if it
        is a save this Journeys reads; else leave it be and autosave to a file of our own."""
        from .autosaves import new_path
        try:
            read_save(path)
        except SaveError:
            self.autosave_path = new_path(self.spec.id)
        self._autosave_trusted = True

    def wait_for_autosave(self) -> None:
        """Wait until this session's last autosave is on disk (or has failed)."""
        if self.autosave_path is not None and self.autosave_in_background:
            if not WRITER.wait(self.autosave_path):
                self.autosave_problem = "the disk did not answer in time"

    def flush(self) -> None:
        """Wait until the last autosave is on disk."""
        WRITER.flush()

    @classmethod
    def start_of(cls, data: dict[str, Any], *, autosave_path: Path | None = None,
                 source: str = "the save") -> tuple[Session, list[Any]]:
        """The session of a save's game before its first move (its seats, options and seed),
        and its moves as written, the save brought to the game's current rules. SaveError says
        what is wrong."""
        games = load_games()
        spec = games.get(data.get("game"))  # type: ignore[arg-type]
        if spec is None:
            raise SaveError(f"{source} is for a game this Journeys does not know "
                            f"({data.get('game')!r}).")
        if not spec.available:
            raise SaveError(f"{source} is for {spec.title}, which this Journeys cannot play yet.")
        data = upgraded(spec, data, source)
        try:
            seats = [Seat.from_json(s) for s in data["seats"]]
            spec.check_players(len(seats))
            session = cls(spec, seats, data.get("options") or {}, data["seed"],
                          autosave_path=autosave_path, name=str(data.get("name", ""))[:80],
                          seed_known=bool(data.get("seed_known", False)))
        except BoardError as exc:             # the game's own map is missing or damaged
            raise SaveError(f"{source} cannot start its game: {exc} Reinstalling Journeys restores it.") from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            raise SaveError(f"{source} cannot start its game: {str(exc)[:200]}") from None
        hints = data.get("hints", 0)
        session.hints = hints if isinstance(hints, int) and not isinstance(hints, bool) and hints >= 0 else 0
        return session, list(data["actions"])

    @classmethod
    def from_save(cls, data: dict[str, Any], *, autosave_path: Path | None = None,
                  source: str = "the save", progress: Callable[[int, int], bool] | None = None) -> Session:
        """Rebuild a session by replaying a save's actions. SaveError says what is wrong.

        `progress(done, total)` is called every PROGRESS_EVERY moves; when it returns False the
        replay stops (SaveError)."""
        session, recorded = cls.start_of(data, autosave_path=autosave_path, source=source)
        total = len(recorded)
        first_undoable = total - UNDO_LIMIT
        for index, raw in enumerate(recorded):
            if progress is not None and index % PROGRESS_EVERY == 0 and not progress(index, total):
                raise SaveError(f"Opening {source[0].lower()}{source[1:]} was stopped.")
            session.apply_recorded(raw, index, source, undo=index >= first_undoable)
        return session

    def apply_recorded(self, raw: Any, index: int, source: str = "the save", *, undo: bool = False) -> list[Event]:
        """Apply move `index` of a save as written (`raw`), or SaveError saying where the save
        is damaged."""
        try:
            return self._apply(self.spec.decode_action(raw), undo=undo)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
            raise SaveError(f"{source} is damaged at move {index + 1}: {str(exc)[:200]}") from None

    @classmethod
    def load(cls, path: Path, *, autosave_path: Path | None = None, data: dict[str, Any] | None = None,
             progress: Callable[[int, int], bool] | None = None) -> Session:
        """The session a save file holds (`data`: the file, already read with `read_save`).
        Continuing an autosave (`autosave_path` is the file read) replaces it as the game goes
        on, since it has just been read."""
        if data is None:
            data = read_save(path, known_games=set(load_games()))
        session = cls.from_save(data, autosave_path=autosave_path,
                                source=f"The save {Path(path).name[:100]}", progress=progress)
        if autosave_path is not None and Path(autosave_path) == Path(path):
            session._autosave_trusted = True
        return session

    # ---- replays ------------------------------------------------------------------------
    def replay(self, upto: int | None = None) -> GameState:
        """A fresh state with the first `upto` actions applied (all by default)."""
        replay = Session(self.spec, self.seats, self.options, self.seed)
        for action in self.actions[:upto]:
            replay._apply(action, undo=False)
        return replay.state


def upgraded(spec: GameSpec, data: dict[str, Any], source: str) -> dict[str, Any]:
    """A save brought to the game's current rules version, or SaveError saying why not.

    Saves from before rules versions were written count as version 1."""
    version = data.get("rules_version", 1)
    if not isinstance(version, int) or version < 1:
        raise SaveError(f"{source} has an unknown rules version ({version!r}).")
    if version > spec.rules_version:
        raise SaveError(f"{source} was made with newer rules of {spec.title} (version {version}; "
                        f"this Journeys knows up to {spec.rules_version}). Please update Journeys.")
    if version < spec.rules_version:
        if spec.upgrade_save is None:
            raise SaveError(f"{source} was made with older rules of {spec.title} (version {version}, "
                            f"now {spec.rules_version}) and cannot be replayed under the new ones.")
        try:
            data = spec.upgrade_save(dict(data), version)
        except (ValueError, KeyError, TypeError) as exc:
            raise SaveError(f"{source} was made with older rules of {spec.title} and cannot be "
                            f"brought up to date: {exc}") from None
        data["rules_version"] = spec.rules_version
    return data
