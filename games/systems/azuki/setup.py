"""An Azuki TCG game set up from two decks: each deck checked again and its cards' stats
copied from the catalog, and who plays first (R140)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.catalogs import service as catalog_service
from games.models import Catalog
from games.tracker.seating import (
    COIN,
    ChosenList,
    Problems,
    TrackerSetup,
    check_first_player,
    decide_first,
)
from referee.rules.azuki.cards import Card, CardType
from referee.rules.azuki.deck import DeckFormatError, deck_from_dict, validate_deck
from referee.rules.azuki.setup import DECK_CARDS
from referee.rules.azuki.system import AZUKI
from referee.rules.errors import InvalidInput

from .catalog import azuki_cards

FIRST_PLAYER_AZUKI = (
    "The rulebook does not say who plays first (R140): Referee flips a coin when the game "
    "starts, unless you choose, and records it."
)


def _azuki_options(options: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    return {"first_player": check_first_player(options.get("first_player"), problems)}


def _azuki_card(card: Card) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": card.id,
        "name": card.name,
        "type": card.type.value,
        "element": card.element.value,
        "text": card.text,
    }
    for stat in ("ikz_cost", "gate_power", "attack", "health"):
        value = getattr(card, stat)
        if value is not None:
            out[stat] = value
    return out


def _azuki_player(
    seat: int, chosen: ChosenList, name: str, party: object, problems: Problems
) -> dict[str, Any] | None:
    """One player of an Azuki setup: the deck checked again against the catalog version
    its list names (an illegal deck is refused with its problems), each card's stats copied
    from that catalog so the game never depends on it again."""
    path = f"lists.{seat}"
    catalog = chosen.catalog or catalog_service.default_catalog("azuki")
    cards = azuki_cards(catalog) if catalog is not None else {}
    try:
        deck = deck_from_dict(dict(chosen.payload))
    except DeckFormatError as error:
        problems[path] = [f"{where}: {m}" for where, ms in error.problems.items() for m in ms]
        return None
    report = validate_deck(deck, cards)
    if not report.valid:
        problems[path] = [f"{chosen.name!r} is not a legal deck:"] + [
            problem.message for problem in report.errors
        ]
        return None

    def found(card_id: str, inline: Card | None) -> Card:
        card = inline if inline is not None else cards.get(card_id)
        if card is None:  # validate_deck refuses a card it cannot find
            card = next(c for key, c in cards.items() if key.upper() == card_id.strip().upper())
        return card

    assert deck.leader is not None and deck.gate is not None  # a legal deck has both
    counts: dict[str, int] = {}
    main: dict[str, Card] = {}
    for line in deck.cards:
        card = found(line.card_id, line.card)
        if card.type in (CardType.LEADER, CardType.GATE):  # pragma: no cover - illegal (R42)
            continue
        counts[card.id] = counts.get(card.id, 0) + line.count
        main.setdefault(card.id, card)
    if sum(counts.values()) != DECK_CARDS:  # pragma: no cover - validate_deck checks it (K1)
        problems[path] = [f"{chosen.name!r} does not hold {DECK_CARDS} main-deck cards."]
        return None
    return {
        "name": name,
        "leader": _azuki_card(found(deck.leader.card_id, deck.leader.card)),
        "gate": _azuki_card(found(deck.gate.card_id, deck.gate.card)),
        "deck": [{**_azuki_card(main[key]), "count": count} for key, count in counts.items()],
    }


def _azuki_setup(
    players: list[Any], lists: Sequence[ChosenList], options: Mapping[str, Any]
) -> tuple[dict[str, Any], Catalog | None]:
    """Who plays first is the host's choice, or a coin the app flips now; the setup records
    which (R140)."""
    chosen = options.get("first_player", COIN)
    setup = {
        "first_player": decide_first(chosen),
        "first_player_by": "coin" if chosen == COIN else "chosen",
        "players": players,
    }
    try:
        AZUKI.setup_from_json(setup)
    except InvalidInput as error:
        raise InvalidInput(
            {f"setup.{path}": messages for path, messages in error.problems.items()}
        ) from None
    return setup, lists[0].catalog or catalog_service.default_catalog("azuki")


SETUP = TrackerSetup(
    _azuki_options,
    _azuki_player,
    _azuki_setup,
    first_player_at_setup=True,
    first_player_rule=FIRST_PLAYER_AZUKI,
    chooses_party=False,
)
