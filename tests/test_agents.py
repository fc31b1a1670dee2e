"""Agents on every registered game: legal play, no use of hidden truth, illegal choices caught
with their clause, and the exact solver cross-checked by an independent recursion."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from functools import lru_cache

import pytest

import boardkit
import toygame
from boardkit.agents import (Agent, AgentError, GreedyAgent, MCTSAgent, RandomAgent, SolverAgent, SolverBudgetError,
                             checked_action, determinize, make_agent, solve)
from boardkit.agents.heuristics import no_heuristic
from boardkit.core.game import sample_chance
from boardkit.sim import play_many, play_one

GAMES = boardkit.list_games()


def _play(game, agent, seed, max_actions=20_000):
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal() and n < max_actions:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            p = state.current_players()[0]
            state.apply_action(checked_action(agent, state, p, rng), player=p if len(state.current_players()) > 1 else None)
        n += 1
    return state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("agent", [RandomAgent(), GreedyAgent(), MCTSAgent(iterations=8, rollout_max=60, determinizations=2)],
                         ids=lambda a: a.name)
def test_each_agent_plays_a_whole_game_of_every_game(game: str, agent: Agent) -> None:
    """Every agent plays a seeded game of every registered game to its end, each choice
    checked legal for its seat (checked_action)."""
    state = _play(boardkit.load_game(game), agent, seed=f"agents:{game}")
    assert state.is_terminal()
    assert state.outcome() is not None and state.outcome().clause in state.game.clauses


def test_an_illegal_choice_is_caught_with_its_clause() -> None:
    """An agent returning an action the rules refuse stops with AgentError naming the clause;
    one returning no action of the game at all stops naming the game."""

    class Cheater(Agent):
        name = "cheater"

        def act(self, state, player, rng):
            return "pass"  # Leaders: 'pass' is an action, but not at the set-up chance nodes' end

    game = boardkit.load_game("leaders", first_player=0)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    state.apply_action("pass")  # the Action phase ends: Recruitment, where 'pass' is illegal
    with pytest.raises(AgentError) as info:
        checked_action(Cheater(), state, state.current_player(), rng)
    assert info.value.clause.startswith("LEAD-") and info.value.agent == "cheater" and "seat 0" in str(info.value)

    class Garbage(Agent):
        name = "garbage"

        def act(self, state, player, rng):
            return "fly to the moon"

    with pytest.raises(AgentError, match="not an action of leaders"):
        checked_action(Garbage(), state, state.current_player(), rng)
    with pytest.raises(AgentError, match=r"game 0, seed 'x'"):
        play_one(game, "x", 0, Garbage())


class _SelectsItself(Agent):
    """Leaders: applies a 'select' to the state it is handed (apply_action, or apply_unchecked
    with ``unchecked``), then returns an action of the state as it left it."""

    name = "selects-itself"

    def __init__(self, unchecked: bool = False) -> None:
        self.unchecked = unchecked

    def act(self, state, player, rng):
        legal = state.legal_actions(player)
        select = next((a for a in legal if str(a).startswith("select")), None)
        if select is None:
            return legal[0]
        (state.apply_unchecked if self.unchecked else state.apply_action)(select)
        return state.legal_actions(player)[0] if player in state.current_players() else legal[0]


@pytest.mark.parametrize("unchecked", [False, True], ids=["apply_action", "apply_unchecked"])
def test_an_agent_that_plays_on_the_state_it_is_handed_is_stopped(unchecked: bool) -> None:
    """An agent that applies an action itself to the state the runner hands it (then returns
    another) would play two actions in one decision, one of them unchecked or missing from the
    log: play_many stops with AgentError naming the agent, the seat and what it applied;
    the same agent playing on a clone is fine."""
    game = boardkit.load_game("leaders", first_player=0)
    with pytest.raises(AgentError) as info:
        play_many(game, 3, 0, agents=[_SelectsItself(unchecked), "random"], progress=False)
    err = info.value
    assert err.agent == "selects-itself" and err.player == 0 and err.clause == ""
    what = "1 action with apply_unchecked" if unchecked else "1 action with apply_action ('select "
    assert what in str(err) and "state.clone()" in str(err) and "game 0, seed '0:0'" in str(err), str(err)

    class OnAClone(Agent):
        name = "on-a-clone"

        def act(self, state, player, rng):
            _SelectsItself(unchecked).act(state.clone(), player, rng)  # looks ahead on a copy
            return RandomAgent().act(state, player, rng)

    assert len(play_many(game, 2, 0, agents=[OnAClone(), "random"], progress=False)) == 2


def test_make_agent_reads_short_names() -> None:
    assert isinstance(make_agent("random"), RandomAgent) and isinstance(make_agent("greedy"), GreedyAgent)
    assert make_agent("mcts").iterations == 200 and make_agent("mcts50").iterations == 50
    assert make_agent("solver3").turns == 3 and make_agent("MCTS7").name == "mcts7"
    for bad in ("random3", "alphazero", ""):
        with pytest.raises(ValueError, match="unknown agent"):
            make_agent(bad)
    for bad in ("mcts0", "mcts-5", "solver0"):
        with pytest.raises(ValueError, match="must be at least 1"):
            make_agent(bad)
    with pytest.raises(ValueError, match="not int"):
        make_agent(5)
    with pytest.raises(ValueError, match=">= 1"):
        MCTSAgent(iterations=0)
    for kwargs, word in (({"iterations": 2.5}, "iterations"), ({"iterations": "10"}, "iterations"),
                         ({"rollout_max": 0}, "rollout_max"), ({"determinizations": True}, "determinizations"),
                         ({"c": -1}, "c "), ({"c": float("nan")}, "c "), ({"heuristic": 5}, "heuristic")):
        with pytest.raises(ValueError, match=word):
            MCTSAgent(**kwargs)
    for kwargs, word in (({"turns": 0}, "turns"), ({"turns": 1.5}, "turns"), ({"max_nodes": "x"}, "max_nodes")):
        with pytest.raises(ValueError, match=word):
            SolverAgent(**kwargs)
    with pytest.raises(ValueError, match="heuristic"):
        GreedyAgent(heuristic=5)
    state = boardkit.load_game("leaders").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    for bad in ("x", 0):
        with pytest.raises(ValueError, match="max_nodes"):
            solve(state, turns=1, max_nodes=bad)


def test_a_solver_horizon_past_the_recursion_limit_is_a_budget_error() -> None:
    state = boardkit.load_game("leaders").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(SolverBudgetError):
        solve(state, turns=1000, max_nodes=10**9)


# ---- MCTS rollouts cut off and scored by a heuristic ---------------------------------------------

def _unfinished_position(name: str, seed: int = 3, steps: int = 30):
    g = boardkit.load_game(name)
    rng = random.Random(seed)
    state = g.new_initial_state()
    while state.is_chance_node() or len(state.legal_actions(state.current_players()[0])) < 2 or steps > 0:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            p = state.current_players()[0]
            acts = state.legal_actions(p)
            state.apply_action(acts[rng.randrange(len(acts))], player=p if len(state.current_players()) > 1 else None)
            steps -= 1
        assert not state.is_terminal()
    return state


def test_MCTS_scores_a_cut_off_rollout_by_the_heuristic_else_as_a_draw() -> None:
    """A rollout cut off at rollout_max gives each seat (h + 1) / 2 of its heuristic; without a
    heuristic (no_heuristic, what a game without one gets) each of the n seats gets 1/n."""
    state = _unfinished_position("leaders")
    p = state.current_players()[0]
    agent = MCTSAgent(iterations=20, rollout_max=1, heuristic=lambda s, seat: 0.5 if seat == 0 else -1.0)
    root = agent._search(state.clone(), p, 20, random.Random(0))
    assert root.visits == 20 and root.value == [pytest.approx(20 * 0.75), pytest.approx(0.0)]
    arma = _unfinished_position("armageddon")
    root = MCTSAgent(iterations=10, rollout_max=1, heuristic=no_heuristic)._search(
        arma.clone(), arma.current_players()[0], 10, random.Random(0))
    n = arma.game.num_players
    assert root.value == [pytest.approx(10 / n)] * n


def test_MCTS_pauses_the_garbage_collector_only_while_it_searches() -> None:
    """The search runs with Python's cyclic collector paused and sets it back as it found it:
    on after a search, on after a search that fails (a heuristic raising), and still off
    when it was off before."""
    import gc

    state = _unfinished_position("leaders")
    p = state.current_players()[0]
    seen = []

    def watching(s, seat):  # the heuristic runs inside the search: it sees the collector
        seen.append(gc.isenabled())
        return 0.0

    def failing(s, seat):
        raise RuntimeError("heuristic failed")

    assert gc.isenabled()
    try:
        MCTSAgent(iterations=5, rollout_max=1, heuristic=watching, seconds=None).act(state, p, random.Random(0))
        assert seen and not any(seen) and gc.isenabled()
        with pytest.raises(RuntimeError, match="heuristic failed"):
            MCTSAgent(iterations=5, rollout_max=1, heuristic=failing, seconds=None).act(state, p, random.Random(0))
        assert gc.isenabled()
        gc.disable()
        MCTSAgent(iterations=5, rollout_max=1, heuristic=watching, seconds=None).act(state, p, random.Random(0))
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("game", GAMES)
def test_each_game_declares_its_heuristic_in_its_own_package(game: str) -> None:
    """The agents find a game's heuristic through its spec, in the game's own package; a
    heuristic given to register_heuristic takes its place, and an unknown game has none."""
    from boardkit.agents.heuristics import heuristic_for, register_heuristic, score_for

    spec = boardkit.get_spec(game)
    h = heuristic_for(game)
    assert spec.heuristic is not None and h is spec.hook("heuristic")
    assert h.__module__ == f"boardkit.games.{game}.heuristics"
    assert score_for(game) is spec.hook("score")
    assert heuristic_for("no such game") is no_heuristic and score_for("no such game") is None
    mine = register_heuristic(game, lambda state, player: 0.5)
    try:
        assert heuristic_for(game) is mine
    finally:
        from boardkit.agents import heuristics

        del heuristics._HEURISTICS[game]
    assert heuristic_for(game) is h


def test_marabunta_declares_its_running_score() -> None:
    """MARA-8: the running score of the lead changes is Marabunta's own scoring."""
    from boardkit.agents.heuristics import score_for
    from boardkit.games.marabunta.scoring import totals

    state = _unfinished_position("marabunta", steps=30)
    score = score_for("marabunta")
    assert score is not None and score(state) == [float(x) for x in totals(state)]


def test_armageddon_heuristic_counts_earth_chips_in_play_by_the_games_own_end() -> None:
    """ARMA-1.4, option aliens_win: all Earth chips in play is 1 for Earth and -1 for the
    aliens; a position where the aliens have won by the game's own end test is -1 for Earth,
    and one where they have not is above it. The seed's 'colours' counts each colour's chips
    beyond its last one; 'count' counts Earth's chips beyond one per colour."""
    from boardkit.agents.heuristics import heuristic_for
    from boardkit.games.armageddon.rules import OUT, _check_end

    h = heuristic_for("armageddon")
    for rule in ("colours", "count"):
        state = boardkit.load_game("armageddon", aliens_win=rule).new_initial_state()
        g = state.game
        assert [h(state, p) for p in range(g.num_players)] == [1.0, 1.0, 1.0, -1.0]
        nine_out = g.earth_chips[: len(g.earth_chips) - g.alien_win_at]  # red and green all out, yellow1 out
        for c in nine_out:
            state.pos.at[c] = OUT
        probe = state.pos.copy()
        _check_end(g, probe)
        won = probe.winner == "aliens"
        assert won == (rule == "count")  # yellow keeps three chips: not every colour is down to one
        if won:
            assert h(state, 0) == -1.0 and h(state, g.aliens_seat) == 1.0
        else:
            assert h(state, 0) == pytest.approx(2 * (2 / 9) - 1)  # yellow's 2 spare chips of 9
            last = {chips[0] for chips in g.colour_chips}  # each colour down to one chip
            down = boardkit.load_game("armageddon", aliens_win=rule).new_initial_state()
            for c in g.earth_chips:
                if c not in last:
                    down.pos.at[c] = OUT
            probe = down.pos.copy()
            _check_end(g, probe)
            assert probe.winner == "aliens" and h(down, 0) == -1.0 and h(down, g.aliens_seat) == 1.0


def test_gridhunt_heuristic_reads_deaths() -> None:
    from boardkit.agents.heuristics import heuristic_for

    h = heuristic_for("gridhunt")
    state = _unfinished_position("gridhunt", steps=1)
    assert h(state, 0) == 0.0
    state.alive[1] = state.alive[2] = False
    assert h(state, 0) == pytest.approx(2 / 7) and h(state, 1) == -1.0


# ---- hidden information: search never reads the truth -----------------------------------------

def _hidden_games():
    return [g for g in GAMES if boardkit.get_spec(g).information == "imperfect"]


@pytest.mark.parametrize("game", _hidden_games())
def test_determinizations_agree_with_everything_the_seat_knows(game: str) -> None:
    """Along seeded games, each determinization for the seat to move has the seat's history
    and observation, and over the games some differ from the truth in what is hidden."""
    g = boardkit.load_game(game)
    differs = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = g.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < 400:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                p = state.current_players()[0]
                if steps % 7 == 0:
                    world = determinize(state, p, random.Random(steps))
                    assert world.history(p) == state.history(p)
                    assert world.observation(p) == state.observation(p)
                    assert world.legal_actions(p) == state.legal_actions(p)
                    differs += world.observation(None) != state.observation(None)
                acts = state.legal_actions(p)
                state.apply_action(acts[rng.randrange(len(acts))])
            steps += 1
    assert differs > 0


def test_battle_royale_determinization_redeals_only_other_seats_hands() -> None:
    """BR-1.4, BR-2.5: the seat keeps its own hand and pile; each other seat's hand is drawn
    again from that seat's hand and pile together (sizes kept), and the draws vary."""
    state = _unfinished_position("battle_royale", steps=12)
    p = state.current_players()[0]
    hands = set()
    for k in range(20):
        w = determinize(state, p, random.Random(k))
        assert w.hands[p] == state.hands[p] and sorted(w.piles[p]) == sorted(state.piles[p])
        for q in range(state.n):
            assert len(w.hands[q]) == len(state.hands[q]) and len(w.piles[q]) == len(state.piles[q])
            assert sorted(w.hands[q] + w.piles[q]) == sorted(state.hands[q] + state.piles[q])
        hands.add(tuple(tuple(h) for q, h in enumerate(w.hands) if q != p))
    assert len(hands) > 1


@pytest.mark.parametrize("game", _hidden_games())
def test_a_determinized_world_carries_no_true_past(game: str) -> None:
    """BR-1.4, BR-2.5, GRID-5: a world drawn for a seat has no true past: its history, asked by
    anyone, is the seat's own view; its saved JSON holds no action hidden from the seat and
    reloads the drawn world, not the truth."""
    g = boardkit.load_game(game)
    rng = random.Random(3)
    state = g.new_initial_state()
    checked = steps = 0
    while not state.is_terminal() and checked < 4 and steps < 600:
        steps += 1
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        p = state.current_players()[0]
        hidden = {str(x) for x, v in zip(state.history(None), state.history(p)) if str(v).endswith("?")}
        if hidden and steps % 5 == 0:
            w = determinize(state, p, random.Random(steps))
            assert w.history(None) == w.history(p) == state.history(p)
            saved = json.loads(w.to_json())
            assert not hidden & set(saved["history"]) and saved["history"] == []
            back = g.state_from_json(w.to_json())
            assert back.observation(None) == w.observation(None)
            checked += 1
        acts = state.legal_actions(p)
        state.apply_action(acts[rng.randrange(len(acts))])
    assert checked > 0


@pytest.mark.parametrize("game", _hidden_games())
def test_MCTS_and_greedy_choose_alike_from_truths_the_seat_cannot_tell_apart(game: str) -> None:
    """No leak: from the true state and from another state the seat cannot tell from it (a
    determinization), MCTS and greedy with the same random source choose the same action."""
    g = boardkit.load_game(game)
    rng = random.Random(5)
    state = g.new_initial_state()
    checked = 0
    steps = 0
    while not state.is_terminal() and checked < 3 and steps < 600:
        steps += 1
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        p = state.current_players()[0]
        if len(state.legal_actions(p)) > 1 and steps % 5 == 0:
            other = determinize(state, p, random.Random(99))
            if other.observation(None) != state.observation(None):
                for agent in (MCTSAgent(iterations=12, rollout_max=200, determinizations=2), GreedyAgent()):
                    assert agent.act(state, p, random.Random(7)) == agent.act(other, p, random.Random(7)), agent.name
                checked += 1
        acts = state.legal_actions(p)
        state.apply_action(acts[rng.randrange(len(acts))])
    assert checked > 0


# ---- the exact solver ---------------------------------------------------------------------------

def _toy_value(pile: int, mover: int, me: int, turns: int) -> Fraction:
    """Dice Nim by its rules (tests/toygame.py), as an independent recursion: the best
    probability that ``me`` empties the pile within ``turns`` turns, the other seat minimising."""

    @lru_cache(maxsize=None)
    def v(pile: int, mover: int, t: int) -> Fraction:
        if t == 0:
            return Fraction(0)
        options = []
        for n in (1, 2):
            if n <= pile:
                options.append(Fraction(int(mover == me)) if pile == n else v(pile - n, 1 - mover, t - 1))
        roll = Fraction(0)
        for d, p in ((1, Fraction(1, 2)), (2, Fraction(1, 3)), (3, Fraction(1, 6))):
            left = pile - min(d, pile)
            roll += p * (Fraction(int(mover == me)) if left == 0 else v(left, 1 - mover, t - 1))
        options.append(roll)
        return max(options) if mover == me else min(options)

    return v(pile, mover, turns)


@pytest.mark.parametrize("pile", [1, 2, 3, 4, 5, 7])
@pytest.mark.parametrize("turns", [1, 2, 3, 4])
def test_solver_value_equals_an_independent_recursion_on_dice_nim(monkeypatch, pile: int, turns: int) -> None:
    """solve() gives exactly the value of a hand-written recursion over Dice Nim's rules, for
    either seat solved for, chance by its exact probabilities."""
    toygame.register(monkeypatch)
    game = boardkit.load_game("toy", pile=pile)
    state = game.new_initial_state()
    state.apply_action("first 0")
    for me in (0, 1):
        sol = solve(state, me, turns)
        assert sol.value == _toy_value(pile, 0, me, turns)
        assert sol.turns == turns and sol.nodes > 0
    best = solve(state, 0, turns)
    if best.value == 1:
        child = state.child(best.best)
        assert child.is_terminal() or child.is_chance_node() or solve(child, 0, turns).value >= 0


def test_solver_finds_a_capture_and_its_line_wins_leaders() -> None:
    """Leaders: in a seeded game, at the first state where the seat to move can capture within
    its turn, solve() says 1 and playing its line ends the game with that seat winning; at the
    states before, the line of play could not force it (value 0)."""
    game = boardkit.load_game("leaders")
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        try:
            sol = solve(state, turns=1, max_nodes=2_000)
        except SolverBudgetError:  # too many lines to search here: play on
            sol = None
        if sol is not None and sol.value == 1:
            me = state.current_player()
            for a in sol.line:
                state.apply_action(a)
            assert state.is_terminal() and state.winners() == [me]
            return
        assert sol is None or sol.value == 0
        acts = state.legal_actions()
        state.apply_action(acts[rng.randrange(len(acts))])
    pytest.fail("no capture found in the seeded game")


def test_solver_refuses_bad_requests() -> None:
    state = boardkit.load_game("leaders").new_initial_state()
    with pytest.raises(ValueError, match="no seat is to move"):
        solve(state)
    with pytest.raises(ValueError, match="turns"):
        solve(state, 0, 0)
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    with pytest.raises(SolverBudgetError, match="fewer turns"):
        solve(state, turns=3, max_nodes=50)
    assert SolverAgent(turns=1, max_nodes=50).act(state, state.current_player(), random.Random(0)) in state.legal_actions()


def test_solver_out_of_budget_at_one_turn_does_not_ask_for_fewer_turns(monkeypatch) -> None:
    """solve(<Battle Royale state>, 0, 1) ran out of its 30 s and said "ask for fewer turns",
    but 1 is the least: at one turn the message says the budget (max_nodes or seconds) must
    grow or the position is too large to solve exactly; with more turns it still asks for
    fewer, or a larger budget."""
    import boardkit.agents.solver as solver_module

    state = boardkit.load_game("battle_royale", first_player=0).new_initial_state()
    with pytest.raises(SolverBudgetError) as info:
        solve(state, 0, 1, max_nodes=50)
    message = str(info.value)
    assert "fewer turns" not in message and "turns=1 is already the shortest horizon" in message
    assert "raise max_nodes" in message and "too large to solve exactly" in message
    ticks = iter(range(0, 10_000, 100))
    monkeypatch.setattr(solver_module, "_clock", lambda: next(ticks))  # 100 s pass between two looks
    with pytest.raises(SolverBudgetError) as info:
        solve(state, 0, 1)
    assert "within 30 s (seconds)" in str(info.value) and "raise seconds" in str(info.value)
    assert "fewer turns" not in str(info.value)
    with pytest.raises(SolverBudgetError, match="ask for fewer turns, or raise max_nodes"):
        solve(state, 0, 2, max_nodes=50, seconds=None)


def test_greedy_takes_an_immediate_win() -> None:
    """Where an action wins at once, the greedy agent plays one that does."""
    game = boardkit.load_game("leaders")
    rng = random.Random(2)
    found = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            me = state.current_player()
            wins = [a for a in state.legal_actions() if (c := state.child(a)).is_terminal() and c.winners() == [me]]
            if wins:
                assert GreedyAgent().act(state, me, random.Random(0)) in wins
                found += 1
                break
            acts = state.legal_actions()
            state.apply_action(acts[rng.randrange(len(acts))])
    assert found >= 5


# ---- whole turns: a roll split in several shares (ARMA-3.1) ---------------------------------------

def _arma(turn: str, roll: int, chips: dict[str, str]):
    from arma_helpers import state

    return state(turn, roll, chips)


def _play_turn(state, agent, seed: int):
    """Let ``agent`` play the mover's whole turn; returns the state after it and the actions."""
    s, rng, mover, played = state.clone(), random.Random(seed), state.current_player(), []
    while not s.is_terminal() and not s.is_chance_node() and s.current_player() == mover:
        action = checked_action(agent, s, mover, rng)
        played.append(str(action))
        s.apply_action(action)
    return s, played


def test_whole_turns_replay_through_the_public_api_and_end_where_the_seat_stops() -> None:
    """ARMA-3.1: every whole turn listed replays with apply_action to the state listed, ends
    when chance or another seat is to act, and two listed turns never reach the same state."""
    from boardkit.agents.plans import state_key, turn_plan_for, whole_turns

    assert turn_plan_for("armageddon") > 0 and turn_plan_for("leaders") == 0
    s = _arma("red", 3, {"red1": "r7", "red2": "r11", "red3": "out", "red4": "out"})
    turns = whole_turns(s, 0)
    assert sorted(" ; ".join(str(a) for a in seq) for seq, _ in turns) == [
        "move red1 1 ; move red2 2", "move red1 2 ; move red2 1", "move red1 3"]
    for seq, end in turns:
        replay = s.clone()
        for a in seq:
            assert replay.current_player() == 0
            replay.apply_action(str(a))
        assert state_key(replay) == state_key(end) and replay.is_chance_node()
    assert len({state_key(end) for _, end in turns}) == len(turns)
    with pytest.raises(ValueError, match="not the one seat"):
        whole_turns(s, 3)


def test_greedy_chooses_the_whole_split_not_only_the_first_share() -> None:
    """ARMA-3.1, ARMA-4.2: red rolls 3 with red1 one circle before the laser crossing r8 and
    red2 two circles from the landing point. After the first share nobody is shot yet, so one
    ply sees 'move red2 2' as good as 'move red1 3', but its forced rest (1 point to red1) ends
    red1 on r8 under the laser. The whole-split greedy never loses red1; the one-share greedy
    does on some seeds (the position tells them apart)."""
    s = _arma("red", 3, {"red1": "r7", "red2": "r11", "red3": "out", "red4": "out"})
    lost = {}
    for whole in (True, False):
        ends = [_play_turn(s, GreedyAgent(whole_turn=whole), seed)[0] for seed in range(20)]
        lost[whole] = sum(e.observation(None)["chips"]["red1"] == "out" for e in ends)
    assert lost[True] == 0 and lost[False] > 0


def test_greedy_keeps_to_its_plan_across_the_shares_of_a_roll() -> None:
    """The second share of a planned split is the plan's (PlanMemo): the whole turn played is
    one of the best whole turns, and a state the plan did not expect makes it plan again."""
    s = _arma("red", 3, {"red1": "r7", "red2": "r11", "red3": "out", "red4": "out"})
    agent = GreedyAgent()
    for seed in range(6):
        end, played = _play_turn(s, agent, seed)
        assert played in (["move red1 3"], ["move red1 2", "move red2 1"])
    first = agent.act(s, 0, random.Random(1))
    assert agent.memo.plans if str(first) == "move red1 2" else not agent.memo.plans
    other = s.clone()
    other.apply_action("move red2 1")  # not the planned state: the plan is dropped
    assert agent.memo.next(other, 0) is None and not agent.memo.plans


def test_mcts_compares_whole_splits_at_its_root() -> None:
    """ARMA-3.1, ARMA-4.2: red rolls 3 with red1 on r7, red2 on r6, red3 on r3 (crossing r8 one,
    two and five circles ahead). Searched by single shares with a small budget, MCTS loses a
    chip to the laser on some seeds; searching whole splits it keeps every chip, and plays
    the rest of the split it chose."""
    s = _arma("red", 3, {"red1": "r7", "red2": "r6", "red3": "r3", "red4": "out"})
    in_play = s.observation(None)["earth_in_play"]
    kept = {}
    for whole in (True, False):
        kept[whole] = []
        for seed in range(8):
            agent = MCTSAgent(iterations=20, rollout_max=4, seconds=None, whole_turn=whole)
            end, played = _play_turn(s, agent, seed)
            kept[whole].append(end.observation(None)["earth_in_play"] == in_play)
            if whole:
                assert agent.last_plan == played
    assert all(kept[True]) and not all(kept[False])


def test_mcts_last_iterations_counts_the_iterations_run_not_the_root_visits() -> None:
    """With whole turns at the root, turns that share a first action keep one entry in
    last_root_visits, so its sum falls short of the iterations run; last_iterations counts
    them (one rollout each), is 0 when the action is the plan's next (no search) and stops
    short with the node bound."""
    s = _arma("red", 3, {"red1": "r7", "red2": "r6", "red3": "r3", "red4": "out"})
    agent = MCTSAgent(iterations=30, rollout_max=4, seconds=None, whole_turn=True)
    first = agent.act(s, 0, random.Random(1))
    assert agent.last_stop == "iterations" and agent.last_iterations == 30
    assert sum(agent.last_root_visits.values()) < 30  # several turns begin with the same share
    assert agent.last_plan == ["move red1 2", "move red3 1"] and str(first) == "move red1 2"
    nxt = s.clone()
    nxt.apply_action(first)
    assert str(agent.act(nxt, 0, random.Random(3))) == "move red3 1"
    assert agent.last_stop == "plan" and agent.last_iterations == 0 and agent.last_root_visits == {}
    single = MCTSAgent(iterations=30, rollout_max=4, seconds=None, whole_turn=False)
    single.act(s, 0, random.Random(2))
    assert single.last_iterations == sum(single.last_root_visits.values()) == 30
    bounded = MCTSAgent(iterations=10**6, rollout_max=4, seconds=None, max_nodes=40, whole_turn=False)
    bounded.act(s, 0, random.Random(2))
    assert bounded.last_stop == "nodes" and 0 < bounded.last_iterations < 40
    for whole in (True, False):  # the smallest tree still runs one iteration, as the time budget does
        tiny = MCTSAgent(iterations=50, rollout_max=4, seconds=None, max_nodes=1, whole_turn=whole)
        tiny.act(s, 0, random.Random(2))
        assert tiny.last_stop == "nodes" and tiny.last_iterations == 1 and sum(tiny.last_root_visits.values()) == 1


def test_turn_plan_settings_are_checked() -> None:
    from boardkit.agents.plans import register_turn_plan

    for bad in ("yes", 1):
        with pytest.raises(ValueError, match="whole_turn"):
            GreedyAgent(whole_turn=bad)
        with pytest.raises(ValueError, match="whole_turn"):
            MCTSAgent(whole_turn=bad)
    with pytest.raises(ValueError, match="bound"):
        register_turn_plan("armageddon", 0)


@pytest.mark.parametrize("agent", [RandomAgent(), GreedyAgent(), MCTSAgent(iterations=5, seconds=None)],
                         ids=["random", "greedy", "mcts"])
def test_an_agent_asked_for_a_turn_it_cannot_act_in_says_why(agent: Agent) -> None:
    """A seat not to act, a game over, a chance node, no random.Random, or no seat: a
    ValueError saying which, never a failure inside the search."""
    g = boardkit.load_game("leaders")
    s = g.new_initial_state()
    rng = random.Random(1)
    with pytest.raises(ValueError, match="chance acts here"):
        agent.act(s, 0, rng)
    while s.is_chance_node():
        s.apply_action(boardkit.sample_chance(s, rng))
    other = 1 - s.current_player()
    with pytest.raises(ValueError, match=f"seat {other} is not to act now"):
        agent.act(s, other, rng)
    with pytest.raises(ValueError, match="rng is a random.Random"):
        agent.act(s, s.current_player(), None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player is a seat 0 .. 1, not 7"):
        agent.act(s, 7, rng)
    done = boardkit.random_playout(s.clone(), random.Random(4))
    with pytest.raises(ValueError, match="the game is over"):
        agent.act(done, 0, rng)
    assert s.legal_actions() and not s.is_terminal()  # the state asked about is unchanged


def test_solve_and_every_agent_name_a_state_that_is_no_state() -> None:
    """A game id (or None) where a State goes was an AttributeError deep inside."""
    for bad, what in (("leaders", "str"), (None, "NoneType"), (boardkit.load_game("leaders"), "LeadersGame")):
        with pytest.raises(ValueError, match=rf"^solve: state is a boardkit State \(.*\), not {what}"):
            solve(bad)
        for agent in (RandomAgent(), GreedyAgent(), MCTSAgent(iterations=5), SolverAgent()):
            with pytest.raises(ValueError, match=rf"^act: state is a boardkit State \(.*\), not {what}"):
                agent.act(bad, 0, random.Random(0))


def test_every_agent_with_a_name_argument_refuses_a_name_that_is_not_text() -> None:
    for cls in (MCTSAgent, GreedyAgent, SolverAgent):
        for bad in (5, ["m"], b"mcts"):
            with pytest.raises(ValueError, match=rf"^{cls.__name__}: name is a text \(.*\) or None, not "):
                cls(name=bad)
        assert cls(name="mine").name == "mine"


@pytest.mark.parametrize("agent", [RandomAgent(), GreedyAgent(), MCTSAgent(iterations=5, seconds=None), SolverAgent()],
                         ids=["random", "greedy", "mcts", "solver"])
def test_an_agent_called_as_a_function_where_no_one_seat_acts_says_why(agent: Agent) -> None:
    """``agent(state, rng)`` at a chance node or a finished game was a raw IndexError (it took
    ``current_players()[0]``); at a simultaneous turn it answered for seat 0 an action that
    cannot be applied without ``player=``. Now the refusals of ``act``, and one naming the seats."""
    rng = random.Random(0)
    s = boardkit.load_game("leaders").new_initial_state()
    with pytest.raises(ValueError, match="chance acts here"):
        agent(s, rng)
    done = boardkit.random_playout(s.clone(), random.Random(4))
    with pytest.raises(ValueError, match="the game is over: no seat acts"):
        agent(done, rng)
    with pytest.raises(ValueError, match=r"^act: state is a boardkit State"):
        agent("leaders", rng)  # type: ignore[arg-type]
    both = boardkit.load_game("gridhunt", turn_order="simultaneous").new_initial_state()
    while both.is_chance_node():
        both.apply_action(sample_chance(both, rng))
    assert len(both.current_players()) > 1
    with pytest.raises(ValueError, match=r"seats 0, 1, .* act at once here: .*agent\.act\(state, player, rng\)"):
        agent(both, rng)
    while s.is_chance_node():
        s.apply_action(sample_chance(s, rng))
    assert s.find_legal(agent(s, rng)) is not None  # one seat to act: as before


def test_the_sim_random_agent_where_no_one_seat_acts_says_why() -> None:
    """boardkit.sim.random_agent on a finished game or at a simultaneous turn was a raw
    ValueError from randrange ("empty range"); now the refusals of Agent(state, rng)."""
    from boardkit.sim import random_agent

    rng = random.Random(0)
    s = boardkit.load_game("leaders").new_initial_state()
    done = boardkit.random_playout(s.clone(), random.Random(4))
    with pytest.raises(ValueError, match="the game is over: no seat acts"):
        random_agent(done, rng)
    both = boardkit.load_game("gridhunt", turn_order="simultaneous").new_initial_state()
    while both.is_chance_node():
        both.apply_action(sample_chance(both, rng))
    with pytest.raises(ValueError, match=r"seats 0, 1, .* act at once here"):
        random_agent(both, rng)
    while s.is_chance_node():
        s.apply_action(sample_chance(s, rng))
    assert s.find_legal(random_agent(s, rng)) is not None


def test_solve_for_a_seat_not_to_move_gives_no_best_action_of_another_seat() -> None:
    """solve(state, player) for a seat that is not to move gave the mover's action as that
    seat's ``best``; it gives None, with the value and an empty line."""
    from boardkit.agents.solver import solve

    rng = random.Random(0)
    state = boardkit.load_game("leaders").new_initial_state()
    while state.is_chance_node():
        state.apply_action(boardkit.sample_chance(state, rng))
    mover = state.current_player()
    other = 1 - mover
    mine, theirs = solve(state, mover, 1), solve(state, other, 1)
    assert mine.best is not None and mine.best in state.legal_actions()
    assert theirs.best is None and theirs.line == () and 0 <= theirs.value <= 1


def _breaks(state, rng):
    raise RuntimeError("my agent broke")


def _one_argument(state):
    return state.legal_actions()[0]


class _Picky(Exception):
    def __init__(self, a, b):  # does not unpickle from its args: goes to the caller as text
        super().__init__(f"picky {a} {b}")


def _picky(state, rng):
    raise _Picky(1, 2)


@pytest.mark.parametrize("workers", [1, 2])
def test_an_agent_that_raises_or_cannot_be_called_is_an_agent_error_chained_from_its_own(workers: int) -> None:
    """An agent that raises, or a function that does not take (state, rng), stopped play_many
    with its bare exception (no game, seed, seat or agent): now an AgentError naming them,
    chained from the agent's exception, from worker processes too."""
    game = boardkit.load_game("leaders", first_player=0)
    with pytest.raises(AgentError) as info:
        play_many(game, 2, seed=1, agents=[_breaks, "random"], workers=workers, progress=False)
    err = info.value
    assert str(err) == "agent '_breaks' (seat 0) failed: it raised RuntimeError: my agent broke (game 0, seed '1:0')"
    assert (err.agent, err.player, err.failed, err.action, err.clause) == ("_breaks", 0, True, None, "")
    assert isinstance(err.__cause__, RuntimeError) and str(err.__cause__) == "my agent broke"
    assert err.original is err.__cause__
    if workers == 2:  # the worker's traceback comes next in the chain
        assert "my agent broke" in str(err.__cause__.__cause__)
    with pytest.raises(AgentError, match=r"^agent '_one_argument' \(seat 1\) failed: it cannot be called as "
                                         r"f\(state, rng\) -> action \(TypeError: .*positional argument.*\) "
                                         r"\(game 0, seed '1:0'\)$") as info:
        play_many(game, 2, seed=1, agents=["random", _one_argument], workers=workers, progress=False)
    assert isinstance(info.value.__cause__, TypeError)
    with pytest.raises(AgentError, match=r"^agent '_picky' \(seat 0\) failed: it raised _Picky: picky 1 2") as info:
        play_many(game, 2, seed=1, agents=_picky, workers=workers, progress=False)
    assert isinstance(info.value.__cause__, _Picky if workers == 1 else RuntimeError)


def test_an_agent_object_that_raises_is_named_and_a_keyboard_interrupt_passes() -> None:
    """An Agent whose act raises (or takes the wrong arguments) is an AgentError chained from
    it; a KeyboardInterrupt inside an agent passes untouched (the runner's stops are one)."""

    class Broken(Agent):
        name = "broken"

        def act(self, state, player, rng):
            return {}["missing"]

    class NoRng(Agent):
        name = "no-rng"

        def act(self, state, player):  # type: ignore[override]
            return state.legal_actions(player)[0]

    class Interrupts(Agent):
        name = "interrupts"

        def act(self, state, player, rng):
            raise KeyboardInterrupt

    game = boardkit.load_game("leaders", first_player=0)
    with pytest.raises(AgentError, match=r"^agent 'broken' \(seat 0\) failed: it raised KeyError: 'missing' "
                                         r"\(game 0, seed '0:0'\)$") as info:
        play_many(game, 1, agents=Broken(), progress=False)
    assert isinstance(info.value.__cause__, KeyError)
    with pytest.raises(AgentError, match=r"cannot be called as agent\.act\(state, player, rng\)"):
        play_one(game, "x", 0, NoRng())
    with pytest.raises(KeyboardInterrupt) as stop:
        play_many(game, 1, agents=Interrupts(), progress=False)
    assert type(stop.value) is KeyboardInterrupt and stop.value.__cause__ is None
