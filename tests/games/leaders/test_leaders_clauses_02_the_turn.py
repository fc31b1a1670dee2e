"""Leaders clause tests: LEAD-2 the turn (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

import random

import pytest

import boardkit
from boardkit.core.rules import IllegalPositionError

from leaders_clause_support import legal, pieces, play, pos, refused, start_discovery


def test_LEAD_2_1_action_phase_then_recruitment_then_other_player() -> None:
    """LEAD-2.1: Action phase, then Recruitment phase, then the other player's turn."""
    s = pos("King d1, Rider c3", "Queen d7", market=["Archer", "Vizier", "Jailer"])
    refused(s, "recruit Archer a1", "LEAD-2.1")
    s.apply_action("pass")
    assert s.observation(None)["phase"] == "recruit" and s.current_player() == 0
    refused(s, "pass", "LEAD-D4")  # the Recruitment phase is not declined
    refused(s, "select d1", "LEAD-2.1")
    turn = s.observation(None)["turn"]
    play(s, "recruit Archer a1", "draw Nemesis")
    obs = s.observation(None)
    assert obs["phase"] == "action" and obs["to_move"] == 1 and obs["turn"] == turn + 1
    assert legal(s) == {"pass", "select d7"}


def test_LEAD_2_2_each_character_acts_at_most_once_one_at_a_time() -> None:
    """LEAD-2.2: each character (Leader included) at most one action, one at a time, in any
    order; 'pass' ends the phase at any time; when all acted the phase ends by itself."""
    s = pos("King d1, Rider c3", "Queen d7")
    assert legal(s) == {"pass", "select d1", "select c3"}
    s.apply_action("select c3")
    refused(s, "select d1", "LEAD-D8")  # the Rider's action is not complete
    refused(s, "pass", "LEAD-D8")
    refused(s, "move c5", "LEAD-2.2")  # not adjacent
    s.apply_action("move c4")
    assert s.observation(None)["acted"] == ["Rider"]
    assert legal(s) == {"pass", "select d1"}
    refused(s, "select c4", "LEAD-2.2")  # already acted
    refused(s, "move d2", "LEAD-2.2")  # nothing selected
    refused(s, "select b2", "LEAD-2.2")  # empty cell
    s.apply_action("select d1")
    refused(s, "move d7", "LEAD-2.2")
    s.apply_action("move d2")
    assert pieces(s) == {"d2": ("King", 0), "c4": ("Rider", 0), "d7": ("Queen", 1)}
    assert s.observation(None)["phase"] == "recruit"  # everyone acted


def test_LEAD_2_2_move_to_occupied_cell_refused() -> None:
    """LEAD-2.2: a move goes to a free adjacent cell."""
    s = pos("King d1, Rider c3, Vizier c4", "Queen d7")
    s.apply_action("select c3")
    refused(s, "move c4", "LEAD-2.2")


def test_LEAD_2_3_recruitment_takes_a_market_card_onto_own_free_recruitment_cell() -> None:
    """LEAD-2.3: recruit one market card onto a free recruitment cell of one's own side, then
    refill the market to three."""
    s = pos("King d1, Rider a1", "Queen d7", market=["Archer", "Vizier", "Jailer"], phase="recruit")
    own_free = ["b1", "c1", "e2", "f3", "g4"]
    assert legal(s) == {f"recruit {c} {x}" for c in ("Archer", "Vizier", "Jailer") for x in own_free}
    refused(s, "recruit Archer a1", "LEAD-2.3")  # occupied
    refused(s, "recruit Archer e7", "LEAD-2.3")  # the enemy's recruitment cell
    refused(s, "recruit Archer d4", "LEAD-2.3")  # no recruitment cell
    refused(s, "recruit Wanderer b1", "LEAD-2.3")  # not in the market
    refused(s, "recruit Rider b1", "LEAD-10")  # already recruited
    s.apply_action("recruit Jailer f3")
    assert pieces(s)["f3"] == ("Jailer", 0)
    assert s.observation(None)["cards"][0] == ["King", "Rider", "Jailer"]
    assert s.observation(None)["market"] == ["Archer", "Vizier"]
    assert s.is_chance_node() and len(s.chance_outcomes()) == 12  # 16 - Rider, Jailer - 2 in market
    s.apply_action("draw Nemesis")
    assert s.observation(None)["market"] == ["Archer", "Vizier", "Nemesis"]
    assert s.current_player() == 1


def test_LEAD_2_3_full_recruitment_cells_skip_the_phase_and_it_is_not_made_up() -> None:
    """LEAD-2.3: with no free own recruitment cell the phase is skipped; it is not made up."""
    s = pos("King d1, Rider a1, Jailer b1, Vizier c1", "Queen d7, Wanderer e2, Protector f3, Bruiser g4",
            market=["Archer", "Acrobat", "Assassin"])
    s.apply_action("pass")
    obs = s.observation(None)
    assert obs["phase"] == "action" and obs["to_move"] == 1 and obs["cards"][0] == ["King", "Rider", "Jailer", "Vizier"]
    # Player 1 frees e2 and recruits; player 0 then has exactly one Recruitment phase again.
    play(s, "select e2", "move e3", "pass")
    assert s.observation(None)["recruits_left"] == 1
    play(s, "recruit Archer a4", "draw Nemesis")
    s.apply_action("pass")
    assert s.observation(None)["phase"] == "recruit" and s.observation(None)["recruits_left"] == 1
    assert {a.split()[2] for a in legal(s)} == {"e2"}


def test_LEAD_2_4_second_player_recruits_twice_on_its_first_turn_only() -> None:
    """LEAD-2.4: the second player, on its first turn only, has two Recruitment phases."""
    s = start_discovery(0)
    play(s, "pass", "recruit Rider a1", "draw Archer")  # turn 1: player 0 recruits once
    assert s.current_player() == 1 and s.observation(None)["cards"][0] == ["King", "Rider"]
    s.apply_action("pass")
    assert s.observation(None)["recruits_left"] == 2
    play(s, "recruit Vizier a4", "draw Nemesis")
    assert s.current_player() == 1 and s.observation(None)["phase"] == "recruit"
    assert s.observation(None)["recruits_left"] == 1
    play(s, "recruit Archer g7", "draw Wanderer")
    assert s.observation(None)["cards"][1] == ["Queen", "Vizier", "Archer"]
    assert s.current_player() == 0
    play(s, "pass", "recruit Jailer b1", "draw Acrobat")  # turn 3: once
    assert s.current_player() == 1
    s.apply_action("pass")  # turn 4: the second player's later turns have one phase
    assert s.observation(None)["recruits_left"] == 1
    play(s, "recruit Acrobat f7", "draw Bruiser")
    assert s.current_player() == 0 and s.observation(None)["cards"][1] == ["Queen", "Vizier", "Archer", "Acrobat"]


def test_LEAD_2_4_first_player_1_means_player_0_recruits_twice() -> None:
    """LEAD-2.4: when player 1 starts, player 0 is the second player and recruits twice."""
    s = start_discovery(1)
    play(s, "pass", "recruit Rider a4", "draw Archer", "pass")
    assert s.current_player() == 0 and s.observation(None)["recruits_left"] == 2


def test_LEAD_2_5_five_cards_stop_recruitment() -> None:
    """LEAD-2.5: a player with five cards (Leader included) skips every later Recruitment."""
    s = pos("King d1, Rider a3, Vizier b3, Jailer c4, Wanderer e4", "Queen d7")
    s.apply_action("pass")
    assert s.observation(None)["phase"] == "action" and s.current_player() == 1
    four = pos("King d1, Rider a3, Vizier b3, Jailer c4", "Queen d7")
    four.apply_action("pass")
    assert four.observation(None)["phase"] == "recruit" and four.current_player() == 0


def test_LEAD_2_5_hermit_and_cub_are_one_card() -> None:
    """LEAD-2.5: Hermit and Cub are one card: King + Hermit&Cub + 3 more is five cards (six
    pieces) and stops recruitment; six cards are an impossible position."""
    s = pos("King d1, Hermit a3, Cub b3, Rider c4, Vizier e4, Jailer f5", "Queen d7")
    assert len(s.observation(None)["cards"][0]) == 5
    s.apply_action("pass")
    assert s.current_player() == 1 and s.observation(None)["phase"] == "action"
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, Hermit a3, Cub b3, Rider c4, Vizier e4, Jailer f5, Archer a2", "Queen d7")
    assert info.value.clause == "LEAD-2.5"


def test_LEAD_2_5_six_cards_position_refused() -> None:
    """LEAD-2.5: six cards for one player is an impossible position."""
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, Rider a3, Vizier b3, Jailer c4, Wanderer e4, Archer a2", "Queen d7")
    assert info.value.clause == "LEAD-2.5"


def test_LEAD_2_6_empty_market_skips_recruitment() -> None:
    """LEAD-2.6: if the market is empty the Recruitment phase is skipped. No legal play or
    position empties it (16 cards, at most 8 recruited), so the market and deck are emptied
    by hand here (white-box) to check the decision."""
    s = pos("King d1, Rider a3", "Queen d7")
    s.market, s.deck = [], set()
    s.apply_action("pass")
    assert s.current_player() == 1 and s.observation(None)["phase"] == "action"


def test_LEAD_2_6_market_is_full_whenever_a_player_recruits() -> None:
    """LEAD-2.6: in play the market always holds three cards at a Recruitment decision
    (Discovery), and Expert mode always leaves cards available."""
    for seed in range(8):
        for game in (boardkit.load_game("leaders"), boardkit.load_game("leaders", expert=True)):
            s = game.new_initial_state()
            rng = random.Random(seed)
            while not s.is_terminal():
                if not s.is_chance_node() and s.observation(None)["phase"] == "recruit":
                    assert len(s.available()) >= (3 if not game.options["expert"] else 4)
                boardkit.random_playout(s, rng, max_actions=1)
