"""The circuits a race runs on: their names, their titles and their tracks (each map read once
per process)."""

from __future__ import annotations

import functools

from game import assets

from .track import Track, load_track

CIRCUITS = ("hairpin-oval", "coast-speedway", "old-town")
CIRCUIT_TITLES = {
    "hairpin-oval": "Hairpin Oval",
    "coast-speedway": "Coast Speedway",
    "old-town": "Old Town",
}


@functools.cache
def circuit_track(circuit: str) -> Track:
    """The circuit's track, loaded once per process (the map does not change)."""
    if circuit not in CIRCUITS:
        raise ValueError(f"unknown circuit {circuit!r}")
    return load_track(assets.require("maps", f"rallyman-{circuit}.tmx"))
