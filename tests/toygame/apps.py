from games.registry import GameConfig


class CounterRaceConfig(GameConfig):
    default = True
    name = "tests.toygame"
    label = "countrace"
    verbose_name = "Counter Race"
