"""Tokaido's scoring, as pure functions of the travellers' records (TOK-32 .. TOK-43, TOK-53,
TOK-55, TOK-65).

The running score is worked out from what each traveller holds, so the breakdown and the score
track always agree. While the journey goes on, it uses only what everyone may see (the meals
by their count; Nampo's extra points are kept as they are scored); the temple ranking, the end
achievements and the calligraphies count once everyone has reached the end.

A record is a traveller's dict of the state or of a view: every function here reads public
keys only, but `meals_eaten` also accepts a view's record, where others' meals are counts.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from .data import (ACHIEVEMENT_POINTS, BATH_HOUSE_POINTS, CHERRY_TREE_POINTS, FAMILIES, FIRST_EDITION,
                   LATER_EDITION, LEGENDARY, LEGENDARY_COUNTERS, LEGENDARY_FAMILY, MEAL_POINTS, MEALS, PANORAMAS,
                   SECTIONS, SOUVENIRS, TEMPLE_OTHER_DONOR, TEMPLE_PRIZES)
from .powers import power

Record = dict[str, Any]

BREAKDOWN_ROWS = ("Souvenirs", "Panoramas", "Hot springs", "Temple offerings", "Encounters", "Meals",
                  "Achievements", "Temple ranking", "Crossroads", "Calligraphy", "Traveller")
CROSSROADS_ROWS = ("Crossroads", "Calligraphy")


def souvenir_points(record: Record, edition: str = FIRST_EDITION) -> int:
    """Sets of different families score 1, 3, 5, 7 (and 9 with a fifth family); Shodo and Emaki
    a point per other item (TOK-55, TOK-66), the swords their points (TOK-32, TOK-55)."""
    counts = {f: 0 for f in FAMILIES}
    for c in record["souvenirs"]:
        counts[SOUVENIRS[c].family] += 1
    legendary = record["legendary"]
    fifth = sum(1 for k in legendary if k in LEGENDARY_FAMILY)
    total = set_points(list(counts.values()) + ([fifth] if fifth else []))
    total += sum(counter_points(record, place, edition) for place, k in enumerate(legendary)
                 if k in LEGENDARY_COUNTERS)
    total += sum(LEGENDARY[k].points for k in legendary)
    return total


def set_points(counts: Sequence[int]) -> int:
    """The sets' points of `counts` cards in each family: the k-th card of each set scores 1, 3,
    5 ... (the square of the number of families holding k cards or more, summed over k)."""
    return sum(sum(1 for v in counts if v >= k) ** 2 for k in range(1, max(counts, default=0) + 1))


def counter_points(record: Record, place: int, edition: str) -> int:
    """What the Shodo or Emaki at `place` in the traveller's legendary objects (kept in the order
    bought) scores: a point per souvenir or legendary object held when it was bought, and a point
    per souvenir gained later; in the later edition also per legendary object gained later
    (TOK-55, TOK-66). Every souvenir counts either way, so only the objects' order matters."""
    others = len(record["legendary"]) - 1 if edition == LATER_EDITION else place
    return len(record["souvenirs"]) + others

def panorama_points(record: Record) -> int:
    """Part n of a panorama scores n (TOK-33)."""
    return sum(n * (n + 1) // 2 for n in record["panoramas"].values())


def meals_eaten(record: Record) -> int:
    """Meals eaten, at inns and from the cook (a view's record of another seat holds counts)."""
    if record.get("meals") is None:
        return record["meals_count"] + record["cook_meals_count"]
    return len(record["meals"]) + len(record["cook_meals"])


def meal_points(record: Record) -> int:
    """Every meal scores the same (TOK-37)."""
    return MEAL_POINTS * meals_eaten(record)


def temple_ranking(amounts: Sequence[int]) -> list[int]:
    """10, 7, 4 to the three biggest offerings, 2 to every other donor; ties share a rank and the
    next amount takes the next prize (TOK-40)."""
    distinct = sorted({a for a in amounts if a > 0}, reverse=True)
    prize = {a: (TEMPLE_PRIZES[i] if i < len(TEMPLE_PRIZES) else TEMPLE_OTHER_DONOR) for i, a in enumerate(distinct)}
    return [prize.get(a, 0) for a in amounts]


def end_achievements(players: Sequence[Record], num_players: int) -> list[list[str]]:
    """Gourmet, Collector, Bather, Chatterbox for every player tied for the most; nobody if the
    most is none (TOK-41, TOK-65, TOK-71). Needs everyone's meals: for the end of the journey."""
    measures = {
        "gourmet": [sum(MEALS[m].price for m in p["meals"] + p["cook_meals"]) for p in players],
        "collector": [len(p["souvenirs"]) + len(p["legendary"]) for p in players],
        "bather": [len(p["hot_springs"]) + p["bath"] for p in players],
        "chatterbox": [len(p["encounters"]) + len(p["calligraphy"]) for p in players],
    }
    won: list[list[str]] = [[] for _ in players]
    for name, values in measures.items():
        best = max(values[:num_players])             # the neutral traveller takes none (TOK-69)
        if best <= 0:
            continue
        for seat in range(num_players):
            if values[seat] == best:
                won[seat].append(name)
    return won


def patience_points(edo_rank: int, pieces: int, edition: str) -> int:
    """Patience: 6 for the last traveller into the last inn, else 2; the later edition gives 4 to
    the one before the last (TOK-53, TOK-66)."""
    if edo_rank == pieces:
        return 6
    return 4 if edition == LATER_EDITION and edo_rank == pieces - 1 else 2


def calligraphy_points(record: Record, achievements: int, pieces: int, edition: str = FIRST_EDITION) -> int:
    """The calligraphies score at the end (TOK-53)."""
    points = 0
    for card in record["calligraphy"]:
        if card == "foresight":
            points += 2 * record["coins"]
        elif card == "contemplation":
            points += 3 * sum(1 for k in PANORAMAS if record["panoramas"][k] >= SECTIONS[k]) + record["cherry"]
        elif card == "nostalgia":
            points += 2 * len(record["legendary"]) + len(record["souvenirs"])
        elif card == "patience":
            points += patience_points(record["edo_rank"], pieces, edition)
        elif card == "perfection":
            points += 2 * achievements + len(record["calligraphy"])
        elif card == "fasting":
            points += 3 * (4 - record["inn_meals"])
    return points


def traveller_points(record: Record, achievements: int) -> int:
    """What a traveller's power scores on top (TOK-31, TOK-45, TOK-79)."""
    p = power(record["traveller"])
    points = record["meal_bonus"]                    # Nampo's prices, kept as he eats
    if p.point_per_spring_and_achievement:
        points += len(record["hot_springs"]) + record["bath"] + achievements
    return points


def breakdown(players: Sequence[Record], num_players: int, pieces: int, *, over: bool,
              crossroads: bool, edition: str = FIRST_EDITION) -> list[tuple[str, list[int]]]:
    """Points per category and seat. While the journey goes on, from what everyone may see."""
    ends = end_achievements(players, num_players) if over else [[] for _ in players]
    temple = temple_ranking([p["temple"] for p in players]) if over else [0] * len(players)
    rows: dict[str, list[int]] = {name: [] for name in BREAKDOWN_ROWS}
    for s in range(num_players):
        p = players[s]
        achievements = len(p["achievements"]) + len(ends[s])
        rows["Souvenirs"].append(souvenir_points(p, edition))
        rows["Panoramas"].append(panorama_points(p))
        rows["Hot springs"].append(sum(p["hot_springs"]))
        rows["Temple offerings"].append(p["temple"])
        rows["Encounters"].append(p["bonus"])
        rows["Meals"].append(meal_points(p))
        rows["Achievements"].append(ACHIEVEMENT_POINTS * achievements)
        rows["Temple ranking"].append(temple[s])
        rows["Crossroads"].append(CHERRY_TREE_POINTS * p["cherry"] + BATH_HOUSE_POINTS * p["bath"])
        rows["Calligraphy"].append(calligraphy_points(p, achievements, pieces, edition) if over else 0)
        rows["Traveller"].append(traveller_points(p, achievements))
    return [(k, v) for k, v in rows.items() if crossroads or k not in CROSSROADS_ROWS]


def achievement_count(players: Sequence[Record], num_players: int, seat: int, *, over: bool) -> int:
    """Achievement cards held: the tie-break (TOK-42)."""
    ends = end_achievements(players, num_players)[seat] if over else []
    return len(players[seat]["achievements"]) + len(ends)
