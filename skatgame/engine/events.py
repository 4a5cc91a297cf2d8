"""Events a deal emits as actions are applied (immutable named tuples).

The UI animates them, the record writer stores the actions behind them, the
sound plays on them. Seats are deal seats: 0 Forehand, 1 Middlehand, 2 Rearhand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from skatgame.engine.actions import Contract
from skatgame.engine.cards import Card, Mask

if TYPE_CHECKING:
    from skatgame.engine.scoring import DealResult


class CardsDealt(NamedTuple):
    """The deal: each seat's ten cards and the skat (face down)."""

    hands: tuple[Mask, Mask, Mask]
    skat: Mask


class BidMade(NamedTuple):
    seat: int
    value: int


class BidHeld(NamedTuple):
    seat: int
    value: int


class Passed(NamedTuple):
    """A seat passed in the auction (or declined Kontra/Re)."""

    seat: int


class AuctionWon(NamedTuple):
    """The auction is over: ``seat`` is the declarer at ``bid``."""

    seat: int
    bid: int


class PassedIn(NamedTuple):
    """All three passed: no game (unless Ramsch follows, see :class:`RamschStarted`)."""


class RamschStarted(NamedTuple):
    """All three passed and Ramsch is played."""


class SkatTaken(NamedTuple):
    seat: int
    cards: tuple[Card, Card]


class SkatPushed(NamedTuple):
    """Schieberamsch: ``seat`` passed the skat on unseen."""

    seat: int


class Discarded(NamedTuple):
    seat: int
    cards: tuple[Card, Card]


class Declared(NamedTuple):
    seat: int
    contract: Contract


class HandShown(NamedTuple):
    """An ouvert declarer laid his cards face up."""

    seat: int
    cards: Mask


class KontraSaid(NamedTuple):
    seat: int


class ReSaid(NamedTuple):
    seat: int


class CardPlayed(NamedTuple):
    seat: int
    card: Card


class TrickWon(NamedTuple):
    """A trick is complete. ``cards`` in order of play, led by ``leader``."""

    seat: int
    leader: int
    cards: tuple[Card, Card, Card]
    points: int


class Conceded(NamedTuple):
    seat: int


class Claimed(NamedTuple):
    """``seat`` claimed the rest; ``valid`` tells whether the cards bear it out."""

    seat: int
    valid: bool


class DealScored(NamedTuple):
    """The deal is over and scored."""

    result: DealResult


Event = (
    CardsDealt | BidMade | BidHeld | Passed | AuctionWon | PassedIn | RamschStarted | SkatTaken
    | SkatPushed | Discarded | Declared | HandShown | KontraSaid | ReSaid | CardPlayed | TrickWon
    | Conceded | Claimed | DealScored
)
