"""A game is its folder: the registry finds a game package it was never told about, lists it in
the menu by its own `menu_order`, and the engine's generic checks play it."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = Path(__file__).resolve().parent / "plugins"


def run_with_the_toy(body: str) -> str:
    """Run `body` in a fresh interpreter where the toy's folder is one of game/games' (so the
    toy stays out of every other test's registry); its output."""
    code = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT / "tests")!r})   # uihelpers
        import game.games
        game.games.__path__.append({str(PLUGINS)!r})   # as if the folder sat in game/games/
    """) + textwrap.dedent(body)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_a_game_folder_alone_is_found_listed_and_played():
    out = run_with_the_toy("""
        from game.core.registry import game_packages, load_games
        from game.core import testing
        assert "toynim" in game_packages()
        games = load_games()
        spec = games["toy-nim"]
        testing.check_game(spec, 2, {}, seed=3, check_every=2)
        testing.check_game(spec, 3, {}, seed=4)
        print(" ".join(games))
    """)
    order = out.split()
    assert order == ["ubike", "staedtetour", "tokaido", "toy-nim", "ttr-iberia", "ttr-korea", "rallyman", "ubi"]



def test_the_toys_table_opens_in_the_app_takes_a_click_and_draws_it():
    """The folder's scene.py, on the table kit, is the game's table: the app opens it (headless),
    the chips of the legal takes glow, a click on one applies the take, and the window shows
    the smaller pile."""
    out = run_with_the_toy("""
        from game.core.session import PERSON, Seat
        from game.games.toynim import PILE, Take
        from game.games.toynim.scene import STONE, NimScene, chip_rect, stone_centre
        from uihelpers import click, open_table, settle, to_window

        app, scene, session = open_table([Seat("Ann", PERSON, colour=0), Seat("Ben", PERSON, colour=1)],
                                         game="toy-nim")
        settle(app)

        def stones_shown():
            def shown(i):
                pixel = app.window.get_at(to_window(app, stone_centre(i)))
                return max(abs(a - b) for a, b in zip(pixel[:3], STONE[:3])) <= 4
            return [shown(i) for i in range(PILE)]

        assert app.top is scene and isinstance(scene, NimScene) and scene.is_my_turn()
        assert set(scene.click_targets()) == {("take", 1), ("take", 2), ("take", 3)}
        assert stones_shown() == [True] * PILE
        click(app, (chip_rect(2).centerx, chip_rect(2).bottom + 40))   # beside the chips: nothing
        assert session.actions == [] and scene.status_note.startswith("Click a glowing chip")
        click(app, chip_rect(2).center)
        settle(app)
        assert session.actions == [Take(2)] and session.state.pile == PILE - 2
        assert stones_shown() == [True] * (PILE - 2) + [False] * 2
        assert scene.turn.seat == 1 and "Take 1, 2 or 3" in scene.prompt()
        print("table ok")
    """)
    assert out.split()[-2:] == ["table", "ok"]

def test_every_map_is_a_games_and_every_games_map_ships():
    """The smoke test reads each game's maps through the game's own spec, so no map is left
    unchecked and none is read by a special case."""
    from game import assets
    from game.core.registry import playable_games
    declared = {name for spec in playable_games() for name in spec.maps}
    shipped = {p.name for p in assets.folder("maps").glob("*.tmx")}
    assert declared == shipped
    for spec in playable_games():
        for name in spec.maps:
            pictures = spec.pictures_of(assets.require("maps", name))
            assert pictures and all(p.is_file() for p in pictures), name


def test_the_engine_supplies_what_follows_from_the_state_class():
    """A spec naming its state class gets `new`, `from_json` and, when nothing but the
    generator is hidden, the view as its own determinization."""
    from game.core.protocol import GameState
    from game.core.registry import GameSpec
    from game.core.state import ATOM, public, secret

    class Open(GameState):
        FIELDS = (public("pile", shape=ATOM),)

        @classmethod
        def new(cls, n, seed, options):
            return cls.started(n, seed, options)

    class Hiding(Open):
        FIELDS = (public("pile", shape=ATOM), secret("deck", shape=ATOM))

    spec = GameSpec(id="open", title="Open", min_players=2, max_players=2, state=Open)
    assert spec.new_state == Open.new and spec.load_state == Open.from_json
    assert spec.determinize == Open.sampled
    assert GameSpec(id="hiding", title="Hiding", min_players=2, max_players=2, state=Hiding).determinize is None
    from game.core.registry import get
    assert get("rallyman").determinize.__qualname__ == "GameState.sampled"   # a race hides nothing
    assert get("tokaido").determinize.__module__ == "game.games.tokaido.bot"  # its own dealing


def test_the_menu_lists_the_games_without_importing_their_rules():
    """Start-up: the registry reads every game's tile (title, players, blurb) from its package
    alone; its rules, bots and scene are imported when the game is first used."""
    code = textwrap.dedent("""
        import sys
        from game.core.registry import load_games
        games = load_games()
        assert len(games) >= 7 and all(spec.title and spec.max_players for spec in games.values())
        heavy = sorted(m for m in sys.modules if m.startswith("game.games.") and m.count(".") > 2)
        print(" ".join(heavy) or "none")
        games["tokaido"].options          # first use: now its rules come in
        print("game.games.tokaido.rules" in sys.modules)
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    first, second = out.stdout.splitlines()[:2]
    assert first == "none", f"imported at start: {first}"
    assert second == "True"
