"""The gallery's shots of Play together, without a network.

A table across the network is shown here as the window shows a real one: a
:class:`~skatgame.net.remote.RemoteTable` fed by a link. The link is a stand-in
(:class:`RoomLink`) for :class:`~skatgame.net.link.NetLink` that plays a
:class:`~skatgame.net.room.Room` (the server's table, without sockets) in this
process: what the room sends this window's player arrives through the wire's
encoding, what the window sends goes to the room; the others at the table (the
host, a friend, the computers) answer in this process from fixed seeds, so a
gallery run gives the same pictures every time. The tables found on the network
are a list given to the page (no search runs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skatgame.net.protocol import (
    ClientMessage,
    Closed,
    Error,
    ServerMessage,
    TableConfig,
    decode_client,
    decode_server,
    encode,
)
from skatgame.net.room import Room, RoomError, Thinking

if TYPE_CHECKING:
    from skatgame.ui.app import App

#: the address a hosted table is shown at in the gallery (a home network's)
ADDRESS = "192.168.1.20"
PORT = 8765
CODE = "KX7M2Q"


@dataclass
class HostedStandIn:
    """Where this window's table is reached, as a hosted server says (nothing runs)."""

    address: str = ADDRESS
    port: int = PORT

    def stop(self, wait: float = 0.0) -> None:
        """Nothing runs: nothing to stop."""


class GalleryRoom(Room):
    """A room whose deals and computer players come from fixed seeds."""

    def _begin_deal(self) -> None:
        assert self.series is not None
        self._computer_seed = "gallery"
        self.series.deal_seeds.setdefault(self.series.deal_number,
                                          f"gallery-together:{self.series.deal_number}")
        super()._begin_deal()


class RoomLink:
    """A link to ``room`` as player ``me`` (see the module's description). ``refuse``:
    the server closes at once for that reason (as for a wrong password)."""

    def __init__(self, room: Room, me: int, refuse: tuple[str, str] | None = None) -> None:
        self.room = room
        self.me = me
        self.url = f"ws://{ADDRESS}:{PORT}"
        self.error = ""
        self.code = room.code
        self.token = ""
        self.status = "connected"
        self._inbox: list[ServerMessage] = []
        self._refuse = refuse
        #: the players (other than ``me``) who decide in this process, and how
        self.others: dict[int, Any] = {}

    @property
    def alive(self) -> bool:
        return self.status in ("connecting", "connected", "reconnecting")

    def take(self) -> list[ServerMessage]:
        """What the room sent this player since the last call (others decide first)."""
        if self._refuse is not None:
            reason, text = self._refuse
            self._refuse = None
            self.status, self.error = "failed", text  # (as a NetLink refused at hello)
            return [decode_server(encode(Closed(reason, text)))]
        self._play_others()
        out = [decode_server(encode(m)) for to, m in self.room.take_outbox()
               if to is None or to == self.me]
        self._inbox += out
        taken, self._inbox = self._inbox, []
        return taken

    def send(self, message: ClientMessage) -> None:
        """To the room, as the server hands it on (a refusal comes back as an error)."""
        if not self.alive:
            return
        try:
            self.room.handle(self.me, decode_client(encode(message)))
        except RoomError as e:
            self.room.outbox.append((self.me, Error(e.code, e.message)))

    def close(self, wait: float = 0.0) -> None:
        self.status = "closed"

    def _play_others(self) -> None:
        """The computers' and the other persons' decisions, one after another, until it
        is this player's turn (or nobody's)."""
        room = self.room
        for _ in range(200):
            deal = room.deal
            if deal is None or deal.to_move is None:
                return
            seat = deal.to_move
            player = room._seat_player(seat)
            thought = room.thinking()
            if thought is None and player in self.others:
                thought = Thinking(room.deal_number, len(deal.history), seat,
                                   deal.observation(seat), self.others[player], True)
            if thought is None:
                return
            room.answer(thought, thought.player.act(thought.observation))


def gallery_room(size: int = 3) -> GalleryRoom:
    """An empty table of ``size`` places with the gallery's code, its clock stopped."""
    return GalleryRoom(CODE, TableConfig(size=size, deals=36), clock=lambda: 0.0)


def _steps(app: App, n: int) -> None:
    from skatgame.ui.testing import steps

    steps(app, n, 1 / 30)


def together_shots(cam: Any) -> None:
    """Play together: the start page with two tables found, the join form refused for a
    wrong password (everything typed kept), the host's lobby with a friend and a computer
    seated, and a deal at a network table as the friend sees it."""
    from skatgame.net.discovery import FoundTable
    from skatgame.ui.scenes.together import _Finder

    found = [FoundTable("Hanna", "192.168.1.23", PORT, 1, 3, host="Hanna"),
             FoundTable("Otto", "192.168.1.40", PORT, 2, 4, host="Otto")]

    def look(finder: _Finder, now: float) -> None:  # no search: these two were found
        finder.tables, finder.looked = list(found), True

    searching = _Finder.tick
    _Finder.tick = look  # type: ignore[method-assign, assignment]
    try:
        _together_shots(cam)
    finally:
        _Finder.tick = searching  # type: ignore[method-assign]


def _together_shots(cam: Any) -> None:
    app: App = cam.app
    app.services.table = None
    app.nav.reset("menu")
    app.nav.push("together")
    page = app.top
    page.name_field.text = "Bert"
    _steps(app, 2)
    cam.take("together")
    if page.paged:  # (large text: a page of its own)
        page.show_join()
        page.address.end()
    _steps(app, 2)
    cam.take("together-join-page")
    _wrong_password_shot(cam, page)
    _host_lobby_shot(cam)
    _guest_table_shot(cam)
    app.services.table = None
    app.nav.reset("menu")
    _steps(app, 1)


def _wrong_password_shot(cam: Any, page: Any) -> None:
    """A table found, its code typed, a wrong password: back on the form, all kept."""
    from skatgame.net.remote import RemoteTable

    app: App = cam.app
    table = page.finder.tables[0]
    page.join(table)
    page.code.text = "DYHPSC"
    page.password.text = "geheim"
    link = RoomLink(gallery_room(), 1, refuse=("password", "Wrong password for this server."))
    remote = RemoteTable(link, app.services.workers)  # type: ignore[arg-type]
    app.nav.replace("lobby", remote=remote, typed=(page.address.text, page.code.text,
                                                   page.password.text))
    _steps(app, 3)
    cam.take("together-wrong-password")


def _host_lobby_shot(cam: Any) -> None:
    """The host's lobby: the invitation, a friend seated and ready, a computer, chat."""
    from skatgame.net.remote import RemoteTable

    app: App = cam.app
    room = gallery_room()
    room.sit_down("Anna")
    link = RoomLink(room, 0)
    remote = RemoteTable(link, app.services.workers)  # type: ignore[arg-type]
    remote.hosted = HostedStandIn()  # type: ignore[assignment]
    room.sit_down("Bert")
    room.set_ready(1, True)
    room.set_seat(0, 2, "advanced")
    room.chat(1, quick="hello")
    app.nav.reset("menu")
    app.nav.push("lobby", remote=remote)
    _steps(app, 3)
    cam.take("lobby-host")
    app.nav.reset("menu")


def _guest_table_shot(cam: Any) -> None:
    """A friend's window at Anna's table: his lobby, then a deal under way (his card to
    play, two in the trick)."""
    from skatgame.ai.player import create_player
    from skatgame.engine.deal import Phase
    from skatgame.net.remote import RemoteTable
    from skatgame.ui.testing import human_turn

    app: App = cam.app
    room = gallery_room()
    room.sit_down("Anna")
    room.set_seat(0, 2, "advanced")
    room.sit_down("Bert")
    link = RoomLink(room, 1)
    link.others[0] = create_player("beginner", "gallery-anna")
    remote = RemoteTable(link, app.services.workers)  # type: ignore[arg-type]
    app.nav.reset("menu")
    app.nav.push("lobby", remote=remote)
    _steps(app, 3)
    cam.take("lobby-guest")
    room.set_ready(1, True)
    room.start(0)
    from skatgame.commands.gallery_steps import GalleryError, _play_one, _table

    def mid_deal() -> bool:
        if human_turn(app, (Phase.PLAY,)):
            deal = room.deal
            if deal is not None and len(deal.tricks) >= 2 and len(deal.trick) == 2:
                return not _table(app).board.busy
            _play_one(app)
        elif human_turn(app, (Phase.AUCTION, Phase.KONTRA, Phase.RE)):
            from skatgame.engine.actions import PASS

            _table(app).apply(PASS)
        app.step(1 / 30)
        return False

    for _ in range(6000):
        if mid_deal():
            break
        if app.errors:
            raise GalleryError(f"the network table failed: {app.errors[0]}")
    else:
        raise GalleryError("the network table never showed the friend's card")
    _steps(app, 2)
    cam.take("together-table")
