"""The catalog pages (/catalogs/...), through Django's test client: the list by game, one
catalog's entries and search, the JSON download, and the staff-only upload."""

from __future__ import annotations

import html as html_lib
import io
import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from games.catalogs import export_catalog, find_catalog
from games.models import Catalog
from games.systems.azeroth.models import Unit
from games.templatetags.referee import format_percent
from referee.rules.azeroth import combat
from referee.rules.azeroth.profiles import Attack, Attacker, Defender, Keywords, Mode, Situation
from referee.rules.azeroth.units import Unit as EngineUnit
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
    # the starter catalogs of Azeroth at War, Azuki TCG, AZRAH and Rune Age
    assert text.count("Made-up demonstration content, not official game material.") == 4
    assert "official cards" not in text  # Azeroth at War is played with miniatures


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
    """Issue 14: the Azeroth at War units were labelled "not official cards"."""
    text = _text(client.get(AZEROTH).content.decode())
    assert "Made-up demonstration content for trying Referee out, not official game" in text
    assert "cards" not in text.lower()


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


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (b'{"units": [{"points": NaN}]}', "NaN is not a JSON number"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    ],
)
def test_a_file_python_reads_but_json_does_not_is_reported_not_a_crash(
    organiser: Client, raw: bytes, why: str
) -> None:
    response = _upload(organiser, raw, name="odd.json")
    assert response.status_code == 400
    text = _text(response.content.decode())
    assert "odd.json" in text and "is not valid JSON" in text and why in text


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


# --- The odds calculator's unit picker -----------------------------------------------------

ODDS = "/azeroth/odds/"


class _FormState(HTMLParser):
    """What a browser would submit: each input's value, radios and checkboxes when checked."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "input":
            return
        attr = dict(attrs)
        name, kind = attr.get("name"), attr.get("type")
        if not name or kind == "submit":
            return
        if kind in ("radio", "checkbox") and "checked" not in attr:
            return
        self.values.setdefault(name, []).append(attr.get("value") or "")


def _state(html: str) -> dict[str, list[str]]:
    parser = _FormState()
    parser.feed(html)
    return parser.values


def _engine_unit(slug: str) -> EngineUnit:
    return Unit.objects.get(catalog__system="azeroth", slug=slug).to_engine()


def _follow(client: Client, query: str) -> tuple[str, str]:
    """The expanded URL a pick redirects to, and the page it shows."""
    response = client.get(f"{ODDS}?{query}")
    assert response.status_code == 302
    location = response["Location"]
    page = client.get(location)
    assert page.status_code == 200
    return location, page.content.decode()


def _one(state: dict[str, list[str]], name: str) -> str:
    values = state.get(name, [])
    assert len(values) == 1, f"{name}: {values}"
    return values[0]


@pytest.mark.parametrize(
    "slug", ["orc-grunt", "thrall-warchief", "gryphon-rider", "troll-headhunter", "knight"]
)
def test_picking_an_attacker_fills_its_profile_from_the_catalog(client: Client, slug: str) -> None:
    unit = _engine_unit(slug)
    _, html = _follow(client, f"a_unit={slug}")
    state = _state(html)
    assert _one(state, "a_atk") == str(unit.atk)
    assert _one(state, "a_skl") == str(unit.skl)
    assert _one(state, "a_str") == str(unit.strength)
    assert state.get("a_rstr", [""]) == [str(unit.ranged_str) if unit.ranged_str else ""]
    assert _one(state, "a_ini") == str(unit.ini)
    assert _one(state, "a_wnd") == str(unit.wounds)
    assert _one(state, "a_arm") == unit.armor.value
    assert sorted(state.get("a_wpn", [])) == sorted(w.value for w in unit.weapons)
    assert _one(state, "a_mom") == str(unit.keywords.get("Momentum", 0))
    assert _one(state, "a_db") == str(unit.keywords.get("Decisive Blow", 0))
    for keyword, name in [
        ("Cleave", "a_clv"),
        ("Berserker", "a_bzk"),
        ("Precision Shot", "a_ps"),
        ("Fly", "a_fly"),
    ]:
        assert (name in state) is (keyword in unit.keywords), keyword
    assert state.get("a_wrem", [""]) == [""]
    assert _one(state, "a_from") == slug
    picked = re.search(r'data-testid="picked-a">([^<]*)<', html)
    assert picked and html_lib.unescape(picked.group(1)).strip() == unit.name


@pytest.mark.parametrize("slug", ["footman", "troll-witch-doctor", "wind-rider", "paladin"])
@pytest.mark.parametrize("prefix", ["d", "s", "f"])
def test_picking_a_target_fills_its_profile_from_the_catalog(
    client: Client, slug: str, prefix: str
) -> None:
    unit = _engine_unit(slug)
    _, html = _follow(client, f"{prefix}_unit={slug}")
    state = _state(html)
    assert _one(state, f"{prefix}_tgh") == str(unit.tgh)
    assert _one(state, f"{prefix}_def") == ("-" if unit.defense is None else str(unit.defense))
    assert _one(state, f"{prefix}_ini") == str(unit.ini)
    assert _one(state, f"{prefix}_wnd") == str(unit.wounds)
    assert _one(state, f"{prefix}_arm") == unit.armor.value
    assert sorted(state.get(f"{prefix}_wpn", [])) == sorted(w.value for w in unit.weapons)
    assert (f"{prefix}_fly" in state) is ("Fly" in unit.keywords)
    assert _one(state, f"{prefix}_from") == slug
    if prefix in ("s", "f"):
        assert _one(state, prefix) == "1"  # its profile is given


def test_the_picked_units_odds_are_the_engines_odds(client: Client) -> None:
    attacker, defender = _engine_unit("tauren-warrior"), _engine_unit("footman")
    location, html = _follow(client, "a_unit=tauren-warrior&d_unit=footman&charge=1")
    expected = combat.attack_odds(
        Attack(
            mode=Mode.MELEE,
            attacker=Attacker(
                atk=attacker.atk,
                skl=attacker.skl,
                str=attacker.strength,
                ini=attacker.ini,
                wounds=attacker.wounds,
                armor=attacker.armor,
                weapons=attacker.weapons,
                keywords=Keywords(decisive_blow=attacker.keywords["Decisive Blow"]),
            ),
            defender=Defender(
                tgh=defender.tgh,
                defense=defender.defense,
                ini=defender.ini,
                wounds=defender.wounds,
                armor=defender.armor,
                weapons=defender.weapons,
            ),
            situation=Situation(charging=True),
        )
    )
    kill = re.search(r'data-testid="p-kill">([^<]*)<', html)
    assert kill and kill.group(1) == format_percent(expected.damage.kill_probability)
    assert "charge=1" in location


def test_a_pick_keeps_the_rest_of_the_page(client: Client) -> None:
    location, html = _follow(client, "mode=ranged&hold=1&d_tgh=7&a_unit=dwarven-rifleman&m_fear=1")
    state = _state(html)
    assert _one(state, "mode") == "ranged" and "hold" in state and "m_fear" in state
    assert _one(state, "d_tgh") == "7"
    assert "a_unit" not in location


def test_the_fields_stay_editable_and_an_edit_is_marked(client: Client) -> None:
    location, _ = _follow(client, "a_unit=orc-grunt")
    edited = client.get(location.replace("a_atk=2", "a_atk=5")).content.decode()
    assert _one(_state(edited), "a_atk") == "5"
    assert re.search(r'data-testid="p-kill"', edited)
    assert "edited since it was picked" in edited
    unedited = client.get(location.replace("a_wnd=2", "a_wnd=2&a_wrem=1")).content.decode()
    assert "edited since it was picked" not in unedited


def test_old_links_without_a_pick_still_work(client: Client) -> None:
    response = client.get(ODDS, {"a_atk": "6", "charge": "1"})
    assert response.status_code == 200
    assert _one(_state(response.content.decode()), "a_atk") == "6"


def test_an_htmx_pick_swaps_the_profile_and_replaces_the_url(client: Client) -> None:
    response = client.get(f"{ODDS}?mode=melee&a_atk=9&a_unit=knight", headers=HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<div id="profile-a" hx-swap-oob="innerHTML">' in html
    region = html[html.index('<div id="profile-a" hx-swap-oob') :]
    region = region[: region.index('<div id="profile-d"')]
    knight = _engine_unit("knight")
    assert _one(_state(region), "a_atk") == str(knight.atk)
    assert _one(_state(region), "a_mom") == str(knight.keywords["Momentum"])
    url = response["HX-Replace-Url"]
    assert url.startswith(ODDS) and f"a_atk={knight.atk}" in url and "a_unit" not in url
    assert "a_from=knight" in url


def test_an_unknown_unit_is_a_readable_message_not_an_error(client: Client) -> None:
    response = client.get(ODDS, {"a_unit": "murloc", "a_atk": "5"})
    assert response.status_code == 200
    html = response.content.decode()
    message = re.search(r'data-testid="pick-error-a">([^<]*)<', html)
    assert message and "There is no unit “murloc”" in html_lib.unescape(message.group(1))
    assert _one(_state(html), "a_atk") == "5"  # what was entered is kept
    assert re.search(r'data-testid="p-kill"', html)


def test_an_unknown_catalog_is_a_readable_message(client: Client) -> None:
    response = client.get(ODDS, {"catalog": "nope:1.0", "a_unit": "orc-grunt"})
    assert response.status_code == 200
    text = _text(response.content.decode())
    assert "There is no Azeroth at War catalog “nope:1.0”" in text
    assert "There is no unit “orc-grunt” in any catalog" in text


def test_a_named_catalog_version_is_used_and_kept(organiser: Client) -> None:
    data = starter("azeroth") | {"slug": "book", "version": "2.0"}
    data["units"][0]["atk"] = 7
    assert _upload(organiser, data).status_code == 302
    location, html = _follow(organiser, f"catalog=book:2.0&a_unit={data['units'][0]['slug']}")
    assert "catalog=book%3A2.0" in location
    assert _one(_state(html), "a_atk") == "7"
    assert _one(_state(html), "catalog") == "book:2.0"


def test_the_picker_lists_the_units_grouped_by_faction(client: Client) -> None:
    html = client.get(ODDS).content.decode()
    select = html[html.index('<select id="id_d_unit"') :]
    select = select[: select.index("</select>")]
    groups = re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', select, re.S)
    assert [name for name, _ in groups] == ["Horde", "Alliance"]
    horde = re.findall(r'<option value="([^"]+)">', groups[0][1])
    assert horde[0] == "orc-grunt" and len(horde) == 11
    for prefix in ("a", "d", "s", "f"):
        assert f'name="{prefix}_unit"' in html


def test_the_catalog_page_links_to_the_odds_with_its_units(client: Client) -> None:
    html = client.get(AZEROTH).content.decode()
    link = re.search(r'href="(/azeroth/odds/\?catalog=[^"]+)"', html)
    assert link and html_lib.unescape(link.group(1)) == "/azeroth/odds/?catalog=starter:1.0"
    odds_page = client.get(html_lib.unescape(link.group(1))).content.decode()
    assert _one(_state(odds_page), "catalog") == "starter:1.0"
    assert 'href="/catalogs/azeroth/starter/1.0/"' in odds_page


def test_a_catalog_named_without_a_version_uses_its_newest(organiser: Client) -> None:
    data = starter("azeroth") | {"version": "1.10"}
    data["units"][0]["atk"] = 9
    assert _upload(organiser, data).status_code == 302
    _, html = _follow(organiser, "catalog=starter&a_unit=orc-grunt")
    assert _one(_state(html), "a_atk") == "9"
