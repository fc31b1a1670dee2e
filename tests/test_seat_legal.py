"""Each seat's legal actions are looked up in a set made once per position and seat
(``State._seat_lookup``, behind ``why_illegal(action, player)``, ``apply_action(action,
player=...)`` and the default ``refuse``): these tests show it is made again wherever the
position changes, never shared by a clone with its original, never answering for another seat.

- a seat's order at a turn where several act (``_apply_by``): the toy race below, where one
  seat's take shrinks the pile the other seat takes from;
- an applied action (``State._apply``, gridhunt's own ``_apply``): the toy, and a gridhunt mover
  whose move order is followed by its shot order;
- gridhunt's simultaneous turns, after every order: ``why_illegal`` answers for every seat
  exactly as ``legal_actions(seat)`` lists, also for another seat's orders;
- a clone, its own orders applied, leaves its original's answers as they were;
- states read back (position, saved JSON), drawn worlds (``determinize``) and study copies
  (Leaders' ``relocated``) answer from their own position;
- every place in boardkit that drops the legal list drops the seats' look-ups too.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import boardkit
from boardkit import SIMULTANEOUS, IllegalActionError, State, sample_chance
from boardkit.core.actions import Action

import toygame
from toygame import RollDie, Take, ToyState


class RaceState(ToyState):
    """Dice Nim where both seats take from the pile at once (the toy's TOY-2 takes, no roll):
    each take is applied as it is given, so one seat's take changes what the other may take."""

    def __init__(self, game: Any, pile: int) -> None:
        super().__init__(game, pile, SIMULTANEOUS)
        self.waiting = [0, 1]

    def current_players(self) -> list[int]:
        return list(self.waiting)

    def current_player(self) -> int:
        return SIMULTANEOUS if len(self.waiting) > 1 else self.waiting[0]

    def _legal_actions_for(self, player: int) -> list[Action]:
        return [Take(n) for n in (1, 2) if n <= self.pile]  # TOY-2

    def _apply_by(self, action: Action, player: int) -> None:
        assert isinstance(action, Take)
        self.pile -= action.n
        self.waiting.remove(player)

    def clone(self) -> "RaceState":
        new = RaceState.__new__(RaceState)
        new.__dict__.update(self.__dict__)
        new.waiting = list(self.waiting)
        self._copy_record(new)
        return new


@pytest.fixture()
def toy(monkeypatch: pytest.MonkeyPatch) -> Any:
    toygame.register(monkeypatch)
    return boardkit.load_game("toy")


def agrees(state: State, seat: int, candidates: list[Action]) -> None:
    """``why_illegal(a, seat)`` is None exactly for the candidates in ``legal_actions(seat)``."""
    legal = set(state.legal_actions(seat))
    for a in candidates:
        err = state.why_illegal(a, seat)
        if a in legal:
            assert err is None, f"seat {seat}: legal {a} refused: [{err.clause}] {err.reason}"
        else:
            assert isinstance(err, IllegalActionError), f"seat {seat}: {a} is not legal, yet why_illegal is {err!r}"


def test_a_seat_order_where_several_act_drops_the_other_seats_lookup(toy: Any) -> None:
    """Seat 1 asked about ``take 2`` with 3 tokens left (legal); seat 0 takes 2 (``_apply_by``):
    seat 1's ``take 2`` is refused now (TOY-2), and its ``take 1`` still legal."""
    state = RaceState(toy, pile=3)
    assert state.why_illegal(Take(2), 1) is None and state.why_illegal(Take(1), 0) is None
    state.apply_action(Take(2), player=0)
    assert state.legal_actions(1) == [Take(1)]
    err = state.why_illegal(Take(2), 1)
    assert err is not None and err.clause == "TOY-2"
    agrees(state, 1, [Take(1), Take(2), RollDie()])
    assert state.why_illegal(Take(1), 0) is not None  # seat 0 has taken: not its turn


def test_an_applied_action_drops_the_lookup(toy: Any) -> None:
    """Seat 0 asked about ``take 2`` with 3 tokens; after two takes of 1 it has 1 token to take
    from: ``take 2`` is refused (TOY-2)."""
    state = toy.state_from_position({"pile": 3, "to_move": 0})
    assert state.why_illegal(Take(2), 0) is None
    state.apply_action(Take(1), player=0)
    state.apply_action(Take(1), player=1)
    err = state.why_illegal(Take(2), 0)
    assert err is not None and err.clause == "TOY-2"
    agrees(state, 0, [Take(1), Take(2), RollDie()])


def test_a_seat_asked_before_its_turn_is_answered_at_its_turn(toy: Any) -> None:
    """The default ``refuse`` (the toy has no rule path of its own) asked for a seat not to act
    makes that seat's look-up, empty; once the seat is to act, its takes are legal (TOY-2)."""
    state = toy.state_from_position({"pile": 3, "to_move": 0})
    with pytest.raises(boardkit.Refusal):
        state.refuse(Take(1), 1)
    state.apply_action(Take(1), player=0)
    state.refuse(Take(1), 1)
    agrees(state, 1, [Take(1), Take(2), RollDie()])


def simultaneous_turn(seed: int = 1) -> State:
    """A gridhunt game (8 seats, turn_order='simultaneous') at its first turn where all act."""
    s = boardkit.load_game("gridhunt", turn_order="simultaneous").new_initial_state()
    rng = random.Random(seed)
    while s.current_player() != SIMULTANEOUS:
        s.apply_action(sample_chance(s, rng))
    return s


def candidates_of(state: State, rng: random.Random, k: int = 3) -> list[Action]:
    """For every seat to act, its first and last legal action and ``k`` drawn among them."""
    out: list[Action] = []
    for seat in state.current_players():
        legal = state.legal_actions(seat)
        out += [legal[0], legal[-1], *rng.sample(legal, min(k, len(legal)))]
    return out


def test_gridhunt_mover_order_drops_the_lookup() -> None:
    """A gridhunt mover asked about its move orders (GRID-3.1), then moving: at its shot
    (GRID-4.1) its move orders are refused and its shot orders legal."""
    s = boardkit.load_game("gridhunt").new_initial_state()
    rng = random.Random(2)
    while s.is_chance_node():
        s.apply_action(sample_chance(s, rng))
    mover, moves = s.current_player(), s.legal_actions()
    assert s.phase == "move" and all(s.why_illegal(a, mover) is None for a in moves)
    s.apply_action(moves[0], player=mover)
    assert s.phase == "shot" and s.current_player() == mover
    agrees(s, mover, [*moves[:5], moves[-1], *s.legal_actions(mover)])


def test_gridhunt_simultaneous_orders_answer_every_seat() -> None:
    """Through two rounds of simultaneous orders and shots (GRID-D6), after every seat's order:
    ``why_illegal`` agrees with ``legal_actions`` for every seat (the one that just gave its
    order, the others, dead ones), on its own orders and on the other seats' (which it may not
    give: a seat's look-up never answers for another)."""
    s = simultaneous_turn()
    rng = random.Random("orders")
    rounds = s.round
    seen: list[Action] = []
    while not s.is_terminal() and s.round < rounds + 2:
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
            continue
        now = candidates_of(s, rng)
        for seat in range(s.n):
            agrees(s, seat, [*now, *seen[-40:]])
        seen = now
        seat = rng.choice(s.current_players())
        s.apply_action(rng.choice(s.legal_actions(seat)), player=seat)
    assert s.round == rounds + 2


def test_a_clone_never_shares_the_lookups_with_its_original() -> None:
    """Answers are asked of the original, then its clone plays a whole round: the original
    answers as before, and the two never hold the same look-up."""
    s = simultaneous_turn(3)
    rng = random.Random("clone")
    asked = candidates_of(s, rng)
    before = {(str(a), seat): s.why_illegal(a, seat) is None for seat in range(s.n) for a in asked}
    c = s.clone()
    assert c._seat_legal is None or c._seat_legal is not s._seat_legal
    assert c.why_illegal(asked[0], s.current_players()[0]) is None
    assert c._seat_legal is not s._seat_legal
    start = c.round
    while not c.is_terminal() and c.round == start:
        if c.is_chance_node():
            c.apply_action(sample_chance(c, rng))
        else:
            seat = c.current_players()[0]
            c.apply_action(rng.choice(c.legal_actions(seat)), player=seat)
            for q in range(c.n):
                agrees(c, q, asked[:20])
    after = {(str(a), seat): s.why_illegal(a, seat) is None for seat in range(s.n) for a in asked}
    assert after == before


def test_states_read_back_and_drawn_answer_from_their_own_position() -> None:
    """A position read back, a saved game read back and a world drawn for a seat (GRID-5: what
    that seat knows), each made from a state that was asked already, answer as they list."""
    s = simultaneous_turn(4)
    rng = random.Random("read")
    first = s.current_players()[0]
    s.apply_action(s.legal_actions(first)[0], player=first)
    asked = candidates_of(s, rng)
    for seat in range(s.n):
        agrees(s, seat, asked)
    read = [s.game.state_from_position(s.to_position()), boardkit.state_from_json(s.to_json()),
            s.determinize(s.current_players()[0], random.Random(0))]
    for r in read:
        for seat in range(s.n):
            agrees(r, seat, asked)


def test_leaders_study_copy_answers_from_its_own_position() -> None:
    """Leaders' ``relocated`` (a study copy with one of the mover's characters put elsewhere):
    the mover's actions are those of the new position (its character is selected on its new
    cell)."""
    s = boardkit.load_game("leaders").new_initial_state()
    rng = random.Random(5)
    while s.is_chance_node() or not s.legal_actions():
        s.apply_action(sample_chance(s, rng) if s.is_chance_node() else s.legal_actions()[0])
    mover = s.current_player()
    old = s.legal_actions()
    assert all(s.why_illegal(a, mover) is None for a in old)
    own = [s._name(i) for i, pc in enumerate(s.pieces) if pc is not None and pc.owner == mover]
    free = [s._name(i) for i, pc in enumerate(s.pieces) if pc is None]
    moved = s.relocated(own[0], free[-1])
    assert set(moved.legal_actions()) != set(old)
    agrees(moved, mover, [*old, *moved.legal_actions()])


def test_every_place_that_drops_the_legal_list_drops_the_seats_lookups() -> None:
    """Wherever boardkit sets a state's legal list to None, the same statement drops the
    per-seat look-ups (``_seat_legal``): a new place that forgets it is found here."""
    root = Path(boardkit.__file__).resolve().parent
    drops = re.compile(r"\._legal_cache\s*=(?!=).*None\s*$")
    found = []
    for path in sorted(root.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if drops.search(line):
                found.append((path.relative_to(root).as_posix(), n, line))
    assert len(found) >= 7, found  # core _apply and apply_action, gridhunt _apply, four study/draw copies
    forgot = [f"{p}:{n}: {line.strip()}" for p, n, line in found if "_seat_legal" not in line]
    assert not forgot, "drop the per-seat look-ups there too:\n" + "\n".join(forgot)
