"""The actions a batch entry holds.

A ``batch`` {actions: [{type, payload}, ...]} is one entry holding several ordinary actions
of the entry's seat, applied in order, all or nothing; undo and redo take back and restore
all of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import CORE_TYPES, MAX_BATCH, Action
from .refusals import IllegalAction
from .system import System


def batch_actions(system: System[Any, Any], action: Action) -> tuple[Action, ...]:
    """The actions a ``batch`` entry holds, each an entry of the batch's seat, number and
    time. Raises IllegalAction naming the part of the payload that is wrong."""
    extra = sorted(str(key) for key in action.payload if key != "actions")
    if extra:
        raise IllegalAction(
            f"A batch's payload holds only 'actions' (not {', '.join(extra)}).",
            f"payload.{extra[0]}",
        )
    items = action.payload.get("actions")
    if not isinstance(items, list):
        raise IllegalAction(
            "A batch lists its actions in 'actions', each {type, payload}.", "payload.actions"
        )
    if not 1 <= len(items) <= MAX_BATCH:
        raise IllegalAction(
            f"A batch holds 1 to {MAX_BATCH} actions (got {len(items)}).", "payload.actions"
        )
    known = [action_type.name for action_type in system.action_types]
    actions: list[Action] = []
    for index, item in enumerate(items):
        where = f"payload.actions.{index}"
        change = f"Change {index + 1} of {len(items)}"
        if not isinstance(item, Mapping):
            raise IllegalAction(f"{change} must be an object: {{type, payload}}.", where)
        unknown = sorted(str(key) for key in item if key not in ("type", "payload"))
        if unknown:
            raise IllegalAction(
                f"{change} holds only 'type' and 'payload' (not {', '.join(unknown)}): every "
                "action of a batch is the batch's seat's.",
                f"{where}.{unknown[0]}",
            )
        kind = item.get("type")
        if kind in CORE_TYPES:
            raise IllegalAction(
                f"{change}: a batch holds the game's own actions, not {kind!r}.", f"{where}.type"
            )
        if not isinstance(kind, str) or kind not in known:
            raise IllegalAction(
                f"{change}: {system.name} has no action {kind!r}; there are: {', '.join(known)}.",
                f"{where}.type",
            )
        payload = item.get("payload")
        if payload is not None and not isinstance(payload, Mapping):
            raise IllegalAction(f"{change}: its payload must be an object.", f"{where}.payload")
        actions.append(Action(action.seq, kind, action.by, dict(payload or {}), action.at))
    return tuple(actions)
