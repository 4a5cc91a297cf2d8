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
