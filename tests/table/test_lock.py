"""The instance lock: two copies of the game on one per-user folder never share a list.

The first copy holds a lock file with its process id, start time and a token;
the second finds it held and offers to open read-only or to quit. A lock left
by a killed game (its process gone, or its id now another process's) is taken
over; a game removes only its own lock, on a normal exit too.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from skatgame.table.lock import (
    LOCK_NAME,
    Holder,
    acquire,
    process_alive,
    process_started,
    this_process,
)


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


