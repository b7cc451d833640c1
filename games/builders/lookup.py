"""The one look-up of a builder request's catalogs and saved list."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import AnonymousUser, User
from django.http import QueryDict

from games.catalogs.service import pick_default, version_key
from games.models import Catalog, SavedList

if TYPE_CHECKING:
    from games.listgames import ListGame


@dataclass
class Found:
    """What a builder request refers to: the catalog to build from, the system's default,
    every catalog of the system (newest first, for the picker) and the saved list the page
    opens or edits."""

    catalog: Catalog | None
    default: Catalog | None
    choices: list[Catalog]
    saved: SavedList | None = None
    opened: bool = False  # the saved list was opened by ``?saved=`` on this request

    @property
    def default_pk(self) -> int | None:
        return self.default.pk if self.default is not None else None


def look_up(
    user: User | AnonymousUser,
    game: ListGame[Any, Any],
    data: QueryDict,
    notes: list[str],
    *,
    opening: bool,
) -> Found:
    """One read of the list game's catalogs and at most one of the user's saved lists.

    The catalog is the one ``catalog=<slug>[:<version>]`` names (its newest version without
    one), else the system's default. With ``opening`` (a GET), ``saved=<id>`` opens one of the
    user's saved lists of the system, whose own catalog it then uses, and ``notes`` say why
    when it is not theirs; otherwise ``list=<id>`` is the saved list "Save" updates, looked up
    quietly: an id that is not theirs just makes "Save" make a new list.
    """
    system = game.slug
    catalogs = list(Catalog.objects.filter(system=system))
    catalogs.sort(key=lambda c: (c.slug, version_key(c.version)), reverse=True)
    default = pick_default(catalogs)
    catalog = default
    value = data.get("catalog", "").strip()
    if value:
        slug, _, version = value.partition(":")
        named = [c for c in catalogs if c.slug == slug and (not version or c.version == version)]
        if named:
            catalog = named[0]  # newest first
        else:
            notes.append(f"There is no {game.name} catalog {value!r}; the default one is used.")
    found = Found(catalog, default, catalogs)
    raw_saved = data.get("saved", "").strip() if opening else ""
    if raw_saved:
        found.saved = _owned(user, system, raw_saved)
        found.opened = found.saved is not None
        if found.saved is None:
            try:
                uuid.UUID(raw_saved)
            except ValueError:
                notes.append(f"{raw_saved!r} is not a saved list's id.")
            else:
                notes.append("That saved list is not one of yours (sign in to open your lists).")
        elif found.saved.catalog is not None:
            found.catalog = found.saved.catalog
    else:
        found.saved = _owned(user, system, data.get("list", "").strip())
    return found


def _owned(user: User | AnonymousUser, system: str, raw: str) -> SavedList | None:
    if not raw or not isinstance(user, User):
        return None
    try:
        key = uuid.UUID(raw)
    except ValueError:
        return None
    return (
        SavedList.objects.select_related("catalog")
        .filter(pk=key, owner=user, system=system)
        .first()
    )
