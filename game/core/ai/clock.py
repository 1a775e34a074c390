"""How long a bot may think.

A bot's budget is counted in its own CPU time (the thinking thread's), so a busy computer
slows the answer instead of emptying it: a search that shares its core with another program
still gets the same number of iterations, only later. A wall-clock ceiling bounds the wait a
player accepts: past `WALL_CEILING` times the budget the bot answers with the best it found.
Every bot's search is anytime: whichever limit comes first, it plays its best so far.
"""
from __future__ import annotations

import time

#: on a busy computer, a bot may take up to this many times its budget in real time
WALL_CEILING = 3.0

try:
    time.thread_time()
    _cpu = time.thread_time
except (AttributeError, OSError):          # a platform without per-thread CPU clocks
    _cpu = time.process_time


def cpu_seconds() -> float:
    """CPU time the calling thread has used so far."""
    return _cpu()


class Deadline:
    """`seconds` of the thinking thread's CPU time, or `WALL_CEILING` times that in real time,
    whichever ends first."""

    __slots__ = ("cpu_end", "wall_end")

    def __init__(self, seconds: float, ceiling: float = WALL_CEILING) -> None:
        self.cpu_end = _cpu() + seconds
        self.wall_end = time.perf_counter() + seconds * ceiling

    def passed(self) -> bool:
        return _cpu() > self.cpu_end or time.perf_counter() > self.wall_end
