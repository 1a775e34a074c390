"""Every rule clause of every playable game is checked by a test that names its id."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import assets
from game.core.registry import playable_games

TESTS = Path(__file__).resolve().parents[1]
CLAUSE = re.compile(r"\*\*([A-Z]+)-(\d+)\*\*")


def clause_ids(rules_file: str) -> list[tuple[str, str]]:
    text = assets.require("seeds", rules_file).read_text(encoding="utf-8")
    return CLAUSE.findall(text)


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_every_clause_has_a_test(spec):
    ids = clause_ids(spec.rules_file)
    assert ids, f"{spec.rules_file} has no clause ids"
    numbers = [int(n) for _, n in ids]
    assert len(set(numbers)) == len(numbers), "a clause id is used twice"
    corpus = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py")
                       if p.name != Path(__file__).name)
    missing = [f"{prefix}-{n}" for prefix, n in ids
               if not re.search(rf"{prefix}[-_]{n}(?!\d)", corpus)]
    assert not missing, f"clauses without a test: {', '.join(missing)}"
