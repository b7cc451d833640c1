"""How fast are the list validators? Lists validated per second, in-process, on one core.

Run from the project root::

    .venv/bin/python bench/validate.py           # about half a minute
    .venv/bin/python bench/validate.py --quick   # shorter timings

It builds a demonstration catalog of 200 Azuki cards and validates a legal 50-card deck (a
Leader, a Gate and 13 main-deck lines) with ``validate_deck``; then the same deck pasted as
text (``parse_deck_text`` and ``validate_deck``); then a 51-card deck with five problems, one
of them an unknown card ID (whose did-you-mean search is the slowest path). It also times a
15-Guardian AZRAH roster with its party, and, when the army validator is present
(referee/rules/azeroth/army.py), a legal 15-unit Azeroth at War army of a Large battle. Each
figure is the best of five runs. Target: at least 5,000 legal 50-card decks per second.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script, bench/ would be first on the path instead
    sys.path.insert(0, str(ROOT))

from referee.rules.azrah.cards import Guardian, Party, Position, Roster  # noqa: E402
from referee.rules.azrah.roster import validate_roster  # noqa: E402
from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element  # noqa: E402
from referee.rules.azuki.deck import deck_to_text, parse_deck_text, validate_deck  # noqa: E402
from referee.rules.lists import Report  # noqa: E402

DECKS_PER_SECOND_TARGET = 5_000
ELEMENTS = (Element.FIRE, Element.WATER, Element.EARTH, Element.LIGHTNING, Element.NEUTRAL)
MAIN_TYPES = (CardType.ENTITY, CardType.ENTITY, CardType.SPELL, CardType.WEAPON)


def azuki_catalog() -> dict[str, Card]:
    """200 made-up cards: a Leader and a Gate of each element but Neutral (plus a Neutral
    Gate), the rest main-deck cards spread over the elements and types."""
    cards: list[Card] = []
    for n, element in enumerate(ELEMENTS[:4]):
        cards.append(
            Card(f"BEN-{n:03}", f"{element.title()} Leader", CardType.LEADER, element, health=20)
        )
        cards.append(Card(f"BEN-{n + 10:03}", f"{element.title()} Gate", CardType.GATE, element))
    cards.append(Card("BEN-014", "Neutral Gate", CardType.GATE, Element.NEUTRAL))
    for n in range(20, 211):
        element = ELEMENTS[n % 5]
        kind = MAIN_TYPES[n % 4]
        cards.append(Card(f"BEN-{n:03}", f"{element.title()} card {n}", kind, element, 2, 1, 2, 2))
    return {card.id: card for card in cards}


def legal_deck(catalog: dict[str, Card]) -> Deck:
    """A Fire deck: 12 Fire or Neutral cards x 4 and one x 2."""
    main = [
        card.id
        for card in catalog.values()
        if card.type not in (CardType.LEADER, CardType.GATE)
        and card.element in (Element.FIRE, Element.NEUTRAL)
    ][:13]
    lines = tuple(DeckLine(4 if i < 12 else 2, card_id) for i, card_id in enumerate(main))
    return Deck(DeckLine(1, "BEN-000"), DeckLine(1, "BEN-010"), lines)


def broken_deck(deck: Deck) -> Deck:
    """Five problems: a Neutral Gate, 51 cards, a fifth copy, a Water card, an unknown card ID."""
    water = DeckLine(1, "BEN-021")
    lines = (DeckLine(5, deck.cards[0].card_id), *deck.cards[1:-1], water, DeckLine(1, "BEN-9O0"))
    return Deck(deck.leader, DeckLine(1, "BEN-014"), lines)


def roster_catalog() -> dict[str, Guardian]:
    arrows = (Position.LEFT, Position.CENTRE, Position.RIGHT)
    return {
        f"BEN-G{n:02}": Guardian(f"BEN-G{n:02}", f"Guardian {n}", 3 + n % 4, arrows[: 1 + n % 3])
        for n in range(1, 31)
    }


def legal_roster() -> Roster:
    names = tuple(f"Guardian {n}" for n in range(1, 16))
    return Roster(names, party=Party(front=names[:3], back=names[3:5]))


def per_call(function: Callable[[], object], budget: float, repeats: int = 5) -> float:
    """Seconds per call: the best of ``repeats`` runs of enough calls to fill the budget."""
    function()
    started = time.perf_counter()
    function()
    once = max(time.perf_counter() - started, 1e-7)
    calls = max(1, int(budget / repeats / once))
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, (time.perf_counter() - started) / calls)
    return best


def army_case() -> tuple[str, Callable[[], Report]] | None:
    """A legal 15-unit Large army, when the army validator exists."""
    if importlib.util.find_spec("referee.rules.azeroth.army") is None:
        return None
    from referee.rules.azeroth.army import validate_army
    from referee.rules.azeroth.profiles import Tier
    from referee.rules.azeroth.units import (
        ArmyLine,
        ArmyList,
        BattleSize,
        Faction,
        TierLimit,
        Unit,
    )

    def unit(slug: str, tiers: tuple[Tier, ...], points: int, unique: bool = False) -> Unit:
        return Unit(
            slug=slug,
            name=slug.replace("-", " ").title(),
            faction="horde",
            tiers=tiers,
            points=points,
            mov=6,
            atk=2,
            skl=4,
            strength=3,
            tgh=3,
            defense=5,
            ini=3,
            wounds=1,
            unique=unique,
        )

    units = [
        unit("grunt", (Tier.BASELINE,), 30),
        unit("axethrower", (Tier.BASELINE,), 35),
        unit("spearman", (Tier.BASELINE,), 30),
        unit("wolf-rider", (Tier.MOUNTED,), 60),
        unit("raider", (Tier.MOUNTED, Tier.ELITE), 110),
        unit("shaman", (Tier.ELITE,), 80),
        unit("warchief", (Tier.HERO,), 110),
        unit("blademaster", (Tier.HERO,), 120, unique=True),
    ]
    catalog = {u.slug: u for u in units}
    for n in range(40):  # a catalog of realistic size
        filler = unit(f"filler-{n}", (Tier.BASELINE,), 25)
        catalog[filler.slug] = filler
    faction = Faction(
        "horde",
        "Horde",
        {
            BattleSize.LARGE: {
                Tier.BASELINE: TierLimit(4, 12),
                Tier.MOUNTED: TierLimit(0, 5),
                Tier.ELITE: TierLimit(0, 4),
                Tier.HERO: TierLimit(1, 3),
            }
        },
    )
    counts = {
        "grunt": 4,
        "axethrower": 3,
        "spearman": 2,
        "wolf-rider": 2,
        "raider": 1,
        "shaman": 1,
        "warchief": 1,
        "blademaster": 1,
    }
    army = ArmyList(
        BattleSize.LARGE,
        tuple(ArmyLine(count, ref=slug) for slug, count in counts.items()),
        faction=faction,
    )
    report = validate_army(army, catalog)
    if not report.valid:
        raise RuntimeError(f"the benchmark army should be legal: {report.errors}")
    return "15-unit Azeroth army (Large, legal)", lambda: validate_army(army, catalog)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter timings")
    arguments = parser.parse_args()
    budget = 0.5 if arguments.quick else 3.0
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average {load}")
    print()

    catalog = azuki_catalog()
    deck = legal_deck(catalog)
    broken = broken_deck(deck)
    text = deck_to_text(deck, catalog)
    roster_cards = roster_catalog()
    roster = legal_roster()

    # The figures are only worth printing if the answers are right.
    if (
        validate_deck(deck, catalog).problems
        or validate_deck(deck, catalog).totals["card_count"] != 50
    ):
        raise RuntimeError("the benchmark deck should be a legal 50-card deck")
    if len(validate_deck(broken, catalog).problems) != 5:
        raise RuntimeError("the broken deck should have exactly five problems")
    if validate_roster(roster, roster_cards).problems:
        raise RuntimeError("the benchmark roster should be legal")

    def parse_and_validate() -> Report:
        parsed, _ = parse_deck_text(text, catalog)
        return validate_deck(parsed, catalog)

    cases: list[tuple[str, Callable[[], Report], bool]] = [
        ("50-card Azuki deck (legal, 15 lines)", lambda: validate_deck(deck, catalog), True),
        ("50-card Azuki deck pasted as text", parse_and_validate, False),
        ("51-card Azuki deck, 5 problems", lambda: validate_deck(broken, catalog), False),
        ("15-Guardian AZRAH roster + party", lambda: validate_roster(roster, roster_cards), False),
    ]
    army = army_case()
    if army is not None:
        cases.append((*army, False))

    units = ", 48 units" if army is not None else ""
    print(f"List validation in-process, catalogs of {len(catalog)} cards, 30 Guardians{units}")
    header = f"{'list':40} {'lists/s':>10} {'µs each':>9}  verdict"
    print(header)
    print("-" * len(header))
    met = True
    for name, function, targeted in cases:
        seconds = per_call(function, budget)
        rate = 1 / seconds
        verdict = ""
        if targeted:
            ok = rate >= DECKS_PER_SECOND_TARGET
            met = met and ok
            verdict = "target met" if ok else "TARGET MISSED"
        print(f"{name:40} {rate:10,.0f} {seconds * 1e6:9.1f}  {verdict}")
    if army is None:
        print("(no army validator yet: referee/rules/azeroth/army.py is missing)")
    print(f"Target: >= {DECKS_PER_SECOND_TARGET:,} legal 50-card decks per second.")
    if not met:
        sys.exit(1)


# --- Batch validation through a real Celery worker ------------------------------------------
#
# A separate figure: the wall time of a 1,000-list batch job, from start_batch (the lists
# stored, the task queued) to the job's status reading "done", checked by a real worker
# process over the broker. It needs PostgreSQL and Redis, named by DATABASE_URL and
# CELERY_BROKER_URL; it works in a throwaway database (created, migrated, then dropped) so it
# never touches the data DATABASE_URL holds.

BATCH_LISTS = 1_000
BATCH_SECONDS_TARGET = 10.0
BATCH_HOW_TO = (
    "DATABASE_URL=postgres://postgres@127.0.0.1:5432/test "
    "CELERY_BROKER_URL=redis://127.0.0.1:6379/0 .venv/bin/python bench/validate.py"
)


def batch_lists(count: int) -> list[dict[str, object]]:
    """``count`` Azuki decks as pasted text against the starter catalog: nine legal decks in
    ten, and every tenth two cards short (one ``deck_size`` error)."""
    fire = [f"AZK-{n:03d}" for n in range(10, 22)]
    legal = "\n".join(["1 AZK-001", "1 AZK-003", *(f"4 {card}" for card in fire), "2 AZK-030"])
    short = "\n".join(["1 AZK-001", "1 AZK-003", *(f"4 {card}" for card in fire)])
    return [
        {"name": f"deck-{n:04d}.txt", "format": "text", "data": short if n % 10 == 0 else legal}
        for n in range(count)
    ]


def batch_main() -> bool:
    """Print the batch figure (or how to get it); False when the target is missed."""
    import json
    import subprocess
    import tempfile
    import uuid
    from urllib.parse import urlsplit, urlunsplit

    print()
    print(f"Batch validation: {BATCH_LISTS:,} lists through a real Celery worker")
    database_url = os.environ.get("DATABASE_URL", "")
    broker_url = os.environ.get("CELERY_BROKER_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")) or not broker_url:
        print("  (no figure: the batch figure needs PostgreSQL and Redis. Run:")
        print(f"   {BATCH_HOW_TO})")
        return True

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "0"
    import django

    django.setup()
    from django.db import connection

    from games.batches.service import start_batch
    from games.catalogs.service import import_catalog
    from games.models import BatchJob
    from referee.celery import app

    bench_name = f"referee_bench_{uuid.uuid4().hex[:8]}"
    connection.settings_dict.setdefault("TEST", {})["NAME"] = bench_name
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    worker: subprocess.Popen[bytes] | None = None
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed in the finally below
    try:
        starter = ROOT / "games" / "catalogs" / "starter" / "azuki.json"
        import_catalog(json.loads(starter.read_text()))
        lists = batch_lists(BATCH_LISTS)
        queue = f"referee-bench-{uuid.uuid4().hex[:12]}"
        node = f"{queue}@localhost"
        env = {
            **os.environ,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "DATABASE_URL": urlunsplit(urlsplit(database_url)._replace(path="/" + bench_name)),
        }
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "referee.celery", "worker",
             "--pool=solo", "--concurrency=1", "--without-gossip", "--without-mingle",
             "--loglevel=error", f"--queues={queue}", f"--hostname={node}"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[node], timeout=0.5):
            if worker.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                print(
                    "  (no figure: the worker did not start)\n"
                    + log.read().decode(errors="replace")
                )
                return False
        started = time.perf_counter()
        job = start_batch(system="azuki", lists=lists, queue=queue)
        finished = BatchJob.Status.DONE, BatchJob.Status.FAILED
        while job.status not in finished and time.perf_counter() - started < 120:
            time.sleep(0.02)
            job.refresh_from_db(fields=["status", "done"])
        seconds = time.perf_counter() - started
        job.refresh_from_db()
        if job.status != BatchJob.Status.DONE or job.done != BATCH_LISTS:
            print(f"  (no figure: the job ended {job.status} at {job.done}: {job.error})")
            return False
        invalid = sum(1 for row in job.results if not row["valid"])
        if invalid != BATCH_LISTS // 10:
            raise RuntimeError(f"expected {BATCH_LISTS // 10} lists with errors, got {invalid}")
        ok = seconds < BATCH_SECONDS_TARGET
        verdict = "target met" if ok else "TARGET MISSED"
        print(
            f"  {seconds:.2f} s wall, start to done ({BATCH_LISTS / seconds:,.0f} lists/s; "
            f"{invalid} with errors)  {verdict}"
        )
        print(f"Target: a {BATCH_LISTS:,}-list batch in under {BATCH_SECONDS_TARGET:.0f} s.")
        return ok
    finally:
        if worker is not None:
            worker.terminate()
            try:
                worker.wait(timeout=15)
            except subprocess.TimeoutExpired:
                worker.kill()
        log.close()
        connection.creation.destroy_test_db(bench_name, verbosity=0)


if __name__ == "__main__":
    try:
        main()
        in_process_met = True
    except SystemExit as stop:  # main() exits non-zero when its target is missed
        in_process_met = not stop.code
    batch_met = batch_main()
    sys.exit(0 if in_process_met and batch_met else 1)
