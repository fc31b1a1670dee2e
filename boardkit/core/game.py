"""Game base class, and the core's front door: OpenSpiel's vocabulary, exact chance, checked actions.

A :class:`Game` holds the rules and the options (immutable). A :class:`~boardkit.core.state.State`
is one position (:mod:`boardkit.core.state`); saved states are read by :mod:`boardkit.core.saved`
and random play is :mod:`boardkit.core.playout`. This module re-exports them all, so
``from boardkit.core.game import State, sample_chance, state_from_json`` keeps working.
"""

from __future__ import annotations

import copy
from os import PathLike, fspath
from pathlib import Path
from typing import Any, ClassVar, Mapping, Sequence

from boardkit.core.notation import NotationContext, Vocabulary
from boardkit.core.options import GameOptions
from boardkit.core.outcome import Outcome
from boardkit.core.playout import random_playout, random_step, random_steps, sample_chance
from boardkit.core.rules import ClauseRegistry, load_clauses
from boardkit.core.saved import _check_files_on_disk, _parse_saved, _split_actor, replay, state_from_json  # noqa: F401
from boardkit.core.spec import PROFILES, GameSpec, Option, OptionError, check_option_names, check_profile, get_spec, load_game
from boardkit.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State
from boardkit.core.validate import BoardkitDataError, is_data_name, not_a_file, shorten


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
        check_option_names(self.name, options, self.option_specs, rules)
        values = {n: spec.check(self.name, options.get(n, spec.default_for(rules))) for n, spec in specs.items()}
        self._options = self.spec.options_type(**values)
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
    def options(self) -> GameOptions:
        """Option values in force: a frozen value with one attribute per option
        (``game.options.max_turns``), also read-only by name (``game.options["max_turns"]``);
        an unknown name raises an error that lists the game's options."""
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

    def _changed_options(self) -> dict[str, Any]:
        """The options whose value is not the default of the game's rules profile."""
        base = self.profile_options(self.rules)
        return {k: v for k, v in self._options.items() if v != base[k]}

    def __repr__(self) -> str:
        """The call that makes this game again (evaluable after ``import boardkit``)."""
        changed = self._changed_options()
        args = (f", rules={self.rules!r}" if self.rules != "seed" else "") + "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"boardkit.load_game({self.name!r}{args})"

    def __reduce__(self) -> str | tuple[Any, ...]:
        """A game pickles as the arguments of its :meth:`__repr__`: name, rules profile and the
        options that differ from it, and unpickles through ``load_game`` (so a process that
        reads it rebuilds the game from its own rules files, and the pickle stays small).
        A game class not registered under its name pickles as a plain object."""
        try:
            registered = get_spec(self.name).game_class() is type(self)
        except OptionError:
            registered = False
        if not registered:
            return object.__reduce_ex__(self, 2)
        return (_load_pickled, (self.name, self.rules, self._changed_options()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.name == self.name and dict(other.options) == dict(self.options)

    def __hash__(self) -> int:
        return hash(self._options)

    def new_initial_state(self) -> "State":
        """The state before setup: chance nodes for shuffles and draws come first."""
        raise NotImplementedError

    def sides(self) -> list[tuple[int, ...]]:
        """The sides of this game: groups of seats that win or lose together, each seat in
        exactly one, in seat order. A side's fair share of the wins is ``1 / len(sides())``
        (:func:`boardkit.analysis.outcomes.win_rates`). By default each seat is a side of its own.

        Returns:
            ``[(seat, ...), ...]`` (0-based seats).
        """
        return [(p,) for p in range(self.num_players)]

    def state_from_position(self, description: str | Mapping[str, Any], study: bool = False) -> "State":
        """A validated position for study, from a short description (game-specific format).

        The description is copied: changing the caller's mapping afterwards changes nothing.

        A finished game's ``to_position(finished=True)`` reads back, in every game, as that
        finished game: the same outcome, returns and observation, no legal action (a cut-off
        included; Armageddon's names its end, which the board alone does not tell). To keep
        a game with its history, save it with :meth:`State.to_json`.

        Args:
            description: YAML text or a mapping, as :meth:`State.to_position` writes it. A
                file is not read: a path (text or ``pathlib.Path``) or an open file is refused,
                saying to give the file's text (``pathlib.Path(path).read_text()``).
            study: allow positions that cannot arise in play but are worth studying (the
                game's position module says which); without it they are refused, saying so.

        Raises:
            BoardkitDataError: the description is malformed (names the field), is a file or
                a path rather than its text, or holds values that are not plain data.
            IllegalPositionError: the position is impossible (names the clause it breaks;
                a subclass of IllegalActionError).
            TypeError: ``study`` is not True or False.
        """
        if not isinstance(study, bool):
            raise TypeError(f"{self.name}: study is True or False, not {study!r}")
        if not isinstance(description, (str, Mapping)):  # a file, a path: said before copying
            raise BoardkitDataError(f"position: (top level): expected a mapping, got {type(description).__name__}"
                                    f"{not_a_file(description)}")
        if not isinstance(description, str):
            try:
                description = copy.deepcopy(description)  # the caller's mapping is never shared
            except RecursionError:
                raise BoardkitDataError("position: the description is nested too deep to read") from None
            except (TypeError, copy.Error) as exc:  # an open file, a lock: no value of a description
                raise BoardkitDataError(f"position: the description holds a value that is not plain data "
                                        f"({str(exc)[:80]}): give texts, numbers, lists and mappings") from None
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
        """The state of a checked saved document made with this game's options
        (:func:`boardkit.core.saved.replay`)."""
        return replay(self, doc, source)


def _load_pickled(name: str, rules: str, options: Mapping[str, Any]) -> Game:
    """Unpickle a game (:meth:`Game.__reduce__`): ``load_game(name, rules=rules, **options)``."""
    return load_game(name, rules=rules, **options)


__all__: Sequence[str] = [
    "CHANCE", "TERMINAL", "SIMULTANEOUS", "Outcome", "GameSpec", "Game", "State", "Option", "OptionError", "sample_chance",
    "random_playout", "random_step", "random_steps", "state_from_json",
]
