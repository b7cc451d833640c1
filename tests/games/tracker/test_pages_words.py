"""The table page says a pending change and the history in words: seats by their player's
name, ids by the names the engine gives them, objects as one line, and never Python data."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.models import Game, Seat
from games.registry import tracker, trackers
from games.tracker import apply
from games.tracker.access import access_for
from games.tracker.pages import Change, Entry, changes, headline, history
from games.tracker.selectors import log_for
from referee.rules.tracker import IllegalAction, game_apply, start
from tests.games.tracker.support import game, host, player, spectator
from tests.rules.tracker.legal_play import filled

__all__ = ["game", "host", "player", "spectator"]

SEATS = [{"index": 0, "name": "Ana"}, {"index": 1, "name": "Ben"}]
PYTHON = re.compile(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|': |\w_\w")


def lines(found: list[Change]) -> list[str]:
    return [f"{c.where}: {c.what} {c.before} → {c.after}" for c in found]


# --- seats, ids and objects -----------------------------------------------------------------


def test_it_says_a_winner_by_the_players_name() -> None:
    found = changes(
        {"winner": None, "players": [{"name": "Ana"}, {"name": "Ben"}]},
        {
            "winner": 1,
            "players": [{"name": "Ana"}, {"name": "Ben"}],
        },
    )
    assert found == [Change("", "winner", "—", "Ben")]


def test_it_says_every_seat_number_by_name_given_the_seats() -> None:
    before = {"deployment": {"edge_chooser": None}, "next_seat": 0}
    after = {"deployment": {"edge_chooser": 1}, "next_seat": 1}
    assert lines(changes(before, after, seats=["Ana", "Ben"])) == [
        "deployment: edge chooser — → Ben",
        ": next seat Ana → Ben",
    ]


def test_it_names_ids_as_the_view_and_the_legal_actions_do() -> None:
    before = {
        "sides": [{"name": "Ana", "models": [{"id": "footman-1", "name": "Footman 1"}]}],
        "opportunity_attacks_used": [],
        "target": None,
    }
    after = {**before, "opportunity_attacks_used": ["footman-1"], "target": "priest-1"}
    found = lines(changes(before, after, names={"priest-1": "Priest"}))
    assert found == [": opportunity attacks used — → Footman 1", ": target — → Priest"]


def test_an_object_that_appears_is_one_line_of_its_plain_fields() -> None:
    before: dict[str, Any] = {"players": [{"name": "Ana"}, {"name": "Ben"}], "activating": None}
    after = {
        **before,
        "activating": {"seat": 1, "model": "priest-1", "stopped": False, "odds": {"goes": 1}},
    }
    found = changes(before, after, names={"priest-1": "Priest"})
    assert found == [Change("", "activating", "—", "seat Ben, model Priest")]


def test_a_list_of_objects_that_changes_length_is_said_item_by_item() -> None:
    before: dict[str, Any] = {"queue": [{"model": "footman-1", "result": None}]}
    after = {"queue": [{"model": "footman-1", "result": "pass"}, {"model": "priest-1"}]}
    found = changes(before, after, names={"footman-1": "Footman 1", "priest-1": "Priest"})
    assert found == [
        Change("", "queue", "model Footman 1", "model Footman 1, result pass; model Priest")
    ]


def test_an_id_with_a_name_beside_it_is_said_once_by_its_name() -> None:
    before = {"name": "Ben", "warlord": None, "warlord_name": None}
    after = {"name": "Ben", "warlord": "sorceress-1", "warlord_name": "Sorceress"}
    assert changes(before, after) == [Change("Ben", "warlord", "—", "Sorceress")]


def test_a_swap_says_who_came_and_who_went() -> None:
    bard, mystic = {"name": "Bard", "damage": 0}, {"name": "Mystic", "damage": 0}
    before = {"players": [{"name": "Ben", "front": [bard], "back": [mystic]}]}
    after = {"players": [{"name": "Ben", "front": [mystic], "back": [bard]}]}
    assert lines(changes(before, after)) == ["Ben: front Bard → Mystic", "Ben: back Mystic → Bard"]


def test_a_status_without_an_end_is_said_when_it_comes_and_goes() -> None:
    bare = {"name": "Bard", "statuses": {}}
    frozen = {"name": "Bard", "statuses": {"frozen": None, "stunned": 2}}
    assert lines(changes(bare, frozen)) == [
        "Bard · statuses: frozen — → yes",
        "Bard · statuses: stunned — → 2",
    ]
    assert lines(changes(frozen, bare)) == [
        "Bard · statuses: frozen yes → —",
        "Bard · statuses: stunned 2 → —",
    ]


def test_the_engines_explanations_are_left_to_the_board() -> None:
    before = {"mana": 0, "mana_breakdown": [], "explanation": []}
    after = {"mana": 5, "mana_breakdown": ["Base Mana: +3. (8.1)"], "explanation": ["Why."]}
    assert changes(before, after) == [Change("", "Mana", "0", "5")]


# --- the headline ---------------------------------------------------------------------------


def test_a_headline_says_the_amount_the_target_and_its_owner() -> None:
    payload = {"seat": 1, "guardian": "Bard", "amount": 3}
    assert headline("deal_damage", payload, SEATS) == "Deal damage x3 · Ben's Bard"


def test_a_headline_finds_the_owner_of_a_piece_in_the_view() -> None:
    view = {
        "sides": [
            {"name": "Ana", "models": [{"id": "grunt-1", "name": "Grunt 1"}]},
            {"name": "Ben", "models": [{"id": "paladin-1", "name": "Paladin"}]},
        ]
    }
    payload = {"model": "paladin-1", "ability": "Divine Shield", "target": "grunt-1"}
    assert (
        headline("use_ability", payload, SEATS, view)
        == "Use ability · Ben's Paladin · ability Divine Shield · target Grunt 1"
    )


def test_a_headline_says_mana_with_its_capital_and_leaves_out_what_is_not_there() -> None:
    payload = {"guardian": "Bard", "amount": 1, "quick": False, "facts": [], "turns": None}
    view = {"players": [{"name": "Ana", "front": []}, {"name": "Ben", "front": [{"name": "Bard"}]}]}
    assert headline("attach_mana", payload, SEATS, view) == "Attach Mana x1 · Ben's Bard"


def test_a_batch_headline_says_each_of_its_actions() -> None:
    payload = {
        "actions": [
            {"type": "attach_mana", "payload": {"seat": 0, "guardian": "Bard", "amount": 1}},
            {"type": "attach_mana", "payload": {"seat": 0, "guardian": "Cleric", "amount": 2}},
        ]
    }
    assert (
        headline("batch", payload, SEATS)
        == "Attach Mana x1 · Ana's Bard; Attach Mana x2 · Ana's Cleric"
    )


def test_a_code_no_name_was_given_for_is_said_as_words() -> None:
    payload = {"seat": 0, "model": "grunt-1", "facts": ["fear_nearby", "command_aura"]}
    view = {"sides": [{"name": "Ana", "models": [{"id": "grunt-1", "name": "Grunt 1"}]}]}
    assert (
        headline("morale_facts", payload, SEATS, view)
        == "Morale facts · Ana's Grunt 1 · facts fear nearby, command aura"
    )


def test_a_headline_names_statuses_as_the_legal_actions_do() -> None:
    payload = {"seat": 0, "guardian": "Bard", "status": "frozen"}
    assert (
        headline("apply_status", payload, SEATS, None, {"frozen": "Frozen"})
        == "Apply status · Ana's Bard · status Frozen"
    )


# --- every legal action of both trackers ----------------------------------------------------


def _ids(value: Any) -> set[str]:
    """Every id a view shows that is not also its name."""
    found: set[str] = set()
    if isinstance(value, dict):
        if isinstance(value.get("id"), str) and value.get("name") != value["id"]:
            found.add(value["id"])
        for item in value.values():
            found |= _ids(item)
    elif isinstance(value, list):
        for item in value:
            found |= _ids(item)
    return found


@pytest.mark.parametrize("slug", sorted(trackers()))
def test_no_preview_of_a_legal_action_shows_python_data_or_an_id(slug: str) -> None:
    """Seeded games of each tracker, a handful of the legal actions at each step previewed:
    the headline and the changes are words."""
    system = tracker(slug)
    rng = Random(f"words-{slug}")
    said = 0
    for _game in range(3):
        game = start(system, system.setup_from_json(system.example_setup()), [])
        for _step in range(80):
            view = system.view(game.state, None)
            ids = _ids(view)
            listed = [legal for seat in (0, 1) for legal in system.legal_actions(game.state, seat)]
            if not listed:
                break
            names: dict[str, str] = {}
            for legal in listed:
                names.update(legal.names)
            for legal in rng.sample(listed, min(6, len(listed))):
                payload = filled(rng, legal)
                try:
                    after = game_apply(game, type=legal.type, by=legal.seat, payload=payload)
                except IllegalAction:
                    continue
                texts = [
                    headline(legal.type, payload, SEATS, view, names),
                    headline(legal.type, payload, SEATS, view),  # as the page asks today
                ]
                found = changes(view, system.view(after.state, None), names=names)
                found += changes(view, system.view(after.state, None))
                texts += [part for c in found for part in (c.where, c.what, c.before, c.after)]
                for text in texts:
                    assert not PYTHON.search(text), (legal.type, text)
                    assert not any(re.search(rf"\b{re.escape(i)}\b", text) for i in ids), text
                said += len(texts)
            chosen = rng.choice(listed)
            try:
                game = game_apply(
                    game, type=chosen.type, by=chosen.seat, payload=filled(rng, chosen)
                )
            except IllegalAction:
                continue
    assert said > 200


# --- the history ----------------------------------------------------------------------------


def _entry(**fields: Any) -> dict[str, Any]:
    return {"seq": 1, "type": "deal_damage", "text": "Bard takes 1 damage", "at": None} | fields


def test_the_history_says_who_acted_and_where() -> None:
    own, for_ben, game_wide = history(
        [
            _entry(seq=1, by_name="Ben", at_table=False, in_effect=True),
            _entry(seq=2, by_name="Ben", at_table=True, in_effect=True),
            _entry(seq=3, by_name=None, at_table=True, in_effect=True),
        ],
        None,
        None,
    )[::-1]
    assert own.who == "Ben"
    assert for_ben.who == "for Ben, at the table device"
    assert game_wide.who == "at the table device"


def test_an_entry_without_where_it_was_recorded_is_its_seats() -> None:
    (row,) = history([_entry(by_name="Ana", in_effect=True)], None, None)
    assert row == Entry(1, "deal_damage", "Bard takes 1 damage", "Ana", None, True)
    assert row.who == "Ana"


def _record(game: Game, user: User, by: int | None, type: str, **payload: Any) -> None:
    row = Game.objects.get(pk=game.pk)
    apply.game_apply(
        game=row, user=user, type=type, payload=payload, expected_version=row.version, seat=by
    )


def test_the_log_says_which_entries_the_table_device_recorded(
    game: Game, host: User, player: User
) -> None:
    """The host at no seat taps for Ana and for Ben; Ben taps on his own tablet."""
    _record(game, host, 0, "attach_mana", guardian="Alchemist")
    _record(game, host, 1, "apply_status", seat=1, guardian="Bard", status="frozen")
    _record(game, player, 1, "apply_status", seat=1, guardian="Cleric", status="frozen")
    rows = history(log_for(game, access_for(game, host)), None, None)[::-1]
    assert [row.who for row in rows] == [
        "for Ana, at the table device",
        "for Ben, at the table device",
        "Ben",
    ]


def test_a_seated_hosts_entries_are_their_seats(game: Game, host: User, player: User) -> None:
    Seat.objects.filter(game=game, index=0).update(user=host)
    _record(game, host, None, "attach_mana", guardian="Alchemist")
    (row,) = history(log_for(game, access_for(game, host)), None, None)
    assert row.who == "Ana"
