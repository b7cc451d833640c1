"""The rulings Azuki TCG follows where its rulebook is silent or contradicts itself, as
data.

``SHARED`` restates, in the project's words, the rulings every tool for the game follows
(RULINGS.md); ``PROJECT`` holds the further rulings this project made. Both are shown on
the rulings page and cited by code in every explanation that uses them.
"""

from __future__ import annotations

from referee.rules.rulings import Ruling

SHARED: tuple[Ruling, ...] = (
    Ruling(
        "K1",
        "azuki",
        "Deck Composition",
        "Fifty cards besides the Leader and Gate",
        "The main deck holds exactly 50 cards; the Leader and the Gate are not counted among them.",
    ),
    Ruling(
        "K2",
        "azuki",
        "Card Types, Gates, Elements",
        "Elements",
        "Each main-deck card is of the Leader's element or Neutral. The Gate must be of the "
        "Leader's own element: the more specific Gate rule makes a Neutral Gate illegal.",
    ),
    Ruling(
        "K3",
        "azuki",
        "Deck Composition",
        "Copies by card ID",
        "Copies are counted per card ID, never per name: cards that share a name under "
        "different IDs are different cards.",
    ),
)

PROJECT: tuple[Ruling, ...] = (
    Ruling(
        "R40",
        "azuki",
        "Deck Composition, K3",
        "A shared name is not guessed",
        "A pasted line that names a card several card IDs share is not counted as any of "
        "them; the list says so and asks for the card ID. The line stays in the list, with "
        "its count, as a line to correct.",
    ),
    Ruling(
        "R41",
        "azuki",
        "Deck Composition, K3",
        "The card ID decides",
        "When a pasted line gives a card ID and a name that is not that card's, the card ID "
        "counts and a warning names both.",
    ),
    Ruling(
        "R42",
        "azuki",
        "Card Types, K1",
        "Leaders and Gates outside the main deck",
        "A Leader or Gate card listed in the main deck is an error and is not one of its 50 cards.",
    ),
    Ruling(
        "R43",
        "azuki",
        "Card Types, Elements",
        "No Leader, no element checks",
        "The Leader gives the deck its element, so without a Leader card in the Leader slot "
        "neither the main deck's elements nor the Gate's are checked.",
    ),
    Ruling(
        "R140",
        "azuki",
        "Phases: Game Start",
        "Who plays first",
        "The book does not say how the first player is chosen. When a game starts from saved "
        "decks, Referee flips a coin unless the host picks a player; the setup records the "
        "first player and how they were chosen, and the board shows it.",
    ),
    Ruling(
        "R141",
        "azuki",
        "The Field; Phases: Game Start",
        "Nothing hidden in the tracker",
        "The cards stay on the table: Referee records how many cards each deck, hand and "
        "discard pile holds, never which. The deck lists the players bring are open to the "
        "table, so every viewer sees the same board.",
    ),
    Ruling(
        "R142",
        "azuki",
        "The Field (Garden, Alley)",
        "Who picks the replaced entity",
        "When an entity enters a full row, the player whose row it is picks the entity it "
        "replaces, also when the opponent's effect forced it. The replaced entity goes to "
        "the discard pile with its weapons; it is not destroyed.",
    ),
    Ruling(
        "R143",
        "azuki",
        "Phases: Game Start",
        "When the mulligan happens",
        "Each player keeps or mulligans once, before the first turn starts; after that the "
        "mulligan is gone. The counts stay the same: 7 in hand, the rest in the deck.",
    ),
    Ruling(
        "R144",
        "azuki",
        "Combat Mechanism; Playing Entities and Using Gates",
        "Attacking and defending tap",
        "An attacker taps when it is declared. A defender is an untapped entity with "
        "Defender in the defending Garden; declaring it taps it and it takes the attack in "
        "place of the target. Cooldown does not stop it.",
    ),
    Ruling(
        "R145",
        "azuki",
        "Playing Entities and Using Gates; Untapping, Gaining IKZ and Drawing",
        "Charge and Cooldown",
        "An entity with Charge has no Cooldown: it may attack and tap for abilities on the "
        "turn it enters the Garden.",
    ),
    Ruling(
        "R146",
        "azuki",
        "Card Effects; Card Wording Rules",
        "Abilities read from card text",
        "Referee reads one ability from a card's text: its timing ([On Play], [When "
        "Attacking], [After Attacking], [Response], else the Main phase), a zone marker "
        '(without one it works from either row), Once per Turn, "Pay N IKZ" as its cost, '
        'and "Tap ...:" as tapping the card. What the effect does is recorded by the '
        "players with the effect actions (damage, healing, draws ...).",
    ),
    Ruling(
        "R147",
        "azuki",
        "Card Effects (Carapace)",
        "How Carapace counts",
        "Carapace N takes N off each amount of damage dealt to the entity, in combat or by "
        "an effect, never below 0. Carapace from several sources adds up.",
    ),
    Ruling(
        "R148",
        "azuki",
        "Combat Mechanism; Phases: Main Phase",
        "One attack at a time",
        "While an attack is under way, only its steps, [Response] plays and card effects "
        "happen; other Main-phase actions wait until it ends. An attacker or target that has "
        "left the field before damage deals and takes none.",
    ),
    Ruling(
        "R149",
        "azuki",
        "Win Conditions",
        "Both Leaders at 0",
        "When both Leaders reach 0 Health at the same moment, the game is a draw.",
    ),
    Ruling(
        "R150",
        "azuki",
        "Deck Composition; Phases: Game Start",
        "Practice decks",
        "A game started from saved decks always uses legal 50-card decks. A setup sent "
        "through the API may bring a smaller practice deck (8 to 50 cards), so that a game "
        "can be played to a deck-out quickly.",
    ),
    Ruling(
        "R151",
        "azuki",
        "End of Turn Phase; Start of Turn Phase",
        "The turn's end in one step",
        "Ending the turn applies the end of turn and the next start of turn together, as one "
        "entry of the log: damage resets, weapons go to the discard pile, this turn's stat "
        "changes end; then the next player draws, gains 1 IKZ and untaps their own cards. "
        "The board lists each item, and one undo takes it all back.",
    ),
    Ruling(
        "R152",
        "azuki",
        "Start of Turn Phase; End of Turn Phase",
        "Which effects are ordered",
        "Referee lists as start- or end-of-turn effects the cards on the field whose text "
        "speaks of the start or the end of a turn. When there are two or more, the active "
        "player orders them, both players' together.",
    ),
    Ruling(
        "R153",
        "azuki",
        "Card Types: Weapons; Untapping, Gaining IKZ and Drawing",
        "Weapons and the Leader's Attack",
        "A weapon's Attack adds to its bearer's. A Leader has the Attack of its weapons, so "
        "it attacks only with one equipped, and deals damage back only then.",
    ),
    Ruling(
        "R154",
        "azuki",
        "Card Effects; The Field (Garden, Alley); Card Wording Rules",
        "Abilities Referee applies itself",
        "Where what an ability does is one plain sentence Referee can follow whole (a change "
        "of Attack until the end of the turn, or some damage, to one entity or to a Leader "
        "the text names), using the ability asks for its target and applies the effect; "
        "anything longer stays with the players, as R146 says. A target the text does not "
        "give an owner may be an entity in either player's Garden, of the element and the "
        "tapped state the text asks for; never one in the Alley. With no such entity, the "
        "ability is not offered. A game recorded before this, with the ability used and no "
        "target named, replays as it was recorded.",
    ),
    Ruling(
        "R155",
        "azuki",
        "Phases: Game Start",
        "Both players decide the opening hand at once",
        "Keeping the opening hand or taking the mulligan is something both players do at "
        "the same moment, neither waiting for the other. When both tell Referee at once, "
        "both decisions are recorded, in whichever order they arrive; it changes nothing. "
        "Every later step is taken in turn, and an action chosen before another player's "
        "was recorded is refused, to be looked at again.",
    ),
)
