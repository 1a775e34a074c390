"""Narrow the legal actions click by click.

A move a person makes in several clicks (a card, then how to pay for it; a route, then which
cards) is still one of the legal actions: the picker holds them and lets each click keep only
those that agree with it, so a scene never builds an action itself and never offers one the
rules would refuse.

    picker = Picker(ctx.legal, steps=(lambda a: a.card, lambda a: a.pay))
    picker.options()        # the cards that can be played
    picker.choose(12)       # card 12 clicked
    picker.options()        # the ways to pay for it
    picker.choose((0, 1, 0, 0))
    picker.action           # the one action left
"""
from __future__ import annotations

from typing import Generic, TypeVar
from collections.abc import Callable, Hashable, Sequence

A = TypeVar("A")


class Picker(Generic[A]):
    """The legal actions of one kind, narrowed by a choice per step."""

    def __init__(self, legal: Sequence[A], steps: Sequence[Callable[[A], Hashable]],
                 keep: Callable[[A], bool] | None = None) -> None:
        self.all = [a for a in legal if keep is None or keep(a)]
        self.steps = tuple(steps)
        self.chosen: list[Hashable] = []

    @property
    def remaining(self) -> list[A]:
        """The actions that agree with every choice so far."""
        out = self.all
        for step, value in zip(self.steps, self.chosen):
            out = [a for a in out if step(a) == value]
        return out

    @property
    def depth(self) -> int:
        return len(self.chosen)

    def options(self) -> list[Hashable]:
        """The distinct values the next step may take, in the order of the legal actions."""
        if self.depth >= len(self.steps):
            return []
        step = self.steps[self.depth]
        seen: dict[Hashable, None] = {}
        for action in self.remaining:
            seen.setdefault(step(action), None)
        return list(seen)

    def can_choose(self, value: Hashable) -> bool:
        return value in self.options()

    def choose(self, value: Hashable) -> None:
        """Keep the actions whose next step is `value`; ValueError if none has it."""
        if not self.can_choose(value):
            raise ValueError(f"{value!r} is not one of the choices {self.options()!r}")
        self.chosen.append(value)

    def back(self) -> None:
        """Undo the last choice (nothing happens at the start)."""
        if self.chosen:
            self.chosen.pop()

    def reset(self, legal: Sequence[A] | None = None) -> None:
        """Start again (with new legal actions, when they changed)."""
        if legal is not None:
            self.all = list(legal)
        self.chosen = []

    def follow(self, legal: Sequence[A]) -> Picker[A]:
        """Keep in step with the legal actions of the view: when they changed (a move, an undo,
        another viewer), start again from them; else keep the choices made. Returns itself."""
        legal = list(legal)
        if legal != self.all:
            self.reset(legal)
        return self

    @property
    def first(self) -> Hashable | None:
        """The first step's value chosen (the card, route or die picked), or None."""
        return self.chosen[0] if self.chosen else None

    def start_with(self, value: Hashable | None) -> None:
        """Start again with `value` as the first choice (None, or a value not on offer: none)."""
        self.chosen = []
        if value is not None and self.can_choose(value):
            self.chosen.append(value)

    @property
    def action(self) -> A | None:
        """The action the choices come to: the only one left, else None."""
        left = self.remaining
        return left[0] if len(left) == 1 else None

    def next_step(self, action: A) -> tuple[int, Hashable] | None:
        """The next click towards `action`, as (the step, its value): a step past the choices
        made when they lead to it, else step 0 (a fresh start); None when the choices made are
        already all of it, or it is not one of the actions."""
        if action not in self.all:
            return None
        path = [step(action) for step in self.steps]
        if path[:self.depth] != self.chosen:
            return 0, path[0]
        return (self.depth, path[self.depth]) if self.depth < len(path) else None

    def only_choice(self) -> Hashable | None:
        """The next step's value when there is just one (a click the scene may skip)."""
        options = self.options()
        return options[0] if len(options) == 1 else None


class Basket(Generic[A]):
    """The legal actions that each take a set of things (souvenirs bought together), narrowed by
    toggling things in and out of a basket: a thing may go in when the basket with it is still
    what some legal action takes, and the basket's actions are those taking exactly its things.

    The picker's counterpart for a choice made of several things in any order, so a scene keeps
    no set of its own beside the legal actions.
    """

    def __init__(self, legal: Sequence[A], things: Callable[[A], Sequence[Hashable]],
                 keep: Callable[[A], bool] | None = None) -> None:
        self.things = things
        self.keep = keep
        self.all: list[A] = []
        self._sets: set[frozenset] = set()
        self.chosen: tuple[Hashable, ...] = ()
        self.reset(legal)

    def reset(self, legal: Sequence[A] | None = None) -> None:
        """Empty the basket (and take new legal actions, when given)."""
        if legal is not None:
            self.all = [a for a in legal if self.keep is None or self.keep(a)]
            self._sets = {frozenset(self.things(a)) for a in self.all}
        self.chosen = ()

    def follow(self, legal: Sequence[A]) -> Basket[A]:
        """Keep in step with the view's legal actions: empty the basket when they changed."""
        kept = [a for a in legal if self.keep is None or self.keep(a)]
        if kept != self.all:
            self.reset(legal)
        return self

    def holds(self, thing: Hashable) -> bool:
        return thing in self.chosen

    def can_add(self, thing: Hashable) -> bool:
        """Whether `thing` may join the basket (it is in it already: True)."""
        return thing in self.chosen or frozenset(self.chosen + (thing,)) in self._sets

    def toggle(self, thing: Hashable) -> None:
        """Take `thing` out, or put it in; ValueError if no legal action takes the basket with it."""
        if thing in self.chosen:
            self.chosen = tuple(t for t in self.chosen if t != thing)
        elif self.can_add(thing):
            self.chosen = self.chosen + (thing,)
        else:
            raise ValueError(f"{thing!r} cannot join {self.chosen!r}")

    def next_toggle(self, action: A) -> Hashable | None:
        """The next thing to toggle towards the basket `action` takes: one it does not take out
        first, then one it takes in; None when the basket holds just its things."""
        want = list(self.things(action))
        extra = [t for t in self.chosen if t not in want]
        missing = [t for t in want if t not in self.chosen]
        return (extra or missing or [None])[0]

    def actions(self) -> list[A]:
        """The legal actions taking exactly the basket's things (ways to pay for them, say)."""
        want = frozenset(self.chosen)
        return [a for a in self.all if frozenset(self.things(a)) == want]
