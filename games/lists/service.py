"""What the pages, the REST API and the batch job do with a list: read its JSON into the
engine's types, check it against a catalog, save it, share it and export it.

A saved list's ``payload`` is always the engine's own JSON form (``army_to_dict``,
``deck_to_dict``, ``roster_to_dict``), written back from the parsed list, so the stored
payload, the JSON export and what the engines read back are one and the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeAlias

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from games import registry
from games.registry import list_game
from referee.rules.errors import InvalidInput
from referee.rules.lists import Report

from ..catalogs.service import default_catalog
from ..models import Catalog, SavedList
from ..models.lists import new_share_token

if TYPE_CHECKING:
    from games.listgames import ListGame

EngineList: TypeAlias = Any
"""A list as its game's engine holds it (an army, a deck, a roster...): each list game reads
and writes its own."""

MAX_NAME_LENGTH = SavedList._meta.get_field("name").max_length or 120


def check_system(system: object) -> str:
    """The system slug, if lists of that system can be saved; else InvalidInput on
    ``system``."""
    games = registry.list_games()
    if isinstance(system, str) and system in games:
        return system
    known = ", ".join(games)
    raise InvalidInput({"system": [f"Must be one of {known} (got {system!r})."]})


def _game(system: object) -> ListGame[Any, Any]:
    return list_game(check_system(system))


def system_name(system: str) -> str:
    """The game's name for its slug (the slug itself for a game there is not)."""
    games = registry.by_slug()
    return games[system].name if system in games else system


def payload_to_engine(system: str, payload: Mapping[str, Any]) -> EngineList:
    """Read a list in its system's JSON form into the engine's type. Raises InvalidInput
    naming every bad field by its dotted path (``units.3.count``); ``system`` when the system
    keeps no lists."""
    engine_list: EngineList = _game(system).read_json(payload)
    return engine_list


def engine_to_payload(system: str, engine_list: EngineList) -> dict[str, object]:
    """The engine's JSON form of a list (the inverse of ``payload_to_engine``)."""
    return _game(system).write_json(engine_list)


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


def check_engine_list(system: str, engine_list: EngineList, catalog: Catalog | None) -> Report:
    """Every problem of an already-read list, against ``catalog`` (None: no catalog). An
    army's faction is looked up by its slug among the catalog's factions, so its composition
    table is the catalog's."""
    return _game(system).check(engine_list, catalog)


def check_list(system: str, payload: Mapping[str, Any], catalog: Catalog | None) -> Report:
    """Read a list's JSON and check it: every error and warning its game's check finds
    against ``catalog``. Raises InvalidInput when the payload cannot be read, or the catalog
    is for another system."""
    engine_list = payload_to_engine(system, payload)
    _check_catalog(system, catalog)
    return check_engine_list(system, engine_list, catalog)


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
    game = list_game(system)
    if text is not None:
        engine_list, report = game.check_text(text, catalog)
    elif payload is not None:
        engine_list = game.read_json(payload)
        report = game.check(engine_list, catalog)
    else:
        raise InvalidInput({"payload": ["Give the list as 'payload' or as 'text'."]})
    target = saved if saved is not None else SavedList(owner=owner, system=system)
    target.name = name
    target.payload = game.write_json(engine_list)
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
    """The list as plain text its game's text reader reads back; catalog units and cards
    are written by name where the list's catalog knows them."""
    game = _game(saved.system)
    return game.write_text(game.read_json(saved.payload), saved.catalog)


def export_json(saved: SavedList) -> dict[str, object]:
    """The list in its system's JSON form, which ``payload_to_engine`` (and the engine's
    ``*_from_dict``) reads back to an equal list."""
    game = _game(saved.system)
    return game.write_json(game.read_json(saved.payload))


def export_filename(saved: SavedList, extension: str) -> str:
    """A safe download file name: ``<name>.<system>.txt`` (``grunt-rush.<system>.txt``)."""
    stem = "".join(c if c.isalnum() else "-" for c in saved.name.lower()).strip("-")
    while "--" in stem:
        stem = stem.replace("--", "-")
    return f"{stem or 'list'}.{saved.system}.{extension}"


def builder_path(system: str) -> str:
    """The system's list builder page; it opens a saved list given ``?saved=<id>``."""
    return _game(system).builder_path


def builder_url(saved: SavedList) -> str:
    """The builder page with this list loaded."""
    return f"{builder_path(saved.system)}?saved={saved.pk}"
