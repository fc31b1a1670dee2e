"""Clause registry and the error every illegal action raises.

Clauses live in ``data/rules/<game>.yaml``: one entry per clause id with the English text,
the seed passage it renders, and for decisions on open points the option (if any) that lets a
group of players decide otherwise. Code that enforces a clause names its id; tests name it too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Mapping


from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError, check_schema, parse_yaml, read_user_file

_CLAUSE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "seed", "clauses"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string"},
        "seed": {"type": "string"},
        "spec": {"type": "string"},
        "seed_map": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["seed"],
                "additionalProperties": False,
                "properties": {
                    "seed": {"type": "string"},
                    "clauses": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                    "none": {"type": "string"},
                },
            },
        },
        "clauses": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["id", "text"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string", "pattern": "^[A-Z]+-[0-9A-Z][0-9A-Za-z.]*$"},
                    "title": {"type": "string"},
                    "text": {"type": "string"},
                    "seed": {"type": "string"},
                    "open": {"type": "boolean"},
                    "decision": {"type": "string"},
                    "decides": {"type": "string"},
                    "option": {"type": "string"},
                },
            },
        },
    },
}


class IllegalActionError(ValueError):
    """An action the rules forbid here.

    Attributes:
        clause: the clause id that forbids it (for example ``"LEAD-3.5"``).
        reason: the reason in plain words, without the clause id.
        action: the refused action (an Action or the text that was given).
    """

    def __init__(self, clause: str, reason: str, action: Any = None) -> None:
        self.clause = clause
        self.reason = reason
        self.action = action
        shown = f"{action}: " if action is not None else ""
        super().__init__(f"[{clause}] {shown}{reason}")


class NotationError(ValueError):
    """Text that is not an action in a game's notation, or that names more than one."""


@dataclass(frozen=True)
class Clause:
    """One numbered rule (or decision on an open point) of a game.

    Attributes:
        id: stable id, e.g. ``"LEAD-5.3"``.
        text: the rule in English.
        seed: the seed passage (original language) the clause renders, if any.
        open: True where the seed leaves the point unsaid.
        decision: for open points and decisions, the reading the engine implements.
        decides: for a decision clause, the id of the clause it settles.
        option: the game option that lets players choose otherwise, if any.
    """

    id: str
    text: str
    title: str = ""
    seed: str = ""
    open: bool = False
    decision: str = ""
    decides: str = ""
    option: str = ""


@dataclass(frozen=True)
class ClauseRegistry(Mapping[str, Clause]):
    """All clauses of one game, by id, in file order. Read-only.

    Source: ``data/rules/<game>.yaml`` (rendering ``shared/rules/<game>.md``).
    """

    game: str
    seed_file: str
    _clauses: dict[str, Clause] = field(default_factory=dict)

    def __getitem__(self, clause_id: str) -> Clause:
        try:
            return self._clauses[clause_id]
        except KeyError:
            raise KeyError(f"{self.game} has no clause {clause_id!r}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._clauses)

    def __len__(self) -> int:
        return len(self._clauses)

    def error(self, clause_id: str, reason: str, action: Any = None) -> IllegalActionError:
        """Build an IllegalActionError for a clause of this game (the id must exist)."""
        self[clause_id]  # raises KeyError for an unknown id: a bug, not a user error
        return IllegalActionError(clause_id, reason, action)


def load_clauses(game: str, path: Path | None = None) -> ClauseRegistry:
    """Read and validate ``data/rules/<game>.yaml``.

    Args:
        game: game id, e.g. ``"leaders"``.
        path: another clause file (default: the packaged one).

    Returns:
        ClauseRegistry with every clause, in file order.

    Raises:
        BoardkitDataError: naming the file, the entry and the problem (bad YAML, missing
            field, duplicate id).
    """
    path = path or DATA_DIR / "rules" / f"{game}.yaml"
    doc = parse_yaml(read_user_file(path, "clause"), path)
    check_schema(doc, _CLAUSE_SCHEMA, path)
    clauses: dict[str, Clause] = {}
    for i, entry in enumerate(doc["clauses"]):
        if entry["id"] in clauses:
            raise BoardkitDataError(f"{path}: clauses[{i}]: duplicate clause id {entry['id']!r}")
        clauses[entry["id"]] = Clause(**entry)
    return ClauseRegistry(game=doc["game"], seed_file=doc["seed"], _clauses=clauses)


class IllegalPositionError(IllegalActionError):
    """A position description that the rules make impossible; ``.clause`` names the rule it
    breaks (e.g. two Leaders for one player, a Leader already captured)."""
