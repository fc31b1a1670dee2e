"""Reachability of a character's moves and abilities, as networkx graphs (Leaders).

For one character of a position, with every other piece where it stands, build the directed
graph "cell u -> cell v when the character on u can end its action on v" (moves and its
active ability, all rules applied: LEAD-2.2, LEAD-5, LEAD-6.3 .. LEAD-6.5, LEAD-3.5) and ask
networkx how many actions each cell is away. Plain data out: dicts of cell names.
"""

from __future__ import annotations

from typing import Any

import networkx as nx

from boardkit.core.checks import check_cell, check_state


def _character_cell(state: Any, cell: Any) -> None:
    """Refuse a state of another game, a cell not on its board, or a cell with no character,
    naming the argument (ValueError)."""
    check_state(state, "leaders")
    board = state.game.board
    check_cell(cell, board.names, where=f"board {board.name}")
    if cell not in state.observation(None)["pieces"]:
        raise ValueError(f"cell: there is no character on {cell}")


def one_action(state: Any, cell: str) -> dict[str, list[str]]:
    """Cells the character on ``cell`` can end on in one action, with the actions doing it.

    Args:
        state: a LeadersState.
        cell: cell name of the character.

    Returns:
        ``{end_cell: [action notation, ...]}``, end cells other than ``cell`` itself, sorted.

    Raises:
        ValueError: ``state`` is not a Leaders state; ``cell`` is not a cell of its board or
            has no character (the message names the argument and the value).
    """
    _character_cell(state, cell)
    return _one_action(state, cell)


def _one_action(state: Any, cell: str) -> dict[str, list[str]]:
    """:func:`one_action` on arguments already checked."""
    out: dict[str, list[str]] = {}
    for action, end in state.character_moves(cell):
        if end != cell:
            out.setdefault(end, []).append(str(action))
    return dict(sorted(out.items()))


def reach_graph(state: Any, cell: str) -> nx.DiGraph:
    """Directed graph of where the character on ``cell`` can go, one action per edge.

    Nodes are cell names (the start and every cell reachable by a chain of its actions, the
    rest of the board fixed); edge (u, v) has ``actions``: the notations that take it from u
    to v. Found by breadth-first search over relocated copies of the position.

    Args:
        state: a LeadersState.
        cell: cell name of the character.

    Returns:
        ``networkx.DiGraph`` with graph attribute ``start`` = ``cell`` and ``kind``.

    Raises:
        ValueError: as :func:`one_action`.
    """
    _character_cell(state, cell)
    kind = state.observation(None)["pieces"][cell]["kind"]
    g = nx.DiGraph(start=cell, kind=kind)
    g.add_node(cell)
    frontier = [cell]
    while frontier:
        nxt = []
        for u in frontier:
            here = state if u == cell else state.relocated(cell, u)
            for v, actions in _one_action(here, u).items():
                if v not in g:
                    nxt.append(v)
                g.add_edge(u, v, actions=actions)
        frontier = nxt
    return g


def actions_to_reach(state: Any, cell: str) -> dict[str, int]:
    """Fewest actions (so, turns: one action per character per turn, LEAD-2.2) the character
    on ``cell`` needs to stand on each reachable cell, others not moving.

    Args:
        state: a LeadersState.
        cell: cell name of the character.

    Returns:
        ``{cell name: number of actions}``, 0 for ``cell`` itself.

    Raises:
        ValueError: as :func:`one_action`.
    """
    return dict(nx.single_source_shortest_path_length(reach_graph(state, cell), cell))


def ability_reach(state: Any, player: int | None = None) -> dict[str, dict[str, list[str]]]:
    """For each character of ``player`` (default: the player to move), where one action can
    put it, split by verb (``move`` or the ability's verb).

    Args:
        state: a LeadersState.
        player: a seat, or None for the player to move.

    Returns:
        ``{cell of the character: {verb: [end cells]}}``.

    Raises:
        ValueError: ``state`` is not a Leaders state; ``player`` is not a seat of the game
            (the message names the argument and the value).
    """
    check_state(state, "leaders")
    if player is None:
        player = state.to_move
    state.check_seat(player)
    obs = state.observation(None)
    out: dict[str, dict[str, list[str]]] = {}
    for cell, pc in sorted(obs["pieces"].items()):
        if pc["owner"] != player:
            continue
        by_verb: dict[str, set[str]] = {}
        for action, end in state.character_moves(cell):
            by_verb.setdefault(str(action).split()[0], set()).add(end)
        out[cell] = {v: sorted(ends) for v, ends in sorted(by_verb.items())}
    return out
