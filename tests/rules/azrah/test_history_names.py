"""History lines name a Guardian for every viewer once it is face up (R52), and only then:
one that entered the front row from the back row is named in every entry that could only be
recorded while it was face up (its emergence, its abilities, its escape), and a hidden one
reads as a possession without a stray "'s"."""

from __future__ import annotations

from referee.rules.azrah.system import AZRAH
from referee.rules.tracker import Action
from tests.rules.tracker.azrah_game import AzrahGame, act, carded_game


def _warden_entered() -> AzrahGame:
    """Ana's Alchemist is defeated at once; her face-down Warden comes in and emerges,
    targeting Ben's Cleric."""
    game = carded_game()
    game = act(game, "deal_damage", 0, seat=0, guardian="Alchemist", amount=3, cause="correction")
    game = act(game, "swap", 0, guardian="Alchemist", replacement="Warden")
    return act(game, "emerge", 0, guardian="Warden", targets=["Cleric"])


def test_a_face_up_guardians_emergence_is_named_for_every_viewer() -> None:
    game = _warden_entered()
    emergence = game.log[-1]
    for viewer in (0, 1, None):
        assert game.line(emergence, viewer) == "Ana: Warden's emergence ability on Ben's Cleric"


def test_its_abilities_and_escape_are_named_too() -> None:
    for type_ in ("use_ability", "escape", "attach_item"):
        action = Action(9, type_, 0, {"seat": 0, "guardian": "Warden", "card": "Potion"})
        assert "Warden" in AZRAH.describe(action, carded_game().setup, 1), type_


def test_a_back_row_guardian_its_controller_touches_stays_unnamed_to_the_others() -> None:
    heal = Action(9, "heal", 0, {"seat": 0, "guardian": "Warden", "amount": 1})
    setup = carded_game().setup
    assert AZRAH.describe(heal, setup, 1) == "Ana: one of Ana's Guardians heals 1"
    assert AZRAH.describe(heal, setup, 0) == "Ana: Ana's Warden heals 1"


def test_a_hidden_guardians_emergence_reads_without_a_stray_possessive() -> None:
    hidden = Action(9, "emerge", 0, {"guardian": None, "targets": ["Cleric"]})
    line = AZRAH.describe(hidden, carded_game().setup, 1)
    assert "Guardians's" not in line
    assert line == "Ana: the emergence ability of one of Ana's Guardians on Ben's Cleric"


def test_a_face_up_guardian_swapped_out_is_named_and_its_replacement_is_not() -> None:
    swap = Action(9, "swap", 0, {"guardian": "Warden", "replacement": "Sentinel"})
    line = AZRAH.describe(swap, carded_game().setup, 1)
    assert line == "Ana: swaps Warden for one of Ana's Guardians"
