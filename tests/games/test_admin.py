"""The Django admin lists, searches and opens every catalog model."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Model
from django.forms import ModelForm, modelform_factory
from django.test import Client
from django.urls import reverse

from games.admin import EntryForm
from games.catalogs import import_catalog
from games.models import Catalog
from games.systems.azeroth.admin import AbilityForm, FactionForm, UnitForm
from games.systems.azeroth.models import Ability, Faction, Unit
from games.systems.azrah.admin import GuardianForm, SharedCardForm
from games.systems.azrah.models import Guardian, SharedCard
from games.systems.azuki.admin import CardForm
from games.systems.azuki.models import Card

from .conftest import starter

pytestmark = pytest.mark.django_db

MODELS = [Catalog, Faction, Unit, Ability, Card, Guardian, SharedCard]


@pytest.fixture
def admin_client_with_catalogs(client: Client) -> Client:
    for system in ("azeroth", "azuki", "azrah"):
        import_catalog(starter(system))
    user = get_user_model().objects.create_superuser("organiser", "o@example.com", "pw")
    client.force_login(user)
    return client


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_each_changelist_loads_with_its_rows(admin_client_with_catalogs: Client, model) -> None:
    url = reverse(f"admin:games_{model._meta.model_name}_changelist")

    response = admin_client_with_catalogs.get(url)

    assert response.status_code == 200
    first = model.objects.first()
    assert first is not None and str(first) in response.content.decode()


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_each_change_page_loads(admin_client_with_catalogs: Client, model) -> None:
    obj = model.objects.first()
    url = reverse(f"admin:games_{model._meta.model_name}_change", args=[obj.pk])

    assert admin_client_with_catalogs.get(url).status_code == 200


def test_the_unit_list_can_be_searched_and_filtered(admin_client_with_catalogs: Client) -> None:
    url = reverse("admin:games_unit_changelist")
    horde = Faction.objects.get(slug="horde")

    found = admin_client_with_catalogs.get(url, {"q": "grunt"}).content.decode()
    filtered = admin_client_with_catalogs.get(url, {"faction__id__exact": horde.pk})

    assert "Orc Grunt" in found and "Footman" not in found
    assert filtered.status_code == 200
    assert "Thrall" in filtered.content.decode() and "Jaina" not in filtered.content.decode()
    assert "Mounted + Elite" in admin_client_with_catalogs.get(url).content.decode()


def test_the_catalog_list_says_what_each_catalog_holds(admin_client_with_catalogs: Client) -> None:
    page = admin_client_with_catalogs.get(reverse("admin:games_catalog_changelist")).content

    for counts in ("2 factions, 22 units", "29 cards", "19 Guardians, 4 Curse and Item cards"):
        assert counts in page.decode()


def test_the_check_action_finds_problems_that_reach_across_rows(
    admin_client_with_catalogs: Client,
) -> None:
    Guardian.objects.filter(name="Caelum Skyforger").update(name="Caelum the Smith")
    url = reverse("admin:games_catalog_changelist")
    ids = [str(pk) for pk in Catalog.objects.values_list("pk", flat=True)]

    response = admin_client_with_catalogs.post(
        url, {"action": "check_catalogs", "_selected_action": ids}, follow=True
    )

    page = response.content.decode()
    assert "Azeroth at War starter armies (demonstration) 1.0: no problems." in page
    assert (
        "guardians[18] &#x27;Caelum, Ascended Smith&#x27;, base_form: &#x27;Caelum Skyforger"
        in page
    )
    assert "shared_cards[2] &#x27;Skyforged Aegis&#x27;, creator:" in page


def test_the_card_list_finds_a_card_by_id(admin_client_with_catalogs: Client) -> None:
    url = reverse("admin:games_card_changelist")

    page = admin_client_with_catalogs.get(url, {"q": "AZK-041"}).content.decode()

    assert "AZK-041" in page and "AZK-017" not in page


def test_admin_pages_need_a_staff_login(client: Client) -> None:
    response = client.get(reverse("admin:games_unit_changelist"))

    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]


# --- the admin's forms check a row as the import would ------------------------------------


def form_for(
    model: type[Model], form_class: type[EntryForm], instance: Model, **changes: Any
) -> ModelForm[Any]:
    """A bound admin form for ``instance`` with some fields changed."""
    form_type = modelform_factory(model, form=form_class, fields="__all__")
    data = {}
    for field in form_type.base_fields:
        attribute = f"{field}_id" if field in ("catalog", "faction", "unit") else field
        value = changes.get(field, getattr(instance, attribute))
        if isinstance(value, list | dict) or (value is None and field in JSON_FIELDS):
            value = json.dumps(value)
        data[field] = "" if value is None else value
    return form_type(data=data, instance=instance)


JSON_FIELDS = {
    "tiers",
    "weapons",
    "keywords",
    "composition",
    "range_arrows",
    "emergence",
    "abilities",
}


def test_the_unit_form_accepts_an_unchanged_unit_and_stores_keywords_as_printed(
    admin_client_with_catalogs: Client,
) -> None:
    unit = Unit.objects.get(slug="wolf-rider")

    form = form_for(Unit, UnitForm, unit, keywords={"momentum": 2})

    assert form.is_valid(), form.errors
    assert form.save().keywords == {"Momentum": 2}


def test_the_unit_form_shows_each_problem_on_its_field(admin_client_with_catalogs: Client) -> None:
    unit = Unit.objects.get(slug="orc-grunt")

    form = form_for(Unit, UnitForm, unit, skl=9, tiers=["infantry"], name="Footman", weapons=["HW"])

    assert not form.is_valid()
    assert form.errors["skl"] == ["must be between 2 and 6 (it is 9)"]
    assert form.errors["tiers"] == [
        'tiers[0]: \'infantry\' is not one of "baseline", "mounted", "elite" or "hero"'
    ]
    assert form.errors["name"] == ["another unit of this catalog has this name"]
    assert "Heavy Weapon" in form.errors["keywords"][0]
    assert Unit.objects.get(slug="orc-grunt").skl == 4


def test_the_unit_form_refuses_a_faction_of_another_catalog(
    admin_client_with_catalogs: Client,
) -> None:
    data = starter("azeroth")
    data["version"] = "2.0"
    other = import_catalog(data)
    unit = Unit.objects.get(slug="orc-grunt", catalog__version="1.0")

    form = form_for(Unit, UnitForm, unit, faction=other.factions.get(slug="horde").pk)

    assert not form.is_valid()
    assert form.errors["faction"] == ["belongs to another catalog"]


def test_the_card_form_checks_stats_against_the_type_and_ids_ignoring_case(
    admin_client_with_catalogs: Client,
) -> None:
    card = Card.objects.get(card_id="AZK-010")

    form = form_for(Card, CardForm, card, health="", card_id="azk-011")

    assert not form.is_valid()
    assert form.errors["health"] == ["an entity card needs health"]
    assert form.errors["card_id"] == ["another card of this catalog has this card ID"]


def test_the_guardian_form_checks_arrows_names_and_base_forms(
    admin_client_with_catalogs: Client,
) -> None:
    ascended = Guardian.objects.get(card_id="AZR-019")
    aurelia = Guardian.objects.get(card_id="AZR-001")

    bad_base = form_for(Guardian, GuardianForm, ascended, base_form="Nobody")
    bad_arrows = form_for(
        Guardian, GuardianForm, aurelia, range_arrows=["up"], name="nyx lanternbearer"
    )
    reordered = form_for(Guardian, GuardianForm, aurelia, range_arrows=["right", "left"])

    assert not bad_base.is_valid()
    assert bad_base.errors["base_form"] == ["'Nobody' is not a Guardian in this catalog"]
    assert not bad_arrows.is_valid()
    assert bad_arrows.errors["name"] == ["another Guardian of this catalog has this name"]
    assert "'up' is not one of" in bad_arrows.errors["range_arrows"][0]
    assert reordered.is_valid(), reordered.errors
    assert reordered.save().range_arrows == ["left", "right"]


def test_the_faction_ability_and_shared_card_forms_check_their_rows(
    admin_client_with_catalogs: Client,
) -> None:
    horde = Faction.objects.get(slug="horde")
    composition = {"standard": {"elite": {"min": 3, "max": 1}}}
    ability = Ability.objects.get(name="Hex")
    curse = SharedCard.objects.get(card_id="AZR-C01")

    faction_form = form_for(Faction, FactionForm, horde, composition=composition)
    ability_form = form_for(Ability, AbilityForm, ability, mana_cost=12)
    curse_form = form_for(SharedCard, SharedCardForm, curse, creator="Nobody")

    assert faction_form.errors["composition"] == [
        "composition.standard.elite: min (3) is more than max (1)"
    ]
    assert ability_form.errors["mana_cost"] == ["must be between 0 and 10 (it is 12)"]
    assert curse_form.errors["creator"] == ["'Nobody' is not a Guardian in this catalog"]


def unit_post(unit: Unit, **changes: Any) -> dict[str, Any]:
    """The admin change form of ``unit`` as a browser would post it, with its abilities."""
    data = dict(form_for(Unit, UnitForm, unit, **changes).data)
    abilities = list(unit.abilities.all())
    data |= {
        "abilities-TOTAL_FORMS": len(abilities),
        "abilities-INITIAL_FORMS": len(abilities),
        "abilities-MIN_NUM_FORMS": 0,
        "abilities-MAX_NUM_FORMS": 1000,
    }
    for i, ability in enumerate(abilities):
        for field in ("id", "unit", "position", "name", "type", "mana_cost", "range", "text"):
            value = getattr(ability, "unit_id" if field == "unit" else field)
            data[f"abilities-{i}-{field}"] = "" if value is None else value
    return data


def test_saving_a_unit_in_the_admin_checks_it_and_its_abilities(
    admin_client_with_catalogs: Client,
) -> None:
    unit = Unit.objects.get(slug="troll-witch-doctor")
    url = reverse("admin:games_unit_change", args=[unit.pk])

    bad = admin_client_with_catalogs.post(url, unit_post(unit, skl=9))
    bad_ability = admin_client_with_catalogs.post(
        url, unit_post(unit) | {"abilities-1-mana_cost": 11}
    )
    good = admin_client_with_catalogs.post(url, unit_post(unit, points=60))

    assert bad.status_code == 200
    assert "must be between 2 and 6 (it is 9)" in bad.content.decode()
    assert bad_ability.status_code == 200
    assert "must be between 0 and 10 (it is 11)" in bad_ability.content.decode()
    assert good.status_code == 302
    unit.refresh_from_db()
    assert (unit.points, unit.skl, unit.abilities.count()) == (60, 4, 2)
