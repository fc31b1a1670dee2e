"""Leaders clause tests: LEAD-10 characters (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

import random

import pytest

import boardkit
from boardkit.core.rules import IllegalPositionError
from boardkit.games.leaders.actions import CARD_PIECES, LEADERS, RECRUITABLE

from leaders_clause_support import ALL_CARDS, pos


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
