"""Build the atlas Ubi's bots remember the world from, from Natural Earth data.

    python build_scripts/ubi_atlas.py [DATA_FOLDER] [--out game/games/ubi/atlas.json]

The atlas is not the question bank. It holds every candidate place that
`build_scripts/ubi_cards.py` gathers (several thousand cities, capitals, peaks, islands, seas,
lakes, river mouths and sources, far more than the bank asks about) and no invented place: the
bank's red herrings are made up after gathering, so they are not in it. Each place keeps only
what a bot needs to remember it: its name, kind, position, fame, zone and the countries it lies
in (a city also its rough population and province, an area its rough size). Beside the places
it lists the countries of Natural Earth's `ne_50m_admin_0_countries` with a point well inside
each and a rough size, so that a bot that has never heard of a place can still guess near the
country the Ubi's words name.

Reads the gzipped GeoJSON in DATA_FOLDER (default ../shared/data/naturalearth) and writes compact
JSON; the same data gives the same bytes. Build time only (shapely, through ubi_cards).
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from ubi_cards import ZONES, Countries, Place, gather, interior, write_compact  # noqa: E402

FORMAT, VERSION = "ubi-atlas", 1
PLACE_FIELDS = ["name", "kind", "lat", "lon", "fame", "zone", "countries", "size", "pop", "province"]
COUNTRY_FIELDS = ["name", "lat", "lon", "size"]


def rough_radius(geom) -> float:
    """The radius, in degrees of latitude, of a circle as large as an area (lon/lat geometry)."""
    if geom is None or geom.is_empty:
        return 0.0
    middle = geom.representative_point()
    area = geom.area * math.cos(math.radians(middle.y))
    return math.sqrt(area / math.pi)


def two_figures(n: float) -> int:
    """A count rounded to two significant figures (a population as people remember it)."""
    if n <= 0:
        return 0
    digits = int(math.floor(math.log10(n))) - 1
    return int(round(n, -digits)) if digits > 0 else int(round(n))


def place_countries(p: Place) -> list[str]:
    """The countries a place lies in or touches, as the facts name them (a peak on a border
    names both sides; a river's mouth and source each their own country)."""
    f = p.facts
    names: list[str] = []
    if f.get("country"):
        names.append(f["country"])
    for key in ("countries", "border"):
        names += [c for c in f.get(key) or [] if c]
    if p.kind == "mouth" and f.get("mouth_country"):
        names.append(f["mouth_country"])
    if p.kind == "source" and f.get("source_country"):
        names.append(f["source_country"])
    return list(dict.fromkeys(names))


def country_rows(countries: Countries) -> list[list]:
    """[name, lat, lon, size] of every country: a point inside its largest part and the radius
    of a circle as large as the whole country (overseas parts included), sorted by name."""
    by_name: dict[str, list] = {}
    for c in countries.items:
        lat, lon = interior(c.geom)
        row = [c.name, round(lat, 2), round(lon, 2), round(rough_radius(c.geom), 2)]
        if c.name not in by_name or row[3] > by_name[c.name][3]:
            by_name[c.name] = row
    return [by_name[name] for name in sorted(by_name)]


def place_row(p: Place, kinds: list[str], country_index: dict[str, int]) -> list:
    """One place as a compact row; the optional tail (size, pop, province) is cut where empty."""
    row: list = [p.name, kinds.index(p.kind), round(p.lat, 4), round(p.lon, 4), round(p.fame, 2),
                 ZONES.index(p.zone), [country_index[c] for c in place_countries(p) if c in country_index]]
    pop = p.facts.get("pop") if p.kind in ("city", "capital") else None
    tail: list = [round(rough_radius(p.geom), 1) if p.geom is not None else 0,
                  two_figures(pop / 1000) if pop else 0, p.facts.get("province") or ""]
    while tail and not tail[-1]:
        tail.pop()
    return row + tail


def build(folder: Path) -> dict:
    """The whole atlas as a JSON-able dict."""
    places, _ = gather(folder)
    countries = country_rows(Countries(folder))
    country_index = {row[0]: i for i, row in enumerate(countries)}
    kinds = sorted({p.kind for p in places})
    places = sorted(places, key=lambda p: (p.name, p.kind, round(p.lat, 4), round(p.lon, 4)))
    return {"format": FORMAT, "version": VERSION, "zones": list(ZONES), "kinds": kinds,
            "country_fields": COUNTRY_FIELDS, "countries": countries,
            "place_fields": PLACE_FIELDS,
            "places": [place_row(p, kinds, country_index) for p in places]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="?", default=str(ROOT.parent / "shared" / "data" / "naturalearth"))
    ap.add_argument("--out", default=str(ROOT / "game" / "games" / "ubi" / "atlas.json"))
    args = ap.parse_args(argv)
    atlas = build(Path(args.data))
    size = write_compact(Path(args.out), atlas)
    print(f"wrote {args.out}: {len(atlas['places']):,} places, {len(atlas['countries'])} countries, "
          f"{size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
