"""Armageddon actions and their notation (ARMA-3 .. ARMA-7).

Every decision is one atomic action; the die is a chance node (core :class:`Roll`).

=========================  ==============================================================  ==========
notation                   meaning                                                         clause
=========================  ==============================================================  ==========
``roll 4``                 chance: the side to move rolls a 4 (each face 1/6)              ARMA-3.1
``move red2 3``            give 3 points of the roll to chip red2: it walks 3 circles       ARMA-3.1
``move officer 2``         the same for the officer (warriors are ``w1`` .. ``w3``)        ARMA-3.1
``back w2 2``              on the alien ship, chip w2 walks 2 circles back along its arrows  ARMA-3.7
``spare red1 4``            4 points to red1, which declines to displace: it stops behind   ARMA-6.1
                           the first enemy chip ahead
``take mine``              the officer, on its dot circle, takes a mine from the depot       ARMA-5.1
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
Back: Any = action_class(
    "Back", "back {chip:chip} {points:int}", "give this many points to this chip: it walks back along its arrows "
    "on the alien ship", "ARMA-3.7", "back w2 2",
    summary="One share of the roll walked backward (ARMA-3.7, option back): on the alien ship's circles only.")
Spare: Any = action_class(
    "Spare", "spare {chip:chip} {points:int}", "give this many points to this chip, which declines to displace: it "
    "stops behind the first enemy chip ahead", "ARMA-6.1", "spare red1 4",
    summary="One share of the roll that declines the right to displace (ARMA-6.1, option displace, ARMA-D15).")
Take: Any = action_class(
    "Take", "take mine", "the officer, on its dot circle, takes a mine from the depot", "ARMA-5.1", "take mine",
    summary="The officer's right to take a mine (ARMA-5.1, option mine); it costs no point.")
Home: Any = action_class(
    "Home", "home {chip:chip} {cell:cell}", "put a displaced chip of yours on this free home (or launch-table) circle",
    "ARMA-7.2", "home green1 h2_green_1",
    summary="The owner's choice of circle for a displaced Earth chip (ARMA-7.1, ARMA-7.2).")

#: The action classes in parsing order (the spec's notation table).
ACTIONS: tuple[type, ...] = (Roll, Move, Back, Spare, Take, Home)
#: A share's action class per verb of :data:`boardkit.games.armageddon.rules.VERBS`.
SHARE: dict[str, type] = {"move": Move, "back": Back, "spare": Spare}
#: The verb of a share's action class.
VERB_OF: dict[type, str] = {cls: verb for verb, cls in SHARE.items()}

__all__ = ["FACES", "Move", "Back", "Spare", "Take", "Home", "Roll", "ACTIONS", "SHARE", "VERB_OF"]
