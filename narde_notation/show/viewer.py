"""A game viewer: one HTML page to step through a replayed game.

:func:`game_page` writes the page (``narde show --format html``,
``GameReport.to_html()``, the club report's game pages); :func:`viewer_html`
writes the same viewer as a fragment for Jupyter
(:mod:`narde_notation.show.jupyter`).  The page carries the game as data,
not as drawn boards: the board layer (wood, points, numbers) once as SVG
(:func:`narde_notation.show.board_svg.board_drawing`), and a JSON object
(``<script type="application/json" class="narde-data">``) with each ply's
position, marks, dice, texts and the analysis (the ply shown first is drawn
as SVG as well, for a static render without the script); one script,
``show/assets/viewer.js``, draws the checkers of the ply shown from it
with the still picture's layout and paint
(:func:`narde_notation.show.board_svg.viewer_geometry`).  The script and
the style sheet (:func:`viewer_assets`) are inline in a standalone page and
a notebook output, and shared files in the club report
(``game_page(..., assets="../assets/")``).  No network, no fonts or images.
About 50 KB for a 90-half-turn game (0.43 MB when every ply was an SVG).

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
(:meth:`narde_notation.model.record.HalfTurn.to_text`: ``65: 24/13``, ``6/off``
for a bear-off whatever the file wrote), a legal half-turn in the shortest
standard form (:func:`half_turn_shown`).  Record text (names, tags, moves,
messages) is passed through :func:`escape` before it reaches the page.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable, Mapping
from importlib import resources
from typing import TYPE_CHECKING

from narde_notation.analysis import MARK_COLOURS, MARK_SYMBOLS, signed
from narde_notation.formats import shortest_half_turn
from narde_notation.model import Side, own_to_absolute, script_json, visible
from narde_notation.model import html_text as escape
from narde_notation.show.board_svg import (
    board_drawing,
    info_text,
    moved_points,
    status_text,
    viewer_geometry,
)

if TYPE_CHECKING:
    from narde_notation.analysis import GameAnalysis, HalfTurnAnalysis
    from narde_notation.model import Finding, GameRecord, Ruleset
    from narde_notation.replay import GameReport, TurnReplay
    from narde_notation.rules import Outcome, Position

__all__ = ["ASSET_NAMES", "game_page", "half_turn_shown", "ply_data", "viewer_assets",
           "viewer_html"]

#: The viewer's script and style: package data (``show/assets``), one copy each,
#: inlined in a standalone page or a notebook output, shared files in the club report.
ASSET_NAMES = ("viewer.js", "viewer.css")


def viewer_assets() -> dict[str, str]:
    """The viewer's script and style sheet: ``{"viewer.js": ..., "viewer.css": ...}``.

    The script is ``show/assets/viewer.js`` as shipped; the style sheet is
    ``show/assets/viewer.css`` followed by the mark colours
    (:data:`narde_notation.analysis.marks.MARK_COLOURS`, ``.mark-bad`` …).
    The club report writes them once into ``assets/`` for all its pages.
    """
    return {"viewer.js": _asset("viewer.js"), "viewer.css": _css()}


@functools.cache
def _asset(name: str) -> str:
    return (resources.files("narde_notation.show") / "assets" / name).read_text("utf-8")


def _css() -> str:
    marks = "".join(f".narde-viewer .mark-{mark.replace(' ', '-')}{{color:{colour}}}"
                    for mark, colour in MARK_COLOURS.items())
    return _asset("viewer.css") + marks + "\n"


def _finding_item(f: Finding) -> str:
    cls = "err" if f.is_error else "warn"
    line = f"line {f.line}: " if f.line is not None else ""
    return (f'<li class="{cls}">{line}{escape(f.severity.value)}[{escape(f.code)}] '
            f"{escape(f.message)}</li>")


def _states(report: GameReport) -> list[tuple[Position, TurnReplay | None]]:
    """(position, the half-turn that led to it) per ply, as far as the replay went."""
    return list(zip(report.positions(), [None, *report.turns], strict=False))


def half_turn_shown(turn: TurnReplay, rules: Ruleset | None = None) -> str:
    """A replayed half-turn's text as the viewer shows it: a legal one (no
    error among its findings) in the shortest standard form as players write
    it (:func:`~narde_notation.formats.writer.shortest_half_turn`: ``65: 24/13``)
    when that form reads back to the same position under ``rules``; else as
    written, so a finding's move can be found."""
    half = turn.half_turn
    if turn.after is None or any(f.is_error for f in turn.findings):
        return str(half)
    shown = shortest_half_turn(half)
    if shown is half or shown.moves == half.moves:
        return str(half)
    from narde_notation.rules import check_turn

    check = check_turn(turn.before, shown, rules=rules)
    return str(shown) if check.legal and check.position == turn.after else str(half)


def _where(k: int, turn: TurnReplay | None, total: int, rules: Ruleset | None = None) -> str:
    if turn is None:
        return f"Start (0 of {total})"
    side = turn.side.name_lower.capitalize()
    return f"After half-turn {k} of {total}: {side} " + visible(half_turn_shown(turn, rules))


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
    exact = " · exact" if h.exact else ""
    return visible(f"{text} · luck {signed(h.luck).lstrip()}{luck}{exact}")


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
    # the script adds one transparent hit box per ply (x ± step / 2): a click jumps there
    graph = (f'<svg class="graph" id="{pid("graph")}" data-role="graph" '
             f'viewBox="0 0 {_GRAPH_W} {_GRAPH_H}" '
             f'role="img" aria-label="White\'s winning chance after each half-turn">'
             f'<rect width="{_GRAPH_W}" height="{_GRAPH_H}" fill="#3b2a1e" fill-opacity="0.25"/>'
             f'{area}<line x1="0" y1="{_GRAPH_H / 2}" x2="{_GRAPH_W}" y2="{_GRAPH_H / 2}" '
             f'stroke="#888" stroke-width="0.5"/>'
             f'<polyline points="{points}" fill="none" stroke="#333" stroke-width="1.2"/>'
             f'{dots}<line data-role="cursor" x1="0" y1="0" x2="0" y2="{_GRAPH_H}" '
             f'stroke="#a00" stroke-width="1"/>'
             # the y axis: White's winning chance
             f'<g font-size="8" fill="#333"><text x="2" y="8">100%</text>'
             f'<text x="2" y="{_GRAPH_H / 2 - 2}">50%</text>'
             f'<text x="2" y="{_GRAPH_H - 2}">0%</text></g></svg>')
    swatches = " ".join(
        f'<span style="color:{MARK_COLOURS[mark]}">●</span> {MARK_SYMBOLS[mark]} {mark}'
        for mark in MARK_COLOURS if mark)
    graph += (f'<p class="graph-legend" data-role="graph-legend">The line: White\'s winning'
              f" chance (up, 0-100%; above the middle, White is ahead) after each"
              f" half-turn (across, 0 to {n}: click one to go there); dots: {swatches}</p>")
    mistakes = [k for k in range(1, n + 1) if marks[k]]
    buttons = (f'<button type="button" id="{pid("prev-mistake")}" data-role="prev-mistake" '
               f'title="previous mistake (p)">◀?</button>'
               f'<button type="button" id="{pid("next-mistake")}" data-role="next-mistake" '
               f'title="next mistake (n)">?▶</button>')
    panel = (f'<p class="analysis" id="{pid("analysis")}" data-role="analysis"></p>'
             f'<div class="controls">{buttons}</div>{graph}')
    return {"info": info, "marks": marks, "x": xs, "mistakes": mistakes,
            "step": round(step, 2), "h": _GRAPH_H}, panel


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
    inline_assets: bool = True,
) -> str:
    """The viewer as an HTML fragment (``<style>``, ``<div>``, ``<script>``).

    The ``<div>`` holds the board layer (wood, points, numbers) as SVG and
    the game as data, a ``<script type="application/json"
    class="narde-data">`` (positions per ply, pips, texts, analysis: see
    :func:`ply_data` and :func:`~narde_notation.show.board_svg.viewer_geometry`);
    the script (``show/assets/viewer.js``) draws the checkers, marks and
    dice of the ply shown from it.  Record text in the data is JSON with
    ``<``, ``>``, ``&``, U+2028/2029 escaped and is set as ``textContent``.

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
        inline_assets: put the style and the script in the fragment (True:
            a notebook output, a standalone page); False gives the ``<div>``
            alone, for a page that loads :func:`viewer_assets` as files.

    Returns:
        The HTML text.  Never raises on a bad record: a game without a start
        position shows its findings and moves without a board.
    """
    record = report.record
    root = root_id if root_id is not None else f"narde-{uuid.uuid4().hex[:10]}"
    pid = _ids(root)
    states = _states(report)
    n = max(len(states) - 1, 0)
    start = 0 if ply is None else max(0, min(int(ply), n))
    heading = title if title is not None else _players(record)
    plies, pips, where, board_html = _board_parts(report, states, start, board_size, from_side)
    analysis_data, analysis_html = (
        _analysis_parts(analysis, n, pid) if analysis is not None and states else (None, ""))
    side_html = (
        f"<h1>{escape(heading)}</h1><p>{_summary(report)}</p>"
        + _pips_html(pid, pips[start], where[start])
        + f'<div class="controls">{_step_buttons(pid)}</div>{analysis_html}'
        + _findings_html(report, n, start, pid)
        + _moves_html(report, analysis, n, start, pid)
        + _tags_html(record.tags)
    )
    data = {
        "board": viewer_geometry(board_size, from_side) if states else None,
        "plies": plies, "pips": pips, "where": where, "start": start,
        "keys": "document" if keys_on_document else "root", "hash": keys_on_document,
        "analysis": analysis_data,
    }
    div = (f'<div class="narde-viewer" id="{root or "narde-viewer"}" tabindex="0">{board_html}'
           f'<div class="side">{side_html}</div>'
           f'<script type="application/json" class="narde-data">{script_json(data)}</script></div>')
    return _with_assets(div) if inline_assets else div


def _with_assets(div: str) -> str:
    """``div`` with the viewer's style before it and its script after it."""
    assets = viewer_assets()
    return f'<style>{assets["viewer.css"]}</style>{div}<script>{assets["viewer.js"]}</script>'


def _pips_html(pid: Callable[[str], str], pips: list[int], where: str) -> str:
    """Both pip counts (``White 349 pips``) and what the ply is, as the page shows them first."""
    w0, b0 = pips
    return (f'<p class="pips"><span id="{pid("white-pips")}" data-role="white-pips">'
            f"White {_pips(w0)}</span> · "
            f'<span id="{pid("black-pips")}" data-role="black-pips">Black {_pips(b0)}</span></p>'
            f'<p class="where" id="{pid("where")}" data-role="where">{escape(where)}</p>')


def _ids(root: str) -> Callable[[str], str]:
    """The element ids of a viewer: ``"<root>-next"``, or ``"next"`` when ``root`` is ``""``."""

    def pid(name: str) -> str:
        return f"{root}-{name}" if root else name

    return pid


def _board_parts(report: GameReport, states: list[tuple[Position, TurnReplay | None]],
                 start: int, board_size: int, from_side: Side
                 ) -> tuple[list[dict[str, object]], list[list[int]], list[str], str]:
    """The boards: each ply's position as data (drawn by the script), its pip
    counts and its "where" line; the board layer and the ply shown first as SVG."""
    n = max(len(states) - 1, 0)
    total = len(report.record.half_turns)
    plies: list[dict[str, object]] = []
    pips: list[list[int]] = []
    where: list[str] = []
    for k, (pos, turn) in enumerate(states):
        outcome = report.outcome if k == n and report.outcome is not None else None
        plies.append(ply_data(pos, outcome=outcome) if turn is None else ply_data(
            pos, mover=turn.side, dice=turn.half_turn.dice, before=turn.before,
            outcome=outcome))
        pips.append(list(pos.pip_counts()))
        where.append(_where(k, turn, total, report.rules))
    if not states:
        return plies, [[0, 0]], ["No start position"], (
            '<p class="err">No board: the start position is unusable (see the findings).</p>')
    # the ply shown first is drawn in the page too, for a page or notebook seen
    # without its script (a static render); the script redraws from the data
    pos, turn = states[start]
    drawing = board_drawing(
        pos, size=board_size, from_side=from_side,
        outcome=report.outcome if start == n else None,
        dice=None if turn is None else turn.half_turn.dice,
        mover=None if turn is None else turn.side,
        before=None if turn is None else turn.before)
    board_html = (f'<div class="board">{drawing.svg_open()}{drawing.elements("board")}'
                  f'<g class="play">{drawing.elements("play")}</g></svg></div>')
    return plies, pips, where, board_html


def _turn_findings(report: GameReport) -> dict[int, tuple[Finding, ...]]:
    """Each replayed half-turn's findings, by its index in the record."""
    return {turn.ply: turn.findings for turn in report.turns}


def _moves_html(report: GameReport, analysis: GameAnalysis | None, n: int, start: int,
                pid: Callable[[str], str]) -> str:
    """The move table: one row per turn number, a ``.move`` cell per replayed
    half-turn (``data-ply``), its findings' codes and its analysis mark."""
    turn_findings = _turn_findings(report)
    rows: list[str] = []
    cells: dict[str, str] = {}

    def flush() -> None:
        if cells:
            rows.append("<tr>" + "".join(
                cells.get(k, "<td></td>") for k in ("n", "white", "black")) + "</tr>")
            cells.clear()

    marked = {h.ply: h for h in analysis.half_turns} if analysis is not None else {}
    turn_no = 0
    for i, half in enumerate(report.record.half_turns):
        side = half.side.name_lower
        if side == "white" or not cells or side in cells:
            flush()
            turn_no += 1
            cells["n"] = f"<td>{half.number if half.number is not None else turn_no}</td>"
        codes = "".join(
            f' <span class="{"err" if f.is_error else "warn"}">[{escape(f.code)}]</span>'
            for f in turn_findings.get(i, ()))
        text = escape(half_turn_shown(report.turns[i], report.rules) if i < len(report.turns)
                      else str(half))
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
    return (
        f'<div class="moves-box"><table class="moves" id="{pid("moves")}">'
        "<tr><th>#</th><th>White</th><th>Black</th></tr>" + "".join(rows) + "</table></div>"
    )


def _findings_html(report: GameReport, n: int, start: int, pid: Callable[[str], str]) -> str:
    """The findings: a list per ply (the script shows the ply shown's) and the game's own."""
    turn_findings = _turn_findings(report)
    in_turn = {id(f) for turn in report.turns for f in turn.findings}
    ply_findings = []
    for k in range(n + 1):
        items = "".join(_finding_item(f) for f in turn_findings.get(k - 1, ()))
        # a half-turn the replay stopped at is shown with the last ply
        if k == n:
            items += "".join(_finding_item(f) for t in report.turns[n:] for f in t.findings)
        if items:  # the script shows the list of the ply shown
            hidden = "" if k == start else ' style="display:none"'
            ply_findings.append(f'<ul class="findings" data-state="{k}"{hidden}>{items}</ul>')
    game_items = "".join(_finding_item(f) for f in report.findings if id(f) not in in_turn)
    return (f'<div id="{pid("findings")}">{"".join(ply_findings)}'
            + (f'<ul class="findings game">{game_items}</ul>' if game_items else "")
            + "</div>")


def _summary(report: GameReport) -> str:
    """``replayed 1-0 (mars, 2 points); 0 errors, 1 warning`` (HTML-escaped)."""
    summary = f"replayed {escape(report.result)}"
    if report.kind:
        plural = "" if report.points == 1 else "s"
        summary += f" ({escape(report.kind)}, {report.points} point{plural})"
    ne, nw = len(report.errors), len(report.warnings)
    return summary + f"; {ne} error{'' if ne == 1 else 's'}, {nw} warning{'' if nw == 1 else 's'}"


def _step_buttons(pid: Callable[[str], str]) -> str:
    """The buttons ``first``, ``prev``, ``next``, ``last``."""

    def button(role: str, label: str, tip: str) -> str:
        return (f'<button type="button" id="{pid(role)}" data-role="{role}" '
                f'title="{tip}">{label}</button>')

    return (button("first", "|◀", "start (Home)") + button("prev", "◀", "back (←)")
            + button("next", "▶", "forward (→)") + button("last", "▶|", "end (End)"))


def _tags_html(tags: Mapping[str, str]) -> str:
    """The record's tags as a folded table; empty without tags."""
    rows = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in tags.items())
    return (f'<details><summary>Tags</summary><table class="tags">{rows}</table></details>'
            if rows else "")


def ply_data(pos: Position, *, mover: Side | None = None, dice: tuple[int, int] | None = None,
             before: Position | None = None, outcome: Outcome | None = None
             ) -> dict[str, object]:
    """One board for the script (viewer.js's ``drawPlay``; the game viewer's
    plies and the analysis board's positions): ``w``, ``b``: checkers per
    absolute point 1 … 24 (index 0 = point 1); ``o``: [White off, Black
    off]; ``i``, ``s``: the lines under the board; with ``mover``: ``m``
    (``"white"``/``"black"``) and ``d`` (``dice``, the roll of the
    half-turn that led to ``pos``); with ``before`` too: ``f`` and ``t``
    ([point, checkers] left and arrived, :func:`moved_points`), ``x``
    (checkers borne off); keys without content are left out."""
    counts: dict[Side, list[int]] = {}
    for side in (Side.WHITE, Side.BLACK):
        row = [0] * 24
        for own, count in pos.checkers(side).items():
            if count > 0:
                row[own_to_absolute(side, int(own)) - 1] = int(count)
        counts[side] = row
    data: dict[str, object] = {
        "w": counts[Side.WHITE], "b": counts[Side.BLACK],
        "o": [pos.borne_off(Side.WHITE), pos.borne_off(Side.BLACK)],
        "i": info_text(pos), "s": status_text(pos, outcome),
    }
    if mover is not None:
        data["m"] = mover.name_lower
        if dice is not None:
            data["d"] = [int(v) for v in dice]
        if before is not None:
            left, arrived, off = moved_points(before, pos, mover)
            if left:
                data["f"] = [[p, c] for p, c in sorted(left.items())]
            if arrived:
                data["t"] = [[p, c] for p, c in sorted(arrived.items())]
            if off:
                data["x"] = off
    return data


def _players(record: GameRecord) -> str:
    """The default heading: ``"Anna (White) vs Boris (Black)"``."""
    return f"{record.white or 'White'} (White) vs {record.black or 'Black'} (Black)"


def _pips(n: int) -> str:
    """``"349 pips"``, ``"1 pip"``."""
    return f"{n} pip" if n == 1 else f"{n} pips"


def game_page(report: GameReport, *, ply: int | None = None, title: str | None = None,
              from_side: Side = Side.WHITE, analysis: GameAnalysis | None = None,
              assets: str | None = None) -> str:
    """One HTML page to step through ``report``'s game.

    No network access: the style and the script inline (or, with ``assets``,
    two files beside the page), no fonts or images.  Shows the board of ply
    ``ply`` (0 = start, default;
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
        assets: where the page finds ``viewer.css`` and ``viewer.js``
            (:func:`viewer_assets`), a relative URL ending in ``/`` (the club
            report: ``"../assets/"``); default None: both inline, the page
            stands alone.

    Returns:
        The page, ``<!DOCTYPE html>`` first.
    """
    record = report.record
    heading = title if title is not None else _players(record)
    body = viewer_html(report, ply=ply, title=heading, root_id="", keys_on_document=True,
                       from_side=from_side, analysis=analysis, inline_assets=assets is None)
    head = ""
    if assets is not None:
        head = f'<link rel="stylesheet" href="{escape(assets)}viewer.css">'
        body += f'<script src="{escape(assets)}viewer.js"></script>'
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(heading)}</title>{head}</head>\n<body>{body}</body></html>\n"
    )
