"""Marabunta on the shared State API: the notation table, positions both ways, study
positions, seats and the outcome (MARA-2 .. MARA-8, MARA-D11)."""

from __future__ import annotations

import json
import random
import re

import pytest

import boardkit
from boardkit import IllegalPositionError, NotationError, sample_chance
from boardkit.core.actions import FirstPlayer, RollDie
from boardkit.core.notation import fit_form, render
from boardkit.games.marabunta.actions import Place
from boardkit.games.marabunta.tasks import Phase

REGIONS = ("yellow", "orange", "green", "teal", "purple", "brown")


def _random_states(seed: int, game: boardkit.Game | None = None):
    """Every state of one seeded random game, in order (the last one terminal)."""
    rng = random.Random(seed)
    s = (game or boardkit.load_game("marabunta")).new_initial_state()
    yield s.clone()
    while not s.is_terminal():
        a = sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        s.apply_action(a)
        yield s.clone()


def _same(a, b) -> None:
    assert a.to_position(finished=True) == b.to_position(finished=True)
    assert a.observation(None) == b.observation(None)
    assert a.current_player() == b.current_player()
    if a.is_chance_node():
        assert [(str(x), p) for x, p in a.chance_outcomes()] == [(str(x), p) for x, p in b.chance_outcomes()]
    else:
        assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]


def test_notation_forms_write_what_str_writes_and_read_it_back() -> None:
    """Every action met in random games: ``str`` (written directly for speed) equals the
    words of its first fitting form, and parsing it gives the same action back."""
    seen_kinds = set()
    for seed in range(3):
        for s in _random_states(seed, boardkit.load_game("marabunta", decline=True)):
            acts = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
            for a in acts:
                form = fit_form(a)
                assert form is not None, a
                assert str(a) == " ".join(w for w, _ in render(a, form))
                assert s.parse_action(str(a)) == a
                if isinstance(a, Place):  # the board widget: the notation without the clicked field
                    assert a.choice == " ".join(w for w in str(a).split() if w not in a.cells)
                    assert a.cells == ((a.field,) if a.field else ())
                seen_kinds.add(type(a).__name__ + (f":{a.kind}:{bool(a.element)}" if isinstance(a, Place) else ""))
    assert {"FirstPlayer", "Reveal", "RollDie", "Split", "Take", "Skip", "Place:write:True", "Place:circle:True"} <= seen_kinds


def test_notation_table_examples_parse() -> None:
    """Each form of the spec's table has a doc, a clause and an example that reads back as written."""
    game = boardkit.load_game("marabunta")
    s = game.new_initial_state()
    rows = game.spec.notation.rows()
    assert len(rows) >= 20
    for row in rows:
        assert row["doc"] and row["example"], row
        if row["action"] not in ("FirstPlayer", "RollDie"):
            assert row["clause"].startswith("MARA-"), row
        if row["example"] == "roll explosion":  # core's form for a game with one die, not Marabunta's
            continue
        assert str(s.parse_action(row["example"])) == row["example"]


def test_cells_and_choice_as_the_board_widget_reads_them() -> None:
    assert Place("yellow", "write", 2, "i8", True).choice == "yellow 2 ant"
    assert Place("yellow", "write", 2, "i8", True).cells == ("i8",)
    assert Place("tile", "cross", field="c5").choice == "tile cross"
    assert Place("", "cross", field="d6").choice == "cross"
    assert Place("teal", "circle", target="teal").choice == "teal circle"
    assert Place("teal", "circle", target="teal").cells == ()
    assert str(Place("tile", "circle", target="yellow", again="yellow")) == "tile again yellow circle"
    assert str(RollDie("2", "yellow")) == "roll yellow 2" and RollDie("2", "yellow").choice == "roll yellow 2"


def test_hand_built_actions_that_only_compare_equal_are_stored_in_the_game_form() -> None:
    """FirstPlayer(True) == FirstPlayer(1) and 2.0 == 2: the legal action's own object is
    stored, so the saved game reloads; a value written differently and not legal is refused."""
    s = boardkit.load_game("marabunta").new_initial_state()
    s.apply_action(FirstPlayer(True))  # type: ignore[arg-type]
    assert type(s.history()[-1].player) is int and str(s.history()[-1]) == "first 1"
    rng = random.Random(5)
    while s.current_player() < 0:
        s.apply_action(sample_chance(s, rng))
    s.apply_action("split tile")
    s.apply_action("take tile")
    legal = [a for a in s.legal_actions() if isinstance(a, Place) and a.kind == "write"]
    a = legal[0]
    s.apply_action(Place(a.element, "write", float(a.number), a.field, a.ant))  # type: ignore[arg-type]
    assert type(s.history()[-1].number) is int
    again = boardkit.load_game("marabunta").state_from_json(s.to_json())
    assert again.observation(None) == s.observation(None)
    with pytest.raises(NotationError, match="2.5"):
        s.apply_action(Place("yellow", "write", 2.5, "h6"))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(4))
def test_positions_round_trip_on_random_states(seed: int) -> None:
    """to_position(finished=True) -> state_from_position() gives the same position (observation, legal
    actions, chance outcomes, its own description), and both play on alike."""
    game = boardkit.load_game("marabunta")
    kinds = set()
    for i, s in enumerate(_random_states(seed, game)):
        if i % 3 and not s.tasks and not s.is_terminal() and s.phase != Phase.REVEAL:
            continue
        pos = s.to_position(finished=True)  # a finished sheet reads back too (its scoring)
        json.dumps(pos)
        t = game.state_from_position(pos)
        _same(s, t)
        kinds.add(s.phase)
        if s.tasks:
            kinds.add("pending")
        rng1, rng2 = random.Random(i), random.Random(i)
        for _ in range(4):
            if s.is_terminal():
                break
            a = sample_chance(s, rng1) if s.is_chance_node() else rng1.choice(s.legal_actions())
            b = sample_chance(t, rng2) if t.is_chance_node() else rng2.choice(t.legal_actions())
            assert a == b
            s.apply_action(a)
            t.apply_action(b)
            _same(s, t)
    assert {Phase.REVEAL, Phase.ROLL, Phase.SPLIT, Phase.TAKE, Phase.POOL, Phase.OVER} <= kinds
    assert "pending" in kinds


def test_position_of_the_first_draw_round_trips() -> None:
    game = boardkit.load_game("marabunta")
    s = game.new_initial_state()
    assert s.phase == Phase.FIRST and s.to_position()["phase"] == "first"
    _same(s, game.state_from_position(s.to_position()))


def test_state_from_position_copies_its_input() -> None:
    """Editing the caller's description afterwards changes nothing."""
    game = boardkit.load_game("marabunta")
    s = next(x for x in _random_states(11, game) if x.tasks)
    pos = s.to_position()
    t = game.state_from_position(pos)
    before = (t.to_position(), t.observation(None), json.loads(t.to_json()))
    pos["fields"].clear()
    pos["players"]["red"]["ant_hills"] = 0
    pos["pending"].clear()
    pos["round"] = 99
    assert (t.to_position(), t.observation(None), json.loads(t.to_json())) == before


def test_end_already_triggered_needs_study() -> None:
    """MARA-8.1: a full sheet at a round's start cannot arise in play; study=True takes it and
    the game ends with that round, the splitter named as the trigger player."""
    game = boardkit.load_game("marabunta")
    desc = {"splitter": "blue", "sheets": {"yellow": [5, 5]}}
    with pytest.raises(IllegalPositionError, match="use study=True") as info:
        game.state_from_position(desc)
    assert info.value.clause == "MARA-8.1"
    s = game.state_from_position(desc, study=True)
    assert s.triggered_by == 1 and s.observation(None)["end_conditions"][0]["condition"] == "sheet"
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    assert s.round == 1 and s.outcome() is not None


def test_mid_round_trigger_must_hold() -> None:
    game = boardkit.load_game("marabunta")
    s = next(x for x in _random_states(3, game) if x.phase == Phase.POOL)
    pos = s.to_position()
    pos["end"] = [{"player": "red", "condition": "sheet", "region": "yellow"}]
    with pytest.raises(IllegalPositionError, match="does not hold") as info:
        game.state_from_position(pos)
    assert info.value.clause == "MARA-8.1"


@pytest.mark.parametrize("seed", range(2))
def test_every_seat_sees_the_full_truth(seed: int) -> None:
    """Perfect information: observation(0) == observation(1) == observation(None) ==
    public_observation() along a random game; str(state) is that, as JSON."""
    for s in _random_states(seed):
        full = s.observation(None)
        assert s.observation(0) == s.observation(1) == full == s.public_observation()
        assert json.loads(str(s)) == json.loads(json.dumps(full))
        assert s.history(0) == s.history(1) == s.history()


def test_outcome_only_at_the_end() -> None:
    states = list(_random_states(7))
    assert all(s.outcome() is None for s in states[:-1])
    o = states[-1].outcome()
    assert o is not None and o.clause in ("MARA-8.4", "MARA-D11") and len(o.winners) == 1
    assert list(o.returns) == states[-1].returns() and o.reason
    assert states[-1].observation(None)["winner"] == ("red", "blue")[o.winners[0]]


# -- the one rule path and the names other layers use ------------------------------------------
def test_rule_path_refuses_with_the_predicates_of_the_legal_actions() -> None:
    """MARA-4.5, MARA-1.2, MARA-3.3: ``refuse`` returns for the generated actions and raises
    Refusal for the others, with the clause why_illegal gives; a write is refused exactly
    where :func:`rules.write_need` allows no number."""
    from boardkit import Refusal
    from boardkit.games.marabunta import rules

    g = boardkit.load_game("marabunta", first_player=0)
    s = g.state_from_position({"tile": "one", "round": 1, "tiles_left": [t for t in g.tiles if t != "one"][:6], "fields": {"h6": "blue 1"},
                               "players": {"blue": {"ant_hills": 0}},
                               "roll": {c: ("1" if c == "yellow" else "circle") for c in REGIONS}})
    s.apply_action("split yellow tile")
    s.apply_action("take yellow tile")  # blue carries out yellow (a 1) and the tile "one"
    generated = s.generated_actions()
    assert sorted(generated, key=str) == s.legal_actions()
    for a in generated:
        s.refuse(a)
    task = s.die_task("yellow")
    allowed = {g.board.names[f] for f in rules.write_fields(s, task) if rules.write_need(s, task, f) is not None}
    assert allowed and all(a.field in allowed for a in generated if a.element == "yellow")
    for f in rules.write_fields(s, task):
        name = g.board.names[f]
        if name in allowed:
            continue
        with pytest.raises(Refusal) as info:
            s.refuse(Place("yellow", "write", 1, name))
        why = s.why_illegal(Place("yellow", "write", 1, name))
        assert (why.clause, why.reason) == (info.value.clause, info.value.reason)
        assert info.value.clause in ("MARA-1.2", "MARA-4.5")
    with pytest.raises(Refusal, match="first"):
        s.refuse(Place("", "cross", field="a3"))  # nothing is in progress (MARA-3.3)
    assert s.tile_task() == rules.tile_task("one")


@pytest.mark.parametrize("seed", range(4))
def test_a_finished_game_is_worded_as_its_outcome(seed):
    """After the end, a refused action (MARA-8.1) and to_position give the same reason: the
    outcome's (who won and by what, MARA-8.4 / MARA-D11), not the end triggers in one and the
    totals in the other."""
    state = boardkit.random_playout(boardkit.load_game("marabunta").new_initial_state(), random.Random(seed))
    assert state.is_terminal()
    reason = state.outcome().reason
    why = state.why_illegal(state.history()[-1])
    assert why.clause == "MARA-8.1" and why.reason == f"the game is over ({reason}); no action can follow"
    with pytest.raises(ValueError, match=re.escape(f"the game is over ({reason});")):
        state.to_position()
