"""Events a deal emits as actions are applied (immutable named tuples).

The UI animates them, the record writer stores the actions behind them, the
sound plays on them. Seats are deal seats: 0 Forehand, 1 Middlehand, 2 Rearhand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from skatgame.engine.actions import Contract
from skatgame.engine.cards import Card, Mask
from skatgame.engine.seats import Seat

if TYPE_CHECKING:
    from skatgame.engine.scoring import DealResult


class CardsDealt(NamedTuple):
    """The deal: each seat's ten cards and the skat (face down)."""

    hands: tuple[Mask, Mask, Mask]
    skat: Mask


class BidMade(NamedTuple):
    seat: Seat
    value: int


class BidHeld(NamedTuple):
    seat: Seat
    value: int


class Passed(NamedTuple):
    """A seat passed in the auction (or declined Kontra/Re)."""

    seat: Seat


class AuctionWon(NamedTuple):
    """The auction is over: ``seat`` is the declarer at ``bid``."""

    seat: Seat
    bid: int


class PassedIn(NamedTuple):
    """All three passed: no game (unless Ramsch follows, see :class:`RamschStarted`)."""


class RamschStarted(NamedTuple):
    """All three passed and Ramsch is played."""


class SkatTaken(NamedTuple):
    seat: Seat
    cards: tuple[Card, Card]


class SkatPushed(NamedTuple):
    """Schieberamsch: ``seat`` passed the skat on unseen."""

    seat: Seat


class Discarded(NamedTuple):
    seat: Seat
    cards: tuple[Card, Card]


class Declared(NamedTuple):
    seat: Seat
    contract: Contract


class HandShown(NamedTuple):
    """An ouvert declarer laid his cards face up."""

    seat: Seat
    cards: Mask


class KontraSaid(NamedTuple):
    seat: Seat


class ReSaid(NamedTuple):
    seat: Seat


class CardPlayed(NamedTuple):
    seat: Seat
    card: Card


class TrickWon(NamedTuple):
    """A trick is complete. ``cards`` in order of play, led by ``leader``."""

    seat: Seat
    leader: Seat
    cards: tuple[Card, Card, Card]
    points: int


class Conceded(NamedTuple):
    seat: Seat


class Claimed(NamedTuple):
    """``seat`` claimed the rest; ``valid`` tells whether the cards bear it out."""

    seat: Seat
    valid: bool


class DealScored(NamedTuple):
    """The deal is over and scored."""

    result: DealResult


Event = (
    CardsDealt | BidMade | BidHeld | Passed | AuctionWon | PassedIn | RamschStarted | SkatTaken
    | SkatPushed | Discarded | Declared | HandShown | KontraSaid | ReSaid | CardPlayed | TrickWon
    | Conceded | Claimed | DealScored
)
