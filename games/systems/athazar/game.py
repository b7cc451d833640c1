"""What the app offers for Deaths of Athazar: the tracked game, set up at the table."""

from games.registry import Feature, Game
from games.tracker.table_setup import TableSetup
from referee.rules import SYSTEMS
from referee.rules.athazar import rulings
from referee.rules.athazar.tracker import ATHAZAR

from .forms import AthazarGameForm

GAME = Game(
    about=SYSTEMS["athazar"],
    tracker=ATHAZAR,
    table_setup=TableSetup(AthazarGameForm, "games/new/athazar.html"),
    features=(Feature("Game tracker", "Hands, kills and disruptions, turn by turn.", "games"),),
    shared_rulings=rulings.SHARED,
    project_rulings=rulings.PROJECT,
)
