"""Play many seeded games: reproducible per game, with a progress bar, on one core, on local
processes, or on a Dask cluster; results as a pandas DataFrame (or a parquet file).

Game ``i`` of a run always uses the seed ``f"{seed}:{i}"``, so results do not depend on how the
work is split: the same call with ``workers=2`` or with a ``dask.distributed.Client`` (or the
address of an existing cluster) returns exactly the games of the single-process run. Work is
sent in chunks of games (one task per game costs more than the game itself).

One row per game (:data:`COLUMNS`): winners, returns, each seat's win share, length in actions,
decisions and turns, the end's reason and clause, whether a safety stop cut it off, the mean
branching factor, lead changes (games with a running score), the options, rules profile, sides
(``Game.sides()`` as JSON) and agents; optionally the whole action log for replay.

A run stops when told: SIGINT (Ctrl-C), SIGTERM (``kill``, ``timeout``, a scheduler) or the
first error of any chunk cancels the work not yet done (local processes are terminated, Dask
futures cancelled) within seconds, removes the temporary ``.part`` file, leaves an earlier
``out`` file as it was, and raises (:class:`RunStopped` for a signal, the chunk's own error
otherwise).
"""

from __future__ import annotations

import json
import os
import random
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from tqdm.auto import tqdm

from boardkit.core.checks import check_output_file
from boardkit.core.game import Game, State, sample_chance
from boardkit.core.validate import shorten
from boardkit.sim.stopping import RunStopped, _StopOnSignals, _stop_pool, _worker_init

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd


#: The most local worker processes a run may ask for (``workers``); past it, a Dask cluster.
MAX_WORKERS = 256
#: The most games one run may ask for (``n``): a hundred times the 10^4-game load, about two
#: days of one core for the slowest game; more is several runs (seeds differ by ``seed``).
MAX_GAMES = 10**6


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
            where it has a ``round`` attribute (Marabunta), else seat turns.
        terminal: False when the game was stopped by ``max_actions`` (a timeout).
        decisions: actions chosen by seats (chance excluded).
        seat_turns: runs of decisions by one seat (the game-agnostic turn).
        branching: mean number of legal actions at a decision.
        lead_changes: times the leader by running score changed at a turn's end (games
            with a registered score), else None.
        cut_off: the game was ended by its ``max_turns`` option (a cut-off for study, not a
            rule): a timeout, like a game stopped by ``max_actions``.
        reason, clause: the end (``state.outcome()``), "" for a game stopped by ``max_actions``.
        log: the full action history as text, when asked for (as a saved state writes it:
            ``"@SEAT action"`` for an action given at a turn where several seats act at once).
    """

    index: int
    seed: str
    returns: tuple[Any, ...]
    winners: tuple[int, ...]
    actions: int
    turns: int
    terminal: bool
    decisions: int = 0
    seat_turns: int = 0
    branching: float = 0.0
    lead_changes: int | None = None
    cut_off: bool = False
    reason: str = ""
    clause: str = ""
    log: tuple[str, ...] | None = field(default=None, compare=False)


def random_agent(state: State, rng: random.Random) -> Any:
    """Pick a legal action of the one seat to act uniformly at random.

    Raises:
        ValueError: no one seat acts (:func:`boardkit.agents.base.the_mover` says why).
    """
    actions = state.legal_actions() if isinstance(state, State) else []
    if not actions:
        from boardkit.agents.base import the_mover
        the_mover(state, rng)
    return actions[rng.randrange(len(actions))]


def _resolve_agents(agents: Any, num_players: int) -> list[Any]:
    """One agent per seat from a name, an agent, a function, or a sequence of them."""
    from boardkit.agents import AGENT_NAMES, Agent, make_agent

    if isinstance(agents, (list, tuple)):
        if len(agents) != num_players:
            raise ValueError(f"agents: {len(agents)} given for {num_players} seats; give one, or one per seat")
        items = list(agents)
    else:
        items = [agents] * num_players
    out = [make_agent(a) if isinstance(a, str) else a for a in items]
    for a in out:
        if not (isinstance(a, Agent) or callable(a)):
            raise ValueError(f"agents: {str(a)[:60]!r} is not an agent: give a name ({', '.join(AGENT_NAMES)}), a "
                             f"boardkit.agents.Agent, or a function f(state, rng) -> action")
    return out


def agent_names(agents: Sequence[Any]) -> str:
    """The agents of a run as one text, seat by seat (``"mcts200,random"``)."""
    return ",".join(getattr(a, "name", getattr(a, "__name__", type(a).__name__)) for a in agents)


def play_one(game: Game, seed: str, index: int = 0, agent: Any = "random", max_actions: int = 100_000,
             log: bool = False) -> GameResult:
    """Play one game from the initial state; chance by its exact probabilities.

    Args:
        game: the Game.
        seed: the game's seed (any string).
        index: the game's number in its run, recorded in the result.
        agent: an agent name (``"mcts"``), an :class:`~boardkit.agents.Agent`, a function
            ``f(state, rng) -> action``, or a sequence of them, one per seat.
        max_actions: safety stop (atomic actions); a game cut off is a timeout.
        log: keep the action history as text.

    Returns:
        GameResult.

    Raises:
        boardkit.agents.AgentError: an agent chose an illegal action (names the clause, the
            game's index and seed), applied actions to the state it was handed, or raised (or
            could not be called): chained from its exception (:func:`~boardkit.agents.checked_action`).
    """
    from boardkit.agents import AgentError, checked_action
    from boardkit.agents.heuristics import score_for

    seats = _resolve_agents(agent, game.num_players)
    score = score_for(game.name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = decisions = seat_turns = legal_total = 0
    lead_changes = 0 if score is not None else None
    last_mover, leader = None, None
    while not state.is_terminal() and n < max_actions:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            n += 1
        else:
            movers = state.current_players()
            for p in movers:
                if p != last_mover:
                    seat_turns += 1
                    if score is not None and last_mover is not None:
                        lead = _leader(score(state))
                        if lead is not None and leader is not None and lead != leader:
                            lead_changes = (lead_changes or 0) + 1
                        leader = lead if lead is not None else leader
                    last_mover = p
                legal_total += len(state.legal_actions(p))
                try:
                    action = checked_action(seats[p], state, p, rng)
                except AgentError as exc:  # chained from the agent's own exception, if it raised one
                    raise exc.at_game(index, seed) from exc.__cause__
                state.apply_action(action, player=p if len(movers) > 1 else None)
                decisions += 1
                n += 1  # each seat's order at a simultaneous turn is one action
                if state.is_terminal() or state.is_chance_node() or n >= max_actions:
                    break
    outcome = state.outcome()
    cut = outcome is not None and _cut_off_clause(game) == outcome.clause
    return GameResult(
        index, seed, tuple(_plain(r) for r in state.returns()), tuple(state.winners()), n,
        int(getattr(state, "turn", getattr(state, "round", seat_turns))), state.is_terminal(),
        decisions, seat_turns, legal_total / decisions if decisions else 0.0, lead_changes, cut,
        outcome.reason if outcome else "", outcome.clause if outcome else "",
        tuple(state.saved_history()) if log else None,
    )


def _cut_off_clause(game: Game) -> str:
    """The clause of the game's ``max_turns`` option (its cut-off, not a rule), or ""."""
    return next((o.clause for o in game.option_specs if o.name == "max_turns"), "")


def _leader(scores: Sequence[float]) -> int | None:
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    return top[0] if len(top) == 1 else None


def _plain(x: Any) -> Any:
    """A Fraction as an int or float (for tables); other numbers as they are."""
    from fractions import Fraction

    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x


def _play_chunk(name: str, rules: str, options: dict[str, Any], seed: int | str, indices: range, agent: Any,
                max_actions: int, log: bool) -> list[GameResult]:
    """Worker task: games ``indices`` of a run (the game is rebuilt from its name and options)."""
    import boardkit

    game = boardkit.load_game(name, rules=rules, **options)
    return [play_one(game, f"{seed}:{i}", i, agent, max_actions, log) for i in indices]


#: The columns of :func:`play_many`'s table, in order (``win_<seat>`` columns follow ``winners``).
COLUMNS = ("game", "index", "seed", "rules", "options", "sides", "agents", "winners", "returns", "actions", "decisions",
           "turns", "seat_turns", "branching", "lead_changes", "terminal", "timeout", "reason", "clause")


def _rows(game: Game, results: Sequence[GameResult], agents: str) -> Iterator[dict[str, Any]]:
    options, sides = json.dumps(dict(game.options), sort_keys=True, default=str), json.dumps(game.sides())
    for r in results:
        row: dict[str, Any] = {
            "game": game.name, "index": r.index, "seed": r.seed, "rules": game.rules, "options": options, "sides": sides,
            "agents": agents, "winners": tuple(r.winners), "returns": tuple(float(x) for x in r.returns),
            "actions": r.actions, "decisions": r.decisions, "turns": r.turns, "seat_turns": r.seat_turns,
            "branching": r.branching, "lead_changes": r.lead_changes, "terminal": r.terminal,
            "timeout": not r.terminal or r.cut_off, "reason": r.reason, "clause": r.clause,
        }
        for p in range(game.num_players):
            row[f"win_{p}"] = (1.0 / len(r.winners)) if p in r.winners else 0.0
        if r.log is not None:
            row["log"] = tuple(r.log)
        yield row


def connect(address: str, timeout: float = 10.0) -> Any:
    """A ``dask.distributed.Client`` for the scheduler at ``address`` (``"tcp://host:port"``),
    or an error within about ``timeout`` seconds: the connection is made in a background
    thread, so a server that accepts the connection but never answers as Dask cannot hang
    the caller.

    Args:
        address: the scheduler's address.
        timeout: seconds Dask is given to connect; the call returns or raises within about
            ``timeout + 5`` seconds.

    Returns:
        The connected client (close it when done).

    Raises:
        OSError: nobody answers ("cannot reach it"), the address answers but not as a Dask
            scheduler ("is not a Dask scheduler", with what it says first, if anything), or
            the answer does not come in time.
        ValueError: ``address`` is not one (no port...): nothing was asked; the message
            quotes Dask's reason.
    """
    import threading

    from distributed import Client

    got: dict[str, Any] = {}

    def attempt() -> None:
        try:
            got["client"] = Client(address, timeout=f"{timeout}s")
        except BaseException as exc:  # noqa: BLE001 - reported to the caller below
            got["error"] = exc

    thread = threading.Thread(target=attempt, name="boardkit-dask-connect", daemon=True)
    thread.start()
    thread.join(timeout + 5)
    if "client" in got:
        return got["client"]
    error = got.get("error")
    if isinstance(error, OSError):  # refused, reset, timed out: nobody there to talk to
        raise OSError(f"scheduler {address[:200]!r}: cannot reach it: {str(error)[:200] or type(error).__name__}")
    if isinstance(error, ValueError) and not _host_port(address):  # Dask could not read the address: nothing was asked
        raise ValueError(f"scheduler {address[:200]!r}: not an address of a Dask scheduler (tcp://host:port): "
                         f"{str(error)[:200]}")
    if error is not None:  # the reply could not be read as Dask's messages (an SSH banner read as a length...)
        said = _first_words(address)
        raise OSError(f"scheduler {address[:200]!r}: the address answered, but it is not a Dask scheduler (its reply "
                      f"is not Dask's protocol" + (f"; it says first: {said!r}" if said else "") +
                      "): check the host and port of the scheduler")
    raise OSError(f"scheduler {address[:200]!r}: no answer as a Dask scheduler within {timeout:g} s")


def _host_port(address: str) -> bool:
    """True when Dask reads ``address`` as a host and a port (``tcp://host:8786``, ``host:8786``)."""
    from distributed.comm.addressing import get_address_host_port

    try:
        get_address_host_port(address)
    except (ValueError, TypeError):
        return False
    return True


def _first_words(address: str, timeout: float = 1.0) -> str:
    """The first line a server at ``tcp://host:port`` sends without being asked (an SSH
    banner...), at most 60 characters; '' when it says nothing first or cannot be reached."""
    import socket
    from urllib.parse import urlsplit

    try:
        where = urlsplit(address)
        if where.scheme != "tcp" or where.hostname is None or where.port is None:
            return ""
        with socket.create_connection((where.hostname, where.port), timeout=timeout) as sock:
            data = sock.recv(200)
    except (OSError, ValueError):
        return ""
    return data.decode("ascii", "replace").splitlines()[0][:60] if data.strip() else ""


def _client(client: Any) -> Any:
    """A ``dask.distributed.Client`` from a client or a scheduler address (``"tcp://..."``)."""
    if client is None or not isinstance(client, str):
        return client
    return connect(client)


def play_many(game: Game, n: int, seed: int | str = 0, agent: Any = "random", progress: bool = True,
              max_actions: int = 100_000, workers: int = 1, client: Any = None, chunk: int = 100,
              agents: Any = None, out: str | Path | None = None, log: bool = False) -> "pd.DataFrame":
    """Play ``n`` seeded games with a tqdm progress bar; one row per game.

    Args:
        game: the Game (its options and rules profile apply to every game), or a game id.
        n: number of games.
        seed: run seed; game ``i`` uses seed ``f"{seed}:{i}"``.
        agent: the agent(s): a name (``"random"``, ``"greedy"``, ``"mcts"``, ``"mcts500"``,
            ``"solver2"``), an Agent, a function ``f(state, rng)``, or one per seat; with
            ``workers`` or ``client`` they must be picklable (names and boardkit agents are).
        agents: the same as ``agent`` (either may be given).
        progress: show the progress bar (games done).
        max_actions: safety stop per game (atomic actions); a game cut off is a timeout.
        workers: local processes (1: play in this process).
        client: a ``dask.distributed.Client`` or a scheduler address: play on that cluster
            instead (``workers`` is then ignored).
        chunk: games per task when the work is split.
        out: a parquet file (``.parquet``, in an existing folder): rows are written chunk by
            chunk as games finish, so memory stays flat however many games; the table is then
            read back from it. The file is replaced only when the run has finished: a run that
            fails leaves an existing file as it was.
        log: keep each game's action log (column ``log``) for replay.

    Returns:
        pandas DataFrame, one row per game in index order (:data:`COLUMNS` and ``win_<seat>``
        shares; ``winners`` and ``returns`` as tuples), the same however the work was split.
        ``df.itertuples()`` gives rows with attributes (``r.winners == (0,)``).

    Raises:
        ValueError: ``n`` (0 .. :data:`MAX_GAMES`), ``workers`` (1 .. :data:`MAX_WORKERS`),
            ``chunk`` or ``max_actions`` (>= 1) not a whole number in range; a ``seed`` that is neither a whole number nor a text; a ``client``
            that is neither a Client nor an address; both ``agent`` and ``agents``; agents that
            do not fit, or that cannot be pickled with ``workers`` > 1 (a lambda, a local
            function: the message names the seat); an ``out`` that is not a writable .parquet file in an existing folder.
        OSError: a scheduler address that cannot be reached (or does not answer as Dask).
        boardkit.agents.AgentError: an agent chose an illegal action, applied actions to the
            state it was handed, or raised (chained from its exception, also from workers); the
            first chunk's error stops the run: the chunks not yet played are cancelled.
        RunStopped: SIGINT or SIGTERM came during the run (the rest was cancelled, no output
            written).
    """
    import pandas as pd

    game = _checked_game(game, n, seed, max_actions, workers, chunk, client, agent, agents)
    seats = _resolve_agents(agents if agents is not None else agent, game.num_players)
    if client is None and workers > 1:
        _check_picklable(seats)
    writer = _ParquetSink(out) if out is not None else None
    kept = _play_rows(game, n, seed, seats, max_actions, log, workers, client, chunk, progress, writer)
    if writer is not None:
        df = pd.read_parquet(out)
        df["winners"] = df["winners"].map(lambda w: tuple(int(x) for x in w))
        df["returns"] = df["returns"].map(lambda w: tuple(float(x) for x in w))
        df = df[[c for c in _columns(game, log) if c in df.columns]]
    else:
        df = pd.DataFrame(kept, columns=_columns(game, log))
    df["lead_changes"] = df["lead_changes"].astype("Int64")  # None where the game has no running score
    return df.sort_values("index", kind="stable").reset_index(drop=True)


def _checked_game(game: Any, n: Any, seed: Any, max_actions: Any, workers: Any, chunk: Any, client: Any, agent: Any,
                  agents: Any) -> Game:
    """:func:`play_many`'s Game (a game id is loaded), once its arguments are checked (ValueError as it lists)."""
    if isinstance(game, str):
        import boardkit

        game = boardkit.load_game(game)
    if not isinstance(game, Game):
        raise ValueError(f"play_many: game is a Game or a game id, not {str(game)[:60]!r}")
    from boardkit.agents.base import check_whole
    for label, value, least in (("max_actions", max_actions, 1), ("n", n, 0), ("workers", workers, 1), ("chunk", chunk, 1)):
        check_whole(label, value, least)
    if n > MAX_GAMES:
        raise ValueError(f"play_many: n={shorten(n)}: at most {MAX_GAMES} games a run (sim.MAX_GAMES); play more as "
                         f"several runs with different seeds")
    if workers > MAX_WORKERS:
        raise ValueError(f"play_many: workers={workers}: at most {MAX_WORKERS} local processes (this machine has "
                         f"{os.cpu_count()} cores); for more, use a Dask cluster (client=)")
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ValueError(f"seed must be a whole number or a text, not {str(seed)[:60]!r}")
    if client is not None and not (isinstance(client, str) and client.strip()) and not hasattr(client, "submit"):
        raise ValueError(f"client must be a dask.distributed.Client or a scheduler address, not {str(client)[:60]!r}")
    if agents is not None and not (isinstance(agent, str) and agent == "random"):
        raise ValueError("give the agents once: agent= or agents=, not both")
    return game


def _check_picklable(seats: list[Any]) -> None:
    """Refuse, before any game, an agent the local worker processes cannot receive (pickle)."""
    import pickle

    for p, a in enumerate(seats):
        try:
            pickle.dumps(a)
        except (pickle.PicklingError, AttributeError, TypeError) as exc:
            raise ValueError(f"play_many: agents: seat {p}'s agent {agent_names([a])!r} cannot be sent to worker "
                             f"processes ({type(exc).__name__}: {str(exc)[:80]}): with workers > 1 give a module-level "
                             f"function, an agent object or an agent name (or workers=1)") from None


def _play_rows(game: Game, n: int, seed: int | str, seats: list[Any], max_actions: int, log: bool, workers: int,
               client: Any, chunk: int, progress: bool, writer: "_ParquetSink | None") -> list[dict[str, Any]]:
    """:func:`play_many`'s run under its progress bar and signal guard: rows to ``writer`` (then closed) or returned."""
    names = agent_names(seats)
    kept: list[dict[str, Any]] = []

    def take(done: Sequence[GameResult]) -> None:
        rows = list(_rows(game, done, names))
        if writer is not None:
            writer.write(rows)
        else:
            kept.extend(rows)
        bar.update(len(done))

    bar = tqdm(total=n, desc=f"{game.name}: {n} games ({names})", unit="game", disable=not progress)
    ok = False
    try:
        with _StopOnSignals():
            _run(game, n, seed, seats, max_actions, log, workers, client, chunk, take)
        ok = True
    finally:
        bar.close()
        if writer is not None:
            writer.close(ok)
    return kept


def _run(game: Game, n: int, seed: int | str, seats: list[Any], max_actions: int, log: bool, workers: int,
         client: Any, chunk: int, take: Callable[[Sequence[GameResult]], None]) -> None:
    """Play the games chunk by chunk, here, on local processes or on Dask, handing each
    finished chunk to ``take``; on any exception (a chunk's error, RunStopped) the work not
    yet done is cancelled before it propagates."""
    if client is None and workers == 1:
        for start in range(0, n, chunk):
            take([play_one(game, f"{seed}:{i}", i, seats, max_actions, log) for i in range(start, min(start + chunk, n))])
        return
    from boardkit.agents.base import result_of

    parts = [range(i, min(i + chunk, n)) for i in range(0, n, chunk)]
    args = (game.name, game.rules, dict(game.options), seed)
    dask = _client(client)
    if dask is not None:
        from distributed import as_completed as dask_completed

        futures: list[Any] = []
        done = False
        try:
            futures = [dask.submit(_play_chunk, *args, part, seats, max_actions, log, pure=False) for part in parts]
            for fut in dask_completed(futures):
                take(result_of(fut))
                fut.release()
            done = True
        finally:
            if not done and futures:
                dask.cancel(futures)  # the cluster stops the chunks of this run at once
            if dask is not client:  # made here from an address: closed here
                dask.close()
        return
    pool = ProcessPoolExecutor(max_workers=max(1, min(workers, len(parts))), initializer=_worker_init)  # no idle process
    finished = False
    try:
        jobs = [pool.submit(_play_chunk, *args, part, seats, max_actions, log) for part in parts]
        for job in as_completed(jobs):
            take(result_of(job))  # the first chunk's error propagates at once
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop_pool(pool)


def _columns(game: Game, log: bool) -> list[str]:
    cols = list(COLUMNS)
    at = cols.index("winners") + 1
    cols[at:at] = [f"win_{p}" for p in range(game.num_players)]
    return cols + (["log"] if log else [])


class _ParquetSink:
    """Rows appended to one parquet file, one row group per chunk (pyarrow). They go to a
    temporary file next to it, which replaces the file only when the run has finished: a run
    that fails leaves an existing file as it was."""

    def __init__(self, path: str | Path) -> None:
        if not isinstance(path, (str, os.PathLike)) or not str(path):
            raise ValueError(f"out: a .parquet file name, not {str(path)[:200]!r}")
        self.path = Path(path)
        if self.path.suffix.lower() != ".parquet":
            raise ValueError(f"out: {str(path)[:200]!r} is not a .parquet file name")
        check_output_file(self.path, "out")  # an existing folder; not a folder itself
        self.part = self.path.with_name(f".{self.path.name}.{os.getpid()}.part")
        try:
            self.part.touch()
        except OSError as exc:
            raise ValueError(f"out: cannot write in {str(self.path.parent)[:200]!r}: {exc.strerror}") from None
        self.writer: Any = None
        self.schema: Any = None

    def write(self, rows: list[dict[str, Any]]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not rows:
            return
        rows = [{k: list(v) if isinstance(v, tuple) else v for k, v in row.items()} for row in rows]
        if self.schema is None:
            table = pa.Table.from_pylist(rows)
            fields = [f if f.name != "lead_changes" else pa.field("lead_changes", pa.int64()) for f in table.schema]
            self.schema = pa.schema(fields)
            self.writer = pq.ParquetWriter(self.part, self.schema)
        self.writer.write_table(pa.Table.from_pylist(rows, schema=self.schema))

    def close(self, ok: bool) -> None:
        """Finish: with ``ok`` the file is replaced by the rows written; otherwise the
        temporary file is removed and the file left as it was."""
        try:
            if self.writer is not None:
                self.writer.close()
            elif ok:
                import pyarrow as pa
                import pyarrow.parquet as pq

                pq.write_table(pa.table({c: [] for c in COLUMNS}), self.part)
            if ok:
                os.replace(self.part, self.path)
        finally:
            if self.part.exists():
                self.part.unlink()


def replay(game: Game, log: Sequence[str]) -> State:
    """The state at the end of a logged game (``play_many(..., log=True)``, column ``log``),
    every action checked again as it is applied.

    Args:
        game: the game with the run's options and profile (``load_game(row.game, rules=row.rules,
            **json.loads(row.options))``).
        log: the action texts in order (``"@SEAT action"`` where several seats act at once).

    Raises:
        IllegalActionError, NotationError: an entry is not legal there (the log is not of this
            game and options); the message names the entry's index.
    """
    from boardkit.core.saved import split_actor
    from boardkit.core.rules import IllegalActionError, NotationError

    state = game.new_initial_state()
    for i, text in enumerate(log):
        try:
            seat, notation = split_actor(text)  # "@SEAT action": one of several seats acting at once
            state.apply_action(notation, player=seat)
        except (IllegalActionError, NotationError) as exc:
            if isinstance(exc, NotationError):
                raise NotationError(f"log entry {i}: {exc}") from None
            raise IllegalActionError(exc.clause, f"log entry {i} ({str(text)[:60]!r}): {exc.reason}") from None
    return state


def result_dicts(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    """GameResults as plain dicts (for JSON)."""
    return [asdict(r) for r in results]


__all__ = ["GameResult", "RunStopped",
           "COLUMNS", "random_agent", "play_one", "play_many", "connect", "agent_names", "replay", "result_dicts"]
