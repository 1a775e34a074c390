"""Ubi's sound effects: how each is synthesised (see game/tools/synth.py).

build_scripts/make_sounds.py finds this module by its name and writes sounds/<name>.wav for
each recipe in `EFFECTS`; the spec names the same effects in its `sounds`. The game never
imports this module: it plays the files.
"""
from __future__ import annotations

from collections.abc import Callable

from game.tools.synth import Signal, silence, mix_into, biquad, finish, note, chime, mallet, brass


def right() -> Signal:
    """A right answer: two bright chime notes a major sixth apart, quick and light."""
    out = silence(0.55)
    mix_into(out, chime(note("E6"), 0.55, 0.14), 0.002, 0.8)
    mix_into(out, chime(note("C#7"), 0.45, 0.2), 0.09, 0.9)
    out = biquad(out, "lowpass", 10000.0, 0.707)
    return finish(out, -9.0, fade_out=0.1, highpass=250.0)


def wrong() -> Signal:
    """A wrong answer: a soft mallet falling a tritone, low and short, not a harsh buzzer."""
    out = silence(0.6)
    mix_into(out, mallet(note("E4"), 0.6, 0.14), 0.002, 0.9)
    mix_into(out, mallet(note("A#3"), 0.45, 0.2), 0.14, 1.0)
    out = biquad(out, "lowpass", 3500.0, 0.707)
    return finish(out, -8.0, fade_out=0.12, highpass=80.0)


def capstone() -> Signal:
    """The Rubi Ubi is thrown: a rising four-note chime arpeggio over a soft brass swell,
    more of an occasion than a die."""
    out = silence(0.78)
    mix_into(out, brass(note("G4"), 0.7, 0.1, 0.5, 0.42, seed=0xCA9), 0.0, 0.35)
    for i, name in enumerate(("G5", "B5", "D6", "G6")):
        mix_into(out, chime(note(name), 0.76 - 0.07 * i, 0.18), 0.002 + 0.07 * i, 0.7 + 0.1 * i)
    out = biquad(out, "lowpass", 9000.0, 0.707)
    return finish(out, -8.0, fade_out=0.16, highpass=120.0)


EFFECTS: dict[str, Callable[[], Signal]] = {
    "right": right,
    "wrong": wrong,
    "capstone": capstone,
}
