"""The Azeroth board's sides and model cards written in Python (``{% azeroth_side %}``,
with its cards, games/systems/azeroth/templatetags/azeroth_board.py) write what their
templates wrote, byte for byte, all through both golden Azeroth games, for every role.

After every few entries every role's live part is fetched as served, then with the board
rendering each side and card from the templates the tags replaced (kept under reference/;
the board's own template is read as it is, with the old include where the tag now is),
nothing read from a cache: the two must be the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings

from tests.games.tracker.test_fragments import live, nothing_kept
from tests.games.tracker.test_fragments_walk import replayed
from tests.golden.support import golden_files, read

REFERENCE = Path(__file__).resolve().parent / "reference"
AZEROTH = [p for p in golden_files() if p.name.startswith("azeroth-")]
EVERY = 15
"""Compared after every fifteenth entry recorded (and the last), each game from its own offset:
rendering every role's part afresh takes most of the test's time."""


BOARD = Path(__file__).resolve().parents[3] / "games/systems/azeroth/templates/games/boards"
SIDES = (
    "{% azeroth_side side si %}",
    '{% include "games/boards/_azeroth_side.html" '
    'with colour=seat.colour sk=si|stringformat:"d" %}',
)


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the board as it is, but including each side from its old template
    (kept under reference/, with the old card's) where it has the tag."""
    folder = tmp_path_factory.mktemp("board")
    (folder / "games" / "boards").mkdir(parents=True)
    text = (BOARD / "azeroth.html").read_text()
    assert text.count(SIDES[0]) == 1
    (folder / "games" / "boards" / "azeroth.html").write_text(text.replace(*SIDES))
    return folder


def _with_reference_cards(board: Path) -> Any:
    engine: dict[str, Any] = dict(settings.TEMPLATES[0])
    engine["DIRS"] = [board, REFERENCE, *engine["DIRS"]]
    return override_settings(TEMPLATES=[engine])


@pytest.mark.django_db
@pytest.mark.parametrize("golden", AZEROTH, ids=lambda p: p.stem)
def test_every_side_and_card_is_what_its_template_wrote_all_through_a_game(
    golden: Path, board: Path
) -> None:
    document: dict[str, Any] = read(golden)
    tablets: dict[str, Client] = {}
    recorded = cards = 0
    offset = AZEROTH.index(golden) * EVERY // 2
    log = document["log"]
    for entry, game in replayed(document, log, tablets, f"card-{golden.stem}"):
        recorded += 1
        if (recorded + offset) % EVERY and entry is not log[-1]:
            continue
        for role, tablet in tablets.items():
            served = live(tablet, game)
            with _with_reference_cards(board), nothing_kept():  # no live part or piece read
                written = live(tablet, game)
            assert served == written, f"{role} after entry {entry['seq']} ({entry['type']})"
            cards += served.count('class="az-model')
    assert recorded > len(document["log"]) // 2
    assert cards > 50
