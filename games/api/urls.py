"""REST API URLs, mounted under /api/ (namespace ``api``)."""

from django.urls import include, path, re_path
from django.views.decorators.http import conditional_page
from drf_spectacular.views import SpectacularAPIView

from games import registry

from . import (
    batches,
    catalogs,
    index,
    saved,
    schema_auth,  # noqa: F401  (registers how the schema describes the token)
)
from .tracker import exchange, links, lobby, play, systems

app_name = "api"

urlpatterns = [
    path("", index.ApiRootView.as_view(), name="root"),
    # each game's own endpoints (``Game.api_urls``)
    *(path("", include(game.api_urls)) for game in registry.games() if game.api_urls),
    path("batches/", batches.BatchesView.as_view(), name="batches"),
    path("batches/<uuid:job_id>/", batches.BatchView.as_view(), name="batch"),
    path("batches/<uuid:job_id>/results.csv", batches.BatchCsvView.as_view(), name="batch-csv"),
    path("auth/token/", saved.TokenView.as_view(), name="auth-token"),
    path("lists/", saved.SavedListsView.as_view(), name="saved-lists"),
    path("lists/<uuid:pk>/", saved.SavedListView.as_view(), name="saved-list"),
    path(
        "lists/<uuid:pk>/export/",
        saved.SavedListExportView.as_view(),
        name="saved-list-export",
    ),
    path("lists/<uuid:pk>/share/", saved.SavedListShareView.as_view(), name="saved-list-share"),
    path("shared/<str:token>/", saved.SharedListView.as_view(), name="shared-list"),
    path("catalogs/", catalogs.CatalogListView.as_view(), name="catalogs"),
    path("catalogs/import/", catalogs.CatalogImportView.as_view(), name="catalog-import"),
    path(
        "catalogs/<str:system>/<str:slug>/",
        catalogs.CatalogNewestView.as_view(),
        name="catalog",
    ),
    path(
        "catalogs/<str:system>/<str:slug>/<str:version>/",
        catalogs.CatalogVersionView.as_view(),
        name="catalog-version",
    ),
    path(
        "catalogs/<str:system>/<str:slug>/<str:version>/entries/",
        catalogs.CatalogEntriesView.as_view(),
        name="catalog-entries",
    ),
    path("games/", lobby.GamesView.as_view(), name="games"),
    path("games/systems/", systems.GameSystemsView.as_view(), name="game-systems"),
    path("games/import/", exchange.GameImportView.as_view(), name="game-import"),
    path("games/join/", lobby.GameJoinView.as_view(), name="game-join"),
    path("games/watch/", lobby.GameWatchView.as_view(), name="game-watch"),
    path("games/<uuid:pk>/", play.GameView.as_view(), name="game"),
    path("games/<uuid:pk>/actions/", play.GameActionsView.as_view(), name="game-actions"),
    path("games/<uuid:pk>/preview/", play.GamePreviewView.as_view(), name="game-preview"),
    path("games/<uuid:pk>/undo/", play.GameUndoView.as_view(), name="game-undo"),
    path("games/<uuid:pk>/redo/", play.GameRedoView.as_view(), name="game-redo"),
    path("games/<uuid:pk>/log/", play.GameLogView.as_view(), name="game-log"),
    path("games/<uuid:pk>/export/", exchange.GameExportView.as_view(), name="game-export"),
    path("games/<uuid:pk>/links/", links.GameLinksView.as_view(), name="game-links"),
    # The schema is the same until the next deployment: answered with an ETag, a browser
    # opening the documentation again is told 304 rather than sent it again.
    path("schema/", conditional_page(SpectacularAPIView.as_view()), name="schema"),
    # The reference as plain HTML (light, no script); Swagger UI and ReDoc, heavier, for trying
    # requests from the browser.
    path("docs/", index.reference_page, name="docs"),
    path("docs/schemas/", index.reference_schemas_page, name="docs-schemas"),
    path("docs/try/", index.SwaggerView.as_view(url_name="api:schema"), name="docs-try"),
    path("redoc/", index.redoc, name="redoc"),
    re_path(r"", index.NotFoundView.as_view(), name="not-found"),
]
