"""The move timer says what it did for the player, at every kind of decision, and the
words stay on the table long enough to be read (on the fake clock of the steps)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatgame.engine.actions import Bid, Declare, Discard, Hold, Pass, Play, TakeSkat
from skatgame.engine.deal import Phase
from skatgame.engine.options import ISKO
from skatgame.table.texts import timeout_text
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import (
    drawn_texts,
    human_to_move,
    make_app,
    new_session,
    open_table,
    run_until,
    steps,
    win_auction,
)
from skatgame.ui.text import label_text

PHASES = {"auction": (Phase.AUCTION,), "skat": (Phase.SKAT,), "discard": (Phase.DISCARD,),
          "declare": (Phase.DECLARE,), "play": (Phase.PLAY,)}
KINDS = {"auction": (Bid, Hold, Pass), "skat": (TakeSkat, Declare), "discard": (Discard,),
         "declare": (Declare,), "play": (Play,)}


@pytest.mark.parametrize("kind", list(PHASES))
def test_every_timed_out_decision_is_said_on_the_table(tmp_path: Path, kind: str) -> None:
    app = make_app(tmp_path, seed=3)
    steps(app, 2)
    session = new_session(app, deals=3, options=ISKO, list_kind="seeger-fabian",
                          levels=("beginner", "beginner"), names=("Anna", "Ben"), seed=3,
                          move_timer=7)
    if kind != "auction":
        win_auction(session)
    open_table(app, session, resume=kind != "auction")
    done: list = []
    local = app.services.table
    propose, answer_for = local.propose, local.answer_for

    def record(action, seat=None):  # noqa: ANN001, ANN202
        """The human's actions (none is made here once the timer is left to decide)."""
        if session.deal.phase in PHASES[kind] and session.is_human(session.deal.to_move):
            done.append((action, session.deal.phase))
        return propose(action, seat)

    def timed_out(seat, answer):  # noqa: ANN001, ANN202
        """What the move timer had done for the human."""
        phase = session.deal.phase
        action = answer_for(seat, answer)
        if phase in PHASES[kind] and session.is_human(seat):
            done.append((action, phase))
        return action

    # the player does his part quickly up to the decision left to the timer
    run_until(app, lambda: human_to_move(app) and session.deal.phase in PHASES[kind]
              or kind != "auction" and human_to_move(app) and session.deal.phase is Phase.SKAT)
    if kind in ("discard", "declare", "play") and session.deal.phase is Phase.SKAT:
        app.top.take()
        run_until(app, lambda: human_to_move(app) and session.deal.phase is Phase.DISCARD)
    if kind in ("declare", "play") and session.deal.phase is Phase.DISCARD:
        hand = [c for c in app.top.board.human_hand() if c & 7 != 7]
        app.top.toggle(hand[-1])
        app.top.toggle(hand[-2])
        app.top.put_away()
        run_until(app, lambda: app.top.name == "declare", 600)
    if kind == "play":
        app.top.declare()
        run_until(app, lambda: human_to_move(app) and session.deal.phase is Phase.PLAY, 3000)
    local.propose = record  # type: ignore[method-assign]
    local.answer_for = timed_out  # type: ignore[method-assign]
    run_until(app, lambda: bool(done), 60 * 12)
    action, phase = done[0]
    assert isinstance(action, KINDS[kind])
    s = app.settings
    words = label_text(timeout_text(action, s.deck_style, s.german_indices, app.tr))
    assert words.startswith("Time is up")
    # the words stay by the player's plate, drawn, until his next decision
    board = _board(app)
    assert board.timeout_note is not None and label_text(board.timeout_note) == words
    for _ in range(60 * 4):
        steps(app, 1)
        assert board.timeout_note is not None and label_text(board.timeout_note) == words
    if isinstance(app.top, TableScene):
        texts = " ".join(drawn_texts(app))
        assert words.split()[0] in texts and "Time is up" in texts, texts
    if kind in ("auction", "play"):
        run_until(app, lambda: human_to_move(app), 60 * 30)
        assert board.timeout_note is not None  # still there when he is to decide again
        top = app.top
        assert isinstance(top, TableScene)
        top.apply(top.local.legal_actions()[-1])
        assert board.timeout_note is None  # he decided: the words have done
    assert not app.errors


def _board(app):  # noqa: ANN001, ANN202
    """The table's board under whatever scene is on top."""
    for scene in reversed(app.stack.scenes):
        if isinstance(scene, TableScene):
            return scene.board
    raise AssertionError("no table")


def test_the_words_name_what_was_done() -> None:
    from skatgame.engine.actions import PASS, parse_action
    from skatgame.table.i18n import Translator

    en, de = Translator("en").tr, Translator("de").tr

    def say(action: object, tr=en, **kw: bool) -> str:  # noqa: ANN001
        from tests.table.test_hint_words import label_text

        return label_text(timeout_text(action, "french", False, tr, **kw))

    assert say(parse_action("18")) == "Time is up: bid 18 for you"
    assert say(parse_action("18"), de) == "Zeit ist um: 18 für dich gereizt"
    assert say(PASS) == "Time is up: passed for you"
    assert say(PASS, kontra=True) == "Time is up, chosen for you: No"
    assert say(parse_action("s")) == "Time is up: picked up the skat for you"
    assert say(parse_action("d.HQ.HK")) == "Time is up: put away ♥Q ♥K for you"
    assert say(parse_action("CH")) == "Time is up: declared ♣ Clubs Hand for you"
    assert say(parse_action("CH"), de) == "Zeit ist um: ♣ Kreuz Hand für dich angesagt"
    assert say(parse_action("S7")) == "Time is up: played ♠7 for you"
