"""The board interface (boardkit.core.boards): cells by name, index tables, the three kinds."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

import boardkit
from boardkit import BoardkitDataError
from boardkit.core.boards import GraphBoard, HexBoard, SquareBoard, load_board, load_graph_board, load_square_board

INVASION = Path(__file__).parent / "data" / "boards" / "invasion.yaml"


def test_graph_nodes_are_cell_names_so_networkx_takes_names():
    game = boardkit.load_game("leaders")
    board = game.board
    assert sorted(board.graph.successors("d4")) == sorted(board.neighbours("d4")) == ["c3", "c4", "d3", "d5", "e4", "e5"]
    node = board.graph.nodes["d1"]
    assert node["kind"] == "hex" and (node["q"], node["r"]) == (0, 3) and node["sets"] == ("start_0", "recruit_0")
    assert board.names[board.index("d1")] == "d1" and board.index(" D1 ") == board.index("d1")
    assert board.sets["start_0"] == ("d1",) and board.set_indices["start_0"] == (board.index("d1"),)


def test_hex_index_tables_agree_with_names():
    board = boardkit.load_game("leaders").board
    for i, name in enumerate(board.names):
        assert [board.names[j] for j in board.adjacent[i]] == board.neighbours(name)
        for k, j in enumerate(board.step[i]):
            if j >= 0:
                assert board.graph.edges[name, board.names[j]]["direction"] == k
    assert board.line("a1", 0) == ["b1", "c1", "d1"] and board.line("a1", 1)[-1] == "g7" and board.line("g7", 0) == []
    assert board.distance("d1", "d7") == 6
    with pytest.raises(ValueError, match="directions 0..5"):
        board.line("a1", 6)
    with pytest.raises(KeyError, match="'z9' is not a cell of board leaders-hex-3"):
        board.neighbours("z9")


def test_hex_positions_are_pointy_top_centres_y_up():
    board = boardkit.load_game("leaders").board
    assert board.position("d4") == (0.0, 0.0)
    x, y = board.position("e4")  # one step east: (q, r) = (1, 0)
    assert y == 0.0 and x == pytest.approx(3 ** 0.5)
    assert board.position("d7")[1] > board.position("d1")[1]  # rank 7 is drawn above rank 1
    assert board.graph.nodes["d7"]["pos"] == board.position("d7")


def test_square_board_names_neighbours_lines_positions():
    board = boardkit.load_game("battle_royale").board
    assert isinstance(board, SquareBoard) and board.kind == "square" and len(board) == 25
    assert board.neighbours("a1") == ["a2", "b1"]
    assert board.neighbours("a1", diagonal=True) == ["a2", "b1", "b2"]
    assert board.line("c3", 0) == ["c4", "c5"] and board.line("c3", 6) == ["b2", "a1"]
    assert board.position("b4") == (1.0, 3.0) and board.cell_at(2, 2) == "c3"
    assert board.sets["goal"] == ("c3",) and board.graph.nodes["c3"]["sets"] == ("goal", "middle")
    assert nx.number_of_edges(board.graph) == 40
    with pytest.raises(ValueError, match="outside the 5x5 board"):
        board.cell_at(5, 0)


def test_graph_board_successors_per_side_and_positions():
    board = load_board(INVASION)
    assert isinstance(board, GraphBoard) and board.kind == "graph" and board.sides == ("earth", "aliens")
    assert board.successors("field", "earth") == ["ridge", "lake"]
    assert board.successors("field", "aliens") == ["base"]
    assert board.successors("crater", "aliens") == ["ridge", "lake", "field"]
    assert board.successors("crater", "earth") == []
    assert sorted(board.predecessors("field", "aliens")) == ["crater", "lake", "ridge"]
    assert board.position("ridge") == (2.0, 1.0) and board.graph.nodes["ridge"]["pos"] == (2.0, 1.0)
    assert board.graph.edges["field", "base"]["sides"] == ("aliens",)
    assert board.graph.edges["ridge", "field"]["sides"] == ("aliens",)
    assert board.graph.edges["field", "ridge"]["sides"] == ("earth",)
    assert sorted(board.neighbours("field")) == ["base", "crater", "lake", "ridge"]
    assert board.sets["home_aliens"] == ("crater",) and board.graph.nodes["crater"]["sets"] == ("home_aliens",)
    i = board.index("field")
    assert [board.names[j] for j in board.side_step["earth"][i]] == ["ridge", "lake"]
    with pytest.raises(KeyError, match="'martians' is not a side of board invasion-test"):
        board.successors("field", "martians")
    with pytest.raises(nx.NetworkXError, match="Frozen"):
        board.graph.add_edge("base", "crater")


_GOOD = "name: g\nkind: graph\nnodes: {a: [0, 0], b: [1, 0]}\nedges: {x: [[a, b]]}\n"


@pytest.mark.parametrize(
    "text, message",
    [
        (_GOOD.replace("[[a, b]]", "[[a, c]]"), r"edges.x\[0\]: dangling edge 'a' -> 'c': 'c' is not a node of the board"),
        (_GOOD.replace("[[a, b]]", "[[a, a], [a, b]]"), r"edges.x\[0\]: edge from 'a' to itself"),
        (_GOOD.replace("[[a, b]]", "[[a, b], [a, b]]"), r"edges.x\[1\]: edge a -> b is listed twice for x"),
        (_GOOD.replace("[[a, b]]", "[[a, b, a]]"), r"edges.x.0.: .* is too long"),
        (_GOOD.replace("b: [1, 0]", "b: [1, 0], c: [2, 0]"), r"nodes.c: node is on no edge"),
        (_GOOD.replace("b: [1, 0]", "b: [1]"), r"nodes.b: .* is too short"),
        (_GOOD.replace("b: [1, 0]", "B: [1, 0]"), r"'B' does not match"),
        (_GOOD + "sets: {s: [a, q]}\n", r"sets.s\[1\]: cell 'q' is not on the board"),
        (_GOOD + "sets: {s: [a, a]}\n", r"sets.s\[1\]: cell 'a' is listed twice"),
        (_GOOD.replace("kind: graph", "kind: ring"), r"kind: 'ring' is not a board kind"),
        ("- a\n- b\n", r"\(top level\): expected a mapping"),
    ],
)
def test_malformed_graph_board_names_file_entry_problem(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(BoardkitDataError, match=message) as info:
        load_board(path)
    assert str(path) in str(info.value)


def test_loaders_refuse_another_kind_and_load_board_dispatches(tmp_path):
    with pytest.raises(BoardkitDataError, match="kind: 'graph' was expected"):
        load_graph_board("leaders")
    with pytest.raises(BoardkitDataError, match=r"sets.goal\[0\]: cell 'f9' is not a cell of a 5x5 board"):
        (tmp_path / "s.yaml").write_text("name: s\nkind: square\ncolumns: 5\nrows: 5\nsets: {goal: [f9]}\n")
        load_square_board(tmp_path / "s.yaml")
    assert isinstance(load_board("leaders"), HexBoard) and isinstance(load_board("arena5"), SquareBoard)
    assert isinstance(load_graph_board(INVASION), GraphBoard)
