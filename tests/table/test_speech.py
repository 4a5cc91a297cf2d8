"""The spoken lines of a table, without a screen: cards in words, events, the player's
turn, in English and German."""

from __future__ import annotations

from skatgame.engine.cards import Rank
from skatgame.engine.events import BidMade, Passed, TrickWon
from skatgame.engine.seats import Seat
from skatgame.table.i18n import Translator
from skatgame.table.seatview import SeatTable
from skatgame.table.speech import Narrator, card_words

NAMES = {Seat(0): "You", Seat(1): "Anna", Seat(2): "Ben"}


def test_cards_in_words_in_both_languages_and_decks() -> None:
    en, de = Translator("en").tr, Translator("de").tr
    jack_of_clubs = 0 * 8 + Rank.JACK
    ten_of_hearts = 2 * 8 + Rank.TEN
    assert card_words(jack_of_clubs, "french", en) == "jack of clubs"
    assert card_words(ten_of_hearts, "french", de) == "Herz-Zehn"
    assert card_words(jack_of_clubs, "french", de) == "Kreuz-Bube"
    assert card_words(jack_of_clubs, "german", de) == "Eichel-Unter"


def test_what_others_and_the_player_did() -> None:
    narrator = Narrator(Translator("en").tr, NAMES.__getitem__, Seat(0))
    table = SeatTable(Seat(0))
    assert narrator.lines(BidMade(Seat(1), 20), table) == ["Anna bids 20."]
    assert narrator.lines(Passed(Seat(0)), table) == ["You pass."]
    won = TrickWon(Seat(2), Seat(1), (0, 1, 2), 14)
    assert narrator.lines(won, table) == ["Ben takes the trick, 14 points."]
    german = Narrator(Translator("de").tr, NAMES.__getitem__, Seat(0))
    assert german.lines(BidMade(Seat(1), 20), table) == ["Anna reizt 20."]
    assert narrator.trick(table) == "The trick is empty."
    assert narrator.last_trick(table) == "No trick has been taken yet."
