"""A list being played at the table: the series, who sits where, the computer players.

Players are numbered clockwise from the human at the bottom: at three seats 1
is the opponent at the left, 2 the one at the right; at four seats 1 left, 2
across (top), 3 right. Deal seats (0 Forehand, 1 Middlehand, 2 Rearhand)
rotate from deal to deal; :meth:`Session.player_of` maps them. At four seats
the dealer sits out the deal (:attr:`Session.sitting_out`). The deal at the
table, its seats and its dealer are read from the list (:class:`Series`), never
kept beside it. Who thinks for the computer players is not this module's
business (:mod:`skatgame.table.local`).
"""

from __future__ import annotations

from typing import Any, NewType

from skatgame.engine.actions import Play
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.options import RuleOptions
from skatgame.engine.records import RecordError
from skatgame.engine.seats import Seat
from skatgame.engine.series import Series, SheetRow
from skatgame.engine.shuffle import DEALING, DEALING_PYTHON, commitment, shuffled
from skatgame.table.archive import archive_session
from skatgame.table.i18n import Message, Tr
from skatgame.table.names import is_you
from skatgame.table.saved import (
    LIST_DOC,
    LIST_FORMAT,
    LIST_VERSION,
    now_text,
    players_of,
    summary_from,
)
from skatgame.table.seatview import WATCHER, Viewer
from skatgame.table.seeds import fresh_seed
from skatgame.table.store import LoadResult, Store, is_safe_id
from skatgame.table.timer import MOVE_TIMERS
from skatgame.version import written_by

PlayerIndex = NewType("PlayerIndex", int)
"""A player of the list: an index into its names, clockwise from the human at the
bottom (not a deal seat, which rotates from deal to deal; not a place on the screen)."""

#: The player at the bottom of the screen: the human (in a demo, a computer in his place).
BOTTOM_PLAYER = PlayerIndex(0)

__all__ = ["BOTTOM_PLAYER", "LIST_DOC", "LIST_FORMAT", "LIST_VERSION", "PlayerIndex",
           "ReplaySession", "Session", "close_list_in_progress", "load_saved_session",
           "new_session", "now_text", "save_session", "saved_demo"]


class Session:
    """One list at the table.

    ``levels[p]`` is the computer level of player ``p``, ``None`` for the
    human. ``deal_limit`` ends a demo after that many deals. ``list_id``
    names the list in the archive once it is finished; ``started`` is when it
    began (ISO text). A ``practice`` list allows taking back cards, shows the
    review after every deal and is kept out of the statistics.
    """

    #: a deal played again from a review (:class:`ReplaySession`): never saved or counted
    replay = False
    #: a list at a table across the network (kept where the table runs, not here)
    remote = False
    #: seconds per decision of the human (0: no move timer; a replayed deal has none)
    move_timer = 0

    def __init__(self, series: Series, names: list[str], levels: list[str | None], *,
                 deal_limit: int | None = None, list_id: str | None = None,
                 started: str | None = None, practice: bool = False,
                 move_timer: int = 0) -> None:
        if len(names) not in (3, 4) or len(levels) != len(names) or \
                len(names) != series.size:
            raise ValueError("a table has three or four players, each with a name and level")
        self._set_up(series, names, levels, deal_limit=deal_limit, practice=practice,
                     move_timer=move_timer, started=started, list_id=list_id)
        if series.current is None:
            series.next_deal()

    def _set_up(self, series: Series, names: list[str], levels: list[str | None], *,
                deal_limit: int | None, practice: bool, move_timer: int,
                started: str | None, list_id: str | None) -> None:
        """The fields of every session (a list at the table, a finished list restored for
        archiving, a deal played again); without ``list_id`` one is made from the start
        time and the series' seed."""
        self.series = series
        self.names = list(names)
        self.levels = list(levels)
        self.deal_limit = deal_limit
        self.practice = practice
        self.move_timer = move_timer
        self.started = started or now_text()
        if list_id is None:
            stamp = "".join(c for c in self.started if c.isalnum())
            list_id = f"{stamp}-{_seed_text(series)}"
        self.list_id = list_id
        self.last_row: SheetRow | None = None
        #: the deal whose commitment was worked out last, and the commitment
        self._commitment_of: tuple[tuple[int, int] | None, str | None] = (None, None)

    def relabel(self, tr: Tr) -> None:
        """Call the human "You" in the current language, unless the player chose a name."""
        for p, level in enumerate(self.levels):
            if level is None and is_you(self.names[p]):
                self.names[p] = tr("table.you")

    @property
    def size(self) -> int:
        """Players at the table: 3 or 4."""
        return len(self.names)

    @property
    def players(self) -> list[PlayerIndex]:
        """The players of the list, clockwise from the bottom."""
        return [PlayerIndex(p) for p in range(len(self.names))]

    @property
    def sitting_out(self) -> PlayerIndex | None:
        """The player who deals and sits out the deal at the table (four seats), else ``None``."""
        return self.dealer if self.size == 4 else None

    @property
    def human_player(self) -> PlayerIndex | None:
        """The human's player index (``None`` in a demo, where computers take every place)."""
        for p, level in enumerate(self.levels):
            if level is None:
                return PlayerIndex(p)
        return None

    @property
    def human_sits_out(self) -> bool:
        """Whether the human deals this deal at a four-seat table and watches it."""
        return self.sitting_out is not None and self.sitting_out == self.human_player

    # ------------------------------------------------------------ seats

    @property
    def deal(self) -> Deal:
        """The deal at the table: the one in play, or between deals the one just scored."""
        deal = self.series.at_table
        if deal is None:
            raise RuntimeError("the list has no deal at the table")
        return deal

    @property
    def result_shown(self) -> bool:
        """Whether the deal at the table is over (its result is on the table)."""
        deal = self.series.at_table
        return deal is not None and deal.done

    @property
    def dealer(self) -> PlayerIndex:
        """The player who dealt the deal at the table."""
        return PlayerIndex(self.series.dealer(self.series.table_number))

    @property
    def seat_players(self) -> tuple[PlayerIndex, PlayerIndex, PlayerIndex]:
        """Players at Forehand, Middlehand and Rearhand in the deal at the table."""
        seating: tuple[PlayerIndex, PlayerIndex, PlayerIndex] = \
            self.series.seat_players(self.series.table_number)  # type: ignore[assignment]
        return seating  # (player indexes: PlayerIndex is an int)

    @property
    def seats(self) -> tuple[PlayerIndex, PlayerIndex, PlayerIndex]:
        """The same as :attr:`seat_players`."""
        return self.seat_players

    def player_of(self, seat: int) -> PlayerIndex:
        """The player at the deal seat ``seat``."""
        return self.seat_players[seat]

    def seat_of(self, player: PlayerIndex) -> Seat:
        """The deal seat of ``player``; ``ValueError`` for the dealer sitting out."""
        return Seat(self.seat_players.index(player))

    def name_of(self, seat: int) -> str:
        return self.names[self.player_of(seat)]

    def about(self, tr: Tr, key: str, seat: int, **fmt: object) -> str:
        """A text about a seat: ``key`` with the player's name, ``key.you`` for the human."""
        if self.is_human(seat):
            return tr(f"{key}.you", **fmt)
        return tr(key, player=self.name_of(seat), **fmt)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.levels[self.player_of(seat)] is None

    @property
    def human_seat(self) -> Seat | None:
        """The deal seat of the player at the bottom of the screen (``None``: he sits out)."""
        return None if self.sitting_out == BOTTOM_PLAYER else self.seat_of(BOTTOM_PLAYER)

    @property
    def viewer(self) -> Viewer:
        """Whose eyes the window looks through: the bottom player's seat (the human's,
        or in a demo the computer's at the bottom); ``WATCHER`` while he sits out."""
        seat = self.human_seat
        return WATCHER if seat is None else Seat(seat)

    @property
    def dealer_seat(self) -> int | None:
        """The dealer is Rearhand at three seats; at four he sits out (``None``)."""
        return 2 if self.size == 3 else None

    @property
    def finished(self) -> bool:
        """Whether the list (or the demo) is over."""
        if self.deal_limit is not None and len(self.series.rows) >= self.deal_limit:
            return True
        return self.series.finished

    @property
    def deal_number(self) -> int:
        """1-based number of the deal at the table (also while its result is shown)."""
        return self.series.table_number + 1

    @property
    def planned_deals(self) -> int | None:
        if self.deal_limit is not None:
            return self.deal_limit
        return self.series.planned_deals

    # ------------------------------------------------------------ moves

    @property
    def deal_seed(self) -> str:
        """The base of the computer players' seeds in this deal (``{base}:{seat}:{kind}``)."""
        return self.series.deal_seed(self.series.deal_number)

    def seed_for(self, seat: int, kind: str) -> str:
        """A computer player's seed at ``seat`` for ``kind`` of job in this deal: one per
        seat and deal (the players mix in the observation themselves, and the worker
        keeps a player per seed, so its estimates carry over from bid to bid). From
        dealing 2 on it is made from the deal's commitment, not its seed: a computer
        player is handed nothing that holds the other hands."""
        base = self.deal_seed
        if self.series.dealing != DEALING_PYTHON:
            base = commitment(f"computer players:{base}")[:32]
        return f"{base}:{seat}:{kind}"

    def deal_commitment(self) -> str | None:
        """The commitment (SHA-256) to the seed of the deal at the table, shown as its
        fingerprint; ``None`` when the deal was not dealt from its seed by a dealing with
        commitments (a lesson's or a replayed deal, a list written before)."""
        series = self.series
        deal = series.at_table
        if deal is None or series.dealing == DEALING_PYTHON:
            return None
        number = series.table_number
        key = (number, id(deal))
        if self._commitment_of[0] != key:
            seed = series.deal_seed(number)
            dealt = shuffled(seed, series.dealing) == deal.cards
            self._commitment_of = (key, commitment(seed) if dealt else None)
        return self._commitment_of[1]

    def record(self) -> SheetRow | None:
        """Put the finished deal on the score sheet."""
        self.last_row = self.series.record_deal(self.deal)
        return self.last_row

    def can_take_back(self, seat: int) -> bool:
        """Whether the human at ``seat`` may take back a card now (a practice list, in
        the play, after a card of theirs)."""
        deal = self.deal
        return (self.practice and not deal.done and deal.phase is Phase.PLAY
                and any(s == seat and isinstance(a, Play) for s, a in deal.history))

    def take_back(self, seat: int) -> bool:
        """Take back the last card ``seat`` played and every card after it (practice).

        The deal is replayed from its cards without those moves; the list keeps
        it as its deal at the table. False when there is nothing to take back.
        """
        if not self.can_take_back(seat):
            return False
        old = self.deal
        last = max(i for i, (s, a) in enumerate(old.history)
                   if s == seat and isinstance(a, Play))
        self.series.current = old.replayed(last)
        return True

    @property
    def saveable(self) -> bool:
        """Whether this list is kept on disk (a deal played again is not)."""
        return True

    def next_deal(self) -> Deal:
        """Start the next deal of the list."""
        return self.series.next_deal()

    # ------------------------------------------------------------ saving

    @property
    def deals_done(self) -> int:
        """Deals played to the end: those on the sheet, and the one at the table if it is over."""
        current = self.series.current
        return len(self.series.rows) + (1 if current is not None and current.done else 0)

    def to_record(self) -> dict[str, Any]:
        """The list as plain JSON values (for the store), with a summary for the menu."""
        return {
            "series": self.series.to_record(written_by()),
            "names": self.names, "levels": self.levels,
            "id": self.list_id, "started": self.started, "deal_limit": self.deal_limit,
            **({"practice": True} if self.practice else {}),
            "move_timer": self.move_timer,
            "summary": {"saved": now_text(), "totals": list(self.series.totals())},
        }

    @classmethod
    def from_record(cls, data: Any, *, allow_finished: bool = False) -> Session:
        """A session from :meth:`to_record`; raises ``RecordError`` when it cannot be used.

        Every deal is replayed through the engine. A finished list is refused
        unless ``allow_finished`` (then it has no deal at the table: only for
        archiving it).
        """
        if not isinstance(data, dict):
            raise RecordError("not a saved list")
        try:
            names, levels = players_of(data)
        except ValueError:
            raise RecordError("the saved list has no player names and levels") from None
        list_id, started, limit = data.get("id"), data.get("started"), data.get("deal_limit")
        if list_id is not None and not is_safe_id(list_id):
            raise RecordError("the saved list has a bad id")
        if started is not None and not isinstance(started, str):
            raise RecordError("the saved list has a bad date")
        if limit is not None and (type(limit) is not int or limit <= 0):
            raise RecordError("the saved list has a bad deal limit")
        practice = data.get("practice", False) is True  # older lists have no flag
        timer = data.get("move_timer", 0)
        if timer not in MOVE_TIMERS or type(timer) is not int:
            raise RecordError("the saved list has a bad move timer")
        series = Series.from_record(data.get("series"))
        if len(series.players) != len(names):
            raise RecordError("the saved list's players do not match its deals")
        finished = series.finished or (limit is not None and len(series.rows) >= limit)
        if finished and not allow_finished:
            raise RecordError("the saved list is finished")
        if finished:
            session = cls.__new__(cls)
            session._set_up(series, names, levels, deal_limit=limit,
                            practice=practice, move_timer=timer, started=started,
                            list_id=list_id or f"restored-{_seed_text(series)}")
            return session
        return cls(series, names, levels, deal_limit=limit, list_id=list_id,
                   started=started, practice=practice, move_timer=timer)


class ReplaySession(Session):
    """One deal played again from its review, for practice: the same cards in the
    same seats, from the dealing or from a trick. Not on the list, never saved,
    not in the statistics. ``origin`` is the list it came from (None: the
    finished lists), ``number`` the deal's number there.
    """

    replay = True

    def __init__(self, deal: Deal, names: list[str], levels: list[str | None],
                 seat_players: tuple[int, int, int], *, origin: Session | None = None,
                 number: int | None = None) -> None:
        players = [names[0], names[1], names[2]]
        series = Series(players, deals=3, options=deal.options, seed="practice")
        self._set_up(series, players, [levels[0], levels[1], levels[2]],
                     deal_limit=None, practice=True, move_timer=0, started=None,
                     list_id="practice")
        series.current = deal
        self._seats = seat_players
        self.origin = origin
        self.number = number

    @property
    def seat_players(self) -> tuple[PlayerIndex, PlayerIndex, PlayerIndex]:
        a, b, c = self._seats
        return (PlayerIndex(a), PlayerIndex(b), PlayerIndex(c))

    @property
    def dealer(self) -> PlayerIndex:
        return self.seat_players[2]

    @property
    def finished(self) -> bool:
        return False

    @property
    def deal_number(self) -> int:
        return self.number or 1

    @property
    def planned_deals(self) -> int | None:
        return None

    def record(self) -> SheetRow | None:
        """A practice deal goes on no list."""
        self.last_row = None
        return None

    def next_deal(self) -> Deal:
        raise RuntimeError("a deal played again has no next deal")

    @property
    def saveable(self) -> bool:
        return False

    @property
    def deal_seed(self) -> str:
        return f"practice:{self.number}"


def _seed_text(series: Series) -> str:
    """The series' seed as it may stand in a list's id (letters and digits, at most 24);
    a secret seed (a text, dealing 2) only by the start of its SHA-256, which tells
    nothing of it; a number chosen with ``--seed`` as it is."""
    if series.dealing != DEALING_PYTHON and isinstance(series.seed, str):
        return commitment(str(series.seed))[:12]
    seed = "".join(c for c in str(series.seed) if c.isascii() and c.isalnum())[:24]
    return seed or "0"


def load_saved_session(store: Store, doc: str = LIST_DOC) -> LoadResult[Session | None]:
    """The saved list, replayed and ready to continue: what the menu's Continue uses.

    ``value`` is ``None`` when there is none or it cannot be used (then it is
    set aside and the reason reported through ``store``). A list found
    finished (the game stopped between its last deal and archiving it) is
    archived now and removed, with a note.
    """
    def validate(data: Any) -> tuple[Session, list[Message]]:
        summary_from(data)
        try:
            return cls_from(data), []
        except RecordError as e:
            raise ValueError(Message("saved.reason.replay", detail=str(e))) from None

    def cls_from(data: Any) -> Session:
        return Session.from_record(data, allow_finished=True)

    result: LoadResult[Session | None] = store.load(
        doc, LIST_FORMAT, LIST_VERSION, validate, lambda: None, "saved.set_aside",
        "saved.unreadable")
    session = result.value
    if session is not None and session.finished:
        save_session(store, session, doc)
        if doc == LIST_DOC:
            note = Message("saved.finished_archived")
            store.report(note)
            result.problems.append(note)
        result.value = None
    return result


def save_session(store: Store, session: Session, doc: str = LIST_DOC) -> bool:
    """Keep the list on disk as ``doc``; a finished list leaves ``doc``.

    The player's list (``LIST_DOC``) goes to the finished lists first; it
    stays where it is when the archive could not be written. Returns whether
    the list is safe on disk (``False`` also when it is kept in memory only).
    """
    if session.finished:
        if doc != LIST_DOC:  # a demo's list: done with, nothing of it is kept
            return store.remove(doc) and store.folder is not None and not store.read_only
        kept = archive_session(store, session)
        if kept:
            store.remove(doc)
        return kept
    return store.save(doc, LIST_FORMAT, LIST_VERSION, session.to_record(), compact=True)


def close_list_in_progress(store: Store, session: Session | None) -> None:
    """Before a new list: keep the list in progress (the one given, else the saved one)
    with the finished lists if it has deals, and clear the player's list document."""
    if session is None or session.finished:
        session = load_saved_session(store).value if store.exists(LIST_DOC) else None
    if session is not None and not session.finished and session.series.rows:
        archive_session(store, session)
    store.remove(LIST_DOC)


def new_session(you: str, *, deals: int, options: RuleOptions,
                list_kind: str, levels: tuple[str, ...], names: tuple[str, ...],
                seed: int | None = None, deal_limit: int | None = None,
                human_level: str | None = None, practice: bool = False,
                move_timer: int = 0, bierlachs: int = 0, rate: str = "0",
                dealing: int | None = None) -> Session:
    """A fresh list with the human (called ``you``) at the bottom and two or three computer
    opponents (clockwise from the left: ``levels`` and ``names`` give one each).

    The series is dealt in whole rounds (a multiple of the players); ``deal_limit``
    ends it earlier. ``bierlachs`` (a limit, 0: none) plays a Bierlachs to that limit
    instead of ``deals``; ``rate`` settles the list in cents per point ("0": not).
    Without ``seed`` the list's seed is 128 bits from the operating system's
    cryptographic source (:func:`skatgame.table.seeds.fresh_seed`) and the cards are
    dealt by the newest dealing; a ``seed`` given deals by dealing 1, as lists from a
    seed always were, unless ``dealing`` says otherwise.
    """
    if len(levels) != len(names) or len(levels) not in (2, 3):
        raise ValueError("two or three computer opponents, each with a level and a name")
    if move_timer not in MOVE_TIMERS:
        raise ValueError(f"move timer must be one of {MOVE_TIMERS}")
    # a seed chosen as a number (--seed: the demo, the gallery, tests) deals as it always
    # did (dealing 1), so that its lists stay the same; a new list of the game takes a
    # secret seed and the documented dealing with its seal
    list_seed: int | str = fresh_seed() if seed is None else seed
    if dealing is None:
        dealing = DEALING if seed is None else DEALING_PYTHON
    series_deals = whole_rounds(deals, len(levels) + 1)
    players = [you, *names]
    series = Series(players, deals=None if bierlachs else series_deals,
                    target=bierlachs or None, bierlachs=bool(bierlachs), rate=rate,
                    options=options, seed=list_seed, list_kind=list_kind, dealing=dealing)
    return Session(series, players, [human_level, *levels], deal_limit=deal_limit,
                   practice=practice, move_timer=move_timer)


def whole_rounds(deals: int, players: int) -> int:
    """``deals`` rounded up to whole rounds, so that each of the ``players`` deals
    equally often (at least one round)."""
    return max(players, -(-deals // players) * players)


def saved_demo(store: Store, doc: str, seed: int, deals: int) -> Session | None:
    """The demo's saved list if it is the same demo (seed and deals), else ``None``."""
    if not store.exists(doc):
        return None
    session = load_saved_session(store, doc).value
    if session is None or session.series.seed != seed or session.deal_limit != deals:
        return None
    return session
