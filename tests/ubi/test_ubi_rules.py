"""Ubi's rules engine: each test names the clauses of seeds/ubi.md it checks."""
from __future__ import annotations

import json

import pytest

from game.core import testing
from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.games.ubi import bot as B
from game.games.ubi import grid as G
from game.games.ubi import rules as R
from game.games.ubi.cards import load_cards
from tests.ubi.builders import (PLAYABLE, fair, fresh, front_card, herring, kinds, real, right_answer, roll,
                                wrong_answer)


# ---- set-up ---------------------------------------------------------------------------------


def test_ubi_1_seats_teams_and_a_rubi_each() -> None:
    """UBI-1: 2-6 players, each with a Rubi (or a team sharing one)."""
    assert (PLAYABLE.min_players, PLAYABLE.max_players) == (2, 6)
    state = fresh(4)
    assert state.num_teams == 4 and state.facets == [[], [], [], []]
    teams = fresh(4, teams=2)
    assert teams.num_teams == 2 and teams.team_of == [0, 1, 0, 1] and len(teams.facets) == 2


def test_ubi_2_the_seat_born_closest_to_march_15_starts() -> None:
    """UBI-2: the first player is the seat the set-up names."""
    assert fresh(3).turn_seat == 0
    assert fresh(3, first=3).turn_seat == 2
    assert fresh(2, first=5).turn_seat == 0   # seat 5 of two wraps round


def test_ubi_5_two_boxes_of_750_cards_in_turn_and_to_the_back() -> None:
    """UBI-5: 750 cards, one Ubi per zone each, in two boxes used in turn; a card goes to the back."""
    cards = load_cards()
    assert len(cards) == 750 and all([u.zone for u in c.ubis] == list(R.ZONES) for c in cards)
    state = fresh(2)
    assert sorted(state.boxes[0] + state.boxes[1]) == list(range(750))
    assert state.box == 0
    first = front_card(state, EUR=real)
    roll(state, "EUR", R.HEX)
    assert state.phase == R.ANSWER and state.posed_card == first
    state.apply(right_answer(state))
    assert state.boxes[0][-1] == first and state.box == 1


# ---- the dice ---------------------------------------------------------------------------------


def test_ubi_4_the_dice_faces_and_eyes() -> None:
    """UBI-4: zone die AMR EUR WAT UNI and two eyes; precision die 3 hexagons, 2 triangles, an eye."""
    state = fresh(2)
    odds = dict(state.chance_outcomes())
    assert sum(odds.values()) == pytest.approx(1.0)
    assert odds[R.Roll(R.EYE, R.EYE)] == pytest.approx(2 / 36)
    assert odds[R.Roll("AMR", R.HEX)] == pytest.approx(3 / 36)
    assert odds[R.Roll("UNI", R.TRI)] == pytest.approx(2 / 36)
    roll(state, R.EYE, R.EYE)
    assert state.phase == R.ZONE and state.current_player == 0
    assert state.legal_actions() == [R.ChooseZone(z) for z in R.ZONES]
    state.apply(R.ChooseZone("WAT"))
    assert state.phase == R.PRECISION
    state.apply(R.ChoosePrecision(R.TRI))
    assert state.phase == R.ANSWER and state.posed["zone"] == "WAT" and state.posed["precision"] == R.TRI


# ---- answering --------------------------------------------------------------------------------


def test_ubi_6_answers_are_hexagons_or_triangles_and_is_legal_takes_any_triangle() -> None:
    """UBI-6: a number at hexagonal precision, a number and letter at triangular."""
    state = fresh(2)
    front_card(state, AMR=real)
    roll(state, "AMR", R.HEX)
    assert state.is_legal(R.Answer("W", 267)) and not state.is_legal(R.Answer("W", 267, "A"))
    assert not state.is_legal(R.Answer("W", 0)) and not state.is_legal(R.Answer("N", 12))
    state = fresh(2)
    front_card(state, AMR=real)
    roll(state, "AMR", R.TRI)
    assert all(state.is_legal(R.Answer("W", 400, letter)) for letter in "ARCHSE")
    assert not state.is_legal(R.Answer("W", 400))
    assert "triangle" in state.explain_illegal(R.Answer("W", 400))
    # the listed answers are a fixed sample standing for all, with the red herring; every one
    # listed is legal, and so is every triangle not listed
    legal = state.legal_actions()
    assert R.RedHerring() in legal and len(legal) == 1 + len(range(1, G.WORLD.count + 1, R.ANSWER_SAMPLE))
    assert all(state.is_legal(a) for a in legal)
    assert R.Answer("W", 2, "H") not in legal and state.is_legal(R.Answer("W", 2, "H"))


def test_ubi_6_every_accepted_designation_is_right() -> None:
    """UBI-6: a place in several hexagons or triangles: each of them is right."""
    state = fresh(2)
    index = front_card(state, WAT=lambda u: real(u) and len({n for n, _ in u.world}) > 1)
    ubi = load_cards()[index].ubi("WAT")
    roll(state, "WAT", R.HEX)
    for number in {n for n, _ in ubi.world}:
        assert state.answer_is_right(R.Answer("W", number), ubi, state.turn_seat)


def test_ubi_7_right_goes_on_wrong_passes_the_turn() -> None:
    """UBI-7: a right answer rolls again; a wrong one passes the turn to the left."""
    state = fresh(3)
    front_card(state, EUR=real)
    roll(state, "EUR", R.HEX)
    state.apply(right_answer(state))
    assert state.phase == R.ROLL and state.turn_seat == 0 and state.facets[0] == []
    front_card(state, UNI=real)
    roll(state, "UNI", R.HEX)
    events = state.apply(wrong_answer(state))
    assert "answer" in kinds(events) and state.turn_seat == 1 and state.phase == R.ROLL


def test_ubi_8_a_triangular_answer_wins_the_zone_facet_once() -> None:
    """UBI-8: a right triangular answer wins that zone's facet, once."""
    state = fresh(2)
    front_card(state, AMR=fair)
    roll(state, "AMR", R.TRI)
    events = state.apply(right_answer(state))
    assert "facet" in kinds(events) and state.facets[0] == ["AMR"]
    front_card(state, AMR=fair)
    roll(state, "AMR", R.TRI)
    events = state.apply(right_answer(state))
    assert "facet" not in kinds(events) and state.facets[0] == ["AMR"]


def test_ubi_9_red_herrings() -> None:
    """UBI-9: "That's a red herring" is right for a red herring, at either precision, and only then."""
    state = fresh(2)
    front_card(state, UNI=lambda u: herring(u) and u.triangle_fair)
    roll(state, "UNI", R.TRI)
    state.apply(R.RedHerring())
    assert state.last["right"] and state.last["red_herring"] and state.facets[0] == ["UNI"]
    state = fresh(2)
    front_card(state, UNI=real)
    roll(state, "UNI", R.HEX)
    state.apply(R.RedHerring())
    assert not state.last["right"] and state.turn_seat == 1


def test_ubi_10_the_true_place_is_told_after_the_answer() -> None:
    """UBI-10: after each answer the place, its answer and a few words are public."""
    state = fresh(2)
    front_card(state, EUR=real)
    roll(state, "EUR", R.HEX)
    assert state.view(1)["last"] is None
    state.apply(wrong_answer(state))
    last = state.view(1)["last"]
    assert last["place"] and last["explanation"] and last["answer"] and last["right"] is False
    assert last["place"] in last["explanation"]


# ---- winning --------------------------------------------------------------------------------


def _four_facets(state: R.UbiState, team: int = 0) -> None:
    state.facets[team] = list(R.ZONES)


def test_ubi_11_the_rubi_ubi_poses_the_winning_ubi_at_triangular_precision() -> None:
    """UBI-11: with four facets the Rubi Ubi is thrown; a right triangular answer wins; a miss
    passes and the Rubi Ubi is thrown again next turn."""
    state = fresh(2)
    _four_facets(state)
    front_card(state, AMR=fair)
    roll(state, "AMR", R.TRI)
    state.apply(right_answer(state))
    assert state.phase == R.CAPSTONE and state.current_player == CHANCE
    odds = dict(state.chance_outcomes())
    assert set(odds) == {R.Capstone(z) for z in R.ZONES} and all(p == 0.25 for p in odds.values())
    front_card(state, EUR=real)
    state.apply(R.Capstone("EUR"))
    assert state.phase == R.ANSWER and state.final and state.precision == R.TRI
    state.apply(wrong_answer(state))
    assert state.turn_seat == 1 and not state.is_over
    front_card(state, WAT=real)
    roll(state, "WAT", R.HEX)
    state.apply(wrong_answer(state))
    assert state.turn_seat == 0 and state.phase == R.CAPSTONE   # thrown again at the turn's start
    front_card(state, UNI=fair)
    state.apply(R.Capstone("UNI"))
    events = state.apply(right_answer(state))
    assert "win" in kinds(events) and state.is_over and state.winners() == [0]
    assert state.scores() == [5, 0] and state.ranking() == [1, 2]


def test_ubi_14_a_first_turn_win_ends_the_game_at_once() -> None:
    """UBI-14: four facets and the Rubi Ubi in the first turn: the game is over straight away."""
    state = fresh(3)
    for zone in R.ZONES:
        front_card(state, **{zone: fair})
        roll(state, zone, R.TRI)
        state.apply(right_answer(state))
    assert state.facets[0] == list(R.ZONES) and state.phase == R.CAPSTONE
    front_card(state, EUR=fair)
    state.apply(R.Capstone("EUR"))
    state.apply(right_answer(state))
    assert state.is_over and state.winners() == [0] and state.turns == 0


def test_ubi_12_expert_seats_answer_expert_places_on_the_inset() -> None:
    """UBI-12: an expert seat answers a place inside an expert area on that area's hexagons."""
    state = fresh(2, expert=[True, False])
    index = front_card(state, EUR=lambda u: real(u) and u.expert is not None and u.expert[0] == "E")
    ubi = load_cards()[index].ubi("EUR")
    roll(state, "EUR", R.HEX)
    assert state.is_legal(R.Answer("E", 1)) and state.view(0)["sheets"] == ["W", "N", "E"]
    world = R.Answer("W", ubi.world[0][0])
    assert not state.answer_is_right(world, ubi, 0)          # the expert must use the inset
    assert state.answer_is_right(world, ubi, 1)              # the other seat the world map
    assert state.answer_is_right(R.Answer("E", ubi.expert[1][0][0]), ubi, 0)
    state.apply(right_answer(state))
    assert state.last["right"] and "/" in state.last["answer"]
    # a seat that does not play them may not answer on them
    state = fresh(2, expert=[True, False])
    state.turn_seat = 1
    front_card(state, EUR=real)
    roll(state, "EUR", R.HEX)
    assert not state.is_legal(R.Answer("E", 1))


def test_ubi_15_caesars_ghost_takes_back_the_last_facet_on_a_wrong_answer() -> None:
    """UBI-15: a wrong answer to a ghost's Ubi gives back the facet won last."""
    state = fresh(2)
    state.facets[0] = ["AMR", "WAT"]
    front_card(state, EUR=lambda u: real(u) and u.ghost)
    roll(state, "EUR", R.HEX)
    events = state.apply(wrong_answer(state))
    assert "ghost" in kinds(events) and state.facets[0] == ["AMR"]


def test_ubi_16_a_game_ends_after_40_rounds_with_the_most_facets_first() -> None:
    """UBI-16: after 40 rounds the most facets win."""
    state = fresh(2)
    state.facets = [["AMR"], ["AMR", "EUR"]]
    state.round_no = R.MAX_ROUNDS
    state.turn_seat, state.turns = 1, 2 * R.MAX_ROUNDS - 1
    front_card(state, WAT=real)
    roll(state, "WAT", R.HEX)
    state.apply(wrong_answer(state))
    assert state.is_over and state.winners() == [1] and state.ranking() == [2, 1]


def test_ubi_17_a_team_shares_its_rubi_and_its_members_answer_in_turn() -> None:
    """UBI-17: teams in turn round the table; the members of a team answer one turn each."""
    state = fresh(4, teams=2)
    seats = []
    for _ in range(4):
        seats.append(state.turn_seat)
        front_card(state, AMR=real)
        roll(state, "AMR", R.HEX)
        state.apply(wrong_answer(state))
    assert seats == [0, 1, 2, 3]
    assert state.turn_seat == 0
    front_card(state, EUR=fair)
    roll(state, "EUR", R.TRI)
    state.apply(right_answer(state))
    assert state.facets[0] == ["EUR"] and state.scores() == [1, 0, 1, 0]


def test_an_unfair_triangle_passes_to_the_next_card() -> None:
    """Where the rulebook is silent: at triangular precision a place too near an edge is passed over."""
    state = fresh(2)
    cards = load_cards()
    unfair = front_card(state, AMR=lambda u: real(u) and not u.triangle_fair)
    roll(state, "AMR", R.TRI)
    box = state.boxes[0]
    assert state.posed_card != unfair and unfair in box
    # it went to the back, behind it only the other unfair cards passed over after it
    assert all(not cards[i].ubi("AMR").triangle_fair for i in box[box.index(unfair):])
    assert cards[state.posed_card].ubi("AMR").triangle_fair


# ---- hidden information ---------------------------------------------------------------------


def test_the_answer_stays_hidden_until_given() -> None:
    """The view shows the Ubi's words, never its card or answer; bots read only the view."""
    state = fresh(3)
    index = front_card(state, EUR=real)
    roll(state, "EUR", R.HEX)
    ubi = load_cards()[index].ubi("EUR")
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        text = json.dumps(view)
        assert view["posed"]["text"] == ubi.text
        assert "posed_card" not in view and "boxes" not in view
        assert ubi.explanation not in text
    det = R.determinize(state.view(1), Rng(5))
    assert det.view(1) == state.view(1)
    # the boxes' order and the posed card changed behind the view: every view stays the same
    before = [state.view(seat) for seat in (None, 0, 1, 2)]
    state.boxes[1].reverse()
    state.boxes[0][1:] = reversed(state.boxes[0][1:])
    state.posed_card = state.boxes[0][-1]
    assert [state.view(seat) for seat in (None, 0, 1, 2)] == before


def test_the_contract_at_every_player_count() -> None:
    """The engine contract (core/testing.py), a few random games per count and option."""
    for n in range(2, 7):
        for options in testing.option_cases(PLAYABLE) if n in (2, 6) else [PLAYABLE.default_options()]:
            testing.play_random(PLAYABLE, n, options, seed=n, check_every=25)


def test_bots_answer_from_their_view_and_the_hard_one_knows_more() -> None:
    """Bots: simulated knowledge by fame and level; never the answer."""
    atlas = B.atlas()
    assert atlas and all(not p.name.startswith("That") for p in atlas.values())
    assert B.known_chance(B.LEVELS["hard"], 0.5) > B.known_chance(B.LEVELS["normal"], 0.5) > \
        B.known_chance(B.LEVELS["easy"], 0.5)
    state = fresh(2)
    front_card(state, EUR=real)
    roll(state, "EUR", R.HEX)
    view = state.view(0)
    action = B.KNOWLEDGE.plan(view, state.legal_actions(), Rng(3), "hard")
    assert state.is_legal(action)


def test_a_save_from_the_old_question_bank_is_refused_with_the_reason_UBI_19() -> None:
    """UBI-19: the bank was rebuilt (rules version 3), so a save made with the old cards would
    replay other cards: it is refused with a message that says why, not replayed wrongly."""
    from game.core.registry import get
    from game.core.saves import SaveError
    from game.core.session import PERSON, Seat, Session
    spec = get("ubi")
    assert spec.rules_version == R.RULES_VERSION == 3
    session = Session(spec, [Seat("A", PERSON), Seat("B", PERSON)], spec.default_options(), 5)
    old = dict(session.to_save(), rules_version=2)
    with pytest.raises(SaveError, match="older rules of Ubi"):
        Session.from_save(old)
    assert Session.from_save(session.to_save()).state.to_json() == session.state.to_json()
