"""Rulings: a game's edge cases as data, checked by the engine and rendered as an FAQ.

A rulings file (``data/rulings/<game>.yaml``, or any file of the same form; schema
``data/rulings/schema.json``, how-to ``docs/rulings.md``) holds rulings. Each ruling sets up a
position (the ``to_position()`` form, or the start) and a list of moves in notation, asks one
question and states the expected answer:

* ``legal: ACTION`` - is the action legal, and if not which clause refuses it and why;
* ``legal_actions: true`` - what are the legal actions;
* ``after: [ACTIONS]`` - what happens after the actions (outcome, facts of the observation,
  who acts next, the legal actions then);
* ``probability: [CHANCE ACTIONS]`` - the exact probability of those chance outcomes in turn;
* ``sees: true`` - what a seat may see (facts of ``observation(seat)``, ``history(seat)``).

A ruling has one ``answer``, or ``readings``: several (name, rules profile, options, answer),
so one question shows both readings of an open rule side by side. Every ruling names the
clauses it rests on and may quote the seed passage (checked against the seed file) or a
published source.

>>> from boardkit import rulings
>>> book = rulings.load("leaders")               # data/rulings/leaders.yaml
>>> results = rulings.check(book)
>>> all(r.passed for r in results)
True

In a test file, one line makes a rulings file into tests::

    test_my_rulings = boardkit.rulings.rulings_tests("my_rulings.yaml")

The modules: ``model`` (the data), ``load`` (reading and checking a file), ``check`` (the
engine's answers, the pytest hook), ``render`` (Markdown and HTML); every name is re-exported here.

Source: the seeds (``data/seeds/``) and clause files (``data/rules/<game>.yaml``) of each game.
"""

from __future__ import annotations

from boardkit.rulings.check import answer, check, check_one, fact, rulings_tests
from boardkit.rulings.load import books, load, quote_in_seed, schema
from boardkit.rulings.model import KINDS, RULINGS_DIR, Reading, Result, Ruling, RulingsError
from boardkit.rulings.render import _cells as _cells  # the tests draw with it
from boardkit.rulings.render import picture, render_html, render_markdown

__all__ = [
    "KINDS",
    "RULINGS_DIR",
    "Reading",
    "Result",
    "Ruling",
    "RulingsError",
    "answer",
    "books",
    "check",
    "check_one",
    "fact",
    "load",
    "picture",
    "quote_in_seed",
    "render_html",
    "render_markdown",
    "rulings_tests",
    "schema",
]
