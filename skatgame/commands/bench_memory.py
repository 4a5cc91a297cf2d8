"""`python -m skatgame bench memory`: the game process's resident memory over a demo list.

Three computer players of one level (``--level``, default the Expert) play a
demo list of ``--deals`` deals in the headless dummy video driver at
``--size`` (default 1920x1080), one update and draw per frame at the fixed
step of 1/60 s, the players thinking in their worker process as in the game.
Nothing is saved and there is no sound.

Reported, in MB (2**20 bytes): the resident set size (RSS) of this process
once its modules are imported, right after start-up (the menu drawn), its
highest sample and at the end of the list, and its peak as the kernel counts
it. On Linux these come from ``/proc/self/status`` (``VmRSS``, and ``VmHWM``
for the peak); elsewhere only the peak is known, from
``resource.getrusage`` (``ru_maxrss``), and ``rss_source`` says so. The RSS
is sampled every ``--sample-every`` frames; Python's ``tracemalloc`` stays
off (it costs memory itself). The processes this one started (the worker's
fork server, the worker, the resource tracker) are not counted in these
figures; their own peaks are under ``children``. At the end the pixels of
every pygame surface still referenced are added up, by what holds them
(``surfaces``), and C's heap says how much of it is in use and how much
was freed but is still kept by the process (``malloc_heap``, glibc only).

The list stops by itself: after its last deal, or after ``--max-seconds``
of wall time (``finished`` says which).
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import sys
import time
import types
from collections import deque
from contextlib import suppress
from typing import Any

from skatgame.commands.args import seconds, whole_number, window_size
from skatgame.commands.play import SPEEDS

#: as skatgame.table.settings.LEVELS (kept light to import)
LEVELS = ("beginner", "advanced", "expert")
MB = 1024 * 1024


def add_arguments(parser: argparse.ArgumentParser | Any) -> None:
    """The options of ``bench memory`` (a parser or an argument group)."""
    parser.add_argument("--size", type=window_size((320, 240), (7680, 4320)),
                        default=(1920, 1080), help="window size (default 1920x1080)")
    parser.add_argument("--deals", type=whole_number(1, 360), default=36,
                        help="deals of the demo list, 1 to 360 (default 36)")
    parser.add_argument("--level", choices=LEVELS, default="expert",
                        help="level of the three computer players (default expert)")
    parser.add_argument("--speed", choices=SPEEDS, default="normal",
                        help="animation speed (default normal)")
    parser.add_argument("--sample-every", type=whole_number(1, 100_000), default=30,
                        metavar="FRAMES", help="frames between two RSS samples (default 30)")
    parser.add_argument("--max-seconds", type=seconds(0.0, 86_400.0), default=None,
                        help="stop after this much wall time, 0 to 86400 "
                             "(default 150 per deal)")


# ---------------------------------------------------------------- reading the RSS


def proc_status(pid: int | str = "self") -> dict[str, int]:
    """``VmRSS`` and ``VmHWM`` of a process in bytes (Linux), empty where unknown."""
    out: dict[str, int] = {}
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as f:
            for line in f:
                key, _, rest = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    out[key] = int(rest.split()[0]) * 1024
    except (OSError, ValueError, IndexError):
        return {}
    return out


def have_proc() -> bool:
    """Whether this system tells the current RSS (``/proc/self/status``, Linux)."""
    return "VmRSS" in proc_status()


def rss_mb() -> float | None:
    """This process's resident set size now (``None`` where the system does not tell)."""
    value = proc_status().get("VmRSS")
    return None if value is None else round(value / MB, 1)


def peak_rss_mb() -> float:
    """This process's highest resident set size so far."""
    value = proc_status().get("VmHWM")
    if value is not None:
        return round(value / MB, 1)
    import resource

    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scale = 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB elsewhere
    return round(maxrss * scale / MB, 1)


def descendants(root: int | None = None) -> dict[int, int]:
    """The processes started by ``root`` and by them: process id -> parent's (Linux)."""
    root = os.getpid() if root is None else root
    parents: dict[int, int] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return {}
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                stat = f.read()
            parents[int(entry)] = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    found: dict[int, int] = {}
    frontier = [root]
    while frontier:
        pid = frontier.pop()
        kids = [p for p, parent in parents.items() if parent == pid]
        found.update((kid, pid) for kid in kids)
        frontier.extend(kids)
    return found


def _role(pid: int, parent: int, roles: dict[int, str]) -> str:
    """What a child process is: the fork server, a worker (forked by it), the tracker."""
    if roles.get(parent) == "forkserver":
        return "worker"
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            text = f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "?"
    for role in ("forkserver", "resource_tracker", "spawn_main"):
        if role in text:
            return {"resource_tracker": "resource-tracker", "spawn_main": "worker"}.get(role,
                                                                                        role)
    return text[:60]


def malloc_heap() -> dict[str, float] | None:
    """C's heap as glibc tells it (``mallinfo2``): in use, free but kept, mapped apart.

    Memory that Python or SDL freed stays in the process (``free_kept_mb``)
    until the C library gives it back; ``None`` without glibc 2.33 or later.
    """
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
            "uordblks", "fordblks", "keepcost")]

    try:
        libc = ctypes.CDLL(None)
        call = libc.mallinfo2
    except (OSError, AttributeError):
        return None
    call.restype = MallInfo2
    info = call()
    return {"in_use_mb": round(info.uordblks / MB, 1),
            "free_kept_mb": round(info.fordblks / MB, 1),
            "mapped_apart_mb": round(info.hblkhd / MB, 1)}


class Children:
    """The peaks of the processes this one started, followed while they live."""

    def __init__(self) -> None:
        self.peaks: dict[int, tuple[str, int]] = {}

    def sample(self) -> None:
        roles = {pid: name for pid, (name, _peak) in self.peaks.items()}
        for pid, parent in descendants().items():  # a parent before its children
            status = proc_status(pid)
            peak = max(status.get("VmHWM", 0), status.get("VmRSS", 0))
            if not peak:
                continue
            name, before = self.peaks.get(pid, ("", 0))
            roles[pid] = name = name or _role(pid, parent, roles)
            self.peaks[pid] = (name, max(before, peak))

    def report(self) -> dict[str, Any]:
        each: list[dict[str, Any]] = [
            {"pid": pid, "role": name, "peak_mb": round(peak / MB, 1)}
            for pid, (name, peak) in sorted(self.peaks.items())]
        return {"processes": each,
                "workers_peak_mb": max((p["peak_mb"] for p in each if p["role"] == "worker"),
                                       default=None)}


# ---------------------------------------------------------------- what is held


def _surface_size(surf: Any) -> int:
    """The bytes of a surface's own pixels (a subsurface shares its parent's: 0)."""
    import pygame

    try:
        if surf.get_parent() is not None:
            return 0
        return int(surf.get_width() * surf.get_height() * surf.get_bytesize())
    except pygame.error:  # the display surface after the display closed
        return 0


def _children(path: str, obj: Any) -> list[tuple[str, Any]]:
    """What ``obj`` holds that may lead to a surface, each with its path."""
    try:
        return _held_by(path, obj)
    except Exception:  # an object that will not be looked into (pygame's missing modules)
        return []


def _held_by(path: str, obj: Any) -> list[tuple[str, Any]]:
    if isinstance(obj, dict):
        return [(f"{path}[*]", v) for v in obj.values()]
    if isinstance(obj, (list, tuple, set, frozenset, deque)):
        return [(f"{path}[*]", v) for v in obj]
    if isinstance(obj, (types.FunctionType, types.MethodType)):
        fn = getattr(obj, "__func__", obj)
        bound = [(f"{path}.__self__", obj.__self__)] if hasattr(obj, "__self__") else []
        return bound + [(f"{path}<closure>", c.cell_contents) for c in fn.__closure__ or ()
                        if _filled(c)]
    if isinstance(obj, functools._lru_cache_wrapper):  # what an lru_cache keeps
        return [(f"{path}()", r) for r in gc.get_referents(obj) if isinstance(r, dict)]
    if isinstance(obj, type):
        if not obj.__module__.startswith("skatgame"):
            return []
        return [(f"{path}.{k}", v) for k, v in vars(obj).items()
                if not isinstance(v, (types.FunctionType, staticmethod, classmethod, property))]
    if isinstance(obj, types.ModuleType):
        return []
    out: list[tuple[str, Any]] = []
    with suppress(TypeError):
        out.extend((f"{path}.{k}", v) for k, v in vars(obj).items())
    for klass in type(obj).__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if isinstance(slot, str) and hasattr(obj, slot):
                out.append((f"{path}.{slot}", getattr(obj, slot)))
    return out


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


def _group(path: str) -> str:
    """A holder's name: the path with its runs of items folded into one ``[*]``."""
    while "[*][*]" in path:
        path = path.replace("[*][*]", "[*]")
    return path


def surfaces_held(app: Any, top: int = 12) -> dict[str, Any]:
    """The pixels of the pygame surfaces still referenced, added up by what holds them.

    Every surface reachable from a container Python tracks counts once, with
    ``width * height * bytes per pixel`` (a subsurface shares its parent's
    pixels and counts nothing). Each is named by the shortest path to it from
    the globals of the game's and pygame's modules, or else from ``app``
    (items of a dict or list folded into ``[*]``); ``(elsewhere)`` holds
    what neither path reaches.
    """
    import pygame

    every: dict[int, pygame.Surface] = {}
    for holder in gc.get_objects():
        for obj in gc.get_referents(holder):
            if isinstance(obj, pygame.Surface):
                every[id(obj)] = obj
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    if screen is not None:
        every[id(screen)] = screen
    roots: list[tuple[str, Any]] = []
    if screen is not None:
        roots.append(("display", screen))
    for name, module in sorted(sys.modules.items()):
        if name.startswith(("skatgame", "pygame")) and module is not None:
            roots.extend((f"{name}.{k}", v) for k, v in vars(module).items()
                         if not isinstance(v, types.ModuleType))
    roots.append(("app", app))
    groups: dict[str, list[int]] = {}
    seen: set[int] = set()
    named: set[int] = set()
    queue: deque[tuple[str, Any]] = deque(roots)
    while queue:
        path, obj = queue.popleft()
        if id(obj) in seen or isinstance(obj, (str, bytes, int, float, type(None))):
            continue
        seen.add(id(obj))
        if isinstance(obj, pygame.Surface):
            entry = groups.setdefault(_group(path), [0, 0])
            entry[0] += _surface_size(obj)
            entry[1] += 1
            named.add(id(obj))
            continue
        queue.extend(_children(path, obj))
    rest = [s for i, s in every.items() if i not in named]
    if rest:
        groups["(elsewhere)"] = [sum(_surface_size(s) for s in rest), len(rest)]
    total = sum(size for size, _n in groups.values())
    ranked = sorted(groups.items(), key=lambda item: -item[1][0])
    return {
        "count": sum(n for _size, n in groups.values()),
        "mb": round(total / MB, 1),
        "by_holder": [{"holder": name, "mb": round(size / MB, 2), "count": n}
                      for name, (size, n) in ranked[:top]],
    }


# ---------------------------------------------------------------- the list


def play_list(size: tuple[int, int], deals: int, level: str, speed: str, seed: int,
              sample_every: int, max_seconds: float) -> dict[str, Any]:
    """Play a demo list and follow this process's RSS (see the module docstring)."""
    from skatgame.table.settings import Opponent, Settings
    from skatgame.ui.app import STEP, App, DemoOptions

    imported = rss_mb()
    settings = Settings(animation_speed=speed, sound_on=False,
                        opponents=(Opponent(level, "Anna"), Opponent(level, "Ben")))
    demo = DemoOptions(deals=deals, seed=seed, pause=1.0, level=level, save=False, players=3)
    # the menu first, as the game starts; then the demo list, as App(demo=...) starts it
    app = App(settings=settings, size=size, save=False, sound=False)
    children = Children()
    samples: list[float] = []
    start = time.perf_counter()
    try:
        app.step(STEP)
        app.step(STEP)
        startup = rss_mb()
        startup_peak = peak_rss_mb()
        app.services.demo = demo
        app.start_demo(demo)
        frames = 0
        while app.running and time.perf_counter() - start < max_seconds:
            app.step(STEP)
            frames += 1
            if frames % sample_every == 0:
                now = rss_mb()
                if now is not None:
                    samples.append(now)
                children.sample()
        session = app.session
        deals_done = getattr(session, "deals_done", None)
        final = rss_mb()
        if final is not None:
            samples.append(final)
        children.sample()
        peak = peak_rss_mb()
        heap = malloc_heap()
        surfaces = surfaces_held(app)
        modules = len(sys.modules)
        finished = not app.running
        errors = list(app.errors)
        seconds = time.perf_counter() - start
    finally:
        app.close()
    return {
        "imported_mb": imported,
        "startup_mb": startup,
        "startup_peak_mb": startup_peak,
        "peak_mb": peak,
        "peak_sampled_mb": max(samples) if samples else None,
        "final_mb": final,
        "growth_mb": round(final - startup, 1) if final is not None and startup is not None
        else None,
        "samples": len(samples),
        "frames": frames,
        "deals_done": deals_done,
        "finished": finished,
        "seconds": round(seconds, 1),
        "malloc_heap": heap,
        "surfaces": surfaces,
        "modules": modules,
        "children": children.report(),
        "errors": errors,
    }


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """The memory figures of one demo list (see the module docstring)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import tracemalloc

    if tracemalloc.is_tracing():  # it costs memory itself: these figures are without it
        tracemalloc.stop()
    w, h = args.size
    max_seconds = args.max_seconds if args.max_seconds is not None else 150.0 * args.deals
    result = play_list((w, h), args.deals, args.level, args.speed, args.seed,
                       args.sample_every, max_seconds)
    return {
        "benchmark": "memory",
        "size": f"{w}x{h}",
        "players": f"3 x {args.level}",
        "deals": args.deals,
        "speed": args.speed,
        "seed": args.seed,
        "rss_source": "/proc/self/status VmRSS, VmHWM" if have_proc()
        else "resource.getrusage ru_maxrss (the peak only)",
        "sample_every_frames": args.sample_every,
        **result,
    }
