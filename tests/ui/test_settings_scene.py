"""The settings screen: two pages, every change applied at once and kept on disk."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from skatgame.table.settings import load_settings
from skatgame.table.store import Store
from skatgame.ui.app import App
from skatgame.ui.scenes.settings import WINDOW_SIZES, SettingsScene, window_sizes
from skatgame.ui.testing import button_centre, click, make_app, press, steps


def open_settings(tmp_path: Path) -> tuple[App, SettingsScene]:
    app = make_app(tmp_path)
    steps(app, 2)
    click(button_centre(app, "settings"))
    steps(app, 1)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    return app, scene


def saved(tmp_path: Path):  # noqa: ANN201
    return load_settings(Store(tmp_path)).value


def test_tab_and_the_page_buttons_turn_the_page(tmp_path: Path) -> None:
    app, scene = open_settings(tmp_path)
    assert scene.page == "table" and scene.form.rows[0].name == "deck_style"
    press(pygame.K_TAB)
    steps(app, 1)
    assert scene.page == "game"
    assert [r.name for r in scene.form.rows][:6] == ["opponent_left", "opponent_top",
                                                    "opponent_right", "players", "move_timer",
                                                    "ramsch"]
    click(button_centre(app, "page_table"))
    steps(app, 1)
    assert scene.page == "table"
    # rows lie inside the panel and do not overlap, on both pages, also in a small window
    for size in ((1280, 720), (800, 600)):
        app.resize(size)
        for page in ("table", "game"):
            scene.turn_page(page)
            rects = [r.rect for r in scene.form.rows]
            assert all(scene.panel.contains(r) for r in rects), (size, page)
            assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_window_size_applies_at_once_and_is_kept(tmp_path: Path) -> None:
    app, scene = open_settings(tmp_path)
    row = scene.row("window_size")
    assert row is not None and row.value == (1280, 720)
    row.step(-1)
    steps(app, 1)
    assert app.screen.get_size() == row.value != (1280, 720)
    assert saved(tmp_path).window_size == row.value
    assert app.top is scene and not app.errors


def test_window_sizes_fit_the_screen_and_include_the_current_one() -> None:
    sizes = window_sizes((1000, 700), [(1600, 900)])
    assert (1000, 700) in sizes and sizes == sorted(sizes, key=lambda s: s[0] * s[1])
    assert set(sizes) - {(1000, 700)} <= set(WINDOW_SIZES)
    assert max(sizes) == (1600, 900)


def test_opponents_and_house_rules_are_the_defaults_of_new_lists(tmp_path: Path) -> None:
    app, scene = open_settings(tmp_path)
    scene.turn_page("game")
    scene.row("opponent_right").select_value("beginner")
    scene.row("opponent_right").step(1)  # advanced... from beginner
    scene.row("opponent_left").select_value("advanced")
    scene.row("opponent_left").step(1)  # expert
    kontra = scene.row("kontra")
    kontra.select_value(False)
    kontra.step(-1)  # on
    grand = scene.row("grand_base")
    grand.step(1)  # 20
    steps(app, 1)
    s = saved(tmp_path)
    assert [o.level for o in s.opponents] == ["expert", "advanced", "advanced"]  # + across
    assert s.house_rules["kontra"] is True and s.house_rules["grand_base"] == 20
    press(pygame.K_ESCAPE)
    steps(app, 1)
    click(button_centre(app, "new"))
    steps(app, 1)
    form = app.top
    assert form.left.value == "expert" and form.right.value == "advanced"
    assert form.options().kontra and form.options().grand_base == 20


def test_corner_letters_only_for_french_decks(tmp_path: Path) -> None:
    app, scene = open_settings(tmp_path)
    letters = scene.row("german_indices")
    # an English table letters its cards J Q K; B D K is one step away
    assert letters.enabled and "J Q K" in letters.options[letters.index][1]
    letters.step(1)
    assert app.settings.german_indices is True and app.deck.german_indices is True
    scene.row("deck_style").select_value("tournament")
    scene.row("deck_style").step(1)  # german
    assert app.settings.deck_style == "german" and not letters.enabled
    letters.step(1)  # no effect on the German deck
    assert app.settings.german_indices is True


def test_the_corner_letters_follow_the_language_until_chosen(tmp_path: Path) -> None:
    app, scene = open_settings(tmp_path)
    assert app.settings.language == "en" and not app.deck.german_indices
    scene.row("language").select_value("de")
    scene.change("language", "de")
    steps(app, 1)
    letters = scene.row("german_indices")
    assert app.deck.german_indices and letters.value is True  # B D K, as the language
    letters.step(1)  # the player chooses J Q K
    scene.change("language", "en")
    scene.change("language", "de")
    assert app.settings.german_indices is False and not app.deck.german_indices
    assert saved(tmp_path).german_indices is False


def test_sound_and_volume_and_speed_apply_at_once(tmp_path: Path) -> None:
    app, scene = open_settings(tmp_path)
    scene.row("sound_on").select_value(False)
    scene.row("sound_on").step(-1)
    scene.row("volume").step(-1)
    scene.row("animation_speed").step(1)
    scene.row("show_running_points").step(1)
    s = saved(tmp_path)
    assert s.sound_on is True and s.volume != 0.7
    assert s.animation_speed == app.settings.animation_speed and app.speed >= 0
    assert s.show_running_points is False
    assert not app.errors


def test_a_language_change_relabels_both_pages(tmp_path: Path) -> None:
    app, scene = open_settings(tmp_path)
    scene.turn_page("game")
    lang = scene.row("language")
    lang.select_value("en")
    lang.step(1)
    steps(app, 1)
    scene = app.top
    assert scene.page == "game" and scene.tabs[1].label == "Gegner und Regeln"
    assert scene.row("kontra").label == "Kontra und Re"
    assert saved(tmp_path).language == "de"


def test_ramsch_variants_only_with_ramsch_and_kept_for_new_lists(tmp_path: Path) -> None:
    app, scene = open_settings(tmp_path)
    scene.turn_page("game")
    variants = ("schieberamsch", "ramsch_skat", "ramsch_loss", "ramsch_jungfrau",
                "ramsch_durchmarsch")
    ramsch = scene.row("ramsch")
    assert ramsch.value is False
    assert all(not scene.row(name).enabled for name in variants)
    skat = scene.row("ramsch_skat")
    skat.step(1)  # switched off with Ramsch: nothing changes
    assert skat.value == "last_trick"
    ramsch.step(-1)  # on
    assert all(scene.row(name).enabled for name in variants)
    skat.step(1)
    skat.step(1)  # to no one
    scene.row("ramsch_durchmarsch").step(1)  # shooting the moon
    scene.row("ramsch_jungfrau").step(1)  # +5
    scene.row("ramsch_loss").step(1)  # 10
    steps(app, 1)
    rules = saved(tmp_path).house_rules
    assert (rules["ramsch"], rules["ramsch_skat"], rules["ramsch_durchmarsch"],
            rules["ramsch_jungfrau"], rules["ramsch_loss"]) == (True, "nobody", "moon", "plus5",
                                                                "ten")
    assert skat.options[skat.index][1] == "no one"
    press(pygame.K_ESCAPE)
    steps(app, 1)
    click(button_centre(app, "new"))
    steps(app, 1)
    form = app.top
    o = form.options()
    assert (o.ramsch_skat, o.ramsch_durchmarsch, o.ramsch_jungfrau, o.ramsch_loss) == \
        ("nobody", "moon", "plus5", "ten")
    rows = {r.name: r for r in form.rules}
    rows["ramsch"].step(1)  # off: the variants are kept but cannot be changed
    assert not rows["ramsch_loss"].enabled and form.options().ramsch_loss == "ten"


def test_window_sizes_come_by_area_stop_at_the_ends_and_are_saved_as_shown(
        tmp_path: Path) -> None:
    """A playtester clicking ▶ saw 1920x1080 followed by 960x600, and a screen's own size
    (1366x768) stood among the others by its width, not its area; the size saved must
    be the size the window last showed (issue 29 item 21)."""
    sizes = window_sizes((1440, 900), [(1280, 1024)])  # the current size: not on screen
    areas = [w * h for w, h in sizes]
    assert areas == sorted(areas) and sizes[-2:] == [(1440, 900), (1280, 1024)]
    app, scene = open_settings(tmp_path)
    row = scene.row("window_size")
    assert row is not None
    for direction in (-1, 1):  # down to the smallest, up to the largest
        shown = []
        for _ in range(len(row.options) + 2):  # two clicks beyond the end
            row.step(direction)
            steps(app, 2)
            shown.append(app.screen.get_size())
            assert saved(tmp_path).window_size == app.screen.get_size() == row.value
        end = row.options[0 if direction < 0 else -1][0]
        assert shown[-3:] == [end] * 3  # stopped there
    app.quit()
    assert saved(tmp_path).window_size == app.screen.get_size()
    assert not app.errors


def test_a_new_window_size_is_placed_in_the_middle_of_the_screen(tmp_path: Path) -> None:
    """Without a window manager a larger window kept its old corner and stood partly off
    the screen (1920x1080 at +320+180)."""
    import warnings

    app = make_app(tmp_path, size=(640, 400))
    steps(app, 1)
    desktop = pygame.display.get_desktop_sizes()[0]
    for size in ((1000, 700), (800, 500)):
        app.resize(size)
        steps(app, 1)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        assert tuple(window.size) == size
        assert tuple(window.position) == ((desktop[0] - size[0]) // 2,
                                          (desktop[1] - size[1]) // 2)


def test_window_sizes_offer_what_fits_the_desktop() -> None:
    sizes = window_sizes((1280, 720), [(1920, 1080)])
    assert (1920, 1080) in sizes and (2560, 1440) not in sizes
    assert (1366, 768) in window_sizes((1280, 720), [(1366, 768)])  # the screen's own size


def test_fullscreen_row_follows_f11(tmp_path: Path) -> None:
    app, scene = open_settings(tmp_path)
    assert scene.row("fullscreen").value is False
    app.toggle_fullscreen()  # as F11 does
    steps(app, 1)
    assert scene.row("fullscreen").value is app.fullscreen
    app.toggle_fullscreen()
    steps(app, 1)
    assert scene.row("fullscreen").value is False


def test_without_a_sound_device_the_sound_row_says_so_and_keeps_the_setting(
        tmp_path: Path) -> None:
    """A playtester saw "Sound: on" beside the notice that no device was found."""
    app = make_app(tmp_path)
    steps(app, 2)
    app.sound.no_device = True  # what opening the device found
    click(button_centre(app, "settings"))
    steps(app, 1)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    sound = scene.row("sound_on")
    volume = scene.row("volume")
    assert sound is not None and volume is not None
    assert str(sound.options[sound.index][1]) == "no sound device"
    assert not sound.enabled and not volume.enabled


def test_a_window_size_clicked_lays_the_whole_page_out_at_once(tmp_path: Path) -> None:
    """A click on the window size's ◀ makes the window smaller: every row, the clicked
    one too, takes its place in the new layout at once (the clicked row stayed where the
    old layout had it, over Back, until the mouse moved)."""
    app = make_app(tmp_path, size=(1920, 1080))
    steps(app, 2)
    click(button_centre(app, "settings"))
    steps(app, 1)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    row = scene.row("window_size")
    assert row is not None and row.value == (1920, 1080)
    left, _value, _right = row.arrow_rects()
    click(left.center)
    steps(app, 2)
    assert app.screen.get_size() == row.value != (1920, 1080)
    rects = [r.rect for r in scene.form.rows]
    back = scene.button("back")
    assert back is not None
    assert all(r.width == rects[0].width and r.x == rects[0].x for r in rects)
    pairs = zip(rects, rects[1:], strict=False)
    assert all(b.y > a.y and b.top - a.bottom < a.height for a, b in pairs)  # no gap
    assert all(scene.panel.contains(r) and not r.colliderect(back.rect) for r in rects)
    assert not app.errors


@pytest.mark.parametrize("size", [(1280, 720), (1440, 900), (1600, 900), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_page_keeps_its_labels_at_one_size_and_nothing_cut(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """Without a sound device, in German: "kein Tonausgang gef…" was cut, and at 1600x900
    "Einzige Karte sofort spielen" was drawn smaller than the other labels."""
    import dataclasses

    from skatgame.ui.fonts import font_px
    from skatgame.ui.text import record_texts

    app = make_app(tmp_path, size=size)
    steps(app, 2)
    app.sound.no_device = True
    app.set_settings(dataclasses.replace(app.settings, language=language))
    click(button_centre(app, "settings"))
    steps(app, 1)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    for page in ("table", "game", "access"):
        scene.turn_page(page)
        log = record_texts(app.screen)
        app.step(0.0)
        record_texts(None)
        assert log is not None
        labels = {str(r.label) for r in scene.form.rows}
        drawn = [t for t in log.items if t.text in labels or t.text.endswith("…")]
        assert not [t.text for t in drawn if t.text.endswith("…")], (page, size)
        assert len({t.px for t in drawn}) == 1, (page, size, [(t.text, t.px) for t in drawn])
        if size[0] >= 1600:  # room enough: the labels at the form's own size
            assert {t.px for t in drawn} == {font_px(scene.form.font_size)}, (page, size)


def test_the_player_across_is_greyed_and_said_at_three(tmp_path: Path) -> None:
    """At three players the player across does not play: his row is greyed and says so in
    place of his level (it showed his level as if he played), as the new-list form greys
    him; at four it is the plain row with his level."""
    app, scene = open_settings(tmp_path)
    scene.turn_page("game")
    steps(app, 1)
    across, players = scene.row("opponent_top"), scene.row("players")
    assert across is not None and players is not None and players.value == 3
    assert str(across.label) == "Across: Clara"
    assert not across.enabled and str(across.options[across.index][1]) == "only at four"
    players.step(1)
    steps(app, 1)
    assert saved(tmp_path).players == 4
    assert across.enabled and str(across.options[across.index][1]) == "Advanced"
    across.step(1)
    steps(app, 1)
    assert saved(tmp_path).three_opponents[2].level == "expert"
    players.step(-1)
    steps(app, 1)
    assert not across.enabled and str(across.options[across.index][1]) == "only at four"
    assert across.value == "expert"
    # the new-list form agrees
    scene.close()
    steps(app, 1)
    click(button_centre(app, "new"))
    steps(app, 1)
    assert app.top.name == "new_list" and not app.top.top.enabled  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_speech_switched_on_without_speech_stays_off_and_says_what_to_install(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """A playtester (200 %, high contrast) turned "Speak the game" on without speech
    software: a see-through message covered the note below (which said the same) and
    Back, and the switch said "On". Now the switch says "Off: not installed" and the note
    alone says what to install, whole, clear of the rows and of Back."""
    import dataclasses

    from skatgame.ui.text import record_texts

    app = make_app(tmp_path, size=size)
    app.set_settings(dataclasses.replace(app.settings, language=language, text_size=200,
                                         high_contrast=True))
    steps(app, 2)
    app.services.speaker.voice = None  # no speech on this computer
    app.nav.push("settings", page="access")
    steps(app, 1)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    speak = scene.row("speak")
    assert speak is not None and speak.value is False
    speak.step(1)
    steps(app, 1)
    assert app.settings.speak is False and saved(tmp_path).speak is False
    assert speak.value is False
    assert str(speak.options[speak.index][1]) == app.tr("settings.speak_none")
    assert not app.toast.visible
    scene.form.focus = scene.form.rows.index(speak)
    log = record_texts(app.screen)
    app.step(0.0)
    record_texts(None)
    assert log is not None
    # nothing on the page is cut: where the two notes do not fit together, the other
    # settings' note waits for the focus to leave the speech row
    assert not [t.text for t in log.items if t.text.endswith("…")]
    missing = app.tr("settings.speak_missing")
    note = [t for t in log.items if t.text and t.text.rstrip("…") in missing
            and t.text not in [str(r.label) for r in scene.form.rows]]
    assert note and not [t.text for t in note if t.text.endswith("…")]
    assert " ".join(t.text for t in note).split() == missing.split()
    back = scene.button("back")
    assert back is not None
    rows = [r.rect for r in scene.form.rows]
    assert not [t.text for t in note if t.rect.colliderect(back.rect)
                or t.rect.collidelist(rows) >= 0]
    scene.form.focus = 0  # the size row: what the settings do, whole
    log = record_texts(app.screen)
    app.step(0.0)
    record_texts(None)
    assert log is not None and not [t.text for t in log.items if t.text.endswith("…")]
    words = " ".join(t.text for t in log.items).split()
    assert all(w in words for w in app.tr("settings.access_note").split())
    assert not app.errors


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_at_200_percent_the_table_page_keeps_its_rows_large_and_scrolls(
        tmp_path: Path, size: tuple[int, int], language: str) -> None:
    """At 200 % "Table and sound" kept rows of about the normal size (13 rows squeezed
    into the page) while "Seeing and hearing" was large: now its rows are as large as
    the other pages', whole, and the page scrolls to the focused row (keys, wheel)."""
    import dataclasses

    from skatgame.ui.fonts import font_px
    from skatgame.ui.text import record_texts

    app = make_app(tmp_path, size=size)
    app.set_settings(dataclasses.replace(app.settings, language=language, text_size=200))
    steps(app, 2)
    app.nav.push("settings", page="table")
    steps(app, 1)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    assert scene.form.font_size == app.layout.font_body  # the size chosen, not squeezed
    back = scene.button("back")
    assert back is not None
    seen = set()
    for i in range(len(scene.form.rows)):
        shown = [r for r in scene.form.rows if r.rect.width > 0]
        assert scene.form.rows[i] in shown  # the focused row in view
        seen.update(r.name for r in shown)
        rects = [r.rect for r in shown]
        assert all(b.top >= a.bottom for a, b in zip(rects, rects[1:], strict=False))
        assert all(scene.panel.contains(r) and not r.colliderect(back.rect)
                   and r.top > scene.tabs[0].rect.bottom for r in rects)
        log = record_texts(app.screen)
        app.step(0.0)
        record_texts(None)
        assert log is not None and not log.cut, log.cut
        labels = [t for t in log.items if t.text in {str(r.label) for r in shown}]
        assert {t.px for t in labels} == {font_px(app.layout.font_body)}
        press(pygame.K_DOWN)
        steps(app, 1)
    assert seen == {r.name for r in scene.form.rows}  # every row reached
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=20, flipped=False))
    steps(app, 1)
    assert scene.scroll.first == 0 and scene.form.rows[0].rect.width > 0
    assert not app.errors


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("text_size", [150, 200])
def test_at_large_text_opponents_and_rules_keep_their_rows_large(
        tmp_path: Path, size: tuple[int, int], language: str, text_size: int) -> None:
    """At 150 and 200 % "Opponents and rules" squeezed its four parts into two columns
    with rows smaller than at 100 % (18 px at 1280x720, the body being 38): now the part
    in focus stands across the page under its own heading, its rows at the size chosen,
    scrolled; Down and the wheel reach every row, nothing cut or overlapping."""
    import dataclasses

    from skatgame.ui.fonts import font_px
    from skatgame.ui.text import record_texts

    app = make_app(tmp_path, size=size)
    app.set_settings(dataclasses.replace(app.settings, language=language,
                                         text_size=text_size))
    steps(app, 2)
    app.nav.push("settings", page="game")
    steps(app, 1)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    assert scene.game_large and scene.form.font_size == app.layout.font_body
    back = scene.button("back")
    assert back is not None
    parts = scene.game_parts()
    seen: set[str] = set()
    headings: set[str] = set()
    for i in range(len(scene.form.rows)):
        shown = [r for r in scene.form.rows if r.rect.width > 0]
        assert scene.form.rows[i] in shown  # the focused row in view
        rows, heading = next(p for p in parts if scene.form.rows[i] in p[0])
        assert set(shown) <= set(rows)  # one part, under its own heading
        assert [h for _r, h in scene.form.headers] == [heading]
        head = scene.form.headers[0][0]
        rects = [r.rect for r in shown]
        assert all(r.top >= head.bottom for r in rects)
        assert all(b.top >= a.bottom for a, b in zip(rects, rects[1:], strict=False))
        assert all(scene.panel.contains(r) and not r.colliderect(back.rect) for r in rects)
        log = record_texts(app.screen)
        app.step(0.0)
        record_texts(None)
        assert log is not None and not log.cut, log.cut
        items = [t for t in log.items if not t.hidden]
        assert not [(a.text, b.text) for j, a in enumerate(items) for b in items[j + 1:]
                    if a.rect.colliderect(b.rect)]
        labels = [t for t in items if t.text in {str(r.label) for r in shown}]
        assert labels and {t.px for t in labels} == {font_px(app.layout.font_body)}
        note = [t for t in items if t.rect.top >= max(r.bottom for r in rects)
                and t.rect.bottom <= back.rect.top and t.text not in {heading}]
        assert note  # the page's note, under the rows
        seen.update(r.name for r in shown)
        headings.add(heading)
        press(pygame.K_DOWN)
        steps(app, 1)
    assert seen == {r.name for r in scene.form.rows}
    assert headings == {h for _rows, h in parts}
    # the wheel: up through every part to the first row
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    steps(app, 1)
    assert scene.game_part == 0 and scene.form.rows[0].rect.width > 0
    wheeled = set()
    for _ in range(40):
        wheeled.update(r.name for r in scene.form.rows if r.rect.width > 0)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        steps(app, 1)
    assert wheeled == {r.name for r in scene.form.rows}
    assert not app.errors


def test_at_100_percent_opponents_and_rules_keep_two_columns(tmp_path: Path) -> None:
    app, scene = open_settings(tmp_path)
    scene.turn_page("game")
    steps(app, 1)
    assert not scene.game_large and len(scene.form.headers) == 4
    assert all(r.rect.width > 0 for r in scene.form.rows)
