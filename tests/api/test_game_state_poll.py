"""The API's poll of a game's state: ``GET /api/games/<id>/`` with ``If-None-Match`` and a
token is answered 304 before DRF, the session and the view (games/api/tracker/poll.py), in
one query, and only for the ETag of what that token's account sees now. Anything else is
the view's to answer, as it was: a token knox refuses is its 401, an outsider its 403, a
change its 200.

Roles: the ``host`` (not seated: the table's device), a ``player`` (seat 1), a
``spectator`` (an account that opened the watch link), an ``outsider``, and an account that
sends the watch token as ``?watch=``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from knox.models import AuthToken

from games.api.tracker.poll import STATE_PATH
from games.models import Game
from games.tracker.apply import game_apply
from games.tracker.lifecycle import join
from tests.games.tracker.support import (
    client_for,
    free_seat,
    game,
    host,
    outsider,
    player,
    spectator,
)
from tests.tokens import token_for

__all__ = ["game", "host", "outsider", "player", "spectator"]

DOOR = "games.api.tracker.poll.StatePollMiddleware"


def url(game: Game) -> str:
    return f"/api/games/{game.pk}/"


def ask(game: Game, key: str, tag: str | None = None, **query: str) -> Any:
    """The state, as a tool asks for it: a fresh client (no cookie), the token, and the ETag
    it last got."""
    headers = {"Authorization": f"Token {key}"}
    if tag is not None:
        headers["If-None-Match"] = tag
    return Client().get(url(game), query, headers=headers)


def damage(game: Game, by: User) -> None:
    row = Game.objects.get(pk=game.pk)
    game_apply(
        game=row,
        user=by,
        type="deal_damage",
        payload={"seat": 1, "guardian": "Bard", "amount": 1},
        expected_version=row.version,
    )


# --- what it costs ----------------------------------------------------------------------------


def test_an_unchanged_poll_is_answered_in_one_query_before_the_session_and_drf(
    game: Game, player: User, django_assert_num_queries: Any
) -> None:
    key = token_for(player)
    tag = ask(game, key)["ETag"]
    with django_assert_num_queries(1):  # the token, the game and its seats
        answer = ask(game, key, tag)
    assert answer.status_code == 304 and answer["ETag"] == tag
    assert not hasattr(answer.wsgi_request, "session")
    assert not hasattr(answer.wsgi_request, "user")


def test_every_role_that_may_see_the_game_is_answered_at_that_cost(
    game: Game,
    host: User,
    player: User,
    spectator: User,
    outsider: User,
    django_assert_num_queries: Any,
) -> None:
    watching = {"watch": game.watch_token}
    for account, query in ((host, {}), (player, {}), (spectator, {}), (outsider, watching)):
        key = token_for(account)
        first = ask(game, key, **query)
        assert first.status_code == 200
        with django_assert_num_queries(1):
            assert ask(game, key, first["ETag"], **query).status_code == 304


# --- only for the viewer's own ETag, now ------------------------------------------------------


def test_a_304_is_only_for_the_etag_of_what_that_viewer_sees(
    game: Game, host: User, player: User, spectator: User
) -> None:
    keys = {account.username: token_for(account) for account in (host, player, spectator)}
    tags = {name: ask(game, key)["ETag"] for name, key in keys.items()}
    assert len(set(tags.values())) == 3
    for name, key in keys.items():
        for other, tag in tags.items():
            answer = ask(game, key, tag)
            if other == name:
                assert answer.status_code == 304
            else:  # another viewer's ETag: the view answers what this viewer sees
                assert answer.status_code == 200
                assert answer["ETag"] == tags[name]


def test_a_changed_game_is_a_200_with_its_new_state(game: Game, host: User, player: User) -> None:
    key = token_for(player)
    tag = ask(game, key)["ETag"]
    damage(game, host)
    answer = ask(game, key, tag)
    assert answer.status_code == 200 and answer.json()["version"] == 1
    assert ask(game, key, answer["ETag"]).status_code == 304


def test_a_seat_freed_or_taken_is_a_200(game: Game, player: User, outsider: User) -> None:
    key = token_for(player)
    tag = ask(game, key)["ETag"]
    free_seat(game, 0)  # Ana's seat, already free: nothing changes
    assert ask(game, key, tag).status_code == 304
    join(game, outsider, game.join_token, 0)
    taken = ask(game, key, tag)
    assert taken.status_code == 200 and taken.json()["seats"][0]["taken"] is True
    free_seat(game, 0)
    freed = ask(game, key, taken["ETag"])
    assert freed.status_code == 200 and freed.json()["seats"][0]["taken"] is False


def test_a_viewer_who_may_not_see_the_game_gets_the_view_s_403_whatever_they_send(
    game: Game, player: User, outsider: User
) -> None:
    tag = ask(game, token_for(player))["ETag"]
    key = token_for(outsider)
    for sent in (tag, "*"):
        answer = ask(game, key, sent)
        assert answer.status_code == 403
        assert "ETag" not in answer


def test_a_spectator_whose_watch_link_was_replaced_is_not_answered_304(
    game: Game, host: User, outsider: User
) -> None:
    key = token_for(outsider)
    old = game.watch_token
    tag = ask(game, key, watch=old)["ETag"]
    Client().post(
        f"/api/games/{game.pk}/links/",
        {"link": "watch"},
        content_type="application/json",
        headers={"Authorization": f"Token {token_for(host)}"},
    )
    assert ask(game, key, tag, watch=old).status_code == 403


# --- a token knox refuses is refused as it was ------------------------------------------------


def refusal(game: Game, header: str, tag: str) -> tuple[int, Any, Any]:
    answer = Client().get(url(game), headers={"Authorization": header, "If-None-Match": tag})
    return answer.status_code, answer.json(), answer.get("WWW-Authenticate")


def test_a_revoked_an_expired_or_an_unknown_token_gets_the_same_401_as_before(
    game: Game, player: User
) -> None:
    key = token_for(player)
    tag = ask(game, key)["ETag"]
    invalid = (401, {"detail": "Invalid token."}, "Token")

    AuthToken.objects.filter(user=player).delete()  # revoked
    assert refusal(game, f"Token {key}", tag) == invalid

    key = token_for(player)
    AuthToken.objects.filter(user=player).update(expiry=timezone.now() - timedelta(seconds=1))
    assert refusal(game, f"Token {key}", tag) == invalid
    # the view ran: knox deleted the expired token as it always has
    assert not AuthToken.objects.filter(user=player).exists()

    assert refusal(game, f"Token {'0' * 64}", tag) == invalid
    assert refusal(game, f"Token {token_for(player)[:-1]}x", tag) == invalid


def test_an_inactive_account_s_token_is_refused_as_before(game: Game, player: User) -> None:
    key = token_for(player)
    tag = ask(game, key)["ETag"]
    User.objects.filter(pk=player.pk).update(is_active=False)
    status, body, _ = refusal(game, f"Token {key}", tag)
    assert status == 401 and body == {"detail": "User inactive or deleted."}


@pytest.mark.parametrize(
    "header", ["Token", "Token a b", "Token ÿÿÿÿ", "Token \u00e9t\u00e9", "Bearer x"]
)
def test_a_header_knox_does_not_take_goes_to_the_view(
    game: Game, player: User, header: str
) -> None:
    tag = ask(game, token_for(player))["ETag"]
    sent = {"Authorization": header, "If-None-Match": tag}
    answer = Client().get(url(game), headers=sent)
    unasked = Client().get(url(game), headers={"Authorization": header})
    assert answer.status_code == unasked.status_code != 304


@pytest.mark.parametrize(
    ("accept", "query", "status"),
    [
        ("application/json", {}, 304),
        ("text/html;q=0.9, */*;q=0.8", {}, 304),
        ("text/csv", {}, 406),
        ("application/json", {"format": "api"}, 406),  # the browsable API has no JSON
    ],
)
def test_what_drf_negotiates_is_left_to_it(
    game: Game, player: User, accept: str, query: dict[str, str], status: int
) -> None:
    key = token_for(player)
    tag = ask(game, key)["ETag"]
    sent = {"Authorization": f"Token {key}", "If-None-Match": tag, "Accept": accept}
    answer = Client().get(url(game), query, headers=sent)
    assert answer.status_code == status
    early = not hasattr(answer.wsgi_request, "session")
    assert early == (status == 304 and not query)


def test_a_session_poll_is_the_view_s_as_before(game: Game, player: User) -> None:
    tablet = client_for(player)
    tag = tablet.get(url(game))["ETag"]
    answer = tablet.get(url(game), headers={"If-None-Match": tag})
    assert answer.status_code == 304
    assert hasattr(answer.wsgi_request, "session")  # answered by the view


# --- the answer is the view's -----------------------------------------------------------------


def test_the_304_carries_the_headers_of_the_view_s_304(
    game: Game, player: User, settings: Any
) -> None:
    key = token_for(player)
    tag = ask(game, key)["ETag"]
    early = ask(game, key, tag)
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if m != DOOR]
    late = ask(game, key, tag)
    assert early.status_code == late.status_code == 304
    assert hasattr(late.wsgi_request, "session") and not hasattr(early.wsgi_request, "session")
    # but Content-Length, which CommonMiddleware adds as 0: a 304 may carry only the length
    # the 200 would have had (RFC 9110, 8.6), and the table page's 304 carries none either
    assert {**early.headers, "Content-Length": "0"} == dict(late.headers)
    assert early["Vary"] == "Accept, Cookie" and early["Cache-Control"] == "no-cache"
    assert early["X-Frame-Options"] == "DENY" and early["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" in early
    assert early.content == late.content == b""


def test_the_door_knows_the_state_s_address_and_no_other(game: Game) -> None:
    assert STATE_PATH.fullmatch(reverse("api:game", args=[game.pk]))
    for other in ("api:game-actions", "api:game-log", "api:game-export", "api:game-links"):
        assert not STATE_PATH.fullmatch(reverse(other, args=[game.pk]))


# --- after the tool's own action ---------------------------------------------------------------


def post_damage(game: Game, key: str, version: int) -> Any:
    body = {
        "system": "azrah",
        "type": "deal_damage",
        "payload": {"seat": 1, "guardian": "Bard", "amount": 1},
        "version": version,
    }
    return Client().post(
        f"{url(game)}actions/",
        body,
        content_type="application/json",
        headers={"Authorization": f"Token {key}"},
    )


@pytest.mark.parametrize("who", ["host", "player"])
def test_an_action_s_answer_carries_the_etag_of_the_state_it_holds(
    game: Game, who: str, request: pytest.FixtureRequest, django_assert_num_queries: Any
) -> None:
    """The state in a 201 is the state a poll would fetch next: its ETag comes with it, so
    the tablet that acted polls on with a 304 rather than fetching it again."""
    key = token_for(request.getfixturevalue(who))
    answer = post_damage(game, key, game.version)
    assert answer.status_code == 201, answer.content
    fetched = ask(game, key)
    assert answer["ETag"] == fetched["ETag"]
    assert answer.json()["game"] == fetched.json()
    with django_assert_num_queries(1):
        assert ask(game, key, answer["ETag"]).status_code == 304


def test_a_stale_action_s_answer_carries_the_etag_of_the_current_state(
    game: Game, host: User, player: User
) -> None:
    key = token_for(player)
    seen = game.version
    damage(game, host)
    answer = post_damage(game, key, seen)
    assert answer.status_code == 409
    fetched = ask(game, key)
    assert answer["ETag"] == fetched["ETag"] and answer.json()["game"] == fetched.json()
    assert ask(game, key, answer["ETag"]).status_code == 304
