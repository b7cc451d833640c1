"""What the app offers for Azuki TCG: decks and their builder, and the tracked game."""

from games.registry import ApiEndpoint, Feature, Game, NavLink
from referee.rules.azuki import ABOUT, rulings
from referee.rules.azuki.system import AZUKI

from .list_game import GAME as DECK

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
    api_endpoints=(
        ApiEndpoint(
            "api:azuki-deck-validate",
            "POST",
            "Azuki TCG: check a deck",
            "Every problem of a deck at once (Leader, Gate, 50 cards, copies, elements) with "
            "its counts per element and type; cards inline, by catalog ID, or pasted as text.",
        ),
    ),
    shared_rulings=rulings.SHARED,
    project_rulings=rulings.PROJECT,
)
