"""The scenes of the game: each handles events, updates and draws itself on the app's stack.

menu (main menu, new list), settings (two pages), dealing, auction, skat
(with the declare dialog), play, results, score sheet, finished lists,
statistics, and overlays (pause menu, help, last trick, messages). The list
in play, its saving and its words live in :mod:`skatgame.table`.
"""
