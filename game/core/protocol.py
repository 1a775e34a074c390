"""The engine contract every game follows (see game/DESIGN.md, "The engine contract").

A game is a state machine: `legal_actions()` lists what the seat to act may do, `apply()` does
one of them. Everything else in the app (menu, saves, undo, replays, bots, tests, benchmarks)
works through this small surface, so no per-game code is needed outside the game's folder.
"""
from __future__ import annotations

import dataclasses
import enum
import re
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Final
from collections.abc import Iterable, Mapping

from .state import ATOM, FLAT, Codec, DeclaredState, public, secret, tagged_from_json, tagged_to_json


class IllegalAction(ValueError):
    """Raised by `apply` with a reason a person can read; the state is left unchanged."""


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every game's actions: small frozen dataclasses with a stable JSON form.

    The JSON form is `{"kind": ClassName, field: value, ...}`; tuples become lists.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in cls.__dict__.get("__annotations__", {}):
            raise TypeError(f"{cls.__name__}: an action may not have a field named 'kind' "
                            f"(its JSON form uses it for the class)")

    def to_json(self) -> dict[str, Any]:
        return tagged_to_json(self, "kind")


def decode_action(kinds: Mapping[str, type[Action]], data: Any) -> Action:
    """Rebuild an action from its JSON form; ValueError with a clear message if it is not one."""
    return tagged_from_json(dict(kinds), data, "kind", "action")


class Chance(enum.Enum):
    """The type of CHANCE: one member, so a type checker tells it from a seat number."""
    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"


#: `current_player` at a random step that a game exposes (dice whose odds a preview or an
#: expectimax bot needs): the session draws one of `chance_outcomes()` with the state's generator.
#: Test for it with `is CHANCE`.
CHANCE: Final = Chance.CHANCE

#: who acts: a seat, CHANCE, or None once the game is over
Mover = int | Chance | None


@dataclasses.dataclass(slots=True)
class Event:
    """Something that happened, returned by `apply`: the log is written from events and the
    scenes animate from them.

    `data` is public; `private` is a detail only seat `private_for` may know (the card it drew).
    `text` is the log line everyone reads, `private_text` what `private_for` reads instead; an
    event with no text is not logged (a step only a scene cares about). Treat an event as
    read-only once emitted (it is not frozen only because frozen records are slower to make,
    and the bots' search makes many)."""

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    text: str = ""
    private_for: int | None = None
    private_text: str = ""
    private: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def text_for(self, viewer: int | None) -> str:
        if viewer is not None and viewer == self.private_for and self.private_text:
            return self.private_text
        return self.text

    def for_viewer(self, viewer: int | None) -> Event:
        """The event as `viewer` may know it: the private part only for its owner."""
        if self.private_for is not None and viewer == self.private_for:
            return self
        if not self.private and not self.private_text:
            return self
        return dataclasses.replace(self, private={}, private_text="")


def log_lines(events: Iterable[Event], viewer: int | None) -> list[tuple[int | None, str]]:
    """The game log as `viewer` may read it: (acting seat, text) for every logged event."""
    lines = []
    for event in events:
        text = event.text_for(viewer)
        if text:
            lines.append((event.seat, text))
    return lines


def _rng_codec() -> Codec:
    from .rng import Rng
    return Codec(lambda r: r.to_json(), Rng.from_json)


class GameState(DeclaredState, ABC):
    """Base class of every game's state.

    The base declares what every game has (players, seed, options, the generator, the reveal
    counter); a game declares its own FIELDS (see core/state.py), from which to_json,
    from_json, clone and view follow. Subclasses implement the abstract members; the base
    supplies the apply template (check, then change, then hand back the events), ranking and
    winners from `rank_key`, and CHANCE sampling.
    """

    game_id: ClassVar[str] = ""
    #: what every game state holds; the game number and the generator are nobody's to see
    BASE_FIELDS = (
        public("options", shape=FLAT),       # never changed after setup: a shallow copy will do
        public("info_epoch", shape=ATOM),
        secret("seed", shape=ATOM),
        secret("rng", shape=FLAT, codec=_rng_codec()),
    )
    num_players: int
    #: Bumped whenever something new becomes known (a draw, a roll, a secret); undo stops here.
    info_epoch: int
    #: Whether apply() writes log text; bots switch it off in their search copies.
    logging: bool

    def __init__(self, num_players: int) -> None:
        from .rng import Rng
        self.num_players = num_players
        self.seed = 0
        self.options: dict[str, Any] = {}
        self.rng = Rng(0)
        self.info_epoch = 0
        self.logging = True
        self._events: list[Event] = []

    @classmethod
    def started(cls, num_players: int, seed: int, options: dict[str, Any]) -> Any:
        """The start of a new game that every game's setup begins with: `num_players` seats,
        the game number, the options, and the generator seeded from the number. The game then
        deals its setup with `state.rng`."""
        from .rng import Rng
        state = cls(num_players)
        state.seed = seed
        state.options = dict(options)
        state.rng = Rng(seed)
        return state

    def _fresh_copy(self) -> None:
        self._events = []
        if "logging" not in self.__dict__:
            self.logging = True

    # ---- what the seat to act may do ---------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> Mover:
        """The seat to act; CHANCE at an exposed random step; None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Never empty while the game is not over (at CHANCE: the possible outcomes)."""

    def is_legal(self, action: Action) -> bool:
        """Whether `action` may be done now; games with huge action lists override this."""
        return action in self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a CHANCE node: every outcome with its probability (they sum to 1)."""
        return []

    def sample_chance(self) -> Action:
        """One outcome of the CHANCE node, drawn with the state's own generator."""
        outcomes = self.chance_outcomes()
        pick = self.rng.random()
        for action, p in outcomes:
            pick -= p
            if pick < 0:
                return action
        return outcomes[-1][0]

    def settle_chance(self) -> list[Event]:
        """Roll the random steps the game exposes (CHANCE nodes) with the state's own
        generator, as the session does after every action; returns their events."""
        events: list[Event] = []
        while self.current_player is CHANCE:
            events += self.apply(self.sample_chance(), trusted=True)
            self.reveal()
        return events

    def apply(self, action: Action, *, trusted: bool = False) -> list[Event]:
        """Do one action and return what happened. Raises IllegalAction (state unchanged) if
        it is not legal now.

        `trusted=True` skips the check for callers that took the action from
        `legal_actions()` of this very state (the bots' search)."""
        if not trusted:
            if self.is_over:
                raise IllegalAction("The game is over.")
            if not self.is_legal(action):
                raise IllegalAction(self.explain_illegal(action))
        self._apply(action)
        return self.take_events()

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Change the state; called only with a legal action."""

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not allowed now, in words for the status line."""
        return "That is not allowed right now."

    # ---- events -------------------------------------------------------------------------
    def emit(self, kind: str, text: str = "", *, seat: int | None = None,
             private_for: int | None = None, private_text: str = "",
             private: Mapping[str, Any] | None = None, **data: Any) -> None:
        """Record an event of the action being applied (nothing while `logging` is off)."""
        if self.logging:
            self._events.append(Event(kind, seat, data, text, private_for, private_text,
                                      private or {}))

    def take_events(self) -> list[Event]:
        """The events since the last call (setup's events, right after `new`)."""
        events, self._events = self._events, []
        return events

    # ---- results ------------------------------------------------------------------------
    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Running scores; final once the game is over."""

    def rank_key(self, seat: int) -> tuple:
        """What places seats: larger is better, compared in order (the score, then the
        rulebook's tie-breaks). Races override it with their times."""
        return (self.scores()[seat],)

    def ranking(self) -> list[int]:
        """Each seat's place, 1 = first; seats equal on every tie-break share a place."""
        keys = [self.rank_key(s) for s in range(self.num_players)]
        return [1 + sum(1 for other in keys if other > mine) for mine in keys]

    def winners(self) -> list[int]:
        """Seats in first place once the game is over (empty while it runs)."""
        if not self.is_over:
            return []
        return [s for s, place in enumerate(self.ranking()) if place == 1]

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        """Scoring categories as (label, points per seat), for the results screen."""
        return [("Score", self.scores())]

    def score_unit(self) -> str:
        """What `scores()` counts: "points" (the more the better) or "seconds" (a time on the
        clock, the fewer the better). Statistics keep best points and best times apart."""
        return "points"

    def results_facts(self) -> list[tuple[str, list[str]]]:
        """Rows the results screen shows above the scoring, in words per seat: what decided
        beyond the points (a race's places and times). None by default."""
        return []

    def results_headline(self) -> str | None:
        """The results screen's title in the game's own words (seat tokens are filled in with
        names), where "<winners> win(s)!" does not fit, as in a race against the clock."""
        return None

    # ---- information ----------------------------------------------------------------------
    def decision(self) -> str:
        """The kind of decision the seat to act faces, as every seat may know it: the typed
        decision waiting at the front of a flow queue (core/flow.py), else the public phase.
        The table's status line, seat panels and curtain name it with the scene's words, so a
        game whose decisions a public field does not tell overrides this (never from hidden
        things: everyone at the table reads it)."""
        queue = getattr(self, "queue", None)
        if isinstance(queue, list) and queue and not getattr(queue[0], "auto", True):
            return str(queue[0].kind)
        phase = getattr(self, "phase", None)
        return phase if isinstance(phase, str) and phase else "turn"

    @abstractmethod
    def describe(self, action: Action) -> str:
        """One line for a tooltip, in the game's own words."""

    @classmethod
    def sampled(cls, view: dict[str, Any], rng: Any) -> Any:
        """The start of a determinization: what `view` shows (see `from_view`), silent, with
        a generator forked from `rng`. The game then deals what the view hides."""
        from .rng import Rng
        state = cls.from_view(view)
        state.logging = False
        state.seed = 0
        state.rng = rng.fork(rng.next_u32()) if isinstance(rng, Rng) else Rng(0)
        return state

    def reveal(self) -> None:
        """Mark that something new became known: undo cannot go back past this point."""
        self.info_epoch += 1


def seat_token(seat: int) -> str:
    """How rules name a seat in log lines; the app fills in the seat's name (fill_names)."""
    return f"{{P{seat}}}"


_TOKEN = re.compile(r"\{P(\d+)\}")


def fill_names(text: str, names: list[str]) -> str:
    """Replace seat tokens with names; "You" stays as the rules wrote it."""
    return _TOKEN.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                      else f"Player {int(m.group(1)) + 1}", text)


