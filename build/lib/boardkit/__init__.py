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

import importlib
from typing import Any

from boardkit.core.game import (
    CHANCE,
    TERMINAL,
    Game,
    Option,
    OptionError,
    State,
    random_playout,
    sample_chance,
    state_from_json,
)
from boardkit.core.rules import IllegalActionError, IllegalPositionError, NotationError
from boardkit.core.validate import BoardkitDataError

__version__ = "0.1.0"

#: game id -> "module:class" of its Game subclass (imported on first use).
_REGISTRY: dict[str, str] = {
    "leaders": "boardkit.games.leaders.game:LeadersGame",
    "battle_royale": "boardkit.games.battle_royale.game:BattleRoyaleGame",
    "marabunta": "boardkit.games.marabunta.game:MarabuntaGame",
}


def list_games() -> list[str]:
    """Ids of the registered games, sorted (e.g. ``["leaders"]``)."""
    return sorted(_REGISTRY)


def game_class(name: str) -> type[Game]:
    """The Game subclass registered as ``name``.

    Raises:
        OptionError: no game of that name (the message lists the registered ones).
    """
    if not isinstance(name, str) or name not in _REGISTRY:
        raise OptionError(f"unknown game {name!r}; registered games: {', '.join(list_games())}")
    module, cls = _REGISTRY[name].split(":")
    return getattr(importlib.import_module(module), cls)


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
    "CHANCE", "TERMINAL", "Game", "State", "Option", "OptionError", "IllegalActionError", "IllegalPositionError",
    "NotationError", "BoardkitDataError", "load_game", "list_games", "game_class",
    "random_playout", "sample_chance", "state_from_json", "__version__",
]
