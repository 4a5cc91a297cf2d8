"""A list (series) of deals: dealer rotation, 3 or 4 players, Bock rounds, score sheet."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from skatgame.engine.deal import Deal
from skatgame.engine.options import ISKO, RuleOptions
from skatgame.engine.records import (
    RecordError,
    deal_from_record,
    deal_to_record,
    series_to_record,
)
from skatgame.engine.scoring import DealResult, seeger_fabian
from skatgame.engine.settlement import RateError, Settlement, parse_rate, rate_text, settle
from skatgame.engine.shuffle import DEALING, DEALING_PYTHON, DEALINGS, derived_seed

LIST_KINDS = ("plain", "seeger-fabian")
#: How a list ends: after a number of deals, at a target score (the highest total wins),
#: or Bierlachs (at a limit; the lowest total pays). See :attr:`Series.mode`.
LIST_MODES = ("deals", "target", "bierlachs")


class SeriesError(ValueError):
    """A list that cannot be set up, or a deal that does not belong to it."""


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One deal on the score sheet. Scores are per player (index into ``players``)."""

    number: int  # 1-based
    dealer: int
    seat_players: tuple[int, int, int]  # players at Forehand, Middlehand, Rearhand
    result: DealResult
    bock: bool
    plain: tuple[int, ...]  # each player's change, plain list
    seeger_fabian: tuple[int, ...]  # each player's change, tournament list
    totals: tuple[int, ...]  # running totals in the series' list kind

    @property
    def declarer_player(self) -> int | None:
        d = self.result.declarer
        return None if d is None else self.seat_players[d]

    @property
    def kontra(self) -> int:
        """0, 1 for Kontra, 2 for Re (read from the result's doubling without Bock)."""
        r = self.result
        if r.passed or r.declarer is None:
            return 0
        return (r.multiplier // (2 if self.bock else 1)).bit_length() - 1


class Series:
    """A list of deals among 3 or 4 players.

    ``deals`` (a multiple of the number of players) or ``target`` ends the list;
    once someone's total reaches the target, the round in progress is played out
    (a round: each player has dealt once). ``bierlachs`` makes a target list a
    Bierlachs: the lowest total pays (:meth:`lachs`). ``rate`` (cents per point,
    "0": none) settles the list in money (:meth:`settlement`). With four players
    the dealer sits out the deal he dealt. Deals are shuffled from ``seed`` and the
    deal number, so a seed reproduces the whole list: ``dealing`` names how
    (:mod:`skatgame.engine.shuffle`; lists written before say 1). A new list in the
    game takes a seed of 128 bits from the operating system's cryptographic source.
    """

    def __init__(self, players: Sequence[str] = ("You", "Left", "Right"), *,
                 deals: int | None = 36, target: int | None = None,
                 options: RuleOptions = ISKO, seed: int | str = 0,
                 list_kind: str = "seeger-fabian", first_dealer: int = 0,
                 dealing: int = DEALING, bierlachs: bool = False, rate: str = "0") -> None:
        n = len(players)
        if n not in (3, 4):
            raise SeriesError(f"a list needs 3 or 4 players, not {n}")
        if deals is None and target is None:
            raise SeriesError("give a number of deals or a target score")
        if deals is not None and (deals <= 0 or deals % n):
            raise SeriesError(f"the number of deals must be a positive multiple of {n}")
        if target is not None and target <= 0:
            raise SeriesError("the target score must be positive")
        if list_kind not in LIST_KINDS:
            raise SeriesError(f"list kind must be one of {', '.join(LIST_KINDS)}")
        if not 0 <= first_dealer < n:
            raise SeriesError(f"first dealer must be a player index below {n}")
        if type(dealing) is not int or dealing not in DEALINGS:
            raise SeriesError(f"unknown dealing {dealing!r} (this program knows {DEALINGS})")
        if bierlachs and (target is None or deals is not None):
            raise SeriesError("a Bierlachs list is played to a limit, not a number of deals")
        try:
            self.rate = parse_rate(rate)
        except RateError as e:
            raise SeriesError(str(e)) from None
        self.bierlachs = bierlachs
        self.players = list(players)
        self.planned_deals = deals
        self.target = target
        self.options = options
        self.seed = seed
        self.dealing = dealing
        self.list_kind = list_kind
        self.first_dealer = first_dealer
        self.rows: list[SheetRow] = []
        self.records: list[dict[str, Any]] = []
        self.bock_deals = 0  # deals still to be played as Bock
        self.current: Deal | None = None
        #: seeds given for single deals (by 0-based number), which replace the derived ones:
        #: a table that must not let one deal's seed tell another's (a network table) draws
        #: each deal's seed on its own before :meth:`next_deal`
        self.deal_seeds: dict[int, str] = {}
        #: the deal last put on the sheet (its result stays on the table until the next)
        self.recorded: Deal | None = None

    # ------------------------------------------------------------ rotation

    @property
    def size(self) -> int:
        return len(self.players)

    @property
    def deal_number(self) -> int:
        """0-based number of the deal being played (or next to be played)."""
        return len(self.rows)

    def dealer(self, number: int | None = None) -> int:
        n = self.deal_number if number is None else number
        return (self.first_dealer + n) % len(self.players)

    def seat_players(self, number: int | None = None) -> tuple[int, int, int]:
        """Players at Forehand, Middlehand and Rearhand for a deal."""
        return _seating(len(self.players), self.dealer(number))

    @property
    def table_number(self) -> int:
        """0-based number of the deal at the table: the one in play, or, between deals,
        the one just put on the sheet."""
        if self.current is None and self.rows:
            return len(self.rows) - 1
        return len(self.rows)

    @property
    def at_table(self) -> Deal | None:
        """The deal at the table: the one in play, else the one just recorded."""
        return self.current if self.current is not None else self.recorded

    def deal_seed(self, number: int) -> str:
        """The seed the cards of deal ``number`` (0-based) are shuffled from: one given for
        it, else derived from the list's seed (dealing 2: HMAC-SHA256 of the list's seed
        and the number, so that one deal's seed tells nothing of another's; dealing 1:
        ``seed:number``)."""
        given = self.deal_seeds.get(number)
        if given is not None:
            return given
        if self.dealing == DEALING_PYTHON:
            return f"{self.seed}:{number}"
        return derived_seed(self.seed, number)

    @property
    def mode(self) -> str:
        """How the list ends, one of :data:`LIST_MODES`."""
        if self.bierlachs:
            return "bierlachs"
        return "deals" if self.planned_deals is not None else "target"

    def lachs(self) -> tuple[int, ...]:
        """Bierlachs: the players with the lowest total, who pay (several when tied;
        empty before the first deal and in other lists)."""
        if not self.bierlachs or not self.rows:
            return ()
        totals = self.totals()
        low = min(totals)
        return tuple(i for i, t in enumerate(totals) if t == low)

    def settlement(self) -> Settlement | None:
        """Who pays whom at the list's rate (``None``: no rate). In Bierlachs only the
        Lachs pays (see :mod:`skatgame.engine.settlement`)."""
        if not self.rate:
            return None
        return settle(self.totals(), self.rate, self.lachs() if self.bierlachs else None)

    @property
    def finished(self) -> bool:
        n = len(self.rows)
        if self.planned_deals is not None and n >= self.planned_deals:
            return True
        if self.target is not None:
            # once someone reaches the target, the round in progress is played out
            for i, row in enumerate(self.rows):
                if max(row.totals) >= self.target:
                    round_end = (i // self.size + 1) * self.size
                    return n >= round_end
        return False

    # ------------------------------------------------------------ play

    def next_deal(self) -> Deal:
        """The deal to play now (the same object until it is recorded)."""
        if self.finished:
            raise SeriesError("the list is finished")
        if self.current is None:
            mult = 2 if self.bock_deals > 0 else 1
            self.current = Deal.from_seed(self.deal_seed(self.deal_number), self.options,
                                          multiplier=mult, dealing=self.dealing)
        return self.current

    def record_deal(self, deal: Deal | None = None) -> SheetRow:
        """Put the finished current deal on the score sheet."""
        deal = deal or self.current
        if deal is None or deal is not self.current:
            raise SeriesError("only the current deal of the list can be recorded")
        if not deal.done or deal.result is None:
            raise SeriesError("the deal is not over yet")
        result = deal.result
        number = self.deal_number
        seats = self.seat_players(number)
        plain = [0] * self.size
        sf = [0] * self.size
        for seat in range(3):
            plain[seats[seat]] += result.scores[seat]
        sf_seats = seeger_fabian(result, self.size)
        for seat in range(3):
            sf[seats[seat]] += sf_seats[seat]
        if self.size == 4:
            sf[self.dealer(number)] += sf_seats[3]
        bock = deal.multiplier > 1
        if bock:
            self.bock_deals -= 1
        if self.options.bock and _triggers_bock(deal):
            self.bock_deals += self.size
        previous = self.rows[-1].totals if self.rows else (0,) * self.size
        change = sf if self.list_kind == "seeger-fabian" else plain
        totals = tuple(previous[i] + change[i] for i in range(self.size))
        row = SheetRow(number + 1, self.dealer(number), seats, result, bock, tuple(plain),
                       tuple(sf), totals)
        self.rows.append(row)
        self.records.append(deal_to_record(
            deal, record_id=str(number + 1), seed=self.deal_seed(number), dealing=self.dealing,
            extra={"dealer": row.dealer, "seat_players": list(seats)},
        ))
        self.current = None
        self.recorded = deal
        return row

    def totals(self, list_kind: str | None = None) -> tuple[int, ...]:
        """Each player's total in the given list kind (default: the series' own)."""
        kind = list_kind or self.list_kind
        out = [0] * self.size
        for row in self.rows:
            change = row.seeger_fabian if kind == "seeger-fabian" else row.plain
            for i, v in enumerate(change):
                out[i] += v
        return tuple(out)

    # ------------------------------------------------------------ records

    def to_record(self, written_by: str | None = None) -> dict[str, Any]:
        """The whole list as a JSON-ready record (finished deals, plus the one in play);
        ``written_by`` names the program writing it (``"skatgame 1.2.3"``)."""
        data = series_to_record(
            list(self.records), players=self.players, table_size=self.size,
            options=self.options, list_kind=self.list_kind, seed=self.seed,
            planned_deals=self.planned_deals, target=self.target, written_by=written_by,
        )
        if self.dealing != DEALING_PYTHON:  # lists written before have no dealing: 1
            data["dealing"] = self.dealing
        data["first_dealer"] = self.first_dealer
        data["bock_deals"] = self.bock_deals
        if self.bierlachs:  # older readers see a target list; older records have none
            data["mode"] = "bierlachs"
        if self.rate:
            data["rate"] = rate_text(self.rate)
        if self.deal_seeds:
            data["deal_seeds"] = {str(n): s for n, s in sorted(self.deal_seeds.items())}
        if self.current is not None:
            data["current"] = deal_to_record(self.current, seed=self.deal_seed(self.deal_number),
                                             dealing=self.dealing, written_by=written_by)
        return data

    @classmethod
    def from_record(cls, data: Any) -> Series:
        """Rebuild a list from :meth:`to_record`, replaying every deal."""
        from skatgame.engine.options import OptionsError
        from skatgame.engine.records import RECORD_VERSION, SERIES_FORMAT

        if not isinstance(data, dict) or data.get("format") != SERIES_FORMAT:
            raise RecordError("not a skatgame list record")
        if data.get("version") != RECORD_VERSION:
            raise RecordError(f"unsupported list record version {data.get('version')!r}")
        try:
            options = RuleOptions.from_dict(data.get("options", {}))
            players = data["players"]
            if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                raise RecordError("players must be a list of names")
            mode = data.get("mode", "deals")
            if mode not in LIST_MODES:
                raise RecordError(f"unknown list mode {mode!r}")
            series = cls(players, deals=data.get("planned_deals"), target=data.get("target"),
                         options=options, seed=data.get("seed", 0),
                         list_kind=data.get("list", "seeger-fabian"),
                         first_dealer=data.get("first_dealer", 0),
                         dealing=data.get("dealing", DEALING_PYTHON),
                         bierlachs=mode == "bierlachs", rate=data.get("rate", "0"))
        except (OptionsError, SeriesError, KeyError, TypeError) as e:
            raise RecordError(f"bad list record: {e}") from None
        seeds = data.get("deal_seeds", {})
        if not isinstance(seeds, dict) or not all(
                isinstance(k, str) and k.isdigit() and isinstance(v, str) and len(v) <= 200
                for k, v in seeds.items()):
            raise RecordError("deal_seeds must map deal numbers to seed texts")
        series.deal_seeds = {int(k): v for k, v in seeds.items()}
        deals = data.get("deals", [])
        if not isinstance(deals, list):
            raise RecordError("deals must be a list")
        for i, rec in enumerate(deals):
            deal = series.next_deal()
            replayed = deal_from_record(rec)
            if replayed.cards != deal.cards or replayed.multiplier != deal.multiplier:
                raise RecordError(f"deal {i + 1} does not belong to this list (other cards)")
            if not replayed.done:
                raise RecordError(f"deal {i + 1} of the list is not finished")
            series.current = replayed
            series.record_deal(replayed)
        current = data.get("current")
        if current is not None:
            deal = series.next_deal()
            replayed = deal_from_record(current)
            if replayed.cards != deal.cards:
                raise RecordError("the deal in progress does not belong to this list")
            series.current = replayed
        return series


@functools.lru_cache(maxsize=8)
def _seating(size: int, dealer: int) -> tuple[int, int, int]:
    """The players at Forehand, Middlehand and Rearhand when ``dealer`` deals (asked for
    many times a frame by the window: worked out once)."""
    order = [(dealer + 1 + i) % size for i in range(size)]
    active = [p for p in order if p != dealer] if size == 4 else order
    return (active[0], active[1], active[2])


def _triggers_bock(deal: Deal) -> bool:
    r = deal.result
    if r is None or r.passed:
        return False
    if r.declarer is None:  # Ramsch
        return "tie" in r.notes
    if deal.kontra and not r.won:
        return True
    return r.schneider and r.game_value >= 60
