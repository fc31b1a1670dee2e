"""Plots of many games' outcomes (plotly): win-rate bars with intervals, length histograms,
and the forest plot of an A/B comparison. Inputs are the tables of
:mod:`boardkit.analysis.outcomes` and :func:`boardkit.sim.play_many`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from boardkit.core.validate import shorten
from boardkit.viz.layout import check_title

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd
    import plotly.graph_objects as go


#: The columns each plot reads from its tables.
RATE_COLUMNS = ("seat", "rate", "low", "high", "fair")
AB_COLUMNS = ("measure", "diff", "low", "high", "options", "clauses")


def _check_tables(tables: Any, name: str, what: str, needs: Sequence[str], hint: str = "") -> Mapping[Any, "pd.DataFrame"]:
    """``tables`` when it is a non-empty mapping ``{label: DataFrame}`` whose every table has
    the columns ``needs`` and a row; else ValueError naming the argument ``name``, the label and
    what it needs (``what``: the table it wants, ``"win_rates table"``; ``hint``: what to give
    instead of a play_many table, ``"win_rates(df)"``)."""
    import pandas as pd

    an = "an" if what[0] in "aeiou" else "a"
    if isinstance(tables, pd.DataFrame):
        raise ValueError(f"{name}: a mapping {{label: {what}}}, not one DataFrame: write {{'my run': table}}")
    if not isinstance(tables, Mapping):
        raise ValueError(f"{name}: a mapping {{label: {what}}}, not {shorten(tables)} ({type(tables).__name__})")
    if not tables:
        raise ValueError(f"{name}: no tables to draw: a mapping {{label: {what}}} with at least one")
    for label, table in tables.items():
        where = f"{name}[{label!r}]" if label != "" else name  # "": forest_plot's one table
        if not isinstance(table, pd.DataFrame):
            raise ValueError(f"{where}: {an} {what} (pandas DataFrame), not {shorten(table)} ({type(table).__name__})")
        missing = [c for c in needs if c not in table.columns]
        if missing:
            given = f" (a play_many table: give {hint})" if hint and "winners" in table.columns else ""
            raise ValueError(f"{where}: not {an} {what}: column(s) {', '.join(missing)} missing{given}")
        if len(table) == 0:
            raise ValueError(f"{where}: the {what} has no rows")
    return tables


def win_rate_bars(tables: Mapping[str, "pd.DataFrame"], title: str = "Win rate by seat") -> "go.Figure":
    """Grouped bars: one group per run (``label -> win_rates table``), one bar per seat,
    with the interval as error bars and the fair share as a dotted line.

    Args:
        tables: run label (``"leaders / random"``) -> :func:`~boardkit.analysis.outcomes.win_rates`.
        title: the figure title.

    Returns:
        plotly Figure (y: probability).

    Raises:
        ValueError: ``title`` is not text; ``tables`` is not a non-empty mapping of
            :func:`~boardkit.analysis.outcomes.win_rates` tables (one DataFrame, None, a
            table without the columns :data:`RATE_COLUMNS` or without rows: the message names
            ``tables``, the label and the columns missing).
    """
    import plotly.graph_objects as go

    check_title(title)
    _check_tables(tables, "tables", "win_rates table", RATE_COLUMNS, "win_rates(df)")
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

    Args:
        runs: run label -> :func:`~boardkit.sim.play_many` table.
        column: the length to draw, a column of numbers of every table (``seat_turns``,
            ``turns``, ``actions``, ``decisions``).
        title: the figure title.

    Returns:
        plotly Figure (x: ``column``, e.g. seat turns; y: games).

    Raises:
        ValueError: ``title`` is not text; ``runs`` is not a non-empty mapping of play_many
            tables (one DataFrame, None, an empty table: named), or a table pools several runs
            or holds a game twice (as :func:`~boardkit.analysis.outcomes.lengths` refuses it);
            ``column`` is no text, not a column of a table or holds a value that is no number
            (naming the label).
    """
    import plotly.graph_objects as go

    check_title(title)
    if not isinstance(column, str):
        raise ValueError(f"column: a column name of the play_many tables, such as 'seat_turns', not {shorten(column)}")
    _check_tables(runs, "runs", "play_many table", ())
    from boardkit.analysis.outcomes import _check_one_run

    for label, df in runs.items():
        _check_one_run(df, f"runs[{label!r}]")  # one run per histogram, as lengths() asks
        if column not in df.columns:
            raise ValueError(f"column: {column!r} is not a column of runs[{label!r}] (a length: seat_turns, turns, "
                             f"actions or decisions)")
        bad = next((v for v in df[column] if not _is_number(v)), None)
        if bad is not None:
            raise ValueError(f"column: the column {column!r} of runs[{label!r}] holds {shorten(bad)}, not a number")
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
        ValueError: ``title`` is not text; ``comparisons`` is neither an ab_compare table nor
            a non-empty mapping of them (None, a table without the columns
            :data:`AB_COLUMNS`, or without rows: named); ``measure`` is no text or no
            table has it (the message names the measures they have).
    """
    import pandas as pd
    import plotly.graph_objects as go

    check_title(title)
    if isinstance(comparisons, pd.DataFrame):
        comparisons = {"": comparisons}
    elif not isinstance(comparisons, Mapping):
        raise ValueError(f"comparisons: an ab_compare table or a mapping {{label: ab_compare table}}, not "
                         f"{shorten(comparisons)} ({type(comparisons).__name__})")
    _check_tables(comparisons, "comparisons", "ab_compare table", AB_COLUMNS, "ab_compare(a, b)")
    found = list(dict.fromkeys(str(m) for table in comparisons.values() for m in table["measure"]))
    if not isinstance(measure, str) or measure not in found:
        raise ValueError(f"measure: one of the measures compared ({', '.join(found)}), not {shorten(measure)}")
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


def _is_number(value: Any) -> bool:
    """A number, or missing (None, NaN, pandas' NA: not drawn); not text."""
    import pandas as pd

    if isinstance(value, (str, bytes)):
        return False
    try:
        return value is None or bool(pd.isna(value)) or float(value) == float(value)
    except (TypeError, ValueError):
        return False


__all__ = ["win_rate_bars", "length_histogram", "forest_plot"]
