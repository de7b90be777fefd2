/* narde-notation game viewer (narde_notation/show/viewer.py writes the pages).
 *
 * Every element of class "narde-viewer" holding a JSON script element of
 * class "narde-data" is one viewer: the script reads the game from that
 * data (positions per ply, move marks, analysis) and draws the board of the
 * ply shown into the board's "g.play" group, from the layout the page
 * carries (board_svg.viewer_geometry: the same numbers as the still
 * pictures).  Record text only ever reaches the page as textContent.
 * (This file is inlined in pages: it holds no "<" followed by "/" or a tag name.)
 * Loaded once per page (or once per Jupyter output); viewers already set up
 * are left alone, so several viewers share a page independently.
 */
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";

  function add(parent, tag, cls, paint, attrs, text) {
    var e = document.createElementNS(NS, tag), k;
    e.setAttribute("class", cls);
    for (k in attrs) e.setAttribute(k, attrs[k]);
    for (k in paint) e.setAttribute(k, paint[k]);
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }

  /* The play layer of one ply: the marks of the half-turn that led to it,
   * the checkers, the trays, the dice and the text under the board. */
  function drawPlay(g, G, P) {
    while (g.firstChild) g.removeChild(g.firstChild);
    var paint = G.paint, mover = P.m || null, own = {white: P.w, black: P.b};
    var sides = ["white", "black"], i, j, k;
    (P.f || []).forEach(function (pn) {  // points left: outline, red number, ghost
      var p = pn[0], pt = G.points[p - 1], box = pt[4];
      add(g, "polygon", "mark-from", paint["mark-from"], {"data-point": p, points: pt[5]});
      add(g, "rect", "mark-label-box", paint["mark-label-box"],
          {"data-point": p, x: box[0], y: box[1], width: box[2], height: box[3]});
      add(g, "text", "mark-label", paint["mark-label"],
          {"data-point": p, x: pt[0], y: pt[2], "font-size": G.font["mark-label"]}, pt[3]);
      if (mover) {
        k = own[mover][p - 1];
        if (k < G.max) {
          add(g, "circle", "ghost", paint.ghost,
              {"data-point": p, cx: pt[0], cy: G.stack[pt[1]][k], r: G.r});
        }
      }
    });
    var arrived = {};
    (P.t || []).forEach(function (pn) { arrived[pn[0]] = pn[1]; });
    for (i = 0; i < 2; i++) {
      var side = sides[i], counts = own[side];
      for (var p = 1; p <= 24; p++) {
        var n = counts[p - 1];
        if (!(n > 0)) continue;
        var pt = G.points[p - 1], drawn = Math.min(n, G.max), ys = G.stack[pt[1]];
        for (k = 0; k < drawn; k++) {
          add(g, "circle", "checker " + side, paint["checker " + side],
              {"data-point": p, cx: pt[0], cy: ys[k], r: G.r});
        }
        if (n > G.max) {
          add(g, "text", "count", paint["count " + side],
              {"data-point": p, x: pt[0], y: G.count[pt[1]], "font-size": G.font.count},
              String(n));
        }
        if (side === mover && arrived[p]) {
          for (k = Math.max(0, drawn - arrived[p]); k < drawn; k++) {
            add(g, "circle", "mark-to", paint["mark-to"],
                {"data-point": p, cx: pt[0], cy: ys[k], r: G.r + 1});
          }
        }
      }
    }
    for (i = 0; i < 2; i++) {
      var s = sides[i], off = P.o[i];
      for (k = 0; k < off && k < G.slabs[s].length; k++) {
        var b = G.slabs[s][k];
        add(g, "rect", "off-checker " + s, paint["off-checker " + s],
            {x: b[0], y: b[1], width: b[2], height: b[3]});
      }
      add(g, "text", "off-count", paint["off-count"],
          {"data-side": s, x: G.off[s][0], y: G.off[s][1], "font-size": G.font["off-count"]},
          off + " off");
      if (s === mover && P.x > 0) {
        var t = G.trays[s];
        add(g, "rect", "mark-to", paint["mark-to"],
            {"data-side": s, x: t[0], y: t[1], width: t[2], height: t[3]});
      }
    }
    if (P.d) {
      var corners = G.dice[mover || "white"], die = G.die;
      for (j = 0; j < P.d.length && j < corners.length; j++) {
        var c = corners[j], v = P.d[j];
        add(g, "rect", "die", paint.die,
            {"data-value": v, x: c[0], y: c[1], width: die[0], height: die[0], rx: die[1]});
        (G.spots[v] || []).forEach(function (ij) {
          add(g, "circle", "spot", paint.spot,
              {cx: c[0] + die[3][ij[0]], cy: c[1] + die[3][ij[1]], r: die[2]});
        });
      }
    }
    add(g, "text", "info", paint.info,
        {x: G.text[0], y: G.text[1], "font-size": G.font.info}, P.i);
    add(g, "text", "status", paint.status,
        {x: G.text[0], y: G.text[2], "font-size": G.font.status}, P.s);
  }

  function pips(side, n) { return side + " " + n + (n === 1 ? " pip" : " pips"); }

  function init(root) {
    if (root.getAttribute("data-ready")) return;
    var holder = root.querySelector("script.narde-data");
    if (!holder) return;
    root.setAttribute("data-ready", "1");
    var D = JSON.parse(holder.textContent), ana = D.analysis;
    var n = D.pips.length - 1, cur = Math.max(0, Math.min(D.start, n));
    var play = root.querySelector(".board g.play");
    if (D.hash) {
      var h = /[#&]ply=(\d+)/.exec(location.hash);
      if (h) cur = Math.min(+h[1], n);
    }
    function q(role) { return root.querySelector('[data-role="' + role + '"]'); }
    var graph = ana && q("graph");
    if (graph) {  // one transparent hit box per ply: a click jumps to it
      for (var k = 0; k <= n; k++) {
        var r = document.createElementNS(NS, "rect");
        r.setAttribute("data-ply", k);
        r.setAttribute("x", Math.max(0, ana.x[k] - ana.step / 2).toFixed(2));
        r.setAttribute("y", 0);
        r.setAttribute("width", ana.step.toFixed(2));
        r.setAttribute("height", ana.h);
        r.setAttribute("fill", "transparent");
        graph.appendChild(r);
      }
    }
    function show(k) {
      if (k < 0) k = 0;
      if (k > n) k = n;
      cur = k;
      if (play && D.plies[k]) drawPlay(play, D.board, D.plies[k]);
      var els = root.querySelectorAll("[data-state]"), i;
      for (i = 0; i < els.length; i++) {
        els[i].style.display = (+els[i].getAttribute("data-state") === k) ? "" : "none";
      }
      var ms = root.querySelectorAll(".move[data-ply]");
      for (i = 0; i < ms.length; i++) {
        ms[i].classList.toggle("current", +ms[i].getAttribute("data-ply") === k);
      }
      q("white-pips").textContent = pips("White", D.pips[k][0]);
      q("black-pips").textContent = pips("Black", D.pips[k][1]);
      q("where").textContent = D.where[k];
      q("first").disabled = q("prev").disabled = (k === 0);
      q("next").disabled = q("last").disabled = (k === n);
      if (ana) {
        var panel = q("analysis");
        panel.textContent = ana.info[k];
        panel.className = "analysis" + (ana.marks[k] ? " mark-" + ana.marks[k] : "");
        var line = q("cursor");
        line.setAttribute("x1", ana.x[k]);
        line.setAttribute("x2", ana.x[k]);
        q("prev-mistake").disabled = !ana.mistakes.some(function (m) { return m < k; });
        q("next-mistake").disabled = !ana.mistakes.some(function (m) { return m > k; });
      }
      var box = root.querySelector(".moves-box"), c = root.querySelector(".move.current");
      if (box && c) {
        var top = c.offsetTop, bottom = top + c.offsetHeight;
        if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) {
          box.scrollTop = Math.max(0, top - box.clientHeight / 2);
        }
      }
    }
    function mistake(step) {
      if (!ana) return;
      var m = ana.mistakes, i;
      if (step > 0) {
        for (i = 0; i < m.length; i++) if (m[i] > cur) { show(m[i]); return; }
      } else {
        for (i = m.length - 1; i >= 0; i--) if (m[i] < cur) { show(m[i]); return; }
      }
    }
    var go = {
      first: function () { show(0); }, prev: function () { show(cur - 1); },
      next: function () { show(cur + 1); }, last: function () { show(n); },
      "next-mistake": function () { mistake(1); }, "prev-mistake": function () { mistake(-1); }
    };
    root.addEventListener("click", function (e) {
      var b = e.target.closest("[data-role]");
      if (b && go[b.getAttribute("data-role")]) { go[b.getAttribute("data-role")](); return; }
      var m = e.target.closest(".move[data-ply],.graph [data-ply]");
      if (m && root.contains(m)) show(+m.getAttribute("data-ply"));
    });
    var keys = {ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last"};
    if (ana) { keys.n = "next-mistake"; keys.p = "prev-mistake"; }
    (D.keys === "document" ? document : root).addEventListener("keydown", function (e) {
      if (e.altKey || e.ctrlKey || e.metaKey || !keys[e.key]) return;
      var t = e.target && e.target.tagName;
      if (t === "INPUT" || t === "TEXTAREA") return;
      e.preventDefault();
      go[keys[e.key]]();
    });
    show(cur);
  }

  function all() {
    var roots = document.querySelectorAll(".narde-viewer");
    for (var i = 0; i < roots.length; i++) init(roots[i]);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
  // shared with the analysis board (board.js): one drawing of the play layer,
  // and the set-up of viewers added to a page later
  window.NardeViewer = {drawPlay: drawPlay, start: all};
})();
