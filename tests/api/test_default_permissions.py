"""The API is closed unless a view opens itself: DRF's default permission asks for a signed-in
caller, and every public endpoint says ``AllowAny`` (or its own rule) where it is declared."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView


class Unmarked(APIView):
    """A view that says nothing about who may call it."""

    def get(self, request: Request) -> Response:
        return Response({"secret": True})


def api_views() -> list[tuple[str, type[APIView]]]:
    found: list[tuple[str, type[APIView]]] = []

    def walk(patterns: list[Any], prefix: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                view = getattr(pattern.callback, "cls", None)
                if isinstance(view, type) and issubclass(view, APIView):
                    found.append((prefix + str(pattern.pattern), view))

    walk(get_resolver().url_patterns, "/")
    return found


def test_a_view_that_says_nothing_about_permissions_is_closed_to_visitors():
    request = APIRequestFactory().get("/anything/")

    response = Unmarked.as_view()(request)

    assert response.status_code in (401, 403)
    assert "secret" not in response.data


def test_the_default_permission_asks_for_a_signed_in_caller():
    default: list[object] = list(api_settings.DEFAULT_PERMISSION_CLASSES)

    assert default == [IsAuthenticated]


def test_every_api_view_names_its_own_permissions():
    # A view relying on the default would change with it; each one says who it is for.
    def declared(view: type[APIView]) -> bool:
        own = view.__mro__[: view.__mro__.index(APIView)]
        return any("permission_classes" in vars(klass) for klass in own)

    unmarked = [url for url, view in api_views() if not declared(view)]

    assert unmarked == []


@pytest.mark.parametrize(
    "url",
    ["/api/", "/api/schema/", "/api/docs/", "/api/games/systems/", "/api/catalogs/"],
)
@pytest.mark.django_db
def test_the_public_reading_endpoints_answer_a_visitor(client: Client, url: str):
    assert client.get(url).status_code == 200


def test_allow_any_is_what_the_public_views_declare():
    opened = {url for url, view in api_views() if AllowAny in view.permission_classes}

    assert "/api/azeroth/attack-odds/" in opened
    assert "/api/lists/" not in opened
