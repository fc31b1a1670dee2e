"""The checks a layout document must pass before it is an Armageddon board (ARMA-9): the
main compartments and home circles (ARMA-2.1), every path along the edges of its side (Earth's
trajectories and surface, the aliens' way and ring, the officer's path and arc), the laser
(ARMA-4.2, ARMA-4.3) and the crossings of the blue trajectory (ARMA-5.4).

:func:`boardkit.games.armageddon.board.board_from_layout` runs them in order; each raises
:class:`~boardkit.core.validate.BoardkitDataError` naming the file, the set or edge and the
clause.
"""

from __future__ import annotations

from typing import Any, Mapping

from boardkit.core.validate import BoardkitDataError


#: The Earth colours in the seed's order (ARMA-1.1).
COLOURS: tuple[str, ...] = ("red", "green", "yellow")
#: The three sides (edge sets) of the graph.
SIDES: tuple[str, ...] = ("earth", "aliens", "officer")


def compartment_sets(s: Mapping[str, tuple[str, ...]], where: str) -> list[str]:
    """The names of the main compartments' sets in order (``compartment_1``, ... ARMA-2.1).

    Raises:
        BoardkitDataError: none, or not numbered 1, 2, ... without a gap.
    """
    comps = [k for k in s if k.startswith("compartment_")]
    comps.sort(key=lambda k: int(k.split("_")[1]) if k.split("_")[1].isdigit() else 99)
    if not comps or [f"compartment_{i + 1}" for i in range(len(comps))] != comps:
        raise BoardkitDataError(f"{where}: sets: the main compartments are sets compartment_1, compartment_2, ... "
                                f"(got {', '.join(comps) or 'none'})")
    return comps


def check_homes(s: Mapping[str, tuple[str, ...]], comps: list[str], chips: int, where: str) -> None:
    """Every home circle in exactly one compartment, every compartment circle a home circle,
    ``chips`` home circles per colour (ARMA-2.1).

    Raises:
        BoardkitDataError: naming the circle or the colour.
    """
    homes_all = [h for c in COLOURS for h in s[f"home_{c}"]]
    in_comp = [h for k in comps for h in s[k]]
    for h in homes_all:
        if in_comp.count(h) != 1:
            raise BoardkitDataError(f"{where}: sets: home circle {h} is in {in_comp.count(h)} compartments, not one (ARMA-2.1)")
    for h in in_comp:
        if h not in homes_all:
            raise BoardkitDataError(f"{where}: sets: {h} is in a compartment but is no colour's home circle (ARMA-2.1)")
    for colour in COLOURS:
        n = len(s[f"home_{colour}"])
        if n != chips:
            more = "more" if n > chips else "fewer"
            raise BoardkitDataError(f"{where}: sets.home_{colour}: {n} home circles, {more} than the {chips} {colour} chips "
                                    f"(ARMA-2.1: each chip starts on a home circle of its colour)")


class PathEdges:
    """A layout's edges per side and the ones its paths have used so far
    (:func:`~boardkit.games.armageddon.board.board_from_layout` checks every path against them,
    then that no edge is left over, ARMA-9)."""

    def __init__(self, doc: dict[str, Any], where: str) -> None:
        self.doc, self.where = doc, where
        self.edges = {side: set(map(tuple, doc["edges"][side])) for side in SIDES}
        self.used: dict[str, set[tuple[str, str]]] = {side: set() for side in SIDES}

    def need(self, side: str, a: str, b: str, path: str) -> None:
        """The edge ``a -> b`` of ``side`` is there (and now used).

        Raises:
            BoardkitDataError: it is missing: ``path`` (in words) does not connect.
        """
        if (a, b) not in self.edges[side]:
            raise BoardkitDataError(f"{self.where}: edges.{side}: the {path} does not connect: no {side} edge {a} -> {b} "
                                    f"(ARMA-9)")
        self.used[side].add((a, b))

    def walk(self, side: str, nodes: tuple[str, ...], path: str) -> None:
        """:meth:`need` for each step of ``nodes`` in order."""
        for a, b in zip(nodes, nodes[1:]):
            self.need(side, a, b, path)

    def check_all_used(self) -> None:
        """Raises BoardkitDataError naming the first edge (by side, then index) no path used."""
        for side in SIDES:
            for j, e in enumerate(self.doc["edges"][side]):
                if tuple(e) not in self.used[side]:
                    raise BoardkitDataError(f"{self.where}: edges.{side}[{j}]: dangling edge {e[0]} -> {e[1]}: it is on no "
                                            f"path of the {side} side (ARMA-9)")


def check_earth_paths(paths: PathEdges, s: Mapping[str, tuple[str, ...]], one: Mapping[str, str],
                       where: str) -> dict[str, tuple[str, ...]]:
    """The Earth side's paths along its edges: from each home circle to every launch-table
    circle, from the table along each trajectory to the landing point (ARMA-3.3, ARMA-4.1),
    the surface from the landing point to GK (ARMA-4.5).

    Returns:
        The trajectory of each colour.

    Raises:
        BoardkitDataError: an empty trajectory, a missing edge.
    """
    trajs: dict[str, tuple[str, ...]] = {}
    for colour in COLOURS:
        traj = s[f"traj_{colour}"]
        if not traj:
            raise BoardkitDataError(f"{where}: sets.traj_{colour}: the trajectory has no circle (ARMA-4.1)")
        trajs[colour] = traj
        for h in s[f"home_{colour}"]:
            for t in s["table"]:
                paths.need("earth", h, t, f"way from home circle {h} to the launch table")
        for t in s["table"]:
            paths.need("earth", t, traj[0], f"{colour} trajectory from the launch table")
        paths.walk("earth", traj + (one["landing"],), f"{colour} trajectory")
    paths.walk("earth", (one["landing"],) + s["surface"] + (one["gk"],), "surface path (Earth's arrows)")
    return trajs


def check_ship_paths(paths: PathEdges, s: Mapping[str, tuple[str, ...]],
                      one: Mapping[str, str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The aliens' and the officer's paths along their edges: the warriors' way out to the dot
    circle, the surface against Earth's arrows and the far side of the ring (ARMA-3.7,
    ARMA-D6), the officer's path and its arc home (ARMA-5.1, ARMA-5.3).

    Returns:
        ``(far, arc)``: the far side's and the arc's circles (empty when the layout has none).

    Raises:
        BoardkitDataError: a missing edge.
    """
    surf = (one["landing"],) + s["surface"] + (one["gk"],)
    for n in s["numbered"]:
        paths.need("aliens", n, one["dot"], f"warriors' way out of the main compartment from {n}")
    far = s.get("far", ())
    arc = s.get("arc", ())
    back = (one["dot"],) + tuple(reversed(surf)) + far + ((one["gk"],) if far else ())
    paths.walk("aliens", back, "surface path and ring (the aliens' arrows)")
    route = (one["depot"], one["dot"], one["gk"]) + s["exit"] + (one["pad"],) + s["blue"] + (one["cruiser"], one["dot"])
    paths.walk("officer", route, "officer's path (exit path, launch pad, blue trajectory)")
    if arc:
        paths.walk("officer", s["blue"][-1:] + arc + (one["dot"],), "officer's arc home (ARMA-5.3)")
    return far, arc


def check_laser(s: Mapping[str, tuple[str, ...]], one: Mapping[str, str], on_traj: Mapping[str, str],
                 where: str) -> None:
    """The laser beam crosses each Earth trajectory once, on its ``laser`` circles (ARMA-4.2);
    the laser-control circle is on the surface (ARMA-4.3).

    Raises:
        BoardkitDataError: naming the circle or the trajectory.
    """
    laser = s["laser"]
    for n in laser:
        if n not in on_traj:
            raise BoardkitDataError(f"{where}: sets.laser: laser crossing {n} is on no Earth trajectory (ARMA-4.2)")
    for colour in COLOURS:
        k = sum(1 for n in laser if on_traj.get(n) == colour)
        if k != 1:
            raise BoardkitDataError(f"{where}: sets.laser: the laser beam crosses the {colour} trajectory {k} times, "
                                    f"not once (ARMA-4.2)")
    if one["control"] not in s["surface"]:
        raise BoardkitDataError(f"{where}: sets.control: the laser-control circle {one['control']} is not on the surface "
                                f"(ARMA-4.3)")


def crossings_of(s: Mapping[str, tuple[str, ...]], on_traj: Mapping[str, str], where: str) -> dict[str, str]:
    """Where the blue trajectory crosses each Earth trajectory (ARMA-5.4): a crossing is on
    both, at most one per trajectory, and every Earth circle of the blue trajectory is one.

    Returns:
        ``{colour: crossing circle}``.

    Raises:
        BoardkitDataError: naming the circle.
    """
    crossing_of: dict[str, str] = {}
    blue = s["blue"]
    for n in s["crossings"]:
        if n not in blue or n not in on_traj:
            missing = "the blue trajectory" if n not in blue else "an Earth trajectory"
            raise BoardkitDataError(f"{where}: sets.crossings: crossing {n} is not on {missing}: a crossing must be on "
                                    f"both trajectories (ARMA-5.4)")
        if on_traj[n] in crossing_of:
            raise BoardkitDataError(f"{where}: sets.crossings: the blue trajectory crosses the {on_traj[n]} trajectory "
                                    f"twice ({crossing_of[on_traj[n]]}, {n}) (ARMA-5.4)")
        crossing_of[on_traj[n]] = n
    for n in blue:
        if n in on_traj and n not in crossing_of.values():
            raise BoardkitDataError(f"{where}: sets.blue: {n} is on the {on_traj[n]} trajectory but not in sets.crossings "
                                    f"(ARMA-5.4)")
    return crossing_of


__all__ = ["COLOURS", "SIDES", "compartment_sets", "check_homes", "PathEdges", "check_earth_paths", "check_ship_paths",
           "check_laser", "crossings_of"]
