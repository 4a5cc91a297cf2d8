"""Deck art drawn by our own code: French, tournament (four-colour) and German decks.

Imports: pygame, :mod:`skatgame.engine` and :mod:`skatgame.ui.fonts` (the corner
indices' font) only; :mod:`skatgame.ui.text` (suit signs in text), the theme and the
widgets import it, never the other way round.

Public API used by the scenes:

- :class:`DeckArt` -- cached faces, backs, highlighted and dimmed looks;
- :data:`BACK_DESIGNS` -- names of the back designs;
- :func:`suit_sign` -- a vector suit sign drawn into a rectangle;
- :func:`suit_color` -- the main colour of a suit in a style.
"""

from skatgame.ui.cards.backs import BACK_DESIGNS
from skatgame.ui.cards.cache import SHARED as CACHE
from skatgame.ui.cards.deck import DeckArt
from skatgame.ui.cards.signs import suit_sign
from skatgame.ui.cards.suits import suit_color

__all__ = ["BACK_DESIGNS", "CACHE", "DeckArt", "suit_color", "suit_sign"]
