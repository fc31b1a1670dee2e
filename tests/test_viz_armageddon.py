"""Armageddon pictures and board widget, driven from Python without a kernel (ARMA-* via clicks)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from arma_helpers import state
from boardkit.viz.armageddon import ArmageddonController, board_figure, board_svg, part_layout

#: Earth wins on red's next share: red1 before GK, w1 on GK, no alien inside (ARMA-1.3, ARMA-6.2).
GK_OPEN = {"red1": "s10", "w1": "gk", "w2": "s1", "w3": "s2", "officer": "e1"}


def test_pure_module_imports_no_widgets_or_plotly():
    probe = ("import sys, boardkit, boardkit.viz.armageddon as m\n"
             "s = boardkit.load_game('armageddon').new_initial_state()\n"
             "m.board_svg(s); m.ArmageddonController(s)\n"
             "heavy = [x for x in ('ipywidgets', 'plotly') if x in sys.modules]\n"
             "print(*heavy); sys.exit(1 if heavy else 0)\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr or proc.stdout


# -- pictures ----------------------------------------------------------------------------------------
def test_figure_has_a_trace_per_chip_side_and_the_boards_parts():
    pytest.importorskip("plotly")
    s = state("red", chips={"red1": "r4", "green2": "s5", "officer": "b2"}, officer_mine=True, depot=0,
              trophies={"red": 1}, destroyed=1)
    fig = board_figure(s, highlights=["r6"], selected="r4")
    names = [t.name for t in fig.data]
    chips = {t.name: list(t.text) for t in fig.data if t.name.startswith("chips: ")}
    assert list(chips) == ["chips: red", "chips: green", "chips: yellow", "chips: aliens"]
    assert "r1" in chips["chips: red"] and "g2" in chips["chips: green"] and "OF+mine" in chips["chips: aliens"]
    assert len(chips["chips: red"]) == 3  # red1 on r4, red3 and red4 at home; red2 was in compartment 1
    assert {"edges: earth", "edges: aliens", "edges: officer", "blue trajectory", "laser (off)"} <= set(names)
    arrows = {t.name: len(t.x) for t in fig.data if t.name.startswith("arrows: ")}
    assert arrows == {f"arrows: {side}": len(pairs) for side, pairs in s.game.arma.doc["edges"].items()}
    circles = next(t for t in fig.data if t.name == "circles")
    assert len(circles.x) == len(s.game.board.names)
    labels = dict(zip(s.game.board.names, circles.text))
    assert (labels["gk"], labels["landing"], labels["s5"], labels["depot"]) == ("GK", "landing", "laser control", "mines 0")
    assert [labels[n] for n in ("n1_1", "n2_1", "n3_1")] == ["1", "2", "3"]
    assert list(next(t for t in fig.data if t.name == "targets").x) == [s.game.board.positions[s.game.node["r6"]][0]]
    notes = [a.text for a in fig.layout.annotations]
    assert "compartment 1 — destroyed" in notes and "compartment 2" in notes and "alien main compartment" in notes
    title = fig.layout.title.text
    assert "laser off" in title and "mines in the depot: 0" in title and "the officer carries a mine" in title
    assert "held by Earth: red 1" in title and "out: red2, green1" in title


def test_svg_draws_nodes_edges_chips_and_the_laser():
    s = state("red", chips={"red1": "r8", "green2": "s5"})  # the laser is off: green2 holds the control circle
    svg = board_svg(s, highlights=["r9"])
    g = s.game
    assert len(re.findall(r'<g class="node" data-node=', svg)) == len(g.board.names)
    assert svg.count('class="edge ') == sum(len(p) for p in g.arma.doc["edges"].values())
    assert len(re.findall(r'<g class="chip (red|green|yellow|aliens)"', svg)) == len(g.chip_names)
    assert re.findall(r'data-node="([a-z0-9_]+)"[^>]*data-highlight="1"', svg) == ["r9"]
    assert 'class="laser off"' in svg and "compartment destroyed" not in svg
    assert 'class="laser on"' in board_svg(state("red"))
    assert 'class="compartment destroyed"' in board_svg(state("red", destroyed=1, depot=2))


def test_part_layout_has_every_node_once():
    g = state("red").game
    layout = part_layout(g)
    assert sorted(layout.names) == sorted(g.board.names)
    assert layout.rows[2] == g.arma.trajectories["red"] and "r5" not in layout.rows[-1]  # crossings sit on Earth rows


# -- the controller --------------------------------------------------------------------------------------
def test_chip_then_circle_makes_the_share():
    """ARMA-3.1 / ARMA-3.3: a chip's first point takes it to the launch table (a stop that ends
    the turn, ARMA-3.4); two points to r1."""
    ctl = ArmageddonController(state("red", roll=2))
    assert ctl.highlights() == ["h1_red_1", "h1_red_2", "h2_red_1", "h3_red_1"]
    res = ctl.click("h2_red_1")
    assert res.status == "collecting" and res.highlights == ("r1", "table1", "table2", "table3")
    assert ctl.selected() == ["h2_red_1"] and [str(a) for a in ctl.button_actions()] == ["move red3 1", "move red3 2"]
    assert ctl.click("h2_red_1").status == "cancelled" and ctl.button_actions() == []
    ctl.click("h2_red_1")
    res = ctl.click("r1")
    assert res.status == "applied" and ctl.log() == ["move red3 2"] and ctl.state.is_chance_node()


def test_illegal_allotments_are_explained_with_their_clause():
    ctl = ArmageddonController(state("red", roll=3, chips={"red1": "s3", "red2": "out", "red3": "out", "red4": "out"}))
    ctl.click("s3")
    res = ctl.click("s2")  # one point back: two of the three would be lost
    assert res.status == "illegal" and res.clause == "ARMA-3.2" and "back red1 1" in res.message and ctl.clicks == ()
    ctl = ArmageddonController(state("red", roll=3))
    ctl.click("h1_red_1")
    assert ctl.click("r5").clause == "ARMA-3.1"  # 6 points: more than the roll
    far = ArmageddonController(state("red", roll=5, chips={"red1": "r11"}))
    assert far.click("r11").highlights == ("landing", "r12")  # two points stop on the landing point
    res = far.click("s2")  # past the landing point in one share
    assert res.clause == "ARMA-D4" and "must stop on the landing point" in res.message
    far.click("r11")
    res = far.click("r9")  # behind red1 on its path
    assert res.clause == "ARMA-3.7" and "nobody flies backwards" in res.message
    ctl.click("h1_red_1")
    assert ctl.click("h1_red_2").clicks == ("h1_red_2",)  # another chip of red: the selection moves to it
    ctl.click("h1_red_2")
    res = ctl.click("n1_1")  # a warrior: not a chip of red
    assert res.clause == "ARMA-3.1" and "not one of them" in res.message
    res = ctl.click("r6")
    assert res.status == "illegal" and "holds no chip" in res.message and res.clause is None
    aliens = ArmageddonController(state("aliens", roll=1))
    assert aliens.highlights() == ["dot"]  # only the officer can use a 1
    res = aliens.click("n2_1")
    assert res.clause == "ARMA-5.6" and "dot circle" in res.message


def test_block_of_two_is_explained_at_the_circle_behind_it():
    """ARMA-6.1: two green chips in a row on the surface stop the warrior at the first."""
    ctl = ArmageddonController(state("aliens", roll=3, chips={"w1": "s9", "green1": "s8", "green2": "s7"}))
    ctl.click("s9")
    assert ctl.highlights() == ["f5", "s10", "s8"]  # forward to the block; back toward GK and round the ring
    res = ctl.click("s6")
    assert res.clause == "ARMA-6.1" and "form a block" in res.message


def test_a_displaced_chip_is_placed_by_a_click():
    """ARMA-7.2: red1, displaced with two free home circles, is put on the one clicked."""
    ctl = ArmageddonController(state("aliens", roll=2, chips={"red1": "s3", "red2": "r4", "w1": "s5"}))
    ctl.click("s5")
    assert ctl.click("s3").status == "applied" and ctl.state.phase == "home"
    assert ctl.highlights() == ["h1_red_1", "h1_red_2"]
    assert ctl.click("h1_red_2").status == "applied" and ctl.log()[-1] == "home red1 h1_red_2"


# -- the widget -----------------------------------------------------------------------------------------
widgets = pytest.importorskip("ipywidgets")
from boardkit.viz.armageddon.widget import ArmageddonBoard  # noqa: E402
from boardkit.viz.widgets import BoardWidget, board_widget  # noqa: E402


def test_board_widget_returns_the_armageddon_board():
    s = state("red")
    board = board_widget(s, show_svg=False)
    assert type(board) is ArmageddonBoard and isinstance(board, BoardWidget)
    assert isinstance(board.controller, ArmageddonController)
    assert sorted(board.cell_buttons) == sorted(s.game.board.names)


def test_a_round_through_the_widget():
    board = ArmageddonBoard(state("red"), seed=1)
    ctl = board.controller
    assert "Roll chance" in board.buttons() and "roll 6" in board.buttons()
    board.press("roll 4")
    assert "roll <b>4</b>, 4 point(s) left" in board.status_html.value
    assert board.cell_buttons["h1_red_1"].description == "r1" and board.cell_buttons["h1_red_1"].style.text_color == "white"
    board.click("h1_red_1")
    assert "3px solid #1e8449" in board.cell_buttons["r3"].layout.border  # four points: r3; three: r2, the last to the table
    # one point stops on the table and ends the turn (ARMA-3.4); two: r1, another chip's two end on the table
    assert re.findall(r'data-node="([a-z0-9_]+)"[^>]*data-highlight="1"', board.svg_html.value) == [
        "table1", "table2", "table3", "r1", "r2", "r3"]
    board.click("r5")  # too far: explained in red
    assert ctl.last_result.clause == "ARMA-3.1" and "color:#c0392b" in board.message_html.value
    board.click("h1_red_1")
    board.press("move red1 4")
    assert ctl.log() == ["roll 4", "move red1 4"] and board.cell_buttons["r3"].description == "r1"
    assert board.cell_buttons["h1_red_1"].description == "h1r1"  # an empty circle: its name, shortened
    board.press("roll 5")  # green's turn
    board.click("h1_green_2")
    board.click("g4")
    board.press("roll 1")  # yellow
    board.click("h3_yellow_1")
    board.click("table1")  # a 1 ends on the launch table (ARMA-3.3, ARMA-3.4)
    assert board.cell_buttons["table1"].description == "y4"
    board.press("roll 2")  # the aliens
    board.press("take mine")  # the officer's right (ARMA-5.1), a button
    board.click("dot")
    board.click("e1")
    assert ctl.log()[-1] == "move officer 2" and ctl.state.observation(None)["officer_mine"]
    assert board.cell_buttons["e1"].description == "OF*" and "mines in the depot: 2" in board.status_html.value
    board.press("Back")
    assert ctl.state.observation(None)["chips"]["officer"] == "dot"


def test_status_line_shows_the_outcome():
    board = ArmageddonBoard(state("red", roll=1, chips=GK_OPEN), show_svg=False)
    board.click("s10")
    board.click("gk")
    assert board.controller.state.is_terminal()
    status = board.status_html.value
    assert "game over: red, green, yellow win" in status and "ARMA-1.3" in status
    assert "game over" in board.message_html.value
    assert board.controller.click("gk").status == "refused"


def test_seat_view_refuses_the_other_side_with_the_turn_clause():
    s = state("red", roll=2)
    board = board_widget(s, seat=3, show_svg=False)
    ctl = board.controller
    assert ctl.highlights() == [] and ctl.button_actions() == []
    res = ctl.click("h1_red_1")
    assert res.status == "illegal" and res.clause == "ARMA-2.3" and "not player 3's turn" in res.message
    assert "seen by" in board.status_html.value and "aliens" in board.status_html.value
    board.set_seat(0)
    assert ctl.click("h1_red_1").status == "collecting" and ctl.click("r1").status == "applied"
