"""Contact sheet: every face of a style and the backs, on one image."""

from __future__ import annotations

import pygame

from skatgame.engine.cards import Rank
from skatgame.ui.cards.backs import BACK_DESIGNS
from skatgame.ui.cards.cache import SurfaceCache
from skatgame.ui.cards.deck import DeckArt

#: Column order of the sheet: as a Skat player sorts a suit.
SHEET_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
               Rank.SEVEN)
COLUMNS = 8
ROWS = 5  # four suits, then the backs and the two play looks
FELT = (28, 96, 56)


def sheet_gap(width: int) -> int:
    """Space between cards on the sheet."""
    return max(4, width // 10)


def sheet_size(width: int) -> tuple[int, int]:
    """Pixel size of the contact sheet for cards ``width`` pixels wide."""
    gap = sheet_gap(width)
    height = DeckArt().height_for(width)
    return COLUMNS * width + (COLUMNS + 1) * gap, ROWS * height + (ROWS + 1) * gap


def contact_sheet(style: str, width: int, german_indices: bool = False) -> pygame.Surface:
    """Rows of clubs, spades, hearts, diamonds (A 10 K Q J 9 8 7), then the backs,
    a highlighted and a dimmed card."""
    cache = SurfaceCache()
    art = DeckArt(style, german_indices, cache=cache)
    gap = sheet_gap(width)
    height = art.height_for(width)
    sheet = pygame.Surface(sheet_size(width))
    sheet.fill(FELT)

    def put(surface: pygame.Surface, col: int, row: int) -> None:
        sheet.blit(surface, (gap + col * (width + gap), gap + row * (height + gap)))

    for suit in range(4):
        for col, rank in enumerate(SHEET_RANKS):
            put(art.face(suit * 8 + rank, width), col, suit)
    for design in range(len(BACK_DESIGNS)):
        put(DeckArt(style, german_indices, design, cache=cache).back(width), design, 4)
    put(art.highlighted(Rank.JACK, width), COLUMNS - 2, 4)
    put(art.dimmed(2 * 8 + Rank.TEN, width), COLUMNS - 1, 4)
    return sheet


def write_contact_sheet(path: str, style: str, width: int, german_indices: bool = False) -> None:
    """Render the contact sheet and save it as PNG at ``path``."""
    pygame.image.save(contact_sheet(style, width, german_indices), path)
