"""Tokaido's components as data: the decks, the travellers and the words, read from cards.toml,
and the road, read from the board (maps/tokaido.tmx). No rules here, and no pygame.

Rule clause ids (TOK-n) refer to seeds/tokaido.md.
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any, NamedTuple

from game.assets import game_data

GAME_ID = "tokaido"
DATA = game_data(GAME_ID)

# ---- the kinds of stop ------------------------------------------------------------------------

INN, VILLAGE, TEMPLE, ENCOUNTER, FARM, HOTSPRING = "inn", "village", "temple", "encounter", "farm", "hotspring"
PADDY, MOUNTAIN, SEA = "paddy", "mountain", "sea"
PANORAMAS = (PADDY, MOUNTAIN, SEA)
KINDS = (INN, VILLAGE, TEMPLE, ENCOUNTER, PADDY, MOUNTAIN, SEA, HOTSPRING, FARM)
TEXTS: dict[str, dict[str, str]] = DATA["texts"]
KIND_NAMES: dict[str, str] = dict(TEXTS["kinds"])
OPTION_NAMES: dict[str, str] = dict(TEXTS["options"])
#: the traveller key of the neutral piece of a two-player game (TOK-67)
NEUTRAL = "neutral"

# ---- travellers (TOK-4, TOK-22 .. TOK-31, TOK-45, TOK-54, TOK-56) ------------------------------

TRAVELLERS: dict[str, dict[str, Any]] = {t["key"]: t for t in DATA["travellers"]}
BASE_TRAVELLERS = tuple(k for k, t in TRAVELLERS.items() if t["set"] == "base")
CROSSROADS_TRAVELLERS = tuple(k for k, t in TRAVELLERS.items() if t["set"] == "crossroads")

# ---- souvenirs, meals, encounters, hot springs, panoramas (TOK-2) -------------------------------


@dataclasses.dataclass(frozen=True)
class Souvenir:
    """One souvenir card: `ident` is its index in SOUVENIRS."""
    ident: int
    name: str
    family: str
    price: int


class Meal(NamedTuple):
    """One meal card (a card index into MEALS names it)."""
    dish: str
    price: int


class Legendary(NamedTuple):
    """A legendary object of Crossroads (TOK-55): `scores` is "counter", "family" or "points"."""
    name: str
    price: int
    scores: str
    points: int


SOUVENIRS: list[Souvenir] = [Souvenir(i, name, family["family"], price)
                             for i, (name, price, family) in enumerate(
                                 (n, p, f) for f in DATA["souvenirs"] for n, p in f["cards"])]
FAMILIES = tuple(f["family"] for f in DATA["souvenirs"])

MEALS: list[Meal] = [Meal(dish, price) for dish, price, copies in DATA["decks"]["meals"] for _ in range(copies)]

ENCOUNTERS: list[str] = [k for k, c in DATA["decks"]["encounters"] for _ in range(c)]
NEW_ENCOUNTERS: list[str] = [k for k, c in DATA["decks"]["new_encounters"] for _ in range(c)]
ENCOUNTER_NAMES: dict[str, str] = dict(TEXTS["encounters"])
#: the New Encounters that ask a coin; whoever does not pay gets nothing but the card (TOK-59)
PAID_ENCOUNTERS: dict[str, int] = dict(DATA["decks"]["encounter_fees"])
HOT_SPRINGS: list[int] = [v for v, c in DATA["decks"]["hot_springs"] for _ in range(c)]
SECTIONS: dict[str, int] = dict(DATA["decks"]["panoramas"])

# ---- what is scored, and for what ---------------------------------------------------------------

SCORING: dict[str, Any] = DATA["scoring"]
MEAL_POINTS: int = SCORING["meal_points"]
FARM_COINS: int = SCORING["farm_coins"]
ACHIEVEMENT_POINTS: int = SCORING["achievement_points"]
TEMPLE_PRIZES: tuple[int, ...] = tuple(SCORING["temple_prizes"])
TEMPLE_OTHER_DONOR: int = SCORING["temple_other_donor"]
PREPARATIONS: tuple[int, ...] = tuple(SCORING["preparations"])
END_ACHIEVEMENTS = ("gourmet", "collector", "bather", "chatterbox")

# ---- Crossroads (TOK-46 .. TOK-58) --------------------------------------------------------------

#: the rules edition of Crossroads (TOK-66): the first (the rulebook) or the later one, which
#: differ in Shodo and Emaki, Patience, and a finished panorama's stops
FIRST_EDITION, LATER_EDITION = "first", "later"

CROSS: dict[str, Any] = DATA["crossroads"]
FORTUNE_DIE: list[int] = list(CROSS["fortune_die"])
LEGENDARY: dict[str, Legendary] = {o["key"]: Legendary(o["name"], o["price"], o["scores"], o.get("points", 0))
                                   for o in CROSS["legendary"]}
LEGENDARY_FAMILY = tuple(k for k, o in LEGENDARY.items() if o.scores == "family")      # a fifth family
LEGENDARY_COUNTERS = tuple(k for k, o in LEGENDARY.items() if o.scores == "counter")   # a point per item
LEGENDARY_SWORDS = tuple(k for k, o in LEGENDARY.items() if o.scores == "points")      # fixed points
CALLIGRAPHY: tuple[str, ...] = tuple(CROSS["calligraphy"])
AMULETS: tuple[str, ...] = tuple(CROSS["amulets"])
CHERRY_TREE_POINTS: int = SCORING["cherry_tree_points"]
CHERRY_TREE_COINS: int = SCORING["cherry_tree_coins"]
BATH_HOUSE_POINTS: int = SCORING["bath_house_points"]
BATH_HOUSE_PRICE: int = SCORING["bath_house_price"]
GAMING_ROOM_BET: int = SCORING["gaming_room_bet"]
AMULET_PRICE: int = SCORING["amulet_price"]
CALLIGRAPHY_PRICE: int = SCORING["calligraphy_price"]


# ---- the road ---------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Stop:
    """One of the 55 places of the road: `pos` is printed on the board, 1 (Kyoto) .. 55 (Edo)."""
    pos: int
    kind: str
    doubled: bool
    town: str = ""


@lru_cache(maxsize=1)
def board_road() -> tuple[Stop, ...]:
    """The 55 positions of the board (maps/tokaido.tmx), Kyoto first (TOK-1)."""
    from game.assets import path
    from game.core.board import BoardError, load_board
    board = load_board(path("maps", "tokaido.tmx"))
    stops = []
    for node in board.nodes.values():
        if node.kind in KINDS:
            stops.append(Stop(int(node.props.get("pos", node.key)), node.kind, bool(node.props.get("doubled")),
                              str(node.props.get("town", ""))))
    stops.sort(key=lambda s: s.pos)
    if [s.pos for s in stops] != list(range(1, 56)):
        raise BoardError("The map tokaido.tmx must hold the 55 positions of the road.")
    return tuple(stops)


def journey(return_trip: bool) -> tuple[Stop, ...]:
    """The road in travelling order (TOK-64: the Return Trip goes from Edo to Kyoto)."""
    road = board_road()
    return tuple(reversed(road)) if return_trip else road


def next_inn_index(road: tuple[Stop, ...], index: int) -> int:
    """The road index of the first inn after `index` (nobody walks past it, TOK-7)."""
    for j in range(index + 1, len(road)):
        if road[j].kind == INN:
            return j
    return len(road) - 1


def stop_places(stop: Stop, pieces: int) -> int:
    """How many travellers a stop holds: doubled stops have a second place only with 4 or 5
    travellers on the road (TOK-8); an inn holds everyone (TOK-9)."""
    if stop.kind == INN:
        return pieces
    return 2 if stop.doubled and pieces >= 4 else 1
