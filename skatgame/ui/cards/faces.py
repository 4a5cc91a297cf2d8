"""Render one card face: blank, pips or court figure, corner indices.

Shapes are drawn supersampled (see :func:`geometry.supersample_factor`) and
scaled down smoothly; the corner index text is rendered afterwards at the final
size with ``pygame.font`` so that it stays crisp and hinted at small widths.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from skatgame.engine.cards import RANK_INDICES, Rank
from skatgame.ui import fonts
from skatgame.ui.cards.figures import draw_figure
from skatgame.ui.cards.geometry import (
    Canvas,
    clear_memo,
    ellipse_pts,
    local,
    rounded_rect_pts,
    supersample_factor,
)
from skatgame.ui.cards.pips import CARD_H, CARD_W, pip_layout, pip_size
from skatgame.ui.cards.suits import draw_sign, index_color

PAPER = (252, 251, 246)
EDGE = (128, 128, 132)
FRAME = (60, 52, 48)
CORNER_RADIUS = 5.5  # design units (card width 100)


def corner_radius(width: int) -> float:
    """Corner radius in design units: about 3 mm on a real card, never under 4 px."""
    return max(CORNER_RADIUS, 4.0 * CARD_W / width)

#: Court panel in design units.
PANEL_X0, PANEL_X1 = 18.5, 81.5
PANEL_Y0, PANEL_Y1 = 5.5, CARD_H - 5.5

_fonts: dict[int, pygame.font.Font] = {}


def card_height(width: int) -> int:
    """Height in pixels of a card of the given width (aspect 59:91)."""
    return max(1, round(width * 91 / 59))


def font(size: int) -> pygame.font.Font:
    """The game's font (:func:`skatgame.ui.fonts.load_font`) at a pixel size (cached)."""
    f = _fonts.get(size)
    if f is None:
        f = _fonts[size] = fonts.load_font(size)
    return f


def index_text(style: str, rank: int, german_indices: bool) -> str:
    """The corner index of a rank: A 10 K Q J (or A 10 K D B), or the German deck's."""
    if style == "german":
        return RANK_INDICES["german_deck"][rank]
    return RANK_INDICES["german" if german_indices else "english"][rank]


def blank(surface: pygame.Surface, canvas: Canvas, width: int) -> None:
    """Rounded card with a thin edge on a transparent surface."""
    edge = max(0.5, CARD_W / width)
    radius = corner_radius(width)
    canvas.fill(rounded_rect_pts(0.0, 0.0, CARD_W, CARD_H, radius), EDGE)
    canvas.fill(rounded_rect_pts(edge, edge, CARD_W - 2 * edge, CARD_H - 2 * edge,
                                 radius - edge), PAPER)


def supersampled(width: int) -> tuple[pygame.Surface, Canvas, int]:
    """A transparent drawing surface for a card, its design-unit canvas and the factor."""
    ss = supersample_factor(width)
    w, h = width * ss, card_height(width) * ss
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    surface.fill((*EDGE, 0))
    return surface, Canvas(surface, local(0.0, 0.0, w / CARD_W, h / CARD_H)), ss


_pip_sprites: OrderedDict[tuple[str, int, float], tuple[pygame.Surface, pygame.Surface]] = \
    OrderedDict()
#: Pip sprites kept: a card width needs four per deck style (one a suit), so this holds
#: the widths in use many times over; those of earlier widths (a resized window) go first.
MAX_PIP_SPRITES = 32


def _pip_sprite(style: str, suit: int, half_px: float) -> tuple[pygame.Surface, pygame.Surface]:
    """The sign drawn once at supersampled pip size, upright and upside down."""
    key = (style, suit, round(half_px, 3))
    got = _pip_sprites.get(key)
    if got is not None:
        _pip_sprites.move_to_end(key)
        return got
    side = int(half_px * 2.2) + 2
    sprite = pygame.Surface((side, side), pygame.SRCALPHA)
    sprite.fill((0, 0, 0, 0))
    draw_sign(Canvas(sprite, local(side / 2, side / 2, half_px)), style, suit)
    got = _pip_sprites[key] = (sprite, pygame.transform.rotate(sprite, 180))
    while len(_pip_sprites) > MAX_PIP_SPRITES:
        _pip_sprites.popitem(last=False)
    return got


def clear_caches() -> None:
    """Forget pip sprites and remembered outlines, as in a freshly started program."""
    _pip_sprites.clear()
    clear_memo()


def _pips(surface: pygame.Surface, style: str, rank: int, suit: int, clear_x: float) -> None:
    """Blit the pips; columns move inward if the index column reaches ``clear_x``."""
    sx = surface.get_width() / CARD_W
    sy = surface.get_height() / CARD_H
    size = pip_size(style, rank)
    upright, flipped = _pip_sprite(style, suit, size * sx)
    half = upright.get_width() / 2
    layout = pip_layout(style, rank)
    outer = min(x for x, _y, _f in layout)
    squeeze = min(1.0, (CARD_W / 2 - clear_x - size) / (CARD_W / 2 - outer))
    for x, y, flip in layout:
        x = CARD_W / 2 + (x - CARD_W / 2) * squeeze
        surface.blit(flipped if flip else upright, (round(x * sx - half), round(y * sy - half)))


def _ace(canvas: Canvas, style: str, suit: int) -> None:
    if style == "german":
        # The Daus shows its sign twice ("Daus" = two), on an oval cartouche.
        cy = CARD_H / 2
        canvas.ellipse(50.0, cy, 31.0, 58.0, (246, 236, 204), (176, 140, 60), 0.9)
        canvas.ring(ellipse_pts(50.0, cy, 27.5, 54.5, 72), (214, 190, 130), 0.5)
        for a in (0.0, 180.0):
            for dx in (-1.0, 1.0):
                leaf = canvas.sub(50.0 + dx * 22.0, cy, angle=a)
                leaf.fill(ellipse_pts(0.0, -8.0, 2.2, 6.0, 16), (90, 140, 60))
        draw_sign(canvas.sub(50.0, 49.0, 19.0), style, suit)
        draw_sign(canvas.sub(50.0, CARD_H - 49.0, 19.0, angle=180.0), style, suit)
        for y in (CARD_H / 2 - 3.0, CARD_H / 2 + 3.0):
            canvas.line((34.0, y), (66.0, y), FRAME, 0.5)
        canvas.fill([(50.0, CARD_H / 2 - 2.2), (53.5, CARD_H / 2), (50.0, CARD_H / 2 + 2.2),
                     (46.5, CARD_H / 2)], (198, 38, 42))
        return
    draw_sign(canvas.sub(50.0, CARD_H / 2, 25.0), style, suit)


def _court(surface: pygame.Surface, canvas: Canvas, style: str, rank: int, suit: int,
           clear_x: float) -> None:
    """The double-headed figure in its frame, which starts right of ``clear_x``."""
    w, h = surface.get_size()
    sx = w / CARD_W
    x0 = max(PANEL_X0, clear_x)
    left = round(x0 * sx)
    top = round(PANEL_Y0 * h / CARD_H)
    pw = w - 2 * left
    half_h = h // 2 - top
    # Opaque halves: blitting them leaves the card's alpha untouched.
    half = pygame.Surface((pw, half_h))
    half.fill(PAPER)
    unit = pw / 100.0
    fig = Canvas(half, local(pw / 2, half_h, unit))
    draw_figure(fig, style, rank, suit, half_h / unit, (PANEL_X1 - PANEL_X0) / (CARD_W - 2 * x0))
    surface.blit(half, (left, top))
    surface.blit(pygame.transform.rotate(half, 180), (left, h - top - half_h))
    lw = max(0.35, 1.0 / sx)
    x1 = CARD_W - x0
    frame = [(x0, PANEL_Y0), (x1, PANEL_Y0), (x1, PANEL_Y1), (x0, PANEL_Y1)]
    canvas.ring(frame, FRAME, lw)
    canvas.line((x0, CARD_H / 2), (x1, CARD_H / 2), FRAME, lw)


def render_face(style: str, card: int, width: int, german_indices: bool = False) -> pygame.Surface:
    """A new surface with the face of ``card`` at ``width`` pixels."""
    rank, suit = card & 7, card >> 3
    height = card_height(width)
    surface, canvas, _ss = supersampled(width)
    blank(surface, canvas, width)

    # Corner indices: text at final size, a small suit sign below it.
    fs = round(0.14 * width + 5.5)
    text = font(fs).render(index_text(style, rank, german_indices), True,
                           index_color(style, suit))
    text = text.subsurface(text.get_bounding_rect()).copy()
    max_w = round(0.7 * fs)
    if text.get_width() > max_w:
        text = pygame.transform.smoothscale(text, (max_w, text.get_height()))
    col_x = 0.03 * width + 0.36 * fs
    top = max(2, round(0.045 * width))
    sign_half = (0.34 if style == "german" else 0.28) * fs
    sign_y = top + text.get_height() + 0.16 * fs + sign_half
    to_units = CARD_W / width
    # Whatever is drawn beside the index keeps a few pixels away from it.
    clear_x = (col_x + max(text.get_width() / 2, sign_half) + 2.5) * to_units
    pip_clear_x = clear_x + 1.5 * to_units

    if rank in (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN):
        _pips(surface, style, rank, suit, pip_clear_x)
    elif rank == Rank.ACE:
        _ace(canvas, style, suit)
    else:
        _court(surface, canvas, style, rank, suit, clear_x)
    draw_sign(canvas.sub(col_x * to_units, sign_y * to_units, sign_half * to_units),
              style, suit)
    draw_sign(canvas.sub(CARD_W - col_x * to_units, CARD_H - sign_y * to_units,
                         sign_half * to_units, angle=180.0), style, suit)

    out = pygame.transform.smoothscale(surface, (width, height))
    tx = round(col_x - text.get_width() / 2)
    out.blit(text, (tx, top))
    out.blit(pygame.transform.rotate(text, 180),
             (width - tx - text.get_width(), height - top - text.get_height()))
    return out
