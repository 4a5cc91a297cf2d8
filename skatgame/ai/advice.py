"""The bidding helper: what a hand is worth in the auction.

Two answers of different speed. :func:`likely_game` reads the game off the
ten cards by counting (instant, for the UI to show at once);
:func:`bid_advice` asks the Expert's bidding simulation for the game it
would play, its chance to win and the highest bid the hand supports (a few
hundred milliseconds: the UI runs it in a worker).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skatgame.ai.chances import limit_game
from skatgame.ai.evaluation import plans, suit_strength
from skatgame.engine.actions import Contract
from skatgame.engine.cards import Mask
from skatgame.engine.observation import Observation
from skatgame.engine.rules import GameKind

if TYPE_CHECKING:
    from skatgame.ai.levels.simulating import SimulatingPlayer

__all__ = ["BidAdvice", "bid_advice", "likely_game"]

#: The Expert's seed for the advice: the same hand always gets the same advice, and the
#: same as the hints' (:data:`skatgame.ai.hints.HINT_SEED`), so that a hint in the
#: auction bids to the limit the helper marks.
ADVICE_SEED = "hint"


@dataclass(frozen=True, slots=True)
class BidAdvice:
    """The Expert's view of a hand in the auction.

    ``max_bid`` is the highest value worth bidding (0: pass), ``contract`` the
    game that limit is reckoned with (``None``: no game is worth bidding) and
    ``win_probability`` the chance to win that game at the table.
    ``needs_skat``: reaching the limit depends on the skat (the game or its
    value is only known once the skat is seen).
    """

    contract: Contract | None
    win_probability: float | None
    max_bid: int
    needs_skat: bool = False


def likely_game(hand: Mask, seat: int, grand_base: int = 24) -> Contract:
    """The game a ten-card hand would most likely be played as, by counting.

    The playable game (skat picked up) with the widest margin over its
    threshold; with none playable, the strongest suit.
    """
    forehand = seat == 0
    options = plans(hand, forehand, grand_base)
    if options:
        return max(options, key=lambda p: (p.margin, p.value)).contract
    best = max((GameKind.CLUBS, GameKind.SPADES, GameKind.HEARTS, GameKind.DIAMONDS),
               key=lambda k: (suit_strength(hand, k, forehand), -int(k)))
    return Contract.make(best)


_advisor = None


def bid_advice(obs: Observation, deadline: float | None = None,
               player: SimulatingPlayer | None = None) -> BidAdvice:
    """The Expert's estimate for the bidder of ``obs`` (its ten cards, skat unseen).

    The estimate is kept per hand, so asking again during the same auction is free.
    ``player``: the Expert asked (None: the Expert with :data:`ADVICE_SEED`, the
    hints' own, whose estimate the hints at the skat and the discard name too).
    """
    global _advisor
    if player is None:
        if _advisor is None:
            from skatgame.ai.levels.expert import ExpertPlayer

            _advisor = ExpertPlayer(ADVICE_SEED)
        player = _advisor
    game = limit_game(player.auction_estimate(obs, deadline))
    if game.contract is None:
        return BidAdvice(None, None, 0)
    return BidAdvice(game.contract, game.win_probability, game.limit, game.needs_skat)
