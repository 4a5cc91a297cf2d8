"""Finding resources from a checkout, an installed wheel and a frozen executable."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from skatgame import resources
from skatgame.resources import resource_path, resource_roots

REPO = Path(__file__).resolve().parent.parent


def test_source_checkout_finds_the_repository_resources() -> None:
    path = resource_path("i18n", "en.json")
    assert path == REPO / "resources" / "i18n" / "en.json"
    assert path.is_file()


def test_frozen_executable_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "resources" / "i18n").mkdir(parents=True)
    (tmp_path / "resources" / "i18n" / "en.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resource_roots()[0] == tmp_path / "resources"
    assert resource_path("i18n", "en.json") == tmp_path / "resources" / "i18n" / "en.json"


def test_installed_wheel_uses_package_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site-packages" / "skatgame"
    (package / "_resources" / "i18n").mkdir(parents=True)
    (package / "_resources" / "i18n" / "de.json").write_text("{}", encoding="utf-8")
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resource_path("i18n", "de.json") == package / "_resources" / "i18n" / "de.json"


def test_later_roots_fill_gaps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "skatgame"
    (package / "_resources").mkdir(parents=True)
    (tmp_path / "resources").mkdir()
    (tmp_path / "resources" / "icon.txt").write_text("x", encoding="utf-8")
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    assert resource_path("icon.txt") == tmp_path / "resources" / "icon.txt"


def test_missing_resource_names_a_sensible_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "skatgame"
    (package / "_resources").mkdir(parents=True)
    monkeypatch.setattr(resources, "_PACKAGE_DIR", package)
    path = resource_path("fonts", "nothing.ttf")
    assert path == package / "_resources" / "fonts" / "nothing.ttf"
    assert not path.exists()


def test_no_pygame_needed() -> None:
    code = "import sys, skatgame.resources; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO).returncode == 0
