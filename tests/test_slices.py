"""A game is one slice (docs/games.md): everything of one game lives in its own packages, its
Django side in ``games/systems/<slug>/`` and its rules engine in ``referee/rules/<slug>/``, and
no shared file of the app names it. The registry (games/registry.py) is how shared code finds
the games; the settings' ``INSTALLED_APPS`` line of each game is the one place that lists it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from games.registry import Game, games

ROOT = Path(__file__).resolve().parent.parent
# Everything the app is made of; the tests and the docs speak of the games by name.
SHARED = ("games", "referee", "templates", "static")
# A game's one line in the shared settings: its package in INSTALLED_APPS.
INSTALLED = re.compile(r'\s*"games\.systems\.(\w+)",')


def names_of(game: Game) -> set[str]:
    """The words that name ``game``: its slug, its name, and each word of its name that its
    slug holds (Azeroth, AZRAH, Azuki, Rune, Athazar)."""
    words = re.findall(r"\w{4,}", game.name)
    return {game.slug, game.name} | {w for w in words if w.lower() in game.slug}


def own_packages(game: Game) -> tuple[str, ...]:
    return (f"games/systems/{game.slug}/", f"referee/rules/{game.slug}/")


def lines_naming(names: set[str]) -> list[tuple[str, str]]:
    """Every (path, line) of the app's files, tracked or new, that holds one of ``names`` as
    a word, whatever its case."""
    args = [arg for name in sorted(names) for arg in ("-e", name)]
    found = subprocess.run(
        ["git", "grep", "--untracked", "-n", "-i", "-w", "-I", "-F", *args, "--", *SHARED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.returncode in (0, 1), found.stderr
    hits = []
    for hit in found.stdout.splitlines():
        path, _, rest = hit.partition(":")
        _, _, text = rest.partition(":")
        hits.append((path, text))
    return hits


@pytest.mark.parametrize("game", games(), ids=lambda game: game.slug)
def test_no_shared_file_names_a_game(game: Game) -> None:
    outside = [
        f"{path}: {text.strip()}"
        for path, text in lines_naming(names_of(game))
        if not path.startswith(own_packages(game))
        and "/migrations/" not in path
        and not (path == "referee/settings.py" and INSTALLED.fullmatch(text))
    ]
    assert outside == []


def test_the_search_finds_a_game_named_in_its_own_package() -> None:
    azeroth = next(game for game in games() if game.slug == "azeroth")
    paths = {path for path, _ in lines_naming(names_of(azeroth))}
    assert "games/systems/azeroth/game.py" in paths
    assert "referee/rules/azeroth/__init__.py" in paths
    assert "referee/settings.py" in paths  # its INSTALLED_APPS line, allowed


def test_each_game_is_named_by_more_than_its_slug() -> None:
    assert {game.slug: sorted(names_of(game) - {game.slug, game.name}) for game in games()} == {
        "azeroth": ["Azeroth"],
        "azuki": ["Azuki"],
        "azrah": ["AZRAH"],
        "runeage": ["Rune"],
        "athazar": ["Athazar"],
    }
