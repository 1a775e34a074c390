"""A session: the seats, the options, the seed and the action log, with undo and autosave.

The state is always the seed's new game with the logged actions applied, so a save is just
the session, and loading replays it.
"""
from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any, Sequence

from .board import BoardError
from .protocol import Action, GameState, IllegalAction
from .registry import GameSpec, load_games
from .saves import SAVE_FORMAT, SAVE_VERSION, WRITER, SaveError, read_save, write_json_atomic

PERSON = "person"
BOT = "bot"
BOT_LEVELS = ("easy", "normal", "hard")


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
    def from_json(cls, data: Any) -> "Seat":
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
                 seed: int, *, autosave_path: Path | None = None, name: str = "") -> None:
        self.spec = spec
        self.seats = list(seats)
        self.options = spec.check_options(options or {})
        self.seed = int(seed)
        self.autosave_path = autosave_path
        self.name = name
        self.state: GameState = spec.make(len(self.seats), self.seed, self.options)
        self.actions: list[Action] = []
        self._undo: list[tuple[GameState, Action]] = []
        self._redo: list[Action] = []
        #: write autosaves on the background writer (the app) or at once (tools, tests)
        self.autosave_in_background = False

    # ---- playing ------------------------------------------------------------------------
    def apply(self, action: Action, *, autosave: bool = True) -> None:
        """Apply an action for the seat to act (IllegalAction leaves everything unchanged)."""
        self._apply(action)
        self._redo.clear()
        if autosave:
            self.autosave()

    def _apply(self, action: Action) -> None:
        seat = self.state.current_player
        if seat is None:
            raise IllegalAction("The game is over.")
        undoable = not self.seats[seat].is_bot
        before = self.state.clone() if undoable else None
        epoch = self.state.info_epoch
        self.state.apply(action)
        self.actions.append(action)
        if (before is None or self.state.info_epoch != epoch
                or self.state.current_player != seat):
            # Something new was revealed or the turn passed on: no undo past this point.
            self._undo.clear()
        else:
            self._undo.append((before, action))

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
            "title": self.spec.title,
            "name": self.name,
            "seats": [seat.to_json() for seat in self.seats],
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [action.to_json() for action in self.actions],
            "over": self.state.is_over,
            "saved_at": time.strftime("%Y-%m-%d %H:%M:%S"),
            "app_version": __version__,
        }

    def save_to(self, path: Path) -> None:
        write_json_atomic(path, self.to_save())

    def autosave(self) -> None:
        if self.autosave_path is None:
            return
        if self.autosave_in_background:
            WRITER.write(self.autosave_path, self.to_save())
        else:
            write_json_atomic(self.autosave_path, self.to_save())

    def flush(self) -> None:
        """Wait until the last autosave is on disk."""
        WRITER.flush()

    @classmethod
    def from_save(cls, data: dict[str, Any], *, autosave_path: Path | None = None,
                  source: str = "the save") -> "Session":
        """Rebuild a session by replaying a save's actions. SaveError says what is wrong."""
        games = load_games()
        spec = games.get(data.get("game"))  # type: ignore[arg-type]
        if spec is None:
            raise SaveError(f"{source} is for a game this Journeys does not know "
                            f"({data.get('game')!r}).")
        if not spec.available:
            raise SaveError(f"{source} is for {spec.title}, which this Journeys cannot play yet.")
        try:
            seats = [Seat.from_json(s) for s in data["seats"]]
            spec.check_players(len(seats))
            session = cls(spec, seats, data.get("options") or {}, data["seed"],
                          autosave_path=autosave_path, name=str(data.get("name", "")))
        except BoardError as exc:             # the game's own map is missing or damaged
            raise SaveError(f"{source} cannot start its game: {exc} Reinstalling Journeys restores it.") from None
        except (ValueError, TypeError, KeyError) as exc:
            raise SaveError(f"{source} cannot start its game: {exc}") from None
        for index, raw in enumerate(data["actions"]):
            try:
                action = spec.decode_action(raw)
                session._apply(action)
            except (ValueError, TypeError) as exc:
                raise SaveError(f"{source} is damaged at move {index + 1}: {exc}") from None
        return session

    @classmethod
    def load(cls, path: Path, *, autosave_path: Path | None = None) -> "Session":
        data = read_save(path, known_games=set(load_games()))
        return cls.from_save(data, autosave_path=autosave_path, source=f"The save {Path(path).name}")

    # ---- replays ------------------------------------------------------------------------
    def replay(self, upto: int | None = None) -> GameState:
        """A fresh state with the first `upto` actions applied (all by default)."""
        state = self.spec.make(len(self.seats), self.seed, self.options)
        for action in self.actions[:upto]:
            state.apply(action)
        return state
