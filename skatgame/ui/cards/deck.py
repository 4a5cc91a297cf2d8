"""DeckArt: the cached faces, backs and play looks of one deck style."""

from __future__ import annotations

import pygame

from skatgame.engine.cards import DECK_STYLES
from skatgame.ui.cards.backs import BACK_DESIGNS, render_back
from skatgame.ui.cards.cache import SHARED, SurfaceCache
from skatgame.ui.cards.faces import card_height, render_face
from skatgame.ui.cards.looks import highlight_ring, make_dimmed, make_highlighted


def _for_display(surface: pygame.Surface) -> pygame.Surface:
    """Match the window's pixel format when there is one: such surfaces blit faster."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


MIN_WIDTH = 16
MAX_WIDTH = 1200


class DeckArt:
    """Card art of one deck style, rendered on demand and cached per width.

    ``style`` is one of ``DECK_STYLES`` (french, tournament, german);
    ``german_indices`` shows A 10 K D B instead of A 10 K Q J on French-shaped
    decks; ``back_design`` indexes :data:`BACK_DESIGNS`; ``outline`` draws a dark
    outline of that many pixels per 100 pixels of card width around every card (the
    high-contrast theme's thick outlines; 0: none). Surfaces returned are shared
    through the cache: blit them, do not draw on them.
    """

    def __init__(self, style: str = "french", german_indices: bool = False,
                 back_design: int = 0, cache: SurfaceCache | None = None,
                 outline: float = 0.0) -> None:
        if style not in DECK_STYLES:
            raise ValueError(f"unknown deck style {style!r}; choose one of {DECK_STYLES}")
        if not 0 <= back_design < len(BACK_DESIGNS):
            raise ValueError(f"back design must be 0..{len(BACK_DESIGNS) - 1}")
        self.style = style
        self.german_indices = bool(german_indices) and style != "german"
        self.back_design = back_design
        self.cache = SHARED if cache is None else cache
        self.outline = outline

    def _face_key(self, kind: str, card: int, width: int) -> tuple[object, ...]:
        return (kind, self.style, self.german_indices, card, self.outline, width)

    def _outlined(self, surface: pygame.Surface) -> pygame.Surface:
        """``surface`` (a card) with the deck's outline drawn around its edge."""
        if self.outline <= 0:
            return surface
        w = surface.get_width()
        pygame.draw.rect(surface, (0, 0, 0), surface.get_rect(),
                         max(2, round(w * self.outline / 100)), border_radius=max(3, w // 12))
        return surface

    @staticmethod
    def _check(card: int | None, width: int) -> None:
        if not isinstance(width, int):
            raise TypeError(f"card width must be an int, got {width!r}")
        if card is not None and not 0 <= card < 32:
            raise ValueError(f"not a card: {card!r}")
        if not MIN_WIDTH <= width <= MAX_WIDTH:
            raise ValueError(f"card width must be {MIN_WIDTH}..{MAX_WIDTH} px, got {width}")

    def height_for(self, width: int) -> int:
        """Height in pixels of a card ``width`` pixels wide (aspect 59:91)."""
        return card_height(width)

    def face(self, card: int, width: int) -> pygame.Surface:
        """The face of ``card`` (0..31) at ``width`` pixels (cached)."""
        self._check(card, width)
        return self.cache.get(self._face_key("face", card, width),
                              lambda: _for_display(self._outlined(
                                  render_face(self.style, card, width, self.german_indices))))

    def back(self, width: int) -> pygame.Surface:
        """The back in the current design at ``width`` pixels (cached)."""
        self._check(None, width)
        return self.cache.get(("back", self.back_design, self.outline, width),
                              lambda: _for_display(self._outlined(
                                  render_back(self.back_design, width))))

    def highlighted(self, card: int, width: int) -> pygame.Surface:
        """The face with a bright border: the look of a playable card (cached)."""
        face = self.face(card, width)
        ring = self.cache.get(("ring", width), lambda: _for_display(highlight_ring(width)))
        return self.cache.get(self._face_key("highlighted", card, width),
                              lambda: make_highlighted(face, ring))

    def dimmed(self, card: int, width: int) -> pygame.Surface:
        """The face greyed and darkened: the look of a card that may not be played (cached)."""
        face = self.face(card, width)
        return self.cache.get(self._face_key("dimmed", card, width),
                              lambda: make_dimmed(face))
