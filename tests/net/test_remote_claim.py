"""Claiming the rest at a table across the network: the claim travels as an action out
of turn, the server's engine rules on it, and every seat's fold (and so its log) has it."""

from __future__ import annotations

import time

from skatgame.ai.player import create_player
from skatgame.engine.actions import CLAIM
from skatgame.engine.events import Claimed
from skatgame.engine.phase import Phase
from skatgame.engine.seats import Seat
from skatgame.net.link import NetLink
from skatgame.net.protocol import Create, SetSeat, Start, TableConfig
from skatgame.net.remote import RemoteTable
from skatgame.table.dealog import deal_log
from skatgame.table.i18n import Translator
from skatgame.table.thinker import InlineThinker
from tests.net.test_remote import host, wait_for


def test_a_claim_at_a_network_table_is_ruled_by_the_server() -> None:
    hosted = host()
    url = f"ws://127.0.0.1:{hosted.port}"
    anna = RemoteTable(NetLink(url, "Anna", Create(TableConfig(deals=6))), InlineThinker())
    try:
        wait_for(lambda: anna.state.code != "", [anna])
        anna.link.send(SetSeat(1, "beginner"))
        anna.link.send(SetSeat(2, "beginner"))
        wait_for(lambda: anna.state.lobby is not None and all(
            p.kind != "open" for p in anna.state.lobby.places), [anna])
        anna.link.send(Start())
        bot = create_player("beginner", "0")
        end = time.monotonic() + 120
        claimed = False
        while time.monotonic() < end and not claimed:
            anna.pump()
            assert not anna.problem, anna.problem
            t = anna.table
            seat = anna.viewer
            if t.result is not None:
                anna.next_deal()
            elif isinstance(seat, int) and t.phase is Phase.PLAY and \
                    anna.may_claim(Seat(seat)) and sum(len(p) for p in t.piles) >= 24:
                anna.propose(CLAIM, Seat(seat))  # at any moment of play, his turn or not
                claimed = True
            elif anna.legal_actions() and anna.to_move == seat:
                anna.propose(bot.act(anna.observation(seat), None))  # type: ignore[arg-type]
            time.sleep(0.002)
        assert claimed
        wait_for(lambda: anna.table.result is not None, [anna], 30)
        ruled = [e for e in anna.table.log if isinstance(e, Claimed)]
        assert len(ruled) == 1 and ruled[0].seat == anna.viewer
        tr = Translator("en").tr
        log = deal_log(anna.table, tr, lambda k, s, **f: tr(k, player=str(s), **f), str)
        texts = [x.text for x in log]
        assert ("Rightly" if ruled[0].valid else "Wrongly") in " ".join(
            x for x in texts if isinstance(x, str))
        assert not anna.may_claim(Seat(0)) and not anna.may_claim(Seat(1))  # the deal is over
    finally:
        anna.link.close()
        hosted.stop()
