"""UBike Tour's sound effects: how each is synthesised (see game/tools/synth.py).

build_scripts/make_sounds.py finds this module by its name and writes sounds/<name>.wav for
each recipe in `EFFECTS`; the spec names the same effects in its `sounds`. The game never
imports this module: it plays the files.
"""
from __future__ import annotations

from collections.abc import Callable

from game.tools.synth import (
    Signal, SplitMix64, silence, mix_into, biquad, modes, noise_burst, finish, note, chime)


# A bicycle-bell dome: partials in the ratio of a thin shell, each appearing as a close pair
# (the dome is not perfectly round), which gives the slow shimmer of a real bell.
_BELL_BASE = 1720.0
_BELL_PARTIALS = (  # ratio, amplitude, decay time constant (s)
    (1.000, 1.00, 0.26), (1.0042, 0.4, 0.24),
    (2.390, 0.42, 0.14), (2.404, 0.2, 0.13),
    (3.910, 0.20, 0.07), (5.470, 0.10, 0.045), (7.120, 0.05, 0.03),
)


def bell() -> Signal:
    """A bicycle bell, 'ring-ring': two quick clapper strikes on a dome with inharmonic,
    beating partials; the second strike hits a ringing bell a little differently."""
    rng = SplitMix64(0xBE11)
    out = silence(0.6)
    for at, level, tilt in ((0.004, 1.0, 1.0), (0.135, 0.85, 0.8)):
        partials = [(_BELL_BASE * r, a * level * (tilt if r > 2 else 1.0), tau)
                    for r, a, tau in _BELL_PARTIALS]
        mix_into(out, modes(0.6, partials, attack=0.0006), at)
        # the clapper's tick: a whisper of high noise
        mix_into(out, noise_burst(rng, 0.01, 0.0003, 0.0008, "bandpass", 5000.0, 1.0),
                 at, 0.12 * level)
    out = biquad(out, "lowpass", 9000.0, 0.707)
    return finish(out, -7.0, fade_out=0.12, highpass=200.0)


def opportunity() -> Signal:
    """A bright three-note chime rising through an A major triad: something good arrived."""
    out = silence(0.6)
    for at, name, decay, level in ((0.0, "A5", 0.16, 0.8), (0.075, "C#6", 0.18, 0.85),
                                   (0.15, "E6", 0.26, 1.0)):
        mix_into(out, chime(note(name), 0.6 - at, decay), at + 0.002, level)
    # a quiet octave above the last note adds sparkle without more loudness
    mix_into(out, chime(note("E7"), 0.4, 0.12), 0.152, 0.12)
    out = biquad(out, "lowpass", 10000.0, 0.707)
    return finish(out, -8.0, fade_out=0.1, highpass=200.0)


EFFECTS: dict[str, Callable[[], Signal]] = {
    "bell": bell,
    "opportunity": opportunity,
}
