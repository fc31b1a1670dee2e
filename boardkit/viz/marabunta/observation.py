"""Checks of what the Marabunta pictures (:mod:`boardkit.viz.marabunta`) read inside a
hand-made observation, past the kinds of its entries
(:func:`boardkit.viz.layout.check_observation`): the fields of the map and what is written on
them, the dice, the scoring sheets and the player boards."""

from __future__ import annotations

from typing import Any

from boardkit.core.validate import shorten
from boardkit.games.marabunta.actions import FACES
from boardkit.games.marabunta.position import field_entry

#: What a player board holds that :func:`~boardkit.viz.marabunta.players_html` reads.
PLAYER_KEYS = ("ant_hills", "crates", "cupcakes", "score")
#: What a player board's score holds.
SCORE_KEYS = ("regions", "region_points", "cupcake_points", "power_points", "total")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_contents(obs: dict[str, Any], game: Any, territory: dict[str, Any], arg: str) -> None:
    """Refuse a field off the map or a field entry other than ``'red N'``, ``'blue N'`` (N
    0 .. 3, read as a position reads it: :func:`~boardkit.games.marabunta.position.field_entry`),
    ``'x'`` or None (or the older mapping form), a die of no region or showing no face
    (MARA-1.1), a sheet that is not ``[red, blue]`` circles, or a player board without what the
    picture reads.

    Args:
        obs: the observation, its entries of the game's kinds.
        game: the Marabunta game it is of.
        territory: the map: field name -> its region and neighbours.
        arg: the argument's name, for the messages.

    Raises:
        ValueError: ``"state_or_obs: 'fields'['h6'] is 'red x', not 'red N', 'blue N', 'x' or
            None"`` (naming the argument, the place and the value).
    """
    for name, entry in (obs.get("fields") or {}).items():
        if name not in territory:
            raise ValueError(f"{arg}: 'fields' holds {shorten(name)}, not a field of the map")
        if not (entry is None or isinstance(entry, dict) or isinstance(entry, str) and field_entry(entry) is not None):
            raise ValueError(f"{arg}: 'fields'[{name!r}] is {shorten(entry)}, not 'red N', 'blue N', 'x' or None "
                             f"(N 0 .. 3)")
    for colour, face in (obs.get("dice") or {}).items():
        if colour not in game.regions:
            raise ValueError(f"{arg}: 'dice' holds {shorten(colour)}, not a region's die ({', '.join(game.regions)})")
        if face not in FACES:
            raise ValueError(f"{arg}: 'dice'[{colour!r}] is {shorten(face)}, not a face ({', '.join(FACES)})")
    for region, sheet in (obs.get("sheets") or {}).items():
        if not (isinstance(sheet, (list, tuple)) and len(sheet) == 2 and all(_whole(k) for k in sheet)):
            raise ValueError(f"{arg}: 'sheets'[{region!r}] is {shorten(sheet)}, not [red circles, blue circles]")
    for i, board in enumerate(obs.get("players") or []):
        _check_player(board, f"'players'[{i}]", arg)


def _check_player(board: dict[str, Any], where: str, arg: str) -> None:
    """A player board: whole numbers of ant hills and cupcakes, crates by group, the score."""
    lacking = [k for k in PLAYER_KEYS if k not in board]
    score = board.get("score")
    if not lacking and isinstance(score, dict):
        lacking = [f"score.{k}" for k in SCORE_KEYS if k not in score]
    if lacking:
        raise ValueError(f"{arg}: {where} has no {lacking[0]!r}; a player board has {', '.join(PLAYER_KEYS)}")
    for key in ("ant_hills", "cupcakes"):
        if not _whole(board[key]):
            raise ValueError(f"{arg}: {where}[{key!r}] is {shorten(board[key])}, not a whole number >= 0")
    crates = board["crates"]
    if not isinstance(crates, dict) or not all(_whole(k) for k in crates.values()):
        raise ValueError(f"{arg}: {where}['crates'] is {shorten(crates)}, not crates crossed by group")
    if not isinstance(score, dict) or not isinstance(score["regions"], dict):
        raise ValueError(f"{arg}: {where}['score'] is {shorten(score)}, not a score by region and in total")


__all__ = ["check_contents"]
