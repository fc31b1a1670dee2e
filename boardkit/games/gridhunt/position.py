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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from boardkit.core.position import Check, Field, PositionFormat, PositionReader
from boardkit.core.rules import IllegalPositionError, NotationError
from boardkit.core.validate import shorten
from boardkit.games.gridhunt.actions import KINDS, Shoot, ShootAll, ShootNone, Stay, Move
from boardkit.games.gridhunt.knowledge import Knowledge
from boardkit.games.gridhunt import scoring
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
                   "radius": {"type": "integer", "enum": [0, 1, 2]}},  # no look yet, a look, a look from a watchtower (GRID-2.5)
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
                           "radius": {"type": "integer", "enum": [1, 2]},
                           "players": {"type": "object", "additionalProperties": {"type": "string"}}}}},
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


@dataclass
class _Reading:
    """What a Gridhunt position has read so far (the state it fills)."""

    state: "GridhuntState"
    study: bool


def _cell(r: PositionReader, where: str, name: Any) -> int:
    """The index of the grid cell written ``name`` (any case), else an error naming ``where``."""
    c = r.game.index.get(str(name).lower())
    if c is None:
        raise r.error(where, f"{shorten(name)} is not a cell of the {r.game.size}x{r.game.size} grid")
    return int(c)


def _cells(r: PositionReader, where: str, names: list[Any]) -> set[int]:
    """The cells listed in ``where`` (each named ``where[i]`` in messages)."""
    return {_cell(r, f"{where}[{i}]", c) for i, c in enumerate(names)}


def _seats(r: PositionReader, where: str, seats: list[Any]) -> list[int]:
    return [r.seat(f"{where}[{i}]", s) for i, s in enumerate(seats)]


def _read_size(r: PositionReader, ctx: _Reading, size: int) -> None:
    if size != r.game.size:
        raise r.error("size", f"{size}, but this game's grid is {r.game.size}x{r.game.size}")


def _check_seat_keys(r: PositionReader, ctx: _Reading) -> None:
    for field_ in ("players", "orders", "shots", "know"):
        r.seat_keys(field_)  # each seat once (7 and '7' are one seat)


def _read_cells(r: PositionReader, ctx: _Reading, cells: dict[str, list[str]]) -> None:
    """``cells``: the truth, one kind a cell (GRID-2.2); the others free."""
    state = ctx.state
    state.cells = ["free"] * (r.game.size * r.game.size)
    for kind, cs in cells.items():
        for k, name in enumerate(cs):
            c = _cell(r, f"cells.{kind}[{k}]", name)
            if state.cells[c] != "free":
                raise IllegalPositionError("GRID-2.2", f"position: cells.{kind}[{k}]: {name} is already a "
                                                       f"{state.cells[c]} cell")
            state.cells[c] = kind


def _read_setup(r: PositionReader, ctx: _Reading, kinds: list[str]) -> None:
    ctx.state.setup = list(kinds)


def _read_placing(r: PositionReader, ctx: _Reading, placing: int) -> None:
    if placing > r.game.n:
        raise r.error("placing", f"{placing} is more than the {r.game.n} players")
    ctx.state.placing = placing


def _check_teleports(r: PositionReader, ctx: _Reading) -> None:
    teleports = ctx.state.cells.count("teleport")
    if not ctx.state.setup and teleports != 2:
        raise IllegalPositionError("GRID-2.8", f"position: cells.teleport: exactly two teleports, not {teleports}")


def _read_phase(r: PositionReader, ctx: _Reading, phase: str) -> None:
    ctx.state.phase = phase


def _read_to_move(r: PositionReader, ctx: _Reading, seat: int | None) -> None:
    ctx.state.to_move = None if seat is None else r.seat("to_move", seat)


def _read_round(r: PositionReader, ctx: _Reading, rnd: int) -> None:
    ctx.state.round = rnd


def _read_turns(r: PositionReader, ctx: _Reading, turns: int) -> None:
    simultaneous = r.game.options.turn_order == "simultaneous"  # a round begins a turn for every living seat
    ctx.state.turns = r.turns("turns", turns, "GRID-D10", slack=r.game.n - 1 if simultaneous else 0)


def _read_acted(r: PositionReader, ctx: _Reading, seats: list[int]) -> None:
    ctx.state.acted = _seats(r, "acted", seats)


def _read_players(r: PositionReader, ctx: _Reading, players: dict[str, Any]) -> None:
    """``players``: each seat's cell and state; living players on cells that are no walls, one
    a cell, every living player placed once set up (GRID-5.1)."""
    state = ctx.state
    state.pos = [None] * state.n
    for key, pl in players.items():
        _read_player(r, ctx, r.seat("players", key), pl)
    if state.phase != "setup":
        missing = [p for p in range(state.n) if state.alive[p] and state.pos[p] is None]
        if missing:
            raise IllegalPositionError("GRID-5.1", f"position: players: seat {missing[0]} is alive but not placed")


def _read_player(r: PositionReader, ctx: _Reading, p: int, pl: dict[str, Any]) -> None:
    """Seat ``p``'s entry of ``players`` (:func:`_read_players`)."""
    state = ctx.state
    state.alive[p] = pl.get("alive", True)
    for attr in ("shield", "blocked", "beaconed", "idle", "enhanced"):
        getattr(state, attr)[p] = pl.get(attr, False)
    state.radius[p] = pl.get("radius", 0)
    if pl["at"] is not None:
        c = _cell(r, f"players.{p}.at", pl["at"])
        if state.alive[p]:
            if state.cells[c] == "wall":
                raise IllegalPositionError("GRID-5.1", f"position: players.{p}.at: {pl['at']} is a wall")
            if c in [state.pos[q] for q in range(state.n) if state.alive[q]]:
                raise IllegalPositionError("GRID-5.1", f"position: players.{p}.at: two living players on {pl['at']}")
            state.pos[p] = c
    elif state.alive[p] and state.phase != "setup":
        raise IllegalPositionError("GRID-5.1", f"position: players.{p}.at: a living player is on a cell")


def _check_mover(r: PositionReader, ctx: _Reading) -> None:
    """The mover of a move or shot phase is a living seat (or one whose death is untold, GRID-D9) (GRID-6)."""
    state = ctx.state
    if state.phase in ("move", "shot"):
        if state.to_move is None or not 0 <= state.to_move < state.n or not (
                state.alive[state.to_move] or str(state.to_move) in r.doc.get("untold", {})):  # GRID-D9
            raise IllegalPositionError("GRID-6", f"position: to_move: {shorten(state.to_move)} is not a living seat")


def _orders(field_: str) -> Any:
    """The ``read`` hook of ``orders`` or ``shots``: seat -> an order of that kind, in notation (GRID-D6)."""
    kinds = (Move, Stay) if field_ == "orders" else (Shoot, ShootAll, ShootNone)

    def read(r: PositionReader, ctx: _Reading, given: dict[str, str]) -> None:
        game = r.game
        target = getattr(ctx.state, field_)
        ctx_ = game.notation_context()
        for key, text in given.items():
            p = r.seat(field_, key)
            try:
                a = game.spec.notation.parse(text, ctx_)
            except NotationError as exc:
                raise r.error(f"{field_}.{p}", str(exc)) from None
            if not isinstance(a, kinds):
                raise r.error(f"{field_}.{p}", f"{shorten(text)} is not a {field_[:-1]} order")
            target[p] = a
    return read


def _read_pending(r: PositionReader, ctx: _Reading, seats: list[int]) -> None:
    ctx.state.pending = _seats(r, "pending", seats)


def _read_public(r: PositionReader, ctx: _Reading, pub: dict[str, Any]) -> None:
    """``public``: the walls and teleports told to all, the deaths told (GRID-5.3)."""
    state = ctx.state
    state.public_walls = _cells(r, "public.walls", pub.get("walls", []))
    state.public_teleports = _cells(r, "public.teleports", pub.get("teleports", []))
    state.deaths = []
    for i, (q, rnd) in enumerate(pub.get("deaths", [])):
        q = r.seat(f"public.deaths[{i}]", q)
        if not 1 <= rnd <= state.round:  # GRID-5.3: a death is public with the round it happened in
            played = f"1 .. {state.round}" if state.round else "none yet"
            raise IllegalPositionError("GRID-5.3", f"position: public.deaths[{i}]: round {rnd} is not a round "
                                                   f"played so far ({played})")
        if q in [d[0] for d in state.deaths]:
            raise IllegalPositionError("GRID-5.3", f"position: public.deaths[{i}]: seat {q} is listed dead twice "
                                                   f"(a player dies once)")
        state.deaths.append((q, rnd))


def _check_deaths(r: PositionReader, ctx: _Reading) -> None:
    """``public.deaths`` lists the dead players, each once, and no other (GRID-5.3: who has died
    is public). Checked with ``study=True`` too: a seat's being told alive comes from the
    players' ``alive`` flags (GRID-D9), so a list that disagrees with them is no belief a seat
    could hold, only two answers to one question."""
    state = ctx.state
    listed = [q for q, _ in state.deaths]
    for i, q in enumerate(listed):
        if state.alive[q]:
            raise IllegalPositionError("GRID-5.3", f"position: public.deaths[{i}]: seat {q} is listed dead, but "
                                                   f"players.{q}.alive is true")
    for q in range(state.n):
        if not state.alive[q] and q not in listed:
            raise IllegalPositionError("GRID-5.3", f"position: public.deaths: seat {q} is dead (players.{q}.alive "
                                                   f"is false) but its death is not listed ([seat, round])")


def _read_untold(r: PositionReader, ctx: _Reading, untold: dict[str, str]) -> None:
    """``untold``: deaths not yet told, of dead players only, with their cells (GRID-D9)."""
    state = ctx.state
    for key, name in untold.items():
        q = r.seat("untold", key)
        if state.alive[q] or q not in [d[0] for d in state.deaths]:
            raise IllegalPositionError("GRID-D9", f"position: untold.{q}: only a dead player's death can be untold")
        state.ghosts[q] = _cell(r, f"untold.{q}", name)


def _read_know(r: PositionReader, ctx: _Reading, know: dict[str, Any]) -> None:
    """``know``: what each seat was told (GRID-5), in rounds played so far."""
    for key, k in know.items():
        p = r.seat("know", key)
        ctx.state.know[p] = _knowledge(r, ctx.state.round, f"know.{p}", k)


def _knowledge(r: PositionReader, rnd: int, w: str, k: dict[str, Any]) -> Knowledge:
    """One seat's entry of ``know`` (named ``w`` in messages), its rounds at most ``rnd``."""
    kn = Knowledge()
    kn.walls = _cells(r, f"{w}.walls", k.get("walls", []))
    kn.teleports = _cells(r, f"{w}.teleports", k.get("teleports", []))
    kn.cells = {_cell(r, f"{w}.cells", c): kind for c, kind in k.get("cells", {}).items()}
    for i, f in enumerate(k.get("found", [])):
        if not isinstance(f[0], int) or isinstance(f[0], bool) or f[2] not in ("free", *KINDS):
            raise r.error(f"{w}.found[{i}]", f"[round, cell, kind] expected, got {shorten(f)}")
        if not 0 <= f[0] <= rnd:
            raise r.error(f"{w}.found[{i}]", f"round {shorten(f[0])} is not a round played so far (0 .. {rnd})")
        kn.found.append((f[0], _cell(r, f"{w}.found[{i}]", f[1]), f[2]))
    for i, look in enumerate(k.get("looks", [])):
        if look["round"] > rnd:
            raise r.error(f"{w}.looks[{i}].round", f"{shorten(look['round'])} is not a round played so far (0 .. {rnd})")
        seen = tuple(sorted((r.seat(f"{w}.looks[{i}].players", q), _cell(r, f"{w}.looks[{i}].players", c))
                            for q, c in look["players"].items()))
        kn.looks.append((look["round"], _cell(r, f"{w}.looks[{i}].at", look["at"]), look["radius"], seen))
    return kn


def _check_play(r: PositionReader, ctx: _Reading) -> None:
    """Unless ``study=True``: a position the engine can play on (:func:`_check_playable`), its
    knowledge true (:func:`_check_knowledge`), the mover among the seats that acted, each once (GRID-6)."""
    state = ctx.state
    if ctx.study:
        return
    _check_playable(state)
    if state.phase != "setup":
        _check_knowledge(state)
        if state.phase in ("move", "shot") and state.to_move not in state.acted:
            raise IllegalPositionError("GRID-6", f"position: acted: the mover {state.to_move} is not among the seats "
                                                 f"that have acted this round ({state.acted})")
        if len(set(state.acted)) != len(state.acted):
            raise IllegalPositionError("GRID-6", f"position: acted: a seat acts once a round, not twice ({state.acted})")


_FORMAT: PositionFormat[_Reading] = PositionFormat([
    Field("size", {"type": "integer"}, _read_size, required=True),
    Field("cells", {"type": "object", "additionalProperties": False, "properties": {k: _NAMES for k in KINDS}},
          _read_cells, required=True),
    Field("setup", {"type": "array", "items": {"enum": list(KINDS)}}, _read_setup, default=()),
    Field("placing", {"type": "integer", "minimum": 0}, _read_placing,
          default=lambda ctx: ctx.state.n if ctx.state.phase != "setup" else 0),
    Field("phase", {"enum": list(PHASES)}, _read_phase, required=True),
    Field("to_move", {"type": ["integer", "null"]}, _read_to_move, default=None),
    Field("round", {"type": "integer", "minimum": 0}, _read_round, default=0),
    Field("turns", {"type": "integer", "minimum": 0}, _read_turns, default=0),
    Field("acted", _SEATS, _read_acted, default=()),
    Field("players", {"type": "object", "additionalProperties": _PLAYER}, _read_players, default={}),
    Field("orders", {"type": "object", "additionalProperties": {"type": "string"}}, _orders("orders"), default={}),
    Field("shots", {"type": "object", "additionalProperties": {"type": "string"}}, _orders("shots"), default={}),
    Field("pending", _SEATS, _read_pending, default=()),
    Field("public", {"type": "object", "additionalProperties": False, "properties": {
        "walls": _NAMES, "teleports": _NAMES,
        "deaths": {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2,
                                              "items": {"type": "integer", "minimum": 0}}}}}, _read_public, default={}),
    Field("untold", {"type": "object", "additionalProperties": {"type": "string"}}, _read_untold, default={}),
    Field("know", {"type": "object", "additionalProperties": _KNOW}, _read_know, default={}),
], steps=["size", Check("seat keys", _check_seat_keys), "phase", "cells", "setup", "placing",
          Check("teleports", _check_teleports), "to_move", "round", "turns", "acted", "players", Check("mover", _check_mover), "orders", "shots",
          "pending", "public", "untold", "know", Check("play", _check_play),
          Check("deaths", _check_deaths)])
# An unknown key is named before a missing one when a description has both (as it always was).
_FORMAT.schema = {k: _FORMAT.schema[k] for k in ("type", "additionalProperties", "required", "properties")}
#: The JSON schema of a Gridhunt position description.
SCHEMA: dict[str, Any] = _FORMAT.schema


def from_position(game: "GridhuntGame", description: str | Mapping[str, Any], study: bool = False) -> "GridhuntState":
    """Build a position from its description (see the module doc).

    Raises:
        BoardkitDataError: malformed (names the field): schema, a cell off the grid, a seat that
            does not exist, an order that does not parse.
        IllegalPositionError: an impossible position, naming the clause: two kinds on one cell
            (GRID-2.2), not two teleports once set up (GRID-2.8), two living players on one cell or
            a player on a wall (GRID-5.1), a mover that is dead or missing (GRID-6), deaths
            (``public.deaths``) of a round not played yet, of a seat twice, of a living seat, or
            a dead seat's left out (GRID-5.3, even with ``study=True``).
    """
    r = PositionReader(game, description, _FORMAT)
    state = game.new_initial_state()
    r.run(_Reading(state, study))
    state.outcome_value = None
    state._start = to_position(state)
    state._history, state._seen = [], []
    if state.phase == "setup":
        state._settle()
    elif state.phase == "over":
        max_turns = game.options.max_turns
        if not state._check_end():  # GRID-1.1: the last player or team; else the cut-off (GRID-D10)
            if max_turns is None or state.turns < max_turns:
                cut = "" if max_turns is None else f", and {state.turns} turns are fewer than max_turns={max_turns}"
                load = "" if state.turns < 1 else (f"; if this game was cut off by max_turns (GRID-D10) after "
                                                   f"{state.turns} turns (turns: {state.turns}), load the game with "
                                                   f"max_turns={state.turns}")
                raise IllegalPositionError("GRID-1.1", f"position: phase: over, but more than one player (or team) is "
                                                       f"alive{cut}{load}")
            state._finish(*scoring.cut_off(state.turns, max_turns))
    elif state.phase == "next":
        if not state._check_end():
            state._settle()
    return state


def _check_playable(state: "GridhuntState") -> None:
    """A position the engine can play on from here (GRID-D6 orders, GRID-3.1 paths, GRID-7 and
    GRID-5.1 set-up room); checked unless ``study=True``."""
    g = state.game
    ph = state.phase
    simultaneous = g.options.turn_order == "simultaneous"
    if ph in ("orders", "resolve", "shots") and not simultaneous:
        raise IllegalPositionError("GRID-D6", f"position: phase: {ph} is a phase of the simultaneous variant; this game "
                                              f"plays in turns (turn_order={g.options['turn_order']})")
    if ph in ("next", "move", "shot") and simultaneous:
        raise IllegalPositionError("GRID-D6", f"position: phase: {ph} is a phase of play in turns; this game plays "
                                              f"simultaneously")
    if ph not in ("orders", "resolve", "shots", "over") and (state.orders or state.shots or state.pending):
        field_ = "orders" if state.orders else "shots" if state.shots else "pending"
        raise IllegalPositionError("GRID-D6", f"position: {field_}: orders are kept only in the simultaneous variant's "
                                              f"phases orders, resolve and shots, not in {ph}")
    if ph == "setup":
        _check_setup_room(state)
        return
    if len(set(state.pending)) != len(state.pending):
        raise IllegalPositionError("GRID-D6", f"position: pending: a seat's order is resolved once, not twice "
                                              f"({state.pending})")
    if ph == "orders":
        if state.pending or state.shots:
            raise IllegalPositionError("GRID-D6", "position: pending/shots: nothing is resolved or shot while orders "
                                                  "are given")
        _check_given(state, "orders", "GRID-3.1")
    elif ph == "resolve":
        _check_resolve(state)
    elif ph == "shots":
        _check_given(state, "shots", "GRID-4.1")


def _check_setup_room(state: "GridhuntState") -> None:
    """The set-up still to do has room: free cells for the kinds to draw (GRID-7), cells for
    the players still to place (GRID-5.1)."""
    n = state.n
    free = [i for i, k in enumerate(state.cells) if k == "free"]
    if state.setup and len(free) < len(state.setup):
        raise IllegalPositionError("GRID-7", f"position: setup: {len(state.setup)} cells still to draw but "
                                             f"{len(free)} free cells left")
    taken = {c for c in state.pos if c is not None}
    room = [i for i, k in enumerate(state.cells) if k != "wall" and i not in taken]
    if state.placing < n and len(room) - len(state.setup) < n - state.placing:
        raise IllegalPositionError("GRID-5.1", f"position: placing: {n - state.placing} players still to place "
                                               f"but no room left for them")


def _check_given(state: "GridhuntState", field_: str, clause: str) -> None:
    """The orders (or shots) given so far: by living seats (a death not yet told still gives
    them, GRID-D9), each one the seat may give (``clause``), some seat still to give (GRID-D6)."""
    names = state.game.names
    what = "order" if field_ == "orders" else "shot"
    for p, a in getattr(state, field_).items():
        if not state.told_alive(p):
            raise IllegalPositionError("GRID-D6", f"position: {field_}.{p}: seat {p} is dead and gives no {what}")
        if a not in state._orders_of(p):
            raise IllegalPositionError(clause, f"position: {field_}.{p}: {a} is not {'an' if what == 'order' else 'a'} "
                                               f"{what} seat {p} may give from {names[state.pos[p] or 0]} with what it knows")
    if not state.current_players():
        if field_ == "orders":
            raise IllegalPositionError("GRID-D6", "position: orders: every living seat has given its order; the "
                                                  "phase is then resolve")
        raise IllegalPositionError("GRID-D6", "position: shots: every living seat has given its shot; they are "
                                              "resolved at once")


def _check_resolve(state: "GridhuntState") -> None:
    """A resolve phase: orders pending, no shot yet, each pending seat's move a path of 1 ..
    MAX_STEPS orthogonal steps (GRID-D6, GRID-3.1)."""
    g, names = state.game, state.game.names
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
