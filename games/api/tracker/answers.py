"""What the game views answer, for the schema: a game's state (its seats, legal actions,
open requests to undo, a refused entry), its log, and an action's answer, fresh or stale."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.tracker.access import Role


class SeatSerializer(serializers.Serializer[Any]):
    index = serializers.IntegerField()
    name = serializers.CharField()
    colour = serializers.CharField()
    taken = serializers.BooleanField(help_text="Whether an account has joined this seat.")


class LegalActionSerializer(serializers.Serializer[Any]):
    """One action a seat may take now, as the game's rules engine lists it."""

    type = serializers.CharField(help_text="The action type; post it as it is.")
    # named as Field attributes are: the JSON keys the engine gives
    label = serializers.CharField(help_text="In words, for a button.")  # type: ignore[assignment]
    seat = serializers.IntegerField(help_text="The seat it is taken for; send it as 'seat'.")
    payload = serializers.JSONField(
        help_text="A complete payload: sent as it is, the action applies."
    )
    choices = serializers.JSONField(
        help_text=(
            "The payload fields a player picks, each with what it may be: a list of values; "
            '{"min", "max"} for a whole number; {"dice", "faces"} for a roll, with "labels" '
            'saying whose each die is when the game knows ("Ana\'s die"); {"order": [..]} '
            'to list the items in a chosen order; {"some_of": [..], "min", "max"} for a few '
            'different values; {"text": {"max"}} for words the player types (a card\'s '
            "name). Any combination of allowed values applies."
        )
    )
    at = serializers.CharField(
        allow_blank=True,
        help_text=(
            "The piece of the board it concerns, as the state names it (e.g. "
            "'guardian:1:Bard', 'model:0:footman-1'); empty for the game as a whole."
        ),
    )
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text="Words for the ids in the payload and the choices, so none is shown raw.",
    )


class UndoRequestSerializer(serializers.Serializer[Any]):
    """An open request to undo, waiting for its answer (answer_undo)."""

    seq = serializers.IntegerField(help_text="The request's log number: answer_undo's 'request'.")
    by = serializers.IntegerField(help_text="The seat that asks.")
    target = serializers.IntegerField(help_text="The log number of the action to undo.")
    to = serializers.IntegerField(
        allow_null=True,
        help_text="The seat whose action it is, who answers; null: the host's (no seat).",
    )
    text = serializers.CharField(help_text="In words, as you may read it.")


class RefusedSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField(help_text="The entry the rules now refuse.")
    text = serializers.CharField(help_text="Its history line, as you may read it.")
    reason = serializers.CharField(help_text="Why: said to that entry's own seat alone.")
    set_aside = serializers.IntegerField(
        help_text="How many entries the next action sets aside: that one and every later one."
    )


class GameStateSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    system = serializers.CharField()
    name = serializers.CharField()
    version = serializers.IntegerField(help_text="The number of log entries; send it back.")
    role = serializers.ChoiceField([r.value for r in Role])
    seat = serializers.IntegerField(allow_null=True, help_text="Your seat, if you sit here.")
    seats = SeatSerializer(many=True)
    next_undo = serializers.IntegerField(allow_null=True)
    next_redo = serializers.IntegerField(allow_null=True)
    finished = serializers.BooleanField()
    state = serializers.JSONField(help_text="The system's state as you may see it.")
    legal_actions = LegalActionSerializer(
        many=True,
        help_text=(
            "What you may do now: a player, their seat's actions; the host at no seat (the "
            "table's shared device), every seat's; a spectator, none."
        ),
    )
    undo_requests = UndoRequestSerializer(
        many=True,
        help_text=(
            "The open requests to undo, oldest first. A request closes when answered, or "
            "lapses when its action is undone some other way first (the log says which)."
        ),
    )
    refused = RefusedSerializer(
        allow_null=True,
        help_text=(
            "null, unless the rules of this version refuse an entry of this stored game "
            "(they were tightened since it was recorded): the game then stands just before "
            "it, and the next action sets it and every later entry aside, kept in the log "
            "(R210). Export the game first to keep the whole log as it was played."
        ),
    )
    url = serializers.URLField()


class LogEntrySerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    by = serializers.IntegerField(allow_null=True)
    by_name = serializers.CharField(allow_null=True)
    payload = serializers.JSONField(allow_null=True, help_text="null: a secret not yours.")
    at = serializers.CharField(allow_null=True)
    text = serializers.CharField()
    in_effect = serializers.BooleanField(allow_null=True, help_text="false once undone.")
    at_table = serializers.BooleanField(
        help_text=(
            "Whether the table's shared device (the host at no seat) recorded it. 'by' is "
            "the seat it was taken for, or null for the table as a whole; with at_table true "
            "it was the shared device that recorded it, not that seat's own tablet."
        )
    )


class LogSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    entries = LogEntrySerializer(many=True)


class ActionResultSerializer(serializers.Serializer[Any]):
    action = LogEntrySerializer()
    game = GameStateSerializer()


class StaleSerializer(serializers.Serializer[Any]):
    detail = serializers.CharField()
    errors = serializers.JSONField(  # type: ignore[assignment]  # as BadRequestSerializer
        help_text='{"version": ["..."]}'
    )
    game = GameStateSerializer(help_text="The current state: look, then send again.")
    changes = LogEntrySerializer(
        many=True,
        required=False,
        help_text=(
            "The log entries recorded after the version you sent, as you may read them: what "
            "changed while you were choosing."
        ),
    )
    conflict = serializers.IntegerField(
        allow_null=True,
        required=False,
        help_text=(
            "The first of them that can change what your action means (an action of a step "
            "played at once is recorded instead, R211); null when your action no longer "
            "applies as it stands, or the version was never the game's."
        ),
    )
