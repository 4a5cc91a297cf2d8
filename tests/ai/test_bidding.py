"""Simulated bidding: candidate games, expected scores, the highest sound bid."""

from __future__ import annotations

import random

from skatgame.ai.bidding import GameOption, estimate_auction, estimate_pickup, sf_utility
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.engine.actions import PASS, TAKE_SKAT, Contract, Declare, Discard
from skatgame.engine.cards import mask_of, parse_cards
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.rules import GameKind


def m(text: str) -> int:
    return mask_of(parse_cards(text))


def test_sf_utility() -> None:
    assert sf_utility(True, 48, 30, 24) == 98
    assert sf_utility(False, 48, 30, 24) == -186
    # overbid: a game worth 30 at a bid of 33 (hearts) is lost at 40
    assert sf_utility(True, 30, 33, 10) == -2 * 40 - 90


def test_game_option_expectation_rises_with_wins() -> None:
    c = Contract.make(GameKind.CLUBS)
    good = GameOption(c, True, results=[(1.0, 36)] * 9 + [(0.0, 36)])
    bad = GameOption(c, True, results=[(1.0, 36)] * 3 + [(0.0, 36)] * 7)
    assert good.expected(18) > 0 > bad.expected(18)
    assert 0.0 <= bad.win_probability < good.win_probability <= 1.0
    # above its value the game is an overbid
    assert good.expected(40) < 0


def test_monster_hand_bids_high_and_junk_passes() -> None:
    monster = m("CJ SJ HJ DJ CA CT SA ST HA HT")
    est = estimate_auction(monster, 0, 24, random.Random(1), samples=6)
    assert est.max_bid() >= 96
    junk = m("CQ CK S9 SQ ST HK H9 D8 DQ DK")
    assert estimate_auction(junk, 1, 24, random.Random(1), samples=6).max_bid() == 0


def test_expert_declares_a_game_that_reaches_the_bid() -> None:
    for i in range(30):
        deal = Deal.from_seed(f"decl:{i}")
        # Middlehand bids up to 24, the others pass: Middlehand must pick up and declare
        deal.apply(deal.legal_actions()[0])  # 18
        deal.apply(PASS)  # Forehand passes
        deal.apply(PASS)  # Rearhand passes
        if deal.phase is Phase.SKAT:
            break
    expert = ExpertPlayer("d")
    deal.apply(TAKE_SKAT)
    obs = deal.observation(1)
    put = expert.act(obs)
    assert isinstance(put, Discard)
    deal.apply(put)
    declare = expert.act(deal.observation(1))
    assert isinstance(declare, Declare) and declare in deal.legal_actions()
    est = estimate_pickup(obs, random.Random(1), samples=6)
    assert all(o.discard is not None for o in est.options)


def test_skat_choice_takes_the_game_the_counts_prefer_among_those_worth_the_bid() -> None:
    from skatgame.ai.bidding import SkatChoice

    clubs, grand = Contract.make(GameKind.CLUBS), Contract.make(GameKind.GRAND)
    # per sample: clubs (worth 24, liked by the counts) and grand (worth 48, liked less)
    choice = SkatChoice([[(clubs, 1.0, 24, 1.0), (grand, 0.0, 48, -0.5)]] * 4)
    assert choice.contract == clubs
    at_18 = choice.expected(18)
    assert at_18 == GameOption(clubs, True, results=[(1.0, 24)] * 4).expected(18)
    # at 30 clubs is not worth the bid: grand is taken (and mostly lost)
    assert choice.expected(30) == GameOption(grand, True, results=[(0.0, 48)] * 4).expected(30)
    assert 0.0 < choice.win_probability <= 1.0
