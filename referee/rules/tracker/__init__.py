"""The game-system-agnostic core of a game tracker: an append-only log replayed through a
system's pure rules engine."""
