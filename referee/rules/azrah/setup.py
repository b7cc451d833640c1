"""The AZRAH setup: each player's starting party and the cards a game carries, and the
setup's JSON, read, checked and written (Game Setup, Anatomy of a Card)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.rules.azrah.cards import MAX_TARGETS, Guardian, GuardianAbility, Party, Position
from referee.rules.azrah.roster import BACK_ROW, FRONT_ROW
from referee.rules.checks import Problems, add_problem, check_whole
from referee.rules.errors import InvalidInput
from referee.rules.tracker import JSON, IllegalAction

MAX_NAME = 120
MAX_HIT_POINTS = 99
MAX_CARDS = 60
MAX_ABILITIES = 6
MAX_TEXT = 2000
MAX_COST = 10


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """A player's name, starting party (front left, centre, right; back two) and the
    total hit points of each of its Guardians (from the catalog)."""

    name: str
    front: tuple[str, str, str]
    back: tuple[str, str]
    hit_points: Mapping[str, int]
    cards: tuple[Guardian, ...] = ()  # the party's cards as printed, when the setup has them

    @classmethod
    def from_party(cls, name: str, party: Party, hit_points: Mapping[str, int]) -> SeatSetup:
        if len(party.front) != FRONT_ROW or len(party.back) != BACK_ROW:
            raise IllegalAction(
                f"{name}'s party needs {FRONT_ROW} front-row and {BACK_ROW} back-row "
                "Guardians (Game Setup, R46).",
                "party",
            )
        front = (party.front[0], party.front[1], party.front[2])
        return cls(name, front, (party.back[0], party.back[1]), hit_points)


@dataclass(frozen=True, slots=True)
class AzrahSetup:
    players: tuple[SeatSetup, SeatSetup]
    first_player: int = 0
    transformations: tuple[Guardian, ...] = ()  # the shared pile's Transformation cards


def player_names(setup: AzrahSetup) -> tuple[str, ...]:
    return tuple(seat.name for seat in setup.players)


def read_setup(data: Mapping[str, JSON]) -> AzrahSetup:
    """``{"first_player": 0 or 1, "players": [two {"name", "front": [3 names],
    "back": [2 names], "hit_points": {name: total}, "cards": [each one as printed]}],
    "transformations": [the shared pile's]}``. Cards are read when given; a new game
    must give each Guardian's (``check_cards_carried``), a stored one may not (R114).
    InvalidInput names each bad field; the System also asks that the parties make a
    starting state."""
    problems: Problems = {}
    if not isinstance(data, Mapping):
        raise InvalidInput({"setup": ["The setup must be an object."]})
    first = data.get("first_player", 0)
    if first not in (0, 1) or isinstance(first, bool):
        add_problem(problems, "first_player", "The first player is seat 0 or seat 1.")
    players = data.get("players")
    seats: list[SeatSetup] = []
    if not isinstance(players, list) or len(players) != 2:
        add_problem(problems, "players", "AZRAH needs exactly two players.")
    else:
        for index, player in enumerate(players):
            seat = _read_seat(problems, f"players.{index}", player)
            if seat is not None:
                seats.append(seat)
    transformations = _read_cards(problems, "transformations", data.get("transformations"))
    if problems:
        raise InvalidInput(problems)
    return AzrahSetup(
        (seats[0], seats[1]), first_player=int(first), transformations=transformations
    )


def write_setup(setup: AzrahSetup) -> dict[str, JSON]:
    data: dict[str, JSON] = {
        "first_player": setup.first_player,
        "players": [
            {
                "name": seat.name,
                "front": list(seat.front),
                "back": list(seat.back),
                "hit_points": dict(seat.hit_points),
                **({"cards": [card_to_json(c) for c in seat.cards]} if seat.cards else {}),
            }
            for seat in setup.players
        ],
    }
    if setup.transformations:
        data["transformations"] = [card_to_json(c) for c in setup.transformations]
    return data


def check_cards_carried(setup: AzrahSetup) -> None:
    """A new game carries each party Guardian's card as printed, so every ability is
    checked against it (Anatomy of a Card). A game stored before setups carried cards is
    not new: it replays as recorded (R114)."""
    problems: Problems = {}
    for index, seat in enumerate(setup.players):
        carried = {card.name for card in seat.cards}
        for name in (*seat.front, *seat.back):
            if name not in carried:
                add_problem(
                    problems,
                    f"players.{index}.cards",
                    f"{seat.name}'s setup carries no card for {name}: a new game needs "
                    "each Guardian's card as printed (Anatomy of a Card).",
                )
    if problems:
        raise InvalidInput(problems)


def ability_to_json(ability: GuardianAbility) -> dict[str, JSON]:
    return {
        "name": ability.name,
        "mana": ability.mana,
        "gems": ability.gems,
        "quick": ability.quick,
        "target_enemy": ability.target_enemy,
        **({"targets": ability.targets} if ability.target_enemy else {}),
        "text": ability.text,
    }


def card_to_json(card: Guardian) -> dict[str, JSON]:
    """A card as the setup carries it (a Transformation names its base form and hit points;
    a party Guardian's hit points are the setup's)."""
    data: dict[str, JSON] = {
        "name": card.name,
        "range_arrows": [arrow.value for arrow in card.range_arrows],
        "emergence": ability_to_json(card.emergence) if card.emergence else None,
        "abilities": [ability_to_json(a) for a in card.abilities],
    }
    if card.base_form is not None:
        data["base_form"] = card.base_form
        data["hit_points"] = card.hit_points
    return data


def _row_names(problems: Problems, path: str, value: object, count: int, row: str) -> list[str]:
    if (
        not isinstance(value, list)
        or len(value) != count
        or not all(isinstance(name, str) and 0 < len(name.strip()) <= MAX_NAME for name in value)
    ):
        add_problem(problems, path, f"The {row} row names exactly {count} Guardians.")
        return []
    return [name.strip() for name in value]


def _read_seat(problems: Problems, path: str, data: object) -> SeatSetup | None:
    if not isinstance(data, Mapping):
        add_problem(problems, path, "Each player is an object with a name and a party.")
        return None
    name = data.get("name")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
        add_problem(problems, f"{path}.name", f"A player's name is 1 to {MAX_NAME} characters.")
    front = _row_names(problems, f"{path}.front", data.get("front"), FRONT_ROW, "front")
    back = _row_names(problems, f"{path}.back", data.get("back"), BACK_ROW, "back")
    hit_points = data.get("hit_points")
    points: dict[str, int] = {}
    if not isinstance(hit_points, Mapping):
        add_problem(problems, f"{path}.hit_points", "Give each Guardian's total hit points.")
    else:
        for guardian in (*front, *back):
            check_whole(
                problems,
                f"{path}.hit_points.{guardian}",
                hit_points.get(guardian),
                1,
                MAX_HIT_POINTS,
                f"{guardian}'s hit points",
            )
            value = hit_points.get(guardian)
            if isinstance(value, int):
                points[guardian] = value
    cards = _read_cards(problems, f"{path}.cards", data.get("cards"), points)
    party = set(front) | set(back)
    for index, card in enumerate(cards):
        if card.name not in party:
            add_problem(
                problems, f"{path}.cards.{index}.name", f"{card.name!r} is not in the party."
            )
    if not isinstance(name, str) or len(front) != FRONT_ROW or len(back) != BACK_ROW:
        return None
    return SeatSetup(
        name.strip(), (front[0], front[1], front[2]), (back[0], back[1]), points, cards
    )


def _read_ability(problems: Problems, path: str, data: object) -> GuardianAbility | None:
    if not isinstance(data, Mapping):
        add_problem(
            problems, path, "An ability is {name, mana, gems, quick, target_enemy, targets, text}."
        )
        return None
    name = data.get("name")
    ok = True
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
        add_problem(problems, f"{path}.name", f"An ability's name is 1 to {MAX_NAME} characters.")
        ok = False
    costs = {}
    for key in ("mana", "gems"):
        costs[key] = data.get(key, 0)
        check_whole(problems, f"{path}.{key}", costs[key], 0, MAX_COST, f"The {key} cost")
        ok = ok and isinstance(costs[key], int) and not isinstance(costs[key], bool)
    flags = {}
    for key in ("quick", "target_enemy"):
        flags[key] = data.get(key, False)
        if not isinstance(flags[key], bool):
            add_problem(problems, f"{path}.{key}", f"'{key}' is true or false.")
            ok = False
    targets = data.get("targets", 1)
    check_whole(problems, f"{path}.targets", targets, 1, MAX_TARGETS, "The number of targets")
    if not isinstance(targets, int) or isinstance(targets, bool):
        ok = False
    elif targets != 1 and flags.get("target_enemy") is False:
        add_problem(
            problems,
            f"{path}.targets",
            'Only an ability that says "target enemy" announces targets (R112).',
        )
        ok = False
    text = data.get("text", "")
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        add_problem(
            problems, f"{path}.text", f"An ability's text is at most {MAX_TEXT} characters."
        )
        ok = False
    if not ok or not isinstance(name, str) or not isinstance(text, str):
        return None
    return GuardianAbility(
        name.strip(),
        int(costs["mana"]),
        int(costs["gems"]),
        text,
        quick=bool(flags["quick"]),
        target_enemy=bool(flags["target_enemy"]),
        targets=int(targets),
    )


def _read_cards(
    problems: Problems, path: str, data: object, hit_points: Mapping[str, int] | None = None
) -> tuple[Guardian, ...]:
    """Cards as printed: for a party (``hit_points`` given, names from it) or the shared
    pile's Transformations (each naming its ``base_form`` and ``hit_points``)."""
    if data is None:
        return ()
    if not isinstance(data, list) or len(data) > MAX_CARDS:
        add_problem(problems, path, f"Cards are a list of at most {MAX_CARDS}.")
        return ()
    cards: list[Guardian] = []
    seen: set[str] = set()
    for index, item in enumerate(data):
        where = f"{path}.{index}"
        if not isinstance(item, Mapping):
            add_problem(problems, where, "A card is {name, range_arrows, emergence, abilities}.")
            continue
        name = item.get("name")
        if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME or name in seen:
            add_problem(
                problems, f"{where}.name", "Each card has its own name, 1 to 120 characters."
            )
            continue
        seen.add(name)
        arrows_data = item.get("range_arrows")
        arrows: list[Position] = []
        if not isinstance(arrows_data, list) or not all(
            a in [p.value for p in Position] for a in arrows_data
        ):
            add_problem(problems, f"{where}.range_arrows", "Range arrows are left, centre, right.")
        else:
            arrows = [p for p in Position if p.value in arrows_data]
        emergence = None
        if item.get("emergence") is not None:
            emergence = _read_ability(problems, f"{where}.emergence", item.get("emergence"))
        abilities_data = item.get("abilities", [])
        abilities: list[GuardianAbility] = []
        if not isinstance(abilities_data, list) or len(abilities_data) > MAX_ABILITIES:
            add_problem(problems, f"{where}.abilities", f"At most {MAX_ABILITIES} abilities.")
        else:
            for i, ability_data in enumerate(abilities_data):
                ability = _read_ability(problems, f"{where}.abilities.{i}", ability_data)
                if ability is not None:
                    abilities.append(ability)
        base_form = None
        points = hit_points.get(name, 1) if hit_points is not None else 0
        if hit_points is None:
            base_form = item.get("base_form")
            if not isinstance(base_form, str) or not base_form.strip():
                add_problem(problems, f"{where}.base_form", "A Transformation names its base form.")
                base_form = None
            points = item.get("hit_points")  # type: ignore[assignment]
            check_whole(problems, f"{where}.hit_points", points, 1, MAX_HIT_POINTS, "Hit points")
            if not isinstance(points, int) or isinstance(points, bool):
                continue
        cards.append(
            Guardian(
                id=name,
                name=name,
                hit_points=points,
                range_arrows=tuple(arrows),
                emergence=emergence,
                abilities=tuple(abilities),
                base_form=base_form,
            )
        )
    return tuple(cards)
