"""The window's side of a network table, without a window: a server hosted in a thread
as *Host a table* runs it, players linked through NetLink, the list as RemoteTable and
RemoteSession offer it to the table scenes (each player at the bottom of his own
screen), and the end of the table when the host closes."""

from __future__ import annotations

import time

from skatgame.ai.player import create_player
from skatgame.engine.options import RuleOptions
from skatgame.engine.phase import Phase
from skatgame.net.hosting import HostedServer
from skatgame.net.link import NetLink
from skatgame.net.protocol import Closed, Create, Join, Ready, SetSeat, Start, TableConfig
from skatgame.net.remote import RemoteTable
from skatgame.net.server import ServerOptions
from skatgame.table.thinker import InlineThinker

HOUSE = RuleOptions(ramsch=True, kontra=True, bock=True)


def wait_for(condition: object, tables: list[RemoteTable], limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        for t in tables:
            t.pump()
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.005)
    raise AssertionError("timed out")


def host(limit: float = 10.0) -> HostedServer:
    hosted = HostedServer(ServerOptions(host="127.0.0.1", port=0, tick=0.01))
    hosted.start(limit)
    return hosted


def play_on(tables: list[RemoteTable], deals: int, limit: float = 120.0) -> None:
    """Each table plays its seat as a Beginner would, records each finished deal as the
    results scene does and asks for the next one, until the list is over."""
    bots = [create_player("beginner", str(i)) for i in range(len(tables))]
    hinted = False
    end = time.monotonic() + limit
    while time.monotonic() < end:
        done = 0
        for t, bot in zip(tables, bots, strict=True):
            t.pump()
            assert not t.problem, t.problem
            s = t.state
            session = t.session if t.started else None
            if session is None:
                continue
            mirror = session.mirror
            if s.totals is not None and mirror.current is None:
                done += 1
                continue
            if mirror.current is not None and mirror.current.done:
                row = session.record()  # the results scene puts it on the sheet
                assert row is not None and row == s.rows[row.number - 1].__class__(
                    row.number, row.dealer, row.seat_players, row.result, row.bock,
                    row.plain, row.seeger_fabian, row.totals)
                if len(mirror.rows) < deals:
                    t.next_deal()
                continue
            if t.legal_actions() and t.to_move == t.viewer and t.is_human(t.to_move):
                obs = t.observation(t.viewer)  # type: ignore[arg-type]
                if not hinted and obs.phase is Phase.PLAY:
                    ticket = t.hint(obs.seat)  # the Expert from this seat's knowledge
                    assert ticket.done and ticket.result is not None
                    assert ticket.result.action in obs.legal_actions
                    hinted = True
                t.propose(bot.act(obs, None))
        if done == len(tables):
            return
        time.sleep(0.002)
    raise AssertionError("the list did not end in time")


def start_with_computers(table: RemoteTable) -> None:
    """The table ``table`` hosts gets two Beginners in its empty places and starts."""
    wait_for(lambda: table.state.code != "", [table])
    table.link.send(SetSeat(1, "beginner"))
    table.link.send(SetSeat(2, "beginner"))
    wait_for(lambda: table.state.lobby is not None and all(
        p.kind != "open" for p in table.state.lobby.places), [table])
    table.link.send(Start())


def test_a_list_through_the_window_side_of_a_network_table() -> None:
    hosted = host()
    url = f"ws://127.0.0.1:{hosted.port}"
    config = TableConfig(size=4, deals=4, options=HOUSE)
    anna = RemoteTable(NetLink(url, "Anna", Create(config)), InlineThinker())
    tables = [anna]
    try:
        wait_for(lambda: anna.state.code != "", tables)
        bert = RemoteTable(NetLink(url, "Bert", Join(anna.state.code)), InlineThinker())
        tables.append(bert)
        wait_for(lambda: bert.state.player == 1, tables)
        bert.link.send(Ready(True))
        anna.link.send(SetSeat(2, "beginner"))
        anna.link.send(SetSeat(3, "beginner"))
        wait_for(lambda: anna.state.lobby is not None and all(
            p.kind != "open" for p in anna.state.lobby.places) and
            anna.state.lobby.places[1].ready, tables)
        anna.link.send(Start())
        play_on(tables, 4)
        a, b = anna.session, bert.session
        assert a is not None and b is not None
        # each sees himself at the bottom: the same list turned by one place
        assert a.names[0] == "Anna" and b.names[0] == "Bert" and b.names[3] == "Anna"
        assert a.mirror.totals() == anna.state.totals
        assert b.mirror.totals() == tuple(bert.state.totals[(1 + i) % 4]  # type: ignore[index]
                                          for i in range(4))
        assert len(a.mirror.rows) == 4 and a.mirror.finished and a.finished
        for ra, rb in zip(a.mirror.rows, b.mirror.rows, strict=True):
            assert ra.result == rb.result
            assert rb.totals == ra.totals[1:] + ra.totals[:1]
        # the host closes his game: everyone is told, the links end
        hosted.stop()
        wait_for(lambda: bert.state.closed is not None, tables, 10)
        assert bert.state.closed is not None and bert.state.closed.reason == "host_left"
        assert isinstance(bert.state.closed, Closed)
        wait_for(lambda: not bert.link.alive, tables, 10)
        assert bert.link.status == "closed"
    finally:
        for t in tables:
            t.link.close()
        hosted.stop()


def test_a_window_whose_connection_breaks_takes_its_seat_back_by_itself() -> None:
    hosted = host()
    url = f"ws://127.0.0.1:{hosted.port}"
    anna = RemoteTable(NetLink(url, "Anna", Create(TableConfig(deals=3)),
                               retries=(0.05, 0.1, 0.2)), InlineThinker())
    try:
        start_with_computers(anna)
        wait_for(lambda: anna.state.start is not None, [anna])
        # the server drops every connection (a network hiccup); the link comes back. It
        # is "reconnecting" for 0.05 s only, which a poll on a loaded machine can miss:
        # wait for what lasts, the seat taken by a new connection
        server = hosted.server
        conns = list(server._seated.values())
        seat = (anna.state.code, anna.state.player)
        for conn in conns:
            hosted._loop.call_soon_threadsafe(conn.ws.transport.abort)
        wait_for(lambda: server._seated.get(seat) not in (None, *conns)
                 and anna.link.status == "connected", [anna], 30)
        play_on([anna], 3)
        assert anna.state.totals is not None
    finally:
        anna.link.close()
        hosted.stop()


class FakeLink:
    """A link that hands out the messages a test puts in, and keeps what is sent."""

    def __init__(self) -> None:
        self.inbox: list[object] = []
        self.sent: list[object] = []
        self.status = "connected"
        self.error = ""
        self.url = "ws://127.0.0.1:1"

    def take(self) -> list[object]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, message: object) -> None:
        self.sent.append(message)

    def close(self, wait: float = 0.0) -> None:
        self.status = "closed"


def test_a_refused_move_opens_the_same_decision_again() -> None:
    from skatgame.engine.deal import Deal
    from skatgame.engine.seats import Seat
    from skatgame.net.protocol import (
        Act,
        DealStart,
        Error,
        Events,
        Joined,
        Lobby,
        Place,
        YourTurn,
    )
    from skatgame.net.wire import encode_event, encode_observation
    from skatgame.table.seatview import seat_events

    deal = Deal.from_seed("refused")
    mover = deal.to_move
    assert mover is not None
    link = FakeLink()
    table = RemoteTable(link, InlineThinker())  # type: ignore[arg-type]
    places = tuple(Place(n, "person", connected=True) for n in ("A", "B", "C"))
    events = seat_events(deal, list(deal.events), Seat(mover))
    link.inbox = [Joined("ABCDEF", mover, "t", mover == 0),
                  Lobby("ABCDEF", TableConfig(deals=3), places, 0, started=True),
                  DealStart(0, 2, (0, 1, 2), "c" * 64),
                  Events(0, tuple(encode_event(e) for e in events)),
                  YourTurn(0, 0, encode_observation(deal.observation(mover)))]
    table.pump()
    legal = table.legal_actions()
    assert legal and table.to_move == mover and table.is_human(table.to_move)
    table.propose(legal[0])
    assert table.awaiting and table.legal_actions() == []
    assert isinstance(link.sent[-1], Act) and link.sent[-1].action == legal[0].text
    link.inbox = [Error("illegal", "not now")]
    table.pump()
    assert not table.awaiting and table.legal_actions() == legal


def test_a_host_whose_port_is_taken_stops_without_a_stop_left_unawaited() -> None:
    """Host a table on a port another program holds: the start fails, and the stop that
    follows (as *Host a table* does before it tries the next port) leaves no coroutine
    that was never awaited and no task destroyed pending (it once did, about one time
    in three)."""
    import gc
    import socket
    import warnings

    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            for _ in range(12):
                hosted = HostedServer(ServerOptions(host="127.0.0.1", port=port))
                try:
                    hosted.start(10.0)
                except OSError:
                    pass
                else:
                    raise AssertionError("the port is taken: the start should fail")
                hosted.stop(wait=5.0)
                assert not hosted._thread.is_alive()
                gc.collect()
        unawaited = [str(w.message) for w in seen if issubclass(w.category, RuntimeWarning)]
        assert not unawaited, unawaited
    finally:
        holder.close()
