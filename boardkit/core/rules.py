"""Clause registry and the error every illegal action raises.

Clauses live in ``data/rules/<game>.yaml``: one entry per clause id with the English text,
the seed passage it renders, and for decisions on open points the option (if any) that lets a
group of players decide otherwise. Code that enforces a clause names its id; tests name it too.

The same file maps the seed text, passage by passage in the seed's order, to the clauses
that render each passage (``seed_map``); :func:`seed_map_problems` checks that the map covers
the whole seed (``data/seeds/<seed file>``) and that every clause quotes the seed exactly.
"""

from __future__ import annotations

import re
import unicodedata
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
                    "published": {"type": "string", "minLength": 1},
                },
            },
        },
        "seed_map": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["seed"],
                "additionalProperties": False,
                "properties": {
                    "seed": {"type": "string", "minLength": 1},
                    "clauses": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                    "none": {"type": "string", "minLength": 1},
                },
                "oneOf": [{"required": ["clauses"]}, {"required": ["none"]}],
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


class Refusal(Exception):
    """The one rule path's answer "not legal": raised by a game's rule code (the same code
    that generates its legal actions) and turned into the :class:`IllegalActionError` the
    seat sees, so a legal action and the reason an action is refused never come from two
    derivations.

    Attributes:
        clause: the clause id that forbids the action (for example ``"ARMA-3.5"``).
        reason: why, in plain words, computed from what the asking seat may know.
    """

    def __init__(self, clause: str, reason: str) -> None:
        super().__init__(clause, reason)
        self.clause = clause
        self.reason = reason

    def __str__(self) -> str:
        """``[clause] reason``, written when asked (search refuses far more than it shows)."""
        return f"[{self.clause}] {self.reason}"


class RuleDisagreement(RuntimeError):
    """An engine defect: the move generator and the rule path (``State.refuse``) disagree
    about an action. Never raised by a correct game; the conformance tests look for it."""


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
        published: for a rule from outside the seed, its source (an FAQ, a card text, a
            review of the published edition); such a rule is an option of the
            ``rules="published"`` profile, never the default.
    """

    id: str
    text: str
    title: str = ""
    seed: str = ""
    open: bool = False
    decision: str = ""
    decides: str = ""
    option: str = ""
    published: str = ""

    @property
    def source(self) -> str:
        """Where the clause comes from: ``"published"`` (outside the seed: :attr:`published`
        names it), ``"seed"`` (it quotes the seed) or ``"decision"`` (a point the seed leaves
        unsaid, decided by the project)."""
        if self.published:
            return "published"
        return "seed" if self.seed and not self.open else "decision"


@dataclass(frozen=True)
class SeedPassage:
    """One passage (a sentence or list item) of a seed text and the clauses rendering it.

    Attributes:
        seed: the passage, verbatim (original language).
        clauses: ids of the clauses that render it; empty only with ``none``.
        none: why the passage states no rule (a title, a picture marker, advice).
    """

    seed: str
    clauses: tuple[str, ...] = ()
    none: str = ""


@dataclass(frozen=True)
class ClauseRegistry(Mapping[str, Clause]):
    """All clauses of one game, by id, in file order. Read-only.

    Source: ``data/rules/<game>.yaml`` (rendering ``shared/rules/<game>.md``).
    """

    game: str
    seed_file: str
    _clauses: dict[str, Clause] = field(default_factory=dict)
    seed_map: tuple[SeedPassage, ...] = ()

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
    seed_map = tuple(SeedPassage(seed=e["seed"], clauses=tuple(e.get("clauses", ())), none=e.get("none", ""))
                     for e in doc.get("seed_map", ()))
    return ClauseRegistry(game=doc["game"], seed_file=doc["seed"], _clauses=clauses, seed_map=seed_map)


def load_seed(seed_file: str) -> str:
    """The text of a seed (``data/seeds/<seed_file>``), the original rules the clauses render.

    Raises:
        BoardkitDataError: no such seed file.
    """
    path = DATA_DIR / "seeds" / seed_file
    if not re.fullmatch(r"[0-9A-Za-z_.-]+\.txt", seed_file) or not path.is_file():
        raise BoardkitDataError(f"seed {seed_file!r}: no such file in {DATA_DIR / 'seeds'}")
    return path.read_text(encoding="utf-8")


def _flat(text: str) -> str:
    """``text`` with every run of white space made one space, stripped."""
    return " ".join(text.split())


def _only_punctuation(text: str) -> bool:
    return all(unicodedata.category(ch)[0] in "PZS" or ch.isspace() for ch in text)


def seed_map_problems(registry: ClauseRegistry, seed_text: str) -> list[str]:
    """Check a game's seed map and seed quotes against its seed text.

    The map must cover the whole seed: with white space runs made one space, each passage
    is found after the previous one, and what lies between passages (and before the first,
    after the last) is only punctuation or white space. Every clause a passage names exists.
    Every clause quote, split on ``" ... "`` (a cut), is found in the seed, its parts in
    order; every passage of a rule that a quote touches lists that clause (a passage that states
    no rule, such as advice, may be quoted along), and no cut leaves out a passage
    that the map gives to the same clause (a quote may not hide a sentence of its own rule).
    A clause with no quote is an open point, a decision or a rule of the published edition.

    Args:
        registry: the game's clauses and seed map (:func:`load_clauses`).
        seed_text: the seed text (:func:`load_seed`).

    Returns:
        The problems found, each naming the passage or clause; ``[]`` when all holds.
    """
    problems: list[str] = []
    flat = _flat(seed_text)
    if not registry.seed_map:
        return [f"{registry.game}: no seed_map: every passage of {registry.seed_file} must map to its clauses"]
    pos = 0
    spans: list[tuple[int, int, tuple[str, ...]]] = []
    for i, passage in enumerate(registry.seed_map):
        text = _flat(passage.seed)
        at = flat.find(text, pos)
        if at < 0:
            where = "elsewhere in the seed (out of order)" if text in flat else "nowhere in the seed"
            problems.append(f"seed_map[{i}]: {text[:60]!r} is {where}")
            continue
        if not _only_punctuation(flat[pos:at]):
            problems.append(f"seed_map[{i}]: the seed text {flat[pos:at][:80]!r} before it maps to no clause")
        spans.append((at, at + len(text), passage.clauses))
        pos = at + len(text)
        for cid in passage.clauses:
            if cid not in registry:
                problems.append(f"seed_map[{i}]: no clause {cid!r}")
    if not _only_punctuation(flat[pos:]):
        problems.append(f"seed_map: the seed text {flat[pos:][:80]!r} at the end maps to no clause")
    for cid, clause in registry.items():
        if not clause.seed:
            if not (clause.open or clause.decides or clause.published or clause.decision):
                problems.append(f"{cid}: quotes no seed passage and is not an open point, a decision or a published rule")
            continue
        start = prev_end = 0
        parts = [_flat(p) for p in re.split(r"\s*(?:\.\.\.|…)\s*", clause.seed) if p.strip()]
        for k, part in enumerate(parts):
            at = flat.find(part, start)
            if at < 0:
                problems.append(f"{cid}: its seed quote {part[:60]!r} is not in the seed"
                                + (" (out of order)" if part in flat else ""))
                break
            end = at + len(part)
            for s, e, ids in spans:
                if s < end and at < e and ids and cid not in ids:  # a passage of no rule may be quoted along
                    problems.append(f"{cid}: quotes the passage {flat[s:e][:60]!r}, whose seed_map entry does not list {cid}")
                if k and prev_end <= s and e <= at and cid in ids:
                    problems.append(f"{cid}: its quote cuts out {flat[s:e][:60]!r}, a passage of its own rule; quote it whole")
            prev_end = start = end
    return problems


class IllegalPositionError(IllegalActionError):
    """A position description that the rules make impossible; ``.clause`` names the rule it
    breaks (e.g. two Leaders for one player, a Leader already captured)."""
