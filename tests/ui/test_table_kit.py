"""The table kit without a window: the controller's curtain and turns, what the context hands
a scene, and the picker."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.core.session import BOT, PERSON, Seat, Session
from game.table.controller import TableController
from game.table.picker import Basket, Picker
from tests.engine.toygames import CARDS, Play

ROOT = Path(__file__).resolve().parents[2]


def table(kinds):
    seats = [Seat(f"S{i}", kind, colour=i) for i, kind in enumerate(kinds)]
    return TableController(Session(CARDS, seats, {}, seed=9))


def play_current(t):
    t.apply(t.context.legal[0] if t.context.legal else t.session.state.legal_actions()[0])


def test_two_people_get_the_curtain_before_each_turn_and_see_only_their_own_cards():
    t = table([PERSON, PERSON])
    assert t.viewer is None
    step = t.next()
    assert step.kind == "curtain" and step.seat == 0
    assert t.context.legal == [] and t.context.view["hands"] == [None, None]
    assert t.next().kind == "wait"          # the curtain stays until lifted
    t.lift_curtain(0)
    assert t.is_my_turn() and t.context.view["hands"][0] and t.context.view["hands"][1] is None
    assert t.context.legal
    t.apply(t.context.legal[0])
    assert t.next().kind == "curtain" and t.viewer is None, "the next person gets the curtain"


def test_one_person_with_bots_keeps_the_screen_and_bots_see_their_own_view():
    t = table([PERSON, BOT, BOT])
    assert t.viewer == 0 and t.next().kind == "wait"
    t.apply(t.context.legal[0])
    step = t.next()
    assert step.kind == "bot" and step.seat == 1
    assert t.viewer == 0, "a lone person's view stays on the screen"
    view, legal, _seed = t.bot_request(1)
    assert view["seat"] == 1 and view["hands"][0] is None and view["hands"][1]
    assert t.context.legal == [], "not the person's turn: nothing to click"


def test_while_bots_play_between_two_people_no_one_is_on_the_screen():
    t = table([PERSON, BOT, PERSON])
    t.next()
    t.lift_curtain(0)
    t.apply(t.context.legal[0])
    assert t.next().kind == "bot" and t.viewer is None


def test_the_context_explains_a_refused_move_and_events_are_redacted_for_the_viewer():
    t = table([PERSON, BOT])
    t.next()
    assert t.context.explain(Play(99)) == "That is not allowed right now."
    assert t.context.explain(t.context.legal[0]) == ""
    events = t.apply(t.context.legal[0])
    assert events and all(not e.private for e in events)
    assert t.context.log and t.context.log[-1][1].startswith("{P0}")
    assert t.context.words("{P0} plays") == "S0 plays"


def test_the_picker_narrows_legal_actions_step_by_step():
    legal = [("a", 1), ("a", 2), ("b", 1)]
    picker = Picker(legal, steps=(lambda x: x[0], lambda x: x[1]))
    assert picker.options() == ["a", "b"] and picker.action is None
    picker.choose("a")
    assert picker.options() == [1, 2]
    with pytest.raises(ValueError):
        picker.choose(3)
    picker.choose(2)
    assert picker.action == ("a", 2)
    picker.back()
    picker.back()
    picker.choose("b")
    assert picker.only_choice() == 1


def test_the_picker_and_the_basket_say_the_next_click_towards_a_move():
    """Where the hint and the lesson point next (`next_click`): the step after the choices made
    when they lead to the move, else a fresh start; the basket's things out, then in."""
    picker = Picker([("a", 1), ("a", 2), ("b", 1)], steps=(lambda x: x[0], lambda x: x[1]))
    assert picker.next_step(("a", 2)) == (0, "a") and picker.next_step(("c", 9)) is None
    picker.choose("a")
    assert picker.next_step(("a", 2)) == (1, 2) and picker.next_step(("b", 1)) == (0, "b")
    picker.choose(2)
    assert picker.next_step(("a", 2)) is None
    basket = Basket([("buy", (1,)), ("buy", (2,)), ("buy", (1, 2)), ("buy", (2, 3))], things=lambda a: a[1])
    basket.toggle(1)
    assert basket.next_toggle(("buy", (2, 3))) == 1   # out first
    assert basket.next_toggle(("buy", (1, 2))) == 2
    basket.toggle(2)
    assert basket.next_toggle(("buy", (1, 2))) is None


def test_the_basket_takes_things_while_some_legal_action_takes_them_all():
    legal = [("buy", ()), ("buy", (1,)), ("buy", (2,)), ("buy", (1, 2)), ("devote", (1, 2)), ("other", (3,))]
    basket = Basket(legal, things=lambda a: a[1], keep=lambda a: a[0] != "other")
    assert basket.actions() == [("buy", ())] and not basket.can_add(3)
    basket.toggle(2)
    basket.toggle(1)
    assert basket.chosen == (2, 1) and basket.actions() == [("buy", (1, 2)), ("devote", (1, 2))]
    with pytest.raises(ValueError):
        basket.toggle(3)
    basket.toggle(2)
    assert basket.actions() == [("buy", (1,))]
    assert basket.follow(legal) is basket and basket.chosen == (1,), "the same legal actions keep the basket"
    basket.follow(legal[:3])
    assert basket.chosen == () and not basket.can_add(5)


def test_every_scene_narrows_several_click_moves_through_the_kit():
    """A move made in several clicks (a card then how to pay, souvenirs then Buy) is narrowed by
    the kit's Picker or Basket in every game that has one, never by a scene's own set."""
    pickers = {path.parent.name for path in (ROOT / "game" / "games").glob("*/*.py")
               if "from game.table.picker import" in path.read_text(encoding="utf-8")}
    assert pickers >= {"ubike", "staedtetour", "tokaido", "ttr", "rallyman"}


def test_game_scenes_never_read_the_state():
    """A scene reads the viewer's view and legal actions through the table kit's context."""
    offenders = []
    for path in sorted((ROOT / "game" / "games").glob("*/*.py")):
        if path.name in ("rules.py", "bot.py", "__init__.py") or path.stem in ("data", "scoring", "steps", "powers"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "state" and \
                    isinstance(node.value, ast.Attribute) and node.value.attr == "session":
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, "game scenes read session.state: " + ", ".join(offenders)


def test_a_searching_bot_seems_to_think_as_long_on_a_forced_move_as_on_a_free_one():
    from game.core.ai.bots import BOT_SETTINGS
    seats = [Seat("P", PERSON), Seat("H", BOT, "hard"), Seat("N", BOT, "normal")]
    t = TableController(Session(CARDS, seats, {}, seed=1))
    assert t.min_think(1, "normal") > BOT_SETTINGS["hard"]["time_budget"]
    assert t.min_think(2, "normal") == 0.8
    assert t.min_think(1, "off") == 0.0
