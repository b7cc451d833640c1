"""The pages' formatting filters."""

from __future__ import annotations

from games.systems.azeroth.templatetags.azeroth import needs
from games.templatetags.referee import percent, rule_links, signed
from referee.rules.azeroth.profiles import RollTarget


def test_rule_codes_link_to_the_rulings_page_and_sections_are_marked() -> None:
    html = str(rule_links("7.2.1, A7, R3"))
    assert '<a href="/rulings/#A7"' in html
    assert '<a href="/rulings/#R3"' in html
    assert "§7.2.1" in html


def test_unknown_codes_are_shown_without_a_link_and_escaped() -> None:
    html = str(rule_links("Z99, <b>"))
    assert "<a" not in html
    assert "Z99" in html
    assert "&lt;b&gt;" in html


def test_a_roll_target_reads_as_what_the_die_needs() -> None:
    assert needs(RollTarget(4, -1, 5, 2 / 6)) == "5+"
    assert needs(RollTarget(6, -1, 7, 0.0)) == "never"
    assert needs(RollTarget(2, 1, 1, 1.0)) == "always"


def test_modifiers_carry_their_sign() -> None:
    assert signed(1) == "+1"
    assert signed(-2) == "\u22122"
    assert signed(0) == "\u00b10"
    assert percent(None) == "\u2013"
