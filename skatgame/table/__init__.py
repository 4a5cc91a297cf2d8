"""A list at the table, without a screen: everything between the players and the window.

No pygame here: this layer is used and tested without it. It holds

- ``session``: the list being played (who sits where, the deal at the table,
  asking the computer players, saving after every move);
- ``saved``: the list in progress as a document, and the menu's quick look at it;
- ``archive``: finished lists, opened again, exported as CSV and JSON;
- ``store``: the per-user folder, atomic writes, loading that survives anything;
- ``settings``: the player's settings and their checks;
- ``stats``: statistics over the finished lists;
- ``lock``: one game at a time on one per-user folder;
- ``thinker``: the worker process the computer players think in;
- ``hand``: a hand in display order;
- ``i18n``, ``labels`` and ``texts``: translations, texts with suit signs, and the words
  for calls, contracts and results.

Imports point one way: ``commands -> ui -> table -> ai -> engine``; inside this
package ``i18n <- store <- saved <- archive <- session`` (and ``lock``, ``thinker``,
``settings``, ``stats``, ``hand``, ``labels``, ``texts`` beside them).
"""
