"""The yardsticks: earlier players kept for measurements, apart from the levels."""

from __future__ import annotations

import ast
from pathlib import Path

import skatgame.ai.levels
from skatgame.ai.levels.advanced import AdvancedPlayer
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.player import create_player
from skatgame.ai.solver import FEATURES_ALL, FEATURES_NO_QUASI, FEATURES_V1
from skatgame.ai.yardsticks.advanced_v1 import AdvancedV1Player
from skatgame.ai.yardsticks.expert_v1 import ExpertV1Player


def test_expert_v1_keeps_the_first_search() -> None:
    """``expert-v1`` counts its budgets in the first C core's nodes; the Expert does not."""
    v1 = create_player("expert-v1", 1)
    assert isinstance(v1, ExpertV1Player) and v1.features == FEATURES_V1
    assert v1.name == "Expert v1"
    assert ExpertPlayer(1).features == FEATURES_ALL


def test_advanced_v1_keeps_the_first_search() -> None:
    """``advanced-v1`` is the Advanced counting its budget in the first C core's
    nodes (the yardstick of the first arena figures); the Advanced counts it in the
    search it was measured with, all refinements but the structure table."""
    old = create_player("advanced-v1", 1)
    assert isinstance(old, AdvancedV1Player) and old.features == FEATURES_V1
    assert old.name == "Advanced v1"
    assert AdvancedPlayer(1).features == FEATURES_NO_QUASI != FEATURES_ALL


def test_the_expert_stands_alone() -> None:
    """The Expert is no first Expert with changes: it does not derive from the yardstick."""
    assert not issubclass(ExpertPlayer, ExpertV1Player)
    assert not isinstance(create_player("expert", 1), ExpertV1Player)


def test_no_level_imports_a_yardstick() -> None:
    """Yardsticks build on the levels, never the other way round (lazy imports counted)."""
    for path in Path(skatgame.ai.levels.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.startswith("skatgame.ai.yardsticks") for n in names), path
