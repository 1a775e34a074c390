"""Panels of choices: a keyed set of buttons kept in step with what the current choice offers.

A scene says which buttons it wants now (key, label, kind, where); the panel keeps the pygame-gui
buttons in step, rebuilding them only when the wanted set changes, and tells which key a press
was for. Keys are usually legal actions, or words such as "back".
"""
from __future__ import annotations

import dataclasses
from typing import Any
from collections.abc import Hashable, Sequence

import pygame

from game.ui import theme


@dataclasses.dataclass(frozen=True)
class Choice:
    """One wanted button: `rect` on the 1920x1080 canvas; `kind`: "", "primary" or "small"."""

    key: Hashable
    label: str
    rect: tuple[int, int, int, int]
    kind: str = ""
    tooltip: str = ""


class ChoicePanel:
    """The buttons of one scene's current choice."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        panels = getattr(scene, "choice_panels", None)
        if isinstance(panels, list):   # a table's panels, where a hint finds a move's button
            panels.append(self)
        self.buttons: dict[Hashable, Any] = {}
        self._looks: dict[Hashable, tuple] = {}   # each button's label, place, kind and tooltip
        self._wanted: tuple = ()

    def sync(self, wanted: Sequence[Choice]) -> None:
        """Show exactly these buttons (no work when they are the ones already shown). A button
        that looks the same as one already shown (label, place, kind, tooltip) is kept and only
        answers to its new key: a move that changes the actions behind a phase's buttons, not
        the buttons, makes none (each cost about a millisecond to build). Whether it is
        enabled is the scene's to set after the sync, as for a new one."""
        signature = tuple((repr(c.key), c.label, c.rect, c.kind, c.tooltip) for c in wanted)
        if signature == self._wanted:
            return
        spare: dict[tuple, list[Any]] = {}
        for key, button in self.buttons.items():
            spare.setdefault(self._looks[key], []).append(button)
        buttons: dict[Hashable, Any] = {}
        looks: dict[Hashable, tuple] = {}
        for choice in wanted:
            label, kind, tooltip = fitted_choice(choice)
            look = (label, tuple(choice.rect), kind, tooltip)
            same = spare.get(look)
            buttons[choice.key] = same.pop() if same else self.scene.button(choice.rect, label, kind=kind,
                                                                             tooltip=tooltip)
            looks[choice.key] = look
        for unused in spare.values():
            for button in unused:
                button.kill()
        self.buttons, self._looks, self._wanted = buttons, looks, signature

    def clear(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}
        self._looks = {}
        self._wanted = ()

    def pressed(self, element: Any) -> Hashable | None:
        """The key of the pressed button `element`, or None if it is not one of the panel's."""
        for key, button in self.buttons.items():
            if element is button:
                return key
        return None


def fitted_choice(choice: Choice) -> tuple[str, str, str | None]:
    """The label, kind and tooltip a choice's button gets: a label too wide for its button
    shrinks to the small type, then is shortened, and then its tooltip holds the whole label."""
    label, kind, complete = theme.fit_button_label(choice.label, choice.rect[2], choice.kind)
    tooltip = choice.tooltip
    if not complete:
        tooltip = f"{choice.label}: {tooltip}" if tooltip else choice.label
    return label, kind, tooltip or None


def row_of_choices(labels: Sequence[tuple[Hashable, str, str]], x: int, y: int, right: int, *,
                   height: int = 56, gap: int = 16, size: int = 24, bold: bool = True,
                   min_width: int = 160, line_gap: int = 10, pad: int = 40) -> list[Choice]:
    """Buttons laid out left to right from (x, y), wrapping before `right`: (key, label, kind).
    A button is as wide as its label in that type plus `pad`, and at least `min_width`."""
    out = []
    cx, cy = x, y
    for key, label, kind in labels:
        width = max(min_width, theme.font(size, bold).size(label)[0] + pad)
        if cx + width > right and cx > x:
            cx, cy = x, cy + height + line_gap
        out.append(Choice(key, label, (cx, cy, width, height), kind))
        cx += width + gap
    return out


def union(rects: Sequence[pygame.Rect]) -> pygame.Rect | None:
    return rects[0].unionall(rects[1:]) if rects else None
