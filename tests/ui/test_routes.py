"""Scenes reach each other by name, through the app's route table, never by importing one
another; the widgets and theme in game/ui and the game-table kit in game/table import no scene.

The check reads the source with ast (nothing is imported for it), so an import hidden inside a
function, under TYPE_CHECKING or spelled as importlib.import_module("game.scenes...") counts too.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.app import ROUTES, App
from game.ui.scene import Scene

from uihelpers import make_app

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "game" / "scenes"
UI = ROOT / "game" / "ui"
TABLE = ROOT / "game" / "table"     # the game scene's kit (frame, curtain...): routes only, too


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, module: str | None = None) -> list[tuple[int, str]]:
    """(line, module) for every import in `path` (whose own module name is `module`, by default
    from its place); `from pkg import name` gives pkg.name too, since the name may be a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    module = module or module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:   # relative: from . import x, from .menu import y
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.append((node.lineno, first.value))
    return found


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


def scene_modules() -> set[str]:
    """The modules under game/scenes that hold a scene, and every module a route names there;
    what is left (savelist, game_number) is plain helpers that scenes may share."""
    modules = {module_name(p) for p in SCENES.glob("*.py") if defines_a_scene(p)}
    modules |= {target.partition(":")[0] for target in ROUTES.values()
                if target.startswith("game.scenes.")}
    return modules


def is_under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def checked_files() -> list[Path]:
    return sorted([*UI.glob("*.py"), *TABLE.glob("*.py"), *SCENES.glob("*.py")])


def test_the_ast_reader_sees_every_kind_of_import(tmp_path):
    fake = tmp_path / "x.py"
    fake.write_text("from game.scenes import menu\nfrom .setup import SetupScene\nimport game.scenes.stats\n"
                    "def f():\n    from game.scenes.load import LoadScene\n"
                    "    importlib.import_module('game.scenes.results')\n", encoding="utf-8")
    modules = {m for _, m in imported_modules(fake, "game.scenes.x")}
    assert {"game.scenes.menu", "game.scenes.setup", "game.scenes.stats", "game.scenes.load",
            "game.scenes.results"} <= modules


@pytest.mark.parametrize("path", checked_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_scene_imports_another(path):
    scenes = scene_modules()
    wrong = []
    for line, module in imported_modules(path):
        if path.parent in (UI, TABLE) and is_under(module, "game.scenes"):
            wrong.append(f"line {line}: {module} (game/{path.parent.name} imports no scene)")
        elif path.parent == SCENES and any(is_under(module, s) for s in scenes) \
                and module != module_name(path):
            wrong.append(f"line {line}: {module} (use self.app.scene(name, ...))")
    assert not wrong, f"{path.relative_to(ROOT)} imports scenes:\n  " + "\n  ".join(wrong)


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


@pytest.mark.parametrize("name", sorted(set(ROUTES) - {"game"}))
def test_routes_name_scene_classes(name):
    target = App.ROUTES[name]
    from game.app import resolve
    cls = resolve(target)
    assert isinstance(cls, type) and issubclass(cls, Scene), f"{name} -> {target}"


def test_the_game_route_is_a_function():
    from game.app import resolve
    target = resolve(ROUTES["game"])
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
