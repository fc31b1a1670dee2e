"""Leaders positions for study: a few readable lines instead of playing up to a position.

Example (YAML text or the same as a dict)::

    to_move: 0            # whose turn (default 0)
    first_player: 0       # who took the first turn (default 0)
    turn: 5               # turns started so far, this one included (default 5)
    phase: action         # action | recruit (default action)
    pieces:
      0: King d1, Archer c3, Assassin e2
      1: Queen d4, Protector d5
    acted: [Archer]       # characters of the player to move that already acted this turn
    market: [Rider, Vizier, Jailer]   # Discovery mode; fewer than 3 (or omitted): the
                                      # missing cards are drawn by chance first (LEAD-1.3)
    exiled: [Wanderer, Jailer]        # Expert mode only: 2, or 4 once both have 3 cards
    recruits_left: 2      # phase recruit only: Recruitment phases left this turn (default 1)
    selected: c3          # phase action only: the character chosen to act, mid-action (LEAD-D8)
    nemesis_pending: true # the Nemesis must make its forced move now (LEAD-7.2)
    exiling: [1]          # Expert mode: players still to exile a card, in order (LEAD-8.2)

Before the first turn write ``phase: setup`` and ``turn: 0`` (``first_player: null`` while it is
still to be drawn, LEAD-1.4). ``state.to_position()`` writes every field. A finished game's
``to_position(finished=True)`` writes ``phase: over`` and reads back as that finished game.

Study positions (``study=True``) may break two rules that play never breaks: a Leader already
captured or surrounded (LEAD-3.1) and more than five cards for a player (LEAD-2.5).

Character names are written as in notation (``RoyalGuard``; ``Royal Guard`` is read too).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from boardkit.core.position import Check, Field, PositionFormat, PositionReader
from boardkit.core.rules import IllegalPositionError
from boardkit.core.validate import shorten
from boardkit.games.leaders import rules as R
from boardkit.games.leaders.actions import CARD_PIECES, LEADERS, PIECE_CARD, RECRUITABLE
from boardkit.games.leaders.rules import LEADER_OF, Phase, Piece

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.leaders.state import LeadersState

_LIST = {"type": "array", "items": {"type": "string"}}
_PIECES = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}


@dataclass
class _Reading:
    """What a Leaders position has read so far (the state it fills and the checks' memory)."""

    state: "LeadersState"
    study: bool
    seen: dict[str, str] = field(default_factory=dict)  # character -> its item in pieces
    market: list[str] = field(default_factory=list)
    exiled: list[str] = field(default_factory=list)


def _read_pieces(r: PositionReader, ctx: _Reading, pieces: dict[str, Any]) -> None:
    """``pieces``: every character on its cell, each once (LEAD-10), one per cell (LEAD-2.2),
    only the player's own Leader (LEAD-1.1); the cards follow (recruitment order)."""
    state = ctx.state
    state.pieces = [None] * len(state.game.board.coords)
    state.cards = [[], []]
    for p in (0, 1):  # as lists of 'Kind cell' (the position's start keeps them so)
        v = pieces[str(p)]
        items = [x.strip() for x in v.split(",")] if isinstance(v, str) else v
        pieces[str(p)] = [x for x in items if x]
    for p in (0, 1):
        for j, item in enumerate(pieces[str(p)]):
            kind, c, cell = _piece(r, p, j, item)
            if kind in ctx.seen:
                raise IllegalPositionError("LEAD-10", f"there is one {kind}; it is listed twice ({ctx.seen[kind]} and {shorten(item)})")
            if state.pieces[c] is not None:
                raise IllegalPositionError("LEAD-2.2", f"two characters on {cell} ({state.pieces[c].kind} and {kind})")  # type: ignore[union-attr]
            if kind in LEADERS and kind != LEADER_OF[p]:
                raise IllegalPositionError("LEAD-1.1", f"player {p}'s Leader is the {LEADER_OF[p]}, not the {kind}")
            ctx.seen[kind] = item
            state.pieces[c] = Piece(kind, p)
            state._locs = None
            card = PIECE_CARD[kind]
            if card not in state.cards[p]:
                state.cards[p].append(card)


def _piece(r: PositionReader, p: int, j: int, item: str) -> tuple[str, int, str]:
    """The character, cell index and cell name of ``pieces.<p>[<j>]``, written ``'Kind cell'``."""
    words = item.split()
    where = f"pieces.{p}[{j}] {shorten(item)}"
    if len(words) < 2:
        raise r.error(where, "expected 'Kind cell', e.g. 'Archer c3'")
    name, cell = "".join(words[:-1]), words[-1]  # 'Royal Guard c2' -> RoyalGuard, c2
    kind = next((k for k in PIECE_CARD if k.lower() == name.lower()), None)
    if kind is None:
        card = next((k for k in CARD_PIECES if k.lower() == name.lower() and len(CARD_PIECES[k]) > 1), None)
        hint = "" if card is None else (f" (the {card} card is {len(CARD_PIECES[card])} characters, each on its "
                                        f"cell: " + ", ".join(f"'{k} CELL'" for k in CARD_PIECES[card]) + ")")
        raise r.error(where, f"unknown character {shorten(name)}{hint}; characters: {', '.join(PIECE_CARD)}")
    return kind, r.cell(where, cell), cell


def _check_leaders(r: PositionReader, ctx: _Reading) -> None:
    """Each player's Leader on the board (LEAD-1.1), at most five cards (LEAD-2.5, but for
    study), the Hermit and the Cub together (LEAD-7.1), no Leader already lost (LEAD-3.1)."""
    state, seen = ctx.state, ctx.seen
    for p in (0, 1):
        if LEADER_OF[p] not in seen:
            raise IllegalPositionError("LEAD-1.1", f"player {p} has no Leader ({LEADER_OF[p]}) on the board")
        state.cards[p].sort(key=lambda c: c not in LEADERS)  # Leader first, then as listed (recruitment order)
        if len(state.cards[p]) > 5 and not ctx.study:
            raise IllegalPositionError("LEAD-2.5", f"player {p} holds {len(state.cards[p])} cards; recruitment stops at "
                                                   "five (a study position: use study=True)")
    if ("Hermit" in seen) != ("Cub" in seen):
        raise IllegalPositionError("LEAD-7.1", "the Hermit and the Cub are one card: both are on the board or neither")
    if ("Hermit" in seen) and state.pieces[state.where("Hermit")].owner != state.pieces[state.where("Cub")].owner:  # type: ignore[union-attr]
        raise IllegalPositionError("LEAD-7.1", "the Hermit and the Cub are one card and belong to the same player")
    for p in (0, 1):
        lost = R.leader_lost(state.game.geometry, state.pieces, state.leader_cell(p), p)
        if lost and not ctx.study and r.doc.get("phase") != Phase.OVER.value:  # a finished game: _check_over
            raise IllegalPositionError("LEAD-3.1", f"player {p}'s Leader is already {lost}: the game would have ended "
                                                   "(a study position: use study=True)")


def _read_market(r: PositionReader, ctx: _Reading, cards: list[str]) -> None:
    ctx.market = [_card(r, m, "market") for m in cards]


def _read_exiled(r: PositionReader, ctx: _Reading, cards: list[str]) -> None:
    ctx.exiled = [_card(r, m, "exiled") for m in cards]


def _check_cards_off_board(r: PositionReader, ctx: _Reading) -> None:
    """The market (Discovery mode, at most three, LEAD-1.3, LEAD-8.1) and the exiles (Expert
    mode: 2, or 4 once both players have three characters, LEAD-8.2): cards on no board, each
    once (LEAD-10); the deck is every other recruitable card."""
    state, doc, market, exiled = ctx.state, r.doc, ctx.market, ctx.exiled
    expert = state.game.options.expert
    on_board = set(state.cards[0]) | set(state.cards[1])
    if expert and "market" in doc:
        raise IllegalPositionError("LEAD-8.1", "Expert mode has no market: every character not taken or exiled is available")
    if not expert and exiled:
        raise IllegalPositionError("LEAD-8.2", "Exile exists only in Expert mode (option expert=True)")
    if len(market) > 3 or len(set(market)) != len(market):
        raise IllegalPositionError("LEAD-1.3", f"the market holds at most three different cards, not {market}")
    for m in market + exiled:
        if m in on_board:
            raise IllegalPositionError("LEAD-10", f"the {m} is on the board, so it cannot also be in the market or exiled")
    if set(market) & set(exiled) or len(set(exiled)) != len(exiled):
        raise IllegalPositionError("LEAD-10", "a card is listed twice across market and exiled")
    if expert:
        need = 4 if state.both_have_three() else 2  # LEAD-8.2, LEAD-D6
        if doc.get("first_player", 0) is None:
            need = 0  # LEAD-1.4 before LEAD-8.2: the first Exile round follows the draw of the first player
        exiling = doc.get("exiling", [])
        if len(exiled) + len(exiling) != need or len(set(exiling)) != len(exiling):
            raise IllegalPositionError(
                "LEAD-8.2", f"in Expert mode one card each is exiled before the first turn and one each again once both "
                            f"players have three characters: this position needs exactly {need} exiled cards, not "
                            f"{len(exiled)}" + (f" with players {exiling} still to exile" if exiling else ""))
    elif doc.get("exiling"):
        raise IllegalPositionError("LEAD-8.2", "Exile exists only in Expert mode (option expert=True)")
    state.market = market
    state.deck = set() if expert else set(RECRUITABLE) - on_board - set(market)
    state.exiled = exiled


def _set(attr: str, convert: Any = None) -> Any:
    """A ``read`` hook storing the value as ``state.<attr>`` (through ``convert``)."""
    def read(r: PositionReader, ctx: _Reading, value: Any) -> None:
        setattr(ctx.state, attr, value if convert is None else convert(value))
    return read


def _read_turn(r: PositionReader, ctx: _Reading, turn: int) -> None:
    ctx.state.turn = r.turns("turn", turn, "LEAD-D7")


def _read_exiling(r: PositionReader, ctx: _Reading, seats: list[int]) -> None:
    ctx.state.exile_queue = list(seats)
    ctx.state.second_exile_done = ctx.state.both_have_three()


def _check_turn(r: PositionReader, ctx: _Reading) -> None:
    """Turn 0 is the setup (LEAD-2.1); the first player drawn before any turn or Exile and
    taking turn 1 (LEAD-1.4), exiling first (LEAD-8.2)."""
    state = ctx.state
    if (state.phase is Phase.SETUP) != (state.turn == 0):
        raise IllegalPositionError("LEAD-2.1", f"turn {state.turn} in phase {state.phase.value}: turn 0 is the setup "
                                               "before the first turn, and only it")
    if state.first is None and (state.phase is not Phase.SETUP or state.exile_queue):
        raise IllegalPositionError("LEAD-1.4", "the first player is drawn before the first turn and before any Exile; "
                                               "give first_player")
    if state.exile_queue and state.exile_queue[0] != state.first and len(state.exile_queue) == 2:
        raise IllegalPositionError("LEAD-8.2", f"the first player (player {state.first}) exiles first")
    if state.turn == 1 and state.to_move != state.first:
        raise IllegalPositionError("LEAD-1.4", f"turn 1 is the first player's (player {state.first}), not player {state.to_move}'s")


def _read_acted(r: PositionReader, ctx: _Reading, names: list[str]) -> None:
    """``acted``: characters of the mover on the board (LEAD-2.2), each once, never the Nemesis (LEAD-7.2)."""
    state = ctx.state
    acted: list[str] = []
    for a in names:
        kind = next((k for k in PIECE_CARD if k.lower() == a.replace(" ", "").lower()), a)
        c = state.where(kind)
        if c < 0 or state.pieces[c].owner != state.to_move:  # type: ignore[union-attr]
            raise IllegalPositionError("LEAD-2.2", f"acted: {shorten(a)} is not a character of player {state.to_move} on the board")
        if kind == "Nemesis":
            raise IllegalPositionError("LEAD-7.2", "acted: the Nemesis never acts in the Action phase")
        if kind in acted:
            raise IllegalPositionError("LEAD-2.2", f"acted: the {kind} is listed twice; a character acts at most once a turn")
        acted.append(kind)
    state.acted = acted


def _read_recruits_left(r: PositionReader, ctx: _Reading, left: int) -> None:
    if "recruits_left" in r.doc and ctx.state.phase != "recruit":
        raise r.error("recruits_left", "only meaningful with phase: recruit")
    if ctx.state.phase == "recruit":
        ctx.state.recruits_left = left


def _read_selected(r: PositionReader, ctx: _Reading, selected: str | None) -> None:
    """``selected``: a character of the mover that may act now (LEAD-D8)."""
    if selected is None:
        return
    state = ctx.state
    c = r.cell("selected", selected)
    pc = state.pieces[c]
    if state.phase is not Phase.ACTION or pc is None or pc.owner != state.to_move or pc.kind == "Nemesis" \
            or pc.kind in state.acted:
        raise IllegalPositionError("LEAD-D8", f"selected: {selected} holds no character of player {state.to_move} "
                                              "that may act now in the Action phase")
    state.selected = c


def _read_nemesis_pending(r: PositionReader, ctx: _Reading, pending: bool) -> None:
    state = ctx.state
    if pending:
        if state.where("Nemesis") < 0 or state.phase is Phase.SETUP:
            raise IllegalPositionError("LEAD-7.2", "nemesis_pending: the Nemesis reacts only when it is on the board")
        state.nemesis_pending = True


def _check_over(r: PositionReader, ctx: _Reading) -> None:
    """``phase: over``: a finished game (what ``to_position(finished=True)`` writes), read back
    with its end: a Leader captured or surrounded (LEAD-3.1 .. LEAD-3.4, the loser as the game
    found it), else the game's ``max_turns`` cut-off reached (LEAD-D7); nothing else ends a game."""
    state = ctx.state
    if state.phase is not Phase.OVER or state._check_end():
        return
    limit = state.game.options.max_turns
    if limit is None or state.turn < limit:
        cut = "" if limit is None else f", and turn {state.turn} is before the cut-off (max_turns={limit})"
        load = "" if state.turn < 1 else (f"; if this game was cut off by max_turns (LEAD-D7), at turn {state.turn}, "
                                          f"load the game with max_turns={state.turn}")
        raise IllegalPositionError("LEAD-3.1", f"phase: over, but no Leader is captured or surrounded{cut}: "
                                               f"the game is not over{load}")
    state.end_reason, state.end_clause = "cut off", "LEAD-D7"


_FORMAT: PositionFormat[_Reading] = PositionFormat([
    Field("to_move", {"type": "integer", "enum": [0, 1]}, _set("to_move"), default=0),
    Field("first_player", {"type": ["integer", "null"], "enum": [0, 1, None]}, _set("first"), default=0),
    Field("turn", {"type": "integer", "minimum": 0}, _read_turn,
          default=lambda ctx: 0 if ctx.state.phase is Phase.SETUP else 5),
    Field("phase", {"enum": ["setup", "action", "recruit", "over"]}, _set("phase", Phase), default="action"),
    Field("selected", {"type": ["string", "null"]}, _read_selected),
    Field("nemesis_pending", {"type": "boolean"}, _read_nemesis_pending),
    Field("exiling", {"type": "array", "items": {"type": "integer", "enum": [0, 1]}, "maxItems": 2}, _read_exiling,
          default=()),
    Field("pieces", {"type": "object", "additionalProperties": False, "required": ["0", "1"],
                     "properties": {"0": _PIECES, "1": _PIECES}}, _read_pieces, required=True),
    Field("acted", _LIST, _read_acted, default=()),
    Field("market", _LIST, _read_market, default=()),
    Field("exiled", _LIST, _read_exiled, default=()),
    Field("recruits_left", {"type": "integer", "enum": [0, 1, 2]}, _read_recruits_left, default=1),
], steps=["pieces", Check("leaders", _check_leaders), "market", "exiled", Check("market and exiles", _check_cards_off_board),
          "first_player", "to_move", "phase", "turn", "exiling", Check("turn", _check_turn),
          "acted", "recruits_left", "selected", "nemesis_pending", Check("over", _check_over)])


def from_position(state: "LeadersState", description: str | Mapping[str, Any], study: bool = False) -> "LeadersState":
    """Build a validated Leaders position (see the module docstring for the format).

    Args:
        state: a fresh initial state of the game (its options say Discovery or Expert mode);
            it is overwritten with the position.
        description: YAML text or a mapping; it is copied (changing it later changes nothing).
        study: admit the study positions play never reaches: a Leader already captured or
            surrounded (LEAD-3.1), more than five cards (LEAD-2.5).

    Returns:
        LeadersState at that position; its ``to_json`` saves the description and what follows.
        A finished game's description (``phase: over``, as ``to_position(finished=True)``
        writes it) gives the finished state, its outcome read from the board (LEAD-3.1 ..
        LEAD-3.4) or the cut-off (LEAD-D7).

    Raises:
        BoardkitDataError: malformed description (names the field: ``pieces.0[1]``...).
        IllegalPositionError: a position the rules make impossible, naming the clause: a
            missing Leader (LEAD-1.1), a character twice (LEAD-10), the Hermit without the Cub
            (LEAD-7.1), more than five cards (LEAD-2.5), a Leader already captured or
            surrounded (LEAD-3.1), a market card also on the board (LEAD-1.3), a market in
            Expert mode (LEAD-8.1), exiles outside Expert mode or not 2 (4 once both players
            have three characters) in it (LEAD-8.2), an acted character
            that is not the mover's (LEAD-2.2), a selected character that cannot act
            (LEAD-D8), a pending Nemesis move without the Nemesis (LEAD-7.2), a turn past the
            game's ``max_turns`` cut-off (LEAD-D7), ``phase: over`` with no Leader lost and
            the cut-off not reached (LEAD-3.1). The refusals of study positions say
            "use study=True".
    """
    r = PositionReader(state.game, description, _FORMAT)
    r.run(_Reading(state, study))
    state._locs = None
    return r.finish(state)


def to_position(state: "LeadersState") -> dict[str, Any]:
    """The description of ``state`` that :func:`from_position` reads back (JSON-ready).

    A position built with ``study=True`` is written the same way and read back with it. Pieces
    are listed in the order their cards were recruited (the Leader first), which is the order
    the position reads back.
    A finished game (``to_position(finished=True)``) is written with ``phase: over`` and reads
    back as that finished game.
    """
    names = state.game.board.names
    pieces: dict[str, str] = {}
    for p in (0, 1):
        own = [(pc.kind, names[i]) for i, pc in enumerate(state.pieces) if pc is not None and pc.owner == p]
        order = {card: k for k, card in enumerate(state.cards[p])}
        own.sort(key=lambda kc: (order.get(PIECE_CARD[kc[0]], len(order)), kc[0]))
        pieces[str(p)] = ", ".join(f"{kind} {cell}" for kind, cell in own)
    doc: dict[str, Any] = {
        "to_move": state.to_move,
        "first_player": state.first,
        "turn": state.turn,
        "phase": state.phase.value,
        "pieces": pieces,
        "acted": list(state.acted),
    }
    if state.game.options.expert:
        doc["exiled"] = list(state.exiled)
        doc["exiling"] = list(state.exile_queue)
    else:
        doc["market"] = list(state.market)
    if state.phase is Phase.RECRUIT:
        doc["recruits_left"] = state.recruits_left
    if state.selected is not None:
        doc["selected"] = names[state.selected]
    if state.nemesis_pending:
        doc["nemesis_pending"] = True
    return doc


def _card(r: PositionReader, text: str, field: str) -> str:
    """The recruitable card written ``text`` (spaces, ``&`` and ``_`` ignored) in ``field``."""
    key = text.replace(" ", "").replace("&", "").replace("_", "").lower()
    for c in CARD_PIECES:
        if c.lower() == key:
            if c in LEADERS:
                raise IllegalPositionError("LEAD-1.1", f"{field}: the {c} is a Leader card, never recruited or exiled")
            return c
    raise r.error(field, f"unknown card {shorten(text)}; cards: {', '.join(RECRUITABLE)}")
