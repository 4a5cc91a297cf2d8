"""Marks on the table: the skat's points for the human declarer, captions on the
face-down stacks, the dealer's chip, and table columns that fit their words."""

from __future__ import annotations

from pathlib import Path

import pygame

from skatgame.engine.cards import CARD_POINTS
from skatgame.ui import widgets
from skatgame.ui.app import App
from skatgame.ui.testing import (
    drawn_texts,
    human_declarer_at_discard,
    make_app,
    new_session,
    open_table,
    run_until,
    steps,
)
from skatgame.ui.text import record_texts


def _quiet(app: App) -> bool:
    view = getattr(app.top, "board", None)
    return view is not None and not view.busy


def test_the_human_declarer_sees_the_points_he_put_away(tmp_path: Path) -> None:
    from skatgame.engine.deal import Phase

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    human_declarer_at_discard(app)
    hand = [c for c in app.top.board.human_hand() if c & 7 != 7]
    away = [hand[-1], hand[-2]]
    for c in away:
        app.top.toggle(c)
    app.top.put_away()
    run_until(app, lambda: app.top.name == "declare", 600)
    app.top.declare()
    run_until(app, lambda: app.session.deal.phase is Phase.PLAY and _quiet(app), 600)
    texts = drawn_texts(app)
    skat = sum(CARD_POINTS[c] for c in away)
    assert any(t.endswith(f"· skat {skat}") for t in texts), texts
    assert not any("skat later" in t for t in texts)
    # the laid-away skat is captioned; the human, dealer at three, keeps a chip
    assert "Skat" in texts
    assert app.tr("seat.dealer") in texts or app.session.dealer_seat != app.session.human_seat


def test_the_dealers_chip_says_the_word_the_whole_deal(tmp_path: Path) -> None:
    """After the auction the dealer's chip said "D" / "G": it keeps the full word where
    the plate has room for it beside the seat's role (both languages, 1280x720 and
    1920x1080, 100 % and 200 %)."""
    from dataclasses import replace

    from skatgame.engine.deal import Phase
    from skatgame.engine.options import RuleOptions
    from skatgame.ui.testing import others_declare

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    session = new_session(app, deals=3, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3)
    others_declare(session)
    open_table(app, session, resume=True)
    run_until(app, lambda: app.session.deal.phase is Phase.PLAY and _quiet(app), 3000)
    for language, word in (("en", "Dealer"), ("de", "Geber")):
        for size in ((1280, 720), (1920, 1080)):
            for text_size in (100, 200):
                app.set_settings(replace(app.settings, language=language, text_size=text_size))
                app.resize(size)
                steps(app, 2)
                texts = drawn_texts(app)
                where = (language, size, text_size)
                assert word in texts, (where, texts)
                assert word[0] not in texts, where  # not a bare "D" / "G"


def test_ramsch_header_says_the_skat_is_not_in_yet(tmp_path: Path) -> None:
    from skatgame.commands.gallery import _all_pass
    from skatgame.engine.deal import Phase
    from skatgame.engine.options import RuleOptions

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    session = new_session(app, deals=3, options=RuleOptions.from_dict({"ramsch": True}),
                          list_kind="seeger-fabian", levels=("beginner", "beginner"),
                          names=("Anna", "Ben"), seed=3)
    _all_pass(session)
    open_table(app, session, resume=True)
    run_until(app, lambda: app.session.deal.phase is Phase.PLAY and _quiet(app), 600)
    texts = drawn_texts(app)
    assert any(t.endswith("(skat later)") and "Anna" in t for t in texts), texts


def test_fit_columns_shares_room_and_gives_way() -> None:
    assert widgets.fit_columns([10, 20, 30], 90) == [20, 30, 40]
    short = widgets.fit_columns([100, 50, 50], 150, (0,))
    assert short[1:] == [50, 50] and short[0] == 50
    assert sum(widgets.fit_columns([33, 33, 33], 100)) == 100


def test_a_label_is_centred_in_the_room_its_key_hint_leaves() -> None:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((400, 60))
    b = widgets.Button("Take back", lambda: None, key_hint="Backspace", font_size=20)
    b.rect = pygame.Rect(0, 10, 400, 40)
    log = record_texts(surface)
    try:
        b.draw(surface)
    finally:
        record_texts(None)
    assert log is not None
    label = next(t.rect for t in log.items if t.text == "Take back")
    hint = next(t.rect for t in log.items if t.text == "Backspace")
    # as much room left of the label as between it and the hint (within a few pixels)
    assert abs((label.left - b.rect.left) - (hint.left - label.right)) <= hint.width // 2 + 20
    assert label.centerx < b.rect.centerx
