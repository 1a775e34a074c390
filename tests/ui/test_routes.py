"""Scenes reach each other by name, through the app's route table: every scene has a route and
every route a scene. That scenes never import one another, and that game/ui and game/table
import no scene, is import-linter's to check (pyproject.toml; tests/test_code_quality.py)."""
from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from game.app import ROUTES, App
from game.ui.scene import Scene

from uihelpers import make_app

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "game" / "scenes"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def defines_a_scene(path: Path) -> bool:
    """Whether the module defines a class built on Scene or Overlay (or on another scene)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
                if name in ("Scene", "Overlay") or name.endswith("Scene"):
                    return True
    return False


def test_the_import_layer_names_every_scene():
    """import-linter's contract that keeps scenes from importing one another lists them by
    name: a new scene must join it (game/scenes' helpers, which scenes share, stay out)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in pyproject["tool"]["importlinter"]["contracts"]
                    if c["type"] == "independence" and all(m.startswith("game.scenes.") for m in c["modules"]))
    scenes = {module_name(p) for p in SCENES.glob("*.py") if defines_a_scene(p)}
    assert set(contract["modules"]) == scenes


def test_every_scene_has_a_route():
    routed = {target.partition(":")[0] for target in ROUTES.values()}
    orphans = {module_name(p) for p in SCENES.glob("*.py") if defines_a_scene(p)} - routed
    assert not orphans, f"scenes no route reaches: {sorted(orphans)}"


def test_every_route_names_a_module_that_exists():
    for name, target in ROUTES.items():
        module, _, attribute = target.partition(":")
        assert attribute, f"{name}: {target} needs module:attribute"
        file = ROOT.joinpath(*module.split(".")).with_suffix(".py")
        assert file.exists(), f"route {name!r} names {module}, which has no file {file.relative_to(ROOT)}"


#: routes that open their scene themselves (a game's table, put on the stack by a function)
OPENERS = {"game", "replay", "lesson"}


@pytest.mark.parametrize("name", sorted(set(ROUTES) - OPENERS))
def test_routes_name_scene_classes(name):
    target = App.ROUTES[name]
    from game.app import resolve
    cls = resolve(target)
    assert isinstance(cls, type) and issubclass(cls, Scene), f"{name} -> {target}"


@pytest.mark.parametrize("name", sorted(OPENERS))
def test_the_table_routes_are_functions(name):
    from game.app import resolve
    target = resolve(ROUTES[name])
    assert callable(target) and not isinstance(target, type)


def test_app_scene_builds_by_name_and_find_takes_names():
    app = make_app()
    menu = app.push(app.scene("menu"))
    assert type(menu).__name__ == "MenuScene" and menu.app is app and menu.route == "menu"
    rules = app.push(app.scene("rules", "ubike"))
    assert rules.current is not None and rules.current.id == "ubike"
    assert app.find("menu") is menu and app.find("rules") is rules
    assert app.find("stats") is None
    with pytest.raises(KeyError, match="no-such-scene"):
        app.scene("no-such-scene")
    with pytest.raises(TypeError):
        app.find("game")
    app.reset_to()
