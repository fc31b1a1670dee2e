"""Outcome statistics, A/B comparisons, plots and the command line, on play_many tables."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pandas as pd
import pytest

import boardkit
from boardkit.agents import AgentError
from boardkit.analysis.outcomes import ab_compare, ab_test, lengths, mean_interval, metrics, win_rates
from boardkit.analysis.stats import wilson
from boardkit.cli import main as cli
from boardkit.sim import COLUMNS, play_many
from boardkit.viz.outcomes import forest_plot, length_histogram, win_rate_bars


@pytest.fixture(scope="module")
def run() -> pd.DataFrame:
    return play_many(boardkit.load_game("marabunta"), 120, seed="outcomes", progress=False)


def test_table_has_one_row_per_game_with_the_documented_columns(run: pd.DataFrame) -> None:
    assert len(run) == 120 and list(run["index"]) == list(range(120))
    for c in COLUMNS:
        assert c in run.columns
    assert (run["win_0"] + run["win_1"] == 1).all()  # Marabunta always has one winner or a shared win
    assert set(run["clause"]) <= set(boardkit.load_game("marabunta").clauses)
    assert run["lead_changes"].notna().all()  # Marabunta has a running score
    assert (run["decisions"] <= run["actions"]).all() and (run["branching"] >= 1).all()
    assert json.loads(run["options"][0])["first_player"] is None and set(run["rules"]) == {"seed"}


def test_win_rates_are_wilson_intervals_per_seat(run: pd.DataFrame) -> None:
    table = win_rates(run)
    for _, r in table.iterrows():
        est = wilson(int(r["wins"]), 120)
        assert (r["rate"], r["low"], r["high"]) == (float(est.point), est.low, est.high)
        assert r["low"] <= r["rate"] <= r["high"] and math.isclose(r["advantage"], r["rate"] - 0.5)


def test_win_rates_give_each_seats_share_of_the_decided_games_beside_its_share_of_all() -> None:
    """A game with no winner is one no seat won: in Battle Royale, where a quarter of random
    games end undecided, both seats' advantage was negative. ``decided_rate`` (with its Wilson
    interval) is each seat's share of the games with a winner; ``rate`` is unchanged."""
    run = play_many("battle_royale", 40, seed=0, progress=False)
    decided = int(sum(len(w) > 0 for w in run["winners"]))
    assert 0 < decided < len(run)
    table = win_rates(run)
    assert (table["decided"] == decided).all() and (table["advantage"] < 0).all()  # both seats "behind"
    for _, r in table.iterrows():
        est, among = wilson(int(r["wins"]), len(run)), wilson(int(r["wins"]), decided)
        assert (r["rate"], r["low"], r["high"]) == (float(est.point), est.low, est.high)
        assert (r["decided_rate"], r["decided_low"], r["decided_high"]) == (float(among.point), among.low, among.high)
        assert r["decided_low"] <= r["fair"] <= r["decided_high"]  # no seat favoured among the decided games
    undecided = win_rates(run[[len(w) == 0 for w in run["winners"]]])
    assert (undecided["decided"] == 0).all() and undecided[["decided_rate", "decided_low", "decided_high"]].isna().all().all()


@pytest.mark.parametrize("name, options, sides", [
    ("armageddon", {}, [[0, 1, 2], [3]]),  # ARMA-1.3, ARMA-1.4: the Earth colours win together
    ("armageddon", {"colours": "red"}, [[0], [1]]),
    ("gridhunt", {"teams": 2}, [[0, 2, 4, 6], [1, 3, 5, 7]]),  # GRID-1.1: the last team wins
    ("leaders", {}, [[0], [1]]),
])
def test_win_rates_fair_share_is_one_per_side(name: str, options: dict, sides: list) -> None:
    df = play_many(boardkit.load_game(name, **options), 6, seed="sides", progress=False)
    assert json.loads(df["sides"][0]) == sides
    table = win_rates(df)
    assert (table["fair"] == 1 / len(sides)).all()
    assert all(math.isclose(r["advantage"], r["rate"] - 1 / len(sides)) for _, r in table.iterrows())
    assert (win_rates(df.drop(columns=["sides"]))["fair"] == 1 / len(table)).all()  # no sides column: 1/seats


@pytest.mark.parametrize("name", boardkit.list_games())
def test_game_sides_hold_each_seat_once_and_win_whole(name: str) -> None:
    game = boardkit.load_game(name, **({"teams": 2} if name == "gridhunt" else {}))
    sides = game.sides()
    assert sorted(p for side in sides for p in side) == list(range(game.num_players))
    df = play_many(game, 8, seed="whole", progress=False)
    for winners in df["winners"]:  # a side wins or loses as one
        assert all(set(side) <= set(winners) or not set(side) & set(winners) for side in sides), (winners, sides)


def test_win_rates_refuses_a_sides_column_that_does_not_fit(run: pd.DataFrame) -> None:
    for bad in ("[[0]]", "[[0, 1], [1]]", "nonsense", '[[0], ["x"]]', "[[0], [1], []]", "[[false], [1]]", "[[0.0], [1]]", "5"):
        with pytest.raises(ValueError, match="sides column must hold each seat"):
            win_rates(run.assign(sides=bad))
    mixed = run.copy()
    mixed.loc[0, "sides"] = "[[0, 1]]"
    with pytest.raises(ValueError, match="the same sides on every row"):
        win_rates(mixed)
    with pytest.raises(ValueError, match="do not fit its winners"):  # Marabunta has one winner a game
        win_rates(run.assign(sides="[[0, 1]]"))
    # the same sides written otherwise, or as lists, are the same sides
    same = run.assign(sides=["[[1], [0]]" if i % 2 else "[[0],[1]]" for i in range(len(run))])
    assert (win_rates(same)["fair"] == 0.5).all()
    assert (win_rates(run.assign(sides=[[[0], [1]]] * len(run)))["fair"] == 0.5).all()


def test_metrics_each_carry_an_interval_containing_the_value(run: pd.DataFrame) -> None:
    m = metrics(run).set_index("metric")
    assert {"balance", "completion", "drawishness", "timeouts", "duration", "branching", "lead_changes"} <= set(m.index)
    for name, r in m.iterrows():
        assert r["low"] <= r["value"] <= r["high"], name
    assert m.loc["completion", "value"] == 1 and m.loc["timeouts", "value"] == 0
    rates = win_rates(run)["rate"]
    assert math.isclose(m.loc["balance", "value"], 1 - (rates.max() - rates.min()))
    assert math.isclose(m.loc["duration", "value"], run["seat_turns"].mean())
    assert metrics(run).equals(metrics(run))  # the bootstrap is seeded


def test_balance_interval_does_not_collapse_when_one_seat_wins_every_game(run: pd.DataFrame) -> None:
    """Four games all won by seat 0: balance 0, and an interval as wide as the seats' Wilson
    intervals allow (the percentile bootstrap alone gave 0 .. 0: every resample the same)."""
    four = run.head(4).copy()
    for p in (0, 1):
        four[f"win_{p}"] = 1 if p == 0 else -1
    four["winners"] = [[0]] * 4
    b = metrics(four).set_index("metric").loc["balance"]
    best, worst = wilson(4, 4), wilson(0, 4)
    assert b["value"] == 0 and b["low"] == 0
    assert math.isclose(b["high"], 1 - (best.low - worst.high)) and b["high"] > 0.9


def test_mean_interval_is_the_t_interval() -> None:
    from scipy import stats

    xs = [3, 5, 4, 8, 6]
    m = mean_interval(xs, 0.95)
    low, high = stats.t.interval(0.95, len(xs) - 1, loc=5.2, scale=stats.sem(xs))
    assert math.isclose(m.low, low) and math.isclose(m.high, high) and m.contains(5.2)
    assert mean_interval([2.0]).low == 2.0
    with pytest.raises(ValueError, match="no values"):
        mean_interval([])
    with pytest.raises(ValueError, match="no values"):
        mean_interval([float("nan"), None])
    m = mean_interval([float("nan"), 1.0, 2.0])  # a missing value is left out, and n says so
    assert (m.mean, m.n) == (1.5, 2)
    for inf in (float("inf"), float("-inf")):
        with pytest.raises(ValueError, match=f"values: {inf} is not a finite number"):
            mean_interval([inf, 1.0])


def test_lengths_summarise_the_distribution(run: pd.DataFrame) -> None:
    s = lengths(run, "turns")
    assert s["min"] <= s["q1"] <= s["median"] <= s["q3"] <= s["max"] and s["mean"].n == 120
    with pytest.raises(ValueError, match="column"):
        lengths(run, "nope")


def test_ab_of_the_same_options_differs_by_exactly_zero(run: pd.DataFrame) -> None:
    same = ab_compare(run, run.copy(), measures=("win_0", "seat_turns"))
    assert (same["diff"] == 0).all() and (same["low"] == 0).all() and (same["options"] == "none").all()


def test_ab_on_an_option_names_the_clause_it_decides() -> None:
    """MARA-2.1: the first player fixed to blue against drawn, on the same seeds; the paired
    difference of red's win share has an interval containing it."""
    table = ab_test("marabunta", 60, seed=1, a={}, b={"first_player": 1})
    row = table.set_index("measure").loc["win_0"]
    assert row["clauses"] == "MARA-2.1" and "first_player: None -> 1" in row["options"]
    assert row["low"] <= row["diff"] <= row["high"] and math.isclose(row["diff"], row["b"] - row["a"])


def test_ab_refuses_runs_on_other_seeds(run: pd.DataFrame) -> None:
    other = play_many(boardkit.load_game("marabunta"), 120, seed="else", progress=False)
    with pytest.raises(ValueError, match="same seeds"):
        ab_compare(run, other)
    with pytest.raises(ValueError, match="not a play_many table"):
        win_rates(pd.DataFrame({"x": [1]}))


def test_plots_have_one_trace_per_seat_run_and_comparison(run: pd.DataFrame) -> None:
    fig = win_rate_bars({"marabunta / random": win_rates(run)})
    bars = [t for t in fig.data if t.type == "bar"]
    assert len(bars) == 2 and bars[0].error_y.array is not None
    assert len(length_histogram({"a": run, "b": run}).data) == 2
    fp = forest_plot({"marabunta": ab_compare(run, run.copy())})
    assert len(fp.data[0].x) == 1


def test_cli_simulate_writes_parquet_and_prints_intervals(tmp_path, capsys) -> None:
    out = tmp_path / "r.parquet"
    assert cli(["simulate", "battle_royale", "--n", "12", "--quiet", "--out", str(out), "--seed", "4"]) == 0
    text = capsys.readouterr().out
    assert "balance" in text and "rate" in text and f"wrote {out} (12 games)" in text
    df = pd.read_parquet(out)
    assert len(df) == 12 and list(df["seed"]) == [f"4:{i}" for i in range(12)]
    assert cli(["simulate", "leaders", "--agents", "foo", "--quiet"]) == 2
    assert "unknown agent 'foo'" in capsys.readouterr().err
    assert cli(["simulate", "leaders", "--agents", "random,random,random", "--quiet"]) == 2
    assert cli(["simulate", "leaders", "--option", "colour=red", "--quiet", "--n", "1"]) == 2
    assert "unknown option" in capsys.readouterr().err
    for args, word in ((["--n", "-3"], "n must be"), (["--workers", "0"], "workers must be"),
                       (["--max-actions", "0"], "max_actions must be"), (["--out", str(tmp_path)], "out:"),
                       (["--agents", "random,"], "empty name"), (["--scheduler", " "], "scheduler is empty")):
        assert cli(["simulate", "leaders", "--quiet", *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith("boardkit simulate: ") and word in err and "Traceback" not in err, err


def test_cli_rules_prints_every_clause_with_source_and_coverage(capsys) -> None:
    assert cli(["rules", "marabunta"]) == 0
    text = capsys.readouterr().out
    for cid in boardkit.load_game("marabunta").clauses:
        assert cid in text
    assert "source: seed" in text and "test(s)" in text
    assert cli(["rules", "chess"]) == 2


def test_cli_help_runs_as_a_module() -> None:
    done = subprocess.run([sys.executable, "-m", "boardkit", "simulate", "--help"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "--scheduler" in done.stdout and "mcts[N]" in done.stdout


def test_action_logs_replay_to_the_same_end() -> None:
    """With log=True each row carries the game's actions; replaying them gives the same end."""
    from boardkit.core.rules import IllegalActionError, NotationError
    from boardkit.sim import replay

    game = boardkit.load_game("battle_royale", rules="published")
    df = play_many(game, 5, seed=9, progress=False, log=True)
    for row in df.itertuples():
        again = replay(boardkit.load_game(row.game, rules=row.rules, **json.loads(row.options)), row.log)
        assert again.is_terminal() and tuple(again.winners()) == row.winners and len(again.history()) == row.actions
    with pytest.raises(NotationError, match="log entry 0"):
        replay(game, ["pass"])
    orders = boardkit.load_game("gridhunt", turn_order="simultaneous", layout="small", max_turns=40)
    logged = play_many(orders, 2, seed=1, progress=False, log=True)
    assert any(e.startswith("@") for e in logged["log"][0])  # orders given at once carry their seat
    for row in logged.itertuples():
        assert tuple(replay(orders, row.log).winners()) == row.winners
    with pytest.raises(IllegalActionError, match=r"\[BR-[0-9.]+\] log entry [0-9]+ \("):
        replay(game, df["log"][0][1:])  # one action left out: a later one is no longer legal


def test_a_max_turns_cut_off_is_a_timeout_not_a_completion() -> None:
    """A game ended by its max_turns option (a cut-off for study, not a rule) counts as a timeout."""
    df = play_many(boardkit.load_game("leaders", max_turns=2), 6, seed=1, progress=False)
    assert df["terminal"].all() and df["timeout"].all() and (df["clause"] == "LEAD-D7").all()
    m = metrics(df).set_index("metric")
    assert m.loc["completion", "value"] == 0 and m.loc["timeouts", "value"] == 1
    assert (metrics(df)["low"] >= 0).all()  # the intervals of counts stop at 0


def test_an_illegal_agent_is_reported_from_worker_processes() -> None:
    """The AgentError of a worker process reaches the caller whole (it pickles)."""
    import pickle

    from boardkit.agents import AgentError

    err = AgentError("x", 1, "fly", "LEAD-2.2", "why")
    again = pickle.loads(pickle.dumps(err))
    assert (again.agent, again.player, again.clause, str(again)) == ("x", 1, "LEAD-2.2", str(err))
    with pytest.raises(AgentError, match="not an action of leaders"):
        play_many(boardkit.load_game("leaders"), 2, seed=0, agents=_garbage_agent, workers=2, progress=False)


def _garbage_agent(state, rng):
    return "xyzzy"


def test_play_many_refuses_bad_arguments_by_name(tmp_path) -> None:
    game = boardkit.load_game("marabunta")
    with pytest.raises(ValueError, match="does not exist"):
        play_many(game, 1, out=tmp_path / "missing" / "r.parquet", progress=False)
    with pytest.raises(ValueError, match="max_actions"):
        play_many(game, 1, max_actions=0, progress=False)
    with pytest.raises(ValueError, match="not an agent"):
        play_many(game, 1, agents=5, progress=False)
    with pytest.raises(ValueError, match="N in mcts"):
        play_many(game, 1, agents="mcts0", progress=False)
    with pytest.raises(ValueError, match="DataFrame"):
        win_rates(None)
    for bad in ({"workers": "2"}, {"workers": 1.5}, {"workers": 0}, {"chunk": "a"}, {"n": -1}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            play_many(game, bad.pop("n", 1), progress=False, **bad)
    with pytest.raises(ValueError, match="seed"):
        play_many(game, 1, seed=None, progress=False)
    with pytest.raises(ValueError, match="client"):
        play_many(game, 1, client=42, progress=False)
    with pytest.raises(ValueError, match="not both"):
        play_many(game, 1, agent="greedy", agents="random", progress=False)
    (tmp_path / "folder.parquet").mkdir()
    with pytest.raises(ValueError, match="is a folder"):
        play_many(game, 1, out=tmp_path / "folder.parquet", progress=False)
    with pytest.raises(ValueError, match="parquet file name"):
        play_many(game, 1, out=123, progress=False)
    assert len(play_many("marabunta", 2, progress=False)) == 2  # a game id will do


def _first_action(state, rng):
    return state.legal_actions()[0]


def test_play_many_refuses_agents_worker_processes_cannot_receive_before_any_game(monkeypatch) -> None:
    """A lambda or a local function with workers > 1 was a raw PicklingError from
    multiprocessing; now refused up front (no process started), naming the seat. In this
    process (workers=1) and as a module-level function they play as before."""
    import boardkit.sim as sim

    def local(state, rng):
        return state.legal_actions()[0]

    game = boardkit.load_game("marabunta")
    monkeypatch.setattr(sim, "ProcessPoolExecutor", None)  # the refusal comes before any process
    for agents, seat, name in ((lambda s, r: s.legal_actions()[0], 0, "<lambda>"), (["random", local], 1, "local")):
        with pytest.raises(ValueError, match=rf"^play_many: agents: seat {seat}'s agent '{name}' cannot be sent to "
                                             r"worker processes .*: with workers > 1 give a module-level function"):
            play_many(game, 2, 1, agents=agents, workers=2, progress=False)
    monkeypatch.undo()
    assert len(play_many(game, 2, 1, agents=lambda s, r: s.legal_actions()[0], workers=1, progress=False)) == 2
    by_processes = play_many(game, 2, 1, agents=_first_action, workers=2, chunk=1, progress=False)
    assert by_processes.equals(play_many(game, 2, 1, agents=_first_action, progress=False))


class _FailsLater:
    """Plays the first legal action, then, after ``calls`` decisions, an illegal one."""

    def __init__(self, calls: int) -> None:
        self.calls = calls

    def __call__(self, state, rng):
        self.calls -= 1
        return "xyzzy" if self.calls < 0 else state.legal_actions()[0]


def test_a_failed_run_leaves_an_existing_out_file_as_it_was(tmp_path) -> None:
    """out=: rows go to a temporary file that replaces the file only when the run has finished."""
    out = tmp_path / "keep.parquet"
    first = play_many("marabunta", 5, seed=1, out=out, progress=False)
    before = out.read_bytes()
    with pytest.raises(AgentError):
        play_many("marabunta", 300, seed=2, agents=_FailsLater(2000), out=out, chunk=10, progress=False)
    assert out.read_bytes() == before and len(first) == 5
    assert [p.name for p in tmp_path.iterdir()] == ["keep.parquet"]  # no temporary file left


def test_actions_count_every_order_of_a_simultaneous_turn() -> None:
    """At a turn where several seats give orders, each order is one action of the count."""
    game = boardkit.load_game("gridhunt", turn_order="simultaneous", layout="small", max_turns=24)
    df = play_many(game, 2, seed=3, progress=False, log=True)
    for row in df.itertuples():
        orders = [e for e in row.log if e.startswith("@")]
        assert orders, "the simultaneous variant gives orders at once"
        assert row.actions == len(row.log) and len(orders) <= row.decisions < row.actions


def _server(greeting: bytes | None):
    """A local TCP server that is not Dask: it says ``greeting`` first, or nothing (None)."""
    import socket
    import threading

    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    held = []

    def serve() -> None:
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            held.append(conn)
            if greeting:
                conn.sendall(greeting)

    threading.Thread(target=serve, daemon=True).start()
    return srv, held, f"tcp://127.0.0.1:{srv.getsockname()[1]}"


def test_cli_simulate_says_a_scheduler_address_that_talks_is_not_dask(capsys) -> None:
    """An SSH server's banner read as Dask's message length was 'cannot reach it: Unable to
    allocate 2.82 EiB'; the address answered, so the message says it is not a Dask scheduler."""
    srv, held, address = _server(b"SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.1\r\n")
    try:
        assert cli(["simulate", "leaders", "--n", "2", "--quiet", "--scheduler", address]) == 2
        err = capsys.readouterr().err
    finally:
        srv.close()
        for conn in held:
            conn.close()
    assert err.startswith(f"boardkit simulate: --scheduler: scheduler {address!r}: the address answered, but it is "
                          f"not a Dask scheduler"), err
    assert "SSH-2.0-OpenSSH_8.9p1" in err and "allocate" not in err and "cannot reach" not in err


def test_cli_simulate_says_a_scheduler_that_is_no_address_is_not_one(capsys) -> None:
    """'notanaddress' was 'the address answered, but it is not a Dask scheduler', though
    Dask refused to read it and nothing was asked."""
    assert cli(["simulate", "leaders", "--n", "2", "--quiet", "--scheduler", "notanaddress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("boardkit simulate: --scheduler: scheduler 'notanaddress': not an address of a Dask "
                          "scheduler (tcp://host:port): missing port number"), err
    assert "answered" not in err


def test_a_silent_scheduler_address_keeps_its_no_answer_message() -> None:
    from boardkit.sim import connect

    srv, held, address = _server(None)
    try:
        with pytest.raises(OSError, match=rf"^scheduler '{address}': no answer as a Dask scheduler within 1 s"):
            connect(address, timeout=1)
    finally:
        srv.close()
        for conn in held:
            conn.close()


def test_ab_test_says_it_takes_a_game_id_and_at_least_one_game() -> None:
    with pytest.raises(ValueError, match=r"^ab_test: game is the game's id \(text\).*write 'leaders', not the loaded "
                                         r"game; game ids: armageddon, battle_royale, gridhunt, leaders, marabunta"):
        ab_test(boardkit.load_game("leaders"), 4)
    with pytest.raises(ValueError, match=r"^ab_test: game is the game's id \(text\).*game ids: .*; not 5"):
        ab_test(5, 4)  # type: ignore[arg-type]
    for bad in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match=r"^ab_test: n \(the number of games a side\) must be a whole number >= 1"):
            ab_test("leaders", bad)  # type: ignore[arg-type]


def test_outcome_tables_holding_a_game_twice_or_other_agents_are_refused() -> None:
    """A table concatenated with itself counts every game twice (an advantage looks significant
    that is not), and runs of other agents pooled give one answer for players who differ:
    both are refused, naming the column; runs of one game and agents with other seeds pool."""
    game = boardkit.load_game("leaders", max_turns=30)
    a = play_many(game, 3, 1, progress=False)
    for f in (win_rates, metrics, lengths):
        with pytest.raises(ValueError, match=r"df: 3 game\(s\) are in the table more than once \(the seed column"):
            f(pd.concat([a, a]))
    greedy = play_many(game, 3, 2, agent="greedy", progress=False)
    with pytest.raises(ValueError, match=r"df: the rows are of 2 sets of agents \(the agents column"):
        win_rates(pd.concat([a, greedy]))
    pooled = win_rates(pd.concat([a, play_many(game, 3, 2, progress=False)]))
    assert set(pooled["games"]) == {6}


def test_length_histogram_refuses_a_table_lengths_refuses() -> None:
    leaders = play_many(boardkit.load_game("leaders", max_turns=30), 2, 1, progress=False)
    marabunta = play_many(boardkit.load_game("marabunta"), 2, 1, progress=False)
    with pytest.raises(ValueError, match=r"runs\['a'\]: the rows are of 2 games"):
        length_histogram({"a": pd.concat([leaders, marabunta])})
    assert len(length_histogram({"a": leaders, "b": marabunta}).data) == 2
