"""Review of a finished deal: where it was won or lost, card by card.

Two views of every card played, kept apart:

* **Open cards** (:func:`open_view`): with all hands and the skat known, the
  declarer's final card points (skat included) under perfect play by everybody
  before and after the card (null: 1 when the declarer can be forced to take a
  trick, else 0), and what the card gave away for its own side (``cost``).
  The values come from the double-dummy solver (:mod:`skatgame.ai.solver`).
* **With what the seat knew** (:func:`informed_view`): from the seat's
  :class:`~skatgame.engine.observation.Observation` alone, the Expert's
  estimate of each legal card: the Expert's own card search
  (:meth:`~skatgame.ai.levels.expert.ExpertPlayer.card_choice`, worlds sampled
  and weighted by the bids, threshold searches, seeded as the Expert seeds its
  card decisions). The card the Expert plays there is ``best``; the played
  card is a ``mistake`` only when it is clearly worse by the Expert's own
  criterion (:attr:`FairSettings.margin`). Forced cards are never looked at.

:func:`review_deal` puts both together with the key decisions, the turning
point and a one-line :class:`Verdict` (a key and parameters, so the texts can
be translated; :func:`verdict_text` gives the English line). A screen that
fills in the fair view card by card uses ``review_deal(deal, fair=False)``,
:func:`play_steps`, :func:`informed_view` per card and :func:`summarise`.

The open-cards view values each card by one null-window search where the card
kept the value (a card never helps the other side), and searches exactly only
where it changed; the first position is always searched exactly.

The review works from a replayed :class:`~skatgame.engine.deal.Deal` (see
:func:`deal_from_record` in :mod:`skatgame.engine.records`); Ramsch, passed-in
and unfinished deals are refused with a :class:`ReviewError`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from skatgame.ai.doublings import Doubling
from skatgame.ai.levels.base import observation_key
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.solver import Position, declarer_reaches, mask_points, solve
from skatgame.engine.actions import Claim, Concede, Contract, Play, Resign
from skatgame.engine.cards import CARD_POINTS, Card, DeckStyle, card_label, iss_name, points_of
from skatgame.engine.deal import Deal
from skatgame.engine.observation import Observation
from skatgame.engine.rules import GameKind

__all__ = [
    "CardReview",
    "DealReview",
    "FairSettings",
    "InformedView",
    "KeyDecision",
    "PlayStep",
    "ReviewError",
    "ReviewReason",
    "Chance",
    "KEY_COST",
    "MISTAKE_DROP",
    "Verdict",
    "best_chance",
    "check_reviewable",
    "expert_rng",
    "informed_view",
    "keeping_cards",
    "key_decisions",
    "open_view",
    "play_steps",
    "review_deal",
    "summarise",
    "turning_point",
    "verdict",
    "verdict_text",
    "with_keeps",
]


class ReviewReason(Enum):
    """Why a deal cannot be reviewed (:attr:`ReviewError.reason`)."""

    UNFINISHED = "unfinished"
    PASSED_IN = "passed_in"  # everyone passed: no game, no card
    RAMSCH = "ramsch"  # no declarer
    NO_CARDS = "no_cards"  # a game, but it ended before the first card


_REASON_TEXTS = {
    ReviewReason.UNFINISHED: "the deal is not finished",
    ReviewReason.PASSED_IN: "the deal was passed in: no card was played",
    ReviewReason.RAMSCH: "Ramsch has no declarer: it cannot be reviewed",
    ReviewReason.NO_CARDS: "no card was played",
}


class ReviewError(ValueError):
    """A deal that cannot be reviewed; ``reason`` says why, the message in English."""

    def __init__(self, reason: ReviewReason) -> None:
        super().__init__(_REASON_TEXTS[reason])
        self.reason = reason

    def __reduce__(self) -> tuple[type[ReviewError], tuple[ReviewReason]]:
        return ReviewError, (self.reason,)  # pickled with its reason, not its message


# ------------------------------------------------------------ data


@dataclass(frozen=True, slots=True)
class PlayStep:
    """One card played, with the position and the player's view just before it."""

    index: int  # 0-based number of the card in the play
    trick: int  # 1..10
    seat: int
    card: Card
    position: Position  # all hands open, just before the card
    taken: int  # declarer's card points so far: finished tricks and the skat (null: 0)
    observation: Observation  # the seat's view just before the card


@dataclass(frozen=True, slots=True)
class InformedView:
    """The Expert's estimate from the seat's information before one card.

    ``win_chance`` is the chance that the seat's *side* wins the game with each
    legal card; ``expected_points`` the declarer's expected final card points
    where known (in the last tricks, where the Expert solves exactly; its
    threshold searches give none: empty).
    ``score`` is what the Expert ranks by (mean utility, the declarer's view).
    """

    best: Card
    win_chance: dict[Card, float]
    expected_points: dict[Card, float]
    score: dict[Card, float]
    mistake: bool
    worlds: int
    mode: str  # "exact" or "reach"

    def drop(self, card: Card) -> float:
        """How much lower ``card``'s win chance is than the best card's (for the side)."""
        return self.win_chance.get(self.best, 0.0) - self.win_chance.get(card, 0.0)


@dataclass(frozen=True, slots=True)
class CardReview:
    """The review of one card played.

    ``before``/``after``: the declarer's final card points under perfect play
    with all cards open (null: 1 when the declarer can be forced to take a
    trick); ``cost``: what the card gave away for its own side (never below
    0); ``keeps``: when it cost something, the cards that would have kept the
    value; ``informed``: the fair view (None for forced cards and while it is
    not computed).
    """

    index: int
    trick: int
    seat: int
    card: Card
    declarer_side: bool
    forced: bool
    before: int
    after: int
    cost: int
    keeps: tuple[Card, ...] = ()
    informed: InformedView | None = None

    def to_json(self) -> dict[str, Any]:
        """The command's line for this card (card names as the records write them)."""
        inf = self.informed
        informed: dict[str, Any] = {
            "best": iss_name(inf.best if inf else self.card),
            "win_chance": {} if inf is None else {
                iss_name(c): round(p, 3) for c, p in sorted(inf.win_chance.items())},
            "mistake": bool(inf and inf.mistake),
        }
        return {"trick": self.trick, "seat": self.seat, "card": iss_name(self.card),
                "forced": self.forced, "before": self.before, "after": self.after,
                "cost": self.cost, "informed": informed}


@dataclass(frozen=True, slots=True)
class KeyDecision:
    """A card worth looking at again: a mistake, a card that lost value with open cards."""

    index: int
    trick: int
    seat: int
    card: Card
    cost: int  # open cards
    decided: bool  # the game's outcome turned with this card (open cards)
    mistake: bool  # fair view
    best: Card | None  # fair view's best card
    chance_best: float | None  # the side's win chance with the best card
    chance_played: float | None  # ... and with the card played
    doubling: Doubling | None = None  # a Kontra or Re (said or not): no card of its own

    def to_json(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": self.seat, "card": iss_name(self.card),
                "cost": self.cost, "decided": self.decided, "mistake": self.mistake,
                "best": None if self.best is None else iss_name(self.best),
                "win_chance": None if self.chance_best is None else
                [round(self.chance_best, 3), round(self.chance_played or 0.0, 3)]}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The one-line verdict as a translatable key and its parameters.

    Keys: ``mistake`` (the losing declarer's clear mistake), ``let_through``
    (a defender's clear mistake that let the declarer win), ``bad_luck`` (no
    clear mistake by the losing side, which the fair view gave 50% or more
    with a card it played, though with all cards open a card turned the
    game), ``long_odds`` (the same, the side's chance below 50% throughout),
    ``turned`` (the same without the fair view), ``cards_decided``
    (no card changed the outcome: with all cards open it was decided from the
    first card; with the losing side's ``peak_*`` where the fair view gave it 50% or
    more), ``overbid`` (lost because the game was worth less than the
    bid). Parameters: ``trick``, ``seat``, ``card``, ``best`` (ISS names),
    ``chance_best``/``chance_played`` (0..1), ``keeps`` (open-cards
    alternatives), ``won``, ``null``; for ``bad_luck`` and ``long_odds`` the
    losing side's highest chance shown (:func:`best_chance`): ``peak_chance``,
    ``peak_trick``, ``peak_seat``, ``peak_card``.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        params = {k: round(v, 3) if isinstance(v, float) else v for k, v in self.params.items()}
        return {"key": self.key, "params": params, "text": verdict_text(self)}


@dataclass(slots=True)
class DealReview:
    """The whole review of a deal."""

    declarer: int
    contract: str  # ISS letters
    null: bool
    target: int  # card points the declarer needs (null: 0)
    taken: int  # the declarer's card points at the end (null: 1 if he took a trick)
    won: bool  # the deal's result
    played_out: bool  # every trick was played (no claim, concession or early end)
    cards: list[CardReview]
    key_decisions: list[KeyDecision]
    turning_point: int | None  # index into ``cards``
    verdict: Verdict
    overbid: bool = False
    doublings: list[Doubling] = field(default_factory=list)  # the human's Kontra and Re

    def summary_json(self) -> dict[str, Any]:
        """The command's last line."""
        tp = None if self.turning_point is None else self.cards[self.turning_point]
        return {
            "declarer": self.declarer, "contract": self.contract, "won": self.won,
            "taken": self.taken, "played_out": self.played_out,
            "key_decisions": [k.to_json() for k in self.key_decisions],
            "turning_point": None if tp is None else {
                "trick": tp.trick, "seat": tp.seat, "card": iss_name(tp.card)},
            "verdict": self.verdict.to_json(),
        }


@dataclass(frozen=True, slots=True)
class FairSettings:
    """How the fair view estimates: with the card search of today's Expert.

    ``player`` is the Expert class whose card search
    (:meth:`~skatgame.ai.levels.expert.ExpertPlayer.card_choice`: threshold
    searches over sampled worlds, exact values in the last tricks) is asked at
    every decision, seeded as that player seeds its card decisions.
    ``margin``: how much lower (in the Expert's score, the mean utility of
    :func:`skatgame.ai.pimc.utility` for the side) the played card must be to
    count as a mistake. ``threads``: the solver threads of the search (None:
    the player's own; the estimate does not depend on them).
    """

    player: type[ExpertPlayer] | None = None  # None: ExpertPlayer
    margin: float = 0.1
    threads: int | None = None

    @classmethod
    def of_expert(cls, margin: float = 0.1) -> FairSettings:
        """The settings of the Expert as it plays."""
        return cls(None, margin)

    def expert(self, seed: int | str) -> ExpertPlayer:
        """The player whose card search gives the estimate."""
        player = (self.player or ExpertPlayer)(seed)
        if self.threads is not None:
            player.threads = self.threads
        return player


# ------------------------------------------------------------ the play, step by step


#: A card is a mistake by what its player knew only when its side's win chance (as
#: shown) is at least this much lower than with the Expert's card, besides the Expert's
#: own criterion (:attr:`FairSettings.margin`): the screen never calls a card a mistake
#: while its numbers show no loss.
MISTAKE_DROP = 0.05
#: Card points a card must give away with all cards open to be a key decision by that
#: alone (besides turning the outcome, the schneider level or being a mistake).
KEY_COST = 10


def check_reviewable(deal: Deal) -> None:
    """Raise :class:`ReviewError` unless ``deal`` is a finished suit, grand or null game."""
    if deal.result is None:
        raise ReviewError(ReviewReason.UNFINISHED)
    if deal.result.passed or deal.contract is None:
        raise ReviewError(ReviewReason.PASSED_IN)
    if deal.contract.kind == GameKind.RAMSCH or deal.declarer is None:
        raise ReviewError(ReviewReason.RAMSCH)


def play_steps(deal: Deal) -> list[PlayStep]:
    """Every card played in ``deal`` (finished or not), with its position and view.

    The deal is replayed from its cards and history; the deal itself is not changed.
    """
    replay = deal.replayed(0)
    steps: list[PlayStep] = []
    for seat, action in deal.history:
        if isinstance(action, Play):
            d = replay.declarer
            assert replay.contract is not None and d is not None
            kind = int(replay.contract.kind)
            hands = (replay.hands[0], replay.hands[1], replay.hands[2])
            pos = Position(kind, hands, d, replay.leader, tuple(replay.trick))
            taken = 0 if kind == GameKind.NULL else replay.points[d] + points_of(replay.skat)
            steps.append(PlayStep(len(steps), len(replay.tricks) + 1, seat, action.card, pos,
                                  taken, replay.observation(seat)))
        replay.apply(action, seat)
    return steps


def _value(pos: Position, taken: int) -> int:
    """The declarer's final points from ``pos`` (null: 1 if he can be forced to take a trick)."""
    if pos.kind == GameKind.NULL:
        return 1 - solve(pos)
    return taken + solve(pos)


def _value_from(pos: Position, taken: int, before: int, by_declarer: bool) -> int:
    """:func:`_value` of ``pos``, reached by a card of the declarer (or a defender) from
    a position worth ``before``.

    A card never helps the other side, so one null-window search tells whether
    the card kept the value; only a card that changed it needs an exact search.
    """
    if pos.kind == GameKind.NULL:  # before: 1 = the declarer can be forced to take a trick
        if by_declarer == bool(before):
            return before  # the declarer cannot do worse than forced, a defender better than 0
        return 0 if declarer_reaches(pos, 1) else 1
    need = before - taken if by_declarer else before - taken + 1
    left = mask_points(pos.hands[0] | pos.hands[1] | pos.hands[2]) + sum(
        CARD_POINTS[c] for c in pos.trick)
    reached = need <= 0 or need <= left and declarer_reaches(pos, need)
    if reached == by_declarer:
        return before
    return _value(pos, taken)


def _after(step: PlayStep) -> tuple[Position | None, int, bool]:
    """The position after the step's card, the declarer's points then, and whether a null
    declarer just took a trick."""
    pos, pts, winner = step.position.play(step.card)
    took = winner == step.position.declarer
    if step.position.kind == GameKind.NULL:
        return pos, 0, took
    return pos, step.taken + (pts if took else 0), False


def keeping_cards(step: PlayStep, before: int) -> tuple[Card, ...]:
    """The cards that keep the open-cards value ``before`` at ``step`` (its best moves).

    One null-window search per legal card (much cheaper than valuing each card
    exactly, still the dearest part of the open view at the first tricks).
    """
    pos = step.position
    decl = pos.to_move() == pos.declarer
    null = pos.kind == GameKind.NULL
    out: list[Card] = []
    for card in pos.legal_moves():
        after, pts, winner = pos.play(card)
        took = winner == pos.declarer
        if null:
            # the declarer keeps "stays clean" (before 0); a defender keeps "forced" (1)
            clean = not took and (after is None or declarer_reaches(after, 1))
            keeps = clean if decl else not clean
        else:
            have = step.taken + (pts if took else 0)
            need = before if decl else before + 1
            reached = have >= need or after is not None and declarer_reaches(after, need - have)
            keeps = reached if decl else not reached
        if keeps:
            out.append(card)
    return tuple(out)


def open_view(deal: Deal, steps: list[PlayStep] | None = None) -> list[CardReview]:
    """The open-cards values of every card played in a finished, reviewable deal.

    ``keeps`` is left empty here: :func:`with_keeps` fills it in for the cards
    that need it (:func:`review_deal` does so for the cards that turned the
    outcome among the key decisions, and the turning point).
    """
    check_reviewable(deal)
    steps = play_steps(deal) if steps is None else steps
    out: list[CardReview] = []
    before = _value(steps[0].position, steps[0].taken) if steps else 0
    for step in steps:
        pos, taken, null_took = _after(step)
        decl = step.seat == step.position.declarer
        if null_took:
            after = 1
        elif pos is None:
            after = taken
        else:  # after a claim, a concession or an early end: perfect play of the rest
            after = _value_from(pos, taken, before, decl)
        # what the declarer's side gained (null values count against the declarer)
        gain = before - after if step.position.kind == GameKind.NULL else after - before
        cost = -gain if decl else gain
        forced = len(step.position.legal_moves()) == 1
        out.append(CardReview(step.index, step.trick, step.seat, step.card, decl, forced,
                              before, after, cost))
        before = after
    return out


def with_keeps(cards: list[CardReview], steps: list[PlayStep],
               indices: list[int] | None = None) -> None:
    """Fill in ``keeps`` (:func:`keeping_cards`) for the costly cards among ``indices``
    (all cards when None), in place."""
    for i in range(len(cards)) if indices is None else indices:
        c = cards[i]
        if c.cost > 0 and not c.keeps:
            cards[i] = replace(c, keeps=keeping_cards(steps[i], c.before))


# ------------------------------------------------------------ the fair view


def expert_rng(seed: int | str, obs: Observation) -> random.Random:
    """The generator the Expert seeded with ``seed`` uses for its card decision at ``obs``."""
    return random.Random(f"{seed}|card|{observation_key(obs)}")


def _target(c: Contract) -> int:
    """Card points the declarer needs: 61, 90 with schneider announced, 120 with schwarz."""
    return 120 if c.schwarz else 90 if c.schneider else 61


def informed_view(obs: Observation, played: Card, seed: int | str = 0,
                  settings: FairSettings | None = None) -> InformedView | None:
    """The Expert's estimate of each legal card from ``obs`` alone; None when forced.

    The Expert with seed ``seed`` (``settings.player``) runs its own card
    search for this decision (same worlds, same node caps, same seeding), so
    ``best`` is the card that Expert plays here. ``win_chance`` is each card's
    chance for the seat's side, ``score`` the Expert's criterion (mean utility,
    the declarer's view). ``played`` is a ``mistake`` when its score is below
    the best's by at least ``settings.margin`` for the seat's side.
    """
    if settings is None:
        settings = FairSettings.of_expert()
    assert obs.contract is not None and obs.declarer is not None
    legal = [c for c in range(32) if obs.legal_cards() >> c & 1]
    if len(legal) < 2:
        return None
    if played not in legal:
        raise ValueError(f"{iss_name(played)} is not a legal card here")
    player = settings.expert(seed)
    mode = "exact" if len(obs.tricks) >= player.exact_from_trick else "reach"
    ch = player.card_choice(obs)
    if not ch.worlds:
        return InformedView(played, {}, {}, {}, False, 0, mode)
    score = {c: ch.scores[c] for c in legal}
    sign = 1.0 if obs.seat == obs.declarer else -1.0
    best = ch.card
    chances = ch.win_chances
    mistake = played != best and sign * (score[best] - score[played]) >= settings.margin - 1e-9 \
        and chances.get(best, 0.0) - chances.get(played, 0.0) >= MISTAKE_DROP - 1e-9
    return InformedView(best, dict(ch.win_chances), dict(ch.expected_points), score, mistake,
                        ch.worlds, mode)


# ------------------------------------------------------------ the whole deal


def _outcome(value: int, null: bool, target: int) -> bool:
    """Whether the declarer wins on the card points with open-cards ``value``."""
    return value == 0 if null else value >= target


def turning_point(cards: list[CardReview], null: bool, target: int) -> int | None:
    """The index of the first card after which the outcome (open cards) no longer changed.

    None when no card changed it: the outcome was decided from the first card.
    """
    if not cards:
        return None
    final = _outcome(cards[-1].after, null, target)
    turn: int | None = None
    for i, c in enumerate(cards):
        if _outcome(c.before, null, target) != final and _outcome(c.after, null, target) == final:
            turn = i
        elif _outcome(c.after, null, target) != final:
            turn = None
    return turn


def _level(value: int, null: bool, target: int) -> tuple[bool, int]:
    """The outcome and the schneider level (0..2 for the declarer's side) of an open-cards
    value: what the score depends on."""
    if null:
        return (value == 0, 0)
    level = 2 if value >= 90 else 1 if value > 30 else 0
    return (value >= target, level)


def key_decisions(cards: list[CardReview], null: bool, target: int,
                  limit: int = 5, won: bool | None = None) -> list[KeyDecision]:
    """At most ``limit`` cards worth a second look, the costliest first.

    A card is a key decision when it mattered: the fair view calls it a mistake
    (:data:`MISTAKE_DROP`), or with open cards it turned the outcome or the
    schneider level, or gave away :data:`KEY_COST` card points or more (a card
    that cost a point or two is not listed). With ``won`` (whether the declarer
    won) a fair-view mistake of the side that won counts only where it cost
    something with open cards: a red "mistake" for the defenders of a game the
    declarer could never win contradicted the verdict. They are ranked by the fair
    view's drop in win chance, whether the card turned the game (open cards),
    then the open-cards cost.
    """
    out: list[tuple[tuple[float, bool, int, int], KeyDecision]] = []
    for c in cards:
        inf = c.informed
        turned = _level(c.before, null, target) != _level(c.after, null, target)
        mistake = bool(inf and inf.mistake) and (
            won is None or c.declarer_side != won or turned or c.cost >= KEY_COST)
        if not (mistake or turned or c.cost >= KEY_COST):
            continue
        decided = _outcome(c.before, null, target) != _outcome(c.after, null, target)
        drop = inf.drop(c.card) if inf and inf.win_chance else 0.0
        k = KeyDecision(c.index, c.trick, c.seat, c.card, c.cost, decided, mistake,
                        inf.best if inf else None,
                        inf.win_chance.get(inf.best) if inf and inf.win_chance else None,
                        inf.win_chance.get(c.card) if inf and inf.win_chance else None)
        out.append(((round(drop, 6) if mistake else 0.0, decided, c.cost, -c.index), k))
    out.sort(key=lambda t: t[0], reverse=True)
    return [k for _, k in out[:limit]]


def verdict(cards: list[CardReview], null: bool, target: int, won: bool,
            fair: bool = True, overbid: bool = False) -> Verdict:
    """The one-line verdict (see :class:`Verdict`) for the side that lost.

    Without the fair view (``fair=False``) a turning point gives the key ``turned``.
    """
    base: dict[str, Any] = {"won": won, "null": null}
    if overbid:
        return Verdict("overbid", base)
    losing_declarer = not won
    mistakes = [c for c in cards if c.informed is not None and c.informed.mistake
                and c.declarer_side == losing_declarer]
    if mistakes:
        def weight(c: CardReview) -> tuple[float, int, int]:
            assert c.informed is not None
            return (round(c.informed.drop(c.card), 6), c.cost, -c.index)

        worst = max(mistakes, key=weight)
        inf = worst.informed
        assert inf is not None
        return Verdict("mistake" if losing_declarer else "let_through", {
            **base, "trick": worst.trick, "seat": worst.seat, "card": iss_name(worst.card),
            "best": iss_name(inf.best),
            "chance_best": inf.win_chance.get(inf.best, 0.0),
            "chance_played": inf.win_chance.get(worst.card, 0.0)})
    turn = turning_point(cards, null, target)
    if turn is not None:
        c = cards[turn]
        params = {**base, "trick": c.trick, "seat": c.seat, "card": iss_name(c.card),
                  "keeps": [iss_name(k) for k in c.keeps]}
        peak = best_chance(cards, losing_declarer) if fair else None
        if peak is None:
            return Verdict("turned", params)
        return Verdict("bad_luck" if peak.chance >= 0.5 else "long_odds",
                       {**params, **_peak(peak)})
    # decided from the first card; a losing side that the fair view made favourite hears so
    peak = best_chance(cards, losing_declarer) if fair else None
    if peak is not None and peak.chance >= 0.5:
        base.update(_peak(peak))
    return Verdict("cards_decided", base)


def _peak(peak: Chance) -> dict[str, Any]:
    return {"peak_trick": peak.trick, "peak_seat": peak.seat, "peak_card": iss_name(peak.card),
            "peak_chance": peak.chance}


@dataclass(frozen=True, slots=True)
class Chance:
    """A side's win chance with a card its player played, as the fair view shows it."""

    index: int
    trick: int
    seat: int
    card: Card
    chance: float


def best_chance(cards: list[CardReview], declarer_side: bool) -> Chance | None:
    """The highest win chance the fair view shows for one side with a card its players
    played (the first such card on a tie); None when none of its cards was estimated.

    The verdict of a side that lost without a clear mistake quotes it, so the verdict
    says what the numbers on the screen say: favourites unlucky (50% or more) or long
    odds, never "could not have won" beside a high chance.
    """
    best: Chance | None = None
    for c in cards:
        inf = c.informed
        if c.declarer_side != declarer_side or inf is None or c.card not in inf.win_chance:
            continue
        p = inf.win_chance[c.card]
        if best is None or p > best.chance:
            best = Chance(c.index, c.trick, c.seat, c.card, p)
    return best


def _pct(p: Any) -> str:
    return f"{round(float(p) * 100)}%"


def verdict_text(v: Verdict, style: DeckStyle | str = DeckStyle.FRENCH) -> str:
    """The English line of a verdict."""
    p = v.params

    def label(name: str) -> str:
        from skatgame.engine.cards import parse_card

        return card_label(parse_card(name), style)

    if v.key == "overbid":
        return "The declarer overbid: the game turned out to be worth less than the bid"
    if v.key == "mistake":
        return (f"The declarer's mistake was trick {p['trick']}: {label(p['card'])} instead of "
                f"{label(p['best'])} (win chance {_pct(p['chance_best'])} -> "
                f"{_pct(p['chance_played'])})")
    if v.key == "let_through":
        return (f"Trick {p['trick']}: seat {p['seat']}'s {label(p['card'])} instead of "
                f"{label(p['best'])} let the declarer through (the defenders' win chance "
                f"{_pct(p['chance_best'])} -> {_pct(p['chance_played'])})")
    if v.key in ("bad_luck", "long_odds", "turned"):
        keeps = ", ".join(label(k) for k in p.get("keeps", []))
        turned = (f"with all cards open trick {p['trick']} decided it: {label(p['card'])}"
                  + (f" ({keeps} would have kept it)" if keeps else ""))
        if v.key == "turned":
            return turned[0].upper() + turned[1:]
        side = "The declarer" if not p["won"] else "The defenders"
        odds = "were favourites: win chance" if v.key == "bad_luck" else \
            "had long odds: win chance at most"
        return (f"{side} made no clear mistake with what they knew and {odds} "
                f"{_pct(p['peak_chance'])} (trick {p['peak_trick']}); {turned}")
    side = "the defenders'" if p.get("won") else "the declarer's"
    favourite = "" if "peak_chance" not in p else \
        f"; yet with what they knew {side} win chance was {_pct(p['peak_chance'])} " \
        f"(trick {p['peak_trick']})"
    if p.get("won"):
        return ("The cards decided it: the defenders could not have stopped it "
                "even with all cards open" + favourite)
    return "The cards decided it: the game could not be won even with all cards open" + favourite


def review_deal(deal: Deal, *, seed: int | str = 0, fair: bool = True,
                settings: FairSettings | None = None,
                progress: Callable[[int, int], None] | None = None) -> DealReview:
    """Review a finished suit, grand or null deal (see the module docstring).

    ``fair=False`` skips the fair view (open cards only, fast). ``progress``
    is called with (cards done, cards in all) as the fair view fills in.
    Raises :class:`ReviewError` for a deal that cannot be reviewed.
    """
    check_reviewable(deal)
    assert deal.contract is not None and deal.declarer is not None and deal.result is not None
    if settings is None:
        settings = FairSettings.of_expert()
    steps = play_steps(deal)
    cards = open_view(deal, steps)
    if fair:
        for i, step in enumerate(steps):
            if progress is not None:
                progress(i, len(steps))
            if cards[i].forced:
                continue
            inf = informed_view(step.observation, step.card, seed, settings)
            cards[i] = replace(cards[i], informed=inf)
        if progress is not None:
            progress(len(steps), len(steps))
    null = deal.contract.kind == GameKind.NULL
    d = deal.declarer
    if null:
        taken = int(deal.tricks_won[d] > 0)
    else:
        taken = deal.points[d] + points_of(deal.skat)
    review = DealReview(
        d, deal.contract.letters, null, 0 if null else _target(deal.contract), taken,
        bool(deal.result.won),
        not _claimed(deal) and (len(deal.tricks) == 10 or null and taken == 1),
        cards, [], None, Verdict("cards_decided"), bool(deal.result.overbid))
    summarise(review, steps)
    return review


def summarise(review: DealReview, steps: list[PlayStep]) -> None:
    """(Re)compute the key decisions, the turning point and the verdict from the cards.

    For a review that fills in the fair view card by card (``cards[i] =
    dataclasses.replace(cards[i], informed=informed_view(...))``): call it
    after each card. The verdict counts as with the fair view once every
    card that was not forced has its estimate. Also fills in ``keeps`` for the
    cards that turned the game (the screen may ask :func:`keeping_cards` for more).
    """
    cards, null, target = review.cards, review.null, review.target
    fair = all(c.forced or c.informed is not None for c in cards)
    review.key_decisions = key_decisions(cards, null, target, won=review.won)
    review.turning_point = turn = turning_point(cards, null, target)
    with_keeps(cards, steps, [k.index for k in review.key_decisions if k.decided]
               + ([] if turn is None else [turn]))
    review.verdict = verdict(cards, null, target, review.won, fair, review.overbid)


def _claimed(deal: Deal) -> bool:
    """Whether the play ended by a claim or a concession."""
    return any(isinstance(a, Claim | Concede | Resign) for _, a in deal.history)
