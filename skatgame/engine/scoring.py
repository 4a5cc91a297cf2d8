"""Scoring: matadors, game value, overbid, schneider and schwarz, Ramsch, lists."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from skatgame.engine.actions import Contract
from skatgame.engine.cards import Mask, Rank
from skatgame.engine.rules import LAST_SUIT_GAME, GameKind
from skatgame.engine.seats import SEATS, Seat

NULL_VALUE = {  # (ouvert, hand) -> value
    (False, False): 23,
    (False, True): 35,
    (True, False): 46,
    (True, True): 59,
}


def base_value(kind: GameKind | int, grand_base: int = 24) -> int:
    """Base value of a suit or grand game: diamonds 9 ... clubs 12, grand 24 (or 20)."""
    if kind == GameKind.GRAND:
        return grand_base
    if kind <= LAST_SUIT_GAME:
        return (12, 11, 10, 9)[kind]
    raise ValueError(f"{GameKind(kind).name} has no base value")


def null_value(contract: Contract) -> int:
    """Fixed value of a null game: 23, hand 35, ouvert 46, ouvert hand 59."""
    return NULL_VALUE[(contract.ouvert, contract.hand)]


@cache
def trump_order(kind: GameKind | int) -> tuple[int, ...]:
    """The trumps of a suit or grand game from the highest down (J♣ first)."""
    jacks = tuple(s * 8 + Rank.JACK for s in range(4))
    if kind == GameKind.GRAND:
        return jacks
    suit_cards = tuple(kind * 8 + r for r in (6, 5, 4, 3, 2, 1, 0))  # A 10 K Q 9 8 7
    return jacks + suit_cards


def matadors(kind: GameKind | int, cards: Mask) -> int:
    """Matadors "with" (positive) or "without" (negative) over the declarer's 12 cards."""
    order = trump_order(kind)
    holds_top = bool(cards >> order[0] & 1)
    n = 0
    for c in order:
        if bool(cards >> c & 1) != holds_top:
            break
        n += 1
    return n if holds_top else -n


@dataclass(frozen=True, slots=True)
class GameValue:
    """How a suit or grand game's value is made up, for showing and scoring."""

    matadors: int  # with (+) / without (-)
    levels: tuple[tuple[str, int], ...]  # ("with 2", 2), ("game", 1), ("hand", 1)...
    base: int
    multiplier: int
    value: int

    def explain(self) -> str:
        """E.g. ``with 2, game 3, hand 4 x 12 = 48``."""
        parts, total = [], 0
        for name, n in self.levels:
            total += n
            parts.append(f"{name} {total}" if not name.startswith("with") else name)
        return f"{', '.join(parts)} x {self.base} = {self.value}"


def game_value(
    contract: Contract,
    declarer_cards: Mask,
    *,
    schneider: bool = False,
    schwarz: bool = False,
    grand_base: int = 24,
) -> GameValue:
    """Value of a suit or grand game over the declarer's 12 cards.

    ``schneider`` and ``schwarz`` say whether either side was made schneider or
    schwarz in play (counted as levels whoever suffered them). Announced levels
    always count. Before play, pass False to get the declared value.
    """
    m = matadors(contract.kind, declarer_cards)
    word = "with" if m > 0 else "without"
    levels: list[tuple[str, int]] = [(f"{word} {abs(m)}", abs(m)), ("game", 1)]
    if contract.hand:
        levels.append(("hand", 1))
    if schneider or contract.schneider:
        levels.append(("schneider", 1))
    if contract.schneider:
        levels.append(("schneider announced", 1))
    if schwarz or contract.schwarz:
        levels.append(("schwarz", 1))
    if contract.schwarz:
        levels.append(("schwarz announced", 1))
    if contract.ouvert:
        levels.append(("ouvert", 1))
    base = base_value(contract.kind, grand_base)
    mult = sum(n for _, n in levels)
    return GameValue(m, tuple(levels), base, mult, base * mult)


def declared_value(contract: Contract, declarer_cards: Mask, grand_base: int = 24) -> int:
    """The value a contract is worth before play, over the given cards."""
    if contract.kind == GameKind.NULL:
        return null_value(contract)
    return game_value(contract, declarer_cards, grand_base=grand_base).value


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended and what it scores.

    ``value`` is the declarer's signed score (lost games doubled, Kontra/Re and
    Bock applied), as the ISS ``v:`` figure. ``scores`` holds each deal seat's
    score change in a plain list (Ramsch: every seat; otherwise only the declarer).
    """

    passed: bool
    declarer: Seat | None
    contract: Contract | None
    bid: int
    won: bool
    value: int
    game_value: int  # the value the game was scored at, before the loss doubling
    declarer_points: int
    declarer_tricks: int
    overbid: bool
    schneider: bool
    schwarz: bool
    matadors: int
    explanation: str
    multiplier: int  # Kontra/Re/Bock doubling (1 when none)
    scores: tuple[int, int, int]
    points: tuple[int, int, int]  # card points per seat (Ramsch) / per side summed for declarer
    conceded_by: Seat | None = None
    ramsch_loser: tuple[Seat, ...] = ()
    notes: tuple[str, ...] = field(default=())
    detail: GameValue | None = None  # how a suit or grand game's value was made up
    skat_taker: Seat | None = None  # Ramsch: the seat the skat went to (None: no one)


def score_game(
    contract: Contract,
    declarer: Seat,
    bid: int,
    declarer_cards: Mask,
    declarer_points: int,
    declarer_tricks: int,
    *,
    points: tuple[int, int, int],
    conceded_by: Seat | None = None,
    conceded_early: bool = False,
    multiplier: int = 1,
    grand_base: int = 24,
    ended_early: bool = False,
) -> DealResult:
    """Score a suit, grand or null game that has been played out (or conceded).

    ``ended_early``: a game with schwarz announced (ouvert included) ended at the
    defenders' first trick. It is lost; schneider and schwarz against the declarer
    are not assessed (the announced levels count anyway), as on the ISS.
    """
    kind = contract.kind
    notes: list[str] = []
    if kind == GameKind.NULL:
        won = declarer_tricks == 0
        if conceded_by == declarer:
            won = False
        value = null_value(contract)
        explanation = f"{contract.letters} = {value}"
        signed = value if won else -2 * value
        return DealResult(
            False, declarer, contract, bid, won, signed * multiplier, value, declarer_points,
            declarer_tricks, False, False, False, 0, explanation, multiplier,
            _declarer_only(declarer, signed * multiplier), points, conceded_by,
        )
    made_schneider = declarer_points >= 90
    made_schwarz = declarer_tricks == 10
    cut_short = conceded_early or ended_early
    suffered_schneider = declarer_points <= 30 and not cut_short
    suffered_schwarz = declarer_tricks == 0 and not cut_short
    if ended_early:
        notes.append("ended_early")
    if contract.schwarz:
        won = made_schwarz
    elif contract.schneider:
        won = made_schneider
    else:
        won = declarer_points >= 61
    if conceded_by == declarer:
        won = False
    gv = game_value(
        contract,
        declarer_cards,
        schneider=(made_schneider if won else suffered_schneider),
        schwarz=(made_schwarz if won else suffered_schwarz),
        grand_base=grand_base,
    )
    value = gv.value
    explanation = gv.explain()
    overbid = value < bid
    if overbid:
        won = False
        base = gv.base
        value = -(-bid // base) * base
        explanation += f" < bid {bid}: overbid, charged {value}"
        notes.append("overbid")
    signed = value if won else -2 * value
    return DealResult(
        False, declarer, contract, bid, won, signed * multiplier, value, declarer_points,
        declarer_tricks, overbid, made_schneider or suffered_schneider,
        made_schwarz or suffered_schwarz, gv.matadors, explanation, multiplier,
        _declarer_only(declarer, signed * multiplier), points, conceded_by, (), tuple(notes),
        gv,
    )


def _declarer_only(declarer: Seat, score: int) -> tuple[int, int, int]:
    out = [0, 0, 0]
    out[declarer] = score
    return (out[0], out[1], out[2])


def passed_in_result() -> DealResult:
    """The result of a deal that all three passed (no Ramsch)."""
    return DealResult(
        True, None, None, 0, False, 0, 0, 0, 0, False, False, False, 0, "passed in", 1,
        (0, 0, 0), (0, 0, 0),
    )


def ramsch_skat_taker(rule: str, points: Sequence[int], last_trick: Seat,
                      latest: Sequence[int]) -> Seat | None:
    """Who the skat goes to in a Ramsch (``None``: to no one).

    ``rule`` is :attr:`RuleOptions.ramsch_skat`; ``points`` are the card points
    of each seat's tricks, ``last_trick`` the seat that took the last trick and
    ``latest`` for each seat the number of the last trick it took (-1: none).
    With the skat to the loser and several seats sharing the most points, it
    goes to the one of them who took a trick last (then he alone has the most,
    unless the skat holds no points).
    """
    if rule == "nobody":
        return None
    if rule == "loser":
        top = max(points)
        return max((s for s in SEATS if points[s] == top), key=lambda s: latest[s])
    return last_trick


def ramsch_changes(points: Sequence[int], tricks: Sequence[int], *, loss: str = "points",
                   jungfrau: str = "double", durchmarsch: str = "plus120",
                   ) -> tuple[tuple[int, int, int], tuple[Seat, ...], tuple[str, ...]]:
    """Each seat's Ramsch score before pushes and Bock, who pays, and what happened.

    ``points`` are the seats' card points (the skat included where it went),
    ``tricks`` the tricks each took; the other arguments are the Ramsch options
    of :class:`RuleOptions` (``ramsch_loss``, ``ramsch_jungfrau``,
    ``ramsch_durchmarsch``). The notes name what happened: ``"durchmarsch"``
    (+120 for the seat with every trick) or ``"moon"`` (the other two lose 120
    each), else ``"ten"`` (the fixed loss), ``"jungfrau"`` (a seat without a
    trick: the loss doubled or 5 more, once however many took none) and
    ``"tie"`` (several seats share the most points; each pays the full loss).
    """
    if durchmarsch != "off" and 10 in tricks:
        winner = list(tricks).index(10)
        if durchmarsch == "moon":
            others = tuple(s for s in SEATS if s != winner)
            moon = [0 if s == winner else -120 for s in range(3)]
            return (moon[0], moon[1], moon[2]), others, ("moon",)
        plus = [120 if s == winner else 0 for s in range(3)]
        return (plus[0], plus[1], plus[2]), (), ("durchmarsch",)
    top = max(points)
    losers = tuple(s for s in SEATS if points[s] == top)
    notes: list[str] = []
    loss_value = top
    if loss == "ten":
        loss_value = 10
        notes.append("ten")
    if jungfrau != "off" and 0 in tricks:
        loss_value = loss_value * 2 if jungfrau == "double" else loss_value + 5
        notes.append("jungfrau")
    if len(losers) > 1:
        notes.append("tie")
    out = [-loss_value if s in losers else 0 for s in range(3)]
    return (out[0], out[1], out[2]), losers, tuple(notes)


def score_ramsch(
    points: tuple[int, int, int],
    tricks: tuple[int, int, int],
    *,
    pushes: int = 0,
    multiplier: int = 1,
    loss: str = "points",
    jungfrau: str = "double",
    durchmarsch: str = "plus120",
    skat_taker: Seat | None = None,
    skat_points: int = 0,
) -> DealResult:
    """Score a Ramsch: the most card points lose; ties share the loss (each pays it).

    ``points`` already include the skat where it went (``skat_taker``; ``None``
    when it went to no one, its ``skat_points`` then counting for no one). The
    loss is the loser's card points or a fixed 10 (``loss``); Jungfrau doubles it
    or adds 5; Durchmarsch scores +120 for the seat with every trick or, as
    "shooting the moon", -120 for each of the other two (see
    :func:`ramsch_changes`). Every push of the skat doubles, and so does Bock
    (``multiplier``). The result's ``multiplier`` is pushes times Bock;
    ``game_value`` is the loss (or 120) before them.
    """
    contract = Contract(GameKind.RAMSCH)
    mult = multiplier * (2**pushes)
    changes, losers, notes = ramsch_changes(points, tricks, loss=loss, jungfrau=jungfrau,
                                            durchmarsch=durchmarsch)
    scores = (changes[0] * mult, changes[1] * mult, changes[2] * mult)
    sweep = "durchmarsch" in notes or "moon" in notes
    if "durchmarsch" in notes:
        explanation = "Durchmarsch +120"
    elif "moon" in notes:
        explanation = "Shot the moon: the others lose 120 each"
    else:
        top = max(points)
        explanation = "10 points (fixed)" if "ten" in notes else f"{top} points"
        if "jungfrau" in notes:
            explanation += " x 2 Jungfrau" if jungfrau == "double" else " + 5 Jungfrau"
    if pushes:
        explanation += f" x {2**pushes} pushed"
    if multiplier > 1:
        explanation += f" x {multiplier} Bock"
    if skat_taker is None and skat_points:
        explanation += f" (skat {skat_points} to no one)"
    value = max(abs(c) for c in changes)
    return DealResult(
        False, None, contract, 0, sweep, 0, value, 0, 0, False, False, sweep, 0, explanation,
        mult, scores, points, ramsch_loser=losers, notes=notes, skat_taker=skat_taker,
    )


def seeger_fabian(result: DealResult, players: int = 3) -> tuple[int, int, int, int]:
    """Tournament-list score change of one deal per deal seat, plus the dealer at 4 players.

    Returns (Forehand, Middlehand, Rearhand, sitting-out dealer). The declarer
    gets the value + 50 when he wins, or -2 x value - 50 when he loses; when he
    loses, each other player at the table gets 40 (three players) or 30 (four).
    Ramsch and passed-in deals score as in the plain list.
    """
    if result.passed or result.declarer is None:
        s = result.scores
        return (s[0], s[1], s[2], 0)
    out = [0, 0, 0, 0]
    d = result.declarer
    if result.won:
        out[d] = result.value + 50
    else:
        out[d] = result.value - 50
        bonus = 40 if players == 3 else 30
        for seat in range(3 if players == 3 else 4):
            if seat != d:
                out[seat] = bonus
    return (out[0], out[1], out[2], out[3])
