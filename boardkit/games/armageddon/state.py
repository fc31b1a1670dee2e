"""One Armageddon position (:class:`ArmageddonState`): the chips, the mines, the destroyed
compartments and the turn in progress, with the chance node (the die), the legal shares and
their effects (ARMA-2 .. ARMA-7). The walking itself is :mod:`boardkit.games.armageddon.rules`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from boardkit.core.actions import Action, Roll
from boardkit.core.game import CHANCE, TERMINAL, State
from boardkit.core.outcome import Outcome
from boardkit.core.rules import Refusal
from boardkit.core.validate import shorten
from boardkit.games.armageddon import rules, usable
from boardkit.games.armageddon.actions import SHARE, VERB_OF, Home, Take
from boardkit.games.armageddon.explain import phase_refusal
from boardkit.games.armageddon.position import to_position
from boardkit.games.armageddon.rules import LIMBO, OUT, Pos

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.armageddon.game import ArmageddonGame

#: Phases of a turn.
ROLL, MOVE, HOME, OVER = "roll", "move", "home", "over"
_MEMO_LIMIT = 400_000


class ArmageddonState(State):
    """One Armageddon position.

    Attributes (read-only for users; use :meth:`observation`):
        pos: the pieces and counters (:class:`~boardkit.games.armageddon.rules.Pos`).
        seat: the side whose turn it is (index into ``game.seat_names``).
        phase: ``"roll"`` (chance), ``"move"`` (the side splits its roll), ``"home"`` (an
            owner places a displaced chip, ARMA-7.2) or ``"over"``.
        roll, left: the die's face this turn and the points not yet given (ARMA-3.1).
        moved: chips that took their share this turn (ARMA-D3).
        turns: side turns begun so far (skipped ones included; ARMA-D12).
        cut: the game was cut off by ``max_turns``.
    """

    game: "ArmageddonGame"
    legal_in_order = True  # shares sorted by their notation, then ``take mine`` (after every share's verb)

    def __init__(self, game: "ArmageddonGame", setup: bool = True) -> None:
        super().__init__(game)
        self.pos = Pos()
        self.seat = 0
        self.phase = ROLL
        self.roll = 0
        self.left = 0
        self.moved: frozenset[int] = frozenset()
        self.turns = 1
        self.cut = False
        #: the ARMA-3.2 search's cache for this turn (keys hold the position; shared by clones)
        self.memo: dict[object, Any] = {}
        #: :meth:`movable` with the position, chips moved and side it was made for
        #: movable() kept: (position, chips moved, side, the chips, the chips in ascending order)
        self._movable: tuple[Pos, frozenset[int], int, frozenset[int], list[int]] | None = None
        if setup:
            self._setup()
            self._settle()

    def _setup(self) -> None:
        """ARMA-2.1, ARMA-1.2: Earth chips on their home circles, warriors on the numbered
        circles, the officer on its dot circle, every mine in the depot."""
        g = self.game
        p = self.pos
        p.occ = [-1] * len(g.names)
        p.at = [OUT] * len(g.chip_names)
        placed = {ci: 0 for ci in range(3)}
        for c in g.earth_chips:
            ci = g.colour_index[c]
            n = g.homes[ci][placed[ci]]
            placed[ci] += 1
            p.at[c], p.occ[n] = n, c
        warriors = [c for c in range(len(g.chip_names)) if g.kind[c] == rules.WARRIOR]
        for c, n in zip(warriors, g.numbered):
            p.at[c], p.occ[n] = n, c
        p.at[g.officer], p.occ[g.dot] = g.dot, g.officer
        p.depot = g.mines

    def clone(self) -> "ArmageddonState":
        """An independent copy (same game object)."""
        new = ArmageddonState.__new__(ArmageddonState)
        new.__dict__.update(self.__dict__)
        new.pos = self.pos.copy()
        self._copy_record(new)
        return new

    # -- turn ------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The side to split its roll, the owner placing a displaced chip, CHANCE for the die,
        TERMINAL at the end (ARMA-2.3)."""
        if self.phase == MOVE:
            return self.seat
        if self.phase == ROLL:
            return CHANCE
        if self.phase == HOME:
            return self.game.chip_seat[self.pos.pending[0]]
        return TERMINAL

    @property
    def seat_name(self) -> str:
        """The name of the side whose turn it is (a colour or ``aliens``)."""
        return self.game.seat_names[self.seat]

    def movable(self) -> frozenset[int]:
        """The mover's chips in play that have not taken a share this turn (ARMA-D3). Kept
        while the position, the chips moved and the side are the same objects (a walk makes a
        new position; the home placements that change one in place drop it)."""
        got = self._movable
        pos, moved, seat = self.pos, self.moved, self.seat
        if got is not None and got[0] is pos and got[1] is moved and got[2] == seat:
            return got[3]
        at = pos.at
        order = [c for c in self.game.seat_order[seat] if at[c] >= 0 and c not in moved]
        chips = frozenset(order)
        self._movable = (pos, moved, seat, chips, order)
        return chips

    def _memo(self) -> dict[object, Any]:
        memo = self.memo
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        return memo

    def _shares(self) -> list[tuple[int, int, str]]:
        return usable.shares(self.game, self.pos, self.left, self.movable(), self._memo())

    def _share_actions(self) -> tuple[Action, ...]:
        """The legal shares as actions in notation order, kept per position, points left and
        chips still to move (the same key as :func:`~boardkit.games.armageddon.usable.best`'s
        memo: what decides the rest of a turn)."""
        g = self.game
        memo = self._memo()
        movable = self.movable()
        key = ("shares", self.pos.key(), self.left, movable)
        got: Any = memo.get(key)
        if got is None:
            found = usable.shares(g, self.pos, self.left, movable, memo)
            made, text = g.share_actions, g.share_text
            for share in found:
                if share not in made:
                    self._share_action(*share)
            got = memo[key] = tuple([made[share] for share in sorted(found, key=text.__getitem__)])
        return got  # type: ignore[no-any-return]

    def _share_action(self, c: int, k: int, verb: str) -> Action:
        """The game's own action of the share ``(chip, points, verb)``, made once per game
        (with its notation, ``game.share_text``, the listing's order)."""
        g = self.game
        a = g.share_actions.get((c, k, verb))
        if a is None:
            a = g.share_actions[(c, k, verb)] = SHARE[verb](g.chip_names[c], k)
            g.share_text[(c, k, verb)] = str(a)
        return a

    def _sample_legal(self, rng: Any, player: int) -> Action | None:
        """A share (or ``take mine``) drawn uniformly by :func:`~boardkit.games.armageddon.usable.draw`
        from candidates that hold every legal action, judged by the ARMA-3.2 search as
        :meth:`legal_actions` judges them; None (draw from the list) outside a move or after
        :data:`~boardkit.games.armageddon.usable.TRIES` refused draws."""
        if self.phase != MOVE:
            return None
        memo = self.memo
        if len(memo) > _MEMO_LIMIT:  # _memo(), inline
            memo.clear()
        g = self.game
        movable = self.movable()
        got = usable.draw(g, self.pos, self.left, movable, memo, rng,
                          1 if self.seat == g.aliens_seat and rules.take_refusal(g, self.pos) is None else 0,  # _may_take()
                          None, self._movable[4])  # type: ignore[index]
        if got is None:
            return None
        if type(got) is int:
            return Take()
        share: Any = got  # (chip, points, verb)
        a = g.share_actions.get(share)
        return self._share_action(*share) if a is None else a

    def usable(self) -> int:
        """The most points of this turn's roll still usable (ARMA-3.2); 0 outside a move."""
        if self.phase != MOVE:
            return 0
        return usable.best(self.game, self.pos, self.left, self.movable(), self._memo())

    # -- chance ----------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return list(self.game.roll_outcomes)  # ARMA-3.1: one six-sided die, each face 1/6

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The six faces of the die, each with probability exactly 1/6 (ARMA-3.1).

        Raises:
            ValueError: this is not a chance node.
        """
        if self.phase != ROLL:
            raise ValueError("chance_outcomes() is only defined at a chance node")
        return list(self.game.roll_outcomes)

    def uniform_chance(self) -> tuple[Action, ...] | None:
        """The six faces, equally likely (ARMA-3.1), at a roll; else None (see
        :meth:`boardkit.core.state.State.uniform_chance`)."""
        return self.game.roll_faces if self.phase == ROLL else None

    # -- legal actions ---------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        g = self.game
        if self.phase == HOME:  # ARMA-7.2: the owner chooses among free circles
            c = self.pos.pending[0]
            return sorted((Home(g.chip_names[c], g.names[n]) for n in rules.home_options(g, self.pos, c)), key=str)
        out: list[Action] = list(self._share_actions())
        if self._may_take():
            out.append(Take())
        return out

    def _may_take(self) -> bool:
        """Whether ``take mine`` is legal now (a move of the aliens): the officer's right to a
        mine, ARMA-5.1 (:func:`~boardkit.games.armageddon.rules.take_refusal`, the rule
        :func:`~boardkit.games.armageddon.rules.can_take` raises)."""
        return self.seat == self.game.aliens_seat and rules.take_refusal(self.game, self.pos) is None

    def refuse(self, action: Action, player: int | None = None) -> None:
        """The one rule path (core :meth:`~boardkit.core.game.State.refuse`): returns when
        ``action`` is legal now, raises :class:`~boardkit.core.rules.Refusal` naming the clause
        otherwise. The phase decides first (:func:`~boardkit.games.armageddon.explain.phase_refusal`);
        a share is judged by :func:`~boardkit.games.armageddon.usable.judge` and ``take mine`` by
        :func:`~boardkit.games.armageddon.rules.can_take`, the same code that lists the legal
        actions. Nothing is hidden in Armageddon, so every seat gets the same answer.

        Raises:
            Refusal: the action is not legal here (ARMA-3.1 .. ARMA-7.2, ARMA-D3, ARMA-D6, ARMA-D12).
        """
        g = self.game
        r = phase_refusal(self, action)
        if r is not None:
            raise r
        if self.phase != MOVE:
            return
        if isinstance(action, Take):
            if self.seat != g.aliens_seat:
                raise Refusal("ARMA-5.1", f"only the aliens' officer takes mines; {self.seat_name} is to move")
            rules.can_take(g, self.pos)
            return
        mv: Any = action  # a share: one of the verbs' actions (VERB_OF)
        verb = VERB_OF[type(action)]
        c = g.chip.get(mv.chip, -1)
        if c < 0 or g.chip_seat[c] != self.seat:
            raise Refusal("ARMA-3.1", f"the roll is split among the chips of {self.seat_name}; {mv.chip} is not "
                                      f"one of them")
        if mv.points > self.left >= 1:
            raise Refusal("ARMA-3.1", f"only {self.left} point(s) of the roll of {self.roll} are left to give, not "
                                      f"{mv.points}")
        if verb not in g.verbs:  # the option's own refusal (back='none', displace='forced')
            rules.walk(g, self.pos, c, max(1, mv.points), False, verb)
        usable.judge(g, self.pos, self.left, self.movable(), self._memo(), c, mv.points, verb)

    # -- applying --------------------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        g = self.game
        rest = None  # whether a point of the roll is still usable after a share, when the search knows
        if type(action) is Roll:
            self.roll = self.left = int(action.face)
            self.moved = frozenset()
            self.memo = {}  # a new turn: nothing cached before it can be met again in it
            self.pos.events = []
            self.phase = MOVE
        elif type(action) in VERB_OF:
            mv: Any = action
            c, k, verb = g.chip[mv.chip], mv.points, VERB_OF[type(action)]
            p0, left, movable = self.pos, self.left, self.movable()
            tab = usable.found(p0, left, self.memo)  # what the search found of this position
            stop = usable.quiet_stop(tab, c, k, verb)
            if stop is None:
                self.pos, ends = rules.walk(g, p0, c, k, True, verb)
            else:  # a quiet walk: nothing on its way to play out
                self.pos, ends = rules.arrive(g, p0, c, stop, verb), False
            self.left = 0 if ends else left - k  # ARMA-3.4: the rest is lost
            if self.pos.pending:
                self.phase = HOME
            elif self.left > 0 and self.pos.winner is None:  # the search's value of the share says it (ARMA-3.2)
                rest = usable.rest_usable(tab, movable, c, k, verb)
            self.moved = self.moved | {c}
        elif isinstance(action, Take):
            self.pos = rules.take(self.pos)
        else:
            assert isinstance(action, Home)
            p = self.pos
            self._movable = None  # the position changes in place
            p.changed()
            c = p.pending.pop(0)
            n = g.node[action.cell]
            p.at[c], p.occ[n] = n, c
            p.events.append(f"{action.chip} placed on {action.cell}")
            if not p.pending:
                self.phase = MOVE
        self._settle(rest)

    def _settle(self, rest: bool | None = None) -> None:
        """Automatic steps: forced home placements, the end of a turn when no point is left
        usable (ARMA-3.2, ARMA-D13), skipped turns (ARMA-4.4), the cut-off (ARMA-D12).
        ``rest``: whether a point of the roll is still usable, when the share just made says it
        (:func:`~boardkit.games.armageddon.usable.rest_usable`); else :func:`~boardkit.games.armageddon.usable.any_share` is asked."""
        g = self.game
        while True:
            if self.pos.winner is not None:
                self.phase = OVER
                return
            if self.phase == HOME:
                p = self.pos
                self._movable = None  # the position may change in place
                p.changed()
                while p.pending and len(rules.home_options(g, p, p.pending[0])) <= 1:
                    c = p.pending.pop(0)
                    p.at[c] = LIMBO
                    rules.send_home(g, p, c, -1, choose=False)
                    rules._check_end(g, p)
                if p.pending:
                    return
                self.phase = MOVE
                continue
            if self.phase == MOVE:
                if self.left > 0 and (usable.any_share(g, self.pos, self.left, self.movable(), self._memo())
                                      if rest is None else rest):  # ARMA-3.2
                    return
                self._next_turn()
                continue
            return

    def _next_turn(self) -> None:
        """ARMA-2.3: the next side in the order (colours, then the aliens); a colour that
        landed a chip skips this turn (ARMA-4.4)."""
        g = self.game
        self.roll = self.left = 0
        self.moved = frozenset()
        while True:
            if g.max_turns is not None and self.turns >= g.max_turns:
                self.phase, self.cut = OVER, True
                return
            self.seat = (self.seat + 1) % g.num_players
            self.turns += 1
            if self.seat < g.aliens_seat:
                ci = g.seat_colour[self.seat]
                if self.pos.skip[ci]:
                    self.pos.skip[ci] = False  # ARMA-4.4: this turn is skipped
                    continue
            self.phase = ROLL
            return

    # -- end -------------------------------------------------------------------------------
    def _outcome(self) -> Outcome:
        g = self.game
        n = g.num_players
        if self.cut:
            return Outcome((), f"cut off after {self.turns} turns (max_turns={g.max_turns})", "ARMA-D12", (0,) * n)
        p = self.pos
        if p.winner == "earth":
            winners = tuple(range(g.aliens_seat))
            returns = tuple(1 if s < g.aliens_seat else -1 for s in range(n))
        else:
            winners = (g.aliens_seat,)
            returns = tuple(1 if s == g.aliens_seat else -1 for s in range(n))
        return Outcome(winners, p.reason, p.clause, returns)

    def returns(self) -> list[Fraction | int]:
        """One number per seat: +1 for the winning side, -1 for the other, 0 while the game
        runs or after a cut-off (ARMA-1.3, ARMA-1.4, ARMA-D12)."""
        if self.phase != OVER:
            return [0] * self.game.num_players
        return list(self._outcome().returns)

    # -- views -----------------------------------------------------------------------------
    def observation(self, player: int | None = None) -> dict[str, Any]:
        """The whole position (nothing is hidden in Armageddon): the position description
        (:meth:`to_position`) plus the laser state and the chips in play per colour."""
        g = self.game
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                                   or not 0 <= player < g.num_players):
            raise ValueError(f"observation(player): player is 0 .. {g.num_players - 1} or None, not {shorten(player)}")
        d = self.to_position(finished=True)
        d["laser"] = "on" if rules.laser_on(g, self.pos) else "off"
        d["earth_in_play"] = rules.earth_in_play(g, self.pos)
        if self.phase == OVER:
            d["outcome"] = self._outcome().to_dict()
        return d

    def position_key(self) -> tuple[object, ...]:
        """See :meth:`boardkit.core.game.State.position_key`: the fields
        :func:`~boardkit.games.armageddon.position.to_position` writes, as they are (a finished
        game's phase written as ``roll`` and its end added, the roll and the chips moved only in
        a move)."""
        p = self.pos
        moving = (self.roll, self.left, self.moved) if self.phase in (MOVE, HOME) else None
        end = (self.cut, p.clause, p.reason) if self.phase == OVER else None
        return (self.seat, ROLL if self.phase == OVER else self.phase, tuple(p.at), moving, tuple(p.pending), p.mine,
                p.depot, tuple(p.trophies), p.destroyed, tuple(p.skip), self.turns, end)

    def _position(self) -> dict[str, Any]:
        """The description :func:`boardkit.games.armageddon.position.read_position` reads back."""
        return to_position(self)


__all__ = ["ArmageddonState", "ROLL", "MOVE", "HOME", "OVER"]
