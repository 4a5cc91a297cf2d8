"""`bench solver`: its figures are there and come from the same seeded deals."""

from __future__ import annotations

from skatgame.ai import solver
from skatgame.commands import bench_solver


def test_bench_solver_figures_on_a_few_deals() -> None:
    assert solver.HAVE_C_CORE, "C core not built: run `python setup.py build_ext --inplace`"
    deals = bench_solver.random_deals(1, 3)
    assert deals == bench_solver.random_deals(1, 3)
    figures = bench_solver._c_figures(deals)
    for key in ("exact_ms_median", "exact_ms_p95", "reaches61_ms_median",
                "all_tricks_ms_median", "all_tricks_ms_p95", "v1_exact_ms_median"):
        assert figures[key] >= 0, key
    assert figures["exact_nodes_median"] > 0
