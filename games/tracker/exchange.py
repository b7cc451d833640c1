"""Taking a tracked game away as JSON and bringing it back: the export (the whole game, or
during play only what the viewer may see) and the import, which replays the whole log to
the identical game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User

from referee.rules.errors import InvalidInput
from referee.rules.tracker import Action

from ..models.tracker import Game
from .access import Access, require_see
from .current import CoreGame, current_game, finished
from .lifecycle import create_game
from .selectors import log_for

EXPORT_FORMAT = "referee-game"
EXPORT_VERSION = 1


def exports_whole(game: CoreGame, access: Access) -> bool:
    """Whether ``access`` exports the whole log (it holds every secret): the table's device
    at any time, everyone at the table once the game is over. Before that, a player, a
    seated host and a spectator export only what they may see."""
    return access.can_see and (access.is_table or finished(game))


def export_game(game: Game, access: Access) -> dict[str, Any]:
    """The game as JSON, as ``access`` may take it away.

    Whole (``"partial": false``): its setup, seats and every log entry, undo and redo
    included, which ``import_game`` replays to the identical game. Partial (``"partial":
    true``, with the sentence why): the state and the log exactly as the viewer sees them,
    with no setup and no payload they may not see, so it reveals nothing the page does
    not, and it cannot be imported."""
    require_see(access)
    current = current_game(game)
    seats = list(game.seats.all())
    head: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_VERSION,
        "partial": False,
        "system": game.system,
        "name": game.name,
        "catalog_version": game.catalog_version,
        "seats": [{"name": s.name, "colour": s.colour} for s in seats],
        "version": current.version,
    }
    if exports_whole(current, access):
        return {**head, "setup": game.setup, "log": [a.to_json() for a in current.log]}
    names = {s.index: s.name for s in seats}
    return {
        **head,
        "partial": True,
        "partial_reason": _partial_reason(access, names),
        "exported_by": {"role": access.role.value, "seat": access.seat},
        "state": current.system.view(current.state, access.viewer),
        "log": [e for e in log_for(game, access) if e["seq"] <= current.version],
    }


def _partial_reason(access: Access, names: Mapping[int, str]) -> str:
    if access.seat is not None:
        who = f"{names.get(access.seat, 'seat')} (seat {access.seat})"
        left_out = "the other seats' secrets"
    else:
        who = "a spectator"
        left_out = "every seat's secrets"
    return (
        f"The game is still being played, so this export holds only what {who} may see: "
        f"{left_out}, the setup and every payload not theirs to see are left out. It cannot "
        "be imported, since a game is rebuilt by replaying its whole log. Everyone at the "
        "table can export the whole game once it is over, and the host can at any time "
        "from the table's shared device."
    )


def export_filename(game: Game, partial: bool) -> str:
    """A download name made of the game's name in plain letters and digits only, so no
    header or file system reads anything into it."""
    words = re.findall(r"[A-Za-z0-9]+", game.name)
    stem = "-".join(words)[:60].strip("-") or "game"
    return f"{stem}-partial.json" if partial else f"{stem}.json"


def _read_log(data: object) -> list[Action]:
    if not isinstance(data, list):
        raise InvalidInput({"log": ["The log must be a list of actions."]})
    problems: dict[str, list[str]] = {}
    log: list[Action] = []
    for index, entry in enumerate(data):
        path = f"log.{index}"
        if not isinstance(entry, Mapping):
            problems[path] = ["Each log entry is an object."]
            continue
        seq, type, by, payload = (entry.get(k) for k in ("seq", "type", "by", "payload"))
        if seq != index + 1 or isinstance(seq, bool):
            problems[f"{path}.seq"] = [f"Entry {index + 1} must carry seq {index + 1}."]
        if not isinstance(type, str) or not type:
            problems[f"{path}.type"] = ["Each entry needs its type."]
        if by is not None and (isinstance(by, bool) or not isinstance(by, int)):
            problems[f"{path}.by"] = ["'by' is a seat number or null."]
        if payload is not None and not isinstance(payload, Mapping):
            problems[f"{path}.payload"] = ["The payload must be an object."]
        at = entry.get("at")
        if at is not None and not isinstance(at, str):
            problems[f"{path}.at"] = ["'at' is a date and time or null."]
        if not problems:
            log.append(Action.from_json(entry))
    if problems:
        raise InvalidInput(problems)
    return log


def import_game(host: User, data: object) -> Game:
    """A new game, hosted by ``host``, from an ``export_game`` document: the same setup,
    seats and log, replayed to the identical state. Raises InvalidInput naming each bad
    field (``log.3.type``, ``setup.players.0.name``)."""
    if not isinstance(data, Mapping):
        raise InvalidInput({"body": ["A game export is a JSON object."]})
    if data.get("format") != EXPORT_FORMAT:
        raise InvalidInput({"format": [f"Not a game export (format must be {EXPORT_FORMAT!r})."]})
    if data.get("partial", False) is not False:
        raise InvalidInput(
            {
                "partial": [
                    "This is a partial export, made during the game by someone who may not "
                    "see every secret: it has no setup and hides some payloads, so it cannot "
                    "be replayed. Import an export of the whole game, taken once it is over "
                    "or from the table's shared device."
                ]
            }
        )
    seats = data.get("seats")
    colours = None
    if isinstance(seats, list) and all(isinstance(s, Mapping) for s in seats):
        colours = [s.get("colour") for s in seats]
    log = _read_log(data.get("log"))
    game = create_game(
        host=host,
        system=data.get("system"),
        name=data.get("name"),
        setup=data.get("setup"),
        colours=colours,
        log=log,
        new=False,
    )
    if isinstance(data.get("catalog_version"), str):
        game.catalog_version = str(data["catalog_version"])[:20]
        game.save(update_fields=["catalog_version"])
    return game
