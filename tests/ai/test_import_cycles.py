"""No import cycles in the engine and the computer players, lazy and TYPE_CHECKING
imports counted: a module that needs its importer's names has them in the wrong place."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import skatgame

ROOT = Path(skatgame.__file__).parent.parent


def _graph(floor: str) -> dict[str, set[str]]:
    """Module -> the modules of the same floor it imports (a package counts as its
    ``__init__``; importing a submodule imports its packages too, but not one's own)."""
    paths = {}
    for p in (ROOT / "skatgame" / floor).rglob("*.py"):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        paths[".".join(parts)] = p
    graph: dict[str, set[str]] = {m: set() for m in paths}
    for module, path in paths.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                while name and name not in paths:
                    name = name.rpartition(".")[0]
                while name:
                    if name in paths and name != module and not module.startswith(name + "."):
                        graph[module].add(name)
                    name = name.rpartition(".")[0]
    return graph


@pytest.mark.parametrize("floor", ["engine", "ai"])
def test_no_import_cycles(floor: str) -> None:
    graph = _graph(floor)
    cycles = []
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycles.append(path[path.index(module):] + [module])
            return
        if module in done:
            return
        for nxt in sorted(graph[module]):
            visit(nxt, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    assert not cycles, " ; ".join(" -> ".join(c) for c in cycles)
