"""Whole lists at a table on a loopback server: persons (headless clients playing as
computer players would), computers in the empty places, three and four seats, house
rules; the results equal the same deals played locally with the same decisions."""

from __future__ import annotations

import asyncio
import hashlib

import pytest

from skatgame.engine.options import RuleOptions
from skatgame.engine.records import deal_from_record
from skatgame.engine.series import Series
from skatgame.net.client import ClientState, TableClient, play_bot
from skatgame.net.protocol import TableConfig
from skatgame.table.seatview import EVERYONE, table_of
from tests.net.helpers import connect, run, seat_table, start_server

HOUSE = RuleOptions(ramsch=True, kontra=True, bock=True)


def check_against_local(states: list[ClientState], size: int, deals: int,
                        rules: RuleOptions, commitments: dict[int, str]) -> None:
    """Replay each deal's record locally: the same cards from the revealed seed (and its
    commitment), the same result and sheet; each client's table equals the local fold."""
    first = states[0]
    assert first.totals is not None and len(first.rows) == deals
    series = Series([f"p{i}" for i in range(size)], deals=deals, options=rules, seed="",
                    list_kind="seeger-fabian")
    for n in range(deals):
        record = first.records[n]
        seed = record["seed"]
        assert len(seed) == 32 and int(seed, 16) >= 0  # 128 bits, hex
        assert hashlib.sha256(seed.encode()).hexdigest() == commitments[n]
        series.deal_seeds[n] = seed
        deal = series.next_deal()
        played = deal_from_record(record)
        assert played.cards == deal.cards
        for seat, action in played.history:
            deal.apply(action, seat)
        row = series.record_deal(deal)
        for s in states:
            assert s.rows[n] == row
            assert s.records[n] == record
    assert series.totals() == first.totals
    for s in states:
        assert s.totals == first.totals
        last = deal_from_record(s.records[deals - 1])
        # the table each client folded from its seat's events, at the end, is the deal
        mine = s.table
        local = table_of(last, s.viewer)
        assert mine.result == local.result and mine.piles == local.piles
        assert table_of(last, EVERYONE).result == mine.result


async def play_all(clients: list[TableClient], seeds: list[int]
                   ) -> tuple[list[ClientState], dict[int, str]]:
    """Every client plays on as a Beginner would; the commitments each deal began with
    (as every client saw them: they must agree)."""
    commitments: dict[int, str] = {}

    async def one(client: TableClient, seed: int) -> ClientState:
        from skatgame.ai.player import create_player

        bot = create_player("beginner", str(seed))
        s = client.state
        while not s.over:
            message = await client.receive(30)
            kind = type(message).__name__
            if kind == "DealStart" and s.start is not None:
                seen = commitments.setdefault(s.start.deal, s.start.commitment)
                assert seen == s.start.commitment
            if kind == "YourTurn" and s.observation is not None:
                await client.act(bot.act(s.observation, None))
            elif kind == "DealOver" and s.lobby is not None \
                    and len(s.rows) < s.lobby.config.deals:
                await client.next_deal()
        return s

    states = await asyncio.gather(*(one(c, seed) for c, seed in zip(clients, seeds,
                                                                      strict=True)))
    return list(states), commitments


@pytest.mark.parametrize("size,persons,computers,rules", [
    (3, ["Anna", "Bert", "Carl"], {}, RuleOptions()),
    (3, ["Anna"], {1: "beginner", 2: "beginner"}, HOUSE),
    (4, ["Anna", "Bert"], {2: "beginner", 3: "advanced"}, HOUSE),
    (4, ["Anna", "Bert", "Carl", "Dora"], {}, RuleOptions(ramsch=True,
                                                          schieberamsch=True, kontra=True)),
])
def test_a_whole_list_at_a_network_table_equals_the_same_deals_played_locally(
        size: int, persons: list[str], computers: dict[int, str], rules: RuleOptions) -> None:
    deals = 2 * size

    async def scenario() -> None:
        server = await start_server()
        try:
            clients = await seat_table(server.port, persons, computers, size=size,
                                       deals=deals, rules=rules)
            states, commitments = await play_all(clients, list(range(len(clients))))
            check_against_local(states, size, deals, rules, commitments)
            for c in clients:
                await c.close()
        finally:
            await server.stop()

    run(scenario())


def test_ouvert_kontra_and_ramsch_all_come_up_in_a_long_list() -> None:
    """Sixty deals of three computers and one person with every house rule: the kinds
    of deal the issue names all occur, and the list ends with the sheet's totals."""
    async def scenario() -> tuple[set[str], ClientState]:
        server = await start_server()
        try:
            [client] = await seat_table(server.port, ["Anna"], {1: "advanced", 2: "beginner"},
                                        deals=60, rules=HOUSE)
            state = await play_bot(client, level="advanced", seed=7, timeout=60)
            seen: set[str] = set()
            for record in state.records.values():
                deal = deal_from_record(record)
                r = deal.result
                assert r is not None
                if r.contract is not None and r.contract.ouvert:
                    seen.add("ouvert")
                if deal.kontra:
                    seen.add("kontra")
                if r.contract is not None and r.contract.kind.name == "RAMSCH":
                    seen.add("ramsch")
                if deal.multiplier > 1:
                    seen.add("bock")
            await client.close()
            return seen, state
        finally:
            await server.stop()

    seen, state = run(scenario(), 300)
    assert {"ramsch", "bock"} <= seen
    assert state.totals == state.rows[-1].totals


def test_a_list_with_a_move_timer_goes_on_for_a_person_who_never_answers() -> None:
    """A person who never answers: when his timer runs out the computer decides for him
    (and he is told), so the others are never stuck."""
    async def scenario() -> ClientState:
        server = await start_server()
        try:
            clients = await seat_table(server.port, ["Anna", "Mute"], {2: "beginner"},
                                       deals=3, move_timer=1)
            anna, mute = clients

            async def silent() -> None:  # reads, never acts, goes on to the next deal
                s = mute.state
                while not s.over:
                    m = await mute.receive(30)
                    if type(m).__name__ == "DealOver" and len(s.rows) < 3:
                        await mute.next_deal()

            state, _ = await asyncio.gather(play_bot(anna, seed=1), silent())
            assert any(e.code == "timed_out" for e in mute.state.errors)
            for c in clients:
                await c.close()
            return state
        finally:
            await server.stop()

    state = run(scenario(), 240)
    assert state.totals is not None and len(state.rows) == 3


def test_a_four_seat_table_deals_round_and_the_dealer_watches() -> None:
    async def scenario() -> None:
        server = await start_server()
        try:
            clients = await seat_table(server.port, ["A", "B", "C", "D"], size=4, deals=4)
            watched: dict[int, set[str]] = {i: set() for i in range(4)}

            async def one(i: int, client: TableClient) -> None:
                from skatgame.ai.player import create_player
                bot = create_player("beginner", str(i))
                s = client.state
                while not s.over:
                    m = await client.receive(30)
                    if type(m).__name__ == "DealStart":
                        watched[i].add(str(s.viewer))
                        # the dealer sits out: he watches
                        assert (s.viewer == "watcher") == (m.dealer == s.player)  # type: ignore[union-attr]
                    if type(m).__name__ == "YourTurn" and s.observation is not None:
                        assert s.viewer != "watcher"
                        await client.act(bot.act(s.observation, None))
                    elif type(m).__name__ == "DealOver" and len(s.rows) < 4:
                        await client.next_deal()

            await asyncio.gather(*(one(i, c) for i, c in enumerate(clients)))
            for i in range(4):
                assert "watcher" in watched[i]  # each dealt once in four deals
            for c in clients:
                await c.close()
        finally:
            await server.stop()

    run(scenario())


def test_the_host_sets_up_the_lobby() -> None:
    """Places open, computers set, players moved; only the host may, only before the
    start; a started list takes no new players (only those who come back)."""
    from skatgame.net.client import ClientError
    from skatgame.net.protocol import MoveSeat, SetSeat, Start

    async def scenario() -> None:
        server = await start_server()
        try:
            host = await connect(server.port, "Host")
            joined = await host.create(TableConfig(size=3, deals=3))
            guest = await connect(server.port, "Guest")
            await guest.join(joined.code)
            await guest.send(SetSeat(2, "expert"))  # not the host: refused
            err = await guest.receive(5)
            while type(err).__name__ != "Error":
                err = await guest.receive(5)
            assert err.code == "not_host"  # type: ignore[union-attr]
            await host.send(Start())  # an open place: refused
            while not any(e.code == "open_places" for e in host.state.errors):
                await host.receive(5)
            await host.send(SetSeat(2, "expert"))
            await host.send(MoveSeat(1, 2))  # the guest moves to place 2
            while not (host.state.lobby and host.state.lobby.places[2].name == "Guest"):
                await host.receive(5)
            while guest.state.player != 2:
                await guest.receive(5)
            assert host.state.lobby.places[1].kind == "computer"
            await host.send(Start())  # the guest is not ready: refused
            while not any(e.code == "not_ready" for e in host.state.errors):
                await host.receive(5)
            from skatgame.net.protocol import Ready
            await guest.send(Ready(True))
            while not (host.state.lobby and host.state.lobby.places[2].ready):
                await host.receive(5)
            await host.send(Start())
            while host.state.start is None:
                await host.receive(5)
            late = await connect(server.port, "Late")
            with pytest.raises(ClientError, match="started"):
                await late.join(joined.code)
            for c in (host, guest, late):
                await c.close()
        finally:
            await server.stop()

    run(scenario())
