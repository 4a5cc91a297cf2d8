"""F1's help: every key group and every section whole at every window and text size, in
both languages; a page longer than the panel goes on on further screens that Page Down,
Down and the wheel show, with a button that says so; the tabs in one size of type."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from skatgame.ui.app import App
from skatgame.ui.scenes.overlays import HELP_KEYS, HelpOverlay
from skatgame.ui.testing import make_app, press, resize, steps
from skatgame.ui.text import record_texts

SIZES = ((800, 600), (1280, 720), (1920, 1080))


def _open(app: App) -> HelpOverlay:
    help_ = HelpOverlay(app.services)
    app.stack.push(help_)
    steps(app, 1)
    return help_


def test_every_page_is_whole_on_its_screens(tmp_path: Path) -> None:
    """At 200 % the keys page showed three groups of eight (Skat, Declaring, Playing
    were dropped) and the rules stopped mid-sentence above OK ("Bediene die ausgespielte
    Farbe, wenn"); now each page's columns fit above OK, on as many screens as needed."""
    app = make_app(tmp_path)
    steps(app, 2)
    keys = {k for _h, group in HELP_KEYS for k, _w in group}
    assert {"help.backspace", "key.review", "F5", "F9", "Tab"} <= keys
    for text_size in (100, 150, 200):
        for language in ("en", "de"):
            app.set_settings(replace(app.settings, language=language, text_size=text_size))
            for size in SIZES:
                resize(app, size)
                steps(app, 1)
                help_ = _open(app)
                room = help_.limit - help_.top
                tr = app.services.tr
                for page in HelpOverlay.PAGES:
                    n, colw = help_.columns_of(page)
                    screens = help_.screens(page)
                    where = (text_size, language, size, page)
                    assert help_.tabs[0].rect.bottom < help_.top, where
                    assert help_.panel.x + 2 * app.layout.gap + n * colw <= help_.panel.right
                    for screen in screens:
                        assert 1 <= len(screen) <= n, where
                        for column in screen:  # a block taller than a column stands alone
                            assert sum(b.height for b in column) <= room or \
                                len(column) <= 2, where
                    if text_size == 100 and size != (800, 600):
                        assert len(screens) <= (1 if page != "help.tab_keys" else 2), where
                words = help_.words("help.tab_keys")
                for heading, group in HELP_KEYS:
                    assert tr(heading) in words, (text_size, language, size, heading)
                    assert len([w for w in words if w != tr(heading)]) >= len(group)
                app.nav.pop()
                steps(app, 1)
    assert not app.errors, app.errors


def test_page_down_down_and_the_wheel_show_the_next_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    steps(app, 2)
    app.set_settings(replace(app.settings, language="de", text_size=200))
    resize(app, (1280, 720))
    steps(app, 1)
    help_ = _open(app)
    press(pygame.K_2)
    steps(app, 1)
    n = len(help_.screens())
    assert help_.shown == "help.tab_rules" and n >= 2
    more = help_.button("more")
    assert more is not None and more.label == f"Mehr (1/{n})" and more.key_hint == "Bild ab"
    seen = []
    for _ in range(n - 1):
        log = record_texts(app.screen)
        steps(app, 1)
        record_texts(None)
        assert log is not None
        seen += [t.text for t in log.visible()]
        # nothing below OK, nothing past the panel
        texts = [t for t in log.visible() if t.rect.top >= help_.top]
        assert all(t.rect.bottom <= help_.limit + app.layout.gap
                   or t.rect.colliderect(help_.close.rect) or t.rect.colliderect(more.rect)
                   for t in texts)
        press(pygame.K_PAGEDOWN)
        steps(app, 1)
    assert help_.screen == n - 1
    assert more.label == f"Zurück ({n}/{n})" and more.key_hint == "Bild auf"
    press(pygame.K_PAGEDOWN)  # (the last screen stays)
    steps(app, 1)
    assert help_.screen == n - 1
    press(pygame.K_UP)
    steps(app, 1)
    assert help_.screen == n - 2
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    steps(app, 1)
    assert help_.screen == n - 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    steps(app, 1)
    press(pygame.K_DOWN)
    steps(app, 1)
    assert help_.screen == n - 1
    more.click()  # on the last screen: back
    assert help_.screen == n - 2
    press(pygame.K_RETURN)  # the page keys gave the button the focus: Enter turns on
    steps(app, 1)
    assert app.top is help_ and help_.screen == n - 1
    # the rules' text that stopped short is whole over the screens
    joined = " ".join(help_.words())
    assert "Bediene die ausgespielte Farbe, wenn du kannst" in joined
    # another tab starts at its first screen; Left goes back a tab
    press(pygame.K_LEFT)
    steps(app, 1)
    assert help_.shown == "help.tab_keys" and help_.screen == 0
    app.nav.pop()
    steps(app, 1)
    help_ = _open(app)
    resize(app, (1920, 1080))
    app.set_settings(replace(app.settings, text_size=100))
    steps(app, 2)
    help_ = app.top
    assert isinstance(help_, HelpOverlay)
    press(pygame.K_2)
    steps(app, 1)
    assert help_.button("more") is None  # one screen: no button
    assert not app.errors, app.errors


def test_the_tabs_are_one_size_of_type(tmp_path: Path) -> None:
    """'Wie die Karten gegeben werden' was drawn smaller than the other tabs; now it
    wraps to two lines at the row's size."""
    app = make_app(tmp_path)
    steps(app, 2)
    for text_size in (100, 150, 200):
        for language in ("en", "de"):
            app.set_settings(replace(app.settings, language=language, text_size=text_size))
            for size in SIZES[1:]:
                resize(app, size)
                steps(app, 1)
                help_ = _open(app)
                fitted = [b.fitted() for b in help_.tabs]
                where = (text_size, language, size)
                assert len({f[0] for f in fitted}) == 1, (where, fitted)
                assert all(f[1] for f in fitted), where  # every key shown
                assert fitted[0][0] == app.layout.font_small, where
                assert all(help_.panel.contains(b.rect) for b in help_.tabs), where
                app.nav.pop()
                steps(app, 1)
    assert not app.errors, app.errors
