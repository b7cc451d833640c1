"""Properties of deck validation, text and JSON over many generated decks."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from referee.rules.azuki.cards import Card, CardType, Deck, DeckLine, Element
from referee.rules.azuki.deck import (
    CODES,
    deck_from_dict,
    deck_to_dict,
    deck_to_text,
    parse_deck_text,
    validate_deck,
)

from .sample import CATALOG

ids = st.sampled_from(sorted(CATALOG)) | st.text(min_size=0, max_size=12)
inline_cards = st.builds(
    Card,
    id=st.text(min_size=1, max_size=8).filter(str.strip),
    name=st.text(min_size=1, max_size=12).filter(str.strip),
    type=st.sampled_from(CardType),
    element=st.sampled_from(Element),
    ikz_cost=st.none() | st.integers(0, 10),
    gate_power=st.none() | st.integers(0, 5),
    attack=st.none() | st.integers(0, 10),
    health=st.none() | st.integers(0, 30),
    text=st.text(max_size=20),
)


@st.composite
def deck_lines(draw: st.DrawFn) -> DeckLine:
    card = draw(st.none() | inline_cards)
    card_id = card.id if card is not None else draw(ids)
    return DeckLine(
        count=draw(st.integers(-2, 9)),
        card_id=card_id,
        card=card,
        line=draw(st.none() | st.integers(1, 200)),
    )


decks = st.builds(
    Deck,
    leader=st.none() | deck_lines(),
    gate=st.none() | deck_lines(),
    cards=st.lists(deck_lines(), max_size=20).map(tuple),
)


@given(decks, st.booleans())
def test_it_never_raises_and_reports_only_its_own_codes(deck, with_catalog):
    report = validate_deck(deck, CATALOG if with_catalog else None)
    assert all(problem.code in CODES for problem in report.problems)
    assert report.valid == (not report.errors)


@given(decks)
def test_its_card_count_is_the_sum_of_the_main_decks_counts(deck):
    report = validate_deck(deck, CATALOG)
    expected = 0
    first: dict[str, Card | None] = {}  # a card ID's first details count (conflicting_card)
    for line in deck.cards:
        if line.count < 1:
            continue
        card = line.card or CATALOG.get(line.card_id) or CATALOG.get(line.card_id.upper())
        card = first.setdefault(card.id if card is not None else line.card_id, card)
        if card is None or card.type not in (CardType.LEADER, CardType.GATE):
            expected += line.count
    assert report.totals["card_count"] == expected
    per_element = report.totals["per_element"]
    assert isinstance(per_element, dict)
    assert sum(per_element.values()) == expected - report.totals["unknown_count"]  # type: ignore[operator]


@given(decks)
def test_it_reads_back_its_own_json(deck):
    lines = [deck.leader, deck.gate, *deck.cards]
    assume(all(line.card_id.strip() for line in lines if line is not None))  # IDs are required
    assert deck_from_dict(deck_to_dict(deck)) == deck


catalog_lines = st.builds(
    DeckLine, count=st.integers(1, 9), card_id=st.sampled_from(sorted(CATALOG))
)


@given(st.lists(catalog_lines, max_size=20))
def test_its_text_reads_back_to_the_same_text_and_the_same_report(lines):
    leaders = [line for line in lines if CATALOG[line.card_id].type is CardType.LEADER][:1]
    gates = [line for line in lines if CATALOG[line.card_id].type is CardType.GATE][:1]
    main = tuple(line for line in lines if CATALOG[line.card_id].type not in ("leader", "gate"))
    deck = Deck(leaders[0] if leaders else None, gates[0] if gates else None, main)
    text = deck_to_text(deck, CATALOG)
    parsed, problems = parse_deck_text(text, CATALOG)
    assert problems == ()
    assert deck_to_text(parsed, CATALOG) == text
    assert validate_deck(parsed, CATALOG).totals == validate_deck(deck, CATALOG).totals


@given(st.text(max_size=300))
def test_it_reads_any_text_without_raising(text):
    deck, problems = parse_deck_text(text, CATALOG)
    validate_deck(deck, CATALOG)
    assert all(problem.code in CODES for problem in problems)
