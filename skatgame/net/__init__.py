"""The table across the network, without a screen.

:mod:`~skatgame.net.protocol` (versioned JSON messages, validated) and
:mod:`~skatgame.net.wire` (the engine's values in them);
:mod:`~skatgame.net.room` (one table: lobby, list, deal driver, what each seat
is sent); :mod:`~skatgame.net.server` (authoritative: many tables over
WebSocket); :mod:`~skatgame.net.client` (the client library the game, the tests
and a bot author use); :mod:`~skatgame.net.discovery` (tables on the local
network by DNS-SD). No pygame.
"""
