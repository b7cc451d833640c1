"""REST API URLs, mounted under /api/."""

from django.urls import path

urlpatterns: list = []
