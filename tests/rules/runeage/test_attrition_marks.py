"""The view tells the table, from the cards data, whether an event carries the attrition die
icon and what that means: for the event drawn, the enemies in play, the objective and the
event reminders (Anatomy of a Card 7, Attrition Die, Conduct a Battle step 3)."""

from __future__ import annotations

from dataclasses import replace

from referee.rules.runeage.actions import initial_state
from referee.rules.runeage.reminders import ATTACK, ENEMY_EFFECT, attrition_words, reminders
from referee.rules.runeage.state import RuneAgeState, event_card
from referee.rules.runeage.words import table_view
from tests.rules.runeage.game import end_turns, new_setup, step


def event_phase(players: int = 3) -> RuneAgeState:
    return end_turns(initial_state(new_setup("dragonlords", players)), players)


def test_the_words_say_how_many_rolls_and_what_each_skull_does() -> None:
    assert "No attrition die icon" in attrition_words(0)
    one, two = attrition_words(1), attrition_words(2)
    assert "rolls the attrition die once" in one and "twice" in two
    assert "one of their participating units for each skull" in one
    assert "(Attrition Die)" in one


def test_the_drawn_enemy_shows_its_icons_from_the_cards_data() -> None:
    state = step(event_phase(), "draw_event", 0, event="Cinder Drake")
    icons = event_card(state, "Cinder Drake").attrition
    assert icons == 1
    drawn = table_view(state)["events"]["drawn"]
    assert drawn["attrition"] == icons
    assert drawn["attrition_text"] == attrition_words(icons)
    (enemy,) = table_view(state)["events"]["enemies"]
    assert enemy["attrition_text"] == attrition_words(icons)


def test_a_drawn_event_without_the_icon_says_so() -> None:
    state = step(event_phase(), "draw_event", 0, event="Scorched Fields")
    drawn = table_view(state)["events"]["drawn"]
    assert drawn["attrition"] == 0
    assert drawn["attrition_text"] == attrition_words(0)


def test_the_objective_carries_its_icons() -> None:
    state = initial_state(new_setup("dragonlords", 3))
    objective = table_view(state)["objective"]
    assert objective["attrition"] == 2
    assert objective["attrition_text"] == attrition_words(2)


def test_an_attacking_instant_reminds_each_defender_of_its_icon() -> None:
    """Burning Sky attacks each Home Realm and carries one icon: each player battling it
    rolls the die."""
    state = event_phase()
    state = replace(state, deck=((), ("Burning Sky",)))
    state = step(state, "draw_event", 0, event="Burning Sky")
    attacks = [r for r in reminders(state) if r.kind == ATTACK]
    assert attacks and all(r.attrition == 1 for r in attacks)
    shown = [r for p in table_view(state)["players"] for r in p["reminders"]]
    assert shown and all(r["attrition_text"] == attrition_words(1) for r in shown)


def test_an_attacking_instant_without_the_icon_says_no_roll() -> None:
    state = step(event_phase(), "draw_event", 0, event="Scorched Fields")
    shown = [r for p in table_view(state)["players"] for r in p["reminders"]]
    assert shown and all(r["attrition_text"] == attrition_words(0) for r in shown)


def test_an_enemy_acting_at_the_start_of_the_event_phase_shows_its_icon() -> None:
    """Dragonlord Herald carries one icon; the reminder of its effect says so."""
    state = replace(event_phase(), enemies=(("Dragonlord Herald", 1),))
    (due,) = [r for r in reminders(state) if r.kind == ENEMY_EFFECT]
    assert due.attrition == 1
    (shown,) = table_view(state)["reminders"]["next"]
    assert shown["attrition"] == 1 and shown["attrition_text"] == attrition_words(1)


def test_a_lasting_instant_that_is_never_battled_says_nothing_of_attrition() -> None:
    state = step(event_phase(), "draw_event", 0, event="Bountiful Harvest")
    (shown,) = table_view(state)["reminders"]["next"]
    assert shown["attrition"] == 0 and shown["attrition_text"] == ""
