"""The pieces of the gridhunt game master's desk (:mod:`boardkit.games.gridhunt.gm`) that are
data rather than play: a player's message and how it is split into move and shot (GRID-D15), the
reports and round records, the saved desk's format and JSON schema, and the checks of a saved desk
against its game (GRID-D17 bounds on versions, seats and rounds).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from boardkit.core.validate import BoardkitDataError, shorten

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.state import GridhuntState


#: Format tag of a saved desk.
FORMAT = "boardkit-gridhunt-gm/1"

#: The most messages one player may send in one round (the version of its last one, GRID-D17).
MAX_VERSION = 1000

_SEAT_KEY = {"type": "string", "pattern": "^(0|[1-9][0-9]{0,3})$"}
_LINES = {"type": "array", "minItems": 1, "items": {"type": "string"}}
_MESSAGE = {
    "type": "object", "additionalProperties": False,
    "required": ["seat", "round", "text", "move", "shot", "version"],
    "properties": {"seat": {"type": "integer", "minimum": 0}, "round": {"type": "integer", "minimum": 1},
                   "text": {"type": "string"}, "move": {"type": "string"}, "shot": {"type": "string"},
                   "version": {"type": "integer", "minimum": 0, "maximum": MAX_VERSION}},
}
_RECORD = {
    "type": "object", "additionalProperties": False,
    "required": ["round", "messages", "silent", "void_shots", "private", "public"],
    "properties": {
        "round": {"type": "integer", "minimum": 1},
        "messages": {"type": "array", "items": _MESSAGE},
        "silent": {"type": "object", "propertyNames": _SEAT_KEY, "additionalProperties": {"type": "string"}},
        "void_shots": {"type": "object", "propertyNames": _SEAT_KEY, "additionalProperties": {"type": "string"}},
        "private": {"type": "object", "propertyNames": _SEAT_KEY, "additionalProperties": _LINES},
        "public": {"anyOf": [{"type": "null"}, _LINES]},
    },
}
#: JSON schema of a saved desk (:meth:`GameMaster.to_json`); the game under ``state`` is checked
#: by :func:`boardkit.state_from_json`, the seats and rounds against the game by ``from_json``.
DESK_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": ["format", "state", "names", "seed", "inbox", "current", "rounds"],
    "properties": {
        "format": {"const": FORMAT},
        "state": {"type": "object"},
        "names": {"type": "array", "minItems": 1, "items": {"type": "string"}},
        "seed": {"type": ["integer", "string", "null"]},
        "inbox": {"type": "array", "items": _MESSAGE},
        "current": _RECORD,
        "rounds": {"type": "array", "items": _RECORD},
    },
}


class MessageError(ValueError):
    """A player's message the GM cannot take: not a message of one move and at most one shot, a
    seat or name that is not a player, a message from a dead player or out of the orders phase.
    The text names the player and the message."""


@dataclass(frozen=True)
class Message:
    """One player's orders for a round (GRID-D15): ``move`` and ``shot`` in notation, the text as
    sent, and ``version`` (1 for the first message of the round, 2 after one amendment...)."""

    seat: int
    round: int
    text: str
    move: str
    shot: str
    version: int = 1


@dataclass(frozen=True)
class Report:
    """A report to send or post: a ``title`` and its ``lines``; :meth:`text`, :meth:`markdown`,
    :meth:`html` render it (the HTML shows in a notebook)."""

    title: str
    lines: tuple[str, ...]

    def text(self) -> str:
        """Plain text: the title, then one line each."""
        return "\n".join([self.title, *(f"  {line}" for line in self.lines)])

    def markdown(self) -> str:
        """Markdown for a forum post: the title in bold, a bullet per line."""
        return "\n".join([f"**{self.title}**", "", *(f"- {line}" for line in self.lines)])

    def html(self) -> str:
        """HTML: the title as a heading, a list of lines (text escaped)."""
        items = "".join(f"<li>{escape(line)}</li>" for line in self.lines)
        return f"<div class='gridhunt-report'><h4>{escape(self.title)}</h4><ul>{items}</ul></div>"

    def _repr_html_(self) -> str:
        return self.html()

    def __str__(self) -> str:
        return self.text()


@dataclass
class RoundRecord:
    """What the GM did in one round: the messages taken (seat -> Message), the seats that were
    silent and the orders given for them (GRID-D16), and the shots found void with the refusal
    (seat -> ``"[clause] reason"``, GRID-D15); the reports written as it ended."""

    round: int
    messages: dict[int, Message] = field(default_factory=dict)
    silent: dict[int, str] = field(default_factory=dict)
    void_shots: dict[int, str] = field(default_factory=dict)
    #: the reports written as the round ended: seat -> private report, and the public report.
    private: dict[int, Report] = field(default_factory=dict)
    public: Report | None = None


def split_message(text: str) -> tuple[str, str]:
    """GRID-D15: a message's move and shot, as notation text: the parts are separated by a comma,
    a semicolon, a new line or the word ``shoot``; no shot written is ``shoot none``.

    Raises:
        MessageError: no move order, more than one move or shot, or a part that is neither.
    """
    if not isinstance(text, str):
        raise MessageError(f"a message is text, not {shorten(text)}")
    parts = [p.strip() for p in re.split(r"[;,\n]|(?=\bshoot\b)", text.strip().lower()) if p.strip()]
    moves = [p for p in parts if p.split()[0] == "move"]
    shots = [p for p in parts if p.split()[0] == "shoot"]
    other = [p for p in parts if p not in moves and p not in shots]
    if other or len(moves) != 1 or len(shots) > 1:
        raise MessageError(f"message {shorten(text)}: one move order ('move ...') and at most one shot order "
                           f"('shoot ...') are expected (GRID-D15)")
    return " ".join(moves[0].split()), " ".join(shots[0].split()) if shots else "shoot none"


def _name_ok(name: str) -> bool:
    """A player's name fit for a report in text, Markdown or HTML: letters and digits, with
    spaces, ``- _ . '`` inside it (not at either end for a space), at most 40 characters."""
    return 0 < len(name) <= 40 and name == name.strip() and name[0] not in "-_.'" \
        and all(c.isalnum() or c in " -_.'" for c in name)


def _check_desk(doc: dict[str, Any], state: "GridhuntState", source: str) -> None:
    """The cross-checks of a saved desk that a schema cannot make: every seat (a message's, a
    key of ``silent``, ``void_shots``, ``private``) is a seat of the game, one waiting message per
    seat, a message of the round it is filed under, the current round the game's, the resolved
    rounds rising and not after it, a waiting message's version 1 or more while orders are taken.

    Raises:
        BoardkitDataError: ``"<source>: <field>: <problem>"``.
    """
    n = state.n

    def seat(where: str, value: int | str) -> None:
        if int(value) >= n:
            raise BoardkitDataError(f"{source}: {where}: seat {shorten(value)} is not a seat of this game "
                                    f"(0 .. {n - 1})")

    def messages(where: str, items: list[dict[str, Any]], rnd: int, least: int) -> None:
        seen: set[int] = set()
        for i, m in enumerate(items):
            seat(f"{where}[{i}].seat", m["seat"])
            if m["seat"] in seen:
                raise BoardkitDataError(f"{source}: {where}[{i}].seat: a second message of seat {m['seat']} "
                                        f"(one entry per seat; an amendment counts in its version)")
            seen.add(m["seat"])
            if m["round"] != rnd:
                raise BoardkitDataError(f"{source}: {where}[{i}].round: {m['round']}, filed under round {rnd}")
            if m["version"] < least:
                raise BoardkitDataError(f"{source}: {where}[{i}].version: {m['version']}, expected a whole number "
                                        f"{least} .. {MAX_VERSION}")

    def record(where: str, r: dict[str, Any]) -> None:
        messages(f"{where}.messages", r["messages"], r["round"], 1)
        for key in ("silent", "void_shots", "private"):
            for p in r[key]:
                seat(f"{where}.{key}.{p}", p)

    current = doc["current"]["round"]
    if current != state.round:
        raise BoardkitDataError(f"{source}: current.round: {current}, but the game is in round {state.round}")
    record("current", doc["current"])
    last = 0
    for i, r in enumerate(doc["rounds"]):
        if not last < r["round"] <= current:
            raise BoardkitDataError(f"{source}: rounds[{i}].round: {r['round']}, expected a round after {last} and "
                                    f"not after the current round {current}")
        last = r["round"]
        record(f"rounds[{i}]", r)
    messages("inbox", doc["inbox"], state.round, 1 if state.phase == "orders" else 0)
