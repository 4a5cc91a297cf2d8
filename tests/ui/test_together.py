"""Play together through the window: the menu, hosting a table (the server in the
game, on the loopback address), a friend joining (a headless client), a computer for
the empty place, the lobby, a deal played by posted clicks while the friend plays
his, chat both ways, and the friend told when the host's game closes."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pygame

from skatgame.ai.player import create_player
from skatgame.net.client import TableClient
from skatgame.net.protocol import DealOver, Quick, Ready, YourTurn
from skatgame.ui.app import App
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import button_centre, click, make_app, press, steps
from tests.ui.test_play_through import mouse_turn


def turn(app: App) -> None:
    """The host's decision by clicks (none while the next deal is awaited)."""
    if app.top.name == "results" and getattr(app.top, "waiting_next", False):
        return
    mouse_turn(app)


def real_steps(app: App, until: Any, limit: float = 60.0) -> None:
    """Frames in real time (the network and the server run in their own threads)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if until():
            return
        assert app.running
        steps(app, 1)
        time.sleep(0.003)
    raise AssertionError(f"timed out in {app.top.name}: {getattr(app.top, 'body', '')}")


def named(app: App, name: str) -> None:
    """The player's name in the settings (what the others see at the table)."""
    import dataclasses

    app.services.change_settings(dataclasses.replace(app.settings, player_name=name))


def host_table(app: App) -> Any:
    """From the menu: Play together, Host a table (as Anna); waits until the table has
    its code. Returns the lobby's RemoteTable."""
    named(app, "Anna")
    steps(app, 2)
    click(button_centre(app, "together"))
    steps(app, 1)
    assert app.top.name == "together"
    click(button_centre(app, "host"))
    steps(app, 1)
    assert app.top.name == "lobby"
    remote = app.top.remote  # type: ignore[attr-defined]
    real_steps(app, lambda: bool(remote.state.code))
    return remote


class Friend(threading.Thread):
    """A friend at another computer: joins with the code, says he is ready, plays as a
    Beginner would, goes on to each next deal, says 'Well played!' once."""

    def __init__(self, port: int, code: str, token: str = "") -> None:
        super().__init__(daemon=True)
        self.port, self.code, self.token = port, code, token
        self.client: TableClient | None = None
        self.closed: str = ""
        self.heard: list[str] = []
        self.deals = 0

    def run(self) -> None:
        asyncio.run(asyncio.wait_for(self.play(), 120))

    async def play(self) -> None:
        client = await TableClient.connect(f"ws://127.0.0.1:{self.port}", "Bert")
        self.client = client
        await client.join(self.code, self.token)
        if not self.token:
            await client.send(Ready(True))
        bot = create_player("beginner", "bert")
        s = client.state
        said = False
        while s.closed is None:
            try:
                m = await client.receive(60)
            except Exception:
                break
            if isinstance(m, YourTurn) and s.observation is not None:
                await client.act(bot.act(s.observation, None))
                if not said:
                    await client.send(Quick("well_played"))
                    said = True
            elif isinstance(m, DealOver):
                self.deals += 1
                await client.next_deal()
            self.heard = [line.text for line in s.chat if line.text]
        self.closed = s.closed.reason if s.closed is not None else "?"


def test_host_a_table_a_friend_joins_and_a_deal_is_played(tmp_path) -> None:  # noqa: ANN001
    app = make_app(tmp_path, speed="fast")
    remote = host_table(app)
    lobby = app.top
    hosted = remote.hosted
    assert hosted is not None
    # the invitation shows the address and the code
    assert lobby.address.endswith(f":{hosted.port}")  # type: ignore[attr-defined]
    friend = Friend(hosted.port, remote.state.code)
    friend.start()
    try:
        real_steps(app, lambda: remote.state.lobby is not None and
                   remote.state.lobby.places[1].kind == "person" and
                   remote.state.lobby.places[1].ready)
        # the empty place: a computer (the host steps its choice from "open")
        choice = lobby.level_choices[2]  # type: ignore[attr-defined]
        _left, _value, right = choice.arrow_rects()
        click(right.center)
        real_steps(app, lambda: remote.state.lobby.places[2].kind == "computer")
        # the host seats the players: a click on two places swaps them
        click(lobby._row_rect(1).move(4, 0).midleft)  # type: ignore[attr-defined]
        steps(app, 1)
        click(lobby._row_rect(2).move(4, 0).midleft)  # type: ignore[attr-defined]
        real_steps(app, lambda: remote.state.lobby.places[2].name == "Bert" and
                   remote.state.lobby.places[1].kind == "computer")
        click(button_centre(app, "start"))
        real_steps(app, lambda: isinstance(app.top, TableScene))
        # the host plays by clicks; the friend plays at his computer
        def turn_and_check() -> bool:
            turn(app)
            return remote.state.rows != [] and app.top.name == "results"
        real_steps(app, turn_and_check, 90)
        assert app.session is remote.session and app.session.remote
        # the review of the deal: every card is known once it is over
        real_steps(app, lambda: app.top.gate.open, 10)
        if app.top.button("review") is not None:
            click(button_centre(app, "review"))
            real_steps(app, lambda: app.top.name == "review", 30)
            press(pygame.K_ESCAPE)
            real_steps(app, lambda: app.top.name == "results", 30)
        # chat: T opens the line, Enter sends it
        press(pygame.K_t)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Gut gespielt, Bert"))
        press(pygame.K_RETURN)
        real_steps(app, lambda: "Gut gespielt, Bert" in friend.heard)
        real_steps(app, lambda: any(line.quick == "well_played"
                                    for line in remote.state.chat))
        # the next deal comes when both are ready
        real_steps(app, lambda: (turn(app), len(app.session.series.rows) >= 2)[1], 90)
        assert not app.errors
        rows = app.session.series.rows
        assert [r.totals for r in rows] == [r.totals for r in remote.state.rows]
    finally:
        app.quit()
        app.close()
        friend.join(60)
    assert friend.closed == "host_left"


def test_two_games_one_hosting_one_joining_play_a_deal(tmp_path) -> None:  # noqa: ANN001
    """Two windows (two processes), each played by posted events: one hosts, the other
    finds the way in by address and code; they play a deal; the host leaves and the
    other is told."""
    import json
    import os
    import subprocess
    import sys

    (tmp_path / "host").mkdir()
    (tmp_path / "guest").mkdir()
    app = make_app(tmp_path / "host", speed="fast")
    remote = host_table(app)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.ui.net_joiner", str(remote.hosted.port),
         remote.state.code, str(tmp_path / "guest")], cwd=root, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    said: list[dict[str, Any]] = []
    lines: list[str] = []

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        real_steps(app, lambda: remote.state.lobby is not None and
                   remote.state.lobby.places[1].kind == "person" and
                   remote.state.lobby.places[1].ready, 60)
        choice = app.top.level_choices[2]  # type: ignore[attr-defined]
        click(choice.arrow_rects()[2].center)
        real_steps(app, lambda: remote.state.lobby.places[2].kind == "computer")
        click(button_centre(app, "start"))
        real_steps(app, lambda: (turn(app), app.session is not None and
                                 len(app.session.series.rows) >= 1)[1], 120)
        real_steps(app, lambda: any('"dealt"' in line for line in lines), 60)
        said = [json.loads(line) for line in lines]
        dealt = next(s for s in said if s["event"] == "dealt")
        mine = list(app.session.series.totals())
        # the same deal on both sheets, each seen from its own place (turned by one)
        assert dealt["totals"] == mine[1:] + mine[:1]
    finally:
        app.quit()
        app.close()
    try:
        assert proc.wait(60) == 0, proc.stderr.read() if proc.stderr else ""
    finally:
        proc.kill()
    reader.join(5)
    said = [json.loads(line) for line in lines]
    closed = [s for s in said if s["event"] == "closed"]
    assert closed and "host closed the table" in closed[0]["body"]


def test_a_hosted_list_stopped_is_continued_later_with_the_same_players(
        tmp_path) -> None:  # noqa: ANN001
    """The host closes his game after a deal; the list is saved on his computer and his
    seat kept; started again, Play together offers to continue it; the table opens
    again where it stopped and the friend takes his seat back with his token."""
    app = make_app(tmp_path, speed="fast")
    remote = host_table(app)
    code = remote.state.code
    friend = Friend(remote.hosted.port, code)
    friend.start()
    try:
        real_steps(app, lambda: remote.state.lobby is not None and
                   remote.state.lobby.places[1].ready)
        click(app.top.level_choices[2].arrow_rects()[2].center)  # type: ignore[attr-defined]
        real_steps(app, lambda: remote.state.lobby.places[2].kind == "computer")
        click(button_centre(app, "start"))
        real_steps(app, lambda: (turn(app), app.session is not None and
                                 len(app.session.series.rows) >= 1)[1], 120)
        totals = app.session.series.totals()
        assert friend.client is not None
        token = friend.client.state.token
    finally:
        app.quit()
        app.close()
        friend.join(60)
    assert friend.closed == "host_left"
    # the next evening
    app = make_app(tmp_path, speed="fast")
    named(app, "Anna")
    steps(app, 2)
    click(button_centre(app, "together"))
    steps(app, 1)
    top = app.top
    [seat] = top.kept  # type: ignore[attr-defined]
    assert seat.code == code and seat.hosted
    steps(app, 1)  # drawn: its row is there to click
    rect, _ = top.kept_rects[0]  # type: ignore[attr-defined]
    click(rect.center)
    steps(app, 1)
    # the lobby's table, or (a loaded machine) the table it has already opened
    remote = getattr(app.top, "remote", None) or app.services.table
    real_steps(app, lambda: remote.hosted is not None and remote.state.token != "")
    again = Friend(remote.hosted.port, code, token)
    again.start()
    try:
        real_steps(app, lambda: isinstance(app.top, TableScene), 60)
        # the sheet as it stood, and the list goes on with the same players
        assert app.session.series.rows[0].totals == tuple(totals)
        assert app.session.names[1] == "Bert"
        real_steps(app, lambda: (turn(app), len(app.session.series.rows) >= 2)[1], 120)
    finally:
        app.quit()
        app.close()
        again.join(60)


def test_a_table_asks_for_a_name_first_and_keeps_it(tmp_path) -> None:  # noqa: ANN001
    """Without a name (the others would see "You"), Host asks for one; the name typed is
    kept in the settings."""
    app = make_app(tmp_path, speed="fast")
    steps(app, 2)
    click(button_centre(app, "together"))
    steps(app, 1)
    click(button_centre(app, "host"))
    steps(app, 1)
    top = app.top
    assert top.name == "together" and "name" in top.problem  # type: ignore[attr-defined]
    assert top.name_field.editing  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Clara"))
    press(pygame.K_RETURN)
    steps(app, 1)
    assert app.top.name == "together" and app.settings.player_name == "Clara" or \
        app.top.name_field.text == "Clara"  # type: ignore[attr-defined]
    click(button_centre(app, "host"))
    steps(app, 1)
    try:
        assert app.top.name == "lobby"
        assert app.settings.player_name == "Clara"
    finally:
        app.quit()
        app.close()


def test_the_name_field_holds_the_saved_name_and_remembers_what_was_typed(
        tmp_path) -> None:  # noqa: ANN001
    """Play together opens with the player's saved name in its field; a name typed there,
    then Back (without hosting), is in the field the next time."""
    import dataclasses

    app = make_app(tmp_path, speed="fast")
    steps(app, 2)
    app.services.change_settings(dataclasses.replace(app.settings, player_name="Hanna"))
    click(button_centre(app, "together"))
    steps(app, 1)
    try:
        top = app.top
        assert top.name == "together" and top.name_field.text == "Hanna"  # type: ignore[attr-defined]
        click(top.name_field.rect.center)  # type: ignore[attr-defined]
        steps(app, 1)
        for _ in range(5):
            press(pygame.K_BACKSPACE)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Greta"))
        steps(app, 1)
        assert top.name_field.text == "Greta"  # type: ignore[attr-defined]
        press(pygame.K_RETURN)  # ends the editing
        steps(app, 1)
        assert app.top is top
        click(button_centre(app, "back"))
        steps(app, 1)
        assert app.top.name == "menu" and app.settings.player_name == "Greta"
        click(button_centre(app, "together"))
        steps(app, 1)
        assert app.top.name_field.text == "Greta"  # type: ignore[attr-defined]
    finally:
        app.quit()
        app.close()


def test_found_tables_are_labelled_in_the_guests_language(tmp_path) -> None:  # noqa: ANN001
    """A table found on the network is labelled from its host's name in this player's
    language (a German host's "Tisch von Hanna" showed in the English window); an older
    host's label, sent as a sentence, is shown as it came."""
    from skatgame.net.discovery import FoundTable
    from skatgame.ui.text import record_texts

    app = make_app(tmp_path, speed="fast")
    steps(app, 2)
    click(button_centre(app, "together"))
    steps(app, 1)
    try:
        top = app.top
        top.finder.tick = lambda now: None  # type: ignore[attr-defined]  # no search here
        top.finder.tables = [  # type: ignore[attr-defined]
            FoundTable("Hanna", "127.0.0.1", 8765, 1, 3, host="Hanna"),
            FoundTable("Tisch von Otto", "127.0.0.1", 8766, 1, 2)]
        log = record_texts(app.screen)
        app.step(0.0)
        record_texts(None)
        assert log is not None
        texts = [t.text for t in log.items]
        assert "Hanna's table · 127.0.0.1:8765" in texts, texts
        assert "Tisch von Otto · 127.0.0.1:8766" in texts, texts
    finally:
        app.quit()
        app.close()


def test_a_shortcut_that_opens_a_field_does_not_type_its_letter(tmp_path) -> None:  # noqa: ANN001
    """With the name empty, H (open the table) asked for a name and typed "h" into the
    name field; J (join) typed "j" into the address: a key that acts does not type."""
    app = make_app(tmp_path, speed="fast")
    steps(app, 2)
    click(button_centre(app, "together"))
    steps(app, 1)
    try:
        top = app.top
        assert top.name == "together" and top.name_field.text == ""  # type: ignore[attr-defined]
        for key, letter, field in ((pygame.K_h, "h", top.name_field),  # type: ignore[attr-defined]
                                   (pygame.K_j, "j", top.address)):  # type: ignore[attr-defined]
            for f in top.all_fields:  # type: ignore[attr-defined]
                f.end()
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0,
                                                 unicode=letter, scancode=0))
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0,
                                                 unicode=letter, scancode=0))
            steps(app, 1)
            assert app.top is top and field.editing and field.text == "", (letter, field.text)
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Hj"))
            steps(app, 1)
            assert field.text == "Hj"  # the next letters are typed
            field.text = ""
    finally:
        app.quit()
        app.close()


def test_the_code_asked_for_goes_once_typed_and_keeps_clear_of_the_fields(
        tmp_path) -> None:  # noqa: ANN001
    """A click on a found table asks for the table code; the line stayed after the code
    was typed and touched the Password field."""
    from skatgame.net.discovery import FoundTable
    from skatgame.ui.text import record_texts

    for size in ((1280, 720), (1920, 1080)):
        app = make_app(tmp_path / f"{size[0]}", size=size, speed="fast")
        steps(app, 2)
        click(button_centre(app, "together"))
        steps(app, 1)
        try:
            top = app.top
            top.finder.tick = lambda now: None  # type: ignore[attr-defined]
            top.finder.tables = [  # type: ignore[attr-defined]
                FoundTable("Paul", "127.0.0.1", 8765, 1, 3, host="Paul")]
            steps(app, 1)
            rect = top.found_rects[0][0]  # type: ignore[attr-defined]
            click(rect.center)
            steps(app, 1)
            asked = app.tr("together.bad_code")
            assert top.problem == asked and top.code.editing  # type: ignore[attr-defined]
            log = record_texts(app.screen)
            app.step(0.0)
            record_texts(None)
            assert log is not None
            lines = [t for t in log.items if t.text and t.text.rstrip("…") in asked]
            assert lines
            fields = [f.rect for f in top.all_fields]  # type: ignore[attr-defined]
            join = top.button("join").rect  # type: ignore[attr-defined]
            gap = app.layout.gap // 4
            assert not [t.text for t in lines
                        if t.rect.inflate(0, 2 * gap).collidelist(fields) >= 0
                        or t.rect.colliderect(join)], size
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="DYHPSC"))
            steps(app, 1)
            assert top.code.text == "DYHPSC" and top.problem == ""  # type: ignore[attr-defined]
        finally:
            app.quit()
            app.close()


def test_at_200_percent_the_texts_keep_inside_and_clear_of_the_buttons(tmp_path) -> None:  # noqa: ANN001
    """At 200 % in German the join column's heading ran out of the panel and the host's
    note ran under "Tisch eröffnen"."""
    import dataclasses

    from skatgame.ui.text import record_texts

    for language in ("en", "de"):
        app = make_app(tmp_path / language, speed="fast")
        app.set_settings(dataclasses.replace(app.settings, language=language,
                                             text_size=200))
        steps(app, 2)
        app.nav.push("together")
        steps(app, 1)
        try:
            top = app.top
            log = record_texts(app.screen)
            app.step(0.0)
            record_texts(None)
            assert log is not None
            buttons = [b.rect for b in top.buttons]  # type: ignore[attr-defined]
            texts = [t for t in log.items if t.text and not t.hidden]
            panel = top.panel  # type: ignore[attr-defined]
            assert all(panel.contains(t.rect) for t in texts), \
                [t.text for t in texts if not panel.contains(t.rect)]
            # a button's own words lie inside it; no other words reach under one
            assert not [t.text for t in texts if t.rect.collidelist(buttons) >= 0
                        and not any(b.contains(t.rect) for b in buttons)], language
        finally:
            app.quit()
            app.close()
