"""Settings come from the environment; a bad value stops start-up with a message naming it.

The start-up tests run `manage.py` in a fresh process, as a deployment would, because settings
are read once per process.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from referee import settings as project_settings
from referee.settings import (
    database_from_url,
    env_bool,
    env_choice,
    env_int,
    env_list,
    env_origins,
    env_str,
    env_timezone,
    env_url,
)

BASE_DIR = Path(__file__).resolve().parent.parent

# Every variable the settings read: the subprocess starts from none of them, then sets its own.
PROJECT_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL",
    "DATABASE_CONN_MAX_AGE",
    "DATABASE_PREPARE_POLLS",
    "CACHE_URL",
    "FRAGMENT_CACHE_ENTRIES",
    "LIVE_CACHE_ENTRIES",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "CELERY_TASK_ALWAYS_EAGER",
    "CELERY_TASK_TIME_LIMIT",
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "STATIC_ROOT",
    "TIME_ZONE",
    "LOG_LEVEL",
    "TRUST_X_FORWARDED_PROTO",
    "PROXY_COUNT",
    "THROTTLE_SIGN_IN_IP",
    "THROTTLE_SIGN_IN_ACCOUNT",
    "THROTTLE_SIGN_UP_IP",
    "THROTTLE_TOKEN_ACCOUNT",
    "THROTTLE_BATCH",
    "API_TOKEN_DAYS",
    "BATCH_RETENTION_DAYS",
)


# Set by the browser tests' conftest for Playwright's event loop; a deployment never has it.
TEST_ONLY_VARIABLES = ("DJANGO_ALLOW_ASYNC_UNSAFE",)


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    unset = {*PROJECT_VARIABLES, *TEST_ONLY_VARIABLES}
    clean = {key: value for key, value in os.environ.items() if key not in unset}
    clean["DJANGO_SETTINGS_MODULE"] = "referee.settings"
    return subprocess.run(
        [sys.executable, *args],
        cwd=BASE_DIR,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run("manage.py", *args, **env)


def loaded_settings(**env: str) -> dict[str, object]:
    code = (
        "import json, django\n"
        "from django.conf import settings\n"
        "django.setup()\n"
        "print(json.dumps({\n"
        "    'DEBUG': settings.DEBUG,\n"
        "    'ENGINE': settings.DATABASES['default']['ENGINE'],\n"
        "    'EAGER': settings.CELERY_TASK_ALWAYS_EAGER,\n"
        "    'BROKER': settings.CELERY_BROKER_URL,\n"
        "    'RESULTS': settings.CELERY_RESULT_BACKEND,\n"
        "    'SSL_REDIRECT': settings.SECURE_SSL_REDIRECT,\n"
        "    'PROXY_SSL_HEADER': settings.SECURE_PROXY_SSL_HEADER,\n"
        "}))\n"
    )
    done = run("-c", code, **env)
    assert done.returncode == 0, done.stderr
    loaded: dict[str, object] = json.loads(done.stdout)
    return loaded


def real_secret_key() -> str:
    return secrets.token_urlsafe(50)


# --- start-up ---------------------------------------------------------------------------------


def test_it_starts_on_sqlite_with_eager_celery_when_nothing_is_set() -> None:
    loaded = loaded_settings()

    assert loaded["DEBUG"] is True
    assert loaded["ENGINE"] == "django.db.backends.sqlite3"
    assert loaded["EAGER"] is True
    assert loaded["SSL_REDIRECT"] is False


def test_it_trusts_no_proxy_header_about_https_unless_told_to() -> None:
    assert loaded_settings()["PROXY_SSL_HEADER"] is None
    assert loaded_settings(DEBUG="0", SECRET_KEY=real_secret_key())["PROXY_SSL_HEADER"] is None

    told = loaded_settings(TRUST_X_FORWARDED_PROTO="1")

    assert told["PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_a_forged_forwarded_proto_does_not_make_a_plain_request_secure(client, settings) -> None:
    settings.SECURE_SSL_REDIRECT = True

    response = client.get("/rulings/", HTTP_X_FORWARDED_PROTO="https")

    assert response.status_code == 301
    assert response["Location"].startswith("https://")


def test_it_queues_tasks_and_keeps_results_on_the_broker_when_one_is_set() -> None:
    loaded = loaded_settings(CELERY_BROKER_URL="redis://127.0.0.1:6379/0")

    assert loaded["EAGER"] is False
    assert loaded["BROKER"] == "redis://127.0.0.1:6379/0"
    assert loaded["RESULTS"] == "redis://127.0.0.1:6379/0"


def test_it_uses_postgresql_when_database_url_says_so() -> None:
    loaded = loaded_settings(DATABASE_URL="postgres://postgres@127.0.0.1:5432/test")

    assert loaded["ENGINE"] == "django.db.backends.postgresql"


def test_the_default_configuration_passes_the_system_checks() -> None:
    done = manage("check")

    assert done.returncode == 0, done.stderr
    assert "no issues" in done.stdout


def test_it_refuses_to_start_with_a_debug_value_that_is_not_a_boolean() -> None:
    done = manage("check", DEBUG="maybe")

    assert done.returncode != 0
    assert "ImproperlyConfigured: DEBUG='maybe' is not a boolean" in done.stderr


def test_it_refuses_to_start_with_an_unsupported_database_url() -> None:
    done = manage("check", DATABASE_URL="mysql://root@127.0.0.1/referee")

    assert done.returncode != 0
    assert "DATABASE_URL scheme 'mysql' is not supported" in done.stderr


def test_it_refuses_to_start_with_a_port_that_is_not_a_number() -> None:
    done = manage("check", DATABASE_URL="postgres://postgres@127.0.0.1:fivefour/test")

    assert done.returncode != 0
    assert "DATABASE_URL has a port that is not a number" in done.stderr


def test_it_refuses_to_start_with_a_broker_it_cannot_use() -> None:
    done = manage("check", CELERY_BROKER_URL="127.0.0.1:6379")

    assert done.returncode != 0
    assert "CELERY_BROKER_URL='127.0.0.1:6379' is not a URL this project can use" in done.stderr


def test_it_refuses_to_start_with_a_number_that_is_not_a_number() -> None:
    done = manage("check", SECURE_HSTS_SECONDS="a year")

    assert done.returncode != 0
    assert "SECURE_HSTS_SECONDS='a year' is not a whole number" in done.stderr


def test_it_refuses_to_start_with_a_throttle_rate_it_cannot_read() -> None:
    done = manage("check", THROTTLE_SIGN_IN_ACCOUNT="ten a minute")

    assert done.returncode != 0
    assert "THROTTLE_SIGN_IN_ACCOUNT" in done.stderr
    assert "10/hour" in done.stderr  # how to write one


def test_throttle_rates_come_from_the_environment() -> None:
    code = (
        "import django, json\n"
        "from django.conf import settings\n"
        "django.setup()\n"
        "print(json.dumps(settings.THROTTLE_RATES))\n"
    )
    done = run("-c", code, THROTTLE_BATCH="5/15min")

    assert done.returncode == 0, done.stderr
    rates = json.loads(done.stdout)
    assert rates["batch"] == "5/15min"
    assert rates["sign_in_account"] == "10/hour"


def test_it_refuses_to_start_in_production_without_a_secret_key() -> None:
    done = manage("check", DEBUG="0")

    assert done.returncode != 0
    assert "DEBUG=0 needs a real SECRET_KEY" in done.stderr


def test_production_settings_pass_the_deployment_checks_without_a_warning() -> None:
    done = manage(
        "check", "--deploy", "--fail-level", "WARNING", DEBUG="0", SECRET_KEY=real_secret_key()
    )

    assert done.returncode == 0, done.stdout + done.stderr
    assert "System check identified no issues (0 silenced)." in done.stdout
    assert "WARNING" not in done.stdout + done.stderr


def test_production_settings_with_a_public_host_pass_the_deployment_checks() -> None:
    done = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=real_secret_key(),
        ALLOWED_HOSTS="referee.example.org",
        CSRF_TRUSTED_ORIGINS="https://referee.example.org",
        DATABASE_URL="postgres://referee:s3cret@db.example.org:5432/referee",
    )

    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_development_settings_are_flagged_by_the_deployment_checks() -> None:
    # The counterpart of the test above: --deploy does look at these settings.
    done = manage("check", "--deploy", "--fail-level", "WARNING")

    assert done.returncode != 0
    assert "security.W018" in done.stdout + done.stderr  # "DEBUG set to True in deployment"


# --- the helpers --------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", ["1", "true", "TRUE", "yes", "on", " 1 "])
def test_env_bool_reads_true(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("REFEREE_FLAG", raw)

    assert env_bool("REFEREE_FLAG", False) is True


@pytest.mark.parametrize("raw", ["0", "false", "False", "no", "off"])
def test_env_bool_reads_false(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("REFEREE_FLAG", raw)

    assert env_bool("REFEREE_FLAG", True) is False


@pytest.mark.parametrize("default", [True, False])
def test_env_bool_falls_back_to_its_default_when_unset_or_empty(
    monkeypatch: pytest.MonkeyPatch, default: bool
) -> None:
    monkeypatch.delenv("REFEREE_FLAG", raising=False)
    assert env_bool("REFEREE_FLAG", default) is default
    monkeypatch.setenv("REFEREE_FLAG", "")
    assert env_bool("REFEREE_FLAG", default) is default


def test_env_bool_names_the_variable_for_a_bad_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_FLAG", "sometimes")

    with pytest.raises(ImproperlyConfigured, match="REFEREE_FLAG='sometimes' is not a boolean"):
        env_bool("REFEREE_FLAG", False)


def test_env_int_reads_a_number_and_checks_its_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_COUNT", "42")
    assert env_int("REFEREE_COUNT", 0, minimum=0) == 42

    monkeypatch.setenv("REFEREE_COUNT", "-1")
    with pytest.raises(ImproperlyConfigured, match="REFEREE_COUNT='-1' must be at least 0"):
        env_int("REFEREE_COUNT", 0, minimum=0)

    monkeypatch.setenv("REFEREE_COUNT", "4.5")
    with pytest.raises(
        ImproperlyConfigured, match=re.escape("REFEREE_COUNT='4.5' is not a whole number")
    ):
        env_int("REFEREE_COUNT", 0)

    monkeypatch.delenv("REFEREE_COUNT")
    assert env_int("REFEREE_COUNT", 7) == 7


def test_env_str_and_env_list_read_and_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_TEXT", "Europe/Paris")
    monkeypatch.setenv("REFEREE_ITEMS", " a.example , b.example,,")
    assert env_str("REFEREE_TEXT", "UTC") == "Europe/Paris"
    assert env_list("REFEREE_ITEMS", []) == ["a.example", "b.example"]

    monkeypatch.delenv("REFEREE_TEXT")
    monkeypatch.delenv("REFEREE_ITEMS")
    assert env_str("REFEREE_TEXT", "UTC") == "UTC"
    assert env_list("REFEREE_ITEMS", ["localhost"]) == ["localhost"]


def test_env_choice_accepts_any_case_and_names_the_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_LEVEL", "warning")
    assert env_choice("REFEREE_LEVEL", "INFO", ("INFO", "WARNING")) == "WARNING"

    monkeypatch.setenv("REFEREE_LEVEL", "loud")
    with pytest.raises(ImproperlyConfigured, match="REFEREE_LEVEL='loud' is not one of INFO"):
        env_choice("REFEREE_LEVEL", "INFO", ("INFO", "WARNING"))


def test_env_url_checks_the_scheme_and_the_port(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_URL", "redis://127.0.0.1:6379/0")
    assert env_url("REFEREE_URL", "", ("redis",)) == "redis://127.0.0.1:6379/0"

    monkeypatch.setenv("REFEREE_URL", "amqp://guest@127.0.0.1//")
    with pytest.raises(ImproperlyConfigured, match=r"REFEREE_URL=.* \(redis://\)"):
        env_url("REFEREE_URL", "", ("redis",))

    monkeypatch.setenv("REFEREE_URL", "redis://127.0.0.1:port/0")
    with pytest.raises(ImproperlyConfigured, match="port that is not a number"):
        env_url("REFEREE_URL", "", ("redis",))


def test_env_origins_needs_a_scheme_on_each_origin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_ORIGINS", "https://a.example,http://b.example:8000")
    assert env_origins("REFEREE_ORIGINS") == ["https://a.example", "http://b.example:8000"]

    monkeypatch.setenv("REFEREE_ORIGINS", "https://a.example,b.example")
    with pytest.raises(ImproperlyConfigured, match=re.escape("REFEREE_ORIGINS item 'b.example'")):
        env_origins("REFEREE_ORIGINS")


def test_env_timezone_accepts_a_zone_name_and_refuses_anything_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("REFEREE_TZ", "Europe/London")
    assert env_timezone("REFEREE_TZ", "UTC") == "Europe/London"

    monkeypatch.setenv("REFEREE_TZ", "Middle/Earth")
    with pytest.raises(ImproperlyConfigured, match=re.escape("REFEREE_TZ='Middle/Earth' is not")):
        env_timezone("REFEREE_TZ", "UTC")


# --- DATABASE_URL -------------------------------------------------------------------------------


def test_database_from_url_reads_a_postgres_url() -> None:
    database = database_from_url("postgres://postgres@127.0.0.1:5432/test")

    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["NAME"] == "test"
    assert database["USER"] == "postgres"
    assert database["PASSWORD"] == ""
    assert database["HOST"] == "127.0.0.1"
    assert database["PORT"] == "5432"
    assert database["OPTIONS"] == {}


def test_database_from_url_decodes_credentials_and_keeps_query_options() -> None:
    database = database_from_url(
        "postgresql://ref%40eree:p%3Ass%2Fw@db.example.org/referee%20live?sslmode=require"
    )

    assert database["USER"] == "ref@eree"
    assert database["PASSWORD"] == "p:ss/w"
    assert database["HOST"] == "db.example.org"
    assert database["PORT"] == ""
    assert database["NAME"] == "referee live"
    assert database["OPTIONS"] == {"sslmode": "require"}


def test_database_from_url_reads_sqlite_paths() -> None:
    assert database_from_url("sqlite:////var/lib/referee/db.sqlite3") == {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": "/var/lib/referee/db.sqlite3",
    }
    assert database_from_url("sqlite:///local.sqlite3")["NAME"] == "local.sqlite3"
    assert database_from_url("sqlite://")["NAME"] == str(project_settings.BASE_DIR / "db.sqlite3")


@pytest.mark.parametrize("url", ["mysql://root@localhost/referee", "127.0.0.1:5432", ""])
def test_database_from_url_refuses_other_databases(url: str) -> None:
    with pytest.raises(ImproperlyConfigured, match=r"DATABASE_URL scheme .* is not supported"):
        database_from_url(url)
