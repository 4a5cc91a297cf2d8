"""Per-user data on disk: the folder, atomic JSON writes, and loading that survives anything.

Every document is a JSON object ``{"format": KIND, "version": N, "data": ...}``.
Writes go to a temporary file in the same folder that is flushed, synced and
then renamed over the old file, so a crash leaves either the old or the new
file, never half of one. A file that cannot be used (cut off, not JSON, another
program's file, another format version, a validator's veto) is moved aside as
``NAME.damaged-YYYYmmdd-HHMMSS.json`` and defaults are used, with a message for
the user. When no folder can be written the game keeps its documents in memory
and says so once.

A file that is there but cannot be read (no permission, a folder in its place)
is never overwritten: the store keeps what would go there in memory until the
player has agreed to move it aside. A read-only store (a second copy of the
game) writes nothing of the player's at all. Ids read from files become part
of file names only through :func:`is_safe_id`.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from skatgame.table.i18n import Message

#: Environment variable naming the folder to use instead of the platform's (tests, portable use).
ENV_HOME = "SKATGAME_HOME"
APP_NAME = "skatgame"

#: What an id read from a file may be before it becomes part of a file name.
SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")
#: What a file written for the player (an export) may be called.
SAFE_EXPORT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.[a-z]{1,5}")


def is_safe_id(value: object) -> bool:
    """Whether ``value`` may name a file: 1-80 ASCII letters, digits, ``-`` and ``_`` (no dot,
    no slash).

    The one check for every id that comes out of a file (lists, finished lists,
    exports), so that no file can make the game write outside its folders.
    """
    return isinstance(value, str) and SAFE_ID.fullmatch(value) is not None

T = TypeVar("T")

Validator = Callable[[Any], tuple[T, list[Message]]]
"""Turns a document's ``data`` into a value plus notes about entries it had to reset.

It raises ``ValueError`` (whose argument may be a :class:`Message`) when the
data is beyond repair.
"""

LoadStatus = Literal["loaded", "missing", "repaired", "set_aside", "unreadable", "memory"]


@dataclass
class LoadResult(Generic[T]):
    """What loading a document gave: the value to use and what went wrong, if anything.

    ``status`` is ``loaded`` (file used as it was), ``missing`` (no file yet:
    defaults), ``repaired`` (some entries reset), ``set_aside`` (file moved
    away or left alone as unusable: defaults), ``unreadable`` (file could not
    be read: defaults) or ``memory`` (the unsaved copy held in memory).
    ``problems`` are the messages to show the user once.
    """

    value: T
    status: LoadStatus
    problems: list[Message] = field(default_factory=list)
    set_aside: Path | None = None


# ---------------------------------------------------------------- the folder


def _conventional_dir() -> Path | None:
    try:
        home = Path.home()
    except RuntimeError:  # no home folder at all
        return None
    if sys.platform == "win32":
        base = os.environ.get("APPDATA")
        return Path(base) / APP_NAME if base else home / "AppData" / "Roaming" / APP_NAME
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / APP_NAME
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else home / ".local" / "share") / APP_NAME


def _ensure_dir(path: Path) -> Path | None:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path if path.is_dir() else None


def user_dir(preferred: Path | None = None) -> Path | None:
    """The folder for the user's settings and lists, created if needed; ``None`` if none can be.

    ``$SKATGAME_HOME`` wins when set (and is then the only candidate); else
    ``preferred`` (the UI passes SDL's per-user folder), else the platform
    convention (``%APPDATA%``, ``~/Library/Application Support``,
    ``$XDG_DATA_HOME`` or ``~/.local/share``).
    """
    override = os.environ.get(ENV_HOME)
    if override:
        return _ensure_dir(Path(override).expanduser())
    for candidate in (preferred, _conventional_dir()):
        if candidate is not None and (folder := _ensure_dir(candidate)) is not None:
            return folder
    return None


# ---------------------------------------------------------------- writing


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open folders.
    if os.name != "posix":
        return
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def to_json(obj: Any, compact: bool = False) -> str:
    """``obj`` as JSON text: indented for people to read, or ``compact`` (big documents:
    the indenting encoder is pure Python and about ten times slower)."""
    if compact:
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
    return json.dumps(obj, ensure_ascii=False, indent=2, allow_nan=False) + "\n"


def atomic_write_json(path: Path, obj: Any, compact: bool = False) -> None:
    """Write ``obj`` as JSON to ``path`` so that a crash never leaves a partial file.

    The text goes to a temporary file in the same folder, is flushed and
    synced, then renamed over ``path``. Raises ``OSError`` when the folder
    cannot be written (the old file is then untouched) and ``TypeError`` /
    ``ValueError`` for data that is not plain JSON (before touching the disk).
    """
    atomic_write_text(Path(path), to_json(obj, compact))


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a synced temporary file and a rename."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


# ---------------------------------------------------------------- reading


class _Unusable(Exception):
    """The file cannot be used; ``reason`` says why."""

    def __init__(self, reason: Message) -> None:
        super().__init__(reason)
        self.reason = reason


def _aside_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
        n += 1
    return candidate


def _error_text(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number in JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is too large")
    return value


def parse_json_text(text: str) -> Any:
    """Strict JSON: no ``NaN``/``Infinity`` and no numbers too long or too large to use.

    Raises ``json.JSONDecodeError`` (with line and column), ``ValueError`` (a
    number that cannot be used) or ``RecursionError`` (nested too deeply).
    """
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)


def _parse(raw: bytes, kind: str, version: int) -> Any:
    """The ``data`` of a document, or ``_Unusable``."""
    if raw.startswith(b"\xef\xbb\xbf"):  # a byte-order mark, as some editors write
        raw = raw[3:]
    if not raw.strip():
        raise _Unusable(Message("store.reason.empty"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _Unusable(Message("store.reason.not_text")) from None
    try:
        doc = parse_json_text(text)
    except json.JSONDecodeError as exc:
        reason = Message("store.reason.not_json", line=exc.lineno, column=exc.colno)
        raise _Unusable(reason) from None
    except RecursionError:
        raise _Unusable(Message("store.reason.deep")) from None
    except ValueError:  # a number too long (int digit limit) or too large
        raise _Unusable(Message("store.reason.number")) from None
    if not isinstance(doc, dict) or doc.get("format") != kind:
        raise _Unusable(Message("store.reason.foreign", expected=kind))
    found = doc.get("version")
    if found != version or isinstance(found, bool):
        shown = str(found) if len(str(found)) <= 24 else str(found)[:20] + "..."
        raise _Unusable(Message("store.reason.version", found=shown, expected=version))
    if "data" not in doc:
        raise _Unusable(Message("store.reason.shape"))
    return doc["data"]


def _validate(validate: Validator[T], data: Any) -> tuple[T, list[Message]]:
    try:
        return validate(data)
    except RecursionError:
        raise _Unusable(Message("store.reason.deep")) from None
    except Exception as exc:  # noqa: BLE001 - whatever a file holds, it never crashes
        detail = exc.args[0] if exc.args else type(exc).__name__
        if isinstance(exc, ValueError) and isinstance(detail, Message):
            raise _Unusable(detail) from None
        # A validator tripping over unexpected types (or sizes) means the same: unusable.
        text = str(detail)[:200]
        if not isinstance(exc, ValueError | TypeError | KeyError | AttributeError):
            text = f"{type(exc).__name__}: {text}"
        raise _Unusable(Message("store.reason.invalid", detail=text)) from None


def load_json(
    path: Path,
    kind: str,
    version: int,
    validate: Validator[T],
    default: Callable[[], T],
    aside_key: str = "store.set_aside",
    unreadable_key: str = "store.unreadable",
    read_only: bool = False,
) -> LoadResult[T]:
    """Load the document at ``path``; never raises for anything the file holds.

    A missing file gives ``default()``. A file that cannot be used is moved
    aside (``NAME.damaged-YYYYmmdd-HHMMSS.json``) and gives ``default()`` with
    a message (``aside_key``: its text, with ``file``, ``reason`` and
    ``moved_to``). When ``validate`` had to reset entries, a copy of the
    original is kept next to it and its notes are returned as problems. A
    file that cannot be read gives ``default()`` and the message
    ``unreadable_key`` (with ``file`` and ``error``). ``read_only`` moves and
    copies nothing: an unusable file is only reported.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return LoadResult(default(), "missing")
    except OSError as exc:
        problem = Message(unreadable_key, file=str(path), error=_error_text(exc))
        return LoadResult(default(), "unreadable", [problem])
    try:
        value, notes = _validate(validate, _parse(raw, kind, version))
    except _Unusable as bad:
        if read_only:
            problem = Message("store.damaged_left", file=str(path), reason=bad.reason)
            return LoadResult(default(), "set_aside", [problem])
        return _set_aside(path, bad.reason, default, aside_key)
    if not notes:
        return LoadResult(value, "loaded")
    if read_only:
        return LoadResult(value, "repaired", list(notes))
    backup = _aside_name(path)
    try:
        shutil.copyfile(path, backup)
    except OSError as exc:
        head = Message("store.repaired_no_backup", file=path.name, error=_error_text(exc))
        return LoadResult(value, "repaired", [head, *notes])
    return LoadResult(value, "repaired", [Message("store.repaired", file=path.name,
                                                   backup=str(backup)), *notes], backup)


def _set_aside(path: Path, reason: Message, default: Callable[[], T],
               key: str = "store.set_aside") -> LoadResult[T]:
    target = _aside_name(path)
    try:
        path.rename(target)
    except OSError as exc:
        problem = Message("store.damaged_kept", file=path.name, reason=reason,
                          error=_error_text(exc))
        return LoadResult(default(), "set_aside", [problem])
    problem = Message(key, file=path.name, reason=reason, moved_to=str(target))
    return LoadResult(default(), "set_aside", [problem], target)


# ---------------------------------------------------------------- the store


class Store:
    """The user's documents in one folder, kept in memory when the disk fails.

    ``Store.open()`` uses :func:`user_dir`. Documents are named like
    ``"settings"`` and live in ``FOLDER/NAME.json``. A document whose last
    save failed (or every document, without a folder) is kept in memory, and
    :meth:`load` returns that copy, so the game goes on as if saving had
    worked. Problems are collected for the UI, each reported once, and a
    failing disk only once per session: see :meth:`take_problems`.
    """

    def __init__(self, folder: Path | None, *, read_only: bool = False) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.read_only = read_only
        self._memory: dict[str, Any] = {}
        self._pending: list[Message] = []
        self._reported: set[str] = set()
        #: problems may be reported off the frame loop (finished lists read in the background)
        self._problems_lock = threading.Lock()
        self._write_failed = False
        self._unreadable: dict[str, str] = {}  # there but unreadable (-> why): never written
        if self.folder is None:
            self._report(Message("store.no_folder"))
        elif not read_only:
            self._sweep_temporaries()

    def _sweep_temporaries(self, older_than: float = 3600.0) -> None:
        """Delete temporary files a killed writer left behind (old ones: another running
        copy of the game may be writing a new one right now)."""
        assert self.folder is not None
        limit = time.time() - older_than
        with suppress(OSError):
            for pattern in (".*.tmp", "*/.*.tmp"):
                for path in self.folder.glob(pattern):
                    with suppress(OSError):
                        if path.stat().st_mtime < limit:
                            path.unlink()

    @classmethod
    def open(cls, preferred: Path | None = None, *, read_only: bool = False) -> Store:
        """The store in the user's folder (see :func:`user_dir`)."""
        return cls(user_dir(preferred), read_only=read_only)

    def path_of(self, name: str) -> Path | None:
        """The file of a document, or ``None`` without a folder."""
        return self.folder / f"{name}.json" if self.folder is not None else None

    def _report(self, problem: Message) -> None:
        with self._problems_lock:
            if problem not in self._reported:
                self._reported.add(problem)
                self._pending.append(problem)

    @property
    def has_problems(self) -> bool:
        """Whether problems wait to be handed out."""
        return bool(self._pending)

    def take_problems(self) -> list[Message]:
        """The problems not yet handed out; each is handed out once."""
        with self._problems_lock:
            pending, self._pending = self._pending, []
        return pending

    def load(
        self,
        name: str,
        kind: str,
        version: int,
        validate: Validator[T],
        default: Callable[[], T],
        aside_key: str = "store.set_aside",
        unreadable_key: str = "store.unreadable",
    ) -> LoadResult[T]:
        """Load a document (see :func:`load_json`); its problems are also reported here.

        A document whose file is there but cannot be read is not written
        again until :meth:`move_unreadable_aside` (see :meth:`unreadable`).
        """
        if name in self._memory:
            value, _notes = validate(copy.deepcopy(self._memory[name]))
            return LoadResult(value, "memory")
        path = self.path_of(name)
        if path is None:
            return LoadResult(default(), "missing")
        result = load_json(path, kind, version, validate, default, aside_key, unreadable_key,
                           self.read_only)
        if result.status == "unreadable":
            self._unreadable[name] = str(result.problems[0].params.get("error", ""))
        for problem in result.problems:
            self._report(problem)
        return result

    def unreadable(self, name: str) -> str | None:
        """Why a document's file, found but not readable, could not be read (it is kept
        as it is); ``None`` when it was read or is not there."""
        return self._unreadable.get(name)

    def move_unreadable_aside(self, name: str) -> bool:
        """The player agreed: move an unreadable file aside so that a new one can be saved.

        Returns ``True`` when the name is free now; the new place is reported.
        The file is renamed, never deleted or overwritten.
        """
        path = self.path_of(name)
        if name not in self._unreadable or path is None:
            return True
        if self.read_only:
            return False
        target = _aside_name(path)
        try:
            path.rename(target)
        except OSError as exc:
            self._report(Message("store.unreadable_kept", file=str(path),
                                 error=_error_text(exc)))
            return False
        del self._unreadable[name]
        self._report(Message("store.unreadable_moved", file=str(path), moved_to=str(target)))
        return True

    def save(self, name: str, kind: str, version: int, data: Any, *,
             compact: bool = False) -> bool:
        """Save a document atomically; ``False`` when it is only kept in memory.

        ``data`` must be plain JSON (dicts, lists, strings, numbers, booleans,
        ``None``); anything else raises ``TypeError``/``ValueError``, as that
        is a programming error, not a disk problem. ``compact`` writes without
        indentation (big documents such as lists). A name may hold one folder
        (``"finished/ID"``), which is created when needed.
        """
        doc = {"format": kind, "version": version, "data": data}
        path = self.path_of(name)
        if path is None or self.read_only or name in self._unreadable:
            json.dumps(doc, allow_nan=False)  # same checks as on disk
            self._memory[name] = copy.deepcopy(data)
            return False
        try:
            text = to_json(doc, compact)  # a TypeError here is the caller's bug: raise it
            if path.parent != self.folder:
                path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, text)
        except OSError as exc:
            self._memory[name] = copy.deepcopy(data)
            if not self._write_failed:
                self._write_failed = True
                self._report(Message("store.save_failed", folder=str(self.folder),
                                     error=_error_text(exc)))
            return False
        self._memory.pop(name, None)
        return True

    def names(self, folder: str) -> list[str]:
        """The documents in a sub-folder (``"finished"`` gives ``"finished/ID"``...), sorted.

        Files set aside as damaged and temporary files are left out; documents
        held only in memory are included.
        """
        found = {n for n in self._memory if n.startswith(folder + "/")}
        if self.folder is not None:
            with suppress(OSError):
                for path in (self.folder / folder).glob("*.json"):
                    if ".damaged-" not in path.name and not path.name.startswith("."):
                        found.add(f"{folder}/{path.stem}")
        return sorted(found)

    def exists(self, name: str) -> bool:
        """Whether a document is there (on disk or held in memory); it may still be unusable.

        Anything in the file's place counts (a folder, a broken link): loading
        then says what is wrong with it.
        """
        if name in self._memory:
            return True
        path = self.path_of(name)
        return path is not None and os.path.lexists(path)

    def write_export(self, filename: str, text: str) -> Path:
        """Write a file for the player (an export) to ``FOLDER/exports``; returns its path.

        Raises ``OSError`` when there is no folder or it cannot be written, and
        ``ValueError`` for a name that is not a plain file name (see
        :data:`SAFE_EXPORT_NAME`): nothing is ever written outside ``exports``.
        """
        if SAFE_EXPORT_NAME.fullmatch(filename) is None:
            raise ValueError(f"not a plain file name: {filename!r}")
        if self.folder is None:
            raise OSError(2, "no folder for your data")
        target = self.folder / "exports" / filename
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(target, text)
        return target

    def report(self, problem: Message) -> None:
        """Add a problem for the UI to show (each one once)."""
        self._report(problem)

    def remove(self, name: str) -> bool:
        """Delete a document (e.g. a finished list); ``True`` when nothing of it is left."""
        self._memory.pop(name, None)
        path = self.path_of(name)
        if path is None:
            return True
        if self.read_only or name in self._unreadable:
            return False  # never deleted unseen: see move_unreadable_aside
        try:
            path.unlink(missing_ok=True)
        except OSError:
            return False
        return True
