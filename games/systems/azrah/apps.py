from games.registry import GameConfig


class AzrahConfig(GameConfig):
    default = True
    name = "games.systems.azrah"
    label = "azrah"
    verbose_name = "AZRAH: War of Heralds"
