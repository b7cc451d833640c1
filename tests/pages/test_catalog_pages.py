"""The catalog pages (/catalogs/...), through Django's test client: the list by game, one
catalog's entries and search, the JSON download, and the staff-only upload."""

from __future__ import annotations

import html as html_lib
import io
import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from games.catalogs import export_catalog, find_catalog
from games.models import Catalog, Unit
from tests.games.conftest import starter

pytestmark = pytest.mark.django_db

CATALOGS = "/catalogs/"
AZEROTH = "/catalogs/azeroth/starter/1.0/"
HX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _starter_catalogs() -> None:
    call_command("load_starter_data", stdout=io.StringIO())


@pytest.fixture
def organiser(client: Client) -> Client:
    """A signed-in staff user."""
    user = User.objects.create_user("organiser", password="x", is_staff=True)
    client.force_login(user)
    return client


@pytest.fixture
def player(client: Client) -> Client:
    """A signed-in user who is not staff."""
    user = User.objects.create_user("player", password="x")
    client.force_login(user)
    return client


def _text(html: str) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def _entry_names(html: str) -> list[str]:
    return [
        _text(name).strip() for name in re.findall(r'<h3 class="entry-name">(.*?)</h3>', html, re.S)
    ]


def _upload(client: Client, data: Any, *, replace: bool = False, name: str = "c.json") -> Any:
    content = data if isinstance(data, bytes) else json.dumps(data).encode()
    form: dict[str, Any] = {"file": SimpleUploadedFile(name, content, "application/json")}
    if replace:
        form["replace"] = "1"
    return client.post(CATALOGS, form)


# --- The list ------------------------------------------------------------------------------


def test_it_lists_every_catalog_grouped_by_game_with_its_counts(client: Client) -> None:
    html = client.get(CATALOGS).content.decode()
    text = _text(html)
    positions = [html.index(f'id="game-{system}"') for system in ("azeroth", "azuki", "azrah")]
    for system, position in zip(("azeroth", "azuki", "azrah"), positions, strict=True):
        link = html.index(f'href="/catalogs/{system}/starter/1.0/"')
        assert link > position
    assert "version 1.0 · 2 factions, 22 units" in text
    assert "version 1.0 · 29 cards" in text
    assert "version 1.0 · 19 Guardians, 4 Curse and Item cards" in text


def test_it_says_plainly_that_demonstration_catalogs_are_not_official(client: Client) -> None:
    text = _text(client.get(CATALOGS).content.decode())
    assert text.count("Made-up demonstration content, not official cards.") == 3


def test_it_labels_a_real_catalog_without_the_demonstration_note(organiser: Client) -> None:
    data = starter("azuki") | {"slug": "core", "name": "Core set", "demo": False}
    assert _upload(organiser, data).status_code == 302
    html = organiser.get(CATALOGS).content.decode()
    card = html[html.index('href="/catalogs/azuki/core/1.0/"') :]
    card = card[: card.index("</li>")]
    assert "demonstration" not in card.lower()


def test_it_shows_no_upload_form_to_visitors_and_links_to_sign_in(client: Client) -> None:
    html = client.get(CATALOGS).content.decode()
    assert 'type="file"' not in html
    assert 'href="/accounts/login/?next=/catalogs/"' in html


def test_it_shows_no_upload_form_to_a_player(player: Client) -> None:
    html = player.get(CATALOGS).content.decode()
    assert 'type="file"' not in html
    assert "Only staff can upload catalogs" in html


def test_it_shows_the_upload_form_to_staff(organiser: Client) -> None:
    html = organiser.get(CATALOGS).content.decode()
    assert 'enctype="multipart/form-data"' in html
    assert 'type="file" name="file"' in html
    assert 'name="replace"' in html


# --- One catalog ---------------------------------------------------------------------------


def test_it_shows_every_unit_with_its_profile_line_tiers_points_and_keywords(
    client: Client,
) -> None:
    html = client.get(AZEROTH).content.decode()
    catalog = find_catalog("azeroth", "starter", "1.0")
    assert _entry_names(html) == [
        unit.name for unit in catalog.units.order_by("faction__position", "position")
    ]
    wolfguard = html[html.index('id="unit-korkron-wolfguard"') :]
    wolfguard = _text(wolfguard[: wolfguard.index("</article>")])
    unit = Unit.objects.get(catalog=catalog, slug="korkron-wolfguard")
    line = (
        f'MOV {unit.mov}" ATK {unit.atk} SKL {unit.skl}+ STR {unit.strength} TGH {unit.tgh} '
        f"DEF {unit.defense}+ INI {unit.ini} WND {unit.wounds}"
    )
    assert line in re.sub(r"\s+", " ", wolfguard)
    assert f"{unit.points} pts" in wolfguard
    assert "Mounted" in wolfguard and "Elite" in wolfguard and "dual-slot" in wolfguard
    assert "Momentum [2]" in wolfguard


def test_it_shows_a_heros_abilities_and_unique_flag(client: Client) -> None:
    html = client.get(AZEROTH).content.decode()
    thrall = html[html.index('id="unit-thrall-warchief"') :]
    thrall = _text(thrall[: thrall.index("</article>")])
    assert "Unique" in thrall and "Magical" in thrall
    assert "Decisive Blow [2]" in thrall
    assert 'Earthquake (Blast, 3 Mana, 18")' in thrall


def test_it_says_the_catalog_is_demonstration_content(client: Client) -> None:
    text = _text(client.get(AZEROTH).content.decode())
    assert "Made-up demonstration content for trying Referee out, not official cards." in text


def test_it_shows_cards_with_type_element_cost_and_stats(client: Client) -> None:
    html = client.get("/catalogs/azuki/starter/1.0/").content.decode()
    catalog = find_catalog("azuki", "starter", "1.0")
    assert len(_entry_names(html)) == catalog.cards.count()
    card = catalog.cards.exclude(attack=None).exclude(ikz_cost=None).first()
    assert card is not None
    block = html[html.index(f'id="card-{card.card_id}"') :]
    block = _text(block[: block.index("</article>")])
    assert f"{card.card_id} {card.name}" in block
    assert f"{card.ikz_cost} IKZ" in block
    assert card.get_type_display() in block and card.get_element_display() in block
    assert f"Attack {card.attack}" in block and f"Health {card.health}" in block


def test_it_shows_guardians_with_hit_points_range_arrows_and_abilities(client: Client) -> None:
    html = client.get("/catalogs/azrah/starter/1.0/").content.decode()
    block = html[html.index('id="guardian-AZR-002"') :]
    block = _text(block[: block.index("</article>")])
    assert "AZR-002 Nyx Lanternbearer" in block
    assert "3 HP" in block
    assert "left, centre" in block
    assert "Eclipse (1 Gem)" in block and "Shadow Flicker (1 Mana)" in block
    assert "Curse and Item cards" in _text(html)


def test_a_missing_catalog_is_a_404(client: Client) -> None:
    assert client.get("/catalogs/azeroth/starter/9.9/").status_code == 404
    assert client.get("/catalogs/azeroth/nope/1.0/").status_code == 404


def test_a_catalog_without_a_version_opens_its_newest_version(organiser: Client) -> None:
    assert _upload(organiser, starter("azeroth") | {"version": "1.10"}).status_code == 302
    assert _upload(organiser, starter("azeroth") | {"version": "1.9"}).status_code == 302
    response = organiser.get("/catalogs/azeroth/starter/")
    assert response.status_code == 302
    assert response["Location"] == "/catalogs/azeroth/starter/1.10/"


# --- Search --------------------------------------------------------------------------------


def test_searching_keeps_only_the_matching_entries(client: Client) -> None:
    html = client.get(AZEROTH, {"q": "momentum"}).content.decode()
    expected = [
        unit.name
        for unit in Unit.objects.filter(catalog__system="azeroth").order_by(
            "faction__position", "position"
        )
        if "Momentum" in unit.keywords
    ]
    assert expected and _entry_names(html) == expected
    assert f"{len(expected)} of 22 entries match “momentum”" in _text(html)
    assert 'value="momentum"' in html


def test_every_word_of_a_search_must_match(client: Client) -> None:
    html = client.get(AZEROTH, {"q": "horde hero"}).content.decode()
    assert _entry_names(html) == ["Thrall, Warchief of the Horde", "Orc Blademaster"]


def test_cards_are_found_by_card_id(client: Client) -> None:
    html = client.get("/catalogs/azuki/starter/1.0/", {"q": "azk-017"}).content.decode()
    assert [name.split()[0] for name in _entry_names(html)] == ["AZK-017"]


def test_a_search_that_matches_nothing_says_so(client: Client) -> None:
    text = _text(client.get(AZEROTH, {"q": "zzzz"}).content.decode())
    assert "0 of 22 entries match" in text and "Nothing here matches." in text


def test_an_htmx_search_answers_with_the_entries_only(client: Client) -> None:
    response = client.get(AZEROTH, {"q": "grunt"}, headers=HX)
    html = response.content.decode()
    assert "<html" not in html and "site-header" not in html
    assert _entry_names(html) == ["Orc Grunt"]
    assert "HX-Request" in response["Vary"]


# --- Download ------------------------------------------------------------------------------


@pytest.mark.parametrize("system", ["azeroth", "azuki", "azrah"])
def test_the_download_is_the_catalogs_export(client: Client, system: str) -> None:
    response = client.get(f"/catalogs/{system}/starter/1.0/download/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"] == f'attachment; filename="{system}-starter-1.0.json"'
    assert json.loads(response.content) == export_catalog(find_catalog(system, "starter", "1.0"))


def test_the_catalog_page_links_to_its_download(client: Client) -> None:
    html = client.get(AZEROTH).content.decode()
    assert 'href="/catalogs/azeroth/starter/1.0/download/"' in html


# --- Upload --------------------------------------------------------------------------------


def test_staff_upload_a_good_file_and_see_the_new_catalog(organiser: Client) -> None:
    data = starter("azeroth") | {"slug": "army-book", "name": "Army book", "version": "2.0"}
    response = _upload(organiser, data)
    assert response.status_code == 302
    assert response["Location"] == "/catalogs/azeroth/army-book/2.0/?imported=1"
    catalog = find_catalog("azeroth", "army-book", "2.0")
    assert export_catalog(catalog) == data | {"format": "referee-catalog", "format_version": 1}
    page = _text(organiser.get(response["Location"]).content.decode())
    assert "Imported: Army book version 2.0 (2 factions, 22 units)." in page


def test_a_bad_file_lists_every_problem_and_imports_nothing(organiser: Client) -> None:
    data = starter("azeroth") | {"slug": "broken", "version": ""}
    data["units"][0]["skl"] = 9
    data["units"][3]["faction"] = "scourge"
    before = Catalog.objects.count()
    response = _upload(organiser, data)
    assert response.status_code == 400
    html = response.content.decode()
    table = html[html.index('data-testid="upload-problems"') :]
    body = table[table.index("<tbody>") : table.index("</table>")]
    rows = [
        [_text(cell).strip() for cell in re.findall(r"<td>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]
    assert len(rows) == 3
    entries = {(row[0], row[1]) for row in rows}
    assert ("catalog", "version") in entries
    assert (f"units[0] '{data['units'][0]['name']}'", "skl") in entries
    assert (f"units[3] '{data['units'][3]['name']}'", "faction") in entries
    assert "Nothing was imported" in html and "The file has 3 problems" in html
    assert Catalog.objects.count() == before
    assert not Catalog.objects.filter(slug="broken").exists()


def test_a_file_that_is_not_json_is_reported(organiser: Client) -> None:
    response = _upload(organiser, b"{not json", name="army.json")
    assert response.status_code == 400
    text = _text(response.content.decode())
    assert "army.json" in text and "is not valid JSON" in text


def test_uploading_an_existing_version_is_refused_unless_replace_is_ticked(
    organiser: Client,
) -> None:
    data = starter("azuki")
    data["cards"][0]["name"] = "Ember Matriarch Reborn"
    refused = _upload(organiser, data)
    assert refused.status_code == 400
    assert "already imported" in _text(refused.content.decode())
    assert find_catalog("azuki", "starter", "1.0").cards.filter(name="Ember Matriarch").exists()

    replaced = _upload(organiser, data, replace=True)
    assert replaced.status_code == 302
    catalog = find_catalog("azuki", "starter", "1.0")
    assert catalog.cards.filter(name="Ember Matriarch Reborn").exists()


def test_an_upload_without_a_file_asks_for_one(organiser: Client) -> None:
    response = organiser.post(CATALOGS, {})
    assert response.status_code == 400
    assert "Choose a catalog file to upload." in response.content.decode()


def test_a_player_cannot_upload(player: Client) -> None:
    before = Catalog.objects.count()
    response = _upload(player, starter("azeroth") | {"slug": "sneaky"})
    assert response.status_code == 403
    assert Catalog.objects.count() == before


def test_a_visitor_cannot_upload(client: Client) -> None:
    response = _upload(client, starter("azeroth") | {"slug": "sneaky"})
    assert response.status_code == 403
    assert not Catalog.objects.filter(slug="sneaky").exists()
