"""The window: pygame only.

The app and its scene stack (``app``), the scenes (``scenes/``), card art
(``cards/``), widgets, layout, animation, theme, sound, the window icon and
what SDL knows of the system (``system``). What is played, saved and said
lives in :mod:`skatgame.table`; the scenes ask it and draw what it answers.
"""
