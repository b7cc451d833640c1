"""The Azeroth board's sides and model cards written in Python (``{% azeroth_side %}``,
``{% azeroth_model %}``, games/systems/azeroth/templatetags/azeroth_board.py) write what their
templates wrote, byte for byte, all through both golden Azeroth games, for every role.

After every few entries every role's live part is fetched as served, then with the board
rendering each side and card from the templates the tags replaced (kept under reference/),
nothing read from a cache: the two must be the same."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings

from games.models import Game
from tests.games.tracker.support import client_for, record
from tests.games.tracker.test_fragments import live, nothing_kept
from tests.games.tracker.test_fragments_walk import REFUSED
from tests.golden.support import golden_files, open_game, read, roles

REFERENCE = Path(__file__).resolve().parent / "reference"
AZEROTH = [p for p in golden_files() if p.name.startswith("azeroth-")]
EVERY = 6
"""Compared after every sixth entry recorded (and the last), each game from its own offset:
rendering every role's part afresh takes most of the test's time."""


def _with_reference_cards() -> Any:
    engine: dict[str, Any] = dict(settings.TEMPLATES[0])
    engine["DIRS"] = [REFERENCE, *engine["DIRS"]]
    return override_settings(TEMPLATES=[engine])


@pytest.mark.django_db
@pytest.mark.parametrize("golden", AZEROTH, ids=lambda p: p.stem)
def test_every_side_and_card_is_what_its_template_wrote_all_through_a_game(golden: Path) -> None:
    document: dict[str, Any] = read(golden)
    empty = {**copy.deepcopy(document), "log": []}
    opened = open_game(empty, prefix=f"card-{golden.stem}")
    tablets: dict[str, Client] = {role: client_for(opened.users[role]) for role in roles(document)}
    recorded = cards = 0
    offset = AZEROTH.index(golden) * EVERY // 2
    for last, entry in enumerate(document["log"], start=1 - len(document["log"])):
        by = entry["by"]
        user = opened.users["table" if by is None else f"seat{by}"]
        try:
            record(opened.game, user, entry["type"], entry["payload"])
        except REFUSED:  # a step this replay cannot take: the game goes on without it
            continue
        recorded += 1
        if (recorded + offset) % EVERY and last:
            continue
        game = Game.objects.get(pk=opened.game.pk)
        for role, tablet in tablets.items():
            served = live(tablet, game)
            with _with_reference_cards(), nothing_kept():  # no live part or piece read
                written = live(tablet, game)
            assert served == written, f"{role} after entry {entry['seq']} ({entry['type']})"
            cards += served.count('class="az-model')
    assert recorded > len(document["log"]) // 2
    assert cards > 50
