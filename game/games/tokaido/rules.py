"""Tokaido with Crossroads, New Encounters and the four variants, as a state machine (no pygame).

Rule clause ids (TOK-n) refer to seeds/tokaido.md. The traveller farthest behind walks; what a
stop gives is resolved as a queue of typed steps (steps.py), some automatic, some waiting for a
choice of the traveller concerned. The components are in data.py (from cards.toml), the
travellers' powers in powers.py, the scoring in scoring.py, the actions in actions.py.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

from game.core.flow import Step, push, settle, waiting
from game.core.protocol import Action, GameState, seat_token
from game.core.registry import OptionSpec
from game.core.state import ATOM, FLAT, NESTED, public, records, secret

from . import scoring
from .actions import (ACTION_TYPES, Bet, BuyAmulet, BuyCalligraphy, BuyLegendary, BuySouvenirs, ChooseOption,
                      ChooseTraveller, Donate, EatMeal, EatNothing, KeepAmulet, KeepEncounter, Move, PayEncounter,
                      SkipPanorama, TakeBath, TakeFreeMeal, TakePanorama, UseAmulet, describe)
from .data import (AMULET_PRICE, AMULETS, BASE_TRAVELLERS, BATH_HOUSE_PRICE, CALLIGRAPHY, CALLIGRAPHY_PRICE, CROSS,
                   CROSSROADS_TRAVELLERS, ENCOUNTER, ENCOUNTER_NAMES, ENCOUNTERS, FAMILIES, FARM, FIRST_EDITION,
                   FORTUNE_DIE, GAME_ID, HOT_SPRINGS, HOTSPRING, INN, KIND_NAMES, LATER_EDITION, LEGENDARY,
                   LEGENDARY_FAMILY, MEAL_POINTS, MEALS, MOUNTAIN, NEUTRAL, NEW_ENCOUNTERS, PADDY, PANORAMAS,
                   PREPARATIONS, SEA, SECTIONS, SOUVENIRS, TEMPLE, TRAVELLERS, VILLAGE, Stop, board_road, journey,
                   next_inn_index, stop_places)
from .inns import Inns
from .powers import souvenir_price
from .steps import (STEP_CODEC, AmuletShop, Arrive, BathHouse, CalligraphyShop, EncounterChoice, EncounterFee,
                    InnBet, LegendaryShop, Meal, Offering, PanoramaChoice, StopOptions, Village, VitalityCheck,
                    VitalityChoice, Walk)
from .stops import Stops

# The kind of the decision waiting (view["pending"]["kind"]), under the names the scene knew.
OPTION, LEGEND, AMULET, CALLI, PANORAMA, KEEP, PAY, BET, MEAL, USE = (
    cls.kind for cls in (StopOptions, LegendaryShop, AmuletShop, CalligraphyShop, PanoramaChoice,
                                    EncounterChoice, EncounterFee, InnBet, Meal, VitalityChoice))

__all__ = [  # what other modules (the scene, the bot, the tests) import from here
    "ACTION_TYPES", "AMULET", "AMULETS", "BET", "CALLI", "ENCOUNTER", "ENCOUNTER_NAMES", "FAMILIES", "FARM",
    "FORTUNE_DIE", "GAME_ID", "HOTSPRING", "INN", "KEEP", "KIND_NAMES", "LEGEND", "LEGENDARY", "LEGENDARY_FAMILY",
    "MEAL", "MEAL_POINTS", "MEALS", "MOUNTAIN", "OPTION", "PADDY", "PANORAMA", "PANORAMAS", "PAY", "SEA",
    "SECTIONS", "SOUVENIRS", "TEMPLE", "TRAVELLERS", "USE", "VILLAGE", "Bet", "BuyAmulet", "BuyCalligraphy",
    "BuyLegendary", "BuySouvenirs", "ChooseOption", "ChooseTraveller", "Donate", "EatMeal", "EatNothing",
    "KeepAmulet", "KeepEncounter", "Move", "PayEncounter", "SkipPanorama", "TakeBath", "TakeFreeMeal",
    "TakePanorama", "UseAmulet", "Stop", "TokaidoState", "board_road", "journey", "next_inn_index", "stop_places",
    "OPTIONS"]

PHASE_TRAVELLERS, PHASE_PLAY, PHASE_OVER = "travellers", "play", "over"

ON_OFF = ((False, "Off"), (True, "On"))
#: the setup's options (the spec names them: the menu never imports the rules)
OPTIONS = (
    OptionSpec("crossroads", "Crossroads", ON_OFF, False,
               "Two options at every stop, and six more travellers."),
    OptionSpec("edition", "Rules edition", ((FIRST_EDITION, "First (rulebook)"), (LATER_EDITION, "Later")),
               FIRST_EDITION,
               "Crossroads as first printed, or as later revised."),
    OptionSpec("new_encounters", "New Encounters", ON_OFF, False,
               "Four more encounters join the deck."),
    OptionSpec("gastronomy", "Gastronomy", ON_OFF, False,
               "The first at an inn draws one meal card fewer."),
    OptionSpec("preparations", "Preparations", ON_OFF, False,
               "Starting coins depend on the queue in Kyoto."),
    OptionSpec("return_trip", "Return trip", ON_OFF, False, "Walk from Edo to Kyoto."),
    OptionSpec("initiation", "Initiation", ON_OFF, False,
               "No travellers; everyone starts with 7 coins."),
)


def _record(traveller: str = "") -> dict[str, Any]:
    """A traveller's record at the start (see TokaidoState.FIELDS for who sees which key)."""
    return {
        "traveller": traveller, "coins": 0, "index": 0, "slot": 0, "souvenirs": [],
        "panoramas": {k: 0 for k in PANORAMAS}, "hot_springs": [], "encounters": [], "inn_meals": 0,
        "temple": 0, "achievements": [], "bonus": 0, "meal_bonus": 0, "cherry": 0, "bath": 0, "legendary": [],
        "calligraphy": [], "amulet_turn": -1, "edo_rank": 0,
        "chosen": "", "dealt": [], "meals": [], "cook_meals": [], "amulets": [], "amulet_fresh": [],
        "drawn": [], "meal_offer": [],
    }


_PUBLIC_KEYS = ("traveller", "coins", "index", "slot", "souvenirs", "panoramas", "hot_springs", "encounters",
                "inn_meals", "temple", "achievements", "bonus", "meal_bonus", "cherry", "bath", "legendary",
                "calligraphy", "amulet_turn", "edo_rank")
_OWN_KEYS = ("chosen", "dealt", "meals", "cook_meals", "amulets", "amulet_fresh", "drawn", "meal_offer")
_LIST_KEYS = ("souvenirs", "hot_springs", "encounters", "achievements", "legendary", "calligraphy", "panoramas",
              "dealt", "meals", "cook_meals", "amulets", "amulet_fresh", "drawn", "meal_offer")


class TokaidoState(Stops, Inns, GameState):
    """A game of Tokaido. `players` holds one record per traveller on the road: the seats, then
    the neutral traveller of a two-player game (TOK-67). What the stops give is in stops.py,
    the inns and meals in inns.py."""

    game_id = GAME_ID
    FIELDS = (
        public("phase", "turn", "pieces", "edo_arrivals", "meal_inn", "cherry_left", "bath_left", shape=ATOM),
        public("inns", shape=NESTED),                 # str(road index) -> travellers in arrival order
        public("village_offer", "legendary_pool", "calligraphy_pool", "amulet_pool", "panorama_firsts",
               "last_move", shape=FLAT),
        public("queue", shape=FLAT, codec=STEP_CODEC),
        secret("souvenir_deck", "encounter_deck", "hot_spring_deck", "meal_deck", shape=FLAT, count=True),
        # the meals on the table at an inn: only the traveller choosing sees them (view_facts)
        secret("meal_hand", shape=FLAT, count=True),
        # the Kyoto order, drawn at setup, shown once every traveller is chosen (TOK-4, TOK-5)
        secret("kyoto_order", shape=FLAT),
        records("players", public=_PUBLIC_KEYS, own=_OWN_KEYS,
                counts=("meals", "cook_meals", "amulets", "amulet_fresh", "drawn", "meal_offer"),
                shapes={k: (FLAT if k in _LIST_KEYS else ATOM) for k in _PUBLIC_KEYS + _OWN_KEYS}),
    )

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        self.phase = PHASE_TRAVELLERS
        self.turn = 0                         # the seat choosing a traveller; then the moves made
        self.pieces = num_players             # travellers on the road (+1 neutral with 2 players)
        self.edo_arrivals = 0
        self.meal_inn = -1                    # the inn whose meals are on the table
        self.cherry_left = 0
        self.bath_left = 0
        self.inns: dict[str, list[int]] = {}
        self.village_offer: list[int] = []
        self.legendary_pool: list[str] = []
        self.calligraphy_pool: list[str] = []
        self.amulet_pool: list[str] = []
        self.panorama_firsts: dict[str, int] = {}
        self.last_move: dict[str, int] | None = None
        self.queue: list[Step] = []
        self.souvenir_deck: list[int] = []
        self.encounter_deck: list[str] = []
        self.hot_spring_deck: list[int] = []
        self.meal_deck: list[int] = []
        self.meal_hand: list[int] = []
        self.kyoto_order: list[int] = []
        self.players: list[dict[str, Any]] = []
        self.road: tuple[Stop, ...] = ()

    def _derive(self) -> None:
        self.road = journey(self.opt("return_trip"))

    # ---- options ------------------------------------------------------------------------------
    def opt(self, key: str) -> bool:
        return bool(self.options.get(key, False))

    @property
    def crossroads(self) -> bool:
        return self.opt("crossroads")

    @property
    def edition(self) -> str:
        """The rules edition (TOK-66): the first, as the rulebook gives it, unless chosen otherwise."""
        return LATER_EDITION if self.options.get("edition") == LATER_EDITION else FIRST_EDITION

    def has_neutral(self) -> bool:
        return self.pieces > self.num_players

    # ---- setup (TOK-1 .. TOK-6, TOK-60 .. TOK-67) -----------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int, options: dict[str, Any]) -> TokaidoState:
        state = cls.started(num_players, seed, options)
        rng = state.rng
        state._derive()
        state.pieces = 3 if num_players == 2 else num_players          # TOK-67
        state.players = [_record() for _ in range(state.pieces)]
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
        if state.crossroads:                                            # TOK-46, TOK-77
            state.cherry_left = int(CROSS["cherry_trees"])
            state.bath_left = int(CROSS["bath_houses"])
            state.legendary_pool = list(LEGENDARY)
            state.calligraphy_pool = list(CALLIGRAPHY)
            state.amulet_pool = list(AMULETS)
        order = list(range(state.pieces))                                # TOK-5: a random Kyoto order
        rng.shuffle(order)
        state.kyoto_order = order
        state.inns = {"0": []}
        if state.opt("initiation"):                                     # TOK-61
            for p in state.players[:num_players]:
                p["coins"] = 7
            state._start_journey()
        else:
            pool = list(BASE_TRAVELLERS) + (list(CROSSROADS_TRAVELLERS) if state.crossroads else [])
            rng.shuffle(pool)
            for seat in range(num_players):                             # TOK-4
                state.players[seat]["dealt"] = sorted(pool[2 * seat: 2 * seat + 2])
            state.emit("deal_travellers", "Each traveller is dealt two tiles and keeps one.")
        return state

    def _choose_traveller(self, key: str) -> None:
        """TOK-4, TOK-76: kept in secret (an own field) until every seat has chosen."""
        seat = self.turn
        p = self.players[seat]
        p["chosen"] = key
        p["dealt"] = []
        t = TRAVELLERS[key]
        self.emit("choose_traveller", f"{seat_token(seat)} has chosen a traveller.", seat=seat, private_for=seat,
                  private_text=f"You travel as {t['name']}, {t['title']}.", private={"traveller": key})
        if seat + 1 < self.num_players:
            self.turn = seat + 1
            return
        self.turn = 0
        for s in range(self.num_players):
            p = self.players[s]
            p["traveller"], p["chosen"] = p["chosen"], ""
            t = TRAVELLERS[p["traveller"]]
            p["coins"] = int(t["coins"])
            self.emit("reveal_traveller", f"{seat_token(s)} travels as {t['name']}, {t['title']} ({t['coins']} coins).",
                      seat=s, traveller=p["traveller"], coins=p["coins"])
        self._start_journey()

    def _start_journey(self) -> None:
        order, self.kyoto_order = self.kyoto_order, []
        self.inns = {"0": order}
        if self.opt("preparations"):                                    # TOK-63
            for place, piece in enumerate(order):
                if piece < self.num_players:
                    p = self.players[piece]
                    p["coins"] = max(0, p["coins"] + PREPARATIONS[place])
        self.phase = PHASE_PLAY
        names = ", ".join(self.piece_name(p) for p in reversed(order))
        self.emit("leave", f"The travellers leave {self.road[0].town or 'the first inn'} in this order: {names}.",
                  order=list(reversed(order)))
        self.reveal()

    def piece_name(self, piece: int) -> str:
        return "the neutral traveller" if piece >= self.num_players else seat_token(piece)

    def _seat(self, piece: int) -> int | None:
        """The seat an event of this traveller belongs to (None for the neutral one)."""
        return piece if piece < self.num_players else None

    # ---- whose turn ---------------------------------------------------------------------------
    def mover(self) -> int:
        """The traveller farthest behind; on a shared place the later arrival (TOK-6, TOK-12)."""
        road, inns = self.road, self.inns
        best, best_place = 0, (len(road), 0)
        for piece, p in enumerate(self.players):     # _road_place inlined: asked on every step
            index = p["index"]
            if road[index].kind == INN:
                order = inns.get(str(index), ())
                place = (index, -order.index(piece) if piece in order else 0)
            else:
                place = (index, -p["slot"])
            if place < best_place:
                best, best_place = piece, place
        return best

    def leader(self) -> int:
        """The player in the lead on the road (farthest along; on a shared place the earlier
        arrival) moves the neutral traveller (TOK-67, TOK-68)."""
        return max(range(self.num_players), key=self._road_place)

    def _road_place(self, piece: int) -> tuple[int, int]:
        """How far along the road a traveller is: its stop, then its arrival there (earlier is ahead)."""
        p = self.players[piece]
        index = p["index"]
        if self.road[index].kind == INN:
            order = self.inns.get(str(index), [])
            arrival = order.index(piece) if piece in order else 0
        else:
            arrival = p["slot"]
        return (index, -arrival)

    def acting_piece(self) -> int:
        return self.queue[0].who if self.queue else self.mover()

    @property
    def current_player(self) -> int | None:
        if self.phase == PHASE_OVER:
            return None
        if self.phase == PHASE_TRAVELLERS:
            return self.turn
        piece = self.acting_piece()
        return self.leader() if piece >= self.num_players else piece

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    # ---- where a traveller may walk (TOK-7 .. TOK-11, TOK-48, TOK-58) ---------------------------------
    def places(self, index: int) -> int:
        """Places at the stop at road index `index` (see data.stop_places)."""
        return stop_places(self.road[index], self.pieces)

    def free_slot(self, index: int) -> int | None:
        """The place a traveller arriving at `index` takes: the road place first, then the side
        one (TOK-8); None if the stop is full."""
        taken = {p["slot"] for p in self.players if p["index"] == index}
        for slot in range(self.places(index)):
            if slot not in taken:
                return slot
        return None

    def _may_stop(self, piece: int, stop: Stop) -> bool:
        if piece >= self.num_players:
            return True                   # the neutral traveller may stop anywhere free
        p = self.players[piece]
        if stop.kind in (VILLAGE, TEMPLE) and p["coins"] < 1:           # TOK-10
            return False
        if stop.kind in PANORAMAS and p["panoramas"][stop.kind] >= SECTIONS[stop.kind]:   # TOK-11
            return self.cherry_on_finished_panorama()                   # TOK-48, TOK-66
        return True

    def cherry_on_finished_panorama(self) -> bool:
        """May a traveller stop at a panorama they have finished, for a cherry tree? Only in the
        later edition of Crossroads, while cherry trees are left (TOK-48, TOK-66)."""
        return self.crossroads and self.edition == LATER_EDITION and self.cherry_left > 0

    def walk_targets(self, piece: int) -> list[Move]:
        """Every place `piece` may walk to now, with the slot it would take there."""
        start = self.players[piece]["index"]
        taken: dict[int, set[int]] = {}                 # road index -> places taken (one pass: hot path)
        for q in self.players:
            if q["index"] > start:
                taken.setdefault(q["index"], set()).add(q["slot"])
        moves: list[Move] = []
        friendship = self._has_amulet(piece, "friendship")
        for j in range(start + 1, next_inn_index(self.road, start) + 1):
            stop = self.road[j]
            if not self._may_stop(piece, stop):
                continue
            here = taken.get(j)
            if stop.kind == INN or not here:
                moves.append(Move(j, 0))
                continue
            places = stop_places(stop, self.pieces)
            slot = next((s for s in range(places) if s not in here), None)
            if slot is not None:
                moves.append(Move(j, slot))
            elif friendship and places == 1:                            # TOK-58, TOK-80: the later arrival
                moves.append(Move(j, 1, True))
        return moves

    def _has_amulet(self, piece: int, name: str) -> bool:
        """Held, and not bought in this very turn (TOK-57)."""
        if piece >= self.num_players:
            return False
        p = self.players[piece]
        fresh = p["amulet_turn"] == self.turn and name in p["amulet_fresh"]
        return name in p["amulets"] and not fresh

    # ---- legal actions ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == PHASE_OVER:
            return []
        if self.phase == PHASE_TRAVELLERS:
            return [ChooseTraveller(t) for t in self.players[self.turn]["dealt"]]
        if not self.queue:
            return self._walk_choices(self.mover())
        step = self.queue[0]
        return _CHOICES[type(step)](self, step)

    def _walk_choices(self, piece: int) -> list[Action]:
        moves: list[Action] = list(self.walk_targets(piece))
        if self._has_amulet(piece, "fortune"):                         # TOK-73: before moving
            moves.append(UseAmulet("fortune"))
        return moves

    def souvenir_price(self, piece: int, cards: tuple[int, ...]) -> int | None:
        """What buying `cards` costs `piece`, or None if it cannot pay (see powers.souvenir_price)."""
        p = self.players[piece]
        return souvenir_price(p["traveller"], p["coins"], cards)

    def souvenir_points(self, piece: int) -> int:
        return scoring.souvenir_points(self.players[piece], self.edition)

    # ---- applying ---------------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if type(action) is ChooseTraveller:
            self._choose_traveller(action.traveller)
            return
        step = self.queue.pop(0) if self.queue else Walk(self.mover())
        _DOINGS[type(action)](self, step, action)
        self._run()

    def _run(self) -> None:
        """Resolve automatic steps until a choice is needed or the turn ends; a choice with
        nothing to choose from (an amulet without a coin) is passed over."""
        while self.phase != PHASE_OVER:
            settle(self)
            front = waiting(self.queue)
            if front is None or _CHOICES[type(front)](self, front):
                break
            self.queue.pop(0)
        if not self.queue and self.phase != PHASE_OVER:
            self._check_end()

    # ---- movement ------------------------------------------------------------------------------------
    def _walk(self, step: Step, action: Move) -> None:
        piece = step.who
        p = self.players[piece]
        start = p["index"]
        p["index"] = action.index
        p["slot"] = action.slot
        self.last_move = {"piece": piece, "from": start, "to": action.index}
        stop = self.road[action.index]
        if action.share:
            self._use_amulet(piece, "friendship")
        self.turn += 1
        where = KIND_NAMES[stop.kind] + (f" of {stop.town}" if stop.town else "")
        self.emit("walk", f"{self.piece_name(piece)} walks to the {where}.", seat=self._seat(piece), piece=piece,
                  start=start, to=action.index, slot=action.slot, stop=stop.kind)
        push(self.queue, Arrive(piece, action.index), VitalityCheck(piece))

    def _use(self, step: Step, action: UseAmulet) -> None:
        piece = step.who
        self._use_amulet(piece, action.name)
        if action.name == "fortune":                                    # TOK-58: roll, then walk
            self._fortune(piece, "amulet")
        else:                                                           # Vitality: walk again at once
            self.emit("vitality", f"{seat_token(piece)} uses Vitality and walks on at once.", seat=piece)
        push(self.queue, Walk(piece))

    def resolve_vitality_check(self, step: VitalityCheck) -> None:
        piece = step.who
        if self._has_amulet(piece, "vitality") and self._in_lead(piece) \
                and self.road[self.players[piece]["index"]].kind != INN:
            push(self.queue, VitalityChoice(piece))

    def _in_lead(self, piece: int) -> bool:
        """No traveller is farther along the road, nor arrived earlier at the same stop (TOK-58)."""
        me = self.players[piece]
        for i, q in enumerate(self.players):
            if i != piece and (q["index"] > me["index"] or (q["index"] == me["index"] and q["slot"] < me["slot"])):
                return False
        return True

    # ---- the end (TOK-39 .. TOK-42, TOK-74) ------------------------------------------------------------
    def _check_end(self) -> None:
        last = len(self.road) - 1
        if all(p["index"] == last for p in self.players) and not self.queue:
            self.phase = PHASE_OVER
            winners = self.winners()
            names = " and ".join(seat_token(w) for w in winners)
            self.emit("end", f"Everyone has reached {self.road[-1].town or 'the last inn'}. {names} "
                      f"win{'s' if len(winners) == 1 else ''}.", winners=winners, scores=self.scores())

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        return scoring.breakdown(self.players, self.num_players, self.pieces, over=self.is_over,
                                 crossroads=self.crossroads, edition=self.edition)

    def scores(self) -> list[int]:
        totals = [0] * self.num_players
        for _label, points in self.score_breakdown():
            for s, v in enumerate(points):
                totals[s] += v
        return totals

    def rank_key(self, seat: int) -> tuple:
        """Most points; then most achievement cards; then shared (TOK-42, TOK-74)."""
        return (self.scores()[seat],
                scoring.achievement_count(self.players, self.num_players, seat, over=self.is_over))

    # ---- information ------------------------------------------------------------------------------------
    def view_facts(self, seat: int | None) -> dict[str, Any]:
        """Who acts and on what, the running scores, and the meals on the table for the one
        choosing; all from what `seat` may see."""
        playing = self.phase == PHASE_PLAY
        front = waiting(self.queue) if playing else None
        pending = None
        if front is not None:
            pending = {**front.to_json(), "kind": front.kind, "piece": front.who}
        diner = front.who if isinstance(front, Meal) else None
        over = self.is_over
        return {
            "current": self.current_player,
            "acting": self.acting_piece() if playing else None,
            "pending": pending,
            "return_trip": self.opt("return_trip"),
            "second_places": self.pieces >= 4,       # doubled stops have their second place (TOK-8)
            "meal_hand": sorted(self.meal_hand) if seat is not None and diner == seat else None,
            "scores": self.scores(),
            "winners": self.winners(),
            # at the end everyone's meals are shown: the Gourmet compares them (TOK-41)
            "meals_shown": [p["meals"] + p["cook_meals"] for p in self.players[:self.num_players]] if over else None,
        }

    def describe(self, action: Action) -> str:
        return describe(self, action)

    def explain_illegal(self, action: Action) -> str:
        if self.phase == PHASE_TRAVELLERS:
            return "First choose your traveller."
        walking = not self.queue or isinstance(self.queue[0], Walk)
        if isinstance(action, Move) and walking:
            piece = self.acting_piece()
            if 0 <= action.index < len(self.road):
                stop = self.road[action.index]
                p = self.players[piece]
                if action.index <= p["index"]:
                    return "Travellers only walk forward."
                if action.index > next_inn_index(self.road, p["index"]):
                    return "No one walks past the next inn: everyone waits there."
                if piece < self.num_players and stop.kind in (VILLAGE, TEMPLE) and p["coins"] < 1:
                    return f"You cannot stop at a {KIND_NAMES[stop.kind]} without a coin."
                if piece < self.num_players and stop.kind in PANORAMAS \
                        and p["panoramas"][stop.kind] >= SECTIONS[stop.kind] and not self.cherry_on_finished_panorama():
                    also = " (not even for a cherry tree, in the first edition)" if self.crossroads else ""
                    return f"Your {KIND_NAMES[stop.kind]} panorama is complete: you cannot stop there{also}."
                return "Someone is already there."
        if self.queue:
            return "First finish what this stop offers."
        return "That is not allowed right now."


def _pool(kind: type[Action], name: str, price: int) -> Callable[[TokaidoState, Step], list[Action]]:
    return lambda s, step: s._pool_choices(step.who, getattr(s, name), kind, price)


#: what the traveller may do while each kind of step waits
_CHOICES: dict[type, Callable[[TokaidoState, Any], list[Action]]] = {
    Walk: lambda s, step: s._walk_choices(step.who),
    StopOptions: lambda s, step: [ChooseOption(o) for o in step.options],
    Village: lambda s, step: s._souvenir_choices(step.who),
    Offering: lambda s, step: s._offering_choices(step.who),
    LegendaryShop: lambda s, step: s._legendary_choices(step.who),
    AmuletShop: _pool(BuyAmulet, "amulet_pool", AMULET_PRICE),
    CalligraphyShop: _pool(BuyCalligraphy, "calligraphy_pool", CALLIGRAPHY_PRICE),
    PanoramaChoice: lambda s, step: [TakePanorama(k) for k in step.kinds] + ([SkipPanorama()] if step.optional else []),
    EncounterChoice: lambda s, step: [KeepEncounter(e) for e in sorted(set(s.players[step.who]["drawn"]))],
    EncounterFee: lambda s, step: ([PayEncounter(True)] if s.fee_worth_paying(step.who, step.card) else [])
                                  + [PayEncounter(False)],
    InnBet: lambda s, step: ([Bet(True)] if s.players[step.who]["coins"] >= 1 else []) + [Bet(False)],
    Meal: lambda s, step: s._meal_choices(step.who),
    VitalityChoice: lambda s, step: [UseAmulet("vitality"), KeepAmulet()],
    BathHouse: lambda s, step: ([TakeBath(d) for d in s._devotions(step.who)]
                                if s.players[step.who]["coins"] >= BATH_HOUSE_PRICE and s.bath_left > 0 else []),
}

#: what each action does (the step it answers, the action)
_DOINGS: dict[type, Callable[[TokaidoState, Any, Any], None]] = {
    Move: TokaidoState._walk,
    UseAmulet: TokaidoState._use,
    KeepAmulet: TokaidoState._keep_amulet,
    ChooseOption: TokaidoState._choose_option,
    BuySouvenirs: TokaidoState._buy_souvenirs,
    Donate: TokaidoState._donate,
    BuyLegendary: TokaidoState._buy_legendary,
    BuyAmulet: TokaidoState._buy_amulet,
    BuyCalligraphy: TokaidoState._buy_calligraphy,
    TakePanorama: TokaidoState._panorama_pick,
    SkipPanorama: TokaidoState._panorama_pick,
    KeepEncounter: TokaidoState._keep_encounter,
    PayEncounter: TokaidoState._pay_encounter,
    Bet: TokaidoState._bet,
    EatMeal: TokaidoState._eat,
    TakeFreeMeal: TokaidoState._eat,
    EatNothing: TokaidoState._eat,
    TakeBath: TokaidoState._bath,
}



