"""Cross-check of the Marabunta engine against an independent oracle (tests/marabunta_oracle.py).

The oracle was written from the clause spec only (shared/rules/marabunta.md, the German seed,
the decisions MARA-D1..MARA-D11 in data/rules/marabunta.yaml, data/marabunta/default.yaml, the
board file, the notation table of boardkit/games/marabunta/actions.py and the docstring of the
position format), without reading the engine's rules code (game.py, explain.py, position.py).
These tests run the oracle in lockstep with the engine - the same action applied to both - and
compare after every step the legal action strings, the chance outcomes and their probabilities,
the player to move, the terminal flag, the fields, sheets, ant hills, crates, cupcakes, round,
tile, tiles left, who triggered the end and the scores; at the end also ``returns()``. They
also recompute the counts of data/perft/marabunta.yaml with the oracle.

Result when written: no disagreement. 240 whole games (48 060 actions), 150 random positions
(3 364 actions), 48 playouts from hand-made positions (5 191 actions), the rule cases below and
every perft count agree; outside the suite also 1 416 more games, 3 300 random positions and 600
playouts biased towards crates, tiles, circles, crosses and skips agreed.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

import boardkit
from boardkit.core.perft import load_perft_file

from marabunta_oracle import (
    CRATE_FIELDS,
    CUPCAKE_FIELDS,
    FACES,
    GROUPS,
    NAMES,
    PLAYERS,
    REGION_FIELDS,
    REGION_OF,
    REGIONS,
    TILES,
    OracleState,
    engine_view,
    oracle_divide,
    oracle_perft,
)

ALL_CRATES = {g: info["crates"] for g, info in GROUPS.items()}


@lru_cache(maxsize=None)
def _game(first_player=None, first_number="ant_hill", decline=False, optional_tile=False, above_25="continue"):
    return boardkit.load_game("marabunta", first_player=first_player, first_number=first_number,
                              decline=decline, optional_tile=optional_tile, above_25=above_25)


def _engine_actions(state) -> list[str]:
    actions = [str(a) for a in state.legal_actions()]
    assert actions == sorted(actions), "the engine's legal actions are not sorted by notation"
    return actions


def _check_same(state, oracle: OracleState, step: int, history: list[str]) -> None:
    engine_actions, oracle_actions = _engine_actions(state), oracle.legal_actions()
    assert engine_actions == oracle_actions, (
        f"step {step}: legal actions differ\n"
        f"  engine only: {sorted(set(engine_actions) - set(oracle_actions))[:20]}\n"
        f"  oracle only: {sorted(set(oracle_actions) - set(engine_actions))[:20]}\n"
        f"  last actions: {history[-15:]}"
    )
    ev, ov = engine_view(state), oracle.view()
    assert ev == ov, (
        f"step {step}: states differ\n"
        + "".join(f"  {k}: engine {ev[k]} oracle {ov[k]}\n" for k in ev if ev[k] != ov[k])
        + f"  last actions: {history[-15:]}"
    )
    assert state.is_terminal() == oracle.is_terminal(), f"step {step}: terminal flag differs"
    assert state.is_chance_node() == oracle.is_chance_node(), f"step {step}: chance flag differs"
    if state.is_terminal():
        return
    assert state.current_player() == oracle.current_player(), f"step {step}: player to move differs"
    if state.is_chance_node():
        engine_p = {str(a): p for a, p in state.chance_outcomes()}
        assert engine_p == oracle.chance_outcomes(), f"step {step}: chance probabilities differ"


def _lockstep(state, oracle: OracleState, rng: random.Random, max_steps: int | None = None) -> int:
    """Random playout from ``state`` (changed in place) with ``oracle`` applied alongside;
    checks the scores and returns at the end. Returns the number of actions played."""
    steps = 0
    history: list[str] = []
    while max_steps is None or steps < max_steps:
        _check_same(state, oracle, steps, history)
        if state.is_terminal():
            assert state.scores() == oracle.scores()
            assert list(state.returns()) == oracle.returns()
            outcome = state.outcome()
            assert (outcome.winners, outcome.clause) == oracle.outcome(), history
            break
        action = rng.choice(_engine_actions(state))
        history.append(action)
        state.apply_action(action)
        oracle = oracle.apply(action)
        steps += 1
    return steps


# ---------------------------------------------------------------------------------- games


@pytest.mark.parametrize("first_number", ["free", "ant_hill"])
@pytest.mark.parametrize("decline", [False, True])
@pytest.mark.parametrize("first_player", [0, 1, None])
def test_initial_state_matches_oracle(first_player, first_number, decline) -> None:
    """The oracle's start from the options equals the engine's: empty territory, printed
    circles, 2 ant hills, no crates, 7 tiles to reveal, start player fixed or by chance
    (MARA-1.3, MARA-1.4, MARA-2.1)."""
    game = _game(first_player, first_number, decline)
    state = game.new_initial_state()
    oracle = OracleState.initial(**game.options)
    _check_same(state, oracle, 0, [])
    assert state.is_chance_node()


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("first_number", ["free", "ant_hill"])
@pytest.mark.parametrize("decline", [False, True])
def test_random_games_match_oracle(seed: int, first_number: str, decline: bool) -> None:
    """Whole random games (start player 0, 1 or by chance, by seed), oracle in lockstep:
    reveals and rolls (MARA-2.1, MARA-3.1), splits and takes (MARA-3.2, MARA-3.3), dice
    (MARA-4.1 .. MARA-4.6), tiles (MARA-5.1), crate and cupcake fields (MARA-6.1), powers
    (MARA-7.1), the crossed-cupcake tile from round 8 (MARA-3.5, MARA-3.6), the end and the
    scores (MARA-8.1 .. MARA-8.4), and the decisions MARA-D1 .. MARA-D11. Odd seeds let the
    tile be skipped (optional_tile=True, the published MARA-3.6), even ones carry it out like
    the dice (MARA-3.3, the seed). Seeds 2 and 3 modulo 4 count a total above 25 as 25
    (above_25="cap", the variant of MARA-8.3), the others keep the true sum (the seed)."""
    game = _game((0, 1, None)[seed % 3], first_number, decline, optional_tile=seed % 2 == 1,
                 above_25="cap" if seed % 4 >= 2 else "continue")
    state = game.new_initial_state()
    oracle = OracleState.initial(**game.options)
    steps = _lockstep(state, oracle, random.Random(seed * 4 + 2 * (first_number == "free") + decline))
    assert state.is_terminal() and steps > 50


# ---------------------------------------------------------------------------------- positions


def random_position(rng: random.Random) -> dict:
    """A random position (format of boardkit/games/marabunta/position.py) that the engine
    accepts: any round, a territory 10-93 % full (one region nearly full), sheets up to 9
    circles, crate groups empty, one short or complete, ant hills 0-2, at a round start, before
    the roll or at the split."""
    rnd = rng.choice([1, 2, 3, 5, 7, 8, 9, 12])
    pos: dict = {"round": rnd, "splitter": rng.choice(PLAYERS)}
    fields: dict[str, str] = {}
    density = rng.choice([0.1, 0.4, 0.7, 0.85])
    full_region = rng.choice(REGIONS + (None,))
    for f in NAMES:
        if rng.random() < (0.93 if REGION_OF[f] == full_region else density):
            fields[f] = "x" if rng.random() < 0.15 else f"{rng.choice(PLAYERS)} {rng.randint(0, 3)}"
    for reg in REGIONS:  # the end must not be triggered yet (MARA-8.1)
        if all(f in fields for f in REGION_FIELDS[reg]):
            del fields[rng.choice(REGION_FIELDS[reg])]
    if all(f in fields for f in CUPCAKE_FIELDS):
        del fields[rng.choice(sorted(CUPCAKE_FIELDS))]
    sheets = {}
    for reg in REGIONS:
        red = rng.randint(2, 6)
        blue = 9 - red if rng.random() < 0.3 else rng.randint(2, 9 - red)
        sheets[reg] = [red, blue]
    players = {}
    for col in PLAYERS:
        crates = {g: rng.choice([0, n - 1, n - 1, n]) for g, n in ALL_CRATES.items()}
        players[col] = {"ant_hills": rng.randint(0, 2), "crates": crates}
        mine = [f for f in sorted(CRATE_FIELDS) if fields.get(f, "").startswith(col)]
        while len(mine) > sum(crates.values()):  # each crate field written crossed a crate
            fields[mine.pop()] = "x"
    pos.update(fields=fields, sheets=sheets, players=players)
    tiles = list(TILES)
    rng.shuffle(tiles)
    with_tile = rng.random() < 0.7
    if rnd < 8:
        if with_tile:
            pos["tile"], pos["tiles_left"] = tiles[0], tiles[1:8 - rnd]
        else:
            pos["tiles_left"] = tiles[:8 - rnd]
    elif with_tile:
        pos["tile"] = "cupcake"
    if with_tile and rng.random() < 0.7:
        pos["roll"] = {c: rng.choice(FACES) for c in REGIONS}
    return pos


def _from_position(pos: dict, **options):
    game = _game(**options)
    return game.state_from_position(pos), OracleState.from_position(pos, **game.options)


@pytest.mark.parametrize("seed", range(150))
def test_random_positions_match_oracle(seed: int) -> None:
    """From random positions (crowded territories, regions one field from full, sheets one
    circle from full, crate groups one crate from complete, no ant hills left, late rounds
    with the crossed-cupcake tile) a random playout to the end agrees with the oracle step by
    step: MARA-4.5, MARA-4.6, MARA-6.1, MARA-7.1, MARA-8.1 .. MARA-8.4, MARA-D2 .. MARA-D9."""
    rng = random.Random(5000 + seed)
    pos = random_position(rng)
    state, oracle = _from_position(pos, first_number=rng.choice(["free", "ant_hill"]),
                                   decline=rng.random() < 0.3)
    _lockstep(state, oracle, rng)


HAND_POSITIONS: dict[str, tuple[dict, dict]] = {
    # Teal has two available fields (a2, b3), blue's numbers around them; cross2 tile.
    "near-full-region": ({}, {
        "round": 6, "splitter": "blue",
        "fields": {**{f: "blue 1" for f in REGION_FIELDS["teal"][:8]},
                   **{f: "red 2" for f in REGION_FIELDS["teal"][9:13]}, "b4": "x"},
        "players": {"blue": {"ant_hills": 1, "crates": {"ones": 1}},  # each wrote in a crate field
                    "red": {"crates": {"ones": 1}}},
        "tiles_left": ["one"], "tile": "cross2",
        "roll": {"yellow": 0, "orange": 1, "green": "circle", "teal": 3, "purple": "crate", "brown": 0}}),
    # Every crate group one crate short for both; crate dice and the crates2 tile.
    "crates-one-short": ({}, {
        "round": 3, "splitter": "red",
        "fields": {"h6": "red 1", "c5": "blue 2", "b5": "blue 0"},
        "players": {"red": {"crates": {g: n - 1 for g, n in ALL_CRATES.items()}},
                    "blue": {"crates": {g: n - 1 for g, n in ALL_CRATES.items()}, "ant_hills": 0}},
        "tiles_left": ["one", "zero", "cross2", "again"], "tile": "crates2",
        "roll": {"yellow": "crate", "orange": "crate", "green": "crate", "teal": 1, "purple": "crate", "brown": 2}}),
    # The again tile with a crate, a circle and numbers in the pool.
    "again-tile": ({"decline": True}, {
        "round": 4, "splitter": "blue",
        "fields": {"h6": "red 3", "h7": "red 1", "c5": "blue 2", "f10": "red 0"},
        "players": {"red": {"crates": {"ones": 2, "cross": 1}, "ant_hills": 1}},
        "tiles_left": ["one", "zero", "cross2"], "tile": "again",
        "roll": {"yellow": 2, "orange": 0, "green": "circle", "teal": "crate", "purple": 1, "brown": 3}}),
    # circles2 with four sheets at 9 of 10 circles and the circles power one crate away.
    "circles2-full-sheets": ({}, {
        "round": 2, "splitter": "red",
        "fields": {"h6": "red 2", "c5": "blue 1"},
        "sheets": {"yellow": [5, 4], "orange": [4, 5], "green": [7, 2], "teal": [2, 7], "purple": [4, 4]},
        "players": {"red": {"crates": {"circles": 1}}, "blue": {"crates": {"circles": 1}}},
        "tiles_left": ["one", "zero", "cross2", "again", "crates2"], "tile": "circles2",
        "roll": {"yellow": "circle", "orange": "circle", "green": "crate", "teal": "circle", "purple": "crate",
                 "brown": "circle"}}),
    # Red's cupcake track at 9 of 12, the cupcakes power one crate away: the track runs out.
    "cupcake-track-near-exhausted": ({}, {
        "round": 9, "splitter": "blue",
        "fields": {"a3": "red 1", "c5": "red 2", "c8": "red 0", "d1": "red 3", "d3": "red 1", "e8": "red 2",
                   "g4": "red 1", "h11": "red 0", "h9": "red 2", "b4": "blue 1", "k8": "blue 2"},
        "players": {"red": {"crates": {"cupcakes": 2}}},
        "tile": "cupcake",
        "roll": {"yellow": 3, "orange": "crate", "green": "crate", "teal": 0, "purple": 1, "brown": 0}}),
    # Round 8 starts: no reveal, the crossed-cupcake tile (MARA-3.5).
    "round-8-start": ({}, {
        "round": 8, "splitter": "red",
        "fields": {"h6": "red 1", "c5": "blue 2", "a3": "x", "c8": "x", "d1": "blue 1"}}),
    # Round 7: the last shuffled tile is revealed (one outcome), then round 8.
    "round-7-last-reveal": ({"first_number": "ant_hill"}, {
        "round": 7, "splitter": "blue", "fields": {"h6": "red 1"},
        "players": {"blue": {"ant_hills": 1}}, "tiles_left": ["again"]}),
    # first_number ant_hill: neither player has a number, red has no ant hill left.
    "first-number-needs-ant-hill": ({"first_number": "ant_hill"}, {
        "round": 2, "splitter": "blue", "players": {"red": {"ant_hills": 0}},
        "tiles_left": ["one", "zero", "cross2", "again", "crates2"], "tile": "zeros2",
        "roll": {"yellow": 1, "orange": 0, "green": 2, "teal": "circle", "purple": "crate", "brown": 3}}),
}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", sorted(HAND_POSITIONS))
def test_hand_positions_match_oracle(name: str, seed: int) -> None:
    """Hand-made positions (near-full region, crate groups one short, the again tile, circles2
    with nearly full sheets, the cupcake track near exhausted, round 7 and 8 with the last
    tiles, the first number needing an ant hill) played out at random to the end, oracle in
    lockstep (MARA-3.5, MARA-4.5, MARA-5.1, MARA-7.1, MARA-8.1, MARA-D2, MARA-D5, MARA-D6,
    MARA-D8)."""
    options, pos = HAND_POSITIONS[name]
    state, oracle = _from_position(pos, **options)
    _lockstep(state, oracle, random.Random(seed))


# ---------------------------------------------------------------------------------- rule cases


def _both(options: dict, pos: dict, history: list[str]):
    state, oracle = _from_position(pos, **options)
    for i, text in enumerate(history):
        _check_same(state, oracle, i, history[:i])
        state.apply_action(text)
        oracle = oracle.apply(text)
    _check_same(state, oracle, len(history), history)
    return state, oracle


def _short(tile: str, roll: dict | None = None, **more) -> dict:
    """A round-3 split position: red splits, red has h6, blue c5; ``tile`` revealed."""
    left = [t for t in ("one", "zero", "cross2", "again", "crates2") if t != tile][:4]
    pos = {"round": 3, "splitter": "red", "fields": {"h6": "red 1", "c5": "blue 2"}, "tiles_left": left,
           "tile": tile, "roll": roll or {c: 1 for c in REGIONS}}
    pos.update(more)
    return pos


def test_power_comes_before_the_rest_of_the_tile() -> None:
    """MARA-4.2, MARA-D2: crates2's first crate completes blue's cross group; the cross2 power
    is used at once (two crosses) before the tile's second crate."""
    pos = _short("crates2", players={"blue": {"crates": {"cross": 1}}})
    state, oracle = _both({}, pos, ["split tile", "take tile", "tile crate cross"])
    assert all(a.startswith("cross ") for a in oracle.legal_actions())
    state, oracle = _both({}, pos, ["split tile", "take tile", "tile crate cross", "cross a2"])
    assert oracle.legal_actions() == ["cross a1", "cross a3", "cross b2", "cross b3"]  # next to a2
    state, oracle = _both({}, pos, ["split tile", "take tile", "tile crate cross", "cross a2", "cross a3"])
    assert oracle.legal_actions() == sorted(f"crate {g}" for g in GROUPS if g != "cross")


def test_second_part_lost_when_impossible() -> None:
    """MARA-D2: cross2 crossing a field with no available neighbour loses its second part;
    zeros2's second 0 must be next to the first."""
    fields = {"h6": "red 1", "c5": "blue 2", "a1": "x", "b2": "x", "a3": "x", "b3": "x"}  # a2's neighbours
    pos = _short("cross2", fields=fields)
    state, oracle = _both({}, pos, ["split tile", "take tile", "tile cross a2"])
    assert state.current_player() == 0 and oracle.doer == 0  # blue's pool is done, red's turn
    pos = _short("zeros2")
    state, oracle = _both({}, pos, ["split tile", "take tile", "tile 0 c4"])
    assert oracle.legal_actions() == ["0 b3", "0 b4", "0 c3", "0 d4", "0 d5"]


def test_again_tile() -> None:
    """MARA-D5: the again tile repeats a die of its pool already carried out, with its own
    placement; before any die is used only the dice are open, and ``skip tile`` only with the
    published optional_tile=True (MARA-3.6); a declined die is not carried out (MARA-4.6 option
    decline)."""
    pos = _short("again", {"yellow": 3, "orange": "circle", "green": 1, "teal": 1, "purple": 1, "brown": 1})
    state, oracle = _both({}, pos, ["split yellow orange tile", "take yellow orange tile"])
    assert not any(a.startswith("tile") for a in oracle.legal_actions())
    assert "skip tile" not in oracle.legal_actions()
    state, oracle = _both({"optional_tile": True}, pos, ["split yellow orange tile", "take yellow orange tile"])
    assert "skip tile" in oracle.legal_actions()
    state, oracle = _both({}, pos, ["split yellow orange tile", "take yellow orange tile", "orange circle"])
    assert "tile again orange circle" in oracle.legal_actions()
    state, oracle = _both({"decline": True}, pos,
                          ["split yellow orange tile", "take yellow orange tile", "skip orange"])
    assert not any(a.startswith("tile again") for a in oracle.legal_actions())


def _last_cupcake_position(sheets: dict | None = None) -> dict:
    """Round 12, every cupcake field but k9 crossed, no numbers: totals 0:0, cupcakes 0:0."""
    return {"round": 12, "splitter": "red",
            "fields": {f: "x" for f in sorted(CUPCAKE_FIELDS) if f != "k9"},
            "sheets": sheets or {}, "tile": "cupcake",
            "roll": {c: "circle" for c in REGIONS}}


@pytest.mark.parametrize("take", ["tile", "yellow orange green teal purple brown"])
def test_tie_goes_to_who_triggered_the_end(take: str) -> None:
    """MARA-8.4, MARA-D9, MARA-D11: equal totals and cupcakes; whoever crosses the last
    cupcake field with the mandatory tile (MARA-3.6) triggered the end and wins."""
    state, oracle = _both({}, _last_cupcake_position(), ["split tile", f"take {take}"])
    while not state.is_terminal():
        action = _engine_actions(state)[0]
        state.apply_action(action)
        oracle = oracle.apply(action)
        _check_same(state, oracle, 0, [])
    winner = 1 if take == "tile" else 0
    assert [s["total"] for s in state.scores()] == [0, 0]
    assert oracle.triggered_by == winner and list(state.returns()) == oracle.returns()
    assert state.returns()[winner] == 1
    assert state.outcome().clause == "MARA-D11" and oracle.outcome() == ((winner,), "MARA-D11")


def test_later_trigger_changes_nothing() -> None:
    """MARA-D9: blue fills the yellow sheet's last circle first (the end); red's crossing of the
    last cupcake field in the same round does not make red the trigger."""
    pos = _last_cupcake_position({"yellow": [5, 4]})
    state, oracle = _both({}, pos, ["split tile", "take yellow orange green teal purple brown", "yellow circle"])
    assert oracle.triggered_by == 1
    while not state.is_terminal():
        action = _engine_actions(state)[0]
        state.apply_action(action)
        oracle = oracle.apply(action)
        _check_same(state, oracle, 0, [])
    assert oracle.triggered_by == 1 and state.returns()[1] == 1


def test_exhausted_cupcake_track_scores_nothing() -> None:
    """MARA-D8, MARA-6.1: red's track at 11 of 12 (9 cupcake fields and the cupcakes power);
    the cupcake field i7 crosses the last cupcake (6 points), k9 then scores nothing."""
    fields = {f: "red 1" for f in sorted(CUPCAKE_FIELDS - {"i4", "i7", "k9"})}
    pos = {"round": 9, "splitter": "blue", "fields": {**fields, "j8": "red 1"},
           "players": {"red": {"crates": {"cupcakes": 3}}}, "tile": "cupcake",
           "roll": {"yellow": 3, "orange": 0, "green": "circle", "teal": "circle", "purple": "circle",
                    "brown": "circle"}}
    history = ["split tile", "take yellow orange green teal purple brown"]
    state, oracle = _both({}, pos, history)
    assert oracle.cupcakes[0] == 11 and oracle.scores()[0]["cupcake_points"] == 36
    state, oracle = _both({}, pos, history + ["yellow 3 i7"])
    assert oracle.cupcakes[0] == 12 and oracle.scores()[0]["cupcake_points"] == 42
    state, oracle = _both({}, pos, history + ["yellow 3 i7", "orange 0 k9"])
    assert oracle.cupcakes[0] == 12 and oracle.scores()[0]["cupcake_points"] == 42


def test_first_number_needs_an_ant_hill() -> None:
    """MARA-4.5 option first_number="ant_hill": red without numbers and without ant hills can
    only fill the teal circle and cross a crate with the dice it takes; the numbers are lost."""
    pos = _short("zero", {"yellow": 1, "orange": 0, "green": 2, "teal": "circle", "purple": "crate", "brown": 3},
                 fields={"c5": "blue 2"}, players={"red": {"ant_hills": 0}}, splitter="blue")
    state, oracle = _both({"first_number": "ant_hill"}, pos,
                          ["split tile", "take yellow orange green teal purple brown"])
    assert state.current_player() == 0
    assert {a.split()[0] for a in oracle.legal_actions()} == {"teal", "purple"}


def test_last_round_tree_returns_match() -> None:
    """The whole last round of the cupcake-tile-end perft case: at every terminal leaf the
    engine's and the oracle's scores and returns agree (MARA-8.1 .. MARA-8.4)."""
    case = next(c for c in load_perft_file("marabunta") if c.name == "cupcake-tile-end")
    root = case.state()
    leaves = 0
    stack = [(root, OracleState.from_position(case.position, **root.game.options))]
    while stack:
        state, oracle = stack.pop()
        assert state.is_terminal() == oracle.is_terminal()
        if state.is_terminal():
            assert state.scores() == oracle.scores() and list(state.returns()) == oracle.returns()
            leaves += 1
            continue
        assert _engine_actions(state) == oracle.legal_actions()
        for action in oracle.legal_actions():
            child = state.clone()
            child.apply_action(action)
            stack.append((child, oracle.apply(action)))
    assert leaves == case.counts[max(case.counts)]


# ---------------------------------------------------------------------------------- perft


def _perft_cases() -> list[object]:
    return [pytest.param(c, id=c.name) for c in load_perft_file("marabunta")]


@pytest.mark.parametrize("case", _perft_cases())
def test_oracle_perft_matches_file(case) -> None:
    """The oracle's perft from every case of data/perft/marabunta.yaml equals the recorded
    counts (which the engine's perft also gives, tests/test_perft.py)."""
    root = case.state()
    if case.position is None:
        oracle = OracleState.initial(**root.game.options)
    else:
        oracle = OracleState.from_position(case.position, **root.game.options)
    for text in case.history:
        oracle = oracle.apply(text)
    _check_same(root, oracle, 0, list(case.history))
    for depth, expected in case.counts.items():
        got = oracle_perft(oracle, depth)
        if got != expected:
            div = oracle_divide(oracle, depth) if depth else {}
            pytest.fail(f"oracle perft {case.name!r} depth {depth}: expected {expected}, got {got}\n"
                        + "\n".join(f"  {a}: {n}" for a, n in div.items()))
