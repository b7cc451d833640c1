"""The rulings AZRAH: War of Heralds follows where its rulebook is silent or contradicts itself, as
data.

``SHARED`` restates, in the project's words, the rulings every tool for the game follows
(RULINGS.md); ``PROJECT`` holds the further rulings this project made. Both are shown on
the rulings page and cited by code in every explanation that uses them.
"""

from __future__ import annotations

from referee.rules.rulings import Ruling

SHARED: tuple[Ruling, ...] = (
    Ruling(
        "Z1",
        "azrah",
        "Recovery Phase",
        "First turn's Celestial Gem",
        "The Recovery Phase's Celestial Gem step is skipped only on the first player's first "
        "turn of the game.",
    ),
    Ruling(
        "Z2",
        "azrah",
        "Mana and Celestial Gems",
        "Three Celestial Gems at most",
        "A player who already holds three Celestial Gems and would gain another gains nothing.",
    ),
)

PROJECT: tuple[Ruling, ...] = (
    Ruling(
        "R44",
        "azrah",
        "Game Setup, Anatomy of a Card",
        "Shared cards are not roster Guardians",
        "Transformation, Curse and Item cards are shared by both players: one listed in a "
        "roster is an error and does not count among its 15 Guardians.",
    ),
    Ruling(
        "R45",
        "azrah",
        "Game Setup",
        "One name, one Guardian",
        "Guardian names are compared without regard to case or spacing, and a Guardian "
        "given by its card ID counts under its name.",
    ),
    Ruling(
        "R46",
        "azrah",
        "Game Setup",
        "The starting party",
        "When a party is given it has three front-row Guardians in left, centre and right "
        "order and two back-row Guardians in any order, all from the roster, none twice.",
    ),
    Ruling(
        "R100",
        "azrah",
        "Range Arrows and Targeting Enemies; Anatomy of a Card",
        "Where range arrows point",
        "The two front rows face each other, so each player's left place is across from the "
        "other's right place. A Guardian's centre arrow points at the enemy straight across; "
        "its left or right arrow at the enemy one column over on that side, as its "
        "controller sees the table; an arrow past the end of the row points at nobody. A "
        "Transformation's arrows replace its base form's. An ability that says \"target "
        'enemy" is activated only on front-row enemies its arrows point to, announced when '
        "it is activated, and its effect then reaches no other enemy; an ability that does "
        "not say it ignores the arrows.",
    ),
    Ruling(
        "R101",
        "azrah",
        "Dealing Damage and Defeating Enemies; Moving and Escaping; Anatomy of a Turn C.1",
        "Leaving the front row at once (replaces R51)",
        "A Guardian that is defeated or made to escape by an effect leaves at once: before "
        "anything else happens, its controller swaps it with a back-row ally of their "
        "choice, whoever's turn it is. In the active player's End phase, before any "
        "emergence ability, such a swap is one of the phase's two. All of an End phase's "
        "swaps happen together, so an ally that left the front row in that End phase cannot "
        "come back in it, and a Guardian defeated this turn cannot come back this turn. If "
        "no back-row ally can enter, the Guardian waits, turned away, until one can. R51 "
        "made the swap optional, so a defeated Guardian could stay in the front row into its "
        "owner's next turn and be given Mana there; the book says it escapes immediately.",
    ),
    Ruling(
        "R102",
        "azrah",
        "Transformations, Curses and Items; Dealing Damage and Defeating Enemies",
        "A base form with too much damage",
        "A Transformation comes off as its Guardian leaves the front row (defeated, escaping "
        "or swapped out). The base form keeps all the damage, even at or above its own hit "
        "points, and is not defeated for it, because defeat only happens in the front row; "
        "it heals in the back row. A Guardian that enters the front row still carrying "
        "damage at or above its hit points is defeated at once.",
    ),
    Ruling(
        "R103",
        "azrah",
        "Moving and Escaping; Anatomy of a Turn C.1",
        "An escape nobody can replace",
        "At the end of the turn an escaping ally loses its attached cards and any "
        "Transformation, as the book says, and keeps its damage. If no back-row ally can "
        "replace it (each was defeated this turn or left the front row in this End phase), "
        "it stays in the front row and stops escaping, because there is nothing to swap it "
        "with. A Guardian that is defeated or forced out waits instead (R101).",
    ),
    Ruling(
        "R104",
        "azrah",
        "Important Keywords (Frozen, Immune)",
        "Whose turns a status counts",
        "A status that lasts some turns counts the turns of the affected Guardian's "
        "controller. It loses one turn as each of that player's turns ends, so a one-turn "
        "Frozen put on an enemy lasts through the enemy's next turn.",
    ),
    Ruling(
        "R105",
        "azrah",
        "Activating and Resolving Abilities",
        "Answers and quick abilities",
        "When an ability is activated, the other player may answer it with a quick ability, "
        "and each answer may be answered in turn. The book resolves the abilities once both "
        "players have indicated no further responses. It lets a player respond only to the "
        "other player's latest ability (the opponent may respond; if they do, you may "
        "respond), so when the player asked to answer declines, the other has nothing left "
        "to respond to: Referee counts that one decline as both players having no further "
        "responses and closes the window, rather than asking the player who activated last "
        "to pass as well. Then everything activated resolves, newest first, each ability by "
        "its controller. If "
        "nothing is waiting for an answer, an ability, quick or not, is activated only by "
        "the active player in their Action phase.",
    ),
    Ruling(
        "R106",
        "azrah",
        "Activating and Resolving Abilities; Anatomy of a Turn C.2",
        "Emergence abilities",
        "An emergence ability triggers each time its Guardian enters the front row: by an "
        "End-phase swap, or by a swap made at once (R101). It pays the cost its card "
        "prints, if any (R113), and may be answered like any other ability. The starting "
        "party is placed, not entering, so it triggers nothing. The player orders several: "
        "by order_emergence for the End "
        "phase's swaps, and otherwise by choosing which to activate next. One triggered "
        "while abilities are still resolving waits until they have all resolved. A Guardian "
        "that is escaping by then activates nothing.",
    ),
    Ruling(
        "R107",
        "azrah",
        "Dealing Damage and Defeating Enemies; Frequently Asked Questions",
        "Damage in the back row",
        "Enemies cannot target the back row, so only its controller's own effects can damage "
        "a back-row Guardian. The damage stays, but the Guardian is not defeated while it is "
        "in the back row, because defeat is a front-row rule; it heals one each Recovery. "
        "If it enters the front row with damage at or above its hit points, it is defeated "
        "at once (R102).",
    ),
    Ruling(
        "R108",
        "azrah",
        "Moving and Escaping; Anatomy of a Turn B.3",
        "A defeat is not the turn's escape",
        "The once-per-turn escape limits only the escape a player chooses for an injured "
        "ally. A defeat or an escape forced by an effect does not use it up, and after one "
        "the player may still choose an escape that turn.",
    ),
    Ruling(
        "R109",
        "azrah",
        "Game Setup",
        "The coin flip for turn order",
        "The winner of the flip chooses to play first or second. At a table that flips its "
        "own coin, the host enters the player the winner chose. When the host leaves it to "
        "Referee's coin, the coin names the player who goes first; this is the same as a "
        "winner who chooses to go first.",
    ),
    Ruling(
        "R110",
        "azrah",
        "Activating and Resolving Abilities; Frequently Asked Questions",
        "Recording a resolution",
        "An ability resolves as one entry of the game's log: the ability and every effect "
        "it applied (damage, healing, Mana, Curses and Items, statuses, a forced escape, a "
        "Transformation), each checked, applied in order, all or none. The history lists "
        "each effect. The ability resolves even if its Guardian has left the front row or "
        "been defeated since it was activated.",
    ),
    Ruling(
        "R112",
        "azrah",
        "Range Arrows and Targeting Enemies; Activating and Resolving Abilities",
        "How many enemies an ability targets",
        'An ability that says "target enemy" targets one enemy. One that targets several, '
        "or any number, says how many on the card, and the catalog records that number "
        "(three, the whole front row, for any number). The targets are announced as the "
        "ability is activated: at least one, no more than that number, each a front-row "
        "enemy one of the Guardian's range arrows points to; anything else is refused. The "
        "book never asks for exactly that many, so fewer may be announced.",
    ),
    Ruling(
        "R113",
        "azrah",
        "Activating and Resolving Abilities; Anatomy of a Card",
        "An emergence ability with a printed cost",
        "Activating any ability means paying every cost printed beside its name, and the "
        "book makes no exception for emergence abilities, so a printed cost on one is paid: "
        "Mana from what is attached to the entering Guardian (usually none), Celestial Gems "
        "from its controller's. Abilities are activated only while their cost can be paid, "
        "so an emergence ability whose cost cannot be paid when its turn to be activated "
        "comes is passed over and does not activate; nothing is paid and play goes on. One "
        "with no printed cost is activated as R106 says.",
    ),
    Ruling(
        "R114",
        "azrah",
        "Anatomy of a Card; Activating and Resolving Abilities",
        "Games recorded without the cards",
        "An ability is activated only as its Guardian's card prints it: its name and its "
        "cost. So a new game's setup must carry each party Guardian's card, and one that "
        "lacks any is refused, naming the Guardian. A game stored or exported before "
        "setups carried cards still replays as it was recorded, each ability under the "
        "name and cost the table gave; the book is not silent here, but refusing such a "
        "game would lose its history, so it is kept as a record and nothing new is "
        "checked against cards it never had.",
    ),
    Ruling(
        "R115",
        "azrah",
        "Dealing Damage and Defeating Enemies; Transformations, Curses and Items; Anatomy "
        "of a Card (Curse and Item Cards)",
        "Effects that are not an ability's",
        "The damage, healing, Mana, Curses, Items, statuses, forced escapes and "
        "Transformations an ability applies are recorded as part of resolving it (R110). "
        "A Curse or Item card prints an effect of its own, which Referee does not model, "
        "and a table sometimes has to put the board right; either may be recorded outside "
        "a resolution, each entry saying which it is (an attached card's effect or a "
        "correction), and the history says so. They are offered among a Guardian's less "
        "used actions, never as a tap on its damage.",
    ),
    Ruling(
        "R116",
        "azrah",
        "Anatomy of a Turn C.1; Dealing Damage and Defeating Enemies",
        "The End phase's swaps happen together",
        "The active player's End-phase swaps, up to two, are made at the same moment, so "
        "none waits for another: an ally that chose to escape and one defeated or made to "
        "escape may be swapped in either order, and the allies that came in are listed by "
        "where they stand, whichever was swapped first. Two such swaps sent at once from two "
        "devices, each before it had seen the other, are both recorded when they send out "
        "different Guardians and bring in cards from different back-row places, as long as "
        "neither swap of the phase had been made and the player's health is above two (two "
        "Guardians entering already defeated could otherwise end the game in one order "
        "only). Anything else sent by a device that had not seen the latest change is "
        "refused as out of date.",
    ),
    Ruling(
        "R117",
        "azrah",
        "Setup (the back row is placed face down); Emergence",
        "The history names a Guardian everyone can see",
        "A history line names a Guardian whenever the board shows it face up to the reader, "
        "and says 'one of Ben's Guardians' only while it is face down to them. A line is "
        "read from the game as it stands, so a Guardian that came out face up is named in "
        "every earlier line about it, stored games included: the words change, never what "
        "happened, and nothing face down is named.",
    ),
    Ruling(
        "R52",
        "azrah",
        "Game Setup",
        "The hidden back row",
        "A back-row Guardian stays face-down to the opponent until it has been in the "
        "front row; the tracker shows it only to its controller until then.",
    ),
    Ruling(
        "R53",
        "azrah",
        "Game Setup; Frequently Asked Questions",
        "Naming a face-down Guardian",
        "Only a Guardian's controller, on their own tablet, may name it while it is "
        "face-down in the back row: anyone else is refused exactly as for a name nobody has, "
        "so a refusal never confirms a secret. The table's shared device (the host at no "
        "seat) never names one either, even acting for its seat: it is offered nothing that "
        "names a face-down card, and it brings one into the front row by where the card "
        "lies (R111). Its checks and previews are worked out as if nobody knew the back "
        "rows, so what it is shown is the same whatever they hold. An enemy in the back row "
        "cannot be targeted, even one seen face-up before.",
    ),
    Ruling(
        "R111",
        "azrah",
        "Game Setup; Dealing Damage and Defeating Enemies; Anatomy of a Turn C.1",
        "Swapping in a face-down card by its place",
        "The back row is two cards side by side, so where each lies is seen by everyone even "
        "while what it is is not. A swap may pick the entering card by its place, 1 or 2 "
        "counted from its controller's left, instead of by its name: the table's shared "
        "device does so, for a defeated or forced-out Guardian that must leave at once "
        "(R101) as for an End-phase swap, and the players turn over the card at that place. "
        "A place that holds no card that may enter is refused the same way whatever the back "
        "row holds. Once in the front row the Guardian is face up and named like any other.",
    ),
)
