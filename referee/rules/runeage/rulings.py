"""The rulings Rune Age follows where its rulebook is silent or contradicts itself, as
data.

``SHARED`` restates, in the project's words, the rulings every tool for the game follows
(RULINGS.md); ``PROJECT`` holds the further rulings this project made. Both are shown on
the rulings page and cited by code in every explanation that uses them.
"""

from __future__ import annotations

from referee.rules.rulings import Ruling

SHARED: tuple[Ruling, ...] = ()

PROJECT: tuple[Ruling, ...] = (
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
)
