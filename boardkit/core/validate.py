"""Validation of data files and user input with clear messages (jsonschema underneath).

Every YAML file or text the package reads goes through :func:`parse_yaml` (and files through
:func:`read_user_file` first): anchors and aliases are refused (an alias "bomb" of a few
hundred bytes would expand to gigabytes), a key given twice in one mapping is refused naming
both lines, input is capped in size and a message never quotes more than a short piece of it.
"""

from __future__ import annotations

import copy
import hashlib
import io
import os
import pickle
import stat
from pathlib import Path
from functools import cache
from typing import TYPE_CHECKING, Any, Mapping

import yaml

if TYPE_CHECKING:  # pragma: no cover
    import jsonschema

#: The most bytes read from a YAML file or text (board, game data, position, clause file).
MAX_YAML_BYTES = 1 << 20
#: The most characters of a saved state's JSON text.
MAX_JSON_CHARS = 8 << 20
#: The most characters of an input value quoted in a message.
SHOWN_CHARS = 60


class BoardkitDataError(ValueError):
    """A data file, saved state or position description that is malformed.

    The message names the file (or input), the entry (a JSON path such as
    ``cells[3].q``) and the problem.
    """


def shorten(value: Any, limit: int = SHOWN_CHARS) -> str:
    """``repr(value)`` for a message, cut to at most ``limit`` characters with an ellipsis
    (and, for long text, its length), so a message stays short whatever the input.

    Args:
        value: any value (text from a user's file, a parsed document...).
        limit: the most characters of the representation kept.

    Returns:
        The representation, whole or cut; a value too deep or too large to represent is
        described instead (``<a list nested too deep to show>``).

    >>> shorten("x" * 100, 12)
    "'xxxxxxxxxx… (100 characters)"
    """
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # deep nests, or ints too long to print
        return f"<a {type(value).__name__} nested too deep to show>"
    if len(text) <= limit:
        return text
    size = f" ({len(value)} characters)" if isinstance(value, str) else ""
    return text[: limit - 1] + "…" + size


def is_data_name(value: str) -> bool:
    """Whether an option's text is a packaged data name (``"leaders"``) rather than a path:
    a bare word without a suffix or a folder."""
    p = Path(value)
    return not p.suffix and p.name == value


def _path_of(error: jsonschema.ValidationError) -> str:
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{shorten(part, 40)[1:-1]}" if out else shorten(part, 40)[1:-1])
    return out or "(top level)"


def _strict_int(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


def import_jsonschema() -> Any:
    """Import and return the jsonschema module without its optional IRI format checker.

    jsonschema's import registers format checkers for whatever optional packages are
    installed; with rfc3987_syntax (which Jupyter installs) that builds some 40 grammars,
    about 4 s on this project's 2-core machine, in every process that checks a file. boardkit's
    schemas use no ``format``, so that one package is hidden while jsonschema is imported
    (0.4 s) and visible again afterwards to any other code in the process.
    """
    import sys

    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    hide = "rfc3987_syntax" not in sys.modules
    if hide:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # import -> ImportError
    try:
        import jsonschema
    finally:
        if hide and sys.modules.get("rfc3987_syntax", 0) is None:
            del sys.modules["rfc3987_syntax"]
    return jsonschema


@cache
def _validator_class() -> Any:
    """Draft 2020-12, except that "integer" means a Python int: 1.0 and True are refused.

    jsonschema is imported here, at the first check, not with boardkit, and without its
    optional IRI format checker (see :func:`import_jsonschema`)."""
    jsonschema = import_jsonschema()
    return jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_int),
    )


#: How YAML 1.1 reads yes/no words, for messages refusing a true or false where none is wanted.
YES_NO = "YAML reads yes, no, on, off, true and false as true or false"


def short_message(err: jsonschema.ValidationError) -> str:
    """jsonschema's message with the offending value shortened (it quotes it whole); a whole
    document of the wrong type (a file that is no data file) is not quoted at all; a true or
    false where the schema wants no yes/no value says how YAML reads ``on``, ``yes``..."""
    if err.validator == "type" and not err.absolute_path:
        wanted = "a mapping" if err.validator_value == "object" else repr(err.validator_value)
        return f"expected {wanted}, got {type(err.instance).__name__}"
    message = err.message
    if err.validator == "type" and isinstance(err.instance, bool) and "boolean" not in str(err.validator_value):
        message += f" ({YES_NO}: write the value meant)"
    try:
        whole = repr(err.instance)
    except (RecursionError, ValueError):
        whole = ""
    if whole and len(whole) > SHOWN_CHARS and whole in message:
        message = message.replace(whole, shorten(err.instance))
    return message if len(message) <= 300 else message[:299] + "…"


def check_schema(doc: Any, schema: dict[str, Any], source: Path | str) -> None:
    """Validate ``doc`` against a JSON schema.

    Args:
        doc: parsed YAML/JSON document.
        schema: a JSON schema (draft 2020-12; ``"integer"`` accepts only ints, not 1.0 or True).
        source: file path or a short name of the input, used in the message.

    Raises:
        BoardkitDataError: ``"<source>: <entry>: <problem>"`` for the first error found
            (the most specific one, by ``jsonschema.exceptions.best_match``, which looks
            inside ``anyOf`` alternatives); a value from the input is quoted shortened.
    """
    key = _checked_key(schema, doc)
    if key is not None and key in _CHECKED:
        return
    validator = _validator_class()(schema)
    from jsonschema.exceptions import best_match  # imported with the validator class

    err = best_match(validator.iter_errors(doc))
    if err is not None:
        raise BoardkitDataError(f"{source}: {_path_of(err)}: {short_message(err)}")
    if key is not None:
        _CHECKED[key] = None
        if len(_CHECKED) > _CHECKED_MAX:
            _CHECKED.pop(next(iter(_CHECKED)), None)


#: (schema, document) pairs that passed :func:`check_schema`, by the SHA-256 of their pickle:
#: a game made again from the same data (every ``load_game``) is not checked again. Only
#: documents of plain JSON values are remembered (see :class:`_PlainPickler`); the oldest
#: entry goes first.
_CHECKED: dict[bytes, None] = {}
_CHECKED_MAX = 4096
_PLAIN_TYPES = (dict, list, tuple, str, int, float, bool, type(None))


class _NotPlain(Exception):
    """A value other than a plain JSON value (dict, list, tuple, str, int, float, bool, None)."""


class _PlainPickler(pickle.Pickler):
    """A pickler that refuses every object but the plain JSON values: two equal pickles are
    then two equal documents, built of the same types (a tuple is not a list, 1 not 1.0 nor
    True), so they check alike against a schema."""

    def reducer_override(self, obj: Any) -> Any:
        """Plain values are pickled as usual; anything else raises :class:`_NotPlain`."""
        if type(obj) in _PLAIN_TYPES:
            return NotImplemented
        raise _NotPlain


def _checked_key(schema: Any, doc: Any) -> bytes | None:
    """The SHA-256 of the pickled ``(schema, doc)``, or None when one of them holds a value
    that is not plain JSON (or cannot be pickled): such a document is checked every time."""
    out = io.BytesIO()
    try:
        _PlainPickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump((schema, doc))
    except (_NotPlain, RecursionError, pickle.PicklingError, TypeError, ValueError):
        return None
    return hashlib.sha256(out.getbuffer()).digest()


class _Refused(yaml.MarkedYAMLError):
    """YAML this package does not read (an anchor, an alias or a key given twice)."""


class SafeLoader(yaml.SafeLoader):
    """PyYAML's SafeLoader, refusing anchors and aliases (``&a``, ``*a``: an alias bomb
    expands a few hundred bytes into gigabytes) and a key given twice in one mapping (YAML
    would keep the last silently)."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        """Compose one node, refusing an alias or an anchor (names its line)."""
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _Refused(problem="anchors and aliases (& and *) are not accepted; write the value out",
                           problem_mark=event.start_mark)
        return super().compose_node(parent, index)

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        """Build a mapping, refusing a key given twice (names the key and both lines)."""
        if isinstance(node, yaml.MappingNode):
            first: dict[Any, tuple[Any, Any]] = {}
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    earlier = first.get(key)
                except TypeError:  # an unhashable key: SafeLoader says so below
                    continue
                if earlier is not None:
                    raise _Refused(problem=_twice(*earlier, key, key_node), problem_mark=key_node.start_mark)
                first[key] = (key, key_node)
        return super().construct_mapping(node, deep=deep)


def _twice(key: Any, node: Any, again: Any, again_node: Any) -> str:
    """Why a mapping's key ``again`` (at ``again_node``) repeats ``key`` (at ``node``): the
    same key twice, or two keys Python holds equal (``yes`` read as true is the key 1, ``1.0``
    is 1), naming both as written."""
    lines = f"lines {node.start_mark.line + 1} and {again_node.start_mark.line + 1}"
    text, again_text = getattr(node, "value", None), getattr(again_node, "value", None)
    if type(key) is type(again) or not isinstance(text, str) or not isinstance(again_text, str):
        return f"key {shorten(again)} is given twice ({lines})"
    said = f"keys {shorten(text)} and {shorten(again_text)} are one key here ({lines})"
    flag, flag_text = (key, text) if isinstance(key, bool) else (again, again_text)
    if isinstance(flag, bool):
        return (f"{said}: YAML reads {shorten(flag_text)} as {str(flag).lower()}, which is the key {int(flag)} "
                f"(yes, no, on, off, true and false are read as true or false); write the key meant")
    return f"{said}: {shorten(key)} and {shorten(again)} are equal numbers; write the key meant"


def _yaml_message(exc: yaml.YAMLError) -> str:
    """A short description of a YAML error: where and what, without quoting the input."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        what = "; ".join(str(x) for x in (exc.context, exc.problem) if x)
    elif isinstance(exc, yaml.reader.ReaderError):
        where, what = f"character {exc.position + 1}: ", f"the control character #x{exc.character:04x} is not allowed"
    else:
        where, what = "", type(exc).__name__
    what = what if len(what) <= 200 else what[:199] + "…"
    return where + what


#: The deepest nesting a YAML input may have (the package's files nest a few levels).
MAX_YAML_DEPTH = 64


def _check_nesting(text: str, source: Path | str) -> None:
    """Refuse text nested deeper than :data:`MAX_YAML_DEPTH` before parsing it (the parser is
    recursive and slow on thousands of levels): brackets and braces counted in one pass, and
    indentation of block collections (two spaces a level)."""
    depth = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > MAX_YAML_DEPTH:
                raise BoardkitDataError(f"{source}: not valid YAML: nested deeper than {MAX_YAML_DEPTH} levels")
        elif ch in "]}" and depth:
            depth -= 1
    for line in text.splitlines():
        stripped = line.lstrip(" -")
        if stripped and len(line) - len(stripped) > 2 * MAX_YAML_DEPTH:
            raise BoardkitDataError(f"{source}: not valid YAML: nested deeper than {MAX_YAML_DEPTH} levels")


def parse_yaml(text: str | bytes, source: Path | str) -> Any:
    """Parse YAML text (a file's or a user's) with the package's :class:`SafeLoader`.

    Args:
        text: the YAML text (bytes are decoded as UTF-8).
        source: a name for the input (a file path) in messages.

    Returns:
        The parsed document.

    Raises:
        BoardkitDataError: text over :data:`MAX_YAML_BYTES`, not UTF-8, not YAML, nested
            too deep, or with an anchor, an alias or a key given twice (names the line).
    """
    if len(text) > MAX_YAML_BYTES:
        raise BoardkitDataError(f"{source}: {len(text)} characters, more than the {MAX_YAML_BYTES} a YAML input may have")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BoardkitDataError(f"{source}: not UTF-8 text (byte {exc.start})") from None
    _check_nesting(text, source)
    loader = None
    try:
        loader = SafeLoader(text)  # the reader already refuses control characters here
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        raise BoardkitDataError(f"{source}: not valid YAML: {_yaml_message(exc)}") from None
    except (ValueError, OverflowError) as exc:  # a number past Python's digit limit, say
        if "digits" in str(exc):
            import sys

            raise BoardkitDataError(f"{source}: a number of more than {sys.get_int_max_str_digits()} digits; no value "
                                    f"here is that large") from None
        raise BoardkitDataError(f"{source}: a value YAML cannot read as a number: {str(exc)[:120]}") from None
    except RecursionError:
        raise BoardkitDataError(f"{source}: not valid YAML: nested too deep") from None
    finally:
        if loader is not None:
            loader.dispose()


def read_user_file(path: str | Path, what: str, limit: int = MAX_YAML_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    Args:
        path: the file.
        what: what the file is, for messages (``"board"``).
        limit: the most bytes accepted.

    Returns:
        The file's bytes.

    Raises:
        BoardkitDataError: the file is missing or unreadable, is a directory, a device, a
            FIFO or a socket rather than a regular file, or is larger than ``limit`` (the
            message names the file and the limit, never the content).
    """
    p = Path(path)
    try:
        st = os.stat(p)
    except (OSError, ValueError) as exc:
        raise BoardkitDataError(f"{shorten(str(p), 300)[1:-1]}: cannot read {what} file: "
                                f"{getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        kind = ("a directory" if stat.S_ISDIR(st.st_mode) else "a device" if stat.S_ISCHR(st.st_mode) or
                stat.S_ISBLK(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode) else "not a regular file")
        raise BoardkitDataError(f"{p}: cannot read {what} file: it is {kind}, not a regular file")
    if st.st_size > limit:
        raise BoardkitDataError(f"{p}: {what} file of {st.st_size} bytes, more than the {limit} it may have")
    try:
        with open(p, "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise BoardkitDataError(f"{p}: cannot read {what} file: {exc.strerror}") from None
    if len(data) > limit:  # a file whose size the system does not know (/proc)
        raise BoardkitDataError(f"{p}: {what} file of more than the {limit} bytes it may have")
    return data


def file_sha256(path: str | Path, what: str = "data") -> str:
    """The SHA-256 (hex) of a file's bytes, read as :func:`read_user_file` reads them.

    Raises:
        BoardkitDataError: as :func:`read_user_file`.
    """
    return hashlib.sha256(read_user_file(path, what)).hexdigest()


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
            cannot be read, is not a regular file or is over :data:`MAX_YAML_BYTES`, or text
            that is not YAML or has anchors, aliases or a key twice; the message names the file.
    """
    doc, p, _ = read_yaml_file(path, folder, what)
    return doc, p


def read_yaml_file(path: str | Path, folder: Path, what: str) -> tuple[Any, Path, str]:
    """As :func:`read_yaml`, with the SHA-256 (hex) of the bytes read as a third item."""
    p = Path(path)
    if is_data_name(str(path)):  # a bare name: a packaged file
        p = folder / f"{path}.yaml"
        try:
            found = p.is_file()
        except (OSError, ValueError):  # a name too long for the file system, say
            found = False
        if not found:
            known = sorted(f.stem for f in folder.glob("*.yaml"))
            raise BoardkitDataError(f"{what} {shorten(str(path))}: no such {what}; known names: {', '.join(known)}, "
                                    f"or a path to a .yaml file")
    data = read_user_file(p, what)
    digest = hashlib.sha256(data).hexdigest()
    key = (str(p), digest)
    doc = _PARSED.pop(key, _MISSING)
    if doc is _MISSING:
        doc = parse_yaml(data, p)
    _PARSED[key] = doc  # most recently used last
    while len(_PARSED) > _PARSED_MAX:
        del _PARSED[next(iter(_PARSED))]
    return copy.deepcopy(doc), p, digest


#: Parsed data files by (path, SHA-256 of the bytes read): a file is read from disk every time
#: (so a changed file is seen at once) but parsed once; callers get their own deep copy.
_PARSED: dict[tuple[str, str], Any] = {}
_PARSED_MAX = 64
_MISSING = object()


def not_a_file(description: Any) -> str:
    """The end of the message refusing a description that is a file rather than its text: a
    path (``str`` naming an existing file or ending in .yaml, .yml or .json, or a
    ``pathlib.Path``) or an open file; ``""`` for anything else. A description is YAML text or
    a mapping: files are not read (read one with ``pathlib.Path(path).read_text()``)."""
    if hasattr(description, "read"):
        return ": a description is YAML text or a mapping, not an open file: give its text (f.read())"
    if isinstance(description, (bytes, bytearray)):
        return ": a description is YAML text or a mapping, not bytes: give the text (data.decode())"
    if isinstance(description, str):
        text = description.strip()
        if "\n" in text or not text:
            return ""
        try:
            exists = os.path.isfile(text)
        except (OSError, ValueError):  # a name too long for the file system, a NUL
            exists = False
        if not (exists or text.lower().endswith((".yaml", ".yml", ".json"))):
            return ""
        named = f" {shorten(text, 200)}"
    elif isinstance(description, os.PathLike):
        named = f" {shorten(str(description), 200)}"
    else:
        return ""
    return (f":{named} is a file name; a description is YAML text or a mapping, not a file: give the file's text "
            f"(pathlib.Path(path).read_text())")


def load_description(description: Any, schema: dict[str, Any], source: str = "position") -> dict[str, Any]:
    """A position description given as YAML text or a mapping, as a checked dict.

    Mapping keys one level down are turned into text (YAML reads ``0:`` as an int), so that
    ``pieces: {0: ...}`` and ``{"pieces": {"0": ...}}`` mean the same; a mapping with two keys
    that become the same text (``0`` and ``"0"``) is refused.

    Args:
        description: YAML text or a mapping.
        schema: the JSON schema the result must meet.
        source: a name for the input in messages.

    Returns:
        A new dict.

    Raises:
        BoardkitDataError: not YAML (or YAML :func:`parse_yaml` refuses), an empty text, not a mapping, a key
            given twice, a key one level down that YAML read as true or false (``yes``,
            ``off``), or the schema is not met (names the field).
    """
    doc = parse_yaml(description, source) if isinstance(description, str) else description
    if doc is None and isinstance(description, str):  # YAML reads an empty text (or only comments) as null
        raise BoardkitDataError(f"{source}: (top level): the text is empty (or only comments): a description is "
                                f"YAML text of a mapping (as to_position() writes it)")
    if not isinstance(doc, Mapping):
        raise BoardkitDataError(f"{source}: (top level): expected a mapping, got {type(doc).__name__}"
                                f"{not_a_file(doc)}")
    out: dict[str, Any] = {}
    for k, v in doc.items():
        if isinstance(v, Mapping):
            inner: dict[str, Any] = {}
            for kk, vv in v.items():
                if isinstance(kk, bool):
                    raise BoardkitDataError(f"{source}: {shorten(str(k), 40)[1:-1]}: key {str(kk).lower()} is a yes/no "
                                            f"value, not a key ({YES_NO}); write the key meant")
                if str(kk) in inner:
                    raise BoardkitDataError(f"{source}: {shorten(str(k), 40)[1:-1]}: key {shorten(str(kk))} is given "
                                            f"twice (as {shorten(kk)} and as another key with the same text)")
                inner[str(kk)] = vv
            v = inner
        out[k] = v
    check_schema(out, schema, source)
    return out
