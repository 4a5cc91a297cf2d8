"""Bidding, hand or skat, the discard and the contract by simulation (the Expert's way).

Each candidate game is played out double-dummy over sampled deals of the
hidden cards: does the declarer make his 61 (null: stay clean) with the cards
as sampled? The results give a win probability per candidate, and with each
sample's game value (matadors counted over the sampled twelve cards) an
expected Seeger-Fabian score at any bid: won ``value + 50``, lost
``-2 value - 50`` and 40 for each defender, so ``-2 value - 90`` relative to
the table; a value below the bid is an overbid, lost at the smallest multiple
of the base value that reaches it.

Double-dummy play is pessimistic for the declarer: the defenders see each
other's cards and never misdefend. Measured over a few hundred games played
out by searching players (the Expert's own card play on both sides), a game
the double-dummy samples give a chance ``p`` is won at the table about
``0.45 + 0.52 p`` of the time; :func:`table_chance` applies that per sample
(:data:`LOST_SAMPLE_WON`, :data:`WON_SAMPLE_LOST`). Null ouvert, where the
defenders do see the declarer's cards, gets a smaller correction.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from skatgame.ai.budget import NodeBudget
from skatgame.ai.evaluation import (
    GRAND_PICKUP,
    NULL_PICKUP_RISK,
    SUIT_PICKUP,
    grand_strength,
    null_risk,
    ranked_discards,
    strength,
    suit_strength,
)
from skatgame.ai.sampling import World, auction_weight, sample_worlds
from skatgame.ai.solver import Position
from skatgame.engine.actions import Contract
from skatgame.engine.auction import bid_values
from skatgame.engine.cards import JACKS, Card, Mask, cards_of, mask_of, points_of
from skatgame.engine.observation import Observation
from skatgame.engine.rules import GameKind, trump_mask
from skatgame.engine.scoring import base_value, matadors, null_value

__all__ = ["GameOption", "HandEstimate", "SkatChoice", "Undecided", "defend_expected",
           "estimate_auction", "estimate_pickup", "sf_expected", "sf_utility", "table_chance"]

#: How often a sample the declarer loses double-dummy is won at the table, and the reverse.
LOST_SAMPLE_WON = 0.45
WON_SAMPLE_LOST = 0.03
#: The same for null ouvert, where the defenders see the declarer's cards.
LOST_SAMPLE_WON_OUVERT = 0.12


def table_chance(won: float, ouvert: bool = False) -> float:
    """The chance to win at the table a sample whose double-dummy result is ``won``
    (1 won, 0 lost, 0.5 undecided)."""
    lost_won = LOST_SAMPLE_WON_OUVERT if ouvert else LOST_SAMPLE_WON
    return lost_won + (1.0 - WON_SAMPLE_LOST - lost_won) * won


def raw_share(chance: float, ouvert: bool = False) -> float:
    """The share of samples won double-dummy that :func:`table_chance` turned into
    ``chance`` (its inverse), for the coach to show it through the calibrated curves."""
    lost_won = LOST_SAMPLE_WON_OUVERT if ouvert else LOST_SAMPLE_WON
    return min(1.0, max(0.0, (chance - lost_won) / (1.0 - WON_SAMPLE_LOST - lost_won)))


#: Node budget of one solver call during bidding.
BID_NODES = 250_000

SUIT_KINDS = (GameKind.CLUBS, GameKind.SPADES, GameKind.HEARTS, GameKind.DIAMONDS)


def sf_utility(won: bool, value: int, bid: int, base: int | None) -> float:
    """Seeger-Fabian score of a game relative to the two other players' mean."""
    if value < bid:
        charged = -(-bid // base) * base if base else value
        return -2.0 * charged - 90.0
    return value + 50.0 if won else -2.0 * value - 90.0


def sf_expected(q: float, value: int, bid: int, base: int | None) -> float:
    """The expected :func:`sf_utility` of a game won with chance ``q``."""
    return q * sf_utility(True, value, bid, base) + (1.0 - q) * sf_utility(False, value, bid,
                                                                           base)


def defend_expected(bid: int, declares: float, declarer_wins: float, value: int = 30
                    ) -> float:
    """The expected Seeger-Fabian score of passing at ``bid``, relative to the two
    other players' mean as :func:`sf_utility` counts it: with chance ``declares``
    another player declares a game worth at least ``bid`` (``value`` at the least)
    and wins it with chance ``declarer_wins`` (a defender scores 0 and the
    declarer value + 50: ``-(v + 50) / 2``); when he loses, each defender gets 40
    and the declarer ``-2 v - 50``: ``v + 45``. A passed-in deal scores nothing."""
    v = max(bid, value)
    return declares * (declarer_wins * -(v + 50) / 2 + (1.0 - declarer_wins) * (v + 45))


@dataclass(slots=True)
class Undecided:
    """A sampled game too close to solve within the first node cap: its question
    kept, so that :meth:`HandEstimate.settle` can look closer when it matters.
    ``won`` is 0.5 until settled."""

    pos: Position
    need: int
    won: float = 0.5
    tried: bool = False


def _won(w: float, und: Undecided | None, undecided_as: float | None) -> float:
    """A sample's result (a settled question's answer), an unsettled one counted as
    ``undecided_as`` (None: as is)."""
    if und is None:
        return w
    if und.won != 0.5 or undecided_as is None:
        return und.won
    return undecided_as


@dataclass(slots=True)
class GameOption:
    """One candidate game and how it fared in the sampled deals.

    ``discard`` is set when the cards to put away are known (after pickup).
    ``results`` holds per sample (won: 1, 0 or 0.5 for too close to solve,
    game value); ``undecided`` the question of each 0.5 by its index in ``results``.
    """

    contract: Contract
    pickup: bool
    discard: tuple[Card, Card] | None = None
    results: list[tuple[float, int]] = field(default_factory=list)
    undecided: dict[int, Undecided] = field(default_factory=dict)

    def add(self, won: float, value: int, und: Undecided | None = None) -> None:
        """Record one sample's result (and its question while it is undecided)."""
        if und is not None:
            self.undecided[len(self.results)] = und
        self.results.append((won, value))

    @property
    def win_probability(self) -> float:
        """Estimated chance to win at the table (see :func:`table_chance`)."""
        if not self.results:
            return 0.0
        return sum(table_chance(w, self.contract.ouvert) for w, _ in self.results) / len(
            self.results)

    def expected(self, bid: int, grand_base: int = 24, undecided_as: float | None = None
                 ) -> float:
        """Expected relative Seeger-Fabian score when declared at ``bid`` (the
        unsettled samples counted as ``undecided_as`` won, None: half)."""
        if not self.results:
            return -1e9
        if self.contract.kind == GameKind.NULL and null_value(self.contract) < bid:
            return -1e9  # cannot be declared
        und = self.undecided
        total = sum(_expected_one(self.contract, _won(won, und.get(i), undecided_as), value,
                                  bid, grand_base)
                    for i, (won, value) in enumerate(self.results))
        return total / len(self.results)

    def _settled(self) -> None:
        for i, u in self.undecided.items():
            self.results[i] = (u.won, self.results[i][1])


@dataclass(slots=True)
class SkatChoice:
    """Picking up the skat and choosing the game after seeing it, as the counts would.

    Per sample it holds every pickup game tried: (contract, won, value,
    margin), the margin being how far the counts place the game above their
    threshold for the sampled twelve cards. At a given bid the game chosen is
    the one with the best margin among those worth the bid (the most valuable
    one if none is), so the estimate credits the choice made with the skat in
    hand, without crediting knowledge of the defenders' cards.
    """

    samples: list[list[tuple[Contract, float, int, float]]] = field(default_factory=list)
    pickup: bool = True
    #: the question of each undecided game by (sample, game) index
    undecided: dict[tuple[int, int], Undecided] = field(default_factory=dict)

    #: per bid, the game chosen in each sample (its index; -1: none can be declared);
    #: it depends on the games' values and margins only, not on their results
    _picks: dict[int, list[int]] = field(default_factory=dict, init=False, repr=False,
                                         compare=False)

    def _picked(self, bid: int) -> list[int]:
        picks = self._picks.get(bid)
        if picks is None or len(picks) != len(self.samples):
            picks = []
            for games in self.samples:
                allowed = [i for i, g in enumerate(games)
                           if g[0].kind != GameKind.NULL or null_value(g[0]) >= bid]
                if not allowed:
                    picks.append(-1)
                    continue
                worth = [i for i in allowed if games[i][2] >= bid]
                picks.append(max(worth, key=lambda i: games[i][3]) if worth
                             else max(allowed, key=lambda i: games[i][2]))
            self._picks[bid] = picks
        return picks

    def _chosen(self, bid: int, undecided_as: float | None = None
                ) -> list[tuple[Contract, float, int]]:
        out = []
        und = self.undecided
        for s, i in enumerate(self._picked(bid)):
            if i < 0:
                continue
            c, won, value, _ = self.samples[s][i]
            if und:
                won = _won(won, und.get((s, i)), undecided_as)
            out.append((c, won, value))
        return out

    def _settled(self) -> None:
        for (s, i), u in self.undecided.items():
            c, _, value, margin = self.samples[s][i]
            self.samples[s][i] = (c, u.won, value, margin)

    def games_at(self, bid: int) -> list[tuple[Contract, float, int]]:
        """Per sample, the game chosen when declaring at ``bid``: (contract, won, value)."""
        return self._chosen(bid)

    @property
    def contract(self) -> Contract:
        """The game chosen most often at the lowest bid."""
        chosen = [c for c, _, _ in self._chosen(18)]
        return max(set(chosen), key=chosen.count) if chosen else Contract.make(GameKind.GRAND)

    @property
    def win_probability(self) -> float:
        chosen = self._chosen(18)
        return sum(table_chance(w, c.ouvert) for c, w, _ in chosen) / max(1, len(chosen))

    def expected(self, bid: int, grand_base: int = 24, undecided_as: float | None = None
                 ) -> float:
        chosen = self._chosen(bid, undecided_as)
        if not chosen:
            return -1e9
        return sum(_expected_one(c, w, v, bid, grand_base) for c, w, v in chosen) / len(chosen)


#: the kind of options a :class:`HandEstimate` holds (after picking up: games only)
OptionT = TypeVar("OptionT", bound="GameOption | SkatChoice")


def _expected_one(contract: Contract, won: float, value: int, bid: int, grand_base: int
                  ) -> float:
    base = None if contract.kind == GameKind.NULL else base_value(contract.kind, grand_base)
    return sf_expected(table_chance(won, contract.ouvert), value, bid, base)


@dataclass(slots=True)
class HandEstimate(Generic[OptionT]):
    """Every candidate game of a hand with its sampled results."""

    options: list[OptionT]
    grand_base: int = 24
    #: the budget :meth:`settle` draws on, shared by every decision about the hand
    settling: NodeBudget | None = None
    #: the expected score of passing at a bid (see :func:`defend_expected`), which
    #: declaring must beat; None: declaring must beat 0
    defending: Callable[[int], float] | None = None
    #: :meth:`max_bid`'s answers by (margin, defending), until :meth:`settle` decides more
    _limits: dict[tuple[float, object], int] = field(default_factory=dict, init=False,
                                                     repr=False, compare=False)

    def best(self, bid: int, *, hand: bool | None = None) -> OptionT | None:
        """The option with the best expected score at ``bid`` (hand games only, or none)."""
        return self._best(bid, hand)[0]

    def _best(self, bid: int, hand: bool | None = None, undecided_as: float | None = None
              ) -> tuple[OptionT | None, float]:
        """The best option at ``bid`` and its expected score (each computed once)."""
        best: OptionT | None = None
        best_key = (-1e8, 0)
        for o in self.options:
            if hand is not None and o.pickup == hand:
                continue
            v = o.expected(bid, self.grand_base, undecided_as)
            if v <= -1e8:
                continue
            key = (v, -_order(o))
            if best is None or key > best_key:
                best, best_key = o, key
        return best, best_key[0]

    def hand_settled(self, bid: int) -> bool:
        """Whether the samples too close to solve cannot change which is better
        at ``bid``, the best hand game or picking up the skat."""
        hand_low, hand_high = self._best(bid, True, 0.0)[1], self._best(bid, True, 1.0)[1]
        pick_low, pick_high = self._best(bid, False, 0.0)[1], self._best(bid, False, 1.0)[1]
        return hand_high <= pick_low or hand_low > pick_high

    def settle(self, bid: int, budget: NodeBudget, settled: Callable[[], bool]) -> int:
        """Solve again, within ``budget`` (its per-call cap larger than the first
        one's), the undecided samples of the games, the most promising at ``bid``
        first, until ``settled()``; returns how many got decided."""
        candidates = sorted((o for o in self.options if o.undecided),
                            key=lambda o: -o.expected(bid, self.grand_base, 1.0))
        questions = [u for o in candidates for u in o.undecided.values()]
        decided = 0
        for u in questions:
            if u.tried or u.won != 0.5:
                continue
            if budget.exhausted or settled():
                break
            won = budget.reaches(u.pos, u.need)
            u.tried = True
            if won is not None:
                u.won = float(won)
                decided += 1
        if decided:
            for o in self.options:  # the answers into the results themselves
                o._settled()
            self._limits.clear()
        return decided

    def max_bid(self, margin: float = 0.0) -> int:
        """The highest bid at which some game's expectation beats ``margin`` plus the
        expected score of passing (:attr:`defending`; none: 0) (0: pass)."""
        key = (margin, self.defending)
        best = self._limits.get(key)
        if best is not None:
            return best
        best = 0
        top = self._top_value()
        for b in bid_values(self.grand_base):
            if self.defending is not None:
                margin_b = margin + self.defending(b)
            else:
                margin_b = margin
            if b > top and -2.0 * b - 90.0 <= margin_b:
                # every sampled game is overbid: each scores at most -2 b - 90
                continue
            o, v = self._best(b)
            if o is not None and v > margin_b:
                best = b
        self._limits[key] = best
        return best

    def _top_value(self) -> int:
        """The highest game value in any sample of any option."""
        top = 0
        for o in self.options:
            if isinstance(o, SkatChoice):
                top = max([top, *(g[2] for games in o.samples for g in games)])
            else:
                top = max([top, *(v for _, v in o.results)])
        return top


def _order(o: GameOption | SkatChoice) -> int:
    return int(o.contract.kind) * 4 + o.contract.hand * 2 + o.contract.ouvert


# ------------------------------------------------------------ candidates

def _suit_candidates(cards: Mask, forehand: bool, slack: float) -> list[int]:
    ranked = sorted(SUIT_KINDS, key=lambda k: -suit_strength(cards, k, forehand))
    out = [k for k in ranked[:2] if suit_strength(cards, k, forehand) >= SUIT_PICKUP - slack]
    return [int(k) for k in out]


def _auction_candidates(hand: Mask, forehand: bool) -> tuple[list[int], list[int]]:
    """(pickup kinds, hand kinds) worth simulating for a ten-card hand."""
    pickup = _suit_candidates(hand, forehand, 1.8)
    hand_kinds = _suit_candidates(hand, forehand, -0.5)[:1]
    g = grand_strength(hand, forehand)
    if g >= GRAND_PICKUP - 1.8 or (hand & JACKS).bit_count() >= 3:
        pickup.append(GameKind.GRAND)
        if g >= GRAND_PICKUP - 0.5:
            hand_kinds.append(GameKind.GRAND)
    risk = null_risk(hand)
    if risk <= 4:
        pickup.append(GameKind.NULL)
    if risk <= 1:
        hand_kinds.append(GameKind.NULL)
    return pickup, hand_kinds


# ------------------------------------------------------------ solving one game

def _declarer_wins(kind: int, hands: tuple[Mask, Mask, Mask], declarer: int, skat: Mask,
                   budget: NodeBudget, target: int = 61) -> float | Undecided | None:
    """1.0 or 0.0 as the declarer makes his game double-dummy; an :class:`Undecided`
    for a deal too close to solve within the per-call budget; None when the budget
    is spent."""
    if budget.exhausted:
        return None
    pos = Position(kind, hands, declarer, 0)
    need = 1 if kind == GameKind.NULL else target - points_of(skat)
    won = budget.reaches(pos, need)
    if won is None:
        return None if budget.exhausted else Undecided(pos, need)
    return 1.0 if won else 0.0


def _split(result: float | Undecided) -> tuple[float, Undecided | None]:
    return (result.won, result) if isinstance(result, Undecided) else (result, None)


def _with(hands: tuple[Mask, Mask, Mask], seat: int, cards: Mask) -> tuple[Mask, Mask, Mask]:
    h = list(hands)
    h[seat] = cards
    return (h[0], h[1], h[2])


def _value(contract: Contract, cards12: Mask, grand_base: int) -> int:
    if contract.kind == GameKind.NULL:
        return null_value(contract)
    m = abs(matadors(contract.kind, cards12))
    return base_value(contract.kind, grand_base) * (m + 1 + contract.hand)


def estimate_auction(hand: Mask, seat: int, grand_base: int, rng: random.Random, *,
                     samples: int = 20, budget: NodeBudget | None = None
                     ) -> HandEstimate[GameOption | SkatChoice]:
    """Simulate the games a ten-card hand could declare (skat unseen).

    Pickup games put away the counting discard for their kind; besides each
    game on its own, a :class:`SkatChoice` stands for choosing the game once
    the skat is seen. The deals are uniform over the unseen cards (the
    evaluation depends on the hand only, so it can be cached for the whole
    auction).
    """
    forehand = seat == 0
    pickup_kinds, hand_kinds = _auction_candidates(hand, forehand)
    options: list[GameOption] = []
    for k in pickup_kinds:
        options.append(GameOption(Contract.make(k), True))
        if k == GameKind.NULL:
            options.append(GameOption(Contract.make(k, ouvert=True), True))
    for k in hand_kinds:
        options.append(GameOption(Contract.make(k, hand=True), False))
        if k == GameKind.NULL:
            options.append(GameOption(Contract.make(k, hand=True, ouvert=True), False))
    if not options:
        return HandEstimate([], grand_base)
    unseen = cards_of(((1 << 32) - 1) & ~hand)
    others = [s for s in range(3) if s != seat]
    choice = SkatChoice()
    if budget is None:
        budget = NodeBudget(10_000_000, BID_NODES)
    for _ in range(samples):
        if budget.exhausted:
            break
        deck = unseen[:]
        rng.shuffle(deck)
        skat = 1 << deck[0] | 1 << deck[1]
        hands = [0, 0, 0]
        hands[others[0]] = mask_of(deck[2:12])
        hands[others[1]] = mask_of(deck[12:22])
        base_hands = (hands[0], hands[1], hands[2])
        cards12 = hand | skat
        done: dict[tuple[int, bool], tuple[float | Undecided | None, float]] = {}
        games: list[tuple[Contract, float, int, float]] = []
        for o in options:
            k = int(o.contract.kind)
            key = (k, o.pickup)
            if key not in done:
                if o.pickup:
                    a, b = ranked_discards(cards12, k, forehand)[0]
                    put = 1 << a | 1 << b
                    rest = cards12 & ~put
                    done[key] = (_declarer_wins(k, _with(base_hands, seat, rest), seat, put,
                                                budget), _margin(k, rest, forehand))
                else:
                    done[key] = (_declarer_wins(k, _with(base_hands, seat, hand), seat, skat,
                                                budget), 0.0)
            result, margin = done[key]
            if result is not None:
                won, und = _split(result)
                value = _value(o.contract, cards12, grand_base)
                o.add(won, value, und)
                if o.pickup:
                    if und is not None:
                        choice.undecided[len(choice.samples), len(games)] = und
                    games.append((o.contract, won, value, margin - 0.3 * o.contract.ouvert))
        if games:
            choice.samples.append(games)
    every: list[GameOption | SkatChoice] = [*options, choice] if choice.samples else [*options]
    return HandEstimate(every, grand_base)


def _margin(kind: int, rest: Mask, forehand: bool) -> float:
    """How far the counts place ten cards above their threshold for a game of ``kind``."""
    if kind == GameKind.NULL:
        return NULL_PICKUP_RISK - null_risk(rest) - 0.5
    need = GRAND_PICKUP if kind == GameKind.GRAND else SUIT_PICKUP
    return strength(kind, rest, forehand) - need


# ------------------------------------------------------------ after picking up

def suit_kind_of_best(cards: Mask, forehand: bool) -> int:
    """The trump suit the counts like best for ``cards``."""
    return int(max(SUIT_KINDS, key=lambda k: suit_strength(cards, k, forehand)))


def _pickup_candidates(cards12: Mask, forehand: bool) -> list[GameOption]:
    out: list[GameOption] = []
    suits = sorted(SUIT_KINDS, key=lambda k: -suit_strength(cards12, k, forehand))
    kinds = [int(k) for k in suits if (cards12 & trump_mask(k)).bit_count() >= 4][:2]
    if not kinds:
        kinds = [int(suits[0])]
    if (cards12 & JACKS).bit_count() >= 2 or grand_strength(cards12, forehand) >= GRAND_PICKUP:
        kinds.append(GameKind.GRAND)
    for k in kinds:
        for d in ranked_discards(cards12, k, forehand)[:3]:
            out.append(GameOption(Contract.make(k), True, d))
    ranked_null = ranked_discards(cards12, GameKind.NULL, forehand)
    best_null = ranked_null[0]
    if null_risk(cards12 & ~(1 << best_null[0] | 1 << best_null[1])) <= 3:
        for d in ranked_null[:2]:
            out.append(GameOption(Contract.make(GameKind.NULL), True, d))
            out.append(GameOption(Contract.make(GameKind.NULL, ouvert=True), True, d))
    return out


def estimate_pickup(obs: Observation, rng: random.Random, *, samples: int = 24,
                    budget: NodeBudget | None = None,
                    discard: tuple[Card, Card] | None = None) -> HandEstimate[GameOption]:
    """After picking up: simulate the best discards for each promising game.

    With ``discard`` (the cards already put away) only the games with that
    discard are simulated.

    The same sampled defender hands serve every candidate (common random
    numbers); weak candidates are dropped after a first round (successive
    halving), the survivors get the rest of the samples.
    """
    seat = obs.seat
    cards12 = obs.hand | (obs.known_skat & ~obs.played)
    grand_base = obs.options.grand_base
    options = _pickup_candidates(cards12, seat == 0)
    if discard is not None:
        # the cards are away already: every candidate game with that discard
        kinds = dict.fromkeys(int(o.contract.kind) for o in options)
        kinds.update(dict.fromkeys((int(suit_kind_of_best(cards12, seat == 0)),
                                    int(GameKind.NULL))))
        options = [GameOption(Contract.make(k, ouvert=ouvert), True, discard)
                   for k in kinds for ouvert in ((False, True) if k == GameKind.NULL
                                                 else (False,))]
    worlds = sample_worlds(obs, samples, rng, auction_weight(obs))
    rounds = (max(4, samples // 4), max(8, samples // 2), samples)
    alive = options
    start = 0
    if budget is None:
        budget = NodeBudget(10_000_000, BID_NODES)
    for stop in rounds:
        for world in worlds[start:stop]:
            if budget.exhausted:
                break
            _simulate_pickup(alive, world, seat, cards12, grand_base, budget)
        start = stop
        if stop >= len(worlds):
            break
        ranked = sorted(alive, key=lambda o: -o.expected(obs.bid, grand_base))
        alive = ranked[: max(2, len(ranked) // 3)]
    # only the survivors compete: a dropped candidate's few samples are too noisy
    return HandEstimate(alive, grand_base)


def _simulate_pickup(options: list[GameOption], world: World, seat: int, cards12: Mask,
                     grand_base: int, budget: NodeBudget) -> None:
    done: dict[tuple[int, tuple[Card, Card]], float | Undecided | None] = {}
    for o in options:
        assert o.discard is not None
        key = (int(o.contract.kind), o.discard)
        if key not in done:
            put = 1 << o.discard[0] | 1 << o.discard[1]
            done[key] = _declarer_wins(key[0], _with(world.hands, seat, cards12 & ~put), seat,
                                       put, budget)
        result = done[key]
        if result is not None:
            won, und = _split(result)
            o.add(won, _value(o.contract, cards12, grand_base), und)
