"""Bad arguments to the public analysis helpers (and the board widgets, image export and
exact chance resolution): each refused with a ValueError whose message names the argument and
the value, never a TypeError, IndexError or KeyError from deep inside, and never an answer for
a nonsense argument."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import boardkit
from boardkit.analysis import leaders as lead
from boardkit.analysis.armageddon import arrival_distribution, raid_distribution, split_count_free, split_ways
from boardkit.analysis.battle_royale import arena, doom
from boardkit.analysis.gridhunt import belief_set, belief_sizes, expected_revealed, reachable_cells
from boardkit.analysis.outcomes import options_compared
from boardkit.analysis.splits import FaceValuation
from boardkit.analysis.splits.choice import analyse_split, choose, rows_to_dicts, splitter_expected_value
from boardkit.analysis.splits.rolls import format_pool, splits
from boardkit.analysis.stats import wilson
from boardkit.core.chance import resolve_chance
from boardkit.core.checks import check_cell, check_output_file, check_state, check_whole


def refused(call, *names: str) -> str:
    """``call()`` raises a ValueError (never a TypeError, IndexError or KeyError) whose message
    holds every text of ``names``; the message is returned."""
    with pytest.raises(ValueError) as info:
        call()
    assert not isinstance(info.value, (TypeError, IndexError, KeyError))
    message = str(info.value)
    for name in names:
        assert name in message, f"{name!r} not in {message!r}"
    return message


@pytest.fixture(scope="module")
def leaders_state():
    return boardkit.load_game("leaders").state_from_position(
        {"pieces": {0: "King d1, Archer c3", 1: "Queen d7"}, "market": ["Rider", "Vizier", "Jailer"]})


@pytest.fixture(scope="module")
def marabunta_state():
    return boardkit.load_game("marabunta").new_initial_state()


# -- the shared checks ------------------------------------------------------------------------

def test_shared_checks_name_the_argument_and_the_value(leaders_state, tmp_path: Path) -> None:
    refused(lambda: check_whole("turns", "a"), "turns", "'a'")
    refused(lambda: check_whole("turns", True), "turns", "True")
    assert check_whole("k", 0, 0) == 0
    refused(lambda: check_whole("n", 11, 1, 10, "x.MAX_N"), "n=11", "at most 10", "x.MAX_N")
    refused(lambda: check_whole("n", 0, 1, 10), "n", "1 .. 10", "'0'")
    refused(lambda: check_whole("n", 10**5000, 1, 10), "n=a number of about 5000 digits", "at most 10")
    assert check_whole("n", 10, 1, 10) == 10
    refused(lambda: check_state(5, "leaders"), "state", "leaders", "5")
    refused(lambda: check_state(boardkit.load_game("gridhunt").new_initial_state(), "leaders"),
            "state", "a leaders state", "gridhunt")
    assert check_state(leaders_state, "leaders") is leaders_state
    message = refused(lambda: check_cell("z9", [f"c{i}" for i in range(100)], where="board x"), "'z9'", "board x")
    assert "c0, c1" in message and "(100 cells)" in message and "c99" not in message
    refused(lambda: check_output_file(tmp_path / "no" / "f.txt", "out"), "out", "does not exist")
    refused(lambda: check_output_file(tmp_path, "out"), "out", "is a folder")
    refused(lambda: check_output_file(12, "out"), "out", "12")
    assert check_output_file(str(tmp_path / "f.txt"), "out") == tmp_path / "f.txt"


# -- the reported holes -------------------------------------------------------------------------

def test_raid_distribution_refuses_a_turn_count_that_is_not_a_whole_number() -> None:
    """ARMA-5.1: the horizon is a number of alien turns."""
    refused(lambda: raid_distribution("a"), "turns", "'a'")
    refused(lambda: raid_distribution(0), "turns", "0")
    refused(lambda: raid_distribution(2.5), "turns", "2.5")
    refused(lambda: raid_distribution(3, interceptor=5), "interceptor", "5")
    refused(lambda: raid_distribution(3, interceptor=("red", "x")), "interceptor", "'x'")
    refused(lambda: raid_distribution(3, game=boardkit.load_game("leaders")), "game", "Armageddon")
    assert raid_distribution(3, interceptor=["red", 2]) == raid_distribution(3, interceptor=("red", 2))


def test_other_armageddon_helpers_refuse_by_name(leaders_state) -> None:
    refused(lambda: arrival_distribution(game=5), "game", "5")
    refused(lambda: arrival_distribution(colour=["red"]), "colour", "['red']")
    refused(lambda: split_count_free("a", 2), "n", "'a'")
    refused(lambda: split_count_free(3, 0), "k", "0")
    refused(lambda: split_ways(5), "state", "armageddon", "5")
    refused(lambda: split_ways(leaders_state), "state", "armageddon", "leaders")


def test_arrival_within_refuses_a_turn_count_that_is_not_a_whole_number() -> None:
    """ARMA-4.1: turns of the chip's colour ('x' was a TypeError from inside, -5 answered 0)."""
    arrival = arrival_distribution()
    refused(lambda: arrival.within("x"), "t", "'x'")
    refused(lambda: arrival.within(-5), "t", "'-5'", ">= 0")
    refused(lambda: arrival.within(2.5), "t", "2.5")
    assert arrival.within(0) == 0 and arrival.within(10**6) == arrival.p_arrive


def test_format_pool_refuses_text_and_malformed_elements() -> None:
    """MARA-3.2: a pool is dice (colour, face) and the tile."""
    refused(lambda: format_pool("zz", "one"), "pool_", "'zz'")
    refused(lambda: format_pool(["z"]), "pool_", "'z'")
    refused(lambda: format_pool([("yellow",)]), "pool_", "('yellow',)")
    refused(lambda: format_pool([("yellow", "3")], tile=5), "tile", "5")
    refused(lambda: format_pool(7), "pool_", "7")
    assert format_pool((("yellow", "3"), "tile"), tile="again") == "yellow 3, tile again"


@pytest.mark.parametrize("name", ["one_action", "reach_graph", "actions_to_reach"])
def test_leaders_reach_refuses_unknown_cells_empty_cells_and_other_games(name, leaders_state, marabunta_state) -> None:
    """LEAD-2.2: the character on a cell of the board."""
    fn = getattr(lead, name)
    message = refused(lambda: fn(leaders_state, "z9"), "cell", "'z9'", "leaders-hex-3")
    assert "d7" in message and "a1" in message  # the board's cells are listed
    refused(lambda: fn(leaders_state, 5), "cell", "5")
    refused(lambda: fn(leaders_state, "e4"), "cell", "no character on e4")
    refused(lambda: fn(marabunta_state, "a1"), "state", "a leaders state", "marabunta")
    refused(lambda: fn("board", "a1"), "state", "'board'")
    assert lead.actions_to_reach(leaders_state, "d1")["d1"] == 0


def test_ability_reach_refuses_a_seat_the_game_does_not_have(leaders_state, marabunta_state) -> None:
    refused(lambda: lead.ability_reach(leaders_state, 5), "player", "5", "0 .. 1")
    refused(lambda: lead.ability_reach(leaders_state, "0"), "player", "'0'")
    refused(lambda: lead.ability_reach(leaders_state, True), "player", "True")
    refused(lambda: lead.ability_reach(marabunta_state, 0), "state", "marabunta")
    assert set(lead.ability_reach(leaders_state, 0)) == {"c3", "d1"} == set(lead.ability_reach(leaders_state))
    assert set(lead.ability_reach(leaders_state, 1)) == {"d7"}


def test_resolve_chance_refuses_a_key_that_is_no_function(leaders_state) -> None:
    state = boardkit.load_game("leaders").new_initial_state()
    refused(lambda: resolve_chance(state, "nope"), "key", "'nope'")
    refused(lambda: resolve_chance("state", len), "state", "'state'")
    refused(lambda: resolve_chance(state, len, max_nodes=0), "max_nodes", "0")
    refused(lambda: resolve_chance(state, len, max_nodes="many"), "max_nodes", "'many'")
    refused(lambda: resolve_chance(state, lambda s: [1, 2]), "key", "[1, 2]", "list", "not hashable")  # was a TypeError
    refused(lambda: resolve_chance(state, lambda s: {"a": 1}), "key", "{'a': 1}", "dict")
    assert sum(resolve_chance(state, lambda s: (1, 2)).values()) == 1


def test_board_widget_click_refuses_a_cell_the_board_does_not_have(leaders_state) -> None:
    pytest.importorskip("ipywidgets")
    from boardkit.viz.widgets import board_widget

    board = board_widget(leaders_state)
    message = refused(lambda: board.click("z9"), "'z9'", "leaders-hex-3")
    assert "d7" in message and "a1" in message
    refused(lambda: board.click(5), "5", "leaders-hex-3")
    refused(lambda: board.controller.click(5), "cell", "5")
    refused(lambda: board.controller.click(None), "cell", "None")
    board.click("D1")  # a cell is named in either case
    assert "d1" in board.controller.message and "not a cell" not in board.controller.message


@pytest.mark.parametrize("game", ["armageddon", "gridhunt", "battle_royale", "marabunta"])
def test_every_controller_refuses_a_cell_that_is_not_text(game: str) -> None:
    pytest.importorskip("ipywidgets")
    from boardkit.viz.widgets import board_widget

    state = boardkit.load_game(game).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    board = board_widget(state)
    refused(lambda: board.controller.click(7), "cell", "7")
    refused(lambda: board.click("z99"), "'z99'", "is not a cell of board")


@pytest.mark.parametrize("game", ["leaders", "armageddon", "gridhunt", "battle_royale", "marabunta"])
def test_every_controller_answers_a_cell_off_the_board_with_an_illegal_click(game: str) -> None:
    """A cell the board does not have is an "illegal" click naming it, in every phase (Leaders
    and Battle Royale raised the notation's NotationError from the explanation)."""
    import random

    pytest.importorskip("ipywidgets")
    from boardkit.viz.widgets import board_widget

    state, rng = boardkit.load_game(game).new_initial_state(), random.Random(1)
    for step in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(boardkit.sample_chance(state, rng))
            continue
        if step % 4 == 0:
            ctl = board_widget(state.clone()).controller
            clicks = ctl.clicks
            for cell in ("zz99", "z9"):
                result = ctl.click(cell)
                assert result.status == "illegal" and cell in result.message, result.message
                if game != "gridhunt":  # the grid of the game's size: its own words (GRID-2.1)
                    assert f"'{cell}' is not a cell of board" in result.message and "cells: " in result.message
                assert ctl.clicks == clicks and ctl.state.history() == state.history()  # nothing changed
        state.apply_action(rng.choice(state.legal_actions()))


def test_write_image_refuses_a_missing_folder_and_a_non_figure(tmp_path: Path) -> None:
    """As ``boardkit simulate --out`` and ``boardkit rulings --html``: a writer creates no folder."""
    pytest.importorskip("plotly")
    from boardkit.viz.export import write_image
    from boardkit.viz.leaders import hex_figure

    fig = hex_figure(boardkit.load_game("leaders"))
    refused(lambda: write_image(fig, tmp_path / "no" / "board.png"), "path", "does not exist")
    assert not (tmp_path / "no").exists()
    refused(lambda: write_image(fig, "/nonexist-boardkit/board.png"), "path", "/nonexist-boardkit")
    assert not Path("/nonexist-boardkit").exists()
    (tmp_path / "dir.png").mkdir()
    refused(lambda: write_image(fig, tmp_path / "dir.png"), "path", "is a folder")
    message = refused(lambda: write_image("notafigure", tmp_path / "x.png"), "fig", "'notafigure'")
    assert not re.search("kaleido|chromium", message, re.I)
    assert not (tmp_path / "x.png").exists()
    out = tmp_path / "x.png"  # sizes that Chromium would answer with a file that is no image, or ignore
    refused(lambda: write_image(fig, out, width=10**5, height=10**5), "width=100000", "MAX_SIDE")
    refused(lambda: write_image(fig, out, width=-5), "width", "-5")
    refused(lambda: write_image(fig, out, width="big"), "width", "'big'")
    refused(lambda: write_image(fig, out, scale=0), "scale", "0")
    refused(lambda: write_image(fig, out, width=4000, scale=3), "width=4000 at scale=3", "8192")
    refused(lambda: write_image(fig, out, format=3), "format", "3")
    assert not out.exists()


# -- the same holes elsewhere in boardkit.analysis ----------------------------------------------

def test_gridhunt_helpers_refuse_by_name(leaders_state) -> None:
    """GRID-3.1: paths on the grid; a seat of the game."""
    message = refused(lambda: reachable_cells(12, "z99"), "start", "'z99'", "12x12 grid")
    assert "(144 cells)" in message
    refused(lambda: reachable_cells(12, "f6", ["a2", "q"]), "known_walls", "'q'")
    refused(lambda: reachable_cells(12, "f6", "a2"), "known_walls", "'a2'")
    refused(lambda: reachable_cells("12", "f6"), "size", "'12'")
    assert reachable_cells(12, "F6") == reachable_cells(12, "f6")
    refused(lambda: reachable_cells(27, "a1"), "size=27", "at most 26")  # was an IndexError
    for small in (1, 2, 3):  # were answered on grids the game does not allow (GRID-7)
        refused(lambda small=small: reachable_cells(small, "a1"), "size", f"'{small}'", "4 .. 26")
    refused(lambda: reachable_cells(12, "f6", ["f6"]), "start", "'f6'", "known_walls")  # was NodeNotFound
    assert len(reachable_cells(4, "a1")) == 15 and len(reachable_cells(26, "a1")) == 27
    state = boardkit.load_game("gridhunt", layout="small").new_initial_state()
    refused(lambda: belief_set(state, 9), "player", "9")
    refused(lambda: belief_sizes(leaders_state, 0), "state", "a gridhunt state", "leaders")
    refused(lambda: belief_set(leaders_state, 0), "state", "leaders")
    refused(lambda: expected_revealed(5), "state", "5")


def test_gridhunt_reachable_figure_refuses_as_reachable_cells() -> None:
    """GRID-3.1, GRID-7: the figure checks its arguments as the analysis does, before drawing."""
    pytest.importorskip("plotly")
    from boardkit.viz.gridhunt import reachable_figure, reachable_steps

    refused(lambda: reachable_figure(27, "a1"), "size=27", "at most 26")
    refused(lambda: reachable_figure(3, "a1"), "size", "'3'")
    refused(lambda: reachable_figure(12, "f6", ["f6"]), "start", "'f6'", "known_walls")
    refused(lambda: reachable_figure(12, "f6", "a2"), "known_walls", "'a2'")
    refused(lambda: reachable_steps(12, "z99"), "start", "'z99'")
    assert reachable_figure(12, "F6", ["A2"]).data[0].text[5][5] == "@"  # marks in either case


def test_gridhunt_beliefs_refuse_a_state_with_no_past_to_replay() -> None:
    """GRID-5.3: the public beliefs replay the game from its initial state. A state read from a
    position has no such past: it was answered as if nothing were known (a dead seat possibly
    anywhere); it is refused, and the same game played from the start is answered."""
    import random

    g = boardkit.load_game("gridhunt", layout="small")
    s, rng = g.new_initial_state(), random.Random(5)
    while not s.is_terminal() and all(s.alive):
        s.apply_action(boardkit.sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    dead = s.alive.index(False)
    assert belief_set(s, dead) == set()  # played from the start: a dead seat is nowhere
    read = g.state_from_position(s.to_position())
    for fn in (belief_set, belief_sizes):
        refused(lambda fn=fn: fn(read, dead), "state", "set up from a position", "new_initial_state")


def test_battle_royale_helpers_refuse_by_name() -> None:
    """BR-1.1 .. BR-4.2: tiles of the 5x5 frame."""
    lay = arena.first_layout()
    refused(lambda: doom.cut_off(5, "b1"), "tiles", "5")
    refused(lambda: doom.cut_off(lay, ["b1"]), "removed_tile", "['b1']")
    refused(lambda: doom.articulation_tiles(5), "tiles", "5")
    refused(lambda: doom.explosion(lay, 5, "b1"), "figures", "5")
    refused(lambda: doom.explosion_table(lay, {"b1": 2}), "figures", "{'b1': 2}")
    refused(lambda: doom.eliminator_moves(lay, "z9"), "'z9'", "frame")
    refused(lambda: doom.eliminator_moves(lay, 5), "5", "frame")
    refused(lambda: doom.doom_tiles_lost(lay, die=5), "die", "5")
    refused(lambda: doom.reachable_tiles(lay, ["c3"], 2), "start", "['c3']")
    refused(lambda: doom.ascii_arena(lay, 5), "marks", "5")
    refused(lambda: doom.ascii_arena(lay, {"z9": "x"}), "'z9'", "frame")
    refused(lambda: arena.name("a", 1), "col", "'a'")
    refused(lambda: arena.arena_graph(5), "tiles", "5")
    refused(lambda: arena.is_valid_arena("c3"), "tiles", "'c3'")
    refused(lambda: arena.layout_from_removed(5), "removed", "5")
    refused(lambda: arena.starting_figures(lay, 2, 5), "neutral", "5")
    refused(lambda: arena.canonical_layout(5), "tiles", "5")
    refused(lambda: arena.apply_symmetry(["rot90"], ["a1"]), "symmetry", "['rot90']")


@pytest.mark.parametrize("name", ["element_gains", "position_valuation", "position_expected_value", "element_gain",
                                  "margin", "analyse_position"])
def test_marabunta_valuations_refuse_a_state_of_another_game(name, leaders_state) -> None:
    """MARA-3.3: a valuation of the round of a Marabunta position (was an AttributeError from
    inside, or a TypeError)."""
    from boardkit.analysis import marabunta as mara

    fn = getattr(mara, name)
    args = {"element_gain": (0, "tile"), "margin": (0,), "element_gains": (0,)}.get(name, ())
    refused(lambda: fn(leaders_state, *args), "state", "a marabunta state", "leaders")
    refused(lambda: fn("position", *args), "state", "'position'", "str")


def test_marabunta_valuations_refuse_elements_and_objectives_by_name() -> None:
    from boardkit.analysis import marabunta as mara

    state = boardkit.load_game("marabunta").state_from_position({"tile": "one"})
    refused(lambda: mara.element_gains(state, 0, 5), "elements", "5")
    refused(lambda: mara.position_valuation(state, "tile"), "elements", "'tile'")
    refused(lambda: mara.position_expected_value(state, "most"), "objective", "'most'")
    assert mara.element_gains(state, 0, [("yellow", "3")]) == {("yellow", "3"): mara.element_gain(state, 0, ("yellow", "3"))}


def test_battle_royale_setup_and_pictures_refuse_what_they_ignored(tmp_path: Path) -> None:
    """BR-1.6: 2 to 4 players, neutral figures with 2 only; BR-6: the data file by name."""
    lay = arena.first_layout()
    refused(lambda: arena.starting_figures(lay, players=2.0), "players", "2.0")  # was a TypeError from a slice
    refused(lambda: arena.starting_figures(lay, players="3"), "players", "'3'")
    refused(lambda: arena.starting_figures(lay, 3, neutral=["c4"]), "neutral", "players=3", "BR-1.6")  # was ignored
    refused(lambda: arena.starting_figures(lay, 4, neutral=[]), "neutral", "players=4")
    refused(lambda: arena.starting_figures(lay, 2, neutral=["z9"]), "neutral", "'z9'")
    refused(lambda: arena.starting_figures(lay, 2, neutral=["c4", "c4"]), "neutral", "c4", "twice", "BR-1.6")  # was 2 grey
    assert "grey" not in arena.starting_figures(lay, 3)["c4"] and arena.starting_figures(lay)["c4"]["grey"] == 1
    refused(lambda: arena.load_arena_data(3), "path", "3")  # was a TypeError from pathlib
    refused(lambda: arena.load_arena_data(""), "path", "''")
    refused(lambda: arena.first_layout(b"x.yaml"), "path", "b'x.yaml'")
    with pytest.raises(boardkit.BoardkitDataError, match="cannot read data file"):
        arena.load_arena_data(tmp_path / "none.yaml")
    refused(lambda: doom.ascii_arena(lay, {"b1": 5}), "marks", "'b1'", "5")  # was a TypeError from str.join
    refused(lambda: doom.ascii_arena(lay, {"b1": "xy"}), "marks", "'b1'", "'xy'")
    assert doom.ascii_arena(lay, {"b1": "x"}).splitlines()[4] == "1 # x # . #"


def test_split_helpers_refuse_by_name() -> None:
    """MARA-3.2, MARA-3.3: pools of elements and a valuation."""
    v = FaceValuation({"0": 0, "1": 1, "2": 2, "3": 3, "circle": 2, "crate": 1, "tile": 2})
    refused(lambda: choose(5, (("yellow", "3"),), v), "pool_a", "5")
    refused(lambda: choose((("yellow", "3"),), "tile", v), "pool_b", "'tile'")
    refused(lambda: choose((("yellow", "3"),), ("tile",), 5), "valuation", "5")
    refused(lambda: analyse_split(("0",) * 6, 5), "valuation", "5")
    refused(lambda: splitter_expected_value("own"), "valuation", "'own'")
    refused(lambda: rows_to_dicts(5), "rows", "5")
    refused(lambda: rows_to_dicts([1, 2]), "rows", "1")
    refused(lambda: splits(5), "elements", "5")
    refused(lambda: splits([[1], [2]]), "elements", "[1]")
    assert len(splits("abc")) == 3


def test_stats_and_outcomes_refuse_by_name() -> None:
    refused(lambda: wilson("a", 5), "k", "'a'")
    refused(lambda: wilson(1, "a"), "n", "'a'")
    refused(lambda: wilson(1, 0), "n", "0")
    refused(lambda: options_compared("leaders", 5, {}), "a", "5")
    refused(lambda: options_compared("leaders", {}, "x"), "b", "'x'")
    assert options_compared("leaders", {}, {}) == []
    message = refused(lambda: options_compared("leaders", {"nope": 1}, {}), "option set a", "unknown option(s) nope",
                      "first_player")  # was answered [('nope', 1, None, '')]
    assert message.split(": ", 1)[1] == str(_load_error("leaders", nope=1)).split(": ", 1)[1]  # the engine's words
    refused(lambda: options_compared("leaders", {}, {"first_player": 1, "frist": 0}), "option set b", "frist")
    assert options_compared("leaders", {"rules": "seed"}, {"rules": "published", "first_player": 1}) == [
        ("first_player", None, 1, "LEAD-1.4"), ("rules", "seed", "published", "")]


def test_small_helpers_refuse_bad_arguments_by_name() -> None:
    import dataclasses
    from fractions import Fraction

    from boardkit.analysis.outcomes import mean_interval
    from boardkit.analysis.splits import roll_distribution
    from boardkit.core.chance import probability

    refused(lambda: probability([1, 2], lambda k: True), "dist", "[1, 2]")  # was AttributeError: no .items
    refused(lambda: probability({1: Fraction(1)}, 3), "event")
    assert probability({1: Fraction(1, 3), 2: Fraction(2, 3)}, lambda k: k > 1) == Fraction(2, 3)
    refused(lambda: mean_interval(["a"]), "values", "'a'")  # was "could not convert string to float: 'a'"
    refused(lambda: mean_interval(5), "values", "5")
    crates = roll_distribution("crates")
    refused(lambda: crates.probability("x"), "outcome", "'x'")  # was Fraction(0)
    refused(lambda: crates.probability([1]), "outcome", "[1]")
    assert crates.probability(7) == 0 and crates.probability(6) == Fraction(1, 46656)
    options = boardkit.load_game("leaders").options
    for name in ("nosuch", "expert"):  # nosuch was TypeError "super(type, obj)..."
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"read-only: cannot .* '{name}'"):
            setattr(options, name, 1)
    message = refused(lambda: options_compared("leaders", {"expert": "x"}, {}), "option set a", "expert='x'")
    assert message.split(": ", 1)[1] == str(_load_error("leaders", expert="x")).split(": ", 1)[1]
    refused(lambda: options_compared("leaders", {}, {"rules": "x"}), "option set b", "rules='x'")


def _load_error(game: str, **options: object) -> Exception:
    with pytest.raises(boardkit.OptionError) as info:
        boardkit.load_game(game, **options)
    return info.value


def test_explosion_refuses_a_colour_the_game_does_not_have() -> None:
    """BR-1.3, BR-1.6: red, blue, green, yellow and the neutral grey (others were counted)."""
    lay = arena.first_layout()
    refused(lambda: doom.explosion(lay, {"e2": {"purple": 1}}, "e2"), "figures", "'purple'", "e2", "grey")
    refused(lambda: doom.explosion_table(lay, {"b1": {"Red": 1}}), "figures", "'Red'")
    assert doom.explosion(lay, {"e2": {"grey": 1, "red": 2}}, "e2").figures_removed == {"red": 2, "grey": 1}


def test_outcome_tables_missing_their_columns_are_refused_naming_them() -> None:
    """win_rates, lengths and ab_compare on tables without the columns they read (were a
    ZeroDivisionError, a KeyError or a float() error from inside)."""
    import pandas as pd

    from boardkit.analysis.outcomes import ab_compare, lengths, metrics, win_rates
    from boardkit.sim import play_many

    run = play_many("leaders", 3, progress=False)
    refused(lambda: win_rates(pd.DataFrame({"index": [0], "winners": [[0]], "terminal": [True]})),
            "df", "win_<seat>")  # was a ZeroDivisionError
    refused(lambda: win_rates(run.drop(columns=["win_0", "win_1"])), "df", "win_<seat>")
    refused(lambda: metrics(run.drop(columns=["win_0", "win_1", "branching"])), "df", "branching", "win_<seat>")
    refused(lambda: lengths(run.drop(columns=["seat_turns"])), "column", "'seat_turns'")
    refused(lambda: lengths(run, 5), "column", "5")
    refused(lambda: lengths(run, "game"), "column", "'game'", "'leaders'")  # was float('leaders')
    for col in ("seed", "game", "agents", "options", "rules"):  # each was a KeyError
        refused(lambda col=col: ab_compare(run.drop(columns=[col]), run), "a: not a play_many table", col)
        refused(lambda col=col: ab_compare(run, run.drop(columns=[col])), "b: not a play_many table", col)
    refused(lambda: ab_compare(run, run, measures="win_0"), "measures", "'win_0'")  # was read letter by letter
    refused(lambda: ab_compare(run, run, measures=["game"]), "measures", "'game'")
    refused(lambda: ab_compare(run, run, measures=["win_7"]), "measures", "'win_7'")
    assert list(ab_compare(run, run.copy())["measure"]) == ["win_0", "seat_turns", "timeout"]


def test_outcome_tables_pooling_several_games_rules_or_options_are_refused_naming_the_column() -> None:
    """win_rates, metrics, lengths and ab_compare on ``pd.concat`` of two games' runs gave one
    pooled answer; so did a table of two rules profiles, two option sets or two sets of agents.
    Runs of the same game, options and agents on other seeds still pool."""
    import pandas as pd

    from boardkit.analysis.outcomes import ab_compare, lengths, metrics, win_rates
    from boardkit.sim import play_many

    mara = play_many("marabunta", 6, 1, progress=False)
    mixed = pd.concat([mara, play_many("battle_royale", 5, 1, progress=False)])
    for fn in (win_rates, metrics, lengths):
        refused(lambda fn=fn: fn(mixed), "df: the rows are of 2 games", "game column", "'marabunta'", "'battle_royale'")
    refused(lambda: ab_compare(mixed, mixed), "a: the rows are of 2 games", "game column")
    profiles = pd.concat([play_many(boardkit.load_game("leaders", rules=r), 3, 1, progress=False)
                          for r in ("seed", "published")])
    refused(lambda: win_rates(profiles), "df: the rows are of 2 rules profiles", "rules column", "'published'")
    short = play_many(boardkit.load_game("leaders", max_turns=5), 3, 1, progress=False)
    both = pd.concat([play_many("leaders", 3, 1, progress=False), short])
    refused(lambda: metrics(both), "df: the rows are of 2 option sets", "options column", "ab_compare")
    greedy = play_many("marabunta", 4, 2, agents="greedy", progress=False)
    refused(lambda: win_rates(pd.concat([mara, greedy])), "df: the rows are of 2 sets of agents", "agents column")
    pooled = pd.concat([mara, play_many("marabunta", 4, 2, progress=False)])
    assert win_rates(pooled)["games"].tolist() == [10] * 2 and lengths(pooled)["mean"].n == 10


# -- pictures of one game given another's state ---------------------------------------------------

_PICTURES = {"grid_figure": ("gridhunt", "boardkit.viz.gridhunt"), "board_figure": ("armageddon", "boardkit.viz.armageddon"),
             "territory_svg": ("marabunta", "boardkit.viz.marabunta"), "hex_figure": ("leaders", "boardkit.viz.leaders"),
             "hex_svg": ("leaders", "boardkit.viz.leaders")}


@pytest.mark.parametrize("picture", sorted(_PICTURES))
def test_pictures_refuse_a_state_of_another_game_naming_the_expected_game(picture: str) -> None:
    """Each was a KeyError or an AttributeError from inside (hex_figure drew any board with
    drawing positions as hexagons)."""
    import importlib

    pytest.importorskip("plotly")
    own, module = _PICTURES[picture]
    fn = getattr(importlib.import_module(module), picture)
    expected = "hex board" if own == "leaders" else f"{own} state"
    for other in ("armageddon", "gridhunt", "leaders", "marabunta", "battle_royale"):
        state = boardkit.load_game(other).new_initial_state()
        if other == own or (own == "leaders" and other == "marabunta"):  # marabunta's map is a hex board too
            fn(state)
            continue
        refused(lambda state=state: fn(state), "state", expected, other)
    refused(lambda: fn(5), "state", "5 (int)")
    if own != "leaders":
        refused(lambda: fn({}), "state_or_obs", "a dict without")


def test_pictures_of_an_observation_refuse_another_game() -> None:
    from boardkit.viz.armageddon import board_figure
    from boardkit.viz.marabunta import territory_svg

    pytest.importorskip("plotly")
    leaders = boardkit.load_game("leaders")
    obs = boardkit.load_game("marabunta").new_initial_state().observation(None)
    refused(lambda: territory_svg(obs, game=leaders), "game", "a marabunta game", "LeadersGame")
    assert territory_svg(obs).startswith("<svg")
    obs = boardkit.load_game("armageddon").new_initial_state().observation(None)
    refused(lambda: board_figure(obs, game=leaders), "game", "an armageddon game")


def test_a_hand_made_observation_of_the_wrong_shape_is_refused_naming_the_key() -> None:
    """Each was an AttributeError or a TypeError from inside the drawing; an observation the
    game wrote itself, at the start and later, is drawn."""
    import random

    from boardkit.viz.armageddon import board_figure
    from boardkit.viz.marabunta import territory_svg

    pytest.importorskip("plotly")
    refused(lambda: territory_svg({"fields": 1}), "state_or_obs", "'fields' is 1 (int)", "marabunta has a mapping")
    refused(lambda: territory_svg({"fields": {}, "dice": "x"}), "state_or_obs", "'dice'")
    refused(lambda: board_figure({"chips": "x"}), "state_or_obs", "'chips' is 'x' (str)", "armageddon has a mapping")
    for name, draw in (("marabunta", territory_svg), ("armageddon", board_figure)):
        s = boardkit.load_game(name).new_initial_state()
        rng = random.Random(1)
        for _ in range(60):
            if s.is_terminal():
                break
            draw(s.observation(None))
            boardkit.random_step(s, rng)


# -- computations with a documented upper bound ---------------------------------------------------

def test_long_computations_refuse_past_their_bound_naming_it() -> None:
    """Each ran for minutes (or ran out of memory) before answering; the bound itself answers
    within a few seconds (the constants' comments give the times measured)."""
    from boardkit.analysis.armageddon import MAX_RAID_TURNS, MAX_SPLIT_FREE
    from boardkit.analysis.splits.rolls import MAX_SPLIT_ELEMENTS

    refused(lambda: raid_distribution(10**7), "turns=10000000", f"at most {MAX_RAID_TURNS}", "armageddon.MAX_RAID_TURNS")
    refused(lambda: raid_distribution(MAX_RAID_TURNS + 1), f"turns={MAX_RAID_TURNS + 1}")
    refused(lambda: split_count_free(10**6, 10**6), "n=1000000", f"at most {MAX_SPLIT_FREE}", "MAX_SPLIT_FREE")
    refused(lambda: split_count_free(3, 10**6), "k=1000000", "MAX_SPLIT_FREE")
    assert split_count_free(MAX_SPLIT_FREE, 1) == 1
    lay = arena.first_layout()
    refused(lambda: doom.doom_tiles_lost(lay, k=10**4), "k=10000", "at most 100", "MAX_DOOM_ROLLS['max_damage']")
    refused(lambda: doom.doom_tiles_lost(lay, k=10, policy="uniform"), "k=10", "at most 9", "MAX_DOOM_ROLLS['uniform']")
    refused(lambda: doom.doom_tiles_lost(lay, k=-1), "k", "'-1'")
    assert sum(p for _, p in doom.doom_tiles_lost(lay, k=doom.MAX_DOOM_ROLLS["min_damage"], policy="min_damage").items()) == 1
    refused(lambda: splits(range(30)), "elements", "30 elements", "range(0, 30)", f"at most {MAX_SPLIT_ELEMENTS}",
            "MAX_SPLIT_ELEMENTS")
    refused(lambda: splits(iter(range(10**9))), "elements", f"more than {MAX_SPLIT_ELEMENTS} elements")
    assert len(splits(iter(range(8)))) == 127
    from boardkit.analysis.splits.rolls import MAX_COUNT_ELEMENTS, count_splits

    refused(lambda: count_splits(10**9), "n=1000000000", f"at most {MAX_COUNT_ELEMENTS}", "MAX_COUNT_ELEMENTS")
    assert count_splits(MAX_COUNT_ELEMENTS) == 2 ** (MAX_COUNT_ELEMENTS - 1) - 1
