"""The packaged app's entry point (PyInstaller): the same as `python -m game`.

The `__main__` guard matters: bots think in a spawned worker process, which starts this
executable again; `game.cli.main()` calls `multiprocessing.freeze_support()` first in a
frozen build, so the child runs the worker and never opens a window.

The windowed builds (Windows, macOS) may start with no stdout and stderr at all (None), in
the worker too; the streams are pointed at the null device before anything runs, the worker
included, so a print never crashes the app; what the app has to say goes to journeys.log in
the user's data folder through `logging` (game/log.py).
"""
from game.cli import _guard_streams, main

if __name__ == "__main__":
    _guard_streams()
    raise SystemExit(main())
