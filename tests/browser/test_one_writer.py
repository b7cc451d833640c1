"""The browser tests' one-writer lock (``one_request_at_a_time`` in conftest.py): the in-memory
SQLite they run on refuses a reader while another connection writes ("database table is
locked"), so the test's own writes must wait for the live server's request in flight, and a
request must wait for the test's transaction. Once, a test that recorded an action while a
tablet polled failed that way."""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request

from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client

from games.models import Game
from games.tracker.lifecycle import create_game

SECONDS = 3  # of writing while three tablets poll: enough to collide many times over


def test_the_tests_writes_and_the_servers_reads_of_a_game_never_collide(
    live_server: object, transactional_db: None
) -> None:
    host = User.objects.create_user("hostess", password="a long enough password")
    game = create_game(
        host=host, system="athazar", name="Friday table", setup={"players": ["Ana", "Ben"]}
    )
    client = Client()
    client.force_login(host)
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    url = f"{live_server}/api/games/{game.pk}/"
    statuses: list[int] = []
    done = threading.Event()

    def poll() -> None:
        while not done.is_set():
            request = urllib.request.Request(url, headers={"Cookie": cookie})
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    statuses.append(answer.status)
            except urllib.error.HTTPError as error:
                statuses.append(error.code)

    tablets = [threading.Thread(target=poll) for _ in range(3)]
    for tablet in tablets:
        tablet.start()
    try:
        until = time.monotonic() + SECONDS
        number = 0
        while time.monotonic() < until:
            number += 1
            with transaction.atomic():  # a transaction, as game_apply's
                Game.objects.filter(pk=game.pk).update(name=f"Friday table {number}")
                Game.objects.get(pk=game.pk)
            Game.objects.filter(pk=game.pk).update(name="Friday table")  # autocommit
    finally:
        done.set()
        for tablet in tablets:
            tablet.join()
    assert statuses, "no tablet polled"
    assert set(statuses) == {200}, statuses
