"""Build the board maps of Journeys, from Natural Earth data or painted from our own data.

    python build_scripts/make_maps.py [ubike] [staedtetour] [tokaido] [--data DIR] [--out DIR]

The work is done by the package build_scripts/maps/ (one builder per board, the shared
cartography in maps/common.py, the designers' data in maps/boards/<id>.toml); this script only
hands the command line to it, as `python -m build_scripts.maps` does. It writes
`maps/<id>.png` and `maps/<id>.tmx` from the Natural Earth folder (default
`../shared/data/naturalearth` beside the repository). Building needs the `maps` extra
(pyproj, shapely); the game does not.
"""
from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this folder is first on the path already; imported from elsewhere, put it
# there so that `maps` is the builders' package and not the repository's maps/ folder.
HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from maps import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
