"""The charts' figures against figures worked out independently from saved lists.

Random lists are played (random legal moves, three and four players), saved
as the game saves finished lists, and read back through the statistics' cache;
the figures are checked against the engine's own replay of each saved record.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatgame.commands.bench_stats import played_list
from skatgame.engine.cards import cards_of, mask_of, parse_card
from skatgame.engine.records import deal_from_record
from skatgame.engine.rules import GameKind
from skatgame.engine.series import Series
from skatgame.table import statcache
from skatgame.table.archive import ARCHIVE_FOLDER, FINISHED_FORMAT, FINISHED_VERSION, archive_data
from skatgame.table.fairness import dealt_distributions
from skatgame.table.stats import (
    TREND_LISTS,
    against,
    dealt_hands,
    game_figures,
    in_period,
    over_time,
    player_key,
    running_totals,
)
from skatgame.table.store import Store

YOU = player_key("You", None)


def save_lists(folder: Path, specs: list[tuple[int, int, int]]) -> list[dict]:
    """Lists played at random and saved as finished lists: (seed, players, deals) each,
    finished one day apart; their documents' data."""
    (folder / ARCHIVE_FOLDER).mkdir(parents=True, exist_ok=True)
    out = []
    for i, (seed, size, deals) in enumerate(specs):
        session = played_list(seed, size, deals * size)
        data = archive_data(session, f"2026-11-{27 - i:02d}T20:00:00")
        data["id"] = f"l{i}"
        (folder / ARCHIVE_FOLDER / f"l{i}.json").write_text(
            json.dumps({"format": FINISHED_FORMAT, "version": FINISHED_VERSION,
                        "data": data}), encoding="utf-8")
        out.append(data)
    return out


lists_strategy = st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from([3, 4]),
                                    st.sampled_from([1, 2, 3, 12])), min_size=1, max_size=7)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(specs=lists_strategy)
def test_figures_match_the_replayed_records(tmp_path_factory, specs) -> None:
    folder = tmp_path_factory.mktemp("home")
    saved = save_lists(folder, specs)
    statcache.forget()
    lists = statcache.finished_summaries(Store(folder))
    statcache.forget()
    again = statcache.finished_summaries(Store(folder))  # from the cache file this time
    assert [s.list_id for s in again] == [s.list_id for s in lists]
    by_id = {s.list_id: s for s in again}
    games = {"suit": 0, "grand": 0, "null": 0, "hand": 0, "ouvert": 0}
    won = dict.fromkeys(games, 0)
    n_deals = n_games = n_won = bids = defended = defence = 0
    hands = []
    sf_by_list = []
    for data in saved:
        series = Series.from_record(data["series"])
        s = by_id[data["id"]]
        # running totals, deal by deal, one line per player
        for kind, field in (("seeger-fabian", "seeger_fabian"), ("plain", "plain")):
            expected = [[0] for _ in series.players]
            for row in series.rows:
                for p, v in enumerate(getattr(row, field)):
                    expected[p].append(expected[p][-1] + v)
            assert running_totals(s.entry, kind) == expected
        sf_by_list.append((data["finished"], sum(r.seeger_fabian[0] for r in series.rows),
                           len(series.rows)))
        for row, record in zip(series.rows, data["series"]["deals"], strict=True):
            deal = deal_from_record(record)
            seat = row.seat_players.index(0) if 0 in row.seat_players else None
            if seat is None:
                continue  # the human dealt and sat out
            n_deals += 1
            hands.append((deal.initial_hands[seat], mask_of(parse_card(c)
                                                            for c in record["cards"][30:])))
            r = row.result
            c = r.contract
            if r.passed or c is None or c.kind == GameKind.RAMSCH:
                continue
            if r.declarer == seat:
                n_games += 1
                n_won += r.won
                bids += r.bid
                group = "grand" if c.kind == GameKind.GRAND else \
                    "null" if c.kind == GameKind.NULL else "suit"
                for g in [group] + ["hand"] * c.hand + ["ouvert"] * c.ouvert:
                    games[g] += 1
                    won[g] += r.won
            elif c.kind != GameKind.NULL:
                defended += 1
                defence += 120 - r.declarer_points
    g = game_figures(again, YOU)
    assert (g.deals, g.games, g.games_won, g.bids) == (n_deals, n_games, n_won, bids)
    assert g.declared == games and g.won == won
    assert (g.defended, g.defenders_points) == (defended, defence)
    if n_games:
        assert g.win_rate == n_won / n_games and g.average_bid == bids / n_games
    assert sorted(dealt_hands(again, YOU)) == sorted(hands)
    # the Dealing charts count each of those hands once
    for dist in dealt_distributions((cards_of(h), cards_of(s)) for h, s in hands):
        assert sum(dist.observed) == len(hands)
    # Seeger-Fabian per 36 deals list by list, oldest first, with its moving average
    sf_by_list.sort()
    points = over_time(again, YOU)
    assert [(p.finished, p.sf, p.deals) for p in points] == sf_by_list
    for i, p in enumerate(points):
        # the last five lists, or as many more as make 36 deals
        for start in range(max(0, i - TREND_LISTS + 1), -1, -1):
            window = sf_by_list[start:i + 1]
            if sum(w[2] for w in window) >= 36:
                break
        n = sum(w[2] for w in window)
        if n < 36:
            assert p.trend is None
        else:
            assert abs(p.trend - sum(w[1] for w in window) * 36 / n) < 1e-9
        assert p.sf_per_36 == (p.sf * 36 / p.deals if p.deals >= 36 else None)


def test_period_and_opponents_level(tmp_path: Path) -> None:
    save_lists(tmp_path, [(1, 3, 1), (2, 4, 1), (3, 3, 1)])
    lists = statcache.finished_summaries(Store(tmp_path))
    assert [s.list_id for s in in_period(lists, "list", "2026-11-27T21:00:00")] == ["l0"]
    assert [s.list_id for s in in_period(lists, "list", "x", current="l2")] == ["l2"]
    assert {s.list_id for s in in_period(lists, "all", "x")} == {"l0", "l1", "l2"}
    # the last 30 days: l2 finished 2026-11-25, 31 days before 12-26 and 30 before 12-25
    assert {s.list_id for s in in_period(lists, "days30", "2026-12-25T20:00:00")} == \
        {"l0", "l1", "l2"}
    assert {s.list_id for s in in_period(lists, "days30", "2026-12-26T20:00:01")} == \
        {"l0"}
    # three players: beginner and advanced; four: beginner, advanced, expert
    assert against(lists, YOU, "expert") == []
    assert {s.list_id for s in against(lists, YOU, None)} == {"l0", "l1", "l2"}
    assert [s.list_id for s in against(lists, player_key("Anna", "beginner"), None)] != []
    uniform = played_list(9, 3, 3)
    uniform.levels = [None, "expert", "expert"]
    data = archive_data(uniform, "2026-11-28T10:00:00")
    data["id"] = "u"
    (tmp_path / ARCHIVE_FOLDER / "u.json").write_text(json.dumps(
        {"format": FINISHED_FORMAT, "version": FINISHED_VERSION, "data": data}), "utf-8")
    lists = statcache.finished_summaries(Store(tmp_path))
    assert [s.list_id for s in against(lists, YOU, "expert")] == ["u"]


def test_the_cache_follows_the_files(tmp_path: Path) -> None:
    save_lists(tmp_path, [(4, 3, 2), (5, 3, 2)])
    statcache.forget()
    first = statcache.finished_summaries(Store(tmp_path))
    cache = statcache.cache_path(Store(tmp_path))
    assert cache is not None and cache.exists()
    # a list's file changed: read again (another list under the same name)
    session = played_list(77, 3, 6)
    data = archive_data(session, "2026-11-30T10:00:00")
    data["id"] = "l1"
    (tmp_path / ARCHIVE_FOLDER / "l1.json").write_text(json.dumps(
        {"format": FINISHED_FORMAT, "version": FINISHED_VERSION, "data": data}), "utf-8")
    statcache.forget()
    second = {s.list_id: s for s in statcache.finished_summaries(Store(tmp_path))}
    assert second["l1"].deals == 6 and second["l1"].finished == "2026-11-30T10:00:00"
    assert second["l0"].deals == next(s.deals for s in first if s.list_id == "l0")
    # a list's file removed: gone from the statistics and the cache
    (tmp_path / ARCHIVE_FOLDER / "l0.json").unlink()
    statcache.forget()
    assert [s.list_id for s in statcache.finished_summaries(Store(tmp_path))] == ["l1"]
    assert "l0" not in cache.read_text(encoding="utf-8")


def test_a_damaged_cache_is_rebuilt_without_a_word(tmp_path: Path) -> None:
    save_lists(tmp_path, [(6, 3, 2), (7, 4, 1)])
    statcache.forget()
    good = [(s.list_id, s.tallies, s.entry.rows) for s in
            statcache.finished_summaries(Store(tmp_path))]
    cache = statcache.cache_path(Store(tmp_path))
    assert cache is not None
    text = cache.read_bytes()
    rng = random.Random(1)
    damages = [b"", b"not json", text[: len(text) // 2], text.replace(b'"sf"', b'"xx"', 1),
               text.replace(b"[", b"{", 3), bytes(rng.randrange(256) for _ in range(200))]
    # a figure changed inside (a forged total): the checksum no longer fits
    head, _nl, rest = text.partition(b"\n")
    damages.append(head + b"\n" + rest.replace(b'"deals":', b'"deals":1', 1))
    for damaged in damages:
        cache.write_bytes(damaged)
        statcache.forget()
        store = Store(tmp_path)
        read = [(s.list_id, s.tallies, s.entry.rows)
                for s in statcache.finished_summaries(store)]
        assert read == good
        assert not store.has_problems  # nothing said
        assert cache.read_bytes() != damaged  # written anew
    # a folder in the cache's place: the statistics still open
    cache.unlink()
    cache.mkdir()
    statcache.forget()
    assert [s.list_id for s in statcache.finished_summaries(Store(tmp_path))] == \
        [g[0] for g in good]


def test_a_lists_mode_comes_through_the_cache(tmp_path: Path) -> None:
    """The statistics say how a list ended (Bierlachs, settled at a rate) whether the
    list is read from its file or from the cache."""
    from decimal import Decimal

    save_lists(tmp_path, [(8, 3, 2)])
    path = tmp_path / ARCHIVE_FOLDER / "l0.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["data"]["series"].update(mode="bierlachs", target=101, rate="0.5")
    path.write_text(json.dumps(doc), encoding="utf-8")
    for _ in range(2):  # from the file (the cache written), then from the cache
        statcache.forget()
        (s,) = statcache.finished_summaries(Store(tmp_path))
        e = s.entry
        assert (e.mode, e.limit, e.rate) == ("bierlachs", 101, Decimal("0.5"))
        assert "101" in e.mode_text(lambda key, **fmt: f"{key}{sorted(fmt.items())}")
