"""Cards, suits and ranks; hands as 32-bit masks; card names per deck style.

A card is a small int ``0..31``: ``suit * 8 + rank``. A set of cards (a hand,
the skat, the cards played) is an int mask with bit ``card`` set. Ranks are
numbered so that within a plain suit of a suit or grand game a higher rank
number beats a lower one (7 8 9 Q K 10 A), with the jack last because it
leaves its suit in those games.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum, StrEnum

Card = int
"""A card: ``suit * 8 + rank`` in ``0..31``."""

Mask = int
"""A set of cards: bit ``card`` is set for each card in the set."""


class Suit(IntEnum):
    """The four suits, in the order of their game value (clubs highest)."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3


class Rank(IntEnum):
    """The eight ranks, numbered in the plain-suit order of suit and grand games."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    QUEEN = 3
    KING = 4
    TEN = 5
    ACE = 6
    JACK = 7


SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(Rank)
ALL_CARDS: tuple[Card, ...] = tuple(range(32))
FULL_DECK: Mask = (1 << 32) - 1

#: Card points by rank: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 0.
RANK_POINTS: tuple[int, ...] = (0, 0, 0, 3, 4, 10, 11, 2)
#: Card points by card.
CARD_POINTS: tuple[int, ...] = tuple(RANK_POINTS[c & 7] for c in range(32))

#: Mask of the eight printed cards of each suit.
SUIT_MASKS: tuple[Mask, ...] = tuple(0xFF << (8 * s) for s in range(4))
#: Mask of the four jacks.
JACKS: Mask = sum(1 << (s * 8 + Rank.JACK) for s in range(4))

ISS_SUIT_LETTERS = "CSHD"
ISS_RANK_LETTERS = "789QKTAJ"


def make_card(suit: Suit | int, rank: Rank | int) -> Card:
    """The card of the given suit and rank."""
    return int(suit) * 8 + int(rank)


def suit_of(card: Card) -> Suit:
    """The printed suit of a card (a jack's own suit, whatever the game)."""
    return Suit(card >> 3)


def rank_of(card: Card) -> Rank:
    """The rank of a card."""
    return Rank(card & 7)


def mask_of(cards: Iterable[Card]) -> Mask:
    """The mask holding the given cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: Mask) -> list[Card]:
    """The cards in a mask, lowest card number first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def count(mask: Mask) -> int:
    """How many cards a mask holds."""
    return mask.bit_count()


def points_of(mask: Mask) -> int:
    """The card points of the cards in a mask."""
    total = 0
    for s in range(4):
        b = (mask >> (8 * s)) & 0xFF
        if b:
            total += _BYTE_POINTS[b]
    return total


_BYTE_POINTS: tuple[int, ...] = tuple(
    sum(RANK_POINTS[r] for r in range(8) if b >> r & 1) for b in range(256)
)


# ---------------------------------------------------------------- names

def iss_name(card: Card) -> str:
    """The ISS name of a card: suit letter then rank letter, e.g. ``CJ``, ``HT``."""
    return ISS_SUIT_LETTERS[card >> 3] + ISS_RANK_LETTERS[card & 7]


_ISS_BY_NAME: dict[str, Card] = {iss_name(c): c for c in ALL_CARDS}


class CardError(ValueError):
    """A card name that names no card."""


def parse_card(name: str) -> Card:
    """The card with the given ISS name (``CJ``, ``HT``, ``D7``; case-insensitive).

    Raises :class:`CardError` for anything else.
    """
    card = _ISS_BY_NAME.get(name.strip().upper())
    if card is None:
        raise CardError(f"not a card: {name!r} (expected e.g. CJ, HT, D7)")
    return card


def parse_cards(text: str, sep: str | None = None) -> list[Card]:
    """Parse a list of ISS card names separated by ``sep`` (default: white space or dots)."""
    if sep is None:
        text = text.replace(".", " ")
    parts = [p for p in text.split(sep) if p.strip()]
    return [parse_card(p) for p in parts]


class DeckStyle(StrEnum):
    """How the cards look: French (black and red), tournament (four colours), German.

    The values are the plain strings saved in settings and records, and a member
    compares equal to its string.
    """

    FRENCH = "french"
    TOURNAMENT = "tournament"
    GERMAN = "german"


DECK_STYLES: tuple[DeckStyle, ...] = tuple(DeckStyle)
"""The deck styles, in the order they are offered."""

SUIT_NAMES: dict[str, tuple[str, str, str, str]] = {
    DeckStyle.FRENCH: ("Clubs", "Spades", "Hearts", "Diamonds"),
    DeckStyle.TOURNAMENT: ("Clubs", "Spades", "Hearts", "Diamonds"),
    DeckStyle.GERMAN: ("Acorns", "Leaves", "Hearts", "Bells"),
}
SUIT_NAMES_DE: dict[str, tuple[str, str, str, str]] = {
    DeckStyle.FRENCH: ("Kreuz", "Pik", "Herz", "Karo"),
    DeckStyle.TOURNAMENT: ("Kreuz", "Pik", "Herz", "Karo"),
    DeckStyle.GERMAN: ("Eichel", "Grün", "Rot", "Schellen"),
}
SUIT_SYMBOLS = ("♣", "♠", "♥", "♦")

#: Corner indices by rank: English French indices, German French indices, German deck.
RANK_INDICES: dict[str, tuple[str, ...]] = {
    "english": ("7", "8", "9", "Q", "K", "10", "A", "J"),
    "german": ("7", "8", "9", "D", "K", "10", "A", "B"),
    "german_deck": ("7", "8", "9", "O", "K", "10", "A", "U"),
}
RANK_NAMES: dict[str, tuple[str, ...]] = {
    DeckStyle.FRENCH: ("Seven", "Eight", "Nine", "Queen", "King", "Ten", "Ace", "Jack"),
    DeckStyle.TOURNAMENT: ("Seven", "Eight", "Nine", "Queen", "King", "Ten", "Ace", "Jack"),
    DeckStyle.GERMAN: ("Seven", "Eight", "Nine", "Ober", "King", "Ten", "Deuce", "Unter"),
}

# The names above are keyed by DeckStyle members, which a plain string finds as well: the
# card names below take either (the floors above may hold the string of a saved setting).


def card_label(card: Card, style: DeckStyle | str = DeckStyle.FRENCH,
               german_indices: bool = False) -> str:
    """A short label such as ``♣J``, ``♥10`` (French styles) or ``Eichel U`` (German)."""
    rank = card & 7
    if style == DeckStyle.GERMAN:
        return (f"{SUIT_NAMES_DE[DeckStyle.GERMAN][card >> 3]} "
                f"{RANK_INDICES['german_deck'][rank]}")
    indices = RANK_INDICES["german" if german_indices else "english"]
    return SUIT_SYMBOLS[card >> 3] + indices[rank]


def card_long_name(card: Card, style: DeckStyle | str = DeckStyle.FRENCH) -> str:
    """A long English name such as ``Jack of Clubs`` or ``Unter of Acorns``."""
    return f"{RANK_NAMES[style][card & 7]} of {SUIT_NAMES[style][card >> 3]}"
