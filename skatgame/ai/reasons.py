"""Why a hint suggests its move: the reason codes the computer players give.

A :class:`HintReason` is a word, not a sentence: the table puts each member
into the player's language (``hint.why.<value>`` in ``resources/i18n``). The
values are the codes as they always were, so nothing stored changes.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["HintReason"]


class HintReason(StrEnum):
    """Every reason a hint can give (:func:`skatgame.ai.hints.reason_for`)."""

    ONLY_LEGAL = "only_legal"  # the one move the rules allow
    # the auction
    BID_WORTH = "bid_worth"  # the hand is worth a game at this value
    NO_GAME = "no_game"  # no game of the hand reaches the next value
    # the skat
    PICK_UP = "pick_up"  # the skat may make the game better
    PLAY_HAND = "play_hand"  # the hand game without the skat pays more
    DISCARD_SHORT_SUIT = "discard_short_suit"  # put away (or throw off) a short suit: one
    #                                            suit fewer to follow
    SAVE_POINTS = "save_points"  # put away points: in the skat they count for the declarer
    DISCARD_LOW = "discard_low"  # put away the cards least useful for the game
    BEST_GAME = "best_game"  # the declaration with the best chances
    # Kontra and Re
    DOUBLE_IT = "double_it"  # the side is likely to win: double the score
    NO_DOUBLE = "no_double"  # too risky to double
    # the cards
    TAKE_TRICK = "take_trick"  # the card surely wins the trick (nothing still out beats it)
    LEAD_HIGH = "lead_high"  # a lead of the highest card left in its suit (it may be trumped)
    TRY_TRICK = "try_trick"  # the card holds the trick for now (a later card may beat it)
    PULL_TRUMPS = "pull_trumps"  # the declarer draws the trumps the defenders may still hold
    SMEAR_POINTS = "smear_points"  # the partner surely holds the trick: give him points
    KEEP_GUARD = "keep_guard"  # a lower card keeps the ten guarded by another card, while
    #                            the ace of its suit is still out
    KEEP_KING = "keep_king"  # the same for the king, while its ace or ten is still out
    GIVE_LITTLE = "give_little"  # the trick surely goes to the other side: give little
    STAY_UNDER = "stay_under"  # null: stay below the card that holds the trick
    LEAD_LOW = "lead_low"  # lead a low card and keep the high ones
    FOLLOW_LOW = "follow_low"  # follow with the lowest card of the suit, keep the higher ones
    THROW_LOW = "throw_low"  # cannot follow: throw off the plain card worth least
    BEST_CHANCE = "best_chance"  # no simple rule: it gives the best chances
