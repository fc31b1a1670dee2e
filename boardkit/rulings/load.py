"""Reading a rulings file: the schema, the checks of every ruling (clauses, options, seed quotes)
and the loaded :class:`~boardkit.rulings.model.Ruling` list.

Source: ``data/rulings/schema.json``, the seeds (``data/seeds/``) and the clause files.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import AbstractSet, Any, Sequence

from boardkit.core.paths import DATA_DIR
from boardkit.core.rules import IllegalPositionError
from boardkit.core.spec import OptionError
from boardkit.core.validate import BoardkitDataError, import_jsonschema, parse_yaml, read_user_file, short_message, shorten
from boardkit.rulings.model import RULINGS_DIR, Reading, Ruling, RulingsError

# ----------------------------------------------------------------------------- loading

@cache
def schema() -> dict[str, Any]:
    """The JSON schema of a rulings file (``data/rulings/schema.json``)."""
    return json.loads((RULINGS_DIR / "schema.json").read_text(encoding="utf-8"))


def _label(doc: Any, idx: int) -> str:
    """'ruling N (id)', or 'ruling N' when the ruling has no id that is text."""
    rid: Any = ""
    try:
        rid = doc["rulings"][idx].get("id", "")
    except (AttributeError, IndexError, KeyError, TypeError):
        pass
    return f"ruling {idx + 1}" + (f" ({shorten(rid, 60)[1:-1]})" if isinstance(rid, str) and rid else "")


def _where(doc: Any, path: Sequence[Any]) -> str:
    """'ruling N (id)' and the field path inside it, for a jsonschema error path."""
    parts = list(path)
    if len(parts) >= 2 and parts[0] == "rulings" and isinstance(parts[1], int):
        inner = ".".join(str(p) for p in parts[2:]) or "(the ruling)"
        return f"{_label(doc, parts[1])}: {inner}"
    return ".".join(str(p) for p in parts) or "(top level)"


def _message(doc: Any, source: str, err: Any) -> str:
    """One line for a schema error: the file, the ruling and the field, and what is wrong."""
    path, message = list(err.absolute_path), short_message(err)  # the value quoted shortened, a whole file not at all
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        known = err.schema.get("properties", {})
        extra = sorted(str(k) for k in err.instance if k not in known)
        if extra:
            path.append(extra[0])
            message = f"unknown field; the fields are: {', '.join(known)}"
    return f"{source}: {_where(doc, path)}: {message}"


#: The fields the checks of an answer read (the ruling's answer, or its readings' answers).
_ANSWER_FIELDS = frozenset({"answer", "readings"})


def _blocked(err: Any) -> set[str]:
    """The fields of a ruling an error at the ruling's own level makes unusable: the missing
    ones (``required``), the answer (``oneOf``: both or neither of answer and readings), or
    all (``*``: the ruling is no mapping); an unknown field blocks nothing."""
    if err.validator == "required" and isinstance(err.instance, dict):
        return {str(k) for k in err.validator_value if k not in err.instance}
    if err.validator == "oneOf":
        return {"answer"}
    if err.validator == "additionalProperties":
        return set()
    return {"*"}


def _rank(doc: Any, idx: int, field_: str) -> int:
    """Where ``field_`` is written in ruling ``idx`` (-1 for the ruling itself), to report a
    ruling's problems in the order of its fields."""
    ruling = doc["rulings"][idx]
    keys = [str(k) for k in ruling] if isinstance(ruling, dict) else []
    return keys.index(field_) if field_ in keys else -1


def _check(doc: Any, source: str) -> tuple[list[str], dict[int, set[str]]]:
    """Check ``doc`` against the schema.

    Returns:
        (one message per bad field of each ruling - the field's best-matching error - and one
        per error at a ruling's own level (a missing or unknown field), in file order; for each
        bad ruling, the fields the engine's checks must not read: those with an error, the
        missing ones, ``*`` for all).

    Raises:
        RulingsError: the file itself is malformed outside its rulings (a top-level field).
    """
    jsonschema = import_jsonschema()  # without its optional IRI checker (seconds of import)
    validator = jsonschema.Draft202012Validator(schema())
    top: list[Any] = []
    per_field: dict[tuple[int, str], list[Any]] = {}
    for err in validator.iter_errors(doc):
        path = list(err.absolute_path)
        if len(path) >= 2 and path[0] == "rulings" and isinstance(path[1], int):
            per_field.setdefault((path[1], str(path[2]) if len(path) > 2 else ""), []).append(err)
        else:
            top.append(err)
    if top:
        raise RulingsError(_message(doc, source, jsonschema.exceptions.best_match(top)))
    messages: list[str] = []
    blocked: dict[int, set[str]] = {}
    for (i, field_), errs in sorted(per_field.items(), key=lambda item: (item[0][0], _rank(doc, *item[0]))):
        if field_:
            chosen = [jsonschema.exceptions.best_match(errs)]
        else:  # each error at the ruling's level says its own (a missing field, an unknown one), unless it is no mapping
            chosen = [e for e in errs if e.validator == "type"] or errs
        messages += [_message(doc, source, e) for e in chosen]
        blocked.setdefault(i, set()).update(set().union(*(_blocked(e) for e in errs)) if not field_ else {field_})
    return messages, blocked


def _normal(text: str) -> str:
    return " ".join(text.replace("’", "'").replace("«", '"').replace("»", '"').split())


@cache
def _seed_text(game: str) -> str:
    import boardkit

    spec = boardkit.get_spec(game)
    return _normal((DATA_DIR / "seeds" / spec.seed).read_text(encoding="utf-8"))


def quote_in_seed(game: str, quote: str) -> bool:
    """Whether ``quote`` is a passage of the game's seed text (whitespace and typographic
    apostrophes normalised; "…" joins parts quoted apart)."""
    seed = _seed_text(game)
    return all(_normal(part) in seed for part in re.split(r"…|\.\.\.", quote) if _normal(part))


def _resolve(path: str | Path) -> Path:
    p = Path(path)
    if not p.suffix and p.name == str(path):  # a bare name: the game's book
        p = RULINGS_DIR / f"{path}.yaml"
        if not p.is_file():
            known = sorted(f.stem for f in RULINGS_DIR.glob("*.yaml") if f.stem != "TEMPLATE")
            raise RulingsError(f"rulings {shorten(str(path))}: no such book (no game of that name has one); known: "
                               f"{', '.join(known)}, or a path to a .yaml file")
    return p


def _game(name: str, rules: str, options: dict[str, Any]) -> Any:
    """``boardkit.load_game(name, rules, **options)``, loaded once per set of options (a game
    is not changed by its states)."""
    import boardkit

    key = (name, rules, json.dumps(_plain(options), sort_keys=True, default=repr))
    if key not in _GAMES:
        _GAMES[key] = boardkit.load_game(name, rules=rules, **options)
    return _GAMES[key]


_GAMES: dict[tuple[str, str, str], Any] = {}


def _option_problem(name: str, rules: str, options: dict[str, Any], fields: dict[str, str]) -> tuple[str, str] | None:
    """The first option of a reading the game does not take, as (field, message), or None.

    ``fields`` maps each option name to its field in the file (``options.displace`` or
    ``readings.1.options.displace``)."""
    import boardkit

    specs = {o.name: o for o in boardkit.load_game(name).option_specs}
    for k, v in options.items():
        if k not in specs:
            return fields[k], f"{name} has no option {shorten(k)}; options: {', '.join(sorted(specs))}"
        try:
            specs[k].check(name, v)
        except OptionError as exc:
            return fields[k], str(exc)
    try:
        _game(name, rules, options)
    except (OptionError, BoardkitDataError) as exc:  # a value the game as a whole refuses (colours, data)
        text = str(exc)
        named = next((k for k in options if f"option {k}=" in text or text.startswith(f"{k} ")), None)
        return (fields[named] if named else "options"), text
    return None


def _words(state: Any, text: Any, field_: str) -> tuple[Any, str | None]:
    """``state.canonical(text)``, or (None, 'field: why') when the game's notation has no such
    action."""
    from boardkit.core.notation import NotationError

    try:
        return state.canonical(text), None
    except NotationError as exc:
        return None, f"{field_}: {exc}"


def _setup_problem(r: dict[str, Any], game: Any) -> str | None:
    """A ruling's set-up and question as the game reads them, as 'field: why', or None.

    A position the game cannot read or the rules make impossible (its clause named), or a move
    or question action that is no action in the game's notation, is a fault of the file (the game could never answer). A move the rules
    refuse is not: :func:`boardkit.rulings.check` reports that as a failed ruling, naming the
    clause."""
    try:
        state = (game.new_initial_state() if r.get("position") is None
                 else game.state_from_position(r["position"], study=bool(r.get("study", False))))
    except (BoardkitDataError, IllegalPositionError) as exc:  # unreadable, or impossible by a clause it names
        text = str(exc)
        return text if text.startswith("position: ") else f"position: {text}"
    for i, text in enumerate(r.get("moves") or ()):
        action, problem = _words(state, text, f"moves.{i}")
        if problem is not None or state.why_illegal(action) is not None:
            return problem  # a refused move: the check's to report
        state.apply_action(action)
    q = r["question"]
    kind = next((k for k in ("legal", "after", "probability") if k in q), None)
    if kind is None:
        return None
    asked = [q[kind]] if isinstance(q[kind], str) else list(q[kind])
    for i, text in enumerate(asked):
        where = f"question.{kind}" + (f".{i}" if not isinstance(q[kind], str) else "")
        action, problem = _words(state, text, where)
        if problem is not None or kind == "legal" or state.why_illegal(action) is not None:
            return problem
        state.apply_action(action)
    return None


#: The fields a ruling's set-up reads (options and profile, position, moves, the question).
_SETUP_FIELDS = frozenset({"options", "readings", "rules", "position", "study", "moves", "question"})


def _ruling_problems(r: dict[str, Any], name: str, clauses: Any, blocked: AbstractSet[str] = frozenset()) -> list[str]:
    """Every problem of one ruling the engine's data shows, each as 'field: what' (its
    readings' options, seats, clauses, seed quote, probabilities).

    ``blocked`` names the fields with a schema error (``*``: all): the checks that would read
    them are left out, the others still run, so one run reports every problem of the ruling."""
    import boardkit

    if "*" in blocked:
        return []
    out = []
    if "source" not in blocked:
        for j, cid in enumerate(r["source"]["clauses"]):
            if cid not in clauses:
                out.append(f"source.clauses.{j}: no clause {cid} in {name}'s rules")
        quote = r["source"].get("seed")
        if quote and not quote_in_seed(name, quote):
            out.append(f"source.seed: the seed text ({boardkit.get_spec(name).seed}) has no such passage: "
                       f"{shorten(quote, 80)}")
    if blocked & {"options", "readings", "rules"}:
        return out
    base_rules, base_options = r.get("rules", "seed"), dict(r.get("options") or {})
    raw = r.get("readings") or [{"name": "", "answer": r.get("answer")}]
    for j, rd in enumerate(raw):
        own = rd.get("options") or {}
        options = {**base_options, **own}
        fields = {k: f"readings.{j}.options.{k}" if k in own else f"options.{k}" for k in options}
        rules = rd.get("rules", base_rules)
        problem = _option_problem(name, rules, options, fields)
        if problem is not None:
            out.append(f"{problem[0]}: {problem[1]}")
            continue
        if not blocked & _SETUP_FIELDS:
            out += _reading_setup_problems(r, rd, _game(name, rules, options))
        if not blocked & _ANSWER_FIELDS:
            out += _answer_problems(r, rd, j, name, clauses)
    return list(dict.fromkeys(out))  # a seat problem of several readings once


def _reading_setup_problems(r: dict[str, Any], rd: dict[str, Any], game: Any) -> list[str]:
    """The seats the question names and the set-up (:func:`_setup_problem`) of one reading."""
    out = []
    where = f" (reading {rd['name']})" if "readings" in r else ""
    seats = game.num_players
    for key in ("seat", "view"):
        seat = r["question"].get(key)
        if seat is not None and seat >= seats:
            out.append(f"question.{key}: {seat} is not a seat of this game{where}; its seats are 0 to {seats - 1}")
    setup = _setup_problem(r, game)
    if setup is not None:
        out.append(setup + where)
    return out


def _answer_problems(r: dict[str, Any], rd: dict[str, Any], j: int, name: str, clauses: Any) -> list[str]:
    """The clauses an answer names and its probability, for one reading."""
    out = []
    ans = rd["answer"]
    field_ = f"readings.{j}.answer" if "readings" in r else "answer"
    if "clause" in ans and ans["clause"] not in clauses:
        out.append(f"{field_}.clause: no clause {ans['clause']} in {name}'s rules")
    end = ans.get("outcome")
    if isinstance(end, dict) and "clause" in end and end["clause"] not in clauses:  # the clause that ends the game
        out.append(f"{field_}.outcome.clause: no clause {end['clause']} in {name}'s rules")
    if "probability" in ans:
        try:
            p_ = Fraction(str(ans["probability"]))
        except ZeroDivisionError:
            p_ = Fraction(2)
        if not 0 <= p_ <= 1:
            out.append(f"{field_}.probability: {ans['probability']} is not a probability (0 to 1)")
    return out


def load(path: str | Path, game: str | None = None) -> list[Ruling]:
    """Read and validate a rulings file.

    Args:
        path: a file path, or a game id for its book ``data/rulings/<game>.yaml``.
        game: if given, the file must be about this game.

    Returns:
        The rulings, in file order (one :class:`Ruling` each, with its readings).

    Raises:
        RulingsError: the file cannot be read, is not YAML, breaks the schema, names an
            unknown game, option, option value, profile, seat or clause, gives an id twice,
            or quotes a passage the seed does not contain. Every problem of every ruling of
            the file is reported at once (``errors``: one line each, naming the file, the
            ruling - number and id - and the field; a field with a schema error once, and the
            checks of the other fields still run).
    """
    import boardkit

    p = _resolve(path)
    source = str(p)
    doc = parse_yaml(read_user_file(p, "rulings"), p)
    errors, blocked = _check(doc, source)
    name = doc["game"]
    if name not in boardkit.list_games():
        raise RulingsError([f"{source}: game: unknown game {shorten(name)}; known: {', '.join(boardkit.list_games())}"] + errors)
    if game is not None and name != game:
        raise RulingsError(f"{source}: game: the file is about {name}, not {game}")
    clauses = boardkit.load_game(name).clauses
    versions = [v for v, _ in boardkit.get_spec(name).rules_history] or [boardkit.get_spec(name).rules_version]
    if str(doc["rules_version"]) not in versions:
        errors.insert(0, f"{source}: rules_version: {shorten(str(doc['rules_version']))} is not a rules version of {name}; "
                         f"its versions: {', '.join(versions)}")
    out: list[Ruling] = []
    seen: set[str] = set()
    for i, r in enumerate(doc["rulings"]):  # every problem of every ruling, those past a schema error too
        bad = blocked.get(i, set())
        problems = _ruling_problems(r, name, clauses, bad)
        if "*" not in bad and "rules_version" not in bad and "rules_version" in r \
                and str(r["rules_version"]) not in versions:
            problems.append(f"rules_version: {shorten(str(r['rules_version']))} is not a rules version of {name}; "
                            f"its versions: {', '.join(versions)}")
        rid = r.get("id") if isinstance(r, dict) else None
        if isinstance(rid, str) and rid in seen:
            problems.insert(0, "id: given twice in the file")
        if isinstance(rid, str):
            seen.add(rid)
        if problems:
            errors += [f"{source}: {_label(doc, i)}: {problem}" for problem in problems]
        if problems or bad:
            continue
        base_rules, base_options = r.get("rules", "seed"), dict(r.get("options") or {})
        raw = r.get("readings") or [{"name": base_rules if not base_options else "as given", "answer": r["answer"]}]
        readings = tuple(Reading(rd["name"], rd.get("rules", base_rules), {**base_options, **(rd.get("options") or {})},
                                 rd["answer"], rd.get("note", "")) for rd in raw)
        out.append(Ruling(
            id=r["id"], title=r["title"], game=name, file=source, position=r.get("position"),
            study=bool(r.get("study", False)), moves=tuple(r.get("moves") or ()), question=dict(r["question"]),
            readings=readings, source=dict(r["source"]), explanation=r.get("explanation", "").strip(),
            open=bool(r.get("open", False)), rules_version=str(r.get("rules_version", doc["rules_version"]))))
    if errors:
        errors.sort(key=lambda e: int(m.group(1)) if (m := re.search(r": ruling (\d+)", e)) else 0)
        raise RulingsError(errors)
    return out


def books() -> list[str]:
    """The game ids that have a book in ``data/rulings/``."""
    return sorted(p.stem for p in RULINGS_DIR.glob("*.yaml") if p.stem != "TEMPLATE")




def _plain(value: Any) -> Any:
    """A value as YAML would give it: tuples as lists, mapping keys as text, Fractions as text."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, Fraction):
        return str(value)
    return value


