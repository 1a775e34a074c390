"""The sound synthesiser the effects' recipes are written with (16-bit mono 44100 Hz).

A recipe is a function of no arguments returning a `Signal` (a list of floats, full scale 1.0).
The app's own recipes are in build_scripts/make_sounds.py, each game's in its own folder,
`game/games/<id>/sounds.py` (an `EFFECTS` dict, name -> recipe); make_sounds.py finds those by
name, runs them all and writes sounds/<name>.wav. Nothing of the app imports this module when
it runs: the app only plays the files.

Pure standard library, and deterministic: every effect draws its noise from its own
fixed-seed generator (SplitMix64), never from the `random` module, so the same recipes give
the same files on every machine (up to the last bit of the platform's maths library).

Each effect is a small recipe of classic synthesis: decaying partials for struck things
(bell, coin, chimes), filtered noise bursts for paper and dice, additive tones for the horn
and the fanfare. Every recipe ends in `finish()`, which removes DC, normalises the peak and
puts raised-cosine fades on both ends so nothing clicks. The design asks for sounds that are
"short and soft": mostly 0.08-0.6 s, peaks near -6 dBFS, sustained sounds a little lower so
that they do not feel louder than the short ones, and little energy above ~8 kHz.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

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
# Voices that several effects play (the app's and the games')
# ---------------------------------------------------------------------------------------

def chime(freq: float, duration: float, decay: float) -> Signal:
    """One glockenspiel-like note: the fundamental with the free bar's inharmonic overtones
    (2.76 and 5.40 times), which fade much faster than the fundamental."""
    return modes(duration, (
        (freq, 1.0, decay),
        (freq * 2.0, 0.06, decay * 0.5),
        (freq * 2.76, 0.22, decay * 0.25),
        (freq * 5.40, 0.07, decay * 0.12),
    ), attack=0.0015)


def mallet(freq: float, duration: float, decay: float) -> Signal:
    """A soft marimba-like note: fundamental with the bar's 4x and 10x overtones."""
    return modes(duration, ((freq, 1.0, decay), (freq * 4.0, 0.12, decay * 0.18),
                            (freq * 9.9, 0.03, decay * 0.06)), attack=0.003)


def brass(freq: float, duration: float, attack: float, sustain: float,
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
