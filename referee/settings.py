"""Settings for Referee.

Every value comes from the environment and has an embedded default, so a fresh checkout runs on
SQLite with Celery executing tasks inline. A value that cannot be read stops start-up with a
message naming the variable, rather than failing later in some unrelated place.
"""

from __future__ import annotations

import os
import zoneinfo
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from celery.schedules import crontab
from csp.constants import NONCE as CSP_NONCE
from csp.constants import NONE as CSP_NONE
from csp.constants import SELF as CSP_SELF
from django.core.exceptions import ImproperlyConfigured

from referee.rates import parse_rate

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_BROKER_SCHEMES = ("redis", "rediss", "memory")
_RESULT_SCHEMES = ("redis", "rediss", "cache+memory")
_CACHE_SCHEMES = ("redis", "rediss")


def _raw(name: str) -> str | None:
    """The variable's value, with an empty string treated as unset (``FOO= make run``)."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return None
    return raw.strip()


def env_str(name: str, default: str) -> str:
    raw = _raw(name)
    return default if raw is None else raw


def env_bool(name: str, default: bool) -> bool:
    raw = _raw(name)
    if raw is None:
        return default
    value = raw.lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean; use 1 or 0.")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    raw = _raw(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r} must be at least {minimum}.")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = _raw(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    raw = _raw(name)
    if raw is None:
        return default
    if raw.upper() in choices:
        return raw.upper()
    raise ImproperlyConfigured(f"{name}={raw!r} is not one of {', '.join(choices)}.")


def env_rate(name: str, default: str) -> str:
    """A throttle rate such as ``10/hour`` (see referee/rates.py)."""
    raw = _raw(name)
    if raw is None:
        return default
    try:
        parse_rate(raw)
    except ValueError as error:
        raise ImproperlyConfigured(f"{name}: {error}") from None
    return raw


def env_timezone(name: str, default: str) -> str:
    raw = _raw(name)
    if raw is None:
        return default
    try:
        zoneinfo.ZoneInfo(raw)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a time zone; use a name like UTC or Europe/London."
        ) from None
    return raw


def env_url(name: str, default: str, schemes: tuple[str, ...]) -> str:
    """A URL whose scheme is one of ``schemes``; checked now so a typo fails at start-up."""
    raw = _raw(name)
    if raw is None:
        return default
    parts = urlsplit(raw)
    if parts.scheme not in schemes:
        allowed = ", ".join(f"{scheme}://" for scheme in schemes)
        raise ImproperlyConfigured(f"{name}={raw!r} is not a URL this project can use ({allowed}).")
    try:
        parts.port  # noqa: B018 - parsing the port is the check: it raises on a non-number
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} has a port that is not a number.") from None
    return raw


def env_origins(name: str) -> list[str]:
    """CSRF_TRUSTED_ORIGINS: each item must be a full origin with its scheme."""
    origins = env_list(name, [])
    for origin in origins:
        if urlsplit(origin).scheme not in {"http", "https"}:
            raise ImproperlyConfigured(
                f"{name} item {origin!r} needs its scheme, e.g. https://referee.example.org."
            )
    return origins


def database_from_url(url: str, *, name: str = "DATABASE_URL") -> dict[str, object]:
    """Turn DATABASE_URL into a Django DATABASES entry (PostgreSQL or SQLite only)."""
    parts = urlsplit(url)
    if parts.scheme in {"postgres", "postgresql"}:
        try:
            port = parts.port
        except ValueError:
            raise ImproperlyConfigured(f"{name} has a port that is not a number.") from None
        options = {key: values[-1] for key, values in parse_qs(parts.query).items()}
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")) or "postgres",
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": unquote(parts.hostname or ""),
            "PORT": str(port or ""),
            "CONN_MAX_AGE": env_int("DATABASE_CONN_MAX_AGE", 60, minimum=0),
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": options,
        }
    if parts.scheme == "sqlite":
        # sqlite:///relative.db or sqlite:////absolute/path.db
        path = unquote(parts.path[1:] if parts.path.startswith("/") else parts.path)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": path or str(BASE_DIR / "db.sqlite3"),
        }
    raise ImproperlyConfigured(
        f"{name} scheme {parts.scheme!r} is not supported; use postgres:// or sqlite://."
    )


def cache_from_url(url: str) -> dict[str, str]:
    """Django's default cache: Redis for a ``redis://`` or ``rediss://`` URL, else this
    process's own memory."""
    if url:
        return {"BACKEND": "referee.redis_cache.KeptClientRedisCache", "LOCATION": url}
    return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "referee"}


def bounded_cache_from_url(url: str, name: str, entries: int) -> dict[str, Any]:
    """A cache of rendered HTML (the table page's pieces, its live parts): in the same Redis
    as the default cache under a prefix of its own (``name``), else this process's memory
    holding up to ``entries`` of them."""
    if url:
        return {**cache_from_url(url), "KEY_PREFIX": name}
    return {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": f"referee-{name}",
        "OPTIONS": {"MAX_ENTRIES": entries, "CULL_FREQUENCY": 4},
    }


DEBUG = env_bool("DEBUG", True)
_DEV_SECRET = "insecure-development-key-set-SECRET_KEY-in-production"
SECRET_KEY = env_str("SECRET_KEY", _DEV_SECRET)
if not DEBUG and SECRET_KEY == _DEV_SECRET:
    raise ImproperlyConfigured(
        "DEBUG=0 needs a real SECRET_KEY in the environment, e.g. the output of "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))'."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_origins("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "csp",
    "template_partials",
    "games",
    # the games, one app each (games.registry), in the order every page and list shows them
    "games.systems.azeroth",
    "games.systems.azuki",
    "games.systems.azrah",
    "games.systems.runeage",
    "games.systems.athazar",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # The Content-Security-Policy header (CONTENT_SECURITY_POLICY below) on every answer.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A table page's poll with its poll ticket is answered 304 here, before the session, the
    # account or the view are looked at: every tablet sends one a second.
    "games.tracker.http.PollMiddleware",
    # The same for the API's poll of a game's state with a token (GET /api/games/<id>/).
    "games.api.tracker.poll.StatePollMiddleware",
    # Compresses what the views answer, pages, htmx fragments and API answers alike (WhiteNoise
    # serves static files compressed already): a change re-sends the table's live part to every
    # tablet, and gzip makes it a few KB. BREACH (docs/operations.md, "Compression and caching"):
    # the CSRF token is masked afresh in every answer; the pages that reflect their URL hold no
    # other secret, and those holding one (a hidden hand, a link token) reflect nothing an
    # outsider sends; and each compressed answer is padded by a random length. Django's
    # middleware, at a quicker level (referee/compression.py).
    "referee.compression.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before CSRF, which reads a form's body: a body over its limit is refused unread.
    "games.limits.RequestSizeLimitMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "referee.urls"
WSGI_APPLICATION = "referee.wsgi.application"
ASGI_APPLICATION = "referee.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

DATABASES = {
    "default": database_from_url(env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"))
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The polls' queries (a table page's and the API's, each tablet's every second) are prepared
# once per PostgreSQL connection, so PostgreSQL does not plan them again at every poll. Off
# behind a pooler that cannot keep prepared statements (PgBouncer in transaction mode, before
# 1.21 or without max_prepared_statements).
DATABASE_PREPARE_POLLS = env_bool("DATABASE_PREPARE_POLLS", True)

# Django's cache: each process's own memory by default, Redis when CACHE_URL names one. Memory
# is not shared between gunicorn's workers, so sessions are kept in the cache (in front of the
# database) only when it is Redis: a logout, or a watch token a browser was given, is then seen
# by every worker at once.
CACHE_URL = env_url("CACHE_URL", "", _CACHE_SCHEMES)
# The table page's pieces (a model's card) are rendered once for what they show and read
# from the "fragments" cache after that; FRAGMENT_CACHE_ENTRIES bounds it in memory.
FRAGMENT_CACHE_ENTRIES = env_int("FRAGMENT_CACHE_ENTRIES", 20_000, minimum=100)
FRAGMENT_SECONDS = 3600
# The table page's live part, rendered once for a game's version and a place at it (a role
# and a seat) and read from the "live" cache by the next viewer in that place (a second
# spectator, a second tablet of the same account), for LIVE_SECONDS: every tablet fetches a
# change within seconds of it. LIVE_CACHE_ENTRIES bounds it in memory (a few KB each, kept
# compressed).
LIVE_CACHE_ENTRIES = env_int("LIVE_CACHE_ENTRIES", 2_000, minimum=10)
LIVE_SECONDS = 60
# Server-sent events (games/views/events.py): with LIVE_EVENTS on, the table page opens a
# stream at /games/<id>/events/ and its live part is pushed to it as it changes; the page
# polls only while the stream is down. Turn it on only where an ASGI server (uvicorn
# referee.asgi:application) answers that path: docs/operations.md. Each ASGI process looks
# for changes to the games it streams every LIVE_EVENTS_CHECK_SECONDS, and ends a stream
# after LIVE_EVENTS_MAX_SECONDS (the browser opens it again at once, checked afresh).
LIVE_EVENTS = env_bool("LIVE_EVENTS", False)
LIVE_EVENTS_CHECK_SECONDS = 0.25
LIVE_EVENTS_MAX_SECONDS = env_int("LIVE_EVENTS_MAX_SECONDS", 300, minimum=5)
CACHES = {
    "default": cache_from_url(CACHE_URL),
    "fragments": bounded_cache_from_url(CACHE_URL, "fragments", FRAGMENT_CACHE_ENTRIES),
    "live": bounded_cache_from_url(CACHE_URL, "live", LIVE_CACHE_ENTRIES),
}
# Sessions are kept in the database, and read from the cache as well only where every worker
# shares it (a session signed out in one worker must be signed out in all): Django's own
# engine then; else games/sessions.py, Django's database engine with its read prepared.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db" if CACHE_URL else "games.sessions"

# Players sign in to keep their lists (/accounts/login/); tools use a token (/api/auth/token/).
# The account each signed-in request reads is read in a prepared query (games/backends.py);
# Django's ModelBackend stays after it for sessions signed in before.
AUTHENTICATION_BACKENDS = [
    "games.backends.AccountBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lists"
LOGOUT_REDIRECT_URL = "home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env_timezone("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# As deployed (DEBUG off), static files are collected under hashed names beside gzipped copies,
# and WhiteNoise serves them cacheable for good; with DEBUG on (`make run`), from static/ as
# they are, so an edit shows at once and nothing needs collecting.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Production hardening: on whenever DEBUG is off, so `manage.py check --deploy` is clean.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Behind a proxy that terminates TLS, Django sees plain HTTP: TRUST_X_FORWARDED_PROTO=1 takes the
# proxy's X-Forwarded-Proto as the truth. Only a proxy that sets (or strips) that header on every
# request may be trusted so; otherwise anyone could call a plain request secure.
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("TRUST_X_FORWARDED_PROTO", False) else None
)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): scripts, styles, images and requests from this site
# only; no inline script and no style attribute. The tracker's seat colours come in one <style>
# element bearing the response's nonce. The API's documentation pages set a policy of their own
# (games/api/index.py), which the middleware leaves as it is.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [CSP_SELF],
        "script-src": [CSP_SELF],
        "style-src": [CSP_SELF, CSP_NONCE],
        "img-src": [CSP_SELF, "data:"],
        "font-src": [CSP_SELF],
        "connect-src": [CSP_SELF],
        "object-src": [CSP_NONE],
        "base-uri": [CSP_SELF],
        "form-action": [CSP_SELF],
        "frame-ancestors": [CSP_NONE],
    },
}
# How many proxies in front of Referee add the caller's address to X-Forwarded-For. With 0 the
# caller is the connection's address (REMOTE_ADDR); with N, the Nth address from the right, the
# one the outermost trusted proxy saw. The throttles count by that address.
PROXY_COUNT = env_int("PROXY_COUNT", 0, minimum=0)

# Throttles (games/throttles.py), each a rate ``<count>/<period>`` from the environment: failed
# sign-ins (the page and POST /api/auth/token/ count together) per address and per account name,
# sign-up forms sent per address, API tokens made per account, and batch uploads per address (an
# organiser who is signed in: per account). Past its rate a request answers 429 with Retry-After.
THROTTLE_RATES = {
    "sign_in_ip": env_rate("THROTTLE_SIGN_IN_IP", "30/hour"),
    "sign_in_account": env_rate("THROTTLE_SIGN_IN_ACCOUNT", "10/hour"),
    "sign_up_ip": env_rate("THROTTLE_SIGN_UP_IP", "20/hour"),
    "token_account": env_rate("THROTTLE_TOKEN_ACCOUNT", "20/day"),
    "batch": env_rate("THROTTLE_BATCH", "30/hour"),
}
# The throttles' counts are kept in Django's cache under this prefix.
THROTTLE_KEY_PREFIX = "throttle"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "games.api.schema.RefereeAutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "games.tokens.TokenAuthentication",
    ],
    # Closed unless a view opens itself: each public endpoint says AllowAny where it is declared.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": None,
    # DRF's own reading of the caller's address (games.throttles has the project's own).
    "NUM_PROXIES": PROXY_COUNT,
}

# API tokens (django-rest-knox): stored as a hash, each valid for API_TOKEN_DAYS from when it
# was made, sent as "Authorization: Token <key>". An account may hold several (one per tool).
API_TOKEN_DAYS = env_int("API_TOKEN_DAYS", 30, minimum=1)
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=API_TOKEN_DAYS),
    "AUTH_HEADER_PREFIX": "Token",
    "AUTO_REFRESH": False,
    "TOKEN_LIMIT_PER_USER": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Referee API",
    "DESCRIPTION": (
        "Exact odds and rules checks for physical tabletop games. Every probability is an "
        "exact distribution computed from the rules, never a simulation."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The schema and its documentation pages are public, like the endpoints they describe.
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # the catalogs' systems keep their name beside the tracker's own choice of systems
    "ENUM_NAME_OVERRIDES": {
        "SystemEnum": "games.api.saved.LIST_SYSTEMS",
        # the games with catalogs: the list games and any other game whose cards are data
        "CatalogSystemEnum": "games.api.catalogs.CATALOG_SYSTEMS",
        # the systems the game tracker runs (starting a game, importing one)
        "TrackedSystemEnum": "games.api.tracker.systems.TRACKED_SYSTEMS",
    },
}

# How large a request body may be, each limit in bytes (games/limits.py enforces them from the
# declared Content-Length, before the body is read; docs/operations.md lists them).
_MiB = 1024 * 1024
API_BODY_MAX_BYTES = env_int("API_BODY_MAX_BYTES", 64 * 1024, minimum=1024)
BATCH_UPLOAD_MAX_BYTES = env_int("BATCH_UPLOAD_MAX_BYTES", 20 * _MiB, minimum=1024)
BATCH_MAX_LISTS = env_int("BATCH_MAX_LISTS", 5_000, minimum=1)
BATCH_UNPACKED_MAX_BYTES = env_int("BATCH_UNPACKED_MAX_BYTES", 20 * _MiB, minimum=1024)
CATALOG_UPLOAD_MAX_BYTES = env_int("CATALOG_UPLOAD_MAX_BYTES", 4 * _MiB, minimum=1024)
GAME_IMPORT_MAX_BYTES = env_int("GAME_IMPORT_MAX_BYTES", 2 * _MiB, minimum=1024)
# The JSON values (keys included) one game export may hold, counted before it is parsed: an
# export holds about one per 7 bytes (2 MiB, 300,000), while {} is one per 1.5 bytes and costs
# thirty times its size once parsed.
GAME_IMPORT_MAX_VALUES = env_int("GAME_IMPORT_MAX_VALUES", 400_000, minimum=1000)
# Every other body (the pages' forms); Django also holds a form's fields to it.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int(
    "DATA_UPLOAD_MAX_MEMORY_SIZE", 2 * _MiB + _MiB // 2, minimum=1024
)

# A batch job's worker writes a heartbeat with its progress; a running job silent for this long
# is failed when read, saying where it stopped. A pending job no worker took within
# BATCH_QUEUE_TIMEOUT is failed the same way. Either can then be checked again.
BATCH_HEARTBEAT_TIMEOUT = env_int("BATCH_HEARTBEAT_TIMEOUT", 45, minimum=10)
BATCH_QUEUE_TIMEOUT = env_int("BATCH_QUEUE_TIMEOUT", 600, minimum=30)

# Anonymous batches (those sent without signing in) are deleted this many days after they were
# sent, by the daily purge below or `manage.py purge_batches`; a signed-in organiser's are kept.
BATCH_RETENTION_DAYS = env_int("BATCH_RETENTION_DAYS", 30, minimum=1)

# Celery: with no broker configured, tasks run inline (eager) so a fresh checkout needs nothing
# else running. With CELERY_BROKER_URL set (Redis), results go to the same Redis by default.
CELERY_BROKER_URL = env_url("CELERY_BROKER_URL", "", _BROKER_SCHEMES)
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", CELERY_BROKER_URL == "")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env_url(
    "CELERY_RESULT_BACKEND", CELERY_BROKER_URL or "cache+memory://", _RESULT_SCHEMES
)
CELERY_BROKER_URL = CELERY_BROKER_URL or "memory://"
# A task that cannot finish in this time is stuck, not slow: every calculation takes milliseconds.
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 60, minimum=1)
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A request that queues a task waits at most about this long for a broker that does not answer,
# then says so (503), rather than hanging on Celery's retries.
_BROKER_TIMEOUT = env_int("CELERY_BROKER_TIMEOUT", 3, minimum=1)
CELERY_BROKER_CONNECTION_TIMEOUT = _BROKER_TIMEOUT
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 0.5,
}
# A batch task is acknowledged when it ends (acks_late), so a worker killed mid-batch leaves its
# message with Redis, which hands it to another worker once it has been unacknowledged for
# visibility_timeout; the unacknowledged are looked for every unacked_restore_interval seconds.
# Both are well under BATCH_HEARTBEAT_TIMEOUT, so a surviving worker takes a batch over before
# a reader gives it up. socket_timeout stays above kombu's one-second BRPOP.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": max(10, BATCH_HEARTBEAT_TIMEOUT // 2),
    "unacked_restore_interval": 5,
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": _BROKER_TIMEOUT,
    "socket_timeout": _BROKER_TIMEOUT + 2,
}
# One message at a time per worker process: a late-acknowledged batch is not held back behind
# another, nor lost with a killed worker's prefetched messages.
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# What `celery -A referee.celery beat` sends, in TIME_ZONE: the daily purges of old anonymous
# batches and of expired API tokens.
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE = {
    "purge-old-batches": {"task": "games.purge_batches", "schedule": crontab(hour=3, minute=17)},
    "purge-expired-tokens": {
        "task": "games.purge_expired_tokens",
        "schedule": crontab(hour=3, minute=47),
    },
}

LOG_LEVEL = env_choice("LOG_LEVEL", "INFO", _LOG_LEVELS)
# The handler's level too: records that Django's own loggers pass up to the root (such as a
# 409 from django.request) are held to LOG_LEVEL as well.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler", "level": LOG_LEVEL}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
}
