"""Leaders on the State API: notation table, Outcome, positions both ways, study positions,
seats and public information, hand-built actions."""

from __future__ import annotations

import copy
import json
import random

import pytest

import boardkit
from boardkit.core.actions import Draw, FirstPlayer
from boardkit.core.game import sample_chance
from boardkit.core.rules import IllegalPositionError, NotationError
from boardkit.games.leaders.actions import RECRUITABLE, Move, Recruit
from boardkit.games.leaders.spec import SPEC

GAMES = {
    "discovery": boardkit.load_game("leaders"),
    "expert": boardkit.load_game("leaders", expert=True),
    "own_move": boardkit.load_game("leaders", nemesis_trigger="own_move"),
}


def _key(state) -> dict:
    """The full truth, the order of recruitment aside (not part of a position)."""
    obs = state.observation(None)
    obs["cards"] = [sorted(c) for c in obs["cards"]]
    obs["legal"] = [str(a) for a in state.legal_actions()]
    return obs


def _random_states(game, seed: int, every: int = 1):
    """States met along a seeded random game (chance nodes and mid-turn states included)."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    n = 0
    while not s.is_terminal() and n < 400:
        if n % every == 0:
            yield s.clone()
        a = sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        s.apply_action(a)
        n += 1


@pytest.mark.parametrize("mode", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_to_position_round_trip(mode: str, seed: int) -> None:
    game = GAMES[mode]
    kinds = set()
    for s in _random_states(game, seed):
        desc = s.to_position()
        back = game.state_from_position(desc)
        assert _key(back) == _key(s), desc
        assert back.to_position() == desc
        kinds.add("chance" if s.is_chance_node() else "selected" if s.selected is not None else
                  "nemesis" if s.nemesis_pending else "exile" if s.exile_queue else s.phase.value)
    assert "chance" in kinds and "selected" in kinds and ("exile" in kinds) == (mode == "expert")


def test_to_position_of_a_finished_game_is_refused() -> None:
    s = boardkit.load_game("leaders", max_turns=1, first_player=0).new_initial_state()
    s = boardkit.random_playout(s, random.Random(0))
    with pytest.raises(ValueError, match="game is over"):
        s.to_position()


def test_state_from_position_copies_its_description() -> None:
    game = GAMES["discovery"]
    desc = {"pieces": {"0": ["King d1", "Archer c3"], "1": "Queen d7"}, "market": ["Rider", "Vizier", "Jailer"],
            "acted": ["Archer"]}
    before = copy.deepcopy(desc)
    s = game.state_from_position(desc)
    assert desc == before  # nothing of the caller's mapping was changed
    truth = _key(s)
    desc["pieces"]["0"].append("Assassin e2")
    desc["market"][0] = "Wanderer"
    desc["acted"].clear()
    assert _key(s) == truth
    assert boardkit.state_from_json(s.to_json()).observation(None) == s.observation(None)


@pytest.mark.parametrize(
    "desc, clause",
    [
        ({"pieces": {"0": "King d1, Assassin d6", "1": "Queen d7"}, "market": ["Rider"]}, "LEAD-3.1"),
        ({"pieces": {"0": "King d1, Archer a1, Rider b1, Jailer c1, Vizier e2, Wanderer f3", "1": "Queen d7"},
          "market": ["Acrobat"]}, "LEAD-2.5"),
    ],
)
def test_study_positions_need_study_true(desc: dict, clause: str) -> None:
    game = GAMES["discovery"]
    with pytest.raises(IllegalPositionError, match="use study=True") as info:
        game.state_from_position(desc)
    assert info.value.clause == clause
    s = game.state_from_position(desc, study=True)
    assert s.current_player() in (0, 1, boardkit.CHANCE)
    assert _key(game.state_from_position(s.to_position(), study=True)) == _key(s)


def test_outcome_is_none_while_running_and_names_the_clause_at_the_end() -> None:
    game = boardkit.load_game("leaders", max_turns=3)
    s = game.new_initial_state()
    assert s.outcome() is None and s.observation(None)["outcome"] is None
    boardkit.random_playout(s, random.Random(5))
    o = s.outcome()
    assert o is not None and o.clause in ("LEAD-D7", "LEAD-3.2", "LEAD-3.3", "LEAD-3.4")
    assert list(o.returns) == s.returns() and s.observation(None)["outcome"] == o.to_dict()
    if o.clause == "LEAD-D7":
        assert o.winners == () and o.reason == "cut off"


def test_notation_table_forms_are_documented_and_read_back() -> None:
    game = GAMES["discovery"]
    ctx = game.notation_context()
    rows = SPEC.notation.rows()
    assert {r["form"].split()[0] for r in rows} >= {"first", "draw", "exile", "pass", "select", "move", "jump",
                                                    "push", "nemesis", "recruit"}
    for cls, form in SPEC.notation.forms:
        assert form.doc and form.example, cls.__name__
        if cls.__module__ != "boardkit.core.actions":  # core's chance outcomes carry no game's clause
            assert (form.clause or cls.clause).startswith("LEAD-"), cls.__name__
        action = SPEC.notation.parse(form.example, ctx)
        assert isinstance(action, cls) and str(action) == form.example


@pytest.mark.parametrize(
    "text, words",
    [
        ("recruit Dragon c1", ["'Dragon'", "recruit CARD... CELL [CELL]"]),
        ("move z9", ["'z9'", "move CELL"]),
        ("jump", ["jump CELL"]),
        ("exile Dragon", ["'Dragon'", "exile CARD..."]),
        ("first 2", ["'2'", "first PLAYER"]),
    ],
)
def test_notation_errors_name_the_word_and_the_form(text: str, words: list[str]) -> None:
    s = GAMES["discovery"].new_initial_state()
    with pytest.raises(NotationError) as info:
        s.parse_action(text)
    for w in words:
        assert w in str(info.value)


def test_card_spellings_are_read() -> None:
    s = GAMES["discovery"].new_initial_state()
    assert s.parse_action("draw claw launcher") == Draw("ClawLauncher")
    assert s.parse_action("recruit Hermit & Cub c1 e2") == Recruit("HermitCub", "c1", "e2")
    assert s.parse_action("recruit arch c1") == Recruit("Archer", "c1")
    assert str(s.parse_action("RECRUIT royal guard C1")) == "recruit RoyalGuard c1"


def test_hand_built_actions_equal_only_by_value_are_stored_in_the_game_form() -> None:
    game = GAMES["discovery"]
    s = game.new_initial_state()
    while s.is_chance_node() and s.legal_actions()[0] != FirstPlayer(0):
        s.apply_action(s.legal_actions()[0])
    s.apply_action(FirstPlayer(True))  # True == 1: stored as the legal FirstPlayer(1)
    assert type(s.history()[-1].player) is int and str(s.history()[-1]) == "first 1"
    s.apply_action("pass")
    assert boardkit.state_from_json(s.to_json()).to_json() == s.to_json()
    t = game.new_initial_state()
    with pytest.raises(NotationError):
        t.apply_action(FirstPlayer(1.5))  # type: ignore[arg-type]
    at = game.state_from_position({"pieces": {"0": "King d1", "1": "Queen d7"}, "market": ["Rider", "Vizier",
                                   "Jailer"], "selected": "d1"})
    at.apply_action(Move("D2"))  # a cell written in capitals is the cell d2
    assert at.history() == [Move("d2")] and str(at.history()[0]) == "move d2"
    with pytest.raises(NotationError, match="'z9' is not a cell"):
        at.apply_action(Move("z9"))


@pytest.mark.parametrize("mode", sorted(GAMES))
def test_seats_see_the_public_table(mode: str) -> None:
    """Leaders hides only the order of the deck (LEAD-1.3), which the engine does not fix before
    a card is drawn: no two truths differ in what only one seat knows. Every seat and every
    onlooker sees the same table, the truth adds only the deck's content, and that content
    follows from the public table (every card not on the board, in the market or exiled)."""
    game = GAMES[mode]
    for s in _random_states(game, 7, every=5):
        pub = s.public_observation()
        assert "deck" not in pub and str(s) == json.dumps(pub, default=str)
        truth = s.observation(None)
        assert {k: v for k, v in truth.items() if k != "deck"} == pub
        public_deck = set() if mode == "expert" else (
            set(RECRUITABLE) - {c for cards in pub["cards"] for c in cards} - set(pub["market"]) - set(pub["exiled"]))
        assert sorted(public_deck) == truth["deck"] and len(public_deck) == pub["deck_size"]
        for seat in (0, 1):
            assert s.observation(seat) == pub
            assert s.history(seat) == s.history()  # every action, draws included, is seen by all
