"""Rallyman GT dice maths: dice, dashboards, plans, exact odds, focus, damage and solo time.

Pure rules maths (no pygame, no state): the rules engine and the plan preview build on it.
Facts come from the research sheet (sections 1 and 3) and the rulebook excerpt; where the
excerpt speaks it wins. A die is named by its kind: the ints 1-6 are the gear dice, and the
strings ``"coast"`` (white) and ``"brake"`` (red). The green boost die belongs to the GT5 cars
of an expansion and is left out of the core game, so it is not a kind here.
"""
from __future__ import annotations

import functools

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

Die = int | str                # 1..6, COAST or BRAKE
Plan = tuple[Die, ...]         # the dice in the order they are rolled
Marker = int | str             # gear marker: 0..6, or SPUN ("00")
Number = float | Fraction

COAST = "coast"
BRAKE = "brake"
GEARS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
DIE_KINDS: tuple[Die, ...] = GEARS + (COAST, BRAKE)
SPUN = "00"                    # off the track: the next turn only brings the car back to 0
CAUTION = "caution"
BLANK = "blank"


# ---- 1. dice -------------------------------------------------------------------------------

def is_gear_die(die: Die) -> bool:
    """True for the black gear dice 1-6."""
    return type(die) is int and 1 <= die <= 6  # bool is a subclass of int, not int itself


def caution_faces(die: Die) -> int:
    """How many of the die's six faces show a caution: 1 for gears 1-2 and coast, 2 otherwise."""
    if die == COAST or die in (1, 2):
        return 1
    if die == BRAKE or is_gear_die(die):
        return 2
    raise ValueError(f"{die!r} is not a Rallyman GT die")


def faces(die: Die) -> tuple[int | str, ...]:
    """The six faces of a die: its gear number (or BLANK) on the safe faces, CAUTION on the rest."""
    bad = caution_faces(die)
    safe: int | str = die if is_gear_die(die) else BLANK
    return (safe,) * (6 - bad) + (CAUTION,) * bad


def caution_chance(die: Die) -> Fraction:
    """The exact chance that one roll of the die shows a caution (1/6 or 1/3)."""
    return Fraction(caution_faces(die), 6)


_P_EXACT: dict[Die, Fraction] = {d: caution_chance(d) for d in DIE_KINDS}
_P_FLOAT: dict[Die, float] = {d: float(p) for d, p in _P_EXACT.items()}


# ---- 2. dashboards and dice pools ------------------------------------------------------------

TYRES = ("dry", "rain")
WEATHERS = ("dry", "rain")

# Cautions that make the car lose control (3 = on the 3rd caution). The rulebook excerpt says
# that on the wrong tyres "your dice pool and caution limit will be reduced" without a number;
# the only number seen is TSA's helper that takes one off, so the wrong-tyre dashboards lose
# control on the 2nd caution. Set WRONG_TYRES_CAUTION_LIMIT to 3 to drop that reading.
CAUTION_LIMIT = 3
WRONG_TYRES_CAUTION_LIMIT = 2


@dataclass(frozen=True)
class Pool:
    """The dice a car may plan with: which gear dice are left, and how many coast and brake."""

    gears: tuple[int, ...] = GEARS
    coast: int = 2
    brake: int = 3

    def less_damage(self, gear: int = 0, coast: int = 0, brake: int = 0) -> Pool:
        """The pool after damage tokens: each gear token takes the highest gear die still there."""
        kept = tuple(sorted(self.gears))
        kept = kept[:max(0, len(kept) - gear)]
        return Pool(kept, max(0, self.coast - coast), max(0, self.brake - brake))

    def count(self, die: Die) -> int:
        """How many dice of that kind the pool holds."""
        if die == COAST:
            return self.coast
        if die == BRAKE:
            return self.brake
        return 1 if die in self.gears else 0


@dataclass(frozen=True)
class Dashboard:
    """One side of a GT6 car's dashboard card: tyres x weather -> dice and caution limit."""

    tyres: str
    weather: str
    pool: Pool
    caution_limit: int

    @property
    def wrong_tyres(self) -> bool:
        """True when the tyres do not suit the weather."""
        return self.tyres != self.weather


# The GT6 car's dice by tyres and weather (DKR's table; TSA agrees but for rain tyres in the
# dry, where DKR's 2 brake dice are taken).
DASHBOARDS: dict[tuple[str, str], Dashboard] = {
    ("dry", "dry"): Dashboard("dry", "dry", Pool(GEARS, 2, 3), CAUTION_LIMIT),
    ("dry", "rain"): Dashboard("dry", "rain", Pool(GEARS, 2, 1), WRONG_TYRES_CAUTION_LIMIT),
    ("rain", "dry"): Dashboard("rain", "dry", Pool(GEARS, 1, 2), WRONG_TYRES_CAUTION_LIMIT),
    ("rain", "rain"): Dashboard("rain", "rain", Pool(GEARS, 2, 2), CAUTION_LIMIT),
}


def dashboard(tyres: str, weather: str) -> Dashboard:
    """The dashboard for those tyres in that weather."""
    try:
        return DASHBOARDS[(tyres, weather)]
    except KeyError:
        raise ValueError(f"no dashboard for {tyres!r} tyres in {weather!r} weather") from None


@functools.lru_cache(maxsize=256)
def dice_pool(tyres: str, weather: str, gear_damage: int = 0, coast_damage: int = 0,
              brake_damage: int = 0) -> Pool:
    """The dice a car has: its dashboard's pool less the damage tokens on it."""
    return dashboard(tyres, weather).pool.less_damage(gear_damage, coast_damage, brake_damage)


# ---- 3. plans and their steps ----------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """One space moved: the gear the car is in there and the dice rolled for it."""

    gear: int
    dice: tuple[Die, ...]            # brake dice first, then their gear die; or one coast die
    plan_indices: tuple[int, ...]    # where those dice sit in the plan (for focus)


def _plural(n: int, word: str) -> str:
    # word ends in "die": one die, two dice
    return f"{n} {word}" if n == 1 else f"{n} {word[:-3]}dice"


def check_plan(plan: Sequence[Die], marker: Marker, pool: Pool,
               flying_start: bool = False) -> str | None:
    """None when the plan is legal from that gear marker with that pool, else why not.

    Rules: the first gear die is within one of the marker (from 0: gear 1, or 2 with a flying
    start); each next gear die is within one of the previous gear; each brake die before a gear
    die lets it drop one gear more, and a brake die is only planned where a drop needs it; a
    coast die keeps the gear, so it comes after a gear die; every die rolls at most once.
    """
    if marker == SPUN:
        return "The car is off the track on 00: this turn it only comes back on at 0."
    if not isinstance(marker, int) or not 0 <= marker <= 6:
        return f"{marker!r} is not a gear marker."
    if not plan:
        return "Plan at least one die."
    for die in plan:
        if not (is_gear_die(die) or die in (COAST, BRAKE)):
            return f"{die!r} is not one of the dice (gears 1-6, coast, brake)."
    for kind in (COAST, BRAKE):
        used = sum(1 for d in plan if d == kind)
        if used > pool.count(kind):
            return (f"The plan uses {_plural(used, kind + ' die')} but the dashboard has "
                    f"{pool.count(kind)}.")
    seen: set[int] = set()
    gear: int | None = None   # the gear the car is in so far this turn
    brakes = 0                # brake dice waiting for their gear die
    for die in plan:
        if die == BRAKE:
            brakes += 1
            continue
        if die == COAST:
            if brakes:
                return ("A brake die must go right before the gear die it slows down, "
                        "not a coast die.")
            if gear is None:
                return "A coast die keeps the gear you are in: plan a gear die before it."
            continue
        assert isinstance(die, int)
        if die in seen:
            return f"The gear {die} die is planned twice; each die rolls once a turn."
        if die not in pool.gears:
            return f"The gear {die} die is not on the dashboard (damaged)."
        seen.add(die)
        if gear is None and marker == 0:
            allowed = (1, 2) if flying_start else (1,)
            if die not in allowed or brakes:
                first = "gear 1, or gear 2 with a flying start" if flying_start else "gear 1"
                if brakes:
                    return f"From a standstill (0) no brake die is needed: start with {first}."
                return f"From a standstill (0) the first gear die must be {first}."
            gear, brakes = die, 0
            continue
        ref = marker if gear is None else gear
        where = f"Your gear marker is {ref}" if gear is None else f"After gear {ref}"
        if die > ref + 1:
            return f"{where}: the gear can go up only one at a time, to {ref + 1}, not {die}."
        needed = max(0, ref - die - 1)
        if brakes != needed:
            if needed == 0:
                verb = "comes" if brakes == 1 else "come"
                return (f"{where}: the gear {die} die needs no brake die, but "
                        f"{_plural(brakes, 'brake die')} {verb} before it.")
            return (f"{where}: dropping to {die} needs {_plural(needed, 'brake die')} right "
                    f"before the {die}, and the plan has {brakes}.")
        gear, brakes = die, 0
    if brakes:
        return "A brake die must be followed by the gear die it slows down."
    return None


def is_legal_plan(plan: Sequence[Die], marker: Marker, pool: Pool,
                  flying_start: bool = False) -> bool:
    """True when check_plan finds nothing wrong."""
    return check_plan(plan, marker, pool, flying_start) is None


def uses_flying_start(plan: Sequence[Die], marker: Marker) -> bool:
    """True when the plan starts from 0 straight in gear 2 (its gear-2 die is then checked)."""
    return marker == 0 and bool(plan) and plan[0] == 2


def steps(plan: Sequence[Die]) -> tuple[Step, ...]:
    """The spaces a (legal) plan moves, in order, each with its gear and the dice rolled for it."""
    return _steps(tuple(plan))


@functools.lru_cache(maxsize=8192)
def _steps(plan: tuple[Die, ...]) -> tuple[Step, ...]:
    out: list[Step] = []
    gear: int | None = None
    pending: list[int] = []   # plan indices of brake dice waiting for their gear die
    for i, die in enumerate(plan):
        if die == BRAKE:
            pending.append(i)
        elif die == COAST:
            if gear is None or pending:
                raise ValueError("a coast die needs a gear die before it and no brake die waiting")
            out.append(Step(gear, (COAST,), (i,)))
        elif is_gear_die(die):
            assert isinstance(die, int)
            gear = die
            idx = tuple(pending) + (i,)
            out.append(Step(die, tuple(plan[j] for j in idx), idx))
            pending = []
        else:
            raise ValueError(f"{die!r} is not a die")
    if pending:
        raise ValueError("a brake die must be followed by a gear die")
    return tuple(out)


def end_gear(plan: Sequence[Die], marker: Marker) -> Marker:
    """The gear marker after the whole plan moves: the last gear die's gear (coast keeps it)."""
    for die in reversed(plan):
        if is_gear_die(die):
            return die
    return marker


def legal_plans(marker: Marker, pool: Pool, flying_start: bool = False) -> Iterator[Plan]:
    """Every legal plan from that marker with that pool, each once (dice of a kind are alike).

    Depth-first: a prefix is yielded when it is a legal plan itself, so shorter plans come
    before the plans that extend them.
    """
    if marker == SPUN or not isinstance(marker, int):
        return
    gears = frozenset(pool.gears)

    def grow(prefix: Plan, gear: int | None, used: frozenset[int], coast: int,
             brake: int) -> Iterator[Plan]:
        if prefix:
            yield prefix
        if gear is not None and coast:
            yield from grow(prefix + (COAST,), gear, used, coast - 1, brake)
        if gear is None and marker == 0:
            options = [(1, 0), (2, 0)] if flying_start else [(1, 0)]
        else:
            ref = marker if gear is None else gear
            options = [(g, max(0, ref - g - 1)) for g in range(min(6, ref + 1), 0, -1)]
        for g, need in options:
            if g in gears and g not in used and need <= brake:
                yield from grow(prefix + (BRAKE,) * need + (g,), g, used | {g}, coast,
                                brake - need)

    yield from grow((), None, frozenset(), pool.coast, pool.brake)


# ---- 4. odds ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Odds:
    """What a plan risks when rolled to its end (the car stops only when forced to)."""

    loss_of_control: Number          # chance of losing control somewhere on the plan
    loss_at: tuple[Number, ...]      # per step: chance of losing control on that space
    ends_at: tuple[Number, ...]      # per step: chance the turn ends on that space (any cause)
    completes: Number                # chance every step is moved with no loss of control
    expected_spaces: Number          # spaces moved on average (the loss space counts)
    expected_focus: Number           # flat out: focus earned on average; else 0


def plan_odds(plan_steps: Sequence[Step], extra_cautions: Sequence[int] | None = None,
              breaks_limit: Sequence[bool] | None = None, caution_limit: int = CAUTION_LIMIT,
              secured: Iterable[int] = (), flat_out: bool = False, flying_start: bool = False,
              exact: bool = False, focus_on_loss: bool | None = None) -> Odds:
    """The exact odds of a plan's steps, by a small DP over the cautions counted so far.

    Per step, ``extra_cautions`` are the cautions the track adds on that space (a hazard, an
    outside "n!" at that gear) and ``breaks_limit`` says the move goes over a speed limit there
    (a sure loss of control on reaching it). ``secured`` holds plan indices of dice secured
    with focus: they show no caution. ``flying_start``: the first step's gear die is a flying
    start's gear 2, and a caution on it ends the turn on that space (if the car keeps control).

    Flat out (all dice at once, no focus may be spent): the rulebook lets the player re-place
    the rolled dice but only so that control is still lost, so control is lost exactly when
    the plan as rolled, in its own order, loses it; since cautions only add up, that is the
    same chance as rolling one at a time. ``loss_at`` then gives the space of the plan's order
    (the player may choose another). The flying-start check still ends the turn at once, and
    flat out a loss of control with it is ignored (the car stops on the first space in gear 2).
    On the last lap pass only the steps up to the one that crosses the finish line: the car
    stops there and the dice past it play no part.
    Flat out earns one focus per gear or coast die; by default (``FLAT_OUT_FOCUS_ON_LOSS``)
    also when control is lost, as the rulebook excerpt says.
    """
    n = len(plan_steps)
    extra = list(extra_cautions) if extra_cautions is not None else [0] * n
    breaks = list(breaks_limit) if breaks_limit is not None else [False] * n
    if len(extra) != n or len(breaks) != n:
        raise ValueError("one extra-caution count and one limit flag per step")
    secure = frozenset(secured)
    if flat_out and secure:
        raise ValueError("focus cannot secure dice on a flat-out roll")
    if flying_start and (not n or plan_steps[0].gear != 2 or len(plan_steps[0].dice) != 1):
        raise ValueError("a flying start's first step is the gear 2 die alone")
    table: Mapping[Die, Number] = _P_EXACT if exact else _P_FLOAT
    one: Number = Fraction(1) if exact else 1.0
    zero: Number = Fraction(0) if exact else 0.0
    limit = caution_limit

    alive: list[Number] = [zero] * limit     # alive[c]: still moving with c cautions so far
    alive[0] = one
    loss_at: list[Number] = []
    ends_at: list[Number] = []

    def roll(dist: list[Number], p: Number) -> tuple[list[Number], Number]:
        # one die: returns the new counts and the mass pushed to the limit
        q = one - p
        new = [zero] * limit
        over = zero
        for c, m in enumerate(dist):
            if m:
                new[c] += m * q
                if c + 1 >= limit:
                    over += m * p
                else:
                    new[c + 1] += m * p
        return new, over

    def shift(dist: list[Number], k: int) -> tuple[list[Number], Number]:
        if k <= 0:
            return dist, zero
        new = [zero] * limit
        over = zero
        for c, m in enumerate(dist):
            if c + k >= limit:
                over += m
            else:
                new[c + k] = m
        return new, over

    for s, step in enumerate(plan_steps):
        lost = zero
        stopped = zero
        dice = list(zip(step.dice, step.plan_indices))
        check_gear = flying_start and s == 0
        if check_gear:
            dice = dice[:-1]      # the gear die is rolled apart below
        for die, idx in dice:
            if idx not in secure:
                alive, over = roll(alive, table[die])
                lost += over
        if check_gear:
            die, idx = step.dice[-1], step.plan_indices[-1]
            p = zero if idx in secure else table[die]
            calm = [m * (one - p) for m in alive]
            if flat_out:
                # flat out, the flying start's stop wins: a loss of control with it is ignored
                stopped = sum(alive, zero) * p
            else:
                shown, over = shift([m * p for m in alive], 1)
                lost += over
                shown, over = shift(shown, extra[s])
                lost += over
                if breaks[s]:
                    lost += sum(shown, zero)
                    shown = [zero] * limit
                stopped = sum(shown, zero)
            alive = calm
        alive, over = shift(alive, extra[s])
        lost += over
        if breaks[s]:
            lost += sum(alive, zero)
            alive = [zero] * limit
        loss_at.append(lost)
        ends_at.append(lost + stopped)
    completes = sum(alive, zero)
    if ends_at:
        ends_at[-1] += completes
    loss = sum(loss_at, zero)
    spaces = sum(((i + 1) * e for i, e in enumerate(ends_at)), zero)
    focus: Number = zero
    if flat_out:
        earned = sum(1 for st in plan_steps for d in st.dice if d != BRAKE)
        on_loss = FLAT_OUT_FOCUS_ON_LOSS if focus_on_loss is None else focus_on_loss
        focus = earned * (one if on_loss else one - loss)
    return Odds(loss, tuple(loss_at), tuple(ends_at), completes, spaces, focus)


def caution_count_odds(dice: Sequence[Die], exact: bool = True) -> list[Number]:
    """The chance of exactly k cautions among the dice (k = 0..len), for a preview's bar."""
    table: Mapping[Die, Number] = _P_EXACT if exact else _P_FLOAT
    one: Number = Fraction(1) if exact else 1.0
    dist: list[Number] = [one]
    for die in dice:
        p = table[die]
        new = [m * (one - p) for m in dist] + [one - one]
        for k, m in enumerate(dist):
            new[k + 1] += m * p
        dist = new
    return dist


# ---- 5. focus --------------------------------------------------------------------------------

# The rulebook excerpt: "Even if you lose control, you will still get your focus tokens" (the
# sheet's DKR gives them only on success). The excerpt is binding, so focus comes either way.
FLAT_OUT_FOCUS_ON_LOSS = True


def focus_cost(k: int) -> int:
    """Focus to secure k dice in one turn: 1, 3, 6, 10 ... = k(k+1)/2."""
    if k < 0:
        raise ValueError("cannot secure a negative number of dice")
    return k * (k + 1) // 2


def next_focus_cost(already_secured: int) -> int:
    """Focus to secure one more die when that many are secured this turn already (1, 2, 3 ...)."""
    return already_secured + 1


def flat_out_focus(plan: Sequence[Die]) -> int:
    """Focus a flat-out roll of the plan earns: one per gear or coast die, none for brakes."""
    return sum(1 for d in plan if d != BRAKE)


# ---- 6. loss of control and damage -------------------------------------------------------------

DANGER_LEVELS: dict[str, int] = {"yellow": 1, "orange": 2, "red": 3}


def damage_tokens(gear: int, danger: str) -> int:
    """Damage tokens drawn for losing control in that gear on a tile of that danger colour.

    The sheet's table (TSA): max(0, gear + D - 5), D = 1 yellow, 2 orange, 3 red.
    """
    try:
        level = DANGER_LEVELS[danger]
    except KeyError:
        raise ValueError(f"{danger!r} is not a danger colour (yellow, orange, red)") from None
    return max(0, gear + level - 5)


def marker_after_loss(gear: int, danger: str) -> Marker:
    """The gear marker after losing control: 00 (spin, a lost turn) in gear 3 or more or when
    any damage is drawn, else 0 (skid). The sheet's design choice."""
    return SPUN if gear >= 3 or damage_tokens(gear, danger) > 0 else 0


GEAR_DAMAGE, BRAKE_DAMAGE, COAST_DAMAGE = "gear", "brake", "coast"
WEATHER_CHANGE, YELLOW_FLAG, GREEN_FLAG = "weather", "yellow_flag", "green_flag"
# Dice damage stays on the dashboard (out of the bag until a pit repair); the rest go back.
DICE_DAMAGE = frozenset({GEAR_DAMAGE, BRAKE_DAMAGE, COAST_DAMAGE})

DAMAGE_BAG: dict[str, int] = {
    GEAR_DAMAGE: 6, BRAKE_DAMAGE: 6, COAST_DAMAGE: 6,
    WEATHER_CHANGE: 6, YELLOW_FLAG: 6, GREEN_FLAG: 12,
}


def draw_odds(bag: Mapping[str, int] = DAMAGE_BAG) -> list[tuple[str, Fraction]]:
    """The chance of each token on one blind draw from the bag, for a CHANCE node."""
    total = sum(bag.values())
    if total <= 0:
        raise ValueError("the damage bag is empty")
    return [(token, Fraction(n, total)) for token, n in bag.items() if n > 0]


def bag_after_draw(bag: Mapping[str, int], token: str) -> dict[str, int]:
    """The bag after drawing that token: dice damage stays out, other tokens go back in."""
    if bag.get(token, 0) <= 0:
        raise ValueError(f"no {token!r} token in the bag")
    after = dict(bag)
    if token in DICE_DAMAGE:
        after[token] -= 1
    return after


# ---- 7. solo timing ----------------------------------------------------------------------------

# Seconds a solo turn adds by the marker it ends on (DKR). For 00 the sources differ (DKR 30,
# TSA 120): we add 60, as for a stop, because the lost turn that follows ends on 0 and adds
# another 60, so a spin costs 120 in all (TSA's figure) and a skid 60.
SOLO_SECONDS: dict[Marker, int] = {6: 10, 5: 15, 4: 20, 3: 30, 2: 40, 1: 50, 0: 60, SPUN: 60}


#: the markers a turn can end on, in the order a solo time is itemised (fastest first)
END_MARKERS: tuple[Marker, ...] = tuple(SOLO_SECONDS)


def solo_turn_seconds(end_marker: Marker) -> int:
    """Seconds a solo time-trial turn adds, by the gear marker it ends on."""
    return SOLO_SECONDS[end_marker]


def solo_time(end_markers: Iterable[Marker], focus_left: int = 0) -> int:
    """A solo race's time: each turn's seconds, less one second per focus left at the end."""
    return sum(SOLO_SECONDS[m] for m in end_markers) - focus_left
