"""List validation over the API: Azeroth at War army lists, Azuki decks and AZRAH rosters.

Each ``*_response`` function takes a decoded JSON body and returns the answer body; the views
at the end are thin wrappers around them, and the pages and batch jobs can call them too. The
request serializers check the *shape* (JSON types, ranges, unknown fields); the rules engines in
``referee.rules`` find every rules problem and return it in a Report, rendered here unchanged.
A list that breaks the rules is a 200 with ``valid: false``; a body that is not a list, a
catalog that does not exist or a shape the engine cannot read is a 400 naming each field.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, TypeVar, cast

from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.errors import BODY, flatten_errors
from games.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
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
from referee.rules.azrah import roster as roster_engine
from referee.rules.azrah.cards import Guardian, Party, Roster, SharedCard
from referee.rules.azuki import deck as deck_engine
from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element
from referee.rules.errors import InvalidInput, RulesError
from referee.rules.lists import Problem, Report, Severity
from referee.rules.textlists import MAX_COUNT

from ..catalogs.engine import (
    azeroth_factions,
    azeroth_units,
    azrah_guardians,
    azrah_shared_cards,
    azuki_cards,
)
from ..catalogs.service import check_catalog, default_catalog, find_catalog
from ..models import Card as AzukiCardModel
from ..models import Catalog
from ..models import Guardian as GuardianModel
from ..models import SharedCard as SharedCardModel
from .parsers import BoundedJSONParser
from .views import error_responses

Body = dict[str, Any]
T = TypeVar("T")

MAX_TEXT = 20_000  # characters of pasted text: a 200-line list with long names fits
MAX_ENTRIES = 200  # lines of a list given as JSON (army_engine.MAX_LINES)
MAX_GUARDIANS = 100
MAX_PARTY_ROW = 10
MAX_CARD_STAT = 99
MAX_ROSTER_CARDS = 99
MAX_KEY = 200  # characters of a name, slug or card ID

__all__ = [
    "ArmyValidateView",
    "DeckValidateView",
    "RosterValidateView",
    "army_validate_response",
    "deck_validate_response",
    "problem_body",
    "report_body",
    "roster_validate_response",
]


# --- Shared pieces -------------------------------------------------------------------------


def _validated(serializer_class: type[serializers.Serializer[Any]], data: Any) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        kind = "a list" if isinstance(data, list) else type(data).__name__
        if data is None:
            kind = "null"
        elif isinstance(data, str):
            kind = "a string"
        elif isinstance(data, bool):
            kind = "a boolean"
        elif isinstance(data, int | float):
            kind = "a number"
        raise serializers.ValidationError({BODY: [f"Expected a JSON object, but got {kind}."]})
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        raise serializers.ValidationError(flatten_errors(serializer.errors))
    return dict(serializer.validated_data)


def _engine(call: Callable[[], T]) -> T:
    """Run an engine call; its shape errors (InvalidInput) become a 400 naming each field."""
    try:
        return call()
    except InvalidInput as exc:
        raise serializers.ValidationError(
            {path or BODY: [str(m) for m in messages] for path, messages in exc.problems.items()}
        ) from None
    except RulesError as exc:
        raise serializers.ValidationError({exc.field or BODY: [exc.message]}) from None


def _bad(path: str, message: str) -> serializers.ValidationError:
    return serializers.ValidationError({path: [message]})


class CatalogChoiceSerializer(StrictSerializer):
    """Which catalog the list is checked against."""

    slug = StrictCharField(max_length=60, help_text="The catalog's slug, e.g. 'starter'.")
    version = StrictCharField(
        max_length=20,
        required=False,
        allow_null=True,
        default=None,
        help_text="A version such as '1.0'; omit or null for the newest.",
    )


CATALOG_HELP = (
    "The catalog to check against: {slug, version}. Omit it for the default catalog (the "
    "newest version of the catalog updated last; the starter catalog on a fresh install)."
)


def _catalog(system: str, ref: Mapping[str, Any] | None) -> Catalog | None:
    """The catalog named by ``ref``, or the default one; a name that finds none is a 400."""
    if ref is None:
        return default_catalog(system)
    slug, version = ref["slug"], ref.get("version")
    try:
        return find_catalog(system, slug, version)
    except Catalog.DoesNotExist:
        versions = sorted(
            Catalog.objects.filter(system=system, slug=slug).values_list("version", flat=True)
        )
        if versions and version is not None:
            raise _bad(
                "catalog.version",
                f"The {system} catalog {slug!r} has no version {version!r}; it has "
                f"{', '.join(versions)}.",
            ) from None
        known = sorted(set(Catalog.objects.filter(system=system).values_list("slug", flat=True)))
        hint = f" Known: {', '.join(known)}." if known else " No catalog is loaded yet."
        raise _bad("catalog.slug", f"There is no {system} catalog {slug!r}.{hint}") from None


def catalog_body(catalog: Catalog | None) -> Body | None:
    if catalog is None:
        return None
    return {
        "system": catalog.system,
        "slug": catalog.slug,
        "version": catalog.version,
        "name": catalog.name,
        "demo": catalog.demo,
    }


def _number(value: object) -> int | float | str | None:
    if value is None or isinstance(value, int | float | str):
        return value
    return str(value)


def problem_body(problem: Problem) -> Body:
    return {
        "code": problem.code,
        "severity": problem.severity.value,
        "message": problem.message,
        "rule": problem.rule,
        "actual": _number(problem.actual),
        "limit": _number(problem.limit),
        "entries": list(problem.entries),
        "suggestions": list(problem.suggestions),
    }


def report_body(report: Report) -> Body:
    """``valid``, ``errors`` and ``warnings`` of any game's Report."""
    return {
        "valid": report.valid,
        "errors": [problem_body(p) for p in report.problems if p.severity is Severity.ERROR],
        "warnings": [problem_body(p) for p in report.problems if p.severity is Severity.WARNING],
    }


# --- Azeroth at War army lists -------------------------------------------------------------


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
    catalog = _catalog("azeroth", request["catalog"])
    units = azeroth_units(catalog) if catalog is not None else {}
    factions = azeroth_factions(catalog) if catalog is not None else {}
    return army_answer(request, catalog, units, factions)


def army_answer(
    request: Mapping[str, Any],
    catalog: Catalog | None,
    units: Mapping[str, Unit],
    factions: Mapping[str, Faction],
) -> Body:
    """The answer to a validated army request, checked against ``catalog``'s entries."""
    composition = _composition(request["composition"])
    if "text" in request:
        # The engine reads the text, its header, faction and budget (R125); what the request
        # names explicitly wins over the header.
        text = request["text"]
        size = request.get("battle_size")
        faction = _faction(request["faction"], None, factions, catalog)
        report = _engine(
            lambda: army_engine.check_army_text(
                text,
                units,
                factions,
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
        report = _engine(lambda: army_engine.validate_army(army, units))
    return army_report_body(report, catalog)


def army_report_body(report: Report, catalog: Catalog | None) -> Body:
    totals = report.totals
    unit_range = cast(tuple[int, int], totals["unit_range"])
    return {
        **report_body(report),
        "total_points": totals["total_points"],
        "points_limit": totals["points_limit"],
        "points_left": totals["points_left"],
        "unit_count": totals["unit_count"],
        "unit_range": {"min": unit_range[0], "max": unit_range[1]},
        "tier_counts": totals["tier_counts"],
        "tier_limits": totals["tier_limits"],
        "hero_count": totals["hero_count"],
        "mana_income": totals["mana_income"],
        "faction": totals["faction"],
        "units": totals["units"],
        "unknown": totals["unknown"],
        "catalog": catalog_body(catalog),
    }


# --- Azuki decks -------------------------------------------------------------------------

_CARD_OBJECT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "id": {"type": "string", "maxLength": MAX_KEY, "description": "The card ID (K3)."},
        "count": {
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_COUNT,
            "default": 1,
            "description": "Copies (a line needs at least 1; 0 is reported as bad_count).",
        },
        "name": {"type": "string", "maxLength": MAX_KEY, "description": "Inline card: name."},
        "type": {
            "type": "string",
            "enum": [t.value for t in CardType],
            "description": "Inline card: its type.",
        },
        "element": {
            "type": "string",
            "enum": [e.value for e in Element],
            "description": "Inline card: its element.",
        },
        **{
            stat: {"type": "integer", "minimum": 0, "maximum": MAX_CARD_STAT, "nullable": True}
            for stat in ("ikz_cost", "gate_power", "attack", "health")
        },
        "text": {"type": "string", "maxLength": 2000},
    },
    "required": ["id"],
    "additionalProperties": False,
}


class DeckCardSerializer(StrictSerializer):
    """A card: by catalog ID, or inline with name, type and element."""

    id = StrictCharField(max_length=MAX_KEY, allow_blank=True)
    count = StrictIntegerField(min_value=0, max_value=MAX_COUNT, default=1)
    name = StrictCharField(required=False, max_length=MAX_KEY)
    type = StrictChoiceField([t.value for t in CardType], required=False)
    element = StrictChoiceField([e.value for e in Element], required=False)
    ikz_cost = StrictIntegerField(
        required=False, allow_null=True, min_value=0, max_value=MAX_CARD_STAT
    )
    gate_power = StrictIntegerField(
        required=False, allow_null=True, min_value=0, max_value=MAX_CARD_STAT
    )
    attack = StrictIntegerField(
        required=False, allow_null=True, min_value=0, max_value=MAX_CARD_STAT
    )
    health = StrictIntegerField(
        required=False, allow_null=True, min_value=0, max_value=MAX_CARD_STAT
    )
    text = StrictCharField(required=False, allow_blank=True, max_length=2000)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        inline = [k for k in ("name", "type", "element") if k in attrs]
        extra = [k for k in ("ikz_cost", "gate_power", "attack", "health", "text") if k in attrs]
        if inline or extra:
            missing = [k for k in ("name", "type", "element") if k not in attrs]
            if missing:
                raise serializers.ValidationError(
                    {k: ["An inline card needs name, type and element."] for k in missing}
                )
        return attrs


@extend_schema_field({"oneOf": [{"type": "string", "maxLength": MAX_KEY}, _CARD_OBJECT_SCHEMA]})
class CardRefField(serializers.Field):  # type: ignore[type-arg]
    """A card ID string, or a card object (``{"id"}``, ``{"id", "count"}`` or inline)."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if isinstance(data, str):
            data = {"id": data}
        if not isinstance(data, Mapping):
            raise serializers.ValidationError(
                "Expected a card ID or an object with 'id' (and 'count', or the inline card)."
            )
        serializer = DeckCardSerializer(data=data)
        if not serializer.is_valid():
            raise serializers.ValidationError(serializer.errors)
        return dict(serializer.validated_data)

    def to_representation(self, value: Any) -> Any:
        return value


class DeckValidateSerializer(StrictSerializer):
    """An Azuki deck to check: Leader, Gate and main deck as JSON, or as pasted text."""

    # text, or any of leader, gate and cards, never both
    request_schema: ClassVar[dict[str, Any]] = {
        "oneOf": [
            {"required": ["text"]},
            {"anyOf": [{"required": ["leader"]}, {"required": ["gate"]}, {"required": ["cards"]}]},
        ]
    }

    leader = CardRefField(
        required=False,
        allow_null=True,
        help_text="The Leader: a card ID, {id}, or the card inline. Omit or null when missing.",
    )
    gate = CardRefField(
        required=False,
        allow_null=True,
        help_text="The Gate: a card ID, {id}, or the card inline. Omit or null when missing.",
    )
    cards = serializers.ListField(
        child=CardRefField(),
        required=False,
        max_length=MAX_ENTRIES,
        help_text="The main deck: each a card ID, {id, count}, or inline with its count.",
    )
    catalog = CatalogChoiceSerializer(
        required=False, allow_null=True, default=None, help_text=CATALOG_HELP
    )
    text = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=MAX_TEXT,
        trim_whitespace=False,
        help_text="The deck as pasted text ('Leader: AZK-001', '4 AZK-017 Cinderwake "
        "Ritualist', '4x AZK-019'). Give this or leader, gate and cards.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        given = [k for k in ("leader", "gate", "cards") if k in attrs]
        if "text" in attrs and given:
            raise serializers.ValidationError(
                {"text": ["Give leader, gate and cards, or 'text', not both."]}
            )
        if "text" not in attrs and not given:
            raise serializers.ValidationError(
                {"cards": ["Give leader, gate and cards, or the deck as 'text'."]}
            )
        return attrs


def _deck_line(item: Mapping[str, Any] | None) -> DeckLine | None:
    if item is None:
        return None
    card = None
    if "name" in item:
        card = Card(
            id=item["id"],
            name=item["name"],
            type=CardType(item["type"]),
            element=Element(item["element"]),
            ikz_cost=item.get("ikz_cost"),
            gate_power=item.get("gate_power"),
            attack=item.get("attack"),
            health=item.get("health"),
            text=item.get("text", ""),
        )
    return DeckLine(count=item["count"], card_id=item["id"], card=card)


def deck_validate_response(data: Any) -> Body:
    """POST /api/azuki/decks/validate/ as a function (Card Types, Deck Composition, Elements;
    K1-K3)."""
    request = _validated(DeckValidateSerializer, data)
    catalog = _catalog("azuki", request["catalog"])
    return deck_answer(request, catalog, azuki_cards(catalog) if catalog is not None else {})


def deck_answer(
    request: Mapping[str, Any], catalog: Catalog | None, cards: Mapping[str, Card]
) -> Body:
    """The answer to a validated deck request, checked against ``catalog``'s cards."""
    if "text" in request:
        text = request["text"]
        report = _engine(lambda: deck_engine.validate_deck_text(text, cards))
    else:
        deck = Deck(
            leader=_deck_line(request.get("leader")),
            gate=_deck_line(request.get("gate")),
            cards=tuple(
                line for line in map(_deck_line, request.get("cards", [])) if line is not None
            ),
        )
        report = _engine(lambda: deck_engine.validate_deck(deck, cards))
    return deck_report_body(report, catalog)


def deck_report_body(report: Report, catalog: Catalog | None) -> Body:
    totals = report.totals
    return {
        **report_body(report),
        "card_count": totals["card_count"],
        "unknown_count": totals["unknown_count"],
        "per_element": totals["per_element"],
        "per_type": totals["per_type"],
        "leader": totals["leader"],
        "gate": totals["gate"],
        "element": totals["element"],
        "catalog": catalog_body(catalog),
    }


# --- AZRAH rosters -----------------------------------------------------------------------


class PartySerializer(StrictSerializer):
    """The starting party (Game Setup): front row left, centre, right; two in the back."""

    front = serializers.ListField(
        child=StrictCharField(max_length=MAX_KEY, allow_blank=True),
        max_length=MAX_PARTY_ROW,
        help_text="Front row in order left, centre, right: names or card IDs.",
    )
    back = serializers.ListField(
        child=StrictCharField(max_length=MAX_KEY, allow_blank=True),
        max_length=MAX_PARTY_ROW,
        help_text="Back row: two names or card IDs.",
    )


class RosterValidateSerializer(StrictSerializer):
    """An AZRAH roster to check, as JSON or as pasted text."""

    # text alone, or the Guardians with their mana, gems and party
    request_schema: ClassVar[dict[str, Any]] = {
        "oneOf": [
            {
                "required": ["text"],
                "not": {
                    "anyOf": [{"required": [key]} for key in ("guardians", "mana", "gems", "party")]
                },
            },
            {"required": ["guardians"], "not": {"required": ["text"]}},
        ]
    }

    guardians = serializers.ListField(
        child=StrictCharField(max_length=MAX_KEY, allow_blank=True),
        required=False,
        max_length=MAX_GUARDIANS,
        help_text="The roster's Guardians by name or card ID. Give this or 'text'.",
    )
    mana = StrictIntegerField(
        min_value=0,
        max_value=MAX_ROSTER_CARDS,
        default=roster_engine.MANA_CARDS,
        help_text="Mana cards the player starts with.",
    )
    gems = StrictIntegerField(
        min_value=0,
        max_value=MAX_ROSTER_CARDS,
        default=roster_engine.CELESTIAL_GEMS,
        help_text="Celestial Gem cards the player starts with.",
    )
    party = PartySerializer(
        required=False, allow_null=True, default=None, help_text="The starting party, if chosen."
    )
    catalog = CatalogChoiceSerializer(
        required=False, allow_null=True, default=None, help_text=CATALOG_HELP
    )
    text = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=MAX_TEXT,
        trim_whitespace=False,
        help_text="The roster as pasted text: a Guardian per line, 'Mana: 10', 'Gems: 3', "
        "'Front: a, b, c', 'Back: d, e'. Give this or 'guardians'.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "text" in attrs:
            given = [k for k in ("guardians", "mana", "gems", "party") if k in self.initial_data]
            if given:
                raise serializers.ValidationError(
                    {k: ["The text gives this; send 'text' alone."] for k in given}
                )
        elif "guardians" not in attrs:
            raise serializers.ValidationError(
                {"guardians": ["Give the Guardians, or the roster as 'text'."]}
            )
        return attrs


def roster_validate_response(data: Any) -> Body:
    """POST /api/azrah/rosters/validate/ as a function (Game Setup; R44-R46)."""
    request = _validated(RosterValidateSerializer, data)
    catalog = _catalog("azrah", request["catalog"])
    entries: dict[str, Guardian | SharedCard] | None = None
    if catalog is not None:
        entries = {**azrah_guardians(catalog), **azrah_shared_cards(catalog)}
    return roster_answer(request, catalog, entries)


def roster_answer(
    request: Mapping[str, Any],
    catalog: Catalog | None,
    entries: Mapping[str, Guardian | SharedCard] | None,
) -> Body:
    """The answer to a validated roster request, checked against ``catalog``'s cards."""
    if "text" in request:
        text = request["text"]
        report = _engine(lambda: roster_engine.validate_roster_text(text, entries))
    else:
        party_data = request["party"]
        party = (
            None
            if party_data is None
            else Party(front=tuple(party_data["front"]), back=tuple(party_data["back"]))
        )
        roster = Roster(
            guardians=tuple(request["guardians"]),
            mana=request["mana"],
            gems=request["gems"],
            party=party,
        )
        report = _engine(lambda: roster_engine.validate_roster(roster, entries))
    return roster_report_body(report, catalog)


def roster_report_body(report: Report, catalog: Catalog | None) -> Body:
    totals = report.totals
    return {
        **report_body(report),
        "guardian_count": totals["guardian_count"],
        "mana": totals["mana"],
        "gems": totals["gems"],
        "party_count": totals["party_count"],
        "catalog": catalog_body(catalog),
    }


# --- Response serializers (for the schema) -------------------------------------------------


@extend_schema_field(
    {"anyOf": [{"type": "number"}, {"type": "string"}], "nullable": True},
)
class NumberOrTextField(serializers.Field):  # type: ignore[type-arg]
    def to_representation(self, value: Any) -> Any:
        return value


class ListProblemSerializer(serializers.Serializer[Any]):
    """One problem with the list: stable code, severity, message, rule and the numbers."""

    code = serializers.CharField(
        help_text="Stable code other tools can rely on, e.g. over_points, tier_max, "
        "too_many_copies, roster_size, unknown_entry, unreadable_line."
    )
    severity = serializers.ChoiceField(choices=[s.value for s in Severity])
    message = serializers.CharField(help_text="A readable sentence.")
    rule = serializers.CharField(help_text="Rulebook section or ruling code, e.g. '4.1, A12'.")
    actual = NumberOrTextField(help_text="The number (or value) found; null when none.")
    limit = NumberOrTextField(help_text="The number (or value) allowed; null when none.")
    entries = serializers.ListField(
        child=serializers.CharField(),
        help_text="The units, card IDs, Guardians or 'line N' that cause it.",
    )
    suggestions = serializers.ListField(
        child=serializers.CharField(), help_text="Did-you-mean names, for unknown entries."
    )


class CatalogUsedSerializer(serializers.Serializer[Any]):
    """The catalog the list was checked against."""

    system = serializers.CharField()
    slug = serializers.CharField()
    version = serializers.CharField()
    name = serializers.CharField()
    demo = serializers.BooleanField(help_text="Demonstration content, not official cards.")


class ReportSerializer(serializers.Serializer[Any]):
    valid = serializers.BooleanField(help_text="No errors (warnings allowed).")
    errors = ListProblemSerializer(many=True)  # type: ignore[assignment]
    warnings = ListProblemSerializer(many=True)


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


class PerElementSerializer(serializers.Serializer[Any]):
    fire = serializers.IntegerField()
    water = serializers.IntegerField()
    earth = serializers.IntegerField()
    lightning = serializers.IntegerField()
    neutral = serializers.IntegerField()


class PerTypeSerializer(serializers.Serializer[Any]):
    leader = serializers.IntegerField()
    gate = serializers.IntegerField()
    entity = serializers.IntegerField()
    spell = serializers.IntegerField()
    weapon = serializers.IntegerField()


class DeckValidateResultSerializer(ReportSerializer):
    """Every problem of the deck, and its counts."""

    card_count = serializers.IntegerField(help_text="Main-deck cards (not Leader nor Gate).")
    unknown_count = serializers.IntegerField()
    per_element = PerElementSerializer()
    per_type = PerTypeSerializer()
    leader = serializers.CharField(allow_null=True)
    gate = serializers.CharField(allow_null=True)
    element = serializers.CharField(allow_null=True, help_text="The Leader's element.")
    catalog = CatalogUsedSerializer(allow_null=True)


class RosterValidateResultSerializer(ReportSerializer):
    """Every problem of the roster, and its counts."""

    guardian_count = serializers.IntegerField()
    mana = serializers.IntegerField()
    gems = serializers.IntegerField()
    party_count = serializers.IntegerField()
    catalog = CatalogUsedSerializer(allow_null=True)


# --- Examples ------------------------------------------------------------------------------

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
DECK_REQUEST: Body = {
    "leader": "AZK-001",
    "gate": {"id": "AZK-004"},
    "cards": [
        {"id": "AZK-017", "count": 4},
        {"id": "AZK-019", "count": 5},
        {"id": "AZK-035", "count": 2},
        {"id": "X-1", "name": "Homebrew Imp", "type": "entity", "element": "fire", "count": 3},
    ],
}
DECK_TEXT_REQUEST: Body = {
    "text": "Leader: AZK-001 Ember Matriarch\nGate: AZK-003\n4 AZK-017 Cinderwake Ritualist\n"
    "4x AZK-019\nFour fireballs\n"
}
DECK_BAD_REQUEST: Body = {"leader": 17, "cards": [{"id": "AZK-017", "count": -1}]}
DECK_BAD_RESPONSE: Body = {
    "detail": "2 fields are invalid: leader, cards.0.count.",
    "errors": {
        "leader": ["Expected a card ID or an object with 'id' (and 'count', or the inline card)."],
        "cards.0.count": ["Ensure this value is greater than or equal to 0."],
    },
}
ROSTER_REQUEST: Body = {
    "guardians": ["Aurelia, Dawn Warden", "AZR-002", "Solace the Mender", "aurelia, dawn warden"],
    "mana": 9,
    "gems": 3,
    "party": {"front": ["AZR-001", "AZR-002", "Solace the Mender"], "back": ["AZR-014"]},
}
ROSTER_TEXT_REQUEST: Body = {
    "text": "AZR-001\nNyx Lanternbearer\nSolace the Mendr\nMana: 10\nGems: 3\n",
}
ROSTER_BAD_REQUEST: Body = {"guardians": "AZR-001", "mana": "ten"}
ROSTER_BAD_RESPONSE: Body = {
    "detail": "2 fields are invalid: guardians, mana.",
    "errors": {
        "guardians": ['Expected a list of items but got type "str".'],
        "mana": ["A valid integer is required."],
    },
}


def _request(name: str, value: Body, summary: str) -> OpenApiExample:
    return OpenApiExample(name, value=value, summary=summary, request_only=True)


STARTER_DIR = Path(__file__).resolve().parents[1] / "catalogs" / "starter"


@cache
def _starter(system: str) -> tuple[Catalog, dict[str, Any]]:
    """The starter catalog of ``system`` read from its file, never from the database: the
    schema is built without one. An unsaved Catalog holds its header."""
    header, cleaned = check_catalog(json.loads((STARTER_DIR / f"{system}.json").read_text()))
    return Catalog(**header), cleaned


def starter_army_answer(request: Body) -> Body:
    catalog, cleaned = _starter("azeroth")
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
    return army_answer(_validated(ArmyValidateSerializer, request), catalog, units, factions)


def starter_deck_answer(request: Body) -> Body:
    catalog, cleaned = _starter("azuki")
    cards = {
        c["card_id"]: AzukiCardModel(**{k: v for k, v in c.items() if k != "label"}).to_engine()
        for c in cleaned["cards"]
    }
    return deck_answer(_validated(DeckValidateSerializer, request), catalog, cards)


def starter_roster_answer(request: Body) -> Body:
    catalog, cleaned = _starter("azrah")
    entries: dict[str, Guardian | SharedCard] = {}
    for g in cleaned["guardians"]:
        entries[g["card_id"]] = GuardianModel(
            **{k: v for k, v in g.items() if k != "label"}
        ).to_engine()
    for c in cleaned["shared_cards"]:
        entries[c["card_id"]] = SharedCardModel(
            **{k: v for k, v in c.items() if k != "label"}
        ).to_engine()
    return roster_answer(_validated(RosterValidateSerializer, request), catalog, entries)


class StarterAnswer(OpenApiExample):
    """A 200 example: the answer to ``request`` against the starter catalog (the default
    catalog of a fresh install), worked out when the schema is built."""

    def __init__(
        self, name: str, request: Body, respond: Callable[[Body], Body], summary: str
    ) -> None:
        self._request = request
        self._respond = respond
        super().__init__(name, summary=summary, response_only=True, status_codes=["200"])

    @property
    def value(self) -> Body:
        return self._respond(self._request)

    @value.setter
    def value(self, _: Any) -> None:
        """Always computed; drf-spectacular's attempts to set it are ignored."""


def _bad_example(value: Body, summary: str) -> OpenApiExample:
    return OpenApiExample(
        "Bad input", value=value, summary=summary, response_only=True, status_codes=["400"]
    )


# --- Views ---------------------------------------------------------------------------------


class ValidateView(APIView):
    """Shared set-up of the validation endpoints: open to any tool, JSON in, size-capped."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    parser_classes = (BoundedJSONParser,)


LISTS_TAG = "Lists"
NOTE = (
    " A list that breaks the rules is a 200 with valid false and every problem at once; a "
    "body of the wrong shape, or a catalog that does not exist, is a 400 naming each field."
)


class ArmyValidateView(ValidateView):
    @extend_schema(
        operation_id="azeroth_army_list_validate",
        tags=[LISTS_TAG],
        summary="Check an Azeroth at War army list",
        description=(
            "Points against the budget (3.1, A12), the Hero requirement and unique Heroes "
            "(4.1, 9.1), tier minimums and maximums of the faction's table or an agreed "
            "composition (a dual-slot unit fills both tiers), units per side (a warning), "
            "units not in the catalog (with did-you-mean names) and units of another faction. "
            "Units are catalog references or given inline; or send the list as pasted text, "
            "whose unreadable lines are reported with their line numbers." + NOTE
        ),
        request=ArmyValidateSerializer,
        responses={200: ArmyValidateResultSerializer, **error_responses()},
        examples=[
            _request("Catalog and inline units", ARMY_REQUEST, "A Horde skirmish list"),
            _request("Pasted text", ARMY_TEXT_REQUEST, "A pasted list with a line it cannot read"),
            StarterAnswer(
                "Answer", ARMY_REQUEST, starter_army_answer, "The Horde list's answer (starter)"
            ),
            _bad_example(ARMY_BAD_RESPONSE, "An unknown battle size, a unit with no name"),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(army_validate_response(request.data))


class DeckValidateView(ValidateView):
    @extend_schema(
        operation_id="azuki_deck_validate",
        tags=[LISTS_TAG],
        summary="Check an Azuki TCG deck",
        description=(
            "Exactly one Leader and one Gate of the Leader's element, a main deck of exactly "
            "50 cards with at most 4 of one card ID, each of the Leader's element or Neutral "
            "(Card Types, Deck Composition, Elements; K1-K3). Cards are catalog IDs (never "
            "names) or given inline; or send the deck as pasted text." + NOTE
        ),
        request=DeckValidateSerializer,
        responses={200: DeckValidateResultSerializer, **error_responses()},
        examples=[
            _request("Catalog and inline cards", DECK_REQUEST, "A Fire deck with a water Gate"),
            _request("Pasted text", DECK_TEXT_REQUEST, "A pasted deck with a line it cannot read"),
            StarterAnswer(
                "Answer", DECK_REQUEST, starter_deck_answer, "The Fire deck's answer (starter)"
            ),
            _bad_example(DECK_BAD_RESPONSE, "A number for the Leader and a negative count"),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(deck_validate_response(request.data))


class RosterValidateView(ValidateView):
    @extend_schema(
        operation_id="azrah_roster_validate",
        tags=[LISTS_TAG],
        summary="Check an AZRAH roster",
        description=(
            "Fifteen Guardians of different names, 10 Mana and 3 Celestial Gems, and a "
            "starting party of three front-row (left, centre, right) and two back-row "
            "Guardians from the roster (Game Setup; R44-R46). Guardians are names or card IDs; "
            "or send the roster as pasted text." + NOTE
        ),
        request=RosterValidateSerializer,
        responses={200: RosterValidateResultSerializer, **error_responses()},
        examples=[
            _request("Guardians and party", ROSTER_REQUEST, "A short roster with a duplicate"),
            _request("Pasted text", ROSTER_TEXT_REQUEST, "A pasted roster with a misspelling"),
            StarterAnswer(
                "Answer", ROSTER_REQUEST, starter_roster_answer, "The short roster's answer"
            ),
            _bad_example(ROSTER_BAD_RESPONSE, "A string for the list and for Mana"),
        ],
    )
    def post(self, request: Request) -> Response:
        return Response(roster_validate_response(request.data))
