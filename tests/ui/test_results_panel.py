"""The results panel over the table: nothing of the table shows cut off at its edge."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from skatgame.ui.layout import BOTTOM, LEFT, RIGHT
from skatgame.ui.scenes.results import ResultsScene
from skatgame.ui.testing import drawn_items, frame_log, resize, steps
from tests.table.test_review_model import small_fair_view  # noqa: F401 (autouse: few worlds)
from tests.ui.test_review_scene import sit_down, to_results

if TYPE_CHECKING:
    from skatgame.ui.app import App


def _each_setting(app: App, settle: int) -> Iterator[tuple[str, tuple[int, int], int]]:
    """The app in English and German, at 1280x720 and 1920x1080, at 100, 150 and 200 %,
    each ``settle`` frames after it was set."""
    from dataclasses import replace

    for language in ("en", "de"):
        for size in ((1280, 720), (1920, 1080)):
            for text_size in (100, 150, 200):
                app.set_settings(replace(app.settings, language=language,
                                         text_size=text_size))
                resize(app, size)
                steps(app, settle)
                yield language, size, text_size


@pytest.mark.parametrize("size", [(480, 360), (640, 480), (1280, 720)])
def test_no_pile_caption_shows_cut_off_at_the_results_panel(tmp_path, size) -> None:  # noqa: ANN001
    """The skat laid aside and the won tricks keep their captions beside the panel;
    one the panel would cut is left out, and no text overlaps another."""
    app = sit_down(tmp_path)
    to_results(app)
    resize(app, size)
    steps(app, 2)
    scene = app.top
    assert isinstance(scene, ResultsScene)
    items = drawn_items(app)
    panel = scene.panel_rect()
    shown = [t for t in items if not t.hidden]
    captions = [t for t in shown if t.text == "Skat" or t.text.startswith("Tricks:")]
    assert all(not t.rect.colliderect(panel) or panel.contains(t.rect) for t in captions)
    assert any(t.text == "Skat" for t in shown)  # the panel's own caption of the skat
    boxes = [t.rect for t in shown]
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), size


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("four", [False, True])
def test_the_give_up_message_never_peeks_out_from_under_the_panel(tmp_path, size,  # noqa: ANN001
                                                                   four) -> None:
    """"You give up" was shown on the table when the human conceded and peeked out
    above the results panel: a message is either clear of the panel or not drawn."""
    from skatgame.engine.deal import Phase
    from skatgame.ui.testing import human_declarer_at_discard, human_turn, make_app, run_until
    from tests.ui.test_four_table import _conceded_at_four

    app = make_app(tmp_path, size=size, seed=3)
    steps(app, 2)
    if four:
        _conceded_at_four(app)
    else:
        human_declarer_at_discard(app)
        hand = app.top.board.human_hand()
        for c in hand[-2:]:
            app.top.toggle(c)
        app.top.put_away()
        run_until(app, lambda: app.top.name == "declare", 600)
        app.top.declare()
        run_until(app, lambda: human_turn(app, (Phase.PLAY,)), 3000)
        play = app.top
        play.ask_concede()
        steps(app, 2)
        app.top.yes()
        run_until(app, lambda: isinstance(app.top, ResultsScene) and not play.board.busy, 600)
    scene = app.top
    assert isinstance(scene, ResultsScene)
    said = app.tr("table.conceded.you")
    for _ in range(3):
        assert scene.board.toast.visible and scene.board.toast.label == said
        steps(app, 1)
        panel = scene.panel_rect()
        for t in drawn_items(app):
            if t.text == said:
                assert not t.rect.colliderect(panel), (t.rect, panel)
    assert not app.errors


@pytest.mark.parametrize(("four", "dealer"), [(False, None), (True, 1), (True, 3)])
def test_at_200_percent_the_open_hands_stay_clear_of_the_results_panel(tmp_path,  # noqa: ANN001
                                                                       four, dealer) -> None:
    """With large text the results of a conceded game covered the opponents' open hands
    (the panel took the whole window): it takes the height between the side players'
    plates and open hands instead, and every open card stays in sight, its lines whole.
    At four the open hand of the player across (in his block beside the info panel) too:
    the panel takes the whole height beside his block where the player at the left sits
    out (``dealer`` 1); where the hand at the left lies open too (the player at the right
    sits out, 3) the room under his block, between the side players' hands, its lines
    closer (the rows the sums need and the players' changes on the list drawn whole)."""
    from dataclasses import replace

    from skatgame.commands.gallery import cards_under_panel
    from skatgame.engine.deal import Phase
    from skatgame.ui.layout import TOP
    from skatgame.ui.testing import (
        human_declarer_at_discard,
        human_turn,
        make_app,
        run_until,
    )
    from tests.ui.test_four_table import _conceded_at_four

    app = make_app(tmp_path, size=(1280, 720), seed=3)
    app.set_settings(replace(app.settings, text_size=200))
    steps(app, 2)
    if four:
        _conceded_at_four(app, dealer)
    else:
        human_declarer_at_discard(app)
        for c in app.top.board.human_hand()[-2:]:
            app.top.toggle(c)
        app.top.put_away()
        run_until(app, lambda: app.top.name == "declare", 600)
        app.top.declare()
        run_until(app, lambda: human_turn(app, (Phase.PLAY,)), 3000)
        play = app.top
        play.ask_concede()
        steps(app, 2)
        app.top.yes()
        run_until(app, lambda: isinstance(app.top, ResultsScene) and not play.board.busy, 600)
    scene = app.top
    assert isinstance(scene, ResultsScene)
    board = scene.board
    assert len(board.shown.open_seats) >= 2
    assert four == any(board.pos_of(s) == TOP for s in board.shown.open_seats)
    # (60 frames: the hands close up beside the panel)
    for language, size, text_size in _each_setting(app, 60):
        at = (language, size, text_size, scene.panel_rect())
        assert cards_under_panel(app) == [], at
        log = frame_log(app)
        # the panel readable: every text whole, every button with its key
        assert log.cut == [] and log.keys_left_out == [], (at, log.cut,
                                                           log.keys_left_out)
        texts = [t.text for t in log.items if not t.hidden]
        # (at four with large text the sums need the room its explanation took)
        said = app.tr("results.conceded_declarer.you" if four else
                      "results.conceded_declarer_rest")
        assert said in " ".join(texts) or \
            any(t and said.startswith(t) for t in texts), at
        assert app.tr("value.score") in texts, at  # the rows the sums need
        if four:  # (a Seeger-Fabian list: what it adds, each player's change)
            assert app.tr("results.sf_lost", n=30) in " ".join(texts), at  # (2 lines)
            names = scene.session.names
            assert all(any(t.startswith(n) and t[len(n):].strip().lstrip("+-")
                           .isdigit() for t in texts) for n in names), (at, texts)
            panel = scene.panel_rect()
            inside = [t.rect for t in log.items if not t.hidden and
                      panel.contains(t.rect)]
            assert not any(a.colliderect(b) for i, a in enumerate(inside)
                           for b in inside[i + 1:]), at
    assert not app.errors


@pytest.mark.parametrize("extra", [0, 3])
def test_at_200_percent_the_figures_shown_add_up(tmp_path, monkeypatch, extra) -> None:  # noqa: ANN001
    """With large text the panel left out the Seeger-Fabian row ("Score +48" but "Ben
    +98"): every row the sums need is drawn, whole, in English and German, at 1280x720 and
    1920x1080, with the line of the cards' seal under them, even with three more lines of
    working out (short lines stand two to a row, the first ones give way); the declarer's
    change on the list is the score and what the list adds."""
    import re
    from dataclasses import replace

    from skatgame.table import texts
    from skatgame.table.session import Session
    from skatgame.table.texts import ResultLine, signed
    from skatgame.ui.scenes import results

    real = texts.result_lines

    def more(*args, **kw) -> list[ResultLine]:  # noqa: ANN002, ANN003
        lines = real(*args, **kw)
        return [ResultLine(f"level {i}", str(i + 2)) for i in range(extra)] + lines

    monkeypatch.setattr(results, "result_lines", more)
    monkeypatch.setattr(Session, "deal_commitment", lambda self: "5eed" * 16)  # (its line)
    app = sit_down(tmp_path)
    to_results(app)
    scene = app.top
    assert isinstance(scene, ResultsScene)
    r = scene.table.result
    assert r is not None and r.declarer is not None and not r.won
    for language in ("en", "de"):
        for size in ((1280, 720), (1920, 1080)):
            app.set_settings(replace(app.settings, language=language, text_size=200))
            resize(app, size)
            steps(app, 2)
            shown = [t for t in drawn_items(app) if not t.hidden]
            texts_shown = [t.text for t in shown]
            where = (language, size, texts_shown)
            score = app.tr("value.score")
            listed = app.tr("results.sf_lost", n=40)
            assert score in texts_shown, where
            assert any("5eed" in t for t in texts_shown), where  # the seal's line
            assert listed in texts_shown, where  # whole, not cut
            figures = [t.text for t in shown if re.fullmatch(r"[+-]?\d+", t.text)]
            assert signed(r.value) in figures and "-50" in figures, where
            name = scene.session.name_of(r.declarer)
            change = [t for t in texts_shown if re.fullmatch(rf"{name}\s+[+-]?\d+", t)]
            assert change == [f"{name}  {signed(r.value - 50)}"], where  # the parts' sum
            panel = scene.panel_rect()
            inside = [t.rect for t in shown if panel.contains(t.rect)]
            assert not any(a.colliderect(b) for i, a in enumerate(inside)
                           for b in inside[i + 1:]), where
    assert not app.errors


@pytest.mark.parametrize("four", [False, True])
def test_the_panel_buttons_keep_their_labels_on_one_line(tmp_path, four) -> None:  # noqa: ANN001
    """A low-vision player at four seats, 200 %, 1280x720 saw "Score sheet Tab" and "Next
    deal Enter" squeezed to two tiny lines: at 1280x720 and 1920x1080, 100-200 %, English
    and German, each button of the panel draws its label on one line (where the row is
    short the table's own "Score sheet" beside it stands in, and "Next deal" may say
    "Next"), at the small type role at least, beside its key, nothing cut."""
    from skatgame.ui.fonts import font_px
    from skatgame.ui.testing import make_app
    from tests.ui.test_four_table import _conceded_at_four

    if four:
        app = make_app(tmp_path, size=(1280, 720), seed=3)
        steps(app, 2)
        _conceded_at_four(app)
    else:
        app = sit_down(tmp_path)
        to_results(app)
    scene = app.top
    assert isinstance(scene, ResultsScene)
    for language, size, text_size in _each_setting(app, 3):
        log = frame_log(app)
        at = (language, size, text_size)
        assert log.cut == [] and log.keys_left_out == [], (at, log.cut)
        small = font_px(scene.layout.font_small)
        names = [b.name for b in scene.actions]
        assert "next" in names and (text_size < 200 or "review" in names), at
        assert "sheet_big" in names or any(t.name == "sheet" for t in scene.tools)
        for b in scene.actions:
            drawn = [t for t in log.visible() if b.rect.contains(t.rect)]
            assert b.key_hint in [t.text for t in drawn], (at, b.name)
            labels = [t for t in drawn if t.text != b.key_hint]
            # one line: the whole label in one text, at the small role at least
            assert [t.text for t in labels] == [b.label], (at, b.name, labels)
            assert b.label in (b.short, app.tr("table.sheet"), app.tr("review.button"),
                               app.tr("results.next")), (at, b.label)
            assert labels[0].px >= small, (at, b.name, labels[0].px, small)
        # one size for the row ("Nächstes Spiel" stood a size below "Analyse")
        sizes = {t.px for b in scene.actions for t in log.visible()
                 if b.rect.contains(t.rect) and t.text != b.key_hint}
        assert len(sizes) == 1, (at, sizes)
        # a plate under the panel lies whole under it (the human's first letters
        # peeked out beside it at four, the side players' lower lines under it)
        seated = scene.board.layout
        panel = scene.panel_rect()
        for place in (LEFT, RIGHT, BOTTOM):
            plate = seated.plate_rect(place)
            assert panel.contains(plate) or not panel.colliderect(plate), \
                (at, place, plate, panel)
    assert not app.errors
