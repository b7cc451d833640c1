"""The registry of tracked game systems."""

from __future__ import annotations

import pytest

from games.registry import tracker, trackers
from referee.rules.athazar.system import ATHAZAR
from referee.rules.azeroth.system import AZEROTH
from referee.rules.azrah.system import AZRAH
from referee.rules.azuki.system import AZUKI
from referee.rules.runeage.system import RUNE_AGE


def test_it_finds_a_system_by_its_slug() -> None:
    assert tracker("azrah") is AZRAH
    assert tracker("azeroth") is AZEROTH
    assert tracker("azuki") is AZUKI
    assert tracker("runeage") is RUNE_AGE
    assert tracker("athazar") is ATHAZAR
    assert set(trackers()) == {"azrah", "azeroth", "azuki", "runeage", "athazar"}


def test_it_names_the_known_slugs_for_an_unknown_one() -> None:
    with pytest.raises(KeyError, match="there are: athazar, azeroth, azrah, azuki, runeage"):
        tracker("chess")


def test_every_action_type_is_unique_and_described() -> None:
    for system in trackers().values():
        names = [action_type.name for action_type in system.action_types]
        assert len(names) == len(set(names))
        assert "undo" not in names and "redo" not in names  # the core's own
        for action_type in system.action_types:
            assert action_type.description
            assert all(field.description for field in action_type.fields)
