"""The scene protocol: ``handle_event``, ``update(dt)``, ``draw(surface)`` on a stack.

A scene gets the services (:class:`~skatgame.ui.services.Services`), never the
application, and reaches other scenes by route name (``self.nav.push("sheet")``);
it never imports another scene's module. The stack calls ``enter`` and
``leave`` once, ``pause`` and ``resume`` each time it is covered and uncovered.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from skatgame.table.labels import Label
from skatgame.ui import theme, widgets
from skatgame.ui.text import draw_text, label_text

if TYPE_CHECKING:
    from skatgame.table.i18n import Tr
    from skatgame.table.settings import Settings
    from skatgame.ui.layout import Layout
    from skatgame.ui.services import Navigator, Services


class Scene:
    """One screen or overlay. Scenes never block: work advances in ``update(dt)``.

    ``overlay`` scenes are drawn over the scene below them (which is frozen
    meanwhile); only the top scene gets events and updates.
    """

    overlay = False
    #: the route's name (for navigation, tests and logs)
    name = "scene"
    #: the line of a list that the arrow keys have chosen, in words (a deal of the score
    #: sheet, a finished list): read out when it changes, while *Speak the game* is on
    spoken_row = ""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.buttons: list[widgets.Button] = []
        self.relayout()

    # ------------------------------------------------------------ what a scene uses

    @property
    def nav(self) -> Navigator:
        return self.services.nav

    @property
    def settings(self) -> Settings:
        return self.services.settings

    @property
    def layout(self) -> Layout:
        return self.services.layout

    @property
    def tr(self) -> Tr:
        return self.services.tr

    @property
    def on_top(self) -> bool:
        """Whether this scene is the top of the stack (it gets events and updates)."""
        return self.nav.is_top(self)

    # ------------------------------------------------------------ lifecycle

    def enter(self) -> None:
        """Put on the stack (once)."""

    def resume(self) -> None:
        """Became the top of the stack (after ``enter``, and again when uncovered)."""

    def pause(self) -> None:
        """Another scene covers it (or it is about to leave)."""

    def leave(self) -> None:
        """Taken off the stack (once): let go of what it waits for."""

    # ------------------------------------------------------------ the frame

    def relayout(self) -> None:
        """Place widgets for the current layout (called on entry and after each resize)."""

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
        window = self.services.window
        if window.backdrop_drawn:  # the app drew the frozen scenes below with the veil
            return
        surface.blit(window.shade_surface(self.dim_alpha), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        super().draw(surface)


def draw_dialog(surface: pygame.Surface, layout: Layout, rect: pygame.Rect, title: str) -> None:
    """A dialog's panel with its title at the top, in the accent colour."""
    widgets.draw_panel(surface, rect, theme.PANEL_SOLID, theme.PANEL_BORDER, layout.radius * 2)
    draw_text(surface, title, layout.font_title, (rect.centerx, rect.y + 2 * layout.gap),
              theme.ACCENT, "midtop", bold=True)


def toolbar(layout: Layout,
            tools: Sequence[tuple[Label, Callable[[], object], str, str]],
            short: Mapping[str, Label] | None = None) -> list[widgets.Button]:
    """The table's small buttons in the bottom-right corner, one per ``(label, action,
    key hint, name)``, placed by :meth:`Layout.toolbar_rects`, all in one size of type
    (:func:`widgets.even_type`: a label stepping down alone fell between the type's
    roles at large text). A label that fits beside its key at none of the roles takes
    its ``short`` form by name ("Sheet" for "Score sheet"), where there is one, so that
    the key stays in sight."""
    buttons = [widgets.Button(label, action, key_hint=key, font_size=layout.font_small,
                              hint_font=layout.font_caption, name=name)
               for label, action, key, name in tools]
    for b, r in zip(buttons, layout.toolbar_rects(len(buttons)), strict=True):
        b.rect = r
    roles = (layout.font_small, layout.font_caption)
    for at in roles:  # the largest role at which every label, or its short form, fits
        if all(_one_line(b, at) or _one_line(b, at, short) for b in buttons):  # one line
            for b in buttons:
                if not _one_line(b, at):
                    b.spoken = b.spoken or label_text(b.label)
                    b.label = (short or {})[b.name]
                b.row_size = at
            return buttons
    widgets.even_type(buttons, roles)
    return buttons


def _one_line(b: widgets.Button, at: int, short: Mapping[str, Label] | None = None) -> bool:
    """Whether ``b``'s label (with ``short``: its short form there, by name) fits on one
    line beside its key at size ``at``."""
    if short is not None:
        if b.name not in short:
            return False
        b = dataclasses.replace(b, label=short[b.name])
    return b.lines_at(at) == [b.label]
