"""A missing or damaged map never crashes the app and loses nothing. If only the picture is
lost, the game goes on over plain paper that says why. Where the rules read their road network
from the map (Städtetour, Tokaido) and cannot, setting up says so and stays open, and a save of
that game gives a clear message instead of a crash."""
from __future__ import annotations

import pytest

from game import assets
from game.core import paths
from game.core.registry import get, playable_games
from game.core.saves import SaveError
from game.core.session import BOT, Seat, Session
from game.games.staedtetour import rules as staedtetour_rules
from game.games.tokaido import rules as tokaido_rules
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.scenes.setup import SetupScene
from game.table.frame import open_game

from uihelpers import frames, make_app, run_until

REAL_PATH = assets.path
NETWORK_CACHES = {"staedtetour": staedtetour_rules.network, "tokaido": tokaido_rules.board_road}


def break_maps(monkeypatch, tmp_path, damage: str) -> None:
    def broken(kind, *parts):
        real = REAL_PATH(kind, *parts)
        if kind != "maps" or not parts[-1].endswith(".tmx"):
            return real
        target = tmp_path / parts[-1]
        if damage == "truncated":
            text = real.read_text(encoding="utf-8")
            target.write_text(text[: len(text) // 2], encoding="utf-8")
        return target
    monkeypatch.setattr(assets, "path", broken)


def seats_for(spec) -> list[Seat]:
    return [Seat(f"Bot {i}", BOT, "easy", i) for i in range(spec.min_players)]


@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_with_its_maps_whole_no_game_falls_back_to_plain_paper(spec):
    """The other side of the fallback: the maps as shipped load and draw (a picture the scene
    cannot read, say an indexed one it cannot scale, would otherwise pass unseen as plain paper)."""
    app = make_app()
    app.push(MenuScene(app))
    scene = open_game(app, Session(spec, seats_for(spec), {}, 3))
    frames(app)
    assert scene.map_problem == "" and not scene.status_warning, scene.status_note
    assert app.errors == []


@pytest.mark.parametrize("damage", ["missing", "truncated"])
@pytest.mark.parametrize("spec", playable_games(), ids=lambda s: s.id)
def test_without_its_picture_a_game_goes_on_over_plain_paper(spec, damage, tmp_path, monkeypatch):
    spec.make(spec.min_players, 1)            # the rules have read their network already
    break_maps(monkeypatch, tmp_path, damage)
    app = make_app()
    app.push(MenuScene(app))
    scene = open_game(app, Session(spec, seats_for(spec), {}, 3, autosave_path=paths.autosave_path()))
    # (a game with several boards names the one in play: rallyman-hairpin-oval.tmx)
    assert f"The map {spec.id}" in scene.status_note and ".tmx is" in scene.status_note
    assert scene.status_warning   # before any move
    frames(app)
    assert "plain board" in scene.map_problem
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), timeout=240)
    assert app.errors == []


@pytest.mark.parametrize("damage", ["missing", "truncated"])
@pytest.mark.parametrize("game", sorted(NETWORK_CACHES))
def test_rules_without_their_map_say_so_and_lose_nothing(game, damage, tmp_path, monkeypatch):
    spec = get(game)
    saved = Session(spec, seats_for(spec), {}, 3).to_save()     # made while the map was whole
    break_maps(monkeypatch, tmp_path, damage)
    NETWORK_CACHES[game].cache_clear()
    try:
        app = make_app()
        app.push(MenuScene(app))
        setup = app.push(SetupScene(app, spec))
        frames(app)
        setup.start_game()
        frames(app)
        assert app.top is setup
        assert f"The map {game}.tmx is" in setup.message and "Reinstalling Journeys" in setup.message
        with pytest.raises(SaveError, match="cannot start its game: The map"):
            Session.from_save(saved)
        assert app.errors == []
    finally:
        monkeypatch.undo()
        NETWORK_CACHES[game].cache_clear()
