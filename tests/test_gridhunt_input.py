"""Bad input to gridhunt: each refused with a clear error naming what is wrong (the file and
field, the clause), the game left unchanged (GRID-2.1, GRID-3.1, GRID-3.3, GRID-6, GRID-7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import boardkit
from boardkit import BoardkitDataError, IllegalActionError, IllegalPositionError, NotationError, OptionError
from boardkit.games.gridhunt.rules import cell_index

from gridhunt_helpers import position


def snap(state):
    return state.to_json(), json.dumps(state.observation(None), sort_keys=True), [str(a) for a in state.legal_actions()]


def refused(state, text, error, match, player=None):
    before = snap(state)
    with pytest.raises(error, match=match):
        state.apply_action(text, player=player)
    assert snap(state) == before


@pytest.mark.parametrize("body, match", [
    ("size: 5\nteleport: [a1, e5\n", "not valid YAML|YAML"),
    ("size: 5\nwall: [c3]\n", "teleport"),
    ("size: 5\nteleport: [a1, e5]\nmine: [f9]\n", r"mine\[0\].*f9.*not a cell"),
    ("size: 5\nteleport: [a1, e5]\nmine: [a1]\n", r"mine\[0\].*already a teleport"),
    ("size: 5\nteleport: [a1, b2, e5]\n", "exactly two teleports"),
    ("size: 5\nteleport: [a1, e5]\nwall: [a2, b1]\n", "not all orthogonally connected"),
    ("size: 5\nteleport: [a1, e5]\nlava: [c3]\n", "lava"),
    ("size: 3\nteleport: [a1, c3]\n", "size"),
])
def test_malformed_layout_file_names_file_and_field(tmp_path: Path, body: str, match: str) -> None:
    """GRID-7: a fixed layout file is checked (jsonschema, then cells, teleports, connectivity)."""
    f = tmp_path / "bad.yaml"
    f.write_text(body)
    with pytest.raises(BoardkitDataError, match=match) as info:
        boardkit.load_game("gridhunt", layout=str(f))
    assert "bad.yaml" in str(info.value)


def test_unknown_layout_name_lists_the_known_ones() -> None:
    with pytest.raises(BoardkitDataError, match="arena12.*small|small.*arena12"):
        boardkit.load_game("gridhunt", layout="nowhere")


def test_bad_options() -> None:
    with pytest.raises(OptionError, match="turn_order"):
        boardkit.load_game("gridhunt", turn_order="alphabetical")
    with pytest.raises(OptionError, match="GRID-1.2"):
        boardkit.load_game("gridhunt", players=4)
    with pytest.raises(OptionError, match="GRID-7"):
        boardkit.load_game("gridhunt", size=30)


def test_order_for_a_dead_player() -> None:
    """GRID-6: only living players act; the order of a dead one is refused, naming it."""
    s = position({0: "b2", 1: None})
    refused(s, "move c10", IllegalActionError, r"GRID-6.*player 1 is dead", player=1)


def test_unknown_cell_and_off_the_grid() -> None:
    """GRID-2.1: a cell off this grid is refused by the rules; a word that is no cell by the notation."""
    s = position({0: "l2"})
    refused(s, "move m2", IllegalActionError, r"GRID-2\.1.*m2 is off the 12x12 grid")
    refused(s, "move zz9", NotationError, "zz9")
    refused(s, "move l3 l4 banana", NotationError, "banana")


def test_a_cut_order_says_words_are_missing_and_lists_the_forms() -> None:
    """A verb alone fits none of its forms: the message says the text stops short, not that
    one form's fixed word was expected."""
    s = position({0: "l2"})
    refused(s, "move", NotationError, r"^'move': words are missing; expected 'move CELL\.\.\.' or 'move none'$")
    refused(s, "shoot", NotationError, r"^'shoot': words are missing; expected 'shoot CELL' or 'shoot all' or 'shoot none'$")
    refused(s, "shoot banana", NotationError, r"'banana' is not a cell")


def test_seven_steps() -> None:
    """GRID-3.1: 1 to 6 cells."""
    s = position({0: "b2"})
    refused(s, "move b3 b4 b5 b6 b7 b8 b9", IllegalActionError, r"GRID-3\.1.*7 steps")


def test_path_through_a_known_wall() -> None:
    """GRID-D21 (wall_orders='refused'): a path may not go through a wall the player knows of
    (a hidden one truncates it, GRID-3.3)."""
    s = position({0: "b2"}, cells={"wall": ["b4"]})
    s.know[0].walls.add(cell_index(12, "b4"))
    refused(s, "move b3 b4 b5", IllegalActionError, r"GRID-D21.*b4 is a wall")
    s = position({0: "b2"}, cells={"wall": ["b4"]})
    s.public_walls.add(cell_index(12, "b4"))  # told to all (GRID-5.3)
    refused(s, "move b3 b4 b5", IllegalActionError, r"GRID-D21")


def test_order_of_the_wrong_kind_now() -> None:
    s = position({0: "b2"})
    refused(s, "shoot b3", IllegalActionError, "GRID-6")
    refused(s, "layout wall c3", IllegalActionError, "GRID-7")
    refused(s, "move none", IllegalActionError, r"GRID-3\.1")


@pytest.mark.parametrize("mutate, match", [
    (lambda d: "{not json", "not valid JSON"),
    (lambda d: json.dumps({**d, "game": "leaders"}), "leaders: unknown option"),
    (lambda d: json.dumps({**d, "options": {**d["options"], "walls": 3}}), "walls=3 is for a random layout"),
    (lambda d: json.dumps({**d, "options": {**d["options"], "fog": 1}}), "unknown option.*fog"),
    (lambda d: json.dumps({**d, "history": d["history"][:40] + ["move q1"] + d["history"][41:]}), r"history\[40\]"),
    (lambda d: json.dumps({**d, "history": d["history"] + ["shoot b2 b3"]}), r"history\[\d+\]"),
    (lambda d: json.dumps({**d, "history": ["@x move a1"]}), r"history\[0\]"),
    (lambda d: json.dumps({**d, "history": 5}), "history"),
])
def test_corrupt_saved_game(mutate, match) -> None:
    """A corrupt save is refused with the field (and history index) that is wrong."""
    import random

    g = boardkit.load_game("gridhunt", layout="small")
    s = g.new_initial_state()
    boardkit.random_playout(s, random.Random(2), max_actions=60)
    doc = json.loads(s.to_json())
    with pytest.raises(BoardkitDataError, match=match):
        boardkit.state_from_json(mutate(doc))


def test_bad_positions() -> None:
    """Positions for study are checked: GRID-5.1 (distinct non-wall cells), GRID-2.8, fields named."""
    with pytest.raises(IllegalPositionError, match="GRID-5.1"):
        position({0: "b2", 1: "b2"})
    with pytest.raises(IllegalPositionError, match="GRID-5.1"):
        position({0: "b2"}, cells={"wall": ["b2"]})
    with pytest.raises(IllegalPositionError, match="GRID-2.8"):
        position({0: "b2"}, cells={"teleport": ["a1"]})
    with pytest.raises(BoardkitDataError, match=r"players\.0\.at.*z99"):
        position({0: "z99"})
    with pytest.raises(BoardkitDataError, match="phase"):
        position({0: "b2"}, phase="lunch")


def test_positions_whose_knowledge_or_turn_is_false_are_refused_unless_for_study() -> None:
    """What is public or known must be true (GRID-3.3, GRID-2.8, GRID-5.2), and the mover is
    among the seats that have acted this round, once each (GRID-6); study=True allows a false
    belief."""
    with pytest.raises(IllegalPositionError, match=r"GRID-3\.3.*public\.walls.*b1"):
        position({0: "a1"}, public={"walls": ["a2", "b1"]})
    with pytest.raises(IllegalPositionError, match=r"GRID-5\.2.*know\.0\.walls"):
        position({0: "a1"}, know={"0": {"walls": ["a2"]}})
    with pytest.raises(IllegalPositionError, match=r"GRID-5\.2.*know\.0\.teleports.*b5"):
        position({0: "a1"}, know={"0": {"teleports": ["b5"]}})
    with pytest.raises(IllegalPositionError, match=r"GRID-2\.8.*public\.teleports"):
        position({0: "a1"}, public={"teleports": ["c3"]})
    with pytest.raises(IllegalPositionError, match=r"GRID-6.*acted.*mover 0"):
        position({0: "a1"}, acted=[3])
    with pytest.raises(IllegalPositionError, match=r"GRID-6.*once"):
        position({0: "a1"}, acted=[0, 0])
    g = boardkit.load_game("gridhunt")
    doc = position({0: "a1"}).to_position()
    doc["public"]["walls"] = ["a2", "b1"]
    s = g.state_from_position(doc, study=True)  # a false belief, for study: it boxes a1 in
    assert [str(a) for a in s.legal_actions()] == ["move none"]


@pytest.mark.parametrize("path,value", [
    (("players", "1", "radius"), -1), (("players", "1", "radius"), 3), (("players", "1", "radius"), 10**30),
    (("know", None, "looks", 0, "radius"), 0), (("know", None, "looks", 0, "round"), 10**30),
    (("know", None, "looks", 0, "round"), -1), (("know", None, "found", 0, 0), -5), (("know", None, "found", 0, 0), 10**30),
])
def test_a_look_radius_or_round_that_cannot_be_is_refused_naming_the_field(path, value) -> None:
    """GRID-2.5, GRID-5.2: a seat's last look has radius 0 (none yet), 1 or 2, a look radius 1 or 2,
    and what a seat found or saw is of a round played so far."""
    import copy
    import random as rnd

    game = boardkit.load_game("gridhunt", layout="small")
    s = game.new_initial_state()
    rng = rnd.Random(1)
    for _ in range(60):
        if s.is_chance_node():
            s.apply_action(boardkit.sample_chance(s, rng))
        else:
            seat = s.current_players()[0]
            s.apply_action(rng.choice(s.legal_actions(seat)), player=seat if s.current_player() < 0 else None)
    p = s.to_position()
    k = next(k for k in p["know"] if p["know"][k].get("looks") and p["know"][k].get("found"))
    q = copy.deepcopy(p)
    d = q
    for x in path[:-1]:
        d = d[k if x is None else x]
    d[path[-1]] = value
    with pytest.raises(boardkit.BoardkitDataError) as info:
        game.state_from_position(q)
    named = ".".join(str(x) for x in path[:2]).replace("None", k)
    assert named in str(info.value) or f"know.{k}" in str(info.value), str(info.value)
