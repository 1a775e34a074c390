"""The audit of Ubi's question bank: every class of fault a geography player would catch,
checked by rules over the whole bank rather than by hand.

    python build_scripts/ubi_audit.py [DATA_FOLDER] [--cards game/games/ubi/cards.json]

`text_faults` needs only the bank (the tests run it on every commit); `data_faults` reads the
data the bank was built from (Natural Earth and GeoNames) and checks each stated fact against
it again, in ways independent of how the builder worked it out. build_scripts/ubi_cards.py
runs both and refuses to write a bank with any fault; `counts` gives the figures it prints.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

FIELDS = ("text", "place", "kind", "lat", "lon", "world", "expert", "explanation", "fame", "flags")
HERRING = 1

#: abbreviations a card may keep (a saint's town); any other word cut short with a full stop
#: is a data label left unexpanded ("Pk.", "S.", "Cord.")
KEPT_ABBREVIATIONS = {"St."}
#: the short forms the data's labels use, anywhere in a text (at its end too)
LABEL_SHORTS = re.compile(r"\b(?:Pk|Mt|Mts|Mtn|Ra|Pen|Plat|Is|Sd|Cord|Arch|Mte|Pta|Pto|Pt|Gt|Sta|Sto|Ft|Cd|"
                          r"Nat|Res|Vdkhr|Oz|[NSEWICLR])\.")
#: letters that show text decoded with the wrong encoding ("HuÃ¡", "Ä\x91")
MOJIBAKE = re.compile("[ÃÂÄÅÆÐ][\u0080-\u00bf]|\ufffd|\\?[a-z]|[a-z]\\?[a-z]")
#: misspellings found in the data's labels
MISSPELT = re.compile(r"\b(Isands|Mountians|Islnd)\b")


def fold(text: str) -> str:
    """A name folded for comparison: no accents, no case, letters only."""
    text = unicodedata.normalize("NFKD", text)
    return re.sub(r"[^a-z]", "", text.encode("ascii", "ignore").decode().lower())


def rows(bank: dict) -> list[tuple[int, str, dict[str, Any]]]:
    """(card index, zone, the Ubi as a dict) for every Ubi of the bank."""
    out = []
    for index, card in enumerate(bank["cards"]):
        for zone, row in zip(bank["zones"], card):
            out.append((index, zone, dict(zip(FIELDS, row))))
    return out


#: a question that says which of two places of one name it means: it names a country, a sea or
#: a province ("in Colombia", "of Spain", "by the Black Sea", "off Chile", "Springfield, Illinois")
SAYS_WHICH = re.compile(r"\b(in|of|by|across|off|over|on|into|through) (the )?[A-Z]")


def word_faults(text: str) -> list[str]:
    """What is wrong with a card's words as words: invisible or control characters, stray
    marks, a word cut short, a misspelling, mojibake, doubled spaces or punctuation."""
    faults = []
    if any(unicodedata.category(ch) in ("Cf", "Cc", "Co", "Cs") for ch in text):
        faults.append("invisible character")
    if "`" in text or "´" in text:
        faults.append("stray accent mark")
    for word in re.findall(r"\b[A-Za-z]{1,4}\.(?=[ ,?)])", text) + LABEL_SHORTS.findall(text):
        if word not in KEPT_ABBREVIATIONS:
            faults.append(f"abbreviation {word!r}")
    if MISSPELT.search(text):
        faults.append("misspelt")
    body = text.rstrip("?.")
    if MOJIBAKE.search(body) or "?" in body:
        faults.append("mojibake or a question mark for a letter")
    if "  " in text or re.search(r"[,.;:]{2,}|\s[,.;:?]", text):
        faults.append("doubled space or punctuation")
    return faults


def text_faults(bank: dict) -> dict[str, list[str]]:
    """The bank's faults in its words, by class: every Ubi's question, place and explanation
    read as clean words; a place asked once; a question asks ("Ubi ...?"); an island group
    asked as a group has a plural name."""
    faults: dict[str, list[str]] = defaultdict(list)
    seen: dict[tuple[str, str], tuple[str, float, float]] = {}
    namesakes: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for index, zone, u in rows(bank):
        where = f"card {index} {zone} {u['place']}"
        for field in ("text", "place", "explanation"):
            for fault in word_faults(u[field]):
                faults["text that is not clean words"].append(f"{where}: {field}: {fault}")
        if not (u["text"].startswith("Ubi ") and u["text"].endswith("?")):
            faults["text that is not clean words"].append(f"{where}: not a question")
        key = (u["kind"], u["place"])
        if not u["flags"] & HERRING and key in seen:
            other, lat, lon = seen[key]
            if abs(lat - u["lat"]) < 0.5 and abs(lon - u["lon"]) < 0.5:
                faults["a place asked twice"].append(f"{where} and {other}")
        seen.setdefault(key, (where, u["lat"], u["lon"]))
        if not u["flags"] & HERRING:
            namesakes[fold(u["place"])].append((where, u["text"], (u["lat"], u["lon"])))
    for found in namesakes.values():
        spots = {(round(lat), round(lon)) for _, _, (lat, lon) in found}
        if len(spots) > 1:   # two places of one name: each question says which (its country)
            for where, question, _ in found:
                if not re.search(SAYS_WHICH, question):
                    faults["a name two Ubis share, asked without saying which"].append(f"{where}: {question}")
    return dict(faults)


def counts(bank: dict) -> dict[str, int]:
    """How many Ubis of each kind the audit looked at."""
    out: dict[str, int] = defaultdict(int)
    for _, _, u in rows(bank):
        out["herring" if u["flags"] & HERRING else u["kind"]] += 1
    return dict(sorted(out.items()))


# ---- against the data -------------------------------------------------------------------------------

def data_faults(bank: dict, folder: Path, builder: Any = None) -> dict[str, list[str]]:
    """The bank's stated facts checked against the data again:

    - a capital: the city is marked a capital of its country by Natural Earth and named its
      country's capital by GeoNames ("one of the capitals": Natural Earth marks several, and
      GeoNames names one of them);
    - a point inside what it claims: a city or a peak in the country its words name (or within
      the border's reach), an island on land, a sea or lake Ubi's point in its water;
    - an area accepting its extent: every hexagon holding a point well inside the place's
      outline is accepted;
    - a city whose name another place of its country shares (GeoNames, 15,000 people or more)
      is asked with its province;
    - every accepted hexagon shows its number on the board.

    `builder`: the ubi_cards module to read the data with (by default, imported).
    """
    # the builder module the bank came from (when the builder runs as a script, its own
    # module: the data it gathered and GeoNames are loaded once, not again here)
    B = builder
    if B is None:
        import ubi_cards as B
    from shapely.geometry import Point

    from game.games.ubi import grid
    faults: dict[str, list[str]] = defaultdict(list)
    geonames = B.GeoNames.get()
    countries = B.Countries(folder)
    by_name = {c.name: c for c in countries.items}
    land = B.Land(folder)
    places, _ = B.gather(folder)
    extent = {(p.kind, p.name): p.geom for p in places if p.geom is not None}
    unprinted = B.unprinted_hexagons()
    ne = [f["properties"] for f in B.load(folder, "ne_10m_populated_places_simple")]
    named_like: dict[str, list[dict]] = defaultdict(list)
    in_country: dict[str, list[dict]] = defaultdict(list)
    for g in geonames.cities.values():
        named_like[B.ascii_key(g["name"])].append(g)
        in_country[g["countrycode"]].append(g)
    marks: dict[str, list[dict]] = defaultdict(list)
    for p in ne:
        if p["adm0cap"] == 1 or p["capalt"] == 1:
            marks[B.ascii_key(B.clean(p["name"]))].append(p)
    for index, zone, u in rows(bank):
        if u["flags"] & HERRING:
            continue
        where = f"card {index} {zone} {u['place']}"
        words = u["text"] + " " + u["explanation"]
        lat, lon = u["lat"], u["lon"]
        # capitals
        if "capital of" in words and u["kind"] == "capital":
            name = B.ascii_key(u["place"].split(",")[0])
            ok = False
            for p in marks.get(name, []):
                if abs(p["latitude"] - lat) > 0.3 or abs(p["longitude"] - lon) > 0.3:
                    continue
                # GeoNames' capital of the country, by its name and every other name it has
                capital = geonames.capitals.get(p["iso_a2"], "")
                called = {fold(capital)}
                for g in in_country.get(p["iso_a2"], []):
                    names_g = {fold(g["name"])} | {fold(a) for a in g.get("alternatenames", ())}
                    if fold(capital) in names_g and \
                            B.km_between(lat, lon, g["latitude"], g["longitude"]) <= B.CITY_REACH_KM:
                        called |= names_g
                sole_ok = bool(capital) and bool({fold(p["name"]), fold(p["nameascii"] or "")} & called)
                shared = "one of the capitals" in words
                others = [q for q in ne if q["adm0_a3"] == p["adm0_a3"] and q["adm0cap"] == 1]
                ok = ok or (sole_ok and not shared) or (shared and p["adm0cap"] == 1 and len(others) > 1)
            if not ok:
                faults["a capital not marked as one"].append(where)
        elif u["kind"] == "city" and re.search(r"\bthe capital of\b", words):
            faults["a capital not marked as one"].append(where)
        elif u["kind"] == "city" and (m := re.search(r"\bcapital of ([^,.?]+?)(?: in (?:the )?[A-Z]|[,.?]|$)", words)):
            province = m.group(1)
            record = [p for p in ne if fold(B.clean(p["name"])) == fold(u["place"].split(",")[0])
                      and abs(p["latitude"] - lat) < 0.3 and abs(p["longitude"] - lon) < 0.3]
            ok = bool(record) and record[0]["featurecla"] == "Admin-1 capital" and \
                fold(B.clean(record[0]["adm1name"] or "")) == fold(province)
            if ok:
                first = record[0]
                group = [q for q in ne if q["adm0_a3"] == first["adm0_a3"] and q["adm1name"] == first["adm1name"]]
                seats = [q for q in group if q["featurecla"] == "Admin-1 capital"]
                after = [q for q in group if q is not record[0] and len(fold(q["name"])) > 3
                         and fold(q["name"]) in fold(province)]
                ok = len(seats) == 1 and not after and not B.HALF_NAME.search(province)
            if not ok:
                faults["a capital not marked as one"].append(f"{where}: capital of {province}")
        # the country the words name holds the point
        # "in Mexico", "on the border of Chile and Argentina" (not "the Gulf of Mexico", nor a
        # province "capital of Georgia"; a capital's country is checked above)
        named = [c for c in by_name if re.search(rf"\b(in|border of) {re.escape(c)}(?![-\w])", words)]
        if u["kind"] in ("city", "capital", "peak", "volcano", "depression", "waterfall") and named:
            for c in named[:1]:
                if by_name[c].geom.distance(Point(lon, lat)) > B.BORDER_REACH:
                    faults["a point outside the land or sea it claims"].append(f"{where}: not in {c}")
        if u["kind"] == "island" and land.island_at(lon, lat, reach=0.1) is None:
            faults["a point outside the land or sea it claims"].append(f"{where}: not on an island")
        # areas: every hexagon well inside the outline is accepted
        geom = extent.get((u["kind"], u["place"]))
        if geom is not None:
            accepted = {int(re.match(r"\d+", item).group()) for item in u["world"].split()}
            inner = geom.buffer(-0.1)
            missing = set()
            if not inner.is_empty:
                minx, miny, maxx, maxy = inner.bounds
                step = 0.2
                y = miny
                while y <= maxy:
                    x = minx
                    while x <= maxx:
                        if inner.contains(Point(x, y)):
                            here = grid.WORLD.locate(y, x)
                            if here and here[0] not in accepted:
                                missing.add(here[0])
                        x += step
                    y += step
            if missing:
                faults["an area accepting less than its extent"].append(f"{where}: {sorted(missing)[:5]}")
        # a shared name is asked with its province
        if u["kind"] in ("city", "capital") and "," not in u["place"]:
            here = [g for g in named_like[B.ascii_key(u["place"])]
                    if abs(g["latitude"] - lat) < 0.3 and abs(g["longitude"] - lon) < 0.3
                    and B.ascii_key(g["name"]) == B.ascii_key(u["place"])]
            if here:
                cc = here[0]["countrycode"]
                twins = [g for g in geonames.by_name[(cc, B.ascii_key(u["place"]))]
                         if g["population"] >= 15_000 and B.km_between(lat, lon, g["latitude"], g["longitude"]) > 50]
                if twins:
                    faults["a place name shared within its country without a qualifier"].append(
                        f"{where}: also {twins[0]['name']} at {twins[0]['latitude']:.1f}, {twins[0]['longitude']:.1f}")
        # every accepted hexagon has its number printed
        for sheet_key, field in (("W", u["world"]), (None, u["expert"])):
            if sheet_key is None:
                sheet_key, _, field = field.partition(":")
            for item in field.split():
                number = int(re.match(r"\d+", item).group())
                if (sheet_key, number) in unprinted:
                    faults["an answer in a hexagon with no printed number"].append(f"{where}: {sheet_key}{number}")
    return dict(faults)


def report(text: dict[str, list[str]], data: dict[str, list[str]] | None, bank: dict) -> str:
    lines = ["Ubi bank audit: " + ", ".join(f"{k} {v}" for k, v in counts(bank).items())]
    classes = ["text that is not clean words", "a place asked twice",
               "a name two Ubis share, asked without saying which",
               "a capital not marked as one", "a point outside the land or sea it claims",
               "an area accepting less than its extent",
               "a place name shared within its country without a qualifier",
               "an answer in a hexagon with no printed number"]
    for name in classes:
        found = (text.get(name) or []) + ((data or {}).get(name) or [])
        checked = "" if data is not None or name in text or name in classes[:3] else " (not checked: no data)"
        lines.append(f"  {name}: {len(found)}{checked}")
        lines += [f"    {f}" for f in found[:10]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="?", default=str(ROOT.parent / "shared" / "data" / "naturalearth"))
    ap.add_argument("--cards", default=str(ROOT / "game" / "games" / "ubi" / "cards.json"))
    args = ap.parse_args(argv)
    bank = json.loads(Path(args.cards).read_text(encoding="utf-8"))
    text = text_faults(bank)
    data = data_faults(bank, Path(args.data))
    print(report(text, data, bank))
    return 1 if any(text.values()) or any(data.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
