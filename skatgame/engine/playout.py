"""Fast random play-outs of the card play from a position, for computer players.

Works on masks only (no Deal object, no events), so that a player can run
thousands of them per decision.
"""

from __future__ import annotations

from collections.abc import Callable

from skatgame.engine.cards import CARD_POINTS, Card, Mask
from skatgame.engine.rules import EFFECTIVE_SUIT, FOLLOW_MASK, POWER, TRUMP, GameKind


def random_playout(
    kind: GameKind | int,
    hands: tuple[Mask, Mask, Mask] | list[Mask],
    declarer: int,
    leader: int,
    trick: tuple[Card, ...] | list[Card],
    random: Callable[[], float],
) -> tuple[int, int]:
    """Play the rest of a deal with uniformly random legal cards.

    ``hands`` are the cards still held, ``trick`` the cards already played to
    the current trick (led by ``leader``), ``random`` e.g. ``rng.random``.
    Returns the declarer's (card points, tricks) won from here on; the cards of
    the current trick count. Null play stops at the declarer's first trick.
    """
    follow_masks = FOLLOW_MASK[kind]
    eff = EFFECTIVE_SUIT[kind]
    power = POWER[kind]
    is_null = kind == GameKind.NULL
    h = [hands[0], hands[1], hands[2]]
    cur = list(trick)
    seat = (leader + len(cur)) % 3
    d_points = d_tricks = 0
    while True:
        hand = h[seat]
        if not hand:
            break
        if cur:
            legal = hand & follow_masks[cur[0]] or hand
        else:
            legal = hand
        k = int(random() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        low = legal & -legal
        h[seat] = hand ^ low
        cur.append(low.bit_length() - 1)
        if len(cur) < 3:
            seat = seat + 1 if seat < 2 else 0
            continue
        a, b, c = cur
        best, win = a, 0
        if eff[b] == eff[best] and power[b] > power[best] or (
            eff[b] == TRUMP and eff[best] != TRUMP
        ):
            best, win = b, 1
        if eff[c] == eff[best] and power[c] > power[best] or (
            eff[c] == TRUMP and eff[best] != TRUMP
        ):
            win = 2
        winner = (leader + win) % 3
        if winner == declarer:
            d_points += CARD_POINTS[a] + CARD_POINTS[b] + CARD_POINTS[c]
            d_tricks += 1
            if is_null:
                break
        leader = seat = winner
        cur = []
    return d_points, d_tricks
