"""Tokaido with Crossroads, New Encounters and the four variants, as a state machine (no pygame).

Rule clause ids (TOK-n) refer to seeds/tokaido.md. The traveller farthest behind moves;
what a stop gives is resolved as a queue of steps, some automatic, some waiting for a choice
of the seat concerned. Scores are worked out from what each traveller holds, so the breakdown
and the running score always agree.
"""
from __future__ import annotations

import dataclasses
import itertools
from functools import lru_cache
from typing import Any

from game.assets import game_data
from game.core.protocol import Action, GameState, log_to_json, seat_token, top_seats

GAME_ID = "tokaido"
DATA = game_data(GAME_ID)

INN, VILLAGE, TEMPLE, ENCOUNTER, FARM, HOTSPRING = "inn", "village", "temple", "encounter", "farm", "hotspring"
PADDY, MOUNTAIN, SEA = "paddy", "mountain", "sea"
PANORAMAS = (PADDY, MOUNTAIN, SEA)
KINDS = (INN, VILLAGE, TEMPLE, ENCOUNTER, PADDY, MOUNTAIN, SEA, HOTSPRING, FARM)
KIND_NAMES = {INN: "inn", VILLAGE: "village", TEMPLE: "temple", ENCOUNTER: "encounter", PADDY: "rice paddy",
              MOUNTAIN: "mountain", SEA: "sea", HOTSPRING: "hot spring", FARM: "farm"}
NEUTRAL = "neutral"

# ---- card data ----------------------------------------------------------------------------

TRAVELLERS: dict[str, dict[str, Any]] = {t["key"]: t for t in DATA["travellers"]}
BASE_TRAVELLERS = tuple(k for k, t in TRAVELLERS.items() if t["set"] == "base")
CROSSROADS_TRAVELLERS = tuple(k for k, t in TRAVELLERS.items() if t["set"] == "crossroads")


@dataclasses.dataclass(frozen=True)
class Souvenir:
    ident: int
    name: str
    family: str
    price: int


SOUVENIRS: list[Souvenir] = []
for _fam in DATA["souvenirs"]:
    for _name, _price in _fam["cards"]:
        SOUVENIRS.append(Souvenir(len(SOUVENIRS), _name, _fam["family"], _price))
FAMILIES = tuple(f["family"] for f in DATA["souvenirs"])

MEALS: list[tuple[str, int]] = []   # card index -> (dish, price)
for _dish, _price, _copies in DATA["decks"]["meals"]:
    MEALS.extend([(_dish, _price)] * _copies)
MEAL_POINTS = 6

ENCOUNTERS: list[str] = [k for k, c in DATA["decks"]["encounters"] for _ in range(c)]
NEW_ENCOUNTERS: list[str] = [k for k, c in DATA["decks"]["new_encounters"] for _ in range(c)]
ENCOUNTER_NAMES = {"shokunin": "Shokunin (artisan)", "annaibito_paddy": "Annaibito (guide): rice paddy",
                   "annaibito_mountain": "Annaibito (guide): mountain", "annaibito_sea": "Annaibito (guide): sea",
                   "samurai": "Samurai", "kuge": "Kuge (noble)", "miko": "Miko (priestess)",
                   "itamae": "Itamae (cook)", "kitoushi": "Kitoushi (prayer)", "saru": "Saru (monkey)",
                   "takuhatsuso": "Takuhatsuso (mendicant monk)"}
PAID_ENCOUNTERS = {"itamae": 1, "kitoushi": 1, "takuhatsuso": 1}
HOT_SPRINGS: list[int] = [v for v, c in DATA["decks"]["hot_springs"] for _ in range(c)]
SECTIONS: dict[str, int] = dict(DATA["decks"]["panoramas"])

CROSS = DATA["crossroads"]
FORTUNE_DIE: list[int] = list(CROSS["fortune_die"])
LEGENDARY: dict[str, tuple[str, int]] = {k: (name, price) for k, name, price in CROSS["legendary"]}
CALLIGRAPHY: tuple[str, ...] = tuple(CROSS["calligraphy"])
AMULETS: tuple[str, ...] = tuple(CROSS["amulets"])
LEGENDARY_FAMILY = ("buppatsu", "ema")          # a fifth souvenir family (TOK-55)
LEGENDARY_COUNTERS = ("shodo", "emaki")         # a point per other souvenir or object (TOK-55)
LEGENDARY_SWORDS = ("murasame", "masamune")     # 8 points (TOK-55)

TEMPLE_PRIZES = (10, 7, 4)                      # then 2 for every other donor (TOK-40)
ACHIEVEMENT_POINTS = 3
END_ACHIEVEMENTS = ("gourmet", "collector", "bather", "chatterbox")
PREPARATIONS = (2, 1, 0, -1, -1)                # by Kyoto slot, nearest the road first (TOK-63)


# ---- the road --------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Stop:
    pos: int          # position printed on the board, 1 (Kyoto) .. 55 (Edo)
    kind: str
    doubled: bool
    town: str = ""


@lru_cache(maxsize=1)
def board_road() -> tuple[Stop, ...]:
    """The 55 positions of the board (maps/tokaido.tmx), Kyoto first."""
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
    for j in range(index + 1, len(road)):
        if road[j].kind == INN:
            return j
    return len(road) - 1


# ---- actions --------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class ChooseTraveller(Action):
    """Keep one of the two traveller tiles dealt (TOK-4)."""
    traveller: str


@dataclasses.dataclass(frozen=True)
class Move(Action):
    """Walk to road index `index`; `slot` 1 is the second place of a doubled stop; `share`
    uses the Friendship amulet to stop where someone already stands (TOK-7, TOK-58)."""
    index: int
    slot: int = 0
    share: bool = False


@dataclasses.dataclass(frozen=True)
class Pick(Action):
    """One of a stop's choices: `what` names it, `arg` says which; `devote` sends the coins
    spent to the temple with the Devotion amulet (TOK-58)."""
    what: str
    arg: str = ""
    devote: bool = False


@dataclasses.dataclass(frozen=True)
class BuySouvenirs(Action):
    """At a village, buy these of the offered souvenirs (none is allowed) (TOK-14)."""
    cards: tuple[int, ...]
    devote: bool = False


@dataclasses.dataclass(frozen=True)
class Donate(Action):
    """At a temple, give 1-3 coins; `extra`: Hirotada adds a coin from the bank (TOK-19)."""
    coins: int
    extra: bool = False


ACTION_TYPES = (ChooseTraveller, Move, Pick, BuySouvenirs, Donate)

# Pick(what=...) values
OPTION = "option"            # arg: base | cross | both
LEGEND = "legendary"         # arg: key, or "" for none
AMULET = "amulet"
CALLI = "calligraphy"
PANORAMA = "panorama"        # arg: paddy | mountain | sea
KEEP = "keep"                # Yoshiyasu: arg = encounter kind
PAY = "pay"                  # arg: yes | no
BET = "bet"                  # Jirocho: yes | no
MEAL = "meal"                # arg: dish index in hand (str), "" for none; "free" for Satsuki's offer
USE = "use"                  # arg: amulet name, or "" to let it be
NEUTRAL_MEAL = "neutral_meal"


# ---- the state --------------------------------------------------------------------------------

def _player(traveller: str = "") -> dict[str, Any]:
    return {
        "traveller": traveller, "coins": 0, "index": 0, "slot": 0,
        "souvenirs": [], "panoramas": {p: 0 for p in PANORAMAS}, "hot_springs": [], "encounters": [],
        "meals": [], "cook_meals": [], "inn_meals": 0, "temple": 0, "achievements": [], "bonus": 0,
        "cherry": 0, "bath": 0, "legendary": [], "calligraphy": [], "amulets": [], "amulet_turn": -1,
        "amulet_fresh": [],
        "edo_rank": 0, "offer": [], "dealt": [],
    }


class TokaidoState(GameState):
    game_id = GAME_ID

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        self.seed = 0
        self.options: dict[str, Any] = {}
        from game.core.rng import Rng
        self.rng = Rng(0)
        self.pieces = num_players            # travellers on the road (+1 neutral with 2 players)
        self.players: list[dict[str, Any]] = []
        self.road: tuple[Stop, ...] = ()
        self.inns: dict[int, list[int]] = {}  # road index -> travellers in arrival order
        self.meal_hand: list[int] = []         # meal cards (indices into MEALS) at the current inn
        self.meal_inn = -1
        self.souvenir_deck: list[int] = []
        self.encounter_deck: list[str] = []
        self.hot_spring_deck: list[int] = []
        self.meal_deck: list[int] = []
        self.cherry_left = 0
        self.bath_left = 0
        self.legendary_pool: list[str] = []
        self.calligraphy_pool: list[str] = []
        self.amulet_pool: list[str] = []
        self.panorama_firsts: dict[str, int] = {}
        self.queue: list[list[Any]] = []      # steps still to resolve: [kind, piece, ...]
        self.phase = "travellers"
        self.turn = 0
        self.edo_arrivals = 0
        self.village_offer: list[int] = []
        self.last_move: list[int] = []         # [piece, from index, to index]

    # ---- options --------------------------------------------------------------------------
    def opt(self, key: str) -> bool:
        return bool(self.options.get(key, False))

    @property
    def crossroads(self) -> bool:
        return self.opt("crossroads")

    def has_neutral(self) -> bool:
        return self.pieces > self.num_players

    # ---- setup (TOK-1 .. TOK-6, TOK-60 .. TOK-66) ---------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, Any]) -> "TokaidoState":
        from game.core.rng import Rng
        state = cls(num_players)
        state.seed = seed
        state.options = dict(options)
        rng = state.rng = Rng(seed)
        state.road = journey(state.opt("return_trip"))
        state.pieces = 3 if num_players == 2 else num_players          # TOK-67
        state.players = [_player() for _ in range(state.pieces)]
        if state.has_neutral():
            state.players[-1]["traveller"] = NEUTRAL
        state.souvenir_deck = list(range(len(SOUVENIRS)))
        rng.shuffle(state.souvenir_deck)
        state.encounter_deck = list(ENCOUNTERS) + (list(NEW_ENCOUNTERS) if state.opt("new_encounters") else [])
        rng.shuffle(state.encounter_deck)
        state.hot_spring_deck = list(HOT_SPRINGS)
        rng.shuffle(state.hot_spring_deck)
        state.meal_deck = list(range(len(MEALS)))
        rng.shuffle(state.meal_deck)
        if state.crossroads:                                            # TOK-46
            state.cherry_left = int(CROSS["cherry_trees"])
            state.bath_left = int(CROSS["bath_houses"])
            state.legendary_pool = list(LEGENDARY)
            state.calligraphy_pool = list(CALLIGRAPHY)
            state.amulet_pool = list(AMULETS)
        order = list(range(state.pieces))                                # TOK-5: random Kyoto order
        rng.shuffle(order)
        state.inns = {0: order}
        if state.opt("initiation"):                                     # TOK-61
            for p in state.players[:num_players]:
                p["traveller"] = ""
                p["coins"] = 7
            state._start_journey()
        else:
            pool = list(BASE_TRAVELLERS) + (list(CROSSROADS_TRAVELLERS) if state.crossroads else [])
            rng.shuffle(pool)
            for seat in range(num_players):                             # TOK-4
                state.players[seat]["dealt"] = sorted(pool[2 * seat: 2 * seat + 2])
            state.phase = "travellers"
            state.turn = 0
            state.note("Each traveller is dealt two tiles and keeps one.")
        return state

    def _start_journey(self) -> None:
        order = self.inns[0]
        if self.opt("preparations"):                                    # TOK-63
            for slot, piece in enumerate(order):
                if piece < self.num_players:
                    self.players[piece]["coins"] = max(0, self.players[piece]["coins"] + PREPARATIONS[slot])
        self.phase = "play"
        names = ", ".join(self.piece_name(p) for p in reversed(order))
        self.note(f"The travellers leave {self.road[0].town or 'the first inn'} in this order: {names}.")
        self.reveal()

    def piece_name(self, piece: int) -> str:
        if piece >= self.num_players:
            return "the neutral traveller"
        return seat_token(piece)

    # ---- whose turn ---------------------------------------------------------------------------
    def mover(self) -> int:
        """The traveller farthest behind; on a shared place the later arrival (TOK-6)."""
        return min(range(self.pieces), key=self._road_place)

    def leader(self) -> int:
        """The player in the lead on the road (farthest along; on a shared place the earlier
        arrival) moves the neutral traveller (TOK-67, TOK-68)."""
        return max(range(self.num_players), key=lambda s: self._road_place(s))

    def _road_place(self, piece: int) -> tuple[int, int]:
        """How far along the road a traveller is: its stop, then its arrival there (earlier is
        ahead)."""
        p = self.players[piece]
        index = p["index"]
        if self.road[index].kind == INN:
            order = self.inns.get(index, [])
            arrival = order.index(piece) if piece in order else 0
        else:
            arrival = p["slot"]
        return (index, -arrival)

    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "travellers":
            return self.turn
        if self.queue:
            piece = self.queue[0][1]
            return self.leader() if piece >= self.num_players else piece
        piece = self.mover()
        return self.leader() if piece >= self.num_players else piece

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def acting_piece(self) -> int:
        return self.queue[0][1] if self.queue else self.mover()

    # ---- legal actions ----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.phase == "travellers":
            return [ChooseTraveller(t) for t in self.players[self.turn]["dealt"]]
        if not self.queue:
            return self._moves(self.mover())
        step = self.queue[0]
        return self._step_actions(step)

    def _moves(self, piece: int) -> list[Action]:
        p = self.players[piece]
        start = p["index"]
        last = next_inn_index(self.road, start)
        moves: list[Action] = []
        friendship = self._has_amulet(piece, "friendship")
        for j in range(start + 1, last + 1):
            stop = self.road[j]
            if not self._may_stop(piece, stop):
                continue
            if stop.kind == INN:
                moves.append(Move(j, 0))
                continue
            slot = self._free_slot(j)
            if slot is not None:
                moves.append(Move(j, slot))
            elif friendship and self._slots(j) == 1:                    # TOK-58 (Friendship): a single place
                moves.append(Move(j, self._slots(j), True))   # a place after the others: the later arrival
        if piece < self.num_players and self._has_amulet(piece, "fortune"):
            moves.append(Pick(USE, "fortune"))
        return moves

    def _slots(self, index: int) -> int:
        """Places at a stop: doubled stops have two with 4 or 5 travellers (TOK-8)."""
        return 2 if self.road[index].doubled and self.pieces >= 4 else 1

    def _occupants(self, index: int) -> list[int]:
        return [i for i, p in enumerate(self.players) if p["index"] == index]

    def _free_slot(self, index: int) -> int | None:
        taken = {self.players[i]["slot"] for i in self._occupants(index)}
        for slot in range(self._slots(index)):
            if slot not in taken:
                return slot               # the road place first, then the side one (TOK-8)
        return None

    def _may_stop(self, piece: int, stop: Stop) -> bool:
        p = self.players[piece]
        if piece >= self.num_players:
            return True                   # the neutral traveller may stop anywhere free
        if stop.kind in (VILLAGE, TEMPLE) and p["coins"] < 1:           # TOK-10
            return False
        if stop.kind in PANORAMAS and p["panoramas"][stop.kind] >= SECTIONS[stop.kind]:   # TOK-11
            return self.crossroads and self.cherry_left > 0             # TOK-48
        return True

    def _has_amulet(self, piece: int, name: str) -> bool:
        if piece >= self.num_players:
            return False
        p = self.players[piece]
        fresh = p["amulet_turn"] == self.turn and name in p["amulet_fresh"]
        return name in p["amulets"] and not fresh                       # TOK-57: not the turn it was bought

    def _step_actions(self, step: list[Any]) -> list[Action]:
        kind, piece = step[0], step[1]
        p = self.players[piece]
        devotion = self._has_amulet(piece, "devotion")
        if kind == "move":
            return self._moves(piece)
        if kind == OPTION:
            return [Pick(OPTION, o) for o in step[2]]
        if kind == "village":
            return self._souvenir_buys(piece, devotion)
        if kind == "donate":
            top = min(3, p["coins"])
            extra = [False, True] if p["traveller"] == "hirotada" else [False]
            return [Donate(c, e) for c in range(1, top + 1) for e in extra]
        if kind == LEGEND:
            return [Pick(LEGEND, k, d) for k in self.legendary_pool if LEGENDARY[k][1] <= p["coins"]
                    for d in ([False, True] if devotion else [False])]
        if kind in (AMULET, CALLI):
            pool = self.amulet_pool if kind == AMULET else self.calligraphy_pool
            return [Pick(kind, k, d) for k in pool for d in ([False, True] if devotion else [False])] \
                if p["coins"] >= 1 else []
        if kind == PANORAMA:
            return [Pick(PANORAMA, t) for t in step[2]]
        if kind == KEEP:
            return [Pick(KEEP, e) for e in sorted(set(step[2]))]
        if kind == PAY:
            price = PAID_ENCOUNTERS[step[2]]
            return ([Pick(PAY, "yes")] if p["coins"] >= price else []) + [Pick(PAY, "no")]
        if kind == BET:
            return ([Pick(BET, "yes")] if p["coins"] >= 1 else []) + [Pick(BET, "no")]
        if kind == MEAL:
            return self._meal_choices(piece, step, devotion)
        if kind == USE:
            return [Pick(USE, step[2]), Pick(USE, "")]
        if kind == "bath":
            return [Pick("bath", "yes", d) for d in ([False, True] if devotion else [False])] \
                if p["coins"] >= 1 and self.bath_left > 0 else []
        raise AssertionError(f"unknown step {kind}")  # pragma: no cover

    def _souvenir_buys(self, piece: int, devotion: bool) -> list[Action]:
        offer = self.village_offer
        buys: list[Action] = []
        for r in range(len(offer) + 1):
            for combo in itertools.combinations(offer, r):
                price = self.souvenir_price(piece, combo)
                if price is None:
                    continue
                buys.append(BuySouvenirs(tuple(combo)))
                if devotion and price > 0 and combo:
                    buys.append(BuySouvenirs(tuple(combo), True))
        return buys

    def souvenir_price(self, piece: int, cards: tuple[int, ...]) -> int | None:
        """What buying `cards` costs `piece`, or None if it cannot pay (TOK-14, TOK-26, TOK-29)."""
        p = self.players[piece]
        prices = sorted(SOUVENIRS[c].price for c in cards)
        full = sum(prices)
        if full > p["coins"] and not (p["traveller"] == "zenemon" and prices and full - (prices[-1] - 1) <= p["coins"]):
            return None
        cost = full
        if p["traveller"] == "sasayakko" and len(prices) >= 2:          # TOK-26: cheapest free
            if full > p["coins"]:
                return None                                              # she must afford them all
            cost -= prices[0]
        if p["traveller"] == "zenemon" and prices:                      # TOK-29: one for 1 coin
            cost -= prices[-1] - 1
        return cost if cost <= p["coins"] else None

    def dishes_eaten(self, piece: int) -> set[str]:
        p = self.players[piece]
        return {MEALS[m][0] for m in p["meals"] + p["cook_meals"]}

    def meal_price(self, piece: int, meal: int) -> int:
        price = MEALS[meal][1]
        if self.players[piece]["traveller"] == "kinko":                # TOK-23
            price = max(0, price - 1)
        return price

    def _meal_choices(self, piece: int, step: list[Any], devotion: bool) -> list[Action]:
        """Meals this traveller may take: Satsuki's free offer, each dish of the hand not yet
        eaten that they can pay (free with Hospitality), or none (TOK-25, TOK-37, TOK-58)."""
        p = self.players[piece]
        eaten = self.dishes_eaten(piece)
        choices: dict[tuple, Action] = {}
        offer = step[2] if len(step) > 2 else None
        if offer is not None and MEALS[offer][0] not in eaten:
            choices[("free",)] = Pick(MEAL, "free")
        hospitality = self._has_amulet(piece, "hospitality")
        for i, meal in enumerate(self.meal_hand):
            dish = MEALS[meal][0]
            if dish in eaten:
                continue
            price = self.meal_price(piece, meal)
            if price <= p["coins"]:
                choices.setdefault((dish, "pay", False), Pick(MEAL, str(i)))
                if devotion and price > 0:
                    choices.setdefault((dish, "pay", True), Pick(MEAL, str(i), True))
            if hospitality and price > 0:
                choices.setdefault((dish, "hospitality", False), Pick(MEAL, f"{i}:hospitality"))
        choices[("none",)] = Pick(MEAL, "")
        return list(choices.values())

    # ---- applying -----------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, ChooseTraveller):
            self._choose_traveller(action.traveller)
            return
        if not self.queue:
            self.queue.append(["move", self.mover()])
        step = self.queue.pop(0)
        kind, piece = step[0], step[1]
        if kind == "move":
            if isinstance(action, Pick) and action.arg == "fortune":
                self._use_amulet(piece, "fortune")
                self._fortune(piece, "amulet")
                self.queue.insert(0, ["move", piece])
            else:
                assert isinstance(action, Move)
                self._move(piece, action)
        elif isinstance(action, Pick):
            self._pick(step, action)
        elif isinstance(action, BuySouvenirs):
            self._buy_souvenirs(piece, action)
        elif isinstance(action, Donate):
            self._donate(piece, action)
        self._run()

    def _choose_traveller(self, key: str) -> None:
        seat = self.turn
        p = self.players[seat]
        p["traveller"] = key
        p["coins"] = int(TRAVELLERS[key]["coins"])
        p["dealt"] = []
        self.note(f"{seat_token(seat)} has chosen a traveller.", seat=seat, private_seat=seat,
                  private_text=f"You travel as {TRAVELLERS[key]['name']}, {TRAVELLERS[key]['title']}.")
        if seat + 1 < self.num_players:
            self.turn = seat + 1
            return
        self.turn = 0
        for s in range(self.num_players):
            t = TRAVELLERS[self.players[s]["traveller"]]
            self.note(f"{seat_token(s)} travels as {t['name']}, {t['title']} ({t['coins']} coins).", seat=s)
        self._start_journey()

    def _run(self) -> None:
        """Resolve automatic steps until a choice is needed or the turn ends."""
        while self.queue and self.phase != "over":
            step = self.queue[0]
            if not self._is_auto(step):
                if not self._step_actions(step):
                    self.queue.pop(0)
                    continue
                return
            self.queue.pop(0)
            self._auto(step)
        if not self.queue and self.phase != "over":
            self._check_end()

    def _is_auto(self, step: list[Any]) -> bool:
        return step[0] in ("stop", "effect", "encounter", "inn_arrival", "inn_powers", "vitality_check",
                           "meal_start")

    # ---- movement ------------------------------------------------------------------------------------
    def _move(self, piece: int, action: Move) -> None:
        p = self.players[piece]
        start = p["index"]
        if start in self.inns and piece in self.inns[start] and self.road[start].kind == INN:
            pass  # leaving an inn keeps the queue record for who arrived when
        p["index"] = action.index
        p["slot"] = action.slot
        self.last_move = [piece, start, action.index]
        stop = self.road[action.index]
        if action.share:
            self._use_amulet(piece, "friendship")
        self.turn += 1
        where = KIND_NAMES[stop.kind] + (f" of {stop.town}" if stop.town else "")
        self.note(f"{self.piece_name(piece)} walks to the {where}.", seat=piece if piece < self.num_players else None)
        self.queue[0:0] = [["stop", piece, action.index], ["vitality_check", piece]]

    def _auto(self, step: list[Any]) -> None:
        kind, piece = step[0], step[1]
        if kind == "stop":
            self._arrive(piece, step[2])
        elif kind == "effect":
            self._effect(piece, step[2], step[3])
        elif kind == "encounter":
            self._encounter(piece, step[2])
        elif kind == "inn_arrival":
            self._inn_arrival(piece, step[2])
        elif kind == "inn_powers":
            self._inn_powers(piece)
        elif kind == "meal_start":
            self._meal_start(piece)
        elif kind == "vitality_check":
            if self._has_amulet(piece, "vitality") and self._in_lead(piece) \
                    and self.road[self.players[piece]["index"]].kind != INN:
                self.queue.insert(0, [USE, piece, "vitality"])

    def _in_lead(self, piece: int) -> bool:
        """No traveller is farther along the road, nor arrived earlier at the same stop
        (TOK-58, Vitality)."""
        me = self.players[piece]
        for i, q in enumerate(self.players):
            if i != piece and (q["index"] > me["index"] or (q["index"] == me["index"] and q["slot"] < me["slot"])):
                return False
        return True

    def _arrive(self, piece: int, index: int) -> None:
        stop = self.road[index]
        p = self.players[piece]
        if stop.kind == INN:
            self.queue.insert(0, ["inn_arrival", piece, index])
            return
        if piece >= self.num_players:                                    # TOK-67: the neutral
            if stop.kind == TEMPLE:
                p["temple"] += 1
                self.note("The neutral traveller puts a coin from the bank in the temple.")
            return
        if stop.kind in PANORAMAS and p["traveller"] == "gotozaemon":   # TOK-54: a coin per stop
            p["coins"] += 1
        if stop.kind == ENCOUNTER and p["traveller"] == "umegae":         # TOK-27: before all else
            p["coins"] += 1
            p["bonus"] += 1
        options = self._stop_options(piece, stop)
        if len(options) == 1:
            self.queue.insert(0, ["effect", piece, stop.kind, options[0]])
        else:
            self.queue.insert(0, [OPTION, piece, options])

    def _stop_options(self, piece: int, stop: Stop) -> list[str]:
        """Which of a stop's two options a traveller may take (TOK-47 .. TOK-53)."""
        p = self.players[piece]
        kind = stop.kind
        if not self.crossroads:
            return ["base"]
        base_ok = True
        cross_ok = True
        if kind == VILLAGE:
            cross_ok = any(LEGENDARY[k][1] <= p["coins"] for k in self.legendary_pool)
        elif kind in PANORAMAS:
            base_ok = p["panoramas"][kind] < SECTIONS[kind]
            cross_ok = self.cherry_left > 0
        elif kind == HOTSPRING:
            cross_ok = p["coins"] >= 1 and self.bath_left > 0
        elif kind == FARM:
            cross_ok = p["coins"] >= 2
        elif kind == TEMPLE:
            cross_ok = p["coins"] >= 1 and bool(self.amulet_pool)
        elif kind == ENCOUNTER:
            cross_ok = p["coins"] >= 1 and bool(self.calligraphy_pool)
        options = [o for o, ok in (("base", base_ok), ("cross", cross_ok)) if ok]
        both_power = (kind == ENCOUNTER and p["traveller"] == "kita") or (kind == TEMPLE and p["traveller"] == "miyataka")
        if base_ok and cross_ok and (both_power or self._has_amulet(piece, "health")):   # TOK-56, TOK-58
            options.append("both")
        return options or ["base"]

    def _pick(self, step: list[Any], action: Pick) -> None:
        kind, piece = step[0], step[1]
        p = self.players[piece]
        if kind == OPTION:
            stop_kind = self.road[p["index"]].kind
            if action.arg == "both":
                if not ((stop_kind == ENCOUNTER and p["traveller"] == "kita")
                        or (stop_kind == TEMPLE and p["traveller"] == "miyataka")):
                    self._use_amulet(piece, "health")
                self.queue[0:0] = [["effect", piece, stop_kind, "base"], ["effect", piece, stop_kind, "cross_too"]]
            else:
                self.queue.insert(0, ["effect", piece, stop_kind, action.arg])
        elif kind == LEGEND and action.arg:
            name, price = LEGENDARY[action.arg]
            self._pay(piece, price, action.devote)
            self.legendary_pool.remove(action.arg)
            p["legendary"].append(action.arg)
            self.note(f"{seat_token(piece)} buys the legendary object {name} for {price}.", seat=piece)
        elif kind in (AMULET, CALLI) and action.arg:
            self._pay(piece, 1, action.devote)
            if kind == AMULET:
                self.amulet_pool.remove(action.arg)
                p["amulets"].append(action.arg)
                if p["amulet_turn"] != self.turn:
                    p["amulet_fresh"] = []
                p["amulet_turn"] = self.turn
                p["amulet_fresh"].append(action.arg)
                self.note(f"{seat_token(piece)} buys an amulet.", seat=piece, private_seat=piece,
                          private_text=f"You buy the amulet of {action.arg.title()}.")
            else:
                self.calligraphy_pool.remove(action.arg)
                p["calligraphy"].append(action.arg)
                self.note(f"{seat_token(piece)} buys the calligraphy {action.arg.title()}.", seat=piece)
        elif kind == PANORAMA:
            if action.arg:
                self._take_panorama(piece, action.arg)
            else:
                self.note(f"{seat_token(piece)} paints no other panorama.", seat=piece)
        elif kind == KEEP:
            cards = list(step[2])
            cards.remove(action.arg)
            self.encounter_deck[0:0] = cards                             # TOK-28: under the deck
            self._resolve_encounter(piece, action.arg)
        elif kind == PAY:
            self._paid_encounter(piece, step[2], action.arg == "yes")
        elif kind == BET:
            if action.arg == "yes":
                p["coins"] -= 1
                self._fortune(piece, "bet")                              # TOK-50 (Jirocho)
        elif kind == MEAL:
            self._eat(piece, step, action)
        elif kind == USE:
            if action.arg == "vitality":
                self._use_amulet(piece, "vitality")
                self.note(f"{seat_token(piece)} uses Vitality and walks on at once.", seat=piece)
                self.queue.insert(0, ["move", piece])
        elif kind == "bath" and action.arg == "yes":
            self._take_bath(piece, action.devote)

    def _take_bath(self, piece: int, devote: bool) -> None:
        self._pay(piece, 1, devote)
        self.bath_left -= 1
        self.players[piece]["bath"] += 1
        self.note(f"{seat_token(piece)} takes a bath house (4 points).", seat=piece)

    def _use_amulet(self, piece: int, name: str) -> None:
        """A used amulet goes back to the pool (TOK-57)."""
        p = self.players[piece]
        p["amulets"].remove(name)
        self.amulet_pool.append(name)
        self.note(f"{seat_token(piece)} uses the amulet of {name.title()}.", seat=piece)

    def _pay(self, piece: int, coins: int, devote: bool) -> None:
        p = self.players[piece]
        p["coins"] -= coins
        if devote and coins > 0:                                          # TOK-58 (Devotion)
            self._use_amulet(piece, "devotion")
            p["temple"] += coins
            self.note(f"{seat_token(piece)}'s {coins} coin{'s' if coins > 1 else ''} go to the temple.", seat=piece)

    # ---- stop effects ---------------------------------------------------------------------------------
    def _effect(self, piece: int, kind: str, option: str) -> None:
        p = self.players[piece]
        if option in ("cross", "cross_too"):                            # cross_too: after the base option
            self._cross_effect(piece, kind, both=option == "cross_too")
            return
        if kind == VILLAGE:                                               # TOK-14
            offer = [self.souvenir_deck.pop() for _ in range(min(3, len(self.souvenir_deck)))]
            self.village_offer = offer
            self.reveal()
            names = ", ".join(f"{SOUVENIRS[c].name} ({SOUVENIRS[c].price})" for c in offer) or "nothing left"
            self.note(f"The village offers {names}.", seat=piece)
            self.queue.insert(0, ["village", piece])
        elif kind == FARM:                                                # TOK-15
            p["coins"] += 3
            self.note(f"{seat_token(piece)} earns 3 coins at the farm.", seat=piece)
        elif kind in PANORAMAS:                                           # TOK-16
            self._take_panorama(piece, kind)
        elif kind == HOTSPRING:                                           # TOK-17
            if self.hot_spring_deck:
                value = self.hot_spring_deck.pop()
                p["hot_springs"].append(value)
                self.reveal()
                self.note(f"{seat_token(piece)} bathes in a hot spring: {value} points.", seat=piece)
        elif kind == TEMPLE:                                              # TOK-19
            self.queue.insert(0, ["donate", piece])
        elif kind == ENCOUNTER:                                           # TOK-20
            self.queue.insert(0, ["encounter", piece, "space"])

    def _cross_effect(self, piece: int, kind: str, both: bool = False) -> None:
        p = self.players[piece]
        if kind == VILLAGE:                                               # TOK-47
            self.queue.insert(0, [LEGEND, piece])
        elif kind in PANORAMAS:                                           # TOK-48
            self.cherry_left -= 1
            p["cherry"] += 1
            p["coins"] += 1
            self.note(f"{seat_token(piece)} rests under a cherry tree: 2 points and 1 coin.", seat=piece)
        elif kind == HOTSPRING:                                           # TOK-49
            if self._has_amulet(piece, "devotion"):
                self.queue.insert(0, ["bath", piece])                     # with or without Devotion?
            else:
                self._take_bath(piece, False)
        elif kind == FARM:                                                # TOK-50
            p["coins"] -= 2
            face = FORTUNE_DIE[self.rng.below(len(FORTUNE_DIE))]
            self.reveal()
            p["coins"] += 2 * face
            self.note(f"{seat_token(piece)} bets 2 coins in the gaming room and rolls {face}: "
                      f"{2 * face} coins back.", seat=piece)
        elif kind == TEMPLE:                                              # TOK-51
            if p["traveller"] == "hirotada" and not both:                  # TOK-30: his bank coin all the same
                p["temple"] += 1
                self.note(f"{seat_token(piece)} puts 1 coin from the bank in the temple.", seat=piece)
            self.queue.insert(0, [AMULET, piece])
        elif kind == ENCOUNTER:                                           # TOK-52
            self.queue.insert(0, [CALLI, piece])

    def _fortune(self, piece: int, why: str) -> None:
        face = FORTUNE_DIE[self.rng.below(len(FORTUNE_DIE))]
        self.reveal()
        self.players[piece]["coins"] += face
        what = "bets a coin and rolls" if why == "bet" else "rolls the fortune die:"
        self.note(f"{seat_token(piece)} {what} {face}: {face} coin{'s' if face != 1 else ''}.", seat=piece)

    def _buy_souvenirs(self, piece: int, action: BuySouvenirs) -> None:
        p = self.players[piece]
        cost = self.souvenir_price(piece, action.cards)
        assert cost is not None
        if action.cards:
            dearest = max(SOUVENIRS[c].price for c in action.cards)
            p["coins"] -= cost
            if action.devote:                                             # TOK-58: the dearest card's price
                devoted = min(dearest, cost)
                self._use_amulet(piece, "devotion")
                p["temple"] += devoted
            for c in action.cards:
                p["souvenirs"].append(c)
            names = ", ".join(SOUVENIRS[c].name for c in action.cards)
            self.note(f"{seat_token(piece)} buys {names} for {cost} coin{'s' if cost != 1 else ''}.", seat=piece)
        unsold = [c for c in self.village_offer if c not in action.cards]
        self.rng.shuffle(unsold)
        self.souvenir_deck[0:0] = unsold                                  # TOK-14: under the deck
        self.village_offer = []

    def _donate(self, piece: int, action: Donate) -> None:
        p = self.players[piece]
        p["coins"] -= action.coins
        p["temple"] += action.coins + (1 if action.extra else 0)          # TOK-30 (Hirotada)
        extra = " and 1 from the bank" if action.extra else ""
        self.note(f"{seat_token(piece)} gives {action.coins} coin{'s' if action.coins > 1 else ''}{extra} "
                  f"to the temple.", seat=piece)

    def _take_panorama(self, piece: int, kind: str) -> None:
        p = self.players[piece]
        if p["panoramas"][kind] >= SECTIONS[kind]:
            return
        p["panoramas"][kind] += 1
        n = p["panoramas"][kind]
        self.note(f"{seat_token(piece)} paints part {n} of the {KIND_NAMES[kind]} panorama ({n} point{'s' if n != 1 else ''}).", seat=piece)
        if n == SECTIONS[kind] and kind not in self.panorama_firsts:       # TOK-18
            self.panorama_firsts[kind] = piece
            p["achievements"].append(kind)
            self.note(f"{seat_token(piece)} is first to finish the {KIND_NAMES[kind]} panorama: "
                      f"an achievement (3 points).", seat=piece)

    def _incomplete_panoramas(self, piece: int) -> list[str]:
        p = self.players[piece]
        return [k for k in PANORAMAS if p["panoramas"][k] < SECTIONS[k]]

    def _encounter(self, piece: int, source: str) -> None:
        p = self.players[piece]
        if not self.encounter_deck:                                       # TOK-72
            self.note("The encounter deck is empty.")
            return
        if p["traveller"] == "yoshiyasu" and source == "space" and len(self.encounter_deck) >= 2:   # TOK-28
            cards = [self.encounter_deck.pop(), self.encounter_deck.pop()]
            self.reveal()
            self.queue.insert(0, [KEEP, piece, cards])
            return
        card = self.encounter_deck.pop()
        self.reveal()
        self._resolve_encounter(piece, card)

    def _resolve_encounter(self, piece: int, card: str) -> None:
        """TOK-21: every encounter card; TOK-59: the New Encounters."""
        p = self.players[piece]
        p["encounters"].append(card)
        self.note(f"{seat_token(piece)} meets {ENCOUNTER_NAMES[card]}.", seat=piece)
        if card == "shokunin":
            if self.souvenir_deck:
                c = self.souvenir_deck.pop()
                p["souvenirs"].append(c)
                self.note(f"The artisan gives {seat_token(piece)} {SOUVENIRS[c].name}.", seat=piece)
        elif card.startswith("annaibito_"):
            kind = card.split("_", 1)[1]
            if p["panoramas"][kind] < SECTIONS[kind]:
                self._take_panorama(piece, kind)
            else:
                others = self._incomplete_panoramas(piece)
                if others:                                                # TOK-21: may take another
                    self.queue.insert(0, [PANORAMA, piece, others + [""]])
        elif card == "samurai":
            p["bonus"] += 3
        elif card == "kuge":
            p["coins"] += 3
        elif card == "miko":
            p["temple"] += 1
        elif card == "saru":
            if self.hot_spring_deck:
                p["hot_springs"].append(self.hot_spring_deck.pop())
        elif card in PAID_ENCOUNTERS:
            self.queue.insert(0, [PAY, piece, card])

    def _paid_encounter(self, piece: int, card: str, pay: bool) -> None:
        p = self.players[piece]
        if not pay:
            self.note(f"{seat_token(piece)} does not pay, and gets nothing from {ENCOUNTER_NAMES[card]}.", seat=piece)
            return
        p["coins"] -= PAID_ENCOUNTERS[card]
        if card == "takuhatsuso":
            p["bonus"] += 4
        elif card == "kitoushi":
            others = self._incomplete_panoramas(piece)
            if others:
                self.queue.insert(0, [PANORAMA, piece, others])
        elif card == "itamae" and self.meal_deck:
            meal = self.meal_deck.pop()
            self.reveal()
            if MEALS[meal][0] in self.dishes_eaten(piece):
                self.meal_deck.insert(0, meal)
                self.note(f"The cook serves {seat_token(piece)} a dish eaten already: no meal.", seat=piece,
                          private_seat=piece, private_text=f"The cook serves {MEALS[meal][0]} again: "
                                                           f"you have eaten it already.")
            else:
                p["cook_meals"].append(meal)                              # TOK-79
                self.note(f"The cook serves {seat_token(piece)} a meal (6 points).", seat=piece,
                          private_seat=piece, private_text=f"The cook serves you {MEALS[meal][0]} (6 points).")

    # ---- inns --------------------------------------------------------------------------------------------
    def _inn_arrival(self, piece: int, index: int) -> None:
        order = self.inns.setdefault(index, [])
        order.append(piece)                                               # TOK-12: queue in arrival order
        if index == len(self.road) - 1:
            self.edo_arrivals += 1
            self.players[piece]["edo_rank"] = self.edo_arrivals
        intermediate = 0 < index < len(self.road) - 1
        if len(order) == 1:                                               # TOK-36: the first arrival draws
            count = self.pieces + (0 if self.opt("gastronomy") else 1)    # TOK-62 (Gastronomy)
            self.meal_hand = [self.meal_deck.pop() for _ in range(min(count, len(self.meal_deck)))]
            self.meal_inn = index
        steps: list[list[Any]] = []
        if piece < self.num_players and intermediate:
            steps.append(["inn_powers", piece])
        steps.append(["meal_start", piece])
        self.queue[0:0] = steps

    def _inn_powers(self, piece: int) -> None:
        """TOK-22, TOK-24, TOK-45: powers that fire at the three inns on the way, before the meal."""
        t = self.players[piece]["traveller"]
        if t == "hiroshige":
            options = self._incomplete_panoramas(piece)
            if options:
                self.queue.insert(0, [PANORAMA, piece, options])
        elif t == "chuubei":
            self.queue.insert(0, ["encounter", piece, "chuubei"])
        elif t == "daigoro":
            if self.souvenir_deck:
                c = self.souvenir_deck.pop()
                self.reveal()
                self.players[piece]["souvenirs"].append(c)
                self.note(f"{seat_token(piece)} finds {SOUVENIRS[c].name} at the inn.", seat=piece)
        elif t == "jirocho":
            self.queue.insert(0, [BET, piece])

    def _meal_start(self, piece: int) -> None:
        if piece >= self.num_players:                                     # TOK-67: the neutral
            if self.meal_hand:
                gone = self.meal_hand.pop(self.rng.below(len(self.meal_hand)))
                self.meal_deck.insert(0, gone)
                self.reveal()
                self.note("The neutral traveller's meal card goes unseen under the deck.")
            self._inn_done_check()
            return
        offer = None
        if self.players[piece]["traveller"] == "satsuki" and self.meal_deck:   # TOK-25
            offer = self.meal_deck.pop()
            self.reveal()
        self.queue.insert(0, [MEAL, piece, offer])

    def _eat(self, piece: int, step: list[Any], action: Pick) -> None:
        p = self.players[piece]
        offer = step[2] if len(step) > 2 else None
        if action.arg == "free":
            p["meals"].append(offer)
            p["inn_meals"] += 1
            self.note(f"{seat_token(piece)} takes the meal offered to her.", seat=piece, private_seat=piece,
                      private_text=f"You take the meal offered to you: {MEALS[offer][0]}.")
        elif action.arg:
            i_text, _, how = action.arg.partition(":")
            meal = self.meal_hand.pop(int(i_text))
            price = 0 if how == "hospitality" else self.meal_price(piece, meal)
            if how == "hospitality":
                self._use_amulet(piece, "hospitality")                    # TOK-58 (Hospitality)
            self._pay(piece, price, action.devote)
            p["meals"].append(meal)
            p["inn_meals"] += 1
            self.note(f"{seat_token(piece)} buys a meal.", seat=piece, private_seat=piece,
                      private_text=f"You eat {MEALS[meal][0]} for {price} coin{'s' if price != 1 else ''}.")
        else:
            self.note(f"{seat_token(piece)} does not eat here.", seat=piece)
        if offer is not None and action.arg != "free":
            self.meal_deck.insert(0, offer)
        self._inn_done_check()

    def _inn_done_check(self) -> None:
        """When every traveller has arrived, the meals left go under the deck (TOK-38)."""
        index = self.meal_inn
        if index < 0 or len(self.inns.get(index, [])) < self.pieces:
            return
        self.rng.shuffle(self.meal_hand)
        self.meal_deck[0:0] = self.meal_hand
        self.meal_hand = []
        self.meal_inn = -1

    # ---- the end --------------------------------------------------------------------------------
    def _check_end(self) -> None:
        last = len(self.road) - 1
        if all(p["index"] == last for p in self.players) and not self.queue:   # TOK-39
            self.phase = "over"
            winners = self.winners()
            names = " and ".join(seat_token(w) for w in winners)
            self.note(f"Everyone has reached {self.road[-1].town or 'the last inn'}. {names} "
                      f"win{'s' if len(winners) == 1 else ''}.")

    # ---- scoring ----------------------------------------------------------------------------------
    def souvenir_points(self, piece: int) -> int:
        """Sets of different families score 1, 3, 5, 7 (and 9 with a fifth family) (TOK-14, TOK-55)."""
        p = self.players[piece]
        counts = {f: 0 for f in FAMILIES}
        for c in p["souvenirs"]:
            counts[SOUVENIRS[c].family] += 1
        fifth = sum(1 for k in p["legendary"] if k in LEGENDARY_FAMILY)
        values = list(counts.values()) + ([fifth] if fifth else [])
        total = 0
        for k in range(1, max(values, default=0) + 1):
            total += sum(1 for v in values if v >= k) ** 2
        items = len(p["souvenirs"]) + len(p["legendary"])
        total += sum(items - 1 for k in p["legendary"] if k in LEGENDARY_COUNTERS)
        total += 8 * sum(1 for k in p["legendary"] if k in LEGENDARY_SWORDS)
        return total

    def panorama_points(self, piece: int) -> int:
        return sum(n * (n + 1) // 2 for n in self.players[piece]["panoramas"].values())

    def meal_points(self, piece: int) -> int:
        p = self.players[piece]
        return MEAL_POINTS * (len(p["meals"]) + len(p["cook_meals"]))

    def temple_ranking(self) -> list[int]:
        """10, 7, 4 to the three biggest offerings, 2 to every other donor; ties share a rank
        and the next amount takes the next prize (TOK-40)."""
        amounts = [p["temple"] for p in self.players]
        distinct = sorted({a for a in amounts if a > 0}, reverse=True)
        prize = {a: (TEMPLE_PRIZES[i] if i < len(TEMPLE_PRIZES) else 2) for i, a in enumerate(distinct)}
        return [prize.get(a, 0) for a in amounts]

    def end_achievements(self) -> list[list[str]]:
        """Gourmet, Collector, Bather, Chatterbox: ties all score; nobody if all have none (TOK-41)."""
        measures = {
            "gourmet": [sum(MEALS[m][1] for m in p["meals"] + p["cook_meals"]) for p in self.players],
            "collector": [len(p["souvenirs"]) + len(p["legendary"]) for p in self.players],
            "bather": [len(p["hot_springs"]) + p["bath"] for p in self.players],
            "chatterbox": [len(p["encounters"]) + len(p["calligraphy"]) for p in self.players],
        }
        won: list[list[str]] = [[] for _ in self.players]
        for name, values in measures.items():
            best = max(values[: self.num_players] if self.has_neutral() else values)
            if best <= 0:
                continue
            for piece in range(self.num_players):
                if values[piece] == best:
                    won[piece].append(name)
        return won

    def calligraphy_points(self, piece: int, achievements: int) -> int:
        """TOK-53: the calligraphies score at the end."""
        p = self.players[piece]
        points = 0
        for card in p["calligraphy"]:
            if card == "foresight":
                points += 2 * p["coins"]
            elif card == "contemplation":
                points += 3 * sum(1 for k in PANORAMAS if p["panoramas"][k] >= SECTIONS[k]) + p["cherry"]
            elif card == "nostalgia":
                points += 2 * len(p["legendary"]) + len(p["souvenirs"])
            elif card == "patience":
                rank = p["edo_rank"]
                points += 6 if rank == self.pieces else 4 if rank == self.pieces - 1 else 2
            elif card == "perfection":
                points += 2 * achievements + len(p["calligraphy"])
            elif card == "fasting":
                points += 3 * (4 - p["inn_meals"])
        return points

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        seats = range(self.num_players)
        over = self.is_over
        ends = self.end_achievements() if over else [[] for _ in self.players]
        temple = self.temple_ranking() if over else [0] * self.pieces
        rows: dict[str, list[int]] = {name: [] for name in (
            "Souvenirs", "Panoramas", "Hot springs", "Temple offerings", "Encounters", "Meals",
            "Achievements", "Temple ranking", "Crossroads", "Calligraphy", "Traveller")}
        for s in seats:
            p = self.players[s]
            achievements = len(p["achievements"]) + len(ends[s])
            rows["Souvenirs"].append(self.souvenir_points(s))
            rows["Panoramas"].append(self.panorama_points(s))
            rows["Hot springs"].append(sum(p["hot_springs"]))
            rows["Temple offerings"].append(p["temple"])
            rows["Encounters"].append(p["bonus"])
            rows["Meals"].append(self.meal_points(s))
            rows["Achievements"].append(ACHIEVEMENT_POINTS * achievements)
            rows["Temple ranking"].append(temple[s])
            rows["Crossroads"].append(2 * p["cherry"] + 4 * p["bath"])
            rows["Calligraphy"].append(self.calligraphy_points(s, achievements) if over else 0)
            bonus = 0
            if p["traveller"] == "mitsukuni":                            # TOK-31
                bonus += len(p["hot_springs"]) + p["bath"] + achievements
            if p["traveller"] == "nampo":                                # TOK-45: inn meals only
                bonus += sum(MEALS[m][1] for m in p["meals"])
            rows["Traveller"].append(bonus)
        return [(k, v) for k, v in rows.items() if self.crossroads or k not in ("Crossroads", "Calligraphy")]

    def scores(self) -> list[int]:
        totals = [0] * self.num_players
        for _label, points in self.score_breakdown():
            for s, v in enumerate(points):
                totals[s] += v
        return totals

    def achievement_count(self, seat: int) -> int:
        ends = self.end_achievements() if self.is_over else [[] for _ in self.players]
        return len(self.players[seat]["achievements"]) + len(ends[seat])

    def winners(self) -> list[int]:
        """Most points; then most achievement cards; then shared (TOK-42)."""
        if not self.is_over:
            return []
        return top_seats(self.scores(), self.achievement_count)

    # ---- information -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        choosing = self.current_player
        for i, p in enumerate(self.players):
            mine = seat == i
            secret_traveller = self.phase == "travellers" and not mine
            players.append({
                "traveller": None if secret_traveller else p["traveller"],
                "dealt": list(p["dealt"]) if mine else None,
                "coins": p["coins"], "index": p["index"], "slot": p["slot"],
                "souvenirs": list(p["souvenirs"]), "panoramas": dict(p["panoramas"]),
                "hot_springs": list(p["hot_springs"]), "encounters": list(p["encounters"]),
                "meals": list(p["meals"]) if mine else None, "cook_meals": list(p["cook_meals"]) if mine else None,
                "meal_count": len(p["meals"]) + len(p["cook_meals"]),
                "inn_meals": p["inn_meals"], "temple": p["temple"], "achievements": list(p["achievements"]),
                "bonus": p["bonus"], "cherry": p["cherry"], "bath": p["bath"], "legendary": list(p["legendary"]),
                "calligraphy": list(p["calligraphy"]), "amulets": list(p["amulets"]) if mine else None,
                "amulet_count": len(p["amulets"]), "amulet_turn": p["amulet_turn"] if mine else None,
                "amulet_fresh": list(p["amulet_fresh"]) if mine else None,
                "edo_rank": p["edo_rank"],
            })
        step = self.queue[0] if self.queue else None
        pending: dict[str, Any] | None = None
        if step is not None and self.phase == "play":
            pending = {"kind": step[0], "piece": step[1]}
            if step[0] in (OPTION, PANORAMA):
                pending["options"] = list(step[2])
            elif step[0] in (PAY, USE):
                pending["card"] = step[2]
            elif step[0] == KEEP and step[1] == seat:
                pending["cards"] = list(step[2])              # Yoshiyasu's two cards: his alone
            elif step[0] == MEAL and step[1] == seat:
                pending["offer"] = step[2]                    # Satsuki's free meal: hers alone
        show_hand = step is not None and step[0] == MEAL and step[1] == seat
        return {
            "game": GAME_ID, "seat": seat, "num_players": self.num_players, "pieces": self.pieces,
            "options": dict(self.options), "phase": self.phase, "turn": self.turn,
            "current": choosing, "acting": self.acting_piece() if self.phase == "play" else None,
            "pending": pending, "return_trip": self.opt("return_trip"),
            # the Kyoto order is drawn at the start but shown only once every traveller is chosen (TOK-5)
            "inns": {str(k): (list(v) if self.phase != "travellers" else []) for k, v in self.inns.items()},
            "players": players,
            "village_offer": list(self.village_offer),
            "meal_hand": list(self.meal_hand) if show_hand else None,
            "meal_hand_count": len(self.meal_hand),
            "decks": {"souvenir": len(self.souvenir_deck), "encounter": len(self.encounter_deck),
                      "hot_spring": len(self.hot_spring_deck), "meal": len(self.meal_deck)},
            "cherry_left": self.cherry_left, "bath_left": self.bath_left,
            "legendary_pool": list(self.legendary_pool), "calligraphy_pool": list(self.calligraphy_pool),
            "amulet_pool": list(self.amulet_pool), "panorama_firsts": dict(self.panorama_firsts),
            "last_move": list(self.last_move), "edo_arrivals": self.edo_arrivals,
            "scores": self.scores(), "winners": self.winners(),
            "log": [list(x) for x in self.log_for(seat, last=120)],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME_ID, "num_players": self.num_players, "seed": self.seed, "options": self.options,
            "rng": self.rng.to_json(), "pieces": self.pieces,
            "players": [dict(p, panoramas=dict(p["panoramas"]), **{k: list(p[k]) for k in (
                "souvenirs", "hot_springs", "encounters", "meals", "cook_meals", "achievements", "legendary",
                "calligraphy", "amulets", "offer", "dealt")}) for p in self.players],
            # the Kyoto order is drawn at the start but shown only once every traveller is chosen (TOK-5)
            "inns": {str(k): (list(v) if self.phase != "travellers" else []) for k, v in self.inns.items()}, "meal_hand": list(self.meal_hand),
            "meal_inn": self.meal_inn, "souvenir_deck": list(self.souvenir_deck),
            "encounter_deck": list(self.encounter_deck), "hot_spring_deck": list(self.hot_spring_deck),
            "meal_deck": list(self.meal_deck), "cherry_left": self.cherry_left, "bath_left": self.bath_left,
            "legendary_pool": list(self.legendary_pool), "calligraphy_pool": list(self.calligraphy_pool),
            "amulet_pool": list(self.amulet_pool), "panorama_firsts": dict(self.panorama_firsts),
            "queue": [list(x) for x in self.queue], "phase": self.phase, "turn": self.turn,
            "edo_arrivals": self.edo_arrivals, "village_offer": list(self.village_offer),
            "last_move": list(self.last_move), "info_epoch": self.info_epoch, "log": log_to_json(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "TokaidoState":
        state = cls._restored(data)
        state.pieces = data["pieces"]
        state.road = journey(state.opt("return_trip"))
        state.players = []
        for p in data["players"]:
            q = dict(p)
            q["panoramas"] = dict(p["panoramas"])
            for k in ("souvenirs", "hot_springs", "encounters", "meals", "cook_meals", "achievements",
                      "legendary", "calligraphy", "amulets", "offer", "dealt"):
                q[k] = list(p[k])
            state.players.append(q)
        state.inns = {int(k): list(v) for k, v in data["inns"].items()}
        for key in ("meal_hand", "souvenir_deck", "encounter_deck", "hot_spring_deck", "meal_deck",
                    "legendary_pool", "calligraphy_pool", "amulet_pool", "village_offer", "last_move"):
            setattr(state, key, list(data[key]))
        for key in ("meal_inn", "cherry_left", "bath_left", "phase", "turn", "edo_arrivals"):
            setattr(state, key, data[key])
        state.panorama_firsts = dict(data["panorama_firsts"])
        state.queue = [list(x) for x in data["queue"]]
        return state

    def clone(self) -> "TokaidoState":
        twin = self._twin()
        twin.players = []
        for p in self.players:
            q = dict(p)
            q["panoramas"] = dict(p["panoramas"])
            for k in ("souvenirs", "hot_springs", "encounters", "meals", "cook_meals", "achievements",
                      "legendary", "calligraphy", "amulets"):
                q[k] = list(p[k])
            twin.players.append(q)
        twin.inns = {k: list(v) for k, v in self.inns.items()}
        for key in ("meal_hand", "souvenir_deck", "encounter_deck", "hot_spring_deck", "meal_deck",
                    "legendary_pool", "calligraphy_pool", "amulet_pool", "village_offer", "last_move"):
            setattr(twin, key, list(getattr(self, key)))
        twin.panorama_firsts = dict(self.panorama_firsts)
        twin.queue = [list(x) for x in self.queue]
        return twin

    # ---- words -----------------------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        if isinstance(action, ChooseTraveller):
            t = TRAVELLERS.get(action.traveller, {})
            return f"Travel as {t.get('name', action.traveller)}, {t.get('title', '')}"
        if isinstance(action, Move):
            if action.index >= len(self.road):
                return "Walk on"
            stop = self.road[action.index]
            share = " (sharing, with Friendship)" if action.share else ""
            return f"Walk to the {KIND_NAMES[stop.kind]}{share}"
        if isinstance(action, BuySouvenirs):
            if not action.cards:
                return "Buy nothing"
            return "Buy " + ", ".join(SOUVENIRS[c].name for c in action.cards)
        if isinstance(action, Donate):
            return f"Give {action.coins} coin{'s' if action.coins > 1 else ''} to the temple" + \
                (" (+1 from the bank)" if action.extra else "")
        if isinstance(action, Pick):
            return describe_pick(self, action)
        return repr(action)

    def explain_illegal(self, action: Action) -> str:
        if self.phase == "travellers":
            return "First choose your traveller."
        if isinstance(action, Move) and not self.queue:
            piece = self.mover()
            if 0 <= action.index < len(self.road):
                stop = self.road[action.index]
                p = self.players[piece]
                if action.index <= p["index"]:
                    return "Travellers only walk forward."
                if action.index > next_inn_index(self.road, p["index"]):
                    return "No one walks past the next inn: everyone waits there."
                if stop.kind in (VILLAGE, TEMPLE) and p["coins"] < 1:
                    return f"You cannot stop at a {KIND_NAMES[stop.kind]} without a coin."
                if stop.kind in PANORAMAS and p["panoramas"][stop.kind] >= SECTIONS[stop.kind]:
                    return f"Your {KIND_NAMES[stop.kind]} panorama is complete: you cannot stop there."
                return "Someone is already there."
        if self.queue:
            return "First finish what this stop offers."
        return "That is not allowed right now."


def describe_pick(state: TokaidoState, action: Pick) -> str:
    what, arg = action.what, action.arg
    devote = " (to the temple, with Devotion)" if action.devote else ""
    if what == OPTION:
        return {"base": "Take the usual option", "cross": "Take the Crossroads option",
                "both": "Take both options"}.get(arg, arg)
    if what == LEGEND:
        return f"Buy {LEGENDARY[arg][0]} ({LEGENDARY[arg][1]}){devote}" if arg else "Buy no legendary object"
    if what in (AMULET, CALLI):
        noun = "amulet" if what == AMULET else "calligraphy"
        return f"Buy the {noun} {arg.title()}{devote}" if arg else f"Buy no {noun}"
    if what == PANORAMA:
        return f"Take the next part of the {KIND_NAMES[arg]} panorama"
    if what == KEEP:
        return f"Keep {ENCOUNTER_NAMES[arg]}"
    if what == PAY:
        return "Pay" if arg == "yes" else "Do not pay"
    if what == BET:
        return "Bet a coin and roll" if arg == "yes" else "Do not bet"
    if what == MEAL:
        if arg == "free":
            return "Take the free meal"
        if not arg:
            return "Eat nothing here"
        i_text, _, how = arg.partition(":")
        hand = state.meal_hand
        if int(i_text) < len(hand):
            dish, _price = MEALS[hand[int(i_text)]]
            return f"Eat {dish}" + (" free (Hospitality)" if how else "") + devote
        return "Eat"
    if what == USE:
        return f"Use the amulet of {arg.title()}" if arg else "Keep the amulet"
    if what == "bath":
        return f"Take a bath house (1 coin){devote}" if arg == "yes" else "No bath house"
    return f"{what} {arg}"


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> TokaidoState:
    return TokaidoState.new(num_players, seed, options)


def load_state(data: dict[str, Any]) -> TokaidoState:
    return TokaidoState.from_json(data)
