"""A tiny private game ("toy": dice Nim) that exercises boardkit's generic machinery.

Test support only, not a product: it is registered as ``"toy"`` inside tests with
:func:`register` (its spec added to the core registry for one test). Its clauses (TOY-1 ... TOY-5) live in
``tests/data/toy_rules.yaml``.

Rules: a pile of ``pile`` tokens (option, default 7). Chance draws the first player (TOY-1).
On a turn the player takes 1 or 2 tokens (TOY-2) or rolls a die showing 1, 2, 3 with
probabilities 1/2, 1/3, 1/6 that removes that many (TOY-3). Whoever empties the pile wins
(TOY-4). ``max_turns`` ends the game in a draw after that many turns (TOY-5).

Notation: ``first 0``, ``first 1``, ``die 1``..``die 3`` (chance), ``take 1``, ``take 2``,
``roll``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

import yaml

import boardkit
from boardkit.core.actions import Action, FirstPlayer
from boardkit.core.game import CHANCE, TERMINAL, Game, State
from boardkit.core.notation import Form, Notation
from boardkit.core.outcome import Outcome
from boardkit.core.rules import ClauseRegistry, IllegalActionError, load_clauses
from boardkit.core.spec import GameSpec, Option
from boardkit.core.validate import check_schema

TOY_DATA = Path(__file__).resolve().parent / "data"
TOY_CLAUSES = TOY_DATA / "toy_rules.yaml"

_DIE = {1: Fraction(1, 2), 2: Fraction(1, 3), 3: Fraction(1, 6)}

_POSITION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["pile", "to_move"],
    "additionalProperties": False,
    "properties": {
        "pile": {"type": "integer", "minimum": 1},
        "to_move": {"enum": [0, 1]},
        "turns": {"type": "integer", "minimum": 0},
    },
}


@dataclass(frozen=True)
class Take(Action):
    """Take ``n`` tokens (TOY-2)."""

    n: int
    button = True
    forms = (Form("take {n:int}", doc="take N tokens", clause="TOY-2"),)


@dataclass(frozen=True)
class RollDie(Action):
    """Roll the die instead of taking (TOY-3)."""

    button = True
    forms = (Form("roll", doc="roll the die", clause="TOY-3"),)


@dataclass(frozen=True)
class DieShows(Action):
    """Chance: the die removes ``n`` tokens (TOY-3)."""

    n: int
    button = True
    forms = (Form("die {n:int}", doc="chance: the die shows N", clause="TOY-3"),)


TOY_SPEC = GameSpec(
    id="toy", title="Dice Nim (test game)", seed="", players=(2, 2), seats=("0", "1"), chance=True,
    information="perfect", board="",
    options=(
        Option("pile", 7, "tokens in the pile at the start", "TOY-2", kind=int),
        Option("max_turns", None, "draw after this many turns", "TOY-5", kind=int, allow_none=True),
    ),
    notation=Notation((FirstPlayer, Take, RollDie, DieShows)),
    rules_version="1", rules_history=(("1", "the toy rules"),), game="toygame:ToyGame", turn_clause="TOY-2",
)


def register(monkeypatch: Any) -> None:
    """Register the toy game as ``"toy"`` for the duration of one test."""
    import boardkit.core.spec as spec_module

    boardkit.list_games()  # the real games are discovered first
    monkeypatch.setitem(spec_module._SPECS, "toy", TOY_SPEC)


class ToyGame(Game):
    """Dice Nim for two players (see the module docstring)."""

    spec = TOY_SPEC
    _toy_clauses: ClauseRegistry | None = None

    @property
    def clauses(self) -> ClauseRegistry:
        if ToyGame._toy_clauses is None:
            ToyGame._toy_clauses = load_clauses("toy", TOY_CLAUSES)
        return ToyGame._toy_clauses

    def new_initial_state(self) -> "ToyState":
        return ToyState(self, pile=self.options["pile"], to_move=CHANCE)

    def _state_from_position(self, description: str | Mapping[str, Any], study: bool = False) -> "ToyState":
        doc = yaml.safe_load(description) if isinstance(description, str) else dict(description)
        check_schema(doc, _POSITION_SCHEMA, "toy position")
        max_turns = self.options["max_turns"]
        if max_turns is not None and doc.get("turns", 0) >= max_turns:
            raise IllegalActionError("TOY-5", f"turns {doc['turns']} reaches max_turns {max_turns}")
        state = ToyState(self, pile=doc["pile"], to_move=doc["to_move"], turns=doc.get("turns", 0))
        state._start = dict(doc)
        return state


class ToyState(State):
    """One toy position: pile size, whose turn (or CHANCE/TERMINAL), turns done, pending roll."""

    def __init__(self, game: ToyGame, pile: int, to_move: int, turns: int = 0) -> None:
        super().__init__(game)
        self.pile = pile
        self.to_move = to_move  # 0, 1, CHANCE or TERMINAL
        self.turns = turns
        self.roller: int | None = None  # player whose die is being rolled
        self.winner: int | None = None

    def current_player(self) -> int:
        return self.to_move

    def _legal_actions(self) -> list[Action]:
        takes: list[Action] = [Take(n) for n in (1, 2) if n <= self.pile]  # TOY-2
        return [*takes, RollDie()]  # TOY-3

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.roller is None:
            return [(FirstPlayer(p), Fraction(1, 2)) for p in (0, 1)]  # TOY-1
        return [(DieShows(n), p) for n, p in _DIE.items()]  # TOY-3

    def _end_turn(self, player: int, removed: int) -> None:
        self.pile -= min(removed, self.pile)
        self.turns += 1
        if self.pile == 0:  # TOY-4
            self.winner, self.to_move = player, TERMINAL
        elif self.game.options["max_turns"] is not None and self.turns >= self.game.options["max_turns"]:
            self.to_move = TERMINAL  # TOY-5: draw
        else:
            self.to_move = 1 - player

    def _apply_action(self, action: Action) -> None:
        if isinstance(action, FirstPlayer):
            self.to_move = action.player
        elif isinstance(action, RollDie):
            self.roller, self.to_move = self.to_move, CHANCE
        elif isinstance(action, DieShows):
            roller, self.roller = self.roller, None
            assert roller is not None
            self._end_turn(roller, action.n)
        else:
            assert isinstance(action, Take)
            self._end_turn(self.to_move, action.n)

    def _explain(self, action: Action) -> IllegalActionError:
        clauses = self.game.clauses
        if self.is_terminal():
            return clauses.error("TOY-4", "the game is over", action)
        chance_verb = "first" if self.roller is None else "die"
        if self.is_chance_node():
            clause = "TOY-1" if chance_verb == "first" else "TOY-3"
            return clauses.error(clause, f"chance acts here: only a '{chance_verb}' outcome", action)
        if isinstance(action, (FirstPlayer, DieShows)):
            return clauses.error("TOY-3", "only chance draws the first player or rolls the die", action)
        return clauses.error("TOY-2", f"take 1 or 2 tokens, at most the {self.pile} in the pile", action)

    def returns(self) -> list[Fraction | int]:
        if self.winner is None:
            return [0, 0]
        return [1 if p == self.winner else -1 for p in (0, 1)]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move, "turns": self.turns, "rolling": self.roller}

    def clone(self) -> "ToyState":
        new = ToyState.__new__(ToyState)
        new.__dict__.update(self.__dict__)
        self._copy_record(new)
        return new

    def _outcome(self) -> Outcome:
        if self.winner is None:
            return Outcome((), "max_turns reached", "TOY-5", (0, 0))
        return Outcome((self.winner,), "emptied the pile", "TOY-4", tuple(self.returns()))

    def _position(self) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move, "turns": self.turns}

