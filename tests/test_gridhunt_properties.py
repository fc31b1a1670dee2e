"""Gridhunt properties (hypothesis), seeded random 8-player games that finish, and save/resume.

Sizes: ``BOARDKIT_GRIDHUNT_GAMES`` random games on the default 12x12 grid (default 40, a few
seconds); ``BOARDKIT_GRIDHUNT_GAMES=1000`` is the full run (a few minutes on two cores).
"""

from __future__ import annotations

import json
import os
import random

from hypothesis import given, settings, strategies as st

import boardkit
from boardkit import random_playout

N_GAMES = int(os.environ.get("BOARDKIT_GRIDHUNT_GAMES", "40"))
TURN_ORDERS = ("random_each_round", "fixed", "simultaneous")


def _snapshot(s):
    """What only grows: per seat its known walls, teleports, cells, landings and looks; the public part."""
    return ([(set(k.walls), set(k.teleports), set(k.cells), len(k.found), len(k.looks)) for k in s.know],
            set(s.public_walls), set(s.public_teleports), len(s.deaths))


def _grows(old, new) -> bool:
    for (w0, t0, c0, f0, l0), (w1, t1, c1, f1, l1) in zip(old[0], new[0]):
        if not (w0 <= w1 and t0 <= t1 and c0 <= c1 and f0 <= f1 and l0 <= l1):
            return False
    return old[1] <= new[1] and old[2] <= new[2] and old[3] <= new[3]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), order=st.sampled_from(TURN_ORDERS), teams=st.sampled_from((0, 2, 4)),
       share=st.booleans(), small=st.booleans())
def test_invariants_along_random_games(seed, order, teams, share, small) -> None:
    """Living players stand on distinct non-wall cells (GRID-5.1, GRID-2.3); the dead never
    revive (GRID-1.1); knowledge only grows (GRID-5); the two teleports stay (GRID-2.8)."""
    opts = {"layout": "small"} if small else {"max_turns": 80}
    g = boardkit.load_game("gridhunt", turn_order=order, teams=teams, team_shares_vision=share, **opts)
    s = g.new_initial_state()
    rng = random.Random(seed)
    dead: set[int] = set()
    known = _snapshot(s)
    while not s.is_terminal():
        random_playout(s, rng, max_actions=1)
        if s.setup or s.placing < s.n:
            continue
        cells = [s.pos[p] for p in range(s.n) if s.alive[p]]
        assert len(cells) == len(set(cells)) and all(c is not None and s.cells[c] != "wall" for c in cells)
        now_dead = {p for p in range(s.n) if not s.alive[p]}
        assert dead <= now_dead and all(s.pos[p] is None for p in now_dead)
        dead = now_dead
        assert s.cells.count("teleport") == 2
        new = _snapshot(s)
        assert _grows(known, new)
        known = new


def test_seeded_random_eight_player_games_finish() -> None:
    """``N_GAMES`` seeded random games of 8 players on the default 12x12 layout end with one
    winner (GRID-1.1); seed i is always the same game."""
    g = boardkit.load_game("gridhunt")
    wins = [0] * 8
    for seed in range(N_GAMES):
        s = g.new_initial_state()
        random_playout(s, random.Random(seed))
        o = s.outcome()
        assert o is not None and len(o.winners) == 1 and o.clause == "GRID-1.1"
        wins[o.winners[0]] += 1
    assert sum(wins) == N_GAMES


def test_seeded_random_games_with_teams_and_simultaneous_orders_finish() -> None:
    for seed in range(max(4, N_GAMES // 10)):
        g = boardkit.load_game("gridhunt", teams=2, turn_order=TURN_ORDERS[seed % 3])
        s = g.new_initial_state()
        random_playout(s, random.Random(seed))
        o = s.outcome()
        assert o is not None and o.clause in ("GRID-1.1", "GRID-D7")
        if o.winners:
            assert len({w % 2 for w in o.winners}) == 1 and len(o.winners) == 4


def test_save_and_resume_gives_the_same_game() -> None:
    """A game saved to JSON mid-way and reloaded continues to the same result as one played
    without a break (same random draws after the save), in every turn order."""
    for seed, order in enumerate(TURN_ORDERS * 2):
        g = boardkit.load_game("gridhunt", turn_order=order, max_turns=200)
        whole = g.new_initial_state()
        rng = random.Random(seed)
        random_playout(whole, rng, max_actions=120)
        saved = whole.to_json()
        rng_after_save = random.Random()
        rng_after_save.setstate(rng.getstate())
        random_playout(whole, rng)
        resumed = boardkit.state_from_json(saved)
        assert json.loads(resumed.to_json()) == json.loads(saved)
        random_playout(resumed, rng_after_save)
        assert resumed.outcome() == whole.outcome()
        assert [str(a) for a in resumed.history()] == [str(a) for a in whole.history()]
        assert resumed.observation(None) == whole.observation(None)
        assert all(resumed.player_view_json(p) == whole.player_view_json(p) for p in range(8))


@settings(max_examples=60, deadline=None)
@given(size=st.integers(4, 12), data=st.data())
def test_GRID_3_1_move_tables_equal_the_path_walk(size, data) -> None:
    """The moves a state lists (filtered from per-cell tables, GRID-3.1, GRID-3.3) are exactly
    the paths of ``rules.paths_from`` (a depth-first walk that never enters a known wall), in
    notation order."""
    from boardkit.games.gridhunt.rules import paths_from

    g = boardkit.load_game("gridhunt", size=size, walls=0, mines=0, vision=0, attack=0, beacon=0, shield=0)
    start = data.draw(st.integers(0, size * size - 1))
    walls = frozenset(data.draw(st.sets(st.integers(0, size * size - 1), max_size=size * size // 2)) - {start})
    got = [str(a) for a in g.moves_from(start, walls)]
    walk = sorted("move " + " ".join(g.names[c] for c in path) for path in paths_from(size, start, walls))
    assert got == walk
    assert len(got) == len(set(got))
