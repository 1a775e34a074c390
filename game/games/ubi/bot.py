"""Ubi's bots: simulated geographers with knowledge of their own.

The model, in plain words:

* What a bot could know is its atlas (`atlas.json`, written by `build_scripts/ubi_atlas.py`
  from Natural Earth): several thousand real places, far more than the question bank asks
  after, each with its kind, position, fame, zone and countries; and the countries of the
  world, each with a point inside it and a rough size. The atlas is not the bank: it holds no
  card and no accepted answer, and no red herring (they are invented names).
* What a bot does know is fixed per level. Whether a level knows a place is one draw per
  (level, place): a hash of the level's name and the place's name, kind and position, compared
  with the chance `known_base + known_fame * fame`. Capitals and great cities are known far
  more surely than small peaks, and a bot's knowledge does not change from one question to the
  next. Levels differ by how much they know, not by how often they look the answer up.
* A known place is remembered a little off, and always the same way: the same hash gives a
  fixed error of up to `error_base + error_fame * (1 - fame)` degrees, so the less famous the
  place, the vaguer the memory, and the better the level, the sharper.
* A name the bot has never heard of, whether a little-known real place or an invented one, is
  judged the same way, from the Ubi's words alone: with the level's chance `herring_call` it
  says "That's a red herring" (about the share of red herrings among the Ubis the level has
  never heard of); otherwise it guesses near the country or the water the words name (near a
  place of that kind it knows there, if it knows a few), else near a namesake of another kind
  it knows (a river's mouth when asked for its source), else near a place of that kind it knows
  in the zone. It never knows more about a red herring than "I have never heard of it".
* Where several places share a name (Springfield, a river's mouth and source), the kind asked
  after and the countries, province, population and water in the words choose between the
  ones the bot knows, never the answers.

A bot reads only its view: the posed Ubi's words, place name, kind and zone, the precision and
the sheets it may answer on. It never reads the question bank, the state, the posed card or
the accepted answers.
"""
from __future__ import annotations

import functools
import hashlib
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.ai.base import Knowledge
from game.core.protocol import Action
from game.core.rng import Rng

from . import grid as G
from .rules import (ANSWER, HEX, PRECISION, TRI, ZONE, ZONES, Answer, ChoosePrecision, ChooseZone,
                    RedHerring, determinize)

__all__ = ["KNOWLEDGE", "determinize", "Level", "LEVELS", "atlas", "known_chance"]

ATLAS_FILE = Path(__file__).with_name("atlas.json")
#: the game has this many Ubis a zone: a bot expects to be asked after about as many of the
#: zone's best-known places, and judges its strength in a zone by how many of them it knows
ASKED_PER_ZONE = 750
#: kinds a Ubi may mix up: a capital is a city too
CITY_KINDS = ("city", "capital")
#: kinds whose name in a Ubi's words says where to look (a sea, a lake, an island, a range); not
#: a river's ends (its mouth and source lie far apart), nor a city (a city's name doubles as a
#: province's: "capital of Victoria")
LANDMARK_SKIP = CITY_KINDS + ("mouth", "source")
#: how far (degrees) a guess strays from a place of the right kind it picked as a model
NEAR_A_MODEL = 1.5
#: how far a guess strays from a namesake of another kind it knows
NEAR_A_NAMESAKE = 4.0


@dataclass(frozen=True)
class Level:
    """How much one level knows of the world."""

    name: str
    known_base: float      # chance of knowing the least famous place
    known_fame: float      # added for the most famous (fame 1)
    error_base: float      # degrees a known place of fame 1 may be remembered off
    error_fame: float      # added for a known place of fame 0
    herring_call: float    # chance of calling a name never heard of a red herring
    tri_confidence: float  # on a precision eye: triangles when the zone's known share is above this


#: herring_call is the share of red herrings among the Ubis whose name the level has never heard
#: of (the bank's 91 herrings are 4 % of the 2,250 such Ubis for the easy level, 5 % of normal's
#: 1,790 and 7 % of hard's 1,330, measured when the atlas was first built): a bot calls a
#: herring about as often as one turns up among the names it does not know. The more a level
#: knows, the likelier a name it has never heard of is invented
LEVELS: dict[str, Level] = {
    "easy": Level("easy", 0.00, 0.50, 1.2, 3.5, 0.04, 0.45),
    "normal": Level("normal", 0.08, 0.62, 0.8, 2.8, 0.05, 0.40),
    "hard": Level("hard", 0.18, 0.76, 0.5, 2.0, 0.07, 0.35),
}


# ---- the atlas ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    """A real place of the atlas."""

    index: int
    name: str
    kind: str
    lat: float
    lon: float
    fame: float                  # 0..1
    zone: str
    countries: tuple[str, ...]   # as they read in a sentence ("the Netherlands")
    size: float = 0.0            # an area's rough radius in degrees; 0 for a point
    pop: int = 0                 # a city's people, in thousands
    province: str = ""           # the province a city is the capital of


@dataclass(frozen=True)
class Country:
    """A country: a point well inside it and the radius (degrees) of a circle as large."""

    name: str
    lat: float
    lon: float
    size: float

    @property
    def bare(self) -> str:
        """The name without its article, as it reads after "in": "Netherlands"."""
        return self.name.removeprefix("the ")


class Atlas:
    """Every place a bot could know, by name, and the countries of the world."""

    def __init__(self, data: dict[str, Any]) -> None:
        zones, kinds = data["zones"], data["kinds"]
        countries = [Country(name, float(lat), float(lon), float(size))
                     for name, lat, lon, size in data["countries"]]
        self.countries: dict[str, Country] = {c.name: c for c in countries}
        places = []
        for i, row in enumerate(data["places"]):
            name, kind, lat, lon, fame, zone, where, *tail = row
            size, pop, province = (tail + [0, 0, ""][len(tail):])[:3]
            places.append(Place(i, name, kinds[kind], float(lat), float(lon), float(fame), zones[zone],
                                tuple(countries[c].name for c in where), float(size), int(pop), province))
        self.places: tuple[Place, ...] = tuple(places)
        by_name: dict[str, list[Place]] = {}
        for p in places:
            by_name.setdefault(p.name, []).append(p)
        self.by_name: dict[str, tuple[Place, ...]] = {k: tuple(v) for k, v in by_name.items()}
        # the phrases a Ubi's words may name: countries (by their bare names) and landmarks;
        # within a place's own name, any place but a city ("Mississippi Delta")
        self.country_phrases: dict[str, Country] = {c.bare: c for c in countries}
        self.landmark_phrases: dict[str, tuple[Place, ...]] = self._phrases(LANDMARK_SKIP)
        self.name_phrases: dict[str, tuple[Place, ...]] = self._phrases(CITY_KINDS)
        self.longest_phrase = max(len(k.split()) for k in (*self.country_phrases, *self.name_phrases))

    def _phrases(self, skip: tuple[str, ...]) -> dict[str, tuple[Place, ...]]:
        """The places of each name, but those of the kinds to skip."""
        out = {}
        for name, group in self.by_name.items():
            kept = tuple(p for p in group if p.kind not in skip)
            if kept:
                out[name] = kept
        return out

    def values(self) -> tuple[Place, ...]:
        """Every place (as a mapping's values: the atlas once was a dict)."""
        return self.places

    def __len__(self) -> int:
        return len(self.places)


@functools.cache
def atlas() -> Atlas:
    """The atlas, read once."""
    return Atlas(json.loads(ATLAS_FILE.read_text(encoding="utf-8")))


def known_chance(level: Level, fame: float) -> float:
    """The chance that a level knows a place of this fame."""
    return max(0.0, min(0.98, level.known_base + level.known_fame * fame))


def memory_error(level: Level, fame: float) -> float:
    """How far off (degrees, at most) a level remembers a known place of this fame."""
    return level.error_base + level.error_fame * (1.0 - fame)


# ---- a level's memory ----------------------------------------------------------------------------

def _draws(level: Level, place: Place) -> tuple[float, float, float]:
    """Three fixed numbers in [0, 1) for a (level, place): whether it is known, and the
    bearing and distance of the error it is remembered with."""
    key = f"{level.name}|{place.kind}|{place.name}|{place.lat:.1f}|{place.lon:.1f}"
    digest = hashlib.blake2b(key.encode("utf-8"), digest_size=12).digest()
    known, bearing, distance = (int.from_bytes(digest[i:i + 4], "big") / 2 ** 32 for i in (0, 4, 8))
    return known, bearing, distance


class Memory:
    """What one level knows: the places it has heard of and where it remembers each."""

    def __init__(self, level: Level, book: Atlas) -> None:
        self.level = level
        self.spots: dict[int, tuple[float, float]] = {}
        for p in book.places:
            known, bearing, distance = _draws(level, p)
            if known < known_chance(level, p.fame):
                reach = memory_error(level, p.fame) * math.sqrt(distance)
                self.spots[p.index] = _shift(p.lat, p.lon, reach, bearing * math.tau)
        self.by_zone: dict[str, tuple[Place, ...]] = {
            z: tuple(p for p in book.places if p.zone == z and self.knows(p)) for z in ZONES}
        by_country: dict[str, list[Place]] = {}
        for p in book.places:
            if self.knows(p):
                for c in p.countries:
                    by_country.setdefault(c, []).append(p)
        self.by_country: dict[str, tuple[Place, ...]] = {k: tuple(v) for k, v in by_country.items()}

    def knows(self, place: Place) -> bool:
        return place.index in self.spots

    def spot(self, place: Place) -> tuple[float, float]:
        """Where a known place is remembered."""
        return self.spots[place.index]


@functools.cache
def memory(level: Level) -> Memory:
    """A level's memory of the atlas, worked out once."""
    return Memory(level, atlas())


@functools.cache
def zone_strength(level: Level, zone: str) -> float:
    """How well a level knows a zone: the share of the zone's ASKED_PER_ZONE most famous places
    it knows (the kind of place a Ubi asks after)."""
    top = sorted((p for p in atlas().places if p.zone == zone), key=lambda p: (-p.fame, p.index))
    top = top[:ASKED_PER_ZONE]
    mind = memory(level)
    return sum(mind.knows(p) for p in top) / len(top) if top else 0.0


# ---- geometry ------------------------------------------------------------------------------------

def _shift(lat: float, lon: float, degrees: float, bearing: float) -> tuple[float, float]:
    """The point `degrees` away on a bearing (radians; longitude widened by latitude), kept on
    the world map."""
    dlat = degrees * math.cos(bearing)
    dlon = degrees * math.sin(bearing) / max(0.2, math.cos(math.radians(lat)))
    lat2 = max(-59.5, min(83.5, lat + dlat))
    lon2 = (lon + dlon + 180.0) % 360.0 - 180.0
    return lat2, lon2


def _offset(lat: float, lon: float, degrees: float, rng: Rng) -> tuple[float, float]:
    """A point at random within `degrees` of another (evenly over the disc)."""
    if degrees <= 0:
        return lat, lon
    bearing = rng.random() * math.tau
    return _shift(lat, lon, degrees * math.sqrt(rng.random()), bearing)


def _apart(a: tuple[float, float], b: tuple[float, float]) -> float:
    """A rough distance in degrees of latitude between two (lat, lon) points."""
    dlon = (b[1] - a[1] + 180.0) % 360.0 - 180.0
    dlat = b[0] - a[0]
    return math.hypot(dlat, dlon * math.cos(math.radians((a[0] + b[0]) / 2)))


def _toward(a: tuple[float, float], b: tuple[float, float], degrees: float) -> tuple[float, float]:
    """From a, up to `degrees` of the way to b."""
    gap = _apart(a, b)
    if gap <= degrees or gap == 0:
        return b
    t = degrees / gap
    dlon = (b[1] - a[1] + 180.0) % 360.0 - 180.0
    return a[0] + t * (b[0] - a[0]), (a[1] + t * dlon + 180.0) % 360.0 - 180.0


# ---- reading the words ---------------------------------------------------------------------------

_WORD = re.compile(r"[^\s,?!;:()/]+")
#: a number of people: "about 430,000", "some 1.2 million", "more than 4 million" (not metres
#: nor square kilometres)
_PEOPLE = re.compile(r"(?:about|some|than) (\d[\d,]*(?:\.\d+)?)( million)?(?! ?(?:km|m\b|metres))")


@dataclass(frozen=True)
class Words:
    """What a Ubi's words say: the countries and landmarks (seas, lakes, islands, ranges:
    names of atlas places, whether the bot knows them or not) named in the words around the
    place's name, in the order read; those its own name holds ("Gulf of Thailand", "Lake
    Chad", "Mississippi Delta"); and a number of people (thousands) when one is given."""

    text: str
    countries: tuple[Country, ...]
    landmarks: tuple[str, ...]
    people: float | None
    name_countries: tuple[Country, ...] = ()
    name_landmarks: tuple[str, ...] = ()


def _scan(book: Atlas, text: str, places: dict[str, tuple[Place, ...]],
          skip: str = "") -> tuple[tuple[Country, ...], tuple[str, ...]]:
    """The countries and places a text names, longest phrases first (`skip`: a phrase that
    does not count, the place's whole name)."""
    tokens = _WORD.findall(text)
    countries: list[Country] = []
    landmarks: list[str] = []
    i = 0
    while i < len(tokens):
        for n in range(min(book.longest_phrase, len(tokens) - i), 0, -1):
            phrase = " ".join(tokens[i:i + n])
            if phrase == skip:
                continue
            if phrase in book.country_phrases:
                if book.country_phrases[phrase] not in countries:
                    countries.append(book.country_phrases[phrase])
                i += n
                break
            if phrase in places:
                landmarks.append(phrase)
                i += n
                break
        else:
            i += 1
    return tuple(countries), tuple(landmarks)


def read_words(book: Atlas, text: str, name: str) -> Words:
    """What a Ubi's words and the name it asks after say of where to look."""
    rest = text.replace(name, " / ") if name else text
    countries, landmarks = _scan(book, rest, book.landmark_phrases)
    name_countries, name_landmarks = _scan(book, name, book.name_phrases, skip=name)
    people = None
    match = _PEOPLE.search(rest)
    if match:
        number = float(match.group(1).replace(",", ""))
        people = number * 1000 if match.group(2) else number / 1000
    return Words(text, countries, landmarks, people, name_countries, name_landmarks)


# ---- the geographer ------------------------------------------------------------------------------

def _same_kind(a: str, b: str) -> bool:
    return a == b or (a in CITY_KINDS and b in CITY_KINDS)


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
            return ChooseZone(max(missing, key=lambda z: zone_strength(lv, z)))
        if phase == PRECISION:
            zone = view["zone"]
            if zone in mine:
                return ChoosePrecision(HEX)   # nothing to win: the safer answer keeps the turn
            return ChoosePrecision(TRI if zone_strength(lv, zone) >= lv.tri_confidence else HEX)
        if phase == ANSWER:
            return self.answer(view, lv, rng)
        return None

    def answer(self, view: dict[str, Any], lv: Level, rng: Rng) -> Action:
        """The answer to the posed Ubi, from the view's words only."""
        posed = view["posed"]
        name, kind = posed["place"], posed.get("kind", "")
        book, mind = atlas(), memory(lv)
        words = read_words(book, posed.get("text", ""), name)
        triangular = view["precision"] == TRI
        place = self.recall(mind, name, kind, words)
        if place is not None:
            lat, lon = mind.spot(place)
            return self._point_answer(view, lat, lon, triangular)
        # never heard of this one (or not of this one of its name): the words are all there is
        heard_of_the_name = any(mind.knows(p) for p in book.by_name.get(name, ()))
        if not heard_of_the_name and rng.random() < lv.herring_call:
            return RedHerring()
        lat, lon = self.guess(mind, name, kind, posed["zone"], words, rng)
        return self._point_answer(view, lat, lon, triangular)

    def recall(self, mind: Memory, name: str, kind: str, words: Words) -> Place | None:
        """The known place the Ubi asks after, or None: of its name and kind, in a country the
        words name (if they name any), the one the words fit best (its province, its number of
        people, a landmark near it), then the most famous."""
        named = {c.name for c in words.countries}
        fits = [p for p in atlas().by_name.get(name, ())
                if mind.knows(p) and _same_kind(p.kind, kind)
                and (not named or not p.countries or named & set(p.countries))]
        if not fits:
            return None
        marks = self._landmarks(mind, words.landmarks, atlas().landmark_phrases)

        def fit(p: Place) -> tuple[int, float]:
            score = 0
            if p.province and p.province in words.text:
                score += 1
            if words.people and p.pop and abs(math.log10(words.people / p.pop)) < 0.2:
                score += 1
            if any(_apart(mind.spot(p), mind.spot(m)) < m.size + 3.0 for m in marks):
                score += 1
            return score, p.fame

        return max(fits, key=fit)

    def guess(self, mind: Memory, name: str, kind: str, zone: str, words: Words,
              rng: Rng) -> tuple[float, float]:
        """Somewhere plausible for a place never heard of, from the words only: near the
        countries and landmarks the words name, else those its name holds, else a known
        namesake of another kind, else a known place of its kind in the zone."""
        marks = self._landmarks(mind, words.landmarks, atlas().landmark_phrases)
        named = words.countries
        if not named and not marks:
            named = words.name_countries
            marks = self._landmarks(mind, words.name_landmarks, atlas().name_phrases)
        if named:
            center, spread, pool = self._country_area(mind, named, kind)
            if marks:
                mark = mind.spot(marks[0])
                near = [p for p in pool if _apart(mind.spot(p), mark) < marks[0].size + 3.0]
                pool = near
                center = _toward(center, mark, spread)
                spread = max(0.5, spread / 2)
            if len(pool) >= 3:   # near a place of that kind the bot knows there
                lat, lon = mind.spot(rng.choice(pool))
                return _offset(lat, lon, min(NEAR_A_MODEL, spread), rng)
            return _offset(center[0], center[1], spread, rng)
        if marks:
            lat, lon = mind.spot(marks[0])
            return _offset(lat, lon, marks[0].size + 1.0, rng)
        namesakes = [p for p in atlas().by_name.get(name, ()) if mind.knows(p)]
        if namesakes:
            lat, lon = mind.spot(max(namesakes, key=lambda p: p.fame))
            return _offset(lat, lon, NEAR_A_NAMESAKE, rng)
        known = mind.by_zone.get(zone, ())
        models = [p for p in known if _same_kind(p.kind, kind)] or list(known)
        if not models:
            return _offset(20.0, 0.0, 40.0, rng)
        lat, lon = mind.spot(rng.choice(models))
        return _offset(lat, lon, NEAR_A_MODEL, rng)

    @staticmethod
    def _landmarks(mind: Memory, phrases: tuple[str, ...],
                   places: dict[str, tuple[Place, ...]]) -> list[Place]:
        """The places named that the bot knows (the most famous of a name)."""
        out = []
        for phrase in phrases:
            known = [p for p in places[phrase] if mind.knows(p)]
            if known:
                out.append(max(known, key=lambda p: p.fame))
        return out

    @staticmethod
    def _country_area(mind: Memory, named: tuple[Country, ...],
                      kind: str) -> tuple[tuple[float, float], float, list[Place]]:
        """Where to look in the countries the words name: (centre, spread in degrees, known
        places of the kind asked there). Neighbours named together (a lake on a border, a sea
        between shores): between them; countries far apart ("capital of Georgia in the United
        States"): the last named, as a Ubi names the country last."""
        first = named[0]
        picked = [first]
        for other in named[1:]:
            if _apart((first.lat, first.lon), (other.lat, other.lon)) > 1.2 * (first.size + other.size) + 1.0:
                picked = [named[-1]]
                break
            picked.append(other)
        lat = sum(c.lat for c in picked) / len(picked)
        lon = math.degrees(math.atan2(sum(math.sin(math.radians(c.lon)) for c in picked),
                                      sum(math.cos(math.radians(c.lon)) for c in picked)))
        spread = min(c.size for c in picked) if len(picked) > 1 else picked[0].size
        pool = [p for c in picked for p in mind.by_country.get(c.name, ()) if _same_kind(p.kind, kind)]
        return (lat, lon), max(0.3, spread), pool

    def _point_answer(self, view: dict[str, Any], lat: float, lon: float, triangular: bool) -> Action:
        """The hexagon (and triangle) a point lies in: on an expert area the seat plays, if it
        lies in one, else on the world map."""
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


KNOWLEDGE = UbiKnowledge()
