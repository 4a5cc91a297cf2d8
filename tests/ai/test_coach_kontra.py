"""The hint at Kontra and Re shows the side's chance on the same curve as the first
card's hint: nothing is played in between, so the chance does not jump."""

from __future__ import annotations

from skatgame.ai.bidding import raw_share, table_chance
from skatgame.ai.hints import HINT_SEED, suggest
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.player import create_player
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.options import RuleOptions


class SmallExpert(ExpertPlayer):
    kontra_samples = 10
    kontra_nodes = 1_000_000
    card_worlds = 8
    first_tricks_worlds = 8
    close_worlds = 2
    card_nodes = 1_000_000


def test_raw_share_takes_the_table_correction_back() -> None:
    for ouvert in (False, True):
        for raw in (0.0, 0.25, 0.5, 0.9, 1.0):
            assert abs(raw_share(table_chance(raw, ouvert), ouvert) - raw) < 1e-9
    assert raw_share(0.0) == 0.0 and raw_share(1.0) == 1.0  # kept within 0..1


def test_the_kontra_hint_and_the_first_cards_hint_agree() -> None:
    pairs: list[tuple[float, float]] = []
    for i in range(50):
        deal = Deal.from_seed(f"k{i}", RuleOptions(kontra=True))
        bots = [create_player("advanced", f"k{i}:{s}") for s in range(3)]
        at_kontra = None
        while deal.to_move is not None and not deal.tricks:
            seat = deal.to_move
            obs = deal.observation(seat)
            if seat == 0 and len(obs.legal_actions) > 1:
                if deal.phase in (Phase.KONTRA, Phase.RE):
                    at_kontra = suggest(obs, player=SmallExpert(HINT_SEED))
                    assert at_kontra.win_probability is not None
                    assert 0.01 <= at_kontra.win_probability <= 0.99
                    deal.apply(at_kontra.action)
                    continue
                if deal.phase is Phase.PLAY and at_kontra is not None:
                    first = suggest(obs, player=SmallExpert(HINT_SEED))
                    assert first.win_probability is not None
                    pairs.append((at_kontra.win_probability or 0.0, first.win_probability))
                    at_kontra = None
            deal.apply(bots[seat].act(obs))
    assert len(pairs) >= 15
    gaps = [abs(a - b) for a, b in pairs]
    # measured on these deals: 0.10 (before, the Kontra hint's own correction: 0.20)
    assert sum(gaps) / len(gaps) <= 0.15
