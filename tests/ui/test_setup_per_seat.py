"""A per-seat option on the setup screen (Ubi's expert areas): one toggle per seat, numbered as
the seats are, kept in step when seats come and go, and handed to the game as one choice per
seat. Driven through the real event path with a stand-in spec (UBike Tour with one extra
per-seat option), so the test needs no particular game."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.core.registry import OptionSpec, get

from uihelpers import centre, click, frames, make_app

EXPERT = OptionSpec("expert", "Expert areas", ((False, "the world map only"), (True, "plays the expert areas")),
                    False, "Lit seats answer on the insets.", per_seat=True)


@pytest.fixture
def app():
    application = make_app()
    pygame.event.clear()
    application.push(application.scene("menu"))
    yield application
    application.reset_to()
    pygame.event.clear()


def test_option_values_are_one_choice_or_one_per_seat():
    assert EXPERT.validate(True) is True
    assert EXPERT.validate([False, True]) == [False, True]
    assert EXPERT.for_seat([False, True], 1) is True and EXPERT.for_seat(True, 3) is True
    assert EXPERT.for_seat([True], 2) is False   # a seat past the list takes the default
    with pytest.raises(ValueError):
        EXPERT.validate([False, "maybe"])


def test_each_seat_toggles_its_own_choice_and_the_game_gets_the_list(app, monkeypatch):
    base = get("ubike")
    spec = dataclasses.replace(base, options=base.options + (EXPERT,))
    seen = {}
    real = base.new_state

    def new_state(n, seed, options):
        seen.update(options)
        return real(n, seed, {k: v for k, v in options.items() if k != "expert"})

    spec = dataclasses.replace(spec, new_state=new_state)
    setup = app.push(app.scene("setup", spec))
    frames(app)
    assert setup.options["expert"] == [False] * len(setup.seats)
    click(app, centre(setup.seat_toggles[("expert", 1)]))
    assert setup.options["expert"][1] is True and setup.options["expert"][0] is False
    click(app, centre(setup.add_button))
    assert setup.options["expert"] == [False, True, False]
    click(app, centre(setup.rows[0]["remove"]))
    assert setup.options["expert"] == [True, False]
    assert set(setup.seat_toggles) == {("expert", 0), ("expert", 1)}
    for index, seat in enumerate(setup.seats):   # bots only: no curtain to pass
        if not seat.is_bot:
            click(app, centre(setup.rows[index]["kind"]))
    click(app, centre(setup.start))
    assert app.errors == []
    assert seen["expert"] == [True, False]


FIRST = OptionSpec("first", "First player", tuple((n, f"Seat {n}") for n in range(1, 7)), 1,
                   "Whoever was born closest to March 15 starts.", seat_numbers=True)


def test_an_option_that_names_a_seat_offers_only_the_seats_in_play(app):
    assert [v for v, _ in FIRST.choices_for(3)] == [1, 2, 3]
    base = get("ubike")
    spec = dataclasses.replace(base, options=base.options + (FIRST,))
    setup = app.push(app.scene("setup", spec))
    frames(app)
    menu = setup.option_menus["first"]
    assert menu.options_list and [o[0] for o in menu.options_list] == [f"Seat {n}" for n in
                                                                        range(1, len(setup.seats) + 1)]
    click(app, centre(setup.add_button))
    setup.options["first"] = 3                      # the third seat starts
    click(app, centre(setup.rows[2]["remove"]))     # and leaves: back to the first seat
    assert setup.options["first"] == 1
    assert [o[0] for o in setup.option_menus["first"].options_list] == ["Seat 1", "Seat 2"]
