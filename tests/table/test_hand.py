"""Hands in display order."""

from __future__ import annotations

from skatgame.engine.rules import GameKind
from skatgame.table.hand import sort_hand


def test_hands_are_sorted_for_the_game() -> None:
    hearts = GameKind.HEARTS
    # J♣ J♥, A♥ 10♥ 7♥, A♣ K♣, 7♠, A♦
    cards = [7, 23, 22, 21, 16, 6, 4, 8, 30]
    assert sort_hand(cards, hearts) == [7, 23, 22, 21, 16, 6, 4, 8, 30]
    by_suit = sort_hand(cards, hearts, "by-suit")
    assert by_suit[:2] == [7, 23] and by_suit[2:4] == [6, 4]  # jacks, then clubs first
    up = sort_hand(cards, hearts, direction="ascending")
    assert up[:2] == [23, 7] and up[2:5] == [16, 21, 22]
    # null: no trumps, jacks in their suits, A K Q J 10 order
    null = sort_hand([7, 6, 5, 4, 3], GameKind.NULL)
    assert null == [6, 4, 3, 7, 5]
