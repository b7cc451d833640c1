"""What the app offers for Rune Age: its cards as catalog data, and the tracked game, set up
at the table."""

from games.registry import Feature, Game
from games.tracker.table_setup import TableSetup
from referee.rules.runeage import ABOUT, rulings
from referee.rules.runeage.system import RUNE_AGE

from .forms import new_game_form
from .list_game import GAME as CARDS

GAME = Game(
    about=ABOUT,
    tracker=RUNE_AGE,
    catalog=CARDS,
    table_setup=TableSetup(new_game_form, "games/new/runeage.html"),
    features=(
        Feature("Deck check", "Starting decks for each race."),
        Feature(
            "Rulings",
            "How the book's silences are read, section by section.",
            "rulings",
            "#runeage",
        ),
        Feature("Game tracker", "Cities, armies, gold and dragon runes.", "games"),
    ),
    shared_rulings=rulings.SHARED,
    project_rulings=rulings.PROJECT,
)
