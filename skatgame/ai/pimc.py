"""Perfect-information Monte Carlo card play: sample the hidden cards, solve each sample.

For suit, grand and null games every sampled world is handed to the
double-dummy solver (:mod:`skatgame.ai.solver`), which values each legal card
of the seat to move; the card with the best result summed over the worlds is
played. Two ways of valuing a world:

* ``exact``: :func:`~skatgame.ai.solver.move_values` gives the declarer's
  final card points after each card; they are turned into a utility (game won,
  schneider, a little for every point), so margins count too.
* ``reach``: one null-window search per card asks only whether the declarer
  still makes his game; much cheaper at the start of the play, optionally with
  a second threshold (schneider) to break ties. Exact mode falls back to it
  for a world too close to solve exactly within its node cap.

Searches carry node budgets (:class:`~skatgame.ai.budget.NodeBudget`), so a
decision is deterministic for its random generator; a world whose search runs
over budget is left out. A deadline in the budget stops the sampling early
with the worlds solved so far.

Ramsch has no declarer, so the solver does not apply: its cards are chosen by
play-outs of every sampled world with a simple ducking policy for all three
seats (:func:`ramsch_choice`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from skatgame.ai.budget import NodeBudget
from skatgame.ai.parallel import map_worlds
from skatgame.ai.sampling import World, auction_weight, sample_worlds
from skatgame.ai.solver import (
    FEATURES_ALL,
    Position,
    SearchBudgetExceeded,
    move_reaches_detailed,
    move_values_detailed,
)
from skatgame.engine.cards import CARD_POINTS, JACKS, Card, Mask, cards_of, points_of
from skatgame.engine.observation import Observation
from skatgame.engine.rules import EFFECTIVE_SUIT, FOLLOW_MASK, POWER, GameKind, beats
from skatgame.engine.scoring import ramsch_changes, ramsch_skat_taker
from skatgame.engine.seats import SEATS

__all__ = ["CardChoice", "choose_card", "choose_card_threaded", "game_target", "ramsch_choice",
           "ramsch_outcome", "utility"]


@dataclass(slots=True)
class CardChoice:
    """The card chosen and what the sampled worlds said about it."""

    card: Card
    win_probability: float | None  # for the seat's side, over the worlds solved
    worlds: int
    scores: dict[Card, float] = field(default_factory=dict)  # mean utility (declarer's view)
    #: each legal card's win chance for the seat's side, over the worlds solved
    win_chances: dict[Card, float] = field(default_factory=dict)
    #: the declarer's expected final card points per card, over the worlds solved
    #: exactly (empty when none was: threshold searches give no points)
    expected_points: dict[Card, float] = field(default_factory=dict)
    #: each legal card's raw share of worlds won, when ``win_chances`` holds the
    #: chances shown instead (:func:`skatgame.ai.chances.calibrate_choice`)
    raw_chances: dict[Card, float] = field(default_factory=dict)


def game_target(obs: Observation) -> int:
    """Card points the declarer needs: 61, 90 with schneider announced, 120 for schwarz."""
    c = obs.contract
    assert c is not None
    if c.schwarz:
        return 120
    if c.schneider:
        return 90
    return 61


def utility(points: int, target: int) -> float:
    """The declarer's utility of finishing with ``points`` card points."""
    u = 1.0 if points >= target else 0.0
    if points >= 90:
        u += 0.15
    elif points <= 30:
        u -= 0.15
    return u + 0.001 * points


def _position(obs: Observation, world: World) -> Position:
    assert obs.contract is not None and obs.declarer is not None
    return Position(int(obs.contract.kind), world.hands, obs.declarer, obs.trick_leader,
                    tuple(obs.trick))


def _value_exact(pos: Position, base: int, target: int, null: bool,
                 budget: NodeBudget) -> dict[Card, float] | None:
    values = budget.move_values(pos)
    if values is None:
        return None
    if null:
        return {c: float(v) for c, v in values.items()}
    return {c: utility(base + v, target) for c, v in values.items()}


def _value_reach(pos: Position, base: int, target: int, declarer: int,
                 budget: NodeBudget, second: bool) -> dict[Card, tuple[float, float]] | None:
    """Per card: (declarer makes ``target``, secondary: schneider made / avoided).

    Without ``second`` the secondary search is skipped (0). None when a search
    ran over budget.
    """
    out: dict[Card, tuple[float, float]] = {}
    for card in pos.legal_moves():
        after, pts, winner = pos.play(card)
        have = base + (pts if winner == declarer else 0)
        if after is None:
            out[card] = (float(have >= target), float(have >= 90) - float(have <= 30))
            continue
        left = points_of(after.hands[0] | after.hands[1] | after.hands[2]) + sum(
            CARD_POINTS[c] for c in after.trick)
        main = _reaches(after, target - have, left, budget)
        if main is None:
            return None
        extra = 0.0
        if second:
            # second threshold: schneider for a winning declarer, 31 for a losing one
            more = _reaches(after, (90 if main else 31) - have, left, budget)
            if more is None:
                return None
            extra = float(more) - (not main)
        out[card] = (float(main), extra)
    return out


def _reaches(pos: Position, need: int, left: int, budget: NodeBudget) -> bool | None:
    if need <= 0:
        return True
    if need > left:
        return False
    return budget.reaches(pos, need)


def choose_card(
    obs: Observation,
    rng: random.Random,
    *,
    worlds: int,
    budget: NodeBudget,
    mode: str = "exact",
    second: bool = False,
    prefer: Card | None = None,
    weigh: Callable[[World], float] | None = None,
) -> CardChoice:
    """Choose a card for ``obs.seat`` in a suit, grand or null game by sampled solving.

    ``mode`` is ``exact`` or ``reach`` (see the module docstring; ``second``
    adds the schneider threshold to ``reach``); null always searches exactly.
    In ``exact`` mode a world whose exact search runs over the budget's
    per-call cap is valued by ``reach`` instead.
    Sampling stops after ``worlds`` worlds or when ``budget`` runs dry (its
    deadline included). ``prefer`` (e.g. the rule-based card) wins ties.
    """
    assert obs.contract is not None and obs.declarer is not None
    legal = cards_of(obs.legal_cards())
    if len(legal) == 1:
        return CardChoice(legal[0], None, 0)
    kind = obs.contract.kind
    null = kind == GameKind.NULL
    declarer = obs.declarer
    maximise = obs.seat == declarer
    target = game_target(obs)
    if weigh is None:
        weigh = auction_weight(obs)
    sampled = sample_worlds(obs, worlds, rng, weigh)
    totals = dict.fromkeys(legal, 0.0)
    seconds = dict.fromkeys(legal, 0.0)
    wins = dict.fromkeys(legal, 0.0)
    solved = 0
    for world in sampled:
        if budget.exhausted:
            break
        pos = _position(obs, world)
        base = obs.points[declarer] + points_of(world.skat)
        values = None
        if null or mode == "exact":
            values = _value_exact(pos, base, target, null, budget)
        if values is not None:
            for c in legal:
                v = values[c]
                totals[c] += v
                wins[c] += 1.0 if v >= 1.0 else 0.0
        elif null:
            continue
        else:
            # reach mode, or a world too close to solve exactly within its cap
            pair = _value_reach(pos, base, target, declarer, budget, second)
            if pair is None:
                continue
            for c in legal:
                totals[c] += pair[c][0]
                seconds[c] += pair[c][1]
                wins[c] += pair[c][0]
        solved += 1
    if not solved:
        card = prefer if prefer in legal else legal[0]
        return CardChoice(card, None, 0)
    sign = 1.0 if maximise else -1.0

    def key(c: Card) -> tuple[float, float, int, int]:
        return (round(sign * totals[c], 6), round(sign * seconds[c], 6), c == prefer, -c)

    card = max(legal, key=key)
    p_decl = wins[card] / solved
    scores = {c: totals[c] / solved for c in legal}
    chances = {c: wins[c] / solved if maximise else 1.0 - wins[c] / solved for c in legal}
    return CardChoice(card, p_decl if maximise else 1.0 - p_decl, solved, scores, chances)


def _seconds_left(deadline: float | None) -> float | None:
    if deadline is None:
        return None
    return max(0.001, deadline - time.monotonic())


def _solve_world(pos: Position, base: int, target: int, *, exact: bool, second: bool, cap: int,
                 move_cap: int | None, deadline: float | None, features: int
                 ) -> tuple[dict[Card, tuple[float, float, float]] | None, int]:
    """One world's (utility, declarer wins, declarer's final points or -1 when only
    thresholds were searched) per legal card and the nodes searched;
    None when the world is too hard for ``cap`` (or the deadline came). Without
    ``second`` only the game's threshold is searched. A card whose threshold
    search needs more than ``move_cap`` nodes is a close call: it counts as half
    a win."""
    null = pos.kind == GameKind.NULL
    used = 0
    if exact and not null:
        try:
            r = move_values_detailed(pos, max_nodes=cap, max_seconds=_seconds_left(deadline),
                                     features=features)
        except SearchBudgetExceeded as e:
            used = e.nodes
        else:
            return {c: (utility(base + v, target), float(base + v >= target), float(base + v))
                    for c, v in r.values.items()}, r.nodes
    # thresholds: the game, then schneider for a winner or 31 for a loser
    need = 1 if null else target - base
    above, below = (90 - base, 31 - base) if second and not null else (need, need)
    try:
        t = move_reaches_detailed(pos, need, above, below, move_nodes=move_cap, max_nodes=cap,
                                  max_seconds=_seconds_left(deadline), features=features)
    except SearchBudgetExceeded as e:
        return None, used + e.nodes
    out = {}
    for c, (main, more) in t.values.items():
        won = 0.5 if main is None else float(main)
        u = won
        if not null and main is not None and more is not None:
            u += 0.15 if main and more else -0.15 if not (main or more) else 0.0
        out[c] = (u, won, -1.0)
    return out, used + t.nodes


def choose_card_threaded(
    obs: Observation,
    rng: random.Random,
    *,
    worlds: int,
    total_nodes: int,
    world_nodes: int,
    move_nodes: int | None = None,
    exact: bool = False,
    second: bool = True,
    deadline: float | None = None,
    prefer: Card | None = None,
    features: int = FEATURES_ALL,
    threads: int | None = None,
    close_worlds: int = 0,
    close_gap: float = 0.1,
    bids: bool = True,
    likelihood: Callable[[World], float] | None = None,
) -> CardChoice:
    """Choose a card in a suit, grand or null game by solving sampled worlds,
    several at a time (:func:`~skatgame.ai.parallel.map_worlds`).

    Each world is valued by threshold searches (the game, then with ``second``
    schneider or 31; null: stays clean) in one shared table, or with ``exact`` by exact
    values (a world too hard for them falls back to the thresholds). A world
    gets at most ``world_nodes`` nodes; the worlds are booked in order until
    ``total_nodes`` are spent, so the choice does not depend on ``threads``.
    A close decision (the two best cards' mean utilities less than ``close_gap``
    apart while the worlds tell the cards apart) solves ``close_worlds`` more
    worlds, with nodes in proportion. ``bids=False`` samples without the
    inference from the bids (to measure what it is worth). With ``likelihood``
    the worlds are sampled without the bids' rejection and each world's result
    counts in proportion to its likelihood (soft inference: the means, the card
    and the chances are weighted averages). A ``deadline`` stops early (and
    gives up that determinism).
    """
    assert obs.contract is not None and obs.declarer is not None
    legal = cards_of(obs.legal_cards())
    if len(legal) == 1:
        return CardChoice(legal[0], None, 0)
    declarer = obs.declarer
    target = game_target(obs)
    weigh = auction_weight(obs) if bids and likelihood is None else None

    def solve(world: World) -> tuple[dict[Card, tuple[float, float, float]] | None, int]:
        if deadline is not None and time.monotonic() >= deadline:
            return None, 0
        base = obs.points[declarer] + points_of(world.skat)
        return _solve_world(_position(obs, world), base, target, exact=exact, second=second,
                            cap=world_nodes, move_cap=move_nodes, deadline=deadline,
                            features=features)

    totals = dict.fromkeys(legal, 0.0)
    wins = dict.fromkeys(legal, 0.0)
    points = dict.fromkeys(legal, 0.0)
    solved = exact_worlds = 0
    mass = exact_mass = 0.0  # the worlds' summed weights (1 each without likelihood)
    varied = False
    sign = 1.0 if obs.seat == declarer else -1.0
    for batch, count in enumerate((worlds, close_worlds)):
        if batch and not (count and varied and _close(totals, mass, close_gap, sign)):
            break
        sampled = sample_worlds(obs, count, rng, weigh)
        nodes = total_nodes if not batch else total_nodes * count // max(1, worlds)
        solved_worlds = map_worlds(solve, sampled, total_nodes=nodes, threads=threads)
        for world, values in zip(sampled, solved_worlds, strict=False):
            if values is None:
                continue
            weight = 1.0 if likelihood is None else likelihood(world)
            exactly = values[legal[0]][2] >= 0
            for c in legal:
                u, won, pts = values[c]
                totals[c] += weight * u
                wins[c] += weight * won
                points[c] += weight * pts
            varied = varied or len({values[c][0] for c in legal}) > 1
            solved += 1
            mass += weight
            exact_worlds += exactly
            exact_mass += weight * exactly
    if not solved or mass <= 0.0:
        card = prefer if prefer in legal else legal[0]
        return CardChoice(card, None, 0)
    card = max(legal, key=lambda c: (round(sign * totals[c], 6), c == prefer, -c))
    p_decl = wins[card] / mass
    mine = obs.seat == declarer
    expected = {} if not exact_worlds or exact_worlds < solved else \
        {c: points[c] / exact_mass for c in legal}
    return CardChoice(card, p_decl if mine else 1.0 - p_decl, solved,
                      {c: totals[c] / mass for c in legal},
                      {c: wins[c] / mass if mine else 1.0 - wins[c] / mass for c in legal},
                      expected)


def _close(totals: dict[Card, float], mass: float, gap: float, sign: float) -> bool:
    """Whether the two best cards' mean utilities (``sign``: 1 for the declarer,
    -1 for a defender; ``mass``: the worlds' summed weights) lie less than ``gap`` apart."""
    best = sorted((sign * t for t in totals.values()), reverse=True)
    return len(best) > 1 and best[0] - best[1] < gap * mass


# ------------------------------------------------------------ ramsch

_EFF_R = EFFECTIVE_SUIT[GameKind.RAMSCH]
_POW_R = POWER[GameKind.RAMSCH]
_FOLLOW_R = FOLLOW_MASK[GameKind.RAMSCH]


def _beats(card: Card, best: Card) -> bool:
    return beats(GameKind.RAMSCH, card, best)


def _ramsch_policy(hand: Mask, trick: list[Card], rnd: Callable[[], float]) -> Card:
    """Duck: under the winning card with the highest card that stays under; lead low."""
    legal = hand & _FOLLOW_R[trick[0]] if trick else hand
    if not legal:
        legal = hand
    cards = cards_of(legal)
    if len(cards) == 1:
        return cards[0]
    if rnd() < 0.15:
        return cards[int(rnd() * len(cards))]
    if not trick:
        plain = [c for c in cards if not JACKS >> c & 1] or cards
        return min(plain, key=lambda c: _POW_R[c])
    best = trick[0]
    for c in trick[1:]:
        if _beats(c, best):
            best = c
    under = [c for c in cards if not _beats(c, best)]
    if under:
        return max(under, key=lambda c: (CARD_POINTS[c] if _EFF_R[c] != _EFF_R[trick[0]]
                                         else 0, _POW_R[c]))
    if len(trick) == 2:
        return max(cards, key=lambda c: _POW_R[c])
    return min(cards, key=lambda c: _POW_R[c])


def _ramsch_playout(hands: list[Mask], leader: int, trick: list[Card], first: Card | None,
                    rnd: Callable[[], float], latest: list[int] | None = None,
                    ) -> tuple[list[int], list[int], int]:
    """Play to the end; (points per seat, tricks per seat, seat of the last trick).

    ``latest`` (each seat's last trick so far, counted from 0; -1: none) is
    brought up to date when given; new tricks count on from its highest number.
    """
    points = [0, 0, 0]
    tricks = [0, 0, 0]
    last = leader
    seat = (leader + len(trick)) % 3
    number = max(latest) + 1 if latest is not None else 0
    while True:
        if not hands[seat]:
            break
        if first is not None:
            card, first = first, None
        else:
            card = _ramsch_policy(hands[seat], trick, rnd)
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) < 3:
            seat = (seat + 1) % 3
            continue
        w = 0
        for i in (1, 2):
            if _beats(trick[i], trick[w]):
                w = i
        winner = (leader + w) % 3
        points[winner] += CARD_POINTS[trick[0]] + CARD_POINTS[trick[1]] + CARD_POINTS[trick[2]]
        tricks[winner] += 1
        if latest is not None:
            latest[winner] = number
            number += 1
        last = leader = seat = winner
        trick = []
    return points, tricks, last


def _ramsch_utility(me: int, points: list[int], tricks: list[int], obs: Observation) -> float:
    """The seat's score minus the others' mean score, as the Ramsch list counts
    (under the list's Ramsch rules: the loss, Jungfrau and Durchmarsch)."""
    opts = obs.options
    s, _losers, _notes = ramsch_changes(points, tricks, loss=opts.ramsch_loss,
                                        jungfrau=opts.ramsch_jungfrau,
                                        durchmarsch=opts.ramsch_durchmarsch)
    return s[me] - (s[0] + s[1] + s[2] - s[me]) / 2


def _give_skat(obs: Observation, points: list[int], skat_points: int, last: int,
               latest: list[int]) -> None:
    """Add the skat's points to the seat the list's Ramsch rules give it to."""
    taker = ramsch_skat_taker(obs.options.ramsch_skat, points, SEATS[last], latest)
    if taker is not None:
        points[taker] += skat_points


def ramsch_outcome(obs: Observation, hands: list[Mask], skat: Mask,
                   rnd: Callable[[], float]) -> float:
    """One play-out of a Ramsch from its first trick (every seat ducking): the
    score of ``obs.seat`` relative to the other two, before any doubling."""
    latest = [-1, -1, -1]
    pts, trk, last = _ramsch_playout(hands, 0, [], None, rnd, latest)
    _give_skat(obs, pts, points_of(skat), last, latest)
    return _ramsch_utility(obs.seat, pts, trk, obs)


def ramsch_choice(obs: Observation, rng: random.Random, *, worlds: int, playouts: int,
                  deadline: float | None = None) -> CardChoice:
    """Choose a Ramsch card by play-outs of sampled worlds (every seat ducking)."""
    legal = cards_of(obs.legal_cards())
    if len(legal) == 1:
        return CardChoice(legal[0], None, 0)
    sampled = sample_worlds(obs, worlds, rng)
    rnd = rng.random
    me = obs.seat
    done_tricks = [0, 0, 0]
    done_latest = [-1, -1, -1]
    for i, t in enumerate(obs.tricks):
        done_tricks[t.seat] += 1
        done_latest[t.seat] = i
    totals = dict.fromkeys(legal, 0.0)
    safe = dict.fromkeys(legal, 0.0)
    n = 0
    for world in sampled:
        if deadline is not None and n and time.monotonic() >= deadline:
            break
        skat = points_of(world.skat)
        for card in legal:
            for _ in range(playouts):
                latest = done_latest.copy()
                pts, trk, last = _ramsch_playout(list(world.hands), obs.trick_leader,
                                                 list(obs.trick), card, rnd, latest)
                total = [obs.points[i] + pts[i] for i in range(3)]
                tr = [done_tricks[i] + trk[i] for i in range(3)]
                _give_skat(obs, total, skat, last, latest)
                u = _ramsch_utility(me, total, tr, obs)
                totals[card] += u
                safe[card] += 1.0 if total[me] < max(total) or u > 0 else 0.0
        n += playouts
    if not n:
        return CardChoice(legal[0], None, 0)
    card = max(legal, key=lambda c: (round(totals[c], 6), -c))
    return CardChoice(card, safe[card] / n, n, {c: totals[c] / n for c in legal})
