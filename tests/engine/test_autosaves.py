"""Saves and autosaves that never lose a game and never stop the app: damaged files of every
kind give a SaveError, each game has its own autosave, a damaged or newer autosave is never
overwritten, an autosave's failure is kept for the screen, an action's autosave is on disk
before the next action is applied, half-written files are cleaned up, and a malformed
statistics file is set aside."""
from __future__ import annotations

import json
import os
import threading
import time

import pytest

from game.core import autosaves, paths, saves, stats
from game.core.registry import get
from game.core.saves import SAVE_VERSION, SaveError, read_save, write_json_atomic
from game.core.session import Seat, Session
from game.scenes.savelist import list_saves, read_row


def new_session(autosave_path=None, seed=11):
    return Session(get("ubike"), [Seat("Ann"), Seat("Bo")], {}, seed, autosave_path=autosave_path)


def good_save(moves=2):
    session = new_session()
    for _ in range(moves):
        session.apply(session.state.legal_actions()[0], autosave=False)
    return session.to_save()


def write_raw(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---- damaged files give a SaveError, whatever is wrong ---------------------------------------
def damaged_texts():
    good = good_save()
    yield "nested", "[" * 6000 + "]" * 6000                         # RecursionError in json
    yield "nested-in-save", json.dumps({**good, "options": {}})[:-1] + ',"x":' + "[" * 6000 + "]" * 6000 + "}"
    yield "list-for-game", json.dumps({**good, "game": ["ubike"]})   # TypeError: unhashable
    yield "huge-number", json.dumps({**good, "seed": 1234567}).replace("1234567", "7" * 5000)
    yield "huge-version", json.dumps({**good, "version": int("9" * 4000)})
    yield "seat-name-list", json.dumps({**good, "seats": [{"name": ["Ann"]}, {"name": "Bo"}]})
    yield "seat-level", json.dumps({**good, "seats": [{"name": "Ann", "kind": "bot", "level": 3},
                                                        {"name": "Bo"}]})
    yield "seat-colour", json.dumps({**good, "seats": [{"name": "Ann", "colour": "red"}, {"name": "Bo"}]})
    yield "seat-not-dict", json.dumps({**good, "seats": ["Ann", "Bo"]})
    yield "no-seats", json.dumps({**good, "seats": []})
    yield "option-table", json.dumps({**good, "options": {"variant": {"a": 1}}})
    yield "option-list-of-tables", json.dumps({**good, "options": {"variant": [{"a": 1}, True]}})
    yield "option-list-too-long", json.dumps({**good, "options": {"variant": [False] * 9}})
    yield "action-number", json.dumps({**good, "actions": [5]})
    yield "name-list", json.dumps({**good, "name": ["a"]})
    yield "over-string", json.dumps({**good, "over": "yes"})
    yield "seed-negative", json.dumps({**good, "seed": -1})
    yield "seed-float", json.dumps({**good, "seed": 1.5})
    yield "cut-short", json.dumps(good)[:200]
    yield "not-text", "\udcff"


@pytest.mark.parametrize("label,text", list(damaged_texts()), ids=[k for k, _ in damaged_texts()])
def test_a_damaged_save_gives_a_clear_save_error_everywhere(tmp_path, label, text):
    path = tmp_path / f"{label}.json"
    if label == "not-text":
        path.write_bytes(b"\xff\xfe\x00garbage")
    else:
        write_raw(path, text)
    with pytest.raises(SaveError) as caught:
        read_save(path, known_games={"ubike"})
    message = str(caught.value)
    assert path.name in message and len(message) < 400
    with pytest.raises(SaveError):
        Session.load(path)
    row = read_row(path)
    assert not row.ok and row.reason


def test_a_move_that_does_not_decode_is_a_save_error(tmp_path):
    for bad in ({"kind": "NoSuchMove"}, {"kind": ["Search"]}, {"kind": "Schedule", "row": "x" * 9}, {}):
        path = write_raw(tmp_path / "moves.json", json.dumps({**good_save(), "actions": [bad]}))
        with pytest.raises(SaveError, match="damaged at move 1"):
            Session.load(path)


def test_a_file_far_too_large_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 10_000)
    path = write_raw(tmp_path / "big.json", json.dumps({**good_save(), "name": "x" * 20_000}))
    with pytest.raises(SaveError, match="too large"):
        read_save(path)


def test_names_are_bounded_when_read(tmp_path):
    long_word = "N" * 200_000
    data = {**good_save(), "name": long_word, "title": long_word,
            "seats": [{"name": long_word}, {"name": "Bo"}]}
    path = write_raw(tmp_path / "long.json", json.dumps(data))
    read = read_save(path)
    assert len(read["name"]) <= saves.MAX_NAME_CHARS and len(read["title"]) <= saves.MAX_NAME_CHARS
    assert len(read["seats"][0]["name"]) <= saves.MAX_SEAT_NAME_CHARS
    assert len(Session.load(path).name) <= saves.MAX_NAME_CHARS
    row = read_row(path)
    assert row.ok and len(row.label) <= 80 and all(len(n) <= 40 for n in row.seat_names)


def test_a_long_file_name_is_bounded_in_its_row(tmp_path):
    path = write_raw(tmp_path / ("W" * 240 + ".json"), "{")
    row = read_row(path)
    assert not row.ok and len(row.label) <= 80 and len(row.error) < 400


# ---- writing --------------------------------------------------------------------------------
def test_the_folder_is_flushed_after_the_rename(tmp_path, monkeypatch):
    assert saves.FOLDER_FSYNC == (os.name != "nt")
    flushed = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: flushed.append(os.path.isdir(f"/proc/self/fd/{fd}")
                                                               ) or real_fsync(fd))
    write_json_atomic(tmp_path / "a.json", {"x": 1})
    assert flushed == [False, True], "the file, then its folder"
    flushed.clear()
    monkeypatch.setattr(saves, "FOLDER_FSYNC", False)     # Windows cannot open a folder for fsync
    write_json_atomic(tmp_path / "a.json", {"x": 2})
    assert flushed == [False]
    assert json.loads((tmp_path / "a.json").read_text()) == {"x": 2}


def test_stale_temporary_files_are_removed_and_fresh_ones_kept(tmp_path):
    old = write_raw(tmp_path / ".autosave.json.abc123.tmp", "{")
    fresh = write_raw(tmp_path / ".x.json.def456.tmp", "{")
    keep = write_raw(tmp_path / "real.json", "{}")
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    os.utime(keep, (hour_ago, hour_ago))
    assert saves.remove_temp_files(tmp_path) == [old]
    assert not old.exists() and fresh.exists() and keep.exists()


def test_tidy_cleans_every_folder_and_keeps_only_the_newest_finished_autosaves():
    hour_ago = time.time() - 3600
    leftovers = [write_raw(folder / ".autosave.json.zz.tmp", "{")
                 for folder in (paths.data_dir(), paths.saves_dir(), paths.autosaves_dir())]
    for path in leftovers:
        os.utime(path, (hour_ago, hour_ago))
    finished = []
    for k in range(autosaves.FINISHED_KEPT + 3):
        path = write_raw(paths.autosaves_dir() / f"f{k:02d}.json", json.dumps({**good_save(), "over": True}))
        os.utime(path, (hour_ago + k, hour_ago + k))
        finished.append(path)
    unfinished = write_raw(paths.autosaves_dir() / "old-unfinished.json", json.dumps(good_save()))
    os.utime(unfinished, (hour_ago - 100, hour_ago - 100))
    autosaves.tidy(force=True)
    assert not any(p.exists() for p in leftovers)
    assert [p.exists() for p in finished] == [False] * 3 + [True] * autosaves.FINISHED_KEPT
    assert unfinished.exists()


def test_tidy_removes_only_finished_games_it_can_read():
    """Beyond the newest finished autosaves, a newer Journeys' finished game and a damaged file
    that says "over" are kept: only what this Journeys reads as a finished game goes."""
    hour_ago = time.time() - 3600
    newer = write_raw(paths.autosaves_dir() / "newer.json",
                      json.dumps({**good_save(), "over": True, "version": SAVE_VERSION + 1}))
    damaged = write_raw(paths.autosaves_dir() / "damaged.json", '{"over": true, "format": "journeys-save"')
    odd = write_raw(paths.autosaves_dir() / "odd.json", json.dumps({**good_save(), "over": True, "seats": 3}))
    for k, path in enumerate((newer, damaged, odd)):
        os.utime(path, (hour_ago - 100 - k, hour_ago - 100 - k))   # the oldest of all
    readable = []
    for k in range(autosaves.FINISHED_KEPT + 2):
        path = write_raw(paths.autosaves_dir() / f"f{k:02d}.json", json.dumps({**good_save(), "over": True}))
        os.utime(path, (hour_ago + k, hour_ago + k))
        readable.append(path)
    autosaves.tidy(force=True)
    assert newer.exists() and damaged.exists() and odd.exists()
    assert [p.exists() for p in readable] == [False] * 2 + [True] * autosaves.FINISHED_KEPT


# ---- where a game stands, for the load screen --------------------------------------------------
def test_a_save_says_whose_turn_it_is_and_a_finished_games_scores_and_winners():
    from game.core.rng import Rng
    session = new_session()
    data = session.to_save()
    assert data["turn"] == session.state.current_player and "scores" not in data
    rng = Rng(3)
    while not session.state.is_over:
        legal = session.state.legal_actions()
        session.apply(legal[rng.below(len(legal))], autosave=False)
    data = session.to_save()
    assert "turn" not in data
    assert (data["scores"], data["winners"]) == (session.state.scores(), session.state.winners())
    loaded = Session.from_save(json.loads(json.dumps({**data, "scores": [0, 0], "winners": [1]})))
    assert loaded.state.scores() == session.state.scores(), "loading replays; it never reads the summary"


# ---- one autosave per game, never overwriting one it cannot read -----------------------------
def test_every_new_game_gets_its_own_autosave():
    first, second = autosaves.new_path("ubike"), autosaves.new_path("ubike")
    assert first != second and first.parent == paths.autosaves_dir()
    a, b = new_session(first, seed=1), new_session(second, seed=2)
    for session in (a, b):
        session.apply(session.state.legal_actions()[0])
    assert Session.load(first).seed == 1 and Session.load(second).seed == 2
    assert set(autosaves.files()) == {first, second}


@pytest.mark.parametrize("content", [
    lambda: json.dumps({**good_save(), "version": SAVE_VERSION + 1}),
    lambda: '{"format": "journeys-save", "version": 1, "game": "ubike", "se',
])
def test_a_newer_or_damaged_autosave_is_never_overwritten(content):
    path = write_raw(paths.autosaves_dir() / "theirs.json", content())
    before = path.read_bytes()
    session = new_session(path)
    session.apply(session.state.legal_actions()[0])
    assert path.read_bytes() == before
    assert session.autosave_path != path and session.autosave_path.parent == paths.autosaves_dir()
    assert len(Session.load(session.autosave_path).actions) == 1


def test_continuing_an_autosave_goes_on_writing_it():
    path = autosaves.new_path("ubike")
    session = new_session(path)
    session.apply(session.state.legal_actions()[0])
    again = Session.load(path, autosave_path=path)
    again.apply(again.state.legal_actions()[0])
    assert again.autosave_path == path and len(Session.load(path).actions) == 2


# ---- autosave failures are kept, retried and cleared -----------------------------------------
@pytest.mark.parametrize("background", [False, True])
def test_a_failing_autosave_is_reported_then_cleared_when_it_works_again(tmp_path, background):
    blocker = write_raw(tmp_path / "blocked", "a file where the folder should be")
    session = new_session(blocker / "game.json")
    session.autosave_in_background = background
    session.apply(session.state.legal_actions()[0])
    session.wait_for_autosave()
    assert session.autosave_problem and not session.autosave_ok
    session.apply(session.state.legal_actions()[0])   # tried again: still failing
    session.wait_for_autosave()
    assert session.autosave_problem
    blocker.unlink()                                     # the folder can be made now
    session.apply(session.state.legal_actions()[0])
    session.wait_for_autosave()
    assert session.autosave_ok and session.autosave_problem is None
    assert len(Session.load(blocker / "game.json").actions) == 3


def test_a_full_disk_is_reported_in_words(tmp_path, monkeypatch):
    def full(fd):
        raise OSError(28, "No space left on device")
    session = new_session(tmp_path / "game.json")
    monkeypatch.setattr(os, "fsync", full)
    session.apply(session.state.legal_actions()[0])
    assert session.autosave_problem == "No space left on device"
    assert not list(tmp_path.glob(".*.tmp")), "the half-written file is removed"


# ---- a kill loses at most the action being shown ---------------------------------------------
def test_an_actions_autosave_is_on_disk_before_the_next_action_is_applied(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    order: list[str] = []
    real_write = saves.write_json_atomic

    def slow_write(target, data):
        time.sleep(0.05)           # a slow disk: the next action comes before the write ends
        real_write(target, data)
        order.append(f"saved {len(data['actions'])}")
    monkeypatch.setattr(saves, "write_json_atomic", slow_write)
    session = new_session(path)
    session.autosave_in_background = True
    real_apply = session.state.__class__.apply

    def apply(state, action):
        order.append(f"apply {len(session.actions) + 1}")
        return real_apply(state, action)
    monkeypatch.setattr(session.state.__class__, "apply", apply)
    for _ in range(4):
        session.apply(session.state.legal_actions()[0])
    session.flush()
    assert order == ["apply 1", "saved 1", "apply 2", "saved 2", "apply 3", "saved 3", "apply 4", "saved 4"]


def test_the_writer_reports_each_write_and_keeps_the_newest_data(tmp_path):
    writer = saves.BackgroundWriter()
    seen = []
    gate = threading.Event()
    done = threading.Event()
    writer.write(tmp_path / "gate.json", {"n": 0}, lambda p: gate.wait(5))
    for n in range(1, 4):
        writer.write(tmp_path / "a.json", {"n": n}, lambda p, n=n: seen.append((n, p)))
    writer.write(tmp_path / "a.json", None, lambda p: done.set())   # None removes the file
    gate.set()
    assert writer.flush() and done.is_set()
    assert seen == [] and not (tmp_path / "a.json").exists(), "only the newest request is carried out"
    writer.write(tmp_path / "a.json", {"n": 5}, lambda p: seen.append((5, p)))
    assert writer.wait(tmp_path / "a.json")
    assert seen == [(5, None)] and json.loads((tmp_path / "a.json").read_text()) == {"n": 5}


# ---- statistics ------------------------------------------------------------------------------
@pytest.mark.parametrize("content", ["[1, 2, 3]", '{"version": 1, "games": 5}',
                                     '{"version": 1, "games": {"ubike": 7}}',
                                     '{"version": 1, "games": {"ubike": {"played": 1, "by_kind": [], "best": []}}}',
                                     '{"version": 1, "games": {"ubike": {"played": "x", "by_kind": {}, "best": []}}}',
                                     "[" * 5000 + "]" * 5000, '{"games": {}, "n": ' + "1" * 5000 + "}",
                                     '{"version": 1, "gam'])
def test_a_malformed_statistics_file_is_set_aside_and_the_game_counted(content):
    stats.take_notice()
    write_raw(paths.stats_path(), content)
    data = stats.record_game("ubike", [Seat("Ann"), Seat("Bo")], [3, 5], [1])
    assert data["games"]["ubike"]["played"] == 1
    aside = list(paths.data_dir().glob("statistics.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == content
    notice = stats.take_notice()
    assert "set aside as statistics.json.damaged-" in notice and stats.take_notice() == ""
    assert stats.load()["games"]["ubike"]["played"] == 1


def test_good_statistics_are_kept():
    stats.record_game("ubike", [Seat("Ann"), Seat("Bo")], [3, 5], [1])
    stats.record_game("ubike", [Seat("Ann"), Seat("Bo")], [6, 5], [0])
    assert stats.load()["games"]["ubike"]["played"] == 2 and stats.take_notice() == ""


# ---- the list of saves -----------------------------------------------------------------------
def test_the_old_single_autosave_is_listed_with_the_others():
    legacy = write_raw(paths.autosave_path(), json.dumps(good_save(3)))
    mine = autosaves.new_path("ubike")
    session = new_session(mine)
    session.apply(session.state.legal_actions()[0])
    rows = [r for r in list_saves() if r.is_autosave]
    assert {r.path for r in rows} == {legacy, mine} and all(r.can_continue for r in rows)


def test_a_kill_loses_at_most_the_action_being_shown(tmp_path):
    """A child plays with background autosaves and says after each action how many it has
    applied; killed at any moment, its autosave holds all of them but perhaps the last."""
    import subprocess
    import sys
    import textwrap
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = tmp_path / "game.json"
    script = textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {root!r})
        from pathlib import Path
        from game.core.registry import get
        from game.core.session import Seat, Session
        from game.core.rng import Rng
        s = Session(get("tokaido"), [Seat("A"), Seat("B"), Seat("C")], {{}}, 3,
                    autosave_path=Path({str(path)!r}))
        s.autosave_in_background = True
        rng = Rng(1)
        while not s.state.is_over:
            legal = s.state.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            print(len(s.actions), flush=True)
            time.sleep(0.002)   # the next action comes while the last one is being written
    """)
    for attempt in range(5):
        path.unlink(missing_ok=True)
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
        said = 0
        for _ in range(10 + 7 * attempt):
            line = proc.stdout.readline()
            if not line:
                break
            said = int(line)
        proc.kill()
        proc.wait()
        assert said > 0
        assert len(Session.load(path).actions) >= said - 1
