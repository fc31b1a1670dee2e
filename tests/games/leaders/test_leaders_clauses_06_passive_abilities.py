"""Leaders clause tests: LEAD-6 passive abilities (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

from boardkit.games.leaders import rules as R

from leaders_clause_support import GAME, acting, assert_running, assert_won, legal, moves, pieces, play, pos, refused


def test_LEAD_6_1_archer_two_away_in_line_counts_even_with_a_piece_between() -> None:
    """LEAD-6.1: an Archer two cells away in a straight line counts, even with a character
    between (here the Queen's own Protector on d3)."""
    s = pos("King a1, Archer d2, Bruiser f5", "Queen d4, Protector d3")
    play(s, "select f5", "move e5")
    assert_won(s, 0, "Queen captured")


def test_LEAD_6_1_adjacent_archer_does_not_count() -> None:
    """LEAD-6.1: an Archer adjacent to the Leader does not count."""
    s = pos("King a1, Archer d3, Bruiser f5", "Queen d4")
    play(s, "select f5", "move e5")
    assert_running(s)
    assert R.capture_score(GAME.geometry, s.pieces, s.leader_cell(1), 1) == 1


def test_LEAD_6_1_archer_two_away_off_line_does_not_count() -> None:
    """LEAD-6.1: an Archer at distance 2 but not on a line (e3 from d4) does not count."""
    s = pos("King a1, Archer e3, Bruiser f5", "Queen d4")
    play(s, "select f5", "move e5")
    assert_running(s)


def test_LEAD_6_1_archer_moving_to_two_away_captures() -> None:
    """LEAD-6.1: the Archer stepping back from adjacent to two-away in line completes a capture."""
    s = pos("King a1, Archer d3, Rider e5", "Queen d4")
    play(s, "select d3", "move d2")
    assert_won(s, 0, "Queen captured")


def test_LEAD_6_2_lone_adjacent_assassin_captures() -> None:
    """LEAD-6.2: the Assassin captures the enemy Leader alone when adjacent to it."""
    s = pos("King a1, Assassin f5", "Queen d4")
    play(s, "select f5", "move e5")
    assert_won(s, 0, "Queen captured")


def test_LEAD_6_2_assassin_two_away_does_not_capture() -> None:
    """LEAD-6.2: only adjacent; at distance 2 in a line the Assassin counts nothing."""
    s = pos("King a1, Assassin g5", "Queen d4")
    play(s, "select g5", "move f4")
    assert_running(s)


def test_LEAD_6_2_leader_may_not_step_next_to_an_enemy_assassin() -> None:
    """LEAD-6.2 with LEAD-3.5: a Leader never moves next to an enemy Assassin."""
    s = pos("King d1", "Queen d7, Assassin d3")
    s.apply_action("select d1")
    assert legal(s) == moves("c1", "e2")
    refused(s, "move d2", "LEAD-3.5")


def test_LEAD_6_3_jailer_blocks_abilities_but_not_moves() -> None:
    """LEAD-6.3: an enemy adjacent to the Jailer may move but not use its active ability."""
    s = pos("King a1, Rider d4", "Queen d7, Jailer e4")
    s.apply_action("select d4")
    assert legal(s) == moves("c3", "c4", "d3", "d5", "e5")
    refused(s, "ride b4", "LEAD-6.3")
    s.apply_action("move d3")
    assert pieces(s)["d3"] == ("Rider", 0)
    own = pos("King a1", "Queen d7, Jailer e4, Rider d4", to_move=1)  # its own side is not jailed
    own.apply_action("select d4")
    assert "ride b4" in legal(own)


def test_LEAD_6_3_ability_already_begun_is_not_interrupted() -> None:
    """LEAD-6.3: the Acrobat landing next to an enemy Jailer after its first jump may still
    make its second jump."""
    s = pos("King d1, Acrobat d4, Protector f5", "Queen d7, Rider e4, Jailer g4")
    s.apply_action("select d4")
    assert {"jump f4", "jump f6"} <= legal(s)
    s.apply_action("jump f6")
    assert pieces(s)["f6"] == ("Acrobat", 0)


def test_LEAD_6_4_protector_stops_enemy_abilities_moving_it_and_its_allies() -> None:
    """LEAD-6.4: the Protector and its adjacent allies cannot be moved by enemy abilities:
    Bruiser push, Illusionist swap, Manipulator, Claw Launcher pull."""
    cases = [
        ("Bruiser d3", "d3", "push d4 d5"),
        ("Illusionist d2", "d2", "swap d4"),
        ("Manipulator d2", "d2", "manipulate d4 c4"),
        ("ClawLauncher d2", "d2", "pull d4"),
    ]
    for piece, cell, action in cases:
        free = pos(f"King a1, {piece}", "Queen d7, Rider d4")
        assert action in acting(free, cell), action  # without the Protector it is legal
        s = pos(f"King a1, {piece}", "Queen d7, Rider d4, Protector e5")
        s.apply_action(f"select {cell}")
        refused(s, action, "LEAD-6.4")


def test_LEAD_6_4_protector_itself_is_immune_and_claw_may_still_fly_to_it() -> None:
    """LEAD-6.4: the Protector itself cannot be moved; the Claw Launcher may still fly next to a
    protected character (that moves only the Claw Launcher)."""
    s = pos("King a1, ClawLauncher d2", "Queen d7, Protector d5")
    s.apply_action("select d2")
    assert "claw d4" in legal(s)
    refused(s, "pull d5", "LEAD-6.4")
    b = pos("King a1, Bruiser d3", "Queen d7, Protector d4")
    b.apply_action("select d3")
    refused(b, "push d4 d5", "LEAD-6.4")


def test_LEAD_6_4_protector_does_not_stop_its_own_side() -> None:
    """LEAD-6.4: only enemy abilities are stopped; an own Illusionist may swap with a protected ally."""
    s = pos("King a1, Illusionist d2, Rider d4, Protector e5", "Queen d7")
    s.apply_action("select d2")
    assert "swap d4" in legal(s)


def test_LEAD_6_5_vizier_gives_the_leader_two_steps() -> None:
    """LEAD-6.5: with its Vizier on the board, the Leader moves up to two cells through free
    cells (not back to its start); without it, one."""
    s = pos("King d4, Vizier a1", "Queen d7, Rider e4")
    s.apply_action("select d4")
    one = {"c4", "d5", "d3", "e5", "c3"}
    two = {"b4", "d6", "d2", "f6", "b2", "e3", "c5", "e6", "f5", "b3", "c2"}  # f4: only via e4
    assert legal(s) == moves(*one, *two)
    refused(s, "move f4", "LEAD-6.5")
    refused(s, "move d7", "LEAD-2.2")
    plain = pos("King d4, Jailer a1", "Queen d7, Rider e4")
    plain.apply_action("select d4")
    assert legal(plain) == moves(*one)
    refused(plain, "move b4", "LEAD-2.2")
    enemy_vizier = pos("King d4", "Queen d7, Rider e4, Vizier a4")
    enemy_vizier.apply_action("select d4")
    assert legal(enemy_vizier) == moves(*one)
    s.apply_action("move b2")
    assert pieces(s)["b2"] == ("King", 0)


def test_LEAD_6_5_vizier_step_not_stopped_by_jailer() -> None:
    """LEAD-6.5 / LEAD-D5: the Vizier's extra step is not an active ability: a Jailer next to the
    Leader does not stop it."""
    s = pos("King d4, Vizier a1", "Queen d7, Jailer e4")
    s.apply_action("select d4")
    assert "move b2" in legal(s)
