"""The protocol's messages: validated on the way in, arbitrary values refused with a
ProtocolError (never another exception), and a table that refuses what it must
without changing; text from the network cleaned; the hello's checks."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatgame.ai.player import create_player
from skatgame.engine.options import RuleOptions
from skatgame.net.client import ClientError, TableClient
from skatgame.net.protocol import (
    CLIENT_MESSAGES,
    MAX_CHAT,
    ProtocolError,
    TableConfig,
    decode_client,
    decode_server,
    encode,
)
from skatgame.net.room import Room, RoomError
from skatgame.net.text import clean_text
from tests.net.helpers import HOST, connect, run, start_server

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20,
)
FIELDS = ["version", "name", "password", "config", "code", "token", "player", "level", "to",
          "ready", "deal", "move", "action", "text", "phrase", "size", "options"]


@st.composite
def client_messages(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from([*CLIENT_MESSAGES, "nonsense", ""]))
    fields = draw(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=5))
    return {"type": kind, **fields}


@settings(max_examples=600, deadline=None)
@given(client_messages())
def test_any_value_in_any_message_type_is_a_message_or_a_protocol_error(
        data: dict[str, Any]) -> None:
    raw = json.dumps(data).encode()
    try:
        message = decode_client(raw)
    except ProtocolError:
        return
    assert type(message).__name__.lower().replace("_", "") in \
        {k.replace("_", "") for k in CLIENT_MESSAGES}
    assert decode_client(encode(message)) == message  # it reads back as it was


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_bytes_are_a_message_or_a_protocol_error(data: bytes | str) -> None:
    for decode in (decode_client, decode_server):
        with contextlib.suppress(ProtocolError):
            decode(data)


def started_room() -> Room:
    room = Room("ABCDEF", TableConfig(size=3, deals=3,
                                      options=RuleOptions(ramsch=True, kontra=True)))
    room.sit_down("Anna")
    room.sit_down("Bert")
    room.set_seat(0, 2, "beginner")
    room.set_ready(1, True)
    room.start(0)
    return room


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(client_messages(), max_size=12), st.integers(0, 2))
def test_a_table_refuses_what_it_must_and_stays_whole(messages: list[dict[str, Any]],
                                                     by: int) -> None:
    room = started_room()
    deal = room.deal
    assert deal is not None
    for data in messages:
        try:
            message = decode_client(json.dumps(data).encode())
        except ProtocolError:
            continue
        before = (len(deal.history), [c.kind for c in room.chairs], room.host)
        try:
            room.handle(by, message)
        except RoomError as e:
            assert e.code and e.message
            # refused: nothing changed at the table
            assert before == (len(deal.history), [c.kind for c in room.chairs], room.host)
        room.take_outbox()
    # and the table can still be played to its end
    players = [create_player("beginner", str(i)) for i in range(3)]
    for _ in range(2000):
        thought = room.thinking()
        deal = room.deal
        if deal is None:
            break
        if thought is not None:
            room.answer(thought, thought.player.act(thought.observation, None))
            continue
        seat = deal.to_move
        assert seat is not None
        player = room._seat_player(seat)
        room.act(player, room.deal_number, len(deal.history),
                 players[seat].act(deal.observation(seat), None).text)
    room.take_outbox()


def test_an_action_out_of_turn_or_illegal_is_refused_to_that_player_alone() -> None:
    room = started_room()
    deal = room.deal
    assert deal is not None and deal.to_move is not None
    mover = room._seat_player(deal.to_move)
    other = next(p for p in (0, 1) if p != mover)
    room.take_outbox()
    legal = deal.legal_actions()[0].text
    with pytest.raises(RoomError) as e:
        room.act(other, 0, len(deal.history), legal)
    assert e.value.code == "illegal"
    with pytest.raises(RoomError) as e:
        room.act(mover, 0, len(deal.history), "CA")  # a card in the auction
    assert e.value.code == "illegal"
    with pytest.raises(RoomError) as e:
        room.act(mover, 0, len(deal.history) + 3, legal)
    assert e.value.code == "stale"
    with pytest.raises(RoomError) as e:
        room.act(mover, 0, len(deal.history), "take everything")
    assert e.value.code == "bad_action"
    assert room.take_outbox() == []  # nobody was told anything
    assert deal.history == []


@pytest.mark.parametrize("text,clean", [
    ("Gut gespielt!", "Gut gespielt!"),
    ("  a\n\n\tb  ", "a b"),
    ("evil\x1b[31mred\x07", "evil[31mred"),
    ("\u202eesrever\u202c ok", "esrever ok"),  # bidi overrides gone
    ("zero\u200bwidth", "zerowidth"),
    ("x" * 500, "x" * MAX_CHAT),
    ("\x00\x01\x02", ""),
])
def test_chat_and_names_are_cleaned(text: str, clean: str) -> None:
    assert clean_text(text, MAX_CHAT) == clean


def test_chat_is_rate_limited_and_quick_phrases_are_named() -> None:
    room = started_room()
    for _ in range(5):
        room.chat(0, text="hi")
    with pytest.raises(RoomError) as e:
        room.chat(0, text="hi")
    assert e.value.code == "chat_rate"
    with pytest.raises(RoomError):
        room.chat(1, quick="rm -rf")
    room.chat(1, quick="well_played")
    lines = [m for _to, m in room.take_outbox() if type(m).__name__ == "ChatLine"]
    assert len(lines) == 6 and lines[-1].quick == "well_played"  # type: ignore[union-attr]


def test_another_protocol_version_a_wrong_password_and_a_wrong_code_are_told() -> None:
    async def scenario() -> None:
        from websockets.asyncio.client import connect as ws_connect
        server = await start_server(password="club secret")
        try:
            ws = await ws_connect(f"ws://{HOST}:{server.port}", proxy=None)
            await ws.send(json.dumps({"type": "hello", "version": 99, "name": "Old"}))
            closed = json.loads(await asyncio.wait_for(ws.recv(), 5))
            assert closed["type"] == "closed" and closed["reason"] == "version"
            assert "same version" in closed["message"]
            with pytest.raises(ClientError, match="[Ww]rong password"):
                await TableClient.connect(f"ws://{HOST}:{server.port}", "Guess", "nope")
            client = await connect(server.port, "Anna", password="club secret")
            with pytest.raises(ClientError, match="no table"):
                await client.join("ZZZZZZ")
            await client.close()
        finally:
            await server.stop()

    run(scenario())


def test_a_silent_connection_is_closed_after_its_hello_time() -> None:
    async def scenario() -> dict[str, Any]:
        from websockets.asyncio.client import connect as ws_connect
        server = await start_server(hello_timeout=0.2)
        try:
            ws = await ws_connect(f"ws://{HOST}:{server.port}", proxy=None)
            return dict(json.loads(await asyncio.wait_for(ws.recv(), 5)))
        finally:
            await server.stop()

    assert run(scenario())["reason"] == "no_hello"


def test_a_server_message_from_a_broken_server_is_a_client_error() -> None:
    from skatgame.net.client import ClientState
    from skatgame.net.protocol import Events

    state = ClientState()
    bad = Events(deal=-1, events=(("CardPlayed", msgspec.Raw(b'["x", 99]')),))
    with pytest.raises(ClientError):
        state.apply(bad)
    with pytest.raises(ClientError):
        state.apply(decode_server(b'{"type":"events","deal":-1,'
                                  b'"events":[["Nonsense",[1]]]}'))


def test_a_seed_that_is_not_the_one_committed_to_is_refused_by_the_client() -> None:
    """A server that deals other cards than it committed to is caught when the deal
    ends: the seed it reveals must hash to the commitment it sent before the deal."""
    import hashlib

    from skatgame.net.client import ClientState
    from skatgame.net.protocol import DealOver, DealStart

    def over(seed: str) -> DealOver:
        return DealOver(0, msgspec.Raw(msgspec.json.encode({"seed": seed})),
                        msgspec.Raw(b"{}"))

    committed = "ab" * 16
    state = ClientState(player=0)
    state.apply(DealStart(0, 2, (0, 1, 2), hashlib.sha256(committed.encode()).hexdigest()))
    with pytest.raises(ClientError, match="commitment"):
        state.apply(over("cd" * 16))
    with pytest.raises(ClientError):  # the right seed gets past the check (to the row)
        state.apply(over(committed))
    assert state.records == {0: {"seed": committed}}
