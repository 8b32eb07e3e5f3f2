"""Synthesise the game's sound effects into ``assets/sounds/``.

Usage::

    python tools/make_sounds.py [--out DIR]

Every effect is built from scratch with the standard library (sine tones,
seeded white noise and simple biquad filters) and written as 16-bit mono
44.1 kHz WAV with the ``wave`` module.  The noise generators are seeded, so
running the script twice produces byte-identical files.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import wave
from array import array
from pathlib import Path

RATE = 44100
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Signal = list[float]


# ---------------------------------------------------------------------------
# Building blocks
# ---------------------------------------------------------------------------

def silence(seconds: float) -> Signal:
    return [0.0] * int(round(seconds * RATE))


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * RATE)))]


def biquad(signal: Signal, kind: str, freq: float, q: float = 0.707) -> Signal:
    """RBJ-cookbook biquad filter ('low', 'high' or 'band')."""
    w0 = 2 * math.pi * freq / RATE
    cos_w, alpha = math.cos(w0), math.sin(w0) / (2 * q)
    if kind == "low":
        b0, b1, b2 = (1 - cos_w) / 2, 1 - cos_w, (1 - cos_w) / 2
    elif kind == "high":
        b0, b1, b2 = (1 + cos_w) / 2, -(1 + cos_w), (1 + cos_w) / 2
    elif kind == "band":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(kind)
    a0, a1, a2 = 1 + alpha, -2 * cos_w, 1 - alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for x in signal:
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def envelope(n: int, attack: float, decay: float, hold: float = 0.0) -> Signal:
    """Linear attack, optional hold, then exponential decay (time constant ``decay``)."""
    a = max(1, int(attack * RATE))
    h = int(hold * RATE)
    env = []
    for i in range(n):
        if i < a:
            env.append(i / a)
        elif i < a + h:
            env.append(1.0)
        else:
            env.append(math.exp(-(i - a - h) / (decay * RATE)))
    return env


def mul(a: Signal, b: Signal) -> Signal:
    return [x * y for x, y in zip(a, b)]


def mix_into(target: Signal, source: Signal, start: float, gain: float = 1.0) -> None:
    """Add ``source`` into ``target`` starting at ``start`` seconds (grows target)."""
    offset = int(round(start * RATE))
    needed = offset + len(source)
    if needed > len(target):
        target.extend([0.0] * (needed - len(target)))
    for i, v in enumerate(source):
        target[offset + i] += v * gain


def tone(freq: float, seconds: float, harmonics: tuple[float, ...] = (1.0,),
         vibrato: float = 0.0) -> Signal:
    n = int(round(seconds * RATE))
    out = []
    for i in range(n):
        t = i / RATE
        phase = 2 * math.pi * freq * t + vibrato * math.sin(2 * math.pi * 5.0 * t)
        out.append(sum(amp * math.sin((k + 1) * phase) for k, amp in enumerate(harmonics)))
    return out


def finish(signal: Signal, peak: float, fade_in: float = 0.002, fade_out: float = 0.012) -> Signal:
    """Remove DC, normalise to ``peak`` and apply short fades to avoid clicks."""
    n = len(signal)
    mean = sum(signal) / n
    out = [v - mean for v in signal]
    top = max(abs(v) for v in out) or 1.0
    out = [v * peak / top for v in out]
    fi, fo = max(1, int(fade_in * RATE)), max(1, int(fade_out * RATE))
    for i in range(min(fi, n)):
        out[i] *= i / fi
    for i in range(min(fo, n)):
        out[n - 1 - i] *= i / fo
    return out


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------

def snap(rng: random.Random, bright: float = 2600.0, decay: float = 0.012,
         thump: float = 0.35, length: float = 0.09) -> Signal:
    """One card hitting the table: a band-passed noise click plus a soft body thump."""
    burst = biquad(biquad(noise(length, rng), "band", bright, 0.9), "high", 700)
    burst = mul(burst, envelope(len(burst), 0.0008, decay))
    body = mul(tone(170 + rng.uniform(-15, 15), length, (1.0, 0.3)),
               envelope(int(round(length * RATE)), 0.001, 0.018))
    return [b * 3.0 + t * thump for b, t in zip(burst, body)]


def swoosh(rng: random.Random, seconds: float, f0: float, f1: float) -> Signal:
    """Card sliding across cloth: noise through a band-pass that sweeps f0 -> f1."""
    src = noise(seconds, rng)
    n = len(src)
    out: Signal = []
    block = 256
    state = [0.0, 0.0, 0.0, 0.0]
    for start in range(0, n, block):
        frac = start / n
        freq = f0 + (f1 - f0) * frac
        w0 = 2 * math.pi * freq / RATE
        alpha = math.sin(w0) / (2 * 1.2)
        a0 = 1 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2 * math.cos(w0) / a0, (1 - alpha) / a0
        x1, x2, y1, y2 = state
        for x in src[start:start + block]:
            y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
            x2, x1, y2, y1 = x1, x, y1, y
            out.append(y)
        state = [x1, x2, y1, y2]
    shape = [math.sin(math.pi * i / n) ** 2 for i in range(n)]
    return mul(out, shape)


def make_deal() -> Signal:
    rng = random.Random(1001)
    out = swoosh(rng, 0.12, 1800, 4200)
    out = [v * 0.6 for v in out]
    mix_into(out, snap(rng, 2900, 0.010, 0.25), 0.095)
    return finish(out + silence(0.03), 0.72)


def make_play() -> Signal:
    rng = random.Random(1002)
    out = swoosh(rng, 0.06, 2200, 3200)
    out = [v * 0.35 for v in out]
    mix_into(out, snap(rng, 2300, 0.016, 0.7, 0.12), 0.045)
    return finish(out + silence(0.03), 0.8)


def make_draw() -> Signal:
    rng = random.Random(1003)
    out = swoosh(rng, 0.26, 3600, 1500)
    mix_into(out, snap(rng, 3200, 0.007, 0.15, 0.06), 0.215, 0.35)
    return finish(out + silence(0.02), 0.62)


def make_shuffle() -> Signal:
    rng = random.Random(1004)
    out = silence(0.05)
    # the riffle: many tiny snaps, fast in the middle and slower at both ends
    t = 0.03
    count = 46
    for i in range(count):
        x = i / (count - 1)
        gap = 0.010 + 0.016 * (2 * x - 1) ** 2 + rng.uniform(-0.003, 0.003)
        s = snap(rng, rng.uniform(2400, 4200), rng.uniform(0.004, 0.007), 0.08, 0.04)
        mix_into(out, s, t, rng.uniform(0.35, 0.6))
        t += gap
    # the bridge: cards cascading back together, then squared up on the table
    mix_into(out, [v * 0.45 for v in swoosh(rng, 0.18, 2600, 1200)], t + 0.02)
    mix_into(out, snap(rng, 1800, 0.02, 0.9, 0.12), t + 0.17, 0.8)
    return finish(out + silence(0.03), 0.7)


def make_invalid() -> Signal:
    out: Signal = []
    for k, (freq, start) in enumerate(((233.08, 0.0), (196.0, 0.15))):
        n_sec = 0.16 if k == 0 else 0.24
        note = tone(freq, n_sec, (1.0, 0.0, 0.28, 0.0, 0.1), vibrato=0.06)
        note = biquad(note, "low", 1400)
        n = len(note)
        env = [min(1.0, i / (0.012 * RATE)) * min(1.0, (n - i) / (0.05 * RATE)) for i in range(n)]
        mix_into(out, mul(note, env), start)
    return finish(out + silence(0.02), 0.3)


def bell(freq: float, seconds: float, decay: float) -> Signal:
    note = tone(freq, seconds, (1.0, 0.32, 0.12, 0.05))
    n = len(note)
    env = envelope(n, 0.006, decay)
    tail = int(0.04 * RATE)
    for i in range(min(tail, n)):
        env[n - 1 - i] *= i / tail
    return mul(note, env)


def make_win() -> Signal:
    out: Signal = []
    notes = [523.25, 659.25, 783.99, 1046.50]  # C5 E5 G5 C6
    for i, f in enumerate(notes):
        last = i == len(notes) - 1
        mix_into(out, bell(f, 0.75 if last else 0.45, 0.32 if last else 0.16), 0.105 * i,
                 1.0 if last else 0.8)
    # a soft closing chord under the top note
    for f in (523.25, 659.25, 783.99):
        mix_into(out, bell(f, 0.75, 0.3), 0.315, 0.28)
    return finish(out + silence(0.02), 0.75, fade_out=0.05)


def make_lose() -> Signal:
    out: Signal = []
    # G4, Eb4, D4 then a long C4: a falling C-minor phrase on a mellow tone
    phrase = [(392.00, 0.0, 0.26), (311.13, 0.22, 0.26), (293.66, 0.44, 0.26), (261.63, 0.66, 0.6)]
    for f, start, length in phrase:
        note = tone(f, length, (1.0, 0.12, 0.05), vibrato=0.04 if length > 0.5 else 0.0)
        n = len(note)
        env = [min(1.0, i / (0.025 * RATE)) * math.exp(-i / (0.45 * RATE)) *
               min(1.0, (n - i) / (0.08 * RATE)) for i in range(n)]
        mix_into(out, mul(note, env), start)
    return finish(out + silence(0.02), 0.45, fade_out=0.05)


def make_click() -> Signal:
    rng = random.Random(1008)
    n = int(0.06 * RATE)
    tick = mul(tone(1900, 0.06, (1.0, 0.2)), envelope(n, 0.0005, 0.0045))
    grit = mul(biquad(noise(0.06, rng), "high", 3000), envelope(n, 0.0003, 0.002))
    return finish([a + 0.3 * b for a, b in zip(tick, grit)], 0.45, fade_out=0.004)


EFFECTS = {
    "deal": make_deal,
    "play": make_play,
    "draw": make_draw,
    "shuffle": make_shuffle,
    "invalid": make_invalid,
    "win": make_win,
    "lose": make_lose,
    "click": make_click,
}


def to_bytes(signal: Signal) -> bytes:
    pcm = array("h", (max(-32767, min(32767, int(round(v * 32767)))) for v in signal))
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm.tobytes()


def write_wav(target: Path, signal: Signal) -> None:
    with wave.open(str(target), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(to_bytes(signal))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, build in EFFECTS.items():
        write_wav(args.out / f"{name}.wav", build())
    print(f"wrote {len(EFFECTS)} WAV files to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
