"""One Marabunta position (:class:`MarabuntaState`): the territory, the sheets, the players'
boards and the round in progress, with the chance nodes, the legal actions and their effects
(MARA-2 .. MARA-8).

The placements themselves come from :mod:`boardkit.games.marabunta.rules`, the scores from
:mod:`boardkit.games.marabunta.scoring`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from boardkit.core.actions import Action, FirstPlayer, RollDie
from boardkit.core.validate import shorten
from boardkit.core.game import CHANCE, TERMINAL, State
from boardkit.core.outcome import Outcome
from boardkit.games.marabunta import rules, scoring
from boardkit.games.marabunta.actions import FACES, PLAYERS, TILE, Place, Reveal, Skip, Split, Take
from boardkit.games.marabunta.explain import phase_refusal
from boardkit.games.marabunta.position import to_position as _to_position
from boardkit.games.marabunta.rules import CROSSED, EMPTY, trigger_reason
from boardkit.games.marabunta.tasks import (
    CircleTask, CrateTask, CrossTask, Phase, Task, WriteMode, WriteTask, describe,
)

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.marabunta.game import MarabuntaGame

_CHANCE = (Phase.FIRST, Phase.REVEAL, Phase.ROLL)


class MarabuntaState(State):
    """One Marabunta position.

    Attributes (read-only for users; use :meth:`observation`):
        value, owner: per field index, the number written (``EMPTY`` -1, ``CROSSED`` -2) and
            the player who wrote it (-1 none).
        sheets: per region, ``[red circles, blue circles]`` filled (printed ones included).
        ants, crates, cupcakes, nums: per player, ant hills left, crates crossed per group,
            cupcakes crossed on the track, numbers written.
        round, splitter, tile, dice, phase: the round in progress (``phase`` a :class:`Phase`).
        tasks: the parts in progress (:mod:`boardkit.games.marabunta.tasks`), the next last.
    """

    game: "MarabuntaGame"

    def __init__(self, game: "MarabuntaGame") -> None:
        super().__init__(game)
        n = len(game.all_fields)
        self.value = [EMPTY] * n
        self.owner = [-1] * n
        self.sheets = [[game.printed, game.printed] for _ in game.regions]  # MARA-1.3
        self.ants = [game.ant_hills, game.ant_hills]  # MARA-1.4
        self.crates = [[0] * len(game.groups) for _ in range(2)]
        self.cupcakes = [0, 0]
        self.nums = [0, 0]
        self.sums = [[0, 0] for _ in game.regions]  # per region, red and blue sums (MARA-8.2)
        self.stack: list[str] = list(game.tiles)  # MARA-2.1: drawn uniformly at each reveal
        self.round = 1
        first = game.options.first_player
        self.splitter: int = first if first is not None else 0
        self.phase: Phase = Phase.REVEAL if first is not None else Phase.FIRST
        self.tile: str | None = None
        self.dice: list[str] = []
        self.pool_a: tuple[str, ...] = ()  # the pool holding the tile
        self.pool_b: tuple[str, ...] = ()
        self.chooser_pool: tuple[str, ...] = ()
        self.doer = -1  # the player carrying out a pool
        self.remaining: list[str] = []
        self.used: list[str] = []  # dice of the pool carried out (MARA-D5)
        self.skipped: list[str] = []  # elements of the pool left unused (MARA-3.6, MARA-4.6)
        self.tasks: list[Task] = []
        self.lost: list[str] = []  # what was lost this round (MARA-4.6, MARA-D2)
        self.triggered_by: int | None = None
        self.triggers: list[str] = []
        self.end_conditions: list[dict[str, Any]] = []  # the triggers as data (MARA-8.1)
        self._settle()

    # -- bookkeeping -----------------------------------------------------------------------
    def clone(self) -> "MarabuntaState":
        """An independent copy (same game object)."""
        new = MarabuntaState.__new__(MarabuntaState)
        new.__dict__.update(self.__dict__)
        new.value = list(self.value)
        new.owner = list(self.owner)
        new.sheets = [list(s) for s in self.sheets]
        new.ants = list(self.ants)
        new.crates = [list(c) for c in self.crates]
        new.cupcakes = list(self.cupcakes)
        new.nums = list(self.nums)
        new.sums = [list(x) for x in self.sums]
        new.stack = list(self.stack)
        new.dice = list(self.dice)
        new.remaining = list(self.remaining)
        new.used = list(self.used)
        new.skipped = list(self.skipped)
        new.tasks = list(self.tasks)
        new.lost = list(self.lost)
        new.triggers = list(self.triggers)
        new.end_conditions = [dict(e) for e in self.end_conditions]
        self._copy_record(new)
        return new

    @property
    def chooser(self) -> int:
        """The chooser of this round (MARA-3.3): the player who is not the splitter."""
        return 1 - self.splitter

    def face(self, colour: str) -> str:
        """The face the die of ``colour`` shows this round."""
        return self.dice[self.game.regions.index(colour)]

    def current_player(self) -> int:
        """The splitter at the split, the chooser at the take, the player carrying out a pool;
        CHANCE for the start player, the tile and the dice; TERMINAL at the end (MARA-3)."""
        phase = self.phase
        if phase == Phase.POOL:
            return self.doer
        if phase == Phase.OVER:
            return TERMINAL
        if phase in _CHANCE:
            return CHANCE
        if phase == Phase.SPLIT:
            return self.splitter
        return self.chooser

    # -- chance ----------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == Phase.FIRST:  # MARA-2.1
            return [(FirstPlayer(0), Fraction(1, 2)), (FirstPlayer(1), Fraction(1, 2))]
        if self.phase == Phase.REVEAL:  # MARA-2.1, MARA-3.1
            p = Fraction(1, len(self.stack))
            return [(Reveal(t), p) for t in self.stack]
        colour = self.game.regions[len(self.dice)]  # MARA-3.1: one die at a time
        return [(RollDie(f, colour), Fraction(1, 6)) for f in FACES]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node, ``[(outcome, probability), ...]`` sorted by notation, exact
        Fractions summing to 1 (MARA-2.1, MARA-3.1). A die's six faces are made and sorted once
        per game (a die is rolled at every chance node but the reveals).

        Raises:
            ValueError: this is not a chance node.
        """
        if self.phase == Phase.ROLL:
            return list(self.game.roll_outcomes[len(self.dice)])
        return super().chance_outcomes()

    # -- legal actions: one rule path (rules.py) -------------------------------------------
    def _legal_actions(self) -> list[Action]:
        return self.generated_actions()

    def generated_actions(self) -> list[Action]:
        """The legal actions of the player to move, in the order the rules make them (not
        sorted, not cached; :meth:`legal_actions` sorts them by notation), for search: the
        splits (MARA-3.2), the two pools (MARA-3.3), or the uses, parts and skips of the pool
        being carried out (:func:`rules.pool_actions`). ``[]`` at a chance node or the end."""
        if self.phase == Phase.SPLIT:  # MARA-3.2: every pool holding the tile but not all six dice
            return list(self.game.split_actions)
        if self.phase == Phase.TAKE:  # MARA-3.3
            return [Take(self.pool_a), Take(self.pool_b)]
        if self.phase == Phase.POOL:
            return rules.pool_actions(self)
        return []

    def refuse(self, action: Action, player: int | None = None) -> None:
        """The one rule path: returns when ``action`` is legal here, raises Refusal otherwise.

        While a pool is carried out, :func:`rules.check` decides with the predicates that make
        the legal actions (:func:`rules.pool_actions`); in the other phases the legal actions
        are the splits, the two pools or chance's outcomes, and the refusal is the phase's
        (:func:`explain.phase_refusal`). Marabunta hides nothing, so the answer is the same for
        every seat (``player`` is the seat asking, which is to act).

        Raises:
            Refusal: ``.clause`` the rule that forbids the action, ``.reason`` why.
        """
        if self.phase == Phase.POOL:
            rules.check(self, action)
            return
        if action in self._legal_list():
            return
        raise phase_refusal(self, action)

    def die_task(self, colour: str) -> Task:
        """The part the die of ``colour`` asks for this round (:func:`rules.die_task`,
        MARA-4.1 .. MARA-4.4).

        Raises:
            ValueError: ``colour`` is not a region colour.
        """
        return rules.die_task(self, colour)

    def tile_task(self) -> Task:
        """The first part of the round's tile (:func:`rules.tile_task`, MARA-5.1).

        Raises:
            ValueError: the again tile (it repeats a die: :meth:`die_task`), or no tile yet.
        """
        return rules.tile_task(self.tile)

    # -- applying --------------------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        if isinstance(action, Place):
            self._do_place(action)
        elif isinstance(action, RollDie):
            self.dice.append(action.face)
            if len(self.dice) == 6:
                self.phase = Phase.SPLIT
        elif isinstance(action, Reveal):
            self.stack.remove(action.tile)
            self.tile = action.tile
            self.phase = Phase.ROLL
        elif isinstance(action, FirstPlayer):
            self.splitter = action.player
            self.phase = Phase.REVEAL
        elif isinstance(action, Split):
            self.pool_a = action.pool
            self.pool_b = tuple(c for c in self.game.regions if c not in action.pool)
            self.phase = Phase.TAKE
        elif isinstance(action, Take):
            self.chooser_pool = action.pool
            self._start_pool(self.chooser, list(action.pool))
        else:
            assert isinstance(action, Skip)
            self.remaining.remove(action.element)
            self.skipped.append(action.element)
            self.lost.append(f"{PLAYERS[self.doer]} skipped {action.element}")
        self._settle()

    def _start_pool(self, player: int, pool: list[str]) -> None:
        self.phase = Phase.POOL
        self.doer = player
        self.remaining = pool
        self.used = []
        self.skipped = []
        self.tasks = []

    def _do_place(self, a: Place) -> None:
        g = self.game
        task: Task
        if a.element == "":
            task = self.tasks.pop()
        elif a.element == TILE:
            self.remaining.remove(TILE)
            task = rules.die_task(self, a.again) if a.again else rules.tile_task(self.tile)
        else:
            self.remaining.remove(a.element)
            self.used.append(a.element)
            task = rules.die_task(self, a.element)
        p = self.doer
        f = g.board.index(a.field) if a.field is not None else -1
        if a.kind == "write":
            assert isinstance(task, WriteTask)
            if task.then > 0:  # MARA-D2: the next number goes next to this one
                self.tasks.append(WriteTask(task.numbers, -1, WriteMode.NEAR, f, task.then - 1))
            if a.ant:
                self.ants[p] -= 1  # MARA-4.5
            self._write(p, f, int(a.number or 0))
        elif a.kind == "cross":
            if isinstance(task, CrossTask) and task.then > 0:
                self.tasks.append(CrossTask(f, task.then - 1))
            self.value[f] = CROSSED  # MARA-D7: nothing is gained
            self._check_field_end(f)
        elif a.kind == "circle":
            assert isinstance(task, CircleTask)
            k = g.regions.index(str(a.target))
            if task.then > 0:
                allowed = tuple(r for r in task.regions if r != k) if task.distinct else task.regions
                self.tasks.append(CircleTask(allowed, task.then - 1, task.distinct))
            self.sheets[k][p] += 1
            if sum(self.sheets[k]) == g.circles:  # MARA-8.1: the last circle of a sheet
                self._trigger("sheet", g.regions[k])
        else:
            assert isinstance(task, CrateTask)
            if task.then > 0:
                self.tasks.append(CrateTask(task.then - 1))
            self._cross_crate(p, g.groups.index(str(a.target)))

    def _write(self, p: int, f: int, n: int) -> None:
        """MARA-4.3 .. MARA-4.5, MARA-6.1: write, then the field's cupcake or crate."""
        g = self.game
        self.value[f] = n
        self.owner[f] = p
        self.nums[p] += 1
        self.sums[g.region_of[f]][p] += n
        if f in g.cupcake_fields:
            self._cross_cupcakes(p, 1)
        if f in g.crate_fields:
            self.tasks.append(CrateTask())  # MARA-6.1: at once
        self._check_field_end(f)

    def _cross_cupcakes(self, p: int, k: int) -> None:
        """MARA-6.1, MARA-7.1: cross the next ``k`` cupcakes of the track (MARA-D8)."""
        self.cupcakes[p] = min(len(self.game.track), self.cupcakes[p] + k)

    def _cross_crate(self, p: int, i: int) -> None:
        """MARA-4.2: cross a crate; the last of a group unlocks its power, used at once."""
        g = self.game
        self.crates[p][i] += 1
        if self.crates[p][i] < g.group_size[i]:
            return
        power = g.group_power[i]  # MARA-7.1
        if power == "cupcakes2":
            self._cross_cupcakes(p, 2)
        self.tasks.extend(rules.power_tasks(power))  # points: counted from the crossed crates

    def _check_field_end(self, f: int) -> None:
        """MARA-8.1: a region filled or crossed, or every cupcake field filled or crossed."""
        g = self.game
        k = g.region_of[f]
        if all(self.value[h] != EMPTY for h in g.region_fields[k]):
            self._trigger("region", g.regions[k])
        if f in g.cupcake_fields and all(self.value[h] != EMPTY for h in g.cupcake_fields):
            self._trigger("cupcakes")

    def _trigger(self, condition: str, region: str | None = None) -> None:
        """MARA-8.1, MARA-D9: the first trigger names who triggered the end. ``condition`` is
        "region", "sheet" or "cupcakes"; ``region`` the colour for the first two."""
        if self.triggered_by is None:
            self.triggered_by = self.doer
        self.triggers.append(f"{PLAYERS[self.doer]}: {trigger_reason(condition, region)}")
        self.end_conditions.append({"player": PLAYERS[self.doer], "condition": condition, "region": region})

    def _settle(self) -> None:
        """Automatic steps: lost parts and elements, the next pool, the next round."""
        g = self.game
        while True:
            if self.phase == Phase.REVEAL and not self.stack:
                self.tile = g.last_tile  # MARA-3.5: the crossed-cupcake tile, every round
                self.phase = Phase.ROLL
            if self.phase != Phase.POOL:
                return
            while self.tasks and not rules.can_place(self, self.tasks[-1]):
                self.lost.append(f"{PLAYERS[self.doer]} lost: {self._describe(self.tasks.pop())} (no legal place)")  # MARA-D2
            if self.tasks:
                return
            if self.remaining and any(rules.can_use(self, e) for e in self.remaining):
                return
            if self.remaining:  # MARA-4.6, MARA-D4: nothing left can be used
                self.lost.append(f"{PLAYERS[self.doer]} lost {', '.join(self.remaining)}")
                self.remaining = []
            if self.doer == self.chooser:  # MARA-3.3: then the splitter
                rest = self.pool_b if self.chooser_pool == self.pool_a else self.pool_a
                self._start_pool(self.splitter, list(rest))
                continue
            if self.triggered_by is not None:  # MARA-8.1: the round is finished, the game ends
                self.phase = Phase.OVER
                return
            self.round += 1  # MARA-3.4
            self.splitter = self.chooser
            self.dice = []
            self.tile = None
            self.lost = []
            self.phase = Phase.REVEAL

    def _describe(self, task: Task) -> str:
        """A pending part in words, e.g. "write 0 next to d5"."""
        return describe(task, self.game.regions, self.game.board.names)

    # -- scoring and the end ---------------------------------------------------------------------
    def region_sums(self) -> list[list[int]]:
        """Per region (die order), ``[red sum, blue sum]`` of the numbers written (MARA-8.2)."""
        return [list(x) for x in self.sums]

    def totals(self) -> list[int]:
        """``[red total, blue total]`` in points (:func:`scoring.totals`)."""
        return scoring.totals(self)

    def scores(self) -> list[dict[str, Any]]:
        """Each player's score as it stands (:func:`scoring.scores`, MARA-8.2, MARA-8.3)."""
        return scoring.scores(self)

    def _outcome(self) -> Outcome:
        return scoring.outcome(self)

    def returns(self) -> list[int]:
        """``[1, -1]`` or ``[-1, 1]`` at the end (there is always a winner, MARA-D11);
        ``[0, 0]`` before."""
        o = self.outcome()
        return [0, 0] if o is None else [int(r) for r in o.returns]

    # -- views -------------------------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        """The table. Marabunta hides nothing but the order of the tile stack, which the
        engine draws only when a tile is revealed, so every player sees the full truth.

        Returns:
            A JSON-ready dict: ``fields`` (the written and crossed fields only: name ->
            ``"red 2"``, ``"blue 0"`` or ``"x"``; the map itself is ``game.territory()``),
            ``sheets`` (region -> ``[red, blue]`` circles),
            ``players`` (per player: ant hills, crates per group, powers unlocked, cupcakes,
            score), ``round``, ``phase``, ``splitter``, ``tile``, ``tiles_left``, ``dice``
            (colour -> face), ``pools``, ``taken`` (the chooser's pool), ``remaining``, ``pending``
            (parts in progress in words, the next first), ``lost``, ``triggers`` (the end
            triggers in words) and ``end_conditions`` (the same as data: ``{"player",
            "condition": "region" | "sheet" | "cupcakes", "region"}``),
            ``to_move``, ``winner``.

        Raises:
            ValueError: ``player`` is not 0, 1 or None.
        """
        if player is not None and (isinstance(player, bool) or not isinstance(player, int) or player not in (0, 1)):
            raise ValueError(f"observation(player): player is 0, 1 or None, not {shorten(player)}")
        g = self.game
        names = g.board.names
        fields = {}
        for f, v in enumerate(self.value):
            if v == CROSSED:
                fields[names[f]] = "x"
            elif v >= 0:
                fields[names[f]] = f"{PLAYERS[self.owner[f]]} {v}"
        scores = self.scores()
        outcome = self.outcome()
        players = []
        for p in (0, 1):
            players.append({
                "colour": PLAYERS[p], "ant_hills": self.ants[p],
                "crates": {name: self.crates[p][i] for i, name in enumerate(g.groups)},
                "powers": [g.group_power[i] for i in range(len(g.groups)) if self.crates[p][i] >= g.group_size[i]],
                "cupcakes": self.cupcakes[p], "numbers": self.nums[p], "score": scores[p],
            })
        pending = [self._describe(t) for t in reversed(self.tasks)]  # the next part first
        phase = self.phase
        return {
            "fields": fields,
            "sheets": {c: list(self.sheets[k]) for k, c in enumerate(g.regions)},
            "players": players,
            "round": self.round, "phase": str(phase), "splitter": self.splitter, "to_move": self.current_player(),
            "tile": self.tile, "tiles_left": sorted(self.stack),
            "dice": {g.regions[k]: face for k, face in enumerate(self.dice)},
            "pools": [list(self.pool_a), list(self.pool_b)]
            if phase in (Phase.TAKE, Phase.POOL, Phase.OVER) and self.pool_a else [],
            "taken": list(self.chooser_pool) if phase in (Phase.POOL, Phase.OVER) and self.chooser_pool else [],
            "remaining": list(self.remaining), "pending": pending, "lost": list(self.lost),
            "triggers": list(self.triggers),
            "end_conditions": [dict(e) for e in self.end_conditions],
            "triggered_by": None if self.triggered_by is None else PLAYERS[self.triggered_by],
            "winner": None if outcome is None else PLAYERS[outcome.winners[0]],
        }

    def _position(self) -> dict[str, Any]:
        """This position as :mod:`boardkit.games.marabunta.position` describes it (JSON-ready),
        for ``game.state_from_position``."""
        return _to_position(self)


__all__ = ["MarabuntaState", "EMPTY", "CROSSED", "trigger_reason"]
