"""Boards drawn for a seat (``board_widget(state, seat=...)``): no leak, and the seat's rules.

- No leak, on every registered game with hidden information (and on a private one,
  tests/secret_toygame.py, whose rolls are secret) and every seat: along seeded
  random games, the same history is replayed with one chance outcome hidden from the seat (its
  ``history(seat)`` entry is text, ``draw ?``) swapped for another, keeping the games where
  every later action stays legal. The board drawn for that seat must be the same for both
  truths: every widget's synced state (HTML and SVG values, cell buttons, action buttons,
  choosers, the line dropdown), and the controller's status, log, line, highlights, choices and
  button actions; then again after the seat clicks every cell in turn (messages included). The
  check must find such pairs (so it cannot pass without looking), and the full view
  (``seat=None``) must tell some pair apart (so the comparison does see what is hidden).
- The seat's rules: only ``legal_actions(seat)`` are offered, a click while another seat is to
  move names the turn clause, the status line says whose view it is, chance outcomes are not
  listed to a seat of a game with hidden information, ``set_seat`` hands the board over.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import boardkit
from boardkit import IllegalActionError, State, sample_chance

widgets = pytest.importorskip("ipywidgets")
from boardkit.viz.widgets import BoardWidget, board_widget  # noqa: E402

IMPERFECT = [g for g in boardkit.list_games() if boardkit.get_spec(g).information == "imperfect"]
SECRET_TOY = "secret_toy"
#: Seeded random games looked at per game; hidden outcomes swapped per seat and game.
N_GAMES, N_HIDDEN, N_OTHERS = 4, 2, 3
#: Pairs on which every cell is also clicked (a redraw per click: the slow part).
N_CLICKED = 3


def _game(name: str) -> boardkit.Game:
    short = any(o.name == "max_turns" for o in boardkit.get_spec(name).options)
    return boardkit.load_game(name, **({"max_turns": 8} if short else {}))


def _random_history(game: boardkit.Game, seed: int, length: int) -> list[Any]:
    """The actions of one seeded random game, cut after ``length`` actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < length:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            acts = state.legal_actions()
            state.apply_action(acts[rng.randrange(len(acts))])
    return state.history()


def _replay(game: boardkit.Game, actions: list[Any]) -> State | None:
    """The state after ``actions`` from the start, or None if one of them is illegal there."""
    state = game.new_initial_state()
    for a in actions:
        try:
            state.apply_action(a)
        except IllegalActionError:
            return None
    return state


def _board(game: boardkit.Game, actions: list[Any], seat: int | None) -> BoardWidget:
    """A board that played ``actions`` from the start (so its log holds them), then handed to
    ``seat``."""
    board = board_widget(game.new_initial_state(), seed=7, show_svg=True)
    with board.batch():
        for a in actions:
            res = board.controller.apply(a)
            assert res.status == "applied", res.message
    board.set_seat(seat)
    return board


def _synced(w: Any, seen: set[int]) -> Any:
    """Every synced trait of widget ``w`` and of the widgets it holds (children, layout,
    style), as plain values: two boards drawn alike give equal trees."""
    if id(w) in seen:
        return "<again>"
    seen.add(id(w))
    out: dict[str, Any] = {"type": type(w).__name__}
    for key in sorted(w.keys):
        if key.startswith("_model") or key.startswith("_view"):
            continue
        value = getattr(w, key)
        if isinstance(value, widgets.Widget):
            out[key] = _synced(value, seen)
        elif isinstance(value, (list, tuple)) and any(isinstance(v, widgets.Widget) for v in value):
            out[key] = [_synced(v, seen) if isinstance(v, widgets.Widget) else v for v in value]
        else:
            out[key] = value
    return out


def _drawn(board: BoardWidget) -> dict[str, Any]:
    """What a board shows and offers: its widget tree and the controller's texts."""
    ctl = board.controller
    status = ctl.status()
    status["outcome"] = str(status["outcome"])
    return {
        "widgets": _synced(board, set()),
        "status": status, "log": ctl.log(), "line": ctl.line(), "message": ctl.message,
        "highlights": ctl.highlights(), "choices": ctl.choices(),
        "buttons": [str(a) for a in ctl.button_actions()],
        "branches": [b.label for b in ctl.branches()],
    }


def _told_alike(name: str, prefix: State, seat: int, actions: list[Any], alt: list[Any]) -> bool:
    """For a game whose hidden part can show later through public events (gridhunt: a hidden
    wall stops a move and everyone is told), whether ``seat`` is told the same on both truths
    (tests/gridhunt_told.py, an independent record); True for the other games."""
    if name != "gridhunt":
        return True
    import gridhunt_told

    a, b = prefix.clone(), prefix.clone()
    ta, tb = gridhunt_told.Told(a, seat), gridhunt_told.Told(b, seat)
    for x, y in zip(actions, alt):
        for state, told, action in ((a, ta, x), (b, tb, y)):
            before = state.clone()
            state.apply_action(action)
            told.step(before, action, None, state)
    return ta.events == tb.events


def _pairs(name: str) -> list[tuple[int, list[Any], list[Any]]]:
    """``(seat, actions, other actions)``: two histories that differ in one chance outcome
    hidden from ``seat``, every action legal in both."""
    game = _game(name)
    out = []
    for seed in range(N_GAMES):
        rng = random.Random(seed)
        history = _random_history(game, 900 + seed, length=rng.randrange(20, 90))
        state = _replay(game, history)
        assert state is not None
        for seat in range(game.num_players):
            hidden = [i for i, entry in enumerate(state.history(seat)) if isinstance(entry, str)]
            rng.shuffle(hidden)
            for i in hidden[:N_HIDDEN]:
                prefix = _replay(game, history[:i])
                assert prefix is not None
                if not prefix.is_chance_node():
                    continue  # another player's order (gridhunt): the chance outcomes are swapped here
                others = [a for a, _ in prefix.chance_outcomes() if a != history[i]]
                rng.shuffle(others)
                for other in others[:N_OTHERS]:
                    alt = history[:i] + [other] + history[i + 1:]
                    if _replay(game, alt) is not None and _told_alike(name, prefix, seat, history[i:], alt[i:]):
                        out.append((seat, history, alt))
                        break
    return out


def test_a_game_with_hidden_information_is_registered():
    """The no-leak check below runs on the games with hidden information: there is one."""
    assert "battle_royale" in IMPERFECT


@pytest.fixture
def secret_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The private game with secret rolls, registered for one test."""
    import secret_toygame

    secret_toygame.register(monkeypatch)


@pytest.mark.parametrize("name", [*IMPERFECT, SECRET_TOY])
def test_board_of_a_seat_is_the_same_for_truths_it_cannot_tell_apart(name: str, request: pytest.FixtureRequest) -> None:
    if name == SECRET_TOY:
        request.getfixturevalue("secret_toy")
    game = _game(name)
    pairs = _pairs(name)
    assert pairs, f"{name}: no two truths a seat cannot tell apart were found: the check saw nothing"
    full_view_differs = False
    for k, (seat, actions, alt) in enumerate(pairs):
        a, b = _board(game, actions, seat), _board(game, alt, seat)
        assert _drawn(a) == _drawn(b), f"{name}: seat {seat}'s board shows a hidden chance outcome"
        if k < N_CLICKED:
            for cell in a.cell_buttons:
                a.click(cell)
                b.click(cell)
                assert _drawn(a) == _drawn(b), f"{name}: seat {seat}'s board after a click on {cell} differs"
        if not full_view_differs:
            full_view_differs = _drawn(_board(game, actions, None)) != _drawn(_board(game, alt, None))
    assert full_view_differs, f"{name}: the full view never told two truths apart: the comparison sees nothing"


# -- the seat's rules -----------------------------------------------------------------------------
LEADERS_POSITION = {"pieces": {0: "King d1, Archer c3", 1: "Queen d7"}, "market": ["Rider", "Vizier", "Jailer"]}


def test_seat_to_move_plays_and_the_other_is_refused_with_the_turn_clause():
    game = boardkit.load_game("leaders")
    state = game.state_from_position(LEADERS_POSITION)
    mover = state.current_player()
    other = 1 - mover
    board = board_widget(state, seat=other, show_svg=False)
    ctl = board.controller
    assert ctl.highlights() == [] and ctl.choices() == [] and ctl.button_actions() == []
    res = ctl.click("c3")
    assert res.status == "illegal" and res.clause == game.spec.turn_clause == "LEAD-2.1"
    assert res.message == f"Illegal: a click on c3 [LEAD-2.1] it is not player {other}'s turn (player {mover} acts now)"
    assert ctl.apply("pass").clause == "LEAD-2.1" and ctl.log() == []
    assert "seen by <span" in board.status_html.value and f"player {other}" in board.status_html.value
    board.set_seat(mover)
    assert board.seat == mover and ctl.message == f"player {mover}'s view"
    assert sorted(ctl.highlights()) == sorted({a.cells[0] for a in state.legal_actions(mover) if a.cells})
    assert ctl.click("c3").status == "applied" and ctl.log() == ["select c3"]
    board.set_seat(None)
    assert "seen by" not in board.status_html.value
    with pytest.raises(ValueError):
        board.set_seat(2)
    with pytest.raises(ValueError):
        board_widget(state, seat=-1)


def test_battle_royale_seat_sees_its_hand_and_the_others_as_counts():
    game = boardkit.load_game("battle_royale", players=2)
    dealer = board_widget(game.new_initial_state(), seed=3, show_svg=False)
    dealer.controller.resolve_chance(until_decision=True)  # the deal and the first player
    state = dealer.controller.state
    for seat in (0, 1):
        board = board_widget(state, seat=seat, show_svg=False)
        own, other = state.observation(None)["hands"][seat], state.observation(None)["hands"][1 - seat]
        status = board.status_html.value
        assert f"</span>: {', '.join(map(str, own)) or '—'}" in status  # its own cards
        assert f"</span>: {len(other)} cards" in status  # the other hand as a count
    full = board_widget(state, show_svg=False).status_html.value
    assert all(", ".join(map(str, h)) in full for h in state.observation(None)["hands"] if h)


def test_battle_royale_log_hides_the_others_draws_and_chance_offers_only_a_roll():
    game = boardkit.load_game("battle_royale", players=2)
    board = board_widget(game.new_initial_state(), seed=2, show_svg=False)
    ctl = board.controller
    ctl.resolve_chance(until_decision=True)
    truth = [str(a) for a in ctl.state.history()]
    board.set_seat(0)
    seen = ctl.state.history(0)
    assert ctl.log() == [str(a) for a in seen] and len(seen) == len(truth)
    assert "draw ?" in ctl.log() and any(t.startswith("draw ") and t != "draw ?" for t in ctl.log())
    assert all(t in board.log_html.value for t in ctl.log())
    hidden = [i for i, text in enumerate(ctl.log()) if text == "draw ?"]
    assert hidden and all(str(ctl.state.history(1)[i]) == truth[i] for i in hidden)  # the drawer saw them
    while not ctl.state.is_chance_node() and not ctl.state.is_terminal():  # play on to the next draw
        acts = ctl.state.legal_actions()
        board.set_seat(ctl.state.current_player())
        ctl.apply(acts[0])
    if ctl.state.is_chance_node():
        board.set_seat(0)
        assert ctl.button_actions() == [] and set(board.buttons()) <= {"Roll chance", "Roll until decision", "◀ Back",
                                                                        "Forward ▶"}
        board.set_seat(None)
        assert ctl.button_actions() == [a for a, _ in ctl.state.chance_outcomes()]


def test_perfect_information_seat_keeps_the_chance_outcome_buttons():
    game = boardkit.load_game("leaders")
    board = board_widget(game.new_initial_state(), seat=0, show_svg=False)
    assert board.controller.state.is_chance_node()
    assert [str(a) for a in board.controller.button_actions()] == [str(a) for a, _ in board.controller.state.chance_outcomes()]


def test_secret_toy_seat_log_and_turn_refusal(secret_toy: None) -> None:
    """On the private game: the other seat's roll reads 'die ?', the roller's own in the clear;
    a click on the strip by the seat not to move names the turn clause (no action is made by
    clicking there, so the refusal is the controller's own sentence with the spec's clause)."""
    game = boardkit.load_game(SECRET_TOY)
    board = board_widget(game.new_initial_state(), seed=1)
    ctl = board.controller
    for a in ("first 0", "roll", "die 2", "roll", "die 3"):
        assert ctl.apply(a).status == "applied"
    board.set_seat(0)
    assert ctl.log() == ["first 0", "roll", "die 2", "roll", "die ?"] and "die 3" not in board.log_html.value
    res = ctl.click("a1")  # player 0 to move: no action is made by clicking here
    assert res.status == "illegal" and "no action is made by clicking a1" in res.message
    board.set_seat(1)
    assert ctl.log() == ["first 0", "roll", "die ?", "roll", "die 3"]
    res = ctl.click("b1")
    assert res.clause == "TOY-2" and res.message == "Illegal: a click on b1 [TOY-2] it is not player 1's turn (player 0 acts now)"
    assert ctl.apply("take 1").clause == "TOY-2" and len(ctl.log()) == 5
    board.set_seat(0)
    ctl.apply("roll")
    assert ctl.state.is_chance_node() and ctl.button_actions() == []  # the die's faces are the roller's secret
    assert set(board.buttons()) == {"Roll chance", "Roll until decision", "◀ Back", "Forward ▶"}
    board.set_seat(1)
    res = ctl.resolve_chance()
    assert res.status == "applied" and res.message == "played: die ?" and ctl.log()[-1] == "die ?"


@pytest.mark.parametrize("name", boardkit.list_games())
def test_full_view_says_it_shows_hidden_information(name: str) -> None:
    """seat=None on a game with hidden information says so in its status line; a seat's view
    and the full view of a game without hidden information do not."""
    from boardkit.viz.widgets import FULL_VIEW_NOTE

    game = boardkit.load_game(name)
    hidden = game.spec.information == "imperfect"
    full = board_widget(game.new_initial_state(), show_svg=False)
    assert (FULL_VIEW_NOTE in full.status_html.value) is hidden
    full.set_seat(0)
    assert FULL_VIEW_NOTE not in full.status_html.value
    full.set_seat(None)
    assert (FULL_VIEW_NOTE in full.status_html.value) is hidden


def test_secret_toy_full_view_says_it_shows_hidden_information(secret_toy: None) -> None:
    from boardkit.viz.widgets import FULL_VIEW_NOTE

    board = board_widget(boardkit.load_game(SECRET_TOY).new_initial_state(), show_svg=False)
    assert FULL_VIEW_NOTE in board.status_html.value
