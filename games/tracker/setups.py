"""A game's setup from saved lists: the players' rosters or armies, checked legal, turned into
the system's setup JSON with what it needs from the catalog (hit points, wounds, points), so a
stored game never depends on the catalog again.

Each seat's part is built from that seat's list alone (``check_seat``), so a player who
brings their own list to a waiting game hears about its problems when they choose it; the
setup is put together once every seat has one (``setup_from_chosen``). The systems that can
be set up this way are in ``LIST_GAMES``, with what each asks of the host at setup.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from referee.rules.azeroth.army import (
    BATTLE_SIZE_NAMES,
    army_at_size,
    army_from_dict,
)
from referee.rules.azeroth.tracker import AZEROTH, AzerothSetup, Scenario, side_from_army
from referee.rules.azeroth.units import BattleSize
from referee.rules.azrah.cards import Guardian
from referee.rules.azrah.roster import RosterIndex, roster_from_dict
from referee.rules.azrah.tracker import AZRAH, card_to_json, decide_first_player
from referee.rules.azuki.cards import Card, CardType
from referee.rules.azuki.deck import DeckFormatError, deck_from_dict, validate_deck
from referee.rules.azuki.tracker import AZUKI, DECK_CARDS
from referee.rules.errors import InvalidInput

from ..catalogs.engine import azeroth_units, azrah_guardians, azuki_cards
from ..catalogs.service import default_catalog
from ..lists.service import check_engine_list, recheck
from ..models import Catalog, SavedList

Problems = dict[str, list[str]]
SEATS = 2  # every game set up from lists is between two players
COIN = "coin"


@dataclass(frozen=True, slots=True)
class ChosenList:
    """A saved list as it stood when it was checked for a seat: its name, its JSON and the
    catalog it was written against (None: the game's default catalog)."""

    name: str
    payload: Mapping[str, Any]
    catalog: Catalog | None

    @classmethod
    def of(cls, saved: SavedList) -> ChosenList:
        return cls(saved.name, saved.payload, saved.catalog)


def choose_list(
    owner: User, system: str, list_id: object, path: str, problems: Problems
) -> ChosenList | None:
    """``owner``'s saved list ``list_id`` if it is theirs, a list of ``system`` and legal now;
    otherwise None, with the reason under ``path``."""
    try:
        pk = uuid.UUID(str(list_id))
    except ValueError:
        pk = None
    saved = SavedList.objects.filter(owner=owner, pk=pk).first() if pk else None
    if saved is None:
        problems[path] = [f"You have no saved list {list_id!r}."]
        return None
    if saved.system != system:
        problems[path] = [f"{saved.name!r} is a list for another game."]
        return None
    report = recheck(saved)
    if not report.valid:
        first = report.errors[0].message if report.errors else ""
        problems[path] = [
            f"{saved.name!r} is not legal ({len(report.errors)} errors): {first} "
            "Fix it in the builder first."
        ]
        return None
    return ChosenList.of(saved)


def _lists(owner: User, system: str, ids: object, problems: Problems) -> list[ChosenList]:
    """The two saved lists, each the owner's own, of ``system`` and legal now."""
    if not isinstance(ids, list) or len(ids) != SEATS:
        problems["lists"] = ["Choose two saved lists, one per player."]
        return []
    found = [
        choose_list(owner, system, list_id, f"lists.{index}", problems)
        for index, list_id in enumerate(ids)
    ]
    return [chosen for chosen in found if chosen is not None]


def _names(value: object, lists: Sequence[ChosenList], problems: Problems) -> list[str]:
    """The players' names, one per list; a name left out (or empty) is the list's."""
    if value is None:
        return [chosen.name for chosen in lists]
    if (
        not isinstance(value, list)
        or len(value) != len(lists)
        or not all(v is None or isinstance(v, str) for v in value)
    ):
        problems["players"] = ["Give one name per player (an empty one: the list's name)."]
        return []
    return [
        name.strip() if isinstance(name, str) and name.strip() else chosen.name
        for name, chosen in zip(value, lists, strict=True)
    ]


def check_first_player(value: object, problems: Problems, path: str = "first_player") -> Any:
    """Who plays first as the host chose it: seat 0, seat 1 or ``"coin"`` (the default: the
    app flips the coin when the game starts)."""
    if value in (None, COIN):
        return COIN
    if value in (0, 1) and not isinstance(value, bool):
        return int(value)  # type: ignore[call-overload,unused-ignore]
    problems[path] = ['The first player is seat 0, seat 1 or "coin" (the app flips a coin).']
    return COIN


def decide_first(chosen: object) -> int:
    """The seat that plays first: the one the host chose, or the coin's winner (the app
    flips it now, unpredictably)."""
    return decide_first_player(secrets.randbelow(2)) if chosen == COIN else int(str(chosen))


def _guardians(catalog: Catalog | None) -> RosterIndex:
    """The catalog's Guardians, found as a roster names them (ID, name or "ID Name")."""
    return RosterIndex.of(azrah_guardians(catalog) if catalog is not None else {})


def _guardian(index: RosterIndex, entry: str) -> Guardian | None:
    """The Guardian (not a Transformation) ``entry`` names, if any."""
    found = index.find(entry)
    return found if isinstance(found, Guardian) and found.base_form is None else None


# --- AZRAH ----------------------------------------------------------------------------------


def _azrah_options(options: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    return {"first_player": check_first_player(options.get("first_player"), problems)}


def _azrah_player(
    seat: int, chosen: ChosenList, name: str, party: object, problems: Problems
) -> dict[str, Any] | None:
    """One player of an AZRAH setup: their starting party from the roster (or ``party``,
    {"front": [3 Guardians], "back": [2]}) and each Guardian's hit points from the catalog."""
    path = f"parties.{seat}"
    index = _guardians(chosen.catalog or default_catalog("azrah"))
    roster = roster_from_dict(dict(chosen.payload))
    in_roster = {g.id for g in (_guardian(index, str(e)) for e in roster.guardians) if g}
    if party is None:
        if roster.party is None:
            problems[path] = [f"{chosen.name!r} has no starting party: choose one here."]
            return None
        front, back = list(roster.party.front), list(roster.party.back)
    else:
        given = party if isinstance(party, Mapping) else {}
        given_front, given_back = given.get("front"), given.get("back")
        if not isinstance(given_front, list) or not isinstance(given_back, list):
            problems[path] = ["A party is {front: [3 Guardians], back: [2]}."]
            return None
        front, back = given_front, given_back
    hit_points: dict[str, int] = {}
    cards: list[dict[str, Any]] = []
    resolved: list[list[str]] = [[], []]
    for row, members in enumerate((front, back)):
        for member in members:
            guardian = _guardian(index, str(member))
            if guardian is None:
                problems.setdefault(path, []).append(
                    f"{member!r} is not a Guardian of the catalog."
                )
                continue
            if guardian.id not in in_roster:
                problems.setdefault(path, []).append(f"{guardian.name} is not in {chosen.name!r}.")
            resolved[row].append(guardian.name)
            hit_points[guardian.name] = guardian.hit_points
            cards.append(card_to_json(guardian))
    return {
        "name": name,
        "front": resolved[0],
        "back": resolved[1],
        "hit_points": hit_points,
        "cards": cards,
    }


def _azrah_setup(
    players: list[Any], lists: Sequence[ChosenList], options: Mapping[str, Any]
) -> tuple[dict[str, Any], Catalog | None]:
    catalog = lists[0].catalog or default_catalog("azrah")
    setup = {"first_player": decide_first(options.get("first_player", COIN)), "players": players}
    # The shared pile's Transformations, so an ally transforms as its card prints
    # (Transformations, Curses and Items).
    shared = azrah_guardians(catalog).values() if catalog is not None else ()
    transformations = [card_to_json(g) for g in shared if g.base_form is not None]
    if transformations:
        setup["transformations"] = transformations
    try:
        AZRAH.setup_from_json(setup)
    except InvalidInput as error:
        raise InvalidInput(
            {f"setup.{path}": messages for path, messages in error.problems.items()}
        ) from None
    return setup, catalog


# --- Azeroth at War -------------------------------------------------------------------------


def _azeroth_options(options: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    if options.get("first_player") is not None:
        problems["first_player"] = [FIRST_PLAYER_IN_PLAY]
    scenario = options.get("scenario", Scenario.ANNIHILATION.value)
    if scenario not in {s.value for s in Scenario}:
        known = ", ".join(s.value for s in Scenario)
        problems["scenario"] = [f"The scenario is one of {known} (got {scenario!r})."]
    battle_size = options.get("battle_size")
    if battle_size is not None and battle_size not in {b.value for b in BattleSize}:
        known = ", ".join(b.value for b in BattleSize)
        problems["battle_size"] = [f"The battle size is one of {known} (got {battle_size!r})."]
    return {"scenario": scenario, "battle_size": battle_size}


def _azeroth_units(chosen: ChosenList) -> dict[str, Any]:
    units = azeroth_units(chosen.catalog) if chosen.catalog is not None else {}
    catalog = default_catalog("azeroth")
    if not units and catalog is not None:
        units = azeroth_units(catalog)
    return dict(units)


def _azeroth_side(
    seat: int, chosen: ChosenList, name: str, party: object, problems: Problems
) -> Any:
    """One side of an Azeroth at War setup: every unit of the army one model with its
    catalog profile."""
    try:
        return side_from_army(name, army_from_dict(dict(chosen.payload)), _azeroth_units(chosen))
    except InvalidInput as error:
        for path, messages in error.problems.items():
            problems[f"lists.{seat}.{path}"] = messages
        return None


def _azeroth_size(lists: Sequence[ChosenList], options: Mapping[str, Any]) -> BattleSize:
    """The game's battle size: the host's choice, else the first army's."""
    battle_size = options.get("battle_size")
    if battle_size is not None:
        return BattleSize(battle_size)
    return army_from_dict(dict(lists[0].payload)).battle_size


def _azeroth_fits(seat: int, chosen: ChosenList, size: BattleSize, problems: Problems) -> None:
    """Whether the army is legal in a game of ``size``: its points against that size's
    budget, its tiers against its faction's table for that size (3.1, 4.1; A12, R125). A
    list built for another size keeps no agreed budget."""
    try:
        army = army_at_size(army_from_dict(dict(chosen.payload)), size)
    except InvalidInput as error:
        for path, messages in error.problems.items():
            problems[f"lists.{seat}.{path}"] = messages
        return
    report = check_engine_list("azeroth", army, chosen.catalog or default_catalog("azeroth"))
    if report.valid:
        return
    size_name = BATTLE_SIZE_NAMES[size]
    battle = size_name if size_name.endswith("Battle") else f"{size_name} battle"
    said = [f"{error.message} ({error.rule})" for error in report.errors]
    said[0] = f"{chosen.name!r} does not fit this {battle}: {said[0]}"
    problems[f"lists.{seat}"] = said


def _azeroth_setup(
    sides: list[Any], lists: Sequence[ChosenList], options: Mapping[str, Any]
) -> tuple[dict[str, Any], Catalog | None]:
    setup = AzerothSetup(
        (sides[0], sides[1]),
        _azeroth_size(lists, options),
        Scenario(options.get("scenario", Scenario.ANNIHILATION.value)),
    )
    return AZEROTH.setup_to_json(setup), lists[0].catalog or default_catalog("azeroth")


# --- Azuki TCG -------------------------------------------------------------------------------


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
    catalog = chosen.catalog or default_catalog("azuki")
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
    return setup, lists[0].catalog or default_catalog("azuki")


# --- the registry ---------------------------------------------------------------------------

FIRST_PLAYER_AT_SETUP = (
    "The winner of a coin flip chooses to play first or second (AZRAH, Game Setup, R109): "
    "choose the player who goes first, or leave it to Referee's coin, which names them when "
    "the game starts."
)
FIRST_PLAYER_AZUKI = (
    "The rulebook does not say who plays first (R140): Referee flips a coin when the game "
    "starts, unless you choose, and records it."
)
FIRST_PLAYER_IN_PLAY = (
    "Azeroth at War has no first player to choose here: the player who deployed second "
    "activates first in round 1, and in each later round the higher roller of a roll-off "
    "does (3.3, 5.1, R123). Record those roll-offs during the game."
)


@dataclass(frozen=True, slots=True)
class ListGame:
    """How one system's game is set up from saved lists, one per seat: the options it
    takes, one seat's part from that seat's list, and the setup from every seat's part.
    ``first_player_at_setup`` says whether the host chooses who plays first (else
    ``first_player_rule`` says how the game settles it); ``chooses_party`` whether a
    player may lay out a starting party other than their list's; ``settings`` which of
    ``SETTINGS`` the game takes."""

    options: Callable[[Mapping[str, Any], Problems], dict[str, Any]]
    seat: Callable[[int, ChosenList, str, object, Problems], Any]
    setup: Callable[
        [list[Any], Sequence[ChosenList], Mapping[str, Any]],
        tuple[dict[str, Any], Catalog | None],
    ]
    first_player_at_setup: bool
    first_player_rule: str
    chooses_party: bool
    settings: tuple[str, ...] = ()
    # whether a seat's list is legal in the game the options and the lists make (its
    # battle size), problems under ``lists.<seat>``
    fits: (
        Callable[[int, ChosenList, Sequence[ChosenList], Mapping[str, Any], Problems], None] | None
    ) = None


SETTINGS = ("scenario", "battle_size")  # the options a game may take besides who goes first
LIST_GAMES: dict[str, ListGame] = {
    "azrah": ListGame(
        _azrah_options,
        _azrah_player,
        _azrah_setup,
        first_player_at_setup=True,
        first_player_rule=FIRST_PLAYER_AT_SETUP,
        chooses_party=True,
    ),
    "azeroth": ListGame(
        _azeroth_options,
        _azeroth_side,
        _azeroth_setup,
        first_player_at_setup=False,
        first_player_rule=FIRST_PLAYER_IN_PLAY,
        chooses_party=False,
        settings=SETTINGS,
        fits=lambda seat, chosen, lists, options, problems: _azeroth_fits(
            seat, chosen, _azeroth_size(lists, options), problems
        ),
    ),
    "azuki": ListGame(
        _azuki_options,
        _azuki_player,
        _azuki_setup,
        first_player_at_setup=True,
        first_player_rule=FIRST_PLAYER_AZUKI,
        chooses_party=False,
    ),
}


def list_game(system: str) -> ListGame:
    """The way ``system`` is set up from lists; InvalidInput when it cannot be."""
    found = LIST_GAMES.get(system)
    if found is None:
        raise InvalidInput({"system": [f"Games of {system!r} cannot be set up from lists."]})
    return found


def check_options(system: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The setup options ``system`` takes, checked (who plays first, scenario, battle size),
    as a waiting game keeps them; InvalidInput names each bad one."""
    problems: Problems = {}
    checked = list_game(system).options(options, problems)
    if problems:
        raise InvalidInput(problems)
    return checked


def check_seat(
    system: str,
    seat: int,
    chosen: ChosenList,
    name: str,
    party: object,
    options: Mapping[str, Any] | None = None,
) -> None:
    """Whether ``chosen`` can be seat ``seat``'s part of the setup (an AZRAH roster's starting
    party, an army's units in the catalog, and its legality at the battle size ``options``
    name); InvalidInput names each problem."""
    problems: Problems = {}
    game = list_game(system)
    game.seat(seat, chosen, name, party, problems)
    if game.fits is not None and options is not None and options.get("battle_size"):
        game.fits(seat, chosen, [chosen], options, problems)
    if problems:
        raise InvalidInput(problems)


def setup_from_chosen(
    system: str,
    lists: Sequence[ChosenList],
    names: Sequence[str],
    options: Mapping[str, Any],
    parties: Sequence[object] = (None, None),
) -> tuple[dict[str, Any], Catalog | None]:
    """The setup JSON (and the catalog it was taken from) from one checked list per seat,
    the players' names and the checked options; a coin the host left to the app is flipped
    here."""
    game = list_game(system)
    problems: Problems = {}
    parts = [
        game.seat(seat, chosen, names[seat], parties[seat], problems)
        for seat, chosen in enumerate(lists)
    ]
    if game.fits is not None and not problems:
        for seat, chosen in enumerate(lists):
            game.fits(seat, chosen, lists, options, problems)
    if problems:
        raise InvalidInput(problems)
    return game.setup(parts, lists, options)


def setup_from_lists(
    owner: User, system: str, options: Mapping[str, Any]
) -> tuple[dict[str, Any], Catalog | None]:
    """The setup JSON for ``system`` built from two of the owner's saved lists
    (``options["lists"]``) and options: ``players`` (default: the lists' names),
    ``first_player`` (AZRAH), ``parties`` (AZRAH: [{"front": [3], "back": [2]}] per player,
    else the rosters'), ``scenario`` and ``battle_size`` (Azeroth at War)."""
    game = list_game(system)
    problems: Problems = {}
    lists = _lists(owner, system, options.get("lists"), problems)
    names = _names(options.get("players"), lists, problems)
    checked = game.options(options, problems)
    parties = options.get("parties")
    if parties is not None and (not isinstance(parties, list) or len(parties) != SEATS):
        problems["parties"] = ["Give both players' parties, or none to use the rosters'."]
    if problems:
        raise InvalidInput(problems)
    return setup_from_chosen(
        system, lists, names, checked, parties if isinstance(parties, list) else (None, None)
    )
