"""The generic engine test (game/DESIGN.md, "Tests and the code's health"): every registered, playable game at every
player count and every option value (each value at the fewest and the most players) passes
the contract checks of game/core/testing.py.
A later game gets all of this by registering itself."""
from __future__ import annotations

import pytest

from game.core import testing
from game.core.registry import playable_games


def _option_label(spec, options):
    changed = {k: v for k, v in options.items() if spec.default_options().get(k) != v}
    return "-".join(f"{k}={v}" for k, v in changed.items()) or "default"


def _cases(spec):
    """Every player count with the default options, and every option value at the fewest and
    the most players: each count and each value is checked, without their whole product."""
    counts = range(spec.min_players, spec.max_players + 1)
    for n in counts:
        for options in testing.option_cases(spec):
            if n in (spec.min_players, spec.max_players) or options == spec.default_options():
                yield n, options


CASES = [pytest.param(spec, n, options, id=f"{spec.id}-{n}p-{_option_label(spec, options)}")
         for spec in playable_games()
         for n, options in _cases(spec)]


def test_some_game_is_playable():
    assert CASES, "no playable game is registered"


@pytest.mark.parametrize("spec,n,options", CASES)
def test_random_games_keep_the_contract(spec, n, options):
    # one game checked position by position, two more checked move by move
    testing.check_game(spec, n, options, seed=n, check_every=9, samples=1)
    for seed in (100 + n, 200 + n):
        testing.check_game(spec, n, options, seed)
