"""Declared state fields: serialization, fast clones and the default view, made once for every game.

A game's state class lists its fields with their visibility:

    FIELDS = (
        public("round", "turn", "phase"),
        public("rows", shape=NESTED),
        own("scenery_storage", shape=NESTED, count=True),   # a list indexed by seat
        secret("deck", count=True),
        records("players", public=("coins", "index"), own=("meals",), counts=("meals",)),
    )

- public: everyone sees it.
- own: the value is a list with one entry per seat (or, for records, a key of each seat's
  record); that seat sees its entry, the others see None (and `<name>_count`, the entry's
  length, when `count=True`).
- secret: nobody sees it (the generator, deck order); with `count=True` the view shows its length.

From the declaration the base class derives `to_json`/`load_state` (lossless: everything
declared, nothing else), `clone` (copying each field only as deep as its shape says, so the
bots' search never deep-copies) and `view(seat)`. A game adds derived public facts to the view
with `view_facts(seat)`, and recomputes attributes that follow from its fields (a board
picked by an option, say) in `_derive()`.

The shapes say how deep a value must be copied for a clone to be independent:

    ATOM    an immutable value (int, str, bool, None, a frozen record)
    FLAT    a list or dict of immutable values
    NESTED  a list or dict of FLAT lists or dicts
    DEEP    anything JSON-like, copied all the way down (the safe default)

A field holding values that JSON cannot carry (typed steps, say) names a `Codec`.
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any, ClassVar
from collections.abc import Callable, Iterable, Sequence

PUBLIC, OWN, SECRET = "public", "own", "secret"
ATOM, FLAT, NESTED, DEEP = "atom", "flat", "nested", "deep"


@dataclasses.dataclass(frozen=True)
class Codec:
    """How a field's value becomes JSON and back (for values JSON cannot carry)."""

    encode: Callable[[Any], Any]
    decode: Callable[[Any], Any]


@dataclasses.dataclass(frozen=True)
class Field:
    """One declared field of a game state."""

    name: str
    visibility: str = PUBLIC
    shape: str = DEEP
    count: bool = False
    codec: Codec | None = None
    #: for records: the keys of each seat's record, as fields of their own
    keys: tuple[Field, ...] = ()

    @property
    def is_records(self) -> bool:
        return bool(self.keys)


def _fields(names: Sequence[str], visibility: str, shape: str, count: bool,
            codec: Codec | None) -> tuple[Field, ...]:
    if count and visibility == PUBLIC:
        raise ValueError("a public field needs no count")
    return tuple(Field(n, visibility, shape, count, codec) for n in names)


def public(*names: str, shape: str = DEEP, codec: Codec | None = None) -> tuple[Field, ...]:
    """Fields everyone sees."""
    return _fields(names, PUBLIC, shape, False, codec)


def own(*names: str, shape: str = DEEP, count: bool = False,
        codec: Codec | None = None) -> tuple[Field, ...]:
    """Per-seat fields (a list indexed by seat): each seat sees its own entry only.

    `shape` is the shape of the whole list (an own list of hands is NESTED)."""
    return _fields(names, OWN, shape, count, codec)


def secret(*names: str, shape: str = DEEP, count: bool = False,
           codec: Codec | None = None) -> tuple[Field, ...]:
    """Fields nobody sees (with `count`, their length is public)."""
    return _fields(names, SECRET, shape, count, codec)


def records(name: str, *, public: Iterable[str] = (), own: Iterable[str] = (),
            counts: Iterable[str] = (), shapes: dict[str, str] | None = None) -> tuple[Field, ...]:
    """A list of per-seat records (dicts), each key with its own visibility.

    Record i belongs to seat i; records past the last seat (a neutral piece) belong to nobody,
    so their own keys are hidden from everyone. `counts` lists own keys whose length is public
    (shown as `<key>_count`). `shapes` gives a key's shape (default DEEP)."""
    shapes = shapes or {}
    counted = set(counts)
    keys = [Field(k, PUBLIC, shapes.get(k, DEEP)) for k in public]
    keys += [Field(k, OWN, shapes.get(k, DEEP), k in counted) for k in own]
    if counted - set(own):
        raise ValueError(f"counts {sorted(counted - set(own))} must be own keys")
    return (Field(name, PUBLIC, DEEP, False, None, tuple(keys)),)


# ---- records with a tag (actions, steps) ---------------------------------------------------------

def tagged_to_json(record: Any, tag: str) -> dict[str, Any]:
    """A frozen dataclass as `{tag: ClassName, field: value, ...}`, tuples as lists."""
    data: dict[str, Any] = {tag: type(record).__name__}
    for f in dataclasses.fields(record):
        data[f.name] = _to_plain(getattr(record, f.name))
    return data


def tagged_from_json(kinds: dict[str, type], data: Any, tag: str, what: str) -> Any:
    """The record `tagged_to_json` wrote (lists become tuples again); ValueError says what is
    wrong with `data` in words that name `what` it should be ("action", "step")."""
    if not isinstance(data, dict) or tag not in data:
        raise ValueError(f"not an {what}: {data!r}" if what[0] in "aeiou" else f"not a {what}: {data!r}")
    cls = kinds.get(data[tag])
    if cls is None:
        raise ValueError(f"unknown {what} kind {data[tag]!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    given = {k for k in data if k != tag}
    if given != names:
        raise ValueError(f"{what} {data[tag]} has fields {sorted(given)}, expected {sorted(names)}")
    values = {k: _tupled(v) for k, v in data.items() if k != tag}
    hints = _field_types(cls)
    for name, value in values.items():
        if name in hints and not _fits(value, hints[name]):
            raise ValueError(f"bad {what} {data[tag]}: {name} must be {_type_words(hints[name])}, "
                             f"not {value!r}"[:300])
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bad {what} {data!r}: {exc}") from exc


@functools.cache
def _field_types(cls: type) -> dict[str, Any]:
    """A record class's field types (its annotations resolved), for checking decoded values."""
    return typing.get_type_hints(cls)


def _fits(value: Any, hint: Any) -> bool:
    """Whether a decoded JSON value (lists already tuples) is of the declared type: ints,
    strings, booleans, None, unions of them and tuples of them. A type not listed here is
    left to the record's own checks."""
    if hint is Any:
        return True
    if hint is bool:
        return type(value) is bool
    if hint is int:
        return type(value) is int        # not a bool, which JSON keeps apart
    if hint is float:
        return type(value) in (int, float)
    if hint is str:
        return type(value) is str
    if hint is type(None):
        return value is None
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, arg) for arg in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args))
    if origin is typing.Literal:
        return value in args
    return True


def _type_words(hint: Any) -> str:
    names = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
    if hint in names:
        return names[hint]
    return str(hint).replace("typing.", "")


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


# ---- copying ----------------------------------------------------------------------------------

def deep_copy(value: Any) -> Any:
    """A copy of a JSON-like value all the way down (tuples stay tuples)."""
    kind = type(value)
    if kind is list:
        return [deep_copy(v) for v in value]
    if kind is dict:
        return {k: deep_copy(v) for k, v in value.items()}
    return value


def _copier(shape: str) -> Callable[[Any], Any] | None:
    if shape == ATOM:
        return None
    if shape == FLAT:
        return _flat
    if shape == NESTED:
        return _nested
    if shape == DEEP:
        return deep_copy
    raise ValueError(f"unknown shape {shape!r}")


def _flat(value: Any) -> Any:
    return value.copy() if value is not None else None


def _nested(value: Any) -> Any:
    if value is None:
        return None
    if type(value) is dict:
        return {k: (v.copy() if v is not None else None) for k, v in value.items()}
    return [v.copy() if v is not None else None for v in value]


def _to_plain(value: Any) -> Any:
    """The JSON form of a value: lists for tuples, and dict keys checked to be strings."""
    kind = type(value)
    if kind is list or kind is tuple:
        return [_to_plain(v) for v in value]
    if kind is dict:
        for key in value:
            if type(key) is not str:
                raise TypeError(f"dict key {key!r} is not a string: JSON cannot keep it")
        return {k: _to_plain(v) for k, v in value.items()}
    if kind in (int, str, bool, float) or value is None:
        return value
    raise TypeError(f"{value!r} ({kind.__name__}) has no JSON form: declare a codec")


#: keys every view and saved state has besides the fields: a field of that name would overwrite one
RESERVED_FIELD_NAMES = frozenset({"game", "seat", "num_players"})


class _Plan:
    """What the declaration of one state class comes to, worked out once."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields = tuple(fields)
        names = [f.name for f in self.fields]
        clashes = sorted(set(names) & RESERVED_FIELD_NAMES)
        if clashes:
            raise ValueError(f"fields may not be named {clashes}: every view has those keys")
        dupes = {n for n in names if names.count(n) > 1}
        if dupes:
            raise ValueError(f"fields declared twice: {sorted(dupes)}")
        self.copies: list[tuple[str, Callable[[Any], Any]]] = []
        for f in self.fields:
            copier = self._record_copier(f) if f.is_records else _copier(f.shape)
            if copier is not None:           # an ATOM is shared, never copied
                self.copies.append((f.name, copier))

    @staticmethod
    def _record_copier(f: Field) -> Callable[[Any], Any]:
        copiers = [(k.name, _copier(k.shape)) for k in f.keys]
        deep_keys = [(n, c) for n, c in copiers if c is not None]

        def copy_records(value: list[dict[str, Any]]) -> list[dict[str, Any]]:
            out = []
            for record in value:
                twin = record.copy()
                for key, copier in deep_keys:
                    twin[key] = copier(twin[key])
                out.append(twin)
            return out
        return copy_records


# ---- the base class's half of the contract ------------------------------------------------

class DeclaredState:
    """Mixin of GameState: everything that follows from the declared FIELDS."""

    #: the game's declared fields (tuples from public/own/secret/records, flattened)
    FIELDS: ClassVar[tuple[Any, ...]] = ()
    #: fields every game has (declared by GameState itself)
    BASE_FIELDS: ClassVar[tuple[Any, ...]] = ()
    _plans: ClassVar[dict[type, _Plan]] = {}

    num_players: int

    @classmethod
    def plan(cls) -> _Plan:
        found = DeclaredState._plans.get(cls)
        if found is None:
            flat: list[Field] = []
            for group in (*cls.BASE_FIELDS, *cls.FIELDS):
                flat.extend(group if isinstance(group, tuple) else (group,))
            found = DeclaredState._plans[cls] = _Plan(flat)
        return found

    @classmethod
    def declared(cls) -> tuple[Field, ...]:
        return cls.plan().fields

    # ---- clone ------------------------------------------------------------------------------
    def clone(self) -> Any:
        """An independent copy, copying each field only as deep as its shape needs."""
        twin = object.__new__(type(self))
        values = self.__dict__.copy()
        for name, copier in type(self).plan().copies:
            values[name] = copier(values[name])
        twin.__dict__ = values
        twin._fresh_copy()
        return twin

    def _fresh_copy(self) -> None:
        """Hook: what a clone must not share besides the declared fields (GameState resets
        its pending events here)."""

    # ---- JSON -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Every declared field, as JSON: a state loaded from it plays on exactly alike."""
        data: dict[str, Any] = {"game": getattr(self, "game_id", ""), "num_players": self.num_players}
        for f in type(self).declared():
            data[f.name] = self._encode(f, getattr(self, f.name))
        return data

    @staticmethod
    def _encode(f: Field, value: Any) -> Any:
        if f.is_records:
            return [{k.name: DeclaredState._encode(k, record[k.name]) for k in f.keys} for record in value]
        if f.codec is not None:
            return f.codec.encode(value)
        return _to_plain(value)

    @staticmethod
    def _decode(f: Field, raw: Any) -> Any:
        if f.is_records:
            if not isinstance(raw, list):
                raise ValueError(f"'{f.name}' should be a list of records")
            out = []
            for record in raw:
                missing = [k.name for k in f.keys if k.name not in record]
                if missing:
                    raise ValueError(f"a record of '{f.name}' lacks {missing}")
                out.append({k.name: DeclaredState._decode(k, record[k.name]) for k in f.keys})
            return out
        if f.codec is not None:
            return f.codec.decode(raw)
        return deep_copy(raw)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Any:
        """The state `to_json` wrote. ValueError if `data` is not one of this game's states."""
        if not isinstance(data, dict):
            raise ValueError("a saved state must be a JSON object")
        game_id = getattr(cls, "game_id", "")
        if data.get("game", game_id) != game_id:
            raise ValueError(f"that state is of {data.get('game')!r}, not {game_id!r}")
        state = object.__new__(cls)
        state.num_players = int(data["num_players"])
        for f in cls.declared():
            if f.name not in data:
                raise ValueError(f"the saved state lacks '{f.name}'")
            setattr(state, f.name, cls._decode(f, data[f.name]))
        state._fresh_copy()
        state._derive()
        return state

    def _derive(self) -> None:
        """Hook: recompute attributes that follow from the fields (after a load or a sample)."""

    # ---- the view -----------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator), from the declaration, plus `view_facts`."""
        view: dict[str, Any] = {"game": getattr(self, "game_id", ""), "seat": seat,
                                "num_players": self.num_players}
        for f in type(self).declared():
            value = getattr(self, f.name)
            if f.is_records:
                view[f.name] = [self._record_view(f, i, record, seat) for i, record in enumerate(value)]
            elif f.visibility == PUBLIC:
                view[f.name] = _to_plain(value) if f.codec is None else f.codec.encode(value)
            elif f.visibility == OWN:
                view[f.name] = [(self._encode(f, [entry])[0] if i == seat else None)
                                for i, entry in enumerate(value)]
                if f.count:
                    view[f.name + "_count"] = [len(entry) for entry in value]
            elif f.count:
                view[f.name + "_count"] = len(value)
        view.update(self.view_facts(seat))
        return view

    @staticmethod
    def _record_view(f: Field, index: int, record: dict[str, Any], seat: int | None) -> dict[str, Any]:
        shown: dict[str, Any] = {}
        for k in f.keys:
            if k.visibility == PUBLIC or index == seat:
                shown[k.name] = DeclaredState._encode(k, record[k.name])
            else:
                shown[k.name] = None
            if k.count:
                shown[k.name + "_count"] = len(record[k.name])
        return shown

    def view_facts(self, seat: int | None) -> dict[str, Any]:
        """Derived facts the seat may see (computed from what it sees); none by default."""
        return {}

    # ---- what each seat holds (a finished game's replay shows every seat's at once) ----------
    @classmethod
    def own_fields(cls) -> list[tuple[str, Field, Field | None]]:
        """Each `own` field, and each own key of a record field (with its record field), by the
        name a seat's holdings give it: its own, or "<record>.<key>" where a field has that
        name already."""
        out: list[tuple[str, Field, Field | None]] = []
        names: set[str] = set()
        for f in cls.declared():
            for k in f.keys if f.is_records else (f,):
                if k.visibility != OWN:
                    continue
                name = k.name if not f.is_records or k.name not in names else f"{f.name}.{k.name}"
                names.add(name)
                out.append((name, f, k if f.is_records else None))
        return out

    def holdings(self, seat: int) -> dict[str, Any]:
        """What is `seat`'s own now, exactly as its own view shows it (`own_fields`, by name).
        Secret fields (decks, the generator) are nobody's and never here. The replay of a
        finished game shows every seat's at once (table/replay.py); a live table never asks for
        another seat's."""
        held: dict[str, Any] = {}
        for name, f, key in type(self).own_fields():
            value = getattr(self, f.name)
            if key is None:
                held[name] = self._encode(f, [value[seat]])[0]
            elif seat < len(value):
                held[name] = self._encode(key, value[seat][key.name])
        return held

    @classmethod
    def holds_anything(cls) -> bool:
        """Whether the game declares anything a seat holds alone (an own field or record key)."""
        return bool(cls.own_fields())

    # ---- a state from a view (the start of every determinization) ---------------------------
    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Any:
        """A state holding what the view shows: public fields, and the viewer's own entries.

        Secret fields are None and other seats' own entries None: the game's `determinize`
        fills them with a guess consistent with the view."""
        seat = view["seat"]
        state = object.__new__(cls)
        state.num_players = int(view["num_players"])
        for f in cls.declared():
            if f.is_records:
                setattr(state, f.name, [
                    {k.name: (cls._decode(k, record[k.name]) if (k.visibility == PUBLIC or i == seat)
                              else None) for k in f.keys}
                    for i, record in enumerate(view[f.name])])
            elif f.visibility == PUBLIC:
                setattr(state, f.name, cls._decode(f, view[f.name]))
            elif f.visibility == OWN:
                setattr(state, f.name, [cls._decode(f, [entry])[0] if i == seat else None
                                        for i, entry in enumerate(view[f.name])])
            else:
                setattr(state, f.name, None)
        state._fresh_copy()
        return state

    @classmethod
    def hidden_fields(cls) -> list[Field]:
        """The fields (and record keys) some seat may not see: what the contract checks perturb."""
        out: list[Field] = []
        for f in cls.declared():
            if f.is_records:
                out.extend(k for k in f.keys if k.visibility != PUBLIC)
            elif f.visibility != PUBLIC:
                out.append(f)
        return out
