"""The ``boardkit`` command line.

``boardkit simulate GAME --n N --agents random,mcts --workers K [--scheduler ADDRESS] --out results.parquet``
plays seeded games (:func:`boardkit.sim.play_many`) and prints the win rates and metrics with
their intervals; ``boardkit rules GAME`` prints the game's clauses with their source (seed,
published edition, or decision), option and coverage (code and tests naming each);
``boardkit rulings GAME [FILE ...]`` checks a rulings book (docs/rulings.md) and exits non-zero
on a failed ruling; ``boardkit --version`` prints the package's version. Also
``python -m boardkit ...``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Sequence


def _parse_value(text: str) -> Any:
    """An option value from the command line: JSON-like literals, else the text."""
    import json

    if text in _PY_LITERALS:  # the Python spelling the option messages use (None, True, False)
        return _PY_LITERALS[text]
    try:
        return json.loads(text)
    except ValueError:
        return text


_PY_LITERALS: dict[str, Any] = {"None": None, "True": True, "False": False}


def _seconds(text: str) -> float:
    """``--seconds``: a finite number of seconds > 0 (argparse reports the error, exit 2)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"seconds must be a number of seconds > 0, not {text[:40]!r} "
                                         f"(leave --seconds out for the agent's own budget: 30 for mcts, 10 for solver)")
    return value


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"--option {pair!r}: write NAME=VALUE")
        k, v = pair.split("=", 1)
        k = k.strip()
        if not k:
            raise ValueError(f"--option {pair!r}: the option's name is missing; write NAME=VALUE")
        if k in out:
            raise ValueError(f"--option {k}: given twice ({k}={out[k]!r} and {pair!r}); give each option once")
        out[k] = _parse_value(v.strip())
    return out


def simulate(args: argparse.Namespace) -> int:
    import boardkit
    from boardkit.agents import make_agent
    from boardkit.analysis.outcomes import metrics, win_rates
    from boardkit.core.spec import OptionError
    from boardkit.sim import RunStopped, connect, play_many

    if args.log and not args.out:  # the command prints rates and metrics only: the logs would be lost
        print("boardkit simulate: --log keeps each game's action log in the table that --out writes; "
              "give --out FILE.parquet with it (without --out the logs would be thrown away)", file=sys.stderr)
        return 2
    try:
        game = boardkit.load_game(args.game, rules=args.rules, **_options(args.option or []))
        names = [a.strip() for a in args.agents.split(",")]
        if not all(names):
            raise ValueError(f"--agents {args.agents!r}: an empty name (agents are separated by single commas)")
        agents = [make_agent(a, seconds=args.seconds) for a in names]
    except (OptionError, ValueError) as exc:
        print(f"boardkit simulate: {exc}", file=sys.stderr)
        return 2
    if len(agents) not in (1, game.num_players):
        print(f"boardkit simulate: --agents: give one agent or one per seat ({game.num_players})", file=sys.stderr)
        return 2
    seats = agents[0] if len(agents) == 1 else agents
    if args.scheduler is not None and not args.scheduler.strip():
        print("boardkit simulate: --scheduler is empty: give an address such as tcp://host:8786", file=sys.stderr)
        return 2
    client = None
    if args.scheduler:
        try:
            client = connect(args.scheduler)
        except (OSError, ValueError) as exc:  # ValueError: not an address
            print(f"boardkit simulate: --scheduler: {exc}", file=sys.stderr)
            return 2
    try:
        df = play_many(game, args.n, seed=args.seed, agents=seats, workers=args.workers, client=client,
                       out=args.out, progress=not args.quiet, max_actions=args.max_actions, log=args.log)
    except ValueError as exc:  # play_many checks --n, --workers, --max-actions and --out before any game
        print(f"boardkit simulate: {exc}", file=sys.stderr)
        return 2
    except RunStopped as exc:  # SIGINT / SIGTERM: the rest was cancelled, the workers stopped
        kept = f"; {args.out} left as it was" if args.out else ""
        print(f"boardkit simulate: {exc}{kept}", file=sys.stderr)
        return 128 + exc.signum
    except Exception as exc:  # noqa: BLE001 - the first error of a chunk stops the run: one line, not a traceback
        kept = f"; {args.out} left as it was" if args.out else ""
        print(f"boardkit simulate: stopped by an error: {type(exc).__name__}: {str(exc)[:500]}{kept}", file=sys.stderr)
        return 1
    finally:
        if client is not None:
            client.close()
    if not args.n:
        print("no games played (--n 0)")
    if args.n:
        print(win_rates(df).to_string(index=False))
        print(metrics(df).to_string(index=False))
    if args.out:
        print(f"wrote {args.out} ({len(df)} games)")
    return 0


def rules(args: argparse.Namespace) -> int:
    import boardkit
    from boardkit.core.spec import OptionError
    from boardkit.tools.coverage import clause_coverage

    try:
        game = boardkit.load_game(args.game)
    except OptionError as exc:
        print(f"boardkit rules: {exc}", file=sys.stderr)
        return 2
    reg = game.clauses
    repo = Path(boardkit.__file__).resolve().parents[1]
    tests = repo / "tests"
    cov = {r.clause: r for r in clause_coverage(list(reg), [repo / "boardkit"], tests)} if tests.is_dir() else {}
    print(f"{game.spec.title} ({game.name}), seed {reg.seed_file}, rules version {game.rules_version}")
    for cid, c in reg.items():
        source = c.source + (f" ({c.published})" if c.published else "")
        line = f"{cid:10} {c.title or c.text[:60]}  [source: {source}"
        if c.option:
            opt = next((o for o in game.option_specs if o.name == c.option), None)
            line += f"; option {c.option}" + (f" = {opt.default!r} (published {opt.default_for('published')!r})" if opt else "")
        if cov:
            r = cov[cid]
            line += f"; code {len({p for p, _ in r.code})} file(s), {len(r.tests)} test(s)" + ("" if r.covered else " UNCOVERED")
        print(line + "]")
        if args.verbose:
            print(f"           {c.text}")
            if c.seed:
                print(f"           seed: {c.seed}")
    return 0


def rulings(args: argparse.Namespace) -> int:
    from boardkit import rulings as book
    from boardkit.core.validate import BoardkitDataError

    loaded: list[Any] = []
    errors: list[str] = []
    for f in args.files or [args.game]:  # every bad file and ruling reported in one run
        try:
            loaded += book.load(f, game=args.game)
        except BoardkitDataError as exc:  # RulingsError (one line per bad ruling), or a file that is no YAML
            errors += getattr(exc, "errors", [str(exc)])
    if errors:
        for line in errors:
            print(f"boardkit rulings: {line}", file=sys.stderr)
        return 2
    if args.html:  # checked before any ruling is played
        from boardkit.core.checks import check_output_file

        try:
            check_output_file(args.html, "--html")
        except ValueError as exc:
            print(f"boardkit rulings: {exc}; give the path of an HTML file to write", file=sys.stderr)
            return 2
    results = book.check(loaded)
    if args.html:  # a page to share: the FAQ with pictures, failures in red
        try:
            Path(args.html).write_text(f"<!DOCTYPE html><meta charset='utf-8'><title>{args.game} rulings</title>"
                                       + book.render_html(results), encoding="utf-8")
        except OSError as exc:
            print(f"boardkit rulings: --html: cannot write {args.html!r}: {exc.strerror}", file=sys.stderr)
            return 2
    for res in results:
        if args.verbose or not res.passed:
            print(res.describe())
    failed = sum(not r.passed for r in results)
    print(f"{len(results) - failed} of {len(results)} readings of {len(loaded)} rulings pass" + (f"; {failed} FAIL" if failed else ""))
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``boardkit`` (and ``python -m boardkit``). Returns the exit status."""
    import boardkit
    from boardkit.agents import AGENT_NAMES

    p = argparse.ArgumentParser(prog="boardkit", description="Exact board-game rules: simulate games, read the rules.")
    p.add_argument("--version", action="version", version=f"boardkit {boardkit.__version__}",
                   help="print the package's version and exit")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("simulate", help="play seeded games and report outcomes with intervals",
                       description="Play N seeded games (game i uses seed SEED:i, so every backend gives the same table).")
    s.add_argument("game", help="game id: " + ", ".join(boardkit.list_games()))
    s.add_argument("--n", type=int, default=100, help="number of games (default 100)")
    s.add_argument("--seed", default="0", help="run seed (default 0)")
    s.add_argument("--agents", default="random",
                   help="one agent, or one per seat, comma-separated: " + "; ".join(f"{k}: {v}" for k, v in AGENT_NAMES.items()))
    s.add_argument("--seconds", type=_seconds, default=None, metavar="S",
                   help="time budget per decision of the search agents mcts and solver, in seconds "
                        "(default 30 for mcts, 10 for solver); the search plays its best action so far")
    s.add_argument("--rules", default="seed", choices=("seed", "published"), help="rules profile (default seed)")
    s.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule option (repeatable); VALUE as JSON or Python: 3, true or True, null or None, or text")
    s.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    s.add_argument("--scheduler", default=None, metavar="ADDRESS", help="a Dask scheduler address (tcp://host:port)")
    s.add_argument("--out", default=None, help="write the table to this .parquet file, chunk by chunk")
    s.add_argument("--max-actions", type=int, default=100_000, help="safety stop per game (atomic actions)")
    s.add_argument("--log", action="store_true", help="keep each game's action log (column log of the --out table; needs --out)")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.set_defaults(run=simulate)
    r = sub.add_parser("rules", help="print a game's clauses with source, option and coverage")
    r.add_argument("game", help="game id: " + ", ".join(boardkit.list_games()))
    r.add_argument("-v", "--verbose", action="store_true", help="also the text and seed passage of each clause")
    r.set_defaults(run=rules)
    k = sub.add_parser("rulings", help="check a rulings book against the engine (exit 1 on a failed ruling)")
    k.add_argument("game", help="game id: " + ", ".join(boardkit.list_games()))
    k.add_argument("files", nargs="*", default=[],  # a default: argparse counts a bare '*' among the required
                   help="rulings files (default: the game's book data/rulings/GAME.yaml)")
    k.add_argument("-v", "--verbose", action="store_true", help="print every ruling, not only the failed ones")
    k.add_argument("--html", metavar="PATH", help="also write the rulings as an HTML page (pictures, failures in red)")
    k.set_defaults(run=rulings)
    args = p.parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:  # Ctrl-C outside a run's games (while loading, say): one line, no traceback
        print(f"boardkit {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the output was piped into a reader that stopped (| head)
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
