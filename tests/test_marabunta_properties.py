"""Marabunta properties over random seeded playouts (hypothesis).

Each example plays a whole game with uniformly random legal actions (chance by its exact
probabilities) under random options, and checks, step by step, what must always hold:
numbers are never erased or changed and crossed fields stay crossed (MARA-1.2); sheets hold
at most 10 circles and never lose one (MARA-1.3); ant hills never go below 0 nor come back
(MARA-1.4, MARA-4.5); the scores recomputed here from the observation alone (region sums ->
the winner's circles, cupcake track values, the points power) equal ``state.scores()``
(MARA-8.2, MARA-8.3, MARA-D10); chance probabilities are exact and sum to 1; the game ends
after the round of the first trigger with a winner by MARA-8.4 (MARA-D11); and a saved state
(``to_json``) loads back to the same observation.
"""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit
from boardkit import TERMINAL, sample_chance

# Constants written out from data/marabunta/default.yaml (not read from the engine).
TRACK = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
GROUP_SIZE = {"onetwo": 2, "zerothree": 2, "cupcakes": 3, "points": 3, "ones": 3, "cross": 2, "circles": 2}
POINTS_POWER = 3
CIRCLES, PRINTED, ANT_HILLS = 10, 2, 2
COLOURS = ("red", "blue")

_GAMES: dict[tuple[str, bool], boardkit.Game] = {}


def game(first_number: str = "free", decline: bool = False) -> boardkit.Game:
    key = (first_number, decline)
    if key not in _GAMES:
        _GAMES[key] = boardkit.load_game("marabunta", first_number=first_number, decline=decline)
    return _GAMES[key]


TERRITORY = game().territory()
REGIONS = list(game().regions)
CUPCAKE_FIELDS = {n for n, f in TERRITORY.items() if f["special"] == "cupcake"}
CRATE_FIELDS = {n for n, f in TERRITORY.items() if f["special"] == "crate"}


def expected_scores(o: dict) -> list[dict]:
    """Scores from the observation alone (MARA-8.2, MARA-8.3, MARA-D10)."""
    sums = {r: [0, 0] for r in REGIONS}
    for name, text in o["fields"].items():
        if text != "x":
            colour, number = text.split()
            sums[TERRITORY[name]["region"]][COLOURS.index(colour)] += int(number)
    out = []
    for p in (0, 1):
        regions = {r: (o["sheets"][r][p] if sums[r][p] > sums[r][1 - p] else 0) for r in REGIONS}
        board = o["players"][p]
        cupcake_points = sum(TRACK[: board["cupcakes"]])
        power_points = POINTS_POWER if board["crates"]["points"] == GROUP_SIZE["points"] else 0
        region_points = sum(regions.values())
        out.append({"regions": regions, "region_points": region_points, "cupcake_points": cupcake_points,
                    "power_points": power_points, "total": region_points + cupcake_points + power_points,
                    "cupcakes": board["cupcakes"]})
    return out


def check_table(o: dict) -> None:
    """What holds in every observation."""
    for r, pair in o["sheets"].items():
        assert sum(pair) <= CIRCLES and min(pair) >= PRINTED, (r, pair)
    for p, board in enumerate(o["players"]):
        own = [n for n, t in o["fields"].items() if t.startswith(COLOURS[p] + " ")]
        assert 0 <= board["ant_hills"] <= ANT_HILLS
        assert board["numbers"] == len(own)
        assert all(0 <= board["crates"][g] <= k for g, k in GROUP_SIZE.items())
        complete = [g for g, k in GROUP_SIZE.items() if board["crates"][g] == k]
        assert len(board["powers"]) == len(complete)
        # MARA-6.1, MARA-7.1, MARA-D8: own cupcake fields and the cupcakes power, capped by the track
        own_cup = sum(1 for n in own if n in CUPCAKE_FIELDS)
        power = 2 if "cupcakes" in complete else 0
        assert board["cupcakes"] == min(len(TRACK), own_cup + power)
        own_crate = sum(1 for n in own if n in CRATE_FIELDS)
        if not any("crate" in part for part in o["pending"]):  # a crate field's crate comes right after
            assert sum(board["crates"].values()) >= min(own_crate, sum(GROUP_SIZE.values()))
    for text in o["fields"].values():
        assert text == "x" or (text.split()[0] in COLOURS and text.split()[1] in "0123")


def check_step(before: dict, after: dict) -> None:
    """What never changes back from one step to the next."""
    for name, text in before["fields"].items():
        assert after["fields"].get(name) == text, (name, text, after["fields"].get(name))
    for r in REGIONS:
        assert all(a >= b for a, b in zip(after["sheets"][r], before["sheets"][r], strict=True))
    for p in (0, 1):
        b, a = before["players"][p], after["players"][p]
        assert a["ant_hills"] <= b["ant_hills"]
        assert a["cupcakes"] >= b["cupcakes"]
        assert all(a["crates"][g] >= b["crates"][g] for g in GROUP_SIZE)
        assert a["numbers"] >= b["numbers"]
    assert len(after["triggers"]) >= len(before["triggers"])
    if before["triggered_by"] is not None:
        assert after["triggered_by"] == before["triggered_by"]  # MARA-D9
    assert after["round"] in (before["round"], before["round"] + 1)


def playout(seed: int, first_number: str, decline: bool, hook=None):
    """Play a random game, checking every step; returns the final state."""
    rng = random.Random(seed)
    s = game(first_number, decline).new_initial_state()
    o = s.observation(None)
    check_table(o)
    steps = 0
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1 and all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            action = sample_chance(s, rng)
        else:
            acts = s.legal_actions()
            assert acts, "a player to move always has an action"
            action = acts[rng.randrange(len(acts))]
        s.apply_action(action)
        new = s.observation(None)
        check_table(new)
        check_step(o, new)
        assert s.scores() == expected_scores(new)
        assert [pl["score"] for pl in new["players"]] == expected_scores(new)
        if hook is not None:
            hook(s, rng)
        o = new
        steps += 1
        assert steps < 2000
    return s


OPTIONS = dict(seed=st.integers(0, 2**32 - 1), first_number=st.sampled_from(["free", "ant_hill"]), decline=st.booleans())


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**OPTIONS)
def test_random_playouts_keep_the_invariants(seed: int, first_number: str, decline: bool) -> None:
    """MARA-1.2, MARA-1.3, MARA-1.4, MARA-8.2, MARA-8.3: invariants at every step; the end
    comes with the round of the first trigger and there is always a winner by MARA-8.4."""
    s = playout(seed, first_number, decline)
    o = s.observation(None)
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    assert o["triggers"] and o["triggered_by"] == o["triggers"][0].split(":")[0]
    # MARA-8.1: the game ended in the round of the first trigger: both pools were carried out
    assert o["remaining"] == [] and o["pending"] == []
    scores = expected_scores(o)
    trig = COLOURS.index(o["triggered_by"])
    key = [(scores[p]["total"], scores[p]["cupcakes"], p == trig) for p in (0, 1)]
    winner = 0 if key[0] > key[1] else 1
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (winner,) and o["winner"] == COLOURS[winner]
    assert outcome.clause == ("MARA-D11" if key[0][:2] == key[1][:2] else "MARA-8.4")
    assert outcome.returns == tuple(s.returns())
    assert s.returns() == [1 if p == winner else -1 for p in (0, 1)]  # MARA-D11: never a draw
    # MARA-2.1, MARA-3.5: each shuffled tile revealed at most once, then the crossed-cupcake one
    reveals = [str(a).split()[1] for a in s.history() if str(a).startswith("reveal ")]
    assert len(reveals) == len(set(reveals)) == min(7, o["round"])
    assert "cupcake" not in reveals


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**OPTIONS, cut=st.integers(0, 400))
def test_json_round_trip_gives_the_same_state(seed: int, first_number: str, decline: bool, cut: int) -> None:
    """A saved state (to_json) loads back with game.state_from_json to the same observation,
    legal actions and player to move, mid-game and at the end."""
    g = game(first_number, decline)
    s = g.new_initial_state()
    boardkit.random_playout(s, random.Random(seed), max_actions=cut)
    for state in (s, boardkit.random_playout(s.clone(), random.Random(seed + 1))):
        loaded = g.state_from_json(state.to_json())
        assert loaded.observation(None) == state.observation(None)
        assert loaded.legal_actions() == state.legal_actions()
        assert loaded.current_player() == state.current_player()
        assert [str(a) for a in loaded.history()] == [str(a) for a in state.history()]
        assert boardkit.state_from_json(state.to_json()).observation(None) == state.observation(None)


def _description(o: dict) -> dict:
    """A position description of the start of a round, from its observation."""
    return {
        "round": o["round"],
        "splitter": COLOURS[o["splitter"]],
        "fields": dict(o["fields"]),
        "sheets": {r: list(v) for r, v in o["sheets"].items()},
        "players": {COLOURS[p]: {"ant_hills": b["ant_hills"], "crates": dict(b["crates"]), "cupcakes": b["cupcakes"]}
                    for p, b in enumerate(o["players"])},
        "tiles_left": list(o["tiles_left"]),
    }


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**OPTIONS, rounds=st.integers(1, 12))
def test_round_start_position_round_trip(seed: int, first_number: str, decline: bool, rounds: int) -> None:
    """A round start written as a position description (position.py) gives back the same
    table; from it the game goes on and a saved state of it loads back."""
    g = game(first_number, decline)
    s = g.new_initial_state()
    rng = random.Random(seed)
    start = None  # the last round start seen, up to round ``rounds``
    while not s.is_terminal() and s.round <= rounds:
        phase = s.observation(None)["phase"]
        if not s.dice and (phase == "reveal" or (phase == "roll" and s.round >= 8)):  # MARA-3.5
            start = s.clone()
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    assert start is not None
    s = start
    o = s.observation(None)
    p = g.state_from_position(_description(o))
    assert p.observation(None) == o
    assert p.legal_actions() == s.legal_actions()
    boardkit.random_playout(p, rng, max_actions=60)
    assert g.state_from_json(p.to_json()).observation(None) == p.observation(None)
