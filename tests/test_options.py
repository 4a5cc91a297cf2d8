"""Every numeric option has a range and a clear error; nothing typed is printed whole.

``arena --jobs 10000`` started hundreds of processes, ``bench --seconds nan``
hung, ``arena --time-limit nan|inf|-1`` and ``--deals 99999999999999999999``
were taken, and a 5,000-digit ``--seed`` came back whole in the error. The
parsers are asked directly: nothing here starts a game, an arena or a bench.
"""

from __future__ import annotations

import argparse

import pytest

from skatgame.cli import COMMANDS, command_parser, main

HUGE = "9" * 5000


def refused(command: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The error argparse prints for ``argv`` (it must refuse them with status 2)."""
    parser = command_parser(command)
    with pytest.raises(SystemExit) as stop:
        parser.parse_args(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err) < 1000
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize(("command", "argv", "words"), [
    ("arena", ["--jobs", "10000"], "--jobs: must be from 0 to"),
    ("arena", ["--jobs", "-1"], "--jobs: must be from 0 to"),
    ("arena", ["--deals", "99999999999999999999"], "--deals: must be from 1 to 100000"),
    ("arena", ["--deals", "0"], "--deals: must be from 1 to 100000"),
    ("arena", ["--deals", HUGE], "(5000 characters)"),
    ("arena", ["--time-limit", "nan"], "--time-limit: must be from 0 to 3600 seconds"),
    ("arena", ["--time-limit", "inf"], "--time-limit: must be from 0 to 3600 seconds"),
    ("arena", ["--time-limit", "-1"], "--time-limit: must be from 0 to 3600 seconds"),
    ("arena", ["--time-limit", "soon"], "must be a number of seconds"),
    ("arena", ["--seed", "x" * 5000], "--seed: must be 1 to 40 printable characters"),
    ("bench", ["ui", "--seconds", "nan"], "--seconds: must be from 0.05 to 3600 seconds"),
    ("bench", ["ui", "--seconds", "inf"], "--seconds: must be from 0.05 to 3600 seconds"),
    ("bench", ["ui", "--seconds", "0"], "--seconds: must be from 0.05 to 3600 seconds"),
    ("bench", ["ui", "--seed", "-1"], "--seed: must be from 0 to"),
    ("play", ["--deals", "-1"], "--deals: must be from 1 to 1000"),
    ("play", ["--seed", HUGE], "--seed: must be from 0 to 999999999999999999"),
    ("play", ["--seed", "1.5"], "--seed: must be a whole number"),
    ("play", ["--frames", "0"], "--frames: must be from 1 to"),
    ("play", ["--players", HUGE], "--players: must be from 3 to 4"),
    ("play", ["--timer", "8"], "--timer: invalid choice: 8"),
    ("cards", ["--width", "5"], "--width: must be from 20 to 600"),
    ("review", ["x.json", "--deal", "0"], "--deal: must be from 1 to"),
    ("review", ["x.json", "--seed", HUGE], "(5000 characters)"),
    ("screenshots", ["out", "--seed", "-5"], "--seed: must be from 0 to"),
])
def test_a_number_out_of_range_is_refused_with_its_range(
        command: str, argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(command, argv, capsys)
    assert words in err
    assert HUGE not in err  # a long number is quoted cut short


def test_every_numeric_option_has_a_range() -> None:
    """No option reads a bare int or float: each has a type that knows its range."""
    for name in COMMANDS:
        for action in command_parser(name)._actions:
            assert action.type not in (int, float), f"{name} {action.option_strings}"


def test_argparse_s_own_errors_cut_what_was_typed(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused("bench", ["x" * 5000], capsys)
    assert "invalid choice" in err and "(5002 characters)" in err  # with its quotes


def test_the_command_line_returns_status_2_for_a_bad_option(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--deals", "0"]) == 2
    assert "--deals: must be from 1" in capsys.readouterr().err


def test_the_values_in_range_are_taken() -> None:
    args = command_parser("arena").parse_args(["--jobs", "0", "--deals", "100000",
                                               "--time-limit", "0.5", "--seed", "2026"])
    assert (args.jobs, args.deals, args.time_limit, args.seed) == (0, 100000, 0.5, "2026")
    args = command_parser("play").parse_args(["--seed", "0", "--players", "4", "--timer", "7"])
    assert (args.seed, args.players, args.timer) == (0, 4, 7)
    args = command_parser("bench").parse_args(["ui", "--seconds", "20"])
    assert args.seconds == 20.0
    assert isinstance(command_parser("play"), argparse.ArgumentParser)


def test_screenshots_refuses_only_without_the_gallery(
        tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: ANN001
    out = tmp_path / "shots"
    assert main(["screenshots", str(out), "--only", "play"]) == 2
    assert "--gallery" in capsys.readouterr().err
    assert not out.exists()  # nothing written
