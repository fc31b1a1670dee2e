"""One rule path: "legal" and "why not" agree, for every seat, in every game.

Along seeded random games of every registered game, at every decision and for every seat that
is to act, each candidate action (the seat's legal actions, actions legal elsewhere in the
game, and what the same clicks denote here) is put to the game's rule path
(``State.refuse(action, seat)``):

- it returns for exactly the actions in ``legal_actions(seat)``;
- for the others it raises ``Refusal``, and ``why_illegal(action, seat)`` names the same
  clause and reason (the refusal is the rule path's, not a second derivation's);
- ``why_illegal`` refuses none of the legal actions (every one, also for each seat named at a
  simultaneous turn: a seat's legal actions are looked up in a set made once per position).

Sizes: ``BOARDKIT_RULE_PATH_GAMES`` games per game (default 8), each cut at
``BOARDKIT_RULE_PATH_ACTIONS`` actions (default 400).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

import boardkit
from boardkit import SIMULTANEOUS, IllegalActionError, Refusal, State

from test_conformance import apply_random, game_options

N_GAMES = int(os.environ.get("BOARDKIT_RULE_PATH_GAMES", "8"))
MAX_ACTIONS = int(os.environ.get("BOARDKIT_RULE_PATH_ACTIONS", "400"))
TRIES = 6  # actions legal elsewhere tried at each decision
POOL_LIMIT = 3_000


def seats_to_act(state: State) -> list[int | None]:
    """None (the player to move) at an ordinary decision; each waiting seat at a
    simultaneous turn."""
    if state.current_player() == SIMULTANEOUS:
        return list(state.current_players())
    return [None]


def verdict(state: State, action: Any, seat: int | None) -> Refusal | None:
    """The rule path's answer for ``action``: None (legal) or its Refusal."""
    try:
        state.refuse(action, seat)
    except Refusal as r:
        return r
    return None


def check_agreement(state: State, seat: int | None, candidates: list[Any], where: str) -> None:
    """Every legal action of ``seat`` passes the rule path, every other candidate is refused by
    it with a known clause and a reason, and ``why_illegal`` agrees (on every candidate and on
    every legal action)."""
    legal = state.legal_actions() if seat is None else state.legal_actions(seat)
    legal_set = set(legal)
    for action in [*legal, *candidates]:
        r = verdict(state, action, seat)
        if action in legal_set:
            assert r is None, f"{where}: seat {seat}: legal {action} refused by the rule path: [{r.clause}] {r.reason}"
            assert state.why_illegal(action, seat) is None, f"{where}: seat {seat}: why_illegal refuses legal {action}"
            continue
        assert r is not None, f"{where}: seat {seat}: {action} is not legal, yet the rule path refuses nothing"
        assert r.clause in state.game.clauses, f"{where}: {action} refused with unknown clause {r.clause!r}"
        assert r.reason, f"{where}: {action} refused without a reason"
        why = state.why_illegal(action, seat)
        assert isinstance(why, IllegalActionError), f"{where}: why_illegal({action}) is {why!r}"
        assert (why.clause, why.reason) == (r.clause, r.reason), (
            f"{where}: seat {seat}: why_illegal({action}) says [{why.clause}] {why.reason}; the rule path says "
            f"[{r.clause}] {r.reason}")


def run_rule_path(game_name: str, n_games: int) -> int:
    """Seeded random games of ``game_name`` with the agreement checked at every decision;
    returns how many refusals were checked (so a run that checks nothing is caught)."""
    cls = boardkit.game_class(game_name)
    pool: dict[str, Any] = {}
    refused = 0
    for seed in range(n_games):
        rng = random.Random(f"rule-path:{seed}")
        game = boardkit.load_game(game_name, **game_options(cls, rng))
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and step < MAX_ACTIONS:
            if not state.is_chance_node():
                for seat in seats_to_act(state):
                    candidates = [pool[k] for k in rng.sample(sorted(pool), min(TRIES, len(pool)))]
                    from_cells = getattr(state, "actions_from_cells", None)
                    if from_cells is not None:
                        for c in list(candidates):
                            if getattr(c, "cells", None):
                                candidates.extend(from_cells(c.cells)[:2])
                    legal = state.legal_actions() if seat is None else state.legal_actions(seat)
                    legal_set = set(legal)
                    refused += sum(1 for a in candidates if a not in legal_set)
                    check_agreement(state, seat, candidates, f"{game!r} seed {seed} step {step}")
                    for a in legal:
                        if len(pool) < POOL_LIMIT:
                            pool.setdefault(str(a), a)
            apply_random(state, rng)
            step += 1
    return refused


@pytest.mark.parametrize("game_name", boardkit.list_games())
def test_rule_path_agrees_with_legal_actions(game_name: str) -> None:
    """For every seat to act, the rule path refuses exactly the actions that are not legal,
    and why_illegal gives the rule path's clause and reason."""
    assert run_rule_path(game_name, N_GAMES) > 0


def test_rule_path_catches_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule path that refuses a legal action is caught (the check can fail)."""
    from boardkit.games.leaders.game import LeadersState

    real = LeadersState.refuse

    def too_strict(self: LeadersState, action: Any, player: int | None = None) -> None:
        if str(action).startswith("move"):
            raise Refusal("LEAD-3.1", "planted: every move refused")
        real(self, action, player)

    monkeypatch.setattr(LeadersState, "refuse", too_strict)
    with pytest.raises(AssertionError, match="refused by the rule path"):
        run_rule_path("leaders", 2)


def test_rule_path_catches_why_illegal_refusing_a_legal_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """A why_illegal that refuses a legal order of a seat named at a simultaneous turn is caught
    (seed 3 plays simultaneous orders)."""
    from boardkit.games.gridhunt.state import GridhuntState

    real = GridhuntState._why

    def refuses_named_seats(self: GridhuntState, action: Any, player: int | None) -> IllegalActionError | None:
        if player is not None and not self.is_chance_node():
            return IllegalActionError("GRID-6", "planted: every order of a named seat refused", action)
        return real(self, action, player)

    monkeypatch.setattr(GridhuntState, "_why", refuses_named_seats)
    with pytest.raises(AssertionError, match="why_illegal refuses legal"):
        run_rule_path("gridhunt", 4)
