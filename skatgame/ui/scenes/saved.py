"""Where the list in play is kept: its document in the store (name, format, version).

Kept apart from :mod:`skatgame.ui.scenes.session` so that the menu can look
for a saved list without loading the engine at start-up.
"""

LIST_DOC = "list"
LIST_FORMAT = "skatgame-list"
LIST_VERSION = 1
