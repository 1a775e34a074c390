"""What a seat knows and the plan its bot follows: the seat's view gathered into the shapes the
planner wants (Seen), the shortest way between two cities over the network still open to a
seat, and a plan linking its tickets within its trains (Plan).

Everything here reads only a seat's view. A plan is a set of routes that would link the
seat's unfinished tickets: shortest ways over the open network, its own routes free and
routes already chosen for one ticket free for the next, so the tickets share track. The
planner recomputes it every move, so a route lost to another seat is simply routed around."""
from __future__ import annotations

import dataclasses
import heapq
from collections import Counter
from typing import Any

from .data import IBERIA, KOREA, LAST_ROUND_TRAINS, Board, Route, _routes_at, board, festival_points
from .rules import IberiaState, KoreaState

INF = 1 << 30
#: South Korea: a seat whose trains outnumber this many times its fair share of the open
#: route spaces puts a train on the mat after every claim (see Seen.board_short)
SHORT_SHARE = 1.0
#: networks whose shortest ways a shared memo keeps (Seen.paths): one per seat, and some over
MEMO_NETWORKS = 12
#: the extra charge per train of a ticket's way for each seat beyond three (crowded boards)
CROWD_CHARGE = 0.8


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
        self._known: tuple[dict, dict] | None = None    # see _network
        self._open_space: int | None = None
        #: what shortest_path keeps beyond this Seen, by network (see _network): the
        #: look-ahead's playouts share one from move to move
        self.memo: dict[tuple, tuple[dict, dict]] | None = None

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
        self._known = None

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

    def links(self, seat: int | None = None) -> dict[str, list[tuple[str, int, float | None]]]:
        """Each city's routes as `seat` (the viewer by default) sees them: (the city at the
        other end, the route, the step shortest_path charges for it, None if closed), worked
        out once per seat and network."""
        known = self._network()[0]
        links = known.get(seat)
        if links is None:
            links = known[seat] = {}
            for city, routes in _routes_at(self.board).items():
                out = links[city] = []
                for route in routes:
                    c = self.cost(route, seat)
                    step: float | None = None
                    if c is not None:
                        step = float(c)
                        if c:
                            # the seat's own ways bend toward festival cards (never below a train's cost)
                            step += 0.3 - (self.lure.get(route.id, 0.0) if seat is None else 0.0)
                    out.append((route.other(city), route.id, step))
        return links

    def paths(self) -> dict[tuple, tuple[int, tuple[int, ...]]]:
        """The shortest ways found on this network so far, by (from, to, free, blocked, seat)."""
        return self._network()[1]

    def _network(self) -> tuple[dict, dict]:
        """What shortest_path keeps on this network (links by seat, and the ways found): this
        Seen's own, or those `memo` holds for a network like it (the same board, viewer, seats,
        claims and festival lure)."""
        if self._known is None:
            if self.memo is None:
                self._known = ({}, {})
            else:
                network = (self.board.name, self.seat, self.n, frozenset(self.claims.items()),
                           frozenset(self.lure.items()))
                # the most recently used networks stay: in a playout the claims only grow, so
                # an older network does not come back
                self._known = self.memo.pop(network, None) or ({}, {})
                self.memo[network] = self._known
                while len(self.memo) > MEMO_NETWORKS:
                    del self.memo[next(iter(self.memo))]
        return self._known

    def end_near(self) -> bool:
        """Whether the last round is on or about to start."""
        return self.view["final_turns"] is not None or min(self.trains) <= 5

    def supply(self) -> int:
        """Train cards anybody can still draw: the deck's, the discards a reshuffle brings
        back, and those on show. When it runs low, cards held are cards nobody can use."""
        return self.view["deck_trains"] + len(self.view["discard"]) + sum(1 for c in self.face_up if c)

    def open_space(self) -> int:
        """Train spaces on the routes somebody may still claim (counted once: a bot asks at
        every payment it weighs)."""
        if self._open_space is None:
            total = 0
            for route in self.board.routes:
                if route.id in self.claims:
                    continue
                if route.pair and route.pair in self.claims and self.n <= 3:
                    continue
                total += route.length
            self._open_space = total
        return self._open_space

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
    routes: more points a train and fewer turns. Answers are kept on `seen` (see Seen.paths):
    the planner asks the same ways many times over a decision."""
    key = (a, b, frozenset(free), blocked, seat)
    paths = seen.paths()
    known = paths.get(key)
    if known is None:
        known = paths[key] = _shortest_path(seen, a, b, key[2], blocked, seat)
    return known[0], list(known[1])


def _shortest_path(seen: Seen, a: str, b: str, free: frozenset[int], blocked: frozenset[int],
                   seat: int | None) -> tuple[int, tuple[int, ...]]:
    links = seen.links(seat)
    best: dict[str, float] = {a: 0.0}
    how: dict[str, tuple[str, int]] = {}
    queue: list[tuple[float, str]] = [(0.0, a)]
    pop, push = heapq.heappop, heapq.heappush
    while queue:
        d, here = pop(queue)
        if here == b:
            break
        if d > best[here]:
            continue
        for there, rid, cost in links.get(here, ()):
            if rid in blocked:
                continue
            if rid in free:
                step = 0.0
            elif cost is None:
                continue
            else:
                step = cost
            nd = d + step
            if nd < best.get(there, INF):
                best[there] = nd
                how[there] = (here, rid)
                push(queue, (nd, there))
    if b not in best:
        return INF, ()
    path, trains, here = [], 0, b
    while here != a:
        prev, rid = how[here]
        route = seen.routes_by_id[rid]
        if rid not in free and seen.cost(route, seat):
            path.append(rid)
            trains += route.length
        here = prev
    return trains, tuple(path)


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
