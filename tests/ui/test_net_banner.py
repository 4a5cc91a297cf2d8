"""A network table's notices (who is away, how friends come back) keep clear of the
results panel open over the table."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from skatgame.table.i18n import Translator
from skatgame.ui.layout import layout_for
from skatgame.ui.netlayer import NetLayer
from skatgame.ui.text import record_texts


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_invitation_does_not_cover_the_results_panels_title(
        size: tuple[int, int], language: str) -> None:
    """A guest left (host, German, 1280x720): "Freunde kommen zurück mit 192.0.2.2:8765 …"
    lay over the results panel's title."""
    L = layout_for(*size)
    tr = Translator(language).tr
    info = L.info_rect()
    # a results panel from just under the info panel, as the table of n16 showed it
    panel = pygame.Rect(L.width // 4, info.bottom + 2 * L.gap + L.font_body, L.width // 2,
                        L.height // 2 + L.height // 5)
    lobby = SimpleNamespace(places=[SimpleNamespace(name="Hanna"), SimpleNamespace(name="Gast"),
                                    SimpleNamespace(name="Max")])
    state = SimpleNamespace(away={1: 0}, away_since={}, lobby=lobby, code="VRVVFW",
                            table=SimpleNamespace(over=True))
    remote = SimpleNamespace(state=state, link=SimpleNamespace(status="open"),
                             hosted=SimpleNamespace(address="127.0.0.1", port=8765),
                             wants_next=False)
    scene = SimpleNamespace(tr=tr, open_panel=lambda: panel.copy())
    layer = NetLayer(SimpleNamespace(tr=tr), scene, remote)  # type: ignore[arg-type]
    surface = pygame.Surface(size)
    log = record_texts(surface)
    layer.draw_banner(surface, L)
    record_texts(None)
    assert log is not None
    notices = list(log.items)
    assert any("VRVVFW" in t.text for t in notices)
    title = pygame.Rect(panel.x, panel.y, panel.width, 3 * L.font_body)  # its title band
    assert not [t.text for t in notices if t.rect.colliderect(title)]
    assert all(surface.get_rect().contains(t.rect) for t in notices)
