"""Leaders: one or more tests per clause of ``data/rules/leaders.yaml`` (LEAD-1.1 .. LEAD-10,
LEAD-D1 .. LEAD-D7).

Each test names its clause (``test_LEAD_5_3_...``) and quotes the id in its docstring. Positions
are set up with ``game.state_from_position`` (YAML text, see ``boardkit/games/leaders/position.py``)
and checked exactly: legal actions as notation, the pieces afterwards, outcome and returns, and
for refused actions the clause of the IllegalActionError with the state left unchanged.

Board reminder (axial (q, r), file a..g = q -3..3, rank 1..7 = r 3..-3): the neighbours of
``fK`` are ``(f+1)K, (f-1)K, f(K+1), f(K-1), (f+1)(K+1), (f-1)(K-1)``; straight lines run along a
rank, a file, or the ``(f+1)(K+1)`` diagonal.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit
from boardkit.core.game import CHANCE, TERMINAL, OptionError
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalActionError, IllegalPositionError, NotationError
from boardkit.core.validate import BoardkitDataError
from boardkit.games.leaders import rules as R
from boardkit.games.leaders.actions import CARD_PIECES, LEADERS, PIECE_CARD, RECRUITABLE, Move, NemesisMove, Recruit

GAME = boardkit.load_game("leaders")
PUBLISHED = boardkit.load_game("leaders", rules="published")
EXPERT = boardkit.load_game("leaders", expert=True)
ALL_CARDS = ("Acrobat", "Archer", "Assassin", "Brewmaster", "Bruiser", "ClawLauncher", "HermitCub",
             "Illusionist", "Jailer", "Manipulator", "Nemesis", "Protector", "Rider", "RoyalGuard",
             "Vizier", "Wanderer")


# -- helpers -----------------------------------------------------------------------------------
def _cards_of(pieces: str) -> set[str]:
    return {PIECE_CARD[item.split()[0]] for item in pieces.split(",") if item.strip()}


def position_text(p0: str, p1: str, *, market: list[str] | None = None, game=GAME, **extra) -> str:
    """YAML text of a position. Without ``market`` (Discovery mode) the first three cards not on
    the board are the market, so that no chance node comes first."""
    lines = ["pieces:", f"  0: {p0}", f"  1: {p1}"]
    if not game.options["expert"]:
        if market is None:
            on_board = _cards_of(p0) | _cards_of(p1)
            market = [c for c in RECRUITABLE if c not in on_board][:3]
        lines.append(f"market: [{', '.join(market)}]")
    for key, value in extra.items():
        if isinstance(value, (list, tuple)):
            lines.append(f"{key}: [{', '.join(value)}]")
        else:
            lines.append(f"{key}: {value}")
    return "\n".join(lines) + "\n"


def pos(p0: str, p1: str, *, market: list[str] | None = None, game=GAME, **extra):
    return game.state_from_position(position_text(p0, p1, market=market, game=game, **extra))


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def pieces(state) -> dict[str, tuple[str, int]]:
    return {cell: (p["kind"], p["owner"]) for cell, p in state.observation(None)["pieces"].items()}


def refused(state, action: str, clause: str) -> IllegalActionError:
    """``action`` raises IllegalActionError naming ``clause`` and leaves ``state`` unchanged."""
    before = (state.to_json(), state.observation(None), legal(state), state.current_player())
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    assert info.value.clause == clause, info.value
    assert (state.to_json(), state.observation(None), legal(state), state.current_player()) == before
    assert str(action) not in before[2]
    why = state.why_illegal(action)
    assert why is not None and why.clause == clause
    return info.value


def play(state, *actions: str):
    for a in actions:
        state.apply_action(a)
    return state


def acting(state, cell: str) -> set[str]:
    """Legal actions of the character on ``cell`` once selected (on a clone)."""
    s = state.child(f"select {cell}")
    return legal(s)


def moves(*cells: str) -> set[str]:
    return {f"move {c}" for c in cells}


def cells_within(name: str, dist: int, game=GAME) -> set[str]:
    b = game.board
    return {n for n in b.names if 0 < b.distance(name, n) <= dist}


def assert_won(state, winner: int, reason: str) -> None:
    assert state.is_terminal() and state.current_player() == TERMINAL
    o = state.outcome()
    assert o.winners == (winner,) and o.reason == reason
    both = "LEAD-3.4"  # both Leaders lost at once: the active player wins
    assert o.clause in (both, "LEAD-3.2" if reason.endswith("captured") else "LEAD-3.3")
    assert o.returns == tuple(state.returns())
    assert state.returns() == ([1, -1] if winner == 0 else [-1, 1])
    assert state.winners() == [winner]
    assert state.legal_actions() == []


def assert_running(state) -> None:
    assert not state.is_terminal()
    assert state.outcome() is None
    assert state.returns() == [0, 0]


def start_discovery(first_player: int | None, draws=("Rider", "Vizier", "Jailer")):
    s = boardkit.load_game("leaders", first_player=first_player).new_initial_state()
    for d in draws:
        s.apply_action(f"draw {d}")
    return s


# -- LEAD-1 setup ------------------------------------------------------------------------------
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


# -- LEAD-2 the turn -----------------------------------------------------------------------------
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


# -- LEAD-3 end of the game -----------------------------------------------------------------------
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


# -- LEAD-4 sight --------------------------------------------------------------------------------
def test_LEAD_4_1_sight_blocked_by_a_character_in_between() -> None:
    """LEAD-4.1: a character sees only the first character along a straight line."""
    s = pos("King a1, Illusionist d2", "Queen d7, Rider d4, Vizier d5")
    s.apply_action("select d2")
    swaps = {a for a in legal(s) if a.startswith("swap")}
    assert swaps == {"swap d4"}
    refused(s, "swap d5", "LEAD-5.5")  # the Rider on d4 stands between
    refused(s, "swap d7", "LEAD-5.5")
    m = pos("King a1, Manipulator d2", "Queen d7, Rider d4, Vizier d5")
    m.apply_action("select d2")
    assert {a.split()[1] for a in legal(m) if a.startswith("manipulate")} == {"d4"}
    refused(m, "manipulate d5 e5", "LEAD-5.7")


def test_LEAD_4_1_sight_only_along_straight_lines() -> None:
    """LEAD-4.1: a character two cells away but not on a line of the board is not seen."""
    s = pos("King a1, Illusionist d4", "Queen d7, Rider e3")  # e3: distance 2 from d4, off-line
    assert GAME.board.distance("d4", "e3") == 2
    s.apply_action("select d4")
    assert {a for a in legal(s) if a.startswith("swap")} == {"swap d7", "swap a1"}  # up the file, down the diagonal
    refused(s, "swap e3", "LEAD-5.5")


# -- LEAD-5 active abilities -----------------------------------------------------------------------
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


# -- LEAD-6 passive abilities ---------------------------------------------------------------------
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


# -- LEAD-7 special cases -------------------------------------------------------------------------
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


# -- LEAD-8 Expert mode ---------------------------------------------------------------------------
def test_LEAD_8_1_expert_every_character_available() -> None:
    """LEAD-8.1: Expert mode has no deck: recruitment picks any available character."""
    g = boardkit.load_game("leaders", expert=True, first_player=0)
    s = g.new_initial_state()
    assert not s.is_chance_node()
    play(s, "exile Archer", "exile Wanderer", "pass")
    recruits = legal(s)
    cards = {a.split()[1] for a in recruits}
    assert cards == set(ALL_CARDS) - {"Archer", "Wanderer"}
    assert s.observation(None)["market"] == [] and s.observation(None)["deck_size"] == 0
    refused(s, "recruit Archer a1", "LEAD-8.2")  # exiled
    with pytest.raises(IllegalPositionError) as info:
        g.state_from_position("pieces:\n  0: King d1\n  1: Queen d7\nmarket: [Rider]\n")  # no market in Expert mode
    assert info.value.clause == "LEAD-8.1"


def test_LEAD_8_2_exile_starts_with_the_first_player() -> None:
    """LEAD-8.2: before the first turn each player exiles one character, first player first."""
    g = boardkit.load_game("leaders", expert=True, first_player=1)
    s = g.new_initial_state()
    assert s.current_player() == 1
    assert legal(s) == {f"exile {c}" for c in ALL_CARDS}
    refused(s, "pass", "LEAD-8.2")
    refused(s, "exile King", "LEAD-1.1")
    s.apply_action("exile Archer")
    assert s.current_player() == 0 and "exile Archer" not in legal(s)
    refused(s, "exile Archer", "LEAD-8.2")
    s.apply_action("exile Assassin")
    assert s.current_player() == 1 and legal(s) == {"pass", "select d7"}
    assert s.observation(None)["exiled"] == ["Archer", "Assassin"]


def test_LEAD_8_2_exile_after_first_player_drawn_by_chance() -> None:
    """LEAD-8.2: with the first player drawn (LEAD-1.4) the drawn player exiles first."""
    s = EXPERT.new_initial_state()
    assert s.is_chance_node()
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("first 0", Fraction(1, 2)), ("first 1", Fraction(1, 2))]
    s.apply_action("first 1")
    assert s.current_player() == 1 and all(a.startswith("exile") for a in legal(s))


def test_LEAD_8_2_exile_not_in_discovery_mode() -> None:
    """LEAD-8.2: Exile exists only in Expert mode."""
    s = start_discovery(0)
    refused(s, "exile Archer", "LEAD-8.2")
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1", "Queen d7", exiled=["Archer"])
    assert info.value.clause == "LEAD-8.2"


def test_LEAD_8_2_expert_position_needs_the_exiles_made_so_far() -> None:
    """LEAD-8.2: an Expert position lists two exiled cards, four once both players have three."""
    s = pos("King d1, Rider a3", "Queen d7", game=EXPERT, exiled=["Archer", "Assassin"])
    assert s.observation(None)["exiled"] == ["Archer", "Assassin"] and "Archer" not in s.available()
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, Rider a3", "Queen d7", game=EXPERT, exiled=["Archer"])
    assert info.value.clause == "LEAD-8.2"
    four = pos("King d1, Rider a3, Vizier b3", "Queen d7, Jailer e6, Nemesis f6", game=EXPERT,
               exiled=["Archer", "Assassin", "Wanderer", "Bruiser"])
    assert len(four.available()) == 16 - 4 - 4


def test_LEAD_D6_second_exile_right_after_both_have_three_cards() -> None:
    """LEAD-D6 / LEAD-8.2: the second Exile round comes right after the recruitment that first
    gives both players three characters, first player first; then the turn goes on."""
    g = boardkit.load_game("leaders", expert=True, first_player=1)
    s = play(g.new_initial_state(), "exile Archer", "exile Assassin")
    play(s, "pass", "recruit Rider a4")  # turn 1, player 1: 2 cards
    assert s.current_player() == 0
    play(s, "pass", "recruit Vizier a1")
    assert s.current_player() == 0 and s.observation(None)["recruits_left"] == 1  # LEAD-2.4
    s.apply_action("recruit Jailer b1")  # player 0: 3 cards, player 1: 2 -> no exile yet
    assert s.current_player() == 1 and s.observation(None)["phase"] == "action"
    assert not any(a.startswith("exile") for a in legal(s))
    play(s, "pass", "recruit HermitCub e7 g7")  # player 1: 3 cards, 4 characters
    assert s.observation(None)["cards"][1] == ["Queen", "Rider", "HermitCub"]
    assert s.current_player() == 1 and all(a.startswith("exile") for a in legal(s))
    refused(s, "exile Rider", "LEAD-10")  # already recruited
    s.apply_action("exile Wanderer")
    assert s.current_player() == 0 and all(a.startswith("exile") for a in legal(s))
    s.apply_action("exile Bruiser")
    obs = s.observation(None)
    assert obs["exiled"] == ["Archer", "Assassin", "Wanderer", "Bruiser"]
    assert obs["to_move"] == 0 and obs["phase"] == "action" and obs["turn"] == 4
    play(s, "pass")
    assert {a.split()[1] for a in legal(s)} == set(ALL_CARDS) - {"Archer", "Assassin", "Wanderer", "Bruiser",
                                                               "Rider", "Vizier", "Jailer", "HermitCub"}
    play(s, "recruit Nemesis c1", "pass", "recruit Acrobat f7")
    assert s.current_player() == 0  # no third Exile round


def _hermit_cub_then_two(count: str):
    """Expert mode, player 1 first: the Queen, the Hermit and the Cub (two cards, three
    characters) against the King, the Archer and the Rider."""
    g = boardkit.load_game("leaders", expert=True, first_player=1, exile_count=count)
    s = play(g.new_initial_state(), "exile Wanderer", "exile Bruiser")
    play(s, "pass", "recruit HermitCub e7 g7")  # turn 1, player 1: Queen, Hermit, Cub
    play(s, "pass", "recruit Archer a1")  # turn 2, player 0's two recruitments (LEAD-2.4)
    assert not any(a.startswith("exile") for a in legal(s))
    s.apply_action("recruit Rider b1")  # King, Archer, Rider
    return s


def test_LEAD_D6_hermit_and_cub_are_two_characters_for_the_second_exile() -> None:
    """LEAD-D6 / LEAD-8.2: "nel momento in cui entrambi i giocatori hanno tre personaggi a testa
    — e il Leader conta come uno dei tre": the Hermit and the Cub count as one only in the
    Recruitment phase, so the Queen, Hermit and Cub are three characters and King + Archer +
    Rider against them calls the second Exile, first player (player 1) first."""
    s = _hermit_cub_then_two("characters")
    assert s.observation(None)["cards"] == [["King", "Archer", "Rider"], ["Queen", "HermitCub"]]
    assert s.current_player() == 1 and all(a.startswith("exile") for a in legal(s))
    refused(s, "pass", "LEAD-8.2")
    play(s, "exile Jailer", "exile Nemesis")
    obs = s.observation(None)
    assert obs["exiled"] == ["Wanderer", "Bruiser", "Jailer", "Nemesis"]
    assert obs["to_move"] == 1 and obs["phase"] == "action" and obs["turn"] == 3
    with pytest.raises(IllegalPositionError) as info:  # a position needs those four exiles
        pos("King d1, Archer a1, Rider b1", "Queen d7, Hermit e7, Cub g7", game=s.game,
            exiled=["Wanderer", "Bruiser"])
    assert info.value.clause == "LEAD-8.2"


def test_LEAD_D6_option_exile_count_cards() -> None:
    """LEAD-D6, option exile_count="cards" (the other reading: the count falls in a Recruitment
    phase, where the pair is one): the Hermit & Cub is one card, player 1 has two, and no Exile
    round follows; it comes once player 1 has a third card."""
    s = _hermit_cub_then_two("cards")
    assert s.current_player() == 1 and s.observation(None)["phase"] == "action"
    assert not any(a.startswith("exile") for a in legal(s))
    refused(s, "exile Jailer", "LEAD-8.2")
    play(s, "pass", "recruit Jailer f7")
    assert s.current_player() == 1 and all(a.startswith("exile") for a in legal(s))


# -- LEAD-9 board ---------------------------------------------------------------------------------
def test_LEAD_9_1_board_is_a_radius_3_hexagon_of_37_cells() -> None:
    """LEAD-9.1: 37 cells in rows 4,5,6,7,6,5,4; six neighbours inside; three line axes."""
    b = GAME.board
    assert len(b.coords) == 37 and b.graph.number_of_nodes() == 37
    rows = [sum(1 for n in b.names if n[1] == str(r)) for r in range(1, 8)]
    assert rows == [4, 5, 6, 7, 6, 5, 4]
    assert all(max(abs(q), abs(r), abs(q + r)) <= 3 for q, r in b.coords)
    degrees = sorted(len(b.neighbours(n)) for n in b.names)
    assert degrees == [3] * 6 + [4] * 12 + [6] * 19
    assert b.undirected().number_of_edges() == 90
    assert sorted(b.neighbours("d4")) == ["c3", "c4", "d3", "d5", "e4", "e5"]
    # a straight line: the ray from a1 along the rank, file and diagonal
    g = GAME.geometry
    rays = sorted([b.names[j] for j in g.ray(b.index("a1"), k)] for k in range(6) if list(g.ray(b.index("a1"), k)))
    assert rays == [["a2", "a3", "a4"], ["b1", "c1", "d1"], ["b2", "c3", "d4", "e5", "f6", "g7"]]


def test_LEAD_9_2_start_cells_are_opposite_corners() -> None:
    """LEAD-9.2: start cells (0, 3) = d1 for the first side and (0, -3) = d7 for the second."""
    b = GAME.board
    assert [b.names[c] for c in GAME.start] == ["d1", "d7"]
    assert [b.coords[c] for c in GAME.start] == [(0, 3), (0, -3)]
    assert b.distance(*(b.names[c] for c in GAME.start)) == 6


def test_LEAD_9_3_recruitment_cells_are_the_two_edges_at_the_own_corner() -> None:
    """LEAD-9.3: 7 recruitment cells per side, on the two edges meeting at its start corner."""
    b = GAME.board
    assert sorted(b.names[c] for c in GAME.recruit_cells[0]) == ["a1", "b1", "c1", "d1", "e2", "f3", "g4"]
    assert sorted(b.names[c] for c in GAME.recruit_cells[1]) == ["a4", "b5", "c6", "d7", "e7", "f7", "g7"]
    assert {b.coords[c] for c in GAME.recruit_cells[0]} == {(q, 3) for q in range(-3, 1)} | {(q, 3 - q) for q in range(4)}


def test_LEAD_9_4_another_board_file_can_be_loaded(tmp_path: Path) -> None:
    """LEAD-9.4: the board is data: a radius-2 board file loads and the game starts on it."""
    cells = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]
    text = ["name: small-hex-2", "kind: hex", "cells:"] + [f"  - [{q}, {r}]" for q, r in cells]
    text += ["sets:", "  start_0:", "    - [0, 2]", "  start_1:", "    - [0, -2]",
             "  recruit_0:", "    - [-2, 2]", "    - [-1, 2]", "    - [1, 1]",
             "  recruit_1:", "    - [2, -2]", "    - [1, -2]", "    - [-1, -1]"]
    path = tmp_path / "small.yaml"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    g = boardkit.load_game("leaders", board=str(path), first_player=0)
    assert len(g.board.coords) == 19
    s = g.new_initial_state()
    play(s, "draw Rider", "draw Vizier", "draw Jailer")
    kings = {c: p for c, p in pieces(s).items()}
    assert {g.board.coords[g.board.index(c)]: k for c, k in kings.items()} == {(0, 2): ("King", 0), (0, -2): ("Queen", 1)}
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(text[: 3 + len(cells)]) + "\nsets: {}\n", encoding="utf-8")
    with pytest.raises(BoardkitDataError):
        boardkit.load_game("leaders", board=str(bad))


# -- LEAD-10 characters ---------------------------------------------------------------------------
def test_LEAD_10_sixteen_cards_seventeen_pieces_one_copy_each() -> None:
    """LEAD-10: King and Queen plus 16 recruitable cards (17 pieces), one copy each."""
    assert LEADERS == ("King", "Queen")
    assert sorted(RECRUITABLE) == sorted(ALL_CARDS) and len(RECRUITABLE) == 16
    assert sum(len(CARD_PIECES[c]) for c in RECRUITABLE) == 17
    s = boardkit.load_game("leaders", first_player=0).new_initial_state()
    assert sorted(s.observation(None)["deck"]) == sorted(ALL_CARDS)


def test_LEAD_10_character_twice_refused() -> None:
    """LEAD-10: a character listed twice, or both on the board and in the market, is refused."""
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, Archer c3", "Queen d7, Archer e5")
    assert info.value.clause == "LEAD-10"
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, Archer c3", "Queen d7", market=["Archer", "Rider", "Vizier"])
    assert info.value.clause == "LEAD-10"


def test_LEAD_10_every_card_exactly_once_over_a_whole_game() -> None:
    """LEAD-10: at every step each recruitable card is in exactly one place: deck, market, a
    player's cards, or exiled."""
    for seed in range(6):
        for expert in (False, True):
            s = boardkit.load_game("leaders", expert=expert).new_initial_state()
            rng = random.Random(seed)
            while not s.is_terminal():
                obs = s.observation(None)
                places = obs["deck"] + obs["market"] + obs["exiled"] + [c for p in (0, 1) for c in obs["cards"][p] if c not in LEADERS]
                if expert:
                    available = set(s.available())
                    assert available.isdisjoint(places) and len(available) + len(places) == 16
                else:
                    assert sorted(places) == sorted(ALL_CARDS)
                boardkit.random_playout(s, rng, max_actions=1)


# -- decisions --------------------------------------------------------------------------------------
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


# -- bad input ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["fly d3", "move z9", "move", "move d3 d4", "recruit Dragon a1", "", "pass now",
                                  "first 2", "push d4", "select h1", "recruit HermitCub a1", "draw"])
def test_LEAD_2_2_bad_notation_raises_notation_error(text: str) -> None:
    """LEAD-2.2 (notation): text that is no Leaders action raises NotationError, state unchanged."""
    s = pos("King d1", "Queen d7")
    before = s.to_json()
    with pytest.raises(NotationError):
        s.apply_action(text)
    assert s.to_json() == before


def test_LEAD_2_2_malformed_position_raises_data_error() -> None:
    """LEAD-2.2 (positions): malformed descriptions raise BoardkitDataError; two pieces on one
    cell raise IllegalPositionError."""
    with pytest.raises(BoardkitDataError):
        GAME.state_from_position("pieces:\n  0: King d1, Dragon c3\n  1: Queen d7\n")
    with pytest.raises(BoardkitDataError):
        GAME.state_from_position("pieces:\n  0: King z9\n  1: Queen d7\n")
    with pytest.raises(IllegalPositionError) as info:
        pos("King d1, Rider d4", "Queen d7, Vizier d4")
    assert info.value.clause == "LEAD-2.2"


# -- properties -------------------------------------------------------------------------------------
def _check_invariants(s, last_actor: int | None, last_action) -> None:
    obs = s.observation(None)
    cards = obs["cards"]
    assert all(len(c) <= 5 for c in cards)  # LEAD-2.5
    expected_pieces = sum(len(CARD_PIECES[c]) for p in (0, 1) for c in cards[p])
    assert len(obs["pieces"]) == expected_pieces  # no two pieces on one cell, none lost
    assert len([p for p in s.pieces if p is not None]) == expected_pieces
    for p in (0, 1):
        kinds = [pc["kind"] for pc in obs["pieces"].values() if pc["owner"] == p]
        assert sorted(kinds) == sorted(k for c in cards[p] for k in CARD_PIECES[c])
    if last_actor is not None and not isinstance(last_action, NemesisMove) and s.game.rules == "published":
        # LEAD-P1: the player who just acted never loses by its own action
        assert R.leader_lost(GAME.geometry, s.pieces, s.leader_cell(last_actor), last_actor) is None
        if s.is_terminal() and obs["outcome"]["clause"] != "LEAD-D7":
            assert obs["outcome"]["winners"] == [last_actor]
    elif last_actor is not None and isinstance(last_action, Move) and s.is_terminal() and s.loser == last_actor:
        # LEAD-3.5 / LEAD-D9: a Leader's own move never loses it (unless it also wins: LEAD-3.4)
        assert s.observation(None)["acted"][-1] not in LEADERS


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), expert=st.booleans(), rules=st.sampled_from(["seed", "published"]))
def test_LEAD_3_5_property_random_playouts_keep_invariants(seed: int, expert: bool, rules: str) -> None:
    """LEAD-3.5 / LEAD-P1 / LEAD-2.5 / LEAD-3.4 (property): in seeded random playouts pieces
    never overlap, no player exceeds five cards, a Leader's own move never loses it (seed), a
    player's own action never loses its Leader (published), and a finished game has returns
    [1, -1] or [-1, 1]."""
    game = boardkit.load_game("leaders", rules=rules, expert=expert)
    s = game.new_initial_state()
    rng = random.Random(seed)
    n = 0
    while not s.is_terminal() and n < 600:
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            s.apply_action(boardkit.sample_chance(s, rng))
            _check_invariants(s, None, None)
        else:
            actor = s.current_player()
            acts = s.legal_actions()
            assert acts and len(set(map(str, acts))) == len(acts)
            a = acts[rng.randrange(len(acts))]
            s.apply_action(a)
            _check_invariants(s, actor, a)
        n += 1
    if s.is_terminal():
        assert s.returns() in ([1, -1], [-1, 1])
    again = boardkit.state_from_json(s.to_json())
    assert again.observation(None) == s.observation(None)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), max_turns=st.integers(1, 12))
def test_LEAD_D7_property_cut_off_never_exceeds_max_turns(seed: int, max_turns: int) -> None:
    """LEAD-D7 (property): with max_turns no more turns are played; a cut game returns [0, 0]."""
    g = boardkit.load_game("leaders", max_turns=max_turns)
    s = boardkit.random_playout(g.new_initial_state(), random.Random(seed))
    assert s.is_terminal() and s.observation(None)["turn"] <= max_turns
    if s.outcome().clause == "LEAD-D7":
        assert s.returns() == [0, 0] and s.winners() == []
    else:
        assert s.returns() in ([1, -1], [-1, 1])


def test_LEAD_D8_choosing_a_character_commits_it() -> None:
    """LEAD-D8: after 'select' the chosen character must finish its action; it is offered only
    when it has a legal action, so the commitment never leaves the player without one."""
    s = pos("King d1, Rider c3", "Queen d7")
    s.apply_action("select c3")
    refused(s, "pass", "LEAD-D8")
    refused(s, "select d1", "LEAD-D8")
    assert legal(s) and all(a.split()[0] in ("move", "ride") for a in legal(s))
    boxed = pos("King d1, Archer a1, Rider b1, Bruiser a2, Vizier b2", "Queen d7")
    assert "select a1" not in legal(boxed)  # the boxed-in Archer cannot be chosen
    assert refused(boxed, "select a1", "LEAD-2.2")
