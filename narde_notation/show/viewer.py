"""A game viewer: one self-contained HTML page to step through a replayed game.

:func:`game_page` writes the page (``narde show --format html``,
``GameReport.to_html()``); :func:`viewer_html` writes the same viewer as a
fragment for Jupyter (:mod:`narde_notation.show.jupyter`).  The page needs no
network: the boards are inline SVG (:func:`narde_notation.show.board_svg.board_drawing`,
one ``<g>`` per ply over one shared board), the style and the script are
inline, and there are no fonts or images to fetch.

Plies: ply 0 is the start position, ply ``k`` the position after the
``k``-th half-turn (``report.turns[k - 1].after``).  The page shows ply
``ply`` first (default 0; a page opened as ``page.html#ply=K`` shows ply
K); the buttons, the arrow keys (← →, Home, End) and a click on a move
change it.  Both pip counts are text (``"White 349
pips"``); the findings of a half-turn are shown with it.

Stable element ids of :func:`game_page` (for tests and scripts):
``white-pips``, ``black-pips``, ``where`` (what the ply is), ``first``,
``prev``, ``next``, ``last`` (buttons), ``moves`` (the move table, each
half-turn a ``.move`` element with ``data-ply``), ``findings``; the
fragment prefixes them with a unique id so that several viewers can share
a notebook.

Moves are shown in the project's one move text
(:meth:`narde_notation.model.record.HalfTurn.to_text`: ``65: 24/18 18/13``, ``6/off``
for a bear-off whatever the file wrote).  Record text (names, tags, moves,
messages) is passed through :func:`escape` before it reaches the page.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING

from narde_notation.analysis.marks import MARK_COLOURS, MARK_SYMBOLS
from narde_notation.model.safe_text import html_text as escape
from narde_notation.model.safe_text import visible
from narde_notation.model.side import Side
from narde_notation.show.board_svg import board_drawing

if TYPE_CHECKING:
    from narde_notation.analysis.game import GameAnalysis, HalfTurnAnalysis
    from narde_notation.model.findings import Finding
    from narde_notation.replay.validation import GameReport, TurnReplay
    from narde_notation.rules.position import Position

__all__ = ["game_page", "viewer_html"]

_CSS = """
.narde-viewer{font-family:sans-serif;color:#222;display:flex;flex-wrap:wrap;gap:16px;
 align-items:flex-start;outline:none}
.narde-viewer h1{font-size:1.2em;margin:0 0 4px 0}
.narde-viewer .side{min-width:260px;max-width:420px}
.narde-viewer .board{max-width:100%}
.narde-viewer .board svg{max-width:100%;height:auto}
.narde-viewer .pips{font-size:1.05em;font-weight:bold;margin:4px 0}
.narde-viewer .where{margin:4px 0;min-height:1.2em}
.narde-viewer .controls button{font-size:1em;margin-right:4px;min-width:2.4em}
.narde-viewer table{border-collapse:collapse;font-size:90%;margin:6px 0}
.narde-viewer td,.narde-viewer th{border:1px solid #ccc;padding:1px 6px;text-align:left}
.narde-viewer .moves-box{max-height:420px;overflow-y:auto;position:relative}
.narde-viewer .move[data-ply]{cursor:pointer}
.narde-viewer .move[data-ply]:hover{background:#f3e9d2}
.narde-viewer .move.current{background:#f5cba7;font-weight:bold}
.narde-viewer .move.unplayed{color:#999}
.narde-viewer .err{color:#a00}.narde-viewer .warn{color:#a60}
.narde-viewer ul.findings{padding-left:1.2em;margin:4px 0}
.narde-viewer .tags th{font-weight:normal;color:#555}
.narde-viewer .glyph{font-weight:bold;margin-left:2px}
.narde-viewer .analysis{margin:4px 0;min-height:2.4em;font-size:95%}
.narde-viewer .graph{width:100%;max-width:420px;height:auto;display:block;margin:4px 0;
 border:1px solid #ccc;cursor:pointer}
""" + "".join(f".narde-viewer .mark-{mark.replace(' ', '-')}{{color:{colour}}}"
              for mark, colour in MARK_COLOURS.items()) + "\n"

_SCRIPT = r"""
(function(){
var root=document.getElementById(%(root)s);if(!root)return;
var pips=%(pips)s,where=%(where)s,n=pips.length-1,cur=%(start)s;
var ana=%(analysis)s;
var h=%(hash)s&&/[#&]ply=(\d+)/.exec(location.hash);if(h)cur=Math.min(+h[1],n);
function q(role){return root.querySelector('[data-role="'+role+'"]');}
function show(k){
 if(k<0)k=0;if(k>n)k=n;cur=k;
 var els=root.querySelectorAll('[data-state]');
 for(var i=0;i<els.length;i++){
  els[i].style.display=(+els[i].getAttribute('data-state')===k)?'':'none';}
 var ms=root.querySelectorAll('.move[data-ply]');
 for(var j=0;j<ms.length;j++){
  ms[j].classList.toggle('current',+ms[j].getAttribute('data-ply')===k);}
 q('white-pips').textContent='White '+pips[k][0]+(pips[k][0]==1?' pip':' pips');
 q('black-pips').textContent='Black '+pips[k][1]+(pips[k][1]==1?' pip':' pips');
 q('where').textContent=where[k];
 q('first').disabled=q('prev').disabled=(k===0);
 q('next').disabled=q('last').disabled=(k===n);
 if(ana){var p=q('analysis');p.textContent=ana.info[k];p.className='analysis'+
  (ana.marks[k]?' mark-'+ana.marks[k]:'');
  var c0=q('cursor');c0.setAttribute('x1',ana.x[k]);c0.setAttribute('x2',ana.x[k]);
  q('prev-mistake').disabled=!ana.mistakes.some(function(m){return m<k;});
  q('next-mistake').disabled=!ana.mistakes.some(function(m){return m>k;});}
 var box=root.querySelector('.moves-box'),c=root.querySelector('.move.current');
 if(box&&c){var top=c.offsetTop,bottom=top+c.offsetHeight;
  if(top<box.scrollTop||bottom>box.scrollTop+box.clientHeight){
   box.scrollTop=Math.max(0,top-box.clientHeight/2);}}
}
function mistake(step){if(!ana)return;var m=ana.mistakes;
 if(step>0){for(var i=0;i<m.length;i++)if(m[i]>cur){show(m[i]);return;}}
 else{for(var j=m.length-1;j>=0;j--)if(m[j]<cur){show(m[j]);return;}}}
var go={first:function(){show(0);},prev:function(){show(cur-1);},
 next:function(){show(cur+1);},last:function(){show(n);},
 'next-mistake':function(){mistake(1);},'prev-mistake':function(){mistake(-1);}};
root.addEventListener('click',function(e){
 var b=e.target.closest('[data-role]');
 if(b&&go[b.getAttribute('data-role')]){go[b.getAttribute('data-role')]();return;}
 var m=e.target.closest('.move[data-ply],.graph [data-ply]');
 if(m&&root.contains(m))show(+m.getAttribute('data-ply'));
});
var keys={ArrowRight:'next',ArrowLeft:'prev',Home:'first',End:'last'};
if(ana){keys.n='next-mistake';keys.p='prev-mistake';}
%(keys_target)s.addEventListener('keydown',function(e){
 if(e.altKey||e.ctrlKey||e.metaKey||!keys[e.key])return;
 var t=e.target&&e.target.tagName;if(t==='INPUT'||t==='TEXTAREA')return;
 e.preventDefault();go[keys[e.key]]();
});
show(cur);
})();
"""


def _json(value: object) -> str:
    """JSON safe inside a ``<script>`` element (no ``<``, ``>``, ``&`` as such)."""
    text = json.dumps(value, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _finding_item(f: Finding) -> str:
    cls = "err" if f.is_error else "warn"
    line = f"line {f.line}: " if f.line is not None else ""
    return (f'<li class="{cls}">{line}{escape(f.severity.value)}[{escape(f.code)}] '
            f"{escape(f.message)}</li>")


def _states(report: GameReport) -> list[tuple[Position, TurnReplay | None]]:
    """(position, the half-turn that led to it) per ply, as far as the replay went."""
    return list(zip(report.positions(), [None, *report.turns], strict=False))


def _where(k: int, turn: TurnReplay | None, total: int) -> str:
    if turn is None:
        return f"Start (0 of {total})"
    side = turn.side.name_lower.capitalize()
    return f"After half-turn {k} of {total}: {side} {visible(str(turn.half_turn))}"


#: the win-probability graph's drawing box (SVG user units).
_GRAPH_W, _GRAPH_H = 400, 100


def _half_turn_info(h: HalfTurnAnalysis) -> str:
    """What the analysis panel says after a rated half-turn (plain text)."""
    side = h.side.name_lower.capitalize()
    text = f"White wins {100 * h.white_win:.1f}% · {side} {h.roll}: {h.played}"
    if h.forced:
        text += " (forced)"
    elif h.loss >= 0.0005:
        mark = f", {h.mark}" if h.mark else ""
        text += f" lost {h.loss:.3f}{mark}; best {h.best}"
    else:
        text += " (best)"
    luck = f" ({h.luck_mark})" if h.luck_mark else ""
    return visible(f"{text} · luck {h.luck:+.3f}{luck}" + (" · exact" if h.exact else ""))


def _analysis_parts(analysis: GameAnalysis, n: int, pid: Callable[[str], str]
                    ) -> tuple[dict[str, object], str]:
    """The script's analysis data (per ply: panel text, mark, graph x; the marked
    plies) and the panel, mistake buttons and graph HTML."""
    rated = {h.ply: h for h in analysis.half_turns}
    info: list[str] = []
    marks: list[str | None] = []
    chance: list[float | None] = []
    for k in range(n + 1):
        h = rated.get(k)
        if k == 0:
            start = analysis.start_white_win
            info.append("Start" + ("" if start is None else f": White wins {100 * start:.1f}%"))
            chance.append(start)
        elif h is None:
            info.append("Not analysed (the analysis stops at the game's first error)")
            chance.append(None)
        else:
            info.append(_half_turn_info(h))
            chance.append(h.white_win)
        marks.append(None if h is None or h.mark is None else h.mark.replace(" ", "-"))
    step = _GRAPH_W / max(n, 1)
    xs = [round(k * step, 2) for k in range(n + 1)]

    def y(p: float) -> float:
        return round((1 - p) * _GRAPH_H, 2)

    points = " ".join(f"{xs[k]},{y(c)}" for k, c in enumerate(chance) if c is not None)
    known = [k for k, c in enumerate(chance) if c is not None]
    area = ""
    if known:
        area = (f'<polygon points="{xs[known[0]]},{_GRAPH_H / 2} {points} '
                f'{xs[known[-1]]},{_GRAPH_H / 2}" fill="#c8a165" fill-opacity="0.45"/>')
    dots = "".join(
        f'<circle cx="{xs[k]}" cy="{y(chance[k] or 0.0)}" r="3" '
        f'fill="{MARK_COLOURS[rated[k].mark or ""]}"/>'
        for k in range(1, n + 1) if k in rated and rated[k].mark)
    hits = "".join(f'<rect data-ply="{k}" x="{max(0.0, xs[k] - step / 2):.2f}" y="0" '
                   f'width="{step:.2f}" height="{_GRAPH_H}" fill="transparent"/>'
                   for k in range(n + 1))
    graph = (f'<svg class="graph" id="{pid("graph")}" viewBox="0 0 {_GRAPH_W} {_GRAPH_H}" '
             f'role="img" aria-label="White\'s winning chance after each half-turn">'
             f'<rect width="{_GRAPH_W}" height="{_GRAPH_H}" fill="#3b2a1e" fill-opacity="0.25"/>'
             f'{area}<line x1="0" y1="{_GRAPH_H / 2}" x2="{_GRAPH_W}" y2="{_GRAPH_H / 2}" '
             f'stroke="#888" stroke-width="0.5"/>'
             f'<polyline points="{points}" fill="none" stroke="#333" stroke-width="1.2"/>'
             f'{dots}<line data-role="cursor" x1="0" y1="0" x2="0" y2="{_GRAPH_H}" '
             f'stroke="#a00" stroke-width="1"/>{hits}</svg>')
    mistakes = [k for k in range(1, n + 1) if marks[k]]
    buttons = (f'<button type="button" id="{pid("prev-mistake")}" data-role="prev-mistake" '
               f'title="previous mistake (p)">◀?</button>'
               f'<button type="button" id="{pid("next-mistake")}" data-role="next-mistake" '
               f'title="next mistake (n)">?▶</button>')
    panel = (f'<p class="analysis" id="{pid("analysis")}" data-role="analysis"></p>'
             f'<div class="controls">{buttons}</div>{graph}')
    return {"info": info, "marks": marks, "x": xs, "mistakes": mistakes}, panel


def viewer_html(
    report: GameReport,
    *,
    ply: int | None = None,
    title: str | None = None,
    root_id: str | None = None,
    keys_on_document: bool = False,
    board_size: int = 440,
    from_side: Side = Side.WHITE,
    analysis: GameAnalysis | None = None,
) -> str:
    """The viewer as an HTML fragment (``<style>``, ``<div>``, ``<script>``).

    Args:
        report: the replayed game (:func:`narde_notation.replay.validation.validate`).
        ply: the ply shown first, 0 … the last replayed (clamped); default 0.
        title: the heading; default "White (White) vs Black (Black)".
        root_id: the id of the viewer's ``<div>``; element ids inside are
            ``"<root_id>-next"`` and so on.  Default: a fresh unique id.
            ``""`` gives the page's plain ids (``next``, ``white-pips``, …).
        keys_on_document: arrow keys work anywhere on the page (the
            standalone page); otherwise only when the viewer has the focus
            (a notebook, whose own keys must keep working).
        board_size: the board's width in pixels.
        from_side: draw the boards as this side sees them.
        analysis: the game's :class:`~narde_notation.analysis.game.GameAnalysis`:
            each marked move is coloured and followed by ``?!``, ``?`` or
            ``??``; a panel (id ``analysis``) says White's winning chance, the
            loss and the best turn at each ply; buttons ``prev-mistake`` and
            ``next-mistake`` (keys ``p`` and ``n``) jump between marked
            half-turns; a graph (id ``graph``) of White's winning chance
            jumps to the half-turn clicked.

    Returns:
        The HTML text.  Never raises on a bad record: a game without a start
        position shows its findings and moves without a board.
    """
    record = report.record
    root = root_id if root_id is not None else f"narde-{uuid.uuid4().hex[:10]}"
    div_id = root or "narde-viewer"

    def pid(name: str) -> str:
        return f"{root}-{name}" if root else name

    states = _states(report)
    n = max(len(states) - 1, 0)
    start = 0 if ply is None else max(0, min(int(ply), n))
    total = len(record.half_turns)
    heading = title if title is not None else (
        f"{record.white or 'White'} (White) vs {record.black or 'Black'} (Black)")

    # boards: the board layer once, one <g> per ply of the play layer
    board_parts: list[str] = []
    pips: list[list[int]] = []
    where: list[str] = []
    for k, (pos, turn) in enumerate(states):
        outcome = report.outcome if k == n and report.outcome is not None else None
        drawing = board_drawing(
            pos, size=board_size, from_side=from_side, outcome=outcome,
            dice=None if turn is None else turn.half_turn.dice,
            mover=None if turn is None else turn.side,
            before=None if turn is None else turn.before,
        )
        if k == 0:
            board_parts.append(drawing.svg_open())
            board_parts.append(drawing.elements("board"))
        hidden = "" if k == start else ' style="display:none"'
        play = drawing.elements("play")
        board_parts.append(f'<g class="ply" data-state="{k}"{hidden}>{play}</g>')
        pips.append(list(pos.pip_counts()))
        where.append(_where(k, turn, total))
    if board_parts:
        board_parts.append("</svg>")
        board_html = f'<div class="board">{"".join(board_parts)}</div>'
    else:
        board_html = ('<p class="err">No board: the start position is unusable '
                      "(see the findings).</p>")
        pips = [[0, 0]]
        where = ["No start position"]

    # move table: one row per turn number
    in_turn: set[int] = set()
    turn_findings: dict[int, tuple[Finding, ...]] = {}
    for turn in report.turns:
        turn_findings[turn.ply] = turn.findings
        in_turn.update(id(f) for f in turn.findings)
    rows: list[str] = []
    cells: dict[str, str] = {}

    def flush() -> None:
        if cells:
            rows.append("<tr>" + "".join(
                cells.get(k, "<td></td>") for k in ("n", "white", "black")) + "</tr>")
            cells.clear()

    marked = {h.ply: h for h in analysis.half_turns} if analysis is not None else {}
    turn_no = 0
    for i, half in enumerate(record.half_turns):
        side = half.side.name_lower
        if side == "white" or not cells or side in cells:
            flush()
            turn_no += 1
            cells["n"] = f"<td>{half.number if half.number is not None else turn_no}</td>"
        codes = "".join(
            f' <span class="{"err" if f.is_error else "warn"}">[{escape(f.code)}]</span>'
            for f in turn_findings.get(i, ()))
        text = escape(str(half))
        rated = marked.get(i + 1)
        if i + 1 <= n:
            current = " current" if i + 1 == start else ""
            if rated is not None and rated.mark:
                current += f" mark-{rated.mark.replace(' ', '-')}"
                text += (f'<span class="glyph" title="{rated.mark}: -{rated.loss:.3f}">'
                         f"{MARK_SYMBOLS[rated.mark]}</span>")
            cells[side] = (f'<td class="move{current}" data-ply="{i + 1}">{text}{codes}</td>')
        else:
            cells[side] = f'<td class="move unplayed" title="not replayed">{text}{codes}</td>'
        if side == "black":
            flush()
    flush()
    moves_html = (
        f'<div class="moves-box"><table class="moves" id="{pid("moves")}">'
        "<tr><th>#</th><th>White</th><th>Black</th></tr>" + "".join(rows) + "</table></div>"
    )

    # findings: per ply (shown with it) and the game's own
    ply_findings = []
    for k in range(n + 1):
        items = "".join(_finding_item(f) for f in turn_findings.get(k - 1, ()))
        # a half-turn the replay stopped at is shown with the last ply
        if k == n:
            items += "".join(_finding_item(f) for t in report.turns[n:] for f in t.findings)
        hidden = "" if k == start else ' style="display:none"'
        ply_findings.append(f'<ul class="findings" data-state="{k}"{hidden}>{items}</ul>')
    game_items = "".join(_finding_item(f) for f in report.findings if id(f) not in in_turn)
    summary = f"replayed {escape(report.result)}"
    if report.kind:
        plural = "" if report.points == 1 else "s"
        summary += f" ({escape(report.kind)}, {report.points} point{plural})"
    ne, nw = len(report.errors), len(report.warnings)
    summary += (f"; {ne} error{'' if ne == 1 else 's'}, {nw} warning{'' if nw == 1 else 's'}")
    tags = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>"
                   for k, v in record.tags.items())

    w0, b0 = pips[start]
    analysis_data: dict[str, object] | None = None
    analysis_html = ""
    if analysis is not None and board_parts:
        analysis_data, analysis_html = _analysis_parts(analysis, n, pid)

    def button(role: str, label: str, tip: str) -> str:
        return (f'<button type="button" id="{pid(role)}" data-role="{role}" '
                f'title="{tip}">{label}</button>')

    controls = (button("first", "|◀", "start (Home)") + button("prev", "◀", "back (←)")
                + button("next", "▶", "forward (→)") + button("last", "▶|", "end (End)"))
    side_html = (
        f"<h1>{escape(heading)}</h1><p>{summary}</p>"
        f'<p class="pips"><span id="{pid("white-pips")}" data-role="white-pips">'
        f"White {_pips(w0)}</span> · "
        f'<span id="{pid("black-pips")}" data-role="black-pips">Black {_pips(b0)}</span></p>'
        f'<p class="where" id="{pid("where")}" data-role="where">{escape(where[start])}</p>'
        f'<div class="controls">{controls}</div>{analysis_html}'
        f'<div id="{pid("findings")}">{"".join(ply_findings)}'
        + (f'<ul class="findings game">{game_items}</ul>' if game_items else "")
        + f"</div>{moves_html}"
        + (f'<details><summary>Tags</summary><table class="tags">{tags}</table></details>'
           if tags else "")
    )
    script = _SCRIPT % {
        "root": _json(div_id), "pips": _json(pips), "where": _json(where),
        "start": start, "keys_target": "document" if keys_on_document else "root",
        "analysis": _json(analysis_data),
        "hash": "true" if keys_on_document else "false",
    }
    return (f"<style>{_CSS}</style>"
            f'<div class="narde-viewer" id="{div_id}" tabindex="0">{board_html}'
            f'<div class="side">{side_html}</div></div><script>{script}</script>')


def _pips(n: int) -> str:
    """``"349 pips"``, ``"1 pip"``."""
    return f"{n} pip" if n == 1 else f"{n} pips"


def game_page(report: GameReport, *, ply: int | None = None, title: str | None = None,
              from_side: Side = Side.WHITE, analysis: GameAnalysis | None = None) -> str:
    """One self-contained HTML page to step through ``report``'s game.

    No network access: inline SVG boards, inline style and script, no
    fonts or images.  Shows the board of ply ``ply`` (0 = start, default;
    ``k`` = after the ``k``-th half-turn; clamped to what was replayed),
    both pip counts as text (``"White 349 pips"``, ids ``white-pips`` and
    ``black-pips``), the move table (``.move`` elements with ``data-ply``,
    the current one highlighted), the findings of the current half-turn and
    the game's own, buttons (ids ``first``, ``prev``, ``next``, ``last``)
    and the arrow keys to step, a click on a move to jump to it.

    Args:
        report: the replayed game.
        ply: the ply shown first.
        title: the page title and heading (default: the players).
        from_side: the side whose view the boards are drawn from.
        analysis: the game analysed: marks, panel, mistake jumps and graph
            (:func:`viewer_html`).

    Returns:
        The page, ``<!DOCTYPE html>`` first.
    """
    record = report.record
    heading = title if title is not None else (
        f"{record.white or 'White'} (White) vs {record.black or 'Black'} (Black)")
    body = viewer_html(report, ply=ply, title=heading, root_id="", keys_on_document=True,
                       from_side=from_side, analysis=analysis)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(heading)}</title></head>\n<body>{body}</body></html>\n"
    )
