"""The statistics screen, opened from the menu."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from skatgame.table.archive import ARCHIVE_FOLDER, list_archive
from skatgame.table.stats import compute
from skatgame.table.store import Store
from skatgame.ui import widgets
from skatgame.ui.testing import button_centre, click, make_app, press, steps
from tests.ui.test_saving import archive_doc


def test_the_statistics_screen_from_the_menu(tmp_path: Path) -> None:
    (tmp_path / ARCHIVE_FOLDER).mkdir()
    for i in range(2):
        (tmp_path / ARCHIVE_FOLDER / f"l{i}.json").write_text(json.dumps(archive_doc()),
                                                             encoding="utf-8")
    app = make_app(tmp_path)
    steps(app, 2)
    click(button_centre(app, "stats"))
    steps(app, 2)
    scene = app.top
    assert scene.name == "statistics" and scene.n_lists == 2 and scene.n_deals == 6
    expected = compute(list_archive(Store(tmp_path)))
    assert [s.deals for s in scene.table] == [s.deals for s in expected] == [6, 6, 6]
    cells = scene.cells(scene.table[0])
    assert cells[0] == "You" and cells[2] == "6"
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top.name == "menu" and not app.errors


# ---------------------------------------------------------------- the charts

from skatgame.table import statcache  # noqa: E402
from skatgame.table.worth import WORTH_NAME, hand_worth  # noqa: E402
from skatgame.ui.text import record_texts  # noqa: E402
from tests.table.test_stat_charts import save_lists  # noqa: E402


def open_statistics(folder: Path, size: tuple[int, int] = (1280, 720)):
    app = make_app(folder, size=size)
    steps(app, 2)
    app.nav.push("statistics")
    steps(app, 2)
    assert app.top.name == "statistics"
    return app, app.top


def test_every_tab_by_its_key_and_the_filters(tmp_path: Path) -> None:
    save_lists(tmp_path, [(1, 3, 2), (2, 4, 1), (3, 3, 1)])
    statcache.forget()
    app, scene = open_statistics(tmp_path)
    tabs = scene.tabs()
    assert tabs[:5] == ("overview", "list", "time", "games", "cards")
    for i, tab in enumerate(tabs):
        press(pygame.K_1 + i)
        steps(app, 2)
        assert scene.tab == tab and scene.button(f"tab-{tab}").chosen
        assert scene.chart_rect.width > 0  # something was drawn to save
    # Tab from the last tab goes on to the filters, Save and Back, then to the first tab
    names = []
    for _ in range(5):
        press(pygame.K_TAB)
        steps(app, 1)
        names.append(widgets.focused_button(scene.buttons).name)  # type: ignore[union-attr]
    assert names == ["player", "level", "period", "save", "back"]
    assert scene.tab == tabs[-1]
    press(pygame.K_TAB)
    steps(app, 1)
    assert scene.tab == tabs[0] and scene.button(f"tab-{tabs[0]}").focused
    # the period: every list, this list (the newest), the last 30 days before today
    assert scene.period == "all" and scene.n_lists == 3
    press(pygame.K_t)
    steps(app, 1)
    assert scene.period == "list" and [s.list_id for s in scene.lists] == ["l0"]
    press(pygame.K_t)
    steps(app, 1)
    assert scene.period == "days30"
    # the opponents' level: the lists in which every opponent had that level
    press(pygame.K_t)
    assert scene.opponent_levels() == [None, "advanced", "beginner", "expert"]
    press(pygame.K_o)
    steps(app, 2)
    assert scene.level == "advanced" and scene.lists == []
    for _ in range(3):
        press(pygame.K_o)
    steps(app, 2)
    assert scene.level is None and scene.n_lists == 3
    # another player: his own figures
    press(pygame.K_p)
    steps(app, 1)
    assert scene.player != ("", "human") and not app.errors


def test_a_chart_saved_as_png_says_where(tmp_path: Path) -> None:
    save_lists(tmp_path, [(4, 3, 2)])
    statcache.forget()
    app, scene = open_statistics(tmp_path)
    press(pygame.K_2)
    press(pygame.K_s)
    steps(app, 2)
    saved = list((tmp_path / "exports").glob("skat-chart-list-*.png"))
    assert len(saved) == 1
    assert str(saved[0]) in scene.saved_text and not scene.saved_bad
    picture = pygame.image.load(str(saved[0]))
    assert picture.get_size() == scene.chart_rect.size
    # the chart's own colours are in it: the player's gold line
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, picture.get_width(), 3)
               for y in range(0, picture.get_height(), 3)}
    assert (240, 196, 84) in colours
    # where it cannot be written: said, nothing lost
    for f in saved:
        f.unlink()
    (tmp_path / "exports").rmdir()
    (tmp_path / "exports").write_text("in the way", encoding="utf-8")
    press(pygame.K_s)
    steps(app, 2)
    assert scene.saved_bad and "could not be saved" in scene.saved_text
    assert not app.errors and app.top is scene


def test_cards_or_play_adds_up_and_keeps_the_worths(tmp_path: Path) -> None:
    save_lists(tmp_path, [(5, 3, 1), (6, 3, 1)])
    statcache.forget()
    app, scene = open_statistics(tmp_path)
    press(pygame.K_5)
    for _ in range(20):
        steps(app, 1)
        if scene.worths_done:
            break
    assert scene.worths_done
    hands = scene.worth_hands()
    assert len(hands) == 6  # two lists of three deals
    for mask, forehand in hands[:3]:  # the worths are the Expert's estimate of each hand
        assert scene.book.get(mask, forehand) == hand_worth(mask, forehand)
    from skatgame.table.stats import cards_or_play

    deals = cards_or_play(scene.mine, scene.player, scene.book.get)
    assert all(d.worth is not None and d.worth >= 0 for d in deals)
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert (tmp_path / f"{WORTH_NAME}.json").exists()  # kept for the next time
    # a damaged file of worths: started afresh without a word
    (tmp_path / f"{WORTH_NAME}.json").write_text("{broken", encoding="utf-8")
    app2, scene2 = open_statistics(tmp_path)
    press(pygame.K_5)
    steps(app2, 3)
    assert not app2.errors and not app2.store.has_problems


def test_worth_of_a_hand() -> None:
    from skatgame.engine.cards import parse_cards

    strong = sum(1 << c for c in parse_cards("CJ SJ HJ DJ CA CT ST SA HA HT"))
    weak = sum(1 << c for c in parse_cards("CT CK SQ ST HK HQ DT DK C9 S9"))
    low = sum(1 << c for c in parse_cards("C7 C8 S7 S8 H7 H8 H9 D7 D8 DK"))  # a null
    assert hand_worth(strong, True) > 100 and hand_worth(weak, False) == 0.0
    assert hand_worth(low, False) > 0
    assert hand_worth(strong, True) == hand_worth(strong, True)  # seeded by the hand


def test_usable_in_a_tall_narrow_window(tmp_path: Path) -> None:
    """Issue 29 item 10: at 900x1000 no text below 13 px, and the room under the table
    holds a chart (the middle was empty)."""
    save_lists(tmp_path, [(7, 3, 1), (8, 3, 1)])
    statcache.forget()
    app, scene = open_statistics(tmp_path, (900, 1000))
    for i in range(5):
        press(pygame.K_1 + i)
        steps(app, 1)
        log = record_texts(app.screen)
        app.step(0.0)
        record_texts(None)
        assert log is not None and log.items
        assert log.min_em_px() >= 13, scene.tab
        assert not log.overlapping(), scene.tab
        if scene.tab == "overview":
            assert scene.panel.height > 900
            assert scene.mini is not None and scene.mini.collidepoint(scene.panel.center)


def test_the_score_sheet_as_a_chart(tmp_path: Path) -> None:
    from skatgame.table.archive import list_archive as archived

    save_lists(tmp_path, [(9, 3, 2)])
    app = make_app(tmp_path)
    steps(app, 2)
    app.nav.push("finished_lists")
    steps(app, 2)
    press(pygame.K_RETURN)
    steps(app, 3)
    sheet = app.top
    assert sheet.name == "sheet" and not sheet.chart
    press(pygame.K_g)
    steps(app, 2)
    assert sheet.chart and sheet.button("chart").label == "Rows"
    assert len(archived(Store(tmp_path))[0].rows) == 6
    press(pygame.K_g)
    steps(app, 1)
    assert not sheet.chart and not app.errors


def test_lists_missing_from_the_cache_are_read_while_the_screen_shows(
        tmp_path: Path, monkeypatch) -> None:
    from skatgame.ui.scenes import stats as stats_scene

    save_lists(tmp_path, [(10 + i, 3, 1) for i in range(5)])
    statcache.forget()
    monkeypatch.setattr(stats_scene, "READ_FIRST", 0.0)  # one list before the first frame
    monkeypatch.setattr(stats_scene, "READ_STEP", 0.0)  # then one a frame
    app = make_app(tmp_path)
    steps(app, 2)
    app.nav.push("statistics")
    scene = app.top
    assert not scene.reading.done and scene.n_lists == 1
    cache = statcache.cache_path(Store(tmp_path))
    log = record_texts(app.screen)
    app.step(0.0)
    record_texts(None)
    assert any("Reading the finished lists: 1 of 5" in t.text for t in log.items)
    steps(app, 6)
    assert scene.reading.done and scene.n_lists == 5 and scene.n_deals == 15
    steps(app, 1)
    assert cache is not None and cache.exists()  # written once everything was read
    statcache.forget()
    app.nav.pop()
    app.nav.push("statistics")
    assert app.top.reading.done and app.top.n_lists == 5  # from the cache at once


def test_a_worth_that_fails_is_not_asked_for_again_and_again(tmp_path: Path,
                                                             monkeypatch) -> None:
    from skatgame.table import worth

    asked = []
    monkeypatch.setattr(worth.WorthJob, "run", lambda job: asked.append(job) and None)
    save_lists(tmp_path, [(21, 3, 1)])
    statcache.forget()
    app, scene = open_statistics(tmp_path)
    press(pygame.K_5)
    steps(app, 10)
    assert scene.worths_done and len(asked) == 1  # three hands, one job, not asked again
    log = record_texts(app.screen)
    app.step(0.0)
    record_texts(None)
    assert any("could not be worked out" in t.text for t in log.items) and not app.errors


def test_the_german_screen_answers_its_own_letters(tmp_path: Path) -> None:
    """Spieler S, Gegner G, Zeitraum Z, PNG P; the English letters do nothing there."""
    save_lists(tmp_path, [(1, 3, 2), (2, 4, 1)])
    statcache.forget()
    app = make_app(tmp_path)
    app.set_settings(replace(app.settings, language="de"))
    steps(app, 2)
    app.nav.push("statistics")
    steps(app, 2)
    scene = app.top
    assert [b.key_hint for b in scene.letter_buttons] == ["S", "G", "Z", "P"]
    press(pygame.K_t)  # English 'period': nothing in German
    steps(app, 1)
    assert scene.period == "all"
    press(pygame.K_z)
    steps(app, 1)
    assert scene.period == "list"
    press(pygame.K_s)
    steps(app, 1)
    assert scene.player != ("", "human") and not app.errors


# ---------------------------------------------------------------- at 200 %


def _texts(app):  # type: ignore[no-untyped-def]
    """The texts of the next frame: (overlapping, cut short)."""
    log = record_texts(app.screen)
    app.step(0.0)
    record_texts(None)
    assert log is not None and log.items
    return log.overlapping(), log.cut


@pytest.mark.parametrize("language", ["en", "de"])
def test_at_200_percent_every_tab_keeps_whole_in_pages(tmp_path: Path, language: str) -> None:
    """Issue 28 item 1: with text and cards at 200 % in 1280x720 the overview shows its
    columns part by part and its rows scrolled, the charts of "cards or play?" and the
    dealing come one by one (Left and Right), the key figures beside their values; no
    text over another, none cut short, every column, row and chart reachable by keys."""
    from skatgame.ui.scenes.stats import COLUMNS

    save_lists(tmp_path, [(1, 4, 2), (2, 3, 1), (3, 3, 1)])
    statcache.forget()
    app, scene = open_statistics(tmp_path)
    app.set_settings(replace(app.settings, text_size=200, language=language))
    steps(app, 2)
    assert app.layout.font_body == 2 * make_app(tmp_path / "plain").layout.font_body
    # the overview: the parts of the table in turn, each whole; the player's column on each
    assert scene.pages > 1
    seen: set[int] = set()
    for page in range(scene.pages):
        assert scene.page == page and scene.shown_columns[0] == 0
        seen.update(scene.shown_columns)
        assert _texts(app) == ([], [])
        press(pygame.K_RIGHT)
        steps(app, 1)
    assert seen == set(range(len(COLUMNS))) and scene.page == scene.pages - 1
    # the rows that do not fit: scrolled to by Down, the last player reached
    assert len(scene.table) > scene.visible_rows()
    for _ in range(len(scene.table)):
        press(pygame.K_DOWN)
    steps(app, 1)
    assert scene.scroll + scene.visible_rows() == len(scene.table)
    assert _texts(app) == ([], [])
    # the key figures, then the charts one page after another, and back with Left
    press(pygame.K_4)
    steps(app, 1)
    assert _texts(app) == ([], []) and scene.pages == 1
    for key, least in ((pygame.K_5, 3), (pygame.K_6, 2)):
        press(key)
        for _ in range(40):
            steps(app, 1)
            if scene.worths_done or key == pygame.K_6:
                break
        steps(app, 1)
        assert scene.page == 0 and scene.pages >= least
        for page in range(scene.pages):
            assert scene.page == page and scene.chart_rect.width > 0
            assert _texts(app) == ([], []), (scene.tab, page)
            press(pygame.K_RIGHT)
            steps(app, 1)
        press(pygame.K_LEFT)
        steps(app, 1)
        assert scene.page == scene.pages - 2
    assert not app.errors


def test_at_100_percent_the_charts_share_one_page(tmp_path: Path) -> None:
    save_lists(tmp_path, [(1, 4, 2), (2, 3, 1)])
    statcache.forget()
    app, scene = open_statistics(tmp_path)
    for key in (pygame.K_1, pygame.K_5, pygame.K_6):
        press(key)
        steps(app, 2)
        assert scene.pages == 1, scene.tab
        press(pygame.K_RIGHT)
        steps(app, 1)
        assert scene.page == 0
    assert not app.errors


def test_tick_values_say_what_they_are() -> None:
    from skatgame.ui.charts import nice_ticks, tick_text

    assert [tick_text(v) for v in nice_ticks(0, 1, 4)] == ["0", "0.25", "0.5", "0.75", "1"]
    assert tick_text(-200.0) == "−200" and tick_text(2.5) == "2.5"


@pytest.mark.parametrize("specs", [[(1, 3, 1)], [(1, 3, 12), (2, 3, 12), (3, 3, 12)]])
def test_the_overview_states_the_per_36_minimum_once(tmp_path: Path, specs) -> None:
    """With too few deals the chart under the rows says from how many deals on the
    figure is shown; the notes under it do not say it again (and say it when the chart
    draws the figures)."""
    from skatgame.table.stats import MIN_DEALS_PER_36

    save_lists(tmp_path, specs)
    statcache.forget()
    app, scene = open_statistics(tmp_path, size=(1920, 1080))
    log = record_texts(app.screen)
    app.step(0.0)
    record_texts(None)
    assert log is not None and scene.tab == "overview" and scene.mini is not None
    text = " ".join(item.text for item in log.items)
    minimum = [f"fewer than {MIN_DEALS_PER_36} deals", f"from {MIN_DEALS_PER_36} deals on"]
    assert sum(text.count(words) for words in minimum) == 1, text


def test_equal_totals_keep_every_players_line_visible() -> None:
    """You and Ben both at 0 all list long: Ben's line lay on yours and hid it (only a
    pixel of gold showed at its edges); each line shows whole, in its legend's colour."""
    from skatgame.ui import charts

    surface = pygame.Surface((900, 500))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(0, 0, 900, 500)
    plot = charts.totals_chart(surface, rect, "Running totals", ["You", "Anna", "Ben"],
                               [[0, 0, 0], [0, 80, 400], [0, 0, 0]], 0, unit="points",
                               x_label="Deal", size=15)
    gold, ben = charts.PALETTE[0], charts.PALETTE[2]
    width = max(2, round(15 / 5.5))
    x = (plot.rect.left + plot.rect.right) // 3  # between the first two deals
    column = [tuple(surface.get_at((x, y)))[:3] for y in range(plot.rect.top, rect.bottom)]

    def longest_run(color: tuple[int, ...]) -> int:
        best = run = 0
        for c in column:
            run = run + 1 if c == tuple(color[:3]) else 0
            best = max(best, run)
        return best

    assert longest_run(gold) >= width and longest_run(ben) >= width


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_200_percent_the_german_tabs_keep_the_pages_size_in_pages(
        tmp_path: Path, size: tuple[int, int]) -> None:
    """The six German tabs at 200 % shrank to the caption size beside filters at the
    page's size (issue 28, review): where they do not fit one row at that size they come
    in pages of one row between arrows; every tab is a click on an arrow away, its type
    the filters', and the overview keeps its rows."""
    save_lists(tmp_path, [(1, 4, 2), (2, 3, 1), (3, 3, 1)])
    statcache.forget()
    app, scene = open_statistics(tmp_path, size)
    app.set_settings(replace(app.settings, text_size=200, language="de"))
    steps(app, 2)
    size_of = scene.filter_buttons[0].fitted()[0]
    seen: set[str] = set()
    for _ in range(len(scene.tabs())):
        shown = [b for b in scene.tab_buttons if b.rect.width > 0]
        assert shown and any(b.chosen for b in shown)
        for b in shown:
            at, hint, lines = b.fitted()
            assert at >= size_of and hint and len(lines) == 1, (b.label, at, size_of)
            assert scene.panel.contains(b.rect) and b.rect.bottom < scene.filters_bottom
        assert not any(a.rect.colliderect(b.rect) for a in shown for b in shown if a is not b)
        assert not any(a.rect.colliderect(b.rect) for a in scene.tab_arrows for b in shown)
        assert _texts(app) == ([], [])
        seen |= {b.name for b in shown}
        ahead = [a for a in scene.tab_arrows if a.name == "tabs-on" and a.enabled]
        if not ahead:
            break
        click(ahead[0].rect.center)
        steps(app, 1)
    assert seen == {f"tab-{t}" for t in scene.tabs()}
    press(pygame.K_1)
    steps(app, 1)
    assert scene.tab == "overview" and scene.button("tab-overview").rect.width > 0
    # one row, as tall as the filters' (a second row of tabs cost the overview rows)
    assert scene.button("tab-overview").rect.height == scene.filter_buttons[0].rect.height
    assert not app.errors
