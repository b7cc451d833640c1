"""The options an Azeroth at War batch takes (a tournament's format): one battle size and one
agreed points limit for every list, as the upload page and the API ask for them
(``list_game`` checks them, A12)."""

from __future__ import annotations

from django import forms
from rest_framework import serializers

from games.listgames.base import BatchFields
from referee.rules.azeroth.army import MAX_POINTS_LIMIT
from referee.rules.azeroth.units import BattleSize

SIZES = tuple(size.value for size in BattleSize)

FIELDS = BatchFields(
    page={
        "battle_size": forms.ChoiceField(
            required=False,
            choices=[
                ("", "Each list's own (else Standard)"),
                ("skirmish", "Skirmish"),
                ("standard", "Standard"),
                ("large", "Large Battle"),
            ],
            help_text="Azeroth at War only.",
        ),
        "points_limit": forms.IntegerField(
            required=False,
            min_value=1,
            max_value=MAX_POINTS_LIMIT,
            label="Agreed points limit",
            help_text="Azeroth at War only. Empty: each list's own, else the battle size's.",
        ),
    },
    upload={
        "battle_size": serializers.ChoiceField(
            choices=SIZES,
            required=False,
            help_text="Azeroth at War only: every list is checked at this battle size "
            "(default: each list's own, else standard).",
        ),
        "points_limit": serializers.IntegerField(
            required=False,
            help_text="Azeroth at War only: an agreed points budget for every list.",
        ),
    },
    json={
        "battle_size": serializers.ChoiceField(
            choices=SIZES,
            required=False,
            allow_blank=True,
            allow_null=True,
            help_text="Azeroth at War only. Empty or null: the default.",
        ),
        "points_limit": serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=1,
            max_value=MAX_POINTS_LIMIT,
            help_text="Azeroth at War only. Null: the battle size's.",
        ),
    },
    nouns=("battle size", "points"),
)
