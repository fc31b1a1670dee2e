"""The agent interface and the error for an agent that breaks the rules."""

from __future__ import annotations

import random
from typing import Any

from boardkit.core.actions import Action
from boardkit.core.checks import check_whole  # noqa: F401  # agents' settings are checked with it
from boardkit.core.game import State
from boardkit.core.rules import IllegalActionError
from boardkit.core.validate import shorten


class AgentError(RuntimeError):
    """An agent chose an action the rules forbid (or chose nothing), or failed to choose one:
    it raised an exception, or could not be called as an agent (a function that does not
    take ``(state, rng)``). The runner's error is then chained from the agent's own
    (``__cause__``, also when it comes from a worker process).

    Attributes:
        agent: the agent's name.
        player: the seat it played.
        action: what it returned (None when it failed).
        clause: the clause the action breaks ("" when it is not an action at all).
        reason: why, in plain words.
        failed: True when the agent raised (or could not be called) instead of answering.
        original: the exception it raised (None when it answered).
    """

    def __init__(self, agent: str, player: int, action: Any, clause: str, reason: str, failed: bool = False,
                 original: BaseException | None = None) -> None:
        self.agent, self.player, self.action, self.clause, self.reason = agent, player, action, clause, reason
        self.failed, self.original = failed, original
        where = f"[{clause}] " if clause else ""
        did = "failed" if failed else f"chose {str(action)[:80]!r}"
        super().__init__(f"agent {agent!r} (seat {player}) {did}: {where}{reason}")

    @classmethod
    def raised_by(cls, agent: Any, player: int, exc: Exception) -> "AgentError":
        """The error for an agent that raised ``exc`` when asked for seat ``player``'s action
        (raise it ``from exc``): a call that did not reach the agent (a TypeError of the call
        itself: a function that does not take ``(state, rng)``) is said as such."""
        name, text = _agent_name(agent), f"{type(exc).__name__}: {str(exc)[:300]}"
        if isinstance(exc, TypeError) and exc.__traceback__ is not None and exc.__traceback__.tb_next is None:
            form = "agent.act(state, player, rng)" if isinstance(agent, Agent) else "f(state, rng) -> action"
            return cls(name, player, None, "", f"it cannot be called as {form} ({text})", True, exc)
        return cls(name, player, None, "", f"it raised {text}", True, exc)

    def at_game(self, index: int, seed: str) -> "AgentError":
        """The same error naming the game of a run it happened in (``"(game 0, seed '1:0')"``);
        raise it ``from self.__cause__``."""
        return AgentError(self.agent, self.player, self.action, self.clause,
                          f"{self.reason} (game {index}, seed {seed!r})", self.failed, self.original)

    def chained_again(self) -> "AgentError":
        """Once received from a worker process (whose traceback the pool makes its
        ``__cause__``): chained from the agent's own exception again, that exception from the
        worker's traceback. Returns self."""
        if self.original is not None and self.__cause__ is not self.original:
            if self.original.__cause__ is None and self.original is not self.__cause__:
                self.original.__cause__ = self.__cause__
            self.__cause__ = self.original
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Rebuilt from its fields, so the error crosses process and Dask worker boundaries
        (with the agent's exception, or a RuntimeError telling it, if that does not pickle)."""
        return (AgentError, (self.agent, self.player, None if self.action is None else str(self.action), self.clause,
                             self.reason, self.failed, _portable(self.original)))


def _portable(exc: BaseException | None) -> BaseException | None:
    """``exc`` if it pickles and unpickles, else a RuntimeError with its type and text."""
    import pickle

    if exc is None:
        return None
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:  # noqa: BLE001 - any exception of a user's type: sent as text
        return RuntimeError(f"{type(exc).__name__}: {str(exc)[:300]}")
    return exc


def result_of(job: Any) -> Any:
    """``job.result()`` of a future (a local pool's or Dask's), an :class:`AgentError` of the
    worker chained again from the agent's own exception (:meth:`AgentError.chained_again`).

    Raises:
        whatever the job raised.
    """
    try:
        return job.result()
    except AgentError as exc:
        exc.chained_again()
        raise


def check_heuristic(label: str, fn: Any) -> Any:
    """``fn`` if it is None or callable (``h(state, player) -> float``); else ValueError."""
    if fn is not None and not callable(fn):
        raise ValueError(f"{label}: a function h(state, player) -> float, or None; not {str(fn)[:60]!r}")
    return fn


def check_turn(state: State, player: int, rng: random.Random) -> None:
    """Refuse to ask an agent for an action it cannot give: ``player`` not a seat
    (:meth:`~boardkit.core.state.State.check_seat`), ``rng`` not a ``random.Random``, the game
    over, a chance node (drawn with :func:`~boardkit.core.playout.sample_chance`), or a seat
    not among ``state.current_players()``.

    Raises:
        ValueError: saying which, naming the game and the seats to act (``state`` not a
            boardkit State: naming the argument).
    """
    if not isinstance(state, State):
        raise ValueError(f"act: state is a boardkit State (the game's state to act in), not {type(state).__name__}; "
                         f"a game id such as 'leaders' is no state: load_game('leaders').new_initial_state()")
    state.check_seat(player)
    if not isinstance(rng, random.Random):
        raise ValueError(f"{state.game.name}: rng is a random.Random (seeded per game), not {type(rng).__name__}")
    if state.is_terminal():
        raise ValueError(f"{state.game.name}: the game is over: no seat acts")
    if state.is_chance_node():
        raise ValueError(f"{state.game.name}: chance acts here (draw it with sample_chance), not seat {player}")
    movers = state.current_players()
    if player not in movers:
        raise ValueError(f"{state.game.name}: seat {player} is not to act now (to act: {', '.join(map(str, movers))})")


def the_mover(state: State, rng: random.Random) -> int:
    """The one seat to act in ``state``, for an agent in the one-function form ``f(state, rng)``.

    Raises:
        ValueError: as :func:`check_turn` (``state`` no State, ``rng`` no ``random.Random``,
            the game over, a chance node), or several seats act at once (a simultaneous turn:
            the message names them and asks for ``agent.act(state, player, rng)``).
    """
    movers = state.current_players() if isinstance(state, State) else []
    if len(movers) > 1:
        raise ValueError(f"{state.game.name}: seats {', '.join(map(str, movers))} act at once here: agent(state, rng) "
                         f"acts for one seat; ask agent.act(state, player, rng) for each")
    player = movers[0] if movers else 0
    check_turn(state, player, rng)  # the game over, a chance node: said as act says it
    return player


class Agent:
    """Chooses actions for one seat. Subclasses implement :meth:`act`.

    Agents are plain picklable objects (module-level classes), so runs on processes or on a
    Dask cluster carry them. An agent reads only what its seat may know: ``state.legal_actions
    (player)``, ``state.observation(player)``, ``state.history(player)``; search agents play
    from determinizations (:func:`boardkit.agents.determinize.determinize`), never the truth.

    Attributes:
        name: a short name for tables and plots (``"random"``, ``"mcts200"``).
    """

    name: str = "agent"

    @staticmethod
    def check_name(label: str, name: Any) -> None:
        """Refuse a ``name=`` that is neither text nor None (``label``: ``"MCTSAgent"``), for
        the agents' constructors.

        Raises:
            ValueError: naming ``label``'s ``name`` and the value.
        """
        if name is not None and not isinstance(name, str):
            raise ValueError(f"{label}: name is a text (the agent's name in tables) or None, not {shorten(name)} "
                             f"({type(name).__name__})")

    def act(self, state: State, player: int, rng: random.Random) -> Action:
        """The action for seat ``player`` in ``state`` (``player`` is one of
        ``state.current_players()``).

        Args:
            state: the true state; the agent must use only what ``player`` may know, and
                leave it as it is (the runner refuses an agent that applies actions to it:
                look ahead on ``state.clone()``).
            player: the seat to act for (0-based).
            rng: the random source of this game (seeded per game).

        Returns:
            One of ``state.legal_actions(player)``.

        Raises:
            ValueError: the agents of this package refuse a turn they cannot act in
                (:func:`check_turn`).
        """
        raise NotImplementedError

    def __call__(self, state: State, rng: random.Random) -> Action:
        """``agent(state, rng)``: act for the one seat to move (the older one-function form).

        Raises:
            ValueError: as :func:`the_mover` (and :meth:`act`) refuse: ``state`` no State,
                ``rng`` no ``random.Random``, the game over, a chance node, or several seats
                acting at once (a simultaneous turn: ask ``agent.act(state, player, rng)`` for
                each seat in ``state.current_players()``).
        """
        return self.act(state, the_mover(state, rng), rng)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


def checked_action(agent: Any, state: State, player: int, rng: random.Random) -> Action:
    """Ask ``agent`` for seat ``player``'s action and check it against the rules.

    Args:
        agent: an :class:`Agent`, or a function ``f(state, rng) -> action``.
        state: the state (not changed: the agent must leave it as it was handed over).
        player: the seat to act.
        rng: the game's random source.

    Returns:
        The legal action, in the game's own form.

    Raises:
        AgentError: the agent raised an exception, or cannot be called as an agent (a
            function that does not take ``(state, rng)``): chained from that exception
            (:meth:`AgentError.raised_by`; KeyboardInterrupt passes as it is); the agent
            returned an illegal action (naming the clause it breaks and
            why) or something that is not an action of the game; or it applied actions to
            the state it was handed (``apply_action`` or ``apply_unchecked``: the history or
            the ``unrecorded`` count grew), which would play them unasked and unchecked (the
            message names them or their count; an agent that looks ahead plays on
            ``state.clone()``).
    """
    moves, unrecorded = state.move_number(), state.unrecorded  # cheap: no copy, no position key
    try:
        action = agent.act(state, player, rng) if isinstance(agent, Agent) else agent(state, rng)
    except Exception as exc:  # noqa: BLE001 - KeyboardInterrupt and the runner's stops (RunStopped) pass
        raise AgentError.raised_by(agent, player, exc) from exc
    if state.move_number() != moves or state.unrecorded != unrecorded:
        raise AgentError(_agent_name(agent), player, action, "", _what_changed(state, moves - unrecorded, unrecorded))
    if state.current_player() == player and isinstance(action, Action):
        try:
            found = state.find_legal(action)  # the fast path: one of the legal actions
        except TypeError:
            found = None
        if found is not None:
            return found
    name = _agent_name(agent)
    try:
        err = state.why_illegal(action, player)
    except (ValueError, TypeError) as exc:  # not an action of this game at all
        raise AgentError(name, player, action, "", f"not an action of {state.game.name}: {str(exc)[:200]}") from None
    if err is not None:
        raise AgentError(name, player, action, err.clause, err.reason)
    return state.canonical(action)


def _agent_name(agent: Any) -> str:
    """The name an agent goes by in messages and tables: its ``name``, a function's
    ``__name__``, else its type's name."""
    return str(getattr(agent, "name", getattr(agent, "__name__", type(agent).__name__)))


def _what_changed(state: State, recorded: int, unrecorded: int) -> str:
    """Why an agent's answer is refused when it applied actions to the state it was handed:
    the actions it applied (``recorded``, ``unrecorded``: the history's length and the
    ``unrecorded`` count before it was asked)."""
    recorded_now = state.move_number() - state.unrecorded
    played = state.saved_history()[recorded:] if recorded_now > recorded else []
    parts = []
    if played:
        shown = ", ".join(repr(a) for a in played[:3]) + (", ..." if len(played) > 3 else "")
        parts.append(f"{_count(len(played))} with apply_action ({shown})")
    if state.unrecorded != unrecorded:
        parts.append(f"{_count(state.unrecorded - unrecorded)} with apply_unchecked")
    did = (f"it applied {' and '.join(parts)} to the state it was handed" if parts else
           f"the history of the state it was handed changed ({recorded} actions before, {recorded_now} after)")
    return (f"{did}; an agent leaves that state as it was and returns its action, which the runner checks and "
            f"applies (to look ahead, play on state.clone())")


def _count(n: int) -> str:
    return f"{n} action" if n == 1 else f"{n} actions"


def is_illegal_error(exc: BaseException) -> bool:
    """True for the errors the rules raise (for callers that report rather than stop)."""
    return isinstance(exc, (IllegalActionError, AgentError))
