"""Städtetour's sound effects: how each is synthesised (see game/tools/synth.py).

build_scripts/make_sounds.py finds this module by its name and writes sounds/<name>.wav for
each recipe in `EFFECTS`; the spec names the same effects in its `sounds`. The game never
imports this module: it plays the files.
"""
from __future__ import annotations

from collections.abc import Callable

from game.tools.synth import (
    Signal, samples, silence, mix_into, multiply, adsr, biquad, glide, oscillator, soft_clip,
    finish, note)


def horn() -> Signal:
    """A friendly bus horn: a two-tone (major third) reedy honk, 'toot-toot', the second a
    little longer. Soft saturation and a low-pass keep it round rather than blaring."""
    out = silence(0.56)
    reed = [1.0 / k ** 1.25 for k in range(1, 15)]
    for at, length in ((0.0, 0.15), (0.21, 0.3)):
        n = samples(length + 0.05)
        voice = [0.0] * n
        for freq, level in ((note("F#4"), 1.0), (note("A#4"), 0.85)):
            # the reed starts a little flat and settles
            tone = oscillator(glide(n, freq * 0.965, freq, 0.03), reed)
            mix_into(voice, tone, 0.0, level)
        voice = soft_clip([v * 0.25 for v in voice], 1.6)
        voice = biquad(voice, "lowpass", 2200.0, 0.6)
        voice = multiply(voice, adsr(n, 0.012, 0.08, 0.8, length, 0.04))
        mix_into(out, voice, at + 0.002)
    # the horn's bell: a gentle bump around 1 kHz
    body = biquad(out, "bandpass", 1000.0, 1.2)
    mix_into(out, body, 0.0, 0.35)
    return finish(out, -8.0, fade_out=0.03, highpass=120.0)


EFFECTS: dict[str, Callable[[], Signal]] = {
    "horn": horn,
}
