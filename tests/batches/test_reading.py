"""Reading an organiser's upload: ZIPs of text and JSON lists, JSON arrays, and bad uploads."""

from __future__ import annotations

import dataclasses
import json

import pytest

from games.batches.reading import Limits, UploadError, read_array, read_upload

from .samples import HORDE_ARMY, SHORT_DECK, VALID_DECK, VALID_DECK_JSON, zip_of


def test_it_reads_a_zip_of_text_and_json_lists_in_archive_order() -> None:
    raw = zip_of(
        {
            "round1/alice.txt": VALID_DECK,
            "round1/bob.json": json.dumps(VALID_DECK_JSON),
            "carol.txt": SHORT_DECK,
        }
    )

    items = read_upload(raw, "azuki", "decks.zip")

    assert [(item["name"], item["format"]) for item in items] == [
        ("round1/alice.txt", "text"),
        ("round1/bob.json", "json"),
        ("carol.txt", "text"),
    ]
    assert items[0]["data"] == VALID_DECK
    assert items[1]["data"] == VALID_DECK_JSON


def test_a_json_list_s_own_name_labels_it_and_is_not_passed_to_the_engine() -> None:
    raw = zip_of({"x.json": json.dumps({"name": "Dana's deck", **VALID_DECK_JSON})})

    (item,) = read_upload(raw, "azuki")

    assert item["name"] == "Dana's deck"
    assert "name" not in item["data"]


def test_it_reads_a_json_array_of_export_json_and_named_texts() -> None:
    body = [VALID_DECK_JSON, {"name": "Eve", "text": SHORT_DECK}, {"text": VALID_DECK}]

    items = read_upload(json.dumps(body).encode(), "azuki", "decks.json")

    assert [(item["name"], item["format"]) for item in items] == [
        ("List 1", "json"),
        ("Eve", "text"),
        ("List 3", "text"),
    ]


def test_a_json_file_in_a_zip_may_hold_an_array_of_lists() -> None:
    raw = zip_of({"all.json": json.dumps([VALID_DECK_JSON, {"name": "B", "text": VALID_DECK}])})

    items = read_upload(raw, "azuki")

    assert [item["name"] for item in items] == ["all.json #1", "B"]


def test_it_skips_folders_and_files_archivers_add_on_their_own() -> None:
    raw = zip_of({"__MACOSX/._a.txt": "junk", ".DS_Store": "junk", "a.txt": VALID_DECK})

    assert [item["name"] for item in read_upload(raw, "azuki")] == ["a.txt"]


@pytest.mark.parametrize(
    ("files", "reason"),
    [
        ({"bad.txt": b"\xff\xfe\xfa not utf-8"}, "not UTF-8"),
        ({"bad.txt": b"4 AZK-010\x00"}, "NUL"),
        ({"empty.txt": "  \n"}, "empty"),
        ({"bad.json": "{not json"}, "not valid JSON"),
        ({"deep.json": "[" * 100_000 + "]" * 100_000}, "nested too deeply"),
        ({"nan.json": '{"format": "azuki-deck", "x": NaN}'}, "not valid JSON"),
        ({"../escape.txt": VALID_DECK}, "leaves the archive"),
        ({"/abs.txt": VALID_DECK}, "leaves the archive"),
        ({"inner.zip": zip_of({"a.txt": VALID_DECK})}, "ZIP inside the ZIP"),
        ({"notes.docx": "hello"}, "not a .txt or .json"),
        ({"army.json": json.dumps({"format": "azeroth-army"})}, "an azeroth list"),
        ({"odd.json": json.dumps({"format": "chess-pgn"})}, "format 'chess-pgn'"),
        ({"odd.json": json.dumps({"leader": "AZK-001"})}, "export JSON"),
        ({"odd.json": json.dumps({"text": 5})}, "'text' must be a string"),
        ({"odd.json": json.dumps({"text": "x", "extra": 1})}, "Unknown field"),
        ({"odd.json": json.dumps(3)}, "Expected an object"),
        ({"nul.json": json.dumps({**VALID_DECK_JSON, "leader": "AZK\u0000"})}, "NUL"),
    ],
)
def test_each_unreadable_file_becomes_a_row_saying_why(
    files: dict[str, bytes | str], reason: str
) -> None:
    raw = zip_of({"good.txt": VALID_DECK, **files})

    items = read_upload(raw, "azuki")

    assert items[0]["format"] == "text"
    bad = items[1]
    assert bad["format"] == "unreadable"
    assert reason in bad["data"]


def limits(**changes: int) -> Limits:
    """The limits of the embedded defaults, with ``changes``."""
    return dataclasses.replace(Limits.from_settings(), **changes)


def test_a_file_larger_than_the_cap_is_a_row_even_if_the_directory_lies() -> None:
    raw = zip_of({"big.txt": "4 AZK-010\n" * 50, "small.txt": "4 AZK-010\n"})

    items = read_upload(raw, "azuki", limits=limits(list_bytes=100))

    assert items[0]["format"] == "unreadable"
    assert "larger than" in items[0]["data"]
    assert items[1]["format"] == "text"


def test_an_archive_that_unpacks_to_too_much_is_refused() -> None:
    raw = zip_of({f"{n}.txt": "4 AZK-010\n" * 40 for n in range(5)})

    with pytest.raises(UploadError, match="unpack to more than 1,000 bytes"):
        read_upload(raw, "azuki", limits=limits(unpacked_bytes=1000))


def test_too_many_files_is_refused() -> None:
    raw = zip_of({f"{n}.txt": VALID_DECK for n in range(4)})

    with pytest.raises(UploadError, match="holds more than 3 lists, the most one batch takes"):
        read_upload(raw, "azuki", limits=limits(lists=3))


def test_too_many_lists_in_an_array_is_refused() -> None:
    with pytest.raises(UploadError, match="holds more than 2 lists"):
        read_upload(json.dumps([{"text": "x"}] * 3).encode(), "azuki", limits=limits(lists=2))


@pytest.mark.parametrize(
    ("raw", "filename", "message"),
    [
        (b"", "x.json", "empty"),
        (b"hello, not a list", "x.txt", "neither a ZIP archive nor a JSON array"),
        (b"\xff\xfe\xfa", "x.json", "neither a ZIP archive nor a JSON array"),
        (b"PK\x03\x04 truncated", "x.zip", "not a ZIP archive"),
        (b'"a string"', "x.json", "Expected a JSON array"),
        (b"[]", "x.json", "holds no lists"),
        (zip_of({"readme.md": "hi"})[:0] + zip_of({}), "x.zip", "holds no list files"),
    ],
)
def test_a_wholly_unreadable_upload_is_a_readable_error(
    raw: bytes, filename: str, message: str
) -> None:
    with pytest.raises(UploadError, match=message):
        read_upload(raw, "azuki", filename)


def test_an_encrypted_member_is_a_row() -> None:
    raw = bytearray(zip_of({"good.txt": VALID_DECK, "secret.txt": "4 AZK-010"}))
    # Set the "encrypted" flag of the second member in its local and central headers.
    local = raw.find(b"PK\x03\x04", 1)
    central = raw.rfind(b"PK\x01\x02")
    raw[local + 6] |= 0x1
    raw[central + 8] |= 0x1

    items = read_upload(bytes(raw), "azuki")

    assert items[1] == {
        "name": "secret.txt",
        "format": "unreadable",
        "data": "The file is encrypted.",
    }


def test_a_single_json_list_is_one_list() -> None:
    items = read_upload(json.dumps({"name": "Solo", "text": HORDE_ARMY}).encode(), "azeroth")

    assert items == [{"name": "Solo", "format": "text", "data": HORDE_ARMY}]


def test_a_name_with_nul_characters_is_cleaned() -> None:
    items = read_upload(json.dumps([{"name": "A\u0000lice", "text": VALID_DECK}]).encode(), "azuki")

    assert items[0]["name"] == "Alice"


# --- what one upload may hold -----------------------------------------------------------------


def test_a_json_file_holding_more_values_than_allowed_is_refused_before_it_is_parsed() -> None:
    deck = {"format": "azuki-deck", "leader": "AZK-001", "cards": [0] * 200}

    with pytest.raises(UploadError, match="more than 100 JSON values"):
        read_upload(json.dumps([deck]).encode(), "azuki", limits=limits(lists=1))


def test_values_are_counted_across_the_files_of_an_archive() -> None:
    deck = json.dumps({**VALID_DECK_JSON, "padding": [0] * 90})
    raw = zip_of({"a.json": deck, "b.json": deck, "c.json": deck})

    with pytest.raises(UploadError, match="more than 300 JSON values"):
        read_upload(raw, "azuki", limits=limits(lists=3))
    assert len(read_upload(raw, "azuki", limits=limits(lists=5))) == 3


def test_an_archive_directory_holding_too_many_files_is_refused_before_it_is_read() -> None:
    raw = zip_of({f"__MACOSX/._{n}.txt": "junk" for n in range(15)})

    with pytest.raises(UploadError, match="holds more than 14 files"):
        read_upload(raw, "azuki", limits=limits(lists=2))


def test_a_json_file_in_an_archive_holding_more_lists_than_are_left_is_refused() -> None:
    raw = zip_of({"a.txt": VALID_DECK, "all.json": json.dumps([{"text": VALID_DECK}] * 3)})

    with pytest.raises(UploadError, match="holds more than 3 lists"):
        read_upload(raw, "azuki", limits=limits(lists=3))


def test_json_nested_deeper_than_a_list_ever_is_a_row_in_an_archive_and_refused_alone() -> None:
    deep = json.dumps({**VALID_DECK_JSON, "x": json.loads("[" * 20 + "]" * 20)})

    (item,) = read_upload(zip_of({"deep.json": deep}), "azuki")
    assert item["format"] == "unreadable"
    assert "nested too deeply (more than 17 levels)" in item["data"]
    with pytest.raises(UploadError, match="nested too deeply"):
        read_upload(f"[{deep}]".encode(), "azuki")


def test_what_lists_take_as_stored_counts_toward_the_unpacked_limit() -> None:
    # 300 characters that are 600 bytes of UTF-8 and 1,800 of stored JSON escapes.
    raw = zip_of({"a.txt": "é" * 300})

    with pytest.raises(UploadError, match="unpack to more than 1,000 bytes"):
        read_upload(raw, "azuki", limits=limits(unpacked_bytes=1000))
    assert read_upload(raw, "azuki", limits=limits(unpacked_bytes=2000))[0]["format"] == "text"


def test_a_file_unpacking_past_what_its_directory_entry_declares_is_a_row() -> None:
    raw = bytearray(zip_of({"a.txt": VALID_DECK}))
    central = raw.rfind(b"PK\x01\x02")
    raw[central + 24 : central + 28] = (10).to_bytes(4, "little")  # "10 bytes unpacked"
    local = raw.find(b"PK\x03\x04")
    raw[local + 22 : local + 26] = (10).to_bytes(4, "little")

    (item,) = read_upload(bytes(raw), "azuki")

    assert item["format"] == "unreadable"
    assert "cannot be unpacked" in item["data"]


# --- strings that are not text ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "place"),
    [
        ('[{"name": "A", "text": "4 AZK-010"}, {"text": "\\ud800"}]', "[1].text"),
        ('[{"name": "\\udc00", "text": "4 AZK-010"}]', "[0].name"),
        ('[{"format": "azuki-deck", "leader": "AZK-\\ud800"}]', "[0].leader"),
        ('[{"format": "azuki-deck", "cards": [{"id": "\\ud800"}]}]', "[0].cards[0].id"),
    ],
)
def test_a_json_upload_with_a_lone_surrogate_is_refused_naming_its_place(
    body: str, place: str
) -> None:
    with pytest.raises(UploadError) as refused:
        read_upload(body.encode(), "azuki", "lists.json")

    assert refused.value.message.startswith(f"The file's {place} must not contain a lone")


def test_a_lone_surrogate_in_an_archive_s_json_file_is_that_file_s_row() -> None:
    raw = zip_of({"a.txt": VALID_DECK, "b.json": '{"name": "B", "text": "x\\udfff"}'})

    items = read_upload(raw, "azuki")

    assert items[0]["format"] == "text"
    assert items[1] == {
        "name": "b.json",
        "format": "unreadable",
        "data": "The file's text must not contain a lone surrogate (\\udfff): it is not a "
        "character.",
    }


def test_a_surrogate_pair_is_a_character_like_any_other() -> None:
    body = json.dumps([{"name": "\U0001f409 Dragons", "text": VALID_DECK}])  # escaped as a pair

    (item,) = read_upload(body.encode(), "azuki")

    assert item["name"] == "\U0001f409 Dragons"


@pytest.mark.parametrize(
    "item",
    [
        {"name": "Ann", "text": "4 AZK-010\ud800"},
        {"format": "azuki-deck", "leader": "\ud800"},
    ],
)
def test_a_list_handed_over_with_a_lone_surrogate_is_an_unreadable_row(
    item: dict[str, str],
) -> None:
    (row,) = read_array([item], "azuki")

    assert row["format"] == "unreadable"
    assert "lone surrogate (\\ud800)" in row["data"]
    assert json.dumps(row, ensure_ascii=False).encode()  # storable: no surrogate left


def test_a_name_with_a_lone_surrogate_is_kept_as_its_escape() -> None:
    (row,) = read_array([{"name": "Ann\udc00", "text": VALID_DECK}], "azuki")

    assert row["name"] == "Ann\\udc00"
