"""Ticket to Ride's sound effects: how each is synthesised (see game/tools/synth.py).

build_scripts/make_sounds.py finds this module by its name and writes sounds/<name>.wav for
each recipe in `EFFECTS`; the spec names the same effects in its `sounds`. The game never
imports this module: it plays the files.
"""
from __future__ import annotations

from collections.abc import Callable

from game.tools.synth import (
    Signal, SplitMix64, samples, silence, mix_into, multiply, adsr, biquad, glide, oscillator,
    modes, noise_burst, finish, note)


def whistle() -> Signal:
    """A short soft steam whistle for the last round: two breathy chord tones (a minor third
    over a fifth, as on a chime whistle) that swell in and fade, with a hiss of steam."""
    rng = SplitMix64(0x5EA1)
    duration = 0.72
    n = samples(duration)
    out = [0.0] * n
    pipe = [1.0, 0.32, 0.12, 0.05]
    for freq, level in ((note("E5"), 1.0), (note("G5"), 0.8), (note("B5"), 0.55)):
        # each pipe speaks a little flat and comes up to pitch as the steam builds
        tone = oscillator(glide(n, freq * 0.97, freq, 0.08), pipe)
        mix_into(out, tone, 0.0, level)
    hiss = biquad(rng.white(n), "bandpass", 2600.0, 0.9)
    mix_into(out, hiss, 0.0, 0.45)
    out = biquad(out, "lowpass", 6000.0, 0.707)
    out = multiply(out, adsr(n, 0.09, 0.1, 0.85, duration - 0.22, 0.2))
    return finish(out, -8.0, fade_out=0.05, highpass=150.0)


def train() -> Signal:
    """Trains set down on a route: three soft wooden clacks in quick succession, each a
    damped knock with a little rattle."""
    rng = SplitMix64(0x7A1E)
    out = silence(0.42)
    for k, at in enumerate((0.0, 0.11, 0.22)):
        pitch = 420.0 * (1.0 - 0.05 * k)
        knock = modes(0.16, ((pitch, 1.0, 0.022), (pitch * 2.63, 0.45, 0.012), (pitch * 4.1, 0.2, 0.007)))
        mix_into(out, knock, at + 0.002, 1.0 - 0.12 * k)
        rattle = noise_burst(rng, 0.05, 0.001, 0.01, "bandpass", 1800.0, 1.4)
        mix_into(out, rattle, at + 0.002, 0.25)
    out = biquad(out, "lowpass", 7000.0, 0.707)
    return finish(out, -6.0, fade_out=0.04, highpass=80.0)


EFFECTS: dict[str, Callable[[], Signal]] = {
    "whistle": whistle,
    "train": train,
}
