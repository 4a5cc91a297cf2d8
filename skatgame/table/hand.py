"""A hand in the order the player sees it: jacks first, then the suits in alternating colours."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from skatgame.engine.rules import EFFECTIVE_SUIT, POWER, TRUMP, GameKind

#: Suits in alternating colours (clubs, hearts, spades, diamonds) for sorting.
_SUIT_ORDER = (0, 2, 1, 3)


def sort_hand(cards: Iterable[int], kind: GameKind | int | None, order: str = "trumps-first",
              direction: str = "descending") -> list[int]:
    """Cards in display order for a game kind (``None``: before the game is declared).

    ``trumps-first``: jacks, then the trump suit, then the other suits in
    alternating colours; ``by-suit``: jacks, then the suits in a fixed
    alternating order. Within a suit from high to low (``descending``).
    """
    k = GameKind.GRAND if kind is None or kind == GameKind.RAMSCH else GameKind(kind)
    eff, power = EFFECTIVE_SUIT[k], POWER[k]
    trump_suit = int(k) if k.is_suit else None

    def key(card: int) -> tuple[int, int, int]:
        e = eff[card]
        if e == TRUMP:
            if card & 7 == 7:  # a jack
                return (0, 0, -power[card])
            group = 1 if order == "trumps-first" else 2 + _SUIT_ORDER.index(trump_suit or 0)
            return (group, 0, -power[card])
        return (2 + _SUIT_ORDER.index(e), 0, -power[card])

    out = sorted(cards, key=key)
    if direction == "ascending":
        # keep the groups in place, turn each group round
        groups: OrderedDict[int, list[int]] = OrderedDict()
        for c in out:
            groups.setdefault(key(c)[0], []).append(c)
        out = [c for g in groups.values() for c in reversed(g)]
    return out


#: Weights of the high cards of a suit when guessing the trump suit (ace, ten, king).
_HIGH = {6: 3, 5: 2, 4: 1}


def likely_game(cards: Iterable[int], allowed: Iterable[GameKind | int]) -> GameKind | None:
    """A first guess at the game to declare, shown until the Expert's hint comes in.

    The suit with the most trumps (jacks and its own cards, then the highest
    of them) wins; a grand only with three jacks and two aces or all four
    jacks and an ace; null never (a null hand is read by the hint). Only
    ``allowed`` kinds are chosen (e.g. those that reach the bid); ``None``
    when none is allowed.
    """
    hand = list(cards)
    ok = {int(k) for k in allowed}
    jacks = sum(1 for c in hand if c & 7 == 7)
    aces = sum(1 for c in hand if c & 7 == 6)
    if int(GameKind.GRAND) in ok and (jacks >= 3 and aces >= 2 or jacks == 4 and aces >= 1):
        return GameKind.GRAND

    def strength(suit: int) -> tuple[int, int]:
        own = [c for c in hand if c >> 3 == suit and c & 7 != 7]
        return (jacks + len(own), sum(_HIGH.get(c & 7, 0) for c in own))

    suits = sorted((s for s in range(4) if s in ok), key=strength, reverse=True)
    if suits:
        return GameKind(suits[0])
    for k in (GameKind.GRAND, GameKind.NULL):
        if int(k) in ok:
            return k
    return None
