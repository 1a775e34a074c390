"""Rallyman GT's sound effects: how each is synthesised (see game/tools/synth.py).

build_scripts/make_sounds.py finds this module by its name and writes sounds/<name>.wav for
each recipe in `EFFECTS`; the spec names the same effects in its `sounds`. The game never
imports this module: it plays the files.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from game.tools.synth import (
    SAMPLE_RATE, TWO_PI, Signal, SplitMix64, samples, mix_into, multiply, adsr, biquad,
    oscillator, noise_burst, soft_clip, finish)


def engine() -> Signal:
    """A short car engine rev: firing pulses whose rate climbs from idle to a quick 'vroom'
    and falls back, each pulse a damped exhaust resonance with a puff of noise."""
    rng = SplitMix64(0xE461)
    duration = 0.68
    n = samples(duration)
    # firing rate (pulses per second) through the rev
    rate = []
    for i in range(n):
        t = i / SAMPLE_RATE
        if t < 0.06:
            r = 30.0
        elif t < 0.3:
            u = (t - 0.06) / 0.24
            r = 30.0 + 70.0 * (u * u * (3 - 2 * u))
        else:
            u = min(1.0, (t - 0.3) / 0.35)
            r = 100.0 - 52.0 * (u * u * (3 - 2 * u))
        rate.append(r)
    out = [0.0] * n
    phase, since, amp = 0.0, 1.0, 1.0
    for i in range(n):
        phase += rate[i] / SAMPLE_RATE
        since += 1.0 / SAMPLE_RATE
        if phase >= 1.0:  # a cylinder fires
            phase -= 1.0
            since = 0.0
            amp = rng.uniform(0.8, 1.0)
        pulse = math.exp(-since / 0.006) * math.sin(TWO_PI * 210.0 * since)
        puff = math.exp(-since / 0.0025) * (2.0 * rng.random() - 1.0)
        out[i] = amp * (pulse + 0.35 * puff)
    # the exhaust body: low-pass plus a resonance around 260 Hz
    out = biquad(biquad(out, "lowpass", 1800.0, 0.7), "lowpass", 1800.0, 0.7)
    mix_into(out, biquad(out, "bandpass", 300.0, 2.0), 0.0, 1.0)
    # throttle: louder while revving
    throttle = []
    for i in range(n):
        t = i / SAMPLE_RATE
        throttle.append(0.45 + 0.55 * math.exp(-((t - 0.27) / 0.14) ** 2))
    out = multiply(out, throttle)
    out = multiply(out, adsr(n, 0.02, 0.1, 1.0, duration - 0.12, 0.12))
    return finish(out, -6.0, fade_out=0.02, highpass=110.0)


def skid() -> Signal:
    """Tyres losing their grip: a squeal whose pitch wavers and sags as the car slides,
    over the hiss of rubber scrubbing the asphalt, dying away as it stops."""
    rng = SplitMix64(0x5C1D)
    duration = 0.72
    n = samples(duration)
    # the squeal: a rough tone near 1.3 kHz, wavering (the tyre's stick-slip) and sagging
    freqs = []
    for i in range(n):
        t = i / SAMPLE_RATE
        wobble = 38.0 * math.sin(TWO_PI * 17.0 * t) + 14.0 * math.sin(TWO_PI * 41.0 * t + 1.3)
        freqs.append(1350.0 - 260.0 * (t / duration) + wobble)
    squeal = oscillator(freqs, (1.0, 0.45, 0.22, 0.1))
    grit = [2.0 * rng.random() - 1.0 for _ in range(n)]
    squeal = [v * (0.85 + 0.3 * g) for v, g in zip(squeal, biquad(grit, "lowpass", 90.0, 0.7))]
    out = multiply(squeal, adsr(n, 0.03, 0.25, 0.7, duration - 0.22, 0.2))
    # the scrub: band-passed noise, loudest at the start of the slide
    scrub = noise_burst(rng, duration, 0.02, 0.28, "bandpass", 2400.0, 0.9)
    mix_into(out, scrub, 0.0, 0.55)
    out = soft_clip(out, 1.4)
    return finish(out, -6.0, fade_out=0.08, highpass=300.0)


EFFECTS: dict[str, Callable[[], Signal]] = {
    "engine": engine,
    "skid": skid,
}
