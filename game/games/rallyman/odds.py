"""The odds of a move: what the track asks of one step in a gear (its cautions and limits,
RMG-8 to RMG-11), every outcome of a roll with its chance, and which rolled dice show the
cautions of an outcome."""

from __future__ import annotations

import dataclasses
import functools
import itertools
from math import comb
from collections.abc import Sequence

from . import dice as D
from .actions import Faces
from .track import Track


@dataclasses.dataclass(frozen=True)
class MoveRisk:
    """What the track asks of one move a -> b in a gear (RMG-8 to RMG-11)."""

    extra_cautions: int  # a hazard, an "n!" at gear n, an inside-line caution
    over_limit: bool  # a sure loss of control
    notes: tuple[str, ...]  # the words for a preview

    @functools.cached_property
    def caution_words(self) -> str:
        """The notes that give a caution, as the log names them."""
        return ", ".join(n for n in self.notes if "caution" in n)


#: move_risk's answers: (track, a, b, gear) -> risk (tracks are loaded once and never change)
_RISKS: dict[tuple[Track, int, int, int], MoveRisk] = {}


def move_risk(track: Track, a: int, b: int, gear: int) -> MoveRisk:
    """The cautions and limits the move from a to b meets in that gear."""
    key = (track, a, b, gear)  # the track itself (hashed by identity), kept alive by the key
    risk = _RISKS.get(key)
    if risk is None:
        if len(_RISKS) > 200_000:
            _RISKS.clear()
        risk = _RISKS[key] = _move_risk(track, a, b, gear)
    return risk


def _move_risk(track: Track, a: int, b: int, gear: int) -> MoveRisk:
    sa, sb = track.spaces[a], track.spaces[b]
    extra, over, notes = 0, False, []
    if sb.limit is not None:
        if gear > sb.limit:
            over = True
            notes.append(f"over the limit {sb.limit}")
        else:
            notes.append(f"limit {sb.limit}")
    along = (
        sb.tile_index == sa.tile_index
        and sb.lane == sa.lane
        and sb.row == sa.row + 1
        and (sa.inside_limit is not None or sa.inside_caution)
    )
    if along and sa.inside_limit is not None:
        if gear > sa.inside_limit:
            over = True
            notes.append(f"over the inside line's {sa.inside_limit}")
        else:
            notes.append(f"inside line {sa.inside_limit}")
    if along and sa.inside_caution:
        extra += 1
        notes.append("inside line: a caution")
    if sb.outside_caution is not None and gear == sb.outside_caution:
        extra += 1
        notes.append(f"{sb.outside_caution}!: a caution")
    if sb.hazard:
        extra += 1
        notes.append("hazard: a caution")
    return MoveRisk(extra, over, tuple(notes))


def _kind_key(die: int | str) -> tuple[int, str]:
    return (isinstance(die, str), str(die))


def roll_outcomes(dice_rolled: Sequence[int | str]) -> list[tuple[Faces, float]]:
    """Every outcome of rolling these dice, as the kinds showing a caution, with its chance
    (dice of a kind are alike, so an outcome is a multiset)."""
    return list(_rolled_as_planned(tuple(dice_rolled)))


@functools.lru_cache(maxsize=4096)
def _rolled_as_planned(dice_rolled: tuple[int | str, ...]) -> list[tuple[Faces, float]]:
    # the dice in the plan's order, as they come: the same multiset sorted once, not per roll
    return _roll_outcomes(tuple(sorted(dice_rolled, key=_kind_key)))


@functools.lru_cache(maxsize=4096)
def _roll_outcomes(dice_rolled: tuple[int | str, ...]) -> list[tuple[Faces, float]]:
    counts: dict[int | str, int] = {}
    for d in dice_rolled:
        counts[d] = counts.get(d, 0) + 1
    kinds = sorted(counts, key=_kind_key)
    per_kind = []
    for kind in kinds:
        n, p = counts[kind], float(D.caution_chance(kind))
        per_kind.append([(k, comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)])
    out = []
    for combo in itertools.product(*per_kind):
        cautions: list[int | str] = []
        prob = 1.0
        for kind, (k, p) in zip(kinds, combo):
            cautions += [kind] * k
            prob *= p
        out.append((Faces(tuple(cautions)), prob))
    return out


def mark_cautions(kinds: list[int | str], cautions: tuple[int | str, ...]) -> list[bool]:
    """Which of these dice show the cautions: the first dice of each kind (they are alike)."""
    left = list(cautions)
    shown = []
    for d in kinds:
        if d in left:
            left.remove(d)
            shown.append(True)
        else:
            shown.append(False)
    return shown
