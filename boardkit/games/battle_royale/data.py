"""The Battle Royale data file: cards, Doom die, first layout, neutral tiles (BR-6), read and
checked against its schema.

The seed gives none of these numbers; ``data/battle_royale/default.yaml`` states each as an
assumption so a group can enter the printed values without touching code (BR-6).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardkit.core.validate import shorten
from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError, check_schema, read_yaml_file
from boardkit.games.battle_royale.actions import DOOM_FACES

#: Figures of each player colour (BR-1.3).
FIGURES_PER_COLOUR = 21
#: Tiles removed at setup (BR-1.1).
N_REMOVED = 4

_CARD = {
    "type": "object", "required": ["name", "figures", "steps"], "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "pattern": "^[a-z0-9]+$"},
        "figures": {"type": "integer", "minimum": 1}, "steps": {"type": "integer", "minimum": 1},
        "directions": {"enum": ["orthogonal", "diagonal", "any"]}, "opponents_only": {"type": "boolean"},
        "special": {"enum": ["move", "explosion", "battle"]},
    },
}
_DATA_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "capacity", "hand_size", "cards", "doom_die", "first_layout", "neutral"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"}, "source": {"type": "string"},
        "assumptions": {"type": "array", "items": {"type": "string"}},
        "capacity": {"type": "object"},
        "hand_size": {"type": "integer", "minimum": 1},
        "cards": {"type": "array", "minItems": 1, "items": _CARD},
        "doom_die": {"type": "array", "minItems": 1, "items": {"enum": ["move", "explosion", "battle"]}},
        "first_layout": {"type": "array", "items": {"type": "string"}},
        "neutral": {"type": "array", "items": {"type": "string"}},
    },
}


def load_data(path: str | Path) -> dict[str, Any]:
    """Read and validate a Battle Royale data file (BR-6).

    Args:
        path: a file path, or a name under ``data/battle_royale/`` (``"default"``).

    Returns:
        The document: ``capacity`` (players -> figures per tile, BR-2.3), ``hand_size``
        (BR-1.4), ``cards`` (each ``{"name", "figures", "steps"}`` and optional ``directions``
        - ``"orthogonal"`` (the default), ``"diagonal"`` (diagonal steps only: the card "die
        genau diese Fortbewegung fordert", BR-2.2) or ``"any"`` (both) -, ``opponents_only``,
        ``special``), ``doom_die`` (faces, BR-4: each of move, explosion and battle on one
        face or more), ``first_layout`` (four
        cell names, BR-1.5), ``neutral`` (two cell names, BR-1.6), ``source_path`` and
        ``source_sha256`` (of the bytes read).

    Raises:
        BoardkitDataError: naming the file, the entry and the problem; cards with one name but
            different contents are refused too, and a Doom die lacking one of the three events
            (BR-4; without an explosion a game may never end, BR-3.1).
    """
    doc, p, digest = read_yaml_file(path, DATA_DIR / "battle_royale", "data")
    if isinstance(doc, dict) and isinstance(doc.get("capacity"), dict):
        capacity: dict[Any, Any] = {}
        for k, v in doc["capacity"].items():
            n = int(k) if str(k).isdigit() and str(k).isascii() and len(str(k)) < 5 else k
            if n in capacity:
                raise BoardkitDataError(f"{p}: capacity: {n} players is given twice (as {shorten(k)} and {n!r}) (BR-2.3)")
            capacity[n] = v
        doc["capacity"] = capacity
    cards = doc.get("cards") if isinstance(doc, dict) else None
    for i, card in enumerate(cards if isinstance(cards, list) else []):
        if isinstance(card, dict) and "diagonal" in card:  # the field before directions

            raise BoardkitDataError(f"{p}: cards[{i}].diagonal: a card says how its figures step with directions: "
                                    f"diagonal (diagonal steps only, BR-2.2), any (both) or orthogonal (the default)")
    check_schema(doc, _DATA_SCHEMA, p)
    extra = sorted(str(k) for k in doc["capacity"] if k not in (2, 3, 4))
    if extra:
        raise BoardkitDataError(f"{p}: capacity: only 2, 3 and 4 players exist, not {', '.join(extra)} (BR-1.6)")
    for n in (2, 3, 4):
        cap = doc["capacity"].get(n)
        if not isinstance(cap, int) or isinstance(cap, bool):
            raise BoardkitDataError(f"{p}: capacity.{n}: a whole number of figures is needed (BR-2.3)")
        least = n + 1 if n == 2 else n  # one figure per colour, and a neutral one with 2 players
        if cap < least:
            raise BoardkitDataError(f"{p}: capacity.{n}: {cap} is less than the {least} figures a tile holds at the "
                                    f"start with {n} players (BR-1.3, BR-2.3)")
    missing = [f for f in DOOM_FACES if f not in doc["doom_die"]]
    if missing:  # without an explosion face no tile may fall and a game may never end (BR-3.1)
        raise BoardkitDataError(f"{p}: doom_die: {shorten(doc['doom_die'])} has no {' or '.join(missing)} face; the Doom "
                                f"die shows the three events move, explosion and battle (\"Drei mögliche Ereignisse\", "
                                f"BR-4, BR-6), each on one face or more")
    if doc["hand_size"] > len(doc["cards"]):
        raise BoardkitDataError(f"{p}: hand_size: {doc['hand_size']} is more than the {len(doc['cards'])} cards of a "
                                f"colour (BR-1.4)")
    seen: dict[str, dict[str, Any]] = {}
    for i, card in enumerate(doc["cards"]):
        if card["name"] in seen and seen[card["name"]] != card:
            raise BoardkitDataError(f"{p}: cards[{i}]: {shorten(card['name'])} is used for two different cards")
        seen[card["name"]] = card
    doc["source_path"] = str(p)
    doc["source_sha256"] = digest
    return doc
