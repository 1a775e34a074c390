"""A keyed overlay: pictures drawn over the board every frame (targets to click, a piece in
hand), redrawn on the screen only where they were or are when what they show changes.

The scene gives a `key` (what the overlay shows, hashable) and the `rects` it covers for a
key; `dirty()` returns the areas to redraw this frame: nothing while the key stays the same.
"""
from __future__ import annotations

from typing import Callable, Hashable

import pygame


class KeyedOverlay:
    def __init__(self, key: Callable[[], Hashable],
                 rects: Callable[[Hashable], list[pygame.Rect]]) -> None:
        self._key = key
        self._rects = rects
        self._last_key: Hashable = object()
        self._last_rects: list[pygame.Rect] = []

    def dirty(self) -> list[pygame.Rect]:
        """Where to redraw: the old and the new areas when the key changed, else nothing."""
        key = self._key()
        if key == self._last_key:
            return []
        new = self._rects(key)
        out = self._last_rects + new
        self._last_key, self._last_rects = key, new
        return out

    def forget(self) -> None:
        """Force a redraw on the next frame (after the board itself was redrawn)."""
        self._last_key = object()
