"""The one place that knows where maps/, sprites/, sounds/ and seeds/ are.

Three layouts are supported:
- a frozen PyInstaller app: the folders sit in the bundle's data folder (`sys._MEIPASS`,
  `_internal/` in a one-folder build);
- an installed wheel: the folders travel inside the package as `game/_data/<folder>`;
- a source checkout: the folders sit at the top of the repository, beside `game/`.
"""
from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

FOLDERS = ("maps", "sprites", "sounds", "seeds")
_PACKAGE_DIR = Path(__file__).resolve().parent


class AssetError(FileNotFoundError):
    """An asset that should ship with Journeys is missing."""


def candidate_roots() -> list[Path]:
    """Where to look, in order: the frozen bundle, the installed package, the checkout."""
    roots: list[Path] = []
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        roots.append(Path(meipass))
    roots.append(_PACKAGE_DIR / "_data")
    roots.append(_PACKAGE_DIR.parent)
    return roots


@cache
def folder(name: str) -> Path:
    """The folder `name` (one of FOLDERS) of this installation."""
    if name not in FOLDERS:
        raise ValueError(f"unknown asset folder {name!r}")
    for root in candidate_roots():
        path = root / name
        if path.is_dir():
            return path
    raise AssetError(f"The {name}/ folder of Journeys is missing "
                     f"(looked in {', '.join(str(r) for r in candidate_roots())}).")


def path(kind: str, *parts: str) -> Path:
    """The file `parts` inside folder `kind`, e.g. path("maps", "ubike.tmx")."""
    return folder(kind).joinpath(*parts)


def require(kind: str, *parts: str) -> Path:
    p = path(kind, *parts)
    if not p.is_file():
        raise AssetError(f"The file {kind}/{'/'.join(parts)} of Journeys is missing.")
    return p


_INCLUDE = "<!-- include: "


def rules_text(name: str, _seen: tuple[str, ...] = ()) -> str:
    """A rules file of seeds/, with each line `<!-- include: other.md -->` replaced by that
    file's text (rules two games share live in one file, cited by both). AssetError if a file
    is missing or includes itself."""
    if name in _seen:
        raise AssetError(f"The rules file seeds/{name} includes itself.")
    text = require("seeds", name).read_text(encoding="utf-8")
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(_INCLUDE) and stripped.endswith("-->"):
            other = stripped[len(_INCLUDE):-3].strip()
            lines.append(rules_text(other, (*_seen, name)).rstrip("\n"))
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def package_data(*parts: str) -> Path:
    """A data file inside the `game` package itself (cards.toml, the theme)."""
    return _PACKAGE_DIR.joinpath(*parts)


def game_data(game_id: str, name: str = "cards.toml") -> dict:
    """A game's data file (`game/games/<id>/cards.toml`), parsed."""
    import tomllib
    with open(package_data("games", game_id, name), "rb") as handle:
        return tomllib.load(handle)


def font_path(bold: bool = False) -> Path:
    """The bundled font family (Noto Sans, shipped by pygame-gui in its data folder; found
    without importing pygame-gui, so the headless engine never loads it)."""
    import importlib.util
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or spec.origin is None:
        raise AssetError("pygame-gui, which ships the app's font, is not installed.")
    base = Path(spec.origin).resolve().parent / "data"
    return base / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
