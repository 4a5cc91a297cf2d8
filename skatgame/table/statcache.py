"""The statistics' summaries of the finished lists, kept so that the screen opens at once.

Reading a finished list means parsing its whole record (every deal's cards and
actions); with hundreds of lists that takes seconds. The statistics need only
the short rows of each list and the cards as dealt, so those are kept per list
in one cache file (``cache/statistics.json`` in the data folder) together with
the size and modification time of the list's file: a list whose file changed
(or is new) is read again, a list whose file is gone drops out. A cache that
cannot be read or used is rebuilt without a word (it holds nothing that is
not in the lists), and the summaries read are also kept in memory for the next
opening in the same run.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from contextlib import suppress
from dataclasses import fields
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from skatgame.engine.cards import iss_name, mask_of
from skatgame.engine.series import _seating  # who sits where when a player deals
from skatgame.table.archive import (
    ARCHIVE_FOLDER,
    FINISHED_FORMAT,
    FINISHED_VERSION,
    ArchivedList,
    DealRow,
    FinishedList,
    archive_data,
    archived_from,
)
from skatgame.table.i18n import Message
from skatgame.table.stats import Dealt, ListStats, Tally, counted_session
from skatgame.table.store import Store, atomic_write_text

CACHE_NAME = "cache/statistics.json"
CACHE_FORMAT = "skatgame-statistics-cache"
#: Raised whenever what a summary holds changes: an older cache is then rebuilt.
CACHE_VERSION = 2  # 2: a list's mode, limit and rate kept too

#: Summaries read in this run, per cache file: (file's stamp, summary) per list.
_memory: dict[str, dict[str, tuple[list[int], ListStats]]] = {}
#: Caches read in this run that changed and wait to be written (see :func:`write_pending`).
_unwritten: dict[str, tuple[Path, dict[str, tuple[list[int], ListStats]]]] = {}


#: Each card by its name in a record (looked up: parsing every card of 200 lists is slow).
_CARDS = {iss_name(c): c for c in range(32)}


def dealt_of(entry: ArchivedList, series: Any) -> tuple[Dealt, ...]:
    """The cards as dealt in each deal of a finished list's series record."""
    out = []
    for row, deal in zip(entry.rows, series["deals"], strict=False):
        cards = [_CARDS[c] for c in deal["cards"]]  # KeyError: not a card
        seats = _seating(entry.size, row.dealer)
        hands = [0] * entry.size
        for s, p in enumerate(seats):
            hands[p] = mask_of(cards[10 * s:10 * s + 10])
        out.append(Dealt(tuple(hands), mask_of(cards[30:32]), seats[0]))
    return tuple(out)


def summary_of(name: str, data: Any) -> ListStats:
    """A finished list's summary from its document data (``ValueError``/``TypeError``
    when unusable, as :func:`~skatgame.table.archive.archived_from`)."""
    entry = archived_from(name, data)
    try:
        dealt = dealt_of(entry, data["series"])
    except (KeyError, TypeError, ValueError):
        dealt = ()
    return ListStats.of(entry, dealt)


def in_progress_summary(session: FinishedList) -> ListStats:
    """The summary of the list at the table (its finished deals)."""
    return summary_of("", archive_data(session, ""))


# ---------------------------------------------------------------- the cache file
#
# Three lines: a header (formats, and the SHA-256 of the rest), the index (per list
# its file's stamp, players, date and tallies: all the overview needs) and the
# details (rows and cards as dealt, parsed only when a chart needs them).

#: The fields of a deal row, in the order the cache keeps them (a change rebuilds it).
ROW_FIELDS = tuple(f.name for f in fields(DealRow))


def _index_json(stamp: list[int], s: ListStats) -> dict[str, Any]:
    return {"stamp": stamp, "id": s.list_id, "finished": s.finished, "names": list(s.names),
            "levels": list(s.levels), "practice": s.practice, "deals": s.deals,
            "tallies": [[t.deals, t.sat_out, list(t.declared), t.won, t.lost, t.sf, t.plain]
                        for t in s.tallies]}


def _detail_json(s: ListStats) -> Any:
    if not s.loaded and s.raw is not None:  # as read from the cache: written back as it was
        return s.raw()
    e = s.entry
    return {"started": e.started, "list_kind": e.list_kind, "planned": e.planned,
            "mode": e.mode, "limit": e.limit, "rate": str(e.rate),
            "rows": [[list(v) if isinstance(v, tuple) else v
                      for v in (getattr(r, f) for f in ROW_FIELDS)] for r in e.rows],
            "dealt": [[*d.hands, d.skat, d.forehand] for d in s.dealt]}


_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def _past_space(text: str, i: int) -> int:
    match = _SPACE.match(text, i)
    return match.end() if match is not None else i


def _object_by_entries(text: str) -> dict[str, Any]:
    """A JSON object parsed as :func:`json.loads` parses it (``ValueError`` when it is
    not one), one entry at a time: parsing the details of hundreds of lists in one call
    would hold a thread that reads them off the frame loop for a good part of a tenth
    of a second, and the frame loop with it (one call keeps Python's lock)."""
    out: dict[str, Any] = {}
    i = _past_space(text, 0)
    if text[i:i + 1] != "{":
        raise ValueError("not a JSON object")
    i = _past_space(text, i + 1)
    closed = text[i:i + 1] == "}"
    i += closed
    while not closed:
        key, i = _DECODER.raw_decode(text, i)
        i = _past_space(text, i)
        if not isinstance(key, str) or text[i:i + 1] != ":":
            raise ValueError("not a JSON object")
        out[key], i = _DECODER.raw_decode(text, _past_space(text, i + 1))
        i = _past_space(text, i)
        mark = text[i:i + 1]
        if mark not in (",", "}"):
            raise ValueError("not a JSON object")
        closed = mark == "}"
        i = _past_space(text, i + 1)
    if _past_space(text, i) != len(text):
        raise ValueError("more after a JSON object")
    return out


class _Details:
    """The cache's third line, parsed when a chart first needs a list's rows; a list
    it cannot give is read from its own file."""

    def __init__(self, store: Store, text: bytes) -> None:
        self.store = store
        self.text: bytes | None = text
        self.parsed: dict[str, Any] = {}

    def raw(self, name: str) -> Any:
        """A list's details as the cache holds them (``None``: not there)."""
        if self.text is not None:
            with suppress(ValueError):
                self.parsed = _object_by_entries(self.text.decode("utf-8"))
            self.text = None
        return self.parsed.get(name) if isinstance(self.parsed, dict) else None

    def of(self, name: str, index: dict[str, Any]) -> tuple[ArchivedList, tuple[Dealt, ...]]:
        try:
            return _detail_from(name, index, self.raw(name))
        except (KeyError, TypeError, ValueError, IndexError, InvalidOperation):
            read = _load(self.store, name)
            if read is None:  # gone since: nothing to show
                return ArchivedList(name, index["id"], "", index["finished"],
                                    tuple(index["names"]), tuple(index["levels"]),
                                    "seeger-fabian", None, ()), ()
            return read.entry, read.dealt


def _detail_from(name: str, index: dict[str, Any], d: dict[str, Any]
                 ) -> tuple[ArchivedList, tuple[Dealt, ...]]:
    """A list's rows and cards from the cache (its checksum vouches for them)."""
    n = len(index["names"])
    rows = tuple(DealRow(*[tuple(v) if isinstance(v, list) else v  # type: ignore[arg-type]
                           for v in r]) for r in d["rows"])
    entry = ArchivedList(name=name, list_id=index["id"], started=d["started"],
                         finished=index["finished"], names=tuple(index["names"]),
                         levels=tuple(index["levels"]), list_kind=d["list_kind"],
                         planned=d["planned"], rows=rows, practice=index["practice"] is True,
                         mode=str(d["mode"]), limit=d["limit"], rate=Decimal(d["rate"]))
    dealt = tuple(Dealt(tuple(x[:n]), x[n], x[n + 1]) for x in d["dealt"])
    if dealt and len(dealt) != len(rows):
        raise ValueError("a summary that does not fit together")
    return entry, dealt


def _from_index(name: str, d: dict[str, Any], details: _Details) -> ListStats:
    tallies = tuple(Tally(t[0], t[1], tuple(t[2]), t[3], t[4], t[5], t[6])
                    for t in d["tallies"])
    names, levels = tuple(d["names"]), tuple(d["levels"])
    if len(names) not in (3, 4) or len(levels) != len(names) or len(tallies) != len(names):
        raise ValueError("a summary that does not fit together")
    return ListStats(name, d["id"], d["finished"], names, levels, d["practice"] is True,
                     d["deals"], tallies, lambda: details.of(name, d), lambda: details.raw(name))


def cache_path(store: Store) -> Path | None:
    """Where the cache lives (``None``: no folder)."""
    return store.path_of(CACHE_NAME.removesuffix(".json"))


def _header() -> dict[str, Any]:
    return {"format": CACHE_FORMAT, "version": CACHE_VERSION,
            "finished_version": FINISHED_VERSION, "row_fields": list(ROW_FIELDS)}


def _read_cache(store: Store, path: Path) -> dict[str, tuple[list[int], ListStats]]:
    """The cached summaries by list; nothing when the file is missing or unusable (a
    file changed in any way after it was written is not used)."""
    try:
        head_text, _newline, rest = path.read_bytes().partition(b"\n")
        head = json.loads(head_text)
        if not isinstance(head, dict) or head.pop("sha256", None) != \
                hashlib.sha256(rest).hexdigest() or head != _header():
            return {}
        index_text, _newline, detail_text = rest.partition(b"\n")
        details = _Details(store, detail_text)
        return {name: (list(item["stamp"]), _from_index(name, item, details))
                for name, item in json.loads(index_text).items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError, IndexError):
        return {}


def _write_cache(path: Path, lists: dict[str, tuple[list[int], ListStats]]) -> None:
    def line(obj: Any) -> bytes:
        return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")

    rest = line({name: _index_json(stamp, s) for name, (stamp, s) in lists.items()}) + \
        b"\n" + line({name: _detail_json(s) for name, (_stamp, s) in lists.items()})
    head = json.dumps({**_header(), "sha256": hashlib.sha256(rest).hexdigest()})
    with suppress(OSError, ValueError):  # a cache that cannot be written is read next time
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, head + "\n" + rest.decode("utf-8"))


def _stamp(path: Path | None) -> list[int] | None:
    """The size and modification time of a list's file (``None``: not a plain file)."""
    if path is None:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def _load(store: Store, name: str) -> ListStats | None:
    """A finished list's summary read from its file (problems reported as the list
    screen reports them, the file set aside)."""
    def validate(data: Any) -> tuple[ListStats, list[Message]]:
        return summary_of(name, data), []

    return store.load(name, FINISHED_FORMAT, FINISHED_VERSION, validate, lambda: None,
                      "archive.set_aside", "archive.unreadable").value


class Reading:
    """The finished lists' summaries being gathered: from the cache at once where a
    list's file has not changed, the others read from their files a few at a time
    (:meth:`step`), so that a screen can show itself while a cold cache fills.

    ``from_memory=False`` leaves out the summaries kept in memory (read again from the
    cache file): a reading off the frame loop then shares no summary with it until
    it is handed over (see :meth:`read`)."""

    def __init__(self, store: Store, from_memory: bool = True) -> None:
        self.store = store
        self.path = cache_path(store)
        self.key = str(self.path)
        cached = _memory.get(self.key) if from_memory else None
        if cached is None:
            cached = _read_cache(store, self.path) if self.path is not None else {}
        self.fresh: dict[str, tuple[list[int], ListStats]] = {}
        self.found: list[ListStats] = []
        self.todo: list[str] = []
        names = store.names(ARCHIVE_FOLDER)
        for name in names:
            stamp = _stamp(store.path_of(name))
            hit = cached.get(name)
            if stamp is not None and hit is not None and hit[0] == stamp:
                self._keep(name, stamp, hit[1])
            else:
                self.todo.append(name)
        self.total = len(names)
        self.changed = bool(self.todo) or set(self.fresh) != set(cached)

    def _keep(self, name: str, stamp: list[int] | None, summary: ListStats | None) -> None:
        if summary is None:
            return
        self.found.append(summary)
        if stamp is not None:
            self.fresh[name] = (stamp, summary)

    @property
    def done(self) -> bool:
        return not self.todo

    def step(self, seconds: float) -> bool:
        """Read lists from their files for about ``seconds`` (at least one); whether
        every list is there now. Once they are, the cache is kept in memory and
        waits to be written (:func:`write_pending`)."""
        self.read(seconds)
        if not self.todo and self.path is not None and self.key not in _unwritten:
            _memory[self.key] = self.fresh
            if self.changed and not self.store.read_only:
                _unwritten[self.key] = (self.path, self.fresh)
                self.changed = False
        return not self.todo

    def read(self, seconds: float) -> bool:
        """Read lists from their files for about ``seconds`` (at least one), keeping
        nothing in memory (it touches only this reading and the store: it may run off
        the frame loop, :meth:`step` then keeps what it read); whether every list is
        there now."""
        end = time.monotonic() + seconds
        while self.todo:
            name = self.todo.pop(0)
            summary = _load(self.store, name)
            self._keep(name, _stamp(self.store.path_of(name)), summary)  # after the load:
            if time.monotonic() >= end:  # it may have set the file aside
                break
        return not self.todo

    def summaries(self) -> list[ListStats]:
        """The summaries gathered so far, newest first."""
        return sorted(self.found, key=lambda s: (s.finished, s.name), reverse=True)


def finished_summaries(store: Store) -> list[ListStats]:
    """The summary of every usable finished list (practice lists too), newest first,
    from the cache where the list's file has not changed (a cache that changed is
    written at once)."""
    reading = Reading(store)
    reading.step(float("inf"))
    write_pending()
    return reading.summaries()


def write_pending() -> None:
    """Write the caches that changed since they were read."""
    while _unwritten:
        _key, (path, lists) = _unwritten.popitem()
        _write_cache(path, lists)


def forget() -> None:
    """Drop the summaries kept in memory (the next opening reads the cache file)."""
    write_pending()
    _memory.clear()


def counted(finished: list[ListStats], in_progress: FinishedList | None) -> list[ListStats]:
    """The lists the statistics count (see :func:`~skatgame.table.stats.lists_counted`):
    the ``finished`` ones but the practice lists, and the list in progress."""
    out = [s for s in finished if not s.practice]
    session = counted_session(in_progress)
    if session is not None and session.series.rows and \
            all(s.list_id != session.list_id for s in out):
        out.append(in_progress_summary(session))
    return out


def summaries_counted(store: Store | None, in_progress: FinishedList | None
                      ) -> list[ListStats]:
    """:func:`counted` over every finished list of ``store``."""
    return counted(finished_summaries(store) if store is not None else [], in_progress)
