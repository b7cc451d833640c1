"""Reading an organiser's upload: a ZIP of ``.txt`` / ``.json`` lists, or one JSON array.

Every list becomes one item ``{"name", "format", "data"}`` in upload order, the shape
``BatchJob.lists`` stores: ``format`` is ``"text"`` (``data`` is the pasted text), ``"json"``
(``data`` is the engine's export JSON) or ``"unreadable"`` (``data`` says why the list could not
be read, and the job reports it as a result row). One bad file never spoils the others; only
an upload that cannot be read at all (not a ZIP nor JSON, too big, too many lists, no list)
raises ``UploadError``.

What one upload may cost is bounded before it is paid, so the worst upload anyone can make
costs the web process a few tens of megabytes and well under two seconds (the tests measure
it). Nothing is extracted to disk. The limits (``Limits``, from the settings) are counted
while reading, never trusted from the archive's directory:

- the file as sent (``BATCH_UPLOAD_MAX_BYTES``), and the lists once unpacked
  (``BATCH_UNPACKED_MAX_BYTES``: every byte unpacked counts, a refused file's too, and so does
  what a list takes as stored, where each escape of its JSON counts);
- the lists (``BATCH_MAX_LISTS``), counted as each file or array is read, and the files an
  archive's directory may hold (twice that), counted before the directory is parsed;
- one list's size (256 KiB), the JSON values of the whole upload (counted from a document's
  punctuation before it is parsed) and how deeply a list's JSON nests.
"""

from __future__ import annotations

import io
import json
import posixpath
import re
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from games import registry
from games.limits import most_json_values, size_text
from games.strict_json import NotText, read_json
from referee.rules.text import SURROGATE_MESSAGE, clean_key, lone_surrogate

MAX_LIST_BYTES = 256 * 1024
"""The largest single list: a 200-line army or a 50-card deck is a few kilobytes."""
VALUES_PER_LIST = 100
"""JSON values one list may average: an exported 50-card deck or 15-unit army has about 50."""
MAX_DEPTH = 16
"""How deeply a list's JSON may nest; an export nests four levels."""
MAX_NAME = 200
"""A list's name is kept to this many characters."""
CENTRAL_DIRECTORY = b"PK\x01\x02"
"""Each file in a ZIP's directory starts with this signature, so counting it bounds the files
before ``zipfile`` parses a single one."""

TEXT = "text"
JSON = "json"
UNREADABLE = "unreadable"

BatchItem = dict[str, Any]

_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Control characters, dropped from a list's name (tab, newline and carriage return become
spaces like any whitespace)."""


@dataclass(frozen=True)
class Limits:
    """What one upload may hold; ``from_settings`` gives the configured ones."""

    upload_bytes: int
    unpacked_bytes: int
    lists: int
    list_bytes: int = MAX_LIST_BYTES
    depth: int = MAX_DEPTH

    @classmethod
    def from_settings(cls) -> Limits:
        return cls(
            upload_bytes=settings.BATCH_UPLOAD_MAX_BYTES,
            unpacked_bytes=settings.BATCH_UNPACKED_MAX_BYTES,
            lists=settings.BATCH_MAX_LISTS,
        )

    @property
    def values(self) -> int:
        """The JSON values one upload may hold in all."""
        return self.lists * VALUES_PER_LIST

    @property
    def files(self) -> int:
        """The files an archive's directory may hold: a list each, and as many more that an
        archiving tool adds on its own (macOS adds one beside each file)."""
        return 2 * self.lists + 10


class UploadError(ValueError):
    """The upload as a whole cannot be read; ``message`` says why in words an organiser reads."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class _Budget:
    """What is left of an upload's limits while it is read; going over is an UploadError."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.lists = limits.lists
        self.unpacked = limits.unpacked_bytes
        self.values = limits.values

    def take_lists(self, count: int, where: str = "upload") -> None:
        self.lists -= count
        if self.lists < 0:
            raise UploadError(
                f"The {where} holds more than {self.limits.lists} lists, the most one batch takes."
            )

    def take_unpacked(self, size: int) -> None:
        self.unpacked -= size
        if self.unpacked < 0:
            most = size_text(self.limits.unpacked_bytes)
            raise UploadError(f"The lists unpack to more than {most}, the most one batch takes.")

    def take_stored(self, items: list[BatchItem], unpacked: int = 0) -> list[BatchItem]:
        """Charge ``items`` as the database stores them (JSON, each escape counted) beyond the
        ``unpacked`` bytes they were read from, so what a job stores is bounded too."""
        for item in items:
            stored = len(json.dumps(item))
            self.take_unpacked(max(0, stored - unpacked))
            unpacked = max(0, unpacked - stored)
        return items

    def take_values(self, count: int) -> None:
        self.values -= count
        if self.values < 0:
            raise UploadError(
                f"The upload holds more than {self.limits.values:,} JSON values in all, the most "
                f"one batch of {self.limits.lists} lists takes."
            )


def unreadable(name: str, reason: str) -> BatchItem:
    return {"name": name, "format": UNREADABLE, "data": reason}


def _load_json(text: str, budget: _Budget, depth: int) -> object:
    """``read_json`` for an upload, no deeper than ``depth``; it takes its values from the
    budget (UploadError when the upload holds too many), counted before anything is built."""
    budget.take_values(most_json_values(text))
    return read_json(text, max_depth=depth)


def _decode(raw: bytes) -> str:
    """UTF-8 text (a byte-order mark is dropped); ValueError when it is not UTF-8 or holds NUL."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ValueError(f"it is not UTF-8 text (byte {error.start} cannot be read)") from None
    if "\x00" in text:
        raise ValueError("it holds NUL characters, so it is not a text file")
    return text


def _label(value: object) -> str:
    """A list's own name, when it carries one: one line, no control character (PostgreSQL
    text cannot hold NUL), and a lone surrogate written as its escape (no database stores
    it)."""
    if not isinstance(value, str):
        return ""
    return clean_key(" ".join(_CONTROL.sub("", value[: 4 * MAX_NAME]).split()))[:MAX_NAME]


def _strings(value: object) -> Iterator[tuple[str, str]]:
    """Every string of a JSON value (keys included) with its path (``cards[2].id``), in the
    document's order, walked without recursion."""
    stack: list[tuple[object, str]] = [(value, "")]
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            yield path, node
        elif isinstance(node, dict):
            children = []
            for key, child in node.items():
                child_path = f"{path}.{clean_key(key)}" if path else clean_key(key)
                yield child_path, key
                children.append((child, child_path))
            stack.extend(reversed(children))
        elif isinstance(node, list):
            stack.extend((node[i], f"{path}[{i}]") for i in range(len(node) - 1, -1, -1))


def surrogate(value: object, dumped: str | None = None) -> str | None:
    """Where ``value`` first holds a lone surrogate (no character, and no database stores it),
    and why that is refused; None if nowhere. Encoding the whole value as UTF-8 (``dumped``:
    its ``json.dumps(value, ensure_ascii=False)`` when made already) answers for the clean,
    almost all, at C speed; only a value that fails is walked to name the place."""
    try:
        (json.dumps(value, ensure_ascii=False) if dumped is None else dumped).encode("utf-8")
    except UnicodeEncodeError:
        pass
    else:
        return None
    for path, text in _strings(value):
        escape = lone_surrogate(text)
        if escape is not None:
            where = f"{path} " if path else ""
            return where + SURROGATE_MESSAGE.format(escape=escape)
    return None


def read_item(item: object, system: str, name: str) -> BatchItem:
    """One list of a JSON array (or a JSON file): the system's export JSON (its list game's
    ``"format"``; an optional ``"name"`` labels it) or ``{"name": ..., "text": ...}``."""
    if not isinstance(item, Mapping):
        return unreadable(name, "Expected an object: a list's export JSON or {name, text}.")
    own = _label(item.get("name"))
    label = own or name
    expected = registry.list_games()[system].format_tag
    if "text" in item:
        extra = sorted(clean_key(key) for key in set(item) - {"name", "text"})
        if extra:
            return unreadable(label, f"Unknown field(s) beside 'name' and 'text': {extra}.")
        text = item["text"]
        if not isinstance(text, str):
            return unreadable(label, "'text' must be a string holding the list.")
        if len(text.encode("utf-8", "surrogatepass")) > MAX_LIST_BYTES:
            return unreadable(label, f"The list is larger than {size_text(MAX_LIST_BYTES)}.")
        if "\x00" in text:
            return unreadable(label, "The list's text holds NUL characters.")
        problem = surrogate(text)
        if problem is not None:
            return unreadable(label, f"The list's text {problem}.")
        return {"name": label, "format": TEXT, "data": text}
    found = item.get("format")
    if found is None:
        return unreadable(
            label, f'Expected a list\'s export JSON ("format": "{expected}") or {{name, text}}.'
        )
    if found != expected:
        other = next((s for s, g in registry.list_games().items() if g.format_tag == found), None)
        why = f"an {other} list" if other else f"format {clean_key(found)!r}"
        return unreadable(label, f"This is {why}; this batch checks {expected} lists.")
    data = {key: value for key, value in item.items() if key != "name"}
    dumped = json.dumps(data, ensure_ascii=False)
    if "\\u0000" in dumped:
        return unreadable(label, "The list holds NUL characters.")
    problem = surrogate(data, dumped)
    if problem is not None:
        return unreadable(label, f"The list's {problem}.")
    return {"name": label, "format": JSON, "data": data}


def read_array(
    value: object, system: str, prefix: str = "List", limits: Limits | None = None
) -> list[BatchItem]:
    """The lists of a JSON array, each named by its own ``name`` or by its position."""
    budget = _Budget(limits or Limits.from_settings())
    return _read_array(value, system, prefix, budget)


def _read_array(value: object, system: str, prefix: str, budget: _Budget) -> list[BatchItem]:
    if not isinstance(value, list):
        raise UploadError("Expected a JSON array of lists (or a ZIP of list files).")
    budget.take_lists(len(value))
    items = [read_item(item, system, f"{prefix} {index}") for index, item in enumerate(value, 1)]
    return budget.take_stored(items)


def _unsafe(path: str) -> bool:
    parts = path.replace("\\", "/").split("/")
    return path.startswith(("/", "\\")) or ".." in parts or ":" in parts[0]


def _skipped(path: str) -> bool:
    """Files an archiving tool adds on its own (macOS resource forks, hidden files)."""
    return any(
        part == "__MACOSX" or (part.startswith(".") and part not in (".", ".."))
        for part in path.split("/")
    )


def read_zip(raw: bytes, system: str, limits: Limits | None = None) -> list[BatchItem]:
    """The lists of a ZIP archive, one per ``.txt`` or ``.json`` file, in the archive's order.
    Folders inside the archive are fine (the path names the list); files with other endings,
    paths that climb out of the archive (``../``), encrypted or damaged members and files that
    are too large or not UTF-8 each become an unreadable row."""
    budget = _Budget(limits or Limits.from_settings())
    files = budget.limits.files
    if raw.count(CENTRAL_DIRECTORY) > files:
        raise UploadError(
            f"The archive holds more than {files} files; the most one batch takes is "
            f"{budget.limits.lists} lists."
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError):
        raise UploadError("The file is not a ZIP archive that can be opened.") from None
    with archive:
        members = [info for info in archive.infolist() if not info.is_dir()]
        members = [info for info in members if not _skipped(info.filename)]
        items: list[BatchItem] = []
        for info in members:
            items.extend(_read_member(archive, info, system, budget))
    if not items:
        raise UploadError("The archive holds no list files (.txt or .json).")
    return items


def _read_member(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, system: str, budget: _Budget
) -> list[BatchItem]:
    """The lists of one file of the archive, taken from the budget."""
    name = info.filename[:MAX_NAME]
    suffix = posixpath.splitext(info.filename)[1].lower()
    list_bytes = budget.limits.list_bytes
    too_large = unreadable(name, f"The file is larger than {size_text(list_bytes)}.")
    row: BatchItem | None = None
    if _unsafe(info.filename):
        row = unreadable(name, "The path leaves the archive (absolute or '..').")
    elif suffix not in (".txt", ".json"):
        what = "a ZIP inside the ZIP" if suffix == ".zip" else "not a .txt or .json file"
        row = unreadable(name, f"Skipped: {what}.")
    elif info.flag_bits & 0x1:
        row = unreadable(name, "The file is encrypted.")
    elif info.file_size > list_bytes:
        row = too_large
    if row is not None:
        budget.take_lists(1, "archive")
        return [row]
    # Never more than the directory declares, one list, or what the archive has left to
    # unpack. Asked for more than a file declares, zipfile would unpack it all and return only
    # the declared bytes; asked for no more, it unpacks at most 4 KiB beyond them.
    size = min(info.file_size, list_bytes, budget.unpacked) + 1
    try:
        with archive.open(info) as member:
            content = member.read(size)
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError,
            ValueError) as error:  # fmt: skip
        budget.take_lists(1, "archive")
        return [unreadable(name, f"The file cannot be unpacked ({error}).")]
    budget.take_unpacked(len(content))
    if len(content) > list_bytes:
        budget.take_lists(1, "archive")
        return [too_large]
    items = _read_file(name, suffix, content, system, budget)
    budget.take_lists(len(items), "archive")
    return budget.take_stored(items, unpacked=len(content))


def _read_file(
    name: str, suffix: str, content: bytes, system: str, budget: _Budget
) -> list[BatchItem]:
    try:
        text = _decode(content)
    except ValueError as error:
        return [unreadable(name, f"The file cannot be read: {error}.")]
    if suffix == ".txt":
        if not text.strip():
            return [unreadable(name, "The file is empty.")]
        return [{"name": name, "format": TEXT, "data": text}]
    try:
        value = _load_json(text, budget, budget.limits.depth + 1)
    except UploadError:
        raise  # the upload as a whole holds too much
    except NotText as error:
        return [unreadable(name, f"The file's {error}.")]
    except ValueError as error:
        return [unreadable(name, f"The file is not valid JSON: {error}.")]
    if isinstance(value, list):
        if len(value) > budget.lists:  # refused before a row is made
            budget.take_lists(len(value), "archive")
        return [read_item(item, system, f"{name} #{index}") for index, item in enumerate(value, 1)]
    return [read_item(value, system, name)]


def read_upload(
    raw: bytes, system: str, filename: str = "", limits: Limits | None = None
) -> list[BatchItem]:
    """The lists of an uploaded file: a ZIP archive (recognised by its content), else a JSON
    array of lists. Raises UploadError when the upload as a whole cannot be read, naming the
    place of a string that is not text (``[3].text``)."""
    limits = limits or Limits.from_settings()
    if not isinstance(system, str) or system not in registry.list_games():
        raise UploadError(f"Unknown game system {system!r}.")
    if len(raw) > limits.upload_bytes:
        raise UploadError(f"The file is larger than {size_text(limits.upload_bytes)}.")
    if not raw.strip():
        raise UploadError("The file is empty.")
    if raw.startswith(b"PK") or filename.lower().endswith(".zip"):
        return read_zip(raw, system, limits)
    budget = _Budget(limits)
    try:
        value = _load_json(_decode(raw), budget, limits.depth + 1)
    except UploadError:
        raise
    except NotText as error:
        raise UploadError(f"The file's {error}.") from None
    except ValueError as error:
        raise UploadError(
            f"The file is neither a ZIP archive nor a JSON array of lists ({error})."
        ) from None
    if isinstance(value, Mapping):
        return budget.take_stored([read_item(value, system, filename[:MAX_NAME] or "List 1")])
    items = _read_array(value, system, "List", budget)
    if not items:
        raise UploadError("The JSON array holds no lists.")
    return items
