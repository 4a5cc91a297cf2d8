"""The hands' worths worked out in the background, so that the statistics' "cards or
play?" usually opens complete.

The statistics work out the worths they lack while their tab is open
(:mod:`skatgame.table.worth`, a tenth of a second a hand). This filler does the
same while the game is quiet (the menu, a deal's results, the score sheet): the
human players' hands of a list as soon as it ends, then those of the finished
lists, newest first. It asks the workers for one hand at a time and only when
told the game is idle, so a computer player's move never waits more than one
hand behind it; it works out at most :data:`MAX_HANDS` hands in one run of the
game, and never in the frame loop itself (with workers that answer on the spot it
does nothing unless switched on, as tests do). The worths go into the same
:class:`~skatgame.table.worth.WorthBook` the statistics read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from skatgame.table.worth import Hand, WorthBook, WorthJob, key_of

if TYPE_CHECKING:
    from skatgame.table.statcache import Reading
    from skatgame.table.stats import ListStats
    from skatgame.table.store import Store
    from skatgame.table.thinker import Thinker, Ticket

#: Hands one background job works out (a computer player's job waits at most this long).
BATCH = 1
#: The most hands worked out in the background in one run of the game.
MAX_HANDS = 2000
#: Jobs between two saves of the worths.
SAVE_EVERY = 10
#: Seconds the game must have been quiet before the finished lists are read for hands.
QUIET_SECONDS = 2.0
#: Seconds of reading finished lists per quiet frame (at least one list a frame).
READ_STEP = 0.002


def human_hands(s: ListStats) -> list[Hand]:
    """The hands the human players of ``s`` (those without a level) held, deal by deal."""
    from skatgame.table.stats import hand_of

    out = []
    for p, level in enumerate(s.levels):
        if level is not None:
            continue
        for i in range(s.deals):
            held = hand_of(s, i, p)
            if held is not None:
                out.append(held)
    return out


class WorthFiller:
    """Works out missing worths while the game is idle (see the module's text)."""

    def __init__(self, book: Callable[[], WorthBook], workers: Callable[[], Thinker],
                 store: Store | None, *, enabled: bool = True) -> None:
        self._book = book
        self._workers = workers
        self.store = store
        #: off: nothing is asked of the workers (workers that answer in the frame loop)
        self.enabled = enabled
        self.queue: list[Hand] = []
        self._queued: set[str] = set()
        self.ticket: Ticket[list[float]] | None = None
        self.asked: tuple[Hand, ...] = ()
        self.worked_out = 0  # hands worked out in this run
        self.jobs = 0
        self.quiet_for = 0.0
        self.reading: Reading | None = None
        self.gathered = False  # the finished lists' hands are queued
        self.lists_seen: set[str] = set()  # lists whose hands are queued (by list id)

    @property
    def busy(self) -> bool:
        """Whether hands wait or a job is out."""
        return bool(self.queue) or self.ticket is not None

    def want(self, hands: Iterable[Hand], first: bool = False) -> None:
        """Queue ``hands`` (``first``: before those waiting), leaving out those known or
        queued already; no more than the run's bound."""
        book = self._book()
        new = []
        for h in hands:
            k = key_of(h)
            if k in self._queued or book.get(*h) is not None:
                continue
            self._queued.add(k)
            new.append(h)
        self.queue = new + self.queue if first else self.queue + new
        del self.queue[max(0, MAX_HANDS - self.worked_out):]

    def want_list(self, s: ListStats, first: bool = False) -> None:
        """Queue the human players' hands of the list ``s`` (once per list; a practice
        list's not: it is not in the statistics)."""
        if s.list_id in self.lists_seen:
            return
        self.lists_seen.add(s.list_id)
        if not s.practice:
            self.want(human_hands(s), first)

    def step(self, dt: float, idle: bool) -> None:
        """Once a frame: take a job's answer; when ``idle``, read finished lists a little
        and hand the next hand to the workers."""
        if not self.enabled:
            return
        self._collect()
        self.quiet_for = self.quiet_for + dt if idle else 0.0
        if not idle:
            return
        if not self.gathered and self.quiet_for >= QUIET_SECONDS:
            self._gather()
        if self.ticket is None and self.queue:
            self._submit()

    def _collect(self) -> None:
        t = self.ticket
        if t is None or not t.done:
            return
        self.ticket = None
        book = self._book()
        if t.result is not None:
            book.add(self.asked, t.result)
            self.worked_out += len(self.asked)
            self.jobs += 1
        if self.jobs % SAVE_EVERY == 0 or not self.queue:
            book.save()

    def _gather(self) -> None:
        if self.store is None:
            self.gathered = True
            return
        if self.reading is None:
            from skatgame.table.statcache import Reading

            self.reading = Reading(self.store)
        if not self.reading.step(READ_STEP):
            return
        for s in self.reading.summaries():  # newest first
            self.want_list(s)
        self.gathered = True
        self.reading = None

    def _submit(self) -> None:
        book = self._book()
        while self.queue and book.get(*self.queue[0]) is not None:  # worked out meanwhile
            self.queue.pop(0)
        if not self.queue or self.worked_out >= MAX_HANDS:
            self.queue = []
            return
        self.asked = tuple(self.queue[:BATCH])
        del self.queue[:BATCH]
        try:
            self.ticket = self._workers().submit(WorthJob(self.asked))
        except RuntimeError:  # no workers here: nothing to do in the background
            self.enabled = False
            self.queue = []

    def close(self) -> None:
        """Drop the job out and keep what was worked out."""
        if self.ticket is not None:
            workers: Any = self._workers()
            workers.cancel([self.ticket])
            self.ticket = None
        if self.enabled:
            self._book().save()
