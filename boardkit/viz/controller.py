"""Click-to-action logic for board widgets, in pure Python (no ipywidgets).

:class:`BoardController` turns cell clicks into actions of any boardkit game, using only the
State API: ``legal_actions()``, each Action's ``.cells`` and ``.choice``, ``why_illegal`` and,
when the game offers it, ``state.actions_from_cells(cells)`` to explain an illegal click. It
also keeps the game tree explored in a session (:mod:`boardkit.viz.gametree`): stepping back and playing another action makes
a new branch, and the old line stays reachable.

With a seat (``BoardController(state, seat=1)``, hot-seat play with hidden hands) the controller
knows only what that seat may: the position is ``observation(seat)``, the log is
``history(seat)`` (another seat's hidden draw reads ``draw ?``), clicks and buttons offer
``legal_actions(seat)``, and a click while another seat is to move is refused with
``why_illegal(action, seat)`` (the game's turn clause). Chance is no seat: its 'Roll chance'
stays, but in a game with hidden information a seat is not shown the list of chance outcomes
(it can tell what is hidden, such as a pile's contents). ``seat=None`` (the default) is the
game master's view: the full truth.

What it answers (:class:`ClickResult`, :class:`Branch`) is plain data from
:mod:`boardkit.viz.results`. A widget (``boardkit.viz.widgets``) only draws what the controller says; tests drive the
controller directly:

>>> import boardkit
>>> from boardkit.viz.controller import BoardController
>>> game = boardkit.load_game("leaders")
>>> ctl = BoardController(game.state_from_position(
...     {"pieces": {0: "King d1, Archer c3", 1: "Queen d7"}, "market": ["Rider", "Vizier", "Jailer"]}))
>>> ctl.click("c3").status, sorted(ctl.highlights())
('applied', ['b2', 'b3', 'c2', 'c4', 'd3', 'd4'])
>>> ctl.click("g7").message
'Illegal: move g7 [LEAD-2.2] a character moves to an adjacent free cell; g7 is 4 cells away'
>>> ctl.click("c4").status, ctl.log()
('applied', ['select c3', 'move c4'])
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Sequence

from boardkit.core.actions import Action
from boardkit.core.board_kinds import Board
from boardkit.core.checks import unknown_cell
from boardkit.core.game import State, sample_chance
from boardkit.core.rules import IllegalActionError, NotationError
from boardkit.core.validate import shorten
from boardkit.viz.gametree import GameTree, Node, rng_from
from boardkit.viz.results import Branch, ClickResult  # noqa: F401 - Branch: read here by name before the tree moved

#: The names of the tree's parts before they moved to :mod:`boardkit.viz.gametree`.
_Node = Node
_rng_from = rng_from


class BoardController(GameTree):
    """Game-agnostic board logic: a tree of states, the click sequence, and messages.

    Args:
        state: the starting state (copied; the caller's object is never changed). A Game is
            accepted too and starts from ``game.new_initial_state()``.
        seed: makes chance reproducible: with a seed, ``resolve_chance()`` at a given line of
            play always draws the same outcome (the draw depends on the seed and the actions so
            far as the seat saw them, not on how the session got there). None: an unseeded
            ``random.Random``.
        seat: the seat whose view this is (0-based; see the module docstring), or None for the
            full truth.

    Attributes:
        message: the last message for the user (empty at start).
        last_result: the ClickResult of the last click or action (None after navigation). Its
            ``action`` is the action applied as it is (a Python caller is the game master);
            what a seat is shown is ``message`` and :meth:`log`.
        seed: the seed given.
        seat: the seat given.

    Raises:
        TypeError: ``state`` is neither a State nor a Game.
        ValueError: ``seat`` is not a seat of the game; ``seed`` is not a whole number, a text
            or None (names ``seed``).
    """

    def __init__(self, state: Any, seed: int | str | None = None, seat: int | None = None) -> None:
        if not isinstance(state, State) and hasattr(state, "new_initial_state"):
            state = state.new_initial_state()
        if not isinstance(state, State):
            raise TypeError(f"BoardController needs a boardkit State or Game, got {type(state).__name__}")
        self._check_seat(state, seat)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise ValueError(f"seed: a whole number, a text or None (it makes chance reproducible), not "
                             f"{shorten(seed)} ({type(seed).__name__})")
        self.seed = seed
        self.seat = seat
        self._root_length = len(state.history(seat))  # actions before the session (as many for every seat)
        self._session_rng = random.Random() if seed is None else None
        self._root = Node(state.clone())
        self._node = self._root
        self._clicks: tuple[str, ...] = ()
        self._pending: tuple[Action, ...] = ()
        self._choice = ""
        self.message = ""
        self.last_result: ClickResult | None = None
        self._listeners: list[Any] = []

    @staticmethod
    def _check_seat(state: State, seat: int | None) -> None:
        players = getattr(state.game, "num_players", 0)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise ValueError(f"{getattr(state.game, 'name', 'the game')}: seat is 0 .. {players - 1} or None, not {seat!r}")

    #: The seat this controller is bound to (its view can never be switched), or None: not
    #: bound (only a controller that binds, such as gridhunt's, sets it).
    _bound_seat: int | None = None

    @property
    def seat(self) -> int | None:
        """The seat whose view this is (None: the full truth). Setting it is
        :meth:`set_seat` without the redraw, refused the same way on a bound controller."""
        return self._seat

    @seat.setter
    def seat(self, seat: int | None) -> None:
        self._check_binding(seat)
        self._seat = seat

    def _check_binding(self, seat: Any) -> None:
        """Refuse any view but the bound seat's on a bound controller (the one check every
        path that sets the seat goes through).

        Raises:
            ValueError: bound to another seat (the message names the bound seat and why).
        """
        bound = self._bound_seat
        if bound is not None and not (seat == bound and isinstance(seat, int) and not isinstance(seat, bool)):
            asked = "the game master's truth (None)" if seat is None else f"seat {shorten(seat)}"
            raise ValueError(f"this board is bound to seat {bound}: it shows that seat's view only, never the "
                             f"truth or another seat's (a player sees only what it may know); asked for {asked}")

    @staticmethod
    def _check_cell_text(cell: Any) -> None:
        if not isinstance(cell, str):
            raise ValueError(f"cell: a cell name such as 'd2', not {shorten(cell)} ({type(cell).__name__})")

    def set_seat(self, seat: int | None) -> None:
        """Hand the board to another seat (hot-seat play), or to the game master with None:
        the clicks so far are dropped and everything is drawn again from that seat's view.

        Raises:
            ValueError: ``seat`` is not a seat of the game, or the controller is bound to
                another seat (see :attr:`seat`).
        """
        self._check_binding(seat)
        self._check_seat(self.state, seat)
        self.seat = seat
        self._after_move("the full truth (every seat's secrets)" if seat is None else f"player {seat}'s view")

    def observation(self) -> dict[str, Any]:
        """The current position as the seat sees it (``observation(seat)``; the full truth
        without a seat)."""
        return self.state.observation(self.seat)

    def _legal(self) -> list[Action]:
        """The actions the seat may take now (``legal_actions(seat)``); without a seat, or at
        a chance node, the mover's (or chance's)."""
        s = self.state
        if self.seat is None or s.is_chance_node():
            return s.legal_actions()
        return s.legal_actions(self.seat)

    def _shows_chance_outcomes(self) -> bool:
        """False when a seat watches a game with hidden information: the list of chance
        outcomes (and their odds) can tell it what is hidden (a pile's contents)."""
        if self.seat is None:
            return True
        return getattr(getattr(self.game, "spec", None), "information", "imperfect") == "perfect"

    def _after_move(self, message: str) -> None:
        self._clicks, self._pending, self._choice = (), (), ""
        self.message = message
        self.last_result = None
        self._notify()

    # -- listeners (widgets redraw on change) ------------------------------------------------
    def on_change(self, callback: Any) -> None:
        """Call ``callback(controller)`` after every change (click, action, navigation)."""
        self._listeners.append(callback)

    def _notify(self) -> None:
        for cb in self._listeners:
            cb(self)

    # -- clicks -----------------------------------------------------------------------------
    @property
    def clicks(self) -> tuple[str, ...]:
        """The cells clicked so far towards the next action."""
        return self._clicks

    @property
    def choice(self) -> str:
        """The choice picked with :meth:`choose` ('' if none)."""
        return self._choice

    @property
    def pending_options(self) -> tuple[Action, ...]:
        """Legal actions waiting for :meth:`pick` (several end on the same clicks)."""
        return self._pending

    def choices(self) -> list[str]:
        """The non-cell choices of the legal actions made with clicks (cards to recruit...),
        sorted, without repeats."""
        if self._refusal():
            return []
        return sorted({a.choice for a in self._legal() if a.cells and a.choice})

    def choose(self, choice: str | None) -> None:
        """Pick the non-cell part of the next action (a card), or clear it with '' or None.

        Raises:
            ValueError: not one of :meth:`choices`.
        """
        choice = choice or ""
        if choice and choice not in self.choices():
            raise ValueError(f"{choice!r} is not a choice here; choices: {', '.join(self.choices()) or 'none'}")
        self._choice = choice
        self._clicks, self._pending = (), ()
        self.message = f"chosen: {choice}" if choice else "choice cleared"
        self.last_result = None
        self._notify()

    def _candidates(self) -> list[Action]:
        """Legal actions made with clicks, filtered by the current choice if it applies."""
        acts = [a for a in self._legal() if a.cells]
        if self._choice and any(a.choice == self._choice for a in acts):
            acts = [a for a in acts if a.choice == self._choice]
        return acts

    def highlights(self) -> list[str]:
        """Cells that continue the click sequence towards a legal action (sorted)."""
        if self._refusal():
            return []
        k = len(self._clicks)
        return sorted({a.cells[k] for a in self._candidates() if len(a.cells) > k and a.cells[:k] == self._clicks})

    def selected(self) -> list[str]:
        """Cells to show as selected: the clicks so far and the game's own selection (the
        observation's ``"selected"`` entry, if it has one)."""
        out = list(self._clicks)
        try:
            sel = self.observation().get("selected")
        except Exception:  # pragma: no cover - a game without a full observation
            sel = None
        if isinstance(sel, str) and sel not in out:
            out.insert(0, sel)
        return out

    def _refusal(self) -> str:
        s = self.state
        if s.is_terminal():
            winners = s.winners()
            who = f"player {winners[0]} won" if len(winners) == 1 else "no winner"
            return f"the game is over ({who}); step back or switch line to play on"
        if s.is_chance_node():
            return "chance acts now: press 'Roll chance' or pick an outcome button"
        return ""

    def click(self, cell: str) -> ClickResult:
        """Click a cell: collect it, apply the action it completes, or explain why not.

        Args:
            cell: a cell name such as ``"d2"``.

        Returns:
            A ClickResult; ``message`` is also kept in ``self.message`` (a cell the board does
            not have is an ``"illegal"`` click naming it and listing the board's cells, the
            clicks so far kept).

        Raises:
            ValueError: ``cell`` is not text (the message names it).
        """
        self._check_cell_text(cell)
        refusal = self._refusal()
        if refusal:
            return self._result(ClickResult("refused", message=f"click on {cell} refused: {refusal}"))
        board = getattr(self.game, "board", None)
        if isinstance(board, Board) and cell not in board:  # either case is a cell (board.index)
            return self._result(ClickResult("illegal", clicks=self._clicks, highlights=tuple(self.highlights()),
                                            message="Illegal: " + unknown_cell(cell, board.names, where=f"board {board.name}")))
        if self.seat is not None and self.seat not in self.state.current_players():
            return self._not_your_turn((cell,))
        if self._clicks and cell == self._clicks[-1]:
            self._clicks, self._pending = self._clicks[:-1], ()
            return self._result(ClickResult("cancelled", clicks=self._clicks, highlights=tuple(self.highlights()),
                                            message=f"{cell} unselected"))
        seq = self._clicks + (cell,)
        k = len(seq)
        cands = self._candidates()
        complete = [a for a in cands if a.cells == seq]
        longer = [a for a in cands if len(a.cells) > k and a.cells[:k] == seq]
        if len(complete) == 1 and not longer:
            return self._apply_legal(complete[0])
        if complete:
            self._clicks, self._pending = seq, tuple(complete)
            names = ", ".join(map(str, complete))
            more = "; or click on to continue" if longer else ""
            hint = "; or choose first" if any(a.choice for a in complete) else ""
            return self._result(ClickResult("pending", clicks=seq, highlights=tuple(self.highlights()),
                                            pending_options=tuple(complete),
                                            message=f"{' '.join(seq)}: pick one of {names}{hint}{more}"))
        if longer:
            self._clicks, self._pending = seq, ()
            hl = tuple(self.highlights())
            return self._result(ClickResult("collecting", clicks=seq, highlights=hl,
                                            message=f"{' '.join(seq)}: next, click one of {', '.join(hl)}"))
        return self._illegal(seq)

    def _intended(self, seq: tuple[str, ...]) -> list[Action]:
        """Actions (legal or not) the click sequence may mean, for the explanation."""
        s = self.state
        found: list[Action] = []
        if hasattr(s, "actions_from_cells"):
            found = list(s.actions_from_cells(seq))
        if self._choice:
            with_choice = [a for a in found if a.choice == self._choice]
            found = with_choice or found
        return found

    def _not_your_turn(self, seq: tuple[str, ...]) -> ClickResult:
        """A click by the seat while another seat is to move: refused with the turn clause
        (``why_illegal(action, seat)`` of an action the click may mean; the message names the
        clicks, not that action, which the truth made)."""
        s = self.state
        assert self.seat is not None
        err = None
        for a in self._intended(seq):
            err = s.why_illegal(a, self.seat)
            if err is not None:
                break
        if err is None:
            who = "player " + ", ".join(map(str, s.current_players()))
            err = IllegalActionError(self.game.spec.turn_clause, f"it is not player {self.seat}'s turn ({who} acts now)")
        self._clicks, self._pending = (), ()
        return self._result(ClickResult("illegal", clause=err.clause, errors=(err,),
                                        message=f"Illegal: a click on {' '.join(seq)} [{err.clause}] {err.reason}"))

    def _illegal(self, seq: tuple[str, ...]) -> ClickResult:
        intended = self._intended(seq)
        errors: list[IllegalActionError] = []
        seen: set[tuple[str, str]] = set()
        for a in intended:
            err = self.state.why_illegal(a, self.seat)
            if err is not None and (err.clause, err.reason) not in seen:
                seen.add((err.clause, err.reason))
                errors.append(err)
        self._clicks, self._pending = (), ()
        if errors:
            first = errors[0]
            msg = f"Illegal: {first.action} [{first.clause}] {first.reason}"
            if len(errors) > 1:
                msg += "; also: " + "; ".join(f"{e.action} [{e.clause}] {e.reason}" for e in errors[1:])
            return self._result(ClickResult("illegal", clicks=(), highlights=tuple(self.highlights()),
                                            message=msg, clause=first.clause, errors=tuple(errors)))
        return self._result(ClickResult("illegal", highlights=tuple(self.highlights()),
                                        message=f"Illegal: no action is made by clicking {' '.join(seq)} here"))

    def _result(self, result: ClickResult) -> ClickResult:
        self.message = result.message
        self.last_result = result
        self._notify()
        return result

    # -- actions ----------------------------------------------------------------------------
    def button_actions(self) -> list[Action]:
        """Legal actions made without clicking cells (pass, exile, chance outcomes: not for a
        seat in a game with hidden information; see the module docstring)."""
        if self.state.is_terminal():
            return []
        if self.state.is_chance_node() and not self._shows_chance_outcomes():
            return []
        return [a for a in self._legal() if not a.cells]

    def _apply_legal(self, action: Action) -> ClickResult:
        node = self._node
        for i, child in enumerate(node.children):
            if child.action == action:
                node.active = i
                self._node = child
                break
        else:
            new = node.state.clone()
            acting = None if self.seat is None or new.is_chance_node() else self.seat
            new.apply_action(action, acting)
            child = Node(new, action, node)
            node.children.append(child)
            node.active = len(node.children) - 1
            self._node = child
        self._clicks, self._pending, self._choice = (), (), ""
        msg = f"played: {self._texts(self._node)[-1]}"
        outcome = self.state.outcome()
        if outcome is not None:
            msg += f" — game over: {outcome}"
        return self._result(ClickResult("applied", action=action, highlights=tuple(self.highlights()), message=msg))

    def apply(self, action: Action | str) -> ClickResult:
        """Play an action (or its notation) at the current state.

        After stepping back, a new action starts a new line (the old one stays in
        :meth:`branches`); replaying the action already next on a line just steps forward.

        Returns:
            ClickResult with status ``"applied"``, or ``"illegal"`` with the clause and reason
            (nothing changes), or ``"refused"`` at the end of the game.
        """
        try:
            act = self.state.parse_action(action) if isinstance(action, str) else action
        except NotationError as exc:
            self._clicks, self._pending = (), ()
            return self._result(ClickResult("illegal", message=f"Not an action: {exc}"))
        err = self.state.why_illegal(act, None if self.state.is_chance_node() else self.seat)
        if err is not None:
            self._clicks, self._pending = (), ()
            return self._result(ClickResult("illegal", message=f"Illegal: {act} [{err.clause}] {err.reason}",
                                            clause=err.clause, errors=(err,)))
        return self._apply_legal(act)

    def pick(self, action: Action | str) -> ClickResult:
        """Choose among ``pending_options`` (any legal action is accepted)."""
        return self.apply(action)

    def _chance_rng(self) -> Any:
        if self.seed is None:
            return self._session_rng
        line = "|".join(str(a) for a in self.state.history(self.seat))
        return random.Random(f"boardkit-board|{self.seed}|{self.index}|{line}")

    def resolve_chance(self, rng_or_seed: Any = None, until_decision: bool = False) -> ClickResult:
        """Draw the chance outcome with its exact probability (``boardkit.sample_chance``).

        Args:
            rng_or_seed: a ``random.Random`` or a seed; None uses the controller's seed (see
                the class) or its session rng.
            until_decision: keep drawing until a player (or the end) is to act.

        Returns:
            The ClickResult of the last draw (``"refused"`` if this is no chance node).

        Raises:
            ValueError: ``rng_or_seed`` is none of these (named, with the value).
        """
        rng = rng_from(rng_or_seed)  # a bad argument is refused wherever the game stands
        if not self.state.is_chance_node():
            return self._result(ClickResult("refused", message="no chance node here: a player is to act"
                                            if not self.state.is_terminal() else "the game is over"))
        drawn: list[str] = []
        result: ClickResult | None = None
        while self.state.is_chance_node():
            outcome = sample_chance(self.state, rng if rng is not None else self._chance_rng())
            result = self._apply_legal(outcome)
            drawn.append(self._texts(self._node)[-1])
            if not until_decision:
                break
        assert result is not None
        if len(drawn) > 1:
            result = ClickResult("applied", action=result.action, highlights=result.highlights,
                                 message="chance: " + ", ".join(drawn))
            self.message = result.message
            self.last_result = result
            self._notify()
        return result

    # -- description --------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        """A summary of the current state for a status line: ``turn``, ``to_move`` (player
        index, ``"chance"`` or ``"over"``), ``phase``, and the observation's other fields that
        a status line may show (``market``, ``cards``...), and ``outcome`` (the
        :class:`~boardkit.core.outcome.Outcome`, None while the game runs); ``seat`` (None:
        the full truth). The observation is the seat's."""
        s = self.state
        obs = self.observation()
        cp = s.current_player()
        to_move: Any = "over" if s.is_terminal() else "chance" if s.is_chance_node() else cp
        out = {"turn": obs.get("turn"), "to_move": to_move, "phase": obs.get("phase"), "move": self.index}
        for key in ("market", "cards", "acted", "selected", "exiled"):
            if key in obs:
                out[key] = obs[key]
        out["outcome"] = s.outcome()
        out["seat"] = self.seat
        return out


def cells_of(actions: Iterable[Action], k: int = 0) -> list[str]:
    """The ``k``-th clicked cell of each action that has one, sorted, without repeats."""
    return sorted({a.cells[k] for a in actions if len(a.cells) > k})


def notation(actions: Sequence[Action]) -> list[str]:
    """``str`` of each action."""
    return [str(a) for a in actions]
