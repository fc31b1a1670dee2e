"""The data of a rulings book: a ruling, its readings, the result of checking one, and the errors.

Source: ``data/rulings/schema.json``; see the package docstring of :mod:`boardkit.rulings`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from boardkit.core.paths import DATA_DIR
from boardkit.core.validate import BoardkitDataError

#: Where the books and the schema live.
RULINGS_DIR = DATA_DIR / "rulings"

#: The question kinds, in the order the schema lists them.
KINDS = ("legal", "legal_actions", "after", "probability", "sees")


class RulingsError(BoardkitDataError):
    """A rulings file that cannot be read: the message names the file, the ruling and the field.

    Attributes:
        errors: one line per problem found (every problem of every bad ruling of the file: a
            field with a schema error is named once, and the engine's checks of the fields
            without one still run); the message is these lines joined.
    """

    def __init__(self, message: str | Sequence[str]) -> None:
        self.errors = [message] if isinstance(message, str) else list(message)
        super().__init__("\n".join(self.errors))


@dataclass(frozen=True)
class Reading:
    """One way to play the ruling's question: a rules profile and options, and the answer
    expected under them.

    Attributes:
        name: the reading's name ("seed", "published", an option value ...).
        rules: the rules profile ("seed" or "published") passed to ``load_game``.
        options: the rule options (the ruling's own, updated with the reading's).
        answer: the expected answer (see the schema's ``answer``).
        note: free text shown next to the answer.
    """

    name: str
    rules: str
    options: dict[str, Any]
    answer: dict[str, Any]
    note: str = ""


@dataclass(frozen=True)
class Ruling:
    """One ruling of a rulings file.

    Attributes:
        id: its id, unique in its file.
        title: the FAQ heading.
        game: the game id.
        file: the file it was read from.
        position: the position (``to_position()`` form), or None for the start.
        study: set the position up with ``study=True``.
        moves: actions in notation played before the question.
        question: the question (``text`` and one kind key, and maybe ``seat``).
        readings: one reading, or several side by side.
        source: ``clauses``, and maybe ``seed`` (quoted), ``english``, ``published``.
        explanation: free text.
        open: the point is open or being re-decided (its readings pin their options).
        rules_version: the rules version the ruling was written for.
    """

    id: str
    title: str
    game: str
    file: str
    position: Any
    study: bool
    moves: tuple[str, ...]
    question: dict[str, Any]
    readings: tuple[Reading, ...]
    source: dict[str, Any]
    explanation: str = ""
    open: bool = False
    rules_version: str = ""

    @property
    def kind(self) -> str:
        """The question's kind: one of :data:`KINDS`."""
        return next(k for k in KINDS if k in self.question)

    @property
    def seat(self) -> int | None:
        """The seat that asks and acts (None: the player to act, and the game master's view)."""
        return self.question.get("seat")

    @property
    def view(self) -> int | None:
        """Whose observation the answer's facts are read from (default: :attr:`seat`)."""
        return self.question.get("view", self.seat)


@dataclass
class Result:
    """The engine's answer to one reading of one ruling.

    Attributes:
        ruling: the ruling.
        reading: the reading checked.
        passed: the engine's answer matches the expected one.
        answer: the engine's answer, one entry per key of the expected answer (and ``legal``,
            ``clause``, ``reason`` whenever the engine refused an action).
        mismatches: one line per expected entry the engine disagrees with.
        clause: the clause of the engine's answer (the refusing clause, or the clause that
            ended the game), or "".
        reason: the engine's reason in words, or "".
        error: set-up problem (an option refused, a position refused, a move refused), or "".
        version_note: set when the ruling was written for another rules version.
        state: the state the question was asked in (for pictures), or None.
    """

    ruling: Ruling
    reading: Reading
    passed: bool
    answer: dict[str, Any] = field(default_factory=dict)
    mismatches: list[str] = field(default_factory=list)
    clause: str = ""
    reason: str = ""
    error: str = ""
    version_note: str = ""
    state: Any = None

    def describe(self) -> str:
        """One paragraph: the ruling, the reading, pass/fail, and where it fails the expected
        and the engine's answer."""
        head = f"{self.ruling.file}: {self.ruling.id} [{self.reading.name}]: {'pass' if self.passed else 'FAIL'}"
        lines = [head + f" - {self.ruling.title}"]
        if self.error:
            lines.append(f"  {self.error}")
        lines += [f"  {m}" for m in self.mismatches]
        if self.clause or self.reason:
            lines.append(f"  engine: [{self.clause}] {self.reason}".rstrip())
        if self.version_note:
            lines.append(f"  note: {self.version_note}")
        return "\n".join(lines)

