"""Hints in words: what, why (the reason code in the player's language) and the chance."""

from __future__ import annotations

from skatgame.ai.player import Suggestion
from skatgame.ai.reasons import HintReason
from skatgame.engine.actions import TAKE_SKAT, parse_action
from skatgame.engine.cards import SUIT_SYMBOLS
from skatgame.table.i18n import Translator, load_table
from skatgame.table.labels import Label, Sign
from skatgame.table.texts import WHY_KEYS, hint_text

EN = Translator("en").tr
DE = Translator("de").tr


def label_text(label: Label) -> str:
    if isinstance(label, str):
        return label
    return "".join(SUIT_SYMBOLS[p.suit] if isinstance(p, Sign) else p for p in label).strip()


def test_every_reason_has_words_in_both_languages() -> None:
    for lang in ("en", "de"):
        table = load_table(lang)
        for reason in HintReason:
            assert table.get(WHY_KEYS[reason]), (lang, reason)


def test_a_hint_says_what_and_why_with_the_chance() -> None:
    hint = Suggestion(parse_action("SA"), 0.72, "", None, HintReason.TAKE_TRICK)
    assert label_text(hint_text(hint, "french", False, EN)) == \
        "Play ♠A: it wins the trick (your side's chance 72%)"
    assert label_text(hint_text(hint, "french", False, DE)) == \
        "Spiele ♠A: damit gewinnst du den Stich (Chance deiner Seite 72\u00a0%)"
    take = Suggestion(TAKE_SKAT, 0.6, "", parse_action("C").contract, "pick_up")
    assert label_text(hint_text(take, "german", False, DE)) == (
        "Nimm den Skat auf für ♣ Eichel: der Skat kann dein Blatt verbessern "
        "(Chance deiner Seite 60\u00a0%)")
    forced = Suggestion(parse_action("S7"), None, "", None, "only_legal")
    assert label_text(hint_text(forced, "french", False, EN)) == \
        "Play ♠7: the rules allow nothing else"
    no = Suggestion(parse_action("p"), None, "", None, "no_game")
    assert label_text(hint_text(no, "french", False, DE)) == \
        "Passe: kein Spiel von dir ist den nächsten Reizwert wert"
    # the game's chance below the next bid is not said beside the pass
    spades = Suggestion(parse_action("p"), 0.96, "", parse_action("S").contract, "no_game")
    assert label_text(hint_text(spades, "french", False, EN)) == \
        "Pass: no game of yours is worth the next bid"
    kontra = Suggestion(parse_action("p"), 0.3, "", None, "no_double")
    assert label_text(hint_text(kontra, "french", False, EN, kontra=True)) == \
        "No: doubling the score is too risky here (your side's chance 30%)"


def test_a_discard_hint_names_the_suits_that_become_void() -> None:
    spades = parse_action("S").contract
    one = Suggestion(parse_action("d.CK.D9"), 0.45, "", spades, "discard_short_suit", (3,))
    assert label_text(hint_text(one, "french", False, EN)) == (
        "Put away ♣K and ♦9 for ♠ Spades: then you have no ♦ Diamonds left and can trump "
        "it (your side's chance 45%)")
    de = label_text(hint_text(one, "french", False, DE))
    assert "dann bist du ♦ Karo frei und kannst stechen" in de and "diese Farbe" not in de
    two = Suggestion(parse_action("d.HK.D9"), 0.5, "", spades, "discard_short_suit", (2, 3))
    assert "no ♥ Hearts and no ♦ Diamonds left" in label_text(hint_text(two, "french", False,
                                                                          EN))


def test_a_bid_hint_speaks_the_helpers_terms() -> None:
    from skatgame.ai.advice import BidAdvice
    from skatgame.engine.cards import parse_cards
    from skatgame.table.texts import bid_help_label, bid_hint_text

    hand = 0
    for c in parse_cards("CJ SJ HJ DJ CA CT SA ST HA HT"):
        hand |= 1 << c
    grand = parse_action("GH").contract
    advice = BidAdvice(grand, 0.96, 144)
    words = label_text(bid_hint_text(parse_action("18"), advice, hand, "french", EN))
    assert words == "Bid 18 for Grand Hand with 4: worth bidding up to 144, your chance as " \
        "declarer 96%"
    assert bid_hint_text(parse_action("p"), advice, hand, "french", EN) is None
    none = BidAdvice(None, None, 0)
    assert label_text(bid_hint_text(parse_action("p"), none, hand, "french", DE)) == \
        "Passe: Blatt zu schwach zum Spielen"
    # in the helper's own words: its line ends "hand too weak to play: pass"
    helper = label_text(bid_help_label(grand, hand, "french", EN, advice=none))
    assert helper.endswith("hand too weak to play: pass")
    assert label_text(bid_hint_text(parse_action("p"), none, hand, "french", EN)) == \
        "Pass: hand too weak to play"


def test_a_decided_game_is_not_called_the_best_chances() -> None:
    lost = Suggestion(parse_action("SA"), 0.0, "", None, HintReason.BEST_CHANCE)
    assert label_text(hint_text(lost, "french", False, EN)) == \
        "Play ♠A: your side can no longer win, whatever you play (your side's chance 0%)"
    won = Suggestion(parse_action("SA"), 1.0, "", None, HintReason.BEST_CHANCE)
    # late in the deal a search proves it for the card: the side wins if it plays on well
    assert "damit gewinnt deine Seite" in label_text(hint_text(won, "french", False, DE))
    open_ = Suggestion(parse_action("SA"), 0.4, "", None, HintReason.BEST_CHANCE)
    assert "best chances" in label_text(hint_text(open_, "french", False, EN))
