"""Pure Marabunta rules: what a die's face, the round's tile or a part in progress asks for,
and where it can be carried out now (MARA-4, MARA-5.1, MARA-7.1, MARA-D1 .. MARA-D8).

These functions read a state and change nothing; the state applies what they allow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.games.marabunta.actions import TILE, Place
from boardkit.games.marabunta.tasks import (
    CircleTask, CrateTask, CrossTask, CupfieldTask, Task, WriteMode, WriteTask,
)

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.marabunta.state import MarabuntaState

#: field values besides the numbers 0 .. 3
EMPTY, CROSSED = -1, -2

_ALL_SHEETS = tuple(range(6))


def die_task(state: "MarabuntaState", colour: str) -> Task:
    """The part the die of ``colour`` asks for this round: its face (MARA-4.1 .. MARA-4.4).

    Raises:
        ValueError: ``colour`` is not a region colour.
    """
    k = state.game.regions.index(colour)
    face = state.dice[k]
    if face == "circle":  # MARA-4.1
        return CircleTask((k,))
    if face == "crate":  # MARA-4.2
        return CrateTask()
    n = int(face)  # MARA-4.3, MARA-4.4: a 0 goes in any region
    return WriteTask((n,), k if n > 0 else -1)


def tile_task(tile: str | None) -> Task:
    """MARA-5.1: the first part of the round's tile (MARA-D1: its numbers go in any region).

    Raises:
        ValueError: the again tile (it repeats a die: :func:`die_task`), or no tile.
    """
    if tile == "crates2":
        return CrateTask(then=1)
    if tile == "circles2":
        return CircleTask(_ALL_SHEETS, then=1, distinct=True)  # MARA-D6: two different sheets
    if tile == "one":
        return WriteTask((1,))
    if tile == "zeros2":
        return WriteTask((0,), then=1)
    if tile == "zero":
        return WriteTask((0,), mode=WriteMode.FREE)
    if tile == "cross2":
        return CrossTask(then=1)
    if tile == "cupcake":
        return CupfieldTask()
    raise ValueError(f"the tile {tile!r} has no part of its own (MARA-5.1, MARA-D5)")


def power_tasks(power: str) -> tuple[Task, ...]:
    """MARA-7.1: the parts a power unlocked by its last crate asks for at once, in the order
    they are pushed (the last is due first); ``()`` for the cupcakes and points powers, which
    the state counts itself."""
    if power == "write12":
        return (WriteTask((1, 2)),)
    if power == "write03":
        return (WriteTask((0, 3), mode=WriteMode.FREE),)
    if power == "ones3":
        return (WriteTask((1,), then=2),)
    if power == "cross2":
        return (CrossTask(then=1),)
    if power == "circles2":  # MARA-D6: the same sheet twice is allowed
        return (CircleTask(_ALL_SHEETS), CircleTask(_ALL_SHEETS))
    return ()


def placements(state: "MarabuntaState", task: Task, element: str = "", again: str = "") -> list[Place]:
    """The placements that carry out ``task`` now, for the player carrying out the pool.

    Args:
        state: the position (its ``doer`` places).
        task: the part.
        element: the element named by the actions (``""`` for a part in progress, a die's
            colour, ``"tile"``).
        again: with the again tile, the die it repeats (MARA-D5).

    Returns:
        Place actions, in the order of the fields, numbers and targets (MARA-4, MARA-5.1,
        MARA-D2, MARA-D3, MARA-D7, MARA-D8).
    """
    g = state.game
    p = state.doer
    value = state.value
    names = g.board.names
    if isinstance(task, WriteTask):
        numbers = task.numbers
        if task.mode == WriteMode.NEAR:  # MARA-D2: next to the part before
            return [Place(element, "write", n, names[f], False, None, again)
                    for n in numbers for f in g.neighbours[task.near] if value[f] == EMPTY]
        pool = g.region_fields[task.region] if task.region >= 0 else g.all_fields
        cells = [f for f in pool if value[f] == EMPTY]
        if task.mode == WriteMode.FREE:  # MARA-5.1, MARA-7.1 "freely"
            return [Place(element, "write", n, names[f], False, None, again) for n in numbers for f in cells]
        free_first = state.nums[p] == 0 and g.options["first_number"] == "free"  # MARA-4.5
        owner = state.owner
        neighbours = g.neighbours
        ants = state.ants[p] > 0
        out: list[Place] = []
        for f in cells:
            if free_first or any(owner[h] == p for h in neighbours[f]):
                out.extend(Place(element, "write", n, names[f], False, None, again) for n in numbers)
            elif ants:  # MARA-4.5, MARA-D3: an ant hill where adjacency fails
                out.extend(Place(element, "write", n, names[f], True, None, again) for n in numbers)
        return out
    if isinstance(task, CircleTask):  # MARA-4.1
        return [Place(element, "circle", None, None, False, g.regions[k], again)
                for k in task.regions if sum(state.sheets[k]) < g.circles]
    if isinstance(task, CrateTask):  # MARA-4.2, MARA-D8
        crates = state.crates[p]
        return [Place(element, "crate", None, None, False, name, again)
                for i, name in enumerate(g.groups) if crates[i] < g.group_size[i]]
    if isinstance(task, CrossTask):  # MARA-5.1, MARA-D7
        around = g.neighbours[task.near] if task.near >= 0 else g.all_fields
        return [Place(element, "cross", None, names[f], False, None, again) for f in around if value[f] == EMPTY]
    # MARA-5.1: the crossed-cupcake tile
    return [Place(element, "cross", None, names[f], False, None, again) for f in g.cupcake_order if value[f] == EMPTY]


def can_place(state: "MarabuntaState", task: Task) -> bool:
    """True when ``task`` has a placement now (:func:`placements` not empty), found without
    making the actions (MARA-D2, MARA-D4)."""
    g = state.game
    value = state.value
    if isinstance(task, WriteTask):
        if task.mode == WriteMode.NEAR:
            return any(value[f] == EMPTY for f in g.neighbours[task.near])
        pool = g.region_fields[task.region] if task.region >= 0 else g.all_fields
        if task.mode == WriteMode.FREE:
            return any(value[f] == EMPTY for f in pool)
        p = state.doer
        if state.ants[p] > 0 or (state.nums[p] == 0 and g.options["first_number"] == "free"):
            return any(value[f] == EMPTY for f in pool)
        owner = state.owner
        return any(value[f] == EMPTY and any(owner[h] == p for h in g.neighbours[f]) for f in pool)
    if isinstance(task, CircleTask):
        return any(sum(state.sheets[k]) < g.circles for k in task.regions)
    if isinstance(task, CrateTask):
        crates = state.crates[state.doer]
        return any(crates[i] < size for i, size in enumerate(g.group_size))
    if isinstance(task, CrossTask):
        around = g.neighbours[task.near] if task.near >= 0 else g.all_fields
        return any(value[f] == EMPTY for f in around)
    return any(value[f] == EMPTY for f in g.cupcake_order)


def uses(state: "MarabuntaState", element: str) -> list[Place]:
    """The uses of one element of the pool: its first placements, named by the element
    (MARA-4, MARA-5.1; the again tile on a die of this pool already carried out, MARA-D5)."""
    if element != TILE:
        return placements(state, die_task(state, element), element)
    if state.tile == "again":
        out: list[Place] = []
        for d in state.used:
            out.extend(placements(state, die_task(state, d), TILE, d))
        return out
    return placements(state, tile_task(state.tile), TILE)


def can_use(state: "MarabuntaState", element: str) -> bool:
    """True when ``element`` of the pool has a use now (:func:`uses` not empty)."""
    if element != TILE:
        return can_place(state, die_task(state, element))
    if state.tile == "again":
        return any(can_place(state, die_task(state, d)) for d in state.used)
    return can_place(state, tile_task(state.tile))


__all__ = ["EMPTY", "CROSSED", "die_task", "tile_task", "power_tasks", "placements", "can_place", "uses", "can_use"]
