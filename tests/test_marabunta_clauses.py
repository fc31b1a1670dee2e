"""Marabunta: one or more tests per clause of ``data/rules/marabunta.yaml`` (MARA-1.1 ..
MARA-10, MARA-D1 .. MARA-D11), under the seed's rules unless a test says otherwise.

Each test names its clause (``test_MARA_4_5_...``) and quotes the id in its docstring.
Positions are set up with ``game.state_from_position`` (see
``boardkit/games/marabunta/position.py``) at the split of a round with a chosen tile and
roll; ``split``/``take`` actions then reach the carrying-out phase. The splitter of every
position is red (player 0), so blue (player 1) is the chooser and carries out its pool first.
Refused actions name their clause, say why in words and leave the state unchanged.

Map reminder (data/boards/marabunta.yaml, fields a1 .. k11): yellow h6 h7 i6 i7 i8 j6 j7 j8 j9
k6 k7 k8 k9 k10; orange h8 g8 i9 h9 g9 j10 i10 h10 g10 k11 j11 i11 h11 g11; green f8 e7 f9 e8 d7
f10 e9 d8 c7 f11 e10 d9 c8 b7; teal d6 d5 c6 c5 c4 b6 b5 b4 b3 a6 a5 a4 a3 a2; purple d4 e4 c3
d3 e3 b2 c2 d2 e2 a1 b1 c1 d1 e1; brown f4 g5 f3 g4 h5 f2 g3 h4 i5 f1 g2 h3 i4 j5. Cupcake
fields a3 c5 c8 d1 d3 e8 g4 h11 h9 i4 i7 k9; crate fields a5 b1 b2 b6 e10 f10 f2 g2 j10 j11 j6 k7.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml

import boardkit
from boardkit import CHANCE, TERMINAL, BoardkitDataError, IllegalActionError, IllegalPositionError
from boardkit.core.paths import DATA_DIR
from boardkit.games.marabunta.actions import Split

#: The positions below start on an empty territory; most tests write a player's first number to
#: try another clause, so they use the variant first_number="free" (MARA-4.5), which changes
#: nothing else. SEED is the default game (rules="seed"), PUBLISHED the published profile; the
#: tests of MARA-3.3, MARA-3.6 and MARA-4.5 compare them.
GAME = boardkit.load_game("marabunta", first_number="free")
SEED = boardkit.load_game("marabunta")
PUBLISHED = boardkit.load_game("marabunta", rules="published")
REGIONS = list(GAME.regions)
SHUFFLED = list(GAME.tiles)
GROUPS = dict(zip(GAME.groups, GAME.group_size))  # every crate group complete
NAMES = GAME.board.names
CUPCAKES = sorted(NAMES[f] for f in GAME.cupcake_fields)
CRATES = sorted(NAMES[f] for f in GAME.crate_fields)
FIELDS_OF = {r: [NAMES[f] for f in GAME.region_fields[k]] for k, r in enumerate(REGIONS)}
TERRITORY = GAME.territory()  # field -> region, special, neighbours
DEFAULT_DATA = DATA_DIR / "marabunta" / "default.yaml"


# -- helpers -----------------------------------------------------------------------------------
def position(tile: str = "cupcake", roll: dict | None = None, game=GAME, **extra):
    """A position at the split, red splitting: ``roll`` overrides faces (default: all circle).
    A shuffled tile is set in round 1 (or ``round``), the crossed-cupcake tile in round 8."""
    d = dict(extra)
    d["tile"] = tile
    if tile != "cupcake":
        d.setdefault("round", 1)
        d.setdefault("tiles_left", [t for t in SHUFFLED if t != tile][: 7 - d["round"]])
    else:
        d.setdefault("round", 8)
    faces = {c: "circle" for c in REGIONS}
    faces.update(roll or {})
    d["roll"] = faces
    return game.state_from_position(d)


def carrying(pool: str, tile: str = "cupcake", roll: dict | None = None, game=GAME, **extra):
    """Blue (the chooser) carrying out ``pool`` (e.g. ``"yellow orange"`` or ``"tile"``)."""
    s = position(tile, roll, game, **extra)
    s.apply_action(f"split {pool}")
    s.apply_action(f"take {pool}")
    assert obs(s, "phase") == "pool"
    return s


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def obs(state, key: str):
    return state.observation(None)[key]


def field(state, name: str) -> str | None:
    """The field as the observation shows it: "red 2", "blue 0", "x" (crossed) or None."""
    return state.observation(None)["fields"].get(name)


def player(state, p: int) -> dict:
    return state.observation(None)["players"][p]


def _kind(text: str) -> str:
    """The kind of a part described in words ("write 0 next to d5", "cross a crate", ...)."""
    if text.startswith("write"):
        return "number"
    for word, kind in (("crate", "crate"), ("circle", "circle"), ("cupcake", "cupcake field"), ("cross", "field")):
        if word in text:
            return kind
    raise AssertionError(text)


def pending(state) -> list[str]:
    """The kinds of the parts in progress, the next first (observation "pending")."""
    return [_kind(t) for t in obs(state, "pending")]


def lost_parts(state) -> list[tuple[str, str]]:
    """(player, kind) of the parts lost this round for want of a legal place (MARA-D2)."""
    out = []
    for t in obs(state, "lost"):
        if "no legal place" in t:
            who, what = t.split(" lost", 1)
            out.append((who, _kind(what.strip(": "))))
    return out


def play(state, *actions: str):
    for a in actions:
        state.apply_action(a)
    return state


def snapshot(state):
    return (state.to_json(), state.observation(None), legal(state), state.current_player())


def refused(state, action: str, clause: str, words: str = "") -> IllegalActionError:
    """``action`` raises IllegalActionError naming ``clause`` (reason containing ``words``)
    and leaves ``state`` unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    err = info.value
    assert err.clause == clause, err
    assert words in err.reason, err
    assert err.reason and not err.reason.startswith("MARA")  # a reason in words
    assert snapshot(state) == before
    why = state.why_illegal(action)
    assert why is not None and why.clause == clause
    return err


def writes(state, prefix: str = "") -> set[str]:
    """Fields of the legal writes (without ant) starting with ``prefix``."""
    return {a.split()[-1] for a in legal(state) if a.startswith(prefix) and not a.endswith(" ant")}


def ant_writes(state, prefix: str = "") -> set[str]:
    return {a.split()[-2] for a in legal(state) if a.startswith(prefix) and a.endswith(" ant")}


def crossed_except(*keep: str, among=None) -> dict[str, str]:
    """Every field of ``among`` (default: every cupcake field) crossed, except ``keep``."""
    return {f: "x" for f in (among if among is not None else CUPCAKES) if f not in keep}


def data_copy(tmp_path: Path, **changes) -> str:
    doc = yaml.safe_load(DEFAULT_DATA.read_text(encoding="utf-8"))
    doc.update(changes)
    path = tmp_path / "marabunta-copy.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(path)


def finish_round(state) -> None:
    """Play the first legal action until the round is over (a new round or the end)."""
    rnd = state.round
    while not state.is_terminal() and not state.is_chance_node() and state.round == rnd:
        state.apply_action(state.legal_actions()[0])


# -- MARA-1 components -------------------------------------------------------------------------
def test_MARA_1_1_two_players_six_coloured_dice_eight_tiles() -> None:
    """MARA-1.1: two players, red (0) and blue (1); six dice, one per region colour, faces 0, 1,
    2, 3, circle, crate; eight tiles (seven shuffled and the crossed-cupcake one)."""
    assert GAME.num_players == 2
    s = GAME.new_initial_state()
    assert [p["colour"] for p in obs(s, "players")] == ["red", "blue"]
    assert REGIONS == ["yellow", "orange", "green", "teal", "purple", "brown"]
    assert len(SHUFFLED) == 7 and GAME.last_tile == "cupcake" and "cupcake" not in SHUFFLED
    assert len(set(SHUFFLED + [GAME.last_tile])) == 8
    s = GAME.state_from_position({"round": 8})  # at the roll
    for colour in REGIONS:
        outcomes = [(str(a), p) for a, p in s.chance_outcomes()]
        assert outcomes == sorted((f"roll {colour} {face}", Fraction(1, 6))
                                  for face in ("0", "1", "2", "3", "circle", "crate"))
        s.apply_action(f"roll {colour} 2")
    assert obs(s, "dice") == {c: "2" for c in REGIONS} and s.current_player() == 0


def test_MARA_1_1_the_zero_face_has_no_colour() -> None:
    """MARA-1.1: the 0 face has no colour (a 0 of the yellow die goes in orange); the coloured
    faces do (a yellow 2 in orange is refused, MARA-4.3)."""
    s = carrying("yellow", roll={"yellow": "0"})
    assert "yellow 0 h8" in legal(s)
    s.apply_action("yellow 0 h8")
    assert field(s, "h8") == "blue 0" and TERRITORY["h8"]["region"] == "orange"
    s = carrying("yellow", roll={"yellow": "2"})
    refused(s, "yellow 2 h8", "MARA-4.3", "orange region")


def test_MARA_1_2_territory_and_available_fields() -> None:
    """MARA-1.2: six regions of 14 fields, some cupcake or crate fields; a field is available
    when neither written in nor crossed out; numbers are never erased."""
    assert len(TERRITORY) == 84
    for r in REGIONS:
        assert sum(1 for f in TERRITORY.values() if f["region"] == r) == 14
    assert sorted(n for n, f in TERRITORY.items() if f["special"] == "cupcake") == CUPCAKES
    assert sorted(n for n, f in TERRITORY.items() if f["special"] == "crate") == CRATES
    assert obs(GAME.new_initial_state(), "fields") == {}  # every field available
    s = carrying("yellow", roll={"yellow": "2"}, fields={"h6": "red 1", "h7": "x"})
    assert writes(s, "yellow 2") == set(FIELDS_OF["yellow"]) - {"h6", "h7"}  # blue's first number is free
    refused(s, "yellow 2 h6", "MARA-1.2", "already holds red's 1; numbers are never erased")
    refused(s, "yellow 2 h7", "MARA-1.2", "crossed out")
    s.apply_action("yellow 2 i6")
    assert (field(s, "h6"), field(s, "h7"), field(s, "i6")) == ("red 1", "x", "blue 2")


def test_MARA_1_2_a_written_field_cannot_be_crossed() -> None:
    """MARA-1.2: crossing (cross2 tile) needs an available field; a number stays."""
    s = carrying("tile", tile="cross2", fields={"h6": "red 1"})
    assert "tile cross h6" not in legal(s)
    refused(s, "tile cross h6", "MARA-1.2", "never erased")
    s.apply_action("tile cross h7")
    refused(s, "cross h6", "MARA-1.2", "never erased")


def test_MARA_1_3_scoring_sheets_ten_circles_two_printed_each() -> None:
    """MARA-1.3: each region's sheet has 10 circles, 2 printed red and 2 printed blue."""
    assert GAME.circles == 10 and GAME.printed == 2
    assert obs(GAME.new_initial_state(), "sheets") == {r: [2, 2] for r in REGIONS}
    s = carrying("teal", roll={"teal": "circle"})
    s.apply_action("teal circle")
    assert obs(s, "sheets")["teal"] == [2, 3]
    for bad in ([1, 2], [2, 0], [6, 5]):
        with pytest.raises(IllegalPositionError) as info:
            position(sheets={"teal": bad})
        assert info.value.clause == "MARA-1.3" and "sheets.teal" in str(info.value)


def test_MARA_1_4_player_board_crates_cupcakes_two_ant_hills() -> None:
    """MARA-1.4: each player board has the crate groups (none crossed), the cupcake track
    and 2 ant hills."""
    for p in (0, 1):
        board = player(GAME.new_initial_state(), p)
        assert board["ant_hills"] == 2 and board["cupcakes"] == 0 and board["powers"] == []
        assert board["crates"] == {g: 0 for g in GROUPS}
    assert GROUPS == {"onetwo": 2, "zerothree": 2, "cupcakes": 3, "points": 3, "ones": 3, "cross": 2, "circles": 2}
    assert GAME.track == (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
    with pytest.raises(IllegalPositionError) as info:
        position(players={"blue": {"ant_hills": 3}})
    assert info.value.clause == "MARA-1.4" and "ant_hills" in str(info.value)
    with pytest.raises(IllegalPositionError) as info:
        position(players={"red": {"crates": {"ones": 4}}})
    assert info.value.clause == "MARA-1.4" and "crates.ones" in str(info.value)


# -- MARA-2 setup, MARA-3 a round ---------------------------------------------------------------
def test_MARA_2_1_start_player_and_tile_draw_are_chance() -> None:
    """MARA-2.1: the start player is a chance event (1/2 each); each revealed tile is drawn
    uniformly from the shuffled tiles left; the crossed-cupcake tile is never drawn."""
    s = GAME.new_initial_state()
    assert s.current_player() == CHANCE
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("first 0", Fraction(1, 2)), ("first 1", Fraction(1, 2))]
    refused(s, "reveal one", "MARA-2.1", "start player is drawn")
    s.apply_action("first 1")
    assert obs(s, "splitter") == 1 and s.current_player() == CHANCE
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [(f"reveal {t}", Fraction(1, 7)) for t in sorted(SHUFFLED)]
    refused(s, "reveal cupcake", "MARA-2.1", "not in the stack")
    s.apply_action("reveal zeros2")
    assert obs(s, "tile") == "zeros2" and obs(s, "tiles_left") == sorted(t for t in SHUFFLED if t != "zeros2")
    # a later round draws from the tiles left
    s2 = GAME.state_from_position({"round": 3, "tiles_left": ["one", "zero", "cross2", "again", "crates2"]})
    assert [(str(a), p) for a, p in s2.chance_outcomes()] == [
        (f"reveal {t}", Fraction(1, 5)) for t in sorted(["one", "zero", "cross2", "again", "crates2"])]
    refused(s2, "reveal zeros2", "MARA-2.1", "not in the stack")


def test_MARA_2_1_first_player_option() -> None:
    """MARA-2.1: option first_player fixes the start player: no chance event for it."""
    for p in (0, 1):
        s = boardkit.load_game("marabunta", first_player=p).new_initial_state()
        assert obs(s, "splitter") == p and obs(s, "phase") == "reveal"
        assert all(str(a).startswith("reveal ") for a in s.legal_actions())
        refused(s, "first 0", "MARA-3.1", "top tile is revealed")


def test_MARA_3_1_reveal_then_roll_six_dice_one_by_one() -> None:
    """MARA-3.1: after the tile the six dice are rolled in region order, 1/6 per face: 6^6
    rolls of probability 1/46656 each."""
    s = GAME.state_from_position({"round": 2, "tiles_left": SHUFFLED[1:]})
    s.apply_action("reveal one")
    assert obs(s, "phase") == "roll" and s.current_player() == CHANCE
    refused(s, "roll orange 2", "MARA-3.1", "the yellow die is next")
    refused(s, "split tile", "MARA-3.1", "chance acts now")
    counts = {"rolls": 0}
    total = Fraction(0)

    def walk(state, prob: Fraction) -> None:
        nonlocal total
        if obs(state, "phase") != "roll":
            assert obs(state, "phase") == "split" and state.current_player() == 0
            counts["rolls"] += 1
            total += prob
            assert prob == Fraction(1, 6 ** 6)
            return
        for a, p in state.chance_outcomes():
            child = state.clone()
            child._apply(a)
            walk(child, prob * p)

    walk(s, Fraction(1))
    assert counts["rolls"] == 6 ** 6 and total == 1
    play(s, "roll yellow 3", "roll orange crate", "roll green 0", "roll teal circle", "roll purple 1", "roll brown 2")
    assert obs(s, "dice") == {"yellow": "3", "orange": "crate", "green": "0", "teal": "circle", "purple": "1",
                              "brown": "2"}


def test_MARA_3_2_sixty_three_splits_each_pool_non_empty() -> None:
    """MARA-3.2: the splitter divides the 6 dice and the tile into two pools, each with at
    least one element: 63 splits."""
    s = position("zeros2")
    acts = s.legal_actions()
    assert len(acts) == 63 and len(set(acts)) == 63 and all(isinstance(a, Split) for a in acts)
    seen = set()
    for a in acts:
        pool = set(a.pool)
        other = set(REGIONS) - pool
        assert "tile" in pool and other and pool and len(pool - {"tile"}) < 6
        seen.add(frozenset(pool))
    assert len(seen) == 63
    assert s.parse_action("split yellow") == s.parse_action("split orange green teal purple brown tile")
    refused(s, "split yellow orange green teal purple brown tile", "MARA-3.2", "at least one element")
    refused(s, "take tile", "MARA-3.2", "splits the dice")
    s.apply_action("split yellow green tile")
    assert obs(s, "pools") == [["yellow", "green", "tile"], ["orange", "teal", "purple", "brown"]]


def test_MARA_3_3_chooser_takes_a_pool_and_carries_it_out_first() -> None:
    """MARA-3.3: the chooser takes one pool and carries out its elements in any order; then
    the splitter carries out the other pool."""
    s = position(roll={"yellow": "2", "orange": "circle"})
    s.apply_action("split yellow orange")
    assert s.current_player() == 1 and legal(s) == {"take yellow orange", "take green teal purple brown tile"}
    refused(s, "take yellow", "MARA-3.3", "not one of the pools")
    refused(s, "yellow 2 h6", "MARA-3.3", "takes one of the pools")
    s.apply_action("take yellow orange")
    assert s.current_player() == 1 and obs(s, "remaining") == ["yellow", "orange"]
    assert "orange circle" in legal(s) and "yellow 2 h6" in legal(s)  # any order
    s.apply_action("orange circle")
    refused(s, "orange circle", "MARA-3.3", "already used")
    refused(s, "green circle", "MARA-3.3", "not in this pool")
    refused(s, "take green teal purple brown tile", "MARA-3.3", "made and taken")
    s.apply_action("yellow 2 h6")
    assert s.current_player() == 0 and obs(s, "remaining") == ["green", "teal", "purple", "brown", "tile"]
    other = position(roll={"yellow": "2", "orange": "circle"})
    play(other, "split yellow orange", "take yellow orange", "yellow 2 h6")
    other.apply_action("orange circle")  # the other order reaches the same table
    assert other.observation(None)["fields"] == s.observation(None)["fields"]
    assert obs(other, "sheets") == obs(s, "sheets")


def test_MARA_3_4_the_chooser_splits_next_round() -> None:
    """MARA-3.4: the chooser of this round is the splitter of the next."""
    s = position()
    assert obs(s, "splitter") == 0
    play(s, "split tile", "take tile")
    finish_round(s)
    assert obs(s, "round") == 9 and obs(s, "splitter") == 1 and s.current_player() == CHANCE
    for c in REGIONS:
        s.apply_action(f"roll {c} circle")
    assert s.current_player() == 1  # blue splits
    refused(s, "take tile", "MARA-3.2", "blue (the splitter)")
    s.apply_action("split tile")
    assert s.current_player() == 0  # red chooses


def test_MARA_3_5_from_round_eight_the_crossed_cupcake_tile_every_round() -> None:
    """MARA-3.5: from round 8 only the crossed-cupcake tile is left: revealed every round
    without chance, always in a pool, never used up."""
    s = GAME.state_from_position({"round": 7, "tiles_left": ["again"]})
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("reveal again", Fraction(1))]
    s.apply_action("reveal again")
    for c in REGIONS:
        s.apply_action(f"roll {c} circle")
    play(s, "split tile", "take tile")
    finish_round(s)
    assert obs(s, "round") == 8 and obs(s, "tile") == "cupcake" and obs(s, "phase") == "roll"
    assert all(str(a).startswith("roll yellow") for a in s.legal_actions())  # no reveal
    for c in REGIONS:
        s.apply_action(f"roll {c} circle")
    assert all("tile" in a.pool for a in s.legal_actions())
    play(s, "split tile", "take tile", "tile cross i7")
    finish_round(s)
    assert obs(s, "round") == 9 and obs(s, "tile") == "cupcake" and obs(s, "tiles_left") == []
    with pytest.raises(IllegalPositionError) as info:
        position("one", round=8, tiles_left=[])
    assert info.value.clause == "MARA-3.5"
    with pytest.raises(IllegalPositionError) as info:
        position("cupcake", round=7)
    assert info.value.clause == "MARA-3.5"
    with pytest.raises(IllegalPositionError) as info:
        GAME.state_from_position({"round": 3, "tiles_left": ["one", "zero"]})
    assert info.value.clause == "MARA-3.5" and "tiles_left" in str(info.value)


def test_MARA_3_6_tiles_are_optional_except_the_crossed_cupcake() -> None:
    """MARA-3.6 (published, optional_tile=True): a tile may be left unused ('skip tile'),
    except the crossed-cupcake tile, which must be used when it can be."""
    s = carrying("tile", tile="zeros2", game=PUBLISHED)
    assert "skip tile" in legal(s)
    s.apply_action("skip tile")
    assert obs(s, "lost") == ["blue skipped tile"] and s.current_player() == 0
    s = carrying("tile", game=PUBLISHED)
    assert "skip tile" not in legal(s)
    assert legal(s) == {f"tile cross {f}" for f in CUPCAKES}
    refused(s, "skip tile", "MARA-3.6", "must be used")
    assert PUBLISHED.options["optional_tile"] is True and SEED.options["optional_tile"] is False


def test_MARA_3_3_the_tile_is_carried_out_like_the_dice() -> None:
    """MARA-3.3 (seed: "führt alle Elemente einzeln aus"): the tile is carried out like a die,
    never skipped while it can be used (MARA-3.6 is the published rule); only what cannot be
    used is lost (MARA-D4)."""
    s = carrying("tile", tile="zeros2", game=SEED)
    assert "skip tile" not in legal(s) and all(a.startswith("tile 0 ") for a in legal(s))
    err = refused(s, "skip tile", "MARA-3.3", "every element of the pool is carried out")
    assert "optional_tile=True" in err.reason
    # the again tile with no die of the pool carried out cannot be used: it is lost
    s = carrying("tile", tile="again", game=SEED)
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost tile"]


# -- MARA-4 dice -------------------------------------------------------------------------------
def test_MARA_4_1_circle_face_fills_the_die_region_sheet() -> None:
    """MARA-4.1: the circle face fills one empty circle of the die's region sheet with one's
    colour; another sheet is refused."""
    s = carrying("teal", roll={"teal": "circle"})
    assert legal(s) == {"teal circle"}
    refused(s, "teal circle orange", "MARA-4.1", "teal sheet")
    s.apply_action("teal circle")
    assert obs(s, "sheets")["teal"] == [2, 3]


def test_MARA_4_1_circle_die_on_a_full_sheet_is_lost() -> None:
    """MARA-4.1, MARA-4.6: with no empty circle on its sheet the circle die cannot be used."""
    s = carrying("tile", tile="circles2", sheets={"yellow": [5, 4]})
    play(s, "tile circle yellow", "circle orange")
    assert obs(s, "sheets")["yellow"] == [5, 5] and s.current_player() == 0
    assert not any(a.startswith("yellow") for a in legal(s))
    refused(s, "yellow circle", "MARA-4.1", "no empty circle")
    while s.current_player() == 0:
        s.apply_action(s.legal_actions()[0])
    assert "red lost yellow" in obs(s, "lost")


def test_MARA_4_2_crate_face_crosses_a_crate_and_unlocks_power() -> None:
    """MARA-4.2: the crate face crosses one crate of any group with a crate left; the last
    crate of a group unlocks its power, used at once."""
    s = carrying("purple", roll={"purple": "crate"}, players={"blue": {"crates": {"ones": 2, "cross": 2}}})
    assert legal(s) == {f"purple crate {g}" for g in GROUPS if g != "cross"}
    refused(s, "purple crate cross", "MARA-4.2", "no crate left")
    s.apply_action("purple crate ones")
    assert player(s, 1)["crates"]["ones"] == 3 and "ones3" in player(s, 1)["powers"]
    assert pending(s) == ["number"] and s.current_player() == 1
    assert all(a.startswith("1 ") for a in legal(s))
    s2 = carrying("purple", roll={"purple": "crate"})
    s2.apply_action("purple crate points")
    assert player(s2, 1)["crates"]["points"] == 1 and player(s2, 1)["powers"] == []


def test_MARA_4_3_numbers_go_in_the_die_region() -> None:
    """MARA-4.3: a 1, 2 or 3 is written in an available field of the die's region."""
    s = carrying("yellow", roll={"yellow": "2"})
    assert legal(s) == {f"yellow 2 {f}" for f in FIELDS_OF["yellow"]}
    refused(s, "yellow 2 h8", "MARA-4.3", "h8 is in the orange region")
    refused(s, "yellow 3 h6", "MARA-4.3", "the number to write is 2, not 3")
    s.apply_action("yellow 2 h6")
    assert field(s, "h6") == "blue 2"
    assert player(s, 1)["numbers"] == 1


def test_MARA_4_4_a_zero_goes_in_any_region() -> None:
    """MARA-4.4: the 0 face writes 0 in an available field of any region."""
    s = carrying("green", roll={"green": "0"})
    assert writes(s, "green 0") == set(NAMES)
    refused(s, "green 1 h6", "MARA-4.4", "the number to write is 0")
    s.apply_action("green 0 h6")
    assert field(s, "h6") == "blue 0" and TERRITORY["h6"]["region"] == "yellow"


def test_MARA_4_5_adjacency_and_ant_hills() -> None:
    """MARA-4.5: a number goes next to one of one's own numbers (across region borders too);
    an ant hill lifts this for one number in the die's region."""
    s = carrying("yellow", roll={"yellow": "2"}, fields={"h6": "blue 1", "k6": "red 1"})
    assert writes(s, "yellow 2") == {"i6", "i7", "h7"}
    assert ant_writes(s, "yellow 2") == set(FIELDS_OF["yellow"]) - {"h6", "i6", "i7", "h7", "k6"}
    refused(s, "yellow 2 k10", "MARA-4.5", "no number of blue's is next to k10; add 'ant'")
    refused(s, "yellow 2 h8 ant", "MARA-4.3", "orange region")  # an ant hill keeps the die's region
    s.apply_action("yellow 2 k10 ant")
    assert player(s, 1)["ant_hills"] == 1 and field(s, "k10") == "blue 2"
    # across the border: brown h5 is next to yellow h6
    s = carrying("yellow", roll={"yellow": "2"}, fields={"h5": "blue 1"})
    assert "yellow 2 h6" in legal(s) and "yellow 2 i6" in legal(s)
    # no ant hill left
    s = carrying("yellow", roll={"yellow": "2"}, fields={"h6": "blue 1"}, players={"blue": {"ant_hills": 0}})
    assert legal(s) == {"yellow 2 i6", "yellow 2 i7", "yellow 2 h7"}
    refused(s, "yellow 2 k10 ant", "MARA-4.5", "no ant hill left")
    refused(s, "yellow 2 k10", "MARA-4.5", "no ant hill is left")


def test_MARA_4_5_first_number_free_variant() -> None:
    """MARA-4.5, the variant first_number="free": a player's first number needs no neighbour
    and no ant hill; the second does."""
    s = carrying("yellow green", roll={"yellow": "2", "green": "3"})
    assert writes(s, "yellow 2") == set(FIELDS_OF["yellow"]) and not ant_writes(s)
    s.apply_action("yellow 2 k10")
    assert player(s, 1)["ant_hills"] == 2
    assert writes(s, "green 3") == set()  # no green field next to k10
    refused(s, "green 3 f8", "MARA-4.5", "no number of blue's is next to f8")


@pytest.mark.parametrize("g", [SEED, PUBLISHED], ids=["seed", "published"])
def test_MARA_4_5_first_number_needs_an_ant_hill(g) -> None:
    """MARA-4.5 (seed: "Jede Zahl muss in einem Feld angrenzend zu einem Feld mit eigener Zahl
    stehen. Mit einem Ameisenhügel ... darf man das ignorieren"; the default in both profiles):
    the first number needs an ant hill."""
    assert g.options["first_number"] == "ant_hill"
    s = carrying("yellow", roll={"yellow": "2"}, game=g)
    assert writes(s, "yellow 2") == set() and ant_writes(s, "yellow 2") == set(FIELDS_OF["yellow"])
    err = refused(s, "yellow 2 h6", "MARA-4.5", "no number of blue's is next to h6")
    assert "first number needs an ant hill" in err.reason
    s.apply_action("yellow 2 h6 ant")
    assert player(s, 1)["ant_hills"] == 1
    # without ant hills the first number cannot be written: the die is lost
    s = carrying("yellow", roll={"yellow": "2"}, game=g, players={"blue": {"ant_hills": 0}})
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost yellow"]


def test_MARA_4_6_a_usable_die_must_be_used() -> None:
    """MARA-4.6 (decision, decline=False): a die that can be used must be used; a die that
    cannot is lost."""
    s = carrying("yellow teal", roll={"yellow": "2", "teal": "circle"})
    assert "skip yellow" not in legal(s)
    refused(s, "skip yellow", "MARA-4.6", "must be used")
    refused(s, "skip teal", "MARA-4.6", "decline=True")
    # blue has a number far away and no ant hill: the yellow die is lost
    s = carrying("yellow", roll={"yellow": "2"}, fields={"a1": "blue 1"}, players={"blue": {"ant_hills": 0}})
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost yellow"]
    assert all(field(s, f) is None for f in FIELDS_OF["yellow"])


def test_MARA_4_6_skipping_an_unusable_die_gives_a_true_reason() -> None:
    """MARA-4.6, MARA-D4: a die that cannot be used is not skipped either (it is lost with
    the rest); the refusal must not claim that it can be used."""
    s = carrying("yellow teal", roll={"yellow": "2", "teal": "circle"}, fields={"a1": "blue 1"},
                 players={"blue": {"ant_hills": 0}})
    assert legal(s) == {"teal circle"}
    err = refused(s, "skip yellow", "MARA-4.6")
    assert "the yellow die can be used" not in err.reason, err.reason


def test_MARA_4_6_option_decline_lets_a_die_be_skipped() -> None:
    """MARA-4.6 option decline=True: any die may be left unused."""
    g = boardkit.load_game("marabunta", decline=True)
    s = carrying("yellow teal", roll={"yellow": "2", "teal": "circle"}, game=g)
    assert {"skip yellow", "skip teal"} <= legal(s)
    s.apply_action("skip yellow")
    assert obs(s, "remaining") == ["teal"] and obs(s, "lost") == ["blue skipped yellow"]
    refused(s, "yellow 2 h6", "MARA-3.3", "was skipped")
    s.apply_action("skip teal")
    assert s.current_player() == 0 and obs(s, "sheets")["teal"] == [2, 2]


# -- MARA-5 tiles --------------------------------------------------------------------------------
def test_MARA_5_1_crates2_tile_crosses_two_crates() -> None:
    """MARA-5.1: crates2 crosses 2 crates (any groups)."""
    s = carrying("tile", tile="crates2")
    assert legal(s) == {f"tile crate {g}" for g in GROUPS}
    s.apply_action("tile crate ones")
    assert pending(s) == ["crate"] and legal(s) == {f"crate {g}" for g in GROUPS}
    refused(s, "skip tile", "MARA-D2", "first finish")
    s.apply_action("crate ones")
    assert player(s, 1)["crates"]["ones"] == 2 and s.current_player() == 0


def test_MARA_5_1_circles2_tile_fills_circles_on_two_sheets() -> None:
    """MARA-5.1, MARA-D6: circles2 fills one circle on each of two different sheets."""
    s = carrying("tile", tile="circles2")
    assert legal(s) == {f"tile circle {r}" for r in REGIONS}
    s.apply_action("tile circle yellow")
    assert legal(s) == {f"circle {r}" for r in REGIONS if r != "yellow"}
    refused(s, "circle yellow", "MARA-D6", "another sheet")
    s.apply_action("circle brown")
    assert obs(s, "sheets")["yellow"] == [2, 3] and obs(s, "sheets")["brown"] == [2, 3]


def test_MARA_5_1_one_tile_writes_a_one() -> None:
    """MARA-5.1, MARA-D1: the one tile writes a 1 next to an own number, in any region."""
    s = carrying("tile", tile="one", fields={"h7": "blue 2"})
    assert writes(s, "tile 1") == {"i7", "i8", "h8", "h6"}
    refused(s, "tile 2 h8", "MARA-5.1", "the number to write is 1, not 2")
    refused(s, "tile 1 a1", "MARA-4.5", "no number of blue's")
    s.apply_action("tile 1 h8")
    assert field(s, "h8") == "blue 1" and TERRITORY["h8"]["region"] == "orange"


def test_MARA_5_1_zeros2_tile_second_zero_next_to_the_first() -> None:
    """MARA-5.1: zeros2 writes two 0s, the second adjacent to the first."""
    s = carrying("tile", tile="zeros2")
    assert writes(s, "tile 0") == set(NAMES)  # the first number is free
    s.apply_action("tile 0 h6")
    assert legal(s) == {"0 i6", "0 i7", "0 h7", "0 g5", "0 h5"}
    refused(s, "0 k10", "MARA-D2", "next to h6")
    s.apply_action("0 g5")
    assert field(s, "g5") == "blue 0" and player(s, 1)["numbers"] == 2


def test_MARA_5_1_zero_tile_writes_a_zero_freely() -> None:
    """MARA-5.1: the zero tile writes a 0 anywhere, without adjacency or ant hill."""
    s = carrying("tile", tile="zero", fields={"h6": "blue 1"})
    assert writes(s, "tile 0") == set(NAMES) - {"h6"} and not ant_writes(s)
    refused(s, "tile 0 a1 ant", "MARA-D3", "no ant hill is needed")
    s.apply_action("tile 0 a1")
    assert field(s, "a1") == "blue 0" and player(s, 1)["ant_hills"] == 2


def test_MARA_5_1_cross2_tile_crosses_two_adjacent_fields() -> None:
    """MARA-5.1, MARA-D7: cross2 crosses 2 adjacent fields."""
    s = carrying("tile", tile="cross2", fields={"h6": "red 1"})
    assert {a.split()[-1] for a in legal(s) if a.startswith("tile cross")} == set(NAMES) - {"h6"}
    s.apply_action("tile cross c5")
    assert legal(s) == {"cross d5", "cross d6", "cross c6", "cross b5", "cross b4", "cross c4"}
    refused(s, "cross a1", "MARA-D2", "next to c5")
    s.apply_action("cross c4")
    assert field(s, "c5") == field(s, "c4") == "x"


def test_MARA_5_1_again_tile_repeats_a_die() -> None:
    """MARA-5.1, MARA-D5: the again tile uses a die of the same pool a second time."""
    s = carrying("yellow tile", tile="again", roll={"yellow": "2"})
    assert not any(a.startswith("tile") for a in legal(s) - {"skip tile"})
    s.apply_action("yellow 2 h6")
    assert writes(s, "tile again yellow 2") == {"i6", "i7", "h7"}
    s.apply_action("tile again yellow 2 h7")
    assert field(s, "h7") == "blue 2" and s.current_player() == 0


def test_MARA_5_1_crossed_cupcake_tile_crosses_a_cupcake_field() -> None:
    """MARA-5.1: the crossed-cupcake tile crosses one cupcake field (mandatory, MARA-3.6)."""
    s = carrying("tile", fields={"i7": "x", "h9": "red 1"}, players={"red": {"cupcakes": 1}})
    assert legal(s) == {f"tile cross {f}" for f in CUPCAKES if f not in ("i7", "h9")}
    refused(s, "tile cross h6", "MARA-5.1", "h6 is not one")
    refused(s, "tile cross h9", "MARA-1.2", "never erased")
    s.apply_action("tile cross k9")
    assert field(s, "k9") == "x" and player(s, 1)["cupcakes"] == 0


def test_MARA_5_1_again_notation_with_another_tile() -> None:
    """MARA-5.1: 'tile again ...' only with the again tile."""
    s = carrying("yellow tile", tile="zeros2", roll={"yellow": "2"})
    s.apply_action("yellow 2 h6")
    refused(s, "tile again yellow 2 h7", "MARA-5.1", "the tile is zeros2, not again")


# -- MARA-6 special fields -------------------------------------------------------------------------
def test_MARA_6_1_cupcake_field_crosses_the_next_cupcake() -> None:
    """MARA-6.1: writing in a cupcake field crosses the next cupcake of one's track and
    scores its printed points."""
    s = carrying("yellow", roll={"yellow": "2"})
    s.apply_action("yellow 2 i7")
    assert player(s, 1)["cupcakes"] == 1 and player(s, 1)["score"]["cupcake_points"] == 1
    fields = {"a3": "blue 0", "c5": "blue 0", "c8": "blue 0", "h6": "blue 1"}
    s = carrying("yellow", roll={"yellow": "2"}, fields=fields)
    assert player(s, 1)["cupcakes"] == 3 and player(s, 1)["score"]["cupcake_points"] == 1 + 1 + 2
    s.apply_action("yellow 2 i7")
    assert player(s, 1)["cupcakes"] == 4 and player(s, 1)["score"]["cupcake_points"] == 1 + 1 + 2 + 2
    assert player(s, 0)["cupcakes"] == 0
    with pytest.raises(IllegalPositionError) as info:
        position(fields=fields, players={"blue": {"cupcakes": 2}})
    assert info.value.clause == "MARA-6.1" and "players.blue.cupcakes" in str(info.value)


def test_MARA_6_1_crate_field_crosses_a_crate_first() -> None:
    """MARA-6.1: writing in a crate field crosses a crate at once, before anything else."""
    s = carrying("yellow teal", roll={"yellow": "2", "teal": "circle"})
    s.apply_action("yellow 2 j6")
    assert pending(s) == ["crate"] and legal(s) == {f"crate {g}" for g in GROUPS}
    refused(s, "teal circle", "MARA-D2", "first finish the part in progress")
    s.apply_action("crate cross")
    assert player(s, 1)["crates"]["cross"] == 1 and legal(s) == {"teal circle"}
    with pytest.raises(IllegalPositionError) as info:
        position(fields={"j6": "blue 2"})
    assert info.value.clause == "MARA-6.1" and "crate field" in str(info.value)


def test_MARA_6_1_crate_field_in_a_zeros2_chain_resolves_before_the_second_zero() -> None:
    """MARA-6.1, MARA-D2: a 0 of zeros2 written in a crate field: the crate (and a power it
    unlocks) comes first, then the second 0 next to the first."""
    s = carrying("tile", tile="zeros2", fields={"j7": "blue 1"}, players={"blue": {"crates": {"onetwo": 1}}})
    s.apply_action("tile 0 j6")
    assert pending(s) == ["crate", "number"]  # the next part first
    assert legal(s) == {f"crate {g}" for g in GROUPS}
    refused(s, "0 k6", "MARA-D2", "not to write a number")
    s.apply_action("crate onetwo")  # unlocks write12, used at once
    assert pending(s) == ["number", "number"] and "write12" in player(s, 1)["powers"]
    assert {"1 k6", "2 k6", "1 i5", "2 i5"} <= legal(s) and "0 k6" not in legal(s)
    s.apply_action("2 i5")
    assert legal(s) == {"0 k6", "0 k7", "0 i6", "0 j5"}  # next to j6, the first 0
    s.apply_action("0 k7")  # another crate field: another crate
    assert pending(s) == ["crate"]
    s.apply_action("crate ones")
    assert player(s, 1)["crates"] == {**{g: 0 for g in GROUPS}, "onetwo": 2, "ones": 1}
    assert s.current_player() == 0


# -- MARA-7 crate powers -------------------------------------------------------------------------
def _power(group: str, **extra):
    """Blue, with a number on h6, crosses the last crate of ``group`` with the purple die."""
    players = {"blue": {"crates": {group: GROUPS[group] - 1}}}
    s = carrying("purple", roll={"purple": "crate"}, fields={"h6": "blue 1"}, players=players, **extra)
    s.apply_action(f"purple crate {group}")
    return s


def test_MARA_7_1_write12_power_writes_a_one_or_two_with_adjacency() -> None:
    """MARA-7.1, MARA-D1: write12 writes a 1 or 2 next to an own number (any region), or with
    an ant hill elsewhere."""
    s = _power("onetwo")
    assert "write12" in player(s, 1)["powers"] and pending(s) == ["number"]
    near = {"i6", "i7", "h7", "g5", "h5"}
    assert writes(s, "1") == near and writes(s, "2") == near
    assert ant_writes(s, "2") == set(NAMES) - near - {"h6"}
    refused(s, "3 i6", "MARA-D2", "1 or 2, not 3")
    refused(s, "1 a1", "MARA-4.5", "no number of blue's is next to a1")
    s.apply_action("2 g5")
    assert field(s, "g5") == "blue 2" and TERRITORY["g5"]["region"] == "brown"


def test_MARA_7_1_write03_power_writes_a_zero_or_three_freely() -> None:
    """MARA-7.1: write03 writes a 0 or 3 anywhere, no adjacency, no ant hill."""
    s = _power("zerothree")
    free = set(NAMES) - {"h6"}
    assert writes(s, "0") == free and writes(s, "3") == free and not ant_writes(s)
    refused(s, "3 a1 ant", "MARA-D3", "no ant hill is needed")
    refused(s, "2 a1", "MARA-D2", "0 or 3, not 2")
    s.apply_action("3 a1")
    assert field(s, "a1") == "blue 3" and player(s, 1)["ant_hills"] == 2


def test_MARA_7_1_cupcakes2_power_crosses_two_cupcakes() -> None:
    """MARA-7.1: cupcakes2 crosses the next 2 cupcakes of the track at once."""
    s = _power("cupcakes")
    assert player(s, 1)["cupcakes"] == 2 and player(s, 1)["score"]["cupcake_points"] == 2
    assert obs(s, "pending") == [] and s.current_player() == 0


def test_MARA_7_1_points_power_scores_points() -> None:
    """MARA-7.1, MARA-D10: the points power scores its printed value (3 by default)."""
    s = _power("points")
    score = player(s, 1)["score"]
    assert score["power_points"] == 3 and score["total"] == score["region_points"] + score["cupcake_points"] + 3
    assert obs(s, "pending") == [] and s.current_player() == 0


def test_MARA_7_1_ones3_power_writes_a_chain_of_three_ones() -> None:
    """MARA-7.1, MARA-D2: ones3 writes three 1s one after another, the second next to the
    first, the third next to the second."""
    s = _power("ones")
    assert writes(s, "1") == {"i6", "i7", "h7", "g5", "h5"}
    s.apply_action("1 i6")
    assert pending(s) == ["number"] and legal(s) == {"1 j6", "1 j7", "1 i7", "1 i5", "1 h5"}
    refused(s, "1 h7", "MARA-D2", "next to i6")
    s.apply_action("1 j7")
    assert legal(s) == {"1 k7", "1 k8", "1 j8", "1 i7", "1 j6"}
    refused(s, "1 i5", "MARA-D2", "next to j7")
    s.apply_action("1 k8")
    assert [field(s, f) for f in ("i6", "j7", "k8")] == ["blue 1"] * 3 and s.current_player() == 0


def test_MARA_7_1_cross2_power_crosses_two_adjacent_fields() -> None:
    """MARA-7.1, MARA-D7: cross2 crosses 2 adjacent fields anywhere."""
    s = _power("cross")
    assert {a.split()[-1] for a in legal(s)} == set(NAMES) - {"h6"}
    s.apply_action("cross a1")
    assert legal(s) == {"cross b1", "cross b2", "cross a2"}
    refused(s, "cross c1", "MARA-D2", "next to a1")
    s.apply_action("cross b2")  # a crate field: nothing gained
    assert field(s, "b2") == "x" and player(s, 1)["crates"] == {**{g: 0 for g in GROUPS}, "cross": 2}


def test_MARA_7_1_circles2_power_fills_two_circles() -> None:
    """MARA-7.1, MARA-D6: circles2 fills 2 empty circles, possibly on the same sheet."""
    s = _power("circles")
    assert legal(s) == {f"circle {r}" for r in REGIONS}
    s.apply_action("circle teal")
    assert legal(s) == {f"circle {r}" for r in REGIONS}
    s.apply_action("circle teal")
    assert obs(s, "sheets")["teal"] == [2, 4] and s.current_player() == 0


# -- MARA-8 end and scoring -----------------------------------------------------------------------
def test_MARA_8_1_full_region_triggers_the_end_after_the_round() -> None:
    """MARA-8.1: all fields of a region filled or crossed trigger the end; the round is
    finished (the splitter still carries out its pool), then the game is over."""
    s = position(roll={"yellow": "1"}, fields=crossed_except("h6", among=FIELDS_OF["yellow"]))
    play(s, "split yellow", "take yellow", "yellow 1 h6")
    assert obs(s, "triggers") == ["blue: every field of the yellow region is filled or crossed"]
    assert obs(s, "triggered_by") == "blue" and not s.is_terminal() and s.returns() == [0, 0]
    assert s.current_player() == 0 and obs(s, "remaining") == ["orange", "green", "teal", "purple", "brown", "tile"]
    while s.current_player() == 0:
        s.apply_action(s.legal_actions()[0])
    assert s.is_terminal() and s.current_player() == TERMINAL and obs(s, "round") == 8
    assert obs(s, "remaining") == [] and s.legal_actions() == []
    assert sorted(s.returns()) == [-1, 1]
    refused(s, "yellow 1 h7", "MARA-8.1", "the game is over")


def test_MARA_8_1_trigger_in_the_splitter_pool_ends_at_once() -> None:
    """MARA-8.1: a trigger in the splitter's pool (the second) ends the game after it."""
    s = position(roll={"yellow": "1"}, fields=crossed_except("h6", among=FIELDS_OF["yellow"]))
    play(s, "split yellow", "take orange green teal purple brown tile")
    while s.current_player() == 1:
        s.apply_action(s.legal_actions()[0])
    assert not s.is_terminal() and obs(s, "triggers") == [] and legal(s) == {"yellow 1 h6"}
    s.apply_action("yellow 1 h6")
    assert s.is_terminal() and obs(s, "triggered_by") == "red"


def test_MARA_8_1_last_circle_of_a_sheet_triggers_the_end() -> None:
    """MARA-8.1: filling the last circle of a scoring sheet triggers the end."""
    s = carrying("yellow", roll={"yellow": "circle"}, sheets={"yellow": [5, 4]})
    s.apply_action("yellow circle")
    assert obs(s, "triggers") == ["blue: the last circle of the yellow sheet was filled"]
    finish_round(s)
    assert s.is_terminal()
    with pytest.raises(IllegalPositionError) as info:
        position(sheets={"yellow": [5, 5]})
    assert info.value.clause == "MARA-8.1"


def test_MARA_8_1_all_cupcake_fields_trigger_the_end() -> None:
    """MARA-8.1: all 12 cupcake fields filled or crossed trigger the end (here by writing
    in the last one)."""
    s = carrying("yellow", roll={"yellow": "2"}, fields=crossed_except("i7"))
    s.apply_action("yellow 2 i7")
    assert obs(s, "triggers") == ["blue: every cupcake field is filled or crossed"]
    finish_round(s)
    assert s.is_terminal() and obs(s, "winner") in ("red", "blue")


def test_MARA_8_2_region_scoring() -> None:
    """MARA-8.2: the higher sum of own numbers wins a region and scores the winner's circles
    on its sheet; equal sums (0 = 0 too) score nobody."""
    fields = {"h6": "red 3", "h7": "blue 2",  # yellow: red 3 > 2
              "h8": "red 2", "g8": "blue 1", "g9": "blue 1",  # orange: 2 = 2
              "f8": "blue 1",  # green: blue alone
              "d6": "red 0"}  # teal: 0 = 0
    sheets = {"yellow": [5, 3], "orange": [4, 4], "green": [2, 6], "teal": [3, 2]}
    s = carrying("green", roll={"green": "circle"}, fields=fields, sheets=sheets)
    assert s.region_sums()[:4] == [[3, 2], [2, 2], [0, 1], [0, 0]]
    red, blue = (player(s, p)["score"] for p in (0, 1))
    assert red["regions"] == {"yellow": 5, "orange": 0, "green": 0, "teal": 0, "purple": 0, "brown": 0}
    assert blue["regions"] == {"yellow": 0, "orange": 0, "green": 6, "teal": 0, "purple": 0, "brown": 0}
    assert red["region_points"] == 5 and blue["region_points"] == 6
    s.apply_action("green circle")
    assert player(s, 1)["score"]["regions"]["green"] == 7 and player(s, 1)["score"]["total"] == 7


def test_MARA_8_3_totals_above_25_are_the_true_sum() -> None:
    """MARA-8.3 (decision): the total is region + cupcake + power points, kept as the true
    sum above 25."""
    fields = {"h6": "red 1", "h8": "red 1", "f8": "red 1", "d6": "red 1", "d4": "red 1", "f4": "red 1"}
    fields.update(crossed_except("i7"))
    s = carrying("tile", fields=fields, sheets={r: [7, 2] for r in REGIONS})
    assert player(s, 0)["score"]["total"] == 42
    s.apply_action("tile cross i7")
    finish_round(s)  # red fills a circle on every sheet
    assert s.is_terminal()
    red = player(s, 0)["score"]
    assert red["region_points"] == 48 and red["total"] == 48 and s.scores()[0]["total"] == 48
    assert s.outcome().winners == (0,) and s.returns() == [1, -1]
    assert s.outcome().clause == "MARA-8.4" and "48 to" in s.outcome().reason


def _both_above_25(game):
    """The end of a game where red's true total (33) beats blue's (26), both above 25, and
    blue crossed more cupcakes (5 to 2): the reading of MARA-8.3 decides the winner."""
    fields = {**crossed_except("i7"), "h6": "red 1", "h8": "red 1", "f8": "red 1", "d6": "red 1",
              "d4": "blue 1", "f4": "blue 1", "a3": "blue 0", "c5": "blue 0", "c8": "blue 0"}
    sheets = {r: ([7, 2] if k < 4 else [2, 7]) for k, r in enumerate(REGIONS)}
    s = position(roll={c: "crate" for c in REGIONS}, fields=fields, sheets=sheets, game=game,
                 players={"red": {"crates": GROUPS}, "blue": {"crates": GROUPS}})
    for a in ("split tile", "take tile", "tile cross i7"):
        s.apply_action(a)
    assert s.is_terminal()
    return s


def test_MARA_8_3_above_25_continue_is_the_default() -> None:
    """MARA-8.3, above_25="continue" (the seed's "über 25 Punkte beginnt man neu bei 25": a new
    lap of the track): both totals above 25 count in full, so red's 33 beats blue's 26."""
    assert boardkit.load_game("marabunta").options["above_25"] == "continue"
    s = _both_above_25(GAME)
    assert [x["total"] for x in s.scores()] == [33, 26] and s.totals() == [33, 26]
    assert s.outcome().winners == (0,) and s.outcome().clause == "MARA-8.4" and "33 to 26" in s.outcome().reason


def test_MARA_8_3_above_25_cap_counts_25() -> None:
    """MARA-8.3, above_25="cap" (the variant: "beginnt neu bei 25" read as set back to 25):
    a total above 25 counts as 25, so 25 against 25 goes to the tie-break of MARA-8.4 and blue,
    with more cupcakes, wins; a total of 25 or less is unchanged."""
    s = _both_above_25(boardkit.load_game("marabunta", first_number="free", above_25="cap"))
    assert [x["total"] for x in s.scores()] == [25, 25] and s.totals() == [25, 25]
    assert [x["region_points"] for x in s.scores()] == [28, 14]  # the parts are not capped
    assert s.outcome().winners == (1,) and s.returns() == [-1, 1]
    assert s.outcome().clause == "MARA-8.4" and "5 to 2" in s.outcome().reason
    low = carrying("green", roll={"green": "circle"}, fields={"f8": "blue 1"}, sheets={"green": [2, 6]},
                   game=boardkit.load_game("marabunta", first_number="free", above_25="cap"))
    assert low.scores()[1]["total"] == 6
    with pytest.raises(boardkit.OptionError):
        boardkit.load_game("marabunta", above_25="wrap")


# all crates crossed: crate dice cannot be used (MARA-D8); cupcakes2 gives 2 cupcakes, points 3
_DONE = {"crates": GROUPS}


def _last_cupcake(fields: dict[str, str], chooser_takes_tile: bool = True):
    """Round 8, every crate crossed, every cupcake field but i7 done, all dice crates: only
    the crossed-cupcake tile acts; its carrier triggers the end."""
    fields = {**crossed_except("i7"), **fields}
    s = position(roll={c: "crate" for c in REGIONS}, fields=fields, players={"red": _DONE, "blue": _DONE})
    s.apply_action("split tile")
    s.apply_action("take tile" if chooser_takes_tile else "take yellow orange green teal purple brown")
    s.apply_action("tile cross i7")
    assert s.is_terminal()
    return s


def test_MARA_8_4_total_decides_first() -> None:
    """MARA-8.4: the higher total wins, whatever the cupcakes."""
    s = _last_cupcake({"h9": "red 1", "g8": "blue 1", "b4": "blue 1", "f8": "blue 1"})
    red, blue = s.scores()
    assert (red["total"], red["cupcakes"]) == (7, 3) and (blue["total"], blue["cupcakes"]) == (9, 2)
    assert s.outcome().winners == (1,) and s.returns() == [-1, 1] and obs(s, "winner") == "blue"
    assert s.outcome().clause == "MARA-8.4" and s.outcome().reason == "blue has more points (9 to 7)"


def test_MARA_8_4_equal_totals_more_cupcakes_wins() -> None:
    """MARA-8.4: equal totals: more cupcakes crossed wins (even against the trigger player)."""
    s = _last_cupcake({"h9": "red 1", "g8": "blue 1", "b4": "blue 1"})
    red, blue = s.scores()
    assert red["total"] == blue["total"] == 7 and (red["cupcakes"], blue["cupcakes"]) == (3, 2)
    assert obs(s, "triggered_by") == "blue"
    assert s.outcome().winners == (0,) and s.returns() == [1, -1]
    assert s.outcome().clause == "MARA-8.4" and "red crossed more cupcakes (3 to 2)" in s.outcome().reason


@pytest.mark.parametrize("blue_triggers", [True, False])
def test_MARA_8_4_then_the_trigger_player_wins(blue_triggers: bool) -> None:
    """MARA-8.4, MARA-D11: equal totals and cupcakes: the player who triggered the end wins."""
    s = _last_cupcake({"h8": "red 1", "g8": "blue 1", "b4": "blue 1", "d4": "red 1"}, blue_triggers)
    red, blue = s.scores()
    assert red["total"] == blue["total"] == 7 and red["cupcakes"] == blue["cupcakes"] == 2
    trigger = 1 if blue_triggers else 0
    assert obs(s, "triggered_by") == ["red", "blue"][trigger]
    assert s.outcome().winners == (trigger,) and s.returns()[trigger] == 1 and s.winners() == [trigger]
    assert s.outcome().clause == "MARA-D11" and s.outcome().reason.endswith(f"{obs(s, 'triggered_by')} triggered the end")


# -- MARA-9 data, MARA-10 exact questions ----------------------------------------------------------
def test_MARA_9_default_data_file_loads() -> None:
    """MARA-9: the default data file and map state their assumptions and give 84 fields in 6
    regions of 14, 12 cupcake and 12 crate fields, 7 crate groups, the track and 8 tiles."""
    d = GAME.data
    assert GAME.options["data"] == "default" and d["name"] == "default"
    assert d["assumptions"] and d["source"] and GAME.board.source.endswith("marabunta.yaml")
    assert len(NAMES) == 84 and all(len(f) == 14 for f in FIELDS_OF.values())
    assert len(CUPCAKES) == 12 and len(CRATES) == 12 and not set(CUPCAKES) & set(CRATES)
    for k in range(6):  # 2 cupcake and 2 crate fields per region
        assert sum(1 for f in GAME.region_fields[k] if f in GAME.cupcake_fields) == 2
        assert sum(1 for f in GAME.region_fields[k] if f in GAME.crate_fields) == 2
    assert dict(zip(GAME.groups, GAME.group_power)) == {
        "onetwo": "write12", "zerothree": "write03", "cupcakes": "cupcakes2", "points": "points", "ones": "ones3",
        "cross": "cross2", "circles": "circles2"}
    assert GAME.tiles == ("crates2", "circles2", "one", "zeros2", "zero", "cross2", "again")


def test_MARA_9_data_option_takes_a_copy_and_refuses_a_broken_one(tmp_path: Path) -> None:
    """MARA-9: option data loads another file (a copy plays the same); a broken copy is
    refused with BoardkitDataError naming the file and the entry."""
    path = data_copy(tmp_path)
    g = boardkit.load_game("marabunta", data=path)
    assert g.options["data"] == path and g.regions == GAME.regions
    assert g.new_initial_state().observation(None) == GAME.new_initial_state().observation(None)
    bad = data_copy(tmp_path, cupcake_fields=11)
    with pytest.raises(BoardkitDataError) as info:
        boardkit.load_game("marabunta", data=bad)
    assert bad in str(info.value) and "cupcake_fields: 11" in str(info.value)


def test_MARA_10_the_engine_offers_63_splits() -> None:
    """MARA-10: the number of distinct splits (unordered, both pools non-empty) is 63 =
    2^7/2 - 1, the engine's split count, and boardkit.analysis.splits.count_splits(7)."""
    s = position("zeros2", roll={"yellow": "3", "orange": "crate", "green": "0", "teal": "2", "purple": "1"})
    assert len(s.legal_actions()) == 63 == 2 ** 7 // 2 - 1
    pools = {frozenset(a.pool) for a in s.legal_actions()}
    everything = frozenset(REGIONS + ["tile"])
    assert all(p and everything - p for p in pools)
    assert len({frozenset([p, everything - p]) for p in pools}) == 63  # unordered pairs, all distinct


def test_MARA_10_count_splits_matches_the_engine() -> None:
    """MARA-10: boardkit.analysis.splits.count_splits(7) == 63."""
    from boardkit.analysis.splits import count_splits

    assert count_splits(7) == 63


# -- decisions ---------------------------------------------------------------------------------------
def test_MARA_D1_numbers_without_a_die_colour_go_in_any_region() -> None:
    """MARA-D1: a number from a tile or power goes in any region; a die's 1-3 stays in its
    region (MARA-4.3)."""
    s = carrying("yellow tile", tile="one", roll={"yellow": "1"}, fields={"h7": "blue 2"})
    assert {"tile 1 h8", "tile 1 i8", "tile 1 h6"} <= legal(s)  # orange and yellow
    refused(s, "yellow 1 h8", "MARA-4.3", "h8 is in the orange region")
    s.apply_action("tile 1 h8")
    assert field(s, "h8") == "blue 1" and TERRITORY["h8"]["region"] == "orange"


def test_MARA_D2_a_part_that_cannot_be_done_is_lost() -> None:
    """MARA-D2: the parts of a tile are done in turn; a part with no legal place is lost."""
    s = carrying("tile teal", tile="zeros2", fields={"k7": "x", "j6": "x", "j5": "x"})
    s.apply_action("tile 0 k6")  # k6's neighbours k7, j6, j5 are all crossed
    assert lost_parts(s) == [("blue", "number")]
    assert obs(s, "pending") == [] and legal(s) == {"teal circle"}


def test_MARA_D2_parts_come_before_other_elements() -> None:
    """MARA-D2: while a part is in progress no other element may be used or skipped."""
    s = carrying("tile teal", tile="cross2")
    s.apply_action("tile cross a1")
    refused(s, "teal circle", "MARA-D2", "first finish the part in progress")
    refused(s, "skip tile", "MARA-D2", "first finish")
    refused(s, "circle teal", "MARA-D2", "not to fill a circle")
    s.apply_action("cross a2")
    refused(s, "cross b1", "MARA-3.3", "nothing is in progress")
    assert legal(s) == {"teal circle"}


def test_MARA_D3_ant_hills_only_where_needed() -> None:
    """MARA-D3: an ant hill is crossed only for a number the adjacency rule would refuse; it
    never lifts 'next to the one before' and free writes need none."""
    s = carrying("yellow", roll={"yellow": "2"}, fields={"h6": "blue 1"})
    refused(s, "yellow 2 i6 ant", "MARA-D3", "i6 is next to your number on h6")
    s = carrying("yellow", roll={"yellow": "2"})
    refused(s, "yellow 2 k10 ant", "MARA-D3", "your first number is free")
    s = carrying("tile", tile="zeros2", fields={"h6": "blue 1"})
    s.apply_action("tile 0 h7")
    refused(s, "0 i8 ant", "MARA-D3", "does not lift")
    refused(s, "0 a1 ant", "MARA-D2", "not next to it")  # far away: the ant hill is not the problem
    refused(s, "0 a1", "MARA-D2", "next to h7")
    s.apply_action("0 i8")
    assert player(s, 1)["ant_hills"] == 2


def test_MARA_D4_elements_that_cannot_be_used_are_lost_together() -> None:
    """MARA-D4: when no element left can be used, they are all lost together."""
    s = carrying("yellow orange", roll={"yellow": "2", "orange": "3"}, fields={"a1": "blue 1"},
                 players={"blue": {"ant_hills": 0}})
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost yellow, orange"]
    assert player(s, 1)["numbers"] == 1


def test_MARA_D4_a_usable_element_must_be_used_and_order_may_spoil_a_die() -> None:
    """MARA-D4: while some element can be used one must be used; a player may order the pool
    so that a die becomes unusable (then it is lost)."""
    s = carrying("yellow teal", roll={"yellow": "2", "teal": "circle"}, fields={"a1": "blue 1"},
                 players={"blue": {"ant_hills": 0}})
    assert legal(s) == {"teal circle"}
    refused(s, "yellow 2 h6", "MARA-4.5", "no ant hill is left")
    s.apply_action("teal circle")
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost yellow"]
    # two crate dice, one crate left: the first spoils the second
    crates = {**GROUPS, "points": 2}
    s = carrying("yellow orange", roll={"yellow": "crate", "orange": "crate"}, players={"blue": {"crates": crates}})
    assert legal(s) == {"yellow crate points", "orange crate points"}
    s.apply_action("yellow crate points")
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost orange"]
    assert player(s, 1)["score"]["power_points"] == 3


def test_MARA_D5_again_tile_repeats_a_used_die_not_a_lost_one() -> None:
    """MARA-D5: the again tile repeats the face of a die of its pool already carried out, as a
    new use with its own placement; never a die not used (nor one of the other pool)."""
    s = carrying("yellow orange tile", tile="again", roll={"yellow": "2", "orange": "crate"})
    refused(s, "tile again yellow 2 h6", "MARA-D5", "has not been used yet")
    refused(s, "tile 2 h6", "MARA-D5", "names the die it repeats")
    refused(s, "tile again green circle", "MARA-D5", "not in this pool")
    s.apply_action("orange crate ones")
    assert {a for a in legal(s) if a.startswith("tile")} == {f"tile again orange crate {g}" for g in GROUPS}
    s.apply_action("tile again orange crate ones")
    assert player(s, 1)["crates"]["ones"] == 2
    s.apply_action("yellow 2 h6")
    assert s.current_player() == 0
    # a die that could not be used cannot be repeated
    s = carrying("yellow orange tile", tile="again", roll={"yellow": "2", "orange": "circle"},
                 fields={"a1": "blue 1"}, players={"blue": {"ant_hills": 0}})
    s.apply_action("orange circle")
    assert {a for a in legal(s) if a.startswith("tile")} == {"tile again orange circle"}
    refused(s, "tile again yellow 2 h6", "MARA-D5")
    s.apply_action("tile again orange circle")
    assert obs(s, "sheets")["orange"] == [2, 4] and obs(s, "lost") == ["blue lost yellow"]


def test_MARA_D5_again_tile_cannot_repeat_a_skipped_die_true_reason() -> None:
    """MARA-D5, MARA-4.6: with decline=True a skipped die was not carried out, so the again
    tile cannot repeat it; the reason must not say the die is not in the pool."""
    g = boardkit.load_game("marabunta", decline=True)
    s = carrying("yellow teal tile", tile="again", roll={"yellow": "2", "teal": "circle"}, game=g)
    s.apply_action("skip yellow")
    assert not any(a.startswith("tile again yellow") for a in legal(s))
    err = refused(s, "tile again yellow 2 h6", "MARA-D5")
    assert "not in this pool" not in err.reason, err.reason


def test_MARA_D6_circles2_tile_needs_two_sheets_power_may_use_one() -> None:
    """MARA-D6: the circles2 tile fills circles on two different sheets; the circles2 power
    may fill both on one sheet."""
    s = carrying("tile", tile="circles2")
    s.apply_action("tile circle teal")
    refused(s, "circle teal", "MARA-D6", "another sheet")
    s = _power("circles")
    play(s, "circle teal", "circle teal")
    assert obs(s, "sheets")["teal"] == [2, 4]


def test_MARA_D7_crossing_needs_no_neighbour_gives_nothing_counts_as_filled() -> None:
    """MARA-D7: crossing fields needs no own number nearby, gives nothing on a cupcake or
    crate field, and a crossed field counts as filled for the end."""
    s = carrying("tile", tile="cross2", fields={"a1": "blue 1"})
    s.apply_action("tile cross j6")  # far from a1, a crate field
    s.apply_action("cross k7")  # a crate field
    assert player(s, 1)["crates"] == {g: 0 for g in GROUPS} and obs(s, "pending") == []
    s = carrying("tile")  # the crossed-cupcake tile on a cupcake field
    s.apply_action("tile cross i7")
    assert player(s, 1)["cupcakes"] == 0 and player(s, 1)["score"]["total"] == 0
    s = carrying("tile", tile="cross2", fields=crossed_except("h6", "h7", among=FIELDS_OF["yellow"]))
    play(s, "tile cross h6", "cross h7")
    assert obs(s, "triggers") == ["blue: every field of the yellow region is filled or crossed"]


def test_MARA_D8_exhausted_track_scores_nothing_more() -> None:
    """MARA-D8: a cupcake when the track is fully crossed scores nothing."""
    own = ["a3", "c5", "c8", "d1", "d3", "e8", "g4", "h11", "h9", "i4"]
    s = carrying("yellow", roll={"yellow": "2"}, fields={f: "blue 0" for f in own},
                 players={"blue": {"crates": {"cupcakes": 3}, "cupcakes": 12}})
    assert player(s, 1)["score"]["cupcake_points"] == 42
    s.apply_action("yellow 2 i7 ant")
    assert player(s, 1)["cupcakes"] == 12 and player(s, 1)["score"]["cupcake_points"] == 42


def test_MARA_D8_no_crate_left_the_crate_die_is_lost() -> None:
    """MARA-D8: with every crate group complete the crate die cannot be used (MARA-4.6)."""
    s = carrying("yellow", roll={"yellow": "crate"}, players={"blue": _DONE})
    assert s.current_player() == 0 and obs(s, "lost") == ["blue lost yellow"]
    s = carrying("yellow teal", roll={"yellow": "crate", "teal": "circle"}, players={"blue": _DONE})
    assert legal(s) == {"teal circle"}
    refused(s, "yellow crate ones", "MARA-4.2", "no crate left")
    # the crate of a crate field is lost too
    s = carrying("yellow", roll={"yellow": "2"}, players={"blue": _DONE})
    s.apply_action("yellow 2 j6")
    assert lost_parts(s) == [("blue", "crate")] and s.current_player() == 0


def test_MARA_D9_the_first_trigger_names_the_trigger_player() -> None:
    """MARA-D9: the player whose element first meets an end condition triggered the end;
    later triggers in the same round change nothing."""
    fields = {**crossed_except("h9"), **crossed_except("h6", among=FIELDS_OF["yellow"])}
    s = position(roll={"yellow": "1", **{c: "crate" for c in REGIONS[1:]}}, fields=fields,
                 players={"red": _DONE, "blue": _DONE})
    play(s, "split yellow", "take yellow", "yellow 1 h6")
    assert obs(s, "triggered_by") == "blue"
    s.apply_action("tile cross h9")
    assert s.is_terminal()
    assert obs(s, "triggers") == ["blue: every field of the yellow region is filled or crossed",
                                  "red: every cupcake field is filled or crossed"]
    assert obs(s, "triggered_by") == "blue"


def test_MARA_D10_points_power_value_from_the_data_file(tmp_path: Path) -> None:
    """MARA-D10: the points power scores the value printed in the data file (default 3)."""
    assert GAME.group_points[GAME.groups.index("points")] == 3
    doc = yaml.safe_load(DEFAULT_DATA.read_text(encoding="utf-8"))
    groups = [dict(g, points=2) if g["name"] == "points" else g for g in doc["crate_groups"]]
    g2 = boardkit.load_game("marabunta", data=data_copy(tmp_path, crate_groups=groups))
    s = _power("points", game=g2)
    assert player(s, 1)["score"]["power_points"] == 2


def test_MARA_D11_always_a_winner() -> None:
    """MARA-D11: equal totals and cupcakes: the trigger player wins; returns are never a draw."""
    s = _last_cupcake({"h8": "red 1", "g8": "blue 1", "b4": "blue 1", "d4": "red 1"})
    assert s.scores()[0]["total"] == s.scores()[1]["total"]
    assert s.returns() == [-1, 1] and s.winners() == [1]
