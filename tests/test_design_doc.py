"""game/DESIGN.md is the project's design, kept true: every citation of it in the code names
one of its sections, every module it names exists, and the repository's top level is the one
it describes."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DESIGN = ROOT / "game" / "DESIGN.md"
TOP_LEVEL = {"pyproject.toml", "README.md", "game", "maps", "sprites", "sounds", "tests", "build_scripts", "seeds"}


def sections() -> set[str]:
    return {line[3:].strip() for line in DESIGN.read_text(encoding="utf-8").splitlines() if line.startswith("## ")}


def test_every_citation_names_a_section():
    cited = []
    for path in [*ROOT.glob("game/**/*.py"), *ROOT.glob("tests/**/*.py"), *ROOT.glob("game/**/*.md"),
                 ROOT / "README.md"]:
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r'DESIGN\.md[`\]\)(]*[, (]*"([^"\n]+)"', text):
            cited.append((path.relative_to(ROOT), match.group(1)))
    assert len(cited) >= 6, cited
    missing = [(str(p), s) for p, s in cited if s not in sections()]
    assert not missing, f"citations of sections game/DESIGN.md lacks: {missing}"


def test_every_module_it_names_exists():
    text = DESIGN.read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:core|table|ui|scenes|tools|games)/[\w/]+\.py)`", text))
    named |= {name for name in re.findall(r"`(\w+\.py)`", text) if (ROOT / "game" / name).exists()}
    assert len(named) > 10
    gone = sorted(n for n in named if not (ROOT / "game" / n).exists() and not list(ROOT.glob(f"game/**/{n}")))
    assert not gone, f"game/DESIGN.md names modules that do not exist: {gone}"


def test_the_top_level_is_the_one_described():
    present = {p.name for p in ROOT.iterdir() if not p.name.startswith(".")} - {"build", "dist"}
    present = {name for name in present if not name.endswith(".egg-info")}
    assert present == TOP_LEVEL, present ^ TOP_LEVEL
