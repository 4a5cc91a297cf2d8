"""Property tests over random deals (hypothesis)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatgame.engine.actions import PLAYS, Bid, Play
from skatgame.engine.cards import FULL_DECK, count, points_of
from skatgame.engine.deal import Deal, IllegalActionError, Phase
from skatgame.engine.options import (
    RAMSCH_DURCHMARSCH,
    RAMSCH_JUNGFRAU,
    RAMSCH_LOSS,
    RAMSCH_SKAT,
    RuleOptions,
)
from skatgame.engine.playout import random_playout
from skatgame.engine.records import deal_from_record, deal_to_record
from skatgame.engine.rules import FOLLOW_MASK

from .helpers import play_random, play_steps, snapshot

seeds = st.integers(min_value=0, max_value=2**63)
option_sets = st.builds(
    RuleOptions, ramsch=st.booleans(), schieberamsch=st.booleans(), kontra=st.booleans(),
    kontra_needs_bid=st.booleans(), grand_base=st.sampled_from([24, 20]),
    ramsch_skat=st.sampled_from(RAMSCH_SKAT), ramsch_loss=st.sampled_from(RAMSCH_LOSS),
    ramsch_jungfrau=st.sampled_from(RAMSCH_JUNGFRAU),
    ramsch_durchmarsch=st.sampled_from(RAMSCH_DURCHMARSCH),
)
many = settings(max_examples=1000, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@many
@given(seeds, option_sets)
def test_every_played_out_deal_accounts_for_120_points(seed, options):
    deal = play_random(Deal.from_seed(seed, options), random.Random(seed))
    r = deal.result
    if r.passed:
        return
    if r.declarer is None:  # Ramsch: the skat went to someone, or (its rule) to no one
        nobody = options.ramsch_skat == "nobody"
        assert (r.skat_taker is None) == nobody
        assert sum(r.points) + (points_of(deal.skat) if nobody else 0) == 120
    else:  # cards still in the hands: a null or schwarz game that ended early
        skat = points_of(deal.skat)
        unplayed = points_of(deal.hands[0] | deal.hands[1] | deal.hands[2])
        assert sum(deal.points) + skat + unplayed == 120
        assert r.declarer_points == deal.points[r.declarer] + skat


@many
@given(seeds)
def test_legal_moves_follow_suit(seed):
    deal = Deal.from_seed(seed)
    rng = random.Random(seed)
    while not deal.done:
        actions = deal.legal_actions()
        if deal.phase is Phase.PLAY:
            hand = deal.hands[deal.to_move]
            cards = {a.card for a in actions}
            assert cards and all(hand >> c & 1 for c in cards)
            if deal.trick:
                follow = hand & FOLLOW_MASK[deal.contract.kind][deal.trick[0]]
                expected = follow if follow else hand
                assert sum(1 << c for c in cards) == expected
            else:
                assert sum(1 << c for c in cards) == hand
        deal.apply(rng.choice(actions))


@settings(max_examples=300, deadline=None)
@given(seeds)
def test_same_seed_same_deal_and_play(seed):
    a = play_random(Deal.from_seed(seed), random.Random(seed))
    b = play_random(Deal.from_seed(seed), random.Random(seed))
    assert a.cards == b.cards and a.history == b.history and a.result == b.result
    hands = a.initial_hands
    assert all(count(h) == 10 for h in hands) and count(a.initial_skat) == 2
    assert hands[0] | hands[1] | hands[2] | a.initial_skat == FULL_DECK


@settings(max_examples=400, deadline=None)
@given(seeds, option_sets, st.data())
def test_illegal_actions_raise_and_change_nothing(seed, options, data):
    deal = Deal.from_seed(seed, options)
    rng = random.Random(seed)
    while not deal.done:
        legal = set(deal.legal_actions())
        candidates = [PLAYS[c] for c in range(32)] + [Bid(v) for v in (17, 18, 30, 264, 300)]
        wrong = [a for a in candidates if a not in legal]
        bad = data.draw(st.sampled_from(wrong))
        other_seat = (deal.to_move + 1) % 3
        before = snapshot(deal)
        for action, seat in ((bad, None), (next(iter(legal)), other_seat)):
            try:
                deal.apply(action, seat)
            except IllegalActionError as e:
                assert str(e)
            else:
                raise AssertionError(f"{action} by {seat} was accepted in {deal.phase}")
            assert snapshot(deal) == before
        deal.apply(rng.choice(sorted(legal, key=lambda a: a.text)))


@settings(max_examples=400, deadline=None)
@given(seeds, option_sets, st.integers(min_value=0, max_value=40))
def test_records_round_trip(seed, options, stop):
    deal = play_steps(Deal.from_seed(seed, options), random.Random(seed), stop)
    again = deal_from_record(deal_to_record(deal, seed=seed))
    assert snapshot(again) == snapshot(deal)


@settings(max_examples=300, deadline=None)
@given(seeds)
def test_random_playout_agrees_with_the_deal(seed):
    """Playing a playout's moves through the engine gives the same declarer points."""
    deal = Deal.from_seed(seed)
    deal.apply(Bid(18))
    deal.apply(deal.legal_actions()[0])  # hold
    deal.apply(deal.legal_actions()[-1])  # pass
    deal.apply(deal.legal_actions()[-1])  # rearhand passes
    hand_games = [a for a in deal.legal_actions() if a.text in ("CH", "SH", "HH", "DH", "GH")]
    deal.apply(random.Random(seed).choice(hand_games))
    calls = []
    r = random.Random(seed).random

    def recording() -> float:
        x = r()
        calls.append(x)
        return x

    pts, tricks = random_playout(deal.contract.kind, tuple(deal.hands), deal.declarer, 0, (),
                                 recording)
    replay = iter(calls)
    while not deal.done:
        legal = sorted(a.card for a in deal.legal_actions())
        deal.apply(Play(legal[int(next(replay) * len(legal))]))
    assert pts == deal.points[deal.declarer] and tricks == deal.tricks_won[deal.declarer]


@settings(max_examples=150, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=29), st.integers(min_value=0, max_value=2))
def test_claims_are_decided_and_end_the_deal(seed, cards_played, claimant):
    """A claim at any point either ends the deal or is refused unchanged, never hangs."""
    from skatgame.engine.actions import CLAIM

    rng = random.Random(seed)
    deal = Deal.from_seed(seed)
    while not deal.done and (deal.phase is not Phase.PLAY or len(deal.history) < 4):
        deal.apply(rng.choice(deal.legal_actions()))
    if deal.done or deal.declarer is None:
        return
    if play_steps(deal, rng, cards_played).done:
        return
    before = snapshot(deal)
    try:
        deal.apply(CLAIM, claimant)
    except IllegalActionError:
        assert snapshot(deal) == before
        return
    assert deal.done and deal.result is not None
