"""`python -m skatgame --help` names the play options, not only the subcommands."""

from __future__ import annotations

import pytest

from skatgame.cli import main


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_shows_the_play_options(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([flag]) == 0
    out = capsys.readouterr().out
    assert "COMMAND" in out and "screenshots" in out  # the subcommands
    for option in ("--size", "--language", "--demo", "--fullscreen", "--speed", "--no-sound"):
        assert option in out, option
    assert out.index("play options") < out.index("--size")
