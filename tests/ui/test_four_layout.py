"""The table of four: the player across has his own row, the trick its own space.

Rectangles computed from the layout alone (no drawing): at several window
sizes nothing of the top row (plate, cards, won tricks) touches the info panel,
the side players' plates and hands or the trick, and the trick keeps a clear
gap below that row -- also when the human sits out and the trick moves down.
"""

from __future__ import annotations

import math

import pygame
import pytest

from skatgame.ui import theme
from skatgame.ui.fonts import font_px
from skatgame.ui.layout import BOTTOM, LEFT, MIN_SIZE, RIGHT, TOP, Layout, layout_for
from skatgame.ui.text import label_width, record_texts, render, wrap_even, wrap_label

pygame.display.init()
pygame.font.init()

SIZES = [(640, 480), (800, 600), (1024, 768), (1280, 720), (1366, 768), (1920, 1080),
         (2560, 1440)]

#: the most a trick card turns: its place's angle and a little disorder
TURN = 7.0 + 3.2


def _box(x: float, y: float, w: float, h: float, angle: float) -> pygame.Rect:
    a = math.radians(angle)
    bw = abs(w * math.cos(a)) + abs(h * math.sin(a))
    bh = abs(w * math.sin(a)) + abs(h * math.cos(a))
    return pygame.Rect(round(x - bw / 2), round(y - bh / 2), math.ceil(bw), math.ceil(bh))


def _trick(L: Layout, watching: bool) -> list[pygame.Rect]:
    out = []
    for pos in (LEFT, TOP, RIGHT) if watching else (LEFT, TOP, RIGHT, BOTTOM):
        x, y, a = L.trick_slot(pos)
        for turn in (-TURN, TURN):
            out.append(_box(x, y, L.table_w, L.table_h, a + turn - (a if abs(a) > 5 else 0)))
    for x, y, a in L.skat_slots():
        out.append(_box(x, y, L.table_w, L.table_h, a))
    return out


def _top_row(L: Layout) -> list[pygame.Rect]:
    out = [L.plate_rect(TOP)]
    for face_up in (False, True):
        out += [_box(x, y, L.top_w, L.card_height(L.top_w), a)
                for x, y, a in L.opponent_slots(TOP, 10, face_up)]
    x, y, a = L.pile_slot(TOP)
    out.append(_box(x, y, L.pile_w, L.pile_h, a))
    return out


def _side(L: Layout, pos: int, face_up: bool) -> list[pygame.Rect]:
    return [_box(x, y, L.small_w, L.small_h, a)
            for x, y, a in L.opponent_slots(pos, 10, face_up)]


def _clash(a: list[pygame.Rect], b: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(r, s) for r in a for s in b if r.colliderect(s)]


@pytest.mark.parametrize("watching", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_the_top_row_and_the_trick_keep_clear(size: tuple[int, int], watching: bool) -> None:
    L = layout_for(*size).seated(True, watching)
    row = _top_row(L)
    trick = _trick(L, watching)
    # the row is one centred group under the info panel
    group = L.top_row_rect()
    assert abs(group.centerx - L.width / 2) <= 1
    assert all(group.inflate(2, 2).contains(r) for r in row), size
    assert group.top >= L.info_rect().bottom
    others = [L.info_rect(), L.plate_rect(LEFT), L.plate_rect(RIGHT)]
    for pos in (LEFT, RIGHT):
        others += _side(L, pos, False) + _side(L, pos, True)  # also an open hand
    assert not _clash(row, others), size
    assert not _clash(row, trick), size
    # the trick has a clear gap below the row, and touches no side player's cards
    assert min(r.top for r in trick) >= group.bottom + L.gap, size
    sides = [L.plate_rect(LEFT), L.plate_rect(RIGHT), *_side(L, LEFT, False),
             *_side(L, RIGHT, False)]
    assert not _clash(trick, sides), size
    # the skat laid aside by the top declarer lies clear of the trick
    x, y, a = L.aside_slot(TOP)
    assert not _clash([_box(x, y, L.pile_w, L.pile_h, a)], trick), size
    # below: the hand (or the line "you sit out") and the tools stay clear of the trick
    bottom = [L.plate_rect(BOTTOM), *L.toolbar_rects(4)]
    if watching:
        bottom.append(pygame.Rect(0, round(L.hand_base_y - L.font_body * 0.75), L.width,
                                  L.font_body))
    else:
        bottom += [_box(x, y - L.raise_by, L.card_w, L.card_h, a)
                   for x, y, a in L.hand_slots(10)]
    assert not _clash(trick, bottom), size


@pytest.mark.parametrize("size", SIZES)
def test_the_trick_moves_down_when_the_human_watches(size: tuple[int, int]) -> None:
    base = layout_for(*size)
    playing, watching = base.seated(True), base.seated(True, True)
    assert base.seated(False, True).centre == base.centre  # three at the table: as ever
    assert watching.centre[1] > playing.centre[1] >= base.centre[1]
    # the top player's cards are a little taller than his plate: an open hand reads
    assert playing.card_height(playing.top_w) >= playing.plate_h


@pytest.mark.parametrize("size", SIZES)
def test_the_info_panel_has_room_for_its_three_lines(size: tuple[int, int]) -> None:
    L = layout_for(*size)
    # deal number at the top, the game in the middle, bid and points at the bottom
    small = render("Clara · bid 18 · Points 0 : 0", L.font_small, theme.TEXT).get_height()
    large = render("Hearts Hand", L.font_large, theme.TEXT, True).get_height()
    assert L.info_rect().height >= 2 * (0.6 * L.gap + small) + large, (size, L.info_rect())


@pytest.mark.parametrize("size", SIZES)
def test_a_top_player_sitting_out_has_his_plate_centred(size: tuple[int, int]) -> None:
    L = layout_for(*size).seated(True, top_out=True)
    assert abs(L.plate_rect(TOP).centerx - L.width / 2) <= 1
    assert L.plate_rect(TOP).top >= L.info_rect().bottom + L.gap


@pytest.mark.parametrize("top_out", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_the_ramsch_skat_at_four_leaves_the_top_row_alone(size: tuple[int, int],
                                                          top_out: bool) -> None:
    L = layout_for(*size).seated(True, top_out=top_out)
    x, y, a = L.aside_slot(None)
    skat = [_box(x, y, L.pile_w, L.pile_h, a)]
    row = [L.plate_rect(TOP)] if top_out else _top_row(L)
    assert not _clash(skat, row), size
    assert not _clash(skat, _trick(L, False)[:-2]), size  # (the skat is no longer there)
    assert not _clash(skat, [L.info_rect(), L.plate_rect(LEFT), *_side(L, LEFT, False)]), size


# ------------------------------------------------- messages and hints beside the trick

ROOM_SIZES = [MIN_SIZE, *SIZES]


def _furniture(L: Layout) -> list[pygame.Rect]:
    """Everything on a table of four that words on the table must leave in sight."""
    out = [L.info_rect(), *_top_row(L), *_trick(L, False), *L.toolbar_rects(4),
           L.action_bar(), L.helper_rect()]
    for pos in (LEFT, RIGHT, BOTTOM):
        out.append(L.plate_rect(pos))
    for pos in (LEFT, RIGHT):
        out += _side(L, pos, False) + _side(L, pos, True)
        x, y, a = L.pile_slot(pos)
        pile = _box(x, y, L.pile_w, L.pile_h, a)
        out.append(pile.inflate(0, L.font_caption))  # with its caption on the lower edge
        x, y, a = L.aside_slot(pos)
        out.append(_box(x + L.pile_w * 0.18, y + 2, L.pile_w, L.pile_h, a))
    out += [_box(x, y - L.raise_by, L.card_w, L.card_h, a) for x, y, a in L.hand_slots(10)]
    # the prompt over the helper's line, and the move timer's ring by the human's plate
    bar = L.action_bar()
    out.append(pygame.Rect(bar.x, L.words_top(), bar.width, L.helper_rect().top - L.words_top()))
    plate = L.plate_rect(BOTTOM)
    r = round(L.plate_h * 0.42)
    out.append(pygame.Rect(plate.right - 2 * r, plate.top - L.gap - 2 * r, 2 * r, 2 * r))
    return out


@pytest.mark.parametrize("size", ROOM_SIZES)
def test_the_rooms_beside_the_trick_touch_nothing(size: tuple[int, int]) -> None:
    L = layout_for(*size).seated(True)
    things = _furniture(L)
    for pos in (LEFT, RIGHT):
        room = L.side_room(pos)
        assert L.rect.contains(room), (size, room)
        assert not _clash([room], things), (size, pos, _clash([room], things))
        # room for two lines of a message at body size, and some words on each
        assert room.height >= 3 * L.font_body, (size, room)
        assert room.width >= 11 * L.font_body, (size, room)
    assert L.side_room(LEFT).right < L.trick_area().left < L.side_room(RIGHT).left


def test_toast_and_bubble_places_come_from_the_layout_alone() -> None:
    import inspect

    for method in (Layout.toast_pos, Layout.bubble_anchor):
        assert "four" not in inspect.signature(method).parameters
    three = layout_for(1280, 720)
    four = three.seated(True)
    assert four.toast_pos()[1] > four.top_row_rect().bottom > three.toast_pos()[1]
    assert four.bubble_anchor(LEFT)[0][1] > four.top_row_rect().bottom
    assert three.bubble_anchor(LEFT) != four.bubble_anchor(LEFT)


def _messages() -> list[str]:
    from skatgame.table.i18n import Translator

    out = []
    for language in ("en", "de"):
        tr = Translator(language)
        out += [tr("play.concede_too_late"), tr("table.no_last_trick_rule"),
                tr("skat.two_only"), tr("practice.taken_back"),
                tr("table.auction_won", player="Maximilian", bid=264)]
    return out


@pytest.mark.parametrize("size", ROOM_SIZES)
def test_a_message_at_four_stays_beside_the_trick(size: tuple[int, int]) -> None:
    from skatgame.ui import widgets

    L = layout_for(*size).seated(True)
    room = L.side_room(LEFT)
    sizes = (L.font_large, L.font_body, L.font_small)
    screen = pygame.Surface(size)
    things = _furniture(L)
    too_long = " ".join(["Kontra"] * 400)  # more than the room holds: cut short with "…"
    for words in [*_messages(), too_long]:
        toast = widgets.Toast()
        toast.show(words, 5.0)
        toast.update(1.0)
        panel = toast.panel_in(room, sizes)
        assert panel is not None and room.contains(panel), (size, words, panel, room)
        assert not _clash([panel], things), (size, words)
        log = record_texts(screen)
        try:
            toast.draw_in(screen, room, sizes)
        finally:
            record_texts(None)
        assert log is not None and log.items
        assert all(panel.contains(t.rect) for t in log.items), (size, words)
        assert {t.px for t in log.items} <= {font_px(s) for s in sizes}
        if words is too_long:
            assert log.items[-1].text.endswith("…")
        else:  # every word is shown
            shown = " ".join(t.text for t in log.items).split()
            assert shown == words.split(), (size, shown)


@pytest.mark.parametrize("four", [False, True])
@pytest.mark.parametrize("size", ROOM_SIZES)
def test_the_skat_in_the_middle_leaves_the_prompt_in_sight(size: tuple[int, int],
                                                           four: bool) -> None:
    """In the auction the skat lies in the middle; the prompt and the bidding helper's
    line over the bid buttons stay clear of it (at four the middle lies low)."""
    L = layout_for(*size).seated(four)
    skat = [_box(x, y, L.table_w, L.table_h, a) for x, y, a in L.skat_slots()]
    assert max(r.bottom for r in skat) <= L.words_top(), (size, skat, L.words_top())
    above = (L.top_row_rect() if four else L.info_rect()).bottom
    assert min(r.top for r in skat) >= above, size


def test_words_beside_the_trick_wrap_to_lines_of_even_length() -> None:
    text = "Play the queen: a low card keeps your ten or king guarded (win chance 5%)"
    width = label_width(text, 19, True) * 2 // 3  # two lines, the second short
    plain = wrap_label(text, 19, width, True)
    even = wrap_even(text, 19, width, True)
    assert len(plain) == len(even) == 2
    assert " ".join(even).split() == text.split()
    widths = [label_width(line, 19, True) for line in even]
    assert max(widths) <= width and min(widths) >= 0.7 * max(widths), widths
    assert label_width(plain[1], 19, True) < min(widths)


def test_a_suit_sign_standing_alone_stays_with_the_word_after_it() -> None:
    from skatgame.table.labels import Sign

    label = ("then you have no ", Sign(3), " Diamonds left and can trump it")
    for width in range(60, 400, 7):
        for line in wrap_label(label, 19, width, True):
            parts = list(line)
            if parts and isinstance(parts[-1], Sign):  # a line never ends in a sign
                raise AssertionError((width, line))
            assert not (parts[-2:] and isinstance(parts[-1], str) and parts[-1] == " "
                        and isinstance(parts[-2], Sign)), (width, line)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1366, 768), (1024, 768),
                                  (900, 1000), (800, 600)])
@pytest.mark.parametrize("words", ["Passe", "18", "Yes, 20", "Ja, 20", "Kontra",
                                   "♣ Kreuz Hand Schneider angesagt"])
def test_the_player_across_speaks_clear_of_the_other_players_cards(
        size: tuple[int, int], words: str) -> None:
    """His bubble once covered the left player's cards."""
    from skatgame.ui import widgets

    L = layout_for(*size).seated(True)
    screen = pygame.Surface(size)
    width = widgets.bubble(words, L.font_body, "down")[0].get_width()
    anchor, side = L.bubble_anchor(TOP, width)
    body = widgets.draw_bubble(screen, words, L.font_body, side, anchor)
    assert screen.get_rect().contains(body)
    for pos in (LEFT, RIGHT):
        slots = L.opponent_slots(pos, 10)
        cards = pygame.Rect(round(slots[0][0] - L.small_w / 2), round(slots[0][1] - L.small_h / 2),
                            round(slots[-1][0] - slots[0][0] + L.small_w), L.small_h)
        assert not body.colliderect(cards), (pos, body, cards)
        assert not body.colliderect(L.plate_rect(pos))
    assert not body.colliderect(L.info_rect()) and not body.colliderect(L.plate_rect(TOP))
    if len(words) < 10:  # a call of the auction: clear of the skat lying in the middle too
        for x, y, _a in L.skat_slots(2):
            skat = pygame.Rect(0, 0, round(L.table_w * 1.05), round(L.table_h * 1.05))
            skat.center = (round(x), round(y))
            assert not body.colliderect(skat)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1366, 768), (1024, 768),
                                  (900, 1000), (800, 600)])
@pytest.mark.parametrize("words", ["♠ Spades", "♦ Karo", "Kontra", "♣ Kreuz Hand Schneider"])
def test_the_player_across_speaks_clear_of_his_won_tricks(size: tuple[int, int],
                                                            words: str) -> None:
    """His declaration's bubble, still up after the first trick, once covered his pile."""
    from skatgame.ui import widgets

    L = layout_for(*size).seated(True)
    screen = pygame.Surface(size)
    width = widgets.bubble(words, L.font_body, "down")[0].get_width()
    anchor, side = L.bubble_anchor(TOP, width)
    body = widgets.draw_bubble(screen, words, L.font_body, side, anchor)
    x, y, _a = L.pile_slot(TOP)
    pile = pygame.Rect(0, 0, L.pile_h, L.pile_w + L.font_caption)  # the cards and "Tricks: n"
    pile.center = (round(x), round(y))
    assert screen.get_rect().contains(body)
    assert not body.colliderect(pile), (body, pile)
    assert not body.colliderect(L.info_rect()) and not body.colliderect(L.plate_rect(TOP))


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1366, 768), (1024, 768)])
def test_the_player_across_keeps_his_tricks_and_his_words_by_his_plate(
        size: tuple[int, int], scale: float) -> None:
    """His won tricks and his "Passe" once stood at the right end of his row, towards the
    right player: both go by his own plate (the tricks beside it, the bubble under it)."""
    from skatgame.ui import widgets

    L = layout_for(*size, scale).seated(True)
    plate = L.plate_rect(TOP)
    x, y, _a = L.pile_slot(TOP)
    pile = pygame.Rect(0, 0, L.pile_h, L.pile_w)
    pile.center = (round(x), round(y))
    assert pile.inflate(2 * L.gap + 4, 2 * L.gap + 4).colliderect(plate), (pile, plate)
    if L.big_four:  # under his plate in his block beside the info panel
        assert plate.left <= pile.left and pile.right <= plate.right + 1 and \
            pile.top >= plate.bottom, (pile, plate)
    else:  # beside his plate, on the side away from the right player
        assert pile.right <= plate.left, (pile, plate)
    for words in ("Passe", "18", "Ja, 20", "Kontra"):
        width = widgets.bubble(words, L.font_body, "down")[0].get_width()
        (ax, ay), side = L.bubble_anchor(TOP, width)
        assert side == "down" and plate.left <= ax <= plate.right, (words, ax, plate)
        assert ay >= L.top_row_rect().bottom
