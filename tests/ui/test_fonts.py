"""One font everywhere: pygame-ce's bundled font, umlauts that render, suit symbols as signs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest

import skatgame
from skatgame.engine.actions import Contract
from skatgame.engine.rules import GameKind
from skatgame.table.i18n import Translator
from skatgame.table.labels import Sign
from skatgame.table.texts import contract_label
from skatgame.ui import fonts, widgets
from skatgame.ui import text as ui_text
from skatgame.ui.cards import suit_color

pygame.display.init()
pygame.font.init()
SUITS = "♣♠♥♦"
FONT_CALLS = re.compile(r"pygame\.font\.Font\(|SysFont|freetype|match_font|font\.Font\(")


def test_text_fonts_come_from_one_function_only() -> None:
    """Only fonts.load_font creates fonts, the card faces' indices included."""
    root = Path(skatgame.__file__).parent
    creators: dict[str, list[str]] = {}
    for path in root.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if FONT_CALLS.search(line) and not line.lstrip().startswith(("#", '"')):
                creators.setdefault(str(path.relative_to(root)), []).append(line.strip())
    assert set(creators) == {"ui/fonts.py"}, creators
    assert len(creators["ui/fonts.py"]) == 1
    for lines in creators.values():
        for line in lines:
            assert "Font(None," in line, line  # None: the font bundled with pygame-ce


def test_the_font_is_the_one_inside_pygame_ce() -> None:
    bundled = Path(pygame.__file__).parent / fonts.font_file()
    assert bundled.is_file() and bundled.suffix == ".ttf"
    ours = fonts.load_font(40).render("Skat Grün", True, (255, 255, 255))
    # pygame scales its default font to 0.6875 of the size asked for
    direct = pygame.font.Font(str(bundled), int(40 * 0.6875)).render("Skat Grün", True,
                                                                     (255, 255, 255))
    assert ours.get_size() == direct.get_size()
    assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(direct, "RGBA")


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


@pytest.mark.parametrize("ch", list("äöüÄÖÜß"))
def test_german_letters_have_their_own_glyphs(ch: str) -> None:
    f = fonts.font(30)
    assert f.metrics(ch)[0] is not None  # the font has the glyph
    plain = {"ä": "a", "ö": "o", "ü": "u", "Ä": "A", "Ö": "O", "Ü": "U", "ß": "B"}[ch]
    missing = f.render("\u0378", True, (255, 255, 255))  # an unassigned code point: no glyph
    drawn = f.render(ch, True, (255, 255, 255))
    assert _pixels(drawn) != _pixels(f.render(plain, True, (255, 255, 255)))
    assert drawn.get_size() != missing.get_size() or _pixels(drawn) != _pixels(missing)


def test_umlauts_render_in_real_words() -> None:
    tr = Translator("de")
    for word in (tr("menu.back"), tr("suit.german.spades"), tr("level.beginner")):
        assert any(ch in word for ch in "äöüÄÖÜß")
        surf = ui_text.render(word, 24)
        assert surf.get_width() > 10 and surf.get_bounding_rect().height > 8


class Spy:
    """A font that notes every string it is asked to draw."""

    def __init__(self, font: pygame.font.Font, seen: list[str]) -> None:
        self._font = font
        self._seen = seen

    def render(self, text: str, *args: Any) -> pygame.Surface:
        self._seen.append(text)
        return self._font.render(text, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("_"):
            object.__setattr__(self, name, value)
        else:
            setattr(self._font, name, value)


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string handed to a font while the test runs (caches emptied first)."""
    seen: list[str] = []
    real = fonts.load_font
    monkeypatch.setattr(fonts, "load_font", lambda px: Spy(real(px), seen))
    fonts._FONTS.clear()
    ui_text._TEXTS.clear()
    widgets.clear_caches()
    yield seen
    fonts._FONTS.clear()
    ui_text._TEXTS.clear()
    widgets.clear_caches()


def _has_colour(surf: pygame.Surface, colour: tuple[int, int, int], tolerance: int = 40) -> bool:
    w, h = surf.get_size()
    for y in range(h):
        for x in range(w):
            r, g, b, a = surf.get_at((x, y))
            if a > 200 and all(abs(p - q) <= tolerance for p, q in zip((r, g, b), colour,
                                                                       strict=True)):
                return True
    return False


def test_suit_symbols_in_text_are_vector_signs_not_glyphs(rendered: list[str]) -> None:
    surface = pygame.Surface((900, 200), pygame.SRCALPHA)
    ui_text.draw_text(surface, "♣ Kreuz", 30, (10, 10))
    ui_text.draw_text(surface, ("♥", " Herz Hand"), 30, (10, 60))
    surf = ui_text.render("Karo ♦ ausgespielt", 28)
    button = widgets.Button("♠ Pik", lambda: None, rect=pygame.Rect(10, 120, 200, 40))
    button.draw(surface)
    tr = Translator("de")
    ui_text.draw_text(surface, contract_label(Contract.make(GameKind.CLUBS, hand=True), "german",
                                              tr), 30, (400, 10), style="german")
    assert rendered, "nothing was drawn"
    assert not [s for s in rendered if any(ch in SUITS for ch in s)], rendered
    assert "Kreuz" in "".join(rendered) and "Eichel Hand" in rendered
    # the red heart and diamond are there, in the suits' colour
    heart = ui_text.rich("♥", 40, ui_text.TEXT)
    assert _has_colour(heart, suit_color("french", 2)[:3])
    assert _has_colour(surf, suit_color("french", 3)[:3])


def test_split_suits_keeps_the_words() -> None:
    parts = ui_text.split_suits("♣ Kreuz, ♠♥ und ♦")
    assert [p for p in parts if isinstance(p, str)] == [" Kreuz, ", " und "]
    assert [p.suit for p in parts if isinstance(p, Sign)] == [0, 1, 2, 3]
    assert ui_text.label_text(parts) == "Kreuz,  und"


def _dots_over_letters(surf: pygame.Surface) -> list[int]:
    """For each letter drawn in ``surf`` (a tall mark), how many separate marks stand
    over it (an umlaut: two)."""
    parts = pygame.mask.from_surface(surf, 64).get_bounding_rects()
    tall = max(p.height for p in parts)
    bodies = [p for p in parts if p.height >= 0.45 * tall]
    return [sum(1 for p in parts if p.bottom <= b.top and p.left < b.right
                and p.right > b.left) for b in bodies]


def _scale_sizes() -> set[int]:
    from skatgame.ui.layout import MIN_SIZE, layout_for

    roles = ("caption", "small", "body", "heading", "title", "display")
    return {layout_for(*size).font(role) for size in (MIN_SIZE, (1280, 720), (1920, 1080))
            for role in roles}


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("word", ["ö ä ü", "Ö Ä Ü", "Ö ö ü"])
def test_umlauts_keep_two_dots_at_every_size_of_the_scale(word: str, bold: bool) -> None:
    """The bundled font's dots (with the synthetic bold, and at some sizes without)
    run into a bar: "ö" would read as "ō". Each umlaut is drawn with two dots."""
    ui_text.dots_fix.cache_clear()
    for size in sorted(_scale_sizes()):
        surf = ui_text.render(word, size, ui_text.TEXT, bold)
        assert _dots_over_letters(surf) == [2, 2, 2], (word, size, bold)
    # and the font alone would not do it: the gap is made where the dots merge
    assert any(ui_text.dots_fix(ch, size, True) is not None for ch in "öü"
               for size in _scale_sizes())


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_letter_of_every_text_has_a_glyph(language: str) -> None:
    """The discard prompt once said "← →", which the font does not have: two boxes on
    the screen. Every character of every text (suit signs aside: drawn as vectors)."""
    import json

    root = Path(skatgame.__file__).parent.parent / "resources" / "i18n"
    texts = json.loads((root / f"{language}.json").read_text(encoding="utf-8"))
    chars = {ch for value in texts.values() if isinstance(value, str) for ch in value
             if ch not in SUITS and not ch.isspace()}
    for bold in (False, True):
        f = fonts.font(30, bold)
        box = _pixels(f.render("\u0378", True, (255, 255, 255)))  # no glyph: the box drawn
        missing = sorted(ch for ch in chars
                         if _pixels(f.render(ch, True, (255, 255, 255))) == box)
        assert not missing, [(ch, f"U+{ord(ch):04X}") for ch in missing]
    assert _pixels(fonts.font(30, True).render("←", True, (255, 255, 255))) == box  # (found)
