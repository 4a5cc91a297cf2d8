"""The floors of the house: imports point one way and the table layer needs no pygame.

``commands -> ui -> table -> ai -> engine``: a module may import its own
floor and the floors below it, never one above. ``table`` is used without
pygame: every module of it imports in a process where pygame cannot be found.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import skatgame

PACKAGE = Path(skatgame.__file__).parent
FLOORS = ["engine", "ai", "table", "ui", "commands"]  # bottom to top


def floor_of(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "skatgame" or len(parts) < 2 or parts[1] not in FLOORS:
        return None
    return FLOORS.index(parts[1])


def imports_of(path: Path) -> list[tuple[int, str]]:
    """Every ``skatgame`` module a file imports (also lazily and under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
    return found


def test_imports_point_down_only() -> None:
    wrong = []
    for floor in FLOORS:
        for path in (PACKAGE / floor).rglob("*.py"):
            for line, module in imports_of(path):
                target = floor_of(module)
                if target is not None and target > FLOORS.index(floor):
                    wrong.append(f"{path.relative_to(PACKAGE)}:{line} imports {module}")
    assert not wrong


@pytest.mark.parametrize("floor", ["engine", "ai", "table"])
def test_no_pygame_below_the_window(floor: str) -> None:
    wrong = [f"{path.relative_to(PACKAGE)}:{line}"
             for path in (PACKAGE / floor).rglob("*.py")
             for line, module in imports_of(path) if module.split(".")[0] == "pygame"]
    assert not wrong


def test_table_modules_import_without_pygame() -> None:
    modules = sorted(f"skatgame.table.{p.stem}" for p in (PACKAGE / "table").glob("*.py")
                     if p.stem != "__init__")
    assert {"skatgame.table.session", "skatgame.table.store"} <= set(modules)
    code = ("import sys\n"
            "sys.modules['pygame'] = None  # any import of pygame fails\n"
            f"for name in {modules!r}:\n"
            "    __import__(name)\n"
            "print(sorted(m for m in sys.modules if m.startswith('skatgame.ui')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_scenes_take_the_app_they_are_given() -> None:
    """Scenes import ``skatgame.ui.app`` for type hints only: the app passes itself to them."""
    wrong = []
    for path in (PACKAGE / "ui" / "scenes").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(node) for block in ast.walk(tree)
                       if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
                       for node in ast.walk(block)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.ImportFrom) and node.module == "skatgame.ui.app"
                    and id(node) not in typing_only):
                wrong.append(f"{path.name}:{node.lineno}")
    assert not wrong
