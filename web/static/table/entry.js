/* Entering a hand on the table page: the winner and the discarder, the tiles (hand.js keeps the rules) or
 * the fan total, the live preview the server scores, the false-win penalty's confirm step, and the stale
 * entry's two ways on.
 */
import * as H from "./hand.js";
import { $, S, banner, button, el, hooks, pickButton, playerBy, players, sessionOver, setNet, signed, t,
         windLabel } from "./page.js";
import { api, errorText, saveDraft, send } from "./requests.js";

function nextHand() { return S.table ? S.table.next_hand : 1; }

// ---- the live preview -----------------------------------------------------------------------------
var previewSeq = 0;

export function schedulePreview() {
  var entry = S.entry;
  if (!entry || S.view !== "entry") return;
  var need = H.missing(entry, t);
  var b = H.body(entry, nextHand());
  var key = JSON.stringify(b);
  if (need) { S.preview = { state: "missing", data: need, key: key }; renderPreview(); return; }
  if (entry.kind === "draw") { S.preview = { state: "draw", data: null, key: key }; renderPreview(); return; }
  if (S.preview.key === key && S.preview.state !== "missing") { renderPreview(); return; }
  var seq = ++previewSeq;
  S.preview = { state: "checking", data: null, key: key };
  renderPreview();
  api("POST", "/api/score", b).then(function (res) {
    if (seq !== previewSeq) return;
    setNet(true);
    if (res.ok && res.data && !res.data.error) {
      S.preview = { state: res.data.meets_minimum ? "ok" : "under", data: res.data, key: key };
    } else if (res.status >= 500) {
      S.preview = { state: "offline", data: null, key: key };
    } else {
      S.preview = { state: "invalid", data: errorText(res), key: key };
    }
    renderPreview();
  }).catch(function () {
    if (seq !== previewSeq) return;
    setNet(false);
    S.preview = { state: "offline", data: null, key: key };
    renderPreview();
  });
}

export function changed() {
  if (S.entry) S.entry.penalty = false;  // the false-win step is for the entry it was opened on
  saveDraft();
  renderEntry();
  schedulePreview();
}

// ---- drawing --------------------------------------------------------------------------------------
export function renderEntry() {
  var entry = S.entry;
  if (!entry) return;
  var ps = players(), isWin = entry.kind === "win";
  Array.prototype.forEach.call(document.querySelectorAll("#entry-view > h2, #winner, #discarder, .tabs, " +
    "#totals-pane, #tiles-pane"), function (e) { e.style.display = isWin ? "" : "none"; });
  // winner and discarder
  var wbox = $("winner"), dbox = $("discarder");
  wbox.textContent = ""; dbox.textContent = "";
  ps.forEach(function (p) {
    wbox.appendChild(pickButton(p, { "aria-pressed": String(entry.winner === p.number), "data-number": p.number,
                                     title: p.name }, function () {
      if (S.entry.winner !== p.number) S.entry.discarder = null;  // the row below changes with the winner
      S.entry.winner = p.number;
      changed();
    }));
  });
  // the winner's own place in the discarder row is "self-drawn": one row of four, big targets
  ps.forEach(function (p) {
    var own = entry.winner === p.number;
    var pressed = own ? entry.discarder === "self" : entry.discarder === p.number;
    var attrs = { "aria-pressed": String(pressed), "data-number": own ? "self" : p.number,
                  "class": own ? "self" : "", title: p.name };
    var pick = function () { S.entry.discarder = own ? "self" : p.number; changed(); };
    var b = own ? button(t("Self-drawn"), attrs, pick) : pickButton(p, attrs, pick);
    b.disabled = entry.winner === null;
    dbox.appendChild(b);
  });
  // tiles or totals
  $("tab-tiles").setAttribute("aria-selected", String(entry.input === "tiles"));
  $("tab-totals").setAttribute("aria-selected", String(entry.input === "totals"));
  $("tiles-pane").hidden = entry.input !== "tiles";
  $("totals-pane").hidden = entry.input !== "totals";
  if (entry.input === "totals") {
    if ($("fan").value !== String(entry.fan)) $("fan").value = entry.fan;
    var q = $("fan-quick");
    if (!q.childNodes.length) {
      [8, 9, 10, 12, 16, 24].forEach(function (f) {
        q.appendChild(button(String(f), { "data-fan": f }, function () { S.entry.fan = String(f); changed(); }));
      });
    }
  } else {
    renderHand();
    renderPicker();
  }
  $("btn-penalty").textContent = t("False win penalty");
  renderStale();
  renderPreview();
}

// The stale entry's panel (the desk's, docs/gui.md "A stale entry is never lost"): what happened, that
// the entry is kept, and the two ways on: record it as the hand now in play (its winds may change the
// fans: check, then Confirm), or correct the hand recorded meanwhile with it (a reason, audited)
function staleState() {
  var table = S.table, hand = S.entry.hand;
  var row = ((table && table.hands) || []).filter(function (h) { return h.hand === hand; })[0] || null;
  var over = sessionOver();
  var head;
  if (!row && table && table.signed_off) {
    head = t("Not recorded: the sheet was signed off meanwhile (a referee withdraws the sign-off first).");
  } else if (!row && over) {
    head = t("Not recorded: the session at this table ended meanwhile (time was called).");
  } else if (!row) {
    head = t("Not recorded: the table changed meanwhile (another station saved first).");
  } else {
    var w = row.kind === "win" && row.winner !== null ? playerBy(row.winner) : null;
    var what = w ? w.name + " · " + t("{n} fan", { n: row.fan }) : t("Draw");
    head = t("Not recorded: hand {n} was recorded meanwhile at another station: {what}.", { n: hand, what: what });
  }
  return { head: head, next: over || (table && table.signed_off) ? null : table.next_hand,
           correct: row && !(table && table.signed_off) ? hand : null };
}
function renderStale() {
  var entry = S.entry, box = $("stale");
  var appears = box.hidden && entry.stale;
  box.hidden = !entry.stale;
  if (!entry.stale) return;
  // the referee is down at the tiles and Confirm when the desk records the hand: a greyed Confirm alone
  // says nothing, so the panel that says why comes into sight (centred: clear of the sticky header)
  if (appears) setTimeout(function () { box.scrollIntoView({ block: "center" }); }, 0);
  var st = staleState();
  var text = $("stale-text");  // two lines: no space to join sentences with in every language
  text.textContent = "";
  text.appendChild(el("strong", null, st.head));
  text.appendChild(el("br"));
  text.appendChild(document.createTextNode(t("Your entry is kept.")));
  $("stale-next").hidden = st.next === null;
  $("stale-next").textContent = t("Record as hand {n} (check, then Confirm)", { n: st.next });
  $("stale-fix").hidden = st.correct === null;
  $("stale-correct").textContent = t("Correct hand {n} with this one", { n: st.correct });
  $("stale-reason").placeholder = t("Reason for the correction");
  if ($("stale-reason").value !== entry.reason) $("stale-reason").value = entry.reason;
}

export function tileButton(name, alt, onclick) {
  var b = button("", { "class": "t", "aria-label": alt }, onclick);
  b.appendChild(img(name, alt));
  return b;
}
export function img(name, alt) {
  var i = document.createElement("img");
  i.src = "/static/tiles/" + name + ".svg";
  i.alt = alt || name;
  i.draggable = false;
  return i;
}

function renderHand() {
  var entry = S.entry, box = $("hand");
  box.textContent = "";
  var groups = entry.melds.map(function (md, i) {
    return { tiles: H.meldTiles(md), cls: "meld", concealed: md.kind === "ckong",
             remove: function () { H.takeMeld(S.entry, i); changed(); } };
  });
  var standing = entry.standing.map(function (k, i) { return { k: k, i: i }; })
    .sort(function (a, b) { return a.k - b.k; });
  if (standing.length) groups.push({ standingTiles: standing, cls: "standing" });
  if (entry.winning !== null) {
    groups.push({ tiles: [entry.winning], cls: "win", remove: function () { H.takeWinning(S.entry); changed(); } });
  }
  if (entry.flowers.length) {
    groups.push({ flowerTiles: entry.flowers.slice().sort(), cls: "flowers" });
  }
  if (!groups.length) box.appendChild(el("span", { "class": "empty" }, t("{n} of 14 tiles", { n: 0 })));
  groups.forEach(function (g) {
    var ge = el("div", { "class": "group " + g.cls });
    if (g.standingTiles) {
      g.standingTiles.forEach(function (s) {
        ge.appendChild(tileButton(H.tileName(s.k), H.tileName(s.k), function () {
          H.takeStanding(S.entry, s.i); changed();
        }));
      });
    } else if (g.flowerTiles) {
      g.flowerTiles.forEach(function (f) {
        ge.appendChild(tileButton(f, f, function () { H.toggleFlower(S.entry, f); changed(); }));
      });
    } else {
      g.tiles.forEach(function (k, i) {
        var shown = g.concealed && (i === 0 || i === 3) ? "back" : H.tileName(k);
        ge.appendChild(tileButton(shown, H.tileName(k), g.remove));
      });
    }
    box.appendChild(ge);
  });
  // the mode sticks until another is chosen, as on the desk (docs/gui.md "One meld model"): said in words
  var modeName = { chow: "Chow", pung: "Pung", kong: "Kong", ckong: "Concealed kong" }[entry.mode];
  $("hand-help").textContent = t("{n} of 14 tiles", { n: H.count(entry) }) + " · " + (modeName ?
    t("Mode: {mode}: every tile tapped adds one, until another mode is chosen.", { mode: t(modeName) }) :
    t("The 14th tile tapped is the winning tile. Tap a tile of the hand to take it back."));
  // modes and situation flags
  var modes = $("modes");
  modes.textContent = "";
  [["tile", "Tile"], ["chow", "Chow"], ["pung", "Pung"], ["kong", "Kong"], ["ckong", "Concealed kong"]]
    .forEach(function (md) {
      modes.appendChild(button(t(md[1]), { "aria-pressed": String(entry.mode === md[0]), "data-mode": md[0] },
        function () { S.entry.mode = md[0]; changed(); }));
    });
  var flags = $("flags");
  flags.textContent = "";
  [["fourth_tile", "Last copy"], ["kong_related", "Kong win"], ["last_tile_of_wall", "Last tile"]]
    .forEach(function (f) {
      flags.appendChild(button(t(f[1]), { "aria-pressed": String(entry.flags[f[0]]), "data-flag": f[0] },
        function () { S.entry.flags[f[0]] = !S.entry.flags[f[0]]; changed(); }));
    });
}

function renderPicker() {
  var entry = S.entry, box = $("picker");
  if (!box.childNodes.length) {  // built once; the badges and the enabled state change
    var add = function (name, k, label) {
      var b = button("", { "class": "tile", "data-tile": name, "aria-label": label || name }, function () {
        if (k === null) H.toggleFlower(S.entry, name); else if (!H.tap(S.entry, k)) return;
        changed();
      });
      b.appendChild(img(name, label || name));
      b.appendChild(el("span", { "class": "badge", hidden: "" }, ""));
      if (k !== null) b.classList.add("kind");
      box.appendChild(b);
    };
    for (var k = 0; k < 34; k++) add(H.tileName(k), k);
    box.appendChild(el("span", { "class": "gap" })); box.appendChild(el("span", { "class": "gap" }));  // 7 of 9
    H.FLOWERS.forEach(function (f) { add(f, null); });
  }
  var c = H.copies(entry), n = H.count(entry);
  // a complete hand folds the (all greyed) tiles away: the fans and Confirm come up under the thumb;
  // the flowers stay, and a tap on a tile of the hand brings the picker back
  box.classList.toggle("full", n === 14);
  $("modes").hidden = n === 14;
  Array.prototype.forEach.call(box.querySelectorAll("button.tile"), function (b) {
    var name = b.getAttribute("data-tile"), badge = b.querySelector(".badge");
    var k = H.FLOWERS.indexOf(name) >= 0 ? -1 : H.tileIndex(name);
    var have = k < 0 ? (entry.flowers.indexOf(name) >= 0 ? 1 : 0) : c[k];
    badge.hidden = !have;
    badge.textContent = k < 0 ? "✓" : String(have);
    b.disabled = k >= 0 && !H.canAdd(entry, k);
    b.setAttribute("aria-pressed", String(k < 0 && have > 0));
  });
}

function fanName(f) {
  if (typeof f === "string") return f;
  var n = S.lang === "zh" ? (f.zh || f.name_zh || f.en || f.id) : (f.en || f.name_en || f.name || f.id);
  return f.count > 1 ? n + " ×" + f.count : n;
}

// what a false-win penalty of the preset ``fw`` moves when ``number`` commits it: the server's payments
function penaltyDeltas(fw, number) {
  return (fw.payments && fw.payments[number]) || {};
}
function penaltyText(fw, name, number) {
  var d = penaltyDeltas(fw, number), q = 0;
  Object.keys(d).forEach(function (k) { if (d[k] > q) q = d[k]; });
  return q > 0
    ? t("False win by {name}: {p} points, {q} to each other player.", { name: name, p: fw.points, q: q })
    : t("False win by {name}: {p} points deducted.", { name: name, p: fw.points });
}

export function renderPreview() {
  var entry = S.entry;
  if (!entry) return;
  var v = $("verdict"), fans = $("fans"), pay = $("payments").tBodies[0];
  fans.textContent = ""; pay.textContent = "";
  v.className = "verdict";
  var st = S.preview.state, d = S.preview.data, confirm = false, note = "";
  var fw = S.table && S.table.false_win, step = !!(entry.penalty && fw && st === "under");
  $("btn-penalty").hidden = true;
  $("btn-cancel").textContent = t(step ? "Back" : "Cancel");
  if (st === "draw") {
    v.textContent = t("Record hand {n} as a draw: nobody pays.", { n: entry.hand });
    confirm = true;
  } else if (st === "missing") {
    v.textContent = d;
    v.className = "verdict muted";
  } else if (st === "checking") {
    v.textContent = t("Checking…");
    v.className = "verdict muted";
  } else if (st === "offline") {
    v.textContent = t("No connection: the hand is checked when it is sent.");
    confirm = true;
  } else if (st === "invalid") {
    v.textContent = d;
    v.className = "verdict bad";
  } else if (st === "ok" || st === "under") {
    var withoutFlowers = (d.fans || []).reduce(function (s, f) {
      return s + (f.id === "FLOWER_TILES" ? 0 : (f.points || 0) * (f.count || 1));
    }, 0);
    if (st === "ok") {
      v.textContent = t("{total} fans: it counts.", { total: d.total });
      v.className = "verdict good";
      confirm = true;
    } else if (step) {  // the confirm step of the false-win penalty: who, how much, who gets it
      var who = playerBy(entry.winner);
      v.textContent = penaltyText(fw, who ? who.name : entry.winner, entry.winner);
      v.className = "verdict bad";
      note = t("All four agree? Confirm records it; the hand goes on and its result is entered as usual.");
      confirm = true;
    } else {
      v.textContent = t("Only {n} fans without flowers: at least 8 are needed, a false win.",
                        { n: (d.fans || []).length ? withoutFlowers : d.total });
      v.className = "verdict bad";
      if (fw) {
        $("btn-penalty").hidden = false;
      } else {  // this tournament's false win has no fixed amount: the referee's
        var w = playerBy(entry.winner);
        note = t("Call the referee to record the false win of {name}.", { name: w ? w.name : entry.winner });
      }
    }
    if (!step) (d.fans || []).forEach(function (f) {
      var li = el("li");
      li.appendChild(el("span", null, fanName(f)));
      var pts = typeof f === "object" ? (f.points || 0) * (f.count || 1) : "";
      li.appendChild(el("span", { "class": "pts" }, pts + " " + t("fan")));
      fans.appendChild(li);
    });
    if (st === "ok" || step) {
      var moves = step ? penaltyDeltas(fw, entry.winner) : d.payments;
      players().forEach(function (p) {
        var x = moves ? (moves[p.number] || moves[String(p.number)] || 0) : 0;
        var tr = el("tr", { "data-number": p.number });
        tr.appendChild(el("td", null, windLabel(p.seat) + " " + p.name + (p.wind_note ? " · " + p.wind_note : "")));
        tr.appendChild(el("td", { "class": x < 0 ? "neg" : "" }, signed(x)));
        pay.appendChild(tr);
      });
    }
  }
  $("note").textContent = note;
  $("note").hidden = !note;
  $("btn-confirm").disabled = !confirm || S.sending || entry.stale;  // a stale entry: first the way on
  $("btn-confirm").classList.toggle("danger", step);  // a penalty is confirmed on red
}

// ---- wiring ---------------------------------------------------------------------------------------
function startEntry(kind) {
  if (S.table && S.table.game) return;  // a game table's entry is game_entry.js's
  S.entry = H.blankEntry(kind, S.table ? S.table.next_hand : null);
  S.preview = { state: "none", data: null, key: "" };
  S.view = "entry";
  banner("");
  hooks.render();
  changed();
  window.scrollTo(0, 0);
}

function confirmEntry() {
  var entry = S.entry, table = S.table;
  if (!entry || $("btn-confirm").disabled || entry.kind === "game") return;
  var fw = table && table.false_win;
  if (entry.penalty && fw && S.preview.state === "under") {
    // the preset as the players saw it: the server refuses it if the tournament's differs now
    send({ type: "penalty", hand: table.next_hand, player: entry.winner, kind: fw.kind, points: fw.points,
           settlement: fw.settlement });
  } else {
    send(H.body(entry, nextHand()));
  }
}

// the stale entry's second way on: the entry corrects the hand recorded meanwhile (a reason, audited)
function correctWithEntry() {
  var entry = S.entry;
  if (!entry || !entry.stale || S.sending) return;
  var reason = entry.reason.trim();
  if (!reason) {
    $("stale-reason").placeholder = t("A correction needs a reason");
    $("stale-reason").focus();
    return;
  }
  if (H.missing(entry, t)) { renderPreview(); return; }  // an entry that cannot be checked corrects nothing
  var b = H.body(entry, nextHand());  // the entry's own hand: the one recorded meanwhile
  b.correction = { reason: reason };
  send(b);
}

// the entry's buttons, once at start
export function wireEntry() {
  $("btn-win").addEventListener("click", function () { startEntry("win"); });
  $("btn-draw").addEventListener("click", function () { startEntry("draw"); });
  $("btn-cancel").addEventListener("click", function () {
    if (S.entry && S.entry.penalty) {  // back from the false-win step to the hand as entered
      S.entry.penalty = false;
      renderPreview();
      return;
    }
    S.entry = null; S.view = "sheet"; saveDraft(); hooks.render();
  });
  $("btn-confirm").addEventListener("click", confirmEntry);
  $("btn-penalty").addEventListener("click", function () {  // a confirm step, in the page (no dialog)
    if (!S.entry || !(S.table && S.table.false_win) || S.preview.state !== "under") return;
    S.entry.penalty = true;
    renderPreview();
    $("preview").scrollIntoView({ block: "nearest" });
  });
  // the stale entry's first way on: the hand now in play
  $("stale-next").addEventListener("click", function () {
    if (!S.entry || !S.entry.stale || sessionOver()) return;
    S.entry.hand = S.table.next_hand;  // its winds too: the preview is asked again, Confirm stays the referee's
    S.entry.stale = false;
    S.preview = { state: "none", data: null, key: "" };
    banner("");
    changed();
    window.scrollTo(0, 0);
  });
  $("stale-reason").addEventListener("input", function () { S.entry.reason = $("stale-reason").value; saveDraft(); });
  $("stale-correct").addEventListener("click", correctWithEntry);
  $("tab-tiles").addEventListener("click", function () { S.entry.input = "tiles"; changed(); });
  $("tab-totals").addEventListener("click", function () { S.entry.input = "totals"; changed(); });
  $("fan").addEventListener("input", function () { S.entry.fan = $("fan").value; saveDraft(); schedulePreview(); });
  $("undo").addEventListener("click", function () { if (H.undo(S.entry)) changed(); });
  $("clear").addEventListener("click", function () { H.clear(S.entry); changed(); });
}
