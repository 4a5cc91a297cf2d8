"""The review scene, driven by posted events: opened from the results and from the
score sheet, stepped through, a key decision jumped to, a deal played again (the list
and the statistics unchanged), a practice list with take-back and the review after
every deal."""

from __future__ import annotations

import pygame

from skatgame.engine.actions import Play
from skatgame.engine.deal import Phase
from skatgame.engine.options import RuleOptions
from skatgame.table.session import load_saved_session
from skatgame.table.stats import compute, lists_counted
from skatgame.ui.app import App
from skatgame.ui.scenes.review import ReviewScene
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    button_centre,
    click,
    make_app,
    new_session,
    open_table,
    press,
    run_until,
    steps,
    until_ready,
)
from tests.table.test_review_model import small_fair_view  # noqa: F401 (autouse: few worlds)
from tests.ui.test_play_through import mouse_turn
from tests.ui.test_scenes import declare_grand


def sit_down(tmp_path, practice: bool = False) -> App:  # noqa: ANN001
    """A list at the table whose first deal is the human's plain grand."""
    app = make_app(tmp_path)
    session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=7,
                          practice=practice)
    declare_grand(session)
    open_table(app, session, resume=True)
    steps(app, 1)
    return app


def to_results(app: App) -> None:
    def there() -> bool:
        if app.top.name == "results":
            return True
        mouse_turn(app)
        return False

    run_until(app, there, 8000)
    until_ready(app)


def analysed(app: App) -> ReviewScene:
    scene = app.top
    assert isinstance(scene, ReviewScene)
    run_until(app, lambda: scene.model.review is not None and scene.model.fair_done, 600)
    steps(app, 1)
    return scene


def kontra_review(app: App) -> ReviewScene:
    """The review of the gallery's lost deal with Kontra (three key decisions and more),
    analysed."""
    from skatgame.commands.gallery import _lost_kontra_deal
    from skatgame.table.review import source_of_deal

    app.nav.push("review", source=source_of_deal(_lost_kontra_deal(), (0, 1, 2),
                                                 ("Du", "Anna", "Ben"), ("human", "advanced",
                                                                         "advanced"),
                                                 "test", 3))
    return analysed(app)


def test_the_review_opens_from_the_results_and_steps_through_the_deal(tmp_path) -> None:  # noqa
    app = sit_down(tmp_path)
    to_results(app)
    click(button_centre(app, "review"))
    steps(app, 1)
    scene = analysed(app)
    model = scene.model
    assert model.source.number == 1 and model.count == 30
    assert model.index == 0
    press(pygame.K_RIGHT)
    press(pygame.K_RIGHT)
    steps(app, 1)
    assert model.index == 2
    press(pygame.K_LEFT)
    steps(app, 1)
    assert model.index == 1
    press(pygame.K_END)
    steps(app, 1)
    assert model.index == model.count - 1
    press(pygame.K_HOME)
    steps(app, 1)
    assert model.index == 0
    click(button_centre(app, "next"))
    steps(app, 1)
    assert model.index == 1
    press(pygame.K_DOWN)  # the next trick
    steps(app, 1)
    assert model.step.trick == 2 and model.index == 3
    # the verdict is there, and a key decision is a click away
    assert model.verdict_text(app.tr, "french", False) != app.tr("review.working")
    keys = model.key_decisions()
    assert keys  # the Beginners give something away in every deal
    target = keys[-1].index if keys[-1].index != model.index else keys[0].index
    rect = next(r for r, i in scene.hits if i == target)
    click(rect.center)
    steps(app, 1)
    assert model.index == target
    # a click on the timeline jumps too
    rect = next(r for r, i in scene.hits if i == 29)
    click(rect.center)
    steps(app, 1)
    assert model.index == 29
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top.name == "results" and not scene.tickets


def test_the_step_the_arrows_move_to_is_read_out(tmp_path) -> None:  # noqa: ANN001
    """Like the score sheet's rows: the trick, the player, the card in words, the fair
    view's word on it and the open-cards lines, said when the arrows move the cursor."""
    from dataclasses import replace

    from skatgame.table.speech import card_words
    from skatgame.ui.speech import Recorder

    app = sit_down(tmp_path)
    voice = Recorder()
    app.services.speaker.voice = voice
    app.services.speaker.language = "en"
    app.set_settings(replace(app.settings, speak=True))
    to_results(app)
    click(button_centre(app, "review"))
    steps(app, 1)
    scene = analysed(app)
    model = scene.model
    start = len(voice.lines)
    press(pygame.K_RIGHT)
    steps(app, 2)
    said = voice.lines[start:]
    step = model.step
    assert model.index == 1 and len(said) == 1, said
    card = card_words(step.card, scene.style, app.tr)
    assert said[0].startswith(f"Trick 1, {model.who(step.seat, app.tr)}: {card}. "), said
    assert "·" not in said[0] and "Declarer's points with perfect play: " in said[0]
    assert any(w in said[0] for w in ("The Expert would have played", "Not clearly worse",
                                      "A mistake: ", ))
    start = len(voice.lines)
    press(pygame.K_DOWN)  # the next trick
    steps(app, 2)
    assert voice.lines[start:] and voice.lines[-1].startswith("Trick 2, ")
    assert not app.errors


def test_playing_a_deal_again_leaves_the_list_and_the_statistics_alone(tmp_path) -> None:  # noqa
    app = sit_down(tmp_path)
    to_results(app)
    session = app.session
    rows = list(session.series.rows)
    records = list(session.series.records)
    before = compute(lists_counted([], session))
    saved = load_saved_session(app.store).value
    assert saved is not None and len(saved.series.rows) == len(rows)
    press(pygame.K_r)
    steps(app, 1)
    scene = analysed(app)
    scene.model.go(scene.model.trick_start(3))
    scene.relayout()
    click(button_centre(app, "again_trick"))
    steps(app, 1)
    replay = app.session
    assert replay is not session and replay.replay and replay.origin is session
    assert replay.deal.cards == scene.model.deal.cards
    assert len(replay.deal.tricks) == 2 and replay.deal.contract == scene.model.deal.contract
    assert isinstance(app.top, TableScene)
    to_results(app)
    assert app.session is replay and app.top.button("sheet_big") is None
    click(button_centre(app, "next"))  # "Back to the list"
    steps(app, 1)
    assert app.session is session and app.top.name == "results"
    assert session.series.rows == rows and session.series.records == records
    assert compute(lists_counted([], session)) == before
    saved = load_saved_session(app.store).value
    assert saved is not None and len(saved.series.rows) == len(rows)
    assert saved.deal.cards != replay.deal.cards or saved.series.deal_number == len(rows)


def test_a_deal_of_a_finished_list_is_reviewed_from_its_score_sheet(tmp_path) -> None:  # noqa
    from skatgame.table.archive import archive_session
    from skatgame.ui.scenes.lists import FinishedListsScene
    from skatgame.ui.scenes.menu import MenuScene

    app = sit_down(tmp_path)
    to_results(app)
    archive_session(app.store, app.session)
    app.services.table = None
    app.stack.reset([MenuScene(app.services)])
    app.stack.push(FinishedListsScene(app.services))
    steps(app, 1)
    press(pygame.K_RETURN)
    steps(app, 1)
    sheet = app.top
    assert sheet.name == "sheet" and sheet.selected == 0
    click(button_centre(app, "review"))
    steps(app, 1)
    scene = analysed(app)
    assert scene.model.source.number == 1 and scene.model.source.human is not None
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top is sheet


def test_a_practice_list_takes_back_cards_and_reviews_every_deal(tmp_path) -> None:  # noqa
    app = sit_down(tmp_path, practice=True)
    session = app.session
    human = session.human_seat

    def human_played_twice() -> bool:
        top = app.top
        mine = [a for s, a in session.deal.history if s == human and isinstance(a, Play)]
        if len(mine) >= 2 and isinstance(top, TableScene) and top.human_turn:
            return True
        mouse_turn(app)
        return False

    run_until(app, human_played_twice, 8000)
    deal = session.deal
    history = list(deal.history)
    last = max(i for i, (s, a) in enumerate(history) if s == human and isinstance(a, Play))
    card = history[last][1].card
    press(pygame.K_BACKSPACE)
    steps(app, 1)
    assert session.deal is not deal and session.deal.history == history[:last]
    assert session.deal.hands[human] >> card & 1
    top = app.top
    assert top.name == "play" and card in top.board.shown.hand_cards(human)
    # the take-back button does the same once it is the human's turn again
    run_until(app, lambda: isinstance(app.top, TableScene) and app.top.human_turn, 600)
    to_results(app)
    assert session.series.rows  # the practice list keeps its deals
    run_until(app, lambda: app.top.name == "review", 60)
    analysed(app)
    assert session.to_record()["practice"] is True


def test_the_new_list_form_has_a_practice_switch(tmp_path) -> None:  # noqa: ANN001
    from skatgame.ui.scenes.menu import MenuScene, NewListScene

    app = make_app(tmp_path)
    app.stack.reset([MenuScene(app.services)])
    app.stack.push(NewListScene(app.services))
    steps(app, 1)
    form = app.top
    assert form.practice.value is False
    form.practice.select_value(True)
    press(pygame.K_RETURN)
    steps(app, 2)
    assert app.session is not None and app.session.practice
    assert isinstance(app.top, TableScene) and app.session.deal.phase is Phase.AUCTION


def test_a_deal_played_again_is_left_by_the_pause_menu_or_the_main_menu(tmp_path) -> None:  # noqa
    app = sit_down(tmp_path)
    to_results(app)
    session = app.session
    press(pygame.K_r)
    steps(app, 1)
    analysed(app)
    press(pygame.K_p)  # play it again from the dealing
    steps(app, 1)
    replay = app.session
    assert replay is not session and replay.replay
    until_ready(app)
    # Esc: the pause menu offers the way back instead of the (empty) score sheet
    press(pygame.K_ESCAPE)
    steps(app, 1)
    names = [b.name for b in app.top.buttons]
    assert app.top.name == "pause" and "back_list" in names and "sheet" not in names
    click(button_centre(app, "back_list"))
    steps(app, 1)
    assert app.session is session
    assert app.top.name == "results"  # as it was left
    # again, now out by the main menu: Continue goes back to the results
    press(pygame.K_r)
    steps(app, 1)
    analysed(app)
    press(pygame.K_p)
    steps(app, 1)
    assert app.session is not session and app.session.replay
    until_ready(app)
    press(pygame.K_ESCAPE)
    steps(app, 1)
    click(button_centre(app, "main"))
    steps(app, 1)
    assert app.top.name == "menu" and app.session is session
    label = app.top.continue_label()
    assert "results of deal 1" in label, label
    click(button_centre(app, "continue"))
    steps(app, 1)
    assert app.session is session
    assert app.top.name == "results"
    assert not app.errors, app.errors


def test_a_deal_that_cannot_be_reviewed_gets_its_reason_in_words(tmp_path) -> None:  # noqa
    from skatgame.engine.actions import PASS
    from skatgame.engine.deal import Deal
    from skatgame.table.review import source_of_deal

    app = make_app(tmp_path)
    deal = Deal.from_seed("no game")
    while not deal.done:
        deal.apply(PASS)
    shown = app.nav.push("review", source=source_of_deal(deal, (0, 1, 2), ["a", "b", "c"],
                                                         [None, "x", "y"], None))
    assert not isinstance(shown, ReviewScene)  # no review: a message instead
    assert app.top is shown
    assert app.top.name == "message" and app.tr("review.cannot.passed") in app.top.body


def test_at_200_percent_the_board_keeps_its_cards_and_every_panel_is_a_page_away(
        tmp_path) -> None:  # noqa: ANN001
    """With large text the board, the views and the key decisions take turns on the whole
    width: the hands' cards are at least as large as at 100 %, and the views (what the
    player knew, all cards open) and the key decisions are a button or Tab away, none
    dropped, every key decision whole (wrapped, never cut with "…")."""
    from dataclasses import replace

    from skatgame.ui.text import record_texts

    app = sit_down(tmp_path)
    to_results(app)
    click(button_centre(app, "review"))
    steps(app, 1)
    scene = analysed(app)
    assert scene.facts().keys
    for language in ("en", "de"):
        for size in ((1280, 720), (1920, 1080)):
            app.resize(size)
            app.set_settings(replace(app.settings, text_size=100, language=language))
            steps(app, 2)
            assert not scene.paged
            plain = scene.card_w_shown
            app.set_settings(replace(app.settings, text_size=200))
            steps(app, 2)
            assert scene.paged and not scene.views_shown
            assert scene.card_w_shown >= plain, (language, size, scene.card_w_shown, plain)
            board_w = scene.card_w_shown
            # the views: a click on the page button (then Tab on)
            assert scene.button("page").label == app.tr("review.page.views")
            click(button_centre(app, "page"))
            steps(app, 1)
            assert scene.views_shown
            drawn = _texts_drawn(app)
            assert app.tr("review.panel.open") in drawn, (language, size)
            assert any(app.tr("review.panel.fair.you") in t or "Anna" in t or "Ben" in t
                       for t in drawn)
            # the key decisions: every one listed, whole, and a click away there
            assert scene.button("page").label == app.tr("review.page.keys")
            press(pygame.K_TAB)
            steps(app, 1)
            log = record_texts(app.screen)
            try:
                app.top.draw(app.screen)
            finally:
                record_texts(None)
            assert log is not None and not log.cut, (language, size, log.cut)
            assert app.tr("review.key") in [t.text for t in log.visible()]
            keys = [k.index for k in scene.facts().keys]
            listed = [(r, i) for r, i in scene.hits if r.bottom < scene.legend_y]
            assert [i for _r, i in listed] == keys, (language, size)  # (then the timeline)
            assert scene.button("page").label == app.tr("review.page.board")
            press(pygame.K_TAB)
            steps(app, 1)
            assert not scene.views_shown and scene.card_w_shown == board_w
            assert app.tr("review.panel.open") not in _texts_drawn(app)
    assert not app.errors


def _texts_drawn(app: App) -> list[str]:
    """The texts of the next frame, as the gallery's text report records them."""
    from skatgame.ui.text import record_texts

    log = record_texts(app.screen)
    assert log is not None
    try:
        app.top.draw(app.screen)
    finally:
        record_texts(None)
    return [t.text for t in log.visible()]


def test_the_title_stays_whole_while_the_analysis_runs(tmp_path) -> None:  # noqa: ANN001
    """ "Spielanalyse - Spiel 2 - Grün Hand - Du - gewon…" while the fair view was still
    estimating (1280x720, 100 %): the progress gives way (its words, then "3/23", then
    its bar alone), the title stays whole and clear of it, at 100 % and 200 %."""
    from dataclasses import replace

    from skatgame.ui.text import record_texts

    app = sit_down(tmp_path)
    to_results(app)
    click(button_centre(app, "review"))
    steps(app, 1)
    scene = analysed(app)
    done = scene.model
    early = done.as_estimating()
    scene.model = early
    assert early.progress[0] < early.progress[1]  # still estimating
    for name in ("Du", "Friederike-Charlotte"):  # a longer name: a longer title
        early.who = lambda seat, tr, name=name: name  # type: ignore[method-assign]
        for language in ("de", "en"):
            for size in ((1280, 720), (1920, 1080)):
                for percent in (100, 200):
                    app.resize(size)
                    app.set_settings(replace(app.settings, text_size=percent,
                                             language=language))
                    steps(app, 2)
                    log = record_texts(app.screen)
                    try:
                        scene.draw(app.screen)
                    finally:
                        record_texts(None)
                    assert log is not None
                    where = (name, language, size, percent)
                    title = [t for t in log.visible() if t.text.startswith(
                        app.tr("review.title"))]
                    assert title and title[0].text.endswith(
                        app.tr("results.won") if done.deal.result.won
                        else app.tr("results.lost")), (where, [t.text for t in title])
                    # (a long name is cut in a side panel's heading: not the point here)
                    assert not log.cut or name != "Du", (where, log.cut)
                    assert not [(t.text, t.rect) for t in log.overlapping()], where
    assert not app.errors


def test_key_decisions_that_do_not_fit_say_so_and_page_down_shows_the_rest(
        tmp_path) -> None:  # noqa: ANN001
    """Where the key decisions do not all fit in their panel (a long Kontra line, a small
    window), the panel says which of how many it shows and Page Down (or a click on that
    line) brings the others: none is dropped without a sign."""
    from dataclasses import replace


    app = make_app(tmp_path, size=(1280, 720))
    scene = kontra_review(app)
    keys = [k.index for k in scene.facts().keys]
    assert len(keys) >= 2
    paged = False
    for language in ("de", "en"):
        for size in ((1280, 720), (960, 600)):
            app.resize(size)
            app.set_settings(replace(app.settings, language=language))
            scene.go(0)
            steps(app, 2)
            first, end, count = scene.keys_shown
            assert count >= len(keys)
            drawn = _texts_drawn(app)
            if end - first >= count:
                assert not scene.keys_more_label
                continue
            paged = True
            assert scene.keys_more_label in drawn, (language, size, drawn)
            assert scene.keys_more_label.startswith(f"{first + 1}"), scene.keys_more_label
            seen: set[int] = set()
            for _ in range(count + 1):  # Page Down, round to the first again
                seen |= {i for r, i in scene.hits if r.bottom < scene.legend_y}
                press(pygame.K_PAGEDOWN)
                steps(app, 1)
            assert set(keys) <= seen, (language, size, keys, seen)
            # a click on the line pages as well
            before = scene.keys_shown
            assert scene._more_rect is not None
            click(scene._more_rect.center)
            steps(app, 1)
            assert scene.keys_shown != before
    assert paged  # the window sizes above are small enough for it
    assert not app.errors


def test_at_200_percent_two_line_buttons_keep_the_padding_of_one_line(
        tmp_path) -> None:  # noqa: ANN001
    """A reviewer saw "Nochmal spielen" and "Nochmal ab Stich 3" (German, 200 %) touch
    their buttons' edges: a label in two lines keeps the padding over and under it of a
    one-line label (the bar grows upwards), and the bar stays under the timeline, whole
    in the window."""
    from dataclasses import replace

    from skatgame.ui.text import line_height

    app = make_app(tmp_path, size=(1280, 720))
    scene = kontra_review(app)
    wrapped = 0
    for size in ((1280, 720), (1920, 1080)):
        app.resize(size)
        app.set_settings(replace(app.settings, text_size=200, language="de"))
        steps(app, 2)
        L = app.layout
        one_pad = L.button_h - line_height(L.font_body, True)  # over and under, together
        for b in scene.buttons:
            at, _hint, lines = b.fitted()
            if len(lines) == 2:
                wrapped += 1
                room = b.rect.height - 2 * line_height(at, True)
                assert room >= one_pad - 1, (size, b.label, room, one_pad)
            assert b.rect.bottom <= L.height and b.rect.top >= scene.timeline.bottom, b.label
    assert wrapped >= 2  # (German at 200 %: both "Nochmal" buttons)
    assert not app.errors


def test_at_200_percent_the_views_page_keeps_a_mistake_inside_its_panel(
        tmp_path) -> None:  # noqa: ANN001
    """The gallery saw 'Ein Fehler: ♣B statt ♦B (Gewinnchance von 53 % auf 16 %)' run out
    of the panel *with what you knew* into the timeline's legend (German, 200 %, 1280x720,
    the taller bar of two-line buttons): where the room is short the mistake goes without
    the chances its bars show. Every card of the deal on the views page: no text over
    another."""
    from dataclasses import replace

    from skatgame.ui.testing import frame_log

    app = make_app(tmp_path, size=(1280, 720))
    app.set_settings(replace(app.settings, language="de", text_size=200))
    scene = kontra_review(app)
    assert scene.paged
    scene.switch_page()
    mistakes = 0
    for index in range(scene.model.count):
        scene.go(index)
        steps(app, 2)
        facts = scene.facts()
        mistakes += facts.verdict_short != facts.verdict
        log = frame_log(app, 0.0)
        assert not [(t.text, t.rect) for t in log.overlapping()], (index, facts.verdict)
        assert log.cut == [], (index, log.cut)
    assert mistakes  # the deal holds a mistake by what its player knew
    assert not app.errors
