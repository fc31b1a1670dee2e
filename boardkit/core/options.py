"""A game's option values as one frozen, typed value (:class:`GameOptions`).

Each game gets its own class, made once from its option specs (:func:`options_type`): one
attribute per option (``game.options.revisit``), immutable, hashable, and equal to another
value of the same game with the same values. An unknown name raises an error that lists the
game's options. The value is also a read-only mapping (``options["revisit"]``,
``dict(options)``, ``**options``), for code that reads options by name.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.core.spec import Option

#: Names an option may not take: the mapping's own methods.
RESERVED: frozenset[str] = frozenset({"keys", "items", "values", "get", "game", "names"})


class GameOptions(Mapping[str, Any]):
    """The option values of one game (a frozen dataclass per game, made by :func:`options_type`).

    Attributes:
        game: the game's registry id (a class attribute).
        names: the option names, in the order the spec declares them (a class attribute).

    Raises:
        AttributeError: reading an attribute that is not an option (the message lists the
            game's options); setting or deleting any attribute
            (``dataclasses.FrozenInstanceError``: options are read-only, the message names
            the attribute).
        KeyError: ``options[name]`` for a name that is not an option (the message lists them).
    """

    __slots__ = ()
    game: str = ""
    names: tuple[str, ...] = ()
    _known: frozenset[str] = frozenset()
    _specs: Mapping[str, "Option"] = {}

    def __getattr__(self, name: str) -> Any:
        """Only called for a name that is not an option: refuse it, naming the options."""
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(f"{self.game}: no option {name!r}; its options are {', '.join(self.names) or 'none'}")

    def __getitem__(self, name: str) -> Any:
        if name not in self._known:
            raise KeyError(f"{self.game}: no option {name!r}; its options are {', '.join(self.names) or 'none'}")
        return getattr(self, name)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)

    def __contains__(self, name: object) -> bool:
        return name in self._known

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameOptions):
            return other.game == self.game and dict(other.items()) == dict(self.items())
        if isinstance(other, Mapping):
            return dict(other.items()) == dict(self.items())
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.game, tuple(getattr(self, n) for n in self.names)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self.names)})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as the game id and the values; unpickling makes the class again from the
        registered spec."""
        return (_unpickle, (self.game, dict(self.items())))

    def replace(self, **changes: Any) -> "GameOptions":
        """A copy with some values changed, each checked against its option spec (its type,
        its choices, None where allowed), as ``load_game`` checks it.

        What one option's value means for another (a board that fits the number of players)
        is checked when a game is made: use ``load_game(game, **options)`` for a game with
        other options.

        Raises:
            AttributeError: a name that is not an option (the message lists the options).
            OptionError: a value the option does not allow (the message names option, value,
                what is allowed and the clause the option decides).
        """
        for name, value in changes.items():
            if name not in self._known:
                raise AttributeError(f"{self.game}: no option {name!r}; its options are {', '.join(self.names) or 'none'}")
            spec = self._specs.get(name)
            if spec is not None:
                spec.check(self.game, value)
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]


def _class_name(game: str) -> str:
    return "".join(part.capitalize() for part in game.split("_")) + "Options"


def options_type(game: str, options: tuple["Option", ...]) -> type[GameOptions]:
    """The frozen options class of a game: one field per option, in the spec's order.

    Args:
        game: the game's registry id (``"battle_royale"`` makes ``BattleRoyaleOptions``).
        options: its option specs.

    Returns:
        A subclass of :class:`GameOptions` (a frozen, slotted dataclass), the same class for
        the same game id and option names.

    Raises:
        ValueError: an option name that is not an identifier or is one of :data:`RESERVED`.
    """
    cls = _options_class(game, tuple(o.name for o in options))
    cls._specs = {o.name: o for o in options}
    return cls


_CLASSES: dict[tuple[str, tuple[str, ...]], type[GameOptions]] = {}


def _options_class(game: str, names: tuple[str, ...]) -> type[GameOptions]:
    cls = _CLASSES.get((game, names))
    if cls is not None:
        return cls
    for name in names:
        if not name.isidentifier() or name in RESERVED or name.startswith("_"):
            raise ValueError(f"{game}: option name {name!r} cannot be an attribute; rename it")
    cls = dataclasses.make_dataclass(
        _class_name(game), [(n, Any) for n in names], bases=(GameOptions,),
        frozen=True, eq=False, slots=True, namespace={"game": game, "names": names, "_known": frozenset(names)},
    )
    cls.__module__ = __name__
    # The frozen dataclass's own __setattr__ fails with "super(type, obj)..." for a name that is not a field
    # (the class slots=True makes is a new one): every attribute is refused here, by name.
    cls.__setattr__ = _read_only  # type: ignore[assignment,method-assign]
    cls.__delattr__ = _read_only  # type: ignore[assignment,method-assign]
    _CLASSES[(game, names)] = cls
    return cls


def _read_only(self: GameOptions, name: str, *value: Any) -> None:
    """Refuse to set or delete ``name`` on options, naming it (and saying when it is no option)."""
    if name not in self._known:
        raise dataclasses.FrozenInstanceError(f"{self.game}: options are read-only: cannot set {name!r}, which is no "
                                              f"option either; its options are {', '.join(self.names) or 'none'}")
    raise dataclasses.FrozenInstanceError(f"{self.game}: options are read-only: cannot change option {name!r}; "
                                          f"use options.replace({name}=...) or load_game({self.game!r}, {name}=...)")


def _unpickle(game: str, values: dict[str, Any]) -> GameOptions:
    cls = _options_class(game, tuple(values))
    if not cls._specs:  # a fresh process: the registry gives the specs replace() checks with
        try:
            importlib.import_module("boardkit.core.spec").get_spec(game)
        except Exception:  # noqa: BLE001 - a game not registered here: values kept, unchecked
            pass
    return cls(**values)


__all__ = ["GameOptions", "options_type", "RESERVED"]
