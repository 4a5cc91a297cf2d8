"""When something goes wrong at a network table: a player's connection dies and comes
back, a player stays away, a client sends garbage, huge, deeply nested or endless
messages, speaks another protocol version or does not know the password. The table
plays on for the others and loses nothing."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect as ws_connect

from skatgame.engine.options import RuleOptions
from skatgame.net.client import play_bot
from skatgame.net.protocol import PROTOCOL_VERSION, Sheet, Waiting
from tests.net.helpers import HOST, connect, run, seat_table, start_server


async def raw_socket(port: int, hello: bool = True, name: str = "Raw") -> object:
    ws = await ws_connect(f"ws://{HOST}:{port}", proxy=None, compression=None,
                          max_size=2**20, open_timeout=5)
    if hello:
        await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION,
                                  "name": name}))
        assert json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] == "welcome"
    return ws


async def until_closed(ws: object, limit: float = 10) -> list[dict[str, object]]:
    """Every message until the server closes the connection."""
    from websockets.exceptions import ConnectionClosed
    got: list[dict[str, object]] = []
    try:
        for _ in range(10_000):
            got.append(json.loads(await asyncio.wait_for(ws.recv(), limit)))  # type: ignore[attr-defined]
    except ConnectionClosed:
        return got
    raise AssertionError("the connection was never closed")


def test_a_player_whose_connection_dies_mid_trick_comes_back_and_finishes_the_list() -> None:
    async def scenario() -> None:
        server = await start_server(grace=30)
        try:
            # Ramsch when all pass: every deal has tricks
            anna, bert = await seat_table(server.port, ["Anna", "Bert"], {2: "beginner"},
                                          deals=3, rules=RuleOptions(ramsch=True))
            anna_done = asyncio.ensure_future(play_bot(anna, seed=1))
            # Bert plays until the first trick is under way, then his connection dies
            from skatgame.ai.player import create_player
            bot = create_player("beginner", "b")
            s = bert.state
            while not (s.table.trick and s.table.phase.value == "play"):
                m = await bert.receive(30)
                if type(m).__name__ == "YourTurn" and s.observation is not None:
                    await bert.act(bot.act(s.observation, None))
            token, code, player = s.token, s.code, s.player
            bert.ws.transport.abort()  # no close handshake: as if the process were killed
            # Anna is told, and waits (Bert's seat is kept)
            for _ in range(200):
                if player in anna.state.away:
                    break
                await asyncio.sleep(0.02)
            assert anna.state.away[player] == 30
            back = await connect(server.port, "Bert")
            joined = await back.join(code, token)
            assert joined.player == player
            state = await play_bot(back, seed=2)
            await anna_done
            assert state.totals is not None and state.totals == anna.state.totals
            assert len(state.rows) == 3
            assert player not in anna.state.away  # "back"
            # he got the table as it stood, not a new one: the sheet is complete
            assert [r.number for r in state.rows] == [1, 2, 3]
            await anna.close()
            await back.close()
        finally:
            await server.stop()

    run(scenario())


def test_a_player_away_too_long_is_played_for_until_he_returns() -> None:
    async def scenario() -> None:
        server = await start_server(grace=0.3)
        try:
            anna, bert = await seat_table(server.port, ["Anna", "Bert"], {2: "beginner"},
                                          deals=6)
            token, code = bert.state.token, bert.state.code
            await bert.close()
            seen: list[Waiting] = []
            s = anna.state
            from skatgame.ai.player import create_player
            bot = create_player("beginner", "a")
            # Anna plays on alone with the computers until two deals are done
            while len(s.rows) < 2:
                m = await anna.receive(10)
                if isinstance(m, Waiting):
                    seen.append(m)
                if type(m).__name__ == "YourTurn" and s.observation is not None:
                    await anna.act(bot.act(s.observation, None))
                elif type(m).__name__ == "DealOver":
                    await anna.next_deal()
            assert any(w.seconds == 0 and not w.back for w in seen)  # a computer plays
            back = await connect(server.port, "Bert")
            await back.join(code, token)
            await back.expect(Sheet)
            assert len(back.state.rows) >= 2  # the sheet as it stands
            done = await asyncio.gather(play_bot(anna, seed=1), play_bot(back, seed=2))
            assert done[0].totals == done[1].totals and len(done[1].rows) == 6
            await anna.close()
            await back.close()
        finally:
            await server.stop()

    run(scenario())


@pytest.mark.parametrize("attack", ["garbage", "truncated", "unknown", "types", "huge",
                                    "nested", "binary"])
def test_a_hostile_player_never_stops_the_table(attack: str) -> None:
    """One of three players at the table attacks; the other two play the list out with
    the computer that takes over his seat, and the attacker is answered or cut off."""
    async def scenario() -> None:
        server = await start_server(grace=0.2)
        try:
            anna, bert = await seat_table(server.port, ["Anna", "Bert"], {2: "beginner"},
                                          deals=3)
            play = asyncio.ensure_future(play_bot(anna, seed=1))
            ws = bert.ws
            if attack == "garbage":
                for _ in range(30):
                    await ws.send("}{ not json at all \x00\x01")
            elif attack == "truncated":
                for _ in range(30):
                    await ws.send('{"type": "act", "deal": 0, "mo')
            elif attack == "unknown":
                for _ in range(30):
                    await ws.send('{"type": "take_all_cards"}')
            elif attack == "types":
                for _ in range(30):
                    await ws.send('{"type": "act", "deal": "x", "move": [], "action": 5}')
            elif attack == "huge":
                await ws.send('{"type": "chat", "text": "' + "x" * (10 * 2**20) + '"}')
            elif attack == "nested":
                await ws.send('{"type": "chat", "text": ' + "[" * 5000 + "]" * 5000 + "}")
                await ws.send('{"type": "act", "deal": 0, "move": 0, "action": "'
                              + "{" * 8000 + '"}')
                await ws.send("[" * 15_000)
            else:
                for _ in range(30):
                    await ws.send(bytes(range(256)) * 20)
            if attack == "nested":
                # three refused messages: answered, and he plays on as if nothing happened
                mine = await play_bot(bert, seed=2)
                assert sum(e.code == "bad_message" for e in mine.errors) == 3, mine.errors
                assert mine.totals is not None
            else:
                # cut off, with a reason (a message over the size limit: by WebSocket's own
                # close code, "message too big")
                messages = await until_closed(ws)
                closed = [m for m in messages if m.get("type") == "closed"]
                if attack == "huge":
                    assert ws.close_code == 1009
                else:
                    assert closed and closed[-1]["reason"] == "misbehaving"
            state = await play
            assert state.totals is not None and len(state.rows) == 3
            await anna.close()
        finally:
            await server.stop()

    run(scenario(), 120)


def test_a_flooding_player_is_cut_off_with_a_reason_and_the_others_play_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A player who sends chat as fast as his connection takes it is closed with the
    reason "flooding" once his burst is spent; the others play the list out with the
    computer that takes over his seat.

    No refill (rate 0): the cut comes after a count of messages, not after some time, so
    a loaded machine sees the same. He reads while he floods, as a client does: the reason
    reaches him before the server gives up on the close (2 s) and resets the connection,
    which would throw away whatever he had not read yet."""
    from websockets.exceptions import ConnectionClosed

    from skatgame.net import server as server_module

    monkeypatch.setattr(server_module, "RATE", 0.0)
    most = 10 * int(server_module.BURST)

    async def scenario() -> None:
        server = await start_server(grace=0.2)
        try:
            anna, bert = await seat_table(server.port, ["Anna", "Bert"], {2: "beginner"},
                                          deals=3)
            play = asyncio.ensure_future(play_bot(anna, seed=1))
            ws = bert.ws
            told = asyncio.ensure_future(until_closed(ws, 30))
            sent = 0
            for _ in range(most):
                try:
                    await ws.send('{"type": "chat", "text": "spam"}')
                except ConnectionClosed:
                    break
                sent += 1
                await asyncio.sleep(0)  # the server takes each message as it comes
            assert sent < most, "the flood was never cut"
            messages = await told
            closed = [m for m in messages if m.get("type") == "closed"]
            assert closed and closed[-1]["reason"] == "flooding", messages[-5:]
            # no refill: no more than his burst was taken (a line, or "chatting too fast")
            taken = [m for m in messages if m.get("type") == "chat_line"
                     or m.get("code") == "chat_rate"]
            assert 0 < len(taken) < server_module.BURST
            state = await play
            assert state.totals is not None and len(state.rows) == 3
            await anna.close()
        finally:
            await server.stop()

    run(scenario(), 120)


def test_the_message_rate_is_a_burst_then_a_steady_rate_by_the_servers_clock() -> None:
    """The flood limit counts in the server's clock (a fake one here): a burst of BURST
    messages at once, then RATE a second, never more than a burst saved up; a decision the
    table asked for gives its message back."""
    from skatgame.net.server import BURST, RATE, _Conn

    now = [100.0]
    conn = _Conn(None, "127.0.0.1", clock=lambda: now[0])  # type: ignore[arg-type]
    assert all(conn.allow() for _ in range(int(BURST)))
    assert not conn.allow()
    now[0] += 1.0
    assert sum(conn.allow() for _ in range(2 * int(RATE))) == int(RATE)
    conn.refund()
    assert conn.allow() and not conn.allow()
    now[0] += 3600.0
    assert sum(conn.allow() for _ in range(2 * int(BURST))) == int(BURST)


def test_a_player_who_cannot_keep_up_is_cut_off_and_the_others_play_on() -> None:
    """A connection whose messages pile up unsent (here: room for one only) is closed
    with the reason "too slow"; its seat is kept and played for."""
    async def scenario() -> None:
        server = await start_server(grace=0.2)
        try:
            anna, bert = await seat_table(server.port, ["Anna", "Bert"], {2: "beginner"},
                                          deals=3)
            conn = server._seated[(anna.state.code or bert.state.code, 1)]
            conn.queue._maxsize = 1  # type: ignore[attr-defined]  # a pipe that is full
            play = asyncio.ensure_future(play_bot(anna, seed=1))
            from websockets.exceptions import ConnectionClosed
            try:
                for _ in range(1000):
                    await asyncio.wait_for(bert.ws.recv(), 10)
            except ConnectionClosed:
                pass
            assert bert.ws.close_reason == "too slow"
            state = await play
            assert state.totals is not None and len(state.rows) == 3
            await anna.close()
        finally:
            await server.stop()

    run(scenario(), 120)


def test_a_quick_table_is_never_taken_for_flooding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Computers decide in milliseconds: the moves and readiness a table asks for are never
    counted as flooding, however fast they come. With no refill at all (rate 0), a list of
    more deals than the burst allows still plays to its end."""
    from skatgame.net import server as server_module

    monkeypatch.setattr(server_module, "RATE", 0.0)
    deals = int(server_module.BURST) + 12

    async def scenario() -> None:
        server = await start_server()
        try:
            clients = await seat_table(server.port, ["A", "B", "C"], deals=deals)
            states = await asyncio.gather(*(play_bot(c, seed=i)
                                            for i, c in enumerate(clients)))
            for state in states:
                assert state.closed is None or state.closed.reason != "flooding"
                assert len(state.rows) == deals and state.totals is not None
            for c in clients:
                await c.close()
        finally:
            await server.stop()

    run(scenario(), 300)
