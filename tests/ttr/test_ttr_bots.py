"""The Ticket to Ride bots: they plan from their own view, keep tickets they can finish, take
the routes and cards their plan needs, and never see what their seat cannot."""
from __future__ import annotations

import pytest

from game.core.ai import make_bot
from game.core.rng import Rng
from game.games.ttr import IBERIA, KOREA
from game.games.ttr.data import LOCO
from game.games.ttr.deal import determinize
from game.games.ttr.plans import Seen, make_plan
from game.games.ttr.rules import (KEEP, TURN, Claim, DrawCard, DrawTickets, KeepTickets,
                                  TtrState)

from tests.ttr.builders import give, hold_tickets, ready, show

SPECS = {"iberia": IBERIA, "korea": KOREA}
ANDONG_POHANG = 0          # South Korea's ticket Andong–Pohang (3): one black route of 3


def into_the_game(board: str, actions: int, seed: int = 4) -> TtrState:
    """A game some way in, played by normal bots, stopped at seat 0's turn."""
    spec = SPECS[board]
    state = ready(board, 2, seed)
    bots = [make_bot(spec, "normal", i) for i in range(2)]
    done = 0
    while done < actions or state.current_player != 0 or state.phase != TURN:
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        state.settle_chance()
        done += 1
    state.take_events()
    return state


def choose(state: TtrState, level: str, seed: int = 3):
    seat = state.current_player
    return make_bot(SPECS[state.BOARD], level, seed).choose(state.view(seat), state.legal_actions())


def normal_bots_play(state: TtrState, going_on) -> None:
    """Normal bots play every seat of `state` while `going_on(state)` holds."""
    bots = [make_bot(SPECS[state.BOARD], "normal", i) for i in range(state.num_players)]
    while going_on(state):
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))


@pytest.mark.parametrize("board", ["iberia", "korea"])
def test_determinize_deals_a_state_with_the_same_view(board):
    state = into_the_game(board, 30)
    for seat in (0, 1):
        view = state.view(seat)
        assert determinize(view, Rng(7)).view(seat) == view


@pytest.mark.parametrize("board", ["iberia", "korea"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_choice_ignores_what_the_seat_cannot_see(board, level):
    """Two states that differ only in the other seat's hand and tickets and the deck order
    give seat 0 the same view, and so the same move."""
    state = into_the_game(board, 24)
    twin = state.clone()
    # swap the other seat's hand and tickets with cards and tickets nobody has seen
    size = len(twin.hands[1])
    trains = [c for c in twin.deck if c in twin.hands[1] or not c.startswith(("festival", "ticket"))]
    new_hand = sorted(trains[:size])
    for card in new_hand:
        twin.deck.remove(card)
    twin.deck[:0] = twin.hands[1]
    twin.hands[1] = new_hand
    count = len(twin.tickets[1])
    swapped = twin.ticket_deck[:count]
    twin.ticket_deck = twin.ticket_deck[count:] + twin.tickets[1]
    twin.tickets[1] = sorted(swapped)
    twin.deck.reverse()
    assert twin.to_json() != state.to_json()
    assert twin.view(0) == state.view(0)
    assert choose(state, level) == choose(twin, level)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_claims_the_route_its_ticket_needs_when_it_can_pay(level):
    state = ready("korea")
    hold_tickets(state, 0, [ANDONG_POHANG])
    give(state, 0, ["black", "black", "black", "red"])
    show(state, ["green", "pink", "white", "yellow", "orange"])
    action = choose(state, level)
    assert isinstance(action, Claim)
    route = state.board.route_by_id[action.route]
    assert {route.a, route.b} == {"andong", "pohang"}
    assert action.colour == "black" and action.locomotives == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_takes_the_face_up_colour_it_is_short_of(level):
    state = ready("korea")
    hold_tickets(state, 0, [ANDONG_POHANG])
    give(state, 0, ["black", "red"])
    show(state, ["green", "pink", "black", "yellow", "orange"])
    assert choose(state, level) == DrawCard(2)


def test_a_face_up_locomotive_is_taken_when_no_colour_on_show_helps():
    state = ready("korea")
    hold_tickets(state, 0, [ANDONG_POHANG])
    give(state, 0, ["red"])
    show(state, ["green", "pink", LOCO, "yellow", "orange"])
    assert choose(state, "normal") == DrawCard(2)


def offer(state: TtrState, tickets: list[int]) -> None:
    """Seat 0 draws tickets and is offered exactly `tickets`."""
    state.apply(DrawTickets(0))
    assert state.phase == KEEP
    state.ticket_deck[:0] = state.offered[0]
    for t in tickets:
        state.ticket_deck.remove(t)
    state.offered[0] = list(tickets)


def short_and_long_offer():
    """South Korea, seat 0 with no tickets and 8 trains, offered Andong-Pohang (which 8 trains
    finish) and the two longest tickets (which they cannot): the state and those two."""
    state = ready("korea")
    hold_tickets(state, 0, [])
    state.trains[0] = 8
    tix = state.board.tickets
    long_ones = sorted((t.index for t in tix), key=lambda i: -tix[i].points)[:2]
    offer(state, [ANDONG_POHANG] + long_ones)
    return state, long_ones


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_keeps_the_tickets_its_trains_can_finish(level):
    state, _long_ones = short_and_long_offer()
    action = choose(state, level)
    assert action == KeepTickets((ANDONG_POHANG,))


@pytest.mark.parametrize("board", ["iberia", "korea"])
def test_the_opening_keep_is_a_set_the_trains_can_finish(board):
    state = SPECS[board].make(2, 5, {})
    normal_bots_play(state, lambda s: s.phase != TURN)
    for seat in (0, 1):
        seen = Seen(state.view(seat))
        plan = make_plan(seen, seen.tickets)
        assert not plan.dead and plan.trains <= seen.my_trains * 0.8


def test_the_hard_bot_looks_ahead_on_its_opening_keep():
    state = KOREA.make(2, 9, {})
    normal_bots_play(state, lambda s: s.phase == "draft")
    action = choose(state, "hard")
    assert isinstance(action, KeepTickets) and action in state.legal_actions()


def test_at_five_seats_the_hard_bot_keeps_its_favourite_without_playouts(monkeypatch):
    """Five seats: a playout's margin swings with the other seats' luck far more than with the
    tickets kept, so the hard level keeps its planner's favourite and plays nothing out."""
    import game.games.ttr.bot as bot
    state = IBERIA.make(5, 9, {})
    normal_bots_play(state, lambda s: s.phase == "draft")

    def no_playouts(*args, **kwargs):
        raise AssertionError("a playout at five seats")
    monkeypatch.setattr(bot, "playout_margin", no_playouts)
    action = choose(state, "hard")
    assert isinstance(action, KeepTickets) and action in state.legal_actions()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_on_a_crowded_board_the_hard_bot_charges_a_long_way_more(n):
    """Up to three seats every level charges a ticket's trains alike; at four and five the
    hard level charges them more, so it drafts and keeps the shorter tickets it can finish."""
    from game.games.ttr.bot import Planner
    from game.games.ttr.worth import tickets_value, train_charge
    state = ready("iberia", n, 2)
    view, legal = state.view(0), state.legal_actions()
    hard, normal = (Planner(view, legal, Rng(1), level).seen for level in ("hard", "normal"))
    if n <= 3:
        assert train_charge(hard) == train_charge(normal)
    else:
        assert train_charge(hard) > train_charge(normal)
        tickets = [t.index for t in state.board.tickets if t.index not in hard.tickets][:5]
        longest = max(tickets, key=lambda t: make_plan(normal, [t]).trains)
        assert tickets_value(hard, [longest]) < tickets_value(normal, [longest])


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_with_nothing_to_draw_or_claim_a_bot_takes_tickets_rather_than_crash(level):
    """South Korea late in a five-player game: no train card anywhere and no route it can pay
    for; tickets are the one thing left to do (an earlier planner failed here)."""
    from tests.ttr.builders import no_cards_anywhere
    state = ready("korea", 5, 2)
    no_cards_anywhere(state)
    state.hands[state.to_move] = []
    legal = state.legal_actions()
    assert all(isinstance(a, DrawTickets) for a in legal)
    action = choose(state, level)
    assert action in legal


# ---- contested links and blocking ----------------------------------------------------------
VIGO_COIMBRA, VIGO_PAMPLONA = 10, 42     # Iberia tickets (4 and 9 points)


def contested_position() -> TtrState:
    """Iberia, two seats. Seat 0 lacks one route on each of two tickets and can pay both:
    Porto–Coimbra (yellow 2, a double that one claim locks at two seats; the only short way
    on to Coimbra) and Pamplona–Burgos (red 3, with a way around one train longer). Seat 1's
    network reaches Coimbra from the south, so Porto–Coimbra looks wanted."""
    from tests.ttr.builders import own, route
    state = ready("iberia")
    hold_tickets(state, 0, [VIGO_COIMBRA, VIGO_PAMPLONA])
    by_id = state.board.route_by_id
    own(state, 0, *(by_id[r] for r in (5, 20, 7, 4)))
    own(state, 1, route(state, "coimbra", "lisboa"))
    give(state, 0, ["yellow", "yellow", "red", "red", "red"])
    show(state, ["green", "pink", "white", "blue", "orange"])
    return state


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_contested_route_is_claimed_before_an_easy_one(level):
    state = contested_position()
    action = choose(state, level)
    assert isinstance(action, Claim)
    route = state.board.route_by_id[action.route]
    assert {route.a, route.b} == {"porto", "coimbra"}


BARCELONA_VALENCIA = 6      # Iberia ticket (4): far from the west coast, no yellow on its way


def blocking_position(rival_at_vigo: bool = True) -> TtrState:
    """Iberia, two seats. Seat 0's ticket waits for cards in the east; it holds two yellow
    cards its plan does not need. Seat 1 owns Vigo–Porto, and from there every way south runs
    over Porto–Coimbra (yellow 2, a double that one claim shuts at two seats)."""
    from tests.ttr.builders import route
    state = ready("iberia")
    hold_tickets(state, 0, [BARCELONA_VALENCIA])
    if rival_at_vigo:
        from tests.ttr.builders import own
        own(state, 1, route(state, "vigo", "porto"))
    give(state, 0, ["yellow", "yellow"])
    show(state, ["green", "pink", "white", "blue", "orange"])
    return state


def test_the_hard_bot_blocks_a_rivals_bottleneck_when_it_pays():
    action = choose(blocking_position(), "hard")
    assert isinstance(action, Claim)
    route = blocking_position().board.route_by_id[action.route]
    assert {route.a, route.b} == {"porto", "coimbra"}
    # the normal level does not block: it keeps drawing for its own plan
    assert not isinstance(choose(blocking_position(), "normal"), Claim)


def test_no_block_without_a_rival_that_seems_to_need_the_route():
    assert not isinstance(choose(blocking_position(rival_at_vigo=False), "hard"), Claim)


@pytest.mark.parametrize("position", [blocking_position, contested_position])
def test_contest_and_block_ignore_the_rivals_hidden_tickets_and_hand(position):
    """The rival's tickets and cards are hidden: swapping them for others unseen changes
    nothing the hard bot does."""
    state = position()
    twin = state.clone()
    count = len(twin.tickets[1])
    fresh_tickets = [t for t in twin.ticket_deck if t not in state.tickets[0]][:count]
    for t in fresh_tickets:
        twin.ticket_deck.remove(t)
    twin.ticket_deck.extend(twin.tickets[1])
    twin.tickets[1] = sorted(fresh_tickets)
    size = len(twin.hands[1])
    new_hand = [c for c in twin.deck if not c.startswith(("festival", "ticket"))][:size]
    for card in new_hand:
        twin.deck.remove(card)
    twin.deck.extend(twin.hands[1])
    twin.hands[1] = sorted(new_hand)
    assert twin.tickets[1] != state.tickets[1]
    assert twin.view(0) == state.view(0)
    assert choose(state, "hard") == choose(twin, "hard")


# ---- spending cards when the deck runs dry, and the province mat when the board is short ----

def dry_position(big_hand: bool) -> TtrState:
    """South Korea, two seats. Seat 0's ticket (Andong–Pohang) waits for black cards it does
    not hold; it holds red and green it could claim other routes with. Either the deck and
    discards are all but gone (four cards left to draw) or its hand has grown past the cap."""
    from tests.ttr.builders import no_cards_anywhere
    state = ready("korea")
    hold_tickets(state, 0, [ANDONG_POHANG])
    cards = ["red"] * 4 + ["green"] * 4 + (["yellow", "pink", "white", "orange"] if big_hand else [])
    give(state, 0, cards)
    if big_hand:
        show(state, ["blue", "pink", "white", "yellow", "orange"])
    else:
        no_cards_anywhere(state)
        state.discard = ["blue", "blue"]
        state.face_up = ["blue", "orange", "", "", ""]
    return state


@pytest.mark.parametrize("big_hand", [False, True])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_spends_its_cards_on_a_route_rather_than_hoard_them(level, big_hand):
    """Drawing the last cards (or a thirteenth) while holding many is how a five-seat game
    once stalled with every card in hand: the bot claims a route it can pay for instead."""
    state = dry_position(big_hand)
    action = choose(state, level)
    if level == "easy" and not isinstance(action, Claim):
        # the easy level draws now and then at random; over a few seeds it claims
        action = next(a for a in (choose(state, level, s) for s in range(8)) if isinstance(a, Claim))
    assert isinstance(action, Claim)


def short_board_position() -> TtrState:
    """South Korea, five seats, late: the others have claimed all but a few routes and seat 0
    has far more trains than the open routes could take, so the game can only reach its last
    round (TTR-17) through trains put on the province mat. Seat 0 has just claimed a route of
    two with two cards and is asked about the mat."""
    from tests.ttr.builders import own
    state = ready("korea", 5, 3)
    hold_tickets(state, 0, [])
    open_routes = {r.id for r in state.board.routes[:6]}
    seat = 1
    for r in state.board.routes:
        if r.id in open_routes or (r.pair and r.pair in open_routes):
            continue
        own(state, seat, r)
        seat = seat % 4 + 1
    for s in range(1, 5):
        state.trains[s] = 12
    state.trains[0] = 30
    target = next(r for r in state.board.routes[:6] if r.length == 2 and r.colour != "grey")
    give(state, 0, [target.colour] * 2)
    state.apply(Claim(target.id, target.colour, 0, 2))
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_on_a_board_too_small_for_the_trains_a_train_goes_on_the_mat(level):
    from game.games.ttr.rules import PLACE, Place
    state = short_board_position()
    assert state.phase == PLACE
    assert Seen(state.view(0)).board_short()
    action = choose(state, level)
    assert isinstance(action, Place) and action.line


def test_on_an_open_board_a_low_spot_is_not_worth_a_train():
    """The counterpart: early in a two-seat game a train on spot 2 is not put there by the
    plain rule (the board has room for every train)."""
    from game.games.ttr.rules import PLACE, Place
    state = ready("korea")
    hold_tickets(state, 0, [ANDONG_POHANG])
    target = next(r for r in state.board.routes if r.length == 2 and r.colour not in ("grey", "black"))
    give(state, 0, [target.colour] * 2)
    state.apply(Claim(target.id, target.colour, 0, 2))
    assert state.phase == PLACE and not Seen(state.view(0)).board_short()
    assert choose(state, "normal") == Place("")


# ---- drawing tickets when they pay --------------------------------------------------------

def tickets_done_position(board: str, trains: int) -> TtrState:
    """Seat 0's tickets are all finished, its hand empty (nothing to claim), and it has
    `trains` trains; early in the game, tickets open (on Iberia past the second draft)."""
    from tests.ttr.builders import own, second_draft_over, shortest_path
    if board == "iberia":
        state = second_draft_over(2, 1)
        ticket = VIGO_COIMBRA
    else:
        state = ready("korea")
        ticket = ANDONG_POHANG
    while state.current_player != 0 or state.phase != TURN:
        state.apply(state.legal_actions()[0])
    hold_tickets(state, 0, [ticket])
    t = state.board.tickets[ticket]
    own(state, 0, *shortest_path(state, t.a, t.b))
    # some ten turns each into the game
    state.turns = 20
    state.trains = [trains, state.trains[1] - 12]
    give(state, 0, [])
    assert state.view(0)["tickets_open"]
    return state


@pytest.mark.parametrize("board", ["iberia", "korea"])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_with_its_tickets_done_and_trains_to_spare_draws_more(board, level):
    state = tickets_done_position(board, 30)
    assert isinstance(choose(state, level), DrawTickets)


@pytest.mark.parametrize("board", ["iberia", "korea"])
def test_a_bot_with_few_trains_left_draws_no_more_tickets(board):
    state = tickets_done_position(board, 7)
    assert not isinstance(choose(state, "normal"), DrawTickets)


# ---- the hard level's look-ahead is anytime ----------------------------------------------

def test_the_look_ahead_cut_short_still_answers_from_its_playouts():
    """A clock already run out: the look-ahead still plays one full round (every candidate on
    the same dealing) and picks by it, not blindly its first candidate. Here the first keeps
    two long tickets eight trains cannot finish; the second the short one they can."""
    from game.core.ai.clock import Deadline
    from game.games.ttr.bot import Planner
    state, long_ones = short_and_long_offer()
    bad, good = KeepTickets(tuple(sorted(long_ones))), KeepTickets((ANDONG_POHANG,))
    assert bad in state.legal_actions() and good in state.legal_actions()
    planner = Planner(state.view(0), state.legal_actions(), Rng(5), "hard")
    deadline = Deadline(-1.0)       # ran out before the look-ahead began
    assert deadline.passed()
    assert planner.look_ahead([bad, good], samples=4, deadline=deadline) == good
    assert len(planner.look_totals) == 2 and planner.look_totals[1] > planner.look_totals[0]


def rich_festival_position(lying: int) -> tuple[TtrState, int]:
    """Iberia, five seats: seat 0 holds one ticket whose way keeps clear of Barcelona, a train
    to spare beyond that way, and one card that pays for Girona-Barcelona (one train) but for
    no route of the way; `lying` Barcelona festival cards lie by the city. Returns the state
    and Girona-Barcelona's id."""
    from game.games.ttr.plans import shortest_path
    state = ready("iberia", 5, 2)
    girona = next(r for r in state.board.routes_at("barcelona")
                  if r.other("barcelona") == "girona" and r.colour != "grey")
    seen = Seen(state.view(0))

    def clear(t) -> bool:
        trains, way = shortest_path(seen, t.a, t.b, set())
        routes = [seen.routes_by_id[r] for r in way]
        return 4 <= trains <= 10 and all(
            r.length > 1 and r.colour not in (girona.colour, "grey") and "barcelona" not in (r.a, r.b)
            for r in routes)
    ticket = next(t for t in state.board.tickets if clear(t))
    hold_tickets(state, 0, [ticket.index])
    give(state, 0, [girona.colour])
    state.trains[0] = make_plan(Seen(state.view(0)), [ticket.index]).trains + 1
    state.festival_at["barcelona"] = lying
    return state, girona.id


def test_the_hard_bot_claims_into_a_festival_city_for_a_rich_pile_ahead_of_its_plan():
    """Iberia's festival chart rises steeply (five cards of a city score 13) and a pile goes to
    whoever claims into its city first: with five Barcelona cards lying, the hard level takes
    a one-train route into Barcelona off its plan ("feast"); with one card lying it does not,
    and neither does the normal level, whose trains are all the plan's."""
    state, girona = rich_festival_position(5)
    action = choose(state, "hard")
    assert isinstance(action, Claim) and action.route == girona
    assert not isinstance(choose(state, "normal"), Claim)
    poor, _ = rich_festival_position(1)
    assert not isinstance(choose(poor, "hard"), Claim)


def test_the_easy_bot_idles_on_a_ready_claim_only_while_it_has_turns_to_spare():
    """The easy level now and then draws although its plan could claim; late in the game,
    with no turns to spare (the other seat down to its last trains), it always claims."""
    state = ready("korea")
    hold_tickets(state, 0, [ANDONG_POHANG])
    give(state, 0, ["black", "black", "black", "red"])
    show(state, ["green", "pink", "white", "yellow", "orange"])
    state.trains[1] = 7
    assert all(isinstance(choose(state, "easy", seed), Claim) for seed in range(24))


def test_on_a_crowded_board_the_easy_bot_too_charges_a_long_way_more():
    """The easy level's noisy play cannot afford a long way on a crowded board either: at five
    seats it charges a ticket's trains as the hard level does, more than the normal level."""
    from game.games.ttr.bot import Planner
    from game.games.ttr.worth import train_charge
    state = ready("iberia", 5, 2)
    view, legal = state.view(0), state.legal_actions()
    easy, normal, hard = (Planner(view, legal, Rng(1), level).seen for level in ("easy", "normal", "hard"))
    assert train_charge(easy) == train_charge(hard) > train_charge(normal)


# ---- the look-ahead's playouts share the ways they find -----------------------------------

def test_ways_shared_between_playouts_change_no_playout(monkeypatch):
    """The look-ahead's playouts keep the shortest ways found, by network, from move to move
    and playout to playout (plans.Seen.paths): a playout then plays exactly the game it plays
    with each move's ways found afresh."""
    import game.games.ttr.plans as plans
    from game.games.ttr.bot import playout_margin
    state = into_the_game("korea", 30)
    view, legal = state.view(0), state.legal_actions()
    memo: dict = {}
    shared = [playout_margin(view, a, 5, memo=memo) for a in legal[:2]]
    assert memo and len(memo) <= plans.MEMO_NETWORKS
    monkeypatch.setattr(plans, "MEMO_NETWORKS", 0)      # nothing kept beyond one move
    assert [playout_margin(view, a, 5) for a in legal[:2]] == shared


def test_a_way_found_on_one_network_is_not_taken_for_another():
    """A way kept in a shared memo answers only for the network it was found on: once a route
    of it is claimed by another seat, the way goes around it."""
    from game.games.ttr.plans import shortest_path
    state = into_the_game("iberia", 10)
    memo: dict = {}
    seen = Seen(state.view(0))
    seen.memo = memo
    ticket = next(t for t in state.board.tickets if shortest_path(seen, t.a, t.b, set())[1])
    trains, way = shortest_path(seen, ticket.a, ticket.b, set())
    state.claims_list.append([way[0], 1])
    state._derive()
    after = Seen(state.view(0))
    after.memo = memo
    fresh = shortest_path(Seen(state.view(0)), ticket.a, ticket.b, set())
    assert shortest_path(after, ticket.a, ticket.b, set()) == fresh and way[0] not in fresh[1]
