"""The player plates and the trick's name tags with large text (issue 28, a low-vision
playtest at 200 %, 1280x720): the dealer's badge says a word, never a bare "D" / "G"; a
badge leaves the seat's level and role whole on the plate; at four every card of the
trick that another player played carries his name; a bubble fading out is not drawn
under a name tag."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from skatgame.engine.actions import PASS
from skatgame.engine.deal import Phase
from skatgame.engine.options import RuleOptions
from skatgame.table.seatview import Speech, SpeechKind
from skatgame.table.texts import role_text
from skatgame.ui import widgets
from skatgame.ui.app import App
from skatgame.ui.layout import BOTTOM, RIGHT, TOP
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    frame_log,
    human_turn,
    make_app,
    new_session,
    open_table,
    steps,
)
from skatgame.ui.text import TextLog, record_texts
from tests.ui.test_play_through import mouse_turn

LANGUAGES = ["en", "de"]


def _app(tmp_path: Path, language: str, size: tuple[int, int] = (1280, 720),
         text_size: int = 200) -> App:
    app = make_app(tmp_path, size=size, seed=3)
    app.services.change_settings(dataclasses.replace(app.settings, language=language,
                                                     text_size=text_size))
    steps(app, 2)
    return app


def _frame(app: App) -> TextLog:
    return frame_log(app)


def _quiet(app: App) -> bool:
    top = app.top
    return isinstance(top, TableScene) and not top.board.busy


def _second_deal(app: App, play: bool) -> None:
    """A list of three at its second deal (a player at the side deals), in the auction or
    (a computer player won it) in play."""
    session = new_session(app, deals=6, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("expert", "advanced"), names=("Anna", "Ben"), seed=6)
    open_table(app, session)
    phase = Phase.PLAY if play else Phase.AUCTION
    _play_until(app, lambda: session.deal_number == 2 and _quiet(app)
                and session.deal.phase is phase and app.top.name != "results")
    steps(app, 2)


def _play_until(app: App, done: Callable[[], bool]) -> None:
    """Play on (the human passes and plays his first legal card) until ``done()``."""
    for _ in range(20000):
        if done():
            return
        top = app.top
        if human_turn(app, (Phase.AUCTION,)):
            top.apply(PASS)
        elif human_turn(app, (Phase.PLAY,)):
            top.play(top.legal_cards()[0])
        else:
            mouse_turn(app)
        steps(app, 1)
    raise AssertionError("not reached")


def _words(log: TextLog) -> list[str]:
    return [t.text for t in log.visible()]


@pytest.mark.parametrize("play", [False, True], ids=["auction", "play"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dealers_badge_is_a_word_and_the_plates_keep_level_and_role(
        tmp_path: Path, language: str, play: bool) -> None:
    """Three at the table, 200 %: the dealer at the side had "G" / "D" beside his role,
    and the declarer's badge pushed "Expert · Forehand" off the plate. At 1280x720 and
    1920x1080, 100 %, 150 % and 200 %."""
    app = _app(tmp_path, language)
    _second_deal(app, play)
    session = app.session
    assert session is not None
    board = app.top.board
    dealer = session.dealer_seat
    assert dealer is not None and board.pos_of(dealer) != BOTTOM
    for size in ((1280, 720), (1920, 1080)):
        for text_size in (100, 150, 200):
            app.set_settings(dataclasses.replace(app.settings, text_size=text_size))
            app.resize(size)
            steps(app, 2)
            log = _frame(app)
            words = _words(log)
            where = (size, text_size, words)
            assert app.tr("seat.dealer") in words, where
            assert app.tr("seat.dealer")[0] not in words, where  # not a bare "D" / "G"
            assert log.cut == [], where
            declarer = board.shown.declarer
            if play:
                assert declarer is not None
                assert app.tr("game.declarer") in words, where
            said = " | ".join(words).replace(" | ", " · ")
            for seat in range(3):
                if board.pos_of(seat) == BOTTOM:
                    continue
                level = session.levels[session.player_of(seat)]
                assert level is not None
                assert app.tr("level." + level) in said, (seat, where)
                assert role_text(seat, app.tr) in said, (seat, where)


def _four(app: App, seed: int, done: Callable[[], bool]) -> None:
    """Four at the table until ``done()`` (see :func:`_play_until`)."""
    session = new_session(app, deals=36, options=RuleOptions(), list_kind="seeger-fabian",
                          levels=("expert", "beginner", "advanced"),
                          names=("Anna", "Ben", "Clara"), seed=seed)
    open_table(app, session)
    _play_until(app, done)


def _trick_of(app: App, *positions: int) -> bool:
    """Whether the human is to play to a trick that holds the cards of ``positions``."""
    top = app.top
    if not human_turn(app, (Phase.PLAY,)) or not _quiet(app):
        return False
    board = top.board
    return {board.pos_of(seat) for seat, _t in board.shown.trick} >= set(positions)


@pytest.mark.parametrize("language", LANGUAGES)
def test_at_four_every_card_of_the_trick_has_its_players_name(tmp_path: Path,
                                                              language: str) -> None:
    """With large text the tag of the card across reached up into his row and was left
    out: it goes lower, on the card's upper edge, among the others' tags. The plates keep
    level and role beside the declarer's badge."""
    app = _app(tmp_path, language)
    _four(app, 2, lambda: _trick_of(app, TOP))
    board = app.top.board
    session = app.session
    assert session is not None
    steps(app, 2)
    log = _frame(app)
    words = _words(log)
    for seat, _t in board.shown.trick:
        if board.pos_of(seat) != BOTTOM:  # on his plate and on his card
            assert words.count(session.name_of(seat)) == 2, (seat, words)
    assert app.tr("game.declarer") in words
    said = " · ".join(words)
    for seat in range(3):
        assert role_text(seat, app.tr) in said, (seat, words)
        level = session.levels[session.player_of(seat)]
        if level is not None and board.pos_of(seat) != TOP:
            assert app.tr("level." + level) in said, (seat, words)


def test_a_fading_bubble_over_a_trick_tag_is_drawn_whole_over_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At four with large text the bubble of the player at the right ("♥ Hearts") lies
    over his card's tag; fading, the tag showed through it (as if drawn over it): it
    stays whole, drawn after the tag, till it goes."""
    app = _app(tmp_path, "en")
    _four(app, 1, lambda: _trick_of(app, RIGHT))
    board = app.top.board
    right = next(seat for seat, _t in board.shown.trick if board.pos_of(seat) == RIGHT)
    board.toast.clear()  # (with a message over the trick the bubble waits for it to go)
    board.bubbles[right] = (Speech(SpeechKind.KONTRA), board.clock + 0.2)
    drawn: list[tuple[object, object]] = []  # (words, alpha)
    draw_bubble = widgets.draw_bubble

    def noted(*args: object, **kw: object) -> object:
        drawn.append((args[1], kw.get("alpha", args[6] if len(args) > 6 else 255)))
        return draw_bubble(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(widgets, "draw_bubble", noted)
    log = record_texts(app.screen)  # drawn as it stands (a step would let it go unsaid)
    try:
        app.top.draw(app.screen)
    finally:
        record_texts(None)
    assert log is not None and app.session is not None
    name = app.session.name_of(right)
    said = board.bubble_label(Speech(SpeechKind.KONTRA))
    items = log.items
    tag = max(i for i, t in enumerate(items) if t.text == name)  # (his plate's first)
    bubble = next(i for i, t in enumerate(items) if t.text == said)
    assert items[bubble].rect.colliderect(items[tag].rect), "the case is not set up"
    assert bubble > tag and (said, 255) in drawn, drawn


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_human_dealer_with_a_long_name_keeps_the_word(tmp_path: Path,
                                                          language: str) -> None:
    """200 %: the human's plate with a long name had room for neither the word nor a role
    beside it (it said "D" / "G"): the word stands on the plate's upper edge, clear of
    his portrait."""
    from skatgame.ui.testing import others_declare, run_until

    app = _app(tmp_path, language)
    session = new_session(app, you="Maximilian", deals=3, options=RuleOptions(),
                          list_kind="seeger-fabian", levels=("expert", "beginner"),
                          names=("Anna", "Ben"), seed=3)
    others_declare(session)
    open_table(app, session, resume=True)
    run_until(app, lambda: session.deal.phase is Phase.PLAY and _quiet(app), 3000)
    steps(app, 2)
    assert session.dealer_seat == session.human_seat
    log = _frame(app)
    word = next(t for t in log.visible() if t.text == app.tr("seat.dealer"))
    assert not word.rect.colliderect(app.top.board.painter.bottom_face_rect())
    assert app.tr("seat.dealer")[0] not in _words(log)


def test_the_human_dealers_name_stays_whole_in_the_auction(tmp_path: Path) -> None:
    """200 %, the auction: the gold "Geber" beside the human's long name cut it to "Ma…";
    the badge stands on the plate's upper edge, the name keeps the line."""
    from skatgame.ui.testing import run_until

    app = _app(tmp_path, "de")
    session = new_session(app, you="Maximilian", deals=3, options=RuleOptions(),
                          list_kind="seeger-fabian", levels=("expert", "beginner"),
                          names=("Anna", "Ben"), seed=3)
    open_table(app, session)
    run_until(app, lambda: human_turn(app, (Phase.AUCTION,)) and _quiet(app), 3000)
    steps(app, 2)
    words = _words(_frame(app))
    assert "Geber" in words
    assert not any(w.startswith("Ma") and len(w) <= 3 for w in words), words


def _all_passed(app: App) -> bool:
    top = app.top
    return isinstance(top, TableScene) and top.board.shown.passed_in and _quiet(app)


@pytest.mark.parametrize("language", LANGUAGES)
def test_at_four_everyone_passed_stands_whole_in_the_info_box(tmp_path: Path,
                                                              language: str) -> None:
    """Four at the table, 200 %: the narrow info box beside the player across said
    "Everyone pas…" though it had room for two lines: the words wrap (or take a smaller
    role) before they are cut. 1280x720 and 1920x1080, 100-200 %."""
    app = _app(tmp_path, language)
    _four(app, 1, lambda: _all_passed(app))
    said = app.tr("auction.all_passed")
    for size in ((1280, 720), (1920, 1080)):
        for text_size in (100, 150, 200):
            app.set_settings(dataclasses.replace(app.settings, text_size=text_size))
            app.resize(size)
            log = record_texts(app.screen)
            try:
                app.top.draw(app.screen)
            finally:
                record_texts(None)
            assert log is not None
            where = (size, text_size)
            assert log.cut == [], where
            info = app.top.board.layout.info_rect()
            inside = [t for t in log.visible() if info.contains(t.rect)]
            assert " ".join(t.text for t in inside).endswith(said), (where, _words(log))


def _seat_area(app: App, pos: int) -> list[object]:
    """The plate and the fanned cards of the opponent at ``pos``."""
    import pygame

    L = app.top.board.layout
    if pos == TOP:
        return [L.plate_rect(pos), L.top_row_rect()]
    slots = L.opponent_slots(pos, 10)
    cards = pygame.Rect(0, 0, 0, 0)
    for x, y, _a in slots:
        card = pygame.Rect(0, 0, L.small_w, L.small_w * 3 // 2)
        card.center = (round(x), round(y))
        cards = card if cards.width == 0 else cards.union(card)
    return [L.plate_rect(pos), cards]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_at_four_each_pass_bubble_points_at_its_own_seat(
        tmp_path: Path, language: str, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Four at the table, 200 %: the "Pass" of the player across stepped down under the
    right player's bubble and pointed at it (it read as his): every bubble's tip lies
    nearer its own seat (plate or cards) than any other bubble or seat."""
    import math

    app = _app(tmp_path, language, size)
    _four(app, 1, lambda: _quiet(app) and app.session is not None
          and app.session.human_sits_out and app.top.board.shown.contract is None)
    board = app.top.board
    board.toast.clear()
    for seat in range(3):
        board.bubbles[seat] = (Speech(SpeechKind.PASS), None)
    drawn: list[tuple[object, str, tuple[int, int], object]] = []
    draw_bubble = widgets.draw_bubble

    def noted(*args: object, **kw: object) -> object:
        body = draw_bubble(*args, **kw)  # type: ignore[arg-type]
        drawn.append((args[1], str(args[3]), args[4], body))  # type: ignore[arg-type]
        return body

    monkeypatch.setattr(widgets, "draw_bubble", noted)
    board.painter.draw_bubbles(app.screen)
    assert len(drawn) == 3, drawn
    bodies = [d[3] for d in drawn]

    def gap(point: tuple[int, int], rect: object) -> float:
        r = rect  # a pygame.Rect
        dx = max(r.left - point[0], 0, point[0] - r.right)  # type: ignore[attr-defined]
        dy = max(r.top - point[1], 0, point[1] - r.bottom)  # type: ignore[attr-defined]
        return math.hypot(dx, dy)

    # drawn as the painter orders them: the one across last
    owners = [board.pos_of(seat) for seat in sorted(board.bubbles,
                                                     key=lambda s: board.pos_of(s) == TOP)]
    assert len(set(owners)) == 3, owners
    for n, (_label, side, tip, body) in enumerate(drawn):
        own = min(gap(tip, r) for r in _seat_area(app, owners[n]))
        others = [gap(tip, b) for i, b in enumerate(bodies) if i != n]
        others += [gap(tip, r) for p in owners if p != owners[n] for r in _seat_area(app, p)]
        assert own < min(others), (owners[n], side, tip, body, bodies)
