"""Playing the golden games: each one built deterministically from a seed, through the pure
tracker core (``start``, ``game_apply``), from the engine's own list of legal actions only.

Beside the game's own actions, a game records what a table does to its history: a seat
undoing one of its own actions (and, sometimes, the table's device undoing one), redoing
it, a batch of several actions of one seat, requests to undo another seat's action that are
accepted, declined or left open, and requests that lapse because their target was undone
directly first. Every entry is offered by the engine or allowed by the core: a refused one
is not recorded and another step is tried, so the log always replays.

Nothing here reads a clock or a global random generator: the same seed and the same code
give the same log, with the same ``at`` times.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from games.registry import tracker
from referee.rules.tracker import (
    ANSWER_UNDO,
    BATCH,
    REDO,
    REQUEST_UNDO,
    UNDO,
    Choice,
    Game,
    IllegalAction,
    LegalAction,
    game_apply,
    start,
)
from tests.rules.tracker import legal_play

CoreGame = Game[Any, Any]

START = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)
"""When the first entry of every golden game was recorded; each next one is 23 s later."""
STEP = timedelta(seconds=23)

# Actions that move a game on are picked more (or less) often than the rest, so a finished
# game reaches its end after a few hundred entries and an unfinished one stays in play.
WEIGHTS: dict[str, dict[str, float]] = {
    "azeroth": {
        "edge_roll_off": 8,
        "nominate_warlord": 4,
        "round_roll_off": 8,
        "activate": 10,
        "morale_test": 8,
        "leave_table": 1,
        "objectives": 6,
        "end_stage": 8,
        "damage": 2,
        "heal": 2,
        "use_ability": 4,
        "summon": 4,
        "taunt": 4,
        "spell_block": 6,
        "dispel": 6,
        "counterspell": 6,
    },
    "athazar": {"add_card": 0.3, "drop_card": 0.5, "forget_hand": 0.3, "deal": 4},
}

# How often an amount may be as large as allowed: a blow of the whole of a Warlord's health
# ends an Azeroth at War game in a few entries.
BIG = {"azeroth": 0.02}


@dataclass(frozen=True, slots=True)
class Plan:
    """One golden game: the system, a name for its file, the seed of its choices, and where
    it stops: at the game's end (``finish``) or after ``entries`` log entries."""

    slug: str
    name: str
    seed: int
    entries: int
    finish: bool
    title: str = ""
    # How often each kind of entry about the history is tried, per step.
    undo: float = 0.06
    redo: float = 0.35  # after an undo, the chance the next step redoes it
    request: float = 0.05
    batch: float = 0.04
    table_undo: float = 0.015


PLANS: tuple[Plan, ...] = (
    Plan("azrah", "finished", seed=9, entries=900, finish=True, title="Ana v Ben, to the end"),
    Plan("azrah", "unfinished", seed=3, entries=300, finish=False, title="Ana v Ben, adjourned"),
    Plan("azrah", "opening", seed=0, entries=40, finish=False, title="Ana v Ben, face down"),
    Plan("azeroth", "finished", seed=3, entries=900, finish=True, title="At the bridge"),
    Plan("azeroth", "unfinished", seed=3, entries=300, finish=False, title="At the ford"),
    Plan("azuki", "finished", seed=0, entries=900, finish=True, title="Ana v Ben, best of one"),
    Plan("azuki", "unfinished", seed=0, entries=300, finish=False, title="Ana v Ben, on hold"),
    Plan("runeage", "finished", seed=14, entries=900, finish=True, title="Three at the Rune Age"),
    Plan("runeage", "unfinished", seed=0, entries=300, finish=False, title="Rune Age, paused"),
    Plan("athazar", "finished", seed=32, entries=900, finish=True, title="Three at Athazar"),
    Plan("athazar", "unfinished", seed=1, entries=300, finish=False, title="Athazar, mid-round"),
)


def at(seq: int) -> str:
    """The fixed time of log entry ``seq``, as an export writes it."""
    return (START + STEP * (seq - 1)).isoformat()


def choice_value(rng: random.Random, choice: Choice, big: float = 0.3) -> Any:
    """A value ``choice`` allows, as the property tests pick one but never an edge value
    (null, empty) nor the longest text: the golden games are plain play."""
    return legal_play.choice_value(rng, choice, edges=0.0, big=big, longest=False)


def filled(rng: random.Random, slug: str, legal: LegalAction) -> dict[str, Any]:
    """The entry's payload with each choice given a value it allows."""
    payload = dict(legal.payload)
    for name, choice in legal.choices.items():
        payload[name] = choice_value(rng, choice, BIG.get(slug, 0.3))
    assert legal.allows(payload), (legal, payload)
    return payload


def seats_of(game: CoreGame) -> int:
    return len(game.system.seat_names(game.setup))


def offered(game: CoreGame, seat: int | None = None) -> list[LegalAction]:
    seats = range(seats_of(game)) if seat is None else (seat,)
    return [entry for s in seats for entry in game.system.legal_actions(game.state, s)]


def pick(rng: random.Random, slug: str, options: list[LegalAction]) -> LegalAction:
    """A listed action, its kind weighted by ``WEIGHTS``."""
    weights = WEIGHTS.get(slug, {})
    kinds = sorted({entry.type for entry in options})
    (kind,) = rng.choices(kinds, [weights.get(k, 1) for k in kinds])
    return rng.choice([entry for entry in options if entry.type == kind])


@dataclass
class Table:
    """A game being recorded, and what the next steps may still do."""

    plan: Plan
    rng: random.Random
    game: CoreGame
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def system(self) -> Any:
        return self.game.system

    def apply(self, type: str, by: int | None, payload: Mapping[str, Any]) -> bool:
        """Record the entry, or nothing when the core refuses it; whether it was recorded."""
        try:
            after = game_apply(
                self.game, type=type, by=by, payload=payload, at=at(self.game.version + 1)
            )
        except IllegalAction:
            return False
        if not self.plan.finish and self.system.over(after.state):
            return False  # an unfinished game is kept in play
        self.game = after
        self.counts[type] = self.counts.get(type, 0) + 1
        return True

    def owner(self, seq: int) -> int | None:
        return self.game.log[seq - 1].by

    def step(self) -> bool:
        """One more entry; False when nothing more can be done."""
        plan, rng, game = self.plan, self.rng, self.game
        last = game.log[-1] if game.log else None
        redoing = last is not None and last.type == UNDO and game.next_redo() is not None
        if redoing and rng.random() < plan.redo:
            target = game.next_redo()
            assert target is not None
            if self.apply(REDO, self.owner(target), {"target": target}):
                return True
        if game.undo_requests and rng.random() < 0.3:
            request = rng.choice(game.undo_requests)
            roll = rng.random()
            if roll < 0.2:  # its target undone directly first: the request lapses
                if self.apply(UNDO, request.to, {"target": request.target}):
                    return True
            else:
                accept = roll < 0.6
                if accept and self.apply(
                    ANSWER_UNDO, request.to, {"request": request.seq, "accept": True}
                ):
                    return True
                answer = {"request": request.seq, "accept": False}
                if self.apply(ANSWER_UNDO, request.to, answer):
                    return True
        effective = game.history.effective
        roll = rng.random()
        if effective and roll < plan.undo:
            # mostly the latest action, sometimes an older one, undone by its own seat
            target = effective[-1] if rng.random() < 0.7 else rng.choice(effective)
            if self.apply(UNDO, self.owner(target), {"target": target}):
                return True
        elif effective and roll < plan.undo + plan.table_undo:
            if self.apply(UNDO, None, {"target": effective[-1]}):
                return True
        elif effective and roll < plan.undo + plan.table_undo + plan.request:
            if self.request():
                return True
        elif roll < plan.undo + plan.table_undo + plan.request + plan.batch and self.batch():
            return True
        options = offered(game)
        for _ in range(20):
            if not options:
                return False
            legal = pick(rng, plan.slug, options)
            payload = filled(rng, plan.slug, legal)
            if self.apply(legal.type, legal.seat, payload):
                return True
            # refused only when it would end a game kept unfinished
            assert not plan.finish, f"{plan.slug}: the listed {legal.type} {payload} was refused"
        return False

    def request(self) -> bool:
        """A seat asks another seat to undo one of that seat's actions in effect."""
        game, rng = self.game, self.rng
        asked = {request.target for request in game.undo_requests}
        targets = [
            seq
            for seq in game.history.effective[-12:]
            if seq not in asked
            and self.owner(seq) is not None
            and not self.system.private_edit(game.log[seq - 1])
        ]
        if not targets or seats_of(game) < 2:
            return False
        target = rng.choice(targets)
        owner = self.owner(target)
        by = rng.choice([s for s in range(seats_of(game)) if s != owner])
        return self.apply(REQUEST_UNDO, by, {"target": target})

    def batch(self) -> bool:
        """Two or three listed actions of one seat, each listed after the one before,
        recorded as one entry."""
        game, rng = self.game, self.rng
        seat = rng.randrange(seats_of(game))
        parts: list[dict[str, Any]] = []
        trial = game
        for _ in range(rng.randint(2, 3)):
            if trial.system.over(trial.state):
                break
            options = offered(trial, seat)
            if not options:
                break
            legal = pick(rng, self.plan.slug, options)
            payload = filled(rng, self.plan.slug, legal)
            trial = game_apply(trial, type=legal.type, by=seat, payload=payload)
            parts.append({"type": legal.type, "payload": payload})
        if len(parts) < 2:
            return False
        return self.apply(BATCH, seat, {"actions": parts})

    def leave_open(self) -> None:
        """An unfinished game is left as a table leaves it: an action undone that could be
        redone, and a request to undo waiting for its answer."""
        if self.system.over(self.game.state):
            return
        if self.game.next_redo() is None and self.game.history.effective:
            target = self.game.history.effective[-1]
            self.apply(UNDO, self.owner(target), {"target": target})
        if not self.game.undo_requests:
            self.request()


def play(plan: Plan) -> CoreGame:
    """The golden game ``plan`` describes, played to its end or to its length."""
    system = tracker(plan.slug)
    setup = system.setup_from_json(system.example_setup())
    table = Table(plan, random.Random(plan.seed), start(system, setup))
    while table.game.version < plan.entries:
        if plan.finish and system.over(table.game.state):
            break
        if not table.step():
            break
    if not plan.finish:
        table.leave_open()
    return table.game
