"""Typed pending decisions and automatic steps: what a game still has to resolve, in order.

A stop in Tokaido may ask for a choice, then pay out, then ask for another choice; a ticket
draft asks each seat in turn. Such a game keeps a queue of steps, front first: a `Decision`
waits for a seat's action, an `Auto` step is resolved by the game at once. Steps are small
frozen dataclasses, so a queue is copied as a flat list, and they have a stable JSON form
(`{"step": ClassName, field: value}`), declared on the state with `step_codec`.

    push(state.queue, Eat(who=2), Pay(who=2, card="monk"))   # in place; Eat comes first
    settle(state)        # resolve Auto steps at the front until a Decision waits

A game names the method that resolves each automatic step `resolve_<snake_case name>`.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, ClassVar
from collections.abc import Iterable, Sequence

from .state import Codec, tagged_from_json, tagged_to_json


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@dataclasses.dataclass(frozen=True)
class Step:
    """Something still to happen. Subclass `Decision` or `Auto`, never Step itself."""

    auto: ClassVar[bool] = False
    #: the step's name in snake case ("stop_options"), set for every subclass
    kind: ClassVar[str] = "step"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in cls.__dict__.get("__annotations__", {}):
            raise TypeError(f"{cls.__name__}: a step may not have a field named 'kind' (it names the step)")
        cls.kind = snake(cls.__name__)

    def to_json(self) -> dict[str, Any]:
        return tagged_to_json(self, "step")


@dataclasses.dataclass(frozen=True)
class Decision(Step):
    """A choice that seat (or piece) `who` makes with one of the legal actions."""

    who: int


@dataclasses.dataclass(frozen=True)
class Auto(Step):
    """A step the rules resolve by themselves (for piece `who`)."""

    auto: ClassVar[bool] = True
    who: int


def step_codec(step_types: Iterable[type[Step]]) -> Codec:
    """The JSON form of a list of steps of these types (lists inside become tuples again)."""
    kinds = {cls.__name__: cls for cls in step_types}

    def decode_one(data: Any) -> Step:
        return tagged_from_json(kinds, data, "step", "step")

    def encode(queue: Sequence[Step]) -> list[dict[str, Any]]:
        return [step.to_json() for step in queue]

    def decode(data: Any) -> list[Step]:
        if not isinstance(data, list):
            raise ValueError("a step queue must be a list")
        return [decode_one(d) for d in data]

    return Codec(encode, decode)


def push(queue: list[Step], *steps: Step) -> None:
    """Put `steps` at the front of `queue`, the first of them first."""
    queue[0:0] = steps


def settle(state: Any, queue_name: str = "queue", *, until: Any = None) -> None:
    """Resolve automatic steps at the front of the state's queue, each with the state's
    `resolve_<kind>(step)`, until a decision waits, the queue is empty or `until()` is true.
    A resolver may push further steps; they are resolved in turn."""
    queue: list[Step] = getattr(state, queue_name)
    while queue and queue[0].auto and not (until is not None and until()):
        step = queue.pop(0)
        getattr(state, "resolve_" + step.kind)(step)
        queue = getattr(state, queue_name)


def waiting(queue: Sequence[Step]) -> Decision | None:
    """The decision at the front of the queue, if one waits."""
    if queue and isinstance(queue[0], Decision):
        return queue[0]
    return None
