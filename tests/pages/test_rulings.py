"""The rulings page lists every ruling the engines cite, each with its own anchor."""

from __future__ import annotations

import html as html_lib

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games import registry, rulings
from referee.rules.rulings import TRACKED
from referee.rules.tracker import rulings as tracked

SHARED = tracked.SHARED + tuple(r for game in registry.games() for r in game.shared_rulings)
PROJECT = tracked.PROJECT + tuple(r for game in registry.games() for r in game.project_rulings)
ALL = rulings.every()
BY_CODE = rulings.by_code()

pytestmark = pytest.mark.django_db


@pytest.fixture
def page(client: Client) -> str:
    response = client.get("/rulings/")
    assert response.status_code == 200
    return html_lib.unescape(response.content.decode())


def test_it_lists_every_ruling_with_its_section_title_and_text(page: str) -> None:
    assert len(ALL) == len(SHARED) + len(PROJECT) > 0
    for ruling in ALL:
        assert f'id="{ruling.code}"' in page, ruling.code
        entry = page.split(f'id="{ruling.code}"', 1)[1].split("</li>", 1)[0]
        assert ruling.title in entry
        assert ruling.section in entry
        assert ruling.text in entry


def test_it_marks_only_switchable_rulings(page: str) -> None:
    for ruling in ALL:
        entry = page.split(f'id="{ruling.code}"', 1)[1].split("</li>", 1)[0]
        assert ("switchable" in entry) is ruling.switchable, ruling.code
    assert BY_CODE["A1"].switchable


def test_it_separates_shared_rulings_from_the_projects_own(page: str) -> None:
    # One section per game system, each with its shared rulings before the project's own.
    sections = page.split('<section class="rulings-group"')[1:]
    for ruling in (*SHARED, *PROJECT):
        (section,) = [s for s in sections if f'id="{ruling.code}"' in s]
        at = section.index(f'id="{ruling.code}"')
        own_at = section.find("Referee's own rulings")
        if ruling in SHARED:
            assert section.index("Shared rulings") < at
            assert own_at == -1 or at < own_at
        else:
            assert -1 < own_at < at


def test_a_browser_may_keep_the_page_a_while_for_itself_and_its_cookies_only(
    client: Client,
) -> None:
    response = client.get("/rulings/")

    cache = {part.strip() for part in response["Cache-Control"].split(",")}
    assert {"private", "max-age=600"} <= cache
    assert "Cookie" in response["Vary"]  # signing in or out fetches it afresh


def test_a_visitor_is_given_no_cookie_so_opening_the_page_again_uses_the_kept_copy(
    client: Client,
) -> None:
    """The page posts nothing, so it asks for no CSRF token: a cookie set by the first visit
    would change the second request's cookies, and ``Vary: Cookie`` would then refetch it."""
    response = client.get("/rulings/")
    assert "csrftoken" not in response.cookies
    assert "X-CSRFToken" not in response.content.decode()


def test_it_is_answered_304_when_opened_again_after_the_kept_copy_is_stale(
    client: Client,
) -> None:
    first = client.get("/rulings/", HTTP_ACCEPT_ENCODING="gzip")
    again = client.get("/rulings/", HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=first["ETag"])

    assert first.status_code == 200 and first["ETag"]
    assert again.status_code == 304 and again.content == b""


def test_a_copy_kept_from_another_sign_in_is_not_reused(client: Client) -> None:
    """Signed in, the page holds a sign-out form whose token is made from the CSRF secret of
    that sign-in: a copy kept from an earlier one would refuse to sign out."""
    anonymous = client.get("/rulings/")
    client.force_login(User.objects.create_user("mira"))
    client.get("/lists/")  # a page with a form, which sets the CSRF cookie
    signed_in = client.get("/rulings/", HTTP_IF_NONE_MATCH=anonymous["ETag"])
    assert signed_in.status_code == 200 and "Sign out" in signed_in.content.decode()

    client.cookies["csrftoken"] = "x" * 32  # a new sign-in's secret
    after = client.get("/rulings/", HTTP_IF_NONE_MATCH=signed_in["ETag"])

    assert after.status_code == 200 and after["ETag"] != signed_in["ETag"]


def test_the_trackers_own_rulings_have_a_group_for_every_tracked_game(page: str) -> None:
    """R50 governs the log of every game the tracker records, so it is filed under that
    group, not under one game's."""
    assert BY_CODE["R50"].system == TRACKED
    sections = page.split('<section class="rulings-group"')[1:]
    (tracked,) = [s for s in sections if 'id="R50"' in s]
    assert 'id="tracked"' in tracked and "Every tracked game" in tracked
    assert "AZRAH" not in tracked.split("</h2>", 1)[0]
