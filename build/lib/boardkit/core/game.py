"""Game and State base classes: OpenSpiel's vocabulary, exact chance, checked actions.

A :class:`Game` holds the rules and the options (immutable). A :class:`State` is one
position. Every decision is one atomic action; chance is an explicit node whose outcomes carry
exact :class:`fractions.Fraction` probabilities. ``apply_action`` checks legality first and
either applies the whole action or raises without changing anything.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, Mapping, Sequence

from boardkit.core.actions import Action
from boardkit.core.rules import ClauseRegistry, IllegalActionError, NotationError, load_clauses
from boardkit.core.validate import BoardkitDataError, check_schema

#: ``current_player()`` at a chance node.
CHANCE = -1
#: ``current_player()`` once the game is over.
TERMINAL = -4


class OptionError(ValueError):
    """An unknown game, an unknown option or a value an option does not take."""


@dataclass(frozen=True)
class Option:
    """One rule option of a game.

    Attributes:
        name: keyword for ``load_game(game, name=value)``.
        default: value used when the option is not given.
        doc: what the option changes, in words.
        clause: the clause id the option decides.
        choices: the allowed values, or None for any value of ``kind``.
        kind: the Python type values must have (``bool``, ``int``, ``str``...).
        allow_none: whether None is allowed (for example "no limit").
    """

    name: str
    default: Any
    doc: str
    clause: str
    choices: tuple[Any, ...] | None = None
    kind: type = object
    allow_none: bool = False

    def check(self, game: str, value: Any) -> Any:
        """Return ``value`` if allowed, else raise OptionError naming option and value."""
        if value is None and self.allow_none:
            return value
        bad_type = self.kind is not object and (
            not isinstance(value, self.kind) or (self.kind is int and isinstance(value, bool))
        )
        if self.choices is not None and not any(type(value) is type(c) for c in self.choices):
            bad_type = True  # 1.0 == True == 1 in Python: only a value of a listed type is taken
        if bad_type or (self.choices is not None and value not in self.choices):
            allowed = (
                "one of " + ", ".join(repr(c) for c in self.choices)
                if self.choices is not None
                else f"a value of type {self.kind.__name__}"
            )
            if self.allow_none:
                allowed += " or None"
            raise OptionError(f"{game}: option {self.name}={value!r} is not allowed; use {allowed} ({self.clause})")
        return value


_STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "options", "history"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string"},
        "options": {"type": "object"},
        "position": {"type": ["object", "null"]},
        "history": {"type": "array", "items": {"type": "string"}},
    },
}


class Game:
    """Rules of one game with fixed options. Immutable once made.

    Subclasses set ``name``, ``num_players``, ``option_specs`` and implement
    ``new_initial_state`` and ``state_from_position``.

    Args:
        **options: option values by name (see ``option_specs``); unknown names or values
            raise :class:`OptionError` listing the valid ones.
    """

    name: ClassVar[str] = ""
    #: Rules version, bumped whenever the engine's behaviour changes (history in the game's
    #: ``RULES_HISTORY``); saved states and playthroughs are tied to it.
    rules_version: ClassVar[str] = "0"
    num_players: ClassVar[int] = 2
    option_specs: ClassVar[tuple[Option, ...]] = ()
    _clause_cache: ClassVar[dict[str, ClauseRegistry]] = {}

    def __init__(self, **options: Any) -> None:
        specs = {o.name: o for o in self.option_specs}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            valid = ", ".join(f"{o.name} (default {o.default!r})" for o in self.option_specs) or "none"
            raise OptionError(f"{self.name}: unknown option(s) {', '.join(unknown)}; valid options: {valid}")
        values = {n: spec.check(self.name, options.get(n, spec.default)) for n, spec in specs.items()}
        self._options = MappingProxyType(values)

    @property
    def options(self) -> Mapping[str, Any]:
        """Option values in force, by name (read-only)."""
        return self._options

    @property
    def clauses(self) -> ClauseRegistry:
        """The game's clause registry, read from ``data/rules/<name>.yaml`` once."""
        reg = Game._clause_cache.get(self.name)
        if reg is None:
            reg = Game._clause_cache[self.name] = load_clauses(self.name)
        return reg

    def __repr__(self) -> str:
        changed = {k: v for k, v in self._options.items() if v != {o.name: o for o in self.option_specs}[k].default}
        args = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"boardkit.load_game({self.name!r}{args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.name == self.name and dict(other.options) == dict(self.options)

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self._options.items(), key=lambda kv: kv[0]))))

    def new_initial_state(self) -> "State":
        """The state before setup: chance nodes for shuffles and draws come first."""
        raise NotImplementedError

    def state_from_position(self, description: str | Mapping[str, Any]) -> "State":
        """A validated position for study, from a short description (game-specific format).

        Raises:
            BoardkitDataError: the description is malformed (names the field).
            IllegalPositionError: the position is impossible (names the clause it breaks;
                a subclass of IllegalActionError).
        """
        raise NotImplementedError

    def state_from_json(self, text: str, source: str = "saved state") -> "State":
        """Rebuild a state saved by :meth:`State.to_json` by replaying its history.

        Args:
            text: the JSON text.
            source: a name for the input (a file name) used in error messages.

        Returns:
            A new State equal to the saved one.

        Raises:
            BoardkitDataError: malformed JSON, another game or other options, or a history
                entry that does not parse or is illegal (names the entry index and text).
        """
        try:
            doc = json.loads(text)
        except (TypeError, json.JSONDecodeError, RecursionError) as exc:
            raise BoardkitDataError(f"{source}: not valid JSON: {type(exc).__name__}: {str(exc)[:200]}") from None
        check_schema(doc, _STATE_SCHEMA, source)
        if doc["game"] != self.name:
            raise BoardkitDataError(f"{source}: game: saved state is of {doc['game']!r}, not {self.name!r}")
        if doc["options"] != dict(self.options):
            raise BoardkitDataError(
                f"{source}: options: saved with {doc['options']!r}, this game has {dict(self.options)!r}; "
                f"use boardkit.state_from_json to load with the saved options"
            )
        position = doc.get("position")
        try:
            state = self.new_initial_state() if position is None else self.state_from_position(position)
        except (BoardkitDataError, IllegalActionError, NotationError) as exc:
            raise BoardkitDataError(f"{source}: position: {exc}") from None
        for i, entry in enumerate(doc["history"]):
            try:
                state.apply_action(state.parse_action(entry))
            except (NotationError, IllegalActionError) as exc:
                raise BoardkitDataError(f"{source}: history[{i}] {entry!r}: {exc}") from None
        return state


class State:
    """One position of a game. Subclasses implement the underscore methods.

    Public methods check their input; ``_apply`` (unchecked, for search and perft) trusts it.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._history: list[Action] = []
        self._start: dict[str, Any] | None = None  # position description, if set up from one
        self._legal_cache: list[Action] | None = None

    # -- to implement -------------------------------------------------------------------
    def current_player(self) -> int:
        """Index of the player to act (0-based), or CHANCE, or TERMINAL."""
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        raise NotImplementedError

    def _apply_action(self, action: Action) -> None:
        """Game-specific: apply a legal action in place (no check)."""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Apply a legal action in place without checking it or recording it in the history:
        the fast path for perft and search. Callers guarantee legality."""
        self._legal_cache = None
        self._apply_action(action)

    def _explain(self, action: Action) -> IllegalActionError:
        """Why a non-legal action is illegal: must name a clause."""
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        """Parse the game's notation into an Action (legal or not).

        Raises:
            NotationError: the text is not an action of this game, or is ambiguous.
        """
        raise NotImplementedError

    def returns(self) -> Sequence[Fraction | int]:
        """One number per player: 1 win, -1 loss, 0 otherwise (0 for all before the end)."""
        raise NotImplementedError

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (None: the full truth, the game master's view)."""
        raise NotImplementedError

    def clone(self) -> "State":
        """An independent copy (same game object)."""
        raise NotImplementedError

    # -- public API ------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        """True when chance acts next (``current_player() == CHANCE``)."""
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.current_player() == TERMINAL

    def legal_actions(self) -> list[Action]:
        """The actions open to the player to move, sorted by notation, without repeats.

        At a chance node: the possible outcomes. At the end of the game: ``[]``.
        """
        if self._legal_cache is None:
            if self.is_terminal():
                self._legal_cache = []
            elif self.is_chance_node():
                self._legal_cache = [a for a, _ in self.chance_outcomes()]
            else:
                self._legal_cache = sorted(self._legal_actions(), key=str)
        return list(self._legal_cache)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node, ``[(outcome, probability), ...]`` sorted by notation.

        Probabilities are exact Fractions summing to exactly 1.

        Raises:
            ValueError: this is not a chance node.
        """
        if not self.is_chance_node():
            raise ValueError("chance_outcomes() is only defined at a chance node")
        return sorted(self._chance_outcomes(), key=lambda ap: str(ap[0]))

    def canonical(self, action: Action | str) -> Action:
        """The game's own form of ``action``: text is parsed; an Action built by hand that is
        not one of the legal actions is written out and parsed back, so that a cell such as
        ``"C4"`` becomes ``"c4"`` and a cell that is not on the board is refused here.

        Raises:
            NotationError: text (or an Action's notation) that is not an action of this game,
                or a value that is neither an Action nor text.
        """
        if isinstance(action, str):
            return self.parse_action(action)
        if not isinstance(action, Action):
            raise NotationError(f"an action is an Action or its notation text, got {action!r}")
        if action in self.legal_actions():
            return action
        return self.parse_action(str(action))

    def why_illegal(self, action: Action | str) -> IllegalActionError | None:
        """None if ``action`` is legal here, else the error ``apply_action`` would raise.

        The action is first put in the game's own form (:meth:`canonical`), which raises
        NotationError for text, or a hand-built Action, that is no action of this game.
        """
        action = self.canonical(action)
        if self.is_terminal():
            return self._explain(action)
        if action in self.legal_actions():
            return None
        err = self._explain(action)
        if not isinstance(err, IllegalActionError):  # pragma: no cover - engine bug guard
            raise TypeError(f"{type(self).__name__}._explain must return IllegalActionError")
        return err

    def apply_action(self, action: Action | str) -> None:
        """Apply a legal action in place (text in the game's notation is parsed first).

        Raises:
            IllegalActionError: the action is not legal here; ``.clause`` names the rule.
                The state is left unchanged.
            NotationError: text (or a hand-built Action) that is not an action of this game.
        """
        action = self.canonical(action)
        err = self.why_illegal(action)
        if err is not None:
            raise err
        self._apply(action)
        self._history.append(action)

    def child(self, action: Action | str) -> "State":
        """A new state after ``action``; this one is untouched. Raises as apply_action."""
        new = self.clone()
        new.apply_action(action)
        return new

    def history(self) -> list[Action]:
        """Actions applied since the initial state (or the set-up position), in order."""
        return list(self._history)

    def winners(self) -> list[int]:
        """Players with the highest return at the end; ``[]`` before the end or with none."""
        if not self.is_terminal():
            return []
        r = self.returns()
        best = max(r)
        return [p for p, v in enumerate(r) if v == best and best > 0]

    def to_json(self) -> str:
        """JSON text: game, options, starting position (if any) and the action history.

        ``game.state_from_json(text)`` replays it (so a saved state is checked on load).
        """
        doc = {
            "game": self.game.name,
            "options": dict(self.game.options),
            "position": self._start,
            "history": [str(a) for a in self._history],
        }
        return json.dumps(doc, indent=1)

    def __str__(self) -> str:
        return json.dumps(self.observation(None), default=str)


def sample_chance(state: State, rng: Any) -> Action:
    """Draw one chance outcome with its exact probability, using ``rng.random()``-free
    integer arithmetic: ``rng.randrange(denominator)`` over the common denominator."""
    outcomes = state.chance_outcomes()
    from math import lcm

    den = 1
    for _, p in outcomes:
        den = lcm(den, p.denominator)
    pick = rng.randrange(den)
    acc = 0
    for action, p in outcomes:
        acc += p.numerator * (den // p.denominator)
        if pick < acc:
            return action
    raise AssertionError("chance probabilities do not sum to 1")  # pragma: no cover


def random_playout(state: State, rng: Any, max_actions: int | None = None) -> State:
    """Play uniformly random legal actions (chance by its probabilities) until the end.

    Args:
        state: the state to play from (changed in place).
        rng: a ``random.Random``.
        max_actions: stop after this many actions (None: until terminal).

    Returns:
        The same state object.
    """
    n = 0
    while not state.is_terminal() and (max_actions is None or n < max_actions):
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            acts = state.legal_actions()
            state.apply_action(acts[rng.randrange(len(acts))])
        n += 1
    return state


def state_from_json(text: str, source: str = "saved state") -> State:
    """Load a saved state of any registered game, with the options it was saved with."""
    import boardkit

    try:
        doc = json.loads(text)
    except (TypeError, json.JSONDecodeError, RecursionError) as exc:
        raise BoardkitDataError(f"{source}: not valid JSON: {type(exc).__name__}: {str(exc)[:200]}") from None
    if not isinstance(doc, dict):
        raise BoardkitDataError(f"{source}: not a boardkit saved state: expected a JSON object with 'game', "
                                f"'options' and 'history', got {type(doc).__name__}")
    missing = [k for k in ("game", "options") if k not in doc]
    if missing:
        raise BoardkitDataError(f"{source}: not a boardkit saved state: missing {', '.join(repr(k) for k in missing)}")
    name, options = doc["game"], doc["options"]
    if not isinstance(name, str) or not isinstance(options, dict):
        raise BoardkitDataError(f"{source}: game/options: malformed")
    try:
        game = boardkit.load_game(name, **options)
    except OptionError as exc:
        raise BoardkitDataError(f"{source}: {exc}") from None
    return game.state_from_json(text, source)


__all__: Sequence[str] = [
    "CHANCE", "TERMINAL", "Game", "State", "Option", "OptionError", "sample_chance",
    "random_playout", "state_from_json",
]
