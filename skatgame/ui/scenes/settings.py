"""The settings screen: deck, sorting, animation speed, sound, language, running points.

Every change applies at once and is saved. Opened from the menu it is a
screen of its own; from the pause menu it lies over the table.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from skatgame.ui import widgets
from skatgame.ui.scenes.base import Overlay, draw_dialog

if TYPE_CHECKING:
    from skatgame.ui.app import App

VOLUMES = tuple(round(v / 10, 1) for v in range(0, 11))


class SettingsScene(Overlay):
    """Each row changes one setting; arrows move and change, Esc goes back."""

    name = "settings"
    dim_alpha = 170

    def __init__(self, app: App, overlay: bool = False) -> None:
        self.on_table = overlay
        self.build_form(app)
        super().__init__(app)

    def build_form(self, app: App) -> None:
        from skatgame.ui.i18n import LANGUAGES
        from skatgame.ui.settings import (
            ANIMATION_SPEEDS,
            DECK_STYLES,
            SORT_DIRECTIONS,
            SORT_ORDERS,
        )

        tr = app.tr
        s = app.settings
        on_off = [(True, tr("settings.on")), (False, tr("settings.off"))]

        def row(field: str, options: list[tuple[Any, widgets.Label]]) -> widgets.Choice:
            c = widgets.Choice(tr(f"settings.{field}"), options, name=field,
                               on_change=lambda v, f=field: self.change(f, v))
            c.select_value(getattr(s, field))
            return c

        rows = [
            row("deck_style", [(d, tr(f"settings.deck_style.{d}")) for d in DECK_STYLES]),
            row("german_indices", on_off),
            row("sort_order", [(o, tr(f"settings.sort_order.{o}")) for o in SORT_ORDERS]),
            row("sort_direction", [(o, tr(f"settings.sort_direction.{o}"))
                                   for o in SORT_DIRECTIONS]),
            row("animation_speed", [(o, tr(f"settings.animation_speed.{o}"))
                                    for o in ANIMATION_SPEEDS]),
            row("show_running_points", on_off),
            row("sound_on", on_off),
            row("volume", [(v, f"{round(v * 100)} %") for v in VOLUMES]),
            row("language", [(lang, tr(f"language.{lang}")) for lang in LANGUAGES]),
            row("fullscreen", on_off),
        ]
        focus = getattr(self, "form", None)
        self.form = widgets.Form(rows, s.deck_style)
        if focus is not None:
            self.form.focus = focus.focus

    def change(self, field: str, value: Any) -> None:
        app = self.app
        if field == "fullscreen":
            if value != app.fullscreen:
                app.toggle_fullscreen()
            return
        try:
            new = dataclasses.replace(app.settings, **{field: value})
        except (ValueError, TypeError):
            return
        app.set_settings(new)
        if field == "language":
            self.build_form(app)
            self.relayout()
        if field in ("sort_order", "sort_direction"):
            for scene in app.stack:
                view = getattr(scene, "view", None)
                if view is not None:
                    view.sorted_human()
        self.form.style = app.settings.deck_style

    def relayout(self) -> None:
        L = self.layout
        tr = self.tr
        self.panel = L.dialog_rect(720, 690)
        p = self.panel
        pad = 2 * L.gap
        top = p.y + pad + L.font_title + 2 * L.gap
        bottom = p.bottom - pad - L.button_h - L.gap
        n = len(self.form.rows)
        row_h = max(18, min(round(36 * L.unit), (bottom - top) // n - L.gap // 2))
        self.form.font_size = max(11, min(L.font_body, row_h - 8))
        self.form.place([(pygame.Rect(p.x + pad, top, p.width - 2 * pad, bottom - top),
                          self.form.rows, "")], row_h, L.gap)
        back = widgets.Button(tr("menu.back"), self.close, key_hint="Esc", primary=True,
                              font_size=L.font_body, name="back")
        back.rect = pygame.Rect(0, 0, round(L.button_h * 3.6), L.button_h)
        back.rect.midbottom = (p.centerx, p.bottom - pad)
        self.buttons = [back]

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if widgets.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN,
                                                          pygame.K_KP_ENTER):
            self.close()
            return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        L = self.layout
        if self.on_table:
            self.draw_backdrop(surface)
        else:
            surface.blit(self.app.felt(), (0, 0))
        draw_dialog(surface, L, self.panel, self.tr("settings.title"))
        self.form.draw(surface)
        from skatgame.ui.scenes.menu import draw_deck_preview

        last = self.form.rows[-1].rect
        area = pygame.Rect(last.x, last.bottom + L.gap, last.width,
                           self.buttons[0].rect.top - L.gap - last.bottom - L.gap)
        s = self.app.settings
        draw_deck_preview(surface, area, s.deck_style, s.german_indices)
        for b in self.buttons:
            b.draw(surface)
