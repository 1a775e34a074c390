"""Golden playthroughs: a fixed seed's committed action log must pass through the committed
public view at every step and end in the committed final state, for every playable game
(build_scripts/make_golden.py writes them)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.registry import playable_games
from game.core.testing import first_difference

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_golden_playthrough(spec):
    path = GOLDEN / f"{spec.id}.json"
    assert path.exists(), f"no golden playthrough for {spec.id}: run build_scripts/make_golden.py"
    golden = json.loads(path.read_text(encoding="utf-8"))
    state = spec.make(golden["players"], golden["seed"], golden["options"])
    state.settle_chance()
    views = golden.get("views")
    assert views is not None and len(views) == len(golden["actions"]), \
        f"the golden file of {spec.id} has no view per step: run build_scripts/make_golden.py {spec.id}"
    for index, data in enumerate(golden["actions"]):
        action = spec.decode_action(data)
        assert state.is_legal(action), f"move {index + 1} is no longer legal: {data}"
        state.apply(action)
        state.settle_chance()
        seen = json.loads(json.dumps(state.view(None)))
        if seen != views[index]:
            pytest.fail(f"after move {index + 1} ({data}) the public view differs from the golden "
                        f"playthrough: {first_difference(seen, views[index])}")
    assert state.is_over
    final = json.loads(json.dumps(state.to_json()))
    for key in golden["final"]:
        assert final[key] == golden["final"][key], f"{key} differs from the golden playthrough"
    assert state.scores() == golden["scores"] and state.winners() == golden["winners"]
