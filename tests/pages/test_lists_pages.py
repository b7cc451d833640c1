"""The saved-lists pages (/lists/, /lists/shared/<token>/) and signing in, out and up.

Roles: the ``owner`` of the lists, ``other_user`` (signed in, owns none of them), an anonymous
visitor and a holder of the share link.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from knox.models import AuthToken

from games.lists import service
from games.models import Catalog, SavedList
from tests.lists.support import PASSWORD, catalogs, other_user, owner, payload
from tests.tokens import token_for

__all__ = ["catalogs", "other_user", "owner"]


@pytest.fixture
def as_owner(owner: User, catalogs: dict[str, Catalog]) -> Client:
    client = Client()
    client.force_login(owner)
    return client


@pytest.fixture
def as_other(other_user: User) -> Client:
    client = Client()
    client.force_login(other_user)
    return client


@pytest.fixture
def deck(owner: User, catalogs: dict[str, Catalog]) -> SavedList:
    return service.save_list(owner=owner, system="azuki", name="Fire", payload=payload("azuki"))


@pytest.fixture
def short_roster(owner: User, catalogs: dict[str, Catalog]) -> SavedList:
    return service.save_list(
        owner=owner, system="azrah", name="Fourteen", payload=payload("azrah", legal=False)
    )


def html(response: Any) -> str:
    return str(response.content.decode())


# --- Signing in, out and up -------------------------------------------------------------------


def test_an_anonymous_visitor_is_asked_to_sign_in_or_sign_up(
    client: Client, deck: SavedList
) -> None:
    response = client.get("/lists/")
    assert response.status_code == 200
    text = html(response)
    assert 'href="/accounts/login/?next=/lists/"' in text
    assert 'href="/accounts/signup/?next=/lists/"' in text
    assert "Fire" not in text


def test_the_sign_in_page_signs_in_and_goes_on(client: Client, owner: User) -> None:
    page = client.get("/accounts/login/?next=/lists/")
    assert page.status_code == 200
    assert 'name="username"' in html(page) and 'name="password"' in html(page)
    assert "csrfmiddlewaretoken" in html(page)
    response = client.post(
        "/accounts/login/", {"username": "owner", "password": PASSWORD, "next": "/lists/"}
    )
    assert response.status_code == 302 and response["Location"] == "/lists/"
    assert client.get("/lists/").status_code == 200


def test_a_wrong_password_is_said_plainly(client: Client, owner: User) -> None:
    response = client.post("/accounts/login/", {"username": "owner", "password": "nope"})
    assert response.status_code == 200
    assert "enter a correct username and password" in html(response)
    assert 'value="owner"' in html(response)  # what was typed is kept


def test_sign_up_makes_an_account_and_signs_in(client: Client, db: None) -> None:
    assert client.get("/accounts/signup/").status_code == 200
    response = client.post(
        "/accounts/signup/",
        {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302 and response["Location"] == "/lists/"
    assert User.objects.filter(username="newcomer").exists()
    assert "newcomer" in html(client.get("/lists/"))


def test_sign_up_reports_each_problem_beside_its_field(client: Client, owner: User) -> None:
    response = client.post(
        "/accounts/signup/", {"username": "owner", "password1": "abc", "password2": "abd"}
    )
    assert response.status_code == 400
    text = html(response)
    assert "A user with that username already exists." in text
    assert "The two password fields didn" in text
    assert User.objects.count() == 1


def test_sign_up_errors_are_summed_up_on_top_and_the_first_bad_field_takes_the_focus(
    client: Client, db: None
) -> None:
    """Issue 14: the errors showed below the fold, under the password confirmation, while
    the focus stayed on the username."""
    response = client.post(
        "/accounts/signup/",
        {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    assert response.status_code == 400
    page = html(response)
    summary = page.index('data-testid="error-summary"')
    assert summary < page.index('id="id_username"')  # on top, before the first field
    top = page[summary : page.index("</div>", summary)]
    assert 'href="#id_password2"' in top and "The two password fields didn" in top
    username = re.search(r"<input[^>]*id=\"id_username\"[^>]*>", page)
    confirmation = re.search(r"<input[^>]*id=\"id_password2\"[^>]*>", page)
    assert username is not None and confirmation is not None
    assert "autofocus" not in username.group() and "autofocus" in confirmation.group()
    assert 'aria-invalid="true"' in confirmation.group()
    assert 'aria-describedby="err-password2' in confirmation.group()
    assert "The two password fields didn" in page[page.index('id="err-password2"') :]


def test_sign_up_goes_to_a_safe_next_only(client: Client, db: None) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "username": "traveller",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "https://elsewhere.example/",
        },
    )
    assert response["Location"] == "/lists/"


def test_sign_out_is_a_post(as_owner: Client) -> None:
    assert 'action="/accounts/logout/"' in html(as_owner.get("/lists/"))
    response = as_owner.post("/accounts/logout/")
    assert response.status_code == 302
    assert 'href="/accounts/login/?next=/lists/"' in html(as_owner.get("/lists/"))


def test_the_nav_offers_sign_in_to_an_anonymous_visitor(client: Client, db: None) -> None:
    text = html(client.get("/"))
    assert 'href="/accounts/login/"' in text
    assert 'href="/lists/"' in text


# --- My lists ---------------------------------------------------------------------------------


def test_my_lists_shows_each_list_with_its_verdict(
    as_owner: Client, deck: SavedList, short_roster: SavedList
) -> None:
    text = html(as_owner.get("/lists/"))
    assert "Fire" in text and "Fourteen" in text
    assert "Azuki TCG" in text and "AZRAH: War of Heralds" in text
    assert re.search(r'badge-valid" data-testid="verdict">Valid<', text)
    assert re.search(r'badge-invalid" data-testid="verdict">1 error<', text)
    assert f'href="/azuki/deck/?saved={deck.pk}"' in text
    assert f'href="/azrah/roster/?saved={short_roster.pk}"' in text
    assert f"/api/lists/{deck.pk}/export/?format=text" in text
    assert f"/api/lists/{deck.pk}/export/?format=json" in text
    assert "checked against Azuki TCG starter cards (demonstration) 1.0<" in text


def test_my_lists_filters_by_game(
    as_owner: Client, deck: SavedList, short_roster: SavedList
) -> None:
    text = html(as_owner.get("/lists/?system=azrah"))
    assert "Fourteen" in text and f"list-{deck.pk}" not in text


def test_my_lists_shows_nobody_elses(as_other: Client, deck: SavedList) -> None:
    text = html(as_other.get("/lists/"))
    assert "No saved lists yet." in text
    assert str(deck.pk) not in text


def test_sharing_from_the_page_shows_the_link(as_owner: Client, deck: SavedList) -> None:
    response = as_owner.post(f"/lists/{deck.pk}/share/")
    assert response.status_code == 302
    assert response["Location"] == f"/lists/#list-{deck.pk}"
    deck.refresh_from_db()
    assert deck.share_token
    text = html(as_owner.get("/lists/"))
    assert f"http://testserver/lists/shared/{deck.share_token}/" in text
    assert "Copy link" in text and "Stop sharing" in text


def test_sharing_by_htmx_swaps_the_one_row(as_owner: Client, deck: SavedList) -> None:
    response = as_owner.post(f"/lists/{deck.pk}/share/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    text = html(response)
    assert text.strip().startswith(f'<li class="saved-list" id="list-{deck.pk}"')
    assert "<html" not in text
    deck.refresh_from_db()
    assert deck.share_token and deck.share_token in text


def test_unsharing_from_the_page_revokes_the_link(
    as_owner: Client, deck: SavedList, client: Client
) -> None:
    token = service.share(deck)
    response = as_owner.post(f"/lists/{deck.pk}/unshare/")
    assert response.status_code == 302
    assert client.get(f"/lists/shared/{token}/").status_code == 404


def test_share_and_delete_need_a_post_with_csrf(owner: User, deck: SavedList) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    assert client.get(f"/lists/{deck.pk}/share/").status_code == 405
    assert client.post(f"/lists/{deck.pk}/share/").status_code == 403
    assert client.post(f"/lists/{deck.pk}/delete/").status_code == 403
    deck.refresh_from_db()
    assert deck.share_token is None


def test_delete_asks_first_then_deletes(as_owner: Client, deck: SavedList) -> None:
    confirm = as_owner.get(f"/lists/{deck.pk}/delete/")
    assert confirm.status_code == 200
    assert "Delete “Fire”?" in html(confirm)
    assert SavedList.objects.filter(pk=deck.pk).exists()
    response = as_owner.post(f"/lists/{deck.pk}/delete/")
    assert response.status_code == 302 and response["Location"] == "/lists/"
    assert not SavedList.objects.filter(pk=deck.pk).exists()
    assert "“Fire” is deleted." in html(as_owner.get("/lists/"))


@pytest.mark.parametrize("action", ["share", "unshare", "delete"])
def test_another_user_cannot_touch_a_list(as_other: Client, deck: SavedList, action: str) -> None:
    assert as_other.post(f"/lists/{deck.pk}/{action}/").status_code == 404
    assert as_other.get(f"/lists/{deck.pk}/delete/").status_code == 404
    deck.refresh_from_db()
    assert deck.share_token is None


# --- The shared page --------------------------------------------------------------------------


def test_a_holder_of_the_link_reads_the_list_and_its_problems(
    client: Client, short_roster: SavedList
) -> None:
    token = service.share(short_roster)
    response = client.get(f"/lists/shared/{token}/")
    assert response.status_code == 200
    text = html(response)
    assert "Fourteen" in text
    assert "read only" in text
    assert "Nyx Lanternbearer" in text or "AZR-002" in text  # the entries, as text
    assert 'data-code="roster_size"' in text
    assert "1 error" in text
    assert "Copy into the builder" in text
    assert f"/lists/{short_roster.pk}/delete/" not in text


def test_a_revoked_link_reads_nothing(client: Client, deck: SavedList) -> None:
    token = service.share(deck)
    service.unshare(deck)
    response = client.get(f"/lists/shared/{token}/")
    assert response.status_code == 404
    assert "not shared" in html(response)
    assert "Fire" not in html(response)


def test_copy_into_the_builder_asks_an_anonymous_visitor_to_sign_in(
    client: Client, deck: SavedList
) -> None:
    token = service.share(deck)
    response = client.post(f"/lists/shared/{token}/copy/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/lists/shared/")
    assert SavedList.objects.count() == 1


def test_copy_into_the_builder_saves_a_copy_and_opens_it(
    as_other: Client, other_user: User, deck: SavedList
) -> None:
    token = service.share(deck)
    response = as_other.post(f"/lists/shared/{token}/copy/")
    copy = SavedList.objects.get(owner=other_user)
    assert response.status_code == 302
    assert response["Location"] == f"/azuki/deck/?saved={copy.pk}"
    assert copy.name == "Fire (copy)"
    assert copy.payload == deck.payload
    assert copy.share_token is None
    deck.refresh_from_db()
    assert deck.owner != other_user


def test_the_owner_opening_the_link_gets_the_builder_not_a_copy(
    as_owner: Client, deck: SavedList
) -> None:
    token = service.share(deck)
    text = html(as_owner.get(f"/lists/shared/{token}/"))
    assert f'href="/azuki/deck/?saved={deck.pk}"' in text
    assert "Copy into the builder" not in text


def key_shown(page: str) -> str | None:
    found = re.search(r'value="([^"]+)"[^>]*data-testid="api-token"', page)
    return found.group(1) if found else None


def test_the_owner_makes_an_api_token_that_is_shown_once_and_works(
    as_owner: Client, owner: User, client: Client, deck: SavedList
) -> None:
    before = html(as_owner.get("/lists/"))
    assert key_shown(before) is None
    assert "A token works for 30 days" in before

    response = as_owner.post("/lists/token/")

    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    key = key_shown(html(response))
    assert key is not None
    assert client.get("/api/lists/", HTTP_AUTHORIZATION=f"Token {key}").json()["count"] == 1
    later = html(as_owner.get("/lists/"))
    assert key not in later  # the database keeps only its hash
    assert later.count('data-testid="held-token"') == 1
    assert key[:8] in later  # told apart by its first characters
    expiry = AuthToken.objects.get(user=owner).expiry
    assert f'datetime="{expiry:%Y-%m-%d}' in later


def test_making_a_new_token_keeps_the_others_until_revoked(
    as_owner: Client, owner: User, client: Client, deck: SavedList
) -> None:
    first = key_shown(html(as_owner.post("/lists/token/")))
    second = key_shown(html(as_owner.post("/lists/token/")))
    assert first and second and first != second
    assert html(as_owner.get("/lists/")).count('data-testid="held-token"') == 2
    digest = AuthToken.objects.get(token_key=first[:15]).digest

    response = as_owner.post(f"/lists/token/{digest}/revoke/")

    assert response.status_code == 302 and response["Location"] == "/lists/#api-token"
    assert client.get("/api/lists/", HTTP_AUTHORIZATION=f"Token {first}").status_code == 401
    assert client.get("/api/lists/", HTTP_AUTHORIZATION=f"Token {second}").status_code == 200
    assert html(as_owner.get("/lists/")).count('data-testid="held-token"') == 1


def test_nobody_revokes_another_players_token(
    as_other: Client, owner: User, client: Client
) -> None:
    key = token_for(owner)
    digest = AuthToken.objects.get(user=owner).digest

    response = as_other.post(f"/lists/token/{digest}/revoke/")

    assert response.status_code == 404
    assert client.get("/api/lists/", HTTP_AUTHORIZATION=f"Token {key}").status_code == 200


def test_expired_tokens_are_not_listed(as_owner: Client, owner: User) -> None:
    token_for(owner)
    AuthToken.objects.update(expiry=timezone.now() - timedelta(minutes=1))

    assert 'data-testid="held-token"' not in html(as_owner.get("/lists/"))


def test_an_anonymous_visitor_gets_no_token(client: Client, db: None) -> None:
    response = client.post("/lists/token/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert not AuthToken.objects.exists()
