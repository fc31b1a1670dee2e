"""Fixed gridhunt layouts read from a data file (GRID-7: "a fixed layout can be loaded from a
data file"), validated with jsonschema; every error names the file and the field.

Format (YAML, ``data/gridhunt/<name>.yaml`` or a path)::

    size: 6                 # side of the square grid (4 .. 26)
    wall: [c3, d3]          # cells of each kind (GRID-2.2); a kind left out has none
    teleport: [a1, f6]      # exactly two teleports (GRID-2.8)
    mine: [b5]
    vision: []
    attack: [e2]
    beacon: []
    shield: [a6]

Every other cell is free. The non-wall cells must be orthogonally connected (GRID-7).
"""

from __future__ import annotations

from typing import Any

from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError, check_schema, read_yaml_file, shorten
from boardkit.games.gridhunt.actions import KINDS
from boardkit.games.gridhunt.rules import cell_names, connected

_CELLS = {"type": "array", "items": {"type": "string"}, "maxItems": 676}
LAYOUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["size", "teleport"],
    "additionalProperties": False,
    "properties": {"size": {"type": "integer", "minimum": 4, "maximum": 26}, **{k: _CELLS for k in KINDS}},
}


def load_layout(path: str) -> dict[str, Any]:
    """Read and check a layout file.

    Args:
        path: a name of ``data/gridhunt/`` (without ``.yaml``) or a path to a YAML file.

    Returns:
        ``{"size": int, "cells": list of kind per cell index ("free" or a kind), "source_path",
        "source_sha256"}``.

    Raises:
        BoardkitDataError: naming the file and the field: not YAML, schema not met, a cell that
            is not on the grid, a cell given twice, not exactly two teleports (GRID-2.8), non-wall
            cells not connected (GRID-7).
    """
    doc, p, digest = read_yaml_file(path, DATA_DIR / "gridhunt", "layout")
    check_schema(doc, LAYOUT_SCHEMA, p)
    size = doc["size"]
    names = cell_names(size)
    index = {n: i for i, n in enumerate(names)}
    cells = ["free"] * (size * size)
    for kind in KINDS:
        for k, name in enumerate(doc.get(kind, [])):
            i = index.get(name.lower()) if isinstance(name, str) else None
            if i is None:
                raise BoardkitDataError(f"{p}: {kind}[{k}]: {shorten(name)} is not a cell of the {size}x{size} grid "
                                        f"(a1 .. {names[-1]}) (GRID-2.1)")
            if cells[i] != "free":
                raise BoardkitDataError(f"{p}: {kind}[{k}]: {name} is already a {cells[i]} cell; a cell has one kind "
                                        f"(GRID-2.2)")
            cells[i] = kind
    if len(doc["teleport"]) != 2:
        raise BoardkitDataError(f"{p}: teleport: exactly two teleports, not {len(doc['teleport'])} (GRID-2.8)")
    walls = [i for i, k in enumerate(cells) if k == "wall"]
    if not connected(size, walls):
        raise BoardkitDataError(f"{p}: wall: the non-wall cells are not all orthogonally connected (GRID-7)")
    return {"size": size, "cells": cells, "source_path": str(p), "source_sha256": digest}


__all__ = ["LAYOUT_SCHEMA", "load_layout"]
