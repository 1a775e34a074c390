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
the generator. The dice maths lives in dice.py, the track in track.py. This module holds the
state, its fields and whose turn it is, and dispatches each action; the rest of the state is
composed from parts in their own modules: planning.py (the plan), moving.py (driving it),
control.py (a loss of control and the damage), turns.py (a turn's end, the pits, the rounds),
championship.py (races, standings, results), view.py (the view's facts) and words.py; the
actions are in actions.py, the phases in phases.py, the odds of a move in odds.py, the
circuits in circuits.py.
"""

from __future__ import annotations

from typing import Any

from game.core.protocol import CHANCE, Action, GameState, Mover, seat_token
from game.core.registry import OptionSpec
from game.core.state import ATOM, DEEP, FLAT, public, records
from game.core.text import plural

from . import dice as D
from .actions import (BackOnTrack, ChooseTyres, Draw, Faces, GoFlatOut, GoOneByOne, NextRace, Placement, PitStop,
                      PlanDie, RollStep, Secure, StopTurn, TakeBack, Wait)
from .championship import Championship
from .circuits import CIRCUIT_TITLES, CIRCUITS, circuit_track
from .control import Control
from .moving import Moving
from .odds import roll_outcomes
from .phases import FLAT_ROLL, OVER, PIT, PLACEMENT, PLAN, SPUN, STANDINGS, STEP_ROLL, STEPS, TOKENS, TYRES
from .planning import ROLL_CHOICES, WAIT, Planning, secure_action
from .track import Track
from .turns import PIT_SERVICES, Turns
from .view import ViewFacts
from .words import Words

RULES_VERSION = 2
RULES_FILE = "rallyman.md"  # seeds/rallyman.md

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


class RallymanState(Planning, Moving, Control, Turns, Championship, ViewFacts, Words, GameState):
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
                out += ROLL_CHOICES
            elif not out:
                out.append(WAIT)
            return out
        # STEPS: secure the step's dice, roll them, or stop
        out = []
        st = self.plan_steps()[self.step]
        cost = D.next_focus_cost(len(self.secured))
        if self.car()["focus"] >= cost:
            out += [secure_action(i) for i in st.plan_indices if i not in self.secured]
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
