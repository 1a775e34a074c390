"""Ubi's 750 Ubi-and-Answer cards: the types and the loader (no pygame, no shapely).

`cards.json` is written by `build_scripts/ubi_cards.py` from Natural Earth data. Each card holds
one Ubi for each zone; each Ubi carries its accepted answers on the world map and, for a place
inside an expert area, on that area's sheet ("after the slash", UBI-12).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

#: the zones, in the order a card lists them
ZONES = ("AMR", "EUR", "WAT", "UNI")
CARDS_FILE = Path(__file__).with_name("cards.json")

# flag bits in the file
_HERRING, _GHOST, _WORLD_UNFAIR, _EXPERT_UNFAIR = 1, 2, 4, 8

Pairs = tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Ubi:
    """One where-question and its answer."""

    zone: str
    text: str
    place: str
    lat: float
    lon: float
    kind: str                     # city, capital, peak, lake, mouth, ...
    world: Pairs                  # accepted (number, letter) on the world map; () for a herring
    expert: tuple[str, Pairs] | None   # (sheet key "N" or "E", accepted pairs) or None
    explanation: str
    fame: float                   # 0..1: how likely a bot knows it
    red_herring: bool = False
    ghost: bool = False
    triangle_fair: bool = True    # on the world map; False: asked only at hexagonal precision
    expert_triangle_fair: bool = True

    @cached_property
    def hexes(self) -> frozenset[int]:
        """The accepted hexagons on the world map."""
        return frozenset(n for n, _ in self.world)

    def pairs_on(self, sheet_key: str) -> Pairs:
        """The accepted (number, letter) pairs on a sheet ("W", "N" or "E")."""
        if sheet_key == "W":
            return self.world
        if self.expert and self.expert[0] == sheet_key:
            return self.expert[1]
        return ()

    def fair_on(self, sheet_key: str) -> bool:
        """Whether a triangle may be asked for on that sheet."""
        return self.expert_triangle_fair if sheet_key != "W" else self.triangle_fair

    def accepts(self, sheet_key: str, number: int, letter: str | None = None) -> bool:
        """UBI-6: a hexagon answer (letter None) is right when that hexagon is accepted, a
        triangle answer when that (number, letter) is. A red herring accepts no hexagon."""
        pairs = self.pairs_on(sheet_key)
        if letter is None:
            return any(n == number for n, _ in pairs)
        return (number, letter.upper()) in pairs


@dataclass(frozen=True)
class Card:
    """One Ubi-and-Answer card: one Ubi for each zone, in ZONES order."""

    index: int
    ubis: tuple[Ubi, ...]

    def ubi(self, zone: str) -> Ubi:
        """The card's Ubi of that zone."""
        return self.ubis[ZONES.index(zone)]


def _pairs(text: str) -> Pairs:
    """ "267AR 268H" -> ((267, "A"), (267, "R"), (268, "H"))."""
    out = []
    for item in text.split():
        i = len(item.rstrip("ARCHSE"))
        number = int(item[:i])
        out += [(number, letter) for letter in item[i:]]
    return tuple(out)


def _ubi(zone: str, row: list) -> Ubi:
    text, place, kind, lat, lon, world, expert, explanation, fame, flags = row
    key, _, pairs = expert.partition(":")
    return Ubi(zone, text, place, float(lat), float(lon), kind, _pairs(world),
               (key, _pairs(pairs)) if key else None, explanation, float(fame),
               bool(flags & _HERRING), bool(flags & _GHOST), not flags & _WORLD_UNFAIR,
               not flags & _EXPERT_UNFAIR)


@cache
def load_cards(path: Path = CARDS_FILE) -> tuple[Card, ...]:
    """All 750 cards, parsed once and cached."""
    data = json.loads(path.read_text(encoding="utf-8"))
    zones = tuple(data["zones"])
    if zones != ZONES:
        raise ValueError(f"unexpected zones in {path}: {zones}")
    return tuple(Card(i, tuple(_ubi(z, row) for z, row in zip(zones, rows)))
                 for i, rows in enumerate(data["cards"]))
