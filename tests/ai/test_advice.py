"""The bidding helper's estimate: the Expert's game, chance and highest bid for a hand."""

from __future__ import annotations

from skatgame.ai.advice import bid_advice
from skatgame.engine.cards import parse_cards
from skatgame.engine.deal import Deal
from skatgame.engine.rules import GameKind

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
