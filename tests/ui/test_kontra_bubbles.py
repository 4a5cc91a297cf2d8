"""Every defender asked for Kontra who declines shows the same "No Kontra" bubble, each
deal alike: it stays while the question goes round (also while the human thinks), and
the bubbles at the first card match the decisions."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatgame.engine.actions import PASS
from skatgame.engine.events import CardPlayed, Declared, KontraSaid, Passed, ReSaid
from skatgame.engine.options import RuleOptions
from skatgame.engine.phase import Phase
from skatgame.table.seatview import SpeechKind
from skatgame.ui.tablescene import TableScene
from skatgame.ui.testing import human_turn, others_declare, run_until, steps
from tests.ui.test_keys_answer import sit

#: What the human thinks about the Kontra question, in frames (longer than a word said
#: in passing stays)
THINKING = 150

WORDS = {Passed: SpeechKind.NO_KONTRA, KontraSaid: SpeechKind.KONTRA, ReSaid: SpeechKind.RE}


def decisions(app: object) -> dict[int, SpeechKind]:
    """What each seat said at the Kontra question, by the deal's events."""
    deal = app.session.deal  # type: ignore[attr-defined]
    out: dict[int, SpeechKind] = {}
    declared = kontra = False
    for e in deal.events:
        if isinstance(e, Declared):
            declared = True
        elif isinstance(e, CardPlayed):
            break
        elif declared and isinstance(e, Passed):
            out[int(e.seat)] = SpeechKind.NO_RE if kontra else SpeechKind.NO_KONTRA
        elif declared and isinstance(e, KontraSaid | ReSaid):
            kontra = True
            out[int(e.seat)] = WORDS[type(e)]
    return out


def bubbles(app: object) -> dict[int, SpeechKind]:
    top = app.top  # type: ignore[attr-defined]
    assert isinstance(top, TableScene)
    return {int(seat): speech.kind for seat, (speech, _until) in top.board.bubbles.items()
            if speech.kind not in (SpeechKind.DECLARES, SpeechKind.BID, SpeechKind.HOLD,
                                   SpeechKind.PASS)}


@pytest.mark.parametrize("seed,needs_bid", [(1, False), (2, False), (3, False), (4, False),
                                            (5, False), (6, False), (1, True), (2, True)])
def test_every_defender_who_declines_shows_no_kontra(tmp_path: Path, seed: int,
                                                     needs_bid: bool) -> None:
    """With "Kontra only after bidding" a defender who did not bid is not asked (RULES.md):
    he shows nothing, every deal alike."""
    app = sit(tmp_path, options=RuleOptions(kontra=True, kontra_needs_bid=needs_bid),
              before=others_declare, seed=seed)
    human = app.session.human_seat

    def in_play() -> bool:
        top = app.top
        return isinstance(top, TableScene) and top.board.shown.phase is Phase.PLAY \
            and not top.board.queue

    run_until(app, lambda: human_turn(app, (Phase.KONTRA, Phase.RE)) or in_play(), 6000)
    asked = human_turn(app, (Phase.KONTRA,))
    if asked:
        steps(app, THINKING)  # the human thinks a while
        said_before = {s: k for s, k in decisions(app).items() if s != human}
        assert bubbles(app) == said_before, seed  # every earlier "No" still stands
        top = app.top
        assert isinstance(top, TableScene)
        top.apply(PASS)
    # on to the first card: every decision of the question is shown by its player
    run_until(app, in_play, 3000)
    said = decisions(app)
    assert (said.get(human) == SpeechKind.NO_KONTRA) == asked
    if not needs_bid:  # both defenders were asked
        assert len(said) >= 2 and asked or SpeechKind.KONTRA in said.values()
    assert bubbles(app) == said, seed
    # then they fade, all alike
    steps(app, 200)
    assert not any(k in (SpeechKind.NO_KONTRA, SpeechKind.NO_RE) for k in bubbles(app).values())
