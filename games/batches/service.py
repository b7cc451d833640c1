"""Starting a batch job and checking its lists with the rules engines.

``start_batch`` stores the uploaded lists on a BatchJob and queues the ``games.check_batch``
task once the row is committed; the task calls ``run_batch``, which checks the lists one by one
and records a result row for each: ``{"name", "valid", "errors", "warnings", "first_problem",
"first_code"}`` (counts of errors and warnings; the first error, else the first warning). The
catalog is read from the database once per job, not once per list.

Options: ``battle_size`` and ``points_limit`` (Azeroth at War only) apply to every list when
given, overriding what each list says (a tournament's format); when not given, each list's own
(its JSON, or the header ``army_to_text`` writes) counts, else a Standard battle.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.catalogs.engine import (
    azeroth_factions,
    azeroth_units,
    azrah_guardians,
    azrah_shared_cards,
    azuki_cards,
)
from games.catalogs.service import default_catalog, find_catalog
from games.models import BatchJob, Catalog
from referee.rules.azeroth.army import (
    MAX_POINTS_LIMIT,
    army_from_dict,
    read_text_header,
    validate_army,
    validate_army_text,
)
from referee.rules.azeroth.units import BattleSize, Faction
from referee.rules.azrah.cards import Guardian, SharedCard
from referee.rules.azrah.roster import roster_from_dict, validate_roster, validate_roster_text
from referee.rules.azuki.deck import deck_from_dict, validate_deck, validate_deck_text
from referee.rules.errors import InvalidInput, RulesError
from referee.rules.lists import UNKNOWN_ENTRY, Problem, Report, Severity

from .reading import FORMATS, JSON, MAX_LISTS, TEXT, UNREADABLE, BatchItem

logger = logging.getLogger(__name__)

PROGRESS_SECONDS = 0.5
"""How often a running job writes its progress (``done`` and the rows so far)."""

SYSTEMS = tuple(FORMATS)
OPTION_FIELDS = {"battle_size", "points_limit", "catalog", "catalog_version"}

Row = dict[str, Any]
Checker = Callable[[BatchItem], Report]


class BatchInputError(InvalidInput):
    """A batch that cannot start: ``problems`` maps each bad field to its messages."""


def _options(system: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The job's options, checked; raises BatchInputError naming each bad one."""
    problems: dict[str, list[str]] = {}
    unknown = sorted(set(options) - OPTION_FIELDS)
    for key in unknown:
        problems[f"options.{key}"] = ["Unknown option."]
    clean: dict[str, Any] = {}
    size = options.get("battle_size")
    if size not in (None, ""):
        if system != "azeroth":
            problems["options.battle_size"] = ["Only Azeroth at War lists have a battle size."]
        elif not isinstance(size, str) or size not in {s.value for s in BattleSize}:
            choices = ", ".join(s.value for s in BattleSize)
            problems["options.battle_size"] = [f"Choose one of {choices}."]
        else:
            clean["battle_size"] = size
    limit = options.get("points_limit")
    if limit not in (None, ""):
        if system != "azeroth":
            problems["options.points_limit"] = ["Only Azeroth at War lists have a points limit."]
        elif isinstance(limit, bool) or not isinstance(limit, int | str):
            problems["options.points_limit"] = ["Enter a whole number."]
        else:
            try:
                number = int(limit)
            except ValueError:
                problems["options.points_limit"] = ["Enter a whole number."]
            else:
                if not 1 <= number <= MAX_POINTS_LIMIT:
                    problems["options.points_limit"] = [
                        f"Enter a number from 1 to {MAX_POINTS_LIMIT}."
                    ]
                else:
                    clean["points_limit"] = number
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
    if system not in SYSTEMS:
        raise BatchInputError({"system": [f"Choose one of {', '.join(SYSTEMS)}."]})
    clean = _options(system, options or {})
    if not lists:
        raise BatchInputError({"lists": ["Give at least one list."]})
    if len(lists) > MAX_LISTS:
        raise BatchInputError({"lists": [f"At most {MAX_LISTS} lists in one batch."]})
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
    transaction.on_commit(lambda: _queue(job, queue))
    return job


def _queue(job: BatchJob, queue: str | None) -> None:
    from games.tasks import check_batch  # the task module imports this one

    try:
        if queue is None:
            check_batch.delay(str(job.id))
        else:
            check_batch.apply_async(args=(str(job.id),), queue=queue)
    except Exception as error:  # a broker that is down must not lose the job
        if BatchJob.objects.filter(pk=job.pk, status=BatchJob.Status.PENDING).exists():
            _fail(job.pk, f"The job could not be queued: {error}")


def _fail(job_id: Any, message: str) -> None:
    BatchJob.objects.filter(pk=job_id).update(
        status=BatchJob.Status.FAILED, error=message[:2000], finished=timezone.now()
    )


# --- Checking -------------------------------------------------------------------------------


def _faction_named(name: str, factions: Mapping[str, Faction]) -> Faction | None:
    key = " ".join(name.split()).casefold()
    for faction in factions.values():
        if key in (faction.slug.casefold(), " ".join(faction.name.split()).casefold()):
            return faction
    return None


def azeroth_checker(catalog: Catalog, options: Mapping[str, Any]) -> Checker:
    units = azeroth_units(catalog)
    factions = azeroth_factions(catalog)
    size_option = options.get("battle_size")
    limit_option: int | None = options.get("points_limit")

    def check(item: BatchItem) -> Report:
        if item["format"] == JSON:
            army = army_from_dict(item["data"])
            if size_option is not None:
                army = dataclasses.replace(army, battle_size=BattleSize(size_option))
            if limit_option is not None:
                army = dataclasses.replace(army, points_limit=limit_option)
            return validate_army(army, units)
        text: str = item["data"]
        header = read_text_header(text)
        size = BattleSize(size_option) if size_option else header.battle_size
        limit = limit_option if limit_option is not None else header.points_limit
        faction = None
        extra: tuple[Problem, ...] = ()
        if header.faction is not None:
            faction = _faction_named(header.faction, factions)
            if faction is None:
                known = ", ".join(f.name for f in factions.values())
                extra = (
                    Problem(
                        code=UNKNOWN_ENTRY,
                        severity=Severity.ERROR,
                        message=f"The list names the faction {header.faction!r}, which the "
                        f"catalog does not have (it has {known}).",
                        rule="4.1",
                        actual=header.faction,
                        entries=("faction",),
                    ),
                )
        report = validate_army_text(
            text,
            units,
            battle_size=size or BattleSize.STANDARD,
            points_limit=limit,
            faction=faction,
        )
        return Report(problems=extra + report.problems, totals=report.totals)

    return check


def azuki_checker(catalog: Catalog, options: Mapping[str, Any]) -> Checker:
    cards = azuki_cards(catalog)

    def check(item: BatchItem) -> Report:
        if item["format"] == JSON:
            return validate_deck(deck_from_dict(item["data"]), cards)
        return validate_deck_text(item["data"], cards)

    return check


def azrah_checker(catalog: Catalog, options: Mapping[str, Any]) -> Checker:
    entries: dict[str, Guardian | SharedCard] = {
        **azrah_guardians(catalog),
        **azrah_shared_cards(catalog),
    }

    def check(item: BatchItem) -> Report:
        if item["format"] == JSON:
            return validate_roster(roster_from_dict(item["data"]), entries)
        return validate_roster_text(item["data"], entries)

    return check


CHECKERS: dict[str, Callable[[Catalog, Mapping[str, Any]], Checker]] = {
    "azeroth": azeroth_checker,
    "azuki": azuki_checker,
    "azrah": azrah_checker,
}


def _row(name: str, valid: bool, errors: int, warnings: int, first: str, code: str) -> Row:
    return {
        "name": name,
        "valid": valid,
        "errors": errors,
        "warnings": warnings,
        "first_problem": first,
        "first_code": code,
    }


def check_item(check: Checker, item: BatchItem) -> Row:
    """One result row. A list whose shape is wrong (bad JSON fields) counts each bad field as
    an error, named by its dotted path; an unreadable file is one error saying why."""
    name = str(item.get("name", ""))
    if item.get("format") == UNREADABLE:
        return _row(name, False, 1, 0, str(item.get("data", "")), "unreadable_list")
    if item.get("format") not in (TEXT, JSON):
        return _row(name, False, 1, 0, "The list's format is unknown.", "unreadable_list")
    try:
        report = check(item)
    except InvalidInput as error:
        count = sum(len(messages) for messages in error.problems.values())
        path, messages = next(iter(error.problems.items()))
        first = f"{path}: {messages[0]}" if path else messages[0]
        return _row(name, False, count, 0, first, "invalid_list")
    except RulesError as error:
        first = f"{error.field}: {error.message}" if error.field else error.message
        return _row(name, False, 1, 0, first, "invalid_list")
    except Exception:  # one list the engines trip over must not sink the rest of the batch
        logger.exception("Checking the list %r failed", name)
        return _row(name, False, 1, 0, "This list could not be checked.", "check_failed")
    errors, warnings = report.errors, report.warnings
    first_problem = (errors or warnings or (None,))[0]
    return _row(
        name,
        report.valid,
        len(errors),
        len(warnings),
        first_problem.message if first_problem else "",
        first_problem.code if first_problem else "",
    )


def run_batch(job_id: Any, *, progress_seconds: float = PROGRESS_SECONDS) -> BatchJob | None:
    """Check every list of a job, writing progress at most every ``progress_seconds``; the
    job ends ``done``, or ``failed`` with ``error`` when something outside any one list goes
    wrong. A job that is already finished is left as it is (a task delivered twice)."""
    job = BatchJob.objects.select_related("catalog").filter(pk=job_id).first()
    if job is None or job.status in (BatchJob.Status.DONE, BatchJob.Status.FAILED):
        return job
    try:
        if job.catalog is None:
            raise RuntimeError(
                f"The catalog this job was checked against (version {job.catalog_version}) "
                "has been removed."
            )
        check = CHECKERS[job.system](job.catalog, job.options)
        job.status = BatchJob.Status.RUNNING
        job.results = []
        job.done = 0
        job.save(update_fields=["status", "results", "done"])
        last = time.monotonic()
        for item in job.lists:
            job.results.append(check_item(check, item))
            job.done += 1
            now = time.monotonic()
            if now - last >= progress_seconds and job.done < job.total:
                job.save(update_fields=["results", "done"])
                last = now
        job.status = BatchJob.Status.DONE
        job.finished = timezone.now()
        job.save(update_fields=["results", "done", "status", "finished"])
    except Exception as error:  # the job records why it stopped
        logger.exception("Batch job %s failed", job.pk)
        _fail(job.pk, f"The batch stopped: {error}")
        job.refresh_from_db()
    return job
