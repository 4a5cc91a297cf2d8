"""Words at the table (issue 13): whose turn, plain hints, the score sheet's game and
matadors, one running-points setting, statistics over every finished deal."""

from __future__ import annotations

import random

from skatgame.ai.player import Suggestion
from skatgame.engine.actions import HOLD, PASS, TAKE_SKAT, Bid, Contract, Declare, Discard
from skatgame.engine.cards import SUIT_SYMBOLS, parse_card
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.rules import GameKind
from skatgame.table.i18n import Translator
from skatgame.table.labels import Label, Sign
from skatgame.table.seatview import table_of
from skatgame.table.settings import RULE_ROWS, Settings
from skatgame.table.texts import hint_text, matadors_text, play_prompt, sheet_game

EN = Translator("en").tr
DE = Translator("de").tr


def label_text(label: Label) -> str:
    """A label as text, its suit signs as symbols."""
    if isinstance(label, str):
        return label
    return "".join(SUIT_SYMBOLS[p.suit] if isinstance(p, Sign) else p for p in label).strip()


def to_play(seed: int = 3) -> Deal:
    """A deal in the tricks: the first bidder plays grand after the others pass."""
    deal = Deal.from_seed(seed)
    while deal.phase is Phase.AUCTION:
        a = deal.auction
        if a.awaiting_answer:
            deal.apply(PASS)
        elif not deal.auction.calls:
            deal.apply(Bid(18))
        else:
            deal.apply(PASS)
    deal.apply(TAKE_SKAT)
    seat = deal.to_move
    cards = [c for c in range(32) if deal.hands[seat] >> c & 1 and c & 7 != 7][:2]
    deal.apply(Discard.of(*cards))
    deal.apply(Declare(Contract(GameKind.GRAND)))
    return deal


def test_whose_turn_in_words_lead_follow_and_free() -> None:
    deal = to_play()
    assert deal.phase is Phase.PLAY
    seat = deal.to_move
    assert label_text(play_prompt(table_of(deal, seat), seat, EN)) == "Your lead: play any card"
    assert label_text(play_prompt(table_of(deal, seat), seat, DE)).startswith("Du spielst aus")
    rng = random.Random(1)
    seen = set()
    for _ in range(40):
        if deal.phase is not Phase.PLAY:
            break
        seat = deal.to_move
        label = play_prompt(table_of(deal, seat), seat, EN, "french")
        text = label_text(label)
        if deal.trick:
            assert text.startswith("Your turn")
            led = deal.trick[0]
            if led & 7 == 7:  # a jack: in a grand the only trumps
                can = any(deal.hands[seat] >> c & 1 for c in (7, 15, 23, 31))
                assert text == ("Your turn: play a trump" if can else
                                "Your turn: you cannot follow, play any card")
            elif "follow" in text and "cannot" not in text:
                assert isinstance(label, tuple) and Sign(led >> 3) in label
            seen.add(text.split(":")[1].strip().split()[0])
        deal.apply(rng.choice(deal.legal_actions()))
    assert seen  # some prompts after a lead were checked


def test_hints_speak_plainly_in_both_languages() -> None:
    clubs = Contract(GameKind.CLUBS)
    take = Suggestion(TAKE_SKAT, 0.7, "pick up the skat", clubs)
    assert label_text(hint_text(take, "french", False, EN)) == \
        "Pick up the skat: your chance as declarer about 70% with ♣ Clubs"
    assert label_text(hint_text(take, "french", False, DE)) == \
        "Nimm den Skat auf: deine Chance als Alleinspieler etwa 70\u00a0% mit ♣ Kreuz"
    put = Suggestion(Discard.of(parse_card("ST"), parse_card("S7")), 0.66, "", clubs)
    text = label_text(hint_text(put, "french", False, EN))
    assert text.startswith("Put away ♠") and " and ♠" in text and "put away for" not in text
    assert "10" in text and "7" in text and text.endswith("♣ Clubs")
    declare = Suggestion(Declare(Contract(GameKind.GRAND)), 0.8, "")
    assert label_text(hint_text(declare, "french", False, EN)) == \
        "Declare Grand: about 80% that your side wins"
    hold = Suggestion(HOLD, None, "")
    assert label_text(hint_text(hold, "french", False, EN)) == "Hold"
    give_up = Suggestion(PASS, None, "no game worth bidding")
    assert label_text(hint_text(give_up, "french", False, EN)) == \
        "Pass: no game of yours is worth the next bid"
    assert label_text(hint_text(Suggestion(PASS, 0.4, ""), "french", False, EN,
                                kontra=True)).startswith("No: about 40%")


def test_the_sheet_names_hand_schneider_schwarz_ouvert_and_matadors() -> None:
    from skatgame.engine.scoring import DealResult

    def result(contract: Contract, **kw: object) -> DealResult:
        base = dict(passed=False, declarer=0, contract=contract, bid=18, won=True, value=48,
                    game_value=48, declarer_points=95, declarer_tricks=8, overbid=False,
                    schneider=True, schwarz=False, matadors=2, explanation="",
                    multiplier=1, scores=(48, 0, 0), points=(95, 25, 0))
        base.update(kw)
        return DealResult(**base)  # type: ignore[arg-type]

    r = result(Contract(GameKind.HEARTS, hand=True))
    assert label_text(sheet_game(r, "french", EN)) == "♥ Hearts Hand Schneider"
    assert matadors_text(r, EN) == "with 2" and matadors_text(r, DE) == "mit 2"
    lost = result(Contract(GameKind.GRAND), won=False, schneider=False, matadors=-3)
    assert label_text(sheet_game(lost, "french", EN)).endswith("lost")
    assert matadors_text(lost, EN) == "without 3"
    null = result(Contract(GameKind.NULL, ouvert=True), matadors=0, schneider=False)
    assert "Ouvert" in label_text(sheet_game(null, "french", EN))
    assert matadors_text(null, EN) == "—"


def test_running_points_are_one_setting_and_old_files_still_load() -> None:
    assert "hide_running_points" not in RULE_ROWS
    old = {"show_running_points": True, "house_rules": {"hide_running_points": True,
                                                        "kontra": True}}
    s, notes = Settings.from_dict(old)
    assert s.show_running_points is False and notes == []
    assert s.house_rules == {"kontra": True}
    s, _ = Settings.from_dict({"house_rules": {"hide_running_points": False}})
    assert s.show_running_points is True and s.house_rules == {}
    assert Settings.from_dict(Settings().to_dict())[0] == Settings()


def test_statistics_count_the_list_in_progress_once() -> None:
    from skatgame.engine.options import RuleOptions
    from skatgame.table.session import new_session
    from skatgame.table.stats import compute, lists_counted

    session = new_session("You", deals=6, options=RuleOptions(),
                          list_kind="seeger-fabian", levels=("beginner", "beginner"),
                          names=("Anna", "Ben"), seed=5)
    assert lists_counted([], session) == []  # nothing finished yet
    rng = random.Random(2)
    for _ in range(2):
        deal = session.deal
        while not deal.done:
            deal.apply(rng.choice(deal.legal_actions()))
        session.record()
        session.next_deal()
    counted = lists_counted([], session)
    assert len(counted) == 1 and len(counted[0].rows) == 2
    assert lists_counted(counted, session) == counted  # already there: not twice
    you = compute(counted)[0]
    assert you.level is None and you.deals == 2


def test_the_results_name_what_doubled_the_score() -> None:
    from types import SimpleNamespace

    from skatgame.table.i18n import Translator
    from skatgame.table.texts import multiplier_text

    en = Translator("en")
    kontra = SimpleNamespace(kontra=1, multiplier=1)
    assert multiplier_text(kontra, 2, en) == "Kontra: × 2"  # type: ignore[arg-type]
    both = SimpleNamespace(kontra=2, multiplier=2)
    assert multiplier_text(both, 8, en) == "Kontra, Re, Bock: × 8"  # type: ignore[arg-type]
    pushed = SimpleNamespace(kontra=0, multiplier=1)
    assert multiplier_text(pushed, 4, Translator("de")) == "geschoben: × 4"  # type: ignore


def test_a_line_about_the_human_without_a_name_says_du_with_its_verb() -> None:
    """"Du hat die Liste gewonnen" was written at the end of a list the human won."""
    from skatgame.table.texts import about

    assert about(DE, "sheet.winner", "Du", total=194) == "Du hast die Liste mit 194 gewonnen"
    assert about(DE, "sheet.winner", "Anna", total=194) == \
        "Anna hat die Liste mit 194 gewonnen"
    assert about(EN, "sheet.winner", "You", total=12) == "You won the list with 12"
    assert about(DE, "value.ramsch_loser", "Du") == "Meiste Augen: du verlierst"
    assert about(DE, "value.durchmarsch", "Du") == "Durchmarsch: du hast alle Stiche"
    assert about(DE, "speech.last_trick", "Du", cards="x", points=3).startswith(
        "Letzter Stich: x. Du hast ihn gemacht")
    # every text such a line uses has its form about "you" in both languages
    for tr in (EN, DE):
        for key in ("sheet.winner", "value.ramsch_loser", "value.durchmarsch",
                    "speech.score", "speech.last_trick"):
            assert tr(f"{key}.you") != f"{key}.you"
