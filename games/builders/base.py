"""What every list builder shares: the protocol the one builder view drives, and the reading of
a query string's counted entries and search filters. Each list game's builder is a module of
its own package (``games.listgames.<game>.builder``), found through the list game.

Each builder keeps its whole list in the query string (``ListState.query``), so every change
is a plain link. The view reads the catalogs once and the catalog's entries once per request
and hands them to the game's builder; nothing a page links to may query the database again
(a deck of 15 cards used to cost 162 queries, one per link).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from django.http import QueryDict

from games.models import Catalog
from referee.rules.lists import Problem, Report

if TYPE_CHECKING:
    from games.listgames.base import ListGame

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


@dataclass
class BuilderState:
    """What every builder's state holds beside its list: the catalog it is built from, the
    notes on what could not be read, the saved list "Save" updates, and the system's default
    catalog, which the query string leaves out."""

    catalog: Catalog | None
    notes: list[str] = field(default_factory=list)
    list_id: str = ""
    default_pk: int | None = None

    @property
    def catalog_key(self) -> str:
        return f"{self.catalog.slug}:{self.catalog.version}" if self.catalog else ""


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

    url_name: str
    template: str
    stem: str  # an exported file's name, without its extension
    noun: str  # "deck", "army", "roster"
    # The query string's keys that hold the list's entries: a pasted text replaces them, and
    # every other key (settings, search, the saved list edited) stays as the page has it.
    list_keys: frozenset[str]

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


class GameBuilder(Generic[E, L]):
    """What a builder takes from its list game as it is: the catalog's entries, read once per
    request, and the list written as text and as JSON."""

    def __init__(self, game: ListGame[L, E]) -> None:
        self.game = game

    def no_entries(self) -> E:
        """The entries of a page with no catalog."""
        raise NotImplementedError

    def entries(self, catalog: Catalog | None) -> E:
        return self.game.entries_for(catalog) if catalog is not None else self.no_entries()

    def to_text(self, engine_list: L, entries: E) -> str:
        return self.game.write_text_with(engine_list, entries)

    def to_dict(self, engine_list: L) -> dict[str, object]:
        return self.game.write_json(engine_list)


@dataclass
class Row:
    """One entry of the list as shown: its card (None when the catalog lacks it), its count,
    the links that change it, and the problems that name it."""

    key: str  # the entry as listed (an ID, a slug or a name)
    card: Any
    count: int = 1
    problems: list[Problem] = field(default_factory=list)
    minus_url: str = ""
    plus_url: str = ""
    remove_url: str = ""

    @property
    def has_error(self) -> bool:
        return any(p.severity == "error" for p in self.problems)


@dataclass(frozen=True)
class Counted:
    """How a builder's counted entries (``c=AZK-017:4``, ``u=orc-grunt:3``) are read, and
    what a note about one that cannot be read calls it."""

    key_length: int
    most: int  # a count above this is a typo, not a list
    noun: str  # "card ID"
    example: str  # "AZK-017:4"
    unit: str = ""  # what is counted, before "is more than": "copies"


def read_counts(raws: list[str], counted: Counted, notes: list[str]) -> dict[str, int]:
    """Each ``<key>:<count>`` (a bare key counts one), the same key's counts added up; one
    that cannot be read is left out and reported in ``notes``."""
    counts: dict[str, int] = {}
    for raw in raws:
        key, sep, number = raw.strip().rpartition(":")
        if not sep:
            key, number = raw.strip(), "1"
        key = key.strip()[: counted.key_length]
        try:
            count = int(number)
        except ValueError:
            notes.append(
                f"Could not read {raw!r}: write a {counted.noun} and a count, "
                f"like {counted.example}."
            )
            continue
        if not key:
            notes.append(f"Could not read {raw!r}: the {counted.noun} is missing.")
            continue
        if count < 1:
            notes.append(f"{key}: a count below 1 ({count}) is left out.")
            continue
        total = counts.get(key, 0) + count
        if total > counted.most:
            what = f"{total} {counted.unit}" if counted.unit else str(total)
            notes.append(f"{key}: {what} is more than {counted.most}; kept at {counted.most}.")
            total = counted.most
        counts[key] = total
    return counts


def read_filters(
    query: QueryDict,
    keys: Mapping[str, str | None],
    filters: Mapping[str, Collection[str] | None],
    nouns: Mapping[str, str],
    notes: list[str],
) -> dict[str, str]:
    """A builder's search: ``keys`` maps each query key to the list game's filter it sets
    (None: the search text). A value the filter does not take is dropped with a note, so the
    search shows everything; a filter taking any value (None) is not checked."""
    found: dict[str, str] = {}
    for key, name in keys.items():
        value = query.get(key, "").strip()[:80]
        allowed = filters.get(name) if name is not None else None
        if value and name is not None and allowed is not None and value not in allowed:
            noun = nouns[name]
            notes.append(f"Unknown {noun} {value!r}: showing every {noun.split()[-1]}.")
            value = ""
        found[key] = value
    return found
