"""Every builder request costs a handful of database queries, however long the list: the
catalogs are read once per request and the entries once, never once per link on the page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from games.models import SavedList

MAX_QUERIES = 10

DECK = "/azuki/deck/"
FIRE = [f"AZK-0{n}" for n in range(10, 22)]
# 15 entries: a Leader, a Gate and 13 card IDs.
LEGAL_DECK = "leader=AZK-001&gate=AZK-003&" + "&".join(f"c={i}:4" for i in FIRE) + "&c=AZK-030:2"
DECK_TEXT = "Leader: AZK-001\nGate: AZK-003\n" + "\n".join(f"4 {i}" for i in FIRE) + "\n2 AZK-030\n"

ARMY = "/azeroth/army/"
# Eight units in five rows.
HORDE = (
    "size=standard&faction=horde&u=orc-grunt:3&u=troll-headhunter:2&u=wolf-rider:1"
    "&u=tauren-warrior:1&u=thrall-warchief:1"
)
ARMY_TEXT = "# Faction: Horde\n3 Orc Grunt\n2 Troll Headhunter\n1 Wolf Rider\n1 Thrall\n"

ROSTER = "/azrah/roster/"
FIFTEEN = [f"AZR-0{n:02d}" for n in range(1, 16)]
FULL = "&".join(f"g={g}" for g in FIFTEEN) + "&fl=AZR-001&fc=AZR-002&fr=AZR-003"
ROSTER_TEXT = "\n".join(FIFTEEN) + "\nMana: 10\nGems: 3\n"

HTMX = {"HX-Request": "true"}


@pytest.fixture
def starter(db: None) -> None:
    call_command("load_starter_data", verbosity=0)


@pytest.fixture
def ada(client: Client, starter: None) -> User:
    user = User.objects.create_user("ada", password="pw")
    client.force_login(user)
    return user


Request = Callable[[Client], Any]

REQUESTS: dict[str, tuple[Request, str]] = {
    # name: (the request, text its answer must hold, so a broken page cannot pass)
    "deck page": (lambda c: c.get(f"{DECK}?{LEGAL_DECK}"), "50 / 50"),
    "deck empty": (lambda c: c.get(DECK), "0 / 50"),
    "deck tap": (
        lambda c: c.get(f"{DECK}?{LEGAL_DECK.replace('AZK-010:4', 'AZK-010:3')}", headers=HTMX),
        "49 / 50",
    ),
    "deck import": (
        lambda c: c.post(DECK, {"action": "import", "text": DECK_TEXT}, headers=HTMX),
        "50 / 50",
    ),
    "deck export text": (lambda c: c.get(f"{DECK}?{LEGAL_DECK}&export=text"), "AZK-010"),
    "deck export json": (lambda c: c.get(f"{DECK}?{LEGAL_DECK}&export=json"), "AZK-010"),
    "army page": (lambda c: c.get(f"{ARMY}?{HORDE}"), "575 / 750"),
    "army tap": (lambda c: c.get(f"{ARMY}?{HORDE}&u=orc-grunt:1", headers=HTMX), "Orc Grunt"),
    "army import": (
        lambda c: c.post(ARMY, {"action": "import", "text": ARMY_TEXT}, headers=HTMX),
        "Orc Grunt",
    ),
    "army export text": (lambda c: c.get(f"{ARMY}?{HORDE}&export=text"), "3 Orc Grunt"),
    "roster empty": (lambda c: c.get(ROSTER), "0 / 15"),
    "roster page": (lambda c: c.get(f"{ROSTER}?{FULL}"), "15 / 15"),
    "roster tap": (lambda c: c.get(f"{ROSTER}?{FULL}&mana=11", headers=HTMX), "15 / 15"),
    "roster import": (
        lambda c: c.post(ROSTER, {"action": "import", "text": ROSTER_TEXT}, headers=HTMX),
        "15 / 15",
    ),
    "roster export json": (lambda c: c.get(f"{ROSTER}?{FULL}&export=json"), "AZR-015"),
}


@pytest.mark.parametrize("name", list(REQUESTS))
def test_it_answers_each_builder_request_in_a_handful_of_queries(
    client: Client, starter: None, django_assert_max_num_queries: Any, name: str
) -> None:
    request, expected = REQUESTS[name]
    with django_assert_max_num_queries(MAX_QUERIES):
        response = request(client)
    assert response.status_code == 200
    assert expected in response.content.decode()


@pytest.mark.parametrize(
    ("path", "data", "system"),
    [
        (DECK, {"leader": "AZK-001", "gate": "AZK-003", "c": [f"{i}:4" for i in FIRE]}, "azuki"),
        (ARMY, {"size": "standard", "faction": "horde", "u": ["orc-grunt:3"]}, "azeroth"),
        (ROSTER, {"g": FIFTEEN}, "azrah"),
    ],
)
def test_it_saves_and_reopens_a_list_in_a_handful_of_queries(
    client: Client,
    ada: User,
    django_assert_max_num_queries: Any,
    path: str,
    data: dict[str, Any],
    system: str,
) -> None:
    with django_assert_max_num_queries(MAX_QUERIES):
        response = client.post(path, {**data, "action": "save", "name": "Mine"})
    assert "Saved as <strong>Mine</strong>" in response.content.decode()
    saved = SavedList.objects.get(system=system)
    with django_assert_max_num_queries(MAX_QUERIES):
        response = client.get(f"{path}?saved={saved.pk}")
    assert f"list={saved.pk}" in response.content.decode()
    # Saving it again, from the page it was opened on, updates it.
    with django_assert_max_num_queries(MAX_QUERIES):
        response = client.post(
            path, {**data, "action": "save", "name": "Mine", "list": str(saved.pk)}
        )
    assert "Saved as <strong>Mine</strong>" in response.content.decode()
    assert SavedList.objects.filter(system=system).count() == 1
