"""A second copy of the game on one per-user folder: read-only or quit, never the same list.

The first copy holds a lock file with its process id, start time and a token;
the second finds it held and offers to open read-only or to quit. A lock left
by a killed game (its process gone, or its id now another process's) is taken
over; a game removes only its own lock, on a normal exit too.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from skatgame.commands import play
from skatgame.table.lock import (
    LOCK_NAME,
)
from skatgame.table.saved import LIST_DOC
from skatgame.table.store import ENV_HOME
from skatgame.ui.app import App
from skatgame.ui.testing import button_centre, click, press, steps, until_ready
from tests.table.test_lock import on_disk
from tests.ui.test_saving import saved_list_doc


def play_args(**changes: object) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    args = parser.parse_args(["--no-sound", "--language", "en"])
    for k, v in changes.items():
        setattr(args, k, v)
    return args


def start_second_copy(home: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    """``play.run`` as a second copy would: the app it opens, without its main loop."""
    monkeypatch.setenv(ENV_HOME, str(home))
    opened: list[App] = []

    def capture(self: App, max_frames: int | None = None) -> int:
        opened.append(self)
        return 0

    monkeypatch.setattr(App, "run", capture)
    assert play.run(play_args()) == 0
    [app] = opened
    return app


@pytest.fixture
def first_copy(tmp_path: Path) -> Iterator[tuple[Path, subprocess.Popen[bytes]]]:
    """The real game running on ``home``, with a list in progress."""
    home = tmp_path / "home"
    home.mkdir()
    (home / f"{LIST_DOC}.json").write_text(json.dumps(saved_list_doc()), encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKATGAME_HOME=str(home))
    game = subprocess.Popen([sys.executable, "-m", "skatgame", "--no-sound"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        end = time.monotonic() + 60
        while not (home / LOCK_NAME).exists() and time.monotonic() < end:
            time.sleep(0.05)
        assert (home / LOCK_NAME).exists(), "the game took no lock"
        yield home, game
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(game.pid, signal.SIGKILL)
        game.wait(timeout=30)


def test_a_second_copy_opens_read_only_and_touches_nothing(
    first_copy: tuple[Path, subprocess.Popen[bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    home, game = first_copy
    before = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}
    app = start_second_copy(home, monkeypatch)
    try:
        steps(app, 2)
        assert app.read_only and app.store is not None and app.store.read_only
        assert app.top.name == "confirm"
        assert f"process {game.pid}" in app.top.body and str(home) in app.top.body
        until_ready(app)  # a click before the question was readable would be dropped
        click(button_centre(app, "yes"))  # Open read-only
        steps(app, 2)
        assert app.top.name == "menu"
        assert not app.top.button("continue").enabled  # the other copy's list
        assert not app.top.button("new").enabled
        click(button_centre(app, "finished"))  # looking is fine
        steps(app, 2)
        assert app.top.name == "finished_lists"
        press(pygame.K_ESCAPE)
        steps(app, 2)
        press(pygame.K_q)
        steps(app, 2)
        assert not app.running
    finally:
        app.close()
    after = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}
    assert after == before  # nothing written, the lock still the first copy's
    assert on_disk(home).pid == game.pid


def test_a_second_copy_may_quit_at_once(
    first_copy: tuple[Path, subprocess.Popen[bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    home, game = first_copy
    app = start_second_copy(home, monkeypatch)
    try:
        steps(app, 2)
        until_ready(app)
        press(pygame.K_ESCAPE)  # Quit
        steps(app, 2)
        assert not app.running
    finally:
        app.close()
    assert on_disk(home).pid == game.pid


def test_after_the_first_copy_is_killed_the_next_one_continues(
    first_copy: tuple[Path, subprocess.Popen[bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    home, game = first_copy
    os.kill(game.pid, signal.SIGKILL)
    game.wait(timeout=30)
    app = start_second_copy(home, monkeypatch)
    try:
        steps(app, 2)
        assert not app.read_only and app.top.name == "menu"
        assert app.top.button("continue").enabled
    finally:
        app.close()
    assert not (home / LOCK_NAME).exists()  # released when that copy ended


def test_a_game_that_quits_leaves_no_lock(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKATGAME_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "skatgame", "--frames", "5", "--no-sound"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert not (tmp_path / LOCK_NAME).exists()


@pytest.mark.parametrize("spoil", ["folder", "dangling-link"])
def test_a_lock_that_cannot_be_taken_is_said_and_nothing_is_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spoil: str) -> None:
    """Two copies on a folder whose lock cannot be taken: both say so, neither saves."""
    home = tmp_path / "home"
    home.mkdir()
    (home / f"{LIST_DOC}.json").write_text(json.dumps(saved_list_doc()), encoding="utf-8")
    if spoil == "folder":
        (home / LOCK_NAME).mkdir()
    else:
        (home / LOCK_NAME).symlink_to(tmp_path / "nowhere" / "x.lock")
    before = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}
    apps = [start_second_copy(home, monkeypatch) for _ in range(2)]
    try:
        for app in apps:
            steps(app, 2)
            assert app.read_only and app.store is not None and app.store.read_only
            assert not app.save_enabled
            assert app.top.name == "confirm" and "cannot be locked" in app.top.title
            assert str(home / LOCK_NAME) in app.top.body
        app = apps[0]
        until_ready(app)
        click(button_centre(app, "yes"))  # Open read-only
        steps(app, 2)
        assert app.top.name == "menu"
        assert not app.top.button("continue").enabled and not app.top.button("new").enabled
        press(pygame.K_q)
        steps(app, 2)
    finally:
        for app in apps:
            app.quit()
            app.close()
    after = {p.name: p.read_bytes() for p in home.iterdir() if p.is_file()}
    assert after == before  # the list, untouched; no settings written
