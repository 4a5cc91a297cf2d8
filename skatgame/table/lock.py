"""One game at a time on one per-user folder: the instance lock, and whether a process lives.

The game that continues the list holds ``FOLDER/skatgame.lock``: the
operating system's lock on that file (``fcntl.flock`` on Linux and macOS,
``msvcrt.locking`` on Windows), which the system lets go of when the game
ends, however it ends. The file names the holder for the message a second
copy shows: a small JSON object with the process id, when that process
started, a random token, the computer and the program. A new lock file is
created whole or not at all (written aside, then linked into place).

A second game finds the lock held and opens read-only (or not at all). A lock
file nobody holds is stale (the game was killed) and is taken over, unless it
names a process that still runs: a game that took its lock by the file alone
(an earlier version of this game, or one on another computer sharing the
folder). A lock that cannot be taken (a folder or a link in its place, a file
the player may not read) is never ignored: the game says why and saves
nothing over the list (see :attr:`InstanceLock.may_save`). No pygame here.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import socket
import stat
import subprocess
import sys
import tempfile
import time
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from skatgame.table.i18n import Message

LOCK_NAME = "skatgame.lock"


# ---------------------------------------------------------------- processes


def windows_process_alive(pid: int) -> bool:
    """Whether process ``pid`` runs, on Windows (where ``os.kill(pid, 0)`` would end it)."""
    import ctypes

    kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        error: int = ctypes.get_last_error()  # type: ignore[attr-defined]  # Windows only
        return error == 5  # access denied: it is there
    try:
        code = ctypes.c_ulong()
        if not kernel.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel.CloseHandle(handle)


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` is there (a zombie counts as gone)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":
        return windows_process_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: it is there
        return True
    except OverflowError:
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):  # no /proc (macOS): kill(0) said it is there
        return True


def process_started(pid: int) -> str | None:
    """A text that tells when process ``pid`` started, or ``None`` when it cannot be found.

    Two processes with the same id have different texts, so a lock whose
    process id was given to another program later is known as stale.
    """
    try:
        if sys.platform.startswith("linux"):
            with open(f"/proc/{pid}/stat", "rb") as f:
                ticks = f.read().rsplit(b")", 1)[1].split()[19].decode()
            with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as f:
                boot = f.read().strip()
            return f"{boot}:{ticks}"
        if sys.platform == "win32":
            return _windows_started(pid)
        out = subprocess.run(["ps", "-o", "lstart=", "-p", str(pid)], capture_output=True,
                             text=True, timeout=5, check=False)
        return out.stdout.strip() or None
    except (OSError, IndexError, ValueError, subprocess.SubprocessError):
        return None


def _windows_started(pid: int) -> str | None:
    import ctypes

    kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel.OpenProcess(0x1000, False, pid)
    if not handle:
        return None
    try:
        times = [ctypes.c_ulonglong() for _ in range(4)]
        if not kernel.GetProcessTimes(handle, *(ctypes.byref(t) for t in times)):
            return None
        return str(times[0].value)
    finally:
        kernel.CloseHandle(handle)


# ---------------------------------------------------------------- the lock


@dataclass(frozen=True)
class Holder:
    """Who holds a lock: process id, its start, token, computer and program."""

    pid: int
    started: str | None
    token: str
    host: str
    program: str

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: Any) -> Holder | None:
        """The holder written in a lock file; ``None`` when it is not laid out as one."""
        if not isinstance(data, dict):
            return None
        pid, started = data.get("pid"), data.get("started")
        token, host, program = (data.get(k) for k in ("token", "host", "program"))
        if type(pid) is not int or not isinstance(token, str) or not isinstance(host, str) \
                or not isinstance(program, str) \
                or not (started is None or isinstance(started, str)):
            return None
        return cls(pid, started, token, host, program)

    def alive(self) -> bool:
        """Whether the game that wrote this lock still runs (another computer's: assumed)."""
        if self.host != socket.gethostname():
            return True  # its processes cannot be seen from here
        if self.pid == os.getpid() or not process_alive(self.pid):
            return False
        now = process_started(self.pid)
        return self.started is None or now is None or now == self.started


def this_process() -> Holder:
    """A holder for this process, with a fresh token."""
    return Holder(os.getpid(), process_started(os.getpid()), secrets.token_hex(12),
                  socket.gethostname(), sys.executable)


LockState = Literal["held", "busy", "unavailable"]

#: Where the Windows lock sits: one byte far beyond the holder's text, so that a second copy
#: can still read who holds it (Windows locks keep others from reading the locked bytes).
_WINDOWS_LOCK_OFFSET = 1 << 30
#: The most of a lock file read (a holder is a few hundred bytes).
_MAX_LOCK_BYTES = 64 * 1024


@dataclass
class InstanceLock:
    """The outcome of :func:`acquire`.

    ``state`` is ``held`` (this game holds the lock: it may continue the
    list), ``busy`` (another running game holds it: ``other`` tells which, when
    its file says) or ``unavailable`` (no lock could be taken: ``reason`` says
    why). Whether the game may save the player's lists is :attr:`may_save`.
    """

    state: LockState
    path: Path
    mine: Holder
    other: Holder | None = None
    taken_over: Holder | None = None  # a stale lock of a game that was killed
    #: why the lock could not be taken (``unavailable``)
    reason: Message | str = ""
    #: no file at all can be created in the folder (read-only): nothing can be saved over
    #: the list either, and the store says so when it tries
    folder_unwritable: bool = False
    _fd: int | None = field(default=None, repr=False, compare=False)

    @property
    def may_save(self) -> bool:
        """Whether this game may save the player's lists: it holds the lock, or the folder
        takes no file at all (so no copy of the game can save over the list)."""
        return self.state == "held" or (self.state == "unavailable" and self.folder_unwritable)

    def release(self) -> None:
        """Remove the lock if it is still this game's (a no-op otherwise; safe to repeat)."""
        if self.state != "held":
            return
        self.state = "unavailable"
        fd, self._fd = self._fd, None
        ours = _read(self.path) == self.mine
        if sys.platform == "win32":  # an open file cannot be removed there: close it first
            if fd is not None:
                _close(fd)
            if ours:
                with suppress(OSError):
                    self.path.unlink()
            return
        if ours:  # removed while still locked: a game that opened it meanwhile sees it gone
            with suppress(OSError):
                self.path.unlink()
        if fd is not None:
            _close(fd)


def _read(path: Path) -> Holder | None:
    """The holder in a lock file; ``None`` for a file that is not a lock (or unreadable)."""
    try:
        with open(path, "rb") as f:
            return _holder(f.read(_MAX_LOCK_BYTES))
    except OSError:
        return None


def _read_fd(fd: int) -> Holder | None:
    """The holder in the open lock file ``fd``; ``None`` when it names none."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        return _holder(os.read(fd, _MAX_LOCK_BYTES))
    except OSError:
        return None


def _holder(raw: bytes) -> Holder | None:
    try:
        return Holder.from_dict(json.loads(raw))
    except (ValueError, RecursionError):
        return None


def _text(holder: Holder) -> bytes:
    return (json.dumps(holder.to_dict(), ensure_ascii=False) + "\n").encode("utf-8")


def _create(path: Path, holder: Holder) -> None:
    """Put a new lock file naming ``holder`` at ``path``, whole: written aside, then linked.

    Raises ``FileExistsError`` when something is at ``path`` already.
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:  # no fsync: after a power cut no game runs, so a
            f.write(_text(holder))      # lock cut short is stale anyway
        try:
            os.link(tmp, path)  # atomic, and fails when the lock is there
        except FileExistsError:
            raise
        except OSError:  # a file system without hard links: create exclusively
            with open(path, "xb") as f:
                f.write(_text(holder))
    finally:
        with suppress(OSError):
            os.unlink(tmp)


def _open(path: Path) -> int:
    """The lock file opened for reading and writing, never through a link (raises OSError)."""
    flags = os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise IsADirectoryError(errno.EISDIR, "not a file", str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd


def _os_lock(fd: int) -> bool | None:
    """Take the operating system's lock on ``fd`` without waiting: ``True`` taken, ``False``
    held by another process, ``None`` when this file system has no such locks."""
    try:
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK):
            return False
        return None  # ENOLCK, EOPNOTSUPP...: the holder's file alone has to tell
    return True


def _close(fd: int) -> None:
    """Let go of the OS lock (closing does it; Windows is told first) and close ``fd``."""
    if sys.platform == "win32":
        with suppress(OSError):
            import msvcrt

            os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
    with suppress(OSError):
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    """Whether ``fd`` is still the file at ``path`` (not removed or replaced meanwhile)."""
    try:
        a, b = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _write(fd: int, holder: Holder) -> None:
    text = _text(holder)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, text)
    os.ftruncate(fd, len(text))


def _why(exc: OSError, path: Path) -> Message | str:
    """Why the lock file could not be opened or created, in words."""
    with suppress(OSError):
        if path.is_symlink():
            return Message("lock.reason.link" if path.exists() else "lock.reason.dangling")
        if path.is_dir():
            return Message("lock.reason.folder")
    if isinstance(exc, PermissionError):
        return Message("lock.reason.permission")
    return exc.strerror or type(exc).__name__


def _folder_unwritable(folder: Path) -> bool:
    """Whether no file at all can be created in ``folder`` (read-only, no permission)."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".skatgame-probe.", suffix=".tmp", dir=folder)
    except OSError:
        return True
    os.close(fd)
    with suppress(OSError):
        os.unlink(tmp)
    return False


def acquire(folder: Path) -> InstanceLock:
    """Take the instance lock of ``folder`` (see :class:`InstanceLock`); never raises."""
    path = Path(folder) / LOCK_NAME
    mine = this_process()

    def unavailable(exc: OSError | None, reason: Message | str = "") -> InstanceLock:
        return InstanceLock("unavailable", path, mine,
                            reason=reason or (_why(exc, path) if exc else ""),
                            folder_unwritable=_folder_unwritable(path.parent))

    for _attempt in range(5):
        try:
            fd = _open(path)
        except FileNotFoundError:
            if os.path.lexists(path):  # a link that leads nowhere
                return unavailable(None, Message("lock.reason.dangling"))
            try:
                _create(path, mine)
            except FileExistsError:
                pass  # another game created it first: open that one
            except OSError as exc:
                return unavailable(exc)
            continue
        except OSError as exc:
            return unavailable(exc)
        locked = _os_lock(fd)
        if locked is False:
            other = _read_fd(fd)
            _close(fd)
            if other == mine:  # the file this game just created, looked at by another
                time.sleep(0.05)  # starting at the same moment: it lets go at once
                continue
            return InstanceLock("busy", path, mine, other)
        if not _same_file(fd, path):  # removed by the game that held it, as it ended
            _close(fd)
            continue
        other = _read_fd(fd)
        if other is not None and other != mine and other.alive():
            # a running game that locked by the file alone (an earlier version, another
            # computer), or this file system keeps no OS locks
            _close(fd)
            return InstanceLock("busy", path, mine, other)
        if other != mine:
            try:
                _write(fd, mine)
            except OSError as exc:
                _close(fd)
                return unavailable(exc)
        taken = other if other is not None and other != mine and other.pid else None
        return InstanceLock("held", path, mine, taken_over=taken, _fd=fd)
    return unavailable(None, Message("lock.reason.changing"))
