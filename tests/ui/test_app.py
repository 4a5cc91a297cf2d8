"""The app: scene stack, window size, full screen, errors caught, demo mode, saving, workers."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pygame

from skatgame.engine.deal import Deal
from skatgame.table.jobs import MoveJob
from skatgame.table.session import LIST_DOC
from skatgame.table.settings import Settings
from skatgame.table.thinker import InlineThinker, ProcessThinker
from skatgame.ui.app import App, DemoOptions
from skatgame.ui.scene import Overlay, Scene
from skatgame.ui.services import Services
from skatgame.ui.testing import (
    button_centre,
    click,
    make_app,
    press,
    resize,
    run_until,
    steps,
)
from tests.ui.test_play_through import mouse_turn


class Counter(Scene):
    name = "counter"

    def __init__(self, services: Services) -> None:
        self.updates = 0
        super().__init__(services)

    def update(self, dt: float) -> None:
        self.updates += 1


class Boom(Overlay):
    name = "boom"

    def update(self, dt: float) -> None:
        raise RuntimeError("kaboom")


def test_scene_stack_push_pop_replace_and_only_the_top_updates(tmp_path) -> None:  # noqa: ANN001
    app = make_app(tmp_path)
    assert app.top.name == "menu"
    a, b = Counter(app.services), Counter(app.services)
    app.stack.push(a)
    app.stack.push(b)
    steps(app, 3)
    assert (a.updates, b.updates) == (0, 3)
    app.stack.pop()
    steps(app, 2)
    assert a.updates == 2
    c = Counter(app.services)
    app.stack.replace(c)
    assert app.stack.scenes[-1] is c and a not in app.stack


def test_fixed_steps_catch_up_a_slow_frame(tmp_path) -> None:  # noqa: ANN001
    app = make_app(tmp_path)
    c = Counter(app.services)
    app.stack.push(c)
    app.step(0.05)  # three fixed steps of 1/60 s
    assert c.updates == 3
    app.step(0.001)  # less than a step: nothing to update, a frame is still drawn
    assert c.updates == 3


def test_resize_follows_the_window_and_tiny_windows_get_a_message(tmp_path) -> None:  # noqa
    app = make_app(tmp_path)
    resize(app, (1600, 900))
    steps(app, 1)
    assert app.screen.get_size() == (1600, 900)
    assert (app.layout.width, app.layout.height) == (1600, 900) and not app.layout.too_small
    resize(app, (200, 150))
    steps(app, 2)
    assert app.layout.too_small
    # the message is drawn: the window is not just felt
    colours = {tuple(app.screen.get_at((x, 75))) for x in range(0, 200, 2)}
    assert len(colours) > 8
    click((100, 75))  # clicks on a window too small do nothing
    steps(app, 2)
    assert app.top.name == "menu" and not app.errors
    resize(app, (1280, 720))
    steps(app, 1)
    assert not app.layout.too_small


def test_f11_toggles_full_screen(tmp_path) -> None:  # noqa: ANN001
    app = make_app(tmp_path)
    press(pygame.K_F11)
    steps(app, 1)
    assert app.fullscreen
    press(pygame.K_F11)
    steps(app, 1)
    assert not app.fullscreen
    assert app.screen.get_size() == (1280, 720)
    assert not app.errors


def test_f1_opens_and_closes_the_help(tmp_path) -> None:  # noqa: ANN001
    app = make_app(tmp_path)
    press(pygame.K_F1)
    steps(app, 1)
    assert app.top.name == "help"
    press(pygame.K_F1)
    steps(app, 1)
    assert app.top.name == "menu"


def test_an_exception_in_a_scene_becomes_a_message_and_the_list_is_saved(tmp_path) -> None:  # noqa
    app = make_app(tmp_path)
    click(button_centre(app, "new"))
    steps(app, 1)
    click(button_centre(app, "start"))
    steps(app, 5)
    assert app.session is not None
    (tmp_path / f"{LIST_DOC}.json").unlink(missing_ok=True)
    app.stack.push(Boom(app.services))
    steps(app, 1)
    assert app.running
    assert app.errors and "kaboom" in app.errors[0]
    assert app.top.name == "message"
    assert (tmp_path / f"{LIST_DOC}.json").exists()
    press(pygame.K_RETURN)
    steps(app, 1)
    assert app.top.name in ("auction", "dealing")  # only the broken overlay went away


def test_an_exception_in_a_table_scene_goes_back_to_the_menu_and_continue_works(tmp_path) -> None:  # noqa
    app = make_app(tmp_path)
    click(button_centre(app, "new"))
    steps(app, 1)
    click(button_centre(app, "start"))
    run_until(app, lambda: app.top.name == "auction")
    deal_cards = app.session.deal.cards
    scene = app.top
    scene.update = lambda dt: (_ for _ in ()).throw(ValueError("broken scene"))  # type: ignore
    steps(app, 1)
    assert app.top.name == "message" and app.stack.scenes[0].name == "menu"
    press(pygame.K_RETURN)
    steps(app, 1)
    click(button_centre(app, "continue"))
    steps(app, 1)
    assert app.session.deal.cards == deal_cards
    assert app.top.name == "auction"


def test_continue_a_saved_list_in_a_new_window(tmp_path) -> None:  # noqa: ANN001
    app = make_app(tmp_path)
    click(button_centre(app, "new"))
    steps(app, 1)
    click(button_centre(app, "start"))
    for _ in range(3000):  # play into the cards
        if app.top.name == "play" and len(app.session.deal.tricks) >= 2:
            break
        mouse_turn(app)
        steps(app, 1)
    history = list(app.session.deal.history)
    app.quit()
    assert (tmp_path / f"{LIST_DOC}.json").exists()
    app2 = make_app(tmp_path)
    steps(app2, 2)
    click(button_centre(app2, "continue"))
    steps(app2, 1)
    assert app2.session.deal.history[:len(history)] == history
    assert app2.top.name == "play"
    for _ in range(3000):
        if len(app2.session.series.rows) == 1:
            break
        mouse_turn(app2)
        steps(app2, 1)
    assert len(app2.session.series.rows) == 1 and not app2.errors


def test_the_menu_shows_one_gold_button_the_one_enter_presses(tmp_path) -> None:  # noqa: ANN001
    """A playtester saw Continue gold and, after Down, Play together gold too."""
    app = make_app(tmp_path)
    click(button_centre(app, "new"))
    steps(app, 1)
    click(button_centre(app, "start"))
    steps(app, 2)
    app.nav.reset("menu")  # a saved list: Continue is the default
    steps(app, 2)
    menu = app.top
    for _ in range(3):
        gold = [b.name for b in menu.buttons if b.primary or b.selected]
        assert gold == [menu.buttons[menu.focus].name], gold
        press(pygame.K_DOWN)
        steps(app, 1)
    assert menu.buttons[menu.focus].name != "continue"


def test_a_damaged_saved_list_is_reported_not_fatal(tmp_path) -> None:  # noqa: ANN001
    (tmp_path / f"{LIST_DOC}.json").write_text("{ not json", encoding="utf-8")
    app = make_app(tmp_path)
    steps(app, 2)
    # seen at start: set aside, said once, and nothing to continue
    assert app.top.name == "message" and not app.errors
    assert "list.json" in app.top.body and "moved" in app.top.body
    assert not (tmp_path / f"{LIST_DOC}.json").exists()
    assert list(tmp_path.glob("list.damaged-*.json"))
    press(pygame.K_RETURN)
    steps(app, 1)
    assert app.top.name == "menu"
    assert not app.top.button("continue").enabled
    steps(app, 5)
    assert app.top.name == "menu"  # said once


def test_demo_plays_its_deals_and_exits(tmp_path) -> None:  # noqa: ANN001
    app = App(settings=Settings(animation_speed="instant", sound_on=False), size=(1280, 720),
              demo=DemoOptions(deals=2, seed=3, pause=0.2, level="beginner"),
              inline_players=True, save=False, sound=False)
    seen = set()
    for _ in range(20000):
        if not app.running:
            break
        seen.add(app.top.name)
        app.step(1 / 60)
    assert not app.running and app.exit_code == 0 and not app.errors
    assert len(app.session.series.rows) == 2
    assert {"dealing", "auction", "results", "sheet"} <= seen


def test_the_worker_process_answers_with_a_legal_action() -> None:
    thinker = ProcessThinker()
    try:
        deal = Deal.from_seed(5)
        obs = deal.observation(deal.to_move)
        ticket = thinker.submit(MoveJob(obs, "random", "s"))
        start = time.monotonic()
        while not ticket.done and time.monotonic() - start < 60:
            thinker.poll()
            time.sleep(0.01)
        assert ticket.done and ticket.error is None
        assert ticket.result in deal.legal_actions()
    finally:
        thinker.close()


def test_unknown_levels_fall_back_to_the_random_player() -> None:
    deal = Deal.from_seed(9)
    obs = deal.observation(deal.to_move)
    ticket = InlineThinker().submit(MoveJob(obs, "no-such-level", "s"))
    assert ticket.result in deal.legal_actions()


def test_command_line_demo_runs_and_exits_cleanly(tmp_path) -> None:  # noqa: ANN001
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKATGAME_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "skatgame", "--demo", "--deals", "1",
                           "--speed", "instant", "--no-sound", "--seed", "4"],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr


def test_command_line_refuses_bad_arguments_without_a_traceback(tmp_path) -> None:  # noqa
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SKATGAME_HOME=str(tmp_path))
    for args in (["--deals", "0"], ["--size", "big"], ["--speed", "warp"]):
        proc = subprocess.run([sys.executable, "-m", "skatgame", *args], capture_output=True,
                              text=True, timeout=60, env=env)
        assert proc.returncode == 2
        assert "Traceback" not in proc.stderr and "error" in proc.stderr


def test_an_error_that_comes_back_every_frame_ends_the_app_cleanly(tmp_path,  # noqa: ANN001
                                                                   monkeypatch) -> None:
    from skatgame.ui.scenes.menu import MenuScene

    app = make_app(tmp_path)

    def broken(self, surface: pygame.Surface) -> None:  # noqa: ANN001
        raise RuntimeError("always")

    monkeypatch.setattr(MenuScene, "draw", broken)  # every menu, also the one recovered to
    for _ in range(200):
        if not app.running:
            break
        app.step(1 / 60)
    assert not app.running and app.exit_code == 1
