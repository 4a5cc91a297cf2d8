"""Statistics per player and level."""

from __future__ import annotations

from skatgame.table.archive import ArchivedList, DealRow
from skatgame.table.stats import MIN_DEALS_PER_36, compute, per_36


def row(n: int, declarer: int | None, kind: int | None, won: bool,
        sf: tuple[int, int, int]) -> DealRow:
    return DealRow(number=n, dealer=(n - 1) % 3, declarer=declarer, kind=kind, hand=False,
                   schneider=False, schwarz=False, ouvert=False, won=won, bid=18, points=70,
                   value=sf[declarer] if declarer is not None else 0, plain=sf, sf=sf)


def listed(names: tuple[str, str, str], levels: tuple[str | None, ...],
           rows: list[DealRow]) -> ArchivedList:
    return ArchivedList(name="finished/x", list_id="x", started="2024-01-01T10:00:00",
                        finished="2024-01-01T11:00:00", names=names,
                        levels=(levels[0], levels[1], levels[2]), list_kind="seeger-fabian",
                        planned=len(rows), rows=tuple(rows))


def test_figures_per_player_and_level() -> None:
    a = listed(("You", "Anna", "Ben"), (None, "expert", "beginner"), [
        row(1, 0, 4, True, (96, -40, -40)),      # You: Grand won
        row(2, 1, 0, False, (40, -146, 40)),     # Anna: Clubs lost
        row(3, None, None, False, (0, 0, 0)),    # passed in
    ])
    b = listed(("Du", "Anna", "Ben"), (None, "beginner", "beginner"), [
        row(1, 0, 5, True, (73, -40, -40)),      # the human again (German name): Null won
        row(2, 2, 6, False, (0, -20, -30)),      # Ramsch: not a declared game
        row(3, 1, 2, True, (-40, 60, -40)),      # Anna (beginner): Hearts won
    ])
    figures = compute([a, b])
    table = {(s.name, s.level): s for s in figures}
    you = table[("", None)]
    assert figures[0] is you  # the human first
    assert (you.lists, you.deals, you.games, you.won, you.lost) == (2, 6, 2, 2, 0)
    assert you.declared == {4: 1, 5: 1}
    assert you.sf_total == 96 + 40 + 73 - 40
    assert you.sf_per_36 is None  # 6 deals: no figure per 36 deals before 36 of them
    assert per_36(you.sf_total, 36) == 96 + 40 + 73 - 40
    # Anna counts separately per level
    assert table[("Anna", "expert")].lost == 1 and table[("Anna", "expert")].deals == 3
    assert table[("Anna", "beginner")].won == 1 and table[("Anna", "beginner")].suit_games == 1
    ben = table[("Ben", "beginner")]
    assert (ben.lists, ben.deals, ben.games) == (2, 6, 0)
    assert ben.won_share is None and ben.sf_per_36 is None


def test_no_lists_no_figures() -> None:
    assert compute([]) == []


def four_row(n: int, dealer: int, declarer: int | None, kind: int | None, won: bool,
             sf: tuple[int, int, int, int]) -> DealRow:
    return DealRow(number=n, dealer=dealer, declarer=declarer, kind=kind, hand=False,
                   schneider=False, schwarz=False, ouvert=False, won=won, bid=18, points=70,
                   value=0, plain=sf, sf=sf)


def test_a_deal_sat_out_at_four_is_not_a_deal_played() -> None:
    rows = [
        four_row(1, 0, 1, 4, False, (30, -146, 40, 40)),  # You deal and sit out; Anna loses
        four_row(2, 1, 0, 0, True, (96, 0, -40, -40)),    # Anna sits out; You win Clubs
        four_row(3, 2, 3, 5, True, (-40, -40, 0, 73)),    # Ben sits out; Clara wins Null
        four_row(4, 3, 0, 2, False, (-146, 40, 40, 30)),  # Clara sits out; You lose Hearts
        four_row(5, 0, None, None, False, (0, 0, 0, 0)),  # You sit out; passed in
    ]
    entry = ArchivedList(name="finished/y", list_id="y", started="2024-01-01T10:00:00",
                         finished="2024-01-01T11:00:00", names=("You", "Anna", "Ben", "Clara"),
                         levels=(None, "expert", "beginner", "advanced"),
                         list_kind="seeger-fabian", planned=5, rows=tuple(rows))
    table = {(s.name, s.level): s for s in compute([entry])}
    you = table[("", None)]
    assert (you.deals, you.sat_out, you.games, you.won, you.lost) == (3, 2, 2, 1, 1)
    assert you.won_share == 0.5
    # his score keeps the 30 he got while sitting out, averaged over the deals at the table
    assert you.sf_total == 30 + 96 - 40 - 146
    assert you.sf_per_36 is None and you.sf_total == 30 + 96 - 40 - 146
    anna = table[("Anna", "expert")]
    assert (anna.deals, anna.sat_out, anna.lost) == (4, 1, 1)
    assert (table[("Ben", "beginner")].deals, table[("Clara", "advanced")].deals) == (4, 4)
    # three at the table: nobody sits out, the dealer plays
    three = listed(("You", "Anna", "Ben"), (None, "expert", "beginner"),
                   [row(1, 0, 4, True, (96, -40, -40))])
    assert compute([three])[0].deals == 1 and compute([three])[0].sat_out == 0


def test_the_figure_per_36_deals_from_36_deals_on() -> None:
    assert MIN_DEALS_PER_36 == 36
    assert per_36(-180, 2) is None and per_36(-180, 35) is None
    assert per_36(-180, 36) == -180 and per_36(100, 72) == 50
