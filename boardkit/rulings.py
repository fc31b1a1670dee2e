"""Rulings: a game's edge cases as data, checked by the engine and rendered as an FAQ.

A rulings file (``data/rulings/<game>.yaml``, or any file of the same form; schema
``data/rulings/schema.json``, how-to ``docs/rulings.md``) holds rulings. Each ruling sets up a
position (the ``to_position()`` form, or the start) and a list of moves in notation, asks one
question and states the expected answer:

* ``legal: ACTION`` - is the action legal, and if not which clause refuses it and why;
* ``legal_actions: true`` - what are the legal actions;
* ``after: [ACTIONS]`` - what happens after the actions (outcome, facts of the observation,
  who acts next, the legal actions then);
* ``probability: [CHANCE ACTIONS]`` - the exact probability of those chance outcomes in turn;
* ``sees: true`` - what a seat may see (facts of ``observation(seat)``, ``history(seat)``).

A ruling has one ``answer``, or ``readings``: several (name, rules profile, options, answer),
so one question shows both readings of an open rule side by side. Every ruling names the
clauses it rests on and may quote the seed passage (checked against the seed file) or a
published source.

>>> from boardkit import rulings
>>> book = rulings.load("leaders")               # data/rulings/leaders.yaml
>>> results = rulings.check(book)
>>> all(r.passed for r in results)
True

In a test file, one line makes a rulings file into tests::

    test_my_rulings = boardkit.rulings.rulings_tests("my_rulings.yaml")

Source: the seeds (``data/seeds/``) and clause files (``data/rules/<game>.yaml``) of each game.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from boardkit.core.paths import DATA_DIR
from boardkit.core.rules import IllegalActionError
from boardkit.core.spec import OptionError
from boardkit.core.validate import BoardkitDataError, import_jsonschema, parse_yaml, read_user_file, shorten

#: Where the books and the schema live.
RULINGS_DIR = DATA_DIR / "rulings"

#: The question kinds, in the order the schema lists them.
KINDS = ("legal", "legal_actions", "after", "probability", "sees")


class RulingsError(BoardkitDataError):
    """A rulings file that cannot be read: the message names the file, the ruling and the field.

    Attributes:
        errors: one line per problem found (every bad ruling of the file, each with its first
            problem); the message is these lines joined.
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


# ----------------------------------------------------------------------------- loading

@cache
def schema() -> dict[str, Any]:
    """The JSON schema of a rulings file (``data/rulings/schema.json``)."""
    return json.loads((RULINGS_DIR / "schema.json").read_text(encoding="utf-8"))


def _where(doc: Any, path: Sequence[Any]) -> str:
    """'ruling N (id)' and the field path inside it, for a jsonschema error path."""
    parts = list(path)
    if len(parts) >= 2 and parts[0] == "rulings" and isinstance(parts[1], int):
        idx = parts[1]
        rid = ""
        try:
            rid = doc["rulings"][idx].get("id", "")
        except (AttributeError, IndexError, KeyError, TypeError):
            pass
        inner = ".".join(str(p) for p in parts[2:]) or "(the ruling)"
        return f"ruling {idx + 1}" + (f" ({shorten(rid, 60)[1:-1]})" if isinstance(rid, str) and rid else "") + f": {inner}"
    return ".".join(str(p) for p in parts) or "(top level)"


def _message(doc: Any, source: str, err: Any) -> str:
    """One line for a schema error: the file, the ruling and the field, and what is wrong."""
    path, message = list(err.absolute_path), err.message
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        known = err.schema.get("properties", {})
        extra = sorted(str(k) for k in err.instance if k not in known)
        if extra:
            path.append(extra[0])
            message = f"unknown field; the fields are: {', '.join(known)}"
    message = message if len(message) <= 300 else message[:299] + "…"
    return f"{source}: {_where(doc, path)}: {message}"


def _check(doc: Any, source: str) -> tuple[list[str], set[int]]:
    """Check ``doc`` against the schema.

    Returns:
        (one message per bad ruling - its best-matching error - in file order, the indices of
        those rulings).

    Raises:
        RulingsError: the file itself is malformed outside its rulings (a top-level field).
    """
    jsonschema = import_jsonschema()  # without its optional IRI checker (seconds of import)
    validator = jsonschema.Draft202012Validator(schema())
    top: list[Any] = []
    per_ruling: dict[int, list[Any]] = {}
    for err in validator.iter_errors(doc):
        path = list(err.absolute_path)
        if len(path) >= 2 and path[0] == "rulings" and isinstance(path[1], int):
            per_ruling.setdefault(path[1], []).append(err)
        else:
            top.append(err)
    if top:
        raise RulingsError(_message(doc, source, jsonschema.exceptions.best_match(top)))
    bad = sorted(per_ruling)
    return [_message(doc, source, jsonschema.exceptions.best_match(per_ruling[i])) for i in bad], set(bad)


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


def _ruling_problems(r: dict[str, Any], name: str, clauses: Any) -> list[str]:
    """Every problem of one schema-valid ruling the engine's data shows, each as 'field: what'
    (its readings' options, seats, clauses, seed quote, probabilities)."""
    import boardkit

    out = []
    for j, cid in enumerate(r["source"]["clauses"]):
        if cid not in clauses:
            out.append(f"source.clauses.{j}: no clause {cid} in {name}'s rules")
    quote = r["source"].get("seed")
    if quote and not quote_in_seed(name, quote):
        out.append(f"source.seed: the seed text ({boardkit.get_spec(name).seed}) has no such passage: {shorten(quote, 80)}")
    base_rules, base_options = r.get("rules", "seed"), dict(r.get("options") or {})
    raw = r.get("readings") or [{"name": "", "answer": r["answer"]}]
    for j, rd in enumerate(raw):
        own = rd.get("options") or {}
        options = {**base_options, **own}
        fields = {k: f"readings.{j}.options.{k}" if k in own else f"options.{k}" for k in options}
        rules = rd.get("rules", base_rules)
        problem = _option_problem(name, rules, options, fields)
        if problem is not None:
            out.append(f"{problem[0]}: {problem[1]}")
            continue
        seats = _game(name, rules, options).num_players
        for key in ("seat", "view"):
            seat = r["question"].get(key)
            if seat is not None and seat >= seats:
                where = f" (reading {rd['name']})" if "readings" in r else ""
                out.append(f"question.{key}: {seat} is not a seat of this game{where}; its seats are 0 to {seats - 1}")
        ans = rd["answer"]
        field_ = f"readings.{j}.answer" if "readings" in r else "answer"
        if "clause" in ans and ans["clause"] not in clauses:
            out.append(f"{field_}.clause: no clause {ans['clause']} in {name}'s rules")
        if "probability" in ans:
            try:
                p_ = Fraction(str(ans["probability"]))
            except ZeroDivisionError:
                p_ = Fraction(2)
            if not 0 <= p_ <= 1:
                out.append(f"{field_}.probability: {ans['probability']} is not a probability (0 to 1)")
    return list(dict.fromkeys(out))  # a seat problem of several readings once


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
            or quotes a passage the seed does not contain. Every bad ruling of the file is
            reported at once (``errors``: one line each, naming the file, the ruling - number
            and id - and the field).
    """
    import boardkit

    p = _resolve(path)
    source = str(p)
    doc = parse_yaml(read_user_file(p, "rulings"), p)
    errors, skip = _check(doc, source)
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
    for i, r in enumerate(doc["rulings"]):
        if i in skip:
            continue
        where = f"{source}: ruling {i + 1} ({r['id']})"
        problems = _ruling_problems(r, name, clauses)
        if "rules_version" in r and str(r["rules_version"]) not in versions:
            problems.append(f"rules_version: {shorten(str(r['rules_version']))} is not a rules version of {name}; "
                            f"its versions: {', '.join(versions)}")
        if r["id"] in seen:
            problems.insert(0, "id: given twice in the file")
        seen.add(r["id"])
        if problems:
            errors += [f"{where}: {problem}" for problem in problems]
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


# ----------------------------------------------------------------------------- checking

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


_MISSING = object()


def fact(obs: Any, path: str) -> Any:
    """The value at a dotted path of an observation (``players.0.at``), or a marker
    (compared unequal to everything) when the path is not there."""
    cur = obs
    for part in str(path).split("."):
        if isinstance(cur, dict):
            key = part if part in cur else (int(part) if part.lstrip("-").isdigit() and int(part) in cur else part)
            if key not in cur:
                return _MISSING
            cur = cur[key]
        elif isinstance(cur, (list, tuple)) and part.lstrip("-").isdigit() and -len(cur) <= int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return _MISSING
    return cur


def _show(value: Any) -> str:
    if value is _MISSING:
        return "(not there)"
    return json.dumps(_plain(value), ensure_ascii=False, default=str)


def _setup(ruling: Ruling, reading: Reading) -> Any:
    game = _game(ruling.game, reading.rules, reading.options)
    if ruling.position is None:
        state = game.new_initial_state()
    else:
        state = game.state_from_position(ruling.position, study=ruling.study)
    for i, a in enumerate(ruling.moves):
        err = state.why_illegal(a)
        if err is not None:
            raise ValueError(f"moves.{i} {a!r} is refused: [{err.clause}] {err.reason}")
        state.apply_action(a)
    return state


def _compare(exp: dict[str, Any], got: dict[str, Any]) -> list[str]:
    bad: list[str] = []
    for key, want in exp.items():
        have = got.get(key, _MISSING)
        if key == "reason":
            ok = isinstance(have, str) and want in have
        elif key == "includes":
            ok = have is not _MISSING and not (missing := [a for a in want if a not in have])
            if not ok:
                have = {"missing": missing if have is not _MISSING else want}
        elif key == "excludes":
            ok = have is not _MISSING and not (present := [a for a in want if a in have])
            if not ok:
                have = {"present": present if have is not _MISSING else []}
        elif key == "actions":
            ok = have is not _MISSING and sorted(want) == sorted(have)
        elif key == "probability":
            ok = have is not _MISSING and Fraction(str(want)) == have
        elif key == "outcome":
            if want is None:
                ok = have is None
            else:
                ok = isinstance(have, dict) and have["winners"] == want["winners"] and \
                    all(want[k] == have[k] if k != "reason" else want[k] in have[k] for k in want)
        elif key == "facts":
            wrong = {p: have.get(p, _MISSING) for p, v in want.items() if _plain(have.get(p, _MISSING)) != _plain(v)}
            ok = not wrong
            if not ok:
                bad += [f"facts.{p}: expected {_show(want[p])}, engine says {_show(v)}" for p, v in wrong.items()]
                continue
        elif key == "absent":
            seen = [p for p in want if have.get(p, _MISSING) is not _MISSING]
            ok = not seen
            have = {"seen": seen}
        else:
            ok = _plain(have) == _plain(want)
        if not ok:
            bad.append(f"{key}: expected {_show(want)}, engine says {_show(have)}")
    return bad


def _outcome(state: Any) -> Any:
    o = state.outcome()
    if o is None:
        return None
    return {"winners": list(o.winners), "clause": o.clause, "reason": o.reason}


def answer(ruling: Ruling, reading: Reading) -> tuple[dict[str, Any], Any, Any]:
    """The engine's answer to a ruling's question under one reading.

    Args:
        ruling: the ruling.
        reading: one of its readings.

    Returns:
        (answer dict, the error a refused action raised or None, the state the question was
        asked in). The answer has an entry for each key of ``reading.answer``, and ``legal``,
        ``clause`` and ``reason`` whenever an action of the question was refused.

    Raises:
        ValueError, OptionError, BoardkitDataError: the set-up fails (an option, the
            position, or a move before the question is refused).
    """
    state = _setup(ruling, reading)
    q, seat, want = ruling.question, ruling.seat, reading.answer
    got: dict[str, Any] = {}
    err = None
    kind = ruling.kind
    if kind == "legal":
        err = state.why_illegal(q["legal"], player=seat)
    elif kind == "after":
        after = state.clone()
        for a in [q["after"]] if isinstance(q["after"], str) else q["after"]:
            err = after.why_illegal(a, player=seat)
            if err is not None:
                break
            after.apply_action(a, player=seat) if seat is not None else after.apply_action(a)
        final = after
    elif kind == "probability":
        p, walk = Fraction(1), state.clone()
        for a in [q["probability"]] if isinstance(q["probability"], str) else q["probability"]:
            if not walk.is_chance_node():
                raise ValueError(f"question.probability: {a!r} is asked where no chance acts")
            p *= sum((pr for o, pr in walk.chance_outcomes() if str(o) == str(walk.canonical(a))), Fraction(0))
            walk.apply_action(a)
        got["probability"] = p
    if err is not None:
        got.update(legal=False, clause=err.clause, reason=err.reason)
    elif kind in ("legal", "after"):
        got["legal"] = True
    view = state if kind in ("legal", "legal_actions", "sees", "probability") else final
    if kind == "after" and err is not None:
        view = after
    if any(k in want for k in ("actions", "includes", "excludes", "count")):
        acts = [str(a) for a in view.legal_actions(seat)] if not view.is_terminal() else []
        got.update(actions=acts, includes=acts, excludes=acts, count=len(acts))
    if "outcome" in want:
        got["outcome"] = _outcome(view)
    if "to_move" in want:
        got["to_move"] = view.current_player()
    if "facts" in want or "absent" in want:
        obs = view.observation(q.get("view", seat))
        got["facts"] = {p: fact(obs, p) for p in want.get("facts", {})}
        got["absent"] = {p: fact(obs, p) for p in want.get("absent", [])}
    if "history" in want:
        got["history"] = [str(a) for a in view.history(q.get("view", seat))]
    if kind == "after" and err is None and view.outcome() is not None and "clause" not in got:
        got["clause"], got["reason"] = view.outcome().clause, view.outcome().reason
    return got, err, state


def check_one(ruling: Ruling, reading: Reading) -> Result:
    """Check one reading of a ruling against the engine.

    Returns:
        a :class:`Result` (never raises for a wrong answer or a set-up the engine refuses:
        that is a failed result with ``error`` set).
    """
    import boardkit

    note = ""
    current = boardkit.get_spec(ruling.game).rules_version
    if ruling.rules_version != current:
        note = f"written for rules version {ruling.rules_version}; the engine plays version {current}"
    try:
        got, err, state = answer(ruling, reading)
    except (ValueError, OptionError, BoardkitDataError, IllegalActionError) as exc:
        return Result(ruling, reading, False, error=f"the engine could not answer: {exc}", version_note=note)
    bad = _compare(reading.answer, got)
    if err is None and "clause" in reading.answer and "clause" not in got:
        bad = [b for b in bad if not b.startswith("clause:")]  # said once, in plain words
        bad.append(f"clause: expected {reading.answer['clause']}, engine says the action is legal")
    shown = {k: got[k] for k in reading.answer if k in got}
    for k in ("legal", "clause", "reason"):
        if k in got:
            shown[k] = got[k]
    if "actions" in got and not any(k in reading.answer for k in ("actions", "includes", "excludes")):
        shown.pop("actions", None)
    return Result(ruling, reading, not bad, shown, bad, got.get("clause", ""), got.get("reason", ""),
                  version_note=note, state=state)


def check(rulings: Iterable[Ruling]) -> list[Result]:
    """Check every reading of every ruling.

    Returns:
        one :class:`Result` per (ruling, reading), in file order.
    """
    return [check_one(r, rd) for r in rulings for rd in r.readings]


# ----------------------------------------------------------------------------- pytest

def rulings_tests(*sources: str | Path, game: str | None = None) -> Callable[..., None]:
    """A pytest test function, parametrized with every reading of every ruling of the files.

    Usage, one line in a test module (pytest collects it by the name it is given)::

        test_house_rulings = rulings_tests("house_rulings.yaml")

    Args:
        sources: rulings files (paths, or game ids for the books).
        game: if given, every file must be about this game.

    Returns:
        a test function; a failing ruling fails its test with :meth:`Result.describe` (the
        expected answer and the engine's real one, with clause and reason).

    Raises:
        RulingsError: a file cannot be loaded (at collection time, naming file, ruling, field).
    """
    import pytest

    cases = [(r, rd) for s in sources for r in load(s, game) for rd in r.readings]

    @pytest.mark.parametrize("ruling,reading", cases,
                             ids=[f"{r.game}:{r.id}:{rd.name}" for r, rd in cases])
    def test_ruling(ruling: Ruling, reading: Reading) -> None:
        result = check_one(ruling, reading)
        if not result.passed:
            pytest.fail(result.describe(), pytrace=False)

    return test_ruling


# ----------------------------------------------------------------------------- rendering

def _cells(state: Any, ruling: Ruling) -> tuple[str, ...]:
    """The cells to draw: the question's action(s) in order; for a legal-actions question the
    cell each legal action ends on (after an empty first entry: nothing outlined)."""
    q = ruling.question
    if ruling.kind == "legal_actions":
        ends = []
        for a in state.legal_actions(ruling.seat) if not state.is_terminal() else []:
            a_cells = getattr(a, "cells", ())
            if a_cells and a_cells[-1] not in ends:
                ends.append(a_cells[-1])
        return ("", *ends) if ends else ()
    texts = q.get("legal") or q.get("after") or ()
    texts = [texts] if isinstance(texts, str) else list(texts)
    cells: list[str] = []
    probe = state.clone()
    for t in texts:
        try:
            a = probe.parse_action(t)
        except Exception:  # noqa: BLE001 - a picture never fails a book
            break
        cells += [c for c in getattr(a, "cells", ()) if c not in cells]
        if probe.why_illegal(t, player=ruling.seat) is not None:
            break
        probe.apply_action(t, player=ruling.seat) if ruling.seat is not None else probe.apply_action(t)
    return tuple(cells)


def picture(state: Any, cells: Sequence[str] = (), seat: int | None = None) -> str:
    """The static SVG picture of a position with an action's cells drawn on it: the first
    cell outlined, the others tinted (gridhunt: the path drawn).

    Args:
        state: a State of any of the five games.
        cells: cell names of the action, in order; an empty first name outlines nothing and
            tints the rest (the ends of the legal actions).
        seat: draw that seat's view where the game has one (gridhunt), else the full view.

    Returns:
        SVG text (the game's picture from ``boardkit.viz.<game>``), or "" for an unknown game.
    """
    name = state.game.name
    first, rest = (cells[0] or None if cells else None), list(cells[1:])
    if name == "leaders":
        from boardkit.viz.leaders import hex_svg

        return hex_svg(state, highlights=rest, selected=first, size=16)
    if name == "battle_royale":
        from boardkit.viz.battle_royale import arena_svg

        return arena_svg(state.observation(None), highlights=rest, selected=first, size=40)
    if name == "marabunta":
        from boardkit.viz.marabunta import territory_svg

        return territory_svg(state, highlights=[c for c in cells if c], size=12)
    if name == "gridhunt":
        from boardkit.viz.gridhunt import grid_svg

        if first:  # the action's path
            return grid_svg(state.observation(seat), path=list(cells), cell=20)
        return grid_svg(state.observation(seat), highlights=rest, cell=20)
    if name == "armageddon":
        from boardkit.viz.armageddon import board_svg

        return board_svg(state, highlights=rest, selected=first, scale=10)
    return ""


def _answer_text(values: dict[str, Any]) -> str:
    parts = []
    for k, v in values.items():
        if k == "legal":
            parts.append("legal" if v else "refused")
        elif k in ("includes", "excludes") and isinstance(v, list):
            continue
        elif k == "facts" and isinstance(v, dict):
            parts += [f"{p} = {_show(x)}" for p, x in v.items()]
        elif k == "outcome":
            parts.append("the game goes on" if v is None else
                         f"winners {v['winners']}" + (f" ({v.get('reason', '')}, {v.get('clause', '')})" if v.get("clause") else ""))
        else:
            parts.append(f"{k}: {_show(v) if not isinstance(v, str) else v}")
    return "; ".join(parts)


def _expected_text(want: dict[str, Any]) -> str:
    parts = []
    for k, v in want.items():
        if k == "legal":
            parts.append("legal" if v else "refused")
        elif k == "facts":
            parts += [f"{p} = {_show(x)}" for p, x in v.items()]
        elif k == "outcome":
            parts.append("the game goes on" if v is None else f"winners {v['winners']}" + (f" ({v['clause']})" if "clause" in v else ""))
        elif k in ("includes", "excludes", "actions", "absent", "history"):
            parts.append(f"{k}: " + ", ".join(map(str, v)))
        else:
            parts.append(f"{k}: {v}")
    return "; ".join(parts)


def _group(results: Sequence[Result]) -> list[tuple[Ruling, list[Result]]]:
    out: list[tuple[Ruling, list[Result]]] = []
    for r in results:
        if out and out[-1][0] is r.ruling:
            out[-1][1].append(r)
        else:
            out.append((r.ruling, [r]))
    return out


def render_markdown(results: Sequence[Result]) -> str:
    """The checked rulings as a Markdown FAQ: a table of contents, then per ruling the
    question, each reading's expected and engine answer (FAIL marked), clauses, the seed
    quote and the explanation.

    Returns:
        Markdown text.
    """
    import boardkit

    lines = ["# Rulings", ""]
    groups = _group(results)
    for ruling, rs in groups:
        mark = "" if all(r.passed for r in rs) else " **FAIL**"
        lines.append(f"- [{ruling.game}: {ruling.title}](#{ruling.game}-{ruling.id}){mark}")
    for ruling, rs in groups:
        clauses = boardkit.load_game(ruling.game).clauses
        lines += ["", f'<a id="{ruling.game}-{ruling.id}"></a>', f"## {ruling.title}", "",
                  f"**Q.** {ruling.question['text']}", ""]
        lines += ["| reading | expected | engine | |", "| --- | --- | --- | --- |"]
        for r in rs:
            setting = r.reading.name + (f" (`{r.reading.rules}`" + "".join(f", {k}={v!r}" for k, v in r.reading.options.items()) + ")")
            engine = r.error or _answer_text(r.answer)
            lines.append(f"| {setting} | {_expected_text(r.reading.answer)} | {engine} | {'pass' if r.passed else '**FAIL**'} |")
        lines.append("")
        for cid in ruling.source["clauses"]:
            lines.append(f"- **{cid}** {clauses[cid].text}")
        if ruling.source.get("seed"):
            lines.append(f"- seed: \"{ruling.source['seed']}\"" + (f" ({ruling.source['english']})" if ruling.source.get("english") else ""))
        if ruling.source.get("published"):
            lines.append(f"- published: {ruling.source['published']}")
        if ruling.explanation:
            lines += ["", ruling.explanation]
        notes = {r.version_note for r in rs if r.version_note}
        lines += [f"\n*{n}*" for n in sorted(notes)]
    return "\n".join(lines) + "\n"


_CSS = """<style>
.rulings .ruling{border-top:1px solid #ccc;margin-top:1.2em;padding-top:.4em}
.rulings .pass{color:#1a7f37;font-weight:bold}.rulings .fail{color:#c0392b;font-weight:bold}
.rulings tr.failed td{background:#fdecea;color:#c0392b}
.rulings table{border-collapse:collapse}.rulings td,.rulings th{border:1px solid #ddd;padding:3px 6px;vertical-align:top;text-align:left}
.rulings blockquote{margin:.3em 0 .3em 1em;color:#444;font-style:italic}
.rulings .pictures{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.rulings .note{color:#8a6d3b}
</style>"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def render_html(results: Sequence[Result], pictures: bool = True, toc: bool = True) -> str:
    """The checked rulings as an HTML FAQ page (self-contained: inline SVG, no script).

    Args:
        results: from :func:`check`, in order (the readings of a ruling next to each other).
        pictures: draw each ruling's position with the action's cells (see :func:`picture`);
            one picture per reading where the readings' positions differ.
        toc: open with a table of contents (failed rulings marked).

    Returns:
        HTML text. A failed reading's row is red and marked FAIL, with the engine's real answer.
    """
    import boardkit

    out = [_CSS, '<div class="rulings">']
    groups = _group(results)
    if toc:
        items = []
        for ruling, rs in groups:
            ok = all(r.passed for r in rs)
            items.append(f'<li><a href="#{ruling.game}-{ruling.id}">{_e(ruling.game)}: {_e(ruling.title)}</a> '
                         f'<span class="{"pass" if ok else "fail"}">{"pass" if ok else "FAIL"}</span></li>')
        out.append(f"<h2>Contents</h2><ol>{''.join(items)}</ol>")
    for ruling, rs in groups:
        clauses = boardkit.load_game(ruling.game).clauses
        ok = all(r.passed for r in rs)
        out.append(f'<div class="ruling" id="{ruling.game}-{ruling.id}"><h3>{_e(ruling.title)} '
                   f'<span class="{"pass" if ok else "fail"}">{"pass" if ok else "FAIL"}</span></h3>')
        out.append(f"<p><b>Q.</b> {_e(ruling.question['text'])}"
                   + (f" <i>(asked for seat {ruling.seat})</i>" if ruling.seat is not None else "") + "</p>")
        if ruling.moves:
            out.append(f"<p>After: <code>{_e(', '.join(ruling.moves))}</code></p>")
        if pictures:
            pics, drawn = [], set()
            for r in rs:
                if r.state is None:
                    continue
                key = json.dumps(_plain(r.state.observation(None)), sort_keys=True, default=str)
                if key in drawn:
                    continue
                drawn.add(key)
                try:
                    svg = picture(r.state, _cells(r.state, ruling), seat=ruling.seat)
                except Exception as exc:  # noqa: BLE001 - a picture never hides the answer
                    svg = f'<p class="fail">no picture: {_e(exc)}</p>'
                label = f"<div><small>{_e(r.reading.name)}</small></div>" if len(rs) > 1 else ""
                pics.append(f"<div>{label}{svg}</div>")
            out.append(f'<div class="pictures">{"".join(pics)}</div>')
        rows = []
        for r in rs:
            opts = "".join(f"<br><code>{_e(k)}={_e(repr(v))}</code>" for k, v in r.reading.options.items())
            engine = _e(r.error or _answer_text(r.answer))
            if r.mismatches:
                engine += "<br>" + "<br>".join(_e(m) for m in r.mismatches)
            seed = clauses[r.clause].seed if r.clause in clauses else ""
            cl = f"<b>{_e(r.clause)}</b> {_e(r.reason)}" + (f"<blockquote>{_e(seed)}</blockquote>" if seed else "") if r.clause else ""
            rows.append(f'<tr class="{"" if r.passed else "failed"}"><td>{_e(r.reading.name)}<br><code>rules={_e(r.reading.rules)}</code>{opts}</td>'
                        f"<td>{_e(_expected_text(r.reading.answer))}</td><td>{engine}</td>"
                        f"<td>{cl}</td><td class=\"{'pass' if r.passed else 'fail'}\">{'pass' if r.passed else 'FAIL'}</td></tr>")
            if r.reading.note:
                rows.append(f'<tr><td></td><td colspan="4" class="note">{_e(r.reading.note)}</td></tr>')
        out.append("<table><tr><th>reading</th><th>expected</th><th>engine's answer</th><th>clause</th><th></th></tr>"
                   + "".join(rows) + "</table>")
        src = "".join(f"<li><b>{_e(cid)}</b> {_e(clauses[cid].title or '')}: {_e(clauses[cid].text)}</li>"
                      for cid in ruling.source["clauses"])
        out.append(f"<ul>{src}</ul>")
        if ruling.source.get("seed"):
            out.append(f"<p>Seed ({_e(boardkit.get_spec(ruling.game).seed)}):</p><blockquote>{_e(ruling.source['seed'])}</blockquote>"
                       + (f"<p>English: {_e(ruling.source['english'])}</p>" if ruling.source.get("english") else ""))
        if ruling.source.get("published"):
            out.append(f"<p>Published: {_e(ruling.source['published'])}</p>")
        if ruling.explanation:
            out.append(f"<p>{_e(ruling.explanation)}</p>")
        if ruling.open:
            out.append('<p class="note">An open point: each reading pins its options.</p>')
        for n in sorted({r.version_note for r in rs if r.version_note}):
            out.append(f'<p class="note">{_e(n)}</p>')
        out.append("</div>")
    out.append("</div>")
    return "\n".join(out)
