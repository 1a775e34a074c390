"""Two tiny games that exercise the contract's corners without any real game's rules: a dice
race with CHANCE nodes, and a card game with secret and own fields."""
from __future__ import annotations

import dataclasses
from typing import Any

from game.core.protocol import CHANCE, Action, GameState, Mover
from game.core.registry import GameSpec
from game.core.state import ATOM, FLAT, NESTED, own, public, records, secret

GOAL = 12


@dataclasses.dataclass(frozen=True)
class Roll(Action):
    """Roll the die and move (the roll itself is a CHANCE step)."""


@dataclasses.dataclass(frozen=True)
class Stop(Action):
    """Bank the points of this turn."""


@dataclasses.dataclass(frozen=True)
class Face(Action):
    """The die shows `pips` (an outcome of the CHANCE step)."""
    pips: int


class DiceRace(GameState):
    """Push your luck: roll as often as you like, a 1 loses the turn's points; first to 12."""

    game_id = "toy-dice"
    FIELDS = (public("turn", shape=ATOM), public("banked", "pending", "rolling", shape=FLAT))

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        self.turn = 0
        self.banked = [0] * num_players
        self.pending = [0]
        self.rolling = [False]

    @property
    def current_player(self) -> Mover:
        if self.is_over:
            return None
        return CHANCE if self.rolling[0] else self.turn

    @property
    def is_over(self) -> bool:
        return max(self.banked) >= GOAL

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        if self.rolling[0]:
            return [Face(p) for p in range(1, 7)]
        return [Roll(), Stop()] if self.pending[0] else [Roll()]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Face(p), 1 / 6) for p in range(1, 7)]

    def _apply(self, action: Action) -> None:
        if isinstance(action, Roll):
            self.rolling = [True]
        elif isinstance(action, Face):
            self.rolling = [False]
            if action.pips == 1:
                self.emit("bust", f"{{P{self.turn}}} rolls a 1.", seat=self.turn)
                self.pending = [0]
                self.turn = (self.turn + 1) % self.num_players
            else:
                self.pending = [self.pending[0] + action.pips]
                self.emit("roll", f"{{P{self.turn}}} rolls {action.pips}.", seat=self.turn,
                          pips=action.pips)
        elif isinstance(action, Stop):
            self.banked[self.turn] += self.pending[0]
            self.pending = [0]
            self.turn = (self.turn + 1) % self.num_players

    def scores(self) -> list[int]:
        return list(self.banked)

    def describe(self, action: Action) -> str:
        return type(action).__name__


def dice_new(n: int, seed: int, options: dict[str, Any]) -> DiceRace:
    from game.core.rng import Rng
    state = DiceRace(n)
    state.seed, state.rng, state.options = seed, Rng(seed), dict(options)
    return state


def dice_determinize(view: dict[str, Any], rng: Any) -> DiceRace:
    return DiceRace.sampled(view, rng)


DICE = GameSpec(id="toy-dice", title="Dice race", min_players=2, max_players=3,
                new_state=dice_new, load_state=DiceRace.from_json,
                action_types=(Roll, Stop, Face), determinize=dice_determinize)


@dataclasses.dataclass(frozen=True)
class Play(Action):
    """Play a card from your hand onto the pile (highest pile card scores the trick)."""
    card: int


class HighCard(GameState):
    """Each seat is dealt three cards from a secret deck; in turn each plays one; the highest
    card of each round scores; after three rounds the game is over."""

    game_id = "toy-cards"
    FIELDS = (
        public("turn", "round", shape=ATOM),
        public("table", shape=FLAT),
        own("hands", shape=NESTED, count=True),
        secret("deck", shape=FLAT, count=True),
        records("seats", public=("points",), own=("memo",), counts=("memo",)),
    )

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        self.turn = 0
        self.round = 0
        self.table: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.deck: list[int] = []
        self.seats = [{"points": 0, "memo": []} for _ in range(num_players)]

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        return self.round >= 3

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else [Play(c) for c in sorted(self.hands[self.turn])]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Play)
        self.hands[self.turn].remove(action.card)
        self.table.append(action.card)
        self.emit("play", f"{{P{self.turn}}} plays {action.card}.", seat=self.turn)
        self.turn = (self.turn + 1) % self.num_players
        if len(self.table) == self.num_players:
            best = max(range(self.num_players), key=lambda s: self.table[s])
            self.seats[(best + self.turn) % self.num_players]["points"] += 1
            for s, card in enumerate(self.table):       # each seat keeps its card face down
                self.seats[(s + self.turn) % self.num_players]["memo"].append(card)
            self.table = []
            self.round += 1

    def scores(self) -> list[int]:
        return [s["points"] for s in self.seats]

    def describe(self, action: Action) -> str:
        return f"Play {getattr(action, 'card', '?')}"


def cards_new(n: int, seed: int, options: dict[str, Any]) -> HighCard:
    from game.core.rng import Rng
    state = HighCard(n)
    state.seed, state.rng, state.options = seed, Rng(seed), dict(options)
    state.deck = list(range(1, 21))
    state.rng.shuffle(state.deck)
    for hand in state.hands:
        for _ in range(3):
            hand.append(state.deck.pop())
    return state


def cards_determinize(view: dict[str, Any], rng: Any) -> HighCard:
    state = HighCard.sampled(view, rng)
    seat = view["seat"]
    seen = set(view["hands"][seat]) | set(view["table"])
    for record in view["seats"]:
        seen.update(record["memo"] or [])
    unseen = [c for c in range(1, 21) if c not in seen]
    rng.shuffle(unseen)
    for s in range(state.num_players):
        if s != seat:
            state.hands[s] = [unseen.pop() for _ in range(view["hands_count"][s])]
            state.seats[s]["memo"] = [unseen.pop() for _ in range(view["seats"][s]["memo_count"])]
    state.deck = unseen[:view["deck_count"]]
    return state


CARDS = GameSpec(id="toy-cards", title="High card", min_players=2, max_players=4,
                 new_state=cards_new, load_state=HighCard.from_json,
                 action_types=(Play,), determinize=cards_determinize)
