"""The results panel over the table: nothing of the table shows cut off at its edge."""

from __future__ import annotations

import pytest

from skatgame.ui.scenes.results import ResultsScene
from skatgame.ui.testing import drawn_items, resize, steps
from tests.table.test_review_model import small_fair_view  # noqa: F401 (autouse: few worlds)
from tests.ui.test_review_scene import sit_down, to_results


@pytest.mark.parametrize("size", [(480, 360), (640, 480), (1280, 720)])
def test_no_pile_caption_shows_cut_off_at_the_results_panel(tmp_path, size) -> None:  # noqa: ANN001
    """The skat laid aside and the won tricks keep their captions beside the panel;
    one the panel would cut is left out, and no text overlaps another."""
    app = sit_down(tmp_path)
    to_results(app)
    resize(app, size)
    steps(app, 2)
    scene = app.top
    assert isinstance(scene, ResultsScene)
    items = drawn_items(app)
    panel = scene.panel_rect()
    shown = [t for t in items if not t.hidden]
    captions = [t for t in shown if t.text == "Skat" or t.text.startswith("Tricks:")]
    assert all(not t.rect.colliderect(panel) or panel.contains(t.rect) for t in captions)
    assert any(t.text == "Skat" for t in shown)  # the panel's own caption of the skat
    boxes = [t.rect for t in shown]
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), size
