"""One Leaders position (:class:`LeadersState`): turn flow, legal actions, applying them,
the end of the game and what each seat observes (LEAD-1 .. LEAD-8).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterator

from boardkit.core.actions import Action, Draw, FirstPlayer
from boardkit.core.validate import shorten
from boardkit.core.game import CHANCE, TERMINAL, State
from boardkit.core.outcome import Outcome
from boardkit.core.rules import Refusal
from boardkit.games.leaders import rules as R
from boardkit.games.leaders.actions import (
    CARD_PIECES,
    RECRUITABLE,
    TWO_CELL_VERBS,
    Ability,
    Exile,
    Move,
    NemesisMove,
    Pass,
    Recruit,
    Select,
)
from boardkit.games.leaders.explain import phase_refusal
from boardkit.games.leaders.legality import act_refusal, decision_refusal, select_refusal
from boardkit.games.leaders.position import to_position
from boardkit.games.leaders.rules import END_CLAUSE, LEADER_OF, MARKET_SIZE, MAX_CARDS, Phase, Piece

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.leaders.game import LeadersGame

__all__ = ["END_CLAUSE", "LEADER_OF", "MARKET_SIZE", "MAX_CARDS", "LeadersState", "Phase"]


class LeadersState(State):
    """One Leaders position. See the module and ``LeadersGame`` for the rules in force."""

    game: LeadersGame

    def __init__(self, game: LeadersGame) -> None:
        super().__init__(game)
        n = len(game.board.coords)
        self.pieces: list[Piece | None] = [None] * n
        for p in (0, 1):  # LEAD-1.1
            self.pieces[game.start[p]] = Piece(LEADER_OF[p], p)
        self.cards: list[list[str]] = [[LEADER_OF[0]], [LEADER_OF[1]]]
        self.first: int | None = game.options.first_player
        self.to_move = self.first if self.first is not None else 0
        self.turn = 0
        self.phase = Phase.SETUP
        self.acted: list[str] = []
        self.selected: int | None = None
        self.recruits_left = 0
        self.market: list[str] = []
        self.deck: set[str] = set() if game.options.expert else set(RECRUITABLE)  # LEAD-1.3
        self.exiled: list[str] = []
        self.exile_queue: list[int] = []
        self.second_exile_done = False
        self.nemesis_pending = False
        self.loser: int | None = None
        self.end_reason = ""
        self.end_clause = ""
        self._locs: dict[str, int] | None = None  # piece kind -> cell, rebuilt after changes
        if game.options.expert and self.first is not None:
            self.exile_queue = [self.first, 1 - self.first]  # LEAD-8.2
        self._settle()

    # -- bookkeeping --------------------------------------------------------------------------
    def clone(self) -> "LeadersState":
        new = LeadersState.__new__(LeadersState)
        new.__dict__.update(self.__dict__)
        new.pieces = list(self.pieces)
        new.cards = [list(self.cards[0]), list(self.cards[1])]
        new.acted = list(self.acted)
        new.market = list(self.market)
        new.deck = set(self.deck)
        new.exiled = list(self.exiled)
        new.exile_queue = list(self.exile_queue)
        self._copy_record(new)
        return new

    def where(self, kind: str) -> int:
        """Cell index of the piece ``kind`` (e.g. ``"Archer"``), or -1 if not on the board."""
        locs = self._locs
        if locs is None:
            locs = self._locs = {pc.kind: i for i, pc in enumerate(self.pieces) if pc is not None}
        return locs.get(kind, -1)

    def leader_cell(self, player: int) -> int:
        """Cell index of ``player``'s Leader (LEAD-1.1)."""
        return self.where(LEADER_OF[player])

    def available(self) -> list[str]:
        """Cards that can be recruited now: the market (LEAD-2.3), or in Expert mode every
        card neither recruited nor exiled (LEAD-8.1)."""
        if self.game.options.expert:
            taken = set(self.exiled) | set(self.cards[0]) | set(self.cards[1])
            return [c for c in RECRUITABLE if c not in taken]
        return list(self.market)

    def characters(self, player: int) -> int:
        """How many characters ``player`` has for the second Exile (LEAD-8.2, LEAD-D6), the
        Leader included: its pieces, the Hermit and the Cub two ("contano come un personaggio
        solo in fase di Reclutamento"); with the option ``exile_count="cards"``, its cards
        (the Hermit & Cub one)."""
        if self.game.options.exile_count == "cards":
            return len(self.cards[player])
        return sum(1 for pc in self.pieces if pc is not None and pc.owner == player)

    def both_have_three(self) -> bool:
        """LEAD-8.2: both players have (at least) three characters, the Leader one of them."""
        return self.characters(0) >= 3 and self.characters(1) >= 3

    def _name(self, i: int) -> str:
        """The name of cell index ``i`` (``"d1"``)."""
        return self.game.board.names[i]

    def _cell(self, name: str) -> int:
        """The index of the cell named ``name``; raises KeyError if it is not on the board."""
        return self.game.board.index(name)

    # -- flow ---------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase is Phase.OVER:
            return TERMINAL
        if len(self.market) < MARKET_SIZE and self.deck:  # LEAD-1.3 / LEAD-2.3 refill
            return CHANCE
        if self.first is None:  # LEAD-1.4
            return CHANCE
        if self.exile_queue:  # LEAD-8.2
            return self.exile_queue[0]
        if self.nemesis_pending:  # LEAD-7.2
            return self.pieces[self.where("Nemesis")].owner  # type: ignore[union-attr]
        return self.to_move

    def _start_turn(self, player: int) -> None:
        """LEAD-2.1: a turn is an Action phase then a Recruitment phase."""
        max_turns = self.game.options.max_turns
        if max_turns is not None and self.turn >= max_turns:  # LEAD-D7 cut-off
            self.phase, self.end_reason, self.end_clause = Phase.OVER, "cut off", "LEAD-D7"
            return
        self.turn += 1
        self.to_move = player
        self.phase = Phase.ACTION
        self.acted = []
        self.selected = None

    def _actors(self, player: int) -> list[int]:
        """Cells of ``player``'s characters that may still act this turn (LEAD-2.2; LEAD-7.1 the
        Hermit and the Cub in any order, or one right after the other with the published
        ``hermit_cub_in_a_row``, LEAD-P2; LEAD-7.2 never the Nemesis), before the LEAD-3.5
        check."""
        return [i for i, pc in enumerate(self.pieces)
                if pc is not None and pc.owner == player and act_refusal(self, pc.kind) is None]

    def _settle(self) -> None:
        """Make the automatic transitions: skipped phases, end of turn, Nemesis staying."""
        while True:
            if self.phase is Phase.OVER or self.current_player() == CHANCE or self.exile_queue:
                return
            if self.nemesis_pending:
                n = self.where("Nemesis")
                if R.nemesis_ends(self.game.geometry, self.pieces, n):
                    return
                self.nemesis_pending = False  # LEAD-7.2: it cannot move, it stays
                self._check_end()
                continue
            if self.phase is Phase.SETUP:
                assert self.first is not None
                self._start_turn(self.first)
                continue
            if self.phase is Phase.ACTION:
                if self.selected is None and not self._actors(self.to_move):
                    self._begin_recruitment()  # LEAD-2.2: every character has acted
                    continue
                return
            if self.phase is Phase.RECRUIT:
                p = self.to_move
                if len(self.cards[p]) >= MAX_CARDS:  # LEAD-2.5
                    self.recruits_left = 0
                # LEAD-D4: recruiting is mandatory when possible, skipped when nothing is legal
                if self.recruits_left > 0 and not self._recruit_actions():  # LEAD-2.3, LEAD-2.6
                    self.recruits_left = 0  # a skipped phase is not made up later
                if self.recruits_left == 0:
                    self._start_turn(1 - p)
                    continue
                return

    def _begin_recruitment(self) -> None:
        """LEAD-2.1 then LEAD-2.4: the second player's first turn has two Recruitment phases."""
        self.phase = Phase.RECRUIT
        self.selected = None
        second_first_turn = self.to_move != self.first and self.turn == 2
        self.recruits_left = 2 if second_first_turn else 1

    def _check_end(self) -> bool:
        """LEAD-3.1 .. LEAD-3.4: end the game if a Leader is captured or surrounded."""
        g = self.game.geometry
        lost = [R.leader_lost(g, self.pieces, self.leader_cell(p), p) for p in (0, 1)]
        if lost[0] is None and lost[1] is None:
            return False
        self.phase = Phase.OVER
        if lost[0] and lost[1]:  # LEAD-3.4: both at once: the active player wins
            self.loser = 1 - self.to_move
            self.end_clause = "LEAD-3.4"
        else:
            self.loser = 0 if lost[0] else 1
            self.end_clause = END_CLAUSE[lost[self.loser]]  # type: ignore[index]
        self.end_reason = f"{LEADER_OF[self.loser]} {lost[self.loser]}"
        self.nemesis_pending = False
        return True

    # -- legal actions -----------------------------------------------------------------------
    def _steps(self, c: int) -> list[tuple[Action, R.Effect]]:
        """Every move or ability use of the character on ``c`` with its effect, before the
        LEAD-3.5 check."""
        return list(self._iter_steps(c))

    def _iter_steps(self, c: int) -> Iterator[tuple[Action, R.Effect]]:
        """:meth:`_steps` one at a time, in the same order (a search for one step that is
        allowed stops at the first)."""
        g, pieces = self.game.geometry, self.pieces
        kind, owner = pieces[c]  # type: ignore[misc]
        made = self.game.made
        v = self.where("Vizier") if kind == LEADER_OF[owner] else -1
        vizier = v >= 0 and pieces[v].owner == owner  # type: ignore[union-attr]
        for _, dest, _, eff in R.moves(g, pieces, c, vizier):
            yield made.move[dest], eff
        if kind in R.ACTIVE and not R.jailed(g, pieces, c):  # LEAD-6.3, LEAD-D5: abilities only
            lc = self.leader_cell(owner)
            for verb, t, d, eff in R.abilities(g, pieces, c, lc):
                yield made.ability(verb, t, d), eff

    def self_loss_clause(self, effect: R.Effect, player: int) -> str | None:
        """The clause that refuses an action of ``player`` with ``effect``, or None if allowed.

        LEAD-3.5 as the seed words it (option ``self_loss="leader_move"``, LEAD-D9): an action
        that moves ``player``'s own Leader may not leave it captured or surrounded, unless the
        same action captures or surrounds the enemy Leader (LEAD-3.4: the active player wins).
        LEAD-P1 (``self_loss="any_action"``, published FAQ): no action may leave one's own
        Leader captured or surrounded, whatever else it does. Judged when the acting
        character's own action is complete, before any Nemesis reaction (LEAD-D3).

        Returns:
            ``"LEAD-3.5"``, ``"LEAD-P1"`` or None.
        """
        lc = self.leader_cell(player)
        moved = next((b for a, b in effect if a == lc), -1)
        wide = self.game.options.self_loss == "any_action"
        if moved < 0:
            if not wide:
                return None  # LEAD-D9: the seed restricts only moves of one's own Leader
            near = self.game.geometry.near2[lc]
            if not any(a in near or b in near for a, b in effect):
                return None  # nothing changed within two cells of a Leader that stood safe
        after = R.apply_effect(self.pieces, effect)
        g = self.game.geometry
        if R.leader_lost(g, after, moved if moved >= 0 else lc, player) is None:
            return None
        enemy = after.index(R.Piece(LEADER_OF[1 - player], 1 - player))
        wins = R.leader_lost(g, after, enemy, 1 - player) is not None
        if moved >= 0 and not wins:
            return "LEAD-3.5"
        # LEAD-D9, LEAD-3.4: a move that also takes the enemy Leader wins; only the FAQ's wider
        # ban (LEAD-P1) refuses it, and any other action that loses one's own Leader
        return "LEAD-P1" if wide else None

    def _safe(self, effect: R.Effect, player: int) -> bool:
        """LEAD-3.5 / LEAD-P1: the action with ``effect`` is not refused for losing ``player``'s
        own Leader (:meth:`self_loss_clause`)."""
        return self.self_loss_clause(effect, player) is None

    def _legal_steps(self, c: int) -> list[tuple[Action, R.Effect]]:
        owner = self.pieces[c].owner  # type: ignore[union-attr]
        return [(a, e) for a, e in self._steps(c) if self._safe(e, owner)]

    def _has_legal_step(self, c: int) -> bool:
        """LEAD-2.2, LEAD-D8: the character on ``c`` has a move or ability use that
        LEAD-3.5 / LEAD-P1 allow."""
        owner = self.pieces[c].owner  # type: ignore[union-attr]
        return any(self._safe(e, owner) for _, e in self._iter_steps(c))

    def character_moves(self, cell: str) -> list[tuple[Action, str]]:
        """For study: what the character on ``cell`` could do if it acted now.

        Ignores whose turn it is and whether it has acted; applies every rule of its action
        (LEAD-2.2, LEAD-5, LEAD-6.3 Jailer, LEAD-6.4 Protector, LEAD-6.5 Vizier, LEAD-3.5).

        Args:
            cell: a cell name holding a character.

        Returns:
            ``[(action, end_cell), ...]`` sorted by notation: each legal move or ability use
            and the cell the acting character ends on (its own cell for pull, manipulate, brew).

        Raises:
            KeyError: ``cell`` is not on the board. ValueError: no character stands there.
        """
        c = self._cell(cell)
        if self.pieces[c] is None:
            raise ValueError(f"there is no character on {cell}")
        if self.pieces[c].kind == "Nemesis":  # type: ignore[union-attr]
            return []  # LEAD-7.2: the Nemesis never acts
        out = []
        for action, effect in self._legal_steps(c):
            end = next((b for a, b in effect if a == c), c)
            out.append((action, self._name(end)))
        return sorted(out, key=lambda ae: str(ae[0]))

    def relocated(self, cell_from: str, cell_to: str) -> "LeadersState":
        """For study, not a legal action: a copy with the character on ``cell_from`` put on
        the free cell ``cell_to`` (history and phase unchanged).

        Raises:
            ValueError: ``cell_from`` is empty or ``cell_to`` occupied.
        """
        a, b = self._cell(cell_from), self._cell(cell_to)
        if self.pieces[a] is None or (self.pieces[b] is not None and a != b):
            raise ValueError(f"cannot put the character on {cell_from} onto {cell_to}")
        new = self.clone()
        new.pieces[a], new.pieces[b] = None, self.pieces[a]
        new._locs = None
        new._legal_cache = new._seat_legal = None
        return new

    def _recruit_actions(self) -> list[Recruit]:
        """LEAD-2.3, LEAD-7.1, LEAD-P1: every legal recruitment of the player to move."""
        p = self.to_move
        free = [c for c in self.game.recruit_cells[p] if self.pieces[c] is None]
        made = self.game.made
        lc = self.leader_cell(p)
        out: list[Recruit] = []
        for card in self.available():
            if card == "HermitCub":
                for a in free:
                    for b in free:
                        if a != b and self._safe_place({a: Piece("Hermit", p), b: Piece("Cub", p)}, lc, p):
                            out.append(made.recruit(card, a, b))
            else:
                for a in free:
                    if self._safe_place({a: Piece(card, p)}, lc, p):
                        out.append(made.recruit(card, a))
        return out

    def _safe_place(self, placed: dict[int, Piece], lc: int, p: int) -> bool:
        """LEAD-P1 (``self_loss="any_action"`` only): the placement leaves ``p``'s own Leader
        neither captured nor surrounded. The seed's LEAD-3.5 does not restrict recruitment
        (LEAD-D9): a placement that surrounds one's own Leader ends the game (LEAD-3.1)."""
        if self.game.options.self_loss != "any_action":
            return True
        after = list(self.pieces)
        for c, pc in placed.items():
            after[c] = pc
        return R.leader_lost(self.game.geometry, after, lc, p) is None

    def _legal_actions(self) -> list[Action]:
        p = self.current_player()
        if self.exile_queue:  # LEAD-8.2
            return [self.game.made.exile[c] for c in self.available()]
        if self.nemesis_pending:  # LEAD-7.2
            n = self.where("Nemesis")
            return [self.game.made.nemesis[j] for j in R.nemesis_ends(self.game.geometry, self.pieces, n)]
        if self.phase is Phase.ACTION:
            if self.selected is not None:
                return [a for a, _ in self._legal_steps(self.selected)]
            out: list[Action] = [self.game.made.pass_]
            select = self.game.made.select
            out += [select[c] for c in self._actors(p) if select_refusal(self, c) is None]  # LEAD-D8
            return out
        if self.phase is Phase.RECRUIT:
            out = list(self._recruit_actions())
            if self.game.options.recruitment == "optional":  # LEAD-D4 option: the phase may be declined
                out.append(self.game.made.pass_)
            return out
        raise AssertionError(f"no decision in phase {self.phase}")  # pragma: no cover

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if len(self.market) < MARKET_SIZE and self.deck:  # LEAD-1.3: uniform over the deck
            p = Fraction(1, len(self.deck))
            draw = self.game.made.draw
            return [(draw[c], p) for c in sorted(self.deck)]
        first = self.game.made.first
        return [(first[0], Fraction(1, 2)), (first[1], Fraction(1, 2))]  # LEAD-1.4

    # -- applying -----------------------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        self._locs = None
        if isinstance(action, Draw):
            self.deck.discard(action.card)
            self.market.append(action.card)
        elif isinstance(action, FirstPlayer):
            self.first = self.to_move = action.player
            if self.game.options.expert:
                self.exile_queue = [self.first, 1 - self.first]
        elif isinstance(action, Exile):
            self.exiled.append(action.card)
            self.exile_queue.pop(0)
        elif isinstance(action, Pass):
            if self.phase is Phase.RECRUIT:
                self.recruits_left -= 1  # LEAD-D4, recruitment="optional": this phase is declined
            else:
                self._begin_recruitment()
        elif isinstance(action, Select):
            self.selected = self._cell(action.cell)
        elif isinstance(action, (Move, Ability)):
            self._apply_step(action)
        elif isinstance(action, NemesisMove):
            n = self.where("Nemesis")
            self.pieces[self._cell(action.to)], self.pieces[n] = self.pieces[n], None
            self._locs = None
            self.nemesis_pending = False
            self._check_end()
        elif isinstance(action, Recruit):
            self._apply_recruit(action)
        else:  # pragma: no cover
            raise TypeError(f"not a Leaders action: {shorten(action)}")
        self._settle()

    def _apply_step(self, action: Action) -> None:
        c = self.selected
        assert c is not None
        kind = self.pieces[c].kind  # type: ignore[union-attr]
        effect = next(e for a, e in self._iter_steps(c) if a == action)
        nem = self.where("Nemesis")
        # LEAD-7.2: the Nemesis reacts when the Leader of its owner's enemy is displaced.
        watched = self.leader_cell(1 - self.pieces[nem].owner) if nem >= 0 else -1  # type: ignore[union-attr]
        self.pieces = R.apply_effect(self.pieces, effect)
        self._locs = None
        self.acted.append(kind)
        self.selected = None
        if self._check_end():  # LEAD-3.1, LEAD-D3: the game ends before any Nemesis reaction
            return
        if watched >= 0 and self.game.options.nemesis_trigger == "own_move" and c != watched:
            watched = -1  # LEAD-7.2 option: only the Leader's own move counts
        if watched >= 0 and any(a == watched for a, _ in effect):
            self.nemesis_pending = True  # LEAD-D2: one reaction per character action

    def _apply_recruit(self, action: Recruit) -> None:
        p = self.to_move
        self.cards[p].append(action.card)
        pieces = CARD_PIECES[action.card]
        for piece, cell in zip(pieces, action.cells):
            self.pieces[self._cell(cell)] = Piece(piece, p)
        self._locs = None
        if action.card in self.market:
            self.market.remove(action.card)
        self.recruits_left -= 1
        if self._check_end():  # LEAD-3.1: a recruitment can end the game
            return
        if self.game.options.expert and not self.second_exile_done and self.both_have_three():
            self.second_exile_done = True  # LEAD-8.2, LEAD-D6: second Exile round, first player first
            assert self.first is not None
            self.exile_queue = [self.first, 1 - self.first]

    # -- end and observation ------------------------------------------------------------------
    def returns(self) -> list[int]:
        """[1, -1] or [-1, 1] at the end (LEAD-3.4: no draws, no points); [0, 0] before the end
        or for a game cut off by ``max_turns`` (LEAD-D7)."""
        if self.phase is not Phase.OVER or self.loser is None:
            return [0, 0]
        return [-1, 1] if self.loser == 0 else [1, -1]

    def _outcome(self) -> Outcome:
        """The end: the winner and the clause that ended the game (LEAD-3.2 capture, LEAD-3.3
        surrounding, LEAD-3.4 both Leaders at once), or no winner for a game cut off by
        ``max_turns`` (LEAD-D7)."""
        winners = () if self.loser is None else (1 - self.loser,)
        return Outcome(winners, self.end_reason, self.end_clause, tuple(self.returns()))

    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything on the table. Leaders has no hidden information except the deck order
        (LEAD-1.3); the engine draws lazily, so players see the deck's size and the game
        master (``player=None``) also sees which cards are still in it.

        Args:
            player: 0, 1, or None for the full truth.

        Raises:
            ValueError: any other value.
        """
        if player is not None and (isinstance(player, bool) or not isinstance(player, int) or player not in (0, 1)):
            raise ValueError(f"observation(player): player is 0, 1 or None, not {shorten(player)}")
        obs: dict[str, Any] = {
            "phase": self.phase.value,
            "turn": self.turn,
            "to_move": self.current_player(),
            "first_player": self.first,
            "pieces": {self._name(i): {"kind": pc.kind, "owner": pc.owner} for i, pc in enumerate(self.pieces) if pc},
            "cards": [list(self.cards[0]), list(self.cards[1])],
            "market": list(self.market),
            "deck_size": len(self.deck),
            "exiled": list(self.exiled),
            "acted": list(self.acted),
            "selected": None if self.selected is None else self._name(self.selected),
            "recruits_left": self.recruits_left,
            "nemesis_pending": self.nemesis_pending,
            "outcome": None if self.phase is not Phase.OVER else self._outcome().to_dict(),
        }
        if player is None:
            obs["deck"] = sorted(self.deck)
        return obs

    def public_observation(self) -> dict[str, Any]:
        """What every onlooker sees: the table without the deck's content (LEAD-1.3); the
        same as each seat's :meth:`observation`, as Leaders hides nothing else."""
        return self.observation(0)

    def _position(self) -> dict[str, Any]:
        """This position as ``game.state_from_position`` reads it (see
        :mod:`boardkit.games.leaders.position`; a study position is read back with
        ``study=True``)."""
        return to_position(self)

    # -- clicks and explanations ---------------------------------------------------------------
    def actions_from_cells(self, cells: tuple[str, ...]) -> list[Action]:
        """The action(s), legal or not, that clicking ``cells`` in order means here; used by
        boards to explain an illegal click (a board filters them by the chosen card).

        Args:
            cells: cell names in click order.

        Returns:
            Actions (possibly illegal); ``[]`` where clicks make no action (chance, Exile).
        """
        if not cells:
            return []
        if self.phase is Phase.RECRUIT and not self.exile_queue and not self.nemesis_pending:
            cards = self.available() or list(RECRUITABLE)  # LEAD-2.3: one action per card
            return [Recruit(c, *cells[:2]) for c in cards if len(CARD_PIECES[c]) == len(cells)]
        if self.phase is Phase.ACTION and self.selected is None:
            return [Select(cells[0])]
        if self.nemesis_pending:
            return [NemesisMove(cells[0])]
        if self.phase is Phase.ACTION and self.selected is not None:
            kind = self.pieces[self.selected].kind  # type: ignore[union-attr]
            verbs = R.ACTIVE.get(kind, ())
            if len(cells) == 1:
                return [Move(cells[0])] + [Ability(v, cells[0]) for v in verbs if v not in TWO_CELL_VERBS]
            return [Ability(v, cells[0], cells[1]) for v in verbs if v in TWO_CELL_VERBS]
        return []

    def refuse(self, action: Action, player: int | None = None) -> None:
        """The one rule path (LEAD-1 .. LEAD-8): returns when ``action`` is legal here for
        ``player`` (None: the player to move), raises Refusal naming the clause otherwise.

        The phase-level checks (:func:`~boardkit.games.leaders.explain.phase_refusal`: the
        game is over, chance acts, an Exile round or a Nemesis reaction is due, the action
        belongs to another phase) come first; then the decision's own predicates
        (:func:`~boardkit.games.leaders.legality.decision_refusal`), the same ones
        :meth:`legal_actions` filters with. Leaders hides nothing from a seat but the deck's
        order, so every seat is told the same.

        Raises:
            Refusal: the action is not legal (``.clause``, ``.reason``).
        """
        if player is not None and self.phase is not Phase.OVER and player not in self.current_players():
            who = "chance" if self.is_chance_node() else f"player {self.current_player()}"
            raise Refusal("LEAD-2.1", f"it is not player {player}'s turn ({who} acts now)")
        refusal = phase_refusal(self, action) or decision_refusal(self, action)
        if refusal is not None:
            raise refusal
