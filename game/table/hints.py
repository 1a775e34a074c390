"""A hint: on a person's turn, the Hint button (or H) asks the hard bot, from that seat's view
only, for a move; the table then points at it (a bright double frame round its target, or round
the button that makes it; every other legal target still glows and may be clicked) and the
status line says it in words, with why when the game's bot can say.

The bot thinks in the worker process, so the window never waits; a hint that comes back after
the turn moved on (a move, the curtain, another viewer) is dropped, so it is never shown to
anyone but the seat it was asked for. The session counts the hints asked (saved with the game;
the statistics note games played with hints)."""
from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.core.ai.worker import Pending, shared_runner
from game.core.protocol import Action
from game.table.base import TableBase
from game.table.panel import ChoicePanel
from game.table.targets import Press
from game.ui import theme

#: keeps a hint's bot apart from a hard bot playing the same seat (each continues its own dice)
HINT_SEED = 0x48494E54


class Hints(TableBase):
    """The hint's part of GameScene (frame.py)."""

    _hint_asked: tuple[Pending, int, int] | None = None   # (answer on its way, context version, seat)
    hint: tuple[Action, str] | None = None                 # the move suggested, and why
    _hint_version = -1                                     # the context version the hint is for
    _hint_outline: pygame.Rect | None = None               # where the hint's frame is drawn
    _hint_label = "Hint"                                   # who points: "Hint", or a lesson's word
    choice_panels: list[ChoicePanel]                       # the scene's panels (GameScene sets it)

    def do_hint(self) -> None:
        """Ask the hard bot what the person to act might do (from their own view)."""
        if not self.is_my_turn():
            self.refuse("A hint is for the one whose turn it is, on their own turn.")
            return
        if self._hint_asked is not None or (self.hint is not None and self._hint_label == "Hint"):
            return   # on its way, or on the table already (a lesson's pointer gives way to it)
        seat = self.table.to_act()
        assert seat is not None
        view, legal, seed = self.table.bot_request(seat)
        pending = shared_runner(self.spec.id).ask(self.spec.id, seat, "hard", seed ^ HINT_SEED, view, legal,
                                                  explain=True)
        self._hint_asked = (pending, self.ctx.version, seat)
        self.session.hints += 1
        self.status_note, self.status_seat, self.status_warning = "Looking for a good move…", None, False

    if TYPE_CHECKING:
        def next_click(self, action: Action) -> Hashable:
            """Targets' hook (targets.py): where a person clicks next towards `action`."""

        def target_rect(self, target: Hashable) -> pygame.Rect | None:
            """Targets' hook (targets.py): where `target` lies on the canvas."""

    def hinting(self) -> bool:
        """A hint is being thought of (the table keeps its frames coming meanwhile)."""
        return self._hint_asked is not None

    def _collect_hint(self) -> None:
        """Take the hint once the bot has answered; drop it if the turn moved on meanwhile. A
        hint on the table follows the choice: a click towards a move made in several clicks
        (a card, then how to pay) moves the frame on to the next click."""
        if self.hint is not None and self._hint_rect() != self._hint_outline:
            self._hint_glow_changed()
        if self._hint_asked is None or not self._hint_asked[0].done():
            return
        pending, version, seat = self._hint_asked
        self._hint_asked = None
        action = pending.result()
        if version != self.ctx.version or not self.is_my_turn() or self.viewer != seat:
            return   # the view changed: the hint was for a moment that is gone
        self.point_at(action, "Hint", pending.why)
        words = self.ctx.describe(action).rstrip(".")
        self.status_note = f"Hint: {words}" + (f" ({pending.why})" if pending.why else "") + "."
        self.status_seat, self.status_warning = None, False

    def point_at(self, action: Action, label: str, why: str = "") -> None:
        """Frame the move `action` on the table (its target, or its button) until the view
        changes; `label` says who points (a hint, a lesson)."""
        self.hint, self._hint_version, self._hint_label = (action, why), self.ctx.version, label
        self._hint_glow_changed()

    def forget_hint(self) -> None:
        """The view changed (a move, undo, the curtain): the hint belongs to the moment gone."""
        if self._hint_asked is not None:
            self._hint_asked = None
        if self.hint is not None:
            self.hint = None
            self._hint_glow_changed()

    def _hint_glow_changed(self) -> None:
        """Redraw where the hint's frame was and where it is now."""
        old, new = self._hint_outline, self._hint_rect()
        for rect in (old, new):
            if rect is not None:
                self.invalidate(_marked(rect))
        self._hint_outline = new

    def _hint_rect(self) -> pygame.Rect | None:
        """Where the next click towards the hinted move is: its target, or a panel's button."""
        if self.hint is None or self._hint_version != self.ctx.version:
            return None
        click = self.next_click(self.hint[0])
        if isinstance(click, Press):
            for panel in self.choice_panels:
                button = panel.buttons.get(click.key)
                if button is not None and button.visible:
                    return pygame.Rect(button.rect)
            return None
        rect = self.target_rect(click) if click is not None else None
        return pygame.Rect(rect) if rect is not None else None

    def draw_hint(self, canvas: pygame.Surface) -> None:
        """The hint's frame over the table (frame.py's draw)."""
        if self._hint_outline is None or self.hint is None:
            return
        frame = hint_frame(self._hint_outline)
        pygame.draw.rect(canvas, theme.TEXT_DARK, frame.inflate(6, 6), 3, border_radius=12)
        pygame.draw.rect(canvas, theme.HIGHLIGHT, frame, 4, border_radius=10)
        pygame.draw.rect(canvas, theme.TEXT_DARK, frame.inflate(-8, -8), 1, border_radius=8)
        # a tag on its edge, so that it stands out from the targets that merely glow
        words = theme.text(self._hint_label, theme.SIZE_SMALL, tuple(theme.TEXT_DARK), bold=True)
        tag = tag_rect(frame, words.get_size(), canvas.get_rect())
        pygame.draw.rect(canvas, theme.TEXT_DARK, tag.inflate(4, 4), border_radius=9)
        pygame.draw.rect(canvas, theme.HIGHLIGHT, tag, border_radius=8)
        canvas.blit(words, words.get_rect(center=tag.center))


FRAME_PAD = 6    # the hint's frame stands this far round its target


def hint_frame(rect: pygame.Rect) -> pygame.Rect:
    """The hint's frame round `rect`."""
    return rect.inflate(FRAME_PAD * 2, FRAME_PAD * 2)


TAG_H = 30      # the tag on the frame's edge that names who points ("Hint", the lesson's "Here")
TAG_ROOM = 120  # the widest tag's width
WIDE_TAG_INSET = 18   # a wide frame's tag stands this far in from its right end


def tag_rect(frame: pygame.Rect, words: tuple[int, int], canvas: pygame.Rect) -> pygame.Rect:
    """The tag over the frame's middle: astride its top edge, or above a small frame (one
    round a route's car, a space of a track), so as not to hide what it frames; below it at
    the canvas's top. A low, wide frame (a choice's button, its words in its middle) has it
    astride its top edge near its right end, so that it hides neither the words over the
    button nor the button's own."""
    tag = pygame.Rect(0, 0, words[0] + 20, TAG_H)
    low = frame.height < 3 * TAG_H
    wide = low and frame.width >= 3 * tag.width
    x = frame.right - WIDE_TAG_INSET - tag.width // 2 if wide else frame.centerx
    tag.center = (x, frame.y + 2)
    if low and not wide:
        tag.midbottom = (x, frame.y - 4)
    if tag.top < canvas.top + 2:
        tag.midtop = (x, frame.bottom + 4 if low and not wide else frame.bottom - 17)
    return tag.clamp(canvas)


def _marked(rect: pygame.Rect) -> pygame.Rect:
    """All that a hint's frame covers round `rect` (its dark edges and its tag included)."""
    frame = hint_frame(rect).inflate(10, 10)
    # above or below it, wide enough where the canvas's edge moves it
    tags = pygame.Rect(frame.centerx - TAG_ROOM, frame.y - TAG_H - 10, 2 * TAG_ROOM, frame.height + 2 * TAG_H + 20)
    return frame.union(tags)
