"""Handing freed memory back to the system.

glibc's allocator keeps what a process freed for the process's own later use, so a closed
game's pictures, or a finished game's bots, would go on counting against the app. Both the
window (game/ui/caches.py) and the bot worker (core/ai/worker.py) trim after letting a game go."""
from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys


def trim_heap() -> None:
    """Give the allocator's free pages back to the system (glibc only; other systems'
    allocators give large blocks back by themselves)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):   # not glibc (musl has no malloc_trim)
        pass


def let_go() -> None:
    """Collect the garbage, then trim: after something large has been dropped."""
    gc.collect()
    trim_heap()
