"""`--smoke-test`: load every game's maps and assets, draw frames of every scene, play a short
bot game of each playable game. Exit 0 when all is well; 1 with the reason otherwise.

It runs on the packaged app too, so it checks that the bundle holds everything."""
from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable


def check_assets() -> str:
    """Every file the app loads is in this installation and readable: the maps and their
    pictures, every rules file, sound, icon and the window's icon, the font."""
    from game import assets
    from game.core.registry import playable_games
    from game.ui import icons
    found = []
    for name in assets.FOLDERS:
        folder = assets.folder(name)
        found.append(f"{name}/ ({sum(1 for _ in folder.iterdir())} files)")
    maps = 0
    for spec in playable_games():           # each game's maps, read as the game reads them
        for name in spec.maps:
            tmx = assets.require("maps", name)
            for image in spec.pictures_of(tmx):
                if not image.is_file():
                    raise RuntimeError(f"{tmx.name}: missing picture {image.name}")
            maps += 1
        assets.rules_text(spec.rules_file)
    from game.ui.sound import effects
    for effect in effects():
        assets.require("sounds", f"{effect}.wav")
    for name in icons.icon_names():
        assets.require("sprites", f"{name}.svg")
    assets.require("sprites", "icon.png")   # the window's icon
    unreadable = icons.unreadable(icons.icon_names())
    if unreadable:   # in the app each would be drawn as a grey fallback glyph
        raise RuntimeError(f"icons that do not load: {unreadable}")
    assets.font_path().stat()
    assets.font_path(bold=True).stat()
    return ", ".join(found) + f"; {maps} maps"


def run() -> int:
    started = time.perf_counter()
    checks: list[tuple[str, Callable[[], str]]] = []
    from game.core.registry import load_games, playable_games

    def check_bot_games() -> str:
        from game.core.ai.arena import play_game
        if not playable_games():
            raise RuntimeError("no game was found in game/games")
        results = []
        for spec in playable_games():
            result = play_game(spec, ["easy"] * spec.min_players, seed=1)
            results.append(f"{spec.id}: {result['actions']} moves, scores {result['scores']}")
        return "; ".join(results)

    def check_scenes() -> str:
        from game.app import App
        from game.core.session import PERSON, Seat
        from game.settings import Settings
        from game.tools.demo_session import bot_session
        from game.table.frame import open_game
        app = App(headless=True, settings=Settings(muted=True, animation_speed="fast", bot_pace="off"),
                  window_size=(1280, 720))
        drawn = []

        def frames(label: str, count: int = 3) -> None:
            for _ in range(count):
                app.step(events=[], dt=1 / 60)
            if app.errors:
                raise RuntimeError(f"{label}: {app.errors[-1]}")
            drawn.append(label)
        app.push(app.scene("menu"))
        frames("menu")
        for label, make in (("settings", lambda: app.scene("settings")), ("statistics", lambda: app.scene("stats")),
                            ("load", lambda: app.scene("load")), ("rules", lambda: app.scene("rules"))):
            scene = app.push(make())
            frames(label)
            app.remove(scene)
        for spec in playable_games():
            setup = app.push(app.scene("setup", spec))
            frames(f"{spec.id} setup")
            app.remove(setup)
            session = bot_session(spec, spec.min_players, 2, 12, "easy")
            scene = open_game(app, session)
            frames(f"{spec.id} game", 20)
            app.push(app.scene("pause", scene))
            frames(f"{spec.id} pause")
            seats = [Seat("A", PERSON, colour=0), Seat("B", PERSON, colour=1)]
            from game.core.session import Session
            two = Session(spec, seats, {}, 3)
            open_game(app, two)
            frames(f"{spec.id} curtain")
            done = bot_session(spec, spec.min_players, 4, 0, "easy", results=True)
            results = app.push(app.scene("results", done))
            frames(f"{spec.id} results")
            replay = app.scene("replay", done.to_save(), source="The smoke test's game")
            frames(f"{spec.id} replay")
            replay.seek(replay.replay.total // 2)   # type: ignore[attr-defined]
            replay.step_forward()                    # type: ignore[attr-defined]
            frames(f"{spec.id} replay move", 10)
            for _ in range(len(done.seats) + 2):    # on to "View: everything" (every seat's holdings)
                replay.do_view()                     # type: ignore[attr-defined]
                if replay.replay_table.all_revealed:  # type: ignore[attr-defined]
                    break
            else:
                raise RuntimeError(f"{spec.id}: the replay's views never reached everything revealed")
            frames(f"{spec.id} replay of everything revealed", 4)
            app.remove(replay)
            if app.top is not results:
                raise RuntimeError(f"{spec.id}: closing the replay did not come back to the results")
            for variant in spec.lesson_files():   # each guided first game opens and points
                lesson = app.scene("lesson", spec, variant)
                frames(f"{spec.id} lesson{' ' + variant if variant else ''}", 6)
                if getattr(lesson, "lesson", None) is None:
                    raise RuntimeError(f"{spec.id}: the lesson {variant or 'plain'} did not start")
                session = lesson.session   # type: ignore[attr-defined]
                written, session.autosave_path = session.autosave_path, None   # leave no game behind
                session.flush()
                if written is not None:
                    written.unlink(missing_ok=True)
        app.shutdown()
        return ", ".join(drawn)

    checks = [("assets", check_assets), ("scenes", check_scenes), ("bot games", check_bot_games)]
    failed = False
    games = ", ".join(spec.id for spec in load_games().values() if spec.available)
    print(f"Journeys smoke test (playable: {games})")
    for name, check in checks:
        try:
            detail = check()
            print(f"  ok    {name}: {detail}")
        except Exception:  # report every failure, then exit 1
            failed = True
            print(f"  FAIL  {name}:\n{traceback.format_exc()}")
    print(f"{'FAILED' if failed else 'passed'} in {time.perf_counter() - started:.1f} s")
    sys.stdout.flush()
    return 1 if failed else 0
