"""The attack_odds task answers exactly what POST /api/azeroth/attack-odds/ answers."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from games.systems.azeroth.tasks import attack_odds
from referee.celery import app

BASE_DIR = Path(__file__).resolve().parent.parent
URL = "/api/azeroth/attack-odds/"

# A charging swordsman with a Heavy Weapon against a shielded defender: it exercises Momentum,
# the Heavy Weapon's Decisive Blow and a save, so the distribution has several outcomes.
MELEE_CHARGE: dict[str, Any] = {
    "mode": "melee",
    "attacker": {
        "atk": 3,
        "skl": 3,
        "str": 5,
        "ini": 3,
        "armor": "MA",
        "weapons": ["HW"],
        "wounds": 3,
        "keywords": {"momentum": 1},
    },
    "defender": {
        "tgh": 4,
        "def": 4,
        "ini": 3,
        "armor": "HA",
        "weapons": ["SH"],
        "wounds": 2,
    },
    "situation": {"charging": True},
}


@pytest.fixture
def eager() -> Iterator[None]:
    """Run tasks inline even when the environment names a broker (the PostgreSQL stage of CI)."""
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def api_answer(client: Client, payload: dict[str, Any]) -> tuple[int, Any]:
    response = client.post(URL, payload, content_type="application/json")
    return response.status_code, response.json()


def test_it_answers_what_the_api_answers(client: Client, eager: None) -> None:
    status, expected = api_answer(client, MELEE_CHARGE)
    assert status == 200

    result = attack_odds.delay(MELEE_CHARGE).get(timeout=10)

    assert result == expected
    assert result["distribution"], "the answer carries the damage distribution"


def test_it_answers_a_ranged_attack_like_the_api(client: Client, eager: None) -> None:
    payload = deepcopy(MELEE_CHARGE)
    payload["mode"] = "ranged"
    payload["attacker"]["ranged_str"] = 4
    payload["attacker"]["weapons"] = ["RW"]
    payload["attacker"]["keywords"] = {}
    payload["situation"] = {"hold": True, "cover": "soft"}
    status, expected = api_answer(client, payload)
    assert status == 200

    assert attack_odds.delay(payload).get(timeout=10) == expected


def test_it_returns_the_api_s_field_errors_for_a_bad_payload(client: Client, eager: None) -> None:
    payload = deepcopy(MELEE_CHARGE)
    payload["attacker"]["atk"] = "many"
    del payload["defender"]["tgh"]
    status, expected = api_answer(client, payload)
    assert status == 400

    result = attack_odds.delay(payload).get(timeout=10)

    assert result == expected
    assert {"attacker.atk", "defender.tgh"} <= set(result["errors"])


def test_it_words_a_payload_of_the_wrong_shape_as_the_api_does(client: Client, eager: None) -> None:
    payload = deepcopy(MELEE_CHARGE)
    payload["attacker"] = "a swordsman"
    payload["defender"]["weapons"] = "SH"
    payload["situation"] = None
    payload["colour"] = "red"
    status, expected = api_answer(client, payload)
    assert status == 400

    assert attack_odds.delay(payload).get(timeout=10) == expected


def test_it_names_the_field_of_a_number_out_of_range_in_the_engine_s_words(
    client: Client, eager: None
) -> None:
    payload = deepcopy(MELEE_CHARGE)
    payload["attacker"]["atk"] = 500
    status, expected = api_answer(client, payload)
    assert status == 400

    result = attack_odds.delay(payload).get(timeout=10)

    assert set(result["errors"]) == set(expected["errors"]) == {"attacker.atk"}
    assert result["errors"]["attacker.atk"] == ["Must be from 0 to 200; got 500."]


def test_it_returns_an_error_for_a_payload_that_is_not_an_object(eager: None) -> None:
    result = attack_odds.delay(["not", "an", "object"]).get(timeout=10)

    assert set(result) == {"detail", "errors"}
    assert "Expected a JSON object" in result["detail"]


def test_the_celery_app_discovers_the_task_by_itself() -> None:
    # A fresh interpreter imports only the Celery app, as `celery -A referee.celery worker` does,
    # so this fails if autodiscovery stops finding games.systems.azeroth.tasks.
    code = (
        "from referee.celery import app\n"
        "app.loader.import_default_modules()\n"
        "print(sorted(name for name in app.tasks if name.startswith('games.')))\n"
    )
    done = _fresh_python(code)
    assert done.returncode == 0, done.stderr
    assert "games.attack_odds" in done.stdout


def test_a_process_that_never_imported_the_tasks_finds_the_batch_task() -> None:
    # A web server or a shell queues a batch without having imported games.tasks: the batch
    # service finds the task by its name all the same (CI once failed on NotRegistered here).
    code = (
        "import django\n"
        "django.setup()\n"
        "import sys\n"
        "from games.batches.service import CHECK_BATCH_TASK, check_batch_task\n"
        "assert 'games.tasks' not in sys.modules\n"
        "print(check_batch_task().name == CHECK_BATCH_TASK)\n"
    )
    done = _fresh_python(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


def _fresh_python(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by a new interpreter in the project's folder, with Django's settings."""
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "referee.settings"},
    )
