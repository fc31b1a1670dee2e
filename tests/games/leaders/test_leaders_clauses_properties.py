"""Leaders clause tests: properties (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit
from boardkit.games.leaders import rules as R
from boardkit.games.leaders.actions import CARD_PIECES, LEADERS, Move, NemesisMove

from leaders_clause_support import GAME, legal, pos, refused


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
