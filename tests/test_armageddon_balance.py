"""Armageddon's balance tables (boardkit.analysis.armageddon_balance): Earth's wins counted from
the games' outcomes (ARMA-1.3, ARMA-1.4), intervals that hold them, paired A/B differences."""

from __future__ import annotations

import pytest

import boardkit
from boardkit.analysis.armageddon_balance import OPTION_ALTERNATIVES, agent, earth_wins, option_ab, pair_table


def test_earth_wins_counts_the_games_earth_won() -> None:
    """ARMA-1.3: the count equals the games of the same seeds that ended by Earth's capture of
    GK (the clause of each game's end), and the aliens won the others (ARMA-1.4)."""
    from boardkit.sim import play_many

    r = earth_wins("random", "random", 4, seed="bal")
    assert r["games"] == 4 and len(r["wins"]) == 4 and r["earth_wins"] == sum(r["wins"])
    assert r["low"] <= r["rate"] <= r["high"] and r["rate"] == r["earth_wins"] / 4 and r["timeouts"] == 0
    df = play_many(boardkit.load_game("armageddon"), 4, seed="bal", agents="random", progress=False)
    assert [int(c == "ARMA-1.3") for c in df["clause"]] == r["wins"]
    assert all(c in ("ARMA-1.3", "ARMA-1.4") for c in df["clause"])


def test_pair_table_has_one_row_per_pair_played() -> None:
    t = pair_table(["random", "greedy"], {("random", "random"): 2, ("greedy", "random"): 0, ("random", "greedy"): 1},
                   seed="bal")
    assert list(zip(t["earth"], t["aliens"], t["games"])) == [("random", "random", 2), ("random", "greedy", 1)]
    assert ((t["low"] <= t["rate"]) & (t["rate"] <= t["high"])).all()


def test_option_ab_pairs_the_same_seeds() -> None:
    """The A side of every row is the same run (the default game); B - A is the mean of the
    per-game differences."""
    t = option_ab(2, seed="bal", alternatives={"displace": "forced", "aliens_win": "count"})
    assert list(t["option"]) == ["displace", "aliens_win"] and list(t["clause"]) == ["ARMA-6.1", "ARMA-1.4"]
    assert t["a"].nunique() == 1
    assert all(abs(r.diff - (r.b - r.a)) < 1e-12 and r.low <= r.diff <= r.high for r in t.itertuples())
    assert set(OPTION_ALTERNATIVES) <= {o.name for o in boardkit.get_spec("armageddon").options}


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="random, greedy or mcts"):
        agent("minimax")
    with pytest.raises(ValueError, match="games"):
        earth_wins("random", "random", 0)
    assert agent("mcts", 3).iterations == 3 and agent("mcts", 3).seconds is None
