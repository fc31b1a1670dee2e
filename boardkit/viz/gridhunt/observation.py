"""Checks of the observations the gridhunt pictures draw (:mod:`boardkit.viz.gridhunt`): the
GM's truth (``observation(None)``: ``cells``, ``know``) or a seat's view (``observation(seat)``:
``you``), a hand-made one compared with the game's own observations
(:func:`boardkit.viz.layout.check_observation`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from boardkit.core.checks import check_whole
from boardkit.core.state import State
from boardkit.core.validate import shorten
from boardkit.games.gridhunt.actions import KINDS
from boardkit.games.gridhunt.rules import cell_names
from boardkit.viz.layout import cell_set, check_observation, check_values

#: The kinds a cell may be drawn as: the GM's kinds (GRID-2.2) and a free cell.
DRAWN_KINDS = ("free", *KINDS)


def is_truth(obs: dict[str, Any]) -> bool:
    """True for the GM's truth (``observation(None)``), False for a seat's view."""
    return "know" in obs and "cells" in obs


def check_grid_observation(obs: Any, name: str, arg: str = "obs") -> int:
    """The grid's size of a gridhunt observation ``obs``: the truth (``observation(None)``)
    or a seat's view (``observation(seat)``).

    Args:
        obs: the value to check.
        name: the picture's name (``"grid_svg"``), for the message.
        arg: its argument's name, for the message.

    Returns:
        The grid's size (1 .. 26).

    Raises:
        ValueError: naming ``name`` or ``arg``: ``obs`` is no dict (a State: the message says
            how to draw it), has no whole ``size`` 1 .. 26, has neither the truth's ``cells``
            and ``know`` nor a seat's ``you`` (a public observation), has an entry of
            another kind than the game's own observations have there
            (:func:`boardkit.viz.layout.check_observation`), or holds what no game's
            observation holds (a cell off the grid, a seat past the game's, ``alive`` not one
            entry per seat, a player on a wall or on another's cell).
    """
    if isinstance(obs, State):
        raise ValueError(f"{name}: {arg} is a gridhunt observation, not a State: draw a state with "
                         f"grid_figure(state, seat=0) or {name}(state.observation(0)) (seat=None: the truth)")
    if not isinstance(obs, dict) or "size" not in obs:
        got = "a dict without 'size'" if isinstance(obs, dict) else f"{shorten(obs)} ({type(obs).__name__})"
        raise ValueError(f"{name}: {arg} is a gridhunt observation (state.observation(seat), a dict with the grid's "
                         f"size), not {got}")
    size = check_whole(f"{name}: {arg}['size']", obs["size"], 1, 26)
    if not is_truth(obs) and "you" not in obs:
        raise ValueError(f"{name}: {arg} is the truth (observation(None), with 'cells' and 'know') or a seat's "
                         f"view (observation(seat), with 'you'); this one has neither (a public observation "
                         f"draws no grid)")
    check_observation(obs, _default_game(), arg)
    _GridContents(obs, size, arg).check()
    return size


class _GridContents:
    """The cells, kinds and seats inside an observation the grid view reads, each checked
    (the kinds of the entries are :func:`check_observation`'s): a cell off the grid, a kind no
    cell has, a seat that is no number or no seat of the game, a player on a wall or on another
    player's cell is refused naming the argument, the place and the value."""

    def __init__(self, obs: dict[str, Any], size: int, arg: str) -> None:
        self.obs, self.arg, self.size = obs, arg, size
        self.names = frozenset(cell_names(size))
        #: The number of seats, once known: a seat of a mapping by seat is below it.
        self.count: int | None = None

    def fail(self, where: str, value: Any, what: str) -> ValueError:
        return ValueError(f"{self.arg}: {where} holds {shorten(value)}, not {what}")

    def cell(self, where: str, value: Any) -> None:
        if not isinstance(value, str) or value not in self.names:
            raise self.fail(where, value, f"a cell of the {self.size}x{self.size} grid")

    def cells(self, where: str, values: Any) -> None:
        if not isinstance(values, (list, tuple)):
            raise self.fail(where, values, "a list of cells")
        for c in values:
            self.cell(where, c)

    def kind(self, where: str, value: Any) -> None:
        if value not in DRAWN_KINDS:
            raise self.fail(where, value, f"a kind of cell ({', '.join(DRAWN_KINDS)})")

    def seats(self, where: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, value, "a mapping by seat")
        for q in value:
            if not isinstance(q, str) or not q.isascii() or not q.isdigit() or len(q) > 4:
                raise self.fail(where, q, "a seat number as text ('0', '1', ...)")
            if self.count is not None and int(q) >= self.count:
                raise self.fail(where, q, f"a seat of the game's {self.count}")
        return value

    def seat_count(self) -> int | None:
        """The number of seats a seat's view gives (``players``, else as many as ``alive``
        has); it must be a whole number 1 .. 9999, ``alive`` one entry per seat and ``seat``
        one of them or None. None when the view gives neither."""
        obs = self.obs
        n = obs.get("players")
        if n is None and isinstance(obs.get("alive"), list):
            n = len(obs["alive"])
        if n is None:
            return None
        check_whole(f"{self.arg}: 'players'", n, 1, 9999)
        if isinstance(obs.get("alive"), list) and len(obs["alive"]) != n:
            raise self.fail("'alive'", obs["alive"], f"one entry per seat ({n})")
        if obs.get("seat") is not None:
            check_whole(f"{self.arg}: 'seat'", obs["seat"], 0, n - 1, f"'players' is {n}")
        return int(n)

    def truth_players(self) -> None:
        """The truth's players: seats ``'0'`` .. ``'n-1'`` (the ones placed so far in the set-up),
        each on a cell of the grid that is
        no wall (GRID-2.2) and no other player's, or on none (out of the game)."""
        players = self.seats("'players'", self.obs.get("players") or {})
        n = len(players)
        for q in players:
            if int(q) >= n or q != str(int(q)):
                raise self.fail("'players'", q, f"a seat '0' .. '{n - 1}' (the truth lists the seats from '0' on, each "
                                                  f"once)")
        walls = set(self.obs["cells"].get("wall") or ())
        taken: dict[str, str] = {}
        for q, pl in players.items():
            if not isinstance(pl, dict):
                raise self.fail(f"'players'[{q!r}]", pl, "a mapping")
            at = pl.get("at")
            if at is None:
                continue
            self.cell(f"'players'[{q!r}]['at']", at)
            if at in walls:
                raise self.fail(f"'players'[{q!r}]['at']", at, "a cell without a wall (it is one of 'cells'['wall'])")
            if at in taken:
                raise self.fail(f"'players'[{q!r}]['at']", at, f"a cell of its own (player {taken[at]} is there)")
            taken[at] = q
        self.count = n
        self.seats("'know'", self.obs.get("know") or {})

    def check(self) -> None:
        """Raises ValueError: the first cell, kind or seat that is not one."""
        obs = self.obs
        if is_truth(obs):
            for kind, cells in obs["cells"].items():
                self.kind("'cells'", kind)
                self.cells(f"'cells'[{kind!r}]", cells)
            self.truth_players()
            for key in ("walls", "teleports"):
                self.cells(f"'public'[{key!r}]", (obs.get("public") or {}).get(key, []))
            return
        self.count = self.seat_count()
        for key in ("known_walls", "known_teleports"):
            self.cells(repr(key), obs.get(key) or [])
        for q, c in self.seats("'beacons'", obs.get("beacons") or {}).items():
            self.cell(f"'beacons'[{q!r}]", c)
        views = [("'you'", obs["you"])]
        views += [(f"'team_views'[{q!r}]", v) for q, v in self.seats("'team_views'", obs.get("team_views") or {}).items()]
        for where, view in views:
            self.view(where, view)

    def view(self, where: str, view: Any) -> None:
        """A seat's own view (``you``, a teammate's): position, cells landed on, finds, looks."""
        if not isinstance(view, dict):
            raise self.fail(where, view, "a mapping")
        if view.get("position") is not None:
            self.cell(f"{where}['position']", view["position"])
            if view["position"] in (self.obs.get("known_walls") or ()):
                raise self.fail(f"{where}['position']", view["position"], "a cell without a wall (it is one of "
                                                                          "'known_walls')")
        for c, kind in (view.get("cells") or {}).items():
            self.cell(f"{where}['cells']", c)
            self.kind(f"{where}['cells'][{c!r}]", kind)
        for i, found in enumerate(view.get("found") or []):
            if not isinstance(found, (list, tuple)) or len(found) != 3:
                raise self.fail(f"{where}['found'][{i}]", found, "[round, cell, kind]")
            self.cell(f"{where}['found'][{i}]", found[1])
        for i, look in enumerate(view.get("looks") or []):
            at = f"{where}['looks'][{i}]"
            if not isinstance(look, dict) or not isinstance(look.get("round"), int) or isinstance(look.get("round"), bool):
                raise self.fail(at, look, "a look ({'round', 'at', 'radius', 'players'})")
            self.cell(f"{at}['at']", look.get("at"))
            check_whole(f"{self.arg}: {at}['radius']", look.get("radius"), 0, self.size)
            for q, c in self.seats(f"{at}['players']", look.get("players") or {}).items():
                self.cell(f"{at}['players'][{q!r}]", c)


def check_heat_map(size: Any, values: Any, marks: Any) -> tuple[int, dict[str, float], dict[str, str]]:
    """:func:`~boardkit.viz.gridhunt.value_figure`'s grid, numbers and marks, checked.

    Args:
        size: the grid's size: a whole number 1 .. 26.
        values: a mapping of cell of the grid -> finite number (None: none).
        marks: a mapping of cell of the grid -> text (None: none).

    Returns:
        ``(size, values, marks)`` as dicts.

    Raises:
        ValueError: ``"size must be a whole number 1 .. 26, not '-1'"``, ``"values: 'z99' is
            not a cell of the 8x8 grid; cells: ..."``, ``"values: a number per cell, not 'x' for
            a1"``, ``"marks: a mapping of cell name -> text, not 5 (int)"`` (each names the
            argument and the value).
    """
    size = check_whole("size", size, 1, 26)
    names, where = cell_names(size), f"the {size}x{size} grid"
    values = check_values(values, names, where)
    if marks is not None and not isinstance(marks, Mapping):
        raise ValueError(f"marks: a mapping of cell name -> text, not {shorten(marks)} ({type(marks).__name__})")
    marks = dict(marks or {})
    cell_set(list(marks), "marks", names, where)
    for cell, mark in marks.items():
        if not isinstance(mark, str):
            raise ValueError(f"marks: text per cell, not {shorten(mark)} ({type(mark).__name__}) for {cell}")
    return size, values, marks


@lru_cache(maxsize=1)
def _default_game() -> Any:
    import boardkit

    return boardkit.load_game("gridhunt")


__all__ = ["check_grid_observation", "check_heat_map", "is_truth"]
