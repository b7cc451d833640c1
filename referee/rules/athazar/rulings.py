"""The rulings Deaths of Athazar follows where its rulebook is silent or contradicts itself, as
data.

``SHARED`` restates, in the project's words, the rulings every tool for the game follows
(RULINGS.md); ``PROJECT`` holds the further rulings this project made. Both are shown on
the rulings page and cited by code in every explanation that uses them.
"""

from __future__ import annotations

from referee.rules.rulings import Ruling

SHARED: tuple[Ruling, ...] = (
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
