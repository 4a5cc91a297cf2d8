"""Finished lists: kept with date, players and totals; opened, exported as CSV and JSON.

Each finished list is one document ``finished/ID`` in the store
(``"format": "skatgame-finished-list"``), so a damaged file costs only
itself. Its ``data`` holds a summary (dates, players with their levels, both
totals, one short row per deal: enough for the list screen, the statistics
and the CSV export without the engine) and the full series record, which is
replayed through the engine before a score sheet is shown or the records are
exported. A file that fails either check is set aside with a message.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Protocol

from skatgame.engine.rules import GameKind
from skatgame.engine.settlement import Settlement, parse_rate, rate_text, settle
from skatgame.table.i18n import Message, Tr, contract_words
from skatgame.table.listmode import lachs_text, mode_text
from skatgame.table.names import display_name
from skatgame.table.saved import mode_of, now_text, players_of
from skatgame.table.store import is_safe_id
from skatgame.version import written_by

if TYPE_CHECKING:
    from pathlib import Path

    from skatgame.engine.series import Series, SheetRow
    from skatgame.table.store import Store

ARCHIVE_FOLDER = "finished"
FINISHED_FORMAT = "skatgame-finished-list"
FINISHED_VERSION = 1

#: Contract kinds in rows: 0-3 suits, 4 Grand, 5 Null, 6 Ramsch; ``None``: passed in.
KIND_NAMES = ("clubs", "spades", "hearts", "diamonds", "grand", "null", "ramsch")


@dataclass(frozen=True)
class DealRow:
    """One deal of a finished list, as the statistics and the CSV need it.

    ``declarer`` and ``dealer`` are player indices (0 the human's place);
    ``kind`` a contract kind (``None``: everyone passed); ``plain``/``sf`` each
    player's change on the plain and the Seeger-Fabian list.
    """

    number: int
    dealer: int
    declarer: int | None
    kind: int | None
    hand: bool
    schneider: bool
    schwarz: bool
    ouvert: bool
    won: bool
    bid: int
    points: int
    value: int
    plain: tuple[int, ...]  # one per player (three or four)
    sf: tuple[int, ...]
    kontra: int = 0  # 1 Kontra, 2 Re (lists of older versions: 0)
    made_schneider: bool = False  # made, announced or not (older versions: False)
    made_schwarz: bool = False

    def to_dict(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d["plain"], d["sf"] = list(self.plain), list(self.sf)
        return d


@dataclass(frozen=True)
class ArchivedList:
    """A finished list as the list screen shows it; ``name`` is its document in the store."""

    name: str
    list_id: str
    started: str
    finished: str
    names: tuple[str, ...]  # three or four
    levels: tuple[str | None, ...]
    list_kind: str
    planned: int | None
    rows: tuple[DealRow, ...]
    practice: bool = False  # a practice list: marked, and not in the statistics
    #: how the list ended: ``deals``, ``target`` or ``bierlachs`` (the engine's Series.mode)
    mode: str = "deals"
    limit: int | None = None  # the target or the Bierlachs limit
    rate: Decimal = Decimal(0)  # cents per point (0: not settled in money)

    def display_names(self, tr: Tr) -> list[str]:
        """The players' names as shown: the human without a chosen name is "You" in the
        current language."""
        return [display_name(name, level, tr)
                for name, level in zip(self.names, self.levels, strict=True)]

    @property
    def size(self) -> int:
        """Players at the table: 3 or 4."""
        return len(self.names)

    def totals(self, kind: str | None = None) -> tuple[int, ...]:
        """Each player's total on the list's own kind (or ``kind``)."""
        sf = (kind or self.list_kind) == "seeger-fabian"
        out = [0] * self.size
        for row in self.rows:
            for i, v in enumerate(row.sf if sf else row.plain):
                out[i] += v
        return tuple(out)

    def lachs(self) -> tuple[int, ...]:
        """Bierlachs: the players with the lowest total, who pay (else none)."""
        if self.mode != "bierlachs" or not self.rows:
            return ()
        totals = self.totals()
        return tuple(i for i, t in enumerate(totals) if t == min(totals))

    def settlement(self) -> Settlement | None:
        """Who pays whom at the list's rate (``None``: not settled in money)."""
        if not self.rate:
            return None
        return settle(self.totals(), self.rate,
                      self.lachs() if self.mode == "bierlachs" else None)

    def mode_text(self, tr: Tr) -> str:
        """The mode in words: "36 deals", "Bierlachs to 301 · 1 ct per point"."""
        return mode_text(self.mode, tr, planned=self.planned, limit=self.limit,
                         rate=self.rate)


# ---------------------------------------------------------------- writing


class FinishedList(Protocol):
    """What archiving needs of a list at the table (a :class:`~skatgame.table.session.Session`)."""

    list_id: str
    started: str
    names: list[str]
    levels: list[str | None]
    series: Series


def row_of(sheet_row: SheetRow) -> DealRow:
    """A deal's row from the engine's score-sheet row."""
    r = sheet_row.result
    c = r.contract
    kind = None if r.passed or c is None else int(c.kind)
    return DealRow(
        number=sheet_row.number, dealer=sheet_row.dealer, declarer=sheet_row.declarer_player,
        kind=kind, hand=bool(c and c.hand), schneider=bool(c and c.schneider),
        schwarz=bool(c and c.schwarz), ouvert=bool(c and c.ouvert),
        won=bool(r.won), bid=r.bid, points=r.declarer_points, value=r.value,
        plain=tuple(sheet_row.plain), sf=tuple(sheet_row.seeger_fabian),
        kontra=sheet_row.kontra, made_schneider=bool(c and r.schneider),
        made_schwarz=bool(c and r.schwarz))


def archive_data(session: FinishedList, finished: str) -> dict[str, Any]:
    """The document data of a finished list."""
    series = session.series
    return {
        "id": session.list_id, "started": session.started, "finished": finished,
        "names": list(session.names), "levels": list(session.levels),
        "list_kind": series.list_kind, "planned_deals": series.planned_deals,
        "mode": series.mode, "limit": series.target, "rate": rate_text(series.rate),
        "rows": [row_of(r).to_dict() for r in series.rows],
        "series": series.to_record(written_by()),
        **({"practice": True} if getattr(session, "practice", False) else {}),
    }


def archive_session(store: Store, session: FinishedList) -> bool:
    """Keep a finished list in the archive; ``True`` when it is on disk.

    Saving the same list again (same id) replaces it, so archiving twice is harmless.
    """
    name = f"{ARCHIVE_FOLDER}/{session.list_id}"
    return store.save(name, FINISHED_FORMAT, FINISHED_VERSION,
                      archive_data(session, now_text()), compact=True)


# ---------------------------------------------------------------- reading


def _int(value: Any, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"number out of range: {value!r}")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {value!r}")
    return value


def _ints(value: Any, n: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != n:
        raise TypeError(f"expected {n} numbers, got {value!r}")
    return tuple(_int(v) for v in value)


def _row(d: Any, n: int = 3) -> DealRow:
    if not isinstance(d, dict):
        raise TypeError("a deal row must be an object")
    declarer = d.get("declarer")
    kind = d.get("kind")
    return DealRow(
        number=_int(d.get("number"), 1), dealer=_int(d.get("dealer"), 0, n - 1),
        declarer=None if declarer is None else _int(declarer, 0, n - 1),
        kind=None if kind is None else _int(kind, 0, 6),
        hand=_bool(d.get("hand")), schneider=_bool(d.get("schneider")),
        schwarz=_bool(d.get("schwarz")), ouvert=_bool(d.get("ouvert")),
        won=_bool(d.get("won")), bid=_int(d.get("bid"), 0), points=_int(d.get("points"), 0, 120),
        value=_int(d.get("value")), plain=_ints(d.get("plain"), n), sf=_ints(d.get("sf"), n),
        kontra=_int(d.get("kontra", 0), 0, 2), made_schneider=_bool(d.get("made_schneider",
                                                                          False)),
        made_schwarz=_bool(d.get("made_schwarz", False)))


def _check_cards(series: Any) -> None:
    """Every deal of the record holds the 32 cards once each (cheap, before any replay)."""
    from skatgame.engine.cards import CardError, parse_card

    if not isinstance(series, dict) or not isinstance(series.get("deals"), list):
        raise ValueError(Message("saved.reason.no_series"))
    for i, deal in enumerate(series["deals"]):
        cards = deal.get("cards") if isinstance(deal, dict) else None
        if not isinstance(cards, list) or len(cards) != 32:
            raise ValueError(Message("archive.reason.cards", n=i + 1))
        try:
            parsed = {parse_card(c) for c in cards}
        except (CardError, TypeError, ValueError, AttributeError):
            raise ValueError(Message("archive.reason.cards", n=i + 1)) from None
        if len(parsed) != 32:
            raise ValueError(Message("archive.reason.cards", n=i + 1))


def archived_from(name: str, data: Any) -> ArchivedList:
    """The summary of an archive document; raises ``ValueError``/``TypeError`` when unusable."""
    if not isinstance(data, dict):
        raise ValueError(Message("store.reason.shape"))
    names, levels = players_of(data)
    for key in ("id", "started", "finished"):
        if not isinstance(data.get(key), str):
            raise TypeError(f"{key} must be text")
    if not is_safe_id(data["id"]):  # it becomes part of the export's file name
        raise ValueError(Message("archive.reason.id"))
    kind = data.get("list_kind")
    if kind not in ("plain", "seeger-fabian"):
        raise ValueError(f"unknown list kind {kind!r}")
    planned = data.get("planned_deals")
    rows = data.get("rows")
    if not isinstance(rows, list):
        raise TypeError("rows must be a list")
    series = data.get("series")
    _check_cards(series)
    assert isinstance(series, dict)  # _check_cards refused anything else
    if len(series["deals"]) != len(rows):
        raise ValueError(Message("archive.reason.rows"))
    mode, limit, rate = mode_of(series)
    return ArchivedList(
        name=name, list_id=data["id"], started=data["started"], finished=data["finished"],
        names=tuple(names), levels=tuple(levels),
        list_kind=kind, planned=None if planned is None else _int(planned, 1),
        rows=tuple(_row(r, len(names)) for r in rows),
        practice=data.get("practice", False) is True,
        mode=mode, limit=limit, rate=parse_rate(rate))


def list_archive(store: Store) -> list[ArchivedList]:
    """Every usable finished list, newest first; unusable ones are set aside and reported."""
    out: list[ArchivedList] = []
    for name in store.names(ARCHIVE_FOLDER):
        def validate(data: Any, name: str = name) -> tuple[ArchivedList, list[Message]]:
            return archived_from(name, data), []

        result = store.load(name, FINISHED_FORMAT, FINISHED_VERSION, validate, lambda: None,
                            "archive.set_aside", "archive.unreadable")
        if result.value is not None:
            out.append(result.value)
    out.sort(key=lambda a: (a.finished, a.name), reverse=True)
    return out


def open_series(store: Store, entry: ArchivedList) -> tuple[Series, dict[str, Any]] | None:
    """The list replayed through the engine, with its series record; ``None`` when that fails.

    A record that no longer replays (a rule broken, an impossible card) is set
    aside and reported through ``store``.
    """
    from skatgame.engine.records import RecordError
    from skatgame.engine.series import Series

    def validate(data: Any) -> tuple[tuple[Series, dict[str, Any]], list[Message]]:
        archived_from(entry.name, data)
        try:
            series = Series.from_record(data["series"])
        except RecordError as e:
            raise ValueError(Message("saved.reason.replay", detail=str(e))) from None
        if len(series.rows) != len(entry.rows):
            raise ValueError(Message("archive.reason.rows"))
        return (series, data["series"]), []

    result = store.load(entry.name, FINISHED_FORMAT, FINISHED_VERSION, validate, lambda: None,
                        "archive.set_aside", "archive.unreadable")
    return result.value


# ---------------------------------------------------------------- export


#: How a cell begins that a spreadsheet would run as a formula (``=cmd|...``, ``+1+1``,
#: ``@SUM(...)``): such a text cell is written with a leading apostrophe.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A value as a CSV cell that no spreadsheet runs: a text that begins like a formula
    (:data:`FORMULA_START`) gets a leading apostrophe; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


class SafeCsvWriter:
    """A ``csv.writer`` whose every cell passes :func:`csv_cell` (the one CSV writer of
    every export)."""

    def __init__(self, out: io.StringIO) -> None:
        self._writer = csv.writer(out, lineterminator="\r\n")

    def writerow(self, row: list[Any]) -> None:
        self._writer.writerow([csv_cell(c) for c in row])


#: The columns of the CSV before the players' own (see :func:`csv_text`).
CSV_FIXED = 12


def _level_cell(announced: bool, made: bool, tr: Tr) -> str:
    """A schneider or schwarz cell: "announced", "yes" (made), or empty."""
    return tr("csv.announced") if announced else tr("csv.yes") if made else ""


def csv_text(entry: ArchivedList, tr: Tr, style: str = "french") -> str:
    """The list as CSV: a header, one line per deal, the totals, then how the list
    ended and, when it is settled in money, who pays whom and each player's net.

    Columns (:data:`CSV_FIXED` of them): the deal's number, dealer, declarer,
    game (named after the deck's suits in the current language), schneider,
    schwarz, Kontra, Re, bid, the declarer's card points, won/lost, the
    declarer's score; then per player the change on the plain list, on the
    Seeger-Fabian list, and the running total on the list's kind. Text cells
    are neutralised against formula injection (see :func:`csv_cell`); amounts
    of money are numbers with two decimals.
    """
    buf = io.StringIO()
    w = SafeCsvWriter(buf)
    names = entry.display_names(tr)
    head = [tr("csv.number"), tr("seat.dealer"), tr("game.declarer"), tr("sheet.game"),
            tr("csv.schneider"), tr("csv.schwarz"), tr("csv.kontra"), tr("csv.re"),
            tr("game.bid"), tr("game.card_points"), tr("csv.outcome"), tr("game.value")]
    for name in names:
        head += [tr("csv.plain", player=name), tr("csv.sf", player=name),
                 tr("csv.total", player=name)]
    w.writerow(head)
    n = entry.size
    totals = [0] * n
    sf = entry.list_kind == "seeger-fabian"
    yes = tr("csv.yes")
    for row in entry.rows:
        declared = row.declarer is not None and row.kind not in (None, GameKind.RAMSCH)
        game = "" if row.kind is None else contract_words(row.kind, style, tr, hand=row.hand,
                                                          ouvert=row.ouvert,
                                                          ouvert_says_hand=True)
        suit_or_grand = declared and row.kind != GameKind.NULL
        line: list[Any] = [
            row.number, names[row.dealer],
            names[row.declarer] if row.declarer is not None else "",
            game if row.kind is not None else tr("sheet.passed"),
            _level_cell(row.schneider, row.made_schneider, tr) if suit_or_grand else "",
            _level_cell(row.schwarz, row.made_schwarz, tr) if suit_or_grand else "",
            yes if declared and row.kontra >= 1 else "",
            yes if declared and row.kontra >= 2 else "",
            row.bid if declared else "", row.points if declared else "",
            (tr("game.won") if row.won else tr("game.lost")) if declared else "",
            row.value if declared else ""]
        for p in range(n):
            totals[p] += row.sf[p] if sf else row.plain[p]
            line += [row.plain[p], row.sf[p], totals[p]]
        w.writerow(line)
    w.writerow([tr("sheet.total")] + [""] * (CSV_FIXED - 1) +
               [x for p in range(n) for x in ("", "", totals[p])])
    w.writerow([])
    w.writerow([tr("csv.mode"), entry.mode_text(tr)])
    lachs = entry.lachs()
    if lachs:
        w.writerow([lachs_text(lachs, names, tr)])
    settlement = entry.settlement()
    if settlement is not None:
        w.writerow([tr("csv.payer"), tr("csv.payee"), tr("csv.amount")])
        for pay in settlement.payments:
            w.writerow([names[pay.payer], names[pay.payee], _money(pay.cents)])
        for name, cents in zip(names, settlement.net, strict=True):
            w.writerow([tr("csv.net"), name, _money(cents)])
    return buf.getvalue()


def _money(cents: int) -> Decimal:
    """Cents as a number with two decimals (a number: no apostrophe before a minus)."""
    return Decimal(cents).scaleb(-2)


def export_name(entry: ArchivedList, suffix: str) -> str:
    """A file name for an export: ``skat-list-ID.csv``; ``ValueError`` for an unsafe id."""
    if not is_safe_id(entry.list_id):
        raise ValueError(f"not an id: {entry.list_id!r}")
    return f"skat-list-{entry.list_id}.{suffix}"


def export(store: Store, entry: ArchivedList, kind: str, tr: Tr,
           style: str = "french") -> Path | Message:
    """Export a finished list as ``csv`` or ``json`` into the exports folder.

    The JSON is the series record (``"format": "skatgame-series"``, every
    deal with its cards and actions), readable by ``python -m skatgame
    replay``. Returns the file written, or a message saying why not.
    """
    if kind not in ("csv", "json"):
        raise ValueError(f"unknown export kind {kind!r}")
    if not is_safe_id(entry.list_id):
        return Message("archive.export_damaged")
    opened = open_series(store, entry)
    if opened is None:
        return Message("archive.export_damaged")
    if kind == "csv":
        text = csv_text(entry, tr, style)
    else:
        text = json.dumps(opened[1], ensure_ascii=False, indent=1) + "\n"
    try:
        return store.write_export(export_name(entry, kind), text)
    except OSError as exc:
        return Message("archive.export_failed", error=exc.strerror or type(exc).__name__)
