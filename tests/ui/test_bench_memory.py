"""`skatgame bench memory`, run as a user would: a tiny demo list, its figures as JSON.

No memory threshold is asserted here: the figures depend on the machine.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def bench_memory(*args: str) -> dict[str, Any]:
    """The JSON printed by ``python -m skatgame bench memory ARGS``."""
    result = subprocess.run([sys.executable, "-m", "skatgame", "bench", "memory", *args],
                            cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return json.loads(result.stdout)


def test_a_tiny_list_reports_the_main_process_memory() -> None:
    out = bench_memory("--deals", "1", "--size", "640x400", "--speed", "instant",
                       "--level", "beginner", "--sample-every", "10")
    assert out["benchmark"] == "memory"
    assert (out["size"], out["deals"], out["players"]) == ("640x400", 1, "3 x beginner")
    assert out["finished"] is True and out["deals_done"] == 1 and out["errors"] == []
    for key in ("imported_mb", "startup_mb", "peak_mb", "peak_sampled_mb", "final_mb",
                "growth_mb"):
        assert key in out, key
    assert out["peak_mb"] > 0
    if out["rss_source"].startswith("/proc"):  # Linux: the RSS along the way too
        assert 0 < out["imported_mb"] <= out["startup_mb"] <= out["peak_mb"]
        assert out["final_mb"] <= out["peak_mb"] and out["samples"] >= 1
    surfaces = out["surfaces"]
    assert surfaces["count"] > 0 and surfaces["mb"] > 0
    holders = {h["holder"] for h in surfaces["by_holder"]}
    assert "display" in holders  # the window's own pixels are named as such
    assert {"processes", "workers_peak_mb"} <= set(out["children"])
    heap = out["malloc_heap"]  # glibc only
    assert heap is None or {"in_use_mb", "free_kept_mb", "mapped_apart_mb"} <= set(heap)


def test_the_list_stops_at_its_time_limit() -> None:
    out = bench_memory("--deals", "36", "--size", "480x360", "--speed", "instant",
                       "--level", "beginner", "--max-seconds", "0")
    assert out["finished"] is False and out["frames"] == 0
    assert out["deals_done"] == 0
