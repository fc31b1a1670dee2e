"""The Armageddon board as data (ARMA-9): the generator's counts, the drawn default layout,
and bad board files refused with an error naming the file, the entry, the node and the problem."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
import yaml

import boardkit
from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError
from boardkit.games.armageddon.board import (
    DEFAULT_COUNTS, board_counts, generate_board, generate_layout, layout_yaml, load_data,
)


def test_generator_default_counts_are_section_9s():
    """ARMA-9: 3 compartments, 12 home circles, table 3, trajectories 12, laser at 8, surface 10,
    3 warriors (one per numbered circle), 3 mines, exit 6, blue 12 crossing at 5, 7, 9, the ring's far
    side 5 and the officer's arc 4."""
    c = board_counts(generate_board(), 4, 3)
    assert c["compartments"] == 3 and c["home_circles"] == 12 and c["home_per_colour"] == {"red": 4, "green": 4, "yellow": 4}
    assert c["table"] == 3 and set(c["trajectory"].values()) == {12} and set(c["laser_at"].values()) == {8}
    assert c["surface"] == 10 and c["laser_control"] == 5 and c["numbered"] == 3 and (c["far"], c["arc"]) == (5, 4)
    assert c["exit"] == 6 and c["blue"] == 12 and c["crossings"] == {"red": 5, "green": 7, "yellow": 9}


@pytest.mark.parametrize("counts", [
    {"trajectory": 8, "laser_at": 4, "crossings": [2, 3, 6], "blue": 7},
    {"compartments": 2, "homes": [3, 2], "surface": 4, "laser_control": 2, "exit": 2},
    {"numbers": 2, "per_number": 1, "table": 1, "trajectory": 20, "blue": 20, "crossings": [10, 12, 14]},
])
def test_generator_takes_every_count_as_a_parameter(counts):
    """ARMA-9: each count of section 9 is a parameter; the graph is weakly connected and every
    path walks edges of its side."""
    b = generate_board(counts)
    c = {**DEFAULT_COUNTS, **counts}
    got = board_counts(b, sum(c["homes"]), 3)
    assert got["compartments"] == c["compartments"] and got["table"] == c["table"]
    assert set(got["trajectory"].values()) == {c["trajectory"]} and set(got["laser_at"].values()) == {c["laser_at"]}
    assert got["surface"] == c["surface"] and got["exit"] == c["exit"] and got["blue"] == c["blue"]
    assert got["numbered"] == c["numbers"] * c["per_number"]
    assert got["crossings"] == dict(zip(("red", "green", "yellow"), c["crossings"]))
    g = b.graph.graph
    assert nx.is_weakly_connected(g)
    route = b.officer_route()
    assert all("officer" in g.edges[a, b2]["sides"] for a, b2 in zip(route, route[1:]))
    assert nx.has_path(g, b.table[0], b.gk)


def test_drawn_default_layout_is_the_generated_graph():
    """data/boards/armageddon.yaml is layout_yaml(generate_layout(DEFAULT_COUNTS)) and loads
    (data/armageddon/default.yaml, checked against its counts) to the board that
    data/armageddon/generated.yaml generates."""
    text = (DATA_DIR / "boards" / "armageddon.yaml").read_text(encoding="utf-8")
    assert text == layout_yaml(generate_layout(DEFAULT_COUNTS))
    a, b = load_data("generated")["board"], load_data("default")["board"]
    assert set(a.graph.graph.edges) == set(b.graph.graph.edges) and a.graph.sets == b.graph.sets
    assert board_counts(a, 4, 3) == board_counts(b, 4, 3)
    g = boardkit.load_game("armageddon", data="generated")
    assert g.new_initial_state().observation(None) == boardkit.load_game("armageddon").new_initial_state().observation(None)


def _write(tmp_path: Path, doc: dict, chips: int = 4) -> Path:
    board = tmp_path / "board.yaml"
    board.write_text(yaml.safe_dump(doc), encoding="utf-8")
    data = tmp_path / "data.yaml"
    data.write_text(f"name: t\nchips: {chips}\nmines: 3\nlayout: {board}\n", encoding="utf-8")
    return data


def _layout() -> dict:
    return generate_layout(DEFAULT_COUNTS)


def test_dangling_edge_is_refused_naming_file_entry_and_node(tmp_path):
    doc = _layout()
    doc["edges"]["earth"].append(["s3", "nowhere"])
    with pytest.raises(BoardkitDataError) as info:
        load_data(_write(tmp_path, doc))
    msg = str(info.value)
    assert "board.yaml" in msg and "edges.earth" in msg and "dangling edge" in msg and "nowhere" in msg


def test_edge_on_no_path_is_refused_as_dangling(tmp_path):
    doc = _layout()
    doc["edges"]["aliens"].append(["s3", "r4"])
    with pytest.raises(BoardkitDataError) as info:
        load_data(_write(tmp_path, doc))
    assert "board.yaml" in str(info.value) and "dangling edge s3 -> r4" in str(info.value)


def test_crossing_on_one_trajectory_only_is_refused(tmp_path):
    doc = _layout()
    doc["sets"]["crossings"].append("b2")  # on the blue trajectory, on no Earth trajectory
    with pytest.raises(BoardkitDataError) as info:
        load_data(_write(tmp_path, doc))
    msg = str(info.value)
    assert "board.yaml" in msg and "crossing b2" in msg and "both trajectories" in msg
    doc = _layout()
    doc["sets"]["crossings"].append("r3")  # on an Earth trajectory only
    with pytest.raises(BoardkitDataError) as info:
        load_data(_write(tmp_path, doc))
    assert "crossing r3 is not on the blue trajectory" in str(info.value)


def test_more_home_circles_than_chips_is_refused(tmp_path):
    with pytest.raises(BoardkitDataError) as info:
        load_data(_write(tmp_path, _layout(), chips=3))
    msg = str(info.value)
    assert "board.yaml" in msg and "sets.home_red" in msg and "4 home circles, more than the 3 red chips" in msg


def test_path_that_does_not_connect_is_refused(tmp_path):
    doc = _layout()
    doc["edges"]["earth"].remove(["r6", "r7"])
    with pytest.raises(BoardkitDataError) as info:
        load_data(_write(tmp_path, doc))
    assert "red trajectory does not connect: no earth edge r6 -> r7" in str(info.value)


def test_bad_counts_and_schema_are_refused(tmp_path):
    data = tmp_path / "d.yaml"
    data.write_text("name: t\nchips: 4\nmines: 3\ncounts: {compartments: 3, homes: [2, 1], table: 3, trajectory: 12, "
                    "laser_at: 8, surface: 10, laser_control: 5, numbers: 3, per_number: 2, exit: 6, blue: 12, "
                    "crossings: [5, 7, 9]}\n")
    with pytest.raises(BoardkitDataError) as info:
        load_data(data)
    assert "d.yaml" in str(info.value) and "homes" in str(info.value)
    data.write_text("name: t\nchips: 4\nmines: 3\n")
    with pytest.raises(BoardkitDataError) as info:
        load_data(data)
    assert "give counts" in str(info.value)
    doc = _layout()
    doc["nodes"]["s3"] = [1]
    with pytest.raises(BoardkitDataError) as info:
        load_data(_write(tmp_path, doc))
    assert "nodes" in str(info.value)


def test_layout_that_differs_from_its_counts_is_refused(tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text(layout_yaml(generate_layout({**DEFAULT_COUNTS, "surface": 9, "laser_control": 4})))
    data = tmp_path / "data.yaml"
    text = (DATA_DIR / "armageddon" / "default.yaml").read_text(encoding="utf-8")
    data.write_text(text.replace("layout: armageddon", f"layout: {board}"), encoding="utf-8")
    with pytest.raises(BoardkitDataError) as info:
        load_data(data)
    assert "data.yaml: counts: the layout" in str(info.value) and "surface 9" in str(info.value)
