"""Gridhunt actions and their notation (GRID-3, GRID-4, GRID-5.1, GRID-6, GRID-7).

Every decision is one atomic action; chance outcomes are actions too. A turn is two decisions
of the mover: its move order (``move ...``), then its shot order (``shoot ...``). Both verbs are
the same whatever the order says, so a seat that is not told an order sees ``move ?`` and
``shoot ?`` only (GRID-5).

==========================  ===============================================================  =========
notation                    meaning                                                          clause
==========================  ===============================================================  =========
``layout wall c3``          chance (setup): the GM puts a wall on c3                         GRID-7
``start 2 d4``              chance (setup): the GM places player 2 on d4                     GRID-5.1
``turn 3``                  chance: player 3 acts next in this round                         GRID-6
``move d5 e5 e6``           move along this path, one orthogonal step per cell (1 .. 6)      GRID-3.1
``move none``               the only order of a blocked or boxed-in player (it stays)        GRID-3.5
``shoot e5``                shoot this cell (an orthogonal neighbour, or 1 .. 6 away in      GRID-4.1
                            line after an enhanced-attack cell)
``shoot all``               enhanced attack: shoot all 8 surrounding cells                   GRID-4.2
``shoot none``              do not shoot                                                     GRID-4.1
==========================  ===============================================================  =========

>>> str(Move(("d5", "e5"))), Move(("d5", "e5")).cells
('move d5 e5', ('d5', 'e5'))
"""

from __future__ import annotations

from boardkit.core.actions import Action, action_class
from boardkit.core.notation import Notation

#: Cell kinds of GRID-2.2 (``free`` is white; the others are drawn by the GM, GRID-7).
KINDS = ("wall", "teleport", "mine", "vision", "attack", "beacon", "shield")

Layout = action_class("Layout", "layout {kind:kind} {cell:cell}", "chance (setup): the GM puts a cell of this kind here",
                      "GRID-7", "layout wall c3", button=True,
                      summary="Chance outcome: a ``kind`` cell (wall, teleport, mine, ...) is put on ``cell`` (GRID-7).")
Start = action_class("Start", "start {player:player} {cell:cell}", "chance (setup): the GM places this player here",
                     "GRID-5.1", "start 2 d4", button=True,
                     summary="Chance outcome: seat ``player`` starts on ``cell`` (GRID-5.1).")
Turn = action_class("Turn", "turn {player:player}", "chance: this player acts next in the round", "GRID-6", "turn 3",
                    button=True, summary="Chance outcome: seat ``player`` acts next in this round (GRID-6).")
Stay = action_class("Stay", "move none", "the order of a blocked or boxed-in player: it stays where it is", "GRID-3.5",
                    "move none", button=True,
                    summary="The move order of a blocked player, which does not move (GRID-2.4, GRID-3.5), or of one "
                            "boxed in by walls or teammates it knows of (GRID-D13).")
Move = action_class("Move", "move {path:cell+}", "move along this path of 1 to 6 orthogonal steps (the cells after the "
                    "start); the GM stops it at a hidden wall", "GRID-3.1", "move d5 e5 e6",
                    summary="Move order: the cells of the declared path after the start, 1 .. 6 orthogonal steps (GRID-3.1).")
ShootAll = action_class("ShootAll", "shoot all", "enhanced attack: shoot the 8 surrounding cells at once", "GRID-4.2",
                        "shoot all", button=True, summary="Enhanced attack: shoot the 8 surrounding cells (GRID-2.6, GRID-4.2).")
ShootNone = action_class("ShootNone", "shoot none", "do not shoot this turn", "GRID-4.1", "shoot none", button=True,
                         summary="Shot order: no shot this turn (GRID-4.1).")
Shoot = action_class("Shoot", "shoot {cell:cell}", "shoot this cell: an orthogonal neighbour, or with an enhanced attack "
                     "one cell 1 .. 6 away in a straight line (a row, a column or a diagonal)", "GRID-4.1", "shoot e5",
                     summary="Shot order: shoot ``cell`` (GRID-4.1; a diagonal neighbour or a cell at distance 2 .. 6 only "
                     "after an enhanced-attack cell, GRID-4.2, GRID-D18).")



def _write_move(self: Action) -> str:
    """The notation of a move order, ``move`` and its path's cells (what the form writes,
    without reading the form: a state lists hundreds of path orders), written once and kept
    on the value as :meth:`boardkit.core.actions.Action.__str__` keeps it."""
    try:
        return self._notation  # type: ignore[attr-defined,no-any-return]
    except AttributeError:
        pass
    path = self.path  # type: ignore[attr-defined]
    try:
        if type(path) is not tuple or not path:
            raise TypeError
        text = "move " + " ".join(path)  # TypeError for a cell that is not text
    except TypeError:
        return Action.__str__(self)  # the form decides (and refuses what it cannot write)
    object.__setattr__(self, "_notation", text)
    return text


Move.__str__ = _write_move

#: The notation table (parsing order: ``move none`` before paths, ``shoot all``/``none`` before cells).
NOTATION = Notation((Layout, Start, Turn, Stay, Move, ShootAll, ShootNone, Shoot))

__all__ = ["KINDS", "NOTATION", "Layout", "Start", "Turn", "Stay", "Move", "ShootAll", "ShootNone", "Shoot"]
