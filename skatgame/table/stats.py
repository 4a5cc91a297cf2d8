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

from collections.abc import Iterable
from dataclasses import dataclass, field

from skatgame.table.archive import ArchivedList, FinishedList, archive_data, archived_from

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
        """Average Seeger-Fabian score per 36 deals at the table (``None`` before any)."""
        at_table = self.deals + self.sat_out
        return self.sf_total * 36 / at_table if at_table else None

    @property
    def won_share(self) -> float | None:
        """Share of declared games won (``None`` before any)."""
        return self.won / self.games if self.games else None


def player_key(name: str, level: str | None) -> tuple[str, str]:
    """The key a player is counted under: the human is one player, whatever the name."""
    return ("", "human") if level is None else (name, level)


def compute(lists: Iterable[ArchivedList]) -> list[PlayerStats]:
    """Statistics per player and level, the human first, then by deals played."""
    table: dict[tuple[str, str], PlayerStats] = {}
    for entry in lists:
        if entry.practice:
            continue
        seen: set[tuple[str, str]] = set()
        for p in range(len(entry.names)):
            key = player_key(entry.names[p], entry.levels[p])
            st = table.get(key)
            if st is None:
                st = table[key] = PlayerStats(entry.names[p] if entry.levels[p] else "",
                                              entry.levels[p])
            if key not in seen:
                st.lists += 1
                seen.add(key)
            for row in entry.rows:
                st.sf_total += row.sf[p]
                st.plain_total += row.plain[p]
                if entry.size == 4 and row.dealer == p:  # he dealt and sat out
                    st.sat_out += 1
                    continue
                st.deals += 1
                if row.declarer == p and row.kind in DECLARED_KINDS:
                    st.declared[row.kind] = st.declared.get(row.kind, 0) + 1
                    if row.won:
                        st.won += 1
                    else:
                        st.lost += 1
    return sorted(table.values(), key=lambda s: (s.level is not None, -s.deals, s.name,
                                                 s.level or ""))


def lists_counted(archived: Iterable[ArchivedList],
                  in_progress: FinishedList | None) -> list[ArchivedList]:
    """The lists the statistics count, so that every finished deal counts.

    Finished lists and lists closed early are in the archive; the list in
    progress is added with the deals it has finished (once, by its id).
    """
    out = [e for e in archived if not e.practice]
    if getattr(in_progress, "replay", False):  # a deal played again: its list counts
        in_progress = getattr(in_progress, "origin", None)
    if getattr(in_progress, "practice", False):
        in_progress = None
    if in_progress is not None and in_progress.series.rows and \
            all(e.list_id != in_progress.list_id for e in out):
        out.append(archived_from("", archive_data(in_progress, "")))
    return out
