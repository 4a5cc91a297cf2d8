"""The review of a deal at the table, without a screen: what the review scene shows.

A :class:`ReviewSource` is a finished deal's record with the names at its
seats, the human's seat and the seeds the fair view asks the Expert with: a
computer player's own seed (its own choices are never mistakes), the hints'
seed for a human (:data:`~skatgame.ai.hints.HINT_SEED`: the card a hint
recommended is the fair view's best card, with the same chances). A
:class:`ReviewModel` replays it, keeps the cursor (which card is looked at),
takes the analysis as the worker sends it (the open-cards view of the whole
deal first, then the fair view card by card) and writes the texts: the
verdict, the key decisions, both views of the card at the cursor, the null
game's line. The analysis itself is :mod:`skatgame.ai.review`; the jobs the
worker runs are :func:`open_review` and :func:`card_estimate`.

No pygame here.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from skatgame.ai.doublings import Doubling, doubling_decisions
from skatgame.ai.hints import HINT_SEED
from skatgame.ai.review import (
    DealReview,
    FairSettings,
    InformedView,
    KeyDecision,
    PlayStep,
    ReviewError,
    ReviewReason,
    check_reviewable,
    informed_view,
    play_steps,
    review_deal,
    summarise,
    with_keeps,
)
from skatgame.engine.actions import Play
from skatgame.engine.cards import Card, Mask, parse_card
from skatgame.engine.deal import Deal
from skatgame.engine.events import CardPlayed
from skatgame.engine.observation import Observation
from skatgame.engine.records import RecordError, deal_from_record, deal_to_record
from skatgame.engine.rules import GameKind
from skatgame.engine.seats import SEATS, Seat
from skatgame.table.i18n import Tr
from skatgame.table.names import is_you as default_name
from skatgame.table.seatview import EVERYONE, SeatTable, fold, redact
from skatgame.table.texts import card_parts

__all__ = ["FAIR_SETTINGS", "ReviewModel", "ReviewSource", "card_estimate", "card_name",
           "cannot_review_key", "fair_seed", "open_review", "source_of_deal",
           "source_of_record"]

#: How the worker's fair view estimates: the Expert as it plays, on one solver thread so
#: that the window keeps a core to itself (the estimate does not depend on the threads;
#: tests make the Expert smaller).
FAIR_SETTINGS = FairSettings(threads=1)

#: Suit symbols; the screen draws them as the chosen deck's vector signs.
_SUIT_CHARS = "♣♠♥♦"


def card_name(card: Card, style: str, german_indices: bool) -> str:
    """A card as text: its suit symbol and the deck's corner index ("♥10", "♣B")."""
    sign, index = card_parts(card, style, german_indices)
    return _SUIT_CHARS[sign.suit] + index


#: What the screen says when a deal cannot be reviewed, by the reason (else "other").
_CANNOT_KEYS = {
    ReviewReason.PASSED_IN: "review.cannot.passed",
    ReviewReason.NO_CARDS: "review.cannot.no_cards",
    ReviewReason.RAMSCH: "review.cannot.ramsch",
}


def cannot_review_key(reason: ReviewReason) -> str:
    """The text key of why a deal cannot be reviewed (the review's message)."""
    return _CANNOT_KEYS.get(reason, "review.cannot.other")


# ------------------------------------------------------------ the deal to review


@dataclass(frozen=True)
class ReviewSource:
    """A finished deal to review: its record and who sat where.

    ``names`` and ``levels`` are per player of the list (level ``None``: the
    human), ``seat_players`` the players at Forehand, Middlehand and
    Rearhand; ``seeds`` the fair view's seed per deal seat; ``number`` the
    deal's number in its list (None: a practice deal).
    """

    record: dict[str, Any]
    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    seat_players: tuple[int, int, int]
    seeds: tuple[str, str, str]
    number: int | None = None

    def name(self, seat: int) -> str:
        return self.names[self.seat_players[seat]]

    def level(self, seat: int) -> str | None:
        return self.levels[self.seat_players[seat]]

    @property
    def human(self) -> int | None:
        """The human's deal seat (None: computers only)."""
        return next((s for s in range(3) if self.level(s) is None), None)

    def table(self) -> tuple[list[str], list[str | None], tuple[int, int, int]]:
        """Names and levels of the three players in the deal and their seats, numbered
        for a table of three (the human first): to play the deal again."""
        active = sorted(self.seat_players, key=lambda p: (self.levels[p] is not None, p))
        number = {p: i for i, p in enumerate(active)}
        seats = tuple(number[p] for p in self.seat_players)
        return ([self.names[p] for p in active], [self.levels[p] for p in active],
                (seats[0], seats[1], seats[2]))


def source_of_record(record: dict[str, Any], names: list[str] | tuple[str, ...],
                     levels: list[str | None] | tuple[str | None, ...],
                     number: int | None = None) -> ReviewSource:
    """The source of a deal record of a list (``names``/``levels`` per player).

    The record's ``seat_players`` say who sat where (a record without them:
    player ``i`` at seat ``i``); its ``seed`` gives the computer players' seeds. A
    human's seat is looked at with the hints' seed (:func:`fair_seed`).
    """
    seats = record.get("seat_players")
    if not (isinstance(seats, list) and len(seats) == 3 and len(set(seats)) == 3
            and all(type(p) is int and 0 <= p < len(names) for p in seats)):
        seats = [0, 1, 2]
    base = record.get("seed")
    seeds = tuple(fair_seed(base, s, levels[seats[s]]) for s in range(3))
    return ReviewSource(record, tuple(names), tuple(levels), (seats[0], seats[1], seats[2]),
                        (seeds[0], seeds[1], seeds[2]), number)


def fair_seed(base: object, seat: int, level: str | None) -> str:
    """The seed the fair view asks the Expert with for the cards of ``seat``: the seed
    the computer player of ``level`` played with (the deal's ``base`` seed), for a
    human (``level`` None) the hints' seed, so that the review and a hint asked at the
    same position agree on the best card and its chance."""
    if level is None:
        return HINT_SEED
    return f"{base}:{seat}:act" if base is not None else f"review:{seat}"


def source_of_deal(deal: Deal, seat_players: tuple[int, int, int], names: list[str],
                   levels: list[str | None], seed: str | None,
                   number: int | None = None) -> ReviewSource:
    """The source of a deal at the table (e.g. a practice deal, never recorded)."""
    record = deal_to_record(deal, seed=seed, extra={"seat_players": list(seat_players)})
    return source_of_record(record, names, levels, number)


# ------------------------------------------------------------ the worker's jobs


def open_review(record: dict[str, Any], human: int | None = None) -> DealReview:
    """The open-cards review of a deal record (for the worker); with the Kontra and Re
    decisions of the ``human``'s seat (None: none looked at), as his hints gave them.

    The cards that turned the outcome get their ``keeps`` now, so that
    summarising again as the fair view fills in needs no search.
    """
    deal = deal_from_record(record)
    review = review_deal(deal, fair=False)
    if human is not None:
        review.doublings = doubling_decisions(deal, human, HINT_SEED)
    steps = play_steps(deal)
    cards = review.cards
    flips = [i for i, c in enumerate(cards)
             if _won(c.before, review.null, review.target)
             != _won(c.after, review.null, review.target)]
    with_keeps(cards, steps, flips)
    return review


def card_estimate(obs: Observation, played: Card, seed: str) -> InformedView | None:
    """The fair view of one card (for the worker)."""
    return informed_view(obs, played, seed, FAIR_SETTINGS)


def _won(value: int, null: bool, target: int) -> bool:
    return value == 0 if null else value >= target


# ------------------------------------------------------------ the model


class ReviewModel:
    """A deal under review: the cursor, the analysis as it comes in, the texts.

    The cursor ``index`` is a card played (0-based): the screen shows the
    position just before it, the card marked in its player's hand. Raises
    :class:`~skatgame.engine.records.RecordError` or
    :class:`~skatgame.ai.review.ReviewError` for a deal that cannot be reviewed.
    """

    def __init__(self, source: ReviewSource) -> None:
        self.source = source
        self.deal = deal_from_record(source.record)
        if self.deal.result is None:
            raise RecordError("the deal is not finished")
        check_reviewable(self.deal)
        self.steps: list[PlayStep] = play_steps(self.deal)
        if not self.steps:
            raise ReviewError(ReviewReason.NO_CARDS)
        self.forced = [len(s.position.legal_moves()) == 1 for s in self.steps]
        self.review: DealReview | None = None
        self.estimated: set[int] = set()  # cards whose fair view is in (or failed)
        self.failed = False  # the worker could not analyse the deal
        self.index = 0
        self._early: dict[int, InformedView | None] = {}  # estimates before the open view
        self._table: tuple[int, SeatTable] | None = None  # the table at the cursor

    # ------------------------------------------------------------ facts

    @property
    def declarer(self) -> int:
        d = self.deal.declarer
        assert d is not None
        return d

    @property
    def null(self) -> bool:
        c = self.deal.contract
        return c is not None and c.kind == GameKind.NULL

    @property
    def count(self) -> int:
        """Cards played."""
        return len(self.steps)

    @property
    def step(self) -> PlayStep:
        return self.steps[self.index]

    def decisions(self) -> list[int]:
        """The cards with a choice (more than one legal card): the fair view's jobs."""
        return [i for i in range(self.count) if not self.forced[i]]

    @property
    def progress(self) -> tuple[int, int]:
        """(cards estimated, cards to estimate) of the fair view."""
        return len(self.estimated), len(self.decisions())

    @property
    def fair_done(self) -> bool:
        done, total = self.progress
        return done >= total

    # ------------------------------------------------------------ the analysis coming in

    def set_open(self, review: DealReview | None) -> None:
        """The worker's open-cards review (None: it failed)."""
        if review is None:
            self.failed = True
            return
        self.review = review
        for i in self.estimated:  # estimates that came first (they never do, but be safe)
            review.cards[i] = replace(review.cards[i], informed=self._early.get(i))
        summarise(review, self.steps)

    def set_informed(self, index: int, view: InformedView | None) -> None:
        """The fair view of card ``index`` (None: it could not be estimated)."""
        self.estimated.add(index)
        if self.review is None:
            self._early[index] = view
            return
        cards = self.review.cards
        cards[index] = replace(cards[index], informed=view)
        summarise(self.review, self.steps)

    def as_estimating(self) -> ReviewModel:
        """This deal's review as it looked while the fair view still estimated: the open
        view in, no card's estimate yet, the cursor where it is (for the gallery and the
        tests of the words that must not change when the figures come in)."""
        assert self.review is not None
        early = ReviewModel(self.source)
        first = copy.copy(self.review)
        first.cards = [replace(c, informed=None) for c in self.review.cards]
        early.set_open(first)
        early.go(self.index)
        return early

    # ------------------------------------------------------------ the cursor

    def go(self, index: int) -> None:
        """Put the cursor on card ``index`` (kept inside the deal)."""
        self.index = max(0, min(self.count - 1, index))

    def move(self, by: int) -> None:
        self.go(self.index + by)

    def trick_start(self, trick: int) -> int:
        """The index of the first card of ``trick`` (1-based; clamped)."""
        for s in self.steps:
            if s.trick >= trick:
                return s.index
        return self.count - 1

    def table(self) -> SeatTable:
        """The table just before the card at the cursor, every card face up: the fold of
        the deal's events up to it (as any table is shown)."""
        index = self.index
        if self._table is None or self._table[0] != index:
            events = []
            played = 0
            for e in self.deal.events:
                if isinstance(e, CardPlayed):
                    if played == index:
                        break
                    played += 1
                events.append(redact(e, EVERYONE, self.deal))
            self._table = (index, fold(EVERYONE, events))
        return self._table[1]

    def hands(self) -> tuple[Mask, Mask, Mask]:
        """Every seat's cards just before the card at the cursor."""
        t = self.table()
        return (t.hand_mask(SEATS[0]), t.hand_mask(SEATS[1]), t.hand_mask(SEATS[2]))

    def trick_cards(self) -> list[tuple[Seat, Card]]:
        """(seat, card) of the trick on the table just before the card at the cursor."""
        return self.table().trick_cards()

    def tricks_taken(self) -> list[int]:
        """Tricks each seat has taken before the card at the cursor."""
        t = self.table()
        return [t.tricks_won(s) for s in SEATS]

    def key_decisions(self) -> list[KeyDecision]:
        """The key decisions: the human's Kontra or Re first (before the first card), then
        the cards."""
        if self.review is None:
            return []
        first = self.steps[0]
        doublings = [KeyDecision(first.index, 0, d.seat, first.card, d.cost, False,
                                 d.said != d.advised, None, d.chance, None, d)
                     for d in self.review.doublings]
        return doublings + list(self.review.key_decisions)

    def turning_point(self) -> int | None:
        """The one turning point the screen marks (verdict, key decisions, timeline): the
        card the verdict names when it names a mistake, else the card after which the
        outcome with all cards open no longer changed."""
        r = self.review
        if r is None:
            return None
        p = r.verdict.params
        if r.verdict.key in ("mistake", "let_through"):
            found = self._played_index(int(p["trick"]), int(p["seat"]), p["card"])
            if found is not None:
                return found
        return r.turning_point

    def _played_index(self, trick: int, seat: int, card: str) -> int | None:
        """The index of the card (ISS name) ``seat`` played in ``trick`` (None: none)."""
        played = parse_card(card)
        return next((s.index for s in self.steps
                     if s.trick == trick and s.seat == seat and s.card == played), None)

    def _knew(self, index: int, seat: int, tr: Tr) -> str | None:
        """Where the fair view calls card ``index`` no mistake: what its player knew made
        it right ("right with what you knew", "no clear mistake with what could be
        known"); None where it is a mistake or not estimated yet."""
        kind = self._cost_kind(index)
        if kind == ".cost":
            return None
        return tr(f"review.knew{kind}" + (".you" if self.is_you(seat, tr) else ""))

    def replay_deal(self, trick: int | None) -> Deal:
        """The same deal again for practice: from the dealing (``trick`` None) or with
        the game and the tricks before ``trick`` as they were played."""
        d = self.deal
        if trick is None:
            return d.replayed(0)
        plays = [i for i, (_, action) in enumerate(d.history) if isinstance(action, Play)]
        first = 3 * (max(1, trick) - 1)  # the trick's first card (past the end: all of it)
        return d.replayed(plays[first] if first < len(plays) else None)

    # ------------------------------------------------------------ texts

    def is_you(self, seat: int, tr: Tr) -> bool:
        """Whether the seat's player is the human named "You" (as the table names him
        when he gave no name of his own)."""
        return self.source.level(seat) is None and default_name(self.source.name(seat))

    def who(self, seat: int, tr: Tr) -> str:
        """A seat's player as the table names him: "You" for a human without a name."""
        return tr("table.you") if self.is_you(seat, tr) else self.source.name(seat)

    def who_by(self, seat: int, tr: Tr) -> str:
        """A seat's player after "by" ("von dir" for the human in German)."""
        return tr("review.by_you") if self.is_you(seat, tr) else self.source.name(seat)

    def verdict_text(self, tr: Tr, style: str, gi: bool) -> str:
        """The one-line verdict in the current language (a line while it is worked out),
        marked "estimating…" while the fair view's figures still come in."""
        r = self.review
        if r is None:
            return tr("review.failed") if self.failed else tr("review.working")
        text = self._verdict_words(r, tr, style, gi)
        costly = [d for d in r.doublings if d.cost > 0]
        if costly:  # a doubling that cost: the costliest decision unless a card decided it
            d = max(costly, key=lambda d: d.cost)
            said = tr("review.verdict.doubling" + (".you" if self.is_you(d.seat, tr) else ""),
                      player=self.who(d.seat, tr), call=tr(f"review.doubling.{d.call}"),
                      n=d.cost, game=self._game(tr),
                      value=_signed(d.with_value), plain=_signed(d.without_value))
            text = f"{text} {said}" if r.verdict.key in ("mistake", "let_through") \
                else f"{said} {text}"
        return text if self.fair_done else f"{text} {tr('review.verdict.estimating')}"

    def _verdict_words(self, r: DealReview, tr: Tr, style: str, gi: bool) -> str:
        v = r.verdict
        p = v.params
        name = _namer(style, gi)
        if v.key == "overbid":
            return tr("review.verdict.overbid")
        if v.key in ("mistake", "let_through"):
            seat = int(p["seat"])
            you = ".you" if self.is_you(seat, tr) else ""
            turn = self.turning_point()
            if turn is not None and _won(r.cards[turn].before, r.null, r.target) == r.won:
                # with all cards open the outcome was settled before this card: its
                # panel says it kept the value, so the verdict does not call it the cause
                you = ".anyway" + you
            return tr(f"review.verdict.{v.key}{you}", player=self.who(seat, tr),
                      trick=p["trick"], card=name(p["card"]), best=name(p["best"]),
                      a=_pct(p["chance_best"]), b=_pct(p["chance_played"]))
        if v.key in ("bad_luck", "long_odds", "turned"):
            keeps = either([name(k) for k in p.get("keeps", [])], tr)
            seat = int(p["seat"])
            index = self._played_index(int(p["trick"]), seat, p["card"])
            knew = None if index is None else self._knew(index, seat, tr)
            if knew is not None:  # the card was right by what its player knew: not a fault
                turned = tr("review.verdict.open_only" + (".you" if self.is_you(seat, tr)
                                                          else ""),
                            trick=p["trick"], card=name(p["card"]), player=self.who(seat, tr),
                            knew=knew, cards=keeps or tr("review.another_card"))
            else:
                turned = tr("review.verdict.turned", trick=p["trick"], card=name(p["card"]),
                            player=self.who_by(seat, tr))
                if keeps:
                    turned += " " + tr("review.verdict.keeps", cards=keeps)
            if v.key == "turned":
                return turned
            # the losing side's highest chance, as its card's panel shows it
            side = "defenders" if p["won"] else "declarer"
            return tr(f"review.verdict.{v.key}.{side}", a=_pct(p["peak_chance"]),
                      trick=p["peak_trick"]) + " " + turned
        text = tr("review.verdict.decided_won" if p.get("won") else "review.verdict.decided_lost")
        if "peak_chance" in p:  # the losing side was favourite by what it knew: said
            side = "defenders" if p["won"] else "declarer"
            text += " " + tr(f"review.verdict.favourite.{side}", a=_pct(p["peak_chance"]),
                             trick=p["peak_trick"])
        return text

    def null_text(self, tr: Tr, style: str, gi: bool) -> str | None:
        """Null: whether the declarer could be forced to take a trick, and which card
        allowed it (or let him escape). None for other games and before the analysis."""
        r = self.review
        if not self.null or r is None or not r.cards:
            return None
        first, last = r.cards[0].before, r.cards[-1].after
        turn = r.turning_point
        if turn is None:
            return tr("review.null.always" if first else "review.null.never")
        c = r.cards[turn]
        fmt = {"card": card_name(c.card, style, gi), "trick": c.trick,
               "player": self.who_by(c.seat, tr)}
        return tr("review.null.allowed" if last else "review.null.escaped", **fmt)

    def decision_text(self, k: KeyDecision, tr: Tr, style: str, gi: bool) -> str:
        """One key decision in a line, in the same words while the fair view is still
        estimating and after: "Trick 4 · You: ♥A · <what the player knew> · <what it did
        with all cards open>". The first part says "estimating…" until the card's fair
        view is in, then "a mistake instead of ♣J (declarer 80% › 35%)", "the Expert's
        card" or "no clear mistake" (nothing where it has no word); the second, the same
        in both states: "decided the game" (the turning point), "changed the outcome", or
        "gave away 8 points" (open cards)."""
        if k.doubling is not None:
            return self.doubling_text(k.doubling, tr)
        fmt = {"trick": k.trick, "player": self.who(k.seat, tr),
               "card": card_name(k.card, style, gi)}
        parts = [tr("review.decision.head", **fmt)]
        fair = self._fair_word(k, tr, style, gi)
        if fair:
            parts.append(fair)
        knew = self._knew(k.index, k.seat, tr) if k.decided else None
        if knew is not None and self.review is not None:
            # right by what the player knew: only the open cards show another card kept it
            keeps = either([card_name(c, style, gi) for c in self.review.cards[k.index].keeps],
                           tr)
            parts[1:] = [tr("review.decision.open_only", knew=knew,
                            cards=keeps or tr("review.another_card"))]
        elif k.decided:
            parts.append(tr("review.decision.decided" if k.index == self.turning_point()
                            else "review.decision.swung"))
        elif k.cost > 0 and not self.null:
            c = self.review.cards[k.index] if self.review is not None else None
            schneider = c is not None and (c.before >= 90, c.before > 30) != (
                c.after >= 90, c.after > 30)  # listed for the schneider it changed: said
            parts.append(counted(tr, "review.decision.schneider" if schneider
                                 else "review.decision.cost", k.cost))
        return " · ".join(parts)

    def doubling_text(self, d: Doubling, tr: Tr) -> str:
        """A Kontra or Re as a key decision: "Before trick 1 · You: Kontra · the defenders'
        chance 13% (hint: too risky) · cost 132 on the list: Ben's game +176 instead of
        +44"."""
        parts = [tr("review.decision.doubling", player=self.who(d.seat, tr),
                    call=tr(f"review.doubling.{d.call}"))]
        if d.chance is not None:
            side = "declarer" if d.seat == self.declarer else "defenders"
            parts.append(tr(f"review.doubling.chance.{side}", a=_pct(d.chance))
                         + " " + tr("review.doubling.advised" if d.advised
                                    else "review.doubling.not_advised"))
        effect = "cost" if d.cost > 0 else "missed" if not d.said else "gained"
        parts.append(tr(f"review.doubling.{effect}", n=abs(d.cost),
                        game=self._game(tr), value=_signed(d.with_value),
                        plain=_signed(d.without_value)))
        return " · ".join(parts)

    def _game(self, tr: Tr) -> str:
        """The declarer's game on the list: "your game", "Ben's game"."""
        if self.is_you(self.declarer, tr):
            return tr("review.doubling.game.you")
        return tr("review.doubling.game", player=self.who(self.declarer, tr))

    def _fair_word(self, k: KeyDecision, tr: Tr, style: str, gi: bool) -> str:
        """What the fair view says of a key decision's card ("" where it says nothing):
        "estimating…" until it is in."""
        if k.index not in self.estimated and not self.forced[k.index]:
            return tr("review.decision.estimating")
        if k.mistake and k.best is not None:
            chance = ""
            if k.chance_best is not None:  # whose chance: the side of the card's player
                side = "declarer" if k.seat == self.declarer else "defenders"
                chance = tr(f"review.decision.chance.{side}", a=_pct(k.chance_best),
                            b=_pct(k.chance_played or 0.0))
            return tr("review.decision.mistake" if chance else "review.decision.mistake.plain",
                      best=card_name(k.best, style, gi), chance=chance)
        kind = self._cost_kind(k.index)
        return "" if kind == ".cost" else tr(f"review.decision{kind}")

    def _cost_kind(self, index: int) -> str:
        """The key ending for what card ``index`` gave away with all cards open: a plain
        cost (``.cost``) unless the fair view is in and calls it no mistake, then what
        the hidden cards allowed: the Expert's (and the hint's) own card (``.allowed``)
        or a card not clearly worse (``.hidden``). A card the hint recommended is never
        put as the player's mistake."""
        inf = None if self.review is None else self.review.cards[index].informed
        if inf is None or not inf.win_chance or inf.mistake:
            return ".cost"
        return ".allowed" if inf.best == self.steps[index].card else ".hidden"

    def open_lines(self, tr: Tr) -> list[str]:
        """The open-cards view of the card at the cursor, line by line."""
        r = self.review
        if r is None:
            return [tr("review.failed") if self.failed else tr("review.working")]
        c = r.cards[self.index]
        if self.null:
            word = {0: tr("review.no"), 1: tr("review.yes")}
            lines = [tr("review.open.null", before=word[c.before], after=word[c.after])]
        else:
            lines = [tr("review.open.points", before=c.before, after=c.after,
                        target=r.target)]
        if c.cost <= 0:
            lines.append(tr("review.open.kept"))
        elif _won(c.before, r.null, r.target) != _won(c.after, r.null, r.target):
            lines.append(tr(_decided_key(c.declarer_side, r.null)))
        else:
            lines.append(counted(tr, "review.open.cost", c.cost))
        if c.cost > 0 and self._cost_kind(self.index) != ".cost":
            # no mistake by what the player knew: the open cards' loss is the cards' doing
            lines.append(tr(f"review.open{self._cost_kind(self.index)}"))
        return lines

    def no_blame(self) -> bool:
        """Whether the card at the cursor lost value with all cards open though the fair
        view calls it no mistake (its open-cards lines say so, not as a fault)."""
        r = self.review
        return r is not None and r.cards[self.index].cost > 0 \
            and self._cost_kind(self.index) != ".cost"

    def open_keeps(self, style: str, gi: bool, tr: Tr) -> str:
        """The cards that would have kept the value at the cursor ("" when unknown or none)."""
        r = self.review
        if r is None:
            return ""
        return either([card_name(k, style, gi) for k in r.cards[self.index].keeps], tr)

    def informed(self) -> InformedView | None:
        """The fair view at the cursor (None: forced, or not in yet)."""
        r = self.review
        return None if r is None else r.cards[self.index].informed

    def informed_head(self, tr: Tr, short: bool = False) -> str:
        """The fair view's heading line at the cursor; ``short``: without the number of
        deals sampled (for a line too narrow for it)."""
        i = self.index
        if self.forced[i]:
            return tr("review.fair.forced")
        if i not in self.estimated or self.review is None:
            done, total = self.progress
            return tr("review.fair.working", done=done, total=total)
        inf = self.informed()
        if inf is None or not inf.win_chance:
            return tr("review.fair.none")
        side = tr("review.side.declarer") if self.step.seat == self.declarer else \
            tr("review.side.defenders")
        return tr("review.fair.head_short" if short else "review.fair.head",
                  worlds=inf.worlds, side=side)

    def informed_rows(self) -> list[tuple[Card, float, bool, bool, float | None]]:
        """(card, win chance, is the Expert's card, is the card played, the declarer's
        expected card points or None), best first."""
        inf = self.informed()
        if inf is None or not inf.win_chance:
            return []
        played = self.step.card
        rows = [(c, p, c == inf.best, c == played, inf.expected_points.get(c))
                for c, p in inf.win_chance.items()]
        rows.sort(key=lambda r: (-r[1], not r[2], r[0]))
        return rows

    def informed_verdict(self, tr: Tr, style: str, gi: bool,
                         name: Callable[[Card], str] | None = None,
                         short: bool = False) -> str:
        """The fair view's word on the card played at the cursor ("" when there is none);
        ``name``: how a card is named (default :func:`card_name`; in words for speech);
        ``short``: a mistake without its chances (the view's bars show them)."""
        inf = self.informed()
        if inf is None or not inf.win_chance:
            return ""
        played = self.step.card
        if played == inf.best:
            return tr("review.fair.best")
        if name is None:
            def name(c: Card) -> str:
                return card_name(c, style, gi)
        if inf.mistake and short:
            return tr("review.fair.mistake_short", card=name(played), best=name(inf.best))
        if inf.mistake:
            return tr("review.fair.mistake", card=name(played), best=name(inf.best),
                      a=_pct(inf.win_chance.get(inf.best, 0.0)),
                      b=_pct(inf.win_chance.get(played, 0.0)))
        return tr("review.fair.fine")


def either(names: list[str], tr: Tr) -> str:
    """"♣10, ♣A or ♣K": cards any one of which would do (the verb after them stays in the
    singular, as in German "♣10 oder ♣A hätte es gehalten")."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {tr('review.or')} {names[-1]}"


def counted(tr: Tr, key: str, n: int) -> str:
    """The text ``key`` for a count ``n``: its ``.one`` form for exactly one ("cost 1
    point", "1 Auge"), else the plural."""
    return tr(f"{key}.one" if n == 1 else key, n=n)


def _decided_key(declarer_side: bool, null: bool) -> str:
    if null:
        return "review.open.null_decided_decl" if declarer_side else \
            "review.open.null_decided_def"
    return "review.open.decided_decl" if declarer_side else "review.open.decided_def"


def _signed(n: int) -> str:
    """A score with its sign: "+176", "−352"."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _pct(p: Any) -> int:
    return round(float(p) * 100)


def _namer(style: str, gi: bool) -> Any:
    def name(iss: str) -> str:
        return card_name(parse_card(iss), style, gi)

    return name
