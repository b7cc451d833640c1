"""A piece read from the fragments cache is the piece rendered afresh, all through a game.

The first golden game of each system is played again entry by entry, each recorded by the
seat it is for (or the table's device). After every entry, every role's live part is fetched
twice: as it is served, from pieces kept since the game began (so a piece rendered at one
version is read at a later one whenever its inputs are equal), and rendered afresh with
nothing kept. They must be the same, byte for byte: a piece whose inputs leave out
something it shows would be read stale here as soon as that thing changes alone.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from games.models import Game
from games.tracker.access import Forbidden
from games.tracker.apply import Stale
from games.tracker.current import CACHE
from referee.rules.errors import InvalidInput
from referee.rules.tracker import IllegalAction
from tests.games.tracker.support import client_for, record
from tests.games.tracker.test_fragments import live, nothing_kept
from tests.golden.support import golden_files, open_game, read, roles

ENTRIES = 45
"""How far into each game: past the setting up, into play (each step renders every role's
part twice)."""

REFUSED = (IllegalAction, Forbidden, Stale, InvalidInput)
"""How the tracker refuses a step (this replay records each entry as the seat it is for
sends it, and an undo asked of another seat, say, may be refused)."""


def replayed(
    document: dict[str, Any],
    entries: list[dict[str, Any]],
    tablets: dict[str, Client],
    prefix: str,
) -> Iterator[tuple[dict[str, Any], Game]]:
    """A golden game opened empty and ``entries`` of its log recorded again one by one, each
    as the seat it is for sends it; after each one recorded, the entry and the game as
    stored. ``tablets`` is filled with a signed-in client for each role."""
    opened = open_game({**copy.deepcopy(document), "log": []}, prefix=prefix)
    tablets.update({role: client_for(opened.users[role]) for role in roles(document)})
    for entry in entries:
        by = entry["by"]
        user = opened.users["table" if by is None else f"seat{by}"]
        try:
            record(opened.game, user, entry["type"], entry["payload"])
        except REFUSED:  # a step this replay cannot take: the game goes on without it
            continue
        yield entry, Game.objects.get(pk=opened.game.pk)


FIRST_OF_EACH = sorted({p.name.split("-")[0]: p for p in reversed(golden_files())}.values())


@pytest.mark.django_db
@pytest.mark.parametrize("golden", FIRST_OF_EACH, ids=lambda p: p.name.split("-")[0])
def test_pieces_read_from_the_cache_are_the_pieces_rendered_afresh_all_through_a_game(
    golden: Path,
) -> None:
    document: dict[str, Any] = read(golden)
    tablets: dict[str, Client] = {}
    recorded = 0
    for entry, game in replayed(
        document, document["log"][:ENTRIES], tablets, f"walk-{golden.stem}"
    ):
        recorded += 1
        for role, tablet in tablets.items():
            served = live(tablet, game)
            CACHE.clear()  # the state too is worked out again from storage
            with nothing_kept():
                fresh = live(tablet, game)
            assert served == fresh, f"{role} after entry {entry['seq']} ({entry['type']})"
    assert recorded > ENTRIES // 2
