"""Page URLs."""

from django.urls import path

from games.views import odds, pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("rulings/", pages.rulings, name="rulings"),
    path("azeroth/odds/", odds.odds, name="azeroth-odds"),
]
