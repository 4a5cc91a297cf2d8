"""The window: pygame only.

The app and its scene stack (``app``), the scenes (``scenes/``), card art
(``cards/``), the font and text (``fonts``, ``text``), widgets, layout,
animation, theme, sound, the window icon and what SDL knows of the system
(``system``). What is played, saved and said lives in :mod:`skatgame.table`;
the scenes ask it and draw what it answers.

The floor under the scenes, in import order (of these, each imports only the ones
before it): ``fonts``, ``cards``, ``text``, ``theme``, ``widgets``.
"""
