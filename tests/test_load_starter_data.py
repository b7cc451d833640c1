"""`manage.py load_starter_data`, the step of `make run` that loads the shipped fixtures."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def load(folder: Path) -> str:
    out = StringIO()
    call_command("load_starter_data", "--dir", str(folder), stdout=out)
    return out.getvalue()


def test_it_says_there_is_no_starter_data_when_the_folder_is_empty(tmp_path: Path) -> None:
    assert "No starter data to load" in load(tmp_path)


def test_it_says_there_is_no_starter_data_when_the_folder_is_missing(tmp_path: Path) -> None:
    assert "No starter data to load" in load(tmp_path / "missing")


def test_it_loads_every_fixture_in_the_folder_and_can_run_twice(tmp_path: Path) -> None:
    for pk, name in [(1, "organisers"), (2, "players")]:
        fixture = [{"model": "auth.group", "pk": pk, "fields": {"name": name}}]
        (tmp_path / f"{name}.json").write_text(json.dumps(fixture))

    first = load(tmp_path)
    again = load(tmp_path)

    assert "Loaded starter data: organisers.json, players.json" in first
    assert "Loaded starter data" in again
    assert sorted(Group.objects.values_list("name", flat=True)) == ["organisers", "players"]
