"""The table page's live part read from the ``live`` cache (games/views/live.py): rendered
once for a game's version and a place at it (a role and a seat), read by the next viewer in
that place; byte for byte what a rendering afresh sends, each answer with its own CSRF
token and poll ticket; never shared between places, so no viewer is sent a part made for
another, whatever another seat hides.

Roles: the ``host`` (not seated: the table's device), a ``player`` (Ben, seat 1), a
``spectator`` (an account that opened the watch link), Ana (seat 0, who joins), and a
browser without an account that opened the watch link.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.test import Client

from games.models import Game
from games.tracker.access import Access, Role
from games.tracker.lifecycle import create_game, join, watch
from games.views import live
from referee.rules.azrah.system import AZRAH
from referee.settings import bounded_cache_from_url
from tests.games.tracker.support import (
    AZRAH_SETUP,
    client_for,
    free_seat,
    game,
    host,
    outsider,
    player,
    spectator,
)
from tests.games.tracker.test_fragments import CSRF_INPUT, nothing_kept
from tests.games.tracker.test_noninterference_pages import normalised, pair
from tests.games.tracker.test_polling import (
    as_the_page_polls,
    damage,
    page_headers,
    poll,
    watching_browser,
)
from tests.rules.azrah.test_tracker_noninterference import other_setup
from tests.rules.tracker.azrah_game import CARDED
from tests.test_settings import run

__all__ = ["game", "host", "outsider", "player", "spectator"]

POLL_TICKET = re.compile(r"(&quot;X-Poll-Ticket&quot;: &quot;)[^&]*(&quot;)")


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    caches[live.CACHE].clear()


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Access]]:
    """Whose live part is rendered, each time one is (rather than read from the cache)."""
    seen: list[Access] = []
    original = live._rendered

    def counted(request: Any, game: Game, current: Any, access: Access, *args: Any) -> str:
        seen.append(access)
        return original(request, game, current, access, *args)

    monkeypatch.setattr(live, "_rendered", counted)
    yield seen


def html(response: Any) -> str:
    assert response.status_code == 200
    return str(response.content.decode())


def same_but_tokens(text: str) -> str:
    return CSRF_INPUT.sub(r"\1<csrf>\2", text)


def fresh(client: Client, game: Game) -> str:
    """The live part rendered afresh: nothing read from or kept in any cache."""
    with nothing_kept():
        return html(poll(client, game))


# --- the same bytes as a rendering afresh -------------------------------------------------------


def test_a_kept_live_part_is_the_live_part_rendered_afresh_for_every_role(
    game: Game, host: User, player: User, spectator: User, renders: list[Access]
) -> None:
    tablets = [client_for(host), client_for(player), client_for(spectator)]
    tablets.append(watching_browser(game))
    for tablet in tablets:
        first, again = poll(tablet, game), poll(tablet, game)
        assert (
            same_but_tokens(html(first))
            == same_but_tokens(html(again))
            == same_but_tokens(fresh(tablet, game))
        )
        assert page_headers(again) == page_headers(first)  # the viewer's own ticket
    # four viewers, three places (two spectators): three renderings, each once, and the
    # three afresh
    assert [a.role for a in renders[:2]] == [Role.HOST, Role.HOST]
    assert len(renders) == 3 * 2 + 1


def test_two_spectators_share_a_part_and_each_gets_their_own_ticket(
    game: Game, spectator: User, renders: list[Access]
) -> None:
    account, browser = client_for(spectator), watching_browser(game)
    one, two = poll(account, game), poll(browser, game)
    assert renders == [Access(Role.SPECTATOR)]  # the second was read
    tickets = [page_headers(r)["X-Poll-Ticket"] for r in (one, two)]
    assert tickets[0] != tickets[1]
    # each ticket is its holder's: the page's next poll is answered with it
    for client, response in ((account, one), (browser, two)):
        assert as_the_page_polls(client, game, response).status_code == 304
    assert POLL_TICKET.sub("", html(one)) == POLL_TICKET.sub("", html(two))


def test_a_kept_part_posts_this_request_s_csrf_token(game: Game, host: User, player: User) -> None:
    client_for(player).get(f"/games/{game.pk}/", headers={"HX-Request": "true"})  # kept
    tablet = Client(enforce_csrf_checks=True)
    tablet.force_login(player)
    tablet.get(f"/games/{game.pk}/")  # the whole page: the CSRF cookie
    answer = poll(tablet, game)
    page = html(answer)
    tokens = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]*)"', page))
    assert len(tokens) == 1 and "\x00" not in page
    form = re.search(r'<form class="tr-control"[^>]*>(?:(?!</form>).)*</form>', page, re.S)
    assert form, "Ben has a control"
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(0)))
    answer = tablet.post(f"/games/{game.pk}/act/", fields, headers={"HX-Request": "true"})
    assert answer.status_code == 200, "the CSRF token of a kept part is taken"
    assert Game.objects.get(pk=game.pk).version == 1


# --- what the key holds -------------------------------------------------------------------------


def test_every_place_at_the_game_has_a_key_of_its_own(game: Game) -> None:
    places = [
        Access(Role.HOST),
        Access(Role.HOST, 0),
        Access(Role.HOST, 1),
        Access(Role.PLAYER, 0),
        Access(Role.PLAYER, 1),
        Access(Role.SPECTATOR),
    ]
    keys = {live.key(game, place) for place in places}
    assert len(keys) == len(places)
    assert all(live.generation() in k and game.pk.hex in k for k in keys)


def test_the_key_changes_with_the_version_and_the_seats(
    game: Game, host: User, outsider: User
) -> None:
    place = Access(Role.SPECTATOR)
    before = live.key(Game.objects.get(pk=game.pk), place)
    join(game, outsider, game.join_token, 0)
    taken = live.key(Game.objects.get(pk=game.pk), place)
    free_seat(game, 0)
    assert live.key(Game.objects.get(pk=game.pk), place) == before != taken
    damage(game, host)
    assert live.key(Game.objects.get(pk=game.pk), place) != before


def test_a_change_is_rendered_again_and_then_read(
    game: Game, host: User, spectator: User, renders: list[Access]
) -> None:
    tablet = client_for(spectator)
    before = html(poll(tablet, game))
    damage(game, host)
    after = html(poll(tablet, game))
    again = html(poll(client_for(spectator), game))
    assert len(renders) == 2 and before != after
    assert same_but_tokens(after) == same_but_tokens(again)
    assert 'data-version="1"' in after


# --- never another place's part -----------------------------------------------------------------


def test_a_spectator_never_gets_a_player_s_part(
    game: Game, host: User, player: User, spectator: User, renders: list[Access]
) -> None:
    seated = html(poll(client_for(player), game))  # Ben's, with his face-down back row
    tabled = html(poll(client_for(host), game))
    watched = html(poll(client_for(spectator), game))
    assert [a.role for a in renders] == [Role.PLAYER, Role.HOST, Role.SPECTATOR]
    assert "Mystic" in seated and "Mystic" not in watched and "Mystic" not in tabled
    assert same_but_tokens(watched) == same_but_tokens(fresh(client_for(spectator), game))


@pytest.mark.django_db
def test_what_a_viewer_is_sent_is_the_same_whatever_another_seat_hides() -> None:
    """Two games alike but for Ana's face-down back row: Ana's own part is kept first in
    each (her secret in it); Ben and both spectators are then sent the same bytes from
    both games, read from the cache as they were kept, and none of Ana's back row."""
    setup_b, renamed = other_setup(0, CARDED)
    setups = (AZRAH.setup_to_json(CARDED), AZRAH.setup_to_json(setup_b))
    both = pair("azrah", setups, hidden=0, host_seated=False)
    ana, ben, spectator = both.seated[0], both.seated[1], both.viewers["spectator"]
    sent: dict[str, list[str]] = {}
    for one in both.fresh():
        mine = html(poll(client_for(ana), one))
        assert all(name in mine for name in (renamed if one == both.a else renamed.values()))
        browser = watching_browser(one)
        for name, tablet in (("ben", client_for(ben)), ("spectator", client_for(spectator))):
            for round_ in ("kept", "read"):
                sent.setdefault(f"{name} {round_}", []).append(html(poll(tablet, one)))
        sent.setdefault("browser", []).append(html(poll(browser, one)))  # the spectators'
    for name, (from_a, from_b) in sent.items():
        assert normalised(from_a, both.games) == normalised(from_b, both.games), name
        for secret in [*renamed, *renamed.values()]:
            assert secret not in from_a and secret not in from_b, (name, secret)


# --- what is never kept ---------------------------------------------------------------------


def test_a_refusal_is_its_sender_s_and_is_neither_read_nor_kept(
    game: Game, player: User, renders: list[Access]
) -> None:
    tablet = client_for(player)
    refused = tablet.post(
        f"/games/{game.pk}/act/",
        {"type": "deal_damage", "version": "0", "control": "form:deal_damage"},
        headers={"HX-Request": "true"},
    )
    assert refused.status_code == 400 and 'data-testid="refusal"' in refused.content.decode()
    assert renders == []  # rendered as before, not through the cache
    assert 'data-testid="refusal"' not in html(poll(tablet, game))
    assert len(renders) == 1


def test_a_part_that_made_a_nonce_is_not_kept(
    game: Game, spectator: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = live._rendered

    def with_a_nonce(request: Any, *args: Any) -> str:
        made = str(request.csp_nonce)  # as a template asking for it would
        return original(request, *args).replace("</div>", f"<i>{made}</i></div>", 1)

    monkeypatch.setattr(live, "_rendered", with_a_nonce)
    tablet = client_for(spectator)
    answer = poll(tablet, game)
    nonce = re.search(r"'nonce-([^']+)'", answer["Content-Security-Policy"])
    assert nonce and f"<i>{nonce.group(1)}</i>" in html(answer)
    place = live.key(Game.objects.get(pk=game.pk), Access(Role.SPECTATOR))
    assert caches[live.CACHE].get(place) is None


def test_a_name_holding_the_ticket_s_mark_is_shown_as_typed_and_not_kept(
    host: User, player: User, renders: list[Access]
) -> None:
    marked = json.dumps(live.TICKET_MARK)[1:-1]  # the mark as the part writes it
    setup = json.loads(json.dumps(AZRAH_SETUP))
    setup["players"][0]["name"] = f"Ana {marked}"
    created = create_game(host=host, system="azrah", name="Odd", setup=setup)
    join(created, player, created.join_token, 1)
    watch(created, host, created.watch_token)
    tablet = client_for(player)
    first = poll(tablet, created)
    assert f"Ana {marked}" in html(first)
    assert as_the_page_polls(tablet, created, first).status_code == 304
    poll(tablet, created)
    assert len(renders) == 4  # twice each time: marked, then as it is


# --- where the parts are kept -------------------------------------------------------------------


def test_parts_are_kept_in_redis_with_cache_url_and_in_bounded_memory_otherwise() -> None:
    assert bounded_cache_from_url("redis://127.0.0.1:6379/2", "live", 50) == {
        "BACKEND": "referee.redis_cache.KeptClientRedisCache",
        "LOCATION": "redis://127.0.0.1:6379/2",
        "KEY_PREFIX": "live",
    }
    local = bounded_cache_from_url("", "live", 50)
    assert local["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    assert local["OPTIONS"]["MAX_ENTRIES"] == 50
    code = (
        "import django; from django.conf import settings; django.setup(); "
        "print(settings.CACHES['live']['OPTIONS']['MAX_ENTRIES'])"
    )
    done = run("-c", code, LIVE_CACHE_ENTRIES="50")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["50"]
