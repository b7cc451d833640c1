from games.registry import GameConfig


class AzukiConfig(GameConfig):
    default = True
    name = "games.systems.azuki"
    label = "azuki"
    verbose_name = "Azuki TCG"
