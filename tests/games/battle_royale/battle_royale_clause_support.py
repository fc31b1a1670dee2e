"""Shared setup of the Battle Royale clause tests (tests/games/battle_royale/test_battle_royale_clauses_*.py):
one or more tests per clause of ``data/rules/battle_royale.yaml`` (BR-1.1 .. BR-6 and the decisions BR-D*).

Each test names its clause (``test_BR_2_3_...``) and quotes the id in its docstring. Positions
are set up with ``game.state_from_position`` (YAML text, see
``boardkit/games/battle_royale/position.py``): every tile listed is in the arena, every other
position is a hole; a position starts at the card phase of ``to_move`` (or at its Doom roll
with an empty hand). Outcomes are checked exactly: legal actions as notation, tile contents,
holes, prisoners, figures out of the game, the Eliminator, phase, outcome and returns; refused
actions name their clause and leave the state unchanged.

Arena reminder: cells a1 .. e5, file a..e from the left, rank 1..5 from the bottom; the goal is
c3. Player colours red (0), blue (1), green (2), yellow (3); neutral figures are grey.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import boardkit
from boardkit.core.game import TERMINAL
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalActionError

GAME = boardkit.load_game("battle_royale")
#: Two players with neutral figures, a variant (option neutral="data", BR-1.6).
GN = boardkit.load_game("battle_royale", neutral="data")
#: The published profile: no tile entered twice in a move (BR-D10).
GPUB = boardkit.load_game("battle_royale", rules="published")
#: An empty pile draws nothing; a round without cards ends the game (BR-D13, no_cards="round").
GROUND = boardkit.load_game("battle_royale", no_cards="round")
G3 = boardkit.load_game("battle_royale", players=3)
G4 = boardkit.load_game("battle_royale", players=4)
ALL = [f"{f}{r}" for r in range(1, 6) for f in "abcde"]
DEFAULT_DATA = Path(__file__).resolve().parents[3] / "data" / "battle_royale" / "default.yaml"
DECK = ["1x1e", "1x2o", "1x3", "1x3d", "2x1b", "2x1m", "2x2", "2x2", "3x1", "3x1"]


def variant(game, **options):
    """``game`` with some options changed."""
    return boardkit.load_game("battle_royale", **{**game.options, **options})


def pos(text: str, game=GAME, study: bool = True):
    """The position ``text`` of ``game``. A two-player position naming grey figures is read by
    the game with neutral figures (option neutral="data": they are not in the seed, BR-1.6);
    a position made by :func:`no_cards_position` by the game with no_cards="round" (BR-D13),
    where turns without cards are Doom rolls only. A clause's position gives only the hands
    its clause needs (a seat left out holds no card, its pile all ten; no cards at all at
    turn 4), which play never leaves (BR-1.3, BR-1.4): it is read as a study position."""
    if game is GAME and "grey" in text:
        game = GN
    elif "grey" in text and not game.neutral and game.num_players == 2:
        game = variant(game, neutral="data")  # the published profile has no neutral figures (BR-1.6)
    if NO_CARDS in text:
        game = variant(game, no_cards="round")
    return game.state_from_position(textwrap.dedent(text), study=study)


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def tiles(state) -> dict[str, dict[str, int]]:
    """Tile contents without the zero counts."""
    return {t: {c: k for c, k in d.items() if k} for t, d in state.observation(None)["tiles"].items()}


def obs(state, key: str):
    return state.observation(None)[key]


def play(state, *actions: str):
    for a in actions:
        state.apply_action(a)
    return state


def snapshot(state):
    return (state.to_json(), state.observation(None), legal(state), state.current_player())


def refused(state, action: str, clause: str) -> IllegalActionError:
    """``action`` raises IllegalActionError naming ``clause`` and leaves ``state`` unchanged."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    assert info.value.clause == clause, info.value
    assert snapshot(state) == before
    assert action not in before[2]
    why = state.why_illegal(action)
    assert why is not None and why.clause == clause
    return info.value


def holes_except(*present: str) -> list[str]:
    return [c for c in ALL if c not in present]


def assert_running(state) -> None:
    assert not state.is_terminal()
    assert state.outcome() is None and state.winners() == []
    assert state.returns() == [0] * state.game.num_players


def assert_over(state, winners: list[int], reason: str, clause: str = "BR-3.1") -> None:
    n = state.game.num_players
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert obs(state, "phase") == "over"
    returns = tuple((1 if p in winners else -1) if winners else 0 for p in range(n))  # nobody wins: 0 (BR-D7)
    assert state.outcome() == Outcome(tuple(winners), reason, clause, returns)  # BR-3.1 ends it, BR-3.2 names winners
    assert state.returns() == list(returns)
    assert state.legal_actions() == []
NO_CARDS = "# no cards: no_cards=round\n"


def no_cards_position(body: str, game=GAME, to_move: int = 0) -> str:
    """A position whose players hold no cards at all: the turn goes straight to the Doom die
    (BR-2.6), and with no_cards="round" (:func:`pos` reads it so, BR-D13) every following turn
    too, with no draw in between."""
    n = game.num_players
    hands = ", ".join(f"{p}: []" for p in range(n))
    return textwrap.dedent(body) + f"hands: {{{hands}}}\npiles: {{{hands}}}\nto_move: {to_move}\n" + NO_CARDS
