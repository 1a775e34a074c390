"""Ubi's bots: simulated geographers.

A bot reads the Ubi from its view (the words, the zone, the name of the place asked after) and
looks the name up in its own atlas, the way a person remembers where a place is. The atlas is
built from the places of the question bank, without the cards' answers and without the red
herrings (a place it cannot find may be one). Whether it remembers a place depends on the
place's fame and the bot's level; a place it does not remember it puts near the truth with an
error that shrinks with the level, and sometimes it takes a real place for a red herring. It
never reads the state, the posed card or the accepted answers.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

from game.core.ai.base import Knowledge
from game.core.protocol import Action
from game.core.rng import Rng

from . import grid as G
from .cards import load_cards
from .rules import (ANSWER, HEX, PRECISION, TRI, ZONE, ZONES, Answer, ChoosePrecision, ChooseZone,
                    RedHerring, determinize)

__all__ = ["KNOWLEDGE", "determinize", "Level", "LEVELS", "atlas"]


@dataclass(frozen=True)
class Level:
    """How well one level knows the world."""

    known_base: float      # chance of remembering the least famous place
    known_fame: float      # added for the most famous (fame 1)
    sure_error: float      # degrees of jitter around a remembered place
    guess_error: float     # degrees off when guessing a place not remembered
    spot_herring: float    # chance of seeing through a red herring
    false_herring: float   # chance of calling an unremembered real place a red herring
    tri_confidence: float  # on a precision eye: triangles when the chance of knowing is above this


LEVELS: dict[str, Level] = {
    "easy": Level(0.05, 0.40, 2.8, 22.0, 0.30, 0.10, 0.45),
    "normal": Level(0.12, 0.50, 2.0, 14.0, 0.55, 0.06, 0.40),
    "hard": Level(0.25, 0.55, 1.5, 9.0, 0.80, 0.03, 0.35),
}


@dataclass(frozen=True)
class Place:
    name: str
    kind: str
    lat: float
    lon: float
    fame: float


@functools.cache
def atlas() -> dict[tuple[str, str], Place]:
    """Every real place of the bank by (name, kind): what a well-read bot could know."""
    out: dict[tuple[str, str], Place] = {}
    for card in load_cards():
        for ubi in card.ubis:
            if ubi.red_herring:
                continue
            key = (ubi.place, ubi.kind)
            if key not in out or ubi.fame > out[key].fame:
                out[key] = Place(ubi.place, ubi.kind, ubi.lat, ubi.lon, ubi.fame)
    return out


def known_chance(level: Level, fame: float) -> float:
    return max(0.0, min(0.98, level.known_base + level.known_fame * fame))


def _zone_strength(level: Level, zone: str) -> float:
    """How well a level knows a zone on average (the mean chance over the bank's places)."""
    return _zone_fame(zone) * level.known_fame + level.known_base


@functools.cache
def _zone_fame(zone: str) -> float:
    fames = [card.ubi(zone).fame for card in load_cards() if not card.ubi(zone).red_herring]
    return sum(fames) / len(fames) if fames else 0.5


def _offset(lat: float, lon: float, degrees: float, rng: Rng) -> tuple[float, float]:
    """A point about `degrees` away in a random direction (longitude widened by latitude)."""
    if degrees <= 0:
        return lat, lon
    bearing = rng.random() * 2 * math.pi
    distance = degrees * math.sqrt(rng.random())
    dlat = distance * math.cos(bearing)
    dlon = distance * math.sin(bearing) / max(0.2, math.cos(math.radians(lat)))
    lat2 = max(-59.5, min(83.5, lat + dlat))
    lon2 = (lon + dlon + 180.0) % 360.0 - 180.0
    return lat2, lon2


class UbiKnowledge(Knowledge):
    """The simulated geographer answers every decision itself."""

    rollout_depth = 4
    search = "flat"

    def plan(self, view: dict[str, Any], legal: list[Action], rng: Rng, level: str) -> Action | None:
        if len(legal) == 1:
            return legal[0]
        lv = LEVELS.get(level)
        if lv is None:   # the random level and unknown names: the normal geographer
            lv = LEVELS["normal"]
        seat = view["seat"]
        phase = view["phase"]
        team = view["team_of"][seat]
        mine = view["facets"][team]
        if phase == ZONE:
            missing = [z for z in ZONES if z not in mine] or list(ZONES)
            best = max(missing, key=lambda z: _zone_strength(lv, z))
            return ChooseZone(best)
        if phase == PRECISION:
            zone = view["zone"]
            if zone in mine:
                return ChoosePrecision(HEX)   # nothing to win: the safer answer keeps the turn
            return ChoosePrecision(TRI if _zone_strength(lv, zone) >= lv.tri_confidence else HEX)
        if phase == ANSWER:
            return self.answer(view, lv, rng)
        return None

    def answer(self, view: dict[str, Any], lv: Level, rng: Rng) -> Action:
        posed = view["posed"]
        place = atlas().get((posed["place"], posed.get("kind", "")))
        triangular = view["precision"] == TRI
        if place is None:
            # not in the atlas: a red herring, unless the bot is fooled and guesses somewhere
            if rng.random() < lv.spot_herring:
                return RedHerring()
            return self._guess_anywhere(view, posed["zone"], triangular, rng)
        if rng.random() < known_chance(lv, place.fame):
            lat, lon = _offset(place.lat, place.lon, lv.sure_error, rng)
        else:
            if rng.random() < lv.false_herring:
                return RedHerring()
            lat, lon = _offset(place.lat, place.lon, lv.guess_error, rng)
        return self._point_answer(view, lat, lon, triangular)

    def _point_answer(self, view: dict[str, Any], lat: float, lon: float, triangular: bool) -> Action:
        sheets = view.get("sheets") or ["W"]
        for key in sheets:
            if key == "W":
                continue
            found = G.SHEETS[key].locate(lat, lon)
            if found is not None:
                number, letter = found
                return Answer(key, number, letter if triangular else None)
        found = G.WORLD.locate(max(-59.9, min(83.9, lat)), lon)
        if found is None:
            found = (1, "A")
        number, letter = found
        return Answer("W", number, letter if triangular else None)

    def _guess_anywhere(self, view: dict[str, Any], zone: str, triangular: bool, rng: Rng) -> Action:
        """A place it cannot find: somewhere plausible for the zone."""
        boxes = {"AMR": (-50, 60, -120, -40), "EUR": (38, 65, -10, 35), "WAT": (-40, 40, -180, 180),
                 "UNI": (-30, 55, -15, 140)}
        la0, la1, lo0, lo1 = boxes.get(zone, (-50, 70, -180, 180))
        lat = la0 + (la1 - la0) * rng.random()
        lon = lo0 + (lo1 - lo0) * rng.random()
        return self._point_answer(view, lat, lon, triangular)


KNOWLEDGE = UbiKnowledge()
