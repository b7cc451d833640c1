"""What every game whose cards are catalog data answers (``CatalogGame``), and what a game
whose lists Referee checks adds (``ListGame``).

Each game answers these once, in its own module beside this one; the pages, the REST API, the
batch job and the saved lists look the game up by slug (``games.listgames``) and never branch
on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from referee.rules.lists import Problem, Report
from referee.rules.textlists import in_line_order

from ..catalogs.reading import Problems
from ..models import Catalog

Body = dict[str, Any]
L = TypeVar("L")
BatchItem = dict[str, Any]
"""One list of a batch: ``{"name", "format", "data"}`` (``games.batches.reading``)."""
Checker = Callable[[BatchItem], Report]

TEXT = "text"
JSON = "json"
"""The formats of a readable batch item: pasted text, or the game's export JSON."""


@dataclass
class Section:
    """One kind of entry on a catalog's page (units of a faction, cards, Guardians, races...):
    ``kind`` names the template part that draws its entries."""

    key: str
    title: str
    kind: str
    entries: list[Any]
    total: int


@dataclass(frozen=True)
class PlainEntry:
    """An entry drawn from its name, a few tags and a few labelled lines: how a game whose
    cards are kept as one JSON document (Rune Age) shows them."""

    name: str
    tags: tuple[str, ...] = ()
    lines: tuple[tuple[str, str], ...] = ()
    anchor: str = ""
    text: str = field(default="", compare=False)


def words(*parts: object) -> str:
    """The search text of an entry: its parts, lower case, one space apart."""
    return " ".join(str(part) for part in parts if part not in (None, "")).lower()


def matches(text: str, query_words: list[str]) -> bool:
    return all(word in text for word in query_words)


@runtime_checkable
class CatalogGame(Protocol):
    """A game whose cards (units, Guardians, races...) are imported as catalog files."""

    slug: str
    name: str
    sections: tuple[str, ...]
    """The catalog file's keys that hold this game's entries (docs/catalogs.md)."""
    count_nouns: Mapping[str, str]
    """What ``counts`` counts, each with its noun: ``{"units": "unit"}``."""
    filters: Mapping[str, tuple[str, ...] | None]
    """The entry search's filters, each with the values it takes (None: any)."""
    catalog_tools: tuple[tuple[str, str], ...]
    """Pages that take one of this game's catalogs as ``?catalog=<slug>:<version>``, each
    with its button's label and its URL name, offered on the catalog's page."""

    def check_catalog(self, data: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
        """The file's entries, cleaned; every problem is added to ``problems``."""
        ...

    def write_catalog(self, catalog: Catalog, cleaned: dict[str, Any]) -> None: ...

    def clear_catalog(self, catalog: Catalog) -> None:
        """Remove the catalog's entries, before a replacing import writes the new ones."""
        ...

    def export_catalog(self, catalog: Catalog) -> dict[str, Any]: ...

    def counts(self, catalog: Catalog) -> dict[str, int]:
        """How many entries of each kind of ``count_nouns`` the catalog holds."""
        ...

    def entries(self, catalog: Catalog) -> list[Body]:
        """Every entry, in file order, in the catalog file's shape, for the entry search."""
        ...

    def entry_filter_value(self, entry: Mapping[str, Any], key: str) -> object:
        """The value of ``entry`` a search filter ``key`` compares with."""
        ...

    def page_sections(self, catalog: Catalog, query_words: list[str]) -> list[Section]:
        """The catalog page's sections, keeping the entries whose text holds every word."""
        ...


@runtime_checkable
class ListGame(CatalogGame, Protocol[L]):
    """A game whose lists (an army, a deck, a roster) are built from a catalog and checked.

    ``L`` is the engine's list type. Every door (the validation API, a batch, a builder's
    import, a saved list) reads a list's text and JSON through these, so they agree (R125).
    """

    format_tag: str
    """The ``format`` of the list's export JSON, e.g. ``"azuki-deck"``."""
    builder_path: str
    lists_label: str
    """What many are called on a page: ``"AZRAH rosters"``."""
    batch_options: frozenset[str]
    """The batch options this game's lists take beside the catalog."""

    def read_json(self, payload: object) -> L:
        """The list from its export JSON; InvalidInput names each bad field by its path."""
        ...

    def write_json(self, engine_list: L) -> dict[str, object]: ...

    def read_text(
        self, text: str, catalog: Catalog | None, **choices: Any
    ) -> tuple[L, tuple[Problem, ...]]:
        """The list from pasted text, and the problems only the text shows."""
        ...

    def write_text(self, engine_list: L, catalog: Catalog | None) -> str: ...

    def check(self, engine_list: L, catalog: Catalog | None) -> Report:
        """Every problem of the list against ``catalog`` (None: its shape and counts only)."""
        ...

    def check_text(self, text: str, catalog: Catalog | None, **choices: Any) -> tuple[L, Report]:
        """``read_text`` then ``check``, the catalog read once: the list, and its report with
        the problems only the text shows first."""
        ...

    def engine_entries(self, catalog: Catalog) -> Mapping[str, Any]:
        """The catalog as this game's validator takes it, keyed as lists name entries."""
        ...

    def batch_checker(self, catalog: Catalog, options: Mapping[str, Any]) -> Checker:
        """What checks each list of a batch against ``catalog``, read once for the job."""
        ...


def with_text_problems(problems: tuple[Problem, ...], report: Report) -> Report:
    """A pasted list's report, read top to bottom as the text is: the problems of its lines
    in line order (those only the text shows and the check's), then the whole list's."""
    return Report(problems=in_line_order(problems + report.problems), totals=report.totals)
