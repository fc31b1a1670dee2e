"""Battle Royale actions and their notation (BR-1.4, BR-1.7, BR-2, BR-4).

Every decision is one atomic action; chance outcomes are actions too.

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
"""

from __future__ import annotations

from dataclasses import dataclass

from boardkit.core.actions import Action, ButtonAction
from boardkit.core.rules import NotationError

#: Colours of players 0..3 and of the neutral figures (BR-1.3, BR-1.6).
COLOURS = ("red", "blue", "green", "yellow")
NEUTRAL = "grey"
DOOM_FACES = ("move", "explosion", "battle")


@dataclass(frozen=True)
class FirstPlayer(ButtonAction):
    """Chance outcome: ``player`` takes the first turn (BR-1.7)."""

    player: int

    def __str__(self) -> str:
        return f"first {self.player}"


@dataclass(frozen=True)
class Draw(ButtonAction):
    """Chance outcome: the drawing player gets ``card`` from its pile (BR-1.4, BR-2.5)."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True)
class Roll(ButtonAction):
    """Chance outcome: the Doom die shows ``face`` (BR-2.5, BR-4)."""

    face: str

    def __str__(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True)
class Play(ButtonAction):
    """Play the card ``card`` from the hand (BR-2.1)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Pick(Action):
    """Choose a figure of ``colour`` on ``tile`` to move now (BR-2.2)."""

    tile: str
    colour: str

    def __str__(self) -> str:
        return f"pick {self.tile} {self.colour}"

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.tile,)

    @property
    def choice(self) -> str:
        return self.colour


@dataclass(frozen=True)
class Step(Action):
    """The moving figure steps to ``tile`` (BR-2.2)."""

    tile: str

    def __str__(self) -> str:
        return f"step {self.tile}"

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.tile,)


@dataclass(frozen=True)
class Stop(Action):
    """The moving figure's move ends where it stands (BR-2.2)."""

    def __str__(self) -> str:
        return "stop"

    @property
    def choice(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Done(Action):
    """End the movement phase; fewer figures than the card allows is fine (BR-2.2)."""

    def __str__(self) -> str:
        return "done"

    @property
    def choice(self) -> str:
        return "done"


@dataclass(frozen=True)
class Push(ButtonAction):
    """Push a figure of ``colour`` on from the overfull tile (BR-2.3); ``moved`` picks one that
    already moved this turn (it may not move again) rather than one that did not."""

    colour: str
    moved: bool = False

    def __str__(self) -> str:
        return f"push {self.colour}" + (" moved" if self.moved else "")


@dataclass(frozen=True)
class MoveEliminator(Action):
    """The Eliminator moves under ``tile`` (BR-4.1)."""

    tile: str

    def __str__(self) -> str:
        return f"eliminator {self.tile}"

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.tile,)


@dataclass(frozen=True)
class Take(Action):
    """Battle: take a figure of ``colour`` on ``tile`` as a prisoner (BR-4.3, BR-4.4)."""

    tile: str
    colour: str

    def __str__(self) -> str:
        return f"take {self.tile} {self.colour}"

    @property
    def cells(self) -> tuple[str, ...]:
        return (self.tile,)

    @property
    def choice(self) -> str:
        return self.colour


def parse(text: str, cell_names: tuple[str, ...], cards: set[str]) -> Action:
    """Parse Battle Royale notation (module table) into an Action, legal or not.

    Args:
        text: e.g. ``"pick c3 red"``; case and surrounding spaces are ignored.
        cell_names: the arena's position names.
        cards: the card names of the game's card set.

    Raises:
        NotationError: unknown verb, wrong arguments, unknown cell, colour, card or face.
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is written as text, got {text!r}")
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action text; examples: 'play 2x2', 'pick c3 red', 'step c4', 'done'")
    verb, args = words[0], words[1:]

    def cell(word: str) -> str:
        if word not in cell_names:
            raise NotationError(f"{text!r}: {word!r} is not a position of the arena (a1 .. e5)")
        return word

    def colour(word: str) -> str:
        if word not in COLOURS + (NEUTRAL,):
            raise NotationError(f"{text!r}: {word!r} is not a colour; colours: {', '.join(COLOURS + (NEUTRAL,))}")
        return word

    def arity(n: int, form: str) -> None:
        if len(args) != n:
            raise NotationError(f"{text!r}: expected {form!r}")

    if verb in ("stop", "done"):
        arity(0, verb)
        return Stop() if verb == "stop" else Done()
    if verb == "first":
        arity(1, "first PLAYER")
        if not args[0].isascii() or not args[0].isdigit():
            raise NotationError(f"{text!r}: expected 'first PLAYER' with a player number")
        return FirstPlayer(int(args[0]))
    if verb in ("draw", "play"):
        arity(1, f"{verb} CARD")
        if args[0] not in cards:
            raise NotationError(f"{text!r}: {args[0]!r} is not a card; cards: {', '.join(sorted(cards))}")
        return Draw(args[0]) if verb == "draw" else Play(args[0])
    if verb == "roll":
        arity(1, "roll FACE")
        if args[0] not in DOOM_FACES:
            raise NotationError(f"{text!r}: the Doom die shows {', '.join(DOOM_FACES)}")
        return Roll(args[0])
    if verb in ("pick", "take"):
        arity(2, f"{verb} CELL COLOUR")
        return (Pick if verb == "pick" else Take)(cell(args[0]), colour(args[1]))
    if verb in ("step", "eliminator"):
        arity(1, f"{verb} CELL")
        return Step(cell(args[0])) if verb == "step" else MoveEliminator(cell(args[0]))
    if verb == "push":
        if len(args) == 2 and args[1] == "moved":
            return Push(colour(args[0]), True)
        arity(1, "push COLOUR [moved]")
        return Push(colour(args[0]))
    verbs = "first, draw, play, pick, step, stop, push, done, roll, eliminator, take"
    raise NotationError(f"{text!r}: unknown action {verb!r}; actions: {verbs}")
