"""Noninterference over everything a viewer receives: two games that differ only in one
seat's secret, played through the same public actions, send the other seat's player, a
spectator and a seated host the same bytes, once what legitimately differs between two games
is written the same way (game ids, link tokens and their QR codes, CSRF tokens, CSP nonces,
the poll ticket that names the game and the viewer, times).

What is compared, for each viewer: the whole table page, its live part (an htmx poll) and
the ETag, the API state with its legal actions, the log, both exports, the 304 of a poll,
and for a few probing actions (naming the hidden pieces, made-up ones, the visible ones)
the API's and the page's previews and the answer to really sending them.

The secrets: AZRAH's face-down back rows (R52, R53), and Azeroth at War's secretly
nominated Warlord in the Assassination scenario (11). The rules engines' own tests check
the same of the engines' views; these check that the service, the API, the views and the
templates add no leak on the way.

Two variants of each game: the other seat's player is an account that joined, with the host
at no seat; or it is the host, seated there (a seated host).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Game
from games.tracker import apply
from games.tracker.current import CACHE, current_game
from games.tracker.lifecycle import create_game, join, watch
from referee.rules.azeroth.setup import Scenario
from referee.rules.azeroth.state import AzerothState
from referee.rules.azeroth.system import AZEROTH
from referee.rules.azrah.system import AZRAH
from referee.rules.tracker import IllegalAction, game_apply
from tests.games.tracker.support import client_for
from tests.profiles import examples
from tests.rules.azeroth.legal_play import pick as pick_azeroth
from tests.rules.azeroth.tracker_game import setup as azeroth_setup
from tests.rules.azrah.legal_play import pick as pick_azrah
from tests.rules.azrah.test_tracker_noninterference import other_setup, probes, rename, reveals
from tests.rules.tracker.azrah_game import CARDED
from tests.rules.tracker.azrah_game import SETUP as AZRAH_SETUP
from tests.rules.tracker.legal_play import filled, randoms

Step = tuple[str, int | None, dict[str, Any]]

SETTINGS = settings(
    max_examples=examples(4),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
HTMX = {"HX-Request": "true"}
PROBES_PER_VIEWER = 3

# --- what legitimately differs between two games ----------------------------------------------

CSRF_INPUT = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')
CSRF_HEADER = re.compile(r'("X-CSRFToken": ")[^"]*(")')
# the poll ticket names the game and the viewer's account (games.tracker.http.poll_ticket)
POLL_TICKET = re.compile(r"(&quot;X-Poll-Ticket&quot;: &quot;)[^&]*(&quot;)")
CSP_NONCE = re.compile(r'(nonce=")[^"]*(")')  # each answer's own Content-Security-Policy nonce
QR = re.compile(r'(<div class="tr-qr"[^>]*>).*?(</div>)', re.S)
ISO_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d|Z)?")
CLOCK = re.compile(r"(<time [^>]*>)\d\d:\d\d:\d\d(</time>)")


def normalised(content: bytes | str, games: Sequence[Game]) -> str:
    """``content`` with the game ids, link tokens (and the QR codes that encode them), CSRF
    tokens, nonces and times written the same way for every game: nothing else may differ."""
    text = content.decode() if isinstance(content, bytes) else content
    for game in games:
        text = text.replace(str(game.pk), "<game>").replace(game.pk.hex, "<game>")
        text = text.replace(game.join_token, "<join>").replace(game.watch_token, "<watch>")
    text = QR.sub(r"\1<qr>\2", text)
    text = CSRF_INPUT.sub(r"\1<csrf>\2", text)
    text = CSRF_HEADER.sub(r"\1<csrf>\2", text)
    text = POLL_TICKET.sub(r"\1<ticket>\2", text)
    text = CSP_NONCE.sub(r"\1<nonce>\2", text)
    text = CLOCK.sub(r"\1<clock>\2", text)
    return ISO_TIME.sub("<time>", text)


# --- two games and the people at them ---------------------------------------------------------


@dataclass
class Pair:
    """Game ``a`` and game ``b``, alike but for ``hidden``'s secret, and who sits where."""

    a: Game
    b: Game
    hidden: int
    seated: dict[int, User]  # each seat's account (the seated host's, at the other seat)
    viewers: dict[str, User]

    @property
    def other(self) -> int:
        return 1 - self.hidden

    @property
    def games(self) -> tuple[Game, Game]:
        return self.a, self.b

    def fresh(self) -> tuple[Game, Game]:
        return tuple(  # type: ignore[return-value]
            Game.objects.prefetch_related("seats").get(pk=g.pk) for g in self.games
        )


def account(name: str) -> User:
    found, _ = User.objects.get_or_create(username=name)
    return found


def pair(system: str, setups: tuple[Any, Any], hidden: int, host_seated: bool) -> Pair:
    """The two games, hosted by the same host and joined by the same accounts, so that any
    difference in what they receive comes from the games."""
    other = 1 - hidden
    host = account("hostess")
    hidden_player = account("hider")
    other_player = host if host_seated else account("opponent")
    spectator = account("watcher")
    games = []
    for setup in setups:
        # a setup of a game stored before setups carried cards replays too (R114)
        created = create_game(host=host, system=system, name="Table", setup=setup, new=False)
        join(created, hidden_player, created.join_token, hidden)
        join(created, other_player, created.join_token, other)
        watch(created, spectator, created.watch_token)
        games.append(Game.objects.prefetch_related("seats").get(pk=created.pk))
    opponent = "seated host" if host_seated else "opponent"
    return Pair(
        games[0],
        games[1],
        hidden,
        {hidden: hidden_player, other: other_player},
        {opponent: other_player, "spectator": spectator},
    )


def record(game: Game, user: User, type: str, by: int | None, payload: dict[str, Any]) -> Any:
    row = Game.objects.prefetch_related("seats").get(pk=game.pk)
    try:
        apply.game_apply(
            game=row, user=user, type=type, payload=payload, expected_version=row.version, seat=by
        )
    except IllegalAction as error:
        return ("refused", error.message)
    return ("applies",)


def undo_latest(pair: Pair) -> None:
    """The seat that sent the latest action still in effect takes it back, in both games."""
    current = current_game(pair.a)
    target = current.next_undo()
    entry = next((a for a in current.log if a.seq == target), None)
    if entry is None or entry.by not in pair.seated:
        return
    user = pair.seated[entry.by]
    outcomes = [record(g, user, "undo", entry.by, {"target": target}) for g in pair.games]
    assert outcomes[0][0] == outcomes[1][0], outcomes


# --- what each viewer receives ------------------------------------------------------------------


def received(client: Client, game: Game) -> dict[str, Any]:
    """Everything a viewer's screen and the API give them of ``game``."""
    page = f"/games/{game.pk}/"
    api = f"/api/games/{game.pk}/"
    got: dict[str, Any] = {}
    for name, response in (
        ("page", client.get(page)),
        ("live", client.get(page, headers=HTMX)),
        ("history", client.get(f"{page}history/")),
        ("state", client.get(api)),
        ("log", client.get(f"{api}log/")),
        ("export", client.get(f"{api}export/")),
        ("page export", client.get(f"{page}export/")),
    ):
        got[name] = (
            response.status_code,
            response.get("ETag"),
            response.get("Content-Disposition"),
            response.content,
        )
    tag = got["live"][1]
    poll = client.get(page, headers={**HTMX, "If-None-Match": tag})
    got["poll"] = (poll.status_code, poll.get("ETag"), poll.content)
    return got


def form(type: str, payload: dict[str, Any], version: int) -> dict[str, str]:
    """A probe as the page's forms post it."""
    fields = {"type": type, "version": str(version), "control": f"form:{type}"}
    for key, value in payload.items():
        if isinstance(value, bool):
            fields[f"p.{key}"] = "true" if value else ""
        elif isinstance(value, list):
            fields[f"p.{key}"] = ", ".join(str(v) for v in value)
        else:
            fields[f"p.{key}"] = str(value)
    return fields


def probe(
    client: Client, game: Game, type: str, payload: dict[str, Any], send: bool
) -> dict[str, Any]:
    """What trying ``type`` with ``payload`` tells the viewer: previews on the API and the
    page, then (``send``) the answer to sending it for real: a refusal, or the recorded
    action, after which both games go on from it."""
    version = Game.objects.get(pk=game.pk).version
    body = {"system": game.system, "type": type, "payload": payload, "version": version}
    api = f"/api/games/{game.pk}/"
    answers = {}
    preview = client.post(f"{api}preview/", body, content_type="application/json")
    answers["api preview"] = (preview.status_code, preview.content)
    posted = client.post(f"/games/{game.pk}/preview/", form(type, payload, version))
    answers["page preview"] = (posted.status_code, posted.content)
    if send:
        sent = client.post(f"{api}actions/", body, content_type="application/json")
        answers["send"] = (sent.status_code, sent.content)
    return answers


def assert_alike(first: dict[str, Any], second: dict[str, Any], pair: Pair, what: str) -> None:
    assert first.keys() == second.keys()
    for key in first:
        one = tuple(normalised(v, pair.games) if isinstance(v, bytes) else v for v in first[key])
        two = tuple(normalised(v, pair.games) if isinstance(v, bytes) else v for v in second[key])
        assert one == two, f"{what}: {key} differs"


def check_viewers(
    pair: Pair, tries: Sequence[Step], sendable: Callable[[Pair, Step], bool]
) -> None:
    """Each viewer receives the same from both games, and the same answers to ``tries``
    (each sent for real too when ``sendable`` says it keeps the secret)."""
    a, b = pair.fresh()
    for name, viewer in pair.viewers.items():
        client = client_for(viewer)
        assert_alike(received(client, a), received(client, b), pair, name)
    for name, viewer in pair.viewers.items():
        client = client_for(viewer)
        mine = [t for t in tries if t[1] == pair.other] if name != "spectator" else list(tries[:1])
        for step in mine[:PROBES_PER_VIEWER]:
            type_, _by, payload = step
            send = sendable(pair, step)
            a, b = pair.fresh()
            answers = probe(client, a, type_, payload, send), probe(client, b, type_, payload, send)
            assert_alike(*answers, pair, f"{name} trying {type_} {payload}")
    a, b = pair.fresh()
    for name, viewer in pair.viewers.items():  # after what the probes recorded
        client = client_for(viewer)
        states = [client.get(f"/api/games/{g.pk}/") for g in (a, b)]
        one, two = (normalised(r.content, pair.games) for r in states)
        assert one == two, f"{name}: the state after the probes differs"


# --- AZRAH: a face-down back row --------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("host_seated", [False, True], ids=["player", "seated-host"])
@SETTINGS
@given(data=st.data())
def test_a_face_down_back_row_reaches_nobody_else_by_page_api_or_export(
    host_seated: bool, data: st.DataObject
) -> None:
    CACHE.clear()
    hidden = data.draw(st.sampled_from([0, 1]), label="hidden")
    # with the cards too: abilities, the stack and emergence must not leak the back row;
    # without them, as a game stored before setups carried cards (R114)
    base = data.draw(st.sampled_from([AZRAH_SETUP, CARDED]), label="setup")
    setup_b, renamed = other_setup(hidden, base)
    setups = (AZRAH.setup_to_json(base), AZRAH.setup_to_json(setup_b))
    games = pair("azrah", setups, hidden, host_seated)
    for _ in range(data.draw(st.integers(0, 25), label="steps")):
        current = current_game(games.a)
        step = pick_azrah(data, current.state)
        if step is None or reveals(current, hidden, step):
            break
        type_, by, payload = step
        assert by is not None
        user = games.seated[by]
        outcomes = (
            record(games.a, user, type_, by, payload),
            record(games.b, user, type_, by, rename(payload, renamed)),
        )
        assert outcomes == (("applies",), ("applies",)), (step, outcomes)
        if data.draw(st.integers(0, 5), label="undo?") == 0:
            undo_latest(games)
    current = current_game(games.a)
    names = [*renamed, *renamed.values()]
    tries = [
        (t, by, p) for t, by, p in probes(current, games.other, hidden, names) if by == games.other
    ]
    Random(data.draw(st.integers(0, 2**16), label="probes")).shuffle(tries)
    check_viewers(games, [*meta_tries(current, games.other, data), *tries], lambda p, s: True)


def meta_tries(game: Any, other: int, data: st.DataObject) -> list[Step]:
    """Undo, redo and undo requests are channels too (R50): the other player takes back,
    restores or asks to take back an entry, the refusal or the history after it the same
    whatever the back row holds."""
    targets = [*game.history.effective, game.version + 1]
    target = data.draw(st.sampled_from(targets), label="meta target")
    return [
        (
            data.draw(st.sampled_from(["undo", "request_undo"]), label="meta"),
            other,
            {"target": target},
        ),
        ("redo", other, {"target": game.next_redo() or target}),
    ]


# --- Azeroth at War: a secret Warlord ------------------------------------------------------------

HEROES = ("sorceress-1", "paladin-1")  # Ben's two Heroes: either may be his Warlord
WARLORD_SEAT = 1


def warlord_standing(state: AzerothState) -> bool:
    return not state.over and not state.sides[WARLORD_SEAT].warlord_revealed


def keeps_the_secret(game: Game, type_: str, by: int | None, payload: dict[str, Any]) -> bool:
    """Whether the step leaves the Warlord hidden (it is not slain, nor the game won)."""
    current = current_game(game)
    try:
        after = game_apply(current, type=type_, by=by, payload=payload)
    except IllegalAction:
        return True
    return warlord_standing(after.state)


@pytest.mark.django_db
@pytest.mark.parametrize("host_seated", [False, True], ids=["player", "seated-host"])
@SETTINGS
@given(data=st.data())
def test_a_secret_warlord_reaches_nobody_else_by_page_api_or_export(
    host_seated: bool, data: st.DataObject
) -> None:
    CACHE.clear()
    rng = randoms(data)
    setup = AZEROTH.setup_to_json(azeroth_setup(Scenario.ASSASSINATION))
    games = pair("azeroth", (setup, setup), WARLORD_SEAT, host_seated)
    for game in games.games:
        outcome = record(game, games.seated[0], "nominate_warlord", 0, {"model": "warchief-1"})
        assert outcome == ("applies",)
    for game, hero in zip(games.games, HEROES, strict=True):
        outcome = record(game, games.seated[1], "nominate_warlord", 1, {"model": hero})
        assert outcome == ("applies",)
    for _ in range(rng.randint(0, 40)):
        state = current_game(games.a).state
        options = [
            legal
            for seat in (0, 1)
            for legal in AZEROTH.legal_actions(state, seat)
            if not (legal.type == "nominate_warlord" and legal.seat == WARLORD_SEAT)
        ]
        if not options:
            break
        legal = pick_azeroth(rng, options)
        payload = filled(rng, legal)
        if not all(keeps_the_secret(g, legal.type, legal.seat, payload) for g in games.games):
            break
        user = games.seated[legal.seat]
        outcomes = [record(g, user, legal.type, legal.seat, payload) for g in games.games]
        assert outcomes == [("applies",), ("applies",)], (legal, payload, outcomes)
        if rng.randrange(6) == 0:
            undo_latest(games)
        if rng.randrange(4) == 0:
            take_back(games, rng)
    other = games.other
    tries: list[Step] = [
        ("damage", other, {"seat": WARLORD_SEAT, "model": hero, "amount": 99}) for hero in HEROES
    ]
    tries += [
        ("nominate_warlord", other, {"model": "paladin-1"}),
        ("nominate_warlord", other, {"seat": WARLORD_SEAT, "model": "sorceress-1"}),
    ]
    state = current_game(games.a).state
    tries += [(e.type, other, filled(rng, e)) for e in AZEROTH.legal_actions(state, other)][:2]
    rng.shuffle(tries)
    check_viewers(games, tries, sends_safely)


def take_back(pair: Pair, rng: Random) -> None:
    """A seat takes back any of its entries still in effect, or redoes the latest undone,
    or the other seat asks it to and it accepts, in both games: each is allowed or refused
    alike, in the same words, whichever Hero is the Warlord (R50, R128). Skipped when it
    would let the Warlord fall."""
    current = current_game(pair.a)
    entries = [
        a
        for a in current.log
        if a.seq in current.history.effective and a.by in pair.seated and a.seq > 2
    ]
    steps: list[Step] = []
    if entries:
        entry = rng.choice(entries)
        steps.append(("undo", entry.by, {"target": entry.seq}))
        asker = 1 - entry.by if entry.by is not None else None
        if asker is not None and asker in pair.seated:
            steps.append(("request_undo", asker, {"target": entry.seq}))
            steps.append(
                ("answer_undo", entry.by, {"request": current.version + 1, "accept": True})
            )
    redo = current.next_redo()
    if redo is not None and not steps:
        entry = current.log[redo - 1]
        if entry.by in pair.seated:
            steps.append(("redo", entry.by, {"target": redo}))
    if not steps:
        return
    if steps[0][0] == "undo" and len(steps) == 3 and rng.random() < 0.5:
        steps = steps[1:]  # ask, and have the request accepted
    else:
        steps = steps[:1]
    for type_, by, payload in steps:
        if not all(keeps_the_secret(g, type_, by, payload) for g in pair.games):
            return
        assert by is not None
        user = pair.seated[by]
        outcomes = [record(g, user, type_, by, payload) for g in pair.games]
        assert outcomes[0] == outcomes[1], (type_, payload, outcomes)
        if outcomes[0][0] != "applies":
            return


def sends_safely(pair: Pair, step: Step) -> bool:
    """A probe is sent for real only when it leaves the Warlord hidden in both games (one
    that slays Ben's Warlord in one game and another Hero in the other is previewed only)."""
    return all(keeps_the_secret(game, *step) for game in pair.games)


# --- AZRAH on one shared tablet: the table's device swapping by place (R53, R111) ---------------


def table_pair(hidden: int) -> tuple[Game, Game, User]:
    """Two one-tablet games (the host at no seat, nobody seated) alike but for ``hidden``'s
    back row, in Ana's Action phase with Ben's Bard just defeated: play waits for his swap."""
    setup_b, _ = other_setup(hidden, CARDED)
    host = account("hostess")
    games = []
    for setup in (CARDED, setup_b):
        created = create_game(
            host=host, system="azrah", name="Table", setup=AZRAH.setup_to_json(setup)
        )
        for type_, payload in (
            ("attach_mana", {"guardian": "Alchemist"}),
            ("attach_mana", {"guardian": "Oracle"}),
            ("end_phase", {}),
            ("deal_damage", {"seat": 1, "guardian": "Bard", "amount": 3}),
        ):
            assert record(created, host, type_, None, payload) == ("applies",)
        games.append(Game.objects.prefetch_related("seats").get(pk=created.pk))
    return games[0], games[1], host


@pytest.mark.django_db
@pytest.mark.parametrize("hidden", [0, 1])
def test_the_table_device_is_shown_the_same_while_a_swap_waits(hidden: int) -> None:
    """The table's page, live part, ETag, state with its legal actions and log, and its
    answers to swaps by place or by name (previews and refusals), are the same whatever the
    back rows hold; its whole export is the table's own and is left out."""
    CACHE.clear()
    a, b, host = table_pair(hidden)
    games = Pair(a, b, hidden, {}, {})
    client = client_for(host)
    seen = [received(client, game) for game in (a, b)]
    for got in seen:
        del got["export"], got["page export"]
    assert_alike(seen[0], seen[1], games, "the table device")
    state = client.get(f"/api/games/{a.pk}/").json()
    swaps = [e for e in state["legal_actions"] if e["type"] == "swap"]
    assert [(e["seat"], e["payload"], e["choices"]) for e in swaps] == [
        (1, {"guardian": "Bard", "place": 1}, {"place": [1, 2]})
    ]
    page = seen[0]["page"][3].decode()
    assert "Face-down card 1" in page and "Face-down card 2" in page
    assert "Mystic" not in page and "Ranger" not in page
    tries: list[dict[str, Any]] = [{"guardian": "Bard", "place": place} for place in (0, 3, 2)] + [
        {"guardian": "Bard", "replacement": name} for name in ("Mystic", "Seer", "Nobody")
    ]
    for payload in tries:
        answers = [probe(client, g, "swap", payload, send=False) for g in (a, b)]
        assert_alike(answers[0], answers[1], games, f"the table device trying swap {payload}")
        for g in (a, b):  # the table acts for the seat it is listed for, as its page does
            body = {"system": "azrah", "type": "swap", "payload": payload, "seat": 1}
            body["version"] = Game.objects.get(pk=g.pk).version
            answer = client.post(f"/api/games/{g.pk}/preview/", body, "application/json")
            answers.append({"preview for seat 1": (answer.status_code, answer.content)})
        assert_alike(answers[2], answers[3], games, f"the table device for seat 1: {payload}")
    preview = client.post(
        f"/api/games/{a.pk}/preview/",
        {
            "system": "azrah",
            "type": "swap",
            "payload": {"guardian": "Bard", "place": 2},
            "version": a.version,
            "seat": 1,
        },
        "application/json",
    )
    assert preview.status_code == 200, preview.content
    # the preview shows the face-down card coming in, not which Guardian it is
    assert preview.json()["state"]["players"][1]["front"][0]["name"] == "Face-down Guardian 2"
    for g, entering in ((a, "Ranger"), (b, renamed_back(hidden, "Ranger"))):
        assert record(g, host, "swap", 1, {"guardian": "Bard", "place": 2}) == ("applies",)
        front = client.get(f"/api/games/{g.pk}/").json()["state"]["players"][1]["front"]
        assert front[0]["name"] == entering  # face up now, named like any front-row Guardian


def renamed_back(hidden: int, name: str) -> str:
    _, renamed = other_setup(hidden, CARDED)
    return renamed.get(name, name) if hidden == 1 else name
