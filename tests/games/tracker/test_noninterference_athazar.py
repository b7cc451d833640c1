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
from games.tracker.current import CACHE, current_game
from games.tracker.lifecycle import create_game, join, watch
from referee.rules.athazar.cards import TOKENS
from referee.rules.athazar.state import OVER
from referee.rules.athazar.system import ATHAZAR
from referee.rules.tracker import LegalAction
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
            created = create_game(host=host, system="athazar", name="Table", setup=setup)
            for seat, user in self.seated.items():
                join(created, user, created.join_token, seat)
            watch(created, spectator, created.watch_token)
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
    CACHE.clear()
    rng = randoms(data)
    hidden = data.draw(st.integers(0, PLAYERS - 1), label="hidden")
    table = Table(hidden, host_seated)
    for _ in range(data.draw(st.integers(3, 30), label="steps")):
        state = current_game(table.a).state
        if state.phase == OVER:
            break
        room = state.seats[hidden].unknown
        if room and rng.random() < 0.35:
            whole = [rng.choice(TOKENS) for _ in range(room)]
            # different cards in each game: the whole hand in one, often fewer in the other
            for game, cards in zip(
                table.games, (whole, whole[: rng.randint(0, room)]), strict=True
            ):
                user = table.seated[hidden]
                outcome = record(game, user, "enter_hand", hidden, {"cards": cards})
                assert outcome == ("applies",)
            continue
        rooms = [current_game(g).state.seats[hidden].unknown for g in table.games]
        if min(rooms) and rng.random() < 0.3:  # a card received, entered in both
            table.both("add_card", hidden, {"card": rng.choice(TOKENS)})
            continue
        named = [_named_pass(current_game(g).state, hidden) for g in table.games]
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
    for name, viewer in table.viewers.items():
        if name != "spectator":
            undo_channels(table, name, viewer)


def _sent(client: Any, url: str, body: dict[str, Any]) -> tuple[int, bytes]:
    response = client.post(url, body, content_type="application/json")
    return response.status_code, response.content


def undo_channels(table: Table, name: str, viewer: User) -> None:
    """A viewer's undo of their own latest action, its redo, and a request to undo the
    hidden seat's latest action: the same answers in both games (R50, R177)."""
    client = client_for(viewer)
    seat = next(s for s, u in table.seated.items() if u == viewer)
    a, b = table.fresh()
    current = current_game(a)
    effective = current.history.effective
    mine = [t for t in effective if current.log[t - 1].by == seat][-1:]
    theirs = [t for t in effective if current.log[t - 1].by == table.hidden][-1:]
    for kind, target in [*(("undo", t) for t in mine), *(("redo", t) for t in mine)]:
        a, b = table.fresh()
        answers = [
            {
                "send": _sent(
                    client, f"/api/games/{g.pk}/{kind}/", {"target": t, "version": g.version}
                )
            }
            for g, t in ((a, target), (b, target))
        ]
        assert_alike(answers[0], answers[1], table, f"{name} sending {kind} #{target}")  # type: ignore[arg-type]
    for target in theirs:
        a, b = table.fresh()
        body = {"system": "athazar", "type": "request_undo", "payload": {"target": target}}
        answers = [
            {"send": _sent(client, f"/api/games/{g.pk}/actions/", {**body, "version": g.version})}
            for g in (a, b)
        ]
        assert_alike(answers[0], answers[1], table, f"{name} asking to undo #{target}")  # type: ignore[arg-type]
        a, b = table.fresh()
        requests = [current_game(g).undo_requests for g in (a, b)]
        if not requests[0]:
            continue
        hider = client_for(table.seated[table.hidden])
        for g, open_requests in zip((a, b), requests, strict=True):
            payload = {"request": open_requests[-1].seq, "accept": True}
            answer = {"system": "athazar", "type": "answer_undo", "payload": payload}
            _sent(hider, f"/api/games/{g.pk}/actions/", {**answer, "version": g.version})
        a, b = table.fresh()
        assert_alike(received(client, a), received(client, b), table, f"{name} after the answer")  # type: ignore[arg-type]


FULL = ["Sailor", "Renegade", "Assassin", "Hunter", "Merchant", "Wiseman", "Prince"]


@pytest.mark.django_db
def test_an_undo_on_the_page_answers_alike_whether_a_hand_was_entered_whole() -> None:
    """Ana enters her whole hand in one game, one card fewer in the other; after the pass
    she enters a Renegade, Ben plays a Prince (#7) and she enters the card it gave her
    (#8). Ben's undo of his Prince, sent from his page, and his redo answer alike."""
    CACHE.clear()
    host = account("hostess")
    ana, ben, cy = account("anna"), account("benny"), account("cy")
    games = []
    for cards in (FULL, FULL[:-1]):
        setup = {"players": ["Ana", "Ben", "Cy"], "dealer": 2}
        created = create_game(host=host, system="athazar", name="Table", setup=setup)
        for seat, person in enumerate((ana, ben, cy)):
            join(created, person, created.join_token, seat)
        steps: list[tuple[User, int, str, dict[str, Any]]] = [
            (ana, 0, "enter_hand", {"cards": cards}),
            (ana, 0, "pass_cards", {"count": 1, "card": "Sailor"}),
            (ben, 1, "pass_cards", {"count": 1}),
            (cy, 2, "pass_cards", {"count": 1}),
            (ana, 0, "add_card", {"card": "Renegade"}),
            (ana, 0, "skip_turn", {}),
            (ben, 1, "play_effect", {"card": "Prince"}),
            (ana, 0, "add_card", {"card": "Warrior 3"}),
        ]
        for person, seat, kind, payload in steps:
            assert record(created, person, kind, seat, payload) == ("applies",)
        games.append(Game.objects.get(pk=created.pk))
    client = client_for(ben)
    for kind in ("undo", "redo"):
        answers = []
        for game in games:
            version = Game.objects.get(pk=game.pk).version
            form = {"type": kind, "target": "7", "version": str(version), "control": kind}
            posted = client.post(f"/games/{game.pk}/act/", form, headers={"HX-Request": "true"})
            answers.append((posted.status_code, normalised(posted.content, games)))
        assert answers[0] == answers[1], kind
        assert answers[0][0] == 200, answers[0][1][:300]
