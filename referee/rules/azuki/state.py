"""The state of an Azuki TCG game at the table, and what can be read from it: Cooldown, the
combat preview, the start- and end-of-turn effects, whether an ability may be used, who may
attack what, whose step of an attack it is.

The physical cards stay on the table: the state counts the deck, hand and discard pile and
never knows which cards are in a hand or in what order the deck lies.

Sections cited are the rulebook's headings (``/shared/rules/azuki-tcg.md``); rulings
R140-R155 (``referee.rules.rulings``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from referee.rules.azuki.setup import (
    AFTER_ATTACKING,
    ALLEY,
    DEFENDER,
    GARDEN,
    ON_PLAY,
    OPENING_HAND,
    RESPONSE,
    WHEN_ATTACKING,
    AzukiSetup,
    CardInfo,
    Effect,
    ability_effect,
)
from referee.rules.text import possessive
from referee.rules.tracker import JSON, Outcome

GARDEN_SIZE = 5  # The Field: the Garden holds 5 entities besides the Leader
ALLEY_SIZE = 5  # The Field: the Alley
MAX_IKZ = 10  # Start of Turn Phase: Ramp

MULLIGAN, START, MAIN = "Game start", "Start of turn", "Main"
LEADER = "leader"
ZONE_NAMES = {GARDEN: "Garden", ALLEY: "Alley"}
ZONE_SIZES = {GARDEN: GARDEN_SIZE, ALLEY: ALLEY_SIZE}
# The IKZ token of the player going second (Untapping, Gaining IKZ and Drawing)
TOKEN_NONE, TOKEN_WAITING, TOKEN_READY, TOKEN_USED = "none", "waiting", "ready", "used"

_START_EFFECT = re.compile(r"start of (?:each|your|the|every) turn", re.IGNORECASE)
_END_EFFECT = re.compile(r"end of (?:each|your|the|every) turn", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Weapon:
    uid: str
    card: CardInfo


@dataclass(frozen=True, slots=True)
class Mods:
    """Changes to a card's Attack, Health and Carapace: until the end of the turn, or
    lasting (an effect that says so; End of Turn Phase)."""

    attack: int = 0
    health: int = 0
    carapace: int = 0
    lasting_attack: int = 0
    lasting_health: int = 0
    lasting_carapace: int = 0

    @property
    def total_attack(self) -> int:
        return self.attack + self.lasting_attack

    @property
    def total_health(self) -> int:
        return self.health + self.lasting_health

    @property
    def total_carapace(self) -> int:
        return self.carapace + self.lasting_carapace

    def end_turn(self) -> Mods:
        return replace(self, attack=0, health=0, carapace=0)

    @property
    def for_this_turn(self) -> bool:
        return bool(self.attack or self.health or self.carapace)


@dataclass(frozen=True, slots=True)
class Entity:
    uid: str
    card: CardInfo
    damage: int = 0
    tapped: bool = False
    entered_garden: int | None = None  # the turn it entered the Garden (Cooldown)
    weapons: tuple[Weapon, ...] = ()
    mods: Mods = field(default_factory=Mods)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def attack(self) -> int:
        base = self.card.attack or 0
        return max(0, base + sum(w.card.attack or 0 for w in self.weapons) + self.mods.total_attack)

    @property
    def health(self) -> int:
        return max(0, (self.card.health or 0) + self.mods.total_health)

    @property
    def carapace(self) -> int:
        return max(0, self.card.carapace + self.mods.total_carapace)

    @property
    def remaining(self) -> int:
        return max(0, self.health - self.damage)


@dataclass(frozen=True, slots=True)
class Leader:
    card: CardInfo
    health: int  # current Health; never above the card's (Stats: no overheal)
    tapped: bool = False
    weapons: tuple[Weapon, ...] = ()
    mods: Mods = field(default_factory=Mods)

    @property
    def max_health(self) -> int:
        return self.card.health or 0

    @property
    def attack(self) -> int:
        """The Leader's Attack: its weapons' and this turn's changes (R153)."""
        base = self.card.attack or 0
        return max(0, base + sum(w.card.attack or 0 for w in self.weapons) + self.mods.total_attack)


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    leader: Leader
    gate: CardInfo
    deck: int
    hand: int = 0
    discard: int = 0
    ikz: int = 0  # IKZ in the IKZ area (usable)
    ikz_tapped: int = 0
    token: str = TOKEN_NONE
    mulligan: str | None = None  # "kept" or "mulliganed" once decided (Game Start)
    gate_tapped: bool = False
    garden: tuple[Entity, ...] = ()
    alley: tuple[Entity, ...] = ()
    cards: tuple[CardInfo, ...] = ()  # the deck list, one entry per card ID

    def card(self, card_id: object) -> CardInfo | None:
        return next((card for card in self.cards if card.id == card_id), None)

    @property
    def ikz_untapped(self) -> int:
        return self.ikz - self.ikz_tapped

    @property
    def ikz_pile(self) -> int:
        return MAX_IKZ - self.ikz

    def zone(self, name: str) -> tuple[Entity, ...]:
        return self.garden if name == GARDEN else self.alley

    def find(self, uid: str) -> tuple[str, Entity] | None:
        for zone in (GARDEN, ALLEY):
            for entity in self.zone(zone):
                if entity.uid == uid:
                    return zone, entity
        return None

    def with_zone(self, name: str, entities: tuple[Entity, ...]) -> PlayerState:
        return replace(self, garden=entities) if name == GARDEN else replace(self, alley=entities)

    def put(self, entity: Entity) -> PlayerState:
        """``entity`` changed where it is."""
        found = self.find(entity.uid)
        assert found is not None
        zone = found[0]
        return self.with_zone(
            zone, tuple(entity if e.uid == entity.uid else e for e in self.zone(zone))
        )

    def without(self, uid: str) -> PlayerState:
        return replace(
            self,
            garden=tuple(e for e in self.garden if e.uid != uid),
            alley=tuple(e for e in self.alley if e.uid != uid),
        )


@dataclass(frozen=True, slots=True)
class Combat:
    """An attack in progress (Combat Mechanism): who attacks what, and the step it is at."""

    seat: int  # the attacking player
    attacker: str  # "leader" or an entity's uid
    target: str  # "leader" or an entity's uid of the other player
    step: str = WHEN_ATTACKING
    defender: str | None = None  # the Defender declared, now the target
    responses: int = 0
    dealt: Preview | None = None  # what the damage step did, once resolved (step 6 shows it)


@dataclass(frozen=True, slots=True)
class AzukiState:
    players: tuple[PlayerState, PlayerState]
    first_player: int
    turn: int = 0  # 0 during Game Start
    phase: str = MULLIGAN
    combat: Combat | None = None
    used: frozenset[str] = frozenset()  # Once per Turn keys, and "gate"
    on_play: str | None = None  # the card just played whose [On Play] may be used now
    start_effects: tuple[str, ...] = ()  # start-of-turn effects waiting for their order
    start_order: tuple[str, ...] = ()
    next_uid: int = 1
    last_turn_end: tuple[str, ...] = ()  # what the last end of turn did, itemised
    last_portal: tuple[str, ...] = ()
    outcome: Outcome = field(default_factory=Outcome)

    @property
    def active(self) -> int:
        return (self.first_player + max(self.turn, 1) - 1) % 2

    @property
    def round(self) -> int:
        return (max(self.turn, 1) - 1) // 2 + 1


def entity_in_cooldown(state: AzukiState, entity: Entity) -> bool:
    """An entity that entered the Garden this turn, played or portaled, has Cooldown; Charge
    lifts it (Playing Entities and Using Gates, R145)."""
    return entity.entered_garden == state.turn and not entity.card.charge


def initial_state(setup: AzukiSetup) -> AzukiState:
    """Each Leader at its Health, 7 cards drawn, 0 IKZ (Game Start; Untapping, Gaining
    IKZ and Drawing); the player going second holds the IKZ token from their first turn."""
    players = tuple(
        PlayerState(
            seat.name,
            Leader(seat.leader, seat.leader.health or 1),
            seat.gate,
            deck=seat.deck_size - OPENING_HAND,
            hand=OPENING_HAND,
            token=TOKEN_NONE if index == setup.first_player else TOKEN_WAITING,
            cards=tuple(line.card for line in seat.deck),
        )
        for index, seat in enumerate(setup.players)
    )
    return AzukiState((players[0], players[1]), setup.first_player)


# --- the combat preview ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Preview:
    """What resolving the damage step would do, before it is committed (Combat Mechanism)."""

    attacker: str
    target: str
    to_target: int  # damage the target takes
    to_attacker: int  # damage the attacker takes
    destroyed: tuple[str, ...]  # names of the entities it destroys
    leader_health: tuple[tuple[int, int, int], ...]  # (seat, before, after) per Leader hit
    lines: tuple[str, ...]


def _piece_name(player: PlayerState, piece: str) -> str:
    if piece == LEADER:
        return f"{possessive(player.name)} Leader {player.leader.card.name}"
    found = player.find(piece)
    # an entity by its id, its name and a number, as the board shows it ("Grunt #3")
    return f"{possessive(player.name)} {found[1].uid if found else 'card (gone)'}"


def after_carapace(damage: int, carapace: int) -> int:
    """Damage after Carapace, which subtracts from each amount dealt to the card (R147)."""
    return max(0, damage - carapace)


def combat_preview(state: AzukiState) -> Preview | None:
    """Damage as it would resolve now: dealt at the same time both ways; a Leader without
    Attack deals none back; Carapace subtracts (Combat Mechanism, R147). A piece that has
    left the field deals and takes nothing (R148). None once the damage is dealt: the attack
    then keeps what was dealt (``Combat.dealt``)."""
    combat = state.combat
    if combat is None or combat.dealt is not None:
        return None
    me, them = state.players[combat.seat], state.players[1 - combat.seat]
    target = combat.defender or combat.target
    attacker_name, target_name = _piece_name(me, combat.attacker), _piece_name(them, target)
    hitter = attack_of(me, combat.attacker)
    back = attack_of(them, target)
    if hitter is None or back is None:
        gone = attacker_name if hitter is None else target_name
        line = f"{gone} has left the field: no damage is dealt (R148)."
        return Preview(attacker_name, target_name, 0, 0, (), (), (line,))
    to_target = after_carapace(hitter, _carapace_of(them, target))
    to_attacker = after_carapace(back, _carapace_of(me, combat.attacker))
    destroyed: list[str] = []
    leaders: list[tuple[int, int, int]] = []
    lines = [
        f"{attacker_name} deals {to_target} to {target_name}.",
        f"{target_name} deals {to_attacker} back to {attacker_name}."
        if back
        else f"{target_name} has no Attack and deals nothing back.",
    ]
    for seat, player, piece, amount in (
        (1 - combat.seat, them, target, to_target),
        (combat.seat, me, combat.attacker, to_attacker),
    ):
        if piece == LEADER:
            after = max(0, player.leader.health - amount)
            leaders.append((seat, player.leader.health, after))
            lines.append(
                f"{possessive(player.name)} Leader: Health {player.leader.health} → {after}"
                + (" (loses the game)" if after == 0 else "")
                + "."
            )
        else:
            found = player.find(piece)
            if found is not None and found[1].damage + amount >= found[1].health:
                destroyed.append(f"{possessive(player.name)} {found[1].uid}")
                lines.append(f"{possessive(player.name)} {found[1].uid} is destroyed.")
    return Preview(
        attacker_name,
        target_name,
        to_target,
        to_attacker,
        tuple(destroyed),
        tuple(leaders),
        tuple(lines),
    )


def attack_of(player: PlayerState, piece: str) -> int | None:
    """The Attack ``piece`` (the Leader or an entity's id) of ``player`` deals in combat; None
    when it is not in the Garden: gone from the field, or in the Alley."""
    if piece == LEADER:
        return player.leader.attack
    found = player.find(piece)
    return found[1].attack if found is not None and found[0] == GARDEN else None


def _carapace_of(player: PlayerState, piece: str) -> int:
    if piece == LEADER:
        return 0
    found = player.find(piece)
    return found[1].carapace if found is not None else 0


# --- effects, abilities and attacks ---------------------------------------------------------


def effects_with(state: AzukiState, pattern: re.Pattern[str]) -> tuple[str, ...]:
    """The cards on the field whose text has a start- or end-of-turn effect for this turn,
    by name with their controller: "your turn" only on its controller's (Start of Turn
    Phase, End of Turn Phase, R152)."""
    found: list[str] = []
    for seat, player in enumerate(state.players):
        cards = [
            player.leader.card,
            player.gate,
            *(e.card for e in (*player.garden, *player.alley)),
        ]
        for card in cards:
            said = pattern.search(card.text)
            if said and ("your" not in said.group(0).lower() or seat == state.active):
                label = f"{possessive(player.name)} {card.name}"
                count = sum(1 for f in found if f == label or f.startswith(label + " ("))
                found.append(label if not count else f"{label} ({count + 1})")
    return tuple(found)


def start_effects(state: AzukiState) -> tuple[str, ...]:
    return effects_with(state, _START_EFFECT)


def end_effects(state: AzukiState) -> tuple[str, ...]:
    return effects_with(state, _END_EFFECT)


def ability_source(
    player: PlayerState, source: str
) -> tuple[CardInfo, str, bool, Entity | None] | None:
    """The card ``source`` names among ``player``'s: the Leader, an entity, or a weapon (for
    its [On Play]); with its zone, whether it is tapped, and the entity when it is one."""
    if source == LEADER:
        return player.leader.card, GARDEN, player.leader.tapped, None
    found = player.find(source)
    if found is not None:
        return found[1].card, found[0], found[1].tapped, found[1]
    weapons = [*player.leader.weapons, *(w for e in player.garden for w in e.weapons)]
    weapon = next((w for w in weapons if w.uid == source), None)
    return (weapon.card, GARDEN, False, None) if weapon is not None else None


def ability_window(state: AzukiState, seat: int, source: str, stored: bool = False) -> str | None:
    """Why ``seat``'s ``source`` may not use its ability now, or None when it may
    (Card Effects: zone-specific effects, Once per Turn, timing windows; Playing Entities and
    Using Gates: Cooldown)."""
    player = state.players[seat]
    found = ability_source(player, source)
    if found is None:
        return f"{player.name} has no card {source!r} on the field."
    card, zone, tapped, entity = found
    cooldown = entity is not None and zone == GARDEN and entity_in_cooldown(state, entity)
    ability = card.ability
    if ability is None:
        return f"{card.name} has no ability to use (R146)."
    if state.phase == MULLIGAN or state.phase == START:
        return "Abilities are used once the turn is under way."
    combat = state.combat
    if ability.timing == ON_PLAY:
        if state.on_play != source:
            return f"{possessive(card.name)} [On Play] is used only as it is played (Card Effects)."
    elif ability.timing == RESPONSE:
        if combat is None or combat.step != RESPONSE or seat == combat.seat:
            return (
                f"{possessive(card.name)} [Response] is used by the defending player when an "
                "attack is declared (Phases: Main Phase)."
            )
    elif ability.timing in (WHEN_ATTACKING, AFTER_ATTACKING):
        marker = "[When Attacking]" if ability.timing == WHEN_ATTACKING else "[After Attacking]"
        if (
            combat is None
            or combat.step != ability.timing
            or combat.attacker != source
            or combat.seat != seat
        ):
            return (
                f"{possessive(card.name)} {marker} is used in that step of its own attack "
                "(Combat Mechanism)."
            )
    else:
        if seat != state.active or combat is not None:
            return (
                f"{possessive(card.name)} ability is used in its controller's Main phase (Phases)."
            )
    if ability.zone is not None and ability.zone != zone:
        return (
            f"{possessive(card.name)} ability works only from the {ZONE_NAMES[ability.zone]} "
            "(Card Effects)."
        )
    if ability.once_per_turn and used_key(seat, source) in state.used:
        return (
            f"{possessive(card.name)} ability is Once per Turn and was used this turn "
            "(Card Effects)."
        )
    if ability.taps and tapped:
        return f"{card.name} is tapped."
    if ability.taps and cooldown:
        return (
            f"{card.name} has Cooldown: it entered the Garden this turn and cannot tap for "
            "abilities (Playing Entities and Using Gates)."
        )
    if ability.cost > player.ikz_untapped + (1 if player.token == TOKEN_READY else 0):
        return (
            f"{possessive(card.name)} ability costs {ability.cost} IKZ; {player.name} has "
            f"{player.ikz_untapped} untapped."
        )
    effect = ability_effect(card)
    if not stored and effect is not None and not effect_targets(state, seat, effect):
        return (
            f"{possessive(card.name)} ability needs a target: there is no "
            f"{effect.target_words()} in a Garden (The Field, R154)."
        )
    return None


def used_key(seat: int, source: str) -> str:
    """The Once per Turn mark of ``seat``'s ``source``: per seat, since both Leaders are
    called "leader" and may be the same card (Card Effects)."""
    return f"ability:{seat}:{source}"


def effect_targets(state: AzukiState, seat: int, effect: Effect) -> tuple[str, ...]:
    """What ``seat``'s ability with ``effect`` may aim at (R154): for a chosen entity, the
    entities in either Garden that are of its element and tapped when the text says so,
    ``seat``'s own first, never the Alley (The Field); else "leader", the Leader it names."""
    if not effect.chosen:
        return (LEADER,)
    found: list[str] = []
    for owner in (seat, 1 - seat):
        for entity in state.players[owner].garden:
            if effect.element is not None and entity.card.element is not effect.element:
                continue
            if effect.tapped and not entity.tapped:
                continue
            found.append(entity.uid)
    return tuple(found)


def can_attack(state: AzukiState, seat: int, attacker: str) -> str | None:
    """Why ``attacker`` may not attack now, or None: untapped in the Garden without Cooldown
    (Charge lifts it), or the Leader with a weapon (Combat Mechanism; Untapping, Gaining IKZ
    and Drawing)."""
    player = state.players[seat]
    if attacker == LEADER:
        if not player.leader.weapons:
            return (
                "A Leader attacks only with a weapon equipped (Untapping, Gaining IKZ and "
                "Drawing; R153)."
            )
        if player.leader.tapped:
            return f"{possessive(player.name)} Leader is tapped."
        return None
    found = player.find(attacker)
    if found is None:
        return f"{player.name} has no entity {attacker!r} on the field."
    zone, entity = found
    if zone != GARDEN:
        return f"{entity.name} is in the Alley: only the Garden attacks (The Field)."
    if entity.tapped:
        return f"{entity.name} is tapped."
    if entity_in_cooldown(state, entity):
        return (
            f"{entity.name} has Cooldown: it entered the Garden this turn (Playing Entities and "
            "Using Gates; Charge would let it attack)."
        )
    return None


def can_target(state: AzukiState, seat: int, target: str) -> str | None:
    """Why the opponent's ``target`` may not be attacked: the Leader always may; a Garden
    entity only when tapped; never the Alley (The Field)."""
    them = state.players[1 - seat]
    if target == LEADER:
        return None
    found = them.find(target)
    if found is None:
        return f"{them.name} has no entity {target!r} on the field."
    zone, entity = found
    if zone != GARDEN:
        return f"{entity.name} is in the Alley and cannot be attacked (The Field)."
    if not entity.tapped:
        return (
            f"{entity.name} is untapped: Garden entities are attacked only when tapped (The Field)."
        )
    return None


def step_seat(combat: Combat) -> int:
    """Whose turn it is to act in the combat's current step."""
    return 1 - combat.seat if combat.step in (RESPONSE, DEFENDER) else combat.seat


def defenders(state: AzukiState, combat: Combat) -> tuple[Entity, ...]:
    """The defending player's untapped Garden entities with Defender, other than the target
    (R144: declaring one taps it; Cooldown does not stop it)."""
    them = state.players[1 - combat.seat]
    return tuple(
        e for e in them.garden if e.card.defender and not e.tapped and e.uid != combat.target
    )


def resolve_payload(state: AzukiState) -> dict[str, JSON]:
    """The damage step as its sender sees it: attacker, target and the amounts each takes.
    Recorded with the action, so the history says who took how much, and refused when the
    damage has changed since it was seen."""
    combat = state.combat
    preview = combat_preview(state)
    assert combat is not None and preview is not None
    return {
        "attacker": combat.attacker,
        "target": combat.defender or combat.target,
        "to_target": preview.to_target,
        "to_attacker": preview.to_attacker,
    }
