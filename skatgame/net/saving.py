"""Saving a server's lists without stalling its tables.

A save after a deal costs a few milliseconds of disk sync; done in the event loop
it would hold up every table. :class:`WriteBehindStore` turns a save into JSON text
at once and lets a thread of its own write it, atomically as every save, in the
order of the saves.
"""

from __future__ import annotations

import functools
import logging
import queue
import threading
from collections.abc import Callable
from pathlib import Path

from skatgame.table.store import Store, atomic_write_text, to_json

__all__ = ["WriteBehindStore"]

log = logging.getLogger("skatgame.net.saving")


class WriteBehindStore(Store):
    """The server's store: a list saved is made JSON text at once, and a thread of its
    own writes it (a temporary file, synced, renamed: atomic as ever), in the order of
    the saves. A save after a deal then never stalls the other tables while the disk
    syncs. :meth:`close` writes what is waiting."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self._jobs: queue.SimpleQueue[Callable[[], object] | None] = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_all, name="skat-store",
                                        daemon=True)
        self._writer.start()

    def save(self, name: str, kind: str, version: int, data: object, *,
             compact: bool = False) -> bool:
        text = to_json({"format": kind, "version": version, "data": data}, compact)
        self._jobs.put(functools.partial(self._write, name, text))
        return True

    def remove(self, name: str) -> bool:
        self._jobs.put(functools.partial(Store.remove, self, name))
        return True

    def close(self, timeout: float = 60.0) -> None:
        """Write everything saved so far, then stop the writer."""
        if self._writer.is_alive():
            self._jobs.put(None)
            self._writer.join(timeout)
            if self._writer.is_alive():
                log.error("the store is still writing after %.0f s", timeout)

    def _write(self, name: str, text: str) -> None:
        path = self.path_of(name)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, text)
        except OSError as e:
            log.error("cannot save %s: %s", path, e.strerror or type(e).__name__)

    def _write_all(self) -> None:
        while (job := self._jobs.get()) is not None:
            try:
                job()
            except Exception:  # one document that fails must not stop the others
                log.exception("the store's writer failed")
