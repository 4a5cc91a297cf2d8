"""The setting *Size of text and cards*: 100 % is the window's own layout, larger sizes
grow text, buttons, plates and cards together (cards and plates as far as room allows)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from skatgame.table.settings import TEXT_SIZES, Settings
from skatgame.ui.app import App
from skatgame.ui.layout import LEFT, RIGHT, layout_for, turned_box
from skatgame.ui.scenes.settings import SettingsScene
from skatgame.ui.testing import make_app, steps

SIZES = ((1280, 720), (1920, 1080), (800, 600), (480, 360))


@pytest.mark.parametrize("size", SIZES)
def test_at_100_percent_the_layout_is_the_windows_own(size: tuple[int, int]) -> None:
    assert layout_for(*size, 1.0) == layout_for(*size)


@pytest.mark.parametrize("size", SIZES)
def test_larger_sizes_grow_text_buttons_and_cards_but_keep_the_window(
        size: tuple[int, int]) -> None:
    plain = layout_for(*size)
    last = plain
    for percent in TEXT_SIZES[1:]:
        big = layout_for(*size, percent / 100)
        assert (big.width, big.height) == size
        # the type scale and the buttons follow the setting in full
        assert big.font_body == max(12, round(19 * plain.unit * percent / 100))
        assert big.font_body >= last.font_body and big.button_h >= last.button_h
        assert big.card_w >= last.card_w and big.plate_w >= last.plate_w
        # the cards never take so much of the window that a hand and the trick cannot fit
        assert big.card_h <= size[1] * 0.33
        assert big.own_plate_w <= max(plain.own_plate_w, size[0] * 0.19)
        last = big
    assert last.font_body >= min(2 * plain.font_body - 1, round(38 * plain.unit))
    assert last.card_w > plain.card_w or size[1] < 400


def _size_row(app: App) -> tuple[SettingsScene, Any]:
    """The settings' seeing page opened, and its row for the size of text and cards."""
    steps(app, 2)
    app.nav.push("settings", page="access")
    steps(app, 1)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    row = scene.row("text_size")
    assert row is not None
    return scene, row


def test_the_setting_is_on_the_seeing_page_and_applies_at_once(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene, row = _size_row(app)
    assert row in scene.forms["access"].rows and row.value == 100
    body = app.layout.font_body
    for _ in range(4):
        row.step(1)
    steps(app, 1)
    assert row.value == 200 and app.settings.text_size == 200
    assert app.layout.font_body == 2 * body
    assert app.layout == layout_for(1280, 720, 2.0)
    # the settings page is laid out anew: its rows stay inside the panel, apart
    rects = [r.rect for r in scene.form.rows]
    assert all(scene.panel.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert not app.errors


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_clicks_at_the_same_spot_step_the_size_on_and_on(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """The page is laid out anew at every size, but the arrow clicked stays under the
    mouse until the mouse leaves it: clicks at one spot go 100, 125, 150 ... 200 and
    back; once the mouse has moved away the page is laid out as at that size."""
    from dataclasses import replace

    from skatgame.ui.testing import click

    app = make_app(tmp_path, size=size)
    app.set_settings(replace(app.settings, language=language))
    scene, row = _size_row(app)
    spot = row.arrow_rects()[2].center
    for want in TEXT_SIZES[1:]:
        click(spot)
        steps(app, 1)
        assert app.settings.text_size == want, (want, spot)
        assert row.arrow_rects()[2].collidepoint(spot)
    back = row.arrow_rects()[0].center
    for want in reversed(TEXT_SIZES[:-1]):
        click(back)
        steps(app, 1)
        assert app.settings.text_size == want
    # the mouse leaves: the rows are laid out for the size as they are, side by side
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    steps(app, 1)
    rects = [r.rect for r in scene.form.rows]
    assert len({(r.x, r.width) for r in rects}) == 1
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert not app.errors


def _apart(rects: list[pygame.Rect]) -> bool:
    """Rows in their order down the page, none over another."""
    return all(b.top >= a.bottom for a, b in zip(rects, rects[1:], strict=False))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_back_from_200_percent_no_row_lies_over_another(tmp_path: Path,
                                                        size: tuple[int, int]) -> None:
    """A playtester at the table (Settings from the pause menu) went from 200 % back to
    100 %: the size row stayed at its old place over "High contrast", its own slot empty,
    for seconds and after a key press. Now the page moves with the clicked row (its ◀
    stays under the mouse) and a key lays the page out as it is at once."""
    from dataclasses import replace

    from skatgame.ui.testing import click, press

    app = make_app(tmp_path, size=size)
    app.set_settings(replace(app.settings, text_size=200))
    scene, row = _size_row(app)
    assert scene.on_table is False
    spot = row.arrow_rects()[0].center
    for want in reversed(TEXT_SIZES[:-1]):
        click(spot)
        steps(app, 1)
        assert app.settings.text_size == want
        assert row.arrow_rects()[0].collidepoint(spot)
        assert _apart([r.rect for r in scene.form.rows]), want
        assert all(scene.panel.contains(r.rect) for r in scene.form.rows)
    press(pygame.K_DOWN)
    steps(app, 1)
    rects = [r.rect for r in scene.form.rows]
    assert _apart(rects) and len({(r.x, r.width) for r in rects}) == 1
    assert all(b.top - a.bottom < a.height for a, b in zip(rects, rects[1:], strict=False))
    assert not app.errors


def test_older_settings_load_at_100_percent() -> None:
    data = Settings().to_dict()
    del data["text_size"]
    assert Settings.from_dict(data)[0].text_size == 100
    with pytest.raises(ValueError):
        Settings(text_size=130)


@pytest.fixture(scope="module")
def shots_at_200() -> list[Any]:
    """Every shot of the gallery at 1280x720 with text and cards at 200 %, in English and
    in German (one walk through the game per language)."""
    from skatgame.commands.gallery import shoot

    return [shot for language in ("en", "de")
            for shot in shoot(None, (1280, 720), language, with_too_small=False,
                              speed="instant", text_size=200)]


def test_at_200_percent_words_keep_apart_whole_and_large(shots_at_200: list[Any]) -> None:
    from skatgame.commands.gallery import floor_for

    # (a lesson's step read in pages is shot at each page: how many, the language says)
    names = {s.name for s in shots_at_200 if "-page" not in s.name}
    assert len(names) > 60 and {"four-sheet", "review-views", "review-keys"} <= names
    for language in ("en", "de"):
        assert {s.name for s in shots_at_200 if s.language == language
                and "-page" not in s.name} == names
    assert any("-page" in s.name for s in shots_at_200)
    # every shot: no text box over another, nothing cut short with "…"
    crowded = [f"{s.name} {s.language}: {s.overlapping}" for s in shots_at_200 if s.overlaps]
    assert not crowded, crowded
    cut = [f"{s.name} {s.language}: {s.cut}" for s in shots_at_200 if s.cut]
    assert not cut, cut
    # every text of every shot is at least as large as at 100 % (19 px: the body of 100 %)
    small = [s.name for s in shots_at_200 if s.min_text_px is not None
             and s.min_text_px < max(19, floor_for((1280, 720)))]
    assert not small, small


def test_at_200_percent_forms_results_and_plates_keep_clear(shots_at_200: list[Any]) -> None:
    """The forms' headings, the results over a whole window, the plates, the info panel
    and the buttons: what the larger text crowded before, each checked by name."""
    by_name = {(s.name, s.language): s for s in shots_at_200}
    for language in ("en", "de"):
        for name in ("new-list", "new-list-four", "settings-game", "settings-ramsch",
                     "results", "claim", "claim-results", "four-results", "results-ramsch",
                     "results-bierlachs", "play", "kontra", "timer", "lesson"):
            shot = by_name[name, language]
            assert not shot.overlaps, (name, language, shot.overlapping)
        for name in ("settings-table", "settings-game", "results", "play", "kontra", "timer",
                     "four-results", "claim", "lesson"):
            shot = by_name[name, language]
            assert not shot.cut, (name, language, shot.cut)


def _frame_log(app: App) -> Any:
    """The texts one frame of ``app`` draws (their boxes, what was cut with "…")."""
    from skatgame.ui import text

    log = text.record_texts(app.screen)
    try:
        steps(app, 1)
    finally:
        text.record_texts(None)
    return log


@pytest.mark.parametrize("language", ["en", "de"])
def test_at_200_percent_the_sheet_of_four_wraps_a_long_game_and_cuts_nothing(
        tmp_path: Path, language: str) -> None:
    """Long games (Clubs Hand Schwarz announced, with Kontra and Re) at a table of four,
    at 1280x720: the game's words wrap to more lines (nothing cut, nothing overlapping),
    and every deal can be scrolled to and chosen."""
    from dataclasses import replace

    from skatgame.engine.actions import PASS, Bid, Contract, Declare, Kontra, Re
    from skatgame.engine.options import RuleOptions
    from skatgame.engine.rules import GameKind
    from skatgame.engine.series import Series
    from skatgame.table.session import Session
    from skatgame.ui.scenes.sheet import ScoreSheetScene

    app = make_app(tmp_path)
    app.set_settings(replace(app.settings, language=language, text_size=200))
    steps(app, 2)
    names = ["Du", "Anna", "Ben", "Clara"]
    series = Series(names, deals=12, options=RuleOptions(kontra=True), seed=3)
    for n in range(8):
        deal = series.next_deal()
        if n % 2 == 0:
            for action in (PASS, PASS, Bid(18), Declare(Contract.make(
                    GameKind.CLUBS, hand=True, schneider=True, schwarz=True)), Kontra(), Re()):
                deal.apply(action)
        while not deal.done:
            legal = deal.legal_actions()
            deal.apply(next((a for a in legal if a == PASS), legal[0]))
        series.record_deal()
    app.nav.push("sheet", session=Session(series, names, [None, *["beginner"] * 3]))
    steps(app, 1)
    sheet = app.top
    assert isinstance(sheet, ScoreSheetScene)
    grid = sheet.grid()
    assert max(len(lines) for lines in grid.games) >= 2  # the long games in two lines
    assert grid.size >= 19  # never below the body of 100 %
    seen = set()
    for index in range(8):  # every deal chosen in turn: it is drawn, whole and apart
        sheet.select(index)
        log = _frame_log(app)
        assert not log.cut, (index, log.cut)
        assert not log.overlapping(), (index, [t.text for t in log.overlapping()])
        shown = {i for _rect, i in sheet.row_rects}
        assert index in shown
        seen |= shown
        totals_top = sheet.buttons[0].rect.top - app.layout.gap - sheet.row_h - sheet.end_h
        assert all(rect.bottom <= totals_top for rect, _i in sheet.row_rects)
        assert all(sheet.panel.contains(rect) for rect, _i in sheet.row_rects)
    assert seen == set(range(8))
    assert not app.errors


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1366, 768), (1024, 768), (800, 600)])
def test_larger_sizes_never_shrink_a_card_below_its_size_at_100_percent(
        size: tuple[int, int]) -> None:
    """Text, cards and buttons grow together: at every size of text and cards each card at
    the table (the hand, the trick and the skat, the other hands, an open hand across the
    table, the won tricks) is at least as large as at 100 % in the same window. At three
    the hand goes a little lower with large text, so that the trick keeps its size over
    the prompt and the skat over the bidding helper's line; at four (the trick's cards
    were half their size at 200 %) the player across sits beside the info panel and the
    trick lies in a row in the band under them, above the prompt."""
    plain = layout_for(*size).seated(False)
    for percent in TEXT_SIZES[1:]:
        big = layout_for(*size, percent / 100)
        for four in (False, True):
            seated = big.seated(four)
            assert seated.card_w >= plain.card_w and seated.small_w >= plain.small_w
            assert seated.top_w >= plain.top_w and seated.pile_w >= plain.pile_w
            assert seated.table_w >= layout_for(*size).seated(four).table_w, \
                (percent, four, seated.table_w)
            if four:  # the trick under the row across, above the prompt; the skat above
                top = seated.top_row_rect().bottom  # the bidding helper's line
                area = seated.trick_area()
                assert area.top >= top and area.bottom <= seated.play_words_top(), \
                    (percent, area, top)
                for x, y, a in seated.skat_slots():
                    skat = turned_box(x, y, seated.table_w, seated.table_h, a)
                    assert top <= skat.top and skat.bottom <= seated.words_top(), (percent, skat)
                # his row beside the info panel, both between the side players' plates
                info, row = seated.info_rect(), seated.top_row_rect()
                assert not info.colliderect(row) and info.top == row.top
                assert seated.plate_rect(LEFT).right < info.left
                assert row.right < seated.plate_rect(RIGHT).left
            if not four:
                assert seated.table_w >= plain.table_w, (percent, seated.table_w)
                # the skat over the helper's line, the trick over the prompt in play
                top = seated.info_rect().bottom + seated.gap
                cx, cy, _a = seated.skat_slots()[0]
                assert top - 1 <= cy - seated.table_h / 2  # (to the pixel)
                assert cy + seated.table_h / 2 <= seated.words_top() - seated.gap + 1
                area = seated.trick_area()
                assert area.top >= top - seated.gap and \
                    area.bottom <= seated.play_words_top(), (percent, area)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_at_200_percent_the_sheets_figures_stand_apart_by_rules(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """A reviewer read neighbouring figures of the score sheet at 200 % as one number (the
    columns edge to edge): a thin rule stands between every two figure columns, in the
    gap between their texts (never on a text, 3 px from each at least), and shows."""
    from dataclasses import replace

    from skatgame.engine.series import Series
    from skatgame.table.session import Session
    from skatgame.ui import theme
    from skatgame.ui.scenes.sheet import RIGHT_FROM, ScoreSheetScene

    app = make_app(tmp_path, size=size)
    app.set_settings(replace(app.settings, text_size=200))
    steps(app, 2)
    names = ["You", "Anna", "Ben"]
    series = Series(names, deals=3, seed=3)
    deal = series.next_deal()
    while not deal.done:
        deal.apply(deal.legal_actions()[-1])
    series.record_deal()
    app.nav.push("sheet", session=Session(series, names, [None, "beginner", "beginner"]))
    steps(app, 1)
    sheet = app.top
    assert isinstance(sheet, ScoreSheetScene)
    rules = sheet.column_rules()
    assert len(rules) == len(sheet.grid().xs) - RIGHT_FROM
    log = _frame_log(app)
    head_y = sheet.rows_room()[0] - sheet.row_h + sheet.row_h // 2
    color = theme.blend(theme.PANEL_BORDER, theme.PANEL_SOLID, 0.35)
    row_y = sheet.rows_room()[0] + sheet.row_h // 2
    for x in rules:
        for t in log.items:
            if t.rect.top <= head_y <= t.rect.bottom or t.rect.top <= row_y <= t.rect.bottom:
                assert not t.rect.left - 3 <= x <= t.rect.right + 2, (t.text, x)
        shown = app.screen.get_at((x, head_y))[:3]
        assert max(abs(a - b) for a, b in zip(shown, color, strict=True)) <= 24, (x, shown)
    assert not app.errors
