"""Battle Royale on the shared State API: notation as a table of forms, one Outcome, positions
both ways (``to_position`` / ``state_from_position``, study positions, named layouts) and
seats (what each seat and every onlooker sees). Clauses: BR-1.1, BR-1.4, BR-1.7, BR-2.1,
BR-2.3, BR-2.5, BR-2.6, BR-3.1, BR-D9."""

from __future__ import annotations

import copy
import json
import random

import pytest

import boardkit
from boardkit import IllegalPositionError, NotationError
from boardkit.core.actions import Draw, FirstPlayer
from boardkit.core.game import sample_chance
from boardkit.games.battle_royale.actions import NOTATION, Push
from boardkit.games.battle_royale.spec import SPEC


def game(**options):
    return boardkit.load_game("battle_royale", **options)


# -- notation ------------------------------------------------------------------------------------
def test_notation_table_lists_every_action_with_doc_clause_and_example():
    """Every form of the game's own actions has a doc, a clause and an example that reads back
    to an action written the same way; core's chance outcomes keep the old texts."""
    s = game().new_initial_state()
    assert SPEC.notation is NOTATION
    own = [(cls, f) for cls, f in NOTATION.forms if cls.__module__.endswith("battle_royale.actions")]
    assert len(own) == 9
    for cls, form in own:
        assert form.doc and form.clause.startswith("BR-") and form.example, cls.__name__
        action = s.parse_action(form.example)
        assert type(action) is cls and str(action) == form.example
    for text in ("first 1", "draw 2x2", "roll explosion", "push blue moved", "push blue"):
        assert str(s.parse_action(text)) == text
    assert s.parse_action("PICK C3 Red") == s.parse_action("pick c3 red")


@pytest.mark.parametrize(
    ("text", "word", "form"),
    [
        ("pick z9 red", "'z9'", "'pick CELL COLOUR'"),
        ("pick c3 purple", "'purple'", "'pick CELL COLOUR'"),
        ("play 9x9", "'9x9'", "'play CARD'"),
        ("draw 9x9", "'9x9'", "'draw CARD...'"),
        ("roll boom", "'boom'", "'roll FACE'"),
        ("push purple", "'purple'", "'push COLOUR [moved]'"),
        ("stop now", "'now'", "'stop'"),
        ("first 9", "'9'", "'first PLAYER'"),
        ("eliminator c9", "'c9'", "'eliminator CELL'"),
    ],
)
def test_notation_errors_name_the_word_and_the_form(text, word, form):
    s = game().new_initial_state()
    with pytest.raises(NotationError) as info:
        s.parse_action(text)
    assert word in str(info.value) and form in str(info.value)
    assert "DIE" not in str(info.value)  # one Doom die: the two-dice form does not apply


def test_unknown_verb_lists_the_verbs():
    with pytest.raises(NotationError, match="unknown action 'zap'; actions: first, draw, play, pick"):
        game().new_initial_state().parse_action("zap")


def test_hand_built_actions_that_only_compare_equal_are_normalised_or_refused():
    """FirstPlayer(True) == FirstPlayer(1) and Push('blue', 1) == Push('blue', True): stored in
    the game's own form, so the saved game reloads (BR-1.7, BR-2.3)."""
    s = game(players=3)
    s = s.new_initial_state()
    while s.is_chance_node() and s.chance_outcomes()[0][0].__class__ is not FirstPlayer:
        s.apply_action(s.chance_outcomes()[0][0])
    s.apply_action(FirstPlayer(True))  # type: ignore[arg-type]
    assert type(s.history()[-1].player) is int and str(s.history()[-1]) == "first 1"
    with pytest.raises(NotationError):
        s.apply_action(FirstPlayer(True))  # type: ignore[arg-type]  # not a chance outcome now: 'first True'
    with pytest.raises(NotationError):
        s.why_illegal(FirstPlayer(2.5))  # type: ignore[arg-type]
    again = boardkit.state_from_json(s.to_json())
    assert again.to_json() == s.to_json()
    p = game().state_from_position({"tiles": {"c3": "red 1, blue 1", "c2": "red 1, blue 4", "c1": "blue 1"},
                                    "hands": {0: ["1x3"], 1: []}}, study=True)  # blue's hand not dealt: BR-1.4
    p.apply_action("play 1x3")
    p.apply_action("pick c3 red")
    p.apply_action("step c2")
    p.apply_action("stop")
    p.apply_action(Push("blue", 0))  # type: ignore[arg-type]
    assert str(p.history()[-1]) == "push blue" and p.history()[-1].moved is False
    assert boardkit.state_from_json(p.to_json()).to_json() == p.to_json()


# -- outcome -------------------------------------------------------------------------------------
def test_outcome_is_none_while_running_and_names_the_clause_at_the_end():
    s = game(max_turns=2, first_player=0).new_initial_state()
    assert s.outcome() is None
    boardkit.random_playout(s, random.Random(1))
    o = s.outcome()
    assert o is not None and o.clause in ("BR-3.1", "BR-D9") and o.returns == tuple(s.returns())
    assert s.observation(None)["outcome"] == o.to_dict()  # the same shape in every game


# -- positions both ways ---------------------------------------------------------------------------
def _random_states(seed: int, players: int):
    """Seeded states along random games: chance nodes, every phase, mid-turn."""
    rng = random.Random(seed)
    g = game(players=players, max_turns=12, own_prisoners=bool(seed % 2))
    s = g.new_initial_state()
    while not s.is_terminal():
        yield s
        a = sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        s.apply_action(a)


def _same(a, b) -> None:
    assert a.observation(None) == b.observation(None)
    assert a.current_player() == b.current_player()
    assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
    if a.is_chance_node():
        assert [(str(x), p) for x, p in a.chance_outcomes()] == [(str(x), p) for x, p in b.chance_outcomes()]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_to_position_round_trip_on_random_states(players):
    """BR-1.4, BR-2.2, BR-2.3, BR-2.5: every state (chance node or inside a turn) is written
    and read back as the same state, which plays on the same."""
    phases = set()
    moving = False
    for seed in range(4):
        for i, s in enumerate(_random_states(seed, players)):
            if i % 3:
                continue
            desc = s.to_position()
            json.dumps(desc)
            back = s.game.state_from_position(desc)
            assert back.to_position() == desc
            _same(s, back)
            phases.add(desc["phase"])
            moving |= desc["moving"] is not None
            a, b = s.clone(), back
            rng1, rng2 = random.Random(i), random.Random(i)
            for _ in range(6):
                if a.is_terminal():
                    break
                act = sample_chance(a, rng1) if a.is_chance_node() else rng1.choice(a.legal_actions())
                act2 = sample_chance(b, rng2) if b.is_chance_node() else rng2.choice(b.legal_actions())
                assert str(act) == str(act2)
                a.apply_action(act)
                b.apply_action(act2)
                _same(a, b)
    assert phases >= {"setup", "card", "move", "doom", "draw"} and moving


def test_position_round_trip_in_push_and_event_phases():
    g = game()
    s = g.state_from_position({"tiles": {"c3": "red 1, blue 1", "d3": "red 2, blue 3", "e3": "red 1, blue 4", "c2": "blue 1"},
                               "hands": {0: ["3x1", "2x1b"], 1: ["2x2"]}})
    for a in ("play 3x1", "pick c3 red", "step d3"):
        s.apply_action(a)
    assert s.observation(None)["phase"] == "push"
    back = g.state_from_position(s.to_position())
    _same(s, back)
    t = g.state_from_position({"tiles": {"c3": "red 1, blue 1", "c2": "red 2, blue 1"}, "hands": {0: ["2x1b"], 1: []}},
                              study=True)  # blue's hand not dealt (BR-1.4): a study position, read back as one
    for a in ("play 2x1b", "done"):
        t.apply_action(a)
    assert t.observation(None)["phase"] == "event" and t.to_position()["takes"]
    _same(t, g.state_from_position(t.to_position(), study=True))


def test_state_from_position_copies_its_description():
    g = game()
    desc = {"tiles": {"c3": "red 1, blue 1", "c2": "red 1"}, "hands": {0: ["2x2"], 1: ["3x1"]}}
    s = g.state_from_position(desc)
    before = s.observation(None), s.to_json()
    desc["hands"][0].append("1x3")
    desc["tiles"]["c2"] = "red 5"
    desc["tiles"]["b2"] = "blue 1"
    assert (s.observation(None), s.to_json()) == before
    out = s.to_position()
    out["hands"]["0"].append("1x3")
    out["tiles"]["c2"] = "red 4"
    assert (s.observation(None), s.to_json()) == before
    text = s.to_json()
    assert boardkit.state_from_json(text).to_json() == text


def test_study_position_a_turn_starting_at_the_doom_roll():
    """BR-2.1, BR-2.6: with cards in hand a turn does not start at the Doom roll; such a position
    is built only for study, and its saved game reloads as one."""
    g = game()
    desc = {"tiles": {"c3": "red 1, blue 1", "c2": "red 1, blue 1"}, "hands": {0: ["2x2"], 1: ["3x1"]},
            "phase": "doom"}
    with pytest.raises(IllegalPositionError, match="use study=True") as info:
        g.state_from_position(desc)
    assert info.value.clause == "BR-2.6"
    s = g.state_from_position(desc, study=True)
    assert s.is_chance_node() and s.observation(None)["phase"] == "doom" and s.observation(None)["hands"][0] == ["2x2"]
    s.apply_action("roll battle")
    again = boardkit.state_from_json(s.to_json())
    assert again.observation(None) == s.observation(None)
    empty = {**desc, "hands": {0: [], 1: ["3x1"]}, "piles": {0: [], 1: []}, "turn": 19}
    assert g.state_from_position(empty).is_chance_node()  # BR-2.6: an empty hand (all ten played): a turn in play


def test_position_from_a_named_layout_lists_only_the_differences():
    """BR-1.1, BR-1.5: ``layout: first`` starts from the first layout's arena (one figure of each
    colour, and neutral figures on their tiles if the game has them); tiles list the changes,
    holes the tiles gone."""
    g = game()
    s = g.state_from_position({"layout": "first", "tiles": {"c3": "red 2, blue 1"}, "holes": ["a1"],
                               "hands": {0: ["2x2"], 1: ["2x2"]}})
    start = g.new_initial_state().observation(None)["tiles"]
    tiles = s.observation(None)["tiles"]
    assert "a1" not in tiles and tiles["c3"] == {"red": 2, "blue": 1}
    assert {k: v for k, v in tiles.items() if k != "c3"} == {k: v for k, v in start.items() if k not in ("a1", "c3")}
    assert s.to_position()["tiles"] == {"c3": "red 2, blue 1"} and s.to_position()["holes"] == ["a1"]
    other = g.state_from_position({"layout": "a1 e1 a5 e5", "tiles": {}, "hands": {0: [], 1: []}}, study=True)
    assert sorted(other.observation(None)["holes"]) == ["a1", "a5", "e1", "e5"]
    with pytest.raises(boardkit.BoardkitDataError, match="layout: .*goal tile c3 is never removed"):
        g.state_from_position({"layout": "c3 a1 e1 a5", "tiles": {}, "hands": {}})


def test_a_position_naming_a_tile_twice_or_both_tile_and_hole_is_refused():
    """BR-1.1: a tile is removed once and then holds nothing. The first layout removed b5, e4,
    a2 and d1: a hole named twice, a hole that is no tile of the layout, a tile also under
    holes, a tile named twice (in any case) or a tile the layout does not have are refused,
    naming the field; before, the reader dropped or merged them quietly."""
    g = game()
    base = {"layout": "first", "hands": {0: ["2x2"], 1: ["2x2"]}}
    for change, where, why in (
            ({"holes": ["a1", "a1"], "tiles": {}}, "holes", "'a1' is named twice"),
            ({"holes": ["b5"], "tiles": {}}, "holes", "'b5' is no tile of the layout 'first'"),
            ({"holes": ["d3"], "tiles": {"d3": "red 1"}}, "tiles.d3", "listed under holes too"),
            ({"tiles": {"d3": "red 1", "D3": "blue 1"}}, "tiles.D3", "listed twice"),
            ({"tiles": {"b5": "red 1"}}, "tiles.b5", "no tile of the layout 'first'")):
        with pytest.raises(boardkit.BoardkitDataError) as err:
            g.state_from_position({**base, **change})
        assert f"position: {where}: " in str(err.value) and why in str(err.value), str(err.value)


# -- seats and hidden information ------------------------------------------------------------------
def _dealt(players: int, seat: int, twist: bool):
    """All hands dealt and the start player drawn; with ``twist`` every card drawn by a seat
    other than ``seat`` is another one of its pile (BR-1.4)."""
    s = game(players=players).new_initial_state()
    rng = random.Random(players)
    while s.is_chance_node():
        outcomes = [a for a, _ in s.chance_outcomes()]
        a = sample_chance(s, rng)
        if twist and isinstance(a, Draw) and s._drawer() != seat:
            a = outcomes[-1] if a != outcomes[-1] else outcomes[0]
        s.apply_action(a)
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_sees_only_what_it_may_know(players):
    """BR-1.4: other hands and every pile are hidden; two truths differing only there look the
    same to the seat (observation, history, legal actions) and to every onlooker."""
    for seat in range(players):
        a, b = _dealt(players, seat, False), _dealt(players, seat, True)
        assert a.observation(None) != b.observation(None)  # the truths differ
        assert a.observation(seat) == b.observation(seat)
        assert [str(x) for x in a.history(seat)] == [str(x) for x in b.history(seat)]
        assert a.public_observation() == b.public_observation() and str(a) == str(b)
        assert a.legal_actions(seat) == b.legal_actions(seat)
        hidden = [str(x) for x in a.history(seat) if str(x) == "draw ?"]
        assert len(hidden) == 4 * (players - 1)


def test_public_observation_shows_no_hand_and_no_pile():
    s = _dealt(2, 0, False)
    pub = s.public_observation()
    assert "piles" not in pub and pub["hands"] == [4, 4] and pub["pile_sizes"] == [6, 6]
    assert json.loads(str(s)) == json.loads(json.dumps(pub))
    assert s.observation(0)["hands"][0] == s.observation(None)["hands"][0] and s.observation(0)["hands"][1] == 4
    assert copy.deepcopy(pub) == s.public_observation()


def test_BR_1_4_a_position_cannot_owe_more_cards_than_a_pile_holds():
    full = ["1x1e", "1x2o", "1x3", "1x3d", "2x1b", "2x1m", "2x2", "2x2", "3x1", "3x1"]
    desc = {"layout": "first", "tiles": {}, "holes": [], "hands": {0: [], 1: []}, "piles": {0: full, 1: []},
            "phase": "setup", "first": None, "deal": [0, 0, 0, 0, 1, 1, 1, 1], "turn": 0}
    with pytest.raises(boardkit.IllegalPositionError) as info:
        boardkit.load_game("battle_royale").state_from_position(desc)
    assert info.value.clause == "BR-1.4" and "player 1 is still to draw 4" in info.value.reason


def _turn_6_position() -> dict:
    """The description of a seeded two-player game at turn 6 (hands dealt, cards played)."""
    s = boardkit.load_game("battle_royale").new_initial_state()
    rng = random.Random(0)
    while s.observation(None)["turn"] < 6 or s.observation(None)["phase"] != "move":
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else s.sample_legal_action(rng))
    return json.loads(json.dumps(s.to_position()))


@pytest.mark.parametrize(("edit", "field", "clause"), [
    ({"hands": {"0": []}, "piles": {"0": None}}, "hands.0", "BR-1.4"),  # hand not dealt: all cards in the pile
    ({"hands": {"0": []}, "piles": {"0": []}}, "hands.0, piles.0", "BR-1.3"),  # cards missing: ten gone by turn 6
])
def test_BR_1_4_hands_play_never_leaves_need_study(edit, field, clause):
    """BR-1.3, BR-1.4, BR-2.1, BR-2.5: after the setup a hand is empty only with its pile, and a
    player's hand and pile hold all its cards but one a turn begun; other hands and piles are
    study positions (refused naming the clause and field, read with study=True)."""
    g, desc = boardkit.load_game("battle_royale"), _turn_6_position()
    cards = desc["hands"]["0"] + desc["piles"]["0"]
    changed = copy.deepcopy(desc)
    for key, seats in edit.items():
        for seat, value in seats.items():
            changed[key][seat] = sorted(cards) if value is None else value
    with pytest.raises(IllegalPositionError, match=rf"^\[{clause}\] position: {field}: .*use study=True") as info:
        g.state_from_position(changed)
    assert info.value.clause == clause
    assert g.state_from_position(changed, study=True).to_position()["hands"]["0"] == []
    assert g.state_from_position(desc).to_position() == desc  # as play left it


def test_BR_1_4_a_position_of_another_player_count_needs_study():
    """A two-player description read by a three-player game gave green an empty hand, a full
    pile and its starting figures at turn 6; refused naming the seat left out (BR-1.4)."""
    desc = _turn_6_position()
    three = boardkit.load_game("battle_royale", players=3)
    with pytest.raises(IllegalPositionError, match=r"^\[BR-1.4\] position: hands.2: .*fewer players\? This one has 3"):
        three.state_from_position(desc)
    assert three.state_from_position(desc, study=True).to_position()["hands"]["2"] == []


@pytest.mark.parametrize("options", [{}, {"players": 3, "no_cards": "round"}, {"players": 4, "no_cards": "reshuffle"}])
def test_every_position_of_play_is_read_without_study(options):
    """What play reaches is never a study position: every state of seeded random games, the
    finished one included, reads back without study=True."""
    g = boardkit.load_game("battle_royale", **options)
    for seed in range(3):
        s, rng = g.new_initial_state(), random.Random(seed)
        while True:
            g.state_from_position(s.to_position(finished=True))
            if s.is_terminal():
                break
            s.apply_action(sample_chance(s, rng) if s.is_chance_node() else s.sample_legal_action(rng))
