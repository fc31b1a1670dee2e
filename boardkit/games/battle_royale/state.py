"""One Battle Royale position (:class:`BattleRoyaleState`): the turn's flow, the actions'
effects, observations and the end (BR-1 .. BR-4)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from boardkit.core.actions import Action, Draw, FirstPlayer, Roll
from boardkit.core.validate import shorten
from boardkit.core.game import CHANCE, TERMINAL, State
from boardkit.core.outcome import Outcome
from boardkit.core.rules import Refusal
from boardkit.games.battle_royale import legality, scoring
from boardkit.games.battle_royale.actions import COLOURS, NEUTRAL, Decline, Done, MoveEliminator, Pick, Play, Push, Step, Stop, Take
from boardkit.games.battle_royale.explain import refuse_out_of_phase
from boardkit.games.battle_royale.movement import Movement
from boardkit.games.battle_royale.position import to_position
from boardkit.games.battle_royale.rules import BattleTake, Event, Moving, Phase, PushTask, Queued, battle_order, cut_off

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.battle_royale.game import BattleRoyaleGame

_NONE: Counter[str] = Counter()


class BattleRoyaleState(Movement, State):
    """One Battle Royale position. Tiles hold counts of figures per colour.

    Attributes:
        tiles: present tiles (cell index) -> figures by colour; the others are holes.
        moved: per tile, the figures by colour that moved this turn (BR-2.2).
        eliminator: the tile the Eliminator is under (BR-1.2, BR-4.1).
        hands, piles: per seat, its cards (sorted) and its draw pile (BR-1.4).
        prisoners: per seat, its prisoners by colour (BR-2.4, BR-4.3).
        out: figures out of the game by colour (BR-4.2).
        phase: where the turn stands (:class:`~boardkit.games.battle_royale.rules.Phase`).
        moving, push, takes, queue, event: the tasks pending inside the turn.
    """

    game: "BattleRoyaleGame"

    def __init__(self, game: "BattleRoyaleGame") -> None:
        super().__init__(game)
        n = game.num_players
        self.n = n
        self.tiles: dict[int, Counter[str]] = {
            i: Counter({c: 1 for c in COLOURS[:n]}) for i in range(25) if i not in game.removed
        }  # BR-1.1, BR-1.3: one figure of every colour on every tile
        for c in game.neutral:  # BR-1.6
            self.tiles[c][NEUTRAL] += 1
        self.moved: dict[int, Counter[str]] = {}
        self.eliminator = game.goal  # BR-1.2
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.piles: list[list[str]] = [list(game.deck) for _ in range(n)]
        self.prisoners: list[Counter[str]] = [Counter() for _ in range(n)]
        self.out: Counter[str] = Counter()
        self.first: int | None = game.options.first_player
        self.to_move = self.first if self.first is not None else 0
        self.turn = 0
        self.phase = Phase.SETUP
        self.deal: list[int] = [p for p in range(n) for _ in range(game.data["hand_size"])]  # BR-1.4
        self.card: str | None = None
        self.figures_left = 0
        self.moving: Moving | None = None
        self.push: PushTask | None = None
        self.queue: list[Queued] = []  # events still to resolve this turn: special, doom
        self.event: Event | None = None  # a Move or a Battle awaiting choices
        self.takes: list[BattleTake] = []
        self.idle_turns = 0
        self._outcome_value: Outcome | None = None
        self._settle()

    # -- bookkeeping ---------------------------------------------------------------------
    def clone(self) -> "BattleRoyaleState":
        """An independent copy (same game object)."""
        new = BattleRoyaleState.__new__(BattleRoyaleState)
        new.__dict__.update(self.__dict__)
        self._copy_record(new)
        new.tiles = {i: Counter(c) for i, c in self.tiles.items()}
        new.moved = {i: Counter(c) for i, c in self.moved.items()}
        new.hands = [list(h) for h in self.hands]
        new.piles = [list(p) for p in self.piles]
        new.prisoners = [Counter(p) for p in self.prisoners]
        new.out = Counter(self.out)
        new.deal = list(self.deal)
        new.queue = list(self.queue)
        new.takes = list(self.takes)
        return new

    def determinize(self, player: int, rng: Any) -> "BattleRoyaleState":
        """A state seat ``player`` cannot tell from this one, for search agents
        (:func:`boardkit.agents.determinize.determinize` calls it). The only hidden things are
        the cards other seats drew (BR-1.4, BR-2.5): a seat knows each other seat's hand size
        and which cards it has played, so the cards in that seat's hand and pile together are
        known, not which are in the hand. Each other seat's hand is drawn again uniformly from
        that pool (the pile is shuffled, so every split is as likely); the seat's own hand and
        pile, and everything public, are kept.

        Args:
            player: the seat (0-based).
            rng: a ``random.Random``.

        Returns:
            A new state with the seat's observation, history and legal actions unchanged. It
            carries no true past: its record starts at the drawn position (``to_json()`` saves
            that position as a study position) and ``history()`` gives the past as the seat saw
            it (other seats' draws as ``draw ?``), whoever asks.

        Raises:
            ValueError: ``player`` is not a seat.
        """
        self._check_seat(player)
        w = self.clone()
        for q in range(self.n):
            if q == player:
                continue
            pool = sorted(self.hands[q] + self.piles[q])
            rng.shuffle(pool)
            k = len(self.hands[q])
            w.hands[q], w.piles[q] = sorted(pool[:k]), sorted(pool[k:])
        w._legal_cache = w._seat_legal = None
        w._start_record_here(player, self)
        return w

    def colour_of(self, player: int) -> str:
        """The colour of ``player`` (BR-1.3)."""
        return COLOURS[player]

    def discards(self, player: int) -> list[str]:
        """The cards ``player`` has played (its colour's cards in neither hand nor pile, nor
        the card being played), sorted; the new pile under ``no_cards="reshuffle"`` (BR-D13)."""
        rest = Counter(self.game.deck) - Counter(self.hands[player]) - Counter(self.piles[player])
        if player == self.to_move and self.card is not None and self.phase in (Phase.MOVE, Phase.PUSH):
            rest -= Counter([self.card])
        return sorted(rest.elements())

    # -- flow ------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE (deals, the start player, the Doom die, draws) or
        TERMINAL; in a Battle the taking player (BR-4.4)."""
        phase = self.phase
        if phase is Phase.OVER:
            return TERMINAL
        if self.deal or self.first is None:  # BR-1.4, BR-1.7
            return CHANCE
        if phase is Phase.DOOM or phase is Phase.DRAW:
            return CHANCE
        if phase is Phase.EVENT and self.event is Event.BATTLE and self.takes:
            return self.takes[0].taker  # BR-4.4: the taking player chooses the figure
        return self.to_move

    def _settle(self) -> None:
        """Automatic transitions: turn start, skipped card part, queued events, end checks."""
        while True:
            phase = self.phase
            if phase is Phase.OVER or self.deal or self.first is None:
                return
            if phase is Phase.SETUP:
                self._start_turn(self.first)
                continue
            if phase is Phase.CARD:
                if not self.hands[self.to_move]:  # BR-2.6: no card, straight to the Doom die
                    self.phase = Phase.DOOM
                return
            if phase is Phase.MOVE:
                if self.moving is None and self.push is None and (self.figures_left == 0 or not self._picks()):
                    self._end_movement()
                    continue
                if self.moving is not None and self.moving.steps_left == 0:
                    self._finish_move()  # BR-2.2: all steps used
                    continue
                return
            if phase is Phase.EVENT:
                if self.event is Event.MOVE and not self._eliminator_moves():
                    self.event = None  # BR-4.1: nowhere to go, it stays
                if self.event is Event.BATTLE and not self.takes:
                    self.event = None
                if self.event is Event.BATTLE and self.takes and not self._take_options():
                    self.takes.pop(0)  # nothing left to take for this taker
                    continue
                if self.event is None:
                    self._next_queued()
                    continue
                return
            if phase is Phase.DRAW:
                p = self.to_move
                full = len(self.hands[p]) >= self.game.data["hand_size"]  # only a study position holds more
                if not full and not self.piles[p] and self.game.options.no_cards == "reshuffle":
                    self.piles[p] = self.discards(p)  # BR-D13: the played cards, shuffled (the draw is uniform)
                if full or not self.piles[p]:
                    self._start_turn((p + 1) % self.n)  # BR-D13 'no_draw', 'round': an empty pile, no draw
                    continue
                return
            return

    def _start_turn(self, player: int) -> None:
        max_turns = self.game.options.max_turns
        if max_turns is not None and self.turn >= max_turns:  # BR-D9
            self._finish(*scoring.CUT_OFF, cut=True)
            return
        if self.game.options.no_cards == "round" and all(not h for h in self.hands) and all(not p for p in self.piles):
            if self.idle_turns >= self.n:  # BR-D13 'round': nobody can play and a full round passed
                self._finish(*scoring.NO_CARDS)
                return
            self.idle_turns += 1
        self.turn += 1
        self.to_move = player
        self.phase = Phase.CARD
        self.card = None
        self.moved = {}
        self.moving = self.push = None
        self.queue = []
        self.event = None

    def _end_movement(self) -> None:
        """BR-2.5: after all movement, the card's special, then the Doom die, then draws."""
        special = self._card().get("special") if self.card else None
        self.queue = ([Queued(special)] if special else []) + [Queued()]
        self.moved = {}
        self._next_queued()

    def _next_queued(self) -> None:
        if self.phase is Phase.OVER:
            return
        if not self.queue:
            self.phase = Phase.DRAW
            return
        item = self.queue.pop(0)
        if item.face is None:
            self.phase = Phase.DOOM
        else:
            self._begin_event(item.face)

    def _begin_event(self, face: str) -> None:
        """BR-4: Move, Explosion (a Move instead under a hole or the goal), Battle."""
        self.phase = Phase.EVENT
        if face == "explosion":
            if self.eliminator in self.tiles and self.eliminator != self.game.goal:
                self._explode()
                self.event = None
                return
            face = "move"  # BR-4.2: under a hole or the goal, a Move instead
        self.event = Event(face)
        if self.event is Event.BATTLE:
            order = [(self.to_move + i) % self.n for i in range(self.n)]
            self.takes = battle_order(self.tiles, self.game.goal, order, COLOURS, self.game.options.tied_take)

    def _remove(self, t: int, colour: str, moved: bool) -> None:
        self.tiles[t][colour] -= 1
        if self.tiles[t][colour] == 0:
            del self.tiles[t][colour]
        if moved:
            self.moved[t][colour] -= 1

    # -- Eliminator, explosion, battle ----------------------------------------------------------
    def _eliminator_moves(self) -> list[int]:
        """BR-4.1: one position in any of 8 directions within the frame, never under a hole
        (with none, it stays: BR-D11)."""
        return [j for j in self.game.board.step[self.eliminator] if j >= 0 and j in self.tiles]

    def _explode(self) -> None:
        """BR-4.2: the tile above the Eliminator and every tile cut off from the goal are
        removed; their figures leave the game. BR-D12: none of the blasted tile's figures
        lands on another tile (where falling figures land is not a rule the engine can
        decide; a study position places survivors by hand)."""
        board = self.game.board
        present = [i for i in self.tiles if i != self.eliminator]
        gone = {self.eliminator} | cut_off(board.graph, board.names, present, self.game.goal)
        for i in sorted(gone):
            self.out.update(self.tiles.pop(i))
            self.moved.pop(i, None)
        self._check_end()

    def _take_options(self) -> list[Take]:
        """BR-4.3, BR-4.4: the figures the current taker may take on its tile: any colour but
        its own still there (BR-D15). Taking is optional: ``decline`` is legal too."""
        task = self.takes[0]
        here = self.tiles.get(task.tile, _NONE)
        table = self.game.actions.take
        return [table[task.tile, c] for c in sorted(task.colours) if here[c] > 0]

    # -- end ------------------------------------------------------------------------------------
    def _check_end(self) -> bool:
        """BR-3.1, BR-D6: checked after every removal (see :func:`scoring.arena_end`)."""
        if self.phase is Phase.OVER:
            return True
        end = scoring.arena_end(self.tiles, self.game.goal, NEUTRAL)
        if end is None:
            return False
        self._finish(*end)
        return True

    def _finish(self, reason: str, clause: str, cut: bool = False) -> None:
        """BR-3.2, BR-D7: the winners (none for a game cut off, BR-D9)."""
        self.phase = Phase.OVER
        self.moving = self.push = None
        self.deal = []
        won = () if cut else scoring.winners(self.tiles.get(self.game.goal, _NONE), self.prisoners, COLOURS,
                                             self.game.options.empty_goal)
        self._outcome_value = scoring.outcome(reason, clause, won, self.n)

    def _outcome(self) -> Outcome:
        """How the game ended: winners, reason, the clause (BR-3.1, or BR-D9 for a cut-off)
        and returns."""
        assert self._outcome_value is not None
        return self._outcome_value

    # -- API -----------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        table = self.game.actions
        if phase is Phase.CARD:
            return [table.play[c] for c in sorted(set(self.hands[self.to_move]))]
        if phase is Phase.MOVE:
            m = self.moving
            if m is not None:
                return self._move_actions()
            return [table.done, *self._picks()]
        if phase is Phase.PUSH:
            return list(self._push_options())
        if phase is Phase.EVENT:
            if self.event is Event.MOVE:
                return [table.eliminator[j] for j in self._eliminator_moves()]
            return [table.decline, *self._take_options()]  # BR-4.3: "darf ... nehmen"
        raise AssertionError(f"no decision in phase {phase}")  # pragma: no cover

    def _drawer(self) -> int:
        """The seat drawing at a deal or draw chance node (BR-1.4, BR-2.5)."""
        return self.deal[0] if self.deal else self.to_move

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        table = self.game.actions
        if self.deal or self.phase is Phase.DRAW:
            pile = Counter(self.piles[self._drawer()])
            total = sum(pile.values())
            return [(table.draw[c], Fraction(k, total)) for c, k in sorted(pile.items())]
        if self.first is None:
            return [(table.first[p], Fraction(1, self.n)) for p in range(self.n)]
        return list(self.game.doom_odds)

    def _seen_by(self, action: Action) -> frozenset[int] | None:
        """A card drawn is seen by the drawing player only (BR-1.4, BR-2.5); every other action
        is public."""
        if isinstance(action, Draw):
            return frozenset((self._drawer(),))
        return None

    def _apply_action(self, action: Action) -> None:
        if isinstance(action, Draw):
            p = self.deal.pop(0) if self.deal else self.to_move
            self.piles[p].remove(action.card)
            self.hands[p].append(action.card)
            self.hands[p].sort()
            if self.phase is Phase.DRAW:  # BR-2.5: "Am Ende wird eine Karte nachgezogen" - one card
                self._start_turn((p + 1) % self.n)
        elif isinstance(action, FirstPlayer):
            self.first = self.to_move = action.player
        elif isinstance(action, Play):
            self.hands[self.to_move].remove(action.card)
            self.card = action.card
            self.figures_left = self.game.cards[action.card]["figures"]
            self.phase = Phase.MOVE
        elif isinstance(action, Pick):
            t = self.game.board.index(action.tile)
            self.moving = Moving(action.colour, (t,), self._card()["steps"])
        elif isinstance(action, Step):
            m = self.moving
            assert m is not None
            a, b = m.tile, self.game.board.index(action.tile)
            self._remove(a, m.colour, m.moved)
            self.tiles[b][m.colour] += 1
            self.moved.setdefault(b, Counter())[m.colour] += 1
            self.moving = Moving(m.colour, m.path + (b,), m.steps_left - 1, self.game.board.step[a].index(b), True)
        elif isinstance(action, Stop):
            self._finish_move()
        elif isinstance(action, Done):
            self.figures_left = 0
        elif isinstance(action, Push):
            self._do_push(action)
        elif isinstance(action, Roll):
            self._begin_event(action.face)
        elif isinstance(action, MoveEliminator):
            self.eliminator = self.game.board.index(action.tile)
            self.event = None
        elif isinstance(action, Take):
            task = self.takes.pop(0)
            self._remove(task.tile, action.colour, False)
            self.prisoners[task.taker][action.colour] += 1
            self._check_end()
        elif isinstance(action, Decline):
            self.takes.pop(0)  # BR-4.3: the taker takes no figure here
        else:  # pragma: no cover
            raise TypeError(f"not a Battle Royale action: {shorten(action)}")
        self._settle()

    def returns(self) -> list[Fraction | int]:
        """At the end, 1 for each winner and -1 for the others (BR-3.2: several may win); all 0
        before the end, for a game cut off by ``max_turns`` (BR-D9), and for a game that ends
        with no player's figure on the goal (nobody wins, BR-D7)."""
        if self._outcome_value is None or self.phase is not Phase.OVER:
            return [0] * self.n
        return list(self._outcome_value.returns)

    def figure_totals(self) -> dict[str, int]:
        """Per colour: figures on tiles + prisoners (anyone's) + out of the game. Always the
        initial total (21 per player colour, 2 neutral): the conservation invariant."""
        tot: Counter[str] = Counter(self.out)
        for counts in self.tiles.values():
            tot.update(counts)
        for pr in self.prisoners:
            tot.update(pr)
        return {c: tot[c] for c in self.game.colours}

    def observation(self, player: int | None) -> dict[str, Any]:
        """The table as ``player`` sees it: everything but other players' hands and every
        pile's order and contents (sizes only); ``None``: the full truth (piles included).

        ``"outcome"`` is None while the game runs, then the Outcome as data
        (``Outcome.to_dict()``: winners, reason, clause, returns), as in every game.

        Raises:
            ValueError: ``player`` is not a seat number or None.
        """
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                                   or player not in range(self.n)):
            raise ValueError(f"observation(player): player is 0 .. {self.n - 1} or None, not {shorten(player)}")
        return self._observe(lambda p: player is None or p == player, truth=player is None)

    def public_observation(self) -> dict[str, Any]:
        """What every onlooker sees: the arena, prisoners, the turn, and of the cards only the
        hand and pile sizes (BR-1.4)."""
        return self._observe(lambda p: False, truth=False)

    def _observe(self, shows_hand: Any, truth: bool) -> dict[str, Any]:
        m = self.moving
        names = self.game.board.names
        o = self._outcome_value
        obs: dict[str, Any] = {
            "tiles": {names[i]: {c: self.tiles[i][c] for c in self.game.colours} for i in sorted(self.tiles)},
            "holes": [names[i] for i in range(25) if i not in self.tiles],
            "goal": names[self.game.goal],
            "eliminator": names[self.eliminator],
            "capacity": self.game.capacity,
            "players": self.n,
            "to_move": self.current_player(),
            "phase": self.phase.value,
            "turn": self.turn,
            "hands": [list(h) if shows_hand(p) else len(h) for p, h in enumerate(self.hands)],
            "pile_sizes": [len(p) for p in self.piles],
            "prisoners": [dict(sorted(p.items())) for p in self.prisoners],
            "out": dict(sorted(self.out.items())),
            "card": self.card,
            "moving": None if m is None else {"tile": names[m.tile], "colour": m.colour,
                                              "path": [names[i] for i in m.path], "steps_left": m.steps_left},
            "push": None if self.push is None else {"tile": names[self.push.tile], "colour": self.push.colour},
            "event": None if self.event is None else self.event.value,
            "outcome": None if o is None or self.phase is not Phase.OVER else o.to_dict(),
        }
        if truth:
            obs["piles"] = [sorted(p) for p in self.piles]
        return obs

    def _position(self) -> dict[str, Any]:
        """This position as ``game.state_from_position`` reads it (any phase, chance nodes
        included); see :mod:`boardkit.games.battle_royale.position`."""
        return to_position(self)

    def actions_from_cells(self, cells: tuple[str, ...]) -> list[Action]:
        """The action(s), legal or not, that clicking ``cells`` means here (for boards). In the
        card and push phases a click on a tile means picking a figure there, which the rule
        path refuses with what the phase asks for first (BR-2.1: play a card; BR-2.3: push)."""
        if not cells:
            return []
        if self.phase is Phase.MOVE and self.moving is not None:
            return [Step(cells[0])]
        if self.phase in (Phase.MOVE, Phase.CARD, Phase.PUSH):
            return [Pick(cells[0], c) for c in self._movable_colours()]
        if self.phase is Phase.EVENT and self.event is Event.MOVE:
            return [MoveEliminator(cells[0])]
        if self.phase is Phase.EVENT and self.takes:
            return [Take(cells[0], c) for c in sorted(self.takes[0].colours)]
        return []

    def refuse(self, action: Action, player: int | None = None) -> None:
        """Battle Royale's one rule path: returns when ``action`` is legal for ``player`` (None:
        the one to act), raises :class:`~boardkit.core.rules.Refusal` naming the clause
        otherwise. A decision is checked by :func:`.legality.refuse` with the predicates that
        generate the legal actions; a chance node against its outcomes.

        Raises:
            Refusal: the action is not legal here; ``turn_clause`` (BR-2.5) for a seat that
                is not to act.
            ValueError: ``player`` is not a seat.
        """
        if player is not None:
            self._check_seat(player)
            if not self.is_terminal() and player not in self.current_players():
                who = "chance" if self.is_chance_node() else f"player {self.current_player()}"
                raise Refusal("BR-2.5", f"it is not player {player}'s turn ({who} acts now)")
        if self.is_chance_node():
            if action in self._legal_list():
                return
            refuse_out_of_phase(self, action)
        legality.refuse(self, action)


__all__ = ["BattleRoyaleState"]
