"""What a person may click on the board, declared in one place: the scene names the target of
each legal action (and the steps of a choice made in several clicks); the table then makes every
target glow, hands a click on one to the scene and answers any other click with a reason."""
from __future__ import annotations

import dataclasses
from collections.abc import Hashable

import pygame

from game.core.protocol import Action
from game.table.base import TableBase


@dataclasses.dataclass(frozen=True)
class Press:
    """`next_click`'s answer when the next click is a panel's button: the button's key."""
    key: Hashable


class Targets(TableBase):
    """The targets' part of GameScene (frame.py), with the hooks a game scene fills in."""

    def hit_board(self, pos: tuple[int, int]) -> Hashable:
        """Hook: what is under `pos` on the board (a key `click_target` understands), or None."""
        return None

    def click_target(self, target: Hashable) -> None:
        """A person whose turn it is clicked `target` (from hit_board) on the board."""

    #: the scene declares its targets (`target_of`, `step_targets`): the table then glows them
    #: all without hovering (the scene's drawing reads `glowing`), hands only their clicks to
    #: `click_target` and answers any other click with a reason (`why_not_target`)
    declares_targets = False
    _click_key: Hashable = object()
    _click_cache: dict[Hashable, list[Action]] = {}

    def target_of(self, action: Action) -> Hashable:
        """Hook: what a person clicks on the board for the legal `action` (a key as `hit_board`
        returns it), or None where no click on the board leads to it (a button does)."""
        return None

    def next_click(self, action: Action) -> Hashable:
        """Hook: where a person clicks next to make `action`, from the choice as it stands (what
        the scene's pickers and baskets hold, the panel's page): a target (a key `target_rect`
        places), a `Press` of a panel's button, or None where nothing on the table leads to it.
        The hint and the lesson point there, and move on with each click of a choice made in
        several. By default: its target, else the button that makes it."""
        target = self.target_of(action)
        return target if target is not None else Press(self.button_key(action))

    def button_key(self, action: Action) -> Hashable:
        """Hook: the key of the choice panel's button that makes `action`; the action itself by
        default."""
        return action

    def step_targets(self) -> list[Hashable]:
        """Hook: more clickable keys that are a step of a choice rather than a whole action (a
        card to pick before how to pay for it; one already picked, to put back)."""
        return []

    def selection_key(self) -> Hashable:
        """Hook: the scene's half-made choice, on which its targets depend."""
        return None

    def click_targets(self) -> dict[Hashable, list[Action]]:
        """Every key a person may click on the board now, each with the legal actions it leads
        to (none for a step of a choice); empty unless a person acts."""
        if not self.declares_targets:
            return {}
        turn = self.turn
        key = (self.ctx.version, turn.phase, self.selection_key())
        if key != self._click_key:
            targets: dict[Hashable, list[Action]] = {}
            if turn.acting:
                for action in self.ctx.legal:
                    target = self.target_of(action)
                    if target is not None:
                        targets.setdefault(target, []).append(action)
                for target in self.step_targets():
                    targets.setdefault(target, [])
            self._click_cache, self._click_key = targets, key
            self._glowing = frozenset(targets)
        return self._click_cache

    _glowing: frozenset = frozenset()

    @property
    def glowing(self) -> frozenset:
        """The targets that glow: every one a person may click now, hovered or not (the same
        set object until they change, so a scene may keep what it derives from it)."""
        targets = self.click_targets()
        return self._glowing if targets is self._click_cache else frozenset(targets)

    def glow_width(self, target: Hashable, base: int = 3) -> int:
        """How strong a target's glow is: stronger under the pointer (0: it does not glow)."""
        if target not in self.glowing:
            return 0
        return base + 2 if self.hover == target else base

    def target_rect(self, target: Hashable) -> pygame.Rect | None:
        """Hook: the canvas area `target` glows in; a click at its centre means `target` (for
        the keyboard and the tests)."""
        return None

    def target_key(self, hit: Hashable) -> Hashable:
        """Hook: the target a hit on the board belongs to (a cell of a sheet: the sheet); the
        scene's click_target still gets the hit itself."""
        return hit

    def why_not_target(self, target: Hashable) -> str:
        """Hook: why a click on `target` (not a glowing one; None: on nothing) does nothing now,
        in the game's words."""
        if target is None:
            return "Nothing to click there."
        return "That cannot be chosen now."

    def _click_board(self, target: Hashable) -> None:
        """A person whose turn it is clicked `target` on the board."""
        if not self.declares_targets:
            if target is not None:
                self.click_target(target)
            return
        if self.target_key(target) in self.click_targets():
            self.click_target(target)
        elif target is None:   # on nothing: a word, no warning sound
            self.status_note, self.status_seat, self.status_warning = self.why_not_target(None), None, False
        else:
            self.refuse(self.why_not_target(target))
