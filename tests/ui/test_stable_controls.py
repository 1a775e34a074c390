"""A button keeps its place while it exists (issue 22): Rallyman's Roll and Stop swapped places
when a secure was bought, so a player clicked the wrong one. Over every game, on random play
with a person and bots, every time a panel of choices changes its buttons, a button that was
there before and is there after (the same key) is in the same place; a button that cannot be
used is greyed where it is rather than taken away and replaced by another."""
from __future__ import annotations

import pytest

from game.core.registry import load_games
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat
from game.table import panel as panel_module

from uihelpers import open_table, table_steps

GAMES = [spec for spec in load_games().values() if spec.available]


@pytest.mark.usefixtures("thread_bots")
@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_a_button_keeps_its_place_while_it_exists(spec, monkeypatch):
    moved: list[str] = []
    shown: dict[int, dict] = {}
    sync = panel_module.ChoicePanel.sync

    def watched(self, wanted):
        before = shown.get(id(self), {})
        now = {repr(c.key): tuple(c.rect) for c in wanted}
        for key, rect in now.items():
            if key in before and before[key] != rect:
                moved.append(f"{key}: {before[key]} -> {rect}")
        shown[id(self)] = now
        return sync(self, wanted)

    monkeypatch.setattr(panel_module.ChoicePanel, "sync", watched)
    seats = [Seat("Ann", PERSON, colour=0)] + [Seat(f"Bot {i}", BOT, "easy", colour=i)
                                                for i in range(1, max(2, spec.min_players))]
    app, scene, session = open_table(seats, game=spec.id, seed=9)
    rng = Rng(5)
    for _turn in table_steps(app, scene, session, 80):
        legal = session.state.legal_actions()
        scene.try_action(legal[rng.below(len(legal))])
    assert not moved, f"{spec.id}: buttons moved while they existed: " + "; ".join(moved[:5])
    assert app.errors == []
