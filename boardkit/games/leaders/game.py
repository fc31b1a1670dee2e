"""Leaders: two-player Leader capture with recruitable characters.

Source: seed ``002_b0cce2ad4dfbe125.txt`` (Italian), specified clause by clause in
``shared/rules/leaders.md`` and ``data/rules/leaders.yaml`` (LEAD-1.1 .. LEAD-10 and the
decisions LEAD-D1 ..). Players are 0 (Leader King, starts on d1) and 1 (Queen, d7).

>>> import boardkit
>>> s = boardkit.load_game("leaders", first_player=0).new_initial_state()
>>> while s.is_chance_node():
...     s.apply_action(s.legal_actions()[0])
>>> s.current_player(), [str(a) for a in s.legal_actions()]
(0, ['pass', 'select d1'])
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from os import PathLike, fspath
from typing import Any, Mapping

from boardkit.core.actions import Action
from boardkit.core.boards import HexBoard, load_hex_board
from boardkit.core.game import CHANCE, TERMINAL, Game, Option, State
from boardkit.core.rules import IllegalActionError
from boardkit.games.leaders import rules as R
from boardkit.games.leaders.actions import (
    CARD_PIECES,
    TWO_CELL_VERBS,
    RECRUITABLE,
    Ability,
    Draw,
    Exile,
    FirstPlayer,
    Move,
    NemesisMove,
    Pass,
    Recruit,
    Select,
    parse,
)

LEADER_OF = ("King", "Queen")

#: Rules versions of the Leaders engine, newest last: (version, what changed).
RULES_HISTORY = (
    ("1.0", "First complete engine: LEAD-1.1 .. LEAD-10, decisions LEAD-D1 .. LEAD-D8."),
)
MARKET_SIZE = 3  # LEAD-1.3
MAX_CARDS = 5  # LEAD-2.5


class LeadersGame(Game):
    """Leaders rules with options (immutable).

    Options:
        expert: Expert mode, LEAD-8 (all characters face up, Exile). Default False.
        first_player: 0 or 1 to fix who takes the first turn; None (default) draws it by
            chance, LEAD-1.4.
        nemesis_trigger: ``"any"`` (default): every displacement of the enemy Leader makes the
            Nemesis react; ``"own_move"``: only the Leader's own move (LEAD-7.2).
        max_turns: stop the game after this many turns with no winner (returns 0, 0), for
            study and simulation; None (default) plays to the end as the rules do (LEAD-D7).
        board: name or path of the board file (default ``"leaders"``, LEAD-9.4).

    Raises:
        OptionError: unknown option or value.
        BoardkitDataError: the board file is malformed or lacks the LEAD-9 cell sets.
    """

    name = "leaders"
    rules_version = RULES_HISTORY[-1][0]
    num_players = 2
    option_specs = (
        Option("expert", False, "Expert mode: no deck, every character available, Exile rounds", "LEAD-8.1", kind=bool),
        Option("first_player", None, "who takes the first turn; None: drawn by chance", "LEAD-1.4", choices=(0, 1), allow_none=True),
        Option("max_turns", None, "cut the game off after this many turns (not a rule: for study)", "LEAD-D7", kind=int, allow_none=True),
        Option("nemesis_trigger", "any", "what moves the Nemesis: any displacement of the enemy Leader, or only its own move", "LEAD-7.2", choices=("any", "own_move")),
        Option("board", "leaders", "board file (data/boards/<name>.yaml or a path)", "LEAD-9.4", kind=str),
    )

    def __init__(self, **options: Any) -> None:
        if isinstance(options.get("board"), PathLike):
            options["board"] = fspath(options["board"])  # a pathlib.Path is kept as text
        super().__init__(**options)
        if self.options["max_turns"] is not None and self.options["max_turns"] < 1:
            from boardkit.core.game import OptionError

            raise OptionError(f"leaders: option max_turns={self.options['max_turns']!r} must be at least 1 (LEAD-D7)")
        self.board: HexBoard = load_hex_board(self.options["board"])
        from boardkit.core.validate import BoardkitDataError

        for key in ("start_0", "start_1", "recruit_0", "recruit_1"):
            if key not in self.board.set_indices or not self.board.set_indices[key]:
                raise BoardkitDataError(f"{self.board.source}: sets.{key}: missing (LEAD-9.2, LEAD-9.3 need it)")
        if len(self.board.set_indices["start_0"]) != 1 or len(self.board.set_indices["start_1"]) != 1:
            raise BoardkitDataError(f"{self.board.source}: sets.start_0/start_1: exactly one start cell per side (LEAD-9.2)")
        if self.board.set_indices["start_0"] == self.board.set_indices["start_1"]:
            raise BoardkitDataError(f"{self.board.source}: sets.start_1: the same cell as start_0; the Leaders start apart (LEAD-9.2)")
        if set(self.board.set_indices["recruit_0"]) & set(self.board.set_indices["recruit_1"]):
            raise BoardkitDataError(f"{self.board.source}: sets.recruit_1: shares cells with recruit_0; each side recruits on its own side (LEAD-9.3)")
        self.geometry = R.Geometry(self.board)  # LEAD-9.1: six neighbours, lines along hex axes
        self.cell_names = frozenset(self.board.names)
        self.start = (self.board.set_indices["start_0"][0], self.board.set_indices["start_1"][0])
        self.recruit_cells = (self.board.set_indices["recruit_0"], self.board.set_indices["recruit_1"])
        start = [None] * len(self.board.coords)
        for p in (0, 1):
            start[self.start[p]] = (LEADER_OF[p], p)  # type: ignore[call-overload]
        for p in (0, 1):
            lost = R.leader_lost(self.geometry, start, self.start[p], p)
            if lost:
                raise BoardkitDataError(
                    f"{self.board.source}: sets.start_{p}: the Leader would start {lost}, ending the game at once (LEAD-3.1)")

    def new_initial_state(self) -> "LeadersState":
        """Leaders on their start cells (LEAD-1.1); the market is drawn (LEAD-1.3) and the first
        player chosen (LEAD-1.4) by chance nodes, then Expert mode's Exile (LEAD-8.2)."""
        return LeadersState(self)

    def state_from_position(self, description: str | Mapping[str, Any]) -> "LeadersState":
        """A position for study; see :func:`boardkit.games.leaders.position.from_position`."""
        from boardkit.games.leaders.position import from_position

        return from_position(self, description)


class LeadersState(State):
    """One Leaders position. See the module and ``LeadersGame`` for the rules in force."""

    game: LeadersGame

    def __init__(self, game: LeadersGame) -> None:
        super().__init__(game)
        n = len(game.board.coords)
        self.pieces: list[tuple[str, int] | None] = [None] * n
        for p in (0, 1):  # LEAD-1.1
            self.pieces[game.start[p]] = (LEADER_OF[p], p)
        self.cards: list[list[str]] = [[LEADER_OF[0]], [LEADER_OF[1]]]
        self.first: int | None = game.options["first_player"]
        self.to_move = self.first if self.first is not None else 0
        self.turn = 0
        self.phase = "setup"
        self.acted: list[str] = []
        self.selected: int | None = None
        self.recruits_left = 0
        self.market: list[str] = []
        self.deck: set[str] = set() if game.options["expert"] else set(RECRUITABLE)  # LEAD-1.3
        self.exiled: list[str] = []
        self.exile_queue: list[int] = []
        self.second_exile_done = False
        self.nemesis_pending = False
        self.loser: int | None = None
        self.end_reason = ""
        self._locs: dict[str, int] | None = None  # piece kind -> cell, rebuilt after changes
        if game.options["expert"] and self.first is not None:
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
        new._history = list(self._history)
        return new

    def _name(self, i: int) -> str:
        return self.game.board.names[i]

    def _cell(self, name: str) -> int:
        return self.game.board.index(name)

    def where(self, kind: str) -> int:
        """Cell index of the piece ``kind`` (e.g. ``"Archer"``), or -1 if not on the board."""
        locs = self._locs
        if locs is None:
            locs = self._locs = {pc[0]: i for i, pc in enumerate(self.pieces) if pc is not None}
        return locs.get(kind, -1)

    def leader_cell(self, player: int) -> int:
        """Cell index of ``player``'s Leader (LEAD-1.1)."""
        return self.where(LEADER_OF[player])

    def available(self) -> list[str]:
        """Cards that can be recruited now: the market (LEAD-2.3), or in Expert mode every
        card neither recruited nor exiled (LEAD-8.1)."""
        if self.game.options["expert"]:
            taken = set(self.exiled) | set(self.cards[0]) | set(self.cards[1])
            return [c for c in RECRUITABLE if c not in taken]
        return list(self.market)

    # -- flow ---------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if len(self.market) < MARKET_SIZE and self.deck:  # LEAD-1.3 / LEAD-2.3 refill
            return CHANCE
        if self.first is None:  # LEAD-1.4
            return CHANCE
        if self.exile_queue:  # LEAD-8.2
            return self.exile_queue[0]
        if self.nemesis_pending:  # LEAD-7.2
            return self.pieces[self.where("Nemesis")][1]  # type: ignore[index]
        return self.to_move

    def _start_turn(self, player: int) -> None:
        """LEAD-2.1: a turn is an Action phase then a Recruitment phase."""
        max_turns = self.game.options["max_turns"]
        if max_turns is not None and self.turn >= max_turns:  # LEAD-D7 cut-off
            self.phase, self.end_reason = "over", "cut off"
            return
        self.turn += 1
        self.to_move = player
        self.phase = "action"
        self.acted = []
        self.selected = None

    def _actors(self, player: int) -> list[int]:
        """Cells of ``player``'s characters that may still act this turn (LEAD-2.2, LEAD-7.1,
        LEAD-7.2), before the LEAD-3.5 check."""
        out = []
        for i, pc in enumerate(self.pieces):
            if pc is None or pc[1] != player or pc[0] == "Nemesis" or pc[0] in self.acted:
                continue
            if pc[0] in ("Hermit", "Cub"):
                other = "Cub" if pc[0] == "Hermit" else "Hermit"
                if other in self.acted and self.acted[-1] != other:  # LEAD-7.1
                    continue
            out.append(i)
        return out

    def _settle(self) -> None:
        """Make the automatic transitions: skipped phases, end of turn, Nemesis staying."""
        while True:
            if self.phase == "over" or self.current_player() == CHANCE or self.exile_queue:
                return
            if self.nemesis_pending:
                n = self.where("Nemesis")
                if R.nemesis_ends(self.game.geometry, self.pieces, n):
                    return
                self.nemesis_pending = False  # LEAD-7.2: it cannot move, it stays
                self._check_end()
                continue
            if self.phase == "setup":
                assert self.first is not None
                self._start_turn(self.first)
                continue
            if self.phase == "action":
                if self.selected is None and not self._actors(self.to_move):
                    self._begin_recruitment()  # LEAD-2.2: every character has acted
                    continue
                return
            if self.phase == "recruit":
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
        self.phase = "recruit"
        self.selected = None
        second_first_turn = self.to_move != self.first and self.turn == 2
        self.recruits_left = 2 if second_first_turn else 1

    def _check_end(self) -> bool:
        """LEAD-3.1 .. LEAD-3.4: end the game if a Leader is captured or surrounded."""
        g = self.game.geometry
        lost = [R.leader_lost(g, self.pieces, self.leader_cell(p), p) for p in (0, 1)]
        if lost[0] is None and lost[1] is None:
            return False
        self.phase = "over"
        if lost[0] and lost[1]:  # LEAD-3.4: both at once: the active player wins
            self.loser = 1 - self.to_move
        else:
            self.loser = 0 if lost[0] else 1
        self.end_reason = f"{LEADER_OF[self.loser]} {lost[self.loser]}"
        self.nemesis_pending = False
        return True

    # -- legal actions -----------------------------------------------------------------------
    def _steps(self, c: int) -> list[tuple[Action, R.Effect]]:
        """Every move or ability use of the character on ``c`` with its effect, before the
        LEAD-3.5 check."""
        g, pieces = self.game.geometry, self.pieces
        kind, owner = pieces[c]  # type: ignore[misc]
        names = self.game.board.names
        out: list[tuple[Action, R.Effect]] = []
        vizier = kind == LEADER_OF[owner] and self.where("Vizier") >= 0 and pieces[self.where("Vizier")][1] == owner  # type: ignore[index]
        for _, dest, _, eff in R.moves(g, pieces, c, vizier):
            out.append((Move(names[dest]), eff))
        if kind in R.ACTIVE and not R.jailed(g, pieces, c):  # LEAD-6.3, LEAD-D5: abilities only
            lc = self.leader_cell(owner)
            for verb, t, d, eff in R.abilities(g, pieces, c, lc):
                out.append((Ability(verb, names[t], names[d] if d >= 0 else ""), eff))
        return out

    def _safe(self, effect: R.Effect, player: int) -> bool:
        """LEAD-3.5: after ``effect`` ``player``'s own Leader is neither captured nor surrounded."""
        lc = self.leader_cell(player)
        near = self.game.geometry.near2[lc]
        if not any(a in near or b in near for a, b in effect):
            return True  # nothing changed within two cells of a Leader that stood safe
        after = R.apply_effect(self.pieces, effect)
        for a, b in effect:
            if a == lc:
                lc = b
                break
        return R.leader_lost(self.game.geometry, after, lc, player) is None

    def _legal_steps(self, c: int) -> list[tuple[Action, R.Effect]]:
        owner = self.pieces[c][1]  # type: ignore[index]
        return [(a, e) for a, e in self._steps(c) if self._safe(e, owner)]

    def _has_legal_step(self, c: int) -> bool:
        owner = self.pieces[c][1]  # type: ignore[index]
        return any(self._safe(e, owner) for _, e in self._steps(c))

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
        if self.pieces[c][0] == "Nemesis":  # type: ignore[index]
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
        new._legal_cache = None
        return new

    def _recruit_actions(self) -> list[Recruit]:
        """LEAD-2.3, LEAD-7.1, LEAD-3.5: every legal recruitment of the player to move."""
        p = self.to_move
        free = [c for c in self.game.recruit_cells[p] if self.pieces[c] is None]
        names = self.game.board.names
        lc = self.leader_cell(p)
        out: list[Recruit] = []
        for card in self.available():
            if card == "HermitCub":
                for a in free:
                    for b in free:
                        if a != b and self._safe_place({a: ("Hermit", p), b: ("Cub", p)}, lc, p):
                            out.append(Recruit(card, names[a], names[b]))
            else:
                for a in free:
                    if self._safe_place({a: (card, p)}, lc, p):
                        out.append(Recruit(card, names[a]))
        return out

    def _safe_place(self, placed: dict[int, tuple[str, int]], lc: int, p: int) -> bool:
        after = list(self.pieces)
        for c, pc in placed.items():
            after[c] = pc
        return R.leader_lost(self.game.geometry, after, lc, p) is None  # LEAD-3.5

    def _legal_actions(self) -> list[Action]:
        p = self.current_player()
        if self.exile_queue:  # LEAD-8.2
            return [Exile(c) for c in self.available()]
        if self.nemesis_pending:  # LEAD-7.2
            n = self.where("Nemesis")
            return [NemesisMove(self._name(j)) for j in R.nemesis_ends(self.game.geometry, self.pieces, n)]
        if self.phase == "action":
            if self.selected is not None:
                return [a for a, _ in self._legal_steps(self.selected)]
            out: list[Action] = [Pass()]
            out += [Select(self._name(c)) for c in self._actors(p) if self._has_legal_step(c)]
            return out
        if self.phase == "recruit":
            return list(self._recruit_actions())
        raise AssertionError(f"no decision in phase {self.phase}")  # pragma: no cover

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if len(self.market) < MARKET_SIZE and self.deck:  # LEAD-1.3: uniform over the deck
            p = Fraction(1, len(self.deck))
            return [(Draw(c), p) for c in sorted(self.deck)]
        return [(FirstPlayer(0), Fraction(1, 2)), (FirstPlayer(1), Fraction(1, 2))]  # LEAD-1.4

    # -- applying -----------------------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        self._locs = None
        if isinstance(action, Draw):
            self.deck.discard(action.card)
            self.market.append(action.card)
        elif isinstance(action, FirstPlayer):
            self.first = self.to_move = action.player
            if self.game.options["expert"]:
                self.exile_queue = [self.first, 1 - self.first]
        elif isinstance(action, Exile):
            self.exiled.append(action.card)
            self.exile_queue.pop(0)
        elif isinstance(action, Pass):
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
            raise TypeError(f"not a Leaders action: {action!r}")
        self._settle()

    def _apply_step(self, action: Action) -> None:
        c = self.selected
        assert c is not None
        kind = self.pieces[c][0]  # type: ignore[index]
        effect = next(e for a, e in self._steps(c) if a == action)
        nem = self.where("Nemesis")
        # LEAD-7.2: the Nemesis reacts when the Leader of its owner's enemy is displaced.
        watched = self.leader_cell(1 - self.pieces[nem][1]) if nem >= 0 else -1  # type: ignore[index]
        self.pieces = R.apply_effect(self.pieces, effect)
        self._locs = None
        self.acted.append(kind)
        self.selected = None
        if self._check_end():  # LEAD-3.1, LEAD-D3: the game ends before any Nemesis reaction
            return
        if watched >= 0 and self.game.options["nemesis_trigger"] == "own_move" and c != watched:
            watched = -1  # LEAD-7.2 option: only the Leader's own move counts
        if watched >= 0 and any(a == watched for a, _ in effect):
            self.nemesis_pending = True  # LEAD-D2: one reaction per character action

    def _apply_recruit(self, action: Recruit) -> None:
        p = self.to_move
        self.cards[p].append(action.card)
        pieces = CARD_PIECES[action.card]
        for piece, cell in zip(pieces, action.cells):
            self.pieces[self._cell(cell)] = (piece, p)
        self._locs = None
        if action.card in self.market:
            self.market.remove(action.card)
        self.recruits_left -= 1
        if self._check_end():  # LEAD-3.1: a recruitment can end the game
            return
        if (self.game.options["expert"] and not self.second_exile_done
                and len(self.cards[0]) >= 3 and len(self.cards[1]) >= 3):
            self.second_exile_done = True  # LEAD-8.2, LEAD-D6: second Exile round, first player first
            assert self.first is not None
            self.exile_queue = [self.first, 1 - self.first]

    # -- end and observation ------------------------------------------------------------------
    def returns(self) -> list[int]:
        """[1, -1] or [-1, 1] at the end (LEAD-3.4: no draws, no points); [0, 0] before the end
        or for a game cut off by ``max_turns`` (LEAD-D7)."""
        if self.phase != "over" or self.loser is None:
            return [0, 0]
        return [-1, 1] if self.loser == 0 else [1, -1]

    def outcome(self) -> dict[str, Any]:
        """How the game ended: ``{"winner": player or None, "reason": text}`` (None before the
        end)."""
        if self.phase != "over":
            return {"winner": None, "reason": ""}
        return {"winner": None if self.loser is None else 1 - self.loser, "reason": self.end_reason}

    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything on the table. Leaders has no hidden information except the deck order
        (LEAD-1.3); the engine draws lazily, so players see the deck's size and the game
        master (``player=None``) also sees which cards are still in it.

        Args:
            player: 0, 1, or None for the full truth.

        Raises:
            ValueError: any other value.
        """
        if player is not None and (isinstance(player, bool) or player not in (0, 1)):
            raise ValueError(f"observation(player): player is 0, 1 or None, not {player!r}")
        obs: dict[str, Any] = {
            "phase": self.phase,
            "turn": self.turn,
            "to_move": self.current_player(),
            "first_player": self.first,
            "pieces": {self._name(i): {"kind": pc[0], "owner": pc[1]} for i, pc in enumerate(self.pieces) if pc},
            "cards": [list(self.cards[0]), list(self.cards[1])],
            "market": list(self.market),
            "deck_size": len(self.deck),
            "exiled": list(self.exiled),
            "acted": list(self.acted),
            "selected": None if self.selected is None else self._name(self.selected),
            "recruits_left": self.recruits_left,
            "nemesis_pending": self.nemesis_pending,
            "outcome": self.outcome(),
        }
        if player is None:
            obs["deck"] = sorted(self.deck)
        return obs

    # -- notation and explanations -------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """Parse Leaders notation (``boardkit.games.leaders.actions``).

        Raises:
            NotationError: not an action of Leaders (the message quotes the text).
        """
        return parse(text, self.game.cell_names)

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
        if self.phase == "recruit" and not self.exile_queue and not self.nemesis_pending:
            cards = self.available() or list(RECRUITABLE)  # LEAD-2.3: one action per card
            return [Recruit(c, *cells[:2]) for c in cards if len(CARD_PIECES[c]) == len(cells)]
        if self.phase == "action" and self.selected is None:
            return [Select(cells[0])]
        if self.nemesis_pending:
            return [NemesisMove(cells[0])]
        if self.phase == "action" and self.selected is not None:
            kind = self.pieces[self.selected][0]  # type: ignore[index]
            verbs = R.ACTIVE.get(kind, ())
            if len(cells) == 1:
                return [Move(cells[0])] + [Ability(v, cells[0]) for v in verbs if v not in TWO_CELL_VERBS]
            return [Ability(v, cells[0], cells[1]) for v in verbs if v in TWO_CELL_VERBS]
        return []

    def _explain(self, action: Action) -> IllegalActionError:
        from boardkit.games.leaders.explain import explain

        return explain(self, action)

    @cached_property
    def _clauses(self) -> Any:  # pragma: no cover - convenience
        return self.game.clauses
