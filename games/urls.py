"""Page URLs."""

from django.urls import path

from games.views import batches, builders, catalogs, odds, pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("rulings/", pages.rulings, name="rulings"),
    path("azeroth/odds/", odds.odds, name="azeroth-odds"),
    path("azuki/deck/", builders.azuki_deck, name="azuki-deck"),
    path("azeroth/army/", builders.azeroth_army, name="azeroth-army"),
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
]
