"""A game's declaration (:class:`GameSpec`) and the registry of games.

Each game package declares one ``GameSpec`` in its ``spec`` module and registers it; core
knows no game and imports nothing above it. The package ``boardkit`` adds a discovery hook
(:func:`add_discovery`) that imports every package under ``boardkit.games`` with a ``spec``
module, so adding a game touches nothing outside its own package, data and tests.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Iterable, Literal, Mapping

from boardkit.core.notation import Notation
from boardkit.core.options import GameOptions, options_type
from boardkit.core.validate import shorten

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.core.game import Game


class OptionError(ValueError):
    """An unknown game, an unknown option or a value an option does not take."""


#: The rules profiles: ``"seed"`` plays the seed text as written (the default);
#: ``"published"`` adds what the published edition adds or changes (an FAQ, a card text, a
#: review), each as an option value (:attr:`Option.published`).
PROFILES: tuple[str, ...] = ("seed", "published")


class _Same:
    """The value of :attr:`Option.published` for an option the published edition does not change."""

    def __repr__(self) -> str:
        return "SAME"


#: :attr:`Option.published` for an option the published edition leaves at its default.
SAME: Any = _Same()


def check_profile(game: str, rules: Any) -> str:
    """Return ``rules`` if it names a profile (:data:`PROFILES`), else raise OptionError."""
    if not isinstance(rules, str) or rules not in PROFILES:
        raise OptionError(f"{game}: rules={shorten(rules)} is not a rules profile; use one of "
                          f"{', '.join(map(repr, PROFILES))} (default 'seed': the seed text as written)")
    return rules


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
        published: the value under ``rules="published"`` (an FAQ, a card text or a review
            of the published edition decides otherwise than the seed), or :data:`SAME`.
    """

    name: str
    default: Any
    doc: str
    clause: str
    choices: tuple[Any, ...] | None = None
    kind: type = object
    allow_none: bool = False
    published: Any = SAME

    def default_for(self, rules: str) -> Any:
        """The option's value under the rules profile ``rules`` (``"seed"`` or ``"published"``)."""
        return self.published if rules == "published" and self.published is not SAME else self.default

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
            raise OptionError(f"{game}: option {self.name}={shorten(value)} is not allowed; use {allowed} ({self.clause})")
        return value


def check_option_names(game: str, names: Iterable[Any], options: Iterable[Option], rules: str = "seed") -> None:
    """Refuse option names that ``game`` does not take: the check of ``load_game``, shared
    by the helpers that read option sets without making a game.

    Args:
        game: the game's id, for the message.
        names: the option names given.
        options: the game's :class:`Option` records (``GameSpec.options``).
        rules: the profile whose defaults the message lists.

    Raises:
        OptionError: ``"<game>: unknown option(s) <names>; valid options: <name> (default
            <value>), ..."``.
    """
    options = tuple(options)
    unknown = sorted(set(names) - {o.name for o in options}, key=str)
    if unknown:
        valid = ", ".join(f"{o.name} (default {o.default_for(rules)!r})" for o in options) or "none"
        raise OptionError(f"{game}: unknown option(s) {', '.join(map(str, unknown))}; valid options: {valid}")


@dataclass(frozen=True)
class GameSpec:
    """What a game is, declared once by its package.

    Attributes:
        id: the registry id (``"leaders"``), also the name of its data files.
        title: the game's title and edition, for pages and reports.
        seed: the file name of the seed text the rules render.
        players: ``(min, max)`` seats.
        seats: the seats' names, for ``max`` players (``("red", "blue")``).
        chance: whether the game has chance nodes.
        information: ``"perfect"`` or ``"imperfect"`` (something is hidden from some seat).
        board: the board data file's name (``data/boards/<board>.yaml``), or ``""``.
        options: the rule options.
        notation: the verb table of the game's actions.
        rules_version: bumped whenever the engine's behaviour changes.
        rules_history: ``((version, what changed), ...)``, oldest first.
        game: ``"module:Class"`` of the Game subclass (imported on first use).
        players_option: the option that sets the number of seats, if any.
        turn_clause: the clause that says whose turn it is (for refusals of a seat that is
            not to move).
        heuristic: ``"module:function"`` of the game's heuristic for search agents,
            ``h(state, player) -> float`` in ``[-1, 1]`` from what ``player`` may know
            (imported on first use, :meth:`hook`), or None.
        score: ``"module:function"`` of the game's running score, ``f(state) -> [points per
            seat]`` (lead changes in simulations), or None for a game without one.
    """

    id: str
    title: str
    seed: str
    players: tuple[int, int]
    seats: tuple[str, ...]
    chance: bool
    information: Literal["perfect", "imperfect"]
    board: str
    options: tuple[Option, ...]
    notation: Notation
    rules_version: str
    rules_history: tuple[tuple[str, str], ...]
    game: str
    turn_clause: str
    players_option: str | None = None
    heuristic: str | None = None
    score: str | None = None

    def __post_init__(self) -> None:
        lo, hi = self.players
        if not 1 <= lo <= hi or len(self.seats) != hi:
            raise ValueError(f"{self.id}: players {self.players} and seats {self.seats} do not agree")
        if self.information not in ("perfect", "imperfect"):
            raise ValueError(f"{self.id}: information is 'perfect' or 'imperfect', not {self.information!r}")
        if self.rules_history and self.rules_history[-1][0] != self.rules_version:
            raise ValueError(f"{self.id}: rules_version {self.rules_version} is not the last of rules_history")
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.id}: an option is declared twice")
        if self.players_option is not None and self.players_option not in names:
            raise ValueError(f"{self.id}: players_option {self.players_option!r} is not an option")
        self.options_type  # noqa: B018  (made now: a bad option name fails at registration)

    @cached_property
    def options_type(self) -> type[GameOptions]:
        """The frozen class of this game's option values, one attribute per option
        (:func:`boardkit.core.options.options_type`; ``game.options`` is one of them)."""
        return options_type(self.id, self.options)

    def game_class(self) -> type["Game"]:
        """The Game subclass (its module is imported now)."""
        return _imported(self.game)  # type: ignore[no-any-return]

    def hook(self, name: Literal["heuristic", "score"]) -> Callable[..., Any] | None:
        """The function a ``"module:function"`` field names (``"heuristic"`` or ``"score"``),
        its module imported now, or None when the game declares none."""
        ref = getattr(self, name)
        return None if ref is None else _imported(ref)  # type: ignore[no-any-return]


def _imported(ref: str) -> Any:
    """The object ``"module:name"`` names (its module imported now)."""
    module, name = ref.split(":")
    return getattr(importlib.import_module(module), name)


_SPECS: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the registry (again for the same spec is a no-op).

    Raises:
        ValueError: another spec is registered under the same id.
    """
    old = _SPECS.get(spec.id)
    if old is not None and old is not spec:
        raise ValueError(f"a game {spec.id!r} is registered already")
    _SPECS[spec.id] = spec
    return spec


def unregister(game_id: str) -> None:
    """Remove a game from the registry (for tests of hand-made games)."""
    _SPECS.pop(game_id, None)


def registered() -> Mapping[str, GameSpec]:
    """The registered specs by id (read-only view)."""
    from types import MappingProxyType

    return MappingProxyType(_SPECS)


_DISCOVERY: list[Callable[[], None]] = []


def add_discovery(hook: Callable[[], None]) -> None:
    """Call ``hook`` (once per look-up, it must be cheap after the first) before the registry
    is read, so that games register themselves; ``boardkit`` adds the one for its games."""
    if hook not in _DISCOVERY:
        _DISCOVERY.append(hook)


def _discover() -> Mapping[str, GameSpec]:
    for hook in _DISCOVERY:
        hook()
    return registered()


def list_games() -> list[str]:
    """Ids of the registered games, sorted (e.g. ``["battle_royale", "leaders", "marabunta"]``)."""
    return sorted(_discover())


def get_spec(name: str) -> GameSpec:
    """The :class:`GameSpec` registered as ``name`` (id, title, seats, options, notation...).

    Raises:
        OptionError: no game of that name (the message lists the registered ones).
    """
    specs = _discover()
    if not isinstance(name, str) or name not in specs:
        raise OptionError(f"unknown game {shorten(name)}; registered games: {', '.join(sorted(specs))}")
    return specs[name]


def load_game(name: str, rules: str = "seed", **options: Any) -> "Game":
    """Make a game with its rule options.

    Args:
        name: a registered game id (see :func:`list_games`).
        rules: the rules profile that gives the options' defaults: ``"seed"`` (the seed text as
            written) or ``"published"`` (what the published edition adds: each option's
            :attr:`Option.published`). Options given by name override the profile.
        **options: rule options by name; ``load_game(name).options`` shows the defaults and
            each option's ``Option`` record (``game.option_specs``) names the clause it decides.

    Returns:
        The Game (immutable).

    Raises:
        OptionError: unknown game, unknown option, or a value the option does not take; the
            message lists the valid games or options; an unknown profile.
    """
    return get_spec(name).game_class()(rules=rules, **options)


__all__ = ["GameSpec", "Option", "OptionError", "PROFILES", "SAME", "check_option_names", "check_profile", "register", "unregister", "registered", "add_discovery",
           "list_games", "get_spec", "load_game"]
