"""Which route a bot claims and how it pays: the claim its plan is ready for (a contested one
first), the last turn's best claim, a festival city's rich pile ahead of the plan (Iberia), a
rival's bottleneck blocked, a route off the plan worth a spare turn, a route for points once
the tickets are done, and a large hand or a drying deck spent on a route; each paid the way
that hurts the rest of the plan least."""
from __future__ import annotations

from collections import Counter

from game.core.protocol import Action

from .data import GREY, Route, festival_points
from .plans import Plan, make_plan, shortest_path
from .rivals import BLOCK_MIN, CONTEST, Rivals, detour_loss
from .rules import Claim
from .worth import hand_after, plan_slack, shortfall, turns_left

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


class ClaimChoices:
    """The part of the planner that chooses claims and payments (a mixin of `bot.Planner`: it
    reads the planner's `seen`, `legal`, `skills`, `rng` and `fast`)."""

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
