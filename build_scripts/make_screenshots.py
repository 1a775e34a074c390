"""Render the README's screenshots (1280x720, as a laptop window shows them).

    python build_scripts/make_screenshots.py

Writes build_scripts/screenshots/<name>.png through `python -m game --screenshot`, so the
pictures are exactly what the app draws.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(__file__).resolve().parent / "screenshots"

SHOTS = {
    "menu": ["--scene", "menu"],
    "ubike": ["--game", "ubike", "--players", "3", "--seed", "3", "--after", "16"],
    "ubike-results": ["--game", "ubike", "--players", "3", "--seed", "11", "--scene", "results"],
    "staedtetour": ["--game", "staedtetour", "--players", "3", "--seed", "2", "--after", "9"],
    "tokaido": ["--game", "tokaido", "--players", "4", "--seed", "4", "--after", "150", "--option", "crossroads=true"],
    "ttr-iberia": ["--game", "ttr-iberia", "--players", "3", "--seed", "4", "--after", "110"],
    "ttr-korea": ["--game", "ttr-korea", "--players", "4", "--seed", "2", "--after", "150"],
    "rallyman": ["--game", "rallyman", "--players", "4", "--seed", "3", "--after", "60"],
    "ubi": ["--game", "ubi", "--players", "3", "--seed", "5", "--after", "12"],
}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, JOURNEYS_HOME=tempfile.mkdtemp(prefix="journeys-shots-"), PYTHONPATH=str(ROOT))
    for name, args in SHOTS.items():
        out = OUT / f"{name}.png"
        subprocess.run([sys.executable, "-m", "game", "--screenshot", str(out), "--size", "1280x720", *args],
                       cwd=ROOT, env=env, check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
