"""Motion: eased tweens on an injectable clock, scaled by the animation-speed setting.

Rules have no notion of time; only what is drawn moves. A speed of 0 means animations off:
everything jumps to its end at once.
"""
from __future__ import annotations

import dataclasses
from typing import Any
from collections.abc import Callable

import pygame

SPEEDS = {"off": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.6}


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_point(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclasses.dataclass
class Motion:
    """Something drawn along a path for a while: `draw(surface, t)` with t in 0..1 eased.

    `bounds(t)` gives the canvas rectangle it covers at t, so the frame knows what to redraw."""

    duration: float
    draw: Callable[[pygame.Surface, float], None]
    bounds: Callable[[float], pygame.Rect]
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    on_done: Callable[[], Any] | None = None
    hold: float = 0.0          # stay drawn at the end this long (what a bot just did)
    elapsed: float = 0.0

    @property
    def t(self) -> float:
        if self.duration <= 0:
            return 1.0
        raw = (self.elapsed - self.delay) / self.duration
        return self.ease(min(1.0, max(0.0, raw)))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration + self.hold


class Animator:
    """Runs motions; `speed` multiplies their durations (0 = off)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.motions: list[Motion] = []
        self._last_rects: list[pygame.Rect] = []

    def add(self, motion: Motion) -> Motion:
        if self.speed <= 0:
            motion.duration = 0.0
            motion.delay = 0.0
            motion.hold = 0.0
        else:
            motion.duration *= self.speed
            motion.delay *= self.speed
            motion.hold *= self.speed
        self.motions.append(motion)
        return motion

    @property
    def busy(self) -> bool:
        return bool(self.motions)

    def update(self, dt: float) -> None:
        finished = []
        for motion in self.motions:
            motion.elapsed += dt
            if motion.done:
                finished.append(motion)
        for motion in finished:
            self.motions.remove(motion)
            if motion.on_done:
                motion.on_done()

    def finish_all(self) -> None:
        while self.motions:
            motion = self.motions.pop(0)
            if motion.on_done:
                motion.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        for motion in self.motions:
            if motion.started:
                motion.draw(surface, motion.t)

    def dirty_rects(self) -> list[pygame.Rect]:
        """Where motions are now and where they were last frame."""
        now = [m.bounds(m.t).inflate(8, 8) for m in self.motions if m.started]
        rects = now + self._last_rects
        self._last_rects = now
        return rects
