"""The notebook face of a State: ``repr`` says what it is, and a notebook cell that
evaluates to a State draws it (``_repr_html_``, the picture found in ``boardkit.viz.<game>``)."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from typing import Any

import pytest

import boardkit
from boardkit.core import face

GAMES = boardkit.list_games()


def _played(name: str, actions: int, seed: int = 3) -> boardkit.State:
    state = boardkit.load_game(name).new_initial_state()
    return boardkit.random_playout(state, random.Random(seed), actions)


@pytest.mark.parametrize("name", GAMES)
def test_repr_names_the_game_the_actions_and_who_moves(name: str) -> None:
    start = boardkit.load_game(name).new_initial_state()
    assert repr(start) == f"<{name} state: 0 actions, chance to move>"
    state = _played(name, 9)
    mover = ("chance to move" if state.is_chance_node() else
             "player" + ("s " if len(state.current_players()) > 1 else " ") + ", ".join(map(str, state.current_players())) + " to move")
    assert repr(state) == f"<{name} state: 9 actions, {mover}>"
    assert state.move_number() == 9 == len(state.history())
    end = _played(name, 5000)
    assert end.is_terminal()
    winners = end.winners()
    said = re.fullmatch(rf"<{name} state: (\d+) actions, over: (.*)>", repr(end))
    assert said is not None and int(said.group(1)) == end.move_number()
    assert said.group(2) == ("no winner" if not winners else
                             "player" + ("s " if len(winners) > 1 else " ") + ", ".join(map(str, winners)) + " won")


@pytest.mark.parametrize("name", GAMES)
def test_a_state_in_a_notebook_cell_is_a_picture(name: str) -> None:
    """Each of the games draws: the HTML holds one SVG picture or more (the viz module's
    ``state_svg``) and a caption that is the repr; IPython's formatter picks it up."""
    for state in (boardkit.load_game(name).new_initial_state(), _played(name, 15)):
        html = state._repr_html_()
        assert html is not None and html.startswith(f'<div class="boardkit-state" data-game="{name}">')
        assert "<svg" in html and html.count("<svg") == html.count("</svg>")
        assert getattr(boardkit.viz, name).state_svg(state) in html
        assert repr(state)[1:-1] in html
    formatter = pytest.importorskip("IPython.core.formatters").DisplayFormatter()
    data, _ = formatter.format(state)
    assert "<svg" in data["text/html"] and data["text/plain"] == repr(state)


def test_a_game_without_pictures_shows_its_repr(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``boardkit.viz.<game>`` module: no picture (None), so a notebook shows the repr."""
    from tests.toygame import register

    register(monkeypatch)
    monkeypatch.setattr(face, "_FOUND", {})
    state = boardkit.load_game("toy").new_initial_state()
    assert state._repr_html_() is None
    assert repr(state) == "<toy state: 0 actions, chance to move>"
    assert face.picture_of("no_such_game") is None
    assert face.picture_of("leaders") is boardkit.viz.leaders.state_svg


def test_a_picture_finder_decides_the_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(face, "_FINDERS", [])
    monkeypatch.setattr(face, "_FOUND", {})
    calls: list[str] = []

    def finder(game_id: str) -> Any:
        calls.append(game_id)
        return (lambda state: "<svg>drawn</svg>") if game_id == "leaders" else None

    face.add_picture_finder(finder)
    face.add_picture_finder(finder)  # once only
    state = boardkit.load_game("leaders").new_initial_state()
    assert "<svg>drawn</svg>" in (state._repr_html_() or "")
    state._repr_html_()
    assert calls == ["leaders"]  # looked up once per game
    assert boardkit.load_game("gridhunt").new_initial_state()._repr_html_() is None


_PROBE = r"""
import sys, boardkit
states = [boardkit.load_game(name).new_initial_state() for name in boardkit.list_games()]
said = [repr(state) for state in states]
assert "boardkit.viz" not in sys.modules, said
for state in states:
    assert "<svg" in state._repr_html_()
heavy = sorted(m for m in ("ipywidgets", "plotly") if m in sys.modules)
print("drawn", heavy)
"""


def test_drawing_a_state_imports_neither_plotly_nor_ipywidgets() -> None:
    """A fresh interpreter: repr imports no drawing; the picture imports boardkit.viz.<game>
    only, never plotly or ipywidgets."""
    proc = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "drawn []"
