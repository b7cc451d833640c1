"""games.systems.azeroth.odds.mapping: one table of names, and every side of it real.

Each name in a table must be a field of the engine type it fills, a key of the API serializer
that reads it, and a field of the page form that shows it: a name that is not would silently
drop an input on one side. The service the tasks call must stay free of DRF.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.http import QueryDict

from games.systems.azeroth.odds import mapping
from games.systems.azeroth.odds.forms import (
    AttackerForm,
    AttackForm,
    BlastForm,
    BlastTargetForm,
    MoraleForm,
    ProfileForm,
    QueryForm,
    SpellForm,
)
from games.systems.azeroth.odds.requests import read_attack
from games.systems.azeroth.odds.serializers import (
    AttackerSerializer,
    BlastOddsSerializer,
    BlastTargetSerializer,
    DefenderSerializer,
    KeywordsSerializer,
    MoraleOddsSerializer,
    MoraleTriggerSerializer,
    SituationSerializer,
    SpellOddsSerializer,
)
from referee.rules.azeroth.profiles import (
    Attacker,
    Blast,
    BlastTarget,
    Defender,
    Keywords,
    MoraleTest,
    MoraleTrigger,
    Situation,
    SpellAttempt,
)

ROOT = Path(__file__).resolve().parents[3]

TABLES: list[tuple[tuple[mapping.Name, ...], type, type[Any], type[QueryForm]]] = [
    # (table, engine type, API serializer or None, page form)
    (mapping.ATTACKER, Attacker, AttackerSerializer, AttackerForm),
    (mapping.KEYWORDS, Keywords, KeywordsSerializer, AttackerForm),
    (mapping.DEFENDER, Defender, DefenderSerializer, ProfileForm),
    (mapping.SITUATION, Situation, SituationSerializer, AttackForm),
    (mapping.MORALE_TEST, MoraleTest, MoraleOddsSerializer, MoraleForm),
    (mapping.MORALE_TRIGGER, MoraleTrigger, MoraleTriggerSerializer, MoraleForm),
    (mapping.SPELL, SpellAttempt, SpellOddsSerializer, SpellForm),
    (mapping.BLAST, Blast, BlastOddsSerializer, BlastForm),
    (mapping.BLAST_TARGET, BlastTarget, BlastTargetSerializer, BlastTargetForm),
]
# The page asks how many wounds were given back this turn; the API leaves it unsaid (the
# overall limit alone applies, R30), so its schema stays as it was.
PAGE_ONLY = {("MoraleTrigger", "wounds_given_back")}


def _form(form_class: type[QueryForm]) -> QueryForm:
    if form_class is BlastTargetForm:
        return BlastTargetForm(QueryDict(), prefix="b1", defaults={})
    return form_class(QueryDict())


@pytest.mark.parametrize(("names", "engine", "serializer", "form_class"), TABLES)
def test_every_name_is_a_field_on_every_side(names, engine, serializer, form_class) -> None:
    engine_fields = {field.name for field in dataclasses.fields(engine)}
    api_fields = set(serializer().fields)
    page_fields = set(_form(form_class).fields)
    for name in names:
        assert name.engine in engine_fields, name
        assert name.page in page_fields, name
        if (engine.__name__, name.engine) not in PAGE_ONLY:
            assert name.api in api_fields, name


def test_the_api_path_spells_the_def_save_as_printed() -> None:
    assert mapping.api_path("defender.defense") == "defender.def"
    assert mapping.api_path("starting_wounds", "trigger") == "trigger.starting_wounds"
    assert mapping.api_path("", "trigger") == "trigger"


def test_a_problem_finds_its_page_field_by_either_name_of_the_save() -> None:
    assert mapping.page_field(mapping.DEFENDER, "defender.def") == "def"
    assert mapping.page_field(mapping.DEFENDER, "defender.defense") == "def"
    assert mapping.page_field(mapping.KEYWORDS, "attacker.keywords.momentum") == "mom"
    assert mapping.page_field(mapping.BLAST, "targets") is None


def test_the_page_and_the_api_build_the_same_attacker() -> None:
    api = {
        "atk": 5,
        "skl": 3,
        "str": 4,
        "ranged_str": None,
        "ini": 3,
        "wounds": 2,
        "armor": "HA",
        "weapons": ["HW"],
        "wounds_remaining": 1,
        "fly": True,
        "keywords": {"momentum": 1, "decisive_blow": 2, "cleave": True},
    }
    defender = {"tgh": 3, "def": 4, "ini": 3, "wounds": 2}
    page: dict[str, Any] = {"atk": 5, "skl": 3, "str": 4, "rstr": None, "ini": 3, "wnd": 2}
    page |= {"arm": "HA"}
    page |= {"wpn": ["HW"], "wrem": 1, "fly": True, "mom": 1, "db": 2, "clv": True}
    page |= {"bzk": False, "ps": False}
    attack, _ = read_attack({"mode": "melee", "attacker": api, "defender": defender})
    from_page = mapping.attacker(
        mapping.from_page(page, mapping.ATTACKER), mapping.from_page(page, mapping.KEYWORDS)
    )
    assert attack.attacker == from_page
    assert from_page.keywords == Keywords(momentum=1, decisive_blow=2, cleave=True)


@pytest.mark.parametrize(
    "module",
    [
        "games.systems.azeroth.odds.service",
        "games.systems.azeroth.odds.requests",
        "games.systems.azeroth.odds.bodies",
        "games.systems.azeroth.odds.mapping",
    ],
)
def test_the_odds_service_loads_no_drf(module: str) -> None:
    # A fresh interpreter: what the module pulls in, however indirectly, is all there is.
    code = (
        f"import sys, {module}\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('rest_framework', 'drf_spectacular', 'django'))\n"
        "print(loaded)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_task_calls_the_service_not_the_api_adapter() -> None:
    source = (ROOT / "games" / "systems" / "azeroth" / "tasks.py").read_text()
    assert "from games.systems.azeroth.odds import service" in source
    assert "odds.responses" not in source
    assert "rest_framework" not in source
