"""One gridhunt position (:class:`GridhuntState`): the GM's truth, what each seat knows, and the
turn's flow (GRID-1 .. GRID-7).

The state is assembled from the package's seams: :mod:`.knowledge` (what a seat knows),
:mod:`.legality` (the one rule path: a seat's orders and the reason an order is refused),
:mod:`.resolve` (the GM resolving orders on the truth), :mod:`.observe` (what each seat is
shown), :mod:`.determinization` (worlds a seat cannot tell from the truth); the turn flow, the
end and the API are here.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from boardkit.core.actions import Action
from boardkit.core.game import CHANCE, SIMULTANEOUS, TERMINAL, State
from boardkit.core.outcome import Outcome
from boardkit.core.rules import IllegalActionError, Refusal
from boardkit.core.spec import OptionError
from boardkit.games.gridhunt import determinization, observe, scoring
from boardkit.games.gridhunt.actions import KINDS, Layout, ShootNone, Start, Turn
from boardkit.games.gridhunt.explain import phase_refusal
from boardkit.games.gridhunt.knowledge import USED_UP, Knowledge, KnowledgeMixin
from boardkit.games.gridhunt.legality import draw_order, orders_of, refuse_order
from boardkit.games.gridhunt.position import to_position
from boardkit.games.gridhunt.resolve import ResolveMixin
from boardkit.games.gridhunt.rules import cells_by_name, connected

#: Wall sets drawn for one random layout before the engine gives up with an OptionError
#: (GRID-7); within gridhunt.game.MAX_WALLS a layout needs about ten at worst.
MAX_LAYOUT_DRAWS = 500

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.game import GridhuntGame


#: The seats that see a layout draw (GRID-5.1): none.
_NOBODY: frozenset[int] = frozenset()


@lru_cache(maxsize=None)
def _one_in(k: int) -> Fraction:
    """The probability ``1/k`` (one Fraction per ``k``)."""
    return Fraction(1, k)


class GridhuntState(KnowledgeMixin, ResolveMixin, State):
    """One gridhunt position: the GM's truth and every seat's knowledge.

    Attributes:
        cells: kind per cell index (``"free"`` or a kind of GRID-2.2), the truth.
        setup: the kinds the GM still has to draw (GRID-7); ``placing``: the next seat to place
            (GRID-5.1; ``n`` once all are placed).
        pos: per seat its cell, None before placement or once dead; ``alive``, ``shield``,
            ``blocked`` (a mine: the next move is skipped, GRID-3.5), ``beaconed``.
        ghosts: seat -> the cell where it died, for deaths not yet told (GRID-D9).
        idle: per seat, blocked this turn (its move is ``move none``; it still shoots unless
            ``mine_blocks_shot``, GRID-D19).
        enhanced: per seat, an enhanced attack this turn (GRID-2.6).
        radius: per seat, the radius of its last look (GRID-2.5).
        phase: ``setup``, ``next`` (chance: who acts), ``move``, ``shot`` (sequential) or
            ``orders``, ``resolve``, ``shots`` (simultaneous), ``over``.
        to_move, acted, round, turns: the turn order (GRID-6).
        orders, shots, pending: the simultaneous variant's orders (GRID-D6).
        know: per seat, its :class:`Knowledge`; ``public_walls``, ``public_teleports``,
            ``deaths`` ``(seat, round)``: public knowledge (GRID-5.3).
    """

    legal_in_order = True  # moves come from notation-ordered tables; shots are sorted (legality.orders_of)

    game: "GridhuntGame"

    def __init__(self, game: "GridhuntGame") -> None:
        super().__init__(game)
        n = game.n
        self.n = n
        self.size = game.size
        if game.fixed is not None:
            self.cells: list[str] = list(game.fixed)
            self.setup: list[str] = []
        else:
            self.cells = ["free"] * (game.size * game.size)
            self.setup = [k for k in KINDS for _ in range(game.counts[k])]
        self.placing = 0
        self.pos: list[int | None] = [None] * n
        self.alive = [True] * n
        self.ghosts: dict[int, int] = {}
        self.shield = [False] * n
        self.blocked = [False] * n
        self.beaconed = [False] * n
        self.idle = [False] * n
        self.enhanced = [False] * n
        self.radius = [0] * n
        self.phase = "setup"
        self.to_move: int | None = None
        self.acted: list[int] = []
        self.round = 0
        self.turns = 0
        self.orders: dict[int, Action] = {}
        self.shots: dict[int, Action] = {}
        self.pending: list[int] = []
        self.know = [Knowledge() for _ in range(n)]
        self.public_walls: set[int] = set()
        self.public_teleports: set[int] = set()
        self.deaths: list[tuple[int, int]] = []
        self.outcome_value: Outcome | None = None
        self._acting: int | None = None
        #: the chance outcomes of this position once made (None: not yet, or changed since).
        self._chances: list[tuple[Action, Fraction]] | None = None
        #: the last action looked up among the legal actions: (action, legal list, found).
        self._found: tuple[Action, list[Action], Action | None] | None = None
        #: the deaths (the list and its length) for which _check_end last found the game going on.
        self._going_on: tuple[list[tuple[int, int]], int] | None = None
        self._settle()

    # -- bookkeeping -------------------------------------------------------------------------
    def clone(self) -> "GridhuntState":
        """An independent copy (same game object)."""
        new = GridhuntState.__new__(GridhuntState)
        new.__dict__.update(self.__dict__)
        self._copy_record(new)
        for name in ("cells", "setup", "pos", "alive", "shield", "blocked", "beaconed", "idle", "enhanced", "radius",
                     "acted", "pending", "deaths"):
            setattr(new, name, list(getattr(self, name)))
        new.orders, new.shots, new.ghosts = dict(self.orders), dict(self.shots), dict(self.ghosts)
        new.public_walls, new.public_teleports = set(self.public_walls), set(self.public_teleports)
        new.know = [k.copy() for k in self.know]
        return new

    def determinize(self, player: int, rng: Any) -> "GridhuntState":
        """A state seat ``player`` cannot tell from this one, for search agents
        (:func:`boardkit.agents.determinize.determinize` calls it): what the seat knows (GRID-5:
        its own and sharing teammates' knowledge, the public knowledge) is kept; the rest is
        drawn again from what the seat can infer, never read from the truth
        (:mod:`boardkit.games.gridhunt.determinization`).

        - Cells: every cell whose kind the seat knows (landed on, a wall or teleport seen or
          public) keeps it; cells it has seen to be neither wall nor teleport get a kind other
          than those; the kinds still unaccounted for (the layout's counts, GRID-7, minus what
          the seat knows) are dealt at random over the cells it does not know, the rest free.
        - Other players: a beaconed player's cell is public (GRID-2.7) and kept, so is one the
          seat saw in a look this round; any other player the seat believes alive (a death not
          yet told lives again, GRID-D9) is put on a random free cell out of the seat's latest
          look. Their shields, mines, enhanced attacks and knowledge start afresh; an order one
          of them has given this round (GRID-D6) is replaced by one drawn from its orders.
        - The past: none is carried. The world's record starts at the drawn position
          (``to_json()`` saves that position); ``history()`` of the world gives the seat's own
          view of the past (hidden actions as ``move ?``), for any asker.

        Args:
            player: the seat (0-based).
            rng: a ``random.Random``.

        Returns:
            A new state with the seat's observation, history and legal actions unchanged.

        Raises:
            ValueError: ``player`` is not a seat.
        """
        self._check_seat(player)
        return determinization.determinize(self, player, rng)

    def living(self) -> list[int]:
        """The living seats (the truth)."""
        return [p for p in range(self.n) if self.alive[p]]

    # -- flow ---------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE (setup draws, who acts next), SIMULTANEOUS (several seats give
        orders at once, GRID-D6) or TERMINAL."""
        ph = self.phase
        if ph == "move" or ph == "shot":  # asked at every step of a rollout: first
            assert self.to_move is not None
            return self.to_move
        if ph == "over":
            return TERMINAL
        if ph in ("setup", "next", "resolve"):
            return CHANCE
        waiting = self.current_players()
        return waiting[0] if len(waiting) == 1 else SIMULTANEOUS

    def current_players(self) -> list[int]:
        """The seats to act now: the mover, or in the simultaneous variant every seat told alive
        whose order is still awaited (GRID-D6, GRID-D9); ``[]`` at chance nodes and at the end."""
        ph = self.phase
        if ph == "orders":
            return [p for p in range(self.n) if self.told_alive(p) and p not in self.orders]
        if ph == "shots":
            return [p for p in range(self.n) if self.told_alive(p) and p not in self.shots]
        if ph in ("move", "shot"):
            assert self.to_move is not None
            return [self.to_move]
        return []

    def _settle(self) -> None:
        """Automatic transitions: end of setup, start of a turn or a round, cut-off (GRID-D10)."""
        if self.phase == "setup":
            if self.setup or self.placing < self.n:
                return
            self.phase = "next" if self.game.options.turn_order != "simultaneous" else "orders"
            if self.phase == "orders":
                self._start_round()
                return
        if self.phase == "next":
            max_turns = self.game.opts.max_turns
            if max_turns is not None and self.turns >= max_turns:
                self._finish(*scoring.cut_off(self.turns, max_turns))
                return
            who = self._remaining()
            if self.round == 0 or not who:
                self.ghosts = {}  # GRID-D9: the round's deaths are told as the round ends
                self.round += 1
                self.acted = []
                who = self._remaining()
            if self.game.opts.turn_order == "fixed":  # GRID-6: seat order
                self._begin_turn(who[0])
            else:  # who acts next is drawn: the chance outcomes (the legal list) are made here
                self._legal_cache = self._chance_drawn(who)

    def _remaining(self) -> list[int]:
        """GRID-6: seats told alive that have not acted in this round (GRID-D9)."""
        alive, ghosts, acted = self.alive, self.ghosts, self.acted
        return [p for p in range(self.n) if (alive[p] or p in ghosts) and p not in acted]  # told alive

    def _begin_turn(self, p: int) -> None:
        self.to_move = p
        self.acted.append(p)
        self.turns += 1
        self.phase = "move"
        self.enhanced[p] = False
        if self.blocked[p]:  # GRID-2.4, GRID-3.5: this turn is skipped
            self.blocked[p] = False
            self.idle[p] = True

    def _start_round(self) -> None:
        """Simultaneous variant (GRID-D6): a new round of orders, or the cut-off (GRID-D10)."""
        self.ghosts = {}  # GRID-D9: the round's deaths are told as the round ends
        max_turns = self.game.options.max_turns
        if max_turns is not None and self.turns >= max_turns:
            self._finish(*scoring.cut_off(self.turns, max_turns))
            return
        self.round += 1
        self.phase = "orders"
        self.orders, self.shots, self.pending = {}, {}, []
        for p in self.living():
            self.turns += 1
            self.enhanced[p] = False
            self.idle[p] = False
            if self.blocked[p]:
                self.blocked[p] = False
                self.idle[p] = True

    def _check_end(self) -> bool:
        """GRID-1.1: the last player, or the last team with a living member, wins. A player
        leaves only by dying, which adds to ``deaths``: "not over" is kept with the deaths it
        was found for and answered again, unasked, while none is added."""
        deaths = self.deaths
        kept = self._going_on
        if kept is not None and kept[0] is deaths and kept[1] == len(deaths):
            return False
        end = scoring.end(self.alive, self.game.teams)
        if end is None:
            self._going_on = (deaths, len(deaths))
            return False
        self._finish(*end)
        return True

    def _finish(self, reason: str, clause: str) -> None:
        self.phase = "over"
        self.to_move = None
        self.ghosts = {}  # GRID-D9: every death is told at the end
        self.outcome_value = scoring.outcome(reason, clause, self.alive, self.game.teams, cut=clause == scoring.CUT_OFF[1])

    def _outcome(self) -> Outcome:
        assert self.outcome_value is not None
        return self.outcome_value

    def returns(self) -> list[Fraction | int]:
        """1 for each winner and -1 for the others at the end (GRID-1.1); all 0 before the end or
        for a game cut off by ``max_turns`` (GRID-D10)."""
        if self.outcome_value is None:
            return [0] * self.n
        return list(self.outcome_value.returns)

    # -- the rule path ----------------------------------------------------------------------------
    def _legal_list(self) -> list[Action]:
        """The cached legal actions (see :meth:`boardkit.core.game.State._legal_list`): a
        mover's orders as :func:`~boardkit.games.gridhunt.legality.orders_of` makes them (in
        notation order, never changed: the move tables are shared), chance's from its
        outcomes."""
        legal = self._legal_cache
        if legal is None:
            ph = self.phase
            if ph in ("move", "shot"):
                assert self.to_move is not None
                legal = self._legal_cache = self._orders_of(self.to_move)
            elif ph in ("setup", "next", "resolve"):
                out = self._chances
                if out is None:
                    out = self._chances = self._chance_outcomes()
                legal = self._legal_cache = [a for a, _ in out]
            else:
                return super()._legal_list()
        return legal

    def _find_legal(self, action: Action) -> Action | None:
        """See :meth:`boardkit.core.game.State._find_legal`; the answer for the last action
        asked is kept with the legal list it was found in (``apply_action`` asks twice: for the
        game's own form of the action, then whether it is legal)."""
        legal = self._legal_list()
        memo = self._found
        if memo is not None and memo[0] is action and memo[1] is legal:
            return memo[2]
        found = super()._find_legal(action)
        self._found = (action, legal, found)
        return found

    def _legal_actions(self) -> list[Action]:
        if self.phase in ("move", "shot"):
            assert self.to_move is not None
            return self._orders_of(self.to_move)
        if self.phase in ("orders", "shots"):
            waiting = self.current_players()
            return self._orders_of(waiting[0]) if len(waiting) == 1 else []
        return []

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """See :meth:`boardkit.core.game.State.legal_actions`: the same lists; the mover asking
        for its own orders is answered from the kept list with no further look-up."""
        if type(player) is int and player == self.to_move and self.phase in ("move", "shot"):
            return list(self._legal_list())
        return super().legal_actions(player)

    def _legal_actions_for(self, player: int) -> list[Action]:
        """The orders ``player`` may give, from what it knows (GRID-3.1, GRID-3.3, GRID-4); the
        cached list when ``player`` is the only seat to act (the same orders)."""
        if self.phase in ("move", "shot") and self.to_move == player:
            return list(self._legal_list())
        return list(self._orders_of(player))

    def _orders_of(self, p: int) -> list[Action]:
        """The orders of seat ``p`` now (:func:`boardkit.games.gridhunt.legality.orders_of`)."""
        return orders_of(self, p)

    def _sample_legal(self, rng: Any, player: int) -> Action | None:
        """An order of ``player`` drawn uniformly without listing them
        (:func:`boardkit.games.gridhunt.legality.draw_order`); None (draw from the list) after
        its refused draws."""
        return draw_order(self, player, rng)

    def refuse(self, action: Action, player: int | None = None) -> None:
        """Gridhunt's one rule path (see :meth:`boardkit.core.game.State.refuse`): returns when
        ``action`` is legal for the asking seat, raises Refusal naming the clause otherwise.

        A phase-level refusal first (:func:`boardkit.games.gridhunt.explain.phase_refusal`: the
        game is over, chance acts, a draw not possible); then, for a seat's order, the same
        predicates that generate its orders (:func:`boardkit.games.gridhunt.legality.refuse_order`),
        evaluated for ``player`` (None: the single seat to act) from what that seat knows.

        Raises:
            Refusal: the clause and the reason, about the asking seat only.
        """
        if self.is_chance_node() and action in self._legal_list():
            return
        r = phase_refusal(self, action)
        if r is not None:
            raise r
        waiting = self.current_players()
        if player is None:
            if len(waiting) != 1:
                raise Refusal("GRID-6", "several players give their orders at once now: say which player gives this "
                                        "one (player=)")
            player = waiting[0]
        elif not self.told_alive(player):
            raise Refusal("GRID-6", f"player {player} is dead (GRID-1.1): only living players act")
        elif player not in waiting:
            raise Refusal("GRID-6", self._already_given(player) or f"it is not player {player}'s turn")
        refuse_order(self, action, player)

    def _already_given(self, player: int) -> str:
        """Why a living seat does not act now in a simultaneous phase it already acted in
        (GRID-D6): ``"player 0 already gave its order this round"``, or ``""``."""
        if self.phase == "orders" and player in self.orders:
            return f"player {player} already gave its order this round"
        if self.phase == "shots" and player in self.shots:
            return f"player {player} already gave its shot this round"
        return ""

    def _why(self, action: Action, player: int | None) -> IllegalActionError | None:
        if player is not None:
            self._check_seat(player)
        if player is not None and not self.is_terminal() and not self.told_alive(player):
            return IllegalActionError("GRID-6", f"player {player} is dead (GRID-1.1): only living players act", action)
        if player is not None and not self.is_terminal() and player not in self.current_players():
            given = self._already_given(player)
            if given:
                return IllegalActionError("GRID-6", given, action)
        return super()._why(action, player)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """See :meth:`boardkit.core.game.State.chance_outcomes`: the outcomes are made in
        notation order (cells by name, seats by number as text), so they are not sorted again."""
        if not self.is_chance_node():
            raise ValueError("chance_outcomes() is only defined at a chance node")
        out = self._chances
        if out is None:  # made once per position (dropped with the legal list at every change)
            out = self._chances = self._chance_outcomes()
        return list(out)

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The chance outcomes in notation order (GRID-7, GRID-5.1, GRID-6, GRID-D6), each
        equally likely (:meth:`uniform_chance`)."""
        drawn = self._chance_drawn()
        pr = _one_in(len(drawn))
        return [(a, pr) for a in drawn]

    def uniform_chance(self) -> list[Action] | None:
        """At a chance node, its outcomes in notation order, every one equally likely: a layout
        cell among the empty ones (GRID-7), a start cell among the free ones (GRID-5.1), who acts
        next among the seats still to act (GRID-6, GRID-D6); else None (see
        :meth:`boardkit.core.state.State.uniform_chance`)."""
        if self.phase in ("setup", "next", "resolve"):
            legal = self._legal_cache  # the same outcomes when made already (_legal_list, _settle)
            return legal if legal is not None else self._chance_drawn()
        return None

    def _chance_drawn(self, who: list[int] | None = None) -> list[Action]:
        """The chance outcomes of :meth:`_chance_outcomes`, without their probabilities;
        ``who``: the seats still to act in phase ``next`` when made already (``_remaining()``)."""
        g = self.game
        cells = self.cells
        if self.phase == "setup":
            order = cells_by_name(self.size)
            if self.setup:  # GRID-7: uniform over the empty cells
                layout = g.layout_by_kind[self.setup[0]]
                drawn = [layout[i] for i in order if cells[i] == "free"]
            else:
                taken = set(self.pos)
                start = g.start_by_seat[self.placing]
                drawn = [start[i] for i in order if cells[i] != "wall" and i not in taken]  # GRID-5.1
            return drawn
        if self.phase == "next":  # GRID-6: seats in order, as text too below 11 seats
            who = self._remaining() if who is None else who
            if self.n > 10:
                who.sort(key=str)
        else:  # GRID-D6
            who = sorted(self.pending, key=str)
        turn = g.turn_actions
        return [turn[p] for p in who]

    # -- applying -----------------------------------------------------------------------------------
    def apply_action(self, action: Action | str, player: int | None = None) -> None:
        """Apply a legal action (see :meth:`boardkit.core.game.State.apply_action`); in the
        simultaneous variant each seat gives its order with ``player=`` (GRID-D6)."""
        self._acting = player
        try:
            super().apply_action(action, player)
        finally:
            self._acting = None

    def _seen_by(self, action: Action) -> frozenset[int] | None:
        """Layout draws are seen by nobody (GRID-5.1); a seat's start cell by that seat; orders by
        the seat giving them (and teammates sharing vision, GRID-1.3); who acts next by all."""
        if isinstance(action, Layout):
            return _NOBODY
        if isinstance(action, Start):
            return self.game.sharing[action.player]
        if isinstance(action, Turn):
            return None
        p = self._acting if self._acting is not None else self.current_player()
        return self.game.sharing[p]

    def parse_action(self, text: str) -> Action:
        """Parse the notation (see :mod:`boardkit.games.gridhunt.actions`); text already in the
        canonical form of an action made before is looked up rather than parsed.

        Raises:
            NotationError: the text is not an action of gridhunt (names the wrong word).
        """
        if isinstance(text, str):
            found = self.game.known_action(text)
            if found is not None:
                return found
        return super().parse_action(text)

    def _apply(self, action: Action) -> None:
        self._legal_cache = self._chances = self._seat_legal = None
        ph = self.phase
        if ph == "move" or ph == "shot":  # the mover's order (the most frequent action)
            self._order(self.to_move, action)  # type: ignore[arg-type]
        elif ph == "next":  # GRID-6: a Turn, who acts next; its turn starts (nothing to settle)
            self._begin_turn(action.player)  # type: ignore[attr-defined]
        else:
            self._apply_action(action)

    def _apply_by(self, action: Action, player: int) -> None:
        self._chances = None
        self._order(player, action)

    def _apply_action(self, action: Action) -> None:
        g = self.game  # a mover's order and who acts next come through _apply's shorter way
        if isinstance(action, Layout):
            i = g.index[action.cell]
            self.cells[i] = action.kind
            self.setup.pop(0)
            if action.kind == "wall" and (not self.setup or self.setup[0] != "wall"):
                walls = [c for c, k in enumerate(self.cells) if k == "wall"]
                if not connected(self.size, walls):  # GRID-7: rejected, the walls are drawn again
                    self.layout_draws = getattr(self, "layout_draws", 1) + 1
                    if self.layout_draws > MAX_LAYOUT_DRAWS:
                        self.cells[i] = "free"
                        self.setup.insert(0, "wall")
                        self.layout_draws -= 1
                        raise OptionError(f"gridhunt: option walls={len(walls)}: {MAX_LAYOUT_DRAWS} random wall sets "
                                          f"drawn, none leaving the free cells connected (GRID-7); use fewer walls")
                    for c in walls:
                        self.cells[c] = "free"
                    self.setup[:0] = ["wall"] * len(walls)
        elif isinstance(action, Start):
            self.pos[action.player] = g.index[action.cell]
            self.placing += 1
        elif isinstance(action, Turn):
            if self.phase == "next":
                self._begin_turn(action.player)
            else:
                self._resolve_pending(action.player)
        else:
            p = self.current_player()
            assert p >= 0
            self._order(p, action)  # settles
            return
        self._settle()

    def _order(self, p: int, action: Action) -> None:
        """A seat's order: applied at once (sequential) or kept until all are in (GRID-D6). The
        order of a player whose death is not yet told is void (GRID-D9)."""
        ph = self.phase
        if ph == "move":
            if self.alive[p]:
                self._resolve_move(p, action)
            if not self._check_end():
                self.phase = "shot"
            return  # the shot half or the end: nothing to settle
        if ph == "shot":
            if self.alive[p] and not isinstance(action, ShootNone):  # GRID-4.1: 'shoot none' hits nobody
                hits = self._hits(p, action)
                if hits:  # else nobody is attacked
                    self._attack_all([], hits) if self._is_enhanced_shot(p, action) else self._attack_all(hits, [])
            self.idle[p] = False
            self.enhanced[p] = False
            if not self._check_end():
                self.phase = "next"
        elif ph == "orders":
            self.orders[p] = action
            if not self.current_players():
                self.phase = "resolve"
                self.pending = sorted(self.orders)
        elif ph == "shots":
            self.shots[p] = action
            if not self.current_players():
                self._resolve_shots()
        self._settle()

    # -- views ----------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` knows (GRID-5), or the GM's truth (``None``).

        A seat's view: its own cell and state (shield, blocked, enhanced attack, beaconed), the
        walls and teleports it has seen or that are public, the cells it landed on and what it
        found there, each look (round, from where, radius, whom it saw where), the public
        knowledge (GRID-5.3: walls that stopped someone, teleports once used, beaconed players'
        cells, deaths told with their round, GRID-D9), the turn, and with ``team_shares_vision``
        its teammates' knowledge (GRID-1.3). Nothing else (GRID-D9): not whether its shot hit,
        not who passed by. ``"outcome"`` is None while the game runs.

        Raises:
            ValueError: ``player`` is not a seat or None.
        """
        return observe.observation(self, player)

    def public_observation(self) -> dict[str, Any]:
        """What every onlooker knows (GRID-5.3): grid size, seats and teams, the turn, walls that
        stopped someone, teleports once used, beaconed players' cells, deaths told (seat and
        round, GRID-D9), who is told alive, and the outcome."""
        return observe.public_observation(self)

    def player_view_json(self, player: int) -> str:
        """The saved view of one seat: its observation and its history, as JSON text (what a GM
        would send that player; nothing it may not know, GRID-5)."""
        return observe.player_view_json(self, player)

    def _position(self) -> dict[str, Any]:
        """This position as ``game.state_from_position`` reads it (see
        :mod:`boardkit.games.gridhunt.position`)."""
        return to_position(self)


__all__ = ["GridhuntState", "Knowledge", "USED_UP"]
