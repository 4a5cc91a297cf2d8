"""The seal at a network table: the window's list shows the commitment the server sent
before each deal (no seed yet), and each revealed seed matches it."""

from __future__ import annotations

from skatgame.engine.shuffle import commitment
from skatgame.net.link import NetLink
from skatgame.net.protocol import Create, TableConfig
from skatgame.net.remote import RemoteTable
from skatgame.table.thinker import InlineThinker
from tests.net.test_remote import host, play_on, start_with_computers, wait_for


def test_the_window_shows_each_deal_seal_before_its_seed() -> None:
    hosted = host()
    url = f"ws://127.0.0.1:{hosted.port}"
    anna = RemoteTable(NetLink(url, "Anna", Create(TableConfig(size=3, deals=3))),
                       InlineThinker())
    try:
        start_with_computers(anna)
        wait_for(lambda: anna.started and anna.session.mirror.playing == 0, [anna])
        start = anna.state.start
        assert start is not None and start.deal == 0
        assert anna.session.deal_commitment() == start.commitment
        assert 0 not in anna.state.records  # the seed comes after the deal
        play_on([anna], 3)
        session = anna.session
        assert not anna.problem and anna.mismatch is None
        assert sorted(session.commitments) == [0, 1, 2]
        for n, committed in session.commitments.items():
            record = anna.state.records[n]
            assert committed == commitment(record["seed"]) == record["commitment"]
        assert session.deal_commitment() == session.commitments[2]  # the last deal's
    finally:
        anna.link.close()
        hosted.stop()
