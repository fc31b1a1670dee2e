"""Notation as a table: each action class lists its *forms*, and one grammar engine derives
from them the parser, ``str(action)``, the clicked cells, the non-cell choice and the notation
table of the game's spec page.

A form is a pattern of words:

============================  ==============================================================
pattern piece                 meaning
============================  ==============================================================
``select``                    a literal word (matched without regard to case)
``{cell:cell}``               one cell of the board, stored in the field ``cell`` (a name)
``{player:player}``           a seat number ``0 .. num_players - 1`` (int)
``{n:int}``                   a whole number (int)
``{card:card}``               one word of the game's vocabulary ``card`` (its canonical form)
``{card:card...}``            several words read as one phrase of the vocabulary
                              (``claw launcher`` -> ``ClawLauncher``)
``{pool:element+}``           one or more words of the vocabulary, stored as a tuple
``[ant]``                     an optional literal; sets the bool field of the same name
``[{cell2:cell}]``            an optional part; absent: the field keeps its default
============================  ==============================================================

A form may fix fields (``fixed={"kind": "write"}``) and copy one field from another when a
slot is left out (``same={"target": "element"}``). ``Action.build`` is the hook for a class
that normalises what was parsed (an unordered pool, say).

Parsing tries the forms of the table in order and returns the first that matches the whole
text; when none does, the error comes from the forms whose first word matched, so the message
names the word that is wrong and the form expected.

>>> from dataclasses import dataclass
>>> from boardkit.core.actions import Action
>>> @dataclass(frozen=True)
... class Step(Action):
...     to: str
...     forms = (Form("step {to:cell}", doc="step to CELL"),)
>>> table = Notation((Step,))
>>> ctx = NotationContext(cells=frozenset({"a1", "a2"}), num_players=2)
>>> table.parse("Step A2", ctx)
Step(to='a2')
>>> str(Step("a2")), Step("a2").cells
('step a2', ('a2',))
"""

from __future__ import annotations

import re
from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Any, Collection, Iterator, Mapping, Sequence

from boardkit.core.rules import NotationError
from boardkit.core.validate import shorten
from boardkit.core.vocabulary import NotationContext, Vocabulary

if TYPE_CHECKING:  # pragma: no cover
    from boardkit.core.actions import Action

__all__ = ["Form", "Vocabulary", "NotationContext", "Notation", "fit_form", "MAX_CHARS", "MAX_WORDS"]

#: Longest notation read, in characters (checked before any other work; the longest action of
#: the five games is under 50 characters, a Marabunta split of every die).
MAX_CHARS = 1000
#: Most words in one notation (checked before matching; the longest action of the five games
#: has 7 words: a 6-step gridhunt move, a Marabunta split of five dice and the tile).
MAX_WORDS = 64
#: Most digits of a whole number in a notation (``{n:int}``): longer ones are refused as too large.
MAX_INT_DIGITS = 18


# -- patterns ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Lit:
    word: str


@dataclass(frozen=True)
class _Slot:
    name: str
    kind: str
    many: str  # "" one word, "+" tuple of words, "..." a phrase


@dataclass(frozen=True)
class _Opt:
    parts: tuple[Any, ...]


_SLOT = re.compile(r"\{(\w+):(\w+)(\+|\.\.\.)?\}$")


def _parse_pattern(pattern: str) -> tuple[Any, ...]:
    out: list[Any] = []
    opt: list[Any] | None = None
    for raw in pattern.replace("[", " [ ").replace("]", " ] ").split():
        if raw == "[":
            if opt is not None:
                raise ValueError(f"form {pattern!r}: nested [ ]")
            opt = []
            continue
        if raw == "]":
            if not opt:
                raise ValueError(f"form {pattern!r}: empty or unopened [ ]")
            out.append(_Opt(tuple(opt)))
            opt = None
            continue
        if raw.startswith("{"):
            m = _SLOT.match(raw)
            if not m:
                raise ValueError(f"form {pattern!r}: bad slot {raw!r}")
            piece: Any = _Slot(m.group(1), m.group(2), m.group(3) or "")
        else:
            piece = _Lit(raw.lower())
        (opt if opt is not None else out).append(piece)
    if opt is not None:
        raise ValueError(f"form {pattern!r}: unclosed [")
    return tuple(out)


def _flatten(parts: Sequence[Any]) -> Iterator[Any]:
    for p in parts:
        if isinstance(p, _Opt):
            yield from p.parts
        else:
            yield p


@dataclass(frozen=True)
class Form:
    """One way of writing an action (see the module table for the pattern syntax).

    Args:
        pattern: e.g. ``"recruit {card:card...} {cell:cell} [{cell2:cell}]"``.
        doc: what the action does, in words (for the notation table).
        clause: the rule clause the action follows.
        fixed: field values this form implies (``{"kind": "write"}``).
        same: field -> another field whose value it takes when left out.
        example: an example of the notation (default: made from the pattern).
    """

    pattern: str
    doc: str = ""
    clause: str = ""
    fixed: Mapping[str, Any] = field(default_factory=dict)
    same: Mapping[str, str] = field(default_factory=dict)
    example: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "parts", _parse_pattern(self.pattern))

    @property
    def verb(self) -> str:
        """The first literal word, or the slot kind in capitals (``COLOUR``)."""
        first = self.parts[0]  # type: ignore[attr-defined]
        return first.word if isinstance(first, _Lit) else first.kind.upper()

    @property
    def has_verb(self) -> bool:
        """True when the form starts with a literal word (its verb)."""
        return isinstance(self.parts[0], _Lit)  # type: ignore[attr-defined]

    def slots(self) -> list[_Slot]:
        """The slots of the pattern, optional ones included."""
        return [p for p in _flatten(self.parts) if isinstance(p, _Slot)]  # type: ignore[attr-defined]

    def shape(self) -> str:
        """The pattern with slots as capitals: ``recruit CARD CELL [CELL]``."""
        def show(p: Any) -> str:
            if isinstance(p, _Lit):
                return p.word
            if isinstance(p, _Slot):
                return p.kind.upper() + ("..." if p.many else "")
            return "[" + " ".join(show(q) for q in p.parts) + "]"
        return " ".join(show(p) for p in self.parts)  # type: ignore[attr-defined]


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == () or value is False


def fit_form(action: "Action") -> Form | None:
    """The first of the action's forms that writes it (fixed fields equal, required slots
    set, every set field written), or None."""
    for form, fixed, required, unwritten in _plans(type(action)):
        if (all(getattr(action, k) == v for k, v in fixed)
                and not any(_empty(getattr(action, n)) for n in required)
                and all(getattr(action, n) == d for n, d in unwritten)):
            return form
    return None


_PLANS: dict[type, tuple[tuple[Form, tuple[tuple[str, Any], ...], tuple[str, ...], tuple[tuple[str, Any], ...]], ...]] = {}


def _plans(cls: type) -> tuple[tuple[Form, tuple[tuple[str, Any], ...], tuple[str, ...], tuple[tuple[str, Any], ...]], ...]:
    """Per form of ``cls`` (made once per class): its fixed fields, the fields its required
    slots write, and the fields it does not write with the default they must keep."""
    plans = _PLANS.get(cls)
    if plans is None:
        out = []
        for form in cls.forms:  # type: ignore[attr-defined]
            required: list[str] = []
            written: set[str] = set(form.fixed) | set(form.same)
            for p in form.parts:  # type: ignore[attr-defined]
                if isinstance(p, _Slot):
                    required.append(p.name)
                    written.add(p.name)
                elif isinstance(p, _Opt):
                    written.update(q.name if isinstance(q, _Slot) else q.word for q in p.parts)
            unwritten = tuple((f.name, f.default if f.default is not MISSING else None)
                              for f in fields(cls) if f.name not in written)
            out.append((form, tuple(form.fixed.items()), tuple(required), unwritten))
        plans = _PLANS[cls] = tuple(out)
    return plans


def _write(value: Any) -> str:
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value)
    return str(value)


def render(action: "Action", form: Form) -> list[tuple[str, bool]]:
    """The words of ``action`` written with ``form``, each with True if it is a cell."""
    out: list[tuple[str, bool]] = []
    for p in form.parts:  # type: ignore[attr-defined]
        if isinstance(p, _Lit):
            out.append((p.word, False))
        elif isinstance(p, _Slot):
            value = getattr(action, p.name)
            if p.kind == "cell" and p.many == "+" and isinstance(value, tuple):
                out.extend((str(v), True) for v in value)  # each cell of a path is a word (a click)
            else:
                out.append((_write(value), p.kind == "cell"))
        else:
            words: list[tuple[str, bool]] = []
            present = True
            for q in p.parts:
                if isinstance(q, _Lit):
                    flag = getattr(action, q.word, None)
                    if flag is False:
                        present = False
                    words.append((q.word, False))
                else:
                    value = getattr(action, q.name)
                    same = form.same.get(q.name)
                    if _empty(value) or (same is not None and value == getattr(action, same)):
                        present = False
                    words.append((_write(value), q.kind == "cell"))
            if present:
                out.extend(words)
    return out


# -- the table and its parser -----------------------------------------------------------------

_BUILTIN_KINDS = frozenset({"cell", "player", "int"})


def _applies(form: Form, ctx: NotationContext) -> bool:
    """True when every vocabulary the form's slots name is one of the game's."""
    return all(s.kind in _BUILTIN_KINDS or s.kind in ctx.vocabularies for s in form.slots())


class _NoMatch(Exception):
    """How far a form matched: ``depth`` words, and whether it failed on a slot's value
    (a word read as a cell, a number...), which says more than a literal word expected."""

    def __init__(self, depth: int, message: str, value: bool = False) -> None:
        super().__init__(message)
        self.depth = depth
        self.message = message
        self.rank = (depth, value)


def _cell_hint(word: str, cells: Collection[str]) -> str:
    """`` (did you mean 'a1'?)`` when ``word`` is a cell written another way: full-width or
    other compatibility characters (``Ａ１``), or a number with leading zeros (``a01``)."""
    import unicodedata

    norm = unicodedata.normalize("NFKC", word).lower()
    norm = re.sub(r"(?<=[a-z])0+(?=[0-9])", "", norm)
    return f" (did you mean {norm!r}?)" if norm != word.lower() and norm in cells else ""


#: Texts remembered per context, and contexts remembered, by :meth:`Notation.parse`.
_KNOWN_TEXTS, _KNOWN_CONTEXTS = 4096, 16


class Notation:
    """A game's notation table: its action classes, in parsing order.

    Args:
        actions: the action classes (each with ``forms``); core's chance actions included
            where the game uses them.
        clauses: the game's clause for a shared action class (core's ``FirstPlayer``, say),
            which carries none of its own.

    >>> from boardkit.core.actions import FirstPlayer
    >>> Notation((FirstPlayer,)).parse("first 1", NotationContext(num_players=2))
    FirstPlayer(player=1)
    """

    def __init__(self, actions: Sequence[type["Action"]], clauses: Mapping[type["Action"], str] | None = None) -> None:
        self.actions = tuple(actions)
        self.clauses: dict[type[Action], str] = dict(clauses or {})
        #: texts already read, per context (by identity, the context kept with them): the
        #: same text read again in the same game gives the same (frozen) Action at once.
        self._parsed: dict[int, tuple[NotationContext, dict[str, Action]]] = {}
        self.forms: tuple[tuple[type[Action], Form], ...] = tuple((cls, f) for cls in self.actions for f in cls.forms)
        #: forms by their first word (a literal verb), and the forms that start otherwise (a
        #: slot or an optional part): :meth:`parse` tries only these for a given first word.
        self._by_verb: dict[str, list[tuple[type[Action], Form]]] = {}
        self._unverbed: list[tuple[type[Action], Form]] = []
        for cls, f in self.forms:
            first = f.parts[0] if f.parts else None  # type: ignore[attr-defined]
            if isinstance(first, _Lit):
                self._by_verb.setdefault(first.word, [])
            else:
                self._unverbed.append((cls, f))
        for cls, f in self.forms:  # keep table order within each list
            first = f.parts[0] if f.parts else None  # type: ignore[attr-defined]
            for word, listed in self._by_verb.items():
                if not isinstance(first, _Lit) or first.word == word:
                    listed.append((cls, f))
        for cls in [*self.actions, *self.clauses]:
            if cls not in self.actions:
                raise ValueError(f"{cls.__name__} has a clause but is not in the table")
            if not cls.forms:
                raise ValueError(f"{cls.__name__} has no notation forms")

    def verbs(self) -> list[str]:
        """The first words of the forms, in table order, without repeats."""
        return list(dict.fromkeys(f.verb for _, f in self.forms))

    def _verb_list(self, ctx: NotationContext) -> list[str]:
        """The verbs for an error message; a form that starts with a word of a vocabulary
        shows the words (``COLOUR (yellow, orange, ...)``)."""
        out: list[str] = []
        for _, form in self.forms:
            if not _applies(form, ctx):
                continue
            first = form.parts[0]  # type: ignore[attr-defined]
            verb = form.verb
            if isinstance(first, _Slot) and first.kind in ctx.vocabularies:
                verb += f" ({', '.join(ctx.vocabularies[first.kind].words)})"
            if verb not in out:
                out.append(verb)
        return out

    def rows(self, ctx: NotationContext | None = None) -> list[dict[str, str]]:
        """The notation table: per form, ``{"form", "action", "doc", "clause", "example"}``.

        Args:
            ctx: a game's context (``game.notation_context()``): each example is then one
                this game reads (see :meth:`example`). None: the forms' own examples.
        """
        return [{"form": f.shape(), "action": cls.__name__, "doc": f.doc, "clause": f.clause or self.clause_of(cls),
                 "example": f.example if ctx is None else self.example(f, ctx)} for cls, f in self.forms]

    def example(self, form: Form, ctx: NotationContext) -> str:
        """An example of ``form`` that this table reads in ``ctx``: the form's own example
        when it does (a form shared by games names words of one game: ``draw Archer``),
        else one made from the pattern with the first word of each slot (first cell, seat
        0, 1, the vocabulary's first word; optional parts left out); '' if neither is read.
        """
        made = []
        for p in form.parts:  # type: ignore[attr-defined]
            if isinstance(p, _Lit):
                made.append(p.word)
            elif isinstance(p, _Slot):
                vocab = ctx.vocabularies.get(p.kind)
                made.append({"cell": min(ctx.cells, default=""), "player": "0", "int": "1"}.get(p.kind)
                            or (vocab.words[0] if vocab is not None and vocab.words else ""))
        for text in (form.example, " ".join(made)):
            try:
                if text:
                    self.parse(text, ctx)
                    return text
            except NotationError:
                pass
        return ""

    def clause_of(self, cls: type["Action"]) -> str:
        """The clause an action class follows in this game ('' if none is named)."""
        return self.clauses.get(cls) or cls.clause or next((f.clause for f in cls.forms if f.clause), "")

    def parse(self, text: str, ctx: NotationContext) -> "Action":
        """Read ``text`` as an action of this table (legal or not).

        Args:
            text: the notation; case and extra spaces are ignored.
            ctx: the game's cells, seats and vocabularies.

        Returns:
            The Action, built from the first form that matches the whole text.

        Raises:
            NotationError: no form matches; the message quotes the text and says which word is
                wrong and what form was expected.
        """
        if not isinstance(text, str):
            raise NotationError(f"an action is written as text, got {shorten(text)}")
        known = self._known(ctx)
        action = known.get(text)
        if action is None:
            action = self._parse(text, ctx)
            if len(known) >= _KNOWN_TEXTS:
                known.clear()
            known[text] = action
        return action

    def _known(self, ctx: NotationContext) -> dict[str, "Action"]:
        """The texts read with ``ctx`` and their actions (kept for the last few contexts)."""
        entry = self._parsed.get(id(ctx))
        if entry is None or entry[0] is not ctx:
            entry = (ctx, {})
            self._parsed[id(ctx)] = entry
            while len(self._parsed) > _KNOWN_CONTEXTS:
                self._parsed.pop(next(iter(self._parsed)), None)
        return entry[1]

    def _parse(self, text: str, ctx: NotationContext) -> "Action":
        """:meth:`parse`, reading the text (which is a str)."""
        if len(text) > MAX_CHARS:
            raise NotationError(f"{shorten(text)}: an action's notation has at most {MAX_CHARS} characters "
                                f"(notation.MAX_CHARS), this one {len(text)}")
        words = text.split()
        if len(words) > MAX_WORDS:
            raise NotationError(f"{shorten(text)}: an action's notation has at most {MAX_WORDS} words "
                                f"(notation.MAX_WORDS), this one {len(words)}")
        if not words:
            raise NotationError(f"empty action text; actions: {', '.join(self.verbs())}")
        best: _NoMatch | None = None
        best_form: Form | None = None
        # A form whose first word is another verb fails at its first word (depth 0) and could
        # only be "best" when every form does, which gives the same "unknown action" message.
        for cls, form in self._by_verb.get(words[0].lower(), self._unverbed):
            if not _applies(form, ctx):
                continue  # a form naming a vocabulary this game lacks (roll DIE FACE with one die)
            try:
                values = self._match(form, words, ctx)
            except _NoMatch as miss:
                if best is None or miss.rank > best.rank:
                    best, best_form = miss, form
                continue
            names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
            kwargs = dict(form.fixed)
            kwargs.update((k, v) for k, v in values.items() if k in names)
            for k, other in form.same.items():
                if k not in values and other in kwargs:
                    kwargs[k] = kwargs[other]
            return cls.build(ctx, **kwargs)
        if best is None or best_form is None or best.depth == 0:
            raise NotationError(f"{shorten(text.strip())}: unknown action {shorten(words[0])}"
                                f"{self._verb_hint(words, ctx)}; actions: {', '.join(self._verb_list(ctx))}")
        shapes = sorted({f.shape() for _, f in self.forms if f.verb == best_form.verb and _applies(f, ctx)})
        raise NotationError(f"{shorten(text.strip())}: {best.message}; expected " + " or ".join(repr(s) for s in shapes))

    def _verb_hint(self, words: list[str], ctx: NotationContext) -> str:
        """For a text whose first word is a word of a verb's first slot (a card, a
        character: ``HermitCub d3``), the text with that verb put first: ``(did you mean
        'recruit HermitCub d3'?)``, or, when no such verb reads it, what the verb with room
        for all the words expects."""
        misses: list[tuple[bool, str]] = []
        for _, form in self.forms:
            parts = form.parts  # type: ignore[attr-defined]
            if not form.has_verb or len(parts) < 2 or not _applies(form, ctx):
                continue
            slot = parts[1]
            if not isinstance(slot, _Slot) or slot.kind in ("cell", "player", "int"):
                continue
            try:
                ctx.vocabulary(slot.kind).resolve(words[0])
            except NotationError:
                continue
            text = " ".join([form.verb, *words])
            try:
                self.parse(text, ctx)
            except NotationError as exc:
                kind = f"{'an' if slot.kind[:1] in 'aeiou' else 'a'} {slot.kind}"
                why = str(exc).split(": ", 1)[-1]
                misses.append((len(form.slots()) < len(words), f" ({shorten(words[0])} is {kind}: as {text!r}, {why})"))
                continue
            return f" (did you mean {text!r}?)"
        return min(misses, key=lambda m: m[0])[1] if misses else ""

    # backtracking matcher: returns field values or raises _NoMatch with how far it got
    def _match(self, form: Form, words: list[str], ctx: NotationContext) -> dict[str, Any]:
        parts = list(form.parts)  # type: ignore[attr-defined]
        found: list[dict[str, Any]] = []
        deepest = [_NoMatch(0, "no match")]

        def fail(depth: int, message: str, value: bool = False) -> None:
            if (depth, value) >= deepest[0].rank:
                deepest[0] = _NoMatch(depth, message, value)

        def go(pi: int, wi: int, acc: dict[str, Any], seq: list[Any]) -> bool:
            if pi == len(seq):
                if wi == len(words):
                    found.append(acc)
                    return True
                fail(wi + 1, f"{shorten(words[wi])} is not expected here")
                return False
            piece = seq[pi]
            if isinstance(piece, _Opt):
                with_opt = seq[:pi] + list(piece.parts) + seq[pi + 1:]
                flags = {q.word: True for q in piece.parts if isinstance(q, _Lit)}
                if go(pi, wi, {**acc, **flags, "__opt__": True}, with_opt):
                    return True
                return go(pi + 1, wi, acc, seq)
            if isinstance(piece, _Lit):
                if wi < len(words) and words[wi].lower() == piece.word:
                    return go(pi + 1, wi + 1, acc, seq)
                if wi >= len(words):  # the text ends before the word: a cut text, whichever form it was meant for
                    fail(wi + 1, "words are missing")
                else:
                    fail(wi + (1 if wi else 0), f"expected {piece.word!r}, not {shorten(words[wi])}")
                return False
            if wi >= len(words):
                fail(wi + 1, f"{'an' if piece.kind[:1] in 'aeiou' else 'a'} {piece.kind} is missing")
                return False
            if piece.many == "+":
                # each word is read once: a tuple of n words is the tuple of n - 1 and one more,
                # and a word that is wrong ends every longer tuple
                got: list[Any] = []
                for n in range(1, len(words) - wi + 1):
                    try:
                        got.append(self._value(_Slot(piece.name, piece.kind, ""), [words[wi + n - 1]], ctx))
                    except NotationError as exc:
                        fail(wi + (1 if wi else 0), str(exc), True)
                        return False
                    if pi + 1 == len(seq) and wi + n < len(words):
                        continue  # the last piece: only the tuple that ends the text can match
                    if go(pi + 1, wi + n, {**acc, piece.name: tuple(got)}, seq):
                        return True
                return False
            spans = range(1, 2)
            if piece.many == "...":
                spans = range(len(words) - wi, 0, -1)  # longest phrase first
            for n in spans:
                try:
                    value = self._value(piece, words[wi:wi + n], ctx)
                except NotationError as exc:
                    fail(wi + (1 if wi else 0), str(exc), True)
                    continue
                if go(pi + 1, wi + n, {**acc, piece.name: value}, seq):
                    return True
            return False

        if go(0, 0, {}, parts):
            values = found[0]
            values.pop("__opt__", None)
            return values
        raise deepest[0]

    @staticmethod
    def _value(slot: _Slot, words: list[str], ctx: NotationContext) -> Any:
        def one(word: str) -> Any:
            if slot.kind == "cell":
                w = word.lower()
                if w not in ctx.cells:
                    raise NotationError(f"{shorten(word)} is not a cell of the board{_cell_hint(word, ctx.cells)}")
                return w
            if slot.kind == "player":
                if not re.fullmatch(r"[0-9]{1,9}", word) or int(word) >= ctx.num_players:
                    played = ctx.num_players if ctx.players is None else ctx.players
                    raise NotationError(f"{shorten(word)} is not a seat (0 .. {played - 1})")
                return int(word)
            if slot.kind == "int":
                if re.fullmatch(r"-?[0-9]{19,}", word):  # a number, only too large to be one here
                    raise NotationError(f"{shorten(word)} is too large: a whole number here has at most "
                                        f"{MAX_INT_DIGITS} digits")
                if not re.fullmatch(r"-?[0-9]{1,18}", word):  # ASCII digits: '²' or '①' are no number
                    raise NotationError(f"{shorten(word)} is not a whole number")
                return int(word)
            return ctx.vocabulary(slot.kind).resolve(word)

        if slot.many == "+":
            return tuple(one(w) for w in words)
        if slot.many == "...":
            if slot.kind in ("cell", "player", "int"):
                raise NotationError(f"a phrase of {slot.kind}s is not a notation")
            return ctx.vocabulary(slot.kind).resolve(" ".join(words))
        return one(words[0])

