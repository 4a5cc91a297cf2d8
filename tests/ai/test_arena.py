"""The arena command: duplicate play, JSON report, no illegal actions."""

from __future__ import annotations

import json

import pytest

from skatgame.cli import main
from skatgame.commands.arena import parse_options, play_deal, summarise
from skatgame.engine.options import RuleOptions


def test_small_arena_run_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--players", "beginner,random,advanced", "--deals", "3", "--seed", "5",
                 "--json", "--jobs", "1"])
    out = capsys.readouterr().out
    report = json.loads(out)
    assert code == 0
    assert report["deals"] == 3 and report["rotations"] == 3
    players = report["per_player"]
    assert set(players) == {"beginner", "random", "advanced"}
    for p in players.values():
        assert p["illegal_actions"] == 0
        lo, hi = p["ci95"]
        assert lo <= p["seeger_fabian_per_36"] <= hi
        assert "bid" in p["decision_ms"] and "card" in p["decision_ms"]
        for figures in p["decision_ms"].values():
            assert figures["median"] <= figures["p95"] <= figures["max"]
    assert len(report["pairwise"]) == 3


def test_arena_with_expert_and_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--players", "expert,beginner,random", "--deals", "1", "--seed", "2",
                 "--json", "--jobs", "2", "--options", "kontra,ramsch"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["options"]["kontra"] and report["options"]["ramsch"]
    assert all(p["illegal_actions"] == 0 for p in report["per_player"].values())


def test_every_player_holds_every_hand() -> None:
    # in rotation r player p sits at seat (p + r) % 3: over the rotations the scores of one
    # deal are the same three seat results, each taken once by every player
    levels = ["beginner", "beginner", "beginner"]
    rows = [play_deal(levels, "rot", r, RuleOptions()) for r in range(3)]
    by_seat = [[rows[r][(s - r) % 3].score for s in range(3)] for r in range(3)]
    assert by_seat[0] == by_seat[1] == by_seat[2]  # identical players: identical play


def test_results_do_not_depend_on_scheduling() -> None:
    levels = ["advanced", "beginner", "random"]
    a = [play_deal(levels, f"s:{i}", r, RuleOptions()) for i in range(2) for r in range(3)]
    b = [play_deal(levels, f"s:{i}", r, RuleOptions()) for i in reversed(range(2))
         for r in reversed(range(3))]
    scores_a = [[o.score for o in row] for row in a]
    scores_b = [[o.score for o in row] for row in reversed(b)]
    assert scores_a == scores_b


def test_summary_of_a_repeated_level() -> None:
    levels = ["beginner", "random", "random"]
    results = [(f"d{i}", r, play_deal(levels, f"d{i}", r, RuleOptions()))
               for i in range(2) for r in range(3)]
    report = summarise(levels, 2, "x", results)
    assert set(report["per_player"]) == {"beginner", "random"}
    assert report["pairwise"][0]["a"] == "beginner"


@pytest.mark.parametrize("argv, message", [
    (["--players", "beginner,random"], "three players"),
    (["--players", "beginner,random,wizard"], "unknown player level"),
    (["--deals", "0"], "--deals: must be from 1"),
    (["--options", "ramsch,nonsense"], "bad --options"),
])
def test_bad_input_is_a_clear_message(argv: list[str], message: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", *argv])
    assert code == 2
    assert message in capsys.readouterr().err


def test_parse_options() -> None:
    o = parse_options("schieberamsch, kontra")
    assert o.ramsch and o.schieberamsch and o.kontra and not o.bock
    assert parse_options("") == RuleOptions()
    o = parse_options("ramsch, ramsch_skat=nobody, ramsch_durchmarsch = moon, grand20")
    assert (o.ramsch_skat, o.ramsch_durchmarsch, o.grand_base) == ("nobody", "moon", 20)
    with pytest.raises(ValueError, match="ramsch_loss"):
        parse_options("ramsch_loss=eleven")


def test_a_hand_draws_the_same_random_numbers_whoever_holds_it() -> None:
    # players are seeded by their seat: three copies of the random player play one deal
    # identically in every rotation (seeded by the player, each rotation would differ)
    levels = ["random", "random", "random"]
    rows = [play_deal(levels, "crn", r, RuleOptions()) for r in range(3)]
    by_seat = [[rows[r][(s - r) % 3].score for s in range(3)] for r in range(3)]
    declared = [[rows[r][(s - r) % 3].declared for s in range(3)] for r in range(3)]
    assert by_seat[0] == by_seat[1] == by_seat[2]
    assert declared[0] == declared[1] == declared[2]
