"""The seats this player holds at network tables, kept in his store, so that a list
stopped (the host's game closed, the server stopped, this game closed) can be
continued later with the same players: each seat's table code, address and
reconnect token, whether this game hosts it, and the players' names."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from skatgame.net.protocol import MAX_CODE, MAX_TOKEN
from skatgame.table.saved import now_text
from skatgame.table.store import Store

__all__ = ["KEPT_DOC", "KeptSeat", "forget_seat", "keep_seat", "kept_seats"]

KEPT_DOC: Final = "net-seats"
KEPT_FORMAT: Final = "skatgame-net-seats"
KEPT_VERSION: Final = 1
#: the most seats kept (the oldest go first)
MOST: Final = 12


@dataclass(frozen=True)
class KeptSeat:
    """A seat at a network table that can be taken back."""

    code: str
    url: str
    token: str
    hosted: bool
    names: tuple[str, ...]
    saved: str = ""


def _valid(data: Any) -> tuple[list[KeptSeat], list[Any]]:
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError("not a list of seats")
    out: list[KeptSeat] = []
    for item in data["seats"][:MOST]:
        try:
            seat = KeptSeat(str(item["code"])[:MAX_CODE], str(item["url"])[:300],
                            str(item["token"])[:MAX_TOKEN], bool(item["hosted"]),
                            tuple(str(n)[:40] for n in item["names"][:4]),
                            str(item.get("saved", ""))[:40])
        except (KeyError, TypeError, AttributeError):
            continue  # one damaged seat does not cost the others
        if seat.code and seat.token and seat.url.startswith(("ws://", "wss://")):
            out.append(seat)
    return out, []


def kept_seats(store: Store | None) -> list[KeptSeat]:
    """The seats kept, the last one kept first."""
    if store is None or not store.exists(KEPT_DOC):
        return []
    def nothing() -> list[KeptSeat]:
        return []

    return store.load(KEPT_DOC, KEPT_FORMAT, KEPT_VERSION, _valid, nothing).value


def _write(store: Store, seats: list[KeptSeat]) -> None:
    store.save(KEPT_DOC, KEPT_FORMAT, KEPT_VERSION,
               {"seats": [dict(asdict(s), names=list(s.names)) for s in seats[:MOST]]})


def keep_seat(store: Store | None, seat: KeptSeat) -> None:
    """Keep ``seat`` (first), replacing what was kept for its table."""
    if store is None:
        return
    seats = [s for s in kept_seats(store) if s.code != seat.code]
    stamped = KeptSeat(seat.code, seat.url, seat.token, seat.hosted, seat.names, now_text())
    _write(store, [stamped, *seats])


def forget_seat(store: Store | None, code: str) -> None:
    """The table's list is over (or the table is gone): its seat is not kept."""
    if store is None:
        return
    seats = kept_seats(store)
    if any(s.code == code for s in seats):
        _write(store, [s for s in seats if s.code != code])
