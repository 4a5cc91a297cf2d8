"""The application icon: drawn by code, and written as PNG, .ico and .icns for the build."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pygame
import pytest

from skatgame.ui import icon


def _colours(surface: pygame.Surface) -> list[tuple[int, int, int, int]]:
    w, h = surface.get_size()
    return [tuple(surface.get_at((x, y))) for y in range(h) for x in range(w)]


def test_window_icon_is_a_transparent_square_with_cards() -> None:
    surface = icon.window_icon()
    assert surface.get_size() == (64, 64)
    assert surface.get_flags() & pygame.SRCALPHA
    for corner in ((0, 0), (63, 0), (0, 63), (63, 63)):
        assert surface.get_at(corner).a == 0
    opaque = [c for c in _colours(surface) if c[3] == 255]
    assert len(opaque) > 64 * 64 // 3  # the fan fills a good part of the square
    assert any(r > 240 and g > 240 and b > 230 for r, g, b, _a in opaque)  # card faces
    assert any(r > 150 and g < 80 and b < 80 for r, g, b, _a in opaque)  # the red heart
    assert any(r < 60 and g < 60 and b < 60 for r, g, b, _a in opaque)  # black signs


@pytest.mark.parametrize("size", [16, 32, 48, 256])
def test_every_size_is_drawn_and_fills_its_square(size: int) -> None:
    surface = icon.draw_icon(size)
    assert surface.get_size() == (size, size)
    drawn = surface.get_bounding_rect()
    assert max(drawn.width, drawn.height) >= size * 0.9
    assert surface.get_at((0, 0)).a == 0


def test_the_fan_is_wider_than_one_card() -> None:
    surface = icon.draw_icon(128)
    drawn = surface.get_bounding_rect()
    assert drawn.width > drawn.height  # three turned cards spread sideways


@pytest.mark.parametrize("size", [0, 7, 1025, -3])
def test_sizes_out_of_range_are_refused(size: int) -> None:
    with pytest.raises(ValueError, match="between"):
        icon.draw_icon(size)


@pytest.mark.parametrize("size", [32.0, "32", True, None])
def test_sizes_that_are_not_whole_numbers_are_refused(size: object) -> None:
    with pytest.raises(TypeError):
        icon.draw_icon(size)  # type: ignore[arg-type]


def _load_png(data: bytes) -> pygame.Surface:
    assert data.startswith(icon.PNG_MAGIC)
    return pygame.image.load(io.BytesIO(data), "icon.png")


def test_png_bytes_decode_to_the_size_asked() -> None:
    assert _load_png(icon.png_bytes(48)).get_size() == (48, 48)


def test_ico_holds_one_png_per_size() -> None:
    data = icon.ico_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, len(icon.ICO_SIZES))
    ends = []
    for i, size in enumerate(icon.ICO_SIZES):
        w, h, colours, _r, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i)
        assert (w, h) == ((0, 0) if size == 256 else (size, size))
        assert (colours, planes, bits) == (0, 1, 32)
        assert _load_png(data[offset:offset + length]).get_size() == (size, size)
        ends.append(offset + length)
    assert max(ends) == len(data)


def test_ico_refuses_what_it_cannot_hold() -> None:
    with pytest.raises(ValueError):
        icon.ico_bytes(())
    with pytest.raises(ValueError, match="256"):
        icon.ico_bytes((16, 512))


def test_icns_holds_png_images_under_their_type_codes() -> None:
    types = ((b"icp4", 16), (b"ic07", 128), (b"ic11", 32))
    data = icon.icns_bytes(types)
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    pos, found = 8, []
    while pos < len(data):
        code = data[pos:pos + 4]
        length = struct.unpack(">I", data[pos + 4:pos + 8])[0]
        image = _load_png(data[pos + 8:pos + length])
        found.append((code, image.get_width()))
        pos += length
    assert pos == len(data)
    assert tuple(found) == types
    with pytest.raises(ValueError):
        icon.icns_bytes(())


def test_write_icon_files_for_the_build(tmp_path: Path) -> None:
    paths = icon.write_icon_files(tmp_path / "new" / "folder", "game")
    assert set(paths) == {"png", "ico", "icns"}
    assert paths["ico"] == tmp_path / "new" / "folder" / "game.ico"
    assert _load_png(paths["png"].read_bytes()).get_size() == (256, 256)
    assert paths["ico"].read_bytes()[:4] == b"\x00\x00\x01\x00"
    assert paths["icns"].read_bytes()[:4] == b"icns"
