"""Releases: the one version number, the desktop entry, and the release workflow.

The version comes from pyproject.toml: from the installed metadata (source and
wheel, both run here), or baked into the executable (build.spec; the real
executable is checked by .ci/check-executable). The release workflow cannot run
here, so its file is read and each platform's job is checked for the README's
commands and the headless demo deal.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import random
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
import yaml

import skatgame
from skatgame import cli, version
from skatgame.commands import install_desktop
from skatgame.engine.options import ISKO
from skatgame.engine.series import Series
from tests.test_packaging import _copy_project

REPO = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "version"]
WORKFLOW = REPO / ".github" / "workflows" / "release.yml"
CHECK_EXECUTABLE = REPO / ".ci" / "check-executable"


@pytest.fixture(autouse=True)
def fresh_version() -> Iterator[None]:
    """Every test looks the version up anew (it is cached for the running game)."""
    version.version.cache_clear()
    yield
    version.version.cache_clear()


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "XDG_DATA_HOME")}
    env.update(PYGAME_HIDE_SUPPORT_PROMPT="1", **extra)
    return env


# ---------------------------------------------------------------- the version


def test_the_version_is_written_once_in_pyproject() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+([a-z0-9.+-]*)", VERSION)
    literal = re.compile(rf"""["']{re.escape(VERSION)}["']""")
    for path in [*(REPO / "skatgame").rglob("*.py"), REPO / "setup.py", REPO / "build.spec"]:
        assert not literal.search(path.read_text(encoding="utf-8")), path
    assert version.version() == VERSION
    assert skatgame.__version__ == VERSION
    assert version.written_by() == f"skatgame {VERSION}"
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        _ = skatgame.nonsense  # type: ignore[attr-defined]


def test_version_from_source_without_opening_pygame(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "skatgame", "--version"], cwd=REPO,
                          env=clean_env(), capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, f"skatgame {VERSION}\n", "")
    code = "import sys; from skatgame.cli import main; main(['--version']); " \
           "print('pygame' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=clean_env(),
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout.split() == ["skatgame", VERSION, "False"], proc.stderr
    assert "--version" in subprocess.run(
        [sys.executable, "-m", "skatgame", "--help"], cwd=REPO, env=clean_env(),
        capture_output=True, text=True, timeout=60).stdout


def test_version_from_a_built_wheel(tmp_path: Path) -> None:
    """A wheel built from a copy whose pyproject says 9.8.7 reports 9.8.7 once installed:
    the number comes from the installed package's metadata, nowhere else."""
    src = _copy_project(tmp_path / "src")
    pyproject = src / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    pyproject.write_text(text.replace(f'version = "{VERSION}"', 'version = "9.8.7"'),
                         encoding="utf-8")
    pip = [sys.executable, "-m", "pip", "-q", "--disable-pip-version-check"]
    built = subprocess.run([*pip, "wheel", "--no-deps", "-w", str(tmp_path / "wheel"),
                            str(src)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = (tmp_path / "wheel").glob("skatgame-9.8.7-*.whl")
    lib = tmp_path / "lib"
    installed = subprocess.run([*pip, "install", "--no-deps", "--target", str(lib), str(wheel)],
                               capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr[-3000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = clean_env(PYTHONPATH=str(lib))
    proc = subprocess.run([sys.executable, "-m", "skatgame", "--version"], cwd=elsewhere,
                          env=env, capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stdout) == (0, "skatgame 9.8.7\n"), proc.stderr
    where = subprocess.run([sys.executable, "-c", "import skatgame; print(skatgame.__file__)"],
                           cwd=elsewhere, env=env, capture_output=True, text=True, timeout=60)
    assert Path(where.stdout.strip()).is_relative_to(lib)  # the wheel's code, not the checkout's


def test_the_executable_reads_the_version_baked_into_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bundle = tmp_path / "_MEI42"
    (bundle / "skatgame").mkdir(parents=True)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert version.version() == version.UNKNOWN  # nothing baked: it says so, no crash
    version.version.cache_clear()
    (bundle / "skatgame" / version.BAKED_NAME).write_text("2.3.4\n", encoding="utf-8")
    assert version.version() == "2.3.4"  # not the metadata of whatever is installed
    version.version.cache_clear()
    (bundle / "skatgame" / version.BAKED_NAME).write_bytes(b"\xff\xfe garbage")
    assert version.version() == version.UNKNOWN


def test_without_metadata_a_checkout_reads_its_pyproject(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert version.version() == VERSION
    version.version.cache_clear()
    monkeypatch.setattr(version, "_PACKAGE_DIR", tmp_path / "skatgame")
    assert version.version() == version.UNKNOWN
    version.version.cache_clear()
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "5.0"\n',
                                             encoding="utf-8")
    assert version.version() == version.UNKNOWN  # another project's number is not ours


# ---------------------------------------------------------------- records


def played_series(deals: int = 2, moves: int = 10) -> Series:
    series = Series(("A", "B", "C"), deals=6, options=ISKO, seed=11)
    rng = random.Random(2)
    for _ in range(deals):
        deal = series.next_deal()
        series.current = deal
        while not deal.done:
            deal.apply(rng.choice(deal.legal_actions()), deal.to_move)
        series.record_deal(deal)
    deal = series.next_deal()
    series.current = deal
    for _ in range(moves):
        deal.apply(rng.choice(deal.legal_actions()), deal.to_move)
    return series


def test_records_carry_the_program_that_wrote_them_and_old_ones_still_load() -> None:
    series = played_series()
    stamped = series.to_record(written_by="skatgame 9.9.9")
    assert stamped["written_by"] == "skatgame 9.9.9"
    assert stamped["current"]["written_by"] == "skatgame 9.9.9"
    plain = series.to_record()
    assert "written_by" not in plain and "written_by" not in plain["current"]  # as before
    for record in (stamped, plain):
        again = Series.from_record(record)
        assert again.to_record() == plain


def test_saved_and_finished_lists_carry_the_version() -> None:
    from skatgame.table.archive import archive_data
    from skatgame.table.session import Session

    series = played_series(deals=2)
    session = Session(series, ["You", "A", "B"], [None, "beginner", "beginner"])
    saved = session.to_record()
    assert saved["series"]["written_by"] == f"skatgame {VERSION}"
    assert saved["series"]["current"]["written_by"] == f"skatgame {VERSION}"
    finished = archive_data(session, "2026-11-22T20:00:00")
    assert finished["series"]["written_by"] == f"skatgame {VERSION}"
    # a list saved before versions were written still continues
    del saved["series"]["written_by"], saved["series"]["current"]["written_by"]
    again = Session.from_record(saved)
    assert again.series.to_record() == series.to_record()


# ---------------------------------------------------------------- the desktop entry


def run_install(*args: str) -> int:
    parser = argparse.ArgumentParser()
    install_desktop.add_arguments(parser)
    return install_desktop.run(parser.parse_args(list(args)))


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch data folder, on a Linux desktop (also where the tests run on Windows or macOS)."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(sys, "executable", "/usr/bin/python3")
    return tmp_path / "data"


def entry_keys(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:])


def test_install_desktop_writes_the_entry_and_the_icons(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["install-desktop"]) == 0
    entry = data_home / "applications" / "skatgame.desktop"
    keys = entry_keys(entry)
    assert keys["Type"] == "Application" and keys["Name"] == "Skat"
    assert keys["Exec"] == "/usr/bin/python3 -m skatgame"
    assert keys["TryExec"] == "/usr/bin/python3"
    assert keys["Icon"] == "skatgame" and keys["Terminal"] == "false"
    assert "Game" in keys["Categories"].split(";")
    assert keys["X-Skatgame-Version"] == VERSION
    for size in install_desktop.ICON_SIZES:
        icon = data_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "skatgame.png"
        assert pygame.image.load(str(icon)).get_size() == (size, size)
    out = capsys.readouterr().out
    assert f"wrote {entry}" in out and "application menu" in out
    assert not list(data_home.rglob(".*.tmp"))


def test_install_desktop_remove_takes_everything_out(
    data_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = data_home / "applications" / "other.desktop"
    other.parent.mkdir(parents=True)
    other.write_text("[Desktop Entry]\n", encoding="utf-8")
    assert run_install() == 0
    assert run_install("--remove") == 0
    assert not [p for p in data_home.rglob("*") if p.is_file() and p != other]
    assert other.exists()  # only our own files
    assert "removed" in capsys.readouterr().out
    assert run_install("--remove") == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_without_xdg_data_home_it_is_the_home_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for value in (None, "", "relative/data"):
        if value is None:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        else:
            monkeypatch.setenv("XDG_DATA_HOME", value)
        assert install_desktop.data_home() == tmp_path / "home" / ".local" / "share"


def test_the_frozen_program_starts_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/Skat Game/skatgame")
    assert install_desktop.launch_command() == ["/opt/Skat Game/skatgame"]
    text = install_desktop.desktop_entry(install_desktop.launch_command(), "1.0")
    assert 'Exec="/opt/Skat Game/skatgame"\n' in text
    assert "TryExec=/opt/Skat Game/skatgame\n" in text


def test_exec_arguments_are_quoted_as_the_specification_asks() -> None:
    quote = install_desktop.exec_argument
    assert quote("/usr/bin/python3") == "/usr/bin/python3"
    assert quote("/a b/python") == '"/a b/python"'
    assert quote("/x/$HOME/`p`") == '"/x/\\$HOME/\\`p\\`"'
    assert quote('/x/"q"\\') == '"/x/\\"q\\"\\\\"'
    assert quote("/x/100%") == "/x/100%%"
    # and the whole value once more as a string: each backslash doubled
    text = install_desktop.desktop_entry(["/x y/$p"], "1.0")
    assert 'Exec="/x y/\\\\$p"\n' in text


@pytest.mark.parametrize("python", ["/usr/bin/python3", "/opt/my games/py$thon 100%/python"])
def test_the_entry_passes_desktop_file_validate(
    data_home: Path, monkeypatch: pytest.MonkeyPatch, python: str
) -> None:
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        pytest.skip("desktop-file-validate is not installed (Debian package desktop-file-utils;"
                    " .ci/run installs it)")
    monkeypatch.setattr(sys, "executable", python)
    assert run_install() == 0
    entry = data_home / "applications" / "skatgame.desktop"
    proc = subprocess.run([validator, str(entry)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == "", proc.stdout + proc.stderr


def test_install_desktop_says_what_went_wrong(
    data_home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data_home.parent.mkdir(parents=True, exist_ok=True)
    data_home.write_text("a file where the folder should be", encoding="utf-8")
    assert cli.main(["install-desktop"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("install-desktop: cannot write") and str(data_home) in err
    assert "Traceback" not in err
    for platform in ("win32", "darwin"):
        monkeypatch.setattr(sys, "platform", platform)
        assert run_install() == 2
        assert "for Linux desktops" in capsys.readouterr().err


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="install-desktop serves freedesktop (Linux) desktops; its refusal "
                           "elsewhere is tested above")
def test_install_desktop_from_the_command_line(tmp_path: Path) -> None:
    """The real thing: this Python, the home folder's data folder, the icon drawn anew."""
    env = clean_env(HOME=str(tmp_path))
    env.pop("SDL_VIDEODRIVER", None)  # it draws the icon without a window by itself
    for args in (["install-desktop"], ["install-desktop", "--remove"]):
        proc = subprocess.run([sys.executable, "-m", "skatgame", *args], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr == ""
        entry = tmp_path / ".local" / "share" / "applications" / "skatgame.desktop"
        assert entry.exists() == (args == ["install-desktop"])
        if entry.exists():
            assert entry_keys(entry)["Exec"] == \
                install_desktop.exec_argument(sys.executable) + " -m skatgame"


# ---------------------------------------------------------------- the release workflow

#: What the runners call their systems (``runner.os``), by the start of the runner's name.
RUNNER_OS = {"ubuntu": "Linux", "windows": "Windows", "macos": "macOS"}
#: Where build.spec leaves the program on each system.
PROGRAM = {"Linux": "dist/skatgame", "Windows": "dist/skatgame.exe",
           "macOS": "dist/skatgame.app/Contents/MacOS/skatgame"}


def readme_commands() -> dict[str, list[str]]:
    """The README's command lines by fence language (``sh``, ``powershell``)."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    for language, body in re.findall(r"^```(\w+)\n(.*?)^```", text, re.M | re.S):
        found.setdefault(language, []).extend(body.strip().splitlines())
    return found


def readme_command(shell: str, needle: str) -> str:
    (line,) = [c for c in readme_commands()[shell] if needle in c]
    return line


def workflow() -> dict[str, Any]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def condition_holds(condition: Any, runner_os: str) -> bool:
    """The step conditions the workflow uses: none, or ``runner.os ==/!= 'X'``."""
    if condition is None:
        return True
    match = re.fullmatch(r"runner\.os (==|!=) '(\w+)'", str(condition).strip())
    assert match, f"a condition this test does not know: {condition!r}"
    assert match.group(2) in RUNNER_OS.values(), condition
    return (runner_os == match.group(2)) == (match.group(1) == "==")


def steps_on(job: dict[str, Any], runner_os: str) -> list[dict[str, Any]]:
    return [s for s in job["steps"] if condition_holds(s.get("if"), runner_os)]


def test_the_workflow_runs_on_tags_and_by_hand() -> None:
    doc = workflow()
    triggers = doc.get("on", doc.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers["push"] == {"tags": ["v*"]}
    assert "workflow_dispatch" in triggers
    assert doc["permissions"] == {"contents": "read"}


def test_each_platform_installs_tests_builds_and_plays_a_demo_deal() -> None:
    job = workflow()["jobs"]["build"]
    matrix = job["strategy"]["matrix"]["include"]
    assert job["runs-on"] == "${{ matrix.os }}"
    systems = {RUNNER_OS[m["os"].split("-")[0]]: m for m in matrix}
    assert sorted(systems) == ["Linux", "Windows", "macOS"]
    assert job["env"]["SDL_VIDEODRIVER"] == "dummy" and job["env"]["SDL_AUDIODRIVER"] == "dummy"
    for runner_os, entry in systems.items():
        steps = steps_on(job, runner_os)
        runs = [(s.get("shell"), s.get("run", "")) for s in steps]
        shell, fence = ("pwsh", "powershell") if runner_os == "Windows" else ("bash", "sh")
        test_command = readme_command(fence, '".[test]"')
        build_command = readme_command(fence, "build.spec")
        assert "python -m pytest" in test_command and "pyinstaller" in build_command
        at = {name: next(i for i, (sh, run) in enumerate(runs) if run.strip() == command
                         and sh == shell)
              for name, command in (("test", test_command), ("build", build_command))}
        check = next(i for i, (sh, run) in enumerate(runs)
                     if sh == "bash" and run.strip() == 'bash .ci/check-executable '
                                                       '"${{ matrix.program }}"')
        assert entry["program"] == PROGRAM[runner_os]
        assert at["test"] < at["build"] < check, runner_os
        assert steps[check].get("timeout-minutes", 0) > 0  # macOS has no `timeout`
        uses = [s.get("uses", "") for s in steps]
        assert uses[0].startswith("actions/checkout@")
        assert any(u.startswith("actions/setup-python@") for u in uses)
        upload = next(i for i, u in enumerate(uses) if u.startswith("actions/upload-artifact@"))
        assert check < upload and steps[upload]["with"]["path"] == "release/*"
        packaging = "\n".join(run for _, run in runs[check + 1:upload])
        assert "sha256" in packaging and f"{runner_os})" in packaging
    linux = [s.get("run", "") for s in steps_on(job, "Linux")]
    assert any("desktop-file-utils" in run for run in linux)  # as .ci/run


def test_check_executable_plays_a_demo_deal_headless_as_ci_run_does() -> None:
    script = CHECK_EXECUTABLE.read_text(encoding="utf-8")
    assert "export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy" in script
    assert '"$exe" --demo --deals 1 --seed 1 --speed instant' in script
    assert '"$exe" --version' in script and '"c_core": true' in script
    assert '"$exe" install-desktop' in script and "desktop-file-validate" in script
    ci_run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert 'bash .ci/check-executable "$exe"' in ci_run and "exe=dist/skatgame" in ci_run
    assert "desktop-file-utils" in ci_run
    if os.name == "posix":  # on Windows `bash` may be WSL's rather than Git's
        proc = subprocess.run(["bash", "-n", str(CHECK_EXECUTABLE)], capture_output=True,
                              text=True, timeout=30)
        assert proc.returncode == 0, proc.stderr


def test_a_tag_publishes_what_the_builds_kept() -> None:
    jobs = workflow()["jobs"]
    publish = jobs["publish"]
    assert publish["needs"] == "build"
    assert publish["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert publish["permissions"] == {"contents": "write"}
    run = "\n".join(s.get("run", "") for s in publish["steps"])
    assert "SHA256SUMS" in run and "gh release create" in run
    package = next(s["run"] for s in jobs["build"]["steps"] if "sha256" in s.get("run", ""))
    assert "does not match version" in package  # a tag v1.2.3 builds version 1.2.3


def test_the_readme_starts_with_the_download() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[:2] == ["Download", "Set up from source"]
    download = text.split("## Download", 1)[1].split("\n## ", 1)[0]
    for words in ("SmartScreen", "More info", "Run anyway", "Gatekeeper", "Open Anyway",
                  "windows-x86_64.exe", "macos-arm64.zip", "linux-x86_64.tar.gz", ".sha256"):
        assert words in download, words
    assert "install-desktop" in text and "--remove" in text
