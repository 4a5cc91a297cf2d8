"""The hidden-card sampler: every sampled world fits everything the seat has seen."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from skatgame.ai.levels.beginner import BeginnerPlayer
from skatgame.ai.player import RandomPlayer
from skatgame.ai.sampling import (
    SKAT,
    World,
    auction_weight,
    deal_constrained,
    sample_spec,
    sample_worlds,
)
from skatgame.engine.cards import FULL_DECK, cards_of
from skatgame.engine.deal import Deal
from skatgame.engine.observation import Observation
from skatgame.engine.options import RuleOptions
from skatgame.engine.rules import EFFECTIVE_SUIT

OPTIONS = [RuleOptions(), RuleOptions(ramsch=True), RuleOptions(ramsch=True, schieberamsch=True),
           RuleOptions(kontra=True)]


def _deal_at(seed: int, steps: int, options: RuleOptions, random_play: bool) -> Deal:
    """A deal after up to ``steps`` actions by Beginners (or random players)."""
    deal = Deal.from_seed(seed, options)
    players = [RandomPlayer(seed + s) if random_play else BeginnerPlayer(s) for s in range(3)]
    for _ in range(steps):
        if deal.to_move is None:
            break
        seat = deal.to_move
        deal.apply(players[seat].act(deal.observation(seat)))
    return deal


def _check_world(world: World, obs: Observation, deal: Deal) -> None:
    me = obs.seat
    assert world.hands[me] == obs.hand
    parts = [*world.hands, world.skat, obs.played]
    union = 0
    for part in parts:
        assert union & part == 0, "a card in two places"
        union |= part
    assert union == FULL_DECK
    for s in range(3):
        assert world.hands[s].bit_count() == deal.hands[s].bit_count()
    assert world.skat.bit_count() == deal.skat.bit_count()
    if obs.open_cards:
        assert world.hands[obs.open_seat] == obs.open_cards
    known_away = obs.known_skat & ~obs.hand & ~obs.played
    if known_away and obs.contract is not None and obs.contract.kind != 6:
        assert world.skat == known_away  # a declarer knows the skat he laid down
    if obs.contract is not None:
        eff = EFFECTIVE_SUIT[obs.contract.kind]
        for s, voids in enumerate(obs.voids()):
            assert not any(eff[c] in voids for c in cards_of(world.hands[s]))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45), options=st.sampled_from(OPTIONS),
       random_play=st.booleans())
def test_sampled_worlds_respect_the_observation(seed: int, steps: int, options: RuleOptions,
                                               random_play: bool) -> None:
    deal = _deal_at(seed, steps, options, random_play)
    for seat in range(3):
        obs = deal.observation(seat)
        worlds = sample_worlds(obs, 4, random.Random(seed), auction_weight(obs))
        assert len(worlds) == 4
        for w in worlds:
            _check_world(w, obs, deal)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 45), options=st.sampled_from(OPTIONS))
def test_the_true_deal_is_always_possible(seed: int, steps: int, options: RuleOptions) -> None:
    deal = _deal_at(seed, steps, options, random_play=seed % 2 == 0)
    for seat in range(3):
        spec = sample_spec(deal.observation(seat))
        for card, allowed in spec.allowed:
            where = [s for s in range(3) if deal.hands[s] >> card & 1]
            where += [SKAT] if deal.skat >> card & 1 else []
            assert len(where) == 1 and allowed >> where[0] & 1


def test_voids_are_honoured_even_when_tight() -> None:
    # a spec by hand: seat 1 may take no club, seat 2 no spade; clubs must go to 2 or the skat
    from skatgame.ai.sampling import SampleSpec

    clubs = [c for c in range(8)]
    spades = [c for c in range(8, 16)]
    allowed = tuple([(c, 1 << 2 | 1 << SKAT) for c in clubs]
                    + [(c, 1 << 1 | 1 << SKAT) for c in spades])
    spec = SampleSpec((0, 0, 0, 0), (0, 7, 7, 2), allowed)
    rng = random.Random(5)
    for _ in range(200):
        w = deal_constrained(spec, rng)
        assert w is not None
        assert not w.hands[1] & 0xFF and not w.hands[2] & 0xFF00
        assert w.hands[1].bit_count() == 7 and w.hands[2].bit_count() == 7
    impossible = SampleSpec((0, 0, 0, 0), (0, 7, 7, 2),
                            tuple((c, 1 << 2) for c in clubs) + allowed[8:])
    assert deal_constrained(impossible, rng) is None


def test_unconstrained_sampling_is_uniform_enough() -> None:
    # the auction: each unseen card lands in the skat about 2 times in 22
    deal = Deal.from_seed(9)
    obs = deal.observation(1)
    rng = random.Random(1)
    counts = dict.fromkeys(cards_of(obs.unseen), 0)
    n = 2200
    for w in sample_worlds(obs, n, rng):
        for c in cards_of(w.skat):
            counts[c] += 1
    assert all(120 <= v <= 280 for v in counts.values()), counts


def test_bids_make_strong_declarer_hands_likelier() -> None:
    # after a high bid, sampled declarer hands are worth the bid and hold more trumps
    from skatgame.ai.evaluation import contract_value
    from skatgame.engine.rules import trump_mask

    for seed in range(200):
        deal = _deal_at(seed, 60, RuleOptions(), random_play=False)
        if deal.declarer is not None and deal.bid >= 30 and deal.contract.kind <= 4:
            break
    else:  # pragma: no cover
        raise AssertionError("no high bid among the seeds")
    d = deal.declarer
    seat = (d + 1) % 3
    fresh = Deal(deal.cards, deal.options)
    for s, a in deal.history:  # replay until the declaration, to observe before any card
        fresh.apply(a, s)
        if fresh.phase.value == "play":
            break
    obs = fresh.observation(seat)
    contract = deal.contract
    trumps = trump_mask(contract.kind)

    def figures(worlds: list[World]) -> tuple[int, int]:
        worth = sum(contract_value(contract, w.hands[d] | w.skat) >= deal.bid for w in worlds)
        return worth, sum((w.hands[d] & trumps).bit_count() for w in worlds)

    weighted = figures(sample_worlds(obs, 150, random.Random(2), auction_weight(obs)))
    uniform = figures(sample_worlds(obs, 150, random.Random(2)))
    assert weighted[0] > uniform[0]
    assert weighted[1] > uniform[1]
