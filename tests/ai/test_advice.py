"""The bidding helper's estimate: the Expert's game, chance and highest bid for a hand."""

from __future__ import annotations

from skatgame.ai.advice import ADVICE_SEED, bid_advice
from skatgame.ai.bidding import SkatChoice
from skatgame.ai.chances import AUCTION, shown_chance
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.engine.cards import mask_of, parse_cards
from skatgame.engine.deal import Deal
from skatgame.engine.rules import GameKind
from skatgame.engine.scoring import game_value

STRONG = "CJ SJ HJ CA CT CK C9 C8 SA HA"
WEAK = "C7 S8 S9 H7 HQ HK D8 D9 DQ DK"


def auction_for(middlehand: str) -> Deal:
    mine = parse_cards(middlehand)
    rest = [c for c in range(32) if c not in mine]
    return Deal(rest[:10] + mine + rest[10:])


def test_a_strong_hand_is_worth_its_game_and_a_weak_one_nothing() -> None:
    deal = auction_for(STRONG)
    advice = bid_advice(deal.observation(1))
    assert advice.contract is not None and advice.contract.kind in (GameKind.CLUBS,
                                                                    GameKind.GRAND)
    assert advice.win_probability is not None and advice.win_probability > 0.6
    assert advice.max_bid >= 36
    assert bid_advice(deal.observation(1)) == advice  # asked again: the same answer
    weak = bid_advice(auction_for(WEAK).observation(1))
    assert weak.max_bid == 0


def test_the_advice_names_the_game_its_limit_is_reckoned_with() -> None:
    """A hand best played as spades at 18 but worth bidding to 48 only as a grand: the
    advice names the grand, its chance, and the limit is that grand's value."""
    mine = parse_cards("SJ DJ CT SA ST SQ S9 DA DK DQ")
    rest = [c for c in range(32) if c not in mine]
    deal = Deal(rest[:20] + mine + rest[20:])
    obs = deal.observation(2)
    advice = bid_advice(obs)
    est = ExpertPlayer(ADVICE_SEED).auction_estimate(obs, None)
    assert advice.max_bid == est.max_bid() > 0
    assert est.best(18).contract.kind != advice.contract.kind  # the 18 game is not the limit's
    best = est.best(advice.max_bid)
    if isinstance(best, SkatChoice):
        games = [c for c, _, _ in best.games_at(advice.max_bid)]
        assert advice.contract == max(set(games), key=games.count)
    else:
        assert advice.contract == best.contract
        # the chance shown: the share of sampled deals won, calibrated (skatgame.ai.chances)
        raw = sum(w for w, _ in best.results) / len(best.results)
        assert advice.win_probability == shown_chance(raw, declarer=True, phase=AUCTION,
                                                      kind=best.contract.kind)
    assert advice.contract.kind == GameKind.GRAND
    value = game_value(advice.contract, obs.hand).value
    assert value == advice.max_bid == 48 and not advice.needs_skat
    assert 0.5 < advice.win_probability < 1



def test_the_strong_hands_limit_is_at_least_its_games_value() -> None:
    advice = bid_advice(auction_for(STRONG).observation(1))
    assert advice.contract is not None
    value = game_value(advice.contract, mask_of(parse_cards(STRONG))).value
    assert advice.max_bid >= value


def test_the_hint_in_the_auction_bids_to_the_helpers_limit() -> None:
    """The helper and the hint ask the same estimate: the hint bids while the next value
    is within the marked limit and passes beyond it."""
    from skatgame.ai.hints import HINT_SEED, suggest
    from skatgame.engine.actions import PASS, Bid

    assert ADVICE_SEED == HINT_SEED
    for cards in ("SJ DJ CT SA ST SQ S9 DA DK DQ", STRONG, WEAK):
        deal = auction_for(cards)
        obs = deal.observation(1)  # Middlehand bids first
        limit = bid_advice(obs).max_bid
        hint = suggest(obs).action
        lowest = min(a.value for a in obs.legal_actions if isinstance(a, Bid))
        if lowest <= limit:
            assert hint == Bid(lowest)
        else:
            assert hint == PASS
