"""AZRAH's own API: POST /api/azrah/rosters/validate/, an AZRAH roster checked (Game Setup;
R44-R46)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rest_framework import serializers

from games.api.lists_validate.common import (
    CATALOG_HELP,
    MAX_GUARDIANS,
    MAX_KEY,
    MAX_PARTY_ROW,
    MAX_ROSTER_CARDS,
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
    StrictIntegerField,
    StrictSerializer,
)
from games.models import Catalog
from referee.rules.azrah import roster as roster_engine
from referee.rules.azrah.cards import Guardian, Party, Roster, SharedCard
from referee.rules.lists import Report

from .catalog import RosterCards
from .list_game import GAME
from .models import Guardian as GuardianModel
from .models import SharedCard as SharedCardModel


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
    catalog = _catalog(GAME.slug, request["catalog"])
    entries = GAME.entries_for(catalog) if catalog is not None else None
    return roster_answer(request, catalog, entries)


def roster_answer(
    request: Mapping[str, Any],
    catalog: Catalog | None,
    entries: RosterCards | None,
) -> Body:
    """The answer to a validated roster request, checked against ``catalog``'s cards."""
    if "text" in request:
        text = request["text"]
        report = _engine(lambda: text_report(GAME, text, entries))
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
        report = _engine(lambda: GAME.check_with(roster, entries))
    return roster_report_body(report, catalog)


def roster_report_body(report: Report, catalog: Catalog | None) -> Body:
    return result_body(RosterValidateResultSerializer, report, catalog)


class RosterValidateResultSerializer(ReportSerializer):
    """Every problem of the roster, and its counts."""

    guardian_count = serializers.IntegerField()
    mana = serializers.IntegerField()
    gems = serializers.IntegerField()
    party_count = serializers.IntegerField()
    catalog = CatalogUsedSerializer(allow_null=True)


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


def starter_roster_answer(request: Body) -> Body:
    catalog, cleaned = _starter(GAME.slug)
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


RosterValidateView = validate_view(
    operation_id="azrah_roster_validate",
    summary="Check an AZRAH roster",
    description=(
        "Fifteen Guardians of different names, 10 Mana and 3 Celestial Gems, and a "
        "starting party of three front-row (left, centre, right) and two back-row "
        "Guardians from the roster (Game Setup; R44-R46). Guardians are names or card IDs; "
        "or send the roster as pasted text."
    ),
    request=RosterValidateSerializer,
    result=RosterValidateResultSerializer,
    answer=roster_validate_response,
    example=("Guardians and party", ROSTER_REQUEST, "A short roster with a duplicate"),
    text_example=(ROSTER_TEXT_REQUEST, "A pasted roster with a misspelling"),
    starter_answer=(starter_roster_answer, "The short roster's answer"),
    bad_example=(ROSTER_BAD_RESPONSE, "A string for the list and for Mana"),
)
