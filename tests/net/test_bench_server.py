"""`python -m skatgame bench server`: a short run plays every deal and reports its figures
(a `serve` process on 127.0.0.1; no figure is compared with a time)."""

from __future__ import annotations

import json

import pytest

from skatgame.cli import main

KEYS = {"target", "server_process", "tables", "persons_per_table", "computers_per_table",
        "deals", "deals_finished", "finished", "seconds", "messages", "messages_per_second",
        "actions_measured", "latency_ms", "server", "errors", "refusals", "client_failures",
        "server_warnings"}


@pytest.mark.parametrize(("tables", "persons"), [(2, 1), (1, 3)])
def test_a_short_run_plays_every_deal(tables: int, persons: int,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "server", "--tables", str(tables), "--persons", str(persons),
                 "--deals", "1", "--seconds", "120"])
    out = capsys.readouterr().out
    assert code == 0
    result = json.loads(out)
    assert set(result) == KEYS
    assert result["target"] == "server"
    assert (result["tables"], result["deals"]) == (tables, 1)
    assert result["persons_per_table"] + result["computers_per_table"] == 3
    assert result["finished"] is True
    assert result["deals_finished"] == tables
    assert result["errors"] == 0, result
    assert result["server"]["exit_status"] == 0
    assert result["messages"] > 0
    # every action measured at every client of its table
    assert result["actions_measured"] > 0
    assert result["actions_measured"] % persons == 0
    assert set(result["latency_ms"]) == {"p50", "p95", "p99", "max"}
    assert all(isinstance(v, float) for v in result["latency_ms"].values())
    assert set(result["server"]) >= {"rss_listening_mb", "rss_tables_dealt_mb",
                                     "memory_per_table_kb", "peak_rss_mb", "cpu_seconds"}
