"""One deal as a state machine: actions in, events out.

>>> deal = Deal.from_seed(7)
>>> deal.to_move                      # Middlehand opens the auction
1
>>> events = deal.apply(Pass())       # Middlehand passes
>>> sorted(type(a).__name__ for a in deal.legal_actions())[:2]
['Bid', 'Bid']

Seats are deal seats: 0 Forehand, 1 Middlehand, 2 Rearhand. A refused action
raises :class:`IllegalActionError` and leaves the deal exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from skatgame.engine.actions import (
    HOLD,
    KONTRA,
    PASS,
    PLAYS,
    PUSH_SKAT,
    RE,
    TAKE_SKAT,
    Action,
    Bid,
    Claim,
    Concede,
    Contract,
    Declare,
    Discard,
    Hold,
    Kontra,
    Pass,
    Play,
    PushSkat,
    Re,
    Resign,
    TakeSkat,
)
from skatgame.engine.auction import Auction, AuctionError, bid_values
from skatgame.engine.cards import (
    CARD_POINTS,
    JACKS,
    Card,
    Mask,
    cards_of,
    iss_name,
    mask_of,
    points_of,
)
from skatgame.engine.claims import ClaimTooComplex, side_takes_rest
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
from skatgame.engine.observation import Observation
from skatgame.engine.options import ISKO, RuleOptions
from skatgame.engine.phase import IllegalActionError, Phase
from skatgame.engine.rules import EFFECTIVE_SUIT, FOLLOW_MASK, POWER, TRUMP, GameKind
from skatgame.engine.scoring import (
    DealResult,
    null_value,
    passed_in_result,
    ramsch_skat_taker,
    score_game,
    score_ramsch,
)
from skatgame.engine.seats import (
    FOREHAND,
    MIDDLEHAND,
    REARHAND,
    SEAT_NAMES,
    SEATS,
    Seat,
    is_seat,
)
from skatgame.engine.shuffle import DEALING_PYTHON, shuffled

# seats as table lookups: a NewType call would cost a Python call on the hot path of play
_NEXT_SEAT: tuple[Seat, Seat, Seat] = (MIDDLEHAND, REARHAND, FOREHAND)
_SEAT_AFTER_TRICK: tuple[Seat, ...] = SEATS + SEATS  # (leader + winning index) -> winner
_new_tuple = tuple.__new__  # builds event named tuples without a Python-level __new__
_PLAY = Phase.PLAY


class DealError(ValueError):
    """A deal that cannot exist (not 32 different cards)."""


_DECK_LIST = list(range(32))
_BID_ACTIONS: dict[int, tuple[Bid, ...]] = {}


def _bid_actions(grand_base: int) -> tuple[Bid, ...]:
    """``Bid`` actions for the whole ladder, built once."""
    b = _BID_ACTIONS.get(grand_base)
    if b is None:
        b = _BID_ACTIONS[grand_base] = tuple(Bid(v) for v in bid_values(grand_base))
    return b


# PLAYS_BY_BYTE[suit][byte]: the Play actions of the cards of one suit in a mask byte
_PLAYS_BY_BYTE: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(PLAYS[s * 8 + r] for r in range(8) if b >> r & 1) for b in range(256))
    for s in range(4)
)


def _declarations(hand: bool, bid: int) -> tuple[Declare, ...]:
    """All contracts a declarer may name, with or without the skat, at a given bid."""
    out: list[Declare] = []
    for kind in (GameKind.CLUBS, GameKind.SPADES, GameKind.HEARTS, GameKind.DIAMONDS,
                 GameKind.GRAND):
        out.append(Declare(Contract.make(kind, hand=hand)))
        if hand:
            out.append(Declare(Contract.make(kind, hand=True, schneider=True)))
            out.append(Declare(Contract.make(kind, hand=True, schwarz=True)))
            out.append(Declare(Contract.make(kind, ouvert=True)))
    for ouvert in (False, True):
        c = Contract.make(GameKind.NULL, hand=hand, ouvert=ouvert)
        if null_value(c) >= bid:
            out.append(Declare(c))
    return tuple(out)


_DECLARATIONS: dict[tuple[bool, int], tuple[Declare, ...]] = {}


def legal_declarations(hand: bool, bid: int) -> tuple[Declare, ...]:
    """The ``Declare`` actions allowed with (``hand``) or without the skat at ``bid``."""
    key = (hand, min(bid, 60))  # null values stop at 59: every bid above acts alike
    d = _DECLARATIONS.get(key)
    if d is None:
        d = _DECLARATIONS[key] = _declarations(hand, bid)
    return d


class Deal:
    """One deal of Skat, from the cards dealt to the score.

    Build one with :meth:`from_seed` or from the 32 cards in deal order
    (Forehand's ten, Middlehand's ten, Rearhand's ten, the skat's two).
    ``multiplier`` doubles the score (2 in a Bock round).
    """

    __slots__ = (
        "cards", "options", "multiplier", "hands", "initial_hands", "initial_skat", "skat",
        "phase", "auction", "to_move", "declarer", "bid", "contract", "skat_taken",
        "known_skat", "open_cards", "trick", "leader", "tricks", "points", "tricks_won",
        "kontra", "pushes", "result", "history", "events", "_kind", "_kontra_queue",
        "_claim_valid",
    )

    def __init__(self, cards: Sequence[Card], options: RuleOptions = ISKO,
                 *, multiplier: int = 1) -> None:
        cards = list(cards)
        if sorted(cards) != _DECK_LIST or int not in {type(c) for c in cards} or len(
            {type(c) for c in cards}
        ) != 1:
            raise DealError("a deal needs each of the 32 cards exactly once")
        if type(multiplier) is not int or multiplier < 1:
            raise DealError(f"the multiplier is a whole number from 1 up, not {multiplier!r}")
        self.cards: tuple[Card, ...] = tuple(cards)
        self.options = options
        self.multiplier = multiplier
        self.hands: list[Mask] = [mask_of(cards[0:10]), mask_of(cards[10:20]),
                                  mask_of(cards[20:30])]
        self.initial_hands: tuple[Mask, Mask, Mask] = (self.hands[0], self.hands[1],
                                                       self.hands[2])
        self.initial_skat: Mask = mask_of(cards[30:32])
        self.skat: Mask = self.initial_skat  # the cards lying as the skat now
        self.phase = Phase.AUCTION
        self.auction = Auction(grand_base=options.grand_base)
        self.to_move: Seat | None = MIDDLEHAND
        self.declarer: Seat | None = None
        self.bid = 0
        self.contract: Contract | None = None
        self.skat_taken = False
        self.known_skat: list[Mask] = [0, 0, 0]  # skat cards each seat has seen or put away
        self.open_cards: Mask = 0  # an ouvert declarer's cards, face up
        self.trick: list[Card] = []
        self.leader: Seat = FOREHAND
        self.tricks: list[TrickWon] = []
        self.points = [0, 0, 0]
        self.tricks_won = [0, 0, 0]
        self.kontra = 0  # 1 Kontra, 2 Re
        self.pushes = 0
        self.result: DealResult | None = None
        self.history: list[tuple[Seat, Action]] = []
        self.events: list[Event] = [CardsDealt(self.initial_hands, self.initial_skat)]
        self._kind: int = GameKind.GRAND
        self._kontra_queue: list[Seat] = []
        self._claim_valid = False

    # ------------------------------------------------------------ building

    @classmethod
    def from_seed(cls, seed: int | float | str | None, options: RuleOptions = ISKO,
                  *, multiplier: int = 1, dealing: int = DEALING_PYTHON) -> Deal:
        """A shuffled deal; the same seed always gives the same cards. ``dealing`` names
        the shuffle (:mod:`skatgame.engine.shuffle`; lists deal with the newest)."""
        return cls(shuffled(seed, dealing), options, multiplier=multiplier)

    def copy(self) -> Deal:
        """An independent copy (events and history are shared up to now, then diverge)."""
        new = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = list(self.hands)
        new.known_skat = list(self.known_skat)
        new.trick = list(self.trick)
        new.tricks = list(self.tricks)
        new.points = list(self.points)
        new.tricks_won = list(self.tricks_won)
        new.history = list(self.history)
        new.events = list(self.events)
        new._kontra_queue = list(self._kontra_queue)
        a = self.auction
        new.auction = Auction(a.grand_base, a.stage, a.bidder, a.answerer, a.value,
                              a.awaiting_answer, a.declarer, a.done, list(a.calls),
                              list(a.highest_by_seat))
        return new

    def replayed(self, steps: int | None = None) -> Deal:
        """The same cards dealt again (same options and multiplier) with the first ``steps``
        actions of the history applied again: ``None`` all of them, 0 none (just dealt).

        This deal is not changed; the new one has its own history and events. Used to take
        back moves and to play a deal again from a point of it. Raises ``ValueError`` when
        ``steps`` is not a count from 0 to the length of the history.
        """
        if steps is not None and not (type(steps) is int and 0 <= steps <= len(self.history)):
            raise ValueError(f"steps must be from 0 to {len(self.history)}, not {steps!r}")
        fresh = Deal(self.cards, self.options, multiplier=self.multiplier)
        for seat, action in self.history[:steps]:
            fresh.apply(action, seat)
        return fresh

    # ------------------------------------------------------------ queries

    @property
    def done(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def kind(self) -> GameKind | None:
        """The kind of game being played, once declared (or Ramsch)."""
        return self.contract.kind if self.contract else None

    def dealing_order(self) -> list[tuple[str, Card]]:
        """The cards in the order they are dealt (3, skat, 4, 3): ("0"/"1"/"2"/"skat", card)."""
        c = self.cards
        out: list[tuple[str, Card]] = []
        for start, n in ((0, 3), (None, 2), (3, 4), (7, 3)):
            if start is None:
                out += [("skat", card) for card in c[30:32]]
                continue
            for seat in range(3):
                out += [(str(seat), card) for card in c[seat * 10 + start: seat * 10 + start + n]]
        return out

    def legal_actions(self) -> list[Action]:
        """The actions open to the seat to move (``to_move``).

        Concessions and claims are not listed: see :meth:`may_concede` and
        :meth:`may_claim`; they are applied with an explicit seat.
        """
        phase = self.phase
        # the hot path: in play (and in the discard) a seat is to move, and an assert to
        # tell mypy so would cost every call; hence the ignores
        if phase is _PLAY:
            hand = self.hands[self.to_move]  # type: ignore[index]
            if self.trick:
                follow = hand & FOLLOW_MASK[self._kind][self.trick[0]]
                if follow:
                    hand = follow
            t = _PLAYS_BY_BYTE
            return [*t[0][hand & 255], *t[1][hand >> 8 & 255], *t[2][hand >> 16 & 255],
                    *t[3][hand >> 24]]
        if phase is Phase.AUCTION:
            a = self.auction
            if a.awaiting_answer:
                return [HOLD, PASS]
            bids = _bid_actions(a.grand_base)
            return [*bids[len(bids) - len(a.legal_bids()):], PASS]
        if phase is Phase.SKAT:
            return [TAKE_SKAT, *legal_declarations(True, self.bid)]
        if phase is Phase.DISCARD:
            cards = cards_of(self.hands[self.to_move])  # type: ignore[index]
            if self.contract is not None:  # Schieberamsch: jacks may not be passed
                cards = [c for c in cards if not JACKS >> c & 1]
            return [Discard((a, b)) for a, b in combinations(cards, 2)]
        if phase is Phase.DECLARE:
            return list(legal_declarations(False, self.bid))
        if phase is Phase.KONTRA:
            return [KONTRA, PASS]
        if phase is Phase.RE:
            return [RE, PASS]
        if phase is Phase.SCHIEBEN:
            return [TAKE_SKAT, PUSH_SKAT]
        return []

    def is_legal(self, action: Action, seat: Seat | None = None) -> bool:
        """Whether :meth:`apply` would accept the action."""
        try:
            self._check(action, self.to_move if seat is None else seat)
        except IllegalActionError:
            return False
        return True

    def may_concede(self, seat: Seat) -> bool:
        """Whether ``seat`` may concede now (the declarer only while he holds 9+ cards)."""
        if self.phase is not Phase.PLAY or self.declarer is None or not is_seat(seat):
            return False
        if seat == self.declarer:
            return self.hands[seat].bit_count() >= 9
        return True

    def may_claim(self, seat: Seat) -> bool:
        """Whether ``seat`` may claim the rest now (during play, not in Ramsch)."""
        return self.phase is Phase.PLAY and self.declarer is not None and is_seat(seat)

    def tricks_left(self) -> int:
        return 10 - len(self.tricks)

    # ------------------------------------------------------------ applying

    def apply(self, action: Action, seat: Seat | None = None) -> list[Event]:
        """Apply an action by ``seat`` (default: the seat to move); return the new events.

        Raises :class:`IllegalActionError`, leaving the deal unchanged, when the
        action is not allowed.
        """
        if seat is None:
            seat = self.to_move
        # fast path: a legal card in play
        if (action.__class__ is Play and self.phase is _PLAY and seat == self.to_move
                and seat.__class__ is int and action.card.__class__ is int
                and 0 <= action.card < 32):
            card = action.card
            bit = 1 << card
            hand = self.hands[seat]
            if hand & bit:
                trick = self.trick
                if trick:
                    follow = hand & FOLLOW_MASK[self._kind][trick[0]]
                    ok = not follow or follow & bit
                else:
                    ok = True
                if ok:
                    events = self.events
                    start = len(events)
                    self.history.append((seat, action))
                    self._play(seat, card)
                    return events[start:]
        self._check(action, seat)
        assert seat is not None  # _check refuses anything but a seat
        start = len(self.events)
        self.history.append((seat, action))
        self._HANDLERS[type(action)](self, seat, action)
        return self.events[start:]

    def _refuse(self, message: str, action: object, seat: Seat | None) -> IllegalActionError:
        return IllegalActionError(message, action, seat, self.phase)

    def _check(self, action: Action, seat: Seat | None) -> None:
        # actions are told apart by exact class (t is Bid), which mypy does not narrow
        # on: the union-attr ignores below read fields of the class just checked
        phase = self.phase
        if phase is Phase.DONE:
            raise self._refuse("the deal is over", action, seat)
        if not is_seat(seat):
            raise self._refuse(f"no such seat: {seat!r} (seats are the ints 0, 1 and 2)",
                               action, seat)
        t = type(action)
        if t is Concede:
            if not self.may_concede(seat):
                why = ("the declarer may concede only while he holds 9 or more cards"
                       if phase is Phase.PLAY and seat == self.declarer
                       else "conceding is possible only during play of a declared game")
                raise self._refuse(why, action, seat)
            return
        if t is Resign:
            if not self.may_claim(seat):
                raise self._refuse("resigning is possible only during play of a declared game",
                                   action, seat)
            return
        if t is Claim:
            if not self.may_claim(seat):
                raise self._refuse("a claim is possible only during play of a declared game",
                                   action, seat)
            declarer = self.declarer
            assert declarer is not None  # may_claim: a declared game
            try:
                self._claim_valid = side_takes_rest(
                    self._kind, (self.hands[0], self.hands[1], self.hands[2]),
                    declarer, self.leader, tuple(self.trick), seat == declarer)
            except ClaimTooComplex:
                raise self._refuse("too many cards are left to check this claim; play on",
                                   action, seat) from None
            return
        if seat != self.to_move:
            raise self._refuse(f"it is not {SEAT_NAMES[seat]}'s turn", action, seat)
        if phase is Phase.AUCTION:
            call: int | str
            if t is Bid:
                call = action.value  # type: ignore[union-attr]
                if call.__class__ is not int:  # Bid("p") is no pass, Bid(18.0) no bid
                    raise self._refuse(f"a bid is a whole number, not {call!r}", action, seat)
            elif t is Hold:
                call = "y"
            elif t is Pass:
                call = "p"
            else:
                raise self._refuse(f"{_describe(action)} is not a call in the auction",
                                   action, seat)
            try:
                self.auction.check(seat, call)
            except AuctionError as e:
                raise self._refuse(str(e), action, seat) from None
            return
        if phase is Phase.PLAY:
            if t is not Play:
                raise self._refuse(f"{_describe(action)} during play: play a card", action, seat)
            card = action.card  # type: ignore[union-attr]
            hand = self.hands[seat]
            if not (card.__class__ is int and 0 <= card < 32 and hand >> card & 1):
                raise self._refuse(f"{SEAT_NAMES[seat]} does not hold {_card_text(card)}",
                                   action, seat)
            if self.trick:
                follow = hand & FOLLOW_MASK[self._kind][self.trick[0]]
                if follow and not follow >> card & 1:
                    raise self._refuse(
                        f"{iss_name(card)} does not follow suit: {SEAT_NAMES[seat]} must "
                        f"follow {iss_name(self.trick[0])}", action, seat)
            return
        if phase is Phase.SKAT:
            if t is TakeSkat:
                return
            if t is Declare:
                c = action.contract  # type: ignore[union-attr]
                self._check_contract(c, action, seat)
                if not c.hand:
                    raise self._refuse("without picking up the skat the game is a hand game",
                                       action, seat)
                return
            raise self._refuse(f"{_describe(action)}: pick up the skat or declare a hand game",
                               action, seat)
        if phase is Phase.DISCARD:
            if t is not Discard:
                raise self._refuse(f"{_describe(action)}: put two cards away first", action, seat)
            cards = action.cards  # type: ignore[union-attr]
            hand = self.hands[seat]
            if not (cards.__class__ is tuple and len(cards) == 2 and all(
                    c.__class__ is int and 0 <= c < 32 and hand >> c & 1 for c in cards)
                    and cards[0] != cards[1]):
                raise self._refuse("discard two different cards from the hand", action, seat)
            a, b = cards
            if a > b:
                raise self._refuse("a discard names its cards in ascending order; "
                                   "use Discard.of", action, seat)
            if self.contract is not None and (JACKS >> a & 1 or JACKS >> b & 1):
                raise self._refuse("jacks may not be passed on in Schieberamsch", action, seat)
            return
        if phase is Phase.DECLARE:
            if t is not Declare:
                raise self._refuse(f"{_describe(action)}: declare the game", action, seat)
            c = action.contract  # type: ignore[union-attr]
            self._check_contract(c, action, seat)
            if c.hand:
                raise self._refuse("the skat was picked up: no hand game", action, seat)
            return
        if phase is Phase.KONTRA:
            if t not in (Kontra, Pass):
                raise self._refuse(f"{_describe(action)}: say Kontra or pass", action, seat)
            return
        if phase is Phase.RE:
            if t not in (Re, Pass):
                raise self._refuse(f"{_describe(action)}: say Re or pass", action, seat)
            return
        if phase is Phase.SCHIEBEN:
            if t not in (TakeSkat, PushSkat):
                raise self._refuse(f"{_describe(action)}: take the skat or push it on",
                                   action, seat)
            return
        raise self._refuse(f"{_describe(action)} is not possible now", action, seat)

    def _check_contract(self, c: object, action: Action, seat: Seat) -> None:
        if c.__class__ is not Contract:
            raise self._refuse(f"not a contract: {c!r}", action, seat)
        assert isinstance(c, Contract)
        if c.kind.__class__ not in (GameKind, int) or not 0 <= c.kind <= GameKind.RAMSCH or any(
                f.__class__ is not bool for f in (c.hand, c.schneider, c.schwarz, c.ouvert)):
            raise self._refuse(f"not a contract: {c!r} (a GameKind and four bools; "
                               "use Contract.make)", action, seat)
        if c.kind == GameKind.RAMSCH:
            raise self._refuse("Ramsch cannot be declared", action, seat)
        if c.kind == GameKind.NULL:
            if c.schneider or c.schwarz:
                raise self._refuse("null has no schneider or schwarz", action, seat)
            if null_value(c) < self.bid:
                raise self._refuse(
                    f"{c.letters} is worth {null_value(c)}, below the bid of {self.bid}",
                    action, seat)
            return
        if (c.schneider or c.schwarz or c.ouvert) and not c.hand:
            raise self._refuse("schneider, schwarz and ouvert can be announced only in a "
                               "hand game", action, seat)
        if c.schwarz and not c.schneider or c.ouvert and not (c.schneider and c.schwarz):
            raise self._refuse("schwarz implies schneider and ouvert implies both; "
                               "use Contract.make", action, seat)

    # ------------------------------------------------------------ handlers
    # (dispatched by the action's class, checked by _check: hence the union-attr ignores)

    def _on_auction(self, seat: Seat, action: Action) -> None:
        a = self.auction  # the call was checked by _check
        if type(action) is Bid:
            a.record(seat, action.value)
            self.events.append(BidMade(seat, action.value))
        elif type(action) is Hold:
            a.record(seat, "y")
            self.events.append(BidHeld(seat, a.value))
        else:
            a.record(seat, "p")
            self.events.append(Passed(seat))
        if not a.done:
            self.to_move = a.to_move
            return
        if a.declarer is None:
            if self.options.ramsch:
                self._start_ramsch()
            else:
                self.events.append(PassedIn())
                self._finish(passed_in_result())
            return
        self.declarer, self.bid = a.declarer, a.bid
        self.events.append(AuctionWon(a.declarer, a.bid))
        self.phase, self.to_move = Phase.SKAT, a.declarer

    def _start_ramsch(self) -> None:
        self.contract = Contract(GameKind.RAMSCH)
        self._kind = GameKind.RAMSCH
        self.events.append(RamschStarted())
        if self.options.schieberamsch:
            self.phase, self.to_move = Phase.SCHIEBEN, FOREHAND
        else:
            self.phase, self.to_move, self.leader = Phase.PLAY, FOREHAND, FOREHAND

    def _on_take_skat(self, seat: Seat, action: Action) -> None:
        skat = self.skat
        self.hands[seat] |= skat
        self.known_skat[seat] |= skat
        self.skat = 0
        self.skat_taken = self.phase is Phase.SKAT or self.skat_taken
        c = cards_of(skat)
        self.events.append(SkatTaken(seat, (c[0], c[1])))
        self.phase = Phase.DISCARD

    def _on_push(self, seat: Seat, action: Action) -> None:
        self.pushes += 1
        self.events.append(SkatPushed(seat))
        self._next_schieben(seat)

    def _next_schieben(self, seat: Seat) -> None:
        if seat == REARHAND:
            self.phase, self.to_move, self.leader = Phase.PLAY, FOREHAND, FOREHAND
        else:
            self.phase, self.to_move = Phase.SCHIEBEN, _NEXT_SEAT[seat]

    def _on_discard(self, seat: Seat, action: Action) -> None:
        a, b = action.cards  # type: ignore[union-attr]
        put = (1 << a) | (1 << b)
        self.hands[seat] &= ~put
        self.skat = put
        self.known_skat[seat] |= put
        self.events.append(Discarded(seat, (a, b)))
        if self.contract is not None:  # Schieberamsch
            self._next_schieben(seat)
        else:
            self.phase = Phase.DECLARE

    def _on_declare(self, seat: Seat, action: Action) -> None:
        c: Contract = action.contract  # type: ignore[union-attr]
        if c.kind.__class__ is not GameKind:
            c = replace(c, kind=GameKind(c.kind))
        self.contract = c
        self._kind = c.kind
        self.events.append(Declared(seat, c))
        if c.ouvert:
            self.open_cards = self.hands[seat]
            self.events.append(HandShown(seat, self.hands[seat]))
        self.leader = FOREHAND
        if self.options.kontra:
            self._kontra_queue = [
                s for s in SEATS
                if s != seat and (not self.options.kontra_needs_bid
                                  or self.auction.highest_by_seat[s] >= 18)
            ]
        self._next_kontra()

    def _next_kontra(self) -> None:
        if self._kontra_queue:
            self.phase, self.to_move = Phase.KONTRA, self._kontra_queue.pop(0)
        else:
            self.phase, self.to_move = Phase.PLAY, FOREHAND

    def _on_kontra(self, seat: Seat, action: Action) -> None:
        self.kontra = 1
        self._kontra_queue = []
        self.events.append(KontraSaid(seat))
        self.phase, self.to_move = Phase.RE, self.declarer

    def _on_re(self, seat: Seat, action: Action) -> None:
        self.kontra = 2
        self.events.append(ReSaid(seat))
        self.phase, self.to_move = Phase.PLAY, FOREHAND

    def _on_pass(self, seat: Seat, action: Action) -> None:
        self.events.append(Passed(seat))
        if self.phase is Phase.RE:
            self.phase, self.to_move = Phase.PLAY, FOREHAND
        else:
            self._next_kontra()

    def _on_play(self, seat: Seat, action: Action) -> None:
        self._play(seat, action.card)  # type: ignore[union-attr]

    def _play(self, seat: Seat, card: Card) -> None:
        self.hands[seat] ^= 1 << card
        if self.open_cards:
            self.open_cards &= ~(1 << card)
        trick = self.trick
        trick.append(card)
        events = self.events
        events.append(_new_tuple(CardPlayed, (seat, card)))
        if len(trick) < 3:
            self.to_move = _NEXT_SEAT[seat]
            return
        leader = self.leader
        a, b, c = trick
        eff, power = EFFECTIVE_SUIT[self._kind], POWER[self._kind]
        best, win = a, 0
        if eff[b] == eff[a] and power[b] > power[a] or eff[b] == TRUMP and eff[a] != TRUMP:
            best, win = b, 1
        if eff[c] == eff[best] and power[c] > power[best] or (
            eff[c] == TRUMP and eff[best] != TRUMP
        ):
            win = 2
        winner = _SEAT_AFTER_TRICK[leader + win]
        pts = CARD_POINTS[a] + CARD_POINTS[b] + CARD_POINTS[c]
        self.points[winner] += pts
        self.tricks_won[winner] += 1
        won = TrickWon(winner, leader, (a, b, c), pts)
        tricks = self.tricks
        tricks.append(won)
        events.append(won)
        self.trick = []
        self.leader = self.to_move = winner
        if len(tricks) == 10:
            self._score_play()
        elif self._kind == GameKind.NULL:
            if winner == self.declarer:  # null: the declarer's first trick loses
                self._score_play()
        elif self.contract.schwarz and winner != self.declarer:  # type: ignore[union-attr]
            # (in play there is a contract: no assert on the hot path)
            # schwarz announced (ouvert included): the defenders' first trick loses
            self._score_play(ended_early=True)

    def _on_concede(self, seat: Seat, action: Action) -> None:
        self.events.append(Conceded(seat))
        early = seat == self.declarer and not self.tricks
        self._surrender(declarer_side=seat == self.declarer, by=seat, early=early)

    def _on_resign(self, seat: Seat, action: Action) -> None:
        self.events.append(Conceded(seat))
        self._surrender(declarer_side=seat == self.declarer, by=seat, early=False)

    def _on_claim(self, seat: Seat, action: Action) -> None:
        assert self.declarer is not None and self.contract is not None
        claimant_is_declarer = seat == self.declarer
        valid = self._claim_valid  # worked out by _check
        self.events.append(Claimed(seat, valid))
        # a right claim: the claimant's side takes every trick still out; a wrong one: the
        # other side does
        declarer_takes_rest = claimant_is_declarer == valid
        d = self.declarer
        if self._kind == GameKind.NULL:
            # the claim decides the game: the declarer takes no further trick, or he must
            by = d if not declarer_takes_rest else (seat if seat != d else _NEXT_SEAT[d])
            self._surrender(declarer_side=not declarer_takes_rest, by=by, early=False)
            return
        # suit and grand: scored on the card points as they then fall; not a concession, so
        # a game the declarer has already won stays won
        self._give_rest(declarer_side=not declarer_takes_rest)
        self._score_play()

    def _surrender(self, *, declarer_side: bool, by: Seat, early: bool) -> None:
        """End play: ``by``'s side gives up and loses every card and trick still out."""
        self._give_rest(declarer_side=declarer_side)
        self._score_play(conceded_by=by, early=early)

    def _give_rest(self, *, declarer_side: bool) -> None:
        """Every card and trick still out goes to the side other than ``declarer_side``'s."""
        d = self.declarer
        assert d is not None
        rest = self.hands[0] | self.hands[1] | self.hands[2] | mask_of(self.trick)
        taker = _NEXT_SEAT[d] if declarer_side else d
        if self._kind != GameKind.NULL:
            self.points[taker] += points_of(rest)
            self.tricks_won[taker] += self.tricks_left()
        self.hands = [0, 0, 0]
        self.trick = []

    # ------------------------------------------------------------ scoring

    def _score_play(self, conceded_by: Seat | None = None, early: bool = False,
                    ended_early: bool = False) -> None:
        c = self.contract
        assert c is not None
        mult = self.multiplier * (2 ** self.kontra)
        if c.kind == GameKind.RAMSCH:
            points = list(self.points)
            skat_pts = points_of(self.skat)
            latest = [-1, -1, -1]
            for i, t in enumerate(self.tricks):
                latest[t.seat] = i
            o = self.options
            taker = ramsch_skat_taker(o.ramsch_skat, points, self.tricks[-1].seat, latest)
            if taker is not None:
                points[taker] += skat_pts
            self._finish(score_ramsch(
                (points[0], points[1], points[2]),
                (self.tricks_won[0], self.tricks_won[1], self.tricks_won[2]),
                pushes=self.pushes, multiplier=self.multiplier, loss=o.ramsch_loss,
                jungfrau=o.ramsch_jungfrau, durchmarsch=o.ramsch_durchmarsch,
                skat_taker=taker, skat_points=skat_pts,
            ))
            return
        d = self.declarer
        assert d is not None
        decl_points = self.points[d] + points_of(self.skat)
        seat_points = list(self.points)
        seat_points[d] = decl_points
        self._finish(score_game(
            c, d, self.bid, self.initial_hands[d] | self.initial_skat, decl_points,
            self.tricks_won[d], points=(seat_points[0], seat_points[1], seat_points[2]),
            conceded_by=conceded_by, conceded_early=early, multiplier=mult,
            grand_base=self.options.grand_base, ended_early=ended_early,
        ))

    def _finish(self, result: DealResult) -> None:
        self.result = result
        self.phase = Phase.DONE
        self.to_move = None
        self.events.append(DealScored(result))

    _HANDLERS = {
        Bid: _on_auction, Hold: _on_auction, TakeSkat: _on_take_skat, PushSkat: _on_push,
        Discard: _on_discard, Declare: _on_declare, Kontra: _on_kontra, Re: _on_re,
        Play: _on_play, Concede: _on_concede, Claim: _on_claim, Resign: _on_resign,
    }

    def _dispatch_pass(self, seat: Seat, action: Action) -> None:
        if self.phase is Phase.AUCTION:
            self._on_auction(seat, action)
        else:
            self._on_pass(seat, action)

    _HANDLERS[Pass] = _dispatch_pass

    # ------------------------------------------------------------ views

    def observation(self, seat: Seat) -> Observation:
        """What ``seat`` may know now: see :class:`skatgame.engine.observation.Observation`.

        Raises ValueError for a seat that is not the int 0, 1 or 2.
        """
        if not is_seat(seat):
            raise ValueError(f"no such seat: {seat!r} (seats are the ints 0, 1 and 2)")
        open_seat = self.declarer if self.open_cards else None
        highest = self.auction.highest_by_seat
        return Observation(
            seat=seat,
            phase=self.phase,
            options=self.options,
            hand=self.hands[seat],
            to_move=self.to_move,
            legal_actions=tuple(self.legal_actions()) if self.to_move == seat else (),
            auction_calls=tuple(self.auction.calls),
            auction_value=self.auction.value,
            highest_by_seat=(highest[0], highest[1], highest[2]),
            declarer=self.declarer,
            bid=self.bid,
            contract=self.contract,
            skat_taken=self.skat_taken,
            known_skat=self.known_skat[seat],
            open_cards=self.open_cards if open_seat != seat else 0,
            open_seat=open_seat,
            trick=tuple(self.trick),
            trick_leader=self.leader,
            tricks=tuple(self.tricks),
            points=(self.points[0], self.points[1], self.points[2]),
            kontra=self.kontra,
            pushes=self.pushes,
            multiplier=self.multiplier,
        )

    def __repr__(self) -> str:
        return (f"<Deal phase={self.phase.value} to_move={self.to_move} "
                f"contract={self.contract.letters if self.contract else None} "
                f"tricks={len(self.tricks)}>")


def _card_text(card: object) -> str:
    return iss_name(card) if isinstance(card, int) and 0 <= card < 32 else repr(card)


def _describe(action: object) -> str:
    text = getattr(action, "text", None)
    return f"{type(action).__name__}({text})" if text is not None else repr(action)


# IllegalActionError, Phase and SEAT_NAMES have homes of their own (phase, seats) and are
# named here too for the code that imports them from the deal
__all__ = ["Deal", "DealError", "IllegalActionError", "Phase", "SEAT_NAMES",
           "legal_declarations"]
