"""Saved lists: every move on disk, continuing exactly where play stopped, bad files set aside,
finished lists archived and exported, and a game that plays on without a writable folder or
an audio device, saying once what it could not do."""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from skatgame import cli
from skatgame.engine.cards import cards_of
from skatgame.engine.deal import Phase
from skatgame.engine.options import ISKO
from skatgame.engine.series import Series
from skatgame.table.archive import (
    ARCHIVE_FOLDER,
    FINISHED_FORMAT,
    FINISHED_VERSION,
    archive_data,
    list_archive,
)
from skatgame.table.saved import LIST_DOC, LIST_FORMAT, LIST_VERSION
from skatgame.table.session import Session
from skatgame.table.settings import Opponent, Settings, load_settings
from skatgame.table.store import Store
from skatgame.ui.app import App
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
from tests.table.test_store import make_readonly
from tests.ui.test_play_through import mouse_turn


def play_random(session: Session, rng: random.Random, deals: int) -> None:
    """Finish ``deals`` deals of a session with random legal moves (no window)."""
    for _ in range(deals):
        deal = session.deal
        while not deal.done:
            seat = deal.to_move
            deal.apply(rng.choice(deal.legal_actions()), seat)
        session.record()
        if not session.finished:
            session.next_deal()


def fresh_session(deals: int = 3, seed: int = 5) -> Session:
    series = Series(("You", "Anna", "Ben"), deals=deals, options=ISKO, seed=seed)
    return Session(series, ["You", "Anna", "Ben"], [None, "beginner", "beginner"])


def saved_list_doc(played: int = 2, moves: int = 12) -> dict[str, Any]:
    """A good saved list: ``played`` deals finished and ``moves`` moves into the next."""
    session = fresh_session(deals=6)
    rng = random.Random(3)
    play_random(session, rng, played)
    deal = session.deal
    for _ in range(moves):
        if deal.done:
            break
        deal.apply(rng.choice(deal.legal_actions()), deal.to_move)
    return {"format": LIST_FORMAT, "version": LIST_VERSION, "data": session.to_record()}


def archive_doc(played: int = 3) -> dict[str, Any]:
    """A good finished list of ``played`` deals."""
    session = fresh_session(deals=played, seed=9)
    play_random(session, random.Random(4), played)
    assert session.finished
    return {"format": FINISHED_FORMAT, "version": FINISHED_VERSION,
            "data": archive_data(session, "2024-11-22T20:15:00")}


def dismiss_messages(app: App) -> list[str]:
    """Close the messages on top; their texts."""
    seen = []
    while app.top.name == "message":
        seen.append(app.top.body)
        press(pygame.K_RETURN)
        steps(app, 1)
    return seen


def start_list(app: App) -> None:
    steps(app, 2)
    dismiss_messages(app)
    click(button_centre(app, "new"))
    steps(app, 1)
    click(button_centre(app, "start"))
    steps(app, 1)


# ---------------------------------------------------------------- every move saved


def on_disk(folder: Path) -> dict[str, Any]:
    return json.loads((folder / f"{LIST_DOC}.json").read_text(encoding="utf-8"))["data"]


def test_every_move_is_on_disk_at_once_so_every_trick_and_every_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    start_list(app)
    tricks_checked = 0
    last = None
    for _ in range(6000):
        if len(app.session.series.rows) == 1:
            break
        mouse_turn(app)
        steps(app, 1)
        session = app.session
        data = on_disk(tmp_path)["series"]
        deal = session.series.current
        last = deal if deal is not None else last
        if deal is None:  # the deal was put on the sheet: it is among the saved deals
            assert len(data["deals"]) == len(session.series.rows)
            continue
        saved = data.get("current", {"actions": []})["actions"]
        assert len(saved) == len(deal.history), "a move is not on disk"
        if deal.tricks and not deal.trick:
            tricks_checked += 1
    assert len(app.session.series.rows) == 1
    # every trick of the deal but the last (after it the deal is on the sheet) was checked
    assert last is not None and tricks_checked >= len(last.tricks) - 1
    assert len(on_disk(tmp_path)["series"]["deals"]) == 1
    assert app.save_times  # measured


def test_continuing_shows_the_same_hand_and_the_same_trick(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    start_list(app)
    for _ in range(4000):  # into the cards, with a card lying in the trick
        deal = app.session.deal
        if app.top.name == "play" and deal.phase is Phase.PLAY and deal.trick and \
                not app.top.board.busy and len(deal.tricks) >= 1:
            break
        mouse_turn(app)
        steps(app, 1)
    deal = app.session.deal
    trick, tricks, history = list(deal.trick), len(deal.tricks), list(deal.history)
    human = app.session.human_seat
    hand = cards_of(deal.hands[human])
    # the process ends without any goodbye: the last move is already on disk
    app2 = make_app(tmp_path)
    steps(app2, 2)
    assert app2.top.button("continue").enabled
    click(button_centre(app2, "continue"))
    steps(app2, 1)
    d2 = app2.session.deal
    assert d2.history == history and list(d2.trick) == trick and len(d2.tricks) == tricks
    shown = app2.top.board.shown
    assert sorted(shown.hand_cards(app2.session.human_seat)) == sorted(hand)
    assert [c for _seat, c in shown.trick_cards()] == trick
    assert app2.top.name == "play" and not app2.errors


# ---------------------------------------------------------------- bad files


def _cut(doc: dict[str, Any]) -> str:
    text = json.dumps(doc)
    return text[: len(text) // 2]


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], str]:
    def change(doc: dict[str, Any]) -> str:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return json.dumps(doc)

    return change


def _card(doc: dict[str, Any]) -> str:
    doc["data"]["series"]["deals"][0]["cards"][5] = "XZ"  # no such card
    return json.dumps(doc)


def _twice(doc: dict[str, Any]) -> str:
    cards = doc["data"]["series"]["deals"][0]["cards"]
    cards[5] = cards[6]  # one card twice, another missing
    return json.dumps(doc)


def _illegal(doc: dict[str, Any]) -> str:
    actions = doc["data"]["series"]["deals"][0]["actions"]
    actions[0][0] = (actions[0][0] + 1) % 3  # the wrong seat moves first
    return json.dumps(doc)


#: case -> (damage, seen at start (True) or only when the list is replayed (False))
LIST_DAMAGE: dict[str, tuple[Callable[[dict[str, Any]], str], bool]] = {
    "truncated": (_cut, True),
    "not json": (lambda doc: "list = saved\n", True),
    "empty": (lambda doc: "", True),
    "wrong version": (_set(["version"], 7), True),
    "foreign": (_set(["format"], "skatgame-settings"), True),
    "wrong types": (_set(["data", "names"], "You, Anna, Ben"), True),
    "wrong types deep": (_set(["data", "series", "deals"], {"1": 2}), True),
    "impossible card": (_card, False),
    "card twice": (_twice, False),
    "broken rule": (_illegal, False),
}


@pytest.mark.parametrize("case", sorted(LIST_DAMAGE))
def test_a_damaged_saved_list_is_set_aside_with_a_message(tmp_path: Path, case: str) -> None:
    damage, at_start = LIST_DAMAGE[case]
    text = damage(saved_list_doc())
    (tmp_path / f"{LIST_DOC}.json").write_text(text, encoding="utf-8")
    app = make_app(tmp_path)
    steps(app, 3)
    if not at_start:  # the file looks fine until its deals are replayed
        assert app.top.name == "menu" and app.top.button("continue").enabled
        click(button_centre(app, "continue"))
        steps(app, 2)
    messages = dismiss_messages(app)
    assert len(messages) == 1 and "list.json" in messages[0], messages
    assert "moved" in messages[0]
    [aside] = tmp_path.glob("list.damaged-*.json")
    assert aside.read_text(encoding="utf-8") == text  # kept as it was, for the curious
    assert not (tmp_path / f"{LIST_DOC}.json").exists()
    assert app.top.name == "menu" and not app.top.button("continue").enabled
    assert not app.errors
    # and the game goes on: a new list starts and is saved
    click(button_centre(app, "new"))
    steps(app, 1)
    click(button_centre(app, "start"))
    steps(app, 3)
    assert (tmp_path / f"{LIST_DOC}.json").exists() and app.session is not None
    steps(app, 5)
    assert not dismiss_messages(app)  # said once


ARCHIVE_DAMAGE: dict[str, tuple[Callable[[dict[str, Any]], str], bool]] = {
    "truncated": (_cut, True),
    "not json": (lambda doc: "[1, 2", True),
    "wrong version": (_set(["version"], 2), True),
    "foreign": (_set(["format"], "skatgame-list"), True),
    "wrong types": (_set(["data", "rows"], "many"), True),
    "wrong row": (lambda doc: _set(["data", "rows", 0, "won"], "yes")(doc), True),
    "impossible card": (_card, True),
    "card twice": (_twice, True),
    "broken rule": (_illegal, False),
}


@pytest.mark.parametrize("case", sorted(ARCHIVE_DAMAGE))
def test_a_damaged_finished_list_is_set_aside_with_a_message(tmp_path: Path,
                                                              case: str) -> None:
    damage, on_listing = ARCHIVE_DAMAGE[case]
    folder = tmp_path / ARCHIVE_FOLDER
    folder.mkdir()
    good = archive_doc()
    (folder / "good.json").write_text(json.dumps(good), encoding="utf-8")
    text = damage(archive_doc())
    (folder / "bad.json").write_text(text, encoding="utf-8")
    app = make_app(tmp_path)
    steps(app, 2)
    click(button_centre(app, "finished"))
    steps(app, 2)
    if not on_listing:  # listed, found broken when its deals are replayed
        scene = app.top
        assert scene.name == "finished_lists" and len(scene.entries) == 2
        scene.select([e.name for e in scene.entries].index(f"{ARCHIVE_FOLDER}/bad"))
        click(button_centre(app, "open"))
        steps(app, 2)
    messages = dismiss_messages(app)
    assert len(messages) == 1 and "bad.json" in messages[0] and "moved" in messages[0]
    assert app.top.name == "finished_lists"
    assert [e.name for e in app.top.entries] == [f"{ARCHIVE_FOLDER}/good"]
    [aside] = folder.glob("bad.damaged-*.json")
    assert aside.read_text(encoding="utf-8") == text
    assert not app.errors
    # the good one still opens
    click(button_centre(app, "open"))
    steps(app, 2)
    assert app.top.name == "sheet"


def test_a_damaged_settings_file_is_said_once_and_defaults_are_used(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"format": "skatgame-settings", "vers',
                                            encoding="utf-8")
    store = Store(tmp_path)
    settings = load_settings(store, language="en").value
    assert settings == Settings(language="en")
    app = App(settings=settings, store=store, size=(1280, 720), inline_players=True,
              sound=False)
    steps(app, 3)
    messages = dismiss_messages(app)
    assert len(messages) == 1 and "settings.json" in messages[0]
    assert list(tmp_path.glob("settings.damaged-*.json"))
    steps(app, 5)
    assert app.top.name == "menu" and not app.errors


# ---------------------------------------------------------------- finished lists


def finish_a_short_list(app: App) -> Session:
    """A three-deal list: two deals played off screen, the last one at the table."""
    steps(app, 2)
    session = new_session(app, deals=3, options=ISKO, list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=21)
    play_random(session, random.Random(8), 2)
    open_table(app, session, resume=True)
    run_until(app, lambda: len(session.series.rows) == 3 or bool(mouse_turn(app)), limit=6000)
    steps(app, 2)
    return session


def test_a_finished_list_is_kept_opened_and_exported(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    session = finish_a_short_list(app)
    # kept the moment its last deal was scored; nothing left to continue
    [entry] = list_archive(Store(tmp_path))
    assert not (tmp_path / f"{LIST_DOC}.json").exists()
    assert entry.names == ("You", "Anna", "Ben") and entry.levels == (None, "beginner",
                                                                     "beginner")
    assert len(entry.rows) == 3 and entry.totals() == session.series.totals()
    assert entry.finished and entry.started
    until_ready(app)
    click(button_centre(app, "next"))  # the final standings
    steps(app, 2)
    assert app.top.name == "sheet" and app.top.final
    press(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top.name == "menu" and not app.top.button("continue").enabled
    click(button_centre(app, "finished"))
    steps(app, 1)
    scene = app.top
    assert scene.name == "finished_lists" and len(scene.entries) == 1
    press(pygame.K_RETURN)
    steps(app, 1)
    assert app.top.name == "sheet"
    assert [r.result.value for r in app.top.session.series.rows] == \
        [r.result.value for r in session.series.rows]
    press(pygame.K_ESCAPE)
    steps(app, 1)
    # CSV: a header, a line per deal, the totals
    press(pygame.K_c)
    steps(app, 1)
    assert app.top.name == "message" and "exports" in app.top.body
    press(pygame.K_RETURN)
    steps(app, 1)
    [csv_file] = (tmp_path / "exports").glob("*.csv")
    rows = list(csv.reader(io.StringIO(csv_file.read_text(encoding="utf-8"))))
    # then a blank line and the list's mode
    assert len(rows) == 1 + 3 + 1 + 2 and rows[0][0] == "No." and "You total" in rows[0]
    assert rows[-1] == ["List", "3 deals"]
    assert [int(x) for x in rows[4][14::3]] == list(session.series.totals())
    # JSON records: the series record, which the replay command reads
    press(pygame.K_j)
    steps(app, 1)
    press(pygame.K_RETURN)
    steps(app, 1)
    [json_file] = (tmp_path / "exports").glob("*.json")
    assert Series.from_record(json.loads(json_file.read_text(encoding="utf-8"))).totals() == \
        session.series.totals()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["replay", str(json_file)]) == 0
    assert len(out.getvalue().splitlines()) == 3
    assert not app.errors


def test_a_new_list_keeps_the_one_in_progress_with_the_finished_ones(tmp_path: Path) -> None:
    (tmp_path / f"{LIST_DOC}.json").write_text(json.dumps(saved_list_doc(played=2)),
                                               encoding="utf-8")
    app = make_app(tmp_path)
    steps(app, 2)
    click(button_centre(app, "new"))
    steps(app, 1)
    assert app.top.name == "confirm"  # a list is in progress: ask first
    until_ready(app)
    press(pygame.K_y)
    steps(app, 1)
    click(button_centre(app, "start"))
    steps(app, 2)
    [entry] = list_archive(Store(tmp_path))
    assert len(entry.rows) == 2 and entry.planned == 6
    assert on_disk(tmp_path)["series"]["deals"] == []  # the new list


# ---------------------------------------------------------------- without disk or sound


def test_a_read_only_folder_plays_on_and_says_so_once(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "home"
    folder.mkdir()
    make_readonly(folder, monkeypatch)
    try:
        app = make_app(folder)
        start_list(app)
        run_until(app, lambda: app.top.name == "message")
        [message] = dismiss_messages(app)
        assert "Could not save" in message
        for _ in range(3000):  # plays on, saving into memory, without a second word
            if len(app.session.deal.history) > 25:
                break
            mouse_turn(app)
            steps(app, 1)
            assert app.top.name != "message"
        assert len(app.session.deal.history) > 25 and not app.errors
        # back to the menu: the list can be continued from memory
        press(pygame.K_ESCAPE)
        steps(app, 1)
        click(button_centre(app, "main"))
        steps(app, 1)
        app.services.table = None
        app.top.resume()
        click(button_centre(app, "continue"))
        steps(app, 1)
        assert app.top.name in ("play", "skat", "auction") and not app.errors
    finally:
        folder.chmod(0o700)


def test_no_folder_at_all_plays_on_and_says_so_once(tmp_path: Path) -> None:
    settings = Settings(animation_speed="instant", sound_on=False, language="de")
    app = App(settings=settings, store=Store(None), size=(1280, 720), inline_players=True,
              sound=False, seed=3)
    steps(app, 2)
    [message] = dismiss_messages(app)
    assert "Ordner" in message  # in the player's language
    start_list(app)
    steps(app, 10)
    assert not dismiss_messages(app) and app.session is not None and not app.errors


def test_no_audio_device_is_said_once_and_the_game_plays_silently(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    settings = Settings(animation_speed="fast", sound_on=True, language="de",
                        opponents=(Opponent("beginner", "Anna"), Opponent("beginner", "Ben")))
    app = App(settings=settings, store=Store(tmp_path), size=(1280, 720),
              inline_players=True, sound=True, seed=4)
    try:
        # the audio device is opened in a thread: wait for it, however busy the machine is
        run_until(app, lambda: app.sound_started.wait(0.01) and app.toast.visible, limit=600)
        # a note that fades by itself, in the player's language: nothing to click
        assert app.top.name == "menu"
        assert app.notices_shown == ["Kein Audiogerät gefunden: das Spiel bleibt stumm."]
        click(button_centre(app, "new"))
        steps(app, 1)
        click(button_centre(app, "start"))
        for _ in range(400):
            mouse_turn(app)
            steps(app, 1)
            assert app.top.name != "message"
        assert app.session.deal.history and not app.errors
        assert not app.toast.visible  # it has faded
    finally:
        app.close()
    # told once per machine: the next start says nothing
    remembered = load_settings(Store(tmp_path)).value
    assert remembered.sound_notice_seen
    app = App(settings=remembered, store=Store(tmp_path), size=(1280, 720),
              inline_players=True, sound=True, seed=4)
    try:
        run_until(app, lambda: app.sound_started.wait(0.01), limit=600)
        steps(app, 5)
        assert app.notices_shown == [] and not app.toast.visible
    finally:
        app.close()
        pygame.mixer.quit()


def test_the_language_on_the_command_line_holds_for_that_run_only(tmp_path: Path) -> None:
    from skatgame.table.settings import save_settings

    store = Store(tmp_path)
    save_settings(store, Settings(language="en", animation_speed="normal"))
    saved = load_settings(store).value
    app = App(settings=dataclasses.replace(saved, language="de", animation_speed="instant"),
              store=store, size=(1280, 720), inline_players=True, sound=False,
              run_only={"language": "en", "animation_speed": "normal"})
    try:
        assert app.tr("menu.quit") == "Beenden"
        app.set_settings(dataclasses.replace(app.settings, volume=0.5))  # some other change
        on_disk = load_settings(Store(tmp_path)).value
        assert on_disk.language == "en" and on_disk.animation_speed == "normal"
        assert on_disk.volume == 0.5
        # chosen in the game, the language is saved from then on
        app.set_settings(dataclasses.replace(app.settings, language="en"))
        app.set_settings(dataclasses.replace(app.settings, language="de"))
        assert load_settings(Store(tmp_path)).value.language == "de"
    finally:
        app.close()


class Recorder:
    """A stand-in sound board that notes what would have been played."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True

    def set_enabled(self, enabled: bool) -> None:
        pass

    def set_volume(self, volume: float) -> None:
        pass


def test_the_table_plays_its_sounds(tmp_path: Path) -> None:
    app = make_app(tmp_path, speed="fast")
    recorder = Recorder()
    app.sound.board = recorder  # type: ignore[assignment]
    app.set_settings(dataclasses.replace(app.settings, sound_on=True))
    start_list(app)
    run_until(app, lambda: app.top.name == "results" and not app.top.board.busy
              or bool(mouse_turn(app)), limit=20000)
    steps(app, 30)
    names = set(recorder.played)
    assert {"shuffle", "deal", "click"} <= names
    if not app.session.deal.result.passed:
        assert {"card", "trick"} <= names and names & {"won", "lost"}


def test_dealing_sounds_follow_the_packets(tmp_path: Path) -> None:
    app = make_app(tmp_path, speed="normal")
    recorder = Recorder()
    app.sound.board = recorder  # type: ignore[assignment]
    app.set_settings(dataclasses.replace(app.settings, sound_on=True))
    start_list(app)
    run_until(app, lambda: isinstance(app.top, TableScene) and app.top.name != "dealing")
    # one shuffle, then a packet sound per packet: 3 to each, skat, 4 to each, 3 to each
    assert recorder.played.count("shuffle") == 1
    assert recorder.played.count("deal") == 10


def test_the_game_starts_where_no_home_folder_can_be_made(tmp_path: Path) -> None:
    """``SKATGAME_HOME`` under a plain file: no folder at all; the window still opens."""
    import subprocess
    import sys

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKATGAME_HOME=str(blocker / "skat"))
    proc = subprocess.run([sys.executable, "-m", "skatgame", "--frames", "30", "--no-sound"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    assert blocker.read_text(encoding="utf-8") == "not a folder"
