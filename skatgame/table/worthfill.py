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
does nothing unless switched on, as tests do). The finished lists are read in a
thread of their own (:class:`ListReader`: with a cold cache that takes seconds,
and even one list read whole can take longer than a frame); the frame loop only
queues their hands, a few lists a frame. The worths go into the same
:class:`~skatgame.table.worth.WorthBook` the statistics read.
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
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
#: Seconds of queueing the finished lists' hands per quiet frame (at least one list).
READ_STEP = 0.002
#: Seconds the reader thread reads between two looks at whether it should stop.
READ_CHUNK = 0.004
#: Seconds the reader thread rests after each chunk, so that the frame loop has
#: Python's lock (it would otherwise wait up to the switch interval for it, and share
#: the time with the reader half and half): reading takes longer, the frames none.
READ_REST = 0.004
#: Seconds the game waits at its end for a reader thread to stop (it only reads).
STOP_WAIT = 0.5


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


class ListReader:
    """The finished lists and their human players' hands, read in a thread of its own.

    The thread touches only its own :class:`~skatgame.table.statcache.Reading` (the
    summaries kept in memory are left out, see its ``from_memory``) and the store's
    files; what it read is handed over once it is :attr:`done`, and only then does
    the frame loop keep it (:meth:`hand_over`). :meth:`stop` ends it between two lists.
    """

    def __init__(self, store: Store) -> None:
        self._store = store
        self._stop = threading.Event()
        self._finished = threading.Event()
        self._reading: Reading | None = None
        #: newest first: each list's summary and its human players' hands
        self._lists: list[tuple[ListStats, list[Hand]]] = []
        self._thread = threading.Thread(target=self._run, name="skat-worth-lists",
                                        daemon=True)
        self._thread.start()

    def _run(self) -> None:
        from skatgame.table.statcache import Reading

        try:
            reading = Reading(self._store, from_memory=False)
            while not reading.read(READ_CHUNK):
                if self._stop.wait(READ_REST):
                    return
            lists = []
            for s in reading.summaries():
                lists.append((s, [] if s.practice else human_hands(s)))
                if self._stop.wait(0.0 if len(lists) % 8 else READ_REST):  # (a rest now
                    return  # and then: a list's hands are many small objects)
            self._reading, self._lists = reading, lists
        except Exception:  # a list that breaks the reading: nothing is queued, no crash
            traceback.print_exc(file=sys.stderr)
            self._reading, self._lists = None, []
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        """Whether the thread has ended (what it read may be handed over)."""
        return self._finished.is_set()

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the thread to end (tests); whether it has."""
        return self._finished.wait(seconds)

    def hand_over(self) -> list[tuple[ListStats, list[Hand]]]:
        """Once :attr:`done`, in the frame loop: keep the summaries read in memory (as
        the statistics keep theirs) and give the lists with their hands, newest first."""
        assert self.done
        if self._reading is not None:
            self._reading.step(0.0)  # everything is read: this only keeps it
        return self._lists

    def stop(self) -> None:
        """Ask the thread to end and wait for it a little (it writes nothing)."""
        self._stop.set()
        self._thread.join(STOP_WAIT)


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
        self.reader: ListReader | None = None
        #: lists read whose hands wait to be queued (newest first)
        self.read_lists: list[tuple[ListStats, list[Hand]]] | None = None
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

    def want_list(self, s: ListStats, first: bool = False,
                  hands: list[Hand] | None = None) -> None:
        """Queue the human players' hands of the list ``s`` (once per list; a practice
        list's not: it is not in the statistics); ``hands``: those hands, worked out
        already."""
        if s.list_id in self.lists_seen:
            return
        self.lists_seen.add(s.list_id)
        if not s.practice:
            self.want(human_hands(s) if hands is None else hands, first)

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
        if self.read_lists is None:
            if self.reader is None:
                self.reader = ListReader(self.store)
            if not self.reader.done:
                return
            self.read_lists = self.reader.hand_over()
            self.reader = None
        end = time.monotonic() + READ_STEP
        while self.read_lists:
            s, hands = self.read_lists.pop(0)  # newest first
            self.want_list(s, hands=hands)
            if time.monotonic() >= end:
                return
        self.gathered = True
        self.read_lists = None

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
        """Stop reading the finished lists, drop the job out and keep what was worked
        out."""
        if self.reader is not None:
            self.reader.stop()
            self.reader = None
        if self.ticket is not None:
            workers: Any = self._workers()
            workers.cancel([self.ticket])
            self.ticket = None
        if self.enabled:
            self._book().save()
