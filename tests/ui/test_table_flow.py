"""The flow of a Skat evening at the window's table: what was held is said, a forced
card plays itself, the rest can be claimed, the deal's log, the cards as dealt, the
faces at the table. Through posted events and the app's own steps."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame

from skatgame.engine.actions import Play
from skatgame.engine.claims import side_takes_rest
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.events import Claimed
from skatgame.engine.options import ISKO
from skatgame.engine.seats import SEATS
from skatgame.table.dealog import deal_log
from skatgame.table.i18n import Translator
from skatgame.table.seatview import Speech, SpeechKind
from skatgame.table.texts import speech_text
from skatgame.ui.app import App
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    button_centre,
    click,
    drawn_texts,
    frame_log,
    human_turn,
    make_app,
    new_session,
    open_table,
    press,
    resize,
    run_until,
    steps,
    until_ready,
)
from skatgame.ui.text import label_text
from tests.ui.test_play_through import mouse_turn, play_deals


def test_a_hold_bubble_says_what_was_held() -> None:
    en, de = Translator("en").tr, Translator("de").tr
    held = Speech(SpeechKind.HOLD, 20)
    assert speech_text(held, "french", en) == "Yes, 20"
    assert speech_text(held, "french", de) == "Ja, 20"
    assert speech_text(Speech(SpeechKind.KONTRA), "french", de) == "Kontra"
    assert speech_text(Speech(SpeechKind.RE), "french", en) == "Re"


def _forced_plays(app: App, deals: int) -> tuple[list[Play], int]:
    """Play ``deals`` deals by mouse; the cards played without a click (forced), and how
    often the human was seen to decide with a single legal card."""
    local = app.services.table
    forced: list[Play] = []
    propose = local.propose
    waited = 0

    def record(action, seat=None):  # noqa: ANN001, ANN202
        top = app.top
        if isinstance(action, Play) and isinstance(top, TableScene) and \
                len(top.legal_cards()) == 1 and not clicked:
            forced.append(action)
        return propose(action, seat)

    clicked: list[bool] = []

    def turn(app: App) -> None:
        nonlocal waited
        top = app.top
        if isinstance(top, TableScene) and top.human_turn and top.table.phase is Phase.PLAY \
                and len(top.legal_cards()) == 1:
            waited += 1
        clicked.clear()
        if isinstance(top, TableScene) and top.human_turn:
            clicked.append(True)
        mouse_turn(app)

    local.propose = record  # type: ignore[method-assign]
    play_deals(app, turn, deals)
    assert not app.errors
    return forced, waited


def test_a_forced_card_plays_itself_when_set(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5)
    app.services.change_settings(dataclasses.replace(app.settings, play_forced=True))
    steps(app, 2)
    open_table(app, new_session(app, deals=2, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                seed=5))
    forced, waited = _forced_plays(app, 2)
    assert forced, "no card played itself"  # the last trick's card at least
    assert waited == 0  # the table never stood waiting for a card that had no choice


def test_without_the_setting_the_player_plays_every_card(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5)
    steps(app, 2)
    assert app.settings.play_forced is False  # the default: every card by the player
    open_table(app, new_session(app, deals=1, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                seed=5))
    forced, waited = _forced_plays(app, 1)
    assert not forced and waited > 0


def test_the_move_timer_never_waits_for_a_forced_card(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5)
    steps(app, 2)
    open_table(app, new_session(app, deals=1, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                seed=5, move_timer=7))
    forced, waited = _forced_plays(app, 1)
    assert forced and waited == 0


def test_the_log_opens_by_key_and_button_scrolls_and_closes(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    open_table(app, new_session(app, deals=1, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                seed=3))
    played = 0

    def three_tricks() -> bool:
        nonlocal played
        if human_turn(app, (Phase.PLAY,)) and len(app.session.deal.tricks) >= 3:
            return True
        mouse_turn(app)
        return False

    run_until(app, three_tricks, 20000)
    press(pygame.K_v)
    steps(app, 2)
    assert app.top.name == "log"
    texts = drawn_texts(app)
    assert "Log of the deal" in texts and "Auction" in texts and "Tricks" in texts, texts
    assert any(t.startswith("3. ") for t in texts), texts  # the third trick and its winner
    log = app.top
    before = log.scroll
    press(pygame.K_HOME)  # back to the auction's beginning (when it does not all fit)
    steps(app, 1)
    assert log.scroll >= before
    press(pygame.K_ESCAPE)
    steps(app, 2)
    assert isinstance(app.top, TableScene)
    click(button_centre(app, "log"))
    steps(app, 2)
    assert app.top.name == "log"
    press(pygame.K_RETURN)
    steps(app, 2)
    assert isinstance(app.top, TableScene) and not app.errors


def _claim_at_trick(app: App, tricks: int) -> tuple[bool, Deal]:
    """Play by mouse until the human is to play with ``tricks`` tricks done, claim the rest
    by key and confirm; returns what the engine's claim check says of it beforehand and
    the deal."""
    session = app.session
    assert session is not None

    def there() -> bool:
        if human_turn(app, (Phase.PLAY,)) and len(session.deal.tricks) >= tricks:
            return True
        mouse_turn(app)
        return False

    run_until(app, there, 30000)
    deal = session.deal
    h = session.human_seat
    assert h is not None and deal.declarer is not None
    expected = side_takes_rest(deal.contract.kind, tuple(deal.hands), deal.declarer,
                               deal.leader, tuple(deal.trick), h == deal.declarer)
    top = app.top
    assert top.button("claim") is not None  # offered on his turn in play
    press(pygame.K_o)
    steps(app, 2)
    assert app.top.name == "confirm"
    until_ready(app)
    click(button_centre(app, "yes"))
    steps(app, 2)
    return expected, deal


def _one_claim(folder: Path, seed: int, tricks: int) -> bool:
    """A list of ``seed``: the human claims the rest at ``tricks`` tricks done; checked
    as the engine rules it, said, scored and logged. Returns whether it was right."""
    folder.mkdir()
    app = make_app(folder, seed=seed)
    steps(app, 2)
    open_table(app, new_session(app, deals=12, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                seed=seed))
    board = app.top.board
    said: list[str] = []
    show = board.toast.show
    board.toast.show = lambda label, *a, **k: (said.append(label_text(label)),  # type: ignore
                                               show(label, *a, **k))
    expected, deal = _claim_at_trick(app, tricks)
    claimed = [e for e in deal.events if isinstance(e, Claimed)]
    assert len(claimed) == 1 and claimed[0].valid == expected
    assert deal.done and deal.result is not None
    run_until(app, lambda: any("claim" in x for x in said), 600)
    words = next(x for x in said if "claim" in x)
    assert ("Rightly" if expected else "Wrongly") in words, words
    run_until(app, lambda: app.top.name == "results", 3000)
    first = app.top.lines[0]  # the results panel says it too
    assert first.text.startswith("You claim the rest: " + ("rightly" if expected else
                                                            "wrongly")), first
    session = app.session
    assert session is not None
    log = [label_text(x.text) for x in deal_log(
        board.shown, app.tr, lambda k, s, **f: session.about(app.tr, k, s, **f),
        session.name_of)]
    assert "You claim the rest" in log
    assert any(x.startswith("Rightly" if expected else "Wrongly") for x in log)
    # every card still held is laid open at the end
    assert all(not board.shown.hands[s] or s in board.shown.open_seats for s in SEATS)
    assert not app.errors
    app.close()
    return expected


def test_a_claim_is_judged_scored_said_and_logged(tmp_path: Path) -> None:
    verdicts = {_one_claim(tmp_path / str(seed), seed, tricks)
                for seed, tricks in ((3, 7), (5, 8), (8, 8), (11, 8))}  # (not with 1 card)
    assert verdicts == {True, False}, verdicts  # a right and a wrong claim among the seeds


def test_the_results_show_every_hand_and_the_skat_as_dealt(tmp_path: Path) -> None:
    from skatgame.engine.cards import cards_of

    app = make_app(tmp_path, seed=5)
    steps(app, 2)
    open_table(app, new_session(app, deals=2, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "beginner"), names=("Anna", "Ben"),
                                seed=5))

    def results() -> bool:
        if app.top.name == "results" and not app.top.board.busy:
            return True
        mouse_turn(app)
        return False

    run_until(app, results, 30000)
    until_ready(app)
    deal = app.session.deal
    assert deal.done and app.top.button("cards") is not None
    press(pygame.K_c)
    steps(app, 2)
    shown = app.top
    assert shown.name == "dealt_cards"
    rows = shown.rows()
    assert [sorted(cards) for _who, _d, cards in rows] == [
        cards_of(deal.initial_hands[0]), cards_of(deal.initial_hands[1]),
        cards_of(deal.initial_hands[2]), cards_of(deal.initial_skat)]
    assert [d for _w, d, _c in rows[:3]] == [s == deal.declarer for s in SEATS]
    texts = drawn_texts(app)
    assert "The cards as dealt" in texts and "Skat" in texts
    assert any(t.startswith("Anna · ") for t in texts), texts
    # a wide window lays each hand out whole, side by side (it used a third of the
    # width at 1920x1080, the cards overlapping)
    resize(app, (1920, 1080))
    steps(app, 2)
    places, _name_h, cw, step, _width = app.top.card_rows(4)
    assert step >= cw and cw + 9 * step <= app.top.panel.width
    assert len({x for x, _y in places}) == 1  # one column: the rows under one another
    # at 200 % in 1280x720 one column left the cards 50 px wide: two columns, larger
    from dataclasses import replace

    app.set_settings(replace(app.settings, text_size=200))
    resize(app, (1280, 720))
    steps(app, 2)
    places, _name_h, cw, step, width = app.top.card_rows(4)
    assert len({x for x, _y in places}) == 2 and cw >= 80, (places, cw)
    assert all(x >= app.top.panel.x and x + cw + 9 * step <= app.top.panel.right
               for x, _y in places)
    log = frame_log(app)
    assert log.cut == [] and log.overlapping() == []
    app.set_settings(replace(app.settings, text_size=100))
    resize(app, (1280, 720))
    steps(app, 2)
    press(pygame.K_ESCAPE)
    steps(app, 2)
    assert app.top.name == "results"
    click(button_centre(app, "cards"))
    steps(app, 2)
    assert app.top.name == "dealt_cards" and not app.errors


def test_a_face_follows_from_the_name_and_is_drawn_once() -> None:
    from skatgame.ui.board.faces import Mood, face_surface, traits_of

    names = ["Anna", "Ben", "Clara", "You", "Du", "Jürgen", "Zoë", "Łukasz", "Vera", "Mia"]
    assert traits_of("Anna") == traits_of(" anna ")  # the same name, the same face
    assert len({traits_of(n) for n in names}) == len(names)  # ten names, ten faces
    a = face_surface("Anna", "expert", Mood.IDLE, 48)
    assert face_surface("Anna", "expert", Mood.IDLE, 48) is a  # kept, not drawn again
    assert a.get_size() == (48, 48)
    assert a.get_at((0, 0)).a == 0 and a.get_at((24, 24)).a > 240  # round
    # the level's ring: gold for the Expert, bronze for a Beginner
    ring_expert = a.get_at((24, 1))
    ring_beginner = face_surface("Anna", "beginner", Mood.IDLE, 48).get_at((24, 1))
    assert ring_expert != ring_beginner
    from skatgame.ui.board.faces import portrait_name

    # "You" and "Du" are the same player: the same face in English and German
    assert portrait_name("You", None) == portrait_name("Du", None)
    assert portrait_name("Du", "expert") == "Du"  # a computer player called Du keeps his
    # every mood looks different
    shots = {m: pygame.image.tobytes(face_surface("Ben", None, m, 64), "RGBA") for m in Mood}
    assert len(set(shots.values())) == len(Mood)


def test_the_faces_are_at_the_plates_and_react(tmp_path: Path,
                                               monkeypatch: object) -> None:
    from skatgame.engine.events import KontraSaid, TrickWon
    from skatgame.ui.board import painters
    from skatgame.ui.board.faces import Mood

    drawn: list[tuple[str, str | None, Mood]] = []
    real = painters.face_surface

    def spy(name: str, level: str | None, mood: Mood, size: int) -> pygame.Surface:
        drawn.append((name, level, mood))
        return real(name, level, mood, size)

    monkeypatch.setattr(painters, "face_surface", spy)  # type: ignore[attr-defined]
    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    open_table(app, new_session(app, deals=1, options=ISKO, list_kind="seeger-fabian",
                                levels=("beginner", "expert"), names=("Anna", "Ben"), seed=3))
    steps(app, 3)
    drawn.clear()
    steps(app, 1)
    # the human without a name of his own: one face whatever the language calls him
    assert {(n, lv) for n, lv, _m in drawn} == {("", None), ("Anna", "beginner"),
                                               ("Ben", "expert")}
    board = app.top.board
    # a computer thinking shows it
    run_until(app, lambda: board.thinking is not None or bool(mouse_turn(app)), 3000)
    assert board.mood_of(board.thinking) is Mood.THINKING
    # a trick won pleases its winner for a moment; Kontra makes a bold face
    run_until(app, lambda: board.shown.last_trick is not None or bool(mouse_turn(app)), 30000)
    won: TrickWon = board.shown.last_trick
    if board.thinking != won.seat:
        assert board.mood_of(won.seat) is Mood.PLEASED
    board.react(won.seat, Mood.PLEASED, 0.5)
    steps(app, 120)
    assert board.mood_of(won.seat) is not Mood.PLEASED  # it passes
    board.queue.append(KontraSaid(0))
    steps(app, 2)
    assert board.mood_of(0) is Mood.BOLD and not app.errors
