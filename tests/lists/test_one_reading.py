"""One reading of a list's text, whatever the door (R125): the same lists of each game, with
headers, typos and bad lines, sent through the validation API, a batch, the builder's import
and a saved list, give the same problems.

A batch's whole report is read from its checker (what ``run_batch`` calls for each list),
and its row, which keeps every problem, is checked against it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.batches.service import check_item, checker, run_batch, start_batch
from games.models import Catalog
from tests.lists.support import catalogs, owner

__all__ = ["catalogs", "owner"]

Problems = list[tuple[str, str, str]]  # (code, severity, message), in order

ARMY_HEADER = "# Azeroth at War army: {size}, {budget} points\n"

ARMIES: dict[str, str] = {
    # the first finding: a faction the catalog does not have
    "unknown faction": "# Azeroth at War army: Skirmish, 500 points\n# Faction: Hordex\n"
    "2 Orc Grunt\n1 Wolf Rider\n",
    "faction by slug, in capitals": "# Azeroth at War army: Skirmish, 500 points\n"
    "# Faction: HORDE\n4 Orc Grunt\n1 Footman\n1 Orc Blademaster\n",
    "typo and bad line": "# Azeroth at War army: Standard, 750 points\n# Faction: Horde\n"
    "4 Orc Gruntt\n0 Wolf Rider\nthree Orc Grunt\n1 Thrall, Warchief\n",
    "agreed budget": "# Azeroth at War army: Standard, agreed budget 500 points\n"
    "# Faction: Horde\n6 Orc Grunt\n1 Wolf Rider\n1 Thrall, Warchief of the Horde\n",
    # A12: an agreed budget above a Skirmish's 500 does not lift it
    "skirmish over its maximum": "# Azeroth at War army: Skirmish, agreed budget 700 points\n"
    "# Faction: Horde\n6 Orc Grunt\n2 Wolf Rider\n1 Thrall, Warchief of the Horde\n",
    "large with a higher budget": "# Azeroth at War army: Large Battle, agreed budget 1200 "
    "points\n# Faction: Alliance\n10 Footman\n2 Knight\n1 Jaina Proudmoore\n1 Paladin\n"
    "1 Wolf Rider\n",
    # issue 14: a plain plural names its unit (R126); the typo is still reported
    "plural names": "# Azeroth at War army: Skirmish, 500 points\n# Faction: Horde\n"
    "4 Orc Grunts\n2 Wolf Riders\nOrc Blademastr\n",
}
# issue 14: lines 5, 7, 10 and 15 are the ones to fix, and the reading finds line 10's
LINE_ORDER = [
    *("Leader:", "AZK-001", "Gate:", "AZK-003", "4 AZK-0l0", "4 AZK-011", "4 AZK-9999"),
    *("4 AZK-013", "4 AZK-014", "0 AZK-015", "4 AZK-016", "4 AZK-017", "4 AZK-018"),
    *("4 AZK-019", "5 AZK-012"),
]
DECKS: dict[str, str] = {
    "sections, typo and bad line": "Leader:\n1 AZK-001\nGate:\n1 AZK-003\nMain deck:\n"
    + "".join(f"4 AZK-{n:03}\n" for n in range(10, 21))
    + "4 AZK-99\nfour AZK-021\n",
    "no sections": "AZK-001\nAZK-003\n" + "".join(f"4x AZK-{n:03}\n" for n in range(10, 22)),
    # issue 14: a name two card IDs share stays in the deck as a line to fix (R40)
    "ambiguous line": "Leader:\n1 AZK-001\nGate:\n1 AZK-003\nMain deck:\n"
    + "".join(f"4 AZK-{n:03}\n" for n in range(10, 17))
    + "4 Cinderwake Ritualist\n",
    "line order": "\n".join(LINE_ORDER) + "\n",
}
ROSTERS: dict[str, str] = {
    "typo and bad line": "Guardians:\n"
    + "".join(f"1 AZR-{n:03}\n" for n in range(1, 14))
    + "1 Korin Stormhand\nMana: ten\nGems: 3\nFront: AZR-001; AZR-002; AZR-003\n"
    "Back: AZR-004, AZR-005\n",
    "comma names": "Aurelia, Dawn Warden\nNyx Lanternbearer\nMana: 10\nGems: 4\n",
}
TEXTS: dict[str, dict[str, str]] = {"azeroth": ARMIES, "azuki": DECKS, "azrah": ROSTERS}
VALIDATE = {
    "azeroth": "/api/azeroth/army-lists/validate/",
    "azuki": "/api/azuki/decks/validate/",
    "azrah": "/api/azrah/rosters/validate/",
}
BUILDER = {"azeroth": "/azeroth/army/", "azuki": "/azuki/deck/", "azrah": "/azrah/roster/"}
CASES = [(system, name) for system, texts in TEXTS.items() for name in texts]


def said(problems: list[dict[str, Any]]) -> Problems:
    return [(p["code"], p["severity"], p["message"]) for p in problems]


def by_severity(problems: Problems) -> Problems:
    """The errors in the order given, then the warnings in the order given: how the API
    answers them, in two lists."""
    return [p for p in problems if p[1] == "error"] + [p for p in problems if p[1] != "error"]


def through_api_in_order(client: Client, system: str, text: str, **choices: Any) -> Problems:
    response = client.post(
        VALIDATE[system], json.dumps({"text": text, **choices}), content_type="application/json"
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    return said(body["errors"]) + said(body["warnings"])


def through_api(client: Client, system: str, text: str, **choices: Any) -> Problems:
    return sorted(through_api_in_order(client, system, text, **choices))


def through_batch_in_order(catalog: Catalog, system: str, text: str, **options: Any) -> Problems:
    item = {"name": "list", "format": "text", "data": text}
    report = checker(system, catalog, options)(item)
    row = check_item(checker(system, catalog, options), item)
    assert (row["errors"], row["warnings"]) == (len(report.errors), len(report.warnings))
    first = (report.errors or report.warnings)[0] if report.problems else None
    assert row["first_problem"] == ("" if first is None else first.message)
    kept = [(p["code"], p["severity"], p["message"]) for p in row["problems"]]
    assert kept == [
        (p.code, p.severity.value, p.message) for p in (*report.errors, *report.warnings)
    ]
    return by_severity([(p.code, p.severity.value, p.message) for p in report.problems])


def through_batch(catalog: Catalog, system: str, text: str, **options: Any) -> Problems:
    return sorted(through_batch_in_order(catalog, system, text, **options))


def through_builder(client: Client, system: str, text: str) -> Problems:
    response = client.post(BUILDER[system], {"action": "import", "text": text})
    assert response.status_code == 200
    seen = {
        (p.code, p.severity.value, p.message)
        for p in (*response.context["import_problems"], *response.context["report"].problems)
    }
    return sorted(seen)


def through_saved_list_in_order(client: Client, system: str, text: str) -> Problems:
    body = {"system": system, "name": "pasted", "text": text}
    response = client.post("/api/lists/", json.dumps(body), content_type="application/json")
    assert response.status_code == 201, response.json()
    saved = response.json()
    problems = said(saved["problems"])
    errors = sum(1 for p in problems if p[1] == "error")
    assert (saved["check"]["error_count"], saved["check"]["valid"]) == (errors, errors == 0)
    return by_severity(problems)


def through_saved_list(client: Client, system: str, text: str) -> Problems:
    return sorted(through_saved_list_in_order(client, system, text))


@pytest.fixture
def signed_in(owner: User, catalogs: dict[str, Catalog]) -> Client:
    client = Client()
    client.force_login(owner)
    return client


@pytest.mark.parametrize(("system", "name"), CASES)
def test_every_door_gives_the_same_problems(
    signed_in: Client, catalogs: dict[str, Catalog], system: str, name: str
) -> None:
    text = TEXTS[system][name]
    api = through_api(signed_in, system, text)
    assert api, "each sample list has something to say"
    assert through_batch(catalogs[system], system, text) == api
    assert through_builder(signed_in, system, text) == api
    assert through_saved_list(signed_in, system, text) == api


@pytest.mark.parametrize(("system", "name"), CASES)
def test_every_door_gives_the_problems_in_the_same_order(
    signed_in: Client, catalogs: dict[str, Catalog], system: str, name: str
) -> None:
    """The doors that answer a list of problems give them in one order: those of a line in
    line order, then the whole list's (errors before warnings, as the API splits them)."""
    text = TEXTS[system][name]
    api = through_api_in_order(signed_in, system, text)
    assert through_batch_in_order(catalogs[system], system, text) == api
    assert through_saved_list_in_order(signed_in, system, text) == api


def test_a_faction_the_catalog_lacks_is_an_unknown_entry_at_every_door(
    signed_in: Client, catalogs: dict[str, Catalog]
) -> None:
    """The issue's first finding: the API said only no_hero where the batch said
    unknown_entry for '# Faction: Hordex' (4.1, R125)."""
    problems = through_api(signed_in, "azeroth", ARMIES["unknown faction"])
    (unknown,) = [p for p in problems if p[0] == "unknown_entry"]
    assert "Hordex" in unknown[2] and "Did you mean Horde?" in unknown[2]


def test_an_explicit_battle_size_keeps_the_header_budget_agreed_for_it(
    signed_in: Client, catalogs: dict[str, Catalog]
) -> None:
    """The issue's second finding: with a header budget of 500 and an explicit battle size
    the API used 750 points and the batch 500. The header's budget goes with the header's
    battle size (R125): the same size keeps it, another size drops it."""
    text = ARMIES["agreed budget"]  # 6 Grunts, a Wolf Rider and Thrall: 515 points
    same = through_api(signed_in, "azeroth", text, battle_size="standard")
    assert same == through_batch(catalogs["azeroth"], "azeroth", text, battle_size="standard")
    (over,) = [p for p in same if p[0] == "over_points"]
    assert "agreed budget of 500" in over[2]
    other = through_api(signed_in, "azeroth", text, battle_size="large")
    assert other == through_batch(catalogs["azeroth"], "azeroth", text, battle_size="large")
    assert not [p for p in other if p[0] == "over_points"]


def test_an_explicit_budget_wins_over_the_header_at_every_door(
    signed_in: Client, catalogs: dict[str, Catalog]
) -> None:
    text = ARMIES["agreed budget"]
    api = through_api(signed_in, "azeroth", text, points_limit=600)
    assert api == through_batch(catalogs["azeroth"], "azeroth", text, points_limit=600)
    assert not [p for p in api if p[0] == "over_points"]


def test_a_text_with_no_battle_size_is_refused_naming_the_field(
    signed_in: Client, catalogs: dict[str, Catalog]
) -> None:
    text = "2 Orc Grunt\n1 Orc Blademaster\n"
    response = signed_in.post(
        VALIDATE["azeroth"], json.dumps({"text": text}), content_type="application/json"
    )
    assert response.status_code == 400 and "battle_size" in response.json()["errors"]
    row = check_item(checker("azeroth", catalogs["azeroth"], {}), {"name": "x", "format": "text",
                                                                   "data": text})  # fmt: skip
    assert row["first_code"] == "invalid_list" and row["first_problem"].startswith("battle_size")
    body = {"system": "azeroth", "name": "pasted", "text": text}
    saved = signed_in.post("/api/lists/", json.dumps(body), content_type="application/json")
    assert saved.status_code == 400 and "battle_size" in saved.json()["errors"]


def test_a_whole_batch_counts_what_the_api_says(
    signed_in: Client, catalogs: dict[str, Catalog]
) -> None:
    lists = [{"name": n, "format": "text", "data": t} for n, t in ARMIES.items()]
    job = run_batch(start_batch(system="azeroth", lists=lists, options={}).pk)
    assert job is not None
    for row, text in zip(job.results, ARMIES.values(), strict=True):
        api = through_api(signed_in, "azeroth", text)
        assert row["errors"] == sum(1 for p in api if p[1] == "error"), row


def api_body(client: Client, system: str, text: str) -> dict[str, Any]:
    response = client.post(
        VALIDATE[system], json.dumps({"text": text}), content_type="application/json"
    )
    assert response.status_code == 200, response.json()
    body: dict[str, Any] = response.json()
    return body


def test_a_plain_plural_names_its_unit_at_every_door(
    signed_in: Client, catalogs: dict[str, Catalog]
) -> None:
    """Issue 14: "Orc Grunts" was refused (R126)."""
    text = ARMIES["plural names"]
    body = api_body(signed_in, "azeroth", text)
    (unknown,) = [p for p in body["errors"] if p["code"] == "unknown_entry"]
    assert "Orc Blademastr" in unknown["message"] and unknown["entries"][-1] == "line 5"
    assert body["unit_count"] == 6  # 4 Grunts and 2 Wolf Riders
    html = signed_in.post(BUILDER["azeroth"], {"action": "import", "text": text})
    assert 'data-testid="count-orc-grunt">4<' in html.content.decode()


def test_an_ambiguous_line_is_a_problem_with_its_line_at_every_door(
    signed_in: Client, catalogs: dict[str, Catalog]
) -> None:
    """Issue 14: the line vanished from the deck; every door reports it with its line, and
    the builder keeps it as a row of the deck."""
    text = DECKS["ambiguous line"]
    body = api_body(signed_in, "azuki", text)
    (shared,) = [p for p in body["errors"] if p["code"] == "ambiguous_name"]
    assert shared["entries"] == ["Cinderwake Ritualist", "line 13"]
    assert shared["message"].startswith("Line 13: 2 different cards")
    assert body["card_count"] == 32  # the line's 4 still count
    html = signed_in.post(BUILDER["azuki"], {"action": "import", "text": text}).content.decode()
    assert 'data-testid="count-Cinderwake Ritualist">4<' in html
    saved = signed_in.post(
        "/api/lists/",
        json.dumps({"system": "azuki", "name": "pasted", "text": text}),
        content_type="application/json",
    ).json()
    assert "ambiguous_name" in [p["code"] for p in saved["problems"]]


def test_problems_come_in_line_order_at_every_door(
    signed_in: Client, catalogs: dict[str, Catalog]
) -> None:
    """Issue 14: deck problems came as lines 10, 5, 7, 15."""
    text = DECKS["line order"]

    def lines(messages: list[str]) -> list[int]:
        return [int(m.split(":")[0].split()[1]) for m in messages if m.startswith("Line ")]

    api = api_body(signed_in, "azuki", text)
    assert lines([p["message"] for p in api["errors"]]) == [5, 7, 10, 15]
    batch = checker("azuki", catalogs["azuki"], {})({"name": "x", "format": "text", "data": text})
    assert lines([p.message for p in batch.errors]) == [5, 7, 10, 15]
    response = signed_in.post(BUILDER["azuki"], {"action": "import", "text": text})
    assert lines([p.message for p in response.context["import_problems"]]) == [5, 7, 10, 15]
    saved = signed_in.post(
        "/api/lists/",
        json.dumps({"system": "azuki", "name": "pasted", "text": text}),
        content_type="application/json",
    ).json()
    errors = [p["message"] for p in saved["problems"] if p["severity"] == "error"]
    assert lines(errors) == [5, 7, 10, 15]
