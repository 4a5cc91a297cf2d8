"""The gallery: every scene of the game photographed, with a report of its text.

`python -m skatgame screenshots DIR --gallery` walks through the game at
1280x720 and 1920x1080, in English and German: the menu, a new list, the
settings pages, the auction, picking up the skat, discarding (with a hint
for a game other than the one named at the skat), the declare
dialog with each of its tabs, play (in each deck), Kontra, the last trick,
a hint, a message while both opponents speak, help, pause, a confirmation,
the score sheet, the results, the review of a deal (at a card that lost points
only with all cards open, and of a null game),
statistics and finished lists, the declarer thinking, the bidding helper (and its
next page of values),
Learn Skat (the lessons, a lesson's step and a wrong move explained), the house
rules with the Ramsch variants and a Ramsch scored under them, four at the table
(the player dealing and watching, the auction with the three others speaking at
once, then playing while the move timer runs down and
out, a hint beside the trick, results and score sheet at four, the New list set for
four with a name being typed and a letter the font has not refused), a Bierlachs settled
in money (New list, its last results, its final sheet), Play together (tables found on
the network, a join refused for a wrong password, the host's lobby, a deal at a network
table as a friend sees it: see :mod:`skatgame.commands.gallery_together`), and a window
too small for the table. Each shot is a PNG named ``SCENE-WxH-LANGUAGE.png``; every text
drawn in its frame is noted (see :func:`skatgame.ui.text.record_texts`), and ``text-report.json``
lists per shot ``min_text_px``, the smallest pixel size handed to the font
loader, ``min_em_px``, the size its glyphs were drawn at (pygame draws its
bundled font at 0.6875 of the size asked for), ``overlaps``, the number of
text boxes that overlap another (``file`` is empty for a shot not saved), and
``cut``, the texts shortened with "…" to fit.
``off_scale`` lists texts drawn at a size that is no role of the layout's type
scale (text shrunk to fit would show there). ``min_contrast`` is the lowest WCAG
contrast of a text to the colour that lies behind its box (the most common colour of
the pixels there before the text was drawn), and ``low_contrast`` the texts under the
floor: 4.5:1 (AA), and 7:1 (AAA) in the high-contrast theme (``--high-contrast``, file
names ending in ``-hc``). The floors: 13 px at 1280x720,
16 px at 1920x1080, held by the drawn size (so by the loader's size too).
Under an overlay the scene below is a frozen, veiled picture: its texts are
not counted again.

The human's decisions are applied through the scenes (as a click would); the
computer players think in this process, so a seed gives the same pictures.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skatgame.commands.gallery_steps import GalleryError, _play_one, _table, _top
from skatgame.engine.cards import DeckStyle, cards_of
from skatgame.engine.deal import Deal, Phase
from skatgame.engine.shuffle import DEALING_SHA256
from skatgame.table.session import PlayerIndex
from skatgame.ui.scenes.overlays import HelpOverlay
from skatgame.ui.scenes.play import PlayScene
from skatgame.ui.scenes.results import ResultsScene
from skatgame.ui.scenes.skat import SkatScene
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    STEP,
    human_turn,
    others_declare,
    steps,
    win_auction,
)

if TYPE_CHECKING:
    from skatgame.table.session import Session
    from skatgame.ui.app import App
    from skatgame.ui.scenes.review import ReviewScene

SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1920, 1080))
LANGUAGES = ("en", "de")
TOO_SMALL = (440, 330)
STYLES = (DeckStyle.FRENCH, DeckStyle.GERMAN, DeckStyle.TOURNAMENT)
DT = 1 / 30
ROLES = ("caption", "small", "body", "heading", "title", "display")
#: The font-size floors per window size, in pixels (of the glyphs drawn, and so of the
#: size handed to the font loader, which is larger).
FLOORS = {(1280, 720): 13, (1920, 1080): 16}
#: The WCAG contrast every text keeps to what lies behind it: AA in the normal theme,
#: AAA in high contrast.
CONTRAST_FLOOR = 4.5
CONTRAST_FLOOR_HIGH = 7.0


#: the screens of a help page shot (a page longer than the panel at large text)
HELP_SCREENS = 6


def floor_for(size: tuple[int, int]) -> int:
    """The smallest font pixel size allowed in a window of ``size``."""
    return 16 if size[0] >= 1920 and size[1] >= 1080 else 13


@dataclass
class Shot:
    """One picture and what its frame drew."""

    name: str
    file: str
    size: tuple[int, int]
    language: str
    min_text_px: int | None  # the smallest pixel size handed to the font loader
    min_em_px: int | None  # the smallest size glyphs were drawn at (0.6875 of that)
    overlaps: int
    overlapping: list[str] = field(default_factory=list)
    off_scale: list[str] = field(default_factory=list)  # texts at a size of no role
    cut: list[str] = field(default_factory=list)  # texts shortened with "…" to fit
    #: the lowest WCAG contrast of a text to what lies behind it
    min_contrast: float | None = None
    #: the texts below the contrast floor, with their contrast ("Pass (3.9:1)")
    low_contrast: list[str] = field(default_factory=list)
    high_contrast: bool = False  # taken in the high-contrast theme
    text_size: int = 100  # the size of text and cards in percent
    #: cards of an opponent's open hand that the results panel covers (none may be)
    under_panel: list[str] = field(default_factory=list)
    #: buttons whose key hint was left out for want of room ("Score sheet (Tab)")
    keys_left_out: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "file": self.file, "size": list(self.size),
                "language": self.language, "min_text_px": self.min_text_px,
                "min_em_px": self.min_em_px, "overlaps": self.overlaps,
                "overlapping": self.overlapping, "off_scale": self.off_scale,
                "cut": self.cut,
                "min_contrast": None if self.min_contrast is None
                else round(self.min_contrast, 2),
                "low_contrast": self.low_contrast, "high_contrast": self.high_contrast,
                "text_size": self.text_size, "under_panel": self.under_panel,
                "keys_left_out": self.keys_left_out}


class Camera:
    """Takes the pictures of one app: a frame drawn with its texts noted, then saved."""

    def __init__(self, app: App, folder: Path | None, language: str,
                 only: set[str] | None = None, high_contrast: bool = False,
                 text_size: int = 100) -> None:
        self.app = app
        self.text_size = text_size
        self.folder = folder
        self.only = only
        self.language = language
        self.shots: list[Shot] = []
        self.high_contrast = high_contrast
        self.contrast_floor = CONTRAST_FLOOR_HIGH if high_contrast else CONTRAST_FLOOR

    def take(self, name: str, dt: float = DT) -> Shot:
        """Draw a frame ``dt`` later (0: the same moment again), note its text, save it."""
        import pygame

        from skatgame.ui.fonts import font_px
        from skatgame.ui.text import record_texts

        app = self.app
        log = record_texts(app.screen)
        try:
            app.step(dt)
        finally:
            record_texts(None)
        assert log is not None
        size = app.screen.get_size()
        theme = "-hc" if self.high_contrast else ""
        if self.text_size != 100:
            theme += f"-{self.text_size}"
        file = f"{name}-{size[0]}x{size[1]}-{self.language}{theme}.png"
        if self.folder is not None and (self.only is None or name in self.only):
            pygame.image.save(app.screen, str(self.folder / file))
        else:
            file = ""
        over = log.overlapping()
        L = app.layout
        scale = {font_px(L.font(role)) for role in ROLES}
        off = sorted({f"{t.text} ({t.px} px)" for t in log.items if t.px not in scale})
        low = sorted({f"{t.text} ({t.contrast:.2f}:1)"
                      for t in log.low_contrast(self.contrast_floor) if t.contrast})
        # a text cut by the window's edge is as cut as one shortened with "…"
        cut = set(log.cut) | {f"{t.text} (past the window's edge)" for t in log.off_target()}
        shot = Shot(name, file, size, self.language, log.min_px(), log.min_em_px(), len(over),
                    sorted({t.text for t in over}), off, sorted(cut),
                    log.min_contrast(), low, self.high_contrast, self.text_size,
                    cards_under_panel(app), sorted(set(log.keys_left_out)))
        self.shots.append(shot)
        return shot


def cards_under_panel(app: App) -> list[str]:
    """The cards of the opponents' open hands (shown after a claim, a concession or an
    ouvert game) that the results panel covers, by their ISS names."""
    import pygame

    from skatgame.engine.cards import iss_name
    from skatgame.ui.layout import BOTTOM

    top = app.top
    if not isinstance(top, ResultsScene):
        return []
    board = top.board
    panel = top.panel_rect()
    shown = board.shown
    out = []
    for seat in shown.open_seats:
        if board.pos_of(seat) == BOTTOM:
            continue
        for t in shown.hands[seat]:
            s = board.sprites[t]
            card = shown.faces[t]
            box = pygame.Rect(0, 0, round(s.w), app.layout.card_height(s.w))
            box.center = (round(s.x), round(s.y))
            if card is not None and box.colliderect(panel):
                out.append(iss_name(card))
    return out


def _steps(app: App, n: int) -> None:
    steps(app, n, DT)


def _until(app: App, done: Callable[[], bool], what: str, limit: int = 6000,
           dt: float = DT) -> None:
    for _ in range(limit):
        if done():
            return
        if not app.running or app.errors:
            break
        app.step(dt)
    if app.errors:
        raise GalleryError(f"the game failed before {what}: {app.errors[0]}")
    raise GalleryError(f"the table never showed {what}")


def _open(app: App, seed: int, options: Any = None,
          before: Callable[[Session], None] | None = None, deal_limit: int | None = None,
          dealing: int | None = None) -> Session:
    """A list from ``seed`` (``dealing``: see new_session; 2 shows the seal)."""
    from skatgame.engine.options import RuleOptions
    from skatgame.table.session import new_session

    session = new_session(app.tr("table.you"), deals=3, options=options or RuleOptions(),
                          list_kind="seeger-fabian", levels=("beginner", "beginner"),
                          names=("Anna", "Ben"), seed=seed, deal_limit=deal_limit,
                          dealing=dealing)
    if before is not None:
        before(session)
    app.nav.open_list(session, resume=before is not None)
    app.step(DT)
    return session


def _drive(app: App, done: Callable[[], bool], what: str) -> None:
    """Step the table until ``done``: results go on to the next deal, the human passes
    and plays his first legal card."""
    from skatgame.engine.actions import PASS

    for _ in range(24000):
        if done():
            return
        if not app.running or app.errors:
            break
        top = app.top
        if isinstance(top, ResultsScene) and not top.board.busy:
            top.next()
        elif human_turn(app, (Phase.AUCTION,)):
            _table(app).apply(PASS)
        else:
            _play_one(app)
        app.step(STEP)  # one move per frame: a trick half full is seen even when instant
    raise GalleryError(f"the table never showed {what}")


def _new_list(app: App, seed: int, players: int, move_timer: int = 0) -> Session:
    from skatgame.engine.options import RuleOptions
    from skatgame.table.session import new_session

    names = ("Anna", "Ben", "Clara")[:players - 1]
    return new_session(app.tr("table.you"), deals=36 if players == 4 else 3,
                       options=RuleOptions(), list_kind="seeger-fabian",
                       levels=("beginner",) * (players - 1), names=names, seed=seed,
                       move_timer=move_timer)


def _four_shots(cam: Camera, seed: int) -> None:
    """Four at the table: the human deals and watches (the player across once with his
    hand open); then he plays while another deals (a "deals" badge, no cards), with the
    move timer running out."""
    app = cam.app
    session = _new_list(app, seed, 4, move_timer=15)
    app.nav.open_list(session)

    def sitting_out_trick() -> bool:
        top = app.top
        return isinstance(top, TableScene) and session.human_sits_out and \
            top.table.phase is Phase.PLAY and len(top.table.trick) == 2 and \
            not top.board.busy

    _drive(app, sitting_out_trick, "a trick while the human sits out")
    cam.take("four-sitting-out")
    # the player across with his hand open (as an ouvert declarer's, or at the end)
    board = _table(app).board
    across = session.seat_of(PlayerIndex(2))
    shown = board.shown
    faces = list(shown.faces)
    for card, t in zip(cards_of(session.deal.hands[across]), shown.hands[across],
                       strict=True):
        shown.faces[t] = card  # a picture of an open hand: the cards as they lie
    shown.open_seats.add(across)
    _steps(app, 2)
    cam.take("four-top-open")
    shown.open_seats.discard(across)
    shown.faces[:] = faces
    _steps(app, 1)

    def human_bids_with_the_one_across() -> bool:
        return human_turn(app, (Phase.AUCTION,)) and session.sitting_out not in (
            None, 0, 2) and not _table(app).board.busy

    _drive(app, human_bids_with_the_one_across, "the human's bid at four")
    _four_auction(cam, session)
    _drive(app, lambda: human_turn(app, (Phase.PLAY,)) and session.sitting_out != 0,
           "the human's card at four")
    _steps(app, 2)
    cam.take("four-play")
    _steps(app, round(11.5 / DT))
    cam.take("timer")
    _until(app, lambda: not human_turn(app, (Phase.PLAY,)), "the timer running out", 6000)
    _steps(app, 3)
    cam.take("timer-up")
    _until(app, lambda: human_turn(app, (Phase.PLAY,)), "the human's next card at four", 6000)
    table = _table(app)
    table.ask_hint()
    _until(app, lambda: table.hint is not None, "a hint at four", 600)
    _steps(app, 2)
    cam.take("four-hint")  # beside the trick, at the right
    table.hint = None
    table.board.highlight = None

    def playing_on() -> bool:
        top = app.top
        _play_one(app)
        return isinstance(top, ResultsScene) and not top.board.busy

    _until(app, playing_on, "the results at four", 6000)
    _steps(app, 3)
    cam.take("four-results")
    app.nav.push("sheet", session=session)
    _steps(app, 2)
    cam.take("four-sheet")
    app.nav.pop()


def _bierlachs_shots(cam: Camera, seed: int) -> None:
    """A Bierlachs to 101 settled at 1 ct a point: the results of its last deal (who pays
    the round, who pays whom) and the final score sheet."""
    from skatgame.engine.options import RuleOptions
    from skatgame.table.session import new_session

    app = cam.app
    session = new_session(app.tr("table.you"), deals=3, options=RuleOptions(),
                          list_kind="seeger-fabian", levels=("beginner", "beginner"),
                          names=("Anna", "Ben"), seed=seed, bierlachs=101, rate="1")
    app.nav.open_list(session)

    def over() -> bool:
        top = app.top
        return isinstance(top, ResultsScene) and session.finished and not top.board.busy

    _drive(app, over, "the end of a Bierlachs")
    _steps(app, 3)
    cam.take("results-bierlachs")
    _top(app, ResultsScene).next()
    _steps(app, 2)
    cam.take("sheet-bierlachs")
    app.nav.reset("menu")


def _four_auction(cam: Camera, session: Session) -> None:
    """The auction at four with all three others speaking at once: the one across speaks
    from beside his cards, clear of the side players' cards and words."""
    from skatgame.table.seatview import Speech, SpeechKind

    board = _table(cam.app).board
    saved = dict(board.bubbles)
    words = (Speech(SpeechKind.PASS), Speech(SpeechKind.BID, 18), Speech(SpeechKind.HOLD, 18))
    for player, speech in zip((1, 2, 3), words, strict=True):
        if player != session.sitting_out:
            board.bubbles[session.seat_of(PlayerIndex(player))] = (speech, None)
    _steps(cam.app, 2)
    cam.take("four-auction")
    board.bubbles.clear()
    board.bubbles.update(saved)


def _menu_shots(cam: Camera) -> None:
    import pygame

    from skatgame.ui.scenes.menu import NewListScene
    from skatgame.ui.scenes.settings import PAGES

    app = cam.app
    app.nav.reset("menu")
    _steps(app, 3)
    cam.take("menu")
    app.nav.push("new_list")
    _steps(app, 2)
    cam.take("new-list")
    app.nav.pop()
    form = NewListScene(app.services)  # four players, the move timer, a name being typed
    form.asked_deals = 3  # chosen for three: four deal it in whole rounds, and it says so
    form.players.select_value(4)
    form.timer.select_value(15)
    form._seats()
    app.stack.push(form)
    _steps(app, 1)
    field = form.name_fields["top"]
    field.begin()
    field.text = "Łukasz Müller"
    _steps(app, 2)
    cam.take("new-list-four")
    # a letter the font has not: left out, and the form says why
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="李"))
    _steps(app, 2)
    cam.take("new-list-refused")
    field.end()
    app.nav.pop()
    form = NewListScene(app.services)  # a Bierlachs to 301, settled at 1 ct a point
    form.mode.select_value(301)
    form.rate.select_value("1")
    form._mode()
    app.stack.push(form)
    _steps(app, 2)
    cam.take("new-list-bierlachs")
    app.nav.pop()
    for page in PAGES:
        app.nav.push("settings", page=page)
        _steps(app, 2)
        cam.take(f"settings-{page}")
        app.nav.pop()


def _declaring_shots(cam: Camera, seed: int) -> Session:
    """Skat pick-up, the declare dialog's tabs (a hand game), discarding, declaring."""
    from skatgame.ai.player import Suggestion
    from skatgame.ai.reasons import HintReason
    from skatgame.engine.actions import Contract, Declare, Discard
    from skatgame.engine.rules import GameKind
    from skatgame.table.texts import contract_label
    from skatgame.ui.scenes.declare import KINDS, DeclareDialog
    from skatgame.ui.text import label_width

    app = cam.app
    session = _open(app, seed, before=win_auction, deal_limit=1)
    _until(app, lambda: human_turn(app, (Phase.SKAT,)), "the skat pick-up")
    _steps(app, 2)
    cam.take("skat-pickup")
    scene = _top(app, SkatScene)
    scene.open_dialog(hand=True)
    _steps(app, 2)
    dialog = _top(app, DeclareDialog)
    for i, ann in enumerate(dialog.announcements):
        dialog.ann = i
        offered = [r for r, kind in enumerate(KINDS) if (ann, int(kind)) in dialog.offers]
        dialog.row = offered[0] if offered else 0
        dialog.relayout()
        _steps(app, 1)
        cam.take(f"declare-{ann}")
    app.nav.pop()
    scene.dialog_closed()
    _steps(app, 1)
    scene.take()
    _until(app, lambda: human_turn(app, (Phase.DISCARD,)), "discarding")
    hand = [c for c in scene.board.human_hand() if c & 7 != 7]
    scene.toggle(hand[-1])
    _steps(app, 10)
    cam.take("discard")
    # the longest hint at the discard: a game other than the one named at the skat
    put = Discard.of(hand[-1], hand[-2])
    scene.hint = Suggestion(put, 0.74, "", Contract.make(GameKind.GRAND),
                            HintReason.DISCARD_LOW, (), Contract.make(GameKind.CLUBS), 0.55)
    _steps(app, 6)
    cam.take("hint-skat-changed")
    scene.hint = None
    scene.toggle(hand[-2])
    scene.put_away()
    _until(app, lambda: app.top is not scene or human_turn(app, (Phase.DECLARE,)),
           "the declare dialog")
    if app.top is scene:
        scene.open_dialog(hand=False)
    _steps(app, 2)
    dialog = _top(app, DeclareDialog)
    # the Expert's game tagged "hint" (the longest name's row: the tag's room is the
    # names' column's), as after the hint key
    tagged = max((o.contract for (ann, _k), o in dialog.offers.items() if ann == "none"),
                 key=lambda c: label_width(contract_label(
                     c, app.settings.deck_style, app.tr, modifiers=False), 20, True))
    dialog._suggest(tagged, move=False)
    _steps(app, 1)
    cam.take("declare-after-pickup")
    if "ouvert" in dialog.announcements:  # a suit ouvert: hand games only
        dialog.ann, dialog.row = dialog.announcements.index("ouvert"), 0
        _steps(app, 2)
        cam.take("declare-after-pickup-ouvert")
        dialog.ann = 0
    legal = session.deal.legal_actions()
    grand = next((a for a in legal if isinstance(a, Declare)
                  and a.contract.kind == GameKind.GRAND and not a.contract.ouvert), None)
    action = grand or next(a for a in legal if isinstance(a, Declare))
    app.nav.pop()
    scene.apply(action)
    return session


def _play_shots(cam: Camera, session: Session) -> None:
    """Play with two cards in the trick, other decks, hint, last trick, overlays, results."""
    from dataclasses import replace

    app = cam.app
    deal = session.deal

    def ready() -> bool:
        if human_turn(app, (Phase.PLAY,)):
            if len(deal.tricks) >= 3 and len(deal.trick) == 2:
                return True
            _play_one(app)
        return False

    _until(app, ready, "a trick to follow")
    _steps(app, 3)
    table = _table(app)
    first = app.settings.deck_style
    for style in (first, *(s for s in STYLES if s != first)):
        app.set_settings(replace(app.settings, deck_style=style))
        _steps(app, 2)
        cam.take("play" if style == first else f"play-{style}")
    app.set_settings(replace(app.settings, deck_style=first))
    _steps(app, 1)
    table.ask_hint()
    board = table.board
    _until(app, lambda: table.hint is not None and board.highlight is not None, "a hint", 600)
    _steps(app, 6)  # the hint box has faded in
    cam.take("hint")
    # the same hint had the card play's first hint said another chance: why it moved
    hint = table.hint
    if hint is not None and hint.win_probability is not None:
        now = round(100 * hint.win_probability)
        board.hint_chance = (session.deal_number, 0, 1, now + 50 if now < 50 else now - 50)
        table.hint_was = table._chance_moved(hint)
        _steps(app, 2)
        cam.take("hint-moved")
        table.hint_was = None
    table.hint = None
    board.highlight = None
    table.open_last_trick()
    _steps(app, 2)
    cam.take("last-trick")
    app.nav.pop()
    table.open_log()
    _steps(app, 2)
    cam.take("log")
    app.nav.pop()
    for name, route, params in (("pause", "pause", {}), ("help", "help", {}),
                                ("help-rules", "help", {"page": 1}),
                                ("help-dealing", "help", {"page": 3}),
                                ("score-sheet", "sheet", {"session": session})):
        app.nav.push(route, **params)
        _steps(app, 2)
        cam.take(name)
        help_ = app.top
        if isinstance(help_, HelpOverlay) and len(help_.screens()) > 1:
            # a long page's further screens (large text), as many shots in each language
            # (the last screen again where a page has fewer)
            for i in range(1, HELP_SCREENS):
                help_.scroll(1)
                _steps(app, 2)
                cam.take(f"{name}-{i + 1}")
            assert len(help_.screens()) <= HELP_SCREENS, f"{name}: more screens than shot"
        app.nav.pop()
    _steps(app, 1)

    def scored() -> bool:
        _play_one(app)
        return app.top is not None and app.top.name == "results" and not board.busy

    _until(app, scored, "the results")
    _steps(app, 20)
    cam.take("results")
    app.top.show_cards()
    _steps(app, 2)
    cam.take("dealt-cards")
    app.nav.pop()
    _steps(app, 1)
    _review_shots(cam, session)


def _null_deal(seed: int) -> Any:
    """A finished null game played by the Advanced level (the auction kept under 23),
    preferably one where a card turned it (with all cards open)."""
    from skatgame.ai.player import create_player
    from skatgame.ai.review import review_deal
    from skatgame.engine.actions import Contract, Declare

    first = None
    for i in range(50):
        deal = Deal.from_seed(f"gallery-null:{seed}:{i}")
        players = [create_player("advanced", f"{seed}:{i}:{s}") for s in range(3)]
        while deal.to_move is not None:
            obs = deal.observation(deal.to_move)
            if deal.phase is Phase.DECLARE:
                if deal.bid > 23:
                    break
                deal.apply(Declare(Contract.parse("N")))
            else:
                deal.apply(players[deal.to_move].act(obs))
        if deal.result is not None and not deal.result.passed and deal.contract is not None \
                and deal.contract.letters == "N":
            if review_deal(deal, fair=False).turning_point is not None:
                return deal
            first = first or deal
    if first is None:
        raise GalleryError("no null game to review")
    return first


def _lost_kontra_deal() -> Any:
    """A finished suit game of the Advanced level in which Forehand (the human) said
    Kontra against the declarer, who won: the review lists the Kontra and what it cost."""
    from skatgame.ai.player import create_player
    from skatgame.engine.actions import KONTRA, PASS
    from skatgame.engine.options import RuleOptions

    for i in range(60):
        deal = Deal.from_seed(f"gallery-kontra:{i}", RuleOptions(kontra=True,
                                                                 kontra_needs_bid=False))
        players = [create_player("advanced", f"kontra:{i}:{s}") for s in range(3)]
        while deal.to_move is not None:
            seat = deal.to_move
            if deal.phase is Phase.KONTRA:
                deal.apply(KONTRA if seat == 0 else PASS)
            elif deal.phase is Phase.RE:
                deal.apply(PASS)
            else:
                deal.apply(players[seat].act(deal.observation(seat)))
        if deal.result is not None and deal.result.won and deal.kontra and deal.declarer:
            return deal
    raise GalleryError("no lost Kontra to review")


def _kontra_review_shots(cam: Camera, session: Session) -> None:
    """The review of a deal with a lost Kontra of the human's: listed as a key decision."""
    from skatgame.table.review import source_of_deal
    from skatgame.ui.scenes.review import ReviewScene

    app = cam.app
    app.nav.push("review", source=source_of_deal(_lost_kontra_deal(), (0, 1, 2),
                                                 session.names, session.levels,
                                                 "gallery", 3))
    scene = app.top
    if not isinstance(scene, ReviewScene):
        raise GalleryError("the Kontra deal could not be reviewed")
    _until(app, lambda: scene.model.fair_done and scene.model.review is not None,
           "the Kontra deal's analysis", 3000)
    scene.go(0)
    _steps(app, 2)
    cam.take("review-kontra")
    if scene.paged:
        scene.switch_page()
        scene.switch_page()
        _steps(app, 2)
        cam.take("review-kontra-keys")
    scene.close()
    _steps(app, 1)


def _review_shots(cam: Camera, session: Session) -> None:
    """The review of the deal just played (at a key decision), and of a null game."""
    from skatgame.table.review import source_of_deal
    from skatgame.ui.scenes.review import ReviewScene

    app = cam.app
    results = app.top
    button = results.button("review") if results is not None else None
    if button is None:  # the deal was passed in: nothing to review
        return
    button.click()
    review = _top(app, ReviewScene)
    _until(app, lambda: review.model.fair_done and review.model.review is not None,
           "the review's analysis", 3000)
    keys = review.model.key_decisions()
    review.go(keys[0].index if keys else review.model.count // 2)
    _steps(app, 2)
    cam.take("review")
    _estimating_shot(cam, review)
    if review.paged:  # large text: the views and the key decisions are pages of their own
        review.switch_page()
        _steps(app, 2)
        cam.take("review-views")
        review.switch_page()
        _steps(app, 2)
        cam.take("review-keys")
        review.switch_page()
    # a card that lost points with all cards open though it was no mistake by what its
    # player knew (said as what the hidden cards allowed), where the deal has one
    model = review.model
    for i in model.decisions():
        model.go(i)
        if model.no_blame():
            review.go(i)
            _steps(app, 2)
            cam.take("review-no-blame")
            break
    review.close()
    null = _null_deal(3)
    app.nav.push("review", source=source_of_deal(null, (0, 1, 2), session.names,
                                                 session.levels, "gallery", 2))
    scene = app.top
    if not isinstance(scene, ReviewScene):
        raise GalleryError("the null game could not be reviewed")
    _until(app, lambda: scene.model.fair_done and scene.model.review is not None,
           "the null game's analysis", 3000)
    turn = scene.model.turning_point()
    scene.go(turn if turn is not None else 0)
    _steps(app, 2)
    cam.take("review-null")
    scene.close()
    _steps(app, 1)
    _kontra_review_shots(cam, session)


def _estimating_shot(cam: Camera, review: ReviewScene) -> None:
    """The same review as it looks while the fair view is still estimating (the open
    view in, no card's estimate yet): the key decisions in the same words, marked."""
    done = review.model
    review.model = done.as_estimating()
    _steps(cam.app, 2)
    cam.take("review-estimating")
    review.model = done
    _steps(cam.app, 1)


def _kontra_shot(cam: Camera, seed: int) -> None:
    """The Kontra question; then the declarer thinking (dots by his badge)."""
    from skatgame.engine.actions import PASS
    from skatgame.engine.options import RuleOptions

    app = cam.app
    session = _open(app, seed, options=RuleOptions(kontra=True), before=others_declare)
    _until(app, lambda: human_turn(app, (Phase.KONTRA,)), "the Kontra question")
    _steps(app, 2)
    cam.take("kontra")
    table = _table(app)
    table.apply(PASS)
    board = table.board

    def declarer_thinks() -> bool:
        _play_one(app)
        return board.thinking is not None and board.thinking == session.deal.declarer

    # one update a frame: at the instant speed a computer thinks for one update only
    _until(app, declarer_thinks, "the declarer thinking", dt=STEP)
    cam.take("thinking", dt=0.0)
    # a confirmation: a defender concedes (for both defenders)
    _until(app, lambda: human_turn(app, (Phase.PLAY,)), "the defender's turn")
    play = _top(app, PlayScene)
    play.ask_concede()
    _steps(app, 2)
    if app.top is not play:
        cam.take("confirm")
        app.top.yes()  # (a ConfirmOverlay) given up: the results say who gave up for whom
        board = play.board
        _until(app, lambda: isinstance(app.top, ResultsScene) and not board.busy,
               "the concession's results", 600)
        _steps(app, 20)
        cam.take("concede-results")


def _claim_shots(cam: Camera, seed: int) -> None:
    """The faces' reactions in play; then a claim of the rest: asked, and judged."""
    from skatgame.engine.seats import Seat
    from skatgame.ui.board.faces import Mood

    app = cam.app
    session = _open(app, seed, before=others_declare)
    deal = session.deal

    _until_trick(app, deal, 7, "the last tricks")
    play = _top(app, PlayScene)
    board = play.board
    left, right = (Seat(s) for s in range(3) if s != session.human_seat)
    board.react(left, Mood.PLEASED, 30.0)  # (a trick won)
    board.react(right, Mood.BOLD, 30.0)  # (Kontra)
    cam.take("faces")
    play.ask_claim()
    _steps(app, 2)
    cam.take("claim-ask")
    app.nav.pop()
    play.claim()
    # (at the instant speed the results follow at once: they say it too)
    _until(app, lambda: board.toast.visible or isinstance(app.top, ResultsScene),
           "the claim judged", 600)
    _steps(app, 12)  # past the message's fade-in (0.15 s): shot as the player reads it
    cam.take("claim")
    _until(app, lambda: isinstance(app.top, ResultsScene) and not board.busy, "the results",
           600)
    _steps(app, 20)
    cam.take("claim-results")


def _until_trick(app: App, deal: Deal, tricks: int, what: str) -> None:
    """Play on (the human by mouse) until it is his turn with ``tricks`` tricks done."""
    def there() -> bool:
        if human_turn(app, (Phase.PLAY,)) and len(deal.tricks) >= tricks:
            return True
        _play_one(app)
        return False

    _until(app, there, what)
    _steps(app, 2)


def _early_claim_shot(cam: Camera, seed: int) -> None:
    """A claim after the first trick: the results beside both opponents' open hands of
    nine cards (every card in sight)."""
    app = cam.app
    session = _open(app, seed, before=others_declare)
    deal = session.deal

    _until_trick(app, deal, 2, "the second trick")
    play = _top(app, PlayScene)
    board = play.board
    play.claim()
    _until(app, lambda: isinstance(app.top, ResultsScene) and not board.busy, "the results",
           600)
    _steps(app, 20)
    cam.take("claim-results-early")


def _all_pass(session: Session) -> None:
    """Everyone passes: Ramsch is played."""
    from skatgame.engine.actions import PASS

    while session.deal.phase is Phase.AUCTION:
        session.deal.apply(PASS)


#: The house rules shown with Ramsch: each Ramsch variant off its default, Kontra and Bock.
RAMSCH_VARIANTS = {"ramsch": True, "ramsch_skat": "nobody", "ramsch_loss": "ten",
                   "ramsch_jungfrau": "plus5", "ramsch_durchmarsch": "moon", "kontra": True,
                   "bock": True}


def _ramsch_shots(cam: Camera, seed: int) -> None:
    """The house rules with every Ramsch variant, and a Ramsch scored under them."""
    from dataclasses import replace

    from skatgame.engine.options import RuleOptions
    from skatgame.ui.scenes.settings import SettingsScene

    app = cam.app
    options = RuleOptions.from_dict(dict(RAMSCH_VARIANTS))
    first = app.settings
    app.set_settings(replace(first, house_rules=options.to_dict()))
    app.nav.push("settings", page="game")
    _steps(app, 2)
    scene = app.top  # the focus on Ramsch: at large text its part is the one shown
    if not isinstance(scene, SettingsScene):
        raise GalleryError("the settings did not open")
    scene.form.focus = [r.name for r in scene.form.rows].index("ramsch")
    scene.relayout()
    _steps(app, 1)
    cam.take("settings-ramsch")
    app.nav.pop()
    app.set_settings(first)
    # dealt as the game's own lists are: the seal on the table and on the results
    session = _open(app, seed, options=options, before=_all_pass, dealing=DEALING_SHA256)
    # the rules in short in the German deck's words; the house rules of this list
    app.set_settings(replace(app.settings, deck_style=DeckStyle.GERMAN))
    for page, name in ((1, "help-rules-german"), (2, "help-house")):
        app.nav.push("help", page=page)
        _steps(app, 2)
        cam.take(name)
        app.nav.pop()
    app.set_settings(first)
    board = _table(app).board

    def scored() -> bool:
        _play_one(app)
        return app.top is not None and app.top.name == "results" and not board.busy

    _until(app, scored, "the Ramsch results")
    _steps(app, 20)
    cam.take("results-ramsch")
    app.nav.push("sheet", session=session)
    _steps(app, 2)
    cam.take("score-sheet-ramsch")
    app.nav.pop()


def _auction_shot(cam: Camera, seed: int) -> None:
    from skatgame.table.seatview import Speech, SpeechKind

    app = cam.app
    session = _open(app, seed, dealing=DEALING_SHA256)  # the seal on the table
    _until(app, lambda: human_turn(app, (Phase.AUCTION,))
           and len(session.deal.auction.calls) >= 1, "the auction", 3000)
    _steps(app, 2)
    cam.take("auction")
    # a message on the table while both opponents speak (as when one wins the auction)
    board = _table(app).board
    left, right = session.seat_of(PlayerIndex(1)), session.seat_of(PlayerIndex(2))
    board.say(left, Speech(SpeechKind.TAKES_SKAT))
    board.say(right, Speech(SpeechKind.PUSHES))
    board.toast.show(session.about(app.tr, "table.auction_won", left, bid=18), 30.0)
    _steps(app, 6)
    cam.take("messages")


def _bid_helper_shot(cam: Camera, seed: int = 8) -> None:
    """The bidding helper on a hand worth a game: its value, chance and the limit marked."""
    from skatgame.ui.scenes.auction import AuctionScene

    app = cam.app
    _open(app, seed)
    _until(app, lambda: human_turn(app, (Phase.AUCTION,)), "the auction", 3000)
    _until(app, lambda: _top(app, AuctionScene).advice is not None, "the helper", 300)
    _steps(app, 2)
    cam.take("bid-helper")
    # the next page of values: the value chosen keeps its chip and the focus
    auction = _top(app, AuctionScene)
    higher = auction.button("higher")
    if higher is not None:
        auction.pass_focus = False
        higher.click()
        _steps(app, 2)
        cam.take("bid-higher")


def _learn_shots(cam: Camera) -> None:
    """Learn Skat: the list of lessons, a lesson's step, a wrong move explained."""
    from skatgame.engine.actions import parse_action
    from skatgame.ui.scenes.lesson import LearnScene, LessonScene

    app = cam.app
    app.services.table = None
    app.nav.reset("menu")
    app.nav.push("learn")
    learn = _top(app, LearnScene)
    _steps(app, 2)
    cam.take("learn")
    app.nav.push("lesson", lesson=learn.lessons[0])
    scene = _top(app, LessonScene)
    _steps(app, 2)
    scene.proceed()
    _until(app, lambda: scene.run.awaiting_move and not scene.board.busy, "a lesson's move")
    _steps(app, 2)
    cam.take("lesson")
    scene.focus_card(scene.playable()[-1])  # the keys' gold frame on a card
    _steps(app, 2)
    cam.take("lesson-keys")
    scene.board.focus = None
    scene.attempt(parse_action("HT"))
    _steps(app, 2)
    cam.take("lesson-wrong")
    # played to the end: the last step, then the list with the lesson ticked off
    _lesson_steps(cam, scene, "")
    cam.take("lesson-end")
    scene.back_to_list()
    _steps(app, 2)
    cam.take("learn-done")
    # lessons 1 and 2, every step shot (lesson 2's first text was cut at 200 % in German,
    # lesson 1's fourth too; the report saw nothing: no later step was shot)
    for number in (1, 2):
        app.nav.push("lesson", lesson=learn.lessons[number - 1])
        _lesson_steps(cam, _top(app, LessonScene), f"lesson{number}-step")
        app.nav.pop()
    app.nav.pop()


def _lesson_steps(cam: Camera, scene: Any, prefix: str) -> None:
    """A lesson played to its end from where it stands, a shot at each step named
    ``prefix`` and its step's number (no shots for an empty ``prefix``); a step read in
    pages (large text) is shot at each page, the later ones named ``-page`` and its
    number."""
    app = cam.app
    run = scene.run
    shot: tuple[int, int] = (-1, 0)
    for _ in range(300):
        if prefix and not scene.board.busy and not run.pending \
                and (run.index, scene.page) != shot and not run.finished:
            shot = (run.index, scene.page)
            _steps(app, 2)
            page = f"-page{scene.page + 1}" if scene.page else ""
            cam.take(f"{prefix}{run.index + 1}{page}")
        if run.finished and not scene.board.busy:
            break
        if scene.more_to_read() and not run.pending:  # (each page shot first)
            scene.next_page()
        elif run.awaiting_continue:
            scene.proceed()
        elif run.awaiting_move and not scene.board.busy and run.step is not None \
                and run.step.expect is not None:
            scene.attempt(run.step.expect)
        _steps(app, 5)
    _steps(app, 2)


def _list_shots(cam: Camera, session: Session) -> None:
    import copy

    import pygame

    from skatgame.table.archive import archive_session

    app = cam.app
    assert app.store is not None
    archive_session(app.store, session)
    practice = copy.copy(session)  # the same list again as a practice list: marked as such
    practice.practice = True
    practice.list_id = f"{session.list_id}-practice"
    archive_session(app.store, practice)
    app.services.table = None
    app.nav.reset("menu")
    app.nav.push("statistics")
    _steps(app, 2)
    cam.take("statistics")
    _statistics_tabs(cam)
    app.nav.pop()
    app.nav.push("finished_lists")
    _steps(app, 2)
    cam.take("finished-lists")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    _steps(app, 3)
    if app.top is not None and app.top.name == "sheet":
        cam.take("finished-sheet")
        app.top.toggle_chart()  # the list as a chart
        _steps(app, 1)
        cam.take("finished-sheet-chart")


#: A tall, narrow window where the statistics once left the middle empty (issue 29).
TALL = (900, 1000)


def _statistics_tabs(cam: Camera) -> None:
    """Every tab of the statistics (the worths of the hands worked out first), and at
    the larger size some of them in a tall, narrow window too."""
    app = cam.app
    scene = app.top
    for tab in scene.tabs()[1:]:
        scene.show_tab(tab)
        _until(app, lambda: scene.worths_done, "the hands' worths") if tab == "cards" \
            else _steps(app, 2)
        cam.take(f"statistics-{tab}")
    size = app.screen.get_size()
    if size == SIZES[-1]:  # a screen that holds the tall window
        app.resize(TALL)
        for tab in ("overview", "games", "cards", "dealing"):
            scene.show_tab(tab)
            _steps(app, 2)
            cam.take(f"statistics-{tab}-tall")
        app.resize(size)
        _steps(app, 1)
    scene.show_tab("overview")


def _too_small_shot(cam: Camera) -> None:
    app = cam.app
    app.resize(TOO_SMALL)
    _steps(app, 2)
    cam.take("too-small")


def shoot(folder: Path | None, size: tuple[int, int], language: str, seed: int = 3,
          style: str = "french", with_too_small: bool = True, speed: str = "fast",
          only: set[str] | None = None, high_contrast: bool = False,
          text_size: int = 100) -> list[Shot]:
    """Every scene at ``size`` in ``language`` (in the high-contrast theme if asked, text
    and cards at ``text_size`` percent); PNGs go to ``folder`` (``None``: none)."""
    import contextlib
    import io

    from skatgame.commands.gallery_together import together_shots
    from skatgame.table.settings import Opponent, Settings
    from skatgame.table.store import Store
    from skatgame.ui.app import App

    settings = Settings(deck_style=DeckStyle(style), animation_speed=speed, sound_on=False,
                        language=language, show_running_points=True,
                        opponents=(Opponent("beginner", "Anna"), Opponent("beginner", "Ben")),
                        high_contrast=high_contrast, text_size=text_size)
    with tempfile.TemporaryDirectory() as home:
        app = App(settings=settings, store=Store(Path(home)), size=size, inline_players=True,
                  save=False, sound=False, fullscreen=False, seed=seed,
                  screen=size)  # pictures in memory at exactly this size: no screen to fit
        cam = Camera(app, folder, language, only, high_contrast, text_size)
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                _menu_shots(cam)
                _auction_shot(cam, seed)
                _bid_helper_shot(cam)
                session = _declaring_shots(cam, seed)
                _play_shots(cam, session)
                _kontra_shot(cam, 7)
                _claim_shots(cam, 5)
                _early_claim_shot(cam, 5)
                _ramsch_shots(cam, seed)
                _four_shots(cam, seed)
                _bierlachs_shots(cam, seed)
                _list_shots(cam, session)
                _learn_shots(cam)
                together_shots(cam)
                if with_too_small:
                    _too_small_shot(cam)
        finally:
            app.close()
            if high_contrast:  # the theme is the module's: back to the normal one
                from skatgame.ui import theme

                theme.use_high_contrast(False)
        if app.errors:
            raise GalleryError(f"the game failed: {app.errors[0]}")
    return cam.shots


def write_gallery(folder: Path, seed: int = 3,
                  sizes: Iterable[tuple[int, int]] = SIZES,
                  languages: Iterable[str] = LANGUAGES, save: bool = True,
                  speed: str = "fast", only: set[str] | None = None,
                  high_contrast: bool = False, text_size: int = 100) -> list[Shot]:
    """The whole gallery into ``folder`` with its ``text-report.json``; returns the shots.

    ``only`` names the shots saved as PNG (all when ``None``); every shot is reported.
    With ``high_contrast`` every shot is taken in the high-contrast theme (and held to
    its floor, :data:`CONTRAST_FLOOR_HIGH`); with ``text_size`` (percent) text and cards
    are that large (file names end in ``-125`` ... ``-200``).
    """
    shots: list[Shot] = []
    sizes = list(sizes)
    for language in languages:
        for i, size in enumerate(sizes):
            shots += shoot(folder if save else None, size, language, seed,
                           with_too_small=i == len(sizes) - 1, speed=speed, only=only,
                           high_contrast=high_contrast, text_size=text_size)
    report = {"floors": {f"{w}x{h}": px for (w, h), px in FLOORS.items()},
              "contrast_floor": CONTRAST_FLOOR_HIGH if high_contrast else CONTRAST_FLOOR,
              "shots": [s.to_json() for s in shots]}
    (folder / "text-report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False)
                                             + "\n", encoding="utf-8")
    return shots
