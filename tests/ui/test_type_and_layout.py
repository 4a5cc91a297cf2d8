"""One type scale, no overlapping text, a table that uses the screen.

The gallery walks through every scene at 1280x720 and 1920x1080 in English and
German while every text drawn is noted: no text is smaller than its floor and
no text box overlaps another. The layout keeps the 12-card hand clear of the
player's plate, the opponents' bubbles clear of the header, and lets the cards
grow with the window.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pygame
import pytest

from skatgame.commands.gallery import (
    CONTRAST_FLOOR,
    FLOORS,
    SIZES,
    floor_for,
    write_gallery,
)
from skatgame.table.labels import Label, Sign
from skatgame.ui import fonts, theme, widgets
from skatgame.ui import text as ui_text
from skatgame.ui.layout import BOTTOM, LEFT, RIGHT, layout_for

pygame.display.init()
pygame.font.init()

SCENES = {"menu", "new-list", "settings-table", "settings-game", "auction", "skat-pickup",
          "declare-none", "declare-schneider", "declare-schwarz", "declare-ouvert", "discard",
          "declare-after-pickup", "play", "play-german", "play-tournament", "hint",
          "last-trick", "pause", "help", "score-sheet", "results", "kontra", "thinking", "messages",
          "statistics", "finished-lists", "finished-sheet", "bid-helper", "learn", "lesson",
          "lesson-wrong", "settings-ramsch", "results-ramsch", "help-rules",
          "help-rules-german", "help-house", "score-sheet-ramsch", "new-list-four",
          "four-sitting-out", "four-play", "timer", "timer-up", "four-results", "four-sheet",
          "lesson-end", "learn-done", "four-hint", "new-list-refused", "four-auction",
          # Play together, without a network
          "together", "together-join-page", "together-wrong-password", "lobby-host",
          "lobby-guest", "together-table"}


#: the shots where texts may be cut short with "…" (the report's ``cut``): a window too
#: small to play in; on every other shot nothing is cut
MAY_CUT = {"too-small"}


def test_every_scene_keeps_the_size_floor_the_contrast_and_no_text_overlaps(
        tmp_path: Path) -> None:
    shots = write_gallery(tmp_path, save=False, speed="instant")
    report = json.loads((tmp_path / "text-report.json").read_text(encoding="utf-8"))
    assert len(report["shots"]) == len(shots)
    for entry in report["shots"]:
        assert {"name", "file", "size", "language", "min_text_px", "overlaps",
                "min_contrast", "low_contrast"} <= set(entry)
    for language in ("en", "de"):
        for size in SIZES:
            names = {s.name for s in shots if s.language == language and s.size == size}
            # the player across with his hand open; a defender's concession, asked and
            # said in the results
            wanted = SCENES | {"four-top-open", "confirm", "concede-results",
                               "claim-results-early"}
            assert names >= wanted, (language, size, wanted - names)
        assert any(s.name == "too-small" and s.language == language for s in shots)
    problems = []
    for s in shots:
        floor = floor_for(s.size)
        # the glyphs are drawn at least at the floor, so the loader's size is above it too
        if s.min_em_px is None or s.min_em_px < floor or (s.min_text_px or 0) < floor:
            problems.append(f"{s.name} {s.size} {s.language}: {s.min_em_px} px < {floor}")
        if s.overlaps:
            problems.append(f"{s.name} {s.size} {s.language}: overlapping {s.overlapping}")
        # every text legible against what lies behind it (WCAG AA), measured on each shot
        if s.min_contrast is None or s.min_contrast < CONTRAST_FLOOR or s.low_contrast:
            problems.append(f"{s.name} {s.size} {s.language}: contrast {s.low_contrast}")
        # every text at a size of the type scale: nothing shrunk to fit
        if s.off_scale and s.name != "too-small":
            problems.append(f"{s.name} {s.size} {s.language}: off the scale {s.off_scale}")
        # every card of an opponent's open hand in sight beside the results panel
        if s.under_panel:
            problems.append(f"{s.name} {s.size} {s.language}: under the panel {s.under_panel}")
        if s.cut and s.name not in MAY_CUT:
            problems.append(f"{s.name} {s.size} {s.language}: cut short {s.cut}")
    assert not problems, "\n".join(problems)
    assert FLOORS == {(1280, 720): 13, (1920, 1080): 16}


# ---------------------------------------------------------------- the recorder


def test_the_recorder_notes_sizes_and_overlaps_and_costs_nothing_when_off() -> None:
    screen = pygame.Surface((400, 200))
    log = ui_text.record_texts(screen)
    try:
        a = ui_text.draw_text(screen, "Kreuz", 19, (10, 10))
        ui_text.draw_text(screen, "Pik", 19, (a.right - 4, 12))  # runs into "Kreuz"
        ui_text.draw_text(screen, "Herz", 13, (10, 150))
        ui_text.draw_text(pygame.Surface((50, 50)), "elsewhere", 9, (0, 0))  # not the screen
    finally:
        ui_text.record_texts(None)
    assert log is not None
    assert [t.text for t in log.items] == ["Kreuz", "Pik", "Herz"]
    assert log.min_px() == fonts.font_px(13) and log.min_em_px() == 13
    assert sorted(t.text for t in log.overlapping()) == ["Kreuz", "Pik"]
    # an opaque panel drawn over both hides them: hidden text cannot collide
    widgets_log = ui_text.record_texts(screen)
    try:
        ui_text.draw_text(screen, "Kreuz", 19, (10, 10))
        ui_text.draw_text(screen, "Pik", 19, (20, 12))
        widgets.draw_panel(screen, pygame.Rect(0, 0, 200, 100), theme.PANEL_SOLID)
    finally:
        ui_text.record_texts(None)
    assert widgets_log is not None and widgets_log.overlapping() == []
    ui_text.draw_text(screen, "not noted", 19, (0, 0))
    assert len(widgets_log.items) == 2


def test_long_text_is_shortened_never_shrunk() -> None:
    text = "Schneider angesagt, Schwarz angesagt, offen: alles auf einmal"
    short = ui_text.ellipsize(text, 15, 200)
    assert short.endswith("…") and ui_text.text_width(short, 15) <= 200
    assert ui_text.ellipsize("Grand", 15, 200) == "Grand"
    lines = ui_text.wrap(text, 15, 200)
    assert len(lines) > 1 and all(ui_text.text_width(x, 15) <= 200 for x in lines)


@pytest.mark.parametrize("label", [
    "♥ Herz Hand Schneider",  # a text with a suit symbol, drawn as a sign
    (ui_text.split_suits("♥")[0], " ", "Herz", " Hand", " Schneider"),  # the sheet's
])
@pytest.mark.parametrize("width", [45, 60, 74, 100])
def test_text_with_suit_signs_is_shortened_to_its_room(label: Label,
                                                       width: int) -> None:
    """A sign is wider than the font's suit glyph, and a label's words before its last
    part give way too: the score sheet's 'Herz Hand…' reached into the next column
    (480x360, four players, German)."""
    short = ui_text.shorten(label, 17, width)
    assert ui_text.rich(short, 17).get_width() <= width
    assert ui_text.label_text(short).endswith("…")


@pytest.mark.parametrize("width", range(140, 420, 7))
def test_a_per_cent_sign_stays_with_its_figure(width: int) -> None:
    """German writes "55 %": the hint at 150 % put "%)" alone on its last line."""
    text = ("Drücke ♦8 und ♦9 für Grand: mit dem Skat ist Grand mehr wert als ♣ Kreuz "
            "(deine Gewinnchance 74 % statt 55 %)")
    for lines in (ui_text.wrap(text, 17, width),
                  [ui_text.label_text(x) for x in ui_text.wrap_label(text, 17, width)]):
        assert not any(x.lstrip().startswith("%") for x in lines), lines


@pytest.mark.parametrize("path", [
    "/home/someone/.local/share/skatgame/exports/Liste-2026-11-27-Anna-Ben-Clara.csv",
    "C:\\Users\\Jürgen\\AppData\\Local\\skatgame\\exports\\Liste-2026-11-27.csv",
])
@pytest.mark.parametrize("width", [340, 420, 560])
def test_a_saved_files_path_wraps_whole_at_its_separators(path: str, width: int) -> None:
    lines = ui_text.wrap(f"Saved as {path}", 18, width)
    assert all(ui_text.text_width(x, 18) <= width for x in lines)
    assert path in "".join(lines)  # every letter, no space put into it
    name = path.replace("\\", "/").rsplit("/", 1)[1]
    assert lines[-1].endswith(name)  # the file's name whole on its line
    assert all(x.endswith(("/", "\\")) for x in lines[1:-1])  # broken after a folder


def test_one_size_per_role_and_the_floors_in_the_scale() -> None:
    for (w, h), floor in FLOORS.items():
        L = layout_for(w, h)
        roles = ["caption", "badge", "small", "body", "button", "heading", "title", "display"]
        sizes = [L.font(r) for r in roles]
        assert sizes == sorted(sizes)  # the scale rises from captions to the title
        # the smallest role is drawn at the floor or above (and its loader size too)
        assert int(fonts.font_px(L.font("caption")) * 0.6875) >= floor
        assert widgets.hint_size(L.font_body) >= floor
    assert layout_for(1920, 1080).font("body") > layout_for(1280, 720).font("body")


# ---------------------------------------------------------------- the table's layout


def _card_box(x: float, y: float, w: float, h: float, angle: float) -> pygame.Rect:
    a = math.radians(angle)
    bw = abs(w * math.cos(a)) + abs(h * math.sin(a))
    bh = abs(w * math.sin(a)) + abs(h * math.cos(a))
    return pygame.Rect(round(x - bw / 2), round(y - bh / 2), math.ceil(bw), math.ceil(bh))


@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 720), (1366, 768),
                                  (1920, 1080), (2560, 1440), (1280, 1024)])
def test_the_hand_of_twelve_clears_the_plate_and_the_tools(size: tuple[int, int]) -> None:
    L = layout_for(*size)
    plate = L.plate_rect(BOTTOM)
    tools = L.toolbar_rects(4)
    for x, y, a in L.hand_slots(12):
        for lift in (0, L.raise_by):
            box = _card_box(x, y - lift, L.card_w, L.card_h, a)
            assert not box.colliderect(plate), (size, box, plate)
            assert not any(box.colliderect(t) for t in tools), (size, box)


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1024, 600), (1280, 720),
                                  (1920, 1080)])
def test_bubbles_never_cover_the_header(size: tuple[int, int]) -> None:
    L = layout_for(*size)
    info = L.info_rect()
    screen = pygame.Surface(size)
    long_call = "Kontra · Re · Schneider angesagt"
    for pos in (LEFT, RIGHT, BOTTOM):
        anchor, side = L.bubble_anchor(pos)
        body = widgets.draw_bubble(screen, long_call, L.font_body, side, anchor)
        assert not body.colliderect(info), (size, pos, body, info)
        assert not body.colliderect(L.plate_rect(LEFT if pos != LEFT else RIGHT))


def test_the_cards_grow_with_the_window() -> None:
    small, big = layout_for(1280, 720), layout_for(1920, 1080)
    for attr in ("card_w", "table_w", "small_w"):
        assert getattr(big, attr) >= 1.4 * getattr(small, attr), attr
    # the trick and the opponents' cards are near the hand's size, not an island
    assert big.table_w >= 0.9 * big.card_w and big.small_w >= 0.65 * big.card_w
    # the trick spreads over a good part of the window's height
    tops = [L_y - big.table_h / 2 for _x, L_y, _a in (big.trick_slot(p) for p in (0, 1, 2))]
    bottoms = [L_y + big.table_h / 2 for _x, L_y, _a in (big.trick_slot(p) for p in (0, 1, 2))]
    assert max(bottoms) - min(tops) >= 0.28 * big.height


HINT = "(wins 0 %) - best over 36 sampled deals, each solved with open cards"


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("label", [f"Hint: play ♥9 {HINT}", ("Hint: play ", Sign(2), "9 " + HINT)])
def test_a_long_message_wraps_between_the_opponents_hands(size: tuple[int, int],
                                                          label: Label) -> None:
    L = layout_for(*size)
    screen = pygame.Surface(size)
    toast = widgets.Toast()
    toast.show(label, 5.0)
    toast.update(1.0)
    log = ui_text.record_texts(screen)
    try:
        toast.draw(screen, L.toast_pos(), L.font_large, max_width=L.toast_width)
    finally:
        ui_text.record_texts(None)
    assert log is not None and len(log.items) >= 2  # wrapped, at its own size
    assert {t.px for t in log.items} == {fonts.font_px(L.font_large)}
    for pos in (LEFT, RIGHT):
        hand = [_card_box(x, y, L.small_w, L.small_h, a) for x, y, a in L.opponent_slots(pos, 10)]
        for t in log.items:
            assert not any(t.rect.colliderect(c) for c in hand), (size, t.text)
    assert log.overlapping() == []


@pytest.mark.parametrize("text", [
    "Add 1 for the game: level 3. Clubs: 3 × 12 = 36. So you may bid up to 36.",
    ("Dazu kommt 1 für das Spiel: Stufe 3. ", Sign(0), " Kreuz: 3 × 12 = 36. Du darfst also"),
])
def test_a_product_such_as_3_x_12_is_never_broken_across_lines(text: Label) -> None:
    widths = range(60, 600, 3)
    for width in widths:
        lines = (ui_text.wrap(text, 19, width) if isinstance(text, str)
                 else ui_text.wrap_label(text, 19, width))
        joined = [ui_text.label_text(line) for line in lines]
        assert sum("3\u00a0×\u00a012" in x for x in joined) == 1, (width, joined)
        assert not any(x.rstrip().endswith(("×", "3")) and x != joined[-1] for x in joined)


def test_a_label_with_suit_signs_wraps_at_spaces_and_keeps_every_word() -> None:
    label = ("Put away ", Sign(1), "10 and ", Sign(1), "7, then play ", Sign(0), "J first")
    lines = ui_text.wrap_label(label, 19, 140)
    assert len(lines) > 1
    for line in lines:
        assert ui_text.rich(line, 19).get_width() <= 140 or len(line) == 2  # one long word
    words = " ".join(ui_text.label_text(x) for x in lines).split()
    assert words == ui_text.label_text(label).split()
    signs = [p for line in lines for p in line if isinstance(p, Sign)]
    assert signs == [Sign(1), Sign(1), Sign(0)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 768)])
@pytest.mark.parametrize("n", [2, 8, 10])
def test_an_open_hand_at_the_side_closes_up_beside_a_panel(size: tuple[int, int],
                                                           n: int) -> None:
    """The results panel over the table: each opponent's open hand closes up until every
    card lies beside it, each card's corner still in sight."""
    from skatgame.ui.layout import LEFT, OPEN_STEP_MIN, RIGHT

    L = layout_for(*size)
    panel = pygame.Rect(0, 0, min(L.width - 2 * L.margin, round(600 * L.unit)), L.height // 2)
    panel.centerx, panel.y = L.width // 2, L.info_rect().bottom + L.gap
    sw = L.small_w
    for pos in (LEFT, RIGHT):
        slots = L.opponent_slots(pos, n, True, panel)
        boxes = [pygame.Rect(round(x - sw / 2), round(y - L.small_h / 2), sw, L.small_h)
                 for x, y, _a in slots]
        assert not any(b.colliderect(panel) for b in boxes), (pos, boxes, panel)
        assert all(L.margin <= b.left and b.right <= L.width - L.margin for b in boxes)
        steps_ = [b.x - a.x for a, b in zip(boxes, boxes[1:], strict=False)]
        assert all(s >= OPEN_STEP_MIN * sw - 1 for s in steps_)
        # without a panel the hand lies as before
        assert L.opponent_slots(pos, n, True, None) == L.opponent_slots(pos, n, True)


def test_a_suit_sign_is_never_left_at_the_end_of_a_line() -> None:
    """Lesson 4 broke "♠ / 11" across two lines (the sign at the end of one line, its value
    on the next); a sign stays with the word it marks in plain wrapped text too."""
    text = ("A suit game is worth its base value times its level: \u2666 9, \u2665 10, "
            "\u2660 11, \u2663 12; a Grand 24.")
    for width in range(60, 600, 3):
        lines = ui_text.wrap(text, 19, width)
        assert not any(line.rstrip().endswith(("\u2660", "\u2663", "\u2665", "\u2666"))
                       for line in lines), (width, lines)
        assert " ".join(lines).replace("\u00a0", " ") == text
