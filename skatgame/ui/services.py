"""What a scene may use: settings, the store, the workers, the deck art, sound, texts,
the window and navigation by route name. Never the application itself.

:class:`Services` is made by the application (:mod:`skatgame.ui.app`), which
keeps the window and the loop; scenes receive it and nothing else.
:class:`Navigator` reaches scenes by the name of their route
(:mod:`skatgame.ui.routes` holds the table of routes, and the one table of a
deal's phase to its scene), so that no scene imports another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from skatgame.ui import theme
from skatgame.ui.anim import speed_factor
from skatgame.ui.speech import Speaker

if TYPE_CHECKING:
    import pygame

    from skatgame.engine.deal import Phase
    from skatgame.table.i18n import Tr
    from skatgame.table.seated import SeatedTable
    from skatgame.table.session import Session
    from skatgame.table.settings import Settings
    from skatgame.table.store import Store
    from skatgame.table.thinker import Thinker
    from skatgame.table.worth import WorthBook
    from skatgame.ui.cards import DeckArt
    from skatgame.ui.layout import Layout
    from skatgame.ui.stack import Scene, SceneStack


@dataclass(frozen=True)
class DemoOptions:
    """Computer against computer: ``deals`` deals from ``seed``, then the app exits.

    With ``save`` (and a store) the demo keeps its list in the store's
    ``demo`` document after every move, never touching the player's list;
    a demo started again with the same seed and number of deals continues it.
    """

    deals: int = 3
    seed: int = 1
    pause: float = 2.5  # seconds the results stay up
    level: str = "advanced"
    save: bool = True
    players: int = 3  # 4: the dealer sits out each deal
    timer: int = 0  # move timer of the list (a demo has no human: it never runs)


class Window(Protocol):
    """The window as scenes see it: its layout, the felt, veils, focus, full screen."""

    layout: Layout
    focused: bool
    fullscreen: bool
    windowed_size: tuple[int, int]
    #: an overlay's veil is already in the picture (the frozen scenes below were drawn)
    backdrop_drawn: bool

    def felt(self) -> pygame.Surface: ...

    def shade_surface(self, alpha: int) -> pygame.Surface: ...

    def toggle_fullscreen(self) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def quit(self, code: int = 0) -> None: ...


class Sound(Protocol):
    """The table's sounds (silent without a device or with sound off)."""

    #: the audio device was tried and could not be opened
    no_device: bool

    def play(self, name: str) -> None: ...

    def schedule(self, name: str, delay: float) -> None: ...


class Navigator:
    """Scenes by route name, on the stack (see :mod:`skatgame.ui.stack`)."""

    def __init__(self, stack: SceneStack, routes: Mapping[str, Callable[..., Scene]],
                 services: Services, phase_routes: Mapping[Phase, str],
                 make_board: Callable[[Services, SeatedTable, bool], Any]) -> None:
        self.stack = stack
        self.routes = routes
        self.services = services
        self._phase_routes = phase_routes
        self._make_board = make_board

    def make(self, route: str, **params: Any) -> Scene:
        """A new scene of ``route``."""
        try:
            factory = self.routes[route]
        except KeyError:
            raise ValueError(f"no route {route!r}") from None
        return factory(self.services, **params)

    @property
    def top(self) -> Scene | None:
        return self.stack.top

    def push(self, route: str, **params: Any) -> Scene:
        return self.stack.push(self.make(route, **params))

    def replace(self, route: str, **params: Any) -> Scene:
        return self.stack.replace(self.make(route, **params))

    def reset(self, route: str, **params: Any) -> Scene:
        """Every scene leaves; ``route`` is the only one."""
        scene = self.make(route, **params)
        self.stack.reset([scene])
        return scene

    def pop(self) -> Scene | None:
        return self.stack.pop()

    def is_top(self, scene: Scene) -> bool:
        return self.stack.top is scene

    # ------------------------------------------------------------ the table

    def phase_route(self, phase: Phase) -> str:
        """The route of the scene that handles a deal's ``phase`` (the one table of them)."""
        return self._phase_routes[phase]

    def table_route(self, board: Any) -> str:
        """The route for the deal on ``board``: its dealing first, then by its phase."""
        board.pull()
        if not board.dealt:
            return "dealing"
        return self.phase_route(board.local.table.phase)

    def table_scene(self, board: Any) -> Scene:
        """The scene for where the deal on ``board`` stands."""
        return self.make(self.table_route(board), board=board)

    def to_table(self, board: Any) -> Scene:
        """Replace the top scene by the one for the deal's phase now."""
        return self.stack.replace(self.table_scene(board))

    def open_table(self, table: SeatedTable, resume: bool = False) -> Scene:
        """Sit down at ``table``: the menu below, the deal's scene on top. ``resume``:
        the table is shown as it stands (catching up), else the deal is dealt."""
        services = self.services
        services.table = table
        table.session.relabel(services.tr)
        board = self._make_board(services, table, resume)
        self.reset("menu")
        return self.stack.push(self.table_scene(board))

    def open_list(self, session: Session, resume: bool = False) -> Scene:
        """Sit down at the list ``session`` (its computer players think in the workers)."""
        from skatgame.table.local import LocalTable

        return self.open_table(LocalTable(session, self.services.workers), resume)

    # ------------------------------------------------------------ a deal played again

    def play_again(self, session: Session, resume: bool) -> Scene:
        """A deal played again from a review (``session``, a ReplaySession): what is on
        the screen is set aside (the way back), the deal's table alone is shown."""
        from skatgame.table.local import LocalTable

        services = self.services
        current = services.table
        self.stack.pop()  # the review: it leaves, its questions to the worker dropped
        if current is not None and current.session.replay and services.way_back is not None:
            self.stack.reset([])  # played again already: the same way back
        else:
            services.way_back = WayBack(current, self.stack.take_all())
        table = LocalTable(session, services.workers)
        services.table = table
        board = self._make_board(services, table, resume)
        scene = self.table_scene(board)
        self.stack.reset([scene])
        return scene

    def end_replay(self) -> None:
        """A deal played again is over (or left): back to the list and the scenes where
        it was (none: the menu)."""
        services = self.services
        way_back, services.way_back = services.way_back, None
        services.table = way_back.origin if way_back is not None else None
        if way_back is None or not way_back.scenes:
            self.reset("menu")
            return
        self.restore(way_back.scenes)

    def restore(self, scenes: list[Scene]) -> None:
        """Put back scenes set aside (the window may have changed meanwhile)."""
        for scene in scenes:
            scene.relayout()
        self.stack.restore(scenes)


@dataclass
class WayBack:
    """Where a deal played again from a review returns: the list it came from (its
    table) and the scenes that were on the screen."""

    origin: SeatedTable | None
    scenes: list[Scene] = field(default_factory=list)


class Services:
    """Everything a scene may use (see the module's docstring)."""

    def __init__(self, *, window: Window, sound: Sound, settings: Settings,
                 store: Store | None, read_only: bool, demo: DemoOptions | None,
                 seed: int | None, tr: Tr) -> None:
        self.window = window
        self.sound = sound
        self._settings = settings
        self.store = store
        self.read_only = read_only
        #: lists and settings are written to the store (not a demo, tests or a read-only copy)
        self.saving = store is not None and not read_only
        self.demo = demo
        #: deals of new lists (``None``: a fresh random seed each time)
        self.seed = seed
        self._tr = tr
        #: the list at the table (``None``: none)
        self.table: SeatedTable | None = None
        #: where a deal played again returns to
        self.way_back: WayBack | None = None
        self.nav: Navigator  # set by the application once the routes are known
        self._deck: DeckArt | None = None
        #: the table's voice (the setting Speak the game; the app gives it a voice)
        self.speaker = Speaker(on=False)
        self._deck_key: tuple[str, bool, float] | None = None
        self._worth_book: WorthBook | None = None
        #: set by the application: start the workers, apply new settings, save the list,
        #: say something once
        self._workers: Callable[[], Thinker] = _no_workers
        self._apply_settings: Callable[[Settings, Settings], None] = _nothing
        self._save_list: Callable[[], bool] = _false
        self._notify: Callable[[object], None] = _nothing_said
        self._said: Callable[[list[str]], None] = _nothing_said
        self.list_doc: Callable[[], str | None] = _none

    # ------------------------------------------------------------ settings and texts

    @property
    def settings(self) -> Settings:
        return self._settings

    def change_settings(self, settings: Settings) -> None:
        """Use new settings: saved, and applied (language, deck, sound, window size)."""
        old, self._settings = self._settings, settings
        self._apply_settings(old, settings)

    @property
    def tr(self) -> Tr:
        """The translator of the language of the moment."""
        return self._tr

    def set_tr(self, tr: Tr) -> None:
        self._tr = tr

    @property
    def speed(self) -> float:
        """Duration factor of animations (0: instant)."""
        return speed_factor(self._settings.animation_speed)

    @property
    def layout(self) -> Layout:
        return self.window.layout

    # ------------------------------------------------------------ things made on demand

    @property
    def deck(self) -> DeckArt:
        """The card art for the current settings."""
        s = self._settings
        key = (s.deck_style, s.german_letters, theme.CARD_OUTLINE)
        if self._deck is None or self._deck_key != key:
            from skatgame.ui.cards import DeckArt

            self._deck = DeckArt(s.deck_style, s.german_letters, outline=theme.CARD_OUTLINE)
            self._deck_key = key
        return self._deck

    @property
    def worth_book(self) -> WorthBook:
        """The hands' worths worked out so far (read on first use; shared by the
        statistics and the work done in the background)."""
        if self._worth_book is None:
            from skatgame.table.worth import WorthBook

            self._worth_book = WorthBook(self.store)
        return self._worth_book

    @property
    def workers(self) -> Thinker:
        """Where computer players think (started on first use)."""
        return self._workers()

    # ------------------------------------------------------------ the list

    @property
    def session(self) -> Session | None:
        """The list at the table."""
        return self.table.session if self.table is not None else None

    def save_list(self) -> bool:
        """Keep the list at the table on disk (see the application's ``save_session``)."""
        return self._save_list()

    def notify(self, message: object) -> None:
        """Say something to the player once (safe from any thread): a Message or text."""
        self._notify(message)

    def said(self, texts: list[str]) -> None:
        """``texts`` were shown to the player already (not to be said again)."""
        self._said(texts)


def _no_workers() -> Thinker:
    raise RuntimeError("no workers")


def _nothing(old: Any, new: Any) -> None:
    pass


def _nothing_said(message: object) -> None:
    pass


def _false() -> bool:
    return False


def _none() -> None:
    return None
