"""The home page and the rulings page."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_GET

from games.pagecache import deployment_digest, reader_etag
from referee.rules import SYSTEMS, GameSystem
from referee.rules.rulings import PROJECT, SHARED, TRACKED, TRACKED_NAME, Ruling
from referee.rules.tracker.registry import TRACKERS


@dataclass(frozen=True, slots=True)
class Feature:
    """Something the app does for a game system: a page that exists (``url``) or a plan."""

    name: str
    text: str
    url: str | None = None


@dataclass(frozen=True, slots=True)
class SystemCard:
    system: GameSystem
    features: tuple[Feature, ...]

    @property
    def live(self) -> bool:
        """Whether any page exists for this system yet."""
        return any(feature.url for feature in self.features)


def _tracker(slug: str, text: str) -> Feature:
    """The game tracker of a system: a link to the games when the tracker runs it (its
    registry), a plan otherwise."""
    return Feature("Game tracker", text, reverse("games") if slug in TRACKERS else None)


def _features() -> dict[str, tuple[Feature, ...]]:
    """What the app offers each system; only existing pages get a link."""
    return {
        "azeroth": (
            Feature(
                "Odds calculator",
                "Attack, Morale, spell and Blast odds, every modifier explained.",
                reverse("azeroth-odds"),
            ),
            Feature(
                "Rulings",
                "How the book's silences are read, section by section.",
                reverse("rulings") + "#azeroth",
            ),
            Feature("REST API", "The same odds for list builders and bots.", reverse("api:docs")),
            Feature(
                "Army builder",
                "Tap units in, see points, tier slots and Heroes checked as you go.",
                reverse("azeroth-army"),
            ),
            _tracker("azeroth", "Wounds, Mana, rounds and phases."),
        ),
        "azrah": (
            Feature(
                "Roster builder",
                "Fifteen Guardians, Mana, Gems and the starting party, checked as you tap.",
                reverse("azrah-roster"),
            ),
            _tracker("azrah", "Mana, Celestial Gems, rows and turns."),
        ),
        "azuki": (
            Feature(
                "Deck builder",
                "50 cards, one element, copies by card ID: every problem beside its card.",
                reverse("azuki-deck"),
            ),
            _tracker("azuki", "Turns and phases for both players."),
        ),
        "athazar": (_tracker("athazar", "Hands, kills and disruptions, turn by turn."),),
        "runeage": (
            Feature("Deck check", "Starting decks for each race."),
            Feature(
                "Rulings",
                "How the book's silences are read, section by section.",
                reverse("rulings") + "#runeage",
            ),
            _tracker("runeage", "Cities, armies, gold and dragon runes."),
        ),
    }


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    features = _features()
    cards = [SystemCard(system, features.get(slug, ())) for slug, system in SYSTEMS.items()]
    return render(request, "home.html", {"cards": cards})


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
    return deployment_digest(repr((SHARED, PROJECT)), RULINGS_TEMPLATES)


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
        tuple(r for r in PROJECT if r.system == TRACKED),
        "How the game tracker records every game, whichever rulebook it follows.",
    )
    groups = [tracked] + [
        RulingGroup(
            slug,
            system.name,
            tuple(r for r in SHARED if r.system == slug),
            tuple(r for r in PROJECT if r.system == slug),
        )
        for slug, system in SYSTEMS.items()
    ]
    groups = [group for group in groups if group.shared or group.project]
    return render(request, "rulings.html", {"groups": groups})
