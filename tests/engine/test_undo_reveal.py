"""A move that shows its mover something new cannot be undone, whether or not the game marked
the reveal: the engine decides it from the views (game/core/reveal.py)."""
from __future__ import annotations

from game.core.registry import get
from game.core.rng import Rng
from game.core.session import PERSON, UNDO_LIMIT, Seat, Session
from game.games.tokaido.actions import Move


def people(n: int) -> list[Seat]:
    return [Seat(f"P{i}", PERSON, colour=i) for i in range(n)]


def test_walking_to_an_inn_where_meals_lie_cannot_be_undone():
    """The second traveller at an inn sees the meals the first one drew: Tokaido marks no reveal
    then (the meals were drawn, and marked, at the first arrival), and undo used to let that
    traveller look and walk elsewhere (seed 3185950873, issue 25)."""
    spec = get("tokaido")
    session = Session(spec, people(4), {}, 3185950873)
    rng = Rng(7)
    checked = 0
    while not session.state.is_over and checked < 3:
        state = session.state
        legal = state.legal_actions()
        inn_moves = [a for a in legal if isinstance(a, Move) and state.meal_inn == a.index and state.meal_hand]
        if inn_moves:
            move = inn_moves[0]
            seat, epoch = state.current_player, state.info_epoch
            before_view = state.view(seat)
            session.apply(move, autosave=False)
            if session.state.current_player == seat and session.state.info_epoch == epoch:
                # the game marked nothing, the turn stays: only the views tell
                assert session.state.view(seat) != before_view
                assert not session.can_undo(), "the mover saw the meals and could take the move back"
                checked += 1
            continue
        session.apply(legal[rng.below(len(legal))], autosave=False)
    assert checked, "no traveller walked to an inn whose meals were out"


def test_a_move_that_shows_nothing_new_can_still_be_undone():
    spec = get("tokaido")
    session = Session(spec, people(3), {}, 11)
    rng = Rng(3)
    undone = 0
    for _ in range(400):
        if session.state.is_over:
            break
        legal = session.state.legal_actions()
        session.apply(legal[rng.below(len(legal))], autosave=False)
        if session.can_undo():
            undone += 1
    assert undone > 5
    assert session._undo.maxlen == UNDO_LIMIT   # a long game keeps a bounded number of snapshots
