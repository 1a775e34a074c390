"""Caches of pygame objects (fonts, rendered text, icons, card faces) must not outlive
`pygame.quit()`: the app clears them all whenever it starts. Every cache is bounded
(`lru_cache(maxsize=...)`), and `release_memory` empties them when a game closes, so a session
that plays every game in turn holds no more than one game's pictures."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

_CACHES: list[Callable[[], Any]] = []


def cached(function: Any) -> Any:
    """Register an `lru_cache`d function so that `clear_all` empties it; returns it."""
    _CACHES.append(function.cache_clear)
    return function


def clear_all() -> None:
    for clear in _CACHES:
        clear()


def release_memory() -> None:
    """Empty every cache, collect the garbage, and hand the freed memory back to the system
    (glibc's allocator keeps freed memory for the process otherwise: a closed game's surfaces
    would go on counting against the app)."""
    from game.core.memory import let_go
    from game.ui import icons
    clear_all()
    icons.clear_cache()
    let_go()
