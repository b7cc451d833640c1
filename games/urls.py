"""Page URLs."""

from django.urls import path

urlpatterns: list = []
