"""The fitted calibration of the win chances (see :mod:`skatgame.ai.chances`).

``TABLE`` maps a group (``role|phase|kind``, ``*`` for any) to the chance
shown at each raw share of :data:`KNOTS`, interpolated linearly between them.
Until a fit is written here, the card play shows the raw share and the
auction the old correction of :func:`skatgame.ai.bidding.table_chance`.
"""

KNOTS: tuple[float, ...] = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)

TABLE: dict[str, tuple[float, ...]] = {
    "declarer|auction|*": tuple(round(0.45 + 0.52 * x, 4) for x in KNOTS),
}
