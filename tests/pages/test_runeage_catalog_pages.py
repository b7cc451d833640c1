"""Rune Age catalogs on the catalog pages (issue 13): listed under their game, shown and
searched, downloaded, and uploaded by staff, the demonstration catalog labelled."""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from games.catalogs import export_catalog, find_catalog
from games.models import Catalog
from tests.pages.test_catalog_pages import _entry_names, _text

pytestmark = pytest.mark.django_db

RUNEAGE = "/catalogs/runeage/starter/1.0/"


@pytest.fixture(autouse=True)
def _starter_catalogs() -> None:
    call_command("load_starter_data", stdout=io.StringIO())


def test_the_list_shows_rune_age_with_what_it_holds(client: Client) -> None:
    html = client.get("/catalogs/").content.decode()
    assert html.index('id="game-runeage"') < html.index(f'href="{RUNEAGE}"')
    text = _text(html)
    assert "Rune Age" in text and "version 1.0 · 4 races, 4 scenarios" in text


def test_the_page_shows_every_kind_of_card_and_says_it_is_made_up(client: Client) -> None:
    response = client.get(RUNEAGE)
    assert response.status_code == 200
    html = response.content.decode()
    text = _text(html)
    note = "Made-up demonstration content for trying Referee out, not official game material."
    assert note in text
    for title in ("Races", "Neutral cards", "Cities", "Gold", "Scenarios", "Dragon rune powers"):
        assert f"{title} " in text
    names = _entry_names(html)
    assert "Daqan Lords" in names and "Runewars" in names and "Gold 3" in names
    assert "Home Realm Hearthold Keep" in text


def test_the_search_keeps_entries_holding_every_word(client: Client) -> None:
    response = client.get(RUNEAGE, {"q": "hearthold"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert _entry_names(response.content.decode()) == ["Daqan Lords"]


def test_the_download_is_the_import_file(client: Client) -> None:
    response = client.get(RUNEAGE + "download/")
    assert response.status_code == 200
    assert json.loads(response.content) == export_catalog(find_catalog("runeage", "starter"))


def test_staff_upload_a_rune_age_catalog(client: Client) -> None:
    client.force_login(User.objects.create_user("organiser", password="x", is_staff=True))
    data = export_catalog(find_catalog("runeage", "starter")) | {
        "slug": "home",
        "name": "Our Rune Age cards",
        "demo": False,
    }
    upload = SimpleUploadedFile("r.json", json.dumps(data).encode(), "application/json")
    response = client.post("/catalogs/", {"file": upload})
    assert response.status_code == 302
    assert response["Location"] == "/catalogs/runeage/home/1.0/?imported=1"
    page = _text(client.get("/catalogs/runeage/home/1.0/").content.decode())
    assert "Made-up demonstration content for trying Referee out" not in page
    assert Catalog.objects.filter(system="runeage", slug="home").exists()
