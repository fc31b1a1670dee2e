"""Game and State base classes: OpenSpiel's vocabulary, exact chance, checked actions.

A :class:`Game` holds the rules and the options (immutable). A :class:`State` is one
position. Every decision is one atomic action; chance is an explicit node whose outcomes carry
exact :class:`fractions.Fraction` probabilities. ``apply_action`` checks legality first and
either applies the whole action or raises without changing anything.
"""

from __future__ import annotations

import bisect
import copy
import json
from os import PathLike, fspath
from pathlib import Path
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, Mapping, Sequence

from boardkit.core.actions import Action
from boardkit.core.notation import NotationContext, Vocabulary
from boardkit.core.outcome import Outcome
from boardkit.core.rules import ClauseRegistry, IllegalActionError, NotationError, Refusal, RuleDisagreement, load_clauses
from boardkit.core.spec import PROFILES, GameSpec, Option, OptionError, check_profile
from boardkit.core.validate import (
    MAX_JSON_CHARS, BoardkitDataError, check_schema, file_sha256, is_data_name, shorten,
)

#: ``current_player()`` at a chance node.
CHANCE = -1
#: ``current_player()`` when several players act at once (``current_players()`` lists them).
SIMULTANEOUS = -2
#: ``current_player()`` once the game is over.
TERMINAL = -4


_STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "options", "history"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string"},
        "options": {"type": "object"},
        "rules": {"type": "string"},
        "position": {"type": ["object", "null"]},
        "study": {"type": "boolean"},
        "history": {"type": "array", "items": {"type": "string"}},
        "files": {"type": "object", "additionalProperties": {"type": "string", "pattern": "^[0-9a-f]{64}$"}},
    },
}


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's members, refusing a name given twice (json keeps the last silently)."""
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"member {shorten(k)} is given twice in one object")
        out[k] = v
    return out


def _parse_saved(text: str, source: str) -> dict[str, Any]:
    """The document of a saved state, checked against its schema."""
    if isinstance(text, str) and len(text) > MAX_JSON_CHARS:
        raise BoardkitDataError(f"{source}: {len(text)} characters, more than the {MAX_JSON_CHARS} a saved state may have")
    try:
        doc = json.loads(text, object_pairs_hook=_no_twice)
    except (TypeError, ValueError, RecursionError) as exc:  # ValueError: JSONDecodeError, a name twice, a long int
        raise BoardkitDataError(f"{source}: not valid JSON: {type(exc).__name__}: {str(exc)[:200]}") from None
    if not isinstance(doc, dict):
        raise BoardkitDataError(f"{source}: not a boardkit saved state: expected a JSON object with 'game', "
                                f"'options' and 'history', got {type(doc).__name__}")
    check_schema(doc, _STATE_SCHEMA, source)
    return doc


def _check_files_on_disk(files: Mapping[str, str], source: str) -> None:
    """Each data file a saved state was made with is there with the same content."""
    for path, digest in files.items():
        if not Path(path).exists():
            raise BoardkitDataError(f"{source}: files: {shorten(path, 300)[1:-1]} is missing; the state was saved "
                                    f"with the game data of that file")
        try:
            now = file_sha256(path)
        except BoardkitDataError as exc:
            raise BoardkitDataError(f"{source}: files: {exc}") from None
        if now != digest:
            raise BoardkitDataError(f"{source}: files: {path} changed since the save (its SHA-256 is not the "
                                    f"one saved); the saved game cannot be replayed with other game data")


def _split_actor(entry: str) -> tuple[int | None, str]:
    """A saved history entry as (seat, notation): ``"@3 move d5"`` -> ``(3, "move d5")``; an
    entry without ``@`` -> ``(None, entry)``."""
    if entry.startswith("@"):
        head, _, rest = entry.partition(" ")
        if not head[1:].isdigit() or not head[1:].isascii() or len(head) > 6:
            raise NotationError(f"{shorten(head)}: a seat number after '@' is expected")
        return int(head[1:]), rest
    return None, entry


class _FromSpec:
    """A read-only attribute of a Game taken from its ``spec``, on the class as on instances
    (code that has only the class, such as docs and benchmarks, reads the options too)."""

    def __init__(self, field: str) -> None:
        self.field = field

    def __get__(self, obj: object, owner: type) -> Any:
        return getattr(owner.spec, self.field)  # type: ignore[attr-defined]


class Game:
    """Rules of one game with fixed options. Immutable once made.

    A subclass sets ``spec`` (its :class:`GameSpec`: id, seats, options, notation...) and
    implements ``new_initial_state`` and ``_state_from_position``; it may give
    :meth:`vocabularies` for its notation.

    Args:
        rules: the rules profile giving the defaults, ``"seed"`` or ``"published"``
            (:data:`~boardkit.core.spec.PROFILES`); options given by name override it.
        **options: option values by name (see ``spec.options``); unknown names or values
            raise :class:`OptionError` listing the valid ones.

    Attributes:
        num_players: the seats of this game (per instance: a game may take a player count).
        rules: the rules profile the game was made with.
    """

    spec: ClassVar[GameSpec]
    _clause_cache: ClassVar[dict[str, ClauseRegistry]] = {}
    #: The options that name a data file (a packaged name, or a path made absolute).
    file_options: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def canonical_options(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options with every data-file option (:attr:`file_options`) in one form: a
        ``pathlib.Path`` as text, a path (not a packaged name) made absolute, so that saved
        states load from any folder and two games on one file compare equal.

        Args:
            options: option values by name (not checked here).

        Returns:
            A new dict.
        """
        out = dict(options)
        for name in cls.file_options:
            value = out.get(name)
            if isinstance(value, PathLike):
                value = fspath(value)
            if isinstance(value, str) and value and not is_data_name(value):
                try:
                    value = str(Path(value).expanduser().resolve())
                except (OSError, RuntimeError, ValueError):
                    pass  # left as given: reading it fails with a message naming it
            if name in out:
                out[name] = value
        return out

    def __init__(self, rules: str = "seed", **options: Any) -> None:
        self.rules: str = check_profile(self.name, rules)
        options = self.canonical_options(options)
        specs = {o.name: o for o in self.option_specs}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            valid = ", ".join(f"{o.name} (default {o.default_for(rules)!r})" for o in self.option_specs) or "none"
            raise OptionError(f"{self.name}: unknown option(s) {', '.join(map(str, unknown))}; valid options: {valid}")
        values = {n: spec.check(self.name, options.get(n, spec.default_for(rules))) for n, spec in specs.items()}
        self._options = MappingProxyType(values)
        key = self.spec.players_option
        self.num_players: int = values[key] if key is not None else self.spec.players[0]
        self._notation_context: NotationContext | None = None
        self._data_files: dict[str, str] = {}

    def _record_files(self, *files: tuple[str, str]) -> None:
        """Note the data files read (path, SHA-256), for :attr:`data_files`; packaged files
        (under ``DATA_DIR``) are left out: they come with the package."""
        from boardkit.core.paths import DATA_DIR

        packaged = DATA_DIR.resolve()
        for path, digest in files:
            resolved = Path(path).resolve()
            if not resolved.is_relative_to(packaged):
                self._data_files[str(resolved)] = digest

    @property
    def data_files(self) -> dict[str, str]:
        """The data files this game read that are not packaged, as absolute path -> SHA-256
        of their bytes; :meth:`State.to_json` saves them so a load can tell a changed file."""
        return dict(self._data_files)

    #: The game's registry id (``spec.id``); read on the class too.
    name: ClassVar[str] = _FromSpec("id")  # type: ignore[assignment]
    #: The rule options (``spec.options``); read on the class too (``game_class(id).option_specs``).
    option_specs: ClassVar[tuple[Option, ...]] = _FromSpec("options")  # type: ignore[assignment]
    #: The rules version (``spec.rules_version``); saved states and playthroughs are tied to it.
    rules_version: ClassVar[str] = _FromSpec("rules_version")  # type: ignore[assignment]

    def vocabularies(self) -> dict[str, Vocabulary]:
        """The words the notation uses besides cells and seats (cards, colours, faces...),
        by vocabulary name; override in a game whose forms name them."""
        return {}

    def cell_names(self) -> frozenset[str]:
        """The board's cell names for the notation (the game's ``board`` if it has one)."""
        board = getattr(self, "board", None)
        return frozenset(board.names) if board is not None else frozenset()

    def notation_context(self) -> NotationContext:
        """What the notation needs to know of this game (made once)."""
        if self._notation_context is None:
            self._notation_context = NotationContext(self.cell_names(), self.num_players, self.vocabularies())
        return self._notation_context

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

    @classmethod
    def profile_options(cls, rules: str) -> dict[str, Any]:
        """The option defaults of a rules profile (``"seed"`` or ``"published"``), by name.

        Raises:
            OptionError: an unknown profile.
        """
        check_profile(cls.spec.id, rules)
        return {o.name: o.default_for(rules) for o in cls.spec.options}

    def __repr__(self) -> str:
        base = self.profile_options(self.rules)
        changed = {k: v for k, v in self._options.items() if v != base[k]}
        args = (f", rules={self.rules!r}" if self.rules != "seed" else "") + "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"boardkit.load_game({self.name!r}{args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.name == self.name and dict(other.options) == dict(self.options)

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self._options.items(), key=lambda kv: kv[0]))))

    def new_initial_state(self) -> "State":
        """The state before setup: chance nodes for shuffles and draws come first."""
        raise NotImplementedError

    def state_from_position(self, description: str | Mapping[str, Any], study: bool = False) -> "State":
        """A validated position for study, from a short description (game-specific format).

        The description is copied: changing the caller's mapping afterwards changes nothing.

        Args:
            description: YAML text or a mapping, as :meth:`State.to_position` writes it.
            study: allow positions that cannot arise in play but are worth studying (the
                game's position module says which); without it they are refused, saying so.

        Raises:
            BoardkitDataError: the description is malformed (names the field).
            IllegalPositionError: the position is impossible (names the clause it breaks;
                a subclass of IllegalActionError).
            TypeError: ``study`` is not True or False.
        """
        if not isinstance(study, bool):
            raise TypeError(f"{self.name}: study is True or False, not {study!r}")
        if not isinstance(description, str):
            try:
                description = copy.deepcopy(description)  # the caller's mapping is never shared
            except RecursionError:
                raise BoardkitDataError("position: the description is nested too deep to read") from None
        state = self._state_from_position(description, study)
        state._study = study
        return state

    def _state_from_position(self, description: str | Mapping[str, Any], study: bool) -> "State":
        """Game-specific: build the position (``description`` is the game's own copy)."""
        raise NotImplementedError

    def state_from_json(self, text: str, source: str = "saved state") -> "State":
        """Rebuild a state saved by :meth:`State.to_json` by replaying its history.

        Args:
            text: the JSON text.
            source: a name for the input (a file name) used in error messages.

        Returns:
            A new State equal to the saved one.

        Options missing from the save (added to the game after it was saved) are taken at
        their defaults.

        Raises:
            BoardkitDataError: malformed JSON (or over :data:`~boardkit.core.validate.MAX_JSON_CHARS`),
                another game, an option the game does not have, other option values, a data
                file whose content changed since the save, or a history entry that does not
                parse or is illegal (names the entry index and text).
        """
        doc = _parse_saved(text, source)
        if doc["game"] != self.name:
            raise BoardkitDataError(f"{source}: game: saved state is of {shorten(doc['game'])}, not {self.name!r}")
        names = [o.name for o in self.option_specs]
        unknown = sorted(set(doc["options"]) - set(names))
        if unknown:
            raise BoardkitDataError(f"{source}: options: {self.name} has no option {', '.join(map(shorten, unknown))}; "
                                    f"its options are {', '.join(names) or 'none'}")
        rules = doc.get("rules", "seed")
        if rules not in PROFILES:
            raise BoardkitDataError(f"{source}: rules: {shorten(rules)} is not a rules profile; use one of {', '.join(map(repr, PROFILES))}")
        saved = self.canonical_options({o.name: doc["options"].get(o.name, o.default_for(rules)) for o in self.option_specs})
        if saved != dict(self.options):
            differ = {k: v for k, v in saved.items() if v != self.options[k]}
            raise BoardkitDataError(
                f"{source}: options: saved with {shorten(differ, 300)}, this game has "
                f"{shorten({k: self.options[k] for k in differ}, 300)}; boardkit.state_from_json(text) loads a "
                f"saved state with the options it was saved with"
            )
        return self._replay(doc, source)

    def _replay(self, doc: dict[str, Any], source: str) -> "State":
        """The state of a checked saved document made with this game's options."""
        for path, digest in (doc.get("files") or {}).items():
            mine = self._data_files.get(path)
            if mine is not None and mine != digest:
                raise BoardkitDataError(f"{source}: files: {path} changed since the save (its SHA-256 is not the "
                                        f"one saved); the saved game cannot be replayed with other game data")
        position = doc.get("position")
        try:
            state = (self.new_initial_state() if position is None
                     else self.state_from_position(position, study=bool(doc.get("study", False))))
        except (BoardkitDataError, IllegalActionError, NotationError) as exc:
            raise BoardkitDataError(f"{source}: position: {exc}") from None
        for i, entry in enumerate(doc["history"]):
            try:
                seat, text = _split_actor(entry)
                state.apply_action(state.parse_action(text), player=seat)
            except (NotationError, IllegalActionError, ValueError) as exc:
                raise BoardkitDataError(f"{source}: history[{i}] {shorten(entry)}: {str(exc)[:300]}") from None
        return state


class State:
    """One position of a game. Subclasses implement the underscore methods.

    Public methods check their input; ``_apply`` (unchecked, for search and perft) trusts it.
    """

    #: True when ``_legal_actions`` already lists the actions in notation order (as
    #: :meth:`legal_actions` returns them), so they are not sorted again; the conformance
    #: tests check it for every game that says so.
    legal_in_order: ClassVar[bool] = False

    def __init__(self, game: Game) -> None:
        self.game = game
        self._history: list[Action] = []
        #: per history entry, the seats that saw it as it is (None: everyone).
        self._seen: list[frozenset[int] | None] = []
        #: history index -> the seat that gave that action at a turn where several seats act at
        #: once (saved as ``"@SEAT action"`` so that a replay gives it to the same seat).
        self._acted_by: dict[int, int] = {}
        self._start: dict[str, Any] | None = None  # position description, if set up from one
        self._study = False  # the start position was built with study=True
        self._legal_cache: list[Action] | None = None

    # -- to implement -------------------------------------------------------------------
    def current_player(self) -> int:
        """Index of the player to act (0-based), or CHANCE, or TERMINAL, or SIMULTANEOUS
        when several act at once (see :meth:`current_players`)."""
        raise NotImplementedError

    def current_players(self) -> list[int]:
        """The seats to act now: one, or several in a turn where they act at once; ``[]`` at
        a chance node or at the end. Override for simultaneous turns."""
        p = self.current_player()
        return [p] if p >= 0 else []

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
        """Why a non-legal action is illegal: must name a clause. Only for games whose rule
        path (:meth:`refuse`) is not their own yet; a game on one rule path leaves it."""
        raise NotImplementedError

    def refuse(self, action: Action, player: int | None = None) -> None:
        """The game's one rule path for a decision: returns when ``action`` is legal for the
        asking seat, raises :class:`~boardkit.core.rules.Refusal` naming the clause otherwise.

        A game on one rule path overrides it with the same code that generates its legal
        actions, so "legal" and "why not" cannot disagree; the answer is computed for
        ``player`` from what that seat may know (a refusal never speaks of another seat's
        secrets). The conformance test ``tests/test_rule_path.py`` checks, over random
        states, seats and actions, that it raises exactly for the actions not in
        ``legal_actions(player)``. The default asks :meth:`_explain` (games not yet moved).

        Args:
            action: an action in the game's form (:meth:`canonical`).
            player: the asking seat, which is to act; None: the player to move.

        Raises:
            Refusal: the action is not legal for that seat here (``.clause``, ``.reason``).
        """
        legal = self._legal_list() if player is None else self.legal_actions(player)
        if action in legal:
            return
        err = self._explain(action)
        raise Refusal(err.clause, err.reason)

    def _outcome(self) -> Outcome:
        """The outcome of a finished game (called only when ``is_terminal()``)."""
        raise NotImplementedError

    def _seen_by(self, action: Action) -> frozenset[int] | None:
        """Before ``action`` is applied here: the seats that see it as it is (None: all).

        Override where an action is hidden from some seats (a card drawn into one hand); the
        others see only its verb (``draw ?``) in :meth:`history`."""
        return None

    def parse_action(self, text: str) -> Action:
        """Parse the game's notation (its spec's table) into an Action (legal or not).

        Raises:
            NotationError: the text is not an action of this game; the message names the
                word that is wrong and the form expected.
        """
        return self.game.spec.notation.parse(text, self.game.notation_context())

    def returns(self) -> Sequence[Fraction | int]:
        """One number per player: 1 win, -1 loss, 0 otherwise (0 for all before the end)."""
        raise NotImplementedError

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (None: the full truth, the game master's view)."""
        raise NotImplementedError

    def public_observation(self) -> dict[str, Any]:
        """What every onlooker may know (no seat's secrets). Games with hidden information
        override it; for perfect-information games it is the full truth."""
        if self.game.spec.information == "perfect":
            return self.observation(None)
        raise NotImplementedError(f"{self.game.name}: public_observation")

    def to_position(self) -> dict[str, Any]:
        """The description of this position that ``game.state_from_position`` reads back
        (a JSON-ready dict; study positions are read back with ``study=True``)."""
        raise NotImplementedError

    def clone(self) -> "State":
        """An independent copy (same game object)."""
        raise NotImplementedError

    def _copy_record(self, new: "State") -> None:
        """Copy what the base class records (history, who saw it, the start) into ``new``;
        every game's :meth:`clone` calls it."""
        new._history = list(self._history)
        new._seen = list(self._seen)
        new._acted_by = dict(getattr(self, "_acted_by", {}))
        new._start = self._start
        new._study = self._study
        new._legal_cache = self._legal_cache

    # -- public API ------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        """True when chance acts next (``current_player() == CHANCE``)."""
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.current_player() == TERMINAL

    def _check_seat(self, player: int) -> None:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.game.num_players:
            raise ValueError(f"{self.game.name}: player is a seat 0 .. {self.game.num_players - 1}, not {shorten(player)}")

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The actions open to the player to move, sorted by notation, without repeats.

        At a chance node: the possible outcomes. At the end of the game: ``[]``.

        Args:
            player: a seat: that seat's legal actions, computed from what it knows (``[]``
                when it is not to act); None: the player (or chance) to move.

        Raises:
            ValueError: ``player`` is not a seat of this game.
        """
        if player is not None:
            self._check_seat(player)
            if player not in self.current_players():
                return []
            return self._legal_actions_for(player)
        return list(self._legal_list())

    def _legal_list(self) -> list[Action]:
        """The cached legal actions of the player (or chance) to move; callers must not change it."""
        if self._legal_cache is None:
            if self.is_terminal():
                self._legal_cache = []
            elif self.is_chance_node():
                self._legal_cache = [a for a, _ in self.chance_outcomes()]
            else:
                made = self._legal_actions()
                self._legal_cache = list(made) if self.legal_in_order else sorted(made, key=str)
        return self._legal_cache

    def _find_legal(self, action: Action) -> Action | None:
        """The legal action equal to ``action`` (the game's own object), or None. Legal lists
        are in notation order, so the game's own actions (notation written once and kept) are
        found by bisection; anything else by the look-up table."""
        legal = self._legal_list()
        try:
            text = str(action)
        except Exception:  # noqa: BLE001 - an action that cannot be written: the table decides
            text = None
        if text is not None:
            i = bisect.bisect_left(legal, text, key=str)
            if i < len(legal) and str(legal[i]) == text and legal[i] == action:
                return legal[i]
        try:
            return self._legal_lookup().get(action)
        except TypeError:  # a field that cannot be hashed (a list)
            return None

    def _legal_lookup(self) -> dict[Action, Action]:
        """Each legal action by itself (so an equal hand-built action finds the game's own),
        made once per cached list."""
        legal = self._legal_list()
        if self.__dict__.get("_lookup_for") is not legal:
            self._lookup_for, self._lookup = legal, {a: a for a in legal}
        return self._lookup

    def _legal_actions_for(self, player: int) -> list[Action]:
        """The legal actions of ``player`` (to move) from what it knows. In the games whose
        movers decide on their own information (hands are their own), that is the truth's."""
        return self.legal_actions()

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
        """The game's own form of ``action``: text is parsed; an Action equal to a legal
        action is replaced by that legal action (so ``FirstPlayer(True)`` is stored as
        ``FirstPlayer(1)``); any other Action is written out and parsed back and put in the
        game's form (a cell ``"D3"`` becomes ``"d3"``); an action that reads back as another
        class, or a cell that is not on the board, is refused.

        Raises:
            NotationError: text (or an Action's notation) that is not an action of this game,
                or a value that is neither an Action nor text.
        """
        if isinstance(action, str):
            return self.parse_action(action)
        if not isinstance(action, Action):
            raise NotationError(f"an action is an Action or its notation text, got {shorten(action)}")
        found = self._find_legal(action)  # None for a field that cannot be hashed: written out and refused below
        if found is not None:
            return found
        try:
            text = str(action)
        except (ValueError, TypeError, RecursionError) as exc:
            raise NotationError(f"{shorten(action)} is not an action of {self.game.name}: {shorten(str(exc), 200)}") from None
        parsed = self.parse_action(text)
        if type(parsed) is not type(action):  # same words, another game's (or class's) action
            raise NotationError(f"{shorten(action)} is not in the form of {self.game.name}'s actions; write it as {str(parsed)!r}")
        return parsed

    def why_illegal(self, action: Action | str, player: int | None = None) -> IllegalActionError | None:
        """None if ``action`` is legal here, else the error ``apply_action`` would raise.

        Args:
            action: an Action or its notation.
            player: the seat asking (None: the player to move). A seat that is not to act
                is told so, naming the turn-order clause.

        The action is first put in the game's own form (:meth:`canonical`), which raises
        NotationError for text, or a hand-built Action, that is no action of this game.
        """
        return self._why(self.canonical(action), player)

    def _why(self, action: Action, player: int | None) -> IllegalActionError | None:
        """:meth:`why_illegal` of an action already in the game's form."""
        if player is not None:
            self._check_seat(player)
            if not self.is_terminal() and player not in self.current_players():
                to_move = self.current_players()
                who = "chance" if self.is_chance_node() else "player " + ", ".join(map(str, to_move))
                return IllegalActionError(self.game.spec.turn_clause, f"it is not player {player}'s turn ({who} acts now)", action)
        if not self.is_terminal() and ((self._find_legal(action) is not None) if player is None
                                       else action in self.legal_actions(player)):
            return None
        try:
            self.refuse(action, player)
        except Refusal as r:
            return self.game.clauses.error(r.clause, r.reason, action)
        raise RuleDisagreement(f"{self.game.name}: {action} is not among the legal actions, yet the rule path "
                               f"refuses nothing (an engine defect: please report it)")

    def apply_action(self, action: Action | str, player: int | None = None) -> None:
        """Apply a legal action in place (text in the game's notation is parsed first).

        Args:
            action: an Action or its notation.
            player: the seat acting; needed in a turn where several seats act at once
                (:meth:`current_players`), optional otherwise (then it must be the mover).

        Raises:
            IllegalActionError: the action is not legal here (or not this seat's turn);
                ``.clause`` names the rule. The state is left unchanged.
            NotationError: text (or a hand-built Action) that is not an action of this game.
            ValueError: ``player`` is not a seat, or is missing where several seats act.
        """
        action = self.canonical(action) if player is None else self._canonical_for(action, player)
        if player is None and len(self.current_players()) > 1:
            raise ValueError(f"{self.game.name}: players {self.current_players()} act at once: say which one acts "
                             f"(apply_action(action, player=...))")
        err = self._why(action, player)
        if err is not None:
            raise err
        seen = self._seen_by(action)
        if player is not None and len(self.current_players()) > 1:
            if not hasattr(self, "_acted_by"):
                self._acted_by = {}
            self._acted_by[len(self._history)] = player
        if player is None or self.current_player() == player:
            self._apply(action)
        else:
            self._legal_cache = None
            self._apply_by(action, player)
        self._history.append(action)
        self._seen.append(seen)

    def _canonical_for(self, action: Action | str, player: int) -> Action:
        if isinstance(action, Action):
            legal = self.legal_actions(player) if player in self.current_players() else []
            if action in legal:
                return legal[legal.index(action)]
        return self.canonical(action)

    def _apply_by(self, action: Action, player: int) -> None:
        """Apply ``player``'s action in a turn where several seats act at once (games with
        such turns override it)."""
        raise NotImplementedError(f"{self.game.name} has no turns where several players act at once")

    def child(self, action: Action | str) -> "State":
        """A new state after ``action``; this one is untouched. Raises as apply_action."""
        new = self.clone()
        new.apply_action(action)
        return new

    def history(self, player: int | None = None) -> list[Action | str]:
        """Actions applied since the initial state (or the set-up position), in order.

        Args:
            player: a seat: the history as that seat saw it, an action hidden from it given
                as text with its verb only (``"draw ?"``); None: the full truth (Actions).

        Raises:
            ValueError: ``player`` is not a seat of this game.
        """
        if player is None:
            return list(self._history)
        self._check_seat(player)
        out: list[Action | str] = []
        for action, seen in zip(self._history, self._seen):
            if seen is None or player in seen:
                out.append(action)
            else:
                out.append(str(action).split()[0] + " ?")
        return out

    def outcome(self) -> Outcome | None:
        """How the game ended (:class:`Outcome`: winners, reason, clause, returns); None
        while it runs."""
        return self._outcome() if self.is_terminal() else None

    def winners(self) -> list[int]:
        """The winning seats at the end; ``[]`` before the end or with none."""
        o = self.outcome()
        return list(o.winners) if o is not None else []

    def to_json(self) -> str:
        """JSON text: game, options, starting position (if any, with ``"study": true`` for a
        study position) and the action history.

        ``game.state_from_json(text)`` replays it (so a saved state is checked on load).
        """
        doc: dict[str, Any] = {
            "game": self.game.name,
            "rules": self.game.rules,
            "options": dict(self.game.options),
            "position": self._start,
            "history": self._saved_history(),
        }
        if self._study:
            doc["study"] = True  # a study position (state_from_position(..., study=True))
        if self.game.data_files:
            doc["files"] = self.game.data_files  # path -> SHA-256: a changed file is told on load
        return json.dumps(doc, indent=1)

    def _saved_history(self) -> list[str]:
        """The history as saved: each action's notation, ``"@SEAT "`` before an action given by
        one of several seats acting at once."""
        actors = getattr(self, "_acted_by", {})
        return [f"@{actors[i]} {a}" if i in actors else str(a) for i, a in enumerate(self._history)]

    def __str__(self) -> str:
        """The public information only (what every onlooker sees), as JSON text."""
        return json.dumps(self.public_observation(), default=str)


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
    """Play uniformly random legal actions (chance by its probabilities) until the end; at a
    turn where several seats act at once (``SIMULTANEOUS``), a seat drawn among them acts.

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
        elif state.current_player() == SIMULTANEOUS:  # several seats act: one of them, drawn
            waiting = state.current_players()
            seat = waiting[rng.randrange(len(waiting))]
            acts = state.legal_actions(seat)
            state.apply_action(acts[rng.randrange(len(acts))], player=seat)
        else:
            acts = state.legal_actions()
            state.apply_action(acts[rng.randrange(len(acts))])
        n += 1
    return state


def state_from_json(text: str, source: str = "saved state") -> State:
    """Load a saved state of any registered game, with the options it was saved with.

    Options missing from the save (added to the game after it was saved) take their defaults.

    Args:
        text: the JSON text :meth:`State.to_json` wrote.
        source: a name for the input (a file name) used in error messages.

    Returns:
        A new State equal to the saved one.

    Raises:
        BoardkitDataError: malformed JSON (or too long), an unknown game or option, an option
            value the game refuses, a data file that is missing or changed since the save,
            or a history entry that does not parse or is illegal.
    """
    from boardkit.core.spec import load_game

    doc = _parse_saved(text, source)
    _check_files_on_disk(doc.get("files") or {}, source)
    for key in ("name", "rules"):  # load_game's own arguments, never an option
        if key in doc["options"]:
            raise BoardkitDataError(f"{source}: options: {key!r} is not an option of any game"
                                    + (" (the rules profile is the top-level field rules)" if key == "rules" else ""))
    try:
        game = load_game(doc["game"], rules=doc.get("rules", "seed"), **doc["options"])
    except OptionError as exc:
        raise BoardkitDataError(f"{source}: {str(exc)[:300]}") from None
    return game._replay(doc, source)


__all__: Sequence[str] = [
    "CHANCE", "TERMINAL", "SIMULTANEOUS", "Outcome", "GameSpec", "Game", "State", "Option", "OptionError", "sample_chance",
    "random_playout", "state_from_json",
]
