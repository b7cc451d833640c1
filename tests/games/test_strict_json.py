"""The one JSON reader for what comes from outside (games/strict_json.py): each limit is a
parameter, and each refusal an error of its own that callers word as they need."""

from __future__ import annotations

import json

import pytest

from games.strict_json import NotText, TooDeep, TooLarge, TooManyValues, read_json


def test_it_reads_json_within_every_limit() -> None:
    text = json.dumps({"cards": [{"id": "AZK-001", "count": 4}], "name": "Fire \U0001f525"})

    assert read_json(text, max_bytes=len(text), max_values=10, max_depth=3) == json.loads(text)


def test_it_refuses_text_longer_than_its_byte_limit_counted_as_utf8() -> None:
    text = json.dumps("é" * 10, ensure_ascii=False)  # 12 characters, 22 bytes

    with pytest.raises(TooLarge) as refused:
        read_json(text, max_bytes=21)
    assert refused.value.limit == 21
    assert read_json(text, max_bytes=22) == "é" * 10


def test_it_counts_values_before_it_builds_any() -> None:
    text = "[" + ",".join(["0"] * 100) + "]"  # 101 values: the list and its numbers

    with pytest.raises(TooManyValues, match="more than 100 JSON values"):
        read_json(text, max_values=100)
    assert len(read_json(text, max_values=101)) == 100


@pytest.mark.parametrize("text", ["NaN", '{"x": Infinity}', "[-Infinity]"])
def test_it_refuses_what_python_reads_but_json_does_not(text: str) -> None:
    with pytest.raises(ValueError, match="is not a JSON number"):
        read_json(text)


def test_nesting_deeper_than_python_reads_is_an_error_not_a_crash() -> None:
    with pytest.raises(TooDeep, match="nested too deeply"):
        read_json("[" * 100_000 + "]" * 100_000)


def test_it_refuses_nesting_deeper_than_its_depth_limit() -> None:
    text = json.dumps({"a": [[{"b": []}]]})  # 5 levels

    with pytest.raises(TooDeep, match=r"more than 4 levels"):
        read_json(text, max_depth=4)
    assert read_json(text, max_depth=5) == json.loads(text)


def test_a_lone_surrogate_is_refused_naming_every_place_it_is() -> None:
    text = '{"cards": [{"id": "AZK-\\ud800"}], "\\udfff": 1}'

    with pytest.raises(NotText) as refused:
        read_json(text, root="deck")

    assert set(refused.value.problems) == {"deck.cards[0].id", "deck.\\udfff"}
    assert str(refused.value).startswith("deck.cards[0].id must not contain a lone surrogate")


def test_a_surrogate_pair_is_a_character_like_any_other() -> None:
    assert read_json('{"name": "\\ud83d\\udd25"}') == {"name": "\U0001f525"}


def test_an_error_that_is_not_a_limit_is_a_plain_value_error_saying_why() -> None:
    with pytest.raises(ValueError, match="Expecting") as refused:
        read_json("{not json")
    assert not isinstance(refused.value, TooLarge | TooManyValues | TooDeep | NotText)
