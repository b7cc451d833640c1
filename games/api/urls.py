"""REST API URLs, mounted under /api/ (namespace ``api``)."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

from . import views

app_name = "api"

urlpatterns = [
    path("", views.ApiRootView.as_view(), name="root"),
    path("azeroth/attack-odds/", views.AttackOddsView.as_view(), name="azeroth-attack-odds"),
    path("azeroth/morale-odds/", views.MoraleOddsView.as_view(), name="azeroth-morale-odds"),
    path("azeroth/spell-odds/", views.SpellOddsView.as_view(), name="azeroth-spell-odds"),
    path("azeroth/blast-odds/", views.BlastOddsView.as_view(), name="azeroth-blast-odds"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", views.SwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("redoc/", views.redoc, name="redoc"),
    re_path(r"", views.NotFoundView.as_view(), name="not-found"),
]
