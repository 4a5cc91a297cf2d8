"""Statistics over every finished deal: per player and level.

The deals of finished lists, of lists closed early and of the list in
progress all count (:func:`lists_counted`); practice lists and deals played
again from a review do not.

A player is a name with a computer level; the human (level ``None``) is one
player whatever name the list gave them. Counted per player: lists and deals
played, games declared by kind, won and lost, and the average Seeger-Fabian
score per 36 deals (the length of a tournament list).

At a table of four the dealer sits out: a deal he sat out is not a deal he
played (``deals``, and so every figure over deals, leaves it out); it is
counted in ``sat_out``, and the Seeger-Fabian points the list gives him for it
(the others' lost games) are part of his score, averaged over the deals he sat
at the table (played and sat out).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from skatgame.table.archive import (
    ArchivedList,
    DealRow,
    FinishedList,
    archive_data,
    archived_from,
)

#: Contract kinds counted as declared games: four suits, Grand, Null (Ramsch is not declared).
DECLARED_KINDS = (0, 1, 2, 3, 4, 5)


@dataclass
class PlayerStats:
    """The figures of one player at one level (``level`` ``None``: the human)."""

    name: str
    level: str | None
    lists: int = 0
    deals: int = 0  # deals he played (not those he sat out)
    sat_out: int = 0  # deals he dealt at a table of four and sat out
    declared: dict[int, int] = field(default_factory=dict)  # contract kind -> games
    won: int = 0
    lost: int = 0
    sf_total: int = 0
    plain_total: int = 0

    @property
    def games(self) -> int:
        """Games declared (suit, Grand, Null)."""
        return sum(self.declared.values())

    @property
    def suit_games(self) -> int:
        return sum(self.declared.get(k, 0) for k in (0, 1, 2, 3))

    @property
    def sf_per_36(self) -> float | None:
        """Average Seeger-Fabian score per 36 deals at the table (``None`` before
        :data:`MIN_DEALS_PER_36` of them)."""
        return per_36(self.sf_total, self.deals + self.sat_out)

    @property
    def won_share(self) -> float | None:
        """Share of declared games won (``None`` before any)."""
        return self.won / self.games if self.games else None


def player_key(name: str, level: str | None) -> tuple[str, str]:
    """The key a player is counted under: the human is one player, whatever the name."""
    return ("", "human") if level is None else (name, level)


@dataclass(frozen=True)
class Tally:
    """One player's figures in one list (see :class:`PlayerStats`)."""

    deals: int = 0
    sat_out: int = 0
    declared: tuple[int, ...] = (0,) * len(DECLARED_KINDS)  # games per contract kind
    won: int = 0
    lost: int = 0
    sf: int = 0
    plain: int = 0


def tally(entry: ArchivedList, p: int) -> Tally:
    """Player ``p``'s :class:`Tally` of the list ``entry``."""
    deals = sat_out = won = lost = 0
    declared = [0] * len(DECLARED_KINDS)
    for row in entry.rows:
        if entry.size == 4 and row.dealer == p:  # he dealt and sat out
            sat_out += 1
            continue
        deals += 1
        if row.declarer == p and row.kind in DECLARED_KINDS:
            declared[row.kind] += 1
            won += row.won
            lost += not row.won
    return Tally(deals, sat_out, tuple(declared), won, lost, sum(r.sf[p] for r in entry.rows),
                 sum(r.plain[p] for r in entry.rows))


def compute(lists: Iterable[ArchivedList | ListStats]) -> list[PlayerStats]:
    """Statistics per player and level, the human first, then by deals played."""
    table: dict[tuple[str, str], PlayerStats] = {}
    for item in lists:
        s = item if isinstance(item, ListStats) else ListStats.of(item)
        if s.practice:
            continue
        seen: set[tuple[str, str]] = set()
        for p, t in enumerate(s.tallies):
            key = player_key(s.names[p], s.levels[p])
            st = table.get(key)
            if st is None:
                st = table[key] = PlayerStats(s.names[p] if s.levels[p] else "", s.levels[p])
            if key not in seen:
                st.lists += 1
                seen.add(key)
            st.deals += t.deals
            st.sat_out += t.sat_out
            st.won += t.won
            st.lost += t.lost
            st.sf_total += t.sf
            st.plain_total += t.plain
            for kind, n in enumerate(t.declared):
                if n:
                    st.declared[kind] = st.declared.get(kind, 0) + n
    return sorted(table.values(), key=lambda s: (s.level is not None, -s.deals, s.name,
                                                 s.level or ""))


def counted_session(in_progress: FinishedList | None) -> FinishedList | None:
    """The list at the table whose deals count: a deal played again counts for its list,
    a practice list not at all."""
    if getattr(in_progress, "replay", False):  # a deal played again: its list counts
        in_progress = getattr(in_progress, "origin", None)
    if getattr(in_progress, "practice", False):
        return None
    return in_progress


def lists_counted(archived: Iterable[ArchivedList],
                  in_progress: FinishedList | None) -> list[ArchivedList]:
    """The lists the statistics count, so that every finished deal counts.

    Finished lists and lists closed early are in the archive; the list in
    progress is added with the deals it has finished (once, by its id).
    """
    out = [e for e in archived if not e.practice]
    in_progress = counted_session(in_progress)
    if in_progress is not None and in_progress.series.rows and \
            all(e.list_id != in_progress.list_id for e in out):
        out.append(archived_from("", archive_data(in_progress, "")))
    return out


# ---------------------------------------------------------------- the charts' figures

#: The fewest deals at the table before a Seeger-Fabian figure per 36 deals is shown:
#: fewer deals scaled up to 36 say little (2 deals gave -3240).
MIN_DEALS_PER_36 = 36
#: Lists in the moving average of the Seeger-Fabian trend.
TREND_LISTS = 5
#: Periods the statistics can cover.
PERIODS = ("list", "days30", "all")
#: The days of the period "the last 30 days".
PERIOD_DAYS = 30
#: Declared kinds of the games chart: suit games (0-3), Grand, Null, and hand and ouvert
#: games (of any kind) as two more groups.
GAME_GROUPS = ("suit", "grand", "null", "hand", "ouvert")


@dataclass(frozen=True)
class Dealt:
    """The cards of one deal as dealt: each player's ten (0 for a dealer who sat out at
    four), the skat, and the player at Forehand."""

    hands: tuple[int, ...]
    skat: int
    forehand: int


class ListStats:
    """One list as the statistics need it: who played, when, each player's
    :class:`Tally`, and (read when first needed) its rows and the cards as dealt (one
    :class:`Dealt` per row; none when they are not known). ``detail`` reads the rows;
    ``raw`` gives them as a cache holds them, to be written back unread."""

    def __init__(self, name: str, list_id: str, finished: str, names: tuple[str, ...],
                 levels: tuple[str | None, ...], practice: bool, deals: int,
                 tallies: tuple[Tally, ...],
                 detail: Callable[[], tuple[ArchivedList, tuple[Dealt, ...]]],
                 raw: Callable[[], Any] | None = None) -> None:
        self.name = name
        self.list_id = list_id
        self.finished = finished
        self.names = names
        self.levels = levels
        self.practice = practice
        self.deals = deals
        self.tallies = tallies
        self._detail = detail
        self.raw = raw
        self._entry: ArchivedList | None = None
        self._dealt: tuple[Dealt, ...] = ()

    @classmethod
    def of(cls, entry: ArchivedList, dealt: tuple[Dealt, ...] = ()) -> ListStats:
        """The summary of a list read whole."""
        s = cls(entry.name, entry.list_id, entry.finished, entry.names, entry.levels,
                entry.practice, len(entry.rows),
                tuple(tally(entry, p) for p in range(entry.size)), lambda: (entry, dealt))
        s._entry, s._dealt = entry, dealt
        return s

    @property
    def loaded(self) -> bool:
        """Whether the rows have been read."""
        return self._entry is not None

    def _read(self) -> None:
        if self._entry is None:
            self._entry, self._dealt = self._detail()

    @property
    def entry(self) -> ArchivedList:
        """The list with its rows."""
        self._read()
        assert self._entry is not None
        return self._entry

    @property
    def dealt(self) -> tuple[Dealt, ...]:
        """The cards as dealt, one per row (none when not known)."""
        self._read()
        return self._dealt

    @property
    def size(self) -> int:
        return len(self.names)

    def index_of(self, key: tuple[str, str]) -> int | None:
        """The player index of ``key`` in this list (``None``: he did not play it)."""
        for p in range(self.size):
            if player_key(self.names[p], self.levels[p]) == key:
                return p
        return None


def in_period(lists: Sequence[ListStats], period: str, now: str,
              current: str | None = None) -> list[ListStats]:
    """The lists of ``period``: ``"list"`` the list ``current`` (its id; ``None``: the
    newest), ``"days30"`` those finished in the :data:`PERIOD_DAYS` days before ``now``
    (ISO text, as :func:`~skatgame.table.saved.now_text`), ``"all"`` every one."""
    if period == "all":
        return list(lists)
    if period == "list":
        if current is not None:
            return [s for s in lists if s.list_id == current][:1]
        newest = max(lists, key=lambda s: (s.finished, s.name), default=None)
        return [] if newest is None else [newest]
    if period != "days30":
        raise ValueError(f"unknown period {period!r}")
    limit = (datetime.fromisoformat(now) - timedelta(days=PERIOD_DAYS)).isoformat(
        timespec="seconds")
    return [s for s in lists if s.finished >= limit]


def against(lists: Sequence[ListStats], key: tuple[str, str],
            level: str | None) -> list[ListStats]:
    """The lists ``key`` played, against opponents of ``level`` only (``None``: any):
    every other player at the table had that level."""
    out = []
    for s in lists:
        p = s.index_of(key)
        if p is None:
            continue
        others = [lv for i, lv in enumerate(s.levels) if i != p]
        if level is None or all(lv == level for lv in others):
            out.append(s)
    return out


def cumulative(changes: Iterable[Sequence[int]], players: int) -> list[list[int]]:
    """Per player his total after each deal, starting with 0 before the first, from
    each deal's changes (one per player)."""
    out = [[0] for _ in range(players)]
    for change in changes:
        for p, v in enumerate(change):
            out[p].append(out[p][-1] + v)
    return out


def running_totals(entry: ArchivedList, kind: str | None = None) -> list[list[int]]:
    """:func:`cumulative` totals of a list (on its own kind, or ``kind``)."""
    sf = (kind or entry.list_kind) == "seeger-fabian"
    return cumulative((row.sf if sf else row.plain for row in entry.rows), entry.size)


def per_36(sf: int, at_table: int) -> float | None:
    """Seeger-Fabian points per 36 deals, from :data:`MIN_DEALS_PER_36` deals at the
    table on (``None`` before)."""
    return sf * 36 / at_table if at_table >= MIN_DEALS_PER_36 else None


@dataclass(frozen=True)
class ListPoint:
    """One list on the "over time" chart: when, the player's Seeger-Fabian points, his
    deals at the table, and the trend after it (``None`` before
    :data:`MIN_DEALS_PER_36` deals)."""

    finished: str
    sf: int
    deals: int
    trend: float | None

    @property
    def sf_per_36(self) -> float | None:
        """This list's points per 36 deals (``None`` for a list shorter than
        :data:`MIN_DEALS_PER_36` deals: its own figure would say little)."""
        return per_36(self.sf, self.deals)


def over_time(lists: Sequence[ListStats], key: tuple[str, str]) -> list[ListPoint]:
    """The player's Seeger-Fabian score per 36 deals list by list, oldest first, with a
    trend: a moving average, the points per 36 deals of the last :data:`TREND_LISTS`
    lists, reaching further back until they hold :data:`MIN_DEALS_PER_36` deals
    (each list weighs by its deals); ``None`` while all the lists so far hold fewer."""
    rows: list[tuple[str, str, int, int]] = []
    for s in lists:
        p = s.index_of(key)
        if p is None or not s.deals:
            continue
        rows.append((s.finished, s.name, s.tallies[p].sf, s.deals))
    rows.sort()
    out = []
    for i, (finished, _name, sf, deals) in enumerate(rows):
        start = max(0, i - TREND_LISTS + 1)
        while start > 0 and sum(w[3] for w in rows[start:i + 1]) < MIN_DEALS_PER_36:
            start -= 1
        window = rows[start:i + 1]
        out.append(ListPoint(finished, sf, deals,
                             per_36(sum(w[2] for w in window), sum(w[3] for w in window))))
    return out


@dataclass
class GameFigures:
    """The player's games: declared and won per group of :data:`GAME_GROUPS`, deals
    played, bids of his declared games, and his deals as a defender of a suit game or a
    grand with the defenders' card points."""

    declared: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GAME_GROUPS, 0))
    won: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GAME_GROUPS, 0))
    deals: int = 0
    games: int = 0
    games_won: int = 0
    bids: int = 0
    defended: int = 0
    defenders_points: int = 0

    @property
    def declared_share(self) -> float | None:
        """Share of his deals in which he declared a game."""
        return self.games / self.deals if self.deals else None

    @property
    def average_bid(self) -> float | None:
        return self.bids / self.games if self.games else None

    @property
    def win_rate(self) -> float | None:
        """Share of his declared games won."""
        return self.games_won / self.games if self.games else None

    @property
    def defenders_share(self) -> float | None:
        """The defenders' share of the 120 card points when he defended a suit game or
        a grand."""
        return self.defenders_points / (120 * self.defended) if self.defended else None


def game_groups(row: DealRow) -> list[str]:
    """The groups of :data:`GAME_GROUPS` a declared game belongs to."""
    kind = row.kind
    out = ["suit" if kind is not None and kind < 4 else "grand" if kind == 4 else "null"]
    if row.hand:
        out.append("hand")
    if row.ouvert:
        out.append("ouvert")
    return out


def game_figures(lists: Iterable[ListStats], key: tuple[str, str]) -> GameFigures:
    """The player's :class:`GameFigures` over ``lists`` (deals he sat out not counted)."""
    g = GameFigures()
    for s in lists:
        p = s.index_of(key)
        if p is None:
            continue
        for row in s.entry.rows:
            if s.entry.size == 4 and row.dealer == p:
                continue
            g.deals += 1
            if row.declarer is None or row.kind not in DECLARED_KINDS:
                continue
            if row.declarer == p:
                g.games += 1
                g.bids += row.bid
                g.games_won += row.won
                for group in game_groups(row):
                    g.declared[group] += 1
                    g.won[group] += row.won
            elif row.kind != 5:  # null: the points do not count
                g.defended += 1
                g.defenders_points += 120 - row.points
    return g


@dataclass(frozen=True)
class DealWorth:
    """One deal of the "cards or play?" chart: the hand's worth as the Expert saw it
    before the auction (``None``: not estimated yet) and what the player scored."""

    finished: str
    number: int
    worth: float | None
    scored: int


def hand_of(s: ListStats, deal: int, p: int) -> tuple[int, bool] | None:
    """Player ``p``'s ten dealt cards in deal ``deal`` (0-based) of ``s`` and whether he
    was at Forehand; ``None`` when he sat out or the cards are not known."""
    if deal >= len(s.dealt):
        return None
    d = s.dealt[deal]
    return (d.hands[p], d.forehand == p) if d.hands[p] else None


def cards_or_play(lists: Iterable[ListStats], key: tuple[str, str],
                  worth: Callable[[int, bool], float | None]) -> list[DealWorth]:
    """Per deal the player held cards in, oldest list first: the worth of his hand
    (``worth(mask, forehand)``) and his Seeger-Fabian points of the deal."""
    out = []
    for s in sorted(lists, key=lambda s: (s.finished, s.name)):
        p = s.index_of(key)
        if p is None:
            continue
        for i, row in enumerate(s.entry.rows):
            held = hand_of(s, i, p)
            if held is None:
                continue
            out.append(DealWorth(s.finished, row.number, worth(*held), row.sf[p]))
    return out


def dealt_hands(lists: Iterable[ListStats], key: tuple[str, str]) -> list[tuple[int, int]]:
    """The player's ten dealt cards and the skat of every deal he held cards in."""
    out = []
    for s in lists:
        p = s.index_of(key)
        if p is None:
            continue
        out += [(d.hands[p], d.skat) for d in s.dealt if d.hands[p]]
    return out
