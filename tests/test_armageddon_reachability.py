"""Armageddon's goals are reachable (ARMA-1.3, ARMA-1.4) and no clause of the seed map is dead.

- A constructive line: a search over seeded playouts from the initial position of the default
  game (rolls and choices both searched) finds one that Earth wins by displacing the alien on GK
  (ARMA-1.3); the line is then replayed, action by action, through the public API.
- Seeded random games (``BOARDKIT_ARMA_GAMES``, default 20; 1000 for the full check) in which
  each side wins at least once.
- Every clause the seed map names fires in some seeded game (a detector over the actions, their
  events and the rule path's refusals) or in a test position played here.
"""

from __future__ import annotations

import os
import random

import boardkit
from boardkit.core.rules import Refusal
from boardkit.core.validate import read_yaml_file
from boardkit.core.paths import DATA_DIR
from boardkit.games.armageddon import rules

from arma_helpers import state

N_GAMES = int(os.environ.get("BOARDKIT_ARMA_GAMES", "20"))
CAP = 3000  # actions per game (random games end well before: aliens or Earth win)


def playout(game, rng: random.Random, cap: int = CAP) -> tuple[object, list[str]]:
    """A seeded random game (chance by its exact probabilities, each choice uniform); returns the
    final state and the line of actions in notation."""
    s = game.new_initial_state()
    line: list[str] = []
    while not s.is_terminal() and len(line) < cap:
        if s.is_chance_node():
            outs = s.chance_outcomes()
            a = rng.choices([a for a, _ in outs], weights=[float(p) for _, p in outs])[0]
        else:
            a = rng.choice(s.legal_actions())
        line.append(str(a))
        s.apply_action(a)
    return s, line


def test_ARMA_1_3_a_line_found_by_search_in_which_earth_wins_replays_through_the_api():
    game = boardkit.load_game("armageddon")
    found = None
    for seed in range(200):  # the search: seeded playouts, each a different choice of rolls and moves
        s, line = playout(game, random.Random(f"arma-line:{seed}"))
        if s.is_terminal() and s.outcome().clause == "ARMA-1.3":
            found = line
            break
    assert found is not None, "no Earth win in 200 searched lines"
    replay = boardkit.load_game("armageddon").new_initial_state()
    for text in found:
        assert not replay.is_terminal()
        replay.apply_action(text)  # notation through the public API; an illegal step would raise
    o = replay.outcome()
    assert replay.is_terminal() and o.clause == "ARMA-1.3" and o.winners == (0, 1, 2) and o.returns == (1, 1, 1, -1)
    assert "from GK" in o.reason


def test_ARMA_1_3_and_ARMA_1_4_both_sides_win_seeded_random_games():
    game = boardkit.load_game("armageddon")
    wins = {"ARMA-1.3": 0, "ARMA-1.4": 0}
    for seed in range(N_GAMES):
        s, _ = playout(game, random.Random(f"arma-balance:{seed}"))
        assert s.is_terminal(), f"game {seed} did not end within {CAP} actions"
        wins[s.outcome().clause] = wins.get(s.outcome().clause, 0) + 1
    assert wins["ARMA-1.3"] >= 1 and wins["ARMA-1.4"] >= 1, wins


def _fired(game, s, a, after, before_pos, refusals: set[str], seen: set[str]) -> None:
    """Add to ``seen`` the clauses one action ``a`` (from ``s`` to ``after``) makes fire."""
    g = game
    text = str(a)
    events = after.pos.events[len(before_pos.events):] if text.split()[0] != "roll" else []
    words = " ".join(events)
    verb = text.split()[0]
    seen.update(refusals)
    if verb == "roll":
        seen.update({"ARMA-3.1", "ARMA-2.3"})
        return
    if verb in ("move", "back", "spare"):
        seen.add("ARMA-3.1")
        c = g.chip[a.chip]
        start = before_pos.at[c]
        route, rindex = rules.route_of(g, before_pos, c)
        i = rindex.get(start, -1)
        if verb == "back":
            seen.add("ARMA-3.7")
        if verb == "spare":
            seen.add("ARMA-D15")
        if verb == "move":
            path = [route[i + j] for j in range(1, a.points + 1) if 0 <= i + j < len(route)]
            mine = {x for x in g.seat_chips[s.seat]}
            if any(n >= 0 and before_pos.occ[n] in mine for n in path[:-1]):
                seen.add("ARMA-3.6")  # passed over a chip of its own side
            if g.kind[c] == rules.WARRIOR and i > 0 and g.gk in path[:-1] and before_pos.occ[g.gk] in mine:
                seen.add("ARMA-D14")  # from outside, over its own warrior on GK
            if g.kind[c] == rules.EARTH and start in g.comp_of:
                seen.add("ARMA-3.3")
                if after.pos.at[c] in g.table:
                    seen.add("ARMA-3.4")
            if g.kind[c] == rules.EARTH and after.pos.at[c] >= 0 and g.names[after.pos.at[c]][0] in "rgy" \
                    and g.names[after.pos.at[c]][1:].isdigit():
                seen.add("ARMA-4.1")
            if g.kind[c] == rules.EARTH and after.pos.at[c] == g.landing:
                seen.update({"ARMA-4.4", "ARMA-D4"})
            if g.kind[c] == rules.EARTH and g.names[max(after.pos.at[c], 0)] in g.arma.surface:
                seen.add("ARMA-4.5")
            if g.kind[c] == rules.EARTH and after.pos.at[c] == g.gk and not after.is_terminal():
                seen.add("ARMA-6.3")  # onto an empty GK: no capture
            if g.kind[c] == rules.OFFICER and after.pos.at[c] == g.pad:
                seen.add("ARMA-5.1")
    if verb == "take":
        seen.add("ARMA-5.1")
    if verb == "home":
        seen.add("ARMA-7.2")
    for phrase, clause in (("shot down by the laser", "ARMA-4.2"), ("destroyed main compartment", "ARMA-5.2"),
                           ("arc home", "ARMA-5.3"), ("intercepted the officer", "ARMA-5.4"),
                           ("the officer intercepted", "ARMA-5.5"), ("displaced", "ARMA-6.1"),
                           ("sent home", "ARMA-7.1"), ("no free circle", "ARMA-7.2"), ("flew back to base", "ARMA-D8")):
        if phrase in words:
            seen.add(clause)
    if any(after.pos.occ[n] >= 0 and g.kind[after.pos.occ[n]] == rules.EARTH for n in [g.control]):
        seen.add("ARMA-4.3")
    if after.is_terminal():
        seen.add(after.outcome().clause)


def _refusals(s, rng: random.Random) -> set[str]:
    """The rule path's clauses for a few shares that are not legal here."""
    g = s.game
    out: set[str] = set()
    if s.phase != "move":
        return out
    legal = set(map(str, s.legal_actions()))
    chips = sorted(g.seat_chips[s.seat])
    for _ in range(6):
        text = f"{rng.choice(('move', 'back', 'spare'))} {g.chip_names[rng.choice(chips)]} {rng.randint(1, 6)}"
        if text in legal:
            continue
        try:
            s.refuse(s.canonical(text))
        except Refusal as r:
            out.add(r.clause)
    return out


def test_every_clause_of_the_seed_map_fires_in_a_seeded_game_or_a_test_position(tmp_path):
    doc, _, _ = read_yaml_file("armageddon", DATA_DIR / "rules", "rules")
    named = {c for entry in doc["seed_map"] for c in entry.get("clauses", [])}
    game = boardkit.load_game("armageddon")
    s0 = game.new_initial_state()
    obs = s0.observation(None)
    seen: set[str] = set()
    if {obs["chips"][f"{c}1"][:2] for c in ("red", "green", "yellow")} == {"h1"}:
        seen.update({"ARMA-1.1", "ARMA-2.1"})  # each colour's chips on its home circles
    if obs["chips"]["officer"] == "dot" and obs["depot"] == game.mines and obs["chips"]["w1"] == "n1_1":
        seen.add("ARMA-1.2")
    if len(game.arma.table) == 3 and game.arma.far:
        seen.update({"ARMA-2.2", "ARMA-9"})
    for seed in range(max(8, N_GAMES // 4)):
        rng = random.Random(f"arma-fires:{seed}")
        s = game.new_initial_state()
        steps = 0
        while not s.is_terminal() and steps < CAP:
            refused = _refusals(s, rng)
            if s.is_chance_node():
                outs = s.chance_outcomes()
                a = rng.choices([a for a, _ in outs], weights=[float(p) for _, p in outs])[0]
            else:
                a = rng.choice(s.legal_actions())
            before = s.pos.copy()
            after = s.clone()
            after.apply_action(a)
            _fired(game, s, a, after, before, refused, seen)
            s = after
            steps += 1
    # test positions for what seeded games rarely reach
    data = tmp_path / "four_mines.yaml"
    data.write_text("name: four\nchips: 4\nmines: 4\nlayout: armageddon\n")
    t = state("aliens", 1, {"officer": "b12", "red1": "table1", "red2": "table2", "red3": "r1", "red4": "r2"},
              {"data": str(data)}, officer_mine=True, depot=0, destroyed=3)  # ARMA-D8: every compartment gone
    t.apply_action("move officer 1")
    if t.observation(None)["chips"]["officer"] == "dot" and t.observation(None)["destroyed"] == 3:
        seen.add("ARMA-D8")
    aliens_out = {"w1": "out", "w2": "out", "w3": "out", "officer": "out"}
    t = state("red", 1, {"red1": "s10", **aliens_out}, {"two_on_one": "penalty"}, depot=3)
    t.apply_action("move red1 1")
    seen.add(t.outcome().clause)  # ARMA-D16
    for turn, roll, chips, text, phrase, clause in (
            ("green", 2, {"green1": "g6", "officer": "g7"}, "move green1 2", "intercepted the officer", "ARMA-5.4"),
            ("aliens", 2, {"officer": "b5", "green1": "g7"}, "move officer 2", "the officer intercepted", "ARMA-5.5")):
        t = state(turn, roll, chips, officer_mine=True, depot=2)
        t.apply_action(text)
        if phrase in " ".join(t.pos.events):
            seen.add(clause)
    missing = sorted(named - seen)
    assert not missing, f"clauses of the seed map that never fired: {missing}"
