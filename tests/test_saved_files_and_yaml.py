"""Saved games reload anywhere and as they were; files and YAML from users are read safely.

Each test names the item of issue 13 it guards.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import time
from pathlib import Path

import pytest
import yaml

import boardkit
from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError

LEADERS_BOARD = DATA_DIR / "boards" / "leaders.yaml"
BR_DATA = DATA_DIR / "battle_royale" / "default.yaml"


def played(game, n: int = 15):
    return boardkit.random_playout(game.new_initial_state(), random.Random(7), n)


def bomb(levels: int) -> str:
    """A YAML alias bomb: each level lists the one before ten times (10**levels strings)."""
    lines = ['a0: &a0 ["lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


# -- item 3: relative data/board paths ----------------------------------------------------------------------
@pytest.mark.parametrize("game_id, option, source", [("leaders", "board", LEADERS_BOARD),
                                                     ("battle_royale", "data", BR_DATA)])
def test_a_save_made_with_a_relative_path_reloads_from_another_folder(tmp_path, monkeypatch, game_id, option,
                                                                      source) -> None:
    """Issue 13 item 3: a game made with a relative ``board=`` / ``data=`` path saves the path
    made absolute (with the file's SHA-256), so the save loads from any folder; two games
    made from one file compare equal whichever way the path was written."""
    (tmp_path / "mine").mkdir()
    shutil.copy(source, tmp_path / "mine" / "file.yaml")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path)
    game = boardkit.load_game(game_id, **{option: "mine/file.yaml"})
    assert game.options[option] == str((tmp_path / "mine" / "file.yaml").resolve())
    assert game == boardkit.load_game(game_id, **{option: tmp_path / "mine" / "file.yaml"})
    state = played(game)
    text = state.to_json()
    assert json.loads(text)["files"] == game.data_files and len(game.data_files) == 1
    monkeypatch.chdir(tmp_path / "elsewhere")
    again = boardkit.state_from_json(text)
    assert again.to_json() == text and again.history() == state.history()
    assert game.state_from_json(text).history() == state.history()


@pytest.mark.parametrize("game_id, option, source", [("leaders", "board", LEADERS_BOARD),
                                                     ("battle_royale", "data", BR_DATA)])
def test_a_changed_or_missing_data_file_is_told_on_load(tmp_path, game_id, option, source) -> None:
    """Issue 13 item 3: a data file changed since the save (another hash) or gone is refused
    with a BoardkitDataError naming the file and saying it changed or is missing; packaged
    data names stay names and are not hashed."""
    path = tmp_path / "file.yaml"
    shutil.copy(source, path)
    text = played(boardkit.load_game(game_id, **{option: str(path)})).to_json()
    path.write_text(source.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    for load in (boardkit.state_from_json, boardkit.load_game(game_id, **{option: str(path)}).state_from_json):
        with pytest.raises(BoardkitDataError, match="changed since the save") as info:
            load(text)
        assert str(path) in str(info.value)
    path.unlink()
    with pytest.raises(BoardkitDataError, match="is missing") as info:
        boardkit.state_from_json(text)
    assert str(path) in str(info.value)
    packaged = boardkit.load_game(game_id)
    assert packaged.options[option] in ("leaders", "default") and packaged.data_files == {}
    assert "files" not in json.loads(played(packaged).to_json())


@pytest.mark.parametrize("game_id, option, source", [
    ("leaders", "board", LEADERS_BOARD), ("battle_royale", "data", BR_DATA),
    ("marabunta", "data", DATA_DIR / "marabunta" / "default.yaml"),
    ("armageddon", "data", DATA_DIR / "armageddon" / "default.yaml"),
    ("gridhunt", "layout", DATA_DIR / "gridhunt" / "arena12.yaml")])
def test_a_save_of_a_game_with_its_own_data_file_must_record_the_file(tmp_path, game_id, option, source) -> None:
    """A save whose ``files`` record was deleted or emptied used to load with whatever the
    data file then held. A game that read a data file of its own
    (not packaged) is replayed only from a save that records that file (and its SHA-256);
    the refusal names the file."""
    path = tmp_path / "mine.yaml"
    shutil.copy(source, path)
    game = boardkit.load_game(game_id, **{option: str(path)})
    doc = json.loads(played(game).to_json())
    assert doc["files"] == game.data_files and str(path) in doc["files"]
    stripped = [{k: v for k, v in doc.items() if k != "files"}, {**doc, "files": {}}]
    for bad in stripped:
        for load in (boardkit.state_from_json, game.state_from_json):
            with pytest.raises(BoardkitDataError, match=r"files: .*mine\.yaml is not recorded"):
                load(json.dumps(bad))
    assert boardkit.state_from_json(json.dumps(doc)).history() == played(game).history()


# -- item 4: options added after a save -----------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["leaders", "battle_royale", "marabunta"])
def test_a_save_without_an_option_loads_with_its_default(game_id) -> None:
    """Issue 13 item 4: a save written before an option existed (the option missing from
    ``options``) loads with that option's default, through ``boardkit.state_from_json`` and
    ``game.state_from_json``; an option the game does not have is refused, naming it."""
    game = boardkit.load_game(game_id)
    state = played(game)
    doc = json.loads(state.to_json())
    dropped = sorted(doc["options"])[0]
    del doc["options"][dropped]
    old = json.dumps(doc)
    assert boardkit.state_from_json(old).history() == state.history()
    assert game.state_from_json(old).history() == state.history()
    doc["options"]["no_such_option"] = 1
    for load in (boardkit.state_from_json, game.state_from_json):
        with pytest.raises(BoardkitDataError, match="no_such_option"):
            load(json.dumps(doc))


def test_other_options_are_told_with_the_function_that_loads_them() -> None:
    """Issue 13 item 4: ``game.state_from_json`` on a save with other option values names the
    values that differ and points to ``boardkit.state_from_json(text)``, which loads it."""
    text = played(boardkit.load_game("leaders", expert=True)).to_json()
    with pytest.raises(BoardkitDataError) as info:
        boardkit.load_game("leaders").state_from_json(text)
    msg = str(info.value)
    assert "'expert': True" in msg and "'max_turns'" not in msg and "boardkit.state_from_json(text) loads" in msg
    assert boardkit.state_from_json(text).game == boardkit.load_game("leaders", expert=True)


# -- item 5: files named by users -----------------------------------------------------------------------------
SECRET = "s3cr3t-" * 40


@pytest.mark.parametrize("game_id, option", [("leaders", "board"), ("battle_royale", "data"), ("marabunta", "data")])
def test_a_file_named_in_a_save_never_comes_back_in_the_message(tmp_path, game_id, option) -> None:
    """Issue 13 item 5: a saved state whose data option names a file that is no data file
    (``/etc/passwd``, a file of secrets) is refused naming the file, and the message quotes
    at most a short piece of it."""
    secret = tmp_path / "secret.yaml"
    secret.write_text(SECRET + "\n" + SECRET + "\n", encoding="utf-8")
    named = [str(secret)] + (["/etc/passwd"] if Path("/etc/passwd").is_file() else [])
    for path in named:
        doc = {"game": game_id, "options": {option: path}, "history": []}
        with pytest.raises(BoardkitDataError) as info:
            boardkit.state_from_json(json.dumps(doc))
        msg = str(info.value)
        assert path in msg and len(msg) < 600, msg
        assert "s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t" not in msg and "root:x:0" not in msg


@pytest.mark.parametrize("game_id, option", [("leaders", "board"), ("battle_royale", "data"), ("marabunta", "data")])
def test_devices_directories_fifos_and_oversize_files_are_refused(tmp_path, game_id, option) -> None:
    """Issue 13 item 5: a device (``/dev/zero`` would never end), a directory, a FIFO or a file
    over 1 MiB given as a data file is refused at once with a BoardkitDataError naming the
    file (and the limit for a large one)."""
    big = tmp_path / "big.yaml"
    big.write_text("# padding\n" * 110_000, encoding="utf-8")
    with pytest.raises(BoardkitDataError, match="more than the 1048576") as info:
        boardkit.load_game(game_id, **{option: str(big)})
    assert str(big) in str(info.value)
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    (tmp_path / "folder.yaml").mkdir()
    for path, kind in (("/dev/zero", "a device"), (str(fifo), "a FIFO"), (str(tmp_path / "folder.yaml"), "a directory")):
        if not Path(path).exists():
            continue
        start = time.monotonic()
        with pytest.raises(BoardkitDataError, match=f"it is {kind}, not a regular file") as info:
            boardkit.load_game(game_id, **{option: path})
        assert path in str(info.value) and time.monotonic() - start < 5


@pytest.mark.parametrize("game_id, field", [("leaders", "market"), ("battle_royale", "tiles"), ("marabunta", "fields")])
def test_a_long_value_in_a_position_is_shortened_in_the_message(game_id, field) -> None:
    """Issue 13 item 5: a position whose field holds a long value is refused naming the field,
    with the value shortened (an ellipsis), not quoted whole."""
    with pytest.raises(BoardkitDataError) as info:
        game = boardkit.load_game(game_id)
        game.state_from_position({**played(game).to_position(), field: 7 * ["x" * 5000]})
    msg = str(info.value)
    assert field in msg and "…" in msg and len(msg) < 600, msg[:1000]


def test_a_saved_state_too_long_or_with_a_member_twice_is_refused() -> None:
    """Issue 13 item 5: a saved state over the size limit is refused naming the limit, and a
    JSON member given twice (JSON keeps the last silently) is refused naming it."""
    with pytest.raises(BoardkitDataError, match="more than the 8388608"):
        boardkit.state_from_json(" " * (9 << 20))
    text = '{"game": "leaders", "options": {}, "history": [], "history": ["first 0"]}'
    with pytest.raises(BoardkitDataError, match="'history' is given twice"):
        boardkit.state_from_json(text)


# -- item 6: YAML anchors and aliases -----------------------------------------------------------------------
@pytest.mark.parametrize("game_id, option", [("leaders", "board"), ("battle_royale", "data"), ("marabunta", "data")])
def test_yaml_alias_bombs_are_refused_with_a_short_message(tmp_path, game_id, option) -> None:
    """Issue 13 item 6: YAML anchors and aliases (an alias bomb) in position text and in data
    or board files are refused at once with a short message naming the line."""
    text = bomb(5)
    start = time.monotonic()
    with pytest.raises(BoardkitDataError, match="line 1, column 5: anchors and aliases") as info:
        boardkit.load_game(game_id).state_from_position(text)
    assert len(str(info.value)) < 300
    path = tmp_path / "bomb.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BoardkitDataError, match="anchors and aliases") as info:
        boardkit.load_game(game_id, **{option: str(path)})
    assert str(path) in str(info.value) and len(str(info.value)) < 300 + len(str(path))
    assert time.monotonic() - start < 5


def test_a_single_alias_is_refused_too() -> None:
    """Issue 13 item 6: an alias is refused even where it would expand to little."""
    text = "market: &m [Bruiser]\nacted: *m\n"
    with pytest.raises(BoardkitDataError, match="anchors and aliases"):
        boardkit.load_game("leaders").state_from_position(text)


# -- item 7: keys given twice ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["leaders", "battle_royale", "marabunta"])
def test_a_key_given_twice_in_position_text_is_refused(game_id) -> None:
    """Issue 13 item 7: a key given twice in one mapping of position text (YAML would keep
    the last silently) is refused naming the key and both lines."""
    state = played(boardkit.load_game(game_id))
    lines = yaml.safe_dump(state.to_position(), sort_keys=False).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("turn:") or line.startswith("round:"))
    lines.append(lines[at])
    with pytest.raises(BoardkitDataError) as info:
        boardkit.load_game(game_id).state_from_position("\n".join(lines) + "\n")
    key = lines[at].split(":")[0]
    assert f"key '{key}' is given twice (lines {at + 1} and {len(lines)})" in str(info.value), str(info.value)


def test_a_cell_given_twice_in_a_position_is_refused() -> None:
    """Issue 13 item 7: ``b4: red 3`` then ``b4: blue 2`` under ``tiles`` is refused, not read
    as ``blue 2``."""
    game = boardkit.load_game("battle_royale")
    text = "\n".join(f"{k}: {json.dumps(v)}" for k, v in game.new_initial_state().to_position().items()
                     if k != "tiles")
    with pytest.raises(BoardkitDataError, match=r"key 'b4' is given twice \(lines 2 and 3\)"):
        game.state_from_position("tiles:\n  b4: red 3\n  b4: blue 2\n" + text + "\n")


def test_a_key_given_twice_in_a_data_file_is_refused(tmp_path) -> None:
    """Issue 13 item 7: a data or board file with a key given twice is refused naming the file,
    the key and both lines."""
    text = BR_DATA.read_text(encoding="utf-8")
    path = tmp_path / "data.yaml"
    path.write_text(text + "hand_size: 2\n", encoding="utf-8")
    first = 1 + next(i for i, line in enumerate(text.splitlines()) if line.startswith("hand_size:"))
    with pytest.raises(BoardkitDataError) as info:
        boardkit.load_game("battle_royale", data=str(path))
    assert f"key 'hand_size' is given twice (lines {first} and {len(text.splitlines()) + 1})" in str(info.value)
    assert str(path) in str(info.value)


@pytest.mark.parametrize("game_id, field", [("leaders", "pieces"), ("battle_royale", "hands")])
def test_a_seat_given_as_0_and_as_text_0_is_refused(game_id, field) -> None:
    """Issue 13 item 7: a position given as a mapping with both ``0`` and ``"0"`` as keys
    under one field (both mean seat 0) is refused naming the field and the key."""
    game = boardkit.load_game(game_id)
    position = played(game).to_position()
    seats = dict(position[field])
    position[field] = {0: seats["0"], **seats}
    with pytest.raises(BoardkitDataError, match=f"{field}: key '0' is given twice"):
        game.state_from_position(position)


def test_a_yes_or_no_key_is_told_as_yaml_reads_it() -> None:
    """``pieces: {yes: King d1, 1: Queen d7}``: YAML reads ``yes`` as true, which is the key 1;
    it was refused as "key 1 is given twice (lines 1 and 1)". The message names both keys as
    written and says how YAML read the first; a yes/no key alone (``off:``) is told too, not as
    an unexpected 'False'."""
    game = boardkit.load_game("leaders")
    with pytest.raises(BoardkitDataError, match=r"keys 'yes' and '1' are one key here \(lines 1 and 1\): YAML reads "
                                                r"'yes' as true, which is the key 1 \(yes, no, on, off"):
        game.state_from_position("pieces: {yes: King d1, 1: Queen d7}\nmarket: [Archer, Vizier, Rider]\n")
    with pytest.raises(BoardkitDataError, match=r"keys '1' and '1\.0' are one key here"):
        game.state_from_position("pieces: {0: King d1, 1: Queen d7, 1.0: Rider d5}\n")
    with pytest.raises(BoardkitDataError, match=r"^position: pieces: key false is a yes/no value, not a key"):
        game.state_from_position("pieces: {off: King d1, 1: Queen d7}\nmarket: [Archer, Vizier, Rider]\n")
    with pytest.raises(BoardkitDataError, match=r"key 'turn' is given twice \(lines 1 and 2\)"):
        game.state_from_position("turn: 1\nturn: 2\n")  # the same key twice: said as before


@pytest.mark.parametrize("game_id", boardkit.list_games())
def test_a_position_file_is_refused_saying_to_give_its_text(tmp_path, game_id) -> None:
    """state_from_position reads YAML text or a mapping, as its docstring and the README say;
    a file is not read. A path (text naming a file, or a pathlib.Path) was refused as
    "expected a mapping, got str" and an open file with a raw "cannot pickle" TypeError: each
    is refused naming the file and saying to give its text; the text itself reads."""
    game = boardkit.load_game(game_id)
    state = played(game)
    path = tmp_path / "pos.yaml"
    path.write_text(yaml.safe_dump(state.to_position(), sort_keys=False), encoding="utf-8")
    for given in (str(path), path, "pos.yml"):
        with pytest.raises(BoardkitDataError, match=rf"^position: \(top level\): expected a mapping, got "
                                                    rf"{type(given).__name__}: '{given}' is a file name; a description "
                                                    rf"is YAML text or a mapping, not a file: give the file's text"):
            game.state_from_position(given)
    with open(path, encoding="utf-8") as f:
        with pytest.raises(BoardkitDataError, match=r"got TextIOWrapper: a description is YAML text or a mapping, not "
                                                    r"an open file: give its text \(f\.read\(\)\)"):
            game.state_from_position(f)
    with pytest.raises(BoardkitDataError, match=r"^position: the description holds a value that is not plain data"):
        game.state_from_position({**state.to_position(), "extra": open(path, encoding="utf-8")})
    assert game.state_from_position(path.read_text(encoding="utf-8")).to_position() == state.to_position()
    with pytest.raises(BoardkitDataError, match=r"^position: \(top level\): expected a mapping, got str$"):
        game.state_from_position("just text")


@pytest.mark.parametrize("game_id", boardkit.list_games())
def test_bytes_and_an_empty_text_are_refused_saying_what_to_give(game_id) -> None:
    """Bytes were refused as "expected a mapping, got bytes" and an empty text (or only
    comments) as "expected a mapping, got NoneType", saying nothing of what to give: bytes
    are told to be decoded, an empty text is said to be empty."""
    game = boardkit.load_game(game_id)
    text = yaml.safe_dump(played(game).to_position(), sort_keys=False)
    for given in (text.encode(), bytearray(text.encode())):
        with pytest.raises(BoardkitDataError, match=rf"^position: \(top level\): expected a mapping, got "
                                                    rf"{type(given).__name__}: a description is YAML text or a mapping, "
                                                    rf"not bytes: give the text \(data\.decode\(\)\)$"):
            game.state_from_position(given)
    for given in ("", "  \n", "# only a comment\n"):
        with pytest.raises(BoardkitDataError, match=r"^position: \(top level\): the text is empty \(or only comments\): "
                                                    r"a description is YAML text of a mapping"):
            game.state_from_position(given)
    assert game.state_from_position(text).to_position() == played(game).to_position()


def test_a_yes_no_value_where_none_is_wanted_says_how_yaml_reads_it() -> None:
    """``first_player: on`` was refused as "True is not of type 'integer', 'null'": the
    message now says, as it does for keys, that YAML reads on/off/yes/no as true or false."""
    leaders = boardkit.load_game("leaders")
    market = "market: [Illusionist, Manipulator, Brewmaster]\n"
    for word in ("on", "yes", "off"):
        with pytest.raises(BoardkitDataError, match=r"^position: first_player: (True|False) is not of type 'integer', "
                                                    r"'null' \(YAML reads yes, no, on, off, true and false as true or "
                                                    r"false: write the value meant\)$"):
            leaders.state_from_position(f"pieces:\n  0: King d1\n  1: Queen d7\n{market}first_player: {word}\n")
    with pytest.raises(BoardkitDataError, match=r"^position: round: True is not of type 'integer' \(YAML reads yes"):
        boardkit.load_game("marabunta").state_from_position({**played(boardkit.load_game("marabunta")).to_position(),
                                                             "round": True})
