"""Battle Royale actions and their notation (BR-1.4, BR-1.7, BR-2, BR-4).

Every decision is one atomic action; chance outcomes are actions too (core's
:class:`~boardkit.core.actions.FirstPlayer`, :class:`~boardkit.core.actions.Draw` and
:class:`~boardkit.core.actions.Roll`). Each class lists its notation ``forms``; the spec's
:data:`NOTATION` table derives the parser, ``str(action)``, the clicked cells and the choice
from them. The words come from ``BattleRoyaleGame.vocabularies()``: ``card`` (the data file's
cards), ``colour`` (red, blue, green, yellow, grey) and ``face`` (the Doom die's faces).

======================  ========================================================  ========
notation                meaning                                                   clause
======================  ========================================================  ========
``first 1``             chance: player 1 takes the first turn                      BR-1.7
``draw 2x2``            chance: the player drawing gets a 2x2 card                 BR-1.4
``play 2x2``            play the card 2x2 from the hand                            BR-2.1
``pick c3 red``         choose a red figure on c3 to move                          BR-2.2
``step c4``             the moving figure steps to c4                              BR-2.2
``stop``                the moving figure's move ends here                         BR-2.2
``push blue``           push a blue figure on from the overfull tile               BR-2.3
``push blue moved``     the same, choosing a blue figure that moved this turn      BR-2.3
``done``                end the movement phase                                     BR-2.2
``roll explosion``      chance: the Doom die shows Explosion                       BR-4
``eliminator d4``       the Eliminator moves under d4                              BR-4.1
``take c2 blue``        battle: take a blue figure on c2 as a prisoner             BR-4.3
======================  ========================================================  ========

>>> str(Pick("c3", "red")), Pick("c3", "red").cells, Pick("c3", "red").choice
('pick c3 red', ('c3',), 'red')
"""

from __future__ import annotations

from dataclasses import dataclass

from boardkit.core.actions import Action, ButtonAction, Draw, FirstPlayer, Roll
from boardkit.core.notation import Form, Notation

#: Colours of players 0..3 and of the neutral figures (BR-1.3, BR-1.6).
COLOURS = ("red", "blue", "green", "yellow")
NEUTRAL = "grey"
#: The Doom die's possible faces (BR-4); the die itself is in the data file (BR-6).
DOOM_FACES = ("move", "explosion", "battle")


@dataclass(frozen=True)
class Play(ButtonAction):
    """Play the card ``card`` (a card name of the data file) from the hand (BR-2.1)."""

    card: str
    clause = "BR-2.1"
    forms = (Form("play {card:card}", doc="play this card from the hand", clause="BR-2.1", example="play 2x2"),)


@dataclass(frozen=True)
class Pick(Action):
    """Choose a figure of ``colour`` on ``tile`` (a cell name) to move now (BR-2.2)."""

    tile: str
    colour: str
    clause = "BR-2.2"
    forms = (Form("pick {tile:cell} {colour:colour}", doc="choose a figure of this colour on this tile to move",
                  clause="BR-2.2", example="pick c3 red"),)


@dataclass(frozen=True)
class Step(Action):
    """The moving figure steps to ``tile`` (a cell name) (BR-2.2)."""

    tile: str
    clause = "BR-2.2"
    forms = (Form("step {tile:cell}", doc="the moving figure steps to this tile", clause="BR-2.2", example="step c4"),)


@dataclass(frozen=True)
class Stop(Action):
    """The moving figure's move ends where it stands (BR-2.2)."""

    clause = "BR-2.2"
    forms = (Form("stop", doc="the moving figure's move ends here", clause="BR-2.2", example="stop"),)


@dataclass(frozen=True)
class Done(Action):
    """End the movement phase; fewer figures than the card allows is fine (BR-2.2)."""

    clause = "BR-2.2"
    forms = (Form("done", doc="end the movement phase", clause="BR-2.2", example="done"),)


@dataclass(frozen=True)
class Push(ButtonAction):
    """Push a figure of ``colour`` on from the overfull tile (BR-2.3); ``moved`` picks one that
    already moved this turn (it may not move again) rather than one that did not."""

    colour: str
    moved: bool = False
    clause = "BR-2.3"
    forms = (Form("push {colour:colour} [moved]", doc="push a figure of this colour on from the overfull tile; "
                  "'moved': one that moved this turn", clause="BR-2.3", example="push blue moved"),)


@dataclass(frozen=True)
class MoveEliminator(Action):
    """The Eliminator moves under ``tile`` (a cell name) (BR-4.1)."""

    tile: str
    clause = "BR-4.1"
    forms = (Form("eliminator {tile:cell}", doc="the Eliminator moves under this tile", clause="BR-4.1",
                  example="eliminator d4"),)


@dataclass(frozen=True)
class Take(Action):
    """Battle: take a figure of ``colour`` on ``tile`` (a cell name) as a prisoner (BR-4.3,
    BR-4.4)."""

    tile: str
    colour: str
    clause = "BR-4.4"
    forms = (Form("take {tile:cell} {colour:colour}", doc="battle: take a figure of this colour on this tile",
                  clause="BR-4.3", example="take c2 blue"),)


class ActionTable:
    """Every action of one game, made once and shared (actions are immutable values), so a
    state lists its legal actions without making new objects and each notation is written
    once.

    Args:
        names: the board's cell names by index.
        cards: the card names.
        seats: the number of seats the notation knows.
    """

    def __init__(self, names: tuple[str, ...], cards: tuple[str, ...], seats: int) -> None:
        colours = COLOURS + (NEUTRAL,)
        cells = range(len(names))
        self.play = {c: Play(c) for c in cards}
        self.draw = {c: Draw(c) for c in cards}
        self.first = tuple(FirstPlayer(p) for p in range(seats))
        self.roll = {f: Roll(f) for f in DOOM_FACES}
        self.pick = {(t, c): Pick(names[t], c) for t in cells for c in colours}
        self.take = {(t, c): Take(names[t], c) for t in cells for c in colours}
        self.step = tuple(Step(names[t]) for t in cells)
        self.eliminator = tuple(MoveEliminator(names[t]) for t in cells)
        self.push = {(c, m): Push(c, m) for c in colours for m in (False, True)}
        self.stop = Stop()
        self.done = Done()


#: The notation table of the game (parsing order), core's chance outcomes included:
#: ``first PLAYER`` (BR-1.7), ``draw CARD`` (BR-1.4, BR-2.5), ``roll FACE`` (BR-2.5, BR-4).
NOTATION = Notation((FirstPlayer, Draw, Play, Pick, Step, Stop, Push, Done, Roll, MoveEliminator, Take),
                    clauses={FirstPlayer: "BR-1.7", Draw: "BR-1.4", Roll: "BR-4"})

__all__ = ["COLOURS", "NEUTRAL", "DOOM_FACES", "NOTATION", "ActionTable", "FirstPlayer", "Draw", "Roll", "Play", "Pick", "Step",
           "Stop", "Done", "Push", "MoveEliminator", "Take"]
