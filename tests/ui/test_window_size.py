"""The window's size: fitted to the screen, and saved only once the window has shown it.

``--size 16384x16384`` (or such a size in ``settings.json``) never drew a frame
under a real display and was saved, so that every later start hung too. Every
size is fitted to the screen's usable area (4K where that is unknown), at start,
on ``--size``, from the settings and on a resize, and a size reaches
``settings.json`` only after a frame was drawn at it. The screen is injected:
the dummy driver has none.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import json  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from skatgame.commands import play  # noqa: E402
from skatgame.table.settings import Settings, load_settings, save_settings  # noqa: E402
from skatgame.table.store import ENV_HOME, Store  # noqa: E402
from skatgame.ui import system  # noqa: E402
from skatgame.ui.app import App  # noqa: E402
from skatgame.ui.testing import steps  # noqa: E402

SCREEN = (1600, 900)


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A screen of 1600x900 for every window the test opens."""
    monkeypatch.setattr(system, "usable_area", lambda: SCREEN, raising=False)
    return SCREEN


def on_disk(folder: Path) -> tuple[int, int] | None:
    """The window size in ``settings.json`` (``None``: no file)."""
    path = folder / "settings.json"
    if not path.exists():
        return None
    return tuple(json.loads(path.read_text(encoding="utf-8"))["data"]["window_size"])


def open_app(folder: Path, **kw: object) -> App:
    settings = kw.pop("settings", None) or load_settings(Store(folder), "en").value
    return App(settings=settings, store=Store(folder), inline_players=True, sound=False,
               **kw)  # type: ignore[arg-type]


def test_a_huge_saved_size_opens_as_large_as_the_screen_and_is_mended(
        tmp_path: Path, screen: tuple[int, int]) -> None:
    save_settings(Store(tmp_path), Settings(window_size=(5000, 4000)))
    app = open_app(tmp_path)
    try:
        assert app.screen.get_size() == screen == app.windowed_size
        steps(app, 2)
        app.quit()
    finally:
        app.close()
    assert on_disk(tmp_path) == screen  # the next start opens at once


def test_a_size_is_saved_only_after_a_frame_showed_it(tmp_path: Path,
                                                      screen: tuple[int, int]) -> None:
    save_settings(Store(tmp_path), Settings(window_size=(1280, 800)))
    app = open_app(tmp_path, size=(1500, 850))
    try:
        assert app.screen.get_size() == (1500, 850)
        app.quit()  # before any frame: the window never showed this size
    finally:
        app.close()
    assert on_disk(tmp_path) == (1280, 800)
    app = open_app(tmp_path, size=(1500, 850))
    try:
        steps(app, 1)
        app.quit()
    finally:
        app.close()
    assert on_disk(tmp_path) == (1500, 850)


def test_a_resize_and_a_size_from_the_settings_are_fitted_too(
        tmp_path: Path, screen: tuple[int, int]) -> None:
    save_settings(Store(tmp_path), Settings(window_size=(1280, 720)))
    app = open_app(tmp_path)
    try:
        steps(app, 1)
        app.resize((4000, 3000))
        assert app.screen.get_size() == screen
        app.resize((1024, 640))
        app.set_settings(dataclasses.replace(app.settings, window_size=(3000, 2000)))
        assert app.screen.get_size() == screen  # fitted
        assert on_disk(tmp_path) != (3000, 2000)  # never shown: never saved
        steps(app, 1)
        app.quit()
    finally:
        app.close()
    assert on_disk(tmp_path) == screen


def test_a_size_chosen_in_the_settings_is_saved_once_shown(tmp_path: Path,
                                                          screen: tuple[int, int]) -> None:
    save_settings(Store(tmp_path), Settings(window_size=(1280, 720)))
    app = open_app(tmp_path)
    try:
        steps(app, 1)
        app.set_settings(dataclasses.replace(app.settings, window_size=(1440, 900)))
        assert on_disk(tmp_path) == (1280, 720)  # not yet on screen
        steps(app, 1)
        assert on_disk(tmp_path) == (1440, 900)  # shown: kept at once, not only at the end
    finally:
        app.close()


def test_the_play_command_fits_size_and_says_so(
        tmp_path: Path, screen: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(ENV_HOME, str(tmp_path))
    monkeypatch.setenv("SKATGAME_KEEP_DISPLAY", "1")
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    args = parser.parse_args(["--no-sound", "--language", "en", "--inline-players",
                              "--size", "3000x2000", "--frames", "3"])
    assert play.run(args) == 0
    assert on_disk(tmp_path) == screen
    assert "1600x900" in capsys.readouterr().err


@pytest.mark.parametrize(("size", "area", "fitted"), [
    ((16384, 16384), (1920, 1080), (1920, 1080)),
    ((1280, 720), (1920, 1080), (1280, 720)),
    ((2000, 600), (1920, 1080), (1920, 600)),
    ((16384, 16384), None, (3840, 2160)),  # the screen unknown: at most 4K
    ((0, -5), (1920, 1080), (1, 1)),
])
def test_fit_window(size: tuple[int, int], area: tuple[int, int] | None,
                    fitted: tuple[int, int]) -> None:
    assert system.fit_window(size, area) == fitted


def test_a_driver_that_draws_into_memory_has_no_screen_size() -> None:
    import pygame

    pygame.display.init()
    assert pygame.display.get_driver() == "dummy" and system.usable_area() is None
