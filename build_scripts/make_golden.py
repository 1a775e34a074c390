"""Write the golden playthroughs: tests/golden/<id>.json per playable game.

    python build_scripts/make_golden.py [ID ...]

A golden file holds a fixed seed's action log (played by normal bots) and the final state.
The test replays the actions and diffs the state; regenerate only after a deliberate rules
change, and read the diff before committing it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GOLDEN = ROOT / "tests" / "golden"
SEED = 2019


def make(game_id: str) -> Path:
    from game.core.ai import make_bot
    from game.core.registry import get
    spec = get(game_id)
    players = spec.max_players
    state = spec.make(players, SEED)
    bots = [make_bot(spec, "normal", SEED + i) for i in range(players)]
    actions = []
    while not state.is_over:
        seat = state.current_player
        action = bots[seat].choose(state.view(seat), state.legal_actions())
        state.apply(action)
        actions.append(action.to_json())
    data = {"game": game_id, "seed": SEED, "players": players, "options": {}, "actions": actions,
            "scores": state.scores(), "winners": state.winners(), "final": state.to_json()}
    GOLDEN.mkdir(parents=True, exist_ok=True)
    path = GOLDEN / f"{game_id}.json"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    from game.core.registry import playable_games
    ids = argv or [spec.id for spec in playable_games()]
    for game_id in ids:
        print(f"wrote {make(game_id)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
