"""Faces at the table: a small portrait for each player, drawn with pygame's shapes.

A face follows from the player's name (the same name, the same face, on every
computer: a CRC of the name, not Python's salted ``hash``) and his level (the
ring: bronze for a Beginner, silver for Advanced, gold for the Expert, the felt's
light green for a person). It wears a mood for a moment: thinking (the eyes look
up), pleased (a trick won), bold (Kontra or Re). Each (traits, mood, size) is
drawn once, at three times the size and smoothed down, and kept: a frame only
blits it.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from enum import StrEnum
from typing import NamedTuple

import pygame

from skatgame.table.names import is_you
from skatgame.ui import theme
from skatgame.ui.text import Color

__all__ = ["Mood", "Traits", "face_surface", "traits_of"]


class Mood(StrEnum):
    """What a face shows now."""

    IDLE = "idle"
    THINKING = "thinking"
    PLEASED = "pleased"  # a trick won
    BOLD = "bold"  # Kontra, Re


SKIN: tuple[Color, ...] = ((244, 208, 176), (226, 180, 140), (198, 146, 104),
                           (150, 104, 72), (104, 70, 50), (236, 196, 160))
HAIR: tuple[Color, ...] = ((40, 30, 24), (96, 60, 34), (176, 120, 60), (214, 182, 112),
                           (150, 150, 150), (120, 44, 30), (226, 226, 220))
SHIRT: tuple[Color, ...] = ((150, 52, 58), (52, 84, 150), (196, 150, 60), (90, 60, 120),
                            (60, 120, 120), (180, 96, 54), (70, 70, 80))
BACKDROP: tuple[Color, ...] = ((24, 64, 44), (30, 52, 70), (60, 40, 40), (44, 44, 64),
                               (56, 60, 36))
RINGS: dict[str | None, Color] = {None: theme.PANEL_BORDER, "beginner": (176, 118, 70),
                                  "advanced": (196, 204, 212), "expert": theme.ACCENT}

#: drawn this many times larger, then smoothed down (pygame's shapes have hard edges)
SCALE = 3


class Traits(NamedTuple):
    """What a face looks like, from a name."""

    skin: int
    hair: int
    hair_style: int  # 0 short, 1 long, 2 bald with a fringe round, 3 curls, 4 a bun
    shirt: int
    backdrop: int
    glasses: bool
    beard: int  # 0 none, 1 a moustache, 2 a full beard
    eyes: int  # 0 round, 1 narrow
    brows: int  # 0 thin, 1 bushy


def traits_of(name: str) -> Traits:
    """The face of ``name``, the same on every run and computer."""
    n = zlib.crc32(name.strip().casefold().encode("utf-8"))

    def pick(k: int) -> int:
        nonlocal n
        v, n = n % k, (n // k) ^ (n * 2654435761 & 0xFFFF)
        return v

    return Traits(skin=pick(len(SKIN)), hair=pick(len(HAIR)), hair_style=pick(5),
                  shirt=pick(len(SHIRT)), backdrop=pick(len(BACKDROP)),
                  glasses=pick(4) == 0, beard=pick(5) % 3 if pick(2) else 0, eyes=pick(2),
                  brows=pick(2))


_CACHE: dict[tuple[Traits, str | None, Mood, int], pygame.Surface] = {}


def portrait_name(name: str, level: str | None) -> str:
    """The name a portrait is drawn for: the human without a name of his own ("You",
    "Du") keeps one face in every language."""
    return "" if level is None and is_you(name) else name


def face_surface(name: str, level: str | None, mood: Mood, size: int) -> pygame.Surface:
    """The round portrait of ``name`` at ``level`` (``None``: a person) in ``mood``,
    ``size`` pixels across (kept once drawn)."""
    key = (traits_of(name), level, mood, size)
    surf = _CACHE.get(key)
    if surf is None:
        if len(_CACHE) > 256:  # windows resized many times: start afresh
            _CACHE.clear()
        surf = _draw(key[0], RINGS.get(level, theme.PANEL_BORDER), mood, max(8, size))
        _CACHE[key] = surf
    return surf


def _draw(t: Traits, ring: Color, mood: Mood, size: int) -> pygame.Surface:
    s = size * SCALE
    big = pygame.Surface((s, s), pygame.SRCALPHA)

    def box(x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect in fractions of the portrait."""
        return pygame.Rect(round(x * s), round(y * s), max(1, round(w * s)),
                           max(1, round(h * s)))

    def pt(x: float, y: float) -> tuple[int, int]:
        return round(x * s), round(y * s)

    skin, hair = SKIN[t.skin], HAIR[t.hair]
    dark = theme.blend(skin, (40, 20, 10), 0.55)
    line = max(2, s // 40)
    big.fill((*BACKDROP[t.backdrop], 255))
    # shoulders and the shirt's collar
    pygame.draw.ellipse(big, SHIRT[t.shirt], box(0.12, 0.74, 0.76, 0.5))
    pygame.draw.polygon(big, skin, [pt(0.42, 0.72), pt(0.58, 0.72), pt(0.5, 0.84)])
    # long hair and a bun lie behind the head
    if t.hair_style == 1:
        pygame.draw.ellipse(big, hair, box(0.24, 0.16, 0.52, 0.66))
    elif t.hair_style == 4:
        pygame.draw.circle(big, hair, pt(0.5, 0.14), round(0.11 * s))
    # the neck, the ears, the head
    pygame.draw.rect(big, dark, box(0.44, 0.6, 0.12, 0.14))
    for x in (0.27, 0.73):
        pygame.draw.ellipse(big, skin, box(x - 0.05, 0.42, 0.1, 0.13))
    pygame.draw.ellipse(big, skin, box(0.3, 0.2, 0.4, 0.5))
    # the hair on top
    if t.hair_style == 0:
        pygame.draw.ellipse(big, hair, box(0.29, 0.16, 0.42, 0.2))
    elif t.hair_style == 1:
        pygame.draw.ellipse(big, hair, box(0.29, 0.17, 0.42, 0.17))
    elif t.hair_style == 2:  # bald on top, hair round the sides
        for x in (0.28, 0.63):
            pygame.draw.ellipse(big, hair, box(x, 0.3, 0.09, 0.16))
    elif t.hair_style == 3:
        for i in range(6):
            pygame.draw.circle(big, hair, pt(0.31 + i * 0.076, 0.22 + (i % 2) * 0.03),
                               round(0.065 * s))
    else:
        pygame.draw.ellipse(big, hair, box(0.3, 0.18, 0.4, 0.14))
    # a beard under the mouth
    if t.beard == 2:
        pygame.draw.ellipse(big, hair, box(0.33, 0.5, 0.34, 0.22))
        pygame.draw.ellipse(big, skin, box(0.4, 0.53, 0.2, 0.08))
    _eyes(big, t, mood, pt, box, line)
    # the nose
    pygame.draw.line(big, dark, pt(0.5, 0.44), pt(0.48, 0.52), line)
    pygame.draw.line(big, dark, pt(0.48, 0.52), pt(0.52, 0.53), line)
    if t.beard == 1:
        pygame.draw.ellipse(big, hair, box(0.41, 0.545, 0.18, 0.05))
    _mouth(big, mood, pt, box, line, skin)
    # a round portrait with the level's ring
    mask = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (s // 2, s // 2), s // 2)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.circle(big, ring, (s // 2, s // 2), s // 2, max(3, s // 14))
    return pygame.transform.smoothscale(big, (size, size))


Point = Callable[[float, float], tuple[int, int]]
Box = Callable[[float, float, float, float], pygame.Rect]


def _eyes(big: pygame.Surface, t: Traits, mood: Mood, p: Point, b: Box, line: int) -> None:
    """The eyes and brows for the mood: thinking looks up, pleased smiles, bold frowns."""
    hair = HAIR[t.hair]
    ink = (36, 30, 28)
    pupil = max(2, round(big.get_width() * 0.02))
    for side, x in ((-1, 0.42), (1, 0.58)):
        if mood is Mood.PLEASED:  # eyes closed in a smile
            pygame.draw.arc(big, ink, b(x - 0.04, 0.4, 0.08, 0.07), 0.3, 2.85, line)
        else:
            h = 0.04 if t.eyes == 1 else 0.06
            pygame.draw.ellipse(big, (250, 250, 246), b(x - 0.035, 0.425 - h / 2, 0.07, h))
            dx, dy = (0.012, -0.012) if mood is Mood.THINKING else (0.0, 0.0)
            pygame.draw.circle(big, ink, p(x + dx, 0.425 + dy), pupil)
        # the brows: raised when thinking, drawn down towards the nose when bold
        y = 0.355 if mood is Mood.THINKING else 0.375
        inner = y + 0.025 if mood is Mood.BOLD else y
        width = line * (2 if t.brows else 1)
        # (side -1: the left eye, whose inner end is at the right)
        pygame.draw.line(big, hair, p(x + side * 0.045, y), p(x - side * 0.045, inner), width)
    if t.glasses:
        frame = (30, 30, 34)
        for x in (0.42, 0.58):
            pygame.draw.circle(big, frame, p(x, 0.425), round(big.get_width() * 0.06), line)
        pygame.draw.line(big, frame, p(0.46, 0.42), p(0.54, 0.42), line)


def _mouth(big: pygame.Surface, mood: Mood, p: Point, b: Box, line: int, skin: Color) -> None:
    """The mouth for the mood."""
    lips = (150, 60, 60)
    if mood is Mood.PLEASED:  # a wide open smile: the lower half of an ellipse
        r = b(0.41, 0.54, 0.18, 0.1)
        pygame.draw.ellipse(big, lips, r)
        pygame.draw.rect(big, skin, (r.x, r.y, r.width, r.height // 2))
    elif mood is Mood.BOLD:  # firm
        pygame.draw.line(big, lips, p(0.44, 0.6), p(0.56, 0.595), line * 2)
    elif mood is Mood.THINKING:  # pursed, to one side
        pygame.draw.ellipse(big, lips, b(0.5, 0.585, 0.06, 0.035))
    else:  # a friendly little smile
        pygame.draw.arc(big, lips, b(0.42, 0.53, 0.16, 0.08), 3.5, 5.9, line * 2)
