"""Bad input gets a clear message and changes nothing: a mistyped action from a save or the
command line is refused where it is decoded, for every field of every action of every game."""
from __future__ import annotations

import dataclasses
import typing

import pytest

from game.core.registry import playable_games

CASES = [pytest.param(spec, cls, id=f"{spec.id}-{cls.__name__}")
         for spec in playable_games() for cls in spec.action_types]


def wrong_value(hint):
    """A JSON value of another type than `hint` (a number for text, text for a number...)."""
    text = repr(hint)
    if "str" in text and "int" in text:
        return [1.5]
    if hint is str or text == "str | None":
        return 12345
    if hint is bool:
        return 1
    return "x"


def good_value(hint):
    """A JSON value of type `hint`."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        return [] if args[-1] is Ellipsis else [good_value(a) for a in args]
    if args:                     # a union: its first member
        return good_value(args[0])
    return {bool: False, int: 0, str: "a"}[hint]


@pytest.mark.parametrize("spec,cls", CASES)
def test_a_mistyped_field_is_refused_when_decoded(spec, cls):
    hints = typing.get_type_hints(cls)
    for field in dataclasses.fields(cls):
        data = {"kind": cls.__name__, **{f.name: good_value(hints[f.name]) for f in dataclasses.fields(cls)}}
        data[field.name] = wrong_value(hints[field.name])
        with pytest.raises(ValueError, match=f"{field.name} must be"):
            spec.decode_action(data)


def test_a_well_typed_action_still_decodes():
    for spec in playable_games():
        state = spec.make(spec.min_players, 3, {})
        state.settle_chance()
        for action in state.legal_actions():
            assert spec.decode_action(action.to_json()) == action
