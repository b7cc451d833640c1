"""Azuki TCG's own API endpoints, under /api/ (namespace ``api``)."""

from django.urls import path

from . import api

urlpatterns = [
    path(
        "azuki/decks/validate/",
        api.DeckValidateView.as_view(),
        name="azuki-deck-validate",
    ),
]
