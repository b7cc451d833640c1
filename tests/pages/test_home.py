"""The home page: the five game systems, what the app does for each, and only live links."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from games import registry
from games.registry import trackers

pytestmark = pytest.mark.django_db


def _links(html: str) -> list[str]:
    """The targets of the page's anchors (not its stylesheets and icons)."""
    return re.findall(r'<a [^>]*href="([^"]+)"', html)


def test_it_presents_all_five_game_systems(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    systems = {game.slug: game.about for game in registry.games()}
    assert len(systems) == 5
    for slug, system in systems.items():
        assert f'id="system-{slug}"' in html
        assert system.name.replace("&", "&amp;") in html
        assert system.summary.replace("'", "&#x27;") in html


def test_it_links_the_calculator_the_rulings_and_the_api_docs(client: Client) -> None:
    html = client.get("/").content.decode()
    links = _links(html)
    assert "/azeroth/odds/" in links
    assert any(link.startswith("/rulings/") for link in links)
    assert "/api/docs/" in links


def test_every_link_on_it_leads_to_a_page_that_exists(client: Client) -> None:
    html = client.get("/").content.decode()
    for link in sorted(set(_links(html))):
        if link.startswith("#"):
            assert f'id="{link[1:]}"' in html, link
            continue
        assert link.startswith("/"), f"{link} leaves the site"
        path = link.split("#")[0]
        assert client.get(path).status_code == 200, link


def test_planned_features_are_named_without_a_link(client: Client) -> None:
    html = client.get("/").content.decode()
    planned = re.findall(r'<li class="feature feature-planned">(.*?)</li>', html, re.S)
    assert len(planned) >= 1  # Rune Age's deck check
    for item in planned:
        assert "<a " not in item
        assert "planned" in item
    # The systems without a page yet only have plans: no link anywhere in their cards.
    cards = html.split("<footer", 1)[0].split('<li class="system-card')[1:]
    assert len(cards) == 5
    for card in cards:
        live = (
            'id="system-azeroth"',
            'id="system-azuki"',
            'id="system-azrah"',
            'id="system-runeage"',
            'id="system-athazar"',
        )
        if not any(system in card for system in live):
            assert "<a " not in card


def test_the_trackers_that_exist_link_to_the_games_and_are_not_planned(client: Client) -> None:
    html = client.get("/").content.decode()
    cards = html.split("<footer", 1)[0].split('<li class="system-card')[1:]
    for slug in trackers():
        (card,) = [card for card in cards if f'id="system-{slug}"' in card]
        tracker = card.split("<strong>Game tracker</strong>", 1)
        assert tracker[0].rstrip().endswith('href="/games/">'), slug
        assert "planned" not in tracker[1].split("</li>", 1)[0]
    # every game on the home page has its tracker
    assert len(cards) == len(trackers()) == 5


def test_it_loads_its_assets_from_this_site_only(client: Client) -> None:
    html = client.get("/").content.decode()
    assert not re.search(r'(src|href)="(https?:)?//', html)
    assets = re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+)"', html)
    assert "/static/js/htmx.min.js" in assets
    assert "/static/css/app.css" in assets
    for asset in assets:
        assert asset.startswith("/static/"), asset
        assert finders.find(asset.removeprefix("/static/")), f"{asset} is not in static/"
