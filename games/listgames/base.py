"""What every game whose cards are catalog data answers (``CatalogGame``), and what a game
whose lists Referee checks adds (``ListGame``).

Each game answers these once, in its own module or package beside this one; the pages, the
builders, the REST API, the batch job, the saved lists and the tracker's setups look the game up
by slug (``games.listgames``) and never branch on it. ``FileCatalog`` and ``EntriesListGame``
hold what the games answer alike, so each game's module says only what is its own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from referee.rules.lists import Problem, Report
from referee.rules.textlists import in_line_order

from ..catalogs.reading import Problems
from ..models import Catalog
from ..tracker.seating import TrackerSetup

if TYPE_CHECKING:
    from django import forms
    from rest_framework import serializers

    from ..builders.base import ListBuilder

Body = dict[str, Any]
L = TypeVar("L")
E = TypeVar("E")
"""The engine's list (``L``) and the catalog's entries as the engine takes them (``E``)."""
BatchItem = dict[str, Any]
"""One list of a batch: ``{"name", "format", "data"}`` (``games.batches.reading``)."""
Checker = Callable[[BatchItem], Report]

TEXT = "text"
JSON = "json"
"""The formats of a readable batch item: pasted text, or the game's export JSON."""


@dataclass
class Section:
    """One kind of entry on a catalog's page (units of a faction, cards, Guardians, races...):
    ``kind`` names the part of catalogs/detail.html that draws its entries, unless
    ``template`` names a template of the game's own that draws each (given as ``entry``)."""

    key: str
    title: str
    kind: str
    entries: list[Any]
    total: int
    template: str = ""


@dataclass(frozen=True)
class EntryWords:
    """What the API's shared texts call one game's catalog entries, each phrase naming the game
    as that text does: ``file_keys`` the keys of its catalog file, in the file's description
    (``"<keys> (<game>)"``); ``searched`` its entries in the entry search's description, and
    ``results`` in its results' help (the game's name may be shorter there); ``shape`` how the
    search gives each entry."""

    file_keys: str
    searched: str
    results: str
    shape: str = "each as the catalog file gives it (docs/catalogs.md)"


@dataclass(frozen=True)
class ApiExample:
    """An example the API's schema shows for one game: its name and its value (without the
    ``system``, which is the game's slug)."""

    name: str
    value: dict[str, Any]


@dataclass(frozen=True)
class PlainEntry:
    """An entry drawn from its name, a few tags and a few labelled lines: how a game whose
    cards are kept as one JSON document shows them."""

    name: str
    tags: tuple[str, ...] = ()
    lines: tuple[tuple[str, str], ...] = ()
    anchor: str = ""
    text: str = field(default="", compare=False)


@dataclass(frozen=True)
class BatchFields:
    """How the options of a game's batches (its ``batch_options``) are asked for, each by name
    in the order they are shown: on the upload page (``page``, form fields), in a multipart
    upload and a JSON body's ``options`` (``upload`` and ``json``, the API's fields: an
    integer one takes a JSON number only), and what the page's options say they hold
    (``nouns``)."""

    page: Mapping[str, forms.Field] = field(default_factory=dict)
    upload: Mapping[str, serializers.Field[Any, Any, Any, Any]] = field(default_factory=dict)
    json: Mapping[str, serializers.Field[Any, Any, Any, Any]] = field(default_factory=dict)
    nouns: tuple[str, ...] = ()


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
    filter_nouns: Mapping[str, str]
    """What a page or a note calls each of ``filters``: ``{"type": "card type"}``."""
    catalog_tools: tuple[tuple[str, str], ...]
    """Pages that take one of this game's catalogs as ``?catalog=<slug>:<version>``, each
    with its button's label and its URL name, offered on the catalog's page."""
    entry_words: EntryWords
    """What the API's catalog texts call this game's entries."""

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
class ListGame(CatalogGame, Protocol[L, E]):
    """A game whose lists (an army, a deck, a roster) are built from a catalog and checked.

    ``L`` is the engine's list type, ``E`` the catalog's entries as its engine takes them.
    Every door (the validation API, a batch, a builder, a saved list) reads a list's text and
    JSON and checks it through these, so they agree (R125).
    """

    format_tag: str
    """The ``format`` of the list's export JSON: the game's slug and its lists' noun, with a
    hyphen between."""
    builder_path: str
    """Where the game's builder page is (its URL is made from this)."""
    lists_label: str
    """What many are called on a page, the game's name with its lists' noun."""
    batch_options: frozenset[str]
    """The batch options this game's lists take beside the catalog."""
    payload_help: str
    text_help: str
    """What the saved lists' API adds of how the list's text is read, if anything (a header
    that names an option): a parenthesis's words."""
    """What the saved lists' API says a list's JSON is: ``"a <list> ({<its keys>})"``."""
    save_example: ApiExample | None
    """An example of saving one of this game's lists (``POST /api/lists/``), if it gives one:
    its ``name``, ``payload`` and ``catalog``."""
    batch_example: ApiExample | None
    """An example of a batch of this game's lists (``POST /api/batches/``), if it gives one:
    its ``lists`` and ``options``."""
    batch_fields: BatchFields
    """How the page and the API ask for those options."""

    tracker_setup: TrackerSetup | None
    """How a tracked game of this game is set up from two saved lists (None: it is not)."""

    @property
    def builder(self) -> ListBuilder[Any, E, L]:
        """The game's builder page: its state in the query string, and what it shows."""
        ...

    def entries_for(self, catalog: Catalog) -> E:
        """The catalog's entries as ``read_text_with`` and ``check_with`` take them, read once
        for a request, a batch or a builder page."""
        ...

    def read_text_with(
        self, text: str, entries: E | None, **choices: Any
    ) -> tuple[L, tuple[Problem, ...]]:
        """``read_text`` against entries already read (None: no catalog)."""
        ...

    def write_text_with(self, engine_list: L, entries: E | None) -> str:
        """``write_text`` with entries already read."""
        ...

    def check_with(self, engine_list: L, entries: E | None) -> Report:
        """``check`` against entries already read (None: shape and counts only)."""
        ...

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

    def check_batch_options(
        self, options: Mapping[str, Any], problems: dict[str, list[str]]
    ) -> dict[str, Any]:
        """The given ``batch_options`` of a job, cleaned; each bad one's messages go to
        ``problems`` under ``options.<name>``."""
        ...

    def batch_checker(self, catalog: Catalog, options: Mapping[str, Any]) -> Checker:
        """What checks each list of a batch against ``catalog`` (with ``options`` as
        ``check_batch_options`` cleaned them), read once for the job."""
        ...


def with_text_problems(problems: tuple[Problem, ...], report: Report) -> Report:
    """A pasted list's report, read top to bottom as the text is: the problems of its lines
    in line order (those only the text shows and the check's), then the whole list's."""
    return Report(problems=in_line_order(problems + report.problems), totals=report.totals)


class CatalogFormat(Protocol):
    """A catalog file's format: a game's ``catalog`` module (``games.systems.<slug>.catalog``)."""

    def check(self, data: Mapping[str, Any], problems: Problems, /) -> dict[str, Any]: ...

    def write(self, catalog: Catalog, cleaned: dict[str, Any], /) -> None: ...

    def export(self, catalog: Catalog, /) -> dict[str, Any]: ...


class FileCatalog:
    """A game whose catalog file is read, written and exported by its format's module."""

    catalog_format: CatalogFormat

    def check_catalog(self, data: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
        return self.catalog_format.check(data, problems)

    def write_catalog(self, catalog: Catalog, cleaned: dict[str, Any]) -> None:
        self.catalog_format.write(catalog, cleaned)

    def export_catalog(self, catalog: Catalog) -> dict[str, Any]:
        return self.catalog_format.export(catalog)


class EntriesListGame(FileCatalog, ABC, Generic[L, E]):
    """What a list game answers through its own ``entries_for``, ``read_json``,
    ``read_text_with`` and ``check_with``: its list read and checked against a catalog, a
    pasted list's one report, and a batch's checker."""

    text_help = ""
    save_example: ApiExample | None = None
    batch_example: ApiExample | None = None
    batch_fields: BatchFields = BatchFields()  # a game whose batches take options says how

    @abstractmethod
    def entries_for(self, catalog: Catalog) -> E: ...

    @abstractmethod
    def read_json(self, payload: object) -> L: ...

    @abstractmethod
    def read_text_with(
        self, text: str, entries: E | None, **choices: Any
    ) -> tuple[L, tuple[Problem, ...]]: ...

    @abstractmethod
    def write_text_with(self, engine_list: L, entries: E | None) -> str: ...

    @abstractmethod
    def check_with(self, engine_list: L, entries: E | None) -> Report: ...

    def text_report(self, problems: tuple[Problem, ...], report: Report) -> Report:
        """A pasted list's report from the problems of its text and its check's."""
        return with_text_problems(problems, report)

    def engine_entries(self, catalog: Catalog) -> Any:
        return self.entries_for(catalog)

    def _entries(self, catalog: Catalog | None) -> E | None:
        return None if catalog is None else self.entries_for(catalog)

    def read_text(
        self, text: str, catalog: Catalog | None, **choices: Any
    ) -> tuple[L, tuple[Problem, ...]]:
        return self.read_text_with(text, self._entries(catalog), **choices)

    def write_text(self, engine_list: L, catalog: Catalog | None) -> str:
        return self.write_text_with(engine_list, self._entries(catalog))

    def check(self, engine_list: L, catalog: Catalog | None) -> Report:
        return self.check_with(engine_list, self._entries(catalog))

    def check_text(self, text: str, catalog: Catalog | None, **choices: Any) -> tuple[L, Report]:
        entries = self._entries(catalog)
        engine_list, problems = self.read_text_with(text, entries, **choices)
        return engine_list, self.text_report(problems, self.check_with(engine_list, entries))

    def check_batch_options(
        self, options: Mapping[str, Any], problems: dict[str, list[str]]
    ) -> dict[str, Any]:
        return {}  # a game whose batches take options checks them itself

    def batch_checker(self, catalog: Catalog, options: Mapping[str, Any]) -> Checker:
        entries = self.entries_for(catalog)

        def check(item: BatchItem) -> Report:
            if item["format"] == JSON:
                return self.check_with(self.read_json(item["data"]), entries)
            engine_list, problems = self.read_text_with(item["data"], entries)
            return self.text_report(problems, self.check_with(engine_list, entries))

        return check
