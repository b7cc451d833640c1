"""Azeroth at War's own pages."""

from django.urls import path

from games.views import odds

urlpatterns = [
    path("azeroth/odds/", odds.odds, name="azeroth-odds"),
]
