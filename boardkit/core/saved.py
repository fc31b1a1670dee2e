"""Saved states: the JSON document :meth:`State.to_json` writes, its schema, and the replay
that rebuilds a state from it (every saved action checked again on load)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from boardkit.core.rules import IllegalActionError, NotationError
from boardkit.core.spec import OptionError
from boardkit.core.validate import MAX_JSON_CHARS, BoardkitDataError, check_schema, file_sha256, shorten

if TYPE_CHECKING:
    from boardkit.core.game import Game
    from boardkit.core.state import State


_STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "options", "history"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string"},
        "options": {"type": "object"},
        "rules": {"type": "string"},
        "position": {"type": ["object", "null"]},
        "study": {"type": "boolean"},
        "history": {"type": "array", "items": {"type": "string"}},
        "files": {"type": "object", "additionalProperties": {"type": "string", "pattern": "^[0-9a-f]{64}$"}},
    },
}


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's members, refusing a name given twice (json keeps the last silently)."""
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"member {shorten(k)} is given twice in one object")
        out[k] = v
    return out


def _parse_saved(text: str, source: str) -> dict[str, Any]:
    """The document of a saved state, checked against its schema."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise BoardkitDataError(f"{source}: state_from_json expects the JSON text a state's to_json() wrote (a str or "
                                f"bytes), got {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise BoardkitDataError(f"{source}: {len(text)} characters, more than the {MAX_JSON_CHARS} a saved state may have")
    try:
        doc = json.loads(text, object_pairs_hook=_no_twice)
    except (TypeError, ValueError, RecursionError) as exc:  # ValueError: JSONDecodeError, a name twice, a long int
        raise BoardkitDataError(f"{source}: not valid JSON: {type(exc).__name__}: {str(exc)[:200]}") from None
    if not isinstance(doc, dict):
        raise BoardkitDataError(f"{source}: not a boardkit saved state: expected a JSON object with 'game', "
                                f"'options' and 'history', got {type(doc).__name__}")
    check_schema(doc, _STATE_SCHEMA, source)
    return doc


def _check_files_on_disk(files: Mapping[str, str], source: str) -> None:
    """Each data file a saved state was made with is there with the same content."""
    for path, digest in files.items():
        if not Path(path).exists():
            raise BoardkitDataError(f"{source}: files: {shorten(path, 300)[1:-1]} is missing; the state was saved "
                                    f"with the game data of that file")
        try:
            now = file_sha256(path)
        except BoardkitDataError as exc:
            raise BoardkitDataError(f"{source}: files: {exc}") from None
        if now != digest:
            raise BoardkitDataError(f"{source}: files: {path} changed since the save (its SHA-256 is not the "
                                    f"one saved); the saved game cannot be replayed with other game data")


def _split_actor(entry: str) -> tuple[int | None, str]:
    """A saved history entry as (seat, notation): ``"@3 move d5"`` -> ``(3, "move d5")``; an
    entry without ``@`` -> ``(None, entry)``."""
    if entry.startswith("@"):
        head, _, rest = entry.partition(" ")
        if not head[1:].isdigit() or not head[1:].isascii() or len(head) > 6:
            raise NotationError(f"{shorten(head)}: a seat number after '@' is expected")
        return int(head[1:]), rest
    return None, entry


def replay(game: "Game", doc: dict[str, Any], source: str) -> "State":
    """The state of a checked saved document (:func:`parse_saved`) made with ``game``'s options.

    Args:
        game: the game, with the options the document was saved with.
        doc: the checked document.
        source: a name for the input used in error messages.

    Returns:
        A new State after every saved action, each applied (and checked) again.

    Raises:
        BoardkitDataError: a data file changed since the save or, not packaged, read by the
            game but not recorded in the document's ``files``, a position that does not
            load, or a history entry that does not parse or is illegal (names its index).
    """
    files = doc.get("files") or {}
    for path, digest in files.items():
        mine = game._data_files.get(path)
        if mine is not None and mine != digest:
            raise BoardkitDataError(f"{source}: files: {path} changed since the save (its SHA-256 is not the "
                                    f"one saved); the saved game cannot be replayed with other game data")
    for path in game._data_files:  # a data file of the user's own: to_json records it, or a change goes untold
        if path not in files:
            raise BoardkitDataError(f"{source}: files: {shorten(path, 300)[1:-1]} is not recorded; the game reads "
                                    f"that data file of its own, and a save of it carries the file's SHA-256 "
                                    f"(to_json writes it), so that a change to the file since the save is told")
    position = doc.get("position")
    try:
        state = (game.new_initial_state() if position is None
                 else game.state_from_position(position, study=bool(doc.get("study", False))))
    except (BoardkitDataError, IllegalActionError, NotationError) as exc:
        raise BoardkitDataError(f"{source}: position: {exc}") from None
    for i, entry in enumerate(doc["history"]):
        try:
            seat, text = _split_actor(entry)
            state.apply_action(state.parse_action(text), player=seat)
        except (NotationError, IllegalActionError, ValueError) as exc:
            raise BoardkitDataError(f"{source}: history[{i}] {shorten(entry)}: {str(exc)[:300]}") from None
    return state


def state_from_json(text: str, source: str = "saved state") -> State:
    """Load a saved state of any registered game, with the options it was saved with.

    Options missing from the save (added to the game after it was saved) take their defaults.

    Args:
        text: the JSON text :meth:`State.to_json` wrote.
        source: a name for the input (a file name) used in error messages.

    Returns:
        A new State equal to the saved one.

    Raises:
        BoardkitDataError: malformed JSON (or too long), an unknown game or option, an option
            value the game refuses, a data file that is missing or changed since the save
            or (not packaged) not recorded in ``files``, or a history entry that does not parse or is illegal.
    """
    from boardkit.core.spec import load_game

    doc = _parse_saved(text, source)
    _check_files_on_disk(doc.get("files") or {}, source)
    for key in ("name", "rules"):  # load_game's own arguments, never an option
        if key in doc["options"]:
            raise BoardkitDataError(f"{source}: options: {key!r} is not an option of any game"
                                    + (" (the rules profile is the top-level field rules)" if key == "rules" else ""))
    try:
        game = load_game(doc["game"], rules=doc.get("rules", "seed"), **doc["options"])
    except OptionError as exc:
        raise BoardkitDataError(f"{source}: {str(exc)[:300]}") from None
    return replay(game, doc, source)


#: The names other modules used when they lived in ``boardkit.core.game``.
parse_saved = _parse_saved
split_actor = _split_actor

__all__: Sequence[str] = ["parse_saved", "replay", "split_actor", "state_from_json"]
