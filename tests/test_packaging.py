"""Packaging: the PyInstaller recipe, the wheel's resources, the licence, `screenshots`.

The real executable is built and run by `.ci/run`; here `build.spec` is run
with stand-ins for PyInstaller's classes, which record what it asks for on
each platform, and the game runs once with every module the spec leaves out
made unimportable.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import pkgutil
import shutil
import subprocess
import sys
import tomllib
import types
import zipfile
from pathlib import Path
from typing import Any

import pygame
import pytest

import skatgame

REPO = Path(__file__).resolve().parent.parent
SPEC = REPO / "build.spec"


# ---------------------------------------------------------------- build.spec


class Recorded(types.SimpleNamespace):
    """What one PyInstaller class was called with; also offers the attributes the spec reads."""


def run_spec(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, platform: str,
             c_core: bool = True) -> dict[str, Any]:
    """Run build.spec as PyInstaller would on ``platform``; returns its calls by class name."""
    calls: dict[str, Any] = {}
    collected: list[str] = []

    def recorder(kind: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> Recorded:
            made = Recorded(kind=kind, args=args, kwargs=kwargs, scripts=["<scripts>"],
                            pure=["<pure>"], binaries=["<binaries>"], datas=["<datas>"])
            calls[kind] = made
            return made
        return record

    def collect_submodules(package: str) -> list[str]:
        collected.append(package)
        found = pkgutil.walk_packages(skatgame.__path__, "skatgame.")
        return [package, *(m.name for m in found)]

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = collect_submodules  # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from skatgame.ai import solver

    monkeypatch.setattr(solver, "HAVE_C_CORE", c_core)
    spec_globals = {"SPECPATH": str(REPO), "workpath": str(tmp_path / "work"),
                    "__name__": "__main__"}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        spec_globals[kind] = recorder(kind)
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), spec_globals)
    calls["collected"] = collected
    calls["globals"] = spec_globals
    return calls


@pytest.fixture(scope="module")
def spec_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """build.spec run once for each platform (drawing the icons takes a moment)."""
    runs = {}
    for platform in ("linux", "win32", "darwin"):
        with pytest.MonkeyPatch.context() as mp:
            mp.delenv("SKATGAME_ALLOW_PURE_SOLVER", raising=False)
            runs[platform] = run_spec(mp, tmp_path_factory.mktemp(platform), platform)
    return runs


def test_analysis_starts_at_the_package_main_and_takes_everything(
    spec_runs: dict[str, dict[str, Any]]
) -> None:
    calls = spec_runs["linux"]
    analysis = calls["Analysis"]
    assert [Path(s) for s in analysis.args[0]] == [REPO / "skatgame" / "__main__.py"]
    assert (str(REPO / "resources"), "resources") in analysis.kwargs["datas"]
    assert (str(REPO / "LICENSE"), ".") in analysis.kwargs["datas"]
    assert calls["collected"] == ["skatgame"]  # subcommands and levels are imported by name
    hidden = analysis.kwargs["hiddenimports"]
    for module in ("skatgame.commands.play", "skatgame.commands.screenshots",
                   "skatgame.ai.levels.expert", "skatgame.table.thinker"):
        assert module in hidden
    assert calls["PYZ"].args == (["<pure>"],)


def test_linux_gets_one_stripped_file(spec_runs: dict[str, dict[str, Any]]) -> None:
    calls = spec_runs["linux"]
    exe = calls["EXE"]
    assert ["<binaries>"] in exe.args and ["<datas>"] in exe.args  # all inside the one file
    assert exe.kwargs["name"] == "skatgame"
    assert exe.kwargs["console"] is False
    assert exe.kwargs["strip"] is True
    assert exe.kwargs["upx"] is False
    assert "COLLECT" not in calls and "BUNDLE" not in calls


def test_windows_gets_one_file_without_console_and_with_the_icon(
    spec_runs: dict[str, dict[str, Any]]
) -> None:
    calls = spec_runs["win32"]
    exe = calls["EXE"]
    assert ["<binaries>"] in exe.args and ["<datas>"] in exe.args
    assert exe.kwargs["console"] is False
    assert exe.kwargs["strip"] is False
    assert exe.kwargs["upx"] is False
    icon = Path(exe.kwargs["icon"])
    assert icon.suffix == ".ico" and icon.parent.name == "icon"  # in PyInstaller's workpath
    assert icon.read_bytes()[:4] == b"\x00\x00\x01\x00"
    assert "BUNDLE" not in calls


def test_macos_gets_an_app_bundle(spec_runs: dict[str, dict[str, Any]]) -> None:
    calls = spec_runs["darwin"]
    exe, coll, bundle = calls["EXE"], calls["COLLECT"], calls["BUNDLE"]
    assert exe.kwargs["exclude_binaries"] is True and exe.kwargs["console"] is False
    assert ["<binaries>"] in coll.args and ["<datas>"] in coll.args
    assert bundle.args == (coll,)
    assert bundle.kwargs["name"] == "skatgame.app"
    icon = Path(bundle.kwargs["icon"])
    assert icon.suffix == ".icns" and icon.read_bytes()[:4] == b"icns"
    version = bundle.kwargs["info_plist"]["CFBundleShortVersionString"]
    assert f'version = "{version}"' in (REPO / "pyproject.toml").read_text(encoding="utf-8")


def test_no_build_without_the_c_core(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SKATGAME_ALLOW_PURE_SOLVER", raising=False)
    with pytest.raises(SystemExit, match="C core"):
        run_spec(monkeypatch, tmp_path, "linux", c_core=False)
    monkeypatch.setenv("SKATGAME_ALLOW_PURE_SOLVER", "1")
    assert "EXE" in run_spec(monkeypatch, tmp_path, "linux", c_core=False)


_WITHOUT_EXCLUDED = r"""
import importlib.abc, json, os, sys
blocked = json.loads(sys.argv[1])

class Hide(importlib.abc.MetaPathFinder):
    # a finder that does not see the modules left out, as in the executable

    def __init__(self, inner):
        self.inner = inner

    def find_spec(self, name, path=None, target=None):
        if any(name == b or name.startswith(b + ".") for b in blocked):
            return None
        return self.inner.find_spec(name, path, target)

    def invalidate_caches(self):
        getattr(self.inner, "invalidate_caches", lambda: None)()

sys.meta_path[:] = [Hide(f) for f in sys.meta_path]
for name in list(sys.modules):  # whatever site-packages' start-up files imported
    if any(name == b or name.startswith(b + ".") for b in blocked):
        del sys.modules[name]

import hashlib, hmac, pkgutil, importlib
hmac.new(b"key", b"challenge", "md5").digest()  # multiprocessing's handshake
hmac.new(b"key", b"challenge", "sha256").digest()
hashlib.sha512(b"seed").digest()  # random.seed(str)

import skatgame
for m in pkgutil.walk_packages(skatgame.__path__, "skatgame."):
    importlib.import_module(m.name)

from skatgame.ui.app import App, DemoOptions
from skatgame.table.settings import Opponent, Settings
settings = Settings(animation_speed="instant", sound_on=False,
                    opponents=(Opponent("beginner", "A"), Opponent("beginner", "B")))
app = App(settings=settings, store=None, size=(800, 600), inline_players=True, save=False,
          sound=False, demo=DemoOptions(deals=1, seed=1, level="beginner"))
frames = 0
while app.running and frames < 20000:
    app.step(0.1)
    frames += 1
assert not app.running and app.exit_code == 0 and not app.errors, (frames, app.errors)
print("played", frames)
"""


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_every_platform_leaves_out_the_same(spec_runs: dict[str, dict[str, Any]],
                                            platform: str) -> None:
    linux = spec_runs["linux"]["Analysis"].kwargs
    other = spec_runs[platform]["Analysis"].kwargs
    assert other["excludes"] == linux["excludes"]

    def data(kwargs: dict[str, Any]) -> list[tuple[str, str, bytes]]:  # generated in workpath
        return [(Path(src).name, dest, Path(src).read_bytes() if Path(src).is_file() else b"")
                for src, dest in kwargs["datas"]]

    assert data(other) == data(linux)


# ---------------------------------------------------------------- the version


def test_the_version_is_baked_into_the_executable(
    spec_runs: dict[str, dict[str, Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skatgame import version

    expected = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    expected = expected["project"]["version"]
    datas = spec_runs["linux"]["Analysis"].kwargs["datas"]
    (baked,) = [(src, dest) for src, dest in datas if Path(src).name == version.BAKED_NAME]
    assert baked[1] == "skatgame"
    assert not Path(baked[0]).is_relative_to(REPO)  # written into workpath, not the checkout
    # unpacked as PyInstaller does, into sys._MEIPASS/DEST/, the program reads it from there
    bundle = tmp_path / "_MEI7"
    (bundle / baked[1]).mkdir(parents=True)
    shutil.copy(baked[0], bundle / baked[1] / version.BAKED_NAME)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    version.version.cache_clear()
    try:
        assert version.version() == expected
    finally:
        version.version.cache_clear()
    assert not (REPO / "skatgame" / version.BAKED_NAME).exists()


class VersionPart(types.SimpleNamespace):
    """A stand-in for one of PyInstaller's version-resource classes."""


def read_version_resource(text: str) -> Any:
    """Evaluate a Windows version file as PyInstaller does, with stand-in classes."""
    tree = ast.parse(text, mode="eval")
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    parts = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
             "VarFileInfo", "VarStruct")
    assert names <= set(parts), names - set(parts)

    def part(kind: str) -> Any:
        return lambda *args, **kwargs: VersionPart(kind=kind, args=args, kwargs=kwargs)

    return eval(compile(tree, "version", "eval"), {"__builtins__": {}},
                {kind: part(kind) for kind in parts})


def test_windows_gets_a_version_resource(spec_runs: dict[str, dict[str, Any]]) -> None:
    expected = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    expected = expected["project"]["version"]
    assert spec_runs["linux"]["EXE"].kwargs["version"] is None
    path = Path(spec_runs["win32"]["EXE"].kwargs["version"])
    info = read_version_resource(path.read_text(encoding="utf-8"))
    assert info.kind == "VSVersionInfo"
    fixed = info.kwargs["ffi"]
    numbers = tuple(int(n) for n in expected.split("+")[0].split(".")[:4])
    assert fixed.kwargs["filevers"][:len(numbers)] == numbers
    assert len(fixed.kwargs["filevers"]) == 4 and fixed.kwargs["prodvers"] == \
        fixed.kwargs["filevers"]
    strings = info.kwargs["kids"][0].args[0][0].args[1]
    table = {s.args[0]: s.args[1] for s in strings}
    assert table["FileVersion"] == table["ProductVersion"] == expected
    assert table["OriginalFilename"] == "skatgame.exe"
    make = spec_runs["win32"]["globals"]["windows_version_info"]
    for text, four in (("1.2.3rc1", (1, 2, 3, 0)), ("2", (2, 0, 0, 0)),
                       ("1.2.3.4.5", (1, 2, 3, 4)), ("70000.1", (65535, 1, 0, 0))):
        made = read_version_resource(make(text))
        assert made.kwargs["ffi"].kwargs["filevers"] == four, text


def test_the_game_runs_without_what_the_spec_leaves_out(
    spec_runs: dict[str, dict[str, Any]]
) -> None:
    excludes = spec_runs["linux"]["Analysis"].kwargs["excludes"]
    assert {"tkinter", "pytest", "hypothesis", "numpy", "_hashlib"} <= set(excludes)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DISPLAY")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.run([sys.executable, "-c", _WITHOUT_EXCLUDED, json.dumps(excludes)],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.splitlines()[-1].startswith("played")


# ---------------------------------------------------------------- entry point


def test_main_lets_frozen_workers_out_before_the_command_line() -> None:
    tree = ast.parse((REPO / "skatgame" / "__main__.py").read_text(encoding="utf-8"))
    guard = next(n for n in tree.body if isinstance(n, ast.If))
    assert ast.unparse(guard.test) == "__name__ == '__main__'"
    first = guard.body[0]
    assert isinstance(first, ast.Expr)
    assert ast.unparse(first.value) == "multiprocessing.freeze_support()"
    later = ast.unparse(ast.Module(body=guard.body[1:], type_ignores=[]))
    assert "from skatgame.cli import main" in later and "sys.exit(main())" in later


def test_importing_main_runs_nothing() -> None:
    code = "import skatgame.__main__, sys; print('pygame' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"


# ---------------------------------------------------------------- wheel and sdist


def _copy_project(dest: Path) -> Path:
    """The files a build reads, copied so that the build writes nothing into the checkout."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        if (REPO / name).exists():
            shutil.copy2(REPO / name, dest / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.pyc")
    shutil.copytree(REPO / "skatgame", dest / "skatgame", ignore=ignore)
    shutil.copytree(REPO / "resources", dest / "resources", ignore=ignore)
    return dest


def _built_package(tmp_path: Path) -> Path:
    """The package as a wheel installs it: ``setup.py build_py``, or a wheel when the
    environment has no setuptools (then pip builds one in isolation)."""
    src = _copy_project(tmp_path / "src")
    out = tmp_path / "lib"
    if importlib.util.find_spec("setuptools") is not None:
        cmd = [sys.executable, "setup.py", "-q", "build_py", "-d", str(out)]
    else:
        cmd = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
               str(tmp_path / "wheel"), str(src)]
    proc = subprocess.run(cmd, cwd=src, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    if not out.exists():
        (wheel,) = (tmp_path / "wheel").glob("*.whl")
        with zipfile.ZipFile(wheel) as z:
            z.extractall(out)
    return out


def test_the_wheel_ships_resources_as_package_data(tmp_path: Path) -> None:
    lib = _built_package(tmp_path)
    shipped = lib / "skatgame" / "_resources"
    sources = [p for p in (REPO / "resources").rglob("*") if p.is_file()]
    assert sources
    for path in sources:
        copy = shipped / path.relative_to(REPO / "resources")
        assert copy.read_bytes() == path.read_bytes(), copy
    # installed like this, away from any checkout, the game finds them there
    code = ("from skatgame.resources import resource_path; "
            "print(resource_path('i18n', 'en.json'))")
    env = {**os.environ, "PYTHONPATH": str(lib)}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    proc = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert Path(proc.stdout.strip()) == shipped / "i18n" / "en.json"


def test_the_sdist_lists_the_resources(tmp_path: Path) -> None:
    assert importlib.util.find_spec("setuptools") is not None, "setuptools lists the sdist"
    src = _copy_project(tmp_path)
    proc = subprocess.run([sys.executable, "setup.py", "-q", "egg_info"], cwd=src,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    listed = set((src / "skatgame.egg-info" / "SOURCES.txt").read_text().split())
    assert "resources/i18n/en.json" in listed and "resources/i18n/de.json" in listed
    assert "skatgame/ai/_solver.c" in listed


# ---------------------------------------------------------------- per-user files


def test_user_files_are_never_inside_the_bundle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skatgame.resources import resource_roots
    from skatgame.table.store import ENV_HOME, user_dir

    bundle = tmp_path / "_MEI123"
    (bundle / "resources").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delenv(ENV_HOME, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / "data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "home" / "appdata"))
    assert resource_roots()[0] == bundle / "resources"
    folder = user_dir()
    assert folder is not None and folder.is_dir()
    assert not folder.resolve().is_relative_to(bundle.resolve())


# ---------------------------------------------------------------- licence


def test_licence_is_mit_and_covers_the_generated_art() -> None:
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 the skatgame developers" in text
    assert "card art" in text and "sounds" in text
    assert 'license = { text = "MIT" }' in (REPO / "pyproject.toml").read_text(encoding="utf-8")


# ---------------------------------------------------------------- screenshots


def run_screenshots(*args: str) -> subprocess.CompletedProcess[str]:
    code = ("import argparse, sys\n"
            "from skatgame.commands import screenshots as s\n"
            "p = argparse.ArgumentParser(prog='skatgame screenshots')\n"
            "s.add_arguments(p)\n"
            "sys.exit(s.run(p.parse_args(sys.argv[1:])))\n")
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY")}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)


def test_screenshots_of_every_deck_and_the_table(tmp_path: Path) -> None:
    out = tmp_path / "pictures" / "new"
    proc = run_screenshots(str(out), "--size", "960x600", "--card-width", "40")
    assert proc.returncode == 0, proc.stderr[-3000:]
    names = {p.name for p in out.iterdir()}
    assert names == {"cards-french.png", "cards-tournament.png", "cards-german.png",
                     "table-menu.png", "table-auction.png", "table-play.png",
                     "table-results.png"}
    for name in names:
        assert f"wrote {out / name}" in proc.stdout
    assert all(line.startswith("wrote ") for line in proc.stdout.splitlines())
    shots = {n: pygame.image.load(str(out / n)) for n in names}
    for name, image in shots.items():
        if name.startswith("table-"):
            assert image.get_size() == (960, 600), name
    # four different moments of the game, not one frame four times
    raw = {pygame.image.tobytes(shots[f"table-{s}.png"], "RGB") for s in
           ("menu", "auction", "play", "results")}
    assert len(raw) == 4
    assert shots["cards-german.png"].get_size() == shots["cards-french.png"].get_size()


def test_screenshots_refuses_bad_input_without_a_traceback(tmp_path: Path) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("x", encoding="utf-8")
    proc = run_screenshots(str(a_file))
    assert proc.returncode == 2
    assert "is not a folder" in proc.stderr and "Traceback" not in proc.stderr
    proc = run_screenshots(str(tmp_path), "--size", "big")
    assert proc.returncode == 2 and "WIDTHxHEIGHT" in proc.stderr
    proc = run_screenshots(str(tmp_path), "--card-width", "5")
    assert proc.returncode == 2 and "must be from 20 to 600" in proc.stderr
    assert not any(tmp_path.glob("*.png"))
