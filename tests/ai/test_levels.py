"""Every level plays complete deals legally, in every phase and with every house rule."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from skatgame.ai.levels.advanced import AdvancedPlayer
from skatgame.ai.levels.base import LevelPlayer, decision_kind
from skatgame.ai.levels.beginner import BeginnerPlayer
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.player import LEVELS, Player, create_player
from skatgame.engine.actions import KONTRA, PASS, Action, Contract, Declare
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.options import RuleOptions
from skatgame.engine.rules import GameKind


class QuickExpert(ExpertPlayer):
    """The Expert with small samples and budgets: the same code paths, fast enough for tests."""

    card_worlds = 3
    first_tricks_worlds = 3
    announce_samples = 4
    schieben_worlds = 2
    schieben_playouts = 1
    auction_samples = 4
    pickup_samples = 6
    kontra_samples = 3
    ramsch_worlds = 2
    ramsch_playouts = 2
    card_nodes = 400_000
    auction_nodes = 600_000
    pickup_nodes = 800_000
    kontra_nodes = 200_000


class QuickAdvanced(AdvancedPlayer):
    worlds = 3
    search_from_trick = 5


Script = Callable[[Deal], Action | None]


def play_out(deal: Deal, players: list[Player], script: Script | None = None
             ) -> dict[str, int]:
    """Play ``deal`` to the end; every action must be legal. Counts decisions by kind."""
    kinds: dict[str, int] = {}
    while deal.to_move is not None:
        seat = deal.to_move
        forced = script(deal) if script else None
        obs = deal.observation(seat)
        if forced is not None:
            action = forced
        else:
            action = players[seat].act(obs)
            assert action in obs.legal_actions, (type(players[seat]).__name__, obs.phase, action)
            kinds[decision_kind(obs)] = kinds.get(decision_kind(obs), 0) + 1
        deal.apply(action)
    assert deal.result is not None
    return kinds


def everyone_passes(deal: Deal) -> Action | None:
    return PASS if deal.phase is Phase.AUCTION else None


def null_ouvert_by_forehand(deal: Deal) -> Action | None:
    """Middlehand and Rearhand pass, Forehand bids 18 and plays null ouvert hand."""
    if deal.phase is Phase.AUCTION:
        return deal.legal_actions()[0] if deal.auction.stage == 3 else PASS
    if deal.phase is Phase.SKAT:
        return Declare(Contract.make(GameKind.NULL, hand=True, ouvert=True))
    return None


def kontra_always(deal: Deal) -> Action | None:
    return KONTRA if deal.phase is Phase.KONTRA else None


LEVEL_CLASSES: list[type[LevelPlayer]] = [BeginnerPlayer, QuickAdvanced, QuickExpert]


@pytest.mark.parametrize("cls", LEVEL_CLASSES, ids=lambda c: c.__name__)
def test_level_plays_ordinary_deals(cls: type[LevelPlayer]) -> None:
    for i in range(2):
        deal = Deal.from_seed(f"ordinary:{i}")
        play_out(deal, [cls(f"{i}:{s}") for s in range(3)])


@pytest.mark.parametrize("cls", LEVEL_CLASSES, ids=lambda c: c.__name__)
def test_level_plays_ramsch_and_schieberamsch(cls: type[LevelPlayer]) -> None:
    options = RuleOptions(ramsch=True, schieberamsch=True, ramsch_jungfrau="double",
                          ramsch_durchmarsch="plus120")
    deal = Deal.from_seed("ramsch", options)
    kinds = play_out(deal, [cls(s) for s in range(3)], everyone_passes)
    assert deal.contract is not None and deal.contract.kind == GameKind.RAMSCH
    assert kinds.get("schieben", 0) >= 3  # take or push, by each seat
    assert kinds["card"] >= 25


@pytest.mark.parametrize("cls", LEVEL_CLASSES, ids=lambda c: c.__name__)
def test_level_plays_ramsch_under_its_variants(cls: type[LevelPlayer]) -> None:
    options = RuleOptions(ramsch=True, schieberamsch=True, ramsch_skat="nobody",
                          ramsch_loss="ten", ramsch_jungfrau="plus5",
                          ramsch_durchmarsch="moon")
    deal = Deal.from_seed("ramsch variants", options)
    play_out(deal, [cls(f"v:{s}") for s in range(3)], everyone_passes)
    r = deal.result
    assert r is not None and r.contract is not None and r.contract.kind == GameKind.RAMSCH
    assert r.skat_taker is None and min(r.scores) < 0


@pytest.mark.parametrize("cls", LEVEL_CLASSES, ids=lambda c: c.__name__)
def test_level_decides_kontra_and_re(cls: type[LevelPlayer]) -> None:
    options = RuleOptions(kontra=True)
    decisions = {"kontra": 0, "re": 0}
    for i in range(4):
        deal = Deal.from_seed(f"kontra:{i}", options)
        # odd deals: a scripted defender says Kontra, so the declaring level must answer Re
        script = kontra_always if i % 2 else None
        kinds = play_out(deal, [cls(f"{i}:{s}") for s in range(3)], script)
        if deal.declarer is not None:
            decisions["re" if script else "kontra"] += kinds.get("kontra", 0)
            if script:
                assert deal.kontra in (1, 2)
    assert decisions["kontra"] > 0 and decisions["re"] > 0


@pytest.mark.parametrize("cls", LEVEL_CLASSES, ids=lambda c: c.__name__)
def test_level_defends_and_plays_null_ouvert(cls: type[LevelPlayer]) -> None:
    deal = Deal.from_seed("null ouvert")
    play_out(deal, [cls(s) for s in range(3)], null_ouvert_by_forehand)
    assert deal.contract == Contract.make(GameKind.NULL, hand=True, ouvert=True)
    assert deal.declarer == 0


def test_levels_are_registered() -> None:
    import skatgame.ai.levels
    import skatgame.ai.yardsticks  # noqa: F401

    for name in ("random", "beginner", "advanced", "advanced-v1", "expert", "expert-v1",
                 "expert-bids"):
        assert name in LEVELS
        assert hasattr(create_player(name, 1), "act")


def test_expert_bids_differs_only_in_the_bid_inference() -> None:
    """The measuring level weighs its card play's samples by the bids and is the
    Expert in everything else."""
    bids = create_player("expert-bids", 1)
    assert isinstance(bids, ExpertPlayer)
    assert bids.bid_inference and not ExpertPlayer(1).bid_inference
    assert bids.close_worlds == ExpertPlayer.close_worlds > 0


def test_full_strength_expert_plays_a_deal_with_kontra() -> None:
    deal = Deal.from_seed("full expert", RuleOptions(kontra=True))
    players: list[Player] = [ExpertPlayer("e"), BeginnerPlayer("b1"), BeginnerPlayer("b2")]
    kinds = play_out(deal, players)
    assert kinds.get("card", 0) > 0 or deal.result is not None


def test_level_never_answers_when_nothing_to_decide() -> None:
    deal = Deal.from_seed(3)
    obs = deal.observation(0)  # Middlehand opens the auction, Forehand waits
    with pytest.raises(ValueError):
        BeginnerPlayer(1).act(obs)


@pytest.mark.parametrize("level", ["beginner", "advanced", "expert", "expert-v1"])
def test_a_passed_deadline_still_gets_a_legal_answer(level: str) -> None:
    import time

    deal = Deal.from_seed("deadline", RuleOptions(kontra=True))
    player = create_player(level, 1)
    seen = set()
    while deal.to_move is not None:
        seat = deal.to_move
        obs = deal.observation(seat)
        action = player.act(obs, time.monotonic() - 1.0)  # the deadline is already over
        assert action in obs.legal_actions
        seen.add(obs.phase)
        if deal.phase is Phase.AUCTION and deal.auction.value < 18:
            action = deal.legal_actions()[0]  # make sure a game is played: someone bids 18
        deal.apply(action)
    assert {Phase.AUCTION, Phase.SKAT, Phase.PLAY} <= seen
