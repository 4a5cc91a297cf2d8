"""The deal's log in words: the auction, the skat, the game, Kontra and Re, every
trick with its cards and winner, a concession or claim and the score.

It is read from one seat's fold (:attr:`SeatTable.log`), so it says only what that
seat has learnt: another player's skat and the cards he put away stay unnamed, and
the same log comes out at a table across the network.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from skatgame.engine.cards import Card
from skatgame.engine.events import (
    AuctionWon,
    BidHeld,
    BidMade,
    CardPlayed,
    Claimed,
    Conceded,
    DealScored,
    Declared,
    HandShown,
    KontraSaid,
    Passed,
    PassedIn,
    RamschStarted,
    ReSaid,
    SkatPushed,
    TrickWon,
)
from skatgame.engine.rules import GameKind
from skatgame.engine.scoring import DealResult, seeger_fabian
from skatgame.engine.seats import SEATS, Seat
from skatgame.table.i18n import Tr
from skatgame.table.labels import Label, Part
from skatgame.table.seatview import PutAway, SeatTable, SkatPicked
from skatgame.table.texts import call_text, card_parts, contract_label, signed

__all__ = ["About", "LogLine", "claim_verdict", "deal_log"]

About = Callable[..., str]
"""``about(key, seat, **fmt)``: a text about a seat (``key.you`` for the human)."""

#: put into a template where a label with suit signs goes
_MARK = "\x00"


class LogLine(NamedTuple):
    """One line of the log; ``heading`` starts a part (Auction, Skat, Game, Tricks)."""

    text: Label
    heading: bool = False


def _fill(template: str, parts: tuple[Part, ...]) -> Label:
    """``template`` with ``parts`` where :data:`_MARK` stands."""
    before, _, after = template.partition(_MARK)
    return tuple(p for p in (before, *parts, after) if p != "")


def _cards(cards: tuple[Card, ...], style: str, german_indices: bool) -> tuple[Part, ...]:
    out: list[Part] = []
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.extend(card_parts(c, style, german_indices))
    return tuple(out)


class _Writer:
    def __init__(self, tr: Tr, about: About, name: Callable[[Seat], str], style: str,
                 german_indices: bool, list_kind: str, players: int) -> None:
        self.tr, self.about, self.name = tr, about, name
        self.style, self.german = style, german_indices
        self.list_kind, self.players = list_kind, players
        self.kontra = False  # a Kontra was said: the next "no" is no Re
        self.lines: list[LogLine] = []
        self.part = ""
        self.trick: list[tuple[Seat, Card]] = []
        self.tricks = 0

    def heading(self, key: str) -> None:
        if self.part != key:
            self.part = key
            self.lines.append(LogLine(self.tr(key), True))

    def line(self, text: Label) -> None:
        self.lines.append(LogLine(text))

    def says(self, seat: Seat, words: str) -> None:
        self.line(self.tr("log.says", player=self.name(seat), words=words))

    def cards(self, cards: tuple[Card, ...]) -> tuple[Part, ...]:
        return _cards(cards, self.style, self.german)

    def trick_line(self, winner: Seat | None, points: int = 0) -> None:
        parts: list[Part] = [f"{self.tricks + 1}. "]
        for i, (seat, card) in enumerate(self.trick):
            if i:
                parts.append(" · ")
            parts += [self.name(seat), " ", *self.cards((card,))]
        if winner is not None:
            parts.append(self.about("log.trick_to", winner, points=points))
        self.line(tuple(parts))


def deal_log(table: SeatTable, tr: Tr, about: About, name: Callable[[Seat], str],
             style: str = "french", german_indices: bool = False,
             list_kind: str = "plain", players: int = 3) -> list[LogLine]:
    """The log of the deal as ``table``'s viewer has learnt it, line by line; its result
    names the game's value and the change on the list of ``list_kind`` (``"plain"`` or
    ``"seeger-fabian"``) at a table of ``players``."""
    w = _Writer(tr, about, name, style, german_indices, list_kind, players)
    for e in table.log:
        _write(w, e, table)
    if w.trick:  # the trick on the table
        w.trick_line(None)
    return w.lines


def _write(w: _Writer, e: object, table: SeatTable) -> None:  # noqa: C901 (one case each)
    tr = w.tr
    match e:
        case BidMade(seat, value):
            w.heading("log.auction")
            w.says(Seat(seat), call_text(value, tr))
        case BidHeld(seat, value):
            w.heading("log.auction")
            w.says(Seat(seat), tr("auction.yes_value", value=value))
        case Passed(seat) if w.part == "log.auction" or not w.lines:
            w.heading("log.auction")
            w.says(Seat(seat), call_text("p", tr))
        case Passed(seat) if w.part == "log.game":  # after the declaration
            w.says(Seat(seat), tr("table.no_re" if w.kontra else "table.no_kontra"))
        case Passed():
            pass
        case AuctionWon(seat, bid):
            w.line(w.about("table.plays_for", seat, bid=bid))
        case PassedIn():
            w.line(tr("auction.all_passed"))
        case RamschStarted():
            w.heading("log.game")
            w.line(tr("table.ramsch"))
        case SkatPicked(seat, cards):
            w.heading("log.skat")
            known = tuple(c for c in cards if c is not None)
            if len(known) == 2:
                w.line(_fill(w.about("log.picked_cards", seat, cards=_MARK), w.cards(known)))
            else:
                w.line(w.about("log.picked", seat))
        case PutAway(seat, cards):
            w.heading("log.skat")
            known = tuple(c for c in cards if c is not None)
            if len(known) == 2:
                w.line(_fill(w.about("log.put_away_cards", seat, cards=_MARK),
                             w.cards(known)))
            else:
                w.line(w.about("log.put_away", seat))
        case SkatPushed(seat):
            w.heading("log.skat")
            w.line(w.about("log.pushed", seat))
        case Declared(seat, contract):
            w.heading("log.game")
            label = contract_label(contract, w.style, tr)
            parts = label if isinstance(label, tuple) else (label,)
            w.line(_fill(w.about("log.declared", seat, game=_MARK), parts))
        case HandShown(seat, _cards):
            w.line(w.about("log.open", seat))
        case KontraSaid(seat):
            w.kontra = True
            w.says(Seat(seat), tr("game.kontra"))
        case ReSaid(seat):
            w.says(Seat(seat), tr("game.re"))
        case CardPlayed(seat, card):
            w.heading("log.tricks")
            w.trick.append((Seat(seat), card))
        case TrickWon(seat, _leader, _cards, points):
            w.trick_line(Seat(seat), points)
            w.trick = []
            w.tricks += 1
        case Conceded(seat):
            w.heading("log.end")
            w.line(w.about("table.conceded", seat))
        case Claimed(seat, valid):
            w.heading("log.end")
            w.line(w.about("table.claimed", seat))
            w.line(claim_verdict(table, Seat(seat), valid, tr, w.about, w.name))
        case DealScored(r) if r.declarer is not None and r.contract is not None \
                and r.contract.kind != GameKind.RAMSCH:
            w.heading("log.end")
            _result_lines(w, r, table)
        case _:
            pass


def _result_lines(w: _Writer, r: DealResult, table: SeatTable) -> None:
    """Who won with how many points, what marked the game (Schneider, Schwarz, Kontra,
    Re), its value and what it changed on the list: the figures of the results panel."""
    tr = w.tr
    assert r.declarer is not None and r.contract is not None
    worth = "" if r.contract.kind == GameKind.NULL else \
        tr("log.points", points=r.declarer_points)
    marks = [tr("game.schwarz") if r.schwarz else tr("game.schneider")] \
        if r.schneider or r.schwarz else []
    if table.kontra:
        marks.append(tr("game.re" if table.kontra > 1 else "game.kontra"))
    if marks:
        worth += tr("log.marks", marks=", ".join(marks))
    w.line(w.about("log.won" if r.won else "log.lost", r.declarer, points=worth,
                   value=r.game_value))
    if w.list_kind != "seeger-fabian":
        w.line(tr("log.list_plain", change=signed(r.value)))
        return
    change = seeger_fabian(r, w.players)
    if r.won:
        w.line(tr("log.list_sf", change=signed(change[r.declarer])))
    else:
        bonus = 40 if w.players == 3 else 30
        w.line(tr("log.list_sf_lost", change=signed(change[r.declarer]), bonus=bonus))


def claim_verdict(table: SeatTable, claimant: Seat, valid: bool, tr: Tr, about: About,
                  name: Callable[[Seat], str]) -> str:
    """How the rules judged ``claimant``'s claim and to whom the remaining tricks go,
    named from ``table``'s viewer: "to you", "to you two" (his side), or by name."""
    declarer = table.declarer
    to_declarer = (claimant == declarer) == valid
    if declarer is None or to_declarer:
        side = about("log.to_one", claimant if declarer is None else declarer)
    else:
        first, second = sorted((s for s in SEATS if s != declarer),
                               key=lambda s: s != table.viewer)
        side = about("log.to_two", first, partner=name(second))
    return tr("log.claim_right" if valid else "log.claim_wrong", side=side)
