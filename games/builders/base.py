"""What the three list builders share: the per-game protocol the one builder view drives, and
the one look-up of a request's catalogs and saved list.

Each builder keeps its whole list in the query string (``ListState.query``), so every change
is a plain link. The view reads the catalogs once and the catalog's entries once per request
and hands them to the game's builder; nothing a page links to may query the database again
(a deck of 15 cards used to cost 162 queries, one per link).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from django.contrib.auth.models import AnonymousUser, User
from django.http import QueryDict

from games.catalogs.service import pick_default, version_key
from games.models import Catalog, SavedList
from referee.rules.lists import Problem, Report

SEARCH_LIMIT = 40  # search results shown at once


class ListState(Protocol):
    """A list as a builder page holds it: read from, and written back to, the query string."""

    catalog: Catalog | None
    default_pk: int | None  # the system's default catalog, which the query string leaves out
    notes: list[str]
    list_id: str  # the saved list that "Save" updates

    def pairs(self) -> list[tuple[str, str]]:
        """The query string's fields, in a stable order."""
        ...

    def query(self) -> str: ...


def catalog_pairs(state: ListState) -> list[tuple[str, str]]:
    """``catalog=<slug>:<version>`` unless the list uses the system's default catalog."""
    if state.catalog is None or state.catalog.pk == state.default_pk:
        return []
    return [("catalog", f"{state.catalog.slug}:{state.catalog.version}")]


S = TypeVar("S", bound=ListState)
E = TypeVar("E")  # the catalog's entries, as the game's engine takes them
L = TypeVar("L")  # the engine's list


@dataclass
class Checked(Generic[S, L]):
    """A list after the engine read and checked it: the state the page shows, the engine's
    list, its report, and after an import the pasted text and the problems of its lines."""

    state: S
    engine_list: L
    report: Report
    imported: bool = False
    text: str = ""
    import_problems: list[Problem] = field(default_factory=list)


class ListBuilder(Protocol[S, E, L]):
    """One list game's builder page. The view calls these in order: ``entries``,
    ``read_state``, ``open_saved`` (for ``?saved=``), ``check``, then an export or
    ``context``."""

    system: str  # the list system's slug, as saved lists and catalogs name it
    url_name: str
    template: str
    stem: str  # an exported file's name, without its extension
    noun: str  # "deck", "army", "roster"

    def entries(self, catalog: Catalog | None) -> E:
        """The catalog's entries, read once for the whole request."""
        ...

    def read_state(
        self,
        query: QueryDict,
        catalog: Catalog | None,
        default_pk: int | None,
        entries: E,
        notes: list[str],
    ) -> S:
        """The list a query string holds; what cannot be read goes to ``notes``."""
        ...

    def open_saved(self, payload: Mapping[str, Any], state: S, entries: E) -> S:
        """A saved list's payload read into the page; raises InvalidInput when it cannot be."""
        ...

    def check(self, state: S, entries: E, text: str | None) -> Checked[S, L]:
        """The engine's check of the list, after reading pasted ``text`` into it when given."""
        ...

    def to_text(self, engine_list: L, entries: E) -> str: ...

    def to_dict(self, engine_list: L) -> dict[str, object]: ...

    def context(
        self, checked: Checked[S, L], entries: E, link: Callable[[S], str]
    ) -> dict[str, Any]:
        """What the game's template shows beyond what every builder shows; ``link`` turns a
        state into the page's URL holding it."""
        ...


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
    user: User | AnonymousUser, system: str, data: QueryDict, notes: list[str], *, opening: bool
) -> Found:
    """One read of the system's catalogs and at most one of the user's saved lists.

    The catalog is the one ``catalog=<slug>[:<version>]`` names (its newest version without
    one), else the system's default. With ``opening`` (a GET), ``saved=<id>`` opens one of the
    user's saved lists of the system, whose own catalog it then uses, and ``notes`` say why
    when it is not theirs; otherwise ``list=<id>`` is the saved list "Save" updates, looked up
    quietly: an id that is not theirs just makes "Save" make a new list.
    """
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
            notes.append(
                f"There is no {_SYSTEM_NAMES.get(system, system)} catalog {value!r}; "
                "the default one is used."
            )
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


_SYSTEM_NAMES = {"azeroth": "Azeroth at War", "azuki": "Azuki", "azrah": "AZRAH"}


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
