"""POST /api/azeroth/army-lists/validate/: an Azeroth at War army list, checked (3.1, 4.1, 9.1,
8.1; A12, A13)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.lists_validate.common import (
    CATALOG_HELP,
    MAX_ENTRIES,
    MAX_KEY,
    MAX_TEXT,
    Body,
    CatalogChoiceSerializer,
    CatalogUsedSerializer,
    ReportSerializer,
    _bad,
    _catalog,
    _engine,
    _starter,
    _validated,
    result_body,
    text_report,
    validate_view,
)
from games.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from games.models import Catalog
from referee.rules.azeroth import army as army_engine
from referee.rules.azeroth.profiles import Tier
from referee.rules.azeroth.units import (
    ArmyLine,
    ArmyList,
    BattleSize,
    Faction,
    InlineUnit,
    TierLimit,
    Unit,
)
from referee.rules.lists import Report
from referee.rules.textlists import MAX_COUNT

from .catalog import ArmyCatalog
from .list_game import GAME


class TierLimitSerializer(StrictSerializer):
    """How many units of one tier the army may field (4.1)."""

    min = StrictIntegerField(min_value=0, max_value=army_engine.MAX_TIER_LIMIT)
    max = StrictIntegerField(min_value=0, max_value=army_engine.MAX_TIER_LIMIT)


class CompositionSerializer(StrictSerializer):
    """Tier limits that replace the faction's table (4.1, A12); a tier left out is free."""

    baseline = TierLimitSerializer(required=False)
    mounted = TierLimitSerializer(required=False)
    elite = TierLimitSerializer(required=False)
    hero = TierLimitSerializer(required=False)


@extend_schema_field({"type": "string", "enum": [tier.value for tier in Tier]})
class TierField(StrictChoiceField):
    """A tier (4.1). Documented inline so the schema keeps one Tier enum (the morale one)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__([tier.value for tier in Tier], **kwargs)


@extend_schema_field({"type": "string", "enum": [size.value for size in BattleSize]})
class BattleSizeField(StrictChoiceField):
    """A battle size (3.1), documented inline like TierField."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__([size.value for size in BattleSize], **kwargs)


class ArmyUnitSerializer(StrictSerializer):
    """One line of the army: a catalog unit (``unit``) or a unit given inline (``name``,
    ``points``, ``tiers``, ``unique``, ``faction``)."""

    unit = StrictCharField(
        required=False,
        max_length=MAX_KEY,
        help_text="A catalog unit by slug or by name (any case). Omit for an inline unit.",
    )
    count = StrictIntegerField(
        min_value=0, max_value=MAX_COUNT, default=1, help_text="How many of this unit."
    )
    name = StrictCharField(required=False, max_length=MAX_KEY, help_text="Inline unit: its name.")
    points = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=army_engine.MAX_UNIT_POINTS,
        help_text="Inline unit: points per unit.",
    )
    tiers = serializers.ListField(
        child=TierField(),
        required=False,
        min_length=1,
        max_length=2,
        help_text="Inline unit: one tier, or two for a dual-slot unit (4.1).",
    )
    unique = StrictBooleanField(
        required=False, help_text="Inline unit: a named Hero, once per army (4.1)."
    )
    faction = StrictCharField(
        required=False,
        max_length=60,
        help_text="Inline unit: its faction's slug (checked against the army's faction).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        inline_keys = [k for k in ("name", "points", "tiers", "unique", "faction") if k in attrs]
        if "unit" in attrs:
            if inline_keys:
                raise serializers.ValidationError(
                    {
                        key: ["Give either a catalog 'unit' or an inline unit, not both."]
                        for key in inline_keys
                    }
                )
            return attrs
        missing = [k for k in ("name", "points", "tiers") if k not in attrs]
        if missing == ["name", "points", "tiers"]:
            raise serializers.ValidationError(
                {"unit": ["Name a catalog unit, or give name, points and tiers inline."]}
            )
        if missing:
            raise serializers.ValidationError(
                {key: ["An inline unit needs name, points and tiers."] for key in missing}
            )
        return attrs


class ArmyValidateSerializer(StrictSerializer):
    """An army list to check: its game (battle size, budget, faction) and its units, as JSON
    lines or as pasted text."""

    # units with their battle size, or text (whose header may carry it), never both
    request_schema: ClassVar[dict[str, Any]] = {
        "oneOf": [{"required": ["units", "battle_size"]}, {"required": ["text"]}]
    }

    battle_size = BattleSizeField(
        help_text="skirmish, standard or large (3.1). May be left out when 'text' carries "
        "the header an exported list starts with.",
        required=False,
    )
    points_limit = StrictIntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        max_value=army_engine.MAX_POINTS_LIMIT,
        help_text="An agreed points budget (A12); omit for the battle size's.",
    )
    faction = StrictCharField(
        required=False,
        allow_null=True,
        default=None,
        max_length=60,
        help_text="The army's faction by catalog slug (e.g. 'horde'); omit to infer it (R22).",
    )
    composition = CompositionSerializer(
        required=False,
        allow_null=True,
        default=None,
        help_text="Agreed tier limits {tier: {min, max}}, replacing the faction's table.",
    )
    catalog = CatalogChoiceSerializer(
        required=False, allow_null=True, default=None, help_text=CATALOG_HELP
    )
    units = serializers.ListField(
        child=ArmyUnitSerializer(),
        required=False,
        max_length=MAX_ENTRIES,
        help_text="The units, each a catalog reference or inline. Give this or 'text'.",
    )
    text = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=MAX_TEXT,
        trim_whitespace=False,
        help_text="The list as pasted text ('2 Orc Grunt', 'Wolf Rider x2', ...). Give this "
        "or 'units'.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "units" in attrs and "text" in attrs:
            raise serializers.ValidationError({"text": ["Give 'units' or 'text', not both."]})
        if "units" not in attrs and "text" not in attrs:
            raise serializers.ValidationError({"units": ["Give the units, or the list as 'text'."]})
        if "battle_size" not in attrs and "text" not in attrs:
            raise serializers.ValidationError({"battle_size": ["This field is required."]})
        return attrs


def _army_line(item: Mapping[str, Any]) -> ArmyLine:
    if "unit" in item:
        return ArmyLine(count=item["count"], ref=item["unit"])
    return ArmyLine(
        count=item["count"],
        inline=InlineUnit(
            name=item["name"],
            points=item["points"],
            tiers=tuple(Tier(t) for t in item["tiers"]),
            unique=item.get("unique", False),
            faction=item.get("faction"),
        ),
    )


def _composition(data: Mapping[str, Any] | None) -> dict[Tier, TierLimit] | None:
    if data is None:
        return None
    return {Tier(tier): TierLimit(min=v["min"], max=v["max"]) for tier, v in data.items()}


def _faction(
    slug: str | None, by_name: str | None, factions: Mapping[str, Faction], catalog: Catalog | None
) -> Faction | None:
    if slug is None and by_name is not None:
        wanted = " ".join(by_name.split()).casefold()
        return next(
            (f for f in factions.values() if " ".join(f.name.split()).casefold() == wanted), None
        )
    if slug is None:
        return None
    faction = factions.get(slug)
    if faction is None:
        where = f"catalog {catalog.slug!r} {catalog.version}" if catalog else "any catalog"
        known = ", ".join(factions) or "none"
        raise _bad("faction", f"There is no faction {slug!r} in {where}; known: {known}.")
    return faction


def army_validate_response(data: Any) -> Body:
    """POST /api/azeroth/army-lists/validate/ as a function (3.1, 4.1, 9.1, 8.1; A12, A13)."""
    request = _validated(ArmyValidateSerializer, data)
    catalog = _catalog(GAME.slug, request["catalog"])
    entries = GAME.entries_for(catalog) if catalog is not None else ArmyCatalog({}, {})
    return army_answer(request, catalog, entries)


def army_answer(request: Mapping[str, Any], catalog: Catalog | None, entries: ArmyCatalog) -> Body:
    """The answer to a validated army request, checked against ``catalog``'s entries."""
    factions = entries.factions
    composition = _composition(request["composition"])
    if "text" in request:
        # The engine reads the text, its header, faction and budget (R125); what the request
        # names explicitly wins over the header.
        text = request["text"]
        size = request.get("battle_size")
        faction = _faction(request["faction"], None, factions, catalog)
        report = _engine(
            lambda: text_report(
                GAME,
                text,
                entries,
                battle_size=None if size is None else BattleSize(size),
                points_limit=request["points_limit"],
                faction=faction,
                composition=composition,
            )
        )
    else:
        army = ArmyList(
            battle_size=BattleSize(request["battle_size"]),
            lines=tuple(_army_line(item) for item in request["units"]),
            points_limit=request["points_limit"],
            faction=_faction(request["faction"], None, factions, catalog),
            composition=composition,
        )
        report = _engine(lambda: GAME.check_with(army, entries))
    return army_report_body(report, catalog)


def army_report_body(report: Report, catalog: Catalog | None) -> Body:
    unit_range = cast(tuple[int, int], report.totals["unit_range"])
    return result_body(
        ArmyValidateResultSerializer,
        report,
        catalog,
        unit_range={"min": unit_range[0], "max": unit_range[1]},
    )


class MinMaxSerializer(serializers.Serializer[Any]):
    min = serializers.IntegerField()
    max = serializers.IntegerField()


class TierCountsSerializer(serializers.Serializer[Any]):
    baseline = serializers.IntegerField()
    mounted = serializers.IntegerField()
    elite = serializers.IntegerField()
    hero = serializers.IntegerField()


class TierLimitsSerializer(serializers.Serializer[Any]):
    """The limits that apply; a tier left out has none."""

    baseline = MinMaxSerializer(required=False)
    mounted = MinMaxSerializer(required=False)
    elite = MinMaxSerializer(required=False)
    hero = MinMaxSerializer(required=False)


class ArmyEntrySerializer(serializers.Serializer[Any]):
    """One unit of the army after merging the lines that name it."""

    name = serializers.CharField()
    unit = serializers.CharField(allow_null=True, help_text="Catalog slug; null when inline.")
    count = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Per unit.")
    subtotal = serializers.IntegerField()
    tiers = serializers.ListField(child=serializers.CharField())
    unique = serializers.BooleanField()
    faction = serializers.CharField(allow_null=True)
    magical = serializers.BooleanField()
    lines = serializers.ListField(
        child=serializers.IntegerField(), help_text="Text line numbers it came from."
    )


class ArmyValidateResultSerializer(ReportSerializer):
    """Every problem of the army list, and the totals a list builder shows."""

    total_points = serializers.IntegerField()
    points_limit = serializers.IntegerField(help_text="The budget: agreed, or the battle size's.")
    points_left = serializers.IntegerField(help_text="Negative when over.")
    unit_count = serializers.IntegerField()
    unit_range = MinMaxSerializer(help_text="Units per side for the battle size (3.1).")
    tier_counts = TierCountsSerializer(help_text="Slots used; a dual-slot unit counts in both.")
    tier_limits = TierLimitsSerializer()
    hero_count = serializers.IntegerField()
    mana_income = serializers.IntegerField(help_text="Mana per Mana Phase at full strength (8.1).")
    faction = serializers.CharField(allow_null=True, help_text="The army's faction slug.")
    units = ArmyEntrySerializer(many=True)
    unknown = serializers.ListField(
        child=serializers.CharField(), help_text="Names not found in the catalog."
    )
    catalog = CatalogUsedSerializer(allow_null=True)


ARMY_REQUEST: Body = {
    "battle_size": "skirmish",
    "faction": "horde",
    "units": [
        {"unit": "orc-grunt", "count": 3},
        {"unit": "Wolf Rider", "count": 3},
        {"unit": "thrall-warchief", "count": 1},
        {"name": "Peon Militia", "points": 30, "tiers": ["baseline"], "count": 1},
    ],
}


ARMY_TEXT_REQUEST: Body = {
    "battle_size": "standard",
    "text": "4 Orc Grunt\nWolf Rider x2\n1 Thrall, Warchief of the Horde\n2 Orc Grunts\n"
    "one troll\n",
}


ARMY_BAD_REQUEST: Body = {"battle_size": "huge", "units": [{"count": 2}], "colour": "red"}


ARMY_BAD_RESPONSE: Body = {
    "detail": "3 fields are invalid: battle_size, units.0.unit, colour.",
    "errors": {
        "battle_size": ['"huge" is not one of: skirmish, standard, large.'],
        "units.0.unit": ["Name a catalog unit, or give name, points and tiers inline."],
        "colour": ["Unknown field."],
    },
}


def starter_army_answer(request: Body) -> Body:
    catalog, cleaned = _starter(GAME.slug)
    factions = {
        f["slug"]: Faction(
            slug=f["slug"],
            name=f["name"],
            composition={
                BattleSize(size): {
                    Tier(tier): TierLimit(min=limit["min"], max=limit["max"])
                    for tier, limit in tiers.items()
                }
                for size, tiers in f["composition"].items()
            },
        )
        for f in cleaned["factions"]
    }
    units = {
        u["slug"]: Unit(
            slug=u["slug"],
            name=u["name"],
            faction=u["faction"],
            tiers=tuple(Tier(t) for t in u["tiers"]),
            points=u["points"],
            mov=u["mov"],
            atk=u["atk"],
            skl=u["skl"],
            strength=u["strength"],
            tgh=u["tgh"],
            defense=u["defense"],
            ini=u["ini"],
            wounds=u["wounds"],
            magical=u["magical"],
            unique=u["unique"],
        )
        for u in cleaned["units"]
    }
    entries = ArmyCatalog(units, factions)
    return army_answer(_validated(ArmyValidateSerializer, request), catalog, entries)


ArmyValidateView = validate_view(
    operation_id="azeroth_army_list_validate",
    summary="Check an Azeroth at War army list",
    description=(
        "Points against the budget (3.1, A12), the Hero requirement and unique Heroes "
        "(4.1, 9.1), tier minimums and maximums of the faction's table or an agreed "
        "composition (a dual-slot unit fills both tiers), units per side (a warning), "
        "units not in the catalog (with did-you-mean names) and units of another faction. "
        "Units are catalog references or given inline; or send the list as pasted text, "
        "whose unreadable lines are reported with their line numbers."
    ),
    request=ArmyValidateSerializer,
    result=ArmyValidateResultSerializer,
    answer=army_validate_response,
    example=("Catalog and inline units", ARMY_REQUEST, "A Horde skirmish list"),
    text_example=(ARMY_TEXT_REQUEST, "A pasted list with a line it cannot read"),
    starter_answer=(starter_army_answer, "The Horde list's answer (starter)"),
    bad_example=(ARMY_BAD_RESPONSE, "An unknown battle size, a unit with no name"),
)
