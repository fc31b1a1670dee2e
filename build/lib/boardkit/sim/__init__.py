"""Play many seeded games: reproducible per game, with a progress bar, on one core, on local
processes, or on a Dask cluster.

Game ``i`` of a run always uses the seed ``f"{seed}:{i}"``, so results do not depend on how the
work is split: the same call with ``workers=4`` or with a ``dask.distributed.Client`` returns
exactly the games of the single-process run. Work is sent in chunks of games (one task per
game costs more than the game itself).
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Callable

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
        turns: turns started, where the state has a ``turn`` attribute, else rounds started
            where it has a ``round`` attribute (Marabunta), else 0.
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
                      int(getattr(state, "turn", getattr(state, "round", 0))), state.is_terminal())


def _play_chunk(name: str, options: dict[str, Any], seed: int | str, indices: range,
                agent: Callable[[State, random.Random], Any], max_actions: int) -> list[GameResult]:
    """Worker task: games ``indices`` of a run (the game is rebuilt from its name and options)."""
    import boardkit

    game = boardkit.load_game(name, **options)
    return [play_one(game, f"{seed}:{i}", i, agent, max_actions) for i in indices]


def play_many(game: Game, n: int, seed: int | str = 0, agent: Callable[[State, random.Random], Any] = random_agent,
              progress: bool = True, max_actions: int = 100_000, workers: int = 1, client: Any = None,
              chunk: int = 100) -> list[GameResult]:
    """Play ``n`` seeded games with a tqdm progress bar.

    Args:
        game: the Game (its options apply to every game).
        n: number of games.
        seed: run seed; game ``i`` uses seed ``f"{seed}:{i}"``.
        agent: move chooser for every player (default uniform random); with ``workers`` or
            ``client`` it must be picklable (a module-level function).
        progress: show the progress bar (games done).
        max_actions: safety stop per game (atomic actions).
        workers: local processes (1: play in this process).
        client: a ``dask.distributed.Client``: play on its cluster instead (``workers`` is
            then ignored). The same call scales past one machine.
        chunk: games per task when the work is split.

    Returns:
        GameResult per game, in index order, the same however the work was split.

    Raises:
        ValueError: ``n`` < 0, ``workers`` < 1 or ``chunk`` < 1.
    """
    if n < 0 or workers < 1 or chunk < 1:
        raise ValueError(f"need n >= 0, workers >= 1 and chunk >= 1; got n={n}, workers={workers}, chunk={chunk}")
    bar = tqdm(total=n, desc=f"{game.name}: {n} games", unit="game", disable=not progress)
    if client is None and workers == 1:
        out = []
        for i in range(n):
            out.append(play_one(game, f"{seed}:{i}", i, agent, max_actions))
            bar.update(1)
        bar.close()
        return out
    parts = [range(i, min(i + chunk, n)) for i in range(0, n, chunk)]
    args = (game.name, dict(game.options), seed)
    results: list[GameResult] = []
    if client is not None:
        from distributed import as_completed as dask_completed

        futures = [client.submit(_play_chunk, *args, part, agent, max_actions, pure=False) for part in parts]
        for fut in dask_completed(futures):
            done = fut.result()
            results.extend(done)
            bar.update(len(done))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            jobs = [pool.submit(_play_chunk, *args, part, agent, max_actions) for part in parts]
            for job in as_completed(jobs):
                done = job.result()
                results.extend(done)
                bar.update(len(done))
    bar.close()
    return sorted(results, key=lambda r: r.index)
