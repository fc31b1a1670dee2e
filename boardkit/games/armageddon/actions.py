"""Armageddon actions and their notation (ARMA-3 .. ARMA-7).

Every decision is one atomic action; the die is a chance node (core :class:`Roll`).

=========================  ==============================================================  ==========
notation                   meaning                                                         clause
=========================  ==============================================================  ==========
``roll 4``                 chance: the side to move rolls a 4 (each face 1/6)              ARMA-3.1
``move red2 3``            give 3 points of the roll to chip red2: it walks 3 circles       ARMA-3.1
``move officer 2``         the same for the officer (warriors are ``w1`` .. ``w6``)        ARMA-3.1
``home green1 h2_green_1`` a displaced chip's owner puts it on this free circle            ARMA-7.2
=========================  ==============================================================  ==========
"""

from __future__ import annotations

from typing import Any

from boardkit.core.actions import Roll, action_class

#: Die faces as written in the notation (ARMA-3.1).
FACES: tuple[str, ...] = ("1", "2", "3", "4", "5", "6")

Move: Any = action_class(
    "Move", "move {chip:chip} {points:int}", "give this many points of the roll to this chip (it walks that many circles)",
    "ARMA-3.1", "move red2 3",
    summary="One share of the roll (ARMA-3.1): chip ``chip`` walks ``points`` circles along its path.")
Home: Any = action_class(
    "Home", "home {chip:chip} {cell:cell}", "put a displaced chip of yours on this free home (or launch-table) circle",
    "ARMA-7.2", "home green1 h2_green_1",
    summary="The owner's choice of circle for a displaced Earth chip (ARMA-7.1, ARMA-7.2).")

#: The action classes in parsing order (the spec's notation table).
ACTIONS: tuple[type, ...] = (Roll, Move, Home)

__all__ = ["FACES", "Move", "Home", "Roll", "ACTIONS"]
