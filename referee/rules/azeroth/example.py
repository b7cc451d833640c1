"""An example Azeroth at War setup for other tools: two small armies from the starter
catalog (games/systems/azeroth/starter.json), copied model by model as the setup keeps
them, for an Assassination game of standard size (11)."""

from __future__ import annotations

from referee.rules.tracker import JSON


def _numbered(model: dict[str, JSON], count: int) -> list[dict[str, JSON]]:
    """``count`` models of one catalog unit, told apart by a number in id and name."""
    return [
        {"id": f"{model['slug']}-{n}", **model, "name": f"{model['name']} {n}"}
        for n in range(1, count + 1)
    ]


ORC_GRUNT: dict[str, JSON] = {
    "name": "Orc Grunt",
    "slug": "orc-grunt",
    "points": 45,
    "wounds": 2,
    "tiers": ["baseline"],
    "mov": 5,
    "ini": 3,
    "magical": False,
    "keywords": {},
    "abilities": [],
}
FOOTMAN: dict[str, JSON] = {
    "name": "Footman",
    "slug": "footman",
    "points": 50,
    "wounds": 2,
    "tiers": ["baseline"],
    "mov": 5,
    "ini": 3,
    "magical": False,
    "keywords": {},
    "abilities": [{"name": "Defend", "type": "instant", "mana_cost": 1}],
}

EXAMPLE_SETUP: dict[str, JSON] = {
    "battle_size": "standard",
    "scenario": "assassination",
    "sides": [
        {
            "name": "Ana",
            "models": [
                {
                    "id": "thrall-warchief-1",
                    "name": "Thrall, Warchief of the Horde",
                    "slug": "thrall-warchief",
                    "points": 175,
                    "wounds": 6,
                    "tiers": ["hero"],
                    "mov": 6,
                    "ini": 3,
                    "magical": True,
                    "keywords": {"Decisive Blow": 2},
                    "abilities": [
                        {"name": "Chain Lightning", "type": "spell_shoot", "mana_cost": 2},
                        {"name": "Bloodlust", "type": "buff", "mana_cost": 2},
                        {"name": "Earthquake", "type": "blast", "mana_cost": 3},
                    ],
                },
                {
                    "id": "orc-shaman-1",
                    "name": "Orc Shaman",
                    "slug": "orc-shaman",
                    "points": 80,
                    "wounds": 3,
                    "tiers": ["elite"],
                    "mov": 5,
                    "ini": 4,
                    "magical": True,
                    "keywords": {},
                    "abilities": [
                        {"name": "Lightning Shield", "type": "buff", "mana_cost": 1},
                        {"name": "Chain Lightning", "type": "spell_shoot", "mana_cost": 2},
                    ],
                },
                {
                    "id": "korkron-shieldbearer-1",
                    "name": "Kor'kron Shieldbearer",
                    "slug": "korkron-shieldbearer",
                    "points": 85,
                    "wounds": 3,
                    "tiers": ["elite"],
                    "mov": 4,
                    "ini": 2,
                    "magical": False,
                    "keywords": {"Taunt": 0},
                    "abilities": [],
                },
                *_numbered(ORC_GRUNT, 2),
            ],
        },
        {
            "name": "Ben",
            "models": [
                {
                    "id": "jaina-proudmoore-1",
                    "name": "Jaina Proudmoore",
                    "slug": "jaina-proudmoore",
                    "points": 160,
                    "wounds": 5,
                    "tiers": ["hero"],
                    "mov": 5,
                    "ini": 4,
                    "magical": True,
                    "keywords": {"Spell Block": 0},
                    "abilities": [
                        {"name": "Frostbolt", "type": "spell_shoot", "mana_cost": 1},
                        {"name": "Blizzard", "type": "blast", "mana_cost": 3},
                        {"name": "Brilliance Aura", "type": "buff", "mana_cost": 2},
                    ],
                },
                {
                    "id": "paladin-1",
                    "name": "Paladin",
                    "slug": "paladin",
                    "points": 115,
                    "wounds": 5,
                    "tiers": ["hero"],
                    "mov": 5,
                    "ini": 2,
                    "magical": False,
                    "keywords": {},
                    "abilities": [
                        {"name": "Holy Light", "type": "instant", "mana_cost": 1},
                        {"name": "Devotion Aura", "type": "buff", "mana_cost": 2},
                        {"name": "Divine Shield", "type": "reaction", "mana_cost": 2},
                    ],
                },
                {
                    "id": "priest-1",
                    "name": "Priest",
                    "slug": "priest",
                    "points": 60,
                    "wounds": 2,
                    "tiers": ["baseline"],
                    "mov": 5,
                    "ini": 4,
                    "magical": True,
                    "keywords": {},
                    "abilities": [
                        {"name": "Heal", "type": "instant", "mana_cost": 1},
                        {"name": "Inner Fire", "type": "buff", "mana_cost": 2},
                    ],
                },
                *_numbered(FOOTMAN, 2),
            ],
        },
    ],
}
