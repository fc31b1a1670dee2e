"""What a gridhunt seat is told, step by step, worked out from the GM's truth alone (GRID-5,
GRID-D9): an oracle for the no-leak tests, independent of the engine's knowledge records.

:class:`Told` follows one game from one step on. For each step it reads the truth before and
after (``state.to_position()``: cells, players' cells and states, phase; never the engine's
``public`` or ``know`` parts) and writes down what the seat may learn at that step:

- the history entry as the seat sees it (layout draws, others' start cells and others' orders
  hidden; ``turn p`` public);
- the public state of the turn (phase, round, turns, who acted, who is to act), who is alive
  (a death told at the end of its round, GRID-D9, unless ``deaths_told='at_once'``),
  beaconed players' cells (GRID-2.7), a wall that stopped a move (GRID-3.3) and both teleports
  once one is used (GRID-2.8), worked out from the declared path on the truth;
- the seat's own state (and, with shared vision, its teammates', GRID-1.3): cell, shield,
  block, enhanced attack, beacon;
- after its own move: the kind of cell it landed on (GRID-5.4) and every wall, teleport and
  player within its sight radius (GRID-5.2).

Two truths with equal ``Told.events`` for a seat differ only in what that seat cannot know, so
the seat's observation, history and saved view must be equal.
"""

from __future__ import annotations

from typing import Any

from boardkit.games.gridhunt.actions import Layout, Move, Start, Turn
from boardkit.games.gridhunt.rules import around, cell_index


def sharers(state: Any, seat: int) -> set[int]:
    """``seat`` and, with ``team_shares_vision``, its teammates (GRID-1.3)."""
    teams = state.game.teams  # GRID-1.2, GRID-D12: p % teams, or the membership of option team_of
    if state.game.options["team_shares_vision"] and teams is not None:
        return {q for q in range(state.n) if teams[q] == teams[seat]}
    return {seat}


def _kinds(pos: dict[str, Any], size: int) -> dict[int, str]:
    out = {}
    for kind, cells in pos["cells"].items():
        for name in cells:
            out[cell_index(size, name)] = kind
    return out


def _at(pos: dict[str, Any], q: int, size: int) -> int | None:
    pl = pos["players"].get(str(q))
    return None if pl is None or pl["at"] is None else cell_index(size, pl["at"])


class Told:
    """The events told to ``seat`` from one step on (see the module doc)."""

    def __init__(self, state: Any, seat: int) -> None:
        self.seat = seat
        self.size = state.size
        self.share = sharers(state, seat)
        self.events: list[Any] = []
        #: seat -> (round, cell) of a death (GRID-D9: told at the end of its round by default).
        self.died: dict[int, tuple[int, int | None]] = {}
        self.at_once = state.game.options.get("deaths_told") == "at_once"

    def _untold(self, a: dict[str, Any]) -> dict[int, int | None]:
        """Deaths not yet told after this step (GRID-D9), seat -> the cell where it died."""
        if self.at_once or a["phase"] == "over":
            return {}
        return {q: c for q, (r, c) in self.died.items() if a["round"] == r}

    def step(self, before: Any, action: Any, actor: int | None, after: Any) -> None:
        """Record what the seat learns when ``action`` (given by ``actor``, None for chance or
        the single mover) takes the state from ``before`` to ``after`` (both states; not changed)."""
        b, a = before.to_position(finished=True), after.to_position(finished=True)
        size = self.size
        mover = actor if actor is not None else before.current_player()
        if isinstance(action, Layout):
            entry = "layout ?"
        elif isinstance(action, Start):
            entry = str(action) if action.player in self.share else "start ?"
        elif isinstance(action, Turn):
            entry = str(action)
        else:
            entry = str(action) if mover in self.share else str(action).split()[0] + " ?"
        for q, pl in a["players"].items():
            was = b["players"].get(q, {})
            if was.get("alive", True) and was.get("at") is not None and not pl.get("alive", True):
                self.died[int(q)] = (b["round"], was["at"])
        untold = self._untold(a)

        def told(q: str, pl: dict[str, Any]) -> dict[str, Any]:
            """A player as the seats are told (GRID-D9: alive on its last cell until told)."""
            return {**pl, "alive": True, "at": untold[int(q)]} if int(q) in untold else pl

        players = {q: told(q, pl) for q, pl in a["players"].items()}
        ev: list[Any] = [entry, after.current_player(), after.current_players(), a["phase"], a["round"], a["turns"],
                         a["acted"], [pl.get("alive", True) for _, pl in sorted(players.items())]]
        ev.append(sorted((q, pl["at"]) for q, pl in players.items() if pl.get("beaconed") and pl.get("alive", True)))
        ev.append(after.outcome() and after.outcome().to_dict())
        kinds = _kinds(b, size)
        # whose move resolves in this step: the mover's order (sequential) or a drawn one (simultaneous)
        resolving = None
        order = None
        if b["phase"] == "move":
            resolving, order = mover, action
        elif b["phase"] == "resolve" and isinstance(action, Turn):
            resolving = action.player
            text = b["orders"].get(str(resolving))
            order = before.parse_action(text) if text else None
        if resolving is not None and _at(b, resolving, size) is not None:
            start = _at(b, resolving, size)
            trail = [start]
            if isinstance(order, Move):
                for name in order.path:
                    c = cell_index(size, name)
                    if kinds.get(c) == "wall":
                        ev.append(("wall stopped a move", c))  # GRID-3.3
                        break
                    trail.append(c)
            end = _at(a, resolving, size)
            teleports = sorted(c for c, k in kinds.items() if k == "teleport")
            if end is not None and end in teleports and end not in trail:
                ev.append(("teleport used", teleports))  # GRID-2.8
            elif (end is not None and end != start and end in teleports and end == trail[-1]
                  and before.game.options.get("teleport_told", "used") == "landed"):
                ev.append(("teleport landed", end))  # GRID-D3: landed on, the arrival occupied
            if resolving in self.share and end is not None:
                landed = end if end in trail else [t for t in teleports if t != end][0]
                ev.append(("landed", landed, kinds.get(landed, "free") if landed != start else None))
                radius = a["players"][str(resolving)]["radius"]
                after_kinds = _kinds(a, size)
                occupants = {_at(a, q, size): q for q in range(before.n) if _at(a, q, size) is not None}
                ev.append(("sight", resolving, end, radius,
                           [(c, after_kinds.get(c) if after_kinds.get(c) in ("wall", "teleport") else None,
                             occupants.get(c)) for c in around(size, end, radius)]))
        for s in sorted(self.share):
            ev.append(("own", s, players.get(str(s)), a["orders"].get(str(s)), a["shots"].get(str(s))))
        self.events.append(ev)


__all__ = ["Told", "sharers"]
