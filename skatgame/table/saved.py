"""Where the list in play is kept, and a quick look at it for the menu.

The list in play is the document ``list`` in the store (a demo keeps its own,
``demo``, and never touches the player's). Its ``data`` holds the whole
series record plus a small ``summary`` (deal number, players, totals, when it
was saved) that the menu reads at start-up without loading the engine; the
full check (every deal replayed) happens when the player continues.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skatgame.table.i18n import Message, Tr

if TYPE_CHECKING:
    from skatgame.table.store import LoadResult, Store

LIST_DOC = "list"
DEMO_DOC = "demo"
LIST_FORMAT = "skatgame-list"
LIST_VERSION = 1


def now_text() -> str:
    """The local date and time as ISO text to the second (stored with lists)."""
    return time.strftime("%Y-%m-%dT%H:%M:%S")


@dataclass(frozen=True)
class ListSummary:
    """What the menu says about a saved list: deal ``deal`` (1-based) of ``planned``."""

    deal: int
    planned: int | None
    names: tuple[str, ...]
    levels: tuple[str | None, ...]  # None: the human
    totals: tuple[int, ...]
    saved: str  # ISO date and time, local
    #: how the list ends (``deals``, ``target``, ``bierlachs``: the engine's ``Series.mode``)
    mode: str = "deals"
    limit: int | None = None  # the target or Bierlachs limit
    rate: str = "0"  # cents per point ("0": not settled in money)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {value!r}")
    return value


def players_of(data: dict[str, Any]) -> tuple[list[str], list[str | None]]:
    """The player names and levels (None: the human) of a saved or finished list: three or
    four of each.

    Raises ``ValueError`` when they are missing or malformed.
    """
    names, levels = data.get("names"), data.get("levels")
    if not isinstance(names, list) or len(names) not in (3, 4) or \
            not all(isinstance(n, str) for n in names):
        raise ValueError(Message("saved.reason.no_players"))
    if not isinstance(levels, list) or len(levels) != len(names) or \
            not all(v is None or isinstance(v, str) for v in levels):
        raise ValueError(Message("saved.reason.no_players"))
    return names, levels


def summary_from(data: Any) -> ListSummary:
    """The summary of a saved list's data; raises ``ValueError``/``TypeError`` when unusable.

    Checks the shape of the whole document (cheaply, without the engine): a
    series record with its deals, three or four player names and levels.
    """
    if not isinstance(data, dict):
        raise ValueError(Message("store.reason.shape"))
    series = data.get("series")
    if not isinstance(series, dict) or not isinstance(series.get("deals"), list):
        raise ValueError(Message("saved.reason.no_series"))
    names, levels = players_of(data)
    summary = data.get("summary")
    if not isinstance(summary, dict):
        summary = {}
    planned = series.get("planned_deals")
    if planned is not None:
        planned = _int(planned)
    totals = summary.get("totals", [0] * len(names))
    if not isinstance(totals, list) or len(totals) != len(names):
        raise TypeError("totals must be one number per player")
    saved = summary.get("saved", "")
    if not isinstance(saved, str):
        raise TypeError("the date must be text")
    deal = len(series["deals"]) + 1
    mode, limit, rate = mode_of(series)
    return ListSummary(deal, planned, tuple(names), tuple(levels),
                       tuple(_int(t) for t in totals), saved, mode, limit, rate)


def mode_of(series: dict[str, Any]) -> tuple[str, int | None, str]:
    """A series record's mode (``deals``, ``target``, ``bierlachs``), limit and rate, read
    cheaply without the engine (a list of older versions: a number of deals, no rate)."""
    target = series.get("target")
    limit = _int(target) if target is not None else None
    if series.get("mode") == "bierlachs":
        mode = "bierlachs"
    else:
        mode = "deals" if series.get("planned_deals") is not None or limit is None \
            else "target"
    rate = series.get("rate", "0")
    if not isinstance(rate, str):
        raise TypeError("the rate must be text")
    return mode, limit, rate


def peek_saved_list(store: Store, doc: str = LIST_DOC) -> LoadResult[ListSummary | None]:
    """A quick look at the saved list, for the menu; an unusable file is set aside.

    Problems are reported through ``store``. ``value`` is ``None`` when there
    is no usable list.
    """
    def validate(data: Any) -> tuple[ListSummary | None, list[Message]]:
        return summary_from(data), []

    return store.load(doc, LIST_FORMAT, LIST_VERSION, validate, lambda: None, "saved.set_aside",
                      "saved.unreadable")


def progress_text(summary: ListSummary, tr: Tr) -> str:
    """E.g. "deal 5 of 36" (or "deal 5" for a list without a fixed length)."""
    if summary.planned:
        deal = min(summary.deal, summary.planned)
        return tr("menu.continue_deal_of", n=deal, total=summary.planned)
    return tr("menu.continue_deal", n=summary.deal)
