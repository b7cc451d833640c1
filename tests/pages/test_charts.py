"""The damage chart's geometry (games.systems.azeroth.charts): presentation of an engine
distribution."""

from __future__ import annotations

import pytest

from games.systems.azeroth.charts import HEIGHT, WIDTH, damage_chart
from games.templatetags.referee import format_percent
from referee.rules.azeroth.profiles import DamageOdds


def _odds(distribution: tuple[float, ...], wounds: int) -> DamageOdds:
    at_least = tuple(sum(distribution[k:]) for k in range(len(distribution)))
    expected = sum(k * p for k, p in enumerate(distribution))
    kill = at_least[wounds] if wounds < len(at_least) else 0.0
    return DamageOdds(distribution, at_least, expected, wounds, kill)


def test_bar_heights_are_proportional_to_the_probabilities() -> None:
    chart = damage_chart(_odds((0.25, 0.5, 0.25), 2), title="t")
    heights = [bar.height for bar in chart.bars]
    assert heights[1] == pytest.approx(2 * heights[0])
    assert heights[0] == pytest.approx(heights[2])
    # A bar of probability 1 would fill the plot from the axis to the top.
    assert heights[1] == pytest.approx((chart.bottom - chart.top) / 2)
    for bar in chart.bars:
        assert bar.y + bar.height == pytest.approx(chart.bottom)
        assert chart.left <= bar.x < bar.x + bar.width <= chart.right


def test_bars_that_kill_are_marked_and_the_kill_line_sits_before_them() -> None:
    chart = damage_chart(_odds((0.25, 0.5, 0.25), 2), title="t")
    assert [bar.kills for bar in chart.bars] == [False, False, True]
    assert chart.kill_x is not None
    assert chart.bars[1].x + chart.bars[1].width < chart.kill_x < chart.bars[2].x
    assert chart.kill_label == "kill: 2+"


def test_the_at_least_line_starts_at_the_top_and_falls() -> None:
    chart = damage_chart(_odds((0.1, 0.2, 0.3, 0.4), 3), title="t")
    ys = [dot.y for dot in chart.dots]
    assert ys[0] == pytest.approx(chart.top)  # P(at least 0) = 1
    assert ys == sorted(ys)  # lower on screen = less likely
    assert chart.line.count(",") == len(chart.dots)


def test_a_long_unlikely_tail_is_left_off_the_chart_but_kept_in_the_table() -> None:
    distribution = (0.5, 0.4, 0.0995, 0.0004, 0.0001)
    chart = damage_chart(_odds(distribution, 1), title="t")
    assert chart.shown_up_to == 2
    assert chart.tail_cut
    assert len(chart.bars) == 3
    assert [row.damage for row in chart.rows] == [0, 1, 2, 3, 4]


def test_the_kill_threshold_stays_on_the_chart_when_it_can_happen() -> None:
    distribution = (0.9, 0.0995, 0.0005)
    chart = damage_chart(_odds(distribution, 2), title="t")
    assert chart.shown_up_to == 2
    assert chart.kill_x is not None


def test_an_unreachable_kill_has_no_kill_line() -> None:
    chart = damage_chart(_odds((0.5, 0.5), 5), title="t")
    assert chart.kill_x is None
    assert not any(bar.kills for bar in chart.bars)


def test_everything_stays_inside_the_view_box() -> None:
    chart = damage_chart(_odds(tuple([1 / 40] * 40), 7), title="t")
    assert len(chart.x_ticks) <= 13
    for tick in chart.x_ticks:
        assert 0 <= tick.position <= WIDTH
    for tick in chart.y_ticks:
        assert 0 <= tick.position <= HEIGHT
    assert all(bar.label is None for bar in chart.bars)  # too many bars to label each


@pytest.mark.parametrize(
    ("p", "text"),
    [
        (0.0, "0%"),
        (1.0, "100%"),
        (1 - 1e-15, "100%"),
        (0.0004, "<0.1%"),
        (0.9996, ">99.9%"),
        (0.13194, "13.2%"),
        (0.5, "50.0%"),
    ],
)
def test_percentages_never_round_a_long_shot_to_zero(p: float, text: str) -> None:
    assert format_percent(p) == text
