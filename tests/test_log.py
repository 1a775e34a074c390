"""The app's log (game/log.py): one file in the data folder, started with the version, that
takes the errors the window catches with their trace, and never stops the app itself."""
from __future__ import annotations

import logging

import pytest

from game import __version__, log
from game.core import paths

from uihelpers import make_app


@pytest.fixture(autouse=True)
def fresh_log():
    log.stop()
    yield
    log.stop()


def test_the_log_starts_with_the_version_and_rotates(journeys_home):
    where = log.start()
    assert where == paths.data_dir() / "journeys.log"
    handler = next(h for h in logging.getLogger("journeys").handlers if isinstance(h, log.RotatingLog))
    assert handler.max_bytes == log.MAX_BYTES and handler.backups == log.BACKUPS
    logging.getLogger("game.core.session").warning("an autosave could not be written")
    handler.flush()
    text = where.read_text(encoding="utf-8")
    assert f"Journeys {__version__} starts" in text.splitlines()[0]
    assert "game.core.session: an autosave could not be written" in text


def test_a_full_log_moves_aside_and_keeps_its_last_backups(tmp_path):
    path = tmp_path / "journeys.log"
    handler = log.RotatingLog(path, max_bytes=200, backups=2)
    handler.setFormatter(logging.Formatter("%(message)s"))
    logger = logging.getLogger("journeys.test-rotation")
    logger.propagate = False
    logger.addHandler(handler)
    try:
        for i in range(40):
            logger.warning("line %02d of a long session %s", i, "." * 20)
    finally:
        logger.removeHandler(handler)
        handler.close()
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["journeys.log", "journeys.log.1", "journeys.log.2"]   # no third backup
    assert all(p.stat().st_size <= 200 for p in tmp_path.iterdir())
    newest, previous = path.read_text(), (tmp_path / "journeys.log.1").read_text()
    assert "line 39" in newest and "line 39" not in previous
    last_before = int(previous.strip().splitlines()[-1].split()[1])
    first_now = int(newest.splitlines()[0].split()[1])
    assert first_now == last_before + 1   # nothing lost between the files


def test_an_error_the_window_catches_is_logged_with_its_trace(journeys_home):
    where = log.start()
    app = make_app()

    def broken() -> None:
        raise RuntimeError("a scene went wrong")
    try:
        broken()
    except RuntimeError as exc:
        app.report_error(exc)
    for handler in logging.getLogger("journeys").handlers:
        handler.flush()
    text = where.read_text(encoding="utf-8")
    assert "RuntimeError: a scene went wrong" in text and "in broken" in text
    assert app.top.route == "error"


def test_a_log_that_cannot_be_written_is_no_log(journeys_home, monkeypatch):
    monkeypatch.setattr(log, "log_path", lambda: journeys_home / "missing" / "folder" / "journeys.log")
    assert log.start() is None
    logging.getLogger("journeys").error("nowhere to go, and no harm")
