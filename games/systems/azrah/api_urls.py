"""AZRAH's own API endpoints, under /api/ (namespace ``api``)."""

from django.urls import path

from . import api

urlpatterns = [
    path(
        "azrah/rosters/validate/",
        api.RosterValidateView.as_view(),
        name="azrah-roster-validate",
    ),
]
