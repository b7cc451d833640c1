"""Tracked games over REST (``/api/games/``): create, join, watch, read the state, post actions,
undo and redo, read the log, export and import.

The views translate HTTP and nothing else: ``games.tracker.access`` decides who may do what
and ``apply.game_apply`` is the one way a game changes. An action carries the version of
the game its sender saw; a stale one answers 409 with the current state, so an action is
applied exactly once or not at all. The state answers 304 to ``If-None-Match`` when nothing
changed, which is what a polling tablet sends.

Roles: the host (who created the game) at no seat is the table's shared device and acts for
any seat; a host at a seat plays it like any player (seated through the player link);
spectators (through the watch link) only read; outsiders get 403. Nobody sees a secret that
is not theirs.

The modules, each importing only those listed before it:

- ``fields``: request fields whose choices the schema writes inline;
- ``answers``: what the views answer (a game's state, its log, an action's answer);
- ``openapi``: the tag, the path and query parameters and the error answers they share;
- ``systems``: the systems the tracker runs, and ``GET /api/games/systems/`` listing them;
- ``actions``: the action bodies of each system, and their check;
- ``base``: the base view and what every view shares;
- ``play``: a game in play (its state, actions, preview, undo, redo, log);
- ``links``: the host's player and watch links;
- ``lobby``: your games, starting one, joining a seat and watching;
- ``exchange``: export and import.
"""
