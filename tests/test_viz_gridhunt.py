"""Gridhunt pictures and board widget: the GM's view and a seat's fog of war, no leak between
them, path entry with confirmation, shots by click, clauses of illegal clicks, seat-bound
boards, the log per seat, and the analysis heat maps."""

from __future__ import annotations

import pytest

import boardkit
from boardkit.analysis.gridhunt import belief_set, reachable_cells
from boardkit.games.gridhunt.rules import cell_index
from boardkit.viz.gridhunt import (
    COLOURS,
    GridhuntController,
    belief_figure,
    belief_sizes_figure,
    grid_figure,
    grid_svg,
    grid_view,
    reachable_figure,
    reachable_steps,
)

from gridhunt_helpers import position

widgets = pytest.importorskip("ipywidgets")
from boardkit.viz.gridhunt.widget import CLEAR_LABEL, CONFIRM_LABEL, GM_VIEW, GridhuntBoard  # noqa: E402
from boardkit.viz.widgets import board_widget  # noqa: E402

LAYOUT = {"wall": ["b4"], "mine": ["c2"], "shield": ["e5"], "vision": ["j3"]}


def _state(**extra):
    return position({0: "b2", 1: "d2"}, cells=dict(LAYOUT), **extra)


def test_gm_view_shows_every_kind_and_every_player():
    view = grid_view(_state().observation(None))
    assert view["b4"].code == "wall" and view["c2"].code == "mine" and view["e5"].code == "shield"
    assert view["l12"].code == "teleport" and view["a1"].code == "free"
    assert view["b2"].label == "P0" and view["d2"].label == "P1"
    assert sum(1 for v in view.values() if v.label) == 8


def test_seat_view_shows_only_what_the_seat_knows():
    s = _state()
    s.apply_action("move b3")  # seat 0 lands on b3 and looks around it (radius 1)
    view = grid_view(s.observation(0))
    assert view["b3"].own and view["b3"].label == "P0*"
    assert view["b4"].code == "wall"          # seen in its look (GRID-5.2)
    assert view["c2"].code == "looked"        # looked at: not a wall nor a teleport, kind unknown (GRID-5.4)
    assert view["e5"].code == "unknown" and view["l12"].code == "unknown"
    assert view["d2"].label == ""             # player 1 is out of its sight
    assert sum(1 for v in view.values() if v.code == "unknown") == 144 - 9
    other = grid_view(s.observation(1))
    assert other["b3"].label == "" and other["b4"].code == "unknown"  # a look is private


def test_seat_view_shows_players_seen_with_the_round_and_beacons():
    s = position({0: "b2", 1: "c4", 2: {"at": "h8", "beaconed": True}})
    s.apply_action("move b3")
    view = grid_view(s.observation(0))
    assert view["c4"].label == "P1@r1" and view["h8"].label == "P2!"


def _figure_values(fig):
    d = fig.data[0]
    return d.z, d.text, d.customdata, fig.layout.shapes, fig.layout.title.text


def test_no_leak_two_truths_the_seat_cannot_tell_apart_draw_alike():
    """Only the hidden cells (a mine, a shield out of sight) and an unseen player differ."""
    a = position({0: "b2", 1: "d2", 5: "k10"}, cells={"wall": ["b4"], "mine": ["h7"], "shield": ["e9"]})
    b = position({0: "b2", 1: "d2", 5: "f11"}, cells={"wall": ["b4"], "mine": ["g2"], "shield": ["k3"]})
    for s in (a, b):
        s.apply_action("move b3")
    assert a.observation(0) == b.observation(0)
    assert _figure_values(grid_figure(a, seat=0)) == _figure_values(grid_figure(b, seat=0))
    assert grid_svg(a.observation(0)) == grid_svg(b.observation(0))
    assert _figure_values(grid_figure(a)) != _figure_values(grid_figure(b))  # the GM's view tells them apart
    wa, wb = GridhuntBoard(a, seat=0), GridhuntBoard(b, seat=0)
    drawn = [{n: (x.description, x.tooltip, x.style.button_color) for n, x in w.cell_buttons.items()} for w in (wa, wb)]
    assert drawn[0] == drawn[1] and wa.svg_html.value == wb.svg_html.value


def test_board_widget_is_the_gridhunt_board_with_a_view_switch():
    s = _state()
    board = board_widget(s, seed=1)
    assert isinstance(board, GridhuntBoard)
    assert board.view.options[0] == ("GM (truth)", GM_VIEW) and len(board.view.options) == 9
    assert board.cell_buttons["b4"].style.button_color == COLOURS["wall"]
    board.view.value = 3
    assert board.controller.seat == 3 and board.cell_buttons["b4"].style.button_color == COLOURS["unknown"]
    board.set_seat(None)
    assert board.view.value == GM_VIEW


def test_seat_bound_board_offers_only_its_own_view():
    board = GridhuntBoard(_state(), seat=2)
    assert board.view.options == (("seat 2", 2),)
    with pytest.raises(ValueError, match="bound to seat 2"):
        board.set_seat(None)
    with pytest.raises(ValueError, match="bound to seat 2"):
        board.set_seat(0)


def test_path_entry_then_confirm_and_a_shot_by_click():
    board = GridhuntBoard(_state())  # the GM's board, showing seat 0's view: it plays on the truth
    board.set_seat(0)
    board.click("b3")
    assert board.controller.clicks == ("b3",) and not board.confirm_button.disabled
    board.click("c3")
    board.click("c4")
    assert "path: move b3 c3 c4" in board.controller.message
    assert board.confirm_button.description == CONFIRM_LABEL
    board.confirm_button.click()
    assert board.controller.log()[-1] == "move b3 c3 c4"
    assert board.controller.state.phase == "shot"
    board.click("c5")
    assert board.controller.log()[-1] == "shoot c5"


def test_confirm_and_clear_path_are_pressed_by_label():
    board = GridhuntBoard(_state())
    board.set_seat(0)
    board.click("b3")
    assert {CONFIRM_LABEL, CLEAR_LABEL} <= set(board.buttons())
    board.press(CONFIRM_LABEL)
    assert board.controller.log()[-1] == "move b3"
    assert board.controller.state.phase == "shot"
    assert CONFIRM_LABEL not in board.buttons()  # hidden outside a move: not offered
    with pytest.raises(KeyError, match="no button 'Confirm path'"):
        board.press(CONFIRM_LABEL)


def test_a_disabled_button_is_not_pressed_by_label():
    """A button the board shows disabled cannot be pressed by label either (on the board it
    cannot be clicked): Confirm path before any cell is clicked (it answered 'no path
    clicked'), Back at the start."""
    board = GridhuntBoard(_state())
    board.set_seat(0)
    assert board.confirm_button.disabled and CONFIRM_LABEL in board.buttons()
    before = board.controller.log()
    for label in (CONFIRM_LABEL, "Back"):
        with pytest.raises(ValueError, match=r"is disabled now, as on the board: it cannot be pressed; buttons "
                                             r"enabled: .*Clear path"):
            board.press(label)
    assert board.controller.log() == before and board.controller.clicks == ()


def test_illegal_clicks_are_explained_with_the_clause():
    s = _state()
    s.know[0].walls.add(cell_index(12, "b4"))
    ctl = GridhuntController(s, seat=0)
    ctl.click("b3")
    res = ctl.click("b4")
    assert res.status == "illegal" and res.clause == "GRID-D21"
    res = ctl.click("c3")
    assert res.clause == "GRID-3.1"
    assert ctl.confirm().status == "refused"
    shot = GridhuntController(position({0: "b2"}, phase="shot"), seat=0)
    assert shot.click("d2").clause == "GRID-4.1"
    other = GridhuntController(_state(), seat=1)
    assert other.click("d3").clause == "GRID-6"


def test_the_log_is_the_seats_history():
    board = GridhuntBoard(_state(), seed=1)
    board.click("b3")
    board.confirm_button.click()
    board.click("b2")
    assert board.controller.log()[-2:] == ["move b3", "shoot b2"]
    board.set_seat(4)
    assert board.controller.log()[-2:] == ["move ?", "shoot ?"]
    board.controller.back()
    assert board.controller.log()[-1] == "move ?"


def test_reachable_heat_map_matches_the_analysis():
    walls = ["c3", "d2", "b4"]
    steps = reachable_steps(12, "c2", walls)
    assert set(steps) == reachable_cells(12, "c2", walls)
    fig = reachable_figure(12, "c2", walls)
    z = [v for row in fig.data[0].z for v in row if v is not None]
    assert len(z) == len(steps) and max(z) == 6 and min(z) == 1
    assert fig.layout.title.text.startswith(f"{len(steps)} cells")


def test_belief_heat_map_and_sizes():
    game = boardkit.load_game("gridhunt", layout="small", turn_order="fixed")
    import random

    from boardkit import sample_chance

    rng = random.Random(3)
    s = game.new_initial_state()
    while len(s.history()) < 30 and not s.is_terminal():
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    cells = belief_set(s, 0)
    fig = belief_figure(s, 0)
    ones = sum(1 for row in fig.data[0].z for v in row if v == 1.0)
    assert ones == len(cells)
    line = belief_sizes_figure([25, 25, 9], 0)
    assert list(line.data[0].y) == [25, 25, 9]


def _drawing(widget):
    """Everything a board shows, widget by widget (labels, tooltips, colours, values, the SVG)."""
    out = []
    stack = [widget]
    while stack:
        w = stack.pop(0)
        style = getattr(w, "style", None)
        out.append((type(w).__name__, getattr(w, "description", None), getattr(w, "tooltip", None),
                    repr(getattr(w, "value", None)), repr(getattr(w, "options", None)),
                    getattr(style, "button_color", None), getattr(w, "disabled", None)))
        stack.extend(getattr(w, "children", ()))
    return out, widget.svg(), widget.status_text()


def _setter_paths(board, other):
    ctl = board.controller
    return {"board.set_seat": lambda: board.set_seat(other),
            "controller.set_seat": lambda: ctl.set_seat(other),
            "controller.seat =": lambda: setattr(ctl, "seat", other),
            "controller.bound = False": lambda: setattr(ctl, "bound", False),
            "board.bound_seat =": lambda: setattr(board, "bound_seat", other),
            "board.controller =": lambda: setattr(board, "controller", type(ctl)(ctl.state, seat=other))}


@pytest.mark.parametrize("game_id", boardkit.list_games())
def test_a_seat_bound_board_cannot_be_switched_by_any_path(game_id):
    """A bound board (only gridhunt's binds) refuses every path to another view or the truth,
    naming the bound seat, and draws exactly what it drew before the attempt; the other games'
    boards made for a seat are hot-seat boards, which switch seats."""
    game = boardkit.load_game(game_id)
    state = game.new_initial_state()
    rng = __import__("random").Random(4)
    while state.is_chance_node():
        boardkit.random_step(state, rng)
    board = board_widget(state, seat=1, seed=1)
    if getattr(board.controller, "bound_seat", None) is None:  # hot-seat play: the board switches seats
        assert game_id != "gridhunt", "a gridhunt board made for a seat is bound to it"
        board.set_seat(0)
        assert board.controller.seat == 0
        return
    before = _drawing(board)
    for other in (None, 0, 2):
        for label, attempt in _setter_paths(board, other).items():
            with pytest.raises(ValueError, match="bound to seat 1") as err:
                attempt()
            assert "seat 1" in str(err.value), label
            board.refresh()
            assert board.controller.seat == 1 and board.bound_seat == 1, label
            assert _drawing(board) == before, label
    from traitlets import TraitError

    with pytest.raises(TraitError):
        board.view.value = GM_VIEW  # not an option of a bound board's switch
    board.refresh()
    assert _drawing(board) == before


def test_a_game_masters_board_cannot_be_bound_afterwards():
    from boardkit.viz.gridhunt.widget import GridhuntBoard

    board = GridhuntBoard(_state())
    with pytest.raises(ValueError, match=r"game master's board, bound to no seat.*GridhuntBoard\(state, seat=3\)"):
        board.bound_seat = 3
    assert board.bound_seat is None


def test_a_bound_controller_keeps_its_seat():
    ctl = GridhuntController(_state(), seat=2)
    seen = ctl.observation()
    for attempt in (lambda: ctl.set_seat(None), lambda: setattr(ctl, "seat", 0), lambda: setattr(ctl, "bound", False)):
        with pytest.raises(ValueError, match="bound to seat 2.*never the truth or another seat's"):
            attempt()
    assert ctl.seat == 2 and ctl.bound and ctl.observation() == seen
    ctl.set_seat(2)  # the bound seat itself is fine
    with pytest.raises(ValueError, match="bound: .*has none"):
        GridhuntController(_state(), bound=True)
    gm = GridhuntController(_state())
    gm.set_seat(0)
    gm.bound = True  # a GM's controller may bind itself to the seat it shows, not unbind later
    with pytest.raises(ValueError, match="bound to seat 0"):
        gm.set_seat(None)


@pytest.mark.parametrize("bad, got", [({}, "a dict without 'size'"), (None, "None"), ("x", "'x'")])
def test_the_grid_pictures_name_an_argument_that_is_no_observation(bad, got):
    for draw in (grid_svg, grid_view):
        with pytest.raises(ValueError, match=rf"^{draw.__name__}: obs is a gridhunt observation "
                                             rf"\(state.observation\(seat\), .*\), not {got}"):
            draw(bad)
