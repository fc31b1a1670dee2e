"""Core v2: the game spec and registry, notation as a table, one outcome shape, seats
(several players acting at once, a seat that is not to move), on hand-made games."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

import boardkit
from boardkit import SIMULTANEOUS, TERMINAL, IllegalActionError, NotationError, Outcome
from boardkit.core.actions import Action, Draw, FirstPlayer, Roll, RollDie
from boardkit.core.game import Game, State
from boardkit.core.notation import Form, Notation, NotationContext, Vocabulary
from boardkit.core.rules import ClauseRegistry, Clause
from boardkit.core.spec import GameSpec, Option, OptionError


@dataclass(frozen=True)
class Recruit(Action):
    card: str
    cell: str
    cell2: str = ""
    forms = (Form("recruit {card:card...} {cell:cell} [{cell2:cell}]", doc="recruit CARD onto CELL"),)


@dataclass(frozen=True)
class Write(Action):
    element: str
    number: int
    field: str
    ant: bool = False
    forms = (Form("{element:colour} {number:int} {field:cell} [ant]", doc="write a number"),)


@dataclass(frozen=True)
class Pass(Action):
    forms = (Form("pass", doc="end the phase"),)


CARDS = Vocabulary("card", ("Archer", "Acrobat", "ClawLauncher", "HermitCub"), aliases={"claw": "ClawLauncher"},
                   prefixes=True)
CTX = NotationContext(cells=frozenset({"c1", "e2", "i8"}), num_players=2,
                      vocabularies={"card": CARDS, "colour": Vocabulary("colour", ("yellow", "teal")),
                                    "face": Vocabulary("face", ("move", "explosion")),
                                    "die": Vocabulary("die", ("teal", "yellow"))})
TABLE = Notation((FirstPlayer, Draw, Roll, RollDie, Recruit, Write, Pass))


@pytest.mark.parametrize("text, action, cells, choice", [
    ("first 1", FirstPlayer(1), (), "first 1"),
    ("draw arch", Draw("Archer"), (), "draw Archer"),
    ("roll Explosion", Roll("explosion"), (), "roll explosion"),
    ("roll teal move", RollDie("move", "teal"), (), "roll teal move"),
    ("recruit claw launcher C1", Recruit("ClawLauncher", "c1"), ("c1",), "ClawLauncher"),
    ("recruit Hermit & Cub c1 e2", Recruit("HermitCub", "c1", "e2"), ("c1", "e2"), "HermitCub"),
    ("yellow 2 i8 ant", Write("yellow", 2, "i8", True), ("i8",), "yellow 2 ant"),
    ("teal 0 e2", Write("teal", 0, "e2"), ("e2",), "teal 0"),
    ("pass", Pass(), (), "pass"),
])
def test_notation_table_parses_writes_and_clicks(text: str, action: Action, cells: tuple[str, ...], choice: str) -> None:
    parsed = TABLE.parse(text, CTX)
    assert parsed == action and type(parsed) is type(action)
    assert TABLE.parse(str(parsed), CTX) == parsed  # str and parse are inverse
    assert parsed.cells == cells and parsed.choice == choice


@pytest.mark.parametrize("text, words", [
    ("recruit archer z9", ["'z9' is not a cell", "recruit CARD... CELL [CELL]"]),
    ("first 2", ["'2' is not a seat"]),
    ("draw a", ["ambiguous", "Acrobat", "Archer"]),
    ("jump c1", ["unknown action 'jump'", "recruit", "pass"]),
    ("yellow two i8", ["'two' is not a whole number"]),
    ("yellow ² i8", ["'²' is not a whole number"]),
    ("first ①", ["'①' is not a seat"]),
    ("first " + "9" * 900, ["is not a seat"]),
    ("first " + "9" * 5000, ["'first 999", "at most 1000 characters", "this one 5006"]),
    ("move" + " a1" * 100, ["at most 64 words", "this one 101"]),
    ("roll -move", ["'-move' is not a face"]),
    ("pass now", ["'now' is not expected"]),
    ("", ["empty action"]),
])
def test_notation_errors_name_the_word_and_the_form(text: str, words: list[str]) -> None:
    with pytest.raises(NotationError) as info:
        TABLE.parse(text, CTX)
    for w in words:
        assert w in str(info.value)


def test_notation_rows_feed_the_spec_page() -> None:
    rows = TABLE.rows()
    assert [r["form"] for r in rows][:4] == ["first PLAYER", "draw CARD...", "roll FACE", "roll DIE FACE"]
    assert all(set(r) == {"form", "action", "doc", "clause", "example"} for r in rows)
    with pytest.raises(ValueError):
        Form("recruit [ {cell:cell}")


def test_notation_rows_in_a_game_give_examples_the_game_reads() -> None:
    for name in boardkit.list_games():
        game = boardkit.load_game(name)
        ctx = game.notation_context()
        for row in game.spec.notation.rows(ctx):
            if row["example"]:
                game.spec.notation.parse(row["example"], ctx)
    arma = boardkit.load_game("armageddon")
    assert "roll 1" in [r["example"] for r in arma.spec.notation.rows(arma.notation_context())]


def test_outcome_shape() -> None:
    o = Outcome((0,), "Queen captured", "LEAD-3.4", (1, -1))
    assert o.winner == 0 and str(o) == "player 0 wins: Queen captured (LEAD-3.4)"
    assert o.to_dict() == {"winners": [0], "reason": "Queen captured", "clause": "LEAD-3.4", "returns": [1, -1]}
    assert Outcome((), "cut off", "BR-D9", (0, 0)).winner is None
    with pytest.raises(ValueError):
        Outcome((1, 0), "x", "LEAD-3.4", (1, 1))
    with pytest.raises(ValueError):
        Outcome((0,), "x", "", (1, -1))


def test_registry_and_per_instance_players() -> None:
    assert {"leaders", "battle_royale", "marabunta"} <= set(boardkit.list_games())
    spec = boardkit.get_spec("battle_royale")
    assert spec.players == (2, 4) and spec.information == "imperfect"
    two, four = boardkit.load_game("battle_royale"), boardkit.load_game("battle_royale", players=4)
    assert (two.num_players, four.num_players) == (2, 4)  # one instance does not change another
    assert "num_players" not in vars(type(two))
    with pytest.raises(OptionError, match="registered games"):
        boardkit.get_spec("chess")


# -- a hand-made game where both players act at once (matching pennies) ----------------------

@dataclass(frozen=True)
class Show(Action):
    side: str
    button = True
    forms = (Form("show {side:side}", doc="show a side of the coin", clause="PEN-1"),)


PENNIES = GameSpec(
    id="pennies", title="Matching pennies", seed="", players=(2, 2), seats=("even", "odd"), chance=False,
    information="imperfect", board="", options=(Option("rounds", 1, "rounds", "PEN-2", kind=int),),
    notation=Notation((Show,)), rules_version="1", rules_history=(("1", "rules"),), game="test_core_spec:Pennies",
    turn_clause="PEN-1")


class Pennies(Game):
    spec = PENNIES

    @property
    def clauses(self) -> ClauseRegistry:
        clauses = (Clause("PEN-1", "both show at once"), Clause("PEN-2", "even wins on a match"))
        return ClauseRegistry("pennies", "", {c.id: c for c in clauses})

    def vocabularies(self) -> dict[str, Vocabulary]:
        return {"side": Vocabulary("side", ("heads", "tails"))}

    def new_initial_state(self) -> "PenniesState":
        return PenniesState(self)


class PenniesState(State):
    def __init__(self, game: Pennies) -> None:
        super().__init__(game)
        self.shown: dict[int, str] = {}

    def current_player(self) -> int:
        return TERMINAL if len(self.shown) == 2 else SIMULTANEOUS

    def current_players(self) -> list[int]:
        return [p for p in (0, 1) if p not in self.shown] if len(self.shown) < 2 else []

    def _legal_actions(self) -> list[Action]:
        return [Show("heads"), Show("tails")]

    def _legal_actions_for(self, player: int) -> list[Action]:
        return self._legal_actions()

    def _apply_by(self, action: Action, player: int) -> None:
        assert isinstance(action, Show)
        self.shown[player] = action.side

    def _seen_by(self, action: Action) -> frozenset[int] | None:
        return frozenset()  # a coin is hidden until both are shown

    def _explain(self, action: Action) -> IllegalActionError:
        return IllegalActionError("PEN-1", "the coins are shown", action)

    def returns(self) -> list[Fraction | int]:
        if len(self.shown) < 2:
            return [0, 0]
        return [1, -1] if self.shown[0] == self.shown[1] else [-1, 1]

    def _outcome(self) -> Outcome:
        r = self.returns()
        return Outcome((0 if r[0] > 0 else 1,), "the coins match" if r[0] > 0 else "the coins differ", "PEN-2", tuple(r))

    def observation(self, player: int | None) -> dict[str, Any]:
        done = len(self.shown) == 2
        return {"shown": {p: s for p, s in self.shown.items() if done or player is None or p == player}}

    def public_observation(self) -> dict[str, Any]:
        return {"shown": dict(self.shown) if len(self.shown) == 2 else {}, "waiting": self.current_players()}


def test_several_players_act_at_once() -> None:
    state = Pennies().new_initial_state()
    assert state.current_player() == SIMULTANEOUS and state.current_players() == [0, 1]
    with pytest.raises(ValueError, match="act at once"):
        state.apply_action("show heads")
    state.apply_action("show heads", player=1)
    assert state.current_players() == [0] and state.legal_actions(1) == []
    err = state.why_illegal("show tails", player=1)
    assert err is not None and err.clause == "PEN-1" and "not player 1's turn" in err.reason
    assert state.observation(0) == {"shown": {}} and state.history(0) == ["show ?"]
    assert "heads" not in str(state)  # str is public information only
    state.apply_action(Show("tails"), player=0)
    assert state.is_terminal() and state.outcome() == Outcome((1,), "the coins differ", "PEN-2", (-1, 1))
    assert state.history(0) == ["show ?", "show ?"] and [str(a) for a in state.history()] == ["show heads", "show tails"]
    with pytest.raises(ValueError, match="seat"):
        state.history(2)


def test_stored_action_is_the_games_own_form(monkeypatch: pytest.MonkeyPatch) -> None:
    import toygame

    toygame.register(monkeypatch)
    state = boardkit.load_game("toy").new_initial_state()
    first = FirstPlayer(True)  # equal to FirstPlayer(1), but written "first True"
    assert first == FirstPlayer(1) and str(first) == "first True"
    state.apply_action(first)
    assert str(state.history()[0]) == "first 1"  # stored as the legal action itself
    again = boardkit.state_from_json(state.to_json())
    assert again.current_player() == 1
    state.apply_action(toygame.Take(1.0))  # type: ignore[arg-type]  # 1.0 == 1: normalised too
    assert [str(a) for a in state.history()] == ["first 1", "take 1"]
    with pytest.raises(NotationError, match="not a whole number"):
        state.apply_action(toygame.Take(1.5))  # type: ignore[arg-type]


@pytest.mark.parametrize("name, desc", [
    ("leaders", {"pieces": {"0": "King d1", "1": "Queen d7, Archer c1, Rider e2, Vizier d2"},
                 "market": ["Jailer", "Wanderer", "Acrobat"]}),  # the King already surrounded (LEAD-3.1)
])
def test_study_positions_are_saved_as_such_and_reload(name: str, desc: dict[str, Any]) -> None:
    game = boardkit.load_game(name)
    with pytest.raises(IllegalActionError, match="study=True"):
        game.state_from_position(desc)
    state = game.state_from_position(desc, study=True)
    again = boardkit.state_from_json(state.to_json())
    assert again.to_position() == state.to_position() and '"study": true' in state.to_json()
    with pytest.raises(TypeError, match="study is True or False"):
        game.state_from_position(desc, study="yes")  # type: ignore[arg-type]


def test_the_first_schema_check_does_not_load_the_iri_format_grammar() -> None:
    """jsonschema is imported without rfc3987_syntax (about 4 s of grammar building on a 2-core
    machine, for a format no boardkit schema uses), and that package stays importable."""
    import subprocess
    import sys

    code = ("import sys, boardkit; boardkit.load_game('leaders'); import jsonschema; "
            "assert 'rfc3987_syntax' not in sys.modules, 'loaded'; "
            "import importlib.util; spec = importlib.util.find_spec('rfc3987_syntax'); "
            "spec is None or __import__('rfc3987_syntax'); print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


@pytest.mark.parametrize("name, options, text, seats", [
    ("gridhunt", {}, "turn 8", "0 .. 7"),  # 8 players (GRID-1.2), though the spec allows 75 seats
    ("gridhunt", {"players": 10}, "turn 12", "0 .. 9"),
    ("battle_royale", {}, "first 4", "0 .. 1"),  # 2 players: the notation reads 4 seats, names the 2 played
    ("battle_royale", {}, "first x", "0 .. 1"),
    ("battle_royale", {"players": 3}, "first 9", "0 .. 2"),
    ("leaders", {}, "first 2", "0 .. 1"),
    ("marabunta", {}, "first 2", "0 .. 1"),
])
def test_notation_gives_the_seats_of_the_game_played(name, options, text, seats):
    """A seat number past the game's players is a wrong notation naming this game's seats, not
    the most any game of the kind may have (gridhunt: 75). Battle Royale's notation still reads
    its four seats in a game of two ('first 3' is then refused by the rules, naming a clause), as actions
    of a 4-player game given to a 2-player one are refused with a clause (tests/test_conformance.py);
    a seat past the four is refused naming the game's own seats, not '0 .. 3'."""
    game = boardkit.load_game(name, **options)
    with pytest.raises(NotationError, match=f"is not a seat \\({seats}\\)"):
        game.new_initial_state().parse_action(text)
    last = text.split()[0] + " " + seats.split()[-1]
    assert str(game.new_initial_state().parse_action(last)) == last
