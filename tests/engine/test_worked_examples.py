"""The worked examples of RULES.md, section "Worked examples"."""

from skatgame.engine.actions import Contract
from skatgame.engine.rules import GameKind
from skatgame.engine.scoring import game_value, matadors, score_game

from .helpers import masks

REST = "H7 H8 S7 S8 C7 C8 D7 D8"  # filler cards without trumps of interest


def test_example_1_without_two_and_with_one():
    cards = masks("HJ DJ HA HT HK " + "S7 S8 S9 C7 C8 C9 D7")
    hearts = Contract.make(GameKind.HEARTS)
    assert matadors(GameKind.HEARTS, cards) == -2
    assert game_value(hearts, cards).value == 30
    with_cj = cards | masks("CJ")
    assert matadors(GameKind.HEARTS, with_cj) == 1
    assert game_value(hearts, with_cj).value == 20


def test_example_2_simple_values():
    cards = masks("CJ HA HT HK S7 S8 S9 C7 C8 C9 D7 D8")
    assert game_value(Contract.make(GameKind.HEARTS), cards).value == 20
    assert game_value(Contract.make(GameKind.HEARTS, hand=True), cards).value == 30
    assert game_value(Contract.make(GameKind.GRAND), cards).value == 48


def test_example_3_grand_with_two():
    cards = masks("CJ SJ DJ HA HT HK S7 S8 S9 C7 C8 C9")
    r = score_game(Contract.make(GameKind.GRAND), 0, 20, cards, 78, 6, points=(78, 42, 0))
    assert r.won and r.matadors == 2 and r.value == 72
    assert r.explanation == "with 2, game 3 x 24 = 72"


def test_example_4_overbid_hand_game():
    hand = masks("HJ DJ HA HT HK S7 S8 S9 C7 C8")
    cards = hand | masks("CJ C9")  # the skat held J♣
    contract = Contract.make(GameKind.HEARTS, hand=True)
    assert game_value(contract, hand | masks("D7 D8")).value == 40  # "without 2" as declared
    r = score_game(contract, 1, 33, cards, 70, 6, points=(50, 70, 0))
    assert r.overbid and not r.won and r.value == -80
    r = score_game(contract, 1, 33, cards, 95, 8, points=(25, 95, 0))
    assert r.won and not r.overbid and r.value == 40
    assert "schneider 4" in r.explanation


def test_example_5_null_ouvert_lost():
    contract = Contract.make(GameKind.NULL, ouvert=True)
    r = score_game(contract, 0, 30, masks("C7 C8"), 3, 1, points=(3, 0, 0))
    assert not r.won and r.value == -92


def test_example_6_highest_value():
    cards = masks("CJ SJ HJ DJ CA CT CK SA ST SK HA HT")
    r = score_game(Contract.make(GameKind.GRAND, ouvert=True), 0, 264, cards, 120, 10,
                   points=(120, 0, 0))
    assert r.won and r.value == 264 and r.game_value == 264
    assert r.explanation.endswith("ouvert 11 x 24 = 264")


def test_lowest_value_is_18():
    cards = masks("CJ D7 S7 S8 S9 C7 C8 C9 H7 H8 H9 HQ")
    assert game_value(Contract.make(GameKind.DIAMONDS), cards).value == 18
    # only D7 left: without 10 (J♣ J♠ J♥ J♦ A 10 K Q 9 8), game 11 x 9
    assert game_value(Contract.make(GameKind.DIAMONDS), cards ^ masks("CJ")).value == 99
