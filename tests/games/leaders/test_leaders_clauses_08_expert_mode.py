"""Leaders clause tests: LEAD-8 Expert mode (clauses of data/rules/leaders.yaml; see
leaders_clause_support.py for the positions and checks)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardkit
from boardkit.core.game import OptionError
from boardkit.core.rules import IllegalPositionError

from leaders_clause_support import ALL_CARDS, EXPERT, legal, play, pos, refused, start_discovery


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


def test_LEAD_D6_exile_count_cards_without_expert_mode_is_refused() -> None:
    """LEAD-D6 decides what Expert mode's second Exile (LEAD-8.2) counts; without expert=True
    there is no Exile, so exile_count="cards" changed nothing and was accepted silently. It is
    refused naming the option, its value, the option it needs and the clauses; the default
    "characters" stays accepted in either mode, and "cards" with expert=True."""
    with pytest.raises(OptionError) as info:
        boardkit.load_game("leaders", exile_count="cards")
    message = str(info.value)
    assert "exile_count='cards'" in message and "expert=True" in message
    assert "LEAD-8.2" in message and "LEAD-D6" in message
    with pytest.raises(OptionError):
        boardkit.load_game("leaders", expert=False, exile_count="cards", rules="published")
    assert boardkit.load_game("leaders", exile_count="characters") == boardkit.load_game("leaders")
    assert boardkit.load_game("leaders", expert=True, exile_count="cards").options["exile_count"] == "cards"
