#!/usr/bin/env python3
"""Synthesises Fray's sound effects and music loops into assets/sound/.

Every sound is a recipe in scripts/sound.json; this file only knows how to turn recipes into
samples, so changing a sound is changing data. The output is committed: building or running the
game needs neither Python nor this script. Standard library only, and deterministic: every
random number comes from a generator seeded from the recipe file's seed and the sound's name,
so the same recipes give the same bytes on every run and every machine.

    python3 scripts/sound.py            # render everything, check the audio budget
    python3 scripts/sound.py hit guard  # render only these (the budget still counts all files)
"""

import array
import json
import math
import random
import sys
import wave
import zlib
from itertools import accumulate
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECIPES = ROOT / "scripts" / "sound.json"
OUT = ROOT / "assets" / "sound"
# The game's audio budget is 2 MB; the margin leaves room for a sound or two more.
BUDGET_BYTES = 1_800_000
TAU = 2.0 * math.pi
# An exponential decay is rendered until it is 60 dB down, where it is inaudible under the rest.
SILENCE = math.log(1000.0)
# A gate that cuts a ringing sound short ramps it out over this long instead of clicking.
CUT_RAMP_S = 0.005


# ---------------------------------------------------------------------------------------------
# Pitches

NATURALS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def midi(name):
    """MIDI number of a note name such as "A4", "G#2" or "Bb3"."""
    pitch = NATURALS[name[0].upper()]
    rest = name[1:]
    while rest and rest[0] in "#b":
        pitch += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    return 12 * (int(rest) + 1) + pitch


def hz(number):
    return 440.0 * 2.0 ** ((number - 69) / 12.0)


# ---------------------------------------------------------------------------------------------
# Oscillators take phases counted in cycles, so a sweep or vibrato only changes the phase track.
# Square and saw are naive (they alias); the recipes that use them low-pass them.

def osc_sine(phases, ratio):
    sin, w = math.sin, TAU * ratio
    return [sin(w * p) for p in phases]


def osc_square(phases, ratio):
    return [1.0 if (ratio * p) % 1.0 < 0.5 else -1.0 for p in phases]


def osc_saw(phases, ratio):
    return [2.0 * ((ratio * p) % 1.0) - 1.0 for p in phases]


def osc_triangle(phases, ratio):
    return [1.0 - 4.0 * abs((ratio * p) % 1.0 - 0.5) for p in phases]


OSCILLATORS = {"sine": osc_sine, "square": osc_square, "saw": osc_saw, "triangle": osc_triangle}


def noise(n, rng):
    rand = rng.random
    return [2.0 * rand() - 1.0 for _ in range(n)]


def sweep_track(start, end, n, sweep_n):
    """A value gliding exponentially from start to end over sweep_n samples, then held.

    Exponential because pitch and cutoff are heard as ratios: an octave takes as long at the
    bottom of a sweep as at the top.
    """
    if end is None or end == start or n == 0:
        return [start] * n
    sweep_n = max(1, min(sweep_n, n))
    step = (end / start) ** (1.0 / sweep_n)
    glide = list(accumulate([start] + [step] * (sweep_n - 1), lambda a, b: a * b))
    return glide + [end] * (n - sweep_n)


def phase_track(freqs, sr, vibrato):
    if vibrato:
        rate, cents = vibrato
        sin, w, depth = math.sin, TAU * rate / sr, cents / 1200.0 * math.log(2.0)
        exp = math.exp
        freqs = [f * exp(depth * sin(w * i)) for i, f in enumerate(freqs)]
    inv = 1.0 / sr
    return list(accumulate(f * inv for f in freqs))


# ---------------------------------------------------------------------------------------------
# Filters: one pole each, 6 dB an octave, cascaded by "poles" for a steeper slope. Cheap, never
# unstable, and soft enough to shape noise into wind, thuds and cymbals.

def lowpass(xs, cutoffs, sr):
    out, y, exp, k = [], 0.0, math.exp, -TAU / sr
    append = out.append
    for x, fc in zip(xs, cutoffs):
        y += (1.0 - exp(k * fc)) * (x - y)
        append(y)
    return out


def highpass(xs, cutoffs, sr):
    return [x - y for x, y in zip(xs, lowpass(xs, cutoffs, sr))]


def apply_filters(sig, layer, sr):
    n = len(sig)
    sweep_n = round(layer.get("filter_time", n / sr) * sr)
    poles = layer.get("poles", 1)
    for kind, run in (("highpass", highpass), ("lowpass", lowpass)):
        if kind in layer:
            cutoffs = sweep_track(layer[kind], layer.get(kind + "_end"), n, sweep_n)
            for _ in range(poles):
                sig = run(sig, cutoffs, sr)
    return sig


# ---------------------------------------------------------------------------------------------
# Envelopes. "exp" is a struck or plucked thing: a short rise, then an exponential ring that is
# left to die away unless the layer gives a "length". "adsr" is a held thing: it sustains for as
# long as its gate (the note's length) and then releases.

def envelope(spec, gate, sr):
    if spec.get("type", "exp") == "exp":
        attack, decay = spec.get("attack", 0.001), spec["decay"]
        total = attack + decay * SILENCE
        cut = gate is not None and gate < total
        n = round((gate if cut else total) * sr)
        na = max(1, round(attack * sr))
        exp, k = math.exp, -1.0 / (decay * sr)
        env = [i / na if i < na else exp(k * (i - na)) for i in range(n)]
        if cut:
            ramp = min(n, round(CUT_RAMP_S * sr))
            for i in range(ramp):
                env[n - 1 - i] *= i / ramp
        return env
    a, d, s, r = (spec[key] for key in ("attack", "decay", "sustain", "release"))
    na, nd, ng, nr = (max(1, round(t * sr)) for t in (a, d, gate, r))

    def held(i):
        if i < na:
            return i / na
        if i < na + nd:
            return 1.0 - (1.0 - s) * (i - na) / nd
        return s

    end = held(ng)
    return [held(i) for i in range(ng)] + [end * (1.0 - i / nr) for i in range(nr)]


# ---------------------------------------------------------------------------------------------
# A layer is one oscillator or noise source through its filters and envelope. A layer's "freq"
# may be replaced by a note's, and "bend" then glides relative to it, so the same drum or pluck
# recipe plays at any pitch.

def render_layer(layer, freq, gate, sr, rng):
    if layer.get("env", {}).get("type", "exp") == "exp":
        gate = layer.get("length")  # a struck sound rings past its note unless cut on purpose
    elif gate is None:
        gate = layer["length"]
    env = envelope(layer["env"], gate, sr)
    n = len(env)
    if layer["wave"] == "noise":
        sig = noise(n, rng)
    else:
        sig = tone(layer, freq, n, sr)
    sig = apply_filters(sig, layer, sr)
    gain = layer.get("gain", 1.0)
    drive = layer.get("drive")
    if drive:
        # Saturating after the envelope distorts only the loud start, as a real impact does.
        tanh, norm = math.tanh, gain / math.tanh(drive)
        return [tanh(drive * x * e) * norm for x, e in zip(sig, env)]
    return [x * e * gain for x, e in zip(sig, env)]


def tone(layer, freq, n, sr):
    """Sum of the layer's partials, for each voice of its unison."""
    oscillator = OSCILLATORS[layer["wave"]]
    sweep_n = round(layer.get("sweep_time", n / sr) * sr)
    partials = layer.get("partials", [[1.0, 1.0]])
    unison = layer.get("unison", [0.0])
    total = [0.0] * n
    for cents in unison:
        base = freq * 2.0 ** (cents / 1200.0)
        if "freq_end" in layer:
            end = layer["freq_end"] * 2.0 ** (cents / 1200.0)
        elif "bend" in layer:
            end = base * layer["bend"]
        else:
            end = None
        phases = phase_track(sweep_track(base, end, n, sweep_n), sr, layer.get("vibrato"))
        top = max(base, end or base)
        for partial in partials:
            ratio, level = partial[0], partial[1] / len(unison)
            if ratio * top >= sr / 2:
                continue  # above Nyquist it would only fold back as noise
            wave_ = oscillator(phases, ratio)
            if len(partial) > 2:
                # Upper partials of struck metal and plucked strings die faster than the
                # fundamental; this is what makes them sound struck rather than switched on.
                exp, k = math.exp, -1.0 / (partial[2] * sr)
                total = [t + level * w * exp(k * i) for i, (t, w) in enumerate(zip(total, wave_))]
            else:
                total = [t + level * w for t, w in zip(total, wave_)]
    return total


def render_instrument(instrument, freq, gate, sr, rng):
    layers = instrument if isinstance(instrument, list) else [instrument]
    out = []
    for layer in layers:
        sig = render_layer(layer, layer.get("freq", freq), gate, sr, rng)
        if len(sig) > len(out):
            out.extend([0.0] * (len(sig) - len(out)))
        for i, v in enumerate(sig):
            out[i] += v
    return out


def mix(buf, samples, start, gain, wrap):
    """Adds samples into buf at start; with wrap, what runs past the end comes in at the top,
    which is what makes a music loop seamless: the last bar's tails ring into the first."""
    n = len(buf)
    end = start + len(samples)
    if end <= n:
        buf[start:end] = [b + gain * s for b, s in zip(buf[start:end], samples)]
        return
    head = n - start
    buf[start:] = [b + gain * s for b, s in zip(buf[start:], samples[:head])]
    if wrap:
        for i, s in enumerate(samples[head:]):
            buf[i % n] += gain * s


def seeded(seed, name, index):
    # A generator per sound and layer, so retuning one sound leaves the others' bytes alone.
    return random.Random(seed ^ zlib.crc32(f"{name}/{index}".encode()))


# ---------------------------------------------------------------------------------------------
# Finishing

def dc_block(xs, sr):
    return highpass(xs, [20.0] * len(xs), sr)


def fade(xs, fade_in, fade_out, sr):
    n = len(xs)
    ni, no = min(n, round(fade_in * sr)), min(n, round(fade_out * sr))
    for i in range(ni):
        xs[i] *= i / ni
    for i in range(no):
        xs[n - 1 - i] *= i / no
    return xs


def normalise(xs, peak_db):
    peak = max(map(abs, xs)) or 1.0
    scale = 10.0 ** (peak_db / 20.0) / peak
    return [x * scale for x in xs]


def db(x):
    return 20.0 * math.log10(x) if x > 0 else float("-inf")


def write_wav(path, xs, sr):
    pcm = array.array("h", [max(-32767, min(32767, round(x * 32767.0))) for x in xs])
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV is little-endian
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sr)
        w.writeframes(pcm.tobytes())
    return pcm


def report(name, pcm, sr, extra=""):
    peak = max(map(abs, pcm)) / 32768.0
    rms = math.sqrt(sum(s * s for s in pcm) / len(pcm)) / 32768.0
    print(f"  {name + '.wav':<18} {len(pcm) / sr:6.3f} s  {sr:5d} Hz  "
          f"peak {db(peak):6.1f} dBFS  rms {db(rms):6.1f} dBFS{extra}")


# ---------------------------------------------------------------------------------------------
# Effects: layers, each played once, at a list of times ("at"), or as notes at a tempo.

def effect_events(layer, sound, rng):
    """(start s, frequency, gate s, gain) for each time the layer sounds."""
    if "notes" in layer:
        beat = 60.0 / sound["tempo"]
        for note in layer["notes"]:
            gain = note[3] if len(note) > 3 else 1.0
            yield note[0] * beat, hz(midi(note[1])), note[2] * beat, gain
        return
    start = layer.get("start", 0.0)
    gate = layer.get("length", sound["duration"] - start)
    times = layer.get("at", [0.0])
    gains = layer.get("gains", [1.0] * len(times))
    for t, gain in zip(times, gains):
        # Jitter keeps repeated clicks (dice) from sounding like one sample looped.
        freq = layer.get("freq", 0.0) * (1.0 + layer.get("jitter", 0.0) * (2.0 * rng.random() - 1.0))
        yield start + t, freq, gate, gain


def render_effect(name, sound, defaults, seed):
    sr = sound.get("sample_rate", defaults["sample_rate"])
    buf = [0.0] * round(sound["duration"] * sr)
    for index, layer in enumerate(sound["layers"]):
        rng = seeded(seed, name, index)
        for start, freq, gate, gain in list(effect_events(layer, sound, rng)):
            mix(buf, render_layer(layer, freq, gate, sr, rng), round(start * sr), gain, wrap=False)
    buf = dc_block(buf, sr)
    buf = fade(buf, sound.get("fade_in", defaults["fade_in"]),
               sound.get("fade_out", defaults["fade_out"]), sr)
    return normalise(buf, sound.get("peak_db", defaults["peak_db"])), sr


# ---------------------------------------------------------------------------------------------
# Music: a loop of whole bars at a tempo, a chord a bar, and voices that each turn the bars into
# notes their own way: "chord" holds the bar's chord, "arpeggio" walks its tones by a step
# pattern, "melody" reads written notes, "drums" reads a step grid.

def chord_tones(chord, voice):
    """The bar's chord for a voice: shifted by its octave, and folded into its range (one octave
    up from "range") so that a pad moves by the nearest tones instead of jumping."""
    tones = [midi(name) + 12 * voice.get("octave", 0) for name in chord.split()]
    if "range" in voice:
        low = midi(voice["range"])
        tones = sorted(low + (t - low) % 12 for t in tones)
    return tones


def bar_notes(voice, bar, chord, beats_per_bar):
    """(beat in bar, midi number or None for the voice's own pitch, beats, gain) for one bar."""
    kind = voice["kind"]
    if kind == "chord":
        for t in chord_tones(chord, voice):
            yield 0.0, t, voice.get("beats", beats_per_bar), 1.0
    elif kind == "arpeggio":
        tones = chord_tones(chord, voice)
        for step in voice["steps"]:
            beat, index, beats = step[:3]
            t = tones[index % len(tones)] + 12 * (index // len(tones))
            yield beat, t, beats, step[3] if len(step) > 3 else 1.0
    elif kind == "melody":
        line = voice["bars"][bar % len(voice["bars"])]
        beat = 0.0
        for token in line.split():
            name, beats = token.split(":")
            if name != "r":
                yield beat, midi(name) + 12 * voice.get("octave", 0), float(beats), 1.0
            beat += float(beats)
    elif kind == "drums":
        pattern = voice.get("fills", {}).get(str(bar), voice["pattern"])
        step = beats_per_bar / len(pattern)
        for i, hit in enumerate(pattern):
            if hit != ".":
                yield i * step, None, step, 1.0 if hit == "X" else voice.get("soft", 0.5)
    else:
        raise ValueError(f"unknown voice kind {kind!r}")


def render_music(name, loop, defaults, seed):
    sr = loop.get("sample_rate", defaults["sample_rate"])
    beat = 60.0 / loop["tempo"]
    per_bar = loop["beats_per_bar"]
    n = round(loop["bars"] * per_bar * beat * sr)
    dry, send = [0.0] * n, [0.0] * n
    for index, voice in enumerate(loop["voices"]):
        rng = seeded(seed, name, index)
        cache = {}  # a voice's repeated notes are the same samples: render each once
        legato = voice.get("legato", 1.0)
        wobble = voice.get("humanize", 0.0)
        for bar in range(loop["bars"]):
            chord = loop["chords"][bar % len(loop["chords"])]
            for at, number, beats, gain in bar_notes(voice, bar, chord, per_bar):
                gate = beats * beat * legato
                key = (number, round(gate * sr))
                if key not in cache:
                    freq = hz(number) if number is not None else voice.get("freq", 0.0)
                    cache[key] = render_instrument(voice["instrument"], freq, gate, sr, rng)
                # Small velocity changes keep a repeated figure from sounding mechanical.
                gain *= voice.get("gain", 1.0) * (1.0 + wobble * (2.0 * rng.random() - 1.0))
                start = round(((bar * per_bar) + at) * beat * sr)
                mix(dry, cache[key], start, gain, wrap=True)
                if voice.get("echo"):
                    mix(send, cache[key], start, gain * voice["echo"], wrap=True)
    if "echo" in loop:
        # A circular echo: the repeats of the last bars fall into the first, as they would on
        # the second time round.
        echo = loop["echo"]
        delay = round(echo["beats"] * beat * sr)
        for k in range(1, echo["repeats"] + 1):
            shift, level = (k * delay) % n, echo["feedback"] ** k
            shifted = send[n - shift:] + send[:n - shift]
            dry = [d + level * s for d, s in zip(dry, shifted)]
    mean = sum(dry) / n
    dry = [x - mean for x in dry]  # a DC filter would break the seam; removing the mean does not
    return normalise(dry, loop.get("peak_db", defaults["peak_db"])), sr


# ---------------------------------------------------------------------------------------------

def write_readme(recipes):
    effects, music = recipes["effects"], recipes["music"]
    lines = [
        "# Sounds",
        "",
        "Generated by `python3 scripts/sound.py` from the recipes in `scripts/sound.json`: to",
        "change a sound, change its recipe and run the script again rather than editing a file here.",
        "The output is deterministic (the same recipes give the same bytes).",
        "",
        "These sounds are original works of this project, under the game's licence",
        "(MIT OR Apache-2.0). All are 16-bit PCM mono WAV: effects at "
        f"{effects['sample_rate']} Hz, music at {music['sample_rate']} Hz.",
        "",
        "| File | For |",
        "|---|---|",
    ]
    for name, sound in effects["sounds"].items():
        lines.append(f"| `{name}.wav` | {sound['for']} |")
    for name, loop in music["loops"].items():
        seconds = loop["bars"] * loop["beats_per_bar"] * 60.0 / loop["tempo"]
        samples = round(seconds * loop.get("sample_rate", music["sample_rate"]))
        lines.append(f"| `{name}.wav` | {loop['for']} Loops seamlessly: {loop['bars']} bars of "
                     f"{loop['beats_per_bar']}/4 at {loop['tempo']} bpm, {seconds:g} s "
                     f"({samples} samples). |")
    (OUT / "README.md").write_text("\n".join(lines) + "\n")


def main(argv):
    recipes = json.loads(RECIPES.read_text())
    seed = recipes["seed"]
    effects, music = recipes["effects"], recipes["music"]
    known = list(effects["sounds"]) + list(music["loops"])
    wanted = argv or known
    unknown = [name for name in wanted if name not in known]
    if unknown:
        sys.exit(f"unknown sound(s): {', '.join(unknown)}; known: {', '.join(known)}")
    OUT.mkdir(parents=True, exist_ok=True)

    print("effects:")
    for name, sound in effects["sounds"].items():
        if name in wanted:
            samples, sr = render_effect(name, sound, effects, seed)
            report(name, write_wav(OUT / f"{name}.wav", samples, sr), sr)
    print("music:")
    for name, loop in music["loops"].items():
        if name in wanted:
            samples, sr = render_music(name, loop, music, seed)
            pcm = write_wav(OUT / f"{name}.wav", samples, sr)
            # The seam (last sample to first) should jump no more than the loop does elsewhere.
            seam = abs(pcm[0] - pcm[-1])
            widest = max(abs(a - b) for a, b in zip(pcm, pcm[1:]))
            report(name, pcm, sr, f"  seam step {seam} (widest step {widest})")
    write_readme(recipes)

    print("sizes:")
    total = 0
    for path in sorted(OUT.glob("*.wav")):
        size = path.stat().st_size
        total += size
        print(f"  {path.name:<18} {size:>9,} bytes")
    print(f"  {'total':<18} {total:>9,} bytes (budget {BUDGET_BYTES:,})")
    if total > BUDGET_BYTES:
        print(f"over the audio budget by {total - BUDGET_BYTES:,} bytes", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
