"""Azuki TCG's own API endpoints, under /api/ (namespace ``api``)."""

from django.urls import path

from games.api import lists_validate

urlpatterns = [
    path(
        "azuki/decks/validate/",
        lists_validate.DeckValidateView.as_view(),
        name="azuki-deck-validate",
    ),
]
