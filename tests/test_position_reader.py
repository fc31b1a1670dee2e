"""The core position reader (boardkit.core.position) and the fields it bounds in every game.

Each field a user found accepted or ignored is refused naming the field and the value; a
position past the game's ``max_turns`` cut-off is refused naming the field and the cut-off
clause, and a game cut off from a position says after how many turns it was cut off.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import boardkit
from boardkit import BoardkitDataError, IllegalPositionError
from boardkit.core.position import ABSENT, MAX_COUNT, Check, Field, PositionFormat, PositionReader, bounded


def _position(name: str, steps: int = 30, seed: int = 3, **options: Any) -> tuple[boardkit.Game, dict[str, Any]]:
    """A game and the JSON-plain position of a seeded random game after ``steps`` steps."""
    game = boardkit.load_game(name, **options)
    state = game.new_initial_state()
    boardkit.random_playout(state, random.Random(seed), max_actions=steps)
    assert not state.is_terminal()
    return game, json.loads(json.dumps(state.to_position()))


# -- the core reader -------------------------------------------------------------------------------

def test_bounded_gives_every_unbounded_integer_the_count_bound() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "integer", "minimum": 0},
                                               "b": {"type": ["integer", "null"], "maximum": 3},
                                               "c": {"type": "array", "items": {"type": "integer"}}}}
    out = bounded(schema)
    assert out["properties"]["a"] == {"type": "integer", "minimum": 0, "maximum": MAX_COUNT}
    assert out["properties"]["b"]["maximum"] == 3
    assert out["properties"]["c"]["items"] == {"type": "integer", "maximum": MAX_COUNT, "minimum": -MAX_COUNT}
    assert "maximum" not in schema["properties"]["a"]  # the game's schema is not changed


def test_the_reader_names_the_field_and_the_value() -> None:
    game = boardkit.load_game("leaders")
    schema = {"type": "object", "additionalProperties": False,
              "properties": {"n": {"type": "integer"}, "m": {"type": "object"}}}
    with pytest.raises(BoardkitDataError, match=rf"position: n: {10**40} is greater than the maximum of {MAX_COUNT}"):
        PositionReader(game, {"n": 10**40}, schema)
    with pytest.raises(BoardkitDataError, match=r"position: \(top level\): Additional properties .*'x' was unexpected"):
        PositionReader(game, {"x": 1}, schema)
    r = PositionReader(game, "n: 3\nm: {1: a}", schema)
    assert r.doc == {"n": 3, "m": {"1": "a"}}
    assert r.seat("to_move", "1") == 1 and r.seat("to_move", 0) == 0
    with pytest.raises(BoardkitDataError, match=r"position: to_move: '01': write a seat without leading zeros \(1\)"):
        r.seat("to_move", "01")
    for bad in ("+1", "2", "002", -1, True, 2, "１"):
        with pytest.raises(BoardkitDataError, match=r"position: to_move: .* is not a seat \(0 \.\. 1\)"):
            r.seat("to_move", bad)
    with pytest.raises(BoardkitDataError, match=r"position: m: key '1' is given twice"):
        PositionReader(game, {"m": {"1": "a", 1: "b"}}, schema)
    assert r.seat_keys("m") == {1: "a"}
    with pytest.raises(BoardkitDataError, match=r"position: m: '01': write a seat without leading zeros"):
        PositionReader(game, {"m": {"01": "a"}}, schema).seat_keys("m")
    with pytest.raises(BoardkitDataError, match=r"position: k: 7 is out of range: 0 \.\. 4 \(why\)"):
        r.whole("k", 7, 0, 4, "why")
    with pytest.raises(BoardkitDataError, match=r"position: k: 'x' is not a phase \(a, b\)"):
        r.choice("k", "x", ["a", "b"], "a phase")


def test_a_format_reads_its_fields_and_checks_in_order_with_their_defaults() -> None:
    game = boardkit.load_game("leaders")
    seen: list[Any] = []

    def note(r: PositionReader, ctx: list[Any], value: Any) -> None:
        ctx.append(value)

    def positive(r: PositionReader, ctx: list[Any], value: int) -> None:
        if value <= 0:
            raise r.error("n", f"{value}: give a positive count")
        ctx.append(value)

    fmt: PositionFormat[list[Any]] = PositionFormat([
        Field("n", {"type": "integer"}, positive, required=True),
        Field("a", {"type": "string"}, note, default="A"),
        Field("b", {"type": "string"}, note, default=lambda ctx: f"after {ctx[-1]}"),
        Field("c", {"type": "string"}, note),  # ABSENT: not read when not given
        Field("d", {"type": "string"}),  # read by the check
    ], steps=["n", "b", Check("d", lambda r, ctx: ctx.append(("d", r.get("d")))), "a", "c"])
    assert fmt.schema["required"] == ["n"] and fmt.schema["properties"]["n"]["maximum"] == MAX_COUNT
    r = PositionReader(game, {"n": 2, "d": "x"}, fmt)
    r.run(seen)
    assert seen == [2, "after 2", ("d", "x"), "A"]
    r = PositionReader(game, "n: 3\nc: C\na: Z", fmt)
    seen.clear()
    r.run(seen)
    assert seen == [3, "after 3", ("d", None), "Z", "C"]
    with pytest.raises(BoardkitDataError, match=r"position: n: 0: give a positive count"):
        PositionReader(game, {"n": 0}, fmt).run([])
    with pytest.raises(BoardkitDataError, match=r"position: \(top level\): 'n' is a required property"):
        PositionReader(game, {"a": "x"}, fmt)
    with pytest.raises(BoardkitDataError, match=r"position: \(top level\): .*'e' was unexpected"):
        PositionReader(game, {"n": 1, "e": 1}, fmt)
    with pytest.raises(ValueError, match=r"the steps \['d'\] name no field with a read hook"):
        PositionFormat([Field("d", {"type": "string"})], steps=["d"])
    assert repr(ABSENT) == "ABSENT"


# -- fields accepted or ignored --------------------------------------------------------------------

@pytest.mark.parametrize("field, value, message", [
    ("to_move", 99, r"position: to_move: 99 is not a seat \(0 \.\. 7\)"),
    ("to_move", -7, r"position: to_move: -7 is not a seat \(0 \.\. 7\)"),
    ("round", 10**40, rf"position: round: {10**40} is greater than the maximum of {MAX_COUNT}"),
    ("turns", 10**40, rf"position: turns: {10**40} is greater than the maximum of {MAX_COUNT}"),
])
def test_gridhunt_refuses_seats_and_counters_out_of_bounds(field: str, value: int, message: str) -> None:
    game, pos = _position("gridhunt")
    game.state_from_position(pos)
    with pytest.raises(BoardkitDataError, match=message):
        game.state_from_position({**pos, field: value})


@pytest.mark.parametrize("field, message", [
    ("idle_turns", r"position: idle_turns: .* is greater than the maximum"),
    ("figures_left", r"position: figures_left: .* is greater than the maximum"),
])
def test_battle_royale_refuses_huge_counters(field: str, message: str) -> None:
    game, pos = _position("battle_royale", 12)
    game.state_from_position(pos)
    with pytest.raises(BoardkitDataError, match=message):
        game.state_from_position({**pos, field: 10**40})


def test_battle_royale_bounds_figures_left_and_idle_turns_by_the_game() -> None:
    game, pos = _position("battle_royale", 12)
    with pytest.raises(BoardkitDataError, match=r"position: figures_left: 7 is out of range: 0 \.\. 3 \(no card moves"):
        game.state_from_position({**pos, "figures_left": 7})
    with pytest.raises(BoardkitDataError, match=r"position: idle_turns: 1 is out of range: 0 \.\. 0 .*no_cards='round'"):
        game.state_from_position({**pos, "idle_turns": 1})
    rounds = boardkit.load_game("battle_royale", no_cards="round")
    with pytest.raises(BoardkitDataError, match=r"position: idle_turns: 3 is out of range: 0 \.\. 2"):
        rounds.state_from_position({**pos, "idle_turns": 3})  # two players: a round is two turns
    assert rounds.state_from_position({**pos, "idle_turns": 2}).to_position()["idle_turns"] == 2


@pytest.mark.parametrize("field", ["fields", "players", "sheets"])
def test_marabunta_refuses_null_for_a_mapping(field: str) -> None:
    game, pos = _position("marabunta", 20)
    game.state_from_position(pos)
    with pytest.raises(BoardkitDataError, match=rf"position: {field}: None is not of type 'object'"):
        game.state_from_position({**pos, field: None})


def test_leaders_refuses_a_huge_turn() -> None:
    game, pos = _position("leaders", 10)
    with pytest.raises(BoardkitDataError, match=rf"position: turn: {10**40} is greater than the maximum"):
        game.state_from_position({**pos, "turn": 10**40})


# -- max_turns -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, field, clause, options", [
    ("leaders", "turn", "LEAD-D7", {}),
    ("battle_royale", "turn", "BR-D9", {}),
    ("armageddon", "turns", "ARMA-D12", {}),
    ("gridhunt", "turns", "GRID-D10", {}),
])
def test_a_position_past_max_turns_is_refused_naming_the_field(name: str, field: str, clause: str,
                                                               options: dict[str, Any]) -> None:
    game, pos = _position(name, 80, **options)
    turns = pos[field]
    assert turns >= 3
    cut = boardkit.load_game(name, max_turns=turns - 1, **options)
    with pytest.raises(IllegalPositionError, match=rf"\[{clause}\] position: {field}: {turns} turns begun, but this "
                                                   rf"game is cut off after {turns - 1} \(max_turns={turns - 1}\)"):
        cut.state_from_position(pos)
    assert boardkit.load_game(name, max_turns=turns, **options).state_from_position(pos).to_position() == pos


def test_gridhunt_simultaneous_rounds_may_begin_past_max_turns_by_a_round() -> None:
    game, pos = _position("gridhunt", 80, turn_order="simultaneous")
    living = sum(1 for p in pos["players"].values() if p["alive"])
    first = pos["turns"] - living + 1  # the round began when fewer than max_turns turns had begun
    assert boardkit.load_game("gridhunt", turn_order="simultaneous", max_turns=first).state_from_position(pos)
    with pytest.raises(IllegalPositionError, match=r"GRID-D10"):
        boardkit.load_game("gridhunt", turn_order="simultaneous", max_turns=pos["turns"] - 8).state_from_position(pos)


def test_armageddon_cut_off_from_a_position_counts_the_turns_it_was_cut_off_after() -> None:
    game, pos = _position("armageddon", 40)
    turns = pos["turns"]
    state = boardkit.load_game("armageddon", max_turns=turns).state_from_position(pos)
    boardkit.random_playout(state, random.Random(0), max_actions=500)
    assert state.is_terminal()
    assert state.outcome().reason == f"cut off after {turns} turns (max_turns={turns})"


@pytest.mark.parametrize("name", boardkit.list_games())
def test_a_finished_game_is_not_a_position_to_play_from(name: str) -> None:
    """to_position() of a finished game raises ValueError naming the game and how it ended
    (docs/api-contract.md); to_position(finished=True) describes it in the same form, JSON-ready."""
    g = boardkit.load_game(name)
    s = boardkit.random_playout(g.new_initial_state(), random.Random(4))
    assert s.is_terminal()
    with pytest.raises(ValueError, match=rf"{name}: the game is over \(.+\); a finished game is not a position"):
        s.to_position()
    described = s.to_position(finished=True)
    assert isinstance(described, dict) and json.loads(json.dumps(described)) == described


def test_whole_number_choices_refuse_floats_and_booleans():
    # JSON Schema's enum compares by value (1.0 == 1): the fields that choose among whole numbers
    # also say "integer", so 1.0 and True are refused, not kept in the position
    from boardkit.core.playout import sample_chance

    g = boardkit.load_game("gridhunt")
    s, rng = g.new_initial_state(), random.Random(0)
    for _ in range(60):
        movers = s.current_players()
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else s.sample_legal_action(rng, movers[0]),
                       player=movers[0] if len(movers) > 1 else None)
    d = s.to_position()
    assert g.state_from_position(d).to_position() == d
    for bad in (1.0, True):
        d["players"]["0"]["radius"] = bad
        with pytest.raises(BoardkitDataError, match="radius"):
            g.state_from_position(d)
    leaders = boardkit.load_game("leaders")
    s = leaders.new_initial_state()
    while s.is_chance_node():
        s.apply_action(sample_chance(s, rng))
    d = s.to_position()
    for bad in (1.0, 0.0, True):
        with pytest.raises(BoardkitDataError, match="first_player"):
            leaders.state_from_position({**d, "first_player": bad})


CUT_OFF = {"armageddon": {"max_turns": 5}, "gridhunt": {"max_turns": 10}, "leaders": {"max_turns": 4},
           "marabunta": {}, "battle_royale": {"max_turns": 4}}


@pytest.mark.parametrize("cut", [False, True], ids=["played-out", "cut-off"])
@pytest.mark.parametrize("name", boardkit.list_games())
def test_a_finished_games_own_description_read_back(name: str, cut: bool) -> None:
    """What to_position(finished=True) writes reads back in every game, study or not, as that
    finished game: the same outcome, returns and observation (the full truth and each seat's),
    no legal action, the same description and key. (Leaders, Battle Royale and Armageddon
    refused it naming ``phase``, while Gridhunt and Marabunta read it back; an Armageddon game
    cut off read back as a game still to play, and a gridhunt one was refused: GRID-1.1.)"""
    options = CUT_OFF[name] if cut else {}
    variants = [options, {**options, "turn_order": "simultaneous"}] if name == "gridhunt" else [options]
    for opts in variants:
        g = boardkit.load_game(name, **opts)
        for seed in range(6):
            s = boardkit.random_playout(g.new_initial_state(), random.Random(seed))
            described = json.loads(json.dumps(s.to_position(finished=True)))
            for study in (False, True):
                back = g.state_from_position(described, study=study)
                assert back.is_terminal() and back.outcome() == s.outcome() and back.returns() == s.returns()
                assert back.legal_actions() == [] and back.position_key() == s.position_key()
                for seat in (None, *range(g.num_players)):
                    assert back.observation(seat) == s.observation(seat)
                assert back.to_position(finished=True) == described


@pytest.mark.parametrize(("name", "edit", "clause"), [
    ("leaders", {"turn": 3}, "LEAD-3.1"),
    ("battle_royale", {"turn": 3}, "BR-3.1"),
    ("armageddon", {"turns": 3, "end": {"clause": "ARMA-D12", "reason": "cut off after 3 turns (max_turns=5)"}},
     "ARMA-D12"),
])
def test_a_finished_description_of_a_game_not_over_is_refused(name: str, edit: dict[str, Any], clause: str) -> None:
    """``phase: over`` is read back only when the position has ended the game: a game cut off
    by max_turns moved back before the cut-off is refused naming the clause."""
    g = boardkit.load_game(name, **CUT_OFF[name])
    s = boardkit.random_playout(g.new_initial_state(), random.Random(1))
    described = {**s.to_position(finished=True), **edit}
    with pytest.raises(IllegalPositionError, match=clause):
        g.state_from_position(described, study=True)


def test_an_armageddon_end_is_checked_against_the_board() -> None:
    """Armageddon's finished description names its end (the board does not tell how GK was
    taken): an end the board contradicts, or a reason the game would not write, is refused."""
    g = boardkit.load_game("armageddon")
    s = boardkit.random_playout(g.new_initial_state(), random.Random(0))
    described = s.to_position(finished=True)
    assert described["phase"] == "over" and described["end"]["clause"] == s.outcome().clause
    with pytest.raises(IllegalPositionError, match="ARMA-D12"):
        g.state_from_position({**described, "end": {"clause": "ARMA-D12", "reason": "cut off"}})
    with pytest.raises(BoardkitDataError, match="^position: end.reason: "):
        g.state_from_position({**described, "end": {**described["end"], "reason": "a made-up end"}})
    with pytest.raises(BoardkitDataError, match="^position: end: "):
        g.state_from_position({k: v for k, v in described.items() if k != "end"})
    with pytest.raises(BoardkitDataError, match="^position: end: "):
        g.state_from_position({**g.new_initial_state().to_position(), "end": described["end"]})


def test_ARMA_1_4_a_hand_edited_end_reason_is_refused_with_the_whole_reason_the_game_writes() -> None:
    """The reason must match the engine's text exactly, so the message gives that text whole
    (it was cut off after 40 characters)."""
    g = boardkit.load_game("armageddon")
    s = boardkit.random_playout(g.new_initial_state(), random.Random(0))
    described = s.to_position(finished=True)
    assert described["end"]["clause"] == "ARMA-1.4" and len(described["end"]["reason"]) > 60
    edited = {**described, "end": {**described["end"], "reason": described["end"]["reason"].upper()}}
    with pytest.raises(BoardkitDataError, match="^position: end.reason: ") as refused:
        g.state_from_position(edited)
    assert repr(described["end"]["reason"]) in str(refused.value)


@pytest.mark.parametrize("clause", ["arma-1.4", "ARMA-99", "Arma-D12", ""])
def test_an_unknown_or_mis_cased_armageddon_end_clause_is_a_data_error_listing_the_ends(clause: str) -> None:
    """``end.clause`` names one of the game's ends as the game writes it; any other id is a data
    error naming the field and listing the ends (it was an IllegalPositionError tagged with an
    unrelated clause, or with the unknown id itself)."""
    g = boardkit.load_game("armageddon")
    s = boardkit.random_playout(g.new_initial_state(), random.Random(0))
    described = s.to_position(finished=True)
    with pytest.raises(BoardkitDataError, match="^position: end.clause: ") as refused:
        g.state_from_position({**described, "end": {**described["end"], "clause": clause}}, study=True)
    assert not isinstance(refused.value, IllegalPositionError)
    for end in ("ARMA-1.3", "ARMA-6.3", "ARMA-D16", "ARMA-1.4", "ARMA-D12"):
        assert end in str(refused.value)


@pytest.mark.parametrize(("name", "field", "clause"), [
    ("leaders", "turn", "LEAD-D7"),
    ("gridhunt", "turns", "GRID-D10"),
    ("armageddon", "turns", "ARMA-D12"),
    ("battle_royale", "turn", "BR-D9"),
])
def test_a_game_cut_off_by_max_turns_read_without_it_names_max_turns_and_the_value_to_load(
        name: str, field: str, clause: str) -> None:
    """A finished game cut off by max_turns, read by a game loaded without that option, is
    refused naming the cut-off clause and the max_turns to load it with (its turn count); so
    loaded, it reads back as the same finished game."""
    g = boardkit.load_game(name, **CUT_OFF[name])
    for seed in range(20):
        s = boardkit.random_playout(g.new_initial_state(), random.Random(seed))
        if s.outcome().clause == clause:
            break
    else:
        raise AssertionError(f"no seeded {name} game cut off")
    described = json.loads(json.dumps(s.to_position(finished=True)))
    turns = described[field]
    for study in (False, True):
        with pytest.raises(IllegalPositionError,
                           match=rf"cut off by max_turns \({clause}\).*load the game with max_turns={turns}$"):
            boardkit.load_game(name).state_from_position(described, study=study)
    back = boardkit.load_game(name, max_turns=turns).state_from_position(described)
    assert back.is_terminal() and back.outcome().clause == clause and back.returns() == s.returns()
