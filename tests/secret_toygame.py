"""A private game with hidden information ("secret_toy"), to test what boards show each seat.

Test support only, not a product: it is registered as ``"secret_toy"`` inside tests with
:func:`register`. It is the toy's Dice Nim (tests/toygame.py, clauses TOY-1 ... TOY-5) with one
change: a roll is secret. The die (``die 1`` .. ``die 3``) is seen by the roller only (the
other seat's history reads ``die ?``); the number goes into the roller's hand, face down, and
the pile keeps its tokens. A seat's observation shows its own hand and the other's as a count.
The board is a strip of two cells (``a1``, ``b1``) that no action uses, so a click is always
refused with a reason.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import boardkit
from boardkit.core.actions import Action
from boardkit.core.game import CHANCE
from toygame import TOY_SPEC, DieShows, ToyGame, ToyState

SECRET_SPEC = dataclasses.replace(TOY_SPEC, id="secret_toy", title="Secret Dice Nim (test game)",
                                  information="imperfect", game="secret_toygame:SecretToyGame")


def register(monkeypatch: Any) -> None:
    """Register the game as ``"secret_toy"`` for the duration of one test."""
    import boardkit.core.spec as spec_module

    boardkit.list_games()  # the real games are discovered first
    monkeypatch.setitem(spec_module._SPECS, "secret_toy", SECRET_SPEC)


class SecretToyGame(ToyGame):
    """Dice Nim with secret rolls (module docstring)."""

    spec = SECRET_SPEC
    board = SimpleNamespace(kind="square", name="strip", columns=2, rows=1, names=("a1", "b1"))

    def new_initial_state(self) -> "SecretToyState":
        return SecretToyState(self, pile=self.options["pile"], to_move=CHANCE)


class SecretToyState(ToyState):
    """A toy position with the hands of secret rolls."""

    def __init__(self, game: SecretToyGame, pile: int, to_move: int, turns: int = 0) -> None:
        super().__init__(game, pile, to_move, turns)
        self.hands: tuple[tuple[int, ...], ...] = ((), ())

    def _seen_by(self, action: Action) -> frozenset[int] | None:
        if isinstance(action, DieShows):
            assert self.roller is not None
            return frozenset((self.roller,))
        return None

    def _apply_action(self, action: Action) -> None:
        if isinstance(action, DieShows):
            roller, self.roller = self.roller, None
            assert roller is not None
            hands = list(self.hands)
            hands[roller] = tuple(sorted(hands[roller] + (action.n,)))
            self.hands = tuple(hands)
            self._end_turn(roller, 0)
        else:
            super()._apply_action(action)

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = super().observation(player)
        obs["hands"] = [list(h) if player is None or p == player else len(h) for p, h in enumerate(self.hands)]
        return obs

    def public_observation(self) -> dict[str, Any]:
        obs = super().observation(None)
        obs["hands"] = [len(h) for h in self.hands]
        return obs

    def clone(self) -> "SecretToyState":
        new = SecretToyState.__new__(SecretToyState)
        new.__dict__.update(self.__dict__)
        self._copy_record(new)
        return new
