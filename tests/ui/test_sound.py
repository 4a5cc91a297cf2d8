"""Synthesised sounds: shape of the PCM, mixer formats, and silence without a device."""

from __future__ import annotations

import wave
from array import array
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from skatgame.table.i18n import Translator
from skatgame.ui import sound
from skatgame.ui.sound import (
    SOUND_NAMES,
    SoundBoard,
    init_audio,
    synthesize,
    to_mixer_format,
    write_wav,
)

#: (shortest, longest) length in seconds of each sound.
LENGTHS = {
    "card": (0.03, 0.15), "shuffle": (0.3, 1.0), "deal": (0.05, 0.3), "trick": (0.1, 0.5),
    "won": (0.4, 1.2), "lost": (0.4, 1.4), "click": (0.01, 0.06),
}


@pytest.fixture
def mixer() -> Iterator[None]:
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_is_short_quiet_and_clean(name: str) -> None:
    rate = 22050
    samples = synthesize(name, rate)
    low, high = LENGTHS[name]
    assert low <= len(samples) / rate <= high
    peak = max(abs(v) for v in samples) / 32768
    assert 0.1 <= peak <= 0.35  # audible, but well below full scale
    assert samples[0] == 0 and samples[-1] == 0  # no click at either end
    assert abs(sum(samples) / len(samples)) < 0.01 * 32768  # no DC offset to speak of


def test_synthesis_is_deterministic_and_cached() -> None:
    first = synthesize("shuffle", 44100)
    assert synthesize("shuffle", 44100) is first
    sound._CACHE.clear()
    assert synthesize("shuffle", 44100) == first


def test_high_rates_double_the_half_rate_sound() -> None:
    half, full = synthesize("won", 22050), synthesize("won", 44100)
    assert len(full) == 2 * len(half)
    assert full[0::2] == half
    assert all(abs(full[2 * i + 1] - (half[i] + half[i + 1]) / 2) <= 1
               for i in range(0, len(half) - 1, 97))


def test_unknown_sound_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        synthesize("applause", 44100)


def test_write_wav(tmp_path: Path) -> None:
    path = tmp_path / "won.wav"
    write_wav("won", path, 22050)
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        frames = array("h", w.readframes(w.getnframes()))
    assert frames == synthesize("won", 22050)


# ---------------------------------------------------------------- mixer formats


def test_stereo_16_bit_repeats_each_sample() -> None:
    mono = array("h", [0, 1000, -1000, 32767])
    stereo = array("h", to_mixer_format(mono, -16, 2))
    assert list(stereo) == [0, 0, 1000, 1000, -1000, -1000, 32767, 32767]


@pytest.mark.parametrize(
    ("size", "code", "expected"),
    [
        (16, "H", [32768, 33768, 31768]),
        (-8, "b", [0, 3, -4]),
        (8, "B", [128, 131, 124]),
        (32, "f", [0.0, 1000 / 32768, -1000 / 32768]),
        (-32, "f", [0.0, 1000 / 32768, -1000 / 32768]),
    ],
)
def test_other_sample_formats(size: int, code: str, expected: list[float]) -> None:
    raw = to_mixer_format(array("h", [0, 1000, -1000]), size, 1)
    assert list(array(code, raw)) == pytest.approx(expected)


def test_six_channels() -> None:
    raw = to_mixer_format(array("h", [5, -7]), -16, 6)
    assert list(array("h", raw)) == [5] * 6 + [-7] * 6


def test_unsupported_format_is_refused() -> None:
    with pytest.raises(ValueError):
        to_mixer_format(array("h", [0]), 24, 2)


# ---------------------------------------------------------------- playing


def test_board_plays_every_sound_on_the_dummy_device(mixer: None) -> None:
    ok, message = init_audio()
    assert ok and message is None
    board = SoundBoard(enabled=True, volume=0.5)
    assert board.available
    assert all(board.play(name) for name in SOUND_NAMES)
    with pytest.raises(ValueError):
        board.play("applause")


@pytest.mark.parametrize("spec", [(44100, -16, 2), (22050, -16, 1), (48000, 32, 2), (22050, 8, 2)])
def test_sounds_match_the_mixer_format(mixer: None, spec: tuple[int, int, int]) -> None:
    pygame.mixer.init(frequency=spec[0], size=spec[1], channels=spec[2])
    rate = pygame.mixer.get_init()[0]
    board = SoundBoard(enabled=True)
    for name in ("won", "card"):
        expected = len(synthesize(name, rate)) / rate
        assert board._sounds is not None
        assert board._sounds[name].get_length() == pytest.approx(expected, abs=0.002)


def test_volume_and_switching(mixer: None) -> None:
    init_audio()
    board = SoundBoard(enabled=False, volume=3.0)
    assert board.volume == 1.0
    assert not board.play("card") and not board.available  # off: nothing built yet
    board.set_enabled(True)
    assert board.available and board.play("card")
    board.set_volume(-1)
    assert board.volume == 0.0
    assert board._sounds is not None and board._sounds["card"].get_volume() == 0.0
    board.set_volume(0.4)
    assert board._sounds["card"].get_volume() == pytest.approx(0.4, abs=0.01)
    board.set_enabled(False)
    assert not board.play("won")


def test_no_audio_device_means_silence_and_one_message(
    mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    ok, message = init_audio()
    assert not ok and message is not None
    assert message.key == "sound.no_device" and "No available audio device" in message
    assert "stumm" in message.translate(Translator("de"))
    board = SoundBoard(enabled=True, volume=0.7)
    assert not board.available
    assert not any(board.play(name) for name in SOUND_NAMES)
    board.set_volume(0.2)
    board.set_enabled(False)
    board.set_enabled(True)
    assert not board.play("card")


def test_mixer_closed_under_the_board_stays_silent(mixer: None) -> None:
    init_audio()
    board = SoundBoard()
    pygame.mixer.quit()
    assert board.play("card") is False
    board.set_volume(0.3)
    board.set_enabled(False)


def test_mixer_reopened_in_another_format_gets_matching_sounds(mixer: None) -> None:
    pygame.mixer.init(frequency=44100, size=-16, channels=2)
    board = SoundBoard()
    pygame.mixer.quit()
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    assert board.play("won")
    assert board._sounds["won"].get_length() == pytest.approx(
        len(synthesize("won", 22050)) / 22050, abs=0.002)
