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

from typing import Any

from boardkit.core.game import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    State,
    random_playout,
    random_step,
    random_steps,
    sample_chance,
    state_from_json,
)
from boardkit.core.face import add_picture_finder
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalActionError, IllegalPositionError, NotationError, Refusal
from boardkit.core.spec import GameSpec, Option, OptionError, add_discovery, get_spec, list_games, load_game
from boardkit.games import discover
from boardkit.core.validate import BoardkitDataError

__version__ = "0.1.0"


def game_class(name: str) -> type[Game]:
    """The Game subclass registered as ``name``.

    Raises:
        OptionError: no game of that name (the message lists the registered ones).
    """
    return get_spec(name).game_class()


add_discovery(discover)  # the games under boardkit.games register when the registry is read


def _viz_picture(game_id: str) -> Any:
    """The notebook picture of a game's states: ``state_svg`` of ``boardkit.viz.<game_id>``,
    imported at the first display (:mod:`boardkit.core.face`)."""
    from boardkit.viz.pictures import state_picture

    return state_picture(game_id)


add_picture_finder(_viz_picture)  # a State evaluated in a notebook cell draws itself

from boardkit.core.lazy import submodule_getattr  # noqa: E402

__getattr__ = submodule_getattr(__name__, __path__)  # boardkit.viz, boardkit.analysis... load on first use


__all__ = [
    "CHANCE", "TERMINAL", "SIMULTANEOUS", "Outcome", "GameSpec", "get_spec", "Game", "State", "Option", "OptionError", "IllegalActionError", "Refusal", "IllegalPositionError",
    "NotationError", "BoardkitDataError", "load_game", "list_games", "game_class",
    "random_playout", "random_step", "random_steps", "sample_chance", "state_from_json", "__version__",
]
