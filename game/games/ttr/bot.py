"""What the bots know about Ticket to Ride: dealing what a seat cannot see (determinize),
and a planner that every level but random plays by (TtrKnowledge.plan).

The planner reads only the seat's view: it links the seat's unfinished tickets by shortest
ways over the open network, collects the colours those routes ask for and claims them; the
levels differ in the finer points it weighs (SKILLS), and the hard level also plays its
ticket choices out to the end of the game on sampled deals before it keeps any (at up to four
seats: beyond, the playouts are too noisy to compare). Routes whose loss would cost much
(bottlenecks, doubles locked at 2-3 seats) are claimed before easy ones, and the hard level
reads the rivals' likely tickets from their public network (Rivals) to rank that risk and to
block a cheap bottleneck of theirs when its own plan can spare the turn.

Every level also keeps the game moving: a hand grown large, or a deck running dry, is spent on
a route rather than grown further (cards hoarded while the deck runs dry once stalled a game
with every card in hand); on South Korea, when the open routes look too few for the trains,
trains go onto the province mat (paid on top with spare cards) so that somebody reaches the
last round. Tickets are drawn in play when the odds of finishing new ones in the trains and
turns left make them worth a turn; on a crowded board (four or five seats) long ways count
as riskier, in the drafts as in play, the more so for the hard and easy levels. On Iberia the
hard level also claims into a festival city ahead of its plan when the cards lying there are
worth more than the turn, cards and tickets the claim costs (festival_claim)."""
from __future__ import annotations

import dataclasses
import heapq
import itertools
import math
from collections import Counter
from typing import Any

from game.core.ai.base import Knowledge
from game.core.ai.clock import Deadline
from game.core.protocol import Action
from game.core.rng import Rng

from .data import (COLOURS, DRAFT_KEEP, FESTIVAL_CARDS, FESTIVAL_PREFIX, FESTIVALS, GREY, IBERIA,
                   KOREA, LAST_ROUND_TRAINS, LOCO, LOCOMOTIVES, PER_COLOUR, TICKET_DRAFT_CARD, TICKET_DRAW,
                   TRAINS, Board, Route, _routes_at, board, festival_points, train_deck)
from .rules import (DECK, Claim, DraftPick, DrawCard, DrawTickets, ExpressDraw, free_spot,
                    IberiaState, KeepTickets, KoreaState, Pass, Place, TakeFestival, TtrState)


def _without(pool: list[Any], used: list[Any]) -> list[Any]:
    left = list(pool)
    for item in used:
        left.remove(item)
    return left


def determinize(view: dict[str, Any], rng: Rng) -> TtrState:
    """A full state consistent with `view`: the other seats' hands, tickets, festival piles and
    draft packets dealt from what the viewer has not seen, the rest into the two decks."""
    cls = IberiaState if view["game"] == IberiaState.game_id else KoreaState
    state = cls.sampled(view, rng)
    n = state.num_players
    me = view["seat"]
    others = [s for s in range(n) if s != me]
    mine = (lambda field: list(getattr(state, field)[me])) if me is not None else (lambda field: [])

    # train cards: all 110, less those in sight
    seen = mine("hands") + [c for c in state.face_up if c] + list(state.discard)
    pool = _without(train_deck(), seen)
    state.rng.shuffle(pool)
    for seat in others:
        count = view["hands_count"][seat]
        state.hands[seat] = sorted(pool[:count])
        del pool[:count]
    deck = pool
    if state.festivals:
        for key in FESTIVALS:
            deck += [FESTIVAL_PREFIX + key] * (FESTIVAL_CARDS - state.festival_revealed[key])
        if not state.draft_card_drawn:
            deck.append(TICKET_DRAFT_CARD)
    state.rng.shuffle(deck)
    state.deck = deck

    # tickets: all of the board's, less the viewer's own
    seen_tickets = mine("tickets") + mine("draft_packs") + mine("draft_picks") + mine("offered")
    tickets = _without([t.index for t in state.board.tickets], seen_tickets)
    state.rng.shuffle(tickets)
    for field in ("tickets", "draft_packs", "draft_picks", "offered"):
        for seat in others:
            count = view[field + "_count"][seat]
            getattr(state, field)[seat] = sorted(tickets[:count]) if field != "draft_picks" else tickets[:count]
            del tickets[:count]
    state.ticket_deck = tickets

    # festival piles: what was taken from each city, less the viewer's own
    if state.festivals:
        taken = []
        for key in FESTIVALS:
            gone = state.festival_revealed[key] - state.festival_at[key]
            taken += [key] * gone
        taken = _without(taken, mine("festival_piles"))
        state.rng.shuffle(taken)
        for seat in others:
            count = view["festival_piles_count"][seat]
            state.festival_piles[seat] = sorted(taken[:count])
            del taken[:count]
    else:
        for seat in others:
            state.festival_piles[seat] = []
    state._derive()
    return state


# ---- the planner ----------------------------------------------------------------------------
#
# Everything below reads only a seat's view. A plan is a set of routes that would link the
# seat's unfinished tickets: shortest ways over the open network, its own routes free and
# routes already chosen for one ticket free for the next, so the tickets share track. The
# planner recomputes it every move, so a route lost to another seat is simply routed around.

INF = 1 << 30
#: the hard level's look-ahead: candidates compared, dealings tried (rounds of one playout per
#: candidate), and its clock (CPU seconds of the thinking thread, see game.core.ai.clock)
LOOK_CANDIDATES = 3
LOOK_SAMPLES = 5
LOOK_SECONDS = 1.0
#: the most seats at which the look-ahead runs: beyond, one playout's margin swings by scores
#: of points with the other seats' luck (the same dealing gives -100 for one candidate and +50
#: for the next), and the few rounds the clock allows cannot tell the candidates apart
LOOK_MAX_SEATS = 4
#: how strongly the hard level's ways bend toward festival cards (trains per point)
LURE = 0.5
#: South Korea: a seat whose trains outnumber this many times its fair share of the open
#: route spaces puts a train on the mat after every claim (see Seen.board_short)
SHORT_SHARE = 1.0
#: the extra charge per train of a ticket's way for each seat beyond three (crowded boards)
CROWD_CHARGE = 0.8
#: the same charge as the hard level reads it: on Iberia at four and five seats the short
#: tickets it then prefers are finished far more often, and the long ones it gives up were
#: mostly cut before they were built
SHARP_CROWD_CHARGE = 2.0
#: the chance that a new train's space on a ticket's way gets cut, times the square of the
#: number of other seats (1 % at two seats, 16 % at five)
CUT_RISK = 0.01
#: Iberia (the hard level): the least a claim for the festival cards lying at its city must
#: bring (points: the cards by the chart, the route's own, less a turn off the plan, cards of
#: the plan's colours paid away and tickets its trains would cost) before it goes ahead of the
#: plan. The festival cards decide most five-seat games (the winner's pile is worth ~37 points,
#: its routes ~37), and lower bars trade too many tickets for small piles (five seats, seeds
#: 7000-7099: a bar of 4 won 37 %, 6 won 39 %, 8 won 45 %, 12 won 40 %)
FEAST_MIN = 8.0
#: what a turn spent off the plan costs a festival claim (points)
FEAST_TURN = 2.0
#: what each card of the plan's colours paid away for a festival claim costs (points)
FEAST_CARD = 1.0
#: how often the easy level draws cards although its plan has a claim ready
EASY_IDLE = 0.25
#: the easy level's turns to spare (see plan_slack) at or below which it stops idling on a
#: claim its plan is ready for: idle turns in the second half of a five-seat Iberia game let
#: its ways be cut, and it failed more tickets than it finished (3.8 to 4.2 a seat in a mixed
#: table; with the idling stopped from here and the "crowd" charge, about 4.1 to 3.9)
EASY_HURRY_SLACK = 10.0
#: a hand this large is spent on routes off the plan rather than grown further
HAND_CAP = 11
#: cards left to draw, per seat, below which the deck counts as running dry
DRY_SUPPLY = 3
#: what a turn spent drawing tickets must bring back (points) before a seat spends it
TICKET_TURN = 3.0

#: what each level's planner weighs. Every level plans its tickets, collects their colours and
#: claims; the finer points are the hard level's: the province mat and the festival cards
#: valued with care, how a draft's picks fit together, tempo (a turn off the plan only when
#: the plan can spare it), the best set of tickets when not all can be finished, and a
#: look-ahead on which tickets to keep. "contest" puts a route before an easier one when losing
#: it costs much; "rivals" (hard) weighs that by what the others seem to need, "block"
#: (hard) takes a rival's cheap bottleneck when the plan can spare the turn and the trains, and
#: "crowd" (hard, and easy, whose noisy play cannot afford a long way on a crowded board
#: either) charges a long way more on a crowded board (see SHARP_CROWD_CHARGE), and
#: "feast" (hard) claims a route for a rich pile of festival cards ahead of the plan (Iberia).
SKILLS: dict[str, frozenset[str]] = {
    "easy": frozenset({"pay", "loco", "festbonus", "spare", "noise", "crowd"}),
    "normal": frozenset({"pay", "loco", "festbonus", "spare", "contest"}),
    "playout": frozenset({"pay", "loco", "festbonus", "spare", "fast"}),
    "hard": frozenset({"pay", "loco", "festbonus", "province", "draftfit", "lure", "tempo",
                       "knapsack", "look", "contest", "rivals", "block", "crowd", "feast"}),
}


class Seen:
    """What a seat knows, gathered from its view into the shapes the planner wants."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.board: Board = board(IBERIA if view["game"] == IberiaState.game_id else KOREA)
        self.seat: int = view["seat"]
        self.n: int = view["num_players"]
        self.claims: dict[int, int] = {r: s for r, s in view["claims_list"]}
        self.hand = Counter(view["hands"][self.seat])
        self.trains: list[int] = list(view["trains"])
        self.tickets: list[int] = list(view["tickets"][self.seat])
        self.face_up: list[str] = list(view["face_up"])
        self.phase: str = view["phase"]
        self.korea = view["game"] == KoreaState.game_id
        self.routes_by_id = self.board.route_by_id
        self.own = frozenset(r for r, s in self.claims.items() if s == self.seat)
        self.scores: list[int] = list(view["scores"])
        #: route -> trains of discount for the festival cards it would bring (the hard level)
        self.lure: dict[int, float] = {}
        #: the charge per train of a ticket's way for each seat beyond three (see train_charge)
        self.crowd_charge = CROWD_CHARGE

    def set_lure(self, weight: float) -> None:
        """Bend this seat's shortest ways toward festival cities with cards lying there."""
        if self.korea:
            return
        pile = Counter(self.view["festival_piles"][self.seat])
        lying = self.view["festival_at"]
        for route in self.board.routes:
            if route.id in self.claims:
                continue
            gain = 0
            for k in self.board.festival_keys(route):
                if lying.get(k):
                    gain = max(gain, festival_points(pile[k] + lying[k]) - festival_points(pile[k]))
            if gain:
                self.lure[route.id] = min(0.6 * route.length, weight * gain)

    @property
    def my_trains(self) -> int:
        return self.trains[self.seat]

    def cost(self, route: Route, seat: int | None = None) -> int | None:
        """Trains `seat` (this one by default) still pays for `route`: 0 if linked already,
        None if closed to it."""
        seat = self.seat if seat is None else seat
        owner = self.claims.get(route.id)
        twin = self.claims.get(route.pair) if route.pair else None
        if owner == seat or twin == seat:
            return 0
        if owner is not None:
            return None
        if twin is not None and self.n <= 3:
            return None
        return route.length

    def end_near(self) -> bool:
        """Whether the last round is on or about to start."""
        return self.view["final_turns"] is not None or min(self.trains) <= 5

    def supply(self) -> int:
        """Train cards anybody can still draw: the deck's, the discards a reshuffle brings
        back, and those on show. When it runs low, cards held are cards nobody can use."""
        return self.view["deck_trains"] + len(self.view["discard"]) + sum(1 for c in self.face_up if c)

    def open_space(self) -> int:
        """Train spaces on the routes somebody may still claim."""
        total = 0
        for route in self.board.routes:
            if route.id in self.claims:
                continue
            if route.pair and route.pair in self.claims and self.n <= 3:
                continue
            total += route.length
        return total

    def board_short(self) -> bool:
        """South Korea: whether the routes left look too few for this seat to run its trains
        down on them alone. Five seats bring more trains than the board has spaces, and a game
        ends by trains only when somebody gets down to the last round (TTR-17); if the board
        fills first it ends blocked (TKO-12), every card stuck in hand. Then a train put on the
        province mat after each claim is a train well spent."""
        if not self.korea:
            return False
        left = self.my_trains - LAST_ROUND_TRAINS
        # more trains than this seat's fair share of the open spaces (a little more, since it
        # plans for them): the rest can only go on the mat, one a claim, so from now on
        return left > SHORT_SHARE * self.open_space() / self.n


def shortest_path(seen: Seen, a: str, b: str, free: set[int], blocked: frozenset[int] = frozenset(),
                  seat: int | None = None) -> tuple[int, list[int]]:
    """Fewest new trains for `seat` (the viewer by default) from `a` to `b`, and the routes to
    claim on the way; routes in `free` cost nothing. A small charge per route prefers long
    routes: more points a train and fewer turns."""
    at = _routes_at(seen.board)
    best: dict[str, float] = {a: 0.0}
    how: dict[str, tuple[str, int]] = {}
    queue: list[tuple[float, str]] = [(0.0, a)]
    while queue:
        d, here = heapq.heappop(queue)
        if here == b:
            break
        if d > best[here]:
            continue
        for route in at.get(here, ()):
            if route.id in blocked:
                continue
            if route.id in free:
                step = 0.0
            else:
                c = seen.cost(route, seat)
                if c is None:
                    continue
                step = float(c)
                if c:
                    # the seat's own ways bend toward festival cards (never below a train's cost)
                    step += 0.3 - (seen.lure.get(route.id, 0.0) if seat is None else 0.0)
            there = route.other(here)
            nd = d + step
            if nd < best.get(there, INF):
                best[there] = nd
                how[there] = (here, route.id)
                heapq.heappush(queue, (nd, there))
    if b not in best:
        return INF, []
    path, trains, here = [], 0, b
    while here != a:
        prev, rid = how[here]
        route = seen.routes_by_id[rid]
        if rid not in free and seen.cost(route, seat):
            path.append(rid)
            trains += route.length
        here = prev
    return trains, path


@dataclasses.dataclass
class Plan:
    routes: list[int]                 # routes to claim, in the order found
    trains: int                       # trains they need
    live: list[int]                   # tickets the plan finishes (or finished already)
    dead: list[int]                   # tickets it gives up on
    ticket_of: dict[int, list[int]]   # route -> tickets whose way uses it


def make_plan(seen: Seen, tickets: list[int], trains: int | None = None,
              order: list[int] | None = None) -> Plan:
    """Link `tickets`, the most valuable first (or in `order`), within `trains` (the seat's
    by default)."""
    budget = seen.my_trains if trains is None else trains
    tix = seen.board.tickets
    free: set[int] = set(seen.own)
    routes: list[int] = []
    live, dead = [], []
    ticket_of: dict[int, list[int]] = {}
    used = 0
    for t in (order if order is not None else sorted(tickets, key=lambda t: -tix[t].points)):
        need, path = shortest_path(seen, tix[t].a, tix[t].b, free)
        if need > budget - used:
            dead.append(t)
            continue
        live.append(t)
        used += need
        for rid in path:
            free.add(rid)
            routes.append(rid)
        for rid in path:
            ticket_of.setdefault(rid, []).append(t)
    return Plan(routes, used, live, dead, ticket_of)


def best_plan(seen: Seen, tickets: list[int]) -> Plan:
    """When the trains cannot finish every ticket: the plan, of a few orders of linking
    them, that finishes the most ticket points (a small knapsack over shared track)."""
    plan = make_plan(seen, tickets)
    if not plan.dead:
        return plan
    tix = seen.board.tickets
    alone = {t: shortest_path(seen, tix[t].a, tix[t].b, set(seen.own))[0] for t in tickets}
    orders = [sorted(tickets, key=lambda t: alone[t]),
              sorted(tickets, key=lambda t: -tix[t].points / max(1, alone[t]))]

    def worth(p: Plan) -> tuple:
        return (sum(tix[t].points for t in p.live), -p.trains)
    for order in orders:
        other = make_plan(seen, tickets, order=order)
        if worth(other) > worth(plan):
            plan = other
    return plan


# ---- contested links and the rivals' wants --------------------------------------------------
#
# A route is contested when losing it would cost a seat much (a bottleneck: its way grows a
# lot longer, or breaks) and somebody else seems to need it. What the others need is inferred
# from the public view alone: each ticket the viewer does not hold is weighed by how well the
# rival's claimed network fits it (trains it saves them), scaled to the number of tickets the
# rival holds; a route's heat is the expected count of rival tickets whose way runs over it.

#: points a seat loses per extra train of detour (turns and cards), capped by the ticket
DETOUR_POINTS = 0.8
#: how much a contested route in the plan outranks an easy one, per point at stake
CONTEST = 1.0
#: the least a block must be worth (points) before the hard level spends a turn on it
BLOCK_MIN = 4.0
_RIVALS_CACHE: dict[tuple, Rivals] = {}


def lock_block(seen: Seen, rid: int) -> frozenset[int]:
    """The routes closed to everyone else once `rid` is taken: its twin too at 2-3 players."""
    route = seen.routes_by_id[rid]
    return frozenset((rid, route.pair)) if route.pair and seen.n <= 3 else frozenset((rid,))


def detour_loss(seen: Seen, a: str, b: str, points: int, free: set[int], rid: int,
                seat: int | None = None, base: int | None = None) -> float:
    """Points `seat` stands to lose on ticket a-b (worth `points`) if `rid` went to another
    seat: the extra trains of the way around, or the whole swing if no way is left."""
    if base is None:
        base = shortest_path(seen, a, b, free, seat=seat)[0]
    if base >= INF:
        return 0.0
    # another seat taking `rid` shuts its twin too, but only at 2-3 players
    around = shortest_path(seen, a, b, free, lock_block(seen, rid), seat=seat)[0]
    if around >= INF:
        return 2.0 * points
    return min(2.0 * points, DETOUR_POINTS * (around - base))


class Rivals:
    """The other seats' likely tickets and the routes their ways run over, from the public
    view only (their claims, their ticket counts, the board's ticket list less the viewer's
    own tickets); never their hidden tickets."""

    def __init__(self, seen: Seen) -> None:
        self.seen = seen
        tix = seen.board.tickets
        mine = set(seen.tickets)
        #: rival -> [(ticket, probability it is held, trains still needed, route ids to claim)]
        self.likely: dict[int, list[tuple[int, float, int, list[int]]]] = {}
        #: route -> expected count of rival tickets whose way uses it
        self.heat: Counter = Counter()
        plain = _plain_distances(seen.board)
        for o in range(seen.n):
            count = seen.view["tickets_count"][o]
            if o == seen.seat or not count:
                continue
            own = {r for r, s in seen.claims.items() if s == o}
            rows = []
            for t in tix:
                if t.index in mine:
                    continue
                need, path = shortest_path(seen, t.a, t.b, own, seat=o)
                if need >= INF:
                    continue
                # the trains their network saves on this ticket: the better the fit, the likelier
                saving = plain[t.a].get(t.b, 0) - need
                rows.append((t.index, 0.15 + max(0, saving), need, path))
            total = sum(w for _, w, _, _ in rows) or 1.0
            likely = [(t, min(1.0, count * w / total), need, path) for t, w, need, path in rows]
            self.likely[o] = likely
            for _, p, _, path in likely:
                for rid in path:
                    self.heat[rid] += p

    @classmethod
    def of(cls, seen: Seen) -> Rivals:
        """The rivals of `seen`'s seat, cached while the claims and ticket counts stand."""
        v = seen.view
        key = (seen.board.name, seen.seat, seen.n, tuple(tuple(c) for c in v["claims_list"]),
               tuple(v["tickets_count"]), tuple(sorted(seen.tickets)))
        got = _RIVALS_CACHE.get(key)
        if got is None:
            if len(_RIVALS_CACHE) > 64:
                _RIVALS_CACHE.clear()
            got = _RIVALS_CACHE[key] = cls(seen)
        got.seen = seen
        return got

    def risk(self, rid: int) -> float:
        """About how likely another seat takes `rid` soon (0..1)."""
        route = self.seen.routes_by_id[rid]
        heat = self.heat[rid]
        if route.pair and self.seen.n <= 3 and route.pair not in self.seen.claims:
            heat += self.heat[route.pair]       # locked as one: either track takes both
        # every open route may go (a floor), the more so the more the rivals seem to need it
        return 0.25 + 0.75 * (1.0 - math.exp(-2.0 * heat))

    def block_value(self, rid: int) -> float:
        """Points the rivals together stand to lose if the viewer took `rid`."""
        seen = self.seen
        tix = seen.board.tickets
        blocked = lock_block(seen, rid)
        total = 0.0
        for o, likely in self.likely.items():
            own = {r for r, s in seen.claims.items() if s == o}
            for t, p, need, path in likely:
                if rid not in path or p < 0.02:
                    continue
                around = shortest_path(seen, tix[t].a, tix[t].b, own, blocked, seat=o)[0]
                pts = tix[t].points
                loss = 2.0 * pts if around >= INF else min(2.0 * pts, DETOUR_POINTS * (around - need))
                total += p * loss
        return total


_PLAIN: dict[str, dict[str, dict[str, int]]] = {}


def _plain_distances(b: Board) -> dict[str, dict[str, int]]:
    """Fewest trains between every two cities on the empty board."""
    got = _PLAIN.get(b.name)
    if got is None:
        cities = {r.a for r in b.routes} | {r.b for r in b.routes}
        got = _PLAIN[b.name] = {c: b.distances(c) for c in cities}
    return got


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


class Planner:
    """The move a seat's plan asks for; `level` turns on the finer points."""

    def __init__(self, view: dict[str, Any], legal: list[Action], rng: Rng, level: str) -> None:
        self.seen = Seen(view)
        self.legal = legal
        self.rng = rng
        self.level = level
        self.skills = SKILLS.get(level, SKILLS["normal"])
        self.fast = "fast" in self.skills      # inside the hard bot's look-ahead: cheaper choices
        #: the look-ahead's summed margins per candidate, over the rounds it completed
        self.look_totals: list[float] = []
        if "lure" in self.skills and self.seen.n <= 3:
            # on a crowded board (four or five seats) a detour for festival cards costs more
            # than they bring: the way is longer to build, likelier cut, and the cards are
            # likelier taken first
            self.seen.set_lure(LURE)
        if "crowd" in self.skills:
            self.seen.crowd_charge = SHARP_CROWD_CHARGE

    # -- helpers ----------------------------------------------------------------------------
    def unfinished(self) -> list[int]:
        done = self.seen.view.get("ticket_done") or []
        return [t for t, ok in zip(self.seen.tickets, done) if not ok] if done else list(self.seen.tickets)

    def claims(self) -> dict[int, list[Claim]]:
        out: dict[int, list[Claim]] = {}
        for a in self.legal:
            if isinstance(a, Claim):
                out.setdefault(a.route, []).append(a)
        return out

    def pay(self, options: list[Claim], demand: Counter, locos: int, route: Route) -> Claim:
        """The payment that hurts the rest of the plan least: fewest cards, then fewest
        locomotives, then leaving the smallest shortfall."""
        seen = self.seen
        least = min(c.cards for c in options)
        if "pay" not in self.skills:
            return min((c for c in options if c.cards == least), key=lambda c: c.locomotives)

        def hurt(c: Claim) -> tuple:
            hand = hand_after(seen.hand, c)
            d = Counter(demand)
            if route.colour != GREY:
                d[route.colour] -= route.length - route.locomotives
            else:
                d[c.colour] = max(0, d[c.colour] - (route.length - route.locomotives))
            return (c.cards, shortfall(seen, hand, d, max(0, locos - route.locomotives)), c.locomotives)
        plain = min((c for c in options if c.cards == least), key=hurt)
        if seen.korea and self.sink_cards(mat=True) and seen.my_trains > route.length:
            # South Korea: cards the plan cannot use, paid on top, raise the train's spot on
            # the mat (TKO-5) and go back to the deck instead of clogging the hand
            floor = hurt(plain)[1:]
            extra = [c for c in options if c.cards > least and hurt(c)[1:] <= floor]
            if extra:
                return max(extra, key=lambda c: (c.cards, -c.locomotives))
        return plain

    def sink_cards(self, mat: bool = False) -> bool:
        """Whether cards in hand are worth less than cards back in the deck: the hand is large,
        or the cards left to draw run low (then what one seat hoards, nobody can play). With
        `mat` (cards paid on top of a claim, South Korea) also while the board is short of
        room for the trains, when a higher spot on the mat is a train well placed."""
        seen = self.seen
        size = sum(seen.hand.values())
        return (size >= HAND_CAP or (size >= 6 and seen.supply() <= DRY_SUPPLY * seen.n)
                or (mat and seen.board_short()))

    # -- the decision ---------------------------------------------------------------------------
    def choose(self) -> Action | None:
        phase = self.seen.phase
        if phase == "draft":
            return self.draft_pick()
        if phase in ("draft_keep", "keep"):
            return self.keep()
        if phase == "festival":
            return self.festival()
        if phase == "place":
            return self.place()
        if phase in ("turn", "drawing"):
            return self.turn()
        return None

    def draft_pick(self) -> Action:
        seen = self.seen
        picks = list(seen.view["draft_picks"][seen.seat])
        base = list(seen.tickets)       # Iberia's second draft: the tickets kept before count
        best, best_v = None, -1e9
        for a in self.legal:
            if not isinstance(a, DraftPick):
                continue
            if "draftfit" not in self.skills:
                # each ticket on its own merits (with those already held), not how the
                # picks fit together
                v = tickets_value(seen, [a.ticket], base)
                if v > best_v:
                    best, best_v = a, v
                continue
            group = picks + [a.ticket]
            keep = min(DRAFT_KEEP, len(group))
            v = max(tickets_value(seen, list(c), base) for c in itertools.combinations(group, keep)) \
                if len(group) <= 6 else 0.0
            v += 0.05 * seen.board.tickets[a.ticket].points
            if "noise" in self.skills:
                v += self.rng.random() * 4
            if v > best_v:
                best, best_v = a, v
        return best or self.legal[0]

    def keep(self) -> Action:
        seen = self.seen
        base = self.unfinished()
        # later draws have less time to finish: ask for more slack
        margin = 0.8 if seen.phase == "draft_keep" else 0.6
        scored: list[tuple[float, Action]] = []
        for a in self.legal:
            if not isinstance(a, KeepTickets):
                continue
            v = tickets_value(seen, list(a.tickets), base, margin)
            if "noise" in self.skills:
                v += self.rng.random() * 5
            scored.append((v, a))
        scored.sort(key=lambda va: -va[0])
        candidates = [a for _, a in scored]
        if seen.phase == "keep" and not self.fast:
            # tickets drawn in play: kept by their odds of being finished in the turns left
            odds = self.odds_keep()
            if odds in candidates:
                candidates.remove(odds)
            candidates.insert(0, odds)
        if "look" in self.skills and len(candidates) > 1 and seen.n <= LOOK_MAX_SEATS:
            return self.look_ahead(candidates[:LOOK_CANDIDATES])
        return candidates[0] if candidates else self.legal[0]

    def odds_keep(self) -> KeepTickets:
        """Of the tickets just drawn, those worth keeping by ticket_odds, taken one at a time
        (each valued on top of those kept before it); the least bad one if none is, since one
        must be kept."""
        seen = self.seen
        offered = list(seen.view["offered"][seen.seat])
        base = self.unfinished()
        kept: list[int] = []
        while offered:
            plan = make_plan(seen, base + kept)
            odds = ticket_odds(seen, plan, base + kept, plan_slack(seen, plan), offered)
            if "noise" in self.skills:
                odds = {t: v + self.rng.random() * 4 - 2 for t, v in odds.items()}
            t = max(offered, key=lambda t: odds[t])
            if odds[t] <= 0 and kept:
                break
            kept.append(t)
            offered.remove(t)
            if odds[t] <= 0:
                break
        return KeepTickets(tuple(sorted(kept)))

    def look_ahead(self, candidates: list[Action], samples: int | None = None,
                   deadline: Deadline | None = None) -> Action:
        """The hard level's look-ahead: each candidate played to the end of the game on the
        same dealings of the hidden cards (so the comparison is fair), every seat then
        following the plain planner; the best average lead wins.

        Anytime: the candidates are played round by round, one dealing each, and only whole
        rounds are compared. The first round is always played in full, so even a clock run out
        before the start (`deadline` already passed) answers from the playouts, never from the
        planner's favourite alone; after that the clock (the thinking thread's CPU time, see
        game.core.ai.clock) may cut the rounds short, and a round it cuts is set aside."""
        samples = LOOK_SAMPLES if samples is None else samples
        deadline = Deadline(LOOK_SECONDS) if deadline is None else deadline
        totals = [0.0] * len(candidates)
        for done in range(samples):
            if done and deadline.passed():
                break
            seed = self.rng.below(1 << 30)
            margins = []
            for action in candidates:
                if done and deadline.passed():
                    break
                margins.append(playout_margin(self.seen.view, action, seed))
            if len(margins) < len(candidates):
                break               # a round cut short would not compare like with like
            totals = [t + m for t, m in zip(totals, margins)]
        self.look_totals = totals
        # the first candidate is the planner's own favourite: ties go to it
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def festival(self) -> Action:
        seen = self.seen
        pile = Counter(seen.view["festival_piles"][seen.seat])
        lying = seen.view["festival_at"]

        def gain(a: TakeFestival) -> int:
            k = a.festival
            return festival_points(pile[k] + lying[k]) - festival_points(pile[k])
        options = [a for a in self.legal if isinstance(a, TakeFestival)]
        return max(options, key=gain) if options else self.legal[0]

    def place(self) -> Action:
        """South Korea's province mat: a train there leads a line worth a bonus, and costs a
        train that the plan may need."""
        seen = self.seen
        plan = make_plan(seen, self.unfinished())
        spare = seen.my_trains - plan.trains - 1
        short = seen.board_short()
        if "province" not in self.skills:
            # the plain rule: a train on the line whenever it lands on spot 3 or higher, or on
            # any spot while the board looks too small for the trains (see Seen.board_short)
            least = 1 if short else 3
            plain = [a for a in self.legal if isinstance(a, Place) and a.line and not a.express
                     and free_spot(seen.view["province"][a.line], seen.view["pending_cards"]) >= least]
            if short and not plain:
                # an Express card is worth spending to get a train onto a full line
                plain = [a for a in self.legal if isinstance(a, Place) and a.line]
            def reach(a: Place) -> int:
                return free_spot(seen.view["province"][a.line], seen.view["pending_cards"] + a.express)
            plain.sort(key=lambda a: (-reach(a), a.express))
            # a board too small for the trains leaves trains to spare whatever the plan says
            return plain[0] if plain and (spare >= 0 or short) else Place("")
        best, best_v = None, -1e9
        n = seen.n
        for a in self.legal:
            if not isinstance(a, Place):
                continue
            if not a.line:
                v = 0.0
            else:
                spots = seen.view["province"][a.line]
                spot = free_spot(spots, seen.view["pending_cards"] + a.express)
                sums = [0] * n
                for number, owner in enumerate(spots, start=1):
                    if owner >= 0:
                        sums[owner] += number
                mine = sums[seen.seat]
                rival = max(s for i, s in enumerate(sums) if i != seen.seat) if n > 1 else 0
                was_lead = mine > rival
                now_lead = mine + spot > rival
                v = -1.6 + 0.25 * spot
                if now_lead and not was_lead:
                    v += 6.0
                elif was_lead:
                    v += 1.0 if mine - rival < 6 else -0.5
                elif rival - mine - spot < 5:
                    v += 1.0
                if a.express:
                    v -= 1.5 * a.express if not (now_lead and not was_lead) else 0.6 * a.express
                if short:
                    v += 2.5    # a train the board has no room for anyway
                elif spare < 0:
                    v -= 8
            if v > best_v:
                best, best_v = a, v
        return best or self.legal[0]

    def turn(self) -> Action:
        seen = self.seen
        first = seen.phase == "turn"
        open_tickets = self.unfinished()
        plan = best_plan(seen, open_tickets) if "knapsack" in self.skills else make_plan(seen, open_tickets)
        demand, locos = colour_needs(seen, plan.routes)
        claims = self.claims() if first else {}

        if first and seen.view["final_turns"] is not None:
            last = self.last_claim(claims, plan)
            if last is not None:
                return last

        if first and "feast" in self.skills and not seen.korea:
            feast = self.festival_claim(claims, plan, demand, locos)
            if feast is not None:
                return feast

        if first and plan.routes:
            pick = self.best_claim(claims, plan, demand, locos)
            if pick is not None:
                return pick

        if first and "block" in self.skills and not self.fast:
            block = self.block_claim(claims, plan, demand, locos)
            if block is not None:
                return block

        if first:
            drawn = self.more_tickets(plan, demand, locos)
            if drawn is not None:
                return drawn

        if first and not plan.routes:
            filler = self.filler_claim(claims, plan)
            if filler is not None:
                return filler
            # aim at the longest route still open that the trains allow
            target = self.filler_target(plan)
            if target is not None:
                demand, locos = colour_needs(seen, [target])
        elif first and ("spare" in self.skills or "tempo" in self.skills):
            extra = self.spare_claim(claims, plan, demand, locos)
            if extra is not None:
                return extra
        if first and claims and self.sink_cards():
            spend = self.spend_claim(claims, plan, demand, locos)
            if spend is not None:
                return spend
        return self.draw(demand, locos, first)

    def spend_claim(self, claims: dict[int, list[Claim]], plan: Plan, demand: Counter,
                    locos: int) -> Action | None:
        """The hand is large or the cards run dry: a route claimed now, the one that hurts the
        plan least for the most points. Cards kept past this point only starve the others and
        the deck, and a deck run dry with every card in hand stalls the game (TTR-19)."""
        seen = self.seen
        spare = seen.my_trains - plan.trains
        dry = seen.supply() <= DRY_SUPPLY * seen.n
        before = shortfall(seen, seen.hand, demand, locos)
        best, best_v = None, -1e9
        for rid, options in claims.items():
            route = seen.routes_by_id[rid]
            if rid not in plan.routes and route.length > spare and not dry:
                continue
            pay = self.pay(options, demand, locos, route)
            hand = hand_after(seen.hand, pay)
            hurt = shortfall(seen, hand, demand, locos) - before
            # a hurt that the dry deck could not have mended anyway counts for less
            v = route.points + self.festival_bonus(route) - (1.0 if dry else 3.0) * hurt
            if route.length > spare:
                v -= 2.0 * (route.length - spare)
            if v > best_v:
                best, best_v = pay, v
        return best

    def last_claim(self, claims: dict[int, list[Claim]], plan: Plan) -> Action | None:
        """The last turn: the claim worth most now (its points and the tickets it finishes,
        and with "feast" the festival cards it brings)."""
        seen = self.seen
        best, best_v = None, 0.0
        tix = seen.board.tickets
        for rid, options in claims.items():
            route = seen.routes_by_id[rid]
            v = float(route.points)
            if "feast" in self.skills:
                v += self.festival_bonus(route)
            for t in plan.ticket_of.get(rid, []):
                # finishes the ticket if it is the ticket's one missing route
                if sum(1 for r in plan.routes if t in plan.ticket_of.get(r, [])) == 1:
                    v += 2 * tix[t].points
            if v > best_v:
                best, best_v = self.pay(options, Counter(), 0, route), v
        return best

    def festival_claim(self, claims: dict[int, list[Claim]], plan: Plan, demand: Counter,
                       locos: int) -> Action | None:
        """Iberia: a route into a festival city whose cards lying there are worth taking now,
        ahead of the plan: the chart's points for them on top of this seat's pile, and the
        route's, less a turn off the plan, the plan's cards paid away and the tickets its
        trains would cost (counted as failed). The chart rises steeply (TIB-13) and a pile
        goes to whoever claims into the city first, so a rich one is rarely there next turn."""
        seen = self.seen
        tix = seen.board.tickets
        before = shortfall(seen, seen.hand, demand, locos)
        spare = seen.my_trains - plan.trains
        best, best_v = None, FEAST_MIN
        for rid, options in claims.items():
            route = seen.routes_by_id[rid]
            gain = self.festival_bonus(route)
            if gain < FEAST_MIN:
                continue
            pay = self.pay(options, demand, locos, route)
            v = gain + route.points
            if rid not in plan.routes:
                hurt = max(0, shortfall(seen, hand_after(seen.hand, pay), demand, locos) - before)
                v -= FEAST_TURN + FEAST_CARD * hurt
                if route.length > spare:
                    # the trains come out of the plan: the tickets it can no longer finish
                    fewer = make_plan(seen, plan.live, trains=seen.my_trains - route.length)
                    v -= 2.0 * sum(tix[t].points for t in plan.live if t not in fewer.live)
            if v > best_v:
                best, best_v = pay, v
        return best

    def best_claim(self, claims: dict[int, list[Claim]], plan: Plan, demand: Counter,
                   locos: int) -> Action | None:
        seen = self.seen
        ready = [rid for rid in plan.routes if rid in claims]
        if not ready:
            return None

        def urgency(rid: int) -> float:
            route = seen.routes_by_id[rid]
            v = route.length + 0.2 * route.points
            if seen.korea and seen.hand[route.colour] > route.length:
                v += 0.1
            if "festbonus" in self.skills:
                v += self.festival_bonus(route)
            return v
        if "noise" in self.skills and self.rng.random() < EASY_IDLE \
                and plan_slack(seen, plan) > EASY_HURRY_SLACK:
            return None       # an easy bot sometimes keeps drawing instead, while it has time
        if "contest" in self.skills and not self.fast and len(ready) > 1:
            stakes = self.stakes(plan, ready)
            rivals = Rivals.of(seen) if "rivals" in self.skills else None

            def weighed(rid: int) -> float:
                # a route likely lost soon, whose loss costs much, goes before an easy one
                risk = rivals.risk(rid) if rivals is not None else 0.5
                return urgency(rid) + CONTEST * risk * stakes[rid]
            rid = max(ready, key=weighed)
        else:
            rid = max(ready, key=urgency)
        route = seen.routes_by_id[rid]
        return self.pay(claims[rid], demand, locos, route)

    def stakes(self, plan: Plan, rids: list[int]) -> dict[int, float]:
        """Points this seat stands to lose on its tickets if each of `rids` went elsewhere."""
        seen = self.seen
        tix = seen.board.tickets
        free = set(seen.own)
        base: dict[int, int] = {}
        out: dict[int, float] = {}
        for rid in rids:
            total = 0.0
            for t in plan.ticket_of.get(rid, []):
                if t not in base:
                    base[t] = shortest_path(seen, tix[t].a, tix[t].b, free)[0]
                total += detour_loss(seen, tix[t].a, tix[t].b, tix[t].points, free, rid, base=base[t])
            out[rid] = total
        return out

    def block_claim(self, claims: dict[int, list[Claim]], plan: Plan, demand: Counter,
                    locos: int) -> Action | None:
        """A short route off the plan that another seat's way appears to depend on, taken when
        the plan is waiting for cards (or done) and the block costs this seat little."""
        seen = self.seen
        if seen.view["final_turns"] is not None:
            return None
        spare = seen.my_trains - plan.trains
        rivals: Rivals | None = None
        best, best_v = None, BLOCK_MIN
        before = shortfall(seen, seen.hand, demand, locos)
        # a turn spent blocking must be one the plan can spare
        if plan.routes and turns_left(seen) - len(plan.routes) - before / 1.7 < 4:
            return None
        for rid, options in claims.items():
            route = seen.routes_by_id[rid]
            # the trains too must be spare: a block that starves the plan costs a ticket
            if rid in plan.routes or route.length > 3 or route.length > spare - 8:
                continue
            pay = self.pay(options, demand, locos, route)
            hand = hand_after(seen.hand, pay)
            hurt = shortfall(seen, hand, demand, locos) - before
            if hurt > 0:
                continue
            if rivals is None:
                rivals = Rivals.of(seen)
            if rivals.heat[rid] < 0.3:
                continue
            gain = rivals.block_value(rid)
            # several rivals: hurting one helps the viewer only against that one
            gain /= max(1, seen.n - 1) ** 0.5
            v = gain + 0.5 * route.points - 0.8 * route.length - 3.0 * hurt - 1.0
            if v > best_v:
                best, best_v = pay, v
        return best

    def festival_bonus(self, route: Route) -> float:
        seen = self.seen
        if seen.korea:
            return 0.0
        pile = Counter(seen.view["festival_piles"][seen.seat])
        lying = seen.view["festival_at"]
        best = 0
        for k in seen.board.festival_keys(route):
            if lying.get(k):
                best = max(best, festival_points(pile[k] + lying[k]) - festival_points(pile[k]))
        return float(best)

    def spare_claim(self, claims: dict[int, list[Claim]], plan: Plan, demand: Counter,
                    locos: int) -> Action | None:
        """A route off the plan worth taking now: festival cards lying at its end (Iberia),
        or a long route paid with cards the plan does not need, when trains are spare."""
        seen = self.seen
        spare = seen.my_trains - plan.trains
        best, best_v = None, 0.0
        slack: float | None = None
        for rid, options in claims.items():
            if rid in plan.routes:
                continue
            route = seen.routes_by_id[rid]
            if route.length > spare - 2:
                continue
            pay = self.pay(options, demand, locos, route)
            hand = hand_after(seen.hand, pay)
            hurt = shortfall(seen, hand, demand, locos) - shortfall(seen, seen.hand, demand, locos)
            if "tempo" in self.skills:
                # a turn spent off the plan must be a turn the plan can spare
                if slack is None:
                    slack = turns_left(seen) - len(plan.routes) - shortfall(seen, seen.hand, demand, locos) / 1.7
                if slack < 2 + 2 * hurt or route.length > spare - 4:
                    continue
                v = self.festival_bonus(route) + route.points - 1.5 * route.length - 3.0 * hurt
                if v >= 3.0 and v > best_v:
                    best, best_v = pay, v
                continue
            v = self.festival_bonus(route) + (route.points - route.length) * 0.8 - 3.0 * hurt
            if hurt == 0 and route.length >= 4 and sum(seen.hand.values()) >= 9:
                v += route.points * 0.3
            if v > best_v + 2.0:
                best, best_v = pay, v - 2.0
        return best

    def more_tickets(self, plan: Plan, demand: Counter, locos: int) -> Action | None:
        """Draw tickets when they look worth a turn: trains to spare beyond the plan, turns to
        spare before the end, and new tickets that the network and those trains can likely
        finish (judged over the tickets this seat has not seen, see ticket_draw_gain)."""
        seen = self.seen
        if not seen.view["tickets_open"]:
            return None
        options = [a for a in self.legal if isinstance(a, DrawTickets)]
        if not options:
            return None
        draw = min(options, key=lambda a: a.express)
        if self.fast:
            # inside the look-ahead: the old cheap rule, once the plan is done
            rival = min(t for i, t in enumerate(seen.trains) if i != seen.seat) if seen.n > 1 else 99
            ok = not plan.routes and seen.my_trains >= 15 and rival >= 10 and not seen.end_near()
            return draw if ok else None
        spare_trains = seen.my_trains - plan.trains
        # the tickets held come first: done, or nearly (a route or two, a card to find)
        if len(plan.routes) > 2 or shortfall(seen, seen.hand, demand, locos) > 1:
            return None
        slack = plan_slack(seen, plan) - 1.0       # the turn the drawing takes
        if spare_trains < 6 or slack < 3 or seen.end_near():
            # no time or trains to build more: only tickets the network already links pay
            # (a wide network late in the game may hold several), so none with new trains
            if len(seen.own) < 6:
                return None
            slack = 0.0
        gain = ticket_draw_gain(seen, plan, self.unfinished(), slack, self.rng)
        if "noise" in self.skills:
            gain += self.rng.random() * 2.0 - 1.0
        return draw if gain > TICKET_TURN else None

    def filler_target(self, plan: Plan) -> int | None:
        seen = self.seen
        routes = [r for r in seen.board.routes if seen.cost(r) and r.length <= seen.my_trains]
        if not routes:
            return None
        return max(routes, key=lambda r: (r.points / r.length, r.length)).id

    def filler_claim(self, claims: dict[int, list[Claim]], plan: Plan) -> Action | None:
        """No tickets left to work on: claim for points, the longest routes first."""
        seen = self.seen
        if not claims:
            return None
        rid = max(claims, key=lambda r: (seen.routes_by_id[r].points + self.festival_bonus(seen.routes_by_id[r]),
                                         -seen.routes_by_id[r].length))
        route = seen.routes_by_id[rid]
        # short routes only once the game is closing or the hand is full
        if route.length < 3 and not seen.end_near() and sum(seen.hand.values()) < 10 \
                and self.festival_bonus(route) < 3:
            return None
        return self.pay(claims[rid], Counter(), 0, route)

    def draw(self, demand: Counter, locos: int, first: bool) -> Action:
        seen = self.seen
        face = {a.slot: seen.face_up[a.slot] for a in self.legal
                if isinstance(a, DrawCard) and a.slot != DECK}
        blind = any(isinstance(a, DrawCard) and a.slot == DECK for a in self.legal)
        missing = {c: demand[c] - seen.hand[c] for c in demand if demand[c] > seen.hand[c]}
        short = shortfall(seen, seen.hand, demand, locos)
        if "noise" in self.skills and self.rng.random() < 0.2:
            missing = {}
        # Korea: an express card spent on drawing when many cards are still wanted, unless the
        # board is short of room: then it is kept to lift a train onto a full line of the mat
        if first and seen.korea and short >= 4 and seen.my_trains <= 34 and not seen.board_short():
            express = [a for a in self.legal if isinstance(a, ExpressDraw)]
            if express and short >= 6:
                return min(express, key=lambda a: a.express)
        best_slot, best_gap = None, 0
        for slot, card in face.items():
            if card in missing and missing[card] > best_gap:
                best_slot, best_gap = slot, missing[card]
        if best_slot is not None:
            return DrawCard(best_slot)
        # a face-up locomotive is the whole draw: worth it when two blind cards would bring
        # less than one useful card, or the ferries ask for locomotives
        if first and short > 0 and "loco" in self.skills:
            loco_slot = next((s for s, c in face.items() if c == LOCO), None)
            if loco_slot is not None:
                useful = sum(1 for c in missing) * PER_COLOUR + LOCOMOTIVES
                p = useful / (len(COLOURS) * PER_COLOUR + LOCOMOTIVES)
                if 2 * p < 1.0 or locos > seen.hand[LOCO]:
                    return DrawCard(loco_slot)
        if blind:
            return DrawCard(DECK)
        if face:
            # nothing blind: take what helps most, else the card we hold most of
            slot = max(face, key=lambda s: (face[s] in demand, seen.hand[face[s]]))
            return DrawCard(slot)
        # nothing to draw at all: anything legal that is not giving up
        for a in self.legal:
            if not isinstance(a, (DrawTickets, Pass)):
                return a
        return self.legal[0]


class TtrKnowledge(Knowledge):
    """Ticket to Ride's bots plan: every level but random asks the planner for its move."""

    def plan(self, view: dict[str, Any], legal: list[Action], rng: Rng, level: str) -> Action | None:
        if view.get("seat") is None or not legal:
            return None
        return Planner(view, legal, rng, level).choose()


KNOWLEDGE = TtrKnowledge()


def playout_margin(view: dict[str, Any], first: Action, seed: int, max_actions: int = 800) -> float:
    """Play `first` on a state dealt from `view`, then the rest of the game with every seat
    following the plain planner; the viewer's final lead over the best other seat, plus a
    bonus for the win."""
    state = determinize(view, Rng(seed, stream=3))
    me = view["seat"]
    state.apply(first, trusted=True)
    rng = Rng(seed, stream=5)
    steps = 0
    while not state.is_over and steps < max_actions:
        seat = state.current_player
        legal = state.legal_actions()
        action = Planner(state.view(seat), legal, rng, "playout").choose() if len(legal) > 1 else legal[0]
        state.apply(action or legal[0], trusted=True)
        steps += 1
    scores = state.scores()
    best_other = max(v for i, v in enumerate(scores) if i != me)
    return scores[me] - best_other + (15.0 if scores[me] > best_other else 0.0)
