"""Four at the table, names and the move timer, through the window by posted events."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from skatgame.engine.options import ISKO
from skatgame.table.saved import peek_saved_list
from skatgame.ui.app import App
from skatgame.ui.layout import TOP
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    button_centre,
    click,
    drawn_items,
    drawn_texts,
    human_declarer_at_discard,
    human_to_move,
    make_app,
    new_session,
    open_table,
    press,
    resize,
    run_until,
    steps,
    until_ready,
)
from tests.ui.test_play_through import mouse_turn, play_deals


def type_text(text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def choose_next(app: App, row: str) -> None:
    """Click the ▶ of a row of the New list form."""
    choice = next(r for r in app.top.form.rows if r.name == row)
    click(choice.arrow_rects()[2].center)


def rename(app: App, field: str, text: str) -> None:
    f = next(f for f in app.top.fields if f.name == field)
    click(f.rect.center)
    steps(app, 1)
    for _ in range(30):
        press(pygame.K_BACKSPACE)
    type_text(text)
    press(pygame.K_TAB)
    steps(app, 1)


def test_a_four_seat_list_with_names_set_up_and_played_by_mouse(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5)
    steps(app, 2)
    click(button_centre(app, "new"))
    steps(app, 1)
    assert app.top.name == "new_list"
    choose_next(app, "players")  # three -> four
    choose_next(app, "timer")  # off -> 7 s
    steps(app, 1)
    assert app.top.top.enabled  # the player across is offered at four only
    rename(app, "name_you", "  Jürgen\x07 ")
    rename(app, "name_left", "Zoë李")  # the font has no Chinese: that letter is left out
    rename(app, "name_top", "Łukasz")
    rename(app, "name_right", "")  # empty: the default name
    focus = app.top.form.focus
    press(pygame.K_DOWN)  # done typing: the form has the keys again
    steps(app, 1)
    assert app.top.form.focus == focus + 1
    click(button_centre(app, "start"))
    steps(app, 1)
    session = app.session
    assert session is not None and session.size == 4
    assert session.names == ["Jürgen", "Zoë", "Łukasz", "Ben"]
    assert session.move_timer == 7
    s = app.settings
    assert (s.player_name, s.players, s.move_timer) == ("Jürgen", 4, 7)
    assert [o.name for o in s.seat_opponents(3)] == ["Zoë", "Łukasz", "Ben"]
    # the human deals first and sits out: the three others play it through
    assert session.human_sits_out and session.human_seat is None
    decided = []

    def turn(app: App) -> None:
        top = app.top
        if isinstance(top, TableScene) and top.human_turn:
            decided.append(session.deal_number)
        mouse_turn(app)

    seen = play_deals(app, turn, 5)
    assert not app.errors, app.errors
    assert "play" in seen and "results" in seen
    rows = session.series.rows
    assert [r.dealer for r in rows[:5]] == [0, 1, 2, 3, 0]
    assert 1 not in decided and 5 not in decided  # no decision while sitting out
    assert all(0 not in r.seat_players for r in rows if r.dealer == 0)
    assert all(len(r.totals) == 4 for r in rows)
    saved = peek_saved_list(app.store).value
    assert saved is not None and saved.names == ("Jürgen", "Zoë", "Łukasz", "Ben")
    # the score sheet has a column per player
    press(pygame.K_TAB)
    steps(app, 2)
    assert app.top.name == "sheet" and not app.errors


@pytest.mark.parametrize("language, says", [
    ("en", "At four, each player deals equally often: 3 deals become 4"),
    ("de", "Zu viert gibt jeder gleich oft: Aus 3 Spielen werden 4"),
])
def test_new_list_says_when_the_deals_become_whole_rounds_at_four(
        tmp_path: Path, language: str, says: str) -> None:
    import dataclasses

    from skatgame.table.settings import DEAL_COUNTS

    app = make_app(tmp_path)
    app.services.change_settings(dataclasses.replace(app.settings, language=language))
    steps(app, 2)
    click(button_centre(app, "new"))
    steps(app, 1)
    form = app.top
    for _ in range(len(form.deals.options)):  # ◀ down to 3 (the numbers stop at the ends)
        if form.deals.value == 3:
            break
        click(form.deals.arrow_rects()[0].center)
        steps(app, 1)
    assert says not in drawn_texts(app)
    choose_next(app, "players")  # three -> four
    steps(app, 2)
    assert form.deals.value == 4 and says in drawn_texts(app)
    # at four the deals offered are whole rounds; at three again the count chosen
    assert all(n % 4 == 0 for n, _label in form.deals.options)
    choose_next(app, "players")  # four -> three
    steps(app, 1)
    assert form.deals.value == 3 and [n for n, _ in form.deals.options] == list(DEAL_COUNTS)
    choose_next(app, "players")
    choose_next(app, "deals")  # a count chosen at four: nothing to say
    steps(app, 2)
    assert form.deals.value == 8 and form.rounded_note == ""
    assert not any(t.startswith(says[:16]) for t in drawn_texts(app))
    click(button_centre(app, "start"))
    steps(app, 1)
    assert app.session.planned_deals == 8


def _timed_list(app: App, seconds: int) -> None:
    session = new_session(app, deals=3, options=ISKO, list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3,
                          move_timer=seconds)
    open_table(app, session)


def test_the_move_timer_plays_for_the_human_and_pauses(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    _timed_list(app, 7)
    run_until(app, lambda: human_to_move(app))
    events = len(app.session.deal.events)
    scene = app.top
    steps(app, 60 * 5)  # five seconds: still waiting, the ring shows what is left
    assert len(app.session.deal.events) == events
    timer = scene.move_timer
    assert timer.active and 1.5 < timer.remaining < 2.5
    press(pygame.K_ESCAPE)  # the pause menu stops the time
    steps(app, 60 * 20)
    assert app.top.name == "pause" and len(app.session.deal.events) == events
    press(pygame.K_ESCAPE)
    steps(app, 2)
    assert app.top is scene
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    steps(app, 60 * 20)  # another window in front: the time stands still
    assert len(app.session.deal.events) == events and 1.4 < timer.remaining < 2.5
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    run_until(app, lambda: len(app.session.deal.events) > events, 60 * 4)
    assert not app.errors
    label = app.top.board.timeout_note  # said by the player's plate
    assert label is not None
    text = "".join(p for p in label if isinstance(p, str)) if isinstance(label, tuple) \
        else str(label)
    assert text.startswith("Time is up"), label


def test_the_move_timer_never_runs_for_computer_players(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    _timed_list(app, 7)
    for _ in range(60 * 12):
        top = app.top
        if isinstance(top, TableScene):
            t = top.move_timer
            assert t is not None
            if t.active:
                assert top.decision_due  # only while the human is to decide
        if human_to_move(app):
            mouse_turn(app)
        steps(app, 1)
    assert not app.errors


def test_a_four_seat_demo_plays_headless_and_exits(tmp_path: Path) -> None:
    from skatgame.table.settings import Settings
    from skatgame.ui.app import DemoOptions

    app = App(settings=Settings(animation_speed="instant", sound_on=False), size=(1280, 720),
              demo=DemoOptions(deals=4, seed=6, pause=0.2, level="beginner", players=4),
              inline_players=True, save=False, sound=False)
    for _ in range(40000):
        if not app.running:
            break
        app.step(1 / 60)
    assert not app.running and app.exit_code == 0 and not app.errors
    rows = app.session.series.rows
    assert app.session.size == 4 and len(rows) == 4
    assert [r.dealer for r in rows] == [0, 1, 2, 3]
    assert all(r.dealer not in r.seat_players for r in rows)


def test_the_command_line_takes_players_and_timer(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKATGAME_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "skatgame", "--demo", "--players", "4",
                           "--deals", "2", "--timer", "7", "--speed", "instant", "--no-sound",
                           "--seed", "4"], capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "deal 2 of 2 finished" in proc.stdout
    for bad in (["--players", "5"], ["--timer", "10"]):
        proc = subprocess.run([sys.executable, "-m", "skatgame", *bad], capture_output=True,
                              text=True, timeout=60, env=env)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_the_move_timer_runs_on_in_the_declare_dialog(tmp_path: Path) -> None:
    from skatgame.engine.deal import Phase

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    human_declarer_at_discard(app, move_timer=7)
    hand = [c for c in app.top.board.human_hand() if c & 7 != 7]
    app.top.toggle(hand[-1])
    app.top.toggle(hand[-2])
    app.top.put_away()
    run_until(app, lambda: app.top.name == "declare", 600)
    steps(app, 60 * 3)
    assert app.top.name == "declare" and app.session.deal.phase is Phase.DECLARE
    run_until(app, lambda: app.session.deal.phase is not Phase.DECLARE, 60 * 6)
    assert app.session.deal.contract is not None and not app.errors
    steps(app, 5)
    assert app.top.name != "declare"


def _four_list(app: App) -> None:
    session = new_session(app, deals=3, options=ISKO, list_kind="seeger-fabian",
                          levels=("beginner", "beginner", "beginner"),
                          names=("Anna", "Ben", "Clara"), seed=3)
    open_table(app, session)


def test_a_watcher_is_offered_no_hint_and_no_card_to_take_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    _four_list(app)
    session = app.session
    assert session is not None and session.human_seat is None  # he deals first: sits out
    run_until(app, lambda: getattr(app.top, "name", "") in ("auction", "play"))
    top = app.top
    assert isinstance(top, TableScene) and top.watching
    names = [b.name for b in top.tools]
    assert names == ["menu", "last_trick", "log", "sheet"]  # no Hint for a watcher
    assert not any(b.name in ("concede", "take_back") for b in top.actions)
    press(pygame.K_h)  # the key does nothing either
    steps(app, 1)
    assert top.hint_ticket is None and not top.board.toast.visible
    # the trick lies lower while he has no hand, and the tools sit at the bottom
    view = top.board
    assert view.layout.watching and view.layout.centre[1] > app.layout.centre[1]
    assert top.tools[-1].rect.bottom == app.layout.toolbar_rects(4)[-1].bottom
    # the next deal he plays: Hint is back
    run_until(app, lambda: app.top.name == "results" and app.top.button("next") is not None)
    steps(app, 30)
    # the results panel leaves the player across's plate in sight (a small window:
    # it covers his row whole or not at all)
    for size in ((1280, 720), (1920, 1080), (640, 480), (480, 360)):
        resize(app, size)
        steps(app, 2)
        panel, row = app.top.panel_rect(), app.top.board.layout.top_row_rect()
        plate = app.top.board.layout.plate_rect(TOP)
        if size[1] >= 720:
            assert not panel.colliderect(plate), (size, panel, plate)
        else:
            assert not panel.colliderect(plate) or panel.contains(row), (size, panel, row)
    resize(app, (1280, 720))
    until_ready(app)  # the results take keys after a moment (never the last trick's Enter)
    press(pygame.K_RETURN)
    run_until(app, lambda: session.deal_number == 2 and isinstance(app.top, TableScene)
              and not app.top.watching)
    assert [b.name for b in app.top.tools] == ["menu", "last_trick", "log", "hint", "sheet"]
    assert not app.top.board.layout.watching
    # he played: his hand takes room at the bottom, the player across keeps his plate
    for _ in range(30000):
        if app.top.name == "results" and app.top.button("next") is not None:
            break
        mouse_turn(app)
        steps(app, 1)
    steps(app, 30)
    assert app.top.name == "results" and not app.top.board.layout.watching
    panel = app.top.panel_rect()
    assert not panel.colliderect(app.top.board.layout.plate_rect(TOP)), panel
    assert not app.errors, app.errors


def test_at_four_a_hint_lies_by_the_hand_and_a_message_beside_the_trick(tmp_path: Path) -> None:
    from skatgame.ai.player import Suggestion
    from skatgame.engine.actions import Play
    from skatgame.ui.fonts import font_px
    from skatgame.ui.layout import LEFT, RIGHT

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    _four_list(app)

    table = _to_second_card_of_a_trick(app)
    card = table.legal_cards()[0]
    table.hint = Suggestion(Play(card), 0.42, reason="lead_high")
    table.board.toast.show("Anna did not follow suit: she has no diamonds left, and this "
                          "message is long enough for two lines or three", 30.0)
    for size in ((1280, 720), (480, 360), (1920, 1080), (800, 600)):
        resize(app, size)
        steps(app, 2)
        L = table.board.layout
        drawn = drawn_items(app)
        hint = [t for t in drawn if t.px == font_px(L.font_body)
                or t.px == font_px(L.font_small)]
        said = [t for t in drawn if "Anna did not" in t.text or "three" in t.text]
        rooms = {LEFT: L.side_room(LEFT), RIGHT: L.side_room(RIGHT)}
        # the hint by the human's own hand (in the prompt's place, over his buttons), not
        # on another player's side; beside the trick only where the cards leave no room
        by_hand = pygame.Rect(L.action_bar().x, L.trick_area().centery, L.action_bar().width,
                              L.action_bar().top - L.trick_area().centery)
        beside = [t for t in hint if rooms[RIGHT].colliderect(t.rect)]
        hint = [t for t in hint if by_hand.contains(t.rect)]
        if size in ((1280, 720), (1920, 1080)):
            assert not beside, (size, [t.text for t in beside])
            rooms[RIGHT] = by_hand
        else:
            hint = hint or beside
            rooms[RIGHT] = by_hand if hint and by_hand.contains(hint[0].rect) else rooms[RIGHT]
        assert hint and said, (size, [t.text for t in drawn])
        assert " ".join(t.text for t in hint).startswith("Play"), size
        cards = [pygame.Rect(0, 0, 0, 0)]
        view = table.board
        for c in (*(c for _s, c in view.shown.trick_cards()), *view.human_hand()):
            sprite = view.sprite_of(c)
            h = L.card_height(sprite.w)
            cards.append(pygame.Rect(round(sprite.x - h / 2), round(sprite.y - h / 2), h, h))
        for pos, texts in ((RIGHT, hint), (LEFT, said)):
            for t in texts:
                assert rooms[pos].contains(t.rect), (size, t.text, t.rect, rooms[pos])
                assert t.rect.collidelist(cards) == -1, (size, t.text)


def _to_second_card_of_a_trick(app: App) -> TableScene:
    """Play on until the human is to play to a trick of two cards; that table."""
    from skatgame.engine.deal import Phase

    def following() -> bool:
        top = app.top
        if isinstance(top, TableScene) and top.human_turn and top.table.phase is Phase.PLAY \
                and len(top.table.trick) == 2 and not top.board.busy:
            return True
        mouse_turn(app)
        return False

    run_until(app, following, 60000)
    assert isinstance(app.top, TableScene)
    return app.top


def test_a_letter_the_font_cannot_draw_is_refused_and_the_form_says_why(
        tmp_path: Path) -> None:
    from dataclasses import replace

    from skatgame.table.i18n import Translator
    from skatgame.ui.scenes.menu import REFUSED_SECONDS, NewListScene

    for language in ("en", "de"):
        (tmp_path / language).mkdir()
        app = make_app(tmp_path / language, seed=5)
        app.set_settings(replace(app.settings, language=language))
        tr = Translator(language)
        refused, hint = tr("newlist.name_refused"), tr("newlist.name_hint")
        assert refused != hint
        app.stack.push(NewListScene(app.services))
        steps(app, 2)
        assert hint in drawn_texts(app)
        field = app.top.name_fields["left"]
        click(field.rect.center)
        steps(app, 1)
        type_text("Zoë")  # letters the font has: no note
        steps(app, 1)
        assert hint in drawn_texts(app) and refused not in drawn_texts(app)
        type_text("李")
        steps(app, 1)
        texts = drawn_texts(app)
        assert field.text.endswith("Zoë")  # still refused
        assert " ".join(texts).count(refused.split(":")[0]) == 1 and hint not in texts, texts
        type_text("e")  # typing on: the note stays a moment
        steps(app, 1)
        assert any(refused.split(":")[0] in t for t in drawn_texts(app))
        steps(app, round(REFUSED_SECONDS * 60) + 5)
        assert hint in drawn_texts(app)  # then the usual line again
        app.close()


@pytest.mark.parametrize("players", [3, 4])
def test_a_long_hint_never_touches_the_cards_in_the_trick(tmp_path: Path, players: int) -> None:
    from skatgame.ai.player import Suggestion
    from skatgame.engine.actions import Play
    from skatgame.ui.text import label_text

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    if players == 4:
        _four_list(app)
    else:
        session = new_session(app, deals=3, options=ISKO, list_kind="seeger-fabian",
                              levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3)
        open_table(app, session)

    table = _to_second_card_of_a_trick(app)
    table.hint = Suggestion(Play(table.legal_cards()[0]), 0.42, reason="lead_high")
    full = label_text(table.hint_label)
    for size in ((1280, 720), (1366, 768), (1024, 768), (800, 600), (640, 480), (480, 360),
                 (1920, 1080)):
        resize(app, size)
        steps(app, 2)
        drawn = drawn_items(app)
        said = [t for t in drawn if t.text and t.text.rstrip("…") in full]
        assert said, (size, [t.text for t in drawn])
        view = table.board
        L = view.layout
        cards = []
        for _seat, c in view.shown.trick_cards():
            sprite = view.sprite_of(c)
            h = L.card_height(sprite.w)
            cards.append(pygame.Rect(round(sprite.x - h / 2), round(sprite.y - h / 2), h, h))
        for t in said:
            assert t.rect.collidelist(cards) == -1, (size, players, t.text, t.rect)


def test_the_deals_results_at_four_say_who_dealt_and_sat_out(tmp_path: Path) -> None:
    """The results' row "This deal" gave the dealer "0" like any player: it says he sat
    out (both languages, 1280x720 and 1920x1080, 100 % and 200 %)."""
    from dataclasses import replace

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    _four_list(app)
    session = app.session
    assert session is not None and session.human_seat is None  # he deals first: sits out
    run_until(app, lambda: app.top.name == "results" and app.top.button("next") is not None)
    steps(app, 30)
    for language, mark in (("en", "You dealt and sat out"),
                           ("de", "Du hast gegeben und saßt aus")):
        for size in ((1280, 720), (1920, 1080)):
            for text_size in (100, 200):
                app.set_settings(replace(app.settings, language=language,
                                         text_size=text_size))
                resize(app, size)
                steps(app, 2)
                texts = drawn_texts(app)
                assert any(t.endswith(mark) for t in texts), (language, size, text_size)
    assert not app.errors, app.errors


def _played_on_to(app: App, there: Callable[[], bool]) -> TableScene:
    """The list played on (the human's decisions by mouse, each deal's results passed)
    until ``there``; the table then on top."""

    def step() -> bool:
        if there():
            return True
        top = app.top
        if top.name == "results" and top.button("next") is not None:
            top.next()
        else:
            mouse_turn(app)
        return False

    run_until(app, step, 60000)
    table = app.top
    assert isinstance(table, TableScene)
    return table


def _conceded_at_four(app: App, dealer: int | None = None) -> None:
    """A four-seat list played on to the human's first card of a deal he plays (the deal
    ``dealer`` deals: 1 at his left, 3 at his right; else the first he plays); he gives
    up; on to the results with the other hands open."""
    from skatgame.engine.deal import Phase
    from skatgame.ui.scenes.results import ResultsScene
    from skatgame.ui.testing import human_turn

    _four_list(app)
    session = app.session
    assert session is not None

    play = _played_on_to(app, lambda: human_turn(app, (Phase.PLAY,)) and
                         dealer in (None, session.sitting_out))
    play.ask_concede()
    steps(app, 2)
    app.top.yes()
    run_until(app, lambda: isinstance(app.top, ResultsScene) and not play.board.busy, 600)


def test_at_four_no_open_card_lies_under_the_results_panel(tmp_path: Path) -> None:
    """After a concession at four the others' hands lie open: the panel leaves every card
    in sight (the player across keeps his row, the side hands close up as at three)."""
    from dataclasses import replace

    from skatgame.commands.gallery import cards_under_panel

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    _conceded_at_four(app)
    assert app.top.board.shown.open_seats
    for language in ("en", "de"):
        for size in ((1280, 720), (1920, 1080), (1024, 768)):
            app.set_settings(replace(app.settings, language=language))
            resize(app, size)
            steps(app, 3)
            assert cards_under_panel(app) == [], (language, size)
            # the declarer's concession explained whole ("… an die Gegenspiel…" was cut)
            assert app.tr("results.conceded_declarer_rest") in drawn_texts(app), size
            panel = app.top.panel_rect()
            assert not panel.colliderect(app.top.board.layout.plate_rect(TOP)), size
    assert not app.errors, app.errors


def test_at_four_each_card_in_the_trick_says_who_played_it(tmp_path: Path) -> None:
    """At four the card of the player across lay in the middle among the others' with no
    mark of who played it: each card another player played carries his name, at its
    edge (both languages, 1280x720 and 1920x1080)."""
    from dataclasses import replace

    from skatgame.ui.layout import BOTTOM, turned_box

    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    _four_list(app)
    table = _to_second_card_of_a_trick(app)
    view = table.board
    session = app.session
    assert session is not None
    for language in ("en", "de"):
        for size in ((1280, 720), (1920, 1080)):
            app.set_settings(replace(app.settings, language=language))
            resize(app, size)
            steps(app, 2)
            L = view.layout
            items = drawn_items(app)
            others = [(seat, t) for seat, t in view.shown.trick if view.pos_of(seat) != BOTTOM]
            assert len(others) == 2
            for seat, t in others:
                s = view.sprites[t]
                card = turned_box(s.x, s.y, s.w, L.card_height(s.w), s.angle)
                name = session.name_of(seat)
                tags = [i for i in items if i.text == name and i.rect.colliderect(
                    card.inflate(0, L.font_caption * 2)) and card.left <= i.rect.centerx
                    <= card.right]
                assert tags, (language, size, name)
    assert not app.errors, app.errors


def test_a_tricks_caption_never_stands_without_its_pile(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """At normal speed a trick waits in the middle before it goes to its winner: its
    cards already counted on his pile, whose older cards were then not drawn, so that
    "Tricks: 2" stood alone. Each frame, every tricks caption ("Ben: 2 tricks") has cards
    drawn under it."""
    import re

    from skatgame.engine.deal import Phase
    from skatgame.engine.seats import SEATS
    from skatgame.ui.board.painters import Painter

    drawn: list[tuple[float, float]] = []
    blit = Painter._blit

    def noting(self: Painter, surface: pygame.Surface, s) -> None:  # noqa: ANN001
        drawn.append((s.x, s.y))
        blit(self, surface, s)

    monkeypatch.setattr(Painter, "_blit", noting)
    app = make_app(tmp_path, seed=3, speed="normal")
    steps(app, 2)
    _four_list(app)
    waited = seen = 0
    for _ in range(20000):
        top = app.top
        if top.name == "results" and top.button("next") is not None:
            top.next()
        else:
            mouse_turn(app)
        drawn.clear()
        steps(app, 1)
        top = app.top
        if not isinstance(top, TableScene) or top.table.phase is not Phase.PLAY:
            continue
        view = top.board
        L = view.layout
        waiting = any(view.sprites[t].motion is not None
                      for seat in SEATS for t in view.shown.piles[seat])
        waited += waiting
        for t in drawn_items(app):
            if re.search(r": \d+ tricks?$", t.text):
                seen += 1
                x, y = t.rect.center
                assert any(abs(px - x) < L.pile_h and abs(py - y) < L.pile_h
                           for px, py in drawn), (t.text, t.rect, waiting)
        if waited > 200:
            break
    assert waited, "no trick waited in the middle"
    assert seen, "no tricks caption was drawn"
    assert not app.errors, app.errors


@pytest.mark.parametrize("text_size", [100, 200])
def test_at_four_the_bidding_hint_lies_by_the_buttons(tmp_path: Path, text_size: int) -> None:
    """In the auction at four the skat lies in the middle over the prompt: the hint (why
    to bid on, two lines or three) stood at the right, on another player's side; it goes
    over the human's bid buttons, clear of the skat and of the others' cards."""
    from dataclasses import replace

    from skatgame.engine.deal import Phase
    from skatgame.ui.layout import RIGHT, turned_box
    from skatgame.ui.testing import human_turn

    app = make_app(tmp_path, seed=3)
    app.set_settings(replace(app.settings, text_size=text_size))
    steps(app, 2)
    _four_list(app)

    table = _played_on_to(app, lambda: human_turn(app, (Phase.AUCTION,)) and
                          not app.top.board.busy)
    table.ask_hint()  # the computer's advice, as the player asks for it
    run_until(app, lambda: table.hint is not None, 600)
    # a hint that says why at length: two lines or three
    words = f"{table.hint_label[0]}: " + "your cards make a game worth more than the " \
        "bid, your chance as declarer 72%"
    for size in ((1280, 720), (1920, 1080)):
        resize(app, size)
        steps(app, 2)
        L = table.board.layout
        rect = table.hint_place(words)[0].inflate(2 * L.gap, L.gap)
        bar = L.action_bar()
        # over the buttons (not beside the trick at the right), under the skat
        assert L.width - L.prompt_width <= 2 * rect.left and \
            2 * rect.right <= L.width + L.prompt_width, (size, rect)
        assert rect.bottom <= bar.top, (size, rect)
        if text_size == 100:  # (with large text the room beside the trick is a sliver)
            assert not rect.colliderect(L.side_room(RIGHT)), size
        skat = [turned_box(x, y, L.table_w, L.table_h, a) for x, y, a in L.skat_slots(2)]
        # (with large text in the caption's size where three lines would cover the skat)
        assert rect.top >= max(s.bottom for s in skat), (size, rect, skat)
    # the helper's own hint, at length (its game, its level, the limit and the chance):
    # where it would cover the skat, in fewer words, as the helper's line gives way
    from skatgame.ai.advice import BidAdvice
    from skatgame.ai.player import Suggestion
    from skatgame.engine.actions import Bid, parse_action
    from skatgame.ui.layout import turned_box as box
    from skatgame.ui.text import label_text

    table.advice = BidAdvice(parse_action("GH").contract, 0.72, 144)
    table.hint = Suggestion(Bid(18), 0.72)
    for language in ("en", "de"):
        app.set_settings(replace(app.settings, language=language))
        for size in ((1280, 720), (1920, 1080)):
            resize(app, size)
            steps(app, 2)
            L = table.board.layout
            label = table.hint_label
            assert label is not None and "72" in label_text(label)
            rect, _size, lines, _h = table.hint_place(label)
            skat = [box(x, y, L.table_w, L.table_h, a) for x, y, a in L.skat_slots(2)]
            assert rect.inflate(2 * L.gap, L.gap).collidelist(skat) < 0, (size, rect, skat)
            said = " ".join(label_text(line) for line in lines)
            assert "18" in said and "144" in said, said  # the bid and the limit whole
            if text_size > 100:
                assert "72" not in said, said  # (the chance gives way first)
    assert not app.errors, app.errors


def test_at_four_with_large_text_the_hint_in_play_keeps_clear_of_the_trick(
        tmp_path: Path) -> None:
    """At four with large text the trick fills its band down to the prompt: a hint of
    three lines covered the foot of a card in the trick. Where its words would touch a
    card they step down (without the chance, in the caption's size, the advice alone),
    never cut, and keep clear of every card in the middle."""
    from dataclasses import replace
    from itertools import product

    from skatgame.ai.player import Suggestion
    from skatgame.ai.reasons import HintReason
    from skatgame.engine.actions import Play
    from skatgame.engine.deal import Phase
    from skatgame.ui.testing import human_turn
    from skatgame.ui.text import label_text, record_texts

    app = make_app(tmp_path, seed=3)
    app.set_settings(replace(app.settings, text_size=200))
    steps(app, 2)
    _four_list(app)

    table = _played_on_to(app, lambda: human_turn(app, (Phase.PLAY,)) and
                          not app.top.board.busy and bool(app.top.table.trick))
    card = table.legal_cards()[0]
    languages, sizes, text_sizes = ("en", "de"), ((1280, 720), (1920, 1080)), (150, 200)
    for reason, language, size, text_size in product(
            (HintReason.TAKE_TRICK, HintReason.FOLLOW_LOW), languages, sizes, text_sizes):
        table.hint = Suggestion(Play(card), 0.75, "", None, reason)  # a short why, a long
        app.set_settings(replace(app.settings, language=language, text_size=text_size))
        resize(app, size)
        steps(app, 2)
        L = table.board.layout
        label = table.hint_label
        assert label is not None
        rect, _size, lines, _h = table.hint_place(label)
        at = (reason, language, size, text_size, rect)
        cards = table._cards_in_middle()
        assert cards and rect.inflate(2 * L.gap, L.gap).collidelist(cards) < 0, at
        said = " ".join(label_text(line) for line in lines)
        assert said.startswith(label_text(table.hint_words(label)[-1])), at
        log = record_texts(app.screen)
        try:
            steps(app, 1)
        finally:
            record_texts(None)
        assert log is not None and log.cut == [], (at, log.cut)
    assert not app.errors, app.errors
