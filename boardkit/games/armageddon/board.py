"""The Armageddon board as data (ARMA-9): a directed graph generated from counts, or a
hand-drawn layout read from a graph board file, validated, and the paths the rules walk.

Source: seed ``004_108ef70fbb1ba573.txt`` names the board's parts only in words; section 9 of
``shared/rules/armageddon.md`` gives the default counts. The data file
``data/armageddon/<name>.yaml`` (option ``data``) holds the chips and mines per side and
``counts`` (the generator's parameters), ``layout`` (a graph board file whose sets name the
parts, such as ``data/boards/armageddon.yaml``, the default, written by the generator), or
both (the layout is then checked against the counts).

The graph has three edge sets (sides): ``earth`` (the Earth chips' direction: home circles ->
launch table -> trajectory -> landing point -> surface -> GK), ``aliens`` (the warriors': a
numbered circle -> the officer's dot circle -> GK -> the surface backwards -> the landing
point) and ``officer`` (the mine depot -> dot circle -> GK -> exit path -> launch pad -> blue
trajectory -> cruiser -> back to the dot circle).

>>> b = generate_board(DEFAULT_COUNTS)
>>> len(b.trajectories["red"]), len(b.surface), len(b.blue), b.crossing_of["red"]
(12, 10, 12, 'r5')
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import networkx as nx

from boardkit.core.boards import GraphBoard, graph_board
from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError, check_schema, read_yaml_file
from boardkit.games.armageddon.layout_checks import (
    COLOURS, SIDES, check_earth_paths, check_homes, check_laser, check_ship_paths, compartment_sets, crossings_of,
    PathEdges,
)


#: Section 9's default counts (ARMA-9, ARMA-D1, ARMA-D2).
DEFAULT_COUNTS: dict[str, Any] = {
    "compartments": 3, "homes": [2, 1, 1], "table": 3, "trajectory": 12, "laser_at": 8, "surface": 10,
    "laser_control": 5, "numbers": 3, "per_number": 1, "exit": 6, "blue": 12, "crossings": [5, 7, 9],
    "far": 5, "arc": 4,
}
#: Counts a data file may leave out (the first drawing had neither the far side nor the arc).
OPTIONAL_COUNTS: dict[str, int] = {"far": 0, "arc": 0}

_INT = {"type": "integer", "minimum": 1, "maximum": 60}
_COUNTS_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": [k for k in DEFAULT_COUNTS if k not in OPTIONAL_COUNTS],
    "properties": {
        "compartments": {"type": "integer", "minimum": 1, "maximum": 9},
        "homes": {"type": "array", "minItems": 1, "maxItems": 9, "items": {"type": "integer", "minimum": 0, "maximum": 20}},
        "table": {"type": "integer", "minimum": 1, "maximum": 9}, "trajectory": _INT, "laser_at": _INT,
        "surface": _INT, "laser_control": _INT, "numbers": {"type": "integer", "minimum": 1, "maximum": 9},
        "per_number": {"type": "integer", "minimum": 1, "maximum": 9}, "exit": _INT, "blue": _INT,
        "crossings": {"type": "array", "minItems": 3, "maxItems": 3, "items": _INT},
        "far": {"type": "integer", "minimum": 0, "maximum": 60}, "arc": {"type": "integer", "minimum": 0, "maximum": 60},
    },
}
_DATA_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["name", "chips", "mines"],
    "properties": {
        "name": {"type": "string"}, "source": {"type": "string"},
        "assumptions": {"type": "array", "items": {"type": "string"}},
        "chips": {"type": "integer", "minimum": 1, "maximum": 20},
        "mines": {"type": "integer", "minimum": 0, "maximum": 20},
        "counts": _COUNTS_SCHEMA,
        "layout": {"type": "string"},
    },
}
_POINT = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}
_NAMES = {"type": "array", "items": {"type": "string"}}
#: The sets a layout file must give: each names a part of the board (ARMA-9).
PATH_SETS = ("table", "surface", "numbered", "exit", "blue", "laser", "crossings") + tuple(f"traj_{c}" for c in COLOURS) \
    + tuple(f"home_{c}" for c in COLOURS)
SINGLE_SETS = ("landing", "gk", "control", "dot", "depot", "pad", "cruiser")
#: Sets a layout may give (empty when left out): the far side of the ship's ring (ARMA-D6) and
#: the officer's arc home (ARMA-5.3).
LOOP_SETS = ("far", "arc")
_LAYOUT_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["name", "kind", "nodes", "edges", "sets"],
    "properties": {
        "name": {"type": "string"}, "source": {"type": "string"},
        "assumptions": {"type": "array", "items": {"type": "string"}},
        "kind": {"const": "graph"},
        "nodes": {"type": "object", "minProperties": 1, "propertyNames": {"type": "string", "pattern": r"^[a-z][a-z0-9_]*$"},
                  "additionalProperties": _POINT},
        "edges": {"type": "object", "required": list(SIDES), "additionalProperties": False,
                  "properties": {s: {"type": "array", "items": {"type": "array", "items": {"type": "string"},
                                                                "minItems": 2, "maxItems": 2}} for s in SIDES}},
        "sets": {"type": "object", "required": list(PATH_SETS + SINGLE_SETS), "additionalProperties": _NAMES},
    },
}


@dataclass(frozen=True)
class ArmaBoard:
    """The board with the parts the rules use, as node names (ARMA-2, ARMA-4, ARMA-5, ARMA-9).

    Attributes:
        graph: the :class:`GraphBoard` (frozen networkx DiGraph, drawing positions, sets).
        doc: the layout document (nodes, edges, sets) the graph was built from.
        compartments: per main compartment (in the order they are destroyed, ARMA-5.2), its
            home circles.
        homes: colour -> its home circles (ARMA-2.1), in file order.
        table: the launch-table circles (ARMA-2.2).
        trajectories: colour -> its trajectory circles from the launch table (ARMA-4.1).
        landing, gk, control, dot, depot, pad, cruiser: single nodes.
        surface: the alien ship's surface from the landing point to GK, Earth's direction (ARMA-4.5).
        laser: the laser-beam crossings, one per trajectory (ARMA-4.2).
        numbered: the warriors' circles, with ``number_of`` their printed number 1..3 (ARMA-1.2).
        exit: the alien exit path from GK to the launch pad (ARMA-5.1).
        blue: the blue trajectory from the pad toward the cruiser (ARMA-5.1).
        crossing_of: colour -> the node where the blue trajectory crosses its trajectory (ARMA-5.4).
        far: the far side of the ship's ring, from the landing point round to GK in the aliens'
            direction (ARMA-D6; empty on the first drawing, where the warriors' path ends at the
            landing point).
        arc: the officer's arc home from the last blue circle to its dot circle (ARMA-5.3; empty:
            the arc has no circles, ARMA-D8).
        source: the file (or ``"generated"``) it came from.
    """

    graph: GraphBoard
    doc: dict[str, Any]
    compartments: tuple[tuple[str, ...], ...]
    homes: dict[str, tuple[str, ...]]
    table: tuple[str, ...]
    trajectories: dict[str, tuple[str, ...]]
    landing: str
    surface: tuple[str, ...]
    gk: str
    control: str
    laser: tuple[str, ...]
    numbered: tuple[str, ...]
    number_of: dict[str, int]
    dot: str
    depot: str
    exit: tuple[str, ...]
    pad: str
    blue: tuple[str, ...]
    cruiser: str
    crossing_of: dict[str, str]
    far: tuple[str, ...] = ()
    arc: tuple[str, ...] = ()
    source: str = "generated"
    counts: dict[str, int] = field(default_factory=dict)

    def earth_route(self, colour: str) -> tuple[str, ...]:
        """The circles an Earth chip of ``colour`` walks after its home circle: ``"table"``
        (any launch-table circle), its trajectory, the landing point, the surface, GK (ARMA-3.3,
        ARMA-4.1, ARMA-4.5)."""
        return ("table",) + self.trajectories[colour] + (self.landing,) + self.surface + (self.gk,)

    def ring(self) -> tuple[str, ...]:
        """The warriors' circuit from GK in the aliens' direction: the surface against Earth's
        arrows, the landing point, the far side (back to GK when ``far`` is drawn, ARMA-D6)."""
        return (self.gk,) + tuple(reversed(self.surface)) + (self.landing,) + self.far

    def warrior_route(self) -> tuple[str, ...]:
        """The circles a warrior walks from its numbered circle: dot circle, then the ring
        (:meth:`ring`) from GK; with a far side the ring closes on GK, so the route goes round it
        again (ARMA-3.7, ARMA-5.6, ARMA-D6)."""
        return (self.dot,) + self.ring()

    def officer_route(self, mine: bool = True) -> tuple[str, ...]:
        """The circles the officer walks from its dot circle: GK, the exit path, the launch
        pad, the blue trajectory, then the cruiser (with a mine, or on a board without an arc)
        or the arc home to its dot circle (without a mine, ARMA-5.1, ARMA-5.3)."""
        tail = (self.cruiser,) if mine or not self.arc else self.arc + (self.dot,)
        return (self.gk,) + self.exit + (self.pad,) + self.blue + tail


def generate_layout(counts: Mapping[str, Any]) -> dict[str, Any]:
    """The layout document (nodes with drawing positions, edges per side, sets) of the board
    with these counts (ARMA-9; defaults :data:`DEFAULT_COUNTS`).

    Args:
        counts: the keys of :data:`DEFAULT_COUNTS` (compartments, home circles per colour in
            each compartment, circles of each path, the laser circle, the crossings...).

    Returns:
        A dict in the graph board file format (``kind: graph``) that :func:`board_from_layout`
        reads. Cruiser on the left (x = 0), alien ship on the right; y upwards.

    Raises:
        BoardkitDataError: counts that cannot make a board (a laser or crossing circle beyond
            its trajectory, homes not given per compartment), naming the count.
    """
    c = {**OPTIONAL_COUNTS, **dict(counts)}
    where = "counts"
    _check_counts(c, where)
    nodes: dict[str, list[float]] = {}
    sets: dict[str, list[str]] = {k: [] for k in PATH_SETS + SINGLE_SETS + LOOP_SETS}
    edges: dict[str, list[list[str]]] = {s: [] for s in SIDES}
    _place_earth(c, nodes, sets)
    x_land, x_gk, y_low = _place_ship(c, nodes, sets)
    _place_blue(c, nodes, sets, x_gk, y_low, where)
    _place_loops(c, nodes, sets, x_land, x_gk)
    _chain_edges(sets, edges)
    for name in LOOP_SETS:
        if not sets[name]:
            del sets[name]
    return {"name": "armageddon", "kind": "graph", "source": "generated by boardkit.games.armageddon.board "
            "(ARMA-9 counts)", "nodes": nodes, "edges": edges, "sets": sets}


def _check_counts(c: Mapping[str, Any], where: str) -> None:
    """Refuse counts that cannot make a board (ARMA-9): homes not given per compartment; a
    laser, laser-control or crossing circle beyond its path.

    Raises:
        BoardkitDataError: naming the count and the circle.
    """
    n_traj, n_surf, n_blue = c["trajectory"], c["surface"], c["blue"]
    if len(c["homes"]) != c["compartments"]:
        raise BoardkitDataError(f"{where}: homes: {len(c['homes'])} entries for {c['compartments']} compartments")
    for key, value, limit in [("laser_at", c["laser_at"], n_traj), ("laser_control", c["laser_control"], n_surf)] + [
            ("crossings", x, min(n_traj, n_blue)) for x in c["crossings"]]:
        if not 1 <= value <= limit:
            raise BoardkitDataError(f"{where}: {key}: circle {value} is beyond its path of {limit} circles")


def _place_earth(c: Mapping[str, Any], nodes: dict[str, list[float]], sets: dict[str, list[str]]) -> None:
    """The generator's cruiser side, placed into ``nodes`` and ``sets``: the home circles of
    each main compartment (ARMA-2.1), the launch table, the three Earth trajectories with
    their laser crossings (ARMA-4.1, ARMA-4.2)."""
    n_traj = c["trajectory"]
    ys = {"red": 6.0, "green": 0.0, "yellow": -6.0}
    for k in range(c["compartments"]):
        members = sets.setdefault(f"compartment_{k + 1}", [])
        for ci, colour in enumerate(COLOURS):
            for j in range(c["homes"][k]):
                name = f"h{k + 1}_{colour}_{j + 1}"
                nodes[name] = [-4.0 + 1.2 * ci, 8.0 - 6.0 * k - 1.2 * j]
                members.append(name)
                sets[f"home_{colour}"].append(name)
    for t in range(c["table"]):
        name = f"table{t + 1}"
        nodes[name] = [0.0, 2.0 * (c["table"] // 2 - t)]
        sets["table"].append(name)
    for colour in COLOURS:
        for i in range(1, n_traj + 1):
            name = f"{colour[0]}{i}"
            nodes[name] = [1.0 + 2.0 * i, ys[colour] * (1 - i / (n_traj + 2))]
            sets[f"traj_{colour}"].append(name)
        sets["laser"].append(f"{colour[0]}{c['laser_at']}")


def _place_ship(c: Mapping[str, Any], nodes: dict[str, list[float]],
                sets: dict[str, list[str]]) -> tuple[float, float, float]:
    """The generator's alien ship, placed into ``nodes`` and ``sets``: the landing point, the
    surface with the laser control, GK, the dot circle, the mine depot, the numbered circles,
    the exit path and the launch pad (ARMA-4.3, ARMA-4.5, ARMA-5.1).

    Returns:
        ``(x_land, x_gk, y_low)``: the x of the landing point and of GK, the y of the exit
        path's end (the pad is 1.5 below it).
    """
    n_traj, n_surf = c["trajectory"], c["surface"]
    x_land = 3.0 + 2.0 * n_traj + 2.0
    nodes["landing"] = [x_land, 0.0]
    sets["landing"] = ["landing"]
    for i in range(1, n_surf + 1):
        nodes[f"s{i}"] = [x_land + 2.0 * i, 0.0]
        sets["surface"].append(f"s{i}")
    sets["control"] = [f"s{c['laser_control']}"]
    x_gk = x_land + 2.0 * (n_surf + 1)
    nodes["gk"] = [x_gk, 0.0]
    sets["gk"] = ["gk"]
    nodes["dot"] = [x_gk + 2.0, 0.0]
    sets["dot"] = ["dot"]
    nodes["depot"] = [x_gk + 2.0, -2.0]
    sets["depot"] = ["depot"]
    for n in range(1, c["numbers"] + 1):
        for j in range(1, c["per_number"] + 1):
            name = f"n{n}_{j}"
            nodes[name] = [x_gk + 2.0 + 1.5 * n, 1.5 * j]
            sets["numbered"].append(name)
    for i in range(1, c["exit"] + 1):
        nodes[f"e{i}"] = [x_gk + 2.0 * ((i + 1) // 2), -3.0 - 1.5 * i]
        sets["exit"].append(f"e{i}")
    y_low = -4.5 - 1.5 * c["exit"]
    nodes["pad"] = [x_gk, y_low - 1.5]
    sets["pad"] = ["pad"]
    return x_land, x_gk, y_low


def _place_blue(c: Mapping[str, Any], nodes: dict[str, list[float]], sets: dict[str, list[str]], x_gk: float,
                y_low: float, where: str) -> None:
    """The generator's blue trajectory from the launch pad to the cruiser (ARMA-5.1), placed
    into ``nodes`` and ``sets``: its crossings are the Earth trajectories' circles given by
    the ``crossings`` count (ARMA-5.4), its other circles drawn between them; then the cruiser.

    Raises:
        BoardkitDataError: two Earth trajectories would cross it at one circle.
    """
    n_blue = c["blue"]
    blue_at = {colour: n_blue + 1 - c["crossings"][ci] for ci, colour in enumerate(COLOURS)}
    by_blue = {blue_at[colour]: f"{colour[0]}{c['crossings'][ci]}" for ci, colour in enumerate(COLOURS)}
    if len(by_blue) != 3:
        raise BoardkitDataError(f"{where}: crossings: two Earth trajectories cross the blue trajectory at one circle")
    anchors = [(0, (x_gk, y_low - 1.5))] + sorted((j, tuple(nodes[n])) for j, n in by_blue.items()) + [(n_blue + 1, (0.0, -9.0))]
    for j in range(1, n_blue + 1):
        if j in by_blue:
            sets["blue"].append(by_blue[j])
            sets["crossings"].append(by_blue[j])
            continue
        (j0, p0), (j1, p1) = next((a, b) for a, b in zip(anchors, anchors[1:]) if a[0] < j < b[0])
        f = (j - j0) / (j1 - j0)
        nodes[f"b{j}"] = [p0[0] + f * (p1[0] - p0[0]), p0[1] + f * (p1[1] - p0[1]) - 1.0]
        sets["blue"].append(f"b{j}")
    nodes["cruiser"] = [-2.0, -9.0]
    sets["cruiser"] = ["cruiser"]


def _place_loops(c: Mapping[str, Any], nodes: dict[str, list[float]], sets: dict[str, list[str]], x_land: float,
                 x_gk: float) -> None:
    """The generator's optional loops, placed into ``nodes`` and ``sets``: the far side of the
    warriors' ring (ARMA-D6) and the officer's arc home (ARMA-5.3), each of its count's
    circles (none when 0)."""
    n_far = c["far"]
    for i in range(1, n_far + 1):  # the far side of the ring, drawn above the surface, landing -> GK
        nodes[f"f{i}"] = [x_land + (x_gk - x_land) * i / (n_far + 1), 4.0]
        sets["far"].append(f"f{i}")
    n_arc = c["arc"]
    last = nodes[sets["blue"][-1]]
    for i in range(1, n_arc + 1):  # the officer's arc home, drawn below the blue trajectory
        f = i / (n_arc + 1)
        nodes[f"a{i}"] = [last[0] + f * (x_gk + 2.0 - last[0]), last[1] - 8.0 * math.sin(math.pi * f) + f * (-last[1])]
        sets["arc"].append(f"a{i}")


def _chain_edges(sets: Mapping[str, list[str]], edges: dict[str, list[list[str]]]) -> None:
    """The edges of every side along the paths the sets describe (the generator's)."""
    earth, aliens, officer = edges["earth"], edges["aliens"], edges["officer"]
    for colour in COLOURS:
        for h in sets[f"home_{colour}"]:
            earth.extend([h, t] for t in sets["table"])
        traj = sets[f"traj_{colour}"]
        earth.extend([t, traj[0]] for t in sets["table"])
        earth.extend([a, b] for a, b in zip(traj, traj[1:] + sets["landing"]))
    surf = sets["landing"] + sets["surface"] + sets["gk"]
    earth.extend([a, b] for a, b in zip(surf, surf[1:]))
    aliens.extend([n, sets["dot"][0]] for n in sets["numbered"])
    back = sets["dot"] + list(reversed(surf)) + sets.get("far", [])
    if sets.get("far"):
        back += sets["gk"]
    aliens.extend([a, b] for a, b in zip(back, back[1:]))
    route = sets["depot"] + sets["dot"] + sets["gk"] + sets["exit"] + sets["pad"] + sets["blue"] + sets["cruiser"] + sets["dot"]
    officer.extend([a, b] for a, b in zip(route, route[1:]))
    if sets.get("arc"):
        arc = sets["blue"][-1:] + sets["arc"] + sets["dot"]
        officer.extend([a, b] for a, b in zip(arc, arc[1:]))


def _build_graph(doc: dict[str, Any], where: str, digest: str) -> GraphBoard:
    """The GraphBoard of a layout document (core's :func:`~boardkit.core.boards.graph_board`:
    dangling edges, loops, repeated edges, nodes on no edge and bad set members are refused,
    naming them), which must also be connected."""
    board = graph_board(doc, where, digest, sides=SIDES)
    if not nx.is_weakly_connected(board.graph):
        parts = sorted(sorted(p)[0] for p in nx.weakly_connected_components(board.graph))
        raise BoardkitDataError(f"{where}: the board is not connected (parts starting at {', '.join(parts)})")
    return board


def _one(doc: dict[str, Any], key: str, where: str) -> str:
    members = doc["sets"][key]
    if len(members) != 1:
        raise BoardkitDataError(f"{where}: sets.{key}: one node expected, got {len(members)} ({', '.join(members)})")
    return str(members[0])


def board_from_layout(doc: Any, where: str = "layout", chips: int = 4, digest: str = "") -> ArmaBoard:
    """Check a layout document and make the board (ARMA-9).

    Args:
        doc: the graph board document (``kind: graph`` with the sets :data:`PATH_SETS`,
            :data:`SINGLE_SETS` and ``compartment_1`` ...).
        where: the file name for messages.
        chips: Earth chips per colour (the home circles must match, ARMA-2.1).
        digest: SHA-256 of the file's bytes, kept on the graph.

    Returns:
        The :class:`ArmaBoard`.

    Raises:
        BoardkitDataError: naming the file, the entry, the node and the problem: schema
            errors; a dangling edge; a path that does not connect (a missing edge of its
            side); a crossing that is not on both the blue and one Earth trajectory; a laser
            crossing not on exactly one trajectory; home circles that do not match the chips;
            an edge no path uses; a board that is not connected.
    """
    check_schema(doc, _LAYOUT_SCHEMA, where)
    g = _build_graph(doc, where, digest)
    s = {k: tuple(v) for k, v in doc["sets"].items()}
    one = {k: _one(doc, k, where) for k in SINGLE_SETS}
    comps = compartment_sets(s, where)
    check_homes(s, comps, chips, where)
    paths = PathEdges(doc, where)
    trajs = check_earth_paths(paths, s, one, where)
    far, arc = check_ship_paths(paths, s, one)
    paths.check_all_used()
    on_traj = {n: colour for colour, traj in trajs.items() for n in traj}
    laser = s["laser"]
    check_laser(s, one, on_traj, where)
    blue = s["blue"]
    crossing_of = crossings_of(s, on_traj, where)
    numbered = s["numbered"]
    number_of = {}
    for n in numbered:
        digits = "".join(ch for ch in n.split("_")[0] if ch.isdigit())
        number_of[n] = int(digits) if digits else 1
    return ArmaBoard(
        graph=g, doc=doc, compartments=tuple(s[k] for k in comps), homes={c: s[f"home_{c}"] for c in COLOURS},
        table=s["table"], trajectories=trajs, landing=one["landing"], surface=s["surface"], gk=one["gk"],
        control=one["control"], laser=laser, numbered=numbered, number_of=number_of, dot=one["dot"],
        depot=one["depot"], exit=s["exit"], pad=one["pad"], blue=blue, cruiser=one["cruiser"],
        crossing_of=crossing_of, far=far, arc=arc, source=where,
    )


def generate_board(counts: Mapping[str, Any] | None = None, chips: int | None = None) -> ArmaBoard:
    """The board generated from ``counts`` (default :data:`DEFAULT_COUNTS`), checked as a
    layout file would be (ARMA-9).

    Args:
        counts: generator parameters; missing keys take their defaults.
        chips: Earth chips per colour (default: the home circles per colour).

    Raises:
        BoardkitDataError: counts that make no valid board.
    """
    c = {**DEFAULT_COUNTS, **(counts or {})}
    check_schema(c, _COUNTS_SCHEMA, "counts")
    doc = generate_layout(c)
    board = board_from_layout(doc, "generated", chips if chips is not None else sum(c["homes"]))
    object.__setattr__(board, "counts", c)
    return board


def load_data(path: str | Path) -> dict[str, Any]:
    """Read an Armageddon data file (``data/armageddon/<name>.yaml`` or a path) and make its
    board (ARMA-9).

    Returns:
        The document with ``board`` (:class:`ArmaBoard`), ``source_path``, ``source_sha256``
        and ``files`` (``[(path, sha256)]`` of every file read) added.

    Raises:
        BoardkitDataError: naming file, entry and problem (schema; neither ``counts`` nor
            ``layout``; a layout whose counts differ from the ``counts`` given with it; any
            layout error of :func:`board_from_layout`).
    """
    doc, p, digest = read_yaml_file(path, DATA_DIR / "armageddon", "data")
    check_schema(doc, _DATA_SCHEMA, p)
    files = [(str(p), digest)]
    if "counts" not in doc and "layout" not in doc:
        raise BoardkitDataError(f"{p}: give counts (a generated board), layout (a board file) or both (the layout "
                                f"checked against the counts) (ARMA-9)")
    generated = None
    if "counts" in doc:
        try:
            generated = generate_board(doc["counts"], doc["chips"])
        except BoardkitDataError as exc:
            raise BoardkitDataError(f"{p}: {exc}") from None
    if "layout" in doc:
        lay = doc["layout"]
        lp: str | Path = lay
        if "/" in lay or lay.endswith((".yaml", ".yml")):
            lp = (p.parent / lay) if not Path(lay).is_absolute() else Path(lay)
        ldoc, lpath, ldigest = read_yaml_file(lp, DATA_DIR / "boards", "board")
        board = board_from_layout(ldoc, str(lpath), doc["chips"], ldigest)
        files.append((str(lpath), ldigest))
        if generated is not None:
            want, got = board_counts(generated, doc["chips"], doc["mines"]), board_counts(board, doc["chips"], doc["mines"])
            for key in want:
                if key not in ("nodes", "edges") and want[key] != got[key]:
                    raise BoardkitDataError(f"{p}: counts: the layout {lpath} has {key} {got[key]}, the counts declare "
                                            f"{want[key]} (ARMA-9)")
    else:
        assert generated is not None
        board = generated
    doc["board"] = board
    doc["source_path"] = str(p)
    doc["source_sha256"] = digest
    doc["files"] = files
    return doc


def board_counts(board: ArmaBoard, chips: int, mines: int) -> dict[str, Any]:
    """The counts of section 9 as found on ``board`` (ARMA-9): for tests and the docs."""
    return {
        "compartments": len(board.compartments), "home_circles": sum(len(h) for h in board.homes.values()),
        "home_per_colour": {c: len(h) for c, h in board.homes.items()}, "table": len(board.table),
        "trajectory": {c: len(t) for c, t in board.trajectories.items()},
        "laser_at": {c: board.trajectories[c].index(n) + 1 for n in board.laser for c in COLOURS
                     if n in board.trajectories[c]},
        "surface": len(board.surface), "laser_control": board.surface.index(board.control) + 1,
        "numbered": len(board.numbered), "warriors": len(board.numbered), "mines": mines,
        "exit": len(board.exit), "blue": len(board.blue), "far": len(board.far), "arc": len(board.arc),
        "crossings": {c: board.trajectories[c].index(n) + 1 for c, n in board.crossing_of.items()},
        "chips": chips, "nodes": len(board.graph.names), "edges": board.graph.graph.number_of_edges(),
    }


__all__ = ["COLOURS", "SIDES", "DEFAULT_COUNTS", "ArmaBoard", "generate_layout", "generate_board", "board_from_layout",
           "load_data", "board_counts", "layout_yaml"]


def layout_yaml(doc: Mapping[str, Any]) -> str:
    """The layout document as the text of a graph board file (``data/boards/armageddon.yaml``
    is ``layout_yaml(generate_layout(DEFAULT_COUNTS))``; a test keeps it so)."""
    lines = ["# The Armageddon board (ARMA-9) generated from section 9's default counts by",
             "# boardkit.games.armageddon.board.layout_yaml(generate_layout(DEFAULT_COUNTS)). Edit positions or",
             "# paths by hand and load it through a data file's `layout:` (see data/armageddon/default.yaml).",
             f"name: {doc['name']}", "kind: graph", f"source: {json.dumps(doc['source'])}",
             "nodes:"]
    lines += [f"  {n}: [{p[0]:g}, {p[1]:g}]" for n, p in doc["nodes"].items()]
    lines.append("edges:")
    for side, edges in doc["edges"].items():
        lines.append(f"  {side}:")
        lines += [f"    - [{a}, {b}]" for a, b in edges]
    lines.append("sets:")
    lines += [f"  {k}: [{', '.join(v)}]" for k, v in doc["sets"].items()]
    return "\n".join(lines) + "\n"
