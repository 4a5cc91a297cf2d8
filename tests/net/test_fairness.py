"""Every message each client receives during 200 deals, checked for anything its seat may
not know at that moment: another hand's card, the skat before its time, the cards put
away, and each deal's seed before the deal is over."""

from __future__ import annotations

import asyncio

from skatgame.ai.player import create_player
from skatgame.engine.actions import Action, Declare, Kontra, Re
from skatgame.engine.cards import cards_of
from skatgame.engine.observation import Observation
from skatgame.engine.options import RuleOptions
from skatgame.engine.records import deal_from_record
from skatgame.net.client import TableClient
from skatgame.net.protocol import DealOver, Events, YourTurn, encode
from skatgame.table.seatview import SeatTable, Token, table_of
from tests.net.helpers import run, seat_table, start_server

DEALS = 200
RULES = RuleOptions(ramsch=True, schieberamsch=True, kontra=True, bock=True)


def allowed(table: SeatTable, token: Token) -> bool:
    """Whether the viewer may know the face of ``token`` where it lies now."""
    if table.over:
        return True
    if any(token in pile for pile in table.piles) or any(token == t for _, t in table.trick):
        return True
    for seat, hand in enumerate(table.hands):
        if token in hand:
            return table.viewer == seat or seat in table.open_seats
    if token in table.aside:
        return table.viewer == table.declarer
    return False  # the deck, the skat


class Bold:
    """A Beginner that says Kontra and Re whenever it may and declares ouvert whenever
    it can: the list then holds open hands and doubled games to check."""

    def __init__(self, seed: str) -> None:
        self.inner = create_player("beginner", seed)

    def act(self, obs: Observation, deadline: float | None) -> Action:
        legal = obs.legal_actions
        for a in legal:
            if isinstance(a, Kontra | Re):
                return a
        ouvert = [a for a in legal if isinstance(a, Declare) and a.contract.ouvert]
        return ouvert[0] if ouvert else self.inner.act(obs, deadline)


class Checker:
    """Follows one client's messages: what it learns must be its to know."""

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self.faces: dict[Token, int] = {}
        self.cards: set[int] = set()  # every card this seat was shown in this deal
        self.raw: list[tuple[int, bytes]] = []  # (deal, message) before that deal ended
        self.seeds: dict[int, str] = {}
        self.checked = 0

    def look(self, message: object) -> None:
        s = self.client.state
        self.raw.append((s.deal, encode(message)))  # type: ignore[arg-type]
        table = s.table
        if isinstance(message, Events | YourTurn):
            for t in range(32):
                face = table.faces[t]
                if face is None:
                    continue
                token = Token(t)
                # a blank card's token may later show another card (the fold picks which
                # blank a hidden hand plays): what is checked is each face as it appears
                if self.faces.get(token) != face:
                    assert allowed(table, token), f"{s.viewer} sees {face} at {t}"
                    self.faces[token] = face
                    self.cards.add(face)
                self.checked += 1
        if isinstance(message, YourTurn):
            obs = s.observation
            assert obs is not None and obs.seat == s.viewer
            # everything the seat was ever shown this deal (each checked as it came)
            knows = self.cards
            for mask in (obs.hand, obs.known_skat, obs.open_cards):
                assert set(cards_of(mask)) <= knows
            assert obs.hand == table.hand_mask(s.viewer)  # type: ignore[arg-type]
        if isinstance(message, DealOver):
            record = s.records[message.deal]
            self.seeds[message.deal] = record["seed"]
            deal = deal_from_record(record)
            truth = table_of(deal, s.viewer)
            assert s.table.faces == truth.faces  # the fold ends as the deal's own does
            self.faces.clear()
            self.cards.clear()

    def seeds_kept_back(self) -> None:
        """No message before a deal's end holds its seed."""
        for deal, data in self.raw:
            seed = self.seeds.get(deal)
            if seed is not None and b"deal_over" not in data[:40]:
                assert seed.encode() not in data


def test_no_client_ever_receives_what_its_seat_may_not_see() -> None:
    async def scenario() -> list[Checker]:
        server = await start_server()
        try:
            clients = await seat_table(server.port, ["A", "B", "C", "D"], size=4,
                                       deals=DEALS, rules=RULES)
            checkers = [Checker(c) for c in clients]

            async def one(i: int, checker: Checker) -> None:
                client = checker.client
                bot = Bold(f"fair{i}") if i % 2 else create_player("beginner", f"fair{i}")
                s = client.state
                while not s.over:
                    message = await client.receive(30)
                    checker.look(message)
                    if isinstance(message, YourTurn) and s.observation is not None:
                        await client.act(bot.act(s.observation, None))
                    elif isinstance(message, DealOver) and len(s.rows) < DEALS:
                        await client.next_deal()

            await asyncio.gather(*(one(i, ch) for i, ch in enumerate(checkers)))
            for c in clients:
                await c.close()
            return checkers
        finally:
            await server.stop()

    checkers = run(scenario(), 600)
    kinds: set[str] = set()
    for record in checkers[0].client.state.records.values():
        deal = deal_from_record(record)
        r = deal.result
        assert r is not None
        kinds |= {k for k, there in (("ouvert", r.contract is not None and r.contract.ouvert),
                                     ("kontra", deal.kontra > 0), ("re", deal.kontra > 1),
                                     ("ramsch", r.declarer is None and not r.passed),
                                     ("bock", deal.multiplier > 1)) if there}
    assert kinds == {"ouvert", "kontra", "re", "ramsch", "bock"}  # each was checked
    for checker in checkers:
        assert len(checker.client.state.rows) == DEALS
        assert len(checker.seeds) == DEALS
        assert len(set(checker.seeds.values())) == DEALS  # a fresh seed for every deal
        checker.seeds_kept_back()
        assert checker.checked > DEALS * 10


def test_the_check_finds_a_server_that_shows_every_hand(monkeypatch: object) -> None:
    """The check above is not empty: a server that redacted nothing is caught."""
    import pytest

    import skatgame.net.room as room_mod
    from skatgame.table.seatview import EVERYONE, seat_events

    mp = monkeypatch
    assert isinstance(mp, pytest.MonkeyPatch)
    mp.setattr(room_mod, "seat_events", lambda deal, events, viewer:
               seat_events(deal, events, EVERYONE))

    async def scenario() -> None:
        server = await start_server()
        try:
            [client] = await seat_table(server.port, ["A"], {1: "beginner", 2: "beginner"},
                                        deals=3)
            checker = Checker(client)
            for _ in range(100):
                checker.look(await client.receive(10))
        finally:
            await server.stop()

    with pytest.raises(AssertionError, match="sees"):
        run(scenario())
