"""Validation of data files and user input with clear messages (jsonschema underneath)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import jsonschema
import yaml


class BoardkitDataError(ValueError):
    """A data file, saved state or position description that is malformed.

    The message names the file (or input), the entry (a JSON path such as
    ``cells[3].q``) and the problem.
    """


def _path_of(error: jsonschema.ValidationError) -> str:
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _strict_int(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


#: Draft 2020-12, except that "integer" means a Python int: 1.0 and True are refused.
_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_int),
)


def check_schema(doc: Any, schema: dict[str, Any], source: Path | str) -> None:
    """Validate ``doc`` against a JSON schema.

    Args:
        doc: parsed YAML/JSON document.
        schema: a JSON schema (draft 2020-12; ``"integer"`` accepts only ints, not 1.0 or True).
        source: file path or a short name of the input, used in the message.

    Raises:
        BoardkitDataError: ``"<source>: <entry>: <problem>"`` for the first error found
            (the most specific one, by ``jsonschema.exceptions.best_match``, which looks
            inside ``anyOf`` alternatives).
    """
    validator = _Validator(schema)
    err = jsonschema.exceptions.best_match(validator.iter_errors(doc))
    if err is not None:
        raise BoardkitDataError(f"{source}: {_path_of(err)}: {err.message}")


def read_yaml(path: str | Path, folder: Path, what: str) -> tuple[Any, Path]:
    """Read a YAML data file given as a path, or as a bare name looked up in ``folder``.

    Args:
        path: a file path (``"my/board.yaml"``), or a name (``"leaders"`` ->
            ``folder/leaders.yaml``).
        folder: where names are looked up (e.g. ``DATA_DIR / "boards"``).
        what: what the file is, for messages (``"board"``).

    Returns:
        (parsed document, the path read).

    Raises:
        BoardkitDataError: an unknown name (the message lists the known ones), a file that
            cannot be read, or text that is not YAML; the message names the file.
    """
    p = Path(path)
    if not p.suffix and p.name == str(path):  # a bare name: a packaged file
        p = folder / f"{path}.yaml"
        if not p.is_file():
            known = sorted(f.stem for f in folder.glob("*.yaml"))
            raise BoardkitDataError(f"{what} {str(path)!r}: no such {what}; known names: {', '.join(known)}, "
                                    f"or a path to a .yaml file")
    try:
        return yaml.safe_load(p.read_text(encoding="utf-8")), p
    except OSError as exc:
        raise BoardkitDataError(f"{p}: cannot read {what} file: {exc.strerror}") from None
    except yaml.YAMLError as exc:
        raise BoardkitDataError(f"{p}: not valid YAML: {exc}") from None


def load_description(description: Any, schema: dict[str, Any], source: str = "position") -> dict[str, Any]:
    """A position description given as YAML text or a mapping, as a checked dict.

    Mapping keys one level down are turned into text (YAML reads ``0:`` as an int), so that
    ``pieces: {0: ...}`` and ``{"pieces": {"0": ...}}`` mean the same.

    Args:
        description: YAML text or a mapping.
        schema: the JSON schema the result must meet.
        source: a name for the input in messages.

    Returns:
        A new dict.

    Raises:
        BoardkitDataError: not YAML, not a mapping, or the schema is not met (names the field).
    """
    if isinstance(description, str):
        try:
            doc = yaml.safe_load(description)
        except yaml.YAMLError as exc:
            raise BoardkitDataError(f"{source}: not valid YAML: {exc}") from None
    else:
        doc = description
    if not isinstance(doc, Mapping):
        raise BoardkitDataError(f"{source}: (top level): expected a mapping, got {type(doc).__name__}")
    doc = {k: ({str(kk): vv for kk, vv in v.items()} if isinstance(v, Mapping) else v) for k, v in doc.items()}
    check_schema(doc, schema, source)
    return doc
