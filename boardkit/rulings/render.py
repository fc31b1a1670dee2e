"""Rendering checked rulings as an FAQ: Markdown, and HTML with a static picture of each position.

Source: the results of :func:`boardkit.rulings.check.check`.
"""

from __future__ import annotations

import html
import json
from typing import Any, Sequence
from boardkit.rulings.check import _show
from boardkit.rulings.load import _plain
from boardkit.rulings.model import Result, Ruling


# ----------------------------------------------------------------------------- rendering

def _cells(state: Any, ruling: Ruling) -> tuple[str, ...]:
    """The cells to draw: the question's action(s) in order; for a legal-actions question the
    cell each legal action ends on (after an empty first entry: nothing outlined)."""
    q = ruling.question
    if ruling.kind == "legal_actions":
        ends = []
        for a in state.legal_actions(ruling.seat) if not state.is_terminal() else []:
            a_cells = getattr(a, "cells", ())
            if a_cells and a_cells[-1] not in ends:
                ends.append(a_cells[-1])
        return ("", *ends) if ends else ()
    texts = q.get("legal") or q.get("after") or ()
    texts = [texts] if isinstance(texts, str) else list(texts)
    cells: list[str] = []
    probe = state.clone()
    for t in texts:
        try:
            a = probe.parse_action(t)
        except Exception:  # noqa: BLE001 - a picture never fails a book
            break
        cells += [c for c in getattr(a, "cells", ()) if c not in cells]
        if probe.why_illegal(t, player=ruling.seat) is not None:
            break
        probe.apply_action(t, player=ruling.seat) if ruling.seat is not None else probe.apply_action(t)
    return tuple(cells)


def picture(state: Any, cells: Sequence[str] = (), seat: int | None = None) -> str:
    """The static SVG picture of a position with an action's cells drawn on it: the first
    cell outlined, the others tinted (gridhunt: the path drawn).

    Args:
        state: a State of any of the five games.
        cells: cell names of the action, in order; an empty first name outlines nothing and
            tints the rest (the ends of the legal actions).
        seat: draw that seat's view where the game has one (gridhunt), else the full view.

    Returns:
        SVG text (the game's picture from ``boardkit.viz.<game>``), or "" for an unknown game.
    """
    name = state.game.name
    first, rest = (cells[0] or None if cells else None), list(cells[1:])
    if name == "leaders":
        from boardkit.viz.leaders import hex_svg

        return hex_svg(state, highlights=rest, selected=first, size=16)
    if name == "battle_royale":
        from boardkit.viz.battle_royale import arena_svg

        return arena_svg(state.observation(None), highlights=rest, selected=first, size=40)
    if name == "marabunta":
        from boardkit.viz.marabunta import territory_svg

        return territory_svg(state, highlights=[c for c in cells if c], size=12)
    if name == "gridhunt":
        from boardkit.viz.gridhunt import grid_svg

        if first:  # the action's path
            return grid_svg(state.observation(seat), path=list(cells), cell=20)
        return grid_svg(state.observation(seat), highlights=rest, cell=20)
    if name == "armageddon":
        from boardkit.viz.armageddon import board_svg

        return board_svg(state, highlights=rest, selected=first, scale=10)
    return ""


def _answer_text(values: dict[str, Any]) -> str:
    parts = []
    for k, v in values.items():
        if k == "legal":
            parts.append("legal" if v else "refused")
        elif k in ("includes", "excludes") and isinstance(v, list):
            continue
        elif k == "facts" and isinstance(v, dict):
            parts += [f"{p} = {_show(x)}" for p, x in v.items()]
        elif k == "outcome":
            parts.append("the game goes on" if v is None else
                         f"winners {v['winners']}" + (f" ({v.get('reason', '')}, {v.get('clause', '')})" if v.get("clause") else ""))
        else:
            parts.append(f"{k}: {_show(v) if not isinstance(v, str) else v}")
    return "; ".join(parts)


def _expected_text(want: dict[str, Any]) -> str:
    parts = []
    for k, v in want.items():
        if k == "legal":
            parts.append("legal" if v else "refused")
        elif k == "facts":
            parts += [f"{p} = {_show(x)}" for p, x in v.items()]
        elif k == "outcome":
            parts.append("the game goes on" if v is None else f"winners {v['winners']}" + (f" ({v['clause']})" if "clause" in v else ""))
        elif k in ("includes", "excludes", "actions", "absent", "history"):
            parts.append(f"{k}: " + ", ".join(map(str, v)))
        else:
            parts.append(f"{k}: {v}")
    return "; ".join(parts)


def _group(results: Sequence[Result]) -> list[tuple[Ruling, list[Result]]]:
    out: list[tuple[Ruling, list[Result]]] = []
    for r in results:
        if out and out[-1][0] is r.ruling:
            out[-1][1].append(r)
        else:
            out.append((r.ruling, [r]))
    return out


def render_markdown(results: Sequence[Result]) -> str:
    """The checked rulings as a Markdown FAQ: a table of contents, then per ruling the
    question, each reading's expected and engine answer (FAIL marked), clauses, the seed
    quote and the explanation.

    Returns:
        Markdown text.
    """
    import boardkit

    lines = ["# Rulings", ""]
    groups = _group(results)
    for ruling, rs in groups:
        mark = "" if all(r.passed for r in rs) else " **FAIL**"
        lines.append(f"- [{ruling.game}: {ruling.title}](#{ruling.game}-{ruling.id}){mark}")
    for ruling, rs in groups:
        clauses = boardkit.load_game(ruling.game).clauses
        lines += ["", f'<a id="{ruling.game}-{ruling.id}"></a>', f"## {ruling.title}", "",
                  f"**Q.** {ruling.question['text']}", ""]
        lines += ["| reading | expected | engine | |", "| --- | --- | --- | --- |"]
        for r in rs:
            setting = r.reading.name + (f" (`{r.reading.rules}`" + "".join(f", {k}={v!r}" for k, v in r.reading.options.items()) + ")")
            engine = r.error or _answer_text(r.answer)
            lines.append(f"| {setting} | {_expected_text(r.reading.answer)} | {engine} | {'pass' if r.passed else '**FAIL**'} |")
        lines.append("")
        for cid in ruling.source["clauses"]:
            lines.append(f"- **{cid}** {clauses[cid].text}")
        if ruling.source.get("seed"):
            lines.append(f"- seed: \"{ruling.source['seed']}\"" + (f" ({ruling.source['english']})" if ruling.source.get("english") else ""))
        if ruling.source.get("published"):
            lines.append(f"- published: {ruling.source['published']}")
        if ruling.explanation:
            lines += ["", ruling.explanation]
        notes = {r.version_note for r in rs if r.version_note}
        lines += [f"\n*{n}*" for n in sorted(notes)]
    return "\n".join(lines) + "\n"


_CSS = """<style>
.rulings .ruling{border-top:1px solid #ccc;margin-top:1.2em;padding-top:.4em}
.rulings .pass{color:#1a7f37;font-weight:bold}.rulings .fail{color:#c0392b;font-weight:bold}
.rulings tr.failed td{background:#fdecea;color:#c0392b}
.rulings table{border-collapse:collapse}.rulings td,.rulings th{border:1px solid #ddd;padding:3px 6px;vertical-align:top;text-align:left}
.rulings blockquote{margin:.3em 0 .3em 1em;color:#444;font-style:italic}
.rulings .pictures{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
.rulings .note{color:#8a6d3b}
</style>"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def render_html(results: Sequence[Result], pictures: bool = True, toc: bool = True) -> str:
    """The checked rulings as an HTML FAQ page (self-contained: inline SVG, no script).

    Args:
        results: from :func:`check`, in order (the readings of a ruling next to each other).
        pictures: draw each ruling's position with the action's cells (see :func:`picture`);
            one picture per reading where the readings' positions differ.
        toc: open with a table of contents (failed rulings marked).

    Returns:
        HTML text. A failed reading's row is red and marked FAIL, with the engine's real answer.
    """
    import boardkit

    out = [_CSS, '<div class="rulings">']
    groups = _group(results)
    if toc:
        items = []
        for ruling, rs in groups:
            ok = all(r.passed for r in rs)
            items.append(f'<li><a href="#{ruling.game}-{ruling.id}">{_e(ruling.game)}: {_e(ruling.title)}</a> '
                         f'<span class="{"pass" if ok else "fail"}">{"pass" if ok else "FAIL"}</span></li>')
        out.append(f"<h2>Contents</h2><ol>{''.join(items)}</ol>")
    for ruling, rs in groups:
        clauses = boardkit.load_game(ruling.game).clauses
        ok = all(r.passed for r in rs)
        out.append(f'<div class="ruling" id="{ruling.game}-{ruling.id}"><h3>{_e(ruling.title)} '
                   f'<span class="{"pass" if ok else "fail"}">{"pass" if ok else "FAIL"}</span></h3>')
        out.append(f"<p><b>Q.</b> {_e(ruling.question['text'])}"
                   + (f" <i>(asked for seat {ruling.seat})</i>" if ruling.seat is not None else "") + "</p>")
        if ruling.moves:
            out.append(f"<p>After: <code>{_e(', '.join(ruling.moves))}</code></p>")
        if pictures:
            pics, drawn = [], set()
            for r in rs:
                if r.state is None:
                    continue
                key = json.dumps(_plain(r.state.observation(None)), sort_keys=True, default=str)
                if key in drawn:
                    continue
                drawn.add(key)
                try:
                    svg = picture(r.state, _cells(r.state, ruling), seat=ruling.seat)
                except Exception as exc:  # noqa: BLE001 - a picture never hides the answer
                    svg = f'<p class="fail">no picture: {_e(exc)}</p>'
                label = f"<div><small>{_e(r.reading.name)}</small></div>" if len(rs) > 1 else ""
                pics.append(f"<div>{label}{svg}</div>")
            out.append(f'<div class="pictures">{"".join(pics)}</div>')
        rows = []
        for r in rs:
            opts = "".join(f"<br><code>{_e(k)}={_e(repr(v))}</code>" for k, v in r.reading.options.items())
            engine = _e(r.error or _answer_text(r.answer))
            if r.mismatches:
                engine += "<br>" + "<br>".join(_e(m) for m in r.mismatches)
            seed = clauses[r.clause].seed if r.clause in clauses else ""
            cl = f"<b>{_e(r.clause)}</b> {_e(r.reason)}" + (f"<blockquote>{_e(seed)}</blockquote>" if seed else "") if r.clause else ""
            rows.append(f'<tr class="{"" if r.passed else "failed"}"><td>{_e(r.reading.name)}<br><code>rules={_e(r.reading.rules)}</code>{opts}</td>'
                        f"<td>{_e(_expected_text(r.reading.answer))}</td><td>{engine}</td>"
                        f"<td>{cl}</td><td class=\"{'pass' if r.passed else 'fail'}\">{'pass' if r.passed else 'FAIL'}</td></tr>")
            if r.reading.note:
                rows.append(f'<tr><td></td><td colspan="4" class="note">{_e(r.reading.note)}</td></tr>')
        out.append("<table><tr><th>reading</th><th>expected</th><th>engine's answer</th><th>clause</th><th></th></tr>"
                   + "".join(rows) + "</table>")
        src = "".join(f"<li><b>{_e(cid)}</b> {_e(clauses[cid].title or '')}: {_e(clauses[cid].text)}</li>"
                      for cid in ruling.source["clauses"])
        out.append(f"<ul>{src}</ul>")
        if ruling.source.get("seed"):
            out.append(f"<p>Seed ({_e(boardkit.get_spec(ruling.game).seed)}):</p><blockquote>{_e(ruling.source['seed'])}</blockquote>"
                       + (f"<p>English: {_e(ruling.source['english'])}</p>" if ruling.source.get("english") else ""))
        if ruling.source.get("published"):
            out.append(f"<p>Published: {_e(ruling.source['published'])}</p>")
        if ruling.explanation:
            out.append(f"<p>{_e(ruling.explanation)}</p>")
        if ruling.open:
            out.append('<p class="note">An open point: each reading pins its options.</p>')
        for n in sorted({r.version_note for r in rs if r.version_note}):
            out.append(f'<p class="note">{_e(n)}</p>')
        out.append("</div>")
    out.append("</div>")
    return "\n".join(out)

