"""No essential words are cut (issue 22): the kit notes every text it had to shorten with "…"
(theme.CUTS) and every button label wider than its button; over every game, at its fewest
and its most seats, on random play with people and bots, and over the other screens (setup,
results, curtain, rules, settings), nothing the table draws is cut. A text that does not fit
is wrapped, shortened in the game's words or given more room, never left to the ellipsis.

The names are long on purpose ("Bot Basho 2", "Player 1"), as the issue found them."""
from __future__ import annotations

import pygame
import pytest

from game.core.registry import load_games
from game.core.rng import Rng
from game.core.session import BOT, PERSON, Seat, Session
from game.ui import theme

from uihelpers import frames, make_app, open_table, table_steps

GAMES = [spec for spec in load_games().values() if spec.available]


def seat_counts(spec) -> list[int]:
    """The fewest seats and the most (the most crowd the panels; the fewest give each the most words)."""
    return sorted({spec.min_players, spec.max_players})


def cases():
    for spec in GAMES:
        for n in seat_counts(spec):
            yield pytest.param(spec, n, id=f"{spec.id}-{n}")


def seats(n: int) -> list[Seat]:
    return [Seat(f"Player {i + 1}", PERSON, colour=i) if i < 2 else Seat(f"Bot Basho {i}", BOT, "easy", colour=i)
            for i in range(n)]


def drawn_cuts(app) -> list[tuple[str, str]]:
    """Every scene shown drawn afresh, its layers too, with the cuts noted."""
    theme.CUTS = []
    try:
        canvas = pygame.Surface((1920, 1080))
        shown = app.scenes[max(i for i, s in enumerate(app.scenes) if s.opaque):]
        for scene in shown:
            for layer in getattr(scene, "layers", []):
                layer.last = object()
                layer.refresh()
            scene.draw(canvas)
        return list(theme.CUTS)
    finally:
        theme.CUTS = None


@pytest.mark.usefixtures("thread_bots")
@pytest.mark.parametrize("spec, n", list(cases()))
def test_nothing_the_table_says_is_cut(spec, n):
    rng = Rng(7 * n + 1)
    theme.CUTS = []   # buttons made from here on are measured as they are made
    app, scene, session = open_table(seats(n), game=spec.id, seed=5 + n)
    cuts = set(theme.CUTS)

    def every_frame() -> None:   # what the frame drew, and the buttons made since
        cuts.update(theme.CUTS, drawn_cuts(app))
        theme.CUTS = []

    for _turn in table_steps(app, scene, session, 50, on_frame=every_frame):
        legal = session.state.legal_actions()
        scene.try_action(legal[rng.below(len(legal))])
    cuts.update(theme.CUTS)
    theme.CUTS = None
    assert not cuts, f"{spec.id} at {n} seats cut: " + "; ".join(f"{w}: {t!r}" for t, w in sorted(cuts))
    assert app.errors == []


@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_nothing_is_cut_on_the_setup_results_and_rules_screens(spec):
    app = make_app()
    n = spec.max_players
    theme.CUTS = []
    try:
        app.push(app.scene("menu"))
        app.push(app.scene("setup", spec))
        frames(app, 2)
        cuts = set(theme.CUTS) | set(drawn_cuts(app))
        theme.CUTS = []
        session = Session(spec, seats(n), spec.default_options(), 3)
        rng = Rng(3)
        while not session.state.is_over:
            legal = session.state.legal_actions()
            session.apply(legal[rng.below(len(legal))], autosave=False)
        app.reset_to(app.scene("menu"), app.scene("results", session))
        frames(app, 2)
        cuts |= set(theme.CUTS) | set(drawn_cuts(app))
        theme.CUTS = []
        app.push(app.scene("rules", spec.id))
        frames(app, 2)
        cuts |= set(theme.CUTS) | set(drawn_cuts(app))
    finally:
        theme.CUTS = None
    assert not cuts, f"{spec.id}: " + "; ".join(f"{w}: {t!r}" for t, w in sorted(cuts))
    assert app.errors == []
