"""Marabunta clause tests: MARA-9 data.

Clauses of data/rules/marabunta.yaml; the positions and checks are in marabunta_clause_support.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import boardkit
from boardkit import BoardkitDataError

from marabunta_clause_support import CRATES, CUPCAKES, FIELDS_OF, GAME, NAMES, data_copy


def test_MARA_9_default_data_file_loads() -> None:
    """MARA-9: the default data file and map state their assumptions and give 84 fields in 6
    regions of 14, 12 cupcake and 12 crate fields, 7 crate groups, the track and 8 tiles."""
    d = GAME.data
    assert GAME.options["data"] == "default" and d["name"] == "default"
    assert d["assumptions"] and d["source"] and GAME.board.source.endswith("marabunta.yaml")
    assert len(NAMES) == 84 and all(len(f) == 14 for f in FIELDS_OF.values())
    assert len(CUPCAKES) == 12 and len(CRATES) == 12 and not set(CUPCAKES) & set(CRATES)
    for k in range(6):  # 2 cupcake and 2 crate fields per region
        assert sum(1 for f in GAME.region_fields[k] if f in GAME.cupcake_fields) == 2
        assert sum(1 for f in GAME.region_fields[k] if f in GAME.crate_fields) == 2
    assert dict(zip(GAME.groups, GAME.group_power)) == {
        "onetwo": "write12", "zerothree": "write03", "cupcakes": "cupcakes2", "points": "points", "ones": "ones3",
        "cross": "cross2", "circles": "circles2"}
    assert GAME.tiles == ("crates2", "circles2", "one", "zeros2", "zero", "cross2", "again")


def test_MARA_9_data_option_takes_a_copy_and_refuses_a_broken_one(tmp_path: Path) -> None:
    """MARA-9: option data loads another file (a copy plays the same); a broken copy is
    refused with BoardkitDataError naming the file and the entry."""
    path = data_copy(tmp_path)
    g = boardkit.load_game("marabunta", data=path)
    assert g.options["data"] == path and g.regions == GAME.regions
    assert g.new_initial_state().observation(None) == GAME.new_initial_state().observation(None)
    bad = data_copy(tmp_path, cupcake_fields=11)
    with pytest.raises(BoardkitDataError) as info:
        boardkit.load_game("marabunta", data=bad)
    assert bad in str(info.value) and "cupcake_fields: 11" in str(info.value)
