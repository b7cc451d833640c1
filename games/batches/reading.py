"""Reading an organiser's upload: a ZIP of ``.txt`` / ``.json`` lists, or one JSON array.

Every list becomes one item ``{"name", "format", "data"}`` in upload order, the shape
``BatchJob.lists`` stores: ``format`` is ``"text"`` (``data`` is the pasted text), ``"json"``
(``data`` is the engine's export JSON) or ``"unreadable"`` (``data`` says why the list could not
be read, and the job reports it as a result row). One bad file never spoils the others; only
an upload that cannot be read at all (not a ZIP nor JSON, too big, too many lists, no list)
raises ``UploadError``.

Nothing is ever extracted to disk, and sizes are measured while reading rather than trusted
from the archive's directory, so a crafted archive cannot fill the disk or the memory.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any

MAX_UPLOAD_BYTES = 20 * 1024 * 1024
"""The largest upload accepted (compressed, as sent)."""
MAX_LISTS = 5_000
"""The most lists one job checks; a tournament's worth many times over."""
MAX_LIST_BYTES = 256 * 1024
"""The largest single list: a 200-line army or a 50-card deck is a few kilobytes."""
MAX_TOTAL_BYTES = 64 * 1024 * 1024
"""The most text one archive may unpack to, whatever its directory claims."""

FORMATS: dict[str, str] = {
    "azeroth": "azeroth-army",
    "azuki": "azuki-deck",
    "azrah": "azrah-roster",
}
"""The export format tag of each system's JSON lists."""

TEXT = "text"
JSON = "json"
UNREADABLE = "unreadable"

BatchItem = dict[str, Any]


class UploadError(ValueError):
    """The upload as a whole cannot be read; ``message`` says why in words an organiser reads."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def unreadable(name: str, reason: str) -> BatchItem:
    return {"name": name, "format": UNREADABLE, "data": reason}


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _load_json(text: str) -> object:
    """``json.loads`` that refuses NaN/Infinity and survives hostile nesting (ValueError)."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise ValueError("it is nested too deeply") from None


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
    """A list's own name, when it carries one (NUL dropped: PostgreSQL text cannot hold it)."""
    return " ".join(value.replace("\x00", "").split())[:200] if isinstance(value, str) else ""


def _holds_nul(value: object) -> bool:
    return "\\u0000" in json.dumps(value)


def read_item(item: object, system: str, name: str) -> BatchItem:
    """One list of a JSON array (or a JSON file): the system's export JSON (``"format":
    "azuki-deck"``; an optional ``"name"`` labels it) or ``{"name": ..., "text": ...}``."""
    if not isinstance(item, Mapping):
        return unreadable(name, "Expected an object: a list's export JSON or {name, text}.")
    own = _label(item.get("name"))
    label = own or name
    expected = FORMATS[system]
    if "text" in item:
        extra = sorted(set(item) - {"name", "text"})
        if extra:
            return unreadable(label, f"Unknown field(s) beside 'name' and 'text': {extra}.")
        text = item["text"]
        if not isinstance(text, str):
            return unreadable(label, "'text' must be a string holding the list.")
        if len(text.encode()) > MAX_LIST_BYTES:
            return unreadable(label, f"The list is larger than {MAX_LIST_BYTES // 1024} KiB.")
        if "\x00" in text:
            return unreadable(label, "The list's text holds NUL characters.")
        return {"name": label, "format": TEXT, "data": text}
    found = item.get("format")
    if found is None:
        return unreadable(
            label, f'Expected a list\'s export JSON ("format": "{expected}") or {{name, text}}.'
        )
    if found != expected:
        other = next((s for s, f in FORMATS.items() if f == found), None)
        why = f"an {other} list" if other else f"format {found!r}"
        return unreadable(label, f"This is {why}; this batch checks {expected} lists.")
    data = {key: value for key, value in item.items() if key != "name"}
    if _holds_nul(data):
        return unreadable(label, "The list holds NUL characters.")
    return {"name": label, "format": JSON, "data": data}


def read_array(value: object, system: str, prefix: str = "List") -> list[BatchItem]:
    """The lists of a JSON array, each named by its own ``name`` or by its position."""
    if not isinstance(value, list):
        raise UploadError("Expected a JSON array of lists (or a ZIP of list files).")
    if len(value) > MAX_LISTS:
        raise UploadError(
            f"The upload holds {len(value)} lists; the most one batch takes is {MAX_LISTS}."
        )
    return [read_item(item, system, f"{prefix} {index}") for index, item in enumerate(value, 1)]


def _unsafe(path: str) -> bool:
    parts = PurePosixPath(path.replace("\\", "/")).parts
    return path.startswith(("/", "\\")) or ".." in parts or (bool(parts) and ":" in parts[0])


def _skipped(path: str) -> bool:
    """Files an archiving tool adds on its own (macOS resource forks, hidden files)."""
    parts = PurePosixPath(path).parts
    return any(
        part == "__MACOSX" or (part.startswith(".") and part not in (".", "..")) for part in parts
    )


def read_zip(raw: bytes, system: str) -> list[BatchItem]:
    """The lists of a ZIP archive, one per ``.txt`` or ``.json`` file, in the archive's order.
    Folders inside the archive are fine (the path names the list); files with other endings,
    paths that climb out of the archive (``../``), encrypted or damaged members and files that
    are too large or not UTF-8 each become an unreadable row."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError):
        raise UploadError("The file is not a ZIP archive that can be opened.") from None
    with archive:
        members = [info for info in archive.infolist() if not info.is_dir()]
        members = [info for info in members if not _skipped(info.filename)]
        if len(members) > MAX_LISTS:
            raise UploadError(
                f"The archive holds {len(members)} files; the most one batch takes is {MAX_LISTS}."
            )
        items: list[BatchItem] = []
        total = 0
        for info in members:
            name = info.filename
            suffix = PurePosixPath(name).suffix.lower()
            if _unsafe(name):
                items.append(unreadable(name, "The path leaves the archive (absolute or '..')."))
                continue
            if suffix not in (".txt", ".json"):
                what = "a ZIP inside the ZIP" if suffix == ".zip" else "not a .txt or .json file"
                items.append(unreadable(name, f"Skipped: {what}."))
                continue
            if info.flag_bits & 0x1:
                items.append(unreadable(name, "The file is encrypted."))
                continue
            if info.file_size > MAX_LIST_BYTES:
                items.append(
                    unreadable(name, f"The file is larger than {MAX_LIST_BYTES // 1024} KiB.")
                )
                continue
            try:
                with archive.open(info) as member:
                    content = member.read(MAX_LIST_BYTES + 1)
            except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError,
                    ValueError) as error:  # fmt: skip
                items.append(unreadable(name, f"The file cannot be unpacked ({error})."))
                continue
            if len(content) > MAX_LIST_BYTES:
                items.append(
                    unreadable(name, f"The file is larger than {MAX_LIST_BYTES // 1024} KiB.")
                )
                continue
            total += len(content)
            if total > MAX_TOTAL_BYTES:
                raise UploadError(
                    f"The archive unpacks to more than {MAX_TOTAL_BYTES // (1024 * 1024)} MiB."
                )
            items.extend(_read_file(name, suffix, content, system))
    if not items:
        raise UploadError("The archive holds no list files (.txt or .json).")
    if len(items) > MAX_LISTS:
        raise UploadError(
            f"The archive holds {len(items)} lists; the most one batch takes is {MAX_LISTS}."
        )
    return items


def _read_file(name: str, suffix: str, content: bytes, system: str) -> list[BatchItem]:
    try:
        text = _decode(content)
    except ValueError as error:
        return [unreadable(name, f"The file cannot be read: {error}.")]
    if suffix == ".txt":
        if not text.strip():
            return [unreadable(name, "The file is empty.")]
        return [{"name": name, "format": TEXT, "data": text}]
    try:
        value = _load_json(text)
    except ValueError as error:
        return [unreadable(name, f"The file is not valid JSON: {error}.")]
    if isinstance(value, list):
        return [read_item(item, system, f"{name} #{index}") for index, item in enumerate(value, 1)]
    return [read_item(value, system, name)]


def read_upload(raw: bytes, system: str, filename: str = "") -> list[BatchItem]:
    """The lists of an uploaded file: a ZIP archive (recognised by its content), else a JSON
    array of lists. Raises UploadError when the upload as a whole cannot be read."""
    if not isinstance(system, str) or system not in FORMATS:
        raise UploadError(f"Unknown game system {system!r}.")
    if len(raw) > MAX_UPLOAD_BYTES:
        raise UploadError(f"The file is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MiB.")
    if not raw.strip():
        raise UploadError("The file is empty.")
    if raw.startswith(b"PK") or filename.lower().endswith(".zip"):
        return read_zip(raw, system)
    try:
        text = _decode(raw)
        value = _load_json(text)
    except ValueError as error:
        raise UploadError(
            f"The file is neither a ZIP archive nor a JSON array of lists ({error})."
        ) from None
    if isinstance(value, Mapping):
        return [read_item(value, system, filename or "List 1")]
    items = read_array(value, system)
    if not items:
        raise UploadError("The JSON array holds no lists.")
    return items
