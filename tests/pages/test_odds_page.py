"""The Azeroth at War odds page, through Django's test client.

The numbers the page shows must be the engines' numbers: the tests compare them with the
engine's own results for the same input, and check a few by hand (the defaults are an
Orc-Grunt-like attacker, 4 dice needing 4+/3+ against a 4+ save, so each die does damage with
chance 1/6, and killing a 2-wound model needs two of them).
"""

from __future__ import annotations

import html as html_lib
import re
import xml.etree.ElementTree as ET

import pytest
from django.test import Client

from games.templatetags.referee import format_percent
from referee.rules.azeroth import blast, combat, magic, morale, rulings
from referee.rules.azeroth.profiles import (
    AbilityType,
    Armor,
    Attack,
    Attacker,
    Blast,
    BlastTarget,
    Cover,
    Defender,
    Dispeller,
    Keywords,
    Mode,
    MoraleTest,
    NaturalRolls,
    Rulings,
    Situation,
    SpellAttempt,
    Template,
    Tier,
    Weapon,
)

pytestmark = pytest.mark.django_db

ODDS = "/azeroth/odds/"
HX = {"HX-Request": "true"}

# The page's default profiles, as engine inputs.
GRUNT = Attacker(
    atk=4, skl=4, str=4, ini=3, wounds=2, weapons=(Weapon.STANDARD,), keywords=Keywords(momentum=1)
)
FOOTMAN = Defender(
    tgh=3, defense=4, ini=3, wounds=2, armor=Armor.HEAVY, weapons=(Weapon.STANDARD, Weapon.SHIELD)
)

BY_CODE = {ruling.code: ruling for ruling in rulings.SHARED + rulings.PROJECT}


def _get(client: Client, query: str = "", *, htmx: bool = False) -> str:
    response = client.get(f"{ODDS}?{query}" if query else ODDS, headers=HX if htmx else None)
    assert response.status_code == 200
    return response.content.decode()


def _testid(html: str, name: str) -> str:
    match = re.search(rf'data-testid="{name}"[^>]*>([^<]*)<', html)
    assert match, f"no {name} on the page"
    return html_lib.unescape(match.group(1)).strip()


def _field_errors(html: str, name: str) -> str:
    match = re.search(rf'<p class="field-errors" id="err-{name}"[^>]*>(.*?)</p>', html, re.S)
    assert match, f"no error slot for {name}"
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", match.group(1))).strip()


def _input(html: str, name: str) -> str:
    match = re.search(rf'<input [^>]*name="{name}"[^>]*>', html)
    assert match, f"no input {name}"
    return match.group(0)


def _checked(html: str, name: str, value: str = "1") -> bool:
    for tag in re.findall(rf'<input [^>]*name="{name}"[^>]*>', html):
        if f'value="{value}"' in tag:
            return " checked" in tag
    raise AssertionError(f"no {name}={value} input")


# --- results ------------------------------------------------------------------------------


def test_it_shows_odds_straight_away_for_the_default_profiles(client: Client) -> None:
    html = _get(client)
    expected = combat.attack_odds(Attack(Mode.MELEE, GRUNT, FOOTMAN))
    # 1 - (5/6)^4 - 4 (1/6) (5/6)^3 = 171/1296
    assert expected.damage.kill_probability == pytest.approx(171 / 1296, abs=1e-12)
    assert _testid(html, "p-kill") == "13.2%"
    assert _testid(html, "expected-damage") == f"{expected.damage.expected:.2f}" == "0.67"
    assert _testid(html, "dice") == "4"
    assert "<svg" in html and "How it was worked out" in html


def test_it_reads_the_whole_state_from_the_query_string(client: Client) -> None:
    html = _get(client, "mode=melee&charge=1&a_atk=4&a_mom=1&a_wpn=SW&d_wpn=SW&d_wpn=SH")
    # Momentum [1] on the charge: 5 dice, 1 - 2 (5/6)^5 = 1526/7776.
    assert _testid(html, "dice") == "5"
    assert _testid(html, "p-kill") == format_percent(1526 / 7776) == "19.6%"
    assert _checked(html, "charge")
    assert _checked(html, "d_wpn", "SH")


def test_every_number_matches_the_engine_for_a_ranged_attack(client: Client) -> None:
    query = (
        "mode=ranged&hold=1&long=1&cover=hard&a_atk=7&a_skl=3&a_str=3&a_rstr=5&a_ini=4"
        "&a_wnd=3&a_db=2&d_tgh=4&d_def=5&d_ini=2&d_arm=LA&d_wnd=4&d_wrem=3"
    )
    html = _get(client, query)
    attack = Attack(
        Mode.RANGED,
        Attacker(
            atk=7, skl=3, str=3, ranged_str=5, ini=4, wounds=3, keywords=Keywords(decisive_blow=2)
        ),
        Defender(tgh=4, defense=5, ini=2, wounds=4, wounds_remaining=3, armor=Armor.LIGHT),
        Situation(hold=True, long_range=True, cover=Cover.HARD),
    )
    odds = combat.attack_odds(attack)
    assert _testid(html, "p-kill") == format_percent(odds.damage.kill_probability)
    assert _testid(html, "expected-damage") == f"{odds.damage.expected:.2f}"
    assert _testid(html, "dice") == str(odds.dice)
    for step in odds.explanation:
        assert html_lib.escape(step.text, quote=True) in html or step.text in html_lib.unescape(
            html
        )


def test_toggles_of_the_other_mode_are_left_out(client: Client) -> None:
    plain = _get(client, "mode=ranged&a_wpn=RW")
    with_melee_toggles = _get(client, "mode=ranged&a_wpn=RW&charge=1&flank=1&uphill=1")
    assert _testid(with_melee_toggles, "p-kill") == _testid(plain, "p-kill")
    assert "Fix the marked fields" not in with_melee_toggles
    # ... but the toggle keeps its state for when the user switches back.
    assert _checked(with_melee_toggles, "charge")


def test_explanation_rule_codes_link_to_their_rulings(client: Client) -> None:
    html = _get(client)
    codes = re.findall(r'href="/rulings/#([A-Z]\d+)"', html)
    assert "A7" in codes and "A2" in codes
    rulings = client.get("/rulings/").content.decode()
    for code in set(codes):
        assert code in BY_CODE
        assert f'id="{code}"' in rulings


def test_the_chart_is_valid_accessible_svg(client: Client) -> None:
    html = _get(client, "a_atk=6")
    svg = re.search(r'<svg class="damage-chart".*?</svg>', html, re.S)
    assert svg
    root = ET.fromstring(svg.group(0))
    ns = {"svg": "http://www.w3.org/2000/svg"}
    assert root.get("role") == "img"
    title = root.find("svg:title", ns)
    desc = root.find("svg:desc", ns)
    assert title is not None and title.text == "Damage to the target"
    assert desc is not None and "P(kill)" in (desc.text or "")
    assert set((root.get("aria-labelledby") or "").split()) == {title.get("id"), desc.get("id")}
    bars = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if "bar" in r.get("class", "")]
    assert len(bars) >= 3
    assert any("bar-kill" in bar.get("class", "") for bar in bars)
    labels = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    for label in ("0%", "25%", "50%", "75%", "100%", "Damage", "Chance"):
        assert label in labels


def test_the_inverse_question_shows_the_dice_needed_and_the_best_toggle(client: Client) -> None:
    html = _get(client, "goal=50")
    plan = combat.plan_attack(Attack(Mode.MELEE, GRUNT, FOOTMAN), 0.5)
    assert "To reach 50.0%" in html
    assert plan.dice_needed is not None
    assert f"Roll <strong>{plan.dice_needed}</strong> dice" in html
    assert plan.toggles


def test_a_bad_goal_is_reported_beside_it_and_the_odds_still_show(client: Client) -> None:
    html = _get(client, "goal=150")
    assert "100" in _field_errors(html, "goal") or "99.99" in _field_errors(html, "goal")
    assert 'value="150"' in _input(html, "goal")


def test_cleave_shows_the_second_models_odds(client: Client) -> None:
    html = _get(client, "mode=melee&a_clv=1&a_atk=6&s=1&s_tgh=3&s_def=5&s_ini=3&s_wnd=1&s_arm=MA")
    attack = Attack(
        Mode.MELEE,
        Attacker(
            atk=6,
            skl=4,
            str=4,
            ini=3,
            wounds=2,
            weapons=(Weapon.STANDARD,),
            keywords=Keywords(momentum=1, cleave=True),
        ),
        FOOTMAN,
        second_target=Defender(tgh=3, defense=5, ini=3, wounds=1),
    )
    second = combat.attack_odds(attack).second_target
    assert second is not None and second.damage is not None
    assert "Cleave: the second model" in html
    assert f"P(kill) <strong>{format_percent(second.damage.kill_probability)}</strong>" in html
    assert "Damage to the second model" in html


def test_precision_shot_shows_the_friendlys_odds(client: Client) -> None:
    html = _get(client, "mode=ranged&a_ps=1&into_melee=1&f=1&a_atk=6&a_wpn=RW")
    assert "Precision Shot: the friendly" in html
    assert "Damage to the friendly" in html
    assert "Fix the marked fields" not in html


def test_the_natural_rolls_switch_changes_the_odds(client: Client) -> None:
    # SKL 6+ against a quicker defender: -1 to hit. A natural 6 still hits under A1, never
    # under the literal reading.
    query = "mode=melee&a_skl=6&a_ini=1&d_ini=6&d_arm=LA"
    standard = _get(client, query + "&nat=standard")
    literal = _get(client, query + "&nat=literal")
    assert _testid(standard, "p-kill") != "0%"
    assert _testid(literal, "p-kill") == "0%"
    assert "<strong>never</strong>" in literal


# --- htmx ---------------------------------------------------------------------------------


def test_an_htmx_request_gets_only_the_result_partials(client: Client) -> None:
    response = client.get(f"{ODDS}?charge=1", headers=HX)
    assert response.status_code == 200
    assert "HX-Request" in response["Vary"]
    html = response.content.decode()
    assert "<form" not in html and "<html" not in html and "<input" not in html
    assert _testid(html, "p-kill") == "19.6%"
    for target in ("morale-results", "spell-results", "blast-results", "kill-summary"):
        assert re.search(rf'id="{target}"[^>]*hx-swap-oob="innerHTML"', html), target
    # Every error slot is refreshed, so old messages disappear once fixed.
    assert re.search(r'id="err-a_atk"[^>]*hx-swap-oob="innerHTML"', html)


def test_the_full_page_answers_a_history_restore(client: Client) -> None:
    response = client.get(
        ODDS, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )
    assert "<form" in response.content.decode()


def test_the_page_is_live_with_htmx_and_still_submits_without_it(client: Client) -> None:
    html = _get(client)
    form = re.search(r"<form [^>]*>", html, re.S)
    assert form
    tag = form.group(0)
    assert 'method="get"' in tag and f'action="{ODDS}"' in tag
    assert 'hx-get="/azeroth/odds/"' in tag and 'hx-replace-url="true"' in tag
    assert "change" in tag and "input changed delay:300ms" in tag
    # The form is never the swap target, so typing is never interrupted.
    assert 'hx-target="#attack-results"' in tag
    assert 'type="submit"' in html


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "field", "typed"),
    [
        ("a_atk=abc", "a_atk", "abc"),
        ("a_atk=999", "a_atk", "999"),
        ("a_atk=-1", "a_atk", "-1"),
        ("d_tgh=0", "d_tgh", "0"),
        ("a_wnd=", "a_wnd", ""),
    ],
)
def test_bad_numbers_keep_what_was_typed_and_say_what_is_wrong(
    client: Client, query: str, field: str, typed: str
) -> None:
    html = _get(client, query)
    assert _field_errors(html, field)
    assert f'value="{typed}"' in _input(html, field) or (
        typed == "" and "value=" not in _input(html, field)
    )
    assert "Fix the marked fields" in html
    assert 'data-testid="p-kill"' not in html
    # The other panels do not depend on the attack and still answer.
    assert _testid(html, "morale-pass")


def test_an_unknown_choice_is_reported_beside_it(client: Client) -> None:
    html = _get(client, "d_def=9&a_skl=1&mode=sideways")
    assert "valid choice" in _field_errors(html, "d_def")
    assert "valid choice" in _field_errors(html, "a_skl")
    assert "valid choice" in _field_errors(html, "mode")


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("mode=melee&downhill=1", "downhill", "needs charging"),
        ("mode=melee&charge=1&opp=1", "opp", "never a charge"),
        ("a_wnd=2&a_wrem=5", "a_wrem", "more than wounds"),
        ("mode=ranged&into_melee=1", "into_melee", "Precision Shot"),
    ],
)
def test_rules_the_engine_refuses_are_shown_beside_their_field(
    client: Client, query: str, field: str, words: str
) -> None:
    html = _get(client, query)
    assert words.lower() in _field_errors(html, field).lower()
    assert "Fix the marked fields" in html


def test_an_htmx_request_with_bad_input_fills_the_error_slot(client: Client) -> None:
    html = _get(client, "a_atk=999", htmx=True)
    assert "200" in _field_errors(html, "a_atk")
    assert "Fix the marked fields" in html


def test_too_many_dice_with_momentum_are_refused_without_a_500(client: Client) -> None:
    html = _get(client, "mode=melee&charge=1&a_atk=200&a_mom=20")
    assert "Fix the marked fields" in html
    assert "200" in html_lib.unescape(html)


# --- query strings ------------------------------------------------------------------------


def test_a_submitted_form_without_a_checkbox_means_it_is_off(client: Client) -> None:
    defaults = _get(client)
    assert _checked(defaults, "d_wpn", "SH")  # the default Footman carries a shield
    submitted = _get(client, "mode=melee&d_wpn=SW")
    assert not _checked(submitted, "d_wpn", "SH")
    # A hand-written partial query keeps the other defaults.
    partial = _get(client, "a_atk=6")
    assert _checked(partial, "d_wpn", "SH")
    assert _testid(partial, "dice") == "6"


def test_false_words_in_a_hand_written_query_mean_off(client: Client) -> None:
    assert _testid(_get(client, "charge=0"), "dice") == "4"
    assert _testid(_get(client, "charge=false"), "dice") == "4"
    assert _testid(_get(client, "charge=on"), "dice") == "5"


# --- morale, magic, blast -----------------------------------------------------------------


def test_the_morale_panel_shows_the_engines_odds(client: Client) -> None:
    html = _get(client, "m_tier=elite&m_fear=1&m_aura=1&m_wnd=4&m_lost=1")
    odds = morale.morale_odds(MoraleTest(Tier.ELITE, fear_nearby=True, command_aura=True))
    assert _testid(html, "morale-pass") == format_percent(odds.pass_probability)
    assert _testid(html, "morale-waver") == format_percent(odds.waver_probability)
    assert _testid(html, "morale-rout") == format_percent(odds.rout_probability)
    assert f"Morale value {odds.morale_value}, one reroll" in html
    assert _testid(html, "must-test") == "No"  # lost 1 of 4: less than half


def test_undead_never_test_morale(client: Client) -> None:
    html = _get(client, "m_tier=baseline&m_undead=1")
    assert _testid(html, "morale-pass") == "100%"
    assert "immune" in html
    assert _testid(html, "must-test") == "No"


def test_the_magic_panel_shows_the_engines_odds(client: Client) -> None:
    html = _get(client, "sp_type=buff&sp_cost=3&sp_block=1&sp_disp=magical_hero&sp_resp=1")
    odds = magic.spell_odds(
        SpellAttempt(
            AbilityType.BUFF, mana_cost=3, spell_block=True, dispeller=Dispeller.MAGICAL_HERO
        )
    )
    assert _testid(html, "spell-goes-off") == format_percent(odds.goes_off)
    assert _testid(html, "spell-blocked") == format_percent(odds.blocked)
    assert _testid(html, "spell-cancelled") == format_percent(odds.cancelled)
    assert "Dispel" in html and "the caster spends 3 Mana" in html


def test_the_magic_panel_reports_bad_mana(client: Client) -> None:
    html = _get(client, "sp_type=instant&sp_cost=11&sp_resp=1")
    assert "10" in _field_errors(html, "sp_cost")
    assert 'data-testid="spell-goes-off"' not in html


def test_the_blast_panel_shows_each_units_odds(client: Client) -> None:
    query = (
        "b_tpl=large&b_skl=3&b_str=5"
        "&b1_lbl=Grunt&b1_dist=1.5&b1_base=25&b1_tgh=4&b1_def=5&b1_arm=MA&b1_wrem=1"
        "&b2_lbl=Raider&b2_dist=4&b2_base=50&b2_tgh=4&b2_def=4&b2_arm=HA&b2_sh=1&b2_hc=1&b2_wrem=2"
        "&b3_dist="
    )
    html = _get(client, query)
    odds = blast.blast_odds(
        Blast(
            Template.LARGE,
            caster_skl=3,
            strength=5,
            targets=(
                BlastTarget(1.5, 25, 4, 5, wounds_remaining=1, label="Grunt"),
                BlastTarget(
                    4,
                    50,
                    4,
                    4,
                    armor=Armor.HEAVY,
                    weapons=(Weapon.SHIELD,),
                    hard_cover=True,
                    wounds_remaining=2,
                    label="Raider",
                ),
            ),
        )
    )
    under = re.findall(r'data-testid="blast-under">([^<]*)<', html)
    damage = re.findall(r'data-testid="blast-damage"><strong>([^<]*)<', html)
    assert under == [format_percent(t.under_template) for t in odds.targets]
    assert [html_lib.unescape(d) for d in damage] == [
        format_percent(t.damage_probability) for t in odds.targets
    ]


def test_a_blast_with_no_unit_asks_for_one(client: Client) -> None:
    html = _get(client, "b_tpl=small&b1_dist=&b2_dist=&b3_dist=")
    assert "Give at least one unit a distance" in html


def test_a_blast_row_missing_a_stat_is_marked(client: Client) -> None:
    html = _get(client, "b_tpl=small&b1_dist=1&b1_tgh=&b2_dist=&b3_dist=")
    assert "Needed" in _field_errors(html, "b1_tgh")


def test_the_natural_rolls_switch_applies_to_every_panel(client: Client) -> None:
    literal = _get(client, "nat=literal&sp_type=instant&sp_disp=magical_hero&sp_resp=1")
    odds = magic.spell_odds(
        SpellAttempt(
            AbilityType.INSTANT,
            mana_cost=2,
            dispeller=Dispeller.MAGICAL_HERO,
            rulings=Rulings(natural_rolls=NaturalRolls.LITERAL),
        )
    )
    assert _testid(literal, "spell-goes-off") == format_percent(odds.goes_off)


def test_every_problem_shows_at_once(client: Client) -> None:
    html = _get(client, "mode=melee&a_atk=999&downhill=1&d_wnd=2&d_wrem=3")
    assert _field_errors(html, "a_atk") == "At most 200."
    assert "needs charging" in _field_errors(html, "downhill")
    assert "more than wounds" in _field_errors(html, "d_wrem")


# --- what players met (issue 14, section 5) --------------------------------------------------


def _results(html: str, panel: str) -> str:
    """The text of one panel's results, tags dropped."""
    match = re.search(rf'<div id="{panel}-results"[^>]*>(.*?)(<section id=|</form>)', html, re.S)
    assert match, f"no {panel} results"
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", match.group(1))))


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("a_atk=4x", "a_atk"),
        ("d_tgh=three", "d_tgh"),
        ("m_lost=1o", "m_lost"),
        ("goal=7five", "goal"),
    ],
)
def test_letters_typed_in_a_number_field_are_kept_and_explained(
    client: Client, query: str, field: str
) -> None:
    typed = query.partition("=")[2]
    html = _get(client, query)
    box = _input(html, field)
    # A browser empties a type="number" box holding letters, so the page would answer
    # "Needed." and lose what was typed: the box is text with a numeric keyboard.
    assert 'type="text"' in box
    assert 'inputmode="numeric"' in box or 'inputmode="decimal"' in box
    assert f'value="{typed}"' in box
    message = _field_errors(html, field)
    assert f"“{typed}”" in message
    assert "Needed" not in message


def test_the_number_boxes_carry_their_range_for_the_steppers(client: Client) -> None:
    box = _input(_get(client), "a_atk")
    assert 'data-min="0"' in box and 'data-max="200"' in box


def test_a_blast_problem_names_its_unit_and_field_in_the_results(client: Client) -> None:
    html = _get(client, "b_tpl=small&b1_dist=1&b1_tgh=99&b2_dist=2&b2_wrem=")
    results = _results(html, "blast")
    assert "Unit 1 · TGH: At most 20." in results
    assert "Unit 2 · Wounds left: Needed for a unit that is in the calculation." in results
    assert 'href="#id_b1_tgh"' in html


def test_the_morale_panel_refuses_more_wounds_lost_than_the_model_had(client: Client) -> None:
    html = _get(client, "m_tier=baseline&m_wnd=2&m_lost=5")
    assert _field_errors(html, "m_lost").startswith("At most 2, its starting wounds")
    assert 'data-testid="must-test"' not in html
    assert "Wounds lost this turn: At most 2" in _results(html, "morale")
    assert 'value="5"' in _input(html, "m_lost")


def test_wounds_given_back_let_a_model_lose_more_than_it_started_with(client: Client) -> None:
    html = _get(client, "m_tier=baseline&m_wnd=2&m_lost=5&m_back=3")
    assert _field_errors(html, "m_lost") == ""
    assert _testid(html, "must-test") == "Yes"


def test_one_die_is_one_die(client: Client) -> None:
    html = _get(client, "mode=melee&a_atk=1&a_mom=0&goal=99")
    assert "1 die rolled" in html
    assert "1 dice" not in html
    assert "4 dice rolled" in _get(client, "a_atk=4&a_mom=0")


def test_the_mana_pool_is_two_words_on_the_odds_page(client: Client) -> None:
    html = _get(client, "sp_type=instant&sp_mana=1&sp_resp=1")
    assert "Manapool" not in html and "manapool" not in html.lower()
