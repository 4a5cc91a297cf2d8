"""The bidding helper's words: the likely game and its value written out, both languages."""

from __future__ import annotations

from skatgame.ai.advice import BidAdvice, likely_game
from skatgame.engine.actions import Contract
from skatgame.engine.cards import SUIT_SYMBOLS, mask_of, parse_cards
from skatgame.engine.rules import GameKind
from skatgame.table.i18n import Translator
from skatgame.table.labels import Label, Sign
from skatgame.table.texts import bid_help_label, worth_label

EN = Translator("en").tr
DE = Translator("de").tr


def text(label: Label) -> str:
    if isinstance(label, str):
        return label
    return "".join(SUIT_SYMBOLS[p.suit] if isinstance(p, Sign) else p for p in label).strip()


def hand(cards: str) -> int:
    return mask_of(parse_cards(cards))


CLUBS_WITH_2 = hand("CJ SJ CA CT CK C9 C8 SA ST H7")


def test_a_suit_game_with_its_value_written_out() -> None:
    assert likely_game(CLUBS_WITH_2, 1).kind == GameKind.CLUBS
    clubs = Contract.make(GameKind.CLUBS)
    assert text(worth_label(clubs, CLUBS_WITH_2, "french", EN)) == \
        "♣ Clubs with 2: game 3 × 12 = 36"
    assert text(worth_label(clubs, CLUBS_WITH_2, "french", DE)) == \
        "♣ Kreuz mit 2: Spiel 3 × 12 = 36"
    assert text(worth_label(clubs, CLUBS_WITH_2, "german", DE)) == \
        "♣ Eichel mit 2: Spiel 3 × 12 = 36"


def test_without_hand_grand_and_null() -> None:
    without = hand("HJ DJ HA HT HK H9 H8 SA ST C7")
    assert text(worth_label(Contract.make(GameKind.HEARTS), without, "french", EN)) == \
        "♥ Hearts without 2: game 3 × 10 = 30"
    grand = hand("CJ SJ DJ CA CT SA ST HA HT D7")
    assert likely_game(grand, 0).kind == GameKind.GRAND
    assert text(worth_label(Contract.make(GameKind.GRAND), grand, "french", EN)) == \
        "Grand with 2: game 3 × 24 = 72"
    assert text(worth_label(Contract.make(GameKind.GRAND, hand=True), grand, "french", DE)) \
        == "Grand Hand mit 2: Spiel 3, Hand 4 × 24 = 96"
    null = hand("C7 C8 C9 S7 S8 H7 H8 H9 D7 D8")
    assert likely_game(null, 0).kind == GameKind.NULL
    assert text(worth_label(Contract.make(GameKind.NULL), null, "french", EN)) == \
        "Null: fixed value 23"
    assert text(worth_label(Contract.make(GameKind.NULL, hand=True), null, "french", DE)) == \
        "Null Hand: fester Wert 35"


def test_the_line_adds_the_chance_and_the_limit_when_the_expert_answers() -> None:
    clubs = Contract.make(GameKind.CLUBS)
    waiting = text(bid_help_label(clubs, CLUBS_WITH_2, "french", EN, waiting=True))
    assert waiting == "Working out what your hand is worth…"  # no game before the advice's
    done = text(bid_help_label(clubs, CLUBS_WITH_2, "french", DE,
                               advice=BidAdvice(clubs, 0.72, 36)))
    assert done == "♣ Kreuz mit 2: Spiel 3 × 12 = 36  ·  deine Chance als Alleinspieler " \
        "72\u00a0%  ·  reizen bis 36"
    nothing = text(bid_help_label(clubs, CLUBS_WITH_2, "french", EN,
                                  advice=BidAdvice(None, None, 0)))
    assert nothing.endswith("hand too weak to play: pass")


def test_a_limit_above_the_value_counts_on_the_skat() -> None:
    spades = Contract.make(GameKind.SPADES)
    cards = hand("SJ DJ SA ST SQ S9 CT HA DK DQ")
    line = text(bid_help_label(spades, cards, "french", EN, advice=BidAdvice(spades, 0.81, 48)))
    assert line == "♠ Spades without 1: game 2 × 11 = 22  ·  your chance as declarer 81%  ·  " \
        "worth bidding up to 48 if the skat helps"


def test_a_limit_that_waits_for_the_skat_says_so_even_at_the_hands_value() -> None:
    grand = Contract.make(GameKind.GRAND)
    cards = hand("SJ DJ SA ST SQ S9 CT DA DK DQ")
    sure = text(bid_help_label(grand, cards, "french", EN, advice=BidAdvice(grand, 0.71, 48)))
    assert sure == "Grand without 1: game 2 × 24 = 48  ·  your chance as declarer 71%  ·  " \
        "worth bidding up to 48"
    skat = text(bid_help_label(grand, cards, "french", DE,
                               advice=BidAdvice(grand, 0.71, 48, needs_skat=True)))
    assert skat.endswith("reizen bis 48, je nach Skat")
    assert text(bid_help_label(grand, cards, "french", EN,
                               advice=BidAdvice(grand, 0.71, 40, needs_skat=True))).endswith(
        "worth bidding up to 40, depending on the skat")


def test_the_helper_never_names_a_game_the_advice_then_contradicts() -> None:
    """J♣ J♠ A♣ K♣ 9♣ 10♥ Q♥ 8♥ Q♠ 8♦: counting the cards says Hearts, the Expert's
    advice a Grand at forehand (Clubs behind). The line shown while the advice is worked
    out named Hearts, then the same line said "Grand with 2 … up to 48": now the line
    names only the advice's game, and the hint for a bid names that game too."""
    from skatgame.ai.advice import bid_advice
    from skatgame.engine.actions import Bid
    from skatgame.engine.deal import Deal
    from skatgame.table.texts import bid_hint_text

    mine = parse_cards("CJ SJ CA CK C9 HT HQ H8 SQ D8")
    rest = [c for c in range(32) if c not in mine]
    names = {GameKind.GRAND: ("Grand", "Grand"), GameKind.CLUBS: ("Clubs", "Kreuz"),
             GameKind.HEARTS: ("Hearts", "Herz"), GameKind.SPADES: ("Spades", "Pik"),
             GameKind.DIAMONDS: ("Diamonds", "Karo"), GameKind.NULL: ("Null", "Null")}
    kinds = set()
    for seat in range(3):
        obs = Deal(rest[:10 * seat] + mine + rest[10 * seat:]).observation(seat)
        advice = bid_advice(obs)
        assert advice.contract is not None and advice.max_bid >= 18
        assert likely_game(obs.hand, seat).kind != advice.contract.kind  # counting differs
        kinds.add(advice.contract.kind)
        for tr, lang in ((EN, 0), (DE, 1)):
            first = text(bid_help_label(likely_game(obs.hand, seat), obs.hand, "french", tr,
                                        waiting=True))
            then = text(bid_help_label(advice.contract, obs.hand, "french", tr,
                                       advice=advice))
            hint = text(bid_hint_text(Bid(18), advice, obs.hand, "french", tr) or "")
            named = names[advice.contract.kind][lang]
            assert not any(n[lang] in first for n in names.values()), first
            assert named in then and named in hint, (then, hint)
            others = [n[lang] for k, n in names.items() if k != advice.contract.kind]
            assert not any(o in then or o in hint for o in others), (then, hint)
    assert GameKind.GRAND in kinds
