"""The table speaks from one source (issue 22): over every game, with people at the table, the
status line, the seat panels and the curtain name the seat of the table's one `Turn` answer and
its decision, the prompt is there whenever a person is asked, and an undo asks again. Played
through the scene as a person plays (try_action, undo, the curtain's Space), on random legal
moves, so the check holds for positions nobody wrote down."""
from __future__ import annotations

import pytest

from game.core.registry import load_games
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat
from game.table.curtain import CurtainScene

from uihelpers import open_table, table_steps

GAMES = [spec for spec in load_games().values() if spec.available]


def seats_for(spec):
    people = [Seat("Ann", PERSON, colour=0), Seat("Bo", PERSON, colour=1)]
    if spec.max_players >= 3:
        people.append(Seat("Bot Ada", BOT, "easy", colour=2))
    return people


def check_status(scene) -> None:
    turn = scene.turn
    text, _warning = scene.status_text()
    assert scene._status_line_seat() == turn.seat
    if turn.phase in ("act", "pass", "think"):
        name = scene.name(turn.seat)
        assert name in text, (turn, text)
        words = scene.decision_words(turn.decision)
        if turn.phase == "think" and words:
            assert words in text, (turn, text)
        if turn.phase == "pass":
            assert text.startswith(f"Waiting for {name}"), (turn, text)
    if turn.phase == "act":
        prompt = scene.prompt()
        assert prompt.strip(), f"{scene.spec.id}: a person is asked ({turn.decision}) with no prompt"
        assert scene.status_note or prompt in text, (turn, text)


@pytest.mark.usefixtures("thread_bots")
@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_status_panels_and_curtain_name_the_turns_seat_and_decision(spec):
    rng = Rng(22)
    app, scene, session = open_table(seats_for(spec), game=spec.id, seed=7)
    undos = 0

    def curtain(top) -> None:
        turn = scene.turn
        assert turn.phase == "pass" and top.seat == turn.seat
        assert top.asked == scene.decision_words(turn.decision)
        check_status(scene)

    def every_frame() -> None:   # whoever is to act, bots and curtains included
        if not isinstance(app.top, CurtainScene):
            assert app.top is scene
            check_status(scene)

    for turn in table_steps(app, scene, session, 60, on_frame=every_frame, on_curtain=curtain):
        assert scene.is_my_turn() and turn.seat == scene.viewer
        if session.can_undo() and rng.below(3) == 0:
            scene.undo()
            undos += 1
            assert scene.turn.again == "undo" and scene.status_text()[0].startswith("Taken back. ")
            check_status(scene)
            continue
        legal = session.state.legal_actions()
        assert scene.try_action(legal[rng.below(len(legal))]), scene.status_note
    assert app.errors == []
