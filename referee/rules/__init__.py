"""Pure rules engines, one package per game. Nothing here imports Django.

Each game's package says what its game is (``ABOUT``, a ``referee.rules.about.GameSystem``)
and holds its engines; the tracked-game engine of each has the same six modules
(docs/games.md). The app finds the games through its registry (``games.registry``).
"""
