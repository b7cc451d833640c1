"""The example setup ``AzrahSystem.example_setup`` gives: two parties of the starter
catalog's Guardians (games/systems/azrah/starter.json, made-up demonstration cards), each
Guardian with its card as a setup carries it, so the published example is a game whose
abilities are checked against their cards like any other. A test keeps these cards equal to
the catalog."""

from __future__ import annotations

import copy

from referee.rules.tracker import JSON

EXAMPLE_CARDS: dict[str, dict[str, JSON]] = {
    "Aurelia, Dawn Warden": {
        "name": "Aurelia, Dawn Warden",
        "range_arrows": ["centre"],
        "emergence": {
            "name": "Daybreak",
            "mana": 0,
            "gems": 0,
            "quick": False,
            "target_enemy": False,
            "text": "Heal 1 damage from each Guardian in your front row.",
        },
        "abilities": [
            {
                "name": "Radiant Lance",
                "mana": 2,
                "gems": 0,
                "quick": False,
                "target_enemy": True,
                "targets": 1,
                "text": "Deal 2 damage to a target enemy.",
            }
        ],
    },
    "Nyx Lanternbearer": {
        "name": "Nyx Lanternbearer",
        "range_arrows": ["left", "centre"],
        "emergence": None,
        "abilities": [
            {
                "name": "Shadow Flicker",
                "mana": 1,
                "gems": 0,
                "quick": True,
                "target_enemy": True,
                "targets": 1,
                "text": "Deal 1 damage to a target enemy.",
            },
            {
                "name": "Eclipse",
                "mana": 0,
                "gems": 1,
                "quick": False,
                "target_enemy": True,
                "targets": 1,
                "text": "A target enemy cannot activate abilities "
                "during its controller's next turn.",
            },
        ],
    },
    "Solace the Mender": {
        "name": "Solace the Mender",
        "range_arrows": ["centre"],
        "emergence": {
            "name": "Soothing Light",
            "mana": 0,
            "gems": 0,
            "quick": False,
            "target_enemy": False,
            "text": "Heal 2 damage from a Guardian in your front row.",
        },
        "abilities": [
            {
                "name": "Mend",
                "mana": 1,
                "gems": 0,
                "quick": True,
                "target_enemy": False,
                "text": "Heal 1 damage from a Guardian in your party.",
            }
        ],
    },
    "Ironbark Sentinel": {
        "name": "Ironbark Sentinel",
        "range_arrows": ["centre"],
        "emergence": None,
        "abilities": [
            {
                "name": "Bulwark",
                "mana": 2,
                "gems": 0,
                "quick": True,
                "target_enemy": False,
                "text": "Until your next turn, damage dealt to this Guardian is reduced by 1.",
            }
        ],
    },
    "Vesper Starcaller": {
        "name": "Vesper Starcaller",
        "range_arrows": ["left", "centre", "right"],
        "emergence": {
            "name": "Falling Star",
            "mana": 0,
            "gems": 0,
            "quick": False,
            "target_enemy": True,
            "targets": 1,
            "text": "Deal 1 damage to a target enemy.",
        },
        "abilities": [
            {
                "name": "Starfall",
                "mana": 3,
                "gems": 0,
                "quick": False,
                "target_enemy": False,
                "text": "Deal 1 damage to every enemy in the front row.",
            }
        ],
    },
    "Korrin Stormhand": {
        "name": "Korrin Stormhand",
        "range_arrows": ["right"],
        "emergence": None,
        "abilities": [
            {
                "name": "Thunderclap",
                "mana": 2,
                "gems": 0,
                "quick": False,
                "target_enemy": True,
                "targets": 1,
                "text": "Deal 3 damage to a target enemy.",
            }
        ],
    },
    "Seraphine of the Veil": {
        "name": "Seraphine of the Veil",
        "range_arrows": ["left", "right"],
        "emergence": {
            "name": "Veiled Step",
            "mana": 0,
            "gems": 0,
            "quick": False,
            "target_enemy": False,
            "text": "Swap two Guardians in your back row.",
        },
        "abilities": [
            {
                "name": "Mirror Veil",
                "mana": 0,
                "gems": 0,
                "quick": True,
                "target_enemy": True,
                "targets": 1,
                "text": "Deal 1 damage to a target enemy.",
            },
            {
                "name": "Rewind",
                "mana": 1,
                "gems": 2,
                "quick": False,
                "target_enemy": False,
                "text": "Take an extra turn after this one.",
            },
        ],
    },
    "Thorne Wildcaller": {
        "name": "Thorne Wildcaller",
        "range_arrows": ["left"],
        "emergence": None,
        "abilities": [
            {
                "name": "Bramble Snare",
                "mana": 1,
                "gems": 0,
                "quick": False,
                "target_enemy": True,
                "targets": 1,
                "text": "A target enemy loses 1 Mana attached to it.",
            }
        ],
    },
    "Mirelle Tidewhisper": {
        "name": "Mirelle Tidewhisper",
        "range_arrows": ["centre", "right"],
        "emergence": {
            "name": "High Tide",
            "mana": 0,
            "gems": 0,
            "quick": False,
            "target_enemy": False,
            "text": "Gain 1 Mana.",
        },
        "abilities": [
            {
                "name": "Undertow",
                "mana": 2,
                "gems": 0,
                "quick": False,
                "target_enemy": True,
                "targets": 1,
                "text": "Move a target enemy to its controller's back "
                "row; they replace it with a Guardian of "
                "their choice.",
            }
        ],
    },
    "Oberon Ashheart": {
        "name": "Oberon Ashheart",
        "range_arrows": ["centre"],
        "emergence": None,
        "abilities": [
            {
                "name": "Cinder Strike",
                "mana": 2,
                "gems": 0,
                "quick": False,
                "target_enemy": True,
                "targets": 1,
                "text": "Deal 2 damage to a target enemy and 1 damage to this Guardian.",
            }
        ],
    },
}

# example_setup: two parties of the starter catalog's Guardians (games/systems/azrah/starter.json)
EXAMPLE_HIT_POINTS = {
    "Aurelia, Dawn Warden": 4,
    "Nyx Lanternbearer": 3,
    "Solace the Mender": 3,
    "Ironbark Sentinel": 6,
    "Vesper Starcaller": 3,
    "Korrin Stormhand": 4,
    "Seraphine of the Veil": 3,
    "Thorne Wildcaller": 4,
    "Mirelle Tidewhisper": 3,
    "Oberon Ashheart": 5,
}
EXAMPLE_PARTIES = (
    (
        "Ana",
        ("Aurelia, Dawn Warden", "Nyx Lanternbearer", "Solace the Mender"),
        ("Ironbark Sentinel", "Vesper Starcaller"),
    ),
    (
        "Ben",
        ("Korrin Stormhand", "Seraphine of the Veil", "Thorne Wildcaller"),
        ("Mirelle Tidewhisper", "Oberon Ashheart"),
    ),
)


def example_setup() -> dict[str, JSON]:
    """Two parties of the starter catalog's Guardians, each with its card as printed (as
    a game from saved rosters carries them), Ana playing first."""
    return {
        "first_player": 0,
        "players": [
            {
                "name": name,
                "front": list(front),
                "back": list(back),
                "hit_points": {g: EXAMPLE_HIT_POINTS[g] for g in (*front, *back)},
                "cards": [copy.deepcopy(EXAMPLE_CARDS[g]) for g in (*front, *back)],
            }
            for name, front, back in EXAMPLE_PARTIES
        ],
    }
