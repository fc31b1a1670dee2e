"""What a new user tripped on: a run of 10^26 games, and messages that said the wrong thing
(a number only too large called no number, a seat that already gave its order told it is not
its turn, a dict given as saved JSON, cards listed twice, a card written without its verb)."""

from __future__ import annotations

import json
import random

import pytest

import boardkit
from boardkit import BoardkitDataError, IllegalActionError, IllegalPositionError, NotationError
from boardkit.cli import main
from boardkit.sim import MAX_GAMES, play_many


# -- simulate --n is bounded -----------------------------------------------------------------------

def test_play_many_refuses_more_games_than_the_bound_before_playing() -> None:
    with pytest.raises(ValueError, match=rf"play_many: n={10**26}: at most {MAX_GAMES} games a run \(sim.MAX_GAMES\)"):
        play_many("leaders", 10**26, progress=False)
    with pytest.raises(ValueError, match=r"at most 1000000 games"):
        play_many("leaders", MAX_GAMES + 1, progress=False)


def test_simulate_refuses_a_huge_n_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "leaders", "--n", str(10**26), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"boardkit simulate: play_many: n={10**26}: at most {MAX_GAMES} games a run (sim.MAX_GAMES); "
                   f"play more as several runs with different seeds")


# -- messages --------------------------------------------------------------------------------------

def _armageddon_move() -> boardkit.State:
    state = boardkit.load_game("armageddon").new_initial_state()
    rng = random.Random(0)
    while not state.legal_actions() or not str(state.legal_actions()[0]).startswith("move"):
        boardkit.random_playout(state, rng, max_actions=1)
    return state


def test_a_whole_number_too_large_is_called_too_large_with_its_bound() -> None:
    state = _armageddon_move()
    chip = str(state.legal_actions()[0]).split()[1]
    with pytest.raises(NotationError, match=r"'99999999999999999999999' is too large: a whole number here has at "
                                            r"most 18 digits"):
        state.parse_action(f"move {chip} 99999999999999999999999")
    with pytest.raises(NotationError, match=r"'two' is not a whole number"):
        state.parse_action(f"move {chip} two")


def test_a_seat_repeating_its_simultaneous_order_is_told_it_already_gave_it() -> None:
    state = boardkit.load_game("gridhunt", turn_order="simultaneous").new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or state.to_position()["phase"] != "orders":
        boardkit.random_playout(state, rng, max_actions=1)
    p = state.current_players()[0]
    action = state.legal_actions(p)[0]
    state.apply_action(action, player=p)
    with pytest.raises(IllegalActionError, match=rf"\[GRID-6\] .*player {p} already gave its order this round$"):
        state.apply_action(action, player=p)
    why = state.why_illegal(action, player=p)
    assert why is not None and str(why).endswith(f"player {p} already gave its order this round")


@pytest.mark.parametrize("value", [{"game": "leaders"}, ["x"], 7])
def test_state_from_json_of_no_text_says_what_it_expects(value: object) -> None:
    game = boardkit.load_game("leaders")
    with pytest.raises(BoardkitDataError, match=rf"saved state: state_from_json expects the JSON text a state's "
                                                rf"to_json\(\) wrote \(a str or bytes\), got {type(value).__name__}$"):
        game.state_from_json(value)  # type: ignore[arg-type]
    state = game.new_initial_state()
    assert game.state_from_json(state.to_json().encode()).to_json() == state.to_json()


def test_battle_royale_card_errors_list_each_card_once() -> None:
    game = boardkit.load_game("battle_royale")
    assert len(set(game.deck)) < len(game.deck)  # the deck holds two copies of some cards
    state = game.new_initial_state()
    boardkit.random_playout(state, random.Random(1), max_actions=12)
    pos = json.loads(json.dumps(state.to_position()))
    with pytest.raises(BoardkitDataError, match=r"card: 'zz' is not a card; cards: (.*)") as info:
        game.state_from_position({**pos, "card": "zz"})
    listed = str(info.value).split("cards: ")[1].split(", ")
    assert sorted(listed) == sorted(set(game.deck))
    many = {**pos, "hands": {"0": [], "1": []}, "piles": {**pos["piles"], "0": list(game.deck) + ["2x2", "2x2"]}}
    with pytest.raises(IllegalPositionError, match=r"BR-1.3.* 10 cards: 2x2 \(2 too many\)$"):
        game.state_from_position(many)


def test_a_card_written_without_its_verb_gets_the_notation_with_the_verb() -> None:
    state = boardkit.load_game("leaders").new_initial_state()
    boardkit.random_playout(state, random.Random(1), max_actions=6)
    with pytest.raises(NotationError, match=r"unknown action 'HermitCub' \('HermitCub' is a card: as 'recruit HermitCub "
                                            r"d3', the Hermit & Cub go onto two cells; expected 'recruit HermitCub "
                                            r"HERMIT_CELL CUB_CELL'"):
        state.parse_action("HermitCub d3")
    with pytest.raises(NotationError, match=r"unknown action 'Archer' \(did you mean 'recruit Archer a1'\?\)"):
        state.parse_action("Archer a1")
    with pytest.raises(NotationError, match=r"unknown action 'foo'; actions: "):
        state.parse_action("foo d3")


def test_a_leaders_position_naming_the_hermit_cub_card_is_told_its_two_characters() -> None:
    game = boardkit.load_game("leaders")
    with pytest.raises(BoardkitDataError, match=r"pieces.0\[1\] 'HermitCub d3': unknown character 'HermitCub' \(the "
                                                r"HermitCub card is 2 characters, each on its cell: 'Hermit CELL', "
                                                r"'Cub CELL'\)"):
        game.state_from_position({"pieces": {0: "King d1, HermitCub d3", 1: "Queen d7"}})
    with pytest.raises(BoardkitDataError, match=r"pieces.0\[1\] 'Archer z9': 'z9' is not a cell"):
        game.state_from_position({"pieces": {0: "King d1, Archer z9", 1: "Queen d7"}})


def test_a_command_line_option_takes_the_python_spelling_its_message_uses() -> None:
    """`--option first_player=None` means None, as `null` does (the option messages write None)."""
    from boardkit.cli import _options

    assert _options(["first_player=None", "expert=True", "x=null", "y=false", "z=3", "w=none"]) == {
        "first_player": None, "expert": True, "x": None, "y": False, "z": 3, "w": "none"}


@pytest.mark.parametrize("pairs,said", [(["=3"], "the option's name is missing"),
                                         (["may_stay=True", "may_stay=False"], "given twice")])
def test_a_command_line_option_without_a_name_or_given_twice_is_refused(pairs, said) -> None:
    from boardkit.cli import _options

    with pytest.raises(ValueError, match=said):
        _options(pairs)
