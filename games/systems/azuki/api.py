"""POST /api/azuki/decks/validate/: an Azuki TCG deck, checked (Card Types, Deck Composition,
Elements; K1-K3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.lists_validate.common import (
    CATALOG_HELP,
    MAX_CARD_STAT,
    MAX_ENTRIES,
    MAX_KEY,
    MAX_TEXT,
    Body,
    CatalogChoiceSerializer,
    CatalogUsedSerializer,
    ReportSerializer,
    _catalog,
    _engine,
    _starter,
    _validated,
    result_body,
    text_report,
    validate_view,
)
from games.fields import (
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from games.models import Catalog
from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element
from referee.rules.lists import Report
from referee.rules.textlists import MAX_COUNT

from .list_game import GAME
from .models import Card as AzukiCardModel

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
    catalog = _catalog(GAME.slug, request["catalog"])
    return deck_answer(request, catalog, GAME.entries_for(catalog) if catalog is not None else {})


def deck_answer(
    request: Mapping[str, Any], catalog: Catalog | None, cards: dict[str, Card]
) -> Body:
    """The answer to a validated deck request, checked against ``catalog``'s cards."""
    if "text" in request:
        text = request["text"]
        report = _engine(lambda: text_report(GAME, text, cards))
    else:
        deck = Deck(
            leader=_deck_line(request.get("leader")),
            gate=_deck_line(request.get("gate")),
            cards=tuple(
                line for line in map(_deck_line, request.get("cards", [])) if line is not None
            ),
        )
        report = _engine(lambda: GAME.check_with(deck, cards))
    return deck_report_body(report, catalog)


def deck_report_body(report: Report, catalog: Catalog | None) -> Body:
    return result_body(DeckValidateResultSerializer, report, catalog)


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


def starter_deck_answer(request: Body) -> Body:
    catalog, cleaned = _starter(GAME.slug)
    cards = {
        c["card_id"]: AzukiCardModel(**{k: v for k, v in c.items() if k != "label"}).to_engine()
        for c in cleaned["cards"]
    }
    return deck_answer(_validated(DeckValidateSerializer, request), catalog, cards)


DeckValidateView = validate_view(
    operation_id="azuki_deck_validate",
    summary="Check an Azuki TCG deck",
    description=(
        "Exactly one Leader and one Gate of the Leader's element, a main deck of exactly "
        "50 cards with at most 4 of one card ID, each of the Leader's element or Neutral "
        "(Card Types, Deck Composition, Elements; K1-K3). Cards are catalog IDs (never "
        "names) or given inline; or send the deck as pasted text."
    ),
    request=DeckValidateSerializer,
    result=DeckValidateResultSerializer,
    answer=deck_validate_response,
    example=("Catalog and inline cards", DECK_REQUEST, "A Fire deck with a water Gate"),
    text_example=(DECK_TEXT_REQUEST, "A pasted deck with a line it cannot read"),
    starter_answer=(starter_deck_answer, "The Fire deck's answer (starter)"),
    bad_example=(DECK_BAD_RESPONSE, "A number for the Leader and a negative count"),
)
