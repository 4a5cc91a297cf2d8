"""The Expert's whole game: announcements, ouvert, Kontra and Re, Schieberamsch."""

from __future__ import annotations

import pytest

from skatgame.ai.evaluation import sure_all_tricks
from skatgame.ai.levels.base import Decision
from skatgame.ai.levels.beginner import BeginnerPlayer
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.schieben import PUSH, TAKE, push_candidates, schieben_values
from skatgame.engine.actions import (
    PASS,
    PUSH_SKAT,
    TAKE_SKAT,
    Bid,
    Contract,
    Declare,
    Discard,
)
from skatgame.engine.cards import JACKS, mask_of, parse_cards
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.options import RuleOptions
from skatgame.engine.rules import GameKind

G = GameKind.GRAND


class QuickExpert(ExpertPlayer):
    """Small samples: the same code paths, fast enough for tests."""

    card_worlds = 4
    first_tricks_worlds = 4
    auction_samples = 4
    pickup_samples = 6
    kontra_samples = 4
    announce_samples = 6
    schieben_worlds = 4
    schieben_playouts = 2
    ramsch_worlds = 2
    ramsch_playouts = 2


def m(text: str) -> int:
    return mask_of(parse_cards(text))


def deal_with(forehand: str, middle: str, rear: str, skat: str) -> Deal:
    cards = [*parse_cards(forehand), *parse_cards(middle), *parse_cards(rear),
             *parse_cards(skat)]
    return Deal(cards)


def test_sure_all_tricks() -> None:
    assert sure_all_tricks(m("CJ SJ HJ DJ CA CT CK SA ST HA"), G, leads=True)
    assert sure_all_tricks(m("CJ SJ HJ CA CT CK SA ST HA DA"), G, leads=True)
    # first lead not his: a ruff may cost a trump, so one more is needed
    assert not sure_all_tricks(m("CJ SJ CA CT CK SA ST SK HA DA"), G, leads=False)
    assert sure_all_tricks(m("CJ SJ CA CT CK SA ST SK HA DA"), G, leads=True)
    assert not sure_all_tricks(m("CJ SJ DJ CA CT CK SA ST HA DA"), G, leads=True)  # a gap
    assert not sure_all_tricks(m("CJ SJ HJ DJ CA CT C9 SA ST HA"), G, leads=True)  # C9
    assert sure_all_tricks(m("CJ SJ HJ DJ CA CT CK CQ C9 C8"), GameKind.CLUBS, leads=True)
    assert sure_all_tricks(m("CJ SJ HJ DJ CA CT CK CQ C9 SA"), GameKind.CLUBS, leads=True)
    assert not sure_all_tricks(m("CJ SJ HJ DJ CA CT CK CQ C9 ST"), GameKind.CLUBS,
                               leads=True)  # the ten of spades under an unseen ace


def _to_skat_phase(deal: Deal) -> None:
    """Middlehand bids 18, rear hand passes, Forehand holds, Middlehand passes."""
    while deal.phase is Phase.AUCTION:
        obs = deal.observation(deal.to_move)
        bids = [a for a in obs.legal_actions if isinstance(a, Bid)]
        if deal.to_move == 0:
            deal.apply(next(a for a in obs.legal_actions if a != PASS))
        elif deal.to_move == 1 and bids and deal.auction.value < 18:
            deal.apply(bids[0])
        else:
            deal.apply(PASS)


def test_a_sure_hand_plays_grand_ouvert_and_only_as_a_hand_game() -> None:
    deal = deal_with("CJ SJ HJ DJ CA CT CK SA ST HA", "C7 C8 C9 CQ S7 S8 S9 SQ H7 H8",
                     "H9 HQ HK HT D7 D8 D9 DQ DK DT", "DA SK")
    _to_skat_phase(deal)
    assert deal.phase is Phase.SKAT and deal.to_move == 0
    obs = deal.observation(0)
    decision = QuickExpert("o").on_skat(obs, None)
    assert decision.action in obs.legal_actions
    assert isinstance(decision.action, Declare)
    c = decision.action.contract
    assert c.kind == G and c.ouvert and c.hand and c.schwarz


def test_announcements_only_in_hand_games() -> None:
    """Over many deals: every announced or ouvert suit/grand game the Expert declares is a
    hand game, and what its handlers return is one of the legal actions."""
    for i in range(30):
        deal = Deal.from_seed(f"announce:{i}")
        players = [QuickExpert(f"{i}:{s}") for s in range(3)]
        while deal.to_move is not None and deal.phase is not Phase.PLAY:
            obs = deal.observation(deal.to_move)
            d = players[deal.to_move].decide(obs)
            if deal.phase in (Phase.SKAT, Phase.DECLARE):
                raw = getattr(players[deal.to_move], f"on_{deal.phase.value}")(obs, None)
                action = getattr(raw, "action", raw)
                assert action is None or action in obs.legal_actions
            deal.apply(d.action)
        c = deal.contract
        if c is not None and c.kind not in (GameKind.NULL, GameKind.RAMSCH) and (
                c.schneider or c.schwarz or c.ouvert):
            assert c.hand
            assert c.schneider or not c.schwarz  # schwarz only with schneider
            assert not c.ouvert or (c.schneider and c.schwarz)  # ouvert implies both


def test_schneider_is_announced_with_a_crushing_hand_only() -> None:
    strong = deal_with("CJ SJ HJ DJ CA CT CK SA ST H7", "C7 C8 C9 CQ S7 S8 S9 SQ H8 H9",
                       "HQ HK HT HA D7 D8 D9 DQ DK DT", "DA SK")
    _to_skat_phase(strong)
    obs = strong.observation(0)
    grand_hand = next(a.contract for a in obs.legal_actions
                      if isinstance(a, Declare) and a.contract.kind == G and a.contract.hand
                      and not a.contract.schneider)
    expert = QuickExpert("s")
    assert expert.announce_schneider(obs, grand_hand, None)
    weak = deal_with("CJ DJ CA CT C7 S7 S8 H7 H8 D7", "SJ HJ C8 C9 CQ CK S9 SQ H9 HQ",
                     "SA ST SK HA HT HK DA DT DK DQ", "D8 D9")
    _to_skat_phase(weak)
    obs = weak.observation(0)
    clubs_hand = next(a.contract for a in obs.legal_actions
                      if isinstance(a, Declare) and a.contract.kind == GameKind.CLUBS
                      and a.contract.hand and not a.contract.schneider)
    assert not expert.announce_schneider(obs, clubs_hand, None)


def hand_contract(obs: object, kind: GameKind) -> Contract:
    return next(a.contract for a in obs.legal_actions  # type: ignore[attr-defined]
                if isinstance(a, Declare) and a.contract.kind == kind and a.contract.hand
                and not a.contract.schneider)


class NoOuvertExpert(QuickExpert):
    """Never counts a hand safe enough for ouvert by simulation."""

    ouvert_from = 1.1


def test_schwarz_or_ouvert_is_announced_with_a_hand_that_takes_every_trick() -> None:
    # every card on top: every sampled deal gives the declarer every trick
    sure = deal_with("CJ SJ HJ DJ CA CT CK SA ST SK", "C7 C8 C9 CQ S7 S8 S9 SQ H7 H8",
                     "H9 HQ HK HT D7 D8 D9 DQ DK DT", "DA HA")
    _to_skat_phase(sure)
    obs = sure.observation(0)
    said = QuickExpert("w").announcement(obs, hand_contract(obs, G), None)
    assert said == Contract.make(G, ouvert=True)  # the samples take every trick: ouvert
    assert said.schwarz and said.schneider and said.hand
    assert Declare(said) in obs.legal_actions
    said = NoOuvertExpert("w").announcement(obs, hand_contract(obs, G), None)
    assert said == Contract.make(G, hand=True, schwarz=True)
    assert said.schneider and said.hand and not said.ouvert
    assert Declare(said) in obs.legal_actions
    # a heart seven to give away: schneider, never schwarz
    strong = deal_with("CJ SJ HJ DJ CA CT CK SA ST H7", "C7 C8 C9 CQ S7 S8 S9 SQ H8 H9",
                       "HQ HK HT HA D7 D8 D9 DQ DK DT", "DA SK")
    _to_skat_phase(strong)
    obs = strong.observation(0)
    said = QuickExpert("w").announcement(obs, hand_contract(obs, G), None)
    assert said == Contract.make(G, hand=True, schneider=True)


def test_the_expert_declares_schwarz_through_its_skat_decision() -> None:
    """In the game the sure hand goes ouvert (the higher game); without the ouvert
    rule check it is the simulation that goes ouvert, or without ouvert by simulation
    announces schwarz."""
    sure = deal_with("CJ SJ HJ DJ CA CT CK SA ST SK", "C7 C8 C9 CQ S7 S8 S9 SQ H7 H8",
                     "H9 HQ HK HT D7 D8 D9 DQ DK DT", "DA HA")
    _to_skat_phase(sure)
    obs = sure.observation(0)
    c = QuickExpert("x").on_skat(obs, None).action.contract
    assert c.ouvert and c.schwarz and c.hand

    def without_sure_rule(player: QuickExpert) -> Decision:
        import skatgame.ai.levels.expert as expert_mod
        real = expert_mod.sure_all_tricks
        expert_mod.sure_all_tricks = lambda *a: False
        try:
            return player.on_skat(obs, None)
        finally:
            expert_mod.sure_all_tricks = real

    d = without_sure_rule(QuickExpert("x"))
    assert d.action in obs.legal_actions
    assert d.action.contract == Contract.make(G, ouvert=True)
    assert "ouvert" in d.explanation
    d = without_sure_rule(NoOuvertExpert("x"))
    assert d.action in obs.legal_actions
    c = d.action.contract
    assert c.schwarz and c.schneider and c.hand and not c.ouvert


def test_schieberamsch_decisions_are_legal_and_never_pass_jacks() -> None:
    options = RuleOptions(ramsch=True, schieberamsch=True)
    kinds = set()
    for i in range(8):
        deal = Deal.from_seed(f"schieben:{i}", options)
        players = [QuickExpert(f"s{i}:{s}") for s in range(3)]
        while deal.to_move is not None and deal.phase is not Phase.PLAY:
            obs = deal.observation(deal.to_move)
            if deal.phase is Phase.AUCTION:
                deal.apply(PASS)
                continue
            raw = players[deal.to_move].on_schieben(obs, None)
            assert raw.action in obs.legal_actions
            if isinstance(raw.action, Discard):
                assert not any(JACKS >> c & 1 for c in raw.action.cards)
            kinds.add(type(raw.action))
            deal.apply(raw.action)
    assert {type(TAKE_SKAT), type(PUSH_SKAT)} & kinds


def test_schieben_values_are_deterministic_and_cover_the_choices() -> None:
    import random

    options = RuleOptions(ramsch=True, schieberamsch=True)
    deal = Deal.from_seed("schieben values", options)
    while deal.phase is Phase.AUCTION:
        deal.apply(PASS)
    obs = deal.observation(deal.to_move)
    a = schieben_values(obs, random.Random(3), worlds=3, playouts=2)
    b = schieben_values(obs, random.Random(3), worlds=3, playouts=2)
    assert a == b and set(a) == {TAKE, PUSH}
    deal.apply(TAKE_SKAT)
    obs = deal.observation(deal.to_move)
    pairs = push_candidates(obs.hand)
    values = schieben_values(obs, random.Random(3), worlds=3, playouts=2)
    assert set(values) == set(pairs) and len(pairs) == 10


@pytest.mark.parametrize("seed", range(4))
def test_kontra_and_re_answers_are_legal(seed: int) -> None:
    options = RuleOptions(kontra=True)
    deal = Deal.from_seed(f"kontra:{seed}", options)
    players = [QuickExpert(f"k{seed}:{s}") for s in range(3)]
    beginners = [BeginnerPlayer(s) for s in range(3)]
    while deal.to_move is not None and deal.phase is not Phase.PLAY:
        obs = deal.observation(deal.to_move)
        if deal.phase in (Phase.KONTRA, Phase.RE):
            raw = players[deal.to_move].on_kontra(obs, None)
            action = getattr(raw, "action", raw)
            assert action in obs.legal_actions
            deal.apply(action)
        else:
            deal.apply(beginners[deal.to_move].act(obs))
