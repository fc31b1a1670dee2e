"""Armageddon's seed map (data/rules/armageddon.yaml ``seed_map``) covers the whole seed in
order, and every clause's seed quote is found in the seed (the check the brief describes for
core), and the seed copy in data/seeds is the shared seed byte for byte."""

from __future__ import annotations

import re
import string
from pathlib import Path

import yaml

from boardkit.core.paths import DATA_DIR

SEED = DATA_DIR / "seeds" / "004_108ef70fbb1ba573.txt"
PUNCT = set(string.punctuation) | set(" «»—–…")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_seed_map_covers_the_seed_in_order_with_known_clauses():
    doc = yaml.safe_load((DATA_DIR / "rules" / "armageddon.yaml").read_text(encoding="utf-8"))
    seed = _norm(SEED.read_text(encoding="utf-8"))
    ids = {c["id"] for c in doc["clauses"]}
    pos = 0
    for i, entry in enumerate(doc["seed_map"]):
        text = _norm(entry["seed"])
        at = seed.find(text, pos)
        assert at >= 0, f"seed_map[{i}] not found after the previous entry: {text[:60]!r}"
        assert all(ch in PUNCT for ch in seed[pos:at]), f"seed_map[{i}]: unmapped text before it: {seed[pos:at]!r}"
        pos = at + len(text)
        assert ("clauses" in entry) != ("none" in entry)
        assert all(c in ids for c in entry.get("clauses", [])), entry
    assert all(ch in PUNCT for ch in seed[pos:]), f"unmapped text at the end: {seed[pos:]!r}"
    mapped = {c for e in doc["seed_map"] for c in e.get("clauses", [])}
    assert {c for c in ids if not c.startswith("ARMA-D")} <= mapped | {"ARMA-9"}


def test_every_clause_seed_quote_is_in_the_seed():
    doc = yaml.safe_load((DATA_DIR / "rules" / "armageddon.yaml").read_text(encoding="utf-8"))
    seed = _norm(SEED.read_text(encoding="utf-8"))
    for c in doc["clauses"]:
        quote = c.get("seed")
        if not quote:
            assert c.get("open") or c.get("decides"), f"{c['id']}: no seed quote and neither open nor a decision"
            continue
        at = 0
        for piece in quote.split(" ... "):
            k = seed.find(_norm(piece).strip(), at)
            assert k >= 0, f"{c['id']}: {piece[:60]!r} not in the seed (in order)"
            at = k + len(_norm(piece).strip())


def test_seed_copy_is_the_shared_seed_byte_for_byte():
    shared = Path(__file__).resolve().parents[2] / "shared" / "seeds" / SEED.name
    if shared.exists():
        assert SEED.read_bytes() == shared.read_bytes()
    assert SEED.read_bytes().decode("utf-8").startswith("АРМАГЕДДОН")
