"""The game master's desk for a forum game of gridhunt (seed ``001_bcc873264f6cd736.txt``: "Les
joueurs sont placés aléatoirement sur la grille par le maître du jeu"): the GM reads one private
message per player and round, resolves the round on the engine, and writes each player's private
report and the public report of the round.

The engine plays the forum game in the simultaneous variant (``turn_order="simultaneous"``,
GRID-D6); :class:`GameMaster` stands between the players' messages and that engine:

- :meth:`GameMaster.receive`: a player's message for the round, its move and its shot together
  (``"move b6 b7 a7, shoot a8"``; no shot written: ``shoot none``), GRID-D15. The move is
  judged at once by the engine's rule path for that seat (a refused message is not kept and the
  error names the clause); the shot is judged when the moves are resolved, from where the seat
  then stands.
- A later message of the same player replaces the earlier one, and :meth:`GameMaster.withdraw`
  takes it back, until the GM resolves the round (GRID-D17).
- :meth:`GameMaster.resolve`: a player who sent nothing gets the default of option ``silent``
  (GRID-D16); every move order goes to the engine, the GM draws the resolution order, then every
  shot goes in (a shot the seat may no longer give is void, GRID-D15) and all are resolved.
- :meth:`GameMaster.private_report` / :meth:`GameMaster.public_report`: :class:`Report` objects
  (plain text, Markdown, HTML) computed from ``observation(seat)`` / ``public_observation()``
  and, for a seat, what that seat itself sent; never from the GM's truth (GRID-5, GRID-D9). A
  seat's report gives what its teammates share with it (GRID-1.3).
- :meth:`GameMaster.to_json` / :meth:`GameMaster.from_json`: the desk saved at any moment,
  messages of an unresolved round included, and read back to play on (checked against
  :data:`DESK_SCHEMA` and the game first).

Players may be known by name (``names=``); teams come from the game's options ``teams`` /
``team_of`` (GRID-1.2, GRID-D12).

>>> import boardkit
>>> g = boardkit.load_game("gridhunt", layout="arena12", turn_order="simultaneous")
>>> s = g.new_initial_state()
>>> for p, c in enumerate(["b5", "e5", "h7", "c9", "j5", "e11", "l7", "g2"]):
...     s.apply_action(f"start {p} {c}")
>>> gm = GameMaster(s, names=["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hu"], seed=1)
>>> gm.receive("Ana", "move b6 b7 a7, shoot a8").move
'move b6 b7 a7'
>>> gm.receive("Ana", "move b4").move           # amended before the round resolves (GRID-D17)
'move b4'
>>> gm.waiting()[:3]
['Bo', 'Cy', 'Di']
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Sequence

from boardkit.core.playout import sample_chance
from boardkit.core.rules import IllegalActionError, NotationError
from boardkit.core.validate import BoardkitDataError, shorten
from boardkit.games.gridhunt.actions import Move, Shoot, ShootAll, ShootNone, Stay
from boardkit.games.gridhunt.desk import (DESK_SCHEMA, FORMAT, MAX_VERSION, Message, MessageError, Report, RoundRecord,
                                          _check_desk, _name_ok, split_message)
from boardkit.games.gridhunt.deskcheck import check_records
from boardkit.games.gridhunt.spec import SILENT

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.state import GridhuntState

class GameMaster:
    """The GM's desk for one simultaneous game (GRID-D6): messages in, the round resolved,
    reports out.

    Args:
        state: a :class:`~boardkit.games.gridhunt.state.GridhuntState` of a game with
            ``turn_order="simultaneous"``, set up (the players placed).
        names: a name per seat (distinct, not blank, not a number; letters and digits with
            spaces, ``- _ . '`` inside, at most 40 characters); default ``player 0`` ...
        seed: an int, a text or None; seed of the GM's draws (the resolution order, GRID-D6;
            a silent player's order, GRID-D16); the draws of round r come from ``random.Random(f"{seed}/{r}")``, so a
            reloaded desk draws as the original would.

    Raises:
        ValueError: the state is not a gridhunt state, the game is not simultaneous, the state is
            not set up, it holds actions applied by ``apply_unchecked`` or ``random_step``
            (``state.unrecorded``: the desk could not be saved; the message names the count),
            the names are not one distinct fitting name per seat (names the name), or the seed
            is not an int, a text or None.
    """

    def __init__(self, state: "GridhuntState", names: Sequence[str] | None = None,
                 seed: int | str | None = 0) -> None:
        from boardkit.games.gridhunt.state import GridhuntState

        if not isinstance(state, GridhuntState):
            raise ValueError(f"GameMaster: state: a gridhunt game's state (boardkit.load_game('gridhunt', "
                             f"turn_order='simultaneous').new_initial_state()), not {shorten(state)}")
        if state.game.options.turn_order != "simultaneous":
            raise ValueError("GameMaster: the forum game gives every order of a round at once: load the game with "
                             "turn_order='simultaneous' (GRID-D6)")
        if state.phase == "setup":
            raise ValueError("GameMaster: the layout and the players' cells are drawn first (GRID-7, GRID-5.1)")
        if state.unrecorded:  # the desk is saved with its state's history (to_json): a replay must reach it
            raise ValueError(f"GameMaster: state: {state.unrecorded} action(s) were applied by apply_unchecked or "
                             f"random_step, which keep no history, so the desk could never be saved; play the state "
                             f"with apply_action, or start the desk from its position read back: "
                             f"GameMaster(game.state_from_position(state.to_position()))")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
            raise ValueError(f"GameMaster: seed: a whole number, a text or None, not {shorten(seed)}")
        n = state.n
        if names is not None and (isinstance(names, (str, bytes)) or not isinstance(names, (list, tuple))):
            raise ValueError(f"GameMaster: names: a list of one name per seat ({n}), not {shorten(names)}")
        names = [f"player {p}" for p in range(n)] if names is None else list(names)
        for x in names:
            if isinstance(x, str) and not _name_ok(x):
                raise ValueError(f"GameMaster: names: {shorten(x)}: a name is letters and digits, with spaces, "
                                 f"'-', '_', '.' or \"'\" inside it (no comma, new line or markup, no space at "
                                 f"either end)")
        if len(names) != n or any(not isinstance(x, str) or not x.strip() for x in names) \
                or len(set(names)) != n or any(x.isdigit() for x in names):
            raise ValueError(f"GameMaster: names: one distinct, non-blank, non-numeric name per seat ({n}), not "
                             f"{shorten(names)}")
        self.state = state
        self.names: tuple[str, ...] = tuple(names)
        self.seed = seed
        self.inbox: dict[int, Message] = {}
        self.rounds: list[RoundRecord] = []
        self._record = RoundRecord(state.round)

    # -- seats ---------------------------------------------------------------------------------
    def seat(self, who: int | str) -> int:
        """The seat of ``who``: a seat number or a player's name.

        Raises:
            MessageError: no such seat or name.
        """
        if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < self.state.n:
            return who
        if isinstance(who, str) and who in self.names:
            return self.names.index(who)
        raise MessageError(f"{shorten(who)} is not a player of this game (seats 0 .. {self.state.n - 1}, or a name: "
                           f"{', '.join(self.names)})")

    def name(self, seat: int) -> str:
        """The name of ``seat``."""
        return self.names[seat]

    def team_name(self, seat: int) -> str | None:
        """The name of the team of ``seat`` (GRID-1.2, GRID-D12), None without teams."""
        teams = self.state.game.teams
        return None if teams is None else self.state.game.team_names[teams[seat]]

    def waiting(self) -> list[str]:
        """The names of the players told alive whose message for this round is not in."""
        if self.state.phase != "orders":
            return []
        return [self.names[p] for p in self.state.current_players() if p not in self.inbox]

    # -- messages ------------------------------------------------------------------------------
    def receive(self, who: int | str, text: str) -> Message:
        """Take ``who``'s message for this round (GRID-D15); a later one replaces it (GRID-D17).

        The move is judged now by the engine's rule path for that seat, from what the seat knows
        (a path through a wall it does not know of is a legal order, GRID-3.3); the shot is
        parsed now and judged after the moves (GRID-D15).

        Returns:
            The Message kept.

        Raises:
            MessageError: not a player, not the orders phase, a dead player, a malformed message,
                more than ``MAX_VERSION`` messages in the round.
            NotationError: an order that is no gridhunt order (names the word).
            IllegalActionError: a move the seat may not give (names the clause, GRID-3.1 ...).
            Each error's text begins with the player's name (``"Bo: [GRID-3.1] ..."``).
        """
        p = self.seat(who)
        s = self.state
        if s.phase != "orders":
            raise MessageError(f"{self.names[p]}: no orders are taken now (phase {s.phase}); the round is being "
                               f"resolved or the game is over")
        if not s.told_alive(p):
            raise MessageError(f"{self.names[p]} is dead (round {dict(s.told_deaths())[p]}): only living players "
                               f"give orders (GRID-6)")
        try:
            move_text, shot_text = split_message(text)
            move, shot = s.parse_action(move_text), s.parse_action(shot_text)
            if isinstance(shot, Shoot) and shot.cell not in s.game.index:
                raise IllegalActionError("GRID-2.1", f"{shot.cell} is off the {s.size}x{s.size} grid", shot)
            err = s.why_illegal(move, player=p) if isinstance(move, (Move, Stay)) else None
            if err is not None:
                raise err
        except (MessageError, NotationError, IllegalActionError) as exc:  # the same error, naming the player
            exc.args = (f"{self.names[p]}: {exc}",)
            raise exc from None
        if not isinstance(move, (Move, Stay)) or not isinstance(shot, (Shoot, ShootAll, ShootNone)):
            raise MessageError(f"{self.names[p]}: {shorten(text)}: a move order then a shot order (GRID-D15)")
        old = self.inbox.get(p)
        if old is not None and old.version >= MAX_VERSION:
            raise MessageError(f"{self.names[p]}: {MAX_VERSION} messages in round {s.round} already: no more "
                               f"amendments (GRID-D17)")
        msg = Message(p, s.round, text, str(move), str(shot), 1 if old is None else old.version + 1)
        self.inbox[p] = msg
        return msg

    def withdraw(self, who: int | str) -> Message:
        """Take back ``who``'s message of this round (GRID-D17): it is silent again unless it
        sends another before the round resolves.

        Raises:
            MessageError: not a player, not the orders phase (once the moves are resolved the
                round is resolving, GRID-D17), or no message of it is waiting.
        """
        p = self.seat(who)
        if self.state.phase != "orders":  # GRID-D17: until the round resolves, as receive
            raise MessageError(f"{self.names[p]}: no message can be withdrawn now (phase {self.state.phase}); the "
                               f"round is being resolved or the game is over (GRID-D17)")
        if p not in self.inbox:
            raise MessageError(f"{self.names[p]} has no message waiting in round {self.state.round} to withdraw")
        return self.inbox.pop(p)

    # -- resolving -----------------------------------------------------------------------------
    def _rng(self) -> random.Random:
        return random.Random(f"{self.seed}/{self.state.round}")

    def resolve(self) -> RoundRecord:
        """Resolve the round: the moves (:meth:`resolve_moves`), then the shots (:meth:`resolve_shots`).

        Returns:
            The round's :class:`RoundRecord`.

        Raises:
            MessageError: option ``silent='wait'`` and some living player has sent nothing (the
                GM waits, GRID-D16), or not the orders phase.
        """
        self.resolve_moves()
        return self.resolve_shots()

    def resolve_moves(self) -> None:
        """GRID-D6: every living player's move goes to the engine (a silent one's by option
        ``silent``, GRID-D16), then the GM draws the resolution order and the moves resolve.
        The shots stay in the inbox for :meth:`resolve_shots`.

        Raises:
            MessageError: see :meth:`resolve`.
        """
        s = self.state
        if s.phase != "orders":
            raise MessageError(f"no round to resolve now (phase {s.phase})")
        silent = [p for p in s.current_players() if p not in self.inbox]
        if silent and s.game.options.silent == "wait":  # GRID-D16
            raise MessageError(f"GRID-D16: option silent='wait': the GM waits for {', '.join(self.names[p] for p in silent)}")
        rng = self._rng()
        record = RoundRecord(s.round)
        for p in silent:  # GRID-D16: a random order of its own, no shot
            options = s.legal_actions(p)
            move = options[rng.randrange(len(options))]
            self.inbox[p] = Message(p, s.round, "", str(move), "shoot none", 0)
            record.silent[p] = str(move)
        record.messages = {p: m for p, m in sorted(self.inbox.items()) if m.version > 0}
        self._record = record
        for p in sorted(self.inbox):
            s.apply_action(self.inbox[p].move, player=p)
        while s.is_chance_node():  # GRID-D6: the resolution order, drawn by the GM
            s.apply_action(sample_chance(s, rng))

    def _moves_resolved(self) -> bool:
        """True between :meth:`resolve_moves` and :meth:`resolve_shots`: the engine waits for the
        shots, or the moves ended the game and the round's record is not written yet."""
        rec = self._record
        return self.state.phase == "shots" or (self.state.phase == "over" and bool(rec.messages or rec.silent))

    def resolve_shots(self) -> RoundRecord:
        """GRID-D15: every shot of the round goes to the engine, judged from where each seat now
        stands and what it knows; one it may no longer give (its move was stopped, or it lost an
        enhanced attack it counted on...) is void (``shoot none``) and its report says why. Then
        all shots resolve at once (GRID-D6) and the round ends.

        Returns:
            The round's :class:`RoundRecord`.

        Raises:
            MessageError: the moves of a round are not resolved (:meth:`resolve_moves` first), or
                the game is over; nothing is changed.
        """
        s = self.state
        record = self._record
        if not self._moves_resolved():
            raise MessageError(f"no round to resolve now (phase {s.phase}): the shots resolve after the moves "
                               f"(resolve_moves)")
        if s.phase == "shots":
            for p in list(s.current_players()):
                msg = self.inbox.get(p)
                shot = msg.shot if msg is not None else "shoot none"
                err = s.why_illegal(shot, player=p)
                if err is not None:
                    record.void_shots[p] = f"[{err.clause}] {err.reason}"
                    shot = "shoot none"
                s.apply_action(shot, player=p)
        self.inbox = {}
        record.private = {p: self._private(p, record) for p in range(s.n)}
        record.public = self._public(record)
        self.rounds.append(record)
        self._record = RoundRecord(s.round)
        return record

    # -- reports -------------------------------------------------------------------------------
    def _who(self, seat: int | str) -> str:
        return self.names[int(seat)]

    def private_report(self, who: int | str, rnd: int | None = None) -> Report:
        """The private report of ``who`` written as round ``rnd`` (default: the last resolved)
        ended, from ``observation(seat)`` and what the seat itself sent only (GRID-5, GRID-D9):
        where it stands, what it found where it landed, whom it saw, whether a mine keeps it from
        moving next round (GRID-3.5, GRID-D19), what its teammates share (GRID-1.3: where each
        stands, what it found and whom it saw this round), the walls and teleports it knows, its orders (and, while it lives, a void shot with the reason, GRID-D15; the order
        given for it if it was silent, GRID-D16), the deaths told this round, and the end.

        Raises:
            MessageError: not a player; ValueError: no such resolved round.
        """
        seat = self.seat(who)  # the player first: an unknown name is refused as such in any round
        return self._round(rnd).private[seat]

    def public_report(self, rnd: int | None = None) -> Report:
        """The public report written as round ``rnd`` (default: the last resolved) ended, from
        ``public_observation()`` only (GRID-5.3, GRID-D9): the deaths of the round (not where or
        by whom), who is alive, the public walls and teleports, the beaconed players, the end.

        Raises:
            ValueError: no such resolved round.
        """
        out = self._round(rnd).public
        assert out is not None
        return out

    def _private(self, p: int, rec: RoundRecord) -> Report:
        r = rec.round
        obs = self.state.observation(p)
        you = obs["you"]
        lines: list[str] = []
        team = self.team_name(p)
        if team is not None:
            mates = [self.names[q] for q in range(self.state.n) if q != p and self.team_name(q) == team]
            lines.append(f"your team: {team}" + (f", with {', '.join(mates)}" if mates else " (alone)"))
        if p in rec.messages:
            m = rec.messages[p]
            lines.append(f"your orders: {m.move}, {m.shot}" + (f" (message {m.version})" if m.version > 1 else ""))
        elif p in rec.silent:
            lines.append(f"you sent no orders: the GM gave '{rec.silent[p]}' and no shot (GRID-D16)")
        if p in rec.void_shots and you["alive"]:  # a dead player's shot is void anyway (GRID-D9: not where it died)
            lines.append(f"your shot was not fired: {rec.void_shots[p]} (GRID-D15)")
        if not you["alive"]:
            when = [rd for q, rd in obs["deaths"] if q == p]
            lines.append(f"you were killed in round {when[0]}" if when else "you are dead")
        else:
            lines += self._seat_lines(you, obs["phase"], r, "you", True)
        lines += self._team_lines(obs, r)
        if obs["known_walls"]:
            lines.append(f"walls you know: {', '.join(obs['known_walls'])}")
        if obs["known_teleports"]:
            lines.append(f"teleports you know: {', '.join(obs['known_teleports'])}")
        lines += self._public_lines(obs, r)
        return Report(f"Round {r}, private report for {self.names[p]}", tuple(lines))

    def _blocked_line(self, subject: str, you: bool) -> str:
        """GRID-2.4, GRID-3.5: a seat blocked by a mine does not move next round; it does not
        shoot either only with option ``mine_blocks_shot`` (GRID-D19)."""
        if self.state.game.options.mine_blocks_shot:
            verbs = "you neither move nor shoot" if you else "it neither moves nor shoots"
            return f"{subject} blocked by a mine: next round {verbs} (GRID-3.5, GRID-D19)"
        return f"{subject} blocked by a mine: {'you do' if you else 'it does'} not move next round (GRID-3.5)"

    def _team_lines(self, obs: dict[str, Any], r: int) -> list[str]:
        """GRID-1.3 (option ``team_shares_vision``): what the seat's observation shares from its
        teammates (``team_views``): where each stands, what it found and whom it saw this round."""
        lines: list[str] = []
        for q, view in sorted(obs.get("team_views", {}).items(), key=lambda kv: int(kv[0])):
            who = self._who(q)
            if not view["alive"]:
                lines.append(f"teammate {who} is dead")
                continue
            lines += self._seat_lines(view, obs["phase"], r, f"teammate {who}", False)
        return lines

    def _seat_lines(self, view: dict[str, Any], phase: str, r: int, who: str, you: bool) -> list[str]:
        """Where a living seat stands (shield, enhancement, beacon), its mine block (GRID-3.5),
        what it found and whom it saw in round ``r``: for the seat itself (``who`` "you",
        ``you`` True) or for a teammate whose view it shares (GRID-1.3)."""
        be, see = ("are", "see") if you else ("is", "sees")
        words = [w for w in ("shield", "enhanced", "beaconed") if view[w]]
        lines = [f"{who} {be} on {view['position']}" + (f" ({', '.join(words)})" if words else "")]
        if phase == "orders" and (view["idle"] or view["blocked"]):  # the round start moved the flag
            lines.append(self._blocked_line(f"{who} {be}", you))
        lines += [f"{who} landed on {c}: {kind}" for rd, c, kind in view["found"] if rd == r]
        for look in view["looks"]:
            if look["round"] == r:
                seen = ", ".join(f"{self._who(x)} on {c}" for x, c in sorted(look["players"].items(),
                                                                           key=lambda kv: int(kv[0])))
                lines.append(f"from {look['at']} (radius {look['radius']}) {who} {see} {seen or 'nobody'}")
        return lines

    def _public(self, rec: RoundRecord) -> Report:
        r = rec.round
        pub = self.state.public_observation()
        alive = [self.names[q] for q in range(self.state.n) if pub["alive"][q]]
        lines = [f"alive ({len(alive)}): {', '.join(alive)}"]
        if pub["public_walls"]:
            lines.append(f"walls known to all: {', '.join(pub['public_walls'])}")
        if pub["public_teleports"]:
            lines.append(f"teleports known to all: {', '.join(pub['public_teleports'])}")
        lines += self._public_lines(pub, r)
        return Report(f"Round {r}, public report", tuple(lines))

    def _public_lines(self, pub: dict[str, Any], r: int) -> list[str]:
        died = [self.names[q] for q, rd in pub["deaths"] if rd == r]
        lines = [f"killed in round {r}: {', '.join(died) if died else 'nobody'}"]
        if pub["beacons"]:
            lines.append("beaconed: " + ", ".join(f"{self._who(q)} on {c}" for q, c in
                                                 sorted(pub["beacons"].items(), key=lambda kv: int(kv[0]))))
        out = pub.get("outcome")
        if out is not None:
            winners = [self.names[q] for q in out["winners"]]
            lines.append(f"the game is over: {', '.join(winners) if winners else 'nobody'} "
                         f"{'win' if len(winners) != 1 else 'wins'} ({out['reason']}, {out['clause']})")
        return lines

    def _round(self, rnd: int | None) -> RoundRecord:
        if not self.rounds:
            raise ValueError("no round has been resolved yet")
        if rnd is None:
            return self.rounds[-1]
        for rec in self.rounds:
            if rec.round == rnd:
                return rec
        raise ValueError(f"round {shorten(rnd)} has not been resolved on this desk (rounds "
                         f"{', '.join(str(x.round) for x in self.rounds)})")

    # -- saving --------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The desk as JSON text: the game (``state.to_json()``, every action and the options),
        the names, the seed, the messages waiting and the rounds' records."""
        def msg(m: Message) -> dict[str, Any]:
            return {"seat": m.seat, "round": m.round, "text": m.text, "move": m.move, "shot": m.shot,
                    "version": m.version}

        def rec(r: RoundRecord) -> dict[str, Any]:
            return {"round": r.round, "messages": [msg(m) for m in r.messages.values()],
                    "silent": {str(p): a for p, a in r.silent.items()},
                    "void_shots": {str(p): why for p, why in r.void_shots.items()},
                    "private": {str(p): [rep.title, *rep.lines] for p, rep in r.private.items()},
                    "public": None if r.public is None else [r.public.title, *r.public.lines]}

        return json.dumps({
            "format": FORMAT, "state": json.loads(self.state.to_json()), "names": list(self.names), "seed": self.seed,
            "inbox": [msg(m) for _, m in sorted(self.inbox.items())], "current": rec(self._record),
            "rounds": [rec(r) for r in self.rounds],
        }, sort_keys=True)

    @classmethod
    def from_json(cls, text: str, source: str = "saved desk") -> "GameMaster":
        """Read a desk saved by :meth:`to_json` (the game is replayed and checked by
        :func:`boardkit.state_from_json`); the waiting messages are taken again, so each is judged
        anew.

        Raises:
            BoardkitDataError: not a saved desk (names ``source`` and the field), or records
                the replayed game contradicts: a report it does not give, an order or shot it
                does not hold (names the field and the round;
                :func:`boardkit.games.gridhunt.deskcheck.check_records`).
        """
        from boardkit.core.saved import state_from_json
        from boardkit.core.validate import check_schema
        from boardkit.games.gridhunt.state import GridhuntState

        try:
            doc = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise BoardkitDataError(f"{source}: not JSON text ({exc})") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise BoardkitDataError(f"{source}: format: not a saved gridhunt GM desk ({FORMAT})")
        check_schema(doc, DESK_SCHEMA, source)
        state = state_from_json(json.dumps(doc["state"]), source=f"{source}: state")
        if not isinstance(state, GridhuntState):
            raise BoardkitDataError(f"{source}: state: a saved {state.game.name} game, not gridhunt")
        _check_desk(doc, state, source)

        def message(m: dict[str, Any]) -> Message:
            return Message(m["seat"], m["round"], m["text"], m["move"], m["shot"], m["version"])

        def rec(r: dict[str, Any]) -> RoundRecord:
            return RoundRecord(r["round"], {m["seat"]: message(m) for m in r["messages"]},
                               {int(p): a for p, a in r["silent"].items()},
                               {int(p): w for p, w in r["void_shots"].items()},
                               {int(p): Report(t[0], tuple(t[1:])) for p, t in r["private"].items()},
                               None if r["public"] is None else Report(r["public"][0], tuple(r["public"][1:])))

        try:
            gm = cls(state, names=doc["names"], seed=doc["seed"])
        except (ValueError, TypeError) as exc:
            raise BoardkitDataError(f"{source}: names/seed: {exc}") from None
        gm.rounds = [rec(r) for r in doc["rounds"]]
        gm._record = rec(doc["current"])
        check_records(gm, doc, source)  # no report or order the replayed game contradicts
        for i, m in enumerate(doc["inbox"]):
            if state.phase == "orders":  # judged anew; the amendments keep their count (GRID-D17)
                try:
                    taken = gm.receive(m["seat"], m["text"])
                except (ValueError, NotationError, IllegalActionError) as exc:
                    raise BoardkitDataError(f"{source}: inbox[{i}]: {exc}") from None
                gm.inbox[m["seat"]] = replace(taken, version=m["version"])
            else:  # the moves are resolved: the shots wait (GRID-D15)
                gm.inbox[m["seat"]] = message(m)
        return gm


__all__ = ["DESK_SCHEMA", "FORMAT", "MAX_VERSION", "SILENT", "GameMaster", "Message", "MessageError", "Report", "RoundRecord", "split_message"]
