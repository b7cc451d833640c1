"""The rulings Azeroth at War follows where its rulebook is silent or contradicts itself, as
data.

``SHARED`` restates, in the project's words, the rulings every tool for the game follows
(RULINGS.md); ``PROJECT`` holds the further rulings this project made. Both are shown on
the rulings page and cited by code in every explanation that uses them.
"""

from __future__ import annotations

from referee.rules.rulings import Ruling

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
        "Regeneration has given back since, so the count may exceed its starting wounds, "
        "though never by more than the wounds given back that turn. The odds page asks for "
        "those (none unless told) and refuses a count beyond the two together.",
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
)
