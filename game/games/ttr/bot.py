"""What the bots know about Ticket to Ride: a planner that every level but random plays by
(TtrKnowledge.plan), and the hard level's look-ahead over dealings of what it cannot see.

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
worth more than the turn, cards and tickets the claim costs (festival_claim).

The planner's parts live beside it: `plans` (what the seat sees, shortest ways and the plan),
`worth` (tickets and cards weighed), `rivals` (contested links, the rivals' wants), `claims`
(the claim and its payment), and `deal` (determinize)."""
from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from game.core.ai.base import Knowledge
from game.core.ai.clock import Deadline
from game.core.protocol import Action
from game.core.rng import Rng

from .claims import ClaimChoices
from .data import COLOUR_LABELS, COLOURS, DRAFT_KEEP, LOCO, LOCOMOTIVES, PER_COLOUR, festival_points
from .deal import determinize
from .plans import Plan, Seen, best_plan, make_plan, shortest_path
from .rules import (DECK, Claim, DraftPick, DrawCard, DrawTickets, ExpressDraw, KeepTickets, Pass, Place,
                    TakeFestival, free_spot)
from .worth import colour_needs, plan_slack, shortfall, ticket_draw_gain, ticket_odds, tickets_value

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
#: plans.CROWD_CHARGE as the hard level reads it: on Iberia at four and five seats the short
#: tickets it then prefers are finished far more often, and the long ones it gives up were
#: mostly cut before they were built
SHARP_CROWD_CHARGE = 2.0
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


class Planner(ClaimChoices):
    """The move a seat's plan asks for; `level` turns on the finer points."""

    def __init__(self, view: dict[str, Any], legal: list[Action], rng: Rng, level: str,
                 memo: dict[tuple, tuple[dict, dict]] | None = None) -> None:
        self.seen = Seen(view)
        self.seen.memo = memo      # the look-ahead's playouts share their shortest ways
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
        memo: dict[tuple, tuple[dict, dict]] = {}     # shortest ways by network, shared by the playouts
        for done in range(samples):
            if done and deadline.passed():
                break
            seed = self.rng.below(1 << 30)
            margins = []
            for action in candidates:
                if done and deadline.passed():
                    break
                margins.append(playout_margin(self.seen.view, action, seed, memo=memo))
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

    def explain(self, view: dict[str, Any], action: Action) -> str:
        """A hint's why, from the seat's tickets and network: the ticket a claim completes or
        is a link of, the colours a draw is for."""
        if view.get("seat") is None or view.get("phase") in (None, "draft"):
            return ""
        seen = Seen(view)
        tix = seen.board.tickets
        own = set(seen.own)
        open_tickets = [t for t in seen.tickets if shortest_path(seen, tix[t].a, tix[t].b, own)[0] > 0]

        def named(t: int) -> str:
            labels = seen.board.labels
            return f"{labels.get(tix[t].a, tix[t].a)}–{labels.get(tix[t].b, tix[t].b)}"
        if isinstance(action, Claim):
            after = own | {action.route}
            done = [t for t in open_tickets if shortest_path(seen, tix[t].a, tix[t].b, after)[0] == 0]
            if done:
                return "completes " + " and ".join(named(t) for t in done)
            plan = best_plan(seen, open_tickets) if open_tickets else None
            helped = plan.ticket_of.get(action.route, []) if plan is not None else []
            if helped:
                return "a link of " + " and ".join(named(t) for t in helped)
            return "its points, while the route is free"
        if isinstance(action, DrawCard) and open_tickets:
            plan = best_plan(seen, open_tickets)
            demand, _ = colour_needs(seen, plan.routes)
            wanted = [c for c, n in demand.most_common() if n > seen.hand[c]]
            if action.slot >= 0 and action.slot < len(seen.face_up):
                colour = seen.face_up[action.slot]
                if colour == LOCO:
                    return "a locomotive goes with any colour"
                if colour in wanted:
                    return f"your routes still need {COLOUR_LABELS.get(colour, colour).lower()}"
            names = [COLOUR_LABELS.get(c, c).lower() for c in wanted[:2]]
            return f"your routes still need {' and '.join(names)}" if names else ""
        if isinstance(action, DrawTickets):
            return "your trains and network can carry more tickets"
        return ""

    def plan(self, view: dict[str, Any], legal: list[Action], rng: Rng, level: str) -> Action | None:
        if view.get("seat") is None or not legal:
            return None
        return Planner(view, legal, rng, level).choose()


KNOWLEDGE = TtrKnowledge()


def playout_margin(view: dict[str, Any], first: Action, seed: int, max_actions: int = 800,
                   memo: dict[tuple, tuple[dict, dict]] | None = None) -> float:
    """Play `first` on a state dealt from `view`, then the rest of the game with every seat
    following the plain planner; the viewer's final lead over the best other seat, plus a
    bonus for the win. `memo` keeps the shortest ways found, by network, from move to move
    (and from playout to playout when shared)."""
    memo = {} if memo is None else memo
    state = determinize(view, Rng(seed, stream=3))
    me = view["seat"]
    state.apply(first, trusted=True)
    rng = Rng(seed, stream=5)
    steps = 0
    while not state.is_over and steps < max_actions:
        seat = state.current_player
        legal = state.legal_actions()
        action = Planner(state.view(seat), legal, rng, "playout", memo).choose() if len(legal) > 1 else legal[0]
        state.apply(action or legal[0], trusted=True)
        steps += 1
    scores = state.scores()
    best_other = max(v for i, v in enumerate(scores) if i != me)
    return scores[me] - best_other + (15.0 if scores[me] > best_other else 0.0)
