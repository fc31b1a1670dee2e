"""Gridhunt's one rule path for a seat's orders (GRID-1.4, GRID-2.6, GRID-3.1, GRID-3.3,
GRID-3.5, GRID-4.1 .. GRID-4.3, GRID-D13 .. GRID-D21): the orders a seat may give and the reason an order
is refused come from the same predicates, evaluated for the seat that gives the order and from
what that seat knows (:class:`~boardkit.games.gridhunt.knowledge.KnowledgeMixin`: its cell,
the walls and teammates it knows of, its own mine and enhanced attack), never from another
seat's secrets or from the truth it has not been told (GRID-3.3: the GM truncates a path at a
hidden wall, so a hidden wall never makes an order illegal).

- :func:`move_orders`: the paths a seat may declare (the walk :func:`path_refusal` accepts, made
  once per start cell and set of nearby known walls by ``GridhuntGame.moves_from``);
- :func:`shot_cells`: the cells it may shoot;
- :func:`orders_of`: its orders now (the legal actions);
- :func:`draw_order`: one of them drawn uniformly without listing them (rollouts);
- :func:`refuse_order`: returns for a legal order, raises :class:`~boardkit.core.rules.Refusal`
  naming the clause otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, AbstractSet, Any, Sequence

from boardkit.core.actions import Action
from boardkit.core.rules import Refusal
from boardkit.games.gridhunt.actions import Move, Shoot, ShootAll, ShootNone, Stay
from boardkit.games.gridhunt.rules import MAX_STEPS, corner_cells, corner_closed, line_to, lines, neighbours4

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.state import GridhuntState

#: Order kinds of each half of a turn.
MOVE_ORDERS = (Move, Stay)
SHOT_ORDERS = (Shoot, ShootAll, ShootNone)
#: The phases of the shot half of a turn (sequential, simultaneous).
SHOT_PHASES = frozenset({"shot", "shots"})
_NO_NAMES: frozenset[str] = frozenset()


def shooting(state: "GridhuntState") -> bool:
    """True in the shot half of a turn (phase ``shot`` or ``shots``, GRID-4.1)."""
    return state.phase in SHOT_PHASES


def path_refusal(state: "GridhuntState", p: int, path: tuple[str, ...]) -> Refusal | None:
    """The walk of a declared path for seat ``p`` (GRID-3.1, GRID-2.1, GRID-D21, GRID-1.4):
    None when ``p`` may declare it, else the Refusal for its first faulty step. Only what ``p``
    knows is read: its cell, the walls it knows of, the teammates it knows of (GRID-D5).

    Args:
        state: the position.
        p: the seat giving the order (alive, placed).
        path: the declared cells after the start.
    """
    g = state.game
    at = state.seat_cell(p)
    assert at is not None
    size = state.size
    if not 1 <= len(path) <= MAX_STEPS:
        return Refusal("GRID-3.1", f"a path of {len(path)} steps: a player moves 1 to 6 cells")
    # GRID-D21: with wall_orders='stopped' a known wall in the path is no fault: the GM stops the move there
    walls = state.known_walls(p) if g.options.wall_orders == "refused" else set()
    cur, seen = at, {at}
    for k, name in enumerate(path):
        c = g.index.get(name)
        if c is None:
            return Refusal("GRID-2.1", f"{name} is off the {size}x{size} grid")
        if c == at and k == 0:  # the player's own cell named as a move
            return Refusal("GRID-3.1", f"{name} is your own cell (player {p}): a move leaves it, 1 to 6 orthogonal "
                                       f"steps; {_staying(state, p)}")
        if c not in neighbours4(size, cur):
            return Refusal("GRID-3.1", f"step {k + 1} to {name} is not one orthogonal step from {g.names[cur]} "
                                       f"(straight or zigzag, never diagonal)")
        if c in seen:
            return Refusal("GRID-3.1", f"the path visits {name} twice" + (" (it starts there)" if c == at else ""))
        if c in walls:
            return Refusal("GRID-D21", f"{name} is a wall you know of: a wall cannot be entered or passed over "
                                        f"(GRID-2.3), so a path into it is refused (with wall_orders='stopped' "
                                        f"the game master would stop you before it)")
        seen.add(c)
        cur = c
    if cur in state.known_mates(p):
        return Refusal("GRID-1.4", f"{path[-1]} holds a teammate you know of: teammates never kill each other "
                                   f"(GRID-3.4)")
    return None


def _staying(state: "GridhuntState", p: int) -> str:
    """How seat ``p`` stays, for a refusal of a move onto its own cell: 'move none' where it may
    (GRID-D20, GRID-D13), else only when boxed in, with a path it may declare instead."""
    if state.game.options.may_stay:
        return "to stay, order 'move none' (GRID-D20)"
    moves = move_orders(state, p)
    if not moves:
        return "you are boxed in by walls or teammates you know of: order 'move none' (GRID-D13)"
    return (f"'move none' (staying) is only for a player boxed in by walls or teammates it knows of (GRID-D13); "
            f"you can move, e.g. '{moves[0]}'")


def move_orders(state: "GridhuntState", p: int) -> list[Action]:
    """The paths seat ``p`` may declare, in notation order: exactly those
    :func:`path_refusal` accepts (1 .. 6 orthogonal steps in the grid, no cell twice, no wall
    ``p`` knows of, not ending on a teammate ``p`` knows of; GRID-3.1, GRID-3.3, GRID-1.4)."""
    g = state.game
    at = state.seat_cell(p)
    assert at is not None
    walls = frozenset(state.known_walls(p)) if g.options.wall_orders == "refused" else frozenset()  # GRID-D21
    moves = g.moves_from(at, walls)
    mates = state.known_mates(p)
    if mates:  # GRID-1.4: never knowingly onto a teammate
        moves = [m for m in moves if g.index[m.path[-1]] not in mates]  # type: ignore[attr-defined]
    return moves


def shot_cells(state: "GridhuntState", p: int) -> Sequence[int]:
    """The cells seat ``p`` may shoot: an orthogonal neighbour (GRID-4.1), or with an enhanced
    attack any cell 1 .. 6 away in line, in 8 directions or with ``line_directions=4`` the
    orthogonal ones (GRID-4.2, GRID-D18), never at or through a wall ``p`` knows of (GRID-4.3,
    GRID-D11), nor with ``corner_walls='block'`` past two it knows of that meet at a corner
    across the line (GRID-D22)."""
    at = state.seat_cell(p)
    assert at is not None
    walls = state.known_walls(p)
    if not state.enhanced[p]:
        near = state.game.neighbours[at]  # neighbours4, looked up
        return near if walls.isdisjoint(near) else [c for c in near if c not in walls]
    out = []
    corners = state.game.options.corner_walls == "block"
    for ray in lines(state.size, at, state.game.options.line_directions):  # GRID-D18
        if corners:  # GRID-D22
            ray = ray[:corner_closed(state.size, ray, at, walls)]
        for c in ray:
            if c in walls:
                break
            out.append(c)
    return out


def orders_of(state: "GridhuntState", p: int) -> list[Action]:
    """The orders seat ``p`` may give now (its legal actions), from what it knows; moves in
    notation order, shots sorted by notation.

    A blocked player's only move order is ``move none`` (GRID-3.5); it shoots as usual, or
    with ``mine_blocks_shot`` its only shot order is ``shoot none`` (GRID-D19). A player with no
    path to declare stays (GRID-D13); with ``may_stay`` any player may stay (GRID-D20).
    """
    g = state.game
    shot = shooting(state)
    if state.idle[p] and (not shot or g.options.mine_blocks_shot):  # GRID-3.5, GRID-D19
        return [g.shoot_none if shot else g.stay]
    if not shot:
        moves = move_orders(state, p)
        if g.options.may_stay:  # GRID-D20: staying is an order like any other
            return sorted([*moves, g.stay], key=str)
        return moves or [g.stay]  # GRID-D13: boxed in by what it knows, it stays
    out: list[Action] = [g.shoot_none]
    if state.enhanced[p]:  # GRID-2.6, GRID-4.2
        out.append(g.shoot_all)
    out += [g.shoot_actions[c] for c in shot_cells(state, p)]
    return sorted(out, key=str)


#: Refused draws of :func:`draw_order` before it gives up (its caller then draws from the list).
TRIES = 16


def draw_order(state: "GridhuntState", p: int, rng: Any, tries: int | None = None) -> Action | None:
    """One order of seat ``p`` drawn uniformly among :func:`orders_of` without listing them: the
    rollout step of ``sample_legal_action`` (``GridhuntState._sample_legal``).

    - A blocked seat's one order (GRID-3.5, GRID-D19) is returned as is.
    - A shot: the orders are ``shoot none``, ``shoot all`` with an enhanced attack (GRID-2.6,
      GRID-4.2) and a shot at each of :func:`shot_cells`; one ``rng.randrange`` over their count
      picks one, each with the same chance (the list's order does not matter to a uniform draw).
    - A move: one ``rng.randrange`` over every path from the seat's cell with walls ignored
      (``GridhuntGame.all_moves``: 1 .. 6 orthogonal steps, no cell twice, GRID-3.1), plus
      ``move none`` with ``may_stay`` (GRID-D20). A path is kept when it enters no wall the seat
      knows of (GRID-3.3; none with ``wall_orders='stopped'``, GRID-D21) and does not end on a
      teammate it knows of (GRID-1.4): exactly the paths :func:`move_orders` lists. Else another
      is drawn. Every legal order has the same chance at each draw, so the one kept is uniform
      among them.

    Args:
        state: the position; ``p`` is to act (alive, placed).
        p: the seat.
        rng: a ``random.Random``; integers are drawn with its ``_randbelow`` (the draw behind
            ``randrange(n)``: the same numbers) when it has one, else with ``randrange``.
        tries: the draws of a move before giving up (None: :data:`TRIES`).

    Returns:
        A legal order (the game's own object), or None after ``tries`` refused draws: the
        caller then draws from the whole list (the seat boxed in stays, GRID-D13), which keeps
        every order's chance equal.
    """
    g = state.game
    o = g.opts
    shot = state.phase in SHOT_PHASES
    if state.idle[p] and (not shot or o.mine_blocks_shot):  # GRID-3.5, GRID-D19: one order
        return g.shoot_none if shot else g.stay
    draw = getattr(rng, "_randbelow", None) or rng.randrange  # the draw behind randrange(n): the same numbers
    at = state.seat_cell(p)
    assert at is not None
    if shot:
        cells = shot_cells(state, p)
        k = len(cells)
        i = draw(k + 2 if state.enhanced[p] else k + 1)  # GRID-4.1, GRID-2.6
        return g.shoot_actions[cells[i]] if i < k else g.shoot_none if i == k else g.shoot_all
    moves = g._all_paths.get(at)
    if moves is None:
        moves = g.all_moves(at)
    k = len(moves)
    n = k + 1 if o.may_stay else k  # GRID-D20: staying is one more order
    walls = g.wall_names(state.known_walls(p)) if o.wall_orders == "refused" else _NO_NAMES  # GRID-D21
    ends: AbstractSet[str]
    if g.teams is None:
        ends = _NO_NAMES
    else:
        mates = state.known_mates(p)
        ends = {g.names[c] for c in mates} if mates else _NO_NAMES
    for _ in range(TRIES if tries is None else tries):
        i = draw(n)
        if i == k:
            return g.stay
        m = moves[i]
        path = m.path  # type: ignore[attr-defined]
        # GRID-3.3: no cell of the path a wall the seat knows of; GRID-1.4: not onto a teammate it knows of
        if walls.isdisjoint(path) and path[-1] not in ends:
            return m
    return None


def refuse_order(state: "GridhuntState", action: Action, p: int) -> None:
    """The rule path for an order of seat ``p`` (alive and to act): returns when ``action`` is
    among :func:`orders_of`, raises Refusal naming the clause otherwise, with a reason about
    ``p`` computed from what ``p`` knows.

    Raises:
        Refusal: GRID-6 (a move order in the shot half or the reverse), GRID-3.5 (a blocked
            player moves), GRID-D19 (a blocked player shoots, option mine_blocks_shot), GRID-3.1 /
            GRID-2.1 / GRID-D21 / GRID-1.4 (the path), GRID-2.6 / GRID-4.1 / GRID-4.2 /
            GRID-4.3 / GRID-D18 / GRID-D22 (the shot).
    """
    g = state.game
    shot = shooting(state)
    if isinstance(action, MOVE_ORDERS) and shot:
        raise Refusal("GRID-6", "the move is made; a shot order (or 'shoot none') comes now")
    if isinstance(action, SHOT_ORDERS) and not shot:
        raise Refusal("GRID-6", "a move order comes first; the shot follows the move (GRID-4.1)")
    if not isinstance(action, MOVE_ORDERS + SHOT_ORDERS):  # pragma: no cover - chance actions are refused earlier
        raise Refusal("GRID-6", "this action is not an order")
    if state.idle[p] and not shot:  # GRID-3.5
        if isinstance(action, Stay):
            return
        raise Refusal("GRID-3.5", f"you (player {p}) are blocked by a mine this turn: you do not move ('move none')")
    if state.idle[p] and g.options.mine_blocks_shot:  # GRID-D19
        if isinstance(action, ShootNone):
            return
        raise Refusal("GRID-D19", f"you (player {p}) are blocked by a mine this turn and, under mine_blocks_shot, "
                                  f"lose your shot too ('shoot none')")
    if isinstance(action, Stay):
        if g.options.may_stay or not move_orders(state, p):  # GRID-D20, GRID-D13
            return
        raise Refusal("GRID-3.1", f"a player moves 1 to 6 cells: {_staying(state, p)}")
    if isinstance(action, Move):
        r = path_refusal(state, p, action.path)
        if r is not None:
            raise r
        return
    if isinstance(action, ShootNone):
        return
    if isinstance(action, ShootAll):
        if state.enhanced[p]:
            return
        raise Refusal("GRID-2.6", "shooting all 8 surrounding cells needs an enhanced attack this turn")
    assert isinstance(action, Shoot)
    _refuse_shot(state, action, p)


def _refuse_shot(state: "GridhuntState", action: Shoot, p: int) -> None:
    """:func:`refuse_order` for a shot at one cell (GRID-2.1, GRID-4.1 .. GRID-4.3, GRID-D18,
    GRID-D22), from what seat ``p`` knows: returns when ``action`` is among its orders."""
    g = state.game
    at = state.seat_cell(p)
    assert at is not None
    c = g.index.get(action.cell)
    if c is None:
        raise Refusal("GRID-2.1", f"{action.cell} is off the {state.size}x{state.size} grid")
    if c in shot_cells(state, p):
        return
    walls = state.known_walls(p)
    if not state.enhanced[p]:
        if c in neighbours4(state.size, at):  # only a known wall keeps a neighbour out of shot_cells
            raise Refusal("GRID-4.3", f"{action.cell} is a wall you know of: no attack passes a wall (GRID-2.3)")
        raise Refusal("GRID-4.1", f"{action.cell} is not one of the 4 orthogonal neighbours of your cell "
                                  f"{g.names[at]}")
    directions = g.options.line_directions
    line = line_to(state.size, at, c, directions)
    if line is None:
        if directions == 4 and line_to(state.size, at, c, 8) is not None:
            raise Refusal("GRID-D18", f"{action.cell} is on a diagonal from your cell {g.names[at]}: under "
                                      f"line_directions=4 a line shot goes straight along a row or a column")
        raise Refusal("GRID-4.2", f"{action.cell} is not 1 to 6 cells away from your cell {g.names[at]} in a "
                                  f"straight line (along a row, a column or a diagonal, GRID-D18)"
                                  if directions == 8 else
                                  f"{action.cell} is not 1 to 6 cells away from your cell {g.names[at]} in a "
                                  f"straight orthogonal line")
    # the first thing on the line the seat knows closes it: a wall (GRID-4.3) or a corner (GRID-D22)
    reach = corner_closed(state.size, line, at, walls) if g.options.corner_walls == "block" else len(line)
    for i, x in enumerate(line):
        if i == reach:
            pair = corner_cells(state.size, line[i - 1] if i else at, x)
            assert pair is not None
            raise Refusal("GRID-D22", f"the walls you know of on {g.names[pair[0]]} and {g.names[pair[1]]} meet at a "
                                      f"corner across the line from your cell {g.names[at]} to {action.cell}: with "
                                      f"corner_walls='block' a diagonal shot does not pass between them")
        if x == c and x in walls:
            raise Refusal("GRID-4.3", f"{action.cell} is a wall you know of: no attack passes a wall (GRID-2.3)")
        if x in walls:
            raise Refusal("GRID-4.3", f"the wall you know of on {g.names[x]} stands between your cell {g.names[at]} "
                                      f"and {action.cell}: shots never pass through walls")
    raise AssertionError(f"{action.cell}: a line shot out of shot_cells with nothing known on its line")  # pragma: no cover


__all__ = ["MOVE_ORDERS", "SHOT_ORDERS", "TRIES", "draw_order", "move_orders", "orders_of", "path_refusal",
           "refuse_order", "shot_cells", "shooting"]
