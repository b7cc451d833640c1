"""Azeroth at War's own API endpoints, under /api/ (namespace ``api``)."""

from django.urls import path

from games.api import views

from . import api

urlpatterns = [
    path("azeroth/attack-odds/", views.AttackOddsView.as_view(), name="azeroth-attack-odds"),
    path("azeroth/morale-odds/", views.MoraleOddsView.as_view(), name="azeroth-morale-odds"),
    path("azeroth/spell-odds/", views.SpellOddsView.as_view(), name="azeroth-spell-odds"),
    path("azeroth/blast-odds/", views.BlastOddsView.as_view(), name="azeroth-blast-odds"),
    path(
        "azeroth/army-lists/validate/",
        api.ArmyValidateView.as_view(),
        name="azeroth-army-validate",
    ),
]
