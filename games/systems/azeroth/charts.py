"""Server-rendered SVG charts: the geometry of a damage distribution chart.

Presentation only: the probabilities come from the engines (``DamageOdds``); this module turns
them into bars, points and ticks in an SVG coordinate system, and the template
``charts/damage.html`` draws them.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.templatetags.referee import format_percent
from referee.rules.azeroth.profiles import DamageOdds

WIDTH = 520
HEIGHT = 300
LEFT, RIGHT, TOP, BOTTOM = 74.0, 12.0, 30.0, 50.0
# Damage values less likely than this (as "k or more") are left off the chart's right end;
# the table under the chart still lists every one.
TAIL = 0.001
MAX_X_LABELS = 13
MAX_BAR_LABELS = 7


@dataclass(frozen=True, slots=True)
class Bar:
    damage: int
    x: float
    y: float
    width: float
    height: float
    exactly: float
    at_least: float
    kills: bool  # this much damage destroys the model
    label: str | None  # P(exactly) written above the bar when there is room

    @property
    def centre(self) -> float:
        return self.x + self.width / 2

    @property
    def label_y(self) -> float:
        return self.y - 6


@dataclass(frozen=True, slots=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True, slots=True)
class Dot:
    x: float
    y: float
    damage: int
    at_least: float


@dataclass(frozen=True, slots=True)
class Row:
    damage: int
    exactly: str
    at_least: str
    kills: bool


@dataclass(frozen=True, slots=True)
class DamageChart:
    title: str
    description: str
    width: int
    height: int
    left: float
    top: float
    right: float  # x of the plot's right edge
    bottom: float  # y of the plot's bottom edge (the x axis)
    bars: tuple[Bar, ...]
    dots: tuple[Dot, ...]
    line: str  # SVG polyline points of P(at least k)
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    kill_x: float | None
    kill_label: str
    rows: tuple[Row, ...]
    shown_up_to: int
    highest: int  # the largest damage with any chance at all

    @property
    def x_title_y(self) -> float:
        return self.height - 8

    @property
    def centre_x(self) -> float:
        return (self.left + self.right) / 2

    @property
    def y_title_x(self) -> float:
        return 16.0

    @property
    def y_title_y(self) -> float:
        return (self.top + self.bottom) / 2

    @property
    def y_label_x(self) -> float:
        return self.left - 6

    @property
    def x_label_y(self) -> float:
        return self.bottom + 18

    @property
    def kill_top(self) -> float:
        return self.top - 14

    @property
    def kill_label_y(self) -> float:
        return self.top - 17

    @property
    def kill_anchor(self) -> str:
        """Write the kill label leftwards when it would run off the right edge."""
        return "end" if self.kill_x is not None and self.kill_x > self.right - 90 else "start"

    @property
    def kill_dx(self) -> int:
        return -4 if self.kill_anchor == "end" else 4

    @property
    def tail_cut(self) -> bool:
        return self.shown_up_to < self.highest


def damage_chart(odds: DamageOdds, *, title: str) -> DamageChart:
    """Bars of P(exactly k) and a line of P(at least k) for k = 0 .. the likely maximum."""
    distribution = odds.distribution
    at_least = odds.at_least
    highest = max((k for k, p in enumerate(distribution) if p > 0.0), default=0)
    shown = max((k for k, p in enumerate(at_least) if p >= TAIL), default=0)
    shown = min(max(shown, min(odds.wounds_remaining, highest), 1), len(distribution) - 1)
    shown = max(shown, 0)
    count = shown + 1

    plot_left, plot_right = LEFT, WIDTH - RIGHT
    plot_top, plot_bottom = TOP, HEIGHT - BOTTOM
    plot_width, plot_height = plot_right - plot_left, plot_bottom - plot_top
    slot = plot_width / count
    bar_width = slot * 0.72

    def y_of(p: float) -> float:
        return round(plot_bottom - p * plot_height, 2)

    bars: list[Bar] = []
    dots: list[Dot] = []
    for k in range(count):
        p = distribution[k]
        x = plot_left + k * slot + (slot - bar_width) / 2
        top = y_of(p)
        bars.append(
            Bar(
                damage=k,
                x=round(x, 2),
                y=top,
                width=round(bar_width, 2),
                height=round(plot_bottom - top, 2),
                exactly=p,
                at_least=at_least[k],
                kills=k >= odds.wounds_remaining,
                label=format_percent(p) if count <= MAX_BAR_LABELS and p >= 0.005 else None,
            )
        )
        dots.append(Dot(round(plot_left + (k + 0.5) * slot, 2), y_of(at_least[k]), k, at_least[k]))

    step = max(1, -(-count // MAX_X_LABELS))
    x_ticks = tuple(
        Tick(round(plot_left + (k + 0.5) * slot, 2), str(k)) for k in range(0, count, step)
    )
    y_ticks = tuple(Tick(y_of(p / 100), f"{p}%") for p in (0, 25, 50, 75, 100))
    kill_x = (
        round(plot_left + odds.wounds_remaining * slot, 2)
        if odds.wounds_remaining <= shown
        else None
    )
    rows = tuple(
        Row(k, format_percent(p), format_percent(at_least[k]), k >= odds.wounds_remaining)
        for k, p in enumerate(distribution)
        if p > 0.0
    )
    description = (
        f"Bars: the chance of exactly each amount of damage. Line: the chance of at least that "
        f"much. {odds.wounds_remaining} damage destroys the model: "
        f"P(kill) {format_percent(odds.kill_probability)}; expected damage "
        f"{odds.expected:.2f}."
    )
    return DamageChart(
        title=title,
        description=description,
        width=WIDTH,
        height=HEIGHT,
        left=plot_left,
        top=plot_top,
        right=plot_right,
        bottom=plot_bottom,
        bars=tuple(bars),
        dots=tuple(dots),
        line=" ".join(f"{dot.x},{dot.y}" for dot in dots),
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        kill_x=kill_x,
        kill_label=f"kill: {odds.wounds_remaining}+",
        rows=rows,
        shown_up_to=shown,
        highest=highest,
    )
