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
from shapely.geometry import MultiPolygon, Point, Polygon, box, shape
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
                        (r"^I\. ", "Isla "), (r"\bIs\.", "Islands"), (r"\bSd\.", "Sound"), (r"^S\. de ", "Sierra de "), (r"\bMtn\.", "Mountain"),
                        (r"\bSt\. ", "St. "), (r"\bAlbert\b", "Albert"), (r"ALbert", "Albert")):
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


class Countries:
    """Which country and continent a place lies in."""

    def __init__(self, folder: Path) -> None:
        self.items: list[Country] = []
        self.by_a3: dict[str, Country] = {}
        for f in load(folder, "ne_50m_admin_0_countries"):
            p = f["properties"]
            bare = p["NAME"] if p["ADM0_A3"] in SHORT_NAMES else p["NAME_LONG"]
            bare = bare.removeprefix("The ")
            with_the = bare in WITH_THE or bare.endswith("Islands")
            c = Country(("the " if with_the else "") + bare, bare, p["CONTINENT"], shape(f["geometry"]).buffer(0))
            self.items.append(c)
            self.by_a3.setdefault(p["ADM0_A3"], c)
        self.tree = STRtree([c.geom for c in self.items])

    def at(self, lon: float, lat: float, reach: float = 0.6) -> Country | None:
        """The country holding the point, else the nearest within `reach` degrees."""
        pt = Point(lon, lat)
        for i in self.tree.query(pt, predicate="intersects"):
            return self.items[int(i)]
        i = self.tree.query_nearest(pt, max_distance=reach)
        return self.items[int(i[0])] if len(i) else None

    def touching(self, geom, pad: float = 0.05, limit: int = 4) -> list[Country]:
        """Countries on or around an area, the largest share first."""
        area = geom.buffer(pad)
        found = []
        for i in self.tree.query(area, predicate="intersects"):
            c = self.items[int(i)]
            found.append((-c.geom.intersection(area).area, c.bare, c))
        found.sort(key=lambda t: (t[0], t[1]))
        return [c for _, _, c in found[:limit]]


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
    """An area in square kilometres (good to a few per cent away from the poles)."""
    c = geom.representative_point()
    return geom.area * 111.32 ** 2 * math.cos(math.radians(c.y))


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
    water_words = r"(Lake|Lac|Lago|Lagoa|Laguna|Sea|Reservoir|Réservoir|Bay|Channel|Hu|Nuur|Ozero|Zaliv|Zalew|Buhayrat|Sap|meer|Kul|Köl|See|Ko|Co|Tso|Nur|Gölü|Vodokhranilishche|Oz\.)"
    if re.search(rf"\b{water_words}\b", raw) or raw.endswith("meer") or "-Kul" in raw:
        return raw
    return f"Lake {raw}"


VOLCANOES = {"klyuchevskaya sopka", "mt. fuji", "fuji", "fuji-san", "mt. kilimanjaro", "kilimanjaro", "mt. etna", "etna",
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


def gather(folder: Path) -> tuple[list[Place], set[str]]:
    """Every candidate place, with its zone, facts and fame; and every name in the data (to keep
    invented names out of it)."""
    countries = Countries(folder)
    marine = load(folder, "ne_10m_geography_marine_polys")
    seas = Seas(marine)
    places: list[Place] = []
    names: set[str] = set()

    def on_map(lat: float, lon: float) -> bool:
        return grid.WORLD.locate(lat, lon) is not None

    # cities and capitals
    for f in load(folder, "ne_10m_populated_places_simple"):
        p = f["properties"]
        name = clean(p["name"])
        names.add(ascii_key(name))
        lat, lon = p["latitude"], p["longitude"]
        pop = int(p["pop_max"] or 0)
        # the data's own mark of a capital (its feature class also names a few former or
        # would-be capitals: Rangoon, Johannesburg)
        capital = p["adm0cap"] == 1 and p["featurecla"] != "Admin-0 capital alt"
        small = pop < (40_000 if p["adm0name"] and countries.by_a3.get(p["adm0_a3"]) and countries.by_a3[p["adm0_a3"]].continent in ("Europe", "Oceania") else 120_000)
        if not on_map(lat, lon) or (small and not capital) or p["featurecla"] in ("Scientific station", "Historic place", "Meteorological Station"):
            continue
        country = countries.by_a3.get(p["adm0_a3"]) or countries.at(lon, lat)
        zone = land_zone(lat, lon, country)
        if zone is None or country is None:
            continue
        fame = max(0.0, min(1.0, (math.log10(max(pop, 10_000)) - 4.8) / 2.6)) + (0.3 if capital else 0.0) + (0.1 if p["worldcity"] else 0.0)
        facts = {"country": country.name, "pop": pop, "sea": seas.near(lon, lat)}
        prov = clean(p["adm1name"])
        sea_name = facts["sea"] or ""
        if prov and p["featurecla"].startswith("Admin-1") and ascii_key(prov) not in ascii_key(name) + "|" + ascii_key(sea_name):
            facts["province"] = prov
        places.append(Place("capital" if capital else "city", name, lat, lon, zone, round(min(1.0, fame), 3), facts))
    # a country with more than one capital in the data (South Africa's three): each is "one of"
    capitals: dict[str, list[Place]] = {}
    for place in places:
        if place.kind == "capital":
            capitals.setdefault(place.facts["country"], []).append(place)
    for group in capitals.values():
        if len(group) > 1:
            for place in group:
                place.facts["shared_capital"] = True

    # peaks, volcanoes, depressions
    for f in load(folder, "ne_10m_geography_regions_elevation_points"):
        p = f["properties"]
        if not p["name"]:
            continue
        name = clean(p["name"])
        names.add(ascii_key(name))
        lat, lon = p["lat_y"], p["long_x"]
        if not on_map(lat, lon) or p["featurecla"] not in ("mountain", "depression", "spot elevation"):
            continue
        country = countries.at(lon, lat)
        zone = land_zone(lat, lon, country, p["region"] or "")
        if zone is None:
            continue
        elev = p["elevation"] or 0
        kind = "depression" if p["featurecla"] == "depression" or elev < 0 else ("volcano" if is_volcano(p["name"]) else "peak")
        fame = 0.55 * (1 - (p["scalerank"] - 1) / 9) + 0.45 * min(1.0, abs(elev) / 7000)
        facts = {"country": country.name if country else None, "elev": int(elev), "note": p["comment"]}
        places.append(Place(kind, name, lat, lon, zone, round(min(1.0, fame), 3), facts))

    # capes, islands and waterfalls as points
    for f in load(folder, "ne_10m_geography_regions_points"):
        p = f["properties"]
        kind = {"cape": "cape", "island": "island", "waterfall": "waterfall"}.get(p["featurecla"])
        if not p["name"] or not kind:
            continue
        name = clean(p["name"])
        names.add(ascii_key(name))
        lat, lon = p["lat_y"], p["long_x"]
        if not on_map(lat, lon):
            continue
        country = countries.at(lon, lat, reach=2.0)
        zone = land_zone(lat, lon, country, p["region"] or "")
        if zone is None:
            continue
        fame = 0.9 - 0.08 * p["scalerank"]
        facts = {"country": country.name if country else None, "sea": seas.near(lon, lat, reach=1.0)}
        places.append(Place(kind, name, lat, lon, zone, round(max(0.05, fame), 3), facts))

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
        geom = unary_union([g for _, g in items])
        lat, lon = interior(geom)
        if not on_map(lat, lon):
            continue
        country = countries.at(lon, lat, reach=2.0)
        zone = land_zone(lat, lon, country, p["region"] or "")
        if zone is None:
            continue
        touching = [c.name for c in countries.touching(geom, pad=0.0, limit=3)]
        fame = 0.95 - 0.1 * p["scalerank"]
        places.append(Place(kind, name, lat, lon, zone, round(max(0.05, fame), 3),
                            {"countries": touching}, geom))   # these outlines are rough: no area

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
        shores = [c.name for c in countries.touching(geom, pad=0.15, limit=4)]
        fame = 0.95 - 0.09 * p["scalerank"]
        places.append(Place("sea" if kind == "lake_sea" else kind, name, lat, lon, "WAT", round(max(0.05, fame), 3),
                            {"countries": shores, "km2": geo_area_km2(geom)}, geom))

    # lakes and reservoirs
    lakes: dict[str, list] = defaultdict(list)
    for f in load(folder, "ne_10m_lakes"):
        p = f["properties"]
        if not p["name"] or "River" in p["name"]:
            continue
        name = lake_name(clean(p["name"]))
        names.add(ascii_key(name))
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


RIVER_ALIASES = {"Donau": "Danube", "Bratul Sulina": "Danube", "Rhein": "Rhine", "Ertis": "Irtysh",
                 "Ertix": "Irtysh", "Amazonas": "Amazon", "Chang Jiang": "Yangtze", "Huang": "Yellow River",
                 "Dnipro": "Dnieper", "Al Furat": "Euphrates", "Firat": "Euphrates", "Heilong Jiang": "Amur"}


def rivers(folder: Path, countries: Countries, marine: list[dict], lake_geoms: list, names: set[str]) -> list[Place]:
    """River mouths (where a river meets a sea, a lake or a larger river) and sources (the end
    of the river farthest from its mouth)."""
    from shapely.geometry import LineString
    lines: dict[str, list] = defaultdict(list)
    rank: dict[str, float] = {}
    for f in load(folder, "ne_10m_rivers_lake_centerlines"):
        p = f["properties"]
        if p["featurecla"] != "River" or not p["name"]:
            continue
        name = clean(p["name"])
        name = RIVER_ALIASES.get(name, name)
        if re.search(r"\b(Delta|Canal|Channel|Branch|Protoka|Bratul)\b", name) and name not in RIVER_ALIASES.values():
            continue
        names.add(ascii_key(name))
        g = shape(f["geometry"])
        for part in (g.geoms if g.geom_type == "MultiLineString" else [g]):
            lines[name].append(part)
        rank[name] = min(rank.get(name, 99), p["scalerank"])
    waters = [(clean(f["properties"]["name"]), shape(f["geometry"]).buffer(0)) for f in marine
              if f["properties"]["name"] and f["properties"]["featurecla"] not in ("generic", "river", "reef")]
    # a lake on a river's way is no mouth (reservoirs, Lake Nasser): mouths are at the sea
    # (the Caspian counts as a sea) or where the river joins a longer one
    land = unary_union([shape(f["geometry"]) for f in load(folder, "ne_50m_land")])
    coast = land.boundary
    wtree = STRtree([g for _, g in waters])
    river_names = sorted(lines)
    river_geoms = [unary_union(lines[n]) for n in river_names]
    rtree = STRtree(river_geoms)
    out = []
    for name, geom in zip(river_names, river_geoms):
        ends = []
        for part in lines[name]:
            ends += [part.coords[0], part.coords[-1]]
        length = sum(part.length for part in lines[name])
        if length < 3 or rank[name] > 6:
            continue
        best = None
        for x, y in ends:
            pt = Point(x, y)
            hit = wtree.query_nearest(pt, max_distance=0.25, return_distance=True)
            if len(hit[0]):
                d = float(hit[1][0])
                cand = (0, d, (x, y), waters[int(hit[0][0])][0])
                best = min(best, cand) if best else cand
            elif coast.distance(pt) < 0.3:
                cand = (1, coast.distance(pt), (x, y), None)
                best = min(best, cand) if best else cand
        if best is None:
            for x, y in ends:
                pt = Point(x, y)
                for i in rtree.query(pt.buffer(0.03), predicate="intersects"):
                    other = river_names[int(i)]
                    if other != name and sum(p.length for p in lines[other]) > length and \
                            river_geoms[int(i)].distance(pt) < 0.03:
                        cand = (2, river_geoms[int(i)].distance(pt), (x, y), other)
                        best = min(best, cand) if best else cand
        if best is None:
            continue
        how, _, (mx, my), into = best
        sx, sy = max(ends, key=lambda e: (e[0] - mx) ** 2 + ((e[1] - my)) ** 2)
        # a far end that runs on into a river of another name is no source
        has_source = not any(river_names[int(i)] != name for i in rtree.query(Point(sx, sy).buffer(0.02), predicate="intersects"))
        fame = 1.0 - 0.1 * rank[name] + min(0.2, length / 200)
        mouth_country = countries.at(mx, my, reach=1.0)
        source_country = countries.at(sx, sy, reach=1.0)
        facts = {"into": into, "how": how, "length": length,
                 "mouth_country": mouth_country.name if mouth_country else None,
                 "source_country": source_country.name if source_country else None, "river": name}
        for kind, (x, y), f in (("mouth", (mx, my), 1.0), ("source", (sx, sy), 0.75)):
            if grid.WORLD.locate(y, x) is None or (kind == "source" and not has_source):
                continue
            out.append(Place(kind, name, y, x, "WAT", round(max(0.05, min(1.0, fame * f)), 3), dict(facts)))
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
    rest = sorted((p for k in sorted(pool) for p in pool[k] if k in SHARES[zone]), key=lambda p: (-p.fame, p.kind, p.name))
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
    in_c = f" in {c}" if c else ""
    sea = water_name(f["sea"]) if f.get("sea") else None
    cs = f.get("countries") or []
    if p.kind in ("capital", "city"):
        pop = fmt_pop(f["pop"])
        on_sea = f", on {sea}" if sea else ""
        if p.kind == "capital":
            # only what "capital" itself says: several countries keep their government, their
            # parliament or their courts elsewhere (The Hague, Pretoria and Cape Town, La Paz)
            capital_of = f"one of the capitals of {c}" if f.get("shared_capital") else f"the capital of {c}"
            opts = [f"Ubi is {n}, {capital_of}?", f"Ubi does {c} keep its capital, {n}?" if not f.get("shared_capital")
                    else f"Ubi does {c} keep one of its capitals, {n}?",
                    f"Ubi is the capital city {n}, in {c}?", f"Ubi would you find {n}, {capital_of}?",
                    f"Ubi do some {pop} people live in {n}, {capital_of}?",
                    f"Ubi is {n}, {capital_of}, on {sea}?" if sea else None]
            return pick(rng, opts), f"{n}, {capital_of}, home to about {pop} people{on_sea}."
        prov = f.get("province")
        big = f["pop"] >= 3_000_000
        opts = [f"Ubi is {n}, a city of about {pop} in {c}?", f"Ubi in {c} would you find {n}?",
                f"Ubi do about {pop} people in {c} call {n} home?", f"Ubi is {n}, one of the cities of {c}?",
                f"Ubi would a traveller through {c} come to {n}?", f"Ubi is the city of {n}, in {c}?",
                f"Ubi is {n}, capital of {prov} in {c}?" if prov else None,
                f"Ubi does {n} look out over {sea}?" if sea else None,
                f"Ubi is {n}, a city of {c} on {sea}?" if sea else None,
                f"Ubi do more than {int(f['pop'] // 1_000_000)} million people crowd into {n}?" if big else None,
                f"Ubi is the great city of {n}?" if big else None]
        extra = f", capital of {prov}" if prov else ""
        return pick(rng, opts), f"{n}, a city of about {pop} people in {c}{extra}{on_sea}."
    if p.kind in ("peak", "volcano"):
        e = fmt_int(f["elev"])
        note = f.get("note") or ""
        top = None
        m = re.match(r"Highest point in (.+)", note) or re.match(r"(.+) High Point", note)
        if m:
            top = m.group(1).replace("S. America", "South America").replace("N. America", "North America")
            top = "the world" if note == "Worlds highest point" else top
        if note == "Worlds highest point":
            top = "the world"
        if p.kind == "volcano":
            opts = [f"Ubi does the volcano {n} rise {e} m?", f"Ubi is {n}, a volcano {e} m high{in_c}?",
                    f"Ubi would you climb the volcanic cone of {n}?", f"Ubi does fire sleep beneath {n}{', in ' + c if c else ''}?",
                    f"Ubi might {n} rumble into life again?"]
            return pick(rng, opts), f"{n}, a volcano {e} m high{in_c}."
        opts = [f"Ubi does {n} rise to {e} m?", f"Ubi would climbers stand on top of {n}, {e} metres up?",
                f"Ubi is the summit of {n}{in_c}?", f"Ubi does {n} tower over {c}?" if c else None,
                f"Ubi is {n}, a peak of {e} m{in_c}?", f"Ubi would a mountaineer plant a flag on {n}?",
                f"Ubi is {n}, the highest point of {top}?" if top else None]
        tail = f"; the highest point of {top}" if top else ""
        return pick(rng, opts), f"{n}, {e} m high{in_c}{tail}."
    if p.kind == "depression":
        e = fmt_int(abs(f["elev"]))
        opts = [f"Ubi does the land sink {e} m below sea level at {n}?", f"Ubi is {n}, {e} m below the level of the sea?",
                f"Ubi would you walk down into {n}{in_c}?"]
        return pick(rng, opts), f"{n}{in_c}, {e} m below sea level."
    if p.kind == "island":
        isl = island_phrase(n)
        km2 = f.get("km2")
        of_c = f", part of {c}" if c else ""
        cc = cs[0] if cs else c
        opts = [f"Ubi is {isl}{', part of ' + cc if cc else ''}?", f"Ubi would a castaway wash up on {isl}?",
                f"Ubi does {isl} rise out of {sea}?" if sea else None,
                f"Ubi would a ferry take you to {isl}?", f"Ubi is {n}, an island{' of ' + cc if cc else ''}?",
                f"Ubi is {isl}, some {fmt_area(km2)} of land in the sea?" if km2 else None]
        where = f" of {cc}" if cc else ""
        if cc and ascii_key(cc.removeprefix("the ")) == ascii_key(n):
            where = ", a country of its own"
        return pick(rng, opts), f"{n}, an island{where}{', in ' + sea if sea else ''}{', about ' + fmt_area(km2) if km2 else ''}."
    if p.kind == "islands":
        g = the(n)
        opts = [f"Ubi would you sail among {g}?", f"Ubi is the island group {n}?", f"Ubi are {g} scattered over the sea?",
                f"Ubi would an island-hopper land on {g}?"]
        return pick(rng, opts), f"{cap(g)}, a group of islands{' of ' + join(cs[:3]) if cs else ''}."
    if p.kind == "cape":
        opts = [f"Ubi would a sailor round {n}{', off ' + c if c else ''}?", f"Ubi does {n} reach out into {sea}?" if sea else None,
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
        opts = [f"Ubi is {g}?", f"Ubi is the {word} called {n}?", f"Ubi would you find {g}{', in ' + c1 if c1 else ''}?"]
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
        size = fmt_area(f["km2"])
        opts = [f"Ubi is {w}?"]
        if p.kind == "sea":
            opts += [f"Ubi do the waves of {w} wash {join(cs[:2])}?" if cs else None,
                     f"Ubi would a sailor cross {w}?", f"Ubi does {w} spread over some {size}?",
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
                     f"Ubi is {w}, some {size} of water?"]
        word = {"sea": "a sea", "gulf": "a gulf", "bay": "a bay", "strait": "a strait", "fjord": "a fjord", "lagoon": "a lagoon"}[p.kind]
        where = f" by {shores}" if cs else ""
        return pick(rng, opts), f"{cap(w)}, {word}{where}, about {size}."
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
        return pick(rng, opts), f"The source of {r}{', in ' + sc if sc else ''}{'; it flows to ' + into_w if into_w else ''}."
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
    return world, expert.key if expert else None, epairs, (fair, efair)


def build(folder: Path) -> dict:
    """The whole bank as a JSON-able dict."""
    for sheet in grid.SHEETS.values():
        INDEX[sheet.key] = SheetIndex(sheet)
    places, known = gather(folder)
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
    for zi, zone in enumerate(ZONES):
        real = choose(usable, zone, CARDS - HERRINGS_PER_ZONE[zi])
        rows = []
        for p in real:
            if len(rows) == CARDS - HERRINGS_PER_ZONE[zi]:
                break
            opts, ex = texts(p, rng)
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="?", default=str(ROOT.parent / "shared" / "data" / "naturalearth"))
    ap.add_argument("--out", default=str(ROOT / "game" / "games" / "ubi" / "cards.json"))
    args = ap.parse_args(argv)
    bank = build(Path(args.data))
    text = json.dumps(bank, ensure_ascii=False, separators=(",", ":"))
    Path(args.out).write_text(text + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {len(text.encode()):,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
