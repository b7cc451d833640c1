"""The rulings the engines follow where a rulebook is silent or contradicts itself.

``SHARED`` restates, in the project's words, the rulings every tool for these games follows
(RULINGS.md); ``PROJECT`` holds the further rulings this project made. Both are shown on the
rulings page and cited by code (A1, R3 ...) in every explanation that uses them.
"""

from __future__ import annotations

from dataclasses import dataclass

TRACKED = "tracked"  # the rulings of the game tracker itself, whatever the game
TRACKED_NAME = "Every tracked game"


@dataclass(frozen=True, slots=True)
class Ruling:
    code: str
    system: str  # game system slug, or TRACKED for a ruling of every tracked game
    section: str  # the rulebook section it interprets
    title: str
    text: str
    switchable: bool = False


SHARED: tuple[Ruling, ...] = (
    Ruling(
        "A1",
        "azeroth",
        "7.1, 8.5, 8.6",
        "Natural rolls",
        "On any single D6 rolled against a target number (hit, wound, save, Dispel, "
        "Counterspell, Spell Block) a 1 always fails and a 6 always succeeds; otherwise "
        "the roll plus its modifiers must reach the target. The literal reading drops both "
        "exceptions.",
        switchable=True,
    ),
    Ruling(
        "A2",
        "azeroth",
        "7.1, 4.5",
        "Wound chart order",
        "2+ when STR is at least twice TGH; else 6+ when STR is at most half TGH; else 3+, "
        "4+ or 5+ for STR above, equal to or below TGH. Ranged attacks use Ranged STR when "
        "the profile has one.",
    ),
    Ruling(
        "A3",
        "azeroth",
        "7.4",
        "Armor Piercing",
        "Compared with the same STR as the wound roll. It removes the save unless the "
        "target carries a Shield or Heavy Armor.",
    ),
    Ruling(
        "A4",
        "azeroth",
        "4.5, 4.6",
        "Decisive Blow",
        "X extra damage from an attack whose hit die was a natural 6, only if that attack "
        "wounds and is not saved. A Heavy Weapon gives Decisive Blow [1] to melee attacks "
        "unless the profile names a higher X.",
    ),
    Ruling(
        "A5",
        "azeroth",
        "4.6, 7.3, 7.7",
        "Momentum",
        "X extra dice on a charge, and X more when charging downhill or when a flyer "
        "charges a model that does not fly.",
    ),
    Ruling(
        "A6",
        "azeroth",
        "4.6",
        "Berserker",
        "One extra die while the model has at most half its starting wounds left.",
    ),
    Ruling(
        "A7",
        "azeroth",
        "7.2.1",
        "Effective Initiative",
        "Base INI plus the armor modifier, plus every weapon tag's modifier, plus 1 for a "
        "charging attacker. In melee (Opportunity Attacks included) a defender with the "
        "higher Effective INI gives -1 to hit; an Opportunity Attack also takes its own -1.",
    ),
    Ruling(
        "A8",
        "azeroth",
        "7.1, 7.3",
        "Ranged to-hit modifiers",
        "Hold +1; elevated +1 (higher ground, or a flyer shooting a model that does not "
        "fly); beyond half range -1. They add up.",
    ),
    Ruling(
        "A9",
        "azeroth",
        "7.1, 7.5, 7.7",
        "Save modifiers",
        "Ranged: soft cover +1, hard cover +2. Melee: never cover; uphill defender +1; "
        "flanking -1. A model without DEF has no save.",
    ),
    Ruling(
        "A10",
        "azeroth",
        "9.1, 10.2",
        "Command Aura",
        "Rerolls one failed Morale test and adds nothing to the Morale value; the reroll "
        "stands. A Hero's own aura never helps that Hero.",
    ),
    Ruling(
        "A11",
        "azeroth",
        "10.3",
        "Morale results",
        "Failing by 1-2 (2D6 minus the Morale value) is a Waver, by 3 or more a Rout. Fear "
        "counts once however many Fear models are near. Undead and Mechanical never test.",
    ),
    Ruling(
        "A12",
        "azeroth",
        "3.1",
        "Battle size",
        "The points value is the budget's maximum: players may agree a higher budget only "
        "in a Large Battle (1000 unless agreed higher). The units-per-side range is a "
        "warning. A dual-slot unit fills one slot in each of its two tiers.",
    ),
    Ruling(
        "A13",
        "azeroth",
        "8.1",
        "Mana income",
        "Base by battle size, plus 1 per surviving Hero, plus 1 per surviving non-Hero "
        "Magical model, plus 1 per controlled objective where the scenario grants it; "
        "then capped at 10.",
    ),
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
    Ruling(
        "D1",
        "athazar",
        "How to Play 4; Kill Cards",
        "A kill discards both cards",
        "The killer and its victim both leave the killing player's own hand, face up.",
    ),
    Ruling(
        "D2",
        "athazar",
        "How to Play 4",
        "One play a turn",
        "On their turn a player makes exactly one kill, or plays one effect card, or does nothing.",
    ),
    Ruling(
        "D3",
        "athazar",
        "Kill Cards 7",
        "The Princess has no value",
        "No kill that goes by value (Assassin, Renegade, Archer, Warrior) can take a Princess.",
    ),
)

PROJECT: tuple[Ruling, ...] = (
    Ruling(
        "R50",
        TRACKED,
        "No section of any rulebook: none has take-backs. It reads each book's turn order "
        "and rules as holding for whatever is left in effect",
        "Undo and redo",
        "In every game the tracker records, an undo takes back any action still in effect, "
        "not only the latest: the game is replayed without it, and the undo is refused when "
        "a later action would no longer be legal without it. A redo restores the latest one "
        "undone, in its place. Both stay in the log. A new action ends what can be redone. "
        "A player asks the player whose action it is to take it back; accepting is such an "
        "undo. A redo follows the rule of an undo: the seat whose action it was redoes it "
        "(or the table's shared device), never the seat that asked for it to be undone. "
        "Whether an undo is allowed is decided without anything only another seat may know: "
        "an entry is never refused on the replay for what a private hand holds.",
    ),
    Ruling(
        "R210",
        TRACKED,
        "No section of any rulebook: it is about games stored while the app's reading of a "
        "rule changes",
        "A stored game recorded under older rules",
        "A game stored before a rule was tightened still opens. When the rules as they are "
        "now refuse an entry in effect, the game stands as it was just before that entry, "
        "and the page says which entry it is and (to that entry's own player) why. The "
        "table may export the whole recorded game, or play on: the first new action then "
        "sets that entry and every later one aside, for good, as if undone; they stay in "
        "the log and in every export. A game's screen gained a line for this (the API's "
        "'refused', null in any game the rules still accept whole).",
    ),
    Ruling(
        "R211",
        TRACKED,
        "Deaths of Athazar How to Play 3, AZRAH End Phase, Azeroth at War turn sequence "
        "(the simultaneous Mana and Morale phases)",
        "Moves made at once",
        "Where a book has the players act at once, or a player edits notes only they see, "
        "an action sent by a tablet that had not yet seen another seat's action is recorded "
        "as if sent a moment later, when the two cannot change each other's meaning; the "
        "order they arrive in changes nothing. Anywhere else, an action sent against a "
        "table that has moved on is refused, nothing is recorded, and the player sees what "
        "changed.",
    ),
    Ruling(
        "R1",
        "azeroth",
        "4.6 (Decisive Blow, Cleave)",
        "Decisive Blow and Cleave",
        "When one natural 6 triggers both, the Decisive Blow bonus goes to the attack's "
        "target only. The extra model that Cleave hits takes 1 damage if it is wounded and "
        "fails its save.",
    ),
    Ruling(
        "R2",
        "azeroth",
        "4.6 (Cleave), 7.5, 7.7",
        "Cleave's extra model saves plainly",
        "Flanking and charging uphill describe the attacker's position towards its target, "
        "so they do not change the save of the extra model hit by Cleave.",
    ),
    Ruling(
        "R3",
        "azeroth",
        "7.6",
        "Friendly hit by a Precision Shot miss",
        "The friendly is wounded with the same STR as the shot (Ranged STR when there is "
        "one) and saves with its own DEF. Cover, hold, range and Decisive Blow belong to "
        "the shot at the target and do not carry over; Armor Piercing does (A3).",
    ),
    Ruling(
        "R4",
        "azeroth",
        "7.6",
        "Shooting into melee",
        "Without the Precision Shot keyword a shot at a target engaged with a friendly "
        "model is refused rather than calculated.",
    ),
    Ruling(
        "R5",
        "azeroth",
        "4.6 (Fly), 7.7",
        "Flyers do not stack with hills",
        "A flyer charging downhill at a ground model gets Momentum's extra X once, not "
        "twice; a flyer on a hill shooting a ground model gets +1 to hit once.",
    ),
    Ruling(
        "R6",
        "azeroth",
        "5.2, 6.5, 7.7",
        "Situations that cannot happen together",
        "An Opportunity Attack is never a charge; a downhill charge needs a charge; a "
        "defender cannot be both uphill and downhill of the charger; melee situations do "
        "not apply to shooting nor ranged ones to melee. Such inputs are refused.",
    ),
    Ruling(
        "R7",
        "azeroth",
        "6.5",
        "Opportunity Attacks",
        "An Opportunity Attack rolls the model's full ATK (Berserker included) but never "
        "Momentum, and the attacker never counts as charging for Initiative.",
    ),
    Ruling(
        "R8",
        "azeroth",
        "8.3, 8.5, 8.6",
        "What can be stopped",
        "Only Buff and Debuff abilities can be Dispelled and only Instant and Blast "
        "abilities Counterspelled; Spell (Shoot) and Reaction abilities can be neither. "
        'Spell Block works against any ability cast within 2".',
    ),
    Ruling(
        "R9",
        "azeroth",
        "8.5, 8.6",
        "Order and cost of responses",
        "Spell Block is rolled first; the Dispel or Counterspell is attempted, and its "
        "Mana spent, only if the Spell Block failed or none was possible.",
    ),
    Ruling(
        "R10",
        "azeroth",
        "8.5",
        "Magical Hero bonus",
        "The +1 applies when the defending army rolls with a surviving Magical Hero; a "
        "roll made by a non-Hero Magical model gets none. A1 applies to the roll.",
    ),
    Ruling(
        "R11",
        "azeroth",
        "8.4",
        "Under the template",
        "Bases and templates are circles: a unit is under the template when the distance "
        "from the template's centre to its base's centre is less than the two radii added "
        "together. A scattered template moves in a direction spread evenly around the "
        "circle.",
    ),
    Ruling(
        "R12",
        "azeroth",
        "8.4",
        "Skilled casters",
        'A caster with SKL 2+ or 3+ scatters 1" less, never less than 1": rolls of 1 and 2 '
        'both move the template 1".',
    ),
    Ruling(
        "R13",
        "azeroth",
        "8.4, 7.4",
        "Blast wounds",
        "Each unit under the template rolls one wound, taking 1 damage if it fails its save. "
        "Armor Piercing applies as for any wound; only hard cover towards the blast centre "
        "helps the save.",
    ),
    Ruling(
        "R14",
        "azeroth",
        "10.1, 10.2, 4.6",
        "Counting wounds",
        '"50% or more lost this turn" means at least half the starting wounds lost this '
        'turn; "below 25%" means fewer wounds left than a quarter of the starting wounds; '
        'Berserker\'s "at or below 50%" means at most half the starting wounds left.',
    ),
    Ruling(
        "R15",
        "azeroth",
        "10.3",
        "Rallying",
        "A routing model always tests in the Morale Phase, to Rally; the odds of passing "
        "are those of any other test.",
    ),
    Ruling(
        "R16",
        "azeroth",
        "7.2.1, 4.5",
        "Weapon tags count once",
        "Effective Initiative adds the modifier of each weapon tag the profile carries "
        "once, however often the tag is listed; a profile with both a Light and a Heavy "
        "Weapon gets both modifiers.",
    ),
    Ruling(
        "R17",
        "azeroth",
        "4.6 (Decisive Blow, Cleave), A1",
        "A natural 6 must hit",
        "Decisive Blow and Cleave need a natural 6 that hits. Under the standard reading "
        "every natural 6 hits; under the literal one a natural 6 that falls short of the "
        "modified target misses and triggers neither.",
    ),
    Ruling(
        "R20",
        "azeroth",
        "4.1",
        "Recognising a unique Hero",
        "A named Hero is known by its name, whatever the case or spacing. Every line that "
        "names it counts, whether the unit comes from the catalog or is given in full, so "
        "two such lines take the Hero twice even when their points differ.",
    ),
    Ruling(
        "R21",
        "azeroth",
        "4.1",
        "Where tier limits come from",
        "An agreed composition replaces the faction's table; otherwise the faction's table "
        "for the battle size applies. A tier the table leaves out has no limit, and with no "
        "table at all only the one-Hero minimum of 4.1 applies. When the army has no Hero, "
        "a Hero minimum of 1 is reported once, as the missing Hero.",
    ),
    Ruling(
        "R22",
        "azeroth",
        "4.1",
        "An army's faction",
        "A list that names no faction belongs to the faction most of its units come from "
        "(on a tie, the one listed first); units of any other faction are out of place. "
        "Units given in full without a faction fit any army.",
    ),
    Ruling(
        "R23",
        "azeroth",
        "9.2, 3.1",
        "Units the catalog does not know",
        "A unit that cannot be found in the catalog is reported and adds nothing to the "
        "points, the tier slots or the number of units until it is corrected.",
    ),
    Ruling(
        "R30",
        "azeroth",
        "10.1, 4.6",
        "Wounds lost this turn",
        "Every wound the model lost during the turn counts, including any that "
        "Regeneration has given back since, so the count may exceed its starting wounds, "
        "though never by more than the wounds given back that turn. The odds page asks for "
        "those (none unless told) and refuses a count beyond the two together.",
    ),
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
        "R60",
        "azeroth",
        "11",
        "How the scenarios end",
        "Annihilation: when one army has no units left the other wins at once; when both "
        "go at the same moment, points destroyed and then surviving wounds decide as after "
        "round 6. Hold the Line: an objective is held by nobody when both sides or neither "
        'side has a unit within 3"; equal Victory Points are a draw. Assassination: both '
        "Warlords slain at the same moment is a draw; after 6 rounds equal remaining army "
        "points are a draw.",
    ),
    Ruling(
        "R61",
        "azeroth",
        "10.3",
        "A routing model that fails again",
        "A routing model that fails its Rally test keeps fleeing whatever the margin; only "
        "a pass brings it back, to Wavering.",
    ),
    Ruling(
        "R62",
        "azeroth",
        "4.6 (Summon)",
        "Counting a summoned unit's rounds",
        "The round a unit is summoned is the first of its X rounds: it is removed at the "
        "end of round (summoned round + X - 1), or at once when its summoner is destroyed.",
    ),
    Ruling(
        "R63",
        "azeroth",
        "3.3",
        "A tied edge roll-off",
        "When both players roll the same for the choice of table edge they roll again, as "
        "for the roll-off that starts each round (5.1).",
    ),
    Ruling(
        "R64",
        "azeroth",
        "10.2, 4.1, 4.2",
        "Morale of a dual-slot unit",
        "The book is silent. 10.2 gives one base Morale value per tier, 4.2 says every model "
        "belongs to one of the four tiers, and 4.1 says only that a dual-slot unit counts "
        "against both tiers' limits; none says which value such a unit tests on. Referee "
        "uses the higher of its two tiers' values, so a Mounted + Elite unit tests on 8: 4.1 "
        "gives the unit the second slot for its exceptional strength, and 10.2's values rise "
        "with the tiers that stand for it (Elite 8, Hero 9). The other reading, the lower "
        "value, treats the unit as its weaker tier; a table that prefers it agrees so "
        "before the game.",
    ),
    Ruling(
        "R65",
        "azeroth",
        "3.3, 5.1",
        "Who deployed second",
        "Deployment alternates starting with the player who did not pick the table edge, so "
        "the player who picked it counts as deploying second and activates first in round 1.",
    ),
    Ruling(
        "R66",
        "azeroth",
        "10.1",
        "This turn means this round",
        "For the Morale triggers, wounds lost and friends destroyed are counted from the "
        "start of the round's Mana Phase up to its Morale Phase.",
    ),
    Ruling(
        "R67",
        "azeroth",
        "10.3, 4.6 (Fly)",
        "How long Wavering lasts",
        "A Wavering model stays Wavering through its next activation, which ends it. A flyer "
        "that Wavers or Routs is grounded until it next activates. A routing model that "
        "Rallies is Wavering again.",
    ),
    Ruling(
        "R68",
        "azeroth",
        "10.3, 10.1, 7.8, 11",
        "Fleeing off the table",
        "A routing model that leaves by its table edge is destroyed in every respect (7.8): "
        "the enemy scores it, a Warlord or a last Hero leaving counts as slain, its summons "
        'leave, and the friends the table names as within 6" of it must test Morale as for '
        "any friend destroyed nearby (10.1).",
    ),
    Ruling(
        "R69",
        "azeroth",
        "4.6 (Summon), 11",
        "Summoned units in play",
        "A summoned unit may activate in the round it arrives. One summoning may bring "
        "several units where the card says so (the book speaks of a summoner's units), but "
        "a summoner summons again only once every unit of its last summoning has expired or "
        "been destroyed. Summoned units neither keep their army in the game nor add to its "
        "remaining points; one destroyed by the enemy scores the points its card gives (none "
        "if it gives none), and one removed by time or its summoner's death scores nothing.",
    ),
    Ruling(
        "R70",
        "azeroth",
        "11 (Hold the Line), 5",
        "An army wiped out while holding the line",
        "Hold the Line is scored only at the end of round 6 and names no earlier victory "
        "condition, so it has no early end: when one army has no models left the other plays "
        "on alone to the end of round 6, and Victory Points decide.",
    ),
    Ruling(
        "R71",
        "azeroth",
        "4.6 (Taunt)",
        "When Taunt is declared and spent",
        "Taunt is declared as soon as the Taunt model's activation ends, before the next "
        "model activates. The taunted model's compulsion is spent when its next activation "
        "ends.",
    ),
    Ruling(
        "R72",
        "azeroth",
        "8.5, 8.6",
        "Answering an ability",
        "An ability can be answered until the next model activates. The defending army "
        "makes one Dispel or Counterspell attempt against it at most, rolled by its Magical "
        "Hero when one survives (taking the +1) unless the table names another Magical model.",
    ),
    Ruling(
        "R73",
        "azeroth",
        "8.3",
        "Reactions out of turn",
        "A Reaction ability is used during an enemy model's activation, once per round per "
        "model, and paid from the Mana pool as usual; it does not use up the ability of the "
        "reacting model's own activation.",
    ),
    Ruling(
        "R74",
        "azeroth",
        "5.1, 5.2, 4.6 (Taunt)",
        "Ending an activation",
        "A player may say that their activating model is done before the next model "
        "activates. Its activation then ends as the next activation would end it: a Waver "
        "and a Taunt compulsion it was under are spent. Until the next model activates, the "
        "model may still declare Taunt (R71) and the enemy may still answer its ability (R72).",
    ),
    Ruling(
        "R75",
        "azeroth",
        "8.5, 8.6",
        "Letting an ability go off",
        "The defending player may decline to answer an enemy ability: it goes off, and no "
        "Spell Block, Dispel or Counterspell can be tried against it afterwards. Activating "
        "the next model declines in the same way.",
    ),
    Ruling(
        "R120",
        "azeroth",
        "10.3, 8.1, 8.5, 11",
        "Routing models still count",
        "A routing model is still on the table and in its army: only its activation is lost "
        "(10.3). A routing Hero or Magical model still brings its Mana (8.1) and lets its army "
        "Dispel or Counterspell (8.5); a routing model is a unit for objective control and "
        "keeps its army in the game, and its wounds and points count at the end (11). The "
        "enemy scores it only once it is destroyed or flees off the table (R68).",
    ),
    Ruling(
        "R121",
        "azeroth",
        "4.6 (Summon), 9.1, 8.1, 11",
        "Summoned Hero-tier units",
        "A summoned unit of the Hero tier tests Morale as a Hero but is not one of its army's "
        "Heroes: it brings no Hero Mana (8.1), cannot be a Warlord (11), and neither keeps the "
        "army's last Hero alive nor, when it falls, counts as the last Hero slain (9.1). Like "
        "every summons it is temporary and does not keep its army in the game (R69).",
    ),
    Ruling(
        "R122",
        "azeroth",
        "8.1, 11 (Hold the Line)",
        "When objectives bring Mana",
        "Control is decided at the end of each round (11), so an objective brings its +1 "
        "Mana in the next round's Mana Phase to the side that controlled it at the end of "
        "the round before. Round 1's Mana Phase brings none, and control at the end of "
        "round 6 brings none.",
    ),
    Ruling(
        "R123",
        "azeroth",
        "5.1, 3.3",
        "The round roll-off",
        "From round 2 the higher roller activates first: 5.1 gives the winner no choice, "
        "where 3.3 says when a roll-off winner chooses (the table edge). A tie is rolled "
        "again.",
    ),
    Ruling(
        "R124",
        "azeroth",
        "8.6, 8.5",
        "Spell Block against a Dispel",
        'Spell Block can be tried against any enemy ability cast within 2", a Buff or '
        "Debuff as well as an Instant or Blast, and it always comes first: a Dispel is "
        "ordered after it as 8.6 orders a Counterspell. Once a Dispel or Counterspell has "
        "been rolled against an ability, no Spell Block can be tried against it.",
    ),
    Ruling(
        "R125",
        "azeroth",
        "3.1, 4, 4.1",
        "Reading a list and its header",
        "A list's text is read the same way wherever it is pasted or uploaded. What the "
        "player or organiser chooses (battle size, budget, faction) wins over the text's "
        "header. A budget agreed in the header goes with the header's battle size and does "
        "not carry over to another size; a game set up from a saved list checks the army at "
        "the game's battle size the same way. A faction is found by its name or slug in any "
        "case; a header naming a faction the catalog lacks is reported, and the list is then "
        "checked as one naming no faction (R22).",
    ),
    Ruling(
        "R126",
        "azeroth",
        "4, 9.2",
        "How a pasted line names a unit",
        "A line of a pasted army names a unit by its catalog name or slug, in any case and "
        "spacing, once points or tiers another tool wrote after the name are set aside. When "
        "nothing has that name, a plain English plural of one unit's name names that unit: "
        "'3 Orc Grunts' is three of the Orc Grunt. A plural that fits the names of two "
        "units is not guessed and is reported with both as suggestions, and a unit whose "
        "own name is the plural keeps it.",
    ),
    Ruling(
        "R127",
        "azeroth",
        "5.1, 8.1, 10.1-10.3",
        "Entries the two players make at once",
        "The Mana and Morale stages are played by both players at the same time. There, an "
        "entry a player makes about one of their own models (its Morale test or Command Aura "
        "reroll, what is near it for Morale, healing it) means the same whatever the other "
        "player has just recorded about their own models, so a tablet that had not yet shown "
        "the other's entry is not refused: both are kept, in either order, with the same "
        "result. Mana income needs no entry: the app adds each side's at the start of the "
        "stage. Everything else still waits for a tablet that has seen the game as it is: "
        "damage (together, several may destroy a model and end the game), an entry about the "
        "other side's models, a routing model leaving the table, an Opportunity Attack, "
        "objectives, ending a stage, the host's entries, and any entry of the Deployment or "
        "Activation stage, where the players take turns.",
    ),
    Ruling(
        "R128",
        "azeroth",
        "11 (Assassination); R50",
        "An undo that makes a secret Warlord fall sooner",
        "When taking an entry back replays the game so that a Hero falls earlier, and that "
        "Hero is its side's secret Warlord, the game ends there as it would have in play, and "
        "the entries recorded after it stay in the history with no effect. Whether the undo, "
        "the redo or the accepted request is allowed is decided as if no Hero were anyone's "
        "Warlord, so the answer never tells which Hero is.",
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
    Ruling(
        "R180",
        "runeage",
        "Setup 7 and 8; Variable Setup",
        "Gold piles and the starting decks",
        "The Variable Setup table's 1-gold pile counts the cards before the starting decks are "
        "taken: each player's five 1-gold cards come out of it, so four are left in the central "
        "area whatever the number of players.",
    ),
    Ruling(
        "R181",
        "runeage",
        "Attrition Die",
        "The attrition die's faces",
        "The book does not print the die's faces. The app rolls a die of three blank faces, two "
        "with one skull and one with two skulls; a table rolling its own die records what it shows"
        " (blank, skull or two skulls).",
    ),
    Ruling(
        "R182",
        "runeage",
        "Performing Actions (Spend Gold, Spend Influence)",
        "Where a spending action ends",
        "A Spend Gold or Spend Influence action lasts until another kind of action begins (another"
        " action, a combat, the end of the turn): whatever it left unspent is lost then. Playing "
        "more gold, or exhausting more cards for influence, adds to the action under way.",
    ),
    Ruling(
        "R183",
        "runeage",
        "Spend Gold Action",
        "Gold played is checked against gold owned",
        "The app does not see hands: a gold card may be played when the player owns one of that "
        "value not yet played this turn.",
    ),
    Ruling(
        "R184",
        "runeage",
        "Combat Action; Conduct a Battle, step 2",
        "Cards played are checked against cards owned",
        "A unit or tactic may join a combat while the player owns more copies of it than are "
        "already in that combat. A card the cards data lacks is typed at the table with its "
        "strength.",
    ),
    Ruling(
        "R185",
        "runeage",
        "Setup 10; Event Cards & the Event Phase",
        "Naming the event drawn",
        "The event deck stays a real shuffled deck on the table: the first player draws the top "
        "card and names it, and the app accepts only a card of the stage on top (Stage 1 before "
        "Stage 2, and Stage 3 last in The Cataclysm).",
    ),
    Ruling(
        "R186",
        "runeage",
        "Event Cards & the Event Phase; Player Elimination",
        "Who draws events after an elimination",
        "The first player still in the game draws each event and ends the event phase.",
    ),
    Ruling(
        "R187",
        "runeage",
        "Winning the Game; Player Elimination",
        "Everyone eliminated",
        "When no player is left in the game, everyone has lost. In Resurgence of the Dragonlords "
        "and The Monument the players left go on after an elimination: being the last one standing"
        " wins only Runewars.",
    ),
    Ruling(
        "R188",
        "runeage",
        "Event Cards & the Event Phase",
        "An event deck that cannot be rebuilt",
        "When the event deck is empty and the discard pile holds no Stage 2 event to rebuild it "
        "from, no event is drawn that phase (outside The Cataclysm, where an empty deck ends the "
        "game).",
    ),
    Ruling(
        "R189",
        "runeage",
        "Conduct a Battle, step 4; Abilities",
        "Abilities that change strength",
        "A When Played or Resolution ability that changes strength is recorded as a change to the "
        "army of the player using it. Changes add up, so the order the player resolves them in is "
        "recorded but does not change the totals.",
    ),
    Ruling(
        "R190",
        "runeage",
        "The Monument",
        "The Monument's strength comparison",
        "The strength of the unit cards in a player's deck counts every unit card the player owns:"
        " deck, hand and discard pile. Tactics count nothing.",
    ),
    Ruling(
        "R191",
        "runeage",
        "Conduct a Battle, step 4; The Cataclysm",
        "A secured stronghold or neutral city",
        "A stronghold or neutral city secured in battle enters its new controller's play area "
        "refreshed, as a bought stronghold does. Only a city taken from another player enters "
        "exhausted, and only in The Cataclysm.",
    ),
    Ruling(
        "R192",
        "runeage",
        "Event Cards & the Event Phase; Conduct a Battle",
        "An instant attacking Home Realms",
        "An instant that attacks Home Realms is battled by each player still in the game, in play "
        "order, whether or not the one before repelled it. These battles are not Combat actions "
        "and do not use up the instant as a target for the round.",
    ),
    Ruling(
        "R193",
        "runeage",
        "The Monument; A Player's Turn",
        "When the Monument's round ends",
        "A game round ends after its event phase: a Monument built during any turn of the round "
        "wins when the first player ends that event phase.",
    ),
    Ruling(
        "R194",
        "runeage",
        "Player Elimination",
        "What an eliminated player keeps",
        "Besides what the book sends back, an eliminated player's faction cards, strongholds and "
        "Monument leave the game with that player; damage done by an event to a player eliminated "
        "that way removes the dragon rune power in Runewars.",
    ),
    Ruling(
        "R195",
        "runeage",
        "Runewars: Special Rules",
        "A dragon rune power found through an event",
        "The rune powers nobody was dealt stay beside the game. When an event gives one, the "
        "table records which, during that event phase, and the player keeps one of their two "
        "active; the other leaves the game.",
    ),
    Ruling(
        "R196",
        "runeage",
        "Instant Event Cards; Event Cards & the Event Phase",
        "An instant that lasts during the next round",
        "The next game round is the one that begins when the event phase the instant was drawn "
        "in ends. The card stays beside the objective through that round's turns and its event "
        "phase, and goes to the event discard pile when that event phase ends; until then it is "
        "not in the discard pile, so an event deck rebuilt meanwhile does not take it back.",
    ),
    Ruling(
        "R197",
        "runeage",
        "Conduct a Battle: Defend Against an Instant Card",
        "An instant that attacks until repelled",
        "The book moves an attacking instant on to the next player only when its text says it "
        "goes on attacking. One whose text says it stops once repelled is battled in play order "
        "and leaves play, to the discard pile, as soon as a player repels it; a player it beats "
        "takes the difference and it moves on. When no player repels it, it leaves after the "
        "last player's battle: it never goes round the table twice.",
    ),
    Ruling(
        "R198",
        "runeage",
        "Enemy Event Cards",
        "Several enemies acting at the start of the event phase",
        "Every enemy in play before the event is drawn acts, one after another in the order they "
        "came into play, and all before the first player draws. An enemy defeated during a turn "
        "no longer acts; one drawn in this event phase acts from the next. The table applies "
        "each effect (damage through Damage from the event); the app reminds every player which "
        "effects are due.",
    ),
    Ruling(
        "R199",
        "runeage",
        "Player Elimination; Runewars: Special Rules",
        "Who defeated a player eliminated outside a siege",
        "Damage the table records says where it came from. A card of the player whose turn it "
        "is that eliminates another player makes that player the victor, who takes the dragon "
        "rune power. Damage from an event card's text, whether an instant lasting this round, "
        "an enemy or the event drawn, eliminates without a victor, and so does a player's own "
        "card on their own Home Realm: nobody is their own victor, and the rune power leaves "
        "the game. In the event phase all damage recorded is the event's.",
    ),
    Ruling(
        "R200",
        "runeage",
        "Event Cards & the Event Phase; Instant Event Cards",
        "An instant that affects each player",
        "The app does not read a card's text, so it cannot tell which players an instant "
        "affects or what else it does. Once the event is drawn, the damage the table records "
        "from it goes in play order from the first player on: after a player's Home Realm has "
        "taken some, nobody before them in play order takes more from that card, and a player "
        "it spares is simply passed over. The board reminds everyone of the order, and the "
        "table makes the card's other effects in the same order. So when the first players it "
        "eliminates leave one player standing, Runewars is won before the rest take their share."
        " Damage from enemies acting before the draw (R198) is not bound to this order.",
    ),
    Ruling(
        "R201",
        "runeage",
        "Combat; Sieges; Attrition; Event Cards & the Event Phase",
        "What the history says of a combat",
        "The history says who won each combat, what it was fought over, by how much, and what "
        "followed (a realm secured, a Home Realm damaged), and names each unit destroyed or "
        "wounded. The board marks every enemy, objective and event reminder with whether its "
        "card shows the attrition die icon and what a battle against it then asks. These are "
        "read from the game as replayed, so a game stored before reads the same way: only "
        "the words are new, never what happened.",
    ),
    Ruling(
        "R160",
        "athazar",
        "Characters; How to Play 2",
        "The deck",
        "The book names fourteen characters but not how many of each. By default the deck "
        "holds 56 cards, four of each character, the Warriors' values printed on them; the "
        "setup may give another size, large enough to deal every hand and one deal phase. "
        "The tracker counts cards and does not need to know which they are.",
    ),
    Ruling(
        "R161",
        "athazar",
        "How to Play 3, 4 and 6",
        "Seating and directions",
        "Players are listed in their seating order going round the table to each player's "
        "right: a player's right-hand neighbour is the next in the list, and the last "
        "player's is the first. Play goes round to the right; the pass goes right unless "
        "the table chose left at the start.",
    ),
    Ruling(
        "R162",
        "athazar",
        "How to Play 4 and 6",
        "The token and the dealer",
        "The token starts with the player on the dealer's right and moves one player to the "
        "right each round, passing over the dealer, who always plays last. The turns of a "
        "play phase run from the token round to the right, the dealer last.",
    ),
    Ruling(
        "R163",
        "athazar",
        "Kill Cards 1-6",
        "Values of kill cards as victims",
        "Every card keeps its own value when it is the victim: a Brawler is 2, a Renegade 4, "
        "an Assassin 5, an Archer 6, a Magician 7 and a Warrior the value printed on it, a "
        "whole number from 1 to 20. A Warrior kills only a card of lower value, so equal "
        "values do not kill.",
    ),
    Ruling(
        "R164",
        "athazar",
        "Kill Cards 7",
        "What a Princess may act as",
        "A Princess acting as a killer says which (Brawler, Renegade, Assassin, Archer or "
        "Magician) and follows that rule; she has no value, so acting as a Warrior she could "
        "kill nothing lower and is not offered. As a disruption she may act as a Merchant, a "
        "Sorcerer, a Wiseman or a Prince. As a victim she is only a Princess: a Magician's "
        "set of two Princesses takes her, nothing by value does (D3).",
    ),
    Ruling(
        "R165",
        "athazar",
        "Kill Cards 5",
        "A Magician's set",
        "The set is two cards of the same character, so the Magician and its set are three "
        "cards. Two Warriors match whatever their values.",
    ),
    Ruling(
        "R166",
        "athazar",
        "How to Play 7",
        "The value of a last play",
        "The value of a play is the value of the card that acted: the killer's for a kill (a "
        "Magician's is 7, a Warrior's its own), the effect card's for a disruption. A "
        "Princess's play has no value and ranks below every play that has one; two plays of "
        "equal value, or two Princess plays, tie.",
    ),
    Ruling(
        "R167",
        "athazar",
        "Effect cards 1, 2 and 4",
        "Cards that are not played",
        "A Sailor does nothing when played, so it is never played as a disruption: it leaves "
        "a hand only when it is killed. A Hunter acts only in the pass phase, and a Djinn "
        "stays in its holder's hand until it is killed.",
    ),
    Ruling(
        "R168",
        "athazar",
        "How to Play 3; Effect cards 2 and 4",
        "The pass",
        "Everyone passes at once, and the counts change together once the last player has "
        "passed. A player passes one card, or a Hunter with one more card that is not a "
        "Djinn; a Princess may pass in the Hunter's place. A hand that holds only Djinns "
        "passes nothing. Without a hand entered the player says how many they pass.",
    ),
    Ruling(
        "R169",
        "athazar",
        "Effect cards 3 and 4",
        "A Merchant's swap",
        "How many Djinns each player keeps is seen as the cards change hands, so it is "
        "recorded with the swap. When the target holds only Djinns nothing changes hands, "
        "and the Merchant is still played. After a swap each player enters the cards they "
        "received.",
    ),
    Ruling(
        "R170",
        "athazar",
        "Effect cards 4 and 5",
        "A Sorcerer's gift",
        "The card given travels face down and is never a Djinn; it goes to another player who "
        "still holds cards.",
    ),
    Ruling(
        "R171",
        "athazar",
        "How to Play 10; Effect cards 6 and 7",
        "An empty deck",
        "When a card must leave an empty deck, every card played face up so far, the one just "
        "played included, is shuffled into a new deck first. With no played cards either, "
        "no card comes: a Prince or a deal gives cards round to the right from the player "
        "after its player or the dealer until the cards run out.",
    ),
    Ruling(
        "R172",
        "athazar",
        "How to Play 8; Effect cards 7",
        "Immune with no cards",
        "A player with no cards left cannot be the target of a Merchant or a Sorcerer and "
        "takes no card from a Prince.",
    ),
    Ruling(
        "R173",
        "athazar",
        "How to Play 7 and 9",
        "Places",
        "Players who empty their hands in the same play phase are placed by the value of "
        "their last play, highest first, equal values sharing a place. Without playing on, "
        "everyone else shares the next place. Playing on, the placed players are out (no "
        "turn, pass or card), the others go on, and the last one holding cards takes the "
        "last place.",
    ),
    Ruling(
        "R174",
        "athazar",
        "Players; How to Play 2",
        "Five players",
        "The book counts two to four players and allows a fifth: with five, each is dealt "
        "five cards, otherwise seven.",
    ),
    Ruling(
        "R176",
        "athazar",
        "How to Play 3 and 4; Characters",
        "A hand entered is the player's note",
        "A hand entered on a player's own tablet is their private note of the cards they hold; "
        "the cards on the table are the truth. A pass, a kill or a disruption is checked "
        "against what the whole table knows (whose turn it is, how many cards each holds, the "
        "cards laid face up), never against a note: one the note does not fit is recorded all "
        "the same, so neither the table's shared device acting for a player nor anyone else "
        "learns from a refusal what a note holds. The note then keeps what still fits: a card "
        "played leaves it when it is there, and otherwise takes a place not entered; when it "
        "still names more cards than the player holds, the cards last in the rulebook's order "
        "go, and the player is asked to check their hand. The kill helper still offers only "
        "what the note allows.",
    ),
    Ruling(
        "R177",
        "athazar",
        "How to Play 2, 3 and 5",
        "Hand edits after an undo",
        "A player edits their note as one entry: the whole hand saved at once. When an undo or "
        "a redo changes what came before such an edit (a card dealt or drawn that is no longer "
        "there), the edit is kept as far as it still fits and is never the reason the undo is "
        "refused: a card added with no place left is left out, a card taken out that the note "
        "no longer holds changes nothing, a whole hand naming more cards than are held keeps as "
        "many as are held in the order they were listed, and forgetting a note already gone "
        "changes nothing. The player is asked to check their hand. Saving a hand directly is "
        "still refused when it names more cards than the player holds.",
    ),
    Ruling(
        "R178",
        "athazar",
        "How to Play 3",
        "What players do at the same moment",
        "Everyone passes at once, so passes of different players in one pass phase are "
        "recorded in whatever order they reach the table, however close together. A player "
        "editing their own note does it alongside anything another player does, except a "
        "Merchant's swap or a Sorcerer's gift aimed at them (a Princess acting as one "
        "included), which changes the hand they were writing down: that edit is sent again "
        "after looking. Anything else sent on a state someone has since changed is refused as "
        "stale.",
    ),
    Ruling(
        "R179",
        "athazar",
        "How to Play 3 and 4",
        "The table's shared device",
        "The shared device acting for a player offers what the player could record without a "
        "note: a pass by how many cards, a kill or a disruption named by its cards, doing "
        "nothing, the deal. It never offers a card of a note, never lists what a note allows, "
        "and never edits a note: a player's hand is entered on their own tablet. What it sends "
        "is checked as if no hand were entered.",
    ),
    Ruling(
        "R175",
        "athazar",
        "How to Play 5",
        "The deal phase",
        "The dealer deals one card to every player still in, the dealer included, from the "
        "player on the dealer's right round to the dealer.",
    ),
)

ALL: tuple[Ruling, ...] = SHARED + PROJECT
BY_CODE: dict[str, Ruling] = {ruling.code: ruling for ruling in ALL}
