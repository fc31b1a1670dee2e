"""Marabunta bad input: position descriptions, notation, options and data files get a clear
error naming the file, field or value - a boardkit error (never a KeyError or TypeError from
deep inside, never chained to one) - and leave nothing half-changed (MARA-1 .. MARA-9)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml

import boardkit
from boardkit import BoardkitDataError, IllegalActionError, IllegalPositionError, NotationError, OptionError
from boardkit.core.paths import DATA_DIR
from boardkit.games.marabunta.actions import Place, Split, Take

GAME = boardkit.load_game("marabunta")
REGIONS = list(GAME.regions)
DATA_FILE = DATA_DIR / "marabunta" / "default.yaml"
MAP_FILE = DATA_DIR / "boards" / "marabunta.yaml"
DATA = yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))
MAP = yaml.safe_load(MAP_FILE.read_text(encoding="utf-8"))
CUPCAKES = sorted(GAME.board.names[f] for f in GAME.cupcake_fields)
ALL_FACES_2 = {c: "2" for c in REGIONS}


def clean(exc: BaseException) -> None:
    """A boardkit error raised on its own: not chained to a low-level exception."""
    assert exc.__cause__ is None
    assert exc.__context__ is None or exc.__suppress_context__, repr(exc.__context__)


def snapshot(state):
    return (state.to_json(), state.observation(None), [str(a) for a in state.legal_actions()], state.current_player())


# -- position descriptions -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "description, error, words",
    [
        ({"fields": {"z9": "red 1"}}, BoardkitDataError, "fields.z9: 'z9' is not a field of the territory"),
        ({"fields": {"h6": "green 2"}}, BoardkitDataError, "fields.h6: expected 'red N', 'blue N' (N 0 .. 3) or 'x', "
                                                          "got 'green 2'"),
        ({"fields": {"h6": "red 4"}}, BoardkitDataError, "fields.h6: expected 'red N', 'blue N' (N 0 .. 3) or 'x', "
                                                        "got 'red 4'"),
        ({"fields": {"h6": "red"}}, BoardkitDataError, "fields.h6: expected"),
        ({"fields": {"h6": 2}}, BoardkitDataError, "fields.h6: 2 is not of type 'string'"),
        ({"sheets": {"yellow": [9, 2]}}, IllegalPositionError, "sheets.yellow: [9, 2]: a sheet has 10 circles"),
        ({"sheets": {"yellow": [1, 2]}}, IllegalPositionError, "sheets.yellow: [1, 2]: each player has 2 printed circles"),
        ({"sheets": {"yellow": [-1, 2]}}, BoardkitDataError, "sheets.yellow[0]: -1 is less than the minimum of 0"),
        ({"sheets": {"yellow": [2]}}, BoardkitDataError, "sheets.yellow: [2] is too short"),
        ({"sheets": {"pink": [2, 2]}}, BoardkitDataError, "sheets.pink: 'pink' is not a region"),
        ({"players": {"red": {"crates": {"boxes": 1}}}}, BoardkitDataError, "players.red.crates.boxes: not a crate group"),
        ({"players": {"red": {"crates": {"ones": 4}}}}, IllegalPositionError, "players.red.crates.ones: 4: the group has 3"),
        ({"players": {"red": {"crates": {"ones": 1.5}}}}, BoardkitDataError, "players.red.crates.ones: 1.5 is not of type"),
        ({"players": {"blue": {"ant_hills": 3}}}, IllegalPositionError, "players.blue.ant_hills: 3: a player has 2"),
        ({"players": {"blue": {"ant_hills": -1}}}, BoardkitDataError, "players.blue.ant_hills: -1 is less than"),
        ({"players": {"red": {"ants": 1}}}, BoardkitDataError, "players.red: Additional properties are not allowed "
                                                              "('ants' was unexpected)"),
        ({"players": {"green": {}}}, BoardkitDataError, "'green' was unexpected"),
        ({"round": 3}, BoardkitDataError, "tiles_left: needed in round 3: the 5 shuffled tiles"),
        ({"round": 3, "tiles_left": ["one"]}, IllegalPositionError, "tiles_left: in round 3 5 tile(s) are left in the "
                                                                   "stack, not 1"),
        ({"round": 8, "tiles_left": ["one"]}, IllegalPositionError, "tiles_left: in round 8 0 tile(s)"),
        ({"round": 0}, BoardkitDataError, "round: 0 is less than the minimum of 1"),
        ({"round": True}, BoardkitDataError, "round: True is not of type 'integer'"),
        ({"round": 2, "tiles_left": ["one", "one", "zero", "cross2", "again", "crates2"]}, BoardkitDataError,
         "tiles_left: one listed more than once"),
        ({"round": 2, "tiles_left": ["cupcake", "one", "zero", "cross2", "again", "crates2"]}, BoardkitDataError,
         "tiles_left: 'cupcake' is not a shuffled tile"),
        ({"round": 2, "tile": "one", "tiles_left": ["one", "zero", "cross2", "again", "crates2"]},
         IllegalPositionError, "tile: one is revealed and also in tiles_left"),
        ({"round": 8, "tile": "joker"}, BoardkitDataError, "tile: 'joker' is not a tile"),
        ({"round": 8, "tile": "one"}, IllegalPositionError, "tile: in round 8 the tile is the crossed-cupcake tile"),
        ({"round": 2, "tile": "cupcake", "tiles_left": ["one", "zero", "cross2", "again", "crates2"]},
         IllegalPositionError, "tile: in round 2 the tile is a shuffled one"),
        ({"roll": ALL_FACES_2}, BoardkitDataError, "roll: give the round's tile too"),
        ({"round": 8, "tile": "cupcake", "roll": {**ALL_FACES_2, "yellow": 7}}, BoardkitDataError,
         "roll.yellow: 7 is not a face (0, 1, 2, 3, circle, crate)"),
        ({"round": 8, "tile": "cupcake", "roll": {**ALL_FACES_2, "yellow": "flag"}}, BoardkitDataError,
         "roll.yellow: 'flag' is not a face"),
        ({"round": 8, "tile": "cupcake", "roll": {"yellow": 1, "green": 2}}, BoardkitDataError,
         "roll: one face per die colour, the dice rolled in region order (yellow, orange, green, teal, purple, "
         "brown); missing orange"),
        ({"round": 8, "tile": "cupcake", "roll": {**ALL_FACES_2, "pink": 1}}, BoardkitDataError, "unknown pink"),
        ({"fields": {"h9": "red 1"}, "players": {"red": {"cupcakes": 0}}}, IllegalPositionError,
         "players.red.cupcakes: 0, but red's 1 cupcake field(s) cross 1"),
        ({"players": {"red": {"cupcakes": 2}}}, IllegalPositionError, "players.red.cupcakes: 2"),
        ({"players": {"red": {"crates": {"cupcakes": 3}, "cupcakes": 0}}}, IllegalPositionError,
         "and the cupcake power cross 2"),
        ({"fields": {"j6": "red 1"}}, IllegalPositionError, "players.red.crates: 0 crossed, but red wrote in 1 crate field"),
        ({"fields": {f: "x" for f in CUPCAKES}}, IllegalPositionError,
         "the end is already triggered (every cupcake field is filled or crossed)"),
        ({"sheets": {"yellow": [5, 5]}}, IllegalPositionError, "the end is already triggered (the yellow sheet is full)"),
        ({"fields": {f: "x" for f in ["h6", "h7", "i6", "i7", "i8", "j6", "j7", "j8", "j9", "k6", "k7", "k8", "k9", "k10"]}},
         IllegalPositionError, "every field of the yellow region is filled or crossed"),
        ({"splitter": "green"}, BoardkitDataError, "splitter: 'green' is not one of"),
        ({"splitter": 2}, BoardkitDataError, "splitter: 2 is not one of"),
        ({"colour": "red"}, BoardkitDataError, "(top level): Additional properties are not allowed ('colour'"),
        ("just text", BoardkitDataError, "(top level): expected a mapping, got str"),
        ("fields: [unclosed", BoardkitDataError, "position: not valid YAML"),
    ],
)
def test_malformed_position_is_refused_naming_the_field(description, error, words) -> None:
    """Malformed descriptions (BoardkitDataError) and impossible positions
    (IllegalPositionError, naming the clause) name the field and the value."""
    with pytest.raises((BoardkitDataError, IllegalPositionError)) as info:
        GAME.state_from_position(description)
    assert type(info.value) is error, info.value
    assert words in str(info.value), str(info.value)
    assert str(info.value).startswith(("position", "[MARA-"))
    clean(info.value)


@pytest.mark.parametrize(
    "description, clause",
    [
        ({"sheets": {"yellow": [1, 2]}}, "MARA-1.3"),
        ({"sheets": {"yellow": [9, 2]}}, "MARA-1.3"),
        ({"players": {"red": {"crates": {"ones": 4}}}}, "MARA-1.4"),
        ({"players": {"blue": {"ant_hills": 3}}}, "MARA-1.4"),
        ({"round": 3, "tiles_left": ["one"]}, "MARA-3.5"),
        ({"round": 8, "tile": "one"}, "MARA-3.5"),
        ({"round": 2, "tile": "one", "tiles_left": ["one", "zero", "cross2", "again", "crates2"]}, "MARA-2.1"),
        ({"players": {"red": {"cupcakes": 2}}}, "MARA-6.1"),
        ({"fields": {"j6": "red 1"}}, "MARA-6.1"),
        ({"sheets": {"yellow": [5, 5]}}, "MARA-8.1"),
    ],
)
def test_impossible_position_names_its_clause(description, clause) -> None:
    with pytest.raises(IllegalPositionError) as info:
        GAME.state_from_position(description)
    assert info.value.clause == clause and str(info.value).startswith(f"[{clause}] position")


def test_position_text_is_case_insensitive_where_the_notation_is() -> None:
    """Field names and owner words are read case-insensitively, like the notation."""
    s = GAME.state_from_position("fields: {H6: RED 1}\nround: 8\ntile: cupcake\n")
    assert s.observation(None)["fields"] == {"h6": "red 1"}


# -- notation ---------------------------------------------------------------------------------------
@pytest.fixture
def at_pool():
    s = GAME.state_from_position({"round": 8, "tile": "cupcake", "roll": ALL_FACES_2})
    s.apply_action("split yellow")
    s.apply_action("take yellow")
    return s


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty action text"),
        ("   ", "empty action text"),
        ("fly away", "unknown action 'fly'; actions: first, reveal, roll, split, take, skip, COLOUR (yellow, orange"),
        ("yellow", "an int is missing; expected 'COLOUR INT CELL [ant]'"),
        ("yellow 4 h6", "'4' is not a number of a die, tile or power (0 .. 3); expected 'COLOUR NUMBER FIELD [ant]'"),
        ("12 h6", "'12' is not a number"),
        ("yellow -1 h6", "'-1' is not a number of a die, tile or power"),
        ("yellow 2 z99", "'z99' is not a cell of the board; expected 'COLOUR INT CELL [ant]'"),
        ("yellow 2", "a cell is missing; expected 'COLOUR INT CELL [ant]'"),
        ("yellow 2 h6 h7", "'h7' is not expected here; expected 'COLOUR INT CELL [ant]'"),
        ("yellow 2 h6 ants", "'ants' is not expected here; expected 'COLOUR INT CELL [ant]'"),
        ("pink 2 h6", "unknown action 'pink'; actions: first, reveal, roll, split, take, skip, COLOUR (yellow, orange"),
        ("roll yellow 7", "'7' is not a face; faces: 0, 1, 2, 3, circle, crate; expected 'roll DIE FACE'"),
        ("roll pink 2", "'pink' is not a die"),
        ("roll yellow", "a face is missing; expected 'roll DIE FACE'"),
        ("first 2", "'2' is not a seat (0 .. 1); expected 'first PLAYER'"),
        ("reveal joker", "'joker' is not a tile; tiles: crates2"),
        ("split", "an element is missing; expected 'split ELEMENT...'"),
        ("split pink", "'pink' is not an element"),
        ("split yellow yellow", "an element is named twice"),
        ("take tile tile", "an element is named twice"),
        ("skip", "an element is missing; expected 'skip ELEMENT'"),
        ("skip yellow orange", "'orange' is not expected here; expected 'skip ELEMENT'"),
        ("crate boxes", "'boxes' is not a group; groups: onetwo"),
        ("circle pink", "'pink' is not a colour"),
        ("cross z1", "'z1' is not a cell of the board; expected 'cross CELL'"),
        ("tile again", "a colour is missing; expected 'tile INT CELL [ant]' or 'tile again COLOUR INT CELL [ant]'"),
        ("tile again pink 2 h6", "'pink' is not a colour"),
        ("tile circle", "a colour is missing; expected "),
    ],
)
def test_bad_notation_raises_notation_error_and_changes_nothing(at_pool, text, words) -> None:
    before = snapshot(at_pool)
    with pytest.raises(NotationError) as info:
        at_pool.apply_action(text)
    assert words in str(info.value), str(info.value)
    clean(info.value)
    with pytest.raises(NotationError):
        at_pool.why_illegal(text)
    assert snapshot(at_pool) == before


@pytest.mark.parametrize("value", [None, 42, ["yellow", "2", "h6"], b"yellow 2 h6"])
def test_non_text_actions_are_refused(at_pool, value) -> None:
    before = snapshot(at_pool)
    with pytest.raises(NotationError, match="an action is an Action or its notation text"):
        at_pool.apply_action(value)
    assert snapshot(at_pool) == before


def test_hand_built_actions_are_put_in_the_game_form(at_pool) -> None:
    """A hand-built Place naming a field off the board is a NotationError; upper case is the
    same field; an illegal one is an IllegalActionError with its clause."""
    before = snapshot(at_pool)
    with pytest.raises(NotationError, match="'z99' is not a cell of the board"):
        at_pool.apply_action(Place("yellow", "write", 2, "z99"))
    with pytest.raises(NotationError):
        at_pool.apply_action(Place("yellow", "fly"))
    with pytest.raises(IllegalActionError) as info:
        at_pool.apply_action(Place("yellow", "write", 2, "h8"))
    assert info.value.clause == "MARA-4.3"
    with pytest.raises(IllegalActionError) as info:
        at_pool.apply_action(Split(("yellow", "tile")))
    assert info.value.clause == "MARA-3.3"
    with pytest.raises(IllegalActionError) as info:
        at_pool.apply_action(Take(("yellow",)))
    assert info.value.clause == "MARA-3.3"
    assert snapshot(at_pool) == before
    at_pool.apply_action(Place("yellow", "write", 2, "H6", ant=True))  # a first number needs an ant hill (MARA-4.5)
    assert at_pool.observation(None)["fields"] == {"h6": "blue 2"}
    assert [str(a) for a in at_pool.history()][-1] == "yellow 2 h6 ant"


@pytest.mark.parametrize("pool", [None, "yellow tile", ["yellow", "tile"], ("yellow", 2), 5])
def test_MARA_3_2_MARA_3_3_a_hand_built_split_or_take_names_pool(pool) -> None:
    """MARA-3.2, MARA-3.3: Split(pool=None) failed with 'can only join an iterable' and
    Split(pool="yellow tile") became 'split y e l l o w   t i l e'; a Split or Take built by
    hand with a pool that is no tuple of element names is a ValueError naming pool and what it
    must be. A tuple is kept as given."""
    for cls in (Split, Take):
        with pytest.raises(ValueError) as info:
            cls(pool)
        assert "pool is a tuple of element names" in str(info.value) and cls.__name__ in str(info.value)
        clean(info.value)
    assert str(Split(("yellow", "green", "tile"))) == "split yellow green tile" and str(Take(("teal",))) == "take teal"


@pytest.mark.parametrize(
    "text, clause",
    [
        ("roll yellow 2", "MARA-3.1"),
        ("first 0", "MARA-3.1"),
        ("reveal one", "MARA-3.1"),
        ("split yellow tile", "MARA-3.3"),
        ("take yellow", "MARA-3.3"),
        ("orange 2 h8", "MARA-3.3"),
        ("skip tile", "MARA-3.3"),
        ("2 h6", "MARA-3.3"),
        ("yellow 2 h8", "MARA-4.3"),
        ("yellow circle", "MARA-4.3"),
    ],
)
def test_illegal_actions_name_a_clause_and_change_nothing(at_pool, text, clause) -> None:
    before = snapshot(at_pool)
    with pytest.raises(IllegalActionError) as info:
        at_pool.apply_action(text)
    assert info.value.clause == clause, info.value
    assert info.value.reason and str(info.value).startswith(f"[{clause}] ")
    clean(info.value)
    assert snapshot(at_pool) == before


# -- options ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options, words",
    [
        ({"first_player": 2}, "option first_player=2 is not allowed; use one of 0, 1 or None (MARA-2.1)"),
        ({"first_player": True}, "first_player=True is not allowed"),
        ({"first_player": "0"}, "first_player='0' is not allowed"),
        ({"first_number": "x"}, "option first_number='x' is not allowed; use one of 'free', 'ant_hill' (MARA-4.5)"),
        ({"first_number": None}, "first_number=None is not allowed"),
        ({"decline": "yes"}, "option decline='yes' is not allowed; use a value of type bool (MARA-4.6)"),
        ({"decline": 1}, "decline=1 is not allowed"),
        ({"data": 42}, "option data=42 is not allowed; use a value of type str (MARA-9)"),
        ({"colour": "red"}, "unknown option(s) colour; valid options: first_player"),
    ],
)
def test_bad_options_raise_option_error(options, words) -> None:
    with pytest.raises(OptionError) as info:
        boardkit.load_game("marabunta", **options)
    assert words in str(info.value), str(info.value)
    clean(info.value)


def test_good_options_are_taken() -> None:
    g = boardkit.load_game("marabunta", first_player=1, first_number="ant_hill", decline=True, data="default",
                           above_25="cap")
    assert dict(g.options) == {"first_player": 1, "first_number": "ant_hill", "optional_tile": False, "decline": True,
                               "above_25": "cap", "data": "default"}
    assert g.new_initial_state().observation(None)["splitter"] == 1


# -- data files ---------------------------------------------------------------------------------------------
class _WrittenOut(yaml.SafeDumper):
    """Writes a list shared by two entries twice (boardkit refuses YAML anchors and aliases)."""

    def ignore_aliases(self, data) -> bool:
        return True


def write_copies(tmp_path: Path, data=None, board=None, raw_data: str | None = None, raw_board: str | None = None,
                 map_entry: str = "marabunta-map.yaml") -> str:
    """Copies of the data file and its map in ``tmp_path`` (the data file names the map by a
    path relative to itself), changed by ``data(doc)`` / ``board(doc)`` or replaced by raw
    text; returns the data file's path."""
    d, b = copy.deepcopy(DATA), copy.deepcopy(MAP)
    d["map"] = map_entry
    if data is not None:
        data(d)
    if board is not None:
        board(b)
    (tmp_path / "marabunta-data.yaml").write_text(raw_data if raw_data is not None else yaml.dump(d, Dumper=_WrittenOut, sort_keys=False),
                                                  encoding="utf-8")
    (tmp_path / "marabunta-map.yaml").write_text(raw_board if raw_board is not None else yaml.dump(b, Dumper=_WrittenOut, sort_keys=False),
                                                 encoding="utf-8")
    return str(tmp_path / "marabunta-data.yaml")


def test_copies_of_the_data_files_load_and_play_the_same(tmp_path: Path) -> None:
    """MARA-9: a copy loads; ``map:`` is a path relative to the data file (or a name in
    data/boards); a pathlib.Path is taken as the option value."""
    path = write_copies(tmp_path)
    g = boardkit.load_game("marabunta", data=path)
    assert Path(g.board.source) == tmp_path / "marabunta-map.yaml"
    assert g.territory() == GAME.territory()
    assert g.new_initial_state().observation(None) == GAME.new_initial_state().observation(None)
    named = boardkit.load_game("marabunta", data=write_copies(tmp_path, map_entry="marabunta"))
    assert Path(named.board.source) == MAP_FILE
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "map.yaml").write_text(MAP_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    rel = boardkit.load_game("marabunta", data=write_copies(tmp_path, map_entry="sub/map.yaml"))
    assert Path(rel.board.source) == sub / "map.yaml"
    as_path = boardkit.load_game("marabunta", data=Path(path))
    assert as_path.options["data"] == path


def _swap_corner(b: dict) -> None:
    """Swap yellow's corner k6 for orange's far corner g11: yellow is cut in two."""
    y, o = b["sets"]["yellow"], b["sets"]["orange"]
    i, j = y.index([5, 0]), o.index([1, -5])
    y[i], o[j] = o[j], y[i]


def _overlap(b: dict) -> None:
    b["sets"]["orange"][-1] = b["sets"]["yellow"][0]


def _drop_points(d: dict) -> None:
    del d["crate_groups"][3]["points"]


@pytest.mark.parametrize(
    "change, where, words",
    [
        (dict(board=_swap_corner), "map", "sets.yellow: the region is not connected (parts: g11; "),
        (dict(board=lambda b: b["sets"]["yellow"].pop()), "map",
         "sets.yellow: 13 fields, but the data file declares fields_per_region: 14"),
        (dict(board=_overlap), "map", "sets.orange: field h6 is also in region yellow"),
        (dict(board=lambda b: b["sets"]["cupcake"].pop()), "map",
         "sets.cupcake: 11 cupcake fields, but the data file declares cupcake_fields: 12"),
        (dict(data=lambda d: d.update(cupcake_fields=11)), "map",
         "sets.cupcake: 12 cupcake fields, but the data file declares cupcake_fields: 11"),
        (dict(data=lambda d: d.update(crate_fields=13)), "map", "crate_fields: 13"),
        (dict(board=lambda b: b["cells"].append([6, 0])), "map", "fields l6 belong to no region"),
        (dict(board=lambda b: b["sets"].update(extra=[[2, 0]])), "map", "sets: unknown set(s) extra"),
        (dict(board=lambda b: b["sets"]["crate"].__setitem__(0, [3, -1])), "map",
         "fields i7 are both cupcake and crate fields"),
        (dict(data=lambda d: d.update(regions=["yellow", "orange", "green", "teal", "purple", "pink"])), "map",
         "sets: no set 'pink' for region pink"),
        (dict(data=_drop_points), "data", "crate_groups[3]: 'points' is given with, and only with, the points power"),
        (dict(data=lambda d: d["crate_groups"][1].update(points=2)), "data", "crate_groups[1]: 'points'"),
        (dict(data=lambda d: d["crate_groups"][3].update(power="teleport")), "data",
         "crate_groups[3].power: 'teleport' is not one of"),
        (dict(data=lambda d: d["crate_groups"].append({"name": "ones", "crates": 2, "power": "ones3"})), "data",
         "crate_groups: a group name is used twice"),
        (dict(data=lambda d: d.pop("tiles")), "data", "(top level): 'tiles' is a required property"),
        (dict(data=lambda d: d.update(tiles=["one", "one"])), "data", "tiles: ['one', 'one'] has non-unique elements"),
        (dict(data=lambda d: d.update(last_tile="one")), "data", "last_tile: 'cupcake' was expected"),
        (dict(data=lambda d: d.update(sheet={"circles": 3, "printed": 2})), "data",
         "sheet: 2 printed circles per player leave no empty circle on a sheet of 3"),
        (dict(data=lambda d: d.update(sheet={"circles": 10, "printed": 5})), "data",
         "sheet: 5 printed circles per player leave no empty circle"),
        (dict(data=lambda d: d.update(sheet={"circles": 10 ** 9, "printed": 2})), "data",
         "sheet.circles: 1000000000 is greater than the maximum of 100"),
        (dict(data=lambda d: d.update(ant_hills=10 ** 20)), "data", "ant_hills: 100000000000000000000 is greater"),
        (dict(data=lambda d: d["crate_groups"][0].update(crates=10 ** 8)), "data",
         "crate_groups[0].crates: 100000000 is greater than the maximum of 20"),
        (dict(data=lambda d: d["crate_groups"][1].update(power="write12")), "data",
         "crate_groups: the power(s) write12 are given to two groups"),
        (dict(data=lambda d: d["regions"].__setitem__(0, "tile")), "data",
         "regions: 'tile' is a word of the notation"),
        (dict(data=lambda d: d.update(fields_per_region="14")), "data", "fields_per_region: '14' is not of type 'integer'"),
        (dict(raw_data="name: [unclosed\n"), "data", "not valid YAML"),
        (dict(raw_data="- just\n- a list\n"), "data", "(top level)"),
        (dict(raw_board="cells: [unclosed\n"), "map", "not valid YAML"),
        (dict(map_entry="nowhere.yaml"), "data", "nowhere.yaml: cannot read board file"),
        (dict(map_entry="nowhere"), "data", "map: board 'nowhere': no such board"),
    ],
)
def test_broken_data_files_name_the_file_and_the_entry(tmp_path: Path, change, where, words) -> None:
    """MARA-9: a broken copy of the data file or of its map is refused with BoardkitDataError
    naming the data file (and the map file for map problems) and the entry."""
    path = write_copies(tmp_path, **change)
    with pytest.raises(BoardkitDataError) as info:
        boardkit.load_game("marabunta", data=path)
    msg = str(info.value)
    assert msg.startswith(path), msg
    if where == "map" and "raw_board" not in change:
        assert str(tmp_path / "marabunta-map.yaml") in msg, msg
    assert words in msg, msg
    clean(info.value)
    assert boardkit.load_game("marabunta") == GAME  # nothing half-loaded stays behind
    assert boardkit.load_game("marabunta").territory() == GAME.territory()


@pytest.mark.parametrize(
    "value, words",
    [
        ("/nonexistent/marabunta.yaml", "/nonexistent/marabunta.yaml: cannot read data file: No such file or directory"),
        ("nosuchname", "data 'nosuchname': no such data"),
    ],
)
def test_missing_data_file_is_named(value, words) -> None:
    with pytest.raises(BoardkitDataError) as info:
        boardkit.load_game("marabunta", data=value)
    assert words in str(info.value)
    clean(info.value)


# -- saved states -------------------------------------------------------------------------------------------
def test_broken_saved_state_names_the_entry(at_pool) -> None:
    """A saved state whose history, position or options are broken names the entry."""
    text = at_pool.to_json()
    doc = json.loads(text)
    doc["history"] = doc["history"] + ["yellow 2 z99"]
    with pytest.raises(BoardkitDataError, match=r"history\[2\] 'yellow 2 z99': .*'z99' is not a cell of the board"):
        GAME.state_from_json(json.dumps(doc))
    doc["history"] = doc["history"][:2] + ["yellow 2 h8"]
    with pytest.raises(BoardkitDataError, match=r"history\[2\] 'yellow 2 h8': \[MARA-4.3\]"):
        GAME.state_from_json(json.dumps(doc))
    doc["position"] = {"round": 8, "tile": "cupcake", "roll": {"yellow": 9}}
    with pytest.raises(BoardkitDataError, match="position: "):
        GAME.state_from_json(json.dumps(doc))
    with pytest.raises(BoardkitDataError, match="not valid JSON"):
        GAME.state_from_json("{not json")
    other = boardkit.load_game("marabunta", decline=True)
    with pytest.raises(BoardkitDataError, match="options: saved with"):
        other.state_from_json(text)


def test_MARA_9_saved_state_with_a_relative_data_path_loads_from_another_folder(tmp_path, monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    game = boardkit.load_game("marabunta", data="data/marabunta/default.yaml")
    assert Path(game.options["data"]).is_absolute()
    text = game.new_initial_state().to_json()
    monkeypatch.chdir(tmp_path)
    assert boardkit.state_from_json(text, source="saved.json").game == game
