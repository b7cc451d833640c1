"""Starting a batch job and checking its lists with the rules engines.

``start_batch`` stores the uploaded lists on a BatchJob and queues the ``games.check_batch``
task once the row is committed; the task calls ``run_batch``, which checks the lists one by one
and records a result row for each: ``{"name", "valid", "errors", "warnings", "first_problem",
"first_code", "problems"}`` (counts of errors and warnings; the first error, else the first
warning; and every problem, each ``{"code", "severity", "message"}``). The
catalog is read from the database once per job, not once per list.

Options: beside the catalog, those a list game's batches take (its ``batch_options``, such as
a tournament's battle size or points limit) apply to every list when given, overriding what
each list says (a tournament's format); when not given, each list's own counts.

A job never hangs. Its worker writes a heartbeat with its progress; the task is acknowledged
only when it ends, so the message of a worker killed mid-batch goes back to the queue and the
next worker takes the job over once its heartbeat has gone quiet (``TAKEOVER_SECONDS``). A job
read while running with no heartbeat for ``BATCH_HEARTBEAT_TIMEOUT`` seconds, or waiting for a
worker for ``BATCH_QUEUE_TIMEOUT``, is failed there and then, saying where it stopped
(``expire_if_lost``); a failed job can be checked again (``retry_batch``). A broker that does
not answer is a ``QueueUnavailable`` within seconds, and no job is left behind for it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from typing import Any, TypeVar

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError

from games import registry
from games.catalogs.service import default_catalog, find_catalog
from games.listgames.base import BatchFields, Checker
from games.models import BatchJob, Catalog
from games.registry import list_game
from referee.celery import app
from referee.rules.errors import InvalidInput, RulesError

from .reading import JSON, TEXT, UNREADABLE, BatchItem, Limits

logger = logging.getLogger(__name__)

PROGRESS_SECONDS = 0.5
"""How often a running job writes its progress (``done``, the rows so far and its heartbeat)."""
TAKEOVER_SECONDS = 10.0
"""A worker handed a job still marked running (its message came back because the worker that
had it was lost) takes it over once its heartbeat has been quiet this long; a live worker's
moves every PROGRESS_SECONDS."""
MAX_RUNS = 3
"""A job whose worker is lost this many times in a row is failed rather than handed to another
worker: something in it (a list too much for a worker's memory) may be what kills them."""
CHECK_BATCH_TASK = "games.check_batch"
RETRY_AFTER_SECONDS = 30
"""What a client told the task queue does not answer waits before trying again."""
QUEUE_ERRORS: tuple[type[BaseException], ...] = (OperationalError, OSError)
"""What publishing a task raises when the broker cannot be reached (kombu wraps its
transport's connection errors in OperationalError)."""
FINISHED = ("done", "failed")
F = TypeVar("F")


def game_options() -> tuple[str, ...]:
    """The options some list games' batches take, each game checking its own
    (``check_batch_options``)."""
    return tuple(
        sorted({key for game in registry.list_games().values() for key in game.batch_options})
    )


def game_option_fields(asked: Callable[[BatchFields], Mapping[str, F]]) -> dict[str, F]:
    """Each option some list games' batches take, as ``asked`` of its game's ``batch_fields``
    (the page's field, the API's ...), in the registry's order (the first game's, when two take
    one of that name)."""
    found: dict[str, F] = {}
    for game in registry.list_games().values():
        for key, field in asked(game.batch_fields).items():
            found.setdefault(key, field)
    return found


def option_fields() -> set[str]:
    return {*game_options(), "catalog", "catalog_version"}


Row = dict[str, Any]


class BatchInputError(InvalidInput):
    """A batch that cannot start: ``problems`` maps each bad field to its messages."""


class QueueUnavailable(Exception):
    """The task queue did not take the job: ``message`` says so to whoever sent it, and nothing
    is left waiting for a worker."""

    message = (
        "Checking lists cannot start right now: the task queue does not answer. Nothing was "
        f"saved. Try again in {RETRY_AFTER_SECONDS} seconds."
    )
    retry_after = RETRY_AFTER_SECONDS


class NotRetryable(ValueError):
    """Only a failed job can be checked again; ``message`` says what the job is doing."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _taking(option: str) -> str:
    """``<name> lists``: the games whose batches take ``option``."""
    names = [game.name for game in registry.list_games().values() if option in game.batch_options]
    return " and ".join(names) + " lists"


def _options(system: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The job's options, checked; raises BatchInputError naming each bad one."""
    problems: dict[str, list[str]] = {}
    unknown = sorted(set(options) - option_fields())
    for key in unknown:
        problems[f"options.{key}"] = ["Unknown option."]
    game = list_game(system)
    given = {key: options[key] for key in game_options() if options.get(key) not in (None, "")}
    for key in given:
        if key not in game.batch_options:
            problems[f"options.{key}"] = [f"Only {_taking(key)} have a {key.replace('_', ' ')}."]
    clean = game.check_batch_options(
        {key: value for key, value in given.items() if key in game.batch_options}, problems
    )
    for key in ("catalog", "catalog_version"):
        value = options.get(key)
        if value not in (None, ""):
            if not isinstance(value, str):
                problems[f"options.{key}"] = ["Enter a string."]
            elif len(value) > 60 or "\x00" in value:
                problems[f"options.{key}"] = ["Enter a catalog slug or version as listed."]
            else:
                clean[key] = value.strip()
    if problems:
        raise BatchInputError(problems)
    return clean


def _catalog(system: str, options: Mapping[str, Any]) -> Catalog:
    slug = options.get("catalog")
    version = options.get("catalog_version")
    if slug is None:
        if version is not None:
            raise BatchInputError({"options.catalog": ["Name the catalog of that version."]})
        found = default_catalog(system)
        if found is None:
            raise BatchInputError({"system": [f"There is no {system} catalog to check against."]})
        return found
    try:
        return find_catalog(system, slug, version)
    except Catalog.DoesNotExist:
        what = f"{slug!r} version {version}" if version else repr(slug)
        raise BatchInputError(
            {"options.catalog": [f"There is no {system} catalog {what}."]}
        ) from None


def start_batch(
    *,
    system: str,
    lists: Sequence[BatchItem],
    options: Mapping[str, Any] | None = None,
    source_name: str = "",
    owner: Any = None,
    queue: str | None = None,
) -> BatchJob:
    """Store the lists on a new pending BatchJob and queue its check once the row is
    committed (inline in eager mode). Raises BatchInputError for an unknown system, bad
    options, a missing catalog, or no lists / too many."""
    systems = registry.list_games()
    if system not in systems:
        raise BatchInputError({"system": [f"Choose one of {', '.join(systems)}."]})
    clean = _options(system, options or {})
    if not lists:
        raise BatchInputError({"lists": ["Give at least one list."]})
    most = Limits.from_settings().lists
    if len(lists) > most:
        raise BatchInputError({"lists": [f"At most {most} lists in one batch."]})
    catalog = _catalog(system, clean)
    job = BatchJob.objects.create(
        owner=owner if owner is not None and owner.is_authenticated else None,
        system=system,
        catalog=catalog,
        catalog_version=catalog.version,
        source_name=source_name[:200],
        options=clean,
        lists=list(lists),
        total=len(lists),
    )
    transaction.on_commit(lambda: _queue(job.pk, queue, BatchJob.objects.filter(pk=job.pk).delete))
    return job


def purge_old_batches(*, dry_run: bool = False) -> int:
    """Delete the anonymous batches made more than ``BATCH_RETENTION_DAYS`` ago, whatever
    their state, and say how many (with ``dry_run``, how many it would). A signed-in
    organiser's batches are theirs to keep."""
    cutoff = timezone.now() - timedelta(days=settings.BATCH_RETENTION_DAYS)
    old = BatchJob.objects.filter(owner__isnull=True, created__lt=cutoff)
    if dry_run:
        return old.count()
    _, per_model = old.delete()
    return per_model.get(BatchJob._meta.label, 0)


def retry_batch(job: BatchJob, *, queue: str | None = None) -> BatchJob:
    """Check a failed job's lists again from the start, queued once the change is committed.
    Raises NotRetryable for a job that has not failed, and QueueUnavailable (the job failed
    again, saying why) when the task queue does not answer."""
    reset = BatchJob.objects.filter(pk=job.pk, status=BatchJob.Status.FAILED).update(
        status=BatchJob.Status.PENDING,
        done=0,
        results=[],
        error="",
        finished=None,
        heartbeat=timezone.now(),  # the wait for a worker starts now
    )
    if not reset:
        job.refresh_from_db()
        raise NotRetryable(
            f"Only a batch that stopped can be checked again; this one is {job.status}."
        )

    def unqueued() -> None:
        _fail(job.pk, "Checking again could not start: the task queue did not answer.")

    transaction.on_commit(lambda: _queue(job.pk, queue, unqueued))
    job.refresh_from_db()
    return job


def check_batch_task() -> Any:
    """The Celery task that checks a batch, found by its name: games/tasks.py registers it,
    and imports this module. A process that has not loaded its task modules yet (a web server,
    a shell) loads them as a worker does at its start, through the app's autodiscovery."""
    if CHECK_BATCH_TASK not in app.tasks:
        app.loader.import_default_modules()
    return app.tasks[CHECK_BATCH_TASK]


def _queue(job_id: Any, queue: str | None, unqueued: Callable[[], Any]) -> None:
    """Publish the job's task; when the broker does not answer, undo what waits for it
    (``unqueued``) and raise QueueUnavailable. Publishing gives up within seconds
    (CELERY_BROKER_CONNECTION_TIMEOUT and CELERY_TASK_PUBLISH_RETRY_POLICY), and the task
    keeps no result, so no result backend is waited for either."""
    check_batch = check_batch_task()
    try:
        if queue is None:
            check_batch.apply_async(args=(str(job_id),))
        else:
            check_batch.apply_async(args=(str(job_id),), queue=queue)
    except QUEUE_ERRORS as error:
        logger.error("Batch job %s could not be queued: %s", job_id, error)
        unqueued()
        raise QueueUnavailable() from error


def _fail(job_id: Any, message: str, *, attempt: int | None = None) -> None:
    """Fail the job (only its run ``attempt``, when given), saying why."""
    jobs = BatchJob.objects.filter(pk=job_id)
    if attempt is not None:
        jobs = jobs.filter(attempt=attempt)
    jobs.update(status=BatchJob.Status.FAILED, error=message[:2000], finished=timezone.now())


def expire_if_lost(job: BatchJob) -> BatchJob:
    """``job``, failed there and then if its worker is lost: running with no heartbeat for
    BATCH_HEARTBEAT_TIMEOUT seconds (the message says how far it got), or waiting for a worker
    for BATCH_QUEUE_TIMEOUT. Read before a job is shown, so no reader ever waits forever."""
    now = timezone.now()
    last = job.heartbeat or job.created
    jobs = BatchJob.objects.filter(pk=job.pk, status=job.status, attempt=job.attempt)
    if job.status == BatchJob.Status.RUNNING:
        timeout = settings.BATCH_HEARTBEAT_TIMEOUT
        message = (
            f"The worker checking this batch stopped answering after {job.done} of "
            f"{job.total} lists: nothing was heard from it for {timeout} seconds. Check again "
            "to start over."
        )
    elif job.status == BatchJob.Status.PENDING:
        timeout = settings.BATCH_QUEUE_TIMEOUT
        message = (
            f"No worker started checking this batch within {_duration(timeout)}. Check again; "
            "if it keeps waiting, the site's task worker may be down."
        )
    else:
        return job
    if now - last < timedelta(seconds=timeout):
        return job
    if jobs.filter(heartbeat=job.heartbeat).update(
        status=BatchJob.Status.FAILED, error=message, finished=now
    ):
        logger.warning("Batch job %s given up: %s", job.pk, message)
    job.refresh_from_db()
    return job


def _duration(seconds: int) -> str:
    if seconds % 60 == 0:
        minutes = seconds // 60
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{seconds} seconds"


def find_job(job_id: Any) -> BatchJob | None:
    """The job with its catalog, as it may be shown: failed first if its worker is lost."""
    job = BatchJob.objects.select_related("catalog").filter(pk=job_id).first()
    return None if job is None else expire_if_lost(job)


# --- Checking -------------------------------------------------------------------------------


def checker(system: str, catalog: Catalog, options: Mapping[str, Any]) -> Checker:
    """What checks each list of a ``system`` batch: the game's own reading and check, the
    catalog read once for the whole job."""
    return list_game(system).batch_checker(catalog, options)


def _problem(code: str, severity: str, message: str) -> dict[str, str]:
    return {"code": code, "severity": severity, "message": message}


def _row(name: str, valid: bool, problems: list[dict[str, str]]) -> Row:
    """A result row: the verdict, the counts, every problem (errors first, then warnings,
    each in the order its check found it) and, for the first of them, its message and code."""
    first = problems[0] if problems else None
    return {
        "name": name,
        "valid": valid,
        "errors": sum(1 for p in problems if p["severity"] == "error"),
        "warnings": sum(1 for p in problems if p["severity"] == "warning"),
        "first_problem": first["message"] if first else "",
        "first_code": first["code"] if first else "",
        "problems": problems,
    }


def row_problems(row: Row) -> list[dict[str, str]]:
    """Every problem of a result row; a row stored before rows kept them all gives its first
    problem alone."""
    problems: list[dict[str, str]] | None = row.get("problems")
    if problems is not None:
        return problems
    if not row.get("first_problem"):
        return []
    severity = "error" if row.get("errors") else "warning"
    return [_problem(str(row.get("first_code", "")), severity, str(row["first_problem"]))]


def check_item(check: Checker, item: BatchItem) -> Row:
    """One result row. A list whose shape is wrong (bad JSON fields) counts each bad field as
    an error, named by its dotted path; an unreadable file is one error saying why."""
    name = str(item.get("name", ""))
    if item.get("format") == UNREADABLE:
        why = str(item.get("data", ""))
        return _row(name, False, [_problem("unreadable_list", "error", why)])
    if item.get("format") not in (TEXT, JSON):
        why = "The list's format is unknown."
        return _row(name, False, [_problem("unreadable_list", "error", why)])
    try:
        report = check(item)
    except InvalidInput as error:
        problems = [
            _problem("invalid_list", "error", f"{path}: {message}" if path else message)
            for path, messages in error.problems.items()
            for message in messages
        ]
        return _row(name, False, problems)
    except RulesError as error:
        message = f"{error.field}: {error.message}" if error.field else error.message
        return _row(name, False, [_problem("invalid_list", "error", message)])
    except Exception:  # one list the engines trip over must not sink the rest of the batch
        logger.exception("Checking the list %r failed", name)
        why = "This list could not be checked."
        return _row(name, False, [_problem("check_failed", "error", why)])
    problems = [
        _problem(p.code, p.severity.value, p.message) for p in (*report.errors, *report.warnings)
    ]
    return _row(name, report.valid, problems)


def run_batch(
    job_id: Any,
    *,
    progress_seconds: float = PROGRESS_SECONDS,
    takeover_seconds: float = TAKEOVER_SECONDS,
) -> BatchJob | None:
    """Check every list of a job, writing progress and a heartbeat at most every
    ``progress_seconds``; the job ends ``done``, or ``failed`` with ``error`` when something
    outside any one list goes wrong. A finished job is left as it is (a task delivered twice),
    and so is one another worker is running or has taken over."""
    job = BatchJob.objects.select_related("catalog").filter(pk=job_id).first()
    if job is None or job.status in FINISHED:
        return job
    attempt = _claim(job, takeover_seconds)
    if attempt is None:
        return BatchJob.objects.filter(pk=job_id).first()
    try:
        if job.catalog is None:
            raise RuntimeError(
                f"The catalog this job was checked against (version {job.catalog_version}) "
                "has been removed."
            )
        check = checker(job.system, job.catalog, job.options)
        results: list[Row] = []
        last = time.monotonic()
        for item in job.lists:
            results.append(check_item(check, item))
            now = time.monotonic()
            if now - last >= progress_seconds and len(results) < job.total:
                if not _write(job, attempt, results=results, done=len(results)):
                    return BatchJob.objects.filter(pk=job_id).first()  # given up or taken over
                last = now
        _write(
            job,
            attempt,
            results=results,
            done=len(results),
            status=BatchJob.Status.DONE,
            finished=timezone.now(),
        )
    except Exception as error:  # the job records why it stopped
        logger.exception("Batch job %s failed", job.pk)
        _fail(job.pk, f"The batch stopped: {error}", attempt=attempt)
    return BatchJob.objects.filter(pk=job_id).first()


def _claim(job: BatchJob, takeover_seconds: float) -> int | None:
    """Make ``job`` this worker's run and give its attempt number; None when it is not to be
    run here: finished, retried, or running on a worker whose heartbeat still moves.

    A task finds its job running only when its message came back: the worker that had it
    was lost (killed, or its machine gone), or is alive but slow to acknowledge. So it waits
    for the heartbeat: moving means alive; quiet for ``takeover_seconds`` means lost, and the
    job is taken over, unless its workers were lost MAX_RUNS times in a row: then it fails."""
    runs = 1
    if job.status == BatchJob.Status.RUNNING:
        if not _went_quiet(job, takeover_seconds):
            return None
        if job.runs >= MAX_RUNS:
            _fail(
                job.pk,
                f"The worker checking this batch was lost {job.runs} times in a row, the last "
                f"time after {job.done} of {job.total} lists, so it is not started again on "
                "its own. Check again to try once more.",
                attempt=job.attempt,
            )
            return None
        runs = job.runs + 1
    attempt = job.attempt + 1
    claimed = BatchJob.objects.filter(
        pk=job.pk,
        attempt=job.attempt,
        status__in=(BatchJob.Status.PENDING, BatchJob.Status.RUNNING),
    ).update(
        status=BatchJob.Status.RUNNING,
        attempt=attempt,
        runs=runs,
        heartbeat=timezone.now(),
        done=0,
        results=[],
        error="",
        finished=None,
    )
    return attempt if claimed else None


def _went_quiet(job: BatchJob, takeover_seconds: float) -> bool:
    """Wait until ``job``'s heartbeat has been quiet for ``takeover_seconds``: True then, False
    as soon as the job moves (its worker is alive, or it finished, or another took it)."""
    if job.heartbeat is None:
        return True
    as_seen = {"status": job.status, "attempt": job.attempt, "heartbeat": job.heartbeat}
    quiet_until = job.heartbeat + timedelta(seconds=takeover_seconds)
    while (wait := (quiet_until - timezone.now()).total_seconds()) > 0:
        time.sleep(min(wait, 1.0))
        now = BatchJob.objects.filter(pk=job.pk).values("status", "attempt", "heartbeat").first()
        if now != as_seen:
            return False
    return True


def _write(job: BatchJob, attempt: int, **fields: Any) -> bool:
    """Write the run's progress with a heartbeat; False when the job is no longer this run's
    (given up for lost, or taken over), so the run stops."""
    return bool(
        BatchJob.objects.filter(pk=job.pk, attempt=attempt, status=BatchJob.Status.RUNNING).update(
            heartbeat=timezone.now(), **fields
        )
    )
