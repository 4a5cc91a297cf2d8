"""F1's key list: every group shown whole (on a second page where one is not enough), at
the common window sizes, in both languages."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from skatgame.ui.scenes.overlays import HELP_KEYS, HelpOverlay
from skatgame.ui.testing import make_app, resize, steps


def test_every_key_group_fits_the_help_panel(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    steps(app, 2)
    keys = {k for _h, group in HELP_KEYS for k, _w in group}
    assert {"help.backspace", "key.review", "key.review.again_trick", "key.review.again",
            "help.home_end", "help.up_down", "key.yes / key.no"} <= keys
    for language in ("en", "de"):
        app.set_settings(replace(app.settings, language=language))
        for size in ((800, 600), (1280, 720), (1920, 1080)):
            resize(app, size)
            steps(app, 1)
            help_ = HelpOverlay(app.services)
            app.stack.push(help_)
            steps(app, 1)
            top = help_.tabs[0].rect.bottom + 2 * app.layout.gap
            # every group on a keys page (a second one where one is not enough), each
            # page fitting at a readable size; at 1280x720 and up English needs one page
            pages = help_.key_pages
            assert 1 <= len(pages) <= 2
            assert sorted(i for page in pages for i in page) == list(range(len(HELP_KEYS)))
            if size != (800, 600) and language == "en":
                assert len(pages) == 1, (language, size)
            for page in pages:
                font, n, cols, fits = help_.key_columns(top, page)
                assert fits and len(cols) <= n, (language, size, cols)
                assert font >= app.layout.font_caption
            app.nav.pop()
            steps(app, 1)
    assert not app.errors, app.errors
