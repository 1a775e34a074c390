"""The app's log: Python's `logging`, written to `journeys.log` in the user's data folder in
every build (a checkout, a wheel, each packaged app), rotated so that it stays small, and
headed by the version and the system at each start. Modules log under "journeys.<name>"
(`logging.getLogger(__name__)` gives "game.<name>", which the same file takes).

Unexpected errors the window catches, warnings and anything uncaught go there too, with their
trace. On a medium that cannot be written the log goes nowhere, and the app runs on."""
from __future__ import annotations

import logging
import logging.handlers
import platform
import sys
from pathlib import Path
from types import TracebackType

from game import __version__
from game.core import paths

LOG_FILE = "journeys.log"
MAX_BYTES = 512 * 1024
BACKUPS = 2          # journeys.log.1 and .2: the last starts' worth
LOGGERS = ("game", "journeys")

_handler: logging.Handler | None = None   # set while the log is started
_where: Path | None = None                 # its file (None: it could not be written)
_hooked = False                            # the excepthook is chained once a run


def log_path() -> Path:
    return paths.data_dir() / LOG_FILE


def start() -> Path | None:
    """Set up the log once a run; returns its file (None when it cannot be written)."""
    global _handler, _where
    if _handler is not None:
        return _where
    formatter = logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S")
    try:
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            log_path(), maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
        where: Path | None = log_path()
    except OSError:
        handler, where = logging.NullHandler(), None
    handler.setFormatter(formatter)
    _handler, _where = handler, where
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)
        logger.addHandler(handler)
        logger.propagate = False
    logging.captureWarnings(True)
    logging.getLogger("py.warnings").addHandler(handler)
    _chain_excepthook()
    import pygame
    logging.getLogger("journeys").info(
        "Journeys %s starts: Python %s, pygame-ce %s (SDL %s), %s %s", __version__, platform.python_version(),
        pygame.version.ver, ".".join(map(str, pygame.get_sdl_version())), platform.system(), platform.machine())
    return where


def stop() -> None:
    """Close the log (at exit, and between tests that start it in other folders)."""
    global _handler, _where
    if _handler is not None:
        for name in (*LOGGERS, "py.warnings"):
            logging.getLogger(name).removeHandler(_handler)
        _handler.close()
    _handler = _where = None


def _chain_excepthook() -> None:
    """Anything uncaught reaches the log before Python's own handler prints it."""
    global _hooked
    if _hooked:
        return
    _hooked = True
    before = sys.excepthook

    def hook(kind: type[BaseException], exc: BaseException, trace: TracebackType | None) -> None:
        logging.getLogger("journeys").critical("uncaught", exc_info=(kind, exc, trace))
        before(kind, exc, trace)
    sys.excepthook = hook


def error(message: str, exc: BaseException) -> None:
    """An unexpected error the app caught: the message and its whole trace."""
    logging.getLogger("journeys").error(message, exc_info=(type(exc), exc, exc.__traceback__))
