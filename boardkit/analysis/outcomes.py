"""Outcomes of many games: win rates and seat advantage, lengths, Ludii-style metrics, and
A/B comparisons of two rule readings on the same seeds; every estimate with its interval.

Input is the table of :func:`boardkit.sim.play_many` (one row per game; one game, rules profile
and option set, one set of agents: runs of other seeds may be pooled with ``pd.concat``). Proportions use the
Wilson score interval (:func:`boardkit.analysis.stats.wilson`), means the Student t interval
(``scipy.stats.t``), and the balance metric a percentile bootstrap with a fixed seed
(``scipy.stats.bootstrap``), so a table is the same every run.

The metrics follow Ludii's outcome metrics (Browne et al., Ludii metrics): *balance* (1 minus
the spread of the seats' win rates), *completion* (share of games ending by a rule, not a
safety stop), *drawishness* (games with no winner), *duration* (turns), *branching factor*
(legal actions per decision), *timeouts* (games cut off) and *lead changes* (where the game
has a running score).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from boardkit.analysis.stats import LEVELS, wilson
from boardkit.core.spec import OptionError
from boardkit.core.validate import shorten

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


#: The columns of a play_many table that :func:`ab_compare` reads, besides its measures.
AB_COLUMNS = ("index", "winners", "terminal", "seed", "game", "agents", "options", "rules")


def _check_table(df: "pd.DataFrame", needs: Sequence[str] = ("index", "winners", "terminal"), name: str = "df",
                 seats: bool = False) -> None:
    """Refuse anything but a play_many table with the columns ``needs`` (and, with ``seats``,
    a ``win_<seat>`` column per seat) and at least one game; the message names the argument
    ``name`` and the missing columns."""
    import pandas as pd

    if not isinstance(df, pd.DataFrame):
        raise ValueError(f"{name}: expected the pandas DataFrame of boardkit.sim.play_many, got {type(df).__name__}")
    missing = [c for c in needs if c not in df.columns]
    if seats and not _seats(df):
        missing.append("win_<seat> (one per seat)")
    if missing:
        raise ValueError(f"{name}: not a play_many table: column(s) {', '.join(missing)} missing")
    if len(df) == 0:
        raise ValueError(f"{name}: the table has no games")
    _check_one_run(df, name)


#: The columns that must hold one value in a table of one run: the game, its rules profile,
#: its options and the agents at its seats (pooled, the rows of different games or players
#: would give one answer that is of none).
ONE_RUN = ("game", "rules", "options", "agents")


def _check_one_run(df: "pd.DataFrame", name: str) -> None:
    """Refuse a table whose :data:`ONE_RUN` columns (those it has) hold several values, as
    ``pd.concat`` of two runs gives (the message names the argument, the column and the
    values), or that holds one game twice (a repeated ``seed``: each game's seed is its own, so
    a table concatenated with itself would count every game twice). Runs of one game under
    the same options and agents with other seeds may be pooled."""
    kinds = {"game": "games", "rules": "rules profiles", "options": "option sets", "agents": "sets of agents"}
    for column in ONE_RUN:
        if column in df.columns:
            found = list(dict.fromkeys(str(v) for v in df[column]))
            if len(found) > 1:
                hint = "one game's table at a time" if column == "game" else "one table each (ab_compare compares two)"
                raise ValueError(f"{name}: the rows are of {len(found)} {kinds[column]} (the {column} column holds "
                                 f"{shorten(found)}): pooled, they would give one answer for all; give {hint}")
    if "seed" in df.columns:
        counts = Counter(str(v) for v in df["seed"])
        twice = [v for v, n in counts.items() if n > 1]
        if twice:
            raise ValueError(f"{name}: {len(twice)} game(s) are in the table more than once (the "
                             f"seed column repeats {shorten(twice)}): each would count as many times; give each "
                             f"game once (pool runs of other seeds)")


def _check_numbers(df: "pd.DataFrame", column: Any, name: str, label: str) -> None:
    """Refuse a ``column`` (argument ``label``) that is not a column name, not a column of
    ``df`` (argument ``name``), or holds a value that is not a number (text, a list): the
    mean of a measure or a length needs numbers."""
    if not isinstance(column, str):
        raise ValueError(f"{label}: a column name, not {shorten(column)}")
    if column not in df.columns:
        raise ValueError(f"{label}: {column!r} is not a column of {name}")
    for v in df[column]:
        try:
            float(v)
        except (TypeError, ValueError):
            raise ValueError(f"{label}: the column {column!r} of {name} holds {shorten(v)}, not a number") from None


def _missing(v: Any) -> bool:
    """None, NaN or pandas' NA (a game without a running score has no lead changes)."""
    import pandas as pd

    return v is None or bool(pd.isna(v))


def _seats(df: "pd.DataFrame") -> list[int]:
    return sorted(int(c[4:]) for c in df.columns if c.startswith("win_") and c[4:].isdigit())


@dataclass(frozen=True)
class Mean:
    """A mean with its Student t interval.

    Attributes:
        mean, low, high: the mean and interval bounds (the table's unit).
        n: observations; level: confidence level.
    """

    mean: float
    low: float
    high: float
    n: int
    level: float

    def contains(self, x: float) -> bool:
        """Whether ``x`` lies in the interval."""
        return self.low <= x <= self.high

    def __str__(self) -> str:
        return f"{self.mean:.3g} ({self.level:.0%} CI {self.low:.3g}-{self.high:.3g}, n={self.n})"


def mean_interval(values: Sequence[float], level: float = 0.95) -> Mean:
    """The mean of ``values`` with its Student t interval (a single value: the interval is the
    value itself; equal values: no spread). A missing value (None, NaN or pandas' NA: a game
    without a running score has no lead changes) is left out, and ``n`` counts the others.

    Raises:
        ValueError: no values (but missing ones), a value that is not a number or is
            infinite (the message names ``values`` and the value), or a level not in
            :data:`~boardkit.analysis.stats.LEVELS`.
    """
    from scipy.stats import t

    if level not in LEVELS:
        raise ValueError(f"level must be one of {sorted(LEVELS)}, got {level}")
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ValueError(f"values: a sequence of numbers, not {shorten(values)} ({type(values).__name__})")
    xs = [_number(v) for v in values if not _missing(v)]
    if not xs:
        raise ValueError("no values")
    bad = next((x for x in xs if math.isinf(x)), None)
    if bad is not None:
        raise ValueError(f"values: {bad} is not a finite number; a mean of it has no interval")
    n = len(xs)
    m = sum(xs) / n
    if n == 1:
        return Mean(m, m, m, 1, level)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    half = float(t.ppf((1 + level) / 2, n - 1)) * sd / math.sqrt(n)
    return Mean(m, m - half, m + half, n, level)


def _number(value: Any) -> float:
    """``float(value)`` for :func:`mean_interval`, refused by name when it is no number."""
    try:
        if isinstance(value, (str, bytes)):
            raise TypeError
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"values: {shorten(value)} ({type(value).__name__}) is not a number") from None


def win_rates(df: "pd.DataFrame", level: float = 0.95) -> "pd.DataFrame":
    """Each seat's win rate with its Wilson interval, and its advantage over a fair share.

    Args:
        df: a :func:`~boardkit.sim.play_many` table.
        level: confidence level.

    Returns:
        DataFrame, one row per seat: ``seat``, ``wins`` (games the seat won or shared),
        ``games``, ``rate``, ``low``, ``high`` (probability), ``fair`` (1 / the number of
        sides, the table's ``sides`` column: seats that win together, as Armageddon's Earth
        colours or gridhunt's teams, are one side; 1/seats for a table without it) and
        ``advantage`` (rate - fair; the interval shifted likewise: ``adv_low``, ``adv_high``).
        ``rate`` counts over all games: a game with no winner (a draw, or cut off by
        ``max_turns`` or ``max_actions`` without one) is a game no seat won, so where many
        games end undecided every seat's rate falls below its fair share and every
        advantage is negative, without any seat being favoured. Among the decided games
        only: ``decided`` (the games with a winner, the same on every row) and
        ``decided_rate``, ``decided_low``, ``decided_high`` (the seat's share of them with
        its Wilson interval, to compare with ``fair``; NaN when no game was decided). A
        game won by several seats together (a shared win) counts as a win of each, so the
        rates of the seats may add up to more than 1.

    Raises:
        ValueError: not a play_many table (a column ``index``, ``winners``, ``terminal`` or
            ``win_<seat>`` missing: the message names them), or no games, or rows of several
            games, rules profiles, option sets or agents (:data:`ONE_RUN`: ``pd.concat`` of two runs;
            the message names the column and its values) or a game twice (a repeated ``seed``), or a ``sides`` column that does not
            hold each seat once, differs between rows or splits a game's winners.
    """
    import pandas as pd

    _check_table(df, seats=True)
    seats = _seats(df)
    fair = 1 / _side_count(df, seats)
    decided = int(sum(len(w) > 0 for w in df["winners"]))
    rows = []
    for p in seats:
        k = int((df[f"win_{p}"] > 0).sum())
        est = wilson(k, len(df), level)
        among = wilson(k, decided, level) if decided else None
        nan = float("nan")
        rows.append({"seat": p, "wins": k, "games": len(df), "rate": float(est.point), "low": est.low, "high": est.high,
                     "fair": fair, "advantage": float(est.point) - fair, "adv_low": est.low - fair, "adv_high": est.high - fair,
                     "decided": decided, "decided_rate": float(among.point) if among else nan,
                     "decided_low": among.low if among else nan, "decided_high": among.high if among else nan})
    return pd.DataFrame(rows)


def _read_sides(value: Any) -> tuple[tuple[int, ...], ...] | None:
    """One ``sides`` cell (JSON text, as play_many writes it, or a list) as sorted tuples of
    seats, or None when it is no list of non-empty lists of seats."""
    try:
        sides = json.loads(value) if isinstance(value, str) else value
        out = tuple(sorted(tuple(sorted(side)) for side in sides))
    except (TypeError, ValueError):
        return None
    ok = all(side and all(type(p) is int for p in side) for side in out)
    return out if ok else None


def _side_count(df: "pd.DataFrame", seats: list[int]) -> int:
    """The number of sides of the run (its ``sides`` column, the same sides on every row), or
    of seats for a table without the column. The sides must hold each seat once and every
    game's winners must be whole sides."""
    if "sides" not in df.columns:
        return len(seats)
    read = {_read_sides(v) for v in df["sides"]}
    sides = read.pop() if len(read) == 1 else None
    if sides is None or sorted(p for side in sides for p in side) != seats:
        raise ValueError(f"the table's sides column must hold each seat {seats} once, the same sides on every row "
                         f"(JSON, as play_many writes it), not {shorten(sorted({str(v) for v in df['sides']}))}")
    for winners in {tuple(w) for w in df["winners"]}:
        if any(set(side) & set(winners) and not set(side) <= set(winners) for side in sides):
            raise ValueError(f"the table's sides {list(map(list, sides))} do not fit its winners {list(winners)}: "
                             f"seats of one side win or lose together")
    return len(sides)


def lengths(df: "pd.DataFrame", column: str = "seat_turns", level: float = 0.95) -> dict[str, Any]:
    """The distribution of game length in ``column`` (``seat_turns``, ``turns``, ``actions``
    or ``decisions``): mean with interval, median, quartiles, min, max.

    Raises:
        ValueError: not a play_many table (``index`` or ``column`` missing: the message names
            it), no games, rows of several games, rules profiles, option sets or agents, or a game twice
            (:data:`ONE_RUN`, named), ``column`` is no column name or holds no numbers.
    """
    _check_table(df, ("index",))
    _check_numbers(df, column, "df", "column")
    values = [float(v) for v in df[column]]
    q = df[column].quantile([0.25, 0.5, 0.75])
    return {"column": column, "mean": mean_interval(values, level), "median": float(q[0.5]),
            "q1": float(q[0.25]), "q3": float(q[0.75]), "min": min(values), "max": max(values)}


def _balance(win_matrix: Any, axis: int = -1) -> Any:
    import numpy as np

    rates = np.mean(win_matrix, axis=axis)  # per seat, from one resample
    return 1 - (np.max(rates, axis=0) - np.min(rates, axis=0))


def metrics(df: "pd.DataFrame", level: float = 0.95) -> "pd.DataFrame":
    """Ludii-style outcome metrics of a run, each with its interval.

    Args:
        df: a :func:`~boardkit.sim.play_many` table.
        level: confidence level.

    Returns:
        DataFrame with rows ``balance``, ``completion``, ``drawishness``, ``timeouts``
        (proportions, Wilson; balance by bootstrap, widened to the seats' Wilson intervals), ``duration`` (seat turns), ``branching``
        (legal actions per decision), ``lead_changes`` (per game; only where the game has a
        running score): columns ``metric``, ``value``, ``low``, ``high``, ``n``, ``unit``. A
        game cut off by ``max_turns`` or ``max_actions`` is a timeout, not a completion; the
        intervals of counts are cut at their least possible value (0; 1 for branching).
        ``branching`` counts only the games with a decision (``n`` says how many) and is left
        out when no game has one; ``low <= value <= high`` in every row.

    Raises:
        ValueError: not a play_many table (the message names the missing columns), or no games,
            or rows of several games, rules profiles, option sets or agents, or a game twice (:data:`ONE_RUN`: the
            message names the column and its values).
    """
    import numpy as np
    import pandas as pd
    from scipy.stats import bootstrap

    _check_table(df, ("index", "winners", "terminal", "seat_turns", "branching"), seats=True)
    n = len(df)
    seats = _seats(df)
    rows = []
    wins = np.array([[1.0 if df[f"win_{p}"].iloc[i] > 0 else 0.0 for i in range(n)] for p in seats])
    bal = float(_balance(wins[:, :, None], axis=1)[0]) if n else float("nan")
    if n >= 2 and len(seats) > 1:
        res = bootstrap((np.arange(n),), lambda idx, axis=-1: _balance(wins[:, idx.astype(int)], axis=-1),
                        confidence_level=level, n_resamples=999, random_state=np.random.default_rng(0),
                        method="percentile", vectorized=True)
        low, high = float(res.confidence_interval.low), float(res.confidence_interval.high)
        # widened to what the seats' own Wilson intervals allow: the percentile bootstrap alone
        # collapses to a point when one seat wins every game (4 of 4 gave 0 .. 0)
        seat_rates = [wilson(int(w.sum()), n, level) for w in wins]
        widest = max(r.high for r in seat_rates) - min(r.low for r in seat_rates)
        narrowest = max(0.0, max(r.low for r in seat_rates) - min(r.high for r in seat_rates))
        low, high = min(low, bal, 1 - widest), max(high, bal, 1 - narrowest)
    else:
        low = high = bal
    rows.append({"metric": "balance", "value": bal, "low": low, "high": high, "n": n, "unit": "1 - (best - worst seat win rate)"})
    timeout = df["timeout"].astype(bool) if "timeout" in df.columns else ~df["terminal"].astype(bool)
    for name, k, unit in (("completion", int((~timeout).sum()), "share of games ended by a rule"),
                          ("drawishness", int(sum(len(w) == 0 for w in df["winners"])), "share of games with no winner"),
                          ("timeouts", int(timeout.sum()), "share of games cut off (max_turns or max_actions)")):
        est = wilson(k, n, level)
        rows.append({"metric": name, "value": float(est.point), "low": est.low, "high": est.high, "n": n, "unit": unit})
    for name, col, unit in (("duration", "seat_turns", "seat turns per game"), ("branching", "branching", "legal actions per decision"),
                            ("lead_changes", "lead_changes", "lead changes per game")):
        if col not in df.columns:
            continue
        values = [v for v in df[col] if not _missing(v)]
        if name == "branching" and "decisions" in df.columns:  # per decision: a game without one has none
            values = [v for v, d in zip(df[col], df["decisions"]) if not _missing(v) and d > 0]
        if not values:
            continue
        m = mean_interval(values, level)
        floor = 1.0 if name == "branching" else 0.0  # a count: the t interval is cut at its least value
        rows.append({"metric": name, "value": m.mean, "low": max(m.low, floor), "high": m.high, "n": m.n, "unit": unit})
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- A/B


def options_compared(game: str, a: Mapping[str, Any], b: Mapping[str, Any]) -> list[tuple[str, Any, Any, str]]:
    """The options that differ between two runs of ``game``: ``(option, value A, value B,
    clause)`` with the clause each option decides (``rules``, the profile, may be named too).

    Raises:
        ValueError: an unknown game; ``a`` or ``b`` is not a mapping of options (naming it).
        OptionError: an option ``game`` does not take, or a value it does not allow (the
            messages of ``load_game``: valid options, allowed values; a ``rules`` that is no
            profile).
    """
    from boardkit.core.spec import check_option_names, check_profile, get_spec

    spec = get_spec(game)
    specs = {o.name: o for o in spec.options}
    for label, opts in (("a", a), ("b", b)):
        if not isinstance(opts, Mapping):
            raise ValueError(f"{label}: a mapping {{option: value}}, not {shorten(opts)}")
        where = f"{game} (option set {label})"
        check_option_names(where, (k for k in opts if k != "rules"), spec.options)
        for k, v in opts.items():
            check_profile(where, v) if k == "rules" else specs[k].check(where, v)
    return [(k, a.get(k), b.get(k), specs[k].clause if k in specs else "")
            for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]


def ab_compare(a: "pd.DataFrame", b: "pd.DataFrame", level: float = 0.95,
               measures: Sequence[str] = ("win_0", "seat_turns", "timeout")) -> "pd.DataFrame":
    """Compare two runs played on the same seeds (same game, agents and seeds; other
    options or rules profile): per measure, the mean under A and B and the paired
    difference B - A with its Student t interval over the games.

    Args:
        a, b: :func:`~boardkit.sim.play_many` tables with the same ``seed`` column.
        level: confidence level.
        measures: columns to compare (``win_<seat>`` shares, lengths, ``timeout``...).

    Returns:
        DataFrame: ``measure``, ``a``, ``b``, ``diff``, ``low``, ``high``, ``n``, and
        ``options`` / ``clauses`` (what differs between the runs and the clauses those
        options decide; the rules profiles when they differ).

    Raises:
        ValueError: ``a`` or ``b`` is not a play_many table (a column of :data:`AB_COLUMNS`
            missing: the message names the table and the columns) or has no games, or holds
            rows of several games, rules profiles, option sets or agents, or a game twice (:data:`ONE_RUN`); the runs
            are not on the same seeds, games or agents; ``measures`` is text rather than a
            list of column names, or a measure is not a column of numbers of both tables.
    """
    import pandas as pd

    _check_table(a, AB_COLUMNS, "a")
    _check_table(b, AB_COLUMNS, "b")
    if isinstance(measures, (str, bytes)) or not isinstance(measures, Sequence):
        raise ValueError(f"measures: a list of column names, not {shorten(measures)}")
    for m in measures:
        for name, df in (("a", a), ("b", b)):
            _check_numbers(df, m, name, "measures")
    if list(a["seed"]) != list(b["seed"]):
        raise ValueError("A and B are not the same seeds: play both with the same n and seed")
    if set(a["game"]) != set(b["game"]) or set(a["agents"]) != set(b["agents"]):
        raise ValueError("A and B differ in game or agents: an A/B compares rule readings only")
    game = a["game"].iloc[0]
    opts_a, opts_b = json.loads(a["options"].iloc[0]), json.loads(b["options"].iloc[0])
    diffs = options_compared(game, opts_a, opts_b)
    label = "; ".join(f"{k}: {va!r} -> {vb!r}" for k, va, vb, _ in diffs) or "none"
    if a["rules"].iloc[0] != b["rules"].iloc[0]:
        label = f"rules {a['rules'].iloc[0]!r} -> {b['rules'].iloc[0]!r}; " + label
    clauses = ", ".join(dict.fromkeys(c for *_, c in diffs if c)) or "-"
    rows = []
    for m in measures:
        xa = [float(v) for v in a[m]]
        xb = [float(v) for v in b[m]]
        d = mean_interval([y - x for x, y in zip(xa, xb)], level)
        rows.append({"measure": m, "a": sum(xa) / len(xa), "b": sum(xb) / len(xb), "diff": d.mean,
                     "low": d.low, "high": d.high, "n": d.n, "options": label, "clauses": clauses})
    return pd.DataFrame(rows)


def ab_test(game: str, n: int, seed: int | str = 0, a: Mapping[str, Any] | None = None, b: Mapping[str, Any] | None = None,
            agents: Any = "random", level: float = 0.95, progress: bool = False, **play: Any) -> "pd.DataFrame":
    """Play ``n`` seeded games of ``game`` under option sets ``a`` and ``b`` (each may name
    ``rules``) with the same seeds and agents, and compare them (:func:`ab_compare`).

    Example: ``ab_test("leaders", 200, a={"rules": "seed"}, b={"rules": "published"})``.

    Args:
        game: the game's id (text, such as ``"leaders"``): each side loads it with its options.
        n: the number of games a side, >= 1.

    Raises:
        OptionError: ``game`` is not the id of a game (a Game object is not: the message
            names the ids), or an option or profile the game does not take.
        ValueError: ``n`` is not a whole number >= 1 (names it).
    """
    import boardkit
    from boardkit.core.checks import check_whole
    from boardkit.sim import play_many

    if not isinstance(game, str):
        given = getattr(game, "name", None) if hasattr(game, "new_initial_state") else None
        raise OptionError("ab_test: game is the game's id (text), loaded with each side's options"
                          + (f": write {given!r}, not the loaded game" if isinstance(given, str) else "")
                          + f"; game ids: {', '.join(boardkit.list_games())}; not {shorten(game)}")
    check_whole("ab_test: n (the number of games a side)", n, 1)

    runs = []
    for opts in (dict(a or {}), dict(b or {})):
        g = boardkit.load_game(game, **opts)
        runs.append(play_many(g, n, seed=seed, agents=agents, progress=progress, **play))
    measures = [f"win_{p}" for p in range(boardkit.load_game(game, **dict(a or {})).num_players)] + ["seat_turns", "timeout"]
    return ab_compare(runs[0], runs[1], level, measures)


__all__ = ["AB_COLUMNS", "ONE_RUN", "Mean", "mean_interval", "win_rates", "lengths", "metrics", "options_compared", "ab_compare", "ab_test"]
