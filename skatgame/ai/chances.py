"""The win chances the coach shows: one way from a search's result to a probability.

The hint, the bidding helper and the review's fair view all speak of a *win
chance*: how likely the seat's side is to win the deal. The searches behind
them give a *raw share*, the part of the sampled worlds the side wins with all
cards open (:mod:`skatgame.ai.pimc`, :mod:`skatgame.ai.bidding`). That share
is not a probability: the open-cards defenders cooperate perfectly, the
sampled worlds ignore most of what the auction says, and so on. Measured by
``python -m skatgame bench calibration``, a defender's raw 85% won about one
time in eight.

:func:`shown_chance` is the one function that turns a raw share into the
chance shown. It maps the share through monotone curves fitted on self-play
(:mod:`skatgame.ai.calibration_table`, written by ``bench calibration
--fit``: the share of deals won at each raw share, by the seat's role, the
phase of the deal (the auction; tricks 1-3, 4-6, 7-10) and the kind of game
where a kind had decisions enough), and keeps it within 1%..99%: 0% and 100%
are shown only when the outcome is certain whatever anybody plays
(:func:`certainty`), which the card points and tricks taken prove in every
world the seat may be in. (A share of 100% of sampled worlds proves nothing:
the worlds are a sample, solved with open cards.)

:func:`calibrate_choice` applies it to a card search
(:meth:`~skatgame.ai.levels.expert.ExpertPlayer.card_choice`, which the hint
and the review both ask), :func:`limit_game` to the auction's estimate (which
the bidding helper and the hint in the auction both ask), so the same
position with the same seed shows the same chance wherever it is shown.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, replace

from skatgame.ai.bidding import GameOption, HandEstimate, SkatChoice
from skatgame.ai.calibration_table import KNOTS, TABLE
from skatgame.ai.pimc import CardChoice, game_target
from skatgame.ai.proof import declarer_result, proofs
from skatgame.ai.sampling import played_by
from skatgame.engine.actions import Contract
from skatgame.engine.cards import CARD_POINTS, Card, points_of
from skatgame.engine.observation import Observation
from skatgame.engine.rules import LAST_SUIT_GAME, GameKind, beats
from skatgame.engine.scoring import base_value, declared_value, null_value

__all__ = ["AUCTION", "LimitGame", "PHASES", "calibrate_choice", "certainty", "group_key",
           "kind_name", "limit_game", "phase_of", "reckoned", "shown_chance", "unproved"]

#: The least and the most shown without a proof.
FLOOR, CEILING = 0.01, 0.99
#: The phase of the bidding helper's chance (before any card).
AUCTION = "auction"
#: The phases of the card play by trick number (1..10): early, middle, late.
PHASES = (AUCTION, "tricks1-3", "tricks4-6", "tricks7-10")


def kind_name(kind: int) -> str:
    """``suit``, ``grand`` or ``null`` for a game kind (Ramsch has no chances here)."""
    if kind <= LAST_SUIT_GAME:
        return "suit"
    return "grand" if kind == GameKind.GRAND else "null"


def phase_of(trick: int) -> str:
    """The phase name of a card decision in trick ``trick`` (1..10)."""
    return PHASES[1] if trick <= 3 else PHASES[2] if trick <= 6 else PHASES[3]


def group_key(declarer: bool, phase: str, kind: int) -> str:
    """The table's key: ``declarer|tricks4-6|suit``."""
    return f"{'declarer' if declarer else 'defenders'}|{phase}|{kind_name(kind)}"


def _interpolate(ys: tuple[float, ...], raw: float) -> float:
    """The piecewise-linear value of ``raw`` on :data:`KNOTS` -> ``ys``."""
    if raw <= KNOTS[0]:
        return ys[0]
    if raw >= KNOTS[-1]:
        return ys[-1]
    i = bisect_right(KNOTS, raw) - 1
    t = (raw - KNOTS[i]) / (KNOTS[i + 1] - KNOTS[i])
    return ys[i] + t * (ys[i + 1] - ys[i])


def _lookup(key: str) -> tuple[float, ...] | None:
    """The fitted curve of ``key``, else of its role and phase, else of its role."""
    role, phase, _ = key.split("|")
    for k in (key, f"{role}|{phase}|*", f"{role}|*|*"):
        ys = TABLE.get(k)
        if ys is not None:
            return ys
    return None


def shown_chance(raw: float, *, declarer: bool, phase: str, kind: int,
                 certain: bool | None = None) -> float:
    """The win chance to show for the seat's side from a search's raw share.

    ``raw`` is the share of sampled worlds the side wins with open cards (0..1),
    ``declarer`` the seat's role, ``phase`` one of :data:`PHASES` and ``kind``
    the game's kind. ``certain`` is :func:`certainty`'s answer: True or False
    give 1.0 or 0.0; otherwise the chance lies within 0.01..0.99, rising with
    ``raw``.
    """
    if certain is not None:
        return 1.0 if certain else 0.0
    ys = _lookup(group_key(declarer, phase, kind))
    return unproved(raw if ys is None else _interpolate(ys, raw))


def unproved(p: float) -> float:
    """A chance nothing proves, kept within 1%..99% (e.g. Ramsch's play-outs)."""
    return min(CEILING, max(FLOOR, p))


# ------------------------------------------------------------ certainty


def _lowest_value(obs: Observation, contract: Contract) -> int:
    """The least value the declared game can be scored at, as the seat can tell: the
    declarer who knows his twelve cards counts his matadors; anyone else assumes one."""
    assert obs.declarer is not None
    if contract.kind == GameKind.NULL:
        return null_value(contract)
    if obs.seat == obs.declarer and not contract.hand:
        cards12 = obs.hand | played_by(obs)[obs.seat] | obs.known_skat
        if cards12.bit_count() == 12:
            return declared_value(contract, cards12, obs.options.grand_base)
    levels = 2 + contract.hand + 2 * contract.schneider + 2 * contract.schwarz + contract.ouvert
    return base_value(contract.kind, obs.options.grand_base) * levels


def certainty(obs: Observation, card: Card | None = None) -> bool | None:
    """Whether the seat's side has won (True) or lost (False) whatever anybody plays
    from here, after ``card`` if given (a legal card of the seat); None if not certain.

    Proved from what every world the seat may be in shares: the card points and
    tricks taken (and, with ``card``, the trick it completes), the game's target
    and whether the game may still turn out overbid. A declarer who made his points
    wins only if no count of matadors the seat thinks possible leaves the game
    overbid. When these decide nothing, late in the deal a search over every world
    the seat may be in may prove it (:mod:`skatgame.ai.proof`): won when the seat
    has a card that wins whatever the others play, lost when every card loses.
    """
    contract, declarer = obs.contract, obs.declarer
    if contract is None or declarer is None or contract.kind == GameKind.RAMSCH:
        return None
    kind = int(contract.kind)
    pts = list(obs.points)
    tricks = [0, 0, 0]
    for t in obs.tricks:
        tricks[t.seat] += 1
    if card is not None and len(obs.trick) == 2:
        cards = (*obs.trick, card)
        best = 0
        for i in (1, 2):
            if beats(kind, cards[i], cards[best]):
                best = i
        winner = (obs.trick_leader + best) % 3
        pts[winner] += sum(CARD_POINTS[c] for c in cards)
        tricks[winner] += 1
    mine = obs.seat == declarer
    skat_low = 0
    if mine and not contract.hand:  # he put the skat away himself
        skat_low = points_of(obs.known_skat & ~obs.hand & ~obs.played)
    declarer_won = declarer_result(contract, declarer, pts, tricks, game_target(obs), skat_low,
                                   _lowest_value(obs, contract) >= obs.bid)
    if declarer_won is None:  # late in the deal: a search over the seat's worlds
        return proofs(obs).get(card)
    return declarer_won if mine else not declarer_won


# ------------------------------------------------------------ card play


def calibrate_choice(obs: Observation, choice: CardChoice) -> CardChoice:
    """``choice`` (a card search at ``obs``) with the chances to show: each card's
    raw share through :func:`shown_chance`; the raw shares kept in ``raw_chances``.
    When a card is proved to win (:func:`certainty`) and the search's is not, the
    choice is the proved card: a sampled share never outweighs a proof."""
    if not choice.worlds or obs.contract is None or obs.declarer is None:
        return choice
    declarer = obs.seat == obs.declarer
    phase = phase_of(len(obs.tricks) + 1)
    kind = int(obs.contract.kind)
    raw = dict(choice.win_chances)
    shown = {c: shown_chance(p, declarer=declarer, phase=phase, kind=kind,
                             certain=certainty(obs, c)) for c, p in raw.items()}
    card = choice.card
    won = [c for c, p in shown.items() if p == 1.0]  # only a proof shows 100%
    if won and card not in won:  # never give away a proved win for a sampled one
        card = max(won, key=lambda c: (raw[c], choice.scores.get(c, 0.0), -c))
    return replace(choice, card=card, win_probability=shown.get(card, choice.win_probability),
                   win_chances=shown, raw_chances=raw)


# ------------------------------------------------------------ the auction


@dataclass(frozen=True, slots=True)
class LimitGame:
    """The game a hand's bidding limit is reckoned with and its chance.

    ``contract``: the game (None: no game is worth bidding, ``limit`` 0);
    ``win_probability``: the chance to show; ``raw``: the share of sampled
    deals won with open cards; ``needs_skat``: reaching the limit depends on the
    skat.
    """

    contract: Contract | None
    win_probability: float | None
    limit: int
    needs_skat: bool = False
    raw: float | None = None


def limit_game(est: HandEstimate[GameOption | SkatChoice]) -> LimitGame:
    """The bidding helper's answer for a hand's auction estimate (the hint in the
    auction shows the same game and chance)."""
    limit = est.max_bid()
    best = est.best(limit) if limit else None
    if best is None:
        return LimitGame(None, None, 0)
    return reckoned(best, limit)


def reckoned(best: GameOption | SkatChoice, limit: int) -> LimitGame:
    """The game the option ``best`` of an auction estimate is reckoned with at the bid
    ``limit``, with its chance to show: the bidding helper's (at its limit) and the
    hint's at the skat (at the bid reached), one computation."""
    # the game the limit is reckoned with, and its result and value in each sampled skat
    if isinstance(best, SkatChoice):
        games = best.games_at(limit)
        counts = Counter(c for c, _, _ in games)
        if not counts:  # no game can be declared at this bid
            return LimitGame(None, None, 0)
        contract = max(counts, key=lambda c: (counts[c], -int(c.kind), -c.hand, -c.ouvert))
        mine = [(w, v) for c, w, v in games if c == contract]
        mixed = len(counts) > 1
    else:
        contract, mine, mixed = best.contract, list(best.results), False
    raw = sum(w for w, _ in mine) / max(1, len(mine))
    p = shown_chance(raw, declarer=True, phase=AUCTION, kind=int(contract.kind))
    needs_skat = mixed or any(v < limit for _, v in mine)
    return LimitGame(contract, p, limit, needs_skat, raw)
