"""Pure Marabunta rules: what a die's face, the round's tile or a part in progress asks for,
and where it can be carried out now (MARA-4, MARA-5.1, MARA-7.1, MARA-D1 .. MARA-D8).

One rule path: the per-field and per-target predicates below (:func:`write_need`,
:func:`circle_open`, :func:`crate_open`, :func:`cross_open`, :func:`skip_allowed`) decide
both the legal actions (:func:`placements`, :func:`pool_actions`) and the refusals of
:func:`check`, which raises :class:`~boardkit.core.rules.Refusal` naming the clause, so a
legal action and the reason an action is refused come from the same test.

These functions read a state and change nothing; the state applies what they allow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.core.actions import Action, FirstPlayer, RollDie
from boardkit.core.rules import Refusal
from boardkit.games.marabunta.actions import PLAYERS, TILE, Place, Reveal, Skip, Split, Take
from boardkit.games.marabunta.tasks import (
    CircleTask, CrateTask, CrossTask, CupfieldTask, Task, WriteMode, WriteTask, describe,
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


def write_need(state: "MarabuntaState", task: WriteTask, f: int) -> bool | None:
    """Whether a number of ``task`` may go in field ``f`` now, for the player carrying out the
    pool: None (it may not), False (it may, with no ant hill) or True (only by crossing an ant
    hill, MARA-4.5). The one test of :func:`placements` and :func:`check` for writing.

    The field must be available (MARA-1.2); the second number of a tile or power goes next to
    the one before (MARA-D2); a die's 1 .. 3 goes in its region (MARA-4.3); a free write needs
    no own number nearby (MARA-5.1, MARA-7.1); any other number goes next to an own number,
    or on a player's first number with ``first_number="free"``, or else with an ant hill
    (MARA-4.5, MARA-D3).
    """
    g = state.game
    if state.value[f] != EMPTY:
        return None
    if task.mode == WriteMode.NEAR:
        return False if f in g.neighbours[task.near] else None
    if task.region >= 0 and g.region_of[f] != task.region:
        return None
    if task.mode == WriteMode.FREE:
        return False
    p = state.doer
    if state.nums[p] == 0 and g.options.first_number == "free":
        return False
    owner = state.owner
    for h in g.neighbours[f]:  # an own number next to it
        if owner[h] == p:
            return False
    return True if state.ants[p] > 0 else None


def write_fields(state: "MarabuntaState", task: WriteTask) -> tuple[int, ...]:
    """The fields :func:`write_need` is asked about for ``task``, in board order: the
    neighbours of the number before (MARA-D2), the die's region (MARA-4.3) or every field."""
    g = state.game
    if task.mode == WriteMode.NEAR:
        return g.neighbours[task.near]
    return g.region_fields[task.region] if task.region >= 0 else g.all_fields


def circle_open(state: "MarabuntaState", k: int) -> bool:
    """True when the sheet of region ``k`` has an empty circle (MARA-4.1, MARA-1.3)."""
    return sum(state.sheets[k]) < state.game.circles


def crate_open(state: "MarabuntaState", i: int) -> bool:
    """True when crate group ``i`` of the player carrying out the pool has a crate left to
    cross (MARA-4.2, MARA-D8)."""
    return state.crates[state.doer][i] < state.game.group_size[i]


def cross_open(state: "MarabuntaState", task: Task, f: int) -> bool:
    """True when ``task`` (a CrossTask or the crossed-cupcake tile's CupfieldTask) may cross
    field ``f``: it is available (MARA-1.2), next to the field before for a second field
    (MARA-D2), a cupcake field for the crossed-cupcake tile (MARA-5.1); nothing else is
    needed (MARA-D7)."""
    g = state.game
    if state.value[f] != EMPTY:
        return False
    if isinstance(task, CrossTask):
        return task.near < 0 or f in g.neighbours[task.near]
    return f in g.cupcake_fields


def cross_fields(state: "MarabuntaState", task: Task) -> tuple[int, ...]:
    """The fields :func:`cross_open` is asked about for ``task``, in order."""
    g = state.game
    if isinstance(task, CrossTask):
        return g.neighbours[task.near] if task.near >= 0 else g.all_fields
    return g.cupcake_order


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
        MARA-D2, MARA-D3, MARA-D7, MARA-D8), each allowed by the predicate :func:`check` asks.
    """
    g = state.game
    names = g.board.names
    if isinstance(task, WriteTask):
        numbers = task.numbers
        value = state.value  # a field holding a number is refused first (write_need, MARA-1.2): skipped here
        found = [(f, need) for f in write_fields(state, task)
                 if value[f] == EMPTY and (need := write_need(state, task, f)) is not None]
        if task.mode != WriteMode.ADJ:  # number by number, then field by field
            return [Place(element, "write", n, names[f], need, None, again) for n in numbers for f, need in found]
        return [Place(element, "write", n, names[f], need, None, again) for f, need in found for n in numbers]
    if isinstance(task, CircleTask):  # MARA-4.1
        return [Place(element, "circle", None, None, False, g.regions[k], again)
                for k in task.regions if circle_open(state, k)]
    if isinstance(task, CrateTask):  # MARA-4.2, MARA-D8
        return [Place(element, "crate", None, None, False, name, again)
                for i, name in enumerate(g.groups) if crate_open(state, i)]
    # MARA-5.1, MARA-D7: the cross2 tile and power, the crossed-cupcake tile
    return [Place(element, "cross", None, names[f], False, None, again)
            for f in cross_fields(state, task) if cross_open(state, task, f)]


def can_place(state: "MarabuntaState", task: Task) -> bool:
    """True when ``task`` has a placement now (:func:`placements` not empty), found with the
    same predicates without making the actions (MARA-D2, MARA-D4)."""
    if isinstance(task, WriteTask):
        return any(write_need(state, task, f) is not None for f in write_fields(state, task))
    if isinstance(task, CircleTask):
        return any(circle_open(state, k) for k in task.regions)
    if isinstance(task, CrateTask):
        return any(crate_open(state, i) for i in range(len(state.game.groups)))
    return any(cross_open(state, task, f) for f in cross_fields(state, task))


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


def skip_allowed(state: "MarabuntaState", element: str) -> bool:
    """True when ``element`` of the pool may be left unused: the tile with the published rule
    ``optional_tile=True`` unless it is the crossed-cupcake tile (MARA-3.6), a die with the
    variant ``decline=True`` (MARA-4.6); the seed carries out every element (MARA-3.3)."""
    g = state.game
    if element == TILE:
        return bool(g.options.optional_tile) and state.tile != g.last_tile
    return bool(g.options.decline)


def pool_actions(state: "MarabuntaState") -> list[Action]:
    """The legal actions while a pool is carried out: the part in progress first (MARA-D2),
    else every use of every element left (:func:`uses`) and the skips :func:`skip_allowed`
    allows (the tile's first, then the dice's)."""
    if state.tasks:
        return list(placements(state, state.tasks[-1]))
    out: list[Action] = []
    for e in state.remaining:
        out.extend(uses(state, e))
    if TILE in state.remaining and skip_allowed(state, TILE):
        out.append(Skip(TILE))
    out.extend(Skip(e) for e in state.remaining if e != TILE and skip_allowed(state, e))
    return out


def trigger_reason(condition: str, region: str | None) -> str:
    """An end trigger in words (MARA-8.1): ``condition`` is "region", "sheet" or "cupcakes"."""
    if condition == "region":
        return f"every field of the {region} region is filled or crossed"
    if condition == "sheet":
        return f"the last circle of the {region} sheet was filled"
    return "every cupcake field is filled or crossed"


def _words(state: "MarabuntaState", task: Task) -> str:
    """A part in progress in words, e.g. "write 0 next to d5" (:func:`tasks.describe`)."""
    return describe(task, state.game.regions, state.game.board.names)


def _field_state(state: "MarabuntaState", f: int) -> str:
    v = state.value[f]
    if v == CROSSED:
        return "is crossed out"
    return f"already holds {PLAYERS[state.owner[f]]}'s {v}; numbers are never erased"


def _kind(task: Task) -> str:
    """The kind of placement a task asks for ("cupfield" for the crossed-cupcake tile)."""
    if isinstance(task, WriteTask):
        return "write"
    if isinstance(task, CircleTask):
        return "circle"
    if isinstance(task, CrateTask):
        return "crate"
    return "cross" if isinstance(task, CrossTask) else "cupfield"


def _form(a: Place, kind: str) -> str:
    """How an action of ``kind`` is written for the element of ``a``, e.g. 'orange circle'."""
    head = f"tile again {a.again} " if a.again else f"{a.element} " if a.element else ""
    return head + {"write": "NUMBER FIELD", "circle": "circle" if a.die else "circle COLOUR", "crate": "crate GROUP",
                   "cross": "cross FIELD", "cupfield": "cross FIELD"}[kind]


def check(state: "MarabuntaState", action: Action) -> None:
    """The rule path while a pool is carried out (MARA-3.3): returns when ``action`` is legal
    for the player carrying out the pool, raises Refusal otherwise.

    Legality is decided by the predicates that make :func:`pool_actions` (:func:`write_need`,
    :func:`circle_open`, :func:`crate_open`, :func:`cross_open`, :func:`skip_allowed`,
    :func:`can_use`); the reason says which of their conditions failed, in words.

    Raises:
        Refusal: ``.clause`` the rule (MARA-3.3, MARA-3.6, MARA-4.*, MARA-5.1, MARA-D2,
            MARA-D3, MARA-D5, MARA-D6, MARA-1.2), ``.reason`` why.
    """
    who = PLAYERS[state.doer]
    if isinstance(action, (FirstPlayer, Reveal, RollDie)):
        raise Refusal("MARA-3.1", f"'{action}' is chance's to decide, not a player's")
    if isinstance(action, (Split, Take)):
        raise Refusal("MARA-3.3", f"the pools are made and taken; {who} carries out its pool (left: "
                                  f"{', '.join(state.remaining) or 'nothing'})")
    pending = state.tasks[-1] if state.tasks else None
    if isinstance(action, Skip):
        _check_skip(state, action, pending, who)
        return
    if not isinstance(action, Place):
        raise Refusal("MARA-3.3", f"'{action}' is not a use of an element of the pool")
    element = action.element
    if pending is not None and element:
        raise Refusal("MARA-D2", f"first finish the part in progress: {_words(state, pending)} "
                                 f"(e.g. '{state.legal_actions()[0]}'), then use {element}")
    if pending is None and not element:
        raise Refusal("MARA-3.3", f"nothing is in progress: name the element to use first, e.g. "
                                  f"'{state.legal_actions()[0]}' (left: {', '.join(state.remaining)})")
    task, source = (pending, "MARA-D2") if pending is not None else _element_task(state, action, who)
    _check_place(state, action, task, source)


def _check_skip(state: "MarabuntaState", action: Skip, pending: Task | None, who: str) -> None:
    """A skip (MARA-3.3, MARA-3.6, MARA-4.6): allowed exactly when :func:`skip_allowed` says so
    for an element left, with no part in progress."""
    if pending is not None:
        raise Refusal("MARA-D2", f"first finish the part in progress: {_words(state, pending)}")
    if action.element not in state.remaining:
        raise Refusal("MARA-3.3", f"{action.element} is not left in {who}'s pool (left: {', '.join(state.remaining)})")
    if skip_allowed(state, action.element):
        return
    if action.element == TILE:
        if state.tile == state.game.last_tile:
            raise Refusal("MARA-3.6", "the crossed-cupcake tile must be used when it can be")
        raise Refusal("MARA-3.3", "every element of the pool is carried out: the tile must be used when it can be "
                                  "(only what cannot be used is lost); the published rule optional_tile=True "
                                  "lets players leave it unused (MARA-3.6)")
    if not can_use(state, action.element):
        raise Refusal("MARA-4.6", f"dice are not skipped: the {action.element} die cannot be used now; it is lost "
                                  f"with the rest once nothing left in the pool can be used (MARA-D4)")
    raise Refusal("MARA-4.6", f"a die must be used if it can be: the {action.element} die can be used "
                              f"(the option decline=True lets players skip dice)")


def _element_task(state: "MarabuntaState", action: Place, who: str) -> tuple[Task, str]:
    """The task an element of the pool asks for and the clause that sets it (MARA-3.3,
    MARA-4.1 .. MARA-4.4, MARA-5.1, MARA-D5), or Refusal when the element cannot be used so."""
    element = action.element
    if element == TILE:
        if TILE not in state.remaining:
            raise Refusal("MARA-3.3", f"the tile is not left in {who}'s pool (left: {', '.join(state.remaining)})")
        if not action.again and state.tile == "again":
            raise Refusal("MARA-D5", "the again tile names the die it repeats: 'tile again COLOUR ...'")
        if not action.again:
            return tile_task(state.tile), "MARA-5.1"
        if state.tile != "again":
            raise Refusal("MARA-5.1", f"the tile is {state.tile}, not again")
        die = action.again
        if die not in state.used:
            why = ("has not been used yet" if die in state.remaining else "was skipped, not carried out"
                   if die in state.skipped else "is not in this pool")
            raise Refusal("MARA-D5", f"the again tile repeats a die of this pool already carried out; the {die} die "
                                     f"{why}")
        return die_task(state, die), "MARA-D5"
    if element not in state.remaining:
        where = ("was already used" if element in state.used else "was skipped" if element in state.skipped
                 else "is not in this pool")
        raise Refusal("MARA-3.3", f"the {element} die {where} (left: {', '.join(state.remaining)})")
    face = state.face(element)
    return die_task(state, element), {"circle": "MARA-4.1", "crate": "MARA-4.2", "0": "MARA-4.4"}.get(face, "MARA-4.3")


def _check_place(state: "MarabuntaState", a: Place, task: Task, source: str) -> None:
    """A placement for ``task`` (named by ``source``): legal exactly when it is the placement
    :func:`placements` makes for its field or target."""
    g = state.game
    kind = _kind(task)
    if a.element and a.element != TILE and a.kind != kind:
        face = state.face(a.element)
        shows = {"circle": "an empty circle", "crate": "a crate"}.get(face, face)
        form = f"{a.element} {face} FIELD" if kind == "write" else _form(a, kind)
        raise Refusal(source, f"the {a.element} die shows {shows}: write '{form}'")
    if (kind == "cupfield" and a.kind != "cross") or (kind != "cupfield" and a.kind != kind):
        wanted = {"write": "write a number", "circle": "fill a circle", "crate": "cross a crate on the player board",
                  "cross": "cross out a field", "cupfield": "cross out a cupcake field"}[kind] + f" ('{_form(a, kind)}')"
        done = {"write": "write a number", "circle": "fill a circle", "crate": "cross a crate",
                "cross": "cross out a field"}
        raise Refusal(source, f"this part is to {wanted}, not to {done[a.kind]}")
    if isinstance(task, WriteTask):
        expected = _check_write(state, a, task, source)
    elif isinstance(task, CircleTask):
        k = g.regions.index(str(a.target))
        if k not in task.regions:
            if len(task.regions) == 1:
                raise Refusal(source, f"this circle goes on the {g.regions[task.regions[0]]} sheet")
            raise Refusal("MARA-D6", f"the second circle of the tile goes on another sheet than the first ({a.target})")
        if not circle_open(state, k):
            raise Refusal(source, f"the {a.target} sheet has no empty circle left")
        expected = Place(a.element, "circle", None, None, False, g.regions[k], a.again)
    elif isinstance(task, CrateTask):
        i = g.groups.index(str(a.target))
        if not crate_open(state, i):
            raise Refusal(source, f"the group {a.target} has no crate left to cross")
        expected = Place(a.element, "crate", None, None, False, g.groups[i], a.again)
    else:
        f = g.board.index(str(a.field))
        if not cross_open(state, task, f):
            if state.value[f] != EMPTY:
                raise Refusal("MARA-1.2", f"{a.field} {_field_state(state, f)}")
            if not isinstance(task, CrossTask):
                raise Refusal("MARA-5.1", f"the crossed-cupcake tile crosses a cupcake field; {a.field} is not one")
            raise Refusal("MARA-D2", f"the second field goes next to {g.board.names[task.near]}; {a.field} is not next to it")
        expected = Place(a.element, "cross", None, g.board.names[f], False, None, a.again)
    if a != expected:
        raise Refusal(source, f"write this use as '{expected}'")


def _check_write(state: "MarabuntaState", a: Place, task: WriteTask, source: str) -> Place:
    """A number written for ``task``: its :func:`write_need` must allow the field, with an ant
    hill exactly when it needs one; returns the placement it is, or raises Refusal."""
    g = state.game
    p = state.doer
    if a.number not in task.numbers:
        raise Refusal(source, f"the number to write is {' or '.join(map(str, task.numbers))}, not {a.number}")
    f = g.board.index(str(a.field))
    need = write_need(state, task, f)
    if need is not None and need == a.ant:
        return Place(a.element, "write", a.number, g.board.names[f], need, None, a.again)
    if state.value[f] != EMPTY:
        raise Refusal("MARA-1.2", f"{a.field} {_field_state(state, f)}")
    if task.mode == WriteMode.NEAR:
        if need is not None:  # next to the one before, with 'ant'
            raise Refusal("MARA-D3", "an ant hill does not lift 'next to the one before'; write without 'ant'")
        raise Refusal("MARA-D2", f"this number goes next to {g.board.names[task.near]}, the one written before; "
                                 f"{a.field} is not next to it")
    region = task.region
    if region >= 0 and g.region_of[f] != region:
        article = "an" if g.regions[region][0] in "aeiou" else "a"
        raise Refusal(source, f"{a.field} is in the {g.regions[g.region_of[f]]} region; this number goes in "
                              f"{article} {g.regions[region]} field")
    if task.mode == WriteMode.FREE:
        raise Refusal("MARA-D3", "this number is written freely; no ant hill is needed (drop 'ant')")
    if a.ant:
        if need is False:
            near_own = [g.board.names[h] for h in g.neighbours[f] if state.owner[h] == p]
            why = f"{a.field} is next to your number on {near_own[0]}" if near_own else "your first number is free"
            raise Refusal("MARA-D3", f"no ant hill is needed: {why} (drop 'ant')")
        raise Refusal("MARA-4.5", f"{PLAYERS[p]} has no ant hill left")
    first = (" (your first number needs an ant hill, unless the variant first_number='free')"
             if state.nums[p] == 0 else "")
    hint = f"; add 'ant' to cross one of your {state.ants[p]} ant hill(s)" if state.ants[p] else "; no ant hill is left"
    raise Refusal("MARA-4.5", f"no number of {PLAYERS[p]}'s is next to {a.field}{first}{hint}")


__all__ = ["EMPTY", "CROSSED", "die_task", "tile_task", "power_tasks", "write_need", "write_fields", "circle_open",
           "crate_open", "cross_open", "cross_fields", "placements", "can_place", "uses", "can_use", "skip_allowed",
           "pool_actions", "check", "trigger_reason"]
