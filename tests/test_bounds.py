"""Every public entry answers or refuses in bounded work (issue: bounded inputs).

The bounds are checked before work starts and named in the error; where work grows with the
input, the test counts the work (calls of the word reader), not the time, so it cannot be
flaky. Speed is measured in benchmarks/bounds.py.
"""

from __future__ import annotations

import json
import random

import pytest

import boardkit
from boardkit import BoardkitDataError, NotationError
from boardkit.core.notation import MAX_CHARS, MAX_WORDS, Notation

from fake_clock import FakeClock


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = Notation._value

    def counted(slot, words, ctx):  # type: ignore[no-untyped-def]
        calls[0] += len(words)
        return real(slot, words, ctx)

    monkeypatch.setattr(Notation, "_value", staticmethod(counted))
    return calls


# -- 1. notation: linear in its words, and bounded -------------------------------------------------

@pytest.mark.parametrize("game, verb, word", [("gridhunt", "move", "a1"), ("marabunta", "split", "yellow")])
def test_a_long_repeated_slot_is_read_once_per_word(monkeypatch: pytest.MonkeyPatch, game: str, verb: str,
                                                     word: str) -> None:
    """Each word of a ``{x:cell+}`` / ``{x:element+}`` slot is read once, not once per span
    (the parser was quadratic: 4,000 words took 1.7 s in gridhunt, 28 s in Marabunta)."""
    state = boardkit.load_game(game).new_initial_state()
    calls = _counting(monkeypatch)
    n = MAX_WORDS - 1
    with pytest.raises(NotationError):
        state.parse_action(" ".join([verb] + [word] * (n - 1) + ["zz"]))
    assert calls[0] <= 3 * n, f"{calls[0]} word reads for {n} words"


@pytest.mark.parametrize("game, verb, word", [("gridhunt", "move", "a1"), ("marabunta", "split", "yellow")])
def test_more_words_than_the_bound_are_refused_before_reading(monkeypatch: pytest.MonkeyPatch, game: str,
                                                              verb: str, word: str) -> None:
    state = boardkit.load_game(game).new_initial_state()
    calls = _counting(monkeypatch)
    with pytest.raises(NotationError, match=f"at most {MAX_WORDS} words \\(notation.MAX_WORDS\\), this one 101"):
        state.parse_action(" ".join([verb] + ["a"] * 100))
    with pytest.raises(NotationError, match=f"at most {MAX_CHARS} characters \\(notation.MAX_CHARS\\)"):
        state.parse_action(" ".join([verb] + [word] * 33_333))  # 100 KB: refused before it is split
    assert calls[0] == 0


def test_a_saved_state_with_a_long_history_entry_is_refused_naming_the_entry() -> None:
    game = boardkit.load_game("gridhunt")
    state = game.new_initial_state()
    doc = json.loads(state.to_json())
    doc["history"] = ["move " + " ".join(["a1"] * 33_333)]
    with pytest.raises(BoardkitDataError, match=r"history\[0\].*at most 1000 characters"):
        game.state_from_json(json.dumps(doc))


# -- 2. gridhunt's random layout: wall counts whose layout is practically reachable ----------------

def _kept(size: int, walls: int, samples: int, seed: int) -> float:
    from boardkit.games.gridhunt.rules import connected

    rng = random.Random(seed)
    cells = range(size * size)
    return sum(connected(size, rng.sample(cells, walls)) for _ in range(samples)) / samples


def test_too_many_walls_are_refused_before_any_draw() -> None:
    """``walls=60`` on 12x12 ran 138,000 draws without finishing: now refused by name."""
    from boardkit.games.gridhunt.game import MAX_WALLS

    with pytest.raises(boardkit.OptionError, match=r"option walls=60: on a 12x12 grid at most 41 walls"):
        boardkit.load_game("gridhunt", walls=60)
    assert MAX_WALLS[12] == 41
    boardkit.load_game("gridhunt", walls=MAX_WALLS[12])  # the bound itself is accepted
    # a small grid with the default count: the message says the 12 was not the user's choice
    with pytest.raises(boardkit.OptionError, match=r"option walls=12 \(12 is the default\): on a 4x4 grid at most 7"):
        boardkit.load_game("gridhunt", size=4)


@pytest.mark.parametrize("size", [6, 12, 26])
def test_the_wall_bound_keeps_about_one_layout_in_ten(size: int) -> None:
    """MAX_WALLS is where about one uniform wall set in ten leaves the free cells connected:
    at the bound well above 1 in 20, a few walls more well below 1 in 10."""
    from boardkit.games.gridhunt.game import MAX_WALLS

    bound = MAX_WALLS[size]
    assert _kept(size, bound, 400, 7) > 0.05
    assert _kept(size, bound + max(3, size // 2), 400, 8) < 0.10


def test_a_layout_that_is_never_kept_ends_with_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardkit.games.gridhunt import state as gridhunt_state

    monkeypatch.setattr(gridhunt_state, "MAX_LAYOUT_DRAWS", 0)
    state = boardkit.load_game("gridhunt", size=6, walls=13).new_initial_state()
    rng = random.Random(3)
    with pytest.raises(boardkit.OptionError, match=r"option walls=13: 0 random wall sets drawn, none leaving"):
        for _ in range(10_000):
            before = state.to_json()
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    assert state.to_json() == before  # the refused draw changed nothing


# -- 3. search: a time budget and a node bound, exposed on the command line ---------------------------

def _decision(name: str) -> boardkit.State:
    state = boardkit.load_game(name).new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node() or len(state.legal_actions(state.current_players()[0])) < 2:
        boardkit.random_playout(state, rng, max_actions=1)
    return state


def test_mcts_with_a_huge_iteration_count_stops_at_its_default_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardkit.agents import MCTSAgent
    from boardkit.agents import mcts

    clock = FakeClock(1.0)
    monkeypatch.setattr(mcts, "_clock", clock)
    agent = MCTSAgent(iterations=10**12)
    assert agent.seconds == mcts.SECONDS == 30.0 and agent.max_nodes == mcts.MAX_NODES
    state = _decision("leaders")
    action = agent.act(state, state.current_player(), random.Random(1))
    assert action in state.legal_actions()
    assert agent.last_stop == "seconds"
    assert clock.now < 200  # about 30 readings of the clock, not 10**12 iterations


def test_mcts_stops_at_its_node_bound() -> None:
    from boardkit.agents import MCTSAgent

    state = _decision("battle_royale")
    agent = MCTSAgent(iterations=10**12, seconds=None, max_nodes=60, rollout_max=5)
    assert agent.act(state, state.current_player(), random.Random(1)) in state.legal_actions()
    assert agent.last_stop == "nodes" and sum(agent.last_root_visits.values()) < 60


def test_solve_stops_at_its_time_budget_with_a_budget_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardkit.agents import SolverBudgetError, solve, solver

    monkeypatch.setattr(solver, "_clock", FakeClock(1.0))
    with pytest.raises(SolverBudgetError, match=r"no answer within 30 s \(seconds\) after 992 states"):
        solve(_decision("marabunta"), turns=50)
    with pytest.raises(ValueError, match="turns must be at most 1000"):
        solve(_decision("marabunta"), turns=10**6)


def test_the_command_line_takes_a_time_budget(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from boardkit.agents import mcts
    from boardkit.cli import main

    monkeypatch.setattr(mcts, "_clock", FakeClock(1.0))
    assert main(["simulate", "battle_royale", "--agents", "mcts999999999", "--seconds", "0.5", "--n", "1",
                 "--quiet"]) == 0
    assert "wins" in capsys.readouterr().out  # it played the game: one search iteration a decision
    assert main(["simulate", "leaders", "--agents", "mcts" + "9" * 5000, "--n", "1"]) == 2
    assert "N in mctsN has at most 18 digits" in capsys.readouterr().err
    for bad in ("nan", "inf", "-3", "0", "None", "soon"):
        with pytest.raises(SystemExit) as stop:  # argparse refuses it, exit status 2
            main(["simulate", "leaders", "--agents", "mcts", "--seconds", bad, "--n", "1"])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert f"seconds must be a number of seconds > 0, not {bad!r}" in err and "leave --seconds out" in err


# -- 4. gridhunt positions the engine can play (without study=True) ------------------------------------

def _gridhunt_at(turn_order: str, phase: str, given: int = 1) -> tuple[boardkit.Game, dict]:
    """A real position of a seeded game: the first time ``phase`` is reached with at least
    ``given`` orders in."""
    game = boardkit.load_game("gridhunt", turn_order=turn_order)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(20_000):
        pos = state.to_position()
        if pos["phase"] == phase and len(pos["orders"]) >= given:
            return game, json.loads(json.dumps(pos))
        boardkit.random_playout(state, rng, max_actions=1)
    raise AssertionError(f"no {phase} phase reached")


def test_gridhunt_refuses_pending_orders_that_break_grid_3_1() -> None:
    game, pos = _gridhunt_at("simultaneous", "orders")
    game.state_from_position(pos)  # the real position is accepted
    p = next(iter(pos["orders"]))
    far = "a1" if pos["players"][p]["at"][0] > "h" else "l12"
    pos["orders"][p] = "move " + " ".join([far] * 40)
    with pytest.raises(boardkit.IllegalPositionError, match=rf"GRID-3.1.*orders.{p}: .* not an order seat {p} may give"):
        game.state_from_position(pos)
    assert game.state_from_position(pos, study=True) is not None  # a study may hold it


def test_gridhunt_refuses_orders_of_dead_seats_and_phases_of_the_other_variant() -> None:
    game, pos = _gridhunt_at("simultaneous", "orders")
    dead = dict(pos)
    p = next(iter(pos["orders"]))
    dead["players"] = {**pos["players"], p: {**pos["players"][p], "alive": False, "at": None}}
    with pytest.raises(boardkit.IllegalPositionError, match=rf"GRID-D6.*seat {p} is dead"):
        game.state_from_position(dead)
    sequential = boardkit.load_game("gridhunt")
    with pytest.raises(boardkit.IllegalPositionError, match=r"GRID-D6.*phase: orders is a phase of the simultaneous"):
        sequential.state_from_position(pos)


def test_gridhunt_refuses_resolve_with_nothing_pending_and_repeated_pending_seats() -> None:
    game, pos = _gridhunt_at("simultaneous", "resolve")
    game.state_from_position(pos)
    with pytest.raises(boardkit.IllegalPositionError, match=r"GRID-D6.*no order left to resolve"):
        game.state_from_position({**pos, "pending": []})
    with pytest.raises(boardkit.IllegalPositionError, match=r"GRID-D6.*resolved once, not twice"):
        game.state_from_position({**pos, "pending": [0, 0, 0]})


def test_gridhunt_refuses_a_setup_with_no_free_cell_left() -> None:
    game = boardkit.load_game("gridhunt", size=4, walls=2, mines=1, vision=0, attack=0, beacon=0, shield=0)
    names = [f"{c}{r}" for c in "abcd" for r in range(1, 5)]
    pos = {"size": 4, "phase": "setup", "cells": {"wall": names[:14], "teleport": names[14:]}, "setup": ["mine"]}
    with pytest.raises(boardkit.IllegalPositionError, match=r"GRID-7.*1 cells still to draw but 0 free cells left"):
        game.state_from_position(pos)
    pos = {"size": 4, "phase": "setup", "cells": {"wall": names[:10], "teleport": names[10:12]}, "setup": []}
    with pytest.raises(boardkit.IllegalPositionError, match=r"GRID-5.1.*8 players still to place"):
        game.state_from_position(pos)


def test_gridhunt_seat_keys_are_read_once_and_exactly() -> None:
    game, pos = _gridhunt_at("random_each_round", "move", given=0)
    players = pos["players"]
    with pytest.raises(BoardkitDataError, match=r"players: '07': write a seat without leading zeros \(7\)"):
        game.state_from_position({**pos, "players": {**players, "07": players["7"]}})
    with pytest.raises(BoardkitDataError, match=r"players: .*'7' is given twice"):
        game.state_from_position({**pos, "players": {**players, 7: players["7"]}})


# -- 5. raw errors that name nothing become the package's own --------------------------------------------

@pytest.mark.parametrize("key", ["rules", "name"])
def test_a_saved_state_with_load_game_arguments_among_its_options_is_refused(key: str) -> None:
    doc = json.loads(boardkit.load_game("leaders").new_initial_state().to_json())
    doc["options"][key] = "seed"
    with pytest.raises(BoardkitDataError, match=rf"saved state: options: '{key}' is not an option"):
        boardkit.state_from_json(json.dumps(doc))


@pytest.mark.parametrize("game, option", [("leaders", "board"), ("marabunta", "data"), ("armageddon", "data")])
def test_a_data_name_too_long_for_the_file_system_is_no_such_name(game: str, option: str) -> None:
    with pytest.raises((BoardkitDataError, boardkit.OptionError), match=r"no such|cannot read"):
        boardkit.load_game(game, **{option: "x" * 5000})


def test_a_board_file_with_a_400_digit_coordinate_names_the_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from boardkit.core.boards import load_board
    from boardkit.core.paths import DATA_DIR

    text = (DATA_DIR / "boards" / "armageddon.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "big.yaml"
    bad.write_text(text.replace("h1_red_1: [-4, 8]", "h1_red_1: [-4, " + "9" * 400 + "]"), encoding="utf-8")
    with pytest.raises(BoardkitDataError, match=r"big.yaml: nodes: 'h1_red_1': a drawing position"):
        load_board(bad)


def test_numbers_past_the_digit_limit_and_lone_surrogates_are_named() -> None:
    game = boardkit.load_game("marabunta")
    with pytest.raises(BoardkitDataError, match=r"position: a number of more than \d+ digits") as info:
        game.state_from_position("first_player: " + "9" * 5000)
    assert "sys." not in str(info.value)  # no advice about Python's internals
    state = game.new_initial_state()
    with pytest.raises(NotationError, match=r"'\\ud800'"):
        state.apply_action("first \ud800")


@pytest.mark.parametrize("text", ["move Ａ１", "move a01"])
def test_a_misspelt_gridhunt_cell_is_named_as_a_cell(text: str) -> None:
    state = boardkit.load_game("gridhunt").new_initial_state()
    with pytest.raises(NotationError, match=r"is not a cell of the board \(did you mean 'a1'\?\)"):
        state.parse_action(text)


def test_metrics_of_games_without_a_decision_are_consistent() -> None:
    from boardkit.analysis.outcomes import metrics
    from boardkit.sim import play_many

    df = play_many(boardkit.load_game("leaders"), 4, max_actions=1, progress=False)
    assert (df["decisions"] == 0).all()
    table = metrics(df)
    assert "branching" not in set(table["metric"])  # no decision: no branching factor
    assert ((table["low"] <= table["value"] + 1e-12) & (table["value"] <= table["high"] + 1e-12)).all()
    mixed = play_many(boardkit.load_game("leaders"), 4, seed=1, progress=False)  # other games: a game twice is refused
    both = metrics(__import__("pandas").concat([df, mixed.assign(index=mixed["index"] + 4)], ignore_index=True))
    row = both.set_index("metric").loc["branching"]
    assert row["n"] == 4 and row["low"] <= row["value"] <= row["high"]


def test_local_workers_are_bounded_and_never_idle() -> None:
    """play_many refuses more local processes than MAX_WORKERS, naming workers; a run starts no
    more processes than it has chunks (workers=10000 for 2 games is not 10,000 processes)."""
    from boardkit.sim import MAX_WORKERS, play_many

    with pytest.raises(ValueError, match=f"workers={MAX_WORKERS + 1}: at most {MAX_WORKERS}"):
        play_many("leaders", 2, workers=MAX_WORKERS + 1, progress=False)
    assert len(play_many("leaders", 2, workers=MAX_WORKERS, progress=False)) == 2


def test_a_long_gridhunt_move_text_is_read_no_further_than_a_path_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The look-up of moves already made (GridhuntGame.known_move, before the notation bounds
    the text) reads at most the 6 cells of a path (GRID-3.1): a 300 KB text used to be read
    word by word into a growing number, for seconds."""
    state = boardkit.load_game("gridhunt").new_initial_state()
    tables = state.game._tables

    class Reads(dict):
        count = 0

        def get(self, key, default=None):
            Reads.count += 1
            return super().get(key, default)

    monkeypatch.setattr(tables, "index", Reads(tables.index))
    with pytest.raises(NotationError, match=f"at most {MAX_CHARS} characters"):
        state.parse_action("move " + "a1 " * 100_000)
    assert Reads.count <= 6, Reads.count
