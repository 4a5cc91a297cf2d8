"""What a court figure wears and holds, and the colours every drawing part shares.

A :class:`Costume` is pure data; the drawing parts (``heads``, ``robes``,
``props``) turn it into shapes. Colours come from the suit's palette, so a
figure never wears the colours of another suit.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

INK: RGB = (34, 26, 22)
SKIN: RGB = (250, 218, 186)
CHEEK: RGB = (240, 170, 150)
LIP: RGB = (196, 52, 52)
WHITE: RGB = (250, 248, 240)
GOLD: RGB = (236, 188, 58)
STEEL: RGB = (214, 220, 230)
WOOD: RGB = (140, 88, 44)
OW = 1.1  # outline width in figure units


@dataclass(frozen=True)
class Palette:
    """The colours of one suit's figures: a main, a light and a dark shade, and a trim."""

    main: RGB
    light: RGB
    dark: RGB
    trim: RGB


@dataclass(frozen=True)
class Costume:
    """One court figure: body, head, what it holds and where it shows its suit sign.

    ``robe``, ``second`` and ``trim`` are colours taken from the suit's palette.
    ``sign`` places the large suit sign in the left part of the picture (the part
    that stays visible in an overlapped hand): ``badge`` beside the head,
    ``raised`` held up in the left hand, ``chest`` held before the chest.
    ``free`` is what the left hand does when it does not hold the sign.
    """

    kind: str        # king, queen, jack, ober, unter
    robe: RGB
    second: RGB
    trim: RGB
    hair: RGB
    hair_style: str  # short, bob, long, curls, bald
    headwear: str
    beard: str       # none, moustache, pointed, full, forked, long
    collar: str      # ermine, ruff, square, fur, chain, neckline, high
    pattern: str     # diamonds, florets, crosses, stripes, parti, plain
    item: str        # held in the right hand
    sign: str        # badge, raised, chest
    free: str = "waist"  # waist, orb, flower, fan, glove
    old: bool = False
