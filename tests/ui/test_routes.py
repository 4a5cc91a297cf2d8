"""The route table: every route leads to something that makes a scene, every phase of a
deal to a table route, and a scene's module is loaded only when its route is taken."""

from __future__ import annotations

import subprocess
import sys

from skatgame.engine.phase import Phase
from skatgame.ui.routes import PHASE_ROUTES, ROUTE_TABLE, ROUTES
from skatgame.ui.scene import Scene


def test_every_route_resolves_to_a_scene_maker() -> None:
    for route in ROUTE_TABLE:
        made = ROUTES[route]
        assert callable(made), route
        if isinstance(made, type):
            assert issubclass(made, Scene), route
            assert made.name == route, f"{route}: the scene calls itself {made.name!r}"


def test_every_phase_has_its_table_route() -> None:
    assert set(PHASE_ROUTES) == set(Phase)
    assert set(PHASE_ROUTES.values()) <= set(ROUTE_TABLE)
    assert {"dealing", *PHASE_ROUTES.values()} == {"dealing", "auction", "skat", "play",
                                                    "results"}


def test_opening_the_window_loads_no_scene_it_does_not_show() -> None:
    code = ("import sys\n"
            "import skatgame.ui.app\n"
            "print(sorted(m for m in sys.modules if m.startswith('skatgame.ui.scenes.')"
            " or m.startswith('skatgame.ai.')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
