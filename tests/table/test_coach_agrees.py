"""The coach never contradicts itself: a card the hint recommended is the review's best
card with the same chance, and the review never puts it as the player's mistake."""

from __future__ import annotations

import pytest

from skatgame.ai.hints import HINT_SEED, suggest
from skatgame.ai.levels.expert import ExpertPlayer
from skatgame.ai.player import create_player
from skatgame.ai.review import FairSettings, InformedView
from skatgame.engine.actions import Play
from skatgame.engine.deal import Deal, Phase
from skatgame.table import review as table_review
from skatgame.table.i18n import Translator
from skatgame.table.review import fair_seed
from tests.table.test_review_model import analysed  # the worker's jobs done here

#: deals played with the human following every hint (each one reviewed)
DEALS = 12


class SmallExpert(ExpertPlayer):
    """Few worlds: a hint, and the fair view of a whole deal, in a moment."""

    card_worlds = 4
    first_tricks_worlds = 4
    close_worlds = 2
    card_nodes = 1_000_000


@pytest.fixture(autouse=True)
def small_fair_view(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_review, "FAIR_SETTINGS", FairSettings(SmallExpert, threads=1))


def hinted_deal(seed: str) -> tuple[Deal, dict[int, tuple[int, float | None]]] | None:
    """A deal where seat 0 (the human) plays every card the hint recommends; the others
    are the Advanced level. Returns the deal and, per card index of the human's hinted
    cards, (the hinted card, the hint's chance); None when the deal has no card play."""
    deal = Deal.from_seed(seed)
    others = [create_player("advanced", f"{seed}:{s}") for s in range(3)]
    coach = SmallExpert(HINT_SEED)
    hinted: dict[int, tuple[int, float | None]] = {}
    played = 0
    while deal.to_move is not None:
        seat = deal.to_move
        obs = deal.observation(seat)
        if seat == 0 and deal.phase is Phase.PLAY and len(obs.legal_actions) > 1:
            hint = suggest(obs, player=coach)
            assert isinstance(hint.action, Play)
            hinted[played] = (hint.action.card, hint.win_probability)
            action = hint.action
        else:
            action = others[seat].act(obs)
        if isinstance(action, Play):
            played += 1
        deal.apply(action)
    r = deal.result
    if r is None or r.passed or deal.declarer is None or not played:
        return None
    if deal.contract is None or deal.contract.letters.startswith("R"):
        return None
    return deal, hinted


@pytest.fixture(scope="module")
def hinted() -> list[tuple[Deal, dict[int, tuple[int, float | None]]]]:
    out = []
    n = 0
    while len(out) < DEALS:
        got = hinted_deal(f"coach-{n}")
        n += 1
        if got is not None and got[1]:
            out.append(got)
        assert n < 80, "too few deals with a game"
    return out


def test_a_human_seat_is_reviewed_with_the_hints_seed() -> None:
    assert fair_seed(7, 0, None) == HINT_SEED
    assert fair_seed(7, 1, "expert") == "7:1:act"  # the computer's own seed
    assert fair_seed(None, 2, "expert") == "review:2"


def test_the_hint_and_the_review_agree_on_every_hinted_card(
        hinted: list[tuple[Deal, dict[int, tuple[int, float | None]]]]) -> None:
    tr = Translator("en")
    de = Translator("de")
    checked = costly = 0
    for deal, cards in hinted:
        model = analysed(deal)
        assert model.review is not None and model.fair_done
        for index, (card, chance) in cards.items():
            inf = model.review.cards[index].informed
            assert isinstance(inf, InformedView)
            # the same position, seed and budget: the same best card and chance
            assert inf.best == card
            assert inf.win_chance[card] == pytest.approx(chance)
            assert not inf.mistake
            checked += 1
            model.go(index)
            assert model.informed_verdict(tr, "french", False) == tr("review.fair.best")
            if model.review.cards[index].cost > 0:
                costly += 1
                assert model.no_blame()
                lines = model.open_lines(tr)
                assert lines[-1] == tr("review.open.allowed")
                assert model.open_lines(de)[-1] == de("review.open.allowed")
        for k in model.key_decisions():
            if k.index in cards:
                # listed at most for what the cards allowed, never as the player's mistake
                assert not k.mistake
                text = model.decision_text(k, tr, "french", False)
                assert "a mistake" not in text
                if k.cost > 0 and not k.decided:
                    assert "the Expert's card" in text
                    assert "wie der Experte" in model.decision_text(
                        k, de, "french", False)
        assert model.verdict_text(tr, "french", False)  # the verdict, too, is written
    assert checked >= 3 * DEALS  # several hinted cards in every deal
    assert costly >= 1  # the case the playtest found is among them


def test_a_cards_hint_is_not_cut_by_the_deadline(
        hinted: list[tuple[Deal, dict[int, tuple[int, float | None]]]]) -> None:
    """The review searches without a deadline: so does the hint for a card (its node
    budget bounds it), or a busy machine would make the two disagree."""
    import time

    deal, cards = hinted[0]
    model = analysed(deal)
    for index, (card, chance) in list(cards.items())[:4]:
        obs = model.steps[index].observation
        late = suggest(obs, deadline=time.monotonic() - 1.0, player=SmallExpert(HINT_SEED))
        assert late.action == Play(card) and late.win_probability == pytest.approx(chance)
