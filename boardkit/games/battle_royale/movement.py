"""Battle Royale's movement within a turn (BR-2.2 .. BR-2.4, BR-D1, BR-D2, BR-D8, BR-D10,
BR-D14): which figures may be picked, where they may step and end, and pushing on. A mixin of
:class:`~boardkit.games.battle_royale.state.BattleRoyaleState`, whose attributes it reads; the
same predicates generate the legal actions and the refusals (:mod:`.legality`)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from boardkit.core.actions import Action
from boardkit.core.rules import Refusal
from boardkit.games.battle_royale.actions import COLOURS, Pick, Push
from boardkit.games.battle_royale.rules import Moving, Phase, PushTask, step_targets

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.battle_royale.game import BattleRoyaleGame

_NONE: Counter[str] = Counter()


class Movement:
    """The movement predicates and effects of a Battle Royale state (mixed into it)."""

    if TYPE_CHECKING:  # pragma: no cover - provided by BattleRoyaleState
        def _remove(self, t: int, colour: str, moved: bool) -> None: ...

        def _check_end(self) -> bool: ...


    game: "BattleRoyaleGame"
    tiles: dict[int, Counter[str]]
    moved: dict[int, Counter[str]]
    to_move: int
    n: int
    card: str | None
    moving: Moving | None
    push: PushTask | None
    figures_left: int
    phase: Phase
    prisoners: list[Counter[str]]
    out: Counter[str]

    def _card(self) -> dict[str, Any]:
        assert self.card is not None
        return self.game.cards[self.card]

    def count(self, tile: int) -> int:
        """Figures on ``tile`` (0 for a hole)."""
        return sum(self.tiles[tile].values()) if tile in self.tiles else 0

    def _movable_colours(self) -> tuple[str, ...]:
        """BR-2.2: own figures, or with an opponents-only card other players' figures
        (BR-D1: neutral figures are never moved by a card)."""
        own = COLOURS[self.to_move]
        if self.card and self._card().get("opponents_only"):
            return tuple(c for c in COLOURS[: self.n] if c != own)
        return (own,)

    def _directions(self) -> str:
        """BR-2.2: the card's ``directions`` (``"orthogonal"`` without a card or the field)."""
        return self._card().get("directions", "orthogonal") if self.card else "orthogonal"

    def _steps_from(self, tile: int, visited: tuple[int, ...]) -> list[int]:
        """BR-2.2: where a figure on ``tile`` may step (see :func:`rules.step_targets`)."""
        return step_targets(self.game.board.step[tile], self.tiles, visited, self._directions())

    def _no_push(self, colour: str) -> bool:
        """BR-D14: a figure of another player moved by an opponents-only card does not push
        ("Endet ein Zug der eigenen Figur ..."), so it may not end its move on a tile it
        would overfill (option ``opponent_push="refuse"``, the default)."""
        return colour != COLOURS[self.to_move] and self.game.options.opponent_push == "refuse"

    def _visited(self, path: tuple[int, ...]) -> tuple[int, ...]:
        """The tiles a moving figure may not enter again: its ``path`` (the start included,
        BR-D10) under ``revisit=False``; none under ``revisit=True`` (the seed's default)."""
        return () if self.game.options.revisit else path

    def _may_end(self, path: tuple[int, ...], at: int) -> bool:
        """Whether a figure standing on ``at`` that would enter ``path`` (the start first) may
        end its move on ``path[-1]``: it has stepped, and no capacity bars it (BR-D14)."""
        end = path[-1]
        return len(path) > 1 and self.count(end) + (end != at) <= self.game.capacity

    def _can_finish(self, path: tuple[int, ...], steps_left: int, at: int) -> bool:
        """BR-D14: some way on from ``path`` (``steps_left`` steps at most) ends on a tile
        that is not overfilled (``at``: where the figure stands now, see :meth:`_may_end`)."""
        if self._may_end(path, at):
            return True
        return steps_left > 0 and any(self._can_finish(path + (j,), steps_left - 1, at)
                                      for j in self._steps_from(path[-1], self._visited(path)))

    def _picks(self) -> list[Pick]:
        """BR-2.2: the figures that may be picked (every movable colour on every tile that
        :meth:`_pick_refusal` lets through)."""
        table = self.game.actions.pick
        colours = self._movable_colours()
        return [table[t, c] for t, counts in self.tiles.items() for c in colours
                if counts[c] and self._pick_refusal(t, c) is None]  # counts[c]: skip absent colours early

    def _pick_refusal(self, t: int, c: str) -> Refusal | None:
        """Why a movable-coloured figure ``c`` on present tile ``t`` may not be picked, or None:
        none there, all moved this turn, nowhere to step (BR-2.2), or every way ends on a full
        tile for a figure that does not push (BR-D14). The legal picks and their refusals
        (:mod:`.legality`) both come from here."""
        counts = self.tiles[t]
        if counts[c] == 0:
            return Refusal("BR-2.2", f"there is no {c} figure on {self.game.board.names[t]}")
        if counts[c] - self.moved.get(t, _NONE)[c] == 0:
            return Refusal("BR-2.2", f"every {c} figure on {self.game.board.names[t]} has moved this turn: a figure "
                                     "moves once a turn")
        if not self._steps_from(t, ()):
            return Refusal("BR-2.2", f"the {c} figure on {self.game.board.names[t]} has no tile to step to")
        if self._no_push(c) and not self._can_finish((t,), self._card()["steps"] if self.card else 0, t):
            return Refusal("BR-D14", f"every move of the {c} figure on {self.game.board.names[t]} would end on a full "
                                     "tile, and only a move of one's own figure pushes (option opponent_push)")
        return None

    def _move_actions(self) -> list[Action]:
        """BR-2.2: the moving figure's steps and (once it has stepped) ``stop``; BR-D14 keeps
        an opponent's figure off ways that can only end on a full tile."""
        m = self.moving
        assert m is not None
        table = self.game.actions
        out: list[Action] = [table.step[j] for j in self._step_targets()]
        if self._may_end(m.path, m.tile) if self._no_push(m.colour) else len(m.path) > 1:
            out.append(table.stop)  # BR-2.2: once it has stepped; BR-D14: not on a tile it would overfill
        return out

    def _step_targets(self) -> list[int]:
        """BR-2.2, BR-D10, BR-D14: the tiles the moving figure may step to now."""
        m = self.moving
        assert m is not None
        targets = self._steps_from(m.tile, self._visited(m.path))
        if self._no_push(m.colour):
            targets = [j for j in targets if self._can_finish(m.path + (j,), m.steps_left - 1, m.tile)]
        return targets

    def _finish_move(self) -> None:
        """The figure's move ends: BR-2.3 capacity check, maybe a push in the direction of its
        last step (BR-D8: passing through a full tile is allowed)."""
        m = self.moving
        assert m is not None
        self.moving = None
        self.figures_left -= 1
        if self.count(m.tile) > self.game.capacity:  # an opponents-only move only with opponent_push="push" (BR-D14)
            self.push = PushTask(m.tile, m.direction, m.colour, True)
            self.phase = Phase.PUSH

    def _push_options(self) -> list[Push]:
        """BR-2.3: "Die aktive Person entscheidet, welche Figur geschubst wird": any figure on
        the tile, the one that just arrived included; with ``push_arriving=False`` any but
        that one (BR-D2)."""
        table = self.game.actions.push
        counts = self._push_counts(spare=True)
        return [table[c, moved] for (c, moved), k in counts.items() if k > 0]

    def _push_counts(self, spare: bool) -> Counter[tuple[str, bool]]:
        """BR-2.3, BR-D2: the figures on the overfull tile by (colour, moved this turn); with
        ``spare`` and ``push_arriving=False`` the arriving figure is left out."""
        p = self.push
        assert p is not None
        out: Counter[tuple[str, bool]] = Counter()
        spare_arriving = spare and not self.game.options.push_arriving
        for c, k in self.tiles[p.tile].items():
            moved = self.moved.get(p.tile, _NONE)[c]
            out[c, False] = k - moved
            out[c, True] = moved
            if c == p.colour and spare_arriving:
                out[c, p.moved] -= 1
        return out

    def _do_push(self, action: Push) -> None:
        p = self.push
        assert p is not None
        self._remove(p.tile, action.colour, action.moved)
        j = self.game.board.step[p.tile][p.direction]
        if j < 0 or j not in self.tiles:  # BR-2.4: off the frame or into a hole: prisoner
            if action.colour == COLOURS[self.to_move] and not self.game.options.own_prisoners:
                self.out[action.colour] += 1
            else:
                self.prisoners[self.to_move][action.colour] += 1
            self.push = None
            self.phase = Phase.MOVE
            self._check_end()
            return
        self.tiles[j][action.colour] += 1
        if action.moved:
            self.moved.setdefault(j, Counter())[action.colour] += 1
        if self.count(j) > self.game.capacity:  # BR-2.3: chain reaction, same direction
            self.push = PushTask(j, p.direction, action.colour, action.moved)
        else:
            self.push = None
            self.phase = Phase.MOVE
