"""How a list ends and how it is settled, in words: the mode (a number of deals, a
target score, Bierlachs to a limit), who pays the round, who pays whom how much.

Shared by the New list form, the settings, the score sheet, the results, the
finished lists and the CSV export. The rules themselves are the engine's
(:class:`~skatgame.engine.series.Series`, :mod:`skatgame.engine.settlement`).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from skatgame.engine.settlement import RATES, Settlement, money_text, rate_text
from skatgame.table.i18n import Tr, count_text
from skatgame.table.names import is_you

#: The limits a Bierlachs is played to (New list and settings); 0 in the settings: a list
#: of a number of deals.
BIERLACHS_LIMITS = (101, 201, 301, 501, 1001)


def mode_options(tr: Tr) -> list[tuple[int, str]]:
    """The choices of how a new list ends: 0 a number of deals, else Bierlachs to a limit."""
    return [(0, tr("listmode.choice_deals"))] + [
        (limit, tr("listmode.bierlachs", limit=limit)) for limit in BIERLACHS_LIMITS]


def rate_options(tr: Tr) -> list[tuple[str, str]]:
    """The choices of a rate per point ("0": no settlement)."""
    return [("0", tr("settings.off"))] + [
        (r, tr("listmode.rate", rate=rate_words(Decimal(r), tr))) for r in RATES if r != "0"]


def rate_words(rate: Decimal, tr: Tr) -> str:
    """A rate as the language writes it: "0.5" / "0,5"."""
    return rate_text(rate).replace(".", tr("listmode.point"))


def mode_text(mode: str, tr: Tr, *, planned: int | None = None,
              limit: int | None = None, rate: Decimal = Decimal(0)) -> str:
    """The mode in a few words: "36 deals", "to 500 points", "Bierlachs to 301", with
    " · 1 ct per point" when the list is settled in money."""
    text = _by_mode(tr, mode, ("listmode.bierlachs", "listmode.target", "listmode.deals"),
                    planned, limit)
    if rate:
        text += " · " + tr("listmode.rate", rate=rate_words(rate, tr))
    return text


def _by_mode(tr: Tr, mode: str, keys: tuple[str, str, str], planned: int | None,
             limit: int | None) -> str:
    """The text of ``keys`` (for a Bierlachs, a target, a number of deals) for ``mode``."""
    if mode == "bierlachs":
        return tr(keys[0], limit=limit)
    if mode == "target":
        return tr(keys[1], limit=limit)
    return count_text(tr, keys[2], planned or 0, n=planned)


def lachs_text(lachs: Sequence[int], names: Sequence[str], tr: Tr) -> str:
    """Who pays the round in a Bierlachs: "Pays the round: Ben" (several when tied)."""
    return tr("listmode.lachs", players=" & ".join(names[p] for p in lachs))


def payment_texts(settlement: Settlement, names: Sequence[str],
                  tr: Tr) -> list[tuple[str, str]]:
    """Each payment as (who pays whom, amount): ("Ben pays Anna", "3.55"); the human
    without a chosen name in the second person ("You pay Anna", "Ben pays you")."""
    point = tr("listmode.point")
    out = []
    for p in settlement.payments:
        payer, payee = names[p.payer], names[p.payee]
        if is_you(payer):
            words = tr("listmode.pays.you", payee=payee)
        elif is_you(payee):
            words = tr("listmode.pays_you", payer=payer)
        else:
            words = tr("listmode.pays", payer=payer, payee=payee)
        out.append((words, money_text(p.cents, point=point)))
    return out


def net_text(settlement: Settlement, names: Sequence[str], tr: Tr) -> str:
    """Each player's net in one line: "Net: Anna +5.45 · You -0.25 · Ben -5.20"."""
    point = tr("listmode.point")
    parts = [f"{name} {money_text(c, signed=True, point=point)}"
             for name, c in zip(names, settlement.net, strict=True)]
    return tr("listmode.net", players=" · ".join(parts))


def list_help(tr: Tr, mode: str, *, planned: int | None = None, limit: int | None = None,
              rate: Decimal = Decimal(0)) -> list[tuple[str, str]]:
    """The help's sections on how the list ends and is settled: (heading, text)."""
    ends = _by_mode(tr, mode, ("help.h.bierlachs_text", "help.h.target_text",
                               "help.h.deals_text"), planned, limit)
    words = rate_words(rate, tr)
    money = tr("help.h.off") if not rate else \
        tr("help.h.rate_bierlachs" if mode == "bierlachs" else "help.h.rate_text", rate=words)
    return [(tr("newlist.mode"), ends), (tr("newlist.rate"), money)]
