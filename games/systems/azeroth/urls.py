"""Azeroth at War's own pages."""

from django.urls import path

from . import views

urlpatterns = [
    path("azeroth/odds/", views.odds, name="azeroth-odds"),
]
