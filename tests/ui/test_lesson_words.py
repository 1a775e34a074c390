"""Every step of every lesson says all its words in its box at the table (the box over the
game log, at most the log's height, type no smaller than the app's smallest)."""
from __future__ import annotations

import pytest

from game.core.registry import playable_games
from game.table.frame import open_game
from game.table.lesson import BOX_FIXED, BOX_PAD, Lesson, step_heading
from game.ui import theme

from uihelpers import make_app

CASES = [(spec, variant) for spec in playable_games() for variant in spec.lesson_files()]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0].id}-{c[1]}" if c[1] else c[0].id)
def test_every_step_fits_its_box(case, journeys_home):
    spec, variant = case
    lesson = Lesson.of(spec, variant)
    app = make_app(animation_speed="off", bot_pace="off")
    app.push(app.scene("menu"))
    scene = open_game(app, lesson.session(), bots_paused=True)
    log = scene._log_rect()
    width, height = log.width - 2 * BOX_PAD, log.height - BOX_FIXED
    for words in [lesson.intro, lesson.outro, *(step.say for step in lesson.steps)]:
        if words:
            fitted = theme.fit_to_box(words, width, height, theme.SIZE_BODY, theme.SIZE_SMALL)
            assert fitted.complete, f"{spec.id} {variant}: cut in its box: {words[:60]}…"
    for number, step in enumerate(lesson.steps, 1):
        heading = step_heading(lesson, number, step, width)
        assert theme.font(theme.SIZE_SMALL, True).size(heading)[0] <= width, heading
