"""Properties of roster validation, text and JSON over many generated rosters."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.rules.azrah.cards import Party, Roster
from referee.rules.azrah.roster import (
    CODES,
    parse_roster_text,
    roster_from_dict,
    roster_to_dict,
    roster_to_text,
    validate_roster,
)

from .sample import CATALOG, NAMES

entries = st.sampled_from([*NAMES, *CATALOG, "Emberwing Ascendant"]) | st.text(max_size=12)
rosters = st.builds(
    Roster,
    guardians=st.lists(entries, max_size=20).map(tuple),
    mana=st.integers(-5, 20),
    gems=st.integers(-5, 10),
    party=st.none()
    | st.builds(
        Party,
        front=st.lists(entries, max_size=5).map(tuple),
        back=st.lists(entries, max_size=4).map(tuple),
    ),
    lines=st.lists(st.integers(1, 100), max_size=20).map(tuple),
)


@given(rosters, st.booleans())
def test_it_never_raises_and_reports_only_its_own_codes(roster, with_catalog):
    report = validate_roster(roster, CATALOG if with_catalog else None)
    assert all(problem.code in CODES for problem in report.problems)
    assert report.totals["guardian_count"] <= len(roster.guardians)  # type: ignore[operator]


@given(st.lists(st.sampled_from(NAMES), max_size=20))
def test_its_guardian_count_is_the_number_of_guardians_listed(names):
    report = validate_roster(Roster(tuple(names)), CATALOG)
    assert report.totals["guardian_count"] == len(names)
    assert report.valid == (len(names) == 15 and len(set(names)) == 15)


@given(rosters)
def test_it_reads_back_its_own_json(roster):
    assert roster_from_dict(roster_to_dict(roster)) == roster


plain_names = st.text(
    alphabet=st.characters(categories=["L", "N"], include_characters=" ',-"), max_size=14
).filter(
    lambda name: (
        all(part.strip() == part and part[:1].isalpha() for part in name.split(", "))
        and ",," not in name
    )
)


@given(
    st.lists(plain_names, max_size=18).map(tuple),
    st.integers(0, 20),
    st.integers(0, 9),
    st.none()
    | st.tuples(
        st.lists(plain_names, min_size=1, max_size=4), st.lists(plain_names, min_size=1, max_size=3)
    ),
)
def test_its_text_reads_back_to_the_same_roster(guardians, mana, gems, party):
    roster = Roster(guardians, mana, gems, Party(*map(tuple, party)) if party else None)
    parsed, problems = parse_roster_text(roster_to_text(roster), CATALOG)
    assert problems == ()
    assert (parsed.guardians, parsed.mana, parsed.gems, parsed.party) == (
        roster.guardians,
        roster.mana,
        roster.gems,
        roster.party,
    )


@given(st.text(max_size=300))
def test_it_reads_any_text_without_raising(text):
    roster, problems = parse_roster_text(text, CATALOG)
    validate_roster(roster, CATALOG)
    assert all(problem.code in CODES for problem in problems)
    assert len(roster.lines) == len(roster.guardians)
