"""Leaders clause tests: LEAD-9 board (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardkit
from boardkit.core.validate import BoardkitDataError

from leaders_clause_support import GAME, pieces, play


def test_LEAD_9_1_board_is_a_radius_3_hexagon_of_37_cells() -> None:
    """LEAD-9.1: 37 cells in rows 4,5,6,7,6,5,4; six neighbours inside; three line axes."""
    b = GAME.board
    assert len(b.coords) == 37 and b.graph.number_of_nodes() == 37
    rows = [sum(1 for n in b.names if n[1] == str(r)) for r in range(1, 8)]
    assert rows == [4, 5, 6, 7, 6, 5, 4]
    assert all(max(abs(q), abs(r), abs(q + r)) <= 3 for q, r in b.coords)
    degrees = sorted(len(b.neighbours(n)) for n in b.names)
    assert degrees == [3] * 6 + [4] * 12 + [6] * 19
    assert b.undirected().number_of_edges() == 90
    assert sorted(b.neighbours("d4")) == ["c3", "c4", "d3", "d5", "e4", "e5"]
    # a straight line: the ray from a1 along the rank, file and diagonal
    g = GAME.geometry
    rays = sorted([b.names[j] for j in g.ray(b.index("a1"), k)] for k in range(6) if list(g.ray(b.index("a1"), k)))
    assert rays == [["a2", "a3", "a4"], ["b1", "c1", "d1"], ["b2", "c3", "d4", "e5", "f6", "g7"]]


def test_LEAD_9_2_start_cells_are_opposite_corners() -> None:
    """LEAD-9.2: start cells (0, 3) = d1 for the first side and (0, -3) = d7 for the second."""
    b = GAME.board
    assert [b.names[c] for c in GAME.start] == ["d1", "d7"]
    assert [b.coords[c] for c in GAME.start] == [(0, 3), (0, -3)]
    assert b.distance(*(b.names[c] for c in GAME.start)) == 6


def test_LEAD_9_3_recruitment_cells_are_the_two_edges_at_the_own_corner() -> None:
    """LEAD-9.3: 7 recruitment cells per side, on the two edges meeting at its start corner."""
    b = GAME.board
    assert sorted(b.names[c] for c in GAME.recruit_cells[0]) == ["a1", "b1", "c1", "d1", "e2", "f3", "g4"]
    assert sorted(b.names[c] for c in GAME.recruit_cells[1]) == ["a4", "b5", "c6", "d7", "e7", "f7", "g7"]
    assert {b.coords[c] for c in GAME.recruit_cells[0]} == {(q, 3) for q in range(-3, 1)} | {(q, 3 - q) for q in range(4)}


def test_LEAD_9_4_another_board_file_can_be_loaded(tmp_path: Path) -> None:
    """LEAD-9.4: the board is data: a radius-2 board file loads and the game starts on it."""
    cells = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]
    text = ["name: small-hex-2", "kind: hex", "cells:"] + [f"  - [{q}, {r}]" for q, r in cells]
    text += ["sets:", "  start_0:", "    - [0, 2]", "  start_1:", "    - [0, -2]",
             "  recruit_0:", "    - [-2, 2]", "    - [-1, 2]", "    - [1, 1]",
             "  recruit_1:", "    - [2, -2]", "    - [1, -2]", "    - [-1, -1]"]
    path = tmp_path / "small.yaml"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    g = boardkit.load_game("leaders", board=str(path), first_player=0)
    assert len(g.board.coords) == 19
    s = g.new_initial_state()
    play(s, "draw Rider", "draw Vizier", "draw Jailer")
    kings = {c: p for c, p in pieces(s).items()}
    assert {g.board.coords[g.board.index(c)]: k for c, k in kings.items()} == {(0, 2): ("King", 0), (0, -2): ("Queen", 1)}
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(text[: 3 + len(cells)]) + "\nsets: {}\n", encoding="utf-8")
    with pytest.raises(BoardkitDataError):
        boardkit.load_game("leaders", board=str(bad))
