"""Random-playout throughput per registered game on one core, with python-chess as reference.

For each game: seeded random games (chance by exact probability, players uniformly random)
played two ways:

- ``checked``: the public API, ``legal_actions()`` + ``apply_action()`` (legality re-checked);
- ``unchecked``: ``legal_actions()`` + ``apply_unchecked()`` used by search and perft.

Figures are atomic actions per second (chance outcomes included) and games per second. A
``max_turns`` option, if the game has one, is set (``--max-turns``) so games stop. The
reference plays ``chess.Board()`` random legal moves until the game is over (plies/s).

**Rounds and the ratio.** On a machine shared with other jobs the clock's speed moves by tens
of percent within minutes, so a game timed now and python-chess timed a minute later do not
compare. The run is made of ``--rounds`` rounds (default 3). Each round times every requested
game and mode once, and brackets each of those timings between two python-chess runs::

    chess, game1 checked, chess, game1 unchecked, chess, game2 checked, chess, ... chess

(one python-chess run more than there are timings: ``2 x games + 1`` per round). A timing's *chess figure* is the mean of the plies/s of the two python-chess runs
just before and just after it: the reference measured under the same load, a drift of the
load during the timing counting from both sides. Its *per-round ratio* is its actions/s
divided by that chess figure. The ratio reported is the median of the per-round ratios (not
the ratio of medians: each ratio compares figures measured next to each other), and its
range is the lowest and highest per-round ratio. This is the comparison chosen over timing
python-chess once per round, or once per game: it costs more python-chess time (each run
plays the same ``--chess-games`` seeded games), and only leaves out what moves faster than
one timing.

Every round plays the same seeds (game ``i`` of a game and mode uses ``--seed + i``; every
python-chess run plays the same games), so the rounds do the same work unless ``--seconds``
stops a timing early. The first round is a cold process: it also builds the tables a process
keeps (gridhunt's move tables), which the later rounds find; ``--warmup`` plays untimed games
before every timing.

The last line says whether every game's checked ratio (median) is at least 1.0, naming the
games below.

JSON (``--json``): ``results`` has one entry per game and mode with ``game``, ``mode``,
``options``, ``games``, ``actions``, ``actions_per_game`` (of the first round; the same in every
round without ``--seconds``), ``seconds`` (all rounds), ``actions_per_s`` and ``games_per_s``
(medians over the rounds), ``ratio_to_chess`` (median of the per-round ratios),
``ratio_range`` (``[lowest, highest]``) and ``rounds`` (one dict per round: ``games``,
``actions``, ``seconds``, ``actions_per_s``, ``games_per_s``, ``chess_plies_per_s`` (the
chess figure next to it), ``ratio_to_chess``). ``reference`` (``null`` without python-chess)
has ``game``, ``version``, ``games``, ``plies`` (per run), ``seconds`` (all runs),
``plies_per_s`` and ``games_per_s`` (medians over all runs) and ``rounds`` (per round, the
``plies_per_s`` of each run in order). ``verdict`` has ``checked_at_least_chess`` (bool, or
``null`` without a reference) and ``below`` (game -> checked ratio, the games under 1.0).
Before rounds existed, ``results`` had one timing's figures at the top level and the reference
one run; ``ratio_to_chess`` then divided by that one run.

Usage::

    python benchmarks/playouts.py                       # every registered game, 50 games each, 3 rounds
    python benchmarks/playouts.py --games 30 --cpu      # steadier on a shared machine
    python benchmarks/playouts.py leaders --games 200 --rounds 5 --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from typing import Any, Callable

import boardkit
from boardkit import sample_chance

Clock = Callable[[], float]


def play(game: boardkit.Game, seed: int, checked: bool, max_actions: int) -> int:
    """Play one seeded random game; return the number of atomic actions applied."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal() and n < max_actions:
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        if checked:
            state.apply_action(action)
        elif hasattr(state, "apply_unchecked"):
            state.apply_unchecked(action)
        else:  # a version before the unchecked path had its public name (for before/after figures)
            state._apply(action)
        n += 1
    return n


def _elapsed(clock: Clock, start: float) -> float:
    """Seconds since ``start`` by ``clock``, at least 1 µs (a coarse clock can read 0)."""
    return max(clock() - start, 1e-6)


def load(name: str, max_turns: int) -> tuple[boardkit.Game, dict[str, int]]:
    """The game ``name`` with ``max_turns`` set if it has that option; returns (game, options)."""
    specs = {o.name for o in boardkit.game_class(name).option_specs}
    options = {"max_turns": max_turns} if "max_turns" in specs else {}
    return boardkit.load_game(name, **options), options


def bench_game(name: str, games: int, seconds: float | None, max_turns: int, seed: int, checked: bool, max_actions: int,
               warmup: int = 0, clock: Clock = time.perf_counter) -> dict[str, Any]:
    """Time one game in one mode once; stops after ``games`` games or ``seconds``. The
    ``warmup`` games before them (seeds below ``seed``) are not timed.

    Returns a dict: ``game``, ``mode`` (``"checked"``/``"unchecked"``), ``options``, ``games``,
    ``actions``, ``seconds``, ``actions_per_s``, ``games_per_s``, ``actions_per_game``.
    """
    game, options = load(name, max_turns)
    for i in range(warmup):
        play(game, seed - 1 - i, checked, max_actions)
    actions = played = 0
    start = clock()
    while played < games:
        actions += play(game, seed + played, checked, max_actions)
        played += 1
        if seconds is not None and clock() - start >= seconds:
            break
    elapsed = _elapsed(clock, start)
    return {
        "game": name,
        "mode": "checked" if checked else "unchecked",
        "options": options,
        "games": played,
        "actions": actions,
        "seconds": round(elapsed, 4),
        "actions_per_s": round(actions / elapsed, 1),
        "games_per_s": round(played / elapsed, 3),
        "actions_per_game": round(actions / played, 1),
    }


def bench_chess(games: int, seconds: float | None, seed: int, clock: Clock = time.perf_counter) -> dict[str, Any] | None:
    """One python-chess run: ``games`` games of random legal moves from the initial position to
    game over (seeded by ``seed``: every run plays the same games).

    Returns ``None`` if python-chess is not installed, else a dict: ``game``, ``version``,
    ``games``, ``plies``, ``seconds``, ``plies_per_s``, ``games_per_s``.
    """
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    plies = played = 0
    start = clock()
    while played < games:
        board = chess.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            plies += 1
        played += 1
        if seconds is not None and clock() - start >= seconds:
            break
    elapsed = _elapsed(clock, start)
    return {
        "game": "python-chess",
        "version": chess.__version__,
        "games": played,
        "plies": plies,
        "seconds": round(elapsed, 4),
        "plies_per_s": round(plies / elapsed, 1),
        "games_per_s": round(played / elapsed, 3),
    }


def run_round(names: list[str], args: argparse.Namespace, clock: Clock) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """One round: every game of ``names`` in both modes, each timing between two python-chess
    runs (none if ``args.chess_games`` is 0 or python-chess is missing).

    Returns (timings, chess runs): timings as :func:`bench_game` gives them, in the order
    ``names`` x (checked, unchecked), each with ``chess_plies_per_s`` (mean of the two runs
    around it) and ``ratio_to_chess`` (3 decimals) when there is a reference; chess runs as
    :func:`bench_chess` gives them, in order (one more than the timings).
    """
    def chess_run() -> dict[str, Any] | None:
        return bench_chess(args.chess_games, args.seconds, args.seed, clock) if args.chess_games > 0 else None

    timings: list[dict[str, Any]] = []
    runs = [chess_run()]
    for name in names:
        for checked in (True, False):
            timings.append(bench_game(name, args.games, args.seconds, args.max_turns, args.seed, checked,
                                      args.max_actions, args.warmup, clock))
            runs.append(chess_run())
    if runs[0] is None:
        return timings, []
    for i, t in enumerate(timings):
        t["chess_plies_per_s"] = round((runs[i]["plies_per_s"] + runs[i + 1]["plies_per_s"]) / 2, 1)
        t["ratio_to_chess"] = round(t["actions_per_s"] / t["chess_plies_per_s"], 3)
    return timings, [r for r in runs if r is not None]


ROUND_KEYS = ("games", "actions", "seconds", "actions_per_s", "games_per_s", "chess_plies_per_s", "ratio_to_chess")


def summarize_game(timings: list[dict[str, Any]]) -> dict[str, Any]:
    """One game and mode over the rounds, from its timing of each round (in round order).

    Returns the JSON entry described in the module docstring: the first round's ``game``,
    ``mode``, ``options``, ``games``, ``actions``, ``actions_per_game``; total ``seconds``;
    medians of ``actions_per_s`` and ``games_per_s``; ``ratio_to_chess`` (median of the
    per-round ratios) and ``ratio_range`` when there is a reference; ``rounds``.
    """
    first = timings[0]
    out = {k: first[k] for k in ("game", "mode", "options", "games", "actions", "actions_per_game")}
    out["seconds"] = round(sum(t["seconds"] for t in timings), 4)
    out["actions_per_s"] = round(statistics.median(t["actions_per_s"] for t in timings), 1)
    out["games_per_s"] = round(statistics.median(t["games_per_s"] for t in timings), 3)
    if "ratio_to_chess" in first:
        ratios = [t["ratio_to_chess"] for t in timings]
        out["ratio_to_chess"] = round(statistics.median(ratios), 4)
        out["ratio_range"] = [min(ratios), max(ratios)]
    out["rounds"] = [{k: t[k] for k in ROUND_KEYS if k in t} for t in timings]
    return out


def summarize_chess(rounds: list[list[dict[str, Any]]]) -> dict[str, Any] | None:
    """The reference over the rounds, from each round's python-chess runs (``None`` if none).

    Returns ``game``, ``version``, ``games``, ``plies`` (of one run), ``seconds`` (all runs),
    medians over all runs of ``plies_per_s`` and ``games_per_s``, and ``rounds`` (per round,
    the list of each run's plies/s).
    """
    runs = [r for one in rounds for r in one]
    if not runs:
        return None
    first = runs[0]
    return {
        "game": first["game"],
        "version": first["version"],
        "games": first["games"],
        "plies": first["plies"],
        "seconds": round(sum(r["seconds"] for r in runs), 4),
        "plies_per_s": round(statistics.median(r["plies_per_s"] for r in runs), 1),
        "games_per_s": round(statistics.median(r["games_per_s"] for r in runs), 3),
        "rounds": [[r["plies_per_s"] for r in one] for one in rounds],
    }


def verdict(results: list[dict[str, Any]], chess_ref: dict[str, Any] | None) -> tuple[dict[str, Any], str]:
    """Whether every game's checked ratio (median) is at least 1.0.

    Returns (``{"checked_at_least_chess": bool | None, "below": {game: ratio}}``, the line to
    print); ``None`` and no ratio without a reference.
    """
    if chess_ref is None:
        return {"checked_at_least_chess": None, "below": {}}, "no python-chess reference: no ratio, no verdict"
    checked = [r for r in results if r["mode"] == "checked"]
    below = {r["game"]: r["ratio_to_chess"] for r in checked if r["ratio_to_chess"] < 1.0}
    if not below:
        line = f"checked >= 1.0x python-chess in every game ({len(checked)}): yes"
    else:
        names = ", ".join(f"{g} {v:.3f}" for g, v in below.items())
        line = f"checked >= 1.0x python-chess in every game ({len(checked)}): NO, below 1.0: {names}"
    return {"checked_at_least_chess": not below, "below": below}, line


def _rates(values: list[float]) -> str:
    """Figures of the rounds as ``12345, 12001, 11876``."""
    return ", ".join(f"{v:.0f}" for v in values)


def print_table(results: list[dict[str, Any]], chess_ref: dict[str, Any] | None, rounds: int) -> None:
    """Print one line per game and mode (and the reference): games and actions of one round,
    actions/s of each round, their median (with several rounds), the ratio and its range."""
    many = rounds > 1
    width = max(12, 7 * rounds)
    head = f"{'game':<14}{'mode':<11}{'games':>6}{'actions':>9}{'act/game':>9}  {'actions/s' + (' (rounds)' if many else ''):<{width}}"
    print(head + (f"{'median':>8}" if many else "") + f"{'ratio':>7}" + ("  range" if many else ""))
    for r in results:
        line = (f"{r['game']:<14}{r['mode']:<11}{r['games']:>6}{r['actions']:>9}{r['actions_per_game']:>9.1f}  "
                f"{_rates([t['actions_per_s'] for t in r['rounds']]):<{width}}")
        line += f"{r['actions_per_s']:>8.0f}" if many else ""
        if "ratio_to_chess" in r:
            line += f"{r['ratio_to_chess']:>7.2f}"
            line += f"  {r['ratio_range'][0]:.2f}-{r['ratio_range'][1]:.2f}" if many else ""
        print(line)
    if chess_ref is not None:
        per_round = [statistics.median(one) for one in chess_ref["rounds"]]
        runs = len(chess_ref["rounds"][0])
        print(f"{'python-chess':<14}{'reference':<11}{chess_ref['games']:>6}{chess_ref['plies']:>9}"
              f"{chess_ref['plies'] / chess_ref['games']:>9.1f}  {_rates(per_round):<{width}}"
              + (f"{chess_ref['plies_per_s']:>8.0f}" if many else "")
              + f"   (plies/s; median of {runs} runs{' a round' if many else ''})")


def print_intro(names: list[str], args: argparse.Namespace) -> None:
    """Print what the run does: rounds, order, clock, and how the ratio is taken."""
    clock = "CPU time" if args.cpu else "wall clock"
    order = "python-chess, then each game's checked and unchecked playouts, each followed by python-chess"
    if args.chess_games == 0:
        order = "each game's checked and unchecked playouts (no python-chess reference)"
    rounds = f"{args.rounds} rounds" if args.rounds > 1 else "1 round"
    games = (f"{len(names)} games" if len(names) > 1 else "1 game") + f", {args.games} seeded playouts a game and mode,"
    same = ", same seeds every round" if args.rounds > 1 else ""
    print(f"{rounds} of {games} by the {clock}{same}: {order}")
    if args.chess_games > 0:
        print("ratio = actions/s / mean plies/s of the python-chess runs just before and after"
              + (f"; median of the {args.rounds} rounds' ratios, and their range" if args.rounds > 1 else ""))


def _int_at_least(low: int, high: int = 10**9) -> Callable[[str], int]:
    """An argparse type: an integer ``low .. high`` (else an error naming the option)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is below {low}")
        if value > high:
            raise argparse.ArgumentTypeError(f"{str(value)[:40]} is above {high:,}")
        return value
    return parse


def _json_path(text: str) -> str:
    """An argparse type: a file path whose folder exists, so the figures of a whole run are
    not lost at its end (else an error naming the option)."""
    folder = os.path.dirname(text) or "."
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"the folder {folder!r} does not exist")
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text!r} is a folder; give a file path")
    return text


def _positive_float(text: str) -> float:
    """An argparse type: a number ``> 0`` (else an error naming the option)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a positive number of seconds")
    return value


def parse_args(argv: list[str] | None) -> tuple[argparse.Namespace, list[str]]:
    """Parse the command line; returns (arguments, game names). Bad input exits with an
    argparse error naming the option (status 2)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME", help="game ids (default: every registered game)")
    parser.add_argument("--games", type=_int_at_least(1, 100_000), default=50,
                        help="seeded games per game, mode and round (default 50)")
    parser.add_argument("--rounds", type=_int_at_least(1, 100), default=3,
                        help="rounds, each timing every game and mode between python-chess runs (default 3; "
                             "the ratio is the median of the rounds' ratios)")
    parser.add_argument("--seconds", type=_positive_float, default=None,
                        help="time budget per timing (stops early)")
    parser.add_argument("--max-turns", type=_int_at_least(1), default=40, help="value of a max_turns option (default 40)")
    parser.add_argument("--max-actions", type=_int_at_least(1), default=100_000, help="cap per game without max_turns")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 (game i uses seed + i)")
    parser.add_argument("--warmup", type=_int_at_least(0, 100_000), default=0,
                        help="untimed games before every timing (seeds below --seed; default 0: the first "
                             "round also builds the tables a process keeps, such as gridhunt's move tables)")
    parser.add_argument("--cpu", action="store_true",
                        help="time by the process's CPU time rather than the wall clock (steadier on a shared machine)")
    parser.add_argument("--chess-games", type=_int_at_least(0, 100_000), default=20,
                        help="games of each python-chess run (0: no reference)")
    parser.add_argument("--json", metavar="PATH", type=_json_path,
                        help="also write the figures as JSON (its folder must exist)")
    args = parser.parse_args(argv)
    names = args.names or boardkit.list_games()
    unknown = sorted(set(names) - set(boardkit.list_games()))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; registered: {', '.join(boardkit.list_games())}")
    return args, names


def write_json(path: str, args: argparse.Namespace, results: list[dict[str, Any]], chess_ref: dict[str, Any] | None,
               judged: dict[str, Any]) -> None:
    """Write the figures (with Python version, machine and arguments) to ``path`` as JSON."""
    doc = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "boardkit": boardkit.__version__,
        "args": {k: v for k, v in vars(args).items() if k != "json"},
        "results": results,
        "reference": chess_ref,
        "verdict": judged,
    }
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (command line as ``argv``); print the table and the verdict line;
    returns 0 (the verdict does not change the status)."""
    args, names = parse_args(argv)
    clock = time.process_time if args.cpu else time.perf_counter
    print_intro(names, args)
    timings: list[list[dict[str, Any]]] = []  # [round][game x mode]
    chess_runs: list[list[dict[str, Any]]] = []
    for _ in range(args.rounds):
        one, runs = run_round(names, args, clock)
        timings.append(one)
        chess_runs.append(runs)
    results = [summarize_game([one[i] for one in timings]) for i in range(len(timings[0]))]
    chess_ref = summarize_chess(chess_runs)
    print_table(results, chess_ref, args.rounds)
    judged, line = verdict(results, chess_ref)
    if args.json:
        write_json(args.json, args, results, chess_ref, judged)
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
