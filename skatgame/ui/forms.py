"""Pieces the forms share (New list, Settings): the rows of the house rules, the move
timer's choices, a deck style's preview."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.table.labels import Label
from skatgame.table.settings import RAMSCH_ROWS, RULE_ROWS, rule_row_values
from skatgame.ui import widgets

if TYPE_CHECKING:
    from skatgame.engine.options import RuleOptions
    from skatgame.table.i18n import Tr


def timer_options(tr: Any) -> list[tuple[int, str]]:
    """The move timer's choices: off, or seconds per decision."""
    from skatgame.table.timer import MOVE_TIMERS

    return [(n, tr("timer.seconds", n=n) if n else tr("timer.off")) for n in MOVE_TIMERS]
#: Rows with a shorter label (``rules.short.<name>``) where they stand under a heading "Ramsch".
SHORT_LABELS = ("ramsch", "ramsch_skat", "ramsch_loss")


def house_rule_rows(tr: Tr, opts: RuleOptions, on_change: Callable[[], None] | None = None,
                    *, under_ramsch: bool = False) -> list[widgets.Choice]:
    """A row for each house rule (:data:`RULE_ROWS`) showing ``opts``; the Ramsch
    variants can be changed only while Ramsch is on. ``on_change`` is called after
    every change. ``under_ramsch``: the Ramsch rows stand under a heading "Ramsch"
    and say less."""
    from skatgame.table.texts import rule_value_text  # (the menu's first frame needs none)

    rows: list[widgets.Choice] = []

    def changed(_value: Any) -> None:
        follow_ramsch(rows)
        if on_change is not None:
            on_change()

    for field in RULE_ROWS:
        options: list[tuple[Any, Label]] = [
            (v, rule_value_text(field, v, tr)) for v in rule_row_values(field)]
        key = f"rules.short.{field}" if under_ramsch and field in SHORT_LABELS else \
            f"rules.{field}"
        c = widgets.Choice(tr(key), options, name=field, on_change=changed)
        c.select_value(getattr(opts, field))
        rows.append(c)
    follow_ramsch(rows)
    return rows


def follow_ramsch(rows: list[widgets.Choice]) -> None:
    """The Ramsch rows are enabled only while the row ``ramsch`` is on."""
    ramsch = next((r.value for r in rows if r.name == "ramsch"), True)
    for r in rows:
        if r.name in RAMSCH_ROWS:
            r.enabled = bool(ramsch)


_MENU_CARDS: dict[tuple[Any, ...], pygame.Surface] = {}

#: Cards that show a deck style off: a jack, an ace, a ten and a queen.
PREVIEW_CARDS = (7, 22, 13, 27)


def preview_card_width(rect: pygame.Rect) -> int:
    """The width of each card :func:`draw_deck_preview` fans in ``rect`` (under 36: none
    is drawn)."""
    from skatgame.ui.layout import CARD_RATIO

    n = len(PREVIEW_CARDS)
    return int(min(rect.height / CARD_RATIO / 1.08, rect.width / (1 + 0.62 * (n - 1))))


def draw_deck_preview(surface: pygame.Surface, rect: pygame.Rect, style: str,
                      german_indices: bool) -> pygame.Rect | None:
    """Four cards of a deck style, fanned in ``rect`` (nothing when it is too small);
    returns the rect the cards cover (None: none drawn)."""
    from skatgame.ui.cards import DeckArt

    n = len(PREVIEW_CARDS)
    width = preview_card_width(rect)
    if width < 36:
        return None
    deck = DeckArt(style, german_indices)
    step = width * 0.62
    x0 = rect.centerx - step * (n - 1) / 2
    covered: pygame.Rect | None = None
    for i, card in enumerate(PREVIEW_CARDS):
        angle = (1.5 - i) * 5
        surf = menu_card(deck, card, width, angle)
        at = surf.get_rect(center=(round(x0 + i * step), rect.centery))
        surface.blit(surf, at)
        covered = at if covered is None else covered.union(at)
    return covered


def menu_card(deck: Any, card: int, width: int, angle: float) -> pygame.Surface:
    """A card face turned by ``angle`` (kept: the menu draws its cards every frame)."""
    key = (deck.style, deck.german_indices, card, width, angle)
    surf = _MENU_CARDS.get(key)
    if surf is None:
        if len(_MENU_CARDS) > 40:
            _MENU_CARDS.clear()
        surf = _MENU_CARDS[key] = pygame.transform.rotozoom(deck.face(card, width), angle, 1.0)
    return surf
