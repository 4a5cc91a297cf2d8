"""A text field's example (shown while it is empty) steps down and wraps to two lines
before it is cut: at 200 % in German 'nur wenn der Server eins hat' (Play together's
password) and 'z. B. 192.168.1.20' were cut with '…' (issue 28, item 1)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from skatgame.ui.testing import make_app, steps
from skatgame.ui.text import record_texts


def test_play_together_at_200_percent_in_german_shows_the_fields_examples_whole(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, size=(1280, 720))
    app.set_settings(dataclasses.replace(app.settings, language="de", text_size=200))
    steps(app, 2)
    app.nav.push("together")
    steps(app, 2)
    top = app.top
    if top.paged:  # type: ignore[attr-defined]  # host and join a page each: join's
        top.show_join()  # type: ignore[attr-defined]
        top.address.end()  # type: ignore[attr-defined]
    log = record_texts(app.screen)
    app.step(0.0)
    record_texts(None)
    assert log is not None and not log.cut, log.cut
    password = app.top.password  # type: ignore[attr-defined]
    shown = [t for t in log.items if password.rect.contains(t.rect)]
    example = app.top.tr("together.password_example")  # type: ignore[attr-defined]
    assert 1 <= len(shown) <= 2 and " ".join(t.text for t in shown) == example, shown
    assert not app.errors
