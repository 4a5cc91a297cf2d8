"""A second game for the two-window test: run as ``python -m tests.ui.net_joiner PORT
CODE FOLDER``. It opens Play together, types the address and the code, joins, says it
is ready, plays one deal by posted clicks, and prints one JSON line per event the test
waits for ("joined", the totals after the deal, "closed" with the message shown)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pygame

from skatgame.ui.testing import button_centre, click, make_app, press, steps
from tests.ui.test_together import named, real_steps, turn


def say(**what: object) -> None:
    print(json.dumps(what), flush=True)


def main() -> int:
    port, code, folder = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    app = make_app(folder, speed="fast")
    named(app, "Bert")
    steps(app, 2)
    click(button_centre(app, "together"))
    steps(app, 2)
    top = app.top
    for field, text in ((top.address, f"127.0.0.1:{port}"), (top.code, code)):  # type: ignore[attr-defined]
        click(field.rect.center)
        steps(app, 1)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        press(pygame.K_TAB)
        steps(app, 1)
    click(button_centre(app, "join"))
    steps(app, 2)
    remote = app.top.remote  # type: ignore[attr-defined]
    real_steps(app, lambda: remote.state.lobby is not None)
    say(event="joined", player=remote.state.player)
    click(button_centre(app, "ready"))
    real_steps(app, lambda: app.top.name != "lobby", 60)
    real_steps(app, lambda: (turn(app), app.session is not None and
                             len(app.session.series.rows) >= 1)[1], 120)
    say(event="dealt", totals=list(app.session.series.totals()))
    real_steps(app, lambda: app.top.name == "message", 60)
    say(event="closed", body=app.top.body)  # type: ignore[attr-defined]
    app.quit()
    app.close()
    return 0


if __name__ == "__main__":
    time.sleep(0)
    sys.exit(main())
