"""The board's pieces read from the fragments cache (games/templatetags/fragments.py): a page
built from cached pieces is the page rendered afresh, byte for byte; every control in a
cached piece posts the game's version now and this request's CSRF token; a piece is shared
only by viewers whose inputs are equal, so no viewer is sent a piece made for another."""

from __future__ import annotations

import dataclasses
import pickle
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.template import Context, Template
from django.test import Client, override_settings

from games.models import Game
from games.templatetags import fragments
from referee.rules.azeroth.setup import Scenario
from tests.games.tracker.support import client_for, game, host, outsider, player, spectator
from tests.games.tracker.test_azeroth_board import apply, make_game, url

__all__ = ["game", "host", "outsider", "player", "spectator"]

HTMX = {"HX-Request": "true"}
CSRF_INPUT = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')
FRESH = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "fragments": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    "live": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
}


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    caches[fragments.CACHE].clear()


@contextmanager
def nothing_kept() -> Iterator[None]:
    """Every piece and live part rendered afresh and kept nowhere: no cache, and none of the
    pieces this process keeps in front of it."""
    fragments.RECENT.clear()
    with override_settings(CACHES=FRESH):
        yield
    fragments.RECENT.clear()


@pytest.fixture
def azeroth(host: User, player: User, spectator: User) -> Game:
    game = make_game(host, player, spectator, Scenario.ANNIHILATION)
    apply(game, host, "edge_roll_off", rolls=[2, 5])
    return apply(game, host, "end_stage")  # deployment over: damage and healing are listed


def live(client: Client, game: Game) -> str:
    response = client.get(url(game), headers=HTMX)
    assert response.status_code == 200
    return CSRF_INPUT.sub(r"\1<csrf>\2", response.content.decode())


def cards(html: str) -> int:
    return len(re.findall(r'class="az-model[ "]', html))


def test_a_page_of_cached_pieces_is_the_page_rendered_afresh(
    azeroth: Game, host: User, player: User, spectator: User
) -> None:
    for account in (host, player, spectator):
        tablet = client_for(account)
        first = live(tablet, azeroth)  # renders every card and keeps it
        again = live(tablet, azeroth)  # reads every card
        with nothing_kept():
            fresh = live(tablet, azeroth)  # renders every card, keeps none
        assert cards(first) > 5
        assert first == again == fresh


def test_cached_pieces_post_the_version_now_and_this_request_s_token(
    azeroth: Game, host: User, player: User
) -> None:
    tablet = client_for(player)
    before = tablet.get(url(azeroth), headers=HTMX).content.decode()
    after = apply(azeroth, host, "damage", seat=0, model="warchief-1", amount=1)
    response = tablet.get(url(azeroth), headers=HTMX)
    html = response.content.decode()
    versions = set(re.findall(r'name="version" value="([^"]*)"', html))
    assert (
        versions
        == {str(after.version)}
        != set(re.findall(r'name="version" value="([^"]*)"', before))
    )
    token = response.cookies.get("csrftoken") or tablet.cookies.get("csrftoken")
    assert token is not None
    tokens = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]*)"', html))
    assert len(tokens) == 1 and "\x00" not in html
    # a form of a card read from the cache is taken by the server as this page's own
    form = re.search(
        r'<form class="tap"[^>]*>(?:(?!</form>).)*data-testid="wounds-minus-0-warchief-1"',
        html,
        re.S,
    )
    assert form, "no damage button on Ana's Warchief"
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(0)))
    tablet.handler.enforce_csrf_checks = True
    answer = tablet.post(url(azeroth, "act"), fields, headers=HTMX)
    assert answer.status_code == 200
    assert Game.objects.get(pk=azeroth.pk).version == after.version + 1


def test_a_viewer_is_never_sent_a_piece_made_for_another(
    azeroth: Game, host: User, player: User, spectator: User
) -> None:
    seated = live(client_for(player), azeroth)  # Ben's cards carry Ben's controls
    watched = live(client_for(spectator), azeroth)
    assert 'data-testid="wounds-minus-0-warchief-1"' in seated
    assert "<form" not in watched.split('id="history-title"')[0]
    assert 'data-testid="wounds-minus-0-warchief-1"' not in watched


@dataclasses.dataclass(frozen=True)
class Piece:
    name: str
    wounds: int


def test_the_key_is_the_inputs_content_and_the_code_s_generation() -> None:
    same = fragments.key("card", [{"a": 1, "b": [1, 2]}, Piece("Grunt", 3)])
    assert same == fragments.key("card", [{"a": 1, "b": [1, 2]}, Piece("Grunt", 3)])
    assert same != fragments.key("card", [{"a": 1, "b": [1, 3]}, Piece("Grunt", 3)])
    assert same != fragments.key("card", [{"a": 1, "b": [1, 2]}, Piece("Grunt", 2)])
    assert same != fragments.key("other", [{"a": 1, "b": [1, 2]}, Piece("Grunt", 3)])
    assert fragments.generation() in same


def numbers() -> Iterator[int]:
    yield 1


@pytest.mark.parametrize("unfit", [lambda: 1, numbers(), threading.Lock()])
def test_an_input_that_cannot_be_written_down_is_refused(unfit: Any) -> None:
    with pytest.raises(TypeError):
        fragments.key("card", [unfit])


def test_a_piece_holds_markers_in_the_cache_and_the_values_on_the_page() -> None:
    page = Template(
        '{% load fragments %}{% fragment "t" name %}<p>{{ name }}</p>'
        '<input name="version" value="{{ body.version }}">{% csrf_token %}{% endfragment %}'
    )
    first = page.render(Context({"name": "Ana", "body": {"version": 7}, "csrf_token": "tok"}))
    second = page.render(Context({"name": "Ana", "body": {"version": 8}, "csrf_token": "new"}))
    assert 'value="7"' in first and 'value="tok"' in first
    assert 'value="8"' in second and 'value="new"' in second
    stored = caches[fragments.CACHE].get(fragments.key("t", ["Ana"]))
    assert fragments.VERSION_MARK in stored and fragments.CSRF_MARK in stored
    assert 'value="tok"' not in stored and 'value="7"' not in stored


def test_a_changed_template_or_tag_is_a_new_generation(tmp_path: Any, monkeypatch: Any) -> None:
    (tmp_path / "templates").mkdir()
    piece = tmp_path / "templates" / "piece.html"
    piece.write_text("one")
    monkeypatch.setattr(fragments, "ROOT", tmp_path)
    monkeypatch.setattr(fragments, "SOURCES", ("templates",))
    fragments.generation.cache_clear()
    try:
        before = fragments.generation()
        piece.write_text("two")
        fragments.generation.cache_clear()
        assert fragments.generation() != before
    finally:
        fragments.generation.cache_clear()


def test_an_azrah_page_of_cached_guardians_is_the_page_rendered_afresh(
    game: Game, host: User, player: User, spectator: User
) -> None:
    for account in (host, player, spectator):
        tablet = client_for(account)
        first = live(tablet, game)
        again = live(tablet, game)
        with nothing_kept():
            fresh = live(tablet, game)
        assert first.count('class="tr-guardian') >= 6
        assert first == again == fresh


def test_a_piece_is_read_in_this_process_before_the_cache_is_asked() -> None:
    """Pieces this process read or rendered last are kept in front of the cache (a key names
    a piece's content, so one kept is never stale): a piece is not asked of the cache, nor
    rendered, again. ``extra`` is read without being an input, against the rule, to show which
    rendering was sent."""
    page = Template(
        '{% load fragments %}{% fragment "r" name %}{{ name }} {{ extra }}{% endfragment %}'
    )
    first = page.render(Context({"name": "Ana", "extra": "one"}))
    caches[fragments.CACHE].set(fragments.key("r", ["Ana"]), "Ana in the cache")
    kept = page.render(Context({"name": "Ana", "extra": "two"}))
    fragments.RECENT.clear()
    from_cache = page.render(Context({"name": "Ana", "extra": "three"}))
    fragments.RECENT.clear()
    caches[fragments.CACHE].clear()
    afresh = page.render(Context({"name": "Ana", "extra": "four"}))
    assert (first, kept, from_cache, afresh) == (
        "Ana one",
        "Ana one",
        "Ana in the cache",
        "Ana four",
    )


def test_the_pieces_kept_in_the_process_are_bounded() -> None:
    recent = fragments._Recent(2)
    for name in ("a", "b", "a", "c"):  # "a" read again: "b" is the oldest
        if recent.get(name) is None:
            recent.put(name, name.upper())
    assert [recent.get(name) for name in ("a", "b", "c")] == ["A", None, "C"]


@dataclasses.dataclass(frozen=True, slots=True)
class Slotted:
    name: str
    wounds: int


@dataclasses.dataclass(frozen=True, slots=True)
class Lone:
    name: str


class Extra(Slotted):
    """A subclass without slots of its own: written as pickle writes it."""


def test_dataclasses_with_slots_are_told_apart_by_class_and_every_field() -> None:
    same = fragments.key("card", [[Slotted("Grunt", 3), Lone("Ana")]])
    assert same == fragments.key("card", [[Slotted("Grunt", 3), Lone("Ana")]])
    assert same != fragments.key("card", [[Slotted("Grunt", 2), Lone("Ana")]])
    assert same != fragments.key("card", [[Slotted("Grunt", 3), Lone("Bo")]])
    assert same != fragments.key("card", [[Piece("Grunt", 3), Lone("Ana")]])
    assert fragments.key("card", [Lone("Ana")]) != fragments.key("card", [("Ana",)])
    assert fragments.key("card", [Extra("Cy", 2)]) != fragments.key("card", [Slotted("Cy", 2)])


def test_dataclasses_are_written_as_pickle_would_read_them_back() -> None:
    inputs = [{"a": [Slotted("Grunt", 3)]}, Lone("Ana"), Piece("Bo", 1), Extra("Cy", 2)]
    assert pickle.loads(fragments.written(inputs)) == inputs


class Counted(LocMemCache):
    """The process's memory as the fragments cache, counting the calls made of it."""

    calls: ClassVar[list[tuple[str, int]]] = []

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        Counted.calls.append(("get", 1))
        return super().get(key, default, version)

    def get_many(self, keys: Any, version: Any = None) -> Any:
        Counted.calls.append(("get_many", len(keys)))
        found = {key: super(Counted, self).get(key, self, version) for key in keys}
        return {key: value for key, value in found.items() if value is not self}

    def set(self, key: Any, value: Any, timeout: Any = 300, version: Any = None) -> None:
        Counted.calls.append(("set", 1))
        super().set(key, value, timeout, version)

    def set_many(self, data: Any, timeout: Any = 300, version: Any = None) -> list[Any]:
        Counted.calls.append(("set_many", len(data)))
        for key, value in data.items():
            super().set(key, value, timeout, version)
        return []


COUNTED = {
    **FRESH,
    "fragments": {"BACKEND": f"{__name__}.Counted", "LOCATION": "counted-fragments"},
}


def test_a_side_s_cards_are_asked_of_the_cache_and_kept_in_one_call_each(
    azeroth: Game, player: User
) -> None:
    """With Redis a call is a round trip: the cards of a side that this process does not
    hold are read in one call, and those it renders kept in another."""
    tablet = client_for(player)
    fragments.RECENT.clear()
    with override_settings(CACHES=COUNTED):
        Counted.calls.clear()
        first = live(tablet, azeroth)
        made = list(Counted.calls)
        fragments.RECENT.clear()
        Counted.calls.clear()
        again = live(tablet, azeroth)
        read = list(Counted.calls)
    fragments.RECENT.clear()
    shown = cards(first)
    assert shown >= 6 and first == again
    # per side: one read of all its cards (none there yet), one write of them all
    assert [call for call, _ in made] == ["get_many", "set_many", "get_many", "set_many"]
    assert sum(n for call, n in made if call == "set_many") == shown
    assert [call for call, _ in read] == ["get_many", "get_many"]
    assert sum(n for _, n in read) == shown


def test_pieces_come_in_order_from_the_process_the_cache_or_a_rendering() -> None:
    context = Context({"body": {"version": 7}, "csrf_token": "tok"})

    def writes(text: str) -> Any:
        return lambda marked: f"{text} v{marked['body']['version']}"

    fragments.RECENT.put(fragments.key("p", ["held"]), f"held v{fragments.VERSION_MARK}")
    caches[fragments.CACHE].set(fragments.key("p", ["kept"]), f"kept v{fragments.VERSION_MARK}")
    rendered: list[str] = []

    def counted(text: str) -> Any:
        def render(marked: Any) -> str:
            rendered.append(text)
            return str(writes(text)(marked))

        return render

    wanted: list[fragments.Piece] = [
        ("p", ["new"], counted("new")),
        ("p", ["held"], counted("held afresh")),
        ("p", ["kept"], counted("kept afresh")),
        ("p", ["new"], counted("new again")),  # the same inputs: the same piece
    ]
    assert fragments.pieces(context, wanted) == ["new v7", "held v7", "kept v7", "new v7"]
    assert rendered == ["new"]
    assert caches[fragments.CACHE].get(fragments.key("p", ["new"])) == (
        f"new v{fragments.VERSION_MARK}"
    )
    assert fragments.RECENT.get(fragments.key("p", ["kept"])) == f"kept v{fragments.VERSION_MARK}"
    assert fragments.pieces(context, []) == []
