"""Gridhunt worlds a seat cannot tell from the truth, for search agents (GRID-5, GRID-D9):
:func:`determinize` keeps what the seat knows and draws the rest again from what it can infer,
never reading the truth it has not been told. The drawn world carries no true past: its record
starts at the drawn position, and ``history(seat)`` of the world is the seat's own view."""

from __future__ import annotations

from typing import TYPE_CHECKING, AbstractSet, Any

from boardkit.games.gridhunt.actions import KINDS
from boardkit.games.gridhunt.knowledge import Knowledge
from boardkit.games.gridhunt.rules import around

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.state import GridhuntState


def _drawn_cells(state: "GridhuntState", share: set[int], walls: AbstractSet[int], rng: Any) -> tuple[list[str], set[int]]:
    """The drawn layout (cell kinds) and the cells the sharing seats have looked at."""
    size = state.size
    teles = set(state.public_teleports)
    known: dict[int, str] = {}
    looked: set[int] = set()
    for q in share:
        k = state.know[q]
        teles |= k.teleports
        known.update(k.cells)
        for _, at, rad, _seen in k.looks:
            looked.update(around(size, at, rad))
            looked.add(at)
    for c in walls:
        known[c] = "wall"
    for c in teles:
        known[c] = "teleport"
    left = dict(state.game.counts)
    for kind in known.values():
        if kind in left:
            left[kind] = max(0, left[kind] - 1)
    unknown = [c for c in range(size * size) if c not in known]
    rng.shuffle(unknown)
    open_cells = [c for c in unknown if c not in looked]  # may be a wall or a teleport
    cells = dict(known)
    for kind in ("wall", "teleport"):
        for _ in range(left.get(kind, 0)):
            if open_cells:
                cells[open_cells.pop()] = kind
    rest = [c for c in unknown if c not in cells]
    for kind in KINDS:
        if kind in ("wall", "teleport", "free"):
            continue
        for _ in range(left.get(kind, 0)):
            if rest:
                cells[rest.pop()] = kind
    return [cells.get(c, "free") for c in range(size * size)], looked


def determinize(state: "GridhuntState", player: int, rng: Any) -> "GridhuntState":
    """A state seat ``player`` cannot tell from ``state`` (see
    :meth:`GridhuntState.determinize <boardkit.games.gridhunt.state.GridhuntState.determinize>`).

    Args:
        state: the true state (not changed).
        player: the seat (0-based, checked by the caller).
        rng: a ``random.Random``.
    """
    w = state.clone()
    size = state.size
    share = set(state.sharers(player))
    walls = state.known_walls(player)
    w.cells, _looked = _drawn_cells(state, share, walls, rng)
    latest = max((look for q in share for look in state.know[q].looks), key=lambda look: look[0], default=None)
    seen_now = {s: c for s, c in latest[3]} if latest is not None and latest[0] == state.round else {}
    view = set(around(size, latest[1], latest[2])) | {latest[1]} if latest is not None else set()
    # Deaths not yet told (GRID-D9) are unknown to the seat: in the drawn world those players
    # live; the sharing seats stand where they believe they stand.
    for q in list(state.ghosts):
        w.alive[q] = True
        w.pos[q] = state.ghosts[q] if q in share else None
    w.ghosts = {}
    w.deaths = list(state.told_deaths())
    mine = {w.pos[q] for q in share if w.alive[q]}
    for q in range(state.n):
        if q in share:
            continue
        # What another player holds and knows is hidden, dead or alive (GRID-5).
        w.shield[q] = w.blocked[q] = w.enhanced[q] = w.idle[q] = False
        w.radius[q] = 0
        w.know[q] = Knowledge()
        if not w.alive[q]:
            continue
        if not (state.beaconed[q] or q in seen_now):
            w.pos[q] = None
        elif w.pos[q] is None:  # a beaconed player whose death is not told stands where it was
            w.pos[q] = state.ghosts.get(q)
    for q in range(state.n):
        if q in share or not w.alive[q] or w.pos[q] is not None:
            continue
        taken = {w.pos[r] for r in range(state.n) if w.alive[r]} | mine
        free = [c for c in range(size * size) if w.cells[c] != "wall" and c not in taken and c not in view]
        if not free:
            free = [c for c in range(size * size) if w.cells[c] != "wall" and c not in taken]
        w.pos[q] = free[rng.randrange(len(free))]
    for given in (w.orders, w.shots):  # who has given an order is public; what, not (GRID-D6)
        for q in list(given):
            if q not in share and w.alive[q]:
                choices = w._orders_of(q)  # in notation order
                given[q] = choices[rng.randrange(len(choices))]
    w._legal_cache = w._chances = w._seat_legal = None
    # No true past in a drawn world: its record starts here, and the seat's view of the past
    # is kept as text (GRID-5: what the seat saw; nothing else).
    w._start_record_here(player, state)
    return w


__all__ = ["determinize"]
