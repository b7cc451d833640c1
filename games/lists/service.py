"""What the pages, the REST API and the batch job do with a list: read its JSON into the
engine's types, check it against a catalog, save it, share it and export it.

A saved list's ``payload`` is always the engine's own JSON form (``army_to_dict``,
``deck_to_dict``, ``roster_to_dict``), written back from the parsed list, so the stored
payload, the JSON export and what the engines read back are one and the same.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeAlias

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from referee.rules import SYSTEMS
from referee.rules.azeroth.army import (
    army_from_dict,
    army_to_dict,
    army_to_text,
    read_army_text,
    validate_army,
)
from referee.rules.azeroth.units import ArmyList, Unit
from referee.rules.azrah.cards import Guardian, Roster, SharedCard
from referee.rules.azrah.roster import (
    parse_roster_text,
    roster_from_dict,
    roster_to_dict,
    roster_to_text,
    validate_roster,
)
from referee.rules.azuki.cards import Card, Deck
from referee.rules.azuki.deck import (
    deck_from_dict,
    deck_to_dict,
    deck_to_text,
    parse_deck_text,
    validate_deck,
)
from referee.rules.errors import InvalidInput
from referee.rules.lists import Problem, Report
from referee.rules.textlists import in_line_order

from ..catalogs.engine import (
    azeroth_factions,
    azeroth_units,
    azrah_guardians,
    azrah_shared_cards,
    azuki_cards,
)
from ..catalogs.service import default_catalog
from ..models import CATALOG_SYSTEMS, Catalog, SavedList
from ..models.lists import new_share_token

EngineList: TypeAlias = ArmyList | Deck | Roster
EngineCatalog: TypeAlias = (
    Mapping[str, Unit] | Mapping[str, Card] | Mapping[str, Guardian | SharedCard]
)

MAX_NAME_LENGTH = SavedList._meta.get_field("name").max_length or 120
FORMATS: dict[str, str] = {
    "azeroth": "azeroth-army",
    "azuki": "azuki-deck",
    "azrah": "azrah-roster",
}
"""The ``format`` tag of each system's JSON list."""


def check_system(system: object) -> str:
    """The system slug, if lists of that system can be saved; else InvalidInput on
    ``system``."""
    if isinstance(system, str) and system in CATALOG_SYSTEMS:
        return system
    known = ", ".join(CATALOG_SYSTEMS)
    raise InvalidInput({"system": [f"Must be one of {known} (got {system!r})."]})


def system_name(system: str) -> str:
    """``Azeroth at War`` for ``azeroth``."""
    return SYSTEMS[system].name if system in SYSTEMS else system


def payload_to_engine(system: str, payload: Mapping[str, Any]) -> EngineList:
    """Read a list in its system's JSON form into the engine's type. Raises InvalidInput
    naming every bad field by its dotted path (``units.3.count``); ``system`` when the system
    keeps no lists."""
    check_system(system)
    if system == "azeroth":
        return army_from_dict(payload)
    if system == "azuki":
        return deck_from_dict(payload)
    return roster_from_dict(payload)


def engine_to_payload(engine_list: EngineList) -> dict[str, object]:
    """The engine's JSON form of a list (the inverse of ``payload_to_engine``)."""
    if isinstance(engine_list, ArmyList):
        return army_to_dict(engine_list)
    if isinstance(engine_list, Deck):
        return deck_to_dict(engine_list)
    return roster_to_dict(engine_list)


def _check_catalog(system: str, catalog: Catalog | None) -> None:
    if catalog is not None and catalog.system != system:
        raise InvalidInput(
            {
                "catalog": [
                    f"The catalog {catalog.slug!r} {catalog.version} is for "
                    f"{system_name(catalog.system)}, not {system_name(system)}."
                ]
            }
        )


def engine_catalog_for(system: str, catalog: Catalog | None) -> EngineCatalog | None:
    """The catalog as the system's validator takes it: Azeroth units by slug, Azuki cards by
    card ID, AZRAH Guardians and shared cards by card ID; None without a catalog (the
    validators then check the list's own shape and counts only)."""
    check_system(system)
    _check_catalog(system, catalog)
    if catalog is None:
        return None
    if system == "azeroth":
        return azeroth_units(catalog)
    if system == "azuki":
        return azuki_cards(catalog)
    return _azrah_entries(catalog)


def _azrah_entries(catalog: Catalog) -> dict[str, Guardian | SharedCard]:
    entries: dict[str, Guardian | SharedCard] = {}
    entries.update(azrah_guardians(catalog))
    entries.update(azrah_shared_cards(catalog))
    return entries


def _with_catalog_faction(army: ArmyList, catalog: Catalog | None) -> ArmyList:
    """The army with its faction's composition table taken from the catalog, when the
    catalog knows the faction's slug: a saved list follows its catalog's current table."""
    if army.faction is None or catalog is None:
        return army
    faction = catalog.factions.filter(slug=army.faction.slug).first()
    if faction is None:
        return army
    return dataclasses.replace(army, faction=faction.to_engine())


def check_engine_list(engine_list: EngineList, catalog: Catalog | None) -> Report:
    """Every problem of an already-read list, against ``catalog`` (None: no catalog)."""
    if isinstance(engine_list, ArmyList):
        army = _with_catalog_faction(engine_list, catalog)
        units = azeroth_units(catalog) if catalog is not None else None
        return validate_army(army, units)
    if isinstance(engine_list, Deck):
        cards = azuki_cards(catalog) if catalog is not None else None
        return validate_deck(engine_list, cards)
    entries = _azrah_entries(catalog) if catalog is not None else None
    return validate_roster(engine_list, entries)


def check_list(system: str, payload: Mapping[str, Any], catalog: Catalog | None) -> Report:
    """Read a list's JSON and check it: every error and warning its validator finds
    (``validate_army`` / ``validate_deck`` / ``validate_roster``) against ``catalog``. An
    army's faction is looked up by its slug among the catalog's factions, so its composition
    table is the catalog's. Raises InvalidInput when the payload cannot be read, or the
    catalog is for another system."""
    engine_list = payload_to_engine(system, payload)
    _check_catalog(system, catalog)
    return check_engine_list(engine_list, catalog)


def text_to_engine(
    system: str, text: str, catalog: Catalog | None
) -> tuple[EngineList, tuple[Problem, ...]]:
    """Read a list's text as its engine reads it wherever it is pasted (an army's header,
    faction and budget: R125): the list, and the problems only the text shows (its header's,
    its unreadable lines). Raises InvalidInput naming ``battle_size`` when an army's text
    names none."""
    check_system(system)
    _check_catalog(system, catalog)
    if system == "azeroth":
        units = azeroth_units(catalog) if catalog is not None else {}
        factions = azeroth_factions(catalog) if catalog is not None else {}
        read = read_army_text(text, units, factions)
        return read.army, read.problems
    if system == "azuki":
        return parse_deck_text(text, azuki_cards(catalog) if catalog is not None else {})
    return parse_roster_text(text, _azrah_entries(catalog) if catalog is not None else None)


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InvalidInput({"name": ["Give the list a name."]})
    name = name.strip()
    if len(name) > MAX_NAME_LENGTH:
        raise InvalidInput(
            {"name": [f"At most {MAX_NAME_LENGTH} characters (this one has {len(name)})."]}
        )
    return name


def save_list(
    *,
    owner: User,
    system: str,
    name: str,
    payload: Mapping[str, Any],
    catalog: Catalog | None = None,
    saved: SavedList | None = None,
) -> SavedList:
    """Create a saved list, or update ``saved``, and record its check: the verdict, the
    error and warning counts, and the catalog and version it was checked against.

    Without ``catalog`` a new list is checked against the system's default catalog
    (``default_catalog``) and an updated one against its own catalog (or the default when
    that catalog has since been removed). The payload is stored in the engine's own JSON
    form. Raises InvalidInput naming the bad field (``name``, ``system``, ``catalog``, or a
    dotted path inside the payload); nothing is saved then."""
    return save_checked(
        owner=owner, system=system, name=name, payload=payload, catalog=catalog, saved=saved
    )[0]


def save_checked(
    *,
    owner: User,
    system: str,
    name: str,
    payload: Mapping[str, Any] | None = None,
    catalog: Catalog | None = None,
    saved: SavedList | None = None,
    text: str | None = None,
) -> tuple[SavedList, Report]:
    """``save_list``, also returning the report the list was saved with. The list is its
    JSON ``payload`` or its ``text``, read as every door reads it (``text_to_engine``): the
    report then begins with the problems only the text shows, which are not kept."""
    system = check_system(system)
    name = _check_name(name)
    if saved is not None and saved.system != system:
        raise InvalidInput(
            {"system": [f"This list is a {system_name(saved.system)} list; it stays one."]}
        )
    if catalog is None:
        catalog = saved.catalog if saved is not None else None
        if catalog is None:
            catalog = default_catalog(system)
    _check_catalog(system, catalog)
    text_problems: tuple[Problem, ...] = ()
    if text is not None:
        engine_list, text_problems = text_to_engine(system, text, catalog)
    elif payload is not None:
        engine_list = payload_to_engine(system, payload)
    else:
        raise InvalidInput({"payload": ["Give the list as 'payload' or as 'text'."]})
    report = check_engine_list(engine_list, catalog)
    # as the engines' text checks order them: a line's problems by line, then the list's
    report = Report(problems=in_line_order(text_problems + report.problems), totals=report.totals)
    target = saved if saved is not None else SavedList(owner=owner, system=system)
    target.name = name
    target.payload = engine_to_payload(engine_list)
    target.catalog = catalog
    target.catalog_version = catalog.version if catalog is not None else ""
    target.valid = report.valid
    target.error_count = len(report.errors)
    target.warning_count = len(report.warnings)
    target.save()
    return target, report


def recheck(saved: SavedList) -> Report:
    """The saved list's problems against its own catalog as it stands now (the default
    catalog if its catalog was removed). Nothing is saved."""
    catalog = saved.catalog if saved.catalog is not None else default_catalog(saved.system)
    return check_list(saved.system, saved.payload, catalog)


def share(saved: SavedList) -> str:
    """Give the list a new, unguessable share token (any older link stops working) and
    return it."""
    for _attempt in range(5):
        token = new_share_token()
        try:
            with transaction.atomic():
                saved.share_token = token
                saved.save(update_fields=["share_token"])
        except IntegrityError:  # pragma: no cover - a 144-bit token colliding
            continue
        return token
    raise RuntimeError("Could not make a unique share token.")  # pragma: no cover


def unshare(saved: SavedList) -> None:
    """Revoke the list's share link: its token reads nothing any more."""
    saved.share_token = None
    saved.save(update_fields=["share_token"])


def find_shared(token: str) -> SavedList | None:
    """The list shared under ``token``, or None (never shared, or revoked)."""
    if not token:
        return None
    return SavedList.objects.select_related("catalog", "owner").filter(share_token=token).first()


def export_text(saved: SavedList) -> str:
    """The list as plain text its system's text parser reads back (``parse_army_text``,
    ``parse_deck_text``, ``parse_roster_text``); catalog units and cards are written by name
    where the list's catalog knows them."""
    engine_list = payload_to_engine(saved.system, saved.payload)
    catalog = saved.catalog
    if isinstance(engine_list, ArmyList):
        return army_to_text(engine_list, azeroth_units(catalog) if catalog else None)
    if isinstance(engine_list, Deck):
        return deck_to_text(engine_list, azuki_cards(catalog) if catalog else None)
    return roster_to_text(engine_list)


def export_json(saved: SavedList) -> dict[str, object]:
    """The list in its system's JSON form, which ``payload_to_engine`` (and the engine's
    ``*_from_dict``) reads back to an equal list."""
    return engine_to_payload(payload_to_engine(saved.system, saved.payload))


def export_filename(saved: SavedList, extension: str) -> str:
    """A safe download file name: ``grunt-rush.azeroth.txt``."""
    stem = "".join(c if c.isalnum() else "-" for c in saved.name.lower()).strip("-")
    while "--" in stem:
        stem = stem.replace("--", "-")
    return f"{stem or 'list'}.{saved.system}.{extension}"


BUILDER_PATHS: dict[str, str] = {
    "azeroth": "/azeroth/army/",
    "azuki": "/azuki/deck/",
    "azrah": "/azrah/roster/",
}
"""Each system's list builder page; it opens a saved list given ``?saved=<id>``."""


def builder_url(saved: SavedList) -> str:
    """The builder page with this list loaded."""
    return f"{BUILDER_PATHS[saved.system]}?saved={saved.pk}"
