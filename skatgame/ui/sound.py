"""Table sounds, synthesised at start-up by our own code: no sound files.

Each sound is computed as mono 16-bit PCM at the mixer's rate (noise bursts
through simple filters for the cards, short sine tones for the jingles),
cached, and handed to ``pygame.mixer.Sound`` in the mixer's actual sample
format and channel count. Every sound peaks well below full scale. Without an
audio device everything stays silent and nothing raises.
"""

from __future__ import annotations

import cmath
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from itertools import accumulate, repeat
from operator import add, attrgetter, mul, rshift
from pathlib import Path

import pygame

from skatgame.table.i18n import Message

#: The sounds the board can play.
SOUND_NAMES: tuple[str, ...] = ("card", "shuffle", "deal", "trick", "won", "lost", "click")

#: Peak level of each sound as a fraction of full scale.
PEAKS: dict[str, float] = {
    "card": 0.32, "shuffle": 0.28, "deal": 0.3, "trick": 0.22,
    "won": 0.3, "lost": 0.28, "click": 0.2,
}

_FULL = 32767
_IMAG = attrgetter("imag")
_SEED = 0x5CA7


# ---------------------------------------------------------------- building blocks
# Signals are lists of floats in -1..1 at ``rate`` samples per second.


def _silence(rate: int, seconds: float) -> list[float]:
    return [0.0] * int(rate * seconds)


def _mix_in(out: list[float], part: list[float], start: int, gain: float = 1.0) -> None:
    """Add ``part`` (times ``gain``) into ``out`` from sample ``start``, clipped to its end."""
    part = part[: max(0, len(out) - start)]
    if gain != 1.0:
        part = list(map(mul, part, repeat(gain)))
    out[start : start + len(part)] = map(add, out[start : start + len(part)], part)


def _pole(cutoff: float, rate: int) -> float:
    """The coefficient of a one-pole low-pass ``y += a * (x - y)`` at ``cutoff`` Hz."""
    return 1.0 - math.exp(-2 * math.pi * cutoff / rate)


def _snap(rate: int, rng: random.Random, length: float, bright: float) -> list[float]:
    """A papery snap: a noise burst, band-passed, with a 1 ms attack and a fast decay."""
    n = int(rate * length)
    attack = max(1, rate // 1000)
    decay = math.exp(-1.0 / (rate * length * 0.18))
    # Two one-pole low-passes at ``bright`` minus a slow one at 700 Hz: a band-pass
    # that keeps the crackle of paper and drops both hiss and rumble.
    a = _pole(bright, rate)
    b = _pole(700.0, rate)
    out = []
    low = low2 = base = 0.0
    env = 1.0
    rnd = rng.random
    for i in range(n):
        low += a * ((rnd() * 2.0 - 1.0) - low)
        low2 += a * (low - low2)
        base += b * (low2 - base)
        if i < attack:
            out.append((low2 - base) * (i / attack))
        else:
            env *= decay
            out.append((low2 - base) * env)
    return out


def _tone(rate: int, freq: float, seconds: float, decay_s: float, gain: float = 1.0) -> list[float]:
    """A soft bell-like tone: a decaying sine with a brief octave on the attack."""
    n = int(rate * seconds)
    out = _decaying_sine(rate, freq, n, decay_s, gain)
    octave = _decaying_sine(rate, 2 * freq, n // 4, decay_s / 4, gain * 0.3)
    _mix_in(out, _fade_out(octave, rate), 0)
    attack = min(n, rate // 200)
    for i in range(attack):
        out[i] *= i / attack
    return _fade_out(out, rate)


def _decaying_sine(rate: int, freq: float, n: int, decay_s: float, gain: float) -> list[float]:
    # The imaginary parts of the powers of exp(k + iw): accumulate computes them
    # at C speed, several times faster than sin() and exp() per sample.
    step = cmath.exp(complex(-1.0 / (rate * decay_s), 2 * math.pi * freq / rate))
    return list(map(_IMAG, accumulate(repeat(step, max(0, n - 1)), mul, initial=complex(gain))))


def _fade_out(signal: list[float], rate: int) -> list[float]:
    """Fade the last 10 ms to silence (in place), so that nothing ends with a click."""
    fade = min(len(signal), rate // 100)
    for j in range(fade):
        signal[len(signal) - 1 - j] *= j / fade
    return signal


def _normalise(signal: list[float], peak: float, rate: int) -> array[int]:
    top = max(max(signal, default=0.0), -min(signal, default=0.0)) or 1.0
    scale = peak * _FULL / top
    return array("h", list(map(int, map(mul, _fade_out(signal, rate), repeat(scale)))))


# ---------------------------------------------------------------- the sounds


def _card(rate: int, rng: random.Random) -> list[float]:
    out = _snap(rate, rng, 0.07, 5200.0)
    # a faint low body under the snap, as of a card landing on cloth
    _mix_in(out, _tone(rate, 180.0, 0.05, 0.012, 0.25), 0)
    return out


def _riffle(rate: int, rng: random.Random, times: list[float], length: float) -> list[float]:
    snaps = [_snap(rate, rng, 0.045, 3800.0 + 900.0 * k) for k in range(3)]
    out = _silence(rate, length)
    for t in times:
        _mix_in(out, rng.choice(snaps), int(t * rate), 0.6 + 0.4 * rng.random())
    return out


def _shuffle(rate: int, rng: random.Random) -> list[float]:
    # a riffle: snaps that come faster and faster, then a last squaring tap
    times, t, gap = [], 0.0, 0.05
    while t < 0.48:
        times.append(t)
        t += gap * (0.8 + 0.4 * rng.random())
        gap = max(0.012, gap * 0.88)
    times.append(0.54)
    return _riffle(rate, rng, times, 0.6)


def _deal(rate: int, rng: random.Random) -> list[float]:
    # one packet of cards sliding off the hand
    return _riffle(rate, rng, [0.0, 0.035, 0.075], 0.14)


def _trick(rate: int, rng: random.Random) -> list[float]:
    """A soft swish: low-passed noise under a rising and falling envelope."""
    n = int(rate * 0.26)
    out = []
    low = low2 = 0.0
    rnd = rng.random
    closed, opened = _pole(300.0, rate), _pole(1100.0, rate)
    for i in range(n):
        x = i / n
        a = closed + (opened - closed) * x  # the filter opens as the cards slide
        low += a * ((rnd() * 2.0 - 1.0) - low)
        low2 += a * (low - low2)
        out.append(low2 * math.sin(math.pi * x) ** 2)
    return out


def _arpeggio(rate: int, freqs: list[float], step: float, ring: float, decay: float) -> list[float]:
    out = _silence(rate, step * (len(freqs) - 1) + ring)
    for k, f in enumerate(freqs):
        _mix_in(out, _tone(rate, f, ring, decay, 1.0 if k else 0.9), int(k * step * rate))
    return out


def _won(rate: int, rng: random.Random) -> list[float]:
    # C major, up: C5 E5 G5 C6
    return _arpeggio(rate, [523.25, 659.25, 783.99, 1046.5], 0.09, 0.45, 0.13)


def _lost(rate: int, rng: random.Random) -> list[float]:
    # A minor, falling slowly: E5 C5 A4, lower and softer
    return _arpeggio(rate, [659.25, 523.25, 440.0], 0.18, 0.5, 0.16)


def _click(rate: int, rng: random.Random) -> list[float]:
    out = _tone(rate, 1400.0, 0.03, 0.005)
    _mix_in(out, _snap(rate, rng, 0.012, 6000.0), 0, 0.6)
    return out


_MAKERS: dict[str, Callable[[int, random.Random], list[float]]] = {
    "card": _card, "shuffle": _shuffle, "deal": _deal, "trick": _trick,
    "won": _won, "lost": _lost, "click": _click,
}

_CACHE: dict[tuple[str, int], array[int]] = {}


def synthesize(name: str, rate: int) -> array[int]:
    """The sound ``name`` as mono signed 16-bit samples at ``rate`` Hz (cached, deterministic).

    Above 32 kHz the sound is computed at half the rate and doubled by linear
    interpolation: it holds nothing above 11 kHz anyway, and start-up is twice
    as fast.
    """
    key = (name, rate)
    if key not in _CACHE:
        if name not in _MAKERS:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")
        if rate >= 32000 and rate % 2 == 0:
            _CACHE[key] = _upsample2(synthesize(name, rate // 2))
        else:
            rng = random.Random(f"{_SEED}-{name}")
            _CACHE[key] = _normalise(_MAKERS[name](rate, rng), PEAKS[name], rate)
    return _CACHE[key]


def _upsample2(samples: array[int]) -> array[int]:
    """Twice the rate: the old samples, with their midpoints in between."""
    out = array("h", bytes(4 * len(samples)))
    out[0::2] = samples
    following = samples[1:]
    following.append(0)
    out[1::2] = array("h", map(rshift, map(add, samples, following), repeat(1)))
    return out


def write_wav(name: str, path: Path, rate: int = 44100) -> None:
    """Write a sound to a mono 16-bit WAV file, to look at or listen to."""
    samples = synthesize(name, rate)
    if sys.byteorder == "big":
        samples = array("h", samples)
        samples.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.tobytes())


def to_mixer_format(samples: array[int], size: int, channels: int) -> bytes:
    """Mono 16-bit samples as raw bytes in a mixer format (``size`` as from ``mixer.get_init``).

    ``size``: -16/16 signed/unsigned 16-bit, -8/8 signed/unsigned 8-bit, and
    32 or -32 for 32-bit float (pygame opens no 32-bit integer mixer, and
    reports its float format as -32). Each sample is repeated for every channel.
    """
    mono: array[int] | array[float]
    if size == -16:
        mono = samples
    elif size == 16:
        mono = array("H", [v + 32768 for v in samples])
    elif size == -8:
        mono = array("b", [v >> 8 for v in samples])
    elif size == 8:
        mono = array("B", [(v >> 8) + 128 for v in samples])
    elif size in (32, -32):
        mono = array("f", [v / 32768.0 for v in samples])
    else:
        raise ValueError(f"unsupported mixer sample size {size}")
    raw = mono.tobytes()
    if channels == 1:
        return raw
    width = mono.itemsize
    frame = width * channels
    out = bytearray(len(raw) * channels)
    for ch in range(channels):
        for b in range(width):
            out[ch * width + b :: frame] = raw[b::width]
    return bytes(out)


# ---------------------------------------------------------------- playing


def init_audio() -> tuple[bool, Message | None]:
    """Open the audio device if it is not open yet: ``(True, None)`` or ``(False, message)``."""
    try:
        if pygame.mixer.get_init() is None:
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        if pygame.mixer.get_init() is None:
            raise pygame.error("the mixer did not start")
    except Exception as exc:  # any failure means: play silently
        return False, Message("sound.no_device", error=str(exc) or type(exc).__name__)
    return True, None


class SoundBoard:
    """Plays the table sounds; silent (never failing) without an audio device.

    The sounds are built for the running mixer when the board is first
    enabled, and again if the mixer is reopened with another format; a sound
    is never played on a closed mixer. ``play`` returns whether a sound was
    started.
    """

    def __init__(self, enabled: bool = True, volume: float = 0.7) -> None:
        self.enabled = enabled
        self.volume = min(1.0, max(0.0, float(volume)))
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._spec: tuple[int, int, int] | None = None  # the mixer format of ``_sounds``
        if enabled:
            self._ready()

    def _ready(self) -> dict[str, pygame.mixer.Sound]:
        """The sounds for the running mixer (built on first need); empty when silent."""
        spec = _mixer_spec()
        if spec != self._spec:
            self._sounds = _make_sounds(spec, self.volume) if spec else {}
            self._spec = spec
        return self._sounds

    def _live(self) -> dict[str, pygame.mixer.Sound]:
        """The sounds already built, if their mixer still runs; never builds."""
        return self._sounds if self._spec is not None and self._spec == _mixer_spec() else {}

    @property
    def available(self) -> bool:
        """Whether sounds can be heard (mixer running and sounds built)."""
        return bool(self._live())

    def play(self, name: str) -> bool:
        """Start a sound; ``False`` when muted or silent. Unknown names raise ``ValueError``."""
        if name not in _MAKERS:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")
        if not self.enabled:
            return False
        sounds = self._ready()
        if not sounds:
            return False
        try:
            return sounds[name].play() is not None
        except pygame.error:  # e.g. no free channel
            return False

    def set_volume(self, volume: float) -> None:
        """Set the volume, 0..1 (clamped)."""
        self.volume = min(1.0, max(0.0, float(volume)))
        for s in self._live().values():
            s.set_volume(self.volume)

    def set_enabled(self, enabled: bool) -> None:
        """Switch sound on or off; switching off stops what is playing."""
        self.enabled = enabled
        if enabled:
            self._ready()
        else:
            for s in self._live().values():
                s.stop()


def _mixer_spec() -> tuple[int, int, int] | None:
    try:
        return pygame.mixer.get_init()
    except Exception:  # a mixer module that cannot even answer: silence
        return None


def _make_sounds(spec: tuple[int, int, int], volume: float) -> dict[str, pygame.mixer.Sound]:
    rate, size, channels = spec
    try:
        sounds = {
            name: pygame.mixer.Sound(buffer=to_mixer_format(synthesize(name, rate), size, channels))
            for name in SOUND_NAMES
        }
        for s in sounds.values():
            s.set_volume(volume)
    except Exception:  # a mixer that cannot take our sounds means silence
        return {}
    return sounds

