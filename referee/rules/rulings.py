"""The rulings the engines follow where a rulebook is silent or contradicts itself.

``SHARED`` restates, in the project's words, the rulings every tool for these games follows
(RULINGS.md); ``PROJECT`` holds the further rulings this project made. Both are shown on the
rulings page and cited by code (A1, R3 ...) in every explanation that uses them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ruling:
    code: str
    system: str  # game system slug
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
        "The points value is the budget's maximum; the units-per-side range is a warning. "
        "A dual-slot unit fills one slot in each of its two tiers.",
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
)

PROJECT: tuple[Ruling, ...] = (
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
        "Regeneration has given back since, so the count may exceed its starting wounds.",
    ),
    Ruling(
        "R40",
        "azuki",
        "Deck Composition, K3",
        "A shared name is not guessed",
        "A pasted line that names a card several card IDs share is not counted as any of "
        "them; the list says so and asks for the card ID.",
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
        "R50",
        "azrah",
        "No section: the rulebooks have no take-backs. It keeps Anatomy of a Turn's order "
        "and every other rule true of what is left in effect",
        "Undo and redo",
        "An undo takes back any action still in effect, not only the latest: the game is "
        "replayed without it, and the undo is refused when a later action would no longer "
        "be legal without it. A redo restores the latest one undone, in its place. Both "
        "stay in the log. A new action ends what can be redone.",
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
        "and each answer may be answered in turn. When the player asked to answer declines, "
        "the window closes, because the other player has just acted. Then everything "
        "activated resolves, newest first, each ability by its controller. If nothing is "
        "waiting for an answer, an ability, quick or not, is activated only by the active "
        "player in their Action phase.",
    ),
    Ruling(
        "R106",
        "azrah",
        "Activating and Resolving Abilities; Anatomy of a Turn C.2",
        "Emergence abilities",
        "An emergence ability triggers each time its Guardian enters the front row: by an "
        "End-phase swap, or by a swap made at once (R101). It costs nothing and may be "
        "answered like any other ability. The starting party is placed, not entering, so it "
        "triggers nothing. The player orders several: by order_emergence for the End "
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
        "10.2, 4.1",
        "Morale of a dual-slot unit",
        "A unit that fills slots in two tiers tests Morale on the better of its two tiers' "
        "base values, so a Mounted + Elite unit tests on 8.",
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
        "10.3, 11",
        "Fleeing off the table",
        "A routing model that leaves by its table edge scores for the enemy like a destroyed "
        "one, and a Warlord or a last Hero leaving counts as slain; it makes no friendly "
        "model test Morale.",
    ),
    Ruling(
        "R69",
        "azeroth",
        "4.6 (Summon), 11",
        "Summoned units in play",
        "A summoned unit may activate in the round it arrives. A summoner has one summoned "
        "unit at a time. Summoned units neither keep their army in the game nor add to its "
        "remaining points; one destroyed by the enemy scores the points its card gives (none "
        "if it gives none), and one removed by time or its summoner's death scores nothing.",
    ),
    Ruling(
        "R70",
        "azeroth",
        "11 (Hold the Line)",
        "An army wiped out while holding the line",
        "A Hold the Line game ends at once when one army has no models left: the other "
        "player wins, as in Annihilation.",
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

ALL: tuple[Ruling, ...] = SHARED + PROJECT
BY_CODE: dict[str, Ruling] = {ruling.code: ruling for ruling in ALL}
