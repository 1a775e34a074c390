"""Build the board maps of Journeys, from Natural Earth data or painted from our own data.

    python build_scripts/make_maps.py [ubike] [staedtetour] [tokaido] [--data DIR] [--out DIR]
    python -m build_scripts.maps [ubike] [staedtetour] [tokaido] [--data DIR] [--out DIR]

Each board has a builder module here with a `build(data_dir, out_dir)` that reads the gzipped
GeoJSON files of Natural Earth (public domain; default folder `../shared/data/naturalearth`
beside the repository) and writes `maps/<id>.png` (the art) and `maps/<id>.tmx` (a Tiled map
with the art as an image layer and the topology as object layers, see game/core/board.py). The
designer's data of every board is in boards/<id>.toml. The Tokaido board needs no Natural
Earth: it is a painted scroll laid out from boards/tokaido.toml.

The shared cartography is in common.py; the builders need pyproj and shapely (the `maps`
extra of pyproject.toml), which the game itself never imports.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

# Headless before pygame is imported: the builders never open a window.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parents[2]
DEFAULT_DATA = REPO.parent / "shared" / "data" / "naturalearth"
GAMES = REPO / "game" / "games"
# The boards' builders, found by name: a module here named like a game's folder under
# game/games/ builds that game's maps (imported only when they are built).
BUILDERS = tuple(sorted(p.stem for p in Path(__file__).resolve().parent.glob("*.py")
                        if (GAMES / p.stem / "__init__.py").is_file()))


def builder(name: str) -> Callable[[Path, Path], list[Path]]:
    """The build(data_dir, out_dir) function of one board."""
    return importlib.import_module(f".{name}", __name__).build


def main(argv: list[str] | None = None) -> int:
    """Build the maps named on the command line (all of them by default)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("maps", nargs="*", metavar="MAP",
                        help=f"which maps to build (default all: {', '.join(BUILDERS)})")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA,
                        help="the Natural Earth folder (default %(default)s)")
    parser.add_argument("--out", type=Path, default=REPO / "maps",
                        help="where to write the maps (default %(default)s)")
    args = parser.parse_args(argv)
    for name in args.maps or list(BUILDERS):
        if name not in BUILDERS:
            parser.error(f"unknown map {name!r} (choose from {', '.join(BUILDERS)})")
    for name in args.maps or list(BUILDERS):
        for path in builder(name)(args.data, args.out):
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
