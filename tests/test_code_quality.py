"""The linters hold the code: ruff (pycodestyle, pyflakes, bugbear, pyupgrade), mypy on the
engine and the table kit, and import-linter's layers, all configured in pyproject.toml and
run here so that the README's one test command (and so CI) runs them.

Each tool is also shown to fail on a small broken example, so a misconfiguration that checks
nothing cannot pass."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LINT_IMPORTS = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_ruff_finds_nothing():
    result = run("-m", "ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_catches_a_closure_over_a_loop_variable(tmp_path):
    """The fault B023 found in the TtR ticket reveal, in miniature."""
    (tmp_path / "late.py").write_text("draws = []\nfor box in range(3):\n    draws.append(lambda: box)\n",
                                      encoding="utf-8")
    result = run("-m", "ruff", "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"), str(tmp_path))
    assert result.returncode == 1 and "B023" in result.stdout, result.stdout + result.stderr


def test_mypy_finds_nothing_in_the_engine_and_the_table_kit():
    assert {"game/core", "game/table"} <= set(PYPROJECT["tool"]["mypy"]["files"])
    result = run("-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_catches_a_seat_that_may_be_chance(tmp_path):
    """`current_player` is a seat, CHANCE or None: indexing seats by it unchecked is refused."""
    (tmp_path / "seat.py").write_text(
        "from game.core.protocol import GameState\n"
        "def name(state: GameState, names: list[str]) -> str:\n"
        "    return names[state.current_player]\n", encoding="utf-8")
    result = run("-m", "mypy", "--no-incremental", "--config-file", str(ROOT / "pyproject.toml"),
                 str(tmp_path / "seat.py"))
    assert result.returncode == 1 and "Invalid index type" in result.stdout, result.stdout + result.stderr


def test_the_import_layers_hold():
    result = run("-c", LINT_IMPORTS, "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr
    kept = result.stdout.count(" KEPT")
    assert kept == len(PYPROJECT["tool"]["importlinter"]["contracts"]), result.stdout


def test_the_layer_check_fails_when_the_engine_imports_pygame(tmp_path):
    """A package laid out like ours whose core imports pygame in a function: refused."""
    core = tmp_path / "toyjourneys" / "core"
    core.mkdir(parents=True)
    (tmp_path / "toyjourneys" / "__init__.py").write_text("", encoding="utf-8")
    (core / "__init__.py").write_text("", encoding="utf-8")
    (core / "rules.py").write_text("def draw():\n    import pygame\n    return pygame\n", encoding="utf-8")
    (tmp_path / ".importlinter").write_text(
        "[importlinter]\nroot_package = toyjourneys\ninclude_external_packages = True\n\n"
        "[importlinter:contract:headless]\nname = headless\ntype = forbidden\n"
        "source_modules = toyjourneys.core\nforbidden_modules = pygame\n", encoding="utf-8")
    result = run("-c", f"import sys; sys.path.insert(0, {str(tmp_path)!r}); " + LINT_IMPORTS.split("; ", 1)[1],
                 str(tmp_path / ".importlinter"), "--no-cache", cwd=tmp_path)
    assert result.returncode == 1 and "BROKEN" in result.stdout, result.stdout + result.stderr
