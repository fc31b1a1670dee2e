"""Checks of the observations the gridhunt pictures draw (:mod:`boardkit.viz.gridhunt`): the
GM's truth (``observation(None)``: ``cells``, ``know``) or a seat's view (``observation(seat)``:
``you``), a hand-made one compared with the game's own observations
(:func:`boardkit.viz.layout.check_observation`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from boardkit.core.checks import check_whole
from boardkit.core.state import State
from boardkit.core.validate import shorten
from boardkit.games.gridhunt.actions import KINDS
from boardkit.games.gridhunt.rules import cell_names
from boardkit.viz.layout import check_observation

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
            and ``know`` nor a seat's ``you`` (a public observation), or has an entry of
            another kind than the game's own observations have there
            (:func:`boardkit.viz.layout.check_observation`).
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
    cell has or a seat that is no number is refused naming the argument, the place and the value."""

    def __init__(self, obs: dict[str, Any], size: int, arg: str) -> None:
        self.obs, self.arg, self.size = obs, arg, size
        self.names = frozenset(cell_names(size))

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
        return value

    def check(self) -> None:
        """Raises ValueError: the first cell, kind or seat that is not one."""
        obs = self.obs
        if is_truth(obs):
            for kind, cells in obs["cells"].items():
                self.kind("'cells'", kind)
                self.cells(f"'cells'[{kind!r}]", cells)
            for q, pl in self.seats("'players'", obs.get("players") or {}).items():
                if not isinstance(pl, dict):
                    raise self.fail(f"'players'[{q!r}]", pl, "a mapping")
                if pl.get("at") is not None:
                    self.cell(f"'players'[{q!r}]['at']", pl["at"])
            for key in ("walls", "teleports"):
                self.cells(f"'public'[{key!r}]", (obs.get("public") or {}).get(key, []))
            return
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
                alive = self.obs.get("alive")
                if isinstance(alive, list) and int(q) >= len(alive):
                    raise self.fail(f"{at}['players']", q, f"a seat of the game's {len(alive)} ('alive' has {len(alive)})")


@lru_cache(maxsize=1)
def _default_game() -> Any:
    import boardkit

    return boardkit.load_game("gridhunt")


__all__ = ["check_grid_observation", "is_truth"]
