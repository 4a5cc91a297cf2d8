"""The rules of Skat as a value-level API: actions in, events out.

Everything a user of the engine needs is here, flat::

    >>> from skatgame.engine import PASS, Deal, Phase
    >>> deal = Deal.from_seed(7)
    >>> deal.phase is Phase.AUCTION and deal.to_move == 1  # Middlehand opens
    True
    >>> [type(e).__name__ for e in deal.apply(PASS)]
    ['Passed']

A :class:`Deal` takes actions (:meth:`Deal.apply`, checked against
:meth:`Deal.legal_actions`) and returns the events they cause; a refused
action raises :class:`IllegalActionError` and leaves the deal as it was.
Each seat sees the deal as an :class:`Observation`; a finished deal's
:class:`DealResult` is scored, and a :class:`Series` keeps the list.
Records read and write deals and lists (JSON, and ISS game records).

The submodules (``skatgame.engine.deal``, ``.cards``, ``.rules``...) hold the
same names and a few more for the engine's own use; they import one another
by full module path, never this package.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skatgame.engine.actions import (
        CLAIM,
        CONCEDE,
        HOLD,
        KONTRA,
        PASS,
        PLAYS,
        PUSH_SKAT,
        RE,
        RESIGN,
        TAKE_SKAT,
        Action,
        ActionError,
        Bid,
        Claim,
        Concede,
        Contract,
        Declare,
        Discard,
        Hold,
        Kontra,
        Pass,
        Play,
        PushSkat,
        Re,
        Resign,
        TakeSkat,
        parse_action,
        parse_bid,
    )
    from skatgame.engine.auction import BID_VALUES, bid_values, next_bid
    from skatgame.engine.cards import (
        ALL_CARDS,
        CARD_POINTS,
        DECK_STYLES,
        FULL_DECK,
        JACKS,
        RANKS,
        SUIT_MASKS,
        SUITS,
        Card,
        CardError,
        DeckStyle,
        Mask,
        Rank,
        Suit,
        card_label,
        card_long_name,
        cards_of,
        iss_name,
        make_card,
        mask_of,
        parse_card,
        parse_cards,
        points_of,
        rank_of,
        suit_of,
    )
    from skatgame.engine.deal import Deal, DealError, legal_declarations
    from skatgame.engine.events import (
        AuctionWon,
        BidHeld,
        BidMade,
        CardPlayed,
        CardsDealt,
        Claimed,
        Conceded,
        DealScored,
        Declared,
        Discarded,
        Event,
        HandShown,
        KontraSaid,
        Passed,
        PassedIn,
        RamschStarted,
        ReSaid,
        SkatPushed,
        SkatTaken,
        TrickWon,
    )
    from skatgame.engine.observation import Observation
    from skatgame.engine.options import ISKO, OptionsError, RuleOptions
    from skatgame.engine.phase import IllegalActionError, Phase
    from skatgame.engine.records import (
        DEAL_FORMAT,
        SERIES_FORMAT,
        IssRecord,
        RecordError,
        deal_from_record,
        deal_to_record,
        parse_iss,
        read_iss_lines,
        replay_iss,
        result_summary,
        series_to_record,
    )
    from skatgame.engine.rules import (
        SUIT_GAMES,
        TRUMP,
        GameKind,
        beats,
        effective_suit,
        legal_mask,
        sort_key,
        trick_winner,
        trump_mask,
    )
    from skatgame.engine.scoring import (
        DealResult,
        GameValue,
        base_value,
        declared_value,
        game_value,
        matadors,
        null_value,
        seeger_fabian,
    )
    from skatgame.engine.seats import (
        FOREHAND,
        MIDDLEHAND,
        REARHAND,
        SEAT_NAMES,
        SEATS,
        Seat,
        is_seat,
        next_seat,
    )
    from skatgame.engine.series import LIST_KINDS, Series, SeriesError, SheetRow

#: Each exported name and the submodule it lives in: importing the package does not
#: import the engine (``import skatgame.engine.phase`` stays light); a name is looked up
#: in its module the first time it is asked for.
_WHERE: dict[str, str] = {
    "ALL_CARDS": "skatgame.engine.cards",
    "Action": "skatgame.engine.actions",
    "ActionError": "skatgame.engine.actions",
    "AuctionWon": "skatgame.engine.events",
    "BID_VALUES": "skatgame.engine.auction",
    "Bid": "skatgame.engine.actions",
    "BidHeld": "skatgame.engine.events",
    "BidMade": "skatgame.engine.events",
    "CARD_POINTS": "skatgame.engine.cards",
    "CLAIM": "skatgame.engine.actions",
    "CONCEDE": "skatgame.engine.actions",
    "Card": "skatgame.engine.cards",
    "CardError": "skatgame.engine.cards",
    "CardPlayed": "skatgame.engine.events",
    "CardsDealt": "skatgame.engine.events",
    "Claim": "skatgame.engine.actions",
    "Claimed": "skatgame.engine.events",
    "Concede": "skatgame.engine.actions",
    "Conceded": "skatgame.engine.events",
    "Contract": "skatgame.engine.actions",
    "DEAL_FORMAT": "skatgame.engine.records",
    "DECK_STYLES": "skatgame.engine.cards",
    "Deal": "skatgame.engine.deal",
    "DealError": "skatgame.engine.deal",
    "DealResult": "skatgame.engine.scoring",
    "DealScored": "skatgame.engine.events",
    "DeckStyle": "skatgame.engine.cards",
    "Declare": "skatgame.engine.actions",
    "Declared": "skatgame.engine.events",
    "Discard": "skatgame.engine.actions",
    "Discarded": "skatgame.engine.events",
    "Event": "skatgame.engine.events",
    "FOREHAND": "skatgame.engine.seats",
    "FULL_DECK": "skatgame.engine.cards",
    "GameKind": "skatgame.engine.rules",
    "GameValue": "skatgame.engine.scoring",
    "HOLD": "skatgame.engine.actions",
    "HandShown": "skatgame.engine.events",
    "Hold": "skatgame.engine.actions",
    "ISKO": "skatgame.engine.options",
    "IllegalActionError": "skatgame.engine.phase",
    "IssRecord": "skatgame.engine.records",
    "JACKS": "skatgame.engine.cards",
    "KONTRA": "skatgame.engine.actions",
    "Kontra": "skatgame.engine.actions",
    "KontraSaid": "skatgame.engine.events",
    "LIST_KINDS": "skatgame.engine.series",
    "MIDDLEHAND": "skatgame.engine.seats",
    "Mask": "skatgame.engine.cards",
    "Observation": "skatgame.engine.observation",
    "OptionsError": "skatgame.engine.options",
    "PASS": "skatgame.engine.actions",
    "PLAYS": "skatgame.engine.actions",
    "PUSH_SKAT": "skatgame.engine.actions",
    "Pass": "skatgame.engine.actions",
    "Passed": "skatgame.engine.events",
    "PassedIn": "skatgame.engine.events",
    "Phase": "skatgame.engine.phase",
    "Play": "skatgame.engine.actions",
    "PushSkat": "skatgame.engine.actions",
    "RANKS": "skatgame.engine.cards",
    "RE": "skatgame.engine.actions",
    "REARHAND": "skatgame.engine.seats",
    "RESIGN": "skatgame.engine.actions",
    "RamschStarted": "skatgame.engine.events",
    "Rank": "skatgame.engine.cards",
    "Re": "skatgame.engine.actions",
    "ReSaid": "skatgame.engine.events",
    "RecordError": "skatgame.engine.records",
    "Resign": "skatgame.engine.actions",
    "RuleOptions": "skatgame.engine.options",
    "SEATS": "skatgame.engine.seats",
    "SEAT_NAMES": "skatgame.engine.seats",
    "SERIES_FORMAT": "skatgame.engine.records",
    "SUITS": "skatgame.engine.cards",
    "SUIT_GAMES": "skatgame.engine.rules",
    "SUIT_MASKS": "skatgame.engine.cards",
    "Seat": "skatgame.engine.seats",
    "Series": "skatgame.engine.series",
    "SeriesError": "skatgame.engine.series",
    "SheetRow": "skatgame.engine.series",
    "SkatPushed": "skatgame.engine.events",
    "SkatTaken": "skatgame.engine.events",
    "Suit": "skatgame.engine.cards",
    "TAKE_SKAT": "skatgame.engine.actions",
    "TRUMP": "skatgame.engine.rules",
    "TakeSkat": "skatgame.engine.actions",
    "TrickWon": "skatgame.engine.events",
    "base_value": "skatgame.engine.scoring",
    "beats": "skatgame.engine.rules",
    "bid_values": "skatgame.engine.auction",
    "card_label": "skatgame.engine.cards",
    "card_long_name": "skatgame.engine.cards",
    "cards_of": "skatgame.engine.cards",
    "deal_from_record": "skatgame.engine.records",
    "deal_to_record": "skatgame.engine.records",
    "declared_value": "skatgame.engine.scoring",
    "effective_suit": "skatgame.engine.rules",
    "game_value": "skatgame.engine.scoring",
    "is_seat": "skatgame.engine.seats",
    "iss_name": "skatgame.engine.cards",
    "legal_declarations": "skatgame.engine.deal",
    "legal_mask": "skatgame.engine.rules",
    "make_card": "skatgame.engine.cards",
    "mask_of": "skatgame.engine.cards",
    "matadors": "skatgame.engine.scoring",
    "next_bid": "skatgame.engine.auction",
    "next_seat": "skatgame.engine.seats",
    "null_value": "skatgame.engine.scoring",
    "parse_action": "skatgame.engine.actions",
    "parse_bid": "skatgame.engine.actions",
    "parse_card": "skatgame.engine.cards",
    "parse_cards": "skatgame.engine.cards",
    "parse_iss": "skatgame.engine.records",
    "points_of": "skatgame.engine.cards",
    "rank_of": "skatgame.engine.cards",
    "read_iss_lines": "skatgame.engine.records",
    "replay_iss": "skatgame.engine.records",
    "result_summary": "skatgame.engine.records",
    "seeger_fabian": "skatgame.engine.scoring",
    "series_to_record": "skatgame.engine.records",
    "sort_key": "skatgame.engine.rules",
    "suit_of": "skatgame.engine.cards",
    "trick_winner": "skatgame.engine.rules",
    "trump_mask": "skatgame.engine.rules",
}

__all__ = [
    # a deal and its phases
    "Deal", "Phase", "legal_declarations",
    # seats
    "Seat", "SEATS", "FOREHAND", "MIDDLEHAND", "REARHAND", "SEAT_NAMES", "next_seat", "is_seat",
    # actions
    "Action", "Bid", "Hold", "Pass", "TakeSkat", "PushSkat", "Discard", "Declare", "Kontra",
    "Re", "Play", "Concede", "Claim", "Resign", "HOLD", "PASS", "TAKE_SKAT", "PUSH_SKAT",
    "KONTRA", "RE", "CONCEDE", "CLAIM", "RESIGN", "PLAYS", "parse_action", "parse_bid",
    "Contract",
    # the auction's ladder
    "BID_VALUES", "bid_values", "next_bid",
    # cards
    "Card", "Mask", "Suit", "Rank", "SUITS", "RANKS", "ALL_CARDS", "FULL_DECK", "CARD_POINTS",
    "JACKS", "SUIT_MASKS", "make_card", "suit_of", "rank_of", "mask_of", "cards_of",
    "points_of", "iss_name", "parse_card", "parse_cards", "DeckStyle", "DECK_STYLES",
    "card_label", "card_long_name",
    # games and their rules
    "GameKind", "SUIT_GAMES", "TRUMP", "trump_mask", "effective_suit", "legal_mask", "beats",
    "trick_winner", "sort_key",
    # events
    "Event", "CardsDealt", "BidMade", "BidHeld", "Passed", "AuctionWon", "PassedIn",
    "RamschStarted", "SkatTaken", "SkatPushed", "Discarded", "Declared", "HandShown",
    "KontraSaid", "ReSaid", "CardPlayed", "TrickWon", "Conceded", "Claimed", "DealScored",
    # what a seat sees
    "Observation",
    # house rules
    "RuleOptions", "ISKO",
    # scoring
    "DealResult", "GameValue", "base_value", "null_value", "matadors", "game_value",
    "declared_value", "seeger_fabian",
    # a list of deals
    "Series", "SheetRow", "LIST_KINDS",
    # records
    "deal_to_record", "deal_from_record", "series_to_record", "result_summary", "IssRecord",
    "parse_iss", "replay_iss", "read_iss_lines", "DEAL_FORMAT", "SERIES_FORMAT",
    # what can go wrong
    "IllegalActionError", "DealError", "ActionError", "CardError", "RecordError",
    "SeriesError", "OptionsError",
]



def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'skatgame.engine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
