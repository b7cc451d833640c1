"""AZRAH's own API endpoints, under /api/ (namespace ``api``)."""

from django.urls import path

from games.api import lists_validate

urlpatterns = [
    path(
        "azrah/rosters/validate/",
        lists_validate.RosterValidateView.as_view(),
        name="azrah-roster-validate",
    ),
]
