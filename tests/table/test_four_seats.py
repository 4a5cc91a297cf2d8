"""Four at the table: the dealer sits out, seats rotate, the lists carry the fourth player."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatgame.ai.player import create_player
from skatgame.engine.options import ISKO
from skatgame.engine.records import RecordError
from skatgame.engine.seats import SEATS
from skatgame.table.archive import archive_session, csv_text, list_archive, open_series
from skatgame.table.driver import DealDriver
from skatgame.table.i18n import Translator
from skatgame.table.saved import peek_saved_list
from skatgame.table.session import Session, load_saved_session, new_session, save_session
from skatgame.table.stats import compute
from skatgame.table.store import Store

NAMES = ("Zoë", "Łukasz", "Ağa")


def four(deals: int = 4, seed: int = 5) -> Session:
    return new_session("Jürgen", deals=deals, options=ISKO,
                       list_kind="seeger-fabian", levels=("beginner",) * 3, names=NAMES,
                       seed=seed, move_timer=15)


def play_deal(session: Session) -> None:
    """Everyone (the human too) plays as a beginner, through the deal driver."""
    DealDriver(session.deal, [create_player("beginner", f"t{seat}") for seat in SEATS]).run()


def test_the_dealer_sits_out_and_the_seats_rotate() -> None:
    s = four()
    assert s.size == 4 and s.names == ["Jürgen", *NAMES]
    seen_out = []
    for n in range(4):
        out = s.sitting_out
        assert out == n  # player 0 deals first, then clockwise
        seen_out.append(out)
        assert out not in s.seat_players and len(set(s.seat_players)) == 3
        assert s.dealer_seat is None
        assert (s.human_seat is None) == (out == 0) == s.human_sits_out
        # Forehand sits left of the dealer
        assert s.seat_players[0] == (out + 1) % 4
        play_deal(s)
        s.record()
        if not s.finished:
            s.next_deal()
    assert s.finished and seen_out == [0, 1, 2, 3]


def test_seeger_fabian_pays_the_sitting_out_dealer_30_for_a_lost_game() -> None:
    s = four(deals=16, seed=11)
    lost = []
    while not s.finished:
        play_deal(s)
        row = s.record()
        assert len(row.seeger_fabian) == 4 and len(row.plain) == 4 and len(row.totals) == 4
        r = row.result
        if not r.passed and r.declarer is not None and not r.won:
            lost.append(row)
        if not s.finished:
            s.next_deal()
    assert lost, "no lost game in 16 deals: choose another seed"
    for row in lost:
        decl = row.declarer_player
        others = [p for p in range(4) if p != decl]
        assert [row.seeger_fabian[p] for p in others] == [30, 30, 30]
        assert row.plain[row.dealer] == 0


def test_a_four_seat_list_is_saved_continued_archived_and_exported(tmp_path: Path) -> None:
    store = Store(tmp_path)
    s = four()
    play_deal(s)
    s.record()
    s.next_deal()
    assert save_session(store, s)
    summary = peek_saved_list(store).value
    assert summary is not None and summary.names == ("Jürgen", *NAMES)
    assert len(summary.totals) == 4
    again = load_saved_session(store).value
    assert again is not None and again.size == 4 and again.move_timer == 15
    assert again.names == s.names and again.sitting_out == 1
    while not again.finished:
        play_deal(again)
        again.record()
        if not again.finished:
            again.next_deal()
    assert archive_session(store, again)
    entries = list_archive(store)
    assert len(entries) == 1 and entries[0].names == ("Jürgen", *NAMES)
    assert all(len(r.sf) == 4 for r in entries[0].rows)
    assert open_series(store, entries[0]) is not None
    text = csv_text(entries[0], Translator("en").tr)
    head = text.splitlines()[0]
    for name in ("Jürgen", *NAMES):
        assert name in head
    assert len(head.split(",")) == 12 + 3 * 4
    stats = compute(entries)
    assert sorted(st.name for st in stats) == sorted(["", *NAMES])  # the human is one player
    human = next(st for st in stats if st.level is None)
    assert (human.deals, human.sat_out) == (3, 1) and human.sf_total == entries[0].totals()[0]


def test_a_saved_list_whose_names_do_not_match_its_players_is_refused() -> None:
    s = four()
    data = s.to_record()
    data["names"], data["levels"] = data["names"][:3], data["levels"][:3]
    with pytest.raises(RecordError):
        Session.from_record(data)
    data = s.to_record()
    data["move_timer"] = 11
    with pytest.raises(RecordError):
        Session.from_record(data)


def test_a_three_seat_list_still_has_the_dealer_at_rearhand() -> None:
    s = new_session("You", deals=3, options=ISKO, list_kind="plain",
                    levels=("beginner", "beginner"), names=("A", "B"), seed=1)
    assert s.size == 3 and s.sitting_out is None and s.dealer_seat == 2
    assert s.human_seat is not None and s.move_timer == 0


def test_a_saved_list_with_a_400_digit_number_is_reported_without_it(tmp_path: Path) -> None:
    """Every number of a saved list turned into 400 digits: the notice cuts it."""
    import json
    import re

    from skatgame.table.saved import LIST_DOC

    s = four()
    play_deal(s)
    s.record()
    s.next_deal()
    store = Store(tmp_path)
    assert save_session(store, s)
    doc = json.loads((tmp_path / f"{LIST_DOC}.json").read_text(encoding="utf-8"))
    big = int("7" * 400)
    for change in (lambda sr: sr["options"].__setitem__("grand_base", big),
                   lambda sr: sr.__setitem__("version", big),
                   lambda sr: sr["deals"][0]["actions"][0].__setitem__(0, big)):
        spoiled = json.loads(json.dumps(doc))
        change(spoiled["data"]["series"])
        (tmp_path / f"{LIST_DOC}.json").write_text(json.dumps(spoiled), encoding="utf-8")
        again = Store(tmp_path)
        assert load_saved_session(again).value is None
        problems = [p.translate(Translator("en").tr) for p in again.take_problems()]
        assert problems and not any(re.search(r"\d{25}", p) for p in problems), problems


def test_a_finished_demo_without_a_folder_is_not_called_saved(tmp_path: Path) -> None:
    from skatgame.table.saved import DEMO_DOC

    for store, saved in ((Store(None), False), (Store(tmp_path), True),
                         (Store(tmp_path, read_only=True), False)):
        s = four(deals=4)
        while not s.finished:
            play_deal(s)
            s.record()
            if not s.finished:
                s.next_deal()
        assert save_session(store, s, DEMO_DOC) is saved
