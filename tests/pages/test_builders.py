"""The list builder pages through Django's test client: the deck is the query string, every
problem comes from the engine and sits beside the row it names, and bad input never 500s."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from games.models import SavedList
from referee.rules.azuki.deck import deck_from_dict, deck_to_dict, parse_deck_text

DECK = "/azuki/deck/"
# A legal Fire deck from the starter catalog: 12 IDs x 4 + 2 = 50 cards.
FIRE = [f"AZK-0{n}" for n in range(10, 22)]
LEGAL = "leader=AZK-001&gate=AZK-003&" + "&".join(f"c={i}:4" for i in FIRE) + "&c=AZK-030:2"


@pytest.fixture
def starter(db: None) -> None:
    call_command("load_starter_data", verbosity=0)


def _row(html: str, card_id: str) -> str:
    """The deck row of one card ID (up to the next row)."""
    start = html.rindex('<div class="deck-row', 0, html.index(f'data-testid="entry-{card_id}"'))
    end = html.find('<div class="deck-row', start + 1)
    return html[start : end if end != -1 else len(html)]


def test_it_opens_empty_with_the_starter_catalog_labelled_as_demonstration(
    client: Client, starter: None
) -> None:
    response = client.get(DECK)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-testid="demo-label"' in html
    assert "0 / 50" in html
    assert "no Leader" in html and "no Gate" in html
    # Every starter card is offered, with a link that adds it.
    assert 'data-testid="add-AZK-017"' in html
    assert "leader=AZK-001" in html  # the Leader's "add" link fills the Leader slot


def test_it_shows_a_legal_deck_as_legal(client: Client, starter: None) -> None:
    html = client.get(f"{DECK}?{LEGAL}").content.decode()
    assert 'data-testid="verdict">Legal deck<' in html
    assert "50 / 50" in html
    assert 'class="problem ' not in html


def test_it_puts_an_element_mismatch_beside_the_offending_card(
    client: Client, starter: None
) -> None:
    query = LEGAL.replace("c=AZK-030:2", "c=AZK-030:1&c=AZK-035:1")
    html = client.get(f"{DECK}?{query}").content.decode()
    row = _row(html, "AZK-035")
    assert 'data-code="element_mismatch"' in row
    assert "has-error" in row
    assert 'data-code="element_mismatch"' not in _row(html, "AZK-030")
    assert "1 error<" in html


def test_it_puts_too_many_copies_on_the_row_and_the_deck_size_on_top(
    client: Client, starter: None
) -> None:
    query = LEGAL.replace("c=AZK-010:4", "c=AZK-010:5")
    html = client.get(f"{DECK}?{query}").content.decode()
    assert 'data-code="too_many_copies"' in _row(html, "AZK-010")
    general = html[html.index('data-testid="general-problems"') :]
    general = general[: general.index("</div>")]
    assert 'data-code="deck_size"' in general
    assert "51 / 50" in html


def test_minus_and_plus_links_change_only_that_count(client: Client, starter: None) -> None:
    html = client.get(f"{DECK}?{LEGAL}").content.decode()
    row = _row(html, "AZK-012")
    minus = re.search(r'data-testid="minus-AZK-012"', row)
    assert minus is not None
    hrefs = re.findall(r'href="([^"]+)"', row)
    assert any("c=AZK-012%3A3" in h for h in hrefs)
    assert any("c=AZK-012%3A5" in h for h in hrefs)
    assert all("c=AZK-011%3A4" in h for h in hrefs if "export" not in h)


def test_an_htmx_request_gets_the_results_and_the_deck_out_of_band(
    client: Client, starter: None
) -> None:
    response = client.get(f"{DECK}?{LEGAL}&q=ember", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<div id="results"')
    assert (
        'id="deck" class="panel builder-deck" aria-labelledby="deck-title" hx-swap-oob="true"'
        in html
    )
    assert 'id="search-state"' in html and 'id="id_q"' not in html
    # The search narrows the results: "ember" is in three starter names or IDs at most.
    assert 'data-testid="add-AZK-019"' not in html
    assert 'data-testid="add-AZK-001"' in html
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_filters_narrow_the_results(client: Client, starter: None) -> None:
    html = client.get(f"{DECK}?type=spell&element=neutral").content.decode()
    assert re.findall(r'data-testid="add-([A-Z0-9-]+)"', html) == ["AZK-032"]


@pytest.mark.parametrize(
    "query",
    [
        "c=AZK-017:x",
        "c=:4",
        "c=AZK-017:-3",
        "c=AZK-017:100000000000000000000",
        "catalog=nope:9",
        "type=dragon&element=void",
        "leader=AZK-017&gate=AZK-999",
        "c=%00%FF",
        "saved=not-a-uuid",
        "saved=6f1c1a38-2a35-4c36-9a3a-5a3c2f3f3f3f",
    ],
)
def test_bad_query_values_are_explained_never_a_500(
    client: Client, starter: None, query: str
) -> None:
    response = client.get(f"{DECK}?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="form-errors"' in html or 'class="problem ' in html


def test_a_bad_count_is_reported_and_left_out(client: Client, starter: None) -> None:
    html = client.get(f"{DECK}?c=AZK-017:x&c=AZK-018:2").content.decode()
    assert "Could not read &#x27;AZK-017:x&#x27;" in html
    assert 'data-testid="count-AZK-018">2<' in html
    assert 'data-testid="entry-AZK-017"' not in html


def test_text_import_reports_bad_lines_with_numbers_and_keeps_the_text(
    client: Client, starter: None
) -> None:
    text = (
        "Leader: AZK-001\nGate: AZK-003\n4 AZK-017 Cinderwake Ritualist\n3 AZK-0l9\nhello there x\n"
    )
    response = client.post(DECK, {"action": "import", "text": text})
    assert response.status_code == 200
    html = response.content.decode()
    assert "AZK-0l9" in html  # the text stays in the box
    problems = html[html.index('data-testid="import-problems"') :]
    assert "Line 4" in problems and "AZK-019 Fireball" in problems  # did you mean
    assert 'data-testid="count-AZK-017">4<' in html
    assert "leader=AZK-001" in html


def test_text_import_by_htmx_pushes_the_deck_url(client: Client, starter: None) -> None:
    response = client.post(
        DECK, {"action": "import", "text": "AZK-001\n2x AZK-012"}, headers={"HX-Request": "true"}
    )
    assert response["HX-Push-Url"] == f"{DECK}?leader=AZK-001&c=AZK-012%3A2"
    assert 'id="import"' in response.content.decode()


def test_exports_read_back_to_the_same_deck(client: Client, starter: None) -> None:
    text = client.get(f"{DECK}?{LEGAL}&export=text")
    assert text["Content-Disposition"] == 'attachment; filename="azuki-deck.txt"'
    data = json.loads(client.get(f"{DECK}?{LEGAL}&export=json").content)
    deck = deck_from_dict(data)
    assert deck.leader is not None and deck.leader.card_id == "AZK-001"
    assert sum(line.count for line in deck.cards) == 50
    from games.catalogs.service import default_catalog
    from games.systems.azuki.catalog import azuki_cards

    catalog = default_catalog("azuki")
    assert catalog is not None
    parsed, problems = parse_deck_text(text.content.decode(), azuki_cards(catalog))
    assert problems == ()
    assert deck_to_dict(parsed)["cards"] == [
        {"id": line.card_id, "count": line.count, "line": line.line} for line in parsed.cards
    ]
    assert {line.card_id: line.count for line in parsed.cards} == {
        line.card_id: line.count for line in deck.cards
    }


def test_saving_needs_a_signed_in_user(client: Client, starter: None) -> None:
    response = client.post(DECK, {"action": "save", "name": "Fire", "leader": "AZK-001"})
    assert response.status_code == 200
    assert "Sign in to save a list." in response.content.decode()
    assert not SavedList.objects.exists()


def test_a_signed_in_user_saves_and_reopens_a_deck(client: Client, starter: None) -> None:
    user = User.objects.create_user("ada", password="pw")
    client.force_login(user)
    data: dict[str, object] = {"action": "save", "name": "Fire rush", "leader": "AZK-001"}
    data["gate"] = "AZK-003"
    data["c"] = [f"{i}:4" for i in FIRE] + ["AZK-030:2"]
    html = client.post(DECK, data).content.decode()
    assert "Saved as <strong>Fire rush</strong> (legal)" in html
    saved = SavedList.objects.get()
    assert saved.owner == user and saved.valid is True and saved.catalog_version == "1.0"
    reopened = client.get(f"{DECK}?saved={saved.pk}").content.decode()
    assert 'data-testid="verdict">Legal deck<' in reopened
    assert 'value="Fire rush"' in reopened
    # Someone else cannot open it.
    other = Client()
    other.force_login(User.objects.create_user("bob", password="pw"))
    html = other.get(f"{DECK}?saved={saved.pk}").content.decode()
    assert "not one of yours" in html and "0 / 50" in html


# --- Azeroth at War army builder ---------------------------------------------------------------

ARMY = "/azeroth/army/"
# A legal Standard Horde army: 3 Grunts, 2 Headhunters, a Wolf Rider, a Tauren Warrior
# and Thrall: 8 units (a warning: Standard is 9-12), 575 points.
HORDE = (
    "size=standard&faction=horde&u=orc-grunt:3&u=troll-headhunter:2&u=wolf-rider:1"
    "&u=tauren-warrior:1&u=thrall-warchief:1"
)


def _army_row(html: str, ref: str) -> str:
    start = html.rindex('<div class="deck-row', 0, html.index(f'data-testid="entry-{ref}"'))
    end = html.find('<div class="deck-row', start + 1)
    return html[start : end if end != -1 else len(html)]


def test_the_army_builder_opens_with_the_starter_units_labelled_as_demonstration(
    client: Client, starter: None
) -> None:
    html = client.get(ARMY).content.decode()
    assert 'data-testid="demo-label"' in html
    assert 'data-testid="add-orc-grunt"' in html
    assert "0 / 750" in html
    assert 'data-code="no_hero"' in html


def test_a_legal_army_shows_its_totals(client: Client, starter: None) -> None:
    html = client.get(f"{ARMY}?{HORDE}").content.decode()
    assert 'data-testid="verdict">Legal army<' in html
    assert 'data-testid="points-used">575 / 750<' in html
    assert "8 of 9\u201312" in html  # units: a warning, not an error
    elite = html[html.index('data-testid="tier-elite"') :]
    assert "1 <small>of 0\u20133</small>" in elite[:200]


def test_a_tier_over_its_maximum_is_shown_on_the_units_that_fill_it(
    client: Client, starter: None
) -> None:
    query = HORDE + "&u=korkron-shieldbearer:2&u=korkron-wolfguard:1"
    html = client.get(f"{ARMY}?{query}&points=2000").content.decode()
    assert 'data-code="tier_max"' in _army_row(html, "tauren-warrior")
    assert 'data-code="tier_max"' in _army_row(html, "korkron-wolfguard")
    assert 'data-code="tier_max"' not in _army_row(html, "orc-grunt")
    assert "total-bad" in html[html.index('data-testid="tier-elite"') - 40 :][:80]


def test_over_points_and_a_wrong_faction_unit(client: Client, starter: None) -> None:
    html = client.get(f"{ARMY}?{HORDE}&u=footman:1&points=600").content.decode()
    general = html[html.index('data-testid="general-problems"') :]
    assert 'data-code="over_points"' in general[: general.index("</div>")]
    assert 'data-code="wrong_faction"' in _army_row(html, "footman")


@pytest.mark.parametrize(
    "query",
    [
        "size=huge",
        "faction=orcs",
        "points=lots",
        "points=-5",
        "u=orc-grunt:many",
        "u=:2",
        "u=nobody:2",
        "tier=legend&uf=nobody",
        "saved=xyz",
    ],
)
def test_bad_army_query_values_are_explained_never_a_500(
    client: Client, starter: None, query: str
) -> None:
    response = client.get(f"{ARMY}?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="form-errors"' in html or 'data-code="unknown_entry"' in html


def test_army_text_import_reads_the_header_and_reports_unknown_units(
    client: Client, starter: None
) -> None:
    text = (
        "# Azeroth at War army: Skirmish, 500 points\n# Faction: Horde\n3 Orc Grunt\nOrc Grnut x2\n"
    )
    html = client.post(ARMY, {"action": "import", "text": text}).content.decode()
    problems = html[html.index('data-testid="import-problems"') :]
    assert "Line 4" in problems and "Orc Grunt" in problems
    assert 'value="skirmish" selected' in html
    assert 'value="horde" selected' in html
    assert 'data-testid="count-orc-grunt">3<' in html
    assert "Orc Grnut x2" in html


def test_army_htmx_partial_and_exports(client: Client, starter: None) -> None:
    response = client.get(f"{ARMY}?{HORDE}&q=grunt", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="results"') and "<html" not in html
    assert 'data-testid="add-orc-grunt"' in html and 'data-testid="add-wolf-rider"' not in html
    text = client.get(f"{ARMY}?{HORDE}&export=text").content.decode()
    assert text.startswith("# Azeroth at War army: Standard")
    assert "3 Orc Grunt" in text
    data = json.loads(client.get(f"{ARMY}?{HORDE}&export=json").content)
    assert data["format"] == "azeroth-army" and data["faction"]["slug"] == "horde"


def test_a_signed_in_user_saves_and_reopens_an_army(client: Client, starter: None) -> None:
    client.force_login(User.objects.create_user("ada", password="pw"))
    data = {"action": "save", "name": "Horde 750", "size": "standard", "faction": "horde"}
    html = client.post(ARMY, {**data, "u": ["orc-grunt:3", "thrall-warchief:1"]}).content.decode()
    assert "Saved as <strong>Horde 750</strong>" in html
    saved = SavedList.objects.get(system="azeroth")
    reopened = client.get(f"{ARMY}?saved={saved.pk}").content.decode()
    assert 'data-testid="count-orc-grunt">3<' in reopened
    assert 'value="horde" selected' in reopened


# --- AZRAH roster builder ----------------------------------------------------------------------

ROSTER = "/azrah/roster/"
FIFTEEN = [f"AZR-0{n:02d}" for n in range(1, 16)]
FULL = "&".join(f"g={g}" for g in FIFTEEN)
PARTY = "fl=AZR-001&fc=AZR-002&fr=AZR-003&b1=AZR-004&b2=AZR-005"


def _roster_row(html: str, key: str) -> str:
    start = html.rindex('<div class="deck-row', 0, html.index(f'data-testid="entry-{key}"'))
    end = html.find('<div class="deck-row', start + 1)
    return html[start : end if end != -1 else len(html)]


def test_the_roster_builder_opens_empty_with_the_guardians_to_tap(
    client: Client, starter: None
) -> None:
    html = client.get(ROSTER).content.decode()
    assert 'data-testid="demo-label"' in html
    assert 'data-testid="toggle-AZR-001"' in html
    assert 'data-testid="toggle-AZR-019"' not in html  # a Transformation is not offered
    assert "0 / 15" in html and 'data-code="roster_size"' in html


def test_a_full_roster_with_a_party_is_legal(client: Client, starter: None) -> None:
    html = client.get(f"{ROSTER}?{FULL}&{PARTY}").content.decode()
    assert 'data-testid="verdict">Legal roster<' in html
    assert "15 / 15" in html
    # Tapping a Guardian in the roster takes it out (and out of the party).
    href = re.search(r'<a [^>]*href="([^"]+)"[^>]*data-testid="toggle-AZR-001"', html)
    assert href is not None and "AZR-001" not in href.group(1).split("?", 1)[1]
    assert "AZR-002" in href.group(1)


def test_roster_problems_sit_beside_their_guardians_and_party_places(
    client: Client, starter: None
) -> None:
    query = f"{FULL}&g=Aurelia, Dawn Warden&g=AZR-019&mana=9&fl=AZR-001&fc=AZR-001&fr=AZR-016"
    html = client.get(f"{ROSTER}?{query}").content.decode()
    assert 'data-code="duplicate_name"' in _roster_row(html, "AZR-001")
    assert 'data-code="transformation_in_roster"' in _roster_row(html, "AZR-019")
    general = html[html.index('data-testid="general-problems"') :]
    general = general[: general.index("</div>")]
    assert 'data-code="mana_count"' in general and 'data-code="roster_size"' in general
    centre = html[html.index('data-testid="slot-fc"') :][:3000]
    assert "already at front left" in centre
    right = html[html.index('data-testid="slot-fr"') :][:3000]
    assert "not in the roster" in right


@pytest.mark.parametrize(
    "query", ["mana=lots", "gems=-1", "g=&g=AZR-001", "catalog=x:1", "saved=abc", "g=Nobody"]
)
def test_bad_roster_query_values_are_explained_never_a_500(
    client: Client, starter: None, query: str
) -> None:
    response = client.get(f"{ROSTER}?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="form-errors"' in html or 'data-code="unknown_entry"' in html


def test_roster_text_import_and_export_round_trip(client: Client, starter: None) -> None:
    text = "\n".join(FIFTEEN[:14]) + "\nAurelia, Dawn Warder\nMana: 10\nGems: 3\n"
    html = client.post(ROSTER, {"action": "import", "text": text}).content.decode()
    problems = html[html.index('data-testid="import-problems"') :]
    assert "Line 15" in problems and "Aurelia, Dawn Warden" in problems
    assert "Dawn Warder" in html
    exported = client.get(f"{ROSTER}?{FULL}&{PARTY}&export=text").content.decode()
    assert exported.startswith("Guardians:\n1 AZR-001\n")
    assert "Front: AZR-001, AZR-002, AZR-003" in exported
    data = json.loads(client.get(f"{ROSTER}?{FULL}&{PARTY}&export=json").content)
    assert data["party"] == {"front": FIFTEEN[:3], "back": FIFTEEN[3:5]}


def test_a_signed_in_user_saves_and_reopens_a_roster(client: Client, starter: None) -> None:
    client.force_login(User.objects.create_user("ada", password="pw"))
    data = {"action": "save", "name": "Dawn", "g": FIFTEEN, "fl": "AZR-001"}
    html = client.post(ROSTER, data).content.decode()
    assert "Saved as <strong>Dawn</strong>" in html
    saved = SavedList.objects.get(system="azrah")
    reopened = client.get(f"{ROSTER}?saved={saved.pk}").content.decode()
    assert "15 / 15" in reopened
    assert '<option value="AZR-001" selected>' in reopened


def test_saving_a_reopened_list_updates_it_instead_of_making_another(
    client: Client, starter: None
) -> None:
    user = User.objects.create_user("ada", password="pw")
    client.force_login(user)
    client.post(DECK, {"action": "save", "name": "Fire", "leader": "AZK-001"})
    saved = SavedList.objects.get()
    html = client.get(f"{DECK}?saved={saved.pk}").content.decode()
    assert f"list={saved.pk}" in html  # every link carries the list being edited
    assert "Saving updates your saved deck" in html
    data = {"action": "save", "name": "Fire", "leader": "AZK-001", "gate": "AZK-003"}
    html = client.post(DECK, {**data, "list": str(saved.pk)}).content.decode()
    assert "Saved as <strong>Fire</strong>" in html
    assert SavedList.objects.count() == 1
    saved.refresh_from_db()
    assert saved.payload["gate"]["id"] == "AZK-003"
    # Another user's list id is never updated: their save makes a list of their own.
    other = Client()
    other.force_login(User.objects.create_user("bob", password="pw"))
    other.post(DECK, {**data, "name": "Mine", "list": str(saved.pk)})
    assert SavedList.objects.count() == 2
    saved.refresh_from_db()
    assert saved.name == "Fire"


def test_a_second_catalog_version_can_be_picked_and_is_used(client: Client, starter: None) -> None:
    from games.catalogs.service import default_catalog, export_catalog, import_catalog

    catalog = default_catalog("azuki")
    assert catalog is not None
    data = export_catalog(catalog)
    data["version"] = "0.9"
    data["cards"] = [card for card in data["cards"] if card["id"] != "AZK-035"]
    import_catalog(data)
    html = client.get(f"{DECK}?c=AZK-035:1").content.decode()
    assert 'data-testid="catalog-picker"' in html
    assert 'value="starter:0.9"' in html
    # The older version lacks the Reef Sentinel: the deck built on it says so.
    html = client.get(f"{DECK}?catalog=starter:0.9&c=AZK-035:1").content.decode()
    assert 'value="starter:0.9" selected' in html
    assert 'data-code="unknown_entry"' in _row(html, "AZK-035")
    assert "catalog=starter%3A0.9" in html  # links keep the catalog


# --- Issue 14: reading pasted lists as players wrote them ------------------------------------


def _import_problems(html: str) -> str:
    start = html.index('data-testid="import-problems"')
    return html[start : html.index("</ul>", start)]


def test_a_plain_plural_in_a_pasted_army_is_read_as_the_unit(client: Client, starter: None) -> None:
    text = "# Azeroth at War army: Skirmish, 500 points\n# Faction: Horde\n3 Orc Grunts\n"
    html = client.post(ARMY, {"action": "import", "text": text}).content.decode()
    assert 'data-testid="count-orc-grunt">3<' in html
    assert "Every line was read." in html


def test_an_ambiguous_deck_line_stays_as_an_error_row(client: Client, starter: None) -> None:
    """Issue 14: the line vanished from the deck; it is a row with its problem."""
    text = "Leader:\nAZK-001\nGate:\nAZK-003\n4 AZK-010\n2 Cinderwake Ritualist\n"
    html = client.post(DECK, {"action": "import", "text": text}).content.decode()
    row = html[html.index('data-testid="entry-Cinderwake Ritualist"') :]
    row = row[: row.index('<div class="deck-row')] if '<div class="deck-row' in row else row
    assert 'data-testid="count-Cinderwake Ritualist">2<' in row
    assert 'data-code="ambiguous_name"' in row and "AZK-017, AZK-041" in row
    assert "several cards have this name" in row and "not in the catalog" not in row
    assert "Line 6: 2 different cards" in _import_problems(html)


def test_deck_import_problems_come_in_line_order(client: Client, starter: None) -> None:
    """Issue 14: they came as lines 10, 5, 7, 15 (the reading's, then the check's)."""
    lines = ["Leader:", "AZK-001", "Gate:", "AZK-003", "4 AZK-0l0", "4 AZK-011", "4 AZK-9999"]
    lines += ["4 AZK-013", "4 AZK-014", "0 AZK-015", "4 AZK-016", "4 AZK-017", "4 AZK-018"]
    lines += ["4 AZK-019", "5 AZK-012"]
    html = client.post(DECK, {"action": "import", "text": "\n".join(lines)}).content.decode()
    found = [int(n) for n in re.findall(r"Line (\d+)", _import_problems(html))]
    assert found == [5, 7, 10, 15]


def test_a_far_card_id_offers_no_unrelated_card(client: Client, starter: None) -> None:
    """Issue 14: "AZK-999" suggested "Fireball" citing K3."""
    html = client.post(DECK, {"action": "import", "text": "4 AZK-999\n"}).content.decode()
    problems = _import_problems(html)
    assert "AZK-999 is not a card in the catalog." in problems
    assert "Fireball" not in problems and "Did you mean" not in problems


def test_a_did_you_mean_is_a_button_that_imports_the_corrected_line(
    client: Client, starter: None
) -> None:
    """Issue 14: "did you mean" could not be tapped. Each suggestion is a submit button of
    the import form carrying the corrected line, so it works without JavaScript."""
    text = "Leader: AZK-001\nGate: AZK-003\n3 AZK-0l9\n"
    html = client.post(DECK, {"action": "import", "text": text}).content.decode()
    form = html[html.index('id="import"') :]
    form = form[: form.index("</form>")]
    values = re.findall(r'name="fix" value="([^"]+)"', form)
    fixes = [json.loads(value.replace("&quot;", '"')) for value in values]
    assert "Use AZK-019 Fireball" in form
    (fix,) = fixes  # a mistyped ID is offered the one close ID, not names like it
    assert fix == {"line": 3, "before": "3 AZK-0l9", "after": "3 AZK-019 Fireball"}
    fixed = client.post(DECK, {"action": "import", "text": text, "fix": json.dumps(fix)})
    html = fixed.content.decode()
    assert 'data-testid="count-AZK-019">3<' in html
    assert "3 AZK-019 Fireball" in html  # the box shows the corrected text
    assert "Every line was read." in html


def test_a_suggestion_for_a_line_changed_since_leaves_the_text_as_typed(
    client: Client, starter: None
) -> None:
    fix = {"line": 1, "before": "3 AZK-0l9", "after": "3 AZK-019 Fireball"}
    text = "3 AZK-0l8\n"
    html = client.post(DECK, {"action": "import", "text": text, "fix": json.dumps(fix)})
    page = html.content.decode()
    assert "Line 1 was changed since the suggestion was made" in page
    assert "3 AZK-0l8" in page  # nothing typed is lost
    bad = client.post(DECK, {"action": "import", "text": text, "fix": "{not json"})
    assert bad.status_code == 200 and "could not be read" in bad.content.decode()


@pytest.mark.parametrize(
    "forged", ["[" * 200_000, '{"line": [[[1]]], "before": "a", "after": "b"}', '"\\ud800"']
)
def test_a_forged_suggestion_is_a_note_never_a_server_error(
    client: Client, starter: None, forged: str
) -> None:
    text = "3 AZK-0l9\n"
    response = client.post(DECK, {"action": "import", "text": text, "fix": forged})
    assert response.status_code == 200
    page = response.content.decode()
    assert "That suggestion could not be read; the text was imported as it is." in page
    assert "3 AZK-0l9" in page  # the text as sent


def test_army_and_roster_suggestions_are_buttons_too(client: Client, starter: None) -> None:
    army = "# Azeroth at War army: Skirmish, 500 points\n# Faction: Horde\n3 Orc Grnut\n"
    html = client.post(ARMY, {"action": "import", "text": army}).content.decode()
    assert 'data-testid="fix-3"' in html and "Use Orc Grunt" in html
    text = "Aurelia, Dawn Wardn\n"
    roster = client.post(ROSTER, {"action": "import", "text": text}).content.decode()
    assert 'data-testid="fix-1"' in roster


# --- A pasted list replaces the entries; what it leaves out stays as the page has it -------

HTMX = {"HX-Request": "true"}


def _kept(html: str, id_: str) -> str:
    """The hidden fields of one kept-state block (``builders/_kept.html``)."""
    start = html.index(f'<div id="{id_}"')
    return html[start : html.index("</div>", start)]


def test_a_headerless_army_text_keeps_the_page_s_size_faction_and_budget(
    client: Client, starter: None
) -> None:
    page = {"size": "skirmish", "faction": "horde", "points": "450", "q": "grunt"}
    text = "1 Orc Blademaster\n4 Orc Grunt"
    html = client.post(ARMY, {**page, "action": "import", "text": text}).content.decode()
    assert 'value="skirmish" selected' in html and 'value="horde" selected' in html
    assert 'name="points" min="1" max="100000" inputmode="numeric" value="450"' in html
    assert 'data-testid="count-orc-blademaster">1<' in html
    kept = _kept(html, "import-state")
    assert 'name="points" value="450"' in kept and 'name="q" value="grunt"' in kept
    assert 'name="u"' not in kept  # the entries are the text's


def test_a_headerless_roster_text_keeps_the_page_s_mana_and_gems(
    client: Client, starter: None
) -> None:
    data = {"mana": "9", "gems": "4", "action": "import", "text": "AZR-001\nAZR-002"}
    html = client.post(ROSTER, data).content.decode()
    assert 'data-testid="mana">9<' in html and 'data-testid="gems">4<' in html


@pytest.mark.parametrize(
    ("path", "query", "entry"),
    [
        (ARMY, "size=skirmish&faction=horde&u=orc-grunt:2", "u"),
        (DECK, "leader=AZK-001&c=AZK-017:2&q=reef", "c"),
        (ROSTER, "g=AZR-001&mana=9&fl=AZR-001&q=dawn", "g"),
    ],
)
def test_each_live_update_redraws_the_import_s_state_out_of_band(
    client: Client, starter: None, path: str, query: str, entry: str
) -> None:
    """The import form is not part of the live update: its hidden state comes with each one,
    so a text pasted after a live change is read with the page's settings as they are now."""
    html = client.get(f"{path}?{query}", headers=HTMX).content.decode()
    kept = _kept(html, "import-state")
    assert 'hx-swap-oob="true"' in kept
    for pair in query.split("&"):
        name, value = pair.split("=")
        if name in (entry, "leader", "fl"):
            assert f'name="{name}"' not in kept
        else:
            assert f'name="{name}" value="{value}"' in kept
