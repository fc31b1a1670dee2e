"""Leaders clause tests: LEAD-3 end of the game (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

import pytest

import boardkit
from boardkit.core.rules import IllegalPositionError
from boardkit.games.leaders import rules as R

from leaders_clause_support import (
    GAME, PUBLISHED, acting, assert_running, assert_won, legal, moves, pieces, play, pos, refused,
)


def test_LEAD_3_1_game_ends_immediately_after_the_action() -> None:
    """LEAD-3.1: the game ends right after the capturing action; the turn is not finished."""
    s = pos("King a1, Archer d2, Bruiser f5, Rider b2", "Queen d4, Protector d3")
    play(s, "select f5", "move e5")
    assert_won(s, 0, "Queen captured")
    assert pieces(s)["e5"] == ("Bruiser", 0)
    refused(s, "pass", "LEAD-3.1")
    refused(s, "select b2", "LEAD-3.1")


def test_LEAD_3_1_recruitment_can_end_the_game() -> None:
    """LEAD-3.1: a recruitment that captures ends the game at once (Assassin next to the Queen)."""
    s = pos("King d1", "Queen g5", market=["Assassin", "Rider", "Vizier"], phase="recruit")
    assert "recruit Assassin g4" in legal(s)
    s.apply_action("recruit Assassin g4")
    assert_won(s, 0, "Queen captured")
    assert not s.is_chance_node()  # no refill after the end


def test_LEAD_3_1_position_with_captured_or_surrounded_leader_refused() -> None:
    """LEAD-3.1: a position whose Leader is already captured or surrounded is refused."""
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, Rider c4, Vizier e4", "Queen d4")
    assert info.value.clause == "LEAD-3.1"
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1", "Queen d7, Rider e7, Vizier d6, Jailer c6")
    assert info.value.clause == "LEAD-3.1"


def test_LEAD_3_2_two_adjacent_enemies_capture_one_does_not() -> None:
    """LEAD-3.2: two adjacent enemy characters capture a Leader; one does not."""
    s = pos("King a1, Rider c4, Bruiser f5", "Queen d4")
    one = s.child("select c4")
    one.apply_action("move c3")  # still only one adjacent enemy
    assert_running(one)
    play(s, "select f5", "move e5")
    assert_won(s, 0, "Queen captured")


def test_LEAD_3_2_enemy_leader_counts_as_a_character() -> None:
    """LEAD-3.2: the enemy Leader counts toward a capture (King moves next to the Queen, who
    already has one adjacent enemy)."""
    s = pos("King c2, Rider e5", "Queen d4")
    assert "move c3" in acting(s, "c2")
    play(s, "select c2", "move c3")
    assert_won(s, 0, "Queen captured")


def test_LEAD_3_2_hermit_counts_cub_does_not() -> None:
    """LEAD-3.2 / LEAD-7.1: the Hermit counts 1, the Cub 0."""
    s = pos("King a1, Hermit g7, Cub d5, Bruiser f5", "Queen d4")
    play(s, "select f5", "move e5")
    assert_running(s)
    s = pos("King a1, Hermit d5, Cub g7, Bruiser f5", "Queen d4")
    play(s, "select f5", "move e5")
    assert_won(s, 0, "Queen captured")


def test_LEAD_3_3_leader_on_edge_surrounded_by_own_pieces() -> None:
    """LEAD-3.3: a corner Leader (three on-board neighbours) is surrounded when all three are
    occupied, even by its own pieces (here the enemy Manipulator moves the last one in)."""
    assert sorted(GAME.board.neighbours("d7")) == ["c6", "d6", "e7"]
    s = pos("King d1, Manipulator b2", "Queen d7, Rider e7, Vizier d6, Wanderer b5")
    assert "manipulate b5 c6" in acting(s, "b2")
    play(s, "select b2", "manipulate b5 c6")
    assert pieces(s)["c6"] == ("Wanderer", 1)
    assert_won(s, 0, "Queen surrounded")


def test_LEAD_3_3_surround_by_mixed_pieces_without_capture() -> None:
    """LEAD-3.3: any side's characters count; a single adjacent enemy (no capture) completes
    the surround."""
    s = pos("King d1, Rider b5", "Queen d7, Jailer e7, Vizier d6")
    play(s, "select b5", "move c6")
    assert_won(s, 0, "Queen surrounded")


def test_LEAD_3_3_leader_on_straight_edge_surrounded() -> None:
    """LEAD-3.3: a Leader on an edge cell (four on-board neighbours) is surrounded when those
    four are occupied; the mover completing it wins even with a single adjacent enemy."""
    b = GAME.board
    assert sorted(b.neighbours("b1")) == ["a1", "b2", "c1", "c2"]
    s = pos("King b1, Vizier a1, Jailer c1, Protector b2", "Queen d7, Rider c3", to_move=1)
    play(s, "select c3", "move c2")
    assert_won(s, 1, "King surrounded")
    own = pos("King b1, Vizier a1, Jailer c1, Protector b2, Rider c3", "Queen d7", game=PUBLISHED)
    own.apply_action("select c3")
    refused(own, "move c2", "LEAD-P1")
    seed = pos("King b1, Vizier a1, Jailer c1, Protector b2, Rider c3", "Queen d7")
    play(seed, "select c3", "move c2")  # LEAD-D9: the seed does not forbid it; the King is lost
    assert_won(seed, 1, "King surrounded")


def test_LEAD_3_4_both_leaders_at_once_active_player_wins() -> None:
    """LEAD-3.4: no draws; if both Leaders are lost at once (after a Nemesis reaction) the
    active player wins."""
    s = pos("King d4", "Queen d7, Rider e7, Protector c6, Wanderer c4, Nemesis f7")
    play(s, "select d4", "move d5")
    assert s.current_player() == 1 and "nemesis d6" in legal(s)
    s.apply_action("nemesis d6")  # captures the King (Wanderer + Nemesis), surrounds the Queen
    assert R.leader_lost(GAME.geometry, s.pieces, s.leader_cell(0), 0) == "captured"
    assert R.leader_lost(GAME.geometry, s.pieces, s.leader_cell(1), 1) == "surrounded"
    assert_won(s, 0, "Queen surrounded")
    assert sum(s.returns()) == 0


def test_LEAD_3_4_loser_gets_minus_one() -> None:
    """LEAD-3.4: the player whose Leader is captured loses: returns [-1, 1] / [1, -1]."""
    s = pos("King d4, Rider a1", "Queen d7, Assassin e6", to_move=1)
    play(s, "select e6", "move e5")
    assert_won(s, 1, "King captured")


def test_LEAD_P1_move_may_not_surround_own_leader_published() -> None:
    """LEAD-P1 (published FAQ, self_loss="any_action"): a move of another character that
    surrounds one's own Leader is refused (and not offered). LEAD-3.5 / LEAD-D9 (seed): it is
    legal, and the player loses."""
    s = pos("King d1, Protector c1, Vizier d2, Jailer f3", "Queen d7", game=PUBLISHED)
    s.apply_action("select f3")
    assert legal(s) == moves("e3", "f4", "g4")
    refused(s, "move e2", "LEAD-P1")
    seed = pos("King d1, Protector c1, Vizier d2, Jailer f3", "Queen d7")
    seed.apply_action("select f3")
    assert legal(seed) == moves("e2", "e3", "f4", "g4")
    seed.apply_action("move e2")
    assert_won(seed, 1, "King surrounded")


@pytest.mark.parametrize("game", [GAME, PUBLISHED], ids=["seed", "published"])
def test_LEAD_3_5_leader_may_not_step_into_capture(game) -> None:
    """LEAD-3.5 (both profiles): the Leader may not be moved, in its own turn, next to two
    enemies - that move would end the game by itself; next to one enemy or one ally is allowed."""
    s = pos("King d1, Rider b1", "Queen d7, Jailer c2, Vizier e3", game=game)
    s.apply_action("select d1")
    assert legal(s) == moves("c1", "e2")  # c1: next to ally b1 and enemy c2; e2: next to enemy e3
    err = refused(s, "move d2", "LEAD-3.5")
    assert "end the game by itself" in err.reason


def test_LEAD_P1_ability_may_not_surround_own_leader_published() -> None:
    """LEAD-P1: an ability use that surrounds one's own Leader is refused under the published
    FAQ; under the seed (LEAD-D9) it is legal and loses."""
    s = pos("King d1, Protector c1, Jailer d2, Rider e4", "Queen d7", game=PUBLISHED)
    s.apply_action("select e4")
    assert "ride e2" not in legal(s) and "ride g4" in legal(s)
    refused(s, "ride e2", "LEAD-P1")
    seed = pos("King d1, Protector c1, Jailer d2, Rider e4", "Queen d7")
    play(seed, "select e4", "ride e2")
    assert_won(seed, 1, "King surrounded")


@pytest.mark.parametrize("game", [GAME, PUBLISHED], ids=["seed", "published"])
def test_LEAD_3_5_brewmaster_may_not_push_own_leader_into_capture(game) -> None:
    """LEAD-3.5 / LEAD-D9 / LEAD-D10: moving one's own Leader by an ally's ability into capture
    is refused in both profiles ("il Leader non può essere spostato")."""
    s = pos("King d1, Brewmaster e2", "Queen d7, Jailer c2, Vizier e3", game=game)
    s.apply_action("select e2")
    assert {a for a in legal(s) if a.startswith("brew")} == {"brew d1 c1"}  # c1 touches c2 only
    refused(s, "brew d1 d2", "LEAD-3.5")  # d2 touches c2 and e3


def test_LEAD_P1_recruitment_may_not_surround_own_leader_published() -> None:
    """LEAD-P1: a recruitment placement that surrounds one's own Leader is refused under the
    published FAQ; the seed's LEAD-3.5 does not restrict recruitment (LEAD-D9)."""
    s = pos("King d1, Protector c1, Jailer d2", "Queen d7", market=["Rider", "Archer", "Vizier"], phase="recruit",
            game=PUBLISHED)
    assert {a.split()[2] for a in legal(s)} == {"a1", "b1", "f3", "g4"}
    refused(s, "recruit Rider e2", "LEAD-P1")
    seed = pos("King d1, Protector c1, Jailer d2", "Queen d7", market=["Rider", "Archer", "Vizier"], phase="recruit")
    assert {a.split()[2] for a in legal(seed)} == {"a1", "b1", "e2", "f3", "g4"}
    seed.apply_action("recruit Rider e2")
    assert_won(seed, 1, "King surrounded")


def test_LEAD_P1_recruitment_skipped_when_every_placement_is_self_surround() -> None:
    """LEAD-P1 / LEAD-D4: under the published FAQ, if the only free recruitment cell would
    surround one's own Leader, no recruitment is legal and the phase is skipped. Under the
    seed (LEAD-D9) the recruitment is mandatory and legal, and it loses the game."""
    args = ("King d1, Protector c1, Jailer d2", "Queen d7, Rider a1, Vizier b1, Wanderer f3, Bruiser g4")
    s = pos(*args, market=["Archer", "Acrobat", "Assassin"], game=PUBLISHED)
    s.apply_action("pass")
    assert s.current_player() == 1 and s.observation(None)["phase"] == "action"
    seed = pos(*args, market=["Archer", "Acrobat", "Assassin"])
    seed.apply_action("pass")
    assert legal(seed) == {"recruit Archer e2", "recruit Acrobat e2", "recruit Assassin e2"}


def test_LEAD_D9_leader_move_that_takes_the_enemy_leader_wins() -> None:
    """LEAD-D9 / LEAD-3.4: under the seed a Leader move that leaves it captured but captures
    the enemy Leader at the same moment is legal, and the active player wins; the published
    FAQ (LEAD-P1) refuses it."""
    args = ("King d2, Rider d5", "Queen d4, Protector c2")
    s = pos(*args)
    s.apply_action("select d2")
    assert "move d3" in legal(s)  # d3 touches the Queen and the Protector: the King is captured
    s.apply_action("move d3")  # ... and the Queen touches the King and the Rider: captured too
    assert R.leader_lost(GAME.geometry, s.pieces, s.leader_cell(0), 0) == "captured"
    assert_won(s, 0, "Queen captured")
    assert s.outcome().clause == "LEAD-3.4"
    pub = pos(*args, game=PUBLISHED)
    pub.apply_action("select d2")
    err = refused(pub, "move d3", "LEAD-P1")
    assert "captured" in err.reason


def test_LEAD_D9_self_loss_option_names_both_readings() -> None:
    """LEAD-D9: the option self_loss is 'leader_move' under the seed and 'any_action' under the
    published profile; given by name it overrides the profile."""
    assert GAME.options["self_loss"] == "leader_move"
    assert PUBLISHED.options["self_loss"] == "any_action"
    assert boardkit.load_game("leaders", rules="published", self_loss="leader_move").options["self_loss"] == "leader_move"
