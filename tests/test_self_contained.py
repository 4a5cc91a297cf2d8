"""Tests read nothing outside the repository (`.ci/run` also runs them in a lone copy)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
TEST_FILES = sorted(p for p in (REPO / "tests").rglob("*.py") if p != Path(__file__).resolve())

# Path(__file__).resolve().parents[3], Path(__file__).parent.parent
_PARENTS = re.compile(r"Path\(__file__\)(?:\.resolve\(\))?\.parents\[(\d+)\]")
_PARENT_CHAIN = re.compile(r"Path\(__file__\)(?:\.resolve\(\))?((?:\.parent\b)+)")


def test_there_are_test_files() -> None:
    assert len(TEST_FILES) > 20


@pytest.mark.parametrize("path", TEST_FILES, ids=lambda p: str(p.relative_to(REPO)))
def test_paths_from_a_test_stay_inside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    levels = [int(m.group(1)) + 1 for m in _PARENTS.finditer(text)]
    levels += [m.group(1).count(".parent") for m in _PARENT_CHAIN.finditer(text)]
    for n in levels:
        target = path.parents[n - 1]
        assert target == REPO or REPO in target.parents, f"{path.name} reads from {target}"
    assert '"shared"' not in text and "shared/" not in text, f"{path.name} names ../shared"


def test_ci_runs_the_readme_test_command_in_a_lone_copy() -> None:
    """`.ci/run` copies the repository into an empty temporary folder and runs README.md's
    test command exactly there, not in the checkout."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = readme.split("**Run the tests:**", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    command = block.strip()
    assert command.startswith("python3 -m venv") and "pytest" in command
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    fresh = re.search(r'(\w+)=\$\(mktemp -d\)', ci)
    assert fresh, "no temporary folder"
    var = fresh.group(1)
    copy_to = re.search(rf'tar -xf - -C "\${var}/(\w+)"', ci)
    assert copy_to, "the repository is not copied into the temporary folder"
    runs = [m.start() for m in re.finditer(re.escape(command), ci)]
    enter = ci.find(f'cd "${var}/{copy_to.group(1)}"')
    assert runs and enter != -1
    assert all(start > enter for start in runs), "the test command also runs in the checkout"
