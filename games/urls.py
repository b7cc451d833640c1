"""Page URLs."""

from django.urls import include, path

from games import registry
from games.views import batches, builders, catalogs, events, pages, tracker, tracker_links
from games.views.accounts import SignInView, SignOutView, signup
from games.views.lists import (
    api_token,
    copy_shared_list,
    delete_list,
    my_lists,
    revoke_api_token,
    share_list,
    shared_list,
    unshare_list,
)

urlpatterns = [
    path("", pages.home, name="home"),
    path("rulings/", pages.rulings, name="rulings"),
    path("lists/", my_lists, name="lists"),
    path("lists/token/", api_token, name="list-api-token"),
    path("lists/token/<str:token_id>/revoke/", revoke_api_token, name="list-api-token-revoke"),
    path("lists/<uuid:pk>/share/", share_list, name="list-share"),
    path("lists/<uuid:pk>/unshare/", unshare_list, name="list-unshare"),
    path("lists/<uuid:pk>/delete/", delete_list, name="list-delete"),
    path("lists/shared/<str:token>/", shared_list, name="list-shared"),
    path("lists/shared/<str:token>/copy/", copy_shared_list, name="list-shared-copy"),
    path("accounts/login/", SignInView.as_view(), name="login"),
    path("accounts/logout/", SignOutView.as_view(), name="logout"),
    path("accounts/signup/", signup, name="signup"),
    # each list game's builder, where the list game says (``builder_path``)
    *(
        path(
            game.builder_path.removeprefix("/"),
            builders.builder,
            {"system": game.slug},
            name=game.builder.url_name,
        )
        for game in registry.list_games().values()
    ),
    # each game's own pages (``Game.urls``)
    *(path("", include(game.urls)) for game in registry.games() if game.urls),
    path("catalogs/", catalogs.catalog_list, name="catalogs"),
    path("catalogs/<str:system>/<slug:slug>/", catalogs.catalog_newest, name="catalog-newest"),
    path(
        "catalogs/<str:system>/<slug:slug>/<str:version>/",
        catalogs.catalog_detail,
        name="catalog-detail",
    ),
    path(
        "catalogs/<str:system>/<slug:slug>/<str:version>/download/",
        catalogs.catalog_download,
        name="catalog-download",
    ),
    path("batches/", batches.batches, name="batches"),
    path("batches/<uuid:job_id>/", batches.batch, name="batch"),
    path("games/join/<str:token>/", tracker_links.join, name="game-join"),
    path("games/watch/<str:token>/", tracker_links.watch, name="game-watch"),
    path("games/", tracker.games, name="games"),
    path("games/new/", tracker.new_game, name="game-new"),
    path("games/new/<slug:slug>/", tracker.new_table_game, name="game-new-table"),
    path("games/import/", tracker.import_game, name="game-import"),
    path("games/<uuid:pk>/", tracker.game, name="game"),
    path("games/<uuid:pk>/act/", tracker.act, name="game-act"),
    path("games/<uuid:pk>/events/", events.game_events, name="game-events"),
    path("games/<uuid:pk>/preview/", tracker.preview, name="game-preview"),
    path("games/<uuid:pk>/links/", tracker.replace_link, name="game-links"),
    path("games/<uuid:pk>/history/", tracker.history, name="game-history"),
    path("games/<uuid:pk>/export/", tracker.export, name="game-export"),
    path("games/<uuid:pk>/reveal/<int:seat>/", tracker.reveal, name="game-reveal"),
]
