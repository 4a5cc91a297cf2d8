"""The table as one seat sees it: a fold of the engine's events, without pygame.

Two steps, both pure:

1. :func:`redact` (and :func:`seat_events`) turn the engine's events into
   *seat events*: what a viewer may know. A viewer is a deal seat, ``WATCHER``
   (a dealer sitting out at four, a spectator: public facts only) or
   ``EVERYONE`` (a finished deal, the review). Another seat's cards, the skat
   before its declarer picks it up and the cards he put away are blanks
   (``None``) until the deal is over; an ouvert hand shows once it is laid
   open. This is the fairness boundary: what a window or a network client
   receives has been through it.
2. :class:`SeatTable` folds seat events into what the table shows: each
   card's place (the deck, a hand, the skat, the trick, a pile of tricks, the
   skat laid aside), the bids and what each player said, the contract,
   Kontra/Re, the last trick, the result, whose turn it is.

Cards on the table are *tokens* (``0..31``, a card's place in the order of
dealing): a blank card is still a card that moves from a hand to the trick, so
a window can animate it; its face becomes known when it is played, laid open
or revealed at the end. Catching up (a saved list continued, a review opened)
is the same fold applied at once: ``fold(events)`` equals folding them one by
one (tested over thousands of random deals).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, Literal, NamedTuple, NewType

from skatgame.engine.actions import Contract
from skatgame.engine.auction import Auction
from skatgame.engine.cards import Card, Mask, cards_of, mask_of
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.events import (
    AuctionWon,
    BidHeld,
    BidMade,
    CardPlayed,
    CardsDealt,
    Claimed,
    Conceded,
    DealScored,
    Declared,
    Discarded,
    Event,
    HandShown,
    KontraSaid,
    Passed,
    PassedIn,
    RamschStarted,
    ReSaid,
    SkatPushed,
    SkatTaken,
    TrickWon,
)
from skatgame.engine.options import ISKO, RuleOptions
from skatgame.engine.rules import GameKind
from skatgame.engine.scoring import DealResult
from skatgame.engine.seats import SEATS, Seat

__all__ = [
    "EVERYONE", "WATCHER", "Dealt", "PutAway", "Revealed", "SeatEvent", "SeatTable",
    "SkatPicked", "Speech", "SpeechKind", "Token", "Turn", "Viewer", "cards_held",
    "fold", "may_see", "redact", "seat_events", "table_of",
]

Token = NewType("Token", int)
"""One card on the table, named by its place in the order of dealing (``0..31``)."""

WATCHER: Final = "watcher"
EVERYONE: Final = "everyone"
Viewer = Seat | Literal["watcher", "everyone"]
"""Who looks: a deal seat, a watcher (public facts only) or everyone (all cards)."""


def may_see(viewer: Viewer, seat: Seat) -> bool:
    """Whether ``viewer`` may see the hidden cards of ``seat``."""
    return viewer in (EVERYONE, seat)


# ---------------------------------------------------------------- seat events

class Dealt(NamedTuple):
    """The deal, card by card in the order of dealing (3, skat, 4, 3): where each card
    goes (a seat, ``None`` for the skat) and which it is where the viewer may see it;
    the rules it is played by and its multiplier (2 in a Bock round)."""

    order: tuple[tuple[Seat | None, Card | None], ...]
    options: RuleOptions = ISKO
    multiplier: int = 1


class SkatPicked(NamedTuple):
    """``seat`` took the skat into the hand (blanks for other viewers)."""

    seat: Seat
    cards: tuple[Card | None, Card | None]


class PutAway(NamedTuple):
    """``seat`` put two cards away as the skat (blanks for other viewers)."""

    seat: Seat
    cards: tuple[Card | None, Card | None]


class Revealed(NamedTuple):
    """The deal is over: every card still held, and the skat, face up."""

    hands: tuple[Mask, Mask, Mask]
    skat: Mask


class Turn(NamedTuple):
    """Where the deal stands after an action: its phase and who decides next."""

    phase: Phase
    to_move: Seat | None


SeatEvent = (
    Dealt | SkatPicked | PutAway | Revealed | Turn | BidMade | BidHeld | Passed | AuctionWon
    | PassedIn | RamschStarted | SkatPushed | Declared | HandShown | KontraSaid | ReSaid
    | CardPlayed | TrickWon | Conceded | Claimed | DealScored
)
"""What a viewer learns from one of the engine's events (or of where the deal stands)."""


def _dealing_order(hands: tuple[Mask, Mask, Mask], skat: Mask,
                   cards: tuple[Card, ...] | None) -> list[tuple[Seat | None, Card]]:
    """The cards in dealing order: from the deal's 32 cards when known, else each hand's
    cards ascending (the packets of 3, 4, 3 and the skat's 2 follow the same pattern)."""
    if cards is None:
        cards = (*cards_of(hands[0]), *cards_of(hands[1]), *cards_of(hands[2]),
                 *cards_of(skat))
    out: list[tuple[Seat | None, Card]] = []
    for start, n in ((0, 3), (None, 2), (3, 4), (7, 3)):
        if start is None:
            out += [(None, c) for c in cards[30:32]]
            continue
        for seat in SEATS:
            out += [(seat, c) for c in cards[seat * 10 + start: seat * 10 + start + n]]
    return out


def redact(event: Event, viewer: Viewer, deal: Deal | None = None) -> SeatEvent:
    """What ``viewer`` learns from ``event`` of ``deal`` (whose cards give the order of
    dealing, rules and multiplier; without it each hand is dealt ascending under the
    ISkO)."""
    if isinstance(event, CardsDealt):
        order = _dealing_order(event.hands, event.skat, deal.cards if deal else None)
        return Dealt(tuple((place, card if _sees_dealt(viewer, place) else None)
                           for place, card in order),
                     deal.options if deal else ISKO, deal.multiplier if deal else 1)
    if isinstance(event, SkatTaken):
        seat = Seat(event.seat)
        a, b = event.cards
        return SkatPicked(seat, (a, b) if may_see(viewer, seat) else (None, None))
    if isinstance(event, Discarded):
        seat = Seat(event.seat)
        a, b = event.cards
        return PutAway(seat, (a, b) if may_see(viewer, seat) else (None, None))
    return event


def _sees_dealt(viewer: Viewer, place: Seat | None) -> bool:
    """Whether ``viewer`` sees a card dealt to ``place`` (a seat; ``None``: the skat)."""
    return viewer == EVERYONE if place is None else may_see(viewer, place)


def cards_held(deal: Deal) -> tuple[Mask, Mask, Mask]:
    """Each seat's cards as they lay before the deal ended: what was dealt, taken from
    the skat and not put away or played. (A concession or a claim gives the cards
    still out to a side; these are the cards that were still in the hands.)"""
    held = list(deal.initial_hands)
    for e in deal.events:
        if isinstance(e, SkatTaken):
            held[e.seat] |= (1 << e.cards[0]) | (1 << e.cards[1])
        elif isinstance(e, Discarded):
            held[e.seat] &= ~((1 << e.cards[0]) | (1 << e.cards[1]))
        elif isinstance(e, CardPlayed):
            held[e.seat] &= ~(1 << e.card)
    return (held[0], held[1], held[2])


def seat_events(deal: Deal, events: list[Event], viewer: Viewer) -> list[SeatEvent]:
    """The seat events of ``events`` (the deal's latest) for ``viewer``, closed by a
    :class:`Turn`; the deal's end brings a :class:`Revealed` before its score."""
    out: list[SeatEvent] = []
    for e in events:
        if isinstance(e, DealScored):
            out.append(Revealed(cards_held(deal), deal.skat))
        out.append(redact(e, viewer, deal))
    out.append(Turn(deal.phase, None if deal.to_move is None else Seat(deal.to_move)))
    return out


# ---------------------------------------------------------------- what is said

class SpeechKind(StrEnum):
    """What a player says at the table (a speech bubble)."""

    BID = "bid"
    HOLD = "hold"
    PASS = "pass"
    NO_KONTRA = "no_kontra"
    NO_RE = "no_re"
    TAKES_SKAT = "takes_skat"
    PUSHES = "pushes"
    DECLARES = "declares"
    KONTRA = "kontra"
    RE = "re"


#: What stays said until something else is (the auction's calls); the rest is said in
#: passing and fades.
LASTING = frozenset({SpeechKind.BID, SpeechKind.HOLD, SpeechKind.PASS})


class Speech(NamedTuple):
    """One player's words: a bid or a hold with its ``value``, a declared ``contract``."""

    kind: SpeechKind
    value: int = 0
    contract: Contract | None = None

    @property
    def lasting(self) -> bool:
        """Whether it stays until replaced (the auction's calls) or fades by itself."""
        return self.kind in LASTING


# ---------------------------------------------------------------- the fold

def _three() -> tuple[list[Token], list[Token], list[Token]]:
    return ([], [], [])


@dataclass
class SeatTable:
    """The table as ``viewer`` sees it; :meth:`apply` folds one seat event in.

    Card places hold tokens (see :data:`Token`); ``faces[token]`` is the card when the
    viewer knows it. ``said`` is what each seat said last (cleared when the skat is
    taken, a game declared, Ramsch starts and at the end); ``skat_open`` tells that
    the skat lies face up (the end of the deal).
    """

    viewer: Viewer
    options: RuleOptions = ISKO
    multiplier: int = 1
    faces: list[Card | None] = field(default_factory=lambda: [None] * 32)
    deck: list[Token] = field(default_factory=lambda: [Token(t) for t in range(32)])
    hands: tuple[list[Token], list[Token], list[Token]] = field(default_factory=_three)
    skat: list[Token] = field(default_factory=list)
    aside: list[Token] = field(default_factory=list)
    trick: list[tuple[Seat, Token]] = field(default_factory=list)
    piles: tuple[list[Token], list[Token], list[Token]] = field(default_factory=_three)
    open_seats: set[Seat] = field(default_factory=set)
    skat_open: bool = False
    from_skat: set[Token] = field(default_factory=set)
    contract: Contract | None = None
    declarer: Seat | None = None
    bid: int = 0
    auction_value: int = 0
    kontra: int = 0
    pushes: int = 0
    last_trick: TrickWon | None = None
    passed_in: bool = False
    said: dict[Seat, Speech] = field(default_factory=dict)
    calls: list[tuple[Seat, str]] = field(default_factory=list)
    result: DealResult | None = None
    phase: Phase = Phase.AUCTION
    to_move: Seat | None = Seat(1)
    #: what happened, as the viewer learnt it, in order (the deal's log): the seat events
    #: of the auction, the skat, the declaration, Kontra and Re, every card and trick,
    #: a concession or claim and the score (not the deal, the turns or the reveal)
    log: list[SeatEvent] = field(default_factory=list)

    # ------------------------------------------------------------ questions

    def copy(self) -> SeatTable:
        """An independent copy."""
        return copy.deepcopy(self)

    @property
    def dealt(self) -> bool:
        """Whether the cards have left the deck."""
        return not self.deck

    @property
    def over(self) -> bool:
        """Whether the deal has been scored."""
        return self.result is not None

    @property
    def ramsch(self) -> bool:
        return self.contract is not None and self.contract.kind == GameKind.RAMSCH

    def face(self, token: Token) -> Card | None:
        return self.faces[token]

    def auction(self) -> Auction:
        """The auction as it stands (replayed from the calls made, which are public)."""
        a = Auction(grand_base=self.options.grand_base)
        for seat, call in self.calls:
            a.record(seat, call if call in ("y", "p") else int(call))
        return a

    def hand_mask(self, seat: Seat) -> Mask:
        """The cards of ``seat``'s hand the viewer knows, as a mask."""
        return mask_of(self.hand_cards(seat))

    def skat_cards(self) -> list[Card]:
        """The skat's cards the viewer knows, ascending (lying in the middle or aside)."""
        return sorted(c for c in (self.faces[t] for t in self.skat + self.aside)
                      if c is not None)

    def tricks_won(self, seat: Seat) -> int:
        """Tricks ``seat`` has taken."""
        return len(self.piles[seat]) // 3

    def token_of(self, card: Card) -> Token | None:
        """The token showing ``card``, if the viewer knows where it is."""
        for t, c in enumerate(self.faces):
            if c == card:
                return Token(t)
        return None

    def hand_cards(self, seat: Seat) -> list[Card]:
        """The cards of ``seat``'s hand the viewer knows (all of them for his own)."""
        return [c for c in (self.faces[t] for t in self.hands[seat]) if c is not None]

    def trick_cards(self) -> list[tuple[Seat, Card]]:
        """The trick on the table: (seat, card) in the order played."""
        return [(s, c) for s, c in ((s, self.faces[t]) for s, t in self.trick) if c is not None]

    def pile_points(self, seat: Seat) -> int:
        """Card points in ``seat``'s tricks."""
        from skatgame.engine.cards import CARD_POINTS

        return sum(CARD_POINTS[c] for c in (self.faces[t] for t in self.piles[seat])
                   if c is not None)

    def sees(self, token: Token) -> bool:
        """Whether the card is face up for the viewer: in his own hand (a seat's), an open
        hand, the trick, the skat at the end, or dealt face up to everyone (the review)."""
        return self.faces[token] is not None and self._face_up(token)

    def _face_up(self, token: Token) -> bool:
        for seat in SEATS:
            if token in self.hands[seat]:
                return self.viewer == seat or seat in self.open_seats
        if token in self.skat:
            return self.skat_open
        return any(t == token for _s, t in self.trick)

    # ------------------------------------------------------------ folding

    def apply(self, event: SeatEvent) -> None:
        """Fold one seat event in."""
        if not isinstance(event, Dealt | Turn | Revealed):
            self.log.append(event)
        match event:
            case Dealt():
                self._dealt(event)
            case BidMade(seat, value):
                self.auction_value = value
                self.said[Seat(seat)] = Speech(SpeechKind.BID, value)
                self.calls.append((Seat(seat), str(value)))
            case BidHeld(seat, value):
                self.said[Seat(seat)] = Speech(SpeechKind.HOLD, value)
                self.calls.append((Seat(seat), "y"))
            case Passed(seat):
                if self.contract is None:  # in the auction (else: no Kontra, no Re)
                    self.calls.append((Seat(seat), "p"))
                    self.said[Seat(seat)] = Speech(SpeechKind.PASS)
                else:  # a defender says no Kontra; after a Kontra, the declarer no Re
                    self.said[Seat(seat)] = Speech(
                        SpeechKind.NO_RE if self.kontra else SpeechKind.NO_KONTRA)
            case AuctionWon(seat, bid):
                self.declarer, self.bid = Seat(seat), bid
            case PassedIn():
                self.passed_in = True
            case RamschStarted():
                self.contract = Contract(GameKind.RAMSCH)
                self.said.clear()
            case SkatPicked():
                self._picked(event)
            case SkatPushed(seat):
                self.pushes += 1
                self.said[Seat(seat)] = Speech(SpeechKind.PUSHES)
            case PutAway():
                self._put_away(event)
            case Declared(seat, contract):
                self.from_skat = set()
                self.contract, self.declarer = contract, Seat(seat)
                self.said.clear()
                self.said[Seat(seat)] = Speech(SpeechKind.DECLARES, contract=contract)
                self._lay_skat_aside()
            case HandShown(seat, cards):
                self.open_seats.add(Seat(seat))
                self._learn_hand(Seat(seat), cards)
            case KontraSaid(seat):
                self.kontra = 1
                self.said[Seat(seat)] = Speech(SpeechKind.KONTRA)
            case ReSaid(seat):
                self.kontra = 2
                self.said[Seat(seat)] = Speech(SpeechKind.RE)
            case CardPlayed():
                self._played(event)
            case TrickWon():
                self.last_trick = event
                self.piles[event.seat].extend(t for _s, t in self.trick)
                self.trick = []
            case Revealed():
                self._revealed(event)
            case DealScored(result):
                self.result = result
                self.said.clear()
            case Turn(phase, to_move):
                self.phase, self.to_move = phase, to_move
            case _:  # Conceded, Claimed: the score says what they did
                pass

    def _take(self, token: Token) -> None:
        """Lift a token from wherever it lies."""
        for h in self.hands:
            if token in h:
                h.remove(token)
                return
        for pile in (self.skat, self.deck, self.aside):
            if token in pile:
                pile.remove(token)
                return

    def _hand_token(self, seat: Seat, card: Card | None, salt: int) -> Token | None:
        """The token of ``seat``'s hand that is ``card``: the one known to show it, else
        a blank one (chosen from what the viewer knows, the card itself when public)."""
        hand = self.hands[seat]
        if card is not None:
            for t in hand:
                if self.faces[t] == card:
                    return t
        blanks = [t for t in hand if self.faces[t] is None]
        if not blanks:
            return None
        return blanks[(salt * 7 + len(blanks)) % len(blanks)]

    def _lay_skat_aside(self) -> None:
        self.aside.extend(self.skat)
        self.skat = []

    def _dealt(self, e: Dealt) -> None:
        self.deck = []
        self.options, self.multiplier = e.options, e.multiplier
        for i, (place, card) in enumerate(e.order):
            t = Token(i)
            self.faces[t] = card
            if place is None:
                self.skat.append(t)
            else:
                self.hands[place].append(t)







    def _picked(self, e: SkatPicked) -> None:
        self.said.clear()
        skat = list(self.skat)
        # a card the viewer learns lands on a blank of the skat (one already showing it
        # stays where it is)
        new = [c for c in e.cards if c is not None and all(self.faces[t] != c for t in skat)]
        for t, card in zip([t for t in skat if self.faces[t] is None], new, strict=False):
            self.faces[t] = card
        self.skat = []
        self.hands[e.seat].extend(skat)
        self.from_skat = set(skat) if e.seat == self.viewer else set()
        if e.seat != self.viewer:
            self.said[e.seat] = Speech(SpeechKind.TAKES_SKAT)

    def _put_away(self, e: PutAway) -> None:
        if None in e.cards:
            # unseen: a card the viewer knew in that hand (Schieberamsch: one he passed on)
            # may now be in the skat or still in the hand; he no longer knows which
            for t in self.hands[e.seat]:
                self.faces[t] = None
        for i, card in enumerate(e.cards):
            found = self._hand_token(e.seat, card, len(self.skat) + i)
            if found is None:
                continue
            t = found
            self._take(t)
            if card is not None:
                self.faces[t] = card
            self.skat.append(t)
        self.from_skat = set()



    def _learn_hand(self, seat: Seat, cards: Mask) -> None:
        """The faces of a hand laid open: known tokens keep theirs, blanks take the rest."""
        hand = self.hands[seat]
        known = {self.faces[t] for t in hand}
        rest = [c for c in cards_of(cards) if c not in known]
        for t, card in zip([t for t in hand if self.faces[t] is None], rest, strict=False):
            self.faces[t] = card



    def _played(self, e: CardPlayed) -> None:
        if self.skat:  # Ramsch: the skat is laid aside with the first card
            self._lay_skat_aside()
        seat = Seat(e.seat)
        t = self._hand_token(seat, e.card, e.card)
        if t is None:
            return
        self._take(t)
        self.faces[t] = e.card
        self.trick.append((seat, t))


    def _revealed(self, e: Revealed) -> None:
        for seat in SEATS:
            self._learn_hand(seat, e.hands[seat])
            if self.hands[seat]:
                self.open_seats.add(seat)
        known = {self.faces[t] for t in self.skat + self.aside}
        rest = [c for c in cards_of(e.skat) if c not in known]
        blanks = [t for t in self.skat + self.aside if self.faces[t] is None]
        for t, card in zip(blanks, rest, strict=False):
            self.faces[t] = card
        self.skat_open = True




def fold(viewer: Viewer, events: list[SeatEvent]) -> SeatTable:
    """The table ``viewer`` sees after ``events``, folded at once."""
    table = SeatTable(viewer)
    for e in events:
        table.apply(e)
    return table


def table_of(deal: Deal, viewer: Viewer) -> SeatTable:
    """The table ``viewer`` sees of ``deal`` as it stands: the same fold, applied at once."""
    return fold(viewer, seat_events(deal, list(deal.events), viewer))
