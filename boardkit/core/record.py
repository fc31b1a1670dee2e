"""Golden playthroughs: a seeded game written out step by step, replayed line by line.

In OpenSpiel's spirit (``integration_tests/playthroughs``), a transcript records for each step
the player to act, the full observation, the legal actions or the chance outcomes with exact
probabilities, and the action taken; at the end, the returns. Replaying it re-derives every
line from the rules and fails on the first line that differs, so any behaviour change in a game
shows up as a diff in ``data/playthroughs/<game>.txt`` that a reviewer can read.

Transcript format (one item per line, ``key: value``; JSON values use sorted keys)::

    # boardkit playthrough ...             comment lines (ignored)
    game: toy
    options: {"max_turns": null, "pile": 7}
    seed: 1
    max_actions: 200

    step 0
    player: chance
    observation: {"pile": 7, ...}          observation(None), the full truth
    observation 0,1: {...}                 players whose view differs from the truth (grouped
                                           when they see the same)
    chance: [["first 0", "1/2"], ["first 1", "1/2"]]
    action: first 1

    step 1
    player: 1
    observation: {...}
    legal: ["roll", "take 1", "take 2"]
    action: roll
    ...
    end: terminal                          or "end: max_actions" when cut off
    returns: [1, -1]

Chance is sampled with its exact probability by :func:`boardkit.sample_chance` and player
actions uniformly from ``legal_actions()``, both from ``random.Random(seed)``.

Regenerate the files of every registered game (options and seeds in
``data/playthroughs/config.yaml``) with::

    python -m boardkit.core.record --regenerate [GAME ...]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping


from boardkit.core.actions import Action
from boardkit.core.game import CHANCE, TERMINAL, State, sample_chance
from boardkit.core.paths import DATA_DIR
from boardkit.core.rules import IllegalActionError, NotationError
from boardkit.core.spec import list_games, load_game
from boardkit.core.validate import BoardkitDataError, check_schema, parse_yaml, read_user_file

PLAYTHROUGH_DIR = DATA_DIR / "playthroughs"
CONFIG_FILE = PLAYTHROUGH_DIR / "config.yaml"

_CONFIG_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": {
        "type": "object",
        "required": ["seed"],
        "additionalProperties": False,
        "properties": {
            "options": {"type": "object"},
            "seed": {"type": "integer"},
            "max_actions": {"type": "integer", "minimum": 1},
        },
    },
}
_DEFAULT_MAX_ACTIONS = 1000

Picker = Callable[[State, int], Action]


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _number(x: Any) -> str:
    return str(x) if isinstance(x, (int, Fraction)) and not isinstance(x, bool) else repr(x)


def _lines(game_name: str, options: Mapping[str, Any], seed: int, max_actions: int, pick: Picker) -> Iterator[str]:
    """Yield the transcript lines; ``pick(state, step)`` chooses each action."""
    game = load_game(game_name, **dict(options))
    yield f"# boardkit playthrough: regenerate with python -m boardkit.core.record --regenerate {game_name}"
    yield f"game: {game_name}"
    yield f"options: {_json(dict(game.options))}"
    yield f"seed: {seed}"
    yield f"max_actions: {max_actions}"
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal() and step < max_actions:
        player = state.current_player()
        truth = state.observation(None)
        yield ""
        yield f"step {step}"
        yield f"player: {'chance' if player == CHANCE else player}"
        yield f"observation: {_json(truth)}"
        views: dict[str, list[int]] = {}
        for p in range(game.num_players):
            seen = state.observation(p)
            if seen != truth:
                views.setdefault(_json(seen), []).append(p)
        for view, players in views.items():
            yield f"observation {','.join(map(str, players))}: {view}"
        if player == CHANCE:
            outcomes = [[str(a), str(Fraction(p))] for a, p in state.chance_outcomes()]
            yield f"chance: {_json(outcomes)}"
        else:
            yield f"legal: {_json([str(a) for a in state.legal_actions()])}"
        action = pick(state, step)
        yield f"action: {action}"
        state.apply_action(action)
        step += 1
    yield ""
    yield f"end: {'terminal' if state.current_player() == TERMINAL else 'max_actions'}"
    yield f"returns: [{', '.join(_number(r) for r in state.returns())}]"


def playthrough(game_name: str, options: Mapping[str, Any] | None = None, seed: int = 0, max_actions: int = _DEFAULT_MAX_ACTIONS) -> str:
    """Play a seeded game and return its transcript (see the module docstring).

    Args:
        game_name: a registered game id.
        options: ``load_game`` options (the header lists all options in force).
        seed: seed of ``random.Random``; chance by exact probability, players uniform.
        max_actions: stop after this many atomic actions (chance outcomes included).

    Returns:
        The transcript text, ending with a newline.

    Raises:
        OptionError: unknown game or bad option.

    >>> text = playthrough("leaders", {"max_turns": 2}, seed=1, max_actions=5)
    >>> text.splitlines()[1]
    'game: leaders'
    """
    rng = random.Random(seed)

    def pick(state: State, step: int) -> Action:
        if state.is_chance_node():
            return sample_chance(state, rng)
        acts = state.legal_actions()
        return acts[rng.randrange(len(acts))]

    return "\n".join(_lines(game_name, options or {}, seed, max_actions, pick)) + "\n"


def _header(lines: list[str]) -> dict[str, str]:
    head: dict[str, str] = {}
    for i, line in enumerate(lines):
        if line.startswith("#"):
            continue
        if not line:
            break
        key, sep, value = line.partition(": ")
        if not sep:
            raise AssertionError(f"line {i + 1}: header line {line!r} is not 'key: value'")
        head[key] = value
    missing = {"game", "options", "seed", "max_actions"} - set(head)
    if missing:
        raise AssertionError(f"transcript header lacks {', '.join(sorted(missing))}")
    return head


def replay_check(text: str) -> None:
    """Replay a transcript and check that every line is what the rules give now.

    The header (game, options, seed, max_actions) is read; the recorded actions are replayed
    (checked, so an action that became illegal fails) and each line is re-derived from the
    state and compared with the transcript.

    Args:
        text: a transcript written by :func:`playthrough`.

    Raises:
        AssertionError: naming the first line (1-based) that differs, with the expected and
            the recorded text, or the action that no longer parses or is illegal.
    """
    lines = text.splitlines()
    head = _header(lines)
    try:
        options = json.loads(head["options"])
        seed, max_actions = int(head["seed"]), int(head["max_actions"])
    except ValueError as exc:
        raise AssertionError(f"transcript header is malformed: {exc}") from None
    action_lines = [(i, line[len("action: "):]) for i, line in enumerate(lines) if line.startswith("action: ")]

    def pick(state: State, step: int) -> Action:
        if step >= len(action_lines):
            raise AssertionError(f"line {len(lines) + 1}: transcript ends but step {step} needs an action")
        i, notation = action_lines[step]
        try:
            action = state.parse_action(notation)
        except NotationError as exc:
            raise AssertionError(f"line {i + 1}: action {notation!r} does not parse: {exc}") from None
        err = state.why_illegal(action)
        if err is not None:
            raise AssertionError(f"line {i + 1}: action {notation!r} is illegal now: {err}")
        return action

    n = 0
    try:
        for n, expected in enumerate(_lines(head["game"], options, seed, max_actions, pick)):
            if n == 0 and lines and lines[0].startswith("#") and expected.startswith("#"):
                continue  # the comment line is informative only
            got = lines[n] if n < len(lines) else None
            if got != expected:
                shown = "<end of transcript>" if got is None else repr(got)
                raise AssertionError(f"line {n + 1}: expected {expected!r}, transcript has {shown}")
    except IllegalActionError as exc:  # pragma: no cover - why_illegal catches it first
        raise AssertionError(f"line {n + 1}: {exc}") from None
    if n + 1 < len(lines):
        raise AssertionError(f"line {n + 2}: transcript continues after the end: {lines[n + 1]!r}")


def load_config(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """Read ``data/playthroughs/config.yaml``: game id -> {options, seed, max_actions}.

    Raises:
        BoardkitDataError: unreadable file or schema violation (names the file and entry).
    """
    path = path or CONFIG_FILE
    doc = parse_yaml(read_user_file(path, "playthrough config"), path) or {}
    check_schema(doc, _CONFIG_SCHEMA, path)
    return {
        name: {
            "options": dict(entry.get("options") or {}),
            "seed": entry["seed"],
            "max_actions": entry.get("max_actions", _DEFAULT_MAX_ACTIONS),
        }
        for name, entry in doc.items()
    }


def regenerate(game_name: str, config: Mapping[str, Mapping[str, Any]] | None = None, out_dir: Path | None = None) -> Path:
    """Write ``<out_dir>/<game>.txt`` from the game's config entry and return its path.

    Raises:
        BoardkitDataError: the game has no entry in the config file.
    """
    config = load_config() if config is None else config
    if game_name not in config:
        raise BoardkitDataError(f"{CONFIG_FILE}: no entry for game {game_name!r}; add options, seed, max_actions")
    entry = config[game_name]
    text = playthrough(game_name, entry["options"], entry["seed"], entry["max_actions"])
    out = (out_dir or PLAYTHROUGH_DIR) / f"{game_name}.txt"
    out.write_text(text, encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m boardkit.core.record --regenerate [GAME ...]``."""

    parser = argparse.ArgumentParser(prog="python -m boardkit.core.record", description=__doc__.splitlines()[0])
    parser.add_argument("--regenerate", action="store_true", help="write data/playthroughs/<game>.txt")
    parser.add_argument("--check", action="store_true", help="replay the existing transcripts")
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    args = parser.parse_args(argv)
    if not (args.regenerate or args.check):
        parser.error("give --regenerate or --check")
    games = args.games or list_games()
    unknown = sorted(set(games) - set(list_games()))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; registered: {', '.join(list_games())}")
    status = 0
    for name in games:
        if args.regenerate:
            path = regenerate(name)
            steps = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("step "))
            print(f"{name}: wrote {path} ({steps} steps)")
        if args.check:
            try:
                replay_check((PLAYTHROUGH_DIR / f"{name}.txt").read_text(encoding="utf-8"))
                print(f"{name}: replay ok")
            except (OSError, AssertionError) as exc:
                print(f"{name}: FAILED: {exc}", file=sys.stderr)
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
