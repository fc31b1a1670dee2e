"""Perft: leaf counts of the atomic-action tree from fixed positions, per game.

Cases live in ``data/perft/<game>.yaml`` (see :mod:`boardkit.core.perft`); the toy game's in
``tests/data/perft/toy.yaml``. On a mismatch the message shows the divide: each first action
with its count one ply shallower, to find where move generation differs.
"""

from __future__ import annotations

from pathlib import Path

import copy

import pytest

import boardkit
from boardkit.games.leaders.game import LeadersState
from boardkit.core.paths import DATA_DIR
from boardkit.core.perft import PerftBudgetError, PerftCase, divide, load_perft_file, perft, root_snapshot
from boardkit.core.validate import BoardkitDataError

import toygame
from fake_clock import FakeClock

TOY_PERFT = toygame.TOY_DATA / "perft" / "toy.yaml"


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.register(monkeypatch)


def _cases() -> list[object]:
    params: list[object] = []
    for game in boardkit.list_games():
        try:
            cases = load_perft_file(game)
        except BoardkitDataError:
            continue  # test_every_game_has_perft_cases reports it
        params += [pytest.param(c, id=f"{game}-{c.name}") for c in cases]
    return params


def check_case(case: PerftCase, state: object = None) -> None:
    """Perft of ``case`` (from ``state`` if given, else ``case.state()``) gives its counts and
    leaves the root as it was: full observation, position, player, legal actions, history."""
    state = case.state() if state is None else state
    before = root_snapshot(state)
    for depth, expected in case.counts.items():
        got = perft(state, depth)
        if got != expected:
            lines = "" if depth == 0 else "\n".join(f"  {a}: {n}" for a, n in divide(state, depth).items())
            pytest.fail(
                f"{case.game} perft case {case.name!r} depth {depth}: expected {expected}, got {got}\n"
                f"divide (each first action, count at depth {depth - 1}):\n{lines}"
            )
    assert root_snapshot(state) == before, "perft changed the root state"


@pytest.mark.parametrize("case", _cases())
def test_perft(case: PerftCase) -> None:
    """Every perft case of every registered game gives its recorded counts."""
    check_case(case)


@pytest.mark.parametrize("game", boardkit.list_games())
def test_every_game_has_perft_cases(game: str) -> None:
    """Each registered game has ``data/perft/<game>.yaml`` with at least 3 cases."""
    path = DATA_DIR / "perft" / f"{game}.yaml"
    assert path.exists(), f"{game}: no perft file {path}"
    cases = load_perft_file(game)
    assert len(cases) >= 3, f"{path}: {len(cases)} perft case(s), need at least 3"


@pytest.mark.parametrize("case", load_perft_file("toy", TOY_PERFT), ids=lambda c: c.name)
def test_perft_toy(case: PerftCase) -> None:
    """The toy game's hand-counted perft cases (TOY-1 .. TOY-5 shape the tree)."""
    check_case(case)


def test_perft_mismatch_shows_divide() -> None:
    """A wrong count fails with the divide in the message."""
    case = PerftCase(game="toy", name="wrong", counts={2: 7})
    with pytest.raises(pytest.fail.Exception, match=r"(?s)expected 7, got 6.*first 0: 3\n  first 1: 3"):
        check_case(case)


class SharedClone(LeadersState):
    """A broken clone: its own history, but every other container shared with the original."""

    def clone(self) -> "SharedClone":
        new = copy.copy(self)
        new._history = list(self._history)
        new._legal_cache = None
        return new


def test_perft_catches_a_shallow_clone() -> None:
    """A clone that shares the market and deck with its original changes the root under perft;
    ``to_json()`` (start and history) does not see it, the full snapshot does."""
    state = boardkit.load_game("leaders", first_player=0).new_initial_state()
    assert state.is_chance_node()
    state.__class__ = SharedClone
    json_before, before = state.to_json(), root_snapshot(state)
    perft(state, 2)
    assert state.to_json() == json_before  # the old check would have passed
    assert root_snapshot(state) != before


def test_root_snapshot_sees_the_position() -> None:
    """Two positions with the same (empty) history differ in their snapshots; a clone does not."""
    game = boardkit.load_game("leaders")
    a = game.state_from_position({"pieces": {0: "King d1", 1: "Queen d7"}})
    b = game.state_from_position({"pieces": {0: "King d1", 1: "Queen d6"}})
    assert a.to_json() != b.to_json() and root_snapshot(a) != root_snapshot(b)
    assert root_snapshot(a) == root_snapshot(a.clone())


def test_divide_sums_to_perft() -> None:
    state = boardkit.load_game("toy").new_initial_state()
    for depth in range(1, 5):
        assert sum(divide(state, depth).values()) == perft(state, depth)
    with pytest.raises(ValueError):
        divide(state, 0)
    with pytest.raises(ValueError):
        perft(state, -1)


@pytest.mark.parametrize("depth", [2.5, "x", None, True, 10**9, -1])
def test_perft_and_divide_name_a_bad_depth_or_state(depth) -> None:
    """A depth that is no whole number 0 .. MAX_DEPTH (1 .. for divide), a bool among them, or
    a state that is no State is refused by name, before any recursion (2.5 never reached 0,
    10**9 ran out of stack)."""
    from boardkit.core.perft import MAX_DEPTH

    state = boardkit.load_game("toy").new_initial_state()
    with pytest.raises(ValueError, match=rf"perft: depth is a whole number 0 \.\. {MAX_DEPTH}"):
        perft(state, depth)
    with pytest.raises(ValueError, match="divide: depth is a whole number 1 .. "):
        divide(state, depth)
    with pytest.raises(ValueError, match="perft: state is a boardkit State, not str"):
        perft("leaders", 1)
    assert perft(state, MAX_DEPTH) >= 1  # the deepest depth asked runs


def test_perft_terminal_is_one_leaf() -> None:
    """A terminal node counts once at any depth (TOY-4 ends the game)."""
    state = boardkit.load_game("toy").state_from_position({"pile": 1, "to_move": 0})
    state.apply_action("take 1")
    assert state.is_terminal()
    assert [perft(state, d) for d in range(4)] == [1, 1, 1, 1]
    assert divide(state, 2) == {}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game: toy\ncases: []\n", "cases"),
        ("game: other\ncases: [{name: a, position: null, counts: {1: 2}}]\n", "not 'toy'"),
        ("game: toy\ncases: [{name: a, position: null, counts: {x: 2}}]\n", "depth 'x'"),
        ("game: toy\ncases: [{name: a, position: null, counts: {1: 2}}, {name: a, position: null, counts: {1: 2}}]\n", "duplicate"),
        ("game: toy\ncases: [{name: a, counts: {1: 2}}]\n", "position"),
    ],
)
def test_perft_file_errors(tmp_path: Path, text: str, message: str) -> None:
    """Malformed perft files are refused with the file and entry named."""
    path = tmp_path / "toy.yaml"
    path.write_text(text)
    with pytest.raises(BoardkitDataError, match=message):
        load_perft_file("toy", path)
    with pytest.raises(BoardkitDataError, match="cannot read"):
        load_perft_file("toy", tmp_path / "missing.yaml")


def test_a_deep_perft_stops_at_its_default_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """perft and divide at a depth no one can count (Leaders depth 9 ran for many minutes) stop
    at their default time budget with an error naming it and what was counted so far."""
    from boardkit.core import perft as perft_module

    assert perft_module.SECONDS == 30.0 and perft_module.MAX_NODES == 1_000_000
    clock = FakeClock(1.0)
    monkeypatch.setattr(perft_module, "_clock", clock)
    state = boardkit.load_game("leaders").new_initial_state()
    before = root_snapshot(state)
    with pytest.raises(PerftBudgetError, match=r"perft: depth 9 not counted within 30 s \(seconds\); stopped after "
                                               r"[\d,]+ positions generated and [\d,]+ leaves counted"):
        perft(state, 9)
    assert clock.now < 40  # about 30 readings of the clock
    clock.now = 0.0
    with pytest.raises(PerftBudgetError, match=r"divide: depth 9 not counted within 30 s \(seconds\)"):
        divide(state, 9)
    assert root_snapshot(state) == before


def test_perft_and_divide_stop_at_their_position_bound() -> None:
    """``max_nodes`` bounds the positions generated; None lifts a bound; the count of a
    tree within the bounds is the same with or without them."""
    state = boardkit.load_game("leaders").new_initial_state()
    with pytest.raises(PerftBudgetError, match=r"perft: depth 9 needs more than 1,000 positions \(max_nodes\); "
                                               r"stopped after 998 positions generated and 5,762 leaves counted, "
                                               r"before generating the next 13, which would pass it"):
        perft(state, 9, max_nodes=1000)
    with pytest.raises(PerftBudgetError, match=r"divide: depth 9 needs more than 1,000 positions \(max_nodes\)"):
        divide(state, 9, max_nodes=1000, seconds=None)
    assert perft(state, 3, max_nodes=None, seconds=None) == perft(state, 3) == 3360
    assert sum(divide(state, 3, max_nodes=16 + 240).values()) == 3360  # the last ply is counted, not generated
    with pytest.raises(PerftBudgetError, match=r"more than 255 positions"):
        divide(state, 3, max_nodes=255)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"max_nodes": 0}, r"perft: max_nodes must be a whole number >= 1, not '0'"),
    ({"max_nodes": 2.5}, r"perft: max_nodes must be a whole number >= 1"),
    ({"seconds": 0}, r"perft: seconds must be a finite number > 0"),
    ({"seconds": float("nan")}, r"perft: seconds must be a finite number > 0"),
    ({"seconds": "1"}, r"perft: seconds must be a finite number > 0"),
])
def test_perft_names_a_bad_budget(kwargs: dict[str, object], message: str) -> None:
    state = boardkit.load_game("toy").new_initial_state()
    with pytest.raises(ValueError, match=message):
        perft(state, 2, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=message.replace("perft", "divide")):
        divide(state, 2, **kwargs)  # type: ignore[arg-type]
