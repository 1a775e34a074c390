"""Learn to play (table/lesson.py): every game's lesson played to its end as a person follows
it, and with a person who leaves the script; started from the menu's tile and the setup."""
from __future__ import annotations

import pytest

from game.core.ai.bots import make_bot
from game.core.registry import get, playable_games
from game.core.rng import Rng
from game.table.lesson import Lesson, LessonRun, Step, matches

from uihelpers import centre, click, frames, make_app, run_until

LESSONS = [(spec, variant) for spec in playable_games() for variant in spec.lesson_files()]


def lesson_id(case) -> str:
    spec, variant = case
    return f"{spec.id}-{variant}" if variant else spec.id


def play_lesson(spec, variant, choose, most: int = 3000):
    """Open the lesson (the plain one from the menu's tile, one with options from the setup
    with those options chosen) and play it to the game's end, the person's moves chosen by
    `choose(scene)`; returns (app, scene, the steps shown in order)."""
    app = make_app(animation_speed="off", bot_pace="off")
    menu = app.push(app.scene("menu"))
    frames(app, 1)
    if not variant:
        index = next(i for i, s in enumerate(menu.games) if s.id == spec.id)
        click(app, menu._learn_rect(index).center)
    else:
        setup = app.push(app.scene("setup", spec))
        setup.options.update(Lesson.of(spec, variant).options)
        frames(app, 1)
        click(app, centre(setup.learn))
    scene = app.top
    assert scene.lesson.lesson == Lesson.of(spec, variant)
    assert scene.lesson is not None and scene.session.seed == scene.lesson.lesson.seed
    shown: list[int] = []
    for _ in range(most):
        assert run_until(app, lambda: scene.is_my_turn() or scene.session.state.is_over, 60)
        if scene.session.state.is_over:
            break
        run = scene.lesson
        if run.current is not None and (not shown or shown[-1] != run.current):
            shown.append(run.current)
            words = scene._lesson_lines()[1]
            assert run.lesson.steps[run.current].say in words
            if run.pointed is not None:   # the table points where the move is made
                assert scene.hint is not None and scene.hint[0] == run.pointed
        assert scene.try_action(choose(scene)), scene.status_text()
        frames(app, 1)
    assert app.errors == []
    return app, scene, shown


@pytest.mark.parametrize("case", LESSONS, ids=lesson_id)
def test_a_lesson_followed_meets_every_step_then_plays_on(case, journeys_home, thread_bots):
    spec, variant = case
    helper = make_bot(spec, "normal", 5)
    app, scene, shown = play_lesson(spec, variant, lambda s: s.lesson.pointed or helper.choose(s.ctx.view, s.ctx.legal))
    assert scene.lesson.finished, f"steps never met: {set(range(len(scene.lesson.lesson.steps))) - scene.lesson.done}"
    assert sorted(shown) == list(range(len(scene.lesson.lesson.steps)))
    assert scene.session.state.is_over   # an ordinary game to its end
    assert scene.lesson.lesson.outro in scene._lesson_lines()[1]


@pytest.mark.parametrize("case", LESSONS, ids=lesson_id)
def test_a_lesson_never_blocks_a_person_who_leaves_the_script(case, journeys_home, thread_bots):
    spec, variant = case
    rng = Rng(11)
    replies = []

    def anything(scene):
        if scene.lesson.reply:
            replies.append(scene.lesson.reply)
        return scene.ctx.legal[rng.below(len(scene.ctx.legal))]
    app, scene, shown = play_lesson(spec, variant, anything)
    assert scene.session.state.is_over and shown
    assert any("that works too" in r for r in replies)


def test_steps_wait_for_their_decision_and_condition():
    from game.games.ubike.rules import EndSchedule, PlayCard, Search, TakeRow
    lesson = Lesson("ubike", "t", 1, (), {}, "", (
        Step("turn", "search", do={"kind": "Search"}),
        Step("place", "far", when={"kind": "PlayCard", "pay": {"not": [0, 0, 0, 0]}}),
        Step("place", "near", do={"kind": "PlayCard"})), "end")
    run = LessonRun(lesson)
    assert run.turn("place", [PlayCard(3, (0, 0, 0, 0)), EndSchedule()]).say == "near"   # no far card: later
    run.moved(EndSchedule(), "End", 2)
    assert run.reply.startswith("You chose “End” instead")
    assert run.turn("turn", [Search(), TakeRow(0)]).say == "search" and run.pointed == Search()
    run.moved(Search(), "Search", 0)
    assert run.reply == "" and run.turn("place", [PlayCard(4, (0, 1, 0, 0))]).say == "far"
    run.moved(PlayCard(4, (0, 1, 0, 0)), "Play", None)   # a step that came with the move waits
    assert run.current == 1
    run.moved(PlayCard(4, (0, 1, 0, 0)), "Play", 1)
    assert run.finished
    assert matches(PlayCard(4, (0, 1, 0, 0)), {"pay": {"not": [0, 0, 0, 0]}})
    assert not matches(PlayCard(4, (0, 0, 0, 0)), {"pay": {"not": [0, 0, 0, 0]}})


def test_the_setup_opens_the_lesson_for_its_options(journeys_home, thread_bots):
    from game.table.lesson import lesson_for
    tokaido = get("tokaido")
    assert lesson_for(tokaido, {"crossroads": True}) == "crossroads" and lesson_for(tokaido, {}) == ""
    spec = get(LESSONS[0][0].id)
    app = make_app(animation_speed="off", bot_pace="off")
    app.push(app.scene("menu"))
    setup = app.push(app.scene("setup", spec))
    frames(app, 2)
    click(app, centre(setup.learn))
    assert getattr(app.top, "lesson", None) is not None and app.errors == []


def test_a_hint_may_be_asked_during_a_lesson(journeys_home, thread_bots, monkeypatch):
    from game.core.ai import bots
    monkeypatch.setitem(bots.BOT_SETTINGS, "hard", {**bots.BOT_SETTINGS["hard"], "time_budget": 0.1})
    app = make_app(animation_speed="off", bot_pace="off")
    app.push(app.scene("menu"))
    scene = app.scene("lesson", get("ubike"))
    frames(app, 1)
    assert scene.lesson.pointed is not None and scene.hint[0] == scene.lesson.pointed
    click(app, centre(scene.frame_buttons["hint"]))
    assert run_until(app, lambda: scene._hint_label == "Hint" and scene.hint is not None)
    assert scene.status_text()[0].startswith("Hint: ") and scene.session.hints == 1
