"""The route table: every scene by name, and the one table of a deal's phase to the
scene that handles it. Scenes reach each other through these names
(:class:`~skatgame.ui.services.Navigator`); this module is the only one that
imports the scene modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skatgame.engine.deal import Phase
from skatgame.ui.scenes.auction import AuctionScene
from skatgame.ui.scenes.dealing import DealingScene
from skatgame.ui.scenes.declare import DeclareDialog
from skatgame.ui.scenes.lesson import LearnScene, LessonScene
from skatgame.ui.scenes.lists import FinishedListsScene
from skatgame.ui.scenes.menu import MenuScene, NewListScene
from skatgame.ui.scenes.overlays import (
    ConfirmOverlay,
    HelpOverlay,
    LastTrickOverlay,
    MessageOverlay,
    PauseOverlay,
)
from skatgame.ui.scenes.play import PlayScene
from skatgame.ui.scenes.results import ResultsScene
from skatgame.ui.scenes.review import review_or_message
from skatgame.ui.scenes.settings import SettingsScene
from skatgame.ui.scenes.sheet import ScoreSheetScene
from skatgame.ui.scenes.skat import SkatScene
from skatgame.ui.scenes.stats import StatisticsScene

#: Route name -> what makes the scene (called with the services and the route's
#: parameters).
ROUTES: dict[str, Callable[..., Any]] = {
    "menu": MenuScene,
    "new_list": NewListScene,
    "settings": SettingsScene,
    "finished_lists": FinishedListsScene,
    "statistics": StatisticsScene,
    "learn": LearnScene,
    "lesson": LessonScene,
    "review": review_or_message,
    "sheet": ScoreSheetScene,
    "pause": PauseOverlay,
    "help": HelpOverlay,
    "message": MessageOverlay,
    "confirm": ConfirmOverlay,
    "last_trick": LastTrickOverlay,
    "declare": DeclareDialog,
    # the table: one scene per group of a deal's phases (and the dealing before them)
    "dealing": DealingScene,
    "auction": AuctionScene,
    "skat": SkatScene,
    "play": PlayScene,
    "results": ResultsScene,
}

#: A deal's phase -> the route of the scene that handles it.
PHASE_ROUTES: dict[Phase, str] = {
    Phase.AUCTION: "auction",
    Phase.SKAT: "skat", Phase.DISCARD: "skat", Phase.DECLARE: "skat", Phase.SCHIEBEN: "skat",
    Phase.KONTRA: "play", Phase.RE: "play", Phase.PLAY: "play",
    Phase.DONE: "results",
}
