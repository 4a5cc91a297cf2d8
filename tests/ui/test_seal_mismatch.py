"""A network table whose revealed seed does not match the seal shown before the deal:
the window leaves the table and says so in the player's language."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from skatgame.engine.shuffle import commitment, fingerprint
from skatgame.net.protocol import (
    DealOver,
    DealStart,
    Joined,
    Lobby,
    Place,
    TableConfig,
    Welcome,
)
from skatgame.net.remote import RemoteTable
from skatgame.table.i18n import Translator
from skatgame.table.thinker import InlineThinker
from skatgame.ui.netlayer import closed_text


class FakeLink:
    """A link that hands over the messages given to it."""

    def __init__(self, messages: list[Any]) -> None:
        self.messages = messages
        self.closed = False
        self.error = ""
        self.status = "open"
        self.alive = True

    def take(self) -> list[Any]:
        out, self.messages = self.messages, []
        return out

    def close(self, _linger: float = 0.0) -> None:
        self.closed = True
        self.alive = False


def test_a_seed_that_does_not_match_its_seal_ends_the_table() -> None:
    sealed = commitment("the seed promised")
    record = {"format": "skatgame-deal", "seed": "another seed", "cards": []}
    places = (Place("Anna", "person", connected=True), Place("B", "computer", "beginner"),
              Place("C", "computer", "beginner"))
    link = FakeLink([
        Welcome(1, "test"), Joined("ABCDEF", 0, "t" * 32, True),
        Lobby("ABCDEF", TableConfig(size=3, deals=3), places, 0, started=True),
        DealStart(0, 2, (0, 1, 2), sealed),
        DealOver(0, msgspec.Raw(json.dumps(record).encode()), msgspec.Raw(b"{}")),
    ])
    table = RemoteTable(link, InlineThinker())  # type: ignore[arg-type]
    table.pump()
    assert table.mismatch is not None and table.mismatch.deal == 0 and link.closed
    assert table.session.deal_commitment() == sealed
    for language, words in (("en", "does not match the seal"), ("de", "passt nicht")):
        text = closed_text(Translator(language).tr, table)
        assert words in text and fingerprint(sealed) in text and "1" in text
