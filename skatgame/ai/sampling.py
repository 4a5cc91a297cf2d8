"""Sampling the hidden cards: deals consistent with everything one seat has seen.

A :class:`World` fills in what an :class:`Observation` hides: every seat's
current hand and the cards lying in the skat. A sampled world always respects

* the seat's own hand, the cards played, the cards lying open (ouvert) and
  the skat when the seat knows it (a declarer who picked it up);
* the hand sizes (a seat holds ten cards less the ones it played);
* the suits a seat failed to follow (``obs.voids()``);
* in Schieberamsch, where the cards this seat pushed on can have gone;

and, softly, what the bids imply (:func:`auction_weight`): worlds in which a
seat bid far beyond what its cards are worth, or passed a hand that would
have gone on bidding, are accepted less often.

Dealing with constraints is a small transportation problem. Cards are dealt
one at a time, the most constrained first, each to a bucket (a hidden hand or
the skat) drawn in proportion to its free room, among the buckets that keep
the rest solvable (Hall's condition over the buckets). Without constraints
this is exactly a uniform shuffle.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from skatgame.ai.evaluation import (
    GRAND_PICKUP,
    SUIT_PICKUP,
    bid_limit,
    contract_value,
    null_risk,
    strength,
)
from skatgame.engine.actions import Contract
from skatgame.engine.auction import next_bid
from skatgame.engine.cards import CARD_POINTS, FULL_DECK, JACKS, Card, Mask, cards_of, mask_of
from skatgame.engine.observation import Observation
from skatgame.engine.phase import Phase
from skatgame.engine.rules import EFFECTIVE_SUIT, GameKind, trump_mask

__all__ = ["SKAT", "SampleSpec", "World", "auction_weight", "deal_constrained",
           "sample_spec", "sample_worlds"]

SKAT = 3  # bucket number of the skat (seats are 0..2)


@dataclass(frozen=True, slots=True)
class World:
    """One completion of an observation: the current hands and the skat."""

    hands: tuple[Mask, Mask, Mask]
    skat: Mask


@dataclass(frozen=True, slots=True)
class SampleSpec:
    """What is fixed and what is to be dealt for one observation.

    ``fixed[b]`` are the cards known to lie in bucket ``b`` (0..2 seats, 3 the
    skat); ``room[b]`` how many more cards bucket ``b`` takes; ``allowed``
    maps each card still to deal to the mask of buckets it may go to.
    """

    fixed: tuple[Mask, Mask, Mask, Mask]
    room: tuple[int, int, int, int]
    allowed: tuple[tuple[Card, int], ...]

    def world(self, dealt: list[Mask]) -> World:
        f = self.fixed
        return World((f[0] | dealt[0], f[1] | dealt[1], f[2] | dealt[2]), f[SKAT] | dealt[SKAT])


def played_by(obs: Observation) -> tuple[Mask, Mask, Mask]:
    """The cards each seat has played so far (current trick included)."""
    out = [0, 0, 0]
    for t in obs.tricks:
        for i, c in enumerate(t.cards):
            out[(t.leader + i) % 3] |= 1 << c
    for i, c in enumerate(obs.trick):
        out[(obs.trick_leader + i) % 3] |= 1 << c
    return (out[0], out[1], out[2])


def sample_spec(obs: Observation) -> SampleSpec:
    """The constraints an observation puts on the hidden cards."""
    me = obs.seat
    played = obs.played
    by_seat = played_by(obs)
    fixed = [0, 0, 0, 0]
    fixed[me] = obs.hand
    open_seat = obs.open_seat if obs.open_cards else None
    if open_seat is not None and open_seat != me:
        fixed[open_seat] = obs.open_cards
    put_away = obs.known_skat & ~obs.hand & ~played  # cards this seat laid down as skat
    ramsch = obs.contract is not None and obs.contract.kind == GameKind.RAMSCH
    pushed: Mask = 0  # Schieberamsch: cards this seat passed on, whereabouts open
    if ramsch and put_away and me != 2 and obs.pushes < 2:
        pushed = put_away  # a later seat may have taken them up
    elif put_away:
        fixed[SKAT] = put_away
    # hand sizes: ten less what was played; a seat putting two cards away holds twelve
    size = [10 - by_seat[s].bit_count() for s in range(3)]
    if obs.phase is Phase.DISCARD and obs.to_move is not None:
        size[obs.to_move] = 12
    size[me] = obs.hand.bit_count()
    skat_size = 32 - sum(size) - played.bit_count()
    room = [0, 0, 0, 0]
    hidden_seats = [s for s in range(3) if s != me and s != open_seat]
    for s in hidden_seats:
        room[s] = size[s]
    room[SKAT] = skat_size - fixed[SKAT].bit_count()
    unknown = FULL_DECK & ~(played | fixed[0] | fixed[1] | fixed[2] | fixed[SKAT])
    voids = obs.voids()
    kind = obs.contract.kind if obs.contract is not None else GameKind.GRAND
    eff = EFFECTIVE_SUIT[kind]
    base = sum(1 << s for s in hidden_seats) | (1 << SKAT if room[SKAT] else 0)
    later = sum(1 << s for s in hidden_seats if s > me) | 1 << SKAT
    jacks_out_of_skat = ramsch and bool(obs.known_skat)
    allowed: list[tuple[Card, int]] = []
    for c in cards_of(unknown):
        a = later if pushed >> c & 1 else base
        for s in hidden_seats:
            if eff[c] in voids[s]:
                a &= ~(1 << s)
        if jacks_out_of_skat and JACKS >> c & 1:
            a &= ~(1 << SKAT)
        allowed.append((c, a))
    return SampleSpec((fixed[0], fixed[1], fixed[2], fixed[3]),
                      (room[0], room[1], room[2], room[3]), tuple(allowed))


def _feasible(counts: dict[int, int], room: list[int]) -> bool:
    """Hall's condition: every union of allowed-sets has room for its cards."""
    masks = [m for m, n in counts.items() if n]
    k = len(masks)
    for sel in range(1, 1 << k):
        union = 0
        for i in range(k):
            if sel >> i & 1:
                union |= masks[i]
        need = sum(n for m, n in counts.items() if n and m & ~union == 0)
        have = sum(room[b] for b in range(4) if union >> b & 1)
        if need > have:
            return False
    return True


def deal_constrained(spec: SampleSpec, rng: random.Random) -> World | None:
    """Deal the unknown cards of ``spec`` at random; None if no deal fits the constraints."""
    cards = list(spec.allowed)
    rng.shuffle(cards)
    cards.sort(key=lambda ca: ca[1].bit_count())  # the most constrained first (stable)
    room = list(spec.room)
    counts: dict[int, int] = {}
    for _, a in cards:
        counts[a] = counts.get(a, 0) + 1
    if not _feasible(counts, room):
        return None
    constrained = len(counts) > 1
    dealt = [0, 0, 0, 0]
    for c, a in cards:
        counts[a] -= 1
        options = [b for b in range(4) if a >> b & 1 and room[b] > 0]
        if constrained and len(options) > 1:
            ok = []
            for b in options:
                room[b] -= 1
                if _feasible(counts, room):
                    ok.append(b)
                room[b] += 1
            options = ok
        if not options:
            return None
        if len(options) == 1:
            b = options[0]
        else:
            x = rng.random() * sum(room[o] for o in options)
            for b in options:
                x -= room[b]
                if x < 0:
                    break
        room[b] -= 1
        dealt[b] |= 1 << c
    return spec.world(dealt)


Weigher = Callable[[World], float]


def sample_worlds(obs: Observation, n: int, rng: random.Random,
                  weigh: Weigher | None = None, tries_per_world: int = 8) -> list[World]:
    """``n`` worlds consistent with ``obs``, accepted with probability ``weigh(world)``.

    When the weights reject too often, the best-weighted of the rejected worlds
    fill the rest, so the answer always holds ``n`` worlds (fewer only when no
    world at all fits the observation, which a real deal rules out).
    """
    spec = sample_spec(obs)
    out: list[World] = []
    spare: list[tuple[float, int, World]] = []
    for attempt in range(n * tries_per_world):
        w = deal_constrained(spec, rng)
        if w is None:
            break
        weight = 1.0 if weigh is None else weigh(w)
        if weight >= 1.0 or rng.random() < weight:
            out.append(w)
            if len(out) == n:
                return out
        else:
            spare.append((weight, attempt, w))
    spare.sort(key=lambda t: (-t[0], t[1]))
    out.extend(w for _, _, w in spare[: n - len(out)])
    return out


# ------------------------------------------------------------ what the bids imply

def _passes(obs: Observation) -> dict[int, int]:
    """Seat -> the value on the table when it passed in the auction."""
    out: dict[int, int] = {}
    value = 0
    for seat, call in obs.auction_calls:
        if call.isdigit():
            value = int(call)
        elif call == "p" and seat not in out:
            out[seat] = value
    return out


def auction_weight(obs: Observation) -> Weigher:
    """A weight for worlds by how well each hidden seat's cards fit its bids.

    Seats are judged by the counts of :mod:`skatgame.ai.evaluation`: a seat
    that bid above what its cards count for, or passed below it, makes the
    world less likely; the declarer's cards must be worth his bid in the
    declared game and strong enough for it.
    """
    me = obs.seat
    by_seat = played_by(obs)
    passes = _passes(obs)
    grand_base = obs.options.grand_base
    contract = obs.contract if obs.contract and obs.contract.kind != GameKind.RAMSCH else None
    declarer = obs.declarer if contract is not None else None
    hidden = [s for s in range(3) if s != me and not (obs.open_cards and s == obs.open_seat)]
    judged = [s for s in hidden if obs.highest_by_seat[s] or s in passes or s == declarer]
    if not judged:
        return lambda w: 1.0

    def weigh(w: World) -> float:
        weight = 1.0
        for s in judged:
            cards = w.hands[s] | by_seat[s]
            if s == declarer:
                assert contract is not None
                if not contract.hand:
                    cards |= w.skat
                weight *= _declarer_fit(contract, cards, obs.bid, s == 0, grand_base)
                continue
            limit = bid_limit(cards, s == 0, grand_base)
            bid = obs.highest_by_seat[s]
            if bid and limit < bid:
                # other bidders count differently: a shortfall is unlikely, not impossible
                weight *= max(0.25, 0.6 * math.exp(-(bid - limit) / 30))
            if s in passes:
                nxt = next_bid(passes[s], grand_base) or 999
                if limit >= nxt + 3:
                    weight *= 0.5
        return weight

    return weigh


def _declarer_fit(contract: Contract, cards: Mask, bid: int, forehand: bool,
                  grand_base: int) -> float:
    kind = contract.kind
    w = 1.0
    if kind == GameKind.NULL:
        return 1.0 if null_risk(cards) <= 4 else 0.5
    if contract_value(contract, cards, grand_base) < bid:
        w *= 0.1  # he would have known (or, in a hand game, feared) an overbid
    hand10 = cards
    if cards.bit_count() > 10:
        # he put away his two weakest; judge the ten best by dropping plain low cards
        hand10 = _drop_two_weakest(kind, cards)
    s = strength(kind, hand10, forehand)
    need = GRAND_PICKUP if kind == GameKind.GRAND else SUIT_PICKUP
    if s < need:
        w *= math.exp(0.8 * (s - need))
    return w


def _drop_two_weakest(kind: int, cards: Mask) -> Mask:
    plain = [c for c in cards_of(cards) if not trump_mask(kind) >> c & 1]
    plain.sort(key=lambda c: (CARD_POINTS[c], c & 7))
    return cards & ~mask_of(plain[:2])
