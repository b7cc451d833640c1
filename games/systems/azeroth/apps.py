from games.registry import GameConfig


class AzerothConfig(GameConfig):
    default = True
    name = "games.systems.azeroth"
    label = "azeroth"
    verbose_name = "Azeroth at War"
