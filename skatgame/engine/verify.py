"""Checking the dealing of records: the cards from the seed, the seed against its commitment.

:func:`check_deal` judges one deal record, :func:`check_document` every deal in any
JSON document the game writes (a deal or list record, an exported list, a saved list
or a network table's saved list inside the store's envelope). A deal passes when

* its seed hashes to the commitment kept beside it (dealing 2; see
  :mod:`skatgame.engine.shuffle`),
* in a list, its seed is the one the list gives that deal,
* the 32 cards in the record are those the seed's shuffle deals, and
* its actions replay through the engine to the result the record states.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from skatgame.engine.cards import CardError, iss_name, parse_card
from skatgame.engine.records import (
    DEAL_FORMAT,
    SERIES_FORMAT,
    RecordError,
    deal_from_record,
    result_summary,
    short_repr,
)
from skatgame.engine.seats import SEAT_NAMES
from skatgame.engine.shuffle import (
    DEALING_PYTHON,
    DEALING_SHA256,
    DEALINGS,
    commitment,
    derived_seed,
    fingerprint,
    shuffled,
)

_HEX64 = re.compile(r"[0-9a-f]{64}")
#: how deep :func:`check_document` looks for records in a document
DEPTH = 6


@dataclass(frozen=True)
class DealVerdict:
    """What the check found for one deal: ``problems`` empty when it passed."""

    where: str  # which deal: "deal 3", "deal in progress"
    dealing: int | None
    commitment: str | None
    seed: str | None
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def fingerprint(self) -> str | None:
        """The short form shown at the table, when the record keeps a commitment."""
        return None if self.commitment is None else fingerprint(self.commitment)


def _place(position: int) -> str:
    if position >= 30:
        return f"skat card {position - 29}"
    return f"{SEAT_NAMES[position // 10]}'s card {position % 10 + 1}"


def check_deal(data: Any, where: str = "deal", expected_seed: str | None = None,
               list_dealing: int | None = None) -> DealVerdict:
    """Judge one deal record (see the module's text). ``expected_seed``: the seed its list
    gives it; ``list_dealing``: its list's dealing."""
    if not isinstance(data, dict) or data.get("format") != DEAL_FORMAT:
        return DealVerdict(where, None, None, None, ("not a skatgame deal record",))
    problems: list[str] = []
    dealing = data.get("dealing", DEALING_PYTHON)
    if type(dealing) is not int or dealing not in DEALINGS:
        return DealVerdict(where, None, None, None, (
            f"unknown dealing {short_repr(dealing)} (this program knows {DEALINGS})",))
    if list_dealing is not None and dealing != list_dealing:
        problems.append(f"dealt by dealing {dealing} in a list of dealing {list_dealing}")
    raw_seed = data.get("seed")
    seed = raw_seed if isinstance(raw_seed, str) else None
    if dealing == DEALING_PYTHON and type(raw_seed) is int:
        seed = str(raw_seed)
    committed = data.get("commitment")
    shown = committed if isinstance(committed, str) and _HEX64.fullmatch(committed) else None
    if seed is None:
        problems.append("the record has no seed: its cards cannot be checked"
                        if raw_seed is None else f"the seed is no text: {short_repr(raw_seed)}")
    if dealing == DEALING_SHA256:
        if committed is None:
            problems.append("the record has no commitment")
        elif shown is None:
            problems.append(f"the commitment is not a SHA-256 in hex: {short_repr(committed)}")
        elif seed is not None and commitment(seed) != shown:
            problems.append("the seed does not match the commitment (SHA-256 of the seed "
                            f"{fingerprint(commitment(seed))}…, committed {fingerprint(shown)}…)")
    if seed is not None and expected_seed is not None and seed != expected_seed:
        problems.append("the seed is not the one the list gives this deal")
    cards = data.get("cards")
    try:
        if not isinstance(cards, list) or len(cards) != 32:
            raise CardError("the record's cards are not a list of 32 card names")
        dealt = [parse_card(c) if isinstance(c, str) else -1 for c in cards]
        if -1 in dealt:
            raise CardError("the record's cards are not a list of 32 card names")
    except CardError as e:
        problems.append(str(e))
        dealt = []
    if dealt and seed is not None:
        from_seed = shuffled(raw_seed if type(raw_seed) is int else seed, dealing)
        wrong = [i for i in range(32) if dealt[i] != from_seed[i]]
        if wrong:
            i = wrong[0]
            problems.append(f"the cards are not those the seed deals: {_place(i)} is "
                            f"{iss_name(dealt[i])}, the seed deals {iss_name(from_seed[i])}"
                            + (f" ({len(wrong)} cards differ)" if len(wrong) > 1 else ""))
    if dealt:
        problems.extend(_replay_problems(data))
    return DealVerdict(where, dealing, shown, seed, tuple(problems))


def _replay_problems(data: dict[str, Any]) -> list[str]:
    """What is wrong with the record's play: it breaks a rule, or it does not end in the
    result it states."""
    try:
        deal = deal_from_record(data)
    except RecordError as e:
        return [f"the play cannot be replayed: {e}"]
    stated = data.get("result")
    if stated is None or deal.result is None:
        return []
    if not isinstance(stated, dict):
        return ["the stated result is not a JSON object"]
    replayed = result_summary(deal.result)
    differ = sorted(k for k in stated if k in replayed and stated[k] != replayed[k])
    if differ:
        return [f"the stated result differs from the replay in {', '.join(differ)}"]
    return []


def _list_seed(series: dict[str, Any], number: int, dealing: int) -> str | None:
    """The seed a list record gives its deal ``number`` (``None``: it cannot say)."""
    given = series.get("deal_seeds")
    if isinstance(given, dict) and isinstance(given.get(str(number)), str):
        return str(given[str(number)])
    seed = series.get("seed")
    if seed is None or seed == "" or type(seed) not in (int, str):
        return None  # each deal's seed drawn on its own (a network table)
    if dealing == DEALING_PYTHON:
        return f"{seed}:{number}"
    return derived_seed(seed, number)


def check_series(data: dict[str, Any]) -> list[DealVerdict]:
    """Judge every deal of a list record (and the deal in progress)."""
    dealing = data.get("dealing", DEALING_PYTHON)
    if type(dealing) is not int or dealing not in DEALINGS:
        return [DealVerdict("list", None, None, None, (
            f"unknown dealing {short_repr(dealing)} (this program knows {DEALINGS})",))]
    deals = data.get("deals")
    if not isinstance(deals, list):
        return [DealVerdict("list", dealing, None, None, ("the list's deals are not a list",))]
    out = [check_deal(rec, f"deal {n + 1}", _list_seed(data, n, dealing), dealing)
           for n, rec in enumerate(deals)]
    current = data.get("current")
    if current is not None:
        out.append(check_deal(current, "deal in progress",
                              _list_seed(data, len(deals), dealing), dealing))
    return out


def check_document(data: Any) -> list[DealVerdict]:
    """Judge every deal record in a document the game writes: a deal or list record, a
    JSON array of them, or a saved list or table inside the store's envelope. Empty when
    the document holds no record."""
    return _walk(data, 0)


def _walk(data: Any, depth: int) -> list[DealVerdict]:
    if depth > DEPTH:
        return []
    if isinstance(data, list):
        return [v for item in data for v in _walk(item, depth + 1)]
    if not isinstance(data, dict):
        return []
    kind = data.get("format")
    if kind == DEAL_FORMAT:
        return [check_deal(data, f"deal {data['id']}" if isinstance(data.get("id"), str)
                           else "deal")]
    if kind == SERIES_FORMAT:
        return check_series(data)
    # an envelope ({"format", "version", "data"}) or a saved list or table ({"series": ...})
    out: list[DealVerdict] = []
    for key in ("data", "series"):
        if key in data:
            out.extend(_walk(data[key], depth + 1))
    return out


__all__ = ["DealVerdict", "check_deal", "check_document", "check_series"]
