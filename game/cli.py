"""The command line (game/DESIGN.md, "Command line").

    python -m game                      open the window at the main menu
    python -m game --list               the game ids
    python -m game --demo ID            bots play a whole game headless; one JSON line
    python -m game --screenshot FILE --game ID [--after K]
    python -m game --load FILE          resume a saved game
    python -m game --smoke-test         load everything, draw every scene, play short bot games
    python -m game --bench              the performance report, as JSON
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING
from collections.abc import Sequence

if TYPE_CHECKING:
    import argparse


def _headless() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _guard_streams() -> None:
    """A windowed build on Windows has no stdout/stderr: what a library prints there would
    raise. Send it nowhere; the app's own messages go to its log (game/log.py)."""
    if sys.stdout is None or sys.stderr is None:
        sink = open(os.devnull, "w", encoding="utf-8")
        sys.stdout = sys.stdout or sink
        sys.stderr = sys.stderr or sink


def build_parser() -> argparse.ArgumentParser:
    import argparse
    p = argparse.ArgumentParser(prog="journeys", description="Journeys: six travel board games.")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--list", action="store_true", help="print the game ids")
    mode.add_argument("--demo", metavar="ID", help="bots play every seat to the end, headless")
    mode.add_argument("--screenshot", metavar="FILE", type=Path, help="render a scene to a PNG")
    mode.add_argument("--load", metavar="FILE", type=Path, help="resume a saved game")
    mode.add_argument("--smoke-test", action="store_true", help="check every game and scene")
    mode.add_argument("--bench", action="store_true", help="print the performance report")
    p.add_argument("--game", metavar="ID", help="game for --screenshot")
    p.add_argument("--scene", default="game",
                   choices=("menu", "setup", "game", "results", "rules", "settings", "stats", "load"),
                   help="scene for --screenshot (default: game)")
    p.add_argument("--players", type=int, help="number of seats")
    p.add_argument("--seed", type=int, default=1, help="game number")
    p.add_argument("--after", type=int, default=0, help="bot actions before the screenshot")
    p.add_argument("--level", default="normal", help="bot level for --demo and --screenshot")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--size", default="1920x1080", help="window size for --screenshot (and a bench child)")
    p.add_argument("--headless", action="store_true", help="use SDL's dummy video and audio")
    p.add_argument("--quick", action="store_true", help="a shorter --bench")
    p.add_argument("--bench-child", help=argparse.SUPPRESS)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    if getattr(sys, "frozen", False):
        # a frozen build's bot worker starts as this program: hand it over to the worker
        # (multiprocessing is imported only here, not before the first frame of a start)
        import multiprocessing
        multiprocessing.freeze_support()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if not (sys.argv[1:] if argv is None else argv):
        # a plain start (a double-click): straight to the window, without reading argparse
        _guard_streams()
        from game.app import start
        return start()
    args = build_parser().parse_args(argv)
    # (a bench child opens a real window where it can: its parent chose the video driver)
    if args.headless or args.demo or args.screenshot or args.smoke_test or args.bench:
        _headless()
    _guard_streams()
    if args.list:
        return cmd_list()
    if args.demo:
        return cmd_demo(args)
    if args.screenshot:
        from game.tools import screenshot
        return screenshot.run(args)
    if args.smoke_test:
        from game.tools import smoke
        return smoke.run()
    if args.bench or args.bench_child:
        from game.tools import bench
        return bench.run(args)
    from game.app import start
    return start(load=args.load)


def cmd_list() -> int:
    from game.core.registry import load_games
    for spec in load_games().values():
        status = f"{spec.min_players}-{spec.max_players} players" if spec.available else "coming"
        print(f"{spec.id:<12} {spec.title} ({status})")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from game.core.ai.arena import play_game
    from game.core.registry import get
    try:
        spec = get(args.demo)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    if not spec.available:
        print(f"{spec.title} is not built yet", file=sys.stderr)
        return 2
    players = args.players or spec.min_players
    try:
        from game.tools.demo_session import parse_options
        result = play_game(spec, [args.level] * players, args.seed, parse_options(args.option))
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    print(json.dumps({k: result[k] for k in ("game", "seed", "players", "scores", "winners", "actions")}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
