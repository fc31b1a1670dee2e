"""Fuzz every public entry that reads user input, on every registered game.

Each test draws inputs with hypothesis (mutated copies of real positions, saved states,
notations, actions, option values and data files, plus garbage) and checks the property of
:func:`fuzzcheck.check_call`: the call succeeds or raises one of boardkit's errors (or a
ValueError/TypeError naming the input) in bounded time with a short message, and a refused call
leaves the state as it was. The games come from ``boardkit.list_games()`` and their specs (options,
notation table, data files), so a game added later is fuzzed with no edit here.

Size: ``BOARDKIT_FUZZ_EXAMPLES`` examples per test and game (default 100, the CI size);
``BOARDKIT_FUZZ_EXAMPLES=500 pytest tests/fuzz`` for a deeper run.
"""

from __future__ import annotations

import dataclasses
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from fuzzcheck import (
    FUZZ,
    GAMES,
    ODD_VALUES,
    check_call,
    dump_json,
    dump_yaml,
    garbage,
    mutate,
    mutate_text,
    sample_states,
    short,
    words_of,
)
from hypothesis import given
from hypothesis import strategies as st

import boardkit
from boardkit import State
from boardkit.core.actions import Action
from boardkit.core.paths import DATA_DIR


def _pick_state(name: str, data: st.DataObject) -> State:
    return data.draw(st.sampled_from(sample_states(name))).clone()


def _still_sound(state: State, what: str) -> None:
    """A state made from fuzzed input works: it answers, and its save reloads as it is."""
    check_call(lambda: state.chance_outcomes() if state.is_chance_node() else state.legal_actions(), f"{what}: moves")
    text = state.to_json()
    again = check_call(lambda: state.game.state_from_json(text), f"{what}: reload of its to_json()").result
    assert again is not None, f"{what}: its own to_json() does not reload"
    assert again.to_json() == text, f"{what}: reloads differently"


# -- load_game options ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_load_game_options(name: str, data: st.DataObject) -> None:
    spec = boardkit.get_spec(name)
    options: dict[str, Any] = {}
    for opt in data.draw(st.lists(st.sampled_from(spec.options), max_size=3, unique_by=lambda o: o.name)):
        options[opt.name] = data.draw(st.one_of(garbage, st.sampled_from(opt.choices or (opt.default,))))
    if data.draw(st.integers(0, 5)) == 0:
        options[data.draw(st.text(min_size=1, max_size=10))] = data.draw(garbage)
    what = f"load_game({name!r}, **{short(options, 300)})"
    game = check_call(lambda: boardkit.load_game(name, **options), what, names=(name, *options)).result
    if game is not None:
        state = check_call(game.new_initial_state, f"{what}.new_initial_state()").result
        if state is not None:
            check_call(lambda: random_steps(state, 20), f"{what}: 20 random actions")


def random_steps(state: State, n: int) -> State:
    return boardkit.random_playout(state, random.Random(0), max_actions=n)


# -- state_from_position -----------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_state_from_position(name: str, data: st.DataObject) -> None:
    source = next((s for s in data.draw(st.permutations(sample_states(name))) if not s.is_terminal()))
    game = source.game
    position = source.to_position()
    as_text = data.draw(st.booleans())
    if as_text:
        desc: Any = mutate_text(dump_yaml(mutate(position, data, words_of(source))), data)
    else:
        desc = mutate(position, data, words_of(source))
    study = data.draw(st.one_of(st.booleans(), st.sampled_from([None, 1, "yes"])))
    what = f"{name}.state_from_position({short(desc, 400)}, study={study!r})"
    state = check_call(lambda: game.state_from_position(desc, study=study), what, names=(name, "position", "study")).result
    if state is not None:
        _still_sound(state, what)


# -- state_from_json -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_state_from_json(name: str, data: st.DataObject) -> None:
    source = _pick_state(name, data)
    saved = json.loads(source.to_json())
    if data.draw(st.booleans()):
        text = dump_json(mutate(saved, data, words_of(source) + [str(a) for a in source.history()[:20]]))
    else:
        text = mutate_text(source.to_json(), data)
    if data.draw(st.booleans()):
        what = f"boardkit.state_from_json({short(text, 400)})"
        call = lambda: boardkit.state_from_json(text)  # noqa: E731
    else:
        what = f"{name}.state_from_json({short(text, 400)})"
        call = lambda: source.game.state_from_json(text)  # noqa: E731
    state = check_call(call, what, names=("saved state", name)).result
    if state is not None:
        _still_sound(state, what)


def test_state_from_json_takes_text_only() -> None:
    for value in ODD_VALUES:
        if not isinstance(value, str):
            check_call(lambda: boardkit.state_from_json(value), f"boardkit.state_from_json({short(value)})",  # noqa: B023
                       names=("saved state",))


# -- parse_action ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_parse_action(name: str, data: st.DataObject) -> None:
    state = _pick_state(name, data)
    check_parse_action(state, _notation_text(state, data))


def _notation_text(state: State, data: st.DataObject) -> Any:
    legal = state.chance_outcomes() if state.is_chance_node() else state.legal_actions()
    seeds = [str(a) for a in (legal[:40] if isinstance(legal[0], Action) else [a for a, _ in legal[:40]])] if legal else []
    seeds += [row["example"] for row in state.game.spec.notation.rows() if row["example"]]
    words = data.draw(st.sampled_from(seeds)).split() if seeds else []
    for _ in range(data.draw(st.integers(0, 3))):
        i = data.draw(st.integers(0, len(words)))
        op = data.draw(st.sampled_from(["replace", "insert", "drop", "case"]))
        new = data.draw(st.one_of(st.sampled_from(words_of(state)), st.text(max_size=8),
                                  st.sampled_from(["-1", "0", "99", "10" * 40, "1.0", "٣", "True", "?"])))
        if op == "replace" and i < len(words):
            words[i] = new
        elif op == "insert":
            words.insert(i, new)
        elif op == "drop" and i < len(words):
            del words[i]
        elif op == "case" and i < len(words):
            words[i] = words[i].upper()
    return data.draw(st.one_of(st.just(" ".join(words)), st.text(max_size=30), st.sampled_from(ODD_VALUES)))


def check_parse_action(state: State, text: Any) -> None:
    """parse_action(text) gives an Action whose notation reads back to it, or refuses."""
    what = f"{state.game.name}.parse_action({short(text, 300)})"
    action = check_call(lambda: state.parse_action(text), what, state=state, names=("action",)).result
    if action is not None:
        assert isinstance(action, Action), f"{what} gave {action!r}"
        assert state.parse_action(str(action)) == action, f"{what}: {str(action)!r} reads back as another action"


# -- hand-built actions: why_illegal and apply_action ---------------------------------------------

def _field_values(state: State, cls: type, data: st.DataObject) -> dict[str, Any]:
    """Fields for ``cls``: mostly from legal actions of the class (or the board), some wrong."""
    legal = [a for a in (state.legal_actions() + [a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                         else state.legal_actions()) if isinstance(a, cls)]
    out: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        good = [getattr(a, f.name) for a in legal[:30]]
        fair = words_of(state) + [0, 1, 2, -1, ()]
        out[f.name] = data.draw(st.one_of(st.sampled_from(good or fair), st.sampled_from(fair), garbage,
                                          st.sampled_from(good or fair).map(_wrong_type)))
    return out


def _wrong_type(value: Any) -> Any:
    """The same value in a type that compares or reads alike (1 -> 1.0, 'd3' -> ['d3'])."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return float(value) if value % 2 else bool(value)
    if isinstance(value, str):
        return value.upper() if value.islower() else [value]
    if isinstance(value, tuple):
        return list(value)
    return str(value)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_hand_built_actions(name: str, data: st.DataObject) -> None:
    state = _pick_state(name, data)
    cls = data.draw(st.sampled_from(state.game.spec.notation.actions))
    fields = _field_values(state, cls, data)
    what = f"{name} {cls.__name__}(**{short(fields, 300)})"
    action = check_call(lambda: cls(**fields), what).result
    if action is None:
        return
    player = data.draw(st.one_of(st.none(), st.integers(-2, state.game.num_players), st.sampled_from(ODD_VALUES)))
    names = ("action", "player", name, cls.__name__)
    why = check_call(lambda: state.why_illegal(action, player=player), f"why_illegal({what}, player={player!r})",
                     state=state, names=names)
    before = state.to_json()
    check_call(lambda: None, "snapshot", state=state)  # why_illegal, answered or refused, changed nothing
    assert state.to_json() == before
    done = check_call(lambda: state.apply_action(action, player=player), f"apply_action({what}, player={player!r})",
                      state=state, names=names)
    if done.ok:
        assert why.ok and why.result is None, f"apply_action({what}) applied what why_illegal refused: {why.result or why.error}"
        last = state.history()[-1]
        assert state.parse_action(str(last)) == last, f"{what}: stored as {last!r}, which does not read back"
        _still_sound(state, f"after apply_action({what})")
    elif why.ok:
        assert why.result is not None, f"{what}: why_illegal found it legal but apply_action refused: {done.error}"


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_seat_arguments(name: str, data: st.DataObject) -> None:
    state = _pick_state(name, data)
    player = data.draw(st.one_of(st.integers(-3, 6), st.sampled_from(ODD_VALUES)))
    for method in ("legal_actions", "history", "observation"):
        check_call(lambda: getattr(state, method)(player), f"{name} {method}({short(player)})", state=state,  # noqa: B023
                   names=("player", "seat", name))


# -- data and board files -------------------------------------------------------------------------

def file_options(name: str) -> list[tuple[str, Path]]:
    """The game's options that name a data file, each with its packaged default file."""
    out = []
    for opt in boardkit.get_spec(name).options:
        if opt.kind is not str or not isinstance(opt.default, str):
            continue
        for folder in (DATA_DIR / name, DATA_DIR / "boards"):
            if (folder / f"{opt.default}.yaml").is_file():
                out.append((opt.name, folder / f"{opt.default}.yaml"))
                break
    return out


FILE_OPTIONS = [(name, opt, path) for name in GAMES for opt, path in file_options(name)]


def test_file_options_are_found() -> None:
    """The detection of data-file options finds the ones we know of (so the test below runs)."""
    found = {(n, o) for n, o, _ in FILE_OPTIONS}
    assert {("leaders", "board"), ("marabunta", "data"), ("battle_royale", "data")} <= found


@pytest.mark.parametrize(("name", "option", "packaged"), FILE_OPTIONS, ids=[f"{n}-{o}" for n, o, _ in FILE_OPTIONS])
@FUZZ
@given(data=st.data())
def test_data_files(name: str, option: str, packaged: Path, data: st.DataObject) -> None:
    text = packaged.read_text(encoding="utf-8")
    if data.draw(st.booleans()):
        doc = yaml.safe_load(text)
        text = dump_yaml(mutate(doc, data, []))
    else:
        text = mutate_text(text, data)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"mutated_{packaged.name}"
        path.write_text(text, encoding="utf-8")
        what = f"load_game({name!r}, {option}=<{packaged.name} mutated: {short(text[:2000], 200)}>)"
        game = check_call(lambda: boardkit.load_game(name, **{option: str(path)}), what,
                          names=(str(path), path.name, option)).result
        if game is not None:
            state = check_call(game.new_initial_state, f"{what}.new_initial_state()").result
            if state is not None:
                check_call(lambda: random_steps(state, 40), f"{what}: 40 random actions")
