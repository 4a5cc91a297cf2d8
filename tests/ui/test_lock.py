"""Two copies of the game on one per-user folder: the second never continues the same list.

The first copy holds a lock file with its process id, start time and a token;
the second finds it held and offers to open read-only or to quit. A lock left
by a killed game (its process gone, or its id now another process's) is taken
over; a game removes only its own lock, on a normal exit too.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import argparse  # noqa: E402
import contextlib  # noqa: E402
import json  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from skatgame.commands import play  # noqa: E402
from skatgame.ui.app import App  # noqa: E402
from skatgame.ui.lock import (  # noqa: E402
    LOCK_NAME,
    Holder,
    acquire,
    process_alive,
    process_started,
    this_process,
)
from skatgame.ui.scenes.saved import LIST_DOC  # noqa: E402
from skatgame.ui.store import ENV_HOME  # noqa: E402
from tests.ui.appdriver import button_centre, click, press, steps  # noqa: E402
from tests.ui.test_saving import saved_list_doc  # noqa: E402


@pytest.fixture
def other_process() -> Iterator[subprocess.Popen[bytes]]:
    """Another running process (standing in for another copy of the game)."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        yield proc
    finally:
        proc.kill()
        proc.wait()


def write_lock(folder: Path, holder: Holder) -> None:
    (folder / LOCK_NAME).write_text(json.dumps(holder.to_dict()), encoding="utf-8")


def holder_of(proc: subprocess.Popen[bytes], **changes: object) -> Holder:
    h = replace(this_process(), pid=proc.pid, started=process_started(proc.pid))
    return replace(h, **changes)  # type: ignore[arg-type]


def on_disk(folder: Path) -> Holder | None:
    return Holder.from_dict(json.loads((folder / LOCK_NAME).read_text(encoding="utf-8")))


def test_the_first_copy_holds_the_lock_and_releases_it(tmp_path: Path) -> None:
    lock = acquire(tmp_path)
    assert lock.state == "held"
    held = on_disk(tmp_path)
    assert held == lock.mine and held.pid == os.getpid() and held.token
    assert held.started == process_started(os.getpid()) and held.started
    assert [p.name for p in tmp_path.iterdir()] == [LOCK_NAME]  # no temporary left
    lock.release()
    lock.release()
    assert not (tmp_path / LOCK_NAME).exists()


def test_a_running_copy_keeps_its_lock(tmp_path: Path,
                                        other_process: subprocess.Popen[bytes]) -> None:
    theirs = holder_of(other_process)
    write_lock(tmp_path, theirs)
    lock = acquire(tmp_path)
    assert lock.state == "busy" and lock.other == theirs
    lock.release()  # not ours: left alone
    assert on_disk(tmp_path) == theirs


def test_a_lock_of_a_killed_game_is_taken_over(tmp_path: Path) -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    assert not process_alive(gone.pid)
    write_lock(tmp_path, replace(this_process(), pid=gone.pid, started="0:1"))
    lock = acquire(tmp_path)
    assert lock.state == "held" and lock.taken_over is not None
    assert lock.taken_over.pid == gone.pid
    assert on_disk(tmp_path) == lock.mine


def test_a_lock_whose_process_id_went_to_another_program_is_taken_over(
    tmp_path: Path, other_process: subprocess.Popen[bytes]
) -> None:
    """The id is alive, but the process started at another time: not the game."""
    write_lock(tmp_path, holder_of(other_process, started="another-boot:12345"))
    lock = acquire(tmp_path)
    assert lock.state == "held" and on_disk(tmp_path) == lock.mine


@pytest.mark.parametrize("content", [b"", b"{", b"[1, 2]", b'{"pid": "7"}', b"\xff\xfe"])
def test_a_lock_file_that_is_no_lock_is_taken_over(tmp_path: Path, content: bytes) -> None:
    (tmp_path / LOCK_NAME).write_bytes(content)
    lock = acquire(tmp_path)
    assert lock.state == "held" and on_disk(tmp_path) == lock.mine


def test_a_folder_in_the_place_of_the_lock_is_no_crash(tmp_path: Path) -> None:
    (tmp_path / LOCK_NAME).mkdir()
    lock = acquire(tmp_path)
    assert lock.state == "unavailable"
    lock.release()
    assert (tmp_path / LOCK_NAME).is_dir()


def test_a_lock_of_this_very_process_from_before_is_stale(tmp_path: Path) -> None:
    write_lock(tmp_path, this_process())  # another token: an earlier game in this process
    assert acquire(tmp_path).state == "held"


# ---------------------------------------------------------------- the second copy


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
