"""Shared setup of the Leaders clause tests (tests/games/leaders/test_leaders_*.py): the games
under each profile, positions written as YAML text, and the checks every clause test uses.

Each test names its clause (``test_LEAD_5_3_...``) and quotes the id in its docstring. Positions
are set up with ``game.state_from_position`` (YAML text, see ``boardkit/games/leaders/position.py``)
and checked exactly: legal actions as notation, the pieces afterwards, outcome and returns, and
for refused actions the clause of the IllegalActionError with the state left unchanged.

Board reminder (axial (q, r), file a..g = q -3..3, rank 1..7 = r 3..-3): the neighbours of
``fK`` are ``(f+1)K, (f-1)K, f(K+1), f(K-1), (f+1)(K+1), (f-1)(K-1)``; straight lines run along a
rank, a file, or the ``(f+1)(K+1)`` diagonal.
"""

from __future__ import annotations

import pytest

import boardkit
from boardkit.core.game import TERMINAL
from boardkit.core.rules import IllegalActionError
from boardkit.games.leaders.actions import PIECE_CARD, RECRUITABLE

GAME = boardkit.load_game("leaders")
PUBLISHED = boardkit.load_game("leaders", rules="published")
EXPERT = boardkit.load_game("leaders", expert=True)
ALL_CARDS = ("Acrobat", "Archer", "Assassin", "Brewmaster", "Bruiser", "ClawLauncher", "HermitCub",
             "Illusionist", "Jailer", "Manipulator", "Nemesis", "Protector", "Rider", "RoyalGuard",
             "Vizier", "Wanderer")


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
