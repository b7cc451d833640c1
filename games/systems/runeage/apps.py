from games.registry import GameConfig


class RuneAgeConfig(GameConfig):
    default = True
    name = "games.systems.runeage"
    label = "runeage"
    verbose_name = "Rune Age"
