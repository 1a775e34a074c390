"""Rallyman GT, the rules as one state machine (no pygame). Clause ids RMG-n: seeds/rallyman.md.

A round: every car takes one turn, in the order fixed at the round's start (speed, then
distance, then the inside lane of the next corner; RMG-5). A turn:

    [00 on the marker: BackOnTrack, the turn is over]      [out of a tyre pit: ChooseTyres]
    plan: PlanDie(die, to) ... (TakeBack takes the last one back)   or Wait when boxed in
      -> GoFlatOut: one CHANCE node (Faces: every die's caution faces at once); on a loss of
         control a Placement of the rolled dice that still loses control
      -> GoOneByOne: per step Secure(index)* / RollStep (a CHANCE node, Faces) / StopTurn
    loss of control: the marker 0 or 00 and Draw(token) CHANCE nodes, one per damage token
    a turn ending in gear 1 on a plain edge space: PitStop(service)

Everything is public (no hidden hands); the damage bag is public counts, so the only secret is
the generator. The dice maths lives in dice.py, the track in track.py.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from fractions import Fraction
from math import comb
from collections.abc import Sequence
from typing import Any

from game import assets
from game.core.protocol import CHANCE, Action, GameState, Mover, seat_token
from game.core.registry import OptionSpec
from game.core.state import ATOM, DEEP, FLAT, public, records
from game.core.text import plural

from . import dice as D
from .track import Track, load_track

RULES_VERSION = 2
RULES_FILE = "rallyman.md"  # seeds/rallyman.md
CIRCUITS = ("hairpin-oval", "coast-speedway", "old-town")
CIRCUIT_TITLES = {
    "hairpin-oval": "Hairpin Oval",
    "coast-speedway": "Coast Speedway",
    "old-town": "Old Town",
}
RACE_POINTS = (25, 18, 15, 12, 10, 8)
PIT_SERVICES = ("none", "tyres", "repair", "both")
#: a gear-damage token never takes the last gear die (RMG-30): a car must be able to move
MIN_GEAR_DICE = 1
#: entry_gear's answer when a yellow flag bars passing: higher than any gear
OVERTAKING_BARRED = 99

# phases where a seat decides
PLAN, STEPS, PLACEMENT, PIT, SPUN, TYRES = "plan", "steps", "placement", "pit", "spun", "tyres"
# phases at a CHANCE node
FLAT_ROLL, STEP_ROLL, TOKENS = "flat_roll", "step_roll", "tokens"
#: a championship between two races: the standings, until the leader starts the next race
STANDINGS = "standings"
OVER = "over"


# ---- actions ------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PlanDie(Action):
    """Add one die to the plan: a gear die (1-6, with the brake dice its drop needs) or
    "coast", moving to space `to`, one of the `next` spaces of the plan's last space (RMG-7)."""

    die: int | str
    to: int


@dataclasses.dataclass(frozen=True)
class TakeBack(Action):
    """Take the plan's last die (with its brake dice) back (RMG-7)."""


@dataclasses.dataclass(frozen=True)
class Wait(Action):
    """No die can be planned (the way ahead is blocked): the car stays, stopped (RMG-13)."""


@dataclasses.dataclass(frozen=True)
class GoFlatOut(Action):
    """Roll every planned die at once (RMG-14)."""


@dataclasses.dataclass(frozen=True)
class GoOneByOne(Action):
    """Roll the plan one step at a time (RMG-17)."""


@dataclasses.dataclass(frozen=True)
class Secure(Action):
    """Spend focus so that die `index` of the plan shows no caution (RMG-18)."""

    index: int


@dataclasses.dataclass(frozen=True)
class RollStep(Action):
    """Roll the dice of the next step and move one space (RMG-17)."""


@dataclasses.dataclass(frozen=True)
class StopTurn(Action):
    """End the turn here, leaving the rest of the plan unrolled (RMG-17)."""


@dataclasses.dataclass(frozen=True)
class Faces(Action):
    """A roll's outcome (a CHANCE outcome): the dice that show a caution, by kind, sorted."""

    cautions: tuple[int | str, ...]


@dataclasses.dataclass(frozen=True)
class Placement(Action):
    """After a flat-out loss of control: re-place the rolled dice so that control is lost on
    space `space` in gear `gear` (RMG-16)."""

    space: int
    gear: int


@dataclasses.dataclass(frozen=True)
class Draw(Action):
    """A damage token drawn blind from the bag (a CHANCE outcome; RMG-21)."""

    token: str


@dataclasses.dataclass(frozen=True)
class PitStop(Action):
    """At the end of a turn in gear 1 on a plain edge space: "none" (drive on), "tyres",
    "repair" or "both" (RMG-26)."""

    service: str


@dataclasses.dataclass(frozen=True)
class BackOnTrack(Action):
    """On 00 the whole turn is putting the marker back on 0 (RMG-20)."""


@dataclasses.dataclass(frozen=True)
class NextRace(Action):
    """A championship: line up for the next race (RMG-37)."""


@dataclasses.dataclass(frozen=True)
class ChooseTyres(Action):
    """Leaving a tyre pit stop: fit dry or rain tyres (RMG-27)."""

    tyres: str


ACTION_TYPES = (
    PlanDie,
    TakeBack,
    Wait,
    GoFlatOut,
    GoOneByOne,
    Secure,
    RollStep,
    StopTurn,
    Faces,
    Placement,
    Draw,
    PitStop,
    BackOnTrack,
    ChooseTyres,
    NextRace,
)

OPTIONS = (
    OptionSpec(
        "circuit", "Circuit", tuple((c, CIRCUIT_TITLES[c]) for c in CIRCUITS), "hairpin-oval"
    ),
    OptionSpec(
        "laps",
        "Laps",
        ((0, "The circuit's own"),) + tuple((n, str(n)) for n in range(1, 6)),
        0,
        "How many laps the race runs (the circuit suggests a number).",
    ),
    OptionSpec("weather", "Weather", (("dry", "Dry"), ("rain", "Rain")), "dry"),
    OptionSpec(
        "tyres",
        "Tyres",
        (("match", "For the weather"), ("dry", "Dry tyres"), ("rain", "Rain tyres")),
        "match",
        "Every car starts on the same tyres.",
    ),
    OptionSpec(
        "flying_start",
        "Flying start",
        ((False, "Off"), (True, "On")),
        False,
        "Gear 2 straight from 0; a caution on it ends the turn.",
    ),
    OptionSpec(
        "championship",
        "Championship",
        ((0, "Off: one race"), (2, "2 races"), (3, "3 races")),
        0,
        "Races on the circuits in turn, from the one chosen.",
    ),
)


@functools.cache
def circuit_track(circuit: str) -> Track:
    """The circuit's track, loaded once per process (the map does not change)."""
    if circuit not in CIRCUITS:
        raise ValueError(f"unknown circuit {circuit!r}")
    return load_track(assets.require("maps", f"rallyman-{circuit}.tmx"))


def speed(marker: D.Marker) -> int:
    """A gear marker's speed for the turn order: 0 and 00 both count 0 (RMG-5)."""
    return marker if isinstance(marker, int) else 0


def beside(track: Track, a: int, b: int) -> bool:
    """Whether spaces a and b sit side by side: the same tile, neighbouring lanes, level."""
    return b in track.beside[a]


@dataclasses.dataclass(frozen=True)
class MoveRisk:
    """What the track asks of one move a -> b in a gear (RMG-8 to RMG-11)."""

    extra_cautions: int  # a hazard, an "n!" at gear n, an inside-line caution
    over_limit: bool  # a sure loss of control
    notes: tuple[str, ...]  # the words for a preview

    @functools.cached_property
    def caution_words(self) -> str:
        """The notes that give a caution, as the log names them."""
        return ", ".join(n for n in self.notes if "caution" in n)


#: move_risk's answers: (track, a, b, gear) -> risk (tracks are loaded once and never change)
_RISKS: dict[tuple[Track, int, int, int], MoveRisk] = {}


def move_risk(track: Track, a: int, b: int, gear: int) -> MoveRisk:
    """The cautions and limits the move from a to b meets in that gear."""
    key = (track, a, b, gear)  # the track itself (hashed by identity), kept alive by the key
    risk = _RISKS.get(key)
    if risk is None:
        if len(_RISKS) > 200_000:
            _RISKS.clear()
        risk = _RISKS[key] = _move_risk(track, a, b, gear)
    return risk


def _move_risk(track: Track, a: int, b: int, gear: int) -> MoveRisk:
    sa, sb = track.spaces[a], track.spaces[b]
    extra, over, notes = 0, False, []
    if sb.limit is not None:
        if gear > sb.limit:
            over = True
            notes.append(f"over the limit {sb.limit}")
        else:
            notes.append(f"limit {sb.limit}")
    along = (
        sb.tile_index == sa.tile_index
        and sb.lane == sa.lane
        and sb.row == sa.row + 1
        and (sa.inside_limit is not None or sa.inside_caution)
    )
    if along and sa.inside_limit is not None:
        if gear > sa.inside_limit:
            over = True
            notes.append(f"over the inside line's {sa.inside_limit}")
        else:
            notes.append(f"inside line {sa.inside_limit}")
    if along and sa.inside_caution:
        extra += 1
        notes.append("inside line: a caution")
    if sb.outside_caution is not None and gear == sb.outside_caution:
        extra += 1
        notes.append(f"{sb.outside_caution}!: a caution")
    if sb.hazard:
        extra += 1
        notes.append("hazard: a caution")
    return MoveRisk(extra, over, tuple(notes))


def _kind_key(die: int | str) -> tuple[int, str]:
    return (isinstance(die, str), str(die))


def roll_outcomes(dice_rolled: Sequence[int | str]) -> list[tuple[Faces, float]]:
    """Every outcome of rolling these dice, as the kinds showing a caution, with its chance
    (dice of a kind are alike, so an outcome is a multiset)."""
    return list(_rolled_as_planned(tuple(dice_rolled)))


@functools.lru_cache(maxsize=4096)
def _rolled_as_planned(dice_rolled: tuple[int | str, ...]) -> list[tuple[Faces, float]]:
    # the dice in the plan's order, as they come: the same multiset sorted once, not per roll
    return _roll_outcomes(tuple(sorted(dice_rolled, key=_kind_key)))


@functools.lru_cache(maxsize=4096)
def _roll_outcomes(dice_rolled: tuple[int | str, ...]) -> list[tuple[Faces, float]]:
    counts: dict[int | str, int] = {}
    for d in dice_rolled:
        counts[d] = counts.get(d, 0) + 1
    kinds = sorted(counts, key=_kind_key)
    per_kind = []
    for kind in kinds:
        n, p = counts[kind], float(D.caution_chance(kind))
        per_kind.append([(k, comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)])
    out = []
    for combo in itertools.product(*per_kind):
        cautions: list[int | str] = []
        prob = 1.0
        for kind, (k, p) in zip(kinds, combo):
            cautions += [kind] * k
            prob *= p
        out.append((Faces(tuple(cautions)), prob))
    return out


def _mark_cautions(kinds: list[int | str], cautions: tuple[int | str, ...]) -> list[bool]:
    """Which of these dice show the cautions: the first dice of each kind (they are alike)."""
    left = list(cautions)
    shown = []
    for d in kinds:
        if d in left:
            left.remove(d)
            shown.append(True)
        else:
            shown.append(False)
    return shown


# ---- the state ----------------------------------------------------------------------------

CAR_KEYS = (
    "space",
    "marker",
    "laps_done",
    "focus",
    "tyres",
    "gear_damage",
    "brake_damage",
    "coast_damage",
    "in_pit",
    "pit_tyres",
    "yellow_flag",
    "seconds",
    "turns",
    "turn_ends",  # turns this race ended on each of D.END_MARKERS (a solo time, itemised)
)


@functools.cache
def _plan_die(die: int | str, to: int) -> PlanDie:
    """One PlanDie per (die, space), made once: actions are immutable, and listing the plan's
    options is the hottest loop of a random race."""
    return PlanDie(die, to)


@functools.cache
def _secure(index: int) -> Secure:
    """One Secure per plan index, made once (listed at every step rolled one at a time)."""
    return Secure(index)


_ROLL_CHOICES = (TakeBack(), GoFlatOut(), GoOneByOne())
_WAIT = Wait()


@functools.lru_cache(maxsize=4096)
def _next_dice(
    plan: tuple[int | str, ...],
    marker: D.Marker,
    gears: tuple[int, ...],
    coast: int,
    brake: int,
    flying_start: bool,
) -> tuple[tuple[int | str, int], ...]:
    """The dice that may come next on this plan from that marker with a pool of those gear
    dice, coast and brake dice: (die, gear of its step). A pure function of its arguments, so
    it is cached (plans repeat move after move); the pool comes as its parts, which hash in C."""
    gear = next((d for d in reversed(plan) if D.is_gear_die(d)), None)
    used = {d for d in plan if D.is_gear_die(d)}
    brakes_left = brake - plan.count(D.BRAKE)
    if gear is None:
        if marker == 0:
            starts = (1, 2) if flying_start else (1,)
            return tuple((g, g) for g in starts if g in gears)
        ref = int(marker)
        return tuple(
            (g, g)
            for g in range(min(6, ref + 1), 0, -1)
            if g in gears and max(0, ref - g - 1) <= brakes_left
        )
    out = [
        (g, g)
        for g in range(min(6, gear + 1), 0, -1)
        if g in gears and g not in used and max(0, gear - g - 1) <= brakes_left
    ]
    if plan.count(D.COAST) < coast:
        out.append((D.COAST, gear))
    return tuple(out)


class RallymanState(GameState):
    """A race on one circuit; one seat alone races the clock (RMG-31)."""

    game_id = "rallyman"
    FIELDS = (
        public(
            "phase",
            "circuit",
            "race_no",
            "races",
            "round_no",
            "round_colour",
            "turn_index",
            "weather",
            "laps",
            "race_ending",
            "step",
            "cautions",
            "tokens_left",
            shape=ATOM,
        ),
        public(
            "order", "order_reasons", "finishers", "plan", "path", "secured", "moved", shape=FLAT
        ),
        public("bag", "series", "points", "wins", shape=FLAT),
        public("faces", "placements", "loss", "race_results", shape=DEEP),
        records("cars", public=CAR_KEYS),
    )

    def __init__(self, num_players: int) -> None:
        super().__init__(num_players)
        self.phase = PLAN
        self.circuit = CIRCUITS[0]
        self.race_no = 1  # the race being run, from 1
        self.races = 1  # races in the championship (1: a single race)
        self.series: list[str] = []  # the championship's circuits, in racing order
        self.points: list[int] = [0] * num_players  # championship points (solo: seconds)
        self.wins: list[int] = [0] * num_players
        self.race_results: list[dict[str, Any]] = []  # each race run: circuit, places, points
        self.round_no = 0
        self.round_colour = "white"
        self.turn_index = 0
        self.weather = "dry"
        self.laps = 3
        self.race_ending = False
        self.step = 0  # one at a time: the next step to roll
        self.cautions = 0  # cautions piled up this turn
        self.tokens_left = 0  # damage tokens still to draw
        self.loss: list | None = None  # [space, gear] of this turn's loss of control
        self.order: list[int] = []
        self.order_reasons: list[str] = []
        self.finishers: list[int] = []
        self.plan: list[int | str] = []  # dice in rolling order (brake dice before their gear)
        self.path: list[int] = []  # the space of each step of the plan
        self.secured: list[int] = []  # plan indices secured with focus this turn
        self.moved: list[int] = []  # spaces moved this turn, in order
        self.bag: dict[str, int] = dict(D.DAMAGE_BAG)
        self.faces: list[list] = []  # [die, face] rolled this turn
        self.placements: list[dict[str, Any]] = []
        self.cars: list[dict[str, Any]] = []

    # ---- derived --------------------------------------------------------------------------
    @property
    def track(self) -> Track:
        return circuit_track(self.circuit)

    @property
    def flying_start(self) -> bool:
        return bool(self.options.get("flying_start", False))

    @property
    def seat(self) -> int:
        """The seat whose turn it is."""
        return self.order[self.turn_index]

    def car(self, seat: int | None = None) -> dict[str, Any]:
        return self.cars[self.seat if seat is None else seat]

    def board(self, seat: int) -> D.Dashboard:
        return D.dashboard(self.cars[seat]["tyres"], self.weather)

    def pool(self, seat: int) -> D.Pool:
        """The dice the car may plan with: its dashboard less its damage (RMG-28)."""
        c = self.cars[seat]
        return D.dice_pool(
            c["tyres"], self.weather, c["gear_damage"], c["coast_damage"], c["brake_damage"]
        )

    def caution_limit(self, seat: int) -> int:
        return self.board(seat).caution_limit

    def distance(self, seat: int) -> int:
        c = self.cars[seat]
        return self.track.lap_progress(c["space"], c["laps_done"])

    def occupied(self, seat: int) -> dict[int, int]:
        """Spaces of the other cars on the track (cars in the pit block nothing): space -> seat."""
        return {c["space"]: s for s, c in enumerate(self.cars) if s != seat and not c["in_pit"]}

    def yellow_flag_out(self, seat: int) -> bool:
        """A yellow flag of another car is out (the mover's own goes as it moves; RMG-23)."""
        return any(c["yellow_flag"] for s, c in enumerate(self.cars) if s != seat)

    # ---- whose turn -----------------------------------------------------------------------
    @property
    def current_player(self) -> Mover:
        if self.phase == OVER:
            return None
        if self.phase in (FLAT_ROLL, STEP_ROLL, TOKENS):
            return CHANCE
        if self.phase == STANDINGS:
            return self.standings()[0]
        return self.seat

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    # ---- planning -------------------------------------------------------------------------
    def plan_gear(self) -> int | None:
        """The gear of the plan's last step (None before the first gear die)."""
        for d in reversed(self.plan):
            if D.is_gear_die(d):
                return d
        return None

    def entry_gear(
        self, seat: int, b: int, taken: dict[int, int], track: Track | None = None
    ) -> int | None:
        """The lowest gear in which the car of `seat` may enter b (None: b is taken): a car
        beside it asks for its speed, and a yellow flag out bars passing (RMG-12, RMG-23).
        `track`, when given, saves looking the circuit up again in a hot loop."""
        if b in taken:
            return None
        low = 0
        for space in (track or self.track).beside[b]:
            other = taken.get(space)
            if other is not None:
                if self.yellow_flag_out(seat):
                    return OVERTAKING_BARRED
                low = max(low, speed(self.cars[other]["marker"]))
        return low

    def _move_ok(self, seat: int, a: int, b: int, gear: int, taken: dict[int, int]) -> bool:
        """Whether a car may enter b from a in that gear: free, and overtaking allowed (RMG-12)."""
        low = self.entry_gear(seat, b, taken)
        return low is not None and gear >= low

    def _entry_gears(self, seat: int, track: Track, spaces: Any) -> dict[int, int]:
        """For each of these next spaces that is free and off the plan, the lowest gear that may
        enter it (entry_gear, once per space rather than once per die)."""
        taken = self.occupied(seat)
        path = self.path
        need: dict[int, int] = {}
        for b in spaces:
            if b not in path:
                low = self.entry_gear(seat, b, taken, track)
                if low is not None:
                    need[b] = low
        return need

    # plan_options and _plan_die_ok are the hottest code of a random race (a listing and a
    # check for every die planned): _planning reads the seat, the car and the track once.
    def _planning(self) -> tuple[int, dict[str, Any], Track, int]:
        """The seat planning, its car, the track and the space the plan has reached."""
        seat = self.order[self.turn_index]
        car = self.cars[seat]
        return seat, car, circuit_track(self.circuit), self.path[-1] if self.path else car["space"]

    def plan_options(self) -> list[PlanDie]:
        """The dice that may go on the plan next, each with every space it may move to."""
        seat, car, track, here = self._planning()
        need = self._entry_gears(seat, track, track.spaces[here].next)
        if not need:
            return []
        return [
            _plan_die(die, b)
            for die, g in self._dice_next(seat, car)
            for b, low in need.items()
            if g >= low
        ]

    def _plan_die_ok(self, action: PlanDie) -> bool:
        """Whether this one die may go on the plan now: plan_options' test for one action, so
        that checking a click does not list every die and space."""
        seat, car, track, here = self._planning()
        to = action.to
        if to not in track.spaces[here].next:
            return False
        need = self._entry_gears(seat, track, (to,))
        if not need:
            return False
        low, die = need[to], action.die
        return any(d == die and g >= low for d, g in self._dice_next(seat, car))

    def _dice_next(self, seat: int, car: dict[str, Any]) -> tuple[tuple[int | str, int], ...]:
        """The dice that may come next on the plan of `seat` (whose car is `car`), each with the
        gear of its step."""
        pool = self.pool(seat)
        return _next_dice(
            tuple(self.plan), car["marker"], pool.gears, pool.coast, pool.brake, self.flying_start
        )

    def plan_steps(self) -> tuple[D.Step, ...]:
        return D.steps(self.plan) if self.plan else ()

    def line_steps(self) -> int:
        """How many of the plan's steps are rolled: every one, but on the last lap only those up
        to the step that crosses the finish line, where the car stops; the dice past the line
        play no part (RMG-29). Counted from the step the car is on (0 before rolling)."""
        car, n = self.car(), len(self.path)
        if car["laps_done"] < self.laps - 1:
            return n
        here = car["space"]
        for s in range(self.step, n):
            to = self.path[s]
            if self.track.crosses_finish(here, to):
                return s + 1
            here = to
        return n

    def rolled_dice(self) -> list[int | str]:
        """The plan's dice that a flat-out roll rolls: those of its first `line_steps` steps."""
        n = self.line_steps()
        if not n:
            return []
        return list(self.plan[: self.plan_steps()[n - 1].plan_indices[-1] + 1])

    def plan_risks(self) -> list[MoveRisk]:
        """What the track asks of each step of the plan."""
        out, here = [], self.car()["space"]
        for st, space in zip(self.plan_steps(), self.path):
            out.append(move_risk(self.track, here, space, st.gear))
            here = space
        return out

    def _flying(self) -> bool:
        return self.flying_start and D.uses_flying_start(self.plan, self.car()["marker"])

    # ---- legal actions --------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase in (FLAT_ROLL, STEP_ROLL, TOKENS):
            return [a for a, _ in self.chance_outcomes()]
        if phase == SPUN:
            return [BackOnTrack()]
        if phase == STANDINGS:
            return [NextRace()]
        if phase == TYRES:
            return [ChooseTyres(t) for t in D.TYRES]
        if phase == PIT:
            return [PitStop(s) for s in PIT_SERVICES]
        if phase == PLACEMENT:
            return [Placement(p["space"], p["gear"]) for p in self.placements]
        if phase == PLAN:
            out: list[Action] = self.plan_options()
            if self.plan:
                out += _ROLL_CHOICES
            elif not out:
                out.append(_WAIT)
            return out
        # STEPS: secure the step's dice, roll them, or stop
        out = []
        st = self.plan_steps()[self.step]
        cost = D.next_focus_cost(len(self.secured))
        if self.car()["focus"] >= cost:
            out += [_secure(i) for i in st.plan_indices if i not in self.secured]
        out.append(RollStep())
        if self.step > 0:
            out.append(StopTurn())
        return out

    def is_legal(self, action: Action) -> bool:
        kind = type(action)
        if kind is PlanDie:
            return self.phase == PLAN and self._plan_die_ok(action)
        if self.phase == PLAN and kind in (TakeBack, GoFlatOut, GoOneByOne):
            return bool(self.plan)  # legal_actions' own test, without listing every die
        return action in self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == FLAT_ROLL:
            return roll_outcomes(self.rolled_dice())
        if self.phase == STEP_ROLL:
            st = self.plan_steps()[self.step]
            rolled = [d for d, i in zip(st.dice, st.plan_indices) if i not in self.secured]
            return roll_outcomes(rolled)
        if self.phase == TOKENS:
            return [(Draw(t), float(p)) for t, p in D.draw_odds(self.bag)]
        return []

    # ---- apply ----------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is PlanDie:
            self._plan_die(action)
        elif kind is TakeBack:
            self._take_back()
        elif kind is Wait:
            self._wait()
        elif kind is NextRace:
            self._next_race()
        elif kind is GoFlatOut:
            self.phase = FLAT_ROLL
            self.emit(
                "flat_out",
                f"{seat_token(self.seat)} goes flat out with {plural(len(self.plan), 'die', 'dice')}.",
                seat=self.seat,
                plan=list(self.plan),
                path=list(self.path),
            )
        elif kind is GoOneByOne:
            self.phase, self.step = STEPS, 0
            self.emit(
                "one_by_one",
                f"{seat_token(self.seat)} rolls one step at a time.",
                seat=self.seat,
                plan=list(self.plan),
                path=list(self.path),
            )
        elif kind is Secure:
            self._secure(action.index)
        elif kind is RollStep:
            self.phase = STEP_ROLL
        elif kind is StopTurn:
            self.emit("stop", f"{seat_token(self.seat)} stops the turn.", seat=self.seat)
            self._turn_done()
        elif kind is Faces:
            if self.phase == FLAT_ROLL:
                self._flat_out_faces(action.cautions)
            else:
                self._step_faces(action.cautions)
        elif kind is Placement:
            self._place(action)
        elif kind is Draw:
            self._draw(action.token)
        elif kind is PitStop:
            self._pit(action.service)
        elif kind is BackOnTrack:
            self._back_on_track()
        elif kind is ChooseTyres:
            self._tyres(action.tyres)

    def _plan_die(self, action: PlanDie) -> None:
        die = action.die
        if D.is_gear_die(die):
            ref = self.plan_gear()
            ref = ref if ref is not None else speed(self.car()["marker"])
            self.plan += [D.BRAKE] * max(0, ref - int(die) - 1) + [die]
        else:
            self.plan.append(die)
        self.path.append(action.to)
        if self.logging:  # the hottest move of a random race: no copy when nobody listens
            self.emit("planned", seat=self.seat, die=die, to=action.to, plan=list(self.plan))

    def _take_back(self) -> None:
        last = self.plan.pop()
        if D.is_gear_die(last):
            while self.plan and self.plan[-1] == D.BRAKE:
                self.plan.pop()
        self.path.pop()
        self.emit("unplanned", seat=self.seat, die=last, plan=list(self.plan))

    def _wait(self) -> None:
        car = self.car()
        self.emit("wait", f"{seat_token(self.seat)} is boxed in and waits.", seat=self.seat)
        car["marker"] = 0
        self._finish_turn()

    def _secure(self, index: int) -> None:
        cost = D.next_focus_cost(len(self.secured))
        self.car()["focus"] -= cost
        self.secured.append(index)
        die = self.plan[index]
        self.emit(
            "secure",
            f"{seat_token(self.seat)} spends {cost} focus to secure the {_die_words(die)} die.",
            seat=self.seat,
            index=index,
            die=die,
            cost=cost,
        )

    # ---- moving ---------------------------------------------------------------------------
    def _roll_events(self, kinds: list[int | str], shown: list[bool]) -> None:
        for die, caution in zip(kinds, shown):
            face = D.CAUTION if caution else (die if D.is_gear_die(die) else D.BLANK)
            self.faces.append([die, face])
            if self.logging:  # a die's event and words, per die: none when nobody listens
                self.emit(
                    "die",
                    f"{seat_token(self.seat)}'s {_die_words(die)} die shows a caution."
                    if caution
                    else "",
                    seat=self.seat,
                    die=die,
                    face=face,
                )

    def _move(self, to: int, gear: int) -> bool:
        """Move the car one space; True when it just crossed the line on its last lap."""
        seat, car = self.seat, self.car()
        here = car["space"]
        car["space"] = to
        car["in_pit"] = False
        if car["yellow_flag"]:
            car["yellow_flag"] = False
            self.emit("flag_off", f"{seat_token(seat)}'s yellow flag is taken in.", seat=seat)
        self.moved.append(to)
        if self.logging:
            self.emit("move", seat=seat, frm=here, to=to, gear=gear)
        if self.track.crosses_finish(here, to):
            car["laps_done"] += 1
            if car["laps_done"] >= self.laps:
                self.finishers.append(seat)
                self.emit(
                    "finish",
                    f"{seat_token(seat)} takes the chequered flag (place {len(self.finishers)}).",
                    seat=seat,
                    place=len(self.finishers),
                )
                if not self.race_ending:
                    self.race_ending = True
                return True
            if car["laps_done"] > 0:
                self.emit(
                    "lap",
                    f"{seat_token(seat)} starts lap {car['laps_done'] + 1} of {self.laps}.",
                    seat=seat,
                    lap=car["laps_done"] + 1,
                )
        return False

    def _add_cautions(self, n: int, why: str) -> None:
        if n:
            self.cautions += n
            if not self.logging:
                return
            self.emit(
                "caution",
                f"{seat_token(self.seat)}: {why} ({self.cautions} of {self.caution_limit(self.seat)}).",
                seat=self.seat,
                added=n,
                total=self.cautions,
                why=why,
            )

    def _step_at(self, s: int, shown_dice: int, ignore_loss: bool = False) -> str:
        """Move step s of the plan with `shown_dice` cautions from its dice: "loss" when control
        is lost there, "finish" when the car finished, else "". With `ignore_loss` (a flat-out
        flying start's caution, RMG-33) control is kept whatever the step meets."""
        st = self.plan_steps()[s]
        here = self.car()["space"]
        to = self.path[s]
        risk = move_risk(self.track, here, to, st.gear)
        finished = self._move(to, st.gear)
        self._add_cautions(
            shown_dice, "a caution on the dice" if shown_dice == 1 else "cautions on the dice"
        )
        if risk.extra_cautions:
            self._add_cautions(risk.extra_cautions, risk.caution_words)
        if not ignore_loss and (
            risk.over_limit or self.cautions >= self.caution_limit(self.seat)
        ):
            self._lose_control(
                to, st.gear, "over the limit" if risk.over_limit else "too many cautions"
            )
            return "loss"
        return "finish" if finished else ""

    def _flat_out_faces(self, cautions: tuple[int | str, ...]) -> None:
        seat, car = self.seat, self.car()
        rolled = self.rolled_dice()  # on the last lap, the dice past the line are not rolled
        shown = _mark_cautions(rolled, cautions)
        self._roll_events(rolled, shown)
        gained = D.flat_out_focus(rolled)
        car["focus"] += gained  # earned even on a loss of control (RMG-15)
        self.emit("focus", f"{seat_token(seat)} earns {gained} focus.", seat=seat, gained=gained)
        plan_steps = self.plan_steps()[: self.line_steps()]
        if self._flying() and shown[plan_steps[0].plan_indices[-1]]:
            # the flying start's gear 2 shows a caution: the car moves one space and the turn
            # ends there in gear 2; flat out, a loss of control with it is ignored (RMG-33)
            self._step_at(0, sum(shown[i] for i in plan_steps[0].plan_indices), ignore_loss=True)
            self.emit(
                "flying_stop",
                f"{seat_token(seat)}'s flying start shows a caution: the turn ends.",
                seat=seat,
            )
            self._turn_done()
            return
        # would the plan as rolled, in its own order, lose control? (cautions only add up, so
        # which die of a kind shows one does not matter, up to the line)
        limit, count, here, lost = self.caution_limit(seat), 0, car["space"], False
        for s, st in enumerate(plan_steps):
            risk = move_risk(self.track, here, self.path[s], st.gear)
            count += sum(shown[i] for i in st.plan_indices) + risk.extra_cautions
            if risk.over_limit or count >= limit:
                lost = True
                break
            here = self.path[s]
        if not lost:
            for s, st in enumerate(plan_steps):
                if self._step_at(s, sum(shown[i] for i in st.plan_indices)):
                    break
            if self.phase == FLAT_ROLL:
                self._turn_done()
            return
        self.placements = self._loss_placements(rolled, shown)
        self.phase = PLACEMENT
        if len(self.placements) == 1:
            only = self.placements[0]
            self._place(Placement(only["space"], only["gear"]))

    def _loss_placements(self, rolled: list[int | str], shown: list[bool]) -> list[dict[str, Any]]:
        """Every (space, gear) where the rolled dice, re-placed (some may be left out), lose
        control, each with one placement that gets there (RMG-16). `shown[i]`: die i of
        `rolled` shows a caution."""
        seat, car = self.seat, self.car()
        track, limit, marker = self.track, self.caution_limit(seat), car["marker"]
        gears = {d: shown[i] for i, d in enumerate(rolled) if D.is_gear_die(d)}
        coast = [shown[i] for i, d in enumerate(rolled) if d == D.COAST]
        brake = [shown[i] for i, d in enumerate(rolled) if d == D.BRAKE]
        taken = self.occupied(seat)
        last_lap = car["laps_done"] >= self.laps - 1
        found: dict[tuple[int, int], dict[str, Any]] = {}
        seen: set = set()
        # The search visits the same moves and the same dice left many times over: each is
        # worked out once. A step (a, b, gear) is its MoveRisk, or None where b may not be
        # entered; the gear dice used are bits of an int.
        step_of: dict[tuple[int, int, int], MoveRisk | None] = {}
        moves_of: dict[tuple, list[tuple[int, tuple, int, int, int, bool | None]]] = {}
        nexts = [sp.next for sp in track.spaces]

        def step(a: int, b: int, g: int) -> MoveRisk | None:
            key = (a, b, g)
            if key in step_of:
                return step_of[key]
            risk = move_risk(track, a, b, g) if self._move_ok(seat, a, b, g, taken) else None
            step_of[key] = risk
            return risk

        def moves(
            gear: int | None, used: int, cs: int, cc: int, bs: int, bc: int
        ) -> list[tuple[int, tuple, int, int, int, bool | None]]:
            """(gear, dice used, cautions they show, caution brakes, safe brakes, coast face)
            for every die or dice that may move the car next."""
            key = (gear, used, cs, cc, bs, bc)
            got = moves_of.get(key)
            if got is not None:
                return got
            out: list[tuple[int, tuple, int, int, int, bool | None]] = []
            if gear is None and marker == 0:
                starts = (1, 2) if self.flying_start else (1,)
                out += [
                    (g, (g,), int(gears[g]), 0, 0, None)
                    for g in starts
                    if g in gears and not used >> g & 1
                ]
            else:
                ref = gear if gear is not None else int(marker)
                for g, c in gears.items():
                    if used >> g & 1 or g > ref + 1:
                        continue
                    need = max(0, ref - g - 1)
                    for k in range(min(need, bc) + 1):  # k of them show a caution
                        if need - k <= bs:
                            out.append(
                                (g, (D.BRAKE,) * need + (g,), int(c) + k, k, need - k, None)
                            )
                if gear is not None:
                    if cs:
                        out.append((gear, (D.COAST,), 0, 0, 0, False))
                    if cc:
                        out.append((gear, (D.COAST,), 1, 0, 0, True))
            moves_of[key] = out
            return out

        def grow(
            here: int,
            gear: int | None,
            used: int,
            cs: int,
            cc: int,
            bs: int,
            bc: int,
            count: int,
            dice_so_far: tuple,
            spaces: tuple,
        ) -> None:
            key = (here, gear, used, cs, cc, bs, bc, count)
            if key in seen:
                return
            seen.add(key)
            for g, dice_used, c, kb, sb, coast_face in moves(gear, used, cs, cc, bs, bc):
                for b in nexts[here]:
                    if b in spaces:
                        continue
                    risk = step(here, b, g)
                    if risk is None:
                        continue
                    if gear is None and marker == 0 and g == 2 and c:
                        continue  # a flying start's caution ends the turn: no loss (RMG-33)
                    total = count + c + risk.extra_cautions
                    new_dice = dice_so_far + dice_used
                    new_spaces = spaces + (b,)
                    if risk.over_limit or total >= limit:
                        if (b, g) not in found:
                            found[(b, g)] = {
                                "space": b,
                                "gear": g,
                                "dice": list(new_dice),
                                "path": list(new_spaces),
                                "cautions": total,
                                "over_limit": risk.over_limit,
                                # what it costs, for the panel and the bots' choice
                                "tokens": D.damage_tokens(g, track.spaces[b].danger),
                                "marker": D.marker_after_loss(g, track.spaces[b].danger),
                            }
                        continue
                    if last_lap and track.crosses_finish(here, b):
                        continue  # crossing the line ends the race for the car
                    if coast_face is None:
                        grow(
                            b, g, used | 1 << g, cs, cc, bs - sb, bc - kb, total, new_dice,
                            new_spaces,
                        )
                    else:
                        grow(
                            b,
                            g,
                            used,
                            cs - (not coast_face),
                            cc - coast_face,
                            bs,
                            bc,
                            total,
                            new_dice,
                            new_spaces,
                        )

        grow(
            car["space"],
            None,
            0,
            coast.count(False),
            coast.count(True),
            brake.count(False),
            brake.count(True),
            0,
            (),
            (car["space"],),
        )
        # two gears that end alike on a space (same marker, same tokens) are one choice: keep
        # the lower gear, so the list stays short
        alike: dict[tuple, dict[str, Any]] = {}
        for key in sorted(found):
            p = found[key]
            alike.setdefault((p["space"], str(p["marker"]), p["tokens"]), p)
        return sorted(alike.values(), key=lambda p: (p["space"], p["gear"]))

    def _place(self, action: Placement) -> None:
        choice = next(
            p for p in self.placements if p["space"] == action.space and p["gear"] == action.gear
        )
        seat = self.seat
        self.emit(
            "placement",
            f"{seat_token(seat)} places the dice to lose control in gear {action.gear}.",
            seat=seat,
            dice=choice["dice"],
            path=choice["path"][1:],
        )
        self.placements = []
        gear_at = [st.gear for st in D.steps(choice["dice"])]
        spaces = choice["path"][1:]
        for to, g in zip(spaces, gear_at):
            self._move(to, g)
        self.cautions = choice["cautions"]
        self._lose_control(
            spaces[-1],
            gear_at[-1],
            "over the limit" if choice["over_limit"] else "too many cautions",
        )

    def _step_faces(self, cautions: tuple[int | str, ...]) -> None:
        st = self.plan_steps()[self.step]
        rolled = [(d, i) for d, i in zip(st.dice, st.plan_indices) if i not in self.secured]
        shown = _mark_cautions([d for d, _ in rolled], cautions)
        for d, i in zip(st.dice, st.plan_indices):
            if i in self.secured:
                self.faces.append([d, "secured"])
        self._roll_events([d for d, _ in rolled], shown)
        flying_caution = (
            self.step == 0
            and self._flying()
            and any(s for (d, _), s in zip(rolled, shown) if d == st.gear and D.is_gear_die(d))
        )
        result = self._step_at(self.step, sum(shown))
        if result == "loss":
            return
        self.step += 1
        if result == "finish" or self.step >= len(self.plan_steps()):
            self._turn_done()
        elif flying_caution:
            self.emit(
                "flying_stop",
                f"{seat_token(self.seat)}'s flying start shows a caution: the turn ends.",
                seat=self.seat,
            )
            self._turn_done()
        else:
            self.phase = STEPS

    # ---- loss of control and damage -------------------------------------------------------
    def _lose_control(self, space: int, gear: int, why: str) -> None:
        seat, car = self.seat, self.car()
        danger = self.track.spaces[space].danger
        marker = D.marker_after_loss(gear, danger)
        tokens = D.damage_tokens(gear, danger)
        car["marker"] = marker
        self.loss = [space, gear]
        where = "off the track, 00" if marker == D.SPUN else "stopped on 0"
        damage = f", {plural(tokens, 'damage token')}" if tokens else ""
        self.emit(
            "loss",
            f"{seat_token(seat)} loses control in gear {gear} ({why}): {where}{damage}.",
            seat=seat,
            space=space,
            gear=gear,
            marker=marker,
            tokens=tokens,
        )
        self.tokens_left = tokens
        self.phase = TOKENS if tokens else self.phase
        if not tokens:
            self._finish_turn()

    def _draw(self, token: str) -> None:
        seat, car = self.seat, self.car()
        self.tokens_left -= 1
        kept = True
        if token == D.GEAR_DAMAGE:
            if len(D.GEARS) - car["gear_damage"] > MIN_GEAR_DICE:
                car["gear_damage"] += 1
            else:
                kept = False
        elif token in (D.BRAKE_DAMAGE, D.COAST_DAMAGE):
            # a token for a kind of die the car no longer has takes nothing: it goes back into
            # the bag (RMG-39)
            kind = D.BRAKE if token == D.BRAKE_DAMAGE else D.COAST
            if self.pool(seat).count(kind) > 0:
                car[f"{kind}_damage"] += 1
            else:
                kept = False
        if token in D.DICE_DAMAGE and kept:
            self.bag = D.bag_after_draw(self.bag, token)
        words = {
            D.GEAR_DAMAGE: "loses a gear die" if kept else "keeps its last gear die",
            D.BRAKE_DAMAGE: "loses a brake die" if kept else "has no brake die left to lose",
            D.COAST_DAMAGE: "loses a coast die" if kept else "has no coast die left to lose",
            D.WEATHER_CHANGE: "draws a weather change",
            D.YELLOW_FLAG: "draws a yellow flag",
            D.GREEN_FLAG: "draws a green flag: no harm done",
        }[token]
        self.emit("token", f"{seat_token(seat)} {words}.", seat=seat, token=token)
        if token == D.WEATHER_CHANGE:
            self.weather = "rain" if self.weather == "dry" else "dry"
            self.emit(
                "weather",
                "The weather turns wet." if self.weather == "rain" else "The weather turns dry.",
                weather=self.weather,
            )
        elif token == D.YELLOW_FLAG:
            car["yellow_flag"] = True
        if self.tokens_left <= 0:
            self._finish_turn()

    # ---- the end of a turn, pits, 00 --------------------------------------------------------
    def _turn_done(self) -> None:
        """The car moved without losing control: the marker is the last step's gear; in gear 1
        on a plain edge space it may stop in the pit (RMG-26)."""
        seat, car = self.seat, self.car()
        done = len(self.moved)
        if done:
            car["marker"] = D.steps(self.plan)[done - 1].gear
            self.emit(
                "moved",
                f"{seat_token(seat)} moves {plural(done, 'space')} and ends in gear "
                f"{car['marker']}.",
                seat=seat,
                spaces=list(self.moved),
                marker=car["marker"],
            )
        if (
            car["marker"] == 1
            and car["space"] in self.track.pit_entries
            and seat not in self.finishers
        ):
            self.phase = PIT
            return
        self._finish_turn()

    def _pit(self, service: str) -> None:
        seat, car = self.seat, self.car()
        if service != "none":
            car["in_pit"] = True
            car["marker"] = 0 if service == "tyres" else D.SPUN
            car["pit_tyres"] = service in ("tyres", "both")
            if service in ("repair", "both"):
                for key, token in (
                    ("gear_damage", D.GEAR_DAMAGE),
                    ("brake_damage", D.BRAKE_DAMAGE),
                    ("coast_damage", D.COAST_DAMAGE),
                ):
                    self.bag[token] += car[key]
                    car[key] = 0
            work = {"tyres": "tyres", "repair": "repairs", "both": "tyres and repairs"}[service]
            self.emit(
                "pit",
                f"{seat_token(seat)} pulls into the pit ({work}).",
                seat=seat,
                service=service,
                marker=car["marker"],
            )
        self._finish_turn()

    def _back_on_track(self) -> None:
        car = self.car()
        car["marker"] = 0
        self.emit(
            "back_on", f"{seat_token(self.seat)} gets back on the track on 0.", seat=self.seat
        )
        self._finish_turn()

    def _tyres(self, tyres: str) -> None:
        car = self.car()
        car["tyres"] = tyres
        car["pit_tyres"] = False
        self.emit(
            "tyres", f"{seat_token(self.seat)} fits {tyres} tyres.", seat=self.seat, tyres=tyres
        )
        self.phase = PLAN

    def _finish_turn(self) -> None:
        car = self.car()
        car["turns"] += 1
        car["seconds"] += D.solo_turn_seconds(car["marker"])
        car["turn_ends"][D.END_MARKERS.index(car["marker"])] += 1
        self.plan, self.path, self.secured, self.moved = [], [], [], []
        self.faces, self.placements, self.loss = [], [], None
        self.cautions = self.step = self.tokens_left = 0
        self.turn_index += 1
        if self.turn_index >= len(self.order):
            if self.race_ending:
                self._race_over()
                return
            self._new_round()
        else:
            self._begin_turn()

    def _new_round(self) -> None:
        """Fix the order for the round (RMG-5) and flip the round marker (RMG-4)."""
        self.round_no += 1
        self.round_colour = "white" if self.round_no % 2 == 1 else "black"
        keys = {s: self.order_key(s) for s in range(self.num_players)}
        self.order = sorted(range(self.num_players), key=lambda s: keys[s], reverse=True)
        reasons = []
        for a, b in zip(self.order, self.order[1:]):
            ka, kb = keys[a], keys[b]
            reasons.append(
                "speed"
                if ka[0] != kb[0]
                else "distance"
                if ka[1] != kb[1]
                else "inside"
                if ka[2] != kb[2]
                else "seat"
            )
        self.order_reasons = reasons + ["last"]
        self.turn_index = 0
        names = ", ".join(seat_token(s) for s in self.order)
        self.emit(
            "round",
            f"Round {self.round_no} ({self.round_colour}): {names}.",
            round=self.round_no,
            colour=self.round_colour,
            order=list(self.order),
            reasons=list(self.order_reasons),
        )
        self._begin_turn()

    def order_key(self, seat: int) -> tuple[int, int, int, int]:
        """Larger plays first: speed, distance, the inside lane of the next corner, then the
        lower seat (RMG-5)."""
        car = self.cars[seat]
        return (
            speed(car["marker"]),
            self.distance(seat),
            -self.track.inside_rank(car["space"]),
            -seat,
        )

    def _begin_turn(self) -> None:
        seat, car = self.seat, self.car()
        self.phase = SPUN if car["marker"] == D.SPUN else TYRES if car["pit_tyres"] else PLAN
        self.emit("turn", seat=seat, phase=self.phase)

    # ---- races and the championship ---------------------------------------------------------
    def _start_race(self, grid: list[int]) -> None:
        """Line the cars up on the circuit of race `race_no`: grid[i] starts on box i, every
        car on gear 0 with fresh tyres, no damage and no focus (RMG-2, RMG-3)."""
        self.circuit = self.series[self.race_no - 1]
        track = circuit_track(self.circuit)
        opts = self.options
        self.laps = int(opts["laps"]) or track.laps_default
        self.weather = opts["weather"]
        tyres = opts["weather"] if opts["tyres"] == "match" else opts["tyres"]
        box_of = {seat: i for i, seat in enumerate(grid)}
        self.cars = [
            {
                "space": track.grid[box_of[s]],
                "marker": 0,
                "laps_done": -1,
                "focus": 0,
                "tyres": tyres,
                "gear_damage": 0,
                "brake_damage": 0,
                "coast_damage": 0,
                "in_pit": False,
                "pit_tyres": False,
                "yellow_flag": False,
                "seconds": 0,
                "turns": 0,
                "turn_ends": [0] * len(D.END_MARKERS),
            }
            for s in range(self.num_players)
        ]
        self.bag = dict(D.DAMAGE_BAG)
        self.finishers, self.race_ending, self.round_no = [], False, 0
        if self.races > 1:
            self.emit(
                "race",
                f"Race {self.race_no} of {self.races}: {CIRCUIT_TITLES[self.circuit]}, "
                f"{plural(self.laps, 'lap')}.",
                race=self.race_no,
                circuit=self.circuit,
            )
        self.emit(
            "grid",
            "The grid: " + ", ".join(seat_token(s) for s in grid) + ".",
            grid=[track.grid[i] for i in range(len(grid))],
        )
        self._new_round()

    def race_key(self, seat: int) -> tuple:
        """This race's place: finishers in order of crossing, then the others by distance
        (RMG-29); solo: the time."""
        if self.num_players == 1:
            return (-self.solo_time(seat),)
        if seat in self.finishers:
            return (1, -self.finishers.index(seat), 0)
        return (0, 0, self.distance(seat))

    def race_order(self) -> list[int]:
        """The seats by their place in this race (equal keys share the place's order by seat)."""
        return sorted(range(self.num_players), key=lambda s: (self.race_key(s), -s), reverse=True)

    def _race_over(self) -> None:
        """The round in which the first car finished is over (RMG-29): the race's places and
        points go on the championship's table; then the standings, or the end (RMG-37)."""
        order = self.race_order()
        if self.num_players == 1:
            got = [self.solo_time(0)]
        else:
            # cars that got equally far share the place, and its points (as ranking() does)
            keys = [self.race_key(s) for s in range(self.num_players)]
            got = [0] * self.num_players
            for seat in order:
                place = sum(1 for k in keys if k > keys[seat])
                got[seat] = RACE_POINTS[place] if place < len(RACE_POINTS) else 0
            self.wins[order[0]] += 1
        self.points = [p + g for p, g in zip(self.points, got)]
        self.race_results.append({"circuit": self.circuit, "order": order, "points": got})
        last = self.race_no >= self.races
        self.phase = OVER if last else STANDINGS
        if self.races == 1:
            text = "The race is over."
        elif last:
            text = f"Race {self.race_no} of {self.races} is over, and with it the championship."
        else:
            text = f"Race {self.race_no} of {self.races} is over."
        self.emit(
            "race_over",
            text,
            finishers=list(self.finishers),
            order=order,
            race=self.race_no,
            last=last,
            ranking=self.ranking() if last else None,
        )

    def standings(self) -> list[int]:
        """The seats by championship standing: points, then wins, then the last race's place
        (solo: the least time)."""
        return sorted(range(self.num_players), key=self.rank_key, reverse=True)

    def _next_race(self) -> None:
        """The next race of the championship; the grid is the standings reversed, the
        leader starting last (RMG-37)."""
        grid = list(reversed(self.standings()))
        self.race_no += 1
        self._start_race(grid)

    # ---- results --------------------------------------------------------------------------
    def solo_time(self, seat: int = 0) -> int:
        """A solo race's time in seconds: each turn's seconds less the focus left (RMG-32)."""
        car = self.cars[seat]
        return car["seconds"] - car["focus"]

    def rank_key(self, seat: int) -> tuple:
        """One race: its place (RMG-29). A championship: the points, then the wins, then the
        last race's place; solo, the total time (RMG-37)."""
        if self.races == 1:
            return self.race_key(seat)
        if self.num_players == 1:
            return (-self._series_time(),)
        last = self.race_results[-1]["order"] if self.race_results else list(range(self.num_players))
        return (self.points[seat], self.wins[seat], -last.index(seat))

    def solo_items(self, seat: int = 0) -> list[tuple[str, list[int]]]:
        """A race's time as the results list it: the seconds of the turns that ended in each
        gear (the gears no turn ended in left out), then the focus left, which the time
        loses; the items add up to solo_time."""
        car = self.cars[seat]
        items = []
        for marker, count in zip(D.END_MARKERS, car["turn_ends"]):
            if count:
                each = D.solo_turn_seconds(marker)
                where = "off the track (00)" if marker == D.SPUN else f"in gear {marker}"
                items.append((f"Ending {where}: {count} × {each} s", [count * each]))
        items.append((f"Focus left: {car['focus']} × −1 s", [-car["focus"]]))
        return items

    def results_headline(self) -> str | None:
        """Alone against the clock nobody "wins": the results say the time."""
        if self.num_players != 1:
            return None
        if self.races == 1:
            return f"{seat_token(0)} finishes in {self.solo_time(0)} s"
        return f"{seat_token(0)} finishes the championship in {self._series_time()} s"

    def _series_time(self) -> int:
        """Alone in a championship: the races' times so far, with the race being run."""
        running = 0 if self.phase in (STANDINGS, OVER) else self.solo_time(0)
        return self.points[0] + running

    def scores(self) -> list[int]:
        """Race points by place (25, 18, 15, 12, 10, 8), over the championship's races; solo:
        the time in seconds."""
        if self.num_players == 1:
            return [self.solo_time(0) if self.races == 1 else self._series_time()]
        if self.races == 1:
            return [RACE_POINTS[p - 1] for p in self.ranking()]
        return list(self.points)

    def score_breakdown(self) -> list[tuple[str, list[int]]]:
        """One race: the race points of each car's place; alone, the time itemised by the gear
        each turn ended in, less the focus left (RMG-32). A championship: each race's points
        (alone, its time). The rows add up to the scores."""
        if self.races == 1:
            if self.num_players == 1:
                return self.solo_items(0)
            return [("Race points", self.scores())]
        label = "Time (seconds)" if self.num_players == 1 else "Race points"
        rows = [
            (f"Race {i + 1}: {CIRCUIT_TITLES[r['circuit']]}", list(r["points"]))
            for i, r in enumerate(self.race_results)
        ]
        return rows or [(label, self.scores())]

    def score_unit(self) -> str:
        """Alone the score is a time on the clock (RMG-31, RMG-32): the fewer seconds the better."""
        return "seconds" if self.num_players == 1 else "points"

    def results_facts(self) -> list[tuple[str, list[str]]]:
        """With rivals, the order the cars finished in and their times on the clock (RMG-38);
        a championship, each race's places."""
        if self.num_players == 1:
            return []
        if self.races == 1:
            order = self.race_order()
            places = [ordinal(order.index(s) + 1) for s in range(self.num_players)]
            times = [f"{self.solo_time(s)} s" if s in self.finishers else "did not finish"
                     for s in range(self.num_players)]
            return [("Finished", places), ("Time on the clock", times)]
        return [(f"Places, race {i + 1}", [ordinal(r["order"].index(s) + 1) for s in range(self.num_players)])
                for i, r in enumerate(self.race_results)]

    # ---- view -----------------------------------------------------------------------------
    def view_facts(self, seat: int | None) -> dict[str, Any]:
        """What the scene draws besides the fields: each car's dice and speed, the plan's
        steps with the track's demands and the exact odds (everything is public)."""
        cars = []
        for s, car in enumerate(self.cars):
            pool = self.pool(s)
            cars.append(
                {
                    "seat": s,
                    "speed": speed(car["marker"]),
                    "distance": self.distance(s),
                    "lap": max(1, min(self.laps, car["laps_done"] + 1)),
                    "gears": list(pool.gears),
                    "coast": pool.coast,
                    "brake": pool.brake,
                    "caution_limit": self.caution_limit(s),
                    "wrong_tyres": self.board(s).wrong_tyres,
                    "finished": s in self.finishers,
                }
            )
        facts: dict[str, Any] = {
            "car_facts": cars,
            "circuit": self.circuit,
            "circuit_title": CIRCUIT_TITLES[self.circuit],
            "yellow_flag": any(c["yellow_flag"] for c in self.cars),
        }
        if self.races > 1:   # a championship: its order, as rank_key has it
            facts["standings"] = self.standings()
        if self.phase not in (PLAN, STEPS, STEP_ROLL, FLAT_ROLL) or not self.plan:
            facts["plan_steps"], facts["odds"] = [], None
            return facts
        risks = self.plan_risks()
        plan_steps = self.plan_steps()
        facts["plan_steps"] = [
            {
                "gear": st.gear,
                "dice": list(st.dice),
                "space": sp,
                "extra_cautions": r.extra_cautions,
                "over_limit": r.over_limit,
                "notes": list(r.notes),
            }
            for st, sp, r in zip(plan_steps, self.path, risks)
        ]
        first = self.step if self.phase in (STEPS, STEP_ROLL) else 0
        # on the last lap the car stops at the line: the steps past it play no part (RMG-29)
        last = self.line_steps()
        if self.phase == PLAN:
            facts["flat_out_focus"] = D.flat_out_focus(self.rolled_dice())
        if first < last:
            rest = plan_steps[first:last]
            limit = max(1, self.caution_limit(self.seat) - self.cautions)
            flying = self._flying() and first == 0
            odds = D.plan_odds(
                rest,
                [r.extra_cautions for r in risks[first:last]],
                [r.over_limit for r in risks[first:last]],
                caution_limit=limit,
                secured=self.secured,
                flying_start=flying,
                flat_out=self.phase in (PLAN, FLAT_ROLL) and not self.secured,
            )
            # every outcome of n dice weighs a multiple of 1/6**n, so the exact chance is the
            # float's nearest such fraction (a second, exact run of the odds costs a frame)
            rolled = sum(1 for st in rest for i in st.plan_indices if i not in self.secured)
            whole = 6**rolled
            exact = Fraction(round(odds.loss_of_control * whole), whole)
            facts["odds"] = {
                "loss_of_control": odds.loss_of_control,
                "loss_of_control_exact": str(exact),
                "loss_at": list(odds.loss_at),
                "completes": odds.completes,
                "expected_focus": odds.expected_focus,
                "next_focus_cost": D.next_focus_cost(len(self.secured)),
            }
        else:
            facts["odds"] = None
        return facts

    # ---- words ----------------------------------------------------------------------------
    def describe(self, action: Action) -> str:
        kind = type(action)
        if kind is PlanDie:
            return f"Plan the {_die_words(action.die)} die to space {action.to}"
        if kind is Faces:
            return (
                ("Cautions on " + ", ".join(_die_words(d) for d in action.cautions))
                if action.cautions
                else "No caution"
            )
        if kind is Secure:
            die = _die_words(self.plan[action.index]) if action.index < len(self.plan) else ""
            return f"Secure the {die} die with focus"
        if kind is Placement:
            return f"Lose control on space {action.space} in gear {action.gear}"
        if kind is Draw:
            return f"Damage token: {action.token.replace('_', ' ')}"
        if kind is PitStop:
            return {
                "none": "Drive past the pit",
                "tyres": "Pit: change tyres (0)",
                "repair": "Pit: repair (00)",
                "both": "Pit: tyres and repair (00)",
            }[action.service]
        if kind is ChooseTyres:
            return f"Fit {action.tyres} tyres"
        return {
            TakeBack: "Take the last die back",
            Wait: "Wait (boxed in)",
            GoFlatOut: "Roll flat out: every die at once",
            GoOneByOne: "Roll one step at a time",
            RollStep: "Roll this step",
            StopTurn: "Stop the turn here",
            BackOnTrack: "Back on the track on 0",
            NextRace: "Line up for the next race",
        }.get(kind, kind.__name__)

    def explain_illegal(self, action: Action) -> str:
        if self.phase == OVER:
            return "The race is over."
        if self.phase == STANDINGS:
            return "The race is over: the next one starts from the standings."
        if isinstance(action, PlanDie) and self.phase == PLAN:
            if action.to in self.occupied(self.seat):
                return "Another car is on that space."
            return "That die cannot go on the plan there (gear steps, dice left, or overtaking)."
        return "That is not allowed right now."


def _die_words(die: int | str) -> str:
    return f"gear {die}" if D.is_gear_die(die) else str(die)


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> RallymanState:
    """A race, or the first of a championship's: cars on the grid in a random order, all on
    gear 0 (RMG-2, RMG-3, RMG-37)."""
    opts = {o.key: o.default for o in OPTIONS}
    opts.update(options)
    state = RallymanState.started(num_players, seed, opts)
    if opts["circuit"] not in CIRCUITS:
        raise ValueError(f"unknown circuit {opts['circuit']!r}")
    state.races = max(1, int(opts.get("championship") or 0))
    first = CIRCUITS.index(opts["circuit"])
    state.series = [CIRCUITS[(first + i) % len(CIRCUITS)] for i in range(state.races)]
    boxes = list(range(num_players))
    state.rng.shuffle(boxes)  # seat s starts on grid box boxes[s]
    state._start_race(sorted(range(num_players), key=lambda s: boxes[s]))
    return state


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
