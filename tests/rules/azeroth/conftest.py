"""Builders for Azeroth at War attacks, shared by the combat tests.

The defaults make a plain fight: one die, SKL 4+ (1/2), STR 4 against TGH 4 (4+, 1/2), DEF 5+
(fails 2/3), equal Initiative, one wound each. A test changes only what it is about.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.rules.azeroth.profiles import (
    Armor,
    Attack,
    Attacker,
    Cover,
    Defender,
    Keywords,
    Mode,
    NaturalRolls,
    Rulings,
    Situation,
    Weapon,
)

BASE_ATTACKER = Attacker(atk=1, skl=4, str=4, ini=3, wounds=1)
BASE_DEFENDER = Defender(tgh=4, defense=5, ini=3, wounds=1)


def attacker(**changes: Any) -> Attacker:
    """The base attacker with ``changes``; keyword fields (momentum, cleave ...) may be given
    directly."""
    keyword_names = set(Keywords.__dataclass_fields__)
    keywords = {k: changes.pop(k) for k in list(changes) if k in keyword_names}
    if keywords:
        changes["keywords"] = Keywords(**keywords)
    return replace(BASE_ATTACKER, **changes)


def defender(**changes: Any) -> Defender:
    return replace(BASE_DEFENDER, **changes)


def _attack(
    mode: Mode,
    a: Attacker | None,
    d: Defender | None,
    literal: bool,
    second: Defender | None,
    friendly: Defender | None,
    situation: dict[str, Any],
) -> Attack:
    return Attack(
        mode=mode,
        attacker=a or BASE_ATTACKER,
        defender=d or BASE_DEFENDER,
        situation=Situation(**situation),
        rulings=Rulings(NaturalRolls.LITERAL if literal else NaturalRolls.STANDARD),
        second_target=second,
        friendly=friendly,
    )


def melee(
    a: Attacker | None = None,
    d: Defender | None = None,
    *,
    literal: bool = False,
    second: Defender | None = None,
    friendly: Defender | None = None,
    **situation: Any,
) -> Attack:
    return _attack(Mode.MELEE, a, d, literal, second, friendly, situation)


def ranged(
    a: Attacker | None = None,
    d: Defender | None = None,
    *,
    literal: bool = False,
    second: Defender | None = None,
    friendly: Defender | None = None,
    **situation: Any,
) -> Attack:
    return _attack(Mode.RANGED, a, d, literal, second, friendly, situation)


def from_request(data: dict[str, Any]) -> Attack:
    """An Attack from the REST API's request shape (issue section 3), as the known-answer
    file writes it."""

    def profile(p: dict[str, Any]) -> dict[str, Any]:
        out = dict(p)
        if "def" in out:
            out["defense"] = out.pop("def")
        if "armor" in out:
            out["armor"] = Armor(out["armor"])
        out["weapons"] = tuple(Weapon(w) for w in out.get("weapons", ()))
        return out

    a = profile(data["attacker"])
    a.pop("defense", None)
    a["keywords"] = Keywords(**a.get("keywords", {}))
    situation = dict(data.get("situation", {}))
    if "cover" in situation:
        situation["cover"] = Cover(situation["cover"])
    rulings = data.get("rulings", {})
    return Attack(
        mode=Mode(data["mode"]),
        attacker=Attacker(**a),
        defender=Defender(**profile(data["defender"])),
        situation=Situation(**situation),
        rulings=Rulings(NaturalRolls(rulings.get("natural_rolls", "standard"))),
        second_target=Defender(**profile(data["second_target"]))
        if data.get("second_target")
        else None,
        friendly=Defender(**profile(data["friendly"])) if data.get("friendly") else None,
    )
