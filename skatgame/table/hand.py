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
    trump_suit = int(k) if k <= 3 else None

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
