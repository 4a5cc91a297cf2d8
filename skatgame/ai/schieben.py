"""Schieberamsch by simulation: take or push the skat, and which two cards to pass on.

For every sampled world (the hidden hands and the skat as this seat may
believe them) the rest of the pushing round is played by the Beginner's rules
(take the skat when the hand is dangerous, pass on the two most dangerous
cards), then the Ramsch itself is played out several times by the ducking
policy of :func:`skatgame.ai.pimc.ramsch_playout`. Every push doubles the
score, so a push is worth it when the doubled expectation beats the one with
the skat taken. The same play-outs rank the candidate pairs of cards to pass
on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from skatgame.ai.evaluation import RAMSCH_TAKE, ramsch_danger, ranked_ramsch_discard
from skatgame.ai.pimc import ramsch_outcome
from skatgame.ai.sampling import World, sample_worlds
from skatgame.engine.cards import CARD_POINTS, JACKS, Card, Mask, cards_of
from skatgame.engine.observation import Observation

__all__ = ["push_candidates", "schieben_values", "TAKE", "PUSH"]

TAKE = "take"
PUSH = "push"


def _others_decide(hands: list[Mask], skat: Mask, seat: int, pushes: int
                   ) -> tuple[list[Mask], int]:
    """The seats after ``seat`` take or push by the Beginner's rules; (hands, pushes).
    The skat they leave is what the hands do not hold (:func:`_skat_after`)."""
    for s in range(seat + 1, 3):
        if ramsch_danger(hands[s]) >= RAMSCH_TAKE:
            cards12 = hands[s] | skat
            a, b = ranked_ramsch_discard(cards12)
            skat = 1 << a | 1 << b
            hands[s] = cards12 & ~skat
        else:
            pushes += 1
    return hands, pushes


def _mean_outcome(obs: Observation, hands: list[Mask], skat: Mask, pushes: int,
                  playouts: int, rnd: Callable[[], float]) -> float:
    total = 0.0
    for _ in range(playouts):
        total += ramsch_outcome(obs, list(hands), skat, rnd) * 2.0 ** pushes
    return total / playouts


def push_candidates(cards12: Mask, count: int = 5) -> list[tuple[Card, Card]]:
    """Pairs of cards worth trying to pass on: among the ``count`` most dangerous
    non-jack cards (jacks may not be passed on)."""
    plain = [c for c in cards_of(cards12) if not JACKS >> c & 1]
    first = ranked_ramsch_discard(cards12)
    ranked = sorted(plain, key=lambda c: (c not in first, -CARD_POINTS[c], -(c & 7), c))
    return [(min(a, b), max(a, b)) for a, b in combinations(ranked[:count], 2)]


def schieben_values(obs: Observation, rng: random.Random, *, worlds: int, playouts: int,
                    pairs: list[tuple[Card, Card]] | None = None) -> dict[object, float]:
    """Mean Ramsch score (relative to the other two) of each choice of ``obs.seat``.

    In the take-or-push phase the choices are :data:`TAKE` (then passing on
    what the rules of thumb pass on) and :data:`PUSH`; with 12 cards in
    hand they are the ``pairs`` to pass on (default: :func:`push_candidates`).
    """
    seat = obs.seat
    sampled: list[World] = sample_worlds(obs, worlds, rng)
    rnd = rng.random
    twelve = obs.hand.bit_count() == 12
    candidates = (pairs or push_candidates(obs.hand)) if twelve else []
    values: dict[object, float] = {}
    n = 0
    for w in sampled:
        n += 1
        if twelve:
            for pair in candidates:
                put = 1 << pair[0] | 1 << pair[1]
                hands = list(w.hands)
                hands[seat] = obs.hand & ~put
                hands, pushes = _others_decide(hands, put, seat, obs.pushes)
                values[pair] = values.get(pair, 0.0) + _mean_outcome(
                    obs, hands, _skat_after(hands, put), pushes, playouts, rnd)
            continue
        # push: the skat goes on unseen
        hands, pushes = _others_decide(list(w.hands), w.skat, seat, obs.pushes + 1)
        values[PUSH] = values.get(PUSH, 0.0) + _mean_outcome(
            obs, hands, _skat_after(hands, w.skat), pushes, playouts, rnd)
        # take: pass on what the rules of thumb pass on (the choice of the
        # cards is simulated when it is made, with twelve cards in hand)
        cards12 = obs.hand | w.skat
        a, b = ranked_ramsch_discard(cards12)
        put = 1 << a | 1 << b
        hands = list(w.hands)
        hands[seat] = cards12 & ~put
        hands, pushes = _others_decide(hands, put, seat, obs.pushes)
        values[TAKE] = values.get(TAKE, 0.0) + _mean_outcome(
            obs, hands, _skat_after(hands, put), pushes, playouts, rnd)
    return {k: v / n for k, v in values.items()} if n else {}


def _skat_after(hands: list[Mask], skat: Mask) -> Mask:
    """The skat at the start of play: the 32 cards less the hands."""
    return ((1 << 32) - 1) & ~(hands[0] | hands[1] | hands[2])
