"""Noninterference for Deaths of Athazar's private hands, over everything a viewer receives
(as ``test_noninterference_pages`` does for AZRAH and Azeroth at War): two three-player games
alike but for the cards one seat entered in its hand, played through the same public
actions, send the other players, a spectator and a seated host the same bytes: the table
page, its live part and ETag, the API state with its legal actions, the log, both exports,
a poll's 304, and the previews and answers of what they try."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game
from games.tracker import service
from referee.rules.athazar.cards import TOKENS
from referee.rules.athazar.tracker import ATHAZAR, OVER
from referee.rules.tracker.core import LegalAction
from tests.games.tracker.support import client_for
from tests.games.tracker.test_noninterference_pages import (
    account,
    assert_alike,
    normalised,
    probe,
    received,
    record,
)
from tests.profiles import examples
from tests.rules.tracker.legal_play import filled, randoms

SETTINGS = settings(
    max_examples=examples(4),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
PLAYERS = 3
HAND_TYPES = ("add_card", "drop_card", "forget_hand", "enter_hand")


class Table:
    """Games ``a`` and ``b`` and who sits where; ``hidden`` enters different cards in each."""

    def __init__(self, hidden: int, host_seated: bool) -> None:
        self.hidden = hidden
        host = account("hostess")
        self.seated: dict[int, User] = {}
        others = [s for s in range(PLAYERS) if s != hidden]
        self.seated[hidden] = account("hider")
        self.seated[others[0]] = host if host_seated else account("opponent")
        self.seated[others[1]] = account("third")
        spectator = account("watcher")
        setup = ATHAZAR.example_setup()
        games = []
        for _ in range(2):
            created = service.create_game(host=host, system="athazar", name="Table", setup=setup)
            for seat, user in self.seated.items():
                service.join(created, user, created.join_token, seat)
            service.watch(created, spectator, created.watch_token)
            games.append(Game.objects.prefetch_related("seats").get(pk=created.pk))
        self.a, self.b = games
        opponent = "seated host" if host_seated else "opponent"
        self.viewers = {opponent: self.seated[others[0]], "spectator": spectator}
        self.viewers["third"] = self.seated[others[1]]
        self.others = others

    @property
    def games(self) -> tuple[Game, Game]:
        return self.a, self.b

    def fresh(self) -> tuple[Game, Game]:
        a, b = (Game.objects.prefetch_related("seats").get(pk=g.pk) for g in self.games)
        return a, b

    def both(self, type_: str, by: int, payload: dict[str, Any]) -> None:
        outcomes = [record(g, self.seated[by], type_, by, payload) for g in self.games]
        assert outcomes == [("applies",), ("applies",)], (type_, payload, outcomes)


def _named_pass(state: Any, seat: int) -> LegalAction | None:
    """The seat's pass of one card named from its entered hand, when it may make one."""
    for legal in ATHAZAR.legal_actions(state, seat):
        if (
            legal.type == "pass_cards"
            and legal.payload.get("count") == 1
            and "card" in legal.payload
        ):
            return legal
    return None


@pytest.mark.django_db
@pytest.mark.parametrize("host_seated", [False, True], ids=["player", "seated-host"])
@SETTINGS
@given(data=st.data())
def test_a_private_hand_reaches_nobody_else_by_page_api_or_export(
    host_seated: bool, data: st.DataObject
) -> None:
    service.CACHE.clear()
    rng = randoms(data)
    hidden = data.draw(st.integers(0, PLAYERS - 1), label="hidden")
    table = Table(hidden, host_seated)
    for _ in range(data.draw(st.integers(3, 30), label="steps")):
        state = service.derived(table.a).state
        if state.phase == OVER:
            break
        room = state.seats[hidden].unknown
        if room and rng.random() < 0.35:
            for game in table.games:  # different cards in each game
                cards = [rng.choice(TOKENS) for _ in range(min(room, 3))]
                user = table.seated[hidden]
                outcome = record(game, user, "enter_hand", hidden, {"cards": cards})
                assert outcome == ("applies",)
            continue
        named = [_named_pass(service.derived(g).state, hidden) for g in table.games]
        if all(named) and rng.random() < 0.6:  # a pass naming a card, a different one in each
            user = table.seated[hidden]
            for game, legal in zip(table.games, named, strict=True):
                assert legal is not None
                outcome = record(game, user, "pass_cards", hidden, filled(rng, legal))
                assert outcome == ("applies",)
            continue
        listed = ATHAZAR.legal_actions(state, hidden)
        mine = [
            e
            for e in listed
            if e.type == "skip_turn" or (e.type == "pass_cards" and e.payload == {"count": 1})
        ]
        if mine and rng.random() < 0.7:
            table.both(mine[0].type, hidden, dict(mine[0].payload))
            continue
        options = [
            e
            for s in table.others
            for e in ATHAZAR.legal_actions(state, s)
            if e.type not in HAND_TYPES
        ]
        if not options:
            continue
        legal = rng.choice(options)
        table.both(legal.type, legal.seat, filled(rng, legal))
    a, b = table.fresh()
    for name, viewer in table.viewers.items():
        client = client_for(viewer)
        assert_alike(received(client, a), received(client, b), table, name)  # type: ignore[arg-type]
    tries: list[tuple[str, int, dict[str, Any]]] = []
    for seat in table.others:
        tries += [
            ("play_effect", seat, {"card": "Sorcerer", "target": hidden}),
            (
                "play_effect",
                seat,
                {"card": "Merchant", "target": hidden, "keeps": 0, "target_keeps": 1},
            ),
            ("kill", seat, {"killer": "Assassin", "victim": "Sailor"}),
            ("add_card", seat, {"card": "Sailor"}),
        ]
    Random(rng.random()).shuffle(tries)
    for name, viewer in table.viewers.items():
        if name == "spectator":
            continue
        client = client_for(viewer)
        seat = next(s for s, u in table.seated.items() if u == viewer)
        for type_, _by, payload in [t for t in tries if t[1] == seat][:3]:
            a, b = table.fresh()
            answers = probe(client, a, type_, payload, True), probe(client, b, type_, payload, True)
            assert_alike(*answers, table, f"{name} trying {type_} {payload}")  # type: ignore[arg-type]
    a, b = table.fresh()
    for name, viewer in table.viewers.items():
        states = [client_for(viewer).get(f"/api/games/{g.pk}/") for g in (a, b)]
        one, two = (normalised(r.content, table.games) for r in states)
        assert one == two, f"{name}: the state after the probes differs"
