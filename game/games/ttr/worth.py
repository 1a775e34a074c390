"""What the planner weighs its choices by: what holding a set of tickets is worth, the odds
of finishing a new ticket in the trains and turns left and what drawing tickets would bring,
the cards a plan's routes still ask for, and about how many turns a seat has left."""
from __future__ import annotations

from collections import Counter

from game.core.rng import Rng

from .data import COLOURS, GREY, LAST_ROUND_TRAINS, LOCO, TICKET_DRAW, TRAINS
from .plans import INF, Plan, Seen, make_plan
from .rules import Claim

#: the chance that a new train's space on a ticket's way gets cut, times the square of the
#: number of other seats (1 % at two seats, 16 % at five)
CUT_RISK = 0.01


def train_charge(seen: Seen) -> float:
    """What a train of a ticket's way costs, in points, beyond the route points it brings:
    the cards and turns it takes, and on a crowded board (four or five seats) the risk that
    a long way is cut before it is built."""
    return 0.35 + seen.crowd_charge * max(0, seen.n - 3)


def tickets_value(seen: Seen, tickets: list[int], base: list[int] | None = None,
                  margin: float = 0.8) -> float:
    """How good holding `tickets` (on top of `base`) looks: points of the tickets the plan can
    finish, minus those it cannot, minus a charge for trains and a steep one for a plan
    that leaves too little slack."""
    base = base or []
    plan = make_plan(seen, base + tickets)
    tix = seen.board.tickets
    value = 0.0
    for t in tickets:
        value += tix[t].points if t in plan.live else -1.3 * tix[t].points
    # every train gives route points anyway; the charge is for the cards and turns it takes,
    # and on a crowded board (four or five seats) for the risk that a long way gets cut
    value -= train_charge(seen) * plan.trains
    slack = margin * seen.my_trains - plan.trains
    if slack < 0:
        value += 1.5 * slack
    return value


def ticket_odds(seen: Seen, plan: Plan, base: list[int], slack: float,
                tickets: list[int]) -> dict[int, float]:
    """What each of `tickets` is worth (points) if taken on top of `base`, whose plan is
    `plan`: its points times the odds of finishing it, less its points times the odds of not,
    less a charge for the trains it adds. The odds fall with the turns its new trains would
    take out of the `slack` (turns left beyond what the plan needs) and, on a board shared by
    more seats, with every new train of its way, which another seat may cut. A ticket that the
    trains cannot reach, or that would cost a ticket of the plan, is a sure loss."""
    tix = seen.board.tickets
    live_before = set(plan.live)
    # the risk of a cut grows faster than the number of rivals: they crowd one another too
    survive = 1.0 - CUT_RISK * (seen.n - 1) ** 2
    out: dict[int, float] = {}
    for t in tickets:
        other = make_plan(seen, base + [t])
        points = tix[t].points
        if t not in other.live or not live_before <= set(other.live):
            out[t] = -float(points)
            continue
        extra = other.trains - plan.trains
        # the trains are claimed over about 0.9 turns each (cards drawn two a turn, claims);
        # with no slack at all only a ticket the network already links can be finished
        if extra and slack <= 0:
            out[t] = -float(points)
            continue
        time_used = 0.9 * extra / max(1.0, slack)
        p_done = max(0.0, 1.0 - time_used * time_used) * survive ** extra
        if extra and seen.my_trains - other.trains < 2:
            p_done *= 0.5       # no train to spare for a detour
        # every train is also route points: the charge is for the cards and turns it takes,
        # and on a crowded board for the way being cut (as in tickets_value)
        out[t] = (2.0 * p_done - 1.0) * points - train_charge(seen) * extra
    return out


def ticket_draw_gain(seen: Seen, plan: Plan, base: list[int], slack: float, rng: Rng,
                     samples: int = 40) -> float:
    """About what drawing tickets now would bring (points): each ticket this seat has not
    seen is valued by ticket_odds, then the best keep of three drawn at random is averaged
    over `samples` draws (keep every ticket worth having, else the least bad one, since one
    must be kept). Reads only the seat's own tickets and the board."""
    held = set(seen.tickets)
    unseen = [t.index for t in seen.board.tickets if t.index not in held]
    if not unseen:
        return -float(INF)
    values = list(ticket_odds(seen, plan, base, slack, unseen).values())
    draw = min(TICKET_DRAW, len(values))
    total = 0.0
    for _ in range(samples):
        picked = [values[rng.below(len(values))] for _ in range(draw)]
        good = sum(v for v in picked if v > 0)
        total += good if good > 0 else max(picked)
    return total / samples


def plan_slack(seen: Seen, plan: Plan) -> float:
    """Turns left beyond those the plan needs: a claim per route and a draw per two cards
    still missing."""
    demand, locos = colour_needs(seen, plan.routes)
    return turns_left(seen) - len(plan.routes) - shortfall(seen, seen.hand, demand, locos) / 2.0


def colour_needs(seen: Seen, routes: list[int]) -> tuple[Counter, int]:
    """Cards of each colour the planned routes ask for (grey routes given the colour the hand
    has most spare of) and the locomotives the ferries ask for."""
    demand: Counter = Counter()
    locos = 0
    greys = []
    for rid in routes:
        r = seen.routes_by_id[rid]
        locos += r.locomotives
        if r.colour == GREY:
            greys.append(r)
        else:
            demand[r.colour] += r.length - r.locomotives
    for r in sorted(greys, key=lambda r: -r.length):
        colour = max(COLOURS, key=lambda c: (seen.hand[c] - demand[c], seen.hand[c]))
        demand[colour] += r.length - r.locomotives
    return demand, locos


def hand_after(hand: Counter, pay: Claim) -> Counter:
    """The hand left once `pay` is paid out of `hand`."""
    left = Counter(hand)
    left[LOCO] -= pay.locomotives
    left[pay.colour] -= pay.cards - pay.locomotives
    return left


def shortfall(seen: Seen, hand: Counter, demand: Counter, locos: int) -> int:
    """Cards still to collect for the demand, locomotives in hand covering any colour."""
    missing = sum(max(0, demand[c] - hand[c]) for c in demand) + locos
    return max(0, missing - hand[LOCO])


def turns_left(seen: Seen) -> float:
    """About how many more turns this seat gets: the others end the game when their trains
    run down, at the pace they have spent them so far."""
    if seen.view["final_turns"] is not None:
        return 1.0
    start = TRAINS[seen.board.name]
    taken = max(0, seen.view["turns"]) / max(1, seen.n)
    horizon = float(INF)
    for left in seen.trains:
        # a prior of 1.3 trains a turn over 6 turns steadies the early estimates
        rate = (start - left + 7.8) / (taken + 6.0)
        horizon = min(horizon, max(0.0, left - LAST_ROUND_TRAINS) / rate)
    return horizon + 1.0
