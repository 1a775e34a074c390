"""Caches of pygame objects (fonts, rendered text, icons, card faces) must not outlive
`pygame.quit()`: the app clears them all whenever it starts."""
from __future__ import annotations

from typing import Any, Callable

_CACHES: list[Callable[[], Any]] = []


def cached(function: Any) -> Any:
    """Register an `lru_cache`d function so that `clear_all` empties it; returns it."""
    _CACHES.append(function.cache_clear)
    return function


def clear_all() -> None:
    for clear in _CACHES:
        clear()
