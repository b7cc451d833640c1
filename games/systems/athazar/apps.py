from games.registry import GameConfig


class AthazarConfig(GameConfig):
    default = True
    name = "games.systems.athazar"
    label = "athazar"
    verbose_name = "Deaths of Athazar"
