"""Leaders clause tests: LEAD-1 setup (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardkit
from boardkit.core.game import CHANCE, OptionError
from boardkit.core.rules import IllegalActionError, IllegalPositionError

from leaders_clause_support import ALL_CARDS, legal, pieces, play, pos, refused, start_discovery


def test_LEAD_1_1_leaders_start_on_their_start_cells() -> None:
    """LEAD-1.1: each Leader starts on its own start cell (King d1, Queen d7) with its card."""
    s = start_discovery(0)
    obs = s.observation(None)
    assert pieces(s) == {"d1": ("King", 0), "d7": ("Queen", 1)}
    assert obs["cards"] == [["King"], ["Queen"]]
    assert s.current_player() == 0 and legal(s) == {"pass", "select d1"}


def test_LEAD_1_1_position_needs_each_players_own_leader() -> None:
    """LEAD-1.1: a position without a Leader, or with the other player's Leader, is refused."""
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1", "Rider d5")
    assert info.value.clause == "LEAD-1.1"
    with pytest.raises(IllegalPositionError) as info:
        pos("Queen d1", "Rider d5")
    assert info.value.clause == "LEAD-1.1"
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1", "Queen d7, King d4")  # a second King, listed for player 1
    assert info.value.clause == "LEAD-10"
    assert issubclass(IllegalPositionError, IllegalActionError)


def test_LEAD_1_1_two_kings_refused() -> None:
    """LEAD-1.1 / LEAD-10: one player listing two Kings is refused (one copy of each character)."""
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, King a1", "Queen d7")
    assert info.value.clause == "LEAD-10"


def test_LEAD_1_2_pieces_have_owners_and_enemy_pieces_cannot_be_selected() -> None:
    """LEAD-1.2: every piece has an owner; a player cannot make an enemy character act."""
    s = pos("King d1, Rider c3", "Queen d7, Jailer e5")
    assert pieces(s) == {"d1": ("King", 0), "c3": ("Rider", 0), "d7": ("Queen", 1), "e5": ("Jailer", 1)}
    assert legal(s) == {"pass", "select d1", "select c3"}
    refused(s, "select e5", "LEAD-1.2")
    refused(s, "select d7", "LEAD-1.2")


def test_LEAD_1_3_market_drawn_by_chance_with_exact_probabilities() -> None:
    """LEAD-1.3: the market of three is revealed from the shuffled deck: uniform draws, exact
    Fractions, each card at most once; a refill after recruitment is again a uniform draw."""
    s = boardkit.load_game("leaders", first_player=0).new_initial_state()
    assert s.is_chance_node() and s.current_player() == CHANCE
    out = s.chance_outcomes()
    assert [str(a) for a, _ in out] == [f"draw {c}" for c in sorted(ALL_CARDS)]
    assert all(p == Fraction(1, 16) for _, p in out) and sum(p for _, p in out) == 1
    s.apply_action("draw Rider")
    out = s.chance_outcomes()
    assert len(out) == 15 and "draw Rider" not in {str(a) for a, _ in out}
    assert all(p == Fraction(1, 15) for _, p in out)
    refused(s, "draw Rider", "LEAD-1.3")  # already revealed
    refused(s, "select d1", "LEAD-1.3")  # chance acts now
    play(s, "draw Vizier", "draw Jailer")
    assert not s.is_chance_node()
    assert s.observation(None)["market"] == ["Rider", "Vizier", "Jailer"]
    assert s.observation(0)["deck_size"] == 13
    refused(s, "draw Archer", "LEAD-1.3")  # only chance draws, and not now
    play(s, "pass", "recruit Vizier a1")
    assert s.is_chance_node()
    out = s.chance_outcomes()
    assert len(out) == 13 and all(p == Fraction(1, 13) for _, p in out)
    s.apply_action("draw Archer")
    assert s.observation(None)["market"] == ["Rider", "Jailer", "Archer"]
    assert s.current_player() == 1


def test_LEAD_1_4_first_player_drawn_with_probability_one_half() -> None:
    """LEAD-1.4: without the option, the first player is a chance event, 1/2 each; the option
    first_player fixes it."""
    s = start_discovery(None)
    assert s.is_chance_node()
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("first 0", Fraction(1, 2)), ("first 1", Fraction(1, 2))]
    one = s.child("first 1")
    assert one.current_player() == 1 and legal(one) == {"pass", "select d7"}
    zero = s.child("first 0")
    assert zero.current_player() == 0 and legal(zero) == {"pass", "select d1"}
    refused(one, "first 0", "LEAD-1.4")
    fixed = start_discovery(1)
    assert fixed.current_player() == 1 and not fixed.is_chance_node()
    with pytest.raises(OptionError):
        boardkit.load_game("leaders", first_player=2)
