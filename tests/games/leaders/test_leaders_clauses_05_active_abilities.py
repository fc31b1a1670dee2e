"""Leaders clause tests: LEAD-5 active abilities (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

from leaders_clause_support import GAME, assert_running, legal, moves, pieces, play, pos, refused


def test_LEAD_5_1_acrobat_jumps_once_or_twice() -> None:
    """LEAD-5.1: the Acrobat jumps over one adjacent character in a line onto the free cell
    beyond, and may jump a second time."""
    s = pos("King d1, Acrobat d4, Protector f5", "Queen d7, Rider e4")
    s.apply_action("select d4")
    assert legal(s) == moves("c3", "c4", "d3", "d5", "e5") | {"jump f4", "jump f6"}
    refused(s, "jump f5", "LEAD-5.1")  # occupied
    refused(s, "jump b4", "LEAD-5.1")  # nothing to jump over (c4 empty)
    refused(s, "jump g4", "LEAD-5.1")
    double = s.child("jump f6")
    assert pieces(double) == {"d1": ("King", 0), "f6": ("Acrobat", 0), "f5": ("Protector", 0),
                              "d7": ("Queen", 1), "e4": ("Rider", 1)}
    single = s.child("jump f4")
    assert pieces(single)["f4"] == ("Acrobat", 0) and "d4" not in pieces(single)


def test_LEAD_5_2_rider_moves_exactly_two_in_a_line() -> None:
    """LEAD-5.2: the Rider rides exactly two cells in a straight line, both free; one cell is
    its ordinary move."""
    s = pos("King d1, Rider d4", "Queen d7, Protector e4")
    s.apply_action("select d4")
    assert legal(s) == moves("c3", "c4", "d3", "d5", "e5") | {f"ride {c}" for c in ("b2", "b4", "d2", "d6", "f6")}
    refused(s, "ride f4", "LEAD-5.2")  # e4 is occupied
    refused(s, "ride d5", "LEAD-5.2")  # one cell: that is 'move d5'
    refused(s, "ride d7", "LEAD-5.2")
    s.apply_action("ride d6")
    assert pieces(s)["d6"] == ("Rider", 0) and "d4" not in pieces(s)


def test_LEAD_5_3_bruiser_pushes_to_one_of_three_cells_behind() -> None:
    """LEAD-5.3: the Bruiser enters the enemy's cell and pushes it to one of the three cells
    behind it (relative to the Bruiser's direction), free and on the board."""
    s = pos("King a1, Bruiser d3", "Queen d7, Rider d4")
    s.apply_action("select d3")
    pushes = {a for a in legal(s) if a.startswith("push")}
    assert pushes == {"push d4 c4", "push d4 d5", "push d4 e5"}
    refused(s, "push d4 e4", "LEAD-5.3")  # beside, not behind
    refused(s, "push d4 c3", "LEAD-5.3")
    after = s.child("push d4 c4")
    assert pieces(after) == {"a1": ("King", 0), "d4": ("Bruiser", 0), "c4": ("Rider", 1), "d7": ("Queen", 1)}


def test_LEAD_5_3_bruiser_push_needs_free_on_board_cell_and_an_enemy() -> None:
    """LEAD-5.3: off-board and occupied cells behind are excluded; allies cannot be pushed."""
    s = pos("King a1, Bruiser f6, Vizier g6", "Queen d7, Rider f7")
    s.apply_action("select f6")
    assert {a for a in legal(s) if a.startswith("push")} == {"push f7 e7"}  # f8, g8 are off the board
    refused(s, "push g6 g7", "LEAD-5.3")  # an ally
    blocked = pos("King a1, Bruiser d3, Vizier e5", "Queen d7, Rider d4, Jailer d5")
    blocked.apply_action("select d3")
    assert {a for a in legal(blocked) if a.startswith("push")} == {"push d4 c4"}


def test_LEAD_5_3_bruiser_can_push_the_enemy_leader() -> None:
    """LEAD-5.3: the enemy Leader is an enemy character and can be pushed."""
    s = pos("King a1, Bruiser d3", "Queen d4")
    play(s, "select d3", "push d4 d5")
    assert pieces(s) == {"a1": ("King", 0), "d4": ("Bruiser", 0), "d5": ("Queen", 1)}
    assert_running(s)


def test_LEAD_5_4_royal_guard_teleports_next_to_leader_then_may_step() -> None:
    """LEAD-5.4: the Royal Guard goes from anywhere to a free cell next to its Leader, then may
    step once more."""
    s = pos("King d1, RoyalGuard f6", "Queen d7")
    s.apply_action("select f6")
    guards = {f"guard {c}" for c in ("c1", "d2", "e2", "b1", "c2", "d3", "e3", "f3")}
    assert legal(s) == moves("e5", "e6", "f5", "f7", "g6", "g7") | guards
    refused(s, "guard d4", "LEAD-5.4")
    s.apply_action("guard d3")
    assert pieces(s) == {"d1": ("King", 0), "d3": ("RoyalGuard", 0), "d7": ("Queen", 1)}


def test_LEAD_5_4_royal_guard_already_next_to_leader() -> None:
    """LEAD-5.4 / LEAD-D1: a Guard next to its Leader may relocate around it but not end on
    its own cell."""
    s = pos("King d1, RoyalGuard d2", "Queen d7")
    s.apply_action("select d2")
    assert {a for a in legal(s) if a.startswith("guard")} == {f"guard {c}" for c in ("b1", "c1", "c2", "e2", "e3", "f3")}
    refused(s, "guard d2", "LEAD-D1")


def test_LEAD_5_5_illusionist_swaps_with_seen_non_adjacent_character_leaders_included() -> None:
    """LEAD-5.5: swap with a character seen in a line and not adjacent; Leaders included."""
    s = pos("King d1, Illusionist d3", "Queen d5, Rider e3")
    s.apply_action("select d3")
    assert legal(s) == moves("c2", "c3", "d2", "d4", "e4") | {"swap d1", "swap d5"}
    refused(s, "swap e3", "LEAD-5.5")  # adjacent
    enemy = s.child("swap d5")
    assert pieces(enemy) == {"d1": ("King", 0), "d5": ("Illusionist", 0), "d3": ("Queen", 1), "e3": ("Rider", 1)}
    own = s.child("swap d1")
    assert pieces(own) == {"d3": ("King", 0), "d1": ("Illusionist", 0), "d5": ("Queen", 1), "e3": ("Rider", 1)}


def test_LEAD_5_6_claw_launcher_moves_to_or_pulls_a_seen_character() -> None:
    """LEAD-5.6: the Claw Launcher either flies along the line until adjacent to the character
    it sees, or pulls that character until it is adjacent."""
    s = pos("King a1, ClawLauncher d2", "Queen d7, Rider d5")
    s.apply_action("select d2")
    assert legal(s) == moves("c1", "c2", "d1", "d3", "e2", "e3") | {"claw d4", "pull d5"}
    refused(s, "claw d3", "LEAD-5.6")  # stops only next to the seen character
    refused(s, "pull d7", "LEAD-5.6")  # not seen
    fly = s.child("claw d4")
    assert pieces(fly) == {"a1": ("King", 0), "d4": ("ClawLauncher", 0), "d5": ("Rider", 1), "d7": ("Queen", 1)}
    pull = s.child("pull d5")
    assert pieces(pull) == {"a1": ("King", 0), "d2": ("ClawLauncher", 0), "d3": ("Rider", 1), "d7": ("Queen", 1)}


def test_LEAD_5_6_claw_launcher_pulls_an_ally_too() -> None:
    """LEAD-5.6: any seen character may be pulled (an ally here); an adjacent one may not."""
    s = pos("King a1, ClawLauncher d2, Vizier b2", "Queen d7, Rider e2")
    s.apply_action("select d2")
    assert "pull b2" in legal(s) and "claw c2" in legal(s)
    refused(s, "pull e2", "LEAD-5.6")  # adjacent
    after = s.child("pull b2")
    assert pieces(after)["c2"] == ("Vizier", 0)


def test_LEAD_5_7_manipulator_moves_a_seen_non_adjacent_enemy_one_cell() -> None:
    """LEAD-5.7: the Manipulator moves an enemy it sees, not adjacent, to any free adjacent cell;
    allies and adjacent enemies are not targets."""
    s = pos("King a1, Manipulator d2, Jailer b2", "Queen d7, Rider d5, Wanderer e3")
    s.apply_action("select d2")
    manips = {a for a in legal(s) if a.startswith("manipulate")}
    assert manips == {f"manipulate d5 {c}" for c in ("c4", "c5", "d4", "d6", "e5", "e6")}
    refused(s, "manipulate b2 b3", "LEAD-5.7")  # ally
    refused(s, "manipulate e3 f4", "LEAD-5.7")  # adjacent enemy
    refused(s, "manipulate d5 d3", "LEAD-5.7")  # two cells
    s.apply_action("manipulate d5 c5")
    assert pieces(s) == {"a1": ("King", 0), "d2": ("Manipulator", 0), "b2": ("Jailer", 0),
                         "c5": ("Rider", 1), "e3": ("Wanderer", 1), "d7": ("Queen", 1)}


def test_LEAD_5_8_wanderer_goes_to_any_free_cell_not_adjacent_to_an_enemy() -> None:
    """LEAD-5.8: the Wanderer moves to any free cell with no adjacent enemy (next to allies is fine)."""
    s = pos("King d1, Wanderer a4, Vizier f3", "Queen d7, Rider d4")
    b = GAME.board
    occupied = set(pieces(s))
    enemies = ["d7", "d4"]
    expected = {f"wander {n}" for i, n in enumerate(b.names)
                if n not in occupied and all(b.distance(n, e) > 1 for e in enemies)}
    s.apply_action("select a4")
    assert {a for a in legal(s) if a.startswith("wander")} == expected
    assert "wander e3" in expected and "wander g4" in expected  # e3 and g4 touch the ally on f3
    refused(s, "wander d5", "LEAD-5.8")  # next to the Rider
    refused(s, "wander f3", "LEAD-5.8")  # occupied
    s.apply_action("wander g7")
    assert pieces(s)["g7"] == ("Wanderer", 0) and "a4" not in pieces(s)


def test_LEAD_5_9_brewmaster_moves_an_adjacent_ally_including_its_leader() -> None:
    """LEAD-5.9: the Brewmaster moves an adjacent ally (its own Leader too) one cell; never an enemy."""
    s = pos("King d1, Brewmaster d2, Rider e3", "Queen d7, Jailer b2")
    s.apply_action("select d2")
    brews = {a for a in legal(s) if a.startswith("brew")}
    assert brews == {"brew d1 c1", "brew d1 e2"} | {f"brew e3 {c}" for c in ("e2", "e4", "f3", "f4", "d3")}
    refused(s, "brew d1 d3", "LEAD-5.9")  # two cells from d1
    refused(s, "brew d7 d6", "LEAD-5.9")
    s.apply_action("brew d1 c1")
    assert pieces(s) == {"c1": ("King", 0), "d2": ("Brewmaster", 0), "e3": ("Rider", 0),
                         "d7": ("Queen", 1), "b2": ("Jailer", 1)}
    assert s.observation(None)["acted"] == ["Brewmaster"]
    assert "select c1" in legal(s)  # moving the King was the Brewmaster's action, not the King's


def test_LEAD_5_9_brewmaster_cannot_move_an_adjacent_enemy() -> None:
    """LEAD-5.9: the target must be an ally."""
    s = pos("King a1, Brewmaster d3", "Queen d7, Rider d4")
    s.apply_action("select d3")
    assert not any(a.startswith("brew") for a in legal(s))
    refused(s, "brew d4 d5", "LEAD-5.9")
