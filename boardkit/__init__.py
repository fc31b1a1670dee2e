"""boardkit: exact board-game rules engines for study in Jupyter.

>>> import boardkit
>>> game = boardkit.load_game("leaders")
>>> state = game.new_initial_state()
>>> state.current_player() == boardkit.CHANCE   # who goes first is drawn (LEAD-1.4)
True

Games, states and actions follow OpenSpiel's vocabulary (``legal_actions``, ``apply_action``,
``chance_outcomes``, ``returns``); probabilities are exact Fractions; every illegal action
raises :class:`IllegalActionError` naming the rule clause. Values returned are immutable
(actions, games) or independent copies (``clone``, ``child``).
"""

from __future__ import annotations

from typing import Any, Mapping

from boardkit.core.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    State,
    random_playout,
    sample_chance,
    state_from_json,
)
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalActionError, IllegalPositionError, NotationError
from boardkit.core.spec import GameSpec, Option, OptionError, registered
from boardkit.core.validate import BoardkitDataError

__version__ = "0.1.0"


def _specs() -> Mapping[str, GameSpec]:
    from boardkit.games import discover

    discover()
    return registered()


def list_games() -> list[str]:
    """Ids of the registered games, sorted (e.g. ``["battle_royale", "leaders", "marabunta"]``)."""
    return sorted(_specs())


def get_spec(name: str) -> GameSpec:
    """The :class:`GameSpec` registered as ``name`` (id, title, seats, options, notation...).

    Raises:
        OptionError: no game of that name (the message lists the registered ones).
    """
    specs = _specs()
    if not isinstance(name, str) or name not in specs:
        raise OptionError(f"unknown game {name!r}; registered games: {', '.join(sorted(specs))}")
    return specs[name]


def game_class(name: str) -> type[Game]:
    """The Game subclass registered as ``name``.

    Raises:
        OptionError: no game of that name (the message lists the registered ones).
    """
    return get_spec(name).game_class()


def load_game(name: str, **options: Any) -> Game:
    """Make a game with its rule options.

    Args:
        name: a registered game id (see :func:`list_games`).
        **options: rule options by name; ``load_game(name).options`` shows the defaults and
            each option's ``Option`` record (``game.option_specs``) names the clause it decides.

    Returns:
        The Game (immutable).

    Raises:
        OptionError: unknown game, unknown option, or a value the option does not take; the
            message lists the valid games or options.
    """
    return game_class(name)(**options)


__all__ = [
    "CHANCE", "TERMINAL", "SIMULTANEOUS", "Outcome", "GameSpec", "get_spec", "Game", "State", "Option", "OptionError", "IllegalActionError", "IllegalPositionError",
    "NotationError", "BoardkitDataError", "load_game", "list_games", "game_class",
    "random_playout", "sample_chance", "state_from_json", "__version__",
]
