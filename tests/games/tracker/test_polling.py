"""The table page's poll: every tablet asks for the live part every second with the ETag it
last got, and is answered 304 while nothing it sees changed.

What is pinned here: the 304 costs one query when the poll carries the page's poll ticket
(and the session's and the account's besides when it does not); it never leaks (the
decision and the ETag depend on the version, the viewer's role and seat and the seats taken,
and a viewer who may not see the game gets 403 whatever ETag they send); it stays right when
another server process made the change (each process's caches cleared or left behind); and a
changed live part is compressed. Roles: the ``host`` (not seated), a ``player`` (seat 1),
a ``spectator`` (an account that opened the watch link), an ``outsider``, and a browser
without an account that opened the watch link.
"""

from __future__ import annotations

import gzip
import html
import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.tracker.access import Access, Role, access_for
from games.tracker.current import CACHE, current_game
from games.tracker.http import GAME_PATH, POLL_TICKET_HEADER, etag, glance, poll_ticket
from games.tracker.lifecycle import create_game, join, replace_link, watch
from referee.settings import cache_from_url
from tests.games.tracker.support import (
    client_for,
    free_seat,
    game,
    host,
    outsider,
    player,
    record,
    spectator,
)
from tests.test_settings import manage, run

__all__ = ["game", "host", "outsider", "player", "spectator"]

HTMX = {"HX-Request": "true"}


def url(game: Game) -> str:
    return f"/games/{game.pk}/"


def poll(client: Client, game: Game, tag: str | None = None, **headers: str) -> Any:
    sent = {**HTMX, **headers}
    if tag is not None:
        sent["If-None-Match"] = tag
    return client.get(url(game), headers=sent)


def page_headers(response: Any) -> dict[str, str]:
    """The headers the live part tells htmx to send with its next poll."""
    found = re.search(r'hx-headers="([^"]*)"', response.content.decode())
    assert found, "the live part names its poll's headers"
    headers: dict[str, str] = json.loads(html.unescape(found.group(1)))
    return headers


def as_the_page_polls(client: Client, game: Game, response: Any) -> Any:
    """The next poll exactly as the page sends it: the ETag and the poll ticket it was given."""
    return client.get(url(game), headers={**HTMX, **page_headers(response)})


def version_in(response: Any) -> int:
    found = re.search(r'data-version="(\d+)"', response.content.decode())
    assert found, "the live part names its version"
    return int(found.group(1))


def damage(game: Game, by: User) -> None:
    """One action, recorded as any server process would record it."""
    record(game, by, "deal_damage", {"seat": 1, "guardian": "Bard", "amount": 1})


def watching_browser(game: Game) -> Client:
    """A browser without an account that opened the watch link (its session holds it)."""
    browser = Client()
    assert browser.get(f"/games/watch/{game.watch_token}/").status_code in (200, 302)
    return browser


# --- what an unchanged poll costs ---------------------------------------------------------


def test_an_unchanged_poll_costs_one_query_beside_the_session_and_the_account(
    game: Game, player: User, django_assert_max_num_queries: Any
) -> None:
    tablet = client_for(player)
    tag = poll(tablet, game)["ETag"]
    with django_assert_max_num_queries(3):  # the session, the account, the game
        assert poll(tablet, game, tag).status_code == 304


def test_an_unchanged_poll_from_a_browser_without_an_account_costs_two_queries(
    game: Game, django_assert_max_num_queries: Any
) -> None:
    browser = watching_browser(game)
    tag = poll(browser, game)["ETag"]
    with django_assert_max_num_queries(2):  # the session, the game
        assert poll(browser, game, tag).status_code == 304


def test_the_host_and_a_spectator_account_are_answered_at_the_same_cost(
    game: Game, host: User, spectator: User, django_assert_max_num_queries: Any
) -> None:
    for account in (host, spectator):
        tablet = client_for(account)
        tag = poll(tablet, game)["ETag"]
        with django_assert_max_num_queries(3):
            assert poll(tablet, game, tag).status_code == 304


def test_a_poll_with_the_page_s_ticket_costs_one_query_for_every_viewer(
    game: Game,
    host: User,
    player: User,
    spectator: User,
    django_assert_max_num_queries: Any,
) -> None:
    tablets = [client_for(host), client_for(player), client_for(spectator)]
    tablets.append(watching_browser(game))
    for tablet in tablets:
        first = poll(tablet, game)
        with django_assert_max_num_queries(1):  # the game: no session, no account
            answer = as_the_page_polls(tablet, game, first)
        assert answer.status_code == 304
        assert answer["ETag"] == first["ETag"]


def test_a_poll_with_the_page_s_ticket_that_finds_a_change_looks_once(
    game: Game, host: User, player: User, spectator: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The door found the change for this viewer: the view does not look again before it
    renders the live part."""
    looked: list[object] = []

    def counted(*args: Any) -> Any:
        looked.append(args)
        return glance(*args)

    monkeypatch.setattr("games.tracker.http.glance", counted)
    for account in (host, player, spectator):
        tablet = client_for(account)
        first = poll(tablet, game)
        damage(game, host)
        looked.clear()
        answer = as_the_page_polls(tablet, game, first)
        assert answer.status_code == 200
        assert version_in(answer) == version_in(first) + 1
        assert len(looked) == 1


def test_the_page_s_ticket_is_who_the_viewer_is_and_nothing_else(
    game: Game, host: User, player: User
) -> None:
    answer = poll(client_for(player), game)
    sent = page_headers(answer)
    assert sent["If-None-Match"] == answer["ETag"]
    assert sent[POLL_TICKET_HEADER] == poll_ticket(game, player, [])
    damage(game, host)  # the game changes; the ticket does not
    again = poll(client_for(player), game)
    assert page_headers(again)[POLL_TICKET_HEADER] == sent[POLL_TICKET_HEADER]


def test_a_ticket_without_a_change_never_earns_more_than_a_304(
    game: Game, host: User, player: User
) -> None:
    tablet = client_for(player)
    first = poll(tablet, game)
    damage(game, host)
    answer = as_the_page_polls(Client(), game, first)  # the ticket, but nobody signed in
    assert answer.status_code == 403


@pytest.mark.parametrize(
    "ticket",
    ["", "not a ticket", "x" * 5000, "\ud800", "the other game's"],
)
def test_a_ticket_that_does_not_check_goes_the_full_way(
    game: Game, player: User, outsider: User, ticket: str, django_assert_num_queries: Any
) -> None:
    tablet = client_for(player)
    first = poll(tablet, game)
    if ticket == "the other game's":
        other = create_game(host=outsider, system=game.system, name="Other", setup=game.setup)
        ticket = poll_ticket(other, player, [])
    headers = {**HTMX, "If-None-Match": first["ETag"], POLL_TICKET_HEADER: ticket}
    with django_assert_num_queries(3):  # the session, the account, the game
        assert tablet.get(url(game), headers=headers).status_code == 304
    assert client_for(outsider).get(url(game), headers=headers).status_code == 403


def test_a_ticket_naming_a_spectator_whose_link_was_replaced_is_refused(game: Game) -> None:
    browser = watching_browser(game)
    first = poll(browser, game)
    replace_link(Game.objects.get(pk=game.pk), "watch")
    assert as_the_page_polls(browser, game, first).status_code == 403


def test_a_ticket_naming_a_player_whose_seat_was_freed_is_refused(game: Game, player: User) -> None:
    tablet = client_for(player)
    first = poll(tablet, game)
    free_seat(game, 1)
    assert as_the_page_polls(tablet, game, first).status_code == 403


# --- the poll decides as the rest of the tracker does ------------------------------------------


def test_glance_finds_the_viewer_the_service_finds_for_every_role(
    game: Game, host: User, player: User, spectator: User, outsider: User
) -> None:
    stale = "a-watch-token-that-was-replaced"
    viewers: list[tuple[Any, list[str]]] = [
        (host, []),
        (player, []),
        (spectator, []),
        (outsider, []),
        (outsider, [game.watch_token]),  # an account holding the link in its session
        (outsider, [stale]),
        (AnonymousUser(), [game.watch_token]),
        (AnonymousUser(), [stale]),
        (AnonymousUser(), []),
    ]
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    for viewer, tokens in viewers:
        seen = glance(game.pk, viewer, tokens)
        expected = access_for(row, viewer, tokens)
        assert seen is not None
        assert seen.access == expected, (viewer, tokens)
        assert seen.etag == etag(row, expected)


def test_glance_finds_a_seated_host_at_their_seat(game: Game, host: User) -> None:
    join(game, host, game.join_token, 0)
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    seen = glance(game.pk, host, [])
    assert seen is not None
    assert seen.access == access_for(row, host) == Access(Role.HOST, 0)
    assert seen.etag == etag(row, seen.access)


def test_glance_finds_no_game_that_does_not_exist(host: User) -> None:
    import uuid

    assert glance(uuid.uuid4(), host, []) is None


def test_a_poll_for_a_game_that_does_not_exist_is_a_404(host: User) -> None:
    import uuid

    missing = f"/games/{uuid.uuid4()}/"
    assert (
        client_for(host).get(missing, headers={**HTMX, "If-None-Match": 'W/"0"'}).status_code == 404
    )


# --- never a leak ---------------------------------------------------------------------------


def test_an_outsider_sending_a_spectators_etag_is_refused(
    game: Game, spectator: User, outsider: User
) -> None:
    tag = poll(client_for(spectator), game)["ETag"]
    assert poll(client_for(outsider), game, tag).status_code == 403
    assert poll(Client(), game, tag).status_code == 403  # nobody signed in


def test_a_spectator_is_refused_once_the_watch_link_is_replaced(
    game: Game, spectator: User
) -> None:
    tablet = client_for(spectator)
    browser = watching_browser(game)
    tags = [poll(tablet, game)["ETag"], poll(browser, game)["ETag"]]
    replace_link(Game.objects.get(pk=game.pk), "watch")
    assert poll(tablet, game, tags[0]).status_code == 403
    assert poll(browser, game, tags[1]).status_code == 403


def test_a_player_whose_seat_is_freed_is_refused(game: Game, player: User) -> None:
    tablet = client_for(player)
    tag = poll(tablet, game)["ETag"]
    free_seat(game, 1)
    assert poll(tablet, game, tag).status_code == 403


def test_a_player_sending_the_hosts_etag_gets_their_own_view(
    game: Game, host: User, player: User
) -> None:
    hosts_tag = poll(client_for(host), game)["ETag"]
    answer = poll(client_for(player), game, hosts_tag)
    assert answer.status_code == 200
    assert answer["ETag"] != hosts_tag
    assert poll(client_for(player), game, answer["ETag"]).status_code == 304


def test_the_etag_names_the_role_and_seat_and_nothing_else_of_the_viewer(
    game: Game, spectator: User, outsider: User
) -> None:
    watch(game, outsider, game.watch_token)  # a second spectator account
    tags = {
        poll(client_for(spectator), game)["ETag"],
        poll(client_for(outsider), game)["ETag"],
        poll(watching_browser(game), game)["ETag"],
    }
    assert len(tags) == 1


def test_a_seat_taken_changes_every_viewers_etag(game: Game, spectator: User) -> None:
    tablet = client_for(spectator)
    tag = poll(tablet, game)["ETag"]
    newcomer = User.objects.create_user("newcomer")
    join(Game.objects.get(pk=game.pk), newcomer, game.join_token, 0)
    answer = poll(tablet, game, tag)
    assert answer.status_code == 200
    assert answer["ETag"] != tag


@pytest.mark.parametrize(
    "sent",
    ['"', "*", "not an etag", 'W/"999999999999999999999.host.None.11"', "x" * 5000, ", , ,"],
)
def test_a_poll_with_an_if_none_match_it_cannot_match_gets_the_live_part(
    game: Game, player: User, sent: str
) -> None:
    answer = poll(client_for(player), game, sent)
    assert answer.status_code == 200
    assert answer["ETag"].startswith(f'W/"{game.version}.')


def test_the_whole_page_is_never_answered_304(game: Game, player: User) -> None:
    tablet = client_for(player)
    tag = poll(tablet, game)["ETag"]
    assert tablet.get(url(game), headers={"If-None-Match": tag}).status_code == 200


# --- several server processes ----------------------------------------------------------------


def forget_everything() -> None:
    """What a second server process knows: nothing this one cached."""
    CACHE.clear()
    cache.clear()


def test_a_change_another_process_made_is_seen_on_the_next_poll(
    game: Game, host: User, player: User
) -> None:
    tablet = client_for(player)
    tag = poll(tablet, game)["ETag"]
    behind = current_game(Game.objects.get(pk=game.pk))
    damage(game, host)  # in another process...
    forget_everything()
    CACHE.put(str(game.pk), behind)  # ...which this one never heard of
    answer = poll(tablet, game, tag)
    assert answer.status_code == 200
    assert answer["ETag"].startswith('W/"1.player.1.')
    assert version_in(answer) == 1
    assert poll(tablet, game, answer["ETag"]).status_code == 304


def test_a_process_behind_catches_up_to_what_the_stored_game_opens_as(
    game: Game, host: User, django_assert_num_queries: Any
) -> None:
    """The entries another process recorded are read in one query and applied: the log
    (types, payloads, times) and the state are those of the game opened from storage."""
    behind = current_game(Game.objects.get(pk=game.pk))
    damage(game, host)
    damage(game, host)
    forget_everything()
    row = Game.objects.get(pk=game.pk)
    CACHE.put(str(game.pk), behind)
    with django_assert_num_queries(1):
        caught_up = current_game(row)
    CACHE.clear()
    stored = current_game(row)
    assert caught_up.version == stored.version == 2
    assert caught_up.log == stored.log
    assert caught_up.state == stored.state
    assert [a.payload for a in caught_up.log] == [{"seat": 1, "guardian": "Bard", "amount": 1}] * 2


def test_an_unchanged_game_is_still_304_in_a_process_that_cached_nothing(
    game: Game, host: User, player: User, spectator: User
) -> None:
    damage(game, host)
    tablets = [client_for(account) for account in (host, player, spectator)]
    tags = [poll(tablet, game)["ETag"] for tablet in tablets]
    forget_everything()
    assert [poll(t, game, tag).status_code for t, tag in zip(tablets, tags, strict=True)] == [
        304,
        304,
        304,
    ]


def test_every_tablet_sees_each_change_once(game: Game, host: User, player: User) -> None:
    tablets = [client_for(host), client_for(player), watching_browser(game)]
    tags = [poll(tablet, game)["ETag"] for tablet in tablets]
    for expected in (1, 2):
        damage(game, host)
        forget_everything()
        answers = [poll(t, game, tag) for t, tag in zip(tablets, tags, strict=True)]
        assert [a.status_code for a in answers] == [200, 200, 200]
        assert [version_in(a) for a in answers] == [expected] * 3
        tags = [a["ETag"] for a in answers]
        assert [poll(t, game, tag).status_code for t, tag in zip(tablets, tags, strict=True)] == [
            304,
            304,
            304,
        ]


# --- compression ----------------------------------------------------------------------------


def test_a_changed_live_part_is_compressed_for_a_browser_that_accepts_gzip(
    game: Game, player: User
) -> None:
    answer = poll(client_for(player), game, **{"Accept-Encoding": "gzip, deflate, br"})
    assert answer.status_code == 200
    assert answer["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in answer["Vary"]
    page = gzip.decompress(answer.content).decode()
    assert page.startswith('<div id="live"')
    assert len(answer.content) * 3 < len(page)


def test_a_browser_that_does_not_accept_gzip_gets_the_live_part_as_it_is(
    game: Game, player: User
) -> None:
    answer = poll(client_for(player), game)
    assert not answer.has_header("Content-Encoding")
    assert answer.content.decode().startswith('<div id="live"')


def test_a_304_carries_its_etag_and_no_body(game: Game, player: User) -> None:
    tablet = client_for(player)
    tag = poll(tablet, game)["ETag"]
    answer = poll(tablet, game, tag, **{"Accept-Encoding": "gzip"})
    assert answer.status_code == 304
    assert answer["ETag"] == tag
    assert answer.content == b""
    assert not answer.has_header("Content-Encoding")


# --- the cache's configuration ----------------------------------------------------------------


def test_the_cache_is_redis_when_cache_url_names_it_and_process_memory_otherwise() -> None:
    assert cache_from_url("redis://127.0.0.1:6379/2") == {
        "BACKEND": "referee.redis_cache.KeptClientRedisCache",
        "LOCATION": "redis://127.0.0.1:6379/2",
    }
    assert cache_from_url("")["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"


def test_sessions_are_cached_only_in_a_cache_every_worker_shares() -> None:
    code = (
        "import django; from django.conf import settings; django.setup(); "
        "print(settings.SESSION_ENGINE, settings.CACHES['default']['BACKEND'])"
    )
    shared = run("-c", code, CACHE_URL="redis://127.0.0.1:6379/2")
    alone = run("-c", code, CACHE_URL="")
    assert shared.returncode == 0, shared.stderr
    assert shared.stdout.split() == [
        "django.contrib.sessions.backends.cached_db",
        "referee.redis_cache.KeptClientRedisCache",
    ]
    assert alone.stdout.split() == [
        "games.sessions",  # Django's database sessions, read by a prepared query
        "django.core.cache.backends.locmem.LocMemCache",
    ]


def test_it_refuses_to_start_with_a_cache_it_cannot_use() -> None:
    done = manage("check", CACHE_URL="memcached://127.0.0.1:11211")
    assert done.returncode != 0
    assert "CACHE_URL='memcached://127.0.0.1:11211' is not a URL this project can use" in (
        done.stderr
    )


# --- the benchmark's own checks (bench/tracker.py) ---------------------------------------------


def test_the_benchmark_reads_the_version_from_the_etag_a_poll_gets(game: Game, host: User) -> None:
    from bench.tracker import version_of

    damage(game, host)
    assert version_of(poll(client_for(host), game)["ETag"]) == 1


def test_the_benchmark_seats_tables_of_two_to_four_with_every_tablet_placed() -> None:
    from bench.tracker import table_sizes

    for tablets in (2, 3, 4, 5, 7, 800, 801, 802):
        sizes = table_sizes(tablets)
        assert sum(sizes) == tablets
        assert all(2 <= size <= 4 for size in sizes)


def test_the_benchmark_finds_every_kind_of_lost_action() -> None:
    from bench.tracker import check_entries

    def entry(seq: int, turns: int) -> dict[str, Any]:
        return {"seq": seq, "payload": {"turns": turns}}

    log = [entry(1, 5), entry(2, 6), entry(3, 7)]
    sent = {1: {"turns": 5}, 2: {"turns": 6}, 3: {"turns": 7}}
    assert check_entries(log, sent).ok
    assert check_entries(log, {**sent, 3: {"turns": 8}}).missing == 1  # not as it was sent
    assert check_entries(log[:2], sent).missing == 1  # answered 201, not in the log
    assert check_entries(log, {1: sent[1], 2: sent[2]}).unanswered == 1  # nobody's 201
    assert check_entries(log, {2: sent[2], 3: sent[3]}, before=1).ok  # the opening is no one's
    assert not check_entries([log[0], log[2]], {1: sent[1], 3: sent[3]}).gapless


def test_the_benchmark_reads_a_compressed_bodys_size_from_its_trailer() -> None:
    from bench.tracker import Answer, unzipped_size

    page = b"<div>" * 1000
    assert unzipped_size(Answer(200, gzip.compress(page), 0, "")) == len(page)
    assert unzipped_size(Answer(200, page, 0, "")) == len(page)


def test_the_poll_middleware_knows_the_table_page_s_address_and_no_other(game: Game) -> None:
    assert GAME_PATH.fullmatch(reverse("game", args=[game.pk]))
    for other in ("game-act", "game-preview", "game-export", "game-history"):
        assert not GAME_PATH.fullmatch(reverse(other, args=[game.pk]))


def test_a_poll_with_its_ticket_is_answered_before_the_session_is_read(
    game: Game, player: User, django_assert_num_queries: Any
) -> None:
    tablet = client_for(player)
    first = poll(tablet, game)
    with django_assert_num_queries(1):
        answer = as_the_page_polls(tablet, game, first)
    assert answer.status_code == 304
    assert answer["ETag"] == first["ETag"] and answer["Cache-Control"] == "no-cache"
    # the session and the account were never reached: their middleware did not run
    assert not hasattr(answer.wsgi_request, "session")
    assert not hasattr(answer.wsgi_request, "user")
