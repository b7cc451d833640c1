"""AZRAH: War of Heralds catalog files: ``guardians`` (Guardian and Transformation cards) and
``shared_cards`` (Curse and Item cards) (Anatomy of a Card); and a catalog's cards as the rules
engine sees them, by card ID (``guardian_cards``, ``shared_cards``, ``roster_cards``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.catalogs.reading import (
    CARD_ID,
    Entry,
    Problems,
    check_unique,
    entry_label,
    one_of,
    section,
)
from games.models import Catalog
from referee.rules.azrah import cards as engine
from referee.rules.azrah.cards import MAX_TARGETS, Position

from .models import Guardian, SharedCard

SECTIONS = ("guardians", "shared_cards")
GUARDIAN_FIELDS = (
    "id",
    "name",
    "kind",
    "hit_points",
    "range_arrows",
    "emergence",
    "abilities",
    "base_form",
)
ABILITY_FIELDS = ("name", "mana", "gems", "quick", "target_enemy", "targets", "text")
SHARED_FIELDS = ("id", "kind", "name", "creator", "text")
ID_HELP = "use letters, digits, '-', '_' or '.', like 'AZR-001'"
KINDS = (Guardian.GUARDIAN, Guardian.TRANSFORMATION)
SHARED_KINDS = (SharedCard.CURSE, SharedCard.ITEM)

HIT_POINTS = (1, 30)
MANA = (0, 10)  # a player has ten Mana cards (Game Setup)
GEMS = (0, 3)  # and three Celestial Gems
TARGETS = (1, MAX_TARGETS)  # enemies an ability targets: a front row holds three


def check(data: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    guardians = [
        check_guardian(problems, entry_label("guardians", i, item), item)
        for i, item in enumerate(section(problems, data, "guardians"))
    ]
    shared = [
        check_shared_card(problems, entry_label("shared_cards", i, item), item)
        for i, item in enumerate(section(problems, data, "shared_cards"))
    ]
    # A roster is fifteen Guardians with different names (Game Setup), and lists name them.
    check_unique(
        problems, [(g["label"], g["name"]) for g in guardians], "name", "name", fold_case=True
    )
    ids = [(g["label"], g["card_id"]) for g in guardians] + [
        (s["label"], s["card_id"]) for s in shared
    ]
    check_unique(problems, ids, "id", "card ID", fold_case=True)

    base_names = {g["name"] for g in guardians if g["kind"] == Guardian.GUARDIAN and g["name"]}
    every_name = {g["name"] for g in guardians if g["name"]}
    for g in guardians:
        if g["kind"] == Guardian.TRANSFORMATION and g["base_form"] not in base_names | {""}:
            problems.add(
                g["label"], "base_form", f"{g['base_form']!r} is not a Guardian in this catalog"
            )
    for s in shared:
        if s["creator"] and s["creator"] not in every_name:
            problems.add(
                s["label"], "creator", f"{s['creator']!r} is not a Guardian in this catalog"
            )
    return {"guardians": guardians, "shared_cards": shared}


def _check_ability(entry: Entry, field: str, data: object) -> dict[str, Any]:
    ability = Entry(entry.problems, entry.label, data, ABILITY_FIELDS, field)
    target_enemy = ability.boolean("target_enemy", default=False)
    targets = ability.integer("targets", *TARGETS, default=1) or 1
    if targets != 1 and not target_enemy:
        ability.add("targets", 'only an ability that says "target enemy" announces targets')
    return {
        "name": ability.text("name"),
        "mana": ability.integer("mana", *MANA, default=0),
        "gems": ability.integer("gems", *GEMS, default=0),
        # a quick ability may answer an enemy's (Activating and Resolving Abilities)
        "quick": ability.boolean("quick", default=False),
        # its effect says "target enemy": range arrows govern it (Range Arrows and
        # Targeting Enemies)
        "target_enemy": target_enemy,
        # how many enemies it may announce: one for "target enemy", up to the front row's
        # three for "any number of target enemies" (R112)
        "targets": targets,
        "text": ability.text("text", default="", blank=True, max_length=2000),
    }


def check_guardian(problems: Problems, label: str, data: object) -> dict[str, Any]:
    entry = Entry(problems, label, data, GUARDIAN_FIELDS)
    kind = entry.text("kind", default=Guardian.GUARDIAN, max_length=20)
    if kind and kind not in KINDS:
        entry.add("kind", f"{kind!r} is not one of {one_of(KINDS)}")
    arrows: list[str] = []
    raw_arrows = entry.array("range_arrows")
    for i, value in enumerate(raw_arrows):
        position = entry.check_choice(f"range_arrows[{i}]", value, Position)
        if position and position.value in arrows:
            entry.add(f"range_arrows[{i}]", f"repeats the arrow {position.value!r}")
        elif position:
            arrows.append(position.value)
    if "range_arrows" in entry.data and isinstance(raw_arrows, list) and not raw_arrows:
        entry.add("range_arrows", "needs at least one arrow (every Guardian has range arrows)")
    emergence_data = entry.raw("emergence", None)
    emergence = (
        None if emergence_data is None else _check_ability(entry, "emergence", emergence_data)
    )
    abilities = [
        _check_ability(entry, f"abilities[{i}]", item)
        for i, item in enumerate(entry.array("abilities", default=[]))
    ]
    base_form = entry.optional_text("base_form")
    if kind == Guardian.TRANSFORMATION and not base_form:
        entry.add("base_form", "a Transformation card names its base form (a Guardian)")
    elif kind == Guardian.GUARDIAN and base_form:
        entry.add("base_form", "only a Transformation card has a base form: use null")
    return {
        "label": label,
        "card_id": entry.text("id", max_length=40, pattern=CARD_ID, pattern_help=ID_HELP),
        "name": entry.text("name"),
        "kind": kind,
        "hit_points": entry.integer("hit_points", *HIT_POINTS),
        "range_arrows": [p.value for p in Position if p.value in arrows],
        "emergence": emergence,
        "abilities": abilities,
        "base_form": base_form or "",
    }


def check_shared_card(problems: Problems, label: str, data: object) -> dict[str, Any]:
    entry = Entry(problems, label, data, SHARED_FIELDS)
    kind = entry.text("kind", max_length=10)
    if kind and kind not in SHARED_KINDS:
        entry.add("kind", f"{kind!r} is not one of {one_of(SHARED_KINDS)}")
    return {
        "label": label,
        "card_id": entry.text("id", max_length=40, pattern=CARD_ID, pattern_help=ID_HELP),
        "kind": kind,
        "name": entry.text("name"),
        "creator": entry.text("creator"),
        "text": entry.text("text", default="", blank=True, max_length=2000),
    }


def write(catalog: Catalog, cleaned: dict[str, Any]) -> None:
    Guardian.objects.bulk_create(
        Guardian(catalog=catalog, position=i, **{k: v for k, v in g.items() if k != "label"})
        for i, g in enumerate(cleaned["guardians"])
    )
    SharedCard.objects.bulk_create(
        SharedCard(catalog=catalog, position=i, **{k: v for k, v in s.items() if k != "label"})
        for i, s in enumerate(cleaned["shared_cards"])
    )


def _export_ability(ability: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "name": ability["name"],
        "mana": ability["mana"],
        "gems": ability["gems"],
        "quick": bool(ability.get("quick", False)),
        "target_enemy": bool(ability.get("target_enemy", False)),
        **({"targets": int(ability.get("targets", 1))} if ability.get("target_enemy") else {}),
        "text": ability["text"],
    }


def export(catalog: Catalog) -> dict[str, Any]:
    return {
        "guardians": [
            {
                "id": g.card_id,
                "name": g.name,
                "kind": g.kind,
                "hit_points": g.hit_points,
                "range_arrows": [p.value for p in Position if p.value in g.range_arrows],
                "emergence": _export_ability(g.emergence) if g.emergence else None,
                "abilities": [_export_ability(a) for a in g.abilities],
                "base_form": g.base_form or None,
            }
            for g in catalog.guardians.all()
        ],
        "shared_cards": [
            {"id": s.card_id, "kind": s.kind, "name": s.name, "creator": s.creator, "text": s.text}
            for s in catalog.shared_cards.all()
        ],
    }


# --- the catalog as the rules engine sees it ---


def guardian_cards(catalog: Catalog) -> dict[str, engine.Guardian]:
    """Guardian and Transformation cards by card ID."""
    return {guardian.card_id: guardian.to_engine() for guardian in catalog.guardians.all()}


def shared_cards(catalog: Catalog) -> dict[str, engine.SharedCard]:
    """Curse and Item cards by card ID."""
    return {card.card_id: card.to_engine() for card in catalog.shared_cards.all()}


RosterCards = dict[str, engine.Guardian | engine.SharedCard]


def roster_cards(catalog: Catalog) -> RosterCards:
    """Guardians, Transformations, Curses and Items by card ID: what a roster can name."""
    return {**guardian_cards(catalog), **shared_cards(catalog)}
