"""The parts of `--bench` that decide what is measured (the figures themselves are never
asserted: timings depend on the machine)."""
from __future__ import annotations

import argparse
import sys

import pytest

from game.tools import bench

from uihelpers import make_app


def test_the_frames_timed_include_those_that_apply_a_move():
    app = make_app((1280, 720), animation_speed="fast", bot_pace="off")
    app.push(app.scene("menu"))
    times, move_times = bench.play_frames(app, "ubike", 60)
    assert len(times) == 60
    assert move_times, "no frame that applied a move was timed"
    assert len(move_times) < len(times)
    bench_runner_closed()


def bench_runner_closed() -> None:
    from game.core.ai.worker import close_shared_runner
    close_shared_runner()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_memory_is_read_for_a_process():
    import os
    assert bench.rss_mb() > 10
    assert bench.rss_mb(os.getppid()) is not None
    assert bench.rss_mb(2 ** 22 + 12345) is None   # no such process


def test_sizes_and_percentiles():
    assert bench._size(argparse.Namespace(size="1920x1080")) == (1920, 1080)
    assert bench._size(argparse.Namespace(size="nonsense")) == bench.BENCH_WINDOW
    assert bench.percentile([5, 1, 3, 2, 4], 50) == 3
    assert bench.percentile([], 99) == 0.0
