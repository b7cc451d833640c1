"""What the app offers for Azeroth at War: the odds calculator and its API, army lists and
their builder, and the tracked game."""

from games.registry import Feature, Game, NavLink
from referee.rules import SYSTEMS
from referee.rules.azeroth import rulings
from referee.rules.azeroth.tracker import AZEROTH

from .list_game import GAME as ARMY

GAME = Game(
    about=SYSTEMS["azeroth"],
    tracker=AZEROTH,
    catalog=ARMY,
    features=(
        Feature(
            "Odds calculator",
            "Attack, Morale, spell and Blast odds, every modifier explained.",
            "azeroth-odds",
        ),
        Feature(
            "Rulings",
            "How the book's silences are read, section by section.",
            "rulings",
            "#azeroth",
        ),
        Feature("REST API", "The same odds for list builders and bots.", "api:docs"),
        Feature(
            "Army builder",
            "Tap units in, see points, tier slots and Heroes checked as you go.",
            "azeroth-army",
        ),
        Feature("Game tracker", "Wounds, Mana, rounds and phases.", "games"),
    ),
    build=NavLink("Army", "azeroth-army", game="Azeroth at War"),
    nav=(NavLink("Odds", "azeroth-odds", long="calculator"),),
    home_actions=(NavLink("Open the odds calculator", "azeroth-odds"),),
    urls="games.systems.azeroth.urls",
    api_urls="games.systems.azeroth.api_urls",
    shared_rulings=rulings.SHARED,
    project_rulings=rulings.PROJECT,
)
