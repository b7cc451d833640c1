"""Root URLs: the pages, the REST API under /api/, and the health check."""

from django.contrib import admin
from django.urls import include, path

from games.views.health import healthz

urlpatterns = [
    path("", include("games.urls")),
    path("api/", include("games.api.urls")),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
]
