"""The Städtetour bots' judgement in built positions: the playouts' steering takes the pot
when the own card is in reach and keeps clear of another's card, the hard bot does the same
at a real fork, and the beliefs it deals from never hold a card the bus has passed."""
from __future__ import annotations

from game.core.ai.bots import make_bot
from game.core.rng import Rng
from game.games.staedtetour import SPEC
from game.games.staedtetour.bot import belief, determinize, steer, walk_value
from game.games.staedtetour.rules import DESTINATIONS, DRIVE, FORWARD, SINGLE, Drive

from tests.staedtetour.builders import NET, far_cards, fresh, give, lay_face_up, place_bus


def fork_between_destinations() -> tuple[str, str, str, str]:
    """A fork that is no destination, the road behind the bus there, and two roads ahead
    that each lead straight to a destination: (fork, behind, one, another)."""
    for stop, ways in sorted(NET.neighbours.items()):
        if stop in DESTINATIONS or len(ways) != 3:
            continue
        for behind in ways:
            ahead = [w for w in ways if w != behind]
            if all(w in DESTINATIONS for w in ahead):
                return stop, behind, ahead[0], ahead[1]
    raise AssertionError("no fork between two destinations on this map")


def at_the_fork(own: str, theirs: str, face_up: int = 4):
    """A two-seat game where seat 0 is the tour guide at the fork with one stop to drive,
    holding `own`, seat 1 holding `theirs`, and `face_up` single tickets in the row."""
    fork, behind, _one, _another = fork_between_destinations()
    state = fresh(2, 21)
    for seat, card in enumerate((own, theirs)):
        held = state.destinations[seat]
        if card in state.destinations:
            state.destinations[state.destinations.index(card)] = held
        else:
            state.draw_pile[state.draw_pile.index(card)] = held
        state.destinations[seat] = card
    place_bus(state, fork, behind)
    lay_face_up(state, [SINGLE] * face_up)
    state.phase, state.guide, state.mode, state.steps_left = DRIVE, 0, FORWARD, 1
    state.route = [fork]
    return state


def test_the_walk_takes_the_pot_at_the_own_card_and_fears_the_others():
    fork, _behind, one, another = fork_between_destinations()
    assert walk_value(one, fork, 0, False, one, (another,)) == 1
    assert walk_value(another, fork, 0, False, one, (another,)) == -1


def test_playout_steering_drives_to_the_own_card_and_round_the_others():
    _fork, _behind, one, another = fork_between_destinations()
    state = at_the_fork(one, another)
    legal = state.legal_actions()
    assert steer(state, legal, [another], Rng(1)) == Drive(one)
    state = at_the_fork(far_cards(1, [one, another, *NET.neighbours[one], *NET.neighbours[another]])[0],
                        another)
    assert steer(state, state.legal_actions(), [another], Rng(1)) == Drive(one)


def test_the_hard_bot_drives_to_its_own_card_when_it_is_one_stop_away():
    _fork, _behind, one, another = fork_between_destinations()
    for own, theirs in ((one, another), (another, one)):
        state = at_the_fork(own, theirs, face_up=6)
        give(state, 1, tickets=6)   # behind: the pot matters
        bot = make_bot(SPEC, "hard", 3, max_iterations=300, time_budget=60)
        assert bot.choose(state.view(0), state.legal_actions()) == Drive(own)


def test_beliefs_and_samples_leave_out_a_card_the_bus_passed():
    _fork, _behind, one, another = fork_between_destinations()
    state = at_the_fork(far_cards(1, [one, another])[0], far_cards(2, [one, another])[1])
    state.passed[1] = [one]   # the bus stopped at `one` without a "Stop!" from seat 1
    view = state.view(0)
    assert one not in belief(view, 1)
    rng = Rng(5)
    assert all(determinize(view, rng).destinations[1] != one for _ in range(200))


def test_a_view_changed_in_place_is_sampled_afresh():
    """Samples reuse what they worked out from a view while it stays the same; a view that
    changed (here: the bus passed one more card) is read again."""
    _fork, _behind, one, another = fork_between_destinations()
    state = at_the_fork(far_cards(1, [one, another])[0], one)
    view = state.view(0)
    view["destinations"] = list(view["destinations"])
    rng = Rng(6)
    assert any(determinize(view, rng).destinations[1] == one for _ in range(300))
    view["passed"] = [list(p) for p in view["passed"]]
    view["passed"][1].append(one)
    assert all(determinize(view, rng).destinations[1] != one for _ in range(200))
