"""The Django admin lists, searches and opens every catalog model."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.catalogs import import_catalog
from games.models import Ability, Card, Catalog, Faction, Guardian, SharedCard, Unit

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


def test_the_card_list_finds_a_card_by_id(admin_client_with_catalogs: Client) -> None:
    url = reverse("admin:games_card_changelist")

    page = admin_client_with_catalogs.get(url, {"q": "AZK-041"}).content.decode()

    assert "AZK-041" in page and "AZK-017" not in page


def test_admin_pages_need_a_staff_login(client: Client) -> None:
    response = client.get(reverse("admin:games_unit_changelist"))

    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]
