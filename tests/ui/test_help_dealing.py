"""F1's page on how the cards are dealt: whole at the common window sizes, in both
languages, and reached with its number key."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from skatgame.ui.scenes.overlays import HELP_DEALING, HelpOverlay
from skatgame.ui.testing import make_app, press, resize, steps


def test_the_dealing_page_fits_the_help_panel(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    steps(app, 2)
    page = HelpOverlay.PAGES.index("help.tab_dealing")
    for language in ("en", "de"):
        app.set_settings(replace(app.settings, language=language))
        for size in ((1280, 720), (1920, 1080)):
            resize(app, size)
            steps(app, 1)
            help_ = HelpOverlay(app.services)
            app.stack.push(help_)
            steps(app, 1)
            press(pygame.K_1 + page)
            steps(app, 2)
            assert help_.page == page
            assert len(help_.screens()) == 1, (language, size)  # one screen at 100 %
            tab = help_.tabs[page]
            assert help_.panel.contains(tab.rect)
            words = " ".join(help_.words())
            for heading in (h for column in HELP_DEALING for h, _t in column):
                assert app.services.tr(heading) in words
            for text_key in (t for column in HELP_DEALING for _h, t in column):
                assert app.services.tr(text_key) != text_key
            # the command on one line (no-break spaces)
            assert "python\u00a0-m\u00a0skatgame\u00a0verify" in \
                app.services.tr("help.d.verify_text")
            app.nav.pop()
            steps(app, 1)
    assert not app.errors, app.errors
