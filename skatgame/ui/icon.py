"""The application icon, drawn by our own code: a fan of three cards with suit signs.

:func:`window_icon` gives the surface for ``pygame.display.set_icon``. The
build (``build.spec``) calls :func:`write_icon_files` to write the same
picture as PNG, as a Windows ``.ico`` and as a macOS ``.icns`` for
PyInstaller; both containers hold PNG images, which Windows (Vista on) and
macOS (10.7 on) read, so no image library beyond pygame is needed.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pygame

from skatgame.ui.cards import suit_sign

#: Suits of the three cards, back to front: hearts, spades, clubs.
FAN_SUITS = (2, 1, 0)
#: Degrees each card is turned, back to front (counter-clockwise positive).
FAN_ANGLES = (26.0, 0.0, -26.0)

CARD_FACE = (252, 250, 242)
CARD_EDGE = (46, 40, 34)
SHADOW = (0, 0, 0, 70)
#: Free border of the icon square, as a fraction of its side.
MARGIN = 0.03
#: Alpha above which a pixel of the scaled icon counts as inside the cards.
OPAQUE_FROM = 240

#: Image sizes of the Windows icon (256 is stored as 0 in the header).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: macOS icon types holding PNG data, with their pixel sizes.
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)
MIN_SIZE, MAX_SIZE = 8, 1024
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _check_size(size: int) -> int:
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError(f"an icon size is a whole number of pixels, not {size!r}")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"icon size must be between {MIN_SIZE} and {MAX_SIZE}, got {size}")
    return size


def _card(w: int, h: int, suit: int, front: bool) -> pygame.Surface:
    """One upright card: a white rounded face, a dark edge and the suit sign.

    The cards behind show only their left side, so their sign sits in the
    upper left; the front card has a large sign in the middle.
    """
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(1, w // 7)
    edge = max(1, w // 20)
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD_FACE, card.get_rect().inflate(-2 * edge, -2 * edge),
                     border_radius=max(1, radius - edge))
    if front:
        sign = pygame.Rect(0, 0, w * 3 // 4, w * 3 // 4)
        sign.center = (w // 2, h // 2)
    else:
        sign = pygame.Rect(0, 0, w * 2 // 5, w * 2 // 5)
        sign.center = (w * 7 // 24, h // 4)
    suit_sign(card, "french", suit, sign)
    return card


def draw_icon(size: int) -> pygame.Surface:
    """The icon as a transparent ``size`` x ``size`` surface.

    The fan is drawn several times larger, cut to what was drawn and scaled
    down smoothly into the square, so it has soft edges and fills the
    square at every size.
    """
    size = _check_size(size)
    ss = max(1, min(4, 2048 // size))  # supersampling, bounded in memory for large sizes
    w = size * ss // 2
    h = round(w * 1.45)
    canvas = pygame.Surface((w * 4, w * 4), pygame.SRCALPHA)
    pivot = (w * 2, w * 3)  # the cards turn around a point below their feet
    shadow_shift = max(1, w // 24)
    for i, (suit, angle) in enumerate(zip(FAN_SUITS, FAN_ANGLES, strict=True)):
        card = _card(w, h, suit, front=i == len(FAN_SUITS) - 1)
        # the card's centre sits 0.75 h above the pivot; turning the card turns that arm too
        arm = pygame.math.Vector2(0, -h * 0.75).rotate(-angle)
        centre = (pivot[0] + arm.x, pivot[1] + arm.y)
        shadow = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(shadow, SHADOW, shadow.get_rect(), border_radius=max(1, w // 7))
        shadow = pygame.transform.rotate(shadow, angle)
        canvas.blit(shadow, shadow.get_rect(center=(centre[0] + shadow_shift,
                                                    centre[1] + shadow_shift)))
        turned = pygame.transform.rotate(card, angle)
        canvas.blit(turned, turned.get_rect(center=centre))
    drawn = canvas.subsurface(canvas.get_bounding_rect())
    inner = size * (1 - 2 * MARGIN)
    scale = inner / max(drawn.get_width(), drawn.get_height())
    fitted = (max(1, round(drawn.get_width() * scale)), max(1, round(drawn.get_height() * scale)))
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    small = pygame.transform.smoothscale(drawn, fitted)
    icon.blit(small, small.get_rect(center=(size // 2, size // 2)))
    return _solid_inside(icon)


def _solid_inside(surface: pygame.Surface) -> pygame.Surface:
    """Make nearly opaque pixels opaque (smooth scaling leaves the inside at alpha 253)."""
    solid = surface.copy()
    solid.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)
    inside = pygame.mask.from_surface(surface, OPAQUE_FROM)
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    return inside.to_surface(out, setsurface=solid, unsetsurface=surface)


def window_icon(size: int = 64) -> pygame.Surface:
    """The surface to pass to ``pygame.display.set_icon`` (call before ``set_mode``)."""
    return draw_icon(size)


def png_bytes(size: int) -> bytes:
    """The icon at ``size`` pixels, encoded as PNG."""
    buffer = io.BytesIO()
    pygame.image.save(draw_icon(size), buffer, "icon.png")
    data = buffer.getvalue()
    if not data.startswith(PNG_MAGIC):
        raise RuntimeError("pygame could not encode PNG (built without SDL_image?)")
    return data


def ico_bytes(sizes: tuple[int, ...] = ICO_SIZES) -> bytes:
    """A Windows ``.ico`` file with one PNG image per size (each at most 256)."""
    if not sizes:
        raise ValueError("an .ico needs at least one size")
    if any(s > 256 for s in sizes):
        raise ValueError(f"an .ico holds images up to 256 pixels, got {max(sizes)}")
    images = [png_bytes(s) for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))  # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(images)
    entries = b""
    for size, data in zip(sizes, images, strict=True):
        side = 0 if size == 256 else size
        # width, height, palette colours, reserved, colour planes, bits a pixel, bytes, offset
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(images)


def icns_bytes(types: tuple[tuple[bytes, int], ...] = ICNS_TYPES) -> bytes:
    """A macOS ``.icns`` file: PNG images under their type codes."""
    if not types:
        raise ValueError("an .icns needs at least one image")
    cache: dict[int, bytes] = {}
    body = b""
    for code, size in types:
        data = cache.get(size)
        if data is None:
            data = cache[size] = png_bytes(size)
        body += code + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icon_files(folder: str | Path, name: str = "skatgame") -> dict[str, Path]:
    """Write ``NAME.png`` (256 pixels), ``NAME.ico`` and ``NAME.icns`` into ``folder``.

    Returns the paths by suffix (``"png"``, ``"ico"``, ``"icns"``). The folder
    is created if needed.
    """
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"png": out / f"{name}.png", "ico": out / f"{name}.ico",
             "icns": out / f"{name}.icns"}
    paths["png"].write_bytes(png_bytes(256))
    paths["ico"].write_bytes(ico_bytes())
    paths["icns"].write_bytes(icns_bytes())
    return paths
