"""A table that speaks: the lines said aloud for what happens and what the player must do.

Pure words (no pygame, no sound): :class:`Narrator` turns the seat events of
:mod:`skatgame.table.seatview` into sentences ("Anna bids 20.", "Your turn: follow
hearts. You may play: ..."), and answers the questions a player who cannot see the
table asks again: the hand, the trick, the score, the last trick. The window hands
the lines to the system's speech (:mod:`skatgame.ui.speech`); a test hands them to a
list. Everything goes through the translator, so it speaks English and German.
"""

from __future__ import annotations

from collections.abc import Callable

from skatgame.engine.cards import CARD_POINTS, Card, cards_of
from skatgame.engine.events import (
    AuctionWon,
    BidHeld,
    BidMade,
    CardPlayed,
    DealScored,
    Declared,
    KontraSaid,
    Passed,
    PassedIn,
    RamschStarted,
    ReSaid,
    TrickWon,
)
from skatgame.engine.rules import GameKind, legal_mask
from skatgame.engine.seats import Seat
from skatgame.table.i18n import Tr
from skatgame.table.seatview import Dealt, SeatEvent, SeatTable, SkatPicked, Turn
from skatgame.table.texts import about, contract_label

SUIT_WORDS = ("clubs", "spades", "hearts", "diamonds")
RANK_WORDS = ("seven", "eight", "nine", "queen", "king", "ten", "ace", "jack")


def card_words(card: Card, style: str, tr: Tr) -> str:
    """A card in words: "jack of clubs", "Kreuz-Bube" (the German deck: "Eichel-Unter")."""
    deck = "german" if style == "german" else "french"
    return tr("speech.card", rank=tr(f"speech.rank.{deck}.{RANK_WORDS[card & 7]}"),
              suit=tr(f"speech.suit.{deck}.{SUIT_WORDS[card >> 3]}"))


def cards_words(cards: list[Card], style: str, tr: Tr) -> str:
    """Cards in words, one after the other ("nothing" when there are none)."""
    return ", ".join(card_words(c, style, tr) for c in cards) or tr("speech.nothing")


def _plain(label: object) -> str:
    if isinstance(label, str):
        return label
    return "".join(p for p in label if isinstance(p, str)).strip()  # type: ignore[attr-defined]


class Narrator:
    """The spoken lines of one seat's table.

    ``name_of`` names a seat ("Anna", "You"), ``me`` is the seat of the player who
    listens, ``style`` the deck (its suit names).
    """

    def __init__(self, tr: Tr, name_of: Callable[[Seat], str], me: Seat | None,
                 style: str = "french") -> None:
        self.tr = tr
        self.name_of = name_of
        self.me = me
        self.style = style

    # ------------------------------------------------------------ what happens

    def lines(self, event: SeatEvent, table: SeatTable) -> list[str]:
        """What to say when ``event`` has been folded into ``table`` (maybe nothing)."""
        tr = self.tr
        if isinstance(event, Dealt):
            return [tr("speech.dealt", cards=self._hand(table))] if self.me is not None \
                else []
        if isinstance(event, BidMade):
            return [self._about("bids", event.seat, value=event.value)]
        if isinstance(event, BidHeld):
            return [self._about("holds", event.seat, value=event.value)]
        if isinstance(event, Passed):
            return [self._about("passes", event.seat)]
        if isinstance(event, AuctionWon):
            return [self._about("auction_won", event.seat, value=event.bid)]
        if isinstance(event, PassedIn):
            return [tr("speech.passed_in")]
        if isinstance(event, RamschStarted):
            return [tr("speech.ramsch")]
        if isinstance(event, SkatPicked):
            if event.seat == self.me and None not in event.cards:
                found = [c for c in event.cards if c is not None]
                return [tr("speech.skat_found", cards=cards_words(found, self.style, tr))]
            return [self._about("takes_skat", event.seat)]
        if isinstance(event, Declared):
            return [self._about("declares", event.seat, game=self._game(table))]
        if isinstance(event, KontraSaid):
            return [self._about("kontra", event.seat)]
        if isinstance(event, ReSaid):
            return [self._about("re", event.seat)]
        if isinstance(event, CardPlayed):
            return [self._about("plays", event.seat,
                       card=card_words(event.card, self.style, tr))]
        if isinstance(event, TrickWon):
            return [self._about("trick_won", event.seat, points=event.points)]
        if isinstance(event, DealScored):
            r = event.result
            if r.passed or r.declarer is None or table.contract is None or table.ramsch:
                return [tr("speech.deal_over")]
            key = "won" if r.won else "lost"
            return [self._about(f"result_{key}", r.declarer, game=self._game(table),
                                points=r.declarer_points, value=r.value)]
        if isinstance(event, Turn) and event.to_move == self.me and self.me is not None:
            return self.your_turn(table)
        return []

    def _about(self, key: str, seat: Seat, **fmt: object) -> str:
        """A line about what ``seat`` did: "Anna passes.", or "You pass." for the player."""
        if seat == self.me:
            return self.tr(f"speech.you.{key}", **fmt)
        return self.tr(f"speech.{key}", name=self.name_of(seat), **fmt)

    def your_turn(self, table: SeatTable) -> list[str]:
        """What the player must do now (bid, take the skat, declare, play which cards)."""
        from skatgame.engine.deal import Phase

        tr = self.tr
        phase = table.phase
        if phase is Phase.AUCTION:
            auction = table.auction()
            if auction.awaiting_answer:
                return [tr("speech.turn.answer", value=auction.bid)]
            bids = auction.legal_bids()
            return [tr("speech.turn.bid", value=bids[0] if bids else auction.bid)]
        if phase is Phase.SKAT:
            return [tr("speech.turn.skat")]
        if phase is Phase.DISCARD:
            return [tr("speech.turn.discard")]
        if phase is Phase.DECLARE:
            return [tr("speech.turn.declare")]
        if phase is Phase.KONTRA:
            return [tr("speech.turn.kontra")]
        if phase is not Phase.PLAY or self.me is None:
            return []
        playable = self.playable(table)
        trick = table.trick_cards()
        if not trick:
            what = tr("speech.turn.lead")
        elif all(c in playable for c in table.hand_cards(self.me)):
            what = tr("speech.turn.any") if len(trick) else tr("speech.turn.lead")
        else:
            what = tr("speech.turn.follow", suit=self._led(table, trick[0][1]))
        return [what, tr("speech.may_play", cards=cards_words(playable, self.style, tr))]

    def playable(self, table: SeatTable) -> list[Card]:
        """The cards the player may play now (all of them when leading)."""
        if self.me is None or table.contract is None:
            return []
        hand = table.hand_mask(self.me)
        trick = table.trick_cards()
        lead = trick[0][1] if trick else None
        return cards_of(legal_mask(table.contract.kind, hand, lead))

    def _led(self, table: SeatTable, lead: Card) -> str:
        """What was led, in the words of the suit to follow: "trumps" or the suit."""
        from skatgame.engine.rules import trump_mask

        assert table.contract is not None
        if trump_mask(table.contract.kind) >> lead & 1:
            return self.tr("speech.trumps")
        deck = "german" if self.style == "german" else "french"
        return self.tr(f"speech.suit.{deck}.{SUIT_WORDS[lead >> 3]}")

    def _game(self, table: SeatTable) -> str:
        if table.contract is None:
            return ""
        if table.contract.kind == GameKind.RAMSCH:
            return self.tr("speech.ramsch")
        return _plain(contract_label(table.contract, self.style, self.tr))

    def _hand(self, table: SeatTable) -> str:
        assert self.me is not None
        return cards_words(table.hand_cards(self.me), self.style, self.tr)

    # ------------------------------------------------------------ asked again

    def hand(self, table: SeatTable) -> str:
        """The player's cards."""
        if self.me is None:
            return self.tr("speech.no_hand")
        return self.tr("speech.hand", cards=self._hand(table))

    def trick(self, table: SeatTable) -> str:
        """The cards in the trick and who played them."""
        tr = self.tr
        trick = table.trick_cards()
        if not trick:
            return tr("speech.trick_empty")
        return tr("speech.trick", cards=", ".join(
            tr("speech.played_by", name=self.name_of(s), card=card_words(c, self.style, tr))
            for s, c in trick))

    def score(self, table: SeatTable) -> str:
        """The game, the declarer and the card points taken so far."""
        tr = self.tr
        if table.contract is None or table.declarer is None:
            return tr("speech.score_auction", value=table.auction().bid)
        points = [sum(CARD_POINTS[c] for t in table.piles[s]
                      if (c := table.faces[t]) is not None) for s in range(3)]
        mine = points[table.declarer]
        return about(tr, "speech.score", self.name_of(table.declarer), game=self._game(table),
                     declarer=mine, defenders=sum(points) - mine)

    def last_trick(self, table: SeatTable) -> str:
        """The last trick taken: its cards and who took it."""
        tr = self.tr
        last = table.last_trick
        if last is None:
            return tr("speech.no_last_trick")
        seats = [Seat((last.leader + i) % 3) for i in range(3)]
        cards = ", ".join(tr("speech.played_by", name=self.name_of(s),
                             card=card_words(c, self.style, tr))
                          for s, c in zip(seats, last.cards, strict=True))
        return about(tr, "speech.last_trick", self.name_of(last.seat), cards=cards,
                     points=last.points)
