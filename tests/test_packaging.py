"""Packaging: game/assets.py finds maps/ sprites/ sounds/ seeds/ in all three layouts (source
checkout, installed wheel, frozen PyInstaller bundle), and the real PyInstaller build works:
the built executable passes its own `--smoke-test`.

The build test is marked slow (CI still runs it). It needs PyInstaller (`pip install -e .[build]`);
without it the test is skipped, unless JOURNEYS_REQUIRE_BUILD=1 turns the skip into a failure.
"""
from __future__ import annotations

import ast
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from game import assets

ROOT = Path(__file__).resolve().parents[1]
SPEC_FILE = ROOT / "build_scripts" / "journeys.spec"
BUILD_SCRIPT = ROOT / "build_scripts" / "build.py"

#: files that every layout must hold, as (path inside the app's data, path in the checkout)
SHIPPED_FILES = ("maps/ubike.tmx", "seeds/ubike.md", "sounds/bell.wav", "sprites/icon.svg")
PACKAGE_FILES = ("game/games/ubike/cards.toml", "game/ui/theme.json")


@pytest.fixture(autouse=True)
def fresh_asset_cache():
    """assets.folder() caches its answers; never let one layout leak into another test."""
    assets.folder.cache_clear()
    yield
    assets.folder.cache_clear()


def load_build_script():
    spec = importlib.util.spec_from_file_location("journeys_build", BUILD_SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def spec_constant(name: str):
    """A literal assigned at the top level of journeys.spec (the spec is not importable)."""
    tree = ast.parse(SPEC_FILE.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"journeys.spec has no {name} = ...")


# ---- (a) the source checkout --------------------------------------------------------------

def test_source_checkout_finds_the_top_level_folders():
    for name in assets.FOLDERS:
        assert assets.folder(name) == ROOT / name
    for file in SHIPPED_FILES:
        kind, _, rest = file.partition("/")
        assert assets.require(kind, rest) == ROOT / file
    assert assets.package_data("games", "ubike", "cards.toml") == ROOT / "game" / "games" / "ubike" / "cards.toml"
    assert assets.package_data("ui", "theme.json").is_file()


# ---- (b) an installed wheel ----------------------------------------------------------------

def _build_wheel(out: Path) -> Path:
    try:
        import hatchling  # noqa: F401  (the build backend is here: no download needed)
        commands = [[sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--no-build-isolation",
                     "-w", str(out)]]
    except ImportError:
        commands = []
    # pip fetches hatchling from PyPI into an isolated build environment
    commands.append([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-w", str(out)])
    failures = []
    for command in commands:
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
        wheels = sorted(out.glob("journeys-*.whl"))
        if result.returncode == 0 and wheels:
            return wheels[-1]
        failures.append(f"$ {' '.join(command)}\n{(result.stdout + result.stderr)[-1500:]}")
    pytest.skip("could not build the wheel (hatchling is not installed and PyPI cannot be reached?):\n"
                + "\n".join(failures))


def test_installed_wheel_finds_the_folders_inside_the_package(tmp_path):
    wheel = _build_wheel(tmp_path / "wheel")
    names = set(zipfile.ZipFile(wheel).namelist())
    for file in SHIPPED_FILES:
        assert f"game/_data/{file}" in names, f"the wheel lacks game/_data/{file}"
    for file in PACKAGE_FILES:
        assert file in names, f"the wheel lacks {file}"

    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target",
                    str(target), str(wheel)], check=True, capture_output=True, timeout=300)
    # -S: no site-packages, so neither the checkout nor an editable install can answer;
    # game.assets needs only the standard library
    probe = ("import json, game, game.assets as a; "
             "print(json.dumps({'package': game.__file__, "
             "'folders': {n: str(a.folder(n)) for n in a.FOLDERS}, "
             "'cards': str(a.package_data('games', 'ubike', 'cards.toml'))}))")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PYTHONPATH"] = str(target)
    result = subprocess.run([sys.executable, "-S", "-c", probe], cwd=elsewhere, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])

    package = (target / "game").resolve()
    assert Path(found["package"]).resolve().parent == package
    for name in assets.FOLDERS:
        assert Path(found["folders"][name]).resolve() == package / "_data" / name
    for file in SHIPPED_FILES:
        assert (package / "_data" / file).is_file(), file
    for file in PACKAGE_FILES:
        assert (target / file).is_file(), file
    assert Path(found["cards"]).resolve() == target.resolve() / PACKAGE_FILES[0]


# ---- (c) a frozen bundle ---------------------------------------------------------------------

def _fake_bundle(root: Path) -> Path:
    for name in assets.FOLDERS:
        (root / name).mkdir(parents=True)
    return root


def test_frozen_bundle_is_looked_at_first(tmp_path, monkeypatch):
    bundle = _fake_bundle(tmp_path / "_internal")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert assets.candidate_roots()[0] == bundle
    for name in assets.FOLDERS:
        assert assets.folder(name) == bundle / name
    assert assets.path("maps", "ubike.tmx") == bundle / "maps" / "ubike.tmx"


def test_meipass_without_frozen_is_ignored(tmp_path, monkeypatch):
    bundle = _fake_bundle(tmp_path / "_internal")
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert bundle not in assets.candidate_roots()
    assert assets.folder("maps") == ROOT / "maps"


def test_a_missing_folder_raises_a_clear_asset_error(tmp_path, monkeypatch):
    empty = [tmp_path / "bundle", tmp_path / "package"]
    for root in empty:
        root.mkdir()
    monkeypatch.setattr(assets, "candidate_roots", lambda: list(empty))
    with pytest.raises(assets.AssetError) as caught:
        assets.folder("maps")
    message = str(caught.value)
    assert "maps/" in message and "missing" in message
    assert all(str(root) in message for root in empty)
    assert isinstance(caught.value, FileNotFoundError)


def test_a_missing_file_and_an_unknown_folder(tmp_path, monkeypatch):
    bundle = _fake_bundle(tmp_path / "_internal")
    monkeypatch.setattr(assets, "candidate_roots", lambda: [bundle])
    with pytest.raises(assets.AssetError, match="maps/ubike.tmx"):
        assets.require("maps", "ubike.tmx")
    with pytest.raises(ValueError):
        assets.folder("music")


# ---- the spec and the wheel ship the same things ----------------------------------------------

def test_spec_and_wheel_ship_every_asset_folder_and_package_data_file():
    assert tuple(spec_constant("ASSET_FOLDERS")) == assets.FOLDERS
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    force = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert force == {name: f"game/_data/{name}" for name in assets.FOLDERS}
    # a data file that a game adds under game/ must reach the frozen app as well
    suffixes = set(spec_constant("PACKAGE_DATA_SUFFIXES"))
    stray = [str(p.relative_to(ROOT)) for p in (ROOT / "game").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.suffix not in {".py", ".pyc"}
             and p.suffix not in suffixes]
    assert not stray, f"add these suffixes to PACKAGE_DATA_SUFFIXES in journeys.spec: {stray}"


# ---- the smoke test's asset check ------------------------------------------------------------

@pytest.fixture
def bundle_copy(tmp_path, monkeypatch):
    """A copy of the four asset folders that assets.py looks in (as a frozen bundle would)."""
    for name in assets.FOLDERS:
        shutil.copytree(ROOT / name, tmp_path / name)
    monkeypatch.setattr(assets, "candidate_roots", lambda: [tmp_path])
    return tmp_path


def test_the_smoke_check_passes_a_whole_bundle_and_fails_a_missing_or_broken_sprite(bundle_copy):
    """A bundle without one sprite used to pass (the app draws a grey glyph instead); each kind
    of asset the app loads must fail the smoke test when it is not there."""
    from game.tools.smoke import check_assets
    from game.ui import icons
    assert "sprites/" in check_assets()
    (bundle_copy / "sprites" / "tok_inn.svg").unlink()
    with pytest.raises(assets.AssetError, match="tok_inn.svg"):
        check_assets()
    # present but drawing nothing (what nanosvg makes of what it cannot read)
    (bundle_copy / "sprites" / "tok_inn.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>', encoding="utf-8")
    with pytest.raises(RuntimeError, match="tok_inn"):
        check_assets()
    shutil.copy(ROOT / "sprites" / "tok_inn.svg", bundle_copy / "sprites" / "tok_inn.svg")
    icons.LOAD_ERRORS.clear()
    # (a missing map fails the scenes and bot games of the smoke test, which open every board)
    for kind, file in (("sprites", "icon.png"), ("sounds", "bell.wav"), ("seeds", "ubike.md")):
        moved = bundle_copy / kind / file
        moved.rename(moved.with_suffix(".gone"))
        with pytest.raises(Exception, match=file.split(".")[0]):
            check_assets()
        moved.with_suffix(".gone").rename(moved)


# ---- the real build ---------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.timeout(1000)   # PyInstaller's build alone may take most of its 900 s
def test_pyinstaller_build_passes_its_smoke_test(tmp_path):
    if importlib.util.find_spec("PyInstaller") is None:
        if os.environ.get("JOURNEYS_REQUIRE_BUILD") == "1":
            pytest.fail("PyInstaller is not installed (pip install -e .[build])")
        pytest.skip("PyInstaller is not installed (pip install -e .[build])")
    build = load_build_script()
    dist, work = tmp_path / "dist", tmp_path / "work"
    result = subprocess.run([sys.executable, str(BUILD_SCRIPT), "--dist", str(dist), "--work", str(work)],
                            capture_output=True, text=True, errors="replace", timeout=900)
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"build.py failed:\n{output[-6000:]}"
    assert "smoke test of the built app passed" in output, output[-3000:]
    assert "ok    bot games" in output and "ok    scenes" in output, output[-3000:]
    # the bundle found every game package by itself, as a checkout does
    from game.core.registry import playable_games
    playable = ", ".join(spec.id for spec in playable_games())
    assert f"(playable: {playable})" in output, output[-3000:]

    exe = build.executable(dist)
    assert exe.is_file()
    internal = exe.parent / "_internal" if sys.platform != "darwin" else exe.parents[1] / "Frameworks"
    for file in SHIPPED_FILES + PACKAGE_FILES:
        assert (internal / file).exists(), f"the bundle lacks {file}"

    home = tmp_path / "home"
    home.mkdir()
    code, listing = build.run_app(exe, ["--list"], home, timeout=120)
    assert code == 0, listing
    assert "ubike" in listing

    archives = sorted(dist.glob(f"Journeys-{build.version()}-*"))
    assert len(archives) == 1, archives
    archive = archives[0]
    inside = f"{build.app_path(dist).name}/"
    if archive.suffix == ".zip":
        names = zipfile.ZipFile(archive).namelist()
    else:
        with tarfile.open(archive) as tar:
            names = tar.getnames()
    assert any(n.startswith(inside) and n.endswith("maps/ubike.tmx") for n in names)
    assert any(n.replace("\\", "/").endswith(exe.name) for n in names)
    shutil.rmtree(work, ignore_errors=True)
