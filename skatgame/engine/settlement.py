"""Settling a list in money: a rate per point, paid pair by pair.

Currency-neutral: the rate is in hundredths of the money unit per point (cents,
"ct"), amounts are whole hundredths and shown with two decimals ("1.23"). Each
pair of players settles the difference of their totals times the rate, rounded
to a whole hundredth (half up) pair by pair, so what the players pay and
receive sums to exactly zero. In Bierlachs only the lowest total (the
"Lachs"; several when tied) pays: each Lachs pays every other player the
difference, and the others settle nothing among themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

#: The rates offered per point, in cents (hundredths of the unit); "0" is no settlement.
RATES = ("0", "0.1", "0.2", "0.5", "1", "2", "5", "10")
#: The highest rate a list may carry (a hundred units per point is no home round).
MAX_RATE = Decimal(10000)


class RateError(ValueError):
    """A rate that is not a number of cents per point from 0 to :data:`MAX_RATE`."""


def parse_rate(value: object) -> Decimal:
    """A rate from its text ("0.5") or a whole number: cents per point, at most two
    decimals, from 0 to :data:`MAX_RATE`; :class:`RateError` otherwise."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise RateError(f"a rate is a number of cents, not {value!r}")
    text = str(value).strip()
    if len(text) > 12:
        raise RateError(f"a rate is a short number of cents, not {text[:12]!r}...")
    try:
        rate = Decimal(text)
    except InvalidOperation:
        raise RateError(f"a rate is a number of cents, not {text!r}") from None
    if not rate.is_finite() or not 0 <= rate <= MAX_RATE or rate != rate.quantize(Decimal("0.01")):
        raise RateError(f"a rate is 0 to {MAX_RATE} cents with at most two decimals, "
                        f"not {text!r}")
    return rate


def rate_text(rate: Decimal) -> str:
    """A rate as written in records and shown: "0.5", "1", "10" (no trailing zeros)."""
    text = f"{rate.normalize():f}"
    return "0" if rate == 0 else text


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``cents`` (player indices; cents > 0)."""

    payer: int
    payee: int
    cents: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """Who pays whom (largest amounts first) and each player's net in cents."""

    payments: tuple[Payment, ...]
    net: tuple[int, ...]


def settle(totals: Sequence[int], rate: Decimal,
           lachs: Sequence[int] | None = None) -> Settlement:
    """The settlement of a list's final ``totals`` at ``rate`` cents per point.

    Without ``lachs`` every pair settles the difference of its totals; with
    ``lachs`` (Bierlachs: the players with the lowest total) only they pay,
    each to every player not among them.
    """
    n = len(totals)
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    if lachs is not None:
        losers = set(lachs)
        pairs = [(a, b) for a, b in pairs if (a in losers) != (b in losers)]
    payments = []
    net = [0] * n
    for a, b in pairs:
        diff = totals[a] - totals[b]
        payer, payee = (b, a) if diff > 0 else (a, b)
        cents = int((abs(diff) * rate).quantize(Decimal(1), ROUND_HALF_UP))
        if cents == 0:
            continue
        payments.append(Payment(payer, payee, cents))
        net[payer] -= cents
        net[payee] += cents
    payments.sort(key=lambda p: (-p.cents, p.payer, p.payee))
    return Settlement(tuple(payments), tuple(net))


def money_text(cents: int, signed: bool = False, point: str = ".") -> str:
    """Whole cents as an amount with two decimals: 123 -> "1.23" ("+1.23" when
    ``signed`` and positive; a minus sign for negative amounts; ``point``: the
    language's decimal sign, "," in German)."""
    sign = "-" if cents < 0 else "+" if signed and cents > 0 else ""
    c = abs(cents)
    return f"{sign}{c // 100}{point}{c % 100:02d}"
