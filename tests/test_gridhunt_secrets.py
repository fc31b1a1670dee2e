"""Secrets stay secret (GRID-5, GRID-D9): four doors that once let a seat learn what it may not
know, each checked across two truths the seat cannot tell apart.

1. refusals (why_illegal, the IllegalActionError) are about the seat that asks, from its
   knowledge, not about the first seat to act;
2. a board bound to a seat plans orders for the GM and never resolves them on the truth;
3. a death is told at the end of the round (GRID-D9), not at once, so it names no killer;
4. a determinized world carries no true past (its history and saved JSON give no truth).
"""

from __future__ import annotations

import json
import random

import boardkit
from boardkit import IllegalActionError, sample_chance
from boardkit.agents import determinize
from boardkit.viz.gridhunt.widget import GridhuntBoard

from gridhunt_helpers import position

ASKED = ["move c3", "move e6 f6 f5", "move e6 e7 e8 e9 e10 e11 e12", "move none", "shoot e6", "move f5 f4"]


def _answers(state, seat):
    out = []
    for text in ASKED:
        why = state.why_illegal(text, seat)
        try:
            state.clone().apply_action(text, player=seat)
            raised = None
        except IllegalActionError as exc:
            raised = str(exc)
        out.append((text, None if why is None else (why.clause, why.reason), raised))
    return out


def test_GRID_D9_refusals_speak_of_the_asking_seat_only():
    """Seat 3 asks; seat 0 is blocked by a mine and knows the wall f5 in one truth, stands
    elsewhere knowing nothing in the other. Seat 3's refusals are equal, and name no other seat."""
    opts = {"options": {"turn_order": "simultaneous"}}
    a = position({0: {"at": "e6", "idle": True}, 3: "e5"}, cells={"wall": ["f5"]}, phase="orders",
                 know={"0": {"walls": ["f5"]}}, **opts)
    b = position({0: "b2", 3: "e5"}, cells={"wall": ["f5"]}, phase="orders", **opts)
    assert a.observation(3) == b.observation(3)
    got = _answers(a, 3)
    assert got == _answers(b, 3)
    refused = [r for _, r, _ in got if r is not None]
    assert len(refused) >= 3  # the check sees refusals, not only legal orders
    assert all("player 0" not in reason and "b2" not in reason and "e6 is" not in reason for _, reason in refused)
    assert a.why_illegal("move c3", 3).clause == "GRID-3.1"  # from seat 3's cell e5, not a step
    assert a.why_illegal("move none", 0) is None  # blocked: its only order (GRID-3.5)
    assert a.why_illegal("move c3", 0).clause == "GRID-3.5"  # seat 0, blocked, is told so itself


def test_GRID_1_4_is_never_named_without_teams():
    a = position({0: "b2", 3: "e5"}, phase="orders", options={"turn_order": "simultaneous"})
    for p in range(8):
        for text in ASKED:
            why = a.why_illegal(text, p)
            assert why is None or why.clause != "GRID-1.4"


def _drawn(board):
    return ({n: (x.description, x.tooltip, x.style.button_color) for n, x in board.cell_buttons.items()},
            board.svg_html.value, board.log_html.value, board.status_html.value, board.message_html.value)


def test_GRID_5_a_seats_board_plans_and_never_resolves_on_the_truth():
    """A mine on e7 in one truth, none in the other: seat 0's board tries 'move e7', a shot,
    then Back; everything it shows is equal in both truths, and the truth is unchanged."""
    a = position({0: "e6", 1: "f8"}, cells={"mine": ["e7"], "shield": ["d6"]})
    b = position({0: "e6", 1: "j9"}, cells={"mine": ["a1"], "shield": ["a3"]})
    assert a.observation(0) == b.observation(0)
    boards = [GridhuntBoard(s, seat=0, seed=1) for s in (a, b)]
    steps = [lambda w: w.click("e7"), lambda w: w.confirm_button.click(), lambda w: w.controller.back(),
             lambda w: w.click("d6"), lambda w: w.confirm_button.click(), lambda w: w.controller.back(),
             lambda w: w.controller.resolve_chance()]
    for step in steps:
        for w in boards:
            step(w)
            w.refresh()
        assert _drawn(boards[0]) == _drawn(boards[1])
    board = boards[0]
    board.click("e7")
    board.confirm_button.click()
    assert str(board.controller.planned) == "move e7" and "planned" in board.controller.message
    assert board.controller.state.history() == a.history() and board.controller.state.phase == "move"
    assert board.controller.state.observation(None) == a.observation(None)


def test_GRID_5_the_gms_board_still_plays_on_the_truth():
    s = position({0: "e6"}, cells={"mine": ["e7"]})
    board = GridhuntBoard(s, seed=1)
    board.set_seat(0)
    board.click("e7")
    board.confirm_button.click()
    assert board.controller.state.phase == "shot" and board.controller.planned is None
    assert board.controller.observation()["you"]["cells"] == {"e7": "mine"}


def _play_round(state, rng):
    r = state.round
    while state.round == r and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            acts = state.legal_actions()
            state.apply_action(acts[rng.randrange(len(acts))])


def test_GRID_D9_a_death_is_told_at_the_end_of_the_round_and_names_no_killer():
    """Seat 0 shoots b3 where seat 1, beaconed, stands: without a shield (it dies) in one truth,
    with one (spent, it lives) in the other.
    Until the round ends, every other seat sees the same; seat 1 is still drawn and gives
    orders (void). At the end of the round the death is told with its round only."""
    a = position({0: "b2", 1: {"at": "b3", "beaconed": True}}, phase="shot")
    b = position({0: "b2", 1: {"at": "b3", "beaconed": True, "shield": True}}, phase="shot")
    for s in (a, b):
        s.apply_action("shoot b3")
    assert not a.alive[1] and b.alive[1]
    for seat in range(2, 8):
        assert a.observation(seat) == b.observation(seat)
        assert a.history(seat) == b.history(seat)
    assert a.chance_outcomes() == b.chance_outcomes()  # seat 1 still to be drawn
    a.apply_action("turn 1")
    assert a.current_player() == 1 and a.legal_actions(1)  # orders, void
    a.apply_action(a.legal_actions()[0])
    a.apply_action(a.legal_actions()[0])
    assert a.observation(5)["deaths"] == [] and a.observation(5)["alive"][1]
    _play_round(a, random.Random(2))
    assert [1, 1] in a.observation(5)["deaths"] and not a.observation(5)["alive"][1]
    assert "1" not in a.observation(5)["beacons"]


def test_GRID_D9_option_at_once_tells_a_death_as_it_happens():
    a = position({0: "b2", 1: "b3"}, phase="shot", options={"deaths_told": "at_once"})
    a.apply_action("shoot b3")
    assert a.observation(5)["deaths"] == [[1, 1]]
    assert "turn 1" not in [str(x) for x, _ in a.chance_outcomes()]


def _random_game(seed, steps):
    game = boardkit.load_game("gridhunt", layout="small")
    rng = random.Random(seed)
    s = game.new_initial_state()
    while len(s.history()) < steps and not s.is_terminal():
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s


def test_GRID_5_a_determinized_world_carries_no_true_past():
    """The drawn world's history (asked by anyone) is the seat's own view; its saved JSON reloads
    the drawn world, not the truth."""
    differs = 0
    for seed in range(4):
        s = _random_game(seed, 40)
        if s.is_terminal():
            continue
        seat = 2
        w = determinize(s, seat, random.Random(seed))
        assert w.history(seat) == s.history(seat)
        assert w.history(None) == s.history(seat)  # no true action the seat did not see
        hidden = {str(x) for x, v in zip(s.history(None), s.history(seat)) if str(v).endswith("?")}
        assert hidden and not hidden & set(json.loads(w.to_json())["history"])
        back = s.game.state_from_json(w.to_json())
        assert back.observation(None) == w.observation(None)
        differs += back.observation(None) != s.observation(None)
    assert differs > 0
