"""The messages between a table server and its clients (``docs/protocol.md``).

JSON objects over WebSocket, one message per frame, each with a ``type``. Every
message is decoded against its schema (``msgspec`` structs: types checked,
unknown fields and unknown types refused, sizes limited); the engine's values
inside (actions, seat events, observations, score sheet rows) go through
:mod:`skatgame.net.wire`. No message is ever code.
"""

from __future__ import annotations

import typing
from typing import Annotated, Final, Literal

import msgspec

from skatgame.engine.options import RuleOptions
from skatgame.table import names

__all__ = [
    "CLIENT_MESSAGES", "MAX_CHAT", "MAX_CLIENT_MESSAGE", "MAX_NAME", "MAX_SERVER_MESSAGE",
    "PROTOCOL_VERSION", "Act", "Chat", "ChatLine", "ClientMessage", "Closed", "Create",
    "DealOver", "DealStart", "Error", "Events", "Hello", "Join", "Joined", "Leave",
    "ListOver", "Lobby", "MoveSeat", "NextDeal", "ProtocolError", "Quick", "Ready",
    "ServerMessage", "SetSeat", "Sheet", "Start", "TableConfig", "Place", "Waiting",
    "Welcome", "YourTurn", "decode_client", "decode_server", "encode",
]

#: the version of this protocol; a client and a server of other versions do not talk
PROTOCOL_VERSION: Final = 1
#: the largest message a server accepts (bytes): an action is a few dozen
MAX_CLIENT_MESSAGE: Final = 16 * 1024
#: the largest message a client accepts (a deal's record at its end is a few kB)
MAX_SERVER_MESSAGE: Final = 1024 * 1024
MAX_NAME: Final = names.MAX_NAME
MAX_CHAT: Final = 200
MAX_CODE: Final = 16
MAX_TOKEN: Final = 64
MAX_PASSWORD: Final = 128


#: strings as the schema bounds them (what a server keeps of them is shorter still)
NameText = Annotated[str, msgspec.Meta(max_length=4 * MAX_NAME)]
ChatText = Annotated[str, msgspec.Meta(max_length=4 * MAX_CHAT)]
CodeText = Annotated[str, msgspec.Meta(max_length=MAX_CODE)]
TokenText = Annotated[str, msgspec.Meta(max_length=MAX_TOKEN)]
PasswordText = Annotated[str, msgspec.Meta(max_length=MAX_PASSWORD)]
WordText = Annotated[str, msgspec.Meta(max_length=40)]
Index = Annotated[int, msgspec.Meta(ge=-1, le=1_000_000)]


class ProtocolError(ValueError):
    """A message that does not follow the protocol."""


class _Msg(msgspec.Struct, tag_field="type", forbid_unknown_fields=True):
    pass


# ---------------------------------------------------------------- client -> server

class Hello(_Msg, tag="hello"):
    """The first message: who is there. ``version`` must be :data:`PROTOCOL_VERSION`."""

    version: int
    name: NameText
    password: PasswordText = ""


class TableConfig(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A list as New list sets it up: 3 or 4 seats, deals, rules, move timer."""

    size: int = 3
    deals: int = 36
    options: RuleOptions = RuleOptions()
    list_kind: str = "seeger-fabian"
    move_timer: int = 0


class Create(_Msg, tag="create"):
    """Open a table (the sender is its host)."""

    config: TableConfig


class Join(_Msg, tag="join"):
    """Sit down at the table ``code``; ``token`` takes back a seat held before."""

    code: CodeText
    token: TokenText = ""


class SetSeat(_Msg, tag="set_seat"):
    """Host: seat ``player`` is a computer of ``level``, or open for a person (``None``)."""

    player: Index
    level: WordText | None


class MoveSeat(_Msg, tag="move_seat"):
    """Host: swap the places of two players."""

    player: Index
    to: Index


class Ready(_Msg, tag="ready"):
    ready: bool = True


class Start(_Msg, tag="start"):
    """Host: start the list (every person seated is ready)."""


class Act(_Msg, tag="act"):
    """Propose ``action`` (its text) for the decision numbered ``move`` of deal ``deal``."""

    deal: Index
    move: Index
    action: WordText


class NextDeal(_Msg, tag="next_deal"):
    """Ready for the next deal."""


class Chat(_Msg, tag="chat"):
    text: ChatText


class Quick(_Msg, tag="quick"):
    """A quick phrase by its name (each client says it in its own language)."""

    phrase: WordText


class Leave(_Msg, tag="leave"):
    """Leave the table for good (a dropped connection keeps the seat)."""


ClientMessage = (Hello | Create | Join | SetSeat | MoveSeat | Ready | Start | Act | NextDeal
                 | Chat | Quick | Leave)
CLIENT_MESSAGES: Final = ("hello", "create", "join", "set_seat", "move_seat", "ready",
                          "start", "act", "next_deal", "chat", "quick", "leave")


# ---------------------------------------------------------------- server -> client

class Welcome(_Msg, tag="welcome"):
    version: int
    server: str


class Joined(_Msg, tag="joined"):
    """You sit at table ``code`` as ``player``; keep ``token`` to take the seat back."""

    code: str
    player: int
    token: str
    host: bool


class Place(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One place at the table in the lobby."""

    name: str
    kind: Literal["open", "person", "computer"]
    level: str | None = None
    ready: bool = False
    connected: bool = False


class Lobby(_Msg, tag="lobby"):
    """The table: its list, its places, its host; ``started`` once the list runs."""

    code: str
    config: TableConfig
    places: tuple[Place, ...]
    host: int
    started: bool = False


class DealStart(_Msg, tag="deal_start"):
    """Deal ``deal`` (0-based) begins: who deals, who sits at Forehand, Middlehand and
    Rearhand, and the SHA-256 commitment to the seed its cards are shuffled from."""

    deal: int
    dealer: int
    seat_players: tuple[int, int, int]
    commitment: str
    multiplier: int = 1


class Events(_Msg, tag="events"):
    """What happened, as your seat may see it: seat events as ``[type, fields]``."""

    deal: int
    events: tuple[tuple[str, msgspec.Raw], ...]


class YourTurn(_Msg, tag="your_turn"):
    """Decide: what your seat knows (its legal actions among it); ``seconds`` on the
    move timer (0: none)."""

    deal: int
    move: int
    observation: msgspec.Raw
    seconds: int = 0


class DealOver(_Msg, tag="deal_over"):
    """The deal is over: its full record (every card, the seed) and its score sheet row."""

    deal: int
    record: msgspec.Raw
    row: msgspec.Raw


class Sheet(_Msg, tag="sheet"):
    """The score sheet so far and the records of its deals (every card: they are over),
    sent to a player who comes back."""

    rows: tuple[msgspec.Raw, ...]
    records: tuple[msgspec.Raw, ...] = ()


class ListOver(_Msg, tag="list_over"):
    totals: tuple[int, ...]


class Waiting(_Msg, tag="waiting"):
    """``player`` lost the connection: ``seconds`` until a computer plays for him (0: a
    computer plays for him now); ``back``: he has returned."""

    player: int
    seconds: int
    back: bool = False


class ChatLine(_Msg, tag="chat_line"):
    """``player`` said ``text`` (sanitised) or the quick phrase ``quick``."""

    player: int
    text: str = ""
    quick: str = ""


class Error(_Msg, tag="error"):
    """Your last message was refused (``code``: what kind of refusal), nothing changed."""

    code: str
    message: str


class Closed(_Msg, tag="closed"):
    """The table is closed (``reason``: a code), with a message to show."""

    reason: str
    message: str


ServerMessage = (Welcome | Joined | Lobby | DealStart | Events | YourTurn | DealOver | Sheet
                 | ListOver | Waiting | ChatLine | Error | Closed)

_encoder: Final = msgspec.json.Encoder()
_client_decoder: Final = msgspec.json.Decoder(ClientMessage)
_server_decoder: Final = msgspec.json.Decoder(ServerMessage)


def encode(message: ClientMessage | ServerMessage) -> bytes:
    """A message as JSON bytes."""
    return _encoder.encode(message)


def decode_client(data: bytes | str) -> ClientMessage:
    """A client's message, validated; raises :class:`ProtocolError`."""
    if len(data) > MAX_CLIENT_MESSAGE:
        raise ProtocolError("message too long")
    try:
        return typing.cast(ClientMessage, _client_decoder.decode(data))
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise ProtocolError(str(e)[:200]) from None


def decode_server(data: bytes | str) -> ServerMessage:
    """A server's message, validated; raises :class:`ProtocolError`."""
    if len(data) > MAX_SERVER_MESSAGE:
        raise ProtocolError("message too long")
    try:
        return typing.cast(ServerMessage, _server_decoder.decode(data))
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise ProtocolError(str(e)[:200]) from None
