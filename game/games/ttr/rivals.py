"""Contested links and the rivals' wants: what losing a route would cost a seat, which routes
the other seats' likely tickets run over, and what taking one from them would cost them.

A route is contested when losing it would cost a seat much (a bottleneck: its way grows a
lot longer, or breaks) and somebody else seems to need it. What the others need is inferred
from the public view alone: each ticket the viewer does not hold is weighed by how well the
rival's claimed network fits it (trains it saves them), scaled to the number of tickets the
rival holds; a route's heat is the expected count of rival tickets whose way runs over it."""
from __future__ import annotations

import math
from collections import Counter

from .data import Board
from .plans import INF, Seen, shortest_path

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
