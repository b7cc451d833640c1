"""What the app offers for Azuki TCG: decks and their builder, and the tracked game."""

from games.listgames.azuki import GAME as DECK
from games.registry import Feature, Game, NavLink
from referee.rules.azuki import ABOUT, rulings
from referee.rules.azuki.system import AZUKI

GAME = Game(
    about=ABOUT,
    tracker=AZUKI,
    catalog=DECK,
    features=(
        Feature(
            "Deck builder",
            "50 cards, one element, copies by card ID: every problem beside its card.",
            "azuki-deck",
        ),
        Feature("Game tracker", "Turns and phases for both players.", "games"),
    ),
    build=NavLink("Deck", "azuki-deck", game="Azuki TCG"),
    api_urls="games.systems.azuki.api_urls",
    shared_rulings=rulings.SHARED,
    project_rulings=rulings.PROJECT,
)
