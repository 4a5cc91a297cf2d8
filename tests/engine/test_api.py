"""The engine's public API: flat in ``skatgame.engine``, each name from its own module."""

from __future__ import annotations

import ast
import doctest
from pathlib import Path

import skatgame.engine
import skatgame.engine.deal
from skatgame import engine

ENGINE = Path(engine.__file__).parent


def test_every_exported_name_is_there_once() -> None:
    assert len(engine.__all__) == len(set(engine.__all__))
    assert [n for n in engine.__all__ if not hasattr(engine, n)] == []
    for name in ("Deal", "Phase", "Seat", "GameKind", "DeckStyle", "Observation",
                 "RuleOptions", "ISKO", "Series", "SheetRow", "IllegalActionError",
                 "DealError", "RecordError", "SeriesError", "OptionsError", "deal_to_record",
                 "deal_from_record", "PLAYS", "Contract", "DealResult"):
        assert name in engine.__all__, name


def test_the_names_are_the_modules_own() -> None:
    from skatgame.engine.deal import Deal
    from skatgame.engine.phase import IllegalActionError, Phase
    from skatgame.engine.seats import Seat

    assert engine.Deal is Deal and engine.Phase is Phase and engine.Seat is Seat
    assert engine.IllegalActionError is IllegalActionError
    assert skatgame.engine.deal.Phase is Phase  # still found where it used to be


def test_the_examples_in_the_docstrings_hold() -> None:
    for module in (engine, skatgame.engine.deal):
        failed, tried = doctest.testmod(module)
        assert tried > 0 and failed == 0, module.__name__


def test_submodules_do_not_import_the_package() -> None:
    """Submodules import one another by full path: the package imports them, not back."""
    wrong = []
    for path in ENGINE.glob("*.py"):
        if path.name == "__init__.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            if "skatgame.engine" in names:
                wrong.append(f"{path.name}:{node.lineno}")
    assert not wrong
