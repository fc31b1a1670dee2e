"""Leaders clause tests: LEAD-7 special cases (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

import pytest

import boardkit
from boardkit.core.rules import IllegalPositionError, NotationError
from boardkit.games.leaders.actions import Recruit

from leaders_clause_support import (
    GAME, PUBLISHED, assert_running, assert_won, cells_within, legal, pieces, play, pos, refused,
)


def test_LEAD_7_1_hermit_and_cub_recruited_onto_two_free_cells() -> None:
    """LEAD-7.1: Hermit & Cub are one card placed on two free recruitment cells (any two)."""
    s = pos("King d1", "Queen d7", market=["HermitCub", "Rider", "Vizier"], phase="recruit")
    free = ["a1", "b1", "c1", "e2", "f3", "g4"]
    hc = {a for a in legal(s) if a.startswith("recruit HermitCub")}
    assert hc == {f"recruit HermitCub {a} {b}" for a in free for b in free if a != b}
    with pytest.raises(NotationError):
        s.apply_action("recruit HermitCub a1")
    with pytest.raises(NotationError, match="HERMIT_CELL CUB_CELL"):  # built directly: one cell only
        s.apply_action(Recruit("HermitCub", "a1"))
    with pytest.raises(NotationError, match="recruit Rider CELL"):  # a one-piece card on two cells
        s.apply_action(Recruit("Rider", "a1", "b1"))
    refused(s, "recruit HermitCub a1 a1", "LEAD-7.1")
    s.apply_action("recruit HermitCub a1 g4")
    assert pieces(s)["a1"] == ("Hermit", 0) and pieces(s)["g4"] == ("Cub", 0)
    assert s.observation(None)["cards"][0] == ["King", "HermitCub"]


def test_LEAD_7_1_hermit_and_cub_refused_with_one_free_cell() -> None:
    """LEAD-7.1: with only one free own recruitment cell the Hermit & Cub cannot be recruited."""
    s = pos("King d1, Rider a1, Vizier b1, Jailer c1", "Queen d7, Wanderer e2, Protector f3",
            market=["HermitCub", "Acrobat", "Archer"], phase="recruit")
    assert legal(s) == {"recruit Acrobat g4", "recruit Archer g4"}
    refused(s, "recruit HermitCub g4 g4", "LEAD-7.1")
    refused(s, "recruit HermitCub g4 a1", "LEAD-2.3")


def test_LEAD_7_1_only_hermit_and_cub_with_one_free_cell_skips_recruitment() -> None:
    """LEAD-7.1 / LEAD-D4: if the Hermit & Cub is the only card and one cell is free, no
    recruitment is legal and the phase is skipped (market set by hand)."""
    s = pos("King d1, Rider a1, Vizier b1, Jailer c1", "Queen d7, Wanderer e2, Protector f3")
    s.market, s.deck = ["HermitCub"], set()  # white-box: no legal play leaves only this card
    s.apply_action("pass")
    assert s.current_player() == 1 and s.observation(None)["phase"] == "action"


def test_LEAD_7_1_hermit_and_cub_act_in_any_order() -> None:
    """LEAD-7.1 (seed: "si può muovere uno, l'altro o entrambi"): either or both may act, with
    other characters acting between them."""
    s = pos("King d1, Hermit c3, Cub e3, Rider a3", "Queen d7")
    split = play(s.clone(), "select c3", "move c4", "select a3", "move a2")
    assert "select e3" in legal(split)
    play(split, "select e3", "move e4")
    assert pieces(split)["c4"] == ("Hermit", 0) and pieces(split)["e4"] == ("Cub", 0)


def test_LEAD_P2_hermit_and_cub_act_one_right_after_the_other() -> None:
    """LEAD-P2 (published card text, hermit_cub_in_a_row=True): either or both may act;
    when both act, one right after the other."""
    s = pos("King d1, Hermit c3, Cub e3, Rider a3", "Queen d7", game=PUBLISHED)
    assert legal(s) == {"pass", "select d1", "select c3", "select e3", "select a3"}
    both = play(s.clone(), "select c3", "move c4")
    assert "select e3" in legal(both)
    play(both, "select e3", "move e4")
    assert pieces(both)["c4"] == ("Hermit", 0) and pieces(both)["e4"] == ("Cub", 0)
    split = play(s.clone(), "select c3", "move c4", "select a3", "move a2")
    assert "select e3" not in legal(split)
    refused(split, "select e3", "LEAD-P2")
    cub_first = play(s.clone(), "select e3", "move f4")
    assert "select c3" in legal(cub_first)


def test_LEAD_7_1_hermit_without_cub_position_refused() -> None:
    """LEAD-7.1: the Hermit and the Cub are one card: both on the board, same owner, or neither."""
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, Hermit c3", "Queen d7")
    assert info.value.clause == "LEAD-7.1"
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, Hermit c3", "Queen d7, Cub e5")
    assert info.value.clause == "LEAD-7.1"


def test_LEAD_7_1_boxed_cub_is_explained_by_lead_2_2() -> None:
    """LEAD-7.1: a Cub with no free cell is refused for having nothing to do (LEAD-2.2), in both
    profiles (the published 'right after' rule, LEAD-P2, applies only once the Hermit acted)."""
    for game in (GAME, PUBLISHED):
        s = pos("King d1, Hermit g4, Cub a1, Rider b1, Vizier a2", "Queen d7, Jailer b2", game=game)
        assert "select a1" not in legal(s)
        refused(s, "select a1", "LEAD-2.2")
    s = pos("King d1, Hermit g4, Cub a1, Rider b1, Vizier a2", "Queen d7, Jailer b2")
    assert "select a1" not in legal(s)
    refused(s, "select a1", "LEAD-2.2")


def test_LEAD_7_2_nemesis_moves_two_steps_when_enemy_leader_moves() -> None:
    """LEAD-7.2: when the enemy Leader moves, the Nemesis moves two single steps through free
    cells (ending one or two cells away, never where it started); its owner chooses, in the
    opponent's turn."""
    s = pos("King d1", "Queen d7, Nemesis d4")
    play(s, "select d1", "move d2")
    assert s.current_player() == 1 and s.observation(None)["to_move"] == 1
    assert s.observation(None)["nemesis_pending"] is True
    assert legal(s) == {f"nemesis {c}" for c in cells_within("d4", 2) - {"d2"}}
    refused(s, "nemesis d4", "LEAD-7.2")  # not where it started
    refused(s, "nemesis d7", "LEAD-7.2")
    refused(s, "pass", "LEAD-7.2")
    s.apply_action("nemesis b4")
    assert pieces(s) == {"d2": ("King", 0), "d7": ("Queen", 1), "b4": ("Nemesis", 1)}
    assert s.current_player() == 0 and s.observation(None)["phase"] == "recruit"


def test_LEAD_7_2_nemesis_one_step_when_two_impossible() -> None:
    """LEAD-7.2: if the Nemesis cannot make two steps it makes one."""
    s = pos("King d1, Bruiser e6, Jailer f5, Wanderer e5", "Queen d7, Nemesis g7, Rider f7, Protector g6")
    play(s, "select d1", "move d2")
    assert s.current_player() == 1 and legal(s) == {"nemesis f6"}
    s.apply_action("nemesis f6")
    assert pieces(s)["f6"] == ("Nemesis", 1) and "g7" not in pieces(s)
    assert s.current_player() == 0


def test_LEAD_7_2_nemesis_stays_when_boxed_in() -> None:
    """LEAD-7.2: if it cannot even step once it stays; no decision is asked."""
    s = pos("King d1, Bruiser e6, Jailer f6, Wanderer e5", "Queen d7, Nemesis g7, Rider f7, Protector g6")
    play(s, "select d1", "move d2")
    assert s.current_player() == 0 and s.observation(None)["nemesis_pending"] is False
    assert pieces(s)["g7"] == ("Nemesis", 1)
    assert legal(s) == {"pass", "select e5", "select e6", "select f6"}


def test_LEAD_7_2_nemesis_never_acts_in_action_phase() -> None:
    """LEAD-7.2: the Nemesis is never selected and does not move by itself."""
    s = pos("King d1", "Queen d7, Nemesis d4", to_move=1)
    assert legal(s) == {"pass", "select d7"}
    refused(s, "select d4", "LEAD-7.2")
    refused(s, "nemesis d5", "LEAD-7.2")


def test_LEAD_7_2_own_leader_moving_does_not_trigger_own_nemesis() -> None:
    """LEAD-7.2: the Nemesis reacts to the enemy Leader only."""
    s = pos("King d1, Nemesis d4", "Queen d7")
    play(s, "select d1", "move d2")
    assert s.observation(None)["nemesis_pending"] is False and s.current_player() == 0


def test_LEAD_7_2_nemesis_reacts_to_illusionist_swap_with_the_leader() -> None:
    """LEAD-7.2 / LEAD-5.5: an Illusionist swapping with the enemy Leader displaces it: the
    Nemesis of the Illusionist's side reacts (nemesis_trigger 'any', the default)."""
    s = pos("King d1, Illusionist d3, Nemesis a4, Rider a3, Jailer b5", "Queen d5")
    play(s, "select d3", "swap d5")
    assert pieces(s)["d3"] == ("Queen", 1)
    assert s.current_player() == 0 and legal(s) == {"nemesis c4", "nemesis b3", "nemesis c5"}
    s.apply_action("nemesis c4")
    assert pieces(s)["c4"] == ("Nemesis", 0)
    assert_running(s)  # Queen on d3: Nemesis c4 is adjacent (1), nothing else


def test_LEAD_7_2_nemesis_reacts_to_own_illusionist_moving_own_leader_in_opponents_turn() -> None:
    """LEAD-7.2: swapping one's own Leader away also moves it: the enemy Nemesis reacts, in the
    Illusionist's owner's turn."""
    s = pos("King d1, Illusionist d3", "Queen d7, Nemesis g4")
    play(s, "select d3", "swap d1")
    assert pieces(s)["d3"] == ("King", 0)
    assert s.current_player() == 1 and s.observation(None)["nemesis_pending"]


def test_LEAD_7_2_option_own_move_ignores_displacement_by_abilities() -> None:
    """LEAD-7.2: with nemesis_trigger='own_move' only the Leader's own move triggers it."""
    game = boardkit.load_game("leaders", nemesis_trigger="own_move")
    s = pos("King d1, Illusionist d3, Nemesis a4, Rider a3, Jailer b5", "Queen d5", game=game)
    play(s, "select d3", "swap d5")
    assert s.current_player() == 0 and s.observation(None)["nemesis_pending"] is False
    assert legal(s) == {"pass", "select d1", "select a3", "select b5"}
    walk = pos("King d1", "Queen d7, Nemesis d4", game=game)
    play(walk, "select d1", "move d2")
    assert walk.current_player() == 1


def test_LEAD_7_2_nemesis_reacts_to_brewmaster_moving_the_leader() -> None:
    """LEAD-7.2 / LEAD-5.9: the Brewmaster moving its own Leader triggers the enemy Nemesis."""
    s = pos("King d1, Brewmaster d2", "Queen d7, Nemesis d5")
    play(s, "select d2", "brew d1 c1")
    assert s.current_player() == 1 and s.observation(None)["nemesis_pending"]


def test_LEAD_7_2_nemesis_reaction_may_end_the_game() -> None:
    """LEAD-7.2: a forced Nemesis move that captures the enemy Leader ends the game normally,
    in the moving Leader's own turn."""
    s = pos("King d1", "Queen d7, Wanderer c2, Nemesis d3")
    play(s, "select d1", "move c1")  # c1 touches the Wanderer only: 1
    assert_running(s)
    assert s.current_player() == 1
    # two free steps from d3 (b1 only through the Wanderer on c2), or one; not d3 itself
    assert legal(s) == {f"nemesis {c}" for c in cells_within("d3", 2) - {"c1", "c2", "b1"}}
    s.apply_action("nemesis d2")  # d2 touches c1: Wanderer + Nemesis
    assert pieces(s) == {"c1": ("King", 0), "d7": ("Queen", 1), "c2": ("Wanderer", 1), "d2": ("Nemesis", 1)}
    assert_won(s, 1, "King captured")
