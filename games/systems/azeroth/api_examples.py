"""The examples of Azeroth at War's odds endpoints, shown in the OpenAPI schema and the
interactive docs (``games.api.examples`` says how): each request, and the 400 a bad one gets.
The tests send each request and error example and compare the answers with these."""

from __future__ import annotations

from typing import Any

ATTACK_REQUEST: dict[str, Any] = {
    "mode": "melee",
    "attacker": {
        "atk": 4,
        "skl": 3,
        "str": 4,
        "ini": 3,
        "armor": "MA",
        "weapons": ["HW"],
        "wounds": 2,
        "keywords": {"momentum": 1},
    },
    "defender": {"tgh": 4, "def": 4, "ini": 2, "armor": "HA", "weapons": ["SW", "SH"], "wounds": 2},
    "situation": {"charging": True},
}

ATTACK_PLAN_REQUEST: dict[str, Any] = {**ATTACK_REQUEST, "goal": 0.75}

ATTACK_CLEAVE_REQUEST: dict[str, Any] = {
    "mode": "melee",
    "attacker": {
        "atk": 6,
        "skl": 3,
        "str": 5,
        "ini": 3,
        "wounds": 3,
        "keywords": {"cleave": True, "decisive_blow": 1},
    },
    "defender": {"tgh": 4, "def": 5, "ini": 2, "wounds": 2},
    "second_target": {"tgh": 3, "def": None, "ini": 2, "wounds": 1},
}

ATTACK_INTO_MELEE_REQUEST: dict[str, Any] = {
    "mode": "ranged",
    "attacker": {
        "atk": 3,
        "skl": 3,
        "str": 3,
        "ranged_str": 4,
        "ini": 3,
        "armor": "LA",
        "weapons": ["RW"],
        "wounds": 1,
        "keywords": {"precision_shot": True},
    },
    "defender": {"tgh": 4, "def": 5, "ini": 2, "wounds": 1},
    "situation": {"hold": True, "into_melee": True},
    "friendly": {"tgh": 3, "def": 5, "ini": 3, "wounds": 1},
}

ATTACK_BAD_REQUEST: dict[str, Any] = {
    "mode": "melee",
    "attacker": {"atk": 400, "skl": 3, "str": 4, "ini": 3, "wounds": 2, "colour": "red"},
    "defender": {"tgh": 4, "ini": 2, "wounds": 2},
}

ATTACK_BAD_RESPONSE: dict[str, Any] = {
    "detail": "3 fields are invalid: attacker.atk, attacker.colour, defender.def.",
    "errors": {
        "attacker.atk": ["Ensure this value is less than or equal to 200."],
        "attacker.colour": ["Unknown field."],
        "defender.def": ["This field is required."],
    },
}

MORALE_REQUEST: dict[str, Any] = {"tier": "elite", "fear_nearby": True, "command_aura": True}

MORALE_TRIGGER_REQUEST: dict[str, Any] = {
    "tier": "baseline",
    "trigger": {"starting_wounds": 4, "wounds_lost_this_turn": 2},
}

MORALE_BAD_REQUEST: dict[str, Any] = {"tier": "legendary", "fear_nearby": "yes"}

MORALE_BAD_RESPONSE: dict[str, Any] = {
    "detail": "2 fields are invalid: tier, fear_nearby.",
    "errors": {
        "tier": ['"legendary" is not one of: baseline, mounted, elite, hero.'],
        "fear_nearby": ["Must be a valid boolean."],
    },
}

SPELL_REQUEST: dict[str, Any] = {
    "ability_type": "buff",
    "mana_cost": 2,
    "spell_block": True,
    "dispeller": "magical_hero",
    "defender_mana": 3,
}

SPELL_BAD_REQUEST: dict[str, Any] = {"ability_type": "buff", "mana_cost": 11}

SPELL_BAD_RESPONSE: dict[str, Any] = {
    "detail": "mana_cost: Ensure this value is less than or equal to 10.",
    "errors": {"mana_cost": ["Ensure this value is less than or equal to 10."]},
}

BLAST_REQUEST: dict[str, Any] = {
    "template": "large",
    "caster_skl": 3,
    "strength": 4,
    "targets": [
        {"label": "Footmen", "distance": 0.0, "base_mm": 25, "tgh": 3, "def": 5},
        {
            "label": "Knight",
            "distance": 3.5,
            "base_mm": 50,
            "tgh": 4,
            "def": 3,
            "armor": "HA",
            "weapons": ["SH"],
            "wounds_remaining": 2,
        },
        {"label": "Archer", "distance": 5.0, "base_mm": 25, "tgh": 3, "def": 6, "hard_cover": True},
    ],
}

BLAST_BAD_REQUEST: dict[str, Any] = {
    "template": "small",
    "caster_skl": 4,
    "strength": 4,
    "targets": [
        {"distance": 1.0, "base_mm": 25, "tgh": 3, "def": 5},
        {"distance": -2, "base_mm": 25, "tgh": 3, "def": 5},
    ],
}

BLAST_BAD_RESPONSE: dict[str, Any] = {
    "detail": "targets.1.distance: Ensure this value is greater than or equal to 0.0.",
    "errors": {"targets.1.distance": ["Ensure this value is greater than or equal to 0.0."]},
}
