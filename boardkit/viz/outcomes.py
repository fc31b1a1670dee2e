"""Plots of many games' outcomes (plotly): win-rate bars with intervals, length histograms,
and the forest plot of an A/B comparison. Inputs are the tables of
:mod:`boardkit.analysis.outcomes` and :func:`boardkit.sim.play_many`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from boardkit.viz.layout import check_title

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    import plotly.graph_objects as go


def win_rate_bars(tables: Mapping[str, "pd.DataFrame"], title: str = "Win rate by seat") -> "go.Figure":
    """Grouped bars: one group per run (``label -> win_rates table``), one bar per seat,
    with the interval as error bars and the fair share as a dotted line.

    Args:
        tables: run label (``"leaders / random"``) -> :func:`~boardkit.analysis.outcomes.win_rates`.
        title: the figure title.

    Returns:
        plotly Figure (y: probability).

    Raises:
        ValueError: ``title`` is not text.
    """
    import plotly.graph_objects as go

    check_title(title)
    fig = go.Figure()
    seats = sorted({int(s) for t in tables.values() for s in t["seat"]})
    labels = list(tables)
    for p in seats:
        ys, lo, hi = [], [], []
        for label in labels:
            row = tables[label][tables[label]["seat"] == p]
            if len(row):
                r = row.iloc[0]
                ys.append(r["rate"])
                lo.append(r["rate"] - r["low"])
                hi.append(r["high"] - r["rate"])
            else:
                ys.append(None)
                lo.append(0)
                hi.append(0)
        fig.add_bar(name=f"seat {p}", x=labels, y=ys,
                    error_y={"type": "data", "symmetric": False, "array": hi, "arrayminus": lo})
    for label in labels:
        fair = float(tables[label]["fair"].iloc[0])
        fig.add_scatter(x=[label, label], y=[fair, fair], mode="markers", marker={"symbol": "line-ew-open", "size": 40},
                        name="fair share", showlegend=label == labels[0], line={"dash": "dot"})
    fig.update_layout(title=title, barmode="group", yaxis_title="win rate (probability)", yaxis_range=[0, 1])
    return fig


def length_histogram(runs: Mapping[str, "pd.DataFrame"], column: str = "seat_turns",
                     title: str = "Game length") -> "go.Figure":
    """Overlaid histograms of game length, one per run (``label -> play_many table``).

    Returns:
        plotly Figure (x: ``column``, e.g. seat turns; y: games).

    Raises:
        ValueError: ``title`` is not text.
    """
    import plotly.graph_objects as go

    check_title(title)
    fig = go.Figure()
    for label, df in runs.items():
        fig.add_histogram(x=list(df[column]), name=label, opacity=0.6)
    fig.update_layout(title=title, barmode="overlay", xaxis_title=column.replace("_", " "), yaxis_title="games")
    return fig


def forest_plot(comparisons: "pd.DataFrame | Mapping[str, pd.DataFrame]", measure: str = "win_0",
                title: str = "A/B: difference B - A with its interval") -> "go.Figure":
    """One row per comparison (an option or profile compared, with the clauses it decides):
    the paired difference B - A of ``measure`` and its interval; a line at 0.

    Args:
        comparisons: an :func:`~boardkit.analysis.outcomes.ab_compare` table, or several by label.
        measure: which measure's rows to draw.

    Returns:
        plotly Figure.

    Raises:
        ValueError: ``title`` is not text.
    """
    import pandas as pd
    import plotly.graph_objects as go

    check_title(title)
    if isinstance(comparisons, pd.DataFrame):
        comparisons = {"": comparisons}
    labels, xs, lo, hi = [], [], [], []
    for label, table in comparisons.items():
        for _, r in table[table["measure"] == measure].iterrows():
            labels.append(f"{label} {r['options']} ({r['clauses']})".strip())
            xs.append(r["diff"])
            lo.append(r["diff"] - r["low"])
            hi.append(r["high"] - r["diff"])
    fig = go.Figure(go.Scatter(x=xs, y=labels, mode="markers",
                               error_x={"type": "data", "symmetric": False, "array": hi, "arrayminus": lo}))
    fig.add_vline(x=0, line_dash="dot")
    fig.update_layout(title=title, xaxis_title=f"{measure}: B - A", height=200 + 40 * len(labels))
    return fig


__all__ = ["win_rate_bars", "length_histogram", "forest_plot"]
