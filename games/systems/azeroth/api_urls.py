"""Azeroth at War's own API endpoints, under /api/ (namespace ``api``)."""

from django.urls import path

from . import api, api_odds

urlpatterns = [
    path("azeroth/attack-odds/", api_odds.AttackOddsView.as_view(), name="azeroth-attack-odds"),
    path("azeroth/morale-odds/", api_odds.MoraleOddsView.as_view(), name="azeroth-morale-odds"),
    path("azeroth/spell-odds/", api_odds.SpellOddsView.as_view(), name="azeroth-spell-odds"),
    path("azeroth/blast-odds/", api_odds.BlastOddsView.as_view(), name="azeroth-blast-odds"),
    path(
        "azeroth/army-lists/validate/",
        api.ArmyValidateView.as_view(),
        name="azeroth-army-validate",
    ),
]
