"""One game at a time on one per-user folder: the instance lock, and whether a process lives.

The game that continues the list holds ``FOLDER/skatgame.lock``, a small JSON
file naming its process: the process id, when that process started (so that
a new process that got the same id after a reboot or a long time does not
count), a random token (so that a game only ever removes its own lock), the
computer and the program. The file is created whole or not at all (written
aside, then linked into place), so a killed game never leaves half a lock.

A second game finds the lock held and opens read-only (or not at all). A lock
whose process is gone (the game was killed) is stale and is taken over. No
pygame here.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

LOCK_NAME = "skatgame.lock"


# ---------------------------------------------------------------- processes


def windows_process_alive(pid: int) -> bool:
    """Whether process ``pid`` runs, on Windows (where ``os.kill(pid, 0)`` would end it)."""
    import ctypes

    kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return ctypes.get_last_error() == 5  # access denied: it is there
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
        texts = [data.get(k) for k in ("token", "host", "program")]
        if type(pid) is not int or not all(isinstance(t, str) for t in texts) or \
                not (started is None or isinstance(started, str)):
            return None
        return cls(pid, started, texts[0], texts[1], texts[2])

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


@dataclass
class InstanceLock:
    """The outcome of :func:`acquire`.

    ``state`` is ``held`` (this game holds the lock: it may continue the
    list), ``busy`` (another running game holds it: ``other`` tells which) or
    ``unavailable`` (no lock could be written, e.g. a read-only folder: the
    store then cannot save either, and says so).
    """

    state: LockState
    path: Path
    mine: Holder
    other: Holder | None = None
    taken_over: Holder | None = None  # a stale lock of a game that was killed

    def release(self) -> None:
        """Remove the lock if it is still this game's (a no-op otherwise; safe to repeat)."""
        if self.state != "held":
            return
        self.state = "unavailable"
        if _read(self.path) == self.mine:
            with suppress(OSError):
                self.path.unlink()


def _read(path: Path) -> Holder | None:
    """The holder in a lock file; ``None`` for a file that is not a lock (or unreadable)."""
    try:
        return Holder.from_dict(json.loads(path.read_bytes()))
    except (OSError, ValueError, RecursionError):
        return None


def _create(path: Path, holder: Holder, replace: bool) -> None:
    """Put ``holder`` into ``path`` whole: written aside, then linked (or renamed) in.

    Raises ``FileExistsError`` when another game created the lock first.
    """
    text = json.dumps(holder.to_dict(), ensure_ascii=False) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:  # no fsync: after a power cut
            f.write(text)  # no game runs, so a lock cut short is stale anyway
        if replace:
            os.replace(tmp, path)
            return
        try:
            os.link(tmp, path)  # atomic, and fails when the lock is there
        except FileExistsError:
            raise
        except OSError:  # a file system without hard links: create exclusively
            with open(path, "x", encoding="utf-8") as f:
                f.write(text)
    finally:
        with suppress(OSError):
            os.unlink(tmp)


def acquire(folder: Path) -> InstanceLock:
    """Take the instance lock of ``folder`` (see :class:`InstanceLock`); never raises."""
    path = Path(folder) / LOCK_NAME
    mine = this_process()
    stale: Holder | None = None
    for _attempt in range(3):
        try:
            _create(path, mine, replace=stale is not None)
        except FileExistsError:
            other = _read(path)
            if other is not None and other.alive():
                return InstanceLock("busy", path, mine, other)
            if other is None and (path.is_dir() or not os.access(path, os.R_OK)):
                return InstanceLock("unavailable", path, mine)
            # the game that wrote it is gone (or it is no lock at all): take it over
            stale = other or Holder(0, None, "", "", "")
            continue
        except OSError:
            return InstanceLock("unavailable", path, mine)
        # two games taking over the same stale lock at once: the last writer wins
        if _read(path) == mine:
            return InstanceLock("held", path, mine,
                                taken_over=stale if stale and stale.pid else None)
        other = _read(path)
        if other is not None:
            return InstanceLock("busy", path, mine, other)
    return InstanceLock("unavailable", path, mine)
