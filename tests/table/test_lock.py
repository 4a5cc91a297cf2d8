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




# ---------------------------------------------------------------- a lock that cannot be taken


def test_a_folder_in_the_place_of_the_lock_forbids_saving(tmp_path: Path) -> None:
    (tmp_path / LOCK_NAME).mkdir()
    first, second = acquire(tmp_path), acquire(tmp_path)
    for lock in (first, second):  # neither copy may continue the list
        assert lock.state == "unavailable" and not lock.may_save
        assert "folder" in lock.reason
    assert (tmp_path / LOCK_NAME).is_dir()


def test_a_dangling_link_in_the_place_of_the_lock_forbids_saving(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere" / "nothing.lock"
    (tmp_path / LOCK_NAME).symlink_to(target)
    lock = acquire(tmp_path)
    assert lock.state == "unavailable" and not lock.may_save
    assert "leads nowhere" in lock.reason
    assert (tmp_path / LOCK_NAME).is_symlink() and not target.exists()  # left as it was


def test_a_link_to_a_lock_elsewhere_is_not_followed(tmp_path: Path) -> None:
    elsewhere = tmp_path / "other-folder"
    elsewhere.mkdir()
    (tmp_path / LOCK_NAME).symlink_to(elsewhere / LOCK_NAME)
    write_lock(elsewhere, replace(this_process(), pid=1, started="0:1", host="gone"))
    lock = acquire(tmp_path)
    assert lock.state == "unavailable" and not lock.may_save and "link" in lock.reason


def test_a_lock_the_player_may_not_read_forbids_saving(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import skatgame.table.lock as lock_module

    write_lock(tmp_path, replace(this_process(), pid=1, started="0:1"))
    real_open = lock_module.os.open

    def no_permission(path, flags, *args):  # noqa: ANN001, ANN002, ANN202
        if Path(path).name == LOCK_NAME:  # as chmod 000 does for anyone but root
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(lock_module.os, "open", no_permission)
    lock = acquire(tmp_path)
    assert lock.state == "unavailable" and not lock.may_save and "permission" in lock.reason


def test_a_folder_that_takes_no_file_keeps_the_game_playing_in_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only folder: no copy can save over the list, so this one plays unsaved (its
    store reports the failed saves), as before."""
    import errno

    import skatgame.table.lock as lock_module

    def read_only(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(lock_module.tempfile, "mkstemp", read_only)
    lock = acquire(tmp_path)
    assert lock.state == "unavailable" and lock.folder_unwritable and lock.may_save


# ---------------------------------------------------------------- the operating system's lock

HOLDER = """
import sys, time
from pathlib import Path
from skatgame.table.lock import acquire
lock = acquire(Path(sys.argv[1]))
print(lock.state, flush=True)
time.sleep(120)
"""


@pytest.fixture
def holding_copy(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process that took the lock of ``tmp_path`` with :func:`acquire`."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        yield proc
    finally:
        proc.kill()
        proc.wait()


def test_a_lock_held_by_another_process_is_busy(tmp_path: Path,
                                                holding_copy: subprocess.Popen[str]) -> None:
    lock = acquire(tmp_path)
    assert lock.state == "busy" and not lock.may_save
    assert lock.other is not None and lock.other.pid == holding_copy.pid


def test_a_held_lock_whose_file_was_damaged_is_still_busy(
        tmp_path: Path, holding_copy: subprocess.Popen[str]) -> None:
    """The file no longer names its holder, but the system's lock is held: never ignored."""
    (tmp_path / LOCK_NAME).write_bytes(b"garbage")
    lock = acquire(tmp_path)
    assert lock.state == "busy" and not lock.may_save and lock.other is None
    assert (tmp_path / LOCK_NAME).read_bytes() == b"garbage"


def test_the_lock_of_a_killed_holder_is_let_go_and_taken_over(
        tmp_path: Path, holding_copy: subprocess.Popen[str]) -> None:
    holding_copy.kill()
    holding_copy.wait()
    lock = acquire(tmp_path)
    assert lock.state == "held" and lock.may_save
    assert lock.taken_over is not None and lock.taken_over.pid == holding_copy.pid
    assert on_disk(tmp_path) == lock.mine
    lock.release()
    assert not (tmp_path / LOCK_NAME).exists()


def test_two_games_in_one_process_do_not_both_hold(tmp_path: Path) -> None:
    first = acquire(tmp_path)
    second = acquire(tmp_path)
    try:
        assert first.state == "held" and second.state == "busy" and not second.may_save
        assert second.other == first.mine
    finally:
        second.release()
        first.release()
    assert not (tmp_path / LOCK_NAME).exists()
