"""The one mapping between the odds page's fields, the API's keys and the engine's types.

Each input of an Azeroth at War odds calculation has up to three names: the engine's dataclass
field (``defense``), the API's key (``def``, as printed on a profile) and the page's short
query parameter (``d_def``, after its form's prefix). They are written here once, as a table per
engine type, and everything else is read from the tables: the page's forms fill the engine's
types through the builders below, the request reader (``requests``) reads a JSON
body's keys by the tables' API names, and an engine problem is placed beside its page field or
under its API path with ``page_field`` and ``api_path``.

Plain Python: no Django, no DRF.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.rules.azeroth.profiles import (
    AbilityType,
    Armor,
    Attacker,
    Blast,
    BlastTarget,
    Cover,
    Defender,
    Dispeller,
    Keywords,
    MoraleTest,
    MoraleTrigger,
    Rulings,
    Situation,
    SpellAttempt,
    Template,
    Tier,
    Weapon,
)


@dataclass(frozen=True, slots=True)
class Name:
    """One input's names: the engine's field, the API's key and the page's parameter."""

    engine: str
    api: str
    page: str


def _name(engine: str, *, api: str = "", page: str = "") -> Name:
    return Name(engine, api or engine, page or api or engine)


ATTACKER: tuple[Name, ...] = (
    _name("atk"),
    _name("skl"),
    _name("str"),
    _name("ranged_str", page="rstr"),
    _name("ini"),
    _name("wounds", page="wnd"),
    _name("armor", page="arm"),
    _name("weapons", page="wpn"),
    _name("wounds_remaining", page="wrem"),
    _name("fly"),
)
# The attacker's keywords (4.6): nested under ``keywords`` in the API, flat on the page.
KEYWORDS: tuple[Name, ...] = (
    _name("momentum", page="mom"),
    _name("decisive_blow", page="db"),
    _name("cleave", page="clv"),
    _name("berserker", page="bzk"),
    _name("precision_shot", page="ps"),
)
# The defender, Cleave's second model and the friendly in a melee (7.6).
DEFENDER: tuple[Name, ...] = (
    _name("tgh"),
    _name("defense", api="def"),
    _name("ini"),
    _name("wounds", page="wnd"),
    _name("armor", page="arm"),
    _name("weapons", page="wpn"),
    _name("wounds_remaining", page="wrem"),
    _name("fly"),
)
SITUATION: tuple[Name, ...] = (
    _name("charging", page="charge"),
    _name("downhill_charge", page="downhill"),
    _name("uphill_defender", page="uphill"),
    _name("flanking", page="flank"),
    _name("opportunity_attack", page="opp"),
    _name("hold"),
    _name("elevated", page="elev"),
    _name("long_range", page="long"),
    _name("cover"),
    _name("into_melee"),
)
MORALE_TEST: tuple[Name, ...] = (
    _name("tier"),
    _name("last_hero_slain", page="lhs"),
    _name("below_quarter_wounds", page="quarter"),
    _name("fear_nearby", page="fear"),
    _name("command_aura", page="aura"),
    _name("undead_or_mechanical", page="undead"),
)
# Under ``trigger`` in the API; the trigger shares the test's Undead / Mechanical answer.
MORALE_TRIGGER: tuple[Name, ...] = (
    _name("starting_wounds", page="wnd"),
    _name("wounds_lost_this_turn", page="lost"),
    _name("friendly_destroyed_within_6", page="near"),
    _name("routing", page="rout"),
    _name("wounds_given_back", page="back"),
)
SPELL: tuple[Name, ...] = (
    _name("ability_type", page="type"),
    _name("mana_cost", page="cost"),
    _name("spell_block", page="block"),
    _name("respond", page="resp"),
    _name("dispeller", page="disp"),
    _name("defender_mana", page="mana"),
)
BLAST: tuple[Name, ...] = (
    _name("template", page="tpl"),
    _name("caster_skl", page="skl"),
    _name("strength", page="str"),
)
BLAST_TARGET: tuple[Name, ...] = (
    _name("label", page="lbl"),
    _name("distance", page="dist"),
    _name("base_mm", page="base"),
    _name("tgh"),
    _name("defense", api="def"),
    _name("armor", page="arm"),
    _name("weapons", page="sh"),
    _name("hard_cover", page="hc"),
    _name("wounds_remaining", page="wrem"),
)

ALL: tuple[Name, ...] = (
    *ATTACKER,
    *KEYWORDS,
    *DEFENDER,
    *SITUATION,
    *MORALE_TEST,
    *MORALE_TRIGGER,
    *SPELL,
    *BLAST,
    *BLAST_TARGET,
)
# Path segments the engine and the API spell differently (the engine's ``defense`` is the
# API's ``def``: a Python keyword).
_API_SEGMENT = {name.engine: name.api for name in ALL if name.engine != name.api}


# --- Error paths --------------------------------------------------------------------------


def api_path(path: str, prefix: str = "") -> str:
    """An engine problem's dotted path as the API's request spells it, under ``prefix`` (the
    morale trigger's problems sit under ``trigger``)."""
    parts = [_API_SEGMENT.get(part, part) for part in path.split(".")] if path else []
    return ".".join([prefix, *parts] if prefix else parts)


def page_field(names: Iterable[Name], path: str) -> str | None:
    """The page field an engine problem belongs to, found by the path's last part (the engine
    names the DEF save both ``defense`` and ``def``), or None when no field of ``names`` is it."""
    leaf = path.rsplit(".", 1)[-1]
    return next((n.page for n in names if leaf in (n.engine, n.api)), None)


# --- Values -> engine types ---------------------------------------------------------------
#
# The page reads its form's values into ``{engine name: value}`` with ``from_page``; one
# builder per engine type makes the type from that.

Values = Mapping[str, Any]


def from_page(values: Mapping[str, Any], names: Iterable[Name]) -> dict[str, Any]:
    """A page form's cleaned values by engine name."""
    return {name.engine: values.get(name.page) for name in names}


def _weapons(values: Iterable[str] | None) -> tuple[Weapon, ...]:
    return tuple(Weapon(value) for value in values or ())


def keywords(v: Values) -> Keywords:
    return Keywords(**{key: value for key, value in v.items() if value is not None})


def attacker(v: Values, keyword_values: Values | None) -> Attacker:
    return Attacker(
        **{
            **v,
            "armor": Armor(v["armor"]),
            "weapons": _weapons(v["weapons"]),
            "fly": bool(v["fly"]),
            "keywords": keywords(keyword_values) if keyword_values else Keywords(),
        }
    )


def defender(v: Values) -> Defender:
    return Defender(
        **{
            **v,
            "armor": Armor(v["armor"]),
            "weapons": _weapons(v["weapons"]),
            "fly": bool(v["fly"]),
        }
    )


def situation(v: Values) -> Situation:
    """The situation from the toggles given; a toggle left out (None) is off."""
    given = {key: value for key, value in v.items() if value is not None}
    if "cover" in given:
        given["cover"] = Cover(given["cover"])
    return Situation(**given)


def morale_test(v: Values) -> MoraleTest:
    return MoraleTest(**{**v, "tier": Tier(v["tier"])})


def morale_trigger(v: Values, *, undead_or_mechanical: bool) -> MoraleTrigger:
    given = {key: value for key, value in v.items() if value is not None}
    return MoraleTrigger(**given, undead_or_mechanical=undead_or_mechanical)


def spell(v: Values, rulings: Rulings) -> SpellAttempt:
    return SpellAttempt(
        **{
            **v,
            "ability_type": AbilityType(v["ability_type"]),
            "dispeller": Dispeller(v["dispeller"]),
            "rulings": rulings,
        }
    )


def blast_target(v: Values) -> BlastTarget:
    return BlastTarget(
        **{
            **v,
            "distance": float(v["distance"]),
            "base_mm": float(v["base_mm"]),
            "armor": Armor(v["armor"]),
            "weapons": _weapons(v["weapons"]),
        }
    )


def blast(v: Values, targets: Iterable[BlastTarget], rulings: Rulings) -> Blast:
    return Blast(
        **{**v, "template": Template(v["template"]), "targets": tuple(targets), "rulings": rulings}
    )
