"""Synthesise Journeys' sound effects into sounds/ (16-bit mono 44100 Hz WAV).

Run from anywhere:  python build_scripts/make_sounds.py [--out DIR] [NAME ...]

Pure standard library, and deterministic: every effect draws its noise from its own
fixed-seed generator (SplitMix64), never from the `random` module, so the same script gives
the same files on every machine (up to the last bit of the platform's maths library).

Each effect is a small recipe of classic synthesis: decaying partials for struck things
(bell, coin, chimes), filtered noise bursts for paper and dice, additive tones for the horn
and the fanfare. Every recipe ends in `finish()`, which removes DC, normalises the peak and
puts raised-cosine fades on both ends so nothing clicks. The design asks for sounds that are
"short and soft": mostly 0.08-0.6 s, peaks near -6 dBFS, sustained sounds a little lower so
that they do not feel louder than the short ones, and little energy above ~8 kHz.
"""
from __future__ import annotations

import argparse
import array
import io
import math
import sys
import wave
from pathlib import Path
from collections.abc import Callable, Sequence

SAMPLE_RATE = 44100
TWO_PI = 2.0 * math.pi
Signal = list[float]

# ---------------------------------------------------------------------------------------
# Noise: our own seeded generator
# ---------------------------------------------------------------------------------------

_MASK64 = (1 << 64) - 1


class SplitMix64:
    """A tiny, well-mixed 64-bit generator; the same seed gives the same stream everywhere."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def random(self) -> float:
        """Uniform in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def uniform(self, low: float, high: float) -> float:
        return low + (high - low) * self.random()

    def white(self, n: int) -> Signal:
        """n samples of white noise in [-1, 1)."""
        return [2.0 * self.random() - 1.0 for _ in range(n)]


# ---------------------------------------------------------------------------------------
# Small DSP toolbox (lists of floats, full scale = 1.0)
# ---------------------------------------------------------------------------------------

def samples(seconds: float) -> int:
    return int(round(seconds * SAMPLE_RATE))


def silence(seconds: float) -> Signal:
    return [0.0] * samples(seconds)


def mix_into(dst: Signal, src: Sequence[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add `src` into `dst` starting at time `at` (seconds); whatever overhangs is dropped."""
    start = samples(at)
    end = min(len(dst), start + len(src))
    for i in range(max(0, start), end):
        dst[i] += gain * src[i - start]


def multiply(x: Signal, env: Sequence[float]) -> Signal:
    return [a * b for a, b in zip(x, env)]


def taper_end(x: Signal, seconds: float = 0.003) -> Signal:
    """Fade the last `seconds` of `x` to zero (in place), so a cut-off tail cannot click."""
    n = len(x)
    nt = min(n, max(1, samples(seconds)))
    for j in range(nt):
        x[n - 1 - j] *= 0.5 - 0.5 * math.cos(math.pi * j / nt)
    return x


def attack_decay(n: int, attack: float, decay: float, hold: float = 0.0) -> Signal:
    """Raised-cosine rise over `attack` s, flat for `hold` s, then exp decay (time constant);
    the very end is tapered to zero."""
    na = max(1, samples(attack))
    nh = samples(hold)
    k = 1.0 / (decay * SAMPLE_RATE)
    env = []
    for i in range(n):
        if i < na:
            env.append(0.5 - 0.5 * math.cos(math.pi * i / na))
        elif i < na + nh:
            env.append(1.0)
        else:
            env.append(math.exp(-(i - na - nh) * k))
    return taper_end(env)


def adsr(n: int, attack: float, decay: float, sustain: float, release_at: float,
         release: float) -> Signal:
    """A smooth ADSR: raised-cosine attack, exponential decay to `sustain`, then a
    raised-cosine release starting at `release_at` s and lasting `release` s."""
    na = max(1, samples(attack))
    r0, nr = samples(release_at), max(1, samples(release))
    kd = 1.0 / max(1e-6, decay * SAMPLE_RATE)
    env = []
    for i in range(n):
        if i < na:
            level = 0.5 - 0.5 * math.cos(math.pi * i / na)
        else:
            level = sustain + (1.0 - sustain) * math.exp(-(i - na) * kd)
        if i >= r0:
            j = i - r0
            level *= 0.5 + 0.5 * math.cos(math.pi * j / nr) if j < nr else 0.0
        env.append(level)
    return env


def biquad(x: Sequence[float], kind: str, freq: float, q: float = 0.707) -> Signal:
    """RBJ-cookbook biquad: kind is 'lowpass', 'highpass' or 'bandpass' (0 dB peak)."""
    w = TWO_PI * freq / SAMPLE_RATE
    cw, alpha = math.cos(w), math.sin(w) / (2.0 * q)
    if kind == "lowpass":
        b0, b1, b2 = (1 - cw) / 2, 1 - cw, (1 - cw) / 2
    elif kind == "highpass":
        b0, b1, b2 = (1 + cw) / 2, -(1 + cw), (1 + cw) / 2
    elif kind == "bandpass":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0, a1, a2 = 1 + alpha, -2 * cw, 1 - alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    y: Signal = []
    x1 = x2 = y1 = y2 = 0.0
    for v in x:
        out = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, out
        y.append(out)
    return y


def sweep_bandpass(x: Sequence[float], freqs: Sequence[float], q: float) -> Signal:
    """A state-variable band-pass (Simper's TPT form) whose centre follows `freqs` per sample."""
    k = 1.0 / q
    ic1 = ic2 = 0.0
    y: Signal = []
    for v, f in zip(x, freqs):
        g = math.tan(math.pi * min(f, 0.45 * SAMPLE_RATE) / SAMPLE_RATE)
        a1 = 1.0 / (1.0 + g * (g + k))
        v1 = a1 * ic1 + g * a1 * (v - ic2)
        v2 = ic2 + g * v1
        ic1, ic2 = 2.0 * v1 - ic1, 2.0 * v2 - ic2
        y.append(k * v1)  # scaled so the peak gain is 1
    return y


def sweep_lowpass(x: Sequence[float], cutoffs: Sequence[float]) -> Signal:
    """Two cascaded one-pole low-passes whose cutoff follows `cutoffs` per sample
    (a gentle 12 dB/octave 'brightness' control for the brass voices)."""
    s1 = s2 = 0.0
    y: Signal = []
    for v, f in zip(x, cutoffs):
        a = math.exp(-TWO_PI * f / SAMPLE_RATE)
        s1 = (1.0 - a) * v + a * s1
        s2 = (1.0 - a) * s1 + a * s2
        y.append(s2)
    return y


def glide(n: int, start: float, end: float, time: float) -> Signal:
    """A frequency track moving exponentially-smoothly from `start` to `end` over `time` s."""
    nt = max(1, samples(time))
    out = []
    for i in range(n):
        u = min(1.0, i / nt)
        u = u * u * (3.0 - 2.0 * u)  # smoothstep
        out.append(start * (end / start) ** u)
    return out


def oscillator(freqs: Sequence[float], harmonics: Sequence[float] = (1.0,),
               phase: float = 0.0) -> Signal:
    """Additive oscillator following a per-sample frequency track; harmonics above 18 kHz
    are dropped so nothing aliases."""
    y: Signal = []
    ph = phase
    amps = list(harmonics)
    for f in freqs:
        # sin(h*ph) for h = 1, 2, ... by the Chebyshev recurrence: one sin and one cos per
        # sample instead of one sin per harmonic
        top = min(len(amps), int(18000.0 / f)) if f > 0 else len(amps)
        c2 = 2.0 * math.cos(ph)
        prev, cur = 0.0, math.sin(ph)
        s = 0.0
        for h in range(top):
            s += amps[h] * cur
            prev, cur = cur, c2 * cur - prev
        y.append(s)
        ph += TWO_PI * f / SAMPLE_RATE
        if ph > TWO_PI:
            ph -= TWO_PI
    return y


def modes(duration: float, partials: Sequence[tuple[float, float, float]],
          attack: float = 0.0008) -> Signal:
    """A struck object: a sum of exponentially decaying sine partials (freq Hz, amplitude,
    decay time constant s), all starting at phase 0 behind a very short attack."""
    n = samples(duration)
    na = max(1, samples(attack))
    out = [0.0] * n
    for freq, amp, tau in partials:
        if freq >= 18000.0:
            continue
        w = TWO_PI * freq / SAMPLE_RATE
        k = math.exp(-1.0 / (tau * SAMPLE_RATE))
        # rotate a phasor instead of calling sin/exp per sample
        c, s = math.cos(w), math.sin(w)
        re, im, level = 1.0, 0.0, amp
        for i in range(n):
            out[i] += level * im
            re, im = re * c - im * s, re * s + im * c
            level *= k
            if level < 1e-5 * amp:
                break
    for i in range(min(na, n)):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / na)
    return taper_end(out)


def noise_burst(rng: SplitMix64, duration: float, attack: float, decay: float,
                kind: str = "bandpass", freq: float = 3000.0, q: float = 1.0) -> Signal:
    """A filtered noise burst with a smooth onset and an exponential tail."""
    n = samples(duration)
    x = biquad(rng.white(n), kind, freq, q)
    return multiply(x, attack_decay(n, attack, decay))


def soft_clip(x: Sequence[float], drive: float) -> Signal:
    """tanh saturation, normalised so a full-scale input stays full scale."""
    norm = math.tanh(drive)
    return [math.tanh(drive * v) / norm for v in x]


def dbfs(x: Sequence[float]) -> float:
    peak = max((abs(v) for v in x), default=0.0)
    return 20.0 * math.log10(peak) if peak > 0 else -math.inf


def finish(x: Signal, peak_db: float = -6.0, fade_in: float = 0.001,
           fade_out: float = 0.02, highpass: float = 25.0) -> Signal:
    """The common last steps: DC/rumble removal, raised-cosine fades on both ends (so the
    first and last samples are exactly silent) and peak normalisation to `peak_db` dBFS."""
    y = biquad(x, "highpass", highpass, 0.707)
    n = len(y)
    ni, no = max(1, samples(fade_in)), max(1, samples(fade_out))
    for i in range(min(ni, n)):
        y[i] *= 0.5 - 0.5 * math.cos(math.pi * i / ni)
    for j in range(min(no, n)):
        y[n - 1 - j] *= 0.5 - 0.5 * math.cos(math.pi * j / no)
    y[0] = y[-1] = 0.0
    peak = max(abs(v) for v in y)
    gain = 10.0 ** (peak_db / 20.0) / peak
    return [v * gain for v in y]


def note(name: str) -> float:
    """Equal-tempered frequency of a note such as 'C5' or 'F#4' (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    letter, rest = name[0], name[1:]
    shift = 0
    while rest and rest[0] in "#b":
        shift += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    semis = steps[letter] + shift + 12 * (int(rest) - 4)
    return 440.0 * 2.0 ** (semis / 12.0)


# ---------------------------------------------------------------------------------------
# The effects
# ---------------------------------------------------------------------------------------

def card_flip() -> Signal:
    """A crisp paper flick: a short swish of air as the card turns, then the snap of its
    edge -- band-passed noise whose centre sweeps upwards, like a flexing card."""
    rng = SplitMix64(0xC4F1)
    out = silence(0.13)
    # the air moving as the card turns: soft, low-mid, swelling into the snap
    n = samples(0.05)
    swish = biquad(rng.white(n), "bandpass", 1400.0, 0.8)
    mix_into(out, multiply(swish, adsr(n, 0.03, 0.01, 1.0, 0.028, 0.02)), 0.0, 0.25)
    # the snap: noise through a band-pass sweeping 1.8 -> 5.2 kHz in 25 ms
    n = samples(0.1)
    snap = sweep_bandpass(rng.white(n), glide(n, 1800.0, 5200.0, 0.025), 1.4)
    snap = multiply(snap, attack_decay(n, 0.0015, 0.016))
    mix_into(out, snap, 0.024, 1.0)
    out = biquad(out, "highpass", 350.0, 0.707)
    out = biquad(out, "lowpass", 9000.0, 0.707)
    return finish(out, -6.0, fade_out=0.03)


def card_place() -> Signal:
    """A soft card landing on a table: a faint swish, then a muffled pat with a little
    low 'thup' of the table top."""
    rng = SplitMix64(0xC4F2)
    out = silence(0.18)
    land = 0.03
    # the card gliding down: very quiet, ends as it lands
    n = samples(land)
    swish = biquad(rng.white(n), "bandpass", 1600.0, 0.9)
    mix_into(out, multiply(swish, adsr(n, 0.022, 0.01, 1.0, 0.022, 0.008)), 0.0, 0.12)
    # the pat: low-passed noise, fast attack, short tail
    n = samples(0.1)
    pat = biquad(biquad(rng.white(n), "lowpass", 1500.0, 0.6), "lowpass", 1500.0, 0.6)
    mix_into(out, multiply(pat, attack_decay(n, 0.0015, 0.02)), land, 1.0)
    # the paper slap on top: a touch of upper-mid noise
    mix_into(out, noise_burst(rng, 0.03, 0.0005, 0.004, "bandpass", 2600.0, 0.8), land, 0.3)
    # the table top: a low sine dropping in pitch
    n = samples(0.12)
    thup = multiply(oscillator(glide(n, 190.0, 125.0, 0.05)), attack_decay(n, 0.002, 0.022))
    mix_into(out, thup, land, 0.12)
    out = biquad(out, "lowpass", 4500.0, 0.707)
    return finish(out, -6.0, fade_out=0.04, highpass=80.0)


def card_shuffle() -> Signal:
    """A short riffle: forty cards flapping off the thumbs in a quick accelerating burst,
    then the deck squared with a soft pat."""
    rng = SplitMix64(0xC4F3)
    out = silence(0.5)
    count = 40
    start, span = 0.008, 0.33
    for i in range(count):
        u = i / (count - 1)
        t = start + span * (u ** 0.85) + rng.uniform(-0.0025, 0.0025)
        # the riffle swells in and dies away; each flap a little different
        level = math.sin(math.pi * (0.15 + 0.85 * u)) ** 0.7 * rng.uniform(0.6, 1.0)
        flap = noise_burst(rng, 0.014, 0.0004, rng.uniform(0.0015, 0.003), "bandpass",
                           rng.uniform(2200.0, 4000.0), 1.2)
        mix_into(out, flap, t, level)
    # the air and the cards rubbing under the flaps
    n = samples(0.36)
    bed = biquad(rng.white(n), "bandpass", 1800.0, 0.6)
    mix_into(out, multiply(bed, adsr(n, 0.06, 0.1, 1.0, 0.24, 0.12)), 0.0, 0.1)
    # the deck squared on the table
    n = samples(0.09)
    pat = biquad(biquad(rng.white(n), "lowpass", 900.0, 0.6), "lowpass", 900.0, 0.6)
    mix_into(out, multiply(pat, attack_decay(n, 0.0015, 0.018)), 0.39, 0.6)
    out = biquad(out, "lowpass", 8000.0, 0.707)
    return finish(out, -6.0, fade_out=0.05, highpass=120.0)


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


def _chime(freq: float, duration: float, decay: float) -> Signal:
    """One glockenspiel-like note: the fundamental with the free bar's inharmonic overtones
    (2.76 and 5.40 times), which fade much faster than the fundamental."""
    return modes(duration, (
        (freq, 1.0, decay),
        (freq * 2.0, 0.06, decay * 0.5),
        (freq * 2.76, 0.22, decay * 0.25),
        (freq * 5.40, 0.07, decay * 0.12),
    ), attack=0.0015)


def opportunity() -> Signal:
    """A bright three-note chime rising through an A major triad: something good arrived."""
    out = silence(0.6)
    for at, name, decay, level in ((0.0, "A5", 0.16, 0.8), (0.075, "C#6", 0.18, 0.85),
                                   (0.15, "E6", 0.26, 1.0)):
        mix_into(out, _chime(note(name), 0.6 - at, decay), at + 0.002, level)
    # a quiet octave above the last note adds sparkle without more loudness
    mix_into(out, _chime(note("E7"), 0.4, 0.12), 0.152, 0.12)
    out = biquad(out, "lowpass", 10000.0, 0.707)
    return finish(out, -8.0, fade_out=0.1, highpass=200.0)


def coin() -> Signal:
    """A coin clink: a small metal disc struck against another -- high inharmonic partials
    with short decays, a second lighter touch 60 ms later."""
    rng = SplitMix64(0xC011)
    out = silence(0.38)
    disc = ((1.0, 1.0, 0.11), (1.006, 0.55, 0.10), (1.73, 0.55, 0.07),
            (2.33, 0.45, 0.055), (3.10, 0.25, 0.04), (3.91, 0.14, 0.03))
    for at, base, level in ((0.003, 2150.0, 1.0), (0.062, 2290.0, 0.55)):
        partials = [(base * r, a, tau) for r, a, tau in disc]
        mix_into(out, modes(0.36, partials, attack=0.0004), at, level)
        mix_into(out, noise_burst(rng, 0.006, 0.0002, 0.0006, "highpass", 4000.0),
                 at, 0.15 * level)
    out = biquad(out, "lowpass", 9000.0, 0.707)
    return finish(out, -7.0, fade_out=0.08, highpass=300.0)


def dice() -> Signal:
    """Two dice rattled in a hand and thrown onto a wooden table: muffled clicks, then
    hard bounces with shortening gaps, each knocking the table's low wooden modes."""
    rng = SplitMix64(0xD1CE)
    out = silence(0.6)
    table = ((190.0, 0.6, 0.035), (420.0, 0.7, 0.028), (760.0, 0.55, 0.018),
             (1230.0, 0.35, 0.01))

    def hit(at: float, level: float, muffled: bool) -> None:
        # the die's corner: a plastic click
        click_freq = rng.uniform(2600.0, 3800.0) * (0.6 if muffled else 1.0)
        mix_into(out, noise_burst(rng, 0.012, 0.0003, 0.0012, "bandpass", click_freq, 1.5),
                 at, level * (0.5 if muffled else 1.0))
        # the die itself rings very briefly
        size = rng.uniform(0.95, 1.05)
        mix_into(out, modes(0.03, ((3100.0 * size, 0.25, 0.004), (4700.0 * size, 0.12,
                                                                   0.003))), at, level)
        if not muffled:  # the table answers the landings only
            jitter = rng.uniform(0.97, 1.03)
            mix_into(out, modes(0.15, [(f * jitter, a, tau) for f, a, tau in table],
                                attack=0.0005), at, 0.55 * level)

    # rattling in a loose fist
    t = 0.01
    for i in range(7):
        hit(t, 0.9 + 0.15 * math.sin(i * 1.7), muffled=True)
        t += rng.uniform(0.017, 0.026)
    # thrown: each die bounces with shortening gaps, then comes to rest
    for first, gap, level in ((0.19, 0.085, 1.0), (0.215, 0.07, 0.8)):
        t, amp = first, level
        for _ in range(6):
            hit(t + rng.uniform(-0.003, 0.003), amp, muffled=False)
            t += gap
            gap *= 0.62
            amp *= 0.58
    out = biquad(out, "lowpass", 8000.0, 0.707)
    return finish(out, -6.0, fade_out=0.08, highpass=70.0)


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


def click() -> Signal:
    """A soft UI click: a tiny dropping 'tk' with a rounded body."""
    rng = SplitMix64(0xC11C)
    out = silence(0.08)
    n = samples(0.05)
    tick = multiply(oscillator(glide(n, 1700.0, 1150.0, 0.006)), attack_decay(n, 0.0004, 0.004))
    mix_into(out, tick, 0.001, 1.0)
    body = multiply(oscillator([620.0] * n), attack_decay(n, 0.0008, 0.008))
    mix_into(out, body, 0.001, 0.35)
    mix_into(out, noise_burst(rng, 0.01, 0.0002, 0.0006, "bandpass", 3200.0, 1.0), 0.001, 0.25)
    out = biquad(out, "lowpass", 6000.0, 0.707)
    return finish(out, -6.0, fade_out=0.02, highpass=150.0)


def error() -> Signal:
    """A gentle low 'bonk' for an illegal click: a rounded, slightly hollow knock that
    drops in pitch -- clearly 'no', never harsh."""
    out = silence(0.3)
    n = samples(0.29)
    track = glide(n, 240.0, 165.0, 0.07)
    tone = oscillator(track, (1.0, 0.35, 0.12, 0.05))
    out_env = attack_decay(n, 0.004, 0.08)
    mix_into(out, multiply(tone, out_env), 0.0)
    # the hollow 'o' of the bonk: a short woody overtone
    knock = oscillator([f * 2.76 for f in track])
    mix_into(out, multiply(knock, attack_decay(n, 0.002, 0.018)), 0.0, 0.18)
    out = biquad(out, "lowpass", 1600.0, 0.6)
    return finish(out, -6.0, fade_in=0.002, fade_out=0.06, highpass=60.0)


def _mallet(freq: float, duration: float, decay: float) -> Signal:
    """A soft marimba-like note: fundamental with the bar's 4x and 10x overtones."""
    return modes(duration, ((freq, 1.0, decay), (freq * 4.0, 0.12, decay * 0.18),
                            (freq * 9.9, 0.03, decay * 0.06)), attack=0.003)


def turn() -> Signal:
    """A soft two-note 'your turn' cue: a rising fourth on a mellow mallet."""
    out = silence(0.5)
    mix_into(out, _mallet(note("D5"), 0.5, 0.12), 0.002, 0.8)
    mix_into(out, _mallet(note("G5"), 0.37, 0.17), 0.13, 1.0)
    out = biquad(out, "lowpass", 5000.0, 0.707)
    return finish(out, -8.0, fade_out=0.1, highpass=120.0)


def _brass(freq: float, duration: float, attack: float, sustain: float,
           release_at: float, seed: int, vibrato_from: float = 10.0) -> Signal:
    """A warm soft-brass voice: two slightly detuned bright oscillators through a low-pass
    that opens with the attack (brass gets brighter as it gets louder)."""
    rng = SplitMix64(seed)
    n = samples(duration)
    harmonics = [1.0 / k ** 1.6 for k in range(1, 11)]
    track = []
    for i in range(n):
        t = i / SAMPLE_RATE
        depth = 0.0035 * min(1.0, max(0.0, (t - vibrato_from) / 0.3))
        track.append(freq * (1.0 + depth * math.sin(TWO_PI * 5.2 * t)))
    voice = [0.0] * n
    for cents in (-4.0, 4.0):
        ratio = 2.0 ** (cents / 1200.0)
        mix_into(voice, oscillator([f * ratio for f in track], harmonics,
                                   phase=rng.uniform(0.0, TWO_PI)))
    env = adsr(n, attack, 0.25, sustain, release_at, duration - release_at)
    brightness = [freq * 1.2 + 2200.0 * e for e in env]
    return multiply(sweep_lowpass(voice, brightness), env)


def game_end() -> Signal:
    """A short warm fanfare: a rising C major arpeggio on soft brass landing on a full,
    gently vibrating chord that fades within two seconds."""
    out = silence(1.8)
    # the arpeggio
    for i, name in enumerate(("C5", "E5", "G5")):
        at = 0.12 * i
        mix_into(out, _brass(note(name), 0.5, 0.015, 0.35, 0.16, seed=0xF0 + i), at, 0.55)
    # the landing chord, top note held longest
    land = 0.36
    chord = (("C4", 0.40), ("G4", 0.35), ("C5", 0.45), ("E5", 0.40), ("C6", 0.55))
    for i, (name, level) in enumerate(chord):
        voice = _brass(note(name), 1.8 - land, 0.03, 0.55, 0.8, seed=0xF8 + i,
                       vibrato_from=0.35)
        mix_into(out, voice, land, level)
    # a little sparkle on the landing
    mix_into(out, _chime(note("C7"), 0.6, 0.2), land, 0.12)
    mix_into(out, _chime(note("G6"), 0.6, 0.2), land + 0.06, 0.08)
    out = biquad(out, "lowpass", 7000.0, 0.707)
    return finish(out, -7.0, fade_out=0.15, highpass=60.0)


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


def right() -> Signal:
    """A right answer: two bright chime notes a major sixth apart, quick and light."""
    out = silence(0.55)
    mix_into(out, _chime(note("E6"), 0.55, 0.14), 0.002, 0.8)
    mix_into(out, _chime(note("C#7"), 0.45, 0.2), 0.09, 0.9)
    out = biquad(out, "lowpass", 10000.0, 0.707)
    return finish(out, -9.0, fade_out=0.1, highpass=250.0)


def wrong() -> Signal:
    """A wrong answer: a soft mallet falling a tritone, low and short, not a harsh buzzer."""
    out = silence(0.6)
    mix_into(out, _mallet(note("E4"), 0.6, 0.14), 0.002, 0.9)
    mix_into(out, _mallet(note("A#3"), 0.45, 0.2), 0.14, 1.0)
    out = biquad(out, "lowpass", 3500.0, 0.707)
    return finish(out, -8.0, fade_out=0.12, highpass=80.0)


def capstone() -> Signal:
    """The Rubi Ubi is thrown: a rising four-note chime arpeggio over a soft brass swell,
    more of an occasion than a die."""
    out = silence(0.78)
    mix_into(out, _brass(note("G4"), 0.7, 0.1, 0.5, 0.42, seed=0xCA9), 0.0, 0.35)
    for i, name in enumerate(("G5", "B5", "D6", "G6")):
        mix_into(out, _chime(note(name), 0.76 - 0.07 * i, 0.18), 0.002 + 0.07 * i, 0.7 + 0.1 * i)
    out = biquad(out, "lowpass", 9000.0, 0.707)
    return finish(out, -8.0, fade_out=0.16, highpass=120.0)


EFFECTS: dict[str, Callable[[], Signal]] = {
    "card_flip": card_flip,
    "card_place": card_place,
    "card_shuffle": card_shuffle,
    "bell": bell,
    "opportunity": opportunity,
    "coin": coin,
    "dice": dice,
    "horn": horn,
    "engine": engine,
    "click": click,
    "error": error,
    "turn": turn,
    "game_end": game_end,
    "whistle": whistle,
    "train": train,
    "skid": skid,
    "right": right,
    "wrong": wrong,
    "capstone": capstone,
}


# ---------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------

def to_pcm16(x: Sequence[float]) -> bytes:
    """Round to 16-bit little-endian PCM (clamped, though finish() leaves ample headroom)."""
    pcm = array.array("h", (max(-32767, min(32767, int(round(v * 32767.0)))) for v in x))
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm.tobytes()


def wav_bytes(x: Sequence[float]) -> bytes:
    """A complete 16-bit mono WAV file of signal `x`, as bytes."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(to_pcm16(x))
    return buffer.getvalue()


def render(name: str) -> bytes:
    """The complete WAV file of effect `name`, as bytes."""
    return wav_bytes(EFFECTS[name]())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_out = Path(__file__).resolve().parent.parent / "sounds"
    parser.add_argument("--out", type=Path, default=default_out, help="output folder")
    parser.add_argument("names", nargs="*", help="effects to make (default: all)")
    args = parser.parse_args(argv)
    names = args.names or list(EFFECTS)
    unknown = [n for n in names if n not in EFFECTS]
    if unknown:
        parser.error(f"unknown effect(s): {', '.join(unknown)}; known: {', '.join(EFFECTS)}")
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name in names:
        signal = EFFECTS[name]()
        data = wav_bytes(signal)
        (args.out / f"{name}.wav").write_bytes(data)
        total += len(data)
        print(f"{name:14s} {len(signal) / SAMPLE_RATE:5.2f} s  {len(data) / 1024:6.1f} KiB"
              f"  peak {dbfs(signal):5.1f} dBFS")
    print(f"{'total':14s}          {total / 1024:6.1f} KiB -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
