"""Golden playthroughs: each registered game has a seeded transcript that replays exactly.

Transcripts live in ``data/playthroughs/<game>.txt`` (options and seeds in
``data/playthroughs/config.yaml``); see :mod:`boardkit.core.record`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import boardkit
from boardkit.core.record import PLAYTHROUGH_DIR, load_config, playthrough, regenerate, replay_check

import toygame

TOY_CONFIG = {"toy": {"options": {"max_turns": 12}, "seed": 3, "max_actions": 200}}
TOY_TRANSCRIPT = toygame.TOY_DATA / "playthroughs" / "toy.txt"


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.register(monkeypatch)


@pytest.mark.parametrize("game", boardkit.list_games())
def test_playthrough_replays(game: str) -> None:
    """The game's golden transcript exists and replays line by line."""
    path = PLAYTHROUGH_DIR / f"{game}.txt"
    assert path.exists(), (
        f"{game}: no golden playthrough {path}; add an entry to {PLAYTHROUGH_DIR / 'config.yaml'} "
        f"and run `python -m boardkit.core.record --regenerate {game}`"
    )
    replay_check(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", boardkit.list_games())
def test_playthrough_config_entry(game: str) -> None:
    """Each registered game has options and a seed in data/playthroughs/config.yaml."""
    assert game in load_config(), f"{game}: no entry in {PLAYTHROUGH_DIR / 'config.yaml'}"


def test_playthrough_toy_replays() -> None:
    """The toy transcript (tests/data/playthroughs/toy.txt) replays; it is the seeded game."""
    text = TOY_TRANSCRIPT.read_text(encoding="utf-8")
    replay_check(text)
    entry = TOY_CONFIG["toy"]
    assert playthrough("toy", entry["options"], entry["seed"], entry["max_actions"]) == text


def test_playthrough_is_deterministic_and_exact() -> None:
    """Same seed, same text; chance lines carry exact fractions (TOY-3 die: 1/2, 1/3, 1/6)."""
    a = playthrough("toy", {}, seed=5)
    assert a == playthrough("toy", {}, seed=5)
    assert 'chance: [["first 0", "1/2"], ["first 1", "1/2"]]' in a
    assert a.splitlines()[-2] == "end: terminal"
    replay_check(a)


def test_playthrough_cut_off_by_max_actions() -> None:
    text = playthrough("toy", {}, seed=5, max_actions=2)
    assert "end: max_actions" in text and "returns: [0, 0]" in text
    replay_check(text)


def _first_line(text: str, prefix: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if line.startswith(prefix))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace('{"pile": 7, "rolling"', '{"pile": 8, "rolling"', 1), "line 9: expected"),
        (lambda t: t.replace("legal: [", "legal: [\"pass\", ", 1), "expected 'legal: \\["),
        (lambda t: t.replace("action: take 1", "action: take 3", 1), "is illegal now"),
        (lambda t: t.replace("action: take 1", "action: jump", 1), "does not parse"),
        (lambda t: t + "extra\n", "continues after the end"),
        (lambda t: "\n".join(t.splitlines()[:-1]) + "\n", "<end of transcript>"),
    ],
)
def test_replay_check_names_first_differing_line(edit: object, message: str) -> None:
    """An edited transcript fails with the number of the first line that differs."""
    text = playthrough("toy", {}, seed=5)
    assert "action: take 1" in text
    with pytest.raises(AssertionError, match=message):
        replay_check(edit(text))  # type: ignore[operator]


def test_regenerate_writes_file(tmp_path: Path) -> None:
    path = regenerate("toy", TOY_CONFIG, out_dir=tmp_path)
    assert path.read_text(encoding="utf-8") == TOY_TRANSCRIPT.read_text(encoding="utf-8")
