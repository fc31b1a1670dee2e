"""Battle Royale: moving and pushing figures on an exploding 5x5 arena, 2 to 4 players.

Source: seed ``000_c2cb631045ea0dc6.txt`` (German), specified clause by clause in
``shared/rules/battle_royale.md`` and ``data/rules/battle_royale.yaml`` (BR-1.1 .. BR-6 and
the decisions BR-D*). Numbers the seed leaves out (cards, Doom die, first layout, neutral
placement) come from ``data/battle_royale/default.yaml`` (option ``data``).

The package's modules, each importing only those below it (``game -> state -> legality ->
explain``; ``state -> movement, position -> rules``): :mod:`.spec` (options, notation, rules
version), :mod:`.actions` (the actions and their forms), :mod:`.data` (the data file),
:mod:`.rules` (phases, pending tasks, steps, explosions, battles), :mod:`.scoring` (the end and
the winners), :mod:`.movement` (picks, steps, pushes), :mod:`.legality` (the one rule path: a
decision's refusals, from the predicates that generate the legal actions), :mod:`.explain`
(phase-level refusals), :mod:`.state` (one position), :mod:`.position` (positions for study,
both ways).

>>> import boardkit
>>> s = boardkit.load_game("battle_royale", first_player=0).new_initial_state()
>>> s.is_chance_node()   # the players draw their hands (BR-1.4)
True
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any, Mapping

from boardkit.core.validate import shorten
from boardkit.core.actions import Action
from boardkit.core.boards import SquareBoard, load_square_board
from boardkit.core.game import Game, OptionError
from boardkit.core.notation import NotationContext, Vocabulary
from boardkit.core.validate import BoardkitDataError
from boardkit.games.battle_royale.actions import COLOURS, DOOM_FACES, NEUTRAL, ActionTable
from boardkit.games.battle_royale.data import FIGURES_PER_COLOUR, N_REMOVED, load_data
from boardkit.games.battle_royale.position import from_position
from boardkit.games.battle_royale.rules import cut_off
from boardkit.games.battle_royale.spec import RULES_HISTORY, SPEC
from boardkit.games.battle_royale.state import BattleRoyaleState

__all__ = ["BattleRoyaleGame", "BattleRoyaleState", "FIGURES_PER_COLOUR", "RULES_HISTORY", "load_data"]


class BattleRoyaleGame(Game):
    """Battle Royale rules with options (immutable).

    Options:
        players: 2, 3 or 4 (BR-1.6).
        layout: the four removed tiles, e.g. ``"b5 e4 a2 d1"``; ``"first"`` (default) is the
            recommended first layout of the data file (BR-1.1, BR-1.5).
        neutral: neutral figures with 2 players, not in the seed (BR-1.6): ``"none"``
            (default); ``"data"``: the data file's two tiles (a variant: no public page gives
            the placement, so it is not part of ``rules="published"``); or two
            tiles of the middle nine, e.g. ``"c4 c2"``. With 3 or 4 players only ``"none"``
            is taken: ``"data"`` or tiles are refused, since they would place nothing.
        opponent_push: ``"refuse"`` (default): a figure moved by an opponents-only card may
            not end its move on a tile it would overfill, since only a move of one's own
            figure pushes (BR-D14); ``"push"``: it pushes like an own figure.
        no_cards: ``"no_draw"`` (default): a player whose pile is empty draws nothing, and one
            with no card only rolls the Doom die (BR-2.6); the game ends only by BR-3.1;
            ``"reshuffle"``: a player drawing from an empty pile shuffles its played cards
            into a new pile; ``"round"``: it draws nothing, and once all hands and piles are
            empty one more round of Doom rolls ends the game (BR-D13).
        first_player: a seat number, or None (default) to draw it by chance (BR-1.7).
        own_prisoners: a player pushing its own figure out takes it as a prisoner (default
            True, BR-2.4); False: it leaves the game.
        tied_take: ``"others"`` (default): players tied for a tile's majority take, in turn
            order, from the other players' figures there (BR-D3); ``"any"``: a tied
            rival's figure too.
        empty_goal: ``"nobody"`` (default): a game that ends with no player's figure on the
            goal has no winner, every return 0 (BR-D7); ``"prisoners"``: all players tie at
            zero there and prisoners decide.
        max_turns: cut the game off after this many turns with no winner (not a rule: for
            study; BR-D9). Default None.
        data: data file of cards, Doom die, first layout, neutral tiles (BR-6).
        variant: ``"none"``; the variants BR-5.1 and BR-5.2 are refused (their cards' texts
            are unknown).

    Raises:
        OptionError: unknown option or value, an invalid layout (BR-1.1) or neutral placement,
            or neutral figures asked for with 3 or 4 players (BR-1.6).
        BoardkitDataError: a malformed data file.
    """

    spec = SPEC
    file_options = ("data",)  # a path is kept as absolute text; the file's hash is saved

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        if o.first_player is not None and not 0 <= o.first_player < o.players:
            raise OptionError(f"battle_royale: option first_player={shorten(o.first_player)}: seats are 0 .. {o.players - 1} (BR-1.7)")
        if o.max_turns is not None and o.max_turns < 1:
            raise OptionError(f"battle_royale: option max_turns={shorten(o.max_turns)} must be at least 1 (BR-D9)")
        if o.variant == "abilities":  # BR-5.1
            raise OptionError("battle_royale: variant 'abilities' (BR-5.1) is not available: the abilities are printed on "
                              "the ability cards and are in neither the seed nor the data file")
        if o.variant == "special_actions":  # BR-5.2
            raise OptionError("battle_royale: variant 'special_actions' (BR-5.2) is not available: the actions and their "
                              "prices are printed on the cards and are in neither the seed nor the data file")
        self.data = load_data(o.data)
        self._record_files((self.data["source_path"], self.data["source_sha256"]))
        self.board: SquareBoard = load_square_board("arena5")
        self.goal = self.board.set_indices["goal"][0]
        self.capacity: int = self.data["capacity"][o.players]  # BR-2.3
        self.cards: dict[str, dict[str, Any]] = {c["name"]: c for c in self.data["cards"]}
        self.deck: tuple[str, ...] = tuple(sorted(c["name"] for c in self.data["cards"]))
        #: every action of this game, made once (``actions.ActionTable``).
        self.actions = ActionTable(self.board.names, tuple(sorted(self.cards)), len(self.spec.seats))
        faces = Counter(self.data["doom_die"])
        #: the Doom die's outcomes with their exact probabilities (BR-2.5, BR-4).
        self.doom_odds: tuple[tuple[Action, Fraction], ...] = tuple(
            (self.actions.roll[f], Fraction(k, len(self.data["doom_die"]))) for f, k in sorted(faces.items()))
        if o.layout == "first":
            try:
                self.removed = self.check_layout(self.data["first_layout"])
            except OptionError as exc:  # the data file's layout, not an option the user gave
                raise BoardkitDataError(f"{self.data['source_path']}: first_layout: {exc}") from None
        else:
            self.removed = self.check_layout(o.layout.replace(",", " ").split())
        if o.neutral == "none":  # the default
            self.neutral: tuple[int, ...] = ()  # BR-1.6: the seed has one figure per colour only
        elif o.players != 2:  # 'data' too: an option that would place nothing is refused, not ignored
            raise OptionError(f"battle_royale: option neutral={shorten(o.neutral)}: neutral figures are used only with "
                              f"2 players, not {o.players}; with {o.players} players neutral is 'none' (BR-1.6)")
        elif o.neutral == "data":
            try:
                self.neutral = self._check_neutral(self.data["neutral"])
            except OptionError as exc:
                if o.layout == "first":
                    raise BoardkitDataError(f"{self.data['source_path']}: neutral: {exc}") from None
                raise
        else:
            self.neutral = self._check_neutral(o.neutral.replace(",", " ").split())
        #: the colours in play: the seats' (BR-1.3), then grey if neutral figures are used (BR-1.6).
        self.colours = COLOURS[: o.players] + ((NEUTRAL,) if self.neutral else ())

    def vocabularies(self) -> dict[str, Vocabulary]:
        """The notation's words: ``card`` (the data file's cards), ``colour`` (the five
        colours, BR-1.3, BR-1.6) and ``face`` (the Doom die's faces, BR-4)."""
        return {
            "card": Vocabulary("card", tuple(sorted(self.cards))),
            "colour": Vocabulary("colour", COLOURS + (NEUTRAL,)),
            "face": Vocabulary("face", DOOM_FACES),
        }

    def notation_context(self) -> NotationContext:
        """The notation reads a seat of any of the game's four colours (``first 3`` is an
        action of Battle Royale; with two players it is illegal, BR-1.7, not misspelt); a seat
        past the four is refused naming the seats of the game played (``0 .. players - 1``)."""
        if self._notation_context is None:
            self._notation_context = NotationContext(self.cell_names(), len(self.spec.seats), self.vocabularies(),
                                                     players=self.num_players)
        return self._notation_context

    def check_layout(self, removed: list[str]) -> frozenset[int]:
        """BR-1.1: four distinct tiles removed, never the goal, every tile left connected to it.

        Args:
            removed: the cell names of the removed tiles.

        Returns:
            The removed tiles (cell indices).

        Raises:
            OptionError: naming the layout, the tile and the problem (BR-1.1).
        """
        where = f"battle_royale: layout {shorten(' '.join(removed))}"
        cells: list[int] = []
        for name in removed:
            try:
                c = self.board.index(name)
            except KeyError:
                raise OptionError(f"{where}: {shorten(name)} is not a position of the arena (a1 .. e5) (BR-1.1)") from None
            if c == self.goal:
                raise OptionError(f"{where}: the goal tile c3 is never removed (BR-1.1)")
            if c in cells:
                raise OptionError(f"{where}: {name} is listed twice (BR-1.1)")
            cells.append(c)
        if len(cells) != N_REMOVED:
            raise OptionError(f"{where}: exactly four tiles are removed, not {len(cells)} (BR-1.1)")
        present = [i for i in range(25) if i not in cells]
        cut = sorted(self.board.names[i] for i in cut_off(self.board.graph, self.board.names, present, self.goal))
        if cut:
            raise OptionError(f"{where}: {', '.join(cut)} would not be connected to the goal c3 by tiles (BR-1.1)")
        return frozenset(cells)

    def _check_neutral(self, cells: list[str]) -> tuple[int, ...]:
        """BR-1.6: two neutral figures on tiles of the middle nine."""
        where = f"battle_royale: neutral {shorten(' '.join(cells))}"
        if len(cells) != 2:
            raise OptionError(f"{where}: two neutral figures are placed, on two tiles like 'c4 c2' (the option neutral "
                              f"takes 'none', 'data' for the data file's tiles, or two tiles) (BR-1.6)")
        out: list[int] = []
        for name in cells:
            try:
                c = self.board.index(name)
            except KeyError:
                raise OptionError(f"{where}: {shorten(name)} is not a position of the arena (BR-1.6)") from None
            if c not in self.board.set_indices["middle"]:
                raise OptionError(f"{where}: {name} is not one of the middle nine tiles (BR-1.6)")
            if c in self.removed:
                raise OptionError(f"{where}: {name} is removed by the layout; put the neutral figures on other "
                                  f"middle tiles with the option neutral='CELL CELL' (BR-1.6)")
            if c in out:
                raise OptionError(f"{where}: {name} is listed twice (BR-1.6)")
            out.append(c)
        return tuple(out)

    def new_initial_state(self) -> BattleRoyaleState:
        """The arena set up (BR-1.1 .. BR-1.3, BR-1.6); hands are dealt by chance (BR-1.4),
        then the start player is drawn (BR-1.7) unless fixed by an option."""
        return BattleRoyaleState(self)

    def _state_from_position(self, description: str | Mapping[str, Any], study: bool = False) -> BattleRoyaleState:
        """A position for study (copied from ``description``); see
        :mod:`boardkit.games.battle_royale.position` for the format and the refusals.

        Args:
            description: YAML text or a mapping, as ``state.to_position()`` writes it.
            study: allow positions that cannot arise in play (a turn starting at the Doom
                roll with cards in hand, BR-2.6).

        Raises:
            BoardkitDataError: a malformed description (names the field).
            IllegalPositionError: an impossible position (names the clause it breaks).
        """
        return from_position(self, description, study=study)
