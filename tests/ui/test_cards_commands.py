"""`skatgame cards` contact sheet and `skatgame bench cards`, run as a user would."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    return subprocess.run([sys.executable, "-m", "skatgame", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("style", ["german", "tournament"])
def test_contact_sheet_headless(tmp_path: Path, style: str) -> None:
    out = tmp_path / f"{style}.png"
    result = run_cli("cards", "--style", style, "--width", "40", "--out", str(out),
                     "--german-indices")
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(out))
    width, height, gap = 40, round(40 * 91 / 59), 4
    assert image.get_size() == (8 * width + 9 * gap, 5 * height + 6 * gap)
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("args, message", [
    (["--style", "swiss"], "unknown style"),
    (["--width", "5"], "--width"),
    (["--out", "/nonexistent-folder/x.png"], "does not exist"),
    (["--out", "sheet.jpg"], ".png"),
])
def test_contact_sheet_bad_input(args: list[str], message: str) -> None:
    result = run_cli("cards", *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_bench_cards_reports_every_style_and_width() -> None:
    from skatgame.commands.bench_cards import STYLES, WIDTHS, measure

    result = measure(argparse.Namespace(seconds=0.05, seed=1))
    json.dumps(result)
    for style in STYLES:
        assert set(result["deck_ms"][style]) == {str(w) for w in WIDTHS}
        assert all(ms > 0 for ms in result["deck_ms"][style].values())
    assert result["cache_hit_us"] > 0
