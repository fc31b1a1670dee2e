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
``decline``             battle: take no prisoner on this tile (taking is optional) BR-4.3
======================  ========================================================  ========

>>> str(Pick("c3", "red")), Pick("c3", "red").cells, Pick("c3", "red").choice
('pick c3 red', ('c3',), 'red')
"""

from __future__ import annotations

from boardkit.core.actions import Draw, FirstPlayer, Roll, action_class
from boardkit.core.notation import Notation

#: Colours of players 0..3 and of the neutral figures (BR-1.3, BR-1.6).
COLOURS = ("red", "blue", "green", "yellow")
NEUTRAL = "grey"
#: The Doom die's possible faces (BR-4); the die itself is in the data file (BR-6).
DOOM_FACES = ("move", "explosion", "battle")


# The verb table: one row per action (class name, form, meaning, clause, example).
Play = action_class("Play", "play {card:card}", "play this card from the hand", "BR-2.1", "play 2x2", button=True,
                    summary="Play the card ``card`` (a card name of the data file) from the hand (BR-2.1).")
Pick = action_class("Pick", "pick {tile:cell} {colour:colour}", "choose a figure of this colour on this tile to move",
                    "BR-2.2", "pick c3 red")
Step = action_class("Step", "step {tile:cell}", "the moving figure steps to this tile", "BR-2.2", "step c4")
Stop = action_class("Stop", "stop", "the moving figure's move ends here", "BR-2.2", "stop")
Done = action_class("Done", "done", "end the movement phase (fewer figures than the card allows is fine)", "BR-2.2", "done")
Push = action_class("Push", "push {colour:colour} [moved]", "push a figure of this colour on from the overfull tile; "
                    "'moved': one that moved this turn (it may not move again)", "BR-2.3", "push blue moved", button=True)
MoveEliminator = action_class("MoveEliminator", "eliminator {tile:cell}", "the Eliminator moves under this tile",
                              "BR-4.1", "eliminator d4")
Take = action_class("Take", "take {tile:cell} {colour:colour}", "battle: take a figure of this colour on this tile "
                    "as a prisoner", "BR-4.3", "take c2 blue")
Decline = action_class("Decline", "decline", "battle: take no prisoner on this tile (the seed's 'darf ... nehmen': "
                       "taking is allowed, not forced)", "BR-4.3", "decline", button=True)


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
        self.decline = Decline()


#: The notation table of the game (parsing order), core's chance outcomes included:
#: ``first PLAYER`` (BR-1.7), ``draw CARD`` (BR-1.4, BR-2.5), ``roll FACE`` (BR-2.5, BR-4).
NOTATION = Notation((FirstPlayer, Draw, Play, Pick, Step, Stop, Push, Done, Roll, MoveEliminator, Take, Decline),
                    clauses={FirstPlayer: "BR-1.7", Draw: "BR-1.4", Roll: "BR-4"})

__all__ = ["COLOURS", "NEUTRAL", "DOOM_FACES", "NOTATION", "ActionTable", "FirstPlayer", "Draw", "Roll", "Play", "Pick", "Step",
           "Stop", "Done", "Push", "MoveEliminator", "Take", "Decline"]
