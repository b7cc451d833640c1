"""Tracked games: a game, its seats, who may watch, and its append-only log of actions.

The log is the truth. A game's state is never stored as such: it is what replaying the log
through the system's rules engine gives (``games.tracker.current``). ``version`` is the
number of entries in the log, kept on the game row so that a request can be checked against
it under a row lock, and ``(game, seq)`` is unique so the log can have neither a gap nor a
duplicate.
"""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import models

from games import registry

from .catalog import Catalog

SEAT_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b7950b", "#7d3c98", "#ca6f1e")


def new_link_token() -> str:
    """An unguessable token for a join or watch link (144 random bits)."""
    return secrets.token_urlsafe(18)


def tracker_choices() -> list[tuple[str, str]]:
    return [(slug, system.name) for slug, system in registry.trackers().items()]


class GameQuerySet(models.QuerySet["Game"]):
    def visible_to(self, user: AbstractBaseUser) -> GameQuerySet:
        """The games ``user`` hosts, sits at or watches, each once: the games their list
        shows. Whether they may see a given game's state, and what of it, is the tracker's
        to say (``games.tracker.access.access_for``); a watch link opened without an
        account is not an account's game and is not among these."""
        return self.filter(
            models.Q(host=user) | models.Q(seats__user=user) | models.Q(spectators__user=user)
        ).distinct()


class Game(models.Model):
    """A game being tracked. ``setup`` is the system's setup in its own JSON form
    (``System.setup_to_json``); the join and watch tokens are the player and spectator
    links, revoked by replacing them."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    system = models.CharField(max_length=20, choices=tracker_choices)
    name = models.CharField(max_length=120)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_games"
    )
    catalog = models.ForeignKey(
        Catalog, null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    catalog_version = models.CharField(max_length=20, blank=True)
    setup = models.JSONField()
    version = models.PositiveIntegerField(default=0)
    join_token = models.CharField(max_length=40, unique=True, default=new_link_token)
    watch_token = models.CharField(max_length=40, unique=True, default=new_link_token)
    finished = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ("-updated",)

    def __str__(self) -> str:
        return self.name


class Seat(models.Model):
    """A player's place at the table: a name and colour from the setup, and the account
    that joined it through the player link (None until someone does)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=120)
    colour = models.CharField(max_length=7)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )

    class Meta:
        ordering = ("game", "index")
        constraints = (
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint(fields=["game", "user"], name="seat_one_per_user"),
        )

    def __str__(self) -> str:
        return f"{self.name} (seat {self.index})"


class Spectator(models.Model):
    """An account that opened the watch link. Replacing the link removes every spectator."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="spectators")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="watching"
    )

    class Meta:
        constraints = (models.UniqueConstraint(fields=["game", "user"], name="spectator_unique"),)

    def __str__(self) -> str:
        return f"{self.user} watching {self.game}"


class GameAction(models.Model):
    """One entry of a game's log: its number, type, the seat it was taken for (None for
    the host or the system), the account that sent it, its payload and when."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="game_actions",
    )
    payload = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField()

    class Meta:
        ordering = ("game", "seq")
        constraints = (models.UniqueConstraint(fields=["game", "seq"], name="action_unique_seq"),)

    def __str__(self) -> str:
        return f"#{self.seq} {self.type}"


class GameState(models.Model):
    """The latest state of a game, stored with the log's version it stands at, so a game
    opens in any worker, after any restart, without replaying its log
    (``games.tracker.snapshots``). A cache of the replay, never the truth: one that no
    longer reads (the rules changed how a state is made) is replayed again."""

    game = models.OneToOneField(
        Game, primary_key=True, on_delete=models.CASCADE, related_name="stored_state"
    )
    version = models.PositiveIntegerField()
    blob = models.BinaryField()

    def __str__(self) -> str:
        return f"{self.game_id} at version {self.version}"


class GameSnapshot(models.Model):
    """The state after some entries of a game's log, every few entries, that an undo or a
    redo replays from instead of the setup: ``count`` entries were in effect then, which
    ``digest`` names (``games.tracker.snapshots``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    count = models.PositiveIntegerField()
    digest = models.CharField(max_length=64)
    blob = models.BinaryField()

    class Meta:
        ordering = ("game", "-seq")
        constraints = (models.UniqueConstraint(fields=["game", "seq"], name="snapshot_unique_seq"),)

    def __str__(self) -> str:
        return f"{self.game_id} after #{self.seq}"


class PendingGame(models.Model):
    """A game waiting for its players' lists, before there is a setup to run.

    The host took a seat and brought their own list; every other seat is filled by a player
    who opens the player link and brings theirs, so nobody chooses an opponent's hidden
    party. When the last list arrives the setup is built from all of them and the game
    starts: a ``Game`` with this id and this player link takes the row's place. ``options``
    holds what the host chose for the setup (who plays first, scenario, battle size);
    ``name`` may stay blank, and is then made from the players' names at the start."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    system = models.CharField(max_length=20, choices=tracker_choices)
    name = models.CharField(max_length=120, blank=True)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pending_games"
    )
    options = models.JSONField(default=dict, blank=True)
    join_token = models.CharField(max_length=40, unique=True, default=new_link_token)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created",)

    def __str__(self) -> str:
        return self.name or f"{self.get_system_display()} (waiting)"


class PendingSeat(models.Model):
    """A seat of a waiting game: the account that took it, the player's name, and the list
    they brought, copied as it was when it was checked (editing or deleting the saved list
    afterwards changes nothing). ``party`` is a starting party chosen here instead of the
    list's, in a game whose players choose one."""

    game = models.ForeignKey(PendingGame, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=120, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="pending_seats",
    )
    list_name = models.CharField(max_length=120, blank=True)
    list_payload = models.JSONField(null=True, blank=True)
    catalog = models.ForeignKey(
        Catalog, null=True, blank=True, on_delete=models.SET_NULL, related_name="pending_seats"
    )
    party = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ("game", "index")
        constraints = (
            models.UniqueConstraint(fields=["game", "index"], name="pending_seat_unique_index"),
            models.UniqueConstraint(fields=["game", "user"], name="pending_seat_one_per_user"),
        )

    def __str__(self) -> str:
        return f"{self.name or 'free'} (seat {self.index})"

    @property
    def ready(self) -> bool:
        """Whether a player sits here with their list."""
        return self.user_id is not None and self.list_payload is not None
