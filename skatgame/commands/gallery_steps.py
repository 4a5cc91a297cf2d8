"""The gallery's small steps that its parts share (the main walk in
:mod:`skatgame.commands.gallery`, Play together in
:mod:`skatgame.commands.gallery_together`): the scene on top, the human's card."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from skatgame.engine.deal import Phase
from skatgame.ui.scenes.play import PlayScene
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import human_turn

if TYPE_CHECKING:
    from skatgame.ui.app import App

T = TypeVar("T")


class GalleryError(Exception):
    """A scene of the gallery was not reached."""


def _top(app: App, kind: type[T]) -> T:
    """The scene on top, which must be a ``kind``."""
    top = app.top
    if not isinstance(top, kind):
        raise GalleryError(f"expected {kind.__name__} on top, not {getattr(top, 'name', None)}")
    return top


def _table(app: App) -> TableScene:
    return _top(app, TableScene)


def _play_one(app: App) -> None:
    """Make the human's decision in play (the first legal card), if one is due."""
    if human_turn(app, (Phase.PLAY,)):
        top = _top(app, PlayScene)
        top.play(top.legal_cards()[0])
