"""The layered compositor: the table is drawn from cached pictures (layers), each re-rendered
only when its signature changes, a frame's re-rendering kept within a few milliseconds, and only
the band of rows that changed presented again."""
from __future__ import annotations

import time
from collections.abc import Callable, Hashable

import pygame

from game.ui import theme
from game.ui.anim import Animator
from game.ui.scene import Scene

# How far into a frame (from its start, the move it applied included) layers may still be
# re-rendered; the other changed layers wait for the next frame (16 ms later, unseen). With the
# drawing and presenting after it, this keeps a frame near 5 ms: measured in a real window at
# 1280x720, 1.5 ms brought UBike's frame p99 from 7.3 to 5.4 ms (CPU time), 1 ms no further.
FRAME_WORK_S = 0.0015


class Layer:
    """A cached picture of one part of the scene, redrawn only when its signature changes."""

    def __init__(self, rect: pygame.Rect, render: Callable[[pygame.Surface], None],
                 signature: Callable[[], Hashable], alpha: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.render = render
        self.signature = signature
        self.alpha = alpha
        self.surface: pygame.Surface | None = None
        self.last: Hashable = object()
        self.cost = 0.0   # seconds its last render took
        self.waited = 0   # frames it has waited to show a change
        self.pending = False   # it has a change not yet rendered
        #: the colour under it when no other layer lies under or over it: the picture is then
        #: kept flattened onto that colour, and an opaque blit costs a third of an alpha one
        self.backdrop: tuple[int, int, int] | None = None
        #: where on the canvas its last re-render changed the picture (the rows that differ)
        self.changed = pygame.Rect(self.rect)

    def refresh(self, allowed: bool = True) -> bool:
        """Re-render if the signature changed (and `allowed`, or never drawn yet); True when
        the picture changed. A layer not allowed now keeps its old picture one more frame, and
        `pending` says that it has a change to show."""
        sig = self.signature()
        self.pending = sig != self.last
        if self.surface is not None and (not self.pending or not allowed):
            return False
        surface = _new_surface(self.rect.size, self.alpha)
        started = time.perf_counter()
        self.render(surface)
        if self.alpha and self.backdrop is not None:
            flat = _new_surface(self.rect.size, False)
            flat.fill(self.backdrop)
            flat.blit(surface, (0, 0))
            surface = flat
        self.cost = time.perf_counter() - started
        self.changed = _changed_band(self.surface, surface, self.rect)
        self.surface = surface
        self.last = sig
        self.pending = False
        return True


#: rows compared at a time before the first (or last) differing row itself is looked for
BAND_BLOCK = 16


def _changed_band(old: pygame.Surface | None, new: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """The band of rows in which `new` differs from `old`, on the canvas (empty if none).

    A layer's signature changes with anything it shows, but often only a line of it changes
    (a die added to a plan, one figure, a pin on a board): only that band needs drawing,
    scaling and presenting again, which is what a frame's time goes on. Comparing the rows costs
    a fraction of that, a board's too (a move changes a few spots of it: comparing UBike's map
    instead of presenting it whole took its frame p99 from 4.8 to 3.9 ms)."""
    if old is None or old.get_size() != new.get_size() or old.get_bitsize() != new.get_bitsize():
        return pygame.Rect(rect)
    # the pixels, row after row, read in place (copying all of them costs more than it saves);
    # the views lock the surfaces, so they are let go before anything blits them
    # (a BufferProxy has the buffer protocol; pygame's stubs do not say so)
    va, vb = memoryview(old.get_view("0")), memoryview(new.get_view("0"))  # type: ignore[arg-type]
    try:
        pitch, rows = new.get_pitch(), new.get_height()

        def same(r0: int, r1: int) -> bool:
            return va[r0 * pitch:r1 * pitch].tobytes() == vb[r0 * pitch:r1 * pitch].tobytes()

        top = 0
        while top < rows and same(top, min(rows, top + BAND_BLOCK)):
            top += BAND_BLOCK
        if top >= rows:
            return pygame.Rect(rect.x, rect.y, 0, 0)   # the same picture
        while same(top, top + 1):   # some row of this block differs: the first of them
            top += 1
        bottom = rows
        while bottom - BAND_BLOCK >= top and same(bottom - BAND_BLOCK, bottom):
            bottom -= BAND_BLOCK
        while same(bottom - 1, bottom):
            bottom -= 1
    finally:
        va.release()
        vb.release()
    return pygame.Rect(rect.x, rect.y + top, rect.width, bottom - top)


def _new_surface(size: tuple[int, int], alpha: bool) -> pygame.Surface:
    """A surface for a layer's picture, in the window's format once there is a window."""
    surface = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()




class Compositor(Scene):
    """The compositor's part of GameScene (frame.py): the scene's layers, drawn in order, and what of
    them changed since the last frame."""

    anim: Animator
    #: bottom to top (GameScene starts it empty, then adds the frame's and the board's layers)
    layers: list[Layer]
    _layers_waiting: bool   # changed layers left for the next frame

    def add_layer(self, rect: pygame.Rect, render: Callable[[pygame.Surface], None],
                  signature: Callable[[], Hashable], alpha: bool = True) -> Layer:
        layer = Layer(rect, render, signature, alpha)
        self.layers.append(layer)
        return layer

    def _flatten_lone_layers(self) -> None:
        """Layers that overlap no other lie on the table's background alone (`draw` fills it
        first): keep their pictures flattened onto it."""
        bg = pygame.Color(theme.BG)
        background = (bg.r, bg.g, bg.b)
        for layer in self.layers:
            alone = not any(other is not layer and other.rect.colliderect(layer.rect) for other in self.layers)
            layer.backdrop = background if alone else None

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(theme.BG)
        for layer in self.layers:
            if layer.surface is None:
                layer.refresh()
            assert layer.surface is not None   # a layer never drawn always renders
            canvas.blit(layer.surface, layer.rect)
        self.draw_overlay(canvas)
        self.anim.draw(canvas)
        self.ui.draw_ui(canvas)

    def draw_overlay(self, canvas: pygame.Surface) -> None:
        """Things drawn over the layers every frame (hover previews)."""

    def take_dirty(self):
        # Re-render changed layers while the frame (from its start, with the move it may have
        # applied) stays within a few milliseconds, judged by each layer's last render time; the
        # others follow on the next frames, so a move's many changes never make one long frame.
        # The layer that has waited longest goes first, and one that waited goes whatever it costs
        # (one a frame), so every change is shown within a few frames.
        budget_end = self.app.frame_started + FRAME_WORK_S
        self._layers_waiting = False
        drawn = False
        for layer in sorted(self.layers, key=lambda waiting: -waiting.waited):
            allowed = (layer.surface is None or time.perf_counter() + layer.cost < budget_end
                       or (layer.waited and not drawn))
            if layer.refresh(allowed):
                drawn = True
                layer.waited = 0
                if layer.changed.height:
                    self.invalidate(layer.changed)
            elif layer.pending:
                layer.waited += 1
                self._layers_waiting = True
        for rect in self.anim.dirty_rects():  # where motions are and were (also just ended)
            self.invalidate(rect)
        ticking = self.ticking_rects()
        for rect in ticking + self._ticked:   # and where something ticked (the dots just gone)
            self.invalidate(rect)
        self._ticked = ticking
        return super().take_dirty()

    _ticked: list[pygame.Rect] = []   # last frame's ticking_rects (always replaced, never changed)

    def ticking_rects(self) -> list[pygame.Rect]:
        """Small areas redrawn every frame while something ticks (a thinking bot's dots)."""
        return []
