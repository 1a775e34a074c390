"""Synthesise Journeys' sound effects into sounds/ (16-bit mono 44100 Hz WAV).

Run from anywhere:  python build_scripts/make_sounds.py [--out DIR] [NAME ...]

The recipes (how each effect is synthesised) of the app's own effects, the `APP_EFFECTS` of
game/ui/sound.py, are here. Each game's are in its own folder, found by name: the `EFFECTS`
(name -> recipe) of `game/games/<id>/sounds.py`, for the effects its spec declares in `sounds`.
All of them are written with the synthesiser of game/tools/synth.py, which says how (pure
standard library, and deterministic: the same recipes give the same files on every machine).
"""
from __future__ import annotations

import argparse
import array
import importlib
import importlib.util
import io
import math
import sys
import wave
from pathlib import Path
from collections.abc import Callable, Sequence

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))   # run as a script: the checkout's game package

from game.tools.synth import (  # noqa: E402
    SAMPLE_RATE, Signal, SplitMix64, samples, silence, mix_into, multiply, attack_decay, adsr, biquad,
    sweep_bandpass, glide, oscillator, modes, noise_burst, dbfs, finish, note, chime, mallet, brass)

Recipe = Callable[[], Signal]

# ---------------------------------------------------------------------------------------
# The app's own effects
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


def turn() -> Signal:
    """A soft two-note 'your turn' cue: a rising fourth on a mellow mallet."""
    out = silence(0.5)
    mix_into(out, mallet(note("D5"), 0.5, 0.12), 0.002, 0.8)
    mix_into(out, mallet(note("G5"), 0.37, 0.17), 0.13, 1.0)
    out = biquad(out, "lowpass", 5000.0, 0.707)
    return finish(out, -8.0, fade_out=0.1, highpass=120.0)


def game_end() -> Signal:
    """A short warm fanfare: a rising C major arpeggio on soft brass landing on a full,
    gently vibrating chord that fades within two seconds."""
    out = silence(1.8)
    # the arpeggio
    for i, name in enumerate(("C5", "E5", "G5")):
        at = 0.12 * i
        mix_into(out, brass(note(name), 0.5, 0.015, 0.35, 0.16, seed=0xF0 + i), at, 0.55)
    # the landing chord, top note held longest
    land = 0.36
    chord = (("C4", 0.40), ("G4", 0.35), ("C5", 0.45), ("E5", 0.40), ("C6", 0.55))
    for i, (name, level) in enumerate(chord):
        voice = brass(note(name), 1.8 - land, 0.03, 0.55, 0.8, seed=0xF8 + i,
                       vibrato_from=0.35)
        mix_into(out, voice, land, level)
    # a little sparkle on the landing
    mix_into(out, chime(note("C7"), 0.6, 0.2), land, 0.12)
    mix_into(out, chime(note("G6"), 0.6, 0.2), land + 0.06, 0.08)
    out = biquad(out, "lowpass", 7000.0, 0.707)
    return finish(out, -7.0, fade_out=0.15, highpass=60.0)


APP_RECIPES: dict[str, Recipe] = {
    "card_flip": card_flip,
    "card_place": card_place,
    "card_shuffle": card_shuffle,
    "coin": coin,
    "dice": dice,
    "click": click,
    "error": error,
    "turn": turn,
    "game_end": game_end,
}


# ---------------------------------------------------------------------------------------
# Every game's effects, found by name
# ---------------------------------------------------------------------------------------

#: the module of a game's folder that holds its recipes: game/games/<id>/sounds.py
RECIPES_MODULE = "sounds"


def game_recipes() -> dict[str, dict[str, Recipe]]:
    """The recipes of each game folder that has a recipes module, by the folder's name."""
    from game.core.registry import GAMES_PACKAGE, game_packages
    found: dict[str, dict[str, Recipe]] = {}
    for folder in game_packages():
        module = f"{GAMES_PACKAGE}.{folder}.{RECIPES_MODULE}"
        if importlib.util.find_spec(module) is not None:
            found[folder] = dict(importlib.import_module(module).EFFECTS)
    return found


def recipes() -> dict[str, Recipe]:
    """Every effect's recipe: the app's, then each game's (by folder name); an effect with
    two recipes is an error, not a silent choice."""
    everything = dict(APP_RECIPES)
    for folder, own in game_recipes().items():
        for name, recipe in own.items():
            if name in everything:
                raise ValueError(f"effect {name!r} of game/games/{folder}/{RECIPES_MODULE}.py "
                                 "has a recipe already")
            everything[name] = recipe
    return everything


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
    return wav_bytes(recipes()[name]())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "sounds", help="output folder")
    parser.add_argument("names", nargs="*", help="effects to make (default: all)")
    args = parser.parse_args(argv)
    effects = recipes()
    names = args.names or list(effects)
    unknown = [n for n in names if n not in effects]
    if unknown:
        parser.error(f"unknown effect(s): {', '.join(unknown)}; known: {', '.join(effects)}")
    args.out.mkdir(parents=True, exist_ok=True)
    total = 0
    for name in names:
        signal = effects[name]()
        data = wav_bytes(signal)
        (args.out / f"{name}.wav").write_bytes(data)
        total += len(data)
        print(f"{name:14s} {len(signal) / SAMPLE_RATE:5.2f} s  {len(data) / 1024:6.1f} KiB"
              f"  peak {dbfs(signal):5.1f} dBFS")
    print(f"{'total':14s}          {total / 1024:6.1f} KiB -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
