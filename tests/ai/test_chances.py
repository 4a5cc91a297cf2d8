"""Win chances: one function for the hint, the helper and the review; certain only
when proved; the calibration monotone and within 1%..99% otherwise."""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from skatgame.ai.advice import bid_advice
from skatgame.ai.calibration_table import KNOTS, TABLE
from skatgame.ai.chances import (
    AUCTION,
    PHASES,
    certainty,
    group_key,
    phase_of,
    shown_chance,
)
from skatgame.ai.hints import HINT_SEED, suggest
from skatgame.ai.levels.advanced import AdvancedPlayer
from skatgame.ai.levels.base import decision_kind
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.review import informed_view
from skatgame.commands import bench_calibration
from skatgame.engine.actions import PASS, Play
from skatgame.engine.deal import Deal
from skatgame.engine.observation import Observation
from skatgame.engine.options import RuleOptions
from skatgame.engine.phase import Phase
from skatgame.engine.rules import GameKind

KINDS = (GameKind.CLUBS, GameKind.GRAND, GameKind.NULL)


def _card_decisions(seed: str) -> list[Observation]:
    """The card decisions with more than one legal card of a deal the Advanced plays."""
    deal = Deal.from_seed(seed)
    players = [AdvancedPlayer(f"t{s}") for s in range(3)]
    out = []
    while deal.result is None:
        seat = deal.to_move
        assert seat is not None
        obs = deal.observation(seat)
        if (decision_kind(obs) == "card" and obs.contract is not None
                and obs.contract.kind != GameKind.RAMSCH and obs.legal_cards().bit_count() > 1):
            out.append(obs)
        deal.apply(players[seat].act(obs), seat)
    return out


def _first_certain(seed: str) -> Observation:
    return next(obs for obs in _card_decisions(seed) if certainty(obs) is not None)


# ------------------------------------------------------------ certain and not


def test_a_declarer_who_has_his_points_is_shown_100_percent() -> None:
    obs = _first_certain("chances:9")  # Grand Hand: 63 card points after six tricks
    assert obs.seat == obs.declarer and obs.points[obs.seat] >= 61
    assert certainty(obs) is True
    hint = suggest(obs)
    assert hint.win_probability == 1.0
    view = informed_view(obs, _best(obs), HINT_SEED)
    assert view is not None
    assert all(p == 1.0 for p in view.win_chance.values())


def test_points_made_are_no_proof_while_the_game_may_be_overbid() -> None:
    obs = _first_certain("chances:9")
    assert certainty(obs) is True
    # the same position had the declarer bid far beyond any value his game can have
    assert certainty(dataclasses.replace(obs, bid=264)) is None


def _best(obs: Observation) -> int:
    return ExpertPlayer(HINT_SEED).card_choice(obs).card


def test_defenders_who_cannot_lose_any_more_are_shown_100_percent() -> None:
    obs = _first_certain("chances:4")  # the defenders have 60 after five tricks
    assert obs.seat != obs.declarer and certainty(obs) is True
    assert suggest(obs).win_probability == 1.0
    # ... and the declarer, in the same deal, 0% once he is to move
    later = [o for o in _card_decisions("chances:4")
             if o.seat == o.declarer and len(o.tricks) >= len(obs.tricks)]
    assert later and certainty(later[0]) is False
    assert suggest(later[0]).win_probability == 0.0


def test_every_sampled_world_won_is_not_a_proof() -> None:
    # the first card of a game the declarer wins in every sampled world
    obs = _card_decisions("chances:20")[0]
    assert obs.seat == obs.declarer and certainty(obs) is None
    choice = ExpertPlayer(HINT_SEED).card_choice(obs)
    assert choice.raw_chances[choice.card] == 1.0
    assert choice.win_probability is not None and 0.01 <= choice.win_probability <= 0.99
    assert suggest(obs).win_probability == choice.win_probability


def test_a_card_that_completes_the_trick_counts_its_points() -> None:
    for obs in _card_decisions("chances:9"):
        if len(obs.trick) == 2 and certainty(obs) is None:
            for card in range(32):
                if obs.legal_cards() >> card & 1:
                    assert certainty(obs, card) in (None, True, False)
    # a decision before the last card of a trick is never decided by the card
    obs = next(o for o in _card_decisions("chances:9") if not o.trick)
    assert all(certainty(obs, c) == certainty(obs) for c in range(32)
               if obs.legal_cards() >> c & 1)


# ------------------------------------------------------------ one chance everywhere


def test_hint_and_review_show_the_same_chance() -> None:
    for obs in _card_decisions("chances:5")[:4]:
        hint = suggest(obs)
        assert hint.win_probability is not None
        assert isinstance(hint.action, Play)
        card = hint.action.card
        view = informed_view(obs, card, HINT_SEED)
        assert view is not None and view.best == card
        assert view.win_chance[card] == hint.win_probability


def test_hint_and_bidding_helper_show_the_same_chance() -> None:
    deal = Deal.from_seed("chances:helper")
    checked = 0
    while deal.phase is Phase.AUCTION and deal.to_move is not None:
        seat = deal.to_move
        obs = deal.observation(seat)
        hint = suggest(obs)
        advice = bid_advice(obs)
        assert hint.win_probability == advice.win_probability
        assert hint.contract == advice.contract
        checked += advice.contract is not None
        deal.apply(hint.action, seat)
    assert checked


# ------------------------------------------------------------ the mapping


@pytest.mark.parametrize("declarer", [True, False])
def test_the_mapping_is_monotone_and_within_one_and_99_percent(declarer: bool) -> None:
    grid = [i / 200 for i in range(201)]
    for phase in PHASES:
        for kind in KINDS:
            shown = [shown_chance(r, declarer=declarer, phase=phase, kind=kind) for r in grid]
            assert all(0.01 <= p <= 0.99 for p in shown)
            assert all(a <= b + 1e-12 for a, b in zip(shown, shown[1:], strict=False))


def test_the_table_is_well_formed() -> None:
    assert KNOTS[0] == 0.0 and KNOTS[-1] == 1.0 and list(KNOTS) == sorted(KNOTS)
    for key, ys in TABLE.items():
        role, phase, kind = key.split("|")
        assert role in ("declarer", "defenders")
        assert phase in (*PHASES, "*") and kind in ("suit", "grand", "null", "*")
        assert len(ys) == len(KNOTS)
        assert list(ys) == sorted(ys)


def test_certainty_overrides_the_mapping() -> None:
    for raw in (0.0, 0.5, 1.0):
        assert shown_chance(raw, declarer=False, phase=PHASES[2], kind=GameKind.NULL,
                            certain=True) == 1.0
        assert shown_chance(raw, declarer=True, phase=AUCTION, kind=GameKind.GRAND,
                            certain=False) == 0.0


def test_phases_and_group_keys() -> None:
    assert [phase_of(t) for t in (1, 3, 4, 6, 7, 10)] == [
        PHASES[1], PHASES[1], PHASES[2], PHASES[2], PHASES[3], PHASES[3]]
    assert group_key(True, PHASES[1], GameKind.SPADES) == f"declarer|{PHASES[1]}|suit"
    assert group_key(False, AUCTION, GameKind.NULL) == "defenders|auction|null"


# ------------------------------------------------------------ the bench


def _args(**kw: Any) -> argparse.Namespace:
    base = {"deals": 2, "seed": 3, "levels": bench_calibration.EXPERTS, "records": None,
            "check": None, "fit": None, "table_out": None, "max_seconds": None}
    return argparse.Namespace(**{**base, **kw})


def _has_report_keys(out: dict[str, Any]) -> None:
    for when in ("after", "before"):
        for role in ("declarer", "defenders"):
            part = out[when][role]
            for key in ("n", "tenths", "brier", "certainties", "wrong_certainties",
                        "largest_gap_100"):
                assert key in part
            for tenth in part["tenths"]:
                assert set(tenth) == {"from", "to", "mean_shown", "share_won", "share_won_se",
                                      "n"}
                assert 0.0 <= tenth["mean_shown"] <= 1.0 and tenth["n"] > 0


def test_bench_calibration_reports_checks_and_fits(tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl"
    out = bench_calibration.measure(_args(records=str(records)))
    json.dumps(out)  # JSON through and through
    assert out["deals"] == 2 and out["seed"] == 3
    _has_report_keys(out)
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert len(lines) == out["decisions"] > 0
    assert {r["source"] for r in lines} <= {"hint", "helper", "review"}
    checked = bench_calibration.measure(_args(check=[str(records)]))
    _has_report_keys(checked)
    assert checked["decisions"] == out["decisions"]
    table = tmp_path / "table.py"
    fitted = bench_calibration.measure(_args(fit=[str(records)], table_out=str(table)))
    assert fitted["written"] == str(table)
    space: dict[str, Any] = {}
    exec(compile(table.read_text(), str(table), "exec"), space)
    assert space["KNOTS"] == bench_calibration.FIT_KNOTS
    for ys in space["TABLE"].values():
        assert list(ys) == sorted(ys) and all(0.01 <= y <= 0.99 for y in ys)
        assert len(ys) == len(space["KNOTS"])
    assert "seeds 3." in table.read_text()
    assert max(len(line) for line in table.read_text().splitlines()) <= 100  # ruff's limit


def test_seed_ranges_are_written_as_runs() -> None:
    assert bench_calibration.seed_ranges([1, 2, 3, 5, 101, 102]) == "1 to 3, 5, 101 to 102"
    assert bench_calibration.seed_ranges([7]) == "7"


def test_bench_calibration_with_mixed_levels_asks_the_review() -> None:
    out = bench_calibration.measure(_args(deals=1, seed=4, levels="advanced,expert,beginner"))
    _has_report_keys(out)
    assert out["levels"] == ["advanced", "expert", "beginner"]
    assert out["sources"].get("review", 0) > 0


def test_reliability_counts_wrong_certainties() -> None:
    out = bench_calibration.reliability([(1.0, True, 1), (1.0, False, 2), (0.0, False, 2),
                                         (0.55, True, 3), (0.05, False, 3)])
    assert out["certainties"] == 3 and out["wrong_certainties"] == 1
    assert out["n"] == 5 and out["brier"] == round((1 + 0.45 ** 2 + 0.05 ** 2) / 5, 4)
    assert [t["n"] for t in out["tenths"]] == [2, 1, 2]


def test_pool_adjacent_violators() -> None:
    assert bench_calibration._pav([0.1, 0.3, 0.2, 0.4], [1, 1, 1, 1]) == pytest.approx(
        [0.1, 0.25, 0.25, 0.4])


def test_ramsch_play_outs_are_never_shown_as_certain() -> None:
    deal = Deal.from_seed("chances:ramsch", RuleOptions(ramsch=True))
    players = [AdvancedPlayer(f"t{s}") for s in range(3)]
    shown = []
    while deal.result is None and len(shown) < 6:
        seat = deal.to_move
        assert seat is not None
        obs = deal.observation(seat)
        if deal.phase is Phase.AUCTION:
            deal.apply(PASS, seat)  # everybody passes: Ramsch
            continue
        if decision_kind(obs) == "card" and obs.legal_cards().bit_count() > 1:
            assert obs.contract is not None and obs.contract.kind == GameKind.RAMSCH
            p = suggest(obs).win_probability
            assert p is not None
            shown.append(p)
        deal.apply(players[seat].act(obs), seat)
    assert shown and all(0.01 <= p <= 0.99 for p in shown)
