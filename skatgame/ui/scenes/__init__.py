"""The scenes of the game: each handles events, updates and draws itself on the app's stack.

menu (main menu, new list), settings, dealing, auction, skat (with the
declare dialog), play, results, score sheet, and overlays (pause menu, help,
last trick, messages).
"""
