"""The scene stack: screens and overlays on top of each other, with a full lifecycle.

As in Tuxemon's state manager, every change is paired: a scene pushed is
*entered* and *resumed* (the one it covers is *paused*); a scene popped is
*paused* and *left* (the one below is *resumed*). ``leave`` is where a scene
lets go of what it waits for (worker jobs). Scenes are made by name through the
route table (:mod:`skatgame.ui.routes`), never by another scene; the stack
itself knows nothing of the routes. ``on_change`` is told after every change
(the window drops the picture of the frozen scenes below an overlay).

Each lifecycle call runs through ``guard``: a scene that fails there is the
application's to recover from (it gets the scene and the exception).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame


class Scene(Protocol):
    """What the stack and the window need of a scene (:class:`skatgame.ui.scene.Scene`)."""

    overlay: bool
    name: str

    def enter(self) -> None: ...

    def resume(self) -> None: ...

    def pause(self) -> None: ...

    def leave(self) -> None: ...

    def relayout(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


Guard = Callable[[Scene | None, Callable[[], Any]], Any]


def _unguarded(scene: Scene | None, fn: Callable[[], Any]) -> Any:
    return fn()


class SceneStack:
    """The scenes of the window, bottom first; only the top one gets events and updates."""

    def __init__(self, guard: Guard = _unguarded,
                 on_change: Callable[[], None] | None = None) -> None:
        self._scenes: list[Scene] = []
        self._guard = guard
        self.on_change = on_change

    # ------------------------------------------------------------ questions

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """The scenes, bottom first."""
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    def __contains__(self, scene: object) -> bool:
        return scene in self._scenes

    # ------------------------------------------------------------ changes

    def push(self, scene: Scene) -> Scene:
        """Put ``scene`` on top: the one below pauses, ``scene`` enters and resumes."""
        below = self.top
        if below is not None:
            self._guard(below, below.pause)
        self._scenes.append(scene)
        self._guard(scene, scene.enter)
        if self.top is scene:
            self._guard(scene, scene.resume)
        self._changed()
        return scene

    def pop(self) -> Scene | None:
        """Take the top scene off (it pauses and leaves); the one below resumes."""
        scene = self._take_top()
        top = self.top
        if top is not None:
            self._guard(top, top.resume)
        self._changed()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """The top scene leaves and ``scene`` takes its place."""
        self._take_top()
        return self.push(scene)

    def reset(self, scenes: Iterable[Scene]) -> None:
        """Every scene leaves (top first); then ``scenes`` are pushed, bottom first."""
        while self._scenes:
            self._take_top()
        for scene in scenes:
            self.push(scene)
        self._changed()

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` off wherever it is (a broken overlay)."""
        if scene not in self._scenes:
            return
        if scene is self.top:
            self.pop()
            return
        self._guard(scene, scene.leave)
        self._scenes.remove(scene)
        self._changed()

    def take_all(self) -> list[Scene]:
        """Take every scene off *without* leaving them, bottom first: a list set aside to
        be put back with :meth:`restore` (a deal played again from a review)."""
        out, self._scenes = self._scenes, []
        for scene in out:
            self._guard(scene, scene.pause)
        self._changed()
        return out

    def restore(self, scenes: list[Scene]) -> None:
        """Put back what :meth:`take_all` set aside (the scenes there now leave)."""
        while self._scenes:
            self._take_top()
        self._scenes = list(scenes)
        top = self.top
        if top is not None:
            self._guard(top, top.resume)
        self._changed()

    def _take_top(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes[-1]
        self._guard(scene, scene.pause)
        self._guard(scene, scene.leave)
        if self._scenes and self._scenes[-1] is scene:
            self._scenes.pop()
        elif scene in self._scenes:
            self._scenes.remove(scene)
        return scene

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()
