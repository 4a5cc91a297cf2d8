"""What SDL tells the table layer (the per-user folder and the preferred languages), and
freed memory handed back."""

from __future__ import annotations

from pathlib import Path

import pygame.system
import pytest

from skatgame.table import store as store_mod
from skatgame.table.store import ENV_HOME, user_dir
from skatgame.ui import system


def test_user_dir_survives_sdl_failing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(org: str, app: str) -> str:
        raise pygame.error("no pref path")

    monkeypatch.delenv(ENV_HOME, raising=False)
    monkeypatch.setattr(pygame.system, "get_pref_path", broken)
    monkeypatch.setattr(store_mod.sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert system.pref_path() is None
    assert user_dir(system.pref_path()) == tmp_path / "xdg" / "skatgame"


def test_sdl_names_a_folder_for_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path))
    path = system.pref_path()
    assert path is not None and path.name == "skatgame"


def test_preferred_locales_never_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> list[dict[str, str]]:
        raise pygame.error("no locales")

    assert isinstance(system.preferred_locales(), list)
    monkeypatch.setattr(pygame.system, "get_pref_locales", broken)
    assert system.preferred_locales() == []


def test_freed_memory_goes_back_to_the_system_on_glibc() -> None:
    import platform
    import sys

    if sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc":
        assert system._malloc_trim() is not None  # found: the window will call it
        blocks = [bytearray(200_000) for _ in range(50)]  # about 10 MB in the C heap
        del blocks
    assert system.give_back_memory() in (True, False)  # never raises, anywhere


def test_without_malloc_trim_nothing_is_given_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(system, "_malloc_trim", lambda: None)
    assert system.give_back_memory() is False
