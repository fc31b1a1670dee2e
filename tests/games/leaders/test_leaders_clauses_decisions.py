"""Leaders clause tests: decisions (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

import pytest

import boardkit
from boardkit.core.game import TERMINAL, OptionError
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalActionError

from leaders_clause_support import assert_won, legal, moves, pieces, play, pos, refused, start_discovery


def test_LEAD_D1_acrobat_double_jump_may_not_end_where_it_began() -> None:
    """LEAD-D1: an Acrobat's two jumps back onto its start cell are not an action."""
    s = pos("King d1, Acrobat d4", "Queen d7, Rider e4")
    s.apply_action("select d4")
    assert {a for a in legal(s) if a.startswith("jump")} == {"jump f4"}
    with pytest.raises(IllegalActionError):
        s.apply_action("jump d4")


def test_LEAD_D1_acrobat_back_to_start_names_lead_d1() -> None:
    """LEAD-D1: the refusal of the two jumps back names LEAD-D1 (as the Royal Guard's does)."""
    s = pos("King d1, Acrobat d4", "Queen d7, Rider e4")
    s.apply_action("select d4")
    refused(s, "jump d4", "LEAD-D1")


def test_LEAD_D1_guard_and_vizier_leader_may_not_end_where_they_began() -> None:
    """LEAD-D1: neither the Royal Guard's extra step nor the Leader's two Vizier steps may end on
    the start cell."""
    s = pos("King d1, RoyalGuard d2", "Queen d7")
    s.apply_action("select d2")
    refused(s, "guard d2", "LEAD-D1")
    v = pos("King d4, Vizier a1", "Queen d7")
    v.apply_action("select d4")
    assert "move d4" not in legal(v)
    with pytest.raises(IllegalActionError):
        v.apply_action("move d4")


def test_LEAD_D2_one_nemesis_reaction_for_a_two_step_vizier_move() -> None:
    """LEAD-D2: the Leader's two-cell move with the Vizier triggers one Nemesis reaction."""
    s = pos("King d1, Vizier a1", "Queen d7, Nemesis g4")
    play(s, "select d1", "move d3")
    assert s.current_player() == 1
    s.apply_action(sorted(legal(s))[0])
    assert s.current_player() == 0 and s.observation(None)["nemesis_pending"] is False
    assert s.observation(None)["acted"] == ["King"]


def test_LEAD_D3_capture_by_the_action_ends_before_any_nemesis_reaction() -> None:
    """LEAD-D3: if the acting character's action captures a Leader, the game ends at once and
    the Nemesis does not react."""
    s = pos("King c2, Rider e5", "Queen d4, Nemesis g7")
    play(s, "select c2", "move c3")
    assert_won(s, 0, "Queen captured")
    assert s.observation(None)["nemesis_pending"] is False
    assert pieces(s)["g7"] == ("Nemesis", 1)


def test_LEAD_D3_nemesis_may_surround_its_own_leader() -> None:
    """LEAD-D3: LEAD-3.5 does not restrict the Nemesis: its owner may choose a path that
    surrounds its own Leader, and then loses."""
    s = pos("King d4", "Queen d7, Rider e7, Protector c6, Nemesis f7")
    play(s, "select d4", "move d3")
    assert "nemesis d6" in legal(s)
    s.apply_action("nemesis d6")
    assert_won(s, 0, "Queen surrounded")


def test_LEAD_D3_lead_3_5_judged_before_the_nemesis_reaction() -> None:
    """LEAD-D3: a Leader move that is safe when complete is legal even if the enemy Nemesis can
    then capture it (the reaction decides)."""
    s = pos("King d1", "Queen d7, Wanderer c2, Nemesis d3")
    s.apply_action("select d1")
    assert legal(s) == moves("c1", "e2")  # c1 although the Nemesis may then capture there
    refused(s, "move d2", "LEAD-3.5")  # d2 touches the Wanderer and the Nemesis: the Nemesis counts


def test_LEAD_D4_recruitment_is_mandatory() -> None:
    """LEAD-D4: when a recruitment is possible, there is no 'pass' in the Recruitment phase."""
    s = pos("King d1", "Queen d7", market=["Rider", "Vizier", "Jailer"], phase="recruit")
    assert all(a.startswith("recruit ") for a in legal(s))
    refused(s, "pass", "LEAD-D4")


SELF_SURROUND = ("King d1, Protector c1, Jailer d2", "Queen d7, Rider a1, Vizier b1, Wanderer f3, Bruiser g4")


def test_LEAD_D4_recruiting_is_mandatory_even_when_every_placement_loses() -> None:
    """LEAD-D4 with LEAD-D9: the seed's Recruitment phase takes a card ("si prende una delle tre
    carte"), and only the Action phase is optional; with d2 and c1 taken and e2 the only free
    own recruitment cell, every legal action recruits onto e2 and surrounds one's own King."""
    s = pos(*SELF_SURROUND, market=["Archer", "Acrobat", "Assassin"], phase="recruit")
    assert legal(s) == {"recruit Archer e2", "recruit Acrobat e2", "recruit Assassin e2"}
    refused(s, "pass", "LEAD-D4")
    s.apply_action("recruit Acrobat e2")
    assert_won(s, 1, "King surrounded")


def test_LEAD_D4_option_recruitment_optional() -> None:
    """LEAD-D4, option recruitment="optional": 'pass' declines the Recruitment phase, so the
    player need not surround its own King; the turn passes. With two phases (LEAD-2.4) each
    is declined on its own; a phase with no legal recruitment is still skipped."""
    g = boardkit.load_game("leaders", recruitment="optional")
    s = pos(*SELF_SURROUND, market=["Archer", "Acrobat", "Assassin"], phase="recruit", game=g)
    assert legal(s) == {"pass", "recruit Archer e2", "recruit Acrobat e2", "recruit Assassin e2"}
    s.apply_action("pass")
    assert not s.is_terminal() and s.current_player() == 1 and s.observation(None)["phase"] == "action"
    two = pos("King d1", "Queen d7", market=["Rider", "Vizier", "Jailer"], phase="recruit", recruits_left=2,
              to_move=1, turn=2, game=g)
    two.apply_action("pass")
    assert two.current_player() == 1 and two.observation(None)["recruits_left"] == 1
    two.apply_action("recruit Rider a4")
    assert two.is_chance_node()  # the market is refilled (LEAD-2.3) ...
    two.apply_action("draw Archer")
    assert two.current_player() == 0 and two.observation(None)["phase"] == "action"  # ... then player 0's turn


def test_LEAD_D5_jailer_does_not_stop_the_nemesis_and_protector_does_not_stop_it() -> None:
    """LEAD-D5: the Jailer stops active abilities only (not the Nemesis reaction); the Nemesis
    reaction moves only the Nemesis, whatever Protector stands by."""
    s = pos("King d1, Jailer d5, Protector c4", "Queen d7, Nemesis d4")
    play(s, "select d1", "move d2")
    assert s.current_player() == 1
    assert "nemesis e4" in legal(s)
    s.apply_action("nemesis e4")
    assert pieces(s)["e4"] == ("Nemesis", 1)
    assert pieces(s)["d5"] == ("Jailer", 0) and pieces(s)["c4"] == ("Protector", 0)


def test_LEAD_D5_jailer_does_not_stop_ordinary_moves() -> None:
    """LEAD-D5: a jailed character keeps its ordinary move."""
    s = pos("King a1, Illusionist d4", "Queen d7, Jailer d5, Rider d2")
    s.apply_action("select d4")
    assert legal(s) == moves("c3", "c4", "d3", "e4", "e5")
    refused(s, "swap d2", "LEAD-6.3")


def test_LEAD_D7_max_turns_cut_off_returns_zero() -> None:
    """LEAD-D7: with max_turns the game stops after that many turns with no winner, [0, 0]."""
    g = boardkit.load_game("leaders", first_player=0, max_turns=2)
    s = g.new_initial_state()
    play(s, "draw Rider", "draw Vizier", "draw Jailer", "pass", "recruit Rider a1", "draw Archer")
    assert not s.is_terminal() and s.current_player() == 1
    play(s, "pass", "recruit Vizier a4", "draw Nemesis", "recruit Archer g7", "draw Wanderer")
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.returns() == [0, 0] and s.winners() == []
    assert s.outcome() == Outcome((), "cut off", "LEAD-D7", (0, 0))
    assert s.legal_actions() == []
    with pytest.raises(IllegalActionError):
        s.apply_action("pass")
    with pytest.raises(OptionError):
        boardkit.load_game("leaders", max_turns=0)
    # without the option the game goes on
    free = start_discovery(0)
    play(free, "pass", "recruit Rider a1", "draw Archer", "pass", "recruit Vizier a4", "draw Nemesis",
         "recruit Archer g7", "draw Wanderer")
    assert not free.is_terminal() and free.current_player() == 0
