"""The floors of the house: imports point one way, nothing imports in a circle, scenes
never import one another, and the floors below the window need no pygame.

``commands -> ui -> net -> table -> ai -> engine``: a module may import its own
floor and the floors below it, never one above. ``table`` is used without
pygame: every module of it imports in a process where pygame cannot be found.
Imports are counted wherever they stand: at the top, inside a function (lazy) or
under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import skatgame

PACKAGE = Path(skatgame.__file__).parent
FLOORS = ["engine", "ai", "table", "net", "ui", "commands"]  # bottom to top


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


@pytest.mark.parametrize("floor", ["engine", "ai", "table", "net"])
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


def module_graph() -> dict[str, set[str]]:
    """Every module of the package -> the package's modules it imports (a package counts
    as its ``__init__``; importing a submodule imports its packages too, not one's own)."""
    paths = {}
    for p in PACKAGE.rglob("*.py"):
        parts = list(p.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        paths[".".join(parts)] = p
    graph: dict[str, set[str]] = {m: set() for m in paths}
    for module, path in paths.items():
        for _line, name in imports_of(path):
            while name and name not in paths:
                name = name.rpartition(".")[0]
            while name:
                if name in paths and name != module and not module.startswith(name + "."):
                    graph[module].add(name)
                name = name.rpartition(".")[0]
    return graph


def test_no_import_circles() -> None:
    graph = module_graph()
    circles = []
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            circles.append(path[path.index(module):] + [module])
            return
        if module in done:
            return
        for nxt in sorted(graph[module]):
            visit(nxt, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    assert not circles, " ; ".join(" -> ".join(c) for c in circles)


def test_no_scene_imports_another() -> None:
    """Scenes reach each other by route name (skatgame.ui.routes), never by import."""
    scenes = {f"skatgame.ui.scenes.{p.stem}" for p in (PACKAGE / "ui" / "scenes").glob("*.py")
              if p.stem != "__init__"}
    graph = module_graph()
    assert len(scenes) >= 10
    wrong = sorted(f"{m} imports {n}" for m in scenes for n in graph[m] if n in scenes)
    assert not wrong


def test_scenes_get_the_services_not_the_app() -> None:
    """No scene imports the application: it gets the services it needs."""
    wrong = [f"{p.name}:{line}" for p in (PACKAGE / "ui" / "scenes").glob("*.py")
             for line, module in imports_of(p) if module.startswith("skatgame.ui.app")]
    assert not wrong


def test_the_graph_sees_lazy_and_typing_imports() -> None:
    """The checks above would miss nothing: a lazy import and one under TYPE_CHECKING count."""
    graph = module_graph()
    assert "skatgame.table.local" in graph["skatgame.ui.services"]  # under TYPE_CHECKING
    assert "skatgame.ui.cards" in graph["skatgame.ui.services"]  # inside a function
