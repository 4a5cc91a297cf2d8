"""The route table: every scene by name, and the one table of a deal's phase to the
scene that handles it. Scenes reach each other through these names
(:class:`~skatgame.ui.services.Navigator`); this module is the only one that knows
where the scenes live. A scene's module is imported the first time its route is
taken, so that the window opens without loading the table, the review or the
computer players it does not need yet.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from skatgame.engine.phase import Phase

#: Route name -> (module, the name in it that makes the scene: a class, or a function
#: called like one with the services and the route's parameters).
ROUTE_TABLE: dict[str, tuple[str, str]] = {
    "menu": ("menu", "MenuScene"),
    "new_list": ("menu", "NewListScene"),
    "together": ("together", "TogetherScene"),
    "lobby": ("together", "LobbyScene"),
    "settings": ("settings", "SettingsScene"),
    "finished_lists": ("lists", "FinishedListsScene"),
    "statistics": ("stats", "StatisticsScene"),
    "learn": ("lesson", "LearnScene"),
    "lesson": ("lesson", "LessonScene"),
    "review": ("review", "review_or_message"),
    "sheet": ("sheet", "ScoreSheetScene"),
    "pause": ("overlays", "PauseOverlay"),
    "help": ("overlays", "HelpOverlay"),
    "message": ("overlays", "MessageOverlay"),
    "confirm": ("overlays", "ConfirmOverlay"),
    "last_trick": ("overlays", "LastTrickOverlay"),
    "log": ("overlays", "LogOverlay"),
    "dealt_cards": ("overlays", "DealtCardsOverlay"),
    "declare": ("declare", "DeclareDialog"),
    # the table: one scene per group of a deal's phases (and the dealing before them)
    "dealing": ("dealing", "DealingScene"),
    "auction": ("auction", "AuctionScene"),
    "skat": ("skat", "SkatScene"),
    "play": ("play", "PlayScene"),
    "results": ("results", "ResultsScene"),
}

#: A deal's phase -> the route of the scene that handles it.
PHASE_ROUTES: dict[Phase, str] = {
    Phase.AUCTION: "auction",
    Phase.SKAT: "skat", Phase.DISCARD: "skat", Phase.DECLARE: "skat", Phase.SCHIEBEN: "skat",
    Phase.KONTRA: "play", Phase.RE: "play", Phase.PLAY: "play",
    Phase.DONE: "results",
}


class Routes(Mapping[str, Callable[..., Any]]):
    """The route table as a mapping of name -> what makes the scene (imported on first
    use)."""

    def __init__(self, table: Mapping[str, tuple[str, str]] = ROUTE_TABLE) -> None:
        self._table = dict(table)

    def __getitem__(self, route: str) -> Callable[..., Any]:
        module, name = self._table[route]
        made: Callable[..., Any] = getattr(
            importlib.import_module(f"skatgame.ui.scenes.{module}"), name)
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


ROUTES = Routes()
