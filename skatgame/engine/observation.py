"""What one seat may know about a deal: the only view computer players get."""

from __future__ import annotations

from dataclasses import dataclass

from skatgame.engine.actions import Action, Contract
from skatgame.engine.cards import FULL_DECK, Card, Mask, mask_of
from skatgame.engine.events import TrickWon
from skatgame.engine.options import RuleOptions
from skatgame.engine.phase import Phase
from skatgame.engine.rules import EFFECTIVE_SUIT, FOLLOW_MASK, GameKind
from skatgame.engine.seats import Seat

__all__ = ["Observation"]


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of a deal: its own cards and everything public.

    Never holds another seat's hidden cards. ``open_cards`` are cards lying face
    up (an ouvert declarer's hand); ``known_skat`` the skat cards this seat has
    seen or put away itself.
    """

    seat: Seat
    phase: Phase
    options: RuleOptions
    hand: Mask
    to_move: Seat | None
    legal_actions: tuple[Action, ...]
    auction_calls: tuple[tuple[Seat, str], ...]
    auction_value: int  # the highest value named so far
    highest_by_seat: tuple[int, int, int]  # highest value each seat bid or held
    declarer: Seat | None
    bid: int
    contract: Contract | None
    skat_taken: bool
    known_skat: Mask
    open_cards: Mask
    open_seat: Seat | None
    trick: tuple[Card, ...]
    trick_leader: Seat
    tricks: tuple[TrickWon, ...]
    points: tuple[int, int, int]  # card points taken in tricks per seat
    kontra: int
    pushes: int
    multiplier: int

    @property
    def played(self) -> Mask:
        """Every card played so far, the current trick included."""
        m = mask_of(self.trick)
        for t in self.tricks:
            m |= mask_of(t.cards)
        return m

    @property
    def unseen(self) -> Mask:
        """Cards this seat has not seen: in the other hands or the hidden skat."""
        return FULL_DECK & ~(self.hand | self.played | self.known_skat | self.open_cards)

    @property
    def kind(self) -> GameKind | None:
        return self.contract.kind if self.contract else None

    def voids(self) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
        """Per seat, the effective suits (0-3, 4 trump) it failed to follow."""
        out: list[set[int]] = [set(), set(), set()]
        if self.contract is None:
            return (frozenset(), frozenset(), frozenset())
        kind = self.contract.kind
        eff = EFFECTIVE_SUIT[kind]
        tricks: list[tuple[Seat, tuple[Card, ...]]] = [(t.leader, t.cards) for t in self.tricks]
        if self.trick:
            tricks.append((self.trick_leader, self.trick))
        for leader, cards in tricks:
            lead_suit = eff[cards[0]]
            for i, c in enumerate(cards[1:], start=1):
                if eff[c] != lead_suit:
                    out[(leader + i) % 3].add(lead_suit)
        return (frozenset(out[0]), frozenset(out[1]), frozenset(out[2]))

    def legal_cards(self) -> Mask:
        """The cards this seat may play now (its hand when it leads)."""
        if self.contract is None:
            return 0
        if not self.trick:
            return self.hand
        follow = self.hand & FOLLOW_MASK[self.contract.kind][self.trick[0]]
        return follow or self.hand
