"""Game numbers give nothing away: 64-bit random numbers drawn when a game starts, shown only at
the results and for a game that is over or whose number a person typed in to replay it.

The scene tests drive the setup screen through the real event path (clicks and typing in a
1280x720 window) and read what the load screen draws by recording the text it renders.
"""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.core import paths
from game.core.registry import get
from game.core.session import BOT, PERSON, Seat, Session
from game.scenes import game_number
from game.scenes.game_number import (MAX_GAME_NUMBER, GameNumberError, new_game_number,
                                     parse_game_number, shown_game_number)
from game.ui import theme

from uihelpers import centre, click, frames, make_app, type_text


# ---- the numbers ------------------------------------------------------------------------------
def test_random_numbers_are_64_bit_and_never_zero(monkeypatch):
    drawn = [new_game_number() for _ in range(64)]
    assert all(1 <= n <= MAX_GAME_NUMBER for n in drawn)
    assert max(drawn) > 2**40                       # not the old 1-999,999 (fails with p = 2**-1536)
    assert len(set(drawn)) == len(drawn)
    answers = iter([bytes(8), bytes(8), (77).to_bytes(8, "big")])
    monkeypatch.setattr(game_number.os, "urandom", lambda size: next(answers))
    assert new_game_number() == 77


@pytest.mark.parametrize("text, number", [("", None), ("   ", None), ("42", 42), (" 0042 ", 42), ("0", 0),
                                          (str(MAX_GAME_NUMBER), MAX_GAME_NUMBER)])
def test_typed_numbers_that_are_fine(text, number):
    assert parse_game_number(text) == number


@pytest.mark.parametrize("text, says", [(str(MAX_GAME_NUMBER + 1), "go up to"), ("9" * 21, "go up to"),
                                        ("12a", "digits only"), ("-5", "digits only"), ("1 2", "digits only"),
                                        ("²", "digits only"), ("١٢", "digits only"), ("1e9", "digits only")])
def test_typed_numbers_that_are_not(text, says):
    with pytest.raises(GameNumberError, match=says):
        parse_game_number(text)


def test_when_a_number_may_be_shown():
    assert shown_game_number(5, known=False, over=False) is None
    assert shown_game_number(5, known=True, over=False) == 5
    assert shown_game_number(5, known=False, over=True) == 5


# ---- the setup screen -------------------------------------------------------------------------
@pytest.fixture
def app():
    application = make_app()
    pygame.event.clear()
    application.push(application.scene("menu"))
    yield application
    application.reset_to()
    pygame.event.clear()


def bots_only(setup) -> None:
    """Both seats bots, so starting opens the table straight away (no curtain to pass)."""
    for index, seat in enumerate(setup.seats):
        if seat.kind == PERSON:
            click(setup.app, centre(setup.rows[index]["kind"]))


def started_session(app) -> Session:
    game = next((s for s in app.scenes if hasattr(s, "session") and s.__class__.__name__ != "ResultsScene"),
                None)
    assert game is not None, f"no game was opened: {[type(s).__name__ for s in app.scenes]}"
    return game.session


def type_into(app, element, text: str) -> None:
    click(app, centre(element))
    type_text(app, text)


def test_setup_starts_with_an_empty_box_and_draws_the_number_at_the_start(app, drawn_text):
    setup = app.push(app.scene("setup", get("ubike")))
    frames(app)
    assert setup.seed_entry.get_text() == ""
    assert "random" in drawn_text                 # the box's placeholder
    assert not hasattr(setup, "seed")              # nothing is drawn before Start
    bots_only(setup)
    click(app, centre(setup.start))
    assert app.errors == []
    session = started_session(app)
    assert 1 <= session.seed <= MAX_GAME_NUMBER and not session.seed_known
    saved = json.loads(session.autosave_path.read_text(encoding="utf-8"))
    assert saved["seed"] == session.seed and saved["seed_known"] is False


def test_a_typed_number_replays_that_game_and_is_known(app):
    setup = app.push(app.scene("setup", get("ubike")))
    frames(app)
    bots_only(setup)
    type_into(app, setup.seed_entry, str(MAX_GAME_NUMBER))
    click(app, centre(setup.rows[0]["kind"]))        # a rebuilt screen keeps what was typed
    click(app, centre(setup.rows[0]["kind"]))
    assert setup.seed_entry.get_text() == str(MAX_GAME_NUMBER)
    click(app, centre(setup.start))
    assert app.errors == []
    session = started_session(app)
    assert session.seed == MAX_GAME_NUMBER and session.seed_known
    assert json.loads(session.autosave_path.read_text(encoding="utf-8"))["seed_known"] is True


def test_a_number_too_large_is_refused_with_a_message(app):
    setup = app.push(app.scene("setup", get("ubike")))
    frames(app)
    type_into(app, setup.seed_entry, "9" * 20)
    assert setup.seed_entry.get_text() == "9" * 20 and "go up to" in setup.number_problem
    click(app, centre(setup.start))
    assert app.top is setup and "go up to" in setup.message
    assert not list(paths.autosaves_dir().glob("*.json"))
    type_into(app, setup.seed_entry, "9")             # 20 digits is the most the box takes
    assert setup.seed_entry.get_text() == "9" * 20
    assert app.errors == []


def test_play_again_draws_a_fresh_unknown_number(app):
    from game.tools.demo_session import bot_session
    done = bot_session(get("ubike"), 2, 8, 0, "easy", results=True)
    done.seed_known = True                            # even after a replayed game
    results = app.push(app.scene("results", done))
    frames(app)
    click(app, centre(results.again))
    assert app.errors == []
    session = started_session(app)
    assert session.seed != done.seed and 1 <= session.seed <= MAX_GAME_NUMBER
    assert not session.seed_known


# ---- where the number shows ---------------------------------------------------------------------
@pytest.fixture
def drawn_text(monkeypatch):
    """Every string the scenes render through theme.text, in order."""
    seen: list[str] = []
    real = theme.text

    def recording(string, *args, **kwargs):
        seen.append(string)
        return real(string, *args, **kwargs)

    monkeypatch.setattr(theme, "text", recording)
    return seen


def save(name: str, seed: int, *, known: bool = False, over: bool = False) -> Path:
    session = Session(get("ubike"), [Seat("A", BOT, "easy", 0), Seat("B", BOT, "easy", 1)], {}, seed,
                      name=name, seed_known=known)
    session.apply(session.state.legal_actions()[0], autosave=False)
    path = paths.saves_dir() / f"{name}.json"
    session.save_to(path)
    if over:   # the list reads the save's own word for it; no need to play to the end
        data = json.loads(path.read_text(encoding="utf-8"))
        data["over"] = True
        path.write_text(json.dumps(data), encoding="utf-8")
    return path


def shown_on_load_screen(app, drawn: list[str], path: Path) -> str:
    scene = app.push(app.scene("load"))
    scene.select(next(i for i, row in enumerate(scene.rows) if row.path == path))
    drawn.clear()
    scene.invalidate()
    frames(app, 1)
    app.remove(scene)
    return "\n".join(drawn)


def test_the_load_screen_keeps_a_random_number_back(app, drawn_text):
    secret = 0xDEADBEEF12345
    path = save("Secret", secret)
    text = shown_on_load_screen(app, drawn_text, path)
    assert str(secret) not in text and "shown when the game ends" in text
    assert app.errors == []


def test_the_load_screen_shows_a_typed_number_and_a_finished_games(app, drawn_text):
    typed = save("Typed", 424242, known=True)
    over = save("Over", 0xFEEDFACE99, over=True)
    assert "424242" in shown_on_load_screen(app, drawn_text, typed)
    assert str(0xFEEDFACE99) in shown_on_load_screen(app, drawn_text, over)
    assert app.errors == []


def test_an_old_save_without_the_key_counts_as_unknown(app, drawn_text):
    path = save("Old", 987654321)
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["seed_known"]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "987654321" not in shown_on_load_screen(app, drawn_text, path)


def test_the_results_show_the_number(app, drawn_text):
    from game.tools.demo_session import bot_session
    done = bot_session(get("ubike"), 2, 0xABCDEF0123, 0, "easy", results=True)
    app.push(app.scene("results", done))
    frames(app, 1)
    assert any(str(0xABCDEF0123) in line for line in drawn_text)
