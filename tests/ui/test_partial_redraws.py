"""What a table redraws when a little changes: a layer re-rendered with one new line is
presented only in that band, a layer re-rendered to the same picture not at all, and a keyed
overlay whose parts carry what they show redraws only the parts that came, went or changed."""
from __future__ import annotations

import time

import pygame

from game.table.layers import Layer
from game.table.overlay import KeyedOverlay

from uihelpers import make_app


def _layer(lines: list[str]) -> Layer:
    def render(surface: pygame.Surface) -> None:
        surface.fill((20, 20, 24))
        for i, text in enumerate(lines):
            if text:
                surface.fill((200, 200, 200), (10, 10 + 30 * i, 8 * len(text), 20))
    return Layer(pygame.Rect(1400, 500, 520, 200), render, lambda: tuple(lines), alpha=False)


def test_a_layer_changed_in_one_line_is_redrawn_in_that_band_only():
    make_app((1280, 720))
    lines = ["plan", "gear 3", "", "odds 12%", "", ""]
    layer = _layer(lines)
    assert layer.refresh() and layer.changed == layer.rect   # the first picture: all of it
    lines[3] = "odds 30%%"
    assert layer.refresh()
    band = layer.changed
    assert band.x == 1400 and band.width == 520
    assert band.top == 500 + 10 + 30 * 3 and band.bottom == 500 + 10 + 30 * 3 + 20


def test_a_layer_rendered_to_the_same_picture_asks_for_no_redraw():
    make_app((1280, 720))
    lines = ["a", "b"]
    layer = _layer(lines)
    layer.refresh()
    lines[0] = "c"          # a new signature, the same width of bar: the same picture
    assert layer.refresh()
    assert layer.changed.height == 0


def test_the_table_invalidates_only_the_changed_band(monkeypatch):
    from game.core.registry import get
    from game.core.session import BOT, Seat, Session
    from game.table.frame import open_game
    app = make_app((1280, 720))
    app.push(app.scene("menu"))
    scene = open_game(app, Session(get("ubike"), [Seat("A", BOT, "easy", 0), Seat("B", BOT, "easy", 1)], {}, 1),
                      bots_paused=True)
    app.step(events=[], dt=1 / 60)
    lines = ["one", "two", "", ""]
    layer = scene.add_layer(pygame.Rect(1400, 500, 520, 200), _layer(lines).render, lambda: tuple(lines),
                            alpha=False)
    app.step(events=[], dt=1 / 60)
    seen: list[pygame.Rect] = []
    monkeypatch.setattr(scene, "invalidate", lambda rect=None: seen.append(rect))
    # which band is invalidated, not how fast: a busy machine must not make the frame's work
    # budget run out before the layer may re-render
    monkeypatch.setattr("game.table.layers.FRAME_WORK_S", 60.0)
    lines[1] = "three!"
    app.frame_started = time.perf_counter()   # a fresh frame: its layers may re-render
    scene.take_dirty()
    assert pygame.Rect(1400, 540, 520, 20) in seen and layer.rect not in seen


def test_a_keyed_overlay_redraws_only_the_parts_that_changed():
    shown = {"cars": {0: 5, 1: 9}, "tip": None}

    def key():   # a key may hold what does not hash (a list): it is only compared
        return (tuple(sorted(shown["cars"].items())), shown["tip"], [shown["tip"]])

    def rects(k):
        cars, tip, _listed = k
        items = [(pygame.Rect(100 * space, 0, 50, 50), ("car", seat, space)) for seat, space in cars]
        if tip:
            items.append(pygame.Rect(0, 500, 300, 40))   # a bare rectangle: redrawn with any change
        return items

    overlay = KeyedOverlay(key, rects)
    assert sorted(tuple(r) for r in overlay.dirty()) == [(500, 0, 50, 50), (900, 0, 50, 50)]
    assert overlay.dirty() == []                       # nothing changed
    shown["cars"][1] = 10                              # one car moves: where it was and is
    assert sorted(tuple(r) for r in overlay.dirty()) == [(900, 0, 50, 50), (1000, 0, 50, 50)]
    shown["tip"] = "hello"
    assert [tuple(r) for r in overlay.dirty()] == [(0, 500, 300, 40)]
    shown["cars"][0] = 6                               # the bare rectangle goes with every change
    assert sorted(tuple(r) for r in overlay.dirty()) == [(0, 500, 300, 40), (500, 0, 50, 50), (600, 0, 50, 50)]
    overlay.forget()                                   # after the board was redrawn: everything
    assert sorted(tuple(r) for r in overlay.dirty()) == [(0, 500, 300, 40), (600, 0, 50, 50), (1000, 0, 50, 50)]
