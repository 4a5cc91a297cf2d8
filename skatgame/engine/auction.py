"""The bid ladder and the two-stage auction.

Stage 1: Middlehand bids to Forehand. Stage 2: Rearhand bids to the survivor.
Stage 3 (only if nobody has bid yet): Forehand may bid 18 or more, or pass.
Seats are deal seats: 0 Forehand, 1 Middlehand, 2 Rearhand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from skatgame.engine.seats import FOREHAND, MIDDLEHAND, REARHAND, Seat

SUIT_BASES = (12, 11, 10, 9)
NULL_VALUES = (23, 35, 46, 59)
MAX_SUIT_LEVEL = 18  # 11 matadors + game + hand + schneider(2) + schwarz(2) + ouvert
MAX_GRAND_LEVEL = 11  # 4 matadors + the same seven levels


@cache
def bid_values(grand_base: int = 24) -> tuple[int, ...]:
    """Every possible game value in ascending order: the legal bids.

    With the official grand base of 24 these are the 63 values from 18 to 264.
    """
    values = set(NULL_VALUES)
    for base in SUIT_BASES:
        values.update(base * level for level in range(2, MAX_SUIT_LEVEL + 1))
    values.update(grand_base * level for level in range(2, MAX_GRAND_LEVEL + 1))
    return tuple(sorted(values))


BID_VALUES: tuple[int, ...] = bid_values(24)


def next_bid(value: int, grand_base: int = 24) -> int | None:
    """The lowest legal bid above ``value`` (None above the top of the ladder)."""
    for v in bid_values(grand_base):
        if v > value:
            return v
    return None


class AuctionError(ValueError):
    """A call the auction does not allow at this point."""


@dataclass(slots=True)
class Auction:
    """State of one auction. Calls: ``int`` bid, ``"y"`` hold, ``"p"`` pass.

    ``to_move`` is the seat whose call is due (None when the auction is over).
    """

    grand_base: int = 24
    stage: int = 1
    bidder: Seat = MIDDLEHAND
    answerer: Seat = FOREHAND
    value: int = 0  # highest value named so far (0: none)
    awaiting_answer: bool = False
    declarer: Seat | None = None
    done: bool = False
    calls: list[tuple[Seat, str]] = field(default_factory=list)
    highest_by_seat: list[int] = field(default_factory=lambda: [0, 0, 0])

    @property
    def to_move(self) -> Seat | None:
        if self.done:
            return None
        return self.answerer if self.awaiting_answer else self.bidder

    @property
    def bid(self) -> int:
        """The declarer's bid (0 before the auction ends or when passed in)."""
        return self.value if self.declarer is not None else 0

    def legal_bids(self) -> tuple[int, ...]:
        """The values the bidder may name now (empty when an answer is due)."""
        if self.done or self.awaiting_answer:
            return ()
        values = bid_values(self.grand_base)
        start = _first_above(values, self.value)
        return values[start:]

    def check(self, seat: Seat, call: int | str) -> None:
        """Raise :class:`AuctionError` unless ``seat`` may make ``call`` now."""
        if self.done:
            raise AuctionError("the auction is over")
        if seat != self.to_move:
            raise AuctionError(f"seat {seat} cannot call now; seat {self.to_move} is to call")
        if call == "p":
            return
        if self.awaiting_answer:
            if call != "y":
                raise AuctionError(f"seat {seat} must answer {self.value}: hold (y) or pass (p)")
            return
        if call == "y":
            raise AuctionError(f"seat {seat} has no bid to hold; it must bid or pass")
        if not isinstance(call, int) or isinstance(call, bool):
            raise AuctionError(f"not an auction call: {call!r}")
        if call not in bid_values(self.grand_base):  # -18, 0, 17, 265: off the ladder
            raise AuctionError(f"{call} is not a possible game value")
        if call <= self.value:
            raise AuctionError(f"bid {call} does not exceed {self.value}")

    def call(self, seat: Seat, call: int | str) -> None:
        """Apply a call (checked first; a refused call changes nothing)."""
        self.check(seat, call)
        self.record(seat, call)

    def record(self, seat: Seat, call: int | str) -> None:
        """Apply a call already checked with :meth:`check`."""
        self.calls.append((seat, str(call)))
        if call == "p":
            self._on_pass(seat)
        elif call == "y":
            self.awaiting_answer = False
            self.highest_by_seat[seat] = self.value
        else:
            assert isinstance(call, int)
            self.value = call
            self.highest_by_seat[seat] = call
            if self.stage == 3:
                self.declarer = seat
                self.done = True
            else:
                self.awaiting_answer = True

    def _on_pass(self, seat: Seat) -> None:
        if self.stage == 3:
            self.done = True  # passed in
            return
        survivor = self.bidder if seat == self.answerer else self.answerer
        self.awaiting_answer = False
        if self.stage == 1:
            self.stage, self.bidder, self.answerer = 2, REARHAND, survivor
            return
        # stage 2 ends
        if self.value > 0:
            self.declarer = survivor
            self.done = True
        elif survivor == FOREHAND:
            self.stage, self.bidder = 3, FOREHAND
        else:
            # nobody bid, but Forehand had already dropped out: cannot happen,
            # since Forehand only leaves by passing on a named value.
            self.done = True


def _first_above(values: tuple[int, ...], value: int) -> int:
    lo, hi = 0, len(values)
    while lo < hi:
        mid = (lo + hi) // 2
        if values[mid] <= value:
            lo = mid + 1
        else:
            hi = mid
    return lo
