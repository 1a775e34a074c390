"""The app collects Python's cyclic garbage after cheap frames, the oldest generation only when
nothing moves or when long overdue, and gives CPython its thresholds back when it stops."""
from __future__ import annotations

import gc

import pytest

from game import garbage
from game.garbage import GarbagePolicy


@pytest.fixture
def policy():
    p = GarbagePolicy()
    before = gc.get_threshold()
    p.start()
    yield p
    p.release()
    assert gc.get_threshold() == before
    gc.unfreeze()


def _make_young(n: int) -> list:
    return [[i] for i in range(n)]   # containers: each counts towards the young generation


def test_nothing_is_collected_before_it_is_due_or_by_a_policy_not_started():
    idle = GarbagePolicy()
    gc.collect()
    keep = _make_young(2 * garbage.YOUNG_DUE)
    assert idle.after_frame(0.001) is None          # not started: CPython's own rules apply
    p = GarbagePolicy()
    p.start()
    try:
        gc.collect()
        assert p.after_frame(0.001) is None         # nothing due yet
        assert gc.get_threshold()[0] == garbage.AUTO_BACKSTOP
    finally:
        p.release()
    del keep


def test_due_garbage_waits_for_a_cheap_frame(policy):
    gc.collect()
    keep = _make_young(garbage.YOUNG_DUE + 100)
    assert policy.after_frame(garbage.SPARE_AFTER_S * 3) is None   # a dear frame: later
    assert policy.after_frame(0.001) == 0                          # a cheap one: now
    assert gc.get_count()[0] < garbage.YOUNG_DUE
    del keep


def test_the_middle_generation_follows_every_tenth_young_collection(policy):
    gc.collect()
    keep = []
    generations = []
    for _ in range(garbage.NEXT_DUE + 1):
        keep.append(_make_young(garbage.YOUNG_DUE + 10))
        generations.append(policy.after_frame(0.001))
    assert generations.count(1) == 1 and 2 not in generations


def test_the_oldest_generation_waits_for_an_idle_screen_unless_long_overdue(policy):
    gc.collect()
    keep = []
    busy = []
    while gc.get_count()[2] < garbage.NEXT_DUE:   # the oldest generation becomes due
        keep.append(_make_young(garbage.YOUNG_DUE + 10))
        busy.append(policy.after_frame(0.001))
    assert 2 not in busy
    assert policy.after_frame(0.001, idle=True) == 2   # a person thinking: now is the time
    gc.collect()
    keep.clear()
    collected = []
    for _ in range(2 * garbage.OLD_OVERDUE * garbage.NEXT_DUE * (garbage.NEXT_DUE + 1)):
        keep.append(_make_young(garbage.YOUNG_DUE + 10))
        collected.append(policy.after_frame(0.001))
        if collected[-1] == 2:
            break
    assert collected[-1] == 2          # bots that never rest: still collected, once overdue
    assert collected.count(1) >= garbage.OLD_OVERDUE * garbage.NEXT_DUE - 1


def test_a_table_settles_what_lives_and_gives_it_back_when_it_closes(policy):
    policy.settle()
    assert gc.get_freeze_count() > 0
    policy.unsettle()
    assert gc.get_freeze_count() == 0
