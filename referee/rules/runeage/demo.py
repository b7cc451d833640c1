"""A made-up demonstration catalog for Rune Age, for trying the tracker out.

Everything here is invented for this project (unit, stronghold, city, event, objective and
rune power names, and every number) except the names the rulebook's rules themselves use:
the four races, the scenarios, each scenario's three neutral card types (The Scenarios) and
the events its solo and cooperative rules remove. A table playing the published game imports
its own catalog (see docs/catalogs.md).
"""

from __future__ import annotations

from referee.rules.runeage.cards import JSON, Catalog, catalog_from_json

DEMO_NAME = "Rune Age demonstration cards (made up, not the published game's)"


def _race(
    name: str, realm: str, units: list[tuple[str, int]], holds: list[str], monument: str
) -> JSON:
    costs = (1, 2, 3, 5)
    copies = (8, 4, 4, 3)  # Component List: 32, 16, 16 and 12 faction units over 4 races
    return {
        "name": name,
        "home_realm": realm,
        "units": [
            {"name": unit, "cost": cost, "strength": strength, "copies": count}
            for (unit, strength), cost, count in zip(units, costs, copies, strict=True)
        ],
        "strongholds": [{"name": h, "gold": 4, "strength": 2, "influence": 1} for h in holds],
        "monument": {"name": monument, "gold": 12},
    }


TEXTS = {
    "Bountiful Harvest": "Made up: during the next round, each player's first Spend Influence "
    "action gives 1 more influence.",
    "Scorched Fields": "Made up: attacks the Home Realms in play order until a player repels it.",
    "Dragonlord Herald": "Made up: at the start of the event phase, each player places 1 damage "
    "on their Home Realm.",
    "Skirmish Lines": "Made up: during the next round, sieges add 1 to the defender's strength.",
    "Siege Rains": "Made up: attacks the Home Realms in play order until a player repels it.",
    "Rune Golem": "Made up: at the start of the event phase, the first player places 1 damage on "
    "their Home Realm.",
    "Rising Tide": "Made up: attacks the Home Realms in play order until a player repels it.",
    "Ash Giant": "Made up: at the start of the event phase, place 1 damage on each Home Realm.",
    "World Eater": "Made up: at the start of the event phase, place 2 damage on each Home Realm.",
    "Famine": "Made up: during the next round, gold cards cost 1 more influence.",
    "Golem Foreman": "Made up: at the start of the event phase, each player may keep 1 card free.",
}


def _events(*rows: tuple[str, int, str, int, int, str]) -> list[JSON]:
    """(name, stage, kind, strength, attrition icons, options) rows; options are words:
    reward:gold:1, attacks, repel (stops once repelled), next (lasts during the next round),
    start, solo, coop. ``TEXTS`` gives some of them a made-up text."""
    events: list[JSON] = []
    for name, stage, kind, strength, attrition, options in rows:
        event: dict[str, JSON] = {
            "name": name,
            "stage": stage,
            "kind": kind,
            "strength": strength,
            "attrition": attrition,
        }
        if name in TEXTS:
            event["text"] = TEXTS[name]
        for option in options.split():
            if option.startswith("reward:"):
                _, resource, value = option.split(":")
                event["reward"] = resource
                event["reward_value"] = int(value)
            else:
                key = {
                    "attacks": "attacks",
                    "repel": "until_repelled",
                    "next": "next_round",
                    "start": "start_of_event_phase",
                    "solo": "solo_removed",
                    "coop": "cooperative_removed",
                }[option]
                event[key] = True
        events.append(event)
    return events


DEMO_JSON: dict[str, JSON] = {
    "name": DEMO_NAME,
    "demonstration": True,
    "races": [
        _race(
            "Daqan Lords",
            "Hearthold Keep",
            [
                ("Levy Spearman", 1),
                ("Shieldwall Sergeant", 2),
                ("Lance Rider", 3),
                ("Iron Colossus", 6),
            ],
            ["Millbridge Watch", "Greyfen Tower", "Stonecross Fort"],
            "Beacon of the Thirteen",
        ),
        _race(
            "Latari Elves",
            "Glimmerbough",
            [
                ("Grove Scout", 1),
                ("Moonbow Archer", 2),
                ("Thornblade Dancer", 3),
                ("Starwing Lord", 6),
            ],
            ["Leafshade Post", "Silverbrook Hall", "Dawnroot Spire"],
            "Tree of First Light",
        ),
        _race(
            "Waiqar the Undying",
            "Ashen Barrow",
            [("Risen Thrall", 1), ("Bone Archer", 2), ("Grave Knight", 3), ("Wraith Colossus", 6)],
            ["Mistgate Crypt", "Hollow Chapel", "Cinder Ossuary"],
            "Obelisk of Unending Night",
        ),
        _race(
            "Uthuk Y'llan",
            "Scarred Hollow",
            [("Blood Runner", 1), ("Spur Warrior", 2), ("Hide Shaman", 3), ("Pit Fiend", 6)],
            ["Gorge Camp", "Bonefire Ring", "Howling Pass"],
            "Altar of the Red Moon",
        ),
    ],
    "neutrals": [
        {"name": "Battle Cry", "kind": "tactic", "influence": 2, "strength": 2},
        {"name": "Forced March", "kind": "tactic", "influence": 1, "strength": 1},
        {"name": "Demon", "kind": "unit", "influence": 5, "strength": 5},
        {"name": "Summon Lightning", "kind": "tactic", "influence": 3, "strength": 3},
        {"name": "Manticore", "kind": "unit", "influence": 4, "strength": 3},
        {"name": "Dragon", "kind": "unit", "influence": 6, "strength": 6},
        {"name": "Pillage", "kind": "tactic", "influence": 2, "strength": 0},
        {"name": "Naga", "kind": "unit", "influence": 3, "strength": 2},
        {"name": "Sorcerer", "kind": "unit", "influence": 3, "strength": 2},
        {"name": "Mind Control", "kind": "tactic", "influence": 4, "strength": 0},
    ],
    "cities": [
        {"name": "Amberfield", "influence": 1, "strength": 3, "defense": 1},
        {"name": "Saltmarsh", "influence": 1, "strength": 3, "defense": 1},
        {"name": "Wyrmford", "influence": 2, "strength": 4, "defense": 2},
        {"name": "Copperdale", "influence": 2, "strength": 4, "defense": 2},
        {"name": "Highmoor", "influence": 2, "strength": 5, "defense": 2},
        {"name": "Lanternport", "influence": 3, "strength": 6, "defense": 3},
        {"name": "Ravenhold", "influence": 3, "strength": 6, "defense": 3},
        {"name": "Glasswater", "influence": 1, "strength": 2, "defense": 1},
    ],
    "gold": [
        {"value": 1, "influence": 1},
        {"value": 2, "influence": 3},
        {"value": 3, "influence": 5},
    ],
    "scenarios": [
        {
            "key": "dragonlords",
            "neutrals": ["Battle Cry", "Forced March", "Demon"],
            "objective": {"name": "Dragonlord Vyrakhan", "strength": 16, "attrition": 2},
            "events": _events(
                ("Cinder Drake", 1, "enemy", 6, 1, "reward:gold:1"),
                ("Marauding Wyvern", 1, "enemy", 5, 1, ""),
                ("Bountiful Harvest", 1, "instant", 0, 0, "solo next"),
                ("Scorched Fields", 1, "instant", 4, 0, "attacks repel"),
                ("Ash Cultists", 1, "enemy", 4, 0, "reward:influence:1"),
                ("Dragonlord Herald", 2, "enemy", 9, 1, "reward:influence:2 start"),
                ("Firestorm", 2, "instant", 7, 0, "attacks"),
                ("Wyrm Brood", 2, "enemy", 8, 2, ""),
                ("Burning Sky", 2, "instant", 6, 1, "attacks"),
                ("Drakeguard Host", 2, "enemy", 10, 1, "reward:gold:2"),
            ),
        },
        {
            "key": "runewars",
            "neutrals": ["Summon Lightning", "Manticore", "Dragon"],
            "objective": {"name": "The Last Rune", "strength": 1},
            "events": _events(
                ("Dragon Rune Discovery", 1, "instant", 0, 0, ""),
                ("Border Raiders", 1, "enemy", 4, 0, "reward:gold:1"),
                ("Storm of Ash", 1, "instant", 3, 0, "attacks"),
                ("Rune Thief", 1, "enemy", 5, 1, ""),
                ("Skirmish Lines", 1, "instant", 0, 0, "next"),
                ("Warlord's Muster", 2, "enemy", 8, 1, "reward:influence:2"),
                ("Siege Rains", 2, "instant", 6, 0, "attacks repel"),
                ("Rune Golem", 2, "enemy", 9, 1, "start"),
                ("Bloodied Banners", 2, "instant", 0, 0, ""),
                ("Ravager Horde", 2, "instant", 7, 1, "attacks"),
            ),
        },
        {
            "key": "cataclysm",
            "neutrals": ["Pillage", "Naga", "Demon"],
            "objective": {"name": "Weather the End", "strength": 1},
            "events": _events(
                ("Tremors", 1, "instant", 3, 0, "attacks"),
                ("Plague Swarm", 1, "enemy", 5, 1, ""),
                ("The Guardian Obelisk", 1, "enemy", 6, 0, "reward:influence:1 solo"),
                ("Falling Stars", 2, "instant", 5, 0, "attacks"),
                ("Ash Giant", 2, "enemy", 8, 1, "start"),
                ("Rising Tide", 2, "instant", 6, 1, "attacks repel"),
                ("Sundered Earth", 3, "instant", 8, 1, "attacks"),
                ("World Eater", 3, "enemy", 11, 2, "start"),
                ("Brother Against Brother", 3, "instant", 0, 0, "solo coop"),
                ("The Final Night", 3, "instant", 9, 1, "attacks"),
            ),
        },
        {
            "key": "monument",
            "neutrals": ["Sorcerer", "Naga", "Mind Control"],
            "objective": {"name": "Raise the Monument", "strength": 1},
            "events": _events(
                ("Quarry Collapse", 1, "instant", 0, 0, ""),
                ("Gold Rush", 1, "instant", 0, 0, ""),
                ("Bandit Chief", 1, "enemy", 5, 0, "reward:gold:1"),
                ("Hill Troll", 1, "enemy", 6, 1, ""),
                ("Envoy's Gift", 1, "instant", 0, 0, ""),
                ("Sky Serpent", 2, "enemy", 8, 1, "reward:gold:2"),
                ("Sandstorm", 2, "instant", 5, 0, "attacks"),
                ("Golem Foreman", 2, "enemy", 9, 1, "reward:influence:2 start"),
                ("Famine", 2, "instant", 0, 0, "next"),
                ("Earthshaker", 2, "instant", 7, 1, "attacks"),
            ),
        },
    ],
    "rune_powers": [
        {"name": "Rune of Embers", "text": "Made up: once per round, +2 strength in a battle."},
        {"name": "Rune of Tides", "text": "Made up: once per round, draw a card."},
        {"name": "Rune of Stone", "text": "Made up: once per round, 1 influence."},
        {"name": "Rune of Gales", "text": "Made up: once per round, 1 gold."},
        {"name": "Rune of Shadows", "text": "Made up: once per round, +1 strength in a siege."},
        {"name": "Rune of Dawn", "text": "Made up: once per round, keep a card for free."},
    ],
}

DEMO: Catalog = catalog_from_json(DEMO_JSON)
