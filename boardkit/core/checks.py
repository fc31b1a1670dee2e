"""Checks of the arguments of public functions: each refuses a bad value with a ValueError whose
message names the argument and quotes the value (shortened, :func:`~boardkit.core.validate.shorten`),
so a caller never meets a TypeError, IndexError or KeyError from deep inside a computation,
nor an answer for a nonsense argument.

A seat is checked by the state itself (:meth:`boardkit.core.state.State.check_seat`).
"""

from __future__ import annotations

import os
from pathlib import Path
from numbers import Integral
from typing import Any, Collection, Iterable, Mapping

from boardkit.core.validate import shorten

#: The most cell names listed in a message about an unknown cell.
LISTED_CELLS = 40


def check_whole(label: str, value: Any, least: int = 1, most: int | None = None, bound: str = "") -> int:
    """``value`` if it is a whole number ``least`` .. ``most`` (not a bool); else ValueError
    naming ``label`` (an argument's name, or ``"MCTSAgent: iterations"``) and the value.

    Args:
        label: the argument's name, for the message.
        value: the value to check.
        least: the least value accepted.
        most: the largest value accepted (None: no upper bound).
        bound: what sets ``most`` (a constant's name, ``"armageddon.MAX_RAID_TURNS"``), for
            the message.

    Returns:
        ``value``.

    Raises:
        ValueError: ``"<label> must be a whole number >= <least>, not 'a'"`` (``<least> ..
            <most>`` when there is a ``most``), or past ``most``:
            ``"<label>=<value>: at most <most> (<bound>)"``.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        span = f">= {least}" if most is None else f"{least} .. {most}"
        raise ValueError(f"{label} must be a whole number {span}, not {_number(value)!r}")
    if most is not None and value > most:
        raise ValueError(f"{label}={_number(value)}: at most {most}" + (f" ({bound})" if bound else ""))
    return value


def check_size(value: Any, name: str) -> float:
    """Refuse a size or scale that is no finite number > 0 (a bool, text, 0, -5, nan, inf).

    Args:
        value: the value to check.
        name: the argument's name, for the message.

    Returns:
        ``value``.

    Raises:
        ValueError: ``"<name> must be a finite number > 0, not -5"``.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < float("inf"):
        raise ValueError(f"{name} must be a finite number > 0, not {shorten(value)} ({type(value).__name__})")
    return value


def check_counts(values: Any, name: str) -> list[int]:
    """Refuse anything but a list (or tuple, or other iterable that is not text or a mapping)
    of whole numbers >= 0 (not bools).

    Args:
        values: the value to check.
        name: the argument's name, for the message.

    Returns:
        The numbers as a list.

    Raises:
        ValueError: ``"<name>: a list of whole numbers >= 0, not 'x' (str)"``, or for an item
            ``"<name>: item 1 is -2; each is a whole number >= 0"``.
    """
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise ValueError(f"{name}: a list of whole numbers >= 0, not {shorten(values)} ({type(values).__name__})")
    out = list(values)
    for i, v in enumerate(out):
        if isinstance(v, bool) or not isinstance(v, Integral) or v < 0:
            raise ValueError(f"{name}: item {i} is {shorten(v)}; each is a whole number >= 0")
    return out


def _number(value: Any) -> str:
    """``str(value)`` cut to 60 characters; an int too long to print whole (Python refuses
    past 4300 digits) is described by its number of digits."""
    if isinstance(value, int) and value.bit_length() > 600:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    return str(value)[:60]


def check_callable(value: Any, name: str) -> Any:
    """Refuse anything that cannot be called.

    Returns:
        ``value``.

    Raises:
        ValueError: ``"<name>: a function, not <value>"``.
    """
    if not callable(value):
        raise ValueError(f"{name}: a function, not {shorten(value)} ({type(value).__name__})")
    return value


def check_state(state: Any, game: str, name: str = "state") -> Any:
    """Refuse anything but a state of the game named ``game``.

    Args:
        state: the value to check.
        game: the game's name (``"leaders"``: ``state.game.name``).
        name: the argument's name, for the message.

    Returns:
        ``state``.

    Raises:
        ValueError: ``"<name>: a leaders state, not a state of marabunta"`` (or of the value
            given, when it is no state at all).
    """
    from boardkit.core.state import State

    if isinstance(state, State) and getattr(state.game, "name", None) == game:
        return state
    got = (f"a state of {getattr(state.game, 'name', 'another game')}" if isinstance(state, State)
           else f"{shorten(state)} ({type(state).__name__})")
    raise ValueError(f"{name}: {with_article(game)} state, not {got}")


def check_state_or_observation(value: Any, game: str, keys: Collection[str], name: str = "state_or_obs") -> Any:
    """Refuse anything but a state of the game named ``game`` or an observation of one (a
    dict with the ``keys`` that game's observations have); for the pictures, which draw either.

    Args:
        value: the value to check.
        game: the game's name (``"gridhunt"``).
        keys: the keys an observation of the game has (``("size", "cells")``).
        name: the argument's name, for the message.

    Returns:
        ``value``.

    Raises:
        ValueError: ``"<name>: a gridhunt state or its observation (a dict with size, cells),
            not a state of leaders"`` (or of the value given: a dict names the keys it lacks).
    """
    from boardkit.core.state import State

    if isinstance(value, State):
        if getattr(value.game, "name", None) == game:
            return value
        got = f"a state of {getattr(value.game, 'name', 'another game')}"
    elif isinstance(value, dict):
        missing = [k for k in keys if k not in value]
        if not missing:
            return value
        got = f"a dict without {', '.join(map(repr, missing))}"
    else:
        got = f"{shorten(value)} ({type(value).__name__})"
    raise ValueError(f"{name}: {with_article(game)} state or its observation (a dict with {', '.join(keys)}), not {got}")


def with_article(word: str) -> str:
    """``word`` after its indefinite article: ``"a leaders"``, ``"an armageddon"``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def check_cell(cell: Any, cells: Collection[str], name: str = "cell", where: str = "the board") -> str:
    """Refuse anything but one of ``cells``.

    Args:
        cell: the value to check.
        cells: the cell names there are, in the order to list them (a mapping: its keys).
        name: the argument's name, for the message.
        where: what the cells are of (``"board leaders-hex-3"``), for the message.

    Returns:
        ``cell``.

    Raises:
        ValueError: ``"<name>: 'z9' is not a cell of <where>; cells: a1, a2, ..."`` (at most
            :data:`LISTED_CELLS` listed).
    """
    if isinstance(cell, str) and cell in cells:
        return cell
    raise ValueError(unknown_cell(cell, cells, name, where))


def unknown_cell(cell: Any, cells: Collection[str], name: str = "cell", where: str = "the board") -> str:
    """The words of :func:`check_cell` for a cell that is not one of ``cells``: ``"<name>:
    'z9' is not a cell of <where>; cells: a1, a2, ..."`` (at most :data:`LISTED_CELLS`
    listed); for a refusal that is no exception (a board's "illegal" click)."""
    names = list(cells)
    shown = ", ".join(names[:LISTED_CELLS]) + (f", … ({len(names)} cells)" if len(names) > LISTED_CELLS else "")
    return f"{name}: {shorten(cell)} is not a cell of {where}; cells: {shown}"


def check_file_name(path: Any, name: str) -> Path:
    """Refuse a path that is no file name: neither text nor ``os.PathLike``, or empty.

    Args:
        path: the file's name (to read or write).
        name: the argument's name (``"path"``, ``"--html"``), for the message.

    Returns:
        ``Path(path)``.

    Raises:
        ValueError: ``"<name>: a file name, not 3"``.
    """
    if not isinstance(path, (str, os.PathLike)) or not str(path):
        raise ValueError(f"{name}: a file name, not {shorten(path)}")
    return Path(path)


def check_output_file(path: Any, name: str) -> Path:
    """Refuse a path to write that is no file name, is a folder, or is in a folder that does
    not exist (a writer never creates folders: a mistyped folder is refused, not made).

    Args:
        path: the file to be written (text or ``os.PathLike``).
        name: the argument's name (``"out"``, ``"--html"``), for the message.

    Returns:
        ``Path(path)``.

    Raises:
        ValueError: ``"<name>: the folder '...' does not exist"``, ``"<name>: '...' is a
            folder, not a file"``, or ``path`` is no file name.
    """
    p = check_file_name(path, name)
    if not p.parent.is_dir():
        raise ValueError(f"{name}: the folder {shorten(str(p.parent), 200)} does not exist")
    if p.is_dir():
        raise ValueError(f"{name}: {shorten(str(p), 200)} is a folder, not a file")
    return p


__all__ = ["LISTED_CELLS", "check_callable", "check_cell", "check_counts", "check_file_name", "check_output_file", "check_size",
           "check_state", "check_state_or_observation", "check_whole", "unknown_cell", "with_article"]
