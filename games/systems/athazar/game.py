"""What the app offers for Deaths of Athazar: the tracked game, set up at the table."""

from games.registry import Feature, Game
from games.tracker.table_setup import TableSetup
from referee.rules.athazar import ABOUT, rulings
from referee.rules.athazar.system import ATHAZAR

from .forms import AthazarGameForm

GAME = Game(
    about=ABOUT,
    tracker=ATHAZAR,
    table_setup=TableSetup(AthazarGameForm, "games/new/athazar.html"),
    features=(Feature("Game tracker", "Hands, kills and disruptions, turn by turn.", "games"),),
    shared_rulings=rulings.SHARED,
    project_rulings=rulings.PROJECT,
)
