"""The rulings of the game tracker itself, whatever the game it records, as data.

``PROJECT`` holds those this project made (none restates RULINGS.md, so ``SHARED`` is
empty). They are shown on the rulings page and cited by code (R50 ...) wherever they
are used.
"""

from __future__ import annotations

from referee.rules.rulings import TRACKED, Ruling

SHARED: tuple[Ruling, ...] = ()

PROJECT: tuple[Ruling, ...] = (
    Ruling(
        "R50",
        TRACKED,
        "No section of any rulebook: none has take-backs. It reads each book's turn order "
        "and rules as holding for whatever is left in effect",
        "Undo and redo",
        "In every game the tracker records, an undo takes back any action still in effect, "
        "not only the latest: the game is replayed without it, and the undo is refused when "
        "a later action would no longer be legal without it. A redo restores the latest one "
        "undone, in its place. Both stay in the log. A new action ends what can be redone. "
        "A player asks the player whose action it is to take it back; accepting is such an "
        "undo. A redo follows the rule of an undo: the seat whose action it was redoes it "
        "(or the table's shared device), never the seat that asked for it to be undone. "
        "Whether an undo is allowed is decided without anything only another seat may know: "
        "an entry is never refused on the replay for what a private hand holds.",
    ),
    Ruling(
        "R210",
        TRACKED,
        "No section of any rulebook: it is about games stored while the app's reading of a "
        "rule changes",
        "A stored game recorded under older rules",
        "A game stored before a rule was tightened still opens. When the rules as they are "
        "now refuse an entry in effect, the game stands as it was just before that entry, "
        "and the page says which entry it is and (to that entry's own player) why. The "
        "table may export the whole recorded game, or play on: the first new action then "
        "sets that entry and every later one aside, for good, as if undone; they stay in "
        "the log and in every export. A game's screen gained a line for this (the API's "
        "'refused', null in any game the rules still accept whole).",
    ),
    Ruling(
        "R211",
        TRACKED,
        "Every book's steps in which the players act at once (each game's own rulings name "
        "its steps)",
        "Moves made at once",
        "Where a book has the players act at once, or a player edits notes only they see, "
        "an action sent by a tablet that had not yet seen another seat's action is recorded "
        "as if sent a moment later, when the two cannot change each other's meaning; the "
        "order they arrive in changes nothing. Anywhere else, an action sent against a "
        "table that has moved on is refused, nothing is recorded, and the player sees what "
        "changed.",
    ),
)
