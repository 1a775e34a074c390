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
    text = assets.rules_text(rules_file)
    return CLAUSE.findall(text)


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_every_clause_has_a_test(spec):
    ids = clause_ids(spec.rules_file)
    assert ids, f"{spec.rules_file} has no clause ids"
    full = [f"{prefix}-{n}" for prefix, n in ids]
    assert len(set(full)) == len(full), "a clause id is used twice"
    corpus = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py")
                       if p.name != Path(__file__).name)
    missing = [f"{prefix}-{n}" for prefix, n in ids
               if not re.search(rf"{prefix}[-_]{n}(?!\d)", corpus)]
    assert not missing, f"clauses without a test: {', '.join(missing)}"


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_rules_files_expand_their_includes(spec):
    text = assets.rules_text(spec.rules_file)
    assert "<!-- include:" not in text


def test_an_include_is_replaced_by_the_file_it_names(tmp_path, monkeypatch):
    (tmp_path / "a.md").write_text("# A\n<!-- include: b.md -->\nend\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("- **BB-1** shared\n", encoding="utf-8")
    (tmp_path / "loop.md").write_text("<!-- include: loop.md -->\n", encoding="utf-8")
    monkeypatch.setattr(assets, "require", lambda kind, name: tmp_path / name)
    assert assets.rules_text("a.md") == "# A\n- **BB-1** shared\nend\n"
    with pytest.raises(assets.AssetError, match="includes itself"):
        assets.rules_text("loop.md")
