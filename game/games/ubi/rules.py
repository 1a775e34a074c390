"""Ubi, the rules as one state machine (no pygame). Clause ids UBI-n: seeds/ubi.md.

A turn:

    ROLL (CHANCE: the two Rubi Cubis, one Roll outcome) -> ChooseZone on an eye ->
    ChoosePrecision on an eye -> the Ubi is posed from the first card of the box in turn ->
    Answer(sheet, number, letter) or RedHerring -> right: roll again; wrong: the turn passes.
    With four facets the turn starts with the Rubi Ubi instead (CHANCE: Capstone), and the Ubi
    it poses wins the game when answered with triangular precision.

Hidden: the order of the two boxes and the card the Ubi comes from (its answer). The Ubi's
words, zone and precision are public (at the table they are read aloud); the answer is told by
the `answer` event and the public `last` record once given.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from game.core.protocol import CHANCE, Action, GameState, Mover, seat_token
from game.core.registry import OptionSpec
from game.core.rng import Rng
from game.core.state import ATOM, DEEP, FLAT, NESTED, public, secret
from game.core.text import plural

from . import grid as G
from .cards import Ubi, load_cards

#: 2: the question bank rebuilt (capitals as the data marks them); 3: rebuilt again, each fact
#: from data that says it (an older save's cards are other cards: it cannot be replayed)
RULES_VERSION = 3
RULES_FILE = "ubi.md"

ZONES = ("AMR", "EUR", "WAT", "UNI")
ZONE_NAMES = {"AMR": "Americas", "EUR": "Europe", "WAT": "Water", "UNI": "Universal"}
EYE = "eye"
HEX, TRI = "hex", "tri"
#: the zone die (UBI-4): the four zones and two Ubi eyes
ZONE_FACES = ("AMR", "EUR", "WAT", "UNI", EYE, EYE)
#: the precision die (UBI-4): three hexagons, two triangles, one eye
PRECISION_FACES = (HEX, HEX, HEX, TRI, TRI, EYE)
#: a game always ends: the most facets win after this many rounds (UBI-16)
MAX_ROUNDS = 40
#: legal_actions lists every this-many-th hexagon as the answers' sample (see there)
ANSWER_SAMPLE = 10

# phases
ROLL, ZONE, PRECISION, ANSWER, CAPSTONE, OVER = "roll", "zone", "precision", "answer", "capstone", "over"


# ---- actions ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Roll(Action):
    """The Rubi Cubis land (a CHANCE outcome): a zone face and a precision face (UBI-4)."""

    zone: str
    precision: str


@dataclasses.dataclass(frozen=True)
class ChooseZone(Action):
    """An eye on the zone die: the player names the zone (UBI-4)."""

    zone: str


@dataclasses.dataclass(frozen=True)
class ChoosePrecision(Action):
    """An eye on the precision die: hexagonal or triangular (UBI-4)."""

    precision: str


@dataclasses.dataclass(frozen=True)
class Answer(Action):
    """An answer: a hexagon of a sheet ("W", or an expert area "N" / "E"), and at triangular
    precision one of its triangles (UBI-6)."""

    sheet: str
    number: int
    letter: str | None = None


@dataclasses.dataclass(frozen=True)
class RedHerring(Action):
    """"That's a red herring" (UBI-9)."""


@dataclasses.dataclass(frozen=True)
class Capstone(Action):
    """The Rubi Ubi lands on a zone (a CHANCE outcome; UBI-11)."""

    zone: str


ACTION_TYPES = (Roll, ChooseZone, ChoosePrecision, Answer, RedHerring, Capstone)

OPTIONS = (
    OptionSpec(
        "first",
        "First player",
        tuple((n, f"Seat {n}") for n in range(1, 7)),
        1,
        "Whoever was born closest to March 15 starts.",
        seat_numbers=True,
    ),
    OptionSpec(
        "teams",
        "Teams",
        ((0, "Off: each alone"), (2, "2 teams"), (3, "3 teams")),
        0,
        "Seats join the teams in turn around the table.",
    ),
    OptionSpec(
        "expert",
        "Expert areas",
        ((False, "the world map only"), (True, "plays the expert areas")),
        False,
        "Lit seats answer on the North America and Europe insets.",
        per_seat=True,
    ),
)


def _roll_odds() -> list[tuple[Roll, float]]:
    out: dict[Roll, float] = {}
    for z in ZONE_FACES:
        for p in PRECISION_FACES:
            key = Roll(z, p)
            out[key] = out.get(key, 0.0) + 1.0 / 36
    return list(out.items())


ROLL_ODDS = _roll_odds()
CAPSTONE_ODDS = [(Capstone(z), 0.25) for z in ZONES]


class UbiState(GameState):
    """A game of Ubi for 2-6 seats, alone or in teams (UBI-1, UBI-17)."""

    game_id = "ubi"
    FIELDS = (
        public(
            "phase", "turn_seat", "turns", "round_no", "box", "zone", "precision", "final",
            "rolled_zone", "rolled_precision", "capstone_zone", "winner_team", "num_teams",
            shape=ATOM,
        ),
        public("team_of", "team_next", "expert_seats", shape=FLAT),
        public("facets", shape=NESTED),  # per team: zones won, in the order won
        public("posed", "last", shape=DEEP),  # the Ubi being asked; the last answer told
        secret("boxes", shape=NESTED),  # the card indices of each box, first card first
        secret("posed_card", shape=ATOM),
    )

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        self.phase = ROLL
        self.turn_seat = 0
        self.turns = 0  # turns begun, all teams together
        self.round_no = 1
        self.box = 0  # the box the next Ubi comes from
        self.zone: str | None = None
        self.precision: str | None = None
        self.final = False  # the Ubi posed is a winning one (UBI-11)
        self.rolled_zone: str | None = None
        self.rolled_precision: str | None = None
        self.capstone_zone: str | None = None
        self.winner_team: int | None = None
        self.num_teams = num_players
        self.team_of: list[int] = list(range(num_players))
        self.team_next: list[int] = [0] * num_players  # each team's next member (index)
        self.expert_seats: list[bool] = [False] * num_players
        self.facets: list[list[str]] = [[] for _ in range(num_players)]
        self.posed: dict[str, Any] | None = None
        self.last: dict[str, Any] | None = None
        self.boxes: list[list[int]] = [[], []]
        self.posed_card: int | None = None

    # ---- derived ------------------------------------------------------------------------------
    @property
    def current_player(self) -> Mover:
        if self.phase == OVER:
            return None
        if self.phase in (ROLL, CAPSTONE):
            return CHANCE
        return self.turn_seat

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def team(self, seat: int) -> int:
        return self.team_of[seat]

    def members(self, team: int) -> list[int]:
        return [s for s in range(self.num_players) if self.team_of[s] == team]

    def sheets_for(self, seat: int) -> tuple[str, ...]:
        """The sheets a seat answers on: the world, and the expert areas if it plays them."""
        return ("W", "N", "E") if self.expert_seats[seat] else ("W",)

    def posed_ubi(self) -> Ubi:
        assert self.posed_card is not None and self.zone is not None
        return load_cards()[self.posed_card].ubi(self.zone)

    # ---- the moves ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == ROLL:
            return [a for a, _ in ROLL_ODDS]
        if phase == CAPSTONE:
            return [a for a, _ in CAPSTONE_ODDS]
        if phase == ZONE:
            return [ChooseZone(z) for z in ZONES]
        if phase == PRECISION:
            return [ChoosePrecision(HEX), ChoosePrecision(TRI)]
        # answers are too many to list (every hexagon and triangle of each sheet the seat may
        # use): a fixed sample of them stands for all (every tenth hexagon, at triangular
        # precision one of its triangles), and is_legal takes any of them
        out: list[Action] = [RedHerring()]
        for key in self.sheets_for(self.turn_seat):
            sheet = G.SHEETS[key]
            numbers = range(1, sheet.count + 1, ANSWER_SAMPLE)
            if self.precision == TRI:
                out += [Answer(key, n, G.LETTERS[(n // ANSWER_SAMPLE) % 6]) for n in numbers]
            else:
                out += [Answer(key, n) for n in numbers]
        return out

    def is_legal(self, action: Action) -> bool:
        kind = type(action)
        if kind is Answer:
            if self.phase != ANSWER or action.sheet not in self.sheets_for(self.turn_seat):
                return False
            if not 1 <= action.number <= G.SHEETS[action.sheet].count:
                return False
            if self.precision == TRI:
                return action.letter is not None and action.letter in G.LETTERS
            return action.letter is None
        if kind is RedHerring:
            return self.phase == ANSWER
        return action in self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == ROLL:
            return list(ROLL_ODDS)
        if self.phase == CAPSTONE:
            return list(CAPSTONE_ODDS)
        return []

    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is Roll:
            self._rolled(action)
        elif kind is ChooseZone:
            self.zone = action.zone
            self.emit("zone", f"{seat_token(self.turn_seat)} chooses {ZONE_NAMES[action.zone]}.",
                      seat=self.turn_seat, zone=action.zone)
            self._after_choice()
        elif kind is ChoosePrecision:
            self.precision = action.precision
            words = "triangular" if action.precision == TRI else "hexagonal"
            self.emit("precision", f"{seat_token(self.turn_seat)} chooses {words} precision.",
                      seat=self.turn_seat, precision=action.precision)
            self._after_choice()
        elif kind is Capstone:
            self.capstone_zone = self.zone = action.zone
            self.precision = TRI
            self.final = True
            self.emit("capstone", f"{seat_token(self.turn_seat)} throws the Rubi Ubi: "
                      f"{ZONE_NAMES[action.zone]}.", seat=self.turn_seat, zone=action.zone)
            self._pose()
        elif kind in (Answer, RedHerring):
            self._answer(action)

    # ---- rolling and posing -------------------------------------------------------------------
    def _rolled(self, roll: Roll) -> None:
        self.rolled_zone, self.rolled_precision = roll.zone, roll.precision
        self.zone = None if roll.zone == EYE else roll.zone
        self.precision = None if roll.precision == EYE else roll.precision
        self.final = False
        self.emit("roll", f"{seat_token(self.turn_seat)} rolls {_face_words(roll)}.",
                  seat=self.turn_seat, zone=roll.zone, precision=roll.precision)
        self._after_choice()

    def _after_choice(self) -> None:
        if self.zone is None:
            self.phase = ZONE
        elif self.precision is None:
            self.phase = PRECISION
        else:
            self._pose()

    def _pose(self) -> None:
        """The Ubi of the zone from the first card of the box in turn (UBI-5). At triangular
        precision a place too near an edge for a fair triangle is passed over: its card goes to
        the back and the next card of the box is drawn (seeds: where the rulebook is silent)."""
        cards = load_cards()
        box = self.boxes[self.box]
        for _ in range(len(box)):
            index = box[0]
            ubi = cards[index].ubi(self.zone)
            # a red herring carries the mark too, on as many as the real places (seeds: UBI-18)
            if self.precision != TRI or ubi.fair_on(self._sheet_for(ubi, self.turn_seat)):
                break
            box.append(box.pop(0))
        index = box[0]
        ubi = cards[index].ubi(self.zone)
        self.posed_card = index
        self.posed = {
            "zone": self.zone,
            "precision": self.precision,
            "text": ubi.text,
            "place": ubi.place,
            "kind": ubi.kind,
            "ghost": ubi.ghost,       # the card's mark is seen with the Ubi (UBI-15)
            "final": self.final,
            "box": self.box,
        }
        self.phase = ANSWER
        self.reveal()  # the Ubi is read out: no taking back the choice that posed it
        how = "triangular" if self.precision == TRI else "hexagonal"
        self.emit("pose", f"A Ubi for {seat_token(self.turn_seat)} ({ZONE_NAMES[self.zone]}, {how}).",
                  seat=self.turn_seat, zone=self.zone, precision=self.precision, words=ubi.text,
                  final=self.final)

    # ---- answering ----------------------------------------------------------------------------
    def _sheet_for(self, ubi: Ubi, seat: int) -> str:
        """Where a seat must answer this Ubi: an expert area for a seat that plays them and a
        place inside one, else the world map (UBI-12)."""
        if self.expert_seats[seat] and ubi.expert is not None:
            return ubi.expert[0]
        return "W"

    def answer_is_right(self, action: Action, ubi: Ubi, seat: int) -> bool:
        """UBI-6, UBI-9, UBI-12: the answer against the card."""
        if isinstance(action, RedHerring):
            return ubi.red_herring
        if ubi.red_herring or not isinstance(action, Answer):
            return False
        if action.sheet != self._sheet_for(ubi, seat):
            return False
        return ubi.accepts(action.sheet, action.number, action.letter)

    def _answer(self, action: Action) -> None:
        seat = self.turn_seat
        team = self.team(seat)
        ubi = self.posed_ubi()
        right = self.answer_is_right(action, ubi, seat)
        given = "That's a red herring" if isinstance(action, RedHerring) else \
            G.SHEETS[action.sheet].label(action.number, action.letter)
        self.last = {
            "seat": seat,
            "given": given,
            "given_sheet": getattr(action, "sheet", None),
            "given_number": getattr(action, "number", None),
            "given_letter": getattr(action, "letter", None),
            "right": right,
            "place": ubi.place,
            "text": ubi.text,
            "zone": self.zone,
            "precision": self.precision,
            "red_herring": ubi.red_herring,
            "ghost": ubi.ghost,
            "lat": ubi.lat,
            "lon": ubi.lon,
            "world": [list(p) for p in ubi.world],
            "expert": [ubi.expert[0], [list(p) for p in ubi.expert[1]]] if ubi.expert else None,
            "answer": _answer_words(ubi),
            "explanation": ubi.explanation,
        }
        self.reveal()
        verdict = "right" if right else "wrong"
        self.emit("answer", f"{seat_token(seat)} answers {given}: {verdict}. {ubi.explanation}",
                  seat=seat, right=right, given=given, answer=self.last["answer"])
        # the card goes to the back of its box; the next Ubi comes from the other box (UBI-5)
        box = self.boxes[self.box]
        box.append(box.pop(0))
        self.box = 1 - self.box
        self.posed, self.posed_card = None, None
        if right:
            if self.final:
                self._win(team)
                return
            if self.precision == TRI and self.zone not in self.facets[team]:
                self.facets[team].append(self.zone)
                self.emit("facet", f"{seat_token(seat)} wins the {ZONE_NAMES[self.zone]} facet "
                          f"({len(self.facets[team])} of 4).", seat=seat, team=team, zone=self.zone)
            self._next_roll()
            return
        if ubi.ghost and self.facets[team]:
            lost = self.facets[team].pop()
            self.emit("ghost", f"Caesar's Ghost speaks: {seat_token(seat)} gives back the "
                      f"{ZONE_NAMES[lost]} facet.", seat=seat, team=team, zone=lost)
        self._pass_turn()

    def _next_roll(self) -> None:
        """A turn starts or goes on (UBI-7): the Rubi Ubi with four facets (UBI-11), else the dice."""
        self.zone = self.precision = None
        self.final = False
        self.phase = CAPSTONE if len(self.facets[self.team(self.turn_seat)]) == 4 else ROLL

    def _pass_turn(self) -> None:
        """To the next team on the left, and its next member (UBI-7, UBI-17); the game stops
        after the last round (UBI-16)."""
        team = (self.team(self.turn_seat) + 1) % self.num_teams
        self.turns += 1
        if self.turns % self.num_teams == 0:
            self.round_no += 1
            if self.round_no > MAX_ROUNDS:
                self.phase = OVER
                self.emit("time_up", f"After {MAX_ROUNDS} rounds the game ends: the most facets win.",
                          ranking=self.ranking())
                return
        self._begin_turn(team)

    def _begin_turn(self, team: int) -> None:
        members = self.members(team)
        self.turn_seat = members[self.team_next[team] % len(members)]
        self.team_next[team] += 1
        self.emit("turn", seat=self.turn_seat)
        self._next_roll()

    def _win(self, team: int) -> None:
        self.winner_team = team
        self.phase = OVER
        names = ", ".join(seat_token(s) for s in self.members(team))
        self.emit("win", f"{names} completes the Rubi with the Rubi Ubi and wins.",
                  seat=self.turn_seat, team=team, ranking=self.ranking())

    # ---- results ------------------------------------------------------------------------------
    def rank_key(self, seat: int) -> tuple:
        team = self.team(seat)
        return (1 if self.winner_team == team else 0, len(self.facets[team]))

    def scores(self) -> list[int]:
        """Facets on the seat's (team's) Rubi, and one more for the Rubi Ubi."""
        return [len(self.facets[self.team(s)]) + (1 if self.winner_team == self.team(s) else 0)
                for s in range(self.num_players)]

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        rows = [(f"{ZONE_NAMES[z]} facet", [1 if z in self.facets[self.team(s)] else 0
                                            for s in range(self.num_players)]) for z in ZONES]
        rows.append(("Rubi Ubi", [1 if self.winner_team == self.team(s) else 0 for s in range(self.num_players)]))
        return rows

    # ---- view ---------------------------------------------------------------------------------
    def view_facts(self, seat: int | None) -> dict[str, Any]:
        return {
            "boxes_count": [len(b) for b in self.boxes],
            "sheets": list(self.sheets_for(self.turn_seat)) if self.phase == ANSWER else [],
        }

    # ---- words --------------------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        kind = type(action)
        if kind is Roll:
            return f"The dice show {_face_words(action)}"
        if kind is ChooseZone:
            return f"Choose the {ZONE_NAMES[action.zone]} zone"
        if kind is ChoosePrecision:
            return "Choose triangular precision" if action.precision == TRI else "Choose hexagonal precision"
        if kind is Answer:
            return f"Answer {G.SHEETS[action.sheet].label(action.number, action.letter)}"
        if kind is RedHerring:
            return "Answer: that's a red herring"
        if kind is Capstone:
            return f"The Rubi Ubi shows {ZONE_NAMES[action.zone]}"
        return kind.__name__

    def explain_illegal(self, action: Action) -> str:
        if self.phase == OVER:
            return "The game is over."
        if isinstance(action, Answer):
            if self.phase != ANSWER:
                return "There is no Ubi to answer now."
            if action.sheet not in self.sheets_for(self.turn_seat):
                return "Only players of the expert areas answer on them."
            if self.precision == TRI and action.letter is None:
                return "Triangular precision: name the triangle too (A, R, C, H, S or E)."
            if self.precision == HEX and action.letter is not None:
                return "Hexagonal precision: the hexagon's number is the answer."
        return "That is not allowed right now."


def _face_words(roll: Roll) -> str:
    zone = "an Ubi eye" if roll.zone == EYE else ZONE_NAMES[roll.zone]
    precision = {HEX: "a hexagon", TRI: "a triangle", EYE: "an Ubi eye"}[roll.precision]
    return f"{zone} and {precision}"


def _either(letters: list[str]) -> str:
    """ "S or E"; "A, R or C"."""
    return letters[0] if len(letters) == 1 else ", ".join(letters[:-1]) + " or " + letters[-1]


#: how many hexagons of a sheet an answer spells out, with one sheet and with two (the map
#: lights every one of them)
ANSWER_HEXES = {1: 4, 2: 3}


def _answer_words(ubi: Ubi) -> str:
    """The card's answer in the rulebook's way, "14-S or E" (UBI-6): a hexagon whose every
    triangle is right is its number alone; a sheet's first few hexagons are spelled out and
    the rest counted, "267, 268-A or R (and 3 more hexagons) / N12-C"."""
    if ubi.red_herring:
        return "That's a red herring"

    spelled = ANSWER_HEXES[2 if ubi.expert else 1]

    def words(sheet: str, pairs) -> str:
        s = G.SHEETS[sheet]
        by_hex: dict[int, list[str]] = {}
        for number, letter in pairs:
            by_hex.setdefault(number, [])
            if letter and letter not in by_hex[number]:
                by_hex[number].append(letter)
        parts = []
        for number, letters in sorted(by_hex.items())[:spelled]:
            whole = not letters or len(letters) == len(G.LETTERS)
            parts.append(s.label(number) + ("" if whole else "-" + _either(letters)))
        more = len(by_hex) - spelled
        return ", ".join(parts) + (f" (and {plural(more, 'more hexagon')})" if more > 0 else "")

    text = words("W", ubi.world)
    if ubi.expert:
        text += " / " + words(ubi.expert[0], ubi.expert[1])
    return text


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> UbiState:
    """The two boxes shuffled, the teams formed, the first player chosen (UBI-2, UBI-5, UBI-17)."""
    opts = {o.key: o.default for o in OPTIONS}
    opts.update(options)
    state = UbiState.started(num_players, seed, opts)
    teams = int(opts.get("teams") or 0)
    state.num_teams = num_players if teams == 0 or teams >= num_players else teams
    state.team_of = [s % state.num_teams for s in range(num_players)]
    state.team_next = [0] * state.num_teams
    state.facets = [[] for _ in range(state.num_teams)]
    expert = next(o for o in OPTIONS if o.key == "expert")
    state.expert_seats = [bool(expert.for_seat(opts.get("expert", False), s)) for s in range(num_players)]
    order = list(range(len(load_cards())))
    state.rng.shuffle(order)
    half = len(order) // 2
    state.boxes = [order[:half], order[half:]]
    first = (int(opts.get("first") or 1) - 1) % num_players
    team = state.team_of[first]
    # the first seat leads its team; its teammates follow it in seat order
    members = state.members(team)
    state.team_next[team] = members.index(first)
    state.emit("start", f"{seat_token(first)} was born closest to the Ides of March and starts.",
               seat=first)
    state.turns = 0
    state._begin_turn(team)
    return state


def determinize(view: dict[str, Any], rng: Rng) -> UbiState:
    """A state consistent with a view: the boxes' order and the posed card are dealt at random
    (the view shows only the boxes' sizes and the Ubi's words, never which card it is)."""
    state = UbiState.sampled(view, rng)
    order = list(range(len(load_cards())))
    state.rng.shuffle(order)
    counts = view["boxes_count"]
    state.boxes = [order[:counts[0]], order[counts[0]:counts[0] + counts[1]]]
    state.posed_card = state.boxes[state.box][0] if state.phase == ANSWER and state.boxes[state.box] else None
    return state
