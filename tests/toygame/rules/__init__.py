"""Counter Race's rules: plain Python, in the engine layout every game follows."""

from referee.rules.about import GameSystem

ABOUT = GameSystem(
    slug="countrace",
    name="Counter Race",
    kind="card game",
    rulebook="",
    summary="Two players race their counters to a target; a secret number settles it.",
)
