"""Gridhunt positions for study, both ways: ``state.to_position()`` writes the whole GM's state
(truth and every seat's knowledge) and ``game.state_from_position(description)`` reads it back,
validated (GRID-2.2, GRID-2.8, GRID-5.1, GRID-6).

Format (YAML text or the same as a dict)::

    size: 6
    cells: {wall: [c3], teleport: [a1, f6], mine: [b5], shield: [a6]}   # the truth; others free
    setup: []              # kinds the GM still has to draw (GRID-7)
    placing: 8             # next seat to place (GRID-5.1); the number of players once all are
    phase: move            # setup, next, move, shot, orders, resolve, shots
    to_move: 0             # the mover (move, shot)
    round: 1
    turns: 1
    acted: [0]             # seats that acted this round (GRID-6)
    players:               # per seat: cell (null: not placed or dead) and state
      0: {at: b2, alive: true, shield: false, blocked: false, beaconed: false, idle: false,
          enhanced: false, radius: 1}
    orders: {}             # simultaneous variant: seat -> order given (GRID-D6)
    shots: {}
    pending: []
    public: {walls: [], teleports: [], deaths: [[3, 1]]}     # GRID-5.3
    untold: {3: c3}        # deaths not yet told, with the cell where each died (GRID-D9)
    know:                  # per seat, what it was told (GRID-5)
      0: {walls: [], teleports: [], cells: {b2: free}, found: [[1, b2, free]],
          looks: [{round: 1, at: b2, radius: 1, players: {4: c3}}]}

Seats left out of ``players`` are not placed yet; left out of ``know``, know nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from boardkit.core.position import PositionReader
from boardkit.core.rules import IllegalPositionError, NotationError
from boardkit.core.validate import BoardkitDataError, shorten
from boardkit.games.gridhunt.actions import KINDS, Shoot, ShootAll, ShootNone, Stay, Move
from boardkit.games.gridhunt.knowledge import Knowledge
from boardkit.games.gridhunt.rules import MAX_STEPS, neighbours4

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.game import GridhuntGame
    from boardkit.games.gridhunt.state import GridhuntState

PHASES = ("setup", "next", "move", "shot", "orders", "resolve", "shots", "over")
_NAMES = {"type": "array", "items": {"type": "string"}}
_SEATS = {"type": "array", "items": {"type": "integer", "minimum": 0}}
_PLAYER = {
    "type": "object", "additionalProperties": False, "required": ["at"],
    "properties": {"at": {"type": ["string", "null"]}, **{k: {"type": "boolean"} for k in
                   ("alive", "shield", "blocked", "beaconed", "idle", "enhanced")},
                   "radius": {"enum": [0, 1, 2]}},  # no look yet, a look, a look from a watchtower (GRID-2.5)
}
_KNOW = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "walls": _NAMES, "teleports": _NAMES,
        "cells": {"type": "object", "additionalProperties": {"enum": ["free", *KINDS]}},
        "found": {"type": "array", "items": {"type": "array", "minItems": 3, "maxItems": 3}},
        "looks": {"type": "array", "items": {
            "type": "object", "additionalProperties": False, "required": ["round", "at", "radius", "players"],
            "properties": {"round": {"type": "integer", "minimum": 0}, "at": {"type": "string"},
                           "radius": {"enum": [1, 2]},
                           "players": {"type": "object", "additionalProperties": {"type": "string"}}}}},
    },
}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["size", "cells", "phase"],
    "properties": {
        "size": {"type": "integer"},
        "cells": {"type": "object", "additionalProperties": False, "properties": {k: _NAMES for k in KINDS}},
        "setup": {"type": "array", "items": {"enum": list(KINDS)}},
        "placing": {"type": "integer", "minimum": 0},
        "phase": {"enum": list(PHASES)},
        "to_move": {"type": ["integer", "null"]},
        "round": {"type": "integer", "minimum": 0},
        "turns": {"type": "integer", "minimum": 0},
        "acted": _SEATS,
        "players": {"type": "object", "additionalProperties": _PLAYER},
        "orders": {"type": "object", "additionalProperties": {"type": "string"}},
        "shots": {"type": "object", "additionalProperties": {"type": "string"}},
        "pending": _SEATS,
        "public": {"type": "object", "additionalProperties": False, "properties": {
            "walls": _NAMES, "teleports": _NAMES,
            "deaths": {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2,
                                                  "items": {"type": "integer", "minimum": 0}}}}},
        "untold": {"type": "object", "additionalProperties": {"type": "string"}},
        "know": {"type": "object", "additionalProperties": _KNOW},
    },
}


def _layout(kinds: list[str], names: tuple[str, ...]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {k: [] for k in KINDS}
    for i, k in enumerate(kinds):
        if k != "free":
            out[k].append(names[i])
    return {k: sorted(v) for k, v in out.items()}


def to_position(state: "GridhuntState") -> dict[str, Any]:
    """The whole position (truth and knowledge) as a JSON-ready dict (see the module doc)."""
    names = state.game.names

    def cells(xs: Any) -> list[str]:
        return sorted(names[c] for c in xs)

    know = {}
    for p, k in enumerate(state.know):
        if k.walls or k.teleports or k.cells or k.found or k.looks:
            know[str(p)] = {
                "walls": cells(k.walls), "teleports": cells(k.teleports),
                "cells": {names[c]: kind for c, kind in sorted(k.cells.items())},
                "found": [[r, names[c], kind] for r, c, kind in k.found],
                "looks": [{"round": r, "at": names[a], "radius": rad, "players": {str(q): names[c] for q, c in seen}}
                          for r, a, rad, seen in k.looks],
            }
    players = {}
    for p in range(state.n):
        at = state.pos[p]
        if at is None and state.alive[p] and p >= state.placing:
            continue
        players[str(p)] = {"at": None if at is None else names[at], "alive": state.alive[p], "shield": state.shield[p],
                           "blocked": state.blocked[p], "beaconed": state.beaconed[p], "idle": state.idle[p],
                           "enhanced": state.enhanced[p], "radius": state.radius[p]}
    return {
        "size": state.size,
        "cells": _layout(state.cells, names),
        "setup": list(state.setup),
        "placing": state.placing,
        "phase": state.phase,
        "to_move": state.to_move,
        "round": state.round,
        "turns": state.turns,
        "acted": list(state.acted),
        "players": players,
        "orders": {str(p): str(a) for p, a in sorted(state.orders.items())},
        "shots": {str(p): str(a) for p, a in sorted(state.shots.items())},
        "pending": list(state.pending),
        "public": {"walls": cells(state.public_walls), "teleports": cells(state.public_teleports),
                   "deaths": [[q, r] for q, r in state.deaths]},
        "know": know,
        **({"untold": {str(q): names[c] for q, c in sorted(state.ghosts.items())}} if state.ghosts else {}),
    }


def from_position(game: "GridhuntGame", description: str | Mapping[str, Any], study: bool = False) -> "GridhuntState":
    """Build a position from its description (see the module doc).

    Raises:
        BoardkitDataError: malformed (names the field): schema, a cell off the grid, a seat that
            does not exist, an order that does not parse.
        IllegalPositionError: an impossible position, naming the clause: two kinds on one cell
            (GRID-2.2), not two teleports once set up (GRID-2.8), two living players on one cell or
            a player on a wall (GRID-5.1), a mover that is dead or missing (GRID-6).
    """
    r = PositionReader(game, description, SCHEMA)
    doc = r.doc
    n, size = game.n, game.size
    if doc["size"] != size:
        raise BoardkitDataError(f"position: size: {doc['size']}, but this game's grid is {size}x{size}")
    names = game.index

    def cell(where: str, name: Any) -> int:
        c = names.get(str(name).lower())
        if c is None:
            raise BoardkitDataError(f"position: {where}: {shorten(name)} is not a cell of the {size}x{size} grid")
        return c

    def seat(where: str, key: Any) -> int:
        return r.seat(where, key)

    for field in ("players", "orders", "shots", "know"):
        r.seat_keys(field)  # each seat once (7 and '7' are one seat)

    state = game.new_initial_state()
    state.cells = ["free"] * (size * size)
    for kind, cs in doc["cells"].items():
        for k, name in enumerate(cs):
            c = cell(f"cells.{kind}[{k}]", name)
            if state.cells[c] != "free":
                raise IllegalPositionError("GRID-2.2", f"position: cells.{kind}[{k}]: {name} is already a "
                                                       f"{state.cells[c]} cell")
            state.cells[c] = kind
    state.setup = list(doc.get("setup", []))
    state.placing = doc.get("placing", n if doc["phase"] != "setup" else 0)
    if state.placing > n:
        raise BoardkitDataError(f"position: placing: {state.placing} is more than the {n} players")
    teleports = state.cells.count("teleport")
    if not state.setup and teleports != 2:
        raise IllegalPositionError("GRID-2.8", f"position: cells.teleport: exactly two teleports, not {teleports}")
    state.phase = doc["phase"]
    state.to_move = None if doc.get("to_move") is None else r.seat("to_move", doc["to_move"])
    state.round = doc.get("round", 0)
    simultaneous = game.options.turn_order == "simultaneous"  # a round begins a turn for every living seat
    state.turns = r.turns("turns", doc.get("turns", 0), "GRID-D10", slack=n - 1 if simultaneous else 0)
    state.acted = [seat(f"acted[{i}]", s) for i, s in enumerate(doc.get("acted", []))]
    state.pos = [None] * n
    for key, pl in doc.get("players", {}).items():
        p = seat("players", key)
        state.alive[p] = pl.get("alive", True)
        for attr in ("shield", "blocked", "beaconed", "idle", "enhanced"):
            getattr(state, attr)[p] = pl.get(attr, False)
        state.radius[p] = pl.get("radius", 0)
        if pl["at"] is not None:
            c = cell(f"players.{p}.at", pl["at"])
            if state.alive[p]:
                if state.cells[c] == "wall":
                    raise IllegalPositionError("GRID-5.1", f"position: players.{p}.at: {pl['at']} is a wall")
                if c in [state.pos[q] for q in range(n) if state.alive[q]]:
                    raise IllegalPositionError("GRID-5.1", f"position: players.{p}.at: two living players on {pl['at']}")
                state.pos[p] = c
        elif state.alive[p] and state.phase != "setup":
            raise IllegalPositionError("GRID-5.1", f"position: players.{p}.at: a living player is on a cell")
    if state.phase != "setup":
        missing = [p for p in range(n) if state.alive[p] and state.pos[p] is None]
        if missing:
            raise IllegalPositionError("GRID-5.1", f"position: players: seat {missing[0]} is alive but not placed")
    if state.phase in ("move", "shot"):
        if state.to_move is None or not 0 <= state.to_move < n or not (
                state.alive[state.to_move] or str(state.to_move) in doc.get("untold", {})):  # GRID-D9
            raise IllegalPositionError("GRID-6", f"position: to_move: {shorten(state.to_move)} is not a living seat")
    ctx = game.notation_context()
    for field, target in (("orders", state.orders), ("shots", state.shots)):
        for key, text in doc.get(field, {}).items():
            p = seat(field, key)
            try:
                a = game.spec.notation.parse(text, ctx)
            except NotationError as exc:
                raise BoardkitDataError(f"position: {field}.{p}: {exc}") from None
            if not isinstance(a, (Move, Stay) if field == "orders" else (Shoot, ShootAll, ShootNone)):
                raise BoardkitDataError(f"position: {field}.{p}: {shorten(text)} is not a {field[:-1]} order")
            target[p] = a
    state.pending = [seat(f"pending[{i}]", s) for i, s in enumerate(doc.get("pending", []))]
    pub = doc.get("public", {})
    state.public_walls = {cell(f"public.walls[{i}]", c) for i, c in enumerate(pub.get("walls", []))}
    state.public_teleports = {cell(f"public.teleports[{i}]", c) for i, c in enumerate(pub.get("teleports", []))}
    state.deaths = [(seat(f"public.deaths[{i}]", q), r) for i, (q, r) in enumerate(pub.get("deaths", []))]
    for key, name in doc.get("untold", {}).items():
        q = seat("untold", key)
        if state.alive[q] or q not in [d[0] for d in state.deaths]:
            raise IllegalPositionError("GRID-D9", f"position: untold.{q}: only a dead player's death can be untold")
        state.ghosts[q] = cell(f"untold.{q}", name)
    for key, k in doc.get("know", {}).items():
        p = seat("know", key)
        w = f"know.{p}"
        kn = Knowledge()
        kn.walls = {cell(f"{w}.walls[{i}]", c) for i, c in enumerate(k.get("walls", []))}
        kn.teleports = {cell(f"{w}.teleports[{i}]", c) for i, c in enumerate(k.get("teleports", []))}
        kn.cells = {cell(f"{w}.cells", c): kind for c, kind in k.get("cells", {}).items()}
        for i, f in enumerate(k.get("found", [])):
            if not isinstance(f[0], int) or isinstance(f[0], bool) or f[2] not in ("free", *KINDS):
                raise BoardkitDataError(f"position: {w}.found[{i}]: [round, cell, kind] expected, got {shorten(f)}")
            if not 0 <= f[0] <= state.round:
                raise BoardkitDataError(f"position: {w}.found[{i}]: round {shorten(f[0])} is not a round played so far "
                                        f"(0 .. {state.round})")
            kn.found.append((f[0], cell(f"{w}.found[{i}]", f[1]), f[2]))
        for i, look in enumerate(k.get("looks", [])):
            if look["round"] > state.round:
                raise BoardkitDataError(f"position: {w}.looks[{i}].round: {shorten(look['round'])} is not a round played "
                                        f"so far (0 .. {state.round})")
            seen = tuple(sorted((seat(f"{w}.looks[{i}].players", q), cell(f"{w}.looks[{i}].players", c))
                                for q, c in look["players"].items()))
            kn.looks.append((look["round"], cell(f"{w}.looks[{i}].at", look["at"]), look["radius"], seen))
        state.know[p] = kn
    if not study:
        _check_playable(state)
    if not study and state.phase != "setup":
        _check_knowledge(state)
        if state.phase in ("move", "shot") and state.to_move not in state.acted:
            raise IllegalPositionError("GRID-6", f"position: acted: the mover {state.to_move} is not among the seats "
                                                 f"that have acted this round ({state.acted})")
        if len(set(state.acted)) != len(state.acted):
            raise IllegalPositionError("GRID-6", f"position: acted: a seat acts once a round, not twice ({state.acted})")
    state.outcome_value = None
    state._start = to_position(state)
    state._history, state._seen = [], []
    if state.phase == "setup":
        state._settle()
    elif state.phase == "over":
        if not state._check_end():
            raise IllegalPositionError("GRID-1.1", "position: phase: over, but more than one player (or team) is alive")
    elif state.phase == "next":
        if not state._check_end():
            state._settle()
    return state


def _check_playable(state: "GridhuntState") -> None:
    """A position the engine can play on from here (GRID-D6 orders, GRID-3.1 paths, GRID-7 and
    GRID-5.1 set-up room); checked unless ``study=True``."""
    g, n, names = state.game, state.n, state.game.names
    ph = state.phase
    simultaneous = g.options.turn_order == "simultaneous"
    if ph in ("orders", "resolve", "shots") and not simultaneous:
        raise IllegalPositionError("GRID-D6", f"position: phase: {ph} is a phase of the simultaneous variant; this game "
                                              f"plays in turns (turn_order={g.options['turn_order']})")
    if ph in ("next", "move", "shot") and simultaneous:
        raise IllegalPositionError("GRID-D6", f"position: phase: {ph} is a phase of play in turns; this game plays "
                                              f"simultaneously")
    if ph not in ("orders", "resolve", "shots") and (state.orders or state.shots or state.pending):
        field = "orders" if state.orders else "shots" if state.shots else "pending"
        raise IllegalPositionError("GRID-D6", f"position: {field}: orders are kept only in the simultaneous variant's "
                                              f"phases orders, resolve and shots, not in {ph}")
    if ph == "setup":
        free = [i for i, k in enumerate(state.cells) if k == "free"]
        if state.setup and len(free) < len(state.setup):
            raise IllegalPositionError("GRID-7", f"position: setup: {len(state.setup)} cells still to draw but "
                                                 f"{len(free)} free cells left")
        taken = {c for c in state.pos if c is not None}
        room = [i for i, k in enumerate(state.cells) if k != "wall" and i not in taken]
        if state.placing < n and len(room) - len(state.setup) < n - state.placing:
            raise IllegalPositionError("GRID-5.1", f"position: placing: {n - state.placing} players still to place "
                                                   f"but no room left for them")
        return
    if len(set(state.pending)) != len(state.pending):
        raise IllegalPositionError("GRID-D6", f"position: pending: a seat's order is resolved once, not twice "
                                              f"({state.pending})")
    if ph == "orders":
        if state.pending or state.shots:
            raise IllegalPositionError("GRID-D6", "position: pending/shots: nothing is resolved or shot while orders "
                                                  "are given")
        for p, a in state.orders.items():
            if not state.told_alive(p):  # GRID-D9: a death not yet told still gives orders
                raise IllegalPositionError("GRID-D6", f"position: orders.{p}: seat {p} is dead and gives no order")
            if a not in state._orders_of(p):
                raise IllegalPositionError("GRID-3.1", f"position: orders.{p}: {a} is not an order seat {p} may give "
                                                       f"from {names[state.pos[p] or 0]} with what it knows")
        if not state.current_players():
            raise IllegalPositionError("GRID-D6", "position: orders: every living seat has given its order; the "
                                                  "phase is then resolve")
    elif ph == "resolve":
        if not state.pending:
            raise IllegalPositionError("GRID-D6", "position: pending: phase resolve with no order left to resolve")
        if state.shots:
            raise IllegalPositionError("GRID-D6", "position: shots: no shot is given before the moves are resolved")
        for p in state.pending:
            if not state.told_alive(p) or p not in state.orders:  # GRID-D9: an untold death is still drawn
                raise IllegalPositionError("GRID-D6", f"position: pending: seat {p} is dead or gave no order")
            a = state.orders[p]
            at = state.seat_cell(p)
            if isinstance(a, Move) and at is not None:
                path = [at] + [g.index.get(c, -1) for c in a.path]
                ok = 1 <= len(a.path) <= MAX_STEPS and all(
                    0 <= c and b in neighbours4(state.size, c) for c, b in zip(path, path[1:]))
                if not ok:
                    raise IllegalPositionError("GRID-3.1", f"position: orders.{p}: {a} is not a path of 1 .. "
                                                           f"{MAX_STEPS} orthogonal steps from {names[at]}")
    elif ph == "shots":
        for p, a in state.shots.items():
            if not state.told_alive(p):  # GRID-D9: a death not yet told still gives its shot (void)
                raise IllegalPositionError("GRID-D6", f"position: shots.{p}: seat {p} is dead and gives no shot")
            if a not in state._orders_of(p):
                raise IllegalPositionError("GRID-4.1", f"position: shots.{p}: {a} is not a shot seat {p} may give "
                                                       f"from {names[state.pos[p] or 0]} with what it knows")
        if not state.current_players():
            raise IllegalPositionError("GRID-D6", "position: shots: every living seat has given its shot; they are "
                                                  "resolved at once")


def _check_knowledge(state: "GridhuntState") -> None:
    """What is public or known is true (GRID-3.3: a wall is told when a move hits it; GRID-2.8:
    a teleport when it is used; GRID-5.2: walls and teleports are seen as they are)."""
    names = state.game.names

    def check(where: str, cells: set[int], kind: str, clause: str) -> None:
        for c in sorted(cells):
            if state.cells[c] != kind:
                raise IllegalPositionError(clause, f"position: {where}: {names[c]} is known as a {kind}, but it is a "
                                                   f"{state.cells[c]} cell (use study=True for a false belief)")

    check("public.walls", state.public_walls, "wall", "GRID-3.3")
    check("public.teleports", state.public_teleports, "teleport", "GRID-2.8")
    for p, k in enumerate(state.know):
        check(f"know.{p}.walls", k.walls, "wall", "GRID-5.2")
        check(f"know.{p}.teleports", k.teleports, "teleport", "GRID-5.2")


__all__ = ["SCHEMA", "PHASES", "to_position", "from_position"]
