"""What the app offers for AZRAH: War of Heralds: rosters and their builder, and the tracked
game."""

from games.registry import ApiEndpoint, Feature, Game, NavLink
from referee.rules.azrah import ABOUT, rulings
from referee.rules.azrah.system import AZRAH

from .list_game import GAME as ROSTER

GAME = Game(
    about=ABOUT,
    tracker=AZRAH,
    catalog=ROSTER,
    features=(
        Feature(
            "Roster builder",
            "Fifteen Guardians, Mana, Gems and the starting party, checked as you tap.",
            "azrah-roster",
        ),
        Feature("Game tracker", "Mana, Celestial Gems, rows and turns.", "games"),
    ),
    build=NavLink("Roster", "azrah-roster", game="AZRAH"),
    api_urls="games.systems.azrah.api_urls",
    api_endpoints=(
        ApiEndpoint(
            "api:azrah-roster-validate",
            "POST",
            "AZRAH: check a roster",
            "Every problem of a roster at once (15 Guardians, names, Mana, Gems, starting "
            "party); Guardians by name or catalog ID, or pasted as text.",
        ),
    ),
    shared_rulings=rulings.SHARED,
    project_rulings=rulings.PROJECT,
)
