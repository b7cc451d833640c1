"""What the app offers for Counter Race: the tracked game, set up at the table."""

from games.registry import Feature, Game
from games.tracker.table_setup import TableSetup

from .forms import RaceForm
from .rules import ABOUT
from .rules.system import COUNTER_RACE

GAME = Game(
    about=ABOUT,
    tracker=COUNTER_RACE,
    table_setup=TableSetup(RaceForm, "games/new/countrace.html"),
    features=(Feature("Game tracker", "Counters, secrets and turns.", "games"),),
)
