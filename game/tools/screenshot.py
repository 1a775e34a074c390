"""`--screenshot FILE --game ID [--after K]`: render a scene headless to a PNG."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pygame


def run(args: argparse.Namespace) -> int:
    from game.app import App
    from game.core.registry import get
    from game.settings import Settings

    width, _, height = args.size.partition("x")
    settings = Settings(window_size=(int(width), int(height)), animation_speed="off", muted=True)
    app = App(headless=True, settings=settings, window_size=settings.window_size)
    spec = None
    if args.game:
        try:
            spec = get(args.game)
        except KeyError as exc:
            print(exc.args[0], file=sys.stderr)
            return 2
    scene_name = args.scene if args.game or args.scene != "game" else "menu"
    menu = app.push(app.scene("menu"))
    if scene_name == "setup":
        app.push(app.scene("setup", spec or get("ubike")))
    elif scene_name in ("game", "results"):
        from game.tools.demo_session import bot_session, parse_options
        from game.table.frame import open_game
        if spec is None or not spec.available:
            print("--screenshot needs --game with a playable game id", file=sys.stderr)
            return 2
        session = bot_session(spec, args.players or spec.min_players, args.seed, args.after,
                              args.level, results=(scene_name == "results"),
                              options=parse_options(args.option))
        scene = open_game(app, session, bots_paused=True)
        if scene_name == "results":
            app.replace(app.scene("results", session))
    elif scene_name == "rules":
        app.push(app.scene("rules", spec.id if spec else None))
    elif scene_name == "settings":
        app.push(app.scene("settings"))
    elif scene_name == "stats":
        app.push(app.scene("stats"))
    elif scene_name == "load":
        app.push(app.scene("load"))
    del menu
    for _ in range(3):
        app.step(events=[], dt=1 / 60)
    app._need_full_present = True
    for scene in app.scenes:
        scene.invalidate()
    app.step(events=[], dt=1 / 60)
    out = Path(args.screenshot)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), str(out))   # what a player sees at --size
    if app.errors:
        print(app.errors[-1], file=sys.stderr)
        return 1
    print(f"saved {out}")
    return 0
