"""What the app offers for Azeroth at War: the odds calculator and its API, army lists and
their builder, and the tracked game."""

from games.registry import ApiEndpoint, Feature, Game, NavLink
from referee.rules.azeroth import ABOUT, rulings
from referee.rules.azeroth.system import AZEROTH

from .list_game import GAME as ARMY

GAME = Game(
    about=ABOUT,
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
    api_endpoints=(
        ApiEndpoint(
            "api:azeroth-attack-odds",
            "POST",
            "Azeroth at War: attack odds",
            "Exact damage distribution, P(kill) and the to-hit, to-wound and save targets of one "
            "attack, with Cleave and shooting-into-melee side effects and an optional plan.",
        ),
        ApiEndpoint(
            "api:azeroth-morale-odds",
            "POST",
            "Azeroth at War: morale odds",
            "P(pass), P(waver) and P(rout) of a Morale test, and whether a model must test.",
        ),
        ApiEndpoint(
            "api:azeroth-spell-odds",
            "POST",
            "Azeroth at War: spell odds",
            "P(an ability goes off) through Spell Block and Dispel or Counterspell, with the Mana "
            "each side spends.",
        ),
        ApiEndpoint(
            "api:azeroth-blast-odds",
            "POST",
            "Azeroth at War: blast odds",
            "P(each unit is under a Blast template) after scatter, and its wound, save and kill "
            "odds.",
        ),
        ApiEndpoint(
            "api:azeroth-army-validate",
            "POST",
            "Azeroth at War: check an army list",
            "Every problem of an army list at once (points, Heroes, tiers, units per side, "
            "unknown units, factions) with its totals; units inline, from a catalog, or pasted "
            "as text.",
        ),
    ),
    shared_rulings=rulings.SHARED,
    project_rulings=rulings.PROJECT,
)
