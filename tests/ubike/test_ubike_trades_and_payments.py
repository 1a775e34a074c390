"""UBike Tour: when stored cards are traded, in which order the log tells a Search, what a
refused payment says, and old saves under the new trade timing. Each test names its clauses."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction
from game.core.rng import Rng
from game.core.session import PERSON, SaveError, Seat, Session
from game.games.ubike import SPEC
from game.games.ubike.rules import (RULES_VERSION, EndSchedule, PlayCard, Search, TakeRow,
                                    card_label, describe_payment, plural)

from tests.ubike.builders import SCENERY, bike, card, opp, position

OTHERS = [[card(13, "heritage")], [card(14, "heritage")]]
FILLER_ROWS = [[card(12, "heritage")], [card(11, "heritage")], [card(13, "modern")], [card(14, "modern")]]
FIVE = [card(d, "modern") for d in (1, 2, 3, 4, 5)]
FIVE_MORE = [card(d, "modern") for d in (6, 7, 8, 9, 10)]


def waiting(row, opps, storages, **more):
    """Seat 0 to act, its journey ending at 6, row 1 holding `row`; `storages` {seat: cards};
    the opportunity deck and its discard pile empty, so a full storage waits."""
    return position(3, rows=[row, *FILLER_ROWS], journeys=[[card(6)], *OTHERS],
                    opportunities={0: list(opps)}, scenery_storage=storages, opp_deck=[],
                    opp_discard=[], **more)


# ---- a waiting storage trades at once (UBK-22, UBK-40) -----------------------------------------

def test_a_used_bike_card_is_traded_for_at_once_by_a_waiting_player_UBK_40_UBK_22():
    state = waiting([card(8, "market")], [opp("bike")], {1: FIVE})
    state.apply(TakeRow(0))
    events = state.apply(PlayCard(card(8, "market"), (0, 0, 0, 1)))
    # seat 1 did not wait for its own next Schedule: the card it waited for is its own now
    assert state.opportunities[1] == [opp("bike")] and state.scenery_storage[1] == []
    assert state.opp_discard == [] and state.current_player == 0
    kinds = [e.kind for e in events]
    assert kinds == ["play", "opportunity_reshuffle", "exchange"]
    assert events[-1].seat == 1


def test_a_used_extra_card_goes_to_the_first_waiting_seat_from_the_one_to_act_UBK_40_UBK_37():
    row = [card(7, "market"), card(6, "market")]
    state = waiting(row, [opp("extra")], {1: FIVE, 2: FIVE_MORE})
    state.apply(TakeRow(0))
    state.apply(PlayCard(card(7, "market")))
    assert state.opportunities[1] == [] and state.opportunities[2] == []   # nothing used yet
    state.apply(PlayCard(card(6, "market")))                              # the +1 card is spent
    # seat 1 sits left of seat 0, the seat to act: it trades first; seat 2 waits on
    assert state.opportunities[1] == [opp("extra")] and state.scenery_storage[1] == []
    assert state.opportunities[2] == [] and len(state.scenery_storage[2]) == 5


def test_the_player_to_act_trades_first_when_waiting_UBK_40():
    state = waiting([card(8, "market")], [opp("bike")], {0: FIVE, 1: FIVE_MORE})
    state.apply(TakeRow(0))
    state.apply(PlayCard(card(8, "market"), (0, 0, 0, 1)))
    assert state.opportunities[0] == [opp("bike")] and state.scenery_storage[0] == []
    assert len(state.scenery_storage[1]) == 5


def test_nothing_waits_when_nothing_came_back_UBK_40():
    state = waiting([card(8, "market")], [], {1: FIVE}, bike_storage={0: [bike(2)]})
    state.apply(TakeRow(0))
    state.apply(PlayCard(card(8, "market"), (0, 1, 0, 0)))   # a bike card, not an opportunity card
    assert len(state.scenery_storage[1]) == 5 and state.opportunities[1] == []


# ---- the log tells a Search in the order things happened --------------------------------------

def test_search_is_logged_before_the_trade_it_causes_UBK_12_UBK_22():
    # the first card is lower than every row: seat 1 gets its fifth stored card and trades,
    # then the second card goes to a row
    state = position(3, rows=[[10], [24], [41], [47], [56]], deck_top=[3, 57],
                     scenery_storage={1: [c for c in SCENERY if c > 60][:4]})
    events = state.apply(Search())
    kinds = [e.kind for e in events]
    assert kinds == ["search", "exchange", "search"]
    first, trade, rest = events
    assert "searches" in first.text and "3 " in first.text and "57" not in first.text
    assert trade.seat == 1
    assert rest.text.startswith("Then ") and "57" in rest.text and "row 5" in rest.text
    assert [p for e in (first, rest) for p in e.data["placed"]] == state.last_searched


def test_a_plain_search_is_one_log_line_UBK_9():
    state = position(3, rows=[[1], [24], [41], [47], [56]], deck_top=[29, 60])
    events = state.apply(Search())
    assert [e.kind for e in events] == ["search"]
    assert events[0].data["placed"] == [[29, 1, None], [60, 4, None]]


def test_a_reshuffle_is_logged_between_the_cards_it_came_between_UBK_10():
    state = position(3, rows=[[1], [24], [41], [47], [56]], deck=[29], discard=[60])
    events = state.apply(Search())
    assert [e.kind for e in events] == ["search", "reshuffle", "search"]


# ---- payments: what the rulebook allows, and clear words for what it does not -------------------

def paying(row_card, bikes=(), opps=()):
    state = position(3, rows=[[row_card], *FILLER_ROWS], journeys=[[card(6)], *OTHERS],
                     bike_storage={0: list(bikes)}, opportunities={0: list(opps)})
    state.apply(TakeRow(0))
    return state


@pytest.mark.parametrize("distance, where", [(6, "at the same pin"), (7, "one pin away")])
def test_no_bikes_are_paid_on_a_difference_of_0_or_1_UBK_48(distance, where):
    target = card(distance, "market")
    state = paying(target, [bike(1), bike(3)])
    assert [a for a in state.legal_actions() if isinstance(a, PlayCard)] == [PlayCard(target)]
    for pay in ((1, 0, 0, 0), (0, 0, 1, 0)):
        with pytest.raises(IllegalAction) as refused:
            state.apply(PlayCard(target, pay))
        message = str(refused.value)
        assert where in message and "free" in message and "only for 2 pins or more" in message
        assert "Choose how to pay" not in message
    state.apply(PlayCard(target))
    assert state.markers[0] == [] and len(state.bike_storage[0]) == 2


def test_refused_payments_say_what_is_wrong_UBK_16_UBK_43():
    target = card(10, "market")                      # 4 pins from 6
    state = paying(target, [bike(1), bike(3), bike(2)])
    cases = {
        (0, 0, 0, 0): "choose how to pay the 4 bikes",
        (0, 0, 2, 0): "You hold 1 3-bike card, not 2",
        (0, 0, 0, 1): "You hold 0 opportunity bike cards, not 1",
        (0, 0, 1, 0): "hold 3 bikes; the ride to",
        (1, 1, 1, 0): "Leave out a 1-bike card",
    }
    for pay, words in cases.items():
        with pytest.raises(IllegalAction, match=words):
            state.apply(PlayCard(target, pay))
    poor = paying(card(12, "market"), [bike(1)])      # 6 pins, 1 bike held
    with pytest.raises(IllegalAction, match="needs 6 bikes and you have 1"):
        poor.apply(PlayCard(card(12, "market"), (1, 0, 0, 0)))
    state.apply(PlayCard(target, (1, 0, 1, 0)))       # the way that pays exactly is allowed
    assert state.markers[0] == [1]


def test_plural_words():
    assert plural(1, "bike") == "1 bike" and plural(0, "bike") == "0 bikes" and plural(3, "pin") == "3 pins"


def test_log_lines_count_in_good_english_UBK_14_UBK_26():
    state = position(3, rows=[[bike(1), card(9, "market")], *FILLER_ROWS], journeys=[[card(6)], *OTHERS])
    taken = state.apply(TakeRow(0))[0].text
    assert "(1 bike to bike storage)" in taken
    ended = state.apply(EndSchedule())[0].text
    assert "puts 1 card face down" in ended
    assert card_label(bike(1)).endswith("(bike card, 1 bike)")
    assert describe_payment((1, 0, 2, 0)) == "2 3-bike cards + 1 1-bike card"


# ---- old saves (rules version 1) ---------------------------------------------------------------

def random_session(seed: int, moves: int) -> Session:
    seats = [Seat(name, PERSON, colour=i) for i, name in enumerate(("Mei", "Jun", "Ana"))]
    session = Session(SPEC, seats, {}, seed)
    rng = Rng(seed)
    for _ in range(moves):
        legal = session.state.legal_actions()
        if not legal:
            break
        session.apply(legal[rng.below(len(legal))])
    return session


def test_an_old_save_loads_to_the_same_game_UBK_40():
    assert SPEC.rules_version == RULES_VERSION == 2
    for seed in (3, 11, 2019):
        session = random_session(seed, 120)
        old = dict(session.to_save(), rules_version=1)
        loaded = Session.from_save(old)
        assert loaded.state.to_json() == session.state.to_json()
        assert loaded.actions == session.actions
        assert loaded.to_save()["rules_version"] == RULES_VERSION


def test_an_old_save_whose_moves_no_longer_replay_is_refused_with_the_reason_UBK_40():
    session = random_session(5, 4)
    old = dict(session.to_save(), rules_version=1)
    old["actions"] = old["actions"] + [EndSchedule().to_json()] * 3
    with pytest.raises(SaveError, match="older rules of UBike Tour.*does not replay"):
        Session.from_save(old)
