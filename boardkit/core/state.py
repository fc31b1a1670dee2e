"""State: one position of a game, in OpenSpiel's vocabulary, with checked actions.

A :class:`State` is one position. Every decision is one atomic action; chance is an explicit
node whose outcomes carry exact :class:`fractions.Fraction` probabilities. ``apply_action``
checks legality first and either applies the whole action or raises without changing anything.
The rules and options live in its :class:`~boardkit.core.game.Game`.
"""

from __future__ import annotations

import bisect
import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Hashable, Sequence

from boardkit.core import face
from boardkit.core.actions import Action
from boardkit.core.history import Record
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalActionError, NotationError, Refusal, RuleDisagreement
from boardkit.core.sampling import sample_legal
from boardkit.core.validate import shorten

if TYPE_CHECKING:
    from boardkit.core.game import Game
    from boardkit.core.options import GameOptions

#: ``current_player()`` at a chance node.
CHANCE = -1
#: ``current_player()`` when several players act at once (``current_players()`` lists them).
SIMULTANEOUS = -2
#: ``current_player()`` once the game is over.
TERMINAL = -4


class State(Record):
    """One position of a game. Subclasses implement the underscore methods.

    Public methods check their input; ``_apply`` (unchecked, for search and perft) trusts it.
    """

    #: True when ``_legal_actions`` already lists the actions in notation order (as
    #: :meth:`legal_actions` returns them), so they are not sorted again; the conformance
    #: tests check it for every game that says so.
    legal_in_order: ClassVar[bool] = False

    #: actions applied by :meth:`apply_unchecked` (no history): :meth:`to_json` then refuses.
    unrecorded = 0

    def __init__(self, game: Game) -> None:
        self.game = game
        self._history: list[Action] = []
        #: per history entry, the seats that saw it as it is (None: everyone).
        self._seen: list[frozenset[int] | None] = []
        #: history index -> the seat that gave that action at a turn where several seats act at
        #: once (saved as ``"@SEAT action"`` so that a replay gives it to the same seat).
        self._acted_by: dict[int, int] = {}
        self._start: dict[str, Any] | None = None  # position description, if set up from one
        self._study = False  # the start position was built with study=True
        #: a drawn world's past (:meth:`_start_record_here`), as the seat it was drawn for saw
        #: it; None for a true state.
        self._past: list[Action | str] | None = None
        self._legal_cache: list[Action] | None = None
        self._seat_legal: dict[int, dict[Action, Action]] | None = None

    @property
    def options(self) -> "GameOptions":
        """The game's option values (:attr:`Game.options <boardkit.core.game.Game.options>`)."""
        return self.game.options

    # -- to implement -------------------------------------------------------------------
    def current_player(self) -> int:
        """Index of the player to act (0-based), or CHANCE, or TERMINAL, or SIMULTANEOUS
        when several act at once (see :meth:`current_players`)."""
        raise NotImplementedError

    def current_players(self) -> list[int]:
        """The seats to act now: one, or several in a turn where they act at once; ``[]`` at
        a chance node or at the end. Override for simultaneous turns."""
        p = self.current_player()
        return [p] if p >= 0 else []

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        raise NotImplementedError

    def _apply_action(self, action: Action) -> None:
        """Game-specific: apply a legal action in place (no check)."""
        raise NotImplementedError

    def apply_unchecked(self, action: Action) -> None:
        """Apply a legal action in place without checking it and without recording it in the
        history: the fast path for perft, search and solvers, which take their actions from
        :meth:`legal_actions` (or :meth:`chance_outcomes`) of this very state.

        Args:
            action: one of this state's legal actions, in the game's own form. Anything else
                leaves the state undefined: use :meth:`apply_action` for actions from outside.

        The history (:meth:`history`, :meth:`to_json`) does not grow: the state counts these
        actions (``unrecorded``) and :meth:`to_json` refuses to save it.
        """
        self.unrecorded += 1
        self._apply(action)

    def _apply(self, action: Action) -> None:
        """Apply a legal action in place without checking it or recording it in the history:
        the fast path for perft and search. Callers guarantee legality."""
        self._legal_cache = self._seat_legal = None
        self._apply_action(action)

    def _explain(self, action: Action) -> IllegalActionError:
        """Why a non-legal action is illegal: must name a clause. Only for games whose rule
        path (:meth:`refuse`) is not their own yet; a game on one rule path leaves it."""
        raise NotImplementedError

    def refuse(self, action: Action, player: int | None = None) -> None:
        """The game's one rule path for a decision: returns when ``action`` is legal for the
        asking seat, raises :class:`~boardkit.core.rules.Refusal` naming the clause otherwise.

        A game on one rule path overrides it with the same code that generates its legal
        actions, so "legal" and "why not" cannot disagree; the answer is computed for
        ``player`` from what that seat may know (a refusal never speaks of another seat's
        secrets). The conformance test ``tests/test_rule_path.py`` checks, over random
        states, seats and actions, that it raises exactly for the actions not in
        ``legal_actions(player)``. The default asks :meth:`_explain` (games not yet moved).

        Args:
            action: an action in the game's form (:meth:`canonical`).
            player: the asking seat, which is to act; None: the player to move.

        Raises:
            Refusal: the action is not legal for that seat here (``.clause``, ``.reason``).
        """
        if (action in self._legal_list()) if player is None else self._legal_for(action, player) is not None:
            return
        err = self._explain(action)
        raise Refusal(err.clause, err.reason)

    def _outcome(self) -> Outcome:
        """The outcome of a finished game (called only when ``is_terminal()``)."""
        raise NotImplementedError

    def _seen_by(self, action: Action) -> frozenset[int] | None:
        """Before ``action`` is applied here: the seats that see it as it is (None: all).

        Override where an action is hidden from some seats (a card drawn into one hand); the
        others see only its verb (``draw ?``) in :meth:`history`."""
        return None

    def parse_action(self, text: str) -> Action:
        """Parse the game's notation (its spec's table) into an Action (legal or not).

        Raises:
            NotationError: the text is not an action of this game; the message names the
                word that is wrong and the form expected.
        """
        return self.game.spec.notation.parse(text, self.game.notation_context())

    def returns(self) -> Sequence[Fraction | int]:
        """One number per player: 1 win, -1 loss, 0 otherwise (0 for all before the end)."""
        raise NotImplementedError

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may know (None: the full truth, the game master's view)."""
        raise NotImplementedError

    def public_observation(self) -> dict[str, Any]:
        """What every onlooker may know (no seat's secrets). Games with hidden information
        override it; for perfect-information games it is the full truth."""
        if self.game.spec.information == "perfect":
            return self.observation(None)
        raise NotImplementedError(f"{self.game.name}: public_observation")

    def to_position(self, finished: bool = False) -> dict[str, Any]:
        """The description of this position that ``game.state_from_position`` reads back
        (a JSON-ready dict; study positions are read back with ``study=True``); each game
        writes it in its ``_position``.

        Args:
            finished: also describe a finished game, in the same form (for keys of equal
                positions and for observations); ``state_from_position`` reads it back as
                that finished game (same outcome, returns and observation; no legal action).

        Raises:
            ValueError: the game is over and ``finished`` is False: a finished game is no
                position to play from.
        """
        if not finished and self.is_terminal():
            out = self.outcome()
            raise ValueError(f"{self.game.name}: the game is over ({out.reason if out else 'ended'}); "
                             f"a finished game is not a position to play from (to_position(finished=True) "
                             f"describes it all the same)")
        return self._position()

    def position_key(self) -> Hashable:
        """A hashable value equal for two states of one game exactly when their
        ``to_position(finished=True)`` are (whole-turn search merges positions by it,
        :mod:`boardkit.agents.plans`): that description's ``repr`` (its keys are written in a
        fixed order), or a game's cheaper key with the same equalities (Armageddon's).

        Raises:
            NotImplementedError: the game writes no position description.
        """
        return repr(self.to_position(finished=True))

    def _position(self) -> dict[str, Any]:
        """The game's own writing of :meth:`to_position` (which refuses a finished game unless
        asked with ``finished=True``)."""
        raise NotImplementedError

    def clone(self) -> "State":
        """An independent copy (same game object)."""
        raise NotImplementedError

    # -- public API ------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        """True when chance acts next (``current_player() == CHANCE``)."""
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.current_player() == TERMINAL

    def check_seat(self, player: int) -> None:
        """Refuse anything that is not a seat of this game (0 .. ``num_players - 1``; a bool is
        no seat).

        Args:
            player: the value to check.

        Raises:
            ValueError: ``player`` is not a seat; the message gives the range.
        """
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.game.num_players:
            raise ValueError(f"{self.game.name}: player is a seat 0 .. {self.game.num_players - 1}, not {shorten(player)}")

    #: The former private name of :meth:`check_seat`, kept for code that still uses it.
    _check_seat = check_seat

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The actions open to the player to move, sorted by notation, without repeats.

        At a chance node: the possible outcomes. At the end of the game: ``[]``.

        Args:
            player: a seat: that seat's legal actions, computed from what it knows (``[]``
                when it is not to act); None: the player (or chance) to move.

        Raises:
            ValueError: ``player`` is not a seat of this game.
        """
        if player is not None:
            self._check_seat(player)
            if player not in self.current_players():
                return []
            return self._legal_actions_for(player)
        return list(self._legal_list())

    def sample_legal_action(self, rng: Any, player: int | None = None) -> Action:
        """One action of :meth:`legal_actions(player) <legal_actions>` drawn with ``rng``
        (a ``random.Random``), each with probability exactly ``1 / len(legal_actions(player))``:
        the step of a random rollout. A game may draw it without listing every action
        (:meth:`_sample_legal`: Armageddon); the others draw from the list with one ``randrange``.

        Args:
            player: the seat to act (needed where several act at once); None: the seat to move.

        Returns:
            A legal Action, the game's own object.

        Raises:
            ValueError: ``rng`` has no ``randrange``; ``player`` is not a seat; no seat named
                (or none alone) is to act: a chance node, the end, another seat's turn.
        """
        return sample_legal(self, rng, player)

    def uniform_chance(self) -> Sequence[Action] | None:
        """The chance outcomes in :meth:`chance_outcomes` order when the game knows them to be
        equally likely (each ``1 / len``), else None (not known, not equally likely, or not a
        chance node): :func:`~boardkit.core.playout.sample_chance` then draws one with a single
        ``randrange`` and no probabilities. The default is None; a game overrides it for its
        dice and uniform draws (tests/test_sample_legal.py checks it against
        :meth:`chance_outcomes` in every game). Callers must not change the sequence."""
        return None

    def _sample_legal(self, rng: Any, player: int) -> Action | None:
        """Hook of :meth:`sample_legal_action`: a legal action of ``player`` (to act) drawn
        with probability exactly ``1 / len(legal_actions(player))``, or None to draw from the list."""
        return None

    def _legal_list(self) -> list[Action]:
        """The cached legal actions of the player (or chance) to move; callers must not change it."""
        if self._legal_cache is None:
            if self.is_terminal():
                self._legal_cache = []
            elif self.is_chance_node():
                self._legal_cache = [a for a, _ in self.chance_outcomes()]
            else:
                made = self._legal_actions()
                self._legal_cache = list(made) if self.legal_in_order else sorted(made, key=str)
        return self._legal_cache

    def _find_legal(self, action: Action) -> Action | None:
        """The legal action equal to ``action`` (the game's own object), or None. Legal lists
        are in notation order, so the game's own actions (notation written once and kept) are
        found by bisection; anything else by the look-up table."""
        legal = self._legal_list()
        try:
            text = str(action)
        except Exception:  # noqa: BLE001 - an action that cannot be written: the table decides
            text = None
        if text is not None:
            i = bisect.bisect_left(legal, text, key=str)
            if i < len(legal) and str(legal[i]) == text and (legal[i] is action or legal[i] == action):
                return legal[i]
        try:
            return self._legal_lookup().get(action)
        except TypeError:  # a field that cannot be hashed (a list)
            return None

    def find_legal(self, action: Action) -> Action | None:
        """The legal action (of the player or chance to move) equal to ``action``, as the game's
        own object, or None when it is not legal here (or cannot be compared: a field that
        cannot be hashed). Unchecked and fast: the look-up agents and search use to turn an
        equal hand-built action into the game's own; :meth:`why_illegal` says why not.

        Args:
            action: an Action (not text).

        Returns:
            The equal legal Action, or None.
        """
        return self._find_legal(action)

    def _legal_lookup(self) -> dict[Action, Action]:
        """Each legal action by itself (so an equal hand-built action finds the game's own),
        made once per cached list."""
        legal = self._legal_list()
        if self.__dict__.get("_lookup_for") is not legal:
            self._lookup_for, self._lookup = legal, {a: a for a in legal}
        return self._lookup

    def _seat_lookup(self, player: int) -> dict[Action, Action]:
        """Each of :meth:`legal_actions(player) <legal_actions>` (what that seat knows) by
        itself, made once per position and seat, and dropped with the legal list wherever the
        position changes (``_apply``, a seat's order at a turn where several act, clones);
        callers must not change it. Raises ValueError when ``player`` is not a seat."""
        seats = self._seat_legal
        if seats is None:
            seats = self._seat_legal = {}
        found = seats.get(player) if type(player) is int else None
        if found is None:
            found = seats[player] = {a: a for a in self.legal_actions(player)}
        return found

    def _legal_for(self, action: Action, player: int) -> Action | None:
        """The legal action of seat ``player`` equal to ``action`` (the game's own object), or
        None: one look-up in :meth:`_seat_lookup`, not a new list scanned at each question."""
        try:
            return self._seat_lookup(player).get(action)
        except TypeError:  # a field that cannot be hashed (a list): compared with each one
            legal = self.legal_actions(player)
            return legal[legal.index(action)] if action in legal else None

    def _legal_actions_for(self, player: int) -> list[Action]:
        """The legal actions of ``player`` (to move) from what it knows. In the games whose
        movers decide on their own information (hands are their own), that is the truth's."""
        return self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node, ``[(outcome, probability), ...]`` sorted by notation.

        Probabilities are exact Fractions summing to exactly 1.

        Raises:
            ValueError: this is not a chance node.
        """
        if not self.is_chance_node():
            raise ValueError("chance_outcomes() is only defined at a chance node")
        return sorted(self._chance_outcomes(), key=lambda ap: str(ap[0]))

    def canonical(self, action: Action | str) -> Action:
        """The game's own form of ``action``: text is parsed; an Action equal to a legal
        action is replaced by that legal action (so ``FirstPlayer(True)`` is stored as
        ``FirstPlayer(1)``); any other Action is written out and parsed back and put in the
        game's form (a cell ``"D3"`` becomes ``"d3"``); an action that reads back as another
        class, or a cell that is not on the board, is refused.

        Raises:
            NotationError: text (or an Action's notation) that is not an action of this game,
                or a value that is neither an Action nor text.
        """
        if isinstance(action, str):
            return self.parse_action(action)
        if not isinstance(action, Action):
            raise NotationError(f"an action is an Action or its notation text, got {shorten(action)}")
        found = self._find_legal(action)  # None for a field that cannot be hashed: written out and refused below
        if found is not None:
            return found
        try:
            text = str(action)
        except (ValueError, TypeError, RecursionError) as exc:
            raise NotationError(f"{shorten(action)} is not an action of {self.game.name}: {shorten(str(exc), 200)}") from None
        parsed = self.parse_action(text)
        if type(parsed) is not type(action):  # same words, another game's (or class's) action
            raise NotationError(f"{shorten(action)} is not in the form of {self.game.name}'s actions; write it as {str(parsed)!r}")
        return parsed

    def why_illegal(self, action: Action | str, player: int | None = None) -> IllegalActionError | None:
        """None if ``action`` is legal here, else the error ``apply_action`` would raise.

        Args:
            action: an Action or its notation.
            player: the seat asking (None: the player to move). A seat that is not to act
                is told so, naming the turn-order clause.

        The action is first put in the game's own form (:meth:`canonical`), which raises
        NotationError for text, or a hand-built Action, that is no action of this game.
        """
        return self._why(self.canonical(action), player)

    def _why(self, action: Action, player: int | None) -> IllegalActionError | None:
        """:meth:`why_illegal` of an action already in the game's form."""
        if player is not None:
            self._check_seat(player)
            if not self.is_terminal() and player not in self.current_players():
                to_move = self.current_players()
                who = "chance" if self.is_chance_node() else "player " + ", ".join(map(str, to_move))
                return IllegalActionError(self.game.spec.turn_clause, f"it is not player {player}'s turn ({who} acts now)", action)
        if not self.is_terminal() and (self._find_legal(action) if player is None
                                       else self._legal_for(action, player)) is not None:
            return None
        try:
            self.refuse(action, player)
        except Refusal as r:
            return self.game.clauses.error(r.clause, r.reason, action)
        raise RuleDisagreement(f"{self.game.name}: {action} is not among the legal actions, yet the rule path "
                               f"refuses nothing (an engine defect: please report it)")

    def apply_action(self, action: Action | str, player: int | None = None) -> None:
        """Apply a legal action in place (text in the game's notation is parsed first).

        Args:
            action: an Action or its notation.
            player: the seat acting; needed in a turn where several seats act at once
                (:meth:`current_players`), optional otherwise (then it must be the mover).

        Raises:
            IllegalActionError: the action is not legal here (or not this seat's turn);
                ``.clause`` names the rule. The state is left unchanged.
            NotationError: text (or a hand-built Action) that is not an action of this game.
            ValueError: ``player`` is not a seat, or is missing where several seats act (then
                the game's own refusal where its rule path gives one: gridhunt's GRID-6).
        """
        if player is None and isinstance(action, Action) and len(self.current_players()) <= 1:
            found = self._find_legal(action)
            if found is not None:  # one of the legal actions of the one actor: nothing to refuse
                seen = self._seen_by(found)
                self._apply(found)
                self._record(found, seen, None)
                return
        action = self.canonical(action) if player is None else self._canonical_for(action, player)
        err = self._why(action, player)
        if err is None and player is None and len(self.current_players()) > 1:  # the game's rule path said nothing
            raise ValueError(f"{self.game.name}: players {self.current_players()} act at once: say which one acts "
                             f"(apply_action(action, player=...))")
        if err is not None:
            raise err
        seen = self._seen_by(action)
        by = player if player is not None and len(self.current_players()) > 1 else None
        if player is None or self.current_player() == player:
            self._apply(action)
        else:
            self._legal_cache = self._seat_legal = None
            self._apply_by(action, player)
        self._record(action, seen, by)

    def _canonical_for(self, action: Action | str, player: int) -> Action:
        if isinstance(action, Action) and player in self.current_players():
            found = self._legal_for(action, player)
            if found is not None:
                return found
        return self.canonical(action)

    def _apply_by(self, action: Action, player: int) -> None:
        """Apply ``player``'s action in a turn where several seats act at once (games with
        such turns override it)."""
        raise NotImplementedError(f"{self.game.name} has no turns where several players act at once")

    def child(self, action: Action | str, player: int | None = None) -> "State":
        """A new state after ``action`` by seat ``player`` (where several act); this one is untouched. Raises as apply_action."""
        new = self.clone()
        new.apply_action(action, player)
        return new

    def move_number(self) -> int:
        """How many actions were applied since the initial state (or the set-up position):
        every decision and every chance outcome counts one, as OpenSpiel's ``MoveNumber``.

        Returns:
            ``len(history())`` plus ``unrecorded`` (:meth:`apply_unchecked`), 0 at the start.

        >>> import boardkit
        >>> boardkit.load_game("leaders").new_initial_state().move_number()
        0
        """
        return len(self._history) + self.unrecorded

    def history(self, player: int | None = None) -> list[Action | str]:
        """Actions applied since the initial state (or the set-up position), in order.

        Args:
            player: a seat: the history as that seat saw it, an action hidden from it given
                as text with its verb only (``"draw ?"``); None: the full truth (Actions).
                A world drawn for a seat (a game's ``determinize``) has no true past: its
                history starts with the past as that seat saw it (text), whoever asks.

        Raises:
            ValueError: ``player`` is not a seat of this game.
        """
        past: list[Action | str] = list(getattr(self, "_past", None) or ())
        if player is None:
            return [*past, *self._history]
        self._check_seat(player)
        out: list[Action | str] = past
        for action, seen in zip(self._history, self._seen):
            if seen is None or player in seen:
                out.append(action)
            else:
                out.append(str(action).split()[0] + " ?")
        return out

    def outcome(self) -> Outcome | None:
        """How the game ended (:class:`Outcome`: winners, reason, clause, returns); None
        while it runs."""
        return self._outcome() if self.is_terminal() else None

    def winners(self) -> list[int]:
        """The winning seats at the end; ``[]`` before the end or with none."""
        o = self.outcome()
        return list(o.winners) if o is not None else []

    def to_json(self) -> str:
        """JSON text: game, options, starting position (if any, with ``"study": true`` for a
        study position) and the action history.

        ``game.state_from_json(text)`` replays it (so a saved state is checked on load).

        Raises:
            ValueError: actions applied by :meth:`apply_unchecked` (``unrecorded``): a replay
                would not reach this state (save ``to_position()``, or play with apply_action).
        """
        if self.unrecorded:
            raise ValueError(f"{self.game.name}: to_json: {self.unrecorded} action(s) were applied by apply_unchecked "
                             f"or random_step, which keep no history, so a replay would not reach this state; save "
                             f"to_position() (the position without its past) or play with apply_action")
        doc: dict[str, Any] = {
            "game": self.game.name,
            "rules": self.game.rules,
            "options": dict(self.game.options),
            "position": self._start,
            "history": self.saved_history(),
        }
        if self._study:
            doc["study"] = True  # a study position (state_from_position(..., study=True))
        if self.game.data_files:
            doc["files"] = self.game.data_files  # path -> SHA-256: a changed file is told on load
        return json.dumps(doc, indent=1)

    def saved_history(self) -> list[str]:
        """The history as :meth:`to_json` saves it: each action's notation in order, with
        ``"@SEAT "`` before an action given by one of several seats acting at once (so that a
        replay gives it to the same seat), e.g. ``["first 1", "@0 order n", "@1 order e"]``.

        Returns:
            A new list of strings; ``game.state_from_json`` and the simulation logs read it.
        """
        actors = getattr(self, "_acted_by", {})
        return [f"@{actors[i]} {a}" if i in actors else str(a) for i, a in enumerate(self._history)]

    def __repr__(self) -> str:
        """What this is: the game, the number of actions applied and who is to move (or how
        it ended), e.g. ``<leaders state: 12 actions, player 0 to move>``."""
        return face.describe(self)

    def _repr_html_(self) -> str | None:
        """The picture a notebook shows when a cell evaluates to this state (found lazily in
        ``boardkit.viz.<game>``, see :mod:`boardkit.core.face`); None without one."""
        return face.html(self)

    def __str__(self) -> str:
        """The public information only (what every onlooker sees), as JSON text."""
        return json.dumps(self.public_observation(), default=str)


__all__: Sequence[str] = ["CHANCE", "SIMULTANEOUS", "TERMINAL", "State"]
