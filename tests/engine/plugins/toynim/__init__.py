"""A toy game written as a plug-in: this folder is all of it. Put where the registry looks for
games (tests/engine/test_plugin.py adds this folder's parent to game/games' search path), it is
found, listed in the menu by its `menu_order`, played through the engine like any game, and
opened at its table (scene.py, on the table kit) like any game."""
from __future__ import annotations

import dataclasses
from typing import Any

from game.core.protocol import Action, GameState
from game.core.registry import GameSpec, register
from game.core.state import ATOM, public

PILE = 15


@dataclasses.dataclass(frozen=True)
class Take(Action):
    """Take 1 to 3 stones from the pile; whoever takes the last one wins."""
    stones: int


class NimState(GameState):
    game_id = "toy-nim"
    FIELDS = (public("pile", "turn", "winner", shape=ATOM),)

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        self.pile, self.turn, self.winner = PILE, 0, -1

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    def legal_actions(self) -> list[Action]:
        return [Take(n) for n in (1, 2, 3) if n <= self.pile]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        self.pile -= action.stones
        self.emit("take", f"{{P{self.turn}}} takes {action.stones}.", seat=self.turn)
        if self.pile == 0:
            self.winner = self.turn
        self.turn = (self.turn + 1) % self.num_players

    def scores(self) -> list[int]:
        return [int(seat == self.winner) for seat in range(self.num_players)]

    def describe(self, action: Action) -> str:
        return f"Take {getattr(action, 'stones', '?')}"


def new_state(n: int, seed: int, options: dict[str, Any]) -> NimState:
    return NimState.started(n, seed, options)


SPEC = register(GameSpec(id="toy-nim", title="Nim", min_players=2, max_players=3, menu_order=35,
                         new_state=new_state, load_state=NimState.from_json, action_types=(Take,),
                         determinize=NimState.sampled,
                         scene=f"{__name__}.scene:NimScene"))   # wherever the folder is put
