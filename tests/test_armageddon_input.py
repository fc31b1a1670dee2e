"""Bad input to Armageddon: notation, over-allotment, corrupt saves, bad positions and
options. Each is refused with a clear error and leaves the state unchanged."""

from __future__ import annotations

import json

import pytest

import boardkit
from boardkit import IllegalActionError
from boardkit.core.rules import NotationError
from boardkit.core.spec import OptionError
from boardkit.core.validate import BoardkitDataError

from arma_helpers import position, state


def snap(s):
    return s.to_json(), json.dumps(s.observation(None), sort_keys=True), [str(a) for a in s.legal_actions()]


@pytest.mark.parametrize("text, words", [
    ("", "empty action"),
    ("fly red1 3", "unknown action"),
    ("move purple1 3", "not a chip"),
    ("move red1 three", "not a whole number"),
    ("move red1", "missing"),
    ("move red1 3 4", "not expected"),
    ("home red1 mars", "not a cell"),
    ("roll 7", "not a face"),
])
def test_bad_notation_is_refused_and_changes_nothing(text, words):
    s = boardkit.load_game("armageddon").new_initial_state()
    s.apply_action("roll 4")
    before = snap(s)
    with pytest.raises(NotationError) as info:
        s.apply_action(text)
    assert words in str(info.value)
    assert snap(s) == before


@pytest.mark.parametrize("action, clause", [
    ("move red1 5", "ARMA-3.1"),   # more than rolled
    ("move red1 0", "ARMA-3.1"),
    ("move red1 -2", "ARMA-3.1"),
    ("move w1 2", "ARMA-3.1"),     # not red's chip
    ("home red1 h1_red_1", "ARMA-7.2"),
    ("roll 3", "ARMA-3.1"),
])
def test_over_allotment_and_wrong_actions_raise_naming_the_clause(action, clause):
    s = boardkit.load_game("armageddon").new_initial_state()
    s.apply_action("roll 4")
    before = snap(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply_action(action)
    assert info.value.clause == clause and info.value.reason
    assert snap(s) == before
    assert s.why_illegal(action).clause == clause


def test_over_allotment_after_a_first_share():
    s = boardkit.load_game("armageddon").new_initial_state()
    s.apply_action("roll 5")
    s.apply_action("move red1 3")
    before = snap(s)
    with pytest.raises(IllegalActionError) as info:
        s.apply_action("move red2 3")
    assert info.value.clause == "ARMA-3.1" and "only 2 point(s) of the roll of 5" in info.value.reason
    assert snap(s) == before


@pytest.mark.parametrize("mutate, words", [
    (lambda d: "{not json", "not valid JSON"),
    (lambda d: json.dumps({**d, "game": "leaders"}), "game"),
    (lambda d: json.dumps({**d, "history": d["history"][:1] + ["move red1 9"]}), "history[1]"),
    (lambda d: json.dumps({**d, "history": d["history"] + ["gibberish"]}), "gibberish"),
    (lambda d: json.dumps({**d, "options": {**d["options"], "colours": "red blue"}}), "colours"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "history"}), "history"),
])
def test_corrupt_save_is_refused_with_a_clear_error(mutate, words):
    s = boardkit.load_game("armageddon").new_initial_state()
    for a in ("roll 3", "move red1 3"):
        s.apply_action(a)
    doc = json.loads(s.to_json())
    before = snap(s)
    with pytest.raises(BoardkitDataError) as info:
        s.game.state_from_json(mutate(doc))
    assert words in str(info.value)
    assert snap(s) == before
    assert snap(boardkit.state_from_json(s.to_json())) == before


@pytest.mark.parametrize("change, words", [
    ({"chips": {"red1": "mars"}}, "not a node"),
    ({"chips": {"pluto": "r1"}}, "not a chip"),
    ({"turn": "blue"}, "not a side"),
    ({"roll": 9}, "roll"),
    ({"phase": "move"}, "roll"),
    ({"depot": -1}, "depot"),
])
def test_bad_position_descriptions_are_refused(change, words):
    d = position("red")
    chips = dict(d["chips"])
    if "chips" in change:
        extra = change["chips"]
        if "pluto" in extra:
            chips["pluto"] = "r1"
        else:
            chips.update(extra)
    d.update({k: v for k, v in change.items() if k != "chips"})
    d["chips"] = chips
    with pytest.raises(BoardkitDataError) as info:
        boardkit.load_game("armageddon").state_from_position(d)
    assert words in str(info.value)


def test_impossible_positions_name_the_clause():
    from boardkit.core.rules import IllegalPositionError

    for chips, clause in (({"w1": "dot", "officer": "e1"}, "ARMA-5.6"), ({"red1": "g3"}, "ARMA-3.7"),
                          ({"red1": "r1", "red2": "r1"}, "ARMA-3.5")):
        with pytest.raises(IllegalPositionError) as info:
            state("red", None, chips)
        assert info.value.clause == clause


def test_unknown_options_are_refused():
    with pytest.raises(OptionError):
        boardkit.load_game("armageddon", colours="red red")
    with pytest.raises(OptionError):
        boardkit.load_game("armageddon", laser=False)
    with pytest.raises(BoardkitDataError):
        boardkit.load_game("armageddon", data="no_such_board")


@pytest.mark.parametrize("bad", [0, -1])
def test_ARMA_D12_max_turns_below_one_is_refused(bad: int) -> None:
    """ARMA-D12: the cut-off is at least one turn; 0 or less is refused naming the option."""
    with pytest.raises(boardkit.OptionError, match=r"max_turns=.* must be at least 1 \(ARMA-D12\)"):
        boardkit.load_game("armageddon", max_turns=bad)


@pytest.mark.parametrize("options", [{}, {"aliens_win": "count"}, {"colours": "red green"}], ids=["seed", "count", "two-colours"])
def test_ARMA_1_4_ARMA_4_4_every_position_of_play_reads_back(options):
    # the reader's end test is the game's own (aliens_win), and a colour whose chip reached the
    # landing circle in this very turn (its next turn is skipped) may still be moving
    import random

    g = boardkit.load_game("armageddon", **options)
    landed_mid_turn = 0
    for seed in range(4):
        s, rng = g.new_initial_state(), random.Random(seed)
        while not s.is_terminal():
            d = s.to_position()
            assert g.state_from_position(d).to_position() == d, (seed, s.move_number())
            landed_mid_turn += d["phase"] != "roll" and d["turn"] in d["skip"]
            s.apply_action(boardkit.sample_chance(s, rng) if s.is_chance_node() else s.sample_legal_action(rng))
    if not options:
        assert landed_mid_turn > 0


def test_ARMA_1_4_a_position_already_won_by_the_aliens_is_refused_by_the_games_own_end_test():
    out = dict.fromkeys(("red1", "red2", "red3", "red4", "green3", "green4", "yellow2", "yellow3", "yellow4"), "out")
    # red 0, green 2, yellow 1: 3 chips in play. 'colours': green still has two, play goes on;
    # 'count': as many chips as colours play, the aliens have won
    assert boardkit.load_game("armageddon").state_from_position(position("green", chips=out)).pos.winner is None
    g = boardkit.load_game("armageddon", aliens_win="count")
    with pytest.raises(boardkit.IllegalPositionError, match="the aliens have won already") as info:
        g.state_from_position(position("green", chips=out))
    assert info.value.clause == "ARMA-1.4"
    out["green2"] = "out"  # green 1: every colour is down to one chip or none
    g = boardkit.load_game("armageddon")
    with pytest.raises(boardkit.IllegalPositionError, match="every Earth colour is down to one chip or none"):
        g.state_from_position(position("green", chips=out))
    assert g.state_from_position(position("green", chips=out), study=True).pos.winner == "aliens"
