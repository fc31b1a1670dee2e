"""Battle Royale positions for study, both ways: ``state.to_position()`` writes one and
``game.state_from_position(description)`` reads it back, validated.

Example (YAML text or the same as a dict)::

    layout: first              # optional: start from a named arena (the data file's first
                               # layout, or four removed tiles "b5 e4 a2 d1") with its
                               # starting figures; then ``tiles`` lists only the tiles that
                               # differ from it and ``holes`` the tiles since removed
    tiles:                     # without ``layout``: every tile still in the arena
      c3: red 2, blue 1
      c4: red 1, grey 1
      b3: ""                   # an empty tile
    holes: [b2]                # only with ``layout``
    eliminator: c3             # default: under the goal
    to_move: 0                 # whose turn (default 0)
    turn: 4                    # turns started so far, this one included (default 4); a
                               # seat holds its cards but one for each of its turns after
                               # the 4th (BR-1.3, BR-2.1; not with no_cards="reshuffle")
    hands: {0: [2x2, 3x1], 1: [1x3]}
    piles: {0: [1x1e], 1: []}  # default: every card of the colour not in the hand
    prisoners: {0: blue 1}     # default: none

Without ``phase`` the position is the start of ``to_move``'s turn (its card phase, or its Doom
roll with an empty hand, BR-2.6). A position inside a turn or at a chance node adds::

    phase: move                # setup, card, move, push, event, doom, draw or over (finished)
    first: 0                   # the start player (null: not drawn yet, BR-1.7)
    deal: [1, 1]               # setup: the seats still to draw, in order (BR-1.4)
    card: 2x2                  # the card played this turn (BR-2.1)
    figures_left: 1            # figures the card still lets move (BR-2.2)
    moved: {c4: red 1}         # figures that moved this turn, by tile
    moving: {colour: red, path: [c3, c4], steps_left: 1}   # the figure moving (BR-2.2)
    push: {tile: c4, from: c3, colour: red, moved: true}   # an overfull tile (BR-2.3)
    queue: [battle, doom]      # events still to come this turn: a card's special, the Doom roll
    event: battle              # move or battle, awaiting choices (BR-4.1, BR-4.3)
    takes: [{tile: b2, taker: 0, colours: [blue]}]          # battle takings still to make
    idle_turns: 0              # turns begun with no card anywhere (BR-D13, no_cards="round")

Figures not on tiles and not prisoners are out of the game (BR-1.3: 21 per colour).

A turn starting at the Doom roll while the active player holds cards cannot arise in play
(it plays a card first, BR-2.1, BR-2.6) but is worth studying (what may the die do here?):
it is built only with ``study=True``. So are hands that play never leaves: after the setup an
empty hand while the pile holds cards (hands are dealt before the first turn, BR-1.4, and
refilled at the end of every turn, BR-2.5), or more of a colour's cards gone than turns its
player has begun (one card a turn, BR-1.3, BR-2.1) - which is also how a description of a game
with fewer players (no hand for the other seats) is refused.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from boardkit.core.game import OptionError
from boardkit.core.position import Check, Field, PositionFormat, PositionReader
from boardkit.core.rules import IllegalPositionError
from boardkit.core.validate import BoardkitDataError, shorten
from boardkit.games.battle_royale.actions import COLOURS, DOOM_FACES, NEUTRAL
from boardkit.games.battle_royale.data import FIGURES_PER_COLOUR
from boardkit.games.battle_royale import scoring
from boardkit.games.battle_royale.rules import BattleTake, Event, Moving, Phase, PushTask, Queued, cut_off

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.battle_royale.game import BattleRoyaleGame
    from boardkit.games.battle_royale.state import BattleRoyaleState

def _figures(text: str | None, where: str, colours: tuple[str, ...]) -> Counter[str]:
    out: Counter[str] = Counter()
    for part in (text or "").replace(";", ",").split(","):
        words = part.split()
        if not words:
            continue
        if len(words) != 2 or not re.fullmatch(r"[0-9]+", words[1]):
            raise BoardkitDataError(f"{where}: expected 'colour count, ...' like 'red 2, blue 1', got {shorten(part.strip())}")
        colour, k = words[0].lower(), int(words[1])
        if colour not in colours:
            raise BoardkitDataError(f"{where}: {shorten(colour)} is not a colour of this game ({', '.join(colours)})")
        if colour in out:
            raise BoardkitDataError(f"{where}: {colour} is listed twice")
        out[colour] = k
    return +out


def _write_figures(counts: Counter[str], colours: tuple[str, ...]) -> str:
    return ", ".join(f"{c} {counts[c]}" for c in colours if counts[c] > 0)


def _layout_arena(game: "BattleRoyaleGame", layout: str) -> dict[int, Counter[str]]:
    """The arena a named layout starts with: every tile not removed, one figure of each
    player colour on it, the neutral figures on their tiles if present (BR-1.1, BR-1.3,
    BR-1.6)."""
    try:
        removed = game.check_layout(game.data["first_layout"] if layout == "first" else layout.replace(",", " ").split())
    except OptionError as exc:
        raise BoardkitDataError(f"position: layout: {exc}") from None
    arena = {i: Counter({c: 1 for c in COLOURS[: game.num_players]}) for i in range(25) if i not in removed}
    for c in game.neutral:
        if c in arena:
            arena[c][NEUTRAL] += 1
    return arena


def _check_capacity(game: "BattleRoyaleGame", state: "BattleRoyaleState", overfull: tuple[int, ...]) -> None:
    """BR-2.3: no tile holds more than C figures, but for ``overfull`` tiles (a moving figure
    passing a full tile, BR-D8, or a tile waiting for its push) which may hold C + 1."""
    for t, counts in state.tiles.items():
        k = sum(counts.values())
        if k > game.capacity + (1 if t in overfull else 0):
            raise IllegalPositionError("BR-2.3", f"{game.board.names[t]} holds {k} figures; at most {game.capacity} "
                                                 f"with {game.num_players} players")


@dataclass
class _Reading:
    """What a Battle Royale position has read so far (the state it fills)."""

    state: "BattleRoyaleState"
    study: bool
    to_move: int = 0
    overfull: list[int] = field(default_factory=list)  # tiles that may hold one figure more (BR-D8, BR-2.3)


def _colour(r: PositionReader, name: str, where: str) -> str:
    return str(r.choice(where, name, r.game.colours, "a colour of this game"))


def _read_tiles(r: PositionReader, ctx: _Reading, tiles: dict[str, str | None]) -> None:
    """``layout``, ``holes`` and ``tiles``: the arena, from a named layout (its tiles less the
    holes, those listed changed) or every tile listed (BR-1.1). A hole is a tile of the layout
    named once; a tile listed is named once, and with a layout is one of its tiles not under
    holes (tiles are only ever removed, BR-1.1)."""
    game, state, doc = r.game, ctx.state, r.doc
    holes: set[int] = set()
    if "layout" in doc:
        state.tiles = _layout_arena(game, doc["layout"])
        for name in doc.get("holes", []):
            t = r.cell(f"holes.{name}", name)
            if t in holes:
                raise r.error("holes", f"{shorten(name)} is named twice")
            if t not in state.tiles:
                raise r.error("holes", f"{shorten(name)} is no tile of the layout {shorten(doc['layout'])}")
            holes.add(t)
            del state.tiles[t]
    elif "holes" in doc:
        raise r.error("holes", "holes are listed only with a layout; without one, every tile not under tiles is a hole")
    else:
        state.tiles = {}
        if not tiles:
            raise r.error("tiles", "list the tiles still in the arena (at least the goal c3)")
    listed: set[int] = set()
    for name, text in tiles.items():
        t = r.cell(f"tiles.{name}", name)
        if t in listed:
            raise r.error(f"tiles.{name}", "this tile is listed twice")
        if t in holes:
            raise r.error(f"tiles.{name}", "this tile is listed under holes too: a removed tile holds no figure")
        if "layout" in doc and t not in state.tiles:
            raise r.error(f"tiles.{name}", f"no tile of the layout {shorten(doc['layout'])}: tiles are only ever removed")
        listed.add(t)
        state.tiles[t] = _figures(text, f"position: tiles.{name}", game.colours)


def _check_goal(r: PositionReader, ctx: _Reading) -> None:
    """The goal is never removed (BR-1.1); every tile is connected to it (BR-4.2)."""
    game, state = r.game, ctx.state
    board = game.board
    if game.goal not in state.tiles:
        raise IllegalPositionError("BR-1.1", "the goal tile c3 is never removed: list it under tiles")
    cut = sorted(board.names[i] for i in cut_off(board.graph, board.names, list(state.tiles), game.goal))
    if cut:
        raise IllegalPositionError("BR-4.2", f"{', '.join(cut)} would already have fallen: not connected to the goal c3")


def _read_prisoners(r: PositionReader, ctx: _Reading, prisoners: dict[str, str | None]) -> None:
    """``prisoners``: per seat; one's own figures only with own_prisoners (BR-2.4)."""
    game, state = r.game, ctx.state
    state.prisoners = [Counter() for _ in range(game.num_players)]
    for p, text in prisoners.items():
        s = r.seat(f"prisoners.{p}", p)
        state.prisoners[s] = _figures(text, f"position: prisoners.{p}", game.colours)
        own = COLOURS[s]
        if state.prisoners[s][own] and not game.options.own_prisoners:
            raise IllegalPositionError("BR-2.4", f"player {p} holds its own {own} figures as prisoners, but with "
                                                 f"own_prisoners=False they leave the game instead")


def _check_figures(r: PositionReader, ctx: _Reading) -> None:
    """No more figures of a colour than exist (BR-1.3; neutral ones BR-1.6); the others are out."""
    game, state = r.game, ctx.state
    totals: Counter[str] = Counter()
    for counts in list(state.tiles.values()) + state.prisoners:
        totals.update(counts)
    for c, k in totals.items():
        limit = FIGURES_PER_COLOUR if c != NEUTRAL else len(game.neutral)
        if k > limit:
            raise IllegalPositionError("BR-1.3" if c != NEUTRAL else "BR-1.6", f"{k} {c} figures on tiles and as prisoners; "
                                                                               f"there are only {limit}")
    state.out = +Counter({c: (FIGURES_PER_COLOUR if c != NEUTRAL else len(game.neutral)) - totals[c] for c in game.colours})


def _read_cards(r: PositionReader, ctx: _Reading) -> None:
    """Hands and piles: the colour's cards only, a hand at most ``hand_size`` (BR-1.3, BR-1.4)."""
    game, doc, state = r.game, r.doc, ctx.state
    deck = Counter(game.deck)
    for p in list(doc.get("hands") or {}) + list(doc.get("piles") or {}):
        r.seat(f"hands/piles.{p}", p)
    for p in range(game.num_players):
        hand = [c.lower() for c in doc["hands"].get(str(p), [])]
        pile = [c.lower() for c in doc["piles"][str(p)]] if str(p) in (doc.get("piles") or {}) else None
        for c in hand + (pile or []):
            if c not in deck:
                raise BoardkitDataError(f"position: hands/piles.{p}: {shorten(c)} is not a card; cards: {', '.join(sorted(deck))}")
        if len(hand) > game.data["hand_size"]:
            raise IllegalPositionError("BR-1.4", f"player {p} holds {len(hand)} cards; a hand is at most {game.data['hand_size']}")
        if pile is None:
            pile = list((deck - Counter(hand)).elements())
        extra = Counter(hand) + Counter(pile) - deck
        if extra:
            copies = ", ".join(f"{c} ({k} too many)" for c, k in sorted(extra.items()))
            raise IllegalPositionError("BR-1.3", f"player {p}'s hand and pile hold more copies of a card than the colour's "
                                                 f"10 cards: {copies}")
        state.hands[p], state.piles[p] = sorted(hand), sorted(pile)


def _read_to_move(r: PositionReader, ctx: _Reading, seat: int) -> None:
    ctx.to_move = r.seat("to_move", seat)


def _read_eliminator(r: PositionReader, ctx: _Reading, name: str) -> None:
    ctx.state.eliminator = r.cell("eliminator", name)


def _read_idle_turns(r: PositionReader, ctx: _Reading, idle: int) -> None:
    """``idle_turns``: up to a round only with no_cards='round' (BR-D13)."""
    game = r.game
    ctx.state.idle_turns = r.whole("idle_turns", idle, 0, game.num_players if game.options.no_cards == "round" else 0,
                                   "turns begun with no card anywhere count up to a round only with no_cards='round', BR-D13")


def _read_turn(r: PositionReader, ctx: _Reading) -> None:
    """Without ``phase``: the start of ``to_move``'s turn (no field of a turn in progress);
    with it, the turn in progress (:data:`_TURN_STEPS`)."""
    state, doc = ctx.state, r.doc
    if "phase" in doc:
        r.run(ctx, _TURN_STEPS)
        return
    extra = [f for f in _TURN_FIELDS if f in doc]
    if extra:
        raise r.error(", ".join(extra), "only a position with a phase has these fields")
    _check_capacity(r.game, state, ())
    state.deal = []
    state.first = state.first if state.first is not None else 0
    state.turn = r.turns("turn", doc.get("turn", 4), "BR-D9") - 1
    state.phase = Phase.SETUP
    state._start_turn(ctx.to_move)


def _check_over(r: PositionReader, ctx: _Reading) -> None:
    """A position already over is no position to play from (BR-3.1, BR-D9), unless it says so:
    ``phase: over`` (what ``to_position(finished=True)`` writes) is read back as the finished
    game, its end read from the position: one colour or none left in the arena, or the goal
    alone (BR-3.1); else the ``max_turns`` cut-off reached (BR-D9); else, with
    ``no_cards='round'``, no card anywhere for a full round (BR-D13)."""
    state, game = ctx.state, r.game
    if state.phase is Phase.OVER:
        limit = game.options.max_turns
        end = scoring.arena_end(state.tiles, game.goal, NEUTRAL)
        if end is not None:
            state._finish(*end)
        elif limit is not None and state.turn >= limit:
            state._finish(*scoring.CUT_OFF, cut=True)
        elif game.options.no_cards == "round" and state.idle_turns >= game.num_players \
                and not any(state.hands) and not any(state.piles):
            state._finish(*scoring.NO_CARDS)
        else:
            load = "" if state.turn < 1 else (f"; if this game was cut off by max_turns (BR-D9) at turn {state.turn}, "
                                              f"load the game with max_turns={state.turn}")
            raise IllegalPositionError("BR-3.1", f"phase: over, but players' figures of more than one colour are in the "
                                                 f"arena with more tiles than the goal, and neither max_turns (BR-D9) nor "
                                                 f"a round without cards (BR-D13) ended the game{load}")
        return
    state._check_end()
    if state.phase is Phase.OVER:
        o = state._outcome()
        raise IllegalPositionError(o.clause, f"this position is already over ({o.reason})")


def _check_dealt(r: PositionReader, ctx: _Reading) -> None:
    """The cards as play leaves them, but for study. Hands are dealt before the first turn
    (BR-1.4) and refilled from the pile at the end of every turn (BR-2.5), so after the setup an
    empty hand comes with an empty pile (but the mover's that played its only card, with a hand
    of one). A player plays at most one card a turn (BR-2.1), so its hand and pile hold all of
    its colour's cards (BR-1.3) but those played in the turns it has begun (since a reshuffle,
    BR-D13). A description of a game with fewer players leaves the other seats' hands out:
    refused so, saying it."""
    state, game = ctx.state, r.game
    if ctx.study or state.phase is Phase.SETUP:
        return
    n, size, cards = game.num_players, game.data["hand_size"], len(game.deck)
    most = -(-state.turn // n)  # the turns any one seat has begun
    for p in sorted(range(n), key=lambda p: str(p) in r.doc["hands"]):  # a seat left out first
        hand, pile = state.hands[p], state.piles[p]
        hint = "" if str(p) in r.doc["hands"] else (f" (no hand is given for player {p}: is this a position of a game "
                                                     f"with fewer players? This one has {n})")
        if not hand and pile and not (size == 1 and p == state.to_move and state.card is not None):
            raise IllegalPositionError("BR-1.4", f"position: hands.{p}: player {p}'s hand is empty at turn {state.turn} "
                                                 f"while its pile holds {len(pile)} card(s), but hands are dealt before "
                                                 f"the first turn and refilled from the pile at the end of every turn "
                                                 f"(BR-2.5){hint}. A study position: use study=True")
        played = cards - len(hand) - len(pile)
        least = _least_played(r, state, p, cards)
        if played < least:
            raise IllegalPositionError("BR-1.3", f"position: turn, hands.{p}, piles.{p}: player {p} holds "
                                                 f"{len(hand) + len(pile)} of its colour's {cards} cards at turn "
                                                 f"{state.turn}: {played} played, but it plays a card in each of its "
                                                 f"turns while it holds one (BR-2.1): {least} at least after turn 4{hint}. "
                                                 f"A study position: use study=True")
        if played > most:
            raise IllegalPositionError("BR-1.3", f"position: hands.{p}, piles.{p}: player {p} holds {len(hand) + len(pile)} "
                                                 f"of its colour's {cards} cards at turn {state.turn}: {played} are "
                                                 f"missing, but it has begun at most {most} turn(s), playing one card "
                                                 f"a turn (BR-2.1){hint}. A study position: use study=True")


def _least_played(r: PositionReader, state: "BattleRoyaleState", p: int, cards: int) -> int:
    """The fewest cards seat ``p`` has played by ``turn``: one in each of its turns after the
    4th and before this one, seats taking turns in order (BR-2.1: a player holding a card plays
    one), all of them at most. A description without ``turn`` is read at turn 4 holding any
    cards, so the turns up to the 4th are not counted; played cards going back to the pile
    (``no_cards="reshuffle"``, BR-D13) are not counted either."""
    if r.game.options.no_cards == "reshuffle":
        return 0
    n, m = r.game.num_players, state.turn - 5  # its turns t - j, j in 1 .. m (turn t - j >= 5)
    back = (state.to_move - p) % n
    return 0 if m < 1 else min(cards, (m - back) // n + (back > 0))


def _read_phase(r: PositionReader, ctx: _Reading, phase: str) -> None:
    """``phase``, ``turn``, ``first`` and ``deal``: hands dealt (from the seat's own pile) and the
    start player drawn in the setup phase, and only then (BR-1.4)."""
    state, doc = ctx.state, r.doc
    state.phase = Phase(phase)
    state.to_move = ctx.to_move
    state.turn = r.turns("turn", doc.get("turn", 4), "BR-D9")
    state.first = doc.get("first", state.first if state.first is not None else 0)
    if state.first is not None:
        r.seat("first", state.first)
    state.deal = [r.seat("deal", p) for p in doc.get("deal", [])]
    owed = Counter(state.deal)
    short = [s for s in sorted(owed) if owed[s] > len(state.piles[s])]
    if short:  # BR-1.4: every card still to be dealt comes from the seat's own pile
        raise IllegalPositionError("BR-1.4", f"player {short[0]} is still to draw {owed[short[0]]} card(s) but its "
                                             f"pile holds {len(state.piles[short[0]])}")
    if (state.deal or state.first is None) and state.phase is not Phase.SETUP:
        raise IllegalPositionError("BR-1.4", "hands are dealt and the start player drawn before the first turn: "
                                             "a deal or an undrawn start player needs phase setup")
    if state.phase is Phase.SETUP and not state.deal and state.first is not None:
        raise r.error("phase", "setup ends once the hands are dealt and the start player is drawn; give deal or first: null")


def _read_card(r: PositionReader, ctx: _Reading, card: str | None) -> None:
    """``card`` and ``figures_left``: the card played this turn (BR-2.1; none before it is
    played, in the setup and card phases) and the figures it still lets move (BR-2.2)."""
    game, state = r.game, ctx.state
    if card is not None and card.lower() not in game.cards:
        raise r.error("card", f"{shorten(card)} is not a card; cards: {', '.join(dict.fromkeys(game.deck))}")
    state.card = None if card is None else card.lower()
    most = max(c["figures"] for c in game.cards.values())
    state.figures_left = r.whole("figures_left", r.doc.get("figures_left", 0), 0, most,
                                 f"no card moves more than {most} figures, BR-2.2")
    if state.card is None and state.phase in (Phase.MOVE, Phase.PUSH):
        raise IllegalPositionError("BR-2.1", f"the {state.phase.value} phase follows a card: give the card played")
    if state.card is not None and state.phase in (Phase.SETUP, Phase.CARD):
        raise IllegalPositionError("BR-2.1", f"card: {state.card} is the card played this turn, but in the "
                                             f"{state.phase.value} phase no card is played yet (card: null)")
    if state.card is not None and state.figures_left > game.cards[state.card]["figures"]:
        raise IllegalPositionError("BR-2.1", f"the {state.card} card moves {game.cards[state.card]['figures']} figures, "
                                             f"not {state.figures_left}")


def _read_moved(r: PositionReader, ctx: _Reading, moved: dict[str, str | None]) -> None:
    """``moved``: figures that moved this turn, no more than stand on their tiles (BR-2.2)."""
    state = ctx.state
    state.moved = {}
    for name, text in moved.items():
        t = r.cell(f"moved.{name}", name)
        counts = _figures(text, f"position: moved.{name}", r.game.colours)
        if counts - state.tiles.get(t, Counter()):
            raise IllegalPositionError("BR-2.2", f"more figures moved on {name} than stand there")
        if counts:
            state.moved[t] = counts


def _read_moving(r: PositionReader, ctx: _Reading, m: dict[str, Any] | None) -> None:
    """``moving``: in the move phase, a figure on the last tile of a path of neighbouring tiles
    (BR-2.2), able to end its move (BR-D14); its tile may be overfull (BR-D8)."""
    game, state = r.game, ctx.state
    board = game.board
    state.moving = None
    if m is None:
        return
    if state.phase is not Phase.MOVE:
        raise r.error("moving", "a figure moves only in the move phase")
    path = tuple(r.cell("moving.path", name) for name in m["path"])
    for a, b in zip(path, path[1:]):
        if b not in board.step[a] or b not in state.tiles:
            raise IllegalPositionError("BR-2.2", f"moving.path: {board.names[b]} is not a tile next to {board.names[a]}")
    c = _colour(r, m["colour"], "moving.colour")
    if state.tiles.get(path[-1], Counter())[c] == 0:
        raise IllegalPositionError("BR-2.2", f"moving: no {c} figure on {board.names[path[-1]]}")
    direction = board.step[path[-2]].index(path[-1]) if len(path) > 1 else -1
    state.moving = Moving(c, path, m["steps_left"], direction, len(path) > 1)
    ctx.overfull.append(path[-1])
    if state.card is not None and state._no_push(c) and not state._can_finish(path, m["steps_left"], 0):
        raise IllegalPositionError("BR-D14", f"moving: the {c} figure of another player can only end its move on a full "
                                             f"tile, which only a move of one's own figure may overfill")


def _read_push(r: PositionReader, ctx: _Reading, p: dict[str, Any] | None) -> None:
    """``push``: in, and only in, the push phase, from a neighbouring tile onto a tile one
    figure over its capacity (BR-2.3); then no tile holds more than it may (BR-2.3)."""
    game, state = r.game, ctx.state
    board = game.board
    state.push = None
    if p is not None:
        if state.phase is not Phase.PUSH:
            raise r.error("push", "a push waits only in the push phase")
        t, src = r.cell("push.tile", p["tile"]), r.cell("push.from", p["from"])
        if t not in board.step[src]:
            raise IllegalPositionError("BR-2.3", f"push: {p['from']} is not next to {p['tile']}")
        if sum(state.tiles.get(t, Counter()).values()) != game.capacity + 1:
            raise IllegalPositionError("BR-2.3", f"push: {p['tile']} must hold {game.capacity + 1} figures to be pushed from")
        state.push = PushTask(t, board.step[src].index(t), _colour(r, p["colour"], "push.colour"), p["moved"])
        ctx.overfull.append(t)
    elif state.phase is Phase.PUSH:
        raise r.error("push", "the push phase needs the push waiting")
    _check_capacity(game, state, tuple(ctx.overfull))


def _read_events(r: PositionReader, ctx: _Reading) -> None:
    """``queue``, ``event`` and ``takes``: the events still to come; the event phase, and only
    it, has an event (BR-4.1, BR-4.3); takings wait only in a battle."""
    state, doc = ctx.state, r.doc
    state.queue = [Queued(None if q == "doom" else q) for q in doc.get("queue", [])]
    ev = doc.get("event")
    state.event = None if ev is None else Event(ev)
    if (state.event is None) == (state.phase is Phase.EVENT) and state.phase is not Phase.OVER:  # a battle may end it
        raise r.error("event", "the event phase, and only it, has an event (move or battle)")
    state.takes = []
    for i, task in enumerate(doc.get("takes", [])):
        colours = frozenset(_colour(r, c, f"takes[{i}].colours") for c in task["colours"])
        state.takes.append(BattleTake(r.cell(f"takes[{i}].tile", task["tile"]), r.seat(f"takes[{i}].taker", task["taker"]),
                                      colours))
    if state.takes and state.event is not Event.BATTLE:
        raise r.error("takes", "takings wait only in a battle")


def _check_doom(r: PositionReader, ctx: _Reading) -> None:
    """A turn starts at the Doom roll only with an empty hand (BR-2.6), but for study."""
    state, to_move = ctx.state, ctx.to_move
    if state.phase is Phase.DOOM and state.card is None and state.hands[to_move] and not ctx.study:
        raise IllegalPositionError("BR-2.6", f"a turn starts at the Doom roll only with an empty hand; player {to_move} "
                                             "holds cards and plays one first (BR-2.1). This position is worth studying "
                                             "but cannot arise in play: use study=True")


#: A mapping keyed by seats; the reader checks each key against the game's own seats (0 .. players - 1).
_SEATS = {"type": "object"}
_CELLS = {"type": "array", "items": {"type": "string"}}
_FORMAT: PositionFormat[_Reading] = PositionFormat([
    Field("layout", {"type": "string"}),
    Field("to_move", {"type": "integer"}, _read_to_move, default=0),
    Field("turn", {"type": "integer", "minimum": 0}),
    Field("tiles", {"type": "object", "additionalProperties": {"type": ["string", "null"]}}, _read_tiles, required=True),
    Field("holes", _CELLS),
    Field("eliminator", {"type": "string"}, _read_eliminator),
    Field("hands", {**_SEATS, "additionalProperties": {"type": "array", "items": {"type": "string"}}}, required=True),
    Field("piles", {**_SEATS, "additionalProperties": {"type": "array", "items": {"type": "string"}}}),
    Field("prisoners", {**_SEATS, "additionalProperties": {"type": ["string", "null"]}}, _read_prisoners, default={}),
    Field("phase", {"enum": [p.value for p in Phase]}, _read_phase),
    Field("first", {"type": ["integer", "null"]}),
    Field("deal", {"type": "array", "items": {"type": "integer"}}),
    Field("card", {"type": ["string", "null"]}, _read_card, default=None),
    Field("figures_left", {"type": "integer", "minimum": 0}),
    Field("moved", {"type": "object", "additionalProperties": {"type": ["string", "null"]}}, _read_moved, default={}),
    Field("moving", {"type": ["object", "null"], "required": ["colour", "path", "steps_left"], "additionalProperties": False,
                     "properties": {"colour": {"type": "string"}, "path": {**_CELLS, "minItems": 1},
                                    "steps_left": {"type": "integer", "minimum": 0}}}, _read_moving, default=None),
    Field("push", {"type": ["object", "null"], "required": ["tile", "from", "colour", "moved"], "additionalProperties": False,
                   "properties": {"tile": {"type": "string"}, "from": {"type": "string"}, "colour": {"type": "string"},
                                  "moved": {"type": "boolean"}}}, _read_push, default=None),
    Field("queue", {"type": "array", "items": {"enum": [*DOOM_FACES, "doom"]}}),
    Field("event", {"enum": [None, *(e.value for e in Event)]}),
    Field("takes", {"type": "array", "items": {
        "type": "object", "required": ["tile", "taker", "colours"], "additionalProperties": False,
        "properties": {"tile": {"type": "string"}, "taker": {"type": "integer"},
                       "colours": {**_CELLS, "minItems": 1}}}}),
    Field("idle_turns", {"type": "integer", "minimum": 0}, _read_idle_turns, default=0),
], steps=["tiles", Check("goal", _check_goal), "prisoners", Check("figures", _check_figures), Check("cards", _read_cards),
          "to_move", "eliminator", "idle_turns", Check("turn", _read_turn), Check("over", _check_over),
          Check("hands", _check_dealt)])
#: The steps of a position inside a turn or at a chance node (its ``phase`` given).
_TURN_STEPS: tuple[str | Check[_Reading], ...] = (
    "phase", "card", "moved", "moving", "push", Check("events", _read_events), Check("doom", _check_doom))
#: Fields only a position inside a turn or at a chance node uses (they need ``phase``).
_TURN_FIELDS = ("first", "deal", "card", "figures_left", "moved", "moving", "push", "queue", "event", "takes", "idle_turns")


def from_position(game: "BattleRoyaleGame", description: str | Mapping[str, Any], study: bool = False) -> "BattleRoyaleState":
    """Build a validated Battle Royale position (module docstring). The description is
    copied: changing it afterwards changes nothing.

    Args:
        game: the game (its options give the number of players and the cards).
        description: YAML text or a mapping.
        study: allow a turn starting at the Doom roll while the active player holds cards, and
            hands and piles play never leaves (module docstring).

    Returns:
        BattleRoyaleState: without ``phase``, in the card phase of ``to_move`` (or at its Doom
        roll, with an empty hand, BR-2.6); with it, in that phase.

    Raises:
        BoardkitDataError: a malformed description (names the field).
        IllegalPositionError: an impossible position, naming the clause: no goal tile or a
            tile cut off from it (BR-1.1, BR-4.2), more figures on a tile than allowed (BR-2.3),
            more figures of a colour than exist (BR-1.3) or neutral figures with 3-4 players
            (BR-1.6), cards that are not the colour's or too many in a hand (BR-1.3, BR-1.4), a
            played ``card`` in the setup or card phase, or none in the move or push phase (BR-2.1), a
            position already over (BR-3.1, BR-D9), without ``study=True``: a turn starting at
            the Doom roll with cards in hand (BR-2.6), an empty hand with cards in the pile
            after the setup (BR-1.4), more cards gone than turns begun (BR-1.3); ``phase: over`` for a game that has not
            ended (BR-3.1).

    A finished game's description (``phase: over``, as ``to_position(finished=True)``
    writes it) gives that finished game, its outcome read from the position.
    """
    r = PositionReader(game, description, _FORMAT)
    state = game.new_initial_state()
    r.run(_Reading(state, study))
    state._study = study
    return r.finish(state)


def to_position(state: "BattleRoyaleState") -> dict[str, Any]:
    """The description of ``state`` that ``game.state_from_position`` reads back (with
    ``study=True`` if it was built so). Tiles are written relative to the game's layout.

    Returns:
        A JSON-ready dict (module docstring), every turn field written.
    """
    game = state.game
    names = game.board.names
    layout = game.options.layout
    base = _layout_arena(game, layout)
    tiles = {names[t]: _write_figures(c, game.colours) for t, c in sorted(state.tiles.items())
             if +c != base.get(t)}
    holes = sorted((names[t] for t in base if t not in state.tiles), key=game.board.index)
    m, p = state.moving, state.push
    return {
        "layout": layout,
        "tiles": tiles,
        "holes": holes,
        "eliminator": names[state.eliminator],
        "to_move": state.to_move,
        "turn": state.turn,
        "hands": {str(i): list(h) for i, h in enumerate(state.hands)},
        "piles": {str(i): sorted(pl) for i, pl in enumerate(state.piles)},
        "prisoners": {str(i): _write_figures(pr, game.colours) for i, pr in enumerate(state.prisoners)},
        "phase": state.phase.value,
        "first": state.first,
        "deal": list(state.deal),
        "card": state.card,
        "figures_left": state.figures_left,
        "moved": {names[t]: _write_figures(c, game.colours) for t, c in sorted(state.moved.items()) if +c},
        "moving": None if m is None else {"colour": m.colour, "path": [names[t] for t in m.path], "steps_left": m.steps_left},
        "push": None if p is None else {"tile": names[p.tile], "from": names[_back(game, p)], "colour": p.colour,
                                        "moved": p.moved},
        "queue": ["doom" if q.face is None else q.face for q in state.queue],
        "event": None if state.event is None else state.event.value,
        "takes": [{"tile": names[t.tile], "taker": t.taker, "colours": sorted(t.colours)} for t in state.takes],
        "idle_turns": state.idle_turns,
    }


def _back(game: "BattleRoyaleGame", p: PushTask) -> int:
    """The tile a push came from: the neighbour of ``p.tile`` whose step in ``p.direction``
    leads to it."""
    for j, steps in enumerate(game.board.step):
        if steps[p.direction] == p.tile:
            return j
    raise AssertionError("a push always comes from a tile of the frame")  # pragma: no cover
