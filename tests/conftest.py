"""Shared test setup: SDL's dummy drivers before pygame is imported anywhere, and a private
home folder so tests never touch the player's saves or settings."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True)
def journeys_home(tmp_path_factory, monkeypatch):
    """Every test gets its own empty JOURNEYS_HOME (saves, statistics, settings)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("JOURNEYS_HOME", str(home))
    return home


@pytest.fixture
def coming_game(monkeypatch):
    """A game announced but not built yet, for the screens that tell so (once every real game is
    built there is none left to show it with)."""
    from game.core.registry import GAMES, GameSpec, load_games
    load_games()
    spec = GameSpec(id="later", title="Later", min_players=2, max_players=4,
                    blurb="A game still to come.", available=False)
    monkeypatch.setitem(GAMES, spec.id, spec)
    return spec


@pytest.fixture
def thread_bots(monkeypatch):
    """Bots think on a thread of this process, so a scene test needs no worker process."""
    from game.core.ai import worker
    runner = worker.BotRunner(use_process=False)
    monkeypatch.setattr(worker, "_SHARED", runner)
    yield runner
    runner.close()
