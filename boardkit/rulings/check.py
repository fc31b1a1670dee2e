"""Checking rulings against the engine: each reading's answer computed and compared with the
expected one, and the pytest hook that turns a rulings file into tests.

Source: the clause files (``data/rules/<game>.yaml``) the rulings name.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable

from boardkit.core.rules import IllegalActionError
from boardkit.core.spec import OptionError
from boardkit.core.validate import BoardkitDataError
from boardkit.rulings.load import _game, _plain, load
from boardkit.rulings.model import Reading, Result, Ruling

# ----------------------------------------------------------------------------- checking

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


def _same(have: Any, want: Any) -> bool:
    """``have`` (the engine's) equals ``want`` (the file's) as YAML values, a yes/no never equal
    to a number: ``false`` is not ``0``, ``true`` is not ``1`` (Python's ``==`` says they are)."""
    return _typed(_plain(have)) == _typed(_plain(want))


def _typed(value: Any) -> Any:
    """``value`` with every bool tagged, so that it compares equal to bools only."""
    if isinstance(value, bool):
        return ("yes/no", value)
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_typed(v) for v in value]
    return value


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
            wrong = {p: have.get(p, _MISSING) for p, v in want.items() if not _same(have.get(p, _MISSING), v)}
            ok = not wrong
            if not ok:
                bad += [f"facts.{p}: expected {_show(want[p])}, engine says {_show(v)}" for p, v in wrong.items()]
                continue
        elif key == "absent":
            seen = [p for p in want if have.get(p, _MISSING) is not _MISSING]
            ok = not seen
            have = {"seen": seen}
        else:
            ok = _same(have, want)
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


