"""The home page and the rulings page."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_GET

from games import registry
from games.pagecache import deployment_digest, reader_etag
from referee.rules.about import GameSystem
from referee.rules.rulings import TRACKED, TRACKED_NAME, Ruling
from referee.rules.text import number_word
from referee.rules.tracker import rulings as tracked_rulings


@dataclass(frozen=True, slots=True)
class Feature:
    """Something the app does for a game, on its home tile: a page that exists (``url``) or a
    plan."""

    name: str
    text: str
    url: str | None = None

    @classmethod
    def of(cls, feature: registry.Feature) -> Feature:
        if feature.url_name is None:
            return cls(feature.name, feature.text)
        return cls(feature.name, feature.text, reverse(feature.url_name) + feature.anchor)


@dataclass(frozen=True, slots=True)
class SystemCard:
    system: GameSystem
    features: tuple[Feature, ...]

    @property
    def live(self) -> bool:
        """Whether any page exists for this system yet."""
        return any(feature.url for feature in self.features)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    cards = [
        SystemCard(game.about, tuple(Feature.of(feature) for feature in game.features))
        for game in registry.games()
    ]
    actions = [
        (link.label, reverse(link.url_name))
        for game in registry.games()
        for link in game.home_actions
    ]
    tracked = number_word(sum(game.tracker is not None for game in registry.games())).lower()
    return render(
        request,
        "home.html",
        {"cards": cards, "actions": actions, "count": number_word(len(cards)), "tracked": tracked},
    )


@dataclass(frozen=True, slots=True)
class RulingGroup:
    """One section of the rulings page: a game system's rulings, or the tracker's own,
    which hold for every game it records (``slug`` TRACKED)."""

    slug: str
    name: str
    shared: tuple[Ruling, ...]
    project: tuple[Ruling, ...]
    about: str = "Made by this project where the shared rulings say nothing."


RULINGS_FRESH_SECONDS = 600
RULINGS_TEMPLATES = ("base.html", "rulings.html", "components/ruling.html")


@cache
def _rulings_digest() -> str:
    """What the rulings page is made of apart from who reads it: the rulings (fixed until the
    next deployment) and its templates."""
    every = [(game.shared_rulings, game.project_rulings) for game in registry.games()]
    return deployment_digest(repr((tracked_rulings.PROJECT, every)), RULINGS_TEMPLATES)


def _rulings_etag(request: HttpRequest) -> str:
    return reader_etag(request, _rulings_digest())


@require_GET
@condition(etag_func=_rulings_etag)
@cache_control(private=True, max_age=RULINGS_FRESH_SECONDS)
def rulings(request: HttpRequest) -> HttpResponse:
    """Every ruling, by game. The page (75 KB of text, 17 KB sent) changes only with a new
    release, so a browser may keep it for ten minutes, and asking again after that (or when
    the browser would not keep it) is answered 304 with its ETag. It is kept per browser
    (private) and per cookie (the sessions' ``Vary: Cookie``), and its tag says whether the
    reader is signed in, so signing in or out shows the page afresh."""
    tracked = RulingGroup(
        TRACKED,
        TRACKED_NAME,
        (),
        tracked_rulings.PROJECT,
        "How the game tracker records every game, whichever rulebook it follows.",
    )
    groups = [tracked] + [
        RulingGroup(game.slug, game.name, game.shared_rulings, game.project_rulings)
        for game in registry.games()
    ]
    groups = [group for group in groups if group.shared or group.project]
    return render(request, "rulings.html", {"groups": groups})
