"""The records of a saved gridhunt desk (:meth:`GameMaster.from_json
<boardkit.games.gridhunt.gm.GameMaster.from_json>`) checked against the game they were kept
for: a loaded desk serves no report and keeps no order the replayed game contradicts.

The game's history is replayed once more, and at each step the desk's records are held to it:

- a message's ``move`` and ``shot`` are what its ``text`` says (GRID-D15);
- a recorded move (a message's, or the one the GM gave a silent seat, GRID-D16) is the order
  that seat gave in that round of the history;
- a shot is the message's, unless the engine refuses it from where the seat then stands: then
  the history holds ``shoot none`` and ``void_shots`` the refusal (GRID-D15);
- every report of a resolved round is the one the desk writes from the replayed game as that
  round ended (GRID-5, GRID-D9: from ``observation(seat)`` / ``public_observation()``);
- the round being played holds no report, and once its moves are resolved the messages
  waiting are its record's (GRID-D17).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, cast

from boardkit.core.saved import split_actor
from boardkit.core.validate import BoardkitDataError, shorten
from boardkit.games.gridhunt.desk import Message, Report, RoundRecord, split_message

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.games.gridhunt.gm import GameMaster
    from boardkit.games.gridhunt.state import GridhuntState


def check_records(gm: "GameMaster", doc: dict[str, Any], source: str) -> None:
    """Check a loaded desk's records against its replayed game (see the module doc).

    Args:
        gm: the desk read from ``doc``, its ``rounds`` and current record filled in, its inbox
            not yet.
        doc: the saved desk, checked against its schema and by ``_check_desk``.
        source: the name of the input, first in every message.

    Raises:
        BoardkitDataError: ``"<source>: <field>: ..."`` naming the record's field (``rounds[i]``,
            ``current``, ``inbox[k]``) and the round: a message whose move or shot is not its
            text's, an order or shot the history does not hold, a void shot the engine does not
            find void, a report the replayed game does not give, a record of a round that never
            ended, or messages waiting that are not those of the round being resolved.
    """
    state = gm.state
    for where, items in [*((f"rounds[{i}]", r["messages"]) for i, r in enumerate(doc["rounds"])),
                         ("current", doc["current"]["messages"]), ("inbox", doc["inbox"])]:
        for k, m in enumerate(items):
            _check_text(state, source, f"{where}{'' if where == 'inbox' else '.messages'}[{k}]", m)
    _check_current(gm, doc, source)
    _Walk(gm, doc, source).run()


def _check_text(state: "GridhuntState", source: str, where: str, m: dict[str, Any]) -> None:
    """GRID-D15: a message sent (``version`` 1 or more) has the move and shot its text gives; the
    order the GM gave a silent seat (``version`` 0) has no text and no shot (GRID-D16)."""
    if m["version"] == 0:
        if m["text"] or m["shot"] != "shoot none":
            raise BoardkitDataError(f"{source}: {where}: an order the GM gave (version 0) has no text and no shot "
                                    f"(GRID-D16), not {shorten(m['text'])}, {shorten(m['shot'])}")
        return
    try:
        move, shot = (str(state.parse_action(t)) for t in split_message(m["text"]))
    except ValueError as exc:  # MessageError, NotationError
        raise BoardkitDataError(f"{source}: {where}.text: {exc}") from None
    for key, value in (("move", move), ("shot", shot)):
        if m[key] != value:
            raise BoardkitDataError(f"{source}: {where}.{key}: {shorten(m[key])}, but the message's text "
                                    f"{shorten(m['text'])} gives {value!r} (GRID-D15)")


def _check_current(gm: "GameMaster", doc: dict[str, Any], source: str) -> None:
    """The record of the round being played holds no void shot and no report (they are written
    as it ends); while orders are taken it is empty, and once the moves are resolved the
    messages waiting are those it records (GRID-D15, GRID-D16, GRID-D17)."""
    cur, phase = doc["current"], gm.state.phase
    for key in ("void_shots", "private"):
        if cur[key]:
            raise BoardkitDataError(f"{source}: current.{key}: the round being played has no {key} yet (they are "
                                    f"written as it ends)")
    if cur["public"] is not None:
        raise BoardkitDataError(f"{source}: current.public: the round being played has no report yet")
    if phase == "orders":
        if cur["messages"] or cur["silent"]:
            raise BoardkitDataError(f"{source}: current: messages or silent seats recorded while the orders of round "
                                    f"{cur['round']} are still taken (the record is made as the moves resolve)")
        return
    rec = gm._record
    want = {**{p: Message(p, rec.round, "", a, "shoot none", 0) for p, a in rec.silent.items()}, **rec.messages}
    for k, m in enumerate(doc["inbox"]):
        if want.get(m["seat"]) != Message(**m):
            raise BoardkitDataError(f"{source}: inbox[{k}]: seat {m['seat']}'s message waiting is not the one "
                                    f"current records for round {rec.round} (messages, silent)")
    held = {m["seat"] for m in doc["inbox"]}
    for p in sorted(set(want) - held):
        raise BoardkitDataError(f"{source}: inbox: seat {p}'s orders recorded in current are not waiting for its shot")


class _Walk:
    """One replay of the saved game's history, holding each round's record to it."""

    def __init__(self, gm: "GameMaster", doc: dict[str, Any], source: str) -> None:
        self.gm, self.doc, self.source = gm, doc, source
        self.records: dict[int, tuple[str, RoundRecord, dict[str, Any]]] = {
            r.round: (f"rounds[{i}]", r, raw) for i, (r, raw) in enumerate(zip(gm.rounds, doc["rounds"]))}
        self.current = ("current", gm._record, doc["current"])
        self.moved: dict[int, set[int]] = {}  # round -> seats whose recorded move the history holds
        self.void: dict[int, dict[int, str]] = {}  # round -> seat -> the refusal of its shot

    def run(self) -> None:
        """Replay, checking orders and shots as they come and the reports as each round ends."""
        sdoc = self.doc["state"]
        game = self.gm.state.game
        st = cast("GridhuntState", game.new_initial_state() if sdoc.get("position") is None else
                  game.state_from_position(sdoc["position"], study=bool(sdoc.get("study", False))))
        view = copy.copy(self.gm)  # the desk's report writers, on the replayed state
        view.state = st
        ended: set[int] = set()
        for i, entry in enumerate(sdoc["history"]):
            seat, text = split_actor(entry)
            if not st.is_chance_node():
                self._order(st, i, st.current_players()[0] if seat is None else seat, text)
            before = st.round
            st.apply_action(st.parse_action(text), player=seat)
            # a round ends as the next one's orders open (GRID-D6), or with the game
            r = before if st.phase == "orders" and st.round == before + 1 else st.round if st.phase == "over" else None
            if r in self.records and r not in ended:
                ended.add(r)
                self._round_end(view, r)
        for r, (where, _, _) in self.records.items():
            if r not in ended:
                raise BoardkitDataError(f"{self.source}: {where}.round: round {r} does not end in the saved game")
        where, rec, raw = self.current
        if self.gm.state.phase != "orders":
            self._all_moved(where, rec, raw)

    def _record(self, rnd: int) -> tuple[str, RoundRecord, dict[str, Any]] | None:
        got = self.records.get(rnd)
        return got if got is not None else self.current if self.current[1].round == rnd else None

    def _fail(self, where: str, rnd: int, what: str) -> BoardkitDataError:
        return BoardkitDataError(f"{self.source}: {where} (round {rnd}): {what}")

    def _order(self, st: "GridhuntState", i: int, p: int, text: str) -> None:
        """History entry ``i``, seat ``p``'s ``text``, held to the record of its round: a move
        (GRID-D15, GRID-D16) or a shot, void when the engine refuses it (GRID-D15)."""
        got = self._record(st.round)
        if got is None:
            return
        where, rec, raw = got
        k = next((k for k, m in enumerate(raw["messages"]) if m["seat"] == p), None)
        field = f"{where}.messages[{k}]" if k is not None else f"{where}.silent.{p}"
        if st.phase == "orders":
            want = rec.messages[p].move if p in rec.messages else rec.silent.get(p)
            if want is None:
                return
            if p in rec.messages and p in rec.silent:
                raise self._fail(f"{where}.silent.{p}", rec.round, f"seat {p} sent a message and was silent")
            if want != text:
                raise self._fail(field + (".move" if k is not None else ""), rec.round,
                                 f"{shorten(want)}, but seat {p}'s order in the saved game is {text!r} "
                                 f"(history[{i}])")
            self.moved.setdefault(rec.round, set()).add(p)
        elif st.phase == "shots" and (p in rec.messages or p in rec.silent):
            shot = rec.messages[p].shot if p in rec.messages else "shoot none"
            err = st.why_illegal(shot, player=p)
            if err is not None:  # GRID-D15: void, and told why
                self.void.setdefault(rec.round, {})[p] = f"[{err.clause}] {err.reason}"
                shot = "shoot none"
            if shot != text:
                raise self._fail(field + (".shot" if k is not None else ""), rec.round,
                                 f"seat {p} fired {text!r} in the saved game (history[{i}]), not {shot!r}")

    def _all_moved(self, where: str, rec: RoundRecord, raw: dict[str, Any]) -> None:
        """Every move the record holds was given in its round of the history."""
        moved = self.moved.get(rec.round, set())
        for k, m in enumerate(raw["messages"]):
            if m["seat"] not in moved:
                raise self._fail(f"{where}.messages[{k}]", rec.round, f"seat {m['seat']} gave no such order in "
                                                                      f"the saved game")
        for p in rec.silent:
            if p not in moved:
                raise self._fail(f"{where}.silent.{p}", rec.round, f"seat {p} gave no such order in the saved game")

    def _round_end(self, view: "GameMaster", rnd: int) -> None:
        """Round ``rnd`` has just ended in the replay: its record's moves were all given, its
        void shots are the engine's, and its reports are those the desk writes now (GRID-5)."""
        where, rec, raw = self.records[rnd]
        self._all_moved(where, rec, raw)
        void = self.void.get(rnd, {})
        for p in sorted(set(void) | set(rec.void_shots)):
            if rec.void_shots.get(p) != void.get(p):
                raise self._fail(f"{where}.void_shots.{p}", rnd, f"{shorten(rec.void_shots.get(p))}, but the "
                                                                 f"engine finds {shorten(void.get(p))} (GRID-D15)")
        for p in range(view.state.n):
            self._same(f"{where}.private.{p}", rnd, rec.private.get(p), view._private(p, rec))
        self._same(f"{where}.public", rnd, rec.public, view._public(rec))

    def _same(self, where: str, rnd: int, saved: Report | None, made: Report) -> None:
        """A saved report is the one the replayed game gives (names the first line that differs)."""
        if saved == made:
            return
        if saved is None:
            raise self._fail(where, rnd, "no report saved; the desk writes one for every seat as a round ends")
        old, new = [saved.title, *saved.lines], [made.title, *made.lines]
        j = next((j for j, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        line = lambda xs: shorten(xs[j]) if j < len(xs) else "(no line)"  # noqa: E731
        raise self._fail(where, rnd, f"line {j} is {line(old)}, but the saved game gives {line(new)} (a report is "
                                     f"written from what the game tells, GRID-5)")


__all__ = ["check_records"]
