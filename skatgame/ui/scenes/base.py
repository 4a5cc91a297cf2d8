"""The scene protocol: ``handle_event``, ``update(dt)``, ``draw(surface)`` on a stack."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from skatgame.ui import theme, widgets

if TYPE_CHECKING:
    from skatgame.ui.app import App
    from skatgame.ui.layout import Layout


class Scene:
    """One screen or overlay. Scenes never block: work advances in ``update(dt)``.

    ``overlay`` scenes are drawn over the scene below them (which is frozen
    meanwhile); only the top scene gets events and updates.
    """

    overlay = False
    #: a short name for tests and logs
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.buttons: list[widgets.Button] = []
        self.relayout()

    @property
    def layout(self) -> Layout:
        return self.app.layout

    def tr(self, key: str, **fmt: object) -> str:
        return self.app.tr(key, **fmt)

    def relayout(self) -> None:
        """Place widgets for the current layout (called on entry and after each resize)."""

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def handle_event(self, event: pygame.event.Event) -> None:
        widgets.handle_buttons(self.buttons, event)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)

    def button(self, name: str) -> widgets.Button | None:
        """The button called ``name`` (for keyboard shortcuts and tests)."""
        return next((b for b in self.buttons if b.name == name), None)


class Overlay(Scene):
    """A modal scene drawn over the one below, on a dimmed backdrop."""

    overlay = True
    dim_alpha = 150

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        if self.app.backdrop_drawn:  # the app drew the frozen scenes below with the veil
            return
        shade = self.app.shade_surface(self.dim_alpha)
        surface.blit(shade, (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        super().draw(surface)


def draw_dialog(surface: pygame.Surface, layout: Layout, rect: pygame.Rect, title: str) -> None:
    """A dialog's panel with its title at the top, in the accent colour."""
    widgets.draw_panel(surface, rect, theme.PANEL_SOLID, theme.PANEL_BORDER, layout.radius * 2)
    widgets.draw_text(surface, title, layout.font_title, (rect.centerx, rect.y + 2 * layout.gap),
                      theme.ACCENT, "midtop", bold=True)



def toolbar(layout: Layout,
            tools: list[tuple[widgets.Label, Callable[[], object], str, str]]
            ) -> list[widgets.Button]:
    """The table's small buttons in the bottom-right corner, one per ``(label, action,
    key hint, name)``, placed by :meth:`Layout.toolbar_rects`."""
    buttons = [widgets.Button(label, action, key_hint=key, font_size=layout.font_small,
                              hint_font=layout.font_caption, name=name)
               for label, action, key, name in tools]
    for b, r in zip(buttons, layout.toolbar_rects(len(buttons)), strict=True):
        b.rect = r
    return buttons
