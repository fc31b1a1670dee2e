"""Armageddon: a dice race and raid between the Earth's cruiser and an alien ship.

Source: seed ``004_108ef70fbb1ba573.txt`` (Russian), specified clause by clause in
``shared/rules/armageddon.md`` and ``data/rules/armageddon.yaml`` (ARMA-1.1 .. ARMA-9 and the
decisions ARMA-D*). The board, which the seed describes only in words, comes from
``data/armageddon/default.yaml`` (option ``data``; see :mod:`boardkit.games.armageddon.board`).

Seats: the playing Earth colours in turn order (option ``colours``, default red, green,
yellow), then the aliens. Each side's turn: chance rolls the die (``roll 4``), then the side
splits the points among its chips one share at a time (``move red2 3``); a displaced Earth
chip's owner may be asked to choose its circle (``home green1 h2_green_1``).

>>> import boardkit
>>> s = boardkit.load_game("armageddon").new_initial_state()
>>> [str(a) for a in s.legal_actions()][:2]
['roll 1', 'roll 2']
>>> s.apply_action("roll 2"); str(s.legal_actions()[0])
'move red1 2'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from boardkit.core.actions import Roll
from boardkit.core.game import Game
from boardkit.core.notation import Vocabulary
from boardkit.games.armageddon.actions import FACES
from boardkit.games.armageddon.board import COLOURS, ArmaBoard, load_data
from boardkit.games.armageddon.rules import EARTH, OFFICER, TABLE, WARRIOR
from boardkit.core.spec import OptionError
from boardkit.core.validate import shorten
from boardkit.games.armageddon.spec import COLOUR_CHOICES, RULES_HISTORY, SPEC
from boardkit.games.armageddon.position import read_position
from boardkit.games.armageddon.state import ArmageddonState


#: The search's tables of walks (``span_memo``, ``look_memo``) by the options and the data files
#: of the user's own with their SHA-256 (a packaged data file is named by the option): every
#: game of the same options and data in a process shares them.
_TABLES: dict[tuple[object, ...], tuple[dict[Any, Any], dict[Any, Any]]] = {}


class ArmageddonGame(Game):
    """Armageddon rules with options (immutable).

    Options:
        colours: the Earth colours that play, in turn order, e.g. ``"red green yellow"``
            (default) or ``"green red"`` (ARMA-1.1, ARMA-2.3). Seats: these colours, then
            ``aliens``.
        empty_gk_wins: Earth also wins by moving onto an empty GK when no alien is inside
            (default False, as the seed: only by displacing, ARMA-6.3).
        max_turns: cut off after this many side turns, no winner (ARMA-D12; None: no limit).
        data: data file (chips, mines, board counts or layout), a name in
            ``data/armageddon/`` or a path (ARMA-9).

    Raises:
        OptionError: unknown option or value.
        BoardkitDataError: a malformed data or layout file (names file, entry, node, problem).
    """

    spec = SPEC
    file_options = ("data",)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options.colours not in COLOUR_CHOICES:
            raise OptionError(f"armageddon: option colours={shorten(self.options['colours'])} is not allowed; give 1 to 3 "
                              f"of red, green, yellow, each once, in turn order, e.g. 'red green yellow' or 'green red' "
                              f"(ARMA-2.3)")
        d = self.data = load_data(self.options.data)
        self._record_files(*d["files"])
        b: ArmaBoard = d["board"]
        self.arma: ArmaBoard = b
        self.board = b.graph
        self._read_options(d)
        self._index_board(b)
        self._make_chips(b)
        self.roll_outcomes = tuple((Roll(f), Fraction(1, 6)) for f in FACES)
        #: the faces as actions, in the order of ``roll_outcomes`` (each 1/6, ARMA-3.1)
        self.roll_faces = tuple(a for a, _ in self.roll_outcomes)
        self.memo: dict[object, Any] = {}
        #: the share actions made so far, by (chip, points, verb): one object per share, its
        #: notation written once
        self.share_actions: dict[tuple[int, int, str], Any] = {}
        self.share_text: dict[tuple[int, int, str], str] = {}  # their notation, for the listing's order
        #: per chip, :meth:`back_window` without and with a mine
        self.back_windows = tuple((self.back_window(c, False), self.back_window(c, True)) for c in range(len(self.chip_names)))

    def _read_options(self, d: Mapping[str, Any]) -> None:
        """The seats (the playing colours, then the aliens, ARMA-2.3), the chips and mines of
        the data file (ARMA-9) and the rule options as attributes.

        Raises:
            OptionError: ``max_turns`` below 1 (ARMA-D12).
        """
        self.colours: tuple[str, ...] = tuple(self.options.colours.split())
        self.seat_names: tuple[str, ...] = self.colours + ("aliens",)
        self.num_players = len(self.seat_names)
        self.aliens_seat = len(self.colours)
        #: per colour seat, its colour's index in COLOURS (the position's ``skip`` flags, ARMA-4.4)
        self.seat_colour: tuple[int, ...] = tuple(COLOURS.index(c) for c in self.colours)
        self.chips_per_colour: int = d["chips"]
        self.mines: int = d["mines"]
        self.empty_gk_wins: bool = self.options.empty_gk_wins
        self.back: str = self.options.back
        self.displace: str = self.options.displace
        self.mine_rule: str = self.options.mine
        self.two_on_one: str = self.options.two_on_one
        self.aliens_win: str = self.options.aliens_win
        #: the verbs of a share the options allow (ARMA-3.7 back, ARMA-6.1 spare)
        self.verbs: tuple[str, ...] = ("move",) + (("back",) if self.back == "ship" else ()) + (
            ("spare",) if self.displace == "optional" else ())
        self.max_turns: int | None = self.options.max_turns
        if self.max_turns is not None and self.max_turns < 1:
            raise OptionError(f"armageddon: option max_turns={self.max_turns} must be at least 1 (ARMA-D12)")

    def _index_board(self, b: ArmaBoard) -> None:
        """The board's named circles as node indices: the launch table, the landing point, GK,
        the laser and its control, the dot circle, the pad, the cruiser, the mine depot, the
        numbered circles, the crossings, the home circles per colour and the compartments
        (ARMA-2.1 .. ARMA-5.4, ARMA-9)."""
        idx = self.board.index
        self.names = self.board.names
        self.node = {n: i for i, n in enumerate(self.names)}
        self.table = tuple(idx(n) for n in b.table)
        self.landing, self.gk, self.control = idx(b.landing), idx(b.gk), idx(b.control)
        self.dot, self.pad, self.cruiser, self.depot_node = idx(b.dot), idx(b.pad), idx(b.cruiser), idx(b.depot)
        self.numbered = tuple(idx(n) for n in b.numbered)
        self.inside = self.numbered + (self.dot,)
        self.laser = tuple(idx(n) for n in b.laser)
        self.laser_set = frozenset(self.laser)
        self.crossings = frozenset(idx(n) for n in b.crossing_of.values())
        #: the circles where a rule besides the one-chip-per-circle ones and the launch table
        #: may stop or refuse a walk (:func:`~boardkit.games.armageddon.rules.walk`): the
        #: landing point, the dot circle, the pad and GK
        self.walk_special = frozenset((self.landing, self.dot, self.pad, self.gk))
        #: the search's spans of forward and back walks (:func:`~boardkit.games.armageddon.rules.span`
        #: with ``why=False``) by ``(chip, verb, circle, officer's mine)``: all that decides them;
        #: and its walk verdicts over empty circles (:func:`~boardkit.games.armageddon.usable._path`)
        #: by ``(chip, points, verb, circle, officer's mine)``. Both follow from the options and
        #: the data file's content alone, so every game of the same ones in a process shares them
        #: (:data:`_TABLES`).
        self.span_memo: dict[tuple[int, str, int, bool], tuple[int, int]]
        self.look_memo: dict[tuple[int, int, str, int, bool], tuple[tuple[int, ...] | None, Any]]
        self.span_memo, self.look_memo = _TABLES.setdefault(
            (tuple(self.options.items()), tuple(sorted(self._data_files.items()))), ({}, {}))
        self.homes = tuple(tuple(idx(n) for n in b.homes[c]) for c in COLOURS)
        self.compartments = tuple(tuple(idx(n) for n in comp) for comp in b.compartments)
        self.comp_of = {h: k for k, comp in enumerate(self.compartments) for h in comp}

    def _warrior_route(self, b: ArmaBoard) -> tuple[tuple[int, ...], dict[int, int]]:
        """The warriors' route from the dot circle and its index of each ring circle (where a
        warrior at rest on it stands on the route, ARMA-3.7, ARMA-D6)."""
        idx = self.board.index
        ring = tuple(idx(n) for n in b.ring())
        if b.far:  # ARMA-D6: the ring closes on GK; the route goes round it three times, a warrior at
            # rest standing in the middle round, so a share of up to 6 points walks either way
            warrior_route = (self.dot,) + ring * 3
            warrior_index = {n: 1 + len(ring) + j for j, n in enumerate(ring)}
        else:
            warrior_route = (self.dot,) + ring
            warrior_index = {n: 1 + j for j, n in enumerate(ring)}
        return warrior_route, warrior_index

    def _make_chips(self, b: ArmaBoard) -> None:
        """The chips: the playing colours' chips, then the warriors, then the officer
        (ARMA-1.1, ARMA-1.2), each with its kind, colour, seat, route and route index; the
        officer's routes with and without a mine (ARMA-5.3); the chips of each seat."""
        idx = self.board.index
        names: list[str] = []
        kind: list[int] = []
        colour_index: list[int] = []
        seat: list[int] = []
        routes: list[tuple[int, ...]] = []
        for s, colour in enumerate(self.colours):
            ci = COLOURS.index(colour)
            route = (TABLE,) + tuple(idx(n) for n in b.earth_route(colour)[1:])
            for j in range(self.chips_per_colour):
                names.append(f"{colour}{j + 1}")
                kind.append(EARTH)
                colour_index.append(ci)
                seat.append(s)
                routes.append(route)
        warrior_route, warrior_index = self._warrior_route(b)
        for j in range(len(self.numbered)):
            names.append(f"w{j + 1}")
            kind.append(WARRIOR)
            colour_index.append(-1)
            seat.append(self.aliens_seat)
            routes.append(warrior_route)
        names.append("officer")
        kind.append(OFFICER)
        colour_index.append(-1)
        seat.append(self.aliens_seat)
        routes.append(tuple(idx(n) for n in b.officer_route(True)))
        #: the officer's route with a mine (True) and without (False, the arc home, ARMA-5.3)
        self.officer_routes = {m: tuple(idx(n) for n in b.officer_route(m)) for m in (True, False)}
        self.officer_rindex = {m: {n: j for j, n in enumerate(r) if n != self.dot} for m, r in self.officer_routes.items()}
        self.chip_names: tuple[str, ...] = tuple(names)
        self.chip = {n: i for i, n in enumerate(names)}
        self.kind = tuple(kind)
        self.colour_index = tuple(colour_index)
        self.colours_of = tuple(COLOURS[ci] if ci >= 0 else "blue" for ci in colour_index)
        self.chip_seat = tuple(seat)
        self.routes = tuple(routes)
        self.rindex: tuple[dict[int, int], ...] = tuple(
            warrior_index if kind[c] == WARRIOR else
            {**{n: i for i, n in enumerate(r) if n >= 0}, **({t: 0 for t in self.table} if kind[c] == EARTH else {})}
            for c, r in enumerate(routes))
        self._group_chips(seat)

    def _group_chips(self, seat: list[int]) -> None:
        """The chips by side and seat: Earth's, each seat's, the officer, the aliens', each
        colour's; and when the aliens win by count (ARMA-1.4, ARMA-D11)."""
        kind, n = self.kind, len(self.chip_names)
        self.earth_chips = tuple(c for c in range(n) if kind[c] == EARTH)
        self.seat_chips = tuple(frozenset(c for c in range(n) if seat[c] == s) for s in range(self.num_players))
        #: each seat's chips in ascending order
        self.seat_order = tuple(tuple(c for c in range(n) if seat[c] == s) for s in range(self.num_players))
        self.officer = n - 1
        self.alien_chips = tuple(c for c in range(n) if kind[c] != EARTH)
        self.colour_chips = tuple(tuple(c for c in self.earth_chips if seat[c] == s) for s in range(len(self.colours)))
        #: ARMA-1.4, ARMA-D11: the aliens win when Earth has this many chips in play or fewer
        self.alien_win_at = len(self.colours)

    def back_window(self, c: int, mine: bool = False) -> tuple[int, int]:
        """``(lo, hi)``: chip ``c`` may walk back (ARMA-3.7) from a route index in ``lo+1 .. hi``
        to one no lower than ``lo``: the alien ship's circles of its route (Earth: landing
        point .. GK; warriors: the ring; the officer: the exit path and the launch pad)."""
        if self.kind[c] == EARTH:
            return self.rindex[c][self.landing], len(self.routes[c]) - 1
        if self.kind[c] == WARRIOR:
            return 1, len(self.routes[c]) - 1
        return 1, len(self.arma.exit) + 1

    def sides(self) -> list[tuple[int, ...]]:
        """Two sides: every Earth colour playing, and the aliens (ARMA-1.3, ARMA-1.4: the Earth
        colours win or lose together). See :meth:`boardkit.core.game.Game.sides`."""
        return [tuple(range(self.aliens_seat)), (self.aliens_seat,)]

    def new_initial_state(self) -> ArmageddonState:
        """Every chip on its starting circle, the first colour to roll (ARMA-2.1 .. ARMA-2.3)."""
        return ArmageddonState(self)

    def _state_from_position(self, description: str | Mapping[str, Any], study: bool = False) -> ArmageddonState:
        """A validated position (format in :mod:`boardkit.games.armageddon.position`).

        Raises:
            BoardkitDataError: a malformed description (names the field).
            IllegalPositionError: a position the rules make impossible (names the clause).
        """
        return read_position(ArmageddonState(self, setup=False), description, study)

    def vocabularies(self) -> dict[str, Vocabulary]:
        """``face`` (die faces 1 .. 6) and ``chip`` (red1 .. yellow4, w1 .., officer)."""
        every = tuple(f"{c}{j + 1}" for c in COLOURS for j in range(self.chips_per_colour))
        every += tuple(n for n in self.chip_names if n not in every)  # a colour that does not play: refused, not unread
        return {"face": Vocabulary("face", FACES), "chip": Vocabulary("chip", every)}


__all__ = ["ArmageddonGame", "ArmageddonState", "RULES_HISTORY"]
