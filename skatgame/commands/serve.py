"""`python -m skatgame serve`: a dedicated table server, headless.

For a club that keeps a table server on a small always-on machine: many tables
at once (``--tables``), each a list that friends join from their own games with
the table's code. It runs :class:`~skatgame.net.server.TableServer`, the same
server code the game's *Host a table* runs, and never imports pygame.

Lists are saved in the state folder (``--state``, default the ``server``
folder in the per-user data folder) when they start, after every deal and
when the server stops; a server started again on the same folder opens them
again, and their players take their seats back with their reconnect tokens.

Logs go to standard error, one line per event: the time (ISO 8601, UTC), the
level, the logger and the message. SIGTERM or SIGINT (Ctrl+C; on Windows also
Ctrl+Break) tells every
table that the server stops, saves every list, closes every connection and
exits with status 0. A bad option (a port out of range, a certificate that
cannot be read, a port already in use) is one line on standard error and
exit status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from skatgame.commands.args import seconds, whole_number
from skatgame.net.protocol import MAX_PASSWORD
from skatgame.net.saving import WriteBehindStore
from skatgame.net.server import ServerOptions, TableServer
from skatgame.table.store import Store, user_dir

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8765
DEFAULT_TABLES = 20
MAX_TABLES = 10_000
#: the state folder's name inside the per-user data folder
STATE_FOLDER = "server"
#: the exit status of a bad option
BAD_OPTION = 2
#: what stops a server in another process cleanly: SIGTERM, on Windows (which has no
#: SIGTERM to send) Ctrl+Break to a server started with :data:`STOP_FLAGS`
STOP_SIGNAL: int = (getattr(signal, "CTRL_BREAK_EVENT", signal.SIGTERM) if os.name == "nt"
                    else signal.SIGTERM)
STOP_FLAGS: int = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0) if os.name == "nt" else 0

log = logging.getLogger("skatgame.serve")


class OptionError(Exception):
    """An option that cannot be used (said in one line, exit status 2)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``serve``."""
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"address to listen on (default {DEFAULT_HOST}: every "
                             f"interface; 127.0.0.1: this computer only)")
    parser.add_argument("--port", type=whole_number(0, 65535), default=DEFAULT_PORT,
                        help=f"port to listen on, 0 to 65535 (default {DEFAULT_PORT}; "
                             f"0: any free port, logged)")
    parser.add_argument("--tables", type=whole_number(1, MAX_TABLES), default=DEFAULT_TABLES,
                        help=f"most tables open at once, 1 to {MAX_TABLES} "
                             f"(default {DEFAULT_TABLES})")
    secret = parser.add_mutually_exclusive_group()
    secret.add_argument("--password", metavar="PW", default=None,
                        help="players must give this password to sit down (other users "
                             "of this computer can see it: prefer --password-file)")
    secret.add_argument("--password-file", metavar="FILE", type=Path, default=None,
                        help="read the password from the first line of FILE")
    parser.add_argument("--state", metavar="DIR", type=Path, default=None,
                        help=f"folder for the lists (default: the '{STATE_FOLDER}' folder "
                             f"in the per-user data folder)")
    parser.add_argument("--certfile", metavar="FILE", type=Path, default=None,
                        help="TLS certificate chain (PEM): serve wss:// for play over "
                             "the internet")
    parser.add_argument("--keyfile", metavar="FILE", type=Path, default=None,
                        help="the certificate's private key (PEM; default: in --certfile)")
    parser.add_argument("--grace", type=seconds(0.0, 3600.0), default=30.0,
                        help="seconds a dropped player keeps his seat before a computer "
                             "plays for him, 0 to 3600 (default 30)")


# ---------------------------------------------------------------- options


def _password(args: argparse.Namespace) -> str:
    if args.password_file is not None:
        path: Path = args.password_file
        try:
            with path.open(encoding="utf-8") as f:
                text = f.readline()
        except (OSError, UnicodeDecodeError) as e:
            raise OptionError(f"cannot read the password file {_path(path)}: "
                              f"{_reason(e)}") from None
        password = text.rstrip("\r\n")
        if not password:
            raise OptionError(f"the password file {_path(path)} has no password on its "
                              f"first line")
    else:
        password = args.password or ""
        if args.password is not None and not password:
            raise OptionError("--password is empty (leave it out for a server without one)")
    if len(password) > MAX_PASSWORD:
        raise OptionError(f"the password is longer than {MAX_PASSWORD} characters")
    return password


def _ssl_context(args: argparse.Namespace) -> ssl.SSLContext | None:
    if args.certfile is None:
        if args.keyfile is not None:
            raise OptionError("--keyfile needs --certfile")
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(args.certfile, args.keyfile)
    except (OSError, ValueError) as e:  # ssl.SSLError is an OSError
        names = _path(args.certfile) + (f" and {_path(args.keyfile)}" if args.keyfile else "")
        raise OptionError(f"cannot use the certificate {names}: {_reason(e)}") from None
    return context


def _store(args: argparse.Namespace) -> Store:
    folder: Path | None = args.state
    if folder is None:
        base = user_dir()
        if base is None:
            raise OptionError("no per-user data folder can be written: give --state DIR")
        folder = base / STATE_FOLDER
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OptionError(f"cannot use the state folder {_path(folder)}: {_reason(e)}") \
            from None
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise OptionError(f"cannot write to the state folder {_path(folder)}")
    return WriteBehindStore(folder)


def server_options(args: argparse.Namespace) -> ServerOptions:
    """The server's options from the command line; raises :class:`OptionError`."""
    host = str(args.host).strip()
    if not host or len(host) > 255:
        raise OptionError("--host must be an address or a host name")
    return ServerOptions(host=host, port=args.port, tables=args.tables,
                         password=_password(args), store=_store(args),
                         ssl_context=_ssl_context(args), grace=args.grace)


def _path(path: Path) -> str:
    text = str(path)
    return repr(text if len(text) <= 120 else f"{text[:60]}…{text[-50:]}")


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    text = str(e) or type(e).__name__
    return text[:200]


# ---------------------------------------------------------------- logging


class LogFormatter(logging.Formatter):
    """``2026-11-27T06:02:25.123Z INFO skatgame.net.server listening on ...``: one line
    per event (a message's line breaks are escaped)."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:  # noqa: N802
        when = datetime.fromtimestamp(record.created, UTC)
        return when.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        return text.replace("\r", "\\r").replace("\n", "\\n")


@contextlib.contextmanager
def _logging_to_stderr() -> Iterator[logging.Handler]:
    """The server's loggers (``skatgame.*``) write to standard error while it runs."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(LogFormatter())
    logger = logging.getLogger("skatgame")
    old_level, old_propagate = logger.level, logger.propagate
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)
        logger.propagate = old_propagate


# ---------------------------------------------------------------- running


async def serve_until_stopped(options: ServerOptions) -> int:
    """Run a server until SIGTERM or SIGINT; returns the exit status."""
    server = TableServer(options)
    try:
        await server.start()
    except OSError as e:  # the port is in use, the address is not this computer's...
        reason = os.strerror(e.errno) if e.errno and e.errno > 0 else _reason(e)
        print(f"skatgame serve: error: cannot listen on {options.host} port {options.port}: "
              f"{reason}", file=sys.stderr)
        return BAD_OPTION
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    received: list[str] = []

    def on_signal(signum: int) -> None:
        received.append(signal.Signals(signum).name)
        stop.set()

    installed = _install_signals(loop, on_signal)
    try:
        waiters = {asyncio.ensure_future(stop.wait()),
                   asyncio.ensure_future(server.stopped.wait())}
        _done, pending = await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if received:
            log.info("%s: stopping", received[0])
        started = time.monotonic()
        await server.stop()
        store = options.store
        if isinstance(store, WriteBehindStore):
            await asyncio.to_thread(store.close)
        for problem in store.take_problems() if store is not None else []:
            log.warning("store: %s", problem)
        log.info("stopped in %.1f s", time.monotonic() - started)
    finally:
        _remove_signals(loop, installed)
    return 0


_SIGNALS = ("SIGTERM", "SIGINT", "SIGBREAK")  # SIGBREAK: Ctrl+Break (Windows)


def _install_signals(loop: asyncio.AbstractEventLoop, handler: Callable[[int], None]
                     ) -> list[int]:
    installed = []
    for name in _SIGNALS:
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        try:
            loop.add_signal_handler(signum, handler, int(signum))
        except (NotImplementedError, RuntimeError):  # Windows: the plain handler
            signal.signal(signum, lambda n, _frame: loop.call_soon_threadsafe(handler, n))
        installed.append(int(signum))
    return installed


def _remove_signals(loop: asyncio.AbstractEventLoop, installed: list[int]) -> None:
    for signum in installed:
        try:
            loop.remove_signal_handler(signum)
        except (NotImplementedError, RuntimeError):
            signal.signal(signum, signal.SIG_DFL)


def run(args: argparse.Namespace) -> int:
    try:
        options = server_options(args)
    except OptionError as e:
        print(f"skatgame serve: error: {e}", file=sys.stderr)
        return BAD_OPTION
    store = options.store
    with _logging_to_stderr():
        if store is not None:
            log.info("lists are kept in %s", store.folder)
        try:
            return asyncio.run(serve_until_stopped(options))
        finally:
            if isinstance(store, WriteBehindStore):
                store.close()
