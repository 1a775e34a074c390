"""A keyed overlay: pictures drawn over the board every frame (targets to click, a piece in
hand), redrawn on the screen only where they were or are when what they show changes.

The scene gives a `key` (what the overlay shows, hashable) and the `rects` it covers for a
key; `dirty()` returns the areas to redraw this frame: nothing while the key stays the same.

A rectangle may come with what is drawn in it, as `(rect, part)`: then only the parts that
came, went or changed are redrawn, not every rectangle of the overlay (a plan that grows by
one space redraws that space and its neighbour, not the whole path and every car). A bare
rectangle stands for the whole key: it is redrawn whenever the key changes.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

Item = pygame.Rect | tuple[pygame.Rect, Hashable]


class KeyedOverlay:
    def __init__(self, key: Callable[[], Hashable],
                 rects: Callable[[Hashable], list[Item]]) -> None:
        self._key = key
        self._rects = rects
        self._last_key: Hashable = object()
        self._last_items: set[tuple[tuple[int, ...], Hashable]] = set()
        self._redraw_all = True
        self._changes = 0

    def dirty(self) -> list[pygame.Rect]:
        """Where to redraw: the areas of the parts that came, went or changed since the last
        frame (all of the old and new areas for bare rectangles), else nothing."""
        key = self._key()
        if key == self._last_key:
            return []
        self._changes += 1   # bare rectangles belong to this change only (keys need not hash)
        items = set()
        for item in self._rects(key):
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], pygame.Rect):
                rect, part = item
            else:
                rect, part = pygame.Rect(item), ("whole", self._changes)
            items.add((tuple(rect), part))
        changed = (self._last_items | items) if self._redraw_all else (self._last_items ^ items)
        self._last_key, self._last_items, self._redraw_all = key, items, False
        return [pygame.Rect(r) for r in {r for r, _ in changed}]

    def forget(self) -> None:
        """Force a redraw on the next frame (after the board itself was redrawn)."""
        self._last_key = object()
        self._redraw_all = True
