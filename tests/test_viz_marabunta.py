"""Marabunta pictures and board widget, driven from Python without a kernel (MARA-* via clicks)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import boardkit
from boardkit.viz.marabunta import (
    MarabuntaController,
    panels_html,
    players_html,
    round_html,
    sheets_svg,
    territory_svg,
)

ROLL = {"yellow": 2, "orange": "circle", "green": 0, "teal": 3, "purple": "crate", "brown": 1}
#: Round 1 at the split: red splits; blue wrote a 1 in c5 (teal, a cupcake field) and has no ant hill left.
AT_SPLIT = {"tile": "zeros2", "tiles_left": ["crates2", "circles2", "one", "zero", "cross2", "again"],
            "fields": {"c5": "blue 1"}, "players": {"blue": {"ant_hills": 0}}, "roll": ROLL}
PLAYED = {"round": 3, "tile": "one", "tiles_left": ["crates2", "circles2", "zero", "cross2"],
          "fields": {"f3": "red 2", "g3": "blue 0", "e4": "x", "k8": "red 3"}, "sheets": {"teal": [4, 3]},
          "players": {"red": {"ant_hills": 1, "crates": {"ones": 2}}}}


@pytest.fixture(scope="module")
def game():
    return boardkit.load_game("marabunta")


def fields_in(svg: str, attr: str = "") -> list[str]:
    """Field names of the SVG's field groups (with ``attr`` in the tag, if given)."""
    return sorted(re.findall(r'<g class="field" data-field="([a-z0-9]+)"[^>]*' + re.escape(attr), svg))


def uses(state, element: str) -> list[str]:
    """Fields of the legal uses of ``element`` (a die colour)."""
    return sorted({a.field for a in state.legal_actions() if getattr(a, "element", None) == element and a.cells})


# -- pictures (no ipywidgets) --------------------------------------------------------------------
def test_territory_svg_fields_numbers_crosses_and_specials(game):
    state = game.state_from_position(PLAYED)
    svg = territory_svg(state)
    assert svg.count("<polygon") == 84 and len(fields_in(svg)) == 84
    assert len(set(re.findall(r'data-region="(\w+)"', svg))) == 6
    assert re.search(r'data-field="f3".*?<text class="number red"[^>]*fill="#c0392b">2</text>', svg)
    assert re.search(r'data-field="g3".*?<text class="number blue"[^>]*fill="#2f6db5">0</text>', svg)
    assert svg.count('class="number') == 3 and svg.count('class="crossed"') == 1
    assert re.search(r'data-field="e4"[^>]*><title>e4: [a-z]+[^<]*crossed out', svg)
    assert svg.count('fill="#e75480"/>') == 12 + 1  # 12 cupcake fields and the legend
    assert svg.count('fill="#8d5524" stroke="#3e2723"') == 12  # crate fields
    assert svg.count('class="die"') == 0 and "tile: <tspan" in svg and "round 3" in svg
    # the observation draws the same picture (the default game gives the map)
    assert territory_svg(state.observation(None)) == svg


def test_territory_svg_highlights_and_dice(game):
    state = game.state_from_position(AT_SPLIT)
    svg = territory_svg(state, highlights=["a2", "b4"], selected="c5")
    assert fields_in(svg, 'data-highlight="1"') == ["a2", "b4"]
    assert re.search(r'data-field="c5"[^>]*>.*?stroke="#ff8c00" stroke-width="3.0"', svg)
    assert svg.count('class="die"') == 6 and ">○</text>" in svg and ">▣</text>" in svg


def test_sheets_players_and_round_panels(game):
    state = game.state_from_position(PLAYED)
    sheets = sheets_svg(state)
    assert sheets.count('class="sheet"') == 6 and sheets.count("sheet-circle") == 60
    teal = sheets.split('data-region="teal"')[1].split("</g>")[0]
    assert teal.count("sheet-circle red") == 4 and teal.count("sheet-circle blue") == 3
    assert teal.count("sheet-circle empty") == 3
    players = players_html(state)
    assert players.count("class='mara-player'") == 2
    assert "ant hills: ▲✕" in players and "☒☒☐" in players and "write three 1s" in players
    assert "victory points (3)" in players and "= <b>" in players
    rnd = round_html(state)
    assert "<b>round 3</b>" in rnd and "tile: <b>one</b>" in rnd and "tiles left: 4" in rnd
    at_split = round_html(game.state_from_position(AT_SPLIT))
    assert at_split.count("title='") == 6 and "dice:" in at_split  # one chip per die
    both = panels_html(state)
    assert "boardkit-marabunta-sheets" in both and "mara-round" in both and "mara-player" in both


def test_pure_module_imports_no_widgets_or_plotly():
    probe = ("import sys, boardkit, boardkit.viz.marabunta as m\n"
             "s = boardkit.load_game('marabunta', first_player=0).new_initial_state()\n"
             "m.territory_svg(s); m.panels_html(s); m.MarabuntaController(s)\n"
             "heavy = [x for x in ('ipywidgets', 'plotly') if x in sys.modules]\n"
             "print(*heavy); sys.exit(1 if heavy else 0)\n")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr or proc.stdout


def test_controller_element_filters_and_explains(game):
    """MARA-4.3 / MARA-4.5 / MARA-1.2 through the controller alone."""
    ctl = MarabuntaController(game.state_from_position(AT_SPLIT).child("split yellow green tile"))
    assert [str(a) for a in ctl.button_actions()] == ["take orange teal purple brown", "take yellow green tile"]
    ctl.apply("take orange teal purple brown")
    assert [k for _, k in ctl.elements()] == ["orange", "teal", "purple"]  # brown: no legal field (no ant hill)
    ctl.select_element("teal")
    assert ctl.highlights() == uses(ctl.state, "teal") and ctl.choices() == ["teal 3"]
    assert ctl.button_actions() == []
    res = ctl.click("a2")  # teal, but not next to blue's number and no ant hill left
    assert res.status == "illegal" and res.clause == "MARA-4.5" and "teal 3 a2" in res.message
    ctl.select_element("")
    assert ctl.click("k10").clause == "MARA-4.3"  # yellow: the teal 3 goes in a teal field
    with pytest.raises(ValueError):
        ctl.select_element("brown")


# -- the widget --------------------------------------------------------------------------------
widgets = pytest.importorskip("ipywidgets")
from boardkit.viz.marabunta.widget import MarabuntaBoard  # noqa: E402
from boardkit.viz.widgets import BoardWidget, board_widget  # noqa: E402


@pytest.fixture
def board(game):
    return MarabuntaBoard(game.state_from_position(AT_SPLIT), seed=1)


def test_board_widget_returns_marabunta_board(game):
    board = board_widget(game.state_from_position(AT_SPLIT), show_svg=False)
    assert type(board) is MarabuntaBoard and isinstance(board, BoardWidget)
    assert isinstance(board.controller, MarabuntaController)
    assert type(board_widget(game)) is MarabuntaBoard


def test_buttons_laid_out_as_the_ring(board, game):
    assert sorted(board.cell_buttons) == sorted(game.board.names)
    c5 = board.cell_buttons["c5"]
    assert c5.description == "1♥" and c5.style.text_color == "#2f6db5" and "blue wrote 1" in c5.tooltip
    assert board.cell_buttons["a2"].style.button_color == "#a8e0d8"  # teal
    # the middle row runs round the empty centre: the first field after it has a wide left margin
    r_of = dict(zip(game.board.names, (r for _q, r in game.board.coords)))
    middle = next(row for row in board.cell_layout.rows if r_of[row[0]] == 0)
    assert len(middle) == 8 and board.cell_buttons[middle[4]].layout.margin == "1px 1px 1px 151px"  # 3 fields
    assert [board.cell_buttons[n].layout.margin for n in middle[:4] + middle[5:]] == ["1px"] * 7
    assert board.svg_html.value.count("<polygon") == 84
    assert "mara-round" in board.panels_html.value and "red (player 0)" in board.status_html.value


@pytest.fixture
def published_board():
    """The board under rules="published" (the tile may be skipped, MARA-3.6) with the variant
    first_number="free" (red's first number needs no ant hill, MARA-4.5)."""
    game = boardkit.load_game("marabunta", rules="published", first_number="free")
    return MarabuntaBoard(game.state_from_position(AT_SPLIT), seed=1)


def test_MARA_3_2_split_pressed_with_nothing_toggled_names_the_rule(published_board):
    """MARA-3.2 (each pool needs at least one element): Split pressed with no toggle on is the
    split of every element against none, refused naming the clause as with every toggle on (it
    said "Not an action: 'split': an element is missing")."""
    board, ctl = published_board, published_board.controller
    assert not any(t.value for t in board.split_toggles.values())
    board.press("Split")
    assert ctl.last_result.status == "illegal" and ctl.last_result.clause == "MARA-3.2" and ctl.log() == []
    assert ctl.message == ("Illegal: split yellow orange green teal purple brown tile [MARA-3.2] each pool needs at "
                           "least one element: this split leaves the other pool empty"), ctl.message
    assert "MARA-3.2" in board.message_html.value


def test_a_round_through_the_widget(published_board):
    """MARA-3.2 .. MARA-4.6, MARA-3.6: split by toggles, take, use dice by clicks and buttons,
    skip the tile; then chance rolls the next round, and Back / Forward replay it."""
    board = published_board
    ctl = board.controller
    assert set(board.buttons()) == {"Split", "◀ Back", "Forward ▶"}  # no 63 split buttons
    assert board.split_toggles["teal"].description == "teal 3" and board.split_toggles["tile"].description == "tile zeros2"
    for t in board.split_toggles.values():  # all six dice with the tile: the other pool is empty
        t.value = True
    board.press("Split")
    assert ctl.last_result.clause == "MARA-3.2" and "MARA-3.2" in board.message_html.value and ctl.log() == []
    for t in board.split_toggles.values():
        t.value = False
    for e in ("yellow", "green", "tile"):
        board.split_toggles[e].value = True
    assert "pool with the tile: <b>yellow green tile</b>" in board.split_preview.value
    board.press("Split")
    assert ctl.log() == ["split yellow green tile"] and board.split_preview.layout.display == "none"
    assert ctl.click("c6").clause == "MARA-3.3"  # the chooser takes a pool first
    board.press("take orange teal purple brown")
    assert "carries out: orange circle, teal 3, purple crate, brown 1" in board.panels_html.value
    # a die used by clicking a highlighted field
    board.element_selector.value = "teal"
    hl = ctl.highlights()
    assert hl == uses(ctl.state, "teal") and "c4" in hl and "a2" not in hl
    assert board.cell_buttons["c4"].style.button_color == "#9be28f"
    assert fields_in(board.svg_html.value, 'data-highlight="1"') == hl
    board.click("a2")  # MARA-4.5: not next to a blue number, no ant hill left
    assert ctl.last_result.clause == "MARA-4.5" and "MARA-4.5" in board.message_html.value
    assert "color:#c0392b" in board.message_html.value
    board.click("c5")  # MARA-1.2: blue's 1 is there
    assert ctl.last_result.clause == "MARA-1.2" and len(ctl.log()) == 2
    board.element_selector.value = "teal"
    board.click("c4")
    assert ctl.log()[-1] == "teal 3 c4" and board.cell_buttons["c4"].description == "3"
    assert board.element_selector.value == ""  # reset after the action
    # the crate die: the group is a button
    board.element_selector.value = "purple"
    assert {b for b in board.buttons() if b.startswith("purple crate")} == {
        f"purple crate {g}" for g in ctl.game.groups}
    assert "orange circle" not in board.buttons()
    board.press("purple crate ones")
    assert "☒☐☐" in board.panels_html.value
    board.press("orange circle")  # brown is lost: no legal field (MARA-4.6); red carries out the rest
    obs = ctl.state.observation(None)
    assert obs["lost"] == ["blue lost brown"] and ctl.state.current_player() == 0
    assert "lost: blue lost brown" in board.panels_html.value
    # a field several elements can take: the candidates are offered as buttons
    res = ctl.click("k8")
    assert res.status == "pending" and {"green 0 k8", "tile 0 k8", "yellow 2 k8"} <= set(board.buttons())
    board.press("yellow 2 k8")
    assert board.cell_buttons["k8"].description == "2" and board.cell_buttons["k8"].style.text_color == "#c0392b"
    board.chooser.value = "green 0"
    assert ctl.highlights() == sorted({a.field for a in ctl.state.legal_actions() if str(a).startswith("green 0 ")
                                       and not a.ant})
    board.click("j8")
    assert ctl.log()[-1] == "green 0 j8"
    board.press("skip tile")  # MARA-3.6: the tile is optional (published)
    assert ctl.state.is_chance_node() and "round 2" in board.status_html.value
    assert set(board.buttons()) >= {"Roll chance", "Roll until decision"}
    board.press("Roll until decision")
    assert ctl.state.observation(None)["phase"] == "split" and board.split_button in board.action_box.children
    n = len(ctl.log())
    board.press("Back")
    assert len(ctl.log()) == n - 1 and ctl.state.is_chance_node() and not board.forward_button.disabled
    board.press("Forward")
    assert len(ctl.log()) == n and board.forward_button.disabled
    ctl.goto(2)  # after the take: the pool is blue's again
    assert ctl.state.current_player() == 1 and "teal" in [k for _, k in board.element_selector.options]


def test_ant_hill_fields_are_dashed(game):
    """MARA-4.5: a field reached only by crossing an ant hill is outlined dashed."""
    board = MarabuntaBoard(game.state_from_position({**AT_SPLIT, "players": {}}), show_panels=False)
    board.controller.apply("split yellow green tile")
    board.press("take orange teal purple brown")
    board.element_selector.value = "brown"  # no blue number next to the brown region
    ants = board.controller.ant_fields()
    assert ants and ants == board.controller.highlights()
    assert "dashed" in board.cell_buttons[ants[0]].layout.border
    assert 'stroke-dasharray="4 2"' in board.svg_html.value
    board.click(ants[0])
    assert board.controller.log()[-1] == f"brown 1 {ants[0]} ant"
    assert board.controller.state.observation(None)["players"][1]["ant_hills"] == 1


def test_batch_redraws_the_cells_once_at_the_end():
    """Scripted play inside ``board.batch()``: the cells keep their look until the block ends."""
    import boardkit
    from boardkit.viz.marabunta.widget import MarabuntaBoard

    board = MarabuntaBoard(boardkit.load_game("marabunta", first_player=0), seed=3)
    board.press("Roll until decision")
    before = {n: (b.description, b.style.button_color) for n, b in board.cell_buttons.items()}
    with board.batch():
        board.split_toggles["tile"].value = True
        board.press("Split")
        board.press(next(label for label in board.buttons() if label.startswith("take")))
        assert {n: (b.description, b.style.button_color) for n, b in board.cell_buttons.items()} == before
        assert board.controller.state.phase == "pool"
    after = {n: (b.description, b.style.button_color) for n, b in board.cell_buttons.items()}
    assert after != before  # the chooser's legal fields are highlighted now
