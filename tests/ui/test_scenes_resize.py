"""Every scene takes a window resize in its stride, down to tiny and up to huge windows."""

from __future__ import annotations

import pygame

from skatgame.ui.layout import layout_for
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import button_centre, click, make_app, press, resize, steps
from tests.ui.test_play_through import mouse_turn

SIZES = [(640, 480), (200, 150), (3000, 1200), (700, 1100), (1280, 720)]
SHORT = [(200, 150), (1920, 1080), (1280, 720)]


def shake_sizes(app, sizes=SHORT) -> None:  # noqa: ANN001
    for size in sizes:
        resize(app, size)
        steps(app, 2)
        assert app.screen.get_size() == size
        assert (app.layout.width, app.layout.height) == size
    assert not app.errors, app.errors


def test_every_scene_survives_resizing(tmp_path) -> None:  # noqa: ANN001
    app = make_app(tmp_path)
    shake_sizes(app, SIZES)  # menu
    click(button_centre(app, "new"))
    steps(app, 1)
    shake_sizes(app)  # new list
    click(button_centre(app, "start"))
    steps(app, 1)
    resized: set[str] = set()
    overlays_done = False
    for _ in range(20000):
        top = app.top
        name = top.name
        if name not in resized:
            resized.add(name)
            shake_sizes(app)
        if name == "play" and not overlays_done and isinstance(top, TableScene) and \
                top.board.shown.last_trick is not None and top.human_turn:
            overlays_done = True
            for key, overlay in ((pygame.K_l, "last_trick"), (pygame.K_F1, "help"),
                                 (pygame.K_TAB, "sheet"), (pygame.K_ESCAPE, "pause")):
                press(key)
                steps(app, 1)
                assert app.top.name == overlay
                shake_sizes(app)
                press(pygame.K_ESCAPE)
                steps(app, 1)
        if len(app.session.series.rows) >= 3 and name != "results" and "declare" in resized:
            break
        mouse_turn(app)  # the hit tests must still work after all that resizing
        steps(app, 1)
    for scene in ("dealing", "auction", "skat", "declare", "play", "results"):
        assert scene in resized, (scene, resized)
    assert overlays_done
    assert not app.errors


def test_layouts_of_strange_sizes_are_sensible() -> None:
    for w, h in [(1, 1), (200, 150), (479, 359), (480, 360), (640, 480), (1024, 768),
                 (1280, 720), (1920, 1080), (2560, 1080), (720, 1280), (7680, 4320)]:
        L = layout_for(w, h)
        assert L.too_small == (w < 480 or h < 360)
        if L.too_small:
            continue
        # the hand, the trick and the seats lie inside the window
        for n in (1, 10, 12):
            for x, y, _a in L.hand_slots(n):
                assert x - L.card_w / 2 >= 0 and x + L.card_w / 2 <= w
                assert y + L.card_h / 2 <= h + L.card_h * 0.1
        for pos in range(3):
            assert L.rect.contains(L.plate_rect(pos))
            x, y, _a = L.trick_slot(pos)
            assert 0 < x < w and 0 < y < h
        assert L.rect.contains(L.info_rect())
        assert all(L.rect.contains(r) for r in L.toolbar_rects(4))
        assert 36 <= L.card_w <= 240
