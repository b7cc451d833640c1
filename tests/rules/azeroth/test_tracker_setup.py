"""The Azeroth at War tracker's setup: sides from saved armies, the setup as JSON, the
edge roll-off and deployment (3.3), secret Warlords (11) and what the view shows."""

from __future__ import annotations

import json

import pytest

from referee.rules.azeroth.setup import AzerothSetup, Scenario, side_from_army
from referee.rules.azeroth.system import AZEROTH
from referee.rules.azeroth.units import ArmyLine, ArmyList, BattleSize, InlineUnit
from referee.rules.errors import InvalidInput
from referee.rules.tracker import IllegalAction
from tests.rules.azeroth.tracker_game import (
    ANA,
    BEN,
    UNITS,
    act,
    army,
    deployed,
    new_game,
    setup,
    side,
)

# Sides from armies (4.3) -------------------------------------------------------------------


def test_it_makes_one_model_per_unit_with_numbered_ids() -> None:
    ids = [m.id for m in ANA.models]
    assert ids == ["warchief-1", "shaman-1", "troll-1", "shieldbearer-1", "grunt-1", "grunt-2"]
    names = [m.name for m in ANA.models]
    assert names[0] == "Warchief" and names[4:] == ["Orc Grunt 1", "Orc Grunt 2"]


def test_it_numbers_on_across_lines_naming_the_same_unit() -> None:
    side = side_from_army("Ana", army((3, "grunt"), (1, "Orc Grunt")), UNITS)
    assert [m.id for m in side.models] == ["grunt-1", "grunt-2", "grunt-3", "grunt-4"]
    assert side.models[3].name == "Orc Grunt 4"


def test_it_copies_everything_the_game_needs_from_the_card() -> None:
    shaman = ANA.models[1]
    assert (shaman.points, shaman.wounds, shaman.magical) == (80, 3, True)
    assert shaman.keyword("Summon") == 2 and shaman.keyword("summon") == 2
    gryphon = BEN.models[2]
    assert gryphon.has("Fly") and gryphon.has("Fear") and not gryphon.has("Taunt")
    assert gryphon.morale_tier.value == "elite"  # Mounted + Elite tests on 8 (R64)
    warchief = ANA.models[0]
    assert warchief.hero and [a.name for a in warchief.abilities][:1] == ["Bloodlust"]


def test_it_refuses_a_unit_it_does_not_know_naming_each_line() -> None:
    bad = ArmyList(
        BattleSize.STANDARD,
        (
            ArmyLine(1, "warchief"),
            ArmyLine(2, "murloc"),
            ArmyLine(1, inline=InlineUnit("Ogre", 90, ())),
        ),
    )
    with pytest.raises(InvalidInput) as caught:
        side_from_army("Ana", bad, UNITS)
    assert set(caught.value.problems) == {"units.1", "units.2"}
    assert "'murloc' is not a unit of the catalog" in caught.value.problems["units.1"][0]


def test_it_refuses_a_nameless_player_and_an_empty_army() -> None:
    with pytest.raises(InvalidInput) as caught:
        side_from_army(" ", ArmyList(BattleSize.STANDARD, ()), UNITS)
    assert set(caught.value.problems) == {"name"}
    with pytest.raises(InvalidInput, match="at least one model"):
        side_from_army("Ana", ArmyList(BattleSize.STANDARD, ()), UNITS)


# Setup JSON -------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", list(Scenario))
def test_the_setup_travels_as_json_and_back(scenario: Scenario) -> None:
    original = setup(scenario, BattleSize.SKIRMISH)
    data = json.loads(json.dumps(AZEROTH.setup_to_json(original)))
    assert AZEROTH.setup_from_json(data) == original
    assert AZEROTH.seat_names(original) == ("Ana", "Ben")


def test_the_setup_json_holds_each_models_profile() -> None:
    data = AZEROTH.setup_to_json(setup())
    assert data["battle_size"] == "standard" and data["scenario"] == "annihilation"
    troll = data["sides"][0]["models"][2]
    assert troll == {
        "id": "troll-1",
        "name": "Troll",
        "slug": "troll",
        "points": 60,
        "wounds": 3,
        "tiers": ["baseline"],
        "mov": 6,
        "ini": 3,
        "magical": False,
        "keywords": {"Regeneration": 1},
        "abilities": [],
    }


def test_a_bad_setup_names_every_field() -> None:
    data = AZEROTH.setup_to_json(setup())
    data["battle_size"] = "huge"
    data["scenario"] = "capture"
    data["sides"][0]["name"] = ""
    data["sides"][0]["models"][3]["wounds"] = 0
    data["sides"][1]["models"][0]["tiers"] = ["wizard"]
    data["sides"][1]["models"][0]["keywords"] = {"Summon": -1}
    data["sides"][1]["models"][0]["abilities"][0]["type"] = "prayer"
    data["sides"][1]["models"][1]["magical"] = "yes"
    with pytest.raises(InvalidInput) as caught:
        AZEROTH.setup_from_json(data)
    assert set(caught.value.problems) == {
        "battle_size",
        "scenario",
        "sides.0.name",
        "sides.0.models.3.wounds",
        "sides.1.models.0.tiers",
        "sides.1.models.0.keywords.Summon",
        "sides.1.models.0.abilities.0.type",
        "sides.1.models.1.magical",
    }


def test_a_setup_must_be_an_object_with_two_sides() -> None:
    with pytest.raises(InvalidInput, match="object"):
        AZEROTH.setup_from_json([])  # type: ignore[arg-type]
    data = AZEROTH.setup_to_json(setup())
    data["sides"] = data["sides"][:1]
    with pytest.raises(InvalidInput) as caught:
        AZEROTH.setup_from_json(data)
    assert set(caught.value.problems) == {"sides"}
    data["sides"] = [None, {"name": "Ben", "models": []}]
    with pytest.raises(InvalidInput) as caught:
        AZEROTH.setup_from_json(data)
    assert set(caught.value.problems) == {"sides.0", "sides.1.models"}


def test_a_setup_refuses_two_models_with_one_id() -> None:
    data = AZEROTH.setup_to_json(setup())
    data["sides"][1]["models"][5]["id"] = "footman-1"
    with pytest.raises(InvalidInput) as caught:
        AZEROTH.setup_from_json(data)
    assert set(caught.value.problems) == {"sides.1.models.5.id"}


def test_an_assassination_needs_a_hero_on_each_side() -> None:
    heroless = side_from_army("Cy", army((2, "footman")), UNITS)
    with pytest.raises(InvalidInput) as caught:
        AZEROTH.initial_state(AzerothSetup((ANA, heroless), scenario=Scenario.ASSASSINATION))
    assert set(caught.value.problems) == {"sides.1.models"}


# Deployment (3.3) -------------------------------------------------------------------------


def test_the_game_starts_deploying_with_empty_mana_pools() -> None:
    state = new_game().state
    assert (state.round, state.stage.value) == (0, "Deployment")
    assert [s.mana.value for s in state.sides] == [0, 0]
    assert all(m.wounds_left == m.profile.wounds for s in state.sides for m in s.models)


def test_the_higher_edge_roll_chooses_and_the_other_places_first() -> None:
    game = act(new_game(size=BattleSize.LARGE), "edge_roll_off", 0, rolls=[6, 3])
    view = AZEROTH.view(game.state, None)["deployment"]
    assert view["edge_chooser"] == 0
    assert view["first_to_deploy"] == 1
    assert view["deployed_second"] == 0
    assert view["zone_depth"] == 6
    assert any("Ana chooses the table edge" in line for line in view["explanation"])


def test_a_tied_edge_roll_off_is_rolled_again() -> None:
    game = act(new_game(), "edge_roll_off", 0, rolls=[4, 4])
    view = AZEROTH.view(game.state, 1)
    assert view["deployment"]["edge_chooser"] is None
    assert view["pending_roll_off"] == "edge" and view["reroll_needed"]
    assert "roll off again" in view["deployment"]["explanation"][0]
    with pytest.raises(IllegalAction, match=r"Roll off for the table edge first \(3\.3\)"):
        act(game, "end_stage")
    game = act(game, "edge_roll_off", 1, rolls=[1, 2])
    assert game.state.edge_chooser == 1
    with pytest.raises(IllegalAction, match="Ben already chose the table edge"):
        act(game, "edge_roll_off", 1, rolls=[1, 2])


@pytest.mark.parametrize("rolls", [[0, 3], [7, 1], [3], "34", [True, 2]])
def test_a_roll_off_needs_two_dice(rolls: object) -> None:
    with pytest.raises(IllegalAction, match="two D6") as caught:
        act(new_game(), "edge_roll_off", 0, rolls=rolls)
    assert caught.value.field == "payload.rolls"


def test_the_edge_chooser_activates_first_in_round_one() -> None:
    game = act(deployed(), "end_stage")
    assert game.state.first == 1  # Ben chose the edge, deployed second (5.1, R65)
    view = AZEROTH.view(game.state, None)
    assert view["next_seat"] == 1
    assert view["checklist"][0] == {
        "step": "the player who deployed second activates first",
        "done": True,
    }


# Warlords (11) ----------------------------------------------------------------------------


def test_each_player_secretly_nominates_a_hero_as_warlord() -> None:
    game = act(new_game(Scenario.ASSASSINATION), "edge_roll_off", 0, rolls=[2, 5])
    with pytest.raises(IllegalAction, match="Orc Grunt 1 is not a Hero"):
        act(game, "nominate_warlord", 0, model="grunt-1")
    with pytest.raises(IllegalAction, match="Ana has no model 'sorceress-1'"):
        act(game, "nominate_warlord", 0, model="sorceress-1")
    game = act(game, "nominate_warlord", 0, model="warchief-1")
    with pytest.raises(IllegalAction, match=r"Ben must nominate a Warlord first \(11\)"):
        act(game, "end_stage")
    game = act(game, "nominate_warlord", 1, model="paladin-1")
    game = act(game, "nominate_warlord", 1, model="sorceress-1")  # changed before the game
    assert side(game, 1).warlord_id == "sorceress-1"
    assert act(game, "end_stage").state.round == 1


def test_a_warlord_is_seen_only_by_its_owner() -> None:
    game = deployed(Scenario.ASSASSINATION)
    own = AZEROTH.view(game.state, 0)["sides"]
    assert own[0]["warlord"] == "warchief-1" and own[1]["warlord"] is None
    assert [m["id"] for m in own[0]["models"] if m["warlord"]] == ["warchief-1"]
    assert not any(m["warlord"] for m in own[1]["models"])
    spectator = AZEROTH.view(game.state, None)
    assert "sorceress-1" not in json.dumps([s["warlord"] for s in spectator["sides"]]) and not any(
        m["warlord"] for s in spectator["sides"] for m in s["models"]
    )
    assert [s["warlord_nominated"] for s in spectator["sides"]] == [True, True]


def test_only_an_assassination_has_warlords() -> None:
    game = act(new_game(), "edge_roll_off", 0, rolls=[2, 5])
    with pytest.raises(IllegalAction, match="Only an Assassination"):
        act(game, "nominate_warlord", 0, model="warchief-1")


def test_a_warlord_nomination_never_shows_in_the_history() -> None:
    game = deployed(Scenario.ASSASSINATION)
    lines = [AZEROTH.describe(a, setup(Scenario.ASSASSINATION)) for a in game.log]
    assert "Ana: nominates their Warlord (kept secret)" in lines
    assert not any("Warchief" in line or "Sorceress" in line for line in lines)


# The view ---------------------------------------------------------------------------------


def _plain(value: object) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def test_the_view_is_plain_json_with_the_keys_the_page_shows() -> None:
    view = AZEROTH.view(act(deployed(), "end_stage").state, 0)
    assert _plain(view)
    assert json.loads(json.dumps(view)) == view
    for key in ("round", "stage", "checklist", "next_seat", "pending_roll_off", "sides"):
        assert key in view
    assert view["winner"] is None and view["reason"] == ""
    assert set(view["summary"]) == {"sides", "explanation"}
    model = view["sides"][0]["models"][0]
    for key in (
        "id",
        "name",
        "wounds",
        "max_wounds",
        "status",
        "activated",
        "hero",
        "summoned_rounds_left",
        "taunted_by",
        "grounded",
    ):
        assert key in model
    for key in ("name", "mana", "mana_breakdown", "opportunity_attacks_used", "morale_tests"):
        assert key in view["sides"][1]
    assert view["sides"][1]["mana_cap"] == 10  # 8.1


def test_the_deployment_checklist_shows_what_is_done() -> None:
    game = new_game(Scenario.ASSASSINATION)
    steps = AZEROTH.view(game.state, None)["checklist"]
    assert [s["step"] for s in steps] == [
        "roll off for the table edge",
        "nominate Warlords in secret",
        "deploy, alternating one unit at a time",
    ]
    game = act(game, "edge_roll_off", 0, rolls=[3, 1])
    assert AZEROTH.view(game.state, None)["checklist"][0]["done"]
    plain = AZEROTH.view(new_game().state, None)["checklist"]
    assert "nominate Warlords in secret" not in [s["step"] for s in plain]


def test_it_rejects_an_unknown_action_and_an_unknown_seat() -> None:
    with pytest.raises(IllegalAction, match="no action called 'fireball'"):
        act(new_game(), "fireball")
    with pytest.raises(IllegalAction, match="seats 0 and 1"):
        act(new_game(), "end_stage", 2)
