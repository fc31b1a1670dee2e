"""Play many seeded games: reproducible per game, with a progress bar.

Game ``i`` of a run always uses the seed derived from ``(seed, i)``, so results do not depend
on how the work is split.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from tqdm.auto import tqdm

from boardkit.core.game import Game, State, sample_chance


@dataclass(frozen=True)
class GameResult:
    """One simulated game.

    Attributes:
        index: game number in the run (0-based).
        seed: the seed it used (``f"{run seed}:{index}"``).
        returns: one number per player (``state.returns()``).
        winners: ``state.winners()`` (empty for a game with no winner).
        actions: atomic actions played, chance included.
        turns: turns started, where the state has a ``turn`` attribute (else 0).
        terminal: False when the game was stopped by ``max_actions``.
    """

    index: int
    seed: str
    returns: tuple[Any, ...]
    winners: tuple[int, ...]
    actions: int
    turns: int
    terminal: bool


def random_agent(state: State, rng: random.Random) -> Any:
    """Pick a legal action uniformly at random."""
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def play_one(game: Game, seed: str, index: int = 0, agent: Callable[[State, random.Random], Any] = random_agent,
             max_actions: int = 100_000) -> GameResult:
    """Play one game from the initial state; chance by its exact probabilities.

    Args:
        game: the Game.
        seed: the game's seed (any string).
        index: the game's number in its run, recorded in the result.
        agent: ``agent(state, rng) -> action`` for every player.
        max_actions: safety stop (atomic actions).

    Returns:
        GameResult.
    """
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal() and n < max_actions:
        action = sample_chance(state, rng) if state.is_chance_node() else agent(state, rng)
        state.apply_action(action)
        n += 1
    return GameResult(index, seed, tuple(state.returns()), tuple(state.winners()), n,
                      int(getattr(state, "turn", 0)), state.is_terminal())


def play_many(game: Game, n: int, seed: int | str = 0, agent: Callable[[State, random.Random], Any] = random_agent,
              progress: bool = True, max_actions: int = 100_000) -> list[GameResult]:
    """Play ``n`` seeded games in this process, with a tqdm progress bar.

    Args:
        game: the Game (its options apply to every game).
        n: number of games.
        seed: run seed; game ``i`` uses seed ``f"{seed}:{i}"``.
        agent: move chooser for every player (default uniform random).
        progress: show the progress bar.
        max_actions: safety stop per game.

    Returns:
        GameResult per game, in index order.
    """
    it: Iterable[int] = range(n)
    if progress:
        it = tqdm(it, total=n, desc=f"{game.name}: {n} games", unit="game")
    return [play_one(game, f"{seed}:{i}", i, agent, max_actions) for i in it]
