"""The packaged app's entry point (PyInstaller): the same as `python -m game`.

The `__main__` guard matters: bots think in a spawned worker process, which starts this
executable again; `game.cli.main()` calls `multiprocessing.freeze_support()` first, so the
child runs the worker and never opens a window.
"""
from game.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
