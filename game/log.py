"""The app's log: Python's `logging`, written to `journeys.log` in the user's data folder in
every build (a checkout, a wheel, each packaged app), rotated so that it stays small, and
headed by the version and the system at each start. Modules log under "journeys.<name>"
(`logging.getLogger(__name__)` gives "game.<name>", which the same file takes).

Unexpected errors the window catches, warnings and anything uncaught go there too, with their
trace. On a medium that cannot be written the log goes nowhere, and the app runs on."""
from __future__ import annotations

import logging
import os
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


class RotatingLog(logging.FileHandler):
    """A log file that moves aside when it would pass `max_bytes`, keeping `backups` old ones
    (journeys.log.1 the newest). What logging.handlers' RotatingFileHandler does; that module
    brings sockets, pickle and queues with it, a tenth of the imports before the first frame."""

    def __init__(self, path: Path, max_bytes: int, backups: int) -> None:
        super().__init__(path, encoding="utf-8")   # OSError when it cannot be opened
        self.max_bytes = max_bytes
        self.backups = backups

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self.stream is not None and self.stream.tell() + len(self.format(record)) + 1 > self.max_bytes:
                self._rotate()
        except Exception:
            self.handleError(record)
            return
        super().emit(record)

    def _rotate(self) -> None:
        self.stream.close()
        self.stream = None   # type: ignore[assignment]   (FileHandler opens it again on emit)
        base = Path(self.baseFilename)
        for i in range(self.backups, 0, -1):
            older = base if i == 1 else base.with_name(f"{base.name}.{i - 1}")
            if older.exists():
                os.replace(older, base.with_name(f"{base.name}.{i}"))


def log_path() -> Path:
    return paths.data_dir() / LOG_FILE


def start() -> Path | None:
    """Set up the log once a run; returns its file (None when it cannot be written)."""
    global _handler, _where
    if _handler is not None:
        return _where
    formatter = logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S")
    try:
        handler: logging.Handler = RotatingLog(log_path(), MAX_BYTES, BACKUPS)
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
