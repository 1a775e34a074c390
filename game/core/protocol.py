"""The engine contract every game follows (see DESIGN.md, "The engine contract").

A game is a state machine: `legal_actions()` lists what the seat to act may do, `apply()` does
one of them. Everything else in the app (menu, saves, undo, replays, bots, tests, benchmarks)
works through this small surface, so no per-game code is needed outside the game's folder.
"""
from __future__ import annotations

import copy
import re
import dataclasses
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable, Mapping


class IllegalAction(ValueError):
    """Raised by `apply` with a reason a person can read; the state is left unchanged."""


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every game's actions: small frozen dataclasses with a stable JSON form.

    The JSON form is `{"kind": ClassName, field: value, ...}`; tuples become lists.
    """

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": type(self).__name__}
        for field in dataclasses.fields(self):
            data[field.name] = _jsonable(getattr(self, field.name))
        return data


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _untuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_untuple(v) for v in value)
    return value


def decode_action(kinds: Mapping[str, type[Action]], data: Any) -> Action:
    """Rebuild an action from its JSON form; ValueError with a clear message if it is not one."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ValueError(f"not an action: {data!r}")
    cls = kinds.get(data["kind"])
    if cls is None:
        raise ValueError(f"unknown action kind {data['kind']!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    given = {k for k in data if k != "kind"}
    if given != names:
        raise ValueError(f"action {data['kind']} has fields {sorted(given)}, expected {sorted(names)}")
    try:
        return cls(**{k: _untuple(v) for k, v in data.items() if k != "kind"})
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bad action {data!r}: {exc}") from exc


# A log line: (acting seat or None, public text, private seat or None, private text or None).
# The private seat sees the private text instead of the public one.
LogLine = tuple


class GameState(ABC):
    """Base class of every game's state.

    Subclasses implement the abstract members; the base supplies the apply template (check,
    then change), the redactable game log, the reveal counter used by undo, and a default
    clone.
    """

    game_id: ClassVar[str] = ""
    num_players: int
    #: Bumped whenever something new becomes known (a draw, a roll, a secret); undo stops here.
    info_epoch: int
    #: Whether apply() writes the game log; bots switch it off in their search copies.
    logging: bool

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players
        self.info_epoch = 0
        self.logging = True
        self.log: list[LogLine] = []

    # ---- what the seat to act may do ---------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act; None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Never empty while the game is not over."""

    def apply(self, action: Action, *, trusted: bool = False) -> None:
        """Do one action. Raises IllegalAction (state unchanged) if it is not legal now.

        `trusted=True` skips the check for callers that took the action from
        `legal_actions()` of this very state (the bots' search)."""
        if not trusted:
            if self.is_over:
                raise IllegalAction("The game is over.")
            if action not in self.legal_actions():
                raise IllegalAction(self.explain_illegal(action))
        self._apply(action)

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Change the state; called only with a legal action."""

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not allowed now, in words for the status line."""
        return "That is not allowed right now."

    # ---- results ------------------------------------------------------------------------
    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Running scores; final once the game is over."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won, after the rulebook's tie-breaks (empty while the game runs)."""

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        """Scoring categories as (label, points per seat), for the results screen."""
        return [("Score", self.scores())]

    # ---- information ----------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator who sees only public things). JSON-able."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything, so that the game's `load_state` rebuilds an equal state."""

    @abstractmethod
    def describe(self, action: Action) -> str:
        """One line for the game log or a tooltip, in the game's own words."""

    def clone(self) -> "GameState":
        return copy.deepcopy(self)

    # ---- building blocks for the games' own to/from JSON, clones and sampled states ------------
    @classmethod
    def _restored(cls, data: dict[str, Any]) -> Any:
        """A state with what every game saves in common (players, seed, options, generator,
        reveal counter, log) read back from `data`; the game then reads its own fields."""
        from .rng import Rng
        state = cls(int(data["num_players"]))
        state.seed = data["seed"]
        state.options = dict(data["options"])
        state.rng = Rng.from_json(data["rng"])
        state.info_epoch = data["info_epoch"]
        state.log = log_from_json(data["log"])
        return state

    def _twin(self) -> Any:
        """A shallow copy with its own generator and log, for a fast clone: the game then copies
        the containers it changes in place."""
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.copy()
        twin.log = list(self.log) if self.logging else []
        return twin

    @classmethod
    def _sampled(cls, num_players: int, rng: Any) -> Any:
        """An empty, silent state for a determinization, with a generator forked from `rng`."""
        state = cls(num_players)
        state.logging = False
        state.rng = rng.fork(rng.next_u32())
        return state

    # ---- the game log --------------------------------------------------------------------
    def note(self, text: str, *, seat: int | None = None,
             private_seat: int | None = None, private_text: str | None = None) -> None:
        """Add a log line. `private_seat` sees `private_text` instead of `text`."""
        if self.logging:
            self.log.append((seat, text, private_seat, private_text))

    def log_for(self, viewer: int | None, last: int | None = None) -> list[tuple[int | None, str]]:
        """The log as `viewer` may read it: (acting seat, text) pairs."""
        lines: Iterable[LogLine] = self.log if last is None else self.log[-last:]
        return [(seat, priv if (viewer is not None and viewer == pseat and priv) else text)
                for seat, text, pseat, priv in lines]

    def reveal(self) -> None:
        """Mark that something new became known: undo cannot go back past this point."""
        self.info_epoch += 1


def top_seats(scores: list[int], tiebreak: Any = None) -> list[int]:
    """The seats with the best score; among them, those best by `tiebreak(seat)` if given.
    More than one seat left is a shared win."""
    best = max(scores)
    tied = [s for s, v in enumerate(scores) if v == best]
    if tiebreak is None:
        return tied
    most = max(tiebreak(s) for s in tied)
    return [s for s in tied if tiebreak(s) == most]


def seat_token(seat: int) -> str:
    """How rules name a seat in log lines; the app fills in the seat's name (fill_names)."""
    return "{P%d}" % seat


_TOKEN = re.compile(r"\{P(\d+)\}")


def fill_names(text: str, names: list[str]) -> str:
    """Replace seat tokens with names; "You" stays as the rules wrote it."""
    return _TOKEN.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                      else f"Player {int(m.group(1)) + 1}", text)


def log_to_json(log: list[LogLine]) -> list[list[Any]]:
    return [list(line) for line in log]


def log_from_json(data: Iterable[Iterable[Any]]) -> list[LogLine]:
    return [tuple(line) for line in data]
