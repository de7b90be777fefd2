/* narde-notation analysis board (narde_notation/show/board_app.py serves the page).
 *
 * The page draws and asks: the points a checker may reach, refusals, the
 * record, hints and the analysis all come from the server, which answers
 * from the package's rules engine and evaluator.  The board is the game
 * viewer's drawing: the board layer is the SVG of board_svg, and viewer.js's
 * drawPlay (window.NardeViewer) draws the checkers, dice and marks.
 * Text from records only ever reaches the page as textContent; the analysis
 * is the viewer's own HTML, escaped by the server.
 *
 * The state sent with every request: start (a position string), rules,
 * white, black, turns (the line's half-turn texts), ply (where the
 * half-turn being entered starts), roll and steps ([from, to] absolute
 * points, 0 = off).  "data-busy" on the app counts requests under way.
 */
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var app = document.getElementById("board-app");
  var D = JSON.parse(document.getElementById("board-data").textContent);
  var G = D.board, svg = app.querySelector("#board svg"), play = svg.querySelector("g.play");
  var rollInput = app.querySelector("input[name=roll]");
  var S = {start: D.start, rules: D.rules, white: D.white, black: D.black,
           turns: D.turns.slice(), ply: 0, roll: null, steps: []};
  var V = null, selected = null, oldLine = null, editing = false, busy = 0;

  function $(id) { return document.getElementById(id); }
  function button(action) { return app.querySelector('[data-action="' + action + '"]'); }
  function say(text) { $("alert").textContent = text || ""; }
  function copy(changes) {
    var next = {}, k;
    for (k in S) next[k] = S[k];
    for (k in changes) next[k] = changes[k];
    return next;
  }
  function refusal(r) {
    return r.message + " (" + r.code + (r.rule ? ", " + r.rule : "") + ")";
  }
  function pips(side, n) { return side + " " + n + (n === 1 ? " pip" : " pips"); }

  // each point one element: a group holding a hit box (its column) and its triangle
  Array.prototype.forEach.call(svg.querySelectorAll("polygon.point"), function (poly) {
    var box = poly.getBBox(), g = document.createElementNS(NS, "g");
    var hit = document.createElementNS(NS, "rect");
    g.setAttribute("class", "pt");
    g.setAttribute("data-point", poly.getAttribute("data-point"));
    hit.setAttribute("class", "hit");
    hit.setAttribute("x", box.x);
    hit.setAttribute("y", box.y);
    hit.setAttribute("width", box.width);
    hit.setAttribute("height", box.height);
    hit.setAttribute("fill", "transparent");
    poly.removeAttribute("data-point");
    poly.parentNode.insertBefore(g, poly);
    g.appendChild(hit);
    g.appendChild(poly);
  });

  function post(path, state, extra) {
    var body = {start: state.start, rules: state.rules, white: state.white, black: state.black,
                turns: state.turns, ply: state.ply, roll: state.roll, steps: state.steps};
    for (var k in extra || {}) body[k] = extra[k];
    busy++;
    app.setAttribute("data-busy", busy);
    return fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                        body: JSON.stringify(body)})
      .then(function (r) {
        return r.json().then(function (j) {
          if (!r.ok) throw new Error(j.error || ("HTTP " + r.status));
          return j;
        });
      })
      .finally(function () { busy--; app.setAttribute("data-busy", busy); });
  }

  /* Send a new state; on success it becomes the page's state (resolves true). */
  function update(next, extra) {
    return post("/api/state", next, extra).then(function (v) {
      if (v.completed && v.branched) oldLine = S.turns.slice();
      next.turns = v.turns.map(function (t) { return t.text; });
      next.ply = v.ply;
      if (v.entry) {
        next.steps = v.entry.steps;
      } else {
        next.roll = null;
        next.steps = [];
        rollInput.value = "";
      }
      S = next;
      V = v;
      selected = null;
      $("hints").textContent = "";
      render();
      say(v.refused ? refusal(v.refused) : "");
      return true;
    }).catch(function (e) { say(e.message); return false; });
  }

  function markLegal() {
    var marked = app.querySelectorAll(".legal,.selected"), i;
    for (i = 0; i < marked.length; i++) marked[i].classList.remove("legal", "selected");
    if (selected === null || !V || !V.entry || !V.entry.reach[selected]) return;
    var at = svg.querySelector('g.pt[data-point="' + selected + '"]');
    if (at) at.classList.add("selected");
    Object.keys(V.entry.reach[selected]).forEach(function (to) {
      var el = to === "0"
        ? svg.querySelector('rect.tray[data-side="' + V.entry.board.m + '"]')
        : svg.querySelector('g.pt[data-point="' + to + '"]');
      if (el) el.classList.add("legal");
    });
  }

  function render() {
    var k = S.ply, entry = V.entry, ply = V.plies[k];
    window.NardeViewer.drawPlay(play, G, entry ? entry.board : ply.board);
    var p = entry ? entry.pips : ply.pips;
    $("white-pips").textContent = pips("White", p[0]);
    $("black-pips").textContent = pips("Black", p[1]);
    var where = entry ? entry.where + (entry.steps.length ? " · dice left " +
      entry.left.join(" ") : "") : ply.where;
    if (!entry && k === V.plies.length - 1 && V.result) where += " · " + V.result;
    $("where").textContent = where;
    $("players").textContent = S.white + " – " + S.black;
    var list = $("moves");
    list.textContent = "";
    V.turns.forEach(function (t, i) {
      var li = document.createElement("li");
      li.className = "move " + t.side + (i + 1 === k ? " current" : "");
      li.setAttribute("data-ply", i + 1);
      li.textContent = (t.side === "white" ? "W " : "B ") + t.text;
      list.appendChild(li);
    });
    var current = list.querySelector(".current");
    if (current && current.scrollIntoView) current.scrollIntoView({block: "nearest"});
    $("record").textContent = V.record;
    button("first").disabled = button("prev").disabled = (k === 0);
    button("next").disabled = button("last").disabled = (k === V.plies.length - 1);
    button("old-line").hidden = !oldLine;
    markLegal();
  }

  function go(k) {
    if (!V) return;
    k = Math.max(0, Math.min(k, V.plies.length - 1));
    if (S.roll !== null) {  // leave the half-turn being entered
      update(copy({ply: k, roll: null, steps: []}));
      return;
    }
    S.ply = k;
    V.entry = null;
    selected = null;
    $("hints").textContent = "";
    say("");
    render();
  }

  function ask(attempt) {  // why a click is refused
    post("/api/state", S, {"try": attempt}).then(function (v) {
      say(v.refused ? refusal(v.refused) : "");
    }).catch(function (e) { say(e.message); });
  }

  function onBoard(target, fewer) {
    var pt = target.closest("[data-point]"), tray = target.closest("rect.tray");
    var point = pt ? +pt.getAttribute("data-point") : (tray ? 0 : null);
    if (point === null || !V) return;
    if (editing) { edit(point, fewer); return; }
    if (!V.entry) {
      say(V.result && S.ply === V.plies.length - 1 ? "The game is over (R11)."
          : "Type a roll (Enter) or roll the dice first.");
      return;
    }
    if (tray && tray.getAttribute("data-side") !== V.entry.board.m) return;
    var reach = V.entry.reach;
    if (selected !== null) {
      var path = reach[selected] && reach[selected][point];
      if (path) { update(copy({steps: S.steps.concat(path)})); return; }
      if (point === selected) { selected = null; markLegal(); return; }
      if (reach[point]) { selected = point; markLegal(); say(""); return; }
      ask([selected, point]);
      return;
    }
    if (point === 0) return;
    if (reach[point]) { selected = point; markLegal(); say(""); return; }
    ask([point]);
  }

  /* The set-up editor: one checker more (or fewer) of the chosen colour on a point. */
  function edit(point, fewer) {
    if (point < 1) return;
    var board = V.plies[S.ply].board, side = app.querySelector("select[name=edit-side]").value;
    var w = board.w.slice(), b = board.b.slice(), counts = side === "white" ? w : b;
    counts[point - 1] = Math.max(0, counts[point - 1] + (fewer ? -1 : 1));
    function field(row, own) {
      var out = [];
      for (var q = 24; q >= 1; q--) {
        var n = row[own(q) - 1];
        if (n > 0) out.push(q + ":" + n);
      }
      return out.join(" ");
    }
    var toMove = V.plies[S.ply].to_move === "black" ? "B" : "W";
    var text = field(w, function (q) { return q; }) + " / " +
      field(b, function (q) { return (q + 11) % 24 + 1; }) + " / " + toMove;
    update(copy({start: text, turns: [], ply: 0, roll: null, steps: []})).then(function (ok) {
      if (ok) app.querySelector("input[name=position]").value = text;
    });
  }

  function undo() {
    if (S.roll !== null && S.steps.length) {
      update(copy({steps: S.steps.slice(0, -1)}));
    } else if (S.roll !== null) {
      update(copy({roll: null}));
    } else if (S.ply > 0 && S.ply === S.turns.length) {
      var last = V.turns[S.ply - 1];
      var back = last.steps.length ? {roll: last.roll, steps: last.steps.slice(0, -1)}
        : {roll: null, steps: []};
      back.turns = S.turns.slice(0, -1);
      back.ply = S.ply - 1;
      update(copy(back)).then(function () { if (S.roll) rollInput.value = S.roll; });
    } else {
      say("Nothing to undo here: go to the end of the line (End).");
    }
  }

  function hint() {
    if (S.roll === null) { say("Type a roll first: a hint ranks the turns of a roll."); return; }
    post("/api/hint", S).then(function (h) {
      var table = $("hints");
      table.textContent = "";
      var head = table.insertRow();
      ["#", "Turn", "Equity", "Win", "Mars won / lost", "Loss"].forEach(function (t) {
        var th = document.createElement("th");
        th.textContent = t;
        head.appendChild(th);
      });
      h.rows.forEach(function (r, i) {
        var tr = table.insertRow();
        tr.setAttribute("data-hint-row", i);
        tr.title = "play this turn";
        // the equity and loss texts are the server's (analysis.marks.signed), one formatter
        [String(i + 1), r.turn, r.equity_text,
         (100 * r.win).toFixed(1) + "%",
         (100 * r.win_mars).toFixed(1) + "% / " + (100 * r.lose_mars).toFixed(1) + "%",
         r.loss_text].forEach(function (t) {
          tr.insertCell().textContent = t;
        });
        tr.addEventListener("click", function () { update(copy({steps: r.steps})); });
      });
      if (h.total > h.rows.length) {
        table.insertRow().insertCell().textContent =
          (h.total - h.rows.length) + " more legal turns";
      }
      say("");
    }).catch(function (e) { say(e.message); });
  }

  function download() {
    var blob = new Blob([$("record").textContent], {type: "text/plain"});
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "game.txt";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  var actions = {
    first: function () { go(0); },
    prev: function () { go(S.ply - 1); },
    next: function () { go(S.ply + 1); },
    last: function () { go(V ? V.plies.length - 1 : 0); },
    undo: undo,
    hint: hint,
    roll: function () {
      var d1, d2;
      do {
        d1 = 1 + Math.floor(Math.random() * 6);
        d2 = 1 + Math.floor(Math.random() * 6);
      } while (d1 === d2 && V && V.opening);
      rollInput.value = "" + Math.max(d1, d2) + Math.min(d1, d2);
      update(copy({roll: rollInput.value, steps: []}));
    },
    "old-line": function () {
      if (!oldLine) return;
      var line = oldLine;
      oldLine = S.turns.slice();
      update(copy({turns: line, ply: line.length, roll: null, steps: []}));
    },
    download: download,
    save: function () {
      post("/api/save", S).then(function (r) { say("Saved to " + r.saved); })
        .catch(function (e) { say(e.message); });
    },
    "set-position": function () {
      var text = app.querySelector("input[name=position]").value.trim();
      update(copy({start: text, turns: [], ply: 0, roll: null, steps: []}));
    },
    "new-game": function () {
      update(copy({start: D.opening, turns: [], ply: 0, roll: null, steps: []}));
    },
    edit: function () {
      editing = !editing;
      button("edit").classList.toggle("active", editing);
      app.classList.toggle("editing", editing);
      say(editing ? "Editing: click a point for one more checker, shift-click or right" +
          " click for one fewer." : "");
    },
    analyse: function () {
      post("/api/analysis", S).then(function (r) {
        $("analysis").innerHTML = r.html;  // the viewer's HTML, every text escaped
        window.NardeViewer.start();
      }).catch(function (e) { say(e.message); });
    }
  };

  var firstDie = null;
  function pickDie(d) {  // two clicks on the dice make a roll
    if (firstDie === null) {
      firstDie = d;
      rollInput.value = String(d);
      return;
    }
    rollInput.value = "" + Math.max(firstDie, d) + Math.min(firstDie, d);
    firstDie = null;
    update(copy({roll: rollInput.value, steps: []}));
  }

  app.addEventListener("click", function (e) {
    var die = e.target.closest("[data-die]");
    if (die) { pickDie(+die.getAttribute("data-die")); return; }
    var b = e.target.closest("[data-action]");
    if (b && actions[b.getAttribute("data-action")]) {
      e.preventDefault();
      actions[b.getAttribute("data-action")]();
      return;
    }
    var m = e.target.closest("#moves [data-ply]");
    if (m) { go(+m.getAttribute("data-ply")); return; }
    if (svg.contains(e.target)) onBoard(e.target, e.shiftKey);
  });
  svg.addEventListener("contextmenu", function (e) {
    if (!editing) return;
    e.preventDefault();
    onBoard(e.target, true);
  });
  $("roll-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var roll = rollInput.value.trim();
    if (roll) update(copy({roll: roll, steps: []}));
  });
  var keys = {ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last"};
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || !keys[e.key]) return;
    var t = e.target && e.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT") return;
    if (e.target.closest && e.target.closest(".narde-viewer")) return;  // the analysis viewer
    e.preventDefault();
    actions[keys[e.key]]();
  });
  $("note").textContent = D.note || "";
  button("save").hidden = !D.save;
  update(copy({}));
})();
