"""Write the golden playthroughs: tests/engine/golden/<id>.json per playable game.

    python build_scripts/make_golden.py [ID ...]
    python build_scripts/make_golden.py --views ID ...


A golden file holds a fixed seed's action log (played by normal bots), the public view (what a
spectator sees) after each step, and the final state. The test replays the actions and diffs
every step's view, so a change in behaviour shows at the move where it starts; regenerate only
after a deliberate rules change, and read the diff before committing it. `--views` keeps the
committed moves and writes anew only what follows from them (the views, the final state, the
scores): for a deliberate change to what a view shows that changes no move.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GOLDEN = ROOT / "tests" / "engine" / "golden"
SEED = 2019


def make(game_id: str) -> Path:
    from game.core.ai import make_bot
    from game.core.registry import get
    spec = get(game_id)
    players = spec.max_players
    state = spec.make(players, SEED)
    state.settle_chance()
    bots = [make_bot(spec, "normal", SEED + i) for i in range(players)]
    actions, views = [], []
    while not state.is_over:
        seat = state.current_player
        action = bots[seat].choose(state.view(seat), state.legal_actions())
        state.apply(action)
        state.settle_chance()
        actions.append(action.to_json())
        views.append(state.view(None))
    data = {"game": game_id, "seed": SEED, "players": players, "options": {}, "actions": actions,
            "scores": state.scores(), "winners": state.winners(), "final": state.to_json(),
            "views": views}
    GOLDEN.mkdir(parents=True, exist_ok=True)
    path = GOLDEN / f"{game_id}.json"
    path.write_text(dump(data), encoding="utf-8")
    return path


def rewrite_views(game_id: str) -> Path:
    """Replay the committed action log and write its views and final state anew."""
    from game.core.registry import get
    spec = get(game_id)
    path = GOLDEN / f"{game_id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    state = spec.make(data["players"], data["seed"], data["options"])
    state.settle_chance()
    views = []
    for raw in data["actions"]:
        state.apply(spec.decode_action(raw))
        state.settle_chance()
        views.append(state.view(None))
    data.update(scores=state.scores(), winners=state.winners(), final=state.to_json(), views=views)
    path.write_text(dump(json.loads(json.dumps(data))), encoding="utf-8")
    return path


def dump(data: dict) -> str:
    """JSON with one action and one view per line, so that a diff points at the move."""
    head = {k: v for k, v in data.items() if k not in ("actions", "views", "final")}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    for key in ("actions", "views"):
        rows = [json.dumps(v, ensure_ascii=False, separators=(",", ":")) for v in data[key]]
        lines.append(f" {json.dumps(key)}: [")
        lines.append(",\n".join("  " + r for r in rows))
        lines.append(" ],")
    lines.append(f' "final": {json.dumps(data["final"], ensure_ascii=False, separators=(",", ":"))}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    from game.core.registry import playable_games
    if argv[:1] == ["--views"]:
        for game_id in argv[1:]:
            print(f"rewrote the views of {rewrite_views(game_id)}")
        return 0
    ids = argv or [spec.id for spec in playable_games()]
    for game_id in ids:
        print(f"wrote {make(game_id)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
