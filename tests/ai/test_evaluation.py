"""Hand counts: strengths, bid limits, sound discards, null safety."""

from __future__ import annotations

from skatgame.ai.evaluation import (
    best_discard,
    bid_limit,
    contract_value,
    grand_strength,
    null_risk,
    plan_pickup,
    plans,
    suit_strength,
)
from skatgame.engine.actions import Contract
from skatgame.engine.cards import mask_of, parse_cards
from skatgame.engine.rules import GameKind, trump_mask


def m(text: str) -> int:
    return mask_of(parse_cards(text))


STRONG_CLUBS = m("CJ SJ HJ CA CT C9 C8 SA HA D7")
JUNK = m("C7 C8 S7 S9 H8 HQ D7 D8 D9 DK")
GRAND = m("CJ SJ HJ DJ CA CT SA ST HA D7")
NULL_SAFE = m("C7 C9 S7 S8 H7 H9 HJ D7 D8 D9")


def test_strong_suit_hand_bids_its_value() -> None:
    assert suit_strength(STRONG_CLUBS, GameKind.CLUBS) > suit_strength(STRONG_CLUBS,
                                                                       GameKind.HEARTS)
    # clubs with 3, game 4 x 12 = 48; a hand game would be worth 60
    assert bid_limit(STRONG_CLUBS) >= 48


def test_junk_passes() -> None:
    assert bid_limit(JUNK) == 0
    assert plans(JUNK) == []


def test_grand_hand_counts_as_grand() -> None:
    assert grand_strength(GRAND, forehand=True) > grand_strength(STRONG_CLUBS)
    best = plans(GRAND, forehand=True)[0]
    assert best.contract.kind in (GameKind.GRAND, GameKind.CLUBS, GameKind.SPADES)
    assert bid_limit(GRAND, forehand=True) >= 120  # grand with 4: 5 x 24


def test_null_safety() -> None:
    assert null_risk(NULL_SAFE) == 0
    assert null_risk(m("CA")) > 0  # a bare ace is caught
    assert null_risk(m("C7 C9 CJ")) == 0
    assert any(p.contract.kind == GameKind.NULL for p in plans(NULL_SAFE, hand_game=True))


def test_discard_keeps_trumps_and_aces() -> None:
    twelve = STRONG_CLUBS | m("DT HK")
    a, b = best_discard(twelve, GameKind.CLUBS)
    away = 1 << a | 1 << b
    assert not away & trump_mask(GameKind.CLUBS)
    assert not away & m("SA HA")
    # the bare ten of diamonds goes into the skat (its points count for the declarer)
    assert away & m("DT")


def test_null_discard_removes_the_dangerous_cards() -> None:
    twelve = NULL_SAFE | m("CA SK")
    a, b = best_discard(twelve, GameKind.NULL)
    assert {a, b} == set(parse_cards("CA SK"))


def test_contract_value_counts_matadors_over_twelve_cards() -> None:
    # worked example 1 of the rules: hearts without 2 -> 30, with the skat holding CJ: 20
    hand = m("HJ DJ HA HT H9 S7 S8 C7 C8 D7")
    assert contract_value(Contract.make(GameKind.HEARTS), hand) == 30
    assert contract_value(Contract.make(GameKind.HEARTS), hand | m("CJ")) == 20
    assert contract_value(Contract.make(GameKind.NULL, ouvert=True), hand) == 46


def test_plan_pickup_reaches_the_bid_when_it_can() -> None:
    twelve = STRONG_CLUBS | m("DT HK")
    contract, (a, b) = plan_pickup(twelve, 36)
    assert contract.kind == GameKind.CLUBS
    assert contract_value(contract, twelve) >= 36
    assert twelve >> a & 1 and twelve >> b & 1
