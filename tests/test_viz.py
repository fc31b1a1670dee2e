"""Board widgets and pictures, driven from Python without a kernel (LEAD-* clauses via clicks)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import boardkit
from boardkit.viz.controller import BoardController

widgets = pytest.importorskip("ipywidgets")
from boardkit.viz.leaders.widget import HexBoardWidget, LeadersBoard  # noqa: E402

MARKET = ["Acrobat", "Vizier", "HermitCub"]
POSITION = {"pieces": {0: "King d1, Archer c3, Bruiser d3", 1: "Queen d6, Rider d4"}, "market": MARKET}
RECRUIT = {"pieces": {0: "King d1, Archer c3", 1: "Queen d7"}, "market": ["Rider", "Vizier", "HermitCub"],
           "phase": "recruit", "turn": 3}


@pytest.fixture
def game():
    return boardkit.load_game("leaders")


@pytest.fixture
def board(game):
    return LeadersBoard(game.state_from_position(POSITION), seed=1)


def targets(state, select: str) -> list[str]:
    return sorted({a.cells[0] for a in state.child(f"select {select}").legal_actions() if a.cells})


def test_leaders_board_is_a_hex_board_vbox(board, game):
    assert isinstance(board, HexBoardWidget) and isinstance(board, widgets.VBox)
    assert set(board.cell_buttons) == set(game.board.names)
    assert board.cell_buttons["d1"].description == "Kg"
    assert board.cell_buttons["d4"].style.button_color == "#c0392b"  # player 1's colour


def test_click_piece_highlights_legal_targets(board):
    """LEAD-2.2: clicking a character selects it; the highlighted cells are its legal targets."""
    start = board.controller.state
    board.cell_buttons["c3"].click()
    assert board.controller.log() == ["select c3"]
    assert board.controller.highlights() == targets(start, "c3")
    assert board.cell_buttons["c3"].style.button_color == "#ff8c00"  # selected
    for cell in board.controller.highlights():
        assert board.cell_buttons[cell].style.button_color == "#9be28f"
    assert "#9be28f" in board.svg_html.value


def test_click_target_applies_move(board):
    board.click("c3")
    before = board.controller.state.observation(None)
    board.click("c4")
    after = board.controller.state.observation(None)
    assert board.controller.log() == ["select c3", "move c4"]
    assert before != after and after["pieces"]["c4"]["kind"] == "Archer" and "c3" not in after["pieces"]
    assert board.cell_buttons["c4"].description == "Arc"
    assert "move c4" in board.log_html.value and "played: move c4" in board.message_html.value


def test_click_illegal_target_explains_with_clause(board):
    """LEAD-2.2: a non-adjacent destination is refused with the clause id; nothing changes."""
    board.click("c3")
    before = board.controller.state.observation(None)
    board.click("g4")
    assert "LEAD-2.2" in board.controller.message
    assert "LEAD-2.2" in board.message_html.value and "color:#c0392b" in board.message_html.value
    assert board.controller.state.observation(None) == before
    assert board.controller.log() == ["select c3"]
    assert board.controller.clicks == ()


def test_click_enemy_piece_explains(board):
    """LEAD-1.2: a player acts only with their own characters."""
    res = board.controller.click("d4")
    assert res.status == "illegal" and res.clause == "LEAD-1.2"
    assert board.controller.log() == []


def test_two_cell_action_collects_clicks(board, game):
    """LEAD-5.3: push takes two clicks: the enemy, then where it goes."""
    board.click("d3")
    res = board.controller.click("d4")
    assert res.status == "collecting" and board.controller.highlights() == ["c4", "d5", "e5"]
    assert board.cell_buttons["d4"].style.button_color == "#ff8c00"
    board.click("a4")  # not behind the Rider
    assert "LEAD-5.3" in board.controller.message and board.controller.clicks == ()
    board.click("d4")
    board.click("d5")
    assert board.controller.log() == ["select d3", "push d4 d5"]
    pieces = board.controller.state.observation(None)["pieces"]
    assert pieces["d4"]["kind"] == "Bruiser" and pieces["d5"]["kind"] == "Rider"


def test_clicking_last_cell_again_cancels(board):
    board.click("d3")
    board.click("d4")
    board.click("d4")
    assert board.controller.clicks == () and board.controller.last_result.status == "cancelled"


def test_pass_button_and_recruitment_with_card_choice(game):
    """LEAD-2.2 pass, then LEAD-2.3 recruitment: the card is chosen with the chooser."""
    board = LeadersBoard(game.state_from_position(POSITION))
    board.press("pass")
    assert board.controller.state.observation(None)["phase"] == "recruit"
    assert board.chooser.layout.display == ""
    assert [v for _, v in board.chooser.options] == ["", "Acrobat", "HermitCub", "Vizier"]
    board.chooser.value = "Vizier"
    assert board.controller.choice == "Vizier"
    board.click("c1")
    assert board.controller.log() == ["pass", "recruit Vizier c1"]
    assert board.controller.state.observation(None)["pieces"]["c1"]["kind"] == "Vizier"


def test_recruitment_without_choice_offers_options(game):
    board = LeadersBoard(game.state_from_position(RECRUIT))
    res = board.controller.click("c1")
    assert res.status == "pending"
    assert sorted(map(str, res.pending_options)) == ["recruit Rider c1", "recruit Vizier c1"]
    assert "e2" in res.highlights  # the Hermit & Cub card could go on c1 and e2
    board.press("recruit Rider c1")
    assert board.controller.log() == ["recruit Rider c1"]


def test_recruit_hermit_and_cub_two_clicks(game):
    """LEAD-7.1: Hermit & Cub go onto two recruitment cells."""
    board = LeadersBoard(game.state_from_position(RECRUIT))
    board.controller.choose("HermitCub")
    assert board.controller.click("c1").status == "collecting"
    assert board.controller.highlights() == ["a1", "b1", "e2", "f3", "g4"]
    board.click("e2")
    assert board.controller.log() == ["recruit HermitCub c1 e2"]


def test_recruit_on_wrong_cell_names_clause(game):
    """LEAD-2.3: recruitment goes onto the player's own recruitment cells."""
    ctl = BoardController(game.state_from_position(RECRUIT))
    ctl.choose("Rider")
    res = ctl.click("d4")
    assert res.status == "illegal" and res.clause == "LEAD-2.3" and "recruit Rider d4" in res.message
    with pytest.raises(ValueError):
        ctl.choose("Nemesis")


def test_back_forward_and_branches(board):
    ctl = board.controller
    board.click("c3")
    board.click("c4")
    board.press("Back")
    assert ctl.log() == ["select c3"] and ctl.line() == ["select c3", "move c4"]
    assert "move c4" not in map(str, ctl.state.history())
    board.press("Forward ▶")
    assert ctl.log() == ["select c3", "move c4"]
    ctl.back()
    board.click("b3")  # a different move: a new line
    assert ctl.log() == ["select c3", "move b3"]
    br = ctl.branches()
    assert [b.actions for b in br] == [("select c3", "move c4"), ("select c3", "move b3")]
    assert [b.current for b in br] == [False, True] and br[1].fork == 1
    assert board.branch_dropdown.layout.display == "" and board.branch_dropdown.value == 1
    board.branch_dropdown.value = 0  # the UI switch
    assert ctl.line() == ["select c3", "move c4"] and ctl.index == 1
    ctl.forward()
    assert ctl.state.observation(None)["pieces"]["c4"]["kind"] == "Archer"
    ctl.goto(0)
    assert ctl.log() == [] and board.back_button.disabled and not board.forward_button.disabled
    ctl.goto(-1)
    assert ctl.log() == ["select c3", "move c4"]
    with pytest.raises(IndexError):
        ctl.goto(5)
    ctl.back()
    ctl.apply("move c4")  # the same action again follows the existing line: no new branch
    assert len(ctl.branches()) == 2


def test_apply_text_and_illegal_apply(board):
    ctl = board.controller
    assert ctl.apply("select c3").status == "applied"
    res = ctl.apply("move g4")
    assert res.status == "illegal" and res.clause == "LEAD-2.2"
    assert ctl.apply("fly away").status == "illegal"
    assert ctl.log() == ["select c3"]


def test_chance_is_reproducible_with_seed(game):
    """LEAD-1.3 / LEAD-1.4 chance nodes: the same seed gives the same draws."""
    a, b = LeadersBoard(game, seed=11), LeadersBoard(game, seed=11)
    res = a.controller.click("d1")
    assert res.status == "refused" and "chance" in res.message and "color:#c0392b" in a.message_html.value
    a.press("Roll chance")
    assert len(a.controller.log()) == 1
    a.press("Roll until decision")
    b.press("Roll until decision")
    assert a.controller.log() == b.controller.log()
    assert not a.controller.state.is_chance_node() and len(a.controller.log()) == 4
    first = a.controller.log()
    a.controller.goto(0)
    a.controller.resolve_chance(until_decision=True)  # same position, same seed: same draws
    assert a.controller.log() == first and len(a.controller.branches()) == 1
    # an explicit rng follows boardkit.sample_chance exactly
    c = BoardController(game.new_initial_state())
    c.resolve_chance(random.Random(5))
    assert c.log() == [str(boardkit.sample_chance(game.new_initial_state(), random.Random(5)))]
    assert BoardController(game.new_initial_state()).resolve_chance(5).action == c.state.history()[0]
    for bad in (1.5, [1], True, object()):  # refused wherever the game stands (was a TypeError)
        for ctl in (BoardController(game.new_initial_state()), c):
            with pytest.raises(ValueError, match=r"^rng_or_seed: a seed \(a whole number or a text\)"):
                ctl.resolve_chance(bad)


def test_chance_outcome_buttons(game):
    board = LeadersBoard(game)
    labels = list(board.buttons())
    assert "draw Archer" in labels and "Roll chance" in labels
    board.press("draw Archer")
    assert board.controller.log() == ["draw Archer"]
    assert "Archer" in board.status_html.value


def test_click_refused_at_game_end(game):
    state = boardkit.random_playout(boardkit.load_game("leaders", max_turns=4).new_initial_state(), random.Random(2))
    assert state.is_terminal()
    ctl = BoardController(state)
    res = ctl.click("d1")
    assert res.status == "refused" and "over" in res.message
    assert ctl.button_actions() == [] and ctl.highlights() == []


def test_svg_has_one_polygon_per_cell(game):
    from boardkit.viz.leaders import hex_svg

    state = game.state_from_position(POSITION)
    svg = hex_svg(state, highlights=["c2"], selected="c3")
    assert svg.startswith("<svg") and svg.count("<polygon") == len(game.board.names) == 37
    for name in game.board.names:
        assert f'data-cell="{name}"' in svg
    assert "Bru" in svg and "#d4a017" in svg  # Bruiser; gold recruitment rings


def test_hex_figure_heat_map(game):
    pytest.importorskip("plotly")
    from boardkit.viz.leaders import hex_figure

    state = game.state_from_position(POSITION)
    values = {n: i for i, n in enumerate(game.board.names)}
    fig = hex_figure(state, values=values, title="cells")
    assert len(fig.layout.shapes) == 37 and fig.layout.title.text == "cells"
    with pytest.raises(ValueError, match="values: 'z9' is not a cell of board"):  # was a KeyError
        hex_figure(state, values={"z9": 1})
    with pytest.raises(ValueError, match="values: a number per cell, not 'x' for"):
        hex_figure(state, values={game.board.names[0]: "x"})
    assert len(hex_figure(game).layout.shapes) == 37


_PROBE = r"""
import sys
import boardkit.games.leaders.game, boardkit.games.leaders.position
import boardkit.viz.controller, boardkit.viz.leaders
heavy = sorted(m for m in ("ipywidgets", "plotly") if m in sys.modules)
sys.exit("imported " + ", ".join(heavy) if heavy else 0)
"""


def test_rules_and_controller_do_not_import_widgets():
    """Layering: the Leaders engine, the controller and the SVG module import neither
    ipywidgets nor plotly."""
    proc = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr or proc.stdout


def test_batch_draws_the_action_buttons_at_its_end_or_when_a_press_needs_them() -> None:
    """Inside ``board.batch()`` the action row is not redrawn after each action; a press (or
    ``buttons()``) draws the row of the position now, and the end of the batch draws it too."""
    board = LeadersBoard(boardkit.load_game("leaders"), seed=3)
    ctl = board.controller
    with board.batch():
        while ctl.state.is_chance_node():
            ctl.apply(str(ctl.state.legal_actions()[0]))
        assert board._actions_stale  # the row waits
        shown = set(board.buttons()) - {board.back_button.description, board.forward_button.description}
        assert not board._actions_stale
        assert shown == {str(a) for a in ctl.button_actions()} and "pass" in shown
        board.press("pass")
        assert board._actions_stale
    assert not board._actions_stale
    assert {b.description for b in board.action_box.children} == {str(a) for a in ctl.button_actions()}


def test_switch_branch_names_a_line_number_of_the_wrong_type(game):
    ctl = BoardController(game, seed=1)
    for bad in ("x", 1.5, True, None):
        with pytest.raises(ValueError, match=r"^switch_branch: i is a line number, a whole number 0 \.\. 0 "
                                             r"\(see branches\(\)\), not "):
            ctl.switch_branch(bad)
    with pytest.raises(IndexError, match=r"^switch_branch: no line 9: there is 1 line \(line 0\); see branches\(\)$"):
        ctl.switch_branch(9)
    ctl.apply(str(ctl.state.legal_actions()[0]))
    ctl.back()
    ctl.apply(str(ctl.state.legal_actions()[1]))  # a second line
    with pytest.raises(IndexError, match=r"^switch_branch: no line -1: there are 2 lines \(0 \.\. 1\); see branches"):
        ctl.switch_branch(-1)


@pytest.mark.parametrize("name", boardkit.list_games())
def test_a_seed_that_is_not_a_whole_number_text_or_none_is_refused(name):
    from boardkit.viz.widgets import board_widget

    game = boardkit.load_game(name)
    for bad in (1.5, [1], True, object()):
        for make in (BoardController, board_widget):
            with pytest.raises(ValueError, match=r"^seed: a whole number, a text or None .*, not "):
                make(game, seed=bad)
    for good in (-1, 10**100, "", "abc", None):
        assert BoardController(game, seed=good).seed == good


def test_a_games_own_board_refuses_a_state_of_another_game():
    """LeadersBoard, GridhuntBoard, ArmageddonBoard, MarabuntaBoard and the Battle Royale board
    (SquareBoardWidget) draw their own game: a state or game of another is refused at once,
    naming both (with the right article: "an armageddon state") and board_widget (it failed
    deep inside the drawing with an AttributeError, or a ValueError from the arena's
    observation); board_widget picks the right board for each."""
    from boardkit.viz.armageddon.widget import ArmageddonBoard
    from boardkit.viz.battle_royale.widget import SquareBoardWidget
    from boardkit.viz.gridhunt.widget import GridhuntBoard
    from boardkit.viz.marabunta.widget import MarabuntaBoard
    from boardkit.viz.widgets import board_widget

    boards = {"leaders": LeadersBoard, "gridhunt": GridhuntBoard, "armageddon": ArmageddonBoard,
              "marabunta": MarabuntaBoard, "battle_royale": SquareBoardWidget}
    for own, cls in boards.items():
        assert cls.game_id == own
        for other in boardkit.list_games():
            if other == own:
                continue
            game = boardkit.load_game(other)
            article = "an" if other == "armageddon" else "a"
            for given, what in ((game.new_initial_state(), "state"), (game, "game")):
                with pytest.raises(TypeError, match=rf"^{cls.__name__} draws {own} states and games, not {article} "
                                                    rf"{other} {what}: use board_widget\(state_or_game\), which picks"):
                    cls(given, seed=1)
    assert isinstance(board_widget(boardkit.load_game("gridhunt"), show_svg=False), GridhuntBoard)
