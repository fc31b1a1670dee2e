"""Marabunta's data file: the map, the player board, the crate groups and the tiles
(MARA-1, MARA-9), read and checked once per game.

The file is ``data/marabunta/<name>.yaml`` (option ``data``); its ``map`` names the territory's
hex board (``data/boards/marabunta.yaml``), whose sets give the regions, the cupcake fields and
the crate fields.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import networkx as nx

from boardkit.core.validate import shorten
from boardkit.core.boards import HexBoard, load_hex_board
from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError, check_schema, read_yaml_file

POWERS = ("write12", "write03", "cupcakes2", "points", "ones3", "cross2", "circles2")  # MARA-7.1
TILE_KINDS = ("crates2", "circles2", "one", "zeros2", "zero", "cross2", "again", "cupcake")  # MARA-5.1

_NAME = {"type": "string", "pattern": "^[a-z][a-z0-9]*$"}
_DATA_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "map", "regions", "fields_per_region", "cupcake_fields", "crate_fields", "sheet",
                 "ant_hills", "cupcake_track", "crate_groups", "tiles", "last_tile"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"}, "source": {"type": "string"},
        "assumptions": {"type": "array", "items": {"type": "string"}},
        "map": {"type": "string"},
        "regions": {"type": "array", "items": _NAME, "minItems": 6, "maxItems": 6, "uniqueItems": True},
        "fields_per_region": {"type": "integer", "minimum": 1, "maximum": 1000},
        "cupcake_fields": {"type": "integer", "minimum": 0, "maximum": 1000},
        "crate_fields": {"type": "integer", "minimum": 0, "maximum": 1000},
        "sheet": {"type": "object", "required": ["circles", "printed"], "additionalProperties": False,
                  "properties": {"circles": {"type": "integer", "minimum": 1, "maximum": 100},
                                 "printed": {"type": "integer", "minimum": 0, "maximum": 50}}},
        "ant_hills": {"type": "integer", "minimum": 0, "maximum": 20},
        "cupcake_track": {"type": "array", "maxItems": 100, "items": {"type": "integer", "minimum": 0, "maximum": 100}},
        "crate_groups": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["name", "crates", "power"], "additionalProperties": False,
            "properties": {"name": _NAME, "crates": {"type": "integer", "minimum": 1, "maximum": 20},
                           "power": {"enum": list(POWERS)}, "points": {"type": "integer", "minimum": 0, "maximum": 100}}}},
        "tiles": {"type": "array", "items": {"enum": list(TILE_KINDS[:-1])}, "uniqueItems": True},
        "last_tile": {"const": "cupcake"},
    },
}


def load_data(path: str | Path) -> dict[str, Any]:
    """Read and check a Marabunta data file and its territory map (MARA-1, MARA-9).

    Args:
        path: a file path, or a name looked up as ``data/marabunta/<name>.yaml``.

    Returns:
        The validated document, with ``board`` (the :class:`HexBoard`), ``region_of`` (field
        index -> region index), ``region_fields`` (tuple of field tuples per region) and
        ``source_path`` and ``source_sha256`` (of the bytes read) added.

    Raises:
        BoardkitDataError: naming the file, the entry and the problem: schema errors, a map
            without a set per region, regions that overlap, miss fields or are not connected,
            counts that do not match the declaration, a points power without points.
    """
    doc, p, digest = read_yaml_file(path, DATA_DIR / "marabunta", "data")
    check_schema(doc, _DATA_SCHEMA, p)
    reserved = {"tile", "first", "reveal", "roll", "split", "take", "skip", "circle", "crate", "cross", "ant", "again",
                "x", "red", "blue"}
    for reg in doc["regions"]:
        if reg in reserved:
            raise BoardkitDataError(f"{p}: regions: {shorten(reg)} is a word of the notation; name regions by colour "
                                    f"(not {', '.join(sorted(reserved))})")
    board = _read_map(doc, p)
    where = f"{p}: map {board.source}"
    region_of, region_fields = _regions(doc, board, where)
    _check_special_fields(doc, board, where)
    _check_sheet_and_crates(doc, p)
    doc["board"] = board
    doc["region_of"] = tuple(region_of)
    doc["region_fields"] = tuple(region_fields)
    doc["source_path"] = str(p)
    doc["source_sha256"] = digest
    return doc


def _read_map(doc: Mapping[str, Any], p: Path) -> HexBoard:
    """The territory map the data file ``p`` names (a board name, or a path relative to the
    data file).

    Raises:
        BoardkitDataError: the map's own error, prefixed with the data file and ``map``.
    """
    map_path: str | Path = doc["map"]
    if "/" in doc["map"] or doc["map"].endswith((".yaml", ".yml")):
        map_path = (p.parent / doc["map"]) if not Path(doc["map"]).is_absolute() else Path(doc["map"])
    try:
        return load_hex_board(map_path)
    except BoardkitDataError as exc:
        raise BoardkitDataError(f"{p}: map: {exc}") from None


def _regions(doc: Mapping[str, Any], board: HexBoard, where: str) -> tuple[list[int], list[tuple[int, ...]]]:
    """The regions of the map (MARA-1.2): one set per region, of the declared number of
    fields (MARA-9), connected, not overlapping, together covering every field.

    Returns:
        ``(region_of, region_fields)``: per field its region's index; per region its fields.

    Raises:
        BoardkitDataError: naming the region or the fields.
    """
    region_of = [-1] * len(board.names)
    region_fields = []
    for k, reg in enumerate(doc["regions"]):
        if reg not in board.set_indices:
            raise BoardkitDataError(f"{where}: sets: no set {shorten(reg)} for region {reg} (MARA-1.2)")
        cells = board.set_indices[reg]
        if len(cells) != doc["fields_per_region"]:
            raise BoardkitDataError(f"{where}: sets.{reg}: {len(cells)} fields, but the data file declares "
                                    f"fields_per_region: {doc['fields_per_region']} (MARA-9)")
        for c in cells:
            if region_of[c] >= 0:
                raise BoardkitDataError(f"{where}: sets.{reg}: field {board.names[c]} is also in region "
                                        f"{doc['regions'][region_of[c]]} (MARA-1.2)")
            region_of[c] = k
        sub = board.graph.subgraph(board.sets[reg])
        if not nx.is_weakly_connected(sub):
            parts = sorted(sorted(comp) for comp in nx.weakly_connected_components(sub))
            raise BoardkitDataError(f"{where}: sets.{reg}: the region is not connected (parts: "
                                    f"{'; '.join(' '.join(c) for c in parts)}) (MARA-1.2)")
        region_fields.append(tuple(cells))
    loose = [board.names[i] for i, r in enumerate(region_of) if r < 0]
    if loose:
        raise BoardkitDataError(f"{where}: fields {', '.join(loose)} belong to no region (MARA-1.2)")
    return region_of, region_fields


def _check_special_fields(doc: Mapping[str, Any], board: HexBoard, where: str) -> None:
    """The map's cupcake and crate fields: as many as declared, none both (MARA-1.2, MARA-9);
    and no set but the regions, cupcake and crate.

    Raises:
        BoardkitDataError: naming the set or the fields.
    """
    for kind in ("cupcake", "crate"):
        cells = board.set_indices.get(kind, ())
        if len(cells) != doc[f"{kind}_fields"]:
            raise BoardkitDataError(f"{where}: sets.{kind}: {len(cells)} {kind} fields, but the data file declares "
                                    f"{kind}_fields: {doc[f'{kind}_fields']} (MARA-1.2, MARA-9)")
    both = set(board.set_indices.get("cupcake", ())) & set(board.set_indices.get("crate", ()))
    if both:
        raise BoardkitDataError(f"{where}: fields {', '.join(sorted(board.names[c] for c in both))} are both cupcake "
                                f"and crate fields (MARA-1.2)")
    extra = sorted(set(board.sets) - set(doc["regions"]) - {"cupcake", "crate"})
    if extra:
        raise BoardkitDataError(f"{where}: sets: unknown set(s) {', '.join(extra)}; sets are the regions "
                                f"{', '.join(doc['regions'])}, cupcake and crate")


def _check_sheet_and_crates(doc: Mapping[str, Any], p: Path) -> None:
    """The sheet leaves an empty circle (MARA-1.3); crate groups have distinct names and
    powers, and points exactly with the points power (MARA-7.1, MARA-D10).

    Raises:
        BoardkitDataError: naming the entry.
    """
    if 2 * doc["sheet"]["printed"] >= doc["sheet"]["circles"]:
        raise BoardkitDataError(f"{p}: sheet: {doc['sheet']['printed']} printed circles per player leave no empty "
                                f"circle on a sheet of {doc['sheet']['circles']} (MARA-1.3)")
    names = [g["name"] for g in doc["crate_groups"]]
    if len(set(names)) != len(names):
        twice_named = sorted({n for n in names if names.count(n) > 1})
        raise BoardkitDataError(f"{p}: crate_groups: a group name is used twice ({shorten(', '.join(twice_named), 200)})")
    powers = [g["power"] for g in doc["crate_groups"]]
    twice = sorted({pw for pw in powers if powers.count(pw) > 1})
    if twice:
        raise BoardkitDataError(f"{p}: crate_groups: the power(s) {', '.join(twice)} are given to two groups; each "
                                f"power of MARA-7.1 unlocks with one group")
    for i, g in enumerate(doc["crate_groups"]):
        if (g["power"] == "points") != ("points" in g):
            raise BoardkitDataError(f"{p}: crate_groups[{i}]: 'points' is given with, and only with, the points power "
                                    f"(MARA-7.1, MARA-D10)")
