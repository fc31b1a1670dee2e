"""The property every fuzz test checks, and the inputs they mutate.

:func:`check_call` runs one call on fuzzed input and says what is wrong with its outcome: it
must return, or raise one of boardkit's error types (or a plain ValueError/TypeError whose
message names the input), within :data:`CALL_SECONDS`, with a message under
:data:`MAX_MESSAGE` characters; a refused call must leave the state it was made on as it was.

Sizes: ``BOARDKIT_FUZZ_EXAMPLES`` (default 100, about a minute on two cores) examples per test and game; set it higher for a
deeper run, e.g. ``BOARDKIT_FUZZ_EXAMPLES=500 pytest tests/fuzz``. The default run draws the same
examples every time; a larger size or ``BOARDKIT_FUZZ_RANDOM=1`` draws new ones.
"""

from __future__ import annotations

import json
import os
import random
import signal
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import boardkit
import yaml
from boardkit import (
    BoardkitDataError,
    IllegalActionError,
    IllegalPositionError,
    NotationError,
    OptionError,
    State,
    random_playout,
)

#: Examples per fuzz test and game (the CI size; raise it for a deeper run).
EXAMPLES = int(os.environ.get("BOARDKIT_FUZZ_EXAMPLES", "100"))
#: Wall-clock bound of one call on fuzzed input, in seconds.
CALL_SECONDS = float(os.environ.get("BOARDKIT_FUZZ_CALL_SECONDS", "10"))
#: Longest error message allowed, in characters.
MAX_MESSAGE = 2000
#: The package's own error types, which may carry any (short) message.
OWN_ERRORS = (IllegalActionError, IllegalPositionError, NotationError, OptionError, BoardkitDataError)

#: The CI-sized run draws the same examples every time (a failure there is a fault, not luck);
#: ``BOARDKIT_FUZZ_RANDOM=1`` (or a larger ``BOARDKIT_FUZZ_EXAMPLES``) explores new ones.
DERANDOMIZE = os.environ.get("BOARDKIT_FUZZ_RANDOM", "") != "1" and "BOARDKIT_FUZZ_EXAMPLES" not in os.environ

FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=DERANDOMIZE,
    database=None if DERANDOMIZE else settings.default.database,
    deadline=None,  # check_call bounds each call itself, hang included
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    print_blob=True,
)

GAMES = boardkit.list_games()


#: Faults known and not yet fixed, tolerated by the fuzz tests and nowhere else: (file the
#: innermost boardkit frame is in, exception type name, what must be true of the message), each
#: pinned by a strict xfail in test_fuzz_regressions.py. None are open.
KNOWN_OPEN: list[tuple[str, str, Callable[[str], bool]]] = []


def innermost_boardkit_file(exc: BaseException) -> str:
    """The boardkit file (``core/game.py``) of the innermost traceback frame inside boardkit."""
    found = ""
    tb = exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename.replace("\\", "/")
        if "/boardkit/" in name and "/tests/" not in name:
            found = name.rsplit("/boardkit/", 1)[1]
        tb = tb.tb_next
    return found


def known_open(exc: BaseException) -> bool:
    """Whether ``exc`` is one of :data:`KNOWN_OPEN`."""
    where, kind, message = innermost_boardkit_file(exc), type(exc).__name__, str(exc)
    return any(where == f and kind == k and ok(message) for f, k, ok in KNOWN_OPEN)


class Hang(Exception):
    """A call ran past its time bound."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the main thread after ``seconds`` (SIGALRM)."""
    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def snapshot(state: State) -> tuple[str, str, str]:
    """What must not change when a call on ``state`` is refused."""
    obs = json.dumps(state.observation(None), sort_keys=True, default=repr)
    return obs, repr(state.history()), state.to_json()


def short(value: Any, n: int = 120) -> str:
    """``repr(value)`` cut to ``n`` characters (a value too deep for repr is described)."""
    try:
        text = repr(value)
    except RecursionError:
        return f"<{type(value).__name__} nested too deep for repr>"
    return text if len(text) <= n else text[:n] + "..."


class Outcome:
    """What one checked call did: its result or its error."""

    def __init__(self, result: Any = None, error: BaseException | None = None) -> None:
        self.result, self.error = result, error

    @property
    def ok(self) -> bool:
        return self.error is None


def check_call(call: Callable[[], Any], what: str, *, state: State | None = None,
               names: tuple[str, ...] = (), seconds: float | None = None) -> Outcome:
    """Run ``call`` and assert the fuzz property on what it did.

    Args:
        call: the call on fuzzed input.
        what: the call and its input, for the failure message.
        state: the state the call is made on: if the call raises, it must be unchanged.
        names: words a plain ValueError/TypeError message must contain one of (the input's
            name, the game's); the package's own errors need only be short.
        seconds: the time bound (default :data:`CALL_SECONDS`).

    Returns:
        The Outcome (result, or the allowed error).

    Raises:
        AssertionError: another exception type, a hang, an empty, overlong or anonymous
            message, or a refused call that changed ``state``.
    """
    limit = CALL_SECONDS if seconds is None else seconds
    before = snapshot(state) if state is not None else None
    start = time.perf_counter()
    try:
        with time_limit(limit):
            result = call()
    except Hang:
        raise AssertionError(f"{what}: no answer within {limit} s") from None
    except Exception as exc:  # noqa: BLE001 - the property is about which exceptions escape
        took = time.perf_counter() - start
        if known_open(exc):
            return Outcome(error=exc)
        kind = type(exc).__name__
        message = str(exc)
        if not isinstance(exc, (ValueError, TypeError)):
            raise AssertionError(f"{what}: raised {kind} (not a boardkit error): {short(message, 300)}") from exc
        if not message.strip():
            raise AssertionError(f"{what}: {kind} with an empty message") from exc
        if len(message) > MAX_MESSAGE:
            raise AssertionError(f"{what}: {kind} message of {len(message)} characters: {short(message, 300)}") from exc
        if not isinstance(exc, OWN_ERRORS) and names and not any(n.lower() in message.lower() for n in names):
            raise AssertionError(f"{what}: {kind} message names none of {names}: {short(message, 300)}") from exc
        if took > limit:
            raise AssertionError(f"{what}: refused after {took:.1f} s (bound {limit} s)") from exc
        if state is not None and before is not None:
            after = snapshot(state)
            for label, b, a in zip(("observation(None)", "history()", "to_json()"), before, after):
                if a != b:
                    raise AssertionError(f"{what}: refused with {kind} but changed {label}") from exc
        return Outcome(error=exc)
    return Outcome(result=result)


# -- inputs ------------------------------------------------------------------------------------

#: Values of the wrong shape or size that hand-typed or hostile input brings.
ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 3, 2**63, -(2**63), 10**400, 0.5, 1.0, 3.0, float("nan"), float("inf"),
    "", " ", "-1", "1e999", "٣", "nan", "x" * 10_000, "\x00", "\u202e", [], {}, [[[[[[]]]]]], {"a": {"b": {"c": None}}},
    b"bytes", (1, 2), frozenset(),
]


def deep(n: int) -> Any:
    """A list nested ``n`` deep."""
    out: Any = []
    for _ in range(n):
        out = [out]
    return out


leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
                 st.sampled_from(ODD_VALUES))
garbage = st.recursive(leaf, lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=6), c, max_size=4),
                       max_leaves=8) | st.builds(deep, st.integers(50, 3000))


def dump_yaml(doc: Any) -> str:
    """YAML text of ``doc``; a document too deep for the dumper becomes a deep flow list."""
    try:
        return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)
    except RecursionError:
        return "a: " + "[" * 3000 + "]" * 3000 + "\n"
    except yaml.YAMLError:  # bytes, frozenset...: YAML has no safe form; written as their repr
        return yaml.safe_dump(json.loads(json.dumps(doc, default=repr)), sort_keys=False, allow_unicode=True)


def dump_json(doc: Any) -> str:
    """JSON text of ``doc``; a document too deep for the encoder becomes a deep JSON list."""
    try:
        return json.dumps(doc, default=repr)
    except RecursionError:
        return '{"game": "x", "options": {}, "history": ' + "[" * 3000 + "]" * 3000 + "}"


def words_of(state: State) -> list[str]:
    """Cells, vocabulary words and verbs of the state's game: near-miss material."""
    game = state.game
    out = sorted(game.cell_names())[:60]
    for vocab in game.vocabularies().values():
        out.extend(vocab.words[:30])
    out.extend(game.spec.notation.verbs())
    return out


def mutate(doc: Any, data: st.DataObject, extra: list[Any]) -> Any:
    """A copy of the JSON-like ``doc`` with one part replaced, removed, wrapped or added."""
    if isinstance(doc, dict) and doc and data.draw(st.integers(0, 3)) > 0:
        key = data.draw(st.sampled_from(sorted(doc, key=str)))
        op = data.draw(st.sampled_from(["into", "into", "drop", "rekey"]))
        out = dict(doc)
        if op == "into":
            out[key] = mutate(doc[key], data, extra)
        elif op == "drop":
            del out[key]
        else:
            out[data.draw(st.one_of(st.text(max_size=8), st.sampled_from(extra or ["x"])))] = out.pop(key)
        return out
    if isinstance(doc, list) and doc and data.draw(st.integers(0, 3)) > 0:
        i = data.draw(st.integers(0, len(doc) - 1))
        op = data.draw(st.sampled_from(["into", "into", "drop", "repeat"]))
        out_l = list(doc)
        if op == "into":
            out_l[i] = mutate(doc[i], data, extra)
        elif op == "drop":
            del out_l[i]
        else:
            out_l.extend([doc[i]] * data.draw(st.sampled_from([1, 5, 2000])))
        return out_l
    return data.draw(st.one_of(garbage, st.sampled_from(extra or [None]), st.just([doc]), st.just({"x": doc}),
                               st.just(str(doc))))


def mutate_text(text: str, data: st.DataObject) -> str:
    """``text`` with a few characters cut, repeated or changed."""
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 40)))
        text = text[:i] + data.draw(st.one_of(st.text(max_size=6), st.just(text[i:j] * 50),
                                              st.sampled_from(["&a", "*a", "{", "[", ":", "- ", "\t", "'", '"', "!!python/object:os.system", "\n  "]))) + text[j:]
    return text


_STATES: dict[str, list[State]] = {}


def sample_states(name: str) -> list[State]:
    """States of game ``name`` along seeded random games: the start, chance nodes, decisions
    and a finished game (kept; callers clone)."""
    if name not in _STATES:
        game = boardkit.load_game(name)
        out: list[State] = []
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_initial_state()
            out.append(state.clone())
            for steps in (3, 10, 30, 80):
                random_playout(state, rng, max_actions=steps)
                out.append(state.clone())
        ended = random_playout(game.new_initial_state(), random.Random(99), max_actions=3000)
        out.append(ended)
        _STATES[name] = out
    return _STATES[name]
