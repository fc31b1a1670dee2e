"""Square arena pictures and widget (Battle Royale), driven with a fake state that follows
docs/battle-royale-contract.md (observation format and action notation), not the engine."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest

import boardkit

from boardkit.core.actions import Action
from boardkit.core.game import CHANCE, TERMINAL, State
from boardkit.core.rules import ClauseRegistry, load_clauses
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalActionError, NotationError
from boardkit.viz.layout import CellLayout
from boardkit.viz.battle_royale import arena_svg, explosion_losses, frame_size, tile_label

FIRST_LAYOUT_HOLES = ["b5", "e4", "a2", "d1"]  # the contract's first layout
FRAME = [f"{f}{r}" for r in range(1, 6) for f in "abcde"]
COLOURS = ("red", "blue")


# -- a fake Battle Royale state (contract shapes only; rules much simplified) -----------------
@dataclass(frozen=True)
class Act(Action):
    verb: str
    cell: str = ""
    arg: str = ""

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.cell,) if self.cell else ()

    @property
    def choice(self) -> str:
        return self.arg

    def __str__(self) -> str:
        return " ".join(p for p in (self.verb, self.cell, self.arg) if p)


VERBS_WITH_CELL = {"pick", "step", "eliminator", "take"}


def coords(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def name_of(c: int, r: int) -> str | None:
    return f"{chr(ord('a') + c)}{r + 1}" if 0 <= c < 5 and 0 <= r < 5 else None


class FakeGame:
    name = "battle_royale"  # the game it fakes: board_widget finds boardkit.viz.battle_royale.widget
    num_players = 2
    board = SimpleNamespace(kind="square", name="arena 5x5", columns=5, rows=5)  # as core.boards.SquareBoard

    def __init__(self, capacity: int = 5, eliminator: str = "c3", max_turns: int = 6) -> None:
        self.capacity, self.eliminator, self.max_turns = capacity, eliminator, max_turns

    def new_initial_state(self) -> "FakeArena":
        return FakeArena(self)

    @property
    def clauses(self) -> ClauseRegistry:
        """The clauses of the game it fakes: why_illegal names them as the real game does."""
        return load_clauses("battle_royale")


class FakeArena(State):
    def __init__(self, game: FakeGame) -> None:
        super().__init__(game)  # type: ignore[arg-type]
        self.tiles = {n: {"red": 1, "blue": 1, "grey": 1 if n in ("c4", "c2") else 0}
                      for n in FRAME if n not in FIRST_LAYOUT_HOLES}
        self.eliminator = game.eliminator
        self.to_move, self.turn, self.phase = 0, 1, "card"
        self.hands = [["2x2", "3x1", "1x3"], ["2x2", "3x1", "1x3"]]
        self.card: str | None = None
        self.moving: dict[str, Any] | None = None
        self.prisoners: list[dict[str, int]] = [{}, {}]
        self.out: dict[str, int] = {}
        self.winners_: list[int] = []

    # State API
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        return CHANCE if self.phase == "doom" else self.to_move

    def clone(self) -> "FakeArena":
        import copy

        return copy.deepcopy(self)

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"tiles": {n: dict(c) for n, c in self.tiles.items()},
                "holes": sorted(n for n in FRAME if n not in self.tiles), "goal": "c3",
                "eliminator": self.eliminator, "capacity": self.game.capacity, "players": 2,
                "to_move": self.to_move, "phase": self.phase, "turn": self.turn,
                "hands": [list(h) for h in self.hands], "pile_sizes": [6, 6],
                "prisoners": [dict(p) for p in self.prisoners], "out": dict(self.out), "card": self.card,
                "moving": dict(self.moving) if self.moving else None,
                "outcome": {"winners": self.winners_, "reason": "goal majority"} if self.phase == "over" else None}

    def _steps_left(self) -> int:
        assert self.card and self.moving
        return int(self.card[2]) - (len(self.moving["path"]) - 1)

    def _legal_actions(self) -> list[Action]:
        me = COLOURS[self.to_move]
        if self.phase == "card":
            return [Act("play", arg=c) for c in sorted(set(self.hands[self.to_move]))]
        if self.phase == "move":
            return [Act("pick", t, me) for t, c in self.tiles.items() if c.get(me)] + [Act("done")]
        if self.phase == "step":
            out: list[Action] = [Act("stop")]
            if self._steps_left() > 0:
                here = self.moving["tile"]  # type: ignore[index]
                c, r = coords(here)
                for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    n = name_of(c + dc, r + dr)
                    if n in self.tiles and n not in self.moving["path"]:  # type: ignore[index]
                        out.append(Act("step", n))
            return out
        if self.phase == "push":
            return [Act("push", arg=col) for col, k in self.tiles[self.moving["tile"]].items() if k]  # type: ignore[index]
        if self.phase == "eliminator":
            c, r = coords(self.eliminator)
            return [Act("eliminator", n) for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                    if (dc or dr) and (n := name_of(c + dc, r + dr)) in self.tiles]
        return []

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(Act("roll", arg=f), Fraction(1, 3)) for f in ("battle", "explosion", "move")]

    def _end_turn(self) -> None:
        self.card, self.moving = None, None
        if self.turn >= self.game.max_turns:
            goal = self.tiles["c3"]
            best = max(goal.get(c, 0) for c in COLOURS)
            self.winners_ = [p for p, c in enumerate(COLOURS) if goal.get(c, 0) == best]
            self.phase = "over"
            return
        self.to_move, self.turn, self.phase = 1 - self.to_move, self.turn + 1, "card"

    def _apply_action(self, a: Action) -> None:
        assert isinstance(a, Act)
        me = COLOURS[self.to_move]
        if a.verb == "play":
            self.hands[self.to_move].remove(a.arg)
            self.card, self.phase = a.arg, "move"
        elif a.verb == "pick":
            self.moving, self.phase = {"tile": a.cell, "colour": a.arg, "path": [a.cell]}, "step"
        elif a.verb == "step":
            assert self.moving
            col = self.moving["colour"]
            self.tiles[self.moving["tile"]][col] -= 1
            self.tiles[a.cell][col] += 1
            self.moving["path"].append(a.cell)
            self.moving["tile"] = a.cell
            if sum(self.tiles[a.cell].values()) > self.game.capacity:
                self.phase = "push"
        elif a.verb == "push":
            assert self.moving
            (c0, r0), (c1, r1) = coords(self.moving["path"][-2]), coords(self.moving["tile"])
            self.tiles[self.moving["tile"]][a.arg] -= 1
            dest = name_of(2 * c1 - c0, 2 * r1 - r0)
            if dest in self.tiles:
                self.tiles[dest][a.arg] = self.tiles[dest].get(a.arg, 0) + 1
            else:  # BR-2.4: off the frame or into a hole: a prisoner
                pr = self.prisoners[self.to_move]
                pr[a.arg] = pr.get(a.arg, 0) + 1
            self.phase = "step"
        elif a.verb == "stop":
            self.moving, self.phase = None, "move"
        elif a.verb == "done":
            self.moving, self.phase = None, "doom"
        elif a.verb == "roll":
            if a.arg == "move" or (a.arg == "explosion" and self.eliminator in ("c3", *FIRST_LAYOUT_HOLES)):
                self.phase = "eliminator"
            elif a.arg == "explosion":
                self._explode()
                self._end_turn()
            else:
                self._end_turn()
        elif a.verb == "eliminator":
            self.eliminator = a.cell
            self._end_turn()
        else:  # pragma: no cover
            raise AssertionError(a)
        del me

    def _explode(self) -> None:
        gone = {self.eliminator}
        left = set(self.tiles) - gone
        seen, todo = {"c3"}, ["c3"]
        while todo:
            c, r = coords(todo.pop())
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                n = name_of(c + dc, r + dr)
                if n in left and n not in seen:
                    seen.add(n)
                    todo.append(n)
        for t in set(self.tiles) - seen:
            for col, k in self.tiles.pop(t).items():
                if k:
                    self.out[col] = self.out.get(col, 0) + k

    def _explain(self, a: Action) -> IllegalActionError:
        assert isinstance(a, Act)
        if a.verb == "step":
            if a.cell not in self.tiles:
                return IllegalActionError("BR-2.2", f"{a.cell} is a hole: figures enter holes only when pushed", a)
            return IllegalActionError("BR-2.2", f"{a.cell} is not orthogonally next to the moving figure", a)
        if a.verb == "eliminator":
            return IllegalActionError("BR-4.1", "the Eliminator moves one position, never under a hole", a)
        return IllegalActionError("BR-2.1", f"{a.verb} is not possible in phase {self.phase}", a)

    def actions_from_cells(self, cells: tuple[str, ...]) -> list[Action]:
        if len(cells) != 1:
            return []
        verb = {"step": "step", "eliminator": "eliminator"}.get(self.phase)
        return [Act(verb, cells[0])] if verb else []

    def parse_action(self, text: str) -> Action:
        parts = str(text).split()
        if not parts:
            raise NotationError("empty action")
        verb, rest = parts[0], parts[1:]
        if verb in VERBS_WITH_CELL and rest:
            return Act(verb, rest[0], " ".join(rest[1:]))
        if verb in ("first", "draw", "play", "stop", "push", "done", "roll"):
            return Act(verb, arg=" ".join(rest))
        raise NotationError(f"{text!r} is not an action")

    def returns(self) -> list[int]:
        if self.phase != "over":
            return [0, 0]
        return [1 if p in self.winners_ else -1 for p in range(2)]

    def _outcome(self) -> Outcome:
        return Outcome(tuple(self.winners_), "goal majority", "BR-3.2", tuple(self.returns()))


# -- pictures (no ipywidgets needed) ---------------------------------------------------------
def test_tile_label_compact():
    assert tile_label({"red": 2, "blue": 1, "green": 0}) == "R2 B1 G0"
    assert tile_label({"grey": 1, "red": 2, "yellow": 0}, zeros=False) == "R2 N1"
    assert tile_label({}) == ""


def test_arena_svg_squares_holes_goal_eliminator():
    state = FakeGame(eliminator="d4").new_initial_state()
    obs = state.observation(None)
    svg = arena_svg(obs, highlights=["c4"], selected="c3")
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count('class="square') == 25
    assert svg.count('class="square hole"') == 4 and svg.count('class="square tile') == 21
    assert svg.count('class="square tile goal"') == 1 and 'class="goal"' in svg  # the star
    for name in FRAME:
        assert f'data-cell="{name}"' in svg
    assert 'data-cell="d4" data-eliminator="d4"' in svg and svg.count('class="eliminator"') == 1
    # figures: red and blue chips on each tile, grey only on c2 and c4 (zero counts are not drawn)
    assert svg.count('data-colour="red"') == 21 and svg.count('data-colour="grey"') == 2
    assert "#9be28f" in svg and "#ff8c00" in svg  # highlight tint, selected outline
    assert "b5: hole" in svg and "c3: goal tile; red 1, blue 1" in svg
    assert arena_svg(state) == arena_svg(obs)  # a State works too
    with pytest.raises(ValueError, match="obs: the observation has no 'tiles' mapping"):  # was a KeyError
        arena_svg({"holes": []})
    with pytest.raises(ValueError, match="obs: the observation of leaders has no 'tiles'"):  # was drawn as an empty arena
        arena_svg(boardkit.load_game("leaders").new_initial_state())
    with pytest.raises(ValueError, match=r"obs: an arena observation .* not 5 \(int\)"):
        arena_svg(5)


def test_arena_svg_eliminator_under_hole_and_bigger_frame():
    obs = {"tiles": {"c3": {"red": 1}}, "holes": ["b5"], "goal": "c3", "eliminator": "b5"}
    svg = arena_svg(obs, show_names=False)
    assert svg.count('class="square') == 25  # the frame is at least 5x5
    assert 'data-cell="b5" data-eliminator="b5"' in svg and svg.count('class="square hole"') == 24
    assert frame_size({"tiles": {"g7": {}}, "holes": []}) == (7, 7)


def test_explosion_losses_follow_connectivity():
    """BR-4.2 geometry: the blasted tile plus every tile cut off from the goal."""
    obs = FakeGame().new_initial_state().observation(None)
    tiles = explosion_losses(obs)
    assert "c3" not in tiles and len(tiles) == 20
    assert tiles["b1"] == 2  # a1 hangs on b1 (a2 is a hole)
    assert tiles["d5"] == 2  # e5 hangs on d5 (e4 is a hole)
    assert tiles["c1"] == 1
    assert explosion_losses(obs, "figures")["b1"] == 4


def test_arena_figure_heat_map():
    pytest.importorskip("plotly")
    from boardkit.viz.battle_royale import arena_figure

    obs = FakeGame().new_initial_state().observation(None)
    fig = arena_figure(obs, values=explosion_losses(obs), title="tiles lost")
    assert fig.layout.title.text == "tiles lost"
    dark = [s for s in fig.layout.shapes if s.type == "rect" and s.fillcolor == "#2b2b2b"]
    assert len(dark) == 4
    z = fig.data[0].z
    assert z[0][1] == 2 and z[1][0] is None and z[2][2] is None  # b1; hole a2; goal (no value)
    assert any(s.type == "circle" for s in fig.layout.shapes)  # the Eliminator
    with pytest.raises(ValueError, match="values: 'f6' is not a cell of"):
        arena_figure(obs, values={"f6": 1})
    assert len(arena_figure(obs).data) >= 2


def test_grid_layout():
    lay = CellLayout.grid(5, 5)
    assert lay.kind == "square" and lay.rows[0][0] == "a5" and lay.rows[-1][-1] == "e1"
    assert sorted(lay.names) == sorted(FRAME)
    with pytest.raises(ValueError):
        CellLayout("square", (("a1",), ("a1",)), (0, 0))


_PROBE = r"""
import sys
import boardkit.viz.battle_royale, boardkit.viz.layout
heavy = sorted(m for m in ("ipywidgets", "plotly") if m in sys.modules)
sys.exit("imported " + ", ".join(heavy) if heavy else 0)
"""


def test_square_pictures_import_neither_widgets_nor_plotly():
    proc = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr or proc.stdout


# -- the widget ----------------------------------------------------------------------------
widgets = pytest.importorskip("ipywidgets")
from boardkit.viz.battle_royale.widget import SquareBoardWidget  # noqa: E402
from boardkit.viz.leaders.widget import HexBoardWidget, LeadersBoard  # noqa: E402
from boardkit.viz.widgets import BoardWidget, board_kind, board_widget, game_widget_class  # noqa: E402


@pytest.fixture
def arena():
    return SquareBoardWidget(FakeGame(), seed=3)


def test_square_widget_buttons(arena):
    assert isinstance(arena, BoardWidget) and not isinstance(arena, HexBoardWidget)
    assert sorted(arena.cell_buttons) == sorted(FRAME)
    for b in arena.cell_buttons.values():
        assert "boardkit-cell" in b._dom_classes
    assert arena.cell_layout.rows[0] == ("a5", "b5", "c5", "d5", "e5")
    b5, c4, c3 = arena.cell_buttons["b5"], arena.cell_buttons["c4"], arena.cell_buttons["c3"]
    assert b5.disabled and b5.style.button_color == "#2b2b2b" and b5.tooltip == "b5: hole"
    assert c4.description == "R1 B1 N1" and not c4.disabled and c4.tooltip.startswith("c4: ")
    assert c3.description == "⚑⊗ R1 B1 N0" and "Eliminator" in c3.tooltip and "#6c3483" in c3.layout.border
    assert arena.cell_buttons["a1"].description == "R1 B1 N0"
    assert 'class="boardkit-arena"' in arena.svg_html.value
    assert "red (player 0)" in arena.status_html.value and "hands:" in arena.status_html.value


def test_board_widget_picks_class():
    import boardkit

    assert board_kind(FakeGame()) == "square" and board_kind(FakeGame().new_initial_state()) == "square"
    assert isinstance(board_widget(FakeGame().new_initial_state(), show_svg=False), SquareBoardWidget)
    with pytest.raises(TypeError, match="board_widget: state_or_game is a boardkit State or Game, not NoneType"):
        board_widget(None)
    game = boardkit.load_game("leaders")
    assert board_kind(game) == "hex"
    assert type(board_widget(game, seed=1)) is LeadersBoard

    class NoBoard:
        def observation(self, player):
            return {}

    with pytest.raises(TypeError):
        board_kind(NoBoard())


def test_board_widget_for_a_game_without_its_own_widget():
    """No module boardkit.viz.<game id>.widget: a plain BoardWidget laid out from the board
    (a grid of its columns x rows), clickable as any other."""

    class Unknown(FakeGame):
        name = "no_such_game"

    assert game_widget_class("no_such_game") is None and game_widget_class("battle_royale") is SquareBoardWidget
    board = board_widget(Unknown(), show_svg=False)
    assert type(board) is BoardWidget
    assert board.cell_layout.rows[0] == ("a5", "b5", "c5", "d5", "e5") and len(board.cell_buttons) == 25
    board.press("play 2x2")
    board.click("c3")
    assert board.controller.log() == ["play 2x2", "pick c3 red"]
    assert board.cell_buttons["d3"].style.button_color == "#9be28f"  # a highlighted next step
    no_board = SimpleNamespace(name="no_such_game", board=SimpleNamespace(kind="graph"),
                               new_initial_state=lambda: FakeGame().new_initial_state())
    with pytest.raises(TypeError, match="no widget for 'no_such_game'"):
        board_widget(no_board)


def test_play_card_pick_step_done_and_eliminator(arena):
    """A turn through the widget: card button, pick by click, step by click, buttons, chance."""
    ctl = arena.controller
    assert {"play 1x3", "play 2x2", "play 3x1"} <= set(arena.buttons())
    assert ctl.click("c3").status == "illegal"  # no action is made by clicking in the card phase
    arena.press("play 2x2")
    assert ctl.state.observation(None)["phase"] == "move" and "card: <b>2x2</b>" in arena.status_html.value
    assert "done" in arena.buttons()
    assert [v for _, v in arena.chooser.options] == ["", "red"]  # the colour part of 'pick'
    arena.click("c3")
    assert ctl.log() == ["play 2x2", "pick c3 red"]
    assert ctl.highlights() == ["b3", "c2", "c4", "d3"]
    assert arena.cell_buttons["c3"].style.button_color == "#ff8c00"  # the moving figure's tile
    assert arena.cell_buttons["d3"].style.button_color == "#9be28f"
    assert "stop" in arena.buttons() and "moving red: c3" in arena.status_html.value
    arena.click("a3")  # not next to c3
    assert ctl.last_result.status == "illegal" and ctl.last_result.clause == "BR-2.2"
    assert "BR-2.2" in arena.message_html.value and "color:#c0392b" in arena.message_html.value
    arena.click("d3")
    assert ctl.log()[-1] == "step d3"
    assert arena.cell_buttons["d3"].description == "R2 B1 N0"
    assert arena.cell_buttons["c3"].description == "⚑⊗ R0 B1 N0"
    arena.press("stop")
    arena.press("done")
    assert ctl.state.is_chance_node()
    assert {"Roll chance", "roll move", "roll explosion", "roll battle"} <= set(arena.buttons())
    assert "probability 1/3" in arena.buttons()["roll move"].tooltip
    arena.press("roll move")
    assert "d4" in ctl.highlights() and "b5" not in ctl.highlights()
    arena.click("d4")
    assert ctl.log()[-2:] == ["roll move", "eliminator d4"]
    assert arena.cell_buttons["d4"].description.startswith("⊗")
    assert not arena.cell_buttons["c3"].description.startswith("⚑⊗")
    assert "blue (player 1)" in arena.status_html.value
    assert 'data-eliminator="d4"' in arena.svg_html.value


def test_push_buttons_and_prisoner():
    """BR-2.3 / BR-2.4 shapes: an overfull tile offers 'push <colour>' buttons."""
    board = SquareBoardWidget(FakeGame(capacity=3))
    board.press("play 1x3")
    board.click("c3")
    board.click("c4")  # c4: red 2, blue 1, grey 1 > 3
    assert {"push red", "push blue", "push grey"} <= set(board.buttons())
    board.press("push blue")  # pushed on north, to c5
    obs = board.controller.state.observation(None)
    assert obs["tiles"]["c5"]["blue"] == 2 and obs["tiles"]["c4"]["blue"] == 0
    assert board.cell_buttons["c5"].description == "R1 B2 N0"


def test_explosion_turns_tiles_into_holes():
    board = SquareBoardWidget(FakeGame(eliminator="b1"))
    board.press("play 2x2")
    board.press("done")
    board.press("roll explosion")
    for cell in ("a1", "b1"):  # b1 blasted, a1 cut off from the goal
        assert board.cell_buttons[cell].disabled and board.cell_buttons[cell].style.button_color == "#2b2b2b"
    assert board.cell_buttons["b1"].description == "⊗"  # the Eliminator stays under the hole
    assert board.svg_html.value.count('class="square hole"') == 6
    assert "out: red 2, blue 2" in board.status_html.value


def test_back_forward_branch_and_game_over():
    board = SquareBoardWidget(FakeGame(max_turns=1), seed=5)
    ctl = board.controller
    board.press("play 3x1")
    board.press("Back")
    assert ctl.log() == [] and not board.forward_button.disabled
    board.press("play 2x2")  # a new line
    assert len(ctl.branches()) == 2 and board.branch_dropdown.layout.display == ""
    board.press("done")
    board.press("roll battle")
    assert ctl.state.is_terminal()
    assert "game over: red (player 0), blue (player 1) win" in board.status_html.value
    assert board.buttons().keys() <= {"◀ Back", "Forward ▶"}
    assert ctl.click("c3").status == "refused"
