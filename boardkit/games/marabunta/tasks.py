"""The phases of a Marabunta round and the pending parts of a tile or power (MARA-3, MARA-D2).

A *task* is one part still to carry out: the first part of a die's face, of the round's tile
or of a power unlocked by a crate, and the further parts that follow it (the second 0 of the
zeros tile next to the first, the next crate...). Tasks are immutable values; the state keeps
them on a stack, the next one last.

>>> describe(WriteTask((0,), then=1), ("yellow",) * 6, ("a1",))
'write 0 (then 1 more)'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence, Union


class Phase(StrEnum):
    """Where the game stands (the ``phase`` of the observation, as its string value)."""

    FIRST = "first"  # chance draws the start player (MARA-2.1)
    REVEAL = "reveal"  # chance reveals the round's tile (MARA-3.1)
    ROLL = "roll"  # chance rolls the next die (MARA-3.1)
    SPLIT = "split"  # the splitter splits (MARA-3.2)
    TAKE = "take"  # the chooser takes a pool (MARA-3.3)
    POOL = "pool"  # a player carries out a pool (MARA-3.3)
    OVER = "over"  # the game is over (MARA-8.1)


#: The phases where chance acts.
CHANCE_PHASES = frozenset({Phase.FIRST, Phase.REVEAL, Phase.ROLL})


class WriteMode(StrEnum):
    """How a number's field is chosen."""

    ADJ = "adj"  # next to an own number, or with an ant hill (MARA-4.5)
    FREE = "free"  # any available field: the tile or power writes "freely" (MARA-5.1, MARA-7.1)
    NEAR = "near"  # next to the part before (MARA-D2)


@dataclass(frozen=True)
class WriteTask:
    """Write one of ``numbers`` (MARA-4.3, MARA-4.4, MARA-5.1, MARA-7.1).

    Attributes:
        numbers: the numbers the player may write (0 .. 3).
        region: the region index the field must lie in, or -1 for any region.
        mode: how the field is chosen (:class:`WriteMode`).
        near: with ``mode`` NEAR, the field index the number goes next to; else -1.
        then: parts of the same kind still to follow, each next to the one before (MARA-D2).
    """

    numbers: tuple[int, ...]
    region: int = -1
    mode: WriteMode = WriteMode.ADJ
    near: int = -1
    then: int = 0


@dataclass(frozen=True)
class CircleTask:
    """Fill a circle on one of the sheets ``regions`` (MARA-4.1, MARA-5.1, MARA-7.1).

    Attributes:
        regions: the region indices whose sheet may take the circle.
        then: circles still to follow.
        distinct: the following circles go on other sheets (the circles tile, MARA-D6).
    """

    regions: tuple[int, ...]
    then: int = 0
    distinct: bool = False


@dataclass(frozen=True)
class CrateTask:
    """Cross a crate of any group not yet complete (MARA-4.2, MARA-6.1, MARA-D8); ``then``
    crates still to follow."""

    then: int = 0


@dataclass(frozen=True)
class CrossTask:
    """Cross out an available field (MARA-5.1, MARA-7.1, MARA-D7).

    Attributes:
        near: the field index the crossing goes next to (the part before), or -1 for any.
        then: crossings still to follow, each next to the one before.
    """

    near: int = -1
    then: int = 0


@dataclass(frozen=True)
class CupfieldTask:
    """Cross out an available cupcake field: the crossed-cupcake tile (MARA-3.5, MARA-5.1)."""


Task = Union[WriteTask, CircleTask, CrateTask, CrossTask, CupfieldTask]


def describe(task: Task, regions: Sequence[str], names: Sequence[str]) -> str:
    """A pending part in words, e.g. ``"write 0 next to d5"``.

    Args:
        task: the part.
        regions: region colours in die order.
        names: field names by index.
    """
    if isinstance(task, WriteTask):
        text = "write " + " or ".join(map(str, task.numbers))
        if task.mode == WriteMode.NEAR:
            text += f" next to {names[task.near]}"
        elif task.region >= 0:
            text += f" in {regions[task.region]}"
        text += " freely" if task.mode == WriteMode.FREE else ""
        return text + (f" (then {task.then} more)" if task.then else "")
    if isinstance(task, CircleTask):
        where = regions[task.regions[0]] if len(task.regions) == 1 else "any sheet"
        return f"fill a circle on {where}" + (f" (then {task.then} more on another sheet)" if task.then else "")
    if isinstance(task, CrateTask):
        return "cross a crate" + (f" (then {task.then} more)" if task.then else "")
    if isinstance(task, CrossTask):
        text = "cross out a field" + (f" next to {names[task.near]}" if task.near >= 0 else "")
        return text + (f" (then {task.then} more)" if task.then else "")
    return "cross out a cupcake field"


__all__ = ["Phase", "CHANCE_PHASES", "WriteMode", "WriteTask", "CircleTask", "CrateTask", "CrossTask", "CupfieldTask",
           "Task", "describe"]
