"""F1's key list: every group shown whole, at the common window sizes, in both languages."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from skatgame.ui.scenes.overlays import HELP_KEYS, HelpOverlay
from skatgame.ui.testing import make_app, resize, steps


def test_every_key_group_fits_the_help_panel(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    steps(app, 2)
    keys = {k for _h, group in HELP_KEYS for k, _w in group}
    assert {"help.backspace", "R", "T", "P", "help.home_end", "help.up_down"} <= keys
    for language in ("en", "de"):
        app.set_settings(replace(app.settings, language=language))
        for size in ((800, 600), (1280, 720), (1920, 1080)):
            resize(app, size)
            steps(app, 1)
            help_ = HelpOverlay(app.services)
            app.stack.push(help_)
            steps(app, 1)
            top = help_.tabs[0].rect.bottom + 2 * app.layout.gap
            font, n, cols = help_.key_columns(top)
            assert len(cols) <= n, (language, size, cols)
            assert sorted(i for c in cols for i in c) == list(range(len(HELP_KEYS)))
            assert font >= app.layout.font_caption
            app.nav.pop()
            steps(app, 1)
    assert not app.errors, app.errors
