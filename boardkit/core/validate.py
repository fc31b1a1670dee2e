"""Validation of data files and user input with clear messages (jsonschema underneath)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema


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


def check_schema(doc: Any, schema: dict[str, Any], source: Path | str) -> None:
    """Validate ``doc`` against a JSON schema.

    Args:
        doc: parsed YAML/JSON document.
        schema: a JSON schema (draft 2020-12).
        source: file path or a short name of the input, used in the message.

    Raises:
        BoardkitDataError: ``"<source>: <entry>: <problem>"`` for the first error found
            (the most specific one, by jsonschema's relevance order).
    """
    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(doc), key=jsonschema.exceptions.relevance)
    if errors:
        err = errors[0]
        raise BoardkitDataError(f"{source}: {_path_of(err)}: {err.message}")
