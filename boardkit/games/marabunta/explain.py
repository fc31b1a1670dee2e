"""Why a Marabunta action is illegal: the clause that forbids it and the reason in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardkit.core.actions import FirstPlayer, RollDie

from boardkit.core.rules import IllegalActionError
from boardkit.games.marabunta.actions import PLAYERS, TILE, Place, Reveal, Skip, Split, Take
from boardkit.games.marabunta.rules import can_use, die_task, tile_task
from boardkit.games.marabunta.tasks import (
    CircleTask, CrateTask, CrossTask, CupfieldTask, Phase, Task, WriteMode, WriteTask,
)

if TYPE_CHECKING:
    from boardkit.core.actions import Action
    from boardkit.games.marabunta.game import MarabuntaState


def _field_state(state: "MarabuntaState", f: int) -> str:
    v = state.value[f]
    if v == -2:
        return "is crossed out"
    return f"already holds {PLAYERS[state.owner[f]]}'s {v}; numbers are never erased"


def explain(state: "MarabuntaState", action: "Action") -> IllegalActionError:
    """The IllegalActionError for ``action``, which is not legal in ``state``; its clause
    names the rule (MARA-*) and its reason says why in words."""
    g = state.game

    def err(clause: str, reason: str) -> IllegalActionError:
        return g.clauses.error(clause, reason, action)

    phase = state.phase
    if phase == Phase.OVER:
        return err("MARA-8.1", f"the game is over ({'; '.join(state.triggers)}); no action can follow")
    if phase in (Phase.FIRST, Phase.REVEAL, Phase.ROLL):
        if phase == Phase.FIRST:
            return err("MARA-2.1", "chance acts now: the start player is drawn ('first 0' or 'first 1')")
        if phase == Phase.REVEAL:
            if isinstance(action, Reveal):
                return err("MARA-2.1", f"the tile {action.tile} is not in the stack (left: {', '.join(sorted(state.stack))})")
            return err("MARA-3.1", "chance acts now: the top tile is revealed ('reveal TILE')")
        colour = g.regions[len(state.dice)]
        if isinstance(action, RollDie):
            return err("MARA-3.1", f"the dice are rolled one by one in region order: the {colour} die is next")
        return err("MARA-3.1", f"chance acts now: the {colour} die is rolled ('roll {colour} FACE')")
    if isinstance(action, (FirstPlayer, Reveal, RollDie)):
        return err("MARA-3.1", f"'{action}' is chance's to decide, not a player's")
    who = PLAYERS[state.current_player()]
    if phase == Phase.SPLIT:
        if not isinstance(action, Split):
            return err("MARA-3.2", f"{who} (the splitter) splits the dice and the tile into two pools now, "
                                   f"e.g. 'split yellow green tile'")
        return err("MARA-3.2", "each pool needs at least one element: this split leaves the other pool empty")
    pools = f"'{' '.join(state.pool_a)}' or '{' '.join(state.pool_b)}'"
    if phase == Phase.TAKE:
        if not isinstance(action, Take):
            return err("MARA-3.3", f"{who} (the chooser) takes one of the pools now: {pools}")
        return err("MARA-3.3", f"{' '.join(action.pool)!r} is not one of the pools; take {pools}")
    # carrying out a pool
    if isinstance(action, (Split, Take)):
        return err("MARA-3.3", f"the pools are made and taken; {who} carries out its pool (left: "
                               f"{', '.join(state.remaining) or 'nothing'})")
    pending = state.tasks[-1] if state.tasks else None
    if isinstance(action, Skip):
        if pending is not None:
            return err("MARA-D2", f"first finish the part in progress: {state._describe(pending)}")
        if action.element not in state.remaining:
            return err("MARA-3.3", f"{action.element} is not left in {who}'s pool (left: {', '.join(state.remaining)})")
        if action.element == TILE:
            if state.tile == state.game.last_tile:
                return err("MARA-3.6", "the crossed-cupcake tile must be used when it can be")
            return err("MARA-3.3", "every element of the pool is carried out: the tile must be used when it can be "
                                   "(only what cannot be used is lost); the published rule optional_tile=True "
                                   "lets players leave it unused (MARA-3.6)")
        if not can_use(state, action.element):
            return err("MARA-4.6", f"dice are not skipped: the {action.element} die cannot be used now; it is lost "
                                   f"with the rest once nothing left in the pool can be used (MARA-D4)")
        return err("MARA-4.6", f"a die must be used if it can be: the {action.element} die can be used "
                               f"(the option decline=True lets players skip dice)")
    assert isinstance(action, Place)
    element = action.element
    if pending is not None and element:
        example = state.legal_actions()[0]
        return err("MARA-D2", f"first finish the part in progress: {state._describe(pending)} "
                              f"(e.g. '{example}'), then use {element}")
    if pending is None and not element:
        return err("MARA-3.3", f"nothing is in progress: name the element to use first, e.g. "
                               f"'{state.legal_actions()[0]}' (left: {', '.join(state.remaining)})")
    source = "MARA-D2"
    task: Task
    if pending is not None:
        task = pending
    elif element == TILE:
        if TILE not in state.remaining:
            return err("MARA-3.3", f"the tile is not left in {who}'s pool (left: {', '.join(state.remaining)})")
        if not action.again and state.tile == "again":
            return err("MARA-D5", "the again tile names the die it repeats: 'tile again COLOUR ...'")
        if action.again:
            if state.tile != "again":
                return err("MARA-5.1", f"the tile is {state.tile}, not again")
            die = action.again
            if die not in state.used:
                why = ("has not been used yet" if die in state.remaining else "was skipped, not carried out"
                       if die in state.skipped else "is not in this pool")
                return err("MARA-D5", f"the again tile repeats a die of this pool already carried out; the {die} die "
                                      f"{why}")
            task, source = die_task(state, die), "MARA-D5"
        else:
            task, source = tile_task(state.tile), "MARA-5.1"
    else:
        if element not in state.remaining:
            where = ("was already used" if element in state.used else "was skipped" if element in state.skipped
                     else "is not in this pool")
            return err("MARA-3.3", f"the {element} die {where} (left: {', '.join(state.remaining)})")
        task = die_task(state, element)
        face = state.face(element)
        source = {"circle": "MARA-4.1", "crate": "MARA-4.2", "0": "MARA-4.4"}.get(face, "MARA-4.3")
    return _explain_task(state, action, task, source, err)


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
    die = a.die
    return head + {"write": "NUMBER FIELD", "circle": "circle" if die else "circle COLOUR", "crate": "crate GROUP",
                   "cross": "cross FIELD", "cupfield": "cross FIELD"}[kind]


def _explain_task(state: "MarabuntaState", a: Place, task: Task, source: str, err: Any) -> IllegalActionError:
    g = state.game
    p = state.doer
    kind = _kind(task)
    if a.element and a.element != TILE:
        face = state.face(a.element)
        shows = {"circle": "an empty circle", "crate": "a crate"}.get(face, face)
        if a.kind != kind:
            form = f"{a.element} {face} FIELD" if kind == "write" else _form(a, kind)
            return err(source, f"the {a.element} die shows {shows}: write '{form}'")
    wanted = {"write": "write a number", "circle": "fill a circle", "crate": "cross a crate on the player board",
              "cross": "cross out a field", "cupfield": "cross out a cupcake field"}[kind] + f" ('{_form(a, kind)}')"
    done = {"write": "write a number", "circle": "fill a circle", "crate": "cross a crate", "cross": "cross out a field"}
    if (kind == "cupfield" and a.kind != "cross") or (kind != "cupfield" and a.kind != kind):
        return err(source, f"this part is to {wanted}, not to {done[a.kind]}")
    if isinstance(task, WriteTask):
        numbers, region, mode, near = task.numbers, task.region, task.mode, task.near
        if a.number not in numbers:
            return err(source, f"the number to write is {' or '.join(map(str, numbers))}, not {a.number}")
        f = g.board.index(str(a.field))
        if state.value[f] != -1:
            return err("MARA-1.2", f"{a.field} {_field_state(state, f)}")
        if mode == WriteMode.NEAR:
            if a.ant and g.board.index(str(a.field)) in g.neighbours[near]:
                return err("MARA-D3", "an ant hill does not lift 'next to the one before'; write without 'ant'")
            return err("MARA-D2", f"this number goes next to {g.board.names[near]}, the one written before; "
                                  f"{a.field} is not next to it")
        if region >= 0 and g.region_of[f] != region:
            article = "an" if g.regions[region][0] in "aeiou" else "a"
            return err(source, f"{a.field} is in the {g.regions[g.region_of[f]]} region; this number goes in "
                               f"{article} {g.regions[region]} field")
        if mode == WriteMode.FREE:
            return err("MARA-D3", "this number is written freely; no ant hill is needed (drop 'ant')")
        near_own = [g.board.names[h] for h in g.neighbours[f] if state.owner[h] == p]
        first_free = state.nums[p] == 0 and g.options["first_number"] == "free"
        if a.ant:
            if near_own or first_free:
                why = f"{a.field} is next to your number on {near_own[0]}" if near_own else "your first number is free"
                return err("MARA-D3", f"no ant hill is needed: {why} (drop 'ant')")
            return err("MARA-4.5", f"{PLAYERS[p]} has no ant hill left")
        first = (" (your first number needs an ant hill, unless the variant first_number='free')"
                 if state.nums[p] == 0 else "")
        hint = f"; add 'ant' to cross one of your {state.ants[p]} ant hill(s)" if state.ants[p] else "; no ant hill is left"
        return err("MARA-4.5", f"no number of {PLAYERS[p]}'s is next to {a.field}{first}{hint}")
    if isinstance(task, CircleTask):
        k = g.regions.index(str(a.target))
        if k not in task.regions:
            if len(task.regions) == 1:
                return err(source, f"this circle goes on the {g.regions[task.regions[0]]} sheet")
            return err("MARA-D6", f"the second circle of the tile goes on another sheet than the first ({a.target})")
        return err(source, f"the {a.target} sheet has no empty circle left")
    if isinstance(task, CrateTask):
        return err(source, f"the group {a.target} has no crate left to cross")
    f = g.board.index(str(a.field))
    if state.value[f] != -1:
        return err("MARA-1.2", f"{a.field} {_field_state(state, f)}")
    if isinstance(task, CupfieldTask) or not isinstance(task, CrossTask):
        return err("MARA-5.1", f"the crossed-cupcake tile crosses a cupcake field; {a.field} is not one")
    return err("MARA-D2", f"the second field goes next to {g.board.names[task.near]}; {a.field} is not next to it")
